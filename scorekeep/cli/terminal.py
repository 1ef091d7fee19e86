"""The terminal front end of `play` (`Table`): prompts with line editing and name completion,
refusals in two lines, colour where the terminal has it. Imported by `play` alone, when it
runs (its help and the other commands never load the entry machinery).
"""

import os
import sys
from pathlib import Path
from typing import Any, Callable

from .. import api, entry
from ..entry import play
from ..entry.values import table_words
from ..render.text import COLUMNS, sheet_text, title, width, wrap
from .add_cmd import ruling
from .common import clean

COMMANDS = ("undo", "edit", "table", "why", "help", "quit")
HELP = """At any prompt:
  undo      take back the last thing typed (a value of this entry, else the
            last entry)
  edit N    reopen hand N (Daifugō: game N of this set, or SET.GAME) and
            correct it
  table     the running score table
  why       the full ruling on the last refusal
  help      this text
  quit      stop here (everything entered is already saved; `scorekeep play
            FILE` resumes)
Names may be typed by their first letters, in any case; a list of names is
separated by commas (or spaces, where no name holds one). Enter takes the
[default]."""

_STYLES = {"refused": "\x1b[1;31m", "set": "\x1b[33m", "forbidden": "\x1b[35m"}


class Table(entry.Table):
    """The terminal front end of `play` (`scorekeep.entry.Table`: see its docstring for each
    method): prompts with line editing and name completion where there is a terminal, plain
    lines through a pipe; the game's entry module says what to ask."""

    def __init__(self, session: Any, path: Path, fill_last: bool = False) -> None:
        self.s = session
        self.path = path
        self.fill_last = fill_last
        self.keeps = "Enter keeps what is written"
        self._prompt: Callable[[str], str] | None = None
        # colour only on a terminal that has it, and never under NO_COLOR (no-color.org)
        self._colour = (sys.stdout.isatty() and not os.environ.get("NO_COLOR")
                        and os.environ.get("TERM", "") not in ("", "dumb"))
        self._last_refusal: list[Any] = []
        self._table_shown: str | None = None  # the record text the table was last shown for

    # --- input and output ----------------------------------------------------------------

    @property
    def _cols(self) -> int:
        """The columns words wrap at: 80, or a narrower terminal's width (asked each time: it may be resized)."""
        if not sys.stdout.isatty():
            return COLUMNS
        import shutil

        return max(20, min(COLUMNS, shutil.get_terminal_size((COLUMNS, 24)).columns))

    def say(self, text: str = "", style: str | None = None) -> None:
        """A line (a one-line message wider than the terminal, 80 columns at most, wrapped, its indent kept; a table
        as it is), coloured by `style` where the terminal has colour."""
        line = clean(text)
        if "\n" not in line and width(line) > self._cols:
            indent = line[:len(line) - len(line.lstrip(" "))]
            line = "\n".join(wrap(line.strip(), self._cols, indent))
        if style in _STYLES and self._colour:
            line = f"{_STYLES[style]}{line}\x1b[0m"
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def _reader(self) -> Callable[[str], str]:
        if self._prompt is None:
            if sys.stdin.isatty() and sys.stdout.isatty():
                from prompt_toolkit import PromptSession
                from prompt_toolkit.completion import WordCompleter
                from prompt_toolkit.history import InMemoryHistory

                words = [*self.s.players, *COMMANDS, "pass", "yes", "no"]
                # no lines kept free under the prompt for the completion menu: on 80x24 they
                # would push the table's player names off the screen
                ps: Any = PromptSession(history=InMemoryHistory(), reserve_space_for_menu=0,
                                        completer=WordCompleter(words, ignore_case=True, WORD=True))
                self._prompt = ps.prompt
            else:  # through a pipe: the prompt written, a line read (EOFError at the end)
                self._prompt = input
        return self._prompt

    def ask(self, text: str, default: str | None = None, *, choices: Any = None, many: bool = False) -> str:
        """One answer; handles undo, edit N, table, why, help, quit at any prompt. Commands are
        whole words, and a player's exact name (Edith, or a player called Undo) is never one.
        (`choices` and `many` are for a front end with buttons: the prompt's text says them here.)"""
        shown = f"{text} [{default}]: " if default is not None else f"{text}: "
        players = {p.casefold() for p in self.s.players}
        while True:
            try:
                raw = self._reader()(clean(shown))
            except (EOFError, KeyboardInterrupt):
                raise entry.Quit() from None
            answer = raw.strip()
            if not answer and default is not None:
                return default
            words = answer.lower().split()
            if answer.casefold() in players or (words and words[0].casefold() in players):
                return answer  # a name (a list of names) typed: never a command
            cmd = words[0] if words else ""
            if cmd in ("quit", "q!") and len(words) == 1:
                raise entry.Quit()
            if cmd == "undo" and len(words) == 1:
                raise entry.Undo()
            if cmd in ("help", "?") and len(words) == 1:
                self.say(HELP)
            elif cmd == "table" and len(words) == 1:
                self.show_table(again=True)
            elif cmd == "why" and len(words) == 1:
                self._why()
            elif cmd == "edit" and len(words) <= 2:
                if len(words) == 2 and words[1].replace(".", "", 1).isdigit():
                    raise entry.Reopen(words[1])
                self.say("  edit which? e.g. `edit 2`")
            elif answer:
                return answer

    def unreadable(self, error: Any) -> None:
        first, whole = play.unreadable_text(self.s.game.name, error)
        self._last_refusal = [whole]
        said = f"cannot read that: {first}" + (" (`why` says more)" if first != whole else "")
        for line in wrap(said, self._cols, "  "):
            self.say(line, "refused")

    def _why(self) -> None:
        if not self._last_refusal:
            self.say("  nothing was refused yet")
            return
        for f in self._last_refusal:
            # (a str: why an entry could not be read, already in the table's words)
            text = clean(f) if isinstance(f, str) else \
                ruling(f._replace(message=table_words(self.s.game.name, f.message)))
            for line in wrap(text, self._cols, "  "):
                self.say(line)

    def over(self) -> bool:
        """At the end: a last chance to correct a hand (`edit N`); Enter (or `done`) ends, and anything
        else is asked again (`edti 2` ended the session without a word)."""
        while self.ask("`edit N` to correct a hand or game, Enter to finish", "done").lower() != "done":
            self.say("  type `edit N` (e.g. `edit 2`) to correct it, or press Enter to finish")
        return False

    def refused(self, findings: Any, options: str = "") -> str:
        self._last_refusal = list(findings)
        for f in findings:
            for line in two_lines(f"refused: {play.refusal_text(self.s.game.name, f)}", f.rule, self._cols):
                self.say(line, "refused")
        how = f"yes, or which to correct: {options}" if options else "yes, no, or the corrected value"
        return self.ask(f"Record it anyway? ({how})", "no").strip()

    def show_table(self, again: bool = False) -> None:
        """The running table; not shown twice for the same record unless asked (`table`)."""
        if not again and self._table_shown == self.s.text:
            return
        self._table_shown = self.s.text
        # always the narrowest compact layout, not `score`'s wide table (or a wider compact one) where it
        # fits: those widen as the scores and events grow, and the sheet would change shape mid-game
        self.say(sheet_text(api.sheet(self.s.audit), title(self.s.audit), names=self.s.players, steady=True))

    # --- entries -------------------------------------------------------------------------

    def run(self) -> None:
        """The game's questions, one entry at a time, until it says the record is done."""
        self.say(f"{self.s.game.title}: {', '.join(self.s.players)} — {self.path}")
        self.say("Type `help` for undo, edit N, table, why, quit.")
        play.run(self)


def two_lines(text: str, rule: str, cols: int = COLUMNS) -> list[str]:
    """A refusal in at most two lines of `cols` columns, cut with `…` before the rule id if it is
    longer (`why` gives all of it)."""
    lines = wrap(text, cols, "  ")
    if len(lines) <= 2:
        return lines
    second = lines[1]
    room = cols - width(rule) - 4
    while width(second) > room and " " in second.strip():
        second = second.rstrip().rsplit(" ", 1)[0]
    return [lines[0], f"{second.rstrip(' ,;:')}… ({rule})"]
