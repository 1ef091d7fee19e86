"""`-o FILE` never destroys a record, `new` never creates one through a dangling link, and
CSV is CSV whose cells a spreadsheet never runs as formulas."""

from __future__ import annotations

import csv
import io
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLES, cli

from scorekeep.render.text import csv_cell

SAMPLE = SAMPLES / "oh-hell-seed-example.yaml"


def _copy(tmp_path: Path, name: str = "g.yaml") -> Path:
    path = tmp_path / name
    shutil.copy(SAMPLE, path)
    return path


@pytest.mark.parametrize("command", [["score"], ["score", "--format", "html"], ["stats"], ["replay", "--hand", "1"]])
def test_o_onto_the_record_being_read_is_refused(tmp_path: Path, command: list[str]) -> None:
    path = _copy(tmp_path)
    before = path.read_bytes()
    link = tmp_path / "link.yaml"
    link.symlink_to(path)
    hard = tmp_path / "hard.yaml"
    os.link(path, hard)
    for out in (path, link, hard, tmp_path / "." / "g.yaml"):
        r = cli(command[0], str(path), *command[1:], "-o", str(out))
        assert r.code == 2 and "-o" in r.err and "record" in r.err, (out, r.err)
        assert path.read_bytes() == before


def test_o_onto_another_record_is_refused_and_onto_an_old_sheet_allowed(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    other = _copy(tmp_path, "other.yaml")
    r = cli("score", str(path), "-o", str(other))
    assert r.code == 2 and "is a game record" in r.err
    assert other.read_bytes() == SAMPLE.read_bytes()
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("last week's sheet\n", encoding="utf-8")
    assert cli("score", str(path), "-o", str(sheet)).code == 0
    assert "North" in sheet.read_text(encoding="utf-8")


def test_o_onto_a_record_that_play_holds_is_refused(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    held = tmp_path / "held.txt"  # not a record by its contents: only the lock tells
    held.write_text("notes\n", encoding="utf-8")
    holder = subprocess.Popen([sys.executable, "-c", "import time; from scorekeep.entry.session import FileLock; "
                               f"l = FileLock({str(held)!r}); l.acquire(); print('held', flush=True); time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        r = cli("score", str(path), "-o", str(held))
        assert r.code == 2 and "open in `scorekeep play`" in r.err, r.err
        assert held.read_text(encoding="utf-8") == "notes\n"
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert cli("score", str(path), "-o", str(held)).code == 0  # the holder gone (its lock file stays): written


def test_new_through_a_dangling_symlink_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "g.yaml"
    target = tmp_path / "elsewhere.yaml"
    link.symlink_to(target)
    r = cli("new", "oh-hell", str(link), "--players", "A,B,C,D")
    assert r.code == 2 and "symbolic link to a file that does not exist" in r.err
    assert not target.exists() and link.is_symlink()


FORMULAS = ["=1+1", "+1", "-1", "@SUM(A1)", "  =1+1", "\u3000=1", "＝1+1", "＋1", "－1", "＠A1", " ＝1", "\t=1", "\r=1"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_cell_a_spreadsheet_would_run_is_guarded(text: str) -> None:
    assert csv_cell(text).startswith("'")


@pytest.mark.parametrize("text", ["Ana", "甲", "a=b", "3-1", "", "Mary Ann"])
def test_other_cells_are_left_alone(text: str) -> None:
    assert csv_cell(text) == text


def _players_record(tmp_path: Path, names: list[str]) -> Path:
    path = tmp_path / "f.yaml"
    quoted = ", ".join('"' + n + '"' for n in names)
    path.write_text(f"game: oh-hell\nplayers: [{quoted}]\nhands:\n  - cards: 10\n    bids: [1, 2, 3, 1]\n"
                    "    tricks: [1, 2, 3, 4]\n", encoding="utf-8")
    return path


def test_score_standings_as_csv_is_guarded_csv(tmp_path: Path) -> None:
    names = [" =HYPERLINK(1)", "＋Ben", "@Chl", "Dee"]
    r = cli("score", str(_players_record(tmp_path, names)), "--standings", "--format", "csv")
    assert r.code == 0
    rows = list(csv.reader(io.StringIO(r.out)))
    assert rows[0] == ["place", "name", "points", "status"]
    assert sorted(row[1] for row in rows[1:5]) == sorted(["' =HYPERLINK(1)", "'＋Ben", "'@Chl", "Dee"])
    assert rows[5][:3] == ["", "", ""] and rows[5][3]


def test_stats_csv_is_guarded(tmp_path: Path) -> None:
    r = cli("stats", str(_players_record(tmp_path, ["－Ana", " @Ben", "Chl", "＝Dee"])), "--format", "csv")
    assert r.code == 0
    names = [row[0] for row in csv.reader(io.StringIO(r.out))][1:]
    assert sorted(names) == sorted(["'－Ana", "' @Ben", "Chl", "'＝Dee"])
