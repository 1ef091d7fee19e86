"""Fault injectors: a legal match with one breach of one rule, and where the checker must
find it. They live with the tests, independent of the engine in `scorekeep/`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeep.generate import dump


@dataclass(frozen=True)
class Fault:
    """One injected breach: the record that contains it and where the checker must find it."""

    rule: str
    data: dict[str, Any]
    location: dict[str, Any]
    """The expected 1-based location fields (hand, trick, set, game, play, player)."""
    what: str
    """What was changed, for test failure messages."""

    @property
    def text(self) -> str:
        return dump(self.data)


