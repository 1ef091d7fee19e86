"""Standard playing cards (Oh Hell, Daifugō): the frozen value and its one parser.

A card's `rank` is its face (2..10, J=11, Q=12, K=13, A=14). How strong a rank is belongs to
each game: Oh Hell ranks 2 low … A high; Daifugō ranks 3 low … 2 high and can reverse.
"""

import functools
from collections.abc import Callable, Iterable
from typing import NamedTuple, TypeVar


T = TypeVar("T")

SUITS = "SHDC"
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "*": "🃏"}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "*": "jokers"}
RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             11: "J", 12: "Q", 13: "K", 14: "A"}

_SUIT_IN = {"S": "S", "H": "H", "D": "D", "C": "C",
            "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANK_IN = {text: rank for rank, text in RANK_TEXT.items()} | {"T": 10}
_SUIT_WORDS = {
    "s": "S", "spade": "S", "spades": "S", "♠": "S", "黑桃": "S",
    "h": "H", "heart": "H", "hearts": "H", "♥": "H", "紅心": "H", "红心": "H",
    "d": "D", "diamond": "D", "diamonds": "D", "♦": "D", "方塊": "D", "方块": "D",
    "c": "C", "club": "C", "clubs": "C", "♣": "C", "梅花": "C",
}

CARD_HELP = ("write rank and suit in either order, e.g. `AS`, `10h`, `TH`, `♥Q` "
             "(ranks 2–10 or T, J, Q, K, A; suits S H D C or ♠ ♥ ♦ ♣)")


class Card(NamedTuple):
    """A standard card. `str()` gives the record notation (`10H`); `symbol` the printed one (`10♥`)."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return "JK" if self.rank == 0 else RANK_TEXT[self.rank] + self.suit

    @property
    def symbol(self) -> str:
        return "joker" if self.rank == 0 else RANK_TEXT[self.rank] + SUIT_SYMBOL[self.suit]


DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(2, 15))

JOKER = Card(0, "*")
"""A joker where a game has none (Oh Hell): readable, so it can be judged by the deck rule."""

def cached(parse: Callable[[str], T | None], longest: int) -> Callable[[str], T | None]:
    """A game's card parser behind a cache: an archive repeats the same few dozen card texts
    hundreds of thousands of times. A text longer than `longest` is no card, and junk input
    cannot grow the cache without bound."""
    return functools.wraps(parse)(functools.lru_cache(maxsize=4096)(
        lambda text: parse(text) if len(text) <= longest else None))


def _parse(text: str) -> Card | None:
    """`AS`, `10h`, `TH`, `♥Q`, `Q♥` … → Card; None if it is not a standard card."""
    t = text.replace("\ufe0f", "").strip().upper()  # phones add U+FE0F after ♥
    if len(t) < 2:
        return None
    for suit_first in (False, True):
        s, r = (t[0], t[1:]) if suit_first else (t[-1], t[:-1])
        if s in _SUIT_IN and r in _RANK_IN:
            return Card(_RANK_IN[r], _SUIT_IN[s])
    return None


def _parse_or_joker(text: str) -> Card | None:
    """Like parse_card, but also reads `JK`, `Joker` and `JK=5H` as JOKER (records.md notation)."""
    t = text.strip().upper()
    if t in ("JK", "JOKER") or t.startswith("JK="):
        return JOKER
    return _parse(text)


parse_card = cached(_parse, 11)
parse_card_or_joker = cached(_parse_or_joker, 11)


def parse_suit(text: str) -> str | None:
    """`S`, `♠`, `spades`, `Spade`, `黑桃` … → 'S'; None if it is not a suit."""
    return _SUIT_WORDS.get(text.replace("\ufe0f", "").strip().lower())


def show(cards: "Iterable[Card]") -> str:
    """Cards for a message, grouped by suit, aces first."""
    ordered = sorted(cards, key=lambda c: (SUITS.find(c.suit), -c.rank))
    return " ".join(c.symbol for c in ordered)
