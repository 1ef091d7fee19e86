"""The library's front door: load a record, audit it, score it, replay it, explain a move.

    >>> from scorekeep import api
    >>> loaded = api.load("samples/oh-hell-seed-example.yaml")
    >>> loaded.errors                     # input errors kept, as a PGN reader keeps them
    []
    >>> audit = api.audit(loaded)         # the record judged: violations, events
    >>> api.sheet(audit).totals           # the running score
    >>> api.explain(audit)                # the first violation, explained (None: there is none)

`load` never raises for what is wrong in a record: every input error (with file and line) is in
`Loaded.errors`, and the hands (Daifugō: games) before the first unreadable one are still read.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, NamedTuple

from . import fields
from .errors import InputError
from .fields import ReadWarning
from .game import Audit, Game, Section, Selection, Sheet
from .games import REGISTRY
from .yamlio import Map, Node, decode, parse, read_text

if TYPE_CHECKING:
    from .why import Explanation, Location

__all__ = ["InputError", "Loaded", "Location", "audit", "explain", "load", "replay", "sheet"]


class Loaded(NamedTuple):
    """One record as read: what could be read of it, and what could not."""

    path: str
    """The file's name as messages give it (`<text>` for a record held in memory)."""
    game: Game | None
    """The record's game, once `game:` could be read."""
    record: Any
    """The game's record of the hands (games) before the first unreadable one; None when the
    header (`game`, `players`, `rules`, …) or the YAML itself cannot be read."""
    errors: list[InputError]
    """Every input error, in file order, each with the path (empty when it reads cleanly)."""
    warnings: list[ReadWarning]
    """Readable but suspicious: player names that only look alike."""


def load(path: str | os.PathLike[str] = "<text>", *, text: str | bytes | None = None,
         overrides: Mapping[str, str] | None = None, strict: bool = False) -> Loaded:
    """Read one record: the file at `path`, or `text` (a record held in memory, or a file's bytes
    read elsewhere such as standard input) named `path`.

    `overrides` ({option: value as text}, e.g. `{"failed_score": "tricks"}`) replace what the
    record's `rules:` say, for a what-if reading (see `scorekeep.whatif`). Reading goes on past
    an unreadable hand or game for the errors after it; `strict` stops at the first input error
    instead (its message as the reader words it, without "the check stops before it")."""
    path = os.fspath(path)
    game: Game | None = None
    record = None
    # outside `reading()` the first input error raises: that is the strict reading
    with nullcontext(fields.Reading()) if strict else fields.reading() as r:
        try:
            if text is None:
                text = read_text(path)
            root = parse(decode(text) if isinstance(text, bytes) else text)
            game = game_of(root)
            assert isinstance(root, Map)  # (game_of refuses anything else)
            if overrides:
                from .whatif import with_rules

                root = with_rules(root, game, overrides)
            record = game.read(root)  # the record holds what the audit needs: the nodes go
        except InputError as e:  # the header, or the YAML itself: nothing to judge
            r.errors.append(e)
            record = None
    for e in r.errors:
        e.path = path
    return Loaded(path, game, record, r.errors, [w._replace(path=path) for w in r.warnings])


def audit(loaded: Loaded, *, partial: bool = False) -> Audit:
    """The record replayed against its game's rules: violations and events. A record with input
    errors raises the first one, unless `partial`: then the hands (games) before the first
    unreadable one are judged. Raises InputError (with the path) when nothing can be judged (the
    header is unreadable) or for a reading only the replay finds unreadable (Rook `scores` on
    an unfinished play)."""
    if loaded.errors and (not partial or loaded.record is None):
        raise loaded.errors[0]
    assert loaded.game is not None
    try:
        return loaded.game.audit(loaded.record)
    except InputError as e:
        e.path = loaded.path
        raise


def sheet(audit: Audit) -> Sheet:
    """The running score table of an audited record."""
    return REGISTRY.get(audit.game).sheet(audit)


def replay(audit: Audit, selection: Selection = Selection()) -> list[Section]:
    """The record turn by turn, with the state that judges each turn."""
    return REGISTRY.get(audit.game).replay(audit, selection)


def explain(audit: Audit, location: Location | None = None) -> Explanation | None:
    """Why the move at `location` was legal or not (see `scorekeep.why`). Without a location:
    the record's first violation, None when it has none. Raises why.NoSuchPlace for a location
    the record does not have."""
    from . import why

    return why.explain(audit, location)


def __getattr__(name: str) -> Any:
    """`api.Location` (where in a record, for `explain`), without importing `why` until asked."""
    if name == "Location":
        from .why import Location

        return Location
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def game_of(root: Node) -> Game:
    """The game a parsed record belongs to (by its `game:` key)."""
    if not isinstance(root, Map):
        raise InputError("a record is a YAML mapping that starts with `game:` and `players:`", root.line)
    return REGISTRY.read_game(root.get("game"), root.line)


def read_record(root: Node) -> tuple[Game, Any]:
    """A parsed record's game and the game's record, for editors that keep the YAML nodes
    (`entry.Session`); raises the first InputError."""
    game = game_of(root)
    assert isinstance(root, Map)
    return game, game.read(root)
