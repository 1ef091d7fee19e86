"""`scorekeep demo` made faster (issue 13, start-up within 1.3x) without changing a game: the
generators' quicker lists of legal moves are the engines' lists.

Each test fails if a fast path drifts from what it replaces: a legal move more or fewer, or the
same seed giving another game.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from conftest import THOROUGH, daifugo_legal_moves_held_to_the_checks

from scorekeep.games.daifugo import engine as daifugo_engine
from scorekeep.games.daifugo.holdings import hand_plays
from scorekeep.games.daifugo.cards import JOKER
from scorekeep.games.daifugo import demo as daifugo


def _reference_hand_plays(hand: Counter, joker_pair: bool, sizes: frozenset[int] | None) -> list[tuple]:
    """The engine's first `hand_plays`, written the plain way: every start and every length of
    each kind, filtered afterwards (the engine's now skips what cannot be a play)."""
    from itertools import combinations

    from scorekeep.cards import SUITS, Card
    from scorekeep.games.daifugo.cards import ORDER
    from scorekeep.games.daifugo.combos import MAX_GROUP

    jokers = hand[JOKER]
    naturals = sorted((c for c in hand if type(c) is Card and hand[c] > 0),
                      key=lambda c: (ORDER.index(c.rank), SUITS.index(c.suit)))
    if sizes is None:
        sizes = frozenset(range(1, len(naturals) + jokers + 1))
    out: list[tuple] = [(c,) for c in naturals] if 1 in sizes else []
    if jokers and 1 in sizes:
        out.append((JOKER,))
    by_rank: dict = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
    for cards in by_rank.values():
        for k in range(1, len(cards) + 1):
            for combo in combinations(cards, k):
                for j in range(0, jokers + 1):
                    if 2 <= k + j <= MAX_GROUP and k + j in sizes:
                        out.append((*combo, *(JOKER,) * j))
    if jokers >= 2 and joker_pair and 2 in sizes:
        out.append((JOKER, JOKER))
    held = set(naturals)
    for suit in SUITS:
        for start in range(len(ORDER)):
            need = 0
            run: list = []
            for end in range(start, len(ORDER)):
                c = Card(ORDER[end], suit)
                if c in held:
                    run.append(c)
                else:
                    need += 1
                    if need > jokers:
                        break
                    run.append(JOKER)
                if len(run) >= 3 and len(run) in sizes and type(run[0]) is Card:
                    out.append(tuple(run))
    return out


def _reference_joker_stairs(hand: Counter, sizes: frozenset[int] | None) -> set[tuple]:
    """Every stairs a hand can make with its jokers, as (its naturals, its jokers), the plain way: each
    window of the row of a suit, each of its cards held or a joker standing in (also for a card held)."""
    from itertools import combinations

    from scorekeep.cards import SUITS, Card
    from scorekeep.games.daifugo.cards import ORDER

    jokers, n, out = hand[JOKER], len(ORDER), set()
    for suit in SUITS:
        row = [Card(r, suit) for r in ORDER]
        for size in range(3, n + 1):
            for start in range(n - size + 1):
                held = [c for c in row[start:start + size] if hand[c] > 0]
                for drop in range(len(held) + 1):
                    for gone in combinations(held, drop):
                        kept = frozenset(held) - set(gone)
                        if kept and size - len(kept) <= jokers and (sizes is None or size in sizes):
                            out.add((kept, size - len(kept)))
    return out


def _as_set(play: tuple) -> tuple:
    return frozenset(c for c in play if c is not JOKER), play.count(JOKER)


def test_daifugo_hand_plays_lists_every_play_of_a_hand_in_order() -> None:
    # the engine's listing (which the generator and the legal choices of a faulty play use)
    # against the plain reading above, with and without a restriction to some sizes; then the stairs
    # with a joker standing in for a card held or below the lowest held (7♣ 8♣ JK holding 9♣, A♣ 2♣ JK),
    # after them, each once (daifugo.combination: a joker stands in for any card)
    rng = random.Random(5)
    for _ in range(3000 if THOROUGH else 600):
        deck = list(daifugo_engine.FULL_DECK)
        rng.shuffle(deck)
        hand: Counter = Counter(deck[:rng.randint(0, 20)])
        jokers = rng.choice((0, 0, 1, 2, 3))
        if jokers:
            hand[JOKER] = jokers
        if rng.random() < 0.2:
            hand[deck[30]] = 0  # a card played: counted 0
        jp = rng.random() < 0.8
        sizes = None if rng.random() < 0.5 else frozenset(rng.sample(range(1, 9), rng.randint(0, 3)))
        got, first = hand_plays(hand, jp, sizes), _reference_hand_plays(hand, jp, sizes)
        assert got[:len(first)] == first
        if not jokers:
            assert got == first
            continue
        more = [_as_set(p) for p in got[len(first):]]
        stairs = _reference_joker_stairs(hand, None if sizes is None else sizes)
        if sizes is None:  # (hand_plays takes no play longer than the hand)
            stairs = {k for k in stairs if len(k[0]) + k[1] <= sum(hand.values())}
        assert len(more) == len(set(more)) and set(more) == stairs - {_as_set(p) for p in first if len(p) >= 3}


@pytest.mark.parametrize("seed", range(8))
def test_daifugo_legal_moves_are_the_moves_no_check_excludes(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # `legal_moves()` asks the checks the cheap way (without words, one check at a time over the
    # moves still in, plays of the sizes follow-shape takes): every list the demo draws from is
    # exactly the candidates the first-failing-check ruling passes (`is_legal`), gifts included.
    asked = daifugo_legal_moves_held_to_the_checks(monkeypatch)
    daifugo.game(seed)
    daifugo.game(seed, sets=2, reseat=True, jokers=1, rare=3.0, suit_lock=True)
    assert len(asked) > 200


