"""Rook scoring and the game: contract, points, the nest, game end, dealer and seat change."""

from __future__ import annotations

import pytest
from conftest import audit, audit_text, found, rules_of

from scorekeep import api, why
from scorekeep.games.rook.score import game_winner, hand_scores, made

NS, EW = "North/South", "East/West"


def summary(*hands: str, rules: str = "") -> str:
    body = "".join(f"  - {h}\n" for h in hands)
    return f"game: rook\nplayers: [North, East, South, West]\n{rules}hands:\n{body}"


# --- rook.contract ------------------------------------------------------------------------

@pytest.mark.parametrize("bid, ns, ew, scores", [
    (95, 120, 0, (120, 0)),     # the article: made, scores the 120 captured (not 95, not 215)
    (95, 100, 20, (100, 20)),   # made: captured points; opponents what they captured
    (95, 90, 30, (-95, 30)),    # set: minus the bid; the 90 are not added back (not -5)
    (95, 95, 25, (95, 25)),     # exactly the bid is made
    (120, 115, 5, (-120, 5)),   # a 120 bid needs every point
    (70, 0, 120, (-70, 120)),
])
def test_contract_scores(bid: int, ns: int, ew: int, scores: tuple[int, int]) -> None:
    assert hand_scores(NS, bid, {NS: ns, EW: ew}) == {NS: scores[0], EW: scores[1]}
    assert made(bid, ns) == (scores[0] >= 0 and ns >= bid)


def test_contract_hand_scores_need_not_add_up_to_120() -> None:
    a = audit_text(summary("bid: {North: 95}\n    points: {North/South: 90, East/West: 30}\n"
                           "    scores: {North/South: -95, East/West: 30}"))
    assert a.violations == []
    assert api.sheet(a).totals == {NS: -95, EW: 30}


def test_contract_bid_scored_instead_of_captured_is_a_contract_violation() -> None:
    a = audit("rook/contract-bid-scored.yaml")
    assert found(a.violations) == [("rook.contract", {"hand": 1})]
    assert "not the bid of 95" in a.violations[0].message
    assert api.sheet(a).totals == {NS: 120, EW: 0}  # totals come from what happened


@pytest.mark.parametrize("written, rule", [
    ((-5, 30), "rook.contract"),          # captured points added back: 90 - 95
    ((90, 30), "rook.contract"),          # set but scored what was captured
    ((-95, 20), "rook.points-recorded"),  # opponents miswritten
    ((-90, 30), "rook.points-recorded"),
    ((-95, 30), None),
])
def test_contract_set_scores_checked(written: tuple[int, int], rule: str | None) -> None:
    a = audit_text(summary("bid: {North: 95}\n    points: {North/South: 90, East/West: 30}\n"
                           f"    scores: {{North/South: {written[0]}, East/West: {written[1]}}}"))
    assert rules_of(a.violations) == ([rule] if rule else [])


def test_contract_set_words_write_minus_as_the_sheet_does() -> None:
    """rook.contract: the words for a set scored wrong wrote the true minus sign (−95) beside the sheet's
    own -95 in the same message ("scores minus the bid, −95 … so North/South scores -95"); a table reads
    one sign."""
    a = audit_text(summary("bid: {North: 95}\n    points: {North/South: 90, East/West: 30}\n"
                           "    scores: {North/South: -5, East/West: 30}"))
    message = a.violations[0].message
    assert "−" not in message and "-95" in message, message


# --- points -------------------------------------------------------------------------------

def test_points_total_summary_must_add_up_to_120() -> None:
    a = audit_text(summary("bid: {North: 95}\n    points: {North/South: 100, East/West: 15}"))
    assert found(a.violations) == [("rook.points-total", {"hand": 1})]
    assert "120" in a.violations[0].message


def test_points_total_points_are_multiples_of_5() -> None:
    a = audit_text(summary("bid: {North: 95}\n    points: {North/South: 103, East/West: 17}"))
    assert rules_of(a.violations) == ["rook.points-total"]


def test_points_one_team_written_the_other_has_the_rest() -> None:
    a = audit_text(summary("bid: {East: 80}\n    points: {West: 85}"))
    assert a.violations == []
    assert a.result.hands[0].points == {NS: 35, EW: 85}


def test_points_keyed_by_partner_name_or_team_label() -> None:
    a = audit("rook/both-over.yaml")
    assert a.violations == []
    assert a.result.hands[0].points == {"Us": 120, "Them": 0}


def test_points_recorded_differ_from_the_tricks() -> None:
    a = audit("rook/points-wrong.yaml")
    assert found(a.violations) == [("rook.points-recorded", {"hand": 1})]
    assert api.sheet(a).totals == {NS: 120, EW: 0}


def test_nest_to_last_trick_goes_to_the_winner_of_trick_9_not_the_bidders() -> None:
    a = audit("rook/nest-to-last-trick.yaml")
    assert a.violations == []
    h = a.result.hands[0]
    assert (h.bidder, h.last_winner, h.nest_points) == ("East", "North", 20)
    assert h.points == {"North/South": 30, "West/East": 90}


def test_nest_to_last_trick_credited_to_the_bidders_is_a_violation() -> None:
    a = audit("rook/nest-to-bidder.yaml")
    assert found(a.violations) == [("rook.nest-to-last-trick", {"hand": 1})]
    assert "North" in a.violations[0].message


def test_the_articles_hand_trick_winners_and_points() -> None:
    a = audit("rook/no-deal.yaml")
    h = a.result.hands[0]
    assert [t.winner[0] for t in h.tricks] == list("SNNSSNNNN")
    assert [t.points for t in h.tricks] == [15, 0, 5, 10, 15, 20, 0, 20, 30]
    assert (h.nest_points, h.points) == (5, {NS: 120, EW: 0})


# --- rook.game-end --------------------------------------------------------------------------

@pytest.mark.parametrize("totals, winner", [
    ({NS: 300, EW: 10}, NS), ({NS: 299, EW: 10}, None), ({NS: 330, EW: 345}, EW),
    ({NS: 310, EW: 310}, None), ({NS: -20, EW: 305}, EW),
])
def test_game_winner(totals: dict, winner: str | None) -> None:
    assert game_winner(totals, 300) == winner


def test_game_end_reaching_300_wins_and_later_hands_are_violations() -> None:
    a = audit("rook/game-end.yaml")
    assert found(a.violations) == [("rook.game-end", {"hand": 5})]
    s = api.sheet(a)
    assert (s.winner, s.totals) == (NS, {NS: 300, EW: 10})


def test_game_end_both_over_the_higher_total_wins() -> None:
    s = api.sheet(audit("rook/both-over.yaml"))
    assert (s.winner, s.totals) == ("Them", {"Us": 300, "Them": 310})


def test_game_end_tie_over_300_plays_another_hand() -> None:
    a = audit("rook/tie-over.yaml")
    assert a.violations == []
    assert [h.counted for h in a.result.hands] == [True] * 6
    assert api.sheet(a).winner == NS
    five = audit_text(summary(*(f"bid: {{{b}}}\n    points: {{{p}}}" for b, p in [
        ("North: 120", "North/South: 120, East/West: 0"), ("East: 120", "North/South: 0, East/West: 120"),
        ("South: 100", "North/South: 100, East/West: 20"), ("West: 90", "North/South: 30, East/West: 90"),
        ("East: 70", "North/South: 50, East/West: 70")])))
    s = api.sheet(five)
    assert (s.winner, s.totals) == (None, {NS: 300, EW: 300})
    assert "tied" in s.status


def test_game_end_target_option() -> None:
    a = audit_text(summary("bid: {North: 100}\n    points: {North/South: 100, East/West: 20}",
                           "bid: {North: 70}\n    points: {North/South: 70, East/West: 50}",
                           rules="rules: {target: 100}\n"))
    assert found(a.violations) == [("rook.game-end", {"hand": 2})]
    assert api.sheet(a).winner == NS


# --- dealer and seats -----------------------------------------------------------------------

def test_seat_change_reverses_the_order_after_every_4_hands() -> None:
    a = audit("rook/seat-change.yaml")
    assert a.violations == []
    assert [h.dealer[0] for h in a.result.hands] == list("NESWSENWNESWS")
    assert a.result.hands[4].seating == ("North", "West", "South", "East")
    assert a.result.hands[8].seating == ("North", "East", "South", "West")


def test_seat_change_missed_is_reported_once() -> None:
    a = audit("rook/seat-change-missed.yaml")
    assert found(a.violations) == [("rook.seat-change", {"hand": 5, "player": "North"})]
    assert "South" in a.violations[0].message and "house default" in a.violations[0].message


def test_seat_change_forgotten_reported_once_and_the_old_seating_judged_as_played() -> None:
    a = audit("rook/seat-change-forgotten.yaml")
    assert found(a.violations) == [("rook.seat-change", {"hand": 5, "player": "North"})]
    assert "judged in the seating the record used" in a.violations[0].message
    h5, h6 = a.result.hands[4:]
    assert h5.seating == h6.seating == ("North", "East", "South", "West")
    assert (h5.dealer, h5.bidder, h6.dealer, h6.bidder) == ("North", "East", "East", "South")
    assert a.result.totals == {"North/South": 100, "East/West": 100}


def test_seat_change_forgotten_shown_only_by_the_dealers_is_reported_once() -> None:
    """rook.seat-change, rook.dealer-rotation: dealers N, E, S, W in hands 5-8 follow the old seats. The
    missed change is reported at hand 5; the rest of the seating period is judged in the seats the record
    used, so hand 7's S (East's left there) is no second slip, and `why` at hand 6's dealer shows those
    seats, in which E is on N's left."""
    a = audit("rook/seat-change-forgotten-dealers-only.yaml")
    assert found(a.violations) == [("rook.seat-change", {"hand": 5, "player": "N"})]
    assert [h.seating for h in a.result.hands[5:8]] == [("N", "E", "S", "W")] * 3
    ex = why.explain(a, why.Location(hand=6, what="dealer"))
    assert ex is not None and ex.ruling.legal
    assert "clockwise order N, E, S, W" in dict(ex.facts)["hand"]


def test_seat_change_after_a_thrown_in_hand_says_which_hands_counted() -> None:
    """rook.seat-change, rook.all-pass: a thrown-in hand does not count toward the seat change, so the
    seats change after hand 5 when hand 2 is thrown in. check said "after 4 hands played" at the
    missed change in hand 6, beside a sheet showing five; it now names the hand that does not count,
    as `why --seats` does."""
    a = audit("rook/seat-change-after-thrown-in.yaml")
    assert found(a.violations) == [("rook.seat-change", {"hand": 6, "player": "East"})]
    assert "after 4 hands that count (hand 2, thrown in, does not), and the deal passes to West" in \
        a.violations[0].message, a.violations[0].message
    plain = audit("rook/seat-change-forgotten.yaml").violations[0].message
    assert "after 4 hands played" in plain and "thrown in" not in plain


def test_seat_change_made_one_hand_late_is_reported_once() -> None:
    # rook.seat-change: hand 5 in the old seating (reported), hands 6-7 in the new one, as the
    # table swapped seats late; the replay follows the table back into the right seating.
    a = audit("rook/seat-change-late.yaml")
    assert found(a.violations) == [("rook.seat-change", {"hand": 5, "player": "N"})]
    assert [h.seating for h in a.result.hands[4:]] == [("N", "E", "S", "W"), ("N", "W", "S", "E"),
                                                       ("N", "W", "S", "E")]
    assert [h.dealer for h in a.result.hands[4:]] == ["N", "W", "S"]


def test_seat_change_forgotten_under_old_left_is_shown_by_the_bidding_and_play() -> None:
    # With `seat_change_deal: old-left` North is the right dealer of hand 5; only the bidding and
    # the play in the old clockwise order show that the seats were not changed.
    text = record_text("rook/seat-change-forgotten.yaml").replace(
        "game: rook\n", "game: rook\nrules: {seat_change_deal: old-left}\n")
    a = audit_text(text)
    assert found(a.violations) == [("rook.seat-change", {"hand": 5, "player": "North"})]
    assert a.violations[0].line == 41


def test_seat_change_deal_old_left_option() -> None:
    a = audit("rook/seat-change-old-left.yaml")
    assert a.violations == []
    assert [h.dealer[0] for h in a.result.hands] == list("NESWNWSEN")


def test_seat_change_every_0_never_changes_seats() -> None:
    assert audit("rook/no-seat-change.yaml").violations == []
    text = record_text("rook/no-seat-change.yaml").replace("rules: {seat_change_every: 0}\n", "")
    assert found(audit_text(text).violations) == [("rook.seat-change", {"hand": 5, "player": "North"})]


def test_seat_change_bidding_and_first_lead_follow_the_new_order() -> None:
    hands = [f"dealer: {d}\n    bid: {{North: 70}}\n    points: {{North/South: 60, East/West: 60}}"
             for d in ("North", "East", "South", "West")]
    # hand 5: South deals; in the new order (N, W, S, E) East sits on South's left and bids first
    good = audit_text(summary(*hands, "dealer: South\n    bidding: [{East: 70}, {North: pass}, {West: pass}, "
                                      "{South: pass}]\n    trump: red\n    tricks:\n"
                                      "      - {East: R5, North: R6, West: R7, South: R8}"))
    assert good.violations == []
    bad = audit_text(summary(*hands, "dealer: South\n    bidding: [{West: 70}]"))
    assert found(bad.violations) == [("rook.bid-order", {"hand": 5, "player": "West"})]


def test_dealer_rotation_wrong_dealer_reported_once() -> None:
    a = audit("rook/dealer-rotation.yaml")
    assert found(a.violations) == [("rook.dealer-rotation", {"hand": 3, "player": "West"})]


def test_dealer_rotation_first_dealer() -> None:
    a = audit_text(summary("dealer: East", rules="first_dealer: South\n"))
    assert found(a.violations) == [("rook.dealer-rotation", {"hand": 1, "player": "East"})]
    assert audit_text(summary("dealer: South", rules="first_dealer: South\n")).violations == []


def test_dealer_rotation_wrong_dealer_with_the_right_first_lead_is_one_mistake() -> None:
    text = record_text("rook/turn-order-winner.yaml").replace(
        "      - {West: Y8, North: G6, East: Y7, South: Y13}\n", "").replace(
        "  - bidding:", "  - dealer: South\n    bidding:")
    assert found(audit_text(text).violations) == [("rook.dealer-rotation", {"hand": 1, "player": "South"})]


def record_text(rel: str) -> str:
    from conftest import record
    return record(rel).read_text()


def test_seat_change_forgotten_under_old_left_shown_only_by_the_dealers_is_reported_once() -> None:
    """rook.seat-change, rook.dealer-rotation: under `seat_change_deal: old-left` hand 5's dealer is the
    same in both seatings, so hand 6's is the first to show the table kept its seats. That is reported
    once, as the seat change, and hands 7 and 8 are judged in the seats the table kept."""
    a = audit("rook/seat-change-forgotten-old-left.yaml")
    assert found(a.violations) == [("rook.seat-change", {"hand": 6, "player": "E"})]
    assert "E dealt hand 6, which would be N's left had the seats not changed" in a.violations[0].message
    assert [h.seating for h in a.result.hands[6:8]] == [("N", "E", "S", "W")] * 2


def test_points_written_below_what_the_tricks_so_far_give_are_a_slip() -> None:
    """rook.points-recorded: trick 9 not yet written, the points typed as North/South 40, though tricks
    1-8 already give North/South 85. Accepted without a word by check and `play`; reported once, at the
    points, as Oh Hell's tricks written below what the play so far gives. A hand whose tricks so far
    allow the points written stays clean."""
    a = audit("rook/points-below-the-tricks-so-far.yaml")
    assert found(a.violations) == [("rook.points-recorded", {"hand": 1})]
    (v,) = a.violations
    assert "North/South 40, but the 8 tricks played so far already give North/South 85" in v.message, v.message
    text = record_text("rook/points-below-the-tricks-so-far.yaml")
    for fits in ("{North/South: 85, East/West: 35}", "{North/South: 120, East/West: 0}"):
        assert audit_text(text.replace("{North/South: 40, East/West: 80}", fits)).violations == []
    # after 8 tricks the 9th trick and the nest (35 counters) go to one team whole (rook.nest-to-last-trick)
    (v,) = audit_text(text.replace("{North/South: 40, East/West: 80}", "{North/South: 90, East/West: 30}")).violations
    assert v.rule == "rook.points-recorded" and "North/South captured 85 or 120" in v.message
    seven = text.replace("      - {North: R14, East: R9, South: R10, West: R8}\n", "")  # 7 tricks: the rest may split
    assert audit_text(seven.replace("{North/South: 40, East/West: 80}", "{North/South: 90, East/West: 30}")).violations == []


@pytest.mark.parametrize("dealers, expected", [
    ("N,E,S,W,N,E,S,W", [("rook.seat-change", 6)]),  # the table kept its seats: reported once
    ("N,E,S,W,N,E,S,E,N", [("rook.dealer-rotation", 6)]),  # one dealer out of turn in the new seats
    ("N,E,S,W,N,E,N,W,S", [("rook.dealer-rotation", 6)]),  # ... and the deal carried on from them
    ("N,E,S,W,N,E,N,E", [("rook.dealer-rotation", 6), ("rook.dealer-rotation", 8)]),  # N: E's left there
    ("N,E,S,W,N,E", [("rook.seat-change", 6)]),  # nothing after it: a dealer in the old seating (records.md)
])
def test_old_left_a_wrong_dealer_after_the_seat_change_is_told_from_seats_kept(dealers: str, expected: list) -> None:
    """rook.seat-change, rook.dealer-rotation under `seat_change_deal: old-left` (the review): hand 6's E is
    N's left in the old seats, so it may be a table that kept them, or one dealer out of turn in the new
    ones. The dealers after it in the seating period decide; a single wrong dealer was reported twice, and
    a hand-7 dealer right in neither seating (N) was accepted once the seats were taken as kept."""
    text = ("game: rook\nplayers: [N, E, S, W]\nrules: {target: 100000, seat_change_deal: old-left}\nhands:\n"
            + "".join(f"- dealer: {d}\n  bidding: [70, pass, pass, pass]\n  points: [60, 60]\n"
                      for d in dealers.split(",")))
    a = audit_text(text)
    assert [(v.rule, v.hand) for v in a.violations] == expected
    for v in a.violations:  # why rules each as check does
        ruling = why.explain(a, why.Location(hand=v.hand, what="dealer")).ruling
        assert (ruling.legal, ruling.rule) == (False, v.rule)


@pytest.mark.parametrize("every, dealers, expected", [
    (2, "A,B,C,D,A,B,C,D", [("rook.seat-change", 4), ("rook.seat-change", 8)]),  # no hand after it in the period
    (3, "A,B,C,D,A,B,C,D,A,B,C,D", [("rook.seat-change", 5), ("rook.seat-change", 11)]),  # a tie: kept
])
def test_old_left_a_dealer_in_the_old_seating_with_nothing_against_it_is_the_seat_change(
        every: int, dealers: str, expected: list) -> None:
    """rook.seat-change (the second review): with no later deal in the period, or one that fits both
    seatings, the dealer in the old seating is the seat change forgotten, as records.md names it; it had
    become rook.dealer-rotation, and a third report for a table that never moved (every 3)."""
    text = (f"game: rook\nplayers: [A, B, C, D]\nrules: {{target: 100000, seat_change_deal: old-left, "
            f"seat_change_every: {every}}}\nhands:\n"
            + "".join(f"- {{dealer: {d}, bid: {{A: 70}}, points: [60, 60]}}\n" for d in dealers.split(",")))
    assert [(v.rule, v.hand) for v in audit_text(text).violations] == expected
