"""Rook's score sheet laid out: per hand the dealer, the bid and trump, and each team's counters,
hand score (made or set) and running total; its page charts the race to the target."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ...game import Audit, Chart, Layout, Sheet
from .cards import COLOR_NAME


def card_colour(card: str) -> str:
    """The CSS class a replay page shows a card in: its color's name (the Bird, `Bird`, in black)."""
    return COLOR_NAME.get(card[:1].upper(), "")


def layouts(sheet: Sheet) -> Iterator[Layout]:
    """The compact sheet."""
    who = list(sheet.totals)
    rows = []
    for r in sheet.rows:
        if r["thrown_in"]:
            bid = "all pass"
        elif r["bidder"] is None:
            bid = "–"
        else:
            bid = f"{r['bidder']} {r['bid']}"
        cells = [str(r["hand"]), r["dealer"], bid, (r["trump"] or "–")]
        for t in who:
            pts = "–" if r["points"] is None else str(r["points"][t])
            if r["thrown_in"]:
                score = "0"
            elif r["scores"] is None:
                score = "–"
            else:
                score = f"{r['scores'][t]:+d}"
                if t == r["bid_team"]:
                    score += " made" if r["made"] else " set"
                if _flagged(r):
                    score += "!"
            cells += [pts, score, str(r["totals"][t])]
        rows.append(tuple(cells))
    headers = ("#", "dealer", "bid", "trump", *(h for _ in who for h in ("pts", "score", "tot")))
    notes = ("pts: counters captured (nest included); score: this hand, made/set for the bidding team; "
             "tot: running total" + ("; !: not counted" if any(map(_flagged, sheet.rows)) else ""),)
    yield Layout(headers, tuple(rows), (True, False, False, False, *(True,) * (3 * len(who))),
                 (("", 4), *((t, 3) for t in who)), notes,
                 ("hand", "dealer", "bid", "trump", *(h for _ in who for h in ("pts", "score", "total"))))


def _flagged(r: Mapping[str, Any]) -> bool:
    """A hand whose scores are shown but do not count (`!`): a thrown-in hand shows 0, not a score."""
    return not r["counted"] and not r["thrown_in"] and r["scores"] is not None


def charts(audit: Audit, sheet: Sheet, series: Mapping[str, Sequence[float | None]],
           xlabels: Sequence[str]) -> list[Any]:
    """The running totals, with the target line."""
    target = int(audit.header.options.get("target", 300))
    return [Chart(series, xlabels, "Running totals by hand", "points", hline=(target, f"{target} to win"))]
