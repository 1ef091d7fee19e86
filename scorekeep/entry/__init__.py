"""Live entry at the table: sessions over a record file, one entry at a time.

- `session.Session`: open a record (locked), judge an entry with the checker, write it
  atomically, undo; `edits`: the edits themselves, kept byte-exact in the text;
- each game's `entry.py` (`scorekeep/games/<game>/`): where the record stands (what is entered
  next, for whom) and the legal choices there. No rule is judged here: a choice is the engine's
  legal move where the engine's position answers the question (Oh Hell's bids, Rook's
  calls), else it is found by trial through the same audit `check` runs; either way the
  entry itself is judged by that audit before it is written.
"""

from __future__ import annotations


from ..errors import Finding
from ..named import NamedTuple


class Choices(NamedTuple):
    """The legal choices at a prompt (canonical text), and the candidates the rules refuse
    there, each with the ruling that refuses it."""

    legal: tuple[str, ...]
    refused: tuple[tuple[str, Finding], ...] = ()
