"""Statistics over one game or a season of records, players matched by name.

Read from each record's score sheet (`Sheet.rows`, the stable shape every game hands out) and,
for Daifugō's revolutions, from the audit's events. Only what happened counts: a hand without
its tricks, or a game without its ranking, is left out.

    >>> from scorekeep import api, stats
    >>> s = stats.season([api.audit_file("samples/oh-hell-full-game.yaml")])
    >>> [(p.name, p.hands, p.made) for p in s.oh_hell]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .game import Audit, Sheet

RANK_NAMES = ("大富豪", "富豪", "貧民", "大貧民")


def pct(part: int, whole: int) -> float | None:
    """`part` of `whole` in per cent, one decimal; None when there is nothing to count."""
    return round(100 * part / whole, 1) if whole else None


def _name(name: str) -> str:
    """Names are matched across files as typed on any keyboard (NFC: `René` is `René`)."""
    return unicodedata.normalize("NFC", name)


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
    """As dealer, the one the hook binds."""
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
                "sets": self.sets, "average_bid": _avg(self.bid_total, self.contracts),
                "average_captured": _avg(self.captured_total, self.contracts)}


class DaifugoLine(NamedTuple):
    """One Daifugō player's finishes (games with a ranking only)."""

    name: str
    matches: int
    games: int
    ranks: tuple[int, int, int, int]
    """Games finished 大富豪, 富豪, 貧民, 大貧民."""
    as_daifugo: int
    """Games started as the last game's 大富豪 (same set)."""
    kept: int
    """… and finished 大富豪 again."""
    fallen: int
    """都落ち suffered."""
    fouls: int
    """Forbidden finishes (反則上がり)."""
    revolutions: int
    """Revolutions (革命, counter-revolutions included) made."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "game": "daifugo", "matches": self.matches, "games": self.games,
                "ranks": dict(zip(RANK_NAMES, self.ranks)), "as_daifugo": self.as_daifugo,
                "daifugo_kept": self.kept, "miyako_ochi": self.fallen, "forbidden_finishes": self.fouls,
                "revolutions": self.revolutions}


def _avg(total: int, n: int) -> float | None:
    return round(total / n, 1) if n else None


class Season(NamedTuple):
    """Statistics per game over the records given, players in order of first appearance."""

    records: int
    oh_hell: tuple[OhHellLine, ...]
    rook: tuple[RookLine, ...]
    daifugo: tuple[DaifugoLine, ...]

    def to_json(self) -> dict[str, Any]:
        return {"records": self.records,
                "players": [p.to_json() for p in (*self.oh_hell, *self.rook, *self.daifugo)]}


def _oh_hell(pairs: Sequence[tuple[Audit, Sheet]]) -> tuple[OhHellLine, ...]:
    acc: dict[str, dict[str, Any]] = {}
    for audit, sheet in pairs:
        seen: set[str] = set()
        for r in sheet.rows:
            if not r["complete"] or r["tricks"] is None:
                continue
            for raw in audit.header.players:
                bid, took = r["bids"].get(raw), r["tricks"].get(raw)
                if bid is None or took is None:
                    continue
                name = _name(raw)
                a = acc.setdefault(name, {"games": 0, "n": [0] * 10, "size": {}})
                if name not in seen:
                    seen.add(name)
                    a["games"] += 1
                made = bid == took
                dealer = _name(r["dealer"]) == name
                n = a["n"]
                n[0] += 1
                n[1] += made
                n[2] += took > bid
                n[3] += took < bid
                n[4] += bid == 0
                n[5] += bid == 0 and made
                n[6] += dealer
                n[7] += dealer and made
                n[8] += not dealer
                n[9] += (not dealer) and made
                size = a["size"].setdefault(r["cards"], [0, 0])
                size[0] += 1
                size[1] += made
    return tuple(OhHellLine(name, a["games"], *a["n"], tuple((c, h, m) for c, (h, m) in sorted(a["size"].items())))
                 for name, a in acc.items())


def _rook(pairs: Sequence[tuple[Audit, Sheet]]) -> tuple[RookLine, ...]:
    acc: dict[str, list[int]] = {}
    for audit, sheet in pairs:
        players = [_name(p) for p in audit.header.players]
        for p in players:
            acc.setdefault(p, [0] * 7)[0] += 1
        for r in sheet.rows:
            if r["scores"] is None and not r["thrown_in"]:
                continue
            for p in players:
                acc[p][1] += 1
            if r["thrown_in"] or r["bidder"] is None or r["scores"] is None:
                continue
            a = acc[_name(r["bidder"])]
            a[2] += 1
            a[3] += bool(r["made"])
            a[4] += not r["made"]
            a[5] += r["bid"]
            a[6] += (r["points"] or {}).get(r["bid_team"], 0)
    return tuple(RookLine(name, *a) for name, a in acc.items())


def _daifugo(pairs: Sequence[tuple[Audit, Sheet]]) -> tuple[DaifugoLine, ...]:
    acc: dict[str, list[Any]] = {}

    def line(name: str) -> list[Any]:
        return acc.setdefault(name, [0, 0, [0, 0, 0, 0], 0, 0, 0, 0, 0])

    for audit, sheet in pairs:
        for p in audit.header.players:
            line(_name(p))[0] += 1
        prev: dict[str, Any] | None = None
        for r in sheet.rows:
            if prev is not None and prev["set"] != r["set"]:
                prev = None
            if r["ranking"] is None:
                prev = r
                continue
            ranking = [_name(p) for p in r["ranking"]]
            for i, p in enumerate(ranking):
                a = line(p)
                a[1] += 1
                a[2][i] += 1
            if prev is not None and prev["ranking"]:
                top = _name(prev["ranking"][0])
                line(top)[3] += 1
                line(top)[4] += ranking[0] == top
            if r["fallen"]:
                line(_name(r["fallen"]))[5] += 1
            for p in r["fouls"]:
                line(_name(p))[6] += 1
            prev = r
        for e in audit.events:
            if e.rule == "daifugo.revolution" and e.player is not None:
                line(_name(e.player))[7] += 1
    return tuple(DaifugoLine(name, a[0], a[1], tuple(a[2]), *a[3:]) for name, a in acc.items())  # type: ignore[arg-type]


def season(audits: Iterable[Audit]) -> Season:
    """Statistics over the audited records, each game on its own."""
    from . import api

    by_game: dict[str, list[tuple[Audit, Sheet]]] = {"oh-hell": [], "rook": [], "daifugo": []}
    n = 0
    for a in audits:
        n += 1
        by_game.setdefault(a.game, []).append((a, api.sheet(a)))
    return Season(n, _oh_hell(by_game["oh-hell"]), _rook(by_game["rook"]), _daifugo(by_game["daifugo"]))
