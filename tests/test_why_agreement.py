"""`why` answers exactly as `check` judges, on every kind of move (issue 24): over a seeded sample
of generated games and single-fault mutants of all three games, `why` rules a move not legal
exactly where `check` reports a violation at it (the first its rule, the rest in `also`), names
every event `check` reports there in `effects`, places every finding of `check` at a move it can
be asked about, and `why FILE` explains `check`'s first violation. `tests/why_agreement.py
--count N` runs thousands of such records (every move of each)."""

from __future__ import annotations

import random

import pytest
from why_agreement import GAMES, disagreements, fault_rules, house_rules, moves, record

from conftest import RECORDS, sample

from scorekeep import api, why

CASES = [(game, seed, rule) for game in GAMES for seed in range(3)
         for rule in (None, *fault_rules(game))]
"""Every (game, seed, fault) the test could take: a clean game and one mutant per rule."""


@pytest.mark.parametrize("game,seed,rule", sample(CASES, 15, keep=[(g, 0, None) for g in GAMES]))
def test_why_agrees_with_check_on_generated_games_and_mutants(game: str, seed: int, rule: str | None) -> None:
    """Every finding of the record is at a move (each asked), and a few other moves chosen by the seed."""
    _agrees(game, seed, rule, house=False)


@pytest.mark.parametrize("game,seed,rule", sample(CASES, 6, keep=[(g, 1, None) for g in GAMES]))
def test_why_agrees_with_check_under_house_rules(game: str, seed: int, rule: str | None) -> None:
    """The same under house rules drawn from the seed (`--house`: Rook's seat change, auction bounds and
    step; Oh Hell's hook, bidding, trump lead and scoring; Daifugō's switches, set length, deck and
    stairs), where an option changing a rule could leave `why` judging by the default."""
    _agrees(game, seed, rule, house=True)


def _agrees(game: str, seed: int, rule: str | None, house: bool) -> None:
    """`why` and `check` agree on the generated record (its fault of `rule` injected)."""
    text = record(game, seed, rule, house=house)
    if text is None:
        pytest.skip(f"this match offers no place for a {rule} fault")
    a = api.audit(api.load(text=text))
    if rule is not None:
        assert any(v.rule == rule for v in a.violations), "the mutant has its fault"
    _asked, found = disagreements(a, every=3, rng=random.Random(seed))
    assert found == []


@pytest.mark.parametrize("game,seed,rule,said", [("rook", 62, "rook.deck", "Bird in 3's deal"),
                                                  ("daifugo", 2, "daifugo.deck", "joker number 2")])
def test_why_agrees_with_check_on_the_decks_house_rules_give(game: str, seed: int, rule: str, said: str) -> None:
    """rook.deck without the Bird (house rule: 40 cards, 100 counters, the Bird no card of the deck and
    nothing played instead of following, at every card asked), daifugo.deck with one joker (an uneven deal,
    and a joker too many): a house draw of that deck (the seed's) with its fault agrees everywhere asked."""
    knobs = house_rules(game, seed)
    assert knobs.get("bird") == "off" or knobs.get("jokers") == 1, "the seed draws the deck"
    text = record(game, seed, rule, house=True)
    assert text is not None
    assert said in api.audit(api.load(text=text)).violations[0].message, "the seed draws that fault"
    _agrees(game, seed, rule, house=True)


def test_a_disagreement_is_caught() -> None:
    """The property can fail: a `why` that left out the findings at a move disagrees with check."""
    a = api.audit(api.load(text=record("rook", 0, "rook.follow-color")))  # type: ignore[arg-type]
    real = why.verdict

    def blind(audit, ex, part):  # type: ignore[no-untyped-def]
        return real(audit, ex, part)._replace(finding=None, also=())
    with pytest.MonkeyPatch.context() as m:
        m.setattr(why, "verdict", blind)
        _asked, found = disagreements(a, every=0, rng=random.Random(0))
    assert found


def test_a_legal_move_outside_the_choices_offered_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The choices property can fail: a `why` offering choices that leave out the move it rules legal."""
    a = api.audit(api.load(text=record("oh-hell", 0, None)))  # type: ignore[arg-type]
    monkeypatch.setattr(why.Explanation, "allowed", lambda self: ["pass"])
    _asked, found = disagreements(a, every=2, rng=random.Random(0))
    assert any("offers only ['pass']" in f for f in found)


RECORDS_ALL = sorted(p for p in RECORDS.glob("**/*.yaml") if "layouts" not in p.parts)


@pytest.mark.parametrize("path", sample(RECORDS_ALL, 20, keep=[p for p in RECORDS_ALL if "why" in p.parts]),
                         ids=lambda p: str(p.relative_to(RECORDS)))
def test_why_agrees_with_check_on_every_move_of_the_test_records(path) -> None:  # type: ignore[no-untyped-def]
    """The records written by hand (the disputes under */why/ always): every move and fact asked."""
    try:
        a = api.audit(api.load(str(path)))
    except api.InputError:
        pytest.skip("an unreadable record: nothing to ask about")
    _asked, found = disagreements(a)
    assert found == []


ROOK_FACT_FAULTS = ("rook.deck", "rook.deal", "rook.all-pass", "rook.points-total", "rook.nest-to-last-trick",
                    "rook.points-recorded", "rook.contract", "rook.unfinished-hand", "rook.game-end")
"""Faults of a Rook hand's deal (rook.deck, rook.deal) and of its result (the outcome of the auction, the
points, scores and totals, the next hand), as the injectors make them."""


@pytest.mark.parametrize("rule", ROOK_FACT_FAULTS)
@pytest.mark.parametrize("seed", (0, 1))
def test_why_decides_a_rook_deal_and_result_by_the_engines_checks(rule: str, seed: int) -> None:
    """rook.deck, rook.deal and the result's rules: in a generated game with one such fault, `why --deal`
    and `why --result` of every hand give check's rule, legal and also there, and their steps are the
    engine's checks (`CHECKS["deal-content"]`; those the replay asked of the result) in the rules' order,
    the failing one (the ruling's rule) last; `why FILE` lands on the fault's fact, decided by that check."""
    text = record("rook", seed, rule)
    if text is None:
        pytest.skip(f"this match offers no place for a {rule} fault")
    a = api.audit(api.load(text=text))
    assert a.violations and a.violations[0].rule == rule, "the mutant has its fault first"
    facts = [m for m in moves(a) if m[0].what in ("deal", "result")]
    _asked, found = disagreements(a, every=0, rng=random.Random(seed), todo=facts)
    assert found == []
    ex = why.explain(a)
    assert ex is not None and ex.location.what in ("deal", "result")
    assert (ex.ruling.legal, ex.ruling.rule, ex.ruling.steps[-1].rule) == (False, rule, rule)
    assert ex.ruling.steps[-1].answer.startswith("no: ") and all(s.answer == "yes" for s in ex.ruling.steps[:-1])
    texts = [ex.ruling.reason, *(s.question for s in ex.ruling.steps), *(t for _l, t in ex.facts)]
    assert not any("`" in t for t in texts), "no key of the record's file at the table"


@pytest.mark.parametrize("what,rule", [("deal", "rook.deck"), ("result", "rook.contract")])
def test_a_rook_fact_whose_steps_hide_the_failing_check_disagrees(monkeypatch: pytest.MonkeyPatch, what: str,
                                                                   rule: str) -> None:
    """The steps property can fail: a `why` whose deal or result steps say "yes" where the engine's check failed."""
    from scorekeep.games.rook import explain

    a = api.audit(api.load(text=record("rook", 0, rule)))  # type: ignore[arg-type]
    name = "_deal_content_steps" if what == "deal" else "_decided"
    real = getattr(explain, name)

    def lax(*args):  # type: ignore[no-untyped-def]
        out = real(*args)
        return out._replace(ruling=out.ruling._replace(steps=tuple(s._replace(answer="yes") for s in out.ruling.steps)))
    monkeypatch.setattr(explain, name, lax)
    facts = [m for m in moves(a) if m[0].what == what]
    _asked, found = disagreements(a, every=0, rng=random.Random(0), todo=facts)
    assert found


OH_HELL_FACT_FAULTS = ("oh-hell.dealer-rotation", "oh-hell.hand-size", "oh-hell.deck", "oh-hell.trump",
                       "oh-hell.score-recorded", "oh-hell.trick-total", "oh-hell.trick-winner",
                       "oh-hell.unfinished-hand", "oh-hell.game-end")
"""Faults of an Oh Hell hand's facts (its dealer, size, deal, trump, result), as the injectors make them."""


@pytest.mark.parametrize("rule", OH_HELL_FACT_FAULTS)
def test_why_decides_an_oh_hell_fact_by_the_engines_checks(rule: str) -> None:
    """oh-hell.dealer-rotation, oh-hell.hand-size, oh-hell.deck, oh-hell.trump and the result's rules: in a
    generated game with one such fault (and in the clean game), `why` at every fact of every hand near a
    finding gives check's rule, legal and also there, and its steps are the engine's checks of that fact
    in the rules' order, the failing one (the ruling's rule) last; `why FILE` lands on the fault's fact."""
    text = record("oh-hell", 0, rule)
    assert text is not None
    a = api.audit(api.load(text=text))
    assert a.violations and a.violations[0].rule == rule, "the mutant has its fault first"
    facts = [m for m in moves(a) if m[0].what is not None]
    _asked, found = disagreements(a, every=0, rng=random.Random(0), todo=facts)
    assert found == []
    ex = why.explain(a)
    assert ex is not None and ex.location.what is not None
    assert (ex.ruling.legal, ex.ruling.rule, ex.ruling.steps[-1].rule) == (False, rule, rule)
    assert ex.ruling.steps[-1].answer.startswith("no: ") and all(s.answer == "yes" for s in ex.ruling.steps[:-1])
    texts = [ex.ruling.reason, *(s.question + s.answer for s in ex.ruling.steps), *(t for _l, t in ex.facts)]
    assert not any("`" in t for t in texts), "no key of the record's file, no option's spelling at the table"


def test_an_oh_hell_fact_whose_steps_leave_out_the_failing_check_disagrees(monkeypatch: pytest.MonkeyPatch) -> None:
    """The steps property can fail: a `why` whose dealer steps say "yes" where the engine's check failed."""
    from scorekeep.games.oh_hell import explain

    a = api.audit(api.load(text=record("oh-hell", 0, "oh-hell.dealer-rotation")))  # type: ignore[arg-type]
    real = explain._decided

    def lax(audit, ex, h, res):  # type: ignore[no-untyped-def]
        out = real(audit, ex, h, res)
        return out._replace(ruling=out.ruling._replace(steps=tuple(s._replace(answer="yes") for s in out.ruling.steps)))
    monkeypatch.setattr(explain, "_decided", lax)
    facts = [m for m in moves(a) if m[0].what == "dealer"]
    _asked, found = disagreements(a, every=0, rng=random.Random(0), todo=facts)
    assert any("failing step" in f for f in found)


DAIFUGO_FACT_FAULTS = ("daifugo.deck", "daifugo.ranking", "daifugo.game-over")
"""Faults of a Daifugō game's facts (its deal, its finishing order, its place in the set), as the injectors make them."""


def _fact_mutant(rule: str | None) -> api.Audit:
    """The first generated match (by seed) whose mutant of `rule` has its fault at a fact, not a play."""
    for seed in range(12):
        text = record("daifugo", seed, rule)
        a = api.audit(api.load(text=text)) if text is not None else None
        if a is not None and (rule is None or any(v.rule == rule and v.play is None for v in a.violations)):
            return a
    raise AssertionError(f"no mutant with a {rule} fault at a fact")


def _daifugo_facts(a: api.Audit) -> list:
    return [m for m in moves(a) if m[0].what is not None]


@pytest.mark.parametrize("rule", (None, *DAIFUGO_FACT_FAULTS))
def test_why_decides_a_daifugo_deal_and_finish_by_the_engines_checks(rule: str | None) -> None:
    """daifugo.deck, daifugo.ranking, daifugo.game-over: in a generated match with one such fault (and in
    the clean match), `why --deal` and `--finish` of every set and game give check's rule, legal and also
    there, and their steps are the engine's checks of that fact (`CHECKS["blind"]`, `["deal"]`, `["set"]`,
    `["game"]`, `["result"]`) in the rules' order, the failing one (the ruling's rule) last."""
    a = _fact_mutant(rule)
    _asked, found = disagreements(a, every=0, rng=random.Random(0), todo=_daifugo_facts(a))
    assert found == []
    decided = [why.explain(a, loc) for loc, _at in _daifugo_facts(a)]
    assert any(ex.ruling.steps for ex in decided if ex is not None), "the facts are decided by steps"
    for ex in decided:
        assert ex is not None
        texts = [ex.ruling.reason, *(s.question + s.answer for s in ex.ruling.steps), *(t for _l, t in ex.facts)]
        assert not any("`" in t for t in texts), "no key of the record's file at the table"
    if rule is not None:
        ex = why.explain(a)
        assert ex is not None and (ex.ruling.legal, ex.ruling.rule) == (False, a.violations[0].rule)


def test_a_daifugo_fact_whose_steps_hide_the_failing_check_disagrees(monkeypatch: pytest.MonkeyPatch) -> None:
    """The steps property can fail for Daifugō too: a `why` whose deal steps all say "yes"."""
    from scorekeep.games.daifugo import explain

    a = _fact_mutant("daifugo.deck")
    real = explain._decided

    def lax(ex, asked):  # type: ignore[no-untyped-def]
        out = real(ex, asked)
        return out._replace(ruling=out.ruling._replace(steps=tuple(s._replace(answer="yes") for s in out.ruling.steps)))
    monkeypatch.setattr(explain, "_decided", lax)
    _asked, found = disagreements(a, every=0, rng=random.Random(0), todo=_daifugo_facts(a))
    assert any("failing step" in f for f in found)
