"""`scorekeep score`."""

import sys
from pathlib import Path
from typing import Any, Optional

import typer

from .common import Record, SheetFormat, _fail, _internal, _load_partial, _out, app, emit, path_name


def _wide_terminal(needed: int) -> bool:
    """The wide table when standard output is a terminal wide enough for it; not a terminal
    (a pipe, a file), the compact one, so that what is saved does not depend on the window."""
    import shutil

    return sys.stdout.isatty() and shutil.get_terminal_size().columns >= needed


@app.command()
def score(
    file: Record,
    format: SheetFormat = typer.Option(SheetFormat.text, "--format", "-f",
                                       help="text, markdown, csv, json or html."),
    wide: bool = typer.Option(False, "--wide", help="The wide table (points per hand in each cell) even "
                              "when it does not fit the terminal; without it, a terminal wide enough "
                              "gets the wide table and anything else (a pipe, a file) the compact one."),
    standings: bool = typer.Option(False, "--standings", help="Only the standings and the status line."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file instead of "
                                          "standard output (for --format html).", show_default=False),
    history: bool = typer.Option(False, "--history", help="List the corrections kept in the record's `history`."),
    rule: Optional[list[str]] = typer.Option(None, "--rule", "-r", metavar="KEY=VALUE", show_default=False,
                                             help="Score under another house rule (repeatable) and say what "
                                                  "changes, e.g. --rule failed_score=tricks."),
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
      scorekeep score game.yaml --rule failed_score=tricks
    """
    from .. import api

    # each is a few plain lines: in another format they would be neither that format nor safe in it
    if history and format is not SheetFormat.text:
        _fail(f"--history prints text, not {format.value}: leave out --format")
    if standings and format not in (SheetFormat.text, SheetFormat.csv):
        _fail(f"--standings prints text or csv, not {format.value}; the whole sheet in {format.value} has the "
              "standings: leave out --standings")
    # the table up to an unreadable hand (every input error on stderr), then exit 2
    loaded, unreadable = _load_partial(file, rule)
    what_if, audit = (loaded, loaded.audit) if rule else (None, loaded)
    if history:  # corrections made with `play`'s edit (live-play)
        from .history import history_text

        _out(history_text(audit.header.history))
        raise typer.Exit(2 if unreadable else 0)
    try:
        sheet = what_if.sheet if what_if else api.sheet(audit)
    except Exception as e:  # noqa: BLE001
        _internal(path_name(file), e)
    emit(_sheet_text(file, format, audit, sheet, what_if, wide, standings, unreadable), output,
          raw=format is SheetFormat.csv, reads=(file,))
    raise typer.Exit(2 if unreadable else 0)


def _sheet_text(file: Path, format: SheetFormat, audit: Any, sheet: Any, what_if: Any, wide: bool,
                standings: bool, unreadable: Any = ()) -> str:
    """The sheet in `format`, its violations listed (under --rule, what the overrides add is
    said once, in the what-if part below the table)."""
    from ..errors import shown
    from ..render import text as render

    listed = ([v for v in shown(audit.violations) if v not in what_if.violations_added()] if what_if
              else shown(audit.violations))
    path, title = path_name(file), render.title(audit)
    if standings:
        text = render.standings_csv(sheet) if format is SheetFormat.csv else render.standings_text(sheet)
        if what_if and format is SheetFormat.text:
            from . import whatif_view

            text = f"Scored with {whatif_view.rules_text(what_if.overrides, what_if.own)}.\n" + text
    elif format is SheetFormat.json:
        extra = {"what_if": what_if.to_json()} if what_if else {}
        text = render.sheet_json(sheet, audit.violations, audit.events, **extra)
    elif format is SheetFormat.csv:
        text = render.sheet_csv(sheet, audit.violations)
    elif format is SheetFormat.html:
        text = _html_sheet(audit, sheet, title, what_if, path, unreadable)
    elif format is SheetFormat.markdown:
        text = render.sheet_markdown(sheet, title, [render.finding_line(path, v) for v in listed],
                                     render.findings_heading(listed))
    else:
        text = plain_sheet(path, sheet, title, listed, wide, audit.header.players)
    if what_if and format in (SheetFormat.text, SheetFormat.markdown) and not standings:
        from . import whatif_view

        below = whatif_view.score_text(what_if, path, markdown=format is SheetFormat.markdown)
        text = (f"Scored with {whatif_view.rules_text(what_if.overrides, what_if.own)}; what changes is below "
                "the table.\n\n" + text.rstrip("\n") + "\n\n" + below)
    return text


def _html_sheet(audit: Any, sheet: Any, title: str, what_if: Any, path: str, unreadable: Any) -> str:
    """The sheet's page, the input errors of a record read in part first; under --rule, said at the top,
    with what changes at the end (the violations the overrides add listed there, not among the record's
    own), as the text sheet has it."""
    from dataclasses import replace

    from ..render import html

    if not what_if:
        return html.page(title, html.unreadable(unreadable) + html.sheet_body(audit, sheet, title))
    from . import whatif_view

    added = what_if.violations_added()
    own = replace(audit, violations=[v for v in audit.violations if v not in added])
    said = f"Scored with {whatif_view.rules_text(what_if.overrides, what_if.own)}; what changes is at the end."
    head, *lines = whatif_view.score_text(what_if, path).splitlines()
    return html.page(title, f'{html.unreadable(unreadable)}<p class="meta">{html.esc(said)}</p>\n'
                     f"{html.sheet_body(own, sheet, title)}\n"
                     f"<section><h2>{html.esc(head)}</h2><ul>"
                     + "".join(f"<li>{html.esc(line.strip())}</li>" for line in lines) + "</ul></section>")


def plain_sheet(path: str, sheet: Any, title: str, listed: list[Any], wide: bool, names: Any) -> str:
    """The text sheet of `score`: wide when asked or when the terminal is wide
    enough, the `listed` violations of the file `path` first."""
    from ..render import text as render

    wide = wide or _wide_terminal(render.table_width(sheet))
    body = render.sheet_text(sheet, title, wide=wide, names=names)
    if listed:
        lines = [render.finding_line(path, v) for v in listed]
        body = f"{render.findings_heading(listed)}:\n" + "\n".join(f"  {x}" for x in lines) + "\n\n" + body
    return body
