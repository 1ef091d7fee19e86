"""Oh Hell rules, each from both sides: the illegal play is caught with its rule id and
location; the legal play people think is illegal is not."""

from __future__ import annotations

import pytest

from conftest import RECORDS, audit, audit_text, found, rules_of
from scorekeep import api

H = "hand"


def loc(**kw: object) -> dict:
    return dict(kw)


@pytest.mark.parametrize("name", [
    "clean-short-game",
    "hook-dealer-free",
    "hook-equal-bids",
    "hook-off",
    "bid-order-in-progress",
    "follow-suit-not-higher",
    "article-trick",
    "in-progress-play-null",
])
def test_legal_records_check_clean(name: str) -> None:
    a = audit(f"oh-hell/{name}.yaml")
    assert a.violations == [], [v.message for v in a.violations]


EXPECTED = {
    "hook-forbidden": [("oh-hell.hook", loc(hand=1, player="North"))],
    "hook-dealer-zero-forbidden": [("oh-hell.hook", loc(hand=1, player="North"))],
    "bid-range": [("oh-hell.bid-range", loc(hand=1, player="East")),
                  ("oh-hell.bid-range", loc(hand=1, player="South"))],
    "bid-order-gap": [("oh-hell.bid-order", loc(hand=1, player="West"))],
    "dealer-rotation": [("oh-hell.dealer-rotation", loc(hand=2, player="West"))],
    "hand-size": [("oh-hell.hand-size", loc(hand=2))],
    "hand-size-deal": [("oh-hell.hand-size", loc(hand=1, player="North")),
                       ("oh-hell.hand-size", loc(hand=1, player="West"))],
    "trump-mismatch": [("oh-hell.trump", loc(hand=1))],
    "deck-duplicate": [("oh-hell.deck", loc(hand=1, player="South")),
                       ("oh-hell.deck", loc(hand=1, player="West"))],
    "follow-suit-revoke": [("oh-hell.follow-suit", loc(hand=1, trick=2, player="South"))],
    "follow-suit-inferred": [("oh-hell.follow-suit", loc(hand=1, trick=1, player="South"))],
    "card-not-held": [("oh-hell.card-not-held", loc(hand=1, trick=2, player="East")),
                      ("oh-hell.card-not-held", loc(hand=1, trick=2, player="South"))],
    "card-not-held-later-owner": [("oh-hell.card-not-held", loc(hand=1, trick=2, player="East"))],
    "card-played-twice": [("oh-hell.card-not-held", loc(hand=1, trick=2, player="North")),
                          ("oh-hell.card-not-held", loc(hand=1, trick=2, player="West"))],
    "turn-order": [("oh-hell.turn-order", loc(hand=1, trick=1, player="West"))],
    "turn-order-leader": [("oh-hell.turn-order", loc(hand=1, trick=2, player="South"))],
    "trick-winner-count": [("oh-hell.trick-winner", loc(hand=1, player="North")),
                           ("oh-hell.trick-winner", loc(hand=1, player="West"))],
    "trick-total": [("oh-hell.trick-total", loc(hand=1))],
    "score-recorded": [("oh-hell.score-recorded", loc(hand=1, player="West"))],
    "game-end": [("oh-hell.game-end", loc(hand=3))],
    # one mistake, one report: the replay carries on from what the record shows happened
    "resync-skipped-hand": [("oh-hell.hand-size", loc(hand=5))],
    "resync-dealer-slip": [("oh-hell.dealer-rotation", loc(hand=3, player="P1"))],
    "resync-cards-slip": [("oh-hell.hand-size", loc(hand=2))],
    "resync-dealer-slip-play-shows": [("oh-hell.dealer-rotation", loc(hand=3, player="P1"))],
    "deck-joker": [("oh-hell.deck", loc(hand=1, player="E"))],
    "card-not-held-no-inference": [("oh-hell.card-not-held", loc(hand=1, trick=2, player="E"))],
    "bid-range-no-hook-cascade": [("oh-hell.bid-range", loc(hand=1, player="E"))],
    "trick-winner-partial-play": [("oh-hell.trick-winner", loc(hand=1, player="N"))],
    "unfinished-hand-mid-play": [("oh-hell.unfinished-hand", loc(hand=2))],
    "trick-total-negative": [("oh-hell.trick-total", loc(hand=1))],
    "unfinished-hand": [("oh-hell.unfinished-hand", loc(hand=1))],  # issue 13.11
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_breach_is_caught_with_rule_id_and_location(name: str) -> None:
    assert found(audit(f"oh-hell/{name}.yaml").violations) == EXPECTED[name]


def test_hook_forbids_only_the_number_that_makes_the_total() -> None:
    (v,) = audit("oh-hell/hook-forbidden.yaml").violations
    assert "bidding 1 would make the bids total exactly 3" in v.message
    assert "could bid 0, 2 or 3" in v.message
    assert v.line == 6


def test_hook_frees_dealer_when_bids_exceed_hand() -> None:
    assert audit("oh-hell/hook-dealer-free.yaml").violations == []


def test_hook_is_not_no_two_equal_bids() -> None:
    assert audit("oh-hell/hook-equal-bids.yaml").violations == []


def test_follow_suit_message_names_the_held_cards() -> None:
    (v,) = audit("oh-hell/follow-suit-revoke.yaml").violations
    assert "holding 9♥" in v.message and "Q♣" in v.message


def test_trick_total_a_count_below_0_is_named_not_the_total() -> None:
    # The counts add up to the hand size, 3: the message says which count is wrong, not the total.
    (v,) = audit("oh-hell/trick-total-negative.yaml").violations
    assert "North (-1) are below 0" in v.message and "add up to 3," not in v.message


def test_follow_suit_does_not_require_higher_or_trumping() -> None:
    assert audit("oh-hell/follow-suit-not-higher.yaml").violations == []


def test_revoke_inferred_without_deal_is_located_at_the_revoke() -> None:
    (v,) = audit("oh-hell/follow-suit-inferred.yaml").violations
    assert (v.trick, v.line) == (1, 10)
    assert "played 5♠ in trick 2" in v.message


def test_trick_winner_lowest_trump_beats_led_ace() -> None:
    res = audit("oh-hell/article-trick.yaml").result
    (trick,) = res.hands[0].tricks
    assert trick.winner == "丙"
    assert "highest trump" in trick.why


def test_dealer_rotation_carries_on_from_recorded_dealer() -> None:
    # hand 3 by North is right once West is taken to have dealt hand 2
    assert rules_of(audit("oh-hell/dealer-rotation.yaml").violations) == ["oh-hell.dealer-rotation"]


def test_game_end_hand_after_the_pattern_is_not_counted() -> None:
    a = audit("oh-hell/game-end.yaml")
    assert a.result.totals == {"North": 20, "East": 21, "South": 10, "West": 10}
    assert a.result.over


def test_score_recorded_compares_each_player() -> None:
    (v,) = audit("oh-hell/score-recorded.yaml").violations
    assert "West bid 0 and took 1, which scores 0" in v.message


def test_score_recorded_names_the_other_scoring_that_gives_the_sheets_number() -> None:
    # The article's dispute: bid 2, took 3 scores 0 here; 3 is the Basics' one point per trick.
    (v,) = audit("oh-hell/score-recorded-tricks-variant.yaml").violations
    assert (v.rule, v.hand, v.player) == ("oh-hell.score-recorded", 1, "East")
    assert v.message.endswith("3 is the score with `failed_score: tricks` (1 point per trick taken, as in "
                              "Trickster's Basics), but this game is scored with `failed_score: zero`")
    assert "is the score with" not in audit("oh-hell/score-recorded.yaml").violations[0].message


def test_hand_size_resync_after_a_skipped_hand_still_ends_the_game() -> None:
    a = audit("oh-hell/resync-skipped-hand.yaml")
    assert a.result.over and len(a.result.hands) == 18
    assert [h.position for h in a.result.hands][4:6] == [5, 6]  # hand 5 is the pattern's hand 6
    assert "skips a hand of the pattern" in a.violations[0].message


def test_hand_size_cards_slip_is_judged_at_the_pattern_size() -> None:
    a = audit("oh-hell/resync-cards-slip.yaml")
    assert a.result.hands[1].size == 9
    assert "`cards` says 8" in a.violations[0].message


def test_dealer_rotation_slip_the_play_contradicts_is_not_carried_on() -> None:
    a = audit("oh-hell/resync-dealer-slip-play-shows.yaml")
    assert [h.dealer for h in a.result.hands][2:5] == ["P3", "P4", "P1"]
    assert "the play agrees" in a.violations[0].message


def test_hand_size_a_hand_of_the_pattern_dealt_twice_is_reported_once() -> None:
    """oh-hell.hand-size: the 1-card hand dealt twice (the article: 中間的1張輪只打一輪) is one slip.
    Shown by the tricks alone, it was a false hook (bids adding to 2 are legal in a 1-card hand), a
    trick-total in the next hands and a hand past the end; with `cards` written, one hand-size in
    every later hand. The later hands are judged from that point of the pattern, and all count."""
    a = audit("oh-hell/hand-size-repeated.yaml")
    assert found(a.violations) == [("oh-hell.hand-size", {"hand": 4})]
    assert "hand 4 deals 1 card again, as hand 3 did, but by the deal pattern hand 4 deals 2" in a.violations[0].message
    assert [h.size for h in a.result.hands] == [3, 2, 1, 1, 2, 3] and all(h.counted for h in a.result.hands)
    assert found(audit("oh-hell/hand-size-repeated-cards.yaml").violations) == [("oh-hell.hand-size", {"hand": 11})]


def test_hand_size_hands_dealt_again_put_the_pattern_back_past_its_length() -> None:
    """oh-hell.hand-size, oh-hell.game-end: with the 1-card hand dealt three times, hand 7 of a 5-hand
    pattern is its last hand (each hand past the pattern's length was ruled past the end, unaligned); the
    game is over after 7 hands. A game in progress with a hand dealt again says both counts."""
    a = audit("oh-hell/hand-size-repeated-twice.yaml")
    assert found(a.violations) == [("oh-hell.hand-size", {"hand": 4}), ("oh-hell.hand-size", {"hand": 5})]
    sheet = api.sheet(a)
    assert sheet.winner is not None and sheet.status.startswith("game over after 7 hands")
    text = (RECORDS / "oh-hell" / "hand-size-repeated-twice.yaml").read_text(encoding="utf-8")
    cut = audit_text(text.rsplit("- bids:", 1)[0])  # hand 7 not yet played
    assert api.sheet(cut).status == "after 6 hands (4 of the deal pattern's 5): no winner yet", api.sheet(cut).status
