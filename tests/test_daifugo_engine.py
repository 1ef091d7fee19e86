"""The Daifugō engine (`scorekeep/games/daifugo/engine.py`): structured rulings in `check --format
json` (`allowed`, `see`), and positions that say what is legal."""

from __future__ import annotations

import json

import pytest

from typer.testing import CliRunner

from scorekeep.cli import app

from conftest import audit, record
from scorekeep import api
from scorekeep.game import Selection


def _violations(name: str) -> list[dict]:
    out = CliRunner().invoke(app, ["check", "--format", "json", str(record(name))])
    assert out.exit_code == 1, out.output
    return json.loads(out.output)["files"][0]["violations"]


def test_follow_stronger_allowed_lists_the_plays_from_the_hand():
    # daifugo.follow-stronger is a legal set: with the deal, `allowed` is 乙's plays that beat a 9.
    (v,) = _violations("daifugo/follow-allowed-deal.yaml")
    assert v["rule"] == "daifugo.follow-stronger"
    assert v["allowed"] == ["pass", "10H", "JH", "QH", "KH", "AH", "2H"]


def test_follow_allowed_without_the_deal_says_what_covers_the_table():
    # daifugo.follow-shape / follow-stronger without the deal: a hand known only by its count.
    vs = _violations("daifugo/follow.yaml")
    assert [v["rule"] for v in vs] == ["daifugo.follow-stronger", "daifugo.follow-shape", "daifugo.follow-stronger"]
    assert vs[0]["allowed"] == ["pass", "a single 10, J, Q, K, A, 2 or the joker"]
    assert vs[2]["allowed"] == ["pass", "only the spade 3 returns it"]


def test_what_covers_the_table_follows_the_house_rules():
    # daifugo.follow-stronger under house rules: with the spade-3 return off nothing covers a lone joker; with
    # no jokers in the deck a single is not covered by "the joker", and with joker_pair: false a pair is not
    # covered by "two jokers" (each was once said). Where nothing covers the table, `allowed` holds only the
    # pass (it once held the words "nothing covers it", no choice).
    (off,) = _violations("daifugo/spade-3-return-off.yaml")
    assert off["allowed"] == ["pass"]
    (none,) = _violations("daifugo/follow-allowed-deal.yaml")  # (jokers: 0)
    assert none["message"].endswith("to cover it: a single 10, J, Q, K, A, 2, or pass")
    (pair,) = _violations("daifugo/follow-no-joker-pair.yaml")
    assert pair["allowed"] == ["pass", "a pair of one rank from A, 2"] and "two jokers" not in pair["message"]


def test_lead_after_an_eight_cut_is_eight_cut_with_see_turn_order():
    # records.md: a lead after an 8-cut is daifugo.eight-cut with see: ["daifugo.turn-order"].
    (v,) = _violations("daifugo/eight-cut-wrong-leader.yaml")
    assert v["rule"] == "daifugo.eight-cut" and v["see"] == ["daifugo.turn-order"]
    assert "allowed" not in v


def test_exchange_strongest_allowed_is_the_strongest_cards_dealt():
    # daifugo.exchange-strongest: the lower rank's legal gift, judged on the hand as dealt.
    vs = _violations("daifugo/exchange-tax-evasion.yaml")
    assert [(v["rule"], v["allowed"]) for v in vs] == [("daifugo.exchange-strongest", ["JK JK"]),
                                                       ("daifugo.exchange-strongest", ["AD"])]


def test_replay_legal_shows_what_was_legal_at_each_turn():
    out = CliRunner().invoke(app, ["replay", "--legal", str(record("daifugo/follow-allowed-deal.yaml"))])
    assert out.exit_code == 0, out.output
    assert "legal here" in out.output
    assert "乙: pass; 10H; JH; QH; KH;" in out.output  # (the cell wraps to fit 80 columns)
    rows = api.replay(audit("daifugo/follow-allowed-deal.yaml"), Selection(legal=True))[0].rows
    assert rows[1][-1] == "乙: pass; 10H; JH; QH; KH; AH; 2H"


def _passes(player: str, n: int) -> str:
    plays = "\n".join(["      - {A: 3H}"] + [f"      - {{{player}: pass}}"] * n)
    return f"game: daifugo\nplayers: [A, B, C, D]\nsets:\n  - first: A\n    games:\n    - plays:\n{plays}\n"


@pytest.mark.parametrize("player", ["A", "B"])
def test_missing_pass_trials_are_bounded(player, monkeypatch):
    # issue 13: one lead then thousands of passes by one player (each turn a candidate missing
    # pass when the leader passes on their own play) replayed the whole game once per candidate.
    # The trial readings start at their candidate and share a work budget: the turns applied stay
    # linear in the record's length.
    from scorekeep import api
    from scorekeep.games.daifugo import engine, rules

    steps = 0
    original, in_place = engine.Position.step, engine.Position.advance

    def counting(self, move, **kw):  # type: ignore[no-untyped-def]
        nonlocal steps
        steps += 1
        return original(self, move, **kw)

    def counting_in_place(self, move, *a, **kw):  # type: ignore[no-untyped-def]
        nonlocal steps
        steps += 1
        return in_place(self, move, *a, **kw)

    monkeypatch.setattr(engine.Position, "step", counting)
    monkeypatch.setattr(engine.Position, "advance", counting_in_place)  # a turn the replay owns
    n = 3200
    audit = api.audit(api.load(text=_passes(player, n)))
    assert len(audit.violations) == (n if player == "A" else n - 1)
    assert steps <= 4 * (n + 1) + rules.TRIAL_BUDGET


def test_a_missing_pass_is_still_read_within_the_budget():
    # daifugo.turn-order: the pass of 丙 is missing; 丁 plays in its place — one report, nothing after.
    from scorekeep import api

    text = ("game: daifugo\nplayers: [甲, 乙, 丙, 丁]\nsets:\n  - games:\n    - plays:\n"
            "      - {甲: 3H}\n      - {乙: pass}\n      - {丁: pass}\n      - {甲: 4H}\n")
    vs = api.audit(api.load(text=text)).violations
    assert [(v.rule, v.play, v.player) for v in vs] == [("daifugo.turn-order", 3, "丁")]
    assert "taken as missing" in vs[0].message


def test_an_exchange_changes_only_its_own_game_s_gifts():
    """daifugo.card-not-held: what was given in one game's exchange (甲 gave 3♠) is that game's
    alone. Games share their seats' empty gift tables until a gift copies them, so after a record
    with an exchange, a new game's players have given and received nothing, and 甲 may play 3♠."""
    from conftest import audit, audit_text

    from scorekeep.games.daifugo import engine

    a = audit("daifugo/exchange-legal.yaml")
    gifted = a.result.sets[0].games[1]
    assert gifted.exchange["甲"]
    seats = gifted.seats
    fresh = engine.Position(engine.Setup(seats, a.header.options, 1, 1, seats[0], None, None, 0))
    assert all(not fresh.hold.gave[p] and not fresh.hold.got[p] for p in seats)
    again = audit_text("game: daifugo\nplayers: [甲, 乙, 丙, 丁]\nsets:\n  - first: 甲\n    games:\n"
                       "      - plays:\n          - 甲: 3S\n")
    assert [v.rule for v in again.violations] == []


def test_a_copied_position_keeps_every_part_of_it():
    """daifugo.turn-order, daifugo.card-not-held: a position and its parts (the table, the turn
    order, the holdings) are copied field by field; a copy has every field of the original — a
    field left out would make the next move judge another table — and a move on the copy leaves
    the original as it was (the passes are its own)."""
    from conftest import audit

    from scorekeep.games.daifugo import engine

    from scorekeep.games.daifugo import rules

    game = rules.audit(audit("daifugo/exchange-legal.yaml").record, positions=True).result.sets[0].games[1]
    before = next(t.before for t in game.turns if t.before is not None and t.before.table.top is not None)
    copied = before.copy()
    for original, copy in ((before, copied), (before.table, copied.table), (before.turns, copied.turns),
                           (before.hold, before.hold.copy())):
        for name in type(original).__slots__:
            if name not in ("view", "f", "memo", "candidate", "table", "turns"):  # afresh, or compared below
                assert getattr(copy, name) == getattr(original, name), (type(original).__name__, name)
    assert copied.table.passed is not before.table.passed and copied.table.early is not before.table.early
    passed = dict(before.table.passed)
    mover = before.to_act
    assert mover is not None
    after = before.step(engine.Pass(mover))
    assert after.table.passed != before.table.passed and before.table.passed == passed
