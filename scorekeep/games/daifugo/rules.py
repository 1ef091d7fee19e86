"""Daifugō's rules, judged by replaying a record set by set, game by game, turn by turn.

What may cover what lives in `combos.py` (a legal set per table state); this module keeps the
state of a game — hands, the table, the order (革命), the lock (縛り), who passed, who is out —
and reports violations and rule events. Search for a rule id (`daifugo.clear`) to find where
it is judged.

Carrying on after a violation: the record says what happened. An illegal play still happened
(its cards leave the hand, it lies on the table, it may empty a hand), but only a legal play
has the special effects the digest grants to legal plays (revolution, 8-cut, lock); the next
play is judged against it, or — so that one mistake is reported once — against the last legal
play when it would be legal there. Either way the play it was judged against is the one it
covers, and the one a lock (縛り) compares it with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ...cards import SUITS, Card
from ...errors import Findings
from ...game import Audit
from .cards import JOKER, DCard, Joker, plain, show, strength_key
from .combos import GROUP, SPADE_3, STAIRS, Reading, Verdict, judge, lock_text
from .record import GameRecord, Names, Record, SetRecord, Turn
from .model import (EXCHANGE, EXCHANGE_COUNT, ORDINALS, GameResult, OnTable, Result, SetResult, TurnView, ordinal,
                    rank_name)
from .rulebook import OPEN, RANK_NAMES

FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(2, 15))


def passed_at(n: int) -> str:
    """When a player passed: a play number, or minus the play where a missing pass was assumed."""
    if n > 0:
        return f"passed at play {n}"
    return f"was taken as passing at play {-n} (a pass missing from the record)"


# --- standings: who is out, and the ranking (daifugo.ranking, daifugo.miyako-ochi) ---------

class Standing:
    """Who is still in a game and how the others left; settles the ranking.

    `exits` lists (player, legal) in the order players went out by a play; falls are not exits.
    """

    def __init__(self, seats: tuple[str, ...], prev_daifugo: str | None, miyako_ochi: bool) -> None:
        self.seats = seats
        self.prev_daifugo = prev_daifugo
        self.miyako_ochi = miyako_ochi
        self.active: list[str] = list(seats)
        self.finishers: list[str] = []
        self.fouls: list[str] = []
        self.fallen: str | None = None
        self.trigger: str | None = None
        self.exits: list[tuple[str, bool]] = []

    @property
    def settled(self) -> bool:
        return len(self.active) <= 1

    def leave(self, p: str, legal: bool) -> str | None:
        """`p` went out (legally or by a forbidden finish); returns the 大富豪 who falls, if any."""
        self.active.remove(p)
        self.exits.append((p, legal))
        if not legal:
            self.fouls.append(p)
            return None
        self.finishers.append(p)
        prev = self.prev_daifugo
        if self.miyako_ochi and prev is not None and prev != p and prev in self.active:
            self.active.remove(prev)
            self.fallen, self.trigger = prev, p
            return prev
        return None

    def ranking(self) -> tuple[str, ...]:
        return (*self.finishers, *self.active, *([self.fallen] if self.fallen else []), *reversed(self.fouls))

    def explain(self) -> str:
        """Why the ranking is what it is, player by player."""
        order = self.ranking()
        parts = []
        for i, p in enumerate(order):
            r = rank_name(i)
            if p in self.finishers:
                parts.append(f"{p} went out {ORDINALS[self.finishers.index(p)]} ({r})")
            elif p == self.fallen:
                parts.append(f"{p}, last game's 大富豪, fell when {self.trigger} went out first (都落ち) ({r})")
            elif p in self.fouls:
                k = self.fouls.index(p)
                parts.append(f"{p} went out by a forbidden finish (反則上がり), the {ORDINALS[k]} foul ({r})")
            else:
                parts.append(f"{p} was the last player left ({r})")
        return "; ".join(parts)


# --- forbidden finishes (daifugo.forbidden-finish) ----------------------------------------

def forbidden_reason(cards: tuple[DCard, ...], revolution: bool, cuts: bool) -> str | None:
    """Why a play that empties a hand is a forbidden finish, judged in the order before it; None if legal."""
    if any(type(c) is Joker for c in cards):
        return "it contains a joker"
    if cuts:
        return "it makes an 8-cut (8切り)"
    if revolution:
        if any(c.rank == 3 for c in cards):  # type: ignore[union-attr]
            return "it contains a 3 during a revolution (革命)"
        return None
    if any(c.rank == 2 for c in cards):  # type: ignore[union-attr]
        return "it contains a 2 in normal order"
    if cards == (SPADE_3,):
        return "it is the single spade 3 in normal order"
    return None


# --- one game ------------------------------------------------------------------------------

class _Game:
    """Replays one game. Carries on from what the record says happened after each finding."""

    def __init__(self, m: "_Match", s: SetRecord, g: GameRecord, prev: tuple[str, ...] | None) -> None:
        self.m, self.s, self.g = m, s, g
        self.f = m.f
        self.opts = m.opts
        self.seats = s.players
        self.prev = prev
        first_game = g.number == 1
        self.leader: str | None = s.first if first_game else (prev[-1] if prev else None)
        self.prev_daifugo = None if first_game or not prev else prev[0]
        self.where: dict[str, Any] = {"set": s.number, "game": g.number}
        self.notes: list[str] = []
        self.sizes = self.hand_sizes()
        # What is known of where each card is (daifugo.card-not-held).
        self.known: dict[str, Counter[DCard]] = {}
        self.owner: dict[DCard, str] = {}
        self.gave: dict[str, Counter[DCard]] = {p: Counter() for p in self.seats}
        self.got: dict[str, Counter[DCard]] = {p: Counter() for p in self.seats}
        self.partner: dict[str, str] | None = {} if first_game else None
        """Who may have given each player cards: {} (no exchange, or the exchange is recorded and the
        owners follow it), the exchange partners (exchange not recorded), None (ranks unknown)."""
        self.played: dict[DCard, int] = {}
        self.jokers_played = 0
        self.watch: dict[str, tuple[int, int, tuple[DCard, ...]]] = {}
        """Lower ranks whose exchange is judged by later plays: (weakest given, line, given)."""

    # -- set-up: deck, deal, exchange ----------------------------------------------------

    def hand_sizes(self) -> dict[str, int]:
        """Cards per hand: 13 with the default deck. An uneven deck gives the extra cards to the
        first players clockwise from the game's leader (the record's deal overrides this)."""
        total = len(FULL_DECK) + self.opts["jokers"] - self.opts["blind_cards"]
        base, extra = divmod(total, len(self.seats))
        start = self.seats.index(self.leader) if self.leader else 0
        sizes = {}
        for k in range(len(self.seats)):
            sizes[self.seats[(start + k) % len(self.seats)]] = base + (1 if k < extra else 0)
        if self.g.deal:
            for p, cards in self.g.deal.cards.items():
                sizes[p] = len(cards)
        return sizes

    def deck(self) -> None:
        """daifugo.deck: the deal holds each card of the deck minus the blind cards once, 13 each."""
        deal = self.g.deal
        if deal is None:
            return
        n_jokers = self.opts["jokers"]
        total = len(FULL_DECK) + n_jokers - self.opts["blind_cards"]
        base, extra = divmod(total, len(self.seats))
        allowed = {base} if extra == 0 else {base, base + 1}
        blind = self.m.blind
        seen: dict[DCard, str] = {}
        jokers = 0
        clean = True
        for p, cards in deal.cards.items():
            problems = []
            if len(cards) not in allowed:
                each = f"{base} each" if extra == 0 else f"{base} or {base + 1} each"
                problems.append(f"{p} was dealt {len(cards)} cards; the {total} cards in play are dealt {each}")
            for c in cards:
                if type(c) is Joker:
                    jokers += 1
                    if jokers > n_jokers:
                        problems.append(f"the deck has {n_jokers} joker{'s' if n_jokers != 1 else ''}, and "
                                        f"this is joker number {jokers} in the deal")
                elif c in seen:
                    who = "twice to " + p if seen[c] == p else f"to both {seen[c]} and {p}"
                    problems.append(f"{c.symbol} was dealt {who}; the deck has one of each card")
                elif blind is not None and c in blind:
                    seen_in = f" (left out of game {self.m.blind_from}'s deal)" if self.m.blind_from else ""
                    problems.append(f"{c.symbol} is a blind card of set {self.s.number}{seen_in}: the blind cards "
                                    "stay out of play for the whole set, so they do not change within it")
                else:
                    seen[c] = p
            if problems:
                clean = False
                self.f.violation("daifugo.deck", "; ".join(problems), line=deal.lines[p], **self.where, player=p)
        if not clean or len(deal.cards) < len(self.seats):
            return
        missing = [c for c in FULL_DECK if c not in seen]
        if jokers < n_jokers:
            self.f.violation("daifugo.deck",
                             f"the deal has {jokers} of the {n_jokers} jokers: every joker is dealt, because blind "
                             "cards are never jokers", line=deal.line, **self.where)
            return
        if blind is None:
            self.m.blind = frozenset(missing)
            self.m.blind_from = self.g.number
        elif set(missing) != blind:
            self.f.violation("daifugo.deck",
                             f"this deal leaves out {show(missing)}, but the blind cards of set {self.s.number} "
                             f"are {show(blind)} (seen in game {self.m.blind_from}): blind cards do not change "
                             "within a set", line=deal.line, **self.where)

    def exchange(self) -> None:
        """daifugo.exchange-count, daifugo.exchange-held, daifugo.exchange-strongest."""
        g, ex = self.g, self.g.exchange
        deal = g.deal.cards if g.deal else {}
        for p, cards in deal.items():
            self.known[p] = Counter(plain(c) for c in cards)
            for c in cards:
                if type(c) is Card:
                    self.owner.setdefault(c, p)
        if g.number == 1:
            for p, cards in (ex.cards.items() if ex else ()):
                if cards:
                    self.f.violation("daifugo.exchange-count",
                                     f"{p} gave {show(cards)} in game 1 of set {self.s.number}, but the first game "
                                     "of a set has no exchange (ranks are not carried over from another set)",
                                     line=ex.lines[p], **self.where, player=p)  # type: ignore[union-attr]
            return
        if self.prev is None:
            # The ranks that pair players for the exchange are unknown (daifugo.game-over was reported).
            self.known.clear()
            return
        r = self.prev
        self.partner = {r[a]: r[b] for a, b, _n in EXCHANGE}
        if ex is None:
            # Unrecorded exchange: hands may hold up to the exchanged cards from the partner.
            self.known.clear()
            return
        self.partner = {}
        for a, b, n in EXCHANGE:
            giver, receiver = r[a], r[b]
            cards = ex.cards.get(giver, ())
            line = ex.lines.get(giver, ex.line)
            who = f"{giver} ({rank_name(a)})"
            if len(cards) != n:
                self.f.violation("daifugo.exchange-count",
                                 f"{who} gave {len(cards)} card{'s' if len(cards) != 1 else ''}"
                                 f"{' (' + show(cards) + ')' if cards else ''}, but the {rank_name(a)} gives "
                                 f"exactly {n} to the {rank_name(b)}, {receiver}, in games 2–"
                                 f"{self.opts['games_per_set']} of a set", line=line, **self.where, player=giver)
            dealt = Counter(plain(c) for c in deal[giver]) if giver in deal else None
            not_held = Counter(plain(c) for c in cards) - dealt if dealt is not None else Counter()
            if not_held:
                self.f.violation("daifugo.exchange-held",
                                 f"{who} gave {show(not_held.elements())}, which {giver} was not dealt "
                                 f"(dealt: {show(deal[giver])})", line=line, **self.where, player=giver)
            if a >= 2 and cards:
                weakest = min(strength_key(c) for c in cards)
                if dealt is not None and not not_held:
                    kept = dealt - Counter(plain(c) for c in cards)
                    above = [c for c in kept.elements() if strength_key(c) > weakest]
                    if above:
                        best = sorted(dealt.elements(), key=strength_key, reverse=True)[:n]
                        self.f.violation(
                            "daifugo.exchange-strongest",
                            f"{who} gave {show(cards)} but kept {show(above)}: the {rank_name(a)} gives their "
                            f"{'strongest card' if n == 1 else f'{n} strongest cards'} by normal strength "
                            f"(joker, 2, A, K, …; any suit within a rank), judged on the hand as dealt — here "
                            f"{show(best)}. Keeping a stronger card is tax evasion (脱税)",
                            line=line, **self.where, player=giver)
                elif dealt is None:
                    self.watch[giver] = (weakest, line, cards)
            for c in cards:
                pc = plain(c)
                self.gave[giver][pc] += 1
                self.got[receiver][pc] += 1
                if type(pc) is Card:
                    self.owner[pc] = receiver
                if giver in self.known and self.known[giver][pc] > 0:
                    self.known[giver][pc] -= 1
        for a, b, _n in EXCHANGE:
            giver, receiver = r[a], r[b]
            if receiver in self.known:
                if giver in ex.cards:
                    self.known[receiver].update(plain(c) for c in ex.cards[giver])
                else:
                    del self.known[receiver]

    # -- card-not-held, and tax evasion proved by a later play ---------------------------

    def whereabouts(self, c: DCard, p: str) -> str:
        if type(c) is Joker:
            if self.jokers_played >= self.opts["jokers"]:
                return f"all {self.opts['jokers']} jokers have been played"
            if self.gave[p][c]:
                return f"{p} gave the joker away in the exchange"
            return f"{p} holds no joker"
        if c in self.played:
            return f"{c.symbol} was already played at play {self.played[c]}"
        if self.m.blind is not None and c in self.m.blind:
            return f"{c.symbol} is a blind card, out of play for set {self.s.number}"
        if self.gave[p][c]:
            return f"{p} gave {c.symbol} away in the exchange"
        holder = self.owner.get(c)
        if holder is not None and holder != p:
            how = "received" if self.got[holder][c] else "was dealt"
            return f"{holder} {how} {c.symbol}"
        return f"{p} does not hold {c.symbol}"

    def hold(self, p: str, cards: tuple[DCard, ...], i: int, turn: Turn) -> None:
        """daifugo.card-not-held (and daifugo.deck for a blind card played without the deal)."""
        known = self.known.get(p)
        bad: list[str] = []
        blind_cards: list[Card] = []
        accepted: list[DCard] = []
        for c in cards:
            pc = plain(c)
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
                elif (why := self.jokers_elsewhere(p, self.jokers_of[p] + now)) is not None:
                    bad.append(why)
                else:
                    accepted.append(pc)
                continue
            assert type(pc) is Card
            if pc in self.played or pc in accepted:
                bad.append(f"{pc.symbol} appears twice in this play" if pc in accepted or self.played[pc] == i
                           else f"{pc.symbol} was already played at play {self.played[pc]}")
            elif self.m.blind is not None and pc in self.m.blind:
                blind_cards.append(pc)
            elif self.gave[p][pc]:
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
        where = {"line": turn.line, **self.where, "play": i, "player": p}
        if bad:
            self.f.violation("daifugo.card-not-held", f"{p} played {show(cards)}, but " + "; ".join(bad) +
                             ": a player plays only cards they hold, each once", **where)
        if blind_cards:
            self.f.violation("daifugo.deck", f"{p} played {show(blind_cards)}, a blind card of set {self.s.number}: "
                             "the blind cards stay out of play for the whole set", **where)
        for pc in accepted:
            if type(pc) is Joker:
                self.jokers_played += 1
                self.jokers_of[p] += 1
            else:
                self.played.setdefault(pc, i)
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
        seats = self.seats
        i = seats.index(actor)
        for k in range(1, len(seats) + 1):
            q = seats[(i + k) % len(seats)]
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
        seats = self.seats
        i = seats.index(expected)
        gap: dict[str, int] = {}
        for k in range(len(seats)):
            q = seats[(i + k) % len(seats)]
            if q == p:
                break
            if q in active and q not in passed and q != top.player:
                gap[q] = -at
        if not gap or p != self.turn_if_passed(expected, top.player, {**passed, **gap}, active):
            return {}
        return gap

    def turn_if_passed(self, actor: str, owner: str, passed: Mapping[str, int],
                       active: Sequence[str]) -> str | None:
        """Who acts after `actor` with these passes on `owner`'s play (daifugo.clear /
        daifugo.turn-order), changing nothing."""
        if all(q in passed for q in active if q != owner):
            return owner if owner in active else self.left_of(owner, active)
        return self.next_from(actor, passed, active, owner)

    def left_of(self, p: str, active: Sequence[str]) -> str | None:
        seats = self.seats
        i = seats.index(p)
        for k in range(1, len(seats)):
            q = seats[(i + k) % len(seats)]
            if q in active:
                return q
        return None

    def readings(self) -> frozenset[int]:
        """The plays out of turn after which the record reads best with the skipped players' passes
        taken as missing (daifugo.turn-order): each candidate in turn is kept when the whole game,
        replayed so, gives fewer reports than without it — and never has a player taken as passing
        act again in that round, which would prove the pass was not missing. A tie keeps the plain
        reading, which claims nothing the record does not show."""
        take: frozenset[int] = frozenset()
        best, candidates = self.trial(take)
        tried: set[int] = set()
        while rest := [c for c in candidates if c not in tried and c not in take]:
            c = min(rest)
            tried.add(c)
            n, more = self.trial(take | {c})
            if n < best:
                take, best, candidates = take | {c}, n, more
        return take

    def trial(self, take: frozenset[int]) -> tuple[tuple[bool, int], list[int]]:
        """Replay the turns alone (cards held are not judged) with these readings: whether the
        record contradicts a pass taken as missing, the number of violations, and the candidate
        plays for a missing pass."""
        saved, settled = self.f, self.settled_at
        self.f = Findings()
        try:
            self.play(Standing(self.seats, self.prev_daifugo, self.opts["miyako_ochi"]), take, trial=True)
            return (self.contradicted, len(self.f.violations)), self.candidates
        finally:
            self.f, self.settled_at = saved, settled

    def play(self, st: Standing, take: frozenset[int] = frozenset(), trial: bool = False) -> list[TurnView]:
        """Replay the plays; `take`: plays out of turn after which the skipped players' passes are
        taken as missing (see `readings`); `trial`: turns only, cards held not judged."""
        g, opts = self.g, self.opts
        self.candidates: list[int] = []
        self.contradicted = False
        self.count = {p: 0 for p in self.seats}
        self.jokers_by: dict[str, int] = {}
        self.jokers_of: Counter[str] = Counter()
        views: list[TurnView] = []
        top: OnTable | None = None
        ref: OnTable | None = None
        lock: tuple[str, ...] | None = None
        revolution = False
        revolutions = 0
        passed: dict[str, int] = {}
        expected = self.leader
        also: str | None = None
        """Who else may act now without a report: after the leader passed on an empty table (not
        allowed), the next player may take the lead in their place; after a turn out of turn, the
        player it skipped (then the turn goes on from `resume`, the one who acted out of turn)."""
        resume: str | None = None
        late: tuple[str, str] | None = None
        """(skipped, leader) after a new lead out of turn (the leader acting again before the round was
        over): the skipped player's pass right after it, written late, closed the round before."""
        early: dict[str, int] = {}
        """Passes on an empty table (reported), by play: if the record then skips that player on the
        next lead, the pass stands for their pass on it (a pass said before the lead)."""
        last_clear: tuple[str, OnTable | None] = ("first", None)
        gone: dict[str, str] = {}
        over_at: int | None = None

        def clear(reason: str, leader: str | None, cause: OnTable | None) -> str:
            nonlocal top, ref, lock, last_clear
            top = ref = None
            lock = None
            passed.clear()
            last_clear = (reason, cause)
            early.clear()
            return f"the table clears; {leader} leads" if leader else "the table clears"

        for i, t in enumerate(g.plays or (), 1):
            p = t.player
            where = {"line": t.line, **self.where, "play": i, "player": p}
            notes: list[str] = []
            while early and top is not None and expected in early and p != expected and p != also:
                q: str = expected  # type: ignore[assignment]
                passed[q] = early.pop(q)
                notes.append(f"{q}'s pass at play {passed[q]} stands for a pass on this lead")
                expected = self.after(q, top, passed, st, notes, clear)
            early.pop(p, None)
            was_late, late = late, None
            state = (top, revolution, lock)
            before = revolution
            if was_late is not None and p == was_late[0] and t.cards is None and p in st.active:
                # It closed the round before (no report, nothing changes — even if the early lead
                # ended the game); if the record then skips them on the new lead, it stands for their
                # pass on that too.
                notes.append(f"pass on the round before {was_late[1]}'s new lead (written late)")
                early[p] = i
                also = resume = None
                views.append(TurnView(i, p, None, None, *state, tuple(notes)))
                continue
            if st.settled:
                if over_at is None:
                    over_at = i
                    self.f.violation("daifugo.game-over",
                                     f"{p} acted at play {i}, but the ranking was settled at play {self.settled_at}: "
                                     f"{st.explain()}. Nothing after that belongs to this game", **where)
                views.append(TurnView(i, p, t.cards, None, *state, ("after the game ended: ignored",)))
                continue
            if p not in st.active:
                self.f.violation("daifugo.turn-order",
                                 f"{p} {gone[p]}, so {p} is skipped and cannot act again this game"
                                 + (f"; it was {expected}'s turn" if expected else ""), **where)
                views.append(TurnView(i, p, t.cards, None, *state, (f"{p} is out of the game: ignored",)))
                continue
            in_turn = expected is None or p == expected
            step_from = p  # whose seat the turn goes on from after this one
            if not in_turn and p == also:
                in_turn = True
                if resume is not None:
                    step_from = resume
                    notes.append(f"{p}'s turn, taken after {resume} acted out of turn")
                else:
                    notes.append(f"{'acts' if t.cards is None else 'leads'} in place of {expected}, who passed "
                                 "on the empty table")
            still = (also, resume)
            also = resume = None
            # A pass on an empty table by someone else than the leader is one mistake, the pass: it
            # is not also a lead by the wrong player, and the leader still leads.
            stray_pass = t.cards is None and top is None and not in_turn
            skipped: str | None = None
            if not in_turn and not stray_pass:
                gap = self.missing_passes(expected, p, top, passed, st.active, i)  # type: ignore[arg-type]
                if gap:
                    self.candidates.append(i)
                    if i not in take:
                        gap = {}
                self.wrong_turn(p, expected, top, passed, last_clear, st.active, where,  # type: ignore[arg-type]
                                still[0] if still[1] is not None else None, tuple(gap))
                notes.append(f"out of turn ({expected} was to act)")
                skipped = expected
                if gap:
                    # The record goes on as if the skipped players had passed (a pass left out of
                    # the record): carry on that way rather than report each later turn again.
                    passed.update(gap)
                    notes.append(f"{' and '.join(gap)} taken as passing (missing from the record)")
                    expected = self.after(expected, top, passed, st, notes, clear)  # type: ignore[arg-type]
                    in_turn, skipped = p == expected, None
            if t.cards is None:
                if top is None:
                    self.f.violation("daifugo.pass",
                                     f"{p} passed on an empty table: the player who leads must play; passing is "
                                     "allowed only when the table has cards"
                                     + ("" if in_turn else f" (and it was {expected}'s lead, not {p}'s)"), **where)
                    notes.append("pass on an empty table (not allowed)")
                    early[p] = i
                    if in_turn:
                        # One mistake: the pass changes nothing, so the same player still leads — or the
                        # next player, if the table carried on as if the pass had counted.
                        expected, also = p, self.next_from(p, passed, st.active)
                    else:
                        also, resume = still
                else:
                    passed.pop(p, None)
                    passed[p] = i
                    notes.append("pass")
                    expected = self.after(step_from, top, passed, st, notes, clear)
                    if skipped is not None:
                        also, resume = self.skipped(skipped, p, expected, top, passed, st)
                views.append(TurnView(i, p, None, None, *state, tuple(notes)))
                continue
            # A play.
            passed.pop(p, None)
            cards = t.cards
            if not trial:
                self.hold(p, cards, i, t)
            if top is not None and p == top.player and not in_turn:
                # They thought the table had cleared (e.g. stairs with an 8): one mistake, judged as a lead.
                v = judge(cards, None, revolution, None, opts["spade_3_return"], opts["joker_pair"])
                covered: OnTable | None = None
                notes.append("judged as a lead")
                top = ref = None
                lock = None
                passed.clear()
                late = (skipped, p) if skipped is not None else None
            else:
                v, covered = self.judge(cards, top, ref, revolution, lock)
            if v.rule is not None:
                self.f.violation(v.rule, f"{p} played {show(cards)}: {v.message}", **where)
                notes.append(f"breaks {v.rule}")
            legal, reading = v.rule is None, v.reading
            self.count[p] += len(cards)
            finishing = self.count[p] >= self.sizes[p]
            cuts = bool(legal and reading is not None and opts["eight_cut"] and reading.has_eight
                        and (reading.kind != STAIRS or opts["eight_cut_stairs"]))
            revolts = bool(legal and reading is not None and (
                (reading.kind == GROUP and reading.size >= 4)
                or (reading.kind == STAIRS and opts["stairs_revolution"]
                    and reading.size >= opts["stairs_revolution"])))
            foul = forbidden_reason(cards, before, cuts) if finishing and opts["forbidden_finish"] else None
            on = OnTable(p, cards, reading, legal, i)
            ev = {"line": t.line, **self.where, "play": i, "player": p}
            if revolts:
                revolution = not revolution
                revolutions += 1
                assert reading is not None
                nth = f" — the {ordinal(revolutions)} revolution this game" if revolutions > 1 else ""
                if revolution:
                    msg = (f"{p} played {reading.describe()}: revolution (革命) — the order reverses (2 A K … 4 3, "
                           f"the joker still strongest) until the game ends or another revolution{nth}")
                else:
                    msg = (f"{p} played {reading.describe()}: counter-revolution (革命返し): normal order is "
                           f"restored (3 … K A 2, the joker strongest){nth}")
                self.f.event("daifugo.revolution", msg, **ev)
                notes.append("revolution (革命)" if revolution else "counter-revolution (革命返し): normal order")
            if cuts:
                self.f.event("daifugo.eight-cut",
                             f"{p} cuts with {reading.describe()} (8切り): the table clears at once; "  # type: ignore[union-attr]
                             + (f"{p} leads again" if not finishing else
                                f"{p} went out, so the next player still in to {p}'s left leads"), **ev)
                notes.append("8-cut (8切り)")
            elif reading is not None and reading.has_eight and reading.kind == STAIRS and legal and opts["eight_cut"]:
                notes.append("the 8 is inside stairs, so it does not cut (daifugo.eight-cut)")
            # The lock compares the two consecutive plays on the table: this one and the play it
            # covers (the play on top, or the last legal one when it was judged against that).
            if (legal and opts["suit_lock"] and lock is None and not cuts and not v.returns and covered is not None
                    and covered.reading is not None and reading is not None and reading.jokers == 0
                    and covered.reading.jokers == 0 and reading.suits == covered.reading.suits):
                lock = reading.suits
                self.f.event("daifugo.suit-lock",
                             f"{reading.describe()} follows {covered.reading.describe()} with the same suits "
                             f"{lock_text(lock)}: the suits are locked (縛り) until the table clears", **ev)
                notes.append(f"lock (縛り) {lock_text(lock)}")
            if v.returns:
                self.f.event("daifugo.spade-3-return",
                             f"{p} returns the joker with the spade 3 (スペ3返し): the table clears", **ev)
                notes.append("spade-3 return (スペ3返し)")
            top = on
            if legal:
                ref = on
            if finishing:
                if foul is not None:
                    st.leave(p, False)
                    gone[p] = f"went out by a forbidden finish at play {i}"
                    k = len(st.fouls)
                    self.f.event("daifugo.forbidden-finish",
                                 f"{p} went out with {show(cards)}, a forbidden finish (反則上がり): {foul}"
                                 f"{' (judged in the order before this play)' if revolts else ''}. "
                                 f"{p} leaves the game ranked from the bottom "
                                 f"({'大貧民' if k == 1 else '貧民' if k == 2 else 'the next rank up'}); the cards stay "
                                 "on the table", **ev)
                    notes.append(f"forbidden finish (反則上がり): {foul}")
                else:
                    fallen = st.leave(p, True)
                    gone[p] = f"went out at play {i}"
                    notes.append(f"{p} goes out ({ORDINALS[len(st.finishers) - 1]})")
                    if fallen is not None:
                        gone[fallen] = f"fell by 都落ち at play {i}"
                        self.f.event("daifugo.miyako-ochi",
                                     f"{p} went out first while {fallen}, last game's 大富豪, was still playing: "
                                     f"{fallen} falls (都落ち), leaves the game and takes the lowest rank no "
                                     "foul has taken", **{**ev, "player": fallen})
                        notes.append(f"都落ち: {fallen} falls")
                    if reading is not None and reading.kind == STAIRS and reading.has_eight and not cuts:
                        notes.append("stairs with an 8 do not cut, so this is a legal finish")
            if st.settled:
                self.settled_at = i
                notes.append("ranking settled")
                views.append(TurnView(i, p, cards, reading, *state, tuple(notes)))
                continue
            if cuts or v.returns:
                who = p if p in st.active else self.left_of(p, st.active)
                reason = "cut" if cuts else "return"
                notes.append(clear(reason, who, on) + ("" if p in st.active else f" ({p} is out)"))
                expected = who
            else:
                expected = self.after(step_from, top, passed, st, notes, clear)
                if skipped is not None:
                    also, resume = self.skipped(skipped, p, expected, top, passed, st)
            views.append(TurnView(i, p, cards, reading, *state, tuple(notes)))
        return views

    def judge(self, cards: tuple[DCard, ...], top: OnTable | None, ref: OnTable | None,
              revolution: bool, lock: tuple[str, ...] | None) -> tuple[Verdict, OnTable | None]:
        """The verdict on a play, and the play it covers; after an illegal play, a play legal on the
        last legal one stands (and covers that one)."""
        s3, jp = self.opts["spade_3_return"], self.opts["joker_pair"]
        lock_on = lock if self.opts["suit_lock"] else None
        base = ref if top is not None and top.reading is None else top
        v = judge(cards, base.reading if base else None, revolution, lock_on, s3, jp)
        if v.rule is not None and top is not None and not top.legal and base is not ref:
            alt = judge(cards, ref.reading if ref else None, revolution, lock_on, s3, jp)
            if alt.rule is None:
                return alt, ref
        return v, base

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

    def after(self, actor: str, top: OnTable | None, passed: dict[str, int], st: Standing,
              notes: list[str], clear: Any) -> str | None:
        """daifugo.clear: after a turn, clear the table if everyone else passed, else the next player acts."""
        if top is not None and all(q in passed for q in st.active if q != top.player):
            if top.player in st.active:
                notes.append("everyone else passed: " + clear("passes", top.player, top))
                return top.player
            leader = self.left_of(top.player, st.active)
            notes.append(f"everyone passed on {top.player}'s last play: "
                         + clear("passes", leader, top) + f" (the first player still in, left of {top.player})")
            return leader
        return self.next_from(actor, passed, st.active, top.player if top is not None else None)

    def wrong_turn(self, p: str, expected: str, top: OnTable | None, passed: Mapping[str, int],
                   last_clear: tuple[str, OnTable | None], active: Sequence[str],
                   where: dict[str, Any], late: str | None = None, missing: tuple[str, ...] = ()) -> None:
        """The rule a player acting out of turn breaks, and why it was someone else's turn;
        `missing`: the skipped players whose passes the record reads on without."""
        who = " and ".join(missing)
        gap = (f". The record goes on as if {who} had passed, so {'that pass is' if len(missing) == 1 else 'those passes are'} "
               "taken as missing from it") if missing else ""
        if top is not None and p in passed:
            self.contradicted |= passed[p] < 0  # a pass taken as missing, but here they are
            self.f.violation("daifugo.pass",
                             f"{p} {passed_at(passed[p])} and may not act again until the table clears "
                             f"(their turn is skipped); it was {expected}'s turn{gap}", **where)
            return
        if top is None:
            reason, cause = last_clear
            if reason == "first":
                if self.g.number == 1:
                    why = (f"game 1 of a set is led by the spade seat, {expected} (the set's `first`), not by "
                           "whoever holds the spade 3")
                else:
                    why = f"after the exchange the previous game's 大貧民, {expected}, leads"
                self.f.violation("daifugo.first-lead", f"{p} led game {self.g.number}, but {why}", **where)
                return
            assert cause is not None
            # The rule broken is the one that cleared the table: its text says who leads next.
            out = cause.player not in active
            gone = (f"; {cause.player} went out with that play, so the first player still in the game to "
                    f"{cause.player}'s left, {expected}, leads (daifugo.clear)") if out else ""
            if reason == "cut":
                self.f.violation("daifugo.eight-cut",
                                 f"{p} led after {cause.player}'s 8 cut the table (8切り), but the player who cuts "
                                 f"leads again{gone}: it was {expected}'s lead", **where)
                return
            if reason == "return":
                self.f.violation("daifugo.spade-3-return",
                                 f"{p} led after {cause.player}'s spade 3 returned the joker (スペ3返し), but that "
                                 f"player leads again{gone}: it was {expected}'s lead", **where)
                return
            if out:
                why = (f"{cause.player} went out and everyone passed on their last play, so the first player "
                       f"still in the game to {cause.player}'s left, {expected}, leads")
            elif cause.player == expected:
                why = f"{expected} made the last play and everyone else passed, so {expected} leads"
            else:
                why = f"it was {expected}'s lead"
            self.f.violation("daifugo.clear", f"{p} led after the table cleared, but {why}", **where)
            return
        r = top.reading
        if p == top.player:
            if r is not None and r.kind == STAIRS and r.has_eight:
                why = (f"the 8 is inside stairs, so it does not cut (daifugo.eight-cut): the table still holds "
                       f"{r.describe()} and it was {expected}'s turn")
            elif r is not None and r.has_eight and not top.legal:
                why = f"an 8 that is not a legal play does not cut: it was {expected}'s turn"
            else:
                why = f"the table had not cleared (not everyone else had passed): it was {expected}'s turn"
            self.f.violation("daifugo.turn-order", f"{p} acted again on their own play, but {why}{gap}", **where)
            return
        self.f.violation("daifugo.turn-order",
                         f"{p} acted out of turn: play goes clockwise, skipping players who passed or are out, "
                         f"so it was {expected}'s turn"
                         + (f" (or {late}'s, whose turn the previous turn skipped)" if late else "") + gap, **where)

    # -- summaries and the result ----------------------------------------------------------

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

    def run(self) -> GameResult:
        g = self.g
        self.settled_at = 0
        self.deck()
        self.exchange()
        turns: list[TurnView] = []
        played: Standing | None = None
        if g.plays is not None:
            played = Standing(self.seats, self.prev_daifugo, self.opts["miyako_ochi"])
            if g.plays:
                marks = len(self.f.violations), len(self.f.events)
                held = ({p: c.copy() for p, c in self.known.items()}, dict(self.played), self.jokers_played,
                        dict(self.watch))
                turns = self.play(played)
                take = self.readings() if self.candidates else frozenset()
                if take:  # replay for real with the missing passes taken
                    del self.f.violations[marks[0]:], self.f.events[marks[1]:]
                    self.known, self.played, self.jokers_played, self.watch = held
                    played = Standing(self.seats, self.prev_daifugo, self.opts["miyako_ochi"])
                    turns = self.play(played, take)
        ranking: tuple[str, ...] | None = None
        source = "none"
        st: Standing | None = None
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
        points = None
        if ranking is not None:
            rp = self.opts["rank_points"]
            points = {p: rp[ranking.index(p)] for p in self.seats}
        fouls = tuple(st.fouls) if st is not None and source != "ranks" else ()
        fallen = st.fallen if st is not None and source != "ranks" else None
        return GameResult(self.s.number, g.number, g.line, self.seats, self.leader, ranking, ranking is not None,
                          points, fouls, fallen, self.prev_daifugo, source, tuple(turns),
                          dict(g.exchange.cards) if g.exchange else None, tuple(self.notes),
                          tuple(st.exits) if st is not None else ())

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
            for p, legal in played.exits:
                if legal and p in foul_set and self.opts["forbidden_finish"]:
                    msgs.append(f"`fouls` lists {p}, but {p}'s last play in the record is a legal finish")
                    line = line or fouls.line_of(p)  # type: ignore[union-attr]
                elif not legal and p not in foul_set:
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


# --- the match -----------------------------------------------------------------------------

class _Match:
    def __init__(self, record: Record) -> None:
        self.record = record
        self.opts = record.header.options
        self.f = Findings()
        self.blind: frozenset[Card] | None = None
        self.blind_from = 0

    def set_blind(self, s: SetRecord) -> None:
        """daifugo.deck: the set's blind cards."""
        self.blind = None
        self.blind_from = 0
        if s.blind is None:
            return
        want = self.opts["blind_cards"]
        problems = []
        if len(s.blind) != want:
            problems.append(f"set {s.number} lists {len(s.blind)} blind card{'s' if len(s.blind) != 1 else ''}, "
                            f"but {want} are removed at the start of a set")
        if any(type(c) is Joker for c in s.blind):
            problems.append("a joker is never a blind card")
        naturals = [c for c in s.blind if type(c) is Card]
        dup = [c for c, n in Counter(naturals).items() if n > 1]
        if dup:
            problems.append(f"{show(dup)} is listed twice")
        if problems:
            self.f.violation("daifugo.deck", "; ".join(problems), line=s.blind_line, set=s.number)
        self.blind = frozenset(naturals)  # type: ignore[arg-type]
        self.blind_from = 0

    def run(self) -> Audit:
        rec, opts = self.record, self.opts
        limit = opts["sets"] if opts["sets"] != OPEN else None
        gps = opts["games_per_set"]
        totals = {p: 0 for p in rec.players}
        sets: list[SetResult] = []
        last_game: GameResult | None = None
        for s in rec.sets:
            set_counted = limit is None or s.number <= limit
            if limit is not None and s.number == limit + 1:
                self.f.violation("daifugo.game-over",
                                 f"the match is {limit} set{'s' if limit != 1 else ''} (rules: sets: {limit}), so set "
                                 f"{s.number} is one too many and does not count", line=s.line, set=s.number)
            if sets and len(sets[-1].games) < gps and (last_game is None or last_game.complete):
                where: dict[str, Any] = {"set": s.number}
                if s.games:
                    where["game"] = 1
                self.f.violation("daifugo.game-over",
                                 f"set {sets[-1].number} has only {len(sets[-1].games)} of its {gps} games, so set "
                                 f"{s.number} cannot start yet", line=s.games[0].line if s.games else s.line, **where)
            self.set_blind(s)
            games: list[GameResult] = []
            set_totals = {p: 0 for p in rec.players}
            prev: tuple[str, ...] | None = None
            for g in s.games:
                counted = set_counted
                if g.number > gps:
                    counted = False
                    self.f.violation("daifugo.game-over",
                                     f"a set has {gps} games; game {g.number} of set {s.number} is one too many and "
                                     "does not count", line=g.line, set=s.number, game=g.number)
                if last_game is not None and not last_game.complete:
                    self.f.violation("daifugo.game-over",
                                     f"game {g.number} of set {s.number} starts, but game {last_game.number} of set "
                                     f"{last_game.set} has no complete ranking yet: a game starts only after the "
                                     "previous one's ranking is settled", line=g.line, set=s.number, game=g.number)
                result = _Game(self, s, g, prev if g.number > 1 else None).run()
                if not counted and result.complete:
                    result = result._replace(counted=False)
                if result.counted and result.points is not None:
                    for p, v in result.points.items():
                        totals[p] += v
                        set_totals[p] += v
                games.append(result)
                last_game = result
                prev = result.ranking
            complete = len(games) >= gps and all(x.complete for x in games[:gps])
            sets.append(SetResult(s.number, s.players, s.first, tuple(games), complete, set_counted, set_totals))
        over = limit is not None and len(sets) >= limit and all(x.complete for x in sets[:limit])
        result = Result(tuple(sets), totals, over, limit, tuple(opts["rank_points"]), gps)
        return Audit("daifugo", rec.header, rec, self.f.violations, self.f.events, result)


def audit(record: Record) -> Audit:
    """Replay a Daifugō record against the rules (see the module docstring)."""
    return _Match(record).run()


__all__ = ["RANK_NAMES", "Standing", "audit",
           "forbidden_reason", "rank_name"]
