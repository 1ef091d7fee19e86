"""Saving never loses a record: kill -9 at any moment, a lock per file, stale temp files
removed by the next run; and the edits behind it change nothing but the entry."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from conftest import SAMPLES, cli

from scorekeep import api
from scorekeep.entry.edits import Append, DelKey, Pop, SetKey, edit_text, roundtrip, splice


def apply_text(text: str, edits: list, before: Any = None) -> str:
    return edit_text(text, edits, before)[0]


def _scorekeep() -> list[str]:
    return [sys.executable, "-c", "from scorekeep.cli import main; main()"]


def test_kill_9_at_random_moments_during_add_never_leaves_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee").code == 0
    rnd = random.Random(10)
    texts = {path.read_text(encoding="utf-8")}
    finished = 0
    for i in range(14):
        bids = ",".join(str(rnd.randint(0, 3)) for _ in range(4))
        tricks = "3,3,3,1"
        proc = subprocess.Popen([*_scorekeep(), "add", str(path), "--cards", "10", "--bids", bids, "--anyway"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:  # killed at a random moment, unless it has finished by then (no need to wait that moment out)
            proc.wait(timeout=rnd.uniform(0.05, 0.9))
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        text = path.read_text(encoding="utf-8")
        api.audit(api.load(text=text))  # readable, whatever the moment of the kill
        finished += text not in texts
        texts.add(text)
        if "bids:" in text.rsplit("- ", 1)[-1] and "tricks" not in text.rsplit("- ", 1)[-1]:
            assert cli("add", str(path), "--tricks", tricks, "--anyway").code in (0, 1)
            texts.add(path.read_text(encoding="utf-8"))
    # a normal run afterwards removes any temp file a kill left behind
    assert cli("add", str(path), "--cards", "9", "--bids", "0,0,0,0", "--anyway").code in (0, 1)
    left = [p.name for p in tmp_path.iterdir() if p.name != "g.yaml"]
    assert left == [], left
    assert len(api.audit(api.load(str(path))).record.hands) >= 1


def test_a_lock_is_released_when_its_holder_is_killed(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    assert cli("new", "rook", str(path), "--players", "N,E,S,W").code == 0
    holder = subprocess.Popen([*_scorekeep()[:2], "import sys,time; from scorekeep.entry.session import Session; "
                               f"s = Session.open({str(path)!r}); print('held', flush=True); time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    assert cli("add", str(path), "--bidding", "70").code == 2
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert cli("add", str(path), "--bidding", "70").code == 0


def test_stale_temp_files_of_dead_processes_are_removed(tmp_path: Path) -> None:
    from scorekeep.atomic import clean_stale_temps

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".scorekeep-{dead.pid}-abcd.tmp"
    stale.write_text("half", encoding="utf-8")
    live = tmp_path / f".scorekeep-{os.getppid()}-abcd.tmp"  # a live process's: kept
    live.write_text("busy", encoding="utf-8")
    other = tmp_path / "notes.tmp"
    other.write_text("mine", encoding="utf-8")
    assert clean_stale_temps(str(tmp_path)) == [stale.name]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, other.name])


def test_a_save_keeps_the_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "A,B,C,D").code == 0
    os.chmod(path, 0o640)
    assert cli("add", str(path), "--bids", "B=1").code == 0
    assert (path.stat().st_mode & 0o777) == 0o640


# --- the edits -----------------------------------------------------------------------------

HAND_WRITTEN = """\
# a sheet typed in by hand
game: oh-hell
players: [North, East, South, West]   # clockwise
hands:
  # the first hand
  - bids: {East: 2, South: 3, West: 1, North: 3}
    tricks: {North: 3, East: 3, South: 3, West: 1}   # West made it

  - cards: 9     # second hand
    bids:
      East: 1
"""


def test_splice_changes_only_the_entry() -> None:
    t1 = splice(HAND_WRITTEN, SetKey(("hands", 1, "bids"), "South", 2))
    assert t1 == HAND_WRITTEN.replace("      East: 1\n", "      East: 1\n      South: 2\n")
    t2 = splice(HAND_WRITTEN, Append(("hands",), {"cards": 8, "bids": None}))
    assert t2 == HAND_WRITTEN + "  - cards: 8\n    bids:\n"
    t3 = splice(HAND_WRITTEN, SetKey(("hands", 0), "scores", {"North": 13, "East": 0}))
    assert t3 == HAND_WRITTEN.replace("   # West made it\n", "   # West made it\n    scores: {North: 13, East: 0}\n")
    assert splice(t3, DelKey(("hands", 0), "scores")) == HAND_WRITTEN
    assert splice(t2, Pop(("hands",))) == HAND_WRITTEN
    t4 = splice(HAND_WRITTEN, SetKey(("hands", 0), "bids", {"East": 1}))
    assert "  - bids: {East: 1}\n    tricks: {North: 3, East: 3, South: 3, West: 1}   # West made it" in t4


def test_a_flow_list_of_hands_is_edited_in_place() -> None:
    flow = "game: oh-hell  # flow style\nplayers: [A, B, C, D]\nhands: [{bids: {A: 1}}]\n"
    out = apply_text(flow, [SetKey(("hands", 0, "bids"), "B", 2), Append(("hands",), {"bids": {"A": 0}})])
    assert out == flow.replace("[{bids: {A: 1}}]", "[{bids: {A: 1, B: 2}}, {bids: {A: 0}}]")
    a = api.audit(api.load(text=out))
    assert [{e.player: e.value for e in h.bids} for h in a.record.hands] == [{"A": 1, "B": 2}, {"A": 0}]
    assert roundtrip(HAND_WRITTEN, []) == HAND_WRITTEN


def test_every_sample_reads_the_same_after_an_empty_round_trip() -> None:
    for sample in sorted(SAMPLES.glob("*.yaml")):
        text = sample.read_text(encoding="utf-8")
        assert api.sheet(api.audit(api.load(text=roundtrip(text, [])))) == api.sheet(api.audit(api.load(text=text)))


def test_heavy_libraries_are_imported_only_where_needed() -> None:
    """Start-up: prompt_toolkit only in `play`, ruamel only for a round trip, never by `add`
    on a plain record or by the other commands."""
    code = (
        "import sys, shutil, tempfile, os\n"
        "from typer.testing import CliRunner\n"
        "from scorekeep.cli import app\n"
        "d = tempfile.mkdtemp(); p = os.path.join(d, 'g.yaml')\n"
        f"shutil.copy({str(SAMPLES / 'oh-hell-seed-example.yaml')!r}, p)\n"
        "r = CliRunner()\n"
        "assert r.invoke(app, ['score', p]).exit_code == 0\n"
        "assert r.invoke(app, ['add', p, '--cards', '7', '--dealer', 'West']).exit_code == 0, 'add'\n"
        "assert r.invoke(app, ['play', '--help']).exit_code == 0\n"
        "print(sorted(m for m in ('prompt_toolkit', 'ruamel', 'ruamel.yaml') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
