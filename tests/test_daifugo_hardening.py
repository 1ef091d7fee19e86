"""Daifugō items of the hardening issue (issue 13): every record the reader accepts checks in time
about linear in its size — a long match, one lead then thousands of passes, many short games each
full of candidate missing passes (daifugo.turn-order), players out of the game acting again and
again. Doubling the record about doubles the time; the bounds are generous (a shared machine)."""

from __future__ import annotations

import copy
import time

import pytest
import yaml

from conftest import audit_text, found, time_ratio

from scorekeep.games.daifugo import engine, rules

HEAD = "game: daifugo\nplayers: [A, B, C, D]\nsets:\n"


def _one_game(plays: list[str]) -> str:
    return "  - first: A\n    games:\n    - plays:\n" + "".join(f"      - {{{t}}}\n" for t in plays)


def _lead_then_passes(player: str, n: int) -> str:
    return HEAD + _one_game(["A: 3H"] + [f"{player}: pass"] * n)


def _short_games(games: int, passes: int) -> str:
    # A set per game (game 1 of each set, so no exchange): A leads, then passes again and again —
    # each pass a candidate missing pass of B, C and D (daifugo.turn-order) whose trial ties.
    return HEAD + "".join(_one_game(["A: 3H"] + ["A: pass"] * passes) for _ in range(games))


def _gone_players_act(n: int) -> str:
    # A and C play a card each in turn (B's and D's turns skipped) until they are out; then they
    # act on and on: each turn daifugo.turn-order, "out of the game".
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    plays = [f"{'CA'[k % 2]}: {ranks[k // 4 % 13]}{'SHDC'[k % 4]}" for k in range(n)]
    return HEAD + _one_game(plays)


def _random_short_games(games: int, deal: bool) -> str:
    # Each game different (seeded): the spade seat leads, then 40 turns by players two or three seats
    # on, a random card or a pass — each a turn out of turn that missing passes would explain
    # (daifugo.turn-order), so the readings try them; with the deal, each weak play
    # (daifugo.follow-stronger) lists its legal choices from the hand.
    import random

    deck = [f"{r}{s}" for s in "SHDC" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")]
    out = [HEAD]
    for i in range(games):
        rng = random.Random(i)
        first = rng.randrange(4)
        out.append(f"  - first: {'ABCD'[first]}\n    games:\n    - ")
        if deal:
            cards = rng.sample(deck, 50) + ["JK", "JK"]
            rng.shuffle(cards)
            out.append("deal:\n" + "".join(f"        {p}: [{', '.join(cards[13 * k:13 * k + 13])}]\n"
                                           for k, p in enumerate("ABCD")) + "      plays:\n")
        else:
            out.append("plays:\n")
        seat, turns = first, [f"{'ABCD'[first]}: {rng.choice(deck)}"]
        for _ in range(40):
            seat = (seat + rng.choice((2, 3))) % 4
            turns.append(f"{'ABCD'[seat]}: {rng.choice(deck) if rng.random() < 0.7 else 'pass'}")
        out += [f"      - {{{t}}}\n" for t in turns]
    return "".join(out)


def _long_match(sets: int) -> str:
    # A legal match of the independent reading (tests/oracle), its two sets played again and again.
    from oracle import daifugo as oracle

    data = yaml.safe_load(oracle.game(3, sets=2).text)
    data.pop("rules", None)
    data["sets"] = [copy.deepcopy(data["sets"][k % 2]) for k in range(sets)]
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@pytest.mark.parametrize("build, small, big", [
    (lambda n: _lead_then_passes("A", n), 1_000, 4_000),
    (lambda n: _lead_then_passes("B", n), 1_000, 4_000),
    (lambda n: _short_games(n, 100), 10, 40),
    (_gone_players_act, 1_000, 4_000),
    (_long_match, 2, 8),
    (lambda n: _random_short_games(n, False), 60, 240),
    (lambda n: _random_short_games(n, True), 60, 240),
], ids=["leader-passes", "passes-again", "short-games", "gone-players", "long-match", "random-out-of-turn",
        "random-out-of-turn-dealt"])
def test_check_time_is_linear_in_the_record_size(build, small, big) -> None:
    ratio = time_ratio(build(small), build(big))
    assert ratio < 8, ratio  # linear: about 4; quadratic: about 16


def test_candidate_missing_passes_replay_turns_linear_in_the_record_not_per_game(monkeypatch) -> None:
    # daifugo.turn-order: every pass of the leader on their own play is a candidate missing pass.
    # The trials of a game replay up to twice its length, and beyond that share one allowance for
    # the record (rules.TRIAL_BUDGET): with an allowance per game, 60 games of a lead and 100
    # passes replayed about 5,000 turns each.
    turns = 0
    step, advance = engine.Position.step, engine.Position.advance

    def counting_step(self, move, **kw):  # type: ignore[no-untyped-def]
        nonlocal turns
        turns += 1
        return step(self, move, **kw)

    def counting_advance(self, move, *a, **kw):  # type: ignore[no-untyped-def]
        nonlocal turns
        turns += 1
        return advance(self, move, *a, **kw)

    monkeypatch.setattr(engine.Position, "step", counting_step)
    monkeypatch.setattr(engine.Position, "advance", counting_advance)
    games, passes = 60, 100
    audit = audit_text(_short_games(games, passes))
    written = games * (passes + 1)
    assert turns <= 4 * written + rules.TRIAL_BUDGET, turns
    assert len(audit.violations) > games * passes  # every pass is still reported


def test_a_missing_pass_after_many_tied_trials_is_still_read() -> None:
    # daifugo.turn-order: the earlier games spend most of the record's allowance on trials that tie,
    # but what is left still reads the last game: 丙's pass missing there is one report, nothing after it.
    last = _one_game(["A: 3H", "B: pass", "D: pass", "A: 4H"])
    a = audit_text(_short_games(25, 100) + last)
    # (each set of one game also starts before the last one's four games: daifugo.game-over)
    tail = [v for v in a.violations if v.set == 26 and v.rule != "daifugo.game-over"]
    assert found(tail) == [("daifugo.turn-order", {"set": 26, "game": 1, "play": 3, "player": "D"})]
    assert "taken as missing" in tail[0].message


def test_past_the_records_trial_allowance_a_candidate_keeps_the_plain_reading() -> None:
    # daifugo.turn-order: 40 games of a lead and 100 passes spend twice their length each in trials
    # that tie (8,080 turns), past the record's allowance (rules.TRIAL_BUDGET and an eighth of its
    # 4,044 turns): the last game's candidate is not tried, so 丙's missing pass is not taken and
    # 甲's next play is reported too. The same game alone, or after 25 such games, reads as above.
    last = _one_game(["A: 3H", "B: pass", "D: pass", "A: 4H"])
    a = audit_text(_short_games(40, 100) + last)
    tail = [v for v in a.violations if v.set == 41 and v.rule != "daifugo.game-over"]
    assert [v.play for v in tail] == [3, 4]
    assert not any("taken as missing" in v.message for v in tail)
    alone = audit_text(HEAD + last)
    assert [v.play for v in alone.violations] == [3]


def test_trial_readings_of_a_record_replay_an_eighth_of_its_turns_beyond_the_allowance(monkeypatch) -> None:
    # daifugo.turn-order: 200 short games of 41 turns, nearly every turn out of turn and a candidate
    # missing pass. Twice each game's length in trials (the allowance per game alone) replayed
    # about 2.8 turns for each one written; the record's trials now stop at rules.TRIAL_BUDGET and
    # one turn per eight written (rules.TRIAL_SHARE; a quarter made the trials a fifth of the check).
    trial_turns = 0
    turn = engine.Position._turn

    def counting_turn(self, t, take, trial):  # type: ignore[no-untyped-def]
        nonlocal trial_turns
        trial_turns += trial
        return turn(self, t, take, trial)

    monkeypatch.setattr(engine.Position, "_turn", counting_turn)
    games = 200  # 8,200 turns: the allowance is spent, and an eighth (a quarter replays 7,050, over 6,025)
    audit = audit_text(_random_short_games(games, False))
    written = games * 41
    assert trial_turns <= rules.TRIAL_BUDGET + written // 8, trial_turns
    assert trial_turns >= rules.TRIAL_BUDGET  # the allowance is used, not skipped
    assert len(audit.violations) > games * 20


@pytest.mark.parametrize("text", [
    _random_short_games(40, True),
    _random_short_games(40, False),
    _lead_then_passes("B", 400),
    _gone_players_act(400),
], ids=["random-out-of-turn-dealt", "random-out-of-turn", "passes-again", "gone-players"])
def test_turns_past_the_cap_word_nothing_and_the_listing_is_the_same(monkeypatch, text: str) -> None:
    """A turn's finding is worded, and its legal choices listed, only when the collector keeps it
    (past `errors.CAP` of its rule in the file — the daifugo.turn-order, daifugo.pass and
    daifugo.follow-stronger reports of these records — it is only counted); what `check` lists is
    exactly what it lists when every finding is worded, and every listed finding has words."""
    from scorekeep.errors import shown

    def listed(a) -> tuple[list[dict], list[dict]]:
        return [f.to_json() for f in shown(a.violations)], [f.to_json() for f in shown(a.events, "event")]

    from scorekeep.games.daifugo.table import Table

    words: list[object] = []
    real = Table.allowed

    def counted(table, *args):
        words.append(table)
        return real(table, *args)

    monkeypatch.setattr(Table, "allowed", counted)
    capped = audit_text(text)
    capped_allowed = len(words)
    del words[:]
    worded = rules.audit(capped.record, cap=False)  # every finding worded (the cap applied only when listing)
    assert listed(capped) == listed(worded)
    assert (len(capped.violations), len(capped.events)) == (len(worded.violations), len(worded.events))
    assert all(f["message"] for kind in listed(capped) for f in kind)
    assert capped_allowed <= len(words)
    more = [f for f in shown(capped.violations) if f.more]
    assert more, "the record should break some rule more often than the cap"
    if "deal:" in text:  # weak plays list their legal choices from the hand only while listed
        assert capped_allowed < len(words)


def test_a_turn_that_may_not_branch_is_never_a_candidate_missing_pass() -> None:
    """daifugo.turn-order: `Position.may_branch` (whether the replay must keep the position before a
    turn, for a trial reading with missing passes) is never false for a turn that `_turn` then finds
    a candidate missing pass — over random out-of-turn games, passes again and again, players out."""
    texts = [_random_short_games(60, False), _random_short_games(30, True), _lead_then_passes("B", 50),
             _gone_players_act(200), _short_games(5, 20),
             # A goes out with the lead; B and C pass, and B plays where D should act: with D's pass
             # missing, everyone passed on A's last play and B, first to A's left, leads.
             HEAD + "  - first: A\n    games:\n    - deal:\n        A: [3H]\n        B: [5H, 6H]\n"
             "        C: [7H, 8H]\n        D: [9H, 10H]\n      plays:\n"
             "      - {A: 3H}\n      - {B: pass}\n      - {C: pass}\n      - {B: 5H}\n"]
    turns = branching = 0
    for text in texts:
        audit = rules.audit(audit_text(text).record, positions=True)
        for s in audit.result.sets:
            for g in s.games:
                for t in g.turns:
                    move = engine.Pass(t.player) if t.cards is None else engine.Play(t.player, t.cards)
                    for missing in (False, True):
                        after = t.before.step(move, missing=missing, trial=True)
                        if after.turns.candidate:
                            assert t.before.may_branch(move), (t.index, move)
                            branching += 1
                    turns += 1
    assert turns > 2_000 and branching > 200


def test_replay_of_a_late_game_shows_its_findings_worded_though_check_lists_only_the_first() -> None:
    """`replay` shows each game's findings (daifugo.turn-order, daifugo.pass, …) in words, even in
    a game after the first `errors.CAP` of a rule, which `check` only counts."""
    from scorekeep.errors import all_worded
    from scorekeep.game import Selection
    from scorekeep.games import daifugo

    audit = audit_text(_random_short_games(40, False))
    assert not all_worded(audit.violations)
    full = rules.audit(audit.record, cap=False)
    assert all_worded(full.violations) and len(full.violations) == len(audit.violations)
    mine = [v for v in full.violations if v.set == 40]
    assert mine
    (section,) = daifugo.replay(audit, Selection(set=40, game=1))
    shown_notes = [n for n in section.notes if n.startswith("violation ")]
    assert shown_notes == [f"violation {f'play {v.play}: ' if v.play else ''}{v.rule}: {v.message}" for v in mine]
    assert all(n.split(": ", 2)[-1] for n in shown_notes)


def test_replay_counts_a_long_records_violations_with_grouped_digits(tmp_path) -> None:
    """`replay` closes with the record's violation count as `check` writes it ("1,200", not "1200"):
    here 1,200 daifugo.pass reports, B passing again and again."""
    from conftest import cli

    path = tmp_path / "passes.yaml"
    path.write_text(_lead_then_passes("B", 1_201), encoding="utf-8")
    r = cli("replay", str(path))
    assert r.out.rstrip().endswith(f"1,200 violation(s); see `scorekeep check {path}`")


def test_replay_of_many_games_takes_time_linear_in_their_number(monkeypatch) -> None:
    """daifugo.turn-order: `replay` looked through every violation of the record for each game
    shown (a 1 MiB record of short games, each turn out of turn: 28 s); each game's are found once.
    Its reading of the record with every finding worded (linear: the check tests above) is made
    before the clock starts: timed with it, that pass over every violation per game was lost in it."""
    from conftest import audit_text
    from scorekeep import api
    from scorekeep.game import Selection

    audits = {games: audit_text(_random_short_games(games, False)) for games in (20, 80, 320)}
    worded = {id(a.record): rules.audit(a.record, cap=False) for a in audits.values()}
    read = rules.audit
    monkeypatch.setattr(rules, "audit", lambda record, **kw: worded[id(record)] if kw == {"positions": False, "cap": False}
                        else read(record, **kw))

    def seconds(games: int) -> float:
        a = audits[games]
        start = time.process_time()
        shown = api.replay(a, Selection())
        took = time.process_time() - start
        assert len(shown) == games and sum("violation play" in n for s in shown for n in s.notes) > games
        return took

    seconds(20)
    ratio = min(seconds(320) for _ in range(2)) / min(seconds(80) for _ in range(3))
    assert ratio < 8, ratio  # linear: about 4; quadratic: about 16


@pytest.mark.parametrize("deal", [False, True])
def test_a_replay_keeps_positions_only_before_the_candidates_its_trials_can_reach(monkeypatch, deal: bool) -> None:
    # daifugo.turn-order: short games full of candidate missing passes, past the record's trial
    # allowance. Each trial replays at least one turn of it, so a replay keeps (copies) the position
    # before no more candidates than the game's trials have turns; the readings are the same as
    # when it keeps one before every candidate, with far fewer copies.
    text = _random_short_games(200, deal)  # past the allowance: 0.69 and 0.71 of the copies
    copies = 0
    copy_ = engine.Position.copy

    def counting(self):  # type: ignore[no-untyped-def]
        nonlocal copies
        copies += 1
        return copy_(self)

    monkeypatch.setattr(engine.Position, "copy", counting)
    limited = audit_text(text)
    kept = copies
    run_plays = rules._Game.run_plays

    def every_candidate(*args, **kw):  # type: ignore[no-untyped-def]
        kw["snapped"] = None
        return run_plays(*args, **kw)

    monkeypatch.setattr(rules._Game, "run_plays", staticmethod(every_candidate))
    copies = 0
    full = audit_text(text)
    assert [v.to_json() for v in limited.violations] == [v.to_json() for v in full.violations]
    assert [e.to_json() for e in limited.events] == [e.to_json() for e in full.events]
    assert kept < 0.8 * copies, (kept, copies)


def test_a_turn_past_the_cap_is_counted_by_the_rules_stand_in_from_the_start(monkeypatch) -> None:
    # daifugo.pass: a lead, then 3,200 passes by one player. Past the cap each pass is counted with
    # the collector's one shared mark for the rule, never worded; the count and the first ones
    # listed are as before.
    from scorekeep.errors import CAP, shown

    worded: list[int] = []
    real = engine.passed_at
    monkeypatch.setattr(engine, "passed_at", lambda n: worded.append(n) or real(n))
    a = audit_text(HEAD + "  - first: A\n    games:\n    - plays:\n      - {A: 3H}\n"
                   + "      - {B: pass}\n" * 3200)
    assert len(worded) == CAP
    passes = [v for v in a.violations if v.rule == "daifugo.pass"]
    assert len(passes) == 3199 and len({id(v) for v in passes}) <= CAP + 1
    listed = [v for v in shown(a.violations) if v.rule == "daifugo.pass"]
    assert [v.play for v in listed[:3]] == [3, 4, 5] and listed[-1].more == 3199 - CAP
