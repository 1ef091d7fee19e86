"""`scorekeep demo`."""

import sys
from pathlib import Path
from typing import Optional

import typer

from .common import _fail, app, write_failed


@app.command()
def demo(
    game: str = typer.Argument(..., metavar="GAME", help="oh-hell, rook or daifugo.", show_default=False),
    seed: int = typer.Option(1, "--seed", help="The same seed gives the same game."),
    output: Optional[Path] = typer.Option(None, "--output", "-o",
                                          help="Write the record to this file instead of printing it (`-`: print it)."),
    force: bool = typer.Option(False, "--force", help="Overwrite OUTPUT if it exists."),
) -> None:
    """Make a complete random legal game record to play with.

    Every card, bid and trick follows the rules, so `scorekeep check` finds nothing;
    change something and see what it says. A Daifugō demo is one set of two games
    (the house rule `games_per_set: 2`, written in the record).

    \b
    Examples:
      scorekeep demo rook --seed 7 -o rook-demo.yaml
      scorekeep check rook-demo.yaml && scorekeep score rook-demo.yaml
    """
    from ..fields import did_you_mean
    from ..games import REGISTRY

    name = REGISTRY.resolve(game)
    if name is None:
        _fail(f"unknown game `{game}`{did_you_mean(game, REGISTRY.names())} "
              f"(games: {', '.join(REGISTRY.names())})")
    gen = REGISTRY.part(name, "demo")
    if gen is None:
        _fail(f"no generator for {name} yet")
    text = gen.game(seed).text
    if output is None or str(output) == "-":
        sys.stdout.write(text)
        return
    from ..atomic import NotRegularFile, write_atomically

    try:
        write_atomically(str(output), text, overwrite=force)
    except FileExistsError:
        _fail(f"{output} exists; use --force to overwrite it")
    except NotRegularFile:
        _fail(f"{output} is not a regular file (a FIFO, a device or a folder); not writing there, "
              "even with --force")
    except OSError as e:
        write_failed(output, e)
    sys.stderr.write(f"wrote {output} ({name}, seed {seed})\n")
