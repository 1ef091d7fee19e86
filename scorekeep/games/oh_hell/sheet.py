"""Oh Hell's score sheet laid out: per hand the cards dealt, dealer and trump, and each player's
bid/took and running total (fits 80 columns for four players)."""

from __future__ import annotations

from collections.abc import Iterator

from ...game import Layout, Sheet, total_text

_SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def layouts(sheet: Sheet) -> Iterator[Layout]:
    """The compact sheet; a bid/took pair is marked made or missed."""
    who = sheet.seats()
    rows, marks = [], []
    not_counted = False
    for r in sheet.rows:
        cells = [str(r["hand"]), str(r["cards"]), r["dealer"], _SUIT.get(r["trump"] or "", "–")]
        marked = ["", "", "", ""]
        for p in who:
            bid = r["bids"].get(p)
            took = (r["tricks"] or {}).get(p)
            bt = f"{'?' if bid is None else bid}/{'–' if took is None else took}"
            if r["complete"] and not r["counted"]:
                bt += "!"
                not_counted = True
            cells += [bt, total_text(r["totals"][p]) if r["complete"] else ""]
            known = bid is not None and took is not None and bid >= 0 and took >= 0
            marked += [("made" if bid == took else "missed") if known else "", ""]
        rows.append(tuple(cells))
        marks.append(tuple(marked))
    headers = ("#", "n", "dealer", "tr", *(h for _ in who for h in ("b/t", "tot")))
    notes = ["#: hand, n: cards dealt, tr: trump; each player: bid/took and running total"]
    if not_counted:
        notes.append("!: a hand not counted (see the violations)")
    yield Layout(headers, tuple(rows), (True, True, False, False, *(True,) * (2 * len(who))),
                 (("", 4), *((p, 2) for p in who)), tuple(notes),
                 ("hand", "cards", "dealer", "trump", *(h for _ in who for h in ("bid/took", "total"))), tuple(marks))
