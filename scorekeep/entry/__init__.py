"""Live entry at the table: sessions over a record file, one entry at a time.

`session`: open a record (locked), judge an entry with the checker, write it atomically, never
over another program's save, undo; `edits`: the edits, kept byte-exact in the text. Each game's
`entry.py` asks the questions (`ASK`: what `play` asks for each kind of its `where`; `reopen`:
`edit N`) and makes the edits (`add_edits`, `undo_edits`); the choices offered are the engine's
legal moves, or found by trial through the audit `check` runs, and every entry is judged by that
audit before it is written. It also says its record's keys in table words (`KEY_WORDS`, for a
refusal at the prompt: no YAML at the table), the list `new` opens (`LIST_KEY`), and why a new
record takes no `first_dealer` (`NO_FIRST_DEALER`; empty: it takes one). `form`: one
entry of several values asked in turn; `play`: the dialogue's loop, for any front end, through
the `Table` protocol below.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, Protocol

from ..errors import Finding


class Choices(NamedTuple):
    """The legal choices at a prompt (canonical text), and the candidates the rules refuse
    there, each with the ruling that refuses it."""

    legal: tuple[str, ...]
    refused: tuple[tuple[str, Finding], ...] = ()


def ruled(pos: Any, legal: Sequence[Any], candidates: Iterable[Any], hand: int) -> Choices:
    """The engine's `legal` moves at `pos`, and each other of `candidates` with the engine's
    ruling on it (its finding at hand `hand`)."""
    return Choices(tuple(map(str, legal)), tuple((str(m), pos.ruling(m).finding(hand=hand, player=m.player))
                                                 for m in candidates if m not in legal))


class Undone(NamedTuple):
    """What `undo` takes out of a record after a resume (a game's `undo_edits`): the edits, and the
    entry they take back in the table's words (`the tricks taken in hand 3`)."""

    edits: list[Any]
    said: str


class Undo(Exception):
    """Raised by `Table.ask` when `undo` is typed: take back the last thing typed (a value of
    the entry being typed, else the last entry written)."""


class Quit(Exception):
    """Raised by `Table.ask` when `quit` is typed (or input ends): stop; everything written stays."""


class Reopen(Exception):
    """Raised by `Table.ask` on `edit N` (Daifugō also `edit SET.GAME`): correct that hand or game.
    `target` is what was typed after `edit`, e.g. `2` or `1.3`."""

    def __init__(self, target: str) -> None:
        super().__init__(target)
        self.target = target


class Table(Protocol):
    """The front end's side of `play` (`cli.terminal.Table`, `web.live.LiveTable`): the game's
    questions ask and tell through it; `scorekeep.entry.play.run(table)` runs the dialogue. A
    subclass has `name` and `number` as written here.

    `ask` raises `Undo`, `Quit` or `Reopen` for `undo`, `quit` and `edit N`, and answers
    `table`, `help` and `why` itself. A typed answer that is exactly a name offered (a player
    called Edith, Undo) is that answer, never a command; commands are whole words."""

    s: Any
    """The session over the record (`session.Session`)."""

    fill_last: bool
    """Oh Hell: the last player's trick count is what the others leave (`play --fill-last`),
    instead of being asked and the sum checked."""

    keeps: str
    """How the scorer keeps a value already written, in this front end's words (a terminal: `Enter
    keeps what is written`; a phone: `tap OK to keep what is written`)."""

    def say(self, text: str = "", style: str | None = None) -> None:
        """Show a line. `style` (`refused`, `set`, `forbidden`) may colour it where the front end
        can (a terminal without NO_COLOR); the words alone must carry the meaning."""

    def ask(self, text: str, default: str | None = None, *, choices: Any = None, many: bool = False) -> str:
        """One answer to the prompt `text` (Enter gives `default`); raises Undo, Quit, Reopen.
        `choices`: the answers the flow offers, where it has them (a `Choices`, whose refused
        candidates carry the engine's rulings, or plain words), for a front end with buttons;
        the prompt's text says them too, so a front end may ignore them. `many`: the answer is
        several of them in order, separated by commas (a finishing order)."""

    def name(self, text: str, names: Any = None, what: str = "a player") -> str | None:
        """The one of `names` (default: the players) that `text` stands for (the name, or the
        only one it starts, any case); None (and says why, calling it `what`) if none."""
        from ..errors import InputError
        from .values import match_name

        try:
            return match_name(text, list(names or self.s.players), what)
        except InputError as e:
            self.say(f"  {e.message}")
            return None

    def number(self, text: str) -> int | None:
        """A whole number from what was typed; None (and says why) if it is not one."""
        n = text.strip()
        if n.lstrip("-").isdigit():
            return int(n)
        self.say(f"  `{n}` is not a whole number")
        return None

    def refused(self, findings: Any, options: str = "") -> str:
        """Show why an entry is refused (short: a line or two, the rule id at the end; `why`
        at the next prompt gives the full ruling) and ask `Record it anyway?`. Returns `yes`,
        `no`, or what else was typed: the corrected value (or, where `options` lists them,
        which value to correct)."""

    def unreadable(self, error: Any) -> None:
        """Say briefly why an entry cannot be read into the record (an InputError: a name not
        in the finishing order, …); `why` at the next prompt gives all of it."""

    def show_table(self) -> None:
        """Show the running score table (its compact layout, the same shape all game)."""

    def over(self) -> bool:
        """At the end: a last chance to correct (`edit N`); False ends."""
