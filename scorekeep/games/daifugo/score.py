"""Daifugō scoring: rank points per game, summed per set and over the match (daifugo.ranking,
daifugo.game-over). The points are a house setting: the league's official points were not found."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...game import Audit, Sheet, and_list
from .model import Result
from .rulebook import RANK_NAMES, RANK_POINTS_NOTE


def game_points(ranking: Sequence[str], rank_points: Sequence[int]) -> dict[str, int]:
    """Points for one finished game: the i-th ranked player scores rank_points[i]."""
    return {p: rank_points[i] for i, p in enumerate(ranking)}


def winners(totals: Mapping[str, int]) -> str | list[str]:
    """The most points wins; a tie is shared."""
    best = max(totals.values())
    tops = [p for p, v in totals.items() if v == best]
    return tops[0] if len(tops) == 1 else tops


def _events(g: Any) -> str:
    bits = []
    if g.fallen:
        bits.append(f"都落ち {g.fallen}")
    for p in g.fouls:
        bits.append(f"反則上がり {p}")
    if g.form == "ranks":
        bits.append("ranks as written")
    return "; ".join(bits)


def sheet(audit: Audit) -> Sheet:
    result: Result = audit.result
    players = audit.header.players
    running = {p: 0 for p in players}
    table: list[tuple[str, ...]] = []
    rows: list[dict[str, Any]] = []
    games_done = 0
    for s in result.sets:
        set_running = {p: 0 for p in players}
        for g in s.games:
            cells: list[str] = []
            if g.ranking is not None and g.counted:
                games_done += 1
                for p in players:
                    running[p] += g.points[p]  # type: ignore[index]
                    set_running[p] += g.points[p]  # type: ignore[index]
            for p in players:
                if g.ranking is None:
                    cells.append("–")
                else:
                    i = g.ranking.index(p)
                    cell = f"{RANK_NAMES[i]} {g.points[p]:+d}"  # type: ignore[index]
                    cells.append(cell if g.counted else cell + " (not counted)")
            note = _events(g) if g.ranking is not None else "in progress"
            if g.ranking is not None and not g.counted:
                note = "; ".join(x for x in (note, "not counted") if x)
            table.append((str(s.number), str(g.number), *cells, note))
            rows.append({
                "set": s.number, "game": g.number, "complete": g.ranking is not None, "counted": g.counted,
                "ranking": list(g.ranking) if g.ranking is not None else None,
                "ranks": ({p: RANK_NAMES[g.ranking.index(p)] for p in players}
                          if g.ranking is not None else None),
                "points": dict(g.points) if g.points is not None else None,
                "fouls": list(g.fouls), "fallen": g.fallen, "source": g.form,
                "set_totals": dict(set_running), "totals": dict(running),
            })
        if s.games:
            label = f"set {s.number} total" + ("" if s.complete else " (so far)")
            table.append((label, "", *(str(set_running[p]) for p in players), "" if s.counted else "not counted"))
    if len(result.sets) > 1:
        table.append(("match total", "", *(str(running[p]) for p in players), ""))
    totals = dict(result.totals)
    standings = tuple(sorted(totals.items(), key=lambda kv: -kv[1]))
    winner = winners(totals) if result.over else None
    points = "/".join(str(x) for x in result.rank_points)
    return Sheet(
        game="daifugo",
        headers=("set", "game", *players, "events"),
        table=tuple(table),
        rows=tuple(rows),
        totals=totals,
        winner=winner,
        standings=standings,
        status=_status(result, totals, winner, games_done),
        notes=("each player: rank (大富豪, 富豪, 貧民, 大貧民) and points for the game",
               RANK_POINTS_NOTE.format(points=points)),
    )


def _status(result: Result, totals: dict[str, int], winner: str | list[str] | None, games_done: int) -> str:
    """Where the match stands: no winner yet (and how long it is), or who won."""
    complete_sets = sum(1 for s in result.sets if s.complete and s.counted)
    if winner is None:
        status = (f"after {games_done} complete game{'s' if games_done != 1 else ''} "
                  f"({complete_sets} complete set{'s' if complete_sets != 1 else ''}): no winner yet")
        if result.limit is None:
            status += " — the match is open-ended (a house rule can fix its number of sets)"
        else:
            status += f" — the match is {result.limit} set{'s' if result.limit != 1 else ''}"
    elif isinstance(winner, str):
        status = f"match over after {result.limit} set{'s' if result.limit != 1 else ''}: {winner} wins with {totals[winner]}"
    else:
        status = (f"match over after {result.limit} set{'s' if result.limit != 1 else ''}: "
                  f"{and_list(winner)} share the win with {totals[winner[0]]}")
    return status
