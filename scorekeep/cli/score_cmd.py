"""`scorekeep score`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from .common import SheetFormat, _fail, _internal, _load, _out, _title, app


def _wide_terminal(needed: int) -> bool:
    """The wide table when standard output is a terminal wide enough for it; not a terminal
    (a pipe, a file), the compact one, so that what is saved does not depend on the window."""
    import shutil

    if not sys.stdout.isatty():
        return False
    return shutil.get_terminal_size().columns >= needed


@app.command()
def score(
    file: Path = typer.Argument(..., metavar="FILE", help="A record file (YAML).", show_default=False),
    format: SheetFormat = typer.Option(SheetFormat.text, "--format", "-f",
                                       help="text, markdown, csv, json or html."),
    wide: bool = typer.Option(False, "--wide", help="The wide table (points per hand in each cell) even "
                              "when it does not fit the terminal; without it, a terminal wide enough "
                              "gets the wide table and anything else (a pipe, a file) the compact one."),
    standings: bool = typer.Option(False, "--standings", help="Only the standings and the status line."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file instead of "
                                          "standard output (for --format html).", show_default=False),
) -> None:
    """Print the running score table, the standings and the winner.

    Violations found in the record are listed before the table; totals are computed
    from what happened (bids, tricks, finishes), never copied from recorded scores.
    In a terminal the table fits 80 columns (bid/took and running totals in their own
    columns); --wide shows the wide one.

    \b
    Examples:
      scorekeep score game.yaml
      scorekeep score game.yaml --standings
      scorekeep score game.yaml --format markdown > sheet.md
      scorekeep score game.yaml --format csv
      scorekeep score game.yaml --format html -o sheet.html
    """
    from .. import api
    from . import render

    audit = _load(file)
    try:
        sheet = api.sheet(audit)
    except Exception as e:  # noqa: BLE001
        _internal(str(file), e)
    if standings:
        text = render.standings_text(sheet)
    elif format is SheetFormat.json:
        text = render.sheet_json(sheet, audit.violations, audit.events)
    elif format is SheetFormat.csv:
        text = render.sheet_csv(sheet, audit.violations)
    elif format is SheetFormat.html:
        from . import html

        text = html.sheet_page(audit, sheet, _title(audit), str(file))
    elif format is SheetFormat.markdown:
        text = render.sheet_markdown(sheet, _title(audit),
                                     [render.finding_line(str(file), v) for v in audit.violations])
    else:
        body = render.sheet_text(sheet, _title(audit), wide=True)
        if not wide:
            if not _wide_terminal(render.table_width(sheet, wide=True)):
                body = render.sheet_text(sheet, _title(audit), wide=False)
        if audit.violations:
            n = len(audit.violations)
            lines = [render.finding_line(str(file), v) for v in audit.violations]
            body = f"{n} violation{'s' if n != 1 else ''}:\n" + "\n".join(f"  {x}" for x in lines) + "\n\n" + body
        text = body
    if output is not None and str(output) != "-":
        try:
            output.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
        except OSError as e:
            _fail(f"{output}: cannot write ({e.strerror or e})")
        return
    _out(text)
