"""Disputes a table brings to `why` (issue 24), each record under tests/records/<game>/why/ worked
out by hand from the rules (its comment says how): the answer is `check`'s judgement at the move,
with the rule that decides it and what the move caused. Four kinds of question:

1. a mistake of the whole hand that names a player (a wrong dealer, a seat change not made, a
   nest discard of a card the bidder does not hold) is the answer, not a call of that player;
2. the 1988 seat change is visible in the bidding;
3. a Daifugō play's consequences (反則上がり, 都落ち, 8切り, 革命) are the answer to "does it count?";
4. a legal move cites the rule that decides it (a raise: rook.bid-step; the fourth pass:
   rook.all-pass; a lower rank's gift: daifugo.exchange-strongest, on the hand as dealt).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import DUMPER, RECORDS, cli

from scorekeep import api, why
from scorekeep.engine import SLIPPED


def _why(name: str, **where: object) -> why.Explanation:
    ex = why.explain(api.audit(api.load(str(RECORDS / name))), why.Location(**where) if where else None)  # type: ignore[arg-type]
    assert ex is not None
    return ex


def _json(name: str, *args: str) -> dict:
    r = cli("why", str(RECORDS / name), *args, "--format", "json")
    assert r.code == 0, r.err
    return json.loads(r.out)


# --- Rook: the deal and the result, decided by the engine's checks --------------------------------

@pytest.mark.parametrize("name, game, said", [
    ("daifugo/miyako-ochi-after-a-foul-out.yaml", 2,
     "丙, last game's 大富豪, fell when 乙 was the first to go out legally (甲's forbidden finish does not count)"),
    ("daifugo/miyako-ochi.yaml", 2, None),
])
def test_the_finish_fact_says_whose_finish_made_the_daifugo_fall(name: str, game: int, said: str | None) -> None:
    """daifugo.miyako-ochi: `why --finish` said only "丙, last game's 大富豪, did not finish first and fell",
    leaving the table to guess who did; it now says whose finish it was, in the engine's words for the
    都落ち (a forbidden finish before it does not count)."""
    facts = dict(_why(name, set=1, game=game, what="finish").facts)
    assert facts["都落ち"].startswith(said or ""), facts["都落ち"]
    assert " fell when " in facts["都落ち"] and "did not finish first" not in facts["都落ち"]


@pytest.mark.parametrize("name, hand, what, rule, said", [
    ("rook/why/deal-card-twice.yaml", 1, "deal", "rook.deck", "Y11 was dealt to both North and West"),
    ("rook/why/deal-hand-of-eight.yaml", 1, "deal", "rook.deal", "East was dealt 8 cards"),
    ("rook/why/points-not-120.yaml", 1, "result", "rook.points-total", "= 130"),
    ("rook/why/set-scored-as-made.yaml", 1, "result", "rook.contract", "was set"),
    ("rook/why/totals-slip.yaml", 2, "result", "rook.points-recorded", "North/South 135"),
])
def test_a_rook_deal_or_result_is_ruled_by_the_engines_checks(name: str, hand: int, what: str, rule: str,
                                                               said: str) -> None:
    """rook.deck, rook.deal, rook.points-total, rook.contract, rook.points-recorded, each ruled by hand in
    its record's comment: `why FILE` and `why --hand N --deal`/`--result` give check's finding, with the
    engine's checks as steps in the rules' order, every one "yes" up to the failing one, which is the rule."""
    for args in ((), ("--hand", str(hand), f"--{what}")):
        doc = _json(name, *args)
        assert (doc["legal"], doc["rule"]) == (False, rule), args
        assert doc["violation"]["rule"] == rule and doc["location"] == {"hand": hand, what: True}
        assert said in doc["violation"]["message"]
        steps = doc["steps"]
        assert steps and steps[-1]["rule"] == rule and steps[-1]["answer"].startswith("no")
        assert all(s["answer"] == "yes" for s in steps[:-1])
        assert not any("`" in s["question"] for s in steps), "no key of the record's file at the table"


def test_a_rook_deal_with_two_mistakes_is_ruled_by_the_first_met() -> None:
    """rook.deal, rook.deck: the deal is read entry by entry; East's short hand is met first and decides
    (the last step), the card dealt twice, met later, is listed beside it; no step says "no" before."""
    doc = _json("rook/why/deal-short-and-twice.yaml", "--hand", "1", "--deal")
    assert (doc["legal"], doc["rule"]) == (False, "rook.deal") and "East was dealt 8" in doc["violation"]["message"]
    assert [f["rule"] for f in doc["also"]] == ["rook.deck"]
    assert [s["rule"] for s in doc["steps"]] == ["rook.deck", "rook.deck", "rook.deal"]
    assert doc["steps"][-1]["answer"].startswith("no") and not any(s["answer"].startswith("no") for s in doc["steps"][:-1])


@pytest.mark.parametrize("name, hand, what, rule", [
    ("rook/why/totals-slip.yaml", 1, "result", "rook.points-recorded"),  # the totals written: the last asked
    ("rook/why/points-not-120.yaml", 1, "deal", None),  # no deal written: nothing of it to judge
    ("rook/why/set-scored-as-made.yaml", 1, "deal", None),
])
def test_a_legal_rook_deal_or_result_cites_the_check_that_decided_it(name: str, hand: int, what: str,
                                                                      rule: str | None) -> None:
    """rook.points-recorded: hand 1 of the slip is legal, decided by its last check (the totals written);
    a deal the record does not write is legal with no step (the engine has no entry of it to ask)."""
    doc = _json(name, "--hand", str(hand), f"--{what}")
    assert doc["legal"] and doc["violation"] is None
    assert all(s["answer"] == "yes" for s in doc["steps"])
    if rule is None:
        assert doc["steps"] == [] and doc["rule"] == "rook.deal"
    else:
        assert doc["rule"] == rule == doc["steps"][-2]["rule"] and doc["steps"][-1]["rule"] == "rook.unfinished-hand"


# --- 1. a mistake of the whole hand that names a player ------------------------------------------

@pytest.mark.parametrize("name, hand, what, rule, player", [
    ("rook/why/dealer-wrong.yaml", 2, "dealer", "rook.dealer-rotation", "South"),
    ("rook/why/seat-change-forgotten.yaml", 5, "seats", "rook.seat-change", "North"),
    ("rook/why/nest-discard-not-held.yaml", 1, "nest", "rook.nest-exchange", "East"),
    ("oh-hell/why/dealer-wrong.yaml", 2, "dealer", "oh-hell.dealer-rotation", "West"),
])
def test_a_mistake_of_the_hand_naming_a_player_is_the_answer(name: str, hand: int, what: str, rule: str,
                                                             player: str) -> None:
    """rook.dealer-rotation, rook.seat-change, rook.nest-exchange, oh-hell.dealer-rotation: `why FILE`,
    `why FILE --hand N` and the fact's own option all explain that finding: not legal, its player."""
    for args in ((), ("--hand", str(hand)), ("--hand", str(hand), f"--{what}")):
        doc = _json(name, *args)
        assert (doc["legal"], doc["rule"], doc["player"]) == (False, rule, player), args
        assert doc["violation"]["rule"] == rule and doc["location"] == {"hand": hand, what: True}
    r = cli("why", str(RECORDS / name))
    assert r.code == 0 and f"ruling: not legal, {rule}:" in r.out


def test_the_nest_discard_shows_what_east_held_and_the_nest() -> None:
    """rook.nest-exchange: B13 was dealt to South; the position shows East's nine cards and the nest."""
    ex = _why("rook/why/nest-discard-not-held.yaml", hand=1, what="nest")
    facts = dict(ex.facts)
    assert "B13" not in facts["East's hand as dealt"] and "R6" in facts["the nest"]
    assert "B13" in ex.ruling.reason and ex.ruling.steps[-1].rule == "rook.nest-exchange"


_DEAL_FACTS = [  # (record, hand, fact, the engine's checks of it, the ruling's rule, legal)
    ("rook/why/dealer-wrong.yaml", 2, "dealer", "deal", "rook.dealer-rotation", False),
    ("rook/why/dealer-wrong.yaml", 3, "dealer", "deal", "rook.dealer-rotation", True),
    ("rook/why/seat-change-forgotten.yaml", 5, "seats", "seating", "rook.seat-change", False),
    ("rook/why/seat-change-forgotten.yaml", 5, "dealer", "deal", "rook.seat-change", False),
    ("rook/why/seat-change-made.yaml", 5, "dealer", "deal", "rook.dealer-rotation", True),
    ("rook/why/seat-change-made.yaml", 5, "seats", "seating", "rook.seat-change", True),
]


@pytest.mark.parametrize("name, hand, what, phase, rule, legal", _DEAL_FACTS)
def test_the_dealer_and_the_seats_are_decided_by_the_engines_checks(name: str, hand: int, what: str, phase: str,
                                                                   rule: str, legal: bool) -> None:
    """rook.dealer-rotation, rook.seat-change: `--dealer` and `--seats` list the engine's checks of
    the deal (`CHECKS["deal"]`) or of the hand's seating (`CHECKS["seating"]`) in the rules' order,
    up to the first that fails; that one (else the last asked) is the ruling's rule, as check found."""
    from scorekeep.games.rook.engine import CHECKS

    doc = _json(name, "--hand", str(hand), f"--{what}")
    steps = doc["steps"]
    asked = [c.rule for c in CHECKS[phase]][:len(steps)]
    assert steps and [s["rule"] for s in steps] == asked
    assert (doc["legal"], doc["rule"], steps[-1]["rule"]) == (legal, rule, rule)
    assert [s["answer"].startswith("no") for s in steps] == [False] * (len(steps) - 1) + [not legal]
    assert (doc["violation"] or {}).get("rule") == (None if legal else rule)
    assert all("`" not in s["answer"] for s in steps), "no spelling of a house option at the table"


def test_the_dealer_steps_follow_the_engines_checks_when_they_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """rook.dealer-rotation, rook.seat-change: the steps are the checks of `CHECKS["deal"]` as they are
    when asked: one turned off is no step; one that answers otherwise gives its own answer."""
    from scorekeep.games.rook import engine

    rotation = next(c for c in engine.CHECKS["deal"] if c.rule == "rook.dealer-rotation")
    monkeypatch.setitem(engine.CHECKS, "deal", (rotation,))
    ex = _why("rook/why/dealer-wrong.yaml", hand=2, what="dealer")
    assert [s.rule for s in ex.ruling.steps] == ["rook.dealer-rotation"] and ex.ruling.rule == "rook.dealer-rotation"
    monkeypatch.setitem(engine.CHECKS, "deal", ())  # no check of the deal: check reports none, why asks none
    ex = _why("rook/why/dealer-wrong.yaml", hand=2, what="dealer")
    assert ex.ruling.steps == () and ex.ruling.legal and ex.finding is None
    strict = rotation._replace(test=lambda pos, m: f"{m.dealer} may never deal")
    monkeypatch.setitem(engine.CHECKS, "deal", (strict,))
    ex = _why("rook/why/dealer-wrong.yaml", hand=3, what="dealer")
    assert ex.ruling.steps[-1].answer == "no: West may never deal" and not ex.ruling.legal
    assert ex.ruling.rule == ex.ruling.steps[-1].rule == "rook.dealer-rotation"


def test_the_result_steps_take_their_words_from_the_engines_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """rook.points-total, rook.points-recorded: `--result` asks each check in the words the check itself
    carries (`Check.ask`, `Check.legal`): a check reworded or added to `CHECKS` changes `why` with no edit
    to explain.py."""
    from scorekeep.games.rook import engine

    total = engine.CHECKS["result"][0]
    ex = _why("rook/why/dealer-wrong.yaml", hand=1, what="result")
    assert ex.ruling.reason == "legal: the points written add up to 120, rook.points-total"
    points = [s.question for s in ex.ruling.steps if s.rule.startswith("rook.points")]  # (after the bid's own)
    assert points == ["do the points written add up to the 120 the counters are worth, each a multiple of 5?"]
    reworded = total._replace(ask="do they make {total}?", legal="they make {total}")
    extra = engine.Check("rook.points-recorded", "a check added", lambda pos, m: None, ask="added in hand {n}?")
    monkeypatch.setitem(engine.CHECKS, "result", (reworded, extra))
    ex = _why("rook/why/dealer-wrong.yaml", hand=1, what="result")
    assert [s.question for s in ex.ruling.steps if s.rule.startswith("rook.points")] == ["do they make 120?",
                                                                                         "added in hand 1?"]
    assert ex.ruling.reason == "legal: as the rules give, rook.points-recorded"  # the added check decides last
    monkeypatch.setitem(engine.CHECKS, "result", (reworded,))
    ex = _why("rook/why/dealer-wrong.yaml", hand=1, what="result")
    assert ex.ruling.reason == "legal: they make 120, rook.points-total"


# --- 2. the 1988 seat change -------------------------------------------------------------------

def test_after_the_seat_change_the_new_left_opens_the_bidding() -> None:
    """rook.seat-change: after 4 hands the order is North, West, South, East; South deals hand 5
    and East, on South's new left, opens: legal, and `why` says so."""
    ex = _why("rook/why/seat-change-made.yaml", hand=5, bid=1)
    assert (ex.player, ex.ruling.legal, ex.ruling.rule) == ("East", True, "rook.bid-minimum")
    seats = dict(ex.facts)["seats"]
    assert "after 4 hands the seats changed" in seats and "North, West, South, East" in seats
    assert "East, on South's left, opens the bidding" in seats


def test_a_forgotten_seat_change_is_the_answer_at_the_hands_first_call() -> None:
    """rook.seat-change: South dealt hand 5 (the rotation kept) but the table bid it in the old seats,
    West opening on South's old left. In the new seats East, on South's left, opens: the first call
    shows the seat change check reports, its first step asks it, and West had no opening call."""
    name = "rook/why/seat-change-old-seats-right-dealer.yaml"
    ex = _why(name, hand=5, bid=1)
    assert (ex.player, ex.ruling.legal, ex.ruling.rule) == ("West", False, "rook.seat-change")
    assert ex.finding is not None and ex.finding.rule == "rook.seat-change"
    assert ex.ruling.steps[0].rule == "rook.seat-change" and ex.ruling.steps[0].answer.startswith("no")
    assert ex.choices == () and "East's opening call" in ex.no_choice
    seats = dict(ex.facts)["seats"]
    assert "East, on South's left, opens the bidding" in seats
    assert "one slip of the hand, shown first at its first call (West opened, on South's left in the old seats)" \
        in seats
    later = _why(name, hand=5, bid=2)  # judged in the seats the table used
    assert later.ruling.legal


@pytest.mark.parametrize("name", ["rook/why/seat-change-forgotten-same-opener.yaml",
                                  "rook/why/seat-change-forgotten.yaml"])
def test_a_forgotten_seat_change_with_the_old_rotations_dealer_keeps_the_opener(name: str) -> None:
    """rook.seat-change, rook.dealer-rotation, rook.bid-order: North dealt hand 5 on West's old left and
    the table bid in the old seats. check's one finding says the deal passes to South, whose left in
    the new seats is East: East opens hand 5 in the rules' seats as in the old ones, so East's opening
    is in turn and legal. `why` once took the opener from the record's dealer (North's new left:
    West), showed a failing seat-change step, 'legal choices: none' and 'West's opening call'."""
    found = api.audit(api.load(str(RECORDS / name))).violations
    assert [(v.rule, v.hand, v.player) for v in found] == [("rook.seat-change", 5, "North")]
    assert "the deal passes to South" in found[0].message
    ex = _why(name, hand=5, bid=1)
    assert (ex.player, ex.ruling.legal, ex.ruling.rule) == ("East", True, "rook.bid-minimum")
    assert all(s.rule != "rook.seat-change" and s.answer == "yes" for s in ex.ruling.steps)
    assert ex.choices and ex.choices[0] == "pass" and ex.finding is None
    seats = dict(ex.facts)["seats"]
    assert "East, on South's left, opens the bidding" in seats and "kept the old seats" in seats
    assert "shown first at its deal (North dealt; East opens in either seating)" in seats
    whole = _why(name)  # check's finding, at North's deal
    assert whole.finding is not None and whole.finding.rule == "rook.seat-change" and whole.player == "North"


# --- 3. what a Daifugō play caused ----------------------------------------------------------------

@pytest.mark.parametrize("name, play, card", [
    ("daifugo/why/finish-on-a-two.yaml", 5, "2♣"),
    ("daifugo/why/finish-on-joker-stairs.yaml", 5, "JK"),
    ("daifugo/why/finish-on-a-three-in-revolution.yaml", 9, "3♣"),
])
def test_a_forbidden_finish_stands_and_ranks_from_the_bottom(name: str, play: int, card: str) -> None:
    """daifugo.forbidden-finish (反則上がり): the play is legal and stands, the player ranks from the
    bottom; the ruling cites the event, and `effects` is what check reports there."""
    doc = _json(name, "--game", "1", "--play", str(play))
    assert (doc["legal"], doc["rule"], doc["violation"], doc["also"]) == (True, "daifugo.forbidden-finish", None, [])
    assert [e["rule"] for e in doc["effects"]] == ["daifugo.forbidden-finish"]
    assert "反則上がり" in doc["reason"] and "ranked from the bottom" in doc["reason"] and card in doc["reason"]
    # a clear table has no lock: no question about locked suits, nor about covering a play
    assert not {"daifugo.suit-lock", "daifugo.follow-stronger"} & {s["rule"] for s in doc["steps"]}


def _step(doc: dict, rule: str) -> str:
    (answer,) = [s["answer"] for s in doc["steps"] if s["rule"] == rule]
    return answer


def test_a_spade_3_return_under_a_lock_is_not_said_to_have_the_locked_suits() -> None:
    """daifugo.suit-lock, daifugo.spade-3-return: 3♠ has no ♦, yet returns the joker under a ♦ lock —
    the lock's step says why it does not bind the return, not a false "yes"."""
    doc = _json("daifugo/why/spade-3-return-under-a-lock-goes-out.yaml", "--game", "1", "--play", "9")
    assert doc["legal"] and doc["violation"] is None
    lock = _step(doc, "daifugo.suit-lock")
    assert lock != "yes" and "even under a suit lock" in lock and "daifugo.spade-3-return" in lock


@pytest.mark.parametrize("name, play, rule", [
    ("daifugo/why/spade-3-return-under-a-lock-goes-out.yaml", 10, "daifugo.spade-3-return"),
    ("daifugo/why/eight-cut-goes-out-next-leads.yaml", 6, "daifugo.eight-cut"),
])
def test_after_a_clear_by_a_player_who_went_out_the_step_names_who_leads(name: str, play: int, rule: str) -> None:
    """daifugo.clear: the returner / cutter went out with the play that cleared, so they do not lead
    again; the step says so and names the leader, 乙, as the rule decides (not "does its player lead? yes")."""
    doc = _json(name, "--game", "1", "--play", str(play))
    assert doc["legal"] and doc["violation"] is None
    lead = _step(doc, rule)
    assert lead != "yes" and "甲 went out with that play" in lead and "乙, leads (daifugo.clear)" in lead


@pytest.mark.parametrize("name, play, said, rule, words", [
    # in a revolution a 2 is no forbidden finish: the finish itself decides the ruling
    ("daifugo/finish-revolution-two.yaml", 9, "甲 played 2♣ and went out", "daifugo.forbidden-finish",
     "during a revolution (革命)"),
    # four 3s before a revolution: judged in the order before the play (the ruling: the revolution it starts)
    ("daifugo/example3-four-threes.yaml", 5, "甲 played 3♠ 3♥ 3♦ 3♣ and went out", "daifugo.revolution",
     "judged in the order before the play"),
])
def test_a_legal_finish_is_decided_by_the_forbidden_finish_check(name: str, play: int, said: str, rule: str,
                                                                 words: str) -> None:
    """daifugo.forbidden-finish: a play that empties the hand says so, and its last step is the
    forbidden-finish question, answered: a legal finish, and why (not a foul after the fact)."""
    doc = _json(name, "--game", "1", "--play", str(play))
    assert (doc["said"], doc["legal"], doc["rule"], doc["violation"]) == (said, True, rule, None)
    assert doc["steps"][-1]["rule"] == "daifugo.forbidden-finish"
    finish = doc["steps"][-1]["answer"]
    assert finish.startswith("yes: ") and "no forbidden finish" in finish and words in finish
    if rule == "daifugo.forbidden-finish":
        assert "no forbidden finish" in doc["reason"]


def test_a_forbidden_finish_says_it_went_out_and_its_step_says_why() -> None:
    """daifugo.forbidden-finish: going out on a 2 in normal order — the step answers that it is one."""
    doc = _json("daifugo/why/finish-on-a-two.yaml", "--game", "1", "--play", "5")
    assert doc["said"] == "甲 played 2♣ and went out" and doc["rule"] == "daifugo.forbidden-finish"
    step = doc["steps"][-1]
    assert step["rule"] == "daifugo.forbidden-finish" and step["answer"].startswith("a forbidden finish (反則上がり)")
    assert "a 2 in normal order" in step["answer"]


def test_a_lone_joker_written_as_an_eight_is_ruled_the_joker_with_no_eight_cut() -> None:
    """daifugo.combination: a lone joker is always the joker; `JK=8S` is not taken, so no 8切り — the
    combination step and the ruling say so (words, not a violation: the play itself is legal)."""
    doc = _json("daifugo/lone-joker-annotated-eight.yaml", "--game", "1", "--play", "2")
    assert (doc["legal"], doc["violation"], doc["effects"]) == (True, None, [])
    step = _step(doc, "daifugo.combination")
    assert step.startswith("yes: ") and "a lone joker is always the joker" in step and "no 8切り" in step
    assert "8♠ written for it is not taken" in doc["reason"] and "no 8切り" in doc["reason"]


def test_the_revolution_that_makes_3_strongest_is_the_answer_at_its_play() -> None:
    doc = _json("daifugo/why/finish-on-a-three-in-revolution.yaml", "--game", "1", "--play", "1")
    assert (doc["legal"], doc["rule"]) == (True, "daifugo.revolution") and "革命" in doc["reason"]


def test_miyako_ochi_names_the_rank_fallen_to() -> None:
    """daifugo.miyako-ochi: 丙's legal finish makes 甲 fall to 貧民, above 乙's foul finish; 乙's
    foul finish before it makes nobody fall."""
    ex = _why("daifugo/why/miyako-ochi-below-a-foul.yaml", set=1, game=2, play=12)
    assert (ex.ruling.legal, ex.ruling.rule) == (True, "daifugo.miyako-ochi")
    assert "都落ち" in ex.ruling.reason and "here 貧民" in ex.ruling.reason and "乙" in ex.ruling.reason
    foul = _why("daifugo/why/miyako-ochi-below-a-foul.yaml", set=1, game=2, play=5)
    assert [e.rule for e in foul.effects] == ["daifugo.forbidden-finish"]
    ranks = dict(_why("daifugo/why/miyako-ochi-below-a-foul.yaml", set=1, game=2, what="finish").facts)["ranks"]
    assert ranks == "大富豪 丙, 富豪 丁, 貧民 甲, 大貧民 乙"


def test_an_eight_cut_and_a_counter_revolution() -> None:
    """daifugo.eight-cut, daifugo.revolution, daifugo.suit-lock: each play's effects are check's events there."""
    cut = _why("daifugo/why/eight-cut-and-counter-revolution.yaml", set=1, game=1, play=6)
    assert (cut.ruling.rule, [e.rule for e in cut.effects]) == ("daifugo.eight-cut", ["daifugo.eight-cut"])
    assert "乙 leads again" in cut.ruling.reason
    back = _why("daifugo/why/eight-cut-and-counter-revolution.yaml", set=1, game=1, play=2)
    assert [e.rule for e in back.effects] == ["daifugo.revolution", "daifugo.suit-lock"]
    assert back.ruling.rule == "daifugo.revolution" and "革命返し" in back.ruling.reason
    r = cli("why", str(RECORDS / "daifugo/why/eight-cut-and-counter-revolution.yaml"), "--game", "1", "--play", "2")
    assert "it also caused" in r.out and "縛り" in r.out


# --- several faulty calls of one caller on one line --------------------------------------------

@pytest.mark.parametrize("name, hand, calls, faults", [
    ("rook/why/bid-end-two-calls-one-line.yaml", 1, 6, {5: ("rook.bid-end", "E called pass"),
                                                        6: ("rook.bid-end", "E called 75")}),
    ("rook/why/bid-step-twice-one-line.yaml", 1, 9, {2: ("rook.bid-step", "S bid 72"),
                                                     6: ("rook.bid-step", "S bid 83"),
                                                     9: ("rook.bid-end", "S called pass")}),
    ("rook/why/auction-slips-one-line.yaml", 2, 8, {7: ("rook.bid-end", "W called pass"),
                                                    8: ("rook.bid-end", "W called 85")}),
])
def test_each_faulty_call_on_one_line_is_its_own(name: str, hand: int, calls: int,
                                                 faults: dict[int, tuple[str, str]]) -> None:
    """rook.bid-end, rook.bid-step: a caller's calls written on one line (`[70, pass, pass, pass, pass, 75]`)
    are told apart by their place in the bidding: `why --bid K` is not legal exactly where `check` reports
    the call (worked out by hand in each record's comment), with that call's own finding, and nothing
    of another call in `also`."""
    for k in range(1, calls + 1):
        ex = _why(name, hand=hand, bid=k)
        if k not in faults:
            assert ex.ruling.legal and ex.finding is None, k
            continue
        rule, said = faults[k]
        assert (ex.ruling.legal, ex.ruling.rule) == (False, rule), k
        assert ex.finding is not None and ex.finding.message.startswith(said) and ex.also == (), k


# --- 4. the rule that decides a legal move ------------------------------------------------------------

@pytest.mark.parametrize("name, hand, bid, rule, said", [
    ("rook/why/auction-deciding-rules.yaml", 1, 1, "rook.bid-minimum", "North opens the bidding at 70"),
    ("rook/why/auction-deciding-rules.yaml", 1, 2, "rook.bid-step", "East raises North's 70 to 80"),
    ("rook/why/auction-deciding-rules.yaml", 1, 3, "rook.bid-order", "South may pass in turn"),
    ("rook/why/auction-deciding-rules.yaml", 1, 5, "rook.bid-end", "East's 80 wins the bid"),
    ("rook/why/auction-deciding-rules.yaml", 2, 4, "rook.all-pass", "the hand is thrown in"),
    # a house default, said as check says it (engine.all_pass_words): `why` left the house rule out
    ("rook/why/all-pass-dealer-forced.yaml", 1, 4, "rook.all-pass",
     "the dealer North takes the hand at 70 (house rule `all_pass: dealer-forced`)"),
])
def test_a_legal_call_cites_the_rule_that_decides_it(name: str, hand: int, bid: int, rule: str, said: str) -> None:
    ex = _why(name, hand=hand, bid=bid)
    assert (ex.ruling.legal, ex.ruling.rule) == (True, rule) and said in ex.ruling.reason
    # the steps are the engine's checks of a call, in the rules' order
    assert [s.rule for s in ex.ruling.steps][:3] == ["rook.bid-end", "rook.bid-after-pass", "rook.bid-order"]


def test_a_lower_ranks_legal_gift_is_decided_by_its_strongest_cards_as_dealt() -> None:
    """daifugo.exchange-strongest: 丙 (貧民) gives A♦, the strongest dealt; the 2♥ received from 乙
    does not count. 甲 (大富豪) chooses: daifugo.exchange-count."""
    low = _why("daifugo/why/exchange-lower-rank-gift.yaml", set=1, game=2, exchange=True, player="丙")
    assert (low.ruling.legal, low.ruling.rule) == (True, "daifugo.exchange-strongest")
    assert "2♥" in low.ruling.reason and "does not count" in low.ruling.reason and "as dealt" in low.ruling.reason
    high = _why("daifugo/why/exchange-lower-rank-gift.yaml", set=1, game=2, exchange=True, player="甲")
    assert (high.ruling.legal, high.ruling.rule) == (True, "daifugo.exchange-count")


# --- the smaller ones -----------------------------------------------------------------------------

def test_with_the_deal_recorded_the_question_is_does_not_may() -> None:
    ex = _why("oh-hell/why/held-with-the-deal.yaml", hand=1, trick=1, player="East")
    assert any(s.question == "does East hold Q♠?" for s in ex.ruling.steps)
    assert not any(s.question.startswith("may East hold") for s in ex.ruling.steps)


def test_json_has_the_specs_keys_in_order_and_allowed_holds_only_choices() -> None:
    """records.md: legal, rule, see, reason, allowed, choices, steps, position, effects, violation,
    also; `allowed` canonical only (a phrase goes to `choices`)."""
    doc = _json("daifugo/why/eight-cut-and-counter-revolution.yaml", "--game", "1", "--play", "2")
    assert list(doc) == ["path", "game", "location", "line", "player", "move", "said", "legal", "rule", "see",
                         "reason", "allowed", "choices", "steps", "position", "effects", "violation", "also"]
    assert doc["allowed"] is None and "four of one rank" in doc["choices"]
    lock = _json("daifugo/why/lock.yaml", "--game", "1", "--play", "3")
    assert lock["allowed"] == ["pass"] and lock["choices"] == "pass"


def test_no_table_text_names_a_yaml_key_or_leaves_a_missing_pass_unexplained() -> None:
    r = cli("why", str(RECORDS / "rook" / "bid-order-missing-pass.yaml"))
    assert "taken as missing" not in r.out and "left that pass out" in r.out


def test_the_readmes_why_examples_are_what_why_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's `why` section: one real example per game, printed exactly as shown (run from the
    repository's root as shown: the header wraps after the path)."""
    import shlex

    from conftest import ROOT

    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Settling a dispute: `why`", 1)[1].split("\n### ", 1)[0]
    blocks = [b.split("\n```", 1)[0] for b in section.split("```console\n")[1:]]
    games = set()
    for block in blocks:
        command, shown = block.split("\n", 1)
        args = shlex.split(command.removeprefix("$ scorekeep "))
        r = cli(*args)
        assert r.code == 0, r.err
        assert r.out == shown + "\n", command
        games.add(args[1].split("/")[2])
    assert games == {"rook", "oh-hell", "daifugo"}


# --- Oh Hell: the facts of a hand and its result (worked out by hand, each record's comment) ---------

_OH_HELL_FACTS = [  # (record under oh-hell/why/, hand, fact, legal, rule, the violation's player)
    ("dealer-first-hand.yaml", 1, "dealer", False, "oh-hell.dealer-rotation", "East"),
    ("dealer-first-hand.yaml", 2, "dealer", True, "oh-hell.dealer-rotation", None),
    ("dealer-back-on-rotation.yaml", 2, "dealer", False, "oh-hell.dealer-rotation", "West"),
    ("dealer-back-on-rotation.yaml", 3, "dealer", True, "oh-hell.dealer-rotation", None),
    ("dealer-shown-by-the-lead.yaml", 2, "dealer", True, "oh-hell.dealer-rotation", None),
    ("size-one-card-hand-twice.yaml", 4, "size", False, "oh-hell.hand-size", None),
    ("size-one-card-hand-twice.yaml", 3, "size", True, "oh-hell.hand-size", None),
    ("size-player-short.yaml", 1, "size", False, "oh-hell.hand-size", "West"),
    ("deal-whist-turn-up.yaml", 1, "deal", False, "oh-hell.deck", "North"),
    ("deal-card-twice.yaml", 1, "deal", False, "oh-hell.deck", "South"),
    ("trump-as-turned.yaml", 1, "trump", True, "oh-hell.trump", None),
    ("result-tricks-do-not-add-up.yaml", 1, "result", False, "oh-hell.trick-total", None),
    ("result-basics-score.yaml", 1, "result", False, "oh-hell.score-recorded", "East"),
    ("result-zero-and-one.yaml", 1, "result", True, "oh-hell.score-recorded", None),
    ("article-three-hands.yaml", 3, "result", True, "oh-hell.score-recorded", None),
    ("article-total-slip.yaml", 3, "result", False, "oh-hell.score-recorded", "North"),
    ("game-end-past-the-pattern.yaml", 4, "result", False, "oh-hell.game-end", None),
    ("result-unfinished.yaml", 1, "result", False, "oh-hell.unfinished-hand", None),
]


@pytest.mark.parametrize("name, hand, what, legal, rule, player", _OH_HELL_FACTS)
def test_an_oh_hell_fact_is_ruled_as_worked_out_by_hand(name: str, hand: int, what: str, legal: bool, rule: str,
                                                        player: str | None) -> None:
    """oh-hell.dealer-rotation, oh-hell.hand-size, oh-hell.deck, oh-hell.trump, oh-hell.trick-total,
    oh-hell.score-recorded, oh-hell.game-end, oh-hell.unfinished-hand: `--dealer`, `--size`, `--deal`,
    `--trump` and `--result` give the ruling worked out by hand; the steps are the engine's checks of
    that fact, the failing one (the ruling's rule) last; a record with a fault has that one only."""
    path = f"oh-hell/why/{name}"
    doc = _json(path, "--hand", str(hand), f"--{what}")
    assert (doc["legal"], doc["rule"]) == (legal, rule)
    assert (doc["violation"] or {}).get("player") == player and doc["location"] == {"hand": hand, what: True}
    steps = doc["steps"]
    assert steps and steps[-1]["rule"] == rule or (legal and what == "deal")
    assert [s["answer"].startswith("no") for s in steps] == [False] * (len(steps) - 1) + [not legal]
    texts = [doc["reason"], *(s["question"] + s["answer"] for s in steps), *(p["text"] for p in doc["position"])]
    assert not any("`" in t for t in texts), "no key of the record's file at the table"
    found = api.audit(api.load(str(RECORDS / path))).violations
    if not legal:
        assert [(f.rule, f.hand, f.player) for f in found] == [(rule, hand, player)]
        assert _json(path)["location"] == {"hand": hand, what: True}  # `why FILE`: this fact


def test_the_oh_hell_result_steps_take_their_words_from_the_engines_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """oh-hell.trick-total, oh-hell.hand-size: `--result` and `--size` ask each check in the words the check
    itself carries (`Check.ask`, `Check.legal`): a check reworded or added to `CHECKS` changes `why` with
    no edit to explain.py."""
    from scorekeep.games.oh_hell import engine

    name = "oh-hell/why/dealer-wrong.yaml"
    ex = _why(name, hand=1, what="result")
    assert ex.ruling.reason == "legal: the tricks taken add up to 3, one per card in hand (no score is written " \
                               "down to compare), oh-hell.trick-total"
    assert ex.ruling.steps[2].question == "do the tricks taken add up to 3, one per card in hand, none below 0?"
    winner, total = engine.CHECKS["result"]
    reworded = total._replace(ask="do they make {size_n}?", legal="they make {size_n}")
    extra = engine.Check("oh-hell.house", "a check added", lambda pos, m: None, ask="added in hand {n}?",
                         legal="nothing forbids it in hand {n}")
    monkeypatch.setitem(engine.CHECKS, "result", (winner, reworded, extra))
    ex = _why(name, hand=1, what="result")
    assert [s.question for s in ex.ruling.steps[2:4]] == ["do they make 3?", "added in hand 1?"]
    assert ex.ruling.reason == "legal: nothing forbids it in hand 1, oh-hell.house"  # the added check decides last
    monkeypatch.setitem(engine.CHECKS, "result", (winner, reworded))
    doc = _json(name, "--hand", "1", "--result")
    assert doc["reason"] == "legal: they make 3, oh-hell.trick-total"
    assert doc["steps"][2] == {"rule": "oh-hell.trick-total", "question": "do they make 3?", "answer": "yes"}
    monkeypatch.setitem(engine.CHECKS, "size", (engine.SIZE_PATTERN._replace(ask="{size} to each in hand {n}?"),))
    assert [s.question for s in _why(name, hand=2, what="size").ruling.steps] == ["2 cards to each in hand 2?"]


# --- Daifugō: a game's deal and finishing order (worked out by hand, each record's comment) ----------

_DAIFUGO_FACTS = [  # (record under daifugo/why/, game, fact, legal, rule, the violation's player, steps, effects)
    ("finish-foul-ranked-by-finish.yaml", 1, "finish", False, "daifugo.ranking", None, 5,
     ["daifugo.forbidden-finish"]),
    ("finish-miyako-ochi-ranked-right.yaml", 2, "finish", True, "daifugo.miyako-ochi", None, 4,
     ["daifugo.miyako-ochi"]),
    ("finish-miyako-ochi-ranked-wrong.yaml", 2, "finish", False, "daifugo.ranking", None, 4,
     ["daifugo.miyako-ochi"]),
    ("miyako-ochi-below-a-foul.yaml", 2, "finish", True, "daifugo.ranking", None, 4, []),
    ("deal-legal.yaml", 1, "deal", True, "daifugo.deck", None, 10, []),
    ("deal-card-missing.yaml", 1, "deal", False, "daifugo.deck", "甲", 1, []),
    ("deal-extra-card.yaml", 1, "deal", False, "daifugo.deck", "丁", 7, []),
]


@pytest.mark.parametrize("name, game, what, legal, rule, player, n, effects", _DAIFUGO_FACTS)
def test_a_daifugo_deal_or_finish_is_ruled_as_worked_out_by_hand(name: str, game: int, what: str, legal: bool,
                                                                 rule: str, player: str | None, n: int,
                                                                 effects: list[str]) -> None:
    """daifugo.deck, daifugo.ranking, daifugo.forbidden-finish, daifugo.miyako-ochi: `--deal` and `--finish`
    give the ruling worked out by hand; the steps are the engine's checks of that fact as the replay asked
    them (each hand dealt, then the whole deal; the game's place in the set, then the written result),
    the failing one (the ruling's rule) last; a legal fact cites what it caused, else its last check."""
    path = f"daifugo/why/{name}"
    doc = _json(path, "--game", str(game), f"--{what}")
    assert (doc["legal"], doc["rule"]) == (legal, rule)
    assert (doc["violation"] or {}).get("player") == player and doc["location"] == {"set": 1, "game": game, what: True}
    assert [e["rule"] for e in doc["effects"]] == effects
    steps = doc["steps"]
    assert len(steps) == n
    assert [s["answer"].startswith("no") for s in steps] == [False] * (n - 1) + [not legal]
    assert steps[-1]["rule"] == ("daifugo.deck" if what == "deal" else "daifugo.ranking")
    texts = [doc["reason"], *(s["question"] + s["answer"] for s in steps), *(p["text"] for p in doc["position"])]
    assert not any("`" in t for t in texts), "no key of the record's file at the table"
    found = api.audit(api.load(str(RECORDS / path))).violations
    if not legal:
        assert [(f.rule, f.game, f.player) for f in found] == [(rule, game, player)]
        assert _json(path)["location"] == {"set": 1, "game": game, what: True}  # `why FILE`: this fact


def test_the_deal_is_asked_hand_by_hand_then_as_a_whole() -> None:
    """daifugo.deck: each hand is asked its share and its cards, in the order dealt, then the deal as a
    whole; a hand too long stops there, at that player (the extra blind card is in check's words too)."""
    ex = _why("daifugo/why/deal-extra-card.yaml", set=1, game=1, what="deal")
    assert [s.question.split(" ")[1] for s in ex.ruling.steps[::2]] == ["甲", "乙", "丙", "丁"]
    assert "14 cards" in ex.ruling.steps[-1].answer and "2♠ is a blind card" in ex.ruling.reason
    whole = _why("daifugo/why/deal-legal.yaml", set=1, game=1, what="deal").ruling.steps[-2:]
    assert [s.question for s in whole] == ["is every joker dealt?",
                                           "does the deal leave out the set's blind cards and no others?"]


def test_both_teams_off_why_names_the_team_check_names() -> None:
    """rook.points-total with both teams' points off (written East/West first): `check` and `why`'s
    failing step and ruling all name the same team. The engine's check once went by the teams' order
    and `check` by the record's, so `why` gave North/South in its step and East/West in its ruling."""
    name = "rook/why/points-both-teams-off.yaml"
    (found,) = api.audit(api.load(str(RECORDS / name))).violations
    assert found.rule == "rook.points-total" and found.message.startswith("North/South captured 87")
    ex = _why(name, hand=1, what="result")
    step = ex.ruling.steps[-1]
    assert (ex.ruling.legal, ex.ruling.rule, step.rule) == (False, "rook.points-total", "rook.points-total")
    assert ex.ruling.reason.startswith("North/South captured 87")
    assert step.answer == "no" or step.answer.removeprefix("no: ").startswith("North/South captured 87")


def test_points_total_without_the_bird_names_the_counters_of_the_deck_played() -> None:
    """rook.points-total under house rule `bird: off` (40 cards, 100 counters): a team's 38 is no
    multiple of 5. The message once named "the Bird 20" among the counters although the deck has no
    Bird; its words now come from the engine's Table (what the deck holds under the options), and
    `check` and `why` give the same words."""
    name = "rook/why/points-bird-off-counters.yaml"
    (found,) = api.audit(api.load(str(RECORDS / name))).violations
    assert found.rule == "rook.points-total" and found.hand == 1
    assert "Bird 20" not in found.message and "no Bird" in found.message
    assert found.message == ("North/South captured 38, but each team's points are a multiple of 5 from 0 to 100: "
                             "captured points are counters — 5s worth 5, 10s and 14s worth 10, no Bird (the house "
                             "rules leave it out)")
    ex = _why(name, hand=1, what="result")
    assert (ex.ruling.legal, ex.ruling.rule, ex.ruling.reason) == (False, "rook.points-total", found.message)
    # with the Bird the words are as they were
    (with_bird,) = api.audit(api.load(str(RECORDS / "rook/why/points-both-teams-off.yaml"))).violations
    assert with_bird.message.endswith("— 5s worth 5, 10s and 14s worth 10, the Bird 20")


def test_a_card_without_the_bird_names_no_bird_in_trump() -> None:
    """rook.trump, rook.follow-color under house rule `bird: off`: `why` on a card once said trump was red
    "(the Bird is the highest trump)" in a deck without the Bird; its words come from the engine's Table."""
    name = "rook/why/trick-bird-off.yaml"
    assert api.audit(api.load(str(RECORDS / name))).violations == []
    ex = _why(name, hand=1, trick=1, player="West")
    assert ex.ruling.legal and dict(ex.facts)["trump"] == "red (no Bird: the house rules leave it out)"
    with_bird = _why("rook/bird-anytime.yaml", hand=1, trick=1, player="North")
    assert dict(with_bird.facts)["trump"].endswith("(the Bird is the highest trump)")


def test_a_revoke_without_the_bird_offers_no_bird_instead() -> None:
    """rook.follow-color under house rule `bird: off`: a revoke seen in the deal and one a later card
    proves once said "only the Bird may be played instead" of a deck without the Bird; `check` and
    `why` now say only what the deck allows (with the Bird the words are as they were)."""
    seen, later = "rook/why/revoke-bird-off.yaml", "rook/why/revoke-inferred-bird-off.yaml"
    (found,) = api.audit(api.load(str(RECORDS / seen))).violations
    assert (found.rule, found.trick, found.player) == ("rook.follow-color", 1, "North")
    assert found.message.endswith("an ordinary trump (G6) is no substitute for following; legal plays were R14 R5")
    ex = _why(seen, hand=1, trick=1, player="North")
    assert (ex.ruling.legal, ex.ruling.rule, ex.ruling.reason) == (False, "rook.follow-color", found.message)
    assert not any("Bird" in s.question for s in ex.ruling.steps)  # no step asks after a card the deck lacks
    (proven,) = api.audit(api.load(str(RECORDS / later))).violations
    assert (proven.rule, proven.trick, proven.player) == ("rook.follow-color", 4, "West")
    assert proven.message.endswith("A player who holds the led color must play it")
    assert all("Bird" not in f.message for f in (found, proven))
    (bird,) = api.audit(api.load(str(RECORDS / "rook/trump-not-substitute.yaml"))).violations
    assert "no substitute for following — only the Bird may be played instead" in bird.message
    (bird_later,) = api.audit(api.load(str(RECORDS / "rook/revoke-inferred.yaml"))).violations
    assert bird_later.message.endswith("must play it (only the Bird may be played instead)")


def test_the_rest_of_a_kept_seating_period_is_judged_in_the_seats_the_table_kept() -> None:
    """rook.seat-change: the table missed the seat change at hand 5 (check's one finding) and kept the
    old seats for hand 6. `why` of hand 6's first call decides it as check's replay does, in the kept
    seats: no failing seat-change step, South's legal opening calls offered, a legal ruling. It once
    recomputed the seating itself and showed a failing step and no choices beside a legal ruling."""
    name = "rook/why/seat-change-forgotten.yaml"
    assert [(v.rule, v.hand) for v in api.audit(api.load(str(RECORDS / name))).violations] == [("rook.seat-change", 5)]
    ex = _why(name, hand=6, bid=1)
    assert ex.ruling.legal and ex.player == "South"
    assert all(s.rule != "rook.seat-change" and s.answer == "yes" for s in ex.ruling.steps)
    assert ex.choices and ex.choices[0] == "pass"
    assert "after missing the seat change in hand 5" in dict(ex.facts)["seats"]
    assert "North, on East's left, would open" in dict(ex.facts)["seats"]  # in the seats the rules give
    first = _why(name, hand=5, bid=1)  # the hand the table missed it in: the slip is North's deal, and
    assert first.ruling.legal and first.choices  # East opens in either seating (see the test above)
    slip = _why("rook/why/seat-change-old-seats-right-dealer.yaml", hand=5, bid=1)  # West opened: it shows
    assert (slip.ruling.legal, slip.ruling.steps[0].rule) == (False, "rook.seat-change")
    assert slip.ruling.steps[0].answer.startswith("no") and not slip.choices


def test_a_missed_seat_change_with_the_same_opener_is_one_slip_of_the_hand_not_of_a_later_call() -> None:
    """rook.seat-change, rook.bid-order: the table kept the old seats for hand 5 and wrote no dealer. East
    opens in either seating (the last dealer's partner); South's 75, second, would follow North in the
    new seats. The sources place the fault in the seats (the swap "after every 4 hands"), and bid-order
    is kept in the seats the players sat in: one rook.seat-change for the hand, none for South's call."""
    name = "rook/why/seat-change-forgotten-same-opener-no-dealer.yaml"
    found = api.audit(api.load(str(RECORDS / name))).violations
    assert [(v.rule, v.hand, v.player) for v in found] == [("rook.seat-change", 5, "North")]
    for bid in (1, 2):  # East's opening and South's raise: in turn in the seats the table sat in
        ex = _why(name, hand=5, bid=bid)
        assert ex.ruling.legal and ex.finding is None and ex.choices
    seats = _why(name, hand=5, what="seats")
    assert (seats.ruling.legal, seats.ruling.rule) == (False, "rook.seat-change") and seats.finding is not None
    assert _why(name).finding == found[0]


def test_the_seats_of_a_kept_seating_period_are_not_called_the_seats_the_rules_give() -> None:
    """rook.seat-change: the table missed the seat change after hand 4 and kept the old seats for hands
    5-8 (check: one finding, at North's deal of hand 5). `why --seats` at hands 6-8 once asked whether the
    hand was played in the old order "(the hand is played in the new seating)", answered yes, ruled
    "legal: ... in the seats the rules give", and said the seats changed "after 6 hands". Now the engine's
    seating check is asked at the seats the rules give (it fails), the ruling is legal only as the record
    is read and points to hand 5, where the slip is reported once; the seats changed after 4 hands."""
    name = "rook/why/seat-change-kept-all-period.yaml"
    found = api.audit(api.load(str(RECORDS / name))).violations
    assert [(v.rule, v.hand, v.player) for v in found] == [("rook.seat-change", 5, "North")]
    for hand, dealer in ((6, "East"), (7, "South"), (8, "West")):
        ex = _why(name, hand=hand, what="seats")
        r = ex.ruling
        assert (r.legal, r.rule, ex.finding) == (True, "rook.seat-change", None)
        assert r.reason.startswith("legal as the record is read: ") and "hand 5" in r.reason
        assert "is bid and played in the seats the rules give" not in r.reason
        (step,) = r.steps
        assert step.rule == "rook.seat-change" and "North, West, South, East" in step.question
        assert step.answer.startswith(f"no: hand {hand} was bid and played as if the seats had not changed")
        assert "after 4 hands played" in step.answer
        seats = dict(ex.facts)["seats"]
        assert seats.startswith("after 4 hands the seats should have changed") and "hand 5" in seats
        assert f"on {dealer}'s left, would open the bidding" in seats
    back = _why(name, hand=9, what="seats")  # the seats change back after 8 hands: the table is right again
    assert back.ruling.reason == "legal: hand 9 is bid and played in the seats the rules give, rook.seat-change"
    assert [s.answer for s in back.ruling.steps] == ["yes"]
    assert dict(back.facts)["seats"].startswith("after 8 hands the seats changed")
    assert "did not move: it kept the old seats after missing the seat change in hand 5" in dict(back.facts)["seats"]
    before = _why(name, hand=4, what="seats")  # no seat change yet: no "new seating" to ask about
    assert "new seating" not in before.ruling.steps[0].question
    dealt = _why(name, hand=2, what="dealer")  # nor of the deal before any change
    assert dealt.ruling.steps[0].question == "does East deal as the deal passes on across a seat change?"


def test_the_first_deal_has_no_seat_change_before_it() -> None:
    """rook.seat-change: at hand 1 the deal's seat-change check passes because no deal comes before it;
    `why --dealer` once said "the seats have not changed since the last deal" there, where there was
    no last deal. At hand 2 that is still the reason."""
    name = "rook/why/seat-change-kept-all-period.yaml"
    first = _why(name, hand=1, what="dealer").ruling.steps[0]
    assert first.rule == "rook.seat-change"
    assert first.answer == "yes: this is the first deal; no seat change comes before it"
    second = _why(name, hand=2, what="dealer").ruling.steps[0]
    assert second.answer == "yes: the seats have not changed since the last deal"


def test_the_seats_fact_says_which_hands_counted_toward_the_seat_change() -> None:
    """rook.seat-change, rook.all-pass: a thrown-in hand does not count toward the seat change. At hand
    7 of all-pass.yaml (hand 2 thrown in) `why --seats` said "after 4 hands the seats changed", though 5
    hands had been dealt; it now says which did not count. Without a thrown-in hand, as before."""
    seats = dict(_why("rook/all-pass.yaml", hand=7, what="seats").facts)["seats"]
    assert seats.startswith("after 4 hands that count (hand 2, thrown in, does not) the seats changed"), seats
    plain = dict(_why("rook/why/seat-change-kept-all-period.yaml", hand=9, what="seats").facts)["seats"]
    assert plain.startswith("after 8 hands the seats changed"), plain


def test_a_late_seat_change_counts_the_hands_from_the_change() -> None:
    """rook.seat-change: the table missed the change after hand 4 and swapped seats before hand 6. Hands
    6 and 7 are in the seats the rules give; `why --seats` once said the seats changed "after 5 hands" and
    "after 6 hands" (the hands before the hand asked, not those before the change)."""
    name = "rook/seat-change-late.yaml"
    for hand in (6, 7):
        ex = _why(name, hand=hand, what="seats")
        assert ex.ruling.legal and ex.ruling.reason.startswith("legal: ")
        seats = dict(ex.facts)["seats"]
        assert seats.startswith("after 4 hands the seats changed") and "hand 5" in seats


def test_a_bid_after_an_opening_under_the_minimum_is_judged_as_the_opening() -> None:
    """rook.bid-minimum, rook.bid-step: East's 50 is no legal bid, so the engine judges South's 60 as
    the opening (under 70: check's second finding) and West's 75 as the legal opening, not a raise.
    `why` once took the bid to beat from the bids as written (East's 50, South's 60): South's steps
    all passed beside check's rook.bid-minimum ruling, and West 'raised South's 60'."""
    name = "rook/why/opening-below-minimum-twice.yaml"
    found = api.audit(api.load(str(RECORDS / name))).violations
    assert [(v.rule, v.player) for v in found] == [("rook.bid-minimum", "East"), ("rook.bid-minimum", "South")]
    south = _why(name, hand=1, bid=2)
    assert (south.ruling.legal, south.ruling.rule) == (False, "rook.bid-minimum")
    failed = [s for s in south.ruling.steps if s.answer != "yes"]
    assert [s.rule for s in failed] == ["rook.bid-minimum"] and failed[0].answer.startswith("no")
    assert "none yet" in dict(south.facts)["the bid to beat"]
    west = _why(name, hand=1, bid=3)
    assert (west.ruling.legal, west.ruling.rule) == (True, "rook.bid-minimum")
    assert "West opens the bidding at 75" in west.ruling.reason
    assert "none yet" in dict(west.facts)["the bid to beat"] and "70" in west.choices


def test_an_opening_bid_off_the_step_shows_the_failing_step_check() -> None:
    """rook.bid-step: the opening bid is a multiple of 5 too. East's 73 is at least 70 but off the
    step: check's one finding is rook.bid-step, and `why` shows that check failing as its last step.
    `why` once left rook.bid-step out of an opening's steps (no bid to beat), so every step passed
    beside check's rook.bid-step ruling."""
    name = "rook/why/opening-off-the-step.yaml"
    found = api.audit(api.load(str(RECORDS / name))).violations
    assert [(v.rule, v.player) for v in found] == [("rook.bid-step", "East")]
    ex = _why(name, hand=1, bid=1)
    assert (ex.ruling.legal, ex.ruling.rule) == (False, "rook.bid-step")
    assert [s.rule for s in ex.ruling.steps if s.answer != "yes"] == ["rook.bid-step"]
    assert ex.ruling.steps[-1].rule == "rook.bid-step" and ex.ruling.steps[-1].answer.startswith("no")


def test_a_bid_written_without_its_auction_shows_the_failing_step_check() -> None:
    """rook.bid-step (house step 10): East's 75, written as the hand's bid with no auction, is judged
    as the opening: at least 70 but off the step. check's one finding is rook.bid-step at the bid, and
    `why` (at the result, where it lands) shows the engine's checks of that bid, the failing one last.
    `why` once ruled rook.bid-step beside steps that all passed: the replay judged the written bid's
    amount without keeping the checks it asked (found by `why_agreement.py --house`)."""
    name = "rook/why/summary-bid-off-the-step.yaml"
    found = api.audit(api.load(str(RECORDS / name))).violations
    assert [(v.rule, v.player) for v in found] == [("rook.bid-step", "East")]
    for ex in (_why(name), _why(name, hand=1, what="result")):
        assert (ex.ruling.legal, ex.ruling.rule, ex.location.what) == (False, "rook.bid-step", "result")
        assert [s.rule for s in ex.ruling.steps if s.answer != "yes"] == ["rook.bid-step"]
        assert ex.ruling.steps[-1].rule == "rook.bid-step" and "75" in ex.ruling.steps[-1].question


def test_after_the_seat_change_a_miswritten_dealer_does_not_move_the_opener() -> None:
    """rook.dealer-rotation, rook.seat-change, rook.bid-order: South dealt hand 5 (the scorer wrote
    East); check reports the dealer once and judges the bidding from South's left in the new seats,
    where East opens. `why`'s seats fact once took the opener from the dealer written (East's new
    left: North) while its own steps and ruling had East's opening in turn."""
    name = "rook/why/seat-change-made-dealer-miswritten.yaml"
    found = api.audit(api.load(str(RECORDS / name))).violations
    assert [(v.rule, v.hand, v.player) for v in found] == [("rook.dealer-rotation", 5, "East")]
    ex = _why(name, hand=5, bid=1)
    assert (ex.player, ex.ruling.legal, ex.ruling.rule) == ("East", True, "rook.bid-minimum")
    assert "East, on South's left, opens the bidding" in dict(ex.facts)["seats"]
    assert "clockwise from South's left (East," in dict(ex.facts)["hand"]


# --- who may move after a slip of the order: the engine's checks of whose turn it is -------------

@pytest.mark.parametrize("name, args, allowed, turn", [
    ("oh-hell/why/turn-order-rest-of-the-trick.yaml", ("--hand", "1", "--trick", "1", "--player", "South"),
     ["9S", "5S"], SLIPPED),
    ("oh-hell/why/turn-order-rest-of-the-trick.yaml", ("--hand", "1", "--trick", "1", "--player", "North"), ["AS"],
     SLIPPED),
    ("oh-hell/why/bid-order-rest-of-the-bidding.yaml", ("--hand", "1", "--player", "North"), ["0", "1", "2", "3"],
     "yes"),
], ids=["card-south", "card-north", "bid-north"])
def test_an_oh_hell_move_after_a_reported_slip_of_the_order_offers_its_legal_choices(
        name: str, args: tuple[str, ...], allowed: list[str], turn: str) -> None:
    """oh-hell.turn-order, oh-hell.bid-order: check reports a slip of the order once (West's card or
    bid); the moves after it, in the order the record reads, are no second slip. why rules them as
    check does and offers the player's legal choices (the record's comment works them out), not
    "none: it was another's turn". Its step of whose turn it is says "yes" where the move is in turn
    as the record reads on, and that it is the slip already reported where it is not (South plays after
    West, where North would be next: "yes" would not be true)."""
    doc = _json(name, *args)
    assert (doc["legal"], doc["violation"]) == (True, None)
    assert [s["answer"] for s in doc["steps"] if s["rule"] in ("oh-hell.turn-order", "oh-hell.bid-order")] == [turn]
    assert doc["allowed"] == allowed and not doc["choices"].startswith("none")


@pytest.mark.parametrize("name, args, player", [
    ("oh-hell/why/turn-order-slip-again.yaml", ("--hand", "1", "--trick", "1"), "North"),
    ("rook/why/turn-order-slip-again.yaml", ("--hand", "1", "--trick", "1"), "West"),
])
def test_a_card_out_of_turn_again_in_a_slipped_trick_is_not_said_in_turn(
        name: str, args: tuple[str, ...], player: str) -> None:
    """oh-hell.turn-order, rook.turn-order: a trick led out of turn is one slip, reported once at the
    lead; a later card of that trick out of clockwise order is not reported again. why rules it legal
    as check does, but its step of whose turn it is says so, not "yes" (the record's comment)."""
    doc = _json(name, *args, "--player", player)
    assert (doc["legal"], doc["violation"]) == (True, None)
    assert [s["answer"] for s in doc["steps"] if s["rule"].endswith(".turn-order")] == [SLIPPED]


@pytest.mark.parametrize("name, where, choices", [
    ("daifugo/pass-empty-next-leads.yaml", (1, 2), "any single, group or stairs"),  # 乙 leads in 甲's place
    ("daifugo/turn-order-swapped.yaml", (1, 3), "pass; a single 7, 8, 9, 10, J, Q, K, A, 2 or the joker"),
    ("daifugo/pass-empty-before-lead.yaml", (1, 7), "pass; a single 8, 9, 10, J, Q, K, A, 2 or the joker"),
    ("daifugo/why/lead-unknown-leader.yaml", (2, 1), "any single, group or stairs"),
])
def test_a_daifugo_turn_the_engine_lets_a_player_take_offers_their_choices(
        name: str, where: tuple[int, int], choices: str) -> None:
    """daifugo.turn-order, daifugo.pass, daifugo.first-lead: a turn check reports no slip at (the next
    player leading after a pass on the empty table, the skipped player acting late, a pass written
    early standing for a pass on the lead, a lead when nobody knows who leads) is the player's to
    take: why rules it legal as check does, every step of who acts "yes", and offers the player's
    choices, not "none: it was another's turn" or "the game was over"."""
    doc = _json(name, "--game", str(where[0]), "--play", str(where[1]))
    assert (doc["legal"], doc["violation"]) == (True, None)
    assert all(s["answer"] == "yes" for s in doc["steps"])
    assert doc["choices"] == choices


def test_stairs_with_the_joker_for_a_card_held_are_among_the_legal_choices() -> None:
    """daifugo.combination, daifugo.follow-stronger: 丁's 7♣ 8♣ JK (the joker for 9♣ or 6♣, both held) covers
    6-7-8♥, as worked out in the record's comment: check and why rule it legal, and why's legal choices (the
    engine's legal moves, which live entry offers) hold it, and K-A-2♣ with the joker as K♣. They once left out
    every stairs whose joker stands in for a card the player holds or goes below the lowest card held (found by
    `why_agreement.py --house`: why ruled a play legal that it did not offer)."""
    name = "daifugo/why/stairs-joker-for-a-card-held.yaml"
    assert api.audit(api.load(str(RECORDS / name))).violations == []
    ex = _why(name, set=1, game=1, play=4)
    assert (ex.ruling.legal, ex.ruling.rule) == (True, "daifugo.follow-stronger")
    assert ex.choices is not None and {"7C 8C JK", "8C 10C JK"} <= set(ex.choices)  # (the first 24 listed)
    from scorekeep.cards import Card
    from scorekeep.games.daifugo.holdings import JOKER, hand_plays

    ace, two = Card(14, "C"), Card(2, "C")
    assert (ace, two, JOKER) in hand_plays(Counter([ace, two, JOKER]))  # K-A-2♣, the joker as K♣


def test_an_oh_hell_trump_lead_without_a_deal_is_legal_as_far_as_the_record_shows() -> None:
    """oh-hell.follow-suit (lead_trump: after-broken): without a deal, the engine cannot know whether the
    leader of a trump held another suit (its step says "not known"); check reports nothing. why's legal
    reason and choices say so, not that East held nothing but trump (worked out in the record's comment)."""
    doc = _json("oh-hell/why/trump-lead-no-deal.yaml", "--hand", "1", "--trick", "1", "--player", "East")
    assert (doc["legal"], doc["rule"], doc["violation"]) == (True, "oh-hell.follow-suit", None)
    follow = [s["answer"] for s in doc["steps"] if s["rule"] == "oh-hell.follow-suit"]
    assert len(follow) == 1 and follow[0].startswith("not known")
    assert "holding nothing but trump" not in doc["reason"] and "as far as the record shows" in doc["reason"]
    assert doc["choices"] == "any card but trump; trump only from a hand of nothing but trump"


def _swapped(game: str, seed: int) -> api.Audit:
    """A demo game of `game` with two turns of its first hand's first trick (Daifugō: of its first game) swapped:
    a slip of the order, after which the record is read on in its own order."""
    import yaml

    from scorekeep.games.daifugo import demo as daifugo_demo
    from scorekeep.games.oh_hell import demo as oh_hell_demo

    if game == "oh-hell":
        data = oh_hell_demo.game(seed).data
        trick = data["hands"][0]["play"][0]
        items = list(trick.items())
        items[1], items[2] = items[2], items[1]
        data["hands"][0]["play"][0] = dict(items)
    else:
        data = daifugo_demo.game(seed).data
        plays = data["sets"][0]["games"][0]["plays"]
        plays[1], plays[2] = plays[2], plays[1]
    return api.audit(api.load(text=yaml.dump(data, Dumper=DUMPER, allow_unicode=True, sort_keys=False)))


@pytest.mark.parametrize("game, seed", [*(("oh-hell", s) for s in range(4)), *(("daifugo", s) for s in range(3))])
def test_no_move_check_rules_legal_after_a_slip_of_the_order_has_no_choices(game: str, seed: int) -> None:
    """oh-hell.turn-order, daifugo.turn-order (property, over random games with two turns swapped): check
    reports the slip once; every card or play of the first hand or game that why rules legal (as check
    judges it) is the player's to make, by the engine's checks of whose turn it is: why never offers
    "none: it was another's turn" beside it."""
    audit = _swapped(game, seed)
    assert any(v.rule.endswith("turn-order") for v in audit.violations)
    if game == "oh-hell":
        h = audit.record.hands[0]
        places = [why.Location(hand=1, trick=t, player=pl.player) for t, tr in enumerate(h.play, 1) for pl in tr.plays]
    else:
        g = audit.record.sets[0].games[0]
        places = [why.Location(set=1, game=1, play=k) for k in range(1, len(g.plays) + 1)]
    legal = [ex for ex in map(lambda loc: why.explain(audit, loc), places) if ex is not None and ex.ruling.legal]
    assert legal and all(ex.choices != () for ex in legal), [(str(ex.location), ex.no_choice) for ex in legal
                                                            if ex.choices == ()]


def test_an_oh_hell_joker_played_fails_the_deck_rules_step_as_check_rules() -> None:
    """oh-hell.deck: East leads a joker (no deal written); check reports oh-hell.deck there. why's failing
    step is the deck rule's too, not oh-hell.card-not-held beside an oh-hell.deck ruling."""
    doc = _json("oh-hell/deck-joker-played.yaml")
    assert (doc["legal"], doc["rule"], doc["violation"]["rule"]) == (False, "oh-hell.deck", "oh-hell.deck")
    failing = [s["rule"] for s in doc["steps"] if s["answer"].startswith("no")]
    assert failing == ["oh-hell.deck"]


def test_a_rook_card_after_a_reported_slip_of_the_order_offers_its_legal_choices() -> None:
    """rook.turn-order: North played out of turn in trick 2 (check's one finding); the rest of that trick
    is no second slip (the engine's turn check passes). why of West's Y8 rules it legal and offers
    West's cards of the led color, as check judges; it once asked `to_act` itself and said "no: North's"
    and "legal choices: none" beside the legal ruling. Its turn step says West's card is that slip (East
    would be next after North), not "yes"."""
    name = "rook/turn-order-clockwise.yaml"
    assert [(v.rule, v.player) for v in api.audit(api.load(str(RECORDS / name))).violations] == [
        ("rook.turn-order", "North")]
    doc = _json(name, "--hand", "1", "--trick", "2", "--player", "West")
    assert (doc["legal"], doc["violation"]) == (True, None)
    assert [s["answer"] for s in doc["steps"] if s["rule"] == "rook.turn-order"] == [SLIPPED]
    assert doc["allowed"] == ["Y11", "Y9", "Y8"]
    slip = _json(name, "--hand", "1", "--trick", "2", "--player", "North")  # the slip itself stays one
    assert (slip["legal"], slip["rule"]) == (False, "rook.turn-order")


def test_oh_hell_the_bidding_order_fact_follows_the_bidding_house_rule() -> None:
    """oh-hell.bid-order, oh-hell.hook: with `bidding: simultaneous` nobody bids last, so `why` gives no
    bidding order and no dealer last, and the hook is off for that reason; North's 2, which makes the bids
    add up to 3, is legal (oh-hell.bid-range). The same bids made in order: clockwise from North's left,
    the dealer last, and the hook forbids North's 2. `why` once said "(the dealer last)" in both modes."""
    name = "oh-hell/why/bid-simultaneous.yaml"
    at_once = _why(name, hand=1, player="North")
    facts = dict(at_once.facts)
    assert (at_once.ruling.legal, at_once.ruling.rule) == (True, "oh-hell.bid-range")
    assert "dealer last" not in facts["bidding order"] and "everyone bids at once" in facts["bidding order"]
    assert facts["the hook"].startswith("off") and "nobody bids last" in facts["the hook"]
    assert "bids so far" not in facts and facts["bids written before"] == "East 1, South 0, West 0 (total 1)"
    text = (RECORDS / name).read_text(encoding="utf-8").replace(", bidding: simultaneous", "")
    in_turn = why.explain(api.audit(api.load(text=text)), why.Location(hand=1, player="North"))
    assert in_turn is not None and (in_turn.ruling.legal, in_turn.ruling.rule) == (False, "oh-hell.hook")
    facts = dict(in_turn.facts)
    assert facts["bidding order"] == "East, South, West, North (from North's left; the dealer last)"
    assert facts["the hook"].startswith("on: the dealer, bidding last")
    assert facts["bids so far"] == "East 1, South 0, West 0 (total 1)"
    # `replay` notes the bids the same way: made at once, or in order
    assert "bids made at once: East 1, South 0, West 0, North 2" in cli("replay", str(RECORDS / name)).out
    assert [n for s in api.replay(api.audit(api.load(text=text))) for n in s.notes][0].startswith("bids in order: East 1")


@pytest.mark.parametrize("name, player, trick, rule", [
    ("rook/bird-led.yaml", "East", 1, "rook.bird-led"),  # G10 to the Bird's lead: a led Bird calls for trump
    ("rook/bird-follows-trump.yaml", "North", 2, "rook.bird-must-follow-trump"),  # the Bird, North's only trump
    ("rook/turn-order-clockwise.yaml", "East", 1, "rook.follow-color"),  # Y5 to Y10: the plain follow
])
def test_a_legal_rook_follow_is_decided_by_its_own_follow_rule(name: str, player: str, trick: int, rule: str) -> None:
    """rook.bird-led, rook.bird-must-follow-trump: for a legal card `rule` is the follow rule that decides
    it (the spec: "a follow: the follow rule"); a card to the Bird's lead and the Bird as a player's only
    trump were said to be decided by rook.follow-color."""
    doc = _json(name, "--hand", "1", "--trick", str(trick), "--player", player)
    assert (doc["legal"], doc["rule"]) == (True, rule)


def test_a_daifugo_gift_of_a_card_not_in_play_is_explained_at_the_gift() -> None:
    """daifugo.deck: without the deal, 甲 gives 4♥, a blind card (the record's comment). why with no
    place explains 甲's gift, where check reports it (the exchange, not the deal), and rules it as check."""
    doc = _json("daifugo/exchange-deck-blind.yaml")
    assert (doc["legal"], doc["rule"], doc["player"]) == (False, "daifugo.deck", "甲")
    assert doc["location"] == {"set": 1, "game": 2, "exchange": True, "player": "甲"}
    assert "blind card" in doc["reason"]


def test_a_daifugo_gift_from_a_hand_dealt_asks_no_deck_step() -> None:
    """daifugo.exchange-held: 甲's deal is written and 甲 gives a blind card: exchange-held judges it, and why
    asks no daifugo.deck step ("are the cards given in play?"), which answered a false "yes" there."""
    doc = _json("daifugo/exchange-held-blind-card-dealt.yaml", "--game", "2", "--exchange", "--player", "甲")
    assert (doc["legal"], doc["rule"]) == (False, "daifugo.exchange-held")
    assert [s["rule"] for s in doc["steps"]] == ["daifugo.exchange-count", "daifugo.exchange-held"]

