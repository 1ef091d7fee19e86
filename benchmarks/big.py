"""Benchmarks: the largest records the reader accepts (1 MiB), worst shapes first.

    python benchmarks/big.py                   # build the files (once), time `check` on each
    python benchmarks/big.py --mib 0.25 0.5 1  # also smaller sizes, to see that time is linear
    python benchmarks/big.py --write           # also write benchmarks/big.md
    python benchmarks/big.py --against /tmp/old/REV   # also time an older tree (`git archive REV`
                                               # unpacked there) in the same rounds: ratios

A record is at most 1 MiB (records.md), and every file the reader accepts should check in time
about linear in its size, in under 5 s and 500 MB on a 2-core machine. Each shape below is one
that once took far longer than its size (a slice per call, a replay per candidate pass, a table
n × n), or simply the longest ordinary match; the last two are many short Daifugō games of random
cards, every turn out of turn (trial readings and, with the deal, legal choices listed from the
hand). Each file is checked by `scorekeep check --format json` in its own process; the figures
are that process's CPU time (user + system) and wall time (what a user waits), medians of the
rounds, and its peak memory (the largest of the rounds).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "big"
MIB = 1024 * 1024


def _fill(head: str, unit: Callable[[int], str], size: int, tail: str = "") -> str:
    """`head`, then `unit(i)` for i = 0, 1, … while the text stays within `size` bytes."""
    parts = [head]
    used = len(head.encode()) + len(tail.encode())
    i = 0
    while True:
        piece = unit(i)
        n = len(piece.encode())
        if used + n > size:
            break
        parts.append(piece)
        used += n
        i += 1
    parts.append(tail)
    return "".join(parts)


def _repeat_hands(text: str, key: str, size: int) -> str:
    """A generated match whose hands (or sets) are repeated until the file is `size` bytes."""
    head, sep, body = text.partition(f"\n{key}:\n")
    items = ["- " + chunk for chunk in body.split("\n- ") if chunk.strip()]
    items[0] = items[0][2:]
    items = [x if x.endswith("\n") else x + "\n" for x in items]
    return _fill(head + sep, lambda i: items[i % len(items)], size)


def _daifugo_game(i: int, deal: bool) -> str:
    """A set of one short Daifugō game, different for each `i`: the spade seat leads, then forty
    turns by players two or three seats on (each a turn out of turn that missing passes would
    explain: a candidate for the readings), a random card or a pass; with `deal`, a shuffled deal
    first, so each weak play lists its legal choices from the hand."""
    import random

    rng = random.Random(i)
    seats = "ABCD"
    deck = [f"{r}{s}" for s in "SHDC" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")]
    first = rng.randrange(4)
    text = f"  - first: {seats[first]}\n    games:\n    - "
    if deal:
        cards = deck[:]
        rng.shuffle(cards)
        cards = cards[2:] + ["JK", "JK"]
        rng.shuffle(cards)
        text += "deal:\n" + "".join(f"        {p}: [{', '.join(cards[13 * k:13 * k + 13])}]\n"
                                    for k, p in enumerate(seats)) + "      plays:\n"
    else:
        text += "plays:\n"
    turns = [(first, rng.choice(deck))]
    for _ in range(40):
        turns.append(((turns[-1][0] + rng.choice((2, 3))) % 4, rng.choice(deck) if rng.random() < 0.7 else "pass"))
    return text + "".join(f"      - {{{seats[k]}: {c}}}\n" for k, c in turns)


def shapes(size: int) -> dict[str, str]:
    """Each worst shape at about `size` bytes."""
    from scorekeep.games.daifugo import demo as daifugo
    from scorekeep.games.oh_hell import demo as oh_hell
    from scorekeep.games.rook import demo as rook

    return {
        "oh-hell: a long match (hands repeated past the pattern)":
            _repeat_hands(oh_hell.game(7).text, "hands", size),
        "oh-hell: one-line hands far past the pattern":
            _fill("game: oh-hell\nplayers: [a, b, c, d]\nhands:\n",
                  lambda i: "  - {cards: 1, bids: {a: 1, b: 0, c: 0, d: 1}, tricks: {a: 1, b: 0, c: 0, d: 0}}\n",
                  size),
        "rook: a long match (hands repeated)":
            _repeat_hands(rook.game(7).text, "hands", size),
        "rook: named calls out of turn":
            _fill("game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n  - bidding:\n",
                  lambda i: "      - {East: 70}\n", size),
        "rook: one card dealt again and again":
            _fill("game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\nhands:\n"
                  "  - deal:\n      North: [R5", lambda i: ", R5", size, "]\n"),
        "daifugo: a long match (sets repeated)":
            _repeat_hands(daifugo.game(7, sets=3).text, "sets", size),
        "daifugo: a lead, then passes by one player":
            _fill("game: daifugo\nplayers: [A, B, C, D]\nsets:\n  - first: A\n    games:\n    - plays:\n"
                  "      - {A: 3H}\n", lambda i: "      - {B: pass}\n", size),
        "any game: a very long list of players":
            _fill("game: oh-hell\nplayers: [", lambda i: f"p{i}, ", size - 8, "p]\nhands:\n"),
        "oh-hell: one-line hands, each its own (random sizes, bids, tricks)":
            _fill("game: oh-hell\nplayers: [Alice, Bob, Carol, Dave]\nhands:\n", _varied_hand(), size),
        "daifugo: short games, each turn out of turn":
            _fill("game: daifugo\nplayers: [A, B, C, D]\nsets:\n", lambda i: _daifugo_game(i, False), size),
        "daifugo: short games dealt, each turn out of turn":
            _fill("game: daifugo\nplayers: [A, B, C, D]\nsets:\n", lambda i: _daifugo_game(i, True), size),
    }


def _varied_hand() -> Callable[[int], str]:
    """One-line Oh Hell hands that differ from each other, as a real long sheet's do (a fixed
    seed: the same file every time)."""
    import random

    rng = random.Random(13)
    names = ("Alice", "Bob", "Carol", "Dave")

    def unit(_i: int) -> str:
        cards = rng.randint(1, 10)
        took = [0] * 4
        for _ in range(cards):
            took[rng.randrange(4)] += 1
        bids = ", ".join(f"{p}: {rng.randint(0, cards)}" for p in names)
        tricks = ", ".join(f"{p}: {t}" for p, t in zip(names, took))
        return f"  - {{cards: {cards}, bids: {{{bids}}}, tricks: {{{tricks}}}}}\n"

    return unit


def build(mib: float) -> dict[str, Path]:
    OUT.mkdir(parents=True, exist_ok=True)
    size = int(mib * MIB) - 64
    files: dict[str, Path] = {}
    for k, (name, text) in enumerate(shapes(size).items()):
        path = OUT / f"{k}-{mib:g}mib.yaml"
        if not path.exists():
            path.write_text(text, encoding="utf-8")
        files[name] = path
    return files


_MEASURE = """
import os, resource, subprocess, sys, time
start = time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
wall = time.perf_counter() - start
t = os.times()
print(t.children_user + t.children_system, wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def measure(cmd: list[str], tree: Path = ROOT) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak MiB) of one run of `cmd` with the package of `tree`, output
    discarded. A small process runs it, so that the peak memory is this run's alone; it runs in an
    empty directory, since `python -m` puts the working directory first on the path."""
    import tempfile

    env = {**os.environ, "PYTHONPATH": str(tree)}
    with tempfile.TemporaryDirectory() as empty:
        out = subprocess.run([sys.executable, "-c", _MEASURE, *cmd], capture_output=True, text=True, check=True,
                             cwd=empty, env=env)
    cpu, wall, kib = out.stdout.split()
    return float(cpu), float(wall), int(kib) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mib", type=float, nargs="+", default=[1.0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--against", type=Path, help="an older tree to time in the same rounds (old, then this one)")
    args = ap.parse_args()
    cmd = [sys.executable, "-m", "scorekeep", "check", "--format", "json"]
    floor: list[float] = []  # the start-up floor, timed in every round: how fast the machine is now
    rows = []
    for mib in args.mib:
        for name, path in build(mib).items():
            runs, old = [], []
            for k in range(args.runs):
                floor.append(measure([sys.executable, "-c", "import typer, yaml"])[1])
                # The two trees take turns at going first: the second run of a pair was found slower
                # (up to 1.3× with the same instruction count), which ratios would otherwise carry.
                if args.against and k % 2 == 0:
                    old.append(measure([*cmd, str(path)], args.against))
                runs.append(measure([*cmd, str(path)]))
                if args.against and k % 2 == 1:
                    old.append(measure([*cmd, str(path)], args.against))
            cpu = statistics.median(r[0] for r in runs)
            wall = statistics.median(r[1] for r in runs)
            peak = max(r[2] for r in runs)
            row = [name, f"{path.stat().st_size / MIB:.2f}", f"{cpu:.2f}", f"{wall:.2f}", f"{peak:.0f}"]
            if args.against:
                was = statistics.median(r[0] for r in old)
                was_wall = statistics.median(r[1] for r in old)
                row += [f"{was:.2f}", f"{cpu / was:.2f}", f"{was_wall:.2f}", f"{wall / was_wall:.2f}",
                        f"{max(r[2] for r in old):.0f}"]
            rows.append(tuple(row))
            print("  ".join(row), flush=True)
    if args.write:
        lines = ["# Largest records: `check` time", "",
                 f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
                 f"median of {args.runs} runs, each a whole `check --format json` process. "
                 "Aim: under 5 s and 500 MB at 1 MiB, the largest record accepted.",
                 "", "| shape | MiB | CPU s | wall s | peak memory MiB |", "| --- | --- | --- | --- | --- |"]
        if args.against:
            lines[-2] = ("| shape | MiB | CPU s | wall s | peak memory MiB | older tree: CPU s | ÷ older | "
                         "older: wall s | wall ÷ older | older: peak MiB |")
            lines[-1] = "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
            rev = subprocess.run(["git", "-C", str(args.against), "rev-parse", "--short", "HEAD"],
                                 capture_output=True, text=True).stdout.strip() or args.against.name
            lines[2] += (f" The older tree (at {rev}) is timed in the same rounds, before this one in odd rounds and "
                         "after it in even ones: this machine's speed drifts, so only those ratios compare.")
        lines[2] += (f" The start-up floor, `python -c \"import typer, yaml\"`, timed in every round: "
                     f"{statistics.median(floor):.3f} s wall (median), a measure of how fast the machine ran.")
        lines += [f"| {' | '.join(r)} |" for r in rows]
        (ROOT / "benchmarks" / "big.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
