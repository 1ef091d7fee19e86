"""Rook's rules, judged by driving the engine (`engine.py`) over a record, hand by hand.

For each recorded entry — a call, the discard, trump, a card — the driver asks the engine's
position, which judges the move (the rule id, what was allowed instead) and applies it as the
record says it happened. The dealer, the seating, the auction's outcome, a hand followed by
another and the written results are moves too, judged by the engine's checks (`CHECKS`). What is
left here is the replay: walking the record, reading what it leaves unsaid (missing passes, a
table that kept its old seats or miswrote its dealer, cards the rest of a hand identifies) and
collecting the findings where the record writes them.

Seating: `players` is the clockwise order for hands 1–4. After every `seat_change_every` hands
(thrown-in hands not counted) one partnership swaps seats, which reverses the clockwise order;
`seating(k)` gives the order of seating period k. The deal passes to the left of the last
dealer, "left" read in the seating of the new hand (house default `seat_change_deal: new-left`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import Findings, InputError
from ...game import Audit, Play, Trick
from .cards import Card
from . import engine
from .engine import (TRICKS, Check, Why, DealPosition, HandPosition, Scoring, Table, Totals, failing,
                     from_left, left_of, off_the_sheet, said, seating, summary_finding)
from .model import (CallMove, DealMove, DiscardMove, HandResult, NextHand, NextTrick, OutcomeMove, PlayedTrick, Result,
                    ResultMove, SeatingMove, TrumpMove, Written)
from .record import Call, Hand, Record
from .score import game_winner, hand_scores, made


# --- the replay --------------------------------------------------------------------------

@dataclass(slots=True)
class _Match:
    """The match so far: the running totals, and as the record's own sheet keeps them; the winner."""

    totals: dict[str, int]
    sheet: dict[str, int]
    winner: str | None = None
    won_at: int | None = None


class _Replay:
    """Replays one record. Carries on from what the record says happened after each finding."""

    def __init__(self, record: Record, keep: bool = False, until: int | None = None) -> None:
        self.until = until  # the replay stops after that hand (`why` asks about one hand)
        self.record = record
        self.keep = keep  # the checks asked of each hand's result kept in `asked`, for `why`'s steps
        self.asking: list[tuple[Check, Why | None]] = []  # those of the hand being replayed
        self.results: list[tuple[HandResult, list[tuple[Check, Why | None]]]] = []  # each replay of it (trials too)
        self.asked: dict[int, list[tuple[Check, Why | None]]] = {}
        self.teams = record.teams
        self.opts = record.header.options
        self.f = Findings()
        self.table = Table.of(record.players, record.teams, self.opts)
        self.dealt: dict[int, tuple[DealPosition, DealMove]] = {}  # each hand's deal as judged (`deal_positions`)
        self.played = 0  # the hands so far that count toward the seat change
        self.thrown: list[tuple[int, int]] = []  # each hand thrown in, and the hands played before it
        # the last hand's dealer, the one who should have dealt when that was reported, and its seating
        self.prev: tuple[str, str | None, tuple[str, ...]] | None = None

    def run(self) -> Audit:
        rec, players = self.record, self.record.players
        every = self.opts["seat_change_every"]
        match = _Match({t: 0 for t in self.teams.labels}, {t: 0 for t in self.teams.labels})
        results: list[HandResult] = []
        kept: tuple[tuple[str, ...], int] | None = None  # a seating the record kept, and its period
        for i, hand in enumerate(rec.hands):
            period = self.played // every if every else 0
            order = seating(players, period)
            if kept is not None and kept[1] == period:
                # The record kept the old seats: carry on from what it says happened — until a hand
                # is evidently played in the right seating (the table changed seats late).
                if self.fits_better(hand, order, kept[0]):
                    kept = None
                else:
                    order = kept[0]
            mark = len(self.f.violations)
            dealer, alt = self.dealer(hand, order)
            dealt = {v.rule for v in self.f.violations[mark:]}
            self.asking = []
            self.game_end(hand, match)
            before = self.asking
            mark, events = len(self.f.violations), len(self.f.events)
            result = self.hand(hand, dealer, order, self.seat_dealer(hand, dealer, alt, order))
            if self.prev is not None and order != self.prev[2] and dealt <= {"rook.seat-change"}:
                old = self.old_seating(hand, order, dealt, mark, events)
                if old is not None:
                    result, dealer, alt, order = old
                    kept = (order, period)
                elif dealt and self.dealt[hand.number][0].new_left:
                    # The dealer followed the old seating (rook.seat-change, reported once): the table kept
                    # its seats, so the deals after it in this seating period pass on in the seating the
                    # record used — until a hand is evidently played in the new one (`fits_better`).
                    kept = (self.prev[2], period)
            elif "rook.seat-change" in dealt and (old := self.dealt[hand.number][0].old_seats) is not None:
                # old-left: the second deal after the change and the ones after it showed the table kept its
                # seats: this hand's deal is right in them, and the next passes on from it there
                kept, order, alt = (old, period), old, None
            if result.thrown_in:  # rook.all-pass: a thrown-in hand does not count toward the seat change
                self.thrown.append((hand.number, self.played))
            else:
                self.played += 1
            # the checks asked of the result in the replay of the hand that is kept
            self.asking = [*before, *next((a for r, a in self.results if r is result), [])]
            self.results = []
            result = self.tally(hand, result, match)
            results.append(result)
            if i + 1 < len(rec.hands):  # the engine's `CHECKS["next-hand"]`: only the last hand may be unfinished
                for c, why in self.ask(engine.CHECKS["next-hand"], result, NextHand(hand.number + 1)):
                    self.f.violation(c.rule, why, line=hand.line, hand=hand.number)
            self.prev = (dealer, alt, order)
            if self.keep:
                self.asked[hand.number] = self.asking
            if self.until is not None and hand.number >= self.until:
                break
        return Audit("rook", rec.header, rec, self.f.violations, self.f.events,
                     Result(self.teams, tuple(results), match.totals, match.winner, match.won_at))

    # rook.game-end
    def game_end(self, hand: Hand, match: _Match) -> None:
        pos = self.dealing(hand, (), match)
        for c, why in self.ask(engine.CHECKS["hand"], pos, DealMove(hand.dealer or "")):
            self.f.violation(c.rule, why, line=hand.line, hand=hand.number)

    def tally(self, hand: Hand, result: HandResult, match: _Match) -> HandResult:
        """The hand's scores added to the running totals until a team wins (rook.game-end: later hands
        do not count), and the record's written totals checked against them."""
        labels = self.teams.labels
        if match.winner is None and result.counted and result.scores is not None:
            for t in labels:
                match.totals[t] += result.scores[t]
            match.winner = game_winner(match.totals, self.opts["target"])
            match.won_at = hand.number if match.winner is not None else None
        elif result.counted:
            result = result._replace(counted=False)
        if result.counted and result.scores is not None:
            for t in labels:
                written = hand.scores.get(t) if hand.scores is not None else None
                match.sheet[t] += written.value if written is not None else result.scores[t]
        if hand.totals is not None:
            self.check_totals(hand, match.totals, match.sheet)
        return result

    # rook.seat-change
    def fits_better(self, hand: Hand, order: tuple[str, ...], other: tuple[str, ...]) -> bool:
        """Whether the hand, dealt, bid and played in `order`, breaks fewer rules than in `other` (a trial:
        the caller replays the hand in the seating that fits; one that cannot be read fits neither)."""
        def breaches(seats: tuple[str, ...]) -> float:
            saved, self.f = self.f, Findings()
            try:
                dealer, alt = self.dealer(hand, seats)
                self.hand(hand, dealer, seats, self.seat_dealer(hand, dealer, alt, seats))
                return len(self.f.violations)
            except InputError:
                return float("inf")
            finally:
                self.f = saved
        # Judged in `order`, the hand fits better only with fewer findings (a record that kept its
        # seats fits them: every call and card out of turn in the new seating).
        theirs = breaches(other)
        return breaches(order) < theirs

    def old_seating(self, hand: Hand, order: tuple[str, ...], dealt: set[str], mark: int, events: int
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
        assert self.prev is not None
        last, _alt, old = self.prev
        dealer = hand.dealer or left_of(last, old)
        extra = 0 if "rook.seat-change" in dealt else 1  # the old seating fits better with fewer findings
        saved, self.f = self.f, Findings()
        try:
            result: HandResult | None = self.hand(hand, dealer, old, dealer)
        except InputError:
            result = None
        trial, self.f = self.f, saved
        if result is None or len(trial.violations) + extra >= len(self.f.violations) - mark:
            return None
        del self.f.violations[mark:]
        del self.f.events[events:]
        judged = "the rest of this seating period are judged in the seating the record used"
        if not extra:  # `dealer` reported it: say how the hand is judged
            # the last one: `dealer` has just reported it (searched from the end, not over the whole match)
            found = self.f.violations
            i = next(k for k in range(len(found) - 1, -1, -1) if found[k].rule == "rook.seat-change")
            v = self.f.violations[i]
            self.f.violations[i] = v._replace(
                message=f"{v.message}. The hand was also bid and played in the old seating: this hand and {judged}")
        else:  # the engine's ruling on the seating the record used
            first = hand.tricks[0].line if hand.tricks else None
            pos = self.dealing(hand, order)
            for c, why in failing(engine.CHECKS["seating"], pos, SeatingMove(old)):
                self.f.violation(c.rule, f"{said(why)}. This hand and {judged}",
                                 line=hand.dealer_line or hand.bidding_line or first or hand.line, hand=hand.number,
                                 player=dealer, see=("rook.bid-order", "rook.turn-order"))
        self.f.extend(trial.violations)
        self.f.events += trial.events
        return result, dealer, None, old

    def dealing(self, hand: Hand, order: tuple[str, ...], match: _Match | None = None) -> DealPosition:
        """The engine's position before `hand` is dealt in `order`, after the last hand (`prev`)."""
        last, alt, last_order = self.prev if self.prev is not None else (None, None, order)
        won = (match.winner, match.won_at, match.totals[match.winner]) if match and match.winner else (None, None, 0)
        every = self.opts["seat_change_every"]
        rest = every - self.played % every - 1 if every else 0  # the hands left in this seating period
        later = tuple(h.dealer for h in self.record.hands[hand.number:hand.number + rest])
        return DealPosition(self.table, hand.number, self.record.first_dealer, last, alt, last_order, order,
                            self.played, *won, thrown=tuple(self.thrown), later=later)

    def dealer(self, hand: Hand, order: tuple[str, ...]) -> tuple[str, str | None]:
        """Who deals this hand (the engine's checks of `CHECKS["deal"]` on the record's `dealer`), and —
        when the record's dealer is reported — who should have.

        The replay carries on from the record's dealer; but a record whose next dealer (or first
        bidder, or first leader) follows the correct rotation instead is not reported again:
        one mistake is reported once (`DealPosition.on_rotation`).
        """
        pos = self.dealing(hand, order)
        self.dealt[hand.number] = (pos, DealMove(hand.dealer or pos.expected))
        if hand.dealer is None:
            return pos.expected, None
        found = failing(engine.CHECKS["deal"], pos, DealMove(hand.dealer))
        for c, why in found:
            see = (("rook.dealer-rotation",) if c.rule == "rook.seat-change"
                   else ("rook.seat-change",) if self.prev is not None and order != pos.last_order else ())
            self.f.violation(c.rule, why, line=hand.dealer_line, hand=hand.number, player=hand.dealer, see=see)
        return (hand.dealer, pos.expected) if found else (hand.dealer, None)

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
        pos, _found = HandPosition.deal(self.table, hand.number, seat, order)
        for call in hand.bidding or ():
            pos.push(CallMove(call.player, call.amount))
        high = pos.high
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

    # rook.bid-order: the missing-pass reading
    @staticmethod
    def skipped(pos: HandPosition, m: CallMove) -> list[str]:
        """The players a call out of turn skipped, who could have passed: none when their passes would
        end the auction, or one of them holds the standing bid (as written, or as the last legal bid).
        Depends on the position and the call alone. `m` is by a player who has not passed."""
        who = m.player
        passed, bidders, turn = pos.passed, pos.bidders, pos.turn
        gap: list[str] = []
        for k in range(4):
            q = bidders[(turn + k) % 4]
            if q == who:
                break
            if q not in passed:
                gap.append(q)
        if not gap:
            return gap
        out = len(passed) + len(gap)  # out of the bidding with their passes (`who` is not among them)
        high, legal = pos.high, pos.legal_high
        if (out == 4 or (high is not None and (high[0] in gap or out - (high[0] in passed) == 3))
                or (legal is not None and legal[0] in gap)):
            return []
        return gap

    def passes_taken(self, pos: HandPosition, m: CallMove, calls: Sequence[Call], i: int,
                     last: Mapping[str | None, int]) -> list[str]:
        """The passes the record left out before call `i` (`m`), read as missing: the players a call
        out of turn skipped (`skipped`), when the bidding reads on as if they had passed — the next call
        is by the player who would then call next (tried on a copy of the position), and none of them
        calls again (`last`: the place of each caller's last call). Empty when it does not read so.
        The one reading of the auction, for the check and for `turns` alike."""
        p = m.player
        if p is None or pos.ended or p in pos.passed or p == pos.next_caller():
            return []  # no call out of turn by a player still in the bidding
        gap = self.skipped(pos, m)
        if not gap or any(last.get(q, -1) > i for q in gap):  # one of them calls again
            return []
        trial = pos.copy()
        trial.take_passes(gap)
        trial.push(m)
        then = calls[i + 1].player if i + 1 < len(calls) else None
        return gap if then is None or then == trial.to_act else []

    def auction(self, pos: HandPosition, hand: Hand) -> Iterator[tuple[int, CallMove]]:
        """Each call as `check` reads it: yielded (its place, 1 first, and the move) with the position
        before it; then the engine's ruling, the finding, the call applied as written (a call out of
        turn after the passes the record left out: `passes_taken`)."""
        calls = hand.bidding or ()
        last: dict[str | None, int] = {c.player: i for i, c in enumerate(calls)}  # each caller's last call
        for i, (p, a, line) in enumerate(calls):
            m = CallMove(p, a)
            yield i + 1, m
            gap = self.passes_taken(pos, m, calls, i, last)
            r = pos.ruling(m) if gap else None
            if r is not None and not r.legal:  # out of turn (rook.bid-order): the skipped players' passes
                said = 'that pass is' if len(gap) == 1 else 'those passes are'
                self.f.extend([r._replace(reason=(f"{r.reason}. The bidding goes on as if {' and '.join(gap)} had "
                                                  f"passed, so {said} taken as missing from the record"))
                               .finding(line=line, hand=hand.number, player=p)])
                pos.take_passes(gap)
            self.f.extend(pos.push(m, line))

    def ask(self, checks: tuple[Check, ...], pos: Any, move: Any) -> list[tuple[Check, Why]]:
        """`failing`, each answer kept with `keep`."""
        return failing(checks, pos, move, self.asking if self.keep else None)

    def hand(self, hand: Hand, dealer: str, order: tuple[str, ...], seat: str) -> HandResult:
        """`play_hand`, the checks asked of its result kept with it (`results`)."""
        before, self.asking = self.asking, []
        try:
            result = self.play_hand(hand, dealer, order, seat)
            self.results.append((result, self.asking))
        finally:
            self.asking = before
        return result

    def play_hand(self, hand: Hand, dealer: str, order: tuple[str, ...], seat: str) -> HandResult:
        """Replay one hand dealt by `dealer`; `seat` is the dealer whose left bids and leads first."""
        n = hand.number
        pos, found = HandPosition.deal(self.table, n, seat, order, hand.deal, hand.nest, hand.deal_lines,
                                       hand.nest_line)
        self.f.extend(found)
        for _call in self.auction(pos, hand):
            pass  # each call judged and made
        bidder, amount, forced, thrown = self.bid_winner(pos, hand)
        calls = tuple(pos.calls)
        bid_team = self.teams.of[bidder] if bidder is not None else None
        base: dict[str, Any] = dict(number=n, dealer=dealer, seating=order, calls=calls, bidder=bidder,
                                    bid=amount, bid_team=bid_team, forced=forced, thrown_in=thrown, seat=seat)
        if thrown:
            return HandResult(**base, trump=None, nest=None, nest_points=None, last_winner=None, tricks=(),
                              points=None, scores=None, made=None, complete=True, counted=False)
        pos.won(bidder, amount, forced)
        if bidder is not None:
            self.f.extend(pos.push(DiscardMove(bidder, hand.discard), hand.discard_line))
            self.f.extend(pos.push(TrumpMove(bidder, hand.trump), hand.trump_line))
        trump = pos.trump
        played = self.play(pos, hand) if hand.tricks is not None else []
        last_winner = pos.tally.last if pos.tally is not None else None
        points, real_nest, nest_points = self.result(pos, hand)
        scores = None
        ok = None
        if points is not None and bidder is not None and amount is not None and bid_team is not None:
            scores = hand_scores(bid_team, amount, points)
            ok = made(amount, points[bid_team])
            self.check_scores(hand, bid_team, amount, points, scores)
        complete = points is not None
        return HandResult(**base, trump=trump, nest=real_nest, nest_points=nest_points, last_winner=last_winner,
                          tricks=tuple(played), points=points, scores=scores, made=ok, complete=complete,
                          counted=scores is not None)

    def bid_winner(self, pos: HandPosition, hand: Hand) -> tuple[str | None, int | None, bool, bool]:
        """Who won the auction and at what (the calls, else the record's `bid`), whether the dealer
        was forced to take it, and whether the hand was thrown in; what the record writes of that is
        judged by the engine (`CHECKS["outcome"]`: rook.all-pass, rook.bid-end)."""
        n, b = hand.number, hand.bid
        written = None if b is None else (b.player, b.amount)
        thrown = pos.all_pass and pos.all_pass_winner() is None
        for c, why in self.ask(engine.CHECKS["outcome"], pos, OutcomeMove(written, hand.played_line is not None)):
            if b is not None and not thrown:  # a `bid` that names another winner: at the bid
                self.f.violation(c.rule, why, line=b.line, hand=n, player=b.player)
            else:  # a thrown-in hand played on: where it goes on
                self.f.violation(c.rule, why, line=hand.played_line, hand=n)
        if pos.all_pass:
            forced = pos.all_pass_winner()
            return (None, None, False, True) if forced is None else (*forced, True, False)
        if pos.ended:
            assert pos.high is not None
            return (*pos.high, False, False)
        if b is not None:
            if pos.can_still_win(b.player, b.amount):  # one bid more than the calls written: its amount judged
                self.f.extend(pos.bid_value(b.player, b.amount, b.line, self.asking if self.keep else None))
                return b.player, b.amount, False, False
            return (*(pos.high or (b.player, b.amount)), False, False)
        if hand.bidding is not None and hand.played_line is not None:
            if pos.high is None:
                raise InputError(f"hand {n} goes on past the auction, but the bidding written has no bid yet: "
                                 "write the rest of the calls, or `bid: {player: amount}`", hand.bidding_line)
            return (*pos.high, False, False)  # the passes that end the auction were left unwritten
        return None, None, False, False

    # rook.nest-to-last-trick, rook.points-total, rook.points-recorded
    def result(self, pos: HandPosition, hand: Hand
               ) -> tuple[dict[str, int] | None, tuple[Card, ...] | None, int | None]:
        """The points each team captured (from the tricks, else as written), the nest as it was, and
        its counters (None unless counted from the tricks)."""
        tally = pos.tally
        # A card outside the deck that the hand does not identify has unknown counters: the written
        # points cannot be checked against the tricks, so the replay carries on from what the record says.
        if tally is not None and (tally.in_deck or hand.points is None):  # rook.nest-to-last-trick
            points = dict(tally.points)
            if hand.points is not None:  # the engine's rulings (`CHECKS["points"]`) on the written points
                self.judge_written(hand, pos, Written("points", tuple(hand.points.values())), points)
            return points, tally.nest, tally.nest_points
        if hand.points is not None:
            points = self.summary_points(hand, pos)
            if pos.won_so_far() is not None:  # an unfinished play: the points written must fit what it gives
                written = tuple(hand.points.values())
                self.judge_written(hand, pos, Written("points", written),  # (the line: the first that does not fit)
                                   {tv.team: tv.value if pos.points_fit(tv.team, tv.value) else -1 for tv in written},
                                   key="points-so-far")
            return points, hand.discard, None
        if hand.scores is not None:
            raise InputError(f"hand {hand.number} has `scores` but its play is unfinished: the scores cannot be "
                             "checked until every trick is recorded (or give `points`)", hand.scores_line)
        return None, hand.discard, None

    def play(self, pos: HandPosition, hand: Hand) -> list[PlayedTrick]:
        """Each card judged and played; then the revokes the whole hand proves (`settle`)."""
        out: list[PlayedTrick] = []
        tricks = hand.tricks or ()
        stand, odd = self.stand_ins(tricks, hand.discard, pos.held)
        play, add = pos.play, self.f.extend
        for t, trick in enumerate(tricks, 1):
            found = failing(engine.CHECKS["trick"], pos, NextTrick(t))
            for c, why in found:
                self.f.violation(c.rule, why, line=trick.line, hand=hand.number, trick=t)
            if found:
                break  # the hand is over: a trick more is not played
            plays = trick.plays
            if stand:  # a card outside the deck judged as the card the rest of the hand shows it was
                plays = tuple(pl._replace(card=stand.get((t, pl.player), pl.card)) for pl in plays)
                for pl, as_written in zip(plays, trick.plays):
                    add(play(pl, None if as_written.card == pl.card else as_written.card))
            else:
                for pl in plays:
                    found = play(pl)
                    if found:  # (most cards break no rule: no findings to hand on)
                        add(found)
            if len(plays) < 4:
                out.append(PlayedTrick(t, trick.plays, None, sum(pl.card.points for pl in plays), plays))
                break
            following = tricks[t].plays[0].player if t in odd and t < len(tricks) else None
            if following is not None and following != pos.leader and any(pl.player == following for pl in plays):
                pos.retake(following)  # a card outside the deck has no rank: the next leader won the trick
            out.append(pos.tricks[-1]._replace(plays=trick.plays) if stand else pos.tricks[-1])  # the plays as written
        self.f.extend(pos.settle())
        return out

    # rook.deck: cards the rest of the hand identifies
    def stand_ins(self, tricks: Sequence[Trick], discard: Sequence[Card] | None, known: dict[str, set[Card]]
                  ) -> tuple[dict[tuple[int, str], Card], set[int]]:
        """For one card outside the deck, or one card played a second time, in a fully played hand:
        the deck card it must have been.

        The 35 other cards played, the discard (when it is 5 different cards none of which was
        played) and the player's known hand may leave exactly one card of the deck unaccounted
        for; that card is what was played, so the trick is won and counted as the record goes on
        and no counter is counted twice (the card written is still reported once, under rook.deck
        or rook.card-not-held). Returns the stand-ins keyed by (trick, player), and the tricks left
        with a card outside the deck that nothing identifies (a card of the deck has a rank).
        """
        deck = self.table.deck
        strange: list[tuple[int, Play]] = []
        others: set[Card] = set()
        for t, tr in enumerate(tricks[:TRICKS], 1):
            for pl in tr.plays:
                if pl.card not in deck or pl.card in others:  # (the later copy is the one reported)
                    strange.append((t, pl))
                else:
                    others.add(pl.card)
        odd = {t for t, pl in strange if pl.card not in deck}
        if len(strange) != 1 or len(tricks) < TRICKS or len(tricks[TRICKS - 1].plays) < 4:
            return {}, odd
        if len(others) != TRICKS * 4 - 1:
            return {}, odd
        left = deck - others
        put_back = set(discard or ())
        if len(put_back) == self.table.nest_size and put_back <= left:
            left -= put_back
        t, pl = strange[0]
        if pl.player in known:
            left &= known[pl.player]
        if len(left) != 1:
            return {}, odd
        return {(t, pl.player): next(iter(left))}, set()

    # rook.points-total: a summary result
    def summary_points(self, hand: Hand, pos: HandPosition) -> dict[str, int]:
        """The written captured points (one team written: the other captured the rest), judged by
        the engine's `summary_finding`."""
        given = dict(hand.points or {})
        values = {t: tv.value for t, tv in given.items()}
        if len(values) == 1:  # one team written: the other captured the rest
            (t, v), = values.items()
            values[self.teams.other(t)] = self.table.total - v
        asked = ResultMove(tuple(values[t] if t in given else None for t in self.teams.labels))
        problem = (summary_finding(self.table, values, {t: tv.line for t, tv in given.items()}, hand.points_line,
                                   hand.number)  # placed at its line: the engine's check says whether it fails
                   if self.ask(engine.CHECKS["result"], pos, asked) else None)
        if problem is not None:
            self.f.extend([problem])
        # Carry on from what the record says, but nobody captures fewer than no counters: the team left
        # out of a summary that credits the other with more than the deck holds captured nothing.
        return {t: max(0, values[t]) for t in self.teams.labels}

    def check_totals(self, hand: Hand, totals: Mapping[str, int], sheet: dict[str, int]) -> None:
        """`totals` against the running totals (the engine's `CHECKS["totals"]`). Totals that follow the
        sheet's own running sum (its written scores, or its last written totals) repeat a mistake
        already reported: one slip is reported once, and the sheet carries on from what it says."""
        assert hand.totals is not None
        pos = Totals(self.table, hand.number, totals, dict(sheet))
        for tv in hand.totals.values():
            sheet[tv.team] = tv.value
        self.judge_written(hand, pos, Written("totals", tuple(hand.totals.values())), totals, pos.sheet)

    def check_scores(self, hand: Hand, bid_team: str, bid: int, points: Mapping[str, int],
                     scores: Mapping[str, int]) -> None:
        """The written `scores` against those the bid and the points give (the engine's
        `CHECKS["scores"]`). Scores that follow the record's own (wrong) points are one mistake,
        already reported."""
        if hand.scores is None:
            return
        alt = None
        if hand.points is not None and len(hand.points) == 2:
            alt = hand_scores(bid_team, bid, {t: tv.value for t, tv in hand.points.items()})
        pos = Scoring(self.table, hand.number, bid_team, bid, points, scores, alt)
        self.judge_written(hand, pos, Written("scores", tuple(hand.scores.values())), scores, alt, bid_team)

    def judge_written(self, hand: Hand, pos: Any, written: Written, right: Mapping[str, int],
                      also: Mapping[str, int] | None = None, bid_team: str | None = None, key: str = "") -> None:
        """The engine's rulings on numbers the record writes (`CHECKS[key or written.key]`), each at the first
        value off (rook.contract: the bidding team's), seeing the rule it stands in for (`moots`)."""
        for c, why in self.ask(engine.CHECKS[key or written.key], pos, written):
            off = off_the_sheet(written, right, also)
            line = next(tv.line for tv in off if c.rule != "rook.contract" or tv.team == bid_team)
            self.f.violation(c.rule, why, line=line, hand=hand.number, see=c.moots)


def deal_positions(record: Record) -> dict[int, tuple[DealPosition, DealMove]]:
    """Each hand's position before it is dealt and the deal the replay judged there (`CHECKS["deal"]`;
    the hand's seating is judged there too, `CHECKS["seating"]`), as `check` replays the record, by
    hand number (a hand the replay did not reach is missing)."""
    replay = _Replay(record)
    replay.run()
    return replay.dealt


def asked(record: Record, until: int | None = None) -> dict[int, list[tuple[Check, Why | None]]]:
    """Each engine check the replay asked of each hand's result (`CHECKS["hand"]`, `["outcome"]`,
    `["result"]`, `["points"]`, `["scores"]`, `["totals"]`, `["next-hand"]`), with its answer (None: it
    passed), in the order asked, by hand number, as `check` replays the record; with `until`, of the
    hands up to that one only."""
    replay = _Replay(record, keep=True, until=until)
    replay.run()
    return replay.asked


def _dealt(record: Record, h: HandResult, hand: Hand) -> tuple[_Replay, HandPosition]:
    """A replay of `record` and the engine's position of hand `h` as dealt, before its calls."""
    replay = _Replay(record)
    pos, _found = HandPosition.deal(replay.table, h.number, h.seat or h.dealer, h.seating, hand.deal, hand.nest,
                                    hand.deal_lines, hand.nest_line)
    return replay, pos


def turns(record: Record, h: HandResult, hand: Hand, nest: bool = False
          ) -> Iterator[tuple[int, int, HandPosition, Any]]:
    """Each call and card of a replayed hand with the engine's position just before it, as
    (trick, k, position, move): trick 0 for the calls (k: the call's place, 1 first), else the
    trick and the card's place in it (the move a `Play`). `nest`: the nest discard and the naming
    of trump too, as (0, 0, position, move). The position moves on in place when the next one
    is asked for."""
    replay, pos = _dealt(record, h, hand)
    for k, move in replay.auction(pos, hand):  # every call written (after the auction's end too), as check reads it
        yield 0, k, pos, move
    if h.thrown_in or h.bidder is None:
        return
    pos.won(h.bidder, h.bid, h.forced)
    for m in (DiscardMove(h.bidder, hand.discard), TrumpMove(h.bidder, hand.trump)):
        if nest:
            yield 0, 0, pos, m
        pos.push(m)
    for t in h.tricks:
        for k, pl in enumerate(t.judged or t.plays, 1):
            yield t.number, k, pos, pl
            pos.play(pl)


def call_rules(record: Record, h: HandResult, hand: Hand) -> list[tuple[str, tuple[str, ...]]]:
    """Each call of a replayed hand as `check` reads it: its caller and the rules of the violations
    `check` reports at it, in its order (a finding is known by its call, not only by its line and
    caller: one line can hold several calls of one caller)."""
    replay, pos = _dealt(record, h, hand)
    callers: list[str] = []
    marks: list[int] = []
    for _k, move in replay.auction(pos, hand):  # a call's findings are made when the next is asked for
        callers.append(pos.caller(move))
        marks.append(len(replay.f.violations))
    marks.append(len(replay.f.violations))
    found = replay.f.violations
    return [(p, tuple(f.rule for f in found[a:b])) for p, a, b in zip(callers, marks, marks[1:])]


def legal_turns(record: Record, h: HandResult, hand: Hand) -> tuple[list[tuple[str, list[str]]],
                                                                      list[list[tuple[str, list[str]]]]]:
    """What was legal at each turn of a replayed hand, from the engine's positions (`turns`): per
    call, the caller and the legal calls; per trick, per play, the player and the legal cards
    (canonical text; a holding the record does not give is the cards that player may still hold)."""
    calls: list[tuple[str, list[str]]] = []
    tricks: list[list[tuple[str, list[str]]]] = []
    for trick, k, pos, move in turns(record, h, hand):
        legal = (pos.to_act or move.player, [str(m) for m in pos.legal_moves()])
        if trick == 0:
            calls.append(legal)
        else:
            if k == 1:
                tricks.append([])
            tricks[-1].append(legal)
    return calls, tricks


def auction_position(record: Record, h: HandResult, hand: Hand) -> HandPosition:
    """The engine's position after the calls a hand records, read exactly as `check` reads them
    (the missing-pass reading included): who calls next and which calls are legal (live entry)."""
    replay, pos = _dealt(record, h, hand)
    for _call in replay.auction(pos, hand):
        pass  # each call read and made
    return pos


def trump_position(record: Record, h: HandResult, hand: Hand) -> HandPosition:
    """The engine's position when hand `h`'s bid winner names trump: after its calls (as `check`
    reads them) and the discard as written (live entry: the trump choices and the ruling on others)."""
    pos = auction_position(record, h, hand)
    pos.won(h.bidder or pos.seat, h.bid, h.forced)
    pos.push(DiscardMove(pos.bidder, hand.discard))
    return pos


def audit(record: Record) -> Audit:
    """Replay a Rook record against the rules (see the module docstring)."""
    return _Replay(record).run()


__all__ = ["auction_position", "audit", "deal_positions", "legal_turns", "trump_position", "turns"]
