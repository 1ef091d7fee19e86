"""Rook's statistics: each player's contracts as the bid winner over a season (hands with a score
only, none after the game was won), counted from the score sheets' rows, and the tables and bar
charts that show them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...game import Audit, Sheet
from ...stats import Bar, Table, average, average_text, name_key, pct, percent_text


class RookLine(NamedTuple):
    """One Rook player's contracts as the bid winner (hands with a score only)."""

    name: str
    games: int
    hands: int
    """Scored hands the player sat in (thrown-in hands included)."""
    contracts: int
    made: int
    sets: int
    bid_total: int
    captured_total: int
    """Counters the bidding team captured in those contracts."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "game": "rook", "games": self.games, "hands": self.hands,
                "contracts": self.contracts, "made": self.made, "made_pct": pct(self.made, self.contracts),
                "sets": self.sets, "average_bid": average(self.bid_total, self.contracts),
                "average_captured": average(self.captured_total, self.contracts)}


def lines(pairs: Sequence[tuple[Audit, Sheet]]) -> tuple[RookLine, ...]:
    """Each player's contracts as the bid winner over the scored hands of the records."""
    acc: dict[str, list[int]] = {}
    for audit, sheet in pairs:
        players = [name_key(p) for p in audit.header.players]
        for p in players:
            acc.setdefault(p, [0] * 7)[0] += 1
        won_at = audit.result.won_at  # rook.game-end as check's replay decided it: later hands do not count
        for r in sheet.rows:
            if (r["scores"] is None and not r["thrown_in"]) or (won_at is not None and r["hand"] > won_at):
                continue
            for p in players:
                acc[p][1] += 1
            if r["thrown_in"] or r["bidder"] is None or r["scores"] is None:
                continue
            a = acc[name_key(r["bidder"])]
            a[2] += 1
            a[3] += bool(r["made"])
            a[4] += not r["made"]
            a[5] += r["bid"]
            a[6] += (r["points"] or {}).get(r["bid_team"], 0)
    return tuple(RookLine(name, *a) for name, a in acc.items())


def tables(lines: Sequence[RookLine]) -> list[Table]:
    """The contracts table."""
    return [("Rook: contracts as bid winner (avg: average bid and points captured)",
             ("player", "games", "hands", "bids won", "made", "%", "sets", "avg bid", "avg taken"),
             [(p.name, str(p.games), str(p.hands), str(p.contracts), str(p.made),
               percent_text(pct(p.made, p.contracts)), str(p.sets), average_text(p.bid_total, p.contracts),
               average_text(p.captured_total, p.contracts)) for p in lines])]


def bars(lines: Sequence[RookLine]) -> list[Bar]:
    """Contracts made, and contracts taken."""
    return [("Rook: contracts made %", [(p.name, pct(p.made, p.contracts) or 0) for p in lines], "%", 100),
            ("Rook: contracts taken", [(p.name, p.contracts) for p in lines], "", None)]
