"""Snapshot `scorekeep check --format json` on every record under tests/records and samples/, to
compare a change against (a refactor must keep it byte-identical).

    python benchmarks/check_outputs.py OUT_DIR        # write one .json (stdout+exit code) per record
    diff -r BEFORE_DIR AFTER_DIR                      # nothing: byte-identical
"""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def records() -> list[Path]:
    return sorted([*(ROOT / "tests" / "records").rglob("*.yaml"), *(ROOT / "samples").rglob("*.yaml")])


def snap(path: Path, out: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "scorekeep", "check", "--format", "json", str(path)],
                         capture_output=True, cwd=ROOT)
    name = str(path.relative_to(ROOT)).replace("/", "__")
    (out / f"{name}.out").write_bytes(run.stdout + b"\n--- stderr\n" + run.stderr + f"\n--- exit {run.returncode}\n".encode())


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda p: snap(p, out), records()))
    print(f"{len(records())} records -> {out}")


if __name__ == "__main__":
    main()
