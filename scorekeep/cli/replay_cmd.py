"""`scorekeep replay`."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .common import _fail, _internal, _load, _out, app


@app.command()
def replay(
    file: Path = typer.Argument(..., metavar="FILE", help="A record file (YAML).", show_default=False),
    hand: Optional[int] = typer.Option(None, "--hand", help="Only this hand (Rook, Oh Hell)."),
    set_: Optional[int] = typer.Option(None, "--set", help="Only this set (Daifugō)."),
    game: Optional[int] = typer.Option(None, "--game", help="Only this game of the set (Daifugō)."),
    legal: bool = typer.Option(False, "--legal", help="Show the legal choices at each turn."),
    format: str = typer.Option("text", "--format", "-f", help="text or html (one page, the tricks as "
                               "the articles tabulate them)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file instead of "
                                          "standard output.", show_default=False),
) -> None:
    """Replay a record turn by turn: each trick or play, its winner and why.

    \b
    Examples:
      scorekeep replay game.yaml --hand 1
      scorekeep replay game.yaml --format html -o replay.html
    """
    from .. import api
    from ..game import Selection
    from . import render

    if format not in ("text", "html"):
        _fail(f"--format is text or html, not `{format}`")
    audit = _load(file)
    try:
        sections = api.replay(audit, Selection(hand=hand, set=set_, game=game, legal=legal))
    except Exception as e:  # noqa: BLE001
        _internal(str(file), e)
    if not sections:
        _fail(f"{file}: nothing to replay for that selection")
    if format == "html":
        from . import html
        from .common import _title

        text = html.replay_page(audit, sections, _title(audit), str(file))
        if output is not None and str(output) != "-":
            try:
                output.write_text(text, encoding="utf-8")
            except OSError as e:
                _fail(f"{output}: cannot write ({e.strerror or e})")
        else:
            _out(text)
        return
    _out(render.sections_text(sections))
    if audit.violations:
        _out(f"{len(audit.violations)} violation(s); see `scorekeep check {file}`")
