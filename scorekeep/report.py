"""Checking files: one report per file, whatever went wrong with it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import api
from .errors import InputError, shown
from .game import Audit
from .yamlio import Map, decode, parse, read_file


class FileReport:
    """The outcome of checking one file: an audit, or the input error that stopped it."""

    __slots__ = ("path", "game", "audit", "error")

    def __init__(self, path: str, game: str | None, audit: Audit | None, error: InputError | None) -> None:
        self.path = path
        self.game = game
        self.audit = audit
        self.error = error

    @property
    def ok(self) -> bool:
        return self.error is None and self.audit is not None and self.audit.ok

    def to_json(self) -> dict[str, Any]:
        """The file's entry of `check --format json`; past 100 findings of one rule, the rest
        are one closing finding with their count in `more`."""
        a = self.audit
        return {
            "path": self.path,
            "game": self.game,
            "ok": self.ok,
            "errors": [self.error.to_json()] if self.error else [],
            "violations": [v.to_json() for v in shown(a.violations)] if a else [],
            "events": [e.to_json() for e in shown(a.events, "event")] if a else [],
        }


def check_file(path: str, data: bytes | None = None, overrides: Mapping[str, str] | None = None) -> FileReport:
    """Read and audit one file (or `data` read elsewhere, e.g. standard input, named `path`);
    input errors are caught and reported, never raised. `overrides` replace options of the
    record's `rules:` (see `scorekeep.whatif`)."""
    game: str | None = None
    try:
        root = read_file(path) if data is None else parse(decode(data))
        module = api.game_of(root)
        game = module.name
        assert isinstance(root, Map)
        if overrides:
            from .whatif import with_rules

            root = with_rules(root, module, overrides)[0]
        audit = module.audit(module.read(root))
        return FileReport(path, game, audit, None)
    except InputError as e:
        e.path = path
        return FileReport(path, game, None, e)
