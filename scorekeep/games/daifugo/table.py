"""The Daifugō table in one game: the play to beat, the last legal play, the lock (縛り), the order
(革命) and the passes since it last cleared — what may cover it (daifugo.follow-shape,
daifugo.follow-stronger, daifugo.suit-lock, through `combos.judge`), and the effects a legal play
has on it, each written once: a revolution, an 8-cut, a lock, a spade-3 return, the clear (each
gives the turn's note and the words of its event; the engine reports it under its rule id).

A position (`engine.Position`) holds one `Table` and copies it before a move changes it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from ...game import ordinal
from .cards import DCard, _sort_key
from .combos import House, Reading, Verdict, cover_words, decide, lock_text
from .combos import judge as _judge
from .holdings import hand_plays
from .model import OnTable, cards_text

ALLOWED_CAP = 24
"""At most this many plays are listed in `allowed`; a last entry `… and N more` counts the rest."""

Words = Callable[[], str]
"""A finding's message, worded when called: by the collector for a finding it keeps (a record can
break one rule a million times, and past the cap nobody reads the words)."""


class Table:
    """The table (a part of a position, copied before a move changes it)."""

    __slots__ = ("top", "ref", "lock", "revolution", "revolutions", "passed", "early", "last_clear")

    def __init__(self) -> None:
        """The table at the start of the play: empty, normal order, nobody passed."""
        self.top: OnTable | None = None
        """The play to beat (None: an empty table)."""
        self.ref: OnTable | None = None
        """The last legal play on the table (what a play after an illegal one may be judged against)."""
        self.lock: tuple[str, ...] | None = None
        self.revolution = False
        self.revolutions = 0
        self.passed: dict[str, int] = {}
        """Who passed since the table last cleared, and at which play (negative: a pass taken as missing)."""
        self.early: dict[str, int] = {}
        """Passes on an empty table (reported), by play: if the record then skips that player on the
        next lead, the pass stands for their pass on it (a pass said before the lead)."""
        self.last_clear: tuple[str, OnTable | None] = ("first", None)
        """How the table last cleared (`first`: it has not), and the play that cleared it."""

    def copy(self) -> Table:
        """A copy a move may change (the passes copied, the plays shared: they are values)."""
        new = Table.__new__(Table)
        new.top, new.ref, new.lock, new.last_clear = self.top, self.ref, self.lock, self.last_clear
        new.revolution, new.revolutions = self.revolution, self.revolutions
        new.passed, new.early = dict(self.passed), dict(self.early)
        return new

    # -- what may cover it ------------------------------------------------------------------------

    def lock_on(self, opts: Mapping[str, Any]) -> tuple[str, ...] | None:
        """The suits locked (縛り) where the house rules lock suits (`suit_lock`); else None."""
        return self.lock if opts["suit_lock"] else None

    def against(self) -> tuple[OnTable | None, bool]:
        """What a play is judged against: the play on the table — or, when that is no combination,
        the last legal one (None: a lead) — and whether a play that fails there may still stand on
        the last legal one (after an illegal play)."""
        top, ref = self.top, self.ref
        base = ref if top is not None and top.reading is None else top
        return base, top is not None and not top.legal and base is not ref

    def judge(self, opts: Mapping[str, Any], p: str, cards: tuple[DCard, ...], in_turn: bool, worded: bool = True
              ) -> tuple[Verdict, OnTable | None, bool]:
        """The verdict on `p`'s play, the play it covers, and whether it is judged as a lead: when `p`
        acts again on their own play out of turn, they thought the table had cleared (e.g. after
        stairs with an 8) — one mistake, judged as a lead. After an illegal play, a play legal on
        the last legal one stands (and covers that one). `worded` false: a refused play's verdict
        without its message (`combos.decide`), for a lister that only asks which rule it breaks."""
        judge = partial(_judge, jokers=opts["jokers"]) if worded else decide
        s3, jp, top = opts["spade_3_return"], opts["joker_pair"], self.top
        if top is not None and p == top.player and not in_turn:
            return judge(cards, None, self.revolution, None, s3, jp), None, True
        lock_on = self.lock_on(opts)
        base, second = self.against()
        v = judge(cards, base.reading if base else None, self.revolution, lock_on, s3, jp)
        if v.rule is not None and second:
            ref = self.ref
            alt = judge(cards, ref.reading if ref else None, self.revolution, lock_on, s3, jp)
            if alt.rule is None:
                return alt, ref, False
        return v, base, False

    def cover_sizes(self) -> frozenset[int] | None:
        """The numbers of cards a legal play may have on this table (None: any). Every reading of a
        play has as many cards as the play, and `combos.judge` lets a play cover only a reading of
        its own size (the spade-3 return too: a single on the lone joker); a play is judged against
        the base and, after an illegal play, the last legal one — either of them None is a lead."""
        base, second = self.against()
        if base is None or base.reading is None:
            return None
        if second:
            if self.ref is None or self.ref.reading is None:
                return None
            return frozenset((base.reading.size, self.ref.reading.size))
        return frozenset((base.reading.size,))

    def allowed(self, opts: Mapping[str, Any], hand: Counter[DCard] | None) -> tuple[str, ...]:
        """What a player holding `hand` may play here, as canonical text: `pass` and the plays from
        the hand (at most `ALLOWED_CAP`, then `… and N more`); for a hand known only by its count
        (None), `pass` and what would cover the table, in words."""
        base, second = self.against()
        ref, revolution = self.ref, self.revolution
        out = ["pass"] if self.top is not None else []
        if hand is None:
            if base is not None and base.reading is not None:
                lock, house = self.lock_on(opts), House(opts["spade_3_return"], opts["jokers"], opts["joker_pair"])
                if (cover := cover_words(base.reading, revolution, lock, house)) is not None:
                    out.append(cover)  # (words: not a choice where nothing covers it)
                if second and ref is not None and ref.reading is not None:
                    again = cover_words(ref.reading, revolution, lock, house)
                    if again is not None:
                        out.append(f"or what covers the last legal play, {ref.reading.describe()}: {again}")
            else:
                out.append("any single, group or stairs")
            return tuple(out)
        allowed = {c if len(c) == 1 else tuple(sorted(c, key=_sort_key))
                   for c in hand_plays(hand, opts["joker_pair"], self.cover_sizes())
                   if self.judge(opts, "", c, True, False)[0].rule is None}
        plays = [cards_text(c) for c in sorted(allowed, key=lambda c: (len(c), [_sort_key(x) for x in c]))]
        if len(plays) > ALLOWED_CAP:
            plays = [*plays[:ALLOWED_CAP], f"… and {len(plays) - ALLOWED_CAP} more"]
        return tuple(out + plays)

    # -- what a legal play causes: each effect written once, giving the turn's note and the words of
    # -- its rule event (the engine reports it) -------------------------------------------------------

    def revolt(self, p: str, reading: Reading) -> tuple[str, Words]:
        """daifugo.revolution: the order reverses (a counter-revolution restores it)."""
        self.revolution = on = not self.revolution
        self.revolutions = n = self.revolutions + 1
        return ("revolution (革命)" if on else "counter-revolution (革命返し): normal order",
                lambda: _revolution_words(p, reading, on, n))

    @staticmethod
    def cut(p: str, reading: Reading, finishing: bool) -> tuple[str, Words]:
        """daifugo.eight-cut: the table clears at once (`clear`, after the play's other effects)."""
        return "8-cut (8切り)", lambda: (
            f"{p} cuts with {reading.describe()} (8切り): the table clears at once; "
            + (f"{p} leads again" if not finishing else
               f"{p} went out, so the next player still in to {p}'s left leads"))

    def locked(self, lock: tuple[str, ...], reading: Reading, covered: OnTable) -> tuple[str, Words]:
        """daifugo.suit-lock, its start: the suits stay locked until the table clears."""
        before = covered.reading
        assert before is not None
        self.lock = lock
        return f"lock (縛り) {lock_text(lock)}", lambda: (
            f"{reading.describe()} {'follow' if reading.plural else 'follows'} {before.describe()} with the same suits "
            f"{lock_text(lock)}: the suits are locked (縛り) until the table clears")

    @staticmethod
    def spade_3_return(p: str) -> tuple[str, Words]:
        """daifugo.spade-3-return: the spade 3 returns the lone joker; the table clears (`clear`)."""
        return "spade-3 return (スペ3返し)", lambda: f"{p} returns the joker with the spade 3 (スペ3返し): the table clears"

    def clear(self, reason: str, leader: str | None, cause: OnTable | None) -> str:
        """daifugo.clear: the table clears (by passes, an 8-cut or a spade-3 return). Its note."""
        self.as_lead()
        self.last_clear = (reason, cause)
        self.early.clear()
        return f"the table clears; {leader} leads" if leader else "the table clears"

    def as_lead(self) -> None:
        """A play judged as a lead (its player thought the table had cleared): the table is taken as
        empty for it — not a clear (the record shows none: whoever leads next is judged as before)."""
        self.top = self.ref = None
        self.lock = None
        self.passed.clear()


def _revolution_words(p: str, reading: Reading, on: bool, n: int) -> str:
    """daifugo.revolution's event: the `n`th revolution of the game turned the order `on` (reversed) or off."""
    nth = f" — the {ordinal(n)} revolution this game" if n > 1 else ""
    if on:
        return (f"{p} played {reading.describe()}: revolution (革命) — the order reverses (2 A K … 4 3, "
                f"the joker still strongest) until the game ends or another revolution{nth}")
    return (f"{p} played {reading.describe()}: counter-revolution (革命返し): normal order is "
            f"restored (3 … K A 2, the joker strongest){nth}")
