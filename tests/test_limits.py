"""Records at the size limits: a player's name is at most 40 characters wherever it is read,
and what a command prints, and how long it works, stays in proportion to the record it reads.

These tests assert the bounds by sizes and counts, never by the clock; benchmarks/limits.py
times every command on the largest adversarial records."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cli, read_error

from scorekeep import api

NAME40 = "Maximiliana-Wilhelmina-Montgomery-Smythe"  # 40 characters: the longest a name may be
NAME41 = NAME40 + "s"


@pytest.mark.parametrize("game, extra", [("oh-hell", "hands:\n"), ("rook", "hands:\n"), ("daifugo", "sets:\n")])
def test_a_name_of_forty_characters_reads_and_one_more_is_an_input_error_at_its_line(game: str, extra: str) -> None:
    """Spec, `players`: any text of at most 40 characters (a longer name is an input error)."""
    assert len(NAME40) == 40
    ok = api.audit(api.load(text=f"game: {game}\nplayers: [A, B, C, {NAME40}]\n{extra}"))
    assert ok.header.players[-1] == NAME40
    e = read_error(f"game: {game}\nplayers:\n  - A\n  - B\n  - C\n  - {NAME41}\n{extra}")
    assert e.line == 6 and "41 characters" in e.message and "at most 40" in e.message


def test_a_name_is_counted_in_characters_after_nfc_not_in_bytes_or_code_points_as_typed() -> None:
    """`é` typed as e + a combining accent is one character; 40 kanji are 40 characters."""
    composed = "Zoé" + "x" * 37  # 40 characters in NFC
    decomposed = composed.replace("é", "e\u0301")  # 41 code points as typed, 40 after NFC
    wide = "甲" * 40
    for name in (decomposed, wide):
        api.audit(api.load(text=f"game: oh-hell\nplayers: [A, B, C, '{name}']\nhands:\n"))
    assert "41 characters" in read_error(f"game: oh-hell\nplayers: [A, B, C, '{wide}乙']\n").message


def test_a_long_name_is_shown_cut_in_its_message() -> None:
    e = read_error("game: oh-hell\nplayers: [A, B, C, " + "x" * 100_000 + "]\n")
    assert "100,000 characters" in e.message and len(e.message) < 200


def test_a_daifugo_sets_own_players_refuse_a_long_name_at_its_line() -> None:
    """A set may give its own `players` (the same names in a new order): a longer name is the
    40-character error, not a guess at which player it means."""
    e = read_error(f"game: daifugo\nplayers: [A, B, C, D]\nsets:\n  - players: [A, B, C, {NAME41}]\n")
    assert e.line == 4 and "at most 40" in e.message


def test_a_rook_team_label_is_bound_as_a_name_is() -> None:
    """A label is printed on every row, as a name is: at most 40 characters too."""
    head = "game: rook\nplayers: [N, E, S, W]\nteams: {"
    ok = api.audit(api.load(text=f"{head}{'T' * 40}: [N, S], Them: [E, W]}}\nhands:\n"))
    assert ok.record.teams.labels[0] == "T" * 40
    e = read_error(f"{head}{'T' * 41}: [N, S], Them: [E, W]}}\nhands:\n")
    assert e.line == 3 and "a team's label may have at most 40" in e.message


def test_new_refuses_a_long_name_given_to_players(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    run = cli("new", "oh-hell", str(path), "--players", f"A,B,C,{NAME41}")
    assert run.code == 2 and "at most 40" in run.err and "Traceback" not in run.err
    assert not path.exists()
    assert cli("new", "oh-hell", str(path), "--players", f"A,B,C,{NAME40}").code == 0


def test_a_long_name_typed_in_add_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", f"A,B,C,{NAME40}").code == 0
    before = path.read_bytes()
    run = cli("add", str(path), "--bids", f"A=1,B=1,C=1,{NAME41}=1")
    assert run.code == 2 and "at most 40" in run.err
    assert path.read_bytes() == before
    assert cli("add", str(path), "--bids", f"A=1,B=1,C=1,{NAME40}=1").code == 0


def test_a_long_name_typed_at_a_prompt_is_refused_in_the_players_words() -> None:
    """`play` matches what is typed with the same function: a name past 40 characters cannot be
    anyone's, and is said to be too long rather than misspelt."""
    from scorekeep.entry.values import match_name
    from scorekeep.errors import InputError

    with pytest.raises(InputError, match="at most 40"):
        match_name(NAME41, ["A", "B", "C", NAME40])
    assert match_name(NAME40[:5], ["A", "B", "C", NAME40]) == NAME40


class _Counted:
    """A finding that counts how often its fields are read."""

    reads = 0

    def __init__(self, finding: object) -> None:
        self._finding = finding

    def __getattr__(self, name: str) -> object:
        _Counted.reads += 1
        return getattr(self._finding, name)


def test_score_csv_finds_each_hands_violations_once_not_once_per_hand() -> None:
    """`score --format csv` matched every violation against every hand (1 MiB: 13 s): the reads
    of the violations' fields grow with their number, not with their number times the hands'."""
    from scorekeep.render.text import sheet_csv

    for hands in (100, 400):
        text = "game: oh-hell\nplayers: [A, B, C, D]\nhands:\n" + "  - bids: [1, 1, 1, 1]\n" * hands
        a = api.audit(api.load(text=text))
        assert len(a.violations) >= hands - 1  # oh-hell.unfinished-hand, every hand but the last
        _Counted.reads = 0
        text = sheet_csv(api.sheet(a), [_Counted(v) for v in a.violations])  # type: ignore[misc]
        assert text.count("oh-hell.unfinished-hand") == hands - 1
        # a few fields of each violation (hand, set, game, rule, message); before: one per hand each
        assert _Counted.reads <= 8 * len(a.violations), (hands, _Counted.reads)


# --- what a command prints stays in proportion to the record -----------------------------

LONG = [f"{c * 36}-{i:03d}" for i, c in enumerate("NESW")]  # four names of 40 characters
QUOTED = "[" + ", ".join(f'"{n}"' for n in LONG) + "]"
SHAPES = {
    # the shortest hands a record can write, each naming every player on every row it is shown in
    "oh-hell": lambda n: f"game: oh-hell\nplayers: {QUOTED}\nhands:\n" + "  - bids: [1, 1, 1, 1]\n" * n,
    "rook": lambda n: (f"game: rook\nplayers: {QUOTED}\nteams: {{{'T' * 40}: [\"{LONG[0]}\", \"{LONG[2]}\"], "
                       f"{'U' * 40}: [\"{LONG[1]}\", \"{LONG[3]}\"]}}\nhands:\n"
                       + "  - bidding: [70, pass, pass, pass]\n" * n),
    "daifugo": lambda n: (f"game: daifugo\nplayers: {QUOTED}\nsets:\n  - games:\n    - plays:\n"
                          f"      - {{\"{LONG[0]}\": 3S}}\n" + "".join(f"      - {{\"{LONG[1 + i % 3]}\": pass}}\n"
                                                                     for i in range(n))),
}
COMMANDS = [("check",), ("score",), ("score", "--wide"), ("score", "--format", "csv"), ("score", "--format", "json"),
            ("score", "--format", "markdown"), ("score", "--format", "html"), ("replay",),
            ("replay", "--format", "html"), ("stats",), ("stats", "--format", "csv"), ("why",)]


@pytest.mark.parametrize("game", sorted(SHAPES))
def test_no_output_grows_faster_than_its_record(game: str, tmp_path: Path) -> None:
    """Four times the hands give at most about four times the output, and never more than a
    fixed multiple of the record's bytes (the widest, `score --format json`, repeats every
    name in each row: about 30 times)."""
    sizes = {}
    for n in (100, 400):
        path = tmp_path / f"{n}.yaml"
        path.write_text(SHAPES[game](n), encoding="utf-8")
        sizes[n] = path.stat().st_size
        for args in COMMANDS:
            run = cli(*args, str(path))
            assert run.code in (0, 1), (args, run.err)
            sizes[n, args] = len(run.out.encode())
    assert 3.5 < sizes[400] / sizes[100] < 4.1
    for args in COMMANDS:
        small, big = sizes[100, args], sizes[400, args]
        assert big <= 4.2 * small + 2_000, (args, small, big)
        assert big <= 50 * sizes[400], (args, big / sizes[400])
