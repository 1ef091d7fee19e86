"""The `scorekeep` command: load records, call the library, render, map outcomes to exit codes
(listed in `scorekeep --help`: `common.main_options`).

Each command lives in its own module (`check_cmd.py`, `score_cmd.py`, …) and registers itself
on the one Typer `app` from `common.py`; heavy imports stay inside the command functions.
`scorekeep CMD …` imports only CMD's module (start-up is paid per command, not for all
eleven); `--help`, completion and `scorekeep.cli.app` register them all.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

COMMANDS = ("check", "score", "replay", "why", "stats", "rules", "demo", "new", "play", "add", "serve")
"""Every command, in the order `--help` lists them; each is `scorekeep/cli/<name>_cmd.py`."""

__all__ = ["COMMANDS", "app", "main"]


def _register(names: tuple[str, ...] = COMMANDS) -> Any:
    for name in names:
        importlib.import_module(f"{__name__}.{name}_cmd")
    from .common import app

    return app


def __getattr__(name: str) -> Any:
    # `from scorekeep.cli import app` (tests, other drivers): the app with every command
    if name == "app":
        return _register()
    raise AttributeError(name)


def main() -> None:
    """Console-script entry point (and `python -m scorekeep`)."""
    import gc

    # Reading and judging make many objects that live until the record is done, and almost no
    # cycles: the young generation is collected every 50,000 new objects rather than 700 (a
    # seventh less CPU time to check an archive).
    gc.set_threshold(50_000)
    from .common import run

    wanted = sys.argv[1] if len(sys.argv) > 1 else ""
    _register((wanted,) if wanted in COMMANDS else COMMANDS)
    try:
        run()
    finally:
        # The process ends here: the interpreter's exit then collects over every object the
        # command and Typer made (12-17 ms of a demo's 100, CPU; ending in os._exit saves the
        # same). Nothing left needs it: the output is flushed, files are closed, atexit still
        # runs and the system frees the memory; frozen objects are left out of those passes.
        gc.freeze()
