"""Daifugō at the table: one game at a time (the finishing order, forbidden finishes), the
exchange owed before it, a new set when one ends.

Whether a finishing order is legal is the checker's call (`judge`); the exchange owed pairs
the previous game's ranking, as the checker settled it, by the engine's table of gifts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import InputError
from typing import NamedTuple
from ...entry.edits import Append, Edit, Pop
from ...entry.session import Session
from ...entry.values import names

RANK_NAMES = ("大富豪", "富豪", "貧民", "大貧民")


class Where(NamedTuple):
    """What is entered next: `game` (game `game` of set `set`), or `over`. `new_set` when the
    game opens a new set."""

    kind: str
    set: int
    game: int
    new_set: bool = False
    seats: tuple[str, ...] = ()
    previous: tuple[str, ...] | None = None
    """The previous game's ranking in this set (大富豪 first), which sets the exchange."""


def where(s: Session) -> Where:
    res = s.audit.result
    if res.over:
        return Where("over", len(res.sets), 0)
    if not res.sets:
        return Where("game", 1, 1, True, s.players)
    last = res.sets[-1]
    if last.games and not last.games[-1].complete:
        g = last.games[-1]
        prev = last.games[-2].ranking if len(last.games) > 1 else None
        return Where("game", last.number, g.number, False, last.seats, prev)
    if last.complete:
        return Where("game", last.number + 1, 1, True, last.seats)
    prev = last.games[-1].ranking if last.games else None
    return Where("game", last.number, len(last.games) + 1, False, last.seats, prev)


def exchange_owed(w: Where) -> list[tuple[str, str, int]]:
    """(giver, receiver, cards) owed before this game by the lower ranks: 大貧民 gives 大富豪
    their 2 strongest cards, 貧民 gives 富豪 their strongest (daifugo.exchange-count,
    daifugo.exchange-strongest). Read from the engine's table of gifts (`EXCHANGE`, the one its
    exchange phase walks), in its order; the higher ranks' return gifts are of their choice."""
    from .model import EXCHANGE

    r = w.previous
    if not r or len(r) < 4:
        return []
    return [(r[a], r[b], n) for a, b, n in EXCHANGE if a > b]


def game_edits(s: Session, w: Where, out: Sequence[str], fouls: Sequence[str] = (),
               ranks: Sequence[str] | None = None) -> list[Edit]:
    game: dict[str, Any] = {}
    if out:
        game["out"] = list(out)
    if fouls:
        game["fouls"] = list(fouls)
    if ranks:
        game["ranks"] = list(ranks)
    res = s.audit.result
    edits: list[Edit] = []
    if res.sets and res.sets[-1].games and not res.sets[-1].games[-1].complete and not w.new_set:
        edits.append(Pop(("sets", w.set - 1, "games")))  # an empty game written before: replace it
    if w.new_set:
        return [Append(("sets",), {"games": [game]})]
    return [*edits, Append(("sets", w.set - 1, "games"), game)]


def game_result(s: Session, set_no: int, game_no: int) -> Any:
    for st in s.audit.result.sets:
        if st.number == set_no:
            for g in st.games:
                if g.number == game_no:
                    return g
    return None


# --- `add` -------------------------------------------------------------------------------

ADD_KEYS = ("out", "fouls", "ranks")


def add_edits(s: Session, given: Mapping[str, str]) -> list[Edit]:
    for key in given:
        if key not in ADD_KEYS:
            raise InputError(f"--{key} is not a key of a Daifugō game (keys: {', '.join('--' + k for k in ADD_KEYS)})")
    w = where(s)
    if w.kind == "over":
        w = Where("game", w.set, 1, True, s.players)  # let the checker say the match is over
    seats = w.seats or s.players
    out = names(given["out"], seats, "--out") if "out" in given else []
    fouls = names(given["fouls"], seats, "--fouls") if "fouls" in given else []
    ranks = names(given["ranks"], seats, "--ranks") if "ranks" in given else None
    if not out and not ranks:
        raise InputError("give --out (the finishing order) or --ranks")
    return game_edits(s, w, out, fouls, ranks)


def undo_edits(s: Session) -> list[Edit] | None:
    rec = s.audit.record
    if not rec.sets:
        return None
    last = rec.sets[-1]
    if len(last.games) > 1:
        return [Pop(("sets", len(rec.sets) - 1, "games"))]
    return [Pop(("sets",))]


def correction(s: Session, set_no: int, game_no: int, out: Sequence[str], fouls: Sequence[str]) -> list[Edit]:
    """Edits that correct a finished game's finishing order and fouls, with their `history`."""
    from ...entry.edits import DelKey, SetKey
    from ...entry.session import history_edits, now_iso

    g = s.audit.record.sets[set_no - 1].games[game_no - 1]
    path = ("sets", set_no - 1, "games", game_no - 1)
    old_out = list(g.out.names) if g.out else []
    old_fouls = list(g.fouls.names) if g.fouls else []
    edits: list[Edit] = []
    history: list[dict[str, Any]] = []
    when = now_iso()
    if list(out) != old_out:
        edits.append(SetKey(path, "out", list(out)))
        history.append({"time": when, "set": set_no, "game": game_no, "key": "out", "was": old_out, "now": list(out)})
    if list(fouls) != old_fouls:
        edits.append(SetKey(path, "fouls", list(fouls)) if fouls else DelKey(path, "fouls"))
        history.append({"time": when, "set": set_no, "game": game_no, "key": "fouls", "was": old_fouls,
                        "now": list(fouls)})
    return edits + history_edits(s, history) if edits else []
