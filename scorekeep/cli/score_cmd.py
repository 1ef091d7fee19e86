"""`scorekeep score`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from .common import SheetFormat, _fail, _internal, _load, _out, _title, app


@app.command()
def score(
    file: Path = typer.Argument(..., metavar="FILE", help="A record file (YAML).", show_default=False),
    format: SheetFormat = typer.Option(SheetFormat.text, "--format", "-f",
                                       help="text, markdown, csv or json."),
    rule: Optional[list[str]] = typer.Option(None, "--rule", "-r", metavar="KEY=VALUE", show_default=False,
                                             help="Score under another house rule (repeatable) and say what "
                                                  "changes, e.g. --rule failed_score=tricks."),
) -> None:
    """Print the running score table, the standings and the winner.

    Violations found in the record are listed before the table; totals are computed
    from what happened (bids, tricks, finishes), never copied from recorded scores.

    \b
    Examples:
      scorekeep score game.yaml
      scorekeep score game.yaml --format markdown > sheet.md
      scorekeep score game.yaml --format csv
      scorekeep score game.yaml --rule failed_score=tricks
    """
    from .. import api
    from . import render

    what_if = _what_if(file, rule) if rule else None
    audit = what_if.audit if what_if else _load(file)
    try:
        sheet = what_if.sheet if what_if else api.sheet(audit)
    except Exception as e:  # noqa: BLE001
        _internal(str(file), e)
    if format is SheetFormat.json:
        doc = render.sheet_json(sheet, audit.violations, audit.events)
        if what_if:
            import json

            doc = render.to_json({**json.loads(doc), "what_if": what_if.to_json()})
        _out(doc)
        return
    if format is SheetFormat.csv:
        sys.stdout.write(render.sheet_csv(sheet))
        return
    md = format is SheetFormat.markdown
    # Under --rule, what the overrides add is said once, in the what-if part below the table.
    shown = [v for v in audit.violations if v not in what_if.violations_added()] if what_if else audit.violations
    if shown:
        head = f"{len(shown)} violation{'s' if len(shown) != 1 else ''}:"
        lines = [render.finding_line(str(file), v) for v in shown]
        _out(("**" + head + "**\n\n" + "\n".join(f"- {x}" for x in lines)) if md
             else head + "\n" + "\n".join(f"  {x}" for x in lines))
        _out("")
    if what_if:
        from . import whatif_view

        _out(f"Scored with {whatif_view.rules_text(what_if.overrides, what_if.own)}; what changes is below "
             "the table.\n")
    _out(render.sheet_text(sheet, _title(audit), format.value))
    if what_if:
        from . import whatif_view

        _out("\n" + whatif_view.score_text(what_if, str(file), markdown=md))


def _what_if(file: Path, rule: list[str]):  # type: ignore[no-untyped-def]
    """The record scored under its own rules and under the `--rule` overrides (exit 2 if unreadable)."""
    from ..errors import InputError
    from ..whatif import compare, parse_pairs

    try:
        return compare(str(file), parse_pairs(rule))
    except InputError as e:
        _fail(str(e).removeprefix("scorekeep: "))
    except Exception as e:  # noqa: BLE001
        _internal(str(file), e)
