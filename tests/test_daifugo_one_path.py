"""One legality path for Daifugō: each check of the engine's `CHECKS` is the only place its rule
is decided. Turned off in turn (taken out of the table), every front end that asks about moves of
its kind changes with it: `check`, `why`, the live entry, `demo` and `stats`. Any code that still
spelled the rule elsewhere would keep one of them unchanged.

The rules are read from the table itself, so a new check without a witness here fails."""

from __future__ import annotations

import functools

from pathlib import Path

import pytest

from conftest import RECORDS, daifugo_legal_moves_held_to_the_checks
from scorekeep import api, stats, why
from scorekeep.entry.session import Session
from scorekeep.games.daifugo import demo, engine
from scorekeep.games.daifugo import entry as DF

RULES = sorted({c.rule for checks in engine.CHECKS.values() for c in checks})

WITNESS = {
    # rule: (record under tests/records/daifugo, where `why` finds the move the rule excludes)
    "daifugo.game-over": ("game-over-play-after.yaml", why.Location(set=1, game=2, play=11)),
    "daifugo.first-lead": ("first-lead.yaml", why.Location(set=1, game=1, play=1)),
    "daifugo.eight-cut": ("eight-cut-wrong-leader.yaml", why.Location(set=1, game=1, play=3)),
    "daifugo.spade-3-return": ("spade-3-wrong-leader.yaml", why.Location(set=1, game=1, play=3)),
    "daifugo.clear": ("clear-wrong-leader.yaml", why.Location(set=1, game=1, play=5)),
    "daifugo.pass": ("pass-empty-before-lead.yaml", why.Location(set=1, game=1, play=5)),
    "daifugo.turn-order": ("turn-order-cut-before-last-pass.yaml", why.Location(set=1, game=1, play=4)),
    "daifugo.card-not-held": ("card-not-held-count.yaml", why.Location(set=1, game=1, play=5)),
    "daifugo.deck": ("card-not-held-blind.yaml", why.Location(set=1, game=1, play=1)),
    "daifugo.combination": ("combination.yaml", why.Location(set=1, game=1, play=1)),
    "daifugo.follow-shape": ("follow.yaml", why.Location(set=1, game=1, play=3)),
    "daifugo.follow-stronger": ("eight-on-queen.yaml", why.Location(set=1, game=1, play=2)),
    "daifugo.suit-lock": ("lock-pairs.yaml", why.Location(set=1, game=1, play=4)),
    "daifugo.exchange-count": ("exchange-count.yaml", why.Location(set=1, game=2, player="甲", exchange=True)),
    "daifugo.exchange-held": ("exchange-held.yaml", why.Location(set=1, game=2, player="乙", exchange=True)),
    "daifugo.exchange-strongest": ("exchange-tax-evasion.yaml",
                                   why.Location(set=1, game=2, player="丁", exchange=True)),
    "daifugo.ranking": ("fouls-list-contradicts-plays.yaml", why.Location(set=1, game=1)),
}

LIVE = {
    # rule: (the record before the entry, the `add` keys that enter a result the rule refuses)
    "daifugo.ranking": ("game: daifugo\nplayers: [甲, 乙, 丙, 丁]\nsets:\n  - games:\n      - out: [甲, 乙, 丙]\n",
                        {"out": "甲 乙 丙", "ranks": "丁 丙 乙 甲"}),
}

TURN = ("a rule of whose turn it is: the demo offers moves only to the player to act, so only a "
        "recorded move can break it")
NO_PLAY_PROMPT = ("no live prompt for plays or gifts: `play` and `add` enter a game's finishing "
                  "order, which the ranking check judges")
FROM_THE_HAND = ("the demo names its plays from the hand it holds, as singles, groups and stairs "
                 "(`hand_plays`), and its gifts from the cards dealt, as many as are due: no "
                 "candidate can break this rule, with or without its check")
SUMMARY = "the demo writes the result its plays give"

EXEMPT = {
    **{(rule, "live"): NO_PLAY_PROMPT for rule in RULES if rule != "daifugo.ranking"},
    **{(rule, "demo"): TURN for rule in ("daifugo.game-over", "daifugo.first-lead", "daifugo.eight-cut",
                                         "daifugo.spade-3-return", "daifugo.clear", "daifugo.turn-order")},
    **{(rule, "demo"): FROM_THE_HAND for rule in ("daifugo.card-not-held", "daifugo.deck", "daifugo.combination",
                                                  "daifugo.exchange-count", "daifugo.exchange-held")},
    ("daifugo.ranking", "demo"): SUMMARY,
}
"""(rule, front end) pairs where the front end has no move of the rule's kind, and why. `stats`
counts the demo's matches, so it is exempt exactly where the demo is."""

SEEDS = (0, 2, 7, 11, 14)
"""Five matches that between them meet every feature seeds 0-9 met, and more (FEATURES): each rule's
demo matches are made again with its check off, and every non-exempt check is broken in every match."""
FEATURES = {"double-foul", "eight-cut", "forbidden-finish", "foul-eight-cut", "foul-spade-3", "foul-two",
            "joker-under-lock", "joker-annotated", "lead-passes-left", "spade-3-return", "suit-lock",
            "miyako-ochi", "revolution", "counter-revolution", "stairs", "group-of-5-or-6"}


def check_off(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    """The engine without the check of `rule`: taken out of every phase of the table."""
    for phase, checks in list(engine.CHECKS.items()):
        monkeypatch.setitem(engine.CHECKS, phase, tuple(c for c in checks if c.rule != rule))


def _found(audit: api.Audit) -> list[str]:
    return [f.rule for f in audit.violations]


def _witness(rule: str) -> api.Audit:
    return api.audit(api.load(str(RECORDS / "daifugo" / WITNESS[rule][0])))


def _ruling(rule: str) -> tuple[bool, str]:
    """`why`'s ruling at the witness; a game's written result is explained by its finding, so
    with no finding there `why` has nothing to explain (legal, no rule)."""
    try:
        ex = why.explain(_witness(rule), WITNESS[rule][1])
    except why.NoSuchPlace:
        return True, ""
    assert ex is not None
    return ex.ruling.legal, ex.ruling.rule


def _live(tmp_path: Path, rule: str) -> list[str]:
    """The rules the live entry refuses the result with (`add`'s judgement of its edits)."""
    text, given = LIVE[rule]
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    with Session.open(str(path)) as s:
        judged = s.judge(DF.add_edits(s, given))
    assert judged.error is None
    return [f.rule for f in judged.new]


def _demo_texts() -> list[str]:
    """Demo matches, made with the table of checks as it is now."""
    return [demo.game(seed, rare=2.0).text for seed in SEEDS]


@functools.cache
def _demo_all_on() -> tuple[list[str], list[api.Audit]]:
    """The demo matches with every check on, and their audits: the same for every rule, so made
    once (each test asks for them before it turns a check off)."""
    games = [demo.game(seed, rare=2.0) for seed in SEEDS]
    assert FEATURES <= set().union(*(g.features for g in games))  # the exempt checks meet their moves
    texts = [g.text for g in games]
    return texts, [api.audit(api.load(text=t)) for t in texts]


def test_every_check_has_a_witness() -> None:
    """A new check of the table needs its witness here (and its exemptions, if any)."""
    assert set(RULES) == set(WITNESS)
    for (rule, front), reason in EXEMPT.items():
        assert rule in WITNESS and front in ("why", "live", "demo") and reason


@pytest.mark.parametrize("rule", RULES)
def test_turning_a_check_off_changes_every_front_end(rule: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert rule in _found(_witness(rule))                                   # check, all on
    assert _ruling(rule) == (False, rule)                                   # why, all on
    if (rule, "live") not in EXEMPT:
        assert rule in _live(tmp_path, rule)                                # live, all on
    on_texts, on = _demo_all_on()
    assert all(rule not in _found(a) for a in on)                           # demo: legal by construction

    with monkeypatch.context() as m:
        check_off(m, rule)
        assert rule not in _found(_witness(rule))                           # check
        legal_now, rule_now = _ruling(rule)
        assert legal_now or rule_now != rule                                # why
        if (rule, "live") not in EXEMPT:
            assert rule not in _live(tmp_path, rule)                        # live refusals
        off_texts = _demo_texts()
    off = [api.audit(api.load(text=t)) for t in off_texts]                  # judged with every check on
    if (rule, "demo") not in EXEMPT:
        assert any(rule in _found(a) for a in off), f"no demo match drew a move only {rule} forbids"
        assert stats.season(off) != stats.season(on)                        # stats
    else:  # no move the demo could name breaks it: the same matches (EXEMPT says why)
        assert off_texts == on_texts


@pytest.mark.parametrize("rule", [None, "daifugo.follow-shape", "daifugo.follow-stronger", "daifugo.suit-lock",
                                  "daifugo.exchange-strongest", "daifugo.card-not-held"])
def test_legal_moves_are_the_moves_no_check_excludes(rule: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """`legal_moves()` asks the checks the cheap way (no words; plays of the sizes follow-shape
    takes); it gives exactly the candidates that the first-failing-check ruling passes, with every
    check on and with each of these off."""
    if rule is not None:
        check_off(monkeypatch, rule)
    asked = daifugo_legal_moves_held_to_the_checks(monkeypatch)
    demo.game(1, rare=2.0)
    assert len(asked) > 100


def _steps(loc: why.Location) -> list[str]:
    ex = why.explain(api.audit(api.load(str(RECORDS / "daifugo" / "follow.yaml"))), loc)
    assert ex is not None
    return [s.rule for s in ex.ruling.steps]


def test_why_lists_the_checks_that_ask_as_the_table_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """daifugo.first-lead, daifugo.follow-shape: `why`'s steps at a play are the engine's checks that
    ask something there (`Check.asks`): a check added to `CHECKS` is a step where its `when` holds and
    none where it does not, and a check whose `when` is lifted is a step on a lead too."""
    lead, cover = why.Location(set=1, game=1, play=1), why.Location(set=1, game=1, play=2)
    assert "daifugo.first-lead" in _steps(lead) and "daifugo.first-lead" not in _steps(cover)
    assert "daifugo.follow-shape" not in _steps(lead) and "daifugo.follow-shape" in _steps(cover)
    play = engine.CHECKS["play"]
    added = engine.Check("house.test", "is the table clear?", lambda pos, move: None, "turn",
                         lambda pos, ask: None, when=lambda pos, move: pos.table.top is None)
    monkeypatch.setitem(engine.CHECKS, "play", (added, *play))
    assert _steps(lead)[0] == "house.test" and "house.test" not in _steps(cover)
    lifted = tuple(c._replace(when=None) if c.rule == "daifugo.follow-shape" else c for c in play)
    monkeypatch.setitem(engine.CHECKS, "play", lifted)
    assert "daifugo.follow-shape" in _steps(lead)


def test_why_a_legal_gift_is_decided_by_the_checks_that_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    """daifugo.exchange-strongest, daifugo.exchange-count: a lower rank's legal gift is decided by the
    strongest-cards check while it is on; with it off, the giver chose the cards (the count decides)."""
    audit = api.audit(api.load(str(RECORDS / "daifugo" / "exchange-held.yaml")))
    loc = why.Location(set=1, game=2, player="丙", exchange=True)
    ex = why.explain(audit, loc)
    assert ex is not None and ex.ruling.legal and ex.ruling.rule == "daifugo.exchange-strongest"
    check_off(monkeypatch, "daifugo.exchange-strongest")
    ex = why.explain(audit, loc)
    assert ex is not None and ex.ruling.legal and ex.ruling.rule == "daifugo.exchange-count"
    assert ex.choices is not None and ex.choices[0].startswith("any 1 card")


def test_a_giver_dealt_only_the_cards_due_has_them_as_the_one_legal_gift(monkeypatch: pytest.MonkeyPatch) -> None:
    """daifugo.exchange-strongest: 丁 (大貧民) dealt just the two cards due must give both; the legal moves
    are that gift and no other (they are the candidates the checks pass), and `why` offers it."""
    asked = daifugo_legal_moves_held_to_the_checks(monkeypatch)
    audit = api.audit(api.load(str(RECORDS / "daifugo" / "exchange-short-deal.yaml")))
    ex = why.explain(audit, why.Location(set=1, game=2, player="丁", exchange=True))
    assert ex is not None and ex.choices == ("2C JK",)
    assert asked
