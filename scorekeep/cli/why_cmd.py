"""`scorekeep why`: one move explained (the library's `scorekeep.why`)."""

from pathlib import Path
from typing import Any, Optional

import typer

from .common import CheckFormat, TextOrJson, _fail, _internal, _load_partial, _out, _write, app, ascii_output, path_name


def _location(hand: Optional[int], trick: Optional[int], bid: Optional[int], player: Optional[str],
              set_: Optional[int], game: Optional[int], play: Optional[int], exchange: bool,
              facts: dict[str, bool]) -> Any:
    """The place the options name (an `api.Location`; none named: the first violation); two places
    at once is a usage error."""
    from .. import api

    if trick is not None and bid is not None:
        _fail("--trick and --bid name two places: give one")
    named = [k for k, on in facts.items() if on]
    if len(named) > 1 or (named and (trick is not None or bid is not None or play is not None or exchange)):
        _fail("give one place: a move (--trick, --bid, --play, --exchange) or one fact (--" + ", --".join(named) + ")")
    return api.Location(hand, trick, bid, player, set_, game, play, exchange, named[0] if named else None)


@app.command()
def why(
    file: Path = typer.Argument(..., metavar="FILE", help="A record file (YAML); `-` reads standard input.",
                                show_default=False),
    hand: Optional[int] = typer.Option(None, "--hand", help="The hand (Rook, Oh Hell).", show_default=False),
    trick: Optional[int] = typer.Option(None, "--trick", help="The trick of the hand.", show_default=False),
    bid: Optional[int] = typer.Option(None, "--bid", help="The bid (Rook: the call) of the hand, by its place "
                                      "in the bidding: 1 is the first.", show_default=False),
    player: Optional[str] = typer.Option(None, "--player", help="Whose play, bid or gift.", show_default=False),
    set_: Optional[int] = typer.Option(None, "--set", help="The set (Daifugō; default 1).", show_default=False),
    game: Optional[int] = typer.Option(None, "--game", help="The game of the set (Daifugō).", show_default=False),
    play: Optional[int] = typer.Option(None, "--play", help="The play of the game, 1 first (Daifugō).",
                                       show_default=False),
    exchange: bool = typer.Option(False, "--exchange", help="The exchange before the game (Daifugō)."),
    dealer: bool = typer.Option(False, "--dealer", help="Who dealt the hand (Rook, Oh Hell)."),
    seats: bool = typer.Option(False, "--seats", help="The seats the hand was played in (Rook: the seat change)."),
    size: bool = typer.Option(False, "--size", help="How many cards the hand dealt each (Oh Hell)."),
    deal: bool = typer.Option(False, "--deal", help="The cards dealt."),
    nest: bool = typer.Option(False, "--nest", help="The bid winner's nest discard (Rook)."),
    trump: bool = typer.Option(False, "--trump", help="Trump (Rook: as named; Oh Hell: as turned up)."),
    result: bool = typer.Option(False, "--result",
                                help="The hand's bid, points and scores as written (Rook, Oh Hell)."),
    finish: bool = typer.Option(False, "--finish", help="The game's finishing order: who went out, 都落ち, the ranks "
                                "(Daifugō)."),
    format: TextOrJson = CheckFormat.text,
) -> None:
    """Explain one play, bid, gift or fact of a hand (the dealer, the seats, the nest …) exactly
    as `check` judges it: the position as the table saw it, the decision in the rules' order,
    the legal choices, the ruling with its rule id — also when it was legal — and what the move
    caused (8切り, 反則上がり, 都落ち …). Without a location: the first violation `check` lists.

    \b
    Examples:
      scorekeep why game.yaml --hand 3 --trick 5 --player South
      scorekeep why game.yaml --hand 2 --bid 4
      scorekeep why rook.yaml --hand 5 --seats
      scorekeep why daifugo.yaml --game 2 --finish
      scorekeep why daifugo.yaml --set 1 --game 2 --play 7
      scorekeep why daifugo.yaml --game 2 --exchange --player 丙
      scorekeep why game.yaml                 # the first violation
    \b
    Exit codes: 0 it could rule (legal or not); 2 no such place in the record, or unreadable.
    """
    from .. import api, why as lib

    facts = {"dealer": dealer, "seats": seats, "size": size, "deal": deal, "nest": nest, "trump": trump,
             "result": result, "finish": finish}
    loc = _location(hand, trick, bid, player, set_, game, play, exchange, facts)
    # the hands (games) before the first unreadable one can still be asked about; exit 2 all the same.
    audit, unreadable = _load_partial(file)
    try:
        ex = api.explain(audit, loc)
    except lib.NoSuchPlace as e:
        _fail(f"{path_name(file)}: {e}" + (" (the record was read up to its first unreadable part)"
                                           if unreadable else ""))
    except Exception as e:  # noqa: BLE001
        _internal(path_name(file), e)
    _say(path_name(file), audit.game, ex, format is CheckFormat.json, unreadable)
    if unreadable:
        raise typer.Exit(2)


def _say(path: str, game: str, ex: Any, json: bool, unreadable: bool) -> None:
    """The explanation (None: the record's first violation was asked for and there is none)."""
    if json:
        from ..render import text as render

        said = {"ruling": None, "message": "no violations"} if ex is None else ex.to_json()
        doc = {"path": path, "game": game, **said}
        _write(render.to_json(doc, ascii_only=ascii_output()) + "\n")
    elif ex is None:
        _out(f"{path}: no violations" + (" before its first unreadable part" if unreadable else
             ": the record breaks no rule") + ". Ask about one move with a location (see `scorekeep why --help`).")
    else:
        from ..render.text import explanation

        _out(explanation(path, ex))
