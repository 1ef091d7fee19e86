"""`score --history`: the corrections a record keeps (written by `play`'s edit)."""

from __future__ import annotations

from collections.abc import Sequence

from ..game import HistoryEntry


def history_text(entries: Sequence[HistoryEntry]) -> str:
    from . import render
    from .add_cmd import safe

    if not entries:
        return "no corrections recorded"
    rows = [(e.time, e.where, e.key, e.was, e.now) for e in entries]
    return safe(render.table(("when", "where", "key", "was", "now"), rows))
