"""Rook scoring: pure functions of the replayed hands and the options, and the score sheet.

rook.contract: the bidding team scores what it captured if that reaches its bid, else minus
the bid; the other team scores what it captured. rook.game-end: first to the target at the end
of a hand; both over it, the higher total; a tie plays on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...game import Audit, Sheet
from .cards import COLOR_NAME
from .model import HandResult, Result


def made(bid: int, captured: int) -> bool:
    """Whether the bidding team made its contract (captured at least its bid)."""
    return captured >= bid


def hand_scores(bid_team: str, bid: int, points: Mapping[str, int]) -> dict[str, int]:
    """This hand's score per team (rook.contract)."""
    out = {}
    for team, captured in points.items():
        if team == bid_team:
            out[team] = captured if made(bid, captured) else -bid
        else:
            out[team] = captured
    return out


def mistaken_scores(bid: int, captured: int) -> dict[int, str]:
    """Scores for the bidding team that follow a known misreading of rook.contract, and why."""
    if made(bid, captured):
        wrong = {bid: f"a made contract scores the {captured} points captured, not the bid of {bid}",
                 bid + captured: f"a made contract scores the {captured} points captured, not bid + captured "
                                 f"({bid} + {captured})"}
    else:
        wrong = {captured - bid: f"a set contract scores minus the bid, -{bid}; the {captured} points "
                                 f"captured are not added back ({captured} - {bid} is wrong)",
                 captured: f"a set contract scores minus the bid, -{bid}, not the {captured} points captured"}
    wrong.pop(captured if made(bid, captured) else -bid, None)  # never the right score itself
    return wrong


def game_winner(totals: Mapping[str, int], target: int) -> str | None:
    """The winning team after a hand, or None (nobody at the target, or both at it and tied)."""
    over = [t for t, v in totals.items() if v >= target]
    if not over:
        return None
    if len(over) == 1:
        return over[0]
    best = max(totals[t] for t in over)
    tops = [t for t in over if totals[t] == best]
    return tops[0] if len(tops) == 1 else None


def signed(n: int) -> str:
    return f"{n:+d}"


def _cells(h: HandResult, labels: Sequence[str], running: Mapping[str, int]) -> tuple[str, ...]:
    """A hand's row of the compact table: number, dealer, bid, trump, then per team points, score, total."""
    if h.thrown_in:
        bid = "all passed"
    elif h.bidder is None:
        bid = "–"
    else:
        bid = f"{h.bidder} {h.bid}" + (" (forced)" if h.forced else "")
    trump = COLOR_NAME.get(h.trump or "", "–")
    cells: list[str] = []
    for t in labels:
        pts = "–" if h.points is None else str(h.points[t])
        if h.thrown_in:
            score = "thrown in"
        elif h.scores is None:
            score = "–"
        else:
            score = signed(h.scores[t])
            if t == h.bid_team:
                score += " made" if h.made else " set"
            if not h.counted:
                score += " (not counted)"
        cells += [pts, score, str(running[t])]
    return (str(h.number), h.dealer, bid, trump, *cells)


def _status(result: Result, totals: Mapping[str, int], target: int) -> str:
    """Who won and when, or how far the match has come (a tie over the target plays on)."""
    counted = sum(1 for h in result.hands if h.counted)
    if result.winner is not None:
        other = result.teams.other(result.winner)
        return (f"game over after hand {result.won_at}: {result.winner} wins, {totals[result.winner]} "
                f"to {totals[other]}")
    status = f"after {counted} scored hand{'s' if counted != 1 else ''}: no winner yet ({target} not reached)"
    if all(v >= target for v in totals.values()) and counted:
        status = (f"after {counted} scored hands: both teams have {target} or more and are tied, so "
                  "another hand is played")
    unfinished = [str(h.number) for h in result.hands if not h.complete]
    if unfinished:
        status += f"; hand {', '.join(unfinished)} unfinished, not counted"
    return status


def sheet(audit: Audit) -> Sheet:
    """The score sheet: a row per hand (the bid, trump, and each team's points, score and running
    total), the standings and the match's status."""
    result: Result = audit.result
    labels: Sequence[str] = result.teams.labels
    running = {t: 0 for t in labels}
    table: list[tuple[str, ...]] = []
    rows: list[dict[str, Any]] = []
    for h in result.hands:
        if h.counted and h.scores is not None:
            for t in labels:
                running[t] += h.scores[t]
        table.append(_cells(h, labels, running))
        rows.append({
            "hand": h.number, "dealer": h.dealer,
            "bidder": h.bidder, "bid": h.bid, "bid_team": h.bid_team,
            "trump": COLOR_NAME.get(h.trump or ""), "thrown_in": h.thrown_in,
            "complete": h.complete, "counted": h.counted, "made": h.made,
            "points": dict(h.points) if h.points is not None else None,
            "scores": dict(h.scores) if h.scores is not None else None,
            "totals": dict(running),
        })
    totals = dict(result.totals)
    standings = tuple(sorted(totals.items(), key=lambda kv: -kv[1]))
    status = _status(result, totals, audit.header.options["target"])
    headers: list[str] = ["hand", "dealer", "bid", "trump"]
    for t in labels:
        headers += [f"{t} pts", f"{t} score", f"{t} total"]
    return Sheet(
        game="rook",
        headers=tuple(headers),
        table=tuple(table),
        rows=tuple(rows),
        totals=totals,
        winner=result.winner,
        standings=standings,
        status=status,
        notes=("pts: counters captured (nest included); score: this hand, made/set for the bidding team; "
               "total: running",),
    )
