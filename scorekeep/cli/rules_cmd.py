"""`scorekeep rules`."""

from __future__ import annotations

from typing import Optional

import typer

from .common import _fail, _out, app


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
