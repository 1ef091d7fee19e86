"""The samples in samples/ give exactly the results the spec lists."""

from __future__ import annotations

import json

from conftest import SAMPLES, cli


def test_oh_hell_seed_example_checks_clean_and_scores_as_the_article() -> None:
    path = str(SAMPLES / "oh-hell-seed-example.yaml")
    assert cli("check", path).code == 0
    doc = json.loads(cli("score", path, "--format", "json").out)
    assert doc["totals"] == {"North": 25, "East": 13, "South": 13, "West": 11}
    assert doc["winner"] is None


def test_oh_hell_full_game_is_complete_with_a_winner() -> None:
    path = str(SAMPLES / "oh-hell-full-game.yaml")
    assert cli("check", path).code == 0
    doc = json.loads(cli("score", path, "--format", "json").out)
    assert len(doc["rows"]) == 19 and all(r["counted"] for r in doc["rows"])
    assert [r["cards"] for r in doc["rows"]] == [*range(10, 0, -1), *range(2, 11)]
    assert doc["winner"] == "Ben" and doc["totals"]["Ben"] == 136
