"""The Rook sample through the CLI, as samples/README.md states its results, and replay/rules."""

from __future__ import annotations

import json

from conftest import RECORDS, SAMPLES, cli

SAMPLE = str(SAMPLES / "rook-seed-example.yaml")


def test_sample_checks_clean_as_json() -> None:
    run = cli("check", SAMPLE, "--format", "json")
    assert run.code == 0
    (f,) = json.loads(run.out)["files"]
    assert (f["game"], f["ok"], f["errors"], f["violations"], f["events"]) == ("rook", True, [], [], [])


def test_sample_scores_120_to_0_with_no_winner_yet() -> None:
    run = cli("score", SAMPLE, "--format", "json")
    assert run.code == 0
    doc = json.loads(run.out)
    assert doc["game"] == "rook"
    assert doc["totals"] == {"North/South": 120, "East/West": 0}
    assert doc["winner"] is None
    (row,) = doc["rows"]
    assert (row["dealer"], row["bidder"], row["bid"], row["trump"], row["made"]) == ("West", "North", 95, "green", True)
    assert row["points"] == row["scores"] == {"North/South": 120, "East/West": 0}


def test_sample_replay_tabulates_the_tricks_like_the_article() -> None:
    run = cli("replay", SAMPLE, "--hand", "1")
    assert run.code == 0
    lines = run.out.splitlines()
    rows = [line.split() for line in lines if line[:1].isdigit()]
    assert [r[0] for r in rows] == [str(i) for i in range(1, 10)]
    assert [r[9] for r in rows] == ["South", "North", "North", "South", "South", "North", "North", "North", "North"]
    assert [r[10] for r in rows] == ["15", "0", "5", "10", "15", "20", "0", "20", "30"]
    assert "North Y10, East Y5, South Y12, West Y6" in run.out
    assert "total check: 115 + 5 = 120" in run.out
    assert "the nest (5 points) goes to North, who won trick 9 → North/South" in run.out


def test_score_text_shows_made_and_set_at_a_glance() -> None:
    run = cli("score", str(RECORDS / "rook" / "both-over.yaml"))
    assert run.code == 0
    assert "-70 set" in run.out and "+120 made" in run.out
    assert "Them wins, 310 to 300" in run.out


def test_check_json_reports_rule_location_and_line() -> None:
    run = cli("check", str(RECORDS / "rook" / "revoke-inferred.yaml"), "--format", "json")
    assert run.code == 1
    (v,) = json.loads(run.out)["files"][0]["violations"]
    assert (v["rule"], v["hand"], v["trick"], v["player"], v["line"]) == ("rook.follow-color", 1, 4, "West", 15)


def test_score_csv_has_a_row_per_hand() -> None:
    run = cli("score", str(RECORDS / "rook" / "seat-change.yaml"), "--format", "csv")
    assert run.code == 0
    assert len(run.out.splitlines()) == 1 + 13


def test_rules_lists_every_rook_rule_id() -> None:
    run = cli("rules", "rook")
    assert run.code == 0
    digest = (RECORDS.parent.parent / "scorekeep" / "games" / "rook" / "rulebook.yaml").read_text()
    for rule in ("rook.deck", "rook.deal", "rook.dealer-rotation", "rook.seat-change", "rook.bid-order",
                 "rook.bid-minimum", "rook.bid-step", "rook.bid-maximum", "rook.bid-after-pass", "rook.bid-end",
                 "rook.all-pass", "rook.nest-exchange", "rook.trump", "rook.turn-order", "rook.card-not-held",
                 "rook.follow-color", "rook.bird-anytime", "rook.bird-led", "rook.bird-must-follow-trump",
                 "rook.trick-winner", "rook.nest-to-last-trick", "rook.points-total", "rook.points-recorded",
                 "rook.contract", "rook.game-end"):
        assert rule in run.out and rule in digest
    one = cli("rules", "rook", "seat-change")
    assert one.code == 0 and "seat_change_every" in one.out and "seat_change_deal" in one.out


def test_replay_says_the_bidding_starts_left_of_the_seat_check_judged_it_from() -> None:
    """rook.bid-order, rook.dealer-rotation: hand 5's dealer is written East but South dealt (check's
    one finding); the engine judges the bidding from South's left, where East opens. `replay` once
    said the bidding went from the dealer written's left (East's), before East's own opening call."""
    run = cli("replay", str(RECORDS / "rook/why/seat-change-made-dealer-miswritten.yaml"), "--hand", "5")
    assert "bidding from South's left: East 70, North 75" in run.out
