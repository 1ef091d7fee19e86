"""Oh Hell's engine (scorekeep/games/oh_hell/engine.py): positions, legal moves, rulings, and
the structured findings `check --format json` prints (`allowed`, `see`)."""

from __future__ import annotations

import json

from conftest import RECORDS, cli

from scorekeep.cards import Card, parse_card
from scorekeep.games.oh_hell import engine
from scorekeep.games.oh_hell.model import Bid, CardPlay, Took
from scorekeep.games.oh_hell.options import OPTIONS

OPTS = {name: o.default for name, o in OPTIONS.items()}  # the default house rules, each option given
PLAYERS = ("North", "East", "South", "West")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


def violations(name: str) -> list[dict]:
    r = cli("check", str(RECORDS / "oh-hell" / name), "--format", "json")
    (doc,) = json.loads(r.out)["files"]
    return doc["violations"]


# --- allowed and see in check --format json -----------------------------------------------

def test_hook_violation_allows_the_ten_other_bids() -> None:
    (v,) = violations("hook-ten-card-hand.yaml")
    assert v["rule"] == "oh-hell.hook"
    assert v["allowed"] == ["0", "1", "2", "3", "5", "6", "7", "8", "9", "10"]


def test_revoke_allows_the_cards_of_the_led_suit_held() -> None:
    (v,) = violations("follow-suit-revoke.yaml")
    assert (v["rule"], v["trick"], v["player"], v["allowed"]) == ("oh-hell.follow-suit", 2, "South", ["9H"])


def test_bid_range_allows_zero_to_the_hand_size() -> None:
    first, second = violations("bid-range.yaml")
    assert first["rule"] == "oh-hell.bid-range" and first["allowed"][0] == "0"
    assert "see" not in first


def test_lead_out_of_turn_after_a_trick_sees_the_trick_winner_rule() -> None:
    (v,) = violations("turn-order-leader.yaml")
    assert v["rule"] == "oh-hell.turn-order" and v["see"] == ["oh-hell.trick-winner"]
    assert "allowed" not in v  # who acts is not a legal set of moves


# --- positions ------------------------------------------------------------------------------

def _hand(size: int = 3, deal: dict | None = None, trump: str | None = "D", **opts: object):
    pos, found = engine.deal(PLAYERS, {**OPTS, **opts}, 1, size, "North", trump, None,
                             deal if deal is not None else {
                                 "North": cards("AS KH 2C"), "East": cards("QS 3H 4D"),
                                 "South": cards("5S 9H QC"), "West": cards("7S JD 8C")})
    assert found == []
    return pos


def test_bidding_goes_clockwise_from_the_dealers_left_and_the_hook_binds_the_dealer() -> None:
    pos = _hand()
    assert (pos.phase, pos.to_act) == ("bid", "East")
    for p, b in (("East", 1), ("South", 1), ("West", 0)):
        pos, found = pos.apply(Bid(p, b))
        assert found == []
    assert pos.to_act == "North"
    assert [str(m) for m in pos.legal_moves()] == ["0", "2", "3"]  # 1 would make 3
    r = pos.ruling(Bid("North", 1))
    assert (r.legal, r.rule, r.allowed) == (False, "oh-hell.hook", ("0", "2", "3"))
    assert [s.rule for s in r.steps] == ["oh-hell.bid-order", "oh-hell.bid-range", "oh-hell.hook"]


def test_follow_suit_ruling_asks_for_the_led_suit_first() -> None:
    pos = _hand()
    for p, b in (("East", 1), ("South", 1), ("West", 0), ("North", 2)):
        pos, _ = pos.apply(Bid(p, b))
    for p, c in (("East", "QS"), ("South", "5S"), ("West", "7S"), ("North", "AS"), ("North", "KH"),
                 ("East", "3H")):
        pos, found = pos.apply(CardPlay(p, parse_card(c)))
        assert found == []
    assert (pos.phase, pos.to_act, pos.led) == ("play", "South", "H")
    assert [str(m) for m in pos.legal_moves()] == ["9H"]
    r = pos.ruling(CardPlay("South", parse_card("QC")))
    assert (r.legal, r.rule, r.allowed) == (False, "oh-hell.follow-suit", ("9H",))
    assert [s.rule for s in r.steps] == ["oh-hell.turn-order", "oh-hell.card-not-held", "oh-hell.follow-suit"]
    ok = pos.ruling(CardPlay("South", parse_card("9H")))
    assert ok.legal and ok.steps[-1].rule == "oh-hell.follow-suit"


def test_a_position_is_not_changed_by_applying_a_move_to_it() -> None:
    pos = _hand()
    before = (dict(pos.bids), pos.phase, pos.to_act)
    pos.apply(Bid("East", 2))
    assert (dict(pos.bids), pos.phase, pos.to_act) == before


def test_without_a_deal_a_holding_is_known_by_count_and_a_later_card_proves_the_revoke() -> None:
    pos = _hand(deal={})
    for p, b in (("East", 1), ("South", 1), ("West", 0), ("North", 2)):
        pos, _ = pos.apply(Bid(p, b))
    assert pos.holding("South") is None and pos.count("South") == 3
    assert len(pos.legal_moves()) == 52  # East, known by count only, may hold any unseen card
    for p, c in (("East", "QS"), ("South", "2C"), ("West", "7S"), ("North", "AS")):
        pos, found = pos.apply(CardPlay(p, parse_card(c)))
        assert found == []
    assert pos.shown_void("South") == {"S"} and pos.count("South") == 2
    for p, c in (("North", "KH"), ("East", "3H")):
        pos, _ = pos.apply(CardPlay(p, parse_card(c)))
    pos, found = pos.apply(CardPlay("South", parse_card("5S")))
    assert [(f.rule, f.trick, f.player) for f in found] == [("oh-hell.follow-suit", 1, "South")]


def test_summary_result_is_checked_against_the_hand_size() -> None:
    pos = _hand(deal={})
    for p, b in (("East", 1), ("South", 1), ("West", 0), ("North", 2)):
        pos, _ = pos.apply(Bid(p, b))
    pos, found = pos.apply(Took((1, 1, 1, 1)))
    assert [f.rule for f in found] == ["oh-hell.trick-total"]
    assert pos.phase == "over" and pos.taken() == dict(zip(PLAYERS, (1, 1, 1, 1)))


def test_summary_result_with_a_count_below_0_is_ruled_by_the_check_itself() -> None:
    # oh-hell.trick-total: counts that add up to the size, one below 0. The ruling's step asks the check
    # (it once summed the counts itself, and said "yes").
    pos = _hand(deal={})
    for p, b in (("East", 1), ("South", 1), ("West", 0), ("North", 2)):
        pos, _ = pos.apply(Bid(p, b))
    ruling = pos.ruling(Took((-1, 2, 1, 1)))
    assert (ruling.legal, ruling.rule) == (False, "oh-hell.trick-total")
    assert [s.answer for s in ruling.steps if s.rule == "oh-hell.trick-total"] == ["no"]


def test_each_rule_id_is_judged_in_exactly_one_place() -> None:
    """Search for `"oh-hell.hook"` (with the quotes) and land where the rule is judged: a Filter
    of the engine, or the one violation call of a record-level rule in rules.py."""
    import re

    from conftest import ROOT
    from scorekeep.games.oh_hell.rulebook import RULES

    pkg = ROOT / "scorekeep" / "games" / "oh_hell"
    code = "".join(p.read_text(encoding="utf-8") for p in sorted(pkg.glob("*.py")) if p.name not in ("rulebook.py", "options.py"))
    counts = {r.id: len(re.findall(re.escape(f'"{r.id}"'), code)) for r in RULES}
    scoring = {"oh-hell.score"}  # a pure function (score.hand_points), not a finding
    assert {r: n for r, n in counts.items() if r not in scoring and n != 1} == {}


def test_the_model_and_scoring_import_no_replay() -> None:
    import ast

    from conftest import ROOT

    pkg = ROOT / "scorekeep" / "games" / "oh_hell"
    for name in ("model.py", "score.py"):
        tree = ast.parse((pkg / name).read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not imported & {"rules", "engine", "record"}, name


# --- properties on random playouts -------------------------------------------------------

def _illegal(pos: engine.HandPosition, rng) -> list:  # type: ignore[no-untyped-def]
    """Moves outside the legal set here, each breaking exactly one rule."""
    t = pos.t
    p = pos.to_act
    out: list = []
    if pos.phase == "bid":
        legal = pos.bid_values(p)
        out += [Bid(p, -1), Bid(p, t.size + 1)]
        out += [Bid(p, b) for b in range(t.size + 1) if b not in legal]  # the hooked number
        out += [Bid(q, 0) for q in t.order if q != p and q not in pos.bids][:1]  # out of turn
        return out
    held = pos.holding(p)
    legal = {m.card for m in pos.legal_moves()}
    out += [CardPlay(p, c) for c in held if c not in legal]                   # a revoke
    others = [c for q in t.players if q != p for c in pos.holding(q)]
    if others:
        out.append(CardPlay(p, rng.choice(others)))                           # not theirs
    if pos.played_in:
        out.append(CardPlay(p, rng.choice(sorted(pos.played_in))))            # played already
    out.append(CardPlay(p, t.turn_up))                                        # the turned card
    if pos.plays and len(pos.plays) < len(t.players) - 1:
        q = t.left[p]  # the next player jumps in with a card they may play
        qheld = pos.holding(q)
        follow = [c for c in qheld if c.suit == pos.led] or list(qheld)
        out.append(CardPlay(q, follow[0]))
    return out


def test_a_move_outside_the_legal_set_gives_exactly_one_finding_with_its_filters_rule() -> None:
    import random

    from scorekeep.games.oh_hell.demo import play_hand

    checked: dict[str, int] = {}
    for seed in range(60):
        rng = random.Random(seed)
        opts = {**OPTS, "lead_trump": rng.choice(("anytime", "after-broken", "after-first-trick"))}
        players = list(PLAYERS[:rng.choice((2, 3, 4))])
        size = rng.randint(1, 6)
        h = play_hand(rng, players, opts, 1, size, players[0])
        pos, _ = engine.deal(players, opts, 1, size, players[0], h.turn_up.suit, h.turn_up, h.deal)
        moves = [Bid(p, b) for p, b in h.bids.items()] + [CardPlay(p, c) for t in h.tricks for p, c in t]
        for move in moves:
            for bad in _illegal(pos, rng):
                ruling = pos.ruling(bad)
                assert not ruling.legal, (seed, str(bad))
                _, found = pos.apply(bad)
                assert [f.rule for f in found] == [ruling.rule], (seed, str(bad), found)
                checked[ruling.rule] = checked.get(ruling.rule, 0) + 1
            pos, found = pos.apply(move)
            assert found == []
    assert set(checked) == {"oh-hell.bid-order", "oh-hell.bid-range", "oh-hell.hook", "oh-hell.follow-suit",
                            "oh-hell.card-not-held", "oh-hell.turn-order"}, checked


def test_the_hands_facts_are_ruled_by_the_engines_checks() -> None:
    """oh-hell.dealer-rotation, oh-hell.hand-size, oh-hell.game-end, oh-hell.trump: a hand about to be
    dealt (`Dealing`) offers the dealers and sizes no check of `CHECKS["dealer"]`/`["size"]` rules out,
    and the checks word what is wrong."""
    from scorekeep.cards import parse_card
    from scorekeep.games.oh_hell.model import DealerMove, SizeMove, TrumpMove

    at = engine.Dealing(tuple(PLAYERS), 2, "North", (3, 2, 1), 1, "North")
    assert [m.dealer for m in at.legal_dealers()] == ["East"]
    assert [m.size for m in at.legal_sizes()] == [2]
    found = engine.failing(engine.CHECKS["dealer"], at, DealerMove("West"))
    assert [(c.rule, engine.said(w)) for c, w in found] == [
        ("oh-hell.dealer-rotation", "West dealt hand 2, but it was East's deal: North dealt hand 1 and the deal "
                                    "passes clockwise")]
    slipped = at._replace(number=3, place=2, prev="West", alt="East")  # back on the rotation, or on from West
    assert [m.dealer for m in slipped.legal_dealers()] == ["North", "South"]
    short = engine.failing(engine.CHECKS["size"], at, SizeMove(2, True, 3, (("North", 2), ("East", 1))))
    assert [c.name for c, _w in short] == [engine.SIZE_WRITTEN.name, engine.SIZE_DEALT.name]
    wrong = engine.failing(engine.CHECKS["size"], at, SizeMove(3, False, 3))  # the pattern's check moots the written
    assert [c.name for c, _w in wrong] == [engine.SIZE_PATTERN.name]
    past = at._replace(place=None)
    assert [c.rule for c, _w in engine.failing(engine.CHECKS["hand"], past, DealerMove("East"))] == ["oh-hell.game-end"]
    assert engine.failing(engine.CHECKS["trump"], at, TrumpMove("H", parse_card("KH"))) == []
    assert [c.rule for c, _w in engine.failing(engine.CHECKS["trump"], at, TrumpMove("none", None))] == ["oh-hell.trump"]
