"""Oh Hell's check: a driver over the engine (engine.py) that replays a record hand by hand.

For each bid, card and result, and each fact of a hand (dealer, size, deal, trump, the written
scores, the next hand), the driver asks the engine's checks (`engine.CHECKS`) what it breaks,
records the findings and carries on as the record says it happened, so one slip is reported
once. What stays here is reading: which hand of the deal pattern each recorded hand is, the size
a hand shows, and the running totals as the sheet carries them.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ...errors import Finding, Findings, InputError
from ...game import Audit
from . import engine
from .engine import Check, Dealing, HandPosition, Sheet, Why, failing
from .model import Bid, CardPlay, DealerMove, HandResult, Move, Result, SizeMove, Took, TrumpMove, Written
from .record import NO_TRUMP, Hand, Record
from .score import hand_points


# --- hand sizes: which hand of the deal pattern each recorded hand is (oh-hell.hand-size) -------

def size_evidence(hand: Hand, last: bool, seats: int) -> set[int]:
    """Hand sizes the record itself shows: `cards`, the deal, the tricks taken, the tricks played
    (when its last trick is whole; not in the record's `last` hand, whose play may go on)."""
    seen: set[int] = set()
    if hand.cards is not None and hand.cards.value >= 0:
        seen.add(hand.cards.value)
    if hand.deal:
        seen.update(_modes([len(c) for c in hand.deal.values()]))
    if hand.tricks is not None:
        seen.add(sum(e.value for e in hand.tricks))
    if hand.play and not last:
        whole = {pl.player for pl in hand.play[-1].plays}
        if len(whole) == len(hand.play[-1].plays) and (
                len(whole) == seats  # every seat in the last trick: nobody can be missing from it
                or whole.issuperset([pl.player for t in hand.play for pl in t.plays])):
            seen.add(len(hand.play))
    return seen


def _modes(lengths: list[int]) -> list[int]:
    """The numbers of cards most players were dealt (one, unless there is a tie)."""
    if min(lengths) == max(lengths):
        return lengths[:1]  # the usual deal: everyone the same number of cards
    counts = Counter(lengths)
    top = max(counts.values())
    return [k for k, v in counts.items() if v == top]


REPEAT = 1.001
"""What a hand dealt again costs in `align`: one slip, like a skip, but a tie goes to any other reading
(a long run of hands past the pattern's end is hands past the end, not the last size dealt again)."""


def align(evidence: Sequence[set[int]], pattern: Sequence[int]) -> list[int | None]:
    """The place in the deal pattern of each recorded hand, None past its end.

    Normally hand n is pattern place n. A record that skipped a hand of the pattern, or dealt
    one twice (the 1-card hand again), would otherwise disagree with it in every later hand;
    the cheapest alignment (one point per hand whose size evidence misses its place, per skip,
    per repeat, per hand past the end, preferring the next place, then a skip, on a tie)
    re-synchronises so that one mistake is reported once.
    """
    n, last = len(evidence), len(pattern)
    if n == 0:
        return []
    if all(not e or (i < last and pattern[i] in e) for i, e in enumerate(evidence)):
        return [i if i < last else None for i in range(n)]  # the usual record: nothing to re-align
    # Places past the pattern's end are all alike (a hand there costs 1 and is None), so one
    # state stands for them all: the table is n × (pattern + 1), and a skip's best origin is a
    # running minimum, so the work is linear in the record (issue 13.7).
    INF = float("inf")
    past = last
    # A hand costs 0 at a place its size evidence allows (no evidence allows any), else 1.
    first = evidence[0]
    prev = [(1 if p > 0 else 0) + (0 if not first or pattern[p] in first else 1) for p in range(last)] + [INF]
    back: list[array] = []
    places_1 = range(1, last)
    for i in range(1, n):
        seen = evidence[i]
        row = [INF] * (last + 1)
        ptr = array("i", [-1]) * (last + 1)
        low, low_q = INF, -1  # the cheapest place up to p - 2 (the latest one on a tie)
        row[0], ptr[0] = prev[0] + REPEAT + (0 if not seen or pattern[0] in seen else 1), 0  # hand 1's size again
        for p in places_1:
            q = p - 2
            if q >= 0 and prev[q] <= low:
                low, low_q = prev[q], q
            c = 0 if not seen or pattern[p] in seen else 1
            before = prev[p - 1]
            if before < INF:  # the usual next hand first: a skip must be strictly cheaper
                if low + 1 + c < before + c:
                    row[p], ptr[p] = low + 1 + c, low_q
                else:
                    row[p], ptr[p] = before + c, p - 1
            elif low + 1 + c < INF:
                row[p], ptr[p] = low + 1 + c, low_q
            if prev[p] + REPEAT + c < row[p]:  # the size of the hand before dealt again
                row[p], ptr[p] = prev[p] + REPEAT + c, p
        # past the end (a hand there costs 1): entering it now from the last place of the
        # pattern, before staying there
        if prev[last - 1] <= prev[past]:
            row[past], ptr[past] = prev[last - 1] + 1, last - 1
        else:
            row[past], ptr[past] = prev[past] + 1, past
        back.append(ptr)
        prev = row
    end = min(range(last + 1), key=lambda p: (prev[p], p))
    places = [end]
    for i in range(n - 1, 0, -1):
        places.append(back[i - 1][places[-1]])
    places.reverse()
    return [p if p < last else None for p in places]


_new = tuple.__new__  # a named tuple made without its Python-level __new__ (once per hand)

_BID_RANK = {engine.BID_RANGE.rule: 0, engine.BID_ORDER.rule: 1}
"""The order of one hand's bid findings: ranges, then the order, then the hook."""


# --- the replay --------------------------------------------------------------------------

class _Replay:
    """Replays one record. Carries on from what the record says happened after each finding."""

    def __init__(self, record: Record, observe: Observer | None = None, keep: bool = False,
                 until: int | None = None) -> None:
        """`until`: stop after that hand; `keep`: note each check asked of a fact of a hand (`asked`)."""
        self.observe = observe
        self.until = until
        self.asked: dict[tuple[int, str], list[tuple[Check, Why | None]]] | None = {} if keep else None
        self.record = record
        self.players = record.players
        self.opts = record.header.options
        self.f = Findings()
        self.right = {p: record.players[i - 1] for i, p in enumerate(record.players)}

    def run(self) -> Audit:
        rec, players = self.record, self.players
        totals = {p: 0 for p in players}
        sheet = dict(totals)  # the running totals as the sheet carries them (`totals`)
        results: list[HandResult] = []
        last = len(rec.pattern)
        hands = rec.hands
        # Every hand is aligned: a hand dealt again puts the later ones back by one place, so a hand
        # past `last` in the record may still be the pattern's (`align` is linear in the hands).
        evidence = [size_evidence(h, i == len(hands) - 1, len(players)) for i, h in enumerate(hands)]
        places = align(evidence, rec.pattern)
        prev: str | None = None      # who dealt the previous hand, as we carry on
        alt: str | None = None       # who would have, had the record's slip not happened
        prev_place = -1
        for hand, place, seen in zip(hands, places, evidence):
            n = hand.number
            skipped = 0 if place is None else place - prev_place - 1  # -1: the hand before dealt again
            shown = self.right[hand.play[0].plays[0].player] if hand.play else None
            at = Dealing(players, n, rec.first_dealer, rec.pattern, place, prev, alt, skipped, shown)
            dealer, alt = self.dealer(hand, at)
            prev = dealer
            for c, why in self.ask(n, "result", "hand", at, DealerMove(dealer)):
                self.f.violation(c.rule, why, line=hand.line, hand=n)
            result, pos = self.hand(hand, at, dealer, seen)
            if result.counted:
                for p, pts in result.points.items():  # type: ignore[union-attr]
                    totals[p] += pts
            if result.took is not None:
                self.recorded(hand, result, totals, sheet)
            if hand is not hands[-1]:  # a hand without a result leaves its position
                left = pos.unfinished(hand.play_line if hand.play is not None else hand.line,
                                      hand.play is not None, self.noted(n, "result"))
                if left is not None:
                    self.f.extend((left,))
            if place is not None:
                prev_place = place
            results.append(result)
            if self.until is not None and n >= self.until:
                break
        on_pattern = [r for r in results if r.position is not None]
        over = bool(on_pattern) and on_pattern[-1].position == last - 1 and all(r.counted for r in on_pattern)
        return Audit("oh-hell", rec.header, rec, self.f.violations, self.f.events,
                     Result(tuple(results), rec.pattern, totals, over))

    def noted(self, n: int, fact: str) -> list[tuple[Check, Why | None]] | None:
        """Where the checks asked of fact `fact` of hand `n` are noted (None: not kept)."""
        return None if self.asked is None else self.asked.setdefault((n, fact), [])

    def ask(self, n: int, fact: str, phase: str, pos: Any, move: Any) -> list[tuple[Check, Why]]:
        """`engine.failing` of the checks of `phase`, noted as asked of fact `fact` of hand `n`."""
        return failing(engine.CHECKS[phase], pos, move, self.noted(n, fact))

    def dealer(self, hand: Hand, at: Dealing) -> tuple[str, str | None]:
        """Who dealt this hand, reporting a dealer the engine's checks rule out once
        (`CHECKS["dealer"]`); and, after a slip, who would have dealt it had the rotation not
        been broken. A hand that does not name its dealer, or names one its own play
        contradicts, is taken to be dealt by the player on the first leader's right (`at.shown`)."""
        allowed, shown = at.may_deal(), at.shown
        if hand.dealer is None:
            dealer = shown if shown in allowed else at.expected
            self.ask(hand.number, "dealer", "dealer", at, DealerMove(dealer))  # in turn: asked for `why`
            return dealer, None
        found = self.ask(hand.number, "dealer", "dealer", at, DealerMove(hand.dealer))
        for c, why in found:
            self.f.violation(c.rule, why, line=hand.dealer_line, hand=hand.number, player=hand.dealer)
        if not found:
            return hand.dealer, None
        if shown is not None and shown in allowed:  # the play shows who really dealt
            return shown, None
        return hand.dealer, at.expected

    def size(self, hand: Hand, at: Dealing, evidence: set[int] | frozenset[int]) -> int:
        """The hand's size as the record shows it (what most players were dealt, else the written
        number or the pattern's), judged by the engine's checks of `CHECKS["size"]`."""
        deal, pattern, place = hand.deal or {}, self.record.pattern, at.place
        expected = pattern[place] if place is not None else None
        written = hand.cards.value if hand.cards is not None and hand.cards.value >= 0 else None
        dealt = None
        if deal:
            # The hand size is what most players were dealt; on a tie (two players, one of them
            # short or over) the written `cards`, then the pattern, says which length is right.
            modes = _modes([len(c) for c in deal.values()])
            dealt = (modes[0] if len(modes) == 1 else written if written in modes
                     else expected if expected in modes else max(modes))
        # Tricks taken may confirm a size (a `cards` the tricks contradict is a slip of the pen)
        # but never set one: tricks that do not add up are oh-hell.trick-total.
        if dealt is not None:
            size = dealt
        elif expected is not None and (written is None or expected in evidence):
            size = expected
        elif written is not None:
            size = written
        else:  # past the pattern's end
            size = (sum([e.value for e in hand.tricks]) if hand.tricks is not None
                    else len(hand.play) if hand.play else pattern[-1])
        line = hand.cards.line if hand.cards is not None else (
            min((hand.deal_lines or {}).values()) if deal else hand.tricks_line or hand.line)
        move = SizeMove(size, dealt is not None, hand.cards.value if hand.cards is not None else None,
                        tuple([(p, len(c)) for p, c in deal.items()]))
        for c, why in self.ask(hand.number, "size", "size", at, move):
            # a check of each player's holding is reported at each holding it rules out
            each = [] if c.test(at, move._replace(counts=())) is not None else [
                (p, w) for p, k in move.counts if (w := c.test(at, move._replace(counts=((p, k),)))) is not None]
            for p, w in each or [(None, why)]:
                self.f.violation(c.rule, w, line=(hand.deal_lines or {})[p] if p is not None else line,
                                 hand=hand.number, player=p)
        return size

    def trump(self, hand: Hand, at: Dealing) -> str | None:
        """The suit that judges the hand's tricks (None: no trump, or not known): the turned card's,
        else the one written; the record's trump judged by the engine's checks of `CHECKS["trump"]`."""
        for c, why in self.ask(hand.number, "trump", "trump", at, TrumpMove(hand.trump, hand.turn_up)):
            self.f.violation(c.rule, why, line=hand.trump_line, hand=hand.number)
        if hand.turn_up is not None:
            return hand.turn_up.suit
        return None if hand.trump == NO_TRUMP else hand.trump

    def hand(self, hand: Hand, at: Dealing, dealer: str,
             evidence: set[int] | frozenset[int]) -> tuple[HandResult, HandPosition]:
        """Drive the engine through one recorded hand: for each entry, record what it breaks, apply.
        `evidence` is the hand's `size_evidence`. A hand past the game's end (`at.place` None) is
        never counted."""
        n, players, place = hand.number, self.players, at.place
        size = self.size(hand, at, evidence)
        trump = self.trump(hand, at)
        if hand.play is not None and hand.turn_up is None and hand.trump is None:
            raise InputError(f"hand {n} has `play` but neither `turn_up` nor `trump`: write the turned card "
                             "(`turn_up`) or its suit (`trump`) so that trick winners can be judged", hand.play_line)
        pos, found = engine.deal(players, self.opts, n, size, dealer, trump, hand.turn_up, hand.deal,
                                 hand.deal_lines, self.noted(n, "deal"))
        if found:
            self.f.extend(found)
        pos = self.bids(hand, pos)
        if hand.play is not None:
            observe, collect = self.observe, self.f.extend  # engine findings go through the cap
            push = pos.push
            for trick in hand.play:
                for pl in trick.plays:
                    if observe is not None:
                        observe(pos, CardPlay(pl.player, pl.card, pl.line))
                    found = push(pl)  # the card as the record holds it: the same checks
                    if found:
                        collect(found)
        if hand.tricks is not None:
            given = {e.player: e for e in hand.tricks}
            move = Took(tuple([given[p].value for p in players]), tuple([given[p].line for p in players]),
                        hand.tricks_line)
            asked = self.noted(n, "result")
            if asked is not None:  # the checks the push asks, as `why` shows them
                asked += [(c, c.test(pos, move)) for c in engine.CHECKS["result"]]
            self.f.extend(pos.push(move))
        took = pos.taken()
        bids = dict(pos.bids)
        points = None
        if took is not None:
            points = {p: hand_points(bids[p], took[p], self.opts) for p in players}
        else:
            for key, line in (("scores", hand.scores_line), ("totals", hand.totals_line)):
                if getattr(hand, key) is not None:
                    raise InputError(f"hand {n} has `{key}` but its play is unfinished: the {key} cannot be "
                                     "checked until every trick is recorded (or give `tricks`)", line)
        result = _new(HandResult, (n, place, size, dealer, trump, hand.turn_up, bids, took, points,
                                   took is not None and place is not None, pos.tricks,
                                   hand.turn_up is not None or hand.trump is not None, pos.hook_bound))
        return result, pos

    def bids(self, hand: Hand, pos: HandPosition) -> HandPosition:
        """The bids in bidding order (the seats decide it, not the mapping's order); their findings
        in the order the record reads: ranges as written, then the order, then the hook."""
        given = {e.player: e for e in hand.bids}
        found: list[Finding] = []
        for p in pos.t.order:
            if p in given:
                e = given[p]
                move = Bid(p, e.value, e.line)
                if self.observe is not None:
                    self.observe(pos, move)
                found.extend(pos.push(move))
        if found:
            written = {p: i for i, p in enumerate(given)}
            found.sort(key=lambda f: (_BID_RANK.get(f.rule, 2), written.get(f.player or "", 0)))
            self.f.extend(found)
        return pos

    def recorded(self, hand: Hand, result: HandResult, running: dict[str, int], sheet: dict[str, int]) -> None:
        """This hand's written `scores` and `totals`, if any, judged by `CHECKS["scores"]` and
        `["totals"]`. `running`: the computed running totals after it; `sheet`: as the sheet carries
        them (updated here: the next hands are judged from the sheet's own number)."""
        n = hand.number
        points = result.points or {}
        # the sheet adds the score it wrote: a wrong one carried into the total is one slip, at the score
        written = {e.player: e.value for e in hand.scores or ()}
        add = {p: written.get(p, v) for p, v in points.items()} if result.counted else {}
        at = Sheet(n, self.opts, result.bids, result.took or {}, points, add, running, sheet)
        slips = [(e, c, why) for e in hand.scores or ()
                 for c, why in self.ask(n, "result", "scores", at, _new(Written, (e.player, e.value)))]
        for p in sheet:
            sheet[p] += add.get(p, 0)
        for e in hand.totals or ():
            slips += [(e, c, why) for c, why in self.ask(n, "result", "totals", at, _new(Written, (e.player, e.value)))]
            sheet[e.player] = e.value  # the next hand adds to the sheet's number
        for e, c, why in slips:
            self.f.violation(c.rule, why, line=e.line, hand=n, player=e.player)


def audit(record: Record, observe: Observer | None = None) -> Audit:
    """Replay an Oh Hell record against the rules (see the module docstring). `observe` sees
    every position the record passes through (it must not keep them: the driver moves on in place)."""
    return _Replay(record, observe).run()


def asked(record: Record, until: int | None = None) -> dict[tuple[int, str], list[tuple[Check, Why | None]]]:
    """Each engine check the replay asked of a fact of a hand, with its answer (None: it passed),
    in the order asked, by (hand number, fact: `dealer`, `size`, `deal`, `trump`, `result`), as
    `check` replays the record; with `until`, of the hands up to that one only."""
    replay = _Replay(record, keep=True, until=until)
    replay.run()
    return replay.asked or {}


Observer = Callable[[HandPosition, Move], None]
"""Called with the position before each recorded bid or card, and the move (for `replay`)."""

