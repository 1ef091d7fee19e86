"""Fuzzing: mutated and hostile records never produce a traceback or a hang (exit 2 with a
located message instead). A longer campaign: `python tests/fuzzing.py --count 20000`."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import THOROUGH, cli
from fuzzing import campaign, judge
from scorekeep.report import check_file


def test_mutated_records_get_a_verdict_or_a_located_error(tmp_path: Path) -> None:
    count = 600 if THOROUGH else 250  # longer campaigns: tests/fuzzing.py --count 20000
    tally = campaign(count=count, seed=20261130, workdir=tmp_path)
    assert sum(tally.values()) == count
    assert tally["input-error"] and tally["ok"] + tally["violations"]  # both paths were exercised


HOSTILE = {
    "billion-laughs": "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
                      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\ngame: oh-hell\n",
    "python-tag": "game: oh-hell\nplayers: !!python/object/apply:os.system ['echo pwned']\n",
    "deep-nesting": "game: oh-hell\nplayers: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "deep-block-nesting": "game: oh-hell\n" + "".join("  " * i + f"k{i}:\n" for i in range(2000)),
    "huge-number": "game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: " + "9" * 5000 + "}\n",
    "huge-pattern": "game: oh-hell\nplayers: [a, b]\nrules: {deal_pattern: '1..999999999999999'}\n",
    "long-line": "game: oh-hell\nplayers: [" + "x" * 1_000_000 + "]\n",
    "many-keys": "game: oh-hell\nplayers: [a, b]\n" + "".join(f"k{i}: {i}\n" for i in range(20_000)),
    "wrong-types": "game: [oh-hell]\nplayers: {a: b}\n",
    "control-char": "game: oh-hell\nplayers: [a\x07, b]\n",
    "truncated": "game: oh-hell\nplayers: [North, East, South, West]\nhands:\n  - bids: {East: 2, So",
    "merge-key": "game: oh-hell\nplayers: [a, b]\n<<: {title: x}\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_is_refused_quickly_with_a_line(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(HOSTILE[name], encoding="utf-8")
    report = check_file(str(path))  # a hang would never get here (timing: tests/fuzzing.py --slow)
    assert judge(report) == "input-error"
    r = cli("check", str(path))
    assert r.code == 2 and f"{path}:" in r.err and "Traceback" not in r.err + r.out
