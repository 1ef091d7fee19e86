"""Rook's rules, judged by replaying a record hand by hand.

Each rule is a legal set: `legal_cards` says which cards a player could play at a moment of
the hand, the auction replay what each call could have been; a recorded call or card outside
that set is a violation whose message names the rule and what was allowed instead. Search
this file for a rule id (`rook.bird-led`) to find where it is judged.

Seating: `players` is the clockwise order for hands 1–4. After every `seat_change_every` hands
(thrown-in hands not counted) one partnership swaps seats, which reverses the clockwise order;
`seating(k)` gives the order of seating period k. The deal passes to the left of the last
dealer, "left" read in the seating of the new hand (house default `seat_change_deal: new-left`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ...errors import Findings, InputError
from ...game import Audit, Play, Trick, out_of_turn
from .cards import BIRD, COLOR_NAME, DECK_SET, Card, show
from .record import NO_TRUMP, Bid, Call, Hand, Record, Teams
from .model import HandResult, PlayedTrick, Result
from .score import game_winner, hand_scores, made, mistaken_scores

HAND_CARDS = 9
TRICKS = 9


# --- seats and legal sets ----------------------------------------------------------------

def seating(players: Sequence[str], period: int) -> tuple[str, ...]:
    """The clockwise order in seating period `period` (rook.seat-change): reversed in odd periods."""
    if period % 2 == 0:
        return tuple(players)
    return (players[0], *reversed(players[1:]))


def left_of(player: str, order: Sequence[str]) -> str:
    return order[(order.index(player) + 1) % len(order)]


def from_left(dealer: str, order: Sequence[str]) -> list[str]:
    """Clockwise from the dealer's left, the dealer last (bidding and the first lead)."""
    d = order.index(dealer)
    return [order[(d + k) % len(order)] for k in range(1, len(order) + 1)]


def is_trump(card: Card, trump: str | None) -> bool:
    return card.is_bird or (trump is not None and card.color == trump)


def trump_led(led: Card, trump: str | None) -> bool:
    """A trump lead: an ordinary trump, or the Bird (rook.bird-led)."""
    return is_trump(led, trump)


def legal_cards(hand: set[Card], led: Card | None, trump: str | None) -> set[Card]:
    """Cards a player holding `hand` may play to a trick led with `led` (None: they lead).

    rook.follow-color: a player holding the led color plays it, or the Bird (rook.bird-anytime).
    When trump is led — or the Bird, which calls for trump (rook.bird-led) — the Bird counts as a
    trump, so a player whose only trump is the Bird must play it (rook.bird-must-follow-trump).
    """
    if led is None:
        return hand
    if trump_led(led, trump):
        return {c for c in hand if is_trump(c, trump)} or hand
    follow = {c for c in hand if c.color == led.color}
    if not follow:
        return hand
    return follow | {c for c in hand if c.is_bird}


def may_play(card: Card, hand: set[Card], led: Card | None, trump: str | None) -> bool:
    """Whether `card` is in legal_cards(hand, led, trump), without building the set: this runs
    for every card of an archive, the set only when a message needs it."""
    if led is None:
        return True
    if led.color == "" or led.color == trump:
        return card.color == "" or card.color == trump or not any(
            h.color == "" or h.color == trump for h in hand)
    return card.color == led.color or card.color == "" or not any(h.color == led.color for h in hand)


def trick_winner(plays: Sequence[Play], trump: str | None) -> tuple[Play, str]:
    """The winning play and why (rook.trick-winner): the Bird, else the highest trump, else the
    highest card of the led color."""
    for p in plays:
        if p.card.is_bird:
            return p, "the Bird beats every card"
    led = plays[0].card.color
    trumps = [p for p in plays if p.card.color == trump]
    if trumps:
        best = max(trumps, key=lambda p: p.card.number)
        return best, (f"{best.card} is the highest trump" if led != trump
                      else f"{best.card} is the highest {COLOR_NAME[led]} (trump led)")
    best = max((p for p in plays if p.card.color == led), key=lambda p: p.card.number)
    return best, f"{best.card} is the highest {COLOR_NAME[led]}"


def color_word(color: str | None) -> str:
    return COLOR_NAME.get(color or "", "no color")


def auction_result(calls: Sequence[Call], bidders: Sequence[str]) -> tuple[str, int] | None:
    """The standing bid (bidder, amount) when the calls stop, taking turns clockwise from
    `bidders[0]` and skipping passed players (rook.bid-order, rook.bid-end); no judgement."""
    passed: set[str] = set()
    high: tuple[str, int] | None = None
    pos = 0
    for call in calls:
        if len(passed) == 4 or (high is not None and len(passed - {high[0]}) == 3):
            break
        who = call.player or next(bidders[(pos + k) % 4] for k in range(4) if bidders[(pos + k) % 4] not in passed)
        if call.amount is None:
            passed.add(who)
        else:  # a passed player's bid (rook.bid-after-pass) stands, but they stay passed
            high = (who, call.amount)
        pos = bidders.index(who) + 1
    return high


def missing_passes(bidders: Sequence[str], pos: int, passed: set[str], high: tuple[str, int] | None,
                   call: Call, rest: Sequence[Call], bidding: set[str]) -> list[str]:
    """The players a call out of turn skipped, when the bidding reads on as if they had passed
    (rook.bid-order): with their passes it is the caller's turn, the auction is still open, the next
    call is by the player who would call next, and none of them calls again — nor holds the
    standing bid (`bidding`: who holds it, as written and as the last legal bid). Empty when it
    does not read so."""
    who = call.player
    then = rest[0].player if rest else None
    gap: list[str] = []
    for k in range(4):
        q = bidders[(pos + k) % 4]
        if q == who:
            break
        if q not in passed:
            gap.append(q)
    now = passed | set(gap)
    if (not gap or who in passed or (high is not None and len(now - {high[0]}) == 3) or len(now) == 4
            or bidding.intersection(gap) or any(c.player in gap for c in rest)):
        return []
    if call.amount is None:
        now.add(who)
        high_after = high
    else:
        high_after = (who, call.amount)
    if (high_after is not None and len(now - {high_after[0]}) == 3) or len(now) == 4:
        nxt = None  # the auction is over
    else:
        at = bidders.index(who) + 1  # type: ignore[arg-type]
        nxt = next(bidders[(at + k) % 4] for k in range(4) if bidders[(at + k) % 4] not in now)
    return gap if then == nxt or then is None else []


# --- the replay --------------------------------------------------------------------------

class _Pending(NamedTuple):
    """A failure to follow by a player whose hand is unknown, waiting for a later play to prove it."""

    color: str | None
    """The color the player should have played (trump for a trump or Bird lead)."""
    trick: int
    play: Play
    kind: str
    """'follow' (a color led), 'trump' (trump led) or 'bird' (the Bird led)."""
    bird: int = 0
    """For 'trump': the trick in which the player later showed the Bird (0: not yet)."""


class _Auction:
    __slots__ = ("calls", "high", "legal", "passed", "ended", "all_pass")

    def __init__(self) -> None:
        self.calls: list[tuple[str, int | None]] = []
        self.high: tuple[str, int] | None = None
        """The standing bid, as the record says the table took it."""
        self.legal: tuple[str, int] | None = None
        """The highest legal bid, which the next bid must beat (rook.bid-step)."""
        self.passed: set[str] = set()
        self.ended = False
        self.all_pass = False


class _Replay:
    """Replays one record. Carries on from what the record says happened after each finding."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.players = record.players
        self.teams = record.teams
        self.opts = record.header.options
        self.f = Findings()
        bird = self.opts["bird"] != "off"
        self.deck = DECK_SET if bird else DECK_SET - {BIRD}
        self.total = sum(c.points for c in self.deck)
        self.nest_size = len(self.deck) - 4 * HAND_CARDS

    def run(self) -> Audit:
        rec, players, labels = self.record, self.players, self.teams.labels
        every = self.opts["seat_change_every"]
        played = 0  # hands that count toward the seat change
        prev: tuple[str, str | None, tuple[str, ...]] | None = None  # last dealer, its rotation-right
        # alternative when the record's dealer was reported, and the last seating
        totals = {t: 0 for t in labels}
        winner: str | None = None
        won_at: int | None = None
        results: list[HandResult] = []
        kept: tuple[tuple[str, ...], int] | None = None  # a seating the record kept, and its period
        for hand in rec.hands:
            n = hand.number
            period = played // every if every else 0
            order = seating(players, period)
            if kept is not None and kept[1] == period:
                # The record kept the old seats: carry on from what it says happened — until a hand
                # is evidently played in the right seating (the table changed seats late).
                if self.fits_better(hand, order, kept[0], prev, played):
                    kept = None
                else:
                    order = kept[0]
            mark = len(self.f.violations)
            dealer, alt = self.dealer(hand, order, prev, played)
            dealt = {v.rule for v in self.f.violations[mark:]}
            if winner is not None:
                self.f.violation("rook.game-end",
                                 f"hand {n} was played after the game was over: {winner} won in hand {won_at} "
                                 f"with {totals[winner]} (target {self.opts['target']}), so this hand does "
                                 "not count", line=hand.line, hand=n)
            mark, events = len(self.f.violations), len(self.f.events)
            result = self.hand(hand, dealer, order, self.seat_dealer(hand, dealer, alt, order))
            if prev is not None and order != prev[2] and dealt <= {"rook.seat-change"}:
                old = self.old_seating(hand, prev, order, played, dealt, mark, events)
                if old is not None:
                    result, dealer, alt, order = old
                    kept = (order, period)
            if result.thrown_in:
                pass  # rook.all-pass: a thrown-in hand does not count toward the seat change
            else:
                played += 1
            if winner is None and result.counted and result.scores is not None:
                for t in labels:
                    totals[t] += result.scores[t]
                winner = game_winner(totals, self.opts["target"])
                won_at = n if winner is not None else None
            elif result.counted:
                result = result._replace(counted=False)
            results.append(result)
            prev = (dealer, alt, order)
        return Audit("rook", rec.header, rec, self.f.violations, self.f.events,
                     Result(self.teams, tuple(results), totals, winner, won_at))

    # rook.seat-change
    def fits_better(self, hand: Hand, order: tuple[str, ...], other: tuple[str, ...],
                    prev: tuple[str, str | None, tuple[str, ...]] | None, played: int) -> bool:
        """Whether the hand, dealt, bid and played in `order`, breaks fewer rules than in `other`."""
        def breaches(seats: tuple[str, ...]) -> float:
            saved, self.f = self.f, Findings()
            try:
                dealer, alt = self.dealer(hand, seats, prev, played)
                self.hand(hand, dealer, seats, self.seat_dealer(hand, dealer, alt, seats))
                return len(self.f.violations)
            except InputError:
                return float("inf")
            finally:
                self.f = saved
        return breaches(order) < breaches(other)

    def old_seating(self, hand: Hand, prev: tuple[str, str | None, tuple[str, ...]], order: tuple[str, ...],
                    played: int, dealt: set[str], mark: int, events: int
                    ) -> tuple[HandResult, str, None, tuple[str, ...]] | None:
        """The first hand after a seat change, judged in the old seating if it was evidently played so.

        A table that forgot to change seats bids and plays the whole hand in the old clockwise order:
        judged in the new one, every call and every trick would be out of turn. When the hand's
        bidding and play fit the old seating better, the forgotten seat change is reported once
        (by `dealer` already, or here) and the hand — and the rest of this seating period — is judged
        in the seating the record used. Returns the replayed hand, its dealer, no alternative dealer,
        and the old seating; None when the new seating fits at least as well.
        """
        orders = ("rook.bid-order", "rook.turn-order")
        if not any(v.rule in orders for v in self.f.violations[mark:]):
            return None
        last, _alt, old = prev
        dealer = hand.dealer or left_of(last, old)
        saved, self.f = self.f, Findings()
        try:
            result: HandResult | None = self.hand(hand, dealer, old, dealer)
        except InputError:
            result = None
        trial, self.f = self.f, saved
        extra = 0 if "rook.seat-change" in dealt else 1
        if result is None or len(trial.violations) + extra >= len(self.f.violations) - mark:
            return None
        del self.f.violations[mark:]
        del self.f.events[events:]
        judged = "the rest of this seating period are judged in the seating the record used"
        if not extra:  # `dealer` reported it: say how the hand is judged
            i = max(k for k, v in enumerate(self.f.violations) if v.rule == "rook.seat-change")
            v = self.f.violations[i]
            self.f.violations[i] = v._replace(
                message=f"{v.message}. The hand was also bid and played in the old seating: this hand and {judged}")
        else:
            n, every = hand.number, self.opts["seat_change_every"]
            first = hand.tricks[0].line if hand.tricks else None
            self.f.violation(
                "rook.seat-change",
                f"hand {n} was bid and played as if the seats had not changed ({', '.join(old)} clockwise), but "
                f"after every {every} hands one partnership swaps seats (1988 tournament rule), which reverses "
                f"the clockwise order to {', '.join(order)} after {played} hands played. This hand and {judged}",
                line=hand.dealer_line or hand.bidding_line or first or hand.line, hand=n, player=dealer)
        self.f.violations += trial.violations
        self.f.events += trial.events
        return result, dealer, None, old

    # rook.dealer-rotation, rook.seat-change
    def dealer(self, hand: Hand, order: tuple[str, ...], prev: tuple[str, str | None, tuple[str, ...]] | None,
               played: int) -> tuple[str, str | None]:
        """Who deals this hand, and — when the record's dealer is reported — who should have.

        The replay carries on from the record's dealer; but a record whose next dealer (or first
        bidder, or first leader) follows the correct rotation instead is not reported again:
        one mistake is reported once.
        """
        n = hand.number
        rec = self.record
        if prev is None:
            expected = rec.first_dealer
            if hand.dealer is not None and hand.dealer != expected:
                self.f.violation("rook.dealer-rotation",
                                 f"{hand.dealer} dealt hand 1, but the first dealer is {expected} (`first_dealer`, "
                                 "by default the first player listed)",
                                 line=hand.dealer_line, hand=n, player=hand.dealer)
                return hand.dealer, expected
            return expected, None
        last, last_alt, last_order = prev
        new_left = self.opts["seat_change_deal"] == "new-left"
        basis = order if new_left else last_order
        expected = left_of(last, basis)
        if hand.dealer is None or hand.dealer == expected:
            return expected, None
        if last_alt is not None and hand.dealer == left_of(last_alt, basis):
            return hand.dealer, None  # back on the rotation the record should have followed
        changed = order != last_order
        house = (f"house {'default' if new_left else 'rule'} `seat_change_deal: {self.opts['seat_change_deal']}`: "
                 f"the deal passes to the left in the {'new' if new_left else 'old'} seating")
        if changed and hand.dealer == left_of(last, last_order if new_left else order):
            every = self.opts["seat_change_every"]
            self.f.violation(
                "rook.seat-change",
                f"{hand.dealer} dealt hand {n}, which would be {last}'s left {'before' if new_left else 'after'} "
                f"the seat change; but after every {every} hands one partnership swaps seats (1988 "
                f"tournament rule), which reverses the clockwise order to {', '.join(order)} after {played} "
                f"hands played, and the deal passes to {expected} ({house})",
                line=hand.dealer_line, hand=n, player=hand.dealer)
        else:
            seats = f" (clockwise order now {', '.join(order)})" if order != tuple(self.players) else ""
            self.f.violation(
                "rook.dealer-rotation",
                f"{hand.dealer} dealt hand {n}, but it was {expected}'s deal: {last} dealt hand {n - 1} and "
                f"the deal passes to the left{seats}" + (f" ({house})" if changed else ""),
                line=hand.dealer_line, hand=n, player=hand.dealer)
        return hand.dealer, expected

    def seat_dealer(self, hand: Hand, dealer: str, alt: str | None, order: tuple[str, ...]) -> str:
        """Whose left bids and leads first: normally the dealer's.

        When the record's `dealer` was reported (`alt` is the dealer the rotation gives) and the
        rest of the hand — the first lead, the first named call, or the bid winner that `bid`,
        the discard or the scores point to — was played from the left of `alt`, the record only
        miswrote `dealer`: judge the hand from the right seat, so the mistake is reported once.
        """
        if alt is None or from_left(alt, order)[0] == from_left(dealer, order)[0]:
            return dealer
        left = from_left(alt, order)[0]
        if hand.tricks:
            return alt if hand.tricks[0].plays[0].player == left else dealer
        if hand.bidding and hand.bidding[0].player is not None:
            return alt if hand.bidding[0].player == left else dealer
        if hand.bidding and self.fits(hand, alt, order) and not self.fits(hand, dealer, order):
            return alt
        return dealer

    def fits(self, hand: Hand, seat: str, order: tuple[str, ...]) -> bool:
        """Whether the auction, replayed from `seat`'s left, gives the winner the rest of the hand shows."""
        high = auction_result(hand.bidding or (), from_left(seat, order))
        if high is None:
            return False
        winner, amount = high
        if hand.bid is not None:
            return (hand.bid.player, hand.bid.amount) == (winner, amount)
        if hand.discard is not None and hand.deal is not None:
            others = {c for p, cs in hand.deal.items() if p != winner for c in cs}
            return not others & set(hand.discard)
        if hand.scores is not None and hand.points is not None and len(hand.points) == 2:
            scores = hand_scores(self.teams.of[winner], amount, {t: tv.value for t, tv in hand.points.items()})
            return all(tv.value == scores[tv.team] for tv in hand.scores.values())
        return False

    # rook.deck, rook.deal
    def cards(self, hand: Hand) -> tuple[dict[Card, str], tuple[Card, ...] | None, set[str], set[Card]]:
        """Who was dealt each card (the nest as ''), the nest as dealt, if known or deducible, the
        deal entries (the nest as '') that broke rook.deck or rook.deal, and the cards dealt twice.

        A player's plays are judged against their deal only when that entry is sound: once it is
        reported, what the player really held is unknown, and the player is judged by inference, so
        the wrong entry is not reported again at every card it misplaced. A card dealt twice makes
        both entries doubtful (either may be the wrong one), and where it really was is unknown.
        """
        n = hand.number
        owner: dict[Card, str] = {}
        doubtful: set[str] = set()
        twice: set[Card] = set()
        clean = True

        def place(c: Card, who: str, line: int | None, player: str | None) -> bool:
            where = "the nest" if who == "" else f"{who}'s deal"
            if c not in self.deck:
                self.f.violation("rook.deck", f"{c} in {where} is not a card of this game: " + self.not_in_deck(c),
                                 line=line, hand=n, player=player)
                doubtful.add(who)
                owner.setdefault(c, who)  # so that playing it is not reported again
                return False
            if c in owner:
                prev = "the nest" if owner[c] == "" else owner[c]
                now = "the nest" if who == "" else who
                dup = f"twice to {now}" if prev == now else f"to both {prev} and {now}"
                self.f.violation("rook.deck", f"{c} was dealt {dup}; the deck has one of each card",
                                 line=line, hand=n, player=player)
                doubtful.update((who, owner[c]))
                twice.add(c)
                return False
            owner[c] = who
            return True

        deal = hand.deal or {}
        nest = hand.nest
        # Cards moved between a player's deal and the nest: the nest's wrong size is the same mistake
        # as the player's wrong count, reported once, at the player.
        moved = (nest is not None and len(nest) != self.nest_size and len(deal) == 4
                 and sum(map(len, deal.values())) + len(nest) == len(self.deck))
        for p, cards in deal.items():
            line = (hand.deal_lines or {})[p]
            if len(cards) != HAND_CARDS:
                clean = False
                doubtful.add(p)
                also = (f"; the nest has {len(nest)} instead of {self.nest_size}, so the cards went to the wrong place "
                        "in the deal" if moved and nest is not None else "")
                self.f.violation("rook.deal", f"{p} was dealt {len(cards)} cards; each player is dealt "
                                 f"{HAND_CARDS} ({show(cards)}){also}", line=line, hand=n, player=p)
            for c in cards:
                clean = place(c, p, line, p) and clean
        if nest is not None:
            if len(nest) != self.nest_size:
                doubtful.add("")
            if len(nest) != self.nest_size and not moved:
                self.f.violation("rook.deal", f"the nest has {len(nest)} cards; {self.nest_size} are dealt to "
                                 f"the nest ({show(nest)})", line=hand.nest_line, hand=n)
            for c in nest:
                place(c, "", hand.nest_line, None)
        elif clean and hand.deal is not None and len(hand.deal) == 4:
            nest = tuple(sorted(self.deck - owner.keys()))  # the nest is what was not dealt
            for c in nest:
                owner[c] = ""
        for c in twice:
            del owner[c]  # dealt to two entries: which one really had it is unknown
        return owner, nest, doubtful, twice

    def not_in_deck(self, c: Card) -> str:
        if c.is_bird:
            return "the Bird is left out (house rule `bird: off`)"
        return f"each color runs from 5 to 14 (the 1–4 are taken out of the {len(self.deck)}-card deck)"

    # rook.bid-order, rook.bid-after-pass, rook.bid-minimum, rook.bid-step, rook.bid-maximum, rook.bid-end
    def auction(self, hand: Hand, dealer: str, order: tuple[str, ...]) -> _Auction:
        n = hand.number
        bidders = from_left(dealer, order)
        a = _Auction()
        passed = a.passed
        legal: tuple[str, int] | None = None
        pos = 0
        calls = hand.bidding or ()
        for i, call in enumerate(calls):
            expected = next((bidders[(pos + k) % 4] for k in range(4) if bidders[(pos + k) % 4] not in passed),
                            None)
            who = call.player or expected or bidders[pos % 4]
            where: dict[str, Any] = {"line": call.line, "hand": n, "player": who}
            if a.ended:
                if a.all_pass:
                    why = "all four players had passed"
                else:
                    assert a.high is not None
                    why = f"{a.high[0]} had bid {a.high[1]} and the other three had passed, so {a.high[0]} won it"
                self.f.violation("rook.bid-end", f"{who} called {call} after the auction was over: {why}", **where)
                continue
            if call.player is not None and call.player != expected:
                if call.player in passed and call.amount is not None:
                    self.f.violation("rook.bid-after-pass",
                                     f"{who} bid {call.amount} after passing earlier in this auction: a player who "
                                     f"has passed is out of the bidding for the hand (it was {expected}'s turn)",
                                     **where)
                else:
                    gap = missing_passes(bidders, pos, passed, a.high, call, calls[i + 1:],
                                         {bid[0] for bid in (a.high, a.legal) if bid is not None})
                    self.f.violation("rook.bid-order",
                                     f"{who} called {call} out of turn: bidding goes clockwise from the dealer's "
                                     f"({dealer}) left ({', '.join(bidders)}), skipping players who have passed, "
                                     f"so it was {expected}'s turn"
                                     + (f". The bidding goes on as if {' and '.join(gap)} had passed, so "
                                        f"{'that pass is' if len(gap) == 1 else 'those passes are'} taken as missing "
                                        "from the record" if gap else ""), **where)
                    passed.update(gap)
            if call.amount is None:
                passed.add(who)
            else:
                # A bid is judged against the highest *legal* bid so far, so one bad bid is reported once.
                # A passed player's bid (rook.bid-after-pass, reported above) is never legal; it stands as
                # the record says the table took it, but the player stays passed and is skipped.
                if self.bid_amount(call.amount, legal, who, where) and who not in passed:
                    legal = a.legal = (who, call.amount)
                a.high = (who, call.amount)
            a.calls.append((who, call.amount))
            pos = bidders.index(who) + 1
            if a.high is not None and len(passed - {a.high[0]}) == 3:
                a.ended = True
            elif len(passed) == 4:
                a.ended = a.all_pass = True
        return a

    def bid_amount(self, amount: int, high: tuple[str, int] | None, who: str, where: dict[str, Any]) -> bool:
        """Judge one bid against the highest legal bid so far; True if it is legal."""
        lo, hi, step = self.opts["min_bid"], self.opts["max_bid"], self.opts["bid_step"]
        if amount > hi:
            self.f.violation("rook.bid-maximum",
                             f"{who} bid {amount}, but no bid may be over {hi}" +
                             (", all the points in the deck" if hi == self.total else ""), **where)
        elif high is None and amount < lo:
            self.f.violation("rook.bid-minimum",
                             f"{who} opened the bidding at {amount}, but the opening bid is at least {lo}", **where)
        elif amount % step != 0 or (high is not None and amount < high[1] + step):
            least = lo if high is None else high[1] + step
            least = -(-least // step) * step
            after = "" if high is None else f" after {high[0]}'s {high[1]}"
            self.f.violation("rook.bid-step",
                             f"{who} bid {amount}, but bids go up in steps of {step}: multiples of {step}, each at "
                             f"least {step} more than the highest bid so far, so{after} the lowest bid was {least}"
                             + (f" (then {least + step}, … up to {hi})" if least + step <= hi else ""), **where)
        else:
            return True
        return False

    def unwritten_calls(self, n: int, auc: _Auction, b: Bid) -> tuple[str, int]:
        """The winner of an auction whose last calls are not written, when `bid` names one.

        A `bid` the written calls can still lead to is taken as the winner (the calls after it
        were left out); the standing bid itself means the missing calls were the passes. A `bid`
        they cannot lead to — by a player who has passed, or not over the standing bid — is
        rook.bid-end, as for a full auction, and the written calls decide (missing ones read as
        passes).
        """
        where: dict[str, Any] = {"line": b.line, "hand": n, "player": b.player}
        if auc.high is not None and (b.player, b.amount) == auc.high:
            return auc.high
        if b.player not in auc.passed and (auc.high is None or b.amount > auc.high[1]):
            self.bid_amount(b.amount, auc.legal, b.player, where)  # one more bid, judged as such
            return b.player, b.amount
        why = (f"{b.player} passed in the bidding and is out of it" if b.player in auc.passed
               else f"{b.amount} is not over the standing bid ({auc.high[0]}'s {auc.high[1]})" if auc.high
               else "")
        if auc.high is None:
            self.f.violation("rook.bid-end", f"`bid` says {b.player} won at {b.amount}, but {why}", **where)
            return b.player, b.amount
        winner, amount = auc.high
        self.f.violation("rook.bid-end",
                         f"`bid` says {b.player} won at {b.amount}, but {why}: the calls written leave "
                         f"{winner}'s bid of {amount} standing, and the calls not written are read as passes, so "
                         f"{winner} won at {amount}", **where)
        return auc.high

    def check_bid_value(self, amount: int, who: str, where: dict[str, Any]) -> None:
        """A `bid` written without the auction must still be a bid someone could win with."""
        self.bid_amount(amount, None, who, where)

    def hand(self, hand: Hand, dealer: str, order: tuple[str, ...], seat: str) -> HandResult:
        """Replay one hand dealt by `dealer`; `seat` is the dealer whose left bids and leads first."""
        n = hand.number
        owner, nest, doubtful, twice = self.cards(hand)
        auc = self.auction(hand, seat, order) if hand.bidding is not None else None
        bidder: str | None = None
        amount: int | None = None
        forced = thrown = False
        b = hand.bid
        if auc is not None and auc.all_pass:
            if self.opts["all_pass"] == "redeal":
                thrown = True
                if hand.played_line is not None:
                    self.f.violation("rook.all-pass",
                                     f"all four players passed in hand {n}, so the hand is thrown in and scores "
                                     f"nothing (house default `all_pass: redeal`), but the record goes on to play "
                                     f"or score it", line=hand.played_line, hand=n)
            else:
                forced, bidder, amount = True, seat, self.opts["min_bid"]
                if b is not None and (b.player, b.amount) != (bidder, amount):
                    self.f.violation("rook.all-pass",
                                     f"all four players passed, so the dealer {seat} takes the hand at "
                                     f"{amount} (house rule `all_pass: dealer-forced`), but `bid` says "
                                     f"{b.player} {b.amount}", line=b.line, hand=n, player=b.player)
        elif auc is not None and auc.ended:
            assert auc.high is not None
            bidder, amount = auc.high
            if b is not None and (b.player, b.amount) != (bidder, amount):
                self.f.violation("rook.bid-end",
                                 f"`bid` says {b.player} won at {b.amount}, but the auction ended with {bidder}'s "
                                 f"bid of {amount} standing and the other three passed, so {bidder} won at {amount}",
                                 line=b.line, hand=n, player=b.player)
        elif b is not None:
            bidder, amount = b.player, b.amount
            if auc is None:
                self.check_bid_value(b.amount, b.player, {"line": b.line, "hand": n, "player": b.player})
            else:
                bidder, amount = self.unwritten_calls(n, auc, b)
        elif auc is not None and hand.played_line is not None:
            if auc.high is None:
                raise InputError(f"hand {n} goes on past the auction, but the bidding written has no bid yet: "
                                 "write the rest of the calls, or `bid: {player: amount}`", hand.bidding_line)
            bidder, amount = auc.high  # the passes that end the auction were left unwritten
        calls = tuple(auc.calls) if auc is not None else ()
        bid_team = self.teams.of[bidder] if bidder is not None else None
        base: dict[str, Any] = dict(number=n, dealer=dealer, seating=order, calls=calls, bidder=bidder,
                                    bid=amount, bid_team=bid_team, forced=forced, thrown_in=thrown)
        if thrown:
            return HandResult(**base, trump=None, nest=None, nest_points=None, last_winner=None, tricks=(),
                              points=None, scores=None, made=None, complete=True, counted=False)
        known = {p: set(cards) for p, cards in (hand.deal or {}).items() if p not in doubtful}
        pool = self.exchange(hand, bidder, owner, None if "" in doubtful else nest, known)
        trump = self.trump(hand, bidder)
        played: list[PlayedTrick] = []
        last_winner = None
        if hand.tricks is not None:
            # A card dealt twice (reported) that is put back and also played is the same mistake.
            buried = set(hand.discard or ()) - twice
            played = self.play(hand, seat, order, trump, owner, buried, known, pool, bidder)
            if len(played) >= TRICKS and played[TRICKS - 1].winner is not None:
                last_winner = played[TRICKS - 1].winner
        points: dict[str, int] | None = None
        nest_points: int | None = None
        real_nest = hand.discard
        shown = {pl.card for pt in played[:TRICKS] for pl in pt.judged} if last_winner is not None else set()
        if last_winner is not None and not shown <= self.deck and hand.points is not None:
            # A card outside the deck that the hand does not identify: its counters are unknown, so the
            # written points cannot be checked against the tricks; carry on from what the record says.
            points = self.summary_points(hand)
        elif last_winner is not None:
            trick_points = {t: 0 for t in self.teams.labels}
            for pt in played[:TRICKS]:
                trick_points[self.teams.of[pt.winner]] += pt.points  # type: ignore[index]
            if len(shown) == TRICKS * 4 and shown <= self.deck:
                # 36 different cards played: the nest that goes to the last trick is what they leave of
                # the deck, whatever the discard says (a discard written wrong is reported once, at it).
                real_nest = tuple(self.deck - shown)  # unordered: the replay sorts it for display
                nest_points = sum(c.points for c in real_nest)
            elif hand.discard is not None:
                nest_points = sum(c.points for c in hand.discard)
            else:  # the nest is whatever the played cards leave of the counters
                nest_points = max(0, self.total - sum(trick_points.values()))
            points = dict(trick_points)
            points[self.teams.of[last_winner]] += nest_points
            self.check_points(hand, points, nest_points, last_winner)
        elif hand.points is not None:
            points = self.summary_points(hand)
        elif hand.scores is not None:
            raise InputError(f"hand {n} has `scores` but its play is unfinished: the scores cannot be checked until "
                             "every trick is recorded (or give `points`)", hand.scores_line)
        scores = None
        ok = None
        if points is not None and bidder is not None and amount is not None and bid_team is not None:
            scores = hand_scores(bid_team, amount, points)
            ok = made(amount, points[bid_team])
            self.check_scores(hand, bid_team, amount, points, scores)
        complete = points is not None
        return HandResult(**base, trump=None if trump in (None, NO_TRUMP) else trump, nest=real_nest,
                          nest_points=nest_points, last_winner=last_winner, tricks=tuple(played), points=points,
                          scores=scores, made=ok, complete=complete, counted=scores is not None)

    # rook.nest-exchange
    def exchange(self, hand: Hand, bidder: str | None, owner: dict[Card, str], nest: tuple[Card, ...] | None,
                 known: dict[str, set[Card]]) -> set[Card] | None:
        """Check the discard; update the bid winner's known hand. Returns the 14 cards the winner held, if known."""
        n = hand.number
        if bidder is None:
            return None
        dealt = known.get(bidder)
        pool = dealt | set(nest) if dealt is not None and nest is not None else None
        discard = hand.discard
        if discard is None:
            known.pop(bidder, None)  # 9 of the 14, but which is not written: judged by inference
            return pool
        # One discard written wrong is one mistake: every problem with it goes into one report.
        problems: list[str] = []
        seen: set[Card] = set()
        twice = [c for i, c in enumerate(discard) if c in discard[:i]]
        if len(discard) != self.nest_size and len(set(discard)) != self.nest_size:
            problems.append(f"{bidder} put back {len(discard)} cards ({show(discard)}), but the bid winner puts "
                            f"back exactly {self.nest_size} as the new nest")
        if twice:
            problems.append(f"{bidder} put {show(set(twice))} back twice ({show(discard)}): the {self.nest_size} "
                            "cards put back are different cards from the hand")
        held = f" (the 9 dealt and the {self.nest_size} of the nest)"
        for c in discard:
            if c in seen:
                continue
            seen.add(c)
            if pool is not None and c not in pool:
                whose = owner.get(c)
                more = f"; it was dealt to {whose}" if whose else ""
                problems.append(f"{bidder} put back {c}, which was not among the {len(pool)} cards {bidder} "
                                f"held{held}{more}; the discard comes from those cards ({show(pool)})")
            elif pool is None and owner.get(c) not in (None, "", bidder):
                problems.append(f"{bidder} put back {c}, but {c} was dealt to {owner[c]}: the discard comes from "
                                "the bid winner's own cards and the nest")
        if problems:
            self.f.violation("rook.nest-exchange", "; and ".join(problems), line=hand.discard_line, hand=n,
                             player=bidder)
        if pool is not None:
            known[bidder] = pool - seen
        else:
            known.pop(bidder, None)
        return pool

    # rook.trump
    def trump(self, hand: Hand, bidder: str | None) -> str | None:
        if hand.trump == NO_TRUMP:
            self.f.violation("rook.trump",
                             f"the record has no trump in hand {hand.number}, but Rook has no no-trump hands: "
                             f"after the exchange the bid winner{' ' + bidder if bidder else ''} names red, "
                             "yellow, black or green as trump (the Bird is then the highest trump)",
                             line=hand.trump_line, hand=hand.number, player=bidder)
            return None
        return hand.trump

    # rook.turn-order, rook.card-not-held, rook.deck, rook.follow-color, rook.bird-*, rook.trick-winner
    def play(self, hand: Hand, dealer: str, order: tuple[str, ...], trump: str | None, owner: dict[Card, str],
             buried: set[Card], known: dict[str, set[Card]], pool: set[Card] | None,
             bidder: str | None) -> list[PlayedTrick]:
        n = hand.number
        played_in: dict[Card, int] = {}
        # Without a known hand, a failure to follow is only proved by a later play.
        pending: dict[str, list[_Pending]] = {p: [] for p in self.players}
        leader = from_left(dealer, order)[0]
        out: list[PlayedTrick] = []
        tricks = hand.tricks or ()
        stand, odd = self.stand_ins(tricks, hand.discard, known)
        for t, trick in enumerate(tricks, 1):
            if t > TRICKS:
                self.f.violation("rook.deal",
                                 f"trick {t} is one trick too many: each player is dealt {HAND_CARDS} cards, so a hand "
                                 f"has {TRICKS} tricks", line=trick.line, hand=n, trick=t)
                break
            self.turn_order(trick, leader, t, n, dealer, order)
            plays = trick.plays
            if stand and any((t, pl.player) in stand for pl in plays):
                plays = tuple(pl._replace(card=stand.get((t, pl.player), pl.card)) for pl in plays)
            led = plays[0].card
            for k, pl in enumerate(plays):
                self.card(pl, trick.plays[k].card, None if k == 0 else led, t, n, trump, owner, buried, known,
                          pool, bidder, played_in, pending)
            pts = sum(pl.card.points for pl in plays)
            if len(plays) < 4:
                out.append(PlayedTrick(t, trick.plays, None, "unfinished", pts, plays))
                break
            best, why = trick_winner(plays, trump)
            following = tricks[t].plays[0].player if t < len(tricks) else None
            if t in odd and following != best.player and any(pl.player == following for pl in plays):
                # A card outside the deck has no rank: the record's next leader says who won the trick.
                best = next(pl for pl in plays if pl.player == following)
                strange = show(pl.card for pl in plays if pl.card not in self.deck)
                why = f"{following} leads the next trick ({strange} is not a card of this game, so its rank is unknown)"
            leader = best.player
            out.append(PlayedTrick(t, trick.plays, best.player, why, pts, plays))
        self.settle(n, pending)
        return out

    # rook.deck
    def stand_ins(self, tricks: Sequence[Trick], discard: Sequence[Card] | None, known: dict[str, set[Card]]
                  ) -> tuple[dict[tuple[int, str], Card], set[int]]:
        """For one card outside the deck in a fully played hand: the deck card it must have been.

        The 35 other cards played, the discard (when it is 5 different cards none of which was
        played) and the player's known hand may leave exactly one card of the deck unaccounted
        for; that card is what was played, so the trick is won and counted as the record goes on
        (the card written is still reported once, under rook.deck). Returns the stand-ins keyed by
        (trick, player), and the tricks left with a card outside the deck that nothing identifies.
        """
        deck = self.deck
        if {pl.card for tr in tricks[:TRICKS] for pl in tr.plays} <= deck:
            return {}, set()
        strange = [(t, pl) for t, tr in enumerate(tricks[:TRICKS], 1) for pl in tr.plays if pl.card not in deck]
        odd = {t for t, _pl in strange}
        if len(strange) != 1 or len(tricks) < TRICKS or len(tricks[TRICKS - 1].plays) < 4:
            return {}, odd
        others = {pl.card for tr in tricks[:TRICKS] for pl in tr.plays if pl.card in deck}
        if len(others) != TRICKS * 4 - 1:
            return {}, odd
        left = deck - others
        put_back = set(discard or ())
        if len(put_back) == self.nest_size and put_back <= left:
            left -= put_back
        t, pl = strange[0]
        if pl.player in known:
            left &= known[pl.player]
        if len(left) != 1:
            return {}, odd
        return {(t, pl.player): next(iter(left))}, set()

    def turn_order(self, trick: Trick, leader: str, t: int, n: int, dealer: str, order: tuple[str, ...]) -> None:
        wrong = out_of_turn(trick, leader, order, t, dealer, "rook")
        if wrong is not None:
            pl, why = wrong
            self.f.violation("rook.turn-order", why, line=pl.line, hand=n, trick=t, player=pl.player)

    def card(self, pl: Play, written: Card, led: Card | None, t: int, n: int, trump: str | None,
             owner: dict[Card, str], buried: set[Card], known: dict[str, set[Card]],
             pool: set[Card] | None, bidder: str | None, played_in: dict[Card, int],
             pending: dict[str, list[_Pending]]) -> Play:
        """Judge one play; returns it as judged. `pl.card` is the card judged: the `written` one, or
        the deck card that stands in for a written card outside the deck (`stand_ins`)."""
        p, c = pl.player, pl.card
        where: dict[str, Any] = {"line": pl.line, "hand": n, "trick": t, "player": p}
        if written not in self.deck:
            # rook.deck, not rook.card-not-held: nobody can hold a card the game does not have. Once
            # for a card the deal already gave this player (reported there).
            if owner.get(written) != p:
                stood = f"; the rest of the hand shows it was {c}" if c != written else ""
                self.f.violation("rook.deck", f"{p} played {written}, which is not a card of this game: "
                                 + self.not_in_deck(written) + stood, **where)
            if c == written:  # which card it was is unknown: nothing more can be judged of it
                self.infer(p, c, led, t, n, trump, pl, pending)
                return pl
        held = known.get(p)
        if held is not None:
            if c not in held:
                self.f.violation("rook.card-not-held", f"{p} played {c} but did not hold it: "
                                 + self.whereabouts(c, p, owner, buried, played_in, bidder), **where)
                known.pop(p)  # the record lost track of this hand: judge it by inference from now on
            else:
                if not may_play(c, held, led, trump):
                    assert led is not None
                    self.follow_violation(p, c, led, trump, held, legal_cards(held, led, trump), where)
                held.discard(c)
                played_in.setdefault(c, t)
                return pl
        elif c in played_in:
            self.f.violation("rook.deck", f"{p} played {c}, which was already played in trick {played_in[c]}: "
                             "the deck has one of each card", **where)
        elif c in buried:
            self.f.violation("rook.deck", f"{p} played {c}, which {bidder} put back in the nest: the deck has one "
                             "of each card", **where)
        elif owner.get(c) not in (None, p) and not (owner.get(c) == "" and p == bidder):
            self.f.violation("rook.card-not-held", f"{p} played {c} but did not hold it: "
                             + self.whereabouts(c, p, owner, buried, played_in, bidder), **where)
        elif pool is not None and p == bidder and c not in pool:
            self.f.violation("rook.card-not-held",
                             f"{p} played {c}, which was neither dealt to {p} nor in the nest {p} took", **where)
        played_in.setdefault(c, t)
        self.infer(p, c, led, t, n, trump, pl, pending)
        return pl

    def whereabouts(self, c: Card, p: str, owner: dict[Card, str], buried: set[Card],
                    played_in: dict[Card, int], bidder: str | None) -> str:
        if c not in self.deck:
            return f"{c} is not a card of this game ({self.not_in_deck(c)})"
        if c in played_in:
            return f"{c} was already played in trick {played_in[c]}"
        if c in buried:
            return f"{bidder} put {c} back in the nest"
        who = owner.get(c)
        if who == "":
            return f"{c} was in the nest, which {bidder or 'the bid winner'} took"
        if who is not None and who != p:
            return f"{c} was dealt to {who}"
        return f"{p} was not dealt {c}"

    def follow_violation(self, p: str, c: Card, led: Card, trump: str | None, held: set[Card],
                         allowed: set[Card], where: dict[str, Any]) -> None:
        tr = color_word(trump)
        if led.is_bird:
            self.f.violation("rook.bird-led",
                             f"{p} played {c} when the Bird was led; a led Bird calls for trump ({tr}), and {p} "
                             f"held trump ({show(allowed)}), so {p} had to play one of those", **where)
        elif led.color == trump:
            if allowed == {BIRD}:
                self.f.violation("rook.bird-must-follow-trump",
                                 f"{p} played {c} to a trump lead ({led}) while holding the Bird and no other trump: "
                                 f"the Bird is the highest trump, so it must be played to a trump lead; {p} may "
                                 "not discard to hide it", **where)
            else:
                self.f.violation("rook.follow-color",
                                 f"{p} played {c} to a trump ({tr}) lead while holding trump ({show(allowed)}): a "
                                 f"player who holds the led color must play it; legal plays were {show(allowed)}",
                                 **where)
        else:
            color = color_word(led.color)
            follow = sorted((x for x in allowed if not x.is_bird), key=lambda x: -x.number)
            bird = " or the Bird" if BIRD in allowed else ""
            instead = (f"; an ordinary trump ({c}) is no substitute for following — only the Bird may be played "
                       "instead" if c.color == trump else "; only the Bird may be played instead")
            self.f.violation("rook.follow-color",
                             f"{p} played {c} to a {color} lead ({led}) while holding {color} "
                             f"({show(follow)}): a player who holds the led color must play it{instead}; legal "
                             f"plays were {show(follow)}{bird}", **where)

    def infer(self, p: str, c: Card, led: Card | None, t: int, n: int, trump: str | None, pl: Play,
              pending: dict[str, list[_Pending]]) -> None:
        """Revoke inference for a player whose hand is unknown: a later play proves an earlier failure.

        A player who did not play trump to a trump lead and later shows the Bird held a trump; but
        whether the Bird was their *only* trump (rook.bird-must-follow-trump) or they also held an
        ordinary one (rook.follow-color) is known only when the hand is over (`settle`).
        """
        still = []
        for w in pending[p]:
            if w.kind == "follow" and not c.is_bird and c.color == w.color:
                self.f.violation(
                    "rook.follow-color",
                    f"{p} played {w.play.card} to a {color_word(w.color)} lead in trick {w.trick}, but still held "
                    f"{color_word(w.color)}: {p} played {c} in trick {t}. A player who holds the led color must "
                    "play it (only the Bird may be played instead)",
                    line=w.play.line, hand=n, trick=w.trick, player=p)
            elif w.kind == "trump" and c.is_bird:
                still.append(w._replace(bird=t))
            elif w.kind in ("trump", "bird") and c.color == w.color and w.color is not None:
                rule = "rook.bird-led" if w.kind == "bird" else "rook.follow-color"
                lead = "the Bird's lead, which calls for trump" if w.kind == "bird" else "a trump lead"
                self.f.violation(
                    rule,
                    f"{p} played {w.play.card} to {lead} ({color_word(w.color)}) in trick {w.trick}, but still held "
                    f"trump: {p} played {c} in trick {t}. A player holding trump must play it when trump is led"
                    + (f" (so the Bird, which {p} played in trick {w.bird}, was not {p}'s only trump)"
                       if w.bird else ""),
                    line=w.play.line, hand=n, trick=w.trick, player=p)
            else:
                still.append(w)
        pending[p] = still
        if led is None or c.is_bird:
            return
        if led.is_bird:
            if trump is not None and c.color != trump:
                pending[p].append(_Pending(trump, t, pl, "bird"))
        elif led.color == trump:
            if c.color != trump:
                pending[p].append(_Pending(trump, t, pl, "trump"))
        elif c.color != led.color:
            pending[p].append(_Pending(led.color, t, pl, "follow"))

    # rook.bird-must-follow-trump
    def settle(self, n: int, pending: dict[str, list[_Pending]]) -> None:
        """At the end of the recorded play: a player who hid the Bird from a trump lead and never
        showed another trump held the Bird as their only trump."""
        for p in self.players:
            for w in pending[p]:
                if w.kind == "trump" and w.bird:
                    self.f.violation(
                        "rook.bird-must-follow-trump",
                        f"{p} played {w.play.card} to a trump ({color_word(w.color)}) lead in trick {w.trick}, but "
                        f"held the Bird: {p} played it in trick {w.bird} and no other trump in the hand. The Bird "
                        "is the highest trump; a player with the Bird and no other trump must play it to a trump "
                        "lead, not discard to hide it",
                        line=w.play.line, hand=n, trick=w.trick, player=p)

    # rook.points-total
    def summary_points(self, hand: Hand) -> dict[str, int]:
        given = dict(hand.points or {})
        labels = self.teams.labels
        values = {t: tv.value for t, tv in given.items()}
        if len(values) == 1:  # one team written: the other captured the rest
            (t, v), = values.items()
            values[self.teams.other(t)] = self.total - v
        bad = [t for t, v in values.items() if t in given and (v < 0 or v > self.total or v % 5)]
        written = " + ".join(f"{t} {values[t]}" for t in labels)
        if bad:
            self.f.violation("rook.points-total",
                             f"{bad[0]} captured {values[bad[0]]}, but captured points are counters — 5s worth 5, "
                             f"10s and 14s worth 10, the Bird 20 — so each team's points are a multiple of 5 from 0 "
                             f"to {self.total}", line=given[bad[0]].line, hand=hand.number)
        elif sum(values.values()) != self.total:
            self.f.violation("rook.points-total",
                             f"the captured points add up to {written} = {sum(values.values())}, but the counters in "
                             f"the deck (nest included) add up to {self.total}: every counter is captured by one "
                             "team", line=hand.points_line, hand=hand.number)
        return {t: values[t] for t in labels}

    # rook.points-recorded, rook.nest-to-last-trick
    def check_points(self, hand: Hand, points: Mapping[str, int], nest_points: int, last_winner: str) -> None:
        if hand.points is None:
            return
        wrong = [tv for tv in hand.points.values() if tv.value != points[tv.team]]
        if not wrong:
            return
        n = hand.number
        winner_team = self.teams.of[last_winner]
        other = self.teams.other(winner_team)
        moved = dict(points)
        moved[winner_team] -= nest_points
        moved[other] += nest_points
        computed = ", ".join(f"{t} {points[t]}" for t in self.teams.labels)
        if nest_points and all(tv.value == moved[tv.team] for tv in hand.points.values()):
            self.f.violation("rook.nest-to-last-trick",
                             f"the points written give the nest's {nest_points} points to {other}, but the nest "
                             f"goes to whoever wins the 9th trick — {last_winner} ({winner_team}) — not "
                             f"automatically to the bidding team: the tricks give {computed}",
                             line=wrong[0].line, hand=n)
            return
        said = ", ".join(f"{tv.team} {tv.value}" for tv in wrong)
        self.f.violation("rook.points-recorded",
                         f"`points` says {said}, but the tricks give {computed} (counters in the tricks each team won, "
                         f"and the nest's {nest_points} to {winner_team}, who won the 9th trick)",
                         line=wrong[0].line, hand=n)

    # rook.points-recorded, rook.contract
    def check_scores(self, hand: Hand, bid_team: str, bid: int, points: Mapping[str, int],
                     scores: Mapping[str, int]) -> None:
        if hand.scores is None:
            return
        # Scores that follow the record's own (wrong) points are one mistake, already reported.
        alt = None
        if hand.points is not None and len(hand.points) == 2:
            alt = hand_scores(bid_team, bid, {t: tv.value for t, tv in hand.points.items()})
        wrong = [tv for tv in hand.scores.values()
                 if tv.value != scores[tv.team] and (alt is None or tv.value != alt[tv.team])]
        if not wrong:
            return
        n = hand.number
        captured = points[bid_team]
        for tv in wrong:
            if tv.team == bid_team:
                mistakes = mistaken_scores(bid, captured)
                if tv.value in mistakes:
                    result = "made it" if made(bid, captured) else "was set"
                    self.f.violation("rook.contract",
                                     f"the sheet gives {bid_team} {tv.value} for hand {n}, but {bid_team} bid {bid}, "
                                     f"captured {captured} and {result}: {mistakes[tv.value]}, so {bid_team} scores "
                                     f"{scores[bid_team]}", line=tv.line, hand=n)
                    return
        computed = ", ".join(f"{t} {scores[t]}" for t in self.teams.labels)
        said = ", ".join(f"{tv.team} {tv.value}" for tv in wrong)
        status = "made it" if made(bid, captured) else "was set"
        self.f.violation("rook.points-recorded",
                         f"`scores` says {said} for hand {n}, but {bid_team} bid {bid}, captured {captured} and "
                         f"{status}, which scores {computed} (rook.contract)", line=wrong[0].line, hand=n)


def audit(record: Record) -> Audit:
    """Replay a Rook record against the rules (see the module docstring)."""
    return _Replay(record).run()


__all__ = ["HandResult", "PlayedTrick", "Result", "audit", "from_left", "left_of", "legal_cards", "seating",
           "trick_winner"]
