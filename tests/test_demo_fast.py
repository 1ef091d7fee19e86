"""`scorekeep demo` made faster (issue 13, start-up within 1.3x) without changing a game: the
record writer gives PyYAML's text byte for byte, and the generators' quicker lists of legal
moves are the engines' lists.

Each test fails if a fast path drifts from what it replaces: a text written differently, a
record that reads back differently, a legal move more or fewer, or the same seed giving
another game.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import yaml

from conftest import THOROUGH, sample
from scorekeep import api
from scorekeep.games.daifugo import engine as daifugo_engine
from scorekeep.games.daifugo.cards import JOKER
from scorekeep.generate import _Unsure, _Writer, daifugo, dump, oh_hell, rook, yaml_dump
from scorekeep.yamlio import parse

SEEDS = sample(range(0, 40), 6, keep=(0, 12))  # 0 and 12 make Daifugō games too (every 4th seed)


def _games(seed: int) -> list[object]:
    out = [oh_hell.game(seed), oh_hell.game(seed, vary=True), rook.game(seed),
           rook.game(seed, players=("No", "1", "2026-11-30", "O'Neil"), steer=None)]
    if seed % 4 == 0:
        out += [daifugo.game(seed), daifugo.game(seed, sets=2, reseat=True, notation=0.3, strings=0.3)]
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_demo_text_is_pyyamls_text_and_reads_back_the_same(seed: int) -> None:
    for g in _games(seed):
        text = g.text  # type: ignore[attr-defined]
        data = g.data  # type: ignore[attr-defined]
        assert text == yaml_dump(data)
        assert yaml.safe_load(text) == yaml.safe_load(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
        assert api.read_record(parse(text))[1] == api.read_record(parse(yaml_dump(data)))[1]


def test_the_writer_itself_writes_the_default_demos() -> None:
    """The fast writer, not its fallback, writes every default demo (else no time is saved)."""
    for seed in sample(range(60), 12, keep=(0, 3, 30)):
        for g in (oh_hell.game(seed), rook.game(seed)) + ((daifugo.game(seed),) if seed % 3 == 0 else ()):
            assert _Writer().document(g.data) == yaml_dump(g.data)


TRICKY = ["No", "no", "YES", "on", "Off", "~", "null", "Null", "true", "1", "-1", "+1", "0x1F", "1_000", "1e3",
          ".5", "1:20", "2026-11-30", "=", "<<", "O'Neil", "'quoted'", '"quoted"', "a, b", "a,b", "a: b",
          "a:b", "#x", "a #b", "a#b", "-x", "- x", "?x", "x?", "[x]", "{x}", "&x", "*x", "!x", "|x", ">x",
          "%x", "@x", "`x", " x", "x ", "a  b", "", "日本", "甲", "Renée", "René", "♥Q", "JK=5H", "Nоrth",
          "a\u2028b", "a\x85b", "\ufeffx", "x\u200fy", "🃏", "tab\there", "new\nline", "3S, 3D", "...", "---",
          "x" * 130, "a " * 70]


@pytest.mark.parametrize("value", TRICKY)
def test_text_yaml_would_misread_is_written_as_pyyaml_writes_it(value: str) -> None:
    data = {"game": "rook", "title": value, "players": [value, "B"], value or "k": {value: 1, "x": value},
            "hands": [{"dealer": value, "bidding": [{value: "pass"}, {"B": [value, value]}]}, {value: None}]}
    assert dump(data) == yaml_dump(data)
    assert yaml.safe_load(dump(data)) == data


def test_what_the_writer_cannot_promise_is_left_to_pyyaml() -> None:
    shared = ["a", "b"]
    for data in ({"a": shared, "b": shared}, {"a": 1.5}, {"a": ("t", "u")}, {"a": [[[1, 2]], [3]]},
                 {"a": [1] * 60}, {"a": "x" * 130}, {"a": "a\u2028b"}):
        with pytest.raises(_Unsure):
            _Writer().document(data)
        assert dump(data) == yaml_dump(data)  # type: ignore[arg-type]


# --- the generators' lists of legal moves ---------------------------------------------------

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


def test_daifugo_hand_plays_lists_every_play_of_a_hand_in_order() -> None:
    # the engine's listing (which the generator and the legal choices of a faulty play use)
    # against the plain reading above, with and without a restriction to some sizes
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
        assert daifugo_engine.hand_plays(hand, jp, sizes) == _reference_hand_plays(hand, jp, sizes)


@pytest.mark.parametrize("seed", range(8))
def test_daifugo_legal_moves_are_the_engines(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daifugo, "CHECK_MOVES", True)  # every list compared with legal_moves()
    daifugo.game(seed)
    daifugo.game(seed, sets=2, reseat=True, jokers=1, rare=3.0, suit_lock=True)


@pytest.mark.parametrize("seed", range(20))
def test_oh_hell_legal_cards_are_the_engines(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(oh_hell, "CHECK_MOVES", True)
    oh_hell.game(seed)
    oh_hell.game(seed, vary=True)
    oh_hell.game(seed, players=3, lead_trump="after-broken", hands=5, partial=True)
