"""Benchmarks: how fast scorekeep audits an archive and starts, against the floors.

    python benchmarks/run.py            # build the archive if needed, time, print figures
    python benchmarks/run.py --write    # also write benchmarks/figures.md

1. Archive audit: `scorekeep check` over generated records (500 Oh Hell games, 500 Rook
   games, 100 Daifugō sets) against PyYAML's C loader just parsing the same files — the
   parse is the floor; the aim is within 1.5x of it.
2. Start-up: `scorekeep --help` and checking one small file against
   `python -c "import typer, yaml"`; the aim is within 1.3x.

Every figure is a whole process, timed several times; the median is quoted, and ratios
are taken run by run (A then B, alternately) so that a drifting machine cancels out.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "benchmarks" / "archive"
SIZES = {"oh-hell": 500, "rook": 500, "daifugo": 100}
GENERATORS = {"oh-hell": "scorekeep.generate.oh_hell", "rook": "scorekeep.generate.rook",
              "daifugo": "scorekeep.generate.daifugo"}

PARSE_ONLY = """
import sys, yaml
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        yaml.load(f, Loader=Loader)
"""


def build_archive(force: bool = False) -> list[Path]:
    """Generated records, one match per file (made once, then reused)."""
    if force and ARCHIVE.exists():
        shutil.rmtree(ARCHIVE)
    ARCHIVE.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    for game, count in SIZES.items():
        try:
            gen = importlib.import_module(GENERATORS[game])
        except ImportError:
            print(f"(no generator for {game} yet: left out of the archive)")
            continue
        for seed in range(count):
            path = ARCHIVE / f"{game}-{seed:04d}.yaml"
            if not path.exists():
                path.write_text(gen.game(seed).text, encoding="utf-8")
            files.append(path)
    return files


def scorekeep() -> list[str]:
    exe = shutil.which("scorekeep", path=str(Path(sys.executable).parent)) or shutil.which("scorekeep")
    return [exe] if exe else [sys.executable, "-c", "from scorekeep.cli import main; main()"]


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def pair(a: list[str], b: list[str], runs: int) -> tuple[float, float, float]:
    """Median seconds of A, of B, and the median of the run-by-run ratios A/B."""
    timed(a), timed(b)  # warm the page cache and the .pyc files
    ta, tb = [], []
    for _ in range(runs):
        ta.append(timed(a))
        tb.append(timed(b))
    return statistics.median(ta), statistics.median(tb), statistics.median(x / y for x, y in zip(ta, tb))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rebuild", action="store_true", help="regenerate the archive")
    ap.add_argument("--write", action="store_true", help="write benchmarks/figures.md")
    args = ap.parse_args()

    files = build_archive(args.rebuild)
    names = [str(p) for p in files]
    size = sum(p.stat().st_size for p in files)
    sk = scorekeep()
    small = str(ROOT / "samples" / "oh-hell-seed-example.yaml")
    rows = []
    a, b, r = pair([*sk, "check", "--format", "json", *names], [sys.executable, "-c", PARSE_ONLY, *names],
                   args.runs)
    rows.append((f"check {len(files)} files ({size / 1e6:.1f} MB)", "C loader parse of the same files", a, b, r,
                 1.5))
    floor = [sys.executable, "-c", "import typer, yaml"]
    a, b, r = pair([*sk, "--help"], floor, args.runs * 2)
    rows.append(("scorekeep --help", "python -c 'import typer, yaml'", a, b, r, 1.3))
    a, b, r = pair([*sk, "check", small], floor, args.runs * 2)
    rows.append(("scorekeep check one small file", "python -c 'import typer, yaml'", a, b, r, 1.3))

    import yaml

    counts = {g: sum(1 for p in files if p.name.startswith(g)) for g in SIZES}
    lines = [
        "# Benchmark figures",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"PyYAML {yaml.__version__} ({'C loader' if hasattr(yaml, 'CSafeLoader') else 'pure Python'}); "
        f"median of {args.runs} runs (start-up: {args.runs * 2}), whole processes.",
        f"Archive: {', '.join(f'{n} {g}' for g, n in counts.items())} generated records.",
        "",
        "| measured (A) | floor (B) | A median s | B median s | A/B (median of pairs) | aim |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for what, base, ta, tb, ratio, aim in rows:
        lines.append(f"| {what} | {base} | {ta:.3f} | {tb:.3f} | {ratio:.2f} | ≤ {aim} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        (ROOT / "benchmarks" / "figures.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
