"""Live entry at the table: sessions over a record file, one entry at a time.

- `session.Session`: open a record (locked), judge an entry with the checker, write it
  atomically and never over another program's save (`Reloaded`), undo; `edits`: the edits
  themselves, kept byte-exact in the text and proved by reading it again;
- each game's `entry.py` (`scorekeep/games/<game>/`): where the record stands (what is entered
  next, for whom) and the legal choices there; the questions `play` asks (`turn`: the next
  entry, `reopen`: `edit N`), through a front end's `Table`; `add_edits` (`add`),
  `undo_edits`; `LIST_KEY` and `NO_FIRST_DEALER` (`new`). No rule is judged here: a choice
  is the engine's legal move where the engine's position answers the question (Oh Hell's
  bids, Rook's calls), else it is found by trial through the same audit `check` runs; either
  way the entry itself is judged by that audit before it is written.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from ..errors import Finding


class Choices(NamedTuple):
    """The legal choices at a prompt (canonical text), and the candidates the rules refuse
    there, each with the ruling that refuses it."""

    legal: tuple[str, ...]
    refused: tuple[tuple[str, Finding], ...] = ()


class Table(Protocol):
    """The front end's side of `play`: a game's entry module asks and tells through it, and the
    front end prompts, prints and writes. `ask` also handles the commands any prompt takes
    (undo, edit N, table, help, quit)."""

    s: Any
    """The session over the record (`session.Session`)."""

    def say(self, text: str = "") -> None: ...

    def ask(self, text: str, default: str | None = None, *, choices: Any = None, many: bool = False) -> str:
        """One answer. `choices`: the legal answers where the flow has them (a `Choices`, whose
        refused candidates carry their rulings, or plain words), for a front end with buttons;
        `many`: the answer is a list of them, in order (a finishing order)."""

    def name(self, text: str, names: Any = None) -> str | None:
        """A player's (or one of `names`') name from what was typed; None (and why) if it is none."""

    def number(self, text: str) -> int | None:
        """A whole number from what was typed; None (and why) if it is not one."""

    def enter(self, edits: list[Any]) -> bool:
        """Judge an entry and write it if legal (or confirmed as it happened); True if written."""

    def show_table(self) -> None: ...

    def over(self) -> bool:
        """At the end: a last chance to correct (`edit N`); False ends."""

    def correct(self, n: int, edits: list[Any]) -> None:
        """Enter the edits of a reopened hand `n`, saying which later running totals moved."""
