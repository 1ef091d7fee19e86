"""The `scorekeep` command: load records, call the library, render, map outcomes to exit codes.

Exit codes: 0 no violations, 1 rule violations, 2 unreadable input (file:line message),
3 an internal error (a bug in scorekeep: please report it).
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import NoReturn, Optional

import typer

from .. import __version__

app = typer.Typer(
    name="scorekeep",
    help="Scoresheet and rule-checker for Rook, Oh Hell and Daifugō (大富豪) game records.",
    rich_markup_mode=None,  # plain help: rich would double the start-up time
    pretty_exceptions_enable=False,
    add_completion=False,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class CheckFormat(str, Enum):
    text = "text"
    json = "json"


class SheetFormat(str, Enum):
    text = "text"
    markdown = "markdown"
    csv = "csv"
    json = "json"


def _out(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _fail(message: str, code: int = 2) -> NoReturn:
    sys.stderr.write(f"scorekeep: {message}\n")
    raise typer.Exit(code)


def _internal(path: str, exc: BaseException) -> NoReturn:
    _fail(f"{path}: internal error ({type(exc).__name__}: {exc}); this is a bug in scorekeep, "
          "please report it with the record", 3)


def _version(value: bool) -> None:
    if value:
        _out(f"scorekeep {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """Scoresheet and rule-checker for Rook, Oh Hell and Daifugō (大富豪) game records.

    \b
    Records are YAML files describing what happened at the table; see README.md.
    Exit codes: 0 no violations, 1 rule violations, 2 unreadable input.
    """


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


def _load(path: Path):  # type: ignore[no-untyped-def]
    from ..report import check_file

    try:
        rep = check_file(str(path))
    except Exception as e:  # noqa: BLE001
        _internal(str(path), e)
    if rep.error is not None:
        _fail(str(rep.error).removeprefix("scorekeep: "))
    return rep.audit


def _title(audit) -> str:  # type: ignore[no-untyped-def]
    from ..games import REGISTRY

    game = REGISTRY.get(audit.game)
    title = audit.header.meta.get("title")
    return f"{game.title}: {title}" if title else game.title


@app.command()
def score(
    file: Path = typer.Argument(..., metavar="FILE", help="A record file (YAML).", show_default=False),
    format: SheetFormat = typer.Option(SheetFormat.text, "--format", "-f",
                                       help="text, markdown, csv or json."),
) -> None:
    """Print the running score table, the standings and the winner.

    Violations found in the record are listed before the table; totals are computed
    from what happened (bids, tricks, finishes), never copied from recorded scores.

    \b
    Examples:
      scorekeep score game.yaml
      scorekeep score game.yaml --format markdown > sheet.md
      scorekeep score game.yaml --format csv
    """
    from .. import api
    from . import render

    audit = _load(file)
    try:
        sheet = api.sheet(audit)
    except Exception as e:  # noqa: BLE001
        _internal(str(file), e)
    if format is SheetFormat.json:
        _out(render.sheet_json(sheet, audit.violations, audit.events))
        return
    if format is SheetFormat.csv:
        sys.stdout.write(render.sheet_csv(sheet))
        return
    md = format is SheetFormat.markdown
    if audit.violations:
        head = f"{len(audit.violations)} violation{'s' if len(audit.violations) != 1 else ''}:"
        lines = [render.finding_line(str(file), v) for v in audit.violations]
        _out(("**" + head + "**\n\n" + "\n".join(f"- {x}" for x in lines)) if md
             else head + "\n" + "\n".join(f"  {x}" for x in lines))
        _out("")
    _out(render.sheet_text(sheet, _title(audit), format.value))


@app.command()
def replay(
    file: Path = typer.Argument(..., metavar="FILE", help="A record file (YAML).", show_default=False),
    hand: Optional[int] = typer.Option(None, "--hand", help="Only this hand (Rook, Oh Hell)."),
    set_: Optional[int] = typer.Option(None, "--set", help="Only this set (Daifugō)."),
    game: Optional[int] = typer.Option(None, "--game", help="Only this game of the set (Daifugō)."),
) -> None:
    """Replay a record turn by turn: each trick or play, its winner and why.

    \b
    Examples:
      scorekeep replay game.yaml --hand 1
    """
    from .. import api
    from ..game import Selection
    from . import render

    audit = _load(file)
    try:
        sections = api.replay(audit, Selection(hand=hand, set=set_, game=game))
    except Exception as e:  # noqa: BLE001
        _internal(str(file), e)
    if not sections:
        _fail(f"{file}: nothing to replay for that selection")
    _out(render.sections_text(sections))
    if audit.violations:
        _out(f"{len(audit.violations)} violation(s); see `scorekeep check {file}`")


@app.command()
def rules(
    game: Optional[str] = typer.Argument(None, metavar="[GAME]", help="oh-hell, rook or daifugo.",
                                         show_default=False),
    rule_id: Optional[str] = typer.Argument(None, metavar="[RULE-ID]",
                                            help="One rule, e.g. oh-hell.hook (or just hook)."),
) -> None:
    """Explain a game's rules, each with its rule id and the options that change it.

    \b
    Examples:
      scorekeep rules oh-hell
      scorekeep rules oh-hell oh-hell.hook
    """
    from ..fields import did_you_mean
    from ..games import REGISTRY
    from . import render

    if game is None:
        _out("games: " + ", ".join(REGISTRY.names()) + "\n(try: scorekeep rules oh-hell)")
        return
    if REGISTRY.resolve(game) is None:
        _fail(f"unknown game `{game}`{did_you_mean(game, REGISTRY.names())} "
              f"(games: {', '.join(REGISTRY.names())})")
    module = REGISTRY.get(game)
    options = dict(module.OPTIONS)
    if rule_id is None:
        _out(f"{module.title}: rules and their ids\n")
        _out("\n\n".join(render.rule_text(r, options, full=False) for r in module.RULES))
        return
    ids = [r.id for r in module.RULES]
    wanted = rule_id if rule_id in ids else f"{module.name}.{rule_id}"
    for r in module.RULES:
        if r.id == wanted:
            _out(render.rule_text(r, options, full=True))
            return
    _fail(f"no rule `{rule_id}` in {module.title}{did_you_mean(wanted, ids)}")


@app.command()
def demo(
    game: str = typer.Argument(..., metavar="GAME", help="oh-hell, rook or daifugo.", show_default=False),
    seed: int = typer.Option(1, "--seed", help="The same seed gives the same game."),
    output: Optional[Path] = typer.Option(None, "--output", "-o",
                                          help="Write the record to this file instead of printing it."),
    force: bool = typer.Option(False, "--force", help="Overwrite OUTPUT if it exists."),
) -> None:
    """Make a complete random legal game record to play with.

    Every card, bid and trick follows the rules, so `scorekeep check` finds nothing;
    change something and see what it says.

    \b
    Examples:
      scorekeep demo rook --seed 7 -o rook-demo.yaml
      scorekeep check rook-demo.yaml && scorekeep score rook-demo.yaml
    """
    from ..fields import did_you_mean
    from ..games import REGISTRY
    from ..generate import generator, write_atomically

    name = REGISTRY.resolve(game)
    if name is None:
        _fail(f"unknown game `{game}`{did_you_mean(game, REGISTRY.names())} "
              f"(games: {', '.join(REGISTRY.names())})")
    try:
        gen = generator(name)
    except ImportError:
        _fail(f"no generator for {name} yet")
    text = gen.game(seed).text
    if output is None:
        sys.stdout.write(text)
        return
    try:
        write_atomically(str(output), text, overwrite=force)
    except FileExistsError:
        _fail(f"{output} exists; use --force to overwrite it")
    except OSError as e:
        _fail(f"{output}: cannot write ({e.strerror or e})")
    sys.stderr.write(f"wrote {output} ({name}, seed {seed})\n")


def main() -> None:
    """Console-script entry point."""
    app()
