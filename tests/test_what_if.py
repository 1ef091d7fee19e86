"""What if: `score --rule KEY=VALUE` and `check --rule` score and judge a record under another house
rule and say what changes. The expected totals are worked out by hand from the rules below."""

from __future__ import annotations

import json

import pytest

from conftest import SAMPLES, cli, record
from scorekeep import api, whatif
from scorekeep.errors import InputError

OH_HELL = str(SAMPLES / "oh-hell-seed-example.yaml")
DAIFUGO = str(SAMPLES / "daifugo-seed-example.yaml")
ROOK_GAME_END = str(record("rook/game-end.yaml"))

# The article's three Oh Hell hands (bid/took), North, East, South, West:
#   hand 1: 3/3 2/3 3/3 1/1   hand 2: 2/1 3/3 2/3 1/2   hand 3: 2/2 2/1 2/3 1/2
# Its own scoring (oh-hell.score, made = bid + 10, failed = 0): North 25, East 13, South 13, West 11.
OH_HELL_BY_HAND = {
    # failed = tricks taken (Trickster Basics): the article's "bid 2, took 3: why do some say 3?"
    "failed_score=tricks": {"North": 13 + 1 + 12, "East": 3 + 13 + 1, "South": 13 + 3 + 3, "West": 11 + 2 + 2},
    # failed = minus the bid
    "failed_score=minus-bid": {"North": 13 - 2 + 12, "East": -2 + 13 - 2, "South": 13 - 2 - 2, "West": 11 - 1 - 1},
    # failed = minus the difference between bid and tricks
    "failed_score=minus-difference": {"North": 13 - 1 + 12, "East": -1 + 13 - 1, "South": 13 - 1 - 1,
                                      "West": 11 - 1 - 1},
    # made = bid + 5
    "made_score=bid-plus-5": {"North": 8 + 0 + 7, "East": 0 + 8 + 0, "South": 8 + 0 + 0, "West": 6 + 0 + 0},
    # made = 10 + bid²
    "made_score=10-plus-bid-squared": {"North": 19 + 0 + 14, "East": 0 + 19 + 0, "South": 19 + 0 + 0,
                                       "West": 11 + 0 + 0},
}


@pytest.mark.parametrize("rule", list(OH_HELL_BY_HAND))
def test_oh_hell_score_under_another_scoring_matches_the_hand_count(rule: str) -> None:
    """oh-hell.score under each scoring option, against the totals counted by hand."""
    key, value = rule.split("=")
    w = whatif.compare(OH_HELL, {key: value})
    assert w.base_sheet.totals == {"North": 25, "East": 13, "South": 13, "West": 11}
    assert w.sheet.totals == OH_HELL_BY_HAND[rule]
    assert api.sheet(api.audit(api.load(OH_HELL, overrides={key: value}))).totals == OH_HELL_BY_HAND[rule]
    run = cli("score", OH_HELL, "--rule", rule, "--format", "json")
    assert run.code == 0
    doc = json.loads(run.out)
    assert doc["totals"] == OH_HELL_BY_HAND[rule]
    assert doc["what_if"]["totals_before"] == {"North": 25, "East": 13, "South": 13, "West": 11}


def test_oh_hell_bid_2_took_3_scores_3_under_tricks_and_the_cli_says_what_changes() -> None:
    """oh-hell.score: East bid 2 and took 3 in hand 1 — 0 under the article's settings, 3 under
    Trickster Basics."""
    run = cli("score", OH_HELL, "--rule", "failed_score=tricks")
    assert run.code == 0
    assert "failed_score: tricks (the record's own: zero)" in run.out
    assert "North 25 → 26, East 13 → 17, South 13 → 19, West 11 → 15" in run.out
    assert "winner: none yet either way" in run.out
    # the written hand scores follow the record's own scoring: said once, below the table
    assert "7 × oh-hell.score-recorded" in run.out
    assert run.out.count("oh-hell.score-recorded") == 2  # the count and its first example


def test_daifugo_rank_points_and_match_length_change_the_winner() -> None:
    """daifugo.ranking / daifugo.game-over. The sample's ranks, game by game (甲 乙 丙 丁):
    1: 大富豪 富豪 貧民 大貧民; 2: 大貧民 富豪 大富豪 貧民 (都落ち 甲); 3: 富豪 大貧民 大富豪 貧民 (foul 乙);
    4: 大富豪 富豪 貧民 大貧民 (都落ち 丙, foul 丁). With [5, 3, 1, 0]: 甲 5+0+3+5, 乙 3+3+0+3, 丙 1+5+5+1,
    丁 0+1+1+0. With 3/2/1/0 and one set: 甲 and 丙 tie on 8."""
    w = whatif.compare(DAIFUGO, {"rank_points": "[5, 3, 1, 0]", "sets": "1"})
    assert w.base_sheet.totals == {"甲": 8, "乙": 6, "丙": 8, "丁": 2}
    assert w.sheet.totals == {"甲": 13, "乙": 9, "丙": 12, "丁": 2}
    assert (w.base_sheet.winner, w.sheet.winner) == (None, "甲")
    tie = whatif.compare(DAIFUGO, {"sets": "1"})
    assert tie.totals_changed() == {} and sorted(tie.sheet.winner) == ["丙", "甲"]
    run = cli("score", DAIFUGO, "--rule", "rank_points=[5,3,1,0]", "--rule", "sets=1")
    assert run.code == 0 and "winner: none yet → 甲" in run.out and "甲 8 → 13" in run.out


def test_rook_target_changes_the_winner_and_which_hands_count() -> None:
    """rook.game-end and rook.contract. Hands (North/South, East/West): 1 NS bid 100 took 100 → +100,
    +20; 2 NS bid 80 took 80 → +80, +40; 3 EW bid 90 took 80, set → +40, −90; 4 NS bid 80 took 80 →
    +80, +40; 5 EW bid 70 took 110 → +10, +110. Running NS 100 180 220 300 310, EW 20 60 −30 10 120."""
    own = whatif.compare(ROOK_GAME_END, {"target": "500"})
    assert own.base_sheet.totals == {"North/South": 300, "East/West": 10}
    assert own.base_sheet.winner == "North/South"
    # to 500 nobody has won and hand 5 counts: its rook.game-end violation is gone
    assert own.sheet.totals == {"North/South": 310, "East/West": 120}
    assert own.sheet.winner is None
    assert [v.rule for v in own.violations_removed()] == ["rook.game-end"]
    # to 200 North/South win at hand 3: hands 4 and 5 no longer count
    low = whatif.compare(ROOK_GAME_END, {"target": "200"})
    assert low.sheet.totals == {"North/South": 220, "East/West": -30}
    assert low.sheet.winner == "North/South"
    assert {v.rule for v in low.violations_added()} == {"rook.game-end"}


def test_check_rule_applies_the_option_to_the_check() -> None:
    """oh-hell.hook: with the hook off the dealer's bid is legal, and check says what that removes."""
    path = str(record("oh-hell/hook-forbidden.yaml"))
    assert cli("check", path).code == 1
    run = cli("check", path, "--rule", "hook=false")
    assert run.code == 0, run.out
    assert "what if hook: false?" in run.out and "gone under these rules" in run.out and "oh-hell.hook" in run.out
    doc = json.loads(cli("check", path, "--rule", "hook=false", "--format", "json").out)
    f = doc["files"][0]
    assert f["ok"] and f["what_if"]["rules"] == {"hook": False}
    assert [v["rule"] for v in f["what_if"]["violations_removed"]] == ["oh-hell.hook"]
    # simultaneous bidding has no hook either (oh-hell.bid-order)
    assert cli("check", path, "--rule", "bidding=simultaneous").code == 0


def test_check_rule_can_add_a_violation() -> None:
    """rook.bid-maximum: the article's bids go to 95; with max_bid 90 the 95 is over the limit."""
    path = str(SAMPLES / "rook-seed-example.yaml")
    assert cli("check", path).code == 0
    run = cli("check", path, "--rule", "max_bid=90")
    assert run.code == 1 and "new under these rules" in run.out and "rook.bid-maximum" in run.out


@pytest.mark.parametrize("args, words", [
    (["--rule", "failed=tricks"], ["`failed` is not an oh-hell option", "did you mean `failed_score`", "`hook`"]),
    (["--rule", "failed_score=sometimes"], ["cannot be `sometimes`", "`zero`, `tricks`, `minus-bid`"]),
    (["--rule", "hook=maybe"], ["hook=maybe", "`true`, `false`"]),
    (["--rule", "hook"], ["KEY=VALUE"]),
    (["--rule", "hook="], ["give a value", "`true`, `false`"]),
])
def test_unknown_key_or_value_exits_2_with_the_valid_ones(args: list[str], words: list[str]) -> None:
    for command in ("score", "check"):
        run = cli(command, OH_HELL, *args)
        assert run.code == 2, (command, run)
        for w in words:
            assert w in run.err, (command, w, run.err)


def test_override_goes_through_the_library() -> None:
    with pytest.raises(InputError) as info:
        api.audit(api.load(OH_HELL, overrides={"target": "100"}, strict=True))
    assert "not an oh-hell option" in str(info.value)
    assert whatif.parse_pairs(["a=1", "b = x y", "a=2"]) == {"a": "2", "b": "x y"}
    # the record's own `rules:` stay in force for the options not overridden
    w = whatif.compare(str(record("oh-hell/hook-forbidden.yaml")), {"hook": "false"})
    assert w.audit.header.options["deal_pattern"] == "3..1" and w.audit.header.options["hook"] is False


def test_a_rule_not_written_key_value_is_the_command_lines_slip_in_score_too() -> None:
    """`score --rule hook` said "scorekeep: <record>: --rule `hook`: …", a placeholder for a record held in
    memory; the slip is the command line's, as `check` says it."""
    for command in ("score", "check"):
        run = cli(command, str(SAMPLES / "oh-hell-seed-example.yaml"), "--rule", "hook")
        assert run.code == 2 and run.err.startswith("scorekeep: --rule `hook`: write KEY=VALUE"), run.err
        assert "<record>" not in run.err
