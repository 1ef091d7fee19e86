"""What is known of the Daifugō hands in one game: the deal, the exchange, the cards played — where
each card is (daifugo.card-not-held, daifugo.deck for a blind card), how many each player has left,
and the exchange's cards moved from hand to hand (daifugo.exchange-strongest without the deal is
judged by the plays that follow it: `evasion`), and the plays a hand known card by card can make
(`hand_plays`: the candidates the engine's checks then judge).

A hand is known card by card (the record gave the deal) or only by its count (`known` has no
entry). A position (`engine.Position`) holds one `Holdings` and copies it before a play or a gift
changes it; what a move changes inside it is copied there too (the rest is shared).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ...cards import SUITS, Card
from .cards import _KEYS, JOKER, ORDER, DCard, Joker, _sort_key, plain, show, strength_key
from .combos import MAX_GROUP
from .deck import hand_sizes
from .model import EXCHANGE, EXCHANGE_COUNT, Exchange, Play, rank_name

if TYPE_CHECKING:
    from .engine import Setup

Held = tuple[list[str], list[Card], list[DCard], "Counter[DCard] | None"]
"""`Holdings.held`'s answer: why the player cannot hold the cards, the blind cards among them, the
cards accepted as held, and what is left of the player's known holding."""


def _ccopy(c: Counter[Any]) -> Counter[Any]:
    """A copy of a Counter (at C speed: `Counter.copy` goes through `Counter.__init__`)."""
    new: Counter[Any] = Counter.__new__(Counter)
    dict.update(new, c)
    return new


def _jokers(n: int) -> str:
    return "a joker" if n == 1 else f"{n} jokers"


# --- candidate plays from a known hand ------------------------------------------------------

_ROWS = tuple(tuple(Card(r, s) for r in ORDER) for s in SUITS)
"""Each suit's cards from 3 up to 2: stairs run along a row."""


@lru_cache(maxsize=256)
def _group_plan(held: int, jokers: int, sizes: frozenset[int]) -> tuple[tuple[int, tuple[tuple[DCard, ...], ...]], ...]:
    """The groups of a rank held `held` times, with up to `jokers` jokers, of these sizes: for each number k of the
    rank's cards, the joker tails that make a group of 2 to MAX_GROUP cards (worked out once for every rank alike)."""
    plan = []
    for k in range(1, held + 1):
        tails = tuple((JOKER,) * j for j in range(max(0, 2 - k), min(jokers, MAX_GROUP - k) + 1) if k + j in sizes)
        if tails:
            plan.append((k, tails))
    return tuple(plan)


def hand_plays(hand: Counter[DCard], joker_pair: bool = True,
               sizes: frozenset[int] | None = None) -> list[tuple[DCard, ...]]:
    """Every distinct play a hand can make (jokers unannotated), by kind: singles, groups, stairs;
    `sizes`: only the plays of these numbers of cards (None: all)."""
    jokers = hand[JOKER]
    keys = _KEYS
    naturals = [c for c, n in hand.items() if n > 0 and type(c) is Card]
    naturals.sort(key=keys.__getitem__)  # type: ignore[arg-type]
    if sizes is None:
        sizes = frozenset(range(1, len(naturals) + jokers + 1))
    out: list[tuple[DCard, ...]] = [(c,) for c in naturals] if 1 in sizes else []
    if jokers and 1 in sizes:
        out.append((JOKER,))
    longest = max(sizes, default=0)
    if longest < 2:
        return out
    by_rank: dict[int, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)  # type: ignore[union-attr]
    for cards in by_rank.values():
        for k, tails in _group_plan(len(cards), jokers, sizes):
            for combo in combinations(cards, k):
                for tail in tails:
                    out.append(combo + tail)
    if jokers >= 2 and joker_pair and 2 in sizes:
        out.append((JOKER, JOKER))
    if longest < 3:
        return out
    n = len(ORDER)
    has = [[False] * n for _ in SUITS]
    starts: list[list[int]] = [[] for _ in SUITS]
    for c in naturals:  # weakest first: each row's starts come in order
        at, row_no = keys[c]  # type: ignore[index]
        has[row_no][at] = True
        starts[row_no].append(at)
    for row, held, firsts in zip(_ROWS, has, starts):
        for start in firsts:  # a stair starts at a card held (a joker first is the same play)
            if start > n - 3:
                break
            if (not held[start + 1]) + (not held[start + 2]) > jokers:
                continue  # not three cards, even with the jokers
            need = 0
            run: list[DCard] = [row[start]]
            for end in range(start + 1, min(n, start + longest)):
                if held[end]:
                    run.append(row[end])
                else:
                    need += 1
                    if need > jokers:
                        break
                    run.append(JOKER)
                if len(run) >= 3 and len(run) in sizes:
                    out.append(tuple(run))
    if jokers:
        out += _joker_stairs(has, jokers, sizes, {_stairs_key(c) for c in out if len(c) >= 3})
    return out


def _stairs_key(cards: tuple[DCard, ...]) -> tuple[frozenset[DCard], int]:
    """A play's cards as a set: the naturals and how many jokers (its jokers unannotated)."""
    return frozenset(c for c in cards if c is not JOKER), cards.count(JOKER)


def _joker_stairs(has: list[list[bool]], jokers: int, sizes: frozenset[int],
                  seen: set[tuple[frozenset[DCard], int]]) -> list[tuple[DCard, ...]]:
    """The stairs with jokers the runs of `hand_plays` leave out (not in `seen`): a joker standing in for a card
    the hand holds (7♣ 8♣ JK holding 9♣), or below the lowest card held (A♣ 2♣ JK: no stairs run past the 2).
    Each is some held cards of one suit between its lowest `a` and highest `b`, the jokers filling the gaps
    between them and the rest standing beside them, all within the row."""
    n, out = len(ORDER), []
    for row, held in zip(_ROWS, has):
        at = [i for i in range(n) if held[i]]
        for a, b in combinations_with_replacement(at, 2):
            for kept in _kept_between(a, b, at, jokers):
                for j in range(b - a + 1 - len(kept), jokers + 1):  # the gaps filled, the rest beside them
                    size = len(kept) + j
                    key = (frozenset(row[i] for i in kept), j)
                    if size >= 3 and size <= n and size in sizes and key not in seen:
                        seen.add(key)
                        out.append((*(row[i] for i in kept), *(JOKER,) * j))
    return out


def _kept_between(a: int, b: int, at: list[int], jokers: int) -> Iterator[list[int]]:
    """The held cards (at `at`) a stairs from `a` to `b` keeps: all between them, then with up to
    `jokers` of those left out (a joker stands in for each)."""
    inner = [i for i in at if a < i < b]
    for d in range(min(jokers, len(inner)) + 1):
        for left_out in combinations(inner, d):
            yield [a, *(i for i in inner if i not in left_out), *([b] if b != a else [])]


class Holdings:
    """The hands of one game as far as the record tells them (a part of a position)."""

    __slots__ = ("setup", "known", "owner", "gave", "got", "partner", "dealt", "dealt_counted", "played",
                 "jokers_played", "jokers_of", "jokers_by", "watch", "gifts", "count", "sizes", "exchanging",
                 "plays_of")

    def __init__(self, setup: Setup, deal: Mapping[str, tuple[DCard, ...]] | None, exchange_recorded: bool) -> None:
        """What is known at the start of a game, from the deal and whether the record gives the
        exchange (games 2–4; without it the hands are known only by their counts)."""
        self.setup = setup
        first_game = setup.game_no == 1
        self.known: dict[str, Counter[DCard]] = {}
        self.owner: dict[DCard, str] = {}
        nothing: dict[str, Counter[DCard]] = {p: Counter() for p in setup.seats}
        self.gave = nothing
        """The cards each player gave (shared by the copies until a gift changes one: `give` copies it first)."""
        self.got = nothing
        self.partner: dict[str, str] | None = {} if first_game else None
        """Who may have given each player cards: {} (no exchange, or the exchange is recorded and the
        owners follow it), the exchange partners (exchange not recorded), None (ranks unknown)."""
        self.dealt: dict[str, tuple[DCard, ...]] = dict(deal or {})
        self.dealt_counted: dict[str, Counter[DCard]] = {}
        """`dealt_counts`' answers (the deal never changes: shared by every copy)."""
        self.played: dict[DCard, int] = {}
        self.jokers_played = 0
        self.jokers_of: dict[str, int] = {}
        self.jokers_by: dict[str, int] = {}
        """Jokers played by a player `watch`ed, stronger than what they gave (`evasion`)."""
        self.watch: dict[str, tuple[int, int | None, tuple[DCard, ...]]] = {}
        """Lower ranks whose exchange is judged by later plays: (weakest given, line, given)."""
        self.gifts: dict[str, tuple[DCard, ...] | None] = {}
        self.count = {p: 0 for p in setup.seats}
        """Cards each player has played."""
        self.sizes = hand_sizes(setup.opts, setup.seats, setup.leader)
        """Cards dealt to each player (the record's deal, else as the deck deals them)."""
        self.sizes.update((p, len(cards)) for p, cards in self.dealt.items())
        for p, cards in self.dealt.items():
            self.known[p] = Counter(plain(c) for c in cards)
            for c in cards:
                if type(c) is Card:
                    self.owner.setdefault(c, p)
        self.plays_of: dict[tuple[str, frozenset[int] | None], tuple[Play, ...]] = {}
        """`plays`' answers: shared by the copies until a move changes the hand they are of."""
        self.exchanging = False
        """Whether the game starts with the exchange (it is recorded, and the ranks pairing it known)."""
        if not first_game:
            if setup.prev is None:
                # The ranks that pair players for the exchange are unknown (daifugo.game-over was reported).
                self.known.clear()
            elif not exchange_recorded:
                # Unrecorded exchange: hands may hold up to the exchanged cards from the partner.
                self.partner = {setup.prev[a]: setup.prev[b] for a, b, _n in EXCHANGE}
                self.known.clear()
            else:
                self.partner = {}
                self.exchanging = True

    def copy(self) -> Holdings:
        new = Holdings.__new__(Holdings)
        new.setup, new.known, new.owner, new.gave, new.got, new.partner = (
            self.setup, self.known, self.owner, self.gave, self.got, self.partner)
        new.dealt, new.dealt_counted, new.played, new.jokers_played, new.jokers_of, new.jokers_by = (
            self.dealt, self.dealt_counted, self.played, self.jokers_played, self.jokers_of, self.jokers_by)
        new.watch, new.gifts, new.count, new.sizes, new.exchanging, new.plays_of = (
            self.watch, self.gifts, self.count, self.sizes, self.exchanging, self.plays_of)
        return new

    def plays(self, p: str, sizes: frozenset[int] | None) -> tuple[Play, ...]:
        """Each play `p`'s hand, known card by card, can make (`hand_plays`; `sizes`: only of these numbers of
        cards), legal or not: made once for each hand and sizes (a hand stays the same over several turns)."""
        got = self.plays_of.get((p, sizes))
        if got is None:
            got = tuple(Play(p, c) for c in hand_plays(self.known[p], self.setup.opts["joker_pair"], sizes))
            self.plays_of[p, sizes] = got
        return got

    def left(self, p: str) -> int:
        """How many cards `p` has left."""
        return self.sizes[p] - self.count[p]

    # -- the exchange (daifugo.exchange-count, daifugo.exchange-held, daifugo.exchange-strongest) --

    def due(self) -> tuple[str, str, int, int, int]:
        """(giver, receiver, giver's rank, receiver's rank, cards) of the next gift."""
        prev = self.setup.prev
        assert prev is not None
        a, b, n = EXCHANGE[len(self.gifts)]
        return prev[a], prev[b], a, b, n

    def gift_choices(self, giver: str, n: int) -> list[tuple[DCard, ...]]:
        """Each way `giver` could give `n` of their dealt cards, legal or not (none without the deal)."""
        if giver not in self.dealt:
            return []
        # From the cards in their canonical order, each gift comes in it (as `cards_text` sorts it):
        # its text is its cards' texts joined, each worked out once.
        cards = sorted((plain(x) for x in self.dealt[giver]), key=_sort_key)
        text = {c: str(c) for c in cards}
        return sorted(set(combinations(cards, n)), key=lambda g: " ".join([text[c] for c in g]))

    def dealt_counts(self, p: str) -> Counter[DCard] | None:
        """`p`'s dealt cards, counted (None: the deal is not known)."""
        got = self.dealt_counted.get(p)
        if got is None and p in self.dealt:
            got = self.dealt_counted[p] = Counter(plain(c) for c in self.dealt[p])
        return got

    def give(self, move: Exchange) -> bool:
        """The gift due now moves its cards, on this copy; whether the exchange is then complete
        (what each receives joins their hand after all have given: it is simultaneous)."""
        giver, receiver, a, _b, _n = self.due()
        cards = move.cards or ()
        # Copied before they change: the giver's and the receiver's counts, the owners.
        self.gave = {**self.gave, giver: _ccopy(self.gave[giver])}
        self.got = {**self.got, receiver: _ccopy(self.got[receiver])}
        self.owner = dict(self.owner)
        known = self.known = dict(self.known)
        self.plays_of = {}
        if giver in known:
            known[giver] = _ccopy(known[giver])
        if a >= 2 and cards and giver not in self.dealt:
            self.watch = {**self.watch, giver: (min(strength_key(c) for c in cards), move.line, cards)}
        for c in cards:
            pc = plain(c)
            self.gave[giver][pc] += 1
            self.got[receiver][pc] += 1
            if type(pc) is Card:
                self.owner[pc] = receiver
            if giver in known and known[giver][pc] > 0:
                known[giver][pc] -= 1
        gifts = self.gifts = {**self.gifts, giver: move.cards}
        if len(gifts) < len(EXCHANGE):
            return False
        r = self.setup.prev
        assert r is not None
        for a2, b2, _n2 in EXCHANGE:
            g2, rcv = r[a2], r[b2]
            if rcv in known:
                if gifts.get(g2) is not None:
                    known[rcv] = _ccopy(known[rcv])
                    known[rcv].update(plain(c) for c in gifts[g2])  # type: ignore[union-attr]
                else:
                    del known[rcv]
        return True

    # -- the play: whose cards these are (daifugo.card-not-held, daifugo.deck) ----------------------

    def whereabouts(self, c: DCard, p: str) -> str:
        """Where a card `p` does not hold is, in words."""
        jokers, blind = self.setup.opts["jokers"], self.setup.blind
        if type(c) is Joker:
            if self.jokers_played >= jokers:
                return f"all {jokers} jokers have been played"
            if self.gave[p][c]:
                return f"{p} gave the joker away in the exchange"
            return f"{p} holds no joker"
        if c in self.played:
            return f"{c.symbol} was already played at play {self.played[c]}"
        if blind is not None and c in blind:
            return f"{c.symbol} is a blind card, out of play for set {self.setup.set_no}"
        return self.not_theirs(c, p) or f"{p} does not hold {c.symbol}"  # type: ignore[arg-type]

    def not_theirs(self, c: Card, p: str) -> str | None:
        """Why the exchange or the deal puts card `c` out of `p`'s hand: they gave it away, or another
        player received it or was dealt it (without the exchange recorded, a partner may have passed
        it on); None when neither does."""
        if self.gave[p].get(c):  # (`get`: a Counter's missing card is a Python call)
            return f"{p} gave {c.symbol} away in the exchange"
        holder = self.owner.get(c)
        if holder is not None and holder != p and self.partner is not None and self.partner.get(p) != holder:
            return f"{holder} {'received' if self.got[holder][c] else 'was dealt'} {c.symbol}"
        return None

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
        blind = self.setup.blind
        for c in cards:
            pc = JOKER if type(c) is Joker else c
            if known is not None:
                if known[pc] > 0:
                    known[pc] -= 1
                    accepted.append(pc)
                else:
                    bad.append(self.whereabouts(pc, p))
            elif type(pc) is Joker:
                if (why := self._no_joker(p, sum(1 for a in accepted if a == JOKER))) is not None:
                    bad.append(why)
                else:
                    accepted.append(pc)
            elif pc in self.played or pc in accepted:
                bad.append(f"{pc.symbol} appears twice in this play" if pc in accepted or self.played[pc] == i
                           else f"{pc.symbol} was already played at play {self.played[pc]}")
            elif blind is not None and pc in blind:
                blind_cards.append(pc)  # type: ignore[arg-type]
            elif (why := self.not_theirs(pc, p)) is not None:  # type: ignore[arg-type]
                bad.append(why)
            else:
                accepted.append(pc)
        left = self.sizes[p] - self.count[p]
        if len(cards) > left:
            bad.append(f"{p} had only {left} card{'s' if left != 1 else ''} left")
        return bad, blind_cards, accepted, known

    def _no_joker(self, p: str, now: int) -> str | None:
        """Without the deal: why `p`, having played `now` jokers in this play, cannot hold another one."""
        n = self.setup.opts["jokers"]
        if self.jokers_played + now >= n:
            return (f"the deck has {n} joker{'s' if n != 1 else ''} and "
                    f"{'it has' if n == 1 else 'all have'} been played" if n else "the deck has no jokers")
        return self.jokers_elsewhere(p, self.jokers_of.get(p, 0) + now)

    def jokers_elsewhere(self, p: str, played: int) -> str | None:
        """Without the deal: why `p`, having played `played` jokers, cannot hold another one — the
        recorded exchange put jokers in other hands (None if they may)."""
        others = [(q, got[JOKER]) for q, got in self.got.items() if q != p and got[JOKER]]
        if not others:
            return None
        n = self.setup.opts["jokers"]
        held = n - sum(k for _q, k in others)
        if played < held:
            return None
        gave = self.gave[p][JOKER]
        if gave == n:
            how = f"{p} gave {'the joker' if n == 1 else 'both jokers' if n == 2 else f'all {n} jokers'} away"
        elif gave == n - held:
            how = f"{p} gave {_jokers(gave)} away"
        else:
            how = ", ".join(f"{q} received {_jokers(k)}" for q, k in others)
        have = "no joker" if held == 0 else f"at most {held} of the {n} jokers"
        return (f"in the exchange {how}, so {p} had {have} after it"
                + (f" and has already played {played}" if played else ""))

    def take(self, p: str, held: Held | None, cards: int, i: int) -> tuple[str, int | None] | None:
        """`p` played `cards` cards at play `i`, on this copy: take those `held` accepts out of their
        hand (what it finds is reported by the checks). None: only count them (a trial reading judges
        no cards held). What a stronger card kept in the exchange shows (`evasion`), if it does."""
        self.count = {**self.count, p: self.count[p] + cards}
        if held is None:
            return None
        _bad, _blind, accepted, known = held
        if known is not None:
            self.known = {**self.known, p: known}
            self.plays_of = {k: plays for k, plays in self.plays_of.items() if k[0] != p}
        if accepted:
            played = self.played = dict(self.played)
            for pc in accepted:
                if type(pc) is Joker:
                    self.jokers_played += 1
                    self.jokers_of = {**self.jokers_of, p: self.jokers_of.get(p, 0) + 1}
                else:
                    played.setdefault(pc, i)
        return self.evasion(p, accepted, i) if p in self.watch else None

    def evasion(self, p: str, accepted: list[DCard], i: int) -> tuple[str, int | None] | None:
        """daifugo.exchange-strongest without the deal: playing a stronger card one did not receive.
        Why, and the line of the gift it proves wrong (the engine reports it); None if it does not."""
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
            prev = self.setup.prev
            a = prev.index(p) if prev else 3
            n = EXCHANGE_COUNT[a]
            return (f"{p} ({rank_name(a)}) gave {show(given)} in the exchange, but played {pc.symbol} at play {i} "
                    f"without receiving it, so {p} held it when the cards were dealt: the {rank_name(a)} gives "
                    f"their {'strongest card' if n == 1 else f'{n} strongest cards'} by normal strength, judged on "
                    f"the hand as dealt. Keeping a stronger card is tax evasion (脱税)"), line
        return None
