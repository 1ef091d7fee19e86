"""`scorekeep check`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from .common import CheckFormat, _fail, _internal, _out, app


@app.command()
def check(
    files: list[Path] = typer.Argument(..., metavar="FILE...", help="Record files (YAML).",
                                       show_default=False),
    format: CheckFormat = typer.Option(CheckFormat.text, "--format", "-f", help="text or json."),
    rule: Optional[list[str]] = typer.Option(None, "--rule", "-r", metavar="KEY=VALUE", show_default=False,
                                             help="Check under another house rule (repeatable) and say which "
                                                  "violations that adds or removes, e.g. --rule hook=false."),
) -> None:
    """Check records against the rules and list every violation.

    Each violation names its rule id, where it happened (hand, trick, player …, and the
    file's line) and why, in terms of what was allowed at that moment.

    \b
    Examples:
      scorekeep check game.yaml
      scorekeep check archive/*.yaml --format json
      scorekeep check game.yaml --rule hook=false
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
    overrides = _overrides(rule)
    for i, path in enumerate(files, 1):
        try:
            rep = check_file(str(path), overrides)
            changes = _changes(rep) if overrides and rep.audit is not None else None
        except Exception as e:  # noqa: BLE001 - a bug must not print a traceback at a card table
            _internal(str(path), e)
        tally.add(rep)
        if format is CheckFormat.json:
            doc = rep.to_json()
            if changes is not None:
                chosen = {k: rep.audit.header.options[k] for k in overrides}
                doc["what_if"] = {"rules": chosen, "violations_added": [v.to_json() for v in changes[0]],
                                  "violations_removed": [v.to_json() for v in changes[1]]}
            docs.append(render.file_json(doc))
            continue
        lines = []
        if rep.audit is not None:
            lines += [render.finding_line(rep.path, v) for v in rep.audit.violations]
            lines += [render.finding_line(rep.path, e, "event ") for e in rep.audit.events]
        if changes is not None:
            from . import whatif_view

            lines.append(f"{rep.path}: what if {whatif_view.rules_text(overrides)}? compared with the record's own rules:")
            lines += whatif_view.violation_lines(rep.path, *changes)
        if progress and (lines or rep.error is not None):
            progress.clear()
        if lines:
            _out("\n".join(lines))
        if rep.error is not None:
            sys.stderr.write(f"{rep.error}\n")
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


def _overrides(rule: list[str] | None) -> dict[str, str]:
    """`--rule KEY=VALUE` options as {key: value} (exit 2 when one is not KEY=VALUE)."""
    from ..errors import InputError
    from ..whatif import parse_pairs

    try:
        return parse_pairs(rule or ())
    except InputError as e:
        _fail(e.message)


def _changes(rep):  # type: ignore[no-untyped-def]
    """(added, removed) violations compared with the record's own rules."""
    from ..whatif import against_own

    return against_own(rep.path, rep.audit)


class _Tally:
    """Counts for the closing line of `check`."""

    def __init__(self) -> None:
        self.files = self.bad = self.violations = self.unreadable = self.events = 0

    def add(self, rep) -> None:  # type: ignore[no-untyped-def]
        self.files += 1
        if rep.error is not None:
            self.unreadable += 1
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
            parts.append(f"{self.unreadable} unreadable")
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
