"""`scorekeep score`."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .common import SheetFormat, _internal, _load_partial, _out, _title, app


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

    audit, unreadable = _load_partial(file)  # the table up to an unreadable hand, then exit 2
    try:
        sheet = api.sheet(audit)
    except Exception as e:  # noqa: BLE001
        _internal(str(file), e)
    if format is SheetFormat.json:
        _out(render.sheet_json(sheet, audit.violations, audit.events))
        raise typer.Exit(2 if unreadable else 0)
    if format is SheetFormat.csv:
        sys.stdout.write(render.sheet_csv(sheet))
        raise typer.Exit(2 if unreadable else 0)
    md = format is SheetFormat.markdown
    if audit.violations:
        head = f"{len(audit.violations)} violation{'s' if len(audit.violations) != 1 else ''}:"
        lines = [render.finding_line(str(file), v) for v in audit.violations]
        _out(("**" + head + "**\n\n" + "\n".join(f"- {x}" for x in lines)) if md
             else head + "\n" + "\n".join(f"  {x}" for x in lines))
        _out("")
    _out(render.sheet_text(sheet, _title(audit), format.value))
    raise typer.Exit(2 if unreadable else 0)
