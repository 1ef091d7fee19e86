"""One legality path for Oh Hell: each check of the engine's `CHECKS` is the only place its rule
is decided. Turned off in turn (taken out of the table), every front end that asks about moves
of its kind changes with it: `check`, `why`, the live bid choices, `demo` and `stats`. Any code
that still spelled the rule elsewhere would keep one of them unchanged.

The rules are read from the table itself, so a new check without a witness here fails."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from conftest import RECORDS
from scorekeep import api, stats, why
from scorekeep.entry.session import Session
from scorekeep.games.oh_hell import demo, engine, rules
from scorekeep.games.oh_hell import entry as OH

RULES = sorted({c.rule for checks in engine.CHECKS.values() for c in checks})

HEAD = 'game: oh-hell\nplayers: [North, East, South, West]\nrules: {deal_pattern: "3..1"}\nhands:\n'

WITNESS = {
    # rule: (record under tests/records/oh-hell, where `why` finds the move the rule excludes)
    "oh-hell.bid-order": ("bid-order-gap.yaml", why.Location(hand=1, player="West")),
    "oh-hell.bid-range": ("bid-range.yaml", why.Location(hand=1, player="East")),
    "oh-hell.hook": ("hook-forbidden.yaml", why.Location(hand=1, player="North")),
    "oh-hell.trick-total": ("trick-total-extra-trick.yaml", why.Location(hand=1, trick=4, player="North")),
    "oh-hell.turn-order": ("turn-order.yaml", why.Location(hand=1, trick=1, player="West")),
    "oh-hell.deck": ("deck-joker-played.yaml", why.Location(hand=1, trick=1, player="East")),
    "oh-hell.card-not-held": ("card-not-held.yaml", why.Location(hand=1, trick=2, player="East")),
    "oh-hell.follow-suit": ("follow-suit-revoke.yaml", why.Location(hand=1, trick=2, player="South")),
    "oh-hell.trick-winner": ("trick-winner-count.yaml", None),
    "oh-hell.dealer-rotation": ("dealer-rotation.yaml", why.Location(hand=2, what="dealer")),
    "oh-hell.hand-size": ("hand-size.yaml", why.Location(hand=2, what="size")),
    "oh-hell.trump": ("trump-mismatch.yaml", why.Location(hand=1, what="trump")),
    "oh-hell.game-end": ("game-end.yaml", why.Location(hand=3, what="result")),
    "oh-hell.score-recorded": ("score-recorded.yaml", why.Location(hand=1, what="result")),
    "oh-hell.unfinished-hand": ("unfinished-hand.yaml", why.Location(hand=1, what="result")),
}

LIVE = {
    # rule: (the record cut before the move, who bids, the bid the rule refuses)
    "oh-hell.bid-range": (HEAD + "  - bids:\n", "East", "-1"),
    "oh-hell.hook": (HEAD + "  - bids: {East: 1, South: 1, West: 0}\n", "North", "1"),
}
ONE_HAND = HEAD + "  - {dealer: North, bids: {East: 1, South: 1, West: 0, North: 0}, tricks: {North: 1, East: 1, South: 1, West: 0}}\n"
LIVE_START = {
    # rule: (the record before a new hand, which of the start's choices, a choice the rule refuses)
    "oh-hell.dealer-rotation": (ONE_HAND, 1, "South"),
    "oh-hell.hand-size": (ONE_HAND, 0, "3"),
}
"""The size and the dealer a new hand is offered (`entry.legal_start`)."""

TURN = ("a rule of whose turn it is: the prompt and the demo offer moves only to the player to "
        "act, so only a recorded move can break it")
NO_CARD_PROMPT = "no live prompt for cards: `play` and `add` enter bids and trick counts"
SUMMARY = ("a rule on the recorded trick counts, which the play decides: `why` explains bids and "
           "cards, and the demo writes the counts its play gives")

DRAWN_FACTS = ("oh-hell.dealer-rotation", "oh-hell.hand-size")
"""Facts of a hand the demo draws from the engine (`Dealing.legal_dealers`, `legal_sizes`)."""
HAND_FACTS = ("oh-hell.trump", "oh-hell.game-end", "oh-hell.score-recorded", "oh-hell.unfinished-hand")
FACT = ("a fact of the hand, no bid or card: the prompt asks for bids and trick counts, the demo turns "
        "up a card, plays the pattern's hands and writes the scores its play gives (no choice of trump, "
        "hand or score is drawn), so only a recorded hand can break it")

EXEMPT = {
    ("oh-hell.bid-order", "live"): TURN, ("oh-hell.bid-order", "demo"): TURN,
    ("oh-hell.turn-order", "live"): TURN, ("oh-hell.turn-order", "demo"): TURN,
    ("oh-hell.trick-total", "live"): TURN, ("oh-hell.trick-total", "demo"): TURN,
    ("oh-hell.deck", "live"): NO_CARD_PROMPT, ("oh-hell.card-not-held", "live"): NO_CARD_PROMPT,
    ("oh-hell.follow-suit", "live"): NO_CARD_PROMPT,
    ("oh-hell.trick-winner", "why"): SUMMARY, ("oh-hell.trick-winner", "live"): SUMMARY,
    ("oh-hell.trick-winner", "demo"): SUMMARY,
    **{(rule, "stats"): "stats count the demo's matches, which this rule cannot change (see demo)"
       for rule in ("oh-hell.bid-order", "oh-hell.turn-order", "oh-hell.trick-total", "oh-hell.trick-winner")},
    **{(rule, front): FACT for rule in HAND_FACTS for front in ("live", "demo", "stats")},
}
"""(rule, front end) pairs where the front end has no move of the rule's kind, and why."""

SEEDS = range(12)


def check_off(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    """The engine without the check of `rule`: taken out of every phase of the table."""
    for phase, checks in list(engine.CHECKS.items()):
        monkeypatch.setitem(engine.CHECKS, phase, tuple(c for c in checks if c.rule != rule))


def _found(audit: api.Audit) -> list[str]:
    return [f.rule for f in audit.violations]


def _ruling(rule: str) -> tuple[bool, str]:
    name, loc = WITNESS[rule]
    ex = why.explain(api.audit(api.load(str(RECORDS / "oh-hell" / name))), loc)
    assert ex is not None
    return ex.ruling.legal, ex.ruling.rule


def _live(tmp_path: Path, rule: str) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    start = rule in LIVE_START
    text, who, _bid = LIVE_START[rule] if start else LIVE[rule]
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    with Session.open(str(path)) as s:
        ch = OH.legal_start(s)[who] if start else OH.legal_bids(s, OH.where(s), who)  # type: ignore[index]
    return ch.legal, [(b, f.rule) for b, f in ch.refused]


def _audits(texts: list[str]) -> list[api.Audit]:
    return [api.audit(api.load(text=t)) for t in texts]


@functools.cache
def _demo_all_on() -> list[api.Audit]:
    """The demo matches with every check on, audited: the same for every rule, so made once (each
    test asks for them before it turns a check off)."""
    return _audits([demo.game(seed, hands=6).text for seed in SEEDS])


def test_every_check_has_a_witness() -> None:
    """A new check of the table needs its witness here (and its exemptions, if any)."""
    assert set(RULES) == set(WITNESS)
    for (rule, front), reason in EXEMPT.items():
        assert rule in WITNESS and front in ("why", "live", "demo", "stats") and reason


@pytest.mark.parametrize("rule", RULES)
def test_turning_a_check_off_changes_every_front_end(rule: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    name, _loc = WITNESS[rule]
    witness = api.audit(api.load(str(RECORDS / "oh-hell" / name)))
    assert rule in _found(witness)                                         # check, all on
    if (rule, "why") not in EXEMPT:
        assert _ruling(rule) == (False, rule)
    refuse = (LIVE_START.get(rule) or LIVE.get(rule) or ("", "", ""))[2]
    if (rule, "live") not in EXEMPT:
        legal, refused = _live(tmp_path, rule)
        assert (refuse, rule) in refused and refuse not in legal
    on = _demo_all_on()
    assert all(rule not in _found(a) for a in on)                          # demo: legal by construction

    with monkeypatch.context() as m:
        check_off(m, rule)
        assert rule not in _found(api.audit(api.load(str(RECORDS / "oh-hell" / name))))   # check
        if (rule, "why") not in EXEMPT:
            legal_now, rule_now = _ruling(rule)
            assert legal_now or rule_now != rule                           # why
        if (rule, "live") not in EXEMPT:
            legal, refused = _live(tmp_path, rule)
            assert refuse in legal and (refuse, rule) not in refused                  # live choices
        off_texts = [demo.game(seed, hands=6).text for seed in SEEDS]
    off = _audits(off_texts)                                               # judged with every check on
    if (rule, "demo") not in EXEMPT:
        assert any(rule in _found(a) for a in off), f"no demo match drew a move only {rule} forbids"
    if (rule, "stats") not in EXEMPT:
        assert stats.season(off) != stats.season(on)                       # stats


@pytest.mark.parametrize("rule", [None, *RULES])
def test_legal_moves_are_the_moves_no_check_excludes(rule: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """`legal_moves()` asks the checks the cheap way (sets of playable cards, whose-turn checks
    once a player); it gives exactly the moves of the space that the first-failing-check ruling
    passes, with every check on and with each one off (oh-hell.card-not-held, oh-hell.follow-suit)."""
    if rule is not None:
        check_off(monkeypatch, rule)
    asked = 0
    for seed in range(2):
        def observe(pos: engine.HandPosition, move: object) -> None:
            nonlocal asked
            want = [m for m in pos.space() if pos._excluding(m) is None]  # the ruling's first failing check
            assert pos.legal_moves() == want, (pos.t.number, move)
            asked += 1
        g = demo.game(seed, hands=3, lead_trump="after-broken" if seed else "anytime")
        rules.audit(api.load(text=g.text).record, observe)
    assert asked > 100


def test_a_hook_house_rule_is_one_change_in_the_hands_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """oh-hell.hook: the patch a house rule "the hook does not bind the 1-card hand" needs is the
    hand's `Table.hook` (games/oh_hell/engine.py). Made there alone, `check`, `why` (its fact and
    its ruling) and the live bid choices all free the 1-card hand and still hook the 3-card one."""
    record = str(RECORDS / "oh-hell" / "hook-one-card-hand.yaml")
    south = why.Location(hand=3, player="South")
    text = HEAD + ("  - {bids: {East: 1, South: 1, West: 0, North: 1}, tricks: {North: 1, East: 1, South: 1, West: 0}}\n"
                   "  - {bids: {South: 0, West: 1, North: 0, East: 0}, tricks: {North: 0, East: 1, South: 0, West: 1}}\n"
                   "  - bids: {West: 0, North: 0, East: 1}\n")
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")

    def observed() -> tuple[list[tuple[int | None, str]], bool, str, tuple[str, ...]]:
        audit = api.audit(api.load(record))
        ex = why.explain(audit, south)
        assert ex is not None
        with Session.open(str(path)) as s:
            live = OH.legal_bids(s, OH.where(s), "South").legal
        return ([(f.hand, f.rule) for f in audit.violations], ex.ruling.legal, dict(ex.facts)["the hook"], live)

    found, legal, fact, live = observed()
    assert found == [(1, "oh-hell.hook"), (3, "oh-hell.hook")] and not legal
    assert fact.startswith("on") and "0" not in live
    made = engine.Table.__init__

    def one_card_free(self: engine.Table, *args: object, **kw: object) -> None:
        made(self, *args, **kw)
        self.hook = self.hook and self.size > 1  # the house rule's one line

    monkeypatch.setattr(engine.Table, "__init__", one_card_free)
    found, legal, fact, live = observed()
    assert found == [(1, "oh-hell.hook")] and legal
    assert fact == "off" and "0" in live
