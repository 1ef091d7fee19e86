"""A long Daifugō record is judged in stretches of whole sets (`rules.STRETCH_LINES`), which `check`
reads and judges at once on every core (`fork_map`). The result must not depend on where the stretches
fall nor on how they are run: the order faults that look back across a stretch's start
(daifugo.game-over) are judged when the stretches are joined, in their place."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import ROOT, cli, found, record

from scorekeep import api
from scorekeep.cli.forks import fork_map
from scorekeep.games.daifugo import rules
from scorekeep.yamlio import parse, read_file

BOUNDARIES = "daifugo/match-stretch-boundaries.yaml"


def _read(path: Path) -> object:
    return api.read_record(read_file(str(path)))[1]


def _summary(a: object) -> tuple:
    """What an audit says: its findings (rule, place, words) and each game's outcome."""
    r = a.result  # type: ignore[attr-defined]
    games = [(s.number, s.complete, s.counted, dict(s.totals),
              [(g.number, g.ranking, g.counted, g.points, g.form) for g in s.games]) for s in r.sets]
    return ([v.to_json() for v in a.violations], [e.to_json() for e in a.events],  # type: ignore[attr-defined]
            games, dict(r.totals), r.over)


def _daifugo_records() -> list[Path]:
    out = []
    for path in sorted((ROOT / "tests" / "records" / "daifugo").glob("*.yaml")):
        try:
            if api.read_record(read_file(str(path)))[0].name == "daifugo":
                out.append(path)
        except api.InputError:
            pass  # the records of input errors: nothing to judge
    return out


def test_game_over_across_stretches_is_judged_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """daifugo.game-over: a set or game that starts before the last game before it is complete, or
    a set that starts before the one before has its games, is found when each set is a stretch of
    its own — where it belongs, before the set's deck fault (daifugo.deck)."""
    rec = _read(record(BOUNDARIES))
    whole = rules.audit(rec)  # type: ignore[arg-type]
    monkeypatch.setattr(rules, "STRETCH_SETS", 1)
    assert len(rules.stretches(rec)) == 4  # type: ignore[arg-type]
    split = rules.audit(rec)  # type: ignore[arg-type]
    assert [(v.line, *f) for v, f in zip(split.violations, found(split.violations))] == [
        (13, "daifugo.game-over", {"set": 2, "game": 1}),
        (16, "daifugo.game-over", {"set": 3, "game": 1}),
        (14, "daifugo.deck", {"set": 3}),
        (19, "daifugo.game-over", {"set": 4, "game": 1}),
    ]
    assert _summary(split) == _summary(whole)


def test_every_daifugo_record_reads_the_same_in_stretches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Daifugō record of the tests, each set a stretch of its own, gives the audit it gives
    whole (their missing passes are read in games that start a stretch too)."""
    records = _daifugo_records()
    assert len(records) > 100
    for path in records:
        rec = _read(path)
        monkeypatch.setattr(rules, "STRETCH_SETS", 10 ** 9)
        whole = _summary(rules.audit(rec))  # type: ignore[arg-type]
        monkeypatch.setattr(rules, "STRETCH_SETS", 1)
        assert _summary(rules.audit(rec)) == whole, path  # type: ignore[arg-type]


def _long(seed: int, sets: int, copies: int) -> str:
    """A generated match whose sets are written `copies` times over (sets past the match's
    number are daifugo.game-over, so stretches start after faults that look back)."""
    from scorekeep.games.daifugo import demo as daifugo

    head, sep, body = daifugo.game(seed, sets=sets).text.partition("\nsets:\n")
    return head + sep + body * copies


def test_stretches_are_whole_sets_of_at_least_the_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stretch ends before the first set that starts `STRETCH_LINES` lines or more after the
    stretch's first set, or `STRETCH_SETS` sets after it; together they are every set once, in order."""
    rec = api.read_record(parse(_long(3, 4, 10)))[1]
    lines = [s.line for s in rec.sets]  # type: ignore[attr-defined]
    for limit, most in (((lines[-1] - lines[0]) // 5, 10 ** 9), (10 ** 9, 7)):
        monkeypatch.setattr(rules, "STRETCH_LINES", limit)
        monkeypatch.setattr(rules, "STRETCH_SETS", most)
        parts = rules.stretches(rec)  # type: ignore[arg-type]
        assert len(parts) >= 4
        assert [k for p in parts for k in p] == list(range(len(lines)))
        for p, after in zip(parts, parts[1:]):
            assert lines[after.start] - lines[p.start] >= limit or len(p) == most
            assert lines[p[-1]] - lines[p.start] < limit and len(p) <= most


def test_pool_of_forked_processes_gives_the_same_audit(monkeypatch: pytest.MonkeyPatch) -> None:
    """`audit_findings` over a pool of forked processes: the findings and results of `audit`
    (the games' turns left out), the stretches judged in other processes."""
    rec = api.read_record(parse(_long(11, 2, 6)))[1]
    monkeypatch.setattr(rules, "STRETCH_LINES", 150)
    assert len(rules.stretches(rec)) >= 4  # type: ignore[arg-type]
    serial = rules.audit(rec)  # type: ignore[arg-type]
    assert any(v.rule == "daifugo.game-over" for v in serial.violations)
    pooled = rules.audit_findings(rec, fork_map)  # type: ignore[arg-type]
    here = rules.audit_findings(rec)  # type: ignore[arg-type]
    assert _summary(pooled) == _summary(here) == _summary(serial)
    assert all(g.turns == () for s in pooled.result.sets for g in s.games)
    assert any(g.turns for s in serial.result.sets for g in s.games)


def test_fork_map_runs_in_other_processes() -> None:
    """`fork_map` keeps the order of the items and uses processes other than this one (on a
    machine with more than one core)."""
    out = fork_map(lambda k: (k * k, os.getpid()), range(8))
    assert [x for x, _ in out] == [k * k for k in range(8)]
    if len(os.sched_getaffinity(0)) > 1:
        assert {pid for _, pid in out} - {os.getpid()}
    assert {pid for _, pid in fork_map(lambda k: (k, os.getpid()), range(4), workers=1)} == {os.getpid()}


def test_fork_map_fails_rather_than_waits_when_a_worker_dies() -> None:
    """A worker killed mid-way (out of memory, `kill -9`) ends the map with an error, which `check`
    reports as exit 3, instead of leaving it waiting for a result that never comes."""
    from concurrent.futures.process import BrokenProcessPool

    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one core: fork_map runs here")
    me = os.getpid()

    def dies(k: int) -> int:
        if os.getpid() != me and k == 3:
            os._exit(9)
        return k

    with pytest.raises(BrokenProcessPool):
        fork_map(dies, range(6))


def test_check_says_a_worker_was_stopped_not_that_it_has_a_bug(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """A worker of a long record's check killed mid-way (out of memory, `kill -9`): one line that
    says so and what to do, exit 3, no traceback."""
    from concurrent.futures.process import BrokenProcessPool

    from scorekeep.cli import check_cmd

    def broken(function: object, items: object, workers: object = None) -> list[object]:
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    from scorekeep.cli import forks

    monkeypatch.setattr(check_cmd, "fork_map", broken)
    monkeypatch.setattr(forks, "fork_map", broken)  # `score`'s, imported when it runs
    monkeypatch.setattr(rules, "STRETCH_LINES", 150)
    monkeypatch.setattr(api, "PARTS_MIN", 0)
    path = tmp_path / "long.yaml"
    path.write_text(_long(5, 2, 3), encoding="utf-8")
    for command in ("check", "score"):
        run = cli(command, str(path))
        assert run.code == 3, command
        assert "a process checking it stopped before it was done (killed, or out of memory)" in run.err
        assert "bug" not in run.err and "Traceback" not in run.err


def test_ctrl_c_stops_the_forked_workers_at_once(capfd: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C while the stretches are judged ends `check` at once (exit 130, as a `KeyboardInterrupt`),
    not after the workers, which ignore it, have judged the rest of the record; and it prints no
    traceback from the executor's thread."""
    import signal
    import threading
    import time

    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one core: fork_map runs here")
    me = os.getpid()
    threading.Timer(1.0, lambda: os.kill(me, signal.SIGINT)).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        fork_map(lambda k: time.sleep(5) or k, range(4))  # 10 s of work on two workers
    assert time.monotonic() - start < 3
    time.sleep(0.5)  # what the executor's thread does once its workers are stopped
    assert "Traceback" not in capfd.readouterr().err


def _spied(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each record `check` read since was read in parts (`api._in_parts`), in order."""
    seen: list[bool] = []
    real = api._in_parts

    def spy(text: str, parallel: object) -> object:
        got = real(text, parallel)  # type: ignore[arg-type]
        seen.append(got is not None)
        return got

    monkeypatch.setattr(api, "_in_parts", spy)
    return seen


def test_check_json_of_a_long_record_is_the_same_on_one_core(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    """`check` of a record of several stretches (read and judged over the cores, each stretch from
    its own part of the text) writes what `check --jobs 1` (the record read whole, its stretches
    judged one after the other, here) writes."""
    one_copy = _long(5, 2, 1).count("\n")
    path = tmp_path / "long.yaml"
    path.write_text(_long(5, 2, 2 * rules.STRETCH_LINES // one_copy + 2), encoding="utf-8")
    assert len(rules.stretches(_read(path))) >= 2  # type: ignore[arg-type]
    assert path.stat().st_size >= api.PARTS_MIN
    seen = _spied(monkeypatch)
    many = cli("check", "--format", "json", str(path))
    assert seen == [True], "a long record should be read in parts"
    one = cli("check", "--format", "json", "--jobs", "1", str(path))
    assert seen == [True]
    assert many.code == one.code == 1
    assert many.out == one.out
    assert '"daifugo.game-over"' in many.out


def _sets(text: str) -> tuple[str, list[str]]:
    """A generated record's head and the text of each of its sets (`- first:` at the left margin)."""
    head, sep, body = text.partition("\nsets:\n")
    return head + sep, ["- " + x + "\n" for x in body[2:].rstrip("\n").split("\n- ")]


def _slip(item: str, kind: str) -> str:
    """One set of a generated record with a slip: an unreadable card in its blind cards (the set
    cannot be read) or in a play of its first game (the game cannot be read); or a list of its
    blind cards over two lines (YAML the fast reader does not read: the record is read whole)."""
    import re

    if kind == "set":
        return item.replace("blind: [", "blind: [ZZ, ", 1)
    if kind == "game":
        return re.sub(r"(\n +- \S+: \[)", r"\1ZZ, ", item, count=1)
    assert kind == "yaml"
    return re.sub(r"blind: \[(\w+), ", "blind: [\\1,\n    ", item, count=1)


@pytest.mark.parametrize("slips", [
    {}, {0: "set"}, {5: "game"}, {6: "set", 9: "game"}, {11: "game", 3: "set"},
    {k: "set" for k in range(1, 24, 2)} | {k: "game" for k in range(2, 24, 2)},  # past MAX_ERRORS
    {9: "yaml"}, {9: "yaml", 2: "game"},
], ids=["clean", "first-set", "a-game", "two", "last-and-one", "past-the-most-errors", "yaml", "yaml-and-a-game"])
def test_a_long_record_read_in_parts_reads_as_it_reads_whole(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                             slips: dict[int, str]) -> None:
    """A record read in parts, each stretch read from its own text in another process (`check`),
    gives what it gives read whole (`check --jobs 1`): every input error once, in file order, the
    first alone saying that the check stops there; the findings of the sets before it; at most
    `fields.MAX_ERRORS` errors. A record the fast reader does not read in parts is read whole."""
    from scorekeep import fields

    head, items = _sets(_long(5, 2, 12))  # 24 sets
    items = [_slip(x, slips[k]) if k in slips else x for k, x in enumerate(items)]
    path = tmp_path / "long.yaml"
    path.write_text(head + "".join(items), encoding="utf-8")
    monkeypatch.setattr(rules, "STRETCH_SETS", 3)
    monkeypatch.setattr(api, "PARTS_MIN", 0)
    seen = _spied(monkeypatch)
    parts = cli("check", "--format", "json", str(path))
    one = cli("check", "--format", "json", "--jobs", "1", str(path))
    assert seen == ["yaml" not in slips.values()]
    assert (parts.code, parts.out, parts.err) == (one.code, one.out, one.err)
    doc = json.loads(parts.out)["files"][0]
    errors = [e["message"] for e in doc["errors"]]
    wanted = sum(1 for k in slips.values() if k != "yaml")
    assert len(errors) == min(wanted, fields.MAX_ERRORS + 1)
    assert sum("the check stops before it" in m for m in errors) == (1 if wanted else 0)
    if wanted > fields.MAX_ERRORS:
        assert errors[-1].startswith(f"{fields.MAX_ERRORS} input errors")
    assert bool(doc["violations"] or doc["events"]) == (0 not in slips)  # the sets before the first slip


def test_a_record_in_parts_keeps_the_header_warnings_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A header's warning (two names that only look alike) comes before the parts' input errors, as
    when the record is read whole."""
    head, items = _sets(_long(5, 2, 6))
    text = (head + "".join(_slip(x, "game") if k == 7 else x for k, x in enumerate(items)))
    text = text.replace("大野", "North").replace("小林", "Nоrth")  # a Cyrillic о
    path = tmp_path / "long.yaml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(rules, "STRETCH_SETS", 2)
    monkeypatch.setattr(api, "PARTS_MIN", 0)
    seen = _spied(monkeypatch)
    parts = cli("check", str(path))
    one = cli("check", "--jobs", "1", str(path))
    assert seen == [True]
    assert (parts.code, parts.out, parts.err) == (one.code, one.out, one.err)
    lines = parts.err.splitlines()
    assert "look alike" in lines[0] and "could not be read" in lines[1], parts.err


@pytest.mark.parametrize("deal", [True, False], ids=["dealt", "not-dealt"])
def test_stretches_list_the_first_of_each_rule_as_one_reading_would(monkeypatch: pytest.MonkeyPatch,
                                                                    deal: bool) -> None:
    """Past `errors.CAP` findings of a rule in the file, a finding is only counted. A stretch lists
    no more of a rule once the stretches before it have listed the cap (`rules._Listed`), judged one
    after the other or at once in forked processes; what `check` lists is what the record read with
    every finding worded lists (daifugo.turn-order, daifugo.follow-stronger with its legal choices),
    in the same stretches (the readings of a stretch's first game have no trial allowance yet)."""
    from test_daifugo_hardening import _random_short_games

    from scorekeep.errors import shown
    from scorekeep.games.daifugo import engine

    def listed(a: object) -> tuple[list[dict], list[dict]]:
        return ([f.to_json() for f in shown(a.violations)],  # type: ignore[attr-defined]
                [f.to_json() for f in shown(a.events, "event")])  # type: ignore[attr-defined]

    rec = api.read_record(parse(_random_short_games(40, deal)))[1]
    monkeypatch.setattr(rules, "STRETCH_LINES", 150)
    worded = rules.audit(rec, cap=False)  # type: ignore[arg-type]
    assert len(rules.stretches(rec)) >= 8  # type: ignore[arg-type]
    words: list[str] = []
    real = engine.Position.allowed_plays

    def counted(self: object, p: str) -> tuple[str, ...]:
        words.append(p)
        return real(self, p)  # type: ignore[arg-type]

    monkeypatch.setattr(engine.Position, "allowed_plays", counted)
    serial = rules.audit(rec)  # type: ignore[arg-type]
    serial_words = len(words)
    pooled = rules.audit_findings(rec, fork_map)  # type: ignore[arg-type]
    assert listed(serial) == listed(pooled) == listed(worded)
    assert any(f.more for f in shown(serial.violations)), "some rule should be broken more often than the cap"
    if deal:
        # One after the other, the later stretches list nothing once the cap is reached: the legal
        # choices are drawn for about as many findings as are listed with them (a game read again
        # with missing passes draws its later ones again), not for each stretch's first CAP.
        shown_allowed = sum(1 for f in shown(serial.violations) if f.allowed is not None)
        del words[:]
        monkeypatch.setattr(rules._Listed, "before", lambda self, part, rule, event: 0)
        assert listed(rules.audit(rec)) == listed(serial)  # type: ignore[arg-type]
        assert shown_allowed <= serial_words < 1.5 * shown_allowed < len(words)


@pytest.mark.parametrize("command", [("score", "--format", "json"), ("stats", "--format", "json"),
                                     ("why", "--format", "json"), ("why", "--set", "3", "--game", "2", "--play", "4"),
                                     ("replay", "--set", "3", "--legal")], ids=" ".join)
def test_a_long_record_is_judged_on_the_cores_for_the_same_answer(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path, command: tuple[str, ...]) -> None:
    """`score`, `stats`, `why` and `replay --set` judge a long Daifugō record's stretches on every
    core as `check` does (a score sheet needs the games' results, not their turns; `why` and
    `replay` read the one set again): the same answer as the record judged in one process, and
    as one stretch."""
    from scorekeep.cli import forks

    path = tmp_path / "long.yaml"
    path.write_text(_long(5, 2, 4), encoding="utf-8")
    whole = cli(command[0], str(path), *command[1:])
    monkeypatch.setattr(rules, "STRETCH_LINES", 150)
    assert len(rules.stretches(_read(path))) >= 4  # type: ignore[arg-type]
    calls: list[int] = []
    real = forks.fork_map

    def counted(function: object, items: object, workers: object = None) -> list[object]:
        calls.append(1)
        return real(function, items)  # type: ignore[arg-type]

    monkeypatch.setattr(forks, "fork_map", counted)
    pooled = cli(command[0], str(path), *command[1:])
    assert calls, f"{command[0]} should judge the stretches through fork_map"
    monkeypatch.setattr(forks, "fork_map", lambda function, items, workers=None: list(map(function, items)))
    here = cli(command[0], str(path), *command[1:])
    assert pooled.code == here.code == whole.code
    assert pooled.out == here.out == whole.out and whole.out.strip()


def _set_view(a: object, number: int, game: int | None = None) -> tuple:
    """One set of an audit as `why` and `replay --set` see it: its games' turns (with the position
    before each, as text), their outcomes, and the findings there."""
    s = next(x for x in a.result.sets if x.number == number)  # type: ignore[attr-defined]
    games = [g for g in s.games if game in (None, g.number)]
    turns = [[(t.index, t.player, t.notes, t.before.legal_text() if t.before is not None else None)
              for t in g.turns] for g in games]
    outcome = [(g.number, g.ranking, g.complete, g.gifts != ()) for g in games]
    at = [v.to_json() for v in a.violations  # type: ignore[attr-defined]
          if v.set == number and (game is None or v.game == game)]
    return turns, outcome, at


@pytest.mark.parametrize("source", [11, 5, BOUNDARIES])
def test_one_set_of_a_long_record_is_read_again_as_the_whole_audit_reads_it(
        monkeypatch: pytest.MonkeyPatch, source: int | str) -> None:
    """`audit_of_set` (`why`, `replay --set`) judges only the stretch holding the set: its games,
    their turns and the position before each, and every finding there (daifugo.game-over across
    the stretch's start included: after an unfinished game, in the boundaries record) are those
    of the whole record read with every finding worded."""
    if isinstance(source, int):
        rec = api.read_record(parse(_long(source, 2, 6)))[1]
        monkeypatch.setattr(rules, "STRETCH_LINES", 150)
    else:
        rec = _read(record(source))
        monkeypatch.setattr(rules, "STRETCH_SETS", 1)
    parts = rules.stretches(rec)  # type: ignore[arg-type]
    assert len(parts) >= 4
    whole = rules.audit(rec, positions=True, cap=False)  # type: ignore[arg-type]
    check = rules.audit_findings(rec)  # type: ignore[arg-type]
    starts = [rec.sets[p.start].number for p in parts]  # type: ignore[attr-defined]
    later = [rec.sets[p[-1]].number for p in parts]  # type: ignore[attr-defined]
    assert any(v.rule == "daifugo.game-over" and v.set in starts[1:] for v in whole.violations)
    for number in sorted({*starts, *later}):
        for judged in (None, check):
            one = rules.audit_of_set(rec, number, positions=True, judged=judged)  # type: ignore[arg-type]
            assert _set_view(one, number) == _set_view(whole, number), (number, judged is None)
        game = rules.audit_of_set(rec, number, 2, positions=True, judged=check)  # type: ignore[arg-type]
        assert _set_view(game, number, 2) == _set_view(whole, number, 2)
        # `why` on one play: only that play keeps the position before it; the rest reads the same.
        for play in (1, 3):
            one = rules.audit_of_set(rec, number, 2, positions=True, judged=check, play=play)  # type: ignore[arg-type]
            turns, outcome, at = _set_view(one, number, 2)
            want = _set_view(whole, number, 2)
            assert (outcome, at) == want[1:]
            assert [[t[:3] for t in g] for g in turns] == [[t[:3] for t in g] for g in want[0]]
            kept = [(t[0], t[3]) for g in turns for t in g if t[3] is not None]
            assert kept == [(t[0], t[3]) for g in want[0] for t in g if t[0] == play]


@pytest.mark.parametrize("name", ["turn-order-missing-passes-two-rounds.yaml", "example1-revolution.yaml"])
def test_a_check_makes_no_view_of_a_turn_and_a_replay_one_for_each(monkeypatch: pytest.MonkeyPatch,
                                                                    name: str) -> None:
    """daifugo.turn-order: `check` shows no turns, so neither its replay of the plays nor a trial
    reading of a missing pass makes the view of a turn (the replay's line); the audit a replay
    shows makes one for every turn it shows, and the same findings."""
    from scorekeep.games.daifugo import engine

    made = 0
    view = engine._view

    def counting(fields):  # type: ignore[no-untyped-def]
        nonlocal made
        made += 1
        return view(fields)

    monkeypatch.setattr(engine, "_view", counting)
    rec = _read(ROOT / "tests" / "records" / "daifugo" / name)
    checked = rules.audit_findings(rec)  # type: ignore[arg-type]
    assert made == 0
    shown = rules.audit(rec)  # type: ignore[arg-type]
    turns = sum(len(g.turns) for s in shown.result.sets for g in s.games)
    assert turns > 0 and made >= turns
    assert [v.to_json() for v in checked.violations] == [v.to_json() for v in shown.violations]


@pytest.mark.parametrize("slips", [{}, {4: "game"}, {2: "set", 9: "game"}], ids=["clean", "a-game", "two"])
def test_stretches_read_in_any_order_give_the_audit_of_the_record_read_whole(monkeypatch: pytest.MonkeyPatch,
                                                                             slips: dict[int, str]) -> None:
    """`audit_text_findings` through a `map` that reads and judges the stretches last first (as
    processes may, at once): the findings, results and input errors of the record read whole, then
    `audit_findings` — a stretch after one that could not be read whole is not judged, even when it
    was read first."""
    from scorekeep import fields
    from scorekeep.yamlio import normalized, split_items

    def last_first(function: object, items: object) -> list[object]:
        items = list(items)  # type: ignore[call-overload]
        return [function(x) for x in reversed(items)][::-1]  # type: ignore[operator]

    head, items = _sets(_long(11, 2, 6))
    text = head + "".join(_slip(x, slips[k]) if k in slips else x for k, x in enumerate(items))
    monkeypatch.setattr(rules, "STRETCH_SETS", 2)
    with fields.reading() as whole_reading:
        rec = api.read_record(parse(text))[1]
    whole = rules.audit_findings(rec)  # type: ignore[arg-type]
    cut = split_items(normalized(text))
    assert cut is not None and len(cut.starts) == 12
    with fields.reading():
        header = api.read_record(parse(cut.head))[1]
    got = rules.audit_text_findings(header, cut, last_first)  # type: ignore[arg-type]
    assert got is not None
    audit, reading = got
    assert _summary(audit) == _summary(whole)
    assert [(e.line, e.message) for e in reading.errors] == [(e.line, e.message) for e in whole_reading.errors]
    assert len(reading.errors) == len(slips)


@pytest.mark.parametrize("before, after", [
    ("", "  \u3000oops: [\n"), ("", " \u00a0\n"), ("", " \tjunk\n"), ("", " \x0c\n"), ("", "  # a\rb\n"),
    ("# a\r# b\n", ""), ("# a\x85# b\n", ""), ("# a\u2028# b\n", ""),
    ("", "  # only a note\n\n"),
], ids=["ideographic-space", "no-break-space", "tab", "form-feed", "cr-in-a-note", "cr-in-the-header",
        "nel-in-the-header", "line-separator-in-the-header", "a-note"])
def test_what_is_before_the_first_set_is_read_as_in_the_whole_record(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                      before: str, after: str) -> None:
    """Lines between `sets:` and the first set, and the header's line breaks, are read as the whole
    record reads them: a full-width space, a tab or a form feed there is an input error, and a line
    break only libyaml counts (CR, NEL, U+2028) numbers the lines after it — the record is then read
    whole. (An independent review found each of these read differently in parts.)"""
    head, items = _sets(_long(5, 2, 6))
    path = tmp_path / "long.yaml"
    path.write_text(before + head + after + "".join(items), encoding="utf-8", newline="")
    monkeypatch.setattr(rules, "STRETCH_SETS", 1)
    monkeypatch.setattr(api, "PARTS_MIN", 0)
    seen = _spied(monkeypatch)
    parts = cli("check", "--format", "json", str(path))
    one = cli("check", "--format", "json", "--jobs", "1", str(path))
    assert seen == [after == "  # only a note\n\n"]
    assert (parts.code, parts.out, parts.err) == (one.code, one.out, one.err)
