"""Rook's engine: positions, legal moves from named filters, rulings; and the properties that tie it
to the checker and to the independent reading (`oracle.rook`).

The engine is what `check`, `replay --legal` and `demo` run on; the oracle is the separately
written reading of the digest that can catch the engine misreading a rule.
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest
from conftest import ROOT, cli, record
from oracle import rook as oracle

from scorekeep import api
from scorekeep.game import Selection
from scorekeep.games.rook.cards import BIRD, parse_card
from scorekeep.games.rook.engine import CHECKS, HandPosition, Table, failing, trick_winner
from scorekeep.games.rook.model import CallMove, CardMove
from scorekeep.games.rook.record import default_teams
from scorekeep.games.rook.options import OPTIONS
from scorekeep.games.rook.rulebook import RULES
from scorekeep.games.rook import demo as demo

PLAYERS = ("North", "East", "South", "West")
PACKAGE = ROOT / "scorekeep" / "games" / "rook"
OPTS = {name: o.default for name, o in OPTIONS.items()}


def cards(text: str) -> list:
    return [parse_card(t) for t in text.split()]


def table() -> Table:
    return Table.of(PLAYERS, default_teams(PLAYERS), OPTS)


def dealt(deal: dict[str, str] | None = None, nest: str | None = None) -> HandPosition:
    pos, found = HandPosition.deal(table(), 1, "West", PLAYERS,
                                   {p: cards(v) for p, v in deal.items()} if deal else None,
                                   cards(nest) if nest else None)
    assert found == []
    return pos


DEAL = {"North": "R14 R10 G6 Bird Y10 Y5 B5 B6 B7", "East": "R13 R12 R11 G5 G7 Y6 Y7 B8 B9",
        "South": "R9 R8 R7 G8 G9 Y8 Y9 B10 B11", "West": "R6 R5 G10 G11 G12 Y11 Y12 B12 B13"}
NEST = "G13 G14 Y13 Y14 B14"


def to_play(trump: str = "G") -> HandPosition:
    """Hand 1: West dealt, North bid 70 and kept the nest's cards out (put back the nest), trump `trump`."""
    pos = dealt(DEAL, NEST)
    for m in (CallMove("North", 70), CallMove("East", None), CallMove("South", None), CallMove("West", None)):
        assert pos.push(m) == []
    pos.won("North", 70)
    from scorekeep.games.rook.model import DiscardMove, TrumpMove

    assert pos.push(DiscardMove("North", tuple(cards(NEST)))) == []
    assert pos.push(TrumpMove("North", trump)) == []
    return pos


# --- layering ---------------------------------------------------------------------------------

def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1}


def test_score_depends_on_the_model_alone_and_no_module_imports_the_rules() -> None:
    assert "rules" not in _imports(PACKAGE / "score.py")
    assert "model" in _imports(PACKAGE / "score.py")
    for name in ("model.py", "engine.py", "score.py", "record.py", "cards.py"):
        assert "rules" not in _imports(PACKAGE / name), name
    assert "engine" not in _imports(PACKAGE / "model.py")


JUDGES = {"violation", "_f", "Finding", "Check"}


def _judged(path: Path) -> set[str]:
    """Rule ids this module reports: the first argument of a finding or filter, or a `rule = …`."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in JUDGES and node.args and isinstance(node.args[0], ast.Constant):
                out.add(node.args[0].value)
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "rule" for t in node.targets):
            out |= {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return {r for r in out if isinstance(r, str) and r.startswith("rook.")}


def test_each_rule_id_is_judged_in_exactly_one_place() -> None:
    where: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "rulebook.py":
            continue
        for rule in _judged(path):
            where.setdefault(rule, []).append(path.name)
    informational = {"rook.trick-winner"}
    for doc in RULES:
        places = where.get(doc.id, [])
        assert len(places) == (0 if doc.id in informational else 1), (doc.id, places)
    assert set(where) <= {d.id for d in RULES}


# --- positions ---------------------------------------------------------------------------------

def test_bid_step_the_auction_opens_at_the_minimum_and_steps_by_five() -> None:
    pos = dealt()
    assert (pos.phase, pos.to_act) == ("call", "North")
    assert [str(m) for m in pos.legal_moves()] == ["pass"] + [str(a) for a in range(70, 125, 5)]
    pos.push(CallMove("North", 80))
    assert pos.to_act == "East"
    assert [str(m) for m in pos.legal_moves()][:3] == ["pass", "85", "90"]
    r = pos.ruling(CallMove("East", 82))
    assert (r.legal, r.rule) == (False, "rook.bid-step")
    assert r.allowed == tuple(["pass"] + [str(a) for a in range(85, 125, 5)])


def test_bid_order_and_bid_after_pass_are_told_apart() -> None:
    pos = dealt()
    assert pos.ruling(CallMove("South", 70)).rule == "rook.bid-order"
    pos.push(CallMove("North", None))
    assert pos.ruling(CallMove("North", 75)).rule == "rook.bid-after-pass"
    assert pos.ruling(CallMove("North", None)).rule == "rook.bid-order"


def test_bid_end_the_fourth_players_bid_after_three_passes_ends_it() -> None:
    pos = dealt()
    for p in ("North", "East", "South"):
        pos.push(CallMove(p, None))
    pos.push(CallMove("West", 70))
    assert pos.ended and pos.to_act is None and pos.legal_moves() == []
    assert pos.ruling(CallMove("North", 75)).rule == "rook.bid-end"


def test_follow_color_ruling_names_the_cards_of_the_led_color_held_in_the_articles_order() -> None:
    pos = to_play()
    pos.push(CardMove("North", parse_card("R10")))
    r = pos.ruling(CardMove("East", parse_card("G5")))
    assert (r.legal, r.rule, r.allowed) == (False, "rook.follow-color", ("R13", "R12", "R11"))
    assert [s.rule for s in r.steps] == ["rook.turn-order", "rook.card-not-held", "rook.follow-color",
                                         "rook.bird-anytime", "rook.bird-must-follow-trump"]
    assert r.steps[2].answer == "yes: R13 R12 R11"


def test_bird_anytime_is_a_legal_ruling_with_its_own_rule_id() -> None:
    pos = to_play()
    pos.push(CardMove("North", parse_card("Y10")))
    pos.push(CardMove("East", parse_card("Y6")))
    pos.push(CardMove("South", parse_card("Y8")))
    pos.push(CardMove("West", parse_card("Y11")))  # West wins, leads red
    pos.push(CardMove("West", parse_card("R6")))
    r = pos.ruling(CardMove("North", BIRD))
    assert r.legal and r.rule == "rook.bird-anytime"
    assert r.reason == "legal: the Bird may be played while holding the led color (red), rook.bird-anytime"
    assert {str(m) for m in pos.legal_moves()} == {"R14", "R10", "Bird"}


def test_bird_must_follow_trump_and_bird_led_rulings() -> None:
    pos = to_play(trump="B")  # North's only black cards … B5 B6 B7 are trump; the Bird too
    pos.push(CardMove("North", parse_card("B5")))
    assert pos.ruling(CardMove("East", parse_card("R13"))).rule == "rook.follow-color"
    pos = to_play(trump="Y")
    pos.push(CardMove("North", BIRD))
    r = pos.ruling(CardMove("East", parse_card("R13")))
    assert (r.rule, r.allowed) == ("rook.bird-led", ("Y7", "Y6"))


def test_card_not_held_and_turn_order_rulings() -> None:
    pos = to_play()
    assert pos.ruling(CardMove("North", parse_card("R13"))).rule == "rook.card-not-held"
    assert pos.ruling(CardMove("East", parse_card("R13"))).rule == "rook.turn-order"


def test_unknown_holdings_failing_to_follow_is_a_void_until_a_later_card_proves_a_revoke() -> None:
    pos = dealt()
    pos.push(CallMove("North", 70))
    for p in ("East", "South", "West"):
        pos.push(CallMove(p, None))
    pos.won("North", 70)
    from scorekeep.games.rook.model import DiscardMove, TrumpMove

    pos.push(DiscardMove("North", None))
    pos.push(TrumpMove("North", "G"))
    assert pos.held == {} and pos.counts["North"] == 9
    pos.push(CardMove("North", parse_card("R10")))
    assert pos.push(CardMove("East", parse_card("Y6"))) == []  # legal if East had no red
    assert pos.voids["East"] == {"R"}
    assert all(c.color != "R" for c in pos.unseen("East"))
    trial = pos.copy()
    for p, c in (("South", "R9"), ("West", "R6"), ("North", "R14")):
        trial.push(CardMove(p, parse_card(c)))
    trial, found = trial.apply(CardMove("East", parse_card("R13")))  # North won trick 1 and led R14
    assert [(f.rule, f.trick, f.player) for f in found] == [("rook.follow-color", 1, "East")]
    assert "still held red: East played R13 in trick 2" in found[0].message
    assert pos.voids["East"] == {"R"} and len(pos.plays) == 2  # the copy changed, not the position


# --- JSON: allowed and see -------------------------------------------------------------------

def _json(relpath: str) -> list[dict]:
    run = cli("check", "--format", "json", str(record(relpath)))
    return json.loads(run.out)["files"][0]["violations"]


def test_json_bid_step_lists_the_legal_calls() -> None:
    v = _json("rook/bid-step.yaml")[0]
    assert v["rule"] == "rook.bid-step"
    assert v["allowed"] == ["pass", "75", "80", "85", "90", "95", "100", "105", "110", "115", "120"]


def test_json_follow_color_lists_the_cards_of_the_led_color_held() -> None:
    (v,) = _json("rook/revoke-with-deal.yaml")
    assert (v["rule"], v["allowed"]) == ("rook.follow-color", ["B9", "B7"])


def test_json_trump_lists_the_four_colors() -> None:
    (v,) = _json("rook/trump-none.yaml")
    assert (v["rule"], v["allowed"]) == ("rook.trump", ["red", "yellow", "black", "green"])


def test_json_see_names_the_rule_that_decides() -> None:
    (v,) = _json("rook/seat-change-missed.yaml")
    assert (v["rule"], v["see"]) == ("rook.seat-change", ["rook.dealer-rotation"])
    (v,) = _json("rook/contract-bid-scored.yaml")
    assert (v["rule"], v["see"]) == ("rook.contract", ["rook.points-recorded"])
    (v,) = _json("rook/turn-order-winner.yaml")
    assert (v["rule"], v["see"]) == ("rook.turn-order", ["rook.trick-winner"])
    assert "see" not in _json("rook/bid-step.yaml")[0] and "allowed" not in v


# --- properties --------------------------------------------------------------------------------

from conftest import sample  # noqa: E402

# A seeded share of 40 matches (all of them under SCOREKEEP_THOROUGH=1, benchmarks/thorough.py): a
# match takes 0.08 s to play out. Kept: the few that reach both teams over the target (0, 30, 35)
# and a thrown-in hand (2, 14), so that every rare rule below is still met twice.
DEMO_SEEDS = sample(range(40), 16, keep=(0, 2, 14, 30, 35))


@pytest.fixture(scope="module")
def demos() -> list:
    return [demo.game(seed) for seed in DEMO_SEEDS]


def test_demo_is_reproducible_from_the_seed(demos: list) -> None:
    five = demo.game(5).text
    assert five == demo.game(5).text
    assert five != demos[0].text
    # whatever the process's string hashing (the order of sets of cards): another process with a
    # hash seed other than this one's (random unless PYTHONHASHSEED is set)
    import os
    import subprocess
    import sys

    seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    text = subprocess.run([sys.executable, "-c", "from scorekeep.games.rook import demo as rook; print(rook.game(5).text)"],
                          capture_output=True, text=True, env={"PYTHONHASHSEED": seed, "PATH": ""}, check=True,
                          cwd=ROOT).stdout
    assert text == five + "\n"


def test_random_engine_playouts_audit_clean_and_score_as_played(demos: list) -> None:
    for g in demos:
        a = api.audit(api.load(text=g.text))
        assert [(v.rule, v.location(), v.message) for v in a.violations] == [], g.data["title"]
        sheet = api.sheet(a)
        assert (sheet.totals, sheet.winner) == (g.totals, g.winner)


def test_demo_covers_the_rare_rules(demos: list) -> None:
    seen: dict[str, int] = {}
    for g in demos:
        for f in g.features:
            seen[f] = seen.get(f, 0) + 1
    for feature in ("bird-led", "forced-bird", "bird-anytime", "set", "made", "seat-change", "both-over",
                    "all-pass"):
        assert seen.get(feature, 0) >= 2, (feature, seen)
    # (played until the second tie: the verdict over the 30 is the same, at a third of the matches)
    tied = ("tie" in demo.game(s, steer="tie", target=150).features for s in range(200, 230))
    ties = sum(1 for _ in zip(range(2), filter(None, tied)))
    assert ties >= 2, "fewer than 2 ties at the target in 30 steered matches"


def _ocard(c) -> int:  # the oracle's card numbering
    return oracle.BIRD if c.is_bird else "RYBG".index(c.color) * 10 + c.number - 5


def _positions(seed: int):
    """Every card position of a random engine playout (with its holding known)."""
    rng = random.Random(seed)
    pos = to_play(rng.choice("RYBG"))
    while pos.phase == "play":
        yield pos
        pos.push(rng.choice(pos.legal_moves()))


def test_the_oracle_agrees_with_the_engine_on_legal_cards_and_trick_winners() -> None:
    for seed in sample(range(300), 100):  # playouts of one deal: all 300 under SCOREKEEP_THOROUGH=1
        for pos in _positions(seed):
            held, led = pos.held[pos.to_act], pos.plays[0].card if pos.plays else None
            mine = {_ocard(m.card) for m in pos.legal_moves()}
            theirs = set(oracle.legal([_ocard(c) for c in held], None if led is None else _ocard(led),
                                      "RYBG".index(pos.trump)))
            assert mine == theirs, (seed, pos.trick_no, held, led)
            if len(pos.plays) == 3:
                last = pos.legal_moves()[0]
                plays = (*pos.plays, pos.plays[0]._replace(player=last.player, card=last.card))
                w = oracle.winner([(p.player, _ocard(p.card)) for p in plays], "RYBG".index(pos.trump))
                assert plays[w].player == trick_winner(plays, pos.trump).player


def _illegal_cards(pos: HandPosition) -> list[CardMove]:
    p = pos.to_act
    legal = {str(m.card) for m in pos.legal_moves()}
    return [CardMove(p, c) for c in sorted(pos.held[p], key=str) if str(c) not in legal]


def test_a_card_outside_the_legal_set_gives_one_finding_of_the_filter_that_excluded_it() -> None:
    rules: set[str] = set()
    for seed in sample(range(150), 60):  # playouts of one deal: all 150 under SCOREKEEP_THOROUGH=1
        for pos in _positions(seed):
            wrong = _illegal_cards(pos)
            others = [CardMove(q, c) for q in PLAYERS if q != pos.to_act for c in sorted(pos.held.get(q, ()), key=str)
                      if q != pos.to_act][:1]
            for m in wrong[:1] + others:
                r = pos.ruling(m)
                excluding = [c.rule for c, _why in failing(CHECKS["play"], pos, m)]
                assert not r.legal and r.rule == excluding[0]
                after, found = pos.apply(m)
                # One finding per filter that excludes the move: exactly one when one filter does.
                assert [f.rule for f in found] == excluding, (seed, m, found)
                if len(excluding) == 1:
                    rules.add(r.rule)
    assert rules >= {"rook.turn-order", "rook.follow-color", "rook.bird-led", "rook.bird-must-follow-trump"}


def test_a_call_outside_the_legal_set_gives_one_finding_of_the_filter_that_excluded_it() -> None:
    rng = random.Random(9)
    rules: set[str] = set()
    for _ in range(400):
        pos = dealt()
        for _k in range(rng.randrange(0, 6)):
            if pos.ended:
                break
            pos.push(rng.choice(pos.legal_moves()))
        p = pos.to_act or "North"
        who = rng.choice([p, rng.choice(PLAYERS), *sorted(pos.passed)])
        m = CallMove(who, rng.choice([None, rng.randrange(40, 140), 5 * rng.randrange(14, 25), pos.least_bid()]))
        r = pos.ruling(m)
        if r.legal:
            continue
        excluding = [c.rule for c, _why in failing(CHECKS["call"], pos, m)]
        assert r.rule == excluding[0]
        after, found = pos.apply(m)
        # One finding per filter that excludes the call (who may call, what may be called): exactly
        # one when one filter does.
        assert [f.rule for f in found] == excluding, (m, found)
        if excluding[-1] in ("rook.bid-step", "rook.bid-minimum", "rook.bid-maximum"):
            assert found[-1].allowed == tuple(str(x) for x in pos.legal_moves())
        if len(excluding) == 1:
            rules.add(r.rule)
    assert rules == {c.rule for c in CHECKS["call"]}


# --- replay --legal ----------------------------------------------------------------------------

def test_replay_legal_shows_what_was_legal_at_each_turn() -> None:
    audit = api.audit(api.load(str(ROOT / "samples" / "rook-seed-example.yaml")))
    (plain,) = api.replay(audit, Selection(hand=1))
    (legal,) = api.replay(audit, Selection(hand=1, legal=True))
    assert legal.headers == (*plain.headers, "legal at each turn")
    # trick 2: West holds yellow and must follow; North, out of yellow, may play anything
    assert legal.rows[1][-1].startswith("South: R10 Y14 Y13 B14 B12 G14 G8 G7; West: Y11 Y9 Y8; North: Bird")
    assert "legal calls: North pass, 70–120; East pass, 75–120" in " ".join(legal.notes)
    run = cli("replay", "--legal", "--hand", "1", str(ROOT / "samples" / "rook-seed-example.yaml"))
    assert run.code == 0 and "legal at each turn" in run.out
