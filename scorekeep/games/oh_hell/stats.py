"""Oh Hell's statistics: each player's bidding over a season (complete hands that count), counted from
the score sheets' rows, and the tables and bar charts that show them (`scorekeep.stats`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...game import Audit, Sheet
from ...stats import Bar, Table, fraction_text, name_key, pct, percent_text


class OhHellLine(NamedTuple):
    """One Oh Hell player's bidding over the season (complete hands only)."""

    name: str
    games: int
    hands: int
    made: int
    over: int
    """Took more tricks than bid."""
    under: int
    zero_bids: int
    zero_made: int
    dealer_hands: int
    dealer_made: int
    """Bound by the hook (the engine's oh-hell.hook check: the dealer bidding last)."""
    other_hands: int
    other_made: int
    by_size: tuple[tuple[int, int, int], ...]
    """(cards dealt, hands, made), by hand size."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "game": "oh-hell", "games": self.games, "hands": self.hands,
                "made": self.made, "made_pct": pct(self.made, self.hands), "over": self.over,
                "under": self.under, "zero_bids": self.zero_bids, "zero_made": self.zero_made,
                "dealer_hands": self.dealer_hands, "dealer_made": self.dealer_made,
                "dealer_made_pct": pct(self.dealer_made, self.dealer_hands),
                "other_hands": self.other_hands, "other_made": self.other_made,
                "other_made_pct": pct(self.other_made, self.other_hands),
                "by_size": [{"cards": c, "hands": h, "made": m, "made_pct": pct(m, h)} for c, h, m in self.by_size]}


def lines(pairs: Sequence[tuple[Audit, Sheet]]) -> tuple[OhHellLine, ...]:
    """Each player's bidding over the complete hands of the records that count (check's judgement)."""
    acc: dict[str, dict[str, Any]] = {}
    for audit, sheet in pairs:
        seen: set[str] = set()
        bound = {h.number: h.hook_bound for h in audit.result.hands}
        for r in sheet.rows:
            if not r["complete"] or not r["counted"] or r["tricks"] is None:
                continue
            for raw in audit.header.players:
                bid, took = r["bids"].get(raw), r["tricks"].get(raw)
                if bid is None or took is None:
                    continue
                name = name_key(raw)
                a = acc.setdefault(name, {"games": 0, "n": [0] * 10, "size": {}})
                if name not in seen:
                    seen.add(name)
                    a["games"] += 1
                made = bid == took
                hooked = bound.get(r["hand"])
                dealer = hooked is not None and name_key(hooked) == name
                counted = (1, made, took > bid, took < bid, bid == 0, bid == 0 and made, dealer, dealer and made,
                           not dealer, not dealer and made)  # OhHellLine's fields from `hands` to `other_made`
                a["n"] = [x + y for x, y in zip(a["n"], counted)]
                size = a["size"].setdefault(r["cards"], [0, 0])
                size[0] += 1
                size[1] += made
    return tuple(OhHellLine(name, a["games"], *a["n"], tuple((c, h, m) for c, (h, m) in sorted(a["size"].items())))
                 for name, a in acc.items())


def tables(lines: Sequence[OhHellLine]) -> list[Table]:
    """The bidding table, and bids made by hand size."""
    # headers short enough for four players in 80 columns: `0 bids` is zero bids made/bid,
    # `dealer` and `others` bids made as dealer (bound by the hook) and in the other seats
    out: list[Table] = [("Oh Hell: bids (0 bids: zero bids made; dealer: under the hook)",
                         ("player", "games", "hands", "made", "%", "over", "under", "0 bids", "dealer", "others"),
                         [(p.name, str(p.games), str(p.hands), str(p.made), percent_text(pct(p.made, p.hands)),
                           str(p.over), str(p.under), f"{p.zero_made}/{p.zero_bids}",
                           fraction_text(p.dealer_made, p.dealer_hands), fraction_text(p.other_made, p.other_hands))
                          for p in lines])]
    sizes = sorted({c for p in lines for c, _, _ in p.by_size})
    rows = []
    for p in lines:
        got = {c: (h, m) for c, h, m in p.by_size}
        rows.append((p.name, *(f"{got[c][1]}/{got[c][0]}" if c in got else "–" for c in sizes)))
    if len(lines) > 1:
        every = {c: [0, 0] for c in sizes}
        for p in lines:
            for c, h, m in p.by_size:
                every[c][0] += h
                every[c][1] += m
        rows.append(("all players", *(f"{every[c][1]}/{every[c][0]}" for c in sizes)))
    out.append(("Oh Hell: bids made by hand size (cards dealt; made/hands)", ("player", *(str(c) for c in sizes)),
                rows))
    return out


def bars(lines: Sequence[OhHellLine]) -> list[Bar]:
    """Bids made, and made as dealer (the hook) against the others."""
    return [("Oh Hell: bids made %", [(p.name, pct(p.made, p.hands) or 0) for p in lines], "%", 100),
            ("Oh Hell: made % as dealer (the hook) and otherwise",
             [(f"{p.name} {k}", v or 0) for p in lines
              for k, v in (("dealer", pct(p.dealer_made, p.dealer_hands)),
                           ("others", pct(p.other_made, p.other_hands)))], "%", 100)]
