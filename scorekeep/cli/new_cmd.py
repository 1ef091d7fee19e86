"""`scorekeep new`: start a record for a match about to be played."""

import sys
from pathlib import Path
from typing import Optional

import typer

from .common import _fail, _write, app, clean, write_failed


@app.command()
def new(
    game: str = typer.Argument(..., metavar="GAME", help="oh-hell, rook or daifugo.", show_default=False),
    file: Path = typer.Argument(..., metavar="FILE", help="The record to create (never overwritten); `-` "
                                "prints it instead.",
                                show_default=False),
    players: str = typer.Option(..., "--players", "-p", help="Names in clockwise seating order: A,B,C,D."),
    first_dealer: Optional[str] = typer.Option(None, "--first-dealer", help="Who deals hand 1 (Rook, Oh Hell)."),
    rule: list[str] = typer.Option([], "--rule",
                                   help="A house rule KEY=VALUE (see `scorekeep rules GAME`); repeatable."),
    title: Optional[str] = typer.Option(None, "--title", help="A title for the match."),
    teams: Optional[str] = typer.Option(None, "--teams", help="Rook: the teams' names, the first player's "
                                        "team first: Us,Them (partners sit opposite)."),
) -> None:
    """Start a new record, then fill it with `scorekeep play` or `scorekeep add`.

    \b
    Examples:
      scorekeep new oh-hell friday.yaml --players Ana,Ben,Chloé,Dee --first-dealer Ana
      scorekeep new rook rook.yaml --players North,East,South,West --rule target=500
      scorekeep new rook teams.yaml --players Ann,Bo,Cy,Di --teams Us,Them
      scorekeep new daifugo d.yaml --players 甲,乙,丙,丁
    """
    from ..atomic import DanglingLink, NotRegularFile, write_atomically
    from ..entry.new import new_record
    from ..entry.values import items, match_name
    from ..errors import InputError

    names = [x.strip() for x in players.split(",")] if "," in players else items(players)
    rules: dict[str, str] = {}
    for r in rule:
        key, sep, value = r.partition("=")
        if not sep or not key.strip():
            _fail(f"--rule `{r}`: write KEY=VALUE, e.g. --rule hook=false")
        rules[key.strip()] = value.strip()
    try:
        dealer = match_name(first_dealer, names) if first_dealer is not None else None
        labels = [x.strip() for x in teams.split(",")] if teams is not None else None
        text = new_record(game, names, dealer, rules, title, labels)
    except InputError as e:
        _fail(e.message)
    if str(file) == "-":  # as `demo -o -`: the record on standard output, no file called `-`
        _write(text)
        return
    try:
        write_atomically(str(file), text)
    except DanglingLink:
        _fail(f"{file} is a symbolic link to a file that does not exist; `scorekeep new` does not create a "
              "record through it (remove the link, or give the name of the file itself)")
    except FileExistsError:
        _fail(f"{file} exists; `scorekeep new` never writes over a record (continue it with "
              f"`scorekeep play {file}`)")
    except NotRegularFile:
        _fail(f"{file} is not a regular file")
    except OSError as e:
        write_failed(file, e)
    sys.stdout.write(f"started {file}: {', '.join(clean(n) for n in names)}; continue with "
                     f"`scorekeep play {file}`\n")
