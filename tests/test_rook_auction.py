"""Rook bidding: order, minimum, step, maximum, passes, the end of the auction, all pass."""

from __future__ import annotations

import pytest
from conftest import audit, audit_text, found, rules_of


def auction(calls: str, **extra: str) -> list:
    """The violations of a one-hand record with this bidding (West deals, North bids first)."""
    rules = f"rules: {{{', '.join(f'{k}: {v}' for k, v in extra.items())}}}\n" if extra else ""
    return audit_text(f"game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\n{rules}"
                      f"hands:\n  - bidding: [{calls}]\n").violations


def test_bid_order_the_articles_auction_is_legal_and_north_wins_at_95() -> None:
    a = audit("rook/auction-legal.yaml")
    assert a.violations == []
    h = a.result.hands[0]
    assert (h.bidder, h.bid, h.bid_team) == ("North", 95, "North/South")
    assert [p for p, _ in h.calls] == ["North", "East", "South", "West", "North", "East", "West", "North", "West"]


def test_bid_order_first_bidder_is_the_dealers_left() -> None:
    a = audit("rook/bid-order.yaml")
    assert found(a.violations) == [("rook.bid-order", {"hand": 1, "player": "East"})]
    assert "North's turn" in a.violations[0].message


def test_bid_order_named_calls_that_skip_passed_players_are_legal() -> None:
    a = audit_text("""
game: rook
players: [North, East, South, West]
first_dealer: West
hands:
  - bidding: [{North: 70}, {East: pass}, {South: 75}, {West: 80}, {North: 85}, {South: 90}, {West: pass}, {North: pass}]
""")
    assert a.violations == []
    assert (a.result.hands[0].bidder, a.result.hands[0].bid) == ("South", 90)


def test_bid_minimum() -> None:
    assert found(audit("rook/bid-minimum.yaml").violations) == [("rook.bid-minimum", {"hand": 1, "player": "North"})]


def test_bid_limits_exactly_70_then_5_more_up_to_120_is_legal() -> None:
    assert audit("rook/bid-limits-legal.yaml").violations == []


def test_bid_step_not_a_multiple_of_5_and_not_5_more() -> None:
    a = audit("rook/bid-step.yaml")
    # East's 72 is reported; South's 75 is 5 more than the last legal bid (70) and is not.
    assert found(a.violations) == [("rook.bid-step", {"hand": 1, "player": "East"}),
                                   ("rook.bid-step", {"hand": 1, "player": "West"})]


def test_bid_step_equal_bid_is_not_a_raise() -> None:
    assert rules_of(auction("70, 70")) == ["rook.bid-step"]


def test_bid_maximum() -> None:
    a = audit("rook/bid-maximum.yaml")
    assert found(a.violations) == [("rook.bid-maximum", {"hand": 1, "player": "West"})]


def test_bid_options_change_the_limits() -> None:
    assert auction("60, 70, 130", min_bid="60", max_bid="150", bid_step="10") == []
    assert rules_of(auction("65", min_bid="60", bid_step="10")) == ["rook.bid-step"]


def test_bid_after_pass() -> None:
    a = audit("rook/bid-after-pass.yaml")
    assert found(a.violations) == [("rook.bid-after-pass", {"hand": 1, "player": "East"})]


def test_bid_after_pass_player_stays_out_and_is_skipped() -> None:
    a = audit("rook/bid-after-pass-stays-out.yaml")
    assert found(a.violations) == [("rook.bid-after-pass", {"hand": 1, "player": "East"})]
    h = a.result.hands[0]
    assert (h.bidder, h.bid) == ("West", 100)
    assert h.scores == {"North/South": 60, "East/West": -100}


def test_bid_after_pass_that_nobody_outbids_stands_as_recorded() -> None:
    # East passes, bids 85 later, and the others pass: one report, and East plays at 85.
    a = audit_text("""
game: rook
players: [North, East, South, West]
first_dealer: West
hands:
  - bidding: [{North: 70}, {East: pass}, {South: 75}, {West: 80}, {North: pass}, {East: 85}, {South: pass},
              {West: pass}]
    points: {North/South: 80, East/West: 40}
""")
    assert found(a.violations) == [("rook.bid-after-pass", {"hand": 1, "player": "East"})]
    assert (a.result.hands[0].bidder, a.result.hands[0].bid) == ("East", 85)


def test_bid_end_three_opening_passes_then_a_bid_ends_it_at_once() -> None:
    a = audit("rook/bid-end-legal.yaml")
    assert a.violations == []
    h = a.result.hands[0]
    assert (h.bidder, h.bid, h.scores) == ("West", 70, {"North/South": 50, "East/West": 70})


def test_bid_end_calls_after_the_auction_are_violations() -> None:
    a = audit("rook/bid-end.yaml")
    assert found(a.violations) == [("rook.bid-end", {"hand": 1, "player": "West"})]
    assert rules_of(auction("70, pass, pass, pass, pass")) == ["rook.bid-end"]


def test_bid_end_summary_bid_must_match_the_auction() -> None:
    a = audit("rook/bid-mismatch.yaml")
    assert found(a.violations) == [("rook.bid-end", {"hand": 1, "player": "South"})]
    # scored from the auction: North/South bid 95 and made it with 100
    assert a.result.hands[0].scores == {"North/South": 100, "East/West": 20}


def test_bid_end_summary_bid_must_match_an_unfinished_auction() -> None:
    a = audit("rook/bid-mismatch-unfinished.yaml")
    assert found(a.violations) == [("rook.bid-end", {"hand": 1, "player": "East"})]
    assert a.violations[0].line == 12
    h = a.result.hands[0]
    assert (h.bidder, h.bid, h.scores) == ("North", 70, {"North/South": 80, "East/West": 40})


@pytest.mark.parametrize("bid, rule, winner", [
    ("{South: 65}", "rook.bid-end", ("East", 75)),    # not over the standing 75
    ("{North: 75}", "rook.bid-end", ("East", 75)),    # equal to the standing bid
    ("{East: 75}", None, ("East", 75)),               # the standing bid: the passes were left out
    ("{South: 80}", None, ("South", 80)),             # the calls after 75 were left out
    ("{South: 82}", "rook.bid-step", ("South", 82)),  # ... but a continuation is still a bid
])
def test_bid_end_summary_bid_next_to_an_unfinished_auction(bid: str, rule: str | None, winner: tuple) -> None:
    a = audit_text(f"game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n"
                   f"  - bidding: [70, 75]\n    bid: {bid}\n    points: {{North: 80, East: 40}}\n")
    assert rules_of(a.violations) == ([rule] if rule else [])
    assert (a.result.hands[0].bidder, a.result.hands[0].bid) == winner


def test_bid_end_unwritten_final_passes_are_implied() -> None:
    a = audit_text("""
game: rook
players: [North, East, South, West]
first_dealer: West
hands:
  - bidding: [70, 75, pass, 80, 85, pass, 90, 95]
    points: {North/South: 100, East/West: 20}
""")
    assert a.violations == []
    assert (a.result.hands[0].bidder, a.result.hands[0].bid) == ("North", 95)


@pytest.mark.parametrize("bid, rule", [({"North": 65}, "rook.bid-minimum"), ({"North": 125}, "rook.bid-maximum"),
                                       ({"North": 97}, "rook.bid-step"), ({"North": 120}, None)])
def test_summary_bid_must_be_a_bid_someone_could_win_with(bid: dict, rule: str | None) -> None:
    (who, amount), = bid.items()
    a = audit_text(f"game: rook\nplayers: [North, East, South, West]\nhands:\n  - bid: {{{who}: {amount}}}\n"
                   "    points: {North/South: 120, East/West: 0}\n")
    assert rules_of(a.violations) == ([rule] if rule else [])


def test_all_pass_thrown_in_scores_nothing_and_does_not_count_toward_the_seat_change() -> None:
    a = audit("rook/all-pass.yaml")
    assert a.violations == []
    hands = a.result.hands
    assert [h.thrown_in for h in hands] == [False, True, False, False, False, True, False]
    assert [h.dealer for h in hands] == ["North", "East", "South", "West", "North", "West", "South"]
    assert a.result.totals == {"North/South": 220, "East/West": 260}


def test_all_pass_then_playing_the_hand_is_a_violation() -> None:
    a = audit("rook/all-pass-played.yaml")
    assert found(a.violations) == [("rook.all-pass", {"hand": 1})]
    assert a.result.totals == {"North/South": 0, "East/West": 0}


def test_all_pass_dealer_forced_takes_it_at_the_minimum() -> None:
    a = audit("rook/all-pass-forced.yaml")
    assert found(a.violations) == [("rook.all-pass", {"hand": 2, "player": "South"})]
    h1, h2 = a.result.hands
    assert (h1.bidder, h1.bid, h1.forced, h1.scores) == ("North", 70, True, {"North/South": -70, "East/West": 60})
    assert (h2.bidder, h2.scores) == ("East", {"North/South": 60, "East/West": -70})


def test_bid_order_a_pass_left_out_of_the_bidding_is_reported_once() -> None:
    # The bidding reads on as if North had passed: one rook.bid-order, and South wins at 95.
    a = audit("rook/bid-order-missing-pass.yaml")
    assert found(a.violations) == [("rook.bid-order", {"hand": 1, "player": "East"})]
    assert "so that pass is taken as missing from the record" in a.violations[0].message
    assert (a.result.hands[0].bidder, a.result.hands[0].bid) == ("South", 95)


def test_bid_order_a_skipped_player_who_calls_later_is_not_taken_as_passed() -> None:
    # East opens before North (rook.bid-order), but North calls later: North did not pass then.
    a = audit("rook/bid-order.yaml")
    assert "taken as missing" not in a.violations[0].message


def test_bid_order_the_standing_bidder_is_never_taken_as_passing() -> None:
    a = audit("rook/bid-order-swapped-calls.yaml")
    assert not any("taken as missing" in v.message for v in a.violations)
    assert "rook.bid-end" not in [v.rule for v in a.violations]
