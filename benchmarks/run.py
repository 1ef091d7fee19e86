"""Benchmarks: how fast scorekeep audits an archive and starts, against the floors.

    python benchmarks/run.py                    # build the archive if needed, time, print figures
    python benchmarks/run.py --write            # also write benchmarks/figures.md
    python benchmarks/run.py --against REV      # also time `check` of git revision REV, same run

1. Archive audit: `scorekeep check` over generated records (500 Oh Hell games, 500 Rook
   games, 100 Daifugō sets) against three floors, each PyYAML's C loader (libyaml) over the
   same files: the full load into Python objects (`yaml.load`), composing line-tracked nodes
   (`yaml.compose`: what a line-tracked reader must at least do) and the bare event stream
   (`yaml.parse`: what any Python reader built on libyaml pays). The aim: within 1.3x of the
   compose floor. These are CPU seconds of the process (user + system), which is its time on
   one core, and hold steady on a shared machine where wall time does not.
2. Start-up: `scorekeep --help`, checking one small file, `demo` of each game (printed and
   written with `-o`) and `add` of one hand, each against `python -c "import typer, yaml"`
   (wall time); the aim is within 1.5x.

Every figure is a whole process, timed several times; the median is quoted, and ratios are
taken run by run (each command in turn, every run) so that a drifting machine cancels out.
With `--against`, the revision's own `check` (from `git archive`, run from a temporary
directory) is timed in the same rounds, so before and after are side by side.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "benchmarks" / "archive"
SIZES = {"oh-hell": 500, "rook": 500, "daifugo": 100}
GAMES = ("oh-hell", "rook", "daifugo")

FLOORS = {
    "load": ("C loader: full load (`yaml.load`)", "yaml.load(f, Loader=Loader)"),
    "compose": ("C loader: line-tracked nodes (`yaml.compose`)", "yaml.compose(f, Loader=Loader)"),
    "events": ("libyaml events (`yaml.parse`)", "collections.deque(yaml.parse(f, Loader=Loader), 0)"),
}


def floor(what: str) -> str:
    """A script that does only `what` to each file named on its command line."""
    return f"""
import collections, sys, yaml
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        {FLOORS[what][1]}
"""


ARCHIVE_FROM = "ec6a19f"
"""The revision whose generators make the archive (issue 23: the archive as ec6a19f's own
generator makes it), so that the generators may change without changing what is timed."""

_GENERATE = """
import importlib, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
out, sizes = Path(sys.argv[2]), dict(zip(sys.argv[3::2], map(int, sys.argv[4::2])))
for game, count in sizes.items():
    mod = game.replace("-", "_")
    try:  # a game's package holds its generator now; older revisions kept it in scorekeep.generate
        gen = importlib.import_module(f"scorekeep.games.{mod}.demo")
    except ImportError:
        gen = importlib.import_module(f"scorekeep.generate.{mod}")
    for seed in range(count):
        path = out / f"{game}-{seed:04d}.yaml"
        if not path.exists():
            path.write_text(gen.game(seed).text, encoding="utf-8")
"""


def build_archive(force: bool = False, rev: str = ARCHIVE_FROM) -> list[Path]:
    """Generated records, one match per file, made once (by revision `rev`'s generators, or this
    tree's where git does not know `rev`), then reused."""
    if force and ARCHIVE.exists():
        shutil.rmtree(ARCHIVE)
    ARCHIVE.mkdir(parents=True, exist_ok=True)
    paths = [ARCHIVE / f"{game}-{seed:04d}.yaml" for game, count in SIZES.items() for seed in range(count)]
    if all(p.exists() for p in paths):
        return paths
    tree, tmp = ROOT, None
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "scorekeep"], check=True,
                                 capture_output=True).stdout
        tmp = Path(tempfile.mkdtemp(prefix="scorekeep-gen-"))
        subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
        tree = tmp
    except (OSError, subprocess.CalledProcessError):
        print(f"(git does not know {rev}: the archive is made by this tree's generators)")
    try:
        sizes = [str(x) for game, count in SIZES.items() for x in (game, count)]
        subprocess.run([sys.executable, "-c", _GENERATE, str(tree), str(ARCHIVE), *sizes], check=True)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return paths


def scorekeep() -> list[str]:
    exe = shutil.which("scorekeep", path=str(Path(sys.executable).parent)) or shutil.which("scorekeep")
    return [exe] if exe else [sys.executable, "-c", "from scorekeep.cli import main; main()"]


def timed(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one whole process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, _status, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def rounds(cmds: dict[str, list[str]], runs: int, cpu: bool,
           setup: dict[str, Callable[[], None]] | None = None) -> dict[str, list[float]]:
    """Each command once per round, in turn, for `runs` rounds (after one warm-up round);
    `setup[k]`, if given, runs (untimed) before each run of command `k`. `out[k + " cpu"]` also
    holds the CPU seconds when `cpu` is false (wall time is asked for)."""
    setup = setup or {}
    for k, cmd in cmds.items():  # warm the page cache and the .pyc files
        if k in setup:
            setup[k]()
        timed(cmd)
    out: dict[str, list[float]] = {k: [] for k in cmds}
    if not cpu:
        out.update({f"{k} cpu": [] for k in cmds})
    for _ in range(runs):
        for k, cmd in cmds.items():
            if k in setup:
                setup[k]()
            wall, used = timed(cmd)
            out[k].append(used if cpu else wall)
            if not cpu:
                out[f"{k} cpu"].append(used)
    return out


def ratio(ta: list[float], tb: list[float]) -> float:
    """The median of the run-by-run ratios A/B."""
    return statistics.median(x / y for x, y in zip(ta, tb))


def compile_bytecode(folder: Path) -> None:
    """Write the bytecode of the package, as `pip install` does: where PYTHONDONTWRITEBYTECODE
    is set (as on some machines) an editable or unpacked tree would otherwise be compiled anew
    in every timed start-up, which no installed copy pays."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(folder)], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def baseline(rev: str) -> tuple[list[str], Path]:
    """A command running `scorekeep` as of git revision `rev`, unpacked in a temporary directory."""
    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix="scorekeep-bench-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "scorekeep"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
    compile_bytecode(tmp / "scorekeep")
    code = f"import sys; sys.path.insert(0, {str(tmp)!r}); from scorekeep.cli import main; main()"
    return [sys.executable, "-c", code], tmp


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rebuild", action="store_true", help="regenerate the archive")
    ap.add_argument("--archive-from", metavar="REV", default=ARCHIVE_FROM,
                    help=f"the revision whose generators make the archive (default {ARCHIVE_FROM})")
    ap.add_argument("--write", action="store_true", help="write benchmarks/figures.md")
    ap.add_argument("--against", metavar="REV", action="append", default=[],
                    help="also time `check` as of this git revision (may be given more than once)")
    ap.add_argument("--only", choices=("archive", "startup"),
                    help="time only the archive audit or only the start-ups (figures.md is not written)")
    args = ap.parse_args()
    if args.only:
        args.write = False

    files = build_archive(args.rebuild, args.archive_from)
    names = [str(p) for p in files]
    size = sum(p.stat().st_size for p in files)
    sk = scorekeep()
    compile_bytecode(ROOT / "scorekeep")
    small = str(ROOT / "samples" / "oh-hell-seed-example.yaml")
    # one process (`--jobs 1`): the aim is per core; the process pool is measured elsewhere
    cmds = {"check": [*sk, "check", "--jobs", "1", "--format", "json", *names]}
    old_dirs = []
    for rev in args.against if args.only != "startup" else ():
        old, old_dir = baseline(rev)
        old_dirs.append(old_dir)
        # `--jobs 1` where the revision has it (a process pool came later)
        cli_text = "".join(p.read_text(encoding="utf-8") for p in (old_dir / "scorekeep" / "cli").glob("*.py"))
        jobs = ["--jobs", "1"] if '"--jobs"' in cli_text else []
        cmds[f"at {rev}"] = [*old, "check", *jobs, "--format", "json", *names]
    for what in FLOORS:
        cmds[what] = [sys.executable, "-c", floor(what), *names]
    if args.only == "startup":
        cmds = {}
    try:
        t = rounds(cmds, args.runs, cpu=True)
    finally:
        for old_dir in old_dirs:
            shutil.rmtree(old_dir, ignore_errors=True)
    med = {k: statistics.median(v) for k, v in t.items()}
    archive_rows = []
    for who, label in (("check", "check (this tree)"), *((f"at {r}", f"check at {r}") for r in args.against)):
        if who not in t:
            continue
        cells = [f"{med[who]:.2f}"] + [f"{ratio(t[who], t[f]):.2f}" for f in ("compose", "events", "load")]
        archive_rows.append(f"| {label} | " + " | ".join(cells) + " |")
    floor_rows = [f"| {FLOORS[f][0]} | {med[f]:.2f} |" for f in FLOORS if f in med]
    for rev in args.against:  # this tree's check against the revision's, round by round
        if "check" in t and f"at {rev}" in t:
            archive_rows.append(f"| check (this tree) / check at {rev} | {ratio(t['check'], t[f'at {rev}']):.2f} "
                                "| | | |")

    start_rows = []
    bare = [sys.executable, "-c", "import typer, yaml"]
    scratch = Path(tempfile.mkdtemp(prefix="scorekeep-bench-"))
    # `add`: the 19th hand of the full sample entered into the first 18 (a fresh copy each run)
    full = (ROOT / "samples" / "oh-hell-full-game.yaml").read_text(encoding="utf-8")
    entry = scratch / "entry.yaml"
    add_args = ["--cards", "10", "--dealer", "Chloé", "--trump", "clubs", "--bids", "Dev=2,Ana=1,Ben=3,Chloé=5",
                "--tricks", "Ana=1,Ben=2,Chloé=5,Dev=2", "--scores", "Ana=11,Ben=0,Chloé=15,Dev=12"]
    startups: list[tuple[str, list[str], Callable[[], None] | None]] = [
        ("scorekeep --help", [*sk, "--help"], None),
        ("scorekeep check one small file", [*sk, "check", small], None)]
    for game in GAMES:
        startups.append((f"scorekeep demo {game}", [*sk, "demo", game], None))
        startups.append((f"scorekeep demo {game} -o FILE", [*sk, "demo", game, "-o", str(scratch / "demo.yaml"),
                                                            "--force"], None))
    startups.append(("scorekeep add (a hand, 19th of a sheet)", [*sk, "add", str(entry), *add_args],
                     lambda: entry.write_text(full[:full.rindex("  - cards:")], encoding="utf-8")))
    if args.only == "archive":
        startups = []
    try:
        for what, cmd, prepare in startups:
            w = rounds({"a": cmd, "b": bare}, args.runs * 2, cpu=False, setup={"a": prepare} if prepare else None)
            start_rows.append(f"| {what} | python -c 'import typer, yaml' | {statistics.median(w['a']):.3f} | "
                              f"{statistics.median(w['b']):.3f} | {ratio(w['a'], w['b']):.2f} | "
                              f"{ratio(w['a cpu'], w['b cpu']):.2f} | ≤ 1.5 |")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    import yaml

    counts = {g: sum(1 for p in files if p.name.startswith(g)) for g in SIZES}
    lines = [
        "# Benchmark figures",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"PyYAML {yaml.__version__} ({'C loader' if hasattr(yaml, 'CSafeLoader') else 'pure Python'}); "
        f"median of {args.runs} rounds (start-up: {args.runs * 2}), whole processes.",
        f"Archive: {', '.join(f'{n} {g}' for g, n in counts.items())} generated records "
        f"({len(files)} files, {size / 1e6:.1f} MB); `check --jobs 1 --format json` over all of them "
        "(a revision without `--jobs` runs in one process anyway).",
        "",
        "Archive audit, CPU seconds (user + system: the time on one core); ratios are medians of "
        "the round-by-round ratios. Aim: check within 1.3x of the compose floor.",
        "",
        "| measured | CPU s | / compose floor | / event floor | / full load |",
        "| --- | --- | --- | --- | --- |",
        *archive_rows,
        "",
        "| floor (same files) | CPU s |",
        "| --- | --- |",
        *floor_rows,
        "",
        "Start-up, wall seconds, and the same ratio in CPU seconds (steadier on a shared machine; it",
        "leaves out waits for the disk, which `-o`'s fsyncs add):",
        "",
        "| measured (A) | floor (B) | A median s | B median s | A/B (median of pairs) | A/B in CPU s | aim |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        *start_rows,
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        (ROOT / "benchmarks" / "figures.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
