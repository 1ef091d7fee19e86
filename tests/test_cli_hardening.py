"""The command line under attack and in odd environments (issue 13): JSON that always parses,
control characters never raw on a terminal, write errors, capped findings, streamed JSON,
files that are not regular files, replay selections, the process pool, `python -m`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import RECORDS, ROOT, SAMPLES, cli

OH = str(SAMPLES / "oh-hell-seed-example.yaml")
ROOK = str(SAMPLES / "rook-seed-example.yaml")
DAIFUGO = str(SAMPLES / "daifugo-seed-example.yaml")
HOOK = str(RECORDS / "oh-hell" / "hook-forbidden.yaml")

# A window-title escape, a screen clear, a right-to-left override and a C1 control.
EVIL = "N\x1b]0;pwned\x07o\x1b[2J\u202e\x9b"


def run(*args: str, env: dict[str, str] | None = None, input: bytes | None = None,
        stdout: object = subprocess.PIPE, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """The real program in a real process (`python -m scorekeep`)."""
    full = {**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})}
    return subprocess.run([sys.executable, "-m", "scorekeep", *args], stdout=stdout,  # type: ignore[arg-type]
                          stderr=subprocess.PIPE, input=input, env=full, timeout=timeout, cwd=ROOT)


def oh_hell(tmp_path: Path, players: list[str], extra: str = "", name: str = "r.yaml") -> str:
    """A one-hand Oh Hell record with these player names (each written as a JSON string, which
    YAML reads the same), dealt by the second player; the first bids 11 of 10 (oh-hell.bid-range)."""
    p = tmp_path / name
    names = ", ".join(json.dumps(n) for n in players)
    bids = ", ".join(f"{json.dumps(n)}: {11 if i == 0 else 0}" for i, n in enumerate(players))
    p.write_text(f"game: oh-hell\ntitle: {json.dumps(EVIL)}\nplayers: [{names}]\n"
                 f"first_dealer: {json.dumps(players[1])}\nhands:\n  - bids: {{{bids}}}\n"
                 f"    tricks: {{{bids}}}\n{extra}", encoding="utf-8")
    return str(p)


# --- 1. JSON output always parses -----------------------------------------------------------

@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x85"])
def test_json_parses_with_line_separators_in_names_and_messages(tmp_path, sep: str) -> None:  # type: ignore[no-untyped-def]
    good = oh_hell(tmp_path, [f"a{sep}b", "East", "South"], name="good.yaml")
    bad = tmp_path / "bad.yaml"
    q = json.dumps(sep)[1:-1]  # written as YAML's `\u2028` escape: raw, YAML takes it for a line break
    bad.write_text(f'game: oh-hell\nplayers: ["a{q}b", c, d]\nhands:\n  - bids: {{"x{q}y": 0}}\n',
                   encoding="utf-8")
    r = cli("check", good, str(bad), "--format", "json")
    doc = json.loads(r.out)  # the old re-indenting by str.splitlines() broke the line here
    assert sep not in r.out  # escaped (\u2028 …): a line-based reader sees one line per file
    assert doc["files"][0]["path"] == good
    (e,) = doc["files"][1]["errors"]
    assert f"x{sep}y" in e["message"] and f"a{sep}b" in e["message"] and e["line"] == 4
    s = cli("score", good, "--format", "json")
    assert f"a{sep}b" in json.loads(s.out)["totals"]


def test_score_json_parses_and_escapes_terminal_controls(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = oh_hell(tmp_path, [EVIL, "East", "South"])
    r = cli("score", path, "--format", "json")
    assert "\x1b" not in r.out and "\u202e" not in r.out and "\x9b" not in r.out
    assert EVIL in json.loads(r.out)["totals"]


# --- 2. control characters escaped in every human output ------------------------------------

def _no_raw_controls(text: str) -> None:
    for c in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert c not in text, repr(c)


def test_control_characters_are_escaped_in_check_score_replay(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = oh_hell(tmp_path, [EVIL, "East", "South"])
    for args in (("check", path), ("score", path), ("score", path, "-f", "markdown"), ("replay", path)):
        r = cli(*args)
        _no_raw_controls(r.out + r.err)
        # Markdown also escapes its own punctuation (`]` as `\]`): the escape shows either way.
        assert "\\x1b]0;pwned\\x07" in r.out.replace("\\]", "]"), args
    assert "\\u202e" in cli("score", path).out


def test_control_characters_are_escaped_in_input_errors_and_rules(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = oh_hell(tmp_path, [EVIL, "East", "South"], extra="  - bids: {Eest: 1}\n")
    for args in (("check", path), ("score", path), ("rules", EVIL), ("rules", "rook", EVIL)):
        r = cli(*args)
        assert r.code == 2
        _no_raw_controls(r.out + r.err)
        assert "\\x1b" in r.err, args


def test_escaped_names_keep_the_table_aligned(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from wcwidth import wcswidth

    path = oh_hell(tmp_path, [EVIL, "甲", "South"])
    out = cli("score", path, "--wide").out.splitlines()
    head = next(x for x in out if x.startswith("hand"))
    row = next(x for x in out if x.startswith("1 "))
    # The last column (South's) starts at the same screen column in the header and the row.
    assert wcswidth(head[:head.rindex("South")]) == wcswidth(row[:row.rindex("0/0")]), (head, row)  # escaped before tabulate measured them


def test_a_player_name_with_a_newline_is_an_input_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "nl.yaml"
    p.write_text('game: oh-hell\nplayers:\n  - North\n  - "Ea\\nst"\n  - South\n', encoding="utf-8")
    r = cli("check", str(p))
    assert r.code == 2
    assert f"{p}:4: a player's name must fit on one line: `Ea\\nst`" in r.err


# --- 4. environment errors, in real processes -----------------------------------------------

def test_ascii_stdout_gets_escapes_not_a_traceback() -> None:
    r = run("score", DAIFUGO, env={"PYTHONIOENCODING": "ascii"})
    assert r.returncode == 0 and b"Traceback" not in r.stderr
    out = r.stdout.decode("ascii")
    assert "\\u7532" in out  # 甲
    rows = [x for x in out.splitlines() if x[:1].isdigit()]
    rule = next(x for x in out.splitlines() if x.startswith("---"))
    starts = [i for i in range(len(rule)) if rule[i] == "-" and (i == 0 or rule[i - 1] == " ")]
    for row in rows:  # columns measured on the escaped text: each cell starts where its column does
        assert all(i == 0 or row[i - 2:i] == "  " for i in starts if i < len(row)), row
    j = run("check", DAIFUGO, "--format", "json", env={"PYTHONIOENCODING": "ascii"})
    assert j.returncode == 0
    assert json.loads(j.stdout.decode("ascii")) == json.loads(run("check", DAIFUGO, "--format", "json").stdout)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("rules", "rook"), ("check", OH, "--format", "json"), ("score", OH), ("--help",)])
def test_full_disk_is_one_line_and_exit_4(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        r = run(*args, stdout=full)
    assert r.returncode == 4, r.stderr
    assert r.stderr.decode() == "scorekeep: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", [("rules", "rook"), ("check", OH, HOOK), ("replay", ROOK)])
def test_closed_pipe_ends_quietly(args: tuple[str, ...]) -> None:
    full = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    p = subprocess.Popen([sys.executable, "-m", "scorekeep", *args], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=full, cwd=ROOT)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()  # the reader is gone before anything is written, like `| head -0`
    err = p.stderr.read()
    assert p.wait(timeout=60) == 141
    assert err == b""


def test_a_bug_while_rendering_is_exit_3_not_a_traceback() -> None:
    code = ("import sys, scorekeep.render.text as r\n"
            "def broken(*a, **k): raise ZeroDivisionError('boom')\n"
            "r.sheet_text = broken\n"
            "sys.argv[0] = 'scorekeep'\n"
            "from scorekeep.cli import main; main()\n")
    r = subprocess.run([sys.executable, "-c", code, "score", OH], capture_output=True, timeout=60, cwd=ROOT)
    assert r.returncode == 3 and b"Traceback" not in r.stderr
    assert r.stderr.decode().startswith("scorekeep: internal error (ZeroDivisionError: boom)")


# --- 9. one finding per card is capped ------------------------------------------------------

def test_findings_cap_counts_the_rest_and_survives_rollback() -> None:
    from scorekeep.errors import CAP, Findings, shown

    f = Findings()
    for i in range(CAP + 50):
        f.violation("rook.deck", f"copy {i}", line=i + 1)
    f.violation("rook.deal", "other")
    assert len(f.violations) == CAP + 51  # the count stays true
    assert len({id(v) for v in f.violations}) <= CAP + 2  # but only CAP findings are held in full
    listed = shown(f.violations)
    assert [v.message for v in listed[:CAP]] == [f"copy {i}" for i in range(CAP)]
    assert listed[-1].rule == "rook.deck" and listed[-1].more == 50 and "50 more rook.deck" in listed[-1].message
    del f.violations[10:]  # a game's rollback (trial replays): later findings are listed again
    for i in range(CAP):
        f.violation("rook.deck", f"again {i}")
    listed = shown(f.violations)
    assert sum(v.message.startswith("again") for v in listed) == CAP - 10 and listed[-1].more == 10


def test_a_deal_of_one_card_many_times_is_capped_in_json_and_text(tmp_path) -> None:  # type: ignore[no-untyped-def]
    copies = 250
    p = tmp_path / "copies.yaml"
    p.write_text("game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n"
                 "  - deal:\n      North: " + " ".join(["R5"] * copies) + "\n", encoding="utf-8")
    j = cli("check", str(p), "--format", "json")
    assert j.code == 1
    deck = [v for v in json.loads(j.out)["files"][0]["violations"] if v["rule"] == "rook.deck"]
    assert len(deck) == 101 and "more" in deck[-1] and "more" not in deck[0]
    t = cli("check", str(p))
    total = int(t.out.rsplit(" with ", 1)[1].split()[0])
    others = [v for v in json.loads(j.out)["files"][0]["violations"] if v["rule"] != "rook.deck"]
    assert deck[-1]["more"] == total - len(others) - 100 > 0
    assert f"… and {deck[-1]['more']:,} more rook.deck violations" in t.out
    assert t.out.count("rook.deck:") == 101


def test_score_says_how_many_violations_and_lists_the_first_of_each_rule(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The same deal of 250 copies of one card (rook.deck): `score` in text, Markdown and HTML
    gives the record's count of violations, not of the lines listed, says that the first 100 of
    each rule are listed, and lists them as `check` does; the HTML has no empty item for each
    finding past the cap."""
    import re

    copies = 250
    p = tmp_path / "copies.yaml"
    p.write_text("game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n"
                 "  - deal:\n      North: " + " ".join(["R5"] * copies) + "\n", encoding="utf-8")
    total = len(json.loads(cli("check", str(p), "--format", "json").out)["files"][0]["violations"]) - 1 \
        + json.loads(cli("check", str(p), "--format", "json").out)["files"][0]["violations"][-1].get("more", 1)
    heading = f"{total:,} violations (the first 100 of each rule are listed)"
    text = cli("score", str(p)).out
    assert text.startswith(heading + ":\n"), text[:200]
    assert text.count("rook.deck:") == 101
    assert f"## {heading}" in cli("score", str(p), "-f", "markdown").out
    out = tmp_path / "sheet.html"
    cli("score", str(p), "-f", "html", "-o", str(out))
    page = out.read_text(encoding="utf-8")
    assert f"<h2>{heading}</h2>" in page
    items = re.findall(r"<li><code>rook\.deck</code>(.*?)</li>", page)
    assert len(items) == 101 and all(i.strip() for i in items) and "more rook.deck violations" in items[-1]


# --- 10. check --format json streams one file per line --------------------------------------

def test_check_json_is_one_line_per_file_written_as_it_goes() -> None:
    r = cli("check", OH, HOOK, DAIFUGO, "--format", "json")
    lines = r.out.splitlines()
    assert lines[0] == '{"files": [' and lines[-1] == "]}" and len(lines) == 5
    assert [json.loads(x.rstrip(","))["path"] for x in lines[1:-1]] == [OH, HOOK, DAIFUGO]
    assert json.loads(r.out)["files"][1]["ok"] is False


# --- 17. not a regular file, directories, standard input ------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_not_waited_on(tmp_path) -> None:  # type: ignore[no-untyped-def]
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for cmd in ("check", "score"):
        r = run(cmd, str(fifo), timeout=30)  # before: blocked for ever in open()
        assert r.returncode == 2
        assert f"{fifo}: is not a regular file" in r.stderr.decode()


def test_a_directory_checks_every_record_in_it_sorted(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "b").mkdir()
    (tmp_path / ".hidden").mkdir()
    for dest in ("z.yaml", "b/hook.yml", ".hidden/x.yaml", "notes.txt"):
        (tmp_path / dest).write_text(Path(HOOK).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "a.yaml").write_text(Path(OH).read_text(encoding="utf-8"), encoding="utf-8")
    r = cli("check", str(tmp_path), "--format", "json")
    paths = [f["path"] for f in json.loads(r.out)["files"]]
    assert paths == [str(tmp_path / "a.yaml"), str(tmp_path / "b" / "hook.yml"), str(tmp_path / "z.yaml")]
    empty = tmp_path / "empty"
    empty.mkdir()
    r = cli("check", str(empty))
    assert r.code == 2 and "no records" in r.err


def test_dash_reads_standard_input() -> None:
    data = Path(HOOK).read_bytes()
    r = run("check", "-", input=data)
    assert r.returncode == 1 and r.stdout.decode().startswith("<stdin>:6: oh-hell.hook:")
    assert run("score", "-", input=Path(OH).read_bytes()).returncode == 0
    j = run("check", OH, "-", "--format", "json", input=data)
    assert [f["path"] for f in json.loads(j.stdout)["files"]] == [OH, "<stdin>"]


# --- 19. replay selections; progress off under TERM=dumb and NO_COLOR -----------------------

def test_replay_past_the_last_hand_says_how_many() -> None:
    r = cli("replay", OH, "--hand", "99")
    assert r.code == 2 and "there is no hand 99: the record has 3 hands (1–3)" in r.err


def test_replay_options_of_another_game_are_an_error() -> None:
    r = cli("replay", OH, "--set", "1")
    assert r.code == 2 and "--set and --game are for Daifugō" in r.err
    r = cli("replay", DAIFUGO, "--hand", "1")
    assert r.code == 2 and "--hand is for Rook and Oh Hell" in r.err


def test_replay_daifugo_past_the_last_set_or_game_says_how_many() -> None:
    r = cli("replay", DAIFUGO, "--set", "9")
    assert r.code == 2 and "there is no set 9: the record has only set 1" in r.err
    r = cli("replay", DAIFUGO, "--set", "1", "--game", "99")
    assert r.code == 2 and "there is no game 99 in set 1: set 1 has 4 games" in r.err
    assert cli("replay", DAIFUGO, "--set", "1", "--game", "2").code == 0


@pytest.mark.parametrize("env", [{"TERM": "dumb"}, {"NO_COLOR": "1"}])
def test_progress_stays_off_under_term_dumb_and_no_color(monkeypatch, env: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    from scorekeep.cli.check_cmd import _Progress

    class Tty:
        text = ""

        def isatty(self) -> bool:
            return True

        def write(self, s: str) -> None:
            self.text += s

        def flush(self) -> None:
            pass

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    on = Tty()
    _Progress(3, on).show(3)
    assert "checked 3/3" in on.text  # the control: a terminal does get progress
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    off = Tty()
    p = _Progress(3, off)
    p.show(3)
    p.clear()
    assert off.text == ""


# --- 20. the process pool -------------------------------------------------------------------

def test_pool_output_is_in_argument_order_and_the_same_as_one_process(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: oh-hell\nplayers: [a, b]\nhands: 3\n", encoding="utf-8")
    files = [OH, HOOK, str(bad), DAIFUGO, ROOK] * 6 + [str(RECORDS / "oh-hell")]
    for fmt in ("text", "json"):
        one = run("check", "-f", fmt, "-j", "1", *files)
        two = run("check", "-f", fmt, "-j", "2", *files)
        assert one.returncode == two.returncode == 2
        assert one.stdout == two.stdout and one.stderr == two.stderr
    assert len(json.loads(two.stdout)["files"]) > 31


def test_pool_workers_die_at_once_when_the_pool_ends_them() -> None:
    """The pool ends its workers with SIGTERM. The command's own SIGTERM handler (an exit, for
    `play`'s lock) must not reach a worker: a worker that got the signal just before it blocked
    on the pool's queue never ran it, and `check -j 2` hung (1 run in 25–50 under load)."""
    code = ("import signal; from scorekeep.cli import common, check_cmd; common._stop_on_signals(); "
            "inherited = signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL; check_cmd._worker_init(); "
            "print(inherited, signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.stdout.split() == ["True", "True"], out.stderr


def test_pool_only_when_enough_files() -> None:
    import os

    from scorekeep.cli.check_cmd import POOL_MIN_FILES, _workers

    assert _workers(1, None) == 1 and _workers(POOL_MIN_FILES - 1, None) == 1
    assert _workers(POOL_MIN_FILES, None) == len(os.sched_getaffinity(0))
    assert _workers(3, 8) == 3 and _workers(100, 1) == 1


# --- 23. python -m, help, completion --------------------------------------------------------

def test_python_m_scorekeep_and_help_with_exit_codes_and_the_record_format() -> None:
    r = run("--help")
    out = r.stdout.decode()
    assert r.returncode == 0 and "python -m scorekeep" in out
    assert 'README.md, section "Records"' in out
    for code in ("0", "1", "2", "3", "4", "141"):
        assert f"\n    {code} " in out
    assert run("--version").stdout.decode().startswith("scorekeep ")
    assert "--show-completion" in out


def test_shell_completion_completes_commands() -> None:
    import shutil

    exe = shutil.which("scorekeep", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("the scorekeep script is not installed next to this python")
    full = {**os.environ, "_SCOREKEEP_COMPLETE": "complete_bash", "COMP_WORDS": "scorekeep ch", "COMP_CWORD": "1"}
    r = subprocess.run([exe], env=full, capture_output=True, timeout=60, cwd=ROOT)
    assert r.stdout.decode().split() == ["check"]
