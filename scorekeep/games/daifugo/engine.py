"""Daifugō's engine: a position in one game that knows whose turn it is, what is legal now, and
what a move causes (the shared shape of `scorekeep/engine.py`).

A game goes through three phases: `exchange` (games 2–4 of a set: the four gifts, 大富豪 first,
in the order of `EXCHANGE`), `play` (a play of cards or a pass, clockwise), and `over` once the
ranking is settled. A position carries the table — the play to beat, who has passed, the lock
(縛り), the order (革命), who is out — and what is known of each hand: a holding known card by
card (the record gave the deal), or only by its count (`Position.known` has no entry).

Legality is an ordered list of named checks, one per rule id, for each phase (`CHECKS`);
`Position.ruling(move)` names the first that excludes a move, with the legal
alternatives and the decision's steps; `legal_moves()` lists the moves that fail none; a
recorded turn is judged by asking the same checks what they find (`Check.finds`), stage by stage.
`Position.apply(move)` never changes the position: it returns the next one and the findings
(violations and rule events, worded only when kept), also for an illegal move — the record says
it happened. Each rule id is judged in one function here or in the parts the position is made
of: the moves (`moves.py`), what a legal play causes (`causes.py`), the standing and ranking
(`standing.py`), the deck and the match's order (`deck.py`), a hand's plays (`hands.py`).

Carrying on after a violation: an illegal play still happened (its cards leave the hand, it lies
on the table, it may empty a hand), but only a legal play has the special effects the digest
grants to legal plays (revolution, 8-cut, lock); the next play is judged against it, or — so
that one mistake is reported once — against the last legal play when it would be legal there.
Either way the play it was judged against is the one it covers, and the one a lock compares it
with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ...cards import Card
from ...engine import Ruling, Step, first_excluding
from ...errors import Finding, Findings, worded
from .cards import JOKER, DCard, Joker, plain, show, strength_key
from .combos import STAIRS, Reading, Verdict, cover_text, judge, legal, lock_text
from .model import EXCHANGE, EXCHANGE_COUNT, ORDINALS, OnTable, TurnView, ordinal, rank_name
# The parts of the game the position is made of, each in its module (and named here as before).
from .causes import cuts, forbidden_reason, locks, revolts
from .deck import FULL_DECK
from .hands import _plays_of, hand_plays
from .moves import Exchange, Move, Outcome, Pass, Play, _sort_key, cards_text
from .standing import Standing

if TYPE_CHECKING:
    from .record import Names

ALLOWED_CAP = 24
"""At most this many plays are listed in `allowed`; a last entry `… and N more` counts the rest."""


def _view(fields: tuple[Any, ...]) -> TurnView:
    """A TurnView from all its fields in order, without the keyword handling of its constructor."""
    return tuple.__new__(TurnView, fields)  # type: ignore[type-var]


def _on_table(fields: tuple[Any, ...]) -> OnTable:
    """An OnTable from all its fields in order (see `_view`)."""
    return tuple.__new__(OnTable, fields)  # type: ignore[type-var]


assert Finding._fields == ("rule", "message", "line", "set", "game", "hand", "trick", "play", "player", "allowed",
                           "see", "more")


Words = Callable[[], str]
"""A finding's message, worded when called: by the collector for a finding it keeps (a record can
break one rule a million times, and past the cap nobody reads the words)."""


def _turn_finding(rule: str, message: Words, where: dict[str, Any], see: tuple[str, ...] = (),
                  allowed: Callable[[], tuple[str, ...]] | None = None) -> Finding:
    """A finding at a turn (`where`: line, set, game, play, player), built at C speed, its message
    (and `allowed`) still to be worded (`errors.worded`). A turn's collector is new for each turn,
    so appending this to it is what `Findings.violation` does."""
    return tuple.__new__(Finding, (rule, message, where["line"], where["set"], where["game"], None, None,  # type: ignore[type-var]
                                   where["play"], where["player"], allowed, see, 0))


@lru_cache(maxsize=64)
def _seating(seats: tuple[str, ...]) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]],
                                              dict[str, Counter[DCard]]]:
    """For a game's seats, made once and shared by every position (none changes them): each seat's
    next players clockwise, ending with the seat itself (`next_from`); the seats clockwise from each
    seat, starting with it; and an empty Counter for each seat (no card given or received yet)."""
    n = len(seats)
    clockwise = {q: tuple(seats[(k + j) % n] for j in range(1, n + 1)) for k, q in enumerate(seats)}
    around = {q: (q, *after[:-1]) for q, after in clockwise.items()}
    return clockwise, around, {p: Counter() for p in seats}


def _ccopy(c: Counter[Any]) -> Counter[Any]:
    """A copy of a Counter (at C speed: `Counter.copy` goes through `Counter.__init__`)."""
    new: Counter[Any] = Counter.__new__(Counter)
    dict.update(new, c)
    return new


def _gap(missing: tuple[str, ...]) -> str:
    """The end of a turn-order message when the record reads on without the skipped players' passes."""
    if not missing:
        return ""
    return (f". The record goes on as if {' and '.join(missing)} had passed, so "
            f"{'that pass is' if len(missing) == 1 else 'those passes are'} taken as missing from it")


def passed_at(n: int) -> str:
    """When a player passed: a play number, or minus the play where a missing pass was assumed."""
    if n > 0:
        return f"passed at play {n}"
    return f"was taken as passing at play {-n} (a pass missing from the record)"


# --- the position ----------------------------------------------------------------------------

class Setup(NamedTuple):
    """What a game's position knows from its set and the game before it (never changes in a game)."""

    seats: tuple[str, ...]
    opts: Mapping[str, Any]
    set_no: int
    game_no: int
    leader: str | None
    """Who should lead (None when the previous game's ranking is unknown)."""
    prev: tuple[str, ...] | None
    """The previous game's ranking (None in game 1, or when it is unknown)."""
    blind: frozenset[Card] | None
    blind_from: int


Held = tuple[list[str], list[Card], list[DCard], "Counter[DCard] | None"]
"""`Position.held`'s answer: why the player cannot hold the cards, the blind cards among them, the
cards accepted as held, and what is left of the player's known holding."""


class Asked:
    """One recorded turn as the replay's checks ask about it (`Check.finds`): what they share,
    worked out once — whether it is in turn, how it is out of turn, the cards held, the verdict."""

    __slots__ = ("move", "cards", "i", "where", "in_turn", "out", "held", "verdict")

    def __init__(self, move: Play | Pass, cards: tuple[DCard, ...] | None, i: int, where: dict[str, Any]) -> None:
        self.move, self.cards, self.i, self.where = move, cards, i, where
        self.in_turn = True
        self.out: OutOfTurn | None = None
        """A turn by a player still in, out of turn (not a pass on the empty table: that is the pass's)."""
        self.held: Held | None = None
        self.verdict: Verdict | None = None


class Position:
    """One moment of one game (see the module docstring). Never changed by a move: `apply` copies."""

    viewing: bool = True
    """Whether each turn makes its `view`; a driver that shows no turns (a check, a trial reading)
    sets it false on the position it starts from, and copies share it."""

    def __init__(self, setup: Setup, deal: Mapping[str, tuple[DCard, ...]] | None = None,
                 exchange_recorded: bool = False) -> None:
        """The position at the start of a game: the deal, if recorded, and whether the record gives
        the exchange (games 2–4; without it the hands are known only by their counts)."""
        self.setup = setup
        self.seats, self.opts, self.set_no, self.game_no = setup.seats, setup.opts, setup.set_no, setup.game_no
        self.leader, self.prev, self.blind, self.blind_from = setup.leader, setup.prev, setup.blind, setup.blind_from
        first_game = setup.game_no == 1
        self.prev_daifugo = None if first_game or not setup.prev else setup.prev[0]
        self.where: dict[str, Any] = {"set": setup.set_no, "game": setup.game_no}
        self.clockwise, self.around, nothing = _seating(self.seats)
        self.sizes = self.hand_sizes(deal)
        self._holdings(setup, deal, exchange_recorded, nothing)
        self._table()
        self._turns()

    def _holdings(self, setup: Setup, deal: Mapping[str, tuple[DCard, ...]] | None, exchange_recorded: bool,
                  nothing: dict[str, Counter[DCard]]) -> None:
        """What is known of where each card is (daifugo.card-not-held), from the deal and the
        exchange: the holdings, and whether the game starts with the exchange."""
        first_game = setup.game_no == 1
        self.known: dict[str, Counter[DCard]] = {}
        self.owner: dict[DCard, str] = {}
        # Shared until a gift changes one (`_exchange` copies the giver's and the receiver's first).
        self.gave: dict[str, Counter[DCard]] = nothing
        self.got: dict[str, Counter[DCard]] = nothing
        self.partner: dict[str, str] | None = {} if first_game else None
        """Who may have given each player cards: {} (no exchange, or the exchange is recorded and the
        owners follow it), the exchange partners (exchange not recorded), None (ranks unknown)."""
        self.dealt: dict[str, tuple[DCard, ...]] = dict(deal or {})
        self.played: dict[DCard, int] = {}
        self.jokers_played = 0
        self.watch: dict[str, tuple[int, int | None, tuple[DCard, ...]]] = {}
        """Lower ranks whose exchange is judged by later plays: (weakest given, line, given)."""
        for p, cards in self.dealt.items():
            self.known[p] = Counter(plain(c) for c in cards)
            for c in cards:
                if type(c) is Card:
                    self.owner.setdefault(c, p)
        self._phase = "play"
        self.gifts: dict[str, tuple[DCard, ...] | None] = {}
        if not first_game:
            if self.prev is None:
                # The ranks that pair players for the exchange are unknown (daifugo.game-over was reported).
                self.known.clear()
            else:
                r = self.prev
                self.partner = {r[a]: r[b] for a, b, _n in EXCHANGE}
                if not exchange_recorded:
                    # Unrecorded exchange: hands may hold up to the exchanged cards from the partner.
                    self.known.clear()
                else:
                    self.partner = {}
                    self._phase = "exchange"

    def _table(self) -> None:
        """The table at the start of the play: empty, normal order, nobody out."""
        self.st = Standing(self.seats, self.prev_daifugo, self.opts["miyako_ochi"])
        self.plays = 0
        self.count = {p: 0 for p in self.seats}
        self.jokers_by: dict[str, int] = {}
        self.jokers_of: dict[str, int] = {}
        self.top: OnTable | None = None
        """The play to beat (None: an empty table)."""
        self.ref: OnTable | None = None
        """The last legal play on the table (what a play after an illegal one may be judged against)."""
        self.lock: tuple[str, ...] | None = None
        self.revolution = False
        self.revolutions = 0
        self.passed: dict[str, int] = {}
        """Who passed since the table last cleared, and at which play (negative: a pass taken as missing)."""
        self.last_clear: tuple[str, OnTable | None] = ("first", None)
        self.gone: dict[str, str] = {}
        self.over_at: int | None = None
        self.settled_at = 0

    def _turns(self) -> None:
        """Whose turn it is (the leader's), how the record reads so far, and what the replay keeps."""
        self.expected: str | None = self.leader
        self.also: str | None = None
        """Who else may act now without a report: after the leader passed on an empty table (not
        allowed), the next player may take the lead in their place; after a turn out of turn, the
        player it skipped (then the turn goes on from `resume`, the one who acted out of turn)."""
        self.resume: str | None = None
        self.late: tuple[str, str] | None = None
        """(skipped, leader) after a new lead out of turn (the leader acting again before the round was
        over): the skipped player's pass right after it, written late, closed the round before."""
        self.early: dict[str, int] = {}
        """Passes on an empty table (reported), by play: if the record then skips that player on the
        next lead, the pass stands for their pass on it (a pass said before the lead)."""
        self.contradicted = False
        """A pass taken as missing was contradicted by the record (the player acted again)."""
        self.candidate = False
        """The last move was a turn out of turn that a missing pass would explain (see `rules.readings`)."""
        self.view: TurnView | None = None
        """The last move as the replay shows it."""
        self.ranking: tuple[str, ...] | None = None
        """After the written result (`Outcome`): the game's ranking, where it came from (`source`)
        and the standing that decided it (`decided`)."""
        self.source = "none"
        self.decided: Standing | None = None
        self.f = Findings()
        self.memo: dict[Any, Any] = {}
        """What the checks share of a move here (`verdict`, `holding`): asked once by the legal moves."""

    # -- copying --------------------------------------------------------------------------------

    def copy(self) -> Position:
        """A copy that a move may change (what the deal and the exchange fixed is shared)."""
        new = Position.__new__(Position)
        new.__dict__ = self.__dict__.copy()  # a table copied whole, not rebuilt key by key
        # Copied here what most moves change; the rest is copied where a move changes it
        # (`st`, `count`, `played`, `jokers_of`, `jokers_by`, `watch`, `gone`, `known`).
        new.passed = dict(self.passed)
        new.early = dict(self.early)
        new.candidate = False
        new.view = None
        new.f = Findings()
        new.memo = {}
        return new

    # -- what the shared shape asks ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.st.settled

    @property
    def to_act(self) -> str | None:
        """Who acts next: the next giver in the exchange, the player whose turn it is, None when over."""
        if self._phase == "exchange":
            return self._giver()[0]
        if self.st.settled:
            return None
        return self.expected

    def hand(self, p: str) -> Counter[DCard] | None:
        """`p`'s cards now, when known card by card (None: known only by `cards_left`)."""
        return self.known.get(p)

    def cards_left(self, p: str) -> int:
        return self.sizes[p] - self.count[p]

    def hand_sizes(self, deal: Mapping[str, tuple[DCard, ...]] | None) -> dict[str, int]:
        """Cards per hand: 13 with the default deck. An uneven deck gives the extra cards to the
        first players clockwise from the game's leader (the record's deal overrides this)."""
        total = len(FULL_DECK) + self.opts["jokers"] - self.opts["blind_cards"]
        base, extra = divmod(total, len(self.seats))
        start = self.seats.index(self.leader) if self.leader else 0
        sizes = {}
        for k in range(len(self.seats)):
            sizes[self.seats[(start + k) % len(self.seats)]] = base + (1 if k < extra else 0)
        for p, cards in (deal or {}).items():
            sizes[p] = len(cards)
        return sizes

    # -- the exchange (daifugo.exchange-count, daifugo.exchange-held, daifugo.exchange-strongest) --

    def _giver(self) -> tuple[str, str, int, int, int]:
        """(giver, receiver, giver's rank, receiver's rank, cards) of the next gift."""
        assert self.prev is not None
        a, b, n = EXCHANGE[len(self.gifts)]
        return self.prev[a], self.prev[b], a, b, n

    def strongest(self, p: str, n: int) -> list[tuple[DCard, ...]]:
        """The ways `p` can give their `n` strongest dealt cards (ties within a rank give choices)."""
        from itertools import combinations

        dealt = sorted((plain(c) for c in self.dealt[p]), key=strength_key, reverse=True)
        if len(dealt) <= n:
            return [tuple(dealt)]
        edge = strength_key(dealt[n - 1])
        must = [c for c in dealt if strength_key(c) > edge]
        tied = [c for c in dealt if strength_key(c) == edge]
        return sorted({tuple(sorted((*must, *pick), key=_sort_key)) for pick in combinations(tied, n - len(must))},
                      key=cards_text)

    def exchange_allowed(self, p: str, a: int, n: int) -> tuple[str, ...] | None:
        """What `p` may give, as canonical text, when it is a short list (a lower rank with the deal)."""
        if a >= 2 and p in self.dealt:
            return tuple(cards_text(c) for c in self.strongest(p, n))
        return None

    def exchange_faults(self, move: Exchange) -> list[tuple[str, str]]:
        """What is wrong with a gift: (rule id, message) of each exchange check (`CHECKS`) it fails,
        in the digest's order."""
        return [(c.rule, why) for c in CHECKS["exchange"] if (why := c.test(self, move)) is not None]

    def dealt_counts(self, p: str) -> Counter[DCard] | None:
        """`p`'s dealt cards, counted (None: the deal is not known), made once per position."""
        key = ("dealt", p)
        got = self.memo.get(key)
        if got is None and p in self.dealt:
            got = self.memo[key] = Counter(plain(c) for c in self.dealt[p])
        return got

    def _exchange(self, move: Exchange) -> None:
        """Apply a gift on this copy: report what `exchange_faults` finds, move the cards."""
        where = {"line": move.line, **self.where, "player": move.player}
        if self._phase != "exchange":
            for rule, msg in self.exchange_faults(move):
                self.f.violation(rule, msg, **where)
            return
        giver, receiver, a, _b, n = self._giver()
        faults = self.exchange_faults(move)
        if faults:
            allowed = self.exchange_allowed(giver, a, n)
            for rule, msg in faults:
                self.f.violations.append(Finding(rule, msg, **where, allowed=allowed))
        cards = move.cards or ()
        # Copied before they change: the giver's and the receiver's counts, the owners.
        self.gave = {**self.gave, giver: _ccopy(self.gave[giver])}
        self.got = {**self.got, receiver: _ccopy(self.got[receiver])}
        self.owner = dict(self.owner)
        self.known = dict(self.known)
        if giver in self.known:
            self.known[giver] = _ccopy(self.known[giver])
        if a >= 2 and cards and giver not in self.dealt:
            self.watch = {**self.watch, giver: (min(strength_key(c) for c in cards), move.line, cards)}
        for c in cards:
            pc = plain(c)
            self.gave[giver][pc] += 1
            self.got[receiver][pc] += 1
            if type(pc) is Card:
                self.owner[pc] = receiver
            if giver in self.known and self.known[giver][pc] > 0:
                self.known[giver][pc] -= 1
        self.gifts = {**self.gifts, giver: move.cards}
        if len(self.gifts) < len(EXCHANGE):
            return
        # Simultaneous: what each receives joins their hand after all have given.
        r = self.prev
        assert r is not None
        for a2, b2, _n in EXCHANGE:
            g2, rcv = r[a2], r[b2]
            if rcv in self.known:
                if self.gifts.get(g2) is not None:
                    self.known[rcv] = _ccopy(self.known[rcv])
                    self.known[rcv].update(plain(c) for c in self.gifts[g2])  # type: ignore[union-attr]
                else:
                    del self.known[rcv]
        self._phase = "play"

    def whereabouts(self, c: DCard, p: str) -> str:
        if type(c) is Joker:
            if self.jokers_played >= self.opts["jokers"]:
                return f"all {self.opts['jokers']} jokers have been played"
            if self.gave[p][c]:
                return f"{p} gave the joker away in the exchange"
            return f"{p} holds no joker"
        if c in self.played:
            return f"{c.symbol} was already played at play {self.played[c]}"
        if self.blind is not None and c in self.blind:
            return f"{c.symbol} is a blind card, out of play for set {self.set_no}"
        if self.gave[p][c]:
            return f"{p} gave {c.symbol} away in the exchange"
        holder = self.owner.get(c)
        if holder is not None and holder != p:
            how = "received" if self.got[holder][c] else "was dealt"
            return f"{holder} {how} {c.symbol}"
        return f"{p} does not hold {c.symbol}"

    def held(self, p: str, cards: tuple[DCard, ...], i: int) -> Held:
        """daifugo.card-not-held (and daifugo.deck for a blind card played without the deal): why
        `p` cannot hold `cards`, the blind cards among them, the cards accepted as held, and what
        is left of `p`'s known holding. Changes nothing."""
        known = self.known.get(p)
        if known is not None:
            known = _ccopy(known)
        bad: list[str] = []
        blind_cards: list[Card] = []
        accepted: list[DCard] = []
        for c in cards:
            pc = JOKER if type(c) is Joker else c
            if known is not None:
                if known[pc] > 0:
                    known[pc] -= 1
                    accepted.append(pc)
                else:
                    bad.append(self.whereabouts(pc, p))
                continue
            if type(pc) is Joker:
                now = sum(1 for a in accepted if a == JOKER)
                if self.jokers_played + now >= self.opts["jokers"]:
                    n = self.opts["jokers"]
                    bad.append(f"the deck has {n} joker{'s' if n != 1 else ''} and "
                               f"{'it has' if n == 1 else 'all have'} been played" if n else "the deck has no jokers")
                elif (why := self.jokers_elsewhere(p, self.jokers_of.get(p, 0) + now)) is not None:
                    bad.append(why)
                else:
                    accepted.append(pc)
                continue
            assert type(pc) is Card
            if pc in self.played or pc in accepted:
                bad.append(f"{pc.symbol} appears twice in this play" if pc in accepted or self.played[pc] == i
                           else f"{pc.symbol} was already played at play {self.played[pc]}")
            elif self.blind is not None and pc in self.blind:
                blind_cards.append(pc)
            elif self.gave[p].get(pc):  # (`get`: a Counter's missing card is a Python call)
                bad.append(f"{p} gave {pc.symbol} away in the exchange")
            elif (holder := self.owner.get(pc)) is not None and holder != p and \
                    self.partner is not None and self.partner.get(p) != holder:
                how = "received" if self.got[holder][pc] else "was dealt"
                bad.append(f"{holder} {how} {pc.symbol}")
            else:
                accepted.append(pc)
        left = self.sizes[p] - self.count[p]
        if len(cards) > left:
            bad.append(f"{p} had only {left} card{'s' if left != 1 else ''} left")
        return bad, blind_cards, accepted, known

    def take(self, p: str, held: Held, i: int) -> None:
        """Take the cards `held` accepts out of `p`'s hand (what it finds is reported by the checks)."""
        _bad, _blind, accepted, known = held
        if known is not None:
            self.known = {**self.known, p: known}
        if accepted:
            played = self.played = dict(self.played)
            for pc in accepted:
                if type(pc) is Joker:
                    self.jokers_played += 1
                    self.jokers_of = {**self.jokers_of, p: self.jokers_of.get(p, 0) + 1}
                else:
                    played.setdefault(pc, i)
        if p in self.watch:
            self.evasion(p, accepted, i)

    def jokers_elsewhere(self, p: str, played: int) -> str | None:
        """Without the deal: why `p`, having played `played` jokers, cannot hold another one — the
        recorded exchange put jokers in other hands (None if they may)."""
        others = [(q, got[JOKER]) for q, got in self.got.items() if q != p and got[JOKER]]
        if not others:
            return None
        n = self.opts["jokers"]
        held = n - sum(k for _q, k in others)
        if played < held:
            return None
        gave = self.gave[p][JOKER]
        if gave == n:
            how = f"{p} gave {'the joker' if n == 1 else 'both jokers' if n == 2 else f'all {n} jokers'} away"
        elif gave == n - held:
            how = f"{p} gave {'a joker' if gave == 1 else f'{gave} jokers'} away"
        else:
            how = ", ".join(f"{q} received {'a joker' if k == 1 else f'{k} jokers'}" for q, k in others)
        have = "no joker" if held == 0 else f"at most {held} of the {n} jokers"
        return (f"in the exchange {how}, so {p} had {have} after it"
                + (f" and has already played {played}" if played else ""))

    def evasion(self, p: str, accepted: list[DCard], i: int) -> None:
        """daifugo.exchange-strongest without the deal: playing a stronger card one did not receive."""
        if p not in self.watch:
            return
        weakest, line, given = self.watch[p]
        self.watch, self.jokers_by = dict(self.watch), dict(self.jokers_by)
        for pc in accepted:
            if strength_key(pc) <= weakest:
                continue
            if type(pc) is Joker:
                self.jokers_by[p] = self.jokers_by.get(p, 0) + 1
                if self.jokers_by[p] <= self.got[p][JOKER]:
                    continue
            elif self.got[p][pc]:
                continue
            del self.watch[p]
            a = self.prev.index(p) if self.prev else 3
            n = EXCHANGE_COUNT[a]
            self.f.violation(
                "daifugo.exchange-strongest",
                f"{p} ({rank_name(a)}) gave {show(given)} in the exchange, but played {pc.symbol} at play {i} "
                f"without receiving it, so {p} held it when the cards were dealt: the {rank_name(a)} gives "
                f"their {'strongest card' if n == 1 else f'{n} strongest cards'} by normal strength, judged on "
                f"the hand as dealt. Keeping a stronger card is tax evasion (脱税)",
                line=line, **self.where, player=p)
            return

    # -- the play ----------------------------------------------------------------------------

    def next_from(self, actor: str, passed: Mapping[str, int], active: Sequence[str],
                  owner: str | None = None) -> str | None:
        """The next player clockwise from `actor` who is still in and has not passed
        (daifugo.turn-order). The `owner` of the play on the table is passed over: the turn comes
        back to them only when everyone else has passed (daifugo.clear), so while someone a turn
        out of turn skipped has yet to act, it is that player's turn."""
        for q in self.clockwise[actor]:
            if q in active and q not in passed and q != owner:
                return q
        return None

    def missing_passes(self, expected: str, p: str, top: OnTable | None, passed: Mapping[str, int],
                       active: Sequence[str], at: int) -> dict[str, int]:
        """The players a turn out of turn by `p` at play `at` skipped on a live table, if with their
        passes it would be `p`'s turn (a pass left out of the record); else empty. Whether the
        record reads so is for `readings` to judge. The passes are keyed by -`at`: no play of
        theirs shows them."""
        if top is None or expected == top.player:
            return {}
        owner = top.player
        gap: dict[str, int] = {}
        for q in self.around[expected]:
            if q == p:
                break
            if q in active and q not in passed and q != owner:
                gap[q] = -at
        if not gap or p != self.turn_if_passed(expected, owner, {**passed, **gap}, active):
            return {}
        return gap

    def turn_if_passed(self, actor: str, owner: str, passed: Mapping[str, int],
                       active: Sequence[str]) -> str | None:
        """Who acts after `actor` with these passes on `owner`'s play (daifugo.clear /
        daifugo.turn-order), changing nothing."""
        for q in active:
            if q != owner and q not in passed:
                return self.next_from(actor, passed, active, owner)
        return owner if owner in active else self.left_of(owner, active)

    def left_of(self, p: str, active: Sequence[str]) -> str | None:
        for q in self.clockwise[p][:-1]:
            if q in active:
                return q
        return None

    # -- the play ---------------------------------------------------------------------------------

    def _clear(self, reason: str, leader: str | None, cause: OnTable | None) -> str:
        """daifugo.clear: the table clears (by passes, an 8-cut or a spade-3 return)."""
        self.top = self.ref = None
        self.lock = None
        self.passed.clear()
        self.last_clear = (reason, cause)
        self.early.clear()
        return f"the table clears; {leader} leads" if leader else "the table clears"

    # The record's two readings of a pass written out of its place (daifugo.turn-order), judged here
    # for `_turn` and `ruling` alike: an early pass stands for a pass on the lead after it, and a
    # late one closes the round before a lead out of turn.

    def _take_early(self, p: str, notes: list[str]) -> bool:
        """Before `p` acts: each player the turn is with who passed on the empty table before this
        lead (`early`) and whom the record now skips has passed on this lead — the turn moves on.
        Whether any had."""
        took = False
        while self.early and self.top is not None and self.expected in self.early and p != self.expected \
                and p != self.also:
            q: str = self.expected  # type: ignore[assignment]
            self.passed[q] = self.early.pop(q)
            notes.append(f"{q}'s pass at play {self.passed[q]} stands for a pass on this lead")
            self.expected = self.after(q, notes)
            took = True
        return took

    def _late_pass(self, t: Play | Pass) -> bool:
        """Whether `t` is the pass, written after it, of the player whom a lead out of turn skipped
        (`late`): it closed the round before that lead, and is no mistake."""
        late = self.late
        return late is not None and t.player == late[0] and type(t) is Pass and t.player in self.st.active

    def _turn(self, t: Play | Pass, take: bool, trial: bool) -> None:
        """Apply one recorded turn on this copy; `take`: if it is a turn out of turn that skipped
        players on a live table, read their passes as missing; `trial`: cards held are not judged, and
        a violation lists no legal choices (`allowed`): a trial's findings are only counted."""
        state = (self.top, self.revolution, self.lock)  # the table the turn was made on
        cards, reading, notes = self._judge_turn(t, take, trial)
        if self.viewing:
            self.view = _view((self.plays, t.player, cards, reading, *state, tuple(notes), None))

    def _judge_turn(self, t: Play | Pass, take: bool, trial: bool
                    ) -> tuple[tuple[DCard, ...] | None, Reading | None, Sequence[str]]:
        """`_turn`'s judgement: the cards as shown, their reading and the notes of the turn's view."""
        self.plays = i = self.plays + 1
        p = t.player
        cards: tuple[DCard, ...] | None = t.cards if type(t) is Play else None
        where = {"line": t.line, "set": self.set_no, "game": self.game_no, "play": i, "player": p}
        notes: list[str] = []
        if self._written_late(t, i, notes):
            return None, None, notes
        ask = Asked(t, cards, i, where)
        if self.st.settled:  # ignored; the first such turn is reported (daifugo.game-over)
            if self.over_at is None:
                self.over_at = i
                self._found("over", ask)
            return cards, None, ("after the game ended: ignored",)
        if p not in self.st.active:  # ignored, and reported (daifugo.turn-order)
            self._found("turn", ask)
            return cards, None, (f"{p} is out of the game: ignored",)
        in_turn, step_from, still, skipped = self._whose_turn(ask, take, notes)
        if cards is None:
            ask.in_turn = in_turn
            self._pass_turn(ask, in_turn, step_from, still, skipped, notes)
            return None, None, notes
        self.passed.pop(p, None)
        if not trial:
            ask.held = held = self.held(p, cards, i)
            if held[0] or held[1]:  # (a holding found sound fails no check of the stage)
                self._found("hold", ask)
            self.take(p, held, i)
        v, covered = self._table_verdict(ask, in_turn, skipped, notes)
        legal = v.rule is None or not self._found("table", ask)  # (a legal verdict fails no table check)
        if not legal:
            notes.append(f"breaks {v.rule}")
        return self._played(p, cards, v, legal, covered, i, step_from, skipped, where, notes)

    def _found(self, stage: str, ask: Asked) -> bool:
        """Ask the checks of `stage` (`CHECKS`, in the rules' order) about a recorded turn, and report
        what they find: the first failing check of the stage, or for the cards held each one.
        Whether any failed."""
        found = False
        for c in _stages(CHECKS["play"]).get(stage, ()):
            fault = c.finds(self, ask)  # type: ignore[misc]
            if fault is not None:
                words, see, allowed = fault
                self.f.violations.append(_turn_finding(c.rule, words, ask.where, see, allowed))
                found = True
                if stage != "hold":
                    break
        return found

    def _written_late(self, t: Play | Pass, i: int, notes: list[str]) -> bool:
        """Read a pass written out of its place (`_take_early`, `_late_pass`): whether `t` is a late
        pass, which closed the round before a lead out of turn (no report, nothing changes)."""
        if self.early:
            self._take_early(t.player, notes)
            self.early.pop(t.player, None)
        was_late = self.late
        if was_late is None:
            return False
        late = self._late_pass(t)
        self.late = None
        if not late:
            return False
        # It closed the round before (no report, nothing changes — even if the early lead ended the
        # game); if the record then skips them on the new lead, it stands for their pass on that too.
        notes.append(f"pass on the round before {was_late[1]}'s new lead (written late)")
        self.early[t.player] = i
        self.also = self.resume = None
        return True

    def _whose_turn(self, ask: Asked, take: bool, notes: list[str]
                    ) -> tuple[bool, str, tuple[str | None, str | None], str | None]:
        """Whether the turn is in turn (reporting what the turn checks find: `_found`), whose seat the
        turn goes on from, (also, resume) as they were, and the player a turn out of turn skipped.
        `take`: read the passes of the players it skipped on a live table as missing from the record."""
        t, i = ask.move, ask.i
        p, expected, cards = t.player, self.expected, ask.cards
        in_turn = expected is None or p == expected
        step_from = p  # whose seat the turn goes on from after this one
        if not in_turn and p == self.also:
            in_turn = True
            if self.resume is not None:
                step_from = self.resume
                notes.append(f"{p}'s turn, taken after {self.resume} acted out of turn")
            else:
                notes.append(f"{'acts' if cards is None else 'leads'} in place of {expected}, who passed "
                             "on the empty table")
        still = (self.also, self.resume)
        self.also = self.resume = None
        ask.in_turn = in_turn
        # A pass on an empty table by someone else than the leader is one mistake, the pass: it
        # is not also a lead by the wrong player, and the leader still leads.
        if in_turn or (cards is None and self.top is None):
            return in_turn, step_from, still, None
        assert expected is not None
        gap = self.missing_passes(expected, p, self.top, self.passed, self.st.active, i)
        if gap:
            self.candidate = True
            if not take:
                gap = {}
        if self.top is not None and p in self.passed and self.passed[p] < 0:
            self.contradicted = True  # a pass taken as missing, but here they are
        ask.out = OutOfTurn(p, expected, still[0] if still[1] is not None else None, tuple(gap))
        self._found("turn", ask)
        notes.append(f"out of turn ({expected} was to act)")
        if not gap:
            return False, step_from, still, expected
        # The record goes on as if the skipped players had passed (a pass left out of the record):
        # carry on that way rather than report each later turn again.
        self.passed.update(gap)
        notes.append(f"{' and '.join(gap)} taken as passing (missing from the record)")
        self.expected = self.after(expected, notes)
        return p == self.expected, step_from, still, None

    def _pass_turn(self, ask: Asked, in_turn: bool, step_from: str, still: tuple[str | None, str | None],
                   skipped: str | None, notes: list[str]) -> None:
        """A pass on this copy: on an empty table (reported: the `pass` stage's checks) it changes
        nothing, else the player is out of the round and the turn moves on (daifugo.clear when all
        others passed)."""
        p, i = ask.move.player, ask.i
        if self.top is None:
            self._found("pass", ask)
            notes.append("pass on an empty table (not allowed)")
            self.early[p] = i
            if in_turn:
                # One mistake: the pass changes nothing, so the same player still leads — or the
                # next player, if the table carried on as if the pass had counted.
                self.expected, self.also = p, self.next_from(p, self.passed, self.st.active)
            else:
                self.also, self.resume = still
            return
        self.passed.pop(p, None)
        self.passed[p] = i
        notes.append("pass")
        self.expected = self.after(step_from, notes)
        if skipped is not None:
            self.also, self.resume = self.skipped(skipped, p, self.expected, self.top, self.passed, self.st)

    def _table_verdict(self, ask: Asked, in_turn: bool, skipped: str | None, notes: list[str]
                       ) -> tuple[Verdict, OnTable | None]:
        """The table's verdict on a play (`verdict`, kept in `ask` for the table checks), and the play
        it covers."""
        p, cards = ask.move.player, ask.cards
        assert cards is not None
        top = self.top
        if top is not None and p == top.player and not in_turn:
            # They thought the table had cleared (e.g. stairs with an 8): one mistake, judged as a lead.
            opts = self.opts
            v = judge(cards, None, self.revolution, None, opts["spade_3_return"], opts["joker_pair"])
            covered: OnTable | None = None
            notes.append("judged as a lead")
            self.top = self.ref = None
            self.lock = None
            self.passed.clear()
            self.late = (skipped, p) if skipped is not None else None
        else:
            v, covered = self.judge(cards, self.top, self.ref, self.revolution, self.lock)
        ask.verdict = v
        return v, covered

    # -- what a play causes: each effect written once, in the order it happens -----------------------

    def _played(self, p: str, cards: tuple[DCard, ...], v: Verdict, legal: bool, covered: OnTable | None, i: int,
                step_from: str, skipped: str | None, where: dict[str, Any],
                notes: list[str]) -> tuple[tuple[DCard, ...], Reading | None, Sequence[str]]:
        """The play's effects on this copy (only a legal play revolts, cuts or locks), then who acts next."""
        opts, reading = self.opts, v.reading
        before = self.revolution  # a forbidden finish is judged in the order before the play
        self.count = {**self.count, p: self.count[p] + len(cards)}
        finishing = self.count[p] >= self.sizes[p]
        cut = legal and cuts(opts, reading)
        revolt = legal and revolts(opts, reading)
        on = _on_table((p, cards, reading, legal, i))
        if revolt:
            self._revolution(p, reading, where, notes)  # type: ignore[arg-type]
        if cut:
            self._eight_cut(p, reading, finishing, where, notes)  # type: ignore[arg-type]
        elif reading is not None and reading.has_eight and reading.kind == STAIRS and legal and opts["eight_cut"]:
            notes.append("the 8 is inside stairs, so it does not cut (daifugo.eight-cut)")
        lock = locks(opts, self.lock, reading, covered, cut, v.returns) if legal else None
        if lock is not None:
            self._lock(lock, reading, covered, where, notes)  # type: ignore[arg-type]
        if v.returns:
            self._spade_3_return(p, where, notes)
        self.top = on
        if legal:
            self.ref = on
        if finishing:
            foul = forbidden_reason(cards, before, cut) if opts["forbidden_finish"] else None
            self._finish(p, cards, foul, revolt, i, where, notes)
            if foul is None and reading is not None and reading.kind == STAIRS and reading.has_eight and not cut:
                notes.append("stairs with an 8 do not cut, so this is a legal finish")
        if self.st.settled:
            self.settled_at = i
            notes.append("ranking settled")
            return cards, reading, notes
        if cut or v.returns:
            self._clear_after(p, on, "cut" if cut else "return", notes)
        else:
            self.expected = self.after(step_from, notes)
            if skipped is not None:
                self.also, self.resume = self.skipped(skipped, p, self.expected, self.top, self.passed, self.st)
        return cards, reading, notes

    def _revolution(self, p: str, reading: Reading, where: dict[str, Any], notes: list[str]) -> None:
        """daifugo.revolution: the order reverses (a counter-revolution restores it)."""
        self.revolution = on = not self.revolution
        self.revolutions = n = self.revolutions + 1
        self.f.events.append(_turn_finding("daifugo.revolution", lambda: _revolution_words(p, reading, on, n), where))
        notes.append("revolution (革命)" if self.revolution else "counter-revolution (革命返し): normal order")

    def _eight_cut(self, p: str, reading: Reading, finishing: bool, where: dict[str, Any],
                   notes: list[str]) -> None:
        """daifugo.eight-cut: the table clears at once (`_clear_after`)."""
        self.f.events.append(_turn_finding("daifugo.eight-cut", lambda: (
            f"{p} cuts with {reading.describe()} (8切り): the table clears at once; "
            + (f"{p} leads again" if not finishing else
               f"{p} went out, so the next player still in to {p}'s left leads")), where))
        notes.append("8-cut (8切り)")

    def _lock(self, lock: tuple[str, ...], reading: Reading, covered: OnTable, where: dict[str, Any],
              notes: list[str]) -> None:
        """daifugo.suit-lock, its start: the suits stay locked until the table clears."""
        before = covered.reading
        assert before is not None
        self.lock = lock
        self.f.events.append(_turn_finding("daifugo.suit-lock", lambda: (
            f"{reading.describe()} follows {before.describe()} with the same suits "
            f"{lock_text(lock)}: the suits are locked (縛り) until the table clears"), where))
        notes.append(f"lock (縛り) {lock_text(lock)}")

    def _spade_3_return(self, p: str, where: dict[str, Any], notes: list[str]) -> None:
        """daifugo.spade-3-return: the spade 3 returns the lone joker; the table clears (`_clear_after`)."""
        self.f.events.append(_turn_finding(
            "daifugo.spade-3-return", lambda: f"{p} returns the joker with the spade 3 (スペ3返し): the table clears",
            where))
        notes.append("spade-3 return (スペ3返し)")

    def _finish(self, p: str, cards: tuple[DCard, ...], foul: str | None, revolt: bool, i: int,
                where: dict[str, Any], notes: list[str]) -> None:
        """`p`'s play emptied their hand: a forbidden finish (`foul`: why), or out (and 都落ち)."""
        self.st = st = self.st.copy()
        if foul is not None:
            # daifugo.forbidden-finish
            st.leave(p, False)
            self.gone = {**self.gone, p: f"went out by a forbidden finish at play {i}"}
            k = len(st.fouls)
            self.f.event("daifugo.forbidden-finish",
                         f"{p} went out with {show(cards)}, a forbidden finish (反則上がり): {foul}"
                         f"{' (judged in the order before this play)' if revolt else ''}. "
                         f"{p} leaves the game ranked from the bottom "
                         f"({'大貧民' if k == 1 else '貧民' if k == 2 else 'the next rank up'}); the cards stay "
                         "on the table", **where)
            notes.append(f"forbidden finish (反則上がり): {foul}")
            return
        fallen = st.leave(p, True)
        self.gone = {**self.gone, p: f"went out at play {i}"}
        notes.append(f"{p} goes out ({ORDINALS[len(st.finishers) - 1]})")
        if fallen is not None:
            # daifugo.miyako-ochi
            self.gone = {**self.gone, fallen: f"fell by 都落ち at play {i}"}
            self.f.event("daifugo.miyako-ochi",
                         f"{p} went out first while {fallen}, last game's 大富豪, was still playing: "
                         f"{fallen} falls (都落ち), leaves the game and takes the lowest rank no "
                         "foul has taken", **{**where, "player": fallen})
            notes.append(f"都落ち: {fallen} falls")

    def _clear_after(self, p: str, on: OnTable, reason: str, notes: list[str]) -> None:
        """daifugo.clear after an 8-cut or a spade-3 return: its player leads again, or, out, the
        next player still in to their left."""
        active = self.st.active
        who = p if p in active else self.left_of(p, active)
        notes.append(self._clear(reason, who, on) + ("" if p in active else f" ({p} is out)"))
        self.expected = who

    @staticmethod
    def empty_pass(p: str, in_turn: bool, expected: str | None) -> str:
        """daifugo.pass on an empty table."""
        return (f"{p} passed on an empty table: the player who leads must play; passing is "
                "allowed only when the table has cards"
                + ("" if in_turn else f" (and it was {expected}'s lead, not {p}'s)"))

    def judge(self, cards: tuple[DCard, ...], top: OnTable | None, ref: OnTable | None,
              revolution: bool, lock: tuple[str, ...] | None) -> tuple[Verdict, OnTable | None]:
        """The verdict on a play, and the play it covers; after an illegal play, a play legal on the
        last legal one stands (and covers that one)."""
        opts = self.opts
        s3, jp = opts["spade_3_return"], opts["joker_pair"]
        lock_on = lock if opts["suit_lock"] else None
        base, second = self.against(top, ref)
        v = judge(cards, base.reading if base else None, revolution, lock_on, s3, jp)
        if v.rule is not None and second:
            alt = judge(cards, ref.reading if ref else None, revolution, lock_on, s3, jp)
            if alt.rule is None:
                return alt, ref
        return v, base

    @staticmethod
    def against(top: OnTable | None, ref: OnTable | None) -> tuple[OnTable | None, bool]:
        """What a play is judged against (`judge`): the play on the table — or, when that is no
        combination, the last legal one (None: a lead) — and whether a play that fails there may
        still stand on the last legal one (after an illegal play)."""
        base = ref if top is not None and top.reading is None else top
        return base, top is not None and not top.legal and base is not ref

    @staticmethod
    def skipped(skipped: str, actor: str, expected: str | None, top: OnTable | None,
                passed: Mapping[str, int], st: Standing) -> tuple[str | None, str | None]:
        """(also, resume) after a turn out of turn that skipped `skipped`: if the record shows the
        skipped player acting next, that is their turn, not a second mistake — while the table still
        holds cards and they may act (still in, not passed)."""
        if (top is None or skipped == expected or skipped not in st.active
                or skipped in passed or skipped == top.player):
            return None, None
        return skipped, actor

    def after(self, actor: str, notes: list[str]) -> str | None:
        """daifugo.clear: after a turn, clear the table if everyone else passed, else the next player acts."""
        top, passed, st = self.top, self.passed, self.st
        if top is None:
            return self.next_from(actor, passed, st.active, None)
        owner = top.player
        for q in st.active:
            if q != owner and q not in passed:
                return self.next_from(actor, passed, st.active, owner)
        # Everyone else passed.
        if owner in st.active:
            notes.append("everyone else passed: " + self._clear("passes", owner, top))
            return owner
        leader = self.left_of(owner, st.active)
        notes.append(f"everyone passed on {owner}'s last play: "
                     + self._clear("passes", leader, top) + f" (the first player still in, left of {owner})")
        return leader

    def wrong_turn(self, turn: OutOfTurn) -> TurnFault | None:
        """The rule a player acting out of turn breaks: the first turn check (`CHECKS`) whose
        condition holds, with why it was someone else's turn (worded when called) and the other
        rules involved (None: no check in the table judges it)."""
        for check in CHECKS["play"]:
            if check.turn is not None and (fault := check.turn(self, turn)) is not None:
                return fault
        return None

    # -- the written result (daifugo.ranking; the events of a summary `out`) ----------------------

    def _outcome(self, move: Outcome) -> None:
        """Judge the result the record writes (`out`, `fouls`, `ranks`) against the plays and the
        rules, and settle the game's ranking: `ranking`, `source` (`plays`, `out`, `ranks` or
        `none`), and the standing that `decided` it."""
        ranking: tuple[str, ...] | None = None
        source = "none"
        st: Standing | None = None
        g = move
        played: Standing | None = self.st if move.after_plays else None
        if played is not None and played.settled:
            st, source = played, "plays"
            if g.out is not None:
                summary, problems = self.summary(g.out, g.fouls, None)
                self.recorded(played, summary, problems, g.out, g.fouls)
        elif g.out is not None:
            emit_from = len(played.exits) if played is not None else 0
            summary, problems = self.summary(g.out, g.fouls, emit_from)
            self.recorded(played, summary, problems, g.out, g.fouls)
            if summary.settled:
                st, source = summary, "out"
            elif played is not None:
                st = played
            else:
                st = summary
        elif played is not None:
            st = played
        if st is not None and st.settled:
            ranking = st.ranking()
        if g.ranks is not None:
            recorded = tuple(g.ranks.names)
            if ranking is not None:
                if recorded != ranking:
                    assert st is not None
                    self.f.violation("daifugo.ranking",
                                     f"the record ranks {' '.join(recorded)}, but the finishes give "
                                     f"{' '.join(ranking)}: {st.explain()}", line=g.ranks.line, **self.where)
            else:
                if st is not None and not self.consistent(st, recorded):
                    self.f.violation("daifugo.ranking",
                                     f"the record ranks {' '.join(recorded)}, but the players who went out so far "
                                     f"({self.exits_text(st)}) cannot end in that ranking",
                                     line=g.ranks.line, **self.where)
                ranking, source = recorded, "ranks"
        self.ranking, self.source, self.decided = ranking, source, st
        if not any(c.rule == "daifugo.ranking" for c in CHECKS["result"]):  # the result check is out
            del self.f.violations[:]

    def summary(self, out: Names, fouls: Names | None,
                emit_from: int | None) -> tuple[Standing, list[tuple[str, int]]]:
        """Replay `out` (finishing order, forbidden finishes included), and what in `out`/`fouls`
        the rules rule out, as (message, line). Events are reported from the `emit_from`-th exit
        on (None: not at all)."""
        st = Standing(self.seats, self.prev_daifugo, self.opts["miyako_ochi"])
        foul_set = set(fouls.names) if fouls else set()
        problems: list[tuple[str, int]] = []
        for name, line in zip(out.names, out.lines):
            where = {"line": line, **self.where, "player": name}
            if name == st.fallen or (st.settled and name in st.active):
                if name in foul_set:
                    what = (f"{name} had already fallen by 都落ち when {st.trigger} went out"
                            if name == st.fallen else f"{name} was the last player left")
                    problems.append((f"`fouls` lists {name}, but {what}: the ranking was settled without "
                                     f"{name} going out", fouls.line_of(name) if fouls else line))
                continue
            legal = name not in foul_set
            if not legal and not self.opts["forbidden_finish"]:
                problems.append((f"`fouls` lists {name}, but forbidden finishes are off (house rule "
                                 "`forbidden_finish: false`): every finish is a legal finish",
                                 fouls.line_of(name) if fouls else line))
                legal = True
            fallen = st.leave(name, legal)
            emit = emit_from is not None and len(st.exits) > emit_from
            if emit and not legal:
                self.f.event("daifugo.forbidden-finish",
                             f"{name} went out by a forbidden finish (反則上がり) and ranks from the bottom", **where)
            if emit and fallen is not None:
                self.f.event("daifugo.miyako-ochi",
                             f"{name} went out first while {fallen}, last game's 大富豪, was still playing: "
                             f"{fallen} falls (都落ち) and takes the lowest rank no foul has taken",
                             **{**where, "player": fallen})
        return st, problems

    @staticmethod
    def exits_text(st: Standing) -> str:
        """`甲, 乙 (forbidden finish)` — who went out, in order."""
        if not st.exits:
            return "nobody"
        text = ", ".join(p if legal else f"{p} (forbidden finish)" for p, legal in st.exits)
        if st.fallen:
            text += f"; {st.fallen} fell by 都落ち when {st.trigger} went out"
        return text

    def recorded(self, played: Standing | None, summary: Standing, problems: list[tuple[str, int]],
                 out: Names, fouls: Names | None) -> None:
        """daifugo.ranking: the finishing order written in `out`/`fouls`, against the plays (complete or
        so far) and the rules — one report per game, however many entries it gets wrong. A forbidden
        finish is a rule event, so a `fouls` list that disagrees with the plays is a wrong finishing
        order, not a forbidden finish."""
        msgs: list[str] = []
        line = 0
        if played is not None:
            did = [p for p, _ in played.exits]
            said = [p for p, _ in summary.exits]
            so_far = "" if played.settled else " so far"
            if (said if played.settled else said[:len(did)]) != did:
                # `out` is wrong, so what the summary makes of `fouls` follows from a wrong order:
                # judge it against the plays in this one report, not again.
                msgs.append(f"`out` gives the order of going out as {', '.join(out.names)}, but in the "
                            f"plays{so_far} it is {self.exits_text(played)}")
                line = out.line
                problems = []
            foul_set = set(fouls.names) if fouls else set()
            for p, fair in played.exits:
                if fair and p in foul_set and self.opts["forbidden_finish"]:
                    msgs.append(f"`fouls` lists {p}, but {p}'s last play in the record is a legal finish")
                    line = line or fouls.line_of(p)  # type: ignore[union-attr]
                elif not fair and p not in foul_set:
                    msgs.append(f"{p} went out by a forbidden finish (反則上がり) in the plays, but "
                                + (f"`fouls` does not list {p}" if fouls else "the game gives no `fouls`"))
                    line = line or (fouls.line if fouls else out.line_of(p))
        msgs += [m for m, _ in problems]
        if msgs:
            self.f.violation("daifugo.ranking", "; ".join(msgs), line=line or problems[0][1], **self.where)

    @staticmethod
    def consistent(st: Standing, ranks: tuple[str, ...]) -> bool:
        """Whether an unfinished standing can still end in the recorded ranking."""
        n = len(st.finishers)
        if tuple(ranks[:n]) != tuple(st.finishers):
            return False
        k = len(st.fouls)
        if k and tuple(ranks[len(ranks) - k:]) != tuple(reversed(st.fouls)):
            return False
        return True



    # -- legality: what the checks ask of the position -------------------------------------------------

    def in_turn(self, p: str) -> bool:
        """Whether it is `p`'s turn (or `p` may take it without a report, see `also`)."""
        return self.expected is None or p == self.expected or p == self.also

    def turn_fault(self, move: Play | Pass) -> TurnFault | None:
        """Whose turn it is: the rule a player acting now out of turn breaks (see `wrong_turn`)."""
        p = move.player
        if (gone := _still_in(self, move)) is not None:
            return "daifugo.turn-order", lambda: gone, ()
        if self.in_turn(p) or (type(move) is Pass and self.top is None):
            return None
        assert self.expected is not None
        return self.wrong_turn(OutOfTurn(p, self.expected, self.also if self.resume is not None else None))

    def verdict(self, move: Play) -> tuple[Verdict, OnTable | None]:
        """daifugo.combination, daifugo.follow-shape, daifugo.follow-stronger, daifugo.suit-lock,
        daifugo.spade-3-return (see `combos.judge`): the verdict on a play here, and what it covers
        (asked once for each play: `memo`)."""
        key = ("verdict", move.player, move.cards)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self._verdict(move)
        return got

    def holding(self, move: Play) -> Held:
        """`held` for a play here (asked once for each play: `memo`)."""
        key = ("held", move.player, move.cards)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self.held(move.player, move.cards, self.plays + 1)
        return got

    def _verdict(self, move: Play) -> tuple[Verdict, OnTable | None]:
        top = self.top
        if top is not None and move.player == top.player and not self.in_turn(move.player):
            opts = self.opts
            return judge(move.cards, None, self.revolution, None, opts["spade_3_return"], opts["joker_pair"]), None
        return self.judge(move.cards, top, self.ref, self.revolution, self.lock)

    def allowed_plays(self, p: str) -> tuple[str, ...]:
        """What `p` may play on the table now, as canonical text (`_allowed`)."""
        return _allowed(self.opts, self.known.get(p), self.top, self.ref, self.revolution, self.lock)

    def table_verdicts(self, plays: Iterable[tuple[DCard, ...]]
                       ) -> Iterator[tuple[tuple[DCard, ...], Verdict, OnTable | None]]:
        """The plays the table allows now (`_table_verdicts`)."""
        return _table_verdicts(self.opts, self.top, self.ref, self.revolution, self.lock, plays)

    def cover_sizes(self) -> frozenset[int] | None:
        """The numbers of cards a legal play may have here (`_cover_sizes`)."""
        return _cover_sizes(self.top, self.ref)

    # -- the shared shape ---------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """`exchange`, `play`, or `over` once the ranking is settled."""
        return "over" if self._phase == "play" and self.st.settled else self._phase

    def filters(self, move: Move | None = None) -> tuple[Check, ...]:
        """The checks that judge `move` here (`CHECKS`, read now): a gift the exchange's, also outside
        the exchange (game 1 has none, daifugo.exchange-count); the written result the result's;
        anything else, or no move, this phase's."""
        if self._phase == "exchange" or type(move) is Exchange:
            return CHECKS["exchange"]
        return CHECKS["result" if type(move) is Outcome else "play"]

    def legal_moves(self) -> list[Move]:
        """The moves of the player to act that fail no check. Plays are listed only from a hand known
        card by card; from a hand known only by its count, a pass is all that can be named."""
        p = self.to_act
        if p is None:
            return []
        checks = self.filters()
        sizes: frozenset[int] | None = None
        for c in checks:
            if c.sizes is not None and (only := c.sizes(self)) is not None:
                sizes = only if sizes is None else sizes & only
        moves = self.candidates(p, sizes)
        if moves:
            # Legal: failing no check, asked one check at a time over the moves still in (what the
            # checks share of a move, its verdict and the cards held, is worked out once: `memo`);
            # the table's checks first, as they leave the fewest in (the order changes no answer).
            for c in sorted(checks, key=_table_first):
                if c.fails is not None:
                    fails = c.fails
                    moves = [m for m in moves if not fails(self, m)]
                else:
                    moves = [m for m in moves if c.test(self, m) is None]
        return moves

    def candidates(self, p: str, sizes: frozenset[int] | None = None) -> list[Move]:
        """The moves `p` could name here, legal or not: in the exchange, each way of giving the cards
        due from the deal; else a pass and each play from a hand known card by card (`sizes`: only
        the plays of these numbers of cards)."""
        if self._phase == "exchange":
            giver, _r, _a, _b, n = self._giver()
            if giver not in self.dealt:
                return []
            from itertools import combinations

            gifts = {tuple(sorted(c, key=_sort_key)) for c in combinations([plain(x) for x in self.dealt[giver]], n)}
            return [Exchange(giver, c) for c in sorted(gifts, key=cards_text)]
        hand = self.known.get(p)
        plays = _plays_of(hand, self.opts["joker_pair"], sizes) if hand is not None else []
        return [Pass(p), *(Play(p, c) for c in plays)]

    def is_legal(self, move: Move) -> bool:
        return first_excluding(self.filters(move), self, move) is None

    def ruling(self, move: Move) -> Ruling:
        """Why `move` is or is not legal here: the deciding rule, the reason, the legal choices
        (`allowed`, for the rules that are a legal set) and the steps in the digest's order."""
        if type(move) is Outcome:  # the written result is judged as a whole (daifugo.ranking)
            hit = first_excluding(self.filters(move), self, move)
            return Ruling(str(move), hit is None, "daifugo.ranking", hit[1] if hit is not None else "legal")
        if type(move) is Play or type(move) is Pass:
            if self.early:
                # An early pass may stand for a pass on this lead (`_take_early`): judged from there.
                pos = self.copy()
                if pos._take_early(move.player, []):
                    return pos.ruling(move)
            if self._late_pass(move):
                assert self.late is not None
                why = (f"{move.player}'s pass closes the round before {self.late[1]}'s lead out of turn: the "
                       f"record writes it after that lead (late), so it is not a second mistake")
                return Ruling(str(move), True, "daifugo.turn-order", f"legal: {why}, daifugo.turn-order", ("pass",),
                              (), (Step("a pass written late, for the round before?", f"yes: {why}",
                                        "daifugo.turn-order"),))
        steps: list[Step] = []
        for f in self.filters(move):
            why = f.test(self, move)
            if why is None:
                steps.append(Step(f.name, "yes", f.rule))
                continue
            steps.append(Step(f.name, f"no: {why}", f.rule))
            see: tuple[str, ...] = ()
            allowed: tuple[str, ...] | None = None
            if f.rule in TURN_RULES and type(move) is not Exchange:
                fault = self.turn_fault(move)
                if fault is not None:
                    see = fault[2]
            if f.rule in LEGAL_SET_RULES and type(move) is Play:
                allowed = self.allowed_plays(move.player)
            if f.rule in EXCHANGE_RULES and self._phase == "exchange":
                giver, _r, a, _b, n = self._giver()
                allowed = self.exchange_allowed(giver, a, n)
            return Ruling(str(move), False, f.rule, why, allowed, see, tuple(steps))
        if type(move) is Exchange:
            rule = "daifugo.exchange-count"
        elif type(move) is Pass:
            rule = "daifugo.pass"
        else:
            v, _ = self.verdict(move)
            rule = ("daifugo.spade-3-return" if v.returns else
                    "daifugo.combination" if self.top is None else "daifugo.follow-stronger")
        return Ruling(str(move), True, rule, "legal", None, (), tuple(steps))

    def apply(self, move: Move, *, missing: bool = False, trial: bool = False) -> tuple[Position, list[Finding]]:
        """The next position and the findings the move causes (violations, then events); an
        illegal move is applied as the record says it happened. `missing`: a turn out of turn that
        skipped players on a live table reads their passes as missing from the record (see
        `rules.readings`); `trial`: cards held are not judged and no legal choices are listed (a
        reading of the turns alone, whose findings are only counted)."""
        new = self.step(move, missing=missing, trial=trial)
        return new, [worded(f) for f in (*new.f.violations, *new.f.events)]

    def step(self, move: Move, *, missing: bool = False, trial: bool = False) -> Position:
        """`apply` without the list of findings: the next position (its `f` holds them)."""
        new = self.copy()
        if type(move) is Exchange:
            new._exchange(move)
        elif type(move) is Outcome:
            new._outcome(move)
        else:
            new._turn(move, missing, trial)
        return new

    def may_branch(self, move: Play | Pass) -> bool:
        """Whether `move` could be a candidate missing pass here (`candidate` after it). Only a turn
        out of turn, on a table with cards, by a player still in, before the ranking is settled can
        be: in turn, on an empty table, by a player out, or after the game, `_turn` returns before it
        asks `missing_passes` (or that finds no gap without a play on the table). Nor can a turn by
        a player who passed on a play whose owner is still in: with the missing passes the turn would
        go to someone who has not passed, or back to the owner (`turn_if_passed`)."""
        e, st, top, p = self.expected, self.st, self.top, move.player
        return not (e is None or p == e or top is None or len(st.active) <= 1 or p not in st.active
                    or (p in self.passed and p != top.player and top.player in st.active))

    def advance(self, move: Play | Pass, missing: bool = False, trial: bool = False) -> None:
        """`step` on this position itself, without the copy: for a driver that owns the position (it
        made it by a `step`) and keeps no reference to it as it was (`rules.run_plays`). What the
        move changes of the position's shared parts is still copied first (`copy`'s comment)."""
        self.candidate = False
        self.view = None
        if self.memo:
            self.memo = {}
        f = self.f
        if f.violations or f.events:  # the driver has taken what the last move found: start afresh
            f.clear()
        self._turn(move, missing, trial)

    def legal_text(self, cap: int = 8) -> str:
        """What was legal here, in one line for the replay: who acts, and their legal moves (at most
        `cap` named, then how many more); from a hand known only by its count, what would do."""
        p = self.to_act
        if p is None:
            return "nothing (the game is over)" if self.phase == "over" else "—"
        if self._phase == "play" and p not in self.known:
            if self.top is None:
                return f"{p}: any single, group or stairs"
            return f"{p}: " + "; ".join(self.allowed_plays(p))
        moves = [str(m) for m in self.legal_moves()]
        shown = moves[:cap] + ([f"… and {len(moves) - cap} more"] if len(moves) > cap else [])
        return f"{p}: " + ("; ".join(shown) if shown else "nothing")


def _table_verdicts(opts: Mapping[str, Any], top: OnTable | None, ref: OnTable | None, revolution: bool,
                    lock: tuple[str, ...] | None, plays: Iterable[tuple[DCard, ...]]
                    ) -> Iterator[tuple[tuple[DCard, ...], Verdict, OnTable | None]]:
    """The plays this table allows to the player whose turn it is (`Position.judge`), each with its
    verdict and the play it covers, in the order given — the judging's arguments computed once,
    and nothing worded for a play refused (`combos.legal`). Whether the player holds the cards
    and whose turn it is are not asked."""
    s3, jp = opts["spade_3_return"], opts["joker_pair"]
    lock_on = lock if opts["suit_lock"] else None
    base, second = Position.against(top, ref)
    on = base.reading if base else None
    alt = ref.reading if ref else None
    for c in plays:
        v = legal(c, on, revolution, lock_on, s3, jp)
        if v is not None:
            yield c, v, base
        elif second and (v := legal(c, alt, revolution, lock_on, s3, jp)) is not None:
            yield c, v, ref


def _cover_sizes(top: OnTable | None, ref: OnTable | None) -> frozenset[int] | None:
    """The numbers of cards a legal play may have on this table (None: any). Every reading of a
    play has as many cards as the play (`combos.readings`), and `combos.judge` lets a play cover
    only a reading of its own size (the spade-3 return too: a single on the lone joker); a play is
    judged against the base and, after an illegal play, the last legal one — either of them None
    is a lead, where any size is legal."""
    base, second = Position.against(top, ref)
    if base is None or base.reading is None:
        return None
    if second:
        if ref is None or ref.reading is None:
            return None
        return frozenset((base.reading.size, ref.reading.size))
    return frozenset((base.reading.size,))


def _allowed(opts: Mapping[str, Any], hand: Counter[DCard] | None, top: OnTable | None, ref: OnTable | None,
             revolution: bool, lock: tuple[str, ...] | None) -> tuple[str, ...]:
    """What a player holding `hand` may play on this table, as canonical text: `pass` and the plays
    from the hand (at most `ALLOWED_CAP`, then `… and N more`); for a hand known only by its count
    (None), `pass` and what would cover the table, in words. Of values only, so that a finding
    may list it later (`Finding.allowed`, worded when kept)."""
    base, second = Position.against(top, ref)
    out = ["pass"] if top is not None else []
    if hand is None:
        if base is not None and base.reading is not None:
            text = cover_text(base.reading, revolution)
            if lock is not None and opts["suit_lock"]:
                text += f", in the locked suits {lock_text(lock)}"
            out.append(text)
            if second and ref is not None and ref.reading is not None:
                out.append(f"or what covers the last legal play, {ref.reading.describe()}: "
                           + cover_text(ref.reading, revolution))
        else:
            out.append("any single, group or stairs")
        return tuple(out)
    allowed = {c if len(c) == 1 else tuple(sorted(c, key=_sort_key))
               for c, _v, _covers in _table_verdicts(opts, top, ref, revolution, lock,
                                                     hand_plays(hand, opts["joker_pair"], _cover_sizes(top, ref)))}
    plays = [cards_text(c) for c in sorted(allowed, key=lambda c: (len(c), [_sort_key(x) for x in c]))]
    if len(plays) > ALLOWED_CAP:
        plays = [*plays[:ALLOWED_CAP], f"… and {len(plays) - ALLOWED_CAP} more"]
    return tuple(out + plays)


def _table_first(c: Check) -> bool:
    """`legal_moves` asks the table's checks first (see there)."""
    return c.stage != "table"


# --- the checks, in the digest's decision order -----------------------------------------------------

def _game_over(pos: Position, move: Any) -> str | None:
    if pos.st.settled:
        return (f"the ranking was settled at play {pos.settled_at}: {pos.st.explain()}. Nothing after that "
                "belongs to this game")
    return None


def _still_in(pos: Position, move: Any) -> str | None:
    p = move.player
    if p in pos.st.active:
        return None
    return _gone_words(p, pos.gone[p], pos.expected)


def _gone_words(p: str, gone: str, expected: str | None) -> str:
    return f"{p} {gone}, so {p} is skipped and cannot act again this game" + (f"; it was {expected}'s turn" if expected else "")


def _revolution_words(p: str, reading: Reading, on: bool, n: int) -> str:
    """daifugo.revolution's event: the `n`th revolution of the game turned the order `on` (reversed) or off."""
    nth = f" — the {ordinal(n)} revolution this game" if n > 1 else ""
    if on:
        return (f"{p} played {reading.describe()}: revolution (革命) — the order reverses (2 A K … 4 3, "
                f"the joker still strongest) until the game ends or another revolution{nth}")
    return (f"{p} played {reading.describe()}: counter-revolution (革命返し): normal order is "
            f"restored (3 … K A 2, the joker strongest){nth}")


class OutOfTurn(NamedTuple):
    """A player acting out of turn: whose turn it was, who else's it may have been (the player the
    turn before skipped), and the skipped players whose passes the record reads on without."""

    player: str
    expected: str
    late: str | None = None
    missing: tuple[str, ...] = ()


TurnFault = tuple[str, Callable[[], str], tuple[str, ...]]
"""(rule id, why it was someone else's turn — worded when called, by whoever keeps it — the other
rules involved)."""


def _out_of_turn(fault: Callable[[Position, OutOfTurn], TurnFault | None]
                 ) -> Callable[[Position, Any], str | None]:
    """A turn check's test on a move: its `fault` for a player still in who acts out of turn (a pass
    on an empty table is `_pass`'s, not a turn out of turn)."""
    def test(pos: Position, move: Any) -> str | None:
        p = move.player
        if p not in pos.st.active or pos.in_turn(p) or (type(move) is Pass and pos.top is None):
            return None
        assert pos.expected is not None
        said = fault(pos, OutOfTurn(p, pos.expected, pos.also if pos.resume is not None else None))
        return None if said is None else said[1]()
    return test


def _first_lead(pos: Position, t: OutOfTurn) -> TurnFault | None:
    """daifugo.first-lead: the game's first lead is the set's `first` (game 1) or the 大貧民's."""
    if pos.top is not None or pos.last_clear[0] != "first":
        return None
    game_no = pos.game_no
    return "daifugo.first-lead", lambda: _first_lead_words(game_no, t), ()


def _first_lead_words(game_no: int, t: OutOfTurn) -> str:
    if game_no == 1:
        why = (f"game 1 of a set is led by the spade seat, {t.expected} (the set's `first`), not by "
               "whoever holds the spade 3")
    else:
        why = f"after the exchange the previous game's 大貧民, {t.expected}, leads"
    return f"{t.player} led game {game_no}, but {why}"


def _leads_again(rule: str, reason: str, what: str, who: str) -> Callable[[Position, OutOfTurn], TurnFault | None]:
    """daifugo.eight-cut, daifugo.spade-3-return: after the table cleared this way (`reason`), the
    player whose play did it leads again (or, out, the next player still in to their left)."""
    def fault(pos: Position, t: OutOfTurn) -> TurnFault | None:
        cleared, cause = pos.last_clear
        if pos.top is not None or cleared != reason:
            return None
        assert cause is not None
        out = cause.player not in pos.st.active
        see = ("daifugo.turn-order", "daifugo.clear") if out else ("daifugo.turn-order",)

        def words() -> str:
            gone = (f"; {cause.player} went out with that play, so the first player still in the game to "
                    f"{cause.player}'s left, {t.expected}, leads (daifugo.clear)") if out else ""
            return f"{t.player} led after {cause.player}'s {what}, but {who} leads again{gone}: it was {t.expected}'s lead"
        return rule, words, see
    return fault


def _cleared_leader(pos: Position, t: OutOfTurn) -> TurnFault | None:
    """daifugo.clear: after everyone else passed, the last player leads (out: the next still in to their left)."""
    cleared, cause = pos.last_clear
    if pos.top is not None or cleared != "passes":
        return None
    assert cause is not None
    out = cause.player not in pos.st.active

    def words() -> str:
        if out:
            why = (f"{cause.player} went out and everyone passed on their last play, so the first player "
                   f"still in the game to {cause.player}'s left, {t.expected}, leads")
        elif cause.player == t.expected:
            why = f"{t.expected} made the last play and everyone else passed, so {t.expected} leads"
        else:
            why = f"it was {t.expected}'s lead"
        return f"{t.player} led after the table cleared, but {why}"
    return "daifugo.clear", words, ("daifugo.turn-order",)


def _passed(pos: Position, t: OutOfTurn) -> TurnFault | None:
    """daifugo.pass: a player who passed may not act again until the table clears."""
    p, passed = t.player, pos.passed
    if pos.top is None or p not in passed:
        return None
    at = passed[p]
    return ("daifugo.pass", lambda: f"{p} {passed_at(at)} and may not act again until the table clears "
            f"(their turn is skipped); it was {t.expected}'s turn{_gap(t.missing)}", ("daifugo.turn-order",))


def _not_in_turn(pos: Position, t: OutOfTurn) -> TurnFault | None:
    """daifugo.turn-order: play goes clockwise, skipping players who passed or are out (acting again
    on one's own play, before everyone else passed, included)."""
    top, p, expected = pos.top, t.player, t.expected
    if top is None or p != top.player:
        return ("daifugo.turn-order",
                lambda: f"{p} acted out of turn: play goes clockwise, skipping players who passed or are out, "
                f"so it was {expected}'s turn"
                + (f" (or {t.late}'s, whose turn the previous turn skipped)" if t.late else "") + _gap(t.missing),
                ("daifugo.pass",) if t.missing else ())
    r = top.reading
    stairs = r is not None and r.kind == STAIRS and r.has_eight
    no_cut = r is not None and r.has_eight and not top.legal
    also: tuple[str, ...] = ("daifugo.pass",) if t.missing else ()
    if stairs or no_cut:
        also = ("daifugo.eight-cut", *also)

    def words() -> str:
        if stairs:
            why = (f"the 8 is inside stairs, so it does not cut (daifugo.eight-cut): the table still holds "
                   f"{r.describe()} and it was {expected}'s turn")  # type: ignore[union-attr]
        elif no_cut:
            why = f"an 8 that is not a legal play does not cut: it was {expected}'s turn"
        else:
            why = f"the table had not cleared (not everyone else had passed): it was {expected}'s turn"
        return f"{p} acted again on their own play, but {why}{_gap(t.missing)}"
    return "daifugo.turn-order", words, also


def _turn_order(pos: Position, move: Any) -> str | None:
    """daifugo.turn-order: a player out of the game, or acting out of turn."""
    return _still_in(pos, move) or _out_of_turn(_not_in_turn)(pos, move)


def _pass(pos: Position, move: Any) -> str | None:
    if type(move) is Pass and pos.top is None:
        return pos.empty_pass(move.player, pos.in_turn(move.player), pos.expected)
    return _out_of_turn(_passed)(pos, move)


def _held(pos: Position, move: Any) -> str | None:
    if type(move) is not Play:
        return None
    bad, _blind, _accepted, _known = pos.holding(move)
    if bad:
        return (f"{move.player} played {show(move.cards)}, but " + "; ".join(bad) +
                ": a player plays only cards they hold, each once")
    return None


def _blind(pos: Position, move: Any) -> str | None:
    if type(move) is not Play:
        return None
    _bad, blind, _accepted, _known = pos.holding(move)
    if blind:
        return (f"{move.player} played {show(blind)}, a blind card of set {pos.set_no}: "
                "the blind cards stay out of play for the whole set")
    return None


def _combo(rule: str) -> Any:
    """A table rule's test: the verdict on the play (`Position.verdict`) breaks it."""
    fails = _combo_fails(rule)

    def test(pos: Position, move: Any) -> str | None:
        if not fails(pos, move):
            return None
        v, _ = pos.verdict(move)
        return f"{move.player} played {show(move.cards)}: {v.message}"
    return test


def _combo_fails(rule: str) -> Callable[[Any, Any], bool]:
    def fails(pos: Position, move: Any) -> bool:
        return type(move) is Play and pos.verdict(move)[0].rule == rule
    return fails


def _held_fails(pos: Position, move: Any) -> bool:
    return type(move) is Play and bool(pos.holding(move)[0])


def _blind_fails(pos: Position, move: Any) -> bool:
    return type(move) is Play and bool(pos.holding(move)[1])


def _gift_giver(pos: Position, move: Any) -> tuple[str, str, int, int, int] | None:
    """(giver, receiver, ranks, cards due) when `move` is the gift due now by its giver, else None."""
    if type(move) is not Exchange or pos._phase != "exchange":
        return None
    due = pos._giver()
    return due if move.player == due[0] else None


def _gift_count(pos: Position, move: Any) -> str | None:
    """daifugo.exchange-count: the exchange comes first, in its order, and each gives exactly the
    cards due (game 1 has none)."""
    if type(move) is not Exchange:
        return f"the exchange comes first: {pos.to_act} gives next" if pos._phase == "exchange" else None
    p, cards = move.player, move.cards or ()
    if pos._phase != "exchange":
        if pos.game_no == 1 and cards:
            return (f"{p} gave {show(cards)} in game 1 of set {pos.set_no}, but the first game "
                    "of a set has no exchange (ranks are not carried over from another set)")
        return None
    giver, receiver, a, b, n = pos._giver()
    who = f"{giver} ({rank_name(a)})"
    if p != giver:
        return f"{p} gave cards out of turn: it was {who}'s gift"
    if len(cards) == n:
        return None
    return (f"{who} gave {len(cards)} card{'s' if len(cards) != 1 else ''}"
            f"{' (' + show(cards) + ')' if cards else ''}, but the {rank_name(a)} gives "
            f"exactly {n} to the {rank_name(b)}, {receiver}, in games 2–"
            f"{pos.opts['games_per_set']} of a set")


def _not_dealt(pos: Position, giver: str, cards: tuple[DCard, ...]) -> Counter[DCard]:
    """The cards of a gift that `giver` was not dealt (none when the deal is not known)."""
    dealt = pos.dealt_counts(giver)
    return Counter(plain(c) for c in cards) - dealt if dealt is not None else Counter()


def _gift_held(pos: Position, move: Any) -> str | None:
    """daifugo.exchange-held: a giver gives cards they were dealt."""
    if type(move) is not Exchange:
        return _gift_count(pos, move)
    due = _gift_giver(pos, move)
    if due is None:
        return None
    giver, a = due[0], due[2]
    not_held = _not_dealt(pos, giver, move.cards or ())
    if not not_held:
        return None
    return (f"{giver} ({rank_name(a)}) gave {show(not_held.elements())}, which {giver} was not dealt "
            f"(dealt: {show(pos.dealt[giver])})")


def _gift_strongest(pos: Position, move: Any) -> str | None:
    """daifugo.exchange-strongest: a lower rank gives their strongest cards, judged on the hand as
    dealt (a gift of cards not dealt is the held check's)."""
    if type(move) is not Exchange:
        return _gift_count(pos, move)
    due = _gift_giver(pos, move)
    cards = move.cards or ()
    if due is None or due[2] < 2 or not cards:
        return None
    giver, a, n = due[0], due[2], due[4]
    dealt = pos.dealt_counts(giver)
    if dealt is None or _not_dealt(pos, giver, cards):
        return None
    weakest = min(strength_key(c) for c in cards)
    kept = dealt - Counter(plain(c) for c in cards)
    above = [c for c in kept.elements() if strength_key(c) > weakest]
    if not above:
        return None
    best = sorted(dealt.elements(), key=strength_key, reverse=True)[:n]
    return (f"{giver} ({rank_name(a)}) gave {show(cards)} but kept {show(above)}: the {rank_name(a)} gives their "
            f"{'strongest card' if n == 1 else f'{n} strongest cards'} by normal strength "
            f"(joker, 2, A, K, …; any suit within a rank), judged on the hand as dealt — here "
            f"{show(best)}. Keeping a stronger card is tax evasion (脱税)")


def _ranking(pos: Position, move: Any) -> str | None:
    v = pos.step(move).f.violations
    return v[0].message if v else None


Found = tuple[Words, tuple[str, ...], "Callable[[], tuple[str, ...]] | None"]
"""What a check finds at a recorded turn (`Check.finds`): its words (made when called), the other
rules involved, and the legal choices (made when called; None: the rule is no legal set)."""


def _over_found(pos: Position, ask: Asked) -> Found | None:
    if not pos.st.settled:
        return None
    p, i, why = ask.move.player, ask.i, _game_over(pos, ask.move)
    return (lambda: f"{p} acted at play {i}, but {why}"), (), None


def _turn_found(fault: Callable[[Position, OutOfTurn], TurnFault | None]) -> Callable[[Position, Asked], Found | None]:
    """A turn check's finding at a recorded turn out of turn: its `fault`."""
    def finds(pos: Position, ask: Asked) -> Found | None:
        said = fault(pos, ask.out) if ask.out is not None else None
        return None if said is None else (said[1], said[2], None)
    return finds


def _pass_found(pos: Position, ask: Asked) -> Found | None:
    """daifugo.pass at a recorded turn: acting again after passing (the `turn` stage), or a pass on
    the empty table (the `pass` stage: the table as the turn left it, missing passes taken)."""
    if ask.cards is None and pos.top is None and ask.move.player in pos.st.active:
        p, in_turn, expected = ask.move.player, ask.in_turn, pos.expected
        return (lambda: Position.empty_pass(p, in_turn, expected)), (), None
    return _turn_found(_passed)(pos, ask)


def _turn_order_found(pos: Position, ask: Asked) -> Found | None:
    """daifugo.turn-order at a recorded turn: a player out of the game, or acting out of turn."""
    p = ask.move.player
    if p not in pos.st.active:
        gone, expected = pos.gone[p], pos.expected
        return (lambda: _gone_words(p, gone, expected)), (), None
    return _turn_found(_not_in_turn)(pos, ask)


def _held_found(pos: Position, ask: Asked) -> Found | None:
    """daifugo.card-not-held at a recorded play (`Position.held`)."""
    assert ask.held is not None
    bad, p, cards = ask.held[0], ask.move.player, ask.cards
    if not bad:
        return None
    return (lambda: f"{p} played {show(cards)}, but " + "; ".join(bad) +  # type: ignore[arg-type]
            ": a player plays only cards they hold, each once"), (), None


def _blind_found(pos: Position, ask: Asked) -> Found | None:
    """daifugo.deck at a recorded play: a blind card (`Position.held`)."""
    assert ask.held is not None
    blind, p, set_no = ask.held[1], ask.move.player, pos.set_no
    if not blind:
        return None
    return (lambda: f"{p} played {show(blind)}, a blind card of set {set_no}: "
            "the blind cards stay out of play for the whole set"), (), None


def _combo_found(rule: str) -> Callable[[Position, Asked], Found | None]:
    """A table rule at a recorded play: the verdict (`Position.judge`) breaks it. Its legal choices
    are of the table as it is now, listed when the finding is kept."""
    def finds(pos: Position, ask: Asked) -> Found | None:
        v = ask.verdict
        if v is None or v.rule != rule:
            return None
        p, cards = ask.move.player, ask.cards
        allowed = None
        if rule in LEGAL_SET_RULES:
            table = (pos.opts, pos.known.get(p), pos.top, pos.ref, pos.revolution, pos.lock)
            allowed = lambda: _allowed(*table)  # noqa: E731
        return (lambda: f"{p} played {show(cards)}: {v.message}"), (), allowed  # type: ignore[arg-type]
    return finds


TURN_RULES = frozenset({"daifugo.first-lead", "daifugo.clear", "daifugo.eight-cut", "daifugo.spade-3-return",
                        "daifugo.pass", "daifugo.turn-order"})
LEGAL_SET_RULES = frozenset({"daifugo.follow-shape", "daifugo.follow-stronger", "daifugo.suit-lock"})
"""The play rules that are a legal set (what may beat the table): their violations carry `allowed`."""
EXCHANGE_RULES = frozenset({"daifugo.exchange-count", "daifugo.exchange-held", "daifugo.exchange-strongest"})


class Check(NamedTuple):
    """A named check a move must pass to be legal: its rule id, its question, and its
    `test(position, move)` (None: passes, else why not) — the ruling's (`Position.ruling`, the legal
    moves). A check on whose turn it is also gives its `turn` condition: for a player acting out of
    turn, the fault when it is this rule's (`Position.wrong_turn` asks them in order).

    A play check also says what it finds at a recorded turn (`finds`, from the same conditions:
    `check` asks it) and the `stage` of the turn it judges, in the order a turn is judged: `over`
    (the game is over), `turn` (whose turn), `pass` (a pass on the table as the turn left it),
    `hold` (the cards held), `table` (what may cover the table) — one check may judge at several
    (`turn pass`); the replay reports the first failing check of a stage, and each failing check
    of `hold` (`Position._found`)."""

    rule: str
    name: str
    test: Callable[[Any, Any], str | None]
    turn: Callable[[Position, OutOfTurn], TurnFault | None] | None = None
    stage: str = ""
    finds: Callable[[Position, Asked], Found | None] | None = None
    fails: Callable[[Any, Any], bool] | None = None
    """Whether `test` fails, without its words: the legal moves ask this of many moves."""
    sizes: Callable[[Any], frozenset[int] | None] | None = None
    """The numbers of cards a play must have to pass (None: any), when the check can say so at
    once: the legal moves then list only plays of those sizes (and still ask `test` of each)."""


def _turn_check(rule: str, name: str, fault: Callable[[Position, OutOfTurn], TurnFault | None]) -> Check:
    return Check(rule, name, _out_of_turn(fault), fault, "turn", _turn_found(fault))


def _combo_check(rule: str, name: str, sizes: Callable[[Any], frozenset[int] | None] | None = None) -> Check:
    return Check(rule, name, _combo(rule), None, "table", _combo_found(rule), _combo_fails(rule), sizes)


_STAGES: list[tuple[tuple[Check, ...], dict[str, tuple[Check, ...]]]] = []
"""The last table `_stages` read, and its stages."""


def _stages(checks: tuple[Check, ...]) -> dict[str, tuple[Check, ...]]:
    """The checks of each stage of a recorded turn, in the table's order (`Position._found`); worked
    out once for each table (a check taken out of `CHECKS` makes another), known by identity (it
    is asked on every turn: hashing the table each time would cost more than the answer)."""
    if _STAGES and _STAGES[0][0] is checks:
        return _STAGES[0][1]
    out: dict[str, tuple[Check, ...]] = {}
    for c in checks:
        if c.finds is not None:
            for stage in c.stage.split():
                out[stage] = (*out.get(stage, ()), c)
    _STAGES[:] = [(checks, out)]
    return out


CHECKS: dict[str, tuple[Check, ...]] = {
    "play": (
        Check("daifugo.game-over", "is the game still on?", _game_over, None, "over", _over_found),
        _turn_check("daifugo.first-lead", "does the right player lead the game?", _first_lead),
        _turn_check("daifugo.eight-cut", "after an 8-cut, does the cutter lead?",
                    _leads_again("daifugo.eight-cut", "cut", "8 cut the table (8切り)", "the player who cuts")),
        _turn_check("daifugo.spade-3-return", "after a spade-3 return, does its player lead?",
                    _leads_again("daifugo.spade-3-return", "return", "spade 3 returned the joker (スペ3返し)",
                                 "that player")),
        _turn_check("daifugo.clear", "after the table cleared, does the right player lead?", _cleared_leader),
        Check("daifugo.pass", "may this player act (not passed since the table cleared; no pass on an empty table)?",
              _pass, _passed, "turn pass", _pass_found),
        Check("daifugo.turn-order", "is it this player's turn (clockwise, skipping those who passed or are out)?",
              _turn_order, _not_in_turn, "turn", _turn_order_found),
        Check("daifugo.card-not-held", "does the player hold these cards?", _held, None, "hold", _held_found,
              _held_fails),
        Check("daifugo.deck", "are the cards in play this set (not blind cards)?", _blind, None, "hold", _blind_found,
              _blind_fails),
        _combo_check("daifugo.combination", "is it a single, a group or stairs?"),
        _combo_check("daifugo.follow-shape", "is it the same kind and size as the play on the table?",
                     Position.cover_sizes),
        _combo_check("daifugo.follow-stronger", "is it stronger than the play on the table?"),
        _combo_check("daifugo.suit-lock", "does it have the locked suits (縛り)?"),
    ),
    "exchange": (
        Check("daifugo.exchange-count", "does the giver give the right number of cards?", _gift_count),
        Check("daifugo.exchange-held", "were the cards dealt to the giver?", _gift_held),
        Check("daifugo.exchange-strongest", "does a lower rank give their strongest cards?", _gift_strongest),
    ),
    "result": (
        Check("daifugo.ranking", "does the written result agree with the plays and the rules?", _ranking),
    ),
}
"""Each rule's check, by the phase whose moves it judges, in the digest's order of decision: a move's
ruling is the first check it fails (`Position.ruling`), the legal moves those that fail none
(`Position.legal_moves`). Read when a move is judged, never copied."""

