"""Complete games to 300 from the short simulator of the independent reading (`oracle.rook.sim_game`).

Every simulated game is legal, so it must check clean and score exactly the simulator's totals
and winner — through seat changes, thrown-in hands, sets and both summary and full hands.
"""

from __future__ import annotations

import copy
import random

import pytest
from conftest import audit_text
from oracle.rook import sim_game

from scorekeep import api
from scorekeep.generate import dump

SEEDS = range(12)


@pytest.fixture(scope="module")
def games() -> dict[int, dict]:
    return {seed: sim_game(seed) for seed in SEEDS}


@pytest.mark.parametrize("seed", SEEDS)
def test_simulated_game_checks_clean_and_scores_the_same(games: dict, seed: int) -> None:
    g = games[seed]
    a = audit_text(dump(g["data"]))
    assert [(v.rule, v.location(), v.message) for v in a.violations] == []
    sheet = api.sheet(a)
    assert (sheet.totals, sheet.winner) == (g["totals"], g["winner"])
    assert sheet.winner is not None


def test_simulated_games_cover_seat_changes_all_passes_and_sets(games: dict) -> None:
    hands = [h for g in games.values() for h in g["data"]["hands"]]
    assert sum(len(g["data"]["hands"]) > 4 for g in games.values()) >= 10
    assert any("points" not in h for h in hands)  # thrown in
    assert any(h.get("scores", {}).get(k, 0) < 0 for h in hands for k in h.get("scores", {}))


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_one_wrong_dealer_is_reported_once_where_it_happened(games: dict, seed: int) -> None:
    data = copy.deepcopy(games[seed]["data"])
    rng = random.Random(seed)
    n = rng.randrange(1, len(data["hands"]))  # hand n+1 (1-based)
    hand = data["hands"][n]
    hand["dealer"] = rng.choice([p for p in data["players"] if p != hand["dealer"]])
    a = audit_text(dump(data))
    assert len(a.violations) == 1, [(v.rule, v.location(), v.message) for v in a.violations]
    (v,) = a.violations
    assert v.rule in ("rook.dealer-rotation", "rook.seat-change")
    assert v.location() == {"hand": n + 1, "player": hand["dealer"]}


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_one_wrong_score_is_reported_once(games: dict, seed: int) -> None:
    data = copy.deepcopy(games[seed]["data"])
    scored = [i for i, h in enumerate(data["hands"]) if "scores" in h]
    i = random.Random(seed).choice(scored)
    label = next(iter(data["hands"][i]["scores"]))
    data["hands"][i]["scores"][label] += 5
    a = audit_text(dump(data))
    assert [(v.rule, v.location()) for v in a.violations] in (
        [("rook.points-recorded", {"hand": i + 1})], [("rook.contract", {"hand": i + 1})])
