"""Issue 13 held against every command, not only `check`: all input errors of a file in one run
(item 13) from `stats`, `score --rule`, `add` and `play`; control and direction characters
escaped in every human output (item 2) of `stats`, `new`, `add` and `play`; standard input
(`-`) and directories (item 17) for `stats`; a closed standard input as one line (item 4);
and names that `new` and `add` write read back as written (item 2)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, cli, record

FOUR = str(record("oh-hell/slips/four-hands.yaml"))
FOUR_LINES = ["12", "15", "16", "18"]
OH = str(SAMPLES / "oh-hell-seed-example.yaml")
ROOK = str(SAMPLES / "rook-seed-example.yaml")
DAIFUGO = str(SAMPLES / "daifugo-seed-example.yaml")

# What must never reach a terminal raw: C0 but newline, DEL, C1, the direction controls.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
EVIL = "N\x1b]0;pwned\x07o\x1b[2J\u202e\x9b"
BIDI = "Ana\u202eb"


def run(*args: str, input: bytes | None = None, shell_redirect: str = "") -> subprocess.CompletedProcess[bytes]:
    """The real program in a real process; `shell_redirect` (e.g. `<&-`) is applied by sh."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    if shell_redirect:
        cmd = " ".join(["exec", sys.executable, "-m", "scorekeep", *map(_quote, args), shell_redirect])
        return subprocess.run(["sh", "-c", cmd], capture_output=True, env=env, timeout=60, cwd=ROOT)
    return subprocess.run([sys.executable, "-m", "scorekeep", *args], capture_output=True, input=input,
                          env=env, timeout=60, cwd=ROOT)


def _quote(s: str) -> str:
    import shlex

    return shlex.quote(s)


def error_lines(err: str, path: str) -> list[str]:
    """The line numbers of `scorekeep: path:LINE: …` lines, in order."""
    return re.findall(rf"^scorekeep: {re.escape(path)}:(\d+): ", err, flags=re.M)


def evil_record(tmp_path: Path, slip: bool = False) -> str:
    """An Oh Hell record whose title and first player hold a window-title escape, a screen clear,
    a right-to-left override and a C1 control; with `slip`, a second hand bids for a player
    of the same kind who is not in the game (an input error quoting the names)."""
    p = tmp_path / "evil.yaml"
    names = [EVIL, "East", "South", "West"]
    bids = ", ".join(f"{json.dumps(n)}: {1 if i == 0 else 0}" for i, n in enumerate(names))
    text = (f"game: oh-hell\ntitle: {json.dumps(EVIL)}\nplayers: [{', '.join(map(json.dumps, names))}]\n"
            f"first_dealer: East\nrules: {{deal_pattern: '1..2'}}\nhands:\n  - bids: {{{bids}}}\n"
            f"    tricks: {{{bids}}}\n")
    if slip:
        text += f"  - bids: {{{json.dumps(EVIL + 'x')}: 1}}\n"
    p.write_text(text, encoding="utf-8")
    return str(p)


# --- item 13: every input error of a file in one run --------------------------------------

def test_stats_reports_every_input_error_of_a_file_with_its_line_and_exits_2() -> None:
    r = cli("stats", FOUR, OH)
    assert r.code == 2
    assert error_lines(r.err, FOUR) == FOUR_LINES  # before: only line 12
    assert f"{FOUR}: not counted (4 input errors)" in r.err
    assert "1 record;" in r.out  # the readable file is still counted


def test_stats_json_of_a_file_with_slips_leaves_it_out_and_says_every_slip() -> None:
    r = cli("stats", FOUR, "--format", "json")
    assert r.code == 2 and json.loads(r.out) == {"records": 0, "players": []}
    assert error_lines(r.err, FOUR) == FOUR_LINES


def test_score_rule_shows_the_table_up_to_the_gap_and_every_slip() -> None:
    """`score --rule` reads as leniently as plain `score` (before: one error, no table)."""
    r = cli("score", FOUR, "--rule", "hook=false")
    assert r.code == 2
    assert error_lines(r.err, FOUR) == FOUR_LINES
    assert "after 2 of 5 hands" in r.out and "What if hook: false" in r.out
    j = cli("score", FOUR, "--rule", "hook=false", "--format", "json")
    doc = json.loads(j.out)
    assert j.code == 2 and len(doc["rows"]) == 2 and doc["what_if"]["rules"] == {"hook": False}


def test_score_rule_with_an_unknown_option_on_a_file_with_slips_is_one_line() -> None:
    r = cli("score", FOUR, "--rule", "target=200")
    assert r.code == 2 and r.out == ""
    assert "`target` is not an oh-hell option" in r.err and "internal error" not in r.err


def test_score_rule_of_a_readable_record_compares_with_its_own_rules() -> None:
    r = cli("score", OH, "--rule", "failed_score=tricks", "--format", "json")
    assert r.code == 0 and r.err == ""
    doc, own = json.loads(r.out), json.loads(cli("score", OH, "--format", "json").out)
    assert doc["what_if"]["totals_before"] == own["totals"]
    assert doc["what_if"]["totals_after"] == doc["totals"] != own["totals"]  # missed bids now score


def test_score_rule_reads_standard_input() -> None:
    r = run("score", "-", "--rule", "hook=false", input=Path(OH).read_bytes())
    assert r.returncode == 0, r.stderr
    assert b"What if hook: false" in r.stdout


@pytest.mark.parametrize("args", [("add", "--bids", "1,1,1,1"), ("play",)])
def test_add_and_play_list_every_slip_of_the_record_they_refuse(tmp_path, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "four.yaml"
    p.write_bytes(Path(FOUR).read_bytes())
    r = run(args[0], str(p), *args[1:], input=b"quit\n")
    assert r.returncode == 2
    assert error_lines(r.stderr.decode(), str(p)) == FOUR_LINES  # before: only line 12
    assert p.read_bytes() == Path(FOUR).read_bytes()


SLIPS = {  # a record with four slips, a --rule for its game, the lines of the four
    "oh-hell": (FOUR, "hook=false", FOUR_LINES),
    "rook": (str(record("rook/slips/four-hands.yaml")), "target=500", ["12", "13", "16", "18"]),
    "daifugo": (str(record("daifugo/slips/four-games.yaml")), "sets=1", ["9", "10", "11", "15"]),
}


@pytest.mark.parametrize("game", sorted(SLIPS))
@pytest.mark.parametrize("args", [("check",), ("score",), ("replay",), ("why",), ("stats",), ("score", "--rule"),
                                  ("check", "--rule"), ("score", "--format", "json"), ("stats", "--format", "json")])
def test_every_command_that_reads_records_reports_the_four_slips_in_one_run(game: str, args: tuple[str, ...]) -> None:
    path, rule, lines = SLIPS[game]
    extra = (*args[1:], rule) if args[1:] == ("--rule",) else args[1:]
    r = cli(args[0], path, *extra)
    assert r.code == 2
    found = re.findall(rf"^(?:scorekeep: )?{re.escape(path)}:(\d+): ", r.err, flags=re.M)
    assert found == lines, r.err


@pytest.mark.parametrize("game", sorted(SLIPS))
@pytest.mark.parametrize("args", [("add",), ("play",)])
def test_add_and_play_report_the_four_slips_of_every_game(tmp_path, game: str, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    path, _rule, lines = SLIPS[game]
    p = tmp_path / "slips.yaml"
    p.write_bytes(Path(path).read_bytes())
    entry = {"oh-hell": ("--bids", "1,1,1,1"), "rook": ("--bid", "North=70"), "daifugo": ("--out", "甲,乙,丙")}[game]
    r = cli(args[0], str(p), *(entry if args[0] == "add" else ()))
    assert r.code == 2
    assert error_lines(r.err, str(p)) == lines, r.err


# --- item 2: control characters escaped in every human output -----------------------------

@pytest.mark.parametrize("fmt", ["text", "markdown", "csv", "json", "html"])
def test_stats_input_errors_show_control_characters_escaped(tmp_path, fmt: str) -> None:  # type: ignore[no-untyped-def]
    path = evil_record(tmp_path, slip=True)
    r = run("stats", path, "--format", fmt)
    err = r.stderr.decode()
    assert r.returncode == 2 and f"{path}:9: " in err
    assert not RAW.findall(err), err  # before: the error line went to stderr raw
    assert "\\x1b]0;pwned\\x07" in err


def test_new_shows_direction_controls_escaped(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "n.yaml"
    r = run("new", "oh-hell", str(p), "--players", f"{BIDI},B\x1b[2J,C,D")
    out = r.stdout.decode()
    assert r.returncode == 0, r.stderr
    assert not RAW.findall(out), out  # before: the U+202E went to the terminal raw
    assert "Ana\\u202eb" in out and "B\\x1b[2J" in out


def test_play_shows_direction_controls_escaped(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = evil_record(tmp_path)
    r = run("play", p, input=b"quit\n")
    out = r.stdout.decode()
    assert EVIL not in out and not RAW.findall(out.replace("\r", "")), out
    assert "\\u202e" in out


def test_new_and_add_write_names_with_c1_and_direction_controls_that_read_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`new` refused a C1 control as "YAML does not allow" and `add` could not add to a record
    naming such a player: the writer left them raw. Written escaped, they read back the same."""
    from scorekeep import api

    p = tmp_path / "c1.yaml"
    names = ["A\x9b", "B\u202e", "C\x7f", "D"]
    title = "x\x85y\u2029"
    r = run("new", "oh-hell", str(p), "--players", ",".join(names), "--title", title)
    assert r.returncode == 0, r.stderr
    text = p.read_text(encoding="utf-8")
    assert not RAW.findall(text.replace("\n", "")), text  # the file itself is safe to `cat`
    audit = api.audit(api.load(str(p)))
    assert audit.header.players == tuple(names) and audit.header.meta["title"] == title
    r = run("add", str(p), "--bids", "1,0,0,0")
    assert r.returncode == 0, r.stderr
    assert {e.player: e.value for e in api.audit(api.load(str(p))).record.hands[0].bids}[names[0]] == 1


# --- item 17: `-` and directories; item 4: a closed standard input ------------------------

def test_stats_reads_a_directory_and_standard_input(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.yaml").write_bytes(Path(OH).read_bytes())
    (tmp_path / "b.yml").write_bytes(Path(ROOK).read_bytes())
    (tmp_path / "notes.txt").write_text("not a record")
    r = cli("stats", str(tmp_path), "--format", "json")
    assert r.code == 0, r.err
    doc = json.loads(r.out)
    assert doc["records"] == 2 and {p["game"] for p in doc["players"]} == {"oh-hell", "rook"}
    s = run("stats", "-", "--format", "json", input=Path(DAIFUGO).read_bytes())
    assert s.returncode == 0, s.stderr
    assert json.loads(s.stdout)["records"] == 1


def test_stats_of_a_fifo_is_refused_not_waited_on(tmp_path) -> None:  # type: ignore[no-untyped-def]
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    r = run("stats", str(fifo))
    assert r.returncode == 2 and f"{fifo}: is not a regular file" in r.stderr.decode()


@pytest.mark.parametrize("cmd", ["check", "score", "replay", "why", "stats"])
def test_dash_with_standard_input_closed_is_one_line_and_exit_2(cmd: str) -> None:
    r = run(cmd, "-", shell_redirect="<&-")
    err = r.stderr.decode()
    assert r.returncode == 2, err  # before: exit 3, "internal error (AttributeError …)"
    assert err.strip().count("\n") == 0 and "standard input is closed" in err


def test_play_table_is_the_compact_sheet_off_a_wide_terminal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`table` at a `play` prompt chose the wide table always (it passed "text" as `wide`), so
    a 4-player sheet wrapped in an 80-column window; it is now the compact sheet."""
    p = tmp_path / "g.yaml"
    p.write_bytes(Path(OH).read_bytes())
    r = run("play", str(p), input=b"table\nquit\n")
    out = r.stdout.decode()
    table = out[out.index("Oh Hell: Worked example"):out.index("standings:")]
    assert "b/t" in table and max(len(line) for line in table.splitlines()) <= 80, table
    assert table in cli("score", str(p)).out  # the same sheet as `score` prints to a pipe


def test_play_table_keeps_its_shape_as_the_scores_grow(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """`play`'s table in an 80-column terminal: after game 1 the wide table fitted and was shown, after
    game 3 it did not and the compact one was, so the sheet changed its shape in the middle of a set;
    then the compact one moved its events column under the table once the events grew. It is now the
    game's narrowest compact sheet after every game (Daifugō: the events under the table)."""
    from scorekeep.cli import terminal
    from scorekeep.entry.session import Session
    from scorekeep.render.text import width

    text = record("daifugo/play-table-three-games.yaml").read_text(encoding="utf-8")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)  # (capsys's stand-in for a terminal)
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a: os.terminal_size((80, 24)))
    headers = []
    for games in (1, 2, 3):
        p = tmp_path / f"after-{games}.yaml"
        cut = {1: text.index("- out: [乙"), 2: text.index("- out: [丙"), 3: len(text)}[games]
        p.write_text(text[:cut], encoding="utf-8")
        s = Session.open(str(p))
        try:
            terminal.Table(s, p).show_table()
        finally:
            s.close()
        shown = capsys.readouterr().out
        headers.append(shown.splitlines()[3])
        assert max(width(line) for line in shown.splitlines()) <= 80, shown  # 甲 乙 丙 丁 take two columns
        assert ("events: set 1 game 2: 都落ち 甲" in " ".join(shown.split())) is (games > 1), shown
    assert headers[0].startswith("set  game  rank") and "events" not in headers[0]
    assert len({tuple(h.split()) for h in headers}) == 1, headers  # the same columns (widths follow the ranks)


@pytest.mark.parametrize("args", [("why",), ("why", "--format", "json"), ("score",), ("replay", "--hand", "9")])
def test_standard_input_is_named_stdin_in_every_command_as_in_check(args: tuple[str, ...]) -> None:
    """`check -` says `<stdin>:6:`; `why`, `score` and `replay` said `-:6:` (item 17)."""
    r = run(args[0], "-", *args[1:], input=record("oh-hell/hook-forbidden.yaml").read_bytes())
    said = r.stdout.decode() + r.stderr.decode()
    assert "<stdin>" in said and "-:6:" not in said and '"path": "-"' not in said, said


def test_new_with_dash_prints_the_record_and_creates_no_file_called_dash(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """As `demo -o -` (item 18): `-` is standard output, never a file called `-`."""
    from scorekeep import api

    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    r = subprocess.run([sys.executable, "-m", "scorekeep", "new", "oh-hell", "-", "--players", "a,b,c"],
                       capture_output=True, env=env, cwd=tmp_path, timeout=60)
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "-").exists()
    assert api.audit(api.load(text=r.stdout.decode())).header.players == ("a", "b", "c")


@pytest.mark.parametrize("cmd", [("add", "--bids", "1,1,1"), ("play",)])
def test_add_and_play_refuse_dash_which_elsewhere_is_standard_input(tmp_path, cmd: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "-").write_bytes(Path(OH).read_bytes())  # before: this file was edited
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    r = subprocess.run([sys.executable, "-m", "scorekeep", cmd[0], "-", *cmd[1:]], capture_output=True,
                       input=b"", env=env, cwd=tmp_path, timeout=60)
    assert r.returncode == 2 and "`-`: entries are written into a record file" in r.stderr.decode()
    assert (tmp_path / "-").read_bytes() == Path(OH).read_bytes()


@pytest.mark.parametrize("cmd", [("score",), ("score", "--format", "markdown"), ("score", "--standings"),
                                 ("replay",), ("replay", "--format", "html"), ("stats",)])
def test_a_sheet_written_with_o_holds_no_raw_control_characters(tmp_path, cmd: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """`score -o sheet.md` wrote the title and names raw, so `cat sheet.md` could retitle the
    window: the file gets what the terminal would (item 2)."""
    path = evil_record(tmp_path)
    out = tmp_path / "out.txt"
    r = cli(cmd[0], path, *cmd[1:], "-o", str(out))
    assert r.code in (0, 1) and r.out == "", r.err
    text = out.read_text(encoding="utf-8")
    assert not RAW.findall(text), text
    assert "pwned" in text  # shown, escaped


def test_replay_o_writes_the_text_replay_to_the_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`replay FILE -o out.txt` printed to the terminal and left no file (only HTML was written)."""
    out = tmp_path / "replay.txt"
    hook = str(record("oh-hell/hook-forbidden.yaml"))
    r = cli("replay", hook, "-o", str(out))
    assert r.out == "" and out.read_text(encoding="utf-8") == cli("replay", hook).out


@pytest.mark.parametrize("args", [("check", OH), ("score", OH), ("rules", "rook"), ("--help",), ("stats", OH),
                                  ("demo", "rook"), ("why", OH)])
def test_a_closed_standard_output_is_one_line_and_exit_4(args: tuple[str, ...]) -> None:
    """`scorekeep check game.yaml >&-`: exit 3 "internal error (AttributeError …)" before (item 4)."""
    r = run(*args, shell_redirect=">&-")
    err = r.stderr.decode()
    assert r.returncode == 4, err
    assert err == "scorekeep: cannot write the output: standard output is closed\n"


@pytest.mark.parametrize("path, code", [(FOUR, 2), (str(record("oh-hell/hook-forbidden.yaml")), 1), (OH, 0)])
def test_a_closed_standard_error_keeps_the_exit_code(path: str, code: int) -> None:
    """With `2>&-` an unreadable file exited 1, the code for violations (the error message
    itself failed, then the report of that failure)."""
    r = run("check", path, shell_redirect="2>&-")
    assert r.returncode == code


def test_replay_shows_the_hands_before_the_gap_and_exits_2() -> None:
    """Item 13 for `replay`, as for `score`: one unreadable hand no longer hides the replay."""
    r = cli("replay", FOUR)
    assert r.code == 2 and error_lines(r.err, FOUR) == FOUR_LINES
    assert "Hand 1:" in r.out and "Hand 2:" in r.out and "Hand 3:" not in r.out
    past = cli("replay", FOUR, "--hand", "3")
    assert past.code == 2 and "there is no hand 3: the record has 2 hands (1–2) before the first one that could not be read" in past.err


def test_why_explains_a_move_before_the_gap_and_exits_2() -> None:
    r = cli("why", FOUR, "--hand", "1", "--bid", "4")
    assert r.code == 2 and error_lines(r.err, FOUR) == FOUR_LINES
    assert "hand 1, the 4th bid, North: North bid 2" in " ".join(r.out.split()) and "ruling:" in r.out
    past = cli("why", FOUR, "--hand", "4", "--bid", "1")
    assert past.code == 2 and "(the record was read up to its first unreadable part)" in past.err


def test_play_with_standard_input_closed_stops_and_saves_as_at_its_end(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`scorekeep play game.yaml <&-`: exit 3, "internal error (AttributeError …)" before."""
    p = tmp_path / "g.yaml"
    p.write_bytes(Path(OH).read_bytes())
    r = run("play", str(p), shell_redirect="<&-")
    assert r.returncode == 0, r.stderr
    assert b"internal error" not in r.stderr and b"resumes here" in r.stdout
    assert p.read_bytes() == Path(OH).read_bytes()


@pytest.mark.parametrize("args", [("score", OH, "-o", "{out}"), ("score", OH, "--format", "html", "-o", "{out}"),
                                  ("replay", OH, "-o", "{out}"), ("stats", OH, "-o", "{out}"),
                                  ("demo", "rook", "-o", "{out}"), ("new", "rook", "{out}", "--players", "a,b,c,d")])
def test_a_full_disk_under_o_is_exit_4_as_for_standard_output(tmp_path, monkeypatch, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """`score -o` on a full disk exited 2, the code for unreadable input (README: 4 is "the
    output could not be written (disk full …)"); a wrong path stays 2."""
    import errno

    from scorekeep import atomic

    def full(*_a: object, **_k: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    out = str(tmp_path / "out.txt")
    argv = [a.replace("{out}", out) for a in args]
    monkeypatch.setattr(atomic, "write_atomically", full)
    r = cli(*argv)
    assert r.code == 4 and r.err == f"scorekeep: {out}: cannot write (No space left on device)\n"
    monkeypatch.undo()
    nowhere = [a.replace("{out}", str(tmp_path / "no" / "such" / "dir.txt")) for a in args]
    assert cli(*nowhere).code == 2


def test_add_takes_full_width_equals_and_colons_as_a_table_types_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Item 12 for `add`: `North＝0` (a Japanese or Chinese input method's `＝`, `：`) was
    "--bids lists 1 values for 4"; full-width digits and `、` were already read."""
    from scorekeep import api

    p = tmp_path / "g.yaml"
    p.write_bytes(Path(OH).read_bytes())
    r = cli("add", str(p), "--cards", "7", "--bids", "North＝0、East：1、South=2、West:１")
    assert r.code == 0, r.err
    bids = api.audit(api.load(str(p))).record.hands[-1].bids
    assert {e.player: e.value for e in bids} == {"North": 0, "East": 1, "South": 2, "West": 1}


def test_the_closing_line_of_check_groups_the_digits_of_large_counts() -> None:
    # a 4 MiB record reports tens of thousands of violations: the closing line reads as the
    # "… and 39,029 more" lines above it do
    from scorekeep.cli.check_cmd import _Tally

    t = _Tally()
    t.files, t.bad, t.violations, t.events = 1200, 1100, 41756, 2345
    assert t.summary() == "1,200 files checked: 100 clean, 1,100 with 41,756 violations, 2,345 rule events"


def test_why_rules_and_plays_help_fit_an_80_column_terminal() -> None:
    """`why` was laid out for 100 columns and `rules` for 88, so an 80-column terminal broke their
    words mid-line ("whil / e holding yellow"); `play`'s help had lines of 84-90. Each is laid out
    for 80 now (the first line of `why`, the file and place, is a line to copy, as `check`'s are)."""
    import shlex

    from scorekeep import lookup
    from scorekeep.cli.terminal import HELP
    from scorekeep.render.text import width

    said = [HELP, cli("rules").out]
    said += [cli("rules", game, rule.id).out for game, rule in lookup.rules_of()]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for block in readme.split("```console\n$ scorekeep why ")[1:]:
        args = shlex.split(block.split("\n", 1)[0])
        said.append(cli("why", *[str(ROOT / a) if a.endswith(".yaml") else a for a in args]).out.split("\n", 1)[1])
    said.append(cli("why", str(record("rook/why/revoke-bird-off.yaml"))).out.split("\n", 1)[1])
    wide = [line for text in said for line in text.splitlines() if width(line) > 80]
    assert len(said) > 60 and not wide, wide
