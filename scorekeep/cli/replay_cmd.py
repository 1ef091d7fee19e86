"""`scorekeep replay`."""

from typing import Any, Optional

import typer

from .common import Output, Record, _fail, _internal, _load_partial, app, emit, path_name


@app.command()
def replay(
    file: Record,
    hand: Optional[int] = typer.Option(None, "--hand", help="Only this hand (Rook, Oh Hell)."),
    set_: Optional[int] = typer.Option(None, "--set", help="Only this set (Daifugō)."),
    game: Optional[int] = typer.Option(None, "--game", help="Only this game of the set (Daifugō)."),
    legal: bool = typer.Option(False, "--legal", help="Show the legal choices at each turn."),
    format: str = typer.Option("text", "--format", "-f", help="text or html (one page, the tricks as "
                               "the articles tabulate them)."),
    output: Output = None,
) -> None:
    """Replay a record turn by turn: each trick or play, its winner and why.

    \b
    Examples:
      scorekeep replay game.yaml --hand 1
      scorekeep replay game.yaml --format html -o replay.html
      scorekeep replay daifugo.yaml --set 1 --game 2
    """
    from .. import api
    from ..game import Selection
    from ..render import text as render

    if format not in ("text", "html"):
        _fail(f"--format is text or html, not `{format}`")
    # as `score`: the hands (games) before the first unreadable one, every input error on
    # stderr, then exit 2. One Daifugō set is read again, every finding of it worded.
    audit, unreadable = _load_partial(file)
    _check_selection(path_name(file), audit.game, audit.record, hand, set_, game, unreadable)
    try:
        sections = api.replay(audit, Selection(hand=hand, set=set_, game=game, legal=legal))
    except Exception as e:  # noqa: BLE001
        _internal(path_name(file), e)
    if not sections:
        _fail(f"{path_name(file)}: nothing to replay for that selection")
    if format == "html":
        from ..render import html

        text = html.replay_page(audit, sections, render.title(audit), html.unreadable(unreadable))
    else:
        text = render.sections_text(sections)
        if audit.violations:
            text = text.rstrip("\n") + f"\n{len(audit.violations):,} violation(s); see `scorekeep check {file}`"
    emit(text, output, (file,))  # text too: before, -o was ignored without a word
    if unreadable:
        raise typer.Exit(2)


def _check_selection(path: str, game: str, record: Any, hand: int | None, set_: int | None,
                     game_no: int | None, cut: bool = False) -> None:
    """Refuse options of another game and numbers past the end, saying how many there are
    (`cut`: the record was read only up to its first unreadable hand or game)."""
    from ..game import plural
    from ..why import how_many

    before = " before the first one that could not be read" if cut else ""
    sets = getattr(record, "sets", None)
    if sets is None:  # a game of hands: Rook, Oh Hell
        if set_ is not None or game_no is not None:
            from ..games import REGISTRY

            _fail(f"{path}: --set and --game are for Daifugō; this {REGISTRY.get(game).title} record is "
                  "a list of hands: use --hand N")
        if hand is not None:
            numbers = [h.number for h in record.hands]
            if hand not in numbers:
                _fail(f"{path}: there is no hand {hand}: the record has "
                      + how_many(len(numbers), "hand") + before)
        return
    if hand is not None:
        _fail(f"{path}: --hand is for Rook and Oh Hell; this Daifugō record is sets of games: "
              "use --set N and --game N")
    if set_ is not None and set_ not in [s.number for s in sets]:
        _fail(f"{path}: there is no set {set_}: the record has "
              + how_many(len(sets), "set") + before)
    if game_no is not None:
        chosen = [s for s in sets if set_ is None or s.number == set_]
        if not any(game_no in [g.number for g in s.games] for s in chosen):
            counts = ", ".join(f"set {s.number} has {plural(len(s.games), 'game')}" for s in chosen)
            _fail(f"{path}: there is no game {game_no}" + (f" in set {set_}" if set_ is not None else "")
                  + f": {counts or 'the record has no sets yet'}{before}")
