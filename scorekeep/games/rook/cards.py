"""Rook cards: the frozen value and its one cached parser.

A Rook card is a color (`R Y B G`) and a number, or the Bird. The 1988 tournament deck has
the numbers 5..14 of each color plus the Bird (41 cards); the 1–4 exist in the Rook box but are
removed, so they still read as cards and the deck rule (`rook.deck`) reports them.

Accepted notation (records.md, plus unambiguous aliases): color then number or number then
color, any case, with or without a space — `R14`, `g6`, `14R`, `red 14`, `Green11`, `綠11`,
`紅 5`, simplified `绿11`; the Bird as `Bird`, `the Bird`, `Rook`, `鳥`, `鳥牌`, `鸟`, `鸟牌`.
`str()` gives the canonical text (`R14`, `G6`, `Bird`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from ...cards import cached

COLORS = "RYBG"
COLOR_NAME = {"R": "red", "Y": "yellow", "B": "black", "G": "green"}

_COLOR_WORDS = {
    "r": "R", "red": "R", "紅": "R", "红": "R", "紅色": "R", "红色": "R",
    "y": "Y", "yellow": "Y", "黃": "Y", "黄": "Y", "黃色": "Y", "黄色": "Y",
    "b": "B", "black": "B", "黑": "B", "黑色": "B",
    "g": "G", "green": "G", "綠": "G", "绿": "G", "綠色": "G", "绿色": "G",
}
_COUNTERS = {5: 5, 10: 10, 14: 10}
_BIRD_WORDS = frozenset(("bird", "the bird", "rook", "鳥", "鳥牌", "鸟", "鸟牌"))
_COLOR_RE = "|".join(sorted((re.escape(w) for w in _COLOR_WORDS), key=len, reverse=True))
# Patterns, not compiled here: `re` compiles each when a card text is first read (the parser is
# cached), which a command that reads no card (`demo`) never does (compiling both: 0.6 ms)
_FORWARD = rf"({_COLOR_RE})\s*(\d{{1,2}})\Z"
_BACKWARD = rf"(\d{{1,2}})\s*({_COLOR_RE})\Z"

CARD_HELP = ("write a color and a number 5–14, e.g. `R14`, `g6`, `red 14`, `綠11` (colors R Y B G, "
             "red yellow black green, 紅 黃 黑 綠), or the Bird: `Bird` (also `鳥`, `鳥牌`)")


class Card(NamedTuple):
    """A Rook card. The Bird has color '' and number 0. `str()` is the canonical text."""

    color: str
    number: int

    def __str__(self) -> str:
        return "Bird" if self.color == "" else f"{self.color}{self.number}"

    @property
    def is_bird(self) -> bool:
        return self.color == ""

    @property
    def points(self) -> int:
        """Counter value: every 5 is 5, every 10 and 14 is 10, the Bird 20, the rest 0."""
        return _COUNTERS.get(self.number, 0) if self.color else 20

    @property
    def name(self) -> str:
        """In words, for messages: `red 14`, `the Bird`."""
        return "the Bird" if self.color == "" else f"{COLOR_NAME[self.color]} {self.number}"


BIRD = Card("", 0)
NUMBERS = range(5, 15)
DECK: tuple[Card, ...] = tuple(Card(c, n) for c in COLORS for n in NUMBERS) + (BIRD,)
DECK_SET = frozenset(DECK)
TOTAL_POINTS = sum(c.points for c in DECK)  # 120


def _parse(text: str) -> Card | None:
    """`R14`, `g6`, `red 14`, `綠11`, `Bird`, `鳥牌` … → Card; None if it is not a Rook card."""
    t = text.strip().lower()
    if t in _BIRD_WORDS:
        return BIRD
    m = re.match(_FORWARD, t)
    if m:
        color, number = _COLOR_WORDS[m.group(1)], int(m.group(2))
    else:
        m = re.match(_BACKWARD, t)
        if not m:
            return None
        color, number = _COLOR_WORDS[m.group(2)], int(m.group(1))
    # 1–4 are real Rook cards (removed in this game: rook.deck judges them); 15+ are not cards.
    return Card(color, number) if 1 <= number <= 14 else None


parse_card = cached(_parse, 15)


def parse_color(text: str) -> str | None:
    """`green`, `G`, `綠`, `Green` … → 'G'; None if it is not a color."""
    return _COLOR_WORDS.get(text.strip().lower())


def is_color_word(text: str) -> bool:
    return text.strip().lower() in _COLOR_WORDS


def sort_key(card: Card) -> tuple[int, int]:
    return (-1, 0) if card.is_bird else (COLORS.index(card.color), -card.number)


def show(cards: Iterable[Card]) -> str:
    """Cards for a message: the Bird first, then by color, high to low."""
    # Equal cards have one text and one place in the order, and there are only 57 different Rook
    # cards (1-14 of each color, the Bird): sort each card once, then repeat it as often as it came
    # (a deal of 600,000 cards is reported with all of them).
    counts = Counter(cards)
    return " ".join(" ".join((str(c),) * counts[c]) for c in sorted(counts, key=sort_key))
