"""`scorekeep play`: keep score at the table, one prompt at a time.

Every entry is judged by the checker before it is written (see `scorekeep.entry`); the
record is saved after each accepted entry, so `quit` (or a kill) loses at most what is
being typed. prompt_toolkit (line editing, history, name completion) is imported here only.
"""

import sys
from pathlib import Path
from typing import Any, Callable

import typer

from .add_cmd import open_session, ruling, safe
from .common import app

COMMANDS = ("undo", "edit", "table", "help", "quit")
HELP = """At any prompt:
  undo      take back the last entry
  edit N    reopen hand N (Daifugō: game N of this set) and correct it
  table     the running score table
  help      this text
  quit      stop here (everything entered is already saved; `scorekeep play FILE` resumes)
Names may be typed by their first letters, in any case. Enter takes the [default]."""


class _Undo(Exception):
    pass


class _Quit(Exception):
    pass


class _Edit(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


class Table:
    """The dialogue's front end (`scorekeep.entry.Table`): prompts (with completion where there is
    a terminal), output, commands; the game's entry module says what to ask."""

    def __init__(self, session: Any, path: Path) -> None:
        self.s = session
        self.path = path
        self._prompt: Callable[[str], str] | None = None

    # --- input and output ----------------------------------------------------------------

    def say(self, text: str = "") -> None:
        sys.stdout.write(safe(text) + "\n")
        sys.stdout.flush()

    def _reader(self) -> Callable[[str], str]:
        if self._prompt is None:
            if sys.stdin.isatty() and sys.stdout.isatty():
                from prompt_toolkit import PromptSession
                from prompt_toolkit.completion import WordCompleter
                from prompt_toolkit.history import InMemoryHistory

                words = [*self.s.players, *COMMANDS, "pass", "yes", "no"]
                ps: Any = PromptSession(history=InMemoryHistory(),
                                        completer=WordCompleter(words, ignore_case=True, WORD=True))
                self._prompt = lambda text: ps.prompt(text)
            else:
                def plain(text: str) -> str:
                    sys.stdout.write(text)
                    sys.stdout.flush()
                    line = sys.stdin.readline()
                    if not line:
                        raise EOFError
                    return line.rstrip("\n")
                self._prompt = plain
        return self._prompt

    def ask(self, text: str, default: str | None = None, *, choices: Any = None, many: bool = False,
            **_kw: Any) -> str:
        """One answer; handles `undo`, `edit N`, `table`, `help`, `quit` at any prompt.
        (`choices`, the legal answers, are in the question's text here: `serve` shows buttons.)"""
        shown = f"{text} [{default}]: " if default is not None else f"{text}: "
        while True:
            try:
                raw = self._reader()(safe(shown))
            except (EOFError, KeyboardInterrupt):
                raise _Quit() from None
            answer = raw.strip()
            word = answer.lower()
            if word == "quit" or word == "q!":
                raise _Quit()
            if word == "undo":
                raise _Undo()
            if word == "help" or word == "?":
                self.say(HELP)
                continue
            if word == "table":
                self.show_table()
                continue
            if word.startswith("edit"):
                rest = word[4:].strip()
                if rest.isdigit():
                    raise _Edit(int(rest))
                self.say("edit which? e.g. `edit 2`")
                continue
            if not answer and default is not None:
                return default
            if answer:
                return answer

    def over(self) -> bool:
        """At the end: a last chance to correct a hand (`edit N`); anything else ends."""
        self.ask("`edit N` to correct a hand or game, Enter to finish", "done")
        return False

    def confirm_anyway(self) -> bool:
        answer = self.ask("Record it anyway, as it happened at the table? (yes/no)", "no").lower()
        return answer in ("y", "yes")

    def show_table(self) -> None:
        from .. import api
        from . import render
        from .common import _title
        from .score_cmd import _wide_terminal

        sheet = api.sheet(self.s.audit)
        # as `score` chooses: the wide table only where the terminal is wide enough for it
        wide = _wide_terminal(render.table_width(sheet, wide=True))
        self.say(render.sheet_text(sheet, _title(self.s.audit), wide=wide))

    # --- entries -------------------------------------------------------------------------

    def enter(self, edits: list[Any]) -> bool:
        """Judge an entry; write it if legal (or confirmed as it happened). True if written."""
        j = self.s.judge(edits)
        if j.error is not None:
            self.say(f"  cannot read that: {j.error.message}")
            return False
        if j.new:
            for f in j.new:
                self.say(f"  refused: {ruling(str(self.path), f)}")
            if not self.confirm_anyway():
                self.say("  nothing written")
                return False
        if not self.save(j):
            return False
        for f in j.new:
            self.say(f"  recorded as a violation: {f.rule}")
        return True

    def save(self, j: Any) -> bool:
        """Commit a judged entry; if another program saved the record meanwhile, say so and
        what the entry would do to the record as it is now (nothing is written)."""
        from ..entry.session import Reloaded

        try:
            self.s.commit(j)
        except Reloaded as e:
            self.say(f"  {self.path} was changed by another program: "
                     + (f"{e.problem}; " if e.problem else "read again; ") + "nothing written")
            if e.again is not None:
                self.say(f"  type it again: {_against_new(e.again)}")
            return False
        return True

    def undo(self) -> None:
        from ..entry.session import Reloaded

        try:
            done = self.s.undo()
        except Reloaded as e:
            self.say(f"  {self.path} was changed by another program: {e.problem or 'read again'}; nothing undone")
            return
        if done:
            self.say("  undone")
            return
        edits = self.module().undo_edits(self.s)
        if not edits:
            self.say("  nothing to undo")
            return
        j = self.s.judge(edits)
        if j.text is None:
            self.say("  cannot undo here")
            return
        if not self.save(j):
            return
        self.s.undo_stack.clear()
        self.say("  undone")

    def module(self) -> Any:
        from ..games import REGISTRY

        return REGISTRY.part(self.s.game.name, "entry")

    def name(self, text: str, names: Any = None) -> str | None:
        from ..entry.values import match_name
        from ..errors import InputError

        try:
            return match_name(text, list(names or self.s.players))
        except InputError as e:
            self.say(f"  {e.message}")
            return None

    def number(self, text: str) -> int | None:
        t = text.strip()
        if t.lstrip("-").isdigit():
            return int(t)
        self.say(f"  `{t}` is not a whole number")
        return None

    # --- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        """The game's questions, one entry at a time (`turn`), until it says the record is done."""
        entry = self.module()
        self.say(f"{self.s.game.title}: {', '.join(self.s.players)} — {self.path}")
        self.say("Type `help` for undo, edit N, table, quit.")
        while True:
            try:
                if not entry.turn(self):
                    return
            except _Undo:
                self.undo()
            except _Edit as e:
                try:
                    self.edit(e.n)
                except _Undo:
                    self.say("  edit abandoned")
                except _Edit:
                    self.say("  one edit at a time; edit abandoned")

    def edit(self, n: int) -> None:
        self.module().reopen(self, n)

    def correct(self, n: int, edits: list[Any]) -> None:
        """Enter the edits of a reopened hand `n` (Oh Hell, Rook), saying which later running
        totals moved with it."""
        if not edits:
            self.say("  no change")
            return
        moved = [e.path[1] + 1 for e in edits if getattr(e, "key", None) == "totals" and len(e.path) == 2]
        if self.enter(edits):
            self.say(f"  hand {n} corrected (kept in `history`); later hands judged again")
            if moved:
                self.say(f"  the running totals written on hand{'s' if len(moved) > 1 else ''} "
                         f"{', '.join(map(str, moved))} moved with it")
            self.show_table()


def _against_new(j: Any) -> str:
    """What an entry judged again against a record another program saved would do."""
    if j.error is not None:
        return f"it cannot be read now ({j.error.message})"
    if j.new:
        return "against the new record it breaks " + ", ".join(f.rule for f in j.new)
    return "it is legal against the new record"


@app.command()
def play(
    file: Path = typer.Argument(..., metavar="FILE", help="The record to keep (start one with `scorekeep new`).",
                                show_default=False),
    wait: bool = typer.Option(False, "--wait", help="If the record is open in another `play` or `add`, wait for it."),
) -> None:
    """Keep score at the table: prompts for each entry, judged before it is written.

    Resumes wherever the record stops (also in the middle of a hand). Each prompt says what
    is entered, for whom, and the legal choices; an entry that breaks a rule is refused
    with the ruling, or recorded on purpose after you confirm it. At any prompt: undo,
    edit N, table, help, quit. The record is saved after every entry.

    \b
    Example:
      scorekeep new oh-hell friday.yaml --players Ana,Ben,Chloé,Dee
      scorekeep play friday.yaml
    """
    session = open_session(file, wait)
    try:
        t = Table(session, file)
        try:
            t.run()
        except _Quit:
            t.say("\nsaved; `scorekeep play " + str(file) + "` resumes here")
    finally:
        session.close()
