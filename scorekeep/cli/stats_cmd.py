"""`scorekeep stats`: bidding and finishing statistics over one game or a season of files."""

from pathlib import Path
from typing import Any

import typer

from .common import STDIN, Output, SheetFormat, _err, _internal, app, emit, read_stdin, said


def csv_text(season: Any) -> str:
    """One row per player and game; nested counts flattened (`by_size 10 made`)."""
    from ..render.text import csv_table

    flat: list[dict[str, Any]] = []
    for doc in season.to_json()["players"]:
        row: dict[str, Any] = {}
        for k, v in doc.items():
            if k == "by_size":
                for s in v:
                    row[f"{s['cards']} cards hands"] = s["hands"]
                    row[f"{s['cards']} cards made"] = s["made"]
            elif isinstance(v, dict):
                row.update({f"{k} {kk}": vv for kk, vv in v.items()})
            else:
                row[k] = v
        flat.append(row)
    return csv_table(flat)


@app.command()
def stats(
    files: list[Path] = typer.Argument(..., metavar="FILE...", show_default=False,
                                       help="Record files (YAML): one game or a season; a directory means every "
                                            "*.yaml and *.yml in it and below, sorted; `-` reads standard input."),
    format: SheetFormat = typer.Option(SheetFormat.text, "--format", "-f",
                                       help="text, markdown, csv, json or html (with bar charts)."),
    output: Output = None,
) -> None:
    """Statistics over one game or a season: players matched by name across files.

    \b
    Oh Hell: hands, bids made and %, over and under, zero bids made, made % as
      dealer (the hook binds the dealer) against the others, and by hand size.
    Rook: contracts taken as bid winner, made %, average bid against average
      captured, sets.
    Daifugō: finishes by rank, 大富豪 kept, 都落ち suffered, forbidden finishes
      (反則上がり), revolutions (革命) made.
    Only complete hands and games count. A file with input errors is reported, every
    error with its file:line, and left out (exit 2); the others are counted.

    \b
    Examples:
      scorekeep stats game.yaml
      scorekeep stats season/*.yaml --format html -o season.html
      scorekeep stats season/
    """
    from ..stats import season as make_season

    audits, failed = _audits(files)
    try:
        season = make_season(audits)
    except Exception as e:  # noqa: BLE001
        _internal(", ".join(map(str, files)), e)
    emit(_document(season, format, files), output, files, raw=format is SheetFormat.csv)
    if failed:
        raise typer.Exit(2)


def _audits(files: list[Path]) -> tuple[list[Any], bool]:
    """The audits of the files that read cleanly, and whether any did not (each of its input
    errors on stderr, as `check` gives them)."""
    from ..report import check_file
    from .check_cmd import _expand

    paths = _expand(files)
    stdin = read_stdin() if STDIN in paths else None
    audits = []
    failed = False
    for name in paths:
        try:
            rep = check_file(name, stdin if name == STDIN else None)
        except Exception as e:  # noqa: BLE001
            _internal(name, e)
        # every input error of the file, as `check` gives them; the file is left out whole,
        # since its hands after a gap cannot be counted and those before would skew a season
        said(rep.warnings, rep.errors)
        if rep.errors:
            _err(f"scorekeep: {name}: not counted ({len(rep.errors)} input error{'s' if len(rep.errors) != 1 else ''})")
            failed = True
        else:
            audits.append(rep.audit)
    return audits, failed


def _document(season: Any, format: SheetFormat, files: list[Path]) -> str:
    from ..render import text as render

    records = f"{season.records} record{'s' if season.records != 1 else ''}"
    if format is SheetFormat.json:
        return render.to_json(season.to_json())
    if format is SheetFormat.csv:
        return csv_text(season)
    if format is SheetFormat.html:
        from ..render import html

        return html.stats_page("Statistics", season.tables(), season.bars(), f"{records}; players matched by name.",
                               [str(f) for f in files])
    md = format is SheetFormat.markdown
    out: list[str] = ["# Statistics" if md else "Statistics", "", f"{records}; players matched by name.", ""]
    tables = season.tables()
    for title, headers, rows in tables:
        if md:  # (the names escaped; the numbers are the program's own)
            title, rows = f"## {render.md_text(title)}\n", [(render.md_text(r[0]), *r[1:]) for r in rows]
        right = [False] + [True] * (len(headers) - 1)
        out += [title, render.table(headers, rows, "pipe" if md else "simple", right), ""]
    if not tables:
        out.append("No complete hand or game to count.")
    return "\n".join(out).rstrip() + "\n"
