"""The deck, the deal and the match's order of sets and games (daifugo.deck, daifugo.game-over):
what is wrong with them, for the driver to report where it belongs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import SUITS, Card
from .cards import DCard, Joker, show

FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(2, 15))


# --- the deck and the deal (daifugo.deck) ------------------------------------------------------

def hand_sizes(opts: Mapping[str, Any], seats: Sequence[str], leader: str | None) -> dict[str, int]:
    """Cards per hand, from the game's leader clockwise: the cards in play (the deck and its jokers,
    less the blind cards) dealt one at a time, so an uneven deck gives the extra cards to the first
    players from the leader (13 each with the default deck)."""
    total = len(FULL_DECK) + opts["jokers"] - opts["blind_cards"]
    base, extra = divmod(total, len(seats))
    start = seats.index(leader) if leader else 0
    return {seats[(start + k) % len(seats)]: base + (1 if k < extra else 0) for k in range(len(seats))}


def blind_faults(blind: Sequence[DCard], want: int, set_no: int) -> tuple[list[str], frozenset[Card]]:
    """What is wrong with a set's list of blind cards, and the blind cards it names."""
    problems = []
    if len(blind) != want:
        problems.append(f"set {set_no} lists {len(blind)} blind card{'s' if len(blind) != 1 else ''}, "
                        f"but {want} are removed at the start of a set")
    if any(type(c) is Joker for c in blind):
        problems.append("a joker is never a blind card")
    naturals = [c for c in blind if type(c) is Card]
    dup = [c for c, n in Counter(naturals).items() if n > 1]
    if dup:
        problems.append(f"{show(dup)} is listed twice")
    return problems, frozenset(naturals)  # type: ignore[arg-type]


def deal_faults(deal: Mapping[str, tuple[DCard, ...]], opts: Mapping[str, Any], seats: Sequence[str],
                blind: frozenset[Card] | None, blind_from: int,
                set_no: int) -> tuple[list[tuple[str | None, str]], frozenset[Card] | None]:
    """The deal holds each card of the deck minus the blind cards once, 13 each: what is wrong, as
    (player, message) — player None for the deal as a whole — and, when the blind cards were not
    known, the ones this complete deal leaves out (else None)."""
    out: list[tuple[str | None, str]] = []
    n_jokers = opts["jokers"]
    total = len(FULL_DECK) + n_jokers - opts["blind_cards"]
    base, extra = divmod(total, len(seats))
    allowed = {base} if extra == 0 else {base, base + 1}
    seen: dict[DCard, str] = {}
    jokers = 0
    clean = True
    for p, cards in deal.items():
        problems = []
        if len(cards) not in allowed:
            each = f"{base} each" if extra == 0 else f"{base} or {base + 1} each"
            problems.append(f"{p} was dealt {len(cards)} cards; the {total} cards in play are dealt {each}")
        for c in cards:
            if type(c) is Joker:
                jokers += 1
                if jokers > n_jokers:
                    problems.append(f"the deck has {n_jokers} joker{'s' if n_jokers != 1 else ''}, and "
                                    f"this is joker number {jokers} in the deal")
            elif c in seen:
                who = "twice to " + p if seen[c] == p else f"to both {seen[c]} and {p}"
                problems.append(f"{c.symbol} was dealt {who}; the deck has one of each card")
            elif blind is not None and c in blind:
                seen_in = f" (left out of game {blind_from}'s deal)" if blind_from else ""
                problems.append(f"{c.symbol} is a blind card of set {set_no}{seen_in}: the blind cards "
                                "stay out of play for the whole set, so they do not change within it")
            else:
                seen[c] = p
        if problems:
            clean = False
            out.append((p, "; ".join(problems)))
    if not clean or len(deal) < len(seats):
        return out, None
    missing = [c for c in FULL_DECK if c not in seen]
    if jokers < n_jokers:
        out.append((None, f"the deal has {jokers} of the {n_jokers} jokers: every joker is dealt, because blind "
                          "cards are never jokers"))
        return out, None
    if blind is None:
        return out, frozenset(missing)
    if set(missing) != blind:
        out.append((None, f"this deal leaves out {show(missing)}, but the blind cards of set {set_no} "
                          f"are {show(blind)} (seen in game {blind_from}): blind cards do not change "
                          "within a set"))
    return out, None


# --- the match's order of sets and games (daifugo.game-over) -----------------------------------
#
# A game's position knows when its own game is over (the `_game_over` check); the order of
# sets and games is the match's, and these say what is wrong with it. The driver (`rules.py`)
# asks them as it reaches each set and game, and records what they find where it belongs.

def counts(number: int, limit: int | None) -> bool:
    """Whether set `number` of a match of `limit` sets (None: open-ended), or game `number` of a set
    of `limit` games, counts: those past the limit do not."""
    return limit is None or number <= limit


def set_order_fault(number: int, limit: int | None, previous: tuple[int, int] | None, games_per_set: int,
                    last_complete: bool) -> list[tuple[bool, str]]:
    """What is wrong with set `number` starting now: `limit` is the match's number of sets
    (None: open-ended), `previous` the set before it as (its number, games played). Each: whether
    it is the set's own fault (one set too many), not its first game's (started too early), and why."""
    out: list[tuple[bool, str]] = []
    if not counts(number, limit) and number == limit + 1:  # type: ignore[operator]
        out.append((True, f"the match is {limit} set{'s' if limit != 1 else ''} (rules: sets: {limit}), so set "
                          f"{number} is one too many and does not count"))
    if previous is not None and previous[1] < games_per_set and last_complete:
        out.append((False, f"set {previous[0]} has only {previous[1]} of its {games_per_set} games, so set "
                           f"{number} cannot start yet"))
    return out


def game_order_fault(number: int, set_no: int, games_per_set: int,
                     last: tuple[int, int, bool] | None) -> list[str]:
    """What is wrong with game `number` of set `set_no` starting now: `last` is the game before
    it in the record as (its number, its set, whether its ranking is complete)."""
    out: list[str] = []
    if not counts(number, games_per_set):
        out.append(f"a set has {games_per_set} games; game {number} of set {set_no} is one too many and "
                   "does not count")
    if last is not None and not last[2]:
        out.append(f"game {number} of set {set_no} starts, but game {last[0]} of set {last[1]} has no complete "
                   "ranking yet: a game starts only after the previous one's ranking is settled")
    return out
