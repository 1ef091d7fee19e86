"""Rook: one legality path. Each check of the engine's table (`engine.CHECKS`) switched off in turn
changes what `check`, `why`, `demo` and `stats` say: no front end judges a move by a condition of
its own. Parametrised from the table itself, so a new check without a witness fails here.
"""

from __future__ import annotations

import pytest
from conftest import RECORDS

from scorekeep import api, why
from scorekeep.games.rook import demo, engine, stats

CHECKED = [(phase, c.rule) for phase, cs in engine.CHECKS.items() for c in cs]

WITNESS = {
    # rule: (record under tests/records/rook, why's location there or None)
    "rook.bid-end": ("bid-end.yaml", why.Location(hand=1, player="West")),
    "rook.bid-after-pass": ("bid-after-pass-stays-out.yaml", why.Location(hand=1, player="East")),
    "rook.bid-order": ("bid-order-missing-pass.yaml", why.Location(hand=1, player="East")),
    "rook.bid-maximum": ("bid-maximum.yaml", why.Location(hand=1, player="West")),
    "rook.bid-minimum": ("bid-minimum.yaml", why.Location(hand=1, player="North")),
    "rook.bid-step": ("bid-step.yaml", why.Location(hand=1, player="East")),
    "rook.nest-exchange": ("discard-count.yaml", None),
    "rook.trump": ("trump-none.yaml", None),
    "rook.turn-order": ("turn-order-clockwise.yaml", why.Location(hand=1, trick=2, player="North")),
    "rook.deck": ("deck-unknown-played-with-deal.yaml", why.Location(hand=1, trick=8, player="West")),
    "rook.card-not-held": ("card-not-held.yaml", why.Location(hand=1, trick=1, player="East")),
    "rook.bird-anytime": ("bird-anytime.yaml", None),
    "rook.bird-led": ("bird-led-revoke.yaml", why.Location(hand=1, trick=1, player="East")),
    "rook.bird-must-follow-trump": ("bird-hidden-inferred.yaml", None),
    "rook.follow-color": ("bird-hidden-with-trump-inferred.yaml", None),
    "rook.points-total": ("points-total-over.yaml", None),
}

EXEMPT = {
    # (front end, rule): why it has no move of that kind
    **{("why", r): "why explains calls and cards only" for r in ("rook.nest-exchange", "rook.trump",
                                                                    "rook.points-total")},
    **{("demo", r): "the demo draws the moves of the player to act, who is in turn, not passed, and "
                    "plays from their own hand" for r in ("rook.bid-end", "rook.bid-after-pass", "rook.bid-order",
                                                          "rook.turn-order", "rook.deck", "rook.card-not-held")},
    ("demo", "rook.bid-maximum"): "the demo's bidders stop at the maximum",
    ("demo", "rook.nest-exchange"): "the demo puts back its lowest cards, asked of the engine",
    ("demo", "rook.trump"): "the demo names the color its bid winner holds most of",
    ("demo", "rook.points-total"): "the demo writes the engine's count",
    ("demo", "rook.bird-must-follow-trump"): "too rare in a few seeded matches",
}

SEEDS = range(6)


def _off(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    for phase, checks in list(engine.CHECKS.items()):
        monkeypatch.setitem(engine.CHECKS, phase, tuple(c for c in checks if c.rule != rule))


def _observe(rule: str) -> dict:
    name, loc = WITNESS[rule]
    audit = api.audit(api.load(str(RECORDS / "rook" / name)))
    out: dict = {"check": [v for v in audit.violations if v.rule == rule], "all": audit.violations}
    if loc is not None:
        ruling = why.explain(audit, loc).ruling
        out["why"] = (ruling.legal, ruling.rule)
    return out


def _season() -> tuple[list, set, tuple]:
    """Seeded demo matches: what `check` finds in them with every check on, their features, stats."""
    games = [demo.game(seed, target=150) for seed in SEEDS]
    audits = [api.audit(api.load(text=g.text)) for g in games]
    with pytest.MonkeyPatch.context() as m:  # judged with the table as it is in the rules
        m.setattr(engine, "CHECKS", dict(_ALL))
        found = [{v.rule for v in api.audit(api.load(text=g.text)).violations} for g in games]
    features = set().union(*(g.features for g in games))
    return found, features, stats.lines([(a, api.sheet(a)) for a in audits])


_ALL = dict(engine.CHECKS)


def test_every_check_has_a_witness() -> None:
    assert {rule for _phase, rule in CHECKED} == set(WITNESS)


@pytest.mark.parametrize("phase,rule", CHECKED)
def test_switching_a_check_off_changes_check_and_why(monkeypatch: pytest.MonkeyPatch, phase: str, rule: str) -> None:
    before = _observe(rule)
    _off(monkeypatch, rule)
    after = _observe(rule)
    if rule == "rook.bird-anytime":  # a permission: off, the Bird is judged by the following rules
        assert not before["check"] and after["all"] != before["all"]
        return
    assert before["check"] and not after["check"], rule
    if "why" in before:
        assert before["why"] == (False, rule) and after["why"] != before["why"]
    else:
        assert ("why", rule) in EXEMPT or WITNESS[rule][1] is None


@pytest.mark.parametrize("phase,rule", CHECKED)
def test_switching_a_check_off_changes_demo_and_stats(monkeypatch: pytest.MonkeyPatch, phase: str, rule: str) -> None:
    if ("demo", rule) in EXEMPT:
        pytest.skip(EXEMPT[("demo", rule)])
    found, features, lines = _season()
    assert not any(rule in f for f in found)
    _off(monkeypatch, rule)
    found_off, features_off, lines_off = _season()
    if rule == "rook.bird-anytime":
        assert "bird-anytime" in features and "bird-anytime" not in features_off
    else:
        assert any(rule in f for f in found_off), rule
    assert lines_off != lines
