"""`scorekeep play` on a real 80×24 screen (tmux: send-keys, capture-pane): what the scorer
sees at the prompt, as issue 25 asks — the table's player names still on screen (no lines
kept free under the prompt), refusals in colour unless NO_COLOR, one or two lines of 80."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import cli

from scorekeep.render.text import width

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not os.environ.get("CI"),
                                reason="tmux is not installed (under CI a missing tmux fails)")


class Screen:
    """One tmux server of its own (a socket named for the test), one 80×24 window."""

    def __init__(self, cwd: Path, env: dict[str, str]) -> None:
        self.sock = f"sk-{uuid.uuid4().hex[:10]}"
        self.cwd = cwd
        self.env = env

    def tmux(self, *args: str) -> str:
        run = subprocess.run(["tmux", "-L", self.sock, *args], capture_output=True, text=True, timeout=20)
        return run.stdout

    def start(self, *argv: str) -> None:
        env = " ".join(f"{k}={v}" for k, v in self.env.items())
        cmd = f"cd {self.cwd} && env {env} {sys.executable} -c 'from scorekeep.cli import main; main()' " + \
              " ".join(f"'{a}'" for a in argv) + "; sleep 30"
        self.tmux("new-session", "-d", "-x", "80", "-y", "24", "-s", "t", cmd)

    def keys(self, text: str) -> None:
        self.tmux("send-keys", "-t", "t", "-l", text)
        self.tmux("send-keys", "-t", "t", "Enter")

    def screen(self, escapes: bool = False) -> str:
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else []), "-t", "t")

    def wait(self, text: str, timeout: float = 20) -> str:
        end = time.monotonic() + timeout
        pause = 0.01  # most prompts are drawn within a few hundredths of a second: look again soon, then less often
        while time.monotonic() < end:
            shown = self.screen()
            if text in shown:
                return shown
            time.sleep(pause)
            pause = min(pause * 1.5, 0.1)
        raise AssertionError(f"never shown: {text!r}\n{self.screen()}")

    def answer(self, prompt: str, text: str) -> str:
        shown = self.wait(prompt)
        self.keys(text)
        return shown

    def close(self) -> None:
        self.tmux("kill-server")


@pytest.fixture
def screen(tmp_path: Path) -> Iterator[Screen]:
    env = {"TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "LANG": "C.UTF-8",
           "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    s = Screen(tmp_path, env)
    yield s
    s.close()


def _new(tmp_path: Path) -> None:
    assert cli("new", "oh-hell", str(tmp_path / "g.yaml"), "--players", "Ana,Ben,Chloé,Dee").code == 0


def _hand_one(s: Screen) -> None:
    for prompt, text in (("cards [10]", ""), ("dealer [Ana]", ""), ("Trump", "h"), ("Ben's bid", "3"),
                         ("Chloé's bid", "3"), ("Dee's bid", "1")):
        s.answer(prompt, text)


def test_the_table_stays_on_the_screen_under_the_next_prompt(tmp_path: Path, screen: Screen) -> None:
    """After a hand, the table's player names and the next prompt share the 80×24 screen; the
    prompt is on the last line written, nothing kept blank beneath it."""
    _new(tmp_path)
    screen.start("play", "g.yaml")
    _hand_one(screen)
    screen.answer("Ana's bid", "2")
    for p, n in (("Ben", "3"), ("Chloé", "3"), ("Dee", "2"), ("Ana", "2")):
        screen.answer(f"tricks taken by {p}", n)
    shown = screen.wait("Hand 2, cards [9]:")
    lines = shown.split("\n")[:24]
    assert any("Ana" in ln and "Ben" in ln and "Chloé" in ln and "Dee" in ln for ln in lines), shown
    assert lines[23].startswith("Hand 2, cards [9]:"), shown  # the bottom row: no blank rows kept under it
    assert all(width(ln) <= 80 for ln in lines)


def test_a_refusal_is_red_one_or_two_lines_and_no_color_turns_it_off(tmp_path: Path, screen: Screen) -> None:
    """oh-hell.hook: the refusal in colour, in at most two lines, the rule id last; with NO_COLOR
    the same words and no colour."""
    _new(tmp_path)
    screen.start("play", "g.yaml")
    _hand_one(screen)
    screen.answer("Ana's bid", "3")
    shown = screen.wait("Record it anyway?")
    coloured = screen.screen(escapes=True)
    assert "\x1b[1m\x1b[31m" in coloured or "\x1b[1;31m" in coloured or "\x1b[31m" in coloured
    lines = shown.split("\n")
    i = next(k for k, ln in enumerate(lines) if ln.startswith("  refused:"))
    j = next(k for k, ln in enumerate(lines) if ln.startswith("Record it anyway?"))
    assert 1 <= j - i <= 2 and lines[j - 1].rstrip().endswith("(oh-hell.hook)")
    screen.keys("quit")
    screen.close()

    plain = Screen(tmp_path, {**screen.env, "NO_COLOR": "1"})
    try:
        (tmp_path / "g.yaml").unlink()
        _new(tmp_path)
        plain.start("play", "g.yaml")
        _hand_one(plain)
        plain.answer("Ana's bid", "3")
        plain.wait("Record it anyway?")
        shown = plain.screen(escapes=True)
        assert "refused:" in shown and "\x1b[31m" not in shown and "[1;31m" not in shown
    finally:
        plain.close()


def test_resume_on_the_screen_says_where_the_table_is(tmp_path: Path, screen: Screen) -> None:
    _new(tmp_path)
    assert cli("add", str(tmp_path / "g.yaml"), "--trump", "spades", "--bids", "Ben=2,Chl=3").code == 0
    screen.start("play", "g.yaml")
    shown = screen.wait("Dee's bid")
    assert "Hand 1: 10 cards, Ana deals, spades trump; bids: Ben 2, Chloé 3." in shown
    screen.keys("undo")
    shown = screen.wait("undone")
    assert "Chloé's bid" in screen.wait("Chloé's bid")


def test_rook_winning_bid_alone_and_a_set_in_colour(tmp_path: Path, screen: Screen) -> None:
    """`bid East 90` in one step; the set contract's line in colour; team names from `new`."""
    assert cli("new", "rook", str(tmp_path / "g.yaml"), "--players", "North,East,South,West",
               "--teams", "Us,Them").code == 0
    screen.start("play", "g.yaml")
    screen.answer("East's call", "bid East 90")
    screen.answer("trump named by East", "g")
    screen.answer("points captured by Them", "80")
    shown = screen.wait("Hand 2: South's call")
    assert "the auction is over: East takes it at 90" in shown
    coloured = screen.screen(escapes=True)
    line = next(ln for ln in coloured.split("\n") if "Them bid 90" in ln)
    assert "\x1b[33m" in line and "set" in line


def test_daifugo_names_with_spaces_on_the_screen(tmp_path: Path, screen: Screen) -> None:
    """`Mary Ann` typed in a list with spaces; the 都落ち line says the rank fallen to."""
    assert cli("new", "daifugo", str(tmp_path / "g.yaml"), "--players", "Mary Ann,乙,丙,丁").code == 0
    screen.start("play", "g.yaml")
    screen.answer("Set 1 game 1: who went out", "mary ann 乙 丙")
    screen.answer("Forbidden finishes", "")
    screen.answer("Set 1 game 2: who went out", "丙, 乙")
    screen.answer("Forbidden finishes", "乙")
    shown = screen.wait("Set 1 game 3")
    assert "都落ち: Mary Ann, last game's 大富豪, falls to 貧民" in shown
