"""Rook's part of `why`: a call or a card of the record explained, from the engine's position there
(the driver's own walk of the hand: `rules.turns`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from ...engine import Step
from ...errors import Finding
from ...game import Audit, plural
from ...why import (Asked, Explanation, Location, NoSuchPlace, Picker, as_asked, asked_until, at_trick, card_choices,
                    decide, fact, hand_of, memo, no_choice, steps_of, trick_target)
from . import rules
from .cards import COLOR_NAME, show
from .engine import BID_AMOUNTS, CHECKS, HAND_CARDS, TRICKS, Table, all_pass_words, deal_answers, from_left, seating
from .model import CallMove, CardMove, DiscardMove, NextTrick, SeatingMove, TrumpMove

_WHAT = {"rook.dealer-rotation": "dealer", "rook.seat-change": "seats", "rook.deal": "deal", "rook.deck": "deal",
         "rook.nest-exchange": "nest", "rook.trump": "trump"}
"""The fact of a hand each rule of a hand (no card, no call) is about; any other: the result."""

_CALLS_SHOWN = 24
"""The calls before the one explained that its position lists by name (the rest are counted)."""


def _decide(ex: Explanation, asked: Iterable[Asked]) -> Explanation:
    """`ex` ruled by the checks asked (`decide`); when all pass, the last asked is the rule cited."""
    ex = decide(ex, asked)
    if ex.ruling.legal and ex.ruling.steps:
        ex = ex._replace(ruling=ex.ruling._replace(rule=ex.ruling.steps[-1].rule))
    return ex


def location_of(f: Finding, audit: Audit) -> Location:
    """The move or fact of a hand a finding of `check` is about: a card (a trick's own finding: its
    lead), a call (found by its line, caller and rule), else the fact its rule judges."""
    h = next((x for x in audit.record.hands if x.number == f.hand), None)
    if h is None:
        return Location(hand=f.hand, what="result")
    if f.trick is not None:
        return at_trick(f, h.tricks or ())
    if f.rule.startswith("rook.bid") and h.bidding:
        # Calls written on one line by one caller (`[70, pass, pass, pass, pass, 75]`): check reports them
        # in the calls' order, so its n-th finding of this rule there is at the n-th call it reports it at.
        here = [(k, found) for k, (line, p, found) in enumerate(_callers(audit, h), 1)
                if line == f.line and p == f.player]
        at = [k for k, found in here for rule in found if rule == f.rule]
        n = _nth(f, audit)
        k = at[n] if n < len(at) else here[0][0] if here else None
        if k is not None:
            return Location(hand=f.hand, bid=k, player=f.player)
    return Location(hand=f.hand, what=_WHAT.get(f.rule, "result"))


def _nth(f: Finding, audit: Audit) -> int:
    """How many of check's violations of `f`'s rule, hand, line and player come before `f`."""
    calls = memo(audit, (_nth, f.hand), lambda: [v for v in audit.violations
                                                 if v.hand == f.hand and v.rule.startswith("rook.bid")])
    same = [v for v in calls if (v.rule, v.line, v.player) == (f.rule, f.line, f.player)]
    n = next((n for n, v in enumerate(same) if v is f), None)
    return n if n is not None else same.index(f) if f in same else 0


def _callers(audit: Audit, h: Any) -> list[tuple[int | None, str, tuple[str, ...]]]:
    """(line, caller, the rules of the violations check reports at it) of each call of hand `h`, as
    check reads them (a call need not name its caller)."""
    result = audit.result.hands[[x.number for x in audit.record.hands].index(h.number)]
    return memo(audit, (_callers, h.number), lambda: [
        (h.bidding[k].line, p, found) for k, (p, found) in enumerate(rules.call_rules(audit.record, result, h))])


def explain(audit: Audit, loc: Location, finding: Finding | None) -> Explanation:
    """The call or card of a Rook record at `loc` (or the record's `finding` there), explained."""
    h = hand_of(audit, loc)
    n = h.number
    result = audit.result.hands[[x.number for x in audit.record.hands].index(n)]
    if loc.what is not None:
        return _fact(audit, loc._replace(player=None), h, result)
    if loc.trick is None and loc.bid is None and loc.player is None:
        raise NoSuchPlace(f"say which move of hand {n}: --trick T (with --player P), --bid K (the K-th call), or "
                          "one of --dealer, --seats, --deal, --nest, --trump, --result")
    target = trick_target(audit, loc, h.tricks, n) if loc.trick is not None else None
    if target is not None and target[0] > TRICKS:
        return _extra_trick(audit, loc._replace(player=target[1]), h, result)
    flagged = None
    if loc.bid is None and loc.trick is None:  # `--player`: their first call check reports, else their first
        flagged = {where.bid for f in audit.violations if f.hand == n and f.message
                   for where in (location_of(f, audit), *also_at(f, audit)) if where.bid is not None}
    walk = Picker(loc, "call", target, flagged)
    for trick, k, pos, move in rules.turns(audit.record, result, h):
        if trick == 0:
            if walk.wants(pos.caller(move)):
                walk.offer(_call(audit, result, pos, move, h.bidding[k - 1].line, n))
        elif walk.wants_card(trick, move.player):
            walk.card = _card(audit, pos, move, trick, n)
    return walk.pick("the auction did not finish")


def _call(audit: Audit, result: Any, pos: Any, move: Any, line: int | None, n: int) -> Explanation:
    """A call of the auction, with the seats, the calls before it and the bid to beat."""
    p = pos.caller(move)
    facts = [("hand", f"hand {n}: {pos.seat} deals; the calls go clockwise from {pos.seat}'s left "
                      f"({', '.join(pos.bidders)})")]
    seats = _seats(audit, result)
    if seats:
        facts.append(("seats", seats))
    before = len(pos.calls) - _CALLS_SHOWN
    made = ", ".join(f"{q} {'pass' if a is None else a}" for q, a in pos.calls[max(before, 0):])
    if before > 0:
        made = f"… {plural(before, 'earlier call')}, then {made}"
    facts.append(("calls so far", made or "none yet"))
    # the bid the engine's checks judge a bid against: the highest legal one (a bad bid does not count)
    high, written = pos.legal_high, pos.high
    facts.append(("the bid to beat", f"{high[1]} by {high[0]}" if high else "none yet (the opening bid)" + (
        f"; {written[0]}'s {written[1]} was no legal bid" if written else "")))
    facts.append(("passed", ", ".join(q for q in pos.bidders if q in pos.passed) or "nobody"))
    facts.append(("to call", pos.to_act or "nobody: the auction is over"))
    # The legal moves are those of the player to call: none of them is a choice of another's.
    choices = tuple(str(m) for m in pos.legal_moves()) if pos.to_act == p else ()
    why_none = "" if choices else no_choice(p, pos.to_act, "the auction was over")
    ruling = _call_ruling(audit, pos, move)
    st = _seating(audit, result)
    if st is not None and st.missed and not pos.calls and p != st.first:
        # The first call shows the seat change the table did not make (`also_at`): in the new seats
        # it was another player's opening.
        ruling = ruling._replace(steps=(Step(f"after {plural(st.after, 'hand')}, did the table change seats (1988 "
                                             f"rule), so that {st.first} opens?", f"no: {p} opened in the old seats",
                                             "rook.seat-change"), *ruling.steps))
        choices, why_none = (), f"in the seats the rules give it was {st.first}'s opening call, not {p}'s"
    return Explanation(audit.game, Location(), line, p, str(move), tuple(facts), ruling, choices,
                       f"{p} {'passed' if move.amount is None else f'bid {move.amount}'}", no_choice=why_none)


def _call_ruling(audit: Audit, pos: Any, move: CallMove) -> Any:
    """The engine's ruling on a call, its checks as steps; a legal call cites the rule that decides it
    (rook.bid-end, rook.all-pass, rook.bid-minimum, rook.bid-step, else rook.bid-order)."""
    r = pos.ruling(move)
    p = pos.caller(move)
    # Not shown when they pass: a pass has no amount to judge; an opening bid no bid to beat, a raise
    # no opening (the engine's checks judge a bid against the highest legal bid, `legal_high`). A
    # check that fails is shown whatever it is (an opening of 73 breaks rook.bid-step): the engine decides.
    high = pos.legal_high
    skip = BID_AMOUNTS if move.amount is None else ("rook.bid-minimum" if high else "rook.bid-step",)
    r = r._replace(steps=steps_of(as_asked(c, why, p=p, a=move.amount) for c in CHECKS["call"]
                                  if (why := c.test(pos, move)) is not None or c.rule not in skip))
    if not r.legal:
        return r
    opts = audit.header.options
    if move.amount is None:
        trial = pos.copy()
        trial.push(move)
        if trial.all_pass:
            return r._replace(rule="rook.all-pass", reason=f"legal: {p} passes fourth: all four players have passed, "
                                                           f"so {all_pass_words(pos.all_pass_winner())}, rook.all-pass")
        if trial.ended and trial.high is not None:
            return r._replace(rule="rook.bid-end", reason=f"legal: {p} passes, the third pass: {trial.high[0]}'s "
                                                          f"{trial.high[1]} wins the bid, rook.bid-end")
        return r._replace(rule="rook.bid-order", reason=f"legal: {p} may pass in turn, and is then out of the "
                                                        "bidding for this hand, rook.bid-order")
    if high is None:
        return r._replace(rule="rook.bid-minimum", reason=f"legal: {p} opens the bidding at {move.amount}, at least "
                                                          f"the lowest opening bid {opts['min_bid']}, rook.bid-minimum")
    return r._replace(rule="rook.bid-step", reason=f"legal: {p} raises {high[0]}'s {high[1]} to {move.amount}, "
                                                   "a step over the bid to beat, rook.bid-step")


class _Seats(NamedTuple):
    """The seats of a hand after a seat change (1988): the hands played when the seats last changed, the
    clockwise order the rules give, who opens the bidding in it (on `dealer`'s left), whether the engine's
    seating check fails where the replay judged the hand (`missed`: the hand the table did not change seats
    in), and whether the record plays it in other seats all the same (`kept`: `missed`, or later in that
    seating period, which the replay judges in the seats the table kept)."""

    after: int
    order: tuple[str, ...]
    first: str
    missed: bool
    kept: bool
    dealer: str
    counted: str
    """The hands played when the seats last changed, in words (`DealPosition.hands_counted`)."""


def _seating(audit: Audit, result: Any) -> _Seats | None:
    """The seats of a hand when the seat change has come (None before it, or without it), from the
    position check's replay dealt the hand in (`rules.deal_positions`) and its seating check."""
    got = _dealt(audit).get(result.number)
    every = audit.header.options["seat_change_every"]
    if got is None or not every or not got[0].played // every:
        return None
    pos, seats = got[0], SeatingMove(tuple(result.seating))
    order = seating(audit.record.players, pos.played // every)
    missed = any(c.test(pos, seats) is not None for c in CHECKS.get("seating", ()))
    # In the hand the table missed the change, the rules' opener is on the left of the dealer the engine's
    # deal checks give in the new seats (`expected`), not of the record's dealer (the old rotation's);
    # else of the seat the replay bid the hand from (`seat`: a dealer only miswritten is not it)
    dealer = pos._replace(order=order).expected if missed else (result.seat or result.dealer)
    first = from_left(dealer, order)[0] if dealer in order else order[1]
    return _Seats(pos.changed_after, order, first, missed, seats.order != order, dealer, pos.hands_counted())


def _missed_at(audit: Audit, n: int, after: int) -> Any:
    """check's finding of the seat change missed before hand `n` in the seating period that began after
    `after` hands (the table kept the old seats, or changed them late), or None."""
    dealt = _dealt(audit)
    return next((f for f in reversed(audit.violations) if f.rule == "rook.seat-change" and f.hand is not None
                 and f.hand < n and f.hand in dealt and dealt[f.hand][0].changed_after == after), None)


def _opener(audit: Audit, n: int) -> str | None:
    """Who made hand `n`'s first call as check reads it (None: no call written)."""
    h = next((x for x in audit.record.hands if x.number == n), None)
    return _callers(audit, h)[0][1] if h is not None and h.bidding else None


def _seats(audit: Audit, result: Any) -> str:
    """The seats of a hand after the seat change, in words; empty before it or without it."""
    st = _seating(audit, result)
    if st is None:
        return ""
    order, kept = ", ".join(st.order), ", ".join(result.seating)
    missed = None if st.missed else _missed_at(audit, result.number, st.after)
    where = f"hand {missed.hand}" if missed is not None else "an earlier hand"
    if st.kept and not st.missed:  # later in a seating period the table kept: judged in the seats it kept
        return (f"after {st.counted} the seats should have changed: the clockwise order is then "
                f"{order}, in which {st.first}, on {st.dealer}'s left, would open the bidding; but this table kept "
                f"the old seats ({kept}) after missing the seat change in {where}, where it is reported once "
                "(rook.seat-change): this hand, like the rest of this seating period, is judged in the seats the "
                "table kept")
    # the rules' dealer, when the table's is another (the old rotation's: the deal check reports it)
    deals = f"{st.dealer} deals hand {result.number} and " if st.dealer != result.dealer else ""
    said = (f"after {st.counted} the seats changed: the clockwise order is now {order}, so "
            f"{deals}{st.first}, on {st.dealer}'s left, opens the bidding")
    if st.missed:
        # the old rotation's dealer in the old seats has the same opener: then the first call is in turn
        dealer = result.dealer
        old_left = from_left(dealer, result.seating)[0] if dealer in result.seating else None
        opener = _opener(audit, result.number)
        slip = (f"its deal ({dealer} dealt; {st.first} opens in either seating)" if old_left == st.first else
                f"its first call ({opener} opened, on {dealer}'s left in the old seats)" if opener is not None else
                f"its first lead ({old_left} led, on {dealer}'s left in the old seats)")
        said += (f"; this record kept the old seats ({kept}): the missed seat change (rook.seat-change) is one "
                 f"slip of the hand, shown first at {slip}, and the rest is judged in the seats the table used")
    elif missed is not None:  # the table changed seats late, after the hand it missed the change in
        said += f"; the table changed seats late: it missed the change in {where}, where it is reported once"
    elif (back := _back_in_seats(audit, result, st)) is not None:
        said += (f"; this table did not move: it kept the old seats after missing the seat change in hand "
                 f"{back.hand}, and now sits as the rules give again")
    return said


def _back_in_seats(audit: Audit, result: Any, st: _Seats) -> Any:
    """check's finding of the seat change missed in the last seating period, when the table kept those
    seats until this hand, the first of a seating period whose seats are the ones it kept; else None."""
    n = result.number
    prev = next((x for x in audit.result.hands if x.number == n - 1), None)
    every = audit.header.options["seat_change_every"]
    if prev is None or tuple(prev.seating) != tuple(result.seating) or _dealt(audit)[n][0].played != st.after:
        return None
    return _missed_at(audit, n, st.after - every)


def also_at(f: Finding, audit: Audit) -> tuple[Location, ...]:
    """The moves where a finding of the whole hand shows besides its own place: a seat change the
    table did not make shows at the hand's first call, made by the old left instead of the new, and
    at the dealer when the engine's deal check failed on it (`CHECKS["deal"]`: dealt in the old seats)."""
    if f.rule != "rook.seat-change":
        return ()
    got = _dealt(audit).get(f.hand or 0)  # the engine's deal checks rule the dealer against the seat change
    missed = got is not None and any(c.rule == f.rule and c.test(*got) is not None for c in CHECKS.get("deal", ()))
    out = (Location(hand=f.hand, what="dealer"),) if missed else ()
    result = next((x for x in audit.result.hands if x.number == f.hand), None)
    st = None if result is None else _seating(audit, result)
    if st is None or not st.missed:
        return out
    opener = _opener(audit, result.number)  # type: ignore[union-attr]
    if opener is None or opener == st.first:  # no call written, or the first call in turn in the rules' seats too
        return out
    return (*out, Location(hand=f.hand, bid=1, player=opener))


def _extra_trick(audit: Audit, loc: Location, h: Any, result: Any) -> Explanation:
    """A card of a trick after the ninth: the engine's check of a trick more (`CHECKS["trick"]`) at the
    position the hand ended in, its steps; its cards are not played (the hand was over)."""
    pos = None
    for _t, _k, pos, _m in rules.turns(audit.record, result, h):
        pass  # the position after the last card played
    trick = h.tricks[loc.trick - 1]
    card = next(pl.card for pl in trick.plays if pl.player == loc.player)
    facts = [("hand", f"hand {h.number}: {result.dealer} deals; {result.bidder} won the bid at {result.bid}"),
             ("tricks", f"{plural(len(h.tricks), 'trick')} written; {plural(len(result.tricks), 'trick')} played")]
    ex = fact(audit, loc, facts, loc.player, trick.line or h.line, f"{loc.player} played {card} in trick {loc.trick}",
              "rook.deal", f"legal: trick {loc.trick} is within the hand, rook.deal")
    return _decide(ex, (as_asked(c, c.test(pos, NextTrick(loc.trick))) for c in CHECKS["trick"]))


def _card(audit: Audit, pos: Any, move: Any, trick: int, n: int) -> Explanation:
    """A card of a trick, with the trick so far, the led color and what the player held."""
    p = move.player
    cm = CardMove(p, move.card)
    facts = [("hand", f"hand {n}: {pos.seat} deals; {pos.bidder} won the bid at {pos.amount}"),
             ("trump", f"{COLOR_NAME.get(pos.trump or '', 'not named')} ({pos.table.bird})")]
    lead = pos.plays[0].player if pos.plays else pos.leader
    facts.append(("trick", f"trick {trick}, led by {lead}"))
    facts.append(("on the table", ", ".join(f"{x.player} {x.card}" for x in pos.plays)
                  or f"nothing yet: {p} leads"))
    if pos.plays:
        led = pos.plays[0].card
        facts.append(("led", "the Bird: a led Bird calls for trump" if led.is_bird else
                      f"{COLOR_NAME.get(led.color, led.color)}" + (" (trump)" if led.color == pos.trump else "")))
    held = pos.held.get(p)
    if held is not None:
        facts.append((f"{p}'s hand", f"{show(held)} ({plural(len(held), 'card')})"))
    else:
        may = pos.unseen(p)
        facts.append((f"{p}'s hand", f"not recorded: {plural(pos.counts.get(p, 0), 'card')}, from {show(may)}"
                      if may else "not recorded"))
    ruling = pos.ruling(cm)
    legal = (lambda: pos.legal_cards(p) or ()) if held is not None else None
    choices, why_none = card_choices(pos, p, pos.acts(p), legal, None)
    return Explanation(audit.game, Location(), move.line or None, p, str(cm), tuple(facts), ruling,
                       ruling.allowed if ruling.allowed is not None else choices, f"{p} played {move.card}",
                       no_choice=why_none)


def _fact(audit: Audit, loc: Location, h: Any, result: Any) -> Explanation:
    """A fact of hand `h` (`loc.what`): the dealer, the seats, the deal, the nest discard, trump or
    the result, with what the rules expect of it."""
    n, what = h.number, loc.what
    facts = [("hand", f"hand {n}: {result.dealer} deals; clockwise order {', '.join(result.seating)}")]
    if what in ("nest", "trump"):
        return _nest_or_trump(audit, loc, h, result, facts)
    if what == "dealer":
        prev = next((x for x in audit.result.hands if x.number == n - 1), None)
        facts.append(("the deal", "passes to the left, one seat each hand" +
                      (f"; {prev.dealer} dealt hand {n - 1}" if prev
                       else f"; {audit.record.first_dealer} deals first")))
        ex = fact(audit, loc, facts, result.dealer, h.dealer_line or h.line, f"{result.dealer} dealt hand {n}",
                  "rook.dealer-rotation", f"legal: {result.dealer} deals hand {n}, as the deal passes to the left, "
                                          "rook.dealer-rotation")
        return _deal_steps(audit, ex, n, "deal", None)
    if what == "seats":
        seats = _seats(audit, result) or "the seats have not changed yet (or never change under these house rules)"
        facts.append(("seats", seats))
        ex = fact(audit, loc, facts, result.dealer, h.dealer_line or h.bidding_line or h.line,
                  f"hand {n} played in the seats {', '.join(result.seating)}", "rook.seat-change",
                  f"legal: hand {n} is bid and played in the seats the rules give, rook.seat-change")
        st = _seating(audit, result)
        if st is not None and st.kept and not st.missed:
            return _kept_seats(audit, ex, n, st, SeatingMove(tuple(result.seating)))
        return _deal_steps(audit, ex, n, "seating", SeatingMove(tuple(result.seating)))
    if what == "deal":
        known = h.deal is not None
        facts.append(("the deal", "; ".join(f"{p} {show(cs)}" for p, cs in h.deal.items()) if known
                      else "not recorded: only the cards played are known"))
        ex = fact(audit, loc, facts, None, h.line, f"the deal of hand {n}", "rook.deal",
                  "legal: " + ("every card dealt once, the right number to each player and the nest" if known else
                               "the record gives no deal, so the cards dealt cannot be wrong") + ", rook.deal")
        return _deal_content_steps(audit, ex, h)
    if what == "result":
        return _result(audit, loc, h, result, facts)
    raise NoSuchPlace(f"a Rook hand has no {what} to explain: use --dealer, --seats, --deal, --nest, --trump or "
                      "--result")


def _dealt(audit: Audit) -> dict[int, Any]:
    """Each hand's position before the deal and the deal judged there, as check's replay judged them."""
    return memo(audit, _dealt, lambda: rules.deal_positions(audit.record))


def _deal_steps(audit: Audit, ex: Explanation, n: int, phase: str, seats: SeatingMove | None,
                at: Any = None) -> Explanation:
    """The dealer (`phase` "deal") or the seating (`seats`, "seating") of hand `n` decided by the engine's
    checks of that phase where the replay judged them (`rules.deal_positions`), or at position `at`."""
    got = _dealt(audit).get(n)
    if got is None:
        return ex
    pos, dealt = got
    pos = pos if at is None else at
    move = dealt if seats is None else seats

    def step(c: Any) -> Asked:
        # the deal's seat-change check passes by itself at the first deal, or when the seats did not change
        yes = "yes"
        if (phase, c.rule) == ("deal", "rook.seat-change"):
            if pos.last is None:
                yes = "yes: this is the first deal; no seat change comes before it"
            elif pos.order == pos.last_order:
                yes = "yes: the seats have not changed since the last deal"
        return as_asked(c, c.test(pos, move), yes, m=dealt.dealer, o=", ".join(pos.order))
    return _decide(ex, map(step, CHECKS.get(phase, ())))


def _kept_seats(audit: Audit, ex: Explanation, n: int, st: _Seats, seats: SeatingMove) -> Explanation:
    """The seats of hand `n`, later in a seating period the table kept after missing the seat change:
    the engine's seating check asked at the seats the rules give (it fails: they are not those), and
    legal as the record is read — check reports the slip once, at the hand the table missed it in, and
    judges the rest of the period in the seats the table kept (`rules._Replay.run`)."""
    ruled = _deal_steps(audit, ex, n, "seating", seats, _dealt(audit)[n][0]._replace(order=st.order))
    missed = _missed_at(audit, n, st.after)
    at = f"hand {missed.hand} (line {missed.line})" if missed is not None else "an earlier hand"
    reason = (f"legal as the record is read: the table kept the old seats after missing the seat change in {at}, "
              "where check reports it: one slip is reported once, and this hand, like the rest of this seating "
              "period, is judged in the seats the table kept, rook.seat-change")
    return ruled._replace(ruling=ruled.ruling._replace(legal=True, rule="rook.seat-change", reason=reason))


def _deal_content_steps(audit: Audit, ex: Explanation, h: Any) -> Explanation:
    """The deal of hand `h` decided by the engine's checks of its entries and cards, as the replay asks
    them (`engine.deal_answers`): the first that fails decides (check's first finding of the deal)."""
    table = Table.of(audit.record.players, audit.record.teams, audit.header.options)
    asked = deal_answers(table, h.number, h.deal, h.nest)
    decisive = next(((c, why) for c, why in asked if why is not None), None)
    seen = {id(c) for c, _why in asked}
    words = {"deck": len(table.deck), "hand": HAND_CARDS, "nest": table.nest_size}

    def step(c: Any) -> Asked:
        fails = decisive is not None and decisive[0] is c
        later = not fails and any(x is c and why is not None for x, why in asked)  # broken further on in the deal
        yes = "yes, by every entry read before that one (one read later breaks it: see below)" if later else "yes"
        return as_asked(c, decisive[1] if decisive is not None and fails else None, yes, **words)
    # a check not asked: the record writes no entry it judges
    return _decide(ex, (step(c) for c in CHECKS.get("deal-content", ()) if id(c) in seen))


def _nest_or_trump(audit: Audit, loc: Location, h: Any, result: Any, facts: list[tuple[str, str]]) -> Explanation:
    """The bid winner's nest discard or naming of trump, as the engine rules it at that point."""
    nest = loc.what == "nest"
    want, phase = (DiscardMove, "discard") if nest else (TrumpMove, "trump")
    got = next(((pos, m) for t, _k, pos, m in rules.turns(audit.record, result, h, nest=True)
                if t == 0 and isinstance(m, want)), None)
    if got is None:
        raise NoSuchPlace(f"hand {h.number} has no bid winner, so no {'nest discard' if nest else 'trump'}")
    pos, m = got
    r = pos.ruling(m)
    steps = steps_of(as_asked(c, c.test(pos, m), p=m.player) for c in CHECKS[phase])
    facts.append(("bid", f"{result.bidder} won the bid at {result.bid}"))
    if nest:
        dealt = h.deal.get(m.player) if h.deal is not None else None
        facts.append((f"{m.player}'s hand as dealt", show(dealt) if dealt else "not recorded"))
        facts.append(("the nest", show(h.nest) if h.nest else "not recorded"))
        said = f"{m.player} put back {show(m.cards)}" if m.cards else f"{m.player}'s discard (not recorded)"
        line, unwritten = h.discard_line, f"which five cards {m.player} put back" if m.cards is None else ""
    else:
        said = (f"{m.player} named {COLOR_NAME.get(m.color, m.color)} trump" if m.color else
                f"{m.player}'s trump (not recorded)")
        line, unwritten = h.trump_line, f"which color {m.player} named trump" if m.color is None else ""
    if unwritten and r.legal:
        r = r._replace(reason=f"legal as far as the record shows: the record does not say {unwritten}, so nothing "
                              f"about it can be wrong, {r.rule}")
    return Explanation(audit.game, loc, line or h.line, m.player, str(m), tuple(facts), r._replace(steps=steps),
                       r.allowed, said)


def _result(audit: Audit, loc: Location, h: Any, result: Any, facts: list[tuple[str, str]]) -> Explanation:
    """The hand's result: the contract, the counters captured, the scores."""
    if result.thrown_in:
        facts.append(("bid", "all four passed: the hand was thrown in"))
    elif result.bidder is not None:
        facts.append(("bid", f"{result.bidder} ({result.bid_team}) won the bid at {result.bid}"))
    if result.points is not None:
        facts.append(("counters captured", ", ".join(f"{t} {v}" for t, v in result.points.items())))
    if result.scores is not None:
        facts.append(("scores", ", ".join(f"{t} {v}" for t, v in result.scores.items())
                      + ("" if result.made is None else "; the bid was made" if result.made else "; the bid was set")))
    line = h.scores_line or h.points_line or (h.bid.line if h.bid is not None else None) or h.line
    ex = fact(audit, loc, facts, result.bidder, line, f"the result of hand {h.number}", "rook.contract",
              "legal: the result follows from the bid and the counters each team captured, rook.contract")
    return _decided(audit, ex, h, result)


def _decided(audit: Audit, ex: Explanation, h: Any, result: Any) -> Explanation:
    """The result of hand `h` decided by the engine's checks the replay asked of it (`rules.asked`: a bid
    written without its auction is asked the checks of a call's amount); when all pass, the last asked
    before the next hand decides (its `legal` words say why)."""
    n = h.number
    words = {"n": n, "target": audit.header.options["target"], "total": Table.of(
        audit.record.players, audit.record.teams, audit.header.options).total}
    if h.bid is not None:
        words |= {"p": h.bid.player, "a": h.bid.amount}
    asked = asked_until(audit, n, rules.asked).get(n, [])
    ex = _decide(ex, (as_asked(c, why, **words) for c, why in asked))
    # the next hand's check is asked after the result, and a written bid's amount is the bid's own: they
    # do not decide a legal result
    aside = (*CHECKS.get("next-hand", ()), *CHECKS["call"])
    decides = [c for c, _why in asked if not any(x is c for x in aside)]
    if ex.ruling.legal and decides:
        why_legal = (decides[-1].legal or "as the rules give").format(**words)
        ex = ex._replace(ruling=ex.ruling._replace(rule=decides[-1].rule,
                                                   reason=f"legal: {why_legal}, {decides[-1].rule}"))
    return ex
