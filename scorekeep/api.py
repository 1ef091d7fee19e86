"""The library's front door: read a record file, audit it, score it, replay it.

    >>> from scorekeep import api
    >>> audit = api.audit_file("samples/oh-hell-seed-example.yaml")
    >>> audit.ok, api.sheet(audit).totals
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .errors import InputError
from .game import Audit, Game, Section, Selection, Sheet
from .games import REGISTRY
from .yamlio import Map, Node, parse, read_file

__all__ = ["InputError", "audit_file", "audit_text", "game_of", "read_record", "replay", "sheet"]


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


def sheet(audit: Audit) -> Sheet:
    """The running score table of an audited record."""
    return REGISTRY.get(audit.game).sheet(audit)


def replay(audit: Audit, selection: Selection = Selection()) -> list[Section]:
    """The record turn by turn, with the state that judges each turn."""
    return REGISTRY.get(audit.game).replay(audit, selection)
