"""`scorekeep score`."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .common import SheetFormat, _internal, _load, _out, _title, app


@app.command()
def score(
    file: Path = typer.Argument(..., metavar="FILE", help="A record file (YAML).", show_default=False),
    format: SheetFormat = typer.Option(SheetFormat.text, "--format", "-f",
                                       help="text, markdown, csv or json."),
    history: bool = typer.Option(False, "--history", help="List the corrections kept in the record's `history`."),
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
    if history:  # corrections made with `play`'s edit (live-play)
        from .history import history_text

        _out(history_text(audit.header.history))
        return
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
