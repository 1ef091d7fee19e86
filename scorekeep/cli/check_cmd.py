"""`scorekeep check`."""

import os
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, Optional

import typer

from .common import STDIN, CheckFormat, TextOrJson, _err, _fail, _internal, _out, _write, app, ascii_output, read_stdin

POOL_MIN_FILES = 24  # below it, starting workers costs more than it saves


@app.command()
def check(
    files: list[Path] = typer.Argument(..., metavar="FILE...", show_default=False,
                                       help="Record files (YAML); a directory means every *.yaml and *.yml "
                                            "in it and below, sorted; `-` reads standard input."),
    format: TextOrJson = CheckFormat.text,
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, show_default=False,
                                       help="Processes to check with [default: every core, for many files]."),
    rule: Optional[list[str]] = typer.Option(None, "--rule", "-r", metavar="KEY=VALUE", show_default=False,
                                             help="Check under another house rule (repeatable) and say which "
                                                  "violations that adds or removes, e.g. --rule hook=false."),
) -> None:
    """Check records against the rules and list every violation.

    Each violation names its rule id, where it happened (hand, trick, player …, and the
    file's line) and why, in terms of what was allowed at that moment. After 100
    violations of one rule in a file, the rest are counted, not listed.

    \b
    Examples:
      scorekeep check game.yaml
      scorekeep check archive/ --format json
      cat game.yaml | scorekeep check -
      scorekeep check game.yaml --rule hook=false
    """
    overrides = _overrides(rule)
    paths = _expand(files)
    stdin = read_stdin() if STDIN in paths else None
    json_out = format is CheckFormat.json
    ascii_only = ascii_output() if json_out else False
    tally = _Tally()
    progress = _Progress(0 if json_out else len(paths))  # (never drawn over JSON)
    if json_out:
        _write('{"files": [\n')
    # Each file's output is written as soon as it (and every file before it) is done: nothing
    # of an archive is held but the counts.
    for i, done in enumerate(_results(paths, stdin, json_out, ascii_only, jobs, overrides), 1):
        if done.internal is not None or done.out or done.error:
            progress.clear()
        if done.internal is not None:
            _internal(done.path, done.internal)
        tally.add(done)
        if json_out:
            _write((",\n" if i > 1 else "") + done.out)
            continue
        if done.out:
            _out(done.out)
        if done.error:  # its warnings and input errors
            _err(done.error)
        progress.show(i)
    progress.clear()
    if json_out:
        _write(("\n" if paths else "") + "]}\n")
    else:
        _out(tally.summary())
    if tally.unreadable:
        raise typer.Exit(2)
    if tally.bad:
        raise typer.Exit(1)


def _overrides(rule: list[str] | None) -> dict[str, str]:
    """`--rule KEY=VALUE` options as {key: value} (exit 2 when one is not KEY=VALUE)."""
    if not rule:  # the usual case: no what-if, nothing to import
        return {}
    from ..errors import InputError
    from ..whatif import parse_pairs

    try:
        return parse_pairs(rule)
    except InputError as e:
        _fail(e.message)


def _expand(files: list[Path]) -> list[str]:
    """The files to check, in argument order: `-` is standard input (once), a directory is
    every record below it, sorted (hidden files and folders left out)."""
    out: list[str] = []
    for f in files:
        name = str(f)
        if name == "-":
            if STDIN in out:
                _fail("`-` (standard input) can be given only once")
            out.append(STDIN)
        elif f.is_dir():
            found = sorted(
                p for p in f.rglob("*")
                if p.suffix.lower() in (".yaml", ".yml")
                and not any(part.startswith(".") for part in p.relative_to(f).parts)
                and p.is_file())
            if not found:
                _fail(f"{name}: no records (*.yaml, *.yml) in this folder")
            out.extend(map(str, found))
        else:
            out.append(name)
    return out


class Done(NamedTuple):
    """One file checked, as the parent needs it: its output, already rendered, and its counts."""

    path: str
    out: str  # text: the violation and event lines; JSON: the file's one-line document
    error: str  # its warnings and input errors, one a line (text output), or ''
    unreadable: bool
    violations: int
    events: int
    internal: str | None = None  # `Type: message` of an exception: a bug, reported as exit 3


def check_one(path: str, stdin: bytes | None, json_out: bool, ascii_only: bool,
              overrides: dict[str, str] | None = None) -> Done:
    """Check one file (`stdin`: what standard input held) and render what `check` prints for it
    (in a worker process or here); with `overrides` (`--rule`), also what they change against
    the record's own rules."""
    from ..errors import shown
    from ..report import check_file
    from ..render import text as render

    data = stdin if path == STDIN else None
    try:
        rep = check_file(path, data, overrides)
        a = rep.audit
        nv, ne = (len(a.violations), len(a.events)) if a is not None else (0, 0)
        changes = None
        if overrides and a is not None and not rep.errors:  # what-if compares readable records only
            from ..whatif import against_own

            changes = against_own(path, a, data)
        if json_out:
            doc = rep.to_json()
            if changes is not None:
                assert a is not None
                doc["what_if"] = {"rules": {k: a.header.options[k] for k in overrides},
                                  "violations_added": [v.to_json() for v in changes[0]],
                                  "violations_removed": [v.to_json() for v in changes[1]]}
            return Done(path, render.file_json(doc, ascii_only=ascii_only), "",
                        bool(rep.errors), nv, ne)
        lines = []
        if a is not None:
            lines += [render.finding_line(path, v) for v in shown(a.violations)]
            lines += [render.finding_line(path, e, "event ") for e in shown(a.events, "event")]
        if changes is not None:
            from . import whatif_view

            lines.append(f"{path}: what if {whatif_view.rules_text(overrides)}? compared with the record's own rules:")
            lines += whatif_view.violation_lines(path, *changes)
        # every input error of the file (it is read on past an unreadable hand), warnings first
        said = "\n".join([*map(str, rep.warnings), *map(str, rep.errors)])
        return Done(path, "\n".join(lines), said, bool(rep.errors), nv, ne)
    except Exception as e:  # noqa: BLE001 - a bug must not print a traceback at a card table
        return Done(path, "", "", False, 0, 0, f"{type(e).__name__}: {e}")


def _results(paths: list[str], stdin: bytes | None, json_out: bool, ascii_only: bool,
             jobs: int | None, overrides: dict[str, str] | None = None) -> Iterator[Done]:
    """Every file's Done, in argument order: here for a few files, else from a process pool
    that gets the files in chunks."""
    job = partial(check_one, stdin=stdin, json_out=json_out, ascii_only=ascii_only, overrides=overrides)
    workers = _workers(len(paths), jobs)
    if workers <= 1:
        yield from map(job, paths)
        return
    import multiprocessing

    # fork: a worker starts with everything already imported, in about a millisecond
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    # Chunks big enough that handing them out costs little, small enough (about eight per
    # worker) that one slow file does not leave the other cores idle at the end.
    chunk = max(1, min(16, len(paths) // (workers * 8)))
    # Leaving the `with` (done, a closed pipe, exit 3) terminates the workers at once.
    with ctx.Pool(workers, initializer=_worker_init) as pool:
        yield from pool.imap(job, paths, chunksize=chunk)


def _workers(files: int, jobs: int | None) -> int:
    """How many processes check `files` files: `--jobs` if given, else every core once there
    are enough files to pay for starting them; never more than one per file."""
    if jobs is None and files >= POOL_MIN_FILES:
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(jobs or 1, files))


def _worker_init() -> None:
    import signal

    # Ctrl-C stops the parent, which stops the workers: one message, not a traceback per worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The pool ends its workers with SIGTERM, and a worker has nothing to clean up: it must die
    # at once. The parent's handler (an exit, inherited by the fork) can miss a SIGTERM that
    # arrives just before the worker blocks on the pool's queue, and the pool then waits forever.
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


class _Tally:

    def __init__(self) -> None:
        self.files = self.bad = self.violations = self.unreadable = self.events = self.partial = 0

    def add(self, done: Done) -> None:
        self.files += 1
        if done.unreadable:
            self.unreadable += 1
            self.partial += done.violations  # judged up to its first unreadable hand
        else:
            self.bad += bool(done.violations)
            self.violations += done.violations
            self.events += done.events

    def summary(self) -> str:
        n = self.files
        parts = [f"{n - self.bad - self.unreadable:,} clean"]
        if self.bad:
            parts.append(f"{self.bad:,} with {_count(self.violations, 'violation')}")
        if self.unreadable:
            parts.append(f"{self.unreadable:,} unreadable" + (
                f" ({_count(self.partial, 'violation')} before the first unreadable part)" if self.partial else ""))
        if self.events:
            parts.append(_count(self.events, "rule event"))
        return f"{_count(n, 'file')} checked: " + ", ".join(parts)


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}{'s' if n != 1 else ''}"


class _Progress:
    """`checked 120/500` on the terminal, redrawn at most ten times a second: only where both
    streams are a terminal that can take it (not TERM=dumb) and NO_COLOR is not set
    (https://no-color.org: no decoration at all); never in JSON or piped output."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.stream = stream or sys.stderr
        self.total = total
        try:
            tty = bool(self.stream.isatty() and sys.stdout.isatty())
        except (AttributeError, ValueError):
            tty = False
        self.on = total > 1 and tty and not (os.environ.get("TERM") == "dumb" or os.environ.get("NO_COLOR"))
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
