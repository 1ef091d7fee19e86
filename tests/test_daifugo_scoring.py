"""Daifugō scoring and the sheet: rank points per game (a house setting), set and match totals,
the winner once `sets: N` is reached; the sample through the CLI's JSON."""

from __future__ import annotations

import json

import pytest

from conftest import SAMPLES, audit, audit_text, cli, record
from scorekeep import api
from scorekeep.games.daifugo.score import game_points, winners

SAMPLE = str(SAMPLES / "daifugo-seed-example.yaml")


@pytest.mark.parametrize("ranking, points, expected", [
    (("甲", "乙", "丙", "丁"), (3, 2, 1, 0), {"甲": 3, "乙": 2, "丙": 1, "丁": 0}),
    (("丁", "丙", "乙", "甲"), (3, 2, 1, 0), {"丁": 3, "丙": 2, "乙": 1, "甲": 0}),
    (("甲", "乙", "丙", "丁"), (10, 5, -5, -10), {"甲": 10, "乙": 5, "丙": -5, "丁": -10}),
])
def test_game_points(ranking: tuple, points: tuple, expected: dict) -> None:
    assert game_points(ranking, points) == expected


@pytest.mark.parametrize("totals, expected", [
    ({"甲": 8, "乙": 6, "丙": 7, "丁": 2}, "甲"),
    ({"甲": 8, "乙": 6, "丙": 8, "丁": 2}, ["甲", "丙"]),
])
def test_winners(totals: dict, expected: object) -> None:
    assert winners(totals) == expected


def test_sample_checks_clean_with_its_events() -> None:
    run = cli("check", SAMPLE, "--format", "json")
    assert run.code == 0
    doc = json.loads(run.out)["files"][0]
    assert doc["ok"] and doc["game"] == "daifugo" and not doc["violations"] and not doc["errors"]
    events = [(e["rule"], e["set"], e["game"], e["player"], "play" in e) for e in doc["events"]]
    assert events == [
        ("daifugo.miyako-ochi", 1, 2, "甲", False),
        ("daifugo.forbidden-finish", 1, 3, "乙", False),
        ("daifugo.miyako-ochi", 1, 4, "丙", False),
        ("daifugo.forbidden-finish", 1, 4, "丁", False),
    ]


def test_sample_scores_as_worked_by_hand() -> None:
    run = cli("score", SAMPLE, "--format", "json")
    assert run.code == 0
    doc = json.loads(run.out)
    assert doc["game"] == "daifugo"
    assert doc["totals"] == {"甲": 8, "乙": 6, "丙": 8, "丁": 2}
    assert doc["winner"] is None
    assert [r["ranking"] for r in doc["rows"]] == [
        ["甲", "乙", "丙", "丁"], ["丙", "乙", "丁", "甲"], ["丙", "甲", "丁", "乙"], ["甲", "乙", "丙", "丁"]]
    assert any("house setting" in n for n in doc["notes"])


def test_score_text_says_rank_points_are_a_house_setting() -> None:
    run = cli("score", SAMPLE, "--wide")
    assert run.code == 0
    assert "house setting" in run.out and "3/2/1/0" in run.out
    assert "大富豪 +3" in run.out and "set 1 total" in run.out


def test_score_formats() -> None:
    md = cli("score", SAMPLE, "--format", "markdown")
    assert md.code == 0 and "| set" in md.out
    csv = cli("score", SAMPLE, "--format", "csv")
    assert csv.code == 0 and csv.out.splitlines()[0].startswith("set,game,complete")


def test_custom_rank_points() -> None:
    text = (SAMPLES / "daifugo-seed-example.yaml").read_text(encoding="utf-8")
    text = text.replace("players: [甲, 乙, 丙, 丁]\n", "players: [甲, 乙, 丙, 丁]\nrules: {rank_points: [10, 5, 2, 0]}\n")
    a = audit_text(text)
    assert api.sheet(a).totals == {"甲": 25, "乙": 15, "丙": 24, "丁": 4}
    assert "10/5/2/0" in api.sheet(a).notes[1]


def test_match_of_one_set_has_a_winner_and_ignores_the_extra_set() -> None:
    sheet = api.sheet(audit("daifugo/match-one-set.yaml"))
    assert sheet.totals == {"甲": 6, "乙": 8, "丙": 8, "丁": 2}
    assert sheet.winner == ["乙", "丙"]
    assert "share the win" in sheet.status


def test_tie_is_shared() -> None:
    assert api.sheet(audit("daifugo/match-tie.yaml")).winner == ["甲", "丙"]


def test_open_match_has_no_winner() -> None:
    sheet = api.sheet(audit("daifugo/game-over-fifth-game.yaml"))
    assert sheet.winner is None and "open-ended" in sheet.status
    assert sheet.totals == {"甲": 12, "乙": 8, "丙": 4, "丁": 0}  # the fifth game does not count


def test_unfinished_games_do_not_count() -> None:
    sheet = api.sheet(audit("daifugo/miyako-ochi-fallen-acts.yaml"))
    assert sheet.totals == {"甲": 3, "乙": 0, "丙": 2, "丁": 1}
    assert sheet.rows[1]["complete"] is False and sheet.rows[1]["points"] is None


def test_match_not_over_until_its_sets_are_complete() -> None:
    text = "game: daifugo\nplayers: [甲, 乙, 丙, 丁]\nrules: {sets: 1}\nsets:\n  - games:\n" + \
        "      - out: [甲, 乙, 丙]\n" * 3
    sheet = api.sheet(audit_text(text))
    assert sheet.winner is None and "the match is 1 set" in sheet.status


def test_sheet_rows_carry_set_and_match_totals() -> None:
    sheet = api.sheet(audit("daifugo/match-reseat.yaml"))
    assert sheet.rows[3]["set_totals"] == {"甲": 12, "乙": 8, "丙": 4, "丁": 0}
    assert sheet.rows[4]["set_totals"] == {"甲": 0, "乙": 0, "丙": 0, "丁": 0}
    assert any(row[0] == "match total" for row in sheet.table)


def test_check_exit_codes() -> None:
    assert cli("check", str(record("daifugo/lock.yaml"))).code == 1
    assert cli("check", str(record("daifugo/finish-legal.yaml"))).code == 0


def test_rules_command_lists_every_rule_id() -> None:
    run = cli("rules", "daifugo")
    assert run.code == 0
    from scorekeep.games.daifugo.rulebook import RULES

    for r in RULES:
        assert r.id in run.out
    one = cli("rules", "大富豪", "miyako-ochi")
    assert one.code == 0 and "都落ち" in one.out and "miyako_ochi" in one.out


def test_the_sheet_names_house_rules_as_a_table_says_them() -> None:
    """daifugo.ranking (house rank points; an open-ended match): the sheet `play` and `serve` show at
    the table said "change them with `rules: {rank_points: [a, b, c, d]}`" and "(`rules: {sets: N}`
    fixes its length)", a record's syntax (a user walk); it names the house rule instead."""
    out = cli("score", str(SAMPLES / "daifugo-seed-example.yaml")).out
    assert "rules: {" not in out and "`" not in out, out
    assert "a house rule can change them" in " ".join(out.split())
    assert "open-ended (a house rule can fix its number of sets)" in " ".join(out.split())


def test_ranks_that_cannot_be_are_scored_as_far_as_they_can_stand() -> None:
    # daifugo.ranking, daifugo.miyako-ochi: ranks only, 甲 (last game's 大富豪) written 富豪 with forbidden finishes
    # off: 甲 can only go out first or fall. The others are taken in the order written, 甲 fallen last (the
    # record's comment); the written ranks once stood as written, 甲 富豪.
    run = cli("score", str(record("daifugo/ranking-ranks-only-impossible.yaml")), "--format", "json")
    row = json.loads(run.out)["rows"][1]
    assert (row["ranking"], row["fallen"]) == (["乙", "丙", "丁", "甲"], "甲")
