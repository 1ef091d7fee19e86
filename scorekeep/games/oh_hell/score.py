"""Oh Hell scoring: pure functions of the replayed hands and the options (oh-hell.score)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import SUIT_SYMBOL
from ...game import Audit, Sheet, plural
from .model import Result


def hand_points(bid: int, took: int, options: Mapping[str, Any]) -> int:
    """Points for one player in one hand (oh-hell.score)."""
    if bid == took:
        made = options["made_score"]
        return bid + 10 if made == "bid-plus-10" else bid + 5 if made == "bid-plus-5" else 10 + bid * bid
    failed = options["failed_score"]
    return {"zero": 0, "tricks": took, "minus-bid": -bid, "minus-difference": -abs(bid - took)}[failed]


SCORINGS = {"made_score": ("bid-plus-10", "bid-plus-5", "10-plus-bid-squared"),
             "failed_score": ("zero", "tricks", "minus-bid", "minus-difference")}
SCORING_NOTES = {"tricks": "1 point per trick taken, as in Trickster's Basics"}


def other_scoring(bid: int, took: int, value: int, options: Mapping[str, Any]) -> tuple[str, str] | None:
    """The scoring setting (option, value) — not this game's — under which bid/took scores `value`:
    the usual reason a sheet disagrees (oh-hell.score-recorded)."""
    key = "made_score" if bid == took else "failed_score"
    for choice in SCORINGS[key]:
        if choice != options[key] and hand_points(bid, took, {**options, key: choice}) == value:
            return key, choice
    return None


def winners(totals: Mapping[str, int]) -> str | list[str]:
    """The highest total; a tie is shared (oh-hell.game-end)."""
    best = max(totals.values())
    tops = [p for p, v in totals.items() if v == best]
    return tops[0] if len(tops) == 1 else tops


def sheet(audit: Audit) -> Sheet:
    result: Result = audit.result
    players = audit.header.players
    running = {p: 0 for p in players}
    table: list[tuple[str, ...]] = []
    rows: list[dict[str, Any]] = []
    for h in result.hands:
        if h.counted and h.points is not None:
            for p in players:
                running[p] += h.points[p]
        trump = "–" if h.trump is None else SUIT_SYMBOL[h.trump]
        cells = []
        for p in players:
            bid = h.bids.get(p)
            b = "?" if bid is None else str(bid)
            if h.took is None:
                cells.append(f"{b}/–")
            elif not h.counted:
                cells.append(f"{b}/{h.took[p]} (not counted)")
            else:
                cells.append(f"{b}/{h.took[p]} {h.points[p]:+d} = {running[p]}")  # type: ignore[index]
        table.append((str(h.number), str(h.size), h.dealer, trump, *cells))
        rows.append({
            "hand": h.number, "cards": h.size, "dealer": h.dealer,
            "trump": h.trump, "complete": h.took is not None, "counted": h.counted,
            "bids": dict(h.bids), "tricks": dict(h.took) if h.took is not None else None,
            "points": dict(h.points) if h.points is not None else None,
            "totals": dict(running),
        })
    totals = dict(result.totals)
    standings = tuple(sorted(totals.items(), key=lambda kv: -kv[1]))
    done = sum(1 for h in result.hands if h.counted)  # a hand of the pattern skipped or dealt twice moves it
    winner = winners(totals) if result.over else None
    if winner is None:
        # a hand of the pattern dealt twice: the hands played are more than the pattern's places played
        at = len({h.position for h in result.hands if h.counted})
        status = (f"after {done} of {len(result.pattern)} hands" if at == done else
                  f"after {plural(done, 'hand')} ({at} of the deal pattern's {len(result.pattern)})")
        status += ": no winner yet"
        unfinished = [str(h.number) for h in result.hands if h.took is None]
        if unfinished:
            status += f" (hand {', '.join(unfinished)} unfinished, not counted)"
    elif isinstance(winner, str):
        status = f"game over after {done} hands: {winner} wins with {totals[winner]}"
    else:
        status = (f"game over after {done} hands: {' and '.join(winner)} share the win "
                  f"with {totals[winner[0]]}")
    return Sheet(
        game="oh-hell",
        headers=("hand", "cards", "dealer", "trump", *players),
        table=tuple(table),
        rows=tuple(rows),
        totals=totals,
        winner=winner,
        standings=standings,
        status=status,
        notes=("each player: bid/took, points this hand = running total",),
    )
