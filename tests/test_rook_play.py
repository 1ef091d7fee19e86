"""Rook play: deck and deal, the nest exchange, trump, turn order, follow color and the Bird.

Each rule from both sides: the play people think is illegal that is legal, and the illegal one.
"""

from __future__ import annotations

import pytest
from conftest import SAMPLES, audit, audit_text, found, record, rules_of

from scorekeep.game import Play
from scorekeep.games.rook.cards import parse_card
from scorekeep.games.rook.engine import HandPosition, Table
from scorekeep.games.rook.options import OPTIONS
from scorekeep.games.rook.record import default_teams
from scorekeep.games.rook.engine import trick_winner

PLAYERS = ("North", "East", "South", "West")


def legal_cards(hand: set, led, trump: str) -> set:
    """The engine's legal cards for East holding `hand`, North having led `led` (None: East leads)."""
    table = Table.of(PLAYERS, default_teams(PLAYERS), {k: o.default for k, o in OPTIONS.items()})
    pos, _found = HandPosition.deal(table, 1, "West" if led else "North", PLAYERS)
    pos.phase, pos.trump, pos.held = "play", trump, {"East": set(hand)}
    if led is not None:
        pos.plays = (Play("North", led, 0),)
    return {parse_card(t) for t in pos.legal_cards("East")}


def cards(text: str) -> set:
    return {parse_card(t) for t in text.split()}


def plays(*pairs: str) -> list[Play]:
    return [Play(p.split()[0], parse_card(p.split()[1]), 0) for p in pairs]


# --- legal sets ---------------------------------------------------------------------------

def test_legal_cards_follow_color_or_the_bird() -> None:
    hand = cards("R14 G6 Bird Y10")
    assert legal_cards(hand, parse_card("R12"), "G") == cards("R14 Bird")


def test_legal_cards_void_in_led_color_may_play_anything() -> None:
    hand = cards("G6 Bird Y10")
    assert legal_cards(hand, parse_card("R12"), "G") == hand


def test_legal_cards_trump_led_counts_the_bird_as_trump() -> None:
    assert legal_cards(cards("G6 Bird Y10"), parse_card("G12"), "G") == cards("G6 Bird")
    assert legal_cards(cards("Bird Y10 B5"), parse_card("G12"), "G") == cards("Bird")


def test_legal_cards_bird_led_calls_for_trump() -> None:
    assert legal_cards(cards("G6 Y10 B5"), parse_card("Bird"), "G") == cards("G6")
    assert legal_cards(cards("Y10 B5"), parse_card("Bird"), "G") == cards("Y10 B5")


def test_trick_winner_bird_then_highest_trump_then_led_color() -> None:
    assert trick_winner(plays("E R13", "N Bird", "S G14", "W R14"), "G").player == "N"
    assert trick_winner(plays("E R13", "N G6", "S G5", "W R14"), "G").player == "N"
    assert trick_winner(plays("E R13", "N Y14", "S B14", "W R14"), "G").player == "W"
    assert trick_winner(plays("S Y14", "W Y9", "N G11", "E G10"), "G").player == "N"


# --- the Bird -----------------------------------------------------------------------------

def test_bird_anytime_bird_played_while_holding_the_led_color_is_legal() -> None:
    a = audit("rook/bird-anytime.yaml")
    assert a.violations == []
    assert a.result.hands[0].tricks[0].winner == "North"


def test_follow_color_ordinary_trump_instead_of_following_is_a_revoke() -> None:
    a = audit("rook/trump-not-substitute.yaml")
    assert found(a.violations) == [("rook.follow-color", {"hand": 1, "trick": 1, "player": "North"})]
    msg = a.violations[0].message
    assert "R14" in msg and "no substitute" in msg and "Bird" in msg
    assert a.violations[0].line == 17


def test_bird_led_holder_of_trump_follows_with_trump() -> None:
    assert audit("rook/bird-led.yaml").violations == []


def test_bird_led_discarding_while_holding_trump_is_a_violation() -> None:
    a = audit("rook/bird-led-revoke.yaml")
    assert found(a.violations) == [("rook.bird-led", {"hand": 1, "trick": 1, "player": "East"})]
    assert "G12 G10" in a.violations[0].message


def test_bird_must_follow_trump_bird_played_to_trump_lead_is_legal() -> None:
    a = audit("rook/bird-follows-trump.yaml")
    assert a.violations == []
    assert a.result.hands[0].tricks[1].winner == "North"


def test_bird_must_follow_trump_hiding_the_bird_is_a_violation() -> None:
    a = audit("rook/bird-hidden.yaml")
    assert found(a.violations) == [("rook.bird-must-follow-trump", {"hand": 1, "trick": 2, "player": "North"})]
    assert "Bird" in a.violations[0].message and "hide" in a.violations[0].message


def test_bird_must_follow_trump_inferred_when_the_bird_turns_up_later() -> None:
    a = audit("rook/bird-hidden-inferred.yaml")
    assert found(a.violations) == [("rook.bird-must-follow-trump", {"hand": 1, "trick": 2, "player": "North"})]
    assert a.violations[0].line == 11  # the line of the revoke, not of the proof
    assert "trick 3" in a.violations[0].message


def test_follow_color_trump_lead_inferred_when_the_bird_and_then_a_trump_turn_up_later() -> None:
    # East hides from a trump lead, shows the Bird, then an ordinary trump: the Bird was not
    # East's only trump, so it is a failure to follow, reported once at the revoke.
    a = audit("rook/bird-hidden-with-trump-inferred.yaml")
    assert found(a.violations) == [("rook.follow-color", {"hand": 1, "trick": 1, "player": "East"})]
    assert a.violations[0].line == 13
    assert "G5 in trick 3" in a.violations[0].message


def test_bird_anytime_is_never_a_violation_even_after_a_void_is_shown() -> None:
    # West shows no red in trick 1, then plays the Bird on a red lead: nothing proves a revoke.
    a = audit_text("""
game: rook
players: [North, East, South, West]
hands:
  - bid: {East: 70}
    trump: green
    tricks:
      - {East: R5, South: R6, West: Y5, North: R7}
      - {North: R8, East: R9, South: R10, West: Bird}
""")
    assert a.violations == []


# --- follow color ---------------------------------------------------------------------------

def test_follow_color_revoke_judged_from_the_deal() -> None:
    a = audit("rook/revoke-with-deal.yaml")
    assert found(a.violations) == [("rook.follow-color", {"hand": 1, "trick": 4, "player": "West"})]
    assert "B9 B7" in a.violations[0].message


def test_follow_color_revoke_inferred_without_the_deal() -> None:
    a = audit("rook/revoke-inferred.yaml")
    assert found(a.violations) == [("rook.follow-color", {"hand": 1, "trick": 4, "player": "West"})]
    assert a.violations[0].line == 15
    assert "B7 in trick 5" in a.violations[0].message


def test_follow_color_trumping_when_void_is_legal_and_not_compulsory() -> None:
    # The article's trick 2: North is out of yellow and trumps; trick 6: East is out of yellow
    # and trumps low. The article's hand is clean with and without the deal.
    assert audit("rook/no-deal.yaml").violations == []
    assert audit_text((SAMPLES / "rook-seed-example.yaml").read_text()).violations == []


def test_follow_color_trump_lead_needs_trump_inferred() -> None:
    a = audit_text("""
game: rook
players: [North, East, South, West]
first_dealer: West
hands:
  - bid: {North: 70}
    trump: green
    tricks:
      - {North: G14, East: R5, South: G5, West: G6}
      - {North: Y5, East: G10, South: Y6, West: Y7}
""")
    assert found(a.violations) == [("rook.follow-color", {"hand": 1, "trick": 1, "player": "East"})]


def test_bird_led_revoke_inferred_without_the_deal() -> None:
    a = audit_text("""
game: rook
players: [North, East, South, West]
first_dealer: West
hands:
  - bid: {North: 70}
    trump: green
    tricks:
      - {North: Bird, East: R5, South: G5, West: G6}
      - {North: Y5, East: G10, South: Y6, West: Y7}
""")
    assert found(a.violations) == [("rook.bird-led", {"hand": 1, "trick": 1, "player": "East"})]


@pytest.mark.parametrize("name, rule, player", [
    ("revoke-not-proved-by-unknown-card.yaml", "rook.deck", "S"),
    ("revoke-not-proved-by-played-card.yaml", "rook.deck", "S"),
    ("revoke-not-proved-by-discarded-card.yaml", "rook.deck", "S"),
    ("revoke-not-proved-by-card-not-held.yaml", "rook.card-not-held", "S"),
    ("bird-hidden-not-proved-by-played-bird.yaml", "rook.deck", "W"),
])
def test_follow_color_and_bird_not_proved_by_a_card_the_player_could_not_hold(name: str, rule: str,
                                                                               player: str) -> None:
    # rook.follow-color / rook.bird-must-follow-trump inferred without the deal: a later card proves an
    # earlier failure to follow only if the player could hold it. A card rejected at that play
    # (rook.deck, rook.card-not-held) proves nothing: one mistake, reported once, at trick 3.
    a = audit(f"rook/{name}")
    assert found(a.violations) == [(rule, {"hand": 1, "trick": 3, "player": player})]


# --- turn order, cards, deck, deal, exchange, trump -----------------------------------------

def test_turn_order_first_lead_is_the_dealers_left_not_the_bid_winner() -> None:
    # In bird-anytime.yaml South deals and West leads, although North won the bid.
    assert audit("rook/bird-anytime.yaml").violations == []
    a = audit("rook/turn-order.yaml")
    assert found(a.violations) == [("rook.turn-order", {"hand": 1, "trick": 1, "player": "East"})]


def test_turn_order_trick_winner_leads_the_next() -> None:
    a = audit("rook/turn-order-winner.yaml")
    assert found(a.violations) == [("rook.turn-order", {"hand": 1, "trick": 2, "player": "West"})]
    assert "South won trick 1" in a.violations[0].message


def test_turn_order_clockwise_within_a_trick() -> None:
    a = audit("rook/turn-order-clockwise.yaml")
    assert found(a.violations) == [("rook.turn-order", {"hand": 1, "trick": 2, "player": "North"})]


def test_card_not_held_card_dealt_to_another_player() -> None:
    a = audit("rook/card-not-held.yaml")
    assert found(a.violations) == [("rook.card-not-held", {"hand": 1, "trick": 1, "player": "East"})]
    assert "dealt to South" in a.violations[0].message


def test_card_not_held_bid_winner_plays_a_card_taken_from_the_nest() -> None:
    # North plays Y10 and the Bird, which came from the nest: legal.
    assert audit("rook/bird-led.yaml").violations == []


def test_deck_card_played_twice_without_the_deal() -> None:
    a = audit_text("""
game: rook
players: [North, East, South, West]
first_dealer: West
hands:
  - bid: {North: 70}
    trump: green
    tricks:
      - {North: R5, East: R6, South: R7, West: R8}
      - {West: R9, North: R5, East: R10, South: R11}
""")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "trick": 2, "player": "North"})]


def test_deck_unknown_card_and_duplicate_in_the_deal() -> None:
    a = audit("rook/deck-unknown.yaml")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "player": "West"})]
    assert "R4" in a.violations[0].message
    a = audit("rook/deck-duplicate.yaml")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "player": "South"})]
    assert "G13" in a.violations[0].message


def test_deck_duplicate_in_a_deal_is_not_reported_again_when_the_card_it_replaced_is_played() -> None:
    a = audit("rook/deck-duplicate-then-played.yaml")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "player": "West"})]
    assert "R14" in a.violations[0].message


def test_deck_duplicate_whose_first_copy_is_the_wrong_one_is_reported_once() -> None:
    a = audit("rook/deck-duplicate-first-copy-wrong.yaml")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "player": "West"})]
    assert a.result.hands[0].points == {"North/South": 120, "East/West": 0}


def test_deal_short_nest_is_not_reported_again_when_the_missing_card_is_played() -> None:
    a = audit("rook/nest-short-then-played.yaml")
    assert found(a.violations) == [("rook.deal", {"hand": 1})]


def test_card_not_held_still_judged_for_the_players_whose_deal_is_sound() -> None:
    # West's entry is wrong (a second R14), but East's is sound: East playing West's Y6 is caught,
    # and so is West playing East's Y5 (the sound entry says where Y5 was).
    text = record("rook/deck-duplicate-then-played.yaml").read_text().replace(
        "{North: Y10, East: Y5, South: Y12, West: Y6}", "{North: Y10, East: Y6, South: Y12, West: Y5}")
    assert found(audit_text(text).violations) == [("rook.deck", {"hand": 1, "player": "West"}),
                                                  ("rook.card-not-held", {"hand": 1, "trick": 1, "player": "East"}),
                                                  ("rook.card-not-held", {"hand": 1, "trick": 1, "player": "West"})]


def test_deck_card_outside_the_deck_played_is_reported_once_and_read_as_the_missing_card() -> None:
    a = audit("rook/deck-unknown-played.yaml")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "trick": 8, "player": "North"})]
    assert "R1" in a.violations[0].message and "R14" in a.violations[0].message
    h = a.result.hands[0]
    assert (h.tricks[7].winner, h.tricks[7].points) == ("North", 20)
    assert h.points == {"North/South": 120, "East/West": 0}


def test_deck_card_outside_the_deck_dealt_and_played_is_reported_once_at_the_deal() -> None:
    a = audit("rook/deck-unknown-dealt-and-played.yaml")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "player": "North"})]
    assert a.result.hands[0].points == {"North/South": 120, "East/West": 0}


def test_deck_card_outside_the_deck_played_with_the_deal_is_deck_not_card_not_held() -> None:
    a = audit("rook/deck-unknown-played-with-deal.yaml")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "trick": 8, "player": "West"})]
    assert "R4" in a.violations[0].message


def test_deck_cards_outside_the_deck_that_the_hand_cannot_identify() -> None:
    # Two unknown cards in trick 8 and no discard: which cards they were is unknown. Each is
    # reported once; the record's next leader (North) is taken as the trick's winner, and the
    # written points are not checked against counters that cannot be known.
    text = record("rook/deck-unknown-played.yaml").read_text().replace(
        "    discard: [R6, R7, R11, B11, R5]\n", "").replace("West: R8}", "West: R4}")
    a = audit_text(text)
    assert found(a.violations) == [("rook.deck", {"hand": 1, "trick": 8, "player": "North"}),
                                   ("rook.deck", {"hand": 1, "trick": 8, "player": "West"})]
    assert a.result.hands[0].tricks[7].winner == "North"
    assert a.result.hands[0].points == {"North/South": 120, "East/West": 0}


@pytest.mark.parametrize("name, rule", [
    ("deck-duplicate-played-with-discard.yaml", "rook.deck"),
    ("deck-duplicate-played-with-deal-and-discard.yaml", "rook.card-not-held"),
])
def test_deck_card_played_twice_is_read_as_the_one_card_unaccounted_for(name: str, rule: str) -> None:
    # rook.deck: a card written twice is reported once, at its second play; the discard (and the
    # player's deal) leave exactly one card unaccounted for, R12, which is what was played: the counters
    # total 120 (rook.points-total) and the written 120 is right (no rook.points-recorded).
    a = audit(f"rook/{name}")
    assert found(a.violations) == [(rule, {"hand": 1, "trick": 7, "player": "West"})]
    # the message says what the card is read as (the replay shows it too), so the rest of the hand's
    # findings can be followed: the check never said so
    assert "G5" in a.violations[0].message and a.violations[0].message.endswith("the rest of the hand shows it was R12")
    h = a.result.hands[0]
    assert h.points == {"North/South": 120, "East/West": 0}
    assert sum(t.points for t in h.tricks) + h.nest_points == 120
    assert h.tricks[6].winner == "North"


@pytest.mark.parametrize("name, where", [
    ("deck-duplicate-played-no-discard.yaml", [(7, "West")]),
    ("deck-duplicates-played-with-discard.yaml", [(5, "East"), (7, "West")]),
])
def test_deck_card_played_twice_that_nothing_identifies_has_unknown_counters(name: str, where: list) -> None:
    # rook.deck once per card played again; which card it was, and its counters, are unknown (as for a
    # card outside the deck), so the written points are not judged against the tricks (rook.points-recorded).
    a = audit(f"rook/{name}")
    assert found(a.violations) == [("rook.deck", {"hand": 1, "trick": t, "player": p}) for t, p in where]
    assert a.result.hands[0].points == {"North/South": 120, "East/West": 0}


def test_deal_nine_each_and_five_in_the_nest() -> None:
    assert audit("rook/bird-led.yaml").violations == []
    a = audit("rook/deal-count.yaml")
    assert found(a.violations) == [("rook.deal", {"hand": 1, "player": "East"})]


def test_deal_card_moved_from_a_deal_to_the_nest_is_reported_once_at_the_player() -> None:
    a = audit("rook/deal-card-in-nest.yaml")
    assert found(a.violations) == [("rook.deal", {"hand": 1, "player": "North"})]
    assert "the nest has 6" in a.violations[0].message
    assert a.result.hands[0].points == {"North/South": 120, "East/West": 0}


def test_deal_nest_of_four_is_a_violation() -> None:
    text = record("rook/discard-counters.yaml").read_text().replace(
        "nest: [Y10, B5, Bird, B11, G9]", "nest: [Y10, B5, Bird, B11]")
    assert rules_of(audit_text(text).violations) == ["rook.deal"]


def test_nest_exchange_counters_may_be_put_back() -> None:
    assert audit("rook/discard-counters.yaml").violations == []


def test_nest_exchange_discard_must_come_from_the_14_cards() -> None:
    a = audit("rook/discard-not-held.yaml")
    assert found(a.violations) == [("rook.nest-exchange", {"hand": 1, "player": "North"})]
    assert "G12" in a.violations[0].message and "East" in a.violations[0].message


def test_nest_exchange_exactly_five_cards() -> None:
    a = audit("rook/discard-count.yaml")
    assert found(a.violations) == [("rook.nest-exchange", {"hand": 1, "player": "North"})]


def test_nest_exchange_short_discard_reported_once_and_the_nest_taken_from_the_play() -> None:
    a = audit("rook/discard-four-nest-played-out.yaml")
    assert found(a.violations) == [("rook.nest-exchange", {"hand": 1, "player": "North"})]
    h = a.result.hands[0]
    assert (h.nest_points, sorted(map(str, h.nest))) == (5, ["B11", "R11", "R5", "R6", "R7"])
    assert h.points == {"North/South": 120, "East/West": 0}


def test_nest_exchange_card_put_back_twice_is_one_report() -> None:
    a = audit("rook/discard-twice.yaml")
    assert found(a.violations) == [("rook.nest-exchange", {"hand": 1, "player": "North"})]
    assert "R5 back twice" in a.violations[0].message
    assert a.result.hands[0].points == {"North/South": 120, "East/West": 0}


def test_nest_to_last_trick_nest_is_what_the_play_leaves_when_a_put_back_card_is_played() -> None:
    # Without the deal: North's discard names G14, which South then plays. The play is reported
    # (rook.deck); the nest that went to the last trick is R5, so the written 120 is right.
    text = record("rook/no-deal.yaml").read_text().replace(
        "    trump: green\n", "    discard: [R6, R7, R11, B11, G14]\n    trump: green\n")
    a = audit_text(text)
    assert found(a.violations) == [("rook.deck", {"hand": 1, "trick": 9, "player": "South"})]
    assert a.result.hands[0].nest_points == 5


def test_nest_exchange_buried_card_cannot_be_played() -> None:
    text = record("rook/card-not-held.yaml").read_text().replace(
        "{North: Y10, East: Y12, South: Y13, West: Y6}", "{North: R6, East: R9, South: R10, West: R8}")
    a = audit_text(text)
    assert found(a.violations) == [("rook.card-not-held", {"hand": 1, "trick": 1, "player": "North"})]
    assert "put R6 back in the nest" in a.violations[0].message


def test_trump_must_be_a_color() -> None:
    a = audit("rook/trump-none.yaml")
    assert found(a.violations) == [("rook.trump", {"hand": 1, "player": "North"})]
    assert audit("rook/bird-led.yaml").violations == []


def test_tenth_trick_is_one_too_many() -> None:
    text = record("rook/no-deal.yaml").read_text().replace(
        "    points:", "      - {North: R5, East: R6, South: R7, West: R11}\n    points:")
    assert found(audit_text(text).violations) == [("rook.deal", {"hand": 1, "trick": 10})]


def test_bird_off_leaves_the_bird_out_of_the_deck() -> None:
    a = audit_text("""
game: rook
players: [North, East, South, West]
rules: {bird: off}
hands:
  - bid: {North: 70}
    points: {North/South: 60, East/West: 40}
  - bid: {East: 70}
    trump: red
    tricks:
      - {South: Bird, West: R5, North: R6, East: R7}
""")
    assert found(a.violations) == [("rook.deck", {"hand": 2, "trick": 1, "player": "South"})]


@pytest.mark.parametrize("name, shown", [("bird-hidden-unfinished.yaml", "no other trump in the tricks recorded"),
                                         ("bird-hidden-inferred.yaml", "no other trump in the tricks recorded"),
                                         ("bird-hidden-whole-hand.yaml", "no other trump in the hand")])
def test_bird_must_follow_trump_inferred_says_only_what_the_tricks_recorded_show(name: str, shown: str) -> None:
    # rook.bird-must-follow-trump, proven by the Bird played later: in a hand that stops after 3 tricks,
    # that the Bird was the only trump is known only of the tricks recorded (the record's comment).
    (v,) = audit(f"rook/{name}").violations
    assert v.rule == "rook.bird-must-follow-trump" and shown in v.message
