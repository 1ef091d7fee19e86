"""The `scorekeep` command: load records, call the library, render, map outcomes to exit codes.

Exit codes: 0 no violations, 1 rule violations, 2 unreadable input (file:line message),
3 an internal error (a bug in scorekeep: please report it).

Each command lives in its own module (`check_cmd.py`, `score_cmd.py`, …) and registers itself
on the one Typer `app` from `common.py`; heavy imports stay inside the command functions.
"""

from __future__ import annotations

from . import check_cmd, demo_cmd, replay_cmd, rules_cmd, score_cmd, stats_cmd  # noqa: F401  (register commands)
from .common import app

__all__ = ["app", "main"]


def main() -> None:
    """Console-script entry point."""
    app()
