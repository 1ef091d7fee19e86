"""Rook: one legality path. Each check of the engine's table (`engine.CHECKS`) switched off in turn
changes what `check`, `why`, the live choices (what `play` offers and refuses at the table),
`demo` and `stats` say: no front end judges a move by a condition of its own. Where a check
cannot reach a front end, `EXEMPT` says why, and the test shows that front end unchanged.
Parametrised from the table itself, so a new check without a witness fails here.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from conftest import RECORDS

from scorekeep import api, why
from scorekeep.entry.edits import Append
from scorekeep.entry.new import new_record
from scorekeep.entry.session import Session
from scorekeep.games.rook import demo, engine, stats
from scorekeep.games.rook import entry as R

CHECKED = [(phase, c.rule) for phase, cs in engine.CHECKS.items() for c in cs]
FRONT_ENDS = ("check", "why", "live", "demo", "stats")

WITNESS: dict[str, list[tuple[str, why.Location | None]]] = {
    # rule: records under tests/records/rook that break it, with why's location there (None: no move
    # why can point at: a revoke proven only later, from a hand the record does not deal)
    "rook.game-end": [("game-end.yaml", why.Location(hand=5, what="result"))],
    "rook.seat-change": [("seat-change-missed.yaml", None), ("seat-change-forgotten.yaml", None)],
    "rook.dealer-rotation": [("dealer-rotation.yaml", None)],
    "rook.unfinished-hand": [("unfinished-hand.yaml", why.Location(hand=1, what="result")),
                             ("unfinished-hand-auction.yaml", None)],
    "rook.all-pass": [("all-pass-played.yaml", None), ("all-pass-forced.yaml", None)],
    "rook.bid-end": [("bid-end.yaml", why.Location(hand=1, player="West")), ("bid-mismatch.yaml", None),
                     ("bid-mismatch-unfinished.yaml", None)],
    "rook.bid-after-pass": [("bid-after-pass-stays-out.yaml", why.Location(hand=1, player="East"))],
    "rook.bid-order": [("bid-order-missing-pass.yaml", why.Location(hand=1, player="East"))],
    "rook.bid-maximum": [("bid-maximum.yaml", why.Location(hand=1, player="West"))],
    "rook.bid-minimum": [("bid-minimum.yaml", why.Location(hand=1, player="North"))],
    "rook.bid-step": [("bid-step.yaml", why.Location(hand=1, player="East"))],
    "rook.deal": [("deal-tenth-trick.yaml", why.Location(hand=1, trick=10, player="South")),
                  ("deal-count.yaml", why.Location(hand=1, what="deal")),
                  ("nest-short-then-played.yaml", why.Location(hand=1, what="deal"))],
    "rook.nest-exchange": [("discard-count.yaml", None)],
    "rook.trump": [("trump-none.yaml", None)],
    "rook.turn-order": [("turn-order-clockwise.yaml", why.Location(hand=1, trick=2, player="North"))],
    "rook.deck": [("deck-unknown-played-with-deal.yaml", why.Location(hand=1, trick=8, player="West")),
                  ("deck-duplicate.yaml", why.Location(hand=1, what="deal")),
                  ("deck-unknown.yaml", why.Location(hand=1, what="deal"))],
    "rook.card-not-held": [("card-not-held.yaml", why.Location(hand=1, trick=1, player="East"))],
    "rook.bird-anytime": [("bird-anytime.yaml", None)],
    "rook.bird-led": [("bird-led-revoke.yaml", why.Location(hand=1, trick=1, player="East"))],
    "rook.bird-must-follow-trump": [("bird-hidden.yaml", why.Location(hand=1, trick=2, player="North")),
                                    ("bird-hidden-inferred.yaml", None)],
    "rook.follow-color": [("revoke-with-deal.yaml", why.Location(hand=1, trick=4, player="West")),
                          ("bird-hidden-with-trump-inferred.yaml", None)],
    "rook.points-total": [("points-total-over.yaml", why.Location(hand=1, what="result"))],
    "rook.nest-to-last-trick": [("nest-to-bidder.yaml", why.Location(hand=1, what="result"))],
    "rook.points-recorded": [("points-wrong.yaml", why.Location(hand=1, what="result")),
                             ("totals.yaml", why.Location(hand=2, what="result")),
                             ("points-below-the-tricks-so-far.yaml", why.Location(hand=1, what="result"))],
    "rook.contract": [("contract-bid-scored.yaml", why.Location(hand=1, what="result")),
                      ("totals-follow-scores.yaml", None)],
}

_CARDS = ("rook.turn-order", "rook.deck", "rook.card-not-held", "rook.bird-anytime", "rook.bird-led",
          "rook.bird-must-follow-trump", "rook.follow-color")
_DEMO_SAME = {
    **{r: "the demo draws the moves of the player to act, who is in turn, not passed, and plays from their "
          "own hand: this check excludes none of those moves"
       for r in ("rook.bid-end", "rook.bid-after-pass", "rook.bid-order", "rook.turn-order", "rook.deck",
                 "rook.card-not-held")},
    "rook.bid-maximum": "the demo's bidders stop at the maximum: a bid over it is never among those drawn",
    "rook.nest-exchange": "every discard the engine offers the demo is five of the bid winner's fourteen cards",
    "rook.trump": "the demo names the color its bid winner holds most of, never none",
    "rook.points-total": "the demo writes the engine's count of the captured points",
    "rook.nest-to-last-trick": "the demo writes the engine's count of the captured points",
    "rook.points-recorded": "the demo writes the engine's count of the captured points and the scores they give",
    "rook.contract": "the demo writes the scores the bid and the points captured give (score.hand_scores)",
    "rook.all-pass": "the demo throws in a hand all four passed (the engine's `all_pass_winner`) and writes no "
                     "`bid` for it",
    "rook.unfinished-hand": "the demo finishes every hand it writes",
    "rook.deal": "the demo plays the nine tricks of a hand, no more",
    "rook.game-end": "the demo's match ends with the hand in which a team wins (score.game_winner): it never "
                     "deals another",
    "rook.seat-change": "the dealer of the old seating is refused by rook.dealer-rotation too: the demo's one "
                        "legal dealer is the same",
}
EXEMPT: dict[tuple[str, str], str] = {
    # (front end, rule): why the check cannot change what that front end says
    **{("why", r): "why explains calls and cards only" for r in ("rook.nest-exchange", "rook.trump",
                                                                    "rook.seat-change", "rook.dealer-rotation",
                                                                    "rook.all-pass")},
    ("live", "rook.deal"): "live entry takes no tricks: the points captured are entered as a summary",
    ("live", "rook.all-pass"): "the table throws in a hand all four passed (the engine's `all_pass_winner`) and "
                               "deals the next: it writes no `bid` for it and does not play it on",
    ("live", "rook.unfinished-hand"): "the table deals a new hand only once the last is finished or thrown in",
    ("live", "rook.game-end"): "the table asks nothing more once a team has won: no hand is dealt after",
    ("live", "rook.nest-to-last-trick"): "the table enters no tricks: the points it takes are a summary, which "
                                         "no count of the tricks judges",
    **{("live", r): "live entry takes the auction, trump and the points captured: no card and no "
                    "discard is entered at the table" for r in (*_CARDS, "rook.nest-exchange")},
    **{("demo", r): why_not for r, why_not in _DEMO_SAME.items()},
    **{("stats", r): "stats count the contracts of the records and of the demo's matches; this check changes "
                     "no hand's outcome, and the demo's matches stay the same (" + why_not + ")"
       for r, why_not in _DEMO_SAME.items()},
}

# Two short matches that between them meet every feature the first six seeds met and more (a hand
# all four passed, the nest to the defenders, a seat change, both teams over the target, the Bird
# led, played any time and forced): the demo's matches are made again for every check switched
# off, and seeds 0 and 5 steer their endings through hands that cost most of this file's time.
SEEDS = (16, 11)


def _off(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    for phase, checks in list(engine.CHECKS.items()):
        monkeypatch.setitem(engine.CHECKS, phase, tuple(c for c in checks if c.rule != rule))


def _observe(rule: str) -> list[dict[str, Any]]:
    """Per witness: the rule's violations `check` lists, all of them, and why's ruling at the place."""
    out = []
    for name, loc in WITNESS[rule]:
        audit = api.audit(api.load(str(RECORDS / "rook" / name)))
        seen: dict[str, Any] = {"check": [v for v in audit.violations if v.rule == rule], "all": audit.violations}
        if loc is not None:
            ruling = why.explain(audit, loc).ruling
            seen["why"] = (ruling.legal, ruling.rule, ruling.reason)
        out.append(seen)
    return out


def _choices(ch: Any) -> tuple[Any, ...]:
    return ch.legal, tuple((c, f.rule, f.message, f.allowed) for c, f in ch.refused)


def _live(tmp: Path) -> dict[str, Any]:
    """A hand entered at the table as `play` enters it (seats change after every hand): what is offered
    and refused at each prompt, then who the table has deal the next hand and what it refuses."""
    tmp.mkdir()
    path = tmp / "live.yaml"
    path.write_text(new_record("rook", ["N", "E", "S", "W"], "E", {"seat_change_every": "1"}), encoding="utf-8")
    seen: dict[str, Any] = {}
    with Session.open(str(path)) as s:
        s.commit(s.judge(R.start_edits(s)))
        seen["S opens"] = _choices(R.legal_calls(s, 1, "S"))  # rook.bid-minimum, rook.bid-maximum
        seen["W before S"] = _choices(R.legal_calls(s, 1, "W"))  # rook.bid-order
        s.commit(s.judge(R.call_edit(1, "S", 80)))
        seen["W over 80"] = _choices(R.legal_calls(s, 1, "W"))  # rook.bid-step
        s.commit(s.judge(R.call_edit(1, "W", None)))
        seen["W passed"] = _choices(R.legal_calls(s, 1, "W"))  # rook.bid-after-pass
        for who in ("N", "E"):
            s.commit(s.judge(R.call_edit(1, who, None)))
        seen["S after the auction"] = _choices(R.legal_calls(s, 1, "S"))  # rook.bid-end
        seen["trump"] = _choices(R.legal_trumps(s, 1))  # rook.trump
        s.commit(s.judge(R.trump_edit(1, "red")))
        w = R.where(s)
        assert w.kind == "points"
        judged = s.judge(R.points_edit(s, w, 83))  # not a multiple of 5: rook.points-total
        seen["points 83"] = [(f.rule, f.message) for f in judged.new]
        for name, given in (("bid+captured", {"points": "S=80", "scores": "N=160"}),  # rook.contract
                            ("a slip", {"points": "S=80", "scores": "N=80,E=45"}),  # rook.points-recorded
                            ("totals", {"points": "S=80", "totals": "N=85"})):  # rook.points-recorded
            seen[f"add {name}"] = [(f.rule, f.message) for f in s.judge(R.add_edits(s, given)).new]  # `scorekeep add`
        s.commit(s.judge(R.points_edit(s, w, 80)))
        seen["hand 2 dealt by"] = R.start_edits(s)  # rook.dealer-rotation
        seen["hand 2 refused"] = [(p, [(f.rule, f.message) for f in s.judge([Append(("hands",), {"dealer": p})]).new])
                                  for p in s.players]  # rook.seat-change: S is E's left in the old seating
    return seen


_ALL = dict(engine.CHECKS)


def _season() -> tuple[list[set[str]], set[str], tuple[Any, ...]]:
    """Seeded demo matches: what `check` finds in them with every check on, their features, stats."""
    games = [demo.game(seed, target=150) for seed in SEEDS]
    audits = [api.audit(api.load(text=g.text)) for g in games]
    with pytest.MonkeyPatch.context() as m:  # judged with the table as it is in the rules
        m.setattr(engine, "CHECKS", dict(_ALL))
        found = [{v.rule for v in api.audit(api.load(text=g.text)).violations} for g in games]
    features = set().union(*(g.features for g in games))
    return found, features, stats.lines([(a, api.sheet(a)) for a in audits])


@lru_cache(maxsize=None)
def _season_with_every_check() -> tuple[list[set[str]], set[str], tuple[Any, ...]]:
    assert engine.CHECKS == _ALL
    season = _season()
    assert {"all-pass", "nest-to-defenders", "seat-change", "both-over", "bird-anytime", "forced-bird"} <= season[1]
    return season


def test_every_check_has_a_witness_and_every_front_end_a_test_or_a_reason() -> None:
    assert {rule for _phase, rule in CHECKED} == set(WITNESS)
    assert {rule for _front, rule in EXEMPT} <= set(WITNESS)
    assert all(front in FRONT_ENDS for front, _rule in EXEMPT)
    for rule in WITNESS:  # why is asked at a move of each rule it explains
        assert ("why", rule) in EXEMPT or rule == "rook.bird-anytime" or any(loc for _n, loc in WITNESS[rule])


@pytest.mark.parametrize("phase,rule", CHECKED)
def test_switching_a_check_off_changes_check_and_why(monkeypatch: pytest.MonkeyPatch, phase: str, rule: str) -> None:
    before = _observe(rule)
    _off(monkeypatch, rule)
    after = _observe(rule)
    for (name, loc), b, a in zip(WITNESS[rule], before, after):
        if rule == "rook.bird-anytime":  # a permission: off, the Bird is judged by the following rules
            assert not b["check"] and a["all"] != b["all"], name
            continue
        assert b["check"] and not a["check"], name
        if loc is not None:
            assert b["why"][:2] == (False, rule) and a["why"] != b["why"], name


def test_why_a_legal_bird_cites_the_permission_and_without_it_the_rule_it_breaks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """rook.bird-anytime: why's answer on the Bird played while holding the led color."""
    audit = api.audit(api.load(str(RECORDS / "rook" / "bird-anytime.yaml")))
    bird = next((t.number, p.player) for h in audit.result.hands for t in h.tricks for p in t.plays[1:]
                if p.card.is_bird)
    loc = why.Location(hand=1, trick=bird[0], player=bird[1])
    assert why.explain(audit, loc).ruling.rule == "rook.bird-anytime"
    _off(monkeypatch, "rook.bird-anytime")
    audit = api.audit(api.load(str(RECORDS / "rook" / "bird-anytime.yaml")))
    ruling = why.explain(audit, loc).ruling
    assert (ruling.legal, ruling.rule) == (False, "rook.follow-color")


@pytest.fixture(scope="module")
def live_with_every_check(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    assert engine.CHECKS == _ALL
    return _live(tmp_path_factory.mktemp("live") / "on")


@pytest.mark.parametrize("phase,rule", CHECKED)
def test_switching_a_check_off_changes_the_live_choices(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                        live_with_every_check: dict[str, Any],
                                                        phase: str, rule: str) -> None:
    before = live_with_every_check
    _off(monkeypatch, rule)
    after = _live(tmp_path / "off")
    if ("live", rule) in EXEMPT:
        assert after == before, EXEMPT[("live", rule)]
    else:
        assert after != before, rule


@pytest.mark.parametrize("phase,rule", CHECKED)
def test_switching_a_check_off_changes_demo_and_stats(monkeypatch: pytest.MonkeyPatch, phase: str, rule: str) -> None:
    found, features, lines = _season_with_every_check()
    assert not any(rule in f for f in found)
    _off(monkeypatch, rule)
    found_off, features_off, lines_off = _season()
    if ("demo", rule) in EXEMPT:  # the demo cannot meet the check: its matches stay the same
        assert (found_off, features_off) == (found, features), EXEMPT[("demo", rule)]
    elif rule == "rook.bird-anytime":
        assert "bird-anytime" in features and "bird-anytime" not in features_off
    else:
        assert any(rule in f for f in found_off), rule
    if ("stats", rule) in EXEMPT:
        assert lines_off == lines, EXEMPT[("stats", rule)]
    else:
        assert lines_off != lines, rule
