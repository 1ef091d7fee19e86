"""A record file is at most 1 MiB (spec: records.md, "One file = one match"): a larger file, or
more than 1 MiB on standard input, is input the tool cannot read (exit 2, one line at line 1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SAMPLES, cli

MIB = 1024 * 1024
TOO_BIG = "records larger than 1 MiB are refused (split the match into several files)"


def _padded(size: int) -> bytes:
    """The Oh Hell sample, then comment lines up to exactly `size` bytes."""
    data = (SAMPLES / "oh-hell-seed-example.yaml").read_bytes()
    line = b"# " + b"x" * 97 + b"\n"
    data += line * ((size - len(data)) // len(line))
    return data + b"#" * (size - len(data) - 1) + b"\n"


def _run(*args: str, data: bytes) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "scorekeep", *args], input=data, capture_output=True, env=env,
                          cwd=ROOT, timeout=120)


def test_a_record_of_exactly_1_mib_is_read(tmp_path: Path) -> None:
    path = tmp_path / "full.yaml"
    path.write_bytes(_padded(MIB))
    assert path.stat().st_size == MIB
    r = cli("check", str(path))
    assert r.code == 0, r.err


@pytest.mark.parametrize("command", ["check", "score", "replay", "stats"])
def test_a_file_one_byte_over_1_mib_is_refused_by_every_command(tmp_path: Path, command: str) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(_padded(MIB + 1))
    r = cli(command, str(path))
    assert r.code == 2
    assert f"{path}:1: the file is 1,048,577 bytes; {TOO_BIG}" in r.err
    assert "Traceback" not in r.err


def test_standard_input_over_1_mib_is_refused_and_1_mib_is_read() -> None:
    r = _run("check", "-", data=_padded(MIB + 1))
    assert r.returncode == 2
    assert f"<stdin>:1: the record is more than 1,048,576 bytes; {TOO_BIG}" in r.stderr.decode()
    assert _run("check", "-", data=_padded(MIB)).returncode == 0
