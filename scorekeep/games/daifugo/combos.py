"""Daifugō combinations and what may cover what: the legal sets of `daifugo.combination`,
`daifugo.follow-shape`, `daifugo.follow-stronger`, `daifugo.suit-lock` and
`daifugo.spade-3-return`.

A play is a tuple of cards. `readings()` lists every way the rules can read it (a joker can
stand in for different cards); `decide()` asks the table's rules in order and picks the reading
that makes the play legal on the current table — the strongest one — or, when none does, the
reading closest to legal and the first rule it breaks; `judge()` words that for a player.
"""

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from ...cards import RANK_TEXT, SUIT_SYMBOL, SUITS, Card
from .cards import JOKER_LEVEL, ORDER, DCard, Joker, level, power, rank_word, show

SINGLE, GROUP, STAIRS = "single", "group", "stairs"
MAX_GROUP = 6
EIGHT = level(8)
SPADE_3 = Card(3, "S")

_COUNT_WORDS = {2: "a pair of", 3: "three", 4: "four", 5: "five", 6: "six"}


class Reading(NamedTuple):
    """One way of reading a play.

    `level` is the group's rank, or the stairs' lowest card, in normal order (0 = 3 … 12 = 2);
    JOKER_LEVEL for the lone joker and for a pair of jokers. `suits` are the suits fixed by
    natural cards and annotated jokers; `wild` counts jokers free to take any suit (a lock).
    """

    kind: str
    size: int
    level: int
    suit: str | None
    """The suit of stairs."""
    suits: tuple[str, ...]
    wild: int
    jokers: int
    has_eight: bool
    """An 8 in the play, natural or stood in for by a joker."""

    def describe(self) -> str:
        """`a single 7`, `four 9s`, `a pair of jokers`, `stairs 7-8-9♥` — as players say it."""
        if self.kind == SINGLE:
            return "the joker" if self.level == JOKER_LEVEL else f"a single {rank_word(self.level)}"
        if self.kind == GROUP:
            if self.level == JOKER_LEVEL:
                return "a pair of jokers"
            return f"{_COUNT_WORDS.get(self.size, str(self.size))} {rank_word(self.level)}s"
        ranks = "-".join(RANK_TEXT[ORDER[i]] for i in range(self.level, self.level + self.size))
        return f"stairs {ranks}{SUIT_SYMBOL[self.suit or 'S']} (階段)"

    @property
    def plural(self) -> bool:
        """Whether `describe` names it in the plural (`four 9s`, `stairs 7-8-9♥`; not `a pair of 5s`), for the
        verb after it."""
        return self.kind == STAIRS or self.kind == GROUP and self.size > 2 and self.level != JOKER_LEVEL

    def shape(self) -> str:
        if self.kind == SINGLE:
            return "a single card"
        if self.kind == GROUP:
            return "a pair" if self.size == 2 else f"a group of {self.size} cards of one rank"
        return f"stairs of {self.size} cards"


@lru_cache(maxsize=8192)
def readings(cards: tuple[DCard, ...], joker_pair: bool = True) -> tuple[Reading, ...]:
    """Every reading of a play as a single, a group or stairs (daifugo.combination); () if none.

    A lone joker is the joker (an annotation does not make it a weaker card). Two jokers alone
    are a pair of jokers unless annotated as another rank (house default `joker_pair`).
    """
    n = len(cards)
    naturals = [c for c in cards if type(c) is Card]
    jokers = [c for c in cards if type(c) is Joker]
    fixed: list[Card] = naturals + [j.stands_for for j in jokers if j.stands_for is not None]  # type: ignore[misc]
    wild = sum(1 for j in jokers if j.stands_for is None)
    if n == 1:
        c = cards[0]
        if type(c) is Joker:
            return (Reading(SINGLE, 1, JOKER_LEVEL, None, (), 1, 1, False),)
        return (Reading(SINGLE, 1, level(c.rank), None, (c.suit,), 0, 0, c.rank == 8),)  # type: ignore[union-attr]
    out: list[Reading] = []
    if 2 <= n <= MAX_GROUP:
        ranks = {c.rank for c in fixed}
        if len(ranks) == 1:
            r = ranks.pop()
            out.append(Reading(GROUP, n, level(r), None, tuple(sorted((c.suit for c in fixed), key=SUITS.index)), wild,
                               len(jokers), r == 8))
        elif not fixed and joker_pair:
            out.append(Reading(GROUP, n, JOKER_LEVEL, None, (), n, n, False))
    if n >= 3 and fixed:
        suits = {c.suit for c in fixed}
        places = [level(c.rank) for c in fixed]
        if len(suits) == 1 and len(set(places)) == len(places):
            suit = suits.pop()
            lo, hi = min(places), max(places)
            for start in range(max(0, hi - n + 1), min(lo, len(ORDER) - n) + 1):
                out.append(Reading(STAIRS, n, start, suit, (suit,) * n, 0, len(jokers),
                                   start <= EIGHT < start + n))
    return tuple(out)


def lone_joker(cards: tuple[DCard, ...], cut_only: bool = False) -> str | None:
    """A lone joker written as a card (`JK=8S`): why the card written is not taken, in words — a lone joker is
    always the joker (`readings`), so `JK=8S` is no 8 and does not cut. None for any other play (`cut_only`:
    also for a lone joker written as another rank than 8, where no 8-cut was to be had)."""
    if len(cards) != 1 or type(cards[0]) is not Joker or cards[0].stands_for is None:
        return None
    written = cards[0].stands_for
    eight = written.rank == 8
    if cut_only and not eight:
        return None
    return (f"a lone joker is always the joker, the strongest single: the {written.symbol} written for it is not "
            "taken" + (", so it does not cut (no 8切り)" if eight else ""))


def why_not_combination(cards: tuple[DCard, ...]) -> str:
    """Why a play has no reading, for the daifugo.combination message."""
    n = len(cards)
    naturals = [c for c in cards if type(c) is Card]
    stand_ins = [j.stands_for for j in cards if type(j) is Joker and j.stands_for is not None]
    fixed = naturals + stand_ins
    if n > MAX_GROUP and len({c.rank for c in fixed}) <= 1:
        return f"a group has at most {MAX_GROUP} cards (four suits and two jokers)"
    if n == 2 and not fixed:
        return ("two jokers alone are not a pair under the house rule `joker_pair: false`; write the rank "
                "they stand for (`JK=5H JK=5S`)")
    if n == 2:
        return "two cards form a pair only when they share a rank (a joker may stand in for either)"
    suits = {c.suit for c in fixed}
    ranks = [c.rank for c in fixed]
    bits = []
    if len(set(ranks)) > 1:
        bits.append("it is not a group (its cards are not all one rank)")
    if len(suits) > 1:
        bits.append("it is not stairs (stairs are one suit)")
    elif len(set(ranks)) < len(ranks):
        bits.append("it is not stairs (a rank appears twice)")
    else:
        bits.append(f"it is not stairs: {n} consecutive cards of one suit in the order 3 … K A 2 cannot "
                    "hold these ranks (no wrap-around: K-A-2 is stairs, A-2-3 is not)")
    if stand_ins:
        bits.append("check the `JK=` annotations")
    return "; ".join(bits)


def lock_fits(r: Reading, lock: tuple[str, ...]) -> bool:
    """Whether a reading has the locked suit composition (jokers may stand in for a locked suit)."""
    if r.size != len(lock):
        return False
    rest = list(lock)  # each suit of the reading takes one locked suit (a few cards: no Counters)
    for suit in r.suits:
        if suit not in rest:
            return False
        rest.remove(suit)
    return True


def lock_text(lock: tuple[str, ...]) -> str:
    return "".join(SUIT_SYMBOL[s] for s in lock)


class House(NamedTuple):
    """The house rules that change what covers a play: the spade-3 return, the jokers in the deck, and
    whether two jokers alone are a pair."""

    spade_3_return: bool = True
    jokers: int = 2
    joker_pair: bool = True


@lru_cache(maxsize=1024)
def cover_text(top: Reading, revolution: bool, house: House = House()) -> str | None:
    """What would legally cover `top` now, for messages: `four of one rank from 10, J, Q, K, A, 2`; None
    when nothing does."""
    if top.level == JOKER_LEVEL:
        return "only the spade 3 returns it" if top.kind == SINGLE and house.spade_3_return else None
    better = [i for i in range(len(ORDER)) if power(i, revolution) > power(top.level, revolution)]
    if top.kind == STAIRS:
        better = [i for i in better if i + top.size <= len(ORDER)]
        if not better:
            return None
        return f"stairs of {top.size} (one suit) starting at " + ", ".join(rank_word(i) for i in better)
    words = [rank_word(i) for i in better]
    if top.kind == SINGLE:
        if not words:
            return "only the joker" if house.jokers else None
        return "a single " + ", ".join(words) + (" or the joker" if house.jokers else "")
    if top.size == 2 and house.jokers >= 2 and house.joker_pair:
        words.append("two jokers")
    if not words:
        return None
    count = _COUNT_WORDS.get(top.size, str(top.size)).replace("a pair of", "a pair")
    return f"{count} of one rank from " + ", ".join(words)


def cover_words(top: Reading, revolution: bool, lock: tuple[str, ...] | None, house: House = House()) -> str | None:
    """What would legally cover `top` now under the lock (None: none), for every message that says so (a
    refused play's, the legal choices of a hand not known): `cover_text`, and the locked suits — but not
    for the lone joker, which the spade 3 returns even under a lock (daifugo.spade-3-return). None when
    nothing covers it."""
    text = cover_text(top, revolution, house)
    if text is not None and lock is not None and top.level != JOKER_LEVEL:
        text += f", in the locked suits {lock_text(lock)}"
    return text


class Verdict(NamedTuple):
    """How a play fares on the table: the reading taken, and the rule it breaks (None if legal)."""

    reading: Reading | None
    rule: str | None = None
    message: str = ""
    returns: bool = False
    """A legal spade-3 return (the table clears)."""


@lru_cache(maxsize=16384)
def decide(cards: tuple[DCard, ...], top: Reading | None, revolution: bool, lock: tuple[str, ...] | None,
           spade_3_return: bool, joker_pair: bool = True) -> Verdict:
    """The table's ruling on a play covering `top` (None: a lead), its conditions asked once each,
    in the digest's order: daifugo.combination, daifugo.spade-3-return (settles a single spade 3
    on the lone joker), daifugo.follow-shape, daifugo.follow-stronger, daifugo.suit-lock. The
    verdict names the first rule the play breaks and the reading closest to legal, or the reading
    taken (the strongest legal one); nothing is worded (`judge` words it). A pure function of its
    arguments, cached: a record repeats the same plays on the same tables."""
    options = readings(cards, joker_pair)
    if not options:
        return Verdict(None, "daifugo.combination")
    if top is None:
        # Every reading leads legally; prefer a group (jokers as the rank shown), then the strongest.
        return Verdict(options[0] if len(options) == 1 else max(
            options, key=lambda r: (r.kind != STAIRS, power(r.level, revolution))))
    if spade_3_return and top.kind == SINGLE and top.jokers == 1 and cards == (SPADE_3,):  # the lone joker
        return Verdict(options[0], returns=True)
    shaped = [r for r in options if r.kind == top.kind and r.size == top.size]
    if not shaped:
        return Verdict(options[0], "daifugo.follow-shape")
    beat = power(top.level, revolution)
    stronger = [r for r in shaped if power(r.level, revolution) > beat]
    if not stronger:
        return Verdict(max(shaped, key=lambda x: power(x.level, revolution)), "daifugo.follow-stronger")
    fitting = stronger if lock is None else [r for r in stronger if lock_fits(r, lock)]
    if not fitting:
        return Verdict(max(stronger, key=lambda x: power(x.level, revolution)), "daifugo.suit-lock")
    # The strongest reading that beats it (the first of equals, as `max` takes it).
    return Verdict(max(fitting, key=lambda x: power(x.level, revolution)))


@lru_cache(maxsize=16384)
def judge(cards: tuple[DCard, ...], top: Reading | None, revolution: bool, lock: tuple[str, ...] | None,
          spade_3_return: bool, joker_pair: bool = True, jokers: int = 2) -> Verdict:
    """`decide`'s verdict, with the message of the rule a refused play breaks (`jokers`: in the deck, for
    what would cover the table)."""
    v = decide(cards, top, revolution, lock, spade_3_return, joker_pair)
    if v.rule is None:
        return v
    house = House(spade_3_return, jokers, joker_pair)
    return v._replace(message=_WORDS[v.rule](cards, v.reading, top, revolution, lock, house))


def _not_combination(cards: tuple[DCard, ...], r: Reading | None, top: Reading | None, revolution: bool,
                     lock: tuple[str, ...] | None, house: House) -> str:
    return f"{show(cards)} is not a single, a group or stairs: {why_not_combination(cards)}"


def _other_shape(cards: tuple[DCard, ...], r: Reading, top: Reading, revolution: bool,
                 lock: tuple[str, ...] | None, house: House) -> str:
    extra = ""
    if r.kind == GROUP and r.size >= 4 and top.kind == SINGLE:
        extra = " Four of a kind never covers a single."
    elif cards == (SPADE_3,) and top.kind == GROUP and top.level == JOKER_LEVEL:
        extra = " The spade 3 returns only a single joker, not a pair of jokers."
    return (f"{r.describe()} cannot cover {top.describe()}: a play must be the same kind with the "
            f"same number of cards as the play it covers — here {top.shape()}: "
            f"{cover_words(top, revolution, lock, house) or 'nothing covers it'} — or a pass.{extra}")


def _unlocked(cards: tuple[DCard, ...], r: Reading, top: Reading, revolution: bool,
              lock: tuple[str, ...], house: House) -> str:
    return (f"the suits are locked (縛り) to {lock_text(lock)}, and {show(cards)} has other suits: until "
            f"the table clears every play must have the suits {lock_text(lock)} (a joker may stand in "
            "for a locked suit)")


def _weaker(cards: tuple[DCard, ...], r: Reading, top: Reading, revolution: bool,
            lock: tuple[str, ...] | None, house: House) -> str:
    head = f"{r.describe()} cannot cover {top.describe()}"
    if top.level == JOKER_LEVEL:
        if top.kind == SINGLE:
            tail = ("nothing beats the joker except the spade 3 (スペ3返し, daifugo.spade-3-return)"
                    if house.spade_3_return else "nothing beats the joker (spade-3 return is off by house rule)")
        else:
            tail = "a pair of jokers is the strongest pair (house default `joker_pair`)"
        return f"{head}: {tail}"
    cover = cover_words(top, revolution, lock, house) or "nothing covers it"
    if r.level == top.level:
        mine = rank_word(r.level) if r.kind != STAIRS else f"stairs from {rank_word(r.level)}"
        return (f"{head}: {mine} and {rank_word(top.level)} are equal, and equal is not stronger "
                f"(suits never break ties); to cover it: {cover}, or pass")
    order = "revolution (革命)" if revolution else "normal"
    cmp = f"in {order} order {rank_word(r.level)} is weaker than {rank_word(top.level)}"
    if r.kind == STAIRS:
        cmp = "stairs are compared by their lowest card, and " + cmp
    return f"{head}: {cmp}; to cover it: {cover}, or pass"


_WORDS: dict[str, Callable[..., str]] = {"daifugo.combination": _not_combination, "daifugo.follow-shape": _other_shape,
                                         "daifugo.follow-stronger": _weaker, "daifugo.suit-lock": _unlocked}
"""The message of each table rule a play breaks (`judge`)."""
