"""Live entry at the table: sessions over a record file, one entry at a time.

- `session.Session`: open a record (locked), judge an entry with the checker, write it
  atomically, undo; `edits`: the edits themselves, kept byte-exact in the text;
- `oh_hell`, `rook`, `daifugo`: per game, where the record stands (what is entered next,
  for whom) and the legal choices there. No rule is judged here: a choice is the engine's
  legal move where the engine's position answers the question (Oh Hell's bids, Rook's
  calls), else it is found by trial through the same audit `check` runs; either way the
  entry itself is judged by that audit before it is written.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import Finding


class Choices(NamedTuple):
    """The legal choices at a prompt (canonical text), and the candidates the rules refuse
    there, each with the ruling that refuses it."""

    legal: tuple[str, ...]
    refused: tuple[tuple[str, Finding], ...] = ()


ENTRY_MODULES = {"oh-hell": "scorekeep.entry.oh_hell", "rook": "scorekeep.entry.rook",
                 "daifugo": "scorekeep.entry.daifugo"}


def module_for(game: str):  # type: ignore[no-untyped-def]
    """The entry module of a game (imported when needed)."""
    import importlib

    return importlib.import_module(ENTRY_MODULES[game])
