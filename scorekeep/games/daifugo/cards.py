"""Daifugō cards: the standard cards of `scorekeep.cards` plus the joker, and rank strength.

A card in a Daifugō record is a `Card` or a `Joker`. A joker written `JK=5H` remembers the
card it stands in for (`stands_for`); the physical card is still the joker (`plain()`).
Strength is game data kept here: normal order 3 4 … K A 2, then the joker; a revolution
reverses every non-joker card.
"""

from collections.abc import Iterable
from typing import NamedTuple, Union

from ...cards import CARD_HELP as _STANDARD_HELP
from ...cards import RANK_TEXT, SUITS, Card, cached, parse_card


class Joker(NamedTuple):
    """The joker; `stands_for` is the card a `JK=5H` annotation says it plays as."""

    stands_for: Card | None = None

    def __str__(self) -> str:
        return "JK" if self.stands_for is None else f"JK={self.stands_for}"

    @property
    def symbol(self) -> str:
        return "JK" if self.stands_for is None else f"JK(={self.stands_for.symbol})"


DCard = Union[Card, Joker]
JOKER = Joker()

ORDER: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2)
"""Ranks from weakest to strongest in normal order (the joker is above them all)."""
_LEVEL = {rank: i for i, rank in enumerate(ORDER)}
JOKER_LEVEL = len(ORDER)
"""The level of the joker (and of a pair of jokers): above every rank, in either order."""

_JOKER_WORDS = frozenset(("JK", "JOKER", "JKR", "🃏", "ジョーカー", "鬼牌", "鬼"))

CARD_HELP = _STANDARD_HELP + "; the joker is `JK` (also `Joker`), `JK=5H` when it stands in for 5♥"


def level(rank: int) -> int:
    """A rank's place in normal order: 3 → 0 … 2 → 12."""
    return _LEVEL[rank]


def power(lvl: int, revolution: bool) -> int:
    """How strong a level is now: a revolution reverses the ranks; the joker stays on top."""
    if lvl == JOKER_LEVEL or not revolution:
        return lvl
    return JOKER_LEVEL - 1 - lvl


def strength_key(card: DCard) -> int:
    """Normal strength of one card (the exchange's "strongest" is always judged in normal order)."""
    return JOKER_LEVEL if type(card) is Joker else _LEVEL[card.rank]  # type: ignore[union-attr]


def plain(card: DCard) -> DCard:
    """The physical card: a stand-in joker is just a joker."""
    return JOKER if type(card) is Joker else card


def rank_word(lvl: int) -> str:
    return "joker" if lvl == JOKER_LEVEL else RANK_TEXT[ORDER[lvl]]


def _parse(text: str) -> DCard | None:
    """`AS`, `10h`, `♥Q`, `JK`, `Joker`, `JK=5H` … → Card or Joker; None if it is not a card."""
    t = text.replace("\ufe0f", "").strip()
    if t.upper() in _JOKER_WORDS:
        return JOKER
    if "=" in t:
        head, _, tail = t.partition("=")
        if head.strip().upper() in _JOKER_WORDS:
            card = parse_card(tail.strip())
            return Joker(card) if card is not None else None
        return None
    return parse_card(t)


parse = cached(_parse, 19)


def _sort_key(card: DCard) -> tuple[int, int]:
    return (JOKER_LEVEL, 0) if type(card) is Joker else _KEYS[card]  # type: ignore[index]


_KEYS: dict[Card, tuple[int, int]] = {Card(r, s): (_LEVEL[r], SUITS.index(s)) for r in _LEVEL for s in SUITS}
"""`_sort_key` and `symbol` of each card of the deck, looked up rather than computed (a card is a
plain value; a message names every card of a play)."""
_SYMBOLS: dict[Card, str] = {c: c.symbol for c in _KEYS}


def show(cards: Iterable[DCard]) -> str:
    """Cards for a message, weakest first in normal order: `7♥ 7♠ JK`."""
    symbols = _SYMBOLS
    return " ".join(symbols.get(c) or c.symbol for c in sorted(cards, key=_sort_key))  # type: ignore[call-overload]
