"""Checking files: one report per file, whatever went wrong with it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from . import api
from .errors import InputError, shown
from .fields import ReadWarning
from .game import Audit


class FileReport(NamedTuple):
    """The outcome of checking one file: the audit of what could be read, every input error,
    and warnings. With input errors, `audit` covers the hands before the first unreadable one
    (None when the header itself is unreadable)."""

    path: str
    game: str | None
    audit: Audit | None
    errors: list[InputError]
    warnings: list[ReadWarning]

    @property
    def ok(self) -> bool:
        return not self.errors and self.audit is not None and self.audit.ok

    def to_json(self) -> dict[str, Any]:
        """The file's entry of `check --format json`; past 100 findings of one rule, the rest
        are one closing finding with their count in `more`."""
        a = self.audit
        out = {
            "path": self.path,
            "game": self.game,
            "ok": self.ok,
            "errors": [e.to_json() for e in self.errors],
            "violations": [v.to_json() for v in shown(a.violations)] if a else [],
            "events": [e.to_json() for e in shown(a.events, "event")] if a else [],
        }
        if self.warnings:  # only when there are some: ordinary files keep the documented shape
            out["warnings"] = [w.to_json() for w in self.warnings]
        return out


def check_file(path: str, data: str | bytes | None = None, overrides: Mapping[str, str] | None = None) -> FileReport:
    """Read and audit one file (or `data` read elsewhere, e.g. standard input, named `path`);
    input errors are caught and reported, never raised. A file is read on past an unreadable
    hand or game, and judged up to the first one. `overrides` replace options of the record's
    `rules:` (see `scorekeep.whatif`)."""
    loaded = api.load(path, text=data, overrides=overrides)
    audit, errors = None, loaded.errors
    if loaded.record is not None:
        try:
            audit = api.audit(loaded, partial=True)
        except InputError as e:  # a reading only the replay can find unreadable
            errors.append(e)
    return FileReport(path, loaded.game.name if loaded.game else None, audit, errors, loaded.warnings)
