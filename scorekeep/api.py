"""The library's front door: read a record file, audit it, score it, replay it.

    >>> from scorekeep import api
    >>> audit = api.audit_file("samples/oh-hell-seed-example.yaml")
    >>> audit.ok, api.sheet(audit).totals
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from . import fields
from .errors import InputError
from .fields import ReadWarning
from .game import Audit, Game, Section, Selection, Sheet
from .games import REGISTRY
from .gc_policy import fewer_collections, settled
from .yamlio import Map, Node, decode, normalized, parse, read_file, read_text, split_items

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


@fewer_collections()
def _audit(load: Callable[[], Node], path: str, overrides: Mapping[str, str] | None = None) -> Audit:
    try:
        root = load()
        settled()
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


def audit_file_partial(path: str, overrides: Mapping[str, str] | None = None,
                       parallel: Callable[..., Any] | None = None, whole: bool = True) -> Partial:
    """Read one record file on past unreadable hands and audit the part before the first one
    (`overrides` as for audit_file). Never raises InputError: input errors are returned,
    each with path and line.

    `parallel`, for checking: a `map(function, parts)` that judges the parts of a long record at
    once (e.g. over a pool of forked processes, which hold the record already); the audit then
    has every finding, and the games' results without their turns (see `Game.audit_findings`).
    With `whole` False as well, the parts are read from the text at once too, where the game can
    (`Game.audit_text`), and the audit's record is then only its header: what a check needs."""
    return _partial(lambda: read_text(path), path, overrides, parallel, whole)


def audit_data_partial(data: bytes, path: str, overrides: Mapping[str, str] | None = None,
                       parallel: Callable[..., Any] | None = None, whole: bool = True) -> Partial:
    """Like audit_file_partial, for a file's bytes read elsewhere (standard input)."""
    return _partial(lambda: decode(data), path, overrides, parallel, whole)


def audit_text_partial(text: str, path: str = "<text>", overrides: Mapping[str, str] | None = None) -> Partial:
    """Like audit_file_partial, for a record held in memory."""
    return _partial(lambda: text, path, overrides)


PARTS_MIN = 256 * 1024
"""A record shorter than this (characters) is read whole: one stretch in any case (`Game.audit_text`)."""


@fewer_collections()
def _partial(load: Callable[[], str], path: str, overrides: Mapping[str, str] | None = None,
             parallel: Callable[..., Any] | None = None, whole: bool = True) -> Partial:
    game: Game | None = None
    audit: Audit | None = None
    record = None
    with fields.reading() as r:
        try:
            text = load()
            if not whole and parallel is not None and not overrides and len(text) >= PARTS_MIN:
                got = _in_parts(normalized(text), parallel)
                if got is not None:
                    game, audit, found = got
                    r.errors += found.errors
                    r.warnings += found.warnings
            if audit is None:
                root = parse(text)
                del text
                settled()
                game = game_of(root)
                assert isinstance(root, Map)
                if overrides:
                    from .whatif import with_rules

                    root = with_rules(root, game, overrides)[0]
                record = game.read(root)
                del root  # the record holds what the audit needs: the nodes go (150 MB for a 4 MiB file)
        except InputError as e:  # the header, or the YAML itself: nothing to judge
            r.errors.append(e)
            record = None
    if record is not None and game is not None:
        try:
            audit = (game.audit(record) if parallel is None or game.audit_findings is None
                     else game.audit_findings(record, parallel))
        except InputError as e:  # a reading only the replay can find unreadable (Rook `scores` on an unfinished play)
            r.errors.append(e)
    for e in r.errors:
        e.path = path
    warnings = [w._replace(path=path) for w in r.warnings]
    return Partial(game.name if game is not None else None, audit, r.errors, warnings)


def _in_parts(text: str, parallel: Callable[..., Any]) -> tuple[Game, Audit, fields.Reading] | None:
    """A long record read and audited in parts at once (`Game.audit_text`): the game, the audit and
    what reading found (the header's warnings first). None when it is to be read whole: not laid
    out in parts (`split_items`), a game that reads no parts, a header that does not read (reading
    the whole record says why), or a part the game does not read alone."""
    items = split_items(text)
    if items is None or 2 * len(items.head) > len(text):  # (what makes a record long is its parts)
        return None
    with fields.reading() as r:
        try:
            root = parse(items.head)
            game = game_of(root)
            if game.audit_text is None:
                return None
            head = game.read(root)
        except InputError:
            return None
    got = game.audit_text(head, items, parallel)
    if got is None:
        return None
    audit, found = got
    return game, audit, fields.joined([r, found])


def sheet(audit: Audit) -> Sheet:
    """The running score table of an audited record."""
    return REGISTRY.get(audit.game).sheet(audit)


def replay(audit: Audit, selection: Selection = Selection()) -> list[Section]:
    """The record turn by turn, with the state that judges each turn."""
    return REGISTRY.get(audit.game).replay(audit, selection)
