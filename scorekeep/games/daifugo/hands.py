"""The plays a hand known card by card can make: every single, group and stairs (the candidates
the engine's checks then judge)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ...cards import SUITS, Card
from .cards import JOKER, ORDER, DCard
from .combos import MAX_GROUP
from .cards import _KEYS

# --- candidate plays from a known hand ------------------------------------------------------

_ROWS = tuple(tuple(Card(r, s) for r in ORDER) for s in SUITS)
"""Each suit's cards from 3 up to 2: stairs run along a row."""


@lru_cache(maxsize=256)
def _group_plan(held: int, jokers: int, sizes: frozenset[int]) -> tuple[tuple[int, tuple[tuple[DCard, ...], ...]], ...]:
    """The groups of a rank held `held` times, with up to `jokers` jokers, of these sizes: for each number k of the
    rank's cards, the joker tails that make a group of 2 to MAX_GROUP cards (worked out once for every rank alike)."""
    plan = []
    for k in range(1, held + 1):
        tails = tuple((JOKER,) * j for j in range(max(0, 2 - k), min(jokers, MAX_GROUP - k) + 1) if k + j in sizes)
        if tails:
            plan.append((k, tails))
    return tuple(plan)


def hand_plays(hand: Counter[DCard], joker_pair: bool = True,
               sizes: frozenset[int] | None = None) -> list[tuple[DCard, ...]]:
    """Every distinct play a hand can make (jokers unannotated), by kind: singles, groups, stairs;
    `sizes`: only the plays of these numbers of cards (None: all)."""
    from itertools import combinations

    jokers = hand[JOKER]
    keys = _KEYS
    naturals = [c for c, n in hand.items() if n > 0 and type(c) is Card]
    naturals.sort(key=keys.__getitem__)  # type: ignore[arg-type]
    if sizes is None:
        sizes = frozenset(range(1, len(naturals) + jokers + 1))
    out: list[tuple[DCard, ...]] = [(c,) for c in naturals] if 1 in sizes else []
    if jokers and 1 in sizes:
        out.append((JOKER,))
    longest = max(sizes, default=0)
    if longest < 2:
        return out
    by_rank: dict[int, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)  # type: ignore[union-attr]
    for cards in by_rank.values():
        for k, tails in _group_plan(len(cards), jokers, sizes):
            for combo in combinations(cards, k):
                for tail in tails:
                    out.append(combo + tail)
    if jokers >= 2 and joker_pair and 2 in sizes:
        out.append((JOKER, JOKER))
    if longest < 3:
        return out
    n = len(ORDER)
    has = [[False] * n for _ in SUITS]
    starts: list[list[int]] = [[] for _ in SUITS]
    for c in naturals:  # weakest first: each row's starts come in order
        at, row_no = keys[c]  # type: ignore[index]
        has[row_no][at] = True
        starts[row_no].append(at)
    for row, held, firsts in zip(_ROWS, has, starts):
        for start in firsts:  # a stair starts at a card held (a joker first is the same play)
            if start > n - 3:
                break
            if (not held[start + 1]) + (not held[start + 2]) > jokers:
                continue  # not three cards, even with the jokers
            need = 0
            run: list[DCard] = [row[start]]
            for end in range(start + 1, min(n, start + longest)):
                if held[end]:
                    run.append(row[end])
                else:
                    need += 1
                    if need > jokers:
                        break
                    run.append(JOKER)
                if len(run) >= 3 and len(run) in sizes:
                    out.append(tuple(run))
    return out
