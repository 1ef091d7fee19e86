"""What every command shares: the Typer app, output, failure, and loading one record.

Exit codes: 0 no violations, 1 rule violations, 2 unreadable input (file:line message),
3 an internal error (a bug in scorekeep: please report it).
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import NoReturn

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
    html = "html"


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
