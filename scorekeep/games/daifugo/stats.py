"""Daifugō's statistics: each player's finishes over a season (games with a ranking only, none
`check` says does not count), counted from the score sheets' rows and the revolutions from the
audits' events in those games, and the tables and bar charts that show them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...game import Audit, Sheet
from ...stats import Bar, Table, name_key
from .rulebook import RANK_NAMES


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


def lines(pairs: Sequence[tuple[Audit, Sheet]]) -> tuple[DaifugoLine, ...]:
    """Each player's finishes over the ranked games of the records that count (check's judgement,
    daifugo.game-over), and the revolutions made in those games (complete ones only, as the README says)."""
    acc: dict[str, list[Any]] = {}

    def line(name: str) -> list[Any]:
        return acc.setdefault(name, [0, 0, [0, 0, 0, 0], 0, 0, 0, 0, 0])

    for audit, sheet in pairs:
        for p in audit.header.players:
            line(name_key(p))[0] += 1
        # The games counted: complete (a ranking) and not past the set's games or the match's sets.
        counted = {(r["set"], r["game"]) for r in sheet.rows if r["ranking"] is not None and r["counted"]}
        prev: dict[str, Any] | None = None
        for r in sheet.rows:
            if prev is not None and prev["set"] != r["set"]:
                prev = None
            if r["ranking"] is None:
                prev = r
                continue
            if not r["counted"]:  # past the set's games or the match's sets: it starts no later counted game
                continue
            ranking = [name_key(p) for p in r["ranking"]]
            for i, p in enumerate(ranking):
                a = line(p)
                a[1] += 1
                a[2][i] += 1
            if prev is not None and prev["ranking"]:
                top = name_key(prev["ranking"][0])
                line(top)[3] += 1
                line(top)[4] += ranking[0] == top
            if r["fallen"]:
                line(name_key(r["fallen"]))[5] += 1
            for p in r["fouls"]:
                line(name_key(p))[6] += 1
            prev = r
        for e in audit.events:
            if e.rule == "daifugo.revolution" and e.player is not None and (e.set, e.game) in counted:
                line(name_key(e.player))[7] += 1
    return tuple(DaifugoLine(name, a[0], a[1], tuple(a[2]), *a[3:]) for name, a in acc.items())  # type: ignore[arg-type]


def tables(lines: Sequence[DaifugoLine]) -> list[Table]:
    """The finishes table."""
    return [("Daifugō: finishes (kept: 大富豪 kept; fouls: forbidden finishes)",
             ("player", "matches", "games", *RANK_NAMES, "kept", "都落ち", "fouls", "革命"),
             [(p.name, str(p.matches), str(p.games), *(str(x) for x in p.ranks), f"{p.kept}/{p.as_daifugo}",
               str(p.fallen), str(p.fouls), str(p.revolutions)) for p in lines])]


def bars(lines: Sequence[DaifugoLine]) -> list[Bar]:
    """Games finished 大富豪, and revolutions made."""
    return [("Daifugō: games finished 大富豪", [(p.name, p.ranks[0]) for p in lines], "", None),
            ("Daifugō: revolutions made", [(p.name, p.revolutions) for p in lines], "", None)]
