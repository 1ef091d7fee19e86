"""`scorekeep play`: keep score at the table, one prompt at a time.

Every entry is judged by the checker before it is written (see `scorekeep.entry`); the
record is saved after each accepted entry, so `quit` (or a kill) loses at most what is
being typed. The terminal front end is `terminal.Table`; prompt_toolkit (line editing,
history, name completion) is imported there only, when a terminal asks.
"""

from pathlib import Path

import typer

from .add_cmd import open_session
from .common import app


@app.command()
def play(
    file: Path = typer.Argument(..., metavar="FILE", help="The record to keep (start one with `scorekeep new`).",
                                show_default=False),
    wait: bool = typer.Option(False, "--wait",
                              help="If the record is open in another `play`, `add` or `serve`, wait for it."),
    fill_last: bool = typer.Option(False, "--fill-last", help="Oh Hell: the last player's tricks are what the "
                                   "others leave, not asked (by default every count is asked and the sum checked)."),
) -> None:
    """Keep score at the table: prompts for each entry, judged before it is written.

    Resumes wherever the record stops (also in the middle of a hand). Each prompt says what
    is entered, for whom, and the legal choices; an entry that breaks a rule is refused
    with the ruling, or recorded on purpose after you confirm it. At any prompt: undo,
    edit N, table, why, help, quit. The record is saved after every entry.

    \b
    Example:
      scorekeep new oh-hell friday.yaml --players Ana,Ben,Chloé,Dee
      scorekeep play friday.yaml
    """
    from ..entry import Quit
    from .terminal import Table

    session = open_session(file, wait)
    try:
        t = Table(session, file, fill_last)
        try:
            t.run()
        except Quit:
            t.say("\nsaved; `scorekeep play " + str(file) + "` resumes here")
    finally:
        session.close()
