"""`scorekeep check`."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .common import CheckFormat, _internal, _out, app


@app.command()
def check(
    files: list[Path] = typer.Argument(..., metavar="FILE...", help="Record files (YAML).",
                                       show_default=False),
    format: CheckFormat = typer.Option(CheckFormat.text, "--format", "-f", help="text or json."),
) -> None:
    """Check records against the rules and list every violation.

    Each violation names its rule id, where it happened (hand, trick, player …, and the
    file's line) and why, in terms of what was allowed at that moment.

    \b
    Examples:
      scorekeep check game.yaml
      scorekeep check archive/*.yaml --format json
    """
    import gc

    from ..report import check_file
    from . import render

    # An audit makes a great many small tuples that die young by reference counting anyway;
    # collecting every 700 allocations (the default) costs an archive about a fifth of its time.
    gc.set_threshold(10_000, 50, 100)
    # Keep only what the end needs (a file's JSON, or a few counts), never the audits: an
    # archive's audits kept alive make every garbage collection walk all of them.
    docs: list[str] = []
    tally = _Tally()
    progress = _Progress(len(files)) if format is CheckFormat.text else None
    for i, path in enumerate(files, 1):
        try:
            rep = check_file(str(path))
        except Exception as e:  # noqa: BLE001 - a bug must not print a traceback at a card table
            _internal(str(path), e)
        tally.add(rep)
        if format is CheckFormat.json:
            docs.append(render.file_json(rep.to_json()))
            continue
        lines = []
        if rep.audit is not None:
            lines += [render.finding_line(rep.path, v) for v in rep.audit.violations]
            lines += [render.finding_line(rep.path, e, "event ") for e in rep.audit.events]
        if progress and (lines or rep.errors or rep.warnings):
            progress.clear()
        if lines:
            _out("\n".join(lines))
        for w in rep.warnings:
            sys.stderr.write(f"{w}\n")
        for err in rep.errors:
            sys.stderr.write(f"{err}\n")
        if progress:
            progress.show(i)
    if progress:
        progress.clear()
    if format is CheckFormat.json:
        _out(render.files_json(docs))
    else:
        _out(tally.summary())
    if tally.unreadable:
        raise typer.Exit(2)
    if tally.bad:
        raise typer.Exit(1)


class _Tally:
    """Counts for the closing line of `check`."""

    def __init__(self) -> None:
        self.files = self.bad = self.violations = self.unreadable = self.events = self.partial = 0

    def add(self, rep) -> None:  # type: ignore[no-untyped-def]
        self.files += 1
        if rep.errors:
            self.unreadable += 1
            if rep.audit is not None:  # judged up to its first unreadable hand
                self.partial += len(rep.audit.violations)
        elif rep.audit is not None:
            self.bad += bool(rep.audit.violations)
            self.violations += len(rep.audit.violations)
            self.events += len(rep.audit.events)

    def summary(self) -> str:
        n = self.files
        parts = [f"{n - self.bad - self.unreadable} clean"]
        if self.bad:
            parts.append(f"{self.bad} with {self.violations} violation{'s' if self.violations != 1 else ''}")
        if self.unreadable:
            parts.append(f"{self.unreadable} unreadable" + (
                f" ({self.partial} violation{'s' if self.partial != 1 else ''} before the first unreadable part)"
                if self.partial else ""))
        if self.events:
            parts.append(f"{self.events} rule event{'s' if self.events != 1 else ''}")
        return f"{n} file{'s' if n != 1 else ''} checked: " + ", ".join(parts)


class _Progress:
    """`checked 120/500` on the terminal, only when both streams are a terminal (never in JSON
    or piped output), redrawn at most ten times a second."""

    def __init__(self, total: int, stream=None) -> None:  # type: ignore[no-untyped-def]
        self.stream = stream or sys.stderr
        self.total = total
        self.on = total > 1 and self.stream.isatty() and sys.stdout.isatty()
        self.shown = False
        self.last = 0.0

    def show(self, done: int) -> None:
        import time

        now = time.monotonic()
        if self.on and (now - self.last >= 0.1 or done == self.total):
            self.stream.write(f"\rchecked {done}/{self.total}")
            self.stream.flush()
            self.shown = True
            self.last = now

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False
