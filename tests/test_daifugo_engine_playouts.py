"""Random playouts on the Daifugō engine (`scorekeep demo daifugo`), against the checker and the
independent reading (`tests/oracle/daifugo.py`):

- every playout checks clean, with the events and scores the engine played;
- the independent reading replays every playout to the same events and rankings;
- a move outside the legal set, applied, gives exactly one finding, with the rule id of the
  filter that excluded it (and `ruling` names the same rule);
- the demo covers the rare rules, reproducibly from the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from scorekeep import api
from scorekeep.cards import Card
from scorekeep.games.daifugo.engine import CHECKS, Pass, Play, Position
from scorekeep.games.daifugo.holdings import hand_plays
from scorekeep.engine import first_excluding
from scorekeep.generate import Generated
from scorekeep.games.daifugo import demo as demo

from oracle import daifugo as oracle

CASES: list[tuple[int, dict[str, Any]]] = (
    [(seed, {}) for seed in range(15)]  # the demo's own matches (two games a set)
    + [(seed, {"games_per_set": 4}) for seed in range(15, 30)]  # the rules' four games a set
    + [(seed, {"sets": 2, "reseat": True, "notation": 0.2, "strings": 0.3, "out_keys": 1.0}) for seed in range(30, 40)]
    + [(400, {"eight_cut": False}), (401, {"suit_lock": False}), (402, {"spade_3_return": False}),
       (403, {"forbidden_finish": False}), (404, {"miyako_ochi": False}), (405, {"eight_cut_stairs": True}),
       (406, {"stairs_revolution": 5}), (407, {"rank_points": (5, 3, 1, 0), "sets": 2}),
       (408, {"blind_cards": 0, "jokers": 0}), (409, {"games_per_set": 3, "sets": 2})]
)


def _id(case: tuple[int, dict[str, Any]]) -> str:
    seed, knobs = case
    return f"{seed}-" + "-".join(f"{k}={v}" for k, v in knobs.items()) if knobs else str(seed)


@cache
def _match(seed: int, knobs: tuple[tuple[str, Any], ...] = ()) -> Generated:
    return demo.game(seed, **dict(knobs))


def _events(events: Any) -> list[tuple[str, tuple[tuple[str, Any], ...]]]:
    return sorted((rule, tuple(sorted(loc.items()))) for rule, loc in events)


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_engine_playout_checks_clean_and_the_independent_reading_agrees(case):
    seed, knobs = case
    m = _match(seed, tuple(knobs.items()))
    audit = api.audit(api.load(text=m.text))
    assert [(v.rule, v.location()) for v in audit.violations] == []
    assert _events((e.rule, e.location()) for e in audit.events) == _events(m.events)
    assert api.sheet(audit).totals == m.totals
    events, ranks = oracle.replay(m.data)
    assert _events(events) == _events(m.events)
    assert ranks == [g["ranks"] for s in m.data["sets"] for g in s["games"]]


def test_demo_is_reproducible_from_the_seed():
    assert demo.game(7, sets=2).text == demo.game(7, sets=2).text
    assert demo.game(7).text != demo.game(8).text


def test_demo_covers_the_rare_rules():
    seen: set[str] = set()
    for seed, knobs in CASES:
        seen |= _match(seed, tuple(knobs.items())).features
    for rule in ("revolution", "counter-revolution", "eight-cut", "suit-lock", "spade-3-return",
                 "forbidden-finish", "miyako-ochi", "double-foul", "foul-eight-cut", "foul-joker", "foul-two",
                 "foul-three", "foul-spade-3", "joker-annotated", "joker-under-lock", "lead-passes-left",
                 "long-stairs", "joker-pair"):
        assert rule in seen, rule


def _positions(seed: int) -> list[Position]:
    """The positions of a playout, turn by turn (the engine replays the demo's own record)."""
    from scorekeep.games.daifugo import rules
    from scorekeep.games.daifugo.record import read
    from scorekeep.yamlio import parse

    result = rules.audit(read(parse(_match(seed).text)), positions=True).result
    return [t.before for s in result.sets for g in s.games for t in g.turns
            if t.before is not None and t.before.phase == "play"]


def _outside(pos: Position, rng: random.Random) -> list[Play | Pass]:
    """Moves outside the legal set here: illegal plays from the hand, a pass on an empty table,
    a good play by someone whose turn it is not, a card another player holds."""
    p = pos.to_act
    assert p is not None
    legal = {(type(m), str(m)) for m in pos.legal_moves()}
    hand = pos.hand(p)
    assert hand is not None
    plays = [Play(p, c) for c in hand_plays(hand)]
    out: list[Play | Pass] = [m for m in plays if (Play, str(m)) not in legal]
    out = rng.sample(out, min(4, len(out)))
    if pos.table.top is None:
        out.append(Pass(p))
    naturals = sorted((c for c in hand if hand[c] and type(c) is Card), key=str)
    pair = [(a, b) for a in naturals for b in naturals if a.rank != b.rank]  # type: ignore[union-attr]
    if pair:
        out.append(Play(p, rng.choice(pair)))
    others = [q for q in pos.st.active if q != p]
    for q in others:
        mine = [Play(q, c) for c in hand_plays(pos.hand(q) or {})]  # type: ignore[arg-type]
        good = [m for m in mine if pos.verdict(Play(p, m.cards))[0].rule is None]
        if good:
            out.append(rng.choice(good))
            not_mine = [m for m in good if Counter(m.cards) - hand]
            if not_mine:
                out.append(Play(p, rng.choice(not_mine).cards))
            break
    return out


@pytest.mark.parametrize("seed", range(3))
def test_a_move_outside_the_legal_set_gives_one_finding_with_its_filters_rule(seed):
    rng = random.Random(seed)
    checked = 0
    rules_seen: set[str] = set()
    for pos in _positions(seed):
        for move in _outside(pos, rng):
            hit = first_excluding(CHECKS["play"], pos, move)
            assert hit is not None, (str(move), move.player)
            ruling = pos.ruling(move)
            assert not ruling.legal and ruling.rule == hit[0].rule
            new, _found = pos.apply(move)
            assert [v.rule for v in new.f.violations] == [hit[0].rule], (str(move), move.player, hit[1])
            rules_seen.add(hit[0].rule)
            checked += 1
    assert checked > 100
    assert {"daifugo.follow-shape", "daifugo.follow-stronger", "daifugo.combination", "daifugo.pass",
            "daifugo.turn-order", "daifugo.card-not-held"} <= rules_seen | {"daifugo.first-lead", "daifugo.clear"}


@pytest.mark.parametrize("seed", range(3))
def test_legal_moves_are_exactly_the_moves_every_filter_passes(seed):
    for pos in _positions(seed)[::3]:
        p = pos.to_act
        hand = pos.hand(p)  # type: ignore[arg-type]
        assert hand is not None
        candidates = [Pass(p), *(Play(p, c) for c in hand_plays(hand))]  # type: ignore[arg-type]
        by_filters = {str(m) for m in candidates if first_excluding(CHECKS["play"], pos, m) is None}
        assert {str(m) for m in pos.legal_moves()} == by_filters
        for m in pos.legal_moves():
            assert pos.ruling(m).legal and pos.is_legal(m)
