"""Random Oh Hell matches played on the engine, against the independent reading.

`scorekeep.games.oh_hell.demo` (behind `demo`) plays random legal moves of the engine;
`oracle.oh_hell` judges and scores on its own reading of the digest (it shares no code with
`scorekeep.games.oh_hell`), and `faults.oh_hell` injects single faults on that reading. Here:
random matches check clean and score as the oracle scores them; every injected single fault is
caught with its rule id at the location where it was made, and with nothing else than the
oracle expects. Seeded loops keep the run reproducible; a failure message carries the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
import yaml
from conftest import audit as audit_record
from conftest import found, sample

import faults.oh_hell as oh_faults
import oracle.oh_hell as oracle
from scorekeep import api
from scorekeep.generate import dump as text
from scorekeep.games.oh_hell import demo as oh_hell


def located(findings: list[Any]) -> list[tuple[str, tuple]]:
    return sorted((r, tuple(sorted(loc.items()))) for r, loc in findings)


def checker(data: dict[str, Any]) -> list[tuple[str, tuple]]:
    return located(found(api.audit(api.load(text=text(data))).violations))


# --- clean matches ---------------------------------------------------------------------------

def test_default_match_is_the_digest_game() -> None:
    g = oh_hell.game(7)
    hands = g.data["hands"]
    assert g.data["players"] == ["North", "East", "South", "West"]
    assert [h["cards"] for h in hands] == [*range(10, 0, -1), *range(2, 11)]
    assert [h["cards"] for h in hands].count(1) == 1
    assert all({"deal", "turn_up", "trump", "play", "tricks", "scores"} <= set(h) for h in hands)
    assert "rules" not in g.data and "one-card-hand" in g.features
    assert g.winner is not None


def test_generator_is_reproducible_from_the_seed() -> None:
    assert oh_hell.game(11, vary=True).data == oh_hell.game(11, vary=True).data
    assert oh_hell.game(11).data != oh_hell.game(12).data


@pytest.mark.parametrize("players", range(2, 8))
def test_default_pattern_matches_check_clean_for_every_table_size(players: int) -> None:
    for seed in range(4):
        g = oh_hell.game(seed, players=players)
        assert len(g.data["hands"]) == 2 * min(10, 51 // players) - 1
        audit = api.audit(api.load(text=text(g.data)))
        assert found(audit.violations) == [], (players, seed)
        sheet = api.sheet(audit)
        assert (sheet.totals, sheet.winner) == (g.totals, g.winner), (players, seed)


def test_generated_matches_check_clean_and_score_as_generated() -> None:
    features: Counter[str] = Counter()
    for seed in sample(range(160), 60, keep=range(40)):  # the first 20 reach every situation below
        g = oh_hell.game(seed, vary=True)
        features.update(g.features)
        assert oracle.expected_violations(g.data) == [], seed
        audit = api.audit(api.load(text=text(g.data)))
        assert found(audit.violations) == [], seed
        sheet = api.sheet(audit)
        assert (sheet.totals, sheet.winner) == oracle.standings(g.data) == (g.totals, g.winner), seed
    # The rare situations the digest singles out come up, not just the common ones.
    for feature in ("hook-bound-dealer", "dealer-free", "hook-forbids-zero", "hook-forbids-all",
                    "dealer-forced", "one-card-hand", "zero-bid-made", "zero-bid-failed",
                    "bids-add-up", "trump-led", "trump-led-holding-only-trump", "trumped-in",
                    "discard", "shared-win", "in-progress", "hand-in-progress"):
        assert features[feature] > 0, feature


# --- injected faults -------------------------------------------------------------------------

def _knobs(rule: str, variant: str, seed: int) -> dict[str, Any]:
    """Match settings that give each way of breaking a rule somewhere to happen."""
    knobs: dict[str, Any] = {"vary": True}
    if variant == "trump-lead":
        knobs["lead_trump"] = random.Random(seed).choice(("after-broken", "after-first-trick"))
        knobs["detail"] = "full"
    if rule == "oh-hell.hook":
        knobs.update(hook=True, bidding="in-order")
    if variant in ("dealt-twice", "turn-up-dealt", "turn-up-dealt-played", "undealt", "twice",
                   "revoke", "revoke-inferred", "order-in-trick", "leader", "counts"):
        knobs["detail"] = "full"
    if variant == "deal":
        knobs["detail"] = "full"
    if rule == "oh-hell.game-end":
        knobs["hands"] = 99  # the whole pattern
    return knobs


CASES = [(rule, variant) for rule in oh_faults.FAULT_RULES for variant in oh_faults.INJECTORS[rule]]


_played: dict[tuple[int, tuple], Any] = {}
"""The matches generated so far, by seed and settings: most ways of breaking a rule share their
settings, and `inject` changes a copy, never the match."""


def _faults(rule: str, variant: str, seeds: range) -> list[tuple[int, Any]]:
    out = []
    for seed in seeds:
        knobs = _knobs(rule, variant, seed)
        key = (seed, tuple(sorted(knobs.items())))
        g = _played.get(key) or _played.setdefault(key, oh_hell.game(seed, **knobs))
        fault = oh_faults.inject(g, rule, random.Random(seed), variants=[variant])
        if fault is not None:
            out.append((seed, fault))
    return out


@pytest.mark.parametrize(("rule", "variant"), CASES, ids=[f"{r[8:]}:{v}" for r, v in CASES])
def test_injected_fault_is_caught_where_it_was_made(rule: str, variant: str) -> None:
    faults = _faults(rule, variant, range(12))
    assert len(faults) >= 4, f"only {len(faults)} of 12 matches took a {variant} fault"
    for seed, fault in faults:
        got = checker(fault.data)
        where = f"seed {seed}: {fault.what}"
        assert (fault.rule, tuple(sorted(fault.location.items()))) in got, where
        assert got == located(oracle.expected_violations(fault.data)), where
        assert {r for r, _ in got} == {rule}, where


# --- checker bugs the generator found ----------------------------------------------------------

def test_hand_size_extra_card_is_reported_at_the_player_who_got_it() -> None:
    audit = audit_record("oh-hell/hand-size-extra-card-two-players.yaml")
    assert found(audit.violations) == [("oh-hell.hand-size", {"hand": 1, "player": "North"})]


def test_turned_card_in_a_deal_is_one_deck_fault() -> None:
    audit = audit_record("oh-hell/deck-turn-up-dealt-and-played.yaml")
    assert found(audit.violations) == [("oh-hell.deck", {"hand": 1, "player": "South"})]


def test_generated_turned_card_in_a_played_deal_is_one_deck_fault() -> None:
    faults = _faults("oh-hell.deck", "turn-up-dealt-played", range(6))
    assert faults
    for seed, fault in faults:
        assert checker(fault.data) == located([(fault.rule, fault.location)]), seed


def test_generated_two_player_extra_card_is_one_hand_size_fault() -> None:
    faults = []
    for seed in range(40):
        g = oh_hell.game(seed, players=2, detail="full", deal_pattern="3..1")
        fault = oh_faults.inject(g, "oh-hell.hand-size", random.Random(seed), variants=["deal"])
        if fault is not None and fault.location["player"] == g.data["players"][0]:
            faults.append((seed, fault))
    assert faults
    for seed, fault in faults:
        assert checker(fault.data) == located([(fault.rule, fault.location)]), seed


# --- the oracle on the digest's worked examples ----------------------------------

def test_oracle_finds_the_source_sheet_clean_and_scores_it() -> None:
    from conftest import SAMPLES

    data = yaml.safe_load((SAMPLES / "oh-hell-seed-example.yaml").read_text(encoding="utf-8"))
    assert oracle.expected_violations(data) == []
    m = oracle.Match.read(data)
    totals = Counter()
    for i, hd in enumerate(data["hands"]):
        took = m.took(i)
        for p, b in hd["bids"].items():
            totals[p] += oracle.score(b, took[p], m.opts)
    assert totals == {"North": 25, "East": 13, "South": 13, "West": 11}


def test_oracle_hooks_the_articles_dealer() -> None:
    # Article: others bid 2, 3, 1 in a 10-card hand, so the dealer may bid anything but 4.
    hand = {"cards": 10, "dealer": "North", "bids": {"East": 2, "South": 3, "West": 1, "North": 4}}
    data = {"game": "oh-hell", "players": ["North", "East", "South", "West"], "hands": [hand]}
    assert oracle.expected_violations(data) == [("oh-hell.hook", {"hand": 1, "player": "North"})]
    for legal_bid in (0, 1, 2, 3, 5, 10):
        hand["bids"]["North"] = legal_bid
        assert oracle.expected_violations(data) == []
    hand["bids"] = {"East": 5, "South": 4, "West": 2, "North": 0}  # others exceed 10: no hook
    assert oracle.expected_violations(data) == []
