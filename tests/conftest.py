"""Shared test helpers: audit a record file or text, and run the CLI in-process."""

from __future__ import annotations

import gc
import os
import random
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from scorekeep import api
from scorekeep.errors import Finding, InputError
from scorekeep.game import Audit

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's safe dumper where PyYAML has it: the tests that write mutated records back to text
spent most of their time in the pure-Python one (the same YAML, read back the same)."""
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML has it, as scorekeep reads records (scorekeep/yamlio.py): the
same resolvers and constructors as the pure-Python one, which is many times slower."""

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
SAMPLES = ROOT / "samples"


def _compile_the_package_once() -> None:
    """Where no bytecode is written (PYTHONDONTWRITEBYTECODE=1, as here and under CI), each of the
    hundreds of processes the tests start (the CLI, `play`, `serve`, the workers) compiled the
    package from source again. Compiled once at the start of the session instead (what Python
    does by default), and the bytecode directories made for it removed at its end. The same
    code either way; reading bytecode is allowed under PYTHONDONTWRITEBYTECODE."""
    if not sys.dont_write_bytecode or os.environ.get("PYTEST_XDIST_WORKER"):
        return  # (Python writes it itself; or an xdist worker, whose controller compiled it)
    import atexit
    import compileall
    import shutil

    package = ROOT / "scorekeep"
    made = [d / "__pycache__" for d in (package, *package.rglob("*")) if d.is_dir() and d.name != "__pycache__"
            and not (d / "__pycache__").exists() and any(d.glob("*.py"))]
    compileall.compile_dir(str(package), quiet=2)
    atexit.register(lambda: [shutil.rmtree(d, True) for d in made])


_compile_the_package_once()


THOROUGH = os.environ.get("SCOREKEEP_THOROUGH") == "1"
"""Every case of the sampled tests, not a sample (benchmarks/thorough.py sets it)."""


def sample(cases: Iterable[object], k: int, *, keep: Iterable[object] = ()) -> list:
    """`k` of `cases` in their order, the same ones on every run (seeded): the suite's share of a
    test's thousands of cases, sized to its time budget; every case under SCOREKEEP_THOROUGH=1.
    `keep`: cases always included (the ones that reach a rare rule)."""
    cases = list(cases)
    if THOROUGH or k >= len(cases):
        return cases
    keep = set(keep)
    rest = [i for i, c in enumerate(cases) if c not in keep]
    chosen = set(random.Random(len(cases)).sample(rest, max(0, k - (len(cases) - len(rest)))))
    return [c for i, c in enumerate(cases) if c in keep or i in chosen]


def record(relpath: str) -> Path:
    """A record file under tests/records/ (e.g. `oh-hell/hook.yaml`)."""
    path = RECORDS / relpath
    assert path.exists(), path
    return path


def audit(relpath: str) -> Audit:
    return api.audit(api.load(str(record(relpath))))


def audit_text(text: str) -> Audit:
    return api.audit(api.load(text=text))


def time_ratio(small: str, big: str, check: Callable[[str, Audit], object] | None = None) -> float:
    """How many times longer the `big` record text takes to audit than the `small` one: CPU time,
    the small one's best of two runs after one to warm the caches, the big one's single run (and
    its best of two when that run looks slow: a busy moment). `check(text, audit)` asserts on each
    audit. Linear time gives about the ratio of their sizes, quadratic its square."""

    def seconds(text: str) -> float:
        # The collector's full passes grow with the heap, and the pytest process holds a large
        # one; the CLI raises the threshold for that (main()). Timed without it, the ratio is the
        # algorithm's, not the collector's.
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            a = audit_text(text)
            if check is not None:
                check(text, a)
            return time.process_time() - start
        finally:
            gc.enable()

    seconds(small)
    base = min(seconds(small) for _ in range(2))
    ratio = seconds(big) / base
    if ratio > 1.5 * len(big) / len(small):  # slower than linear, or a busy moment: once more
        ratio = min(ratio, seconds(big) / base)
    return ratio


def read_error(text: str) -> InputError:
    """The input error a record text raises (fails the test if it reads cleanly)."""
    with pytest.raises(InputError) as info:
        api.audit(api.load(text=text, strict=True))
    return info.value


def found(findings: list[Finding]) -> list[tuple[str, dict]]:
    """(rule id, location) pairs, for comparing against expected tables."""
    return [(f.rule, f.location()) for f in findings]


def rules_of(findings: list[Finding]) -> list[str]:
    return [f.rule for f in findings]


@dataclass
class Run:
    code: int
    out: str
    err: str



def daifugo_legal_moves_held_to_the_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make every `Position.legal_moves()` call (Daifugō) assert that it gives exactly the candidates
    the first-failing-check ruling passes; the list returned grows with each call's move count."""
    from scorekeep.engine import first_excluding
    from scorekeep.games.daifugo import engine

    real = engine.Position.legal_moves
    asked: list[int] = []

    def compared(pos: engine.Position) -> list[engine.Move]:
        got = real(pos)
        p = pos.to_act
        want = [m for m in pos.candidates(p) if first_excluding(pos.filters(m), pos, m) is None] if p else []
        assert got == want
        asked.append(len(got))
        return got

    monkeypatch.setattr(engine.Position, "legal_moves", compared)
    return asked

def cli(*args: str) -> Run:
    from scorekeep.cli import app

    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)
