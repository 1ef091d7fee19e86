"""The `scorekeep` command: load records, call the library, render, map outcomes to exit codes.

Exit codes: 0 no violations, 1 rule violations, 2 unreadable input (file:line message),
3 an internal error (a bug in scorekeep: please report it), 4 the output could not be
written; a closed pipe ends quietly with 141.

Each command lives in its own module (`check_cmd.py`, `score_cmd.py`, …) and registers itself
on the one Typer `app` from `common.py`; heavy imports stay inside the command functions.
"""

from __future__ import annotations

from . import (  # noqa: F401  (register commands)
    add_cmd,
    check_cmd,
    demo_cmd,
    new_cmd,
    play_cmd,
    replay_cmd,
    rules_cmd,
    score_cmd,
    stats_cmd,
    why_cmd,
)
from .common import app, run

__all__ = ["app", "main"]


def main() -> None:
    """Console-script entry point (and `python -m scorekeep`)."""
    run()
