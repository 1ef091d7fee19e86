"""Matches from the independent reading (`tests/oracle/daifugo.py`) against the checker: clean,
the same events, the same scores, and single injected faults (`tests/faults/daifugo.py`) caught
with their rule id at their place.

The independent reading was written from the rule digest without reading the engine, so every
disagreement here means one of the two misreads the digest.
"""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest
import yaml

from scorekeep import api
from scorekeep.generate import Generated
from oracle import daifugo as gen
from faults import daifugo as faults

from conftest import DUMPER, found, record

# (seed, knobs): about 300 games per run, defaults first, then every house-rule option.
CASES: list[tuple[int, dict[str, Any]]] = (
    [(seed, {}) for seed in range(25)]
    + [(seed, {"notation": 0.05, "strings": 0.1}) for seed in range(25, 40)]
    + [(seed, {"sets": 2, "reseat": True}) for seed in range(100, 110)]
    + [(seed, {"out_keys": 1.0, "notation": 0.3, "strings": 0.4}) for seed in range(200, 206)]
    + [(seed, {"declare_sets": False, "sets": 2}) for seed in range(300, 303)]
    + [(400, {"eight_cut": False}), (401, {"suit_lock": False}), (402, {"spade_3_return": False}),
       (403, {"forbidden_finish": False}), (404, {"miyako_ochi": False}),
       (405, {"eight_cut_stairs": True}), (406, {"stairs_revolution": 5}),
       (407, {"rank_points": (5, 3, 1, 0), "sets": 2}), (408, {"blind_cards": 0, "jokers": 0}),
       (409, {"games_per_set": 3, "sets": 2})]
)


def _id(case: tuple[int, dict[str, Any]]) -> str:
    seed, knobs = case
    return f"{seed}-" + "-".join(f"{k}={v}" for k, v in knobs.items()) if knobs else str(seed)


@cache
def _game(seed: int, knobs: tuple[tuple[str, Any], ...] = ()) -> Generated:
    return gen.game(seed, **dict(knobs))


def _events(events: Any) -> list[tuple[str, tuple[tuple[str, Any], ...]]]:
    """(rule, location) pairs in a fixed order, so the order of events in one play does not matter."""
    return sorted((rule, tuple(sorted(loc.items()))) for rule, loc in events)


def _winner(w: str | list[str] | None) -> Any:
    return sorted(w) if isinstance(w, list) else w


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_generated_match_checks_clean_with_its_events_and_scores(case):
    seed, knobs = case
    g = _game(seed, tuple(knobs.items()))
    audit = api.audit(api.load(text=g.text))
    assert found(audit.violations) == []
    assert _events(found(audit.events)) == _events(g.events)
    sheet = api.sheet(audit)
    assert sheet.totals == g.totals
    assert _winner(sheet.winner) == _winner(g.winner)


def test_generated_matches_cover_the_rare_rules():
    seen: set[str] = set()
    for seed, knobs in CASES:
        seen |= _game(seed, tuple(knobs.items())).features
    for rule in ("revolution", "counter-revolution", "eight-cut", "suit-lock", "spade-3-return",
                 "forbidden-finish", "miyako-ochi", "miyako-then-foul", "double-foul",
                 "exchange-received-stronger", "lead-passes-left", "joker-annotated",
                 "joker-strongest-reading", "joker-under-lock", "foul-eight-cut", "foul-three",
                 "foul-two", "foul-spade-3", "foul-joker", "foul-creates-lock", "foul-with-revolution",
                 "finish-with-revolution", "miyako-leaves-nobody", "clear-at-play", "joker-pair",
                 "group-joker-annotated", "group-of-5-or-6", "long-stairs", "stairs-two-jokers-unannotated"):
        assert rule in seen, rule


FAULT_MATCHES = [(seed, {"sets": 2}) for seed in range(500, 512)]
PER_RULE = 6


@pytest.mark.parametrize("rule", faults.FAULT_RULES)
def test_injected_fault_is_caught_with_its_rule_at_its_place(rule):
    rng = random.Random(rule)
    caught = 0
    for seed, knobs in FAULT_MATCHES:
        fault = faults.inject(_game(seed, tuple(knobs.items())), rule, rng)
        if fault is None:
            continue
        audit = api.audit(api.load(text=fault.text))
        assert found(audit.violations) == [(rule, fault.location)], fault.what
        caught += 1
        if caught == PER_RULE:
            break
    assert caught == PER_RULE


@pytest.mark.parametrize("seed", range(20))
def test_turn_order_a_pass_left_out_of_the_record_is_reported_once(seed):
    # daifugo.turn-order / daifugo.pass: the record goes on as if the skipped player had passed,
    # so the checker carries on that way: one report, where the pass is missing, nothing after.
    data = _game(seed).data
    spots = [(si, gi, pi) for si, s in enumerate(data["sets"]) for gi, g in enumerate(s["games"])
             for pi, play in enumerate(g.get("plays") or ()) if list(play.values()) == ["pass"]]
    for si, gi, pi in random.Random(seed).sample(spots, 5):
        d = copy.deepcopy(data)
        del d["sets"][si]["games"][gi]["plays"][pi]
        who = list(d["sets"][si]["games"][gi]["plays"][pi])[0]
        audit = api.audit(api.load(text=yaml.dump(d, Dumper=DUMPER, allow_unicode=True)))
        assert [(v.rule, v.set, v.game, v.play, v.player) for v in audit.violations] in (
            [(f"daifugo.{rule}", si + 1, gi + 1, pi + 1, who)] for rule in ("turn-order", "pass")), \
            (seed, si + 1, gi + 1, pi + 1)


def test_out_list_that_contradicts_the_plays_is_a_ranking_violation():
    # the same game with `fouls: [A]` and `out: [B, A, C]`: the finishing order is wrong
    text = record("daifugo/fouls-list-contradicts-plays.yaml").read_text(encoding="utf-8")
    text = text.replace("fouls: []", "fouls: [A]").replace("out: [A, B, C]", "out: [B, A, C]")
    assert found(api.audit(api.load(text=text)).violations) == [("daifugo.ranking", {"set": 1, "game": 1})]


def test_fouls_list_that_contradicts_the_plays_is_a_ranking_violation():
    audit = api.audit(api.load(str(record("daifugo/fouls-list-contradicts-plays.yaml"))))
    assert found(audit.events) == [("daifugo.forbidden-finish",
                                    {"set": 1, "game": 1, "play": 5, "player": "A"})]
    assert found(audit.violations) == [("daifugo.ranking", {"set": 1, "game": 1})]


def test_record_with_one_wrong_entry_in_out_is_clean_once_corrected():
    text = record("daifugo/out-list-wrong-once.yaml").read_text(encoding="utf-8")
    audit = api.audit(api.load(text=text.replace("out: [B, A, C]", "out: [A, B, C]")))
    assert found(audit.violations) == []
    assert found(audit.events) == [("daifugo.forbidden-finish", {"set": 1, "game": 2, "play": 6, "player": "A"})]


def test_one_wrong_out_entry_is_reported_once():
    audit = api.audit(api.load(str(record("daifugo/out-list-wrong-once.yaml"))))
    assert found(audit.violations) == [("daifugo.ranking", {"set": 1, "game": 2})]
