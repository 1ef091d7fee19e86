"""Daifugō's score sheet laid out: per game each player's rank and the set's running total, and
the events (都落ち, 反則上がり); its page charts the match totals and the ranks, and lists the
events."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ...game import Audit, Chart, Grid, Layout, Sheet, total_text
from .rulebook import RANK_NAMES

SHOWS_EVENTS = True
"""The page lists the rule events (revolutions, 8-cuts, locks …): they are the story of a game."""


def layouts(sheet: Sheet) -> Iterator[Layout]:
    """The compact sheet with the events in a last column; then, for where that is too wide, with
    the events in lines under the table."""
    yield _compact(sheet, events_inline=True)
    yield _compact(sheet, events_inline=False)


def _compact(sheet: Sheet, events_inline: bool) -> Layout:
    """Rank and the set's running total per player; the events (都落ち, 反則上がり) in a last
    column, or in lines under the table."""
    who = sheet.seats()
    rows = []
    below = []
    for r in sheet.rows:
        cells = [str(r["set"]), str(r["game"])]
        for p in who:
            rank = "–" if r["ranks"] is None else r["ranks"][p]
            if r["complete"] and not r["counted"]:
                rank += "!"
            cells += [rank, total_text(r["set_totals"][p])]
        bits = ([f"都落ち {r['fallen']}"] if r["fallen"] else []) + [f"反則上がり {p}" for p in r["fouls"]]
        events = "; ".join(bits) if r["complete"] else "in progress"
        if events_inline:
            cells.append(events)
        elif events:
            below.append(f"set {r['set']} game {r['game']}: {', '.join(bits) or events}")
        rows.append(tuple(cells))
    headers = ("set", "game", *(h for _ in who for h in ("rank", "pts")), *(("events",) if events_inline else ()))
    notes = ["each player: rank in the game and points so far in the set", *sheet.notes[1:]]
    if below:
        notes.insert(0, "events: " + "; ".join(below))
    return Layout(headers, tuple(rows), (True, True, *(False, True) * len(who), *((False,) if events_inline else ())),
                  (("", 2), *((p, 2) for p in who), *((("", 1),) if events_inline else ())), tuple(notes))


def charts(audit: Audit, sheet: Sheet, series: Mapping[str, Sequence[float | None]],
           xlabels: Sequence[str]) -> list[Any]:
    """The match totals by game, sets marked; each player's rank in each game; the set totals."""
    who = sheet.seats()
    sets = [(i + 1, f"set {r['set']}") for i, r in enumerate(sheet.rows)
            if i > 0 and r["set"] != sheet.rows[i - 1]["set"]]
    ranks: dict[str, list[float | None]] = {p: [] for p in who}
    for r in sheet.rows:
        for p in who:
            ranks[p].append(r["ranking"].index(p) + 1 if r["ranking"] else None)
    last = {r["set"]: r for r in sheet.rows}  # each set's last game (a scan per set was quadratic)
    set_rows = [(f"set {s}", *(str(last[s]["set_totals"][p]) for p in who)) for s in sorted(last)]
    return [Chart(series, xlabels, "Match totals by game (set.game)", "points", dividers=sets),
            Chart(ranks, xlabels[1:], "Rank of each player in each game", invert=True,
                  yticks=[(i + 1, name) for i, name in enumerate(RANK_NAMES)],
                  dividers=[(i - 1, label) for i, label in sets], heading="Rank in each game"),
            Grid("Set totals", ("set", *who), set_rows)]
