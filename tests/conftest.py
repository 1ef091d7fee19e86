"""Shared test helpers: audit a record file or text, and run the CLI in-process."""

from __future__ import annotations

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
    return api.audit_file(str(record(relpath)))


def audit_text(text: str) -> Audit:
    return api.audit_text(text)


def read_error(text: str) -> InputError:
    """The input error a record text raises (fails the test if it reads cleanly)."""
    with pytest.raises(InputError) as info:
        api.audit_text(text)
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
