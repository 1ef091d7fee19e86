"""The library's front door: read a record file, audit it, score it, replay it.

    >>> from scorekeep import api
    >>> audit = api.audit_file("samples/oh-hell-seed-example.yaml")
    >>> audit.ok, api.sheet(audit).totals
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from . import fields
from .errors import InputError
from .fields import ReadWarning
from .game import Audit, Game, Section, Selection, Sheet
from .games import REGISTRY
from .yamlio import Map, Node, decode, parse, read_file, read_text

__all__ = ["InputError", "Partial", "audit_file", "audit_data_partial", "audit_file_partial", "audit_text", "audit_text_partial",
           "game_of", "read_record", "replay", "sheet"]


def game_of(root: Node) -> Game:
    """The game module a parsed record belongs to (by its `game:` key)."""
    if not isinstance(root, Map):
        raise InputError("a record is a YAML mapping that starts with `game:` and `players:`", root.line)
    return REGISTRY.read_game(root.get("game"), root.line)


def read_record(root: Node) -> tuple[Game, object]:
    game = game_of(root)
    assert isinstance(root, Map)
    return game, game.read(root)


def audit_file(path: str, overrides: Mapping[str, str] | None = None) -> Audit:
    """Read and replay one record file. Raises InputError (with path and line) if unreadable.

    `overrides` ({option: value as text}, e.g. `{"failed_score": "tricks"}`) replace what the
    record's `rules:` say, for a what-if reading (see `scorekeep.whatif`)."""
    return _audit(lambda: read_file(path), path, overrides)


def audit_text(text: str, path: str = "<text>", overrides: Mapping[str, str] | None = None) -> Audit:
    """Like audit_file, for a record held in memory."""
    return _audit(lambda: parse(text), path, overrides)


def _audit(load: Callable[[], Node], path: str, overrides: Mapping[str, str] | None = None) -> Audit:
    try:
        root = load()
        if overrides:
            from .whatif import with_rules

            root = with_rules(root, game_of(root), overrides)[0]  # type: ignore[arg-type]
        game, record = read_record(root)
    except InputError as e:
        e.path = e.path or path
        raise
    return game.audit(record)


class Partial(NamedTuple):
    """A record read on past its unreadable hands or games, and judged up to the first one."""

    game: str | None
    """The game's name, once `game:` could be read."""
    audit: Audit | None
    """The audit of the hands (Daifugō: sets and games) before the first unreadable one; None
    when the header (`game`, `players`, `rules`, …) cannot be read."""
    errors: list[InputError]
    """Every input error of the file, in file order (empty when it reads cleanly)."""
    warnings: list[ReadWarning]
    """Readable but suspicious: player names that only look alike."""


def audit_file_partial(path: str, overrides: Mapping[str, str] | None = None) -> Partial:
    """Read one record file on past unreadable hands and audit the part before the first one
    (`overrides` as for audit_file). Never raises InputError: input errors are returned,
    each with path and line."""
    return _partial(lambda: read_text(path), path, overrides)


def audit_data_partial(data: bytes, path: str, overrides: Mapping[str, str] | None = None) -> Partial:
    """Like audit_file_partial, for a file's bytes read elsewhere (standard input)."""
    return _partial(lambda: decode(data), path, overrides)


def audit_text_partial(text: str, path: str = "<text>", overrides: Mapping[str, str] | None = None) -> Partial:
    """Like audit_file_partial, for a record held in memory."""
    return _partial(lambda: text, path, overrides)


def _partial(load: Callable[[], str], path: str, overrides: Mapping[str, str] | None = None) -> Partial:
    game: Game | None = None
    audit: Audit | None = None
    record = None
    with fields.reading() as r:
        try:
            root = parse(load())
            game = game_of(root)
            assert isinstance(root, Map)
            if overrides:
                from .whatif import with_rules

                root = with_rules(root, game, overrides)[0]
            record = game.read(root)
            del root  # the record holds what the audit needs: the nodes go
        except InputError as e:  # the header, or the YAML itself: nothing to judge
            r.errors.append(e)
            record = None
    if record is not None and game is not None:
        try:
            audit = game.audit(record)
        except InputError as e:  # a reading only the replay can find unreadable (Rook `scores` on an unfinished play)
            r.errors.append(e)
    for e in r.errors:
        e.path = path
    warnings = [w._replace(path=path) for w in r.warnings]
    return Partial(game.name if game is not None else None, audit, r.errors, warnings)


def sheet(audit: Audit) -> Sheet:
    """The running score table of an audited record."""
    return REGISTRY.get(audit.game).sheet(audit)


def replay(audit: Audit, selection: Selection = Selection()) -> list[Section]:
    """The record turn by turn, with the state that judges each turn."""
    return REGISTRY.get(audit.game).replay(audit, selection)
