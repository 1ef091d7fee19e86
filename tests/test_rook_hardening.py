"""Rook items of the hardening issue: time that grows faster than the input, hands left
unfinished in the middle of a record, impossible captured points."""

from __future__ import annotations


from conftest import audit, audit_text, found, time_ratio

from scorekeep import api
from scorekeep.errors import Finding


def _out_of_turn_calls(n: int) -> str:
    calls = "\n".join("      - {East: 70}" for _ in range(n))
    return f"game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n  - bidding:\n{calls}\n"


def test_bid_order_many_named_calls_out_of_turn_check_in_time_linear_in_their_number() -> None:
    # rook.bid-order: each call out of turn used to copy the rest of the bidding (quadratic time).
    ratio = time_ratio(_out_of_turn_calls(4_000), _out_of_turn_calls(16_000))
    assert ratio < 8, ratio  # linear: about 4; quadratic: about 16


def test_bid_order_every_call_out_of_turn_is_still_reported() -> None:
    a = audit_text(_out_of_turn_calls(6))
    assert [v.rule for v in a.violations][:2] == ["rook.bid-order", "rook.bid-order"]
    assert all(v.player == "East" for v in a.violations)


def test_unfinished_hand_followed_by_another_is_reported_once_at_it() -> None:
    a = audit("rook/unfinished-hand.yaml")
    assert found(a.violations) == [("rook.unfinished-hand", {"hand": 1})]
    assert "hand 2" in a.violations[0].message and "only 1 of the 9 tricks is recorded" in a.violations[0].message
    assert a.violations[0].line == 8


def test_unfinished_hand_only_the_last_hand_may_be_in_progress() -> None:
    a = audit("rook/unfinished-hand-auction.yaml")
    assert found(a.violations) == [("rook.unfinished-hand", {"hand": 1})]
    assert "auction" in a.violations[0].message


def test_points_total_125_for_the_bidders_leaves_the_others_nothing_not_minus_five() -> None:
    a = audit("rook/points-total-over.yaml")
    assert found(a.violations) == [("rook.points-total", {"hand": 1})]
    hand = a.result.hands[0]
    assert hand.points == {"North/South": 125, "East/West": 0}
    sheet = api.sheet(a)
    assert sheet.rows[0]["points"]["East/West"] == 0 and sheet.rows[0]["scores"]["East/West"] == 0
    assert all(not cell.startswith("-") for row in sheet.table for cell in row[4::3])  # no negative pts


def _played_hands(blocks: int) -> str:
    """A long legal match: one generated match's full hands (deal, bidding, nest, 9 tricks,
    points, scores) written `blocks` times over, with a target no hand reaches."""
    from scorekeep.generate import dump
    from scorekeep.games.rook.demo import game

    data = game(3, seat_change_every=0, all_pass="dealer-forced").data
    data.setdefault("rules", {}).update(target=10**9, seat_change_every=0, all_pass="dealer-forced")
    data["hands"] = data["hands"][:len(data["hands"]) // 4 * 4]  # the deal goes round whole
    for h in data["hands"]:
        h.pop("totals", None)  # running totals would not run on across the repeats
    head, sep, hands = dump(data).partition("hands:\n")
    return head + sep + hands * blocks


def test_a_long_match_of_played_hands_checks_in_time_linear_in_its_length() -> None:
    """Issue 13.22: every card of a long record is judged (rook.follow-color and the rest) in
    constant time; a clean match of 8 blocks of hands against 32 (about 0.25 MB)."""
    def clean(_text: str, a) -> None:
        assert a.violations == []

    ratio = time_ratio(_played_hands(8), _played_hands(32), clean)
    assert ratio < 8, ratio  # linear: about 4; quadratic: about 16


# --- findings past the cap (issue 13.9): bounded memory, no message composed ------------------

def _one_card_dealt(copies: int) -> str:
    cards = ", ".join(["R5", "Y9", "B14", "G6"][i % 4] for i in range(copies))  # four cards over and over
    return ("game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n"
            f"  - deal:\n      North: [{cards}]\n")


def test_deck_one_card_dealt_many_times_checks_in_linear_time() -> None:
    # rook.deck: a deal listing a card again and again is one finding per copy; past the cap of
    # listed findings none of their messages is made (a 4 MiB deal took 6 s and 450 MB).
    ratio = time_ratio(_one_card_dealt(6_250), _one_card_dealt(25_000))  # 62 and 250 times the cap
    assert ratio < 8, ratio  # linear: about 4; quadratic: about 16


def test_deck_findings_past_the_cap_are_counted_not_held() -> None:
    from scorekeep.errors import CAP, shown

    a = audit_text(_one_card_dealt(20_000))
    deck = [v for v in a.violations if v.rule == "rook.deck"]
    assert len(deck) == 20_000 - 4  # every copy after the first of each card is counted
    assert len({id(v) for v in deck}) == CAP + 1  # CAP in full, the rest one shared stand-in
    listed = [v for v in shown(a.violations) if v.rule == "rook.deck"]
    assert listed[0].message == "R5 was dealt twice to North; the deck has one of each card"
    assert listed[-1].more == 20_000 - 4 - CAP


def test_bid_order_calls_out_of_turn_past_the_cap_hold_no_messages() -> None:
    # rook.bid-order and rook.bid-step, once per call: past the cap, one stand-in per rule, and the
    # findings listed are those a short record of the same calls lists in full.
    import tracemalloc

    from scorekeep.errors import CAP, shown

    few = audit_text(_out_of_turn_calls(60))
    n = 10_000  # 100 times the cap: the fixed cost of an audit is under 10% of what is held (traced: slow)
    tracemalloc.start()
    try:
        a = audit_text(_out_of_turn_calls(n))
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(a.violations) == 2 * n - 1
    assert len({id(v) for v in a.violations}) == 2 * CAP + 2
    assert shown(a.violations)[:len(few.violations)] == few.violations
    assert held < 400 * n, held  # per call: its value and its place in the auction (once 900 B)


def test_findings_rolled_back_before_the_cap_still_list_the_first_cap() -> None:
    # A trial replay's findings rolled back (`del violations[mark:]`) before the cap was reached are
    # not counted toward it: the first CAP findings left are all listed.
    from scorekeep.errors import CAP, Findings, shown

    f = Findings()
    for i in range(50):
        f.violation("rook.turn-order", f"kept {i}")
    mark = len(f.violations)
    for i in range(30):
        f.violation("rook.turn-order", f"rolled back {i}")
    del f.violations[mark:]
    f.extend(Findings().violations)
    for i in range(80):
        f.extend([Finding("rook.turn-order", f"after {i}")])
        assert (f.violations[-1].message == f"after {i}") == (i < CAP - 50)  # kept in full, or only counted
    listed = shown(f.violations)
    assert [v.message for v in listed[:CAP]] == [f"kept {i}" for i in range(50)] + [f"after {i}" for i in range(50)]
    assert listed[-1].more == 30 and len({id(v) for v in f.violations}) == CAP + 1


def _bidding(calls: list[str]) -> str:
    lines = "\n".join(f"      - {c}" for c in calls)
    return f"game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n  - bidding:\n{lines}\n"
