"""Rook words a finding only when the collector keeps it (issue 23): a record that breaks one rule
tens of thousands of times lists the first 100 of each rule, and nobody words, or lists the legal
calls of, the rest. The words of a kept finding are the words as they were when the move was made,
though the position has moved on since."""

from __future__ import annotations

import pytest

from scorekeep import api
from scorekeep.errors import CAP, shown
from scorekeep.games.rook import engine
from scorekeep.games.rook.model import CallMove

CALLS = 3 * CAP
RECORD = ("game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n  - bidding:\n"
          + "      - {East: 70}\n" * CALLS)
"""rook.bid-order (East calls out of turn: North calls first) at every call, and rook.bid-step (70
again is no raise) at every call but the first: the shape that took 16 s at 1 MiB when every finding
was worded."""


def test_bid_order_and_bid_step_past_the_cap_are_counted_not_worded(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    allowed = engine.HandPosition.allowed

    def counted(self: engine.HandPosition, rule: str, player: str | None = None) -> tuple[str, ...] | None:
        asked.append(rule)
        return allowed(self, rule, player)

    monkeypatch.setattr(engine.HandPosition, "allowed", counted)
    audit = api.audit(api.load(text=RECORD))
    rules = [v.rule for v in audit.violations]
    assert rules.count("rook.bid-order") == CALLS and rules.count("rook.bid-step") == CALLS - 1  # North's turn first
    assert asked == ["rook.bid-step"] * CAP  # the legal calls of the kept bid-step findings only
    more = {f.rule: f.more for f in shown(audit.violations) if f.more}
    assert more == {"rook.bid-order": CALLS - CAP, "rook.bid-step": CALLS - 1 - CAP}


def test_a_kept_finding_says_what_was_so_when_the_call_was_made() -> None:
    """rook.bid-step: worded after the auction has moved on, the finding still names the standing
    bid and the legal calls of its own moment."""
    audit = api.audit(api.load(text=RECORD.replace("{East: 70}\n", "{East: 70}\n      - {South: 75}\n", 1)))
    first = next(v for v in audit.violations if v.rule == "rook.bid-step")
    assert first.line == 8 and "after South's 75 the lowest bid was 80" in first.message
    assert first.allowed == ("pass", *map(str, range(80, 121, 5)))


def test_push_may_leave_words_to_the_collector_and_apply_words_them() -> None:
    table = engine.Table.of(("North", "East", "South", "West"), api.load(text=RECORD).record.teams,
                            api.load(text=RECORD).record.header.options)
    pos, _found = engine.HandPosition.deal(table, 1, "West", table.players)
    found = pos.copy().push(CallMove("East", 70))
    assert [f.rule for f in found] == ["rook.bid-order"] and callable(found[0].message)
    _new, worded = pos.apply(CallMove("East", 70))
    assert worded[0].message.startswith("East called 70 out of turn") and worded == [f._replace(
        message=f.message()) for f in found]
