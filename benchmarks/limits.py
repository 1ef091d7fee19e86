"""Benchmarks: every command on adversarial records of the largest accepted size (1 MiB).

    python benchmarks/limits.py                      # build the records, run every command, print a table
    python benchmarks/limits.py --mib 0.25 1         # two sizes: output ÷ input must not grow with size
    python benchmarks/limits.py --write              # also write benchmarks/limits.md
    python benchmarks/limits.py --only replay        # the commands whose name starts so

Issue 23 asks that every command finishes any accepted record (at most 1 MiB) within 5 s and
500 MB, in any shape, and that no output grows faster than its input. The shapes below are the
ones that stretch what a command prints or keeps against what it reads: the longest names a
record may give (40 characters, the widest in a terminal and in HTML) printed on every row of
the shortest hands a record can write, a violation in every hand, a Daifugō game of passes.
Each command runs in its own process with its output sent to a file; the figures are its wall
time, its CPU time (what an idle machine would wait: each command runs on one core), its peak
resident memory and its output's size divided by the record's. Two sizes show that the ratio
does not grow with the record. `--python` measures an older tree's interpreter instead.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from big import _fill  # noqa: E402  (the same filler as the `check` benchmarks)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "limits"
MIB = 1024 * 1024
WALL_S = 5.0
PEAK_MB = 500.0

# Forty characters each: the longest a name may be. The wide ones take two terminal columns
# each; `&` and `<` become five and four bytes in HTML.
LATIN = [f"{c * 36}-{i:03d}" for i, c in enumerate("NESW")]
WIDE = [c * 40 for c in "甲乙丙丁"]
MARKUP = [f"{c * 39}{i}" for i, c in enumerate("&<>&")]


def _players(names: list[str]) -> str:
    return "players: [" + ", ".join(f'"{n}"' for n in names) + "]\n"


def shapes(size: int) -> dict[str, str]:
    """Each adversarial shape at about `size` bytes."""
    a, b, c, d = LATIN
    return {
        "oh-hell: long names, one-line hands in progress (a violation each)":
            _fill("game: oh-hell\n" + _players(LATIN) + "hands:\n", lambda i: "  - bids: [1, 1, 1, 1]\n", size),
        "oh-hell: wide names, one-line finished hands":
            _fill("game: oh-hell\n" + _players(WIDE) + "hands:\n",
                  lambda i: "  - {cards: 1, bids: [1, 0, 0, 1], tricks: [1, 0, 0, 0]}\n", size),
        "oh-hell: markup names, every hand a hook and a score violation":
            _fill("game: oh-hell\n" + _players(MARKUP) + "hands:\n",
                  lambda i: "  - {cards: 1, bids: [0, 0, 0, 1], tricks: [1, 0, 0, 0], scores: [9, 9, 9, 9]}\n",
                  size),
        "rook: long names and long team labels, one-line hands":
            _fill(f"game: rook\n{_players(LATIN)}teams: {{\"{'T' * 40}\": [\"{a}\", \"{c}\"], "
                  f"\"{'U' * 40}\": [\"{b}\", \"{d}\"]}}\nhands:\n",
                  lambda i: "  - {bid: {\"" + LATIN[i % 4] + "\": 70}, points: [120, 0]}\n", size),
        "rook: long names, calls in progress (a violation each)":
            _fill("game: rook\n" + _players(LATIN) + "hands:\n",
                  lambda i: "  - bidding: [70, pass, pass, pass]\n", size),
        "daifugo: long names, one set of summary games":
            _fill("game: daifugo\n" + _players(WIDE) + "sets:\n  - games:\n",
                  lambda i: f"    - out: [{', '.join(WIDE[(i + k) % 4] for k in range(3))}]\n", size),
        "daifugo: long names, sets of one summary game each":
            _fill("game: daifugo\n" + _players(LATIN) + "sets:\n",
                  lambda i: f"  - games: [{{ranks: [\"{a}\", \"{b}\", \"{c}\", \"{d}\"]}}]\n", size),
        "daifugo: long names, sets of four summary games":
            _fill("game: daifugo\n" + _players(LATIN) + "sets:\n",
                  lambda i: "  - games:\n" + "".join(
                      f"    - ranks: [{', '.join(LATIN[(i + g + k) % 4] for k in range(4))}]\n" for g in range(4)),
                  size),
        "daifugo: a lead, then passes (short names)":
            _fill("game: daifugo\nplayers: [A, B, C, D]\nsets:\n  - games:\n    - plays:\n      - {A: 3H}\n",
                  lambda i: "      - {B: pass}\n", size),
        "daifugo: long names, a lead, then passes in turn":
            _fill("game: daifugo\n" + _players(LATIN) + "sets:\n  - games:\n    - plays:\n"
                  f"      - {{\"{a}\": 3S}}\n",
                  lambda i: f"      - {{\"{LATIN[1 + i % 3]}\": pass}}\n", size),
    }


COMMANDS: dict[str, list[str]] = {
    "check": ["check"],
    "check json": ["check", "--format", "json"],
    "score": ["score"],
    "score --wide": ["score", "--wide"],
    "score --standings": ["score", "--standings"],
    "score csv": ["score", "--format", "csv"],
    "score json": ["score", "--format", "json"],
    "score markdown": ["score", "--format", "markdown"],
    "score html": ["score", "--format", "html"],
    "replay": ["replay"],
    "replay html": ["replay", "--format", "html"],
    "stats": ["stats"],
    "stats csv": ["stats", "--format", "csv"],
    "stats json": ["stats", "--format", "json"],
    "why": ["why"],
}

NOTES = """
## What was changed to keep within the bounds

- A player's name, and a Rook team's label, is at most 40 characters (code points after NFC).
  Before, a name of 1 kB on every row of one-line hands made `replay` write 210 MB with 1.85 GB
  of memory; with 40 characters every row is bounded, so every output is at most a fixed
  multiple of its record (the largest above: `score --format json`, which repeats every name
  as a key in each row, about 31 times its record with Latin names, 44 with kanji).
- `score --format csv` matched every violation against every hand: on the first record above
  (47,000 hands, 91,000 violations) ec6a19f took 483 s of CPU time (265 MB); the violations
  are now grouped by hand once, and its CSV is byte-identical.

Nothing else exceeds the bounds in CPU time or memory: `replay` holds its sections and its
text at once (at most 230 MB here), so it is left building its text before writing it.
"""

_MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
with open(sys.argv[1], "wb") as out:
    try:
        rc = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL, check=False, timeout=60).returncode
    except subprocess.TimeoutExpired:
        rc = "timeout"
wall = time.perf_counter() - start
use = resource.getrusage(resource.RUSAGE_CHILDREN)
print(rc, wall, use.ru_utime + use.ru_stime, use.ru_maxrss)
"""


def measure(cmd: list[str], out: Path, tree: bool = True) -> tuple[str, float, float, float, int]:
    """(exit code, wall seconds, CPU seconds, peak MB, output bytes) of one run of `cmd`, its output in `out`,
    with this tree's package (`tree`) or the one installed with the interpreter. A small process
    runs it, so that the peak memory is this run's alone."""
    env = {**os.environ, "COLUMNS": "80", **({"PYTHONPATH": str(ROOT)} if tree else {})}
    with tempfile.TemporaryDirectory() as empty:
        done = subprocess.run([sys.executable, "-c", _MEASURE, str(out), *cmd], capture_output=True,
                              text=True, check=True, cwd=empty, env=env)
    rc, wall, cpu, kib = done.stdout.split()
    return rc, float(wall), float(cpu), int(kib) * 1024 / 1e6, out.stat().st_size


def build(mib: float) -> dict[str, Path]:
    OUT.mkdir(parents=True, exist_ok=True)
    files: dict[str, Path] = {}
    for k, (name, text) in enumerate(shapes(int(mib * MIB) - 64).items()):
        path = OUT / f"{k}-{mib:g}mib.yaml"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        files[name] = path
    return files


def run(mibs: list[float], only: str, say: Callable[[str], None], python: str | None = None) -> list[tuple]:
    rows = []
    sink = OUT / "output.tmp"
    for mib in mibs:
        for shape, path in build(mib).items():
            size = path.stat().st_size
            for label, args in COMMANDS.items():
                if not label.startswith(only):
                    continue
                cmd = [python or sys.executable, "-m", "scorekeep", *args, str(path)]
                rc, wall, cpu, peak, nbytes = measure(cmd, sink, tree=python is None)
                # CPU, not wall: on a shared machine the wall time is mostly other people's work
                flag = "" if cpu <= WALL_S and peak <= PEAK_MB else "  OVER"
                rows.append((shape, mib, label, rc, wall, cpu, peak, nbytes / size))
                say(f"{shape[:52]:52} {mib:5g} {label:18} rc {rc}  {wall:6.2f} s  CPU {cpu:6.2f} s  "
                    f"{peak:7.1f} MB  out/in {nbytes / size:7.2f}{flag}")
    sink.unlink(missing_ok=True)
    return rows


def table(rows: list[tuple]) -> str:
    head = ("| shape | MiB | command | exit | wall s | CPU s | peak MB | output ÷ input |\n"
            "| --- | --- | --- | --- | --- | --- | --- | --- |\n")
    return head + "".join(f"| {s} | {m:g} | `{c}` | {rc} | {w:.2f} | {u:.2f} | {p:.0f} | {r:.2f} |\n"
                          for s, m, c, rc, w, u, p, r in rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mib", type=float, nargs="+", default=[1.0])
    ap.add_argument("--only", default="", help="only the commands whose label starts with this")
    ap.add_argument("--write", action="store_true", help="write benchmarks/limits.md")
    ap.add_argument("--python", help="an interpreter with an older scorekeep installed, to measure instead")
    args = ap.parse_args()
    load = os.getloadavg()[0]
    rows = run(args.mib, args.only, lambda line: print(line, flush=True), args.python)
    worst = max(rows, key=lambda r: r[5]), max(rows, key=lambda r: r[6]), max(rows, key=lambda r: r[7])
    summary = (f"Slowest: `{worst[0][2]}` on {worst[0][0]} ({worst[0][5]:.2f} s CPU); largest: `{worst[1][2]}` "
               f"on {worst[1][0]} ({worst[1][6]:.0f} MB); widest output: `{worst[2][2]}` on {worst[2][0]} "
               f"({worst[2][7]:.1f} times its input).")
    print(summary)
    if args.write:
        text = (f"# Every command on adversarial records\n\nMachine: {platform.machine()}, {os.cpu_count()} cores, "
                f"Python {platform.python_version()}; load average {load:.2f} at the start, "
                f"{os.getloadavg()[0]:.2f} at the end (a shared machine: wall times are inflated by the "
                f"load; CPU time is what an idle machine waits). One run each; bounds: {WALL_S:g} s, "
                f"{PEAK_MB:g} MB peak resident memory.\n\n{summary}\n\n" + table(rows) + NOTES)
        (ROOT / "benchmarks" / "limits.md").write_text(text, encoding="utf-8")

if __name__ == "__main__":
    main()
