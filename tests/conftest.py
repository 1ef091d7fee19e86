"""Shared test helpers: audit a record file or text, and run the CLI in-process."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeep import api
from scorekeep.errors import Finding, InputError
from scorekeep.game import Audit

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
SAMPLES = ROOT / "samples"


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
    the best of two runs each after one to warm the caches. `check(text, audit)` asserts on each
    audit. Linear time gives about the ratio of their sizes, quadratic its square."""

    def seconds(text: str) -> float:
        start = time.process_time()
        a = api.audit(api.load(text=text))
        if check is not None:
            check(text, a)
        return time.process_time() - start

    seconds(small)
    return min(seconds(big) for _ in range(2)) / min(seconds(small) for _ in range(2))


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


def cli(*args: str) -> Run:
    from scorekeep.cli import app

    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)
