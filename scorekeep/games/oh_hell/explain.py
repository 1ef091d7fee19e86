"""Oh Hell's part of `why`: a bid or a card of the record explained, from the engine's position
there (the check's own walk of the record, observed)."""

from __future__ import annotations

from typing import Any

from ...cards import SUIT_NAME, SUIT_SYMBOL, show
from ...errors import Finding
from ...game import Audit, plural
from ...why import (Explanation, Location, NoSuchPlace, Picker, as_asked, asked_until, at_trick, card_choices, decide,
                    fact, hand_of, no_choice, trick_target)
from . import engine, rules
from .engine import suit_word
from .model import Bid


_FACTS = ("dealer", "size", "deal", "trump")
"""The facts of a hand (no card, no bid) `why` shows by name; any other fact's finding: the result."""


def _judges(phase: str, rule: str) -> bool:
    """Whether one of the engine's checks of `phase` judges `rule`."""
    return any(c.rule == rule for c in engine.CHECKS.get(phase, ()))


def location_of(f: Finding, audit: Audit) -> Location:
    """The move or fact of a hand a finding of `check` is about: a card (a trick's own finding: its
    lead), a player's bid, else the fact its rule judges."""
    if f.trick is not None:
        h = next((x for x in audit.record.hands if x.number == f.hand), None)
        return at_trick(f, (h.play or ()) if h is not None else ())
    if f.player is not None and _judges("bid", f.rule):
        return Location(hand=f.hand, player=f.player)
    return Location(hand=f.hand, what=next((w for w in _FACTS if _judges(w, f.rule)), "result"))


def spoken(choice: str) -> str:
    """A canonical choice as the table says it: `QS` → `Q♠`; a bid stays a number."""
    from ...cards import parse_card

    card = parse_card(choice)
    return card.symbol if card is not None else choice


def explain(audit: Audit, loc: Location, finding: Finding | None) -> Explanation:
    """The bid or card of an Oh Hell record at `loc` (or the record's `finding` there), explained."""
    h = hand_of(audit, loc)
    n = h.number
    if loc.what is not None:
        return _fact(audit, loc._replace(player=None), h)
    if loc.trick is None and loc.bid is None and loc.player is None:
        raise NoSuchPlace(f"say which move of hand {n}: --trick T (with --player P), --bid K, or one of --dealer, "
                          "--size, --deal, --trump, --result")
    target = trick_target(audit, loc, h.play, n) if loc.trick is not None else None
    walk = Picker(loc, "bid", target)

    def observe(pos: Any, move: Any) -> None:  # the check's own walk: describes the bid or the card asked, once
        if pos.t.number != n:
            return
        if isinstance(move, Bid):
            if walk.wants(move.player):
                walk.offer(_bid(audit.game, h, pos, move))
        elif walk.wants_card(pos.trick_no, move.player):
            walk.card = _card(audit.game, h, pos, move)
    rules.audit(audit.record, observe)
    return walk.pick("the hand was not played out")


def _hand(h: Any, pos: Any) -> list[tuple[str, str]]:
    """The facts of the hand every move of it shows: size, dealer, trump."""
    t = pos.t
    trump = ("not recorded" if h.trump is None and h.turn_up is None else
             "no trump" if t.trump is None else suit_word(t.trump))
    if t.turn_up is not None:
        trump += f" (turned {t.turn_up.symbol})"
    return [("hand", f"hand {h.number}: {plural(t.size, 'card')} each, {t.dealer} deals"), ("trump", trump)]


def _holding(pos: Any, p: str) -> tuple[str, str]:
    held = pos.holding(p)
    if held is not None:
        return f"{p}'s hand", f"{show(held) or 'no cards'} ({plural(len(held), 'card')})"
    void = pos.shown_void(p)
    proven = f"; has not followed {', '.join(SUIT_SYMBOL[s] for s in sorted(void))} this hand" if void else ""
    return f"{p}'s hand", f"{plural(pos.count(p), 'card')}, known only by their count (no deal recorded){proven}"


def _bid(game: str, h: Any, pos: Any, move: Any) -> Explanation:
    t, p = pos.t, move.player
    made = ", ".join(f"{q} {pos.bids[q]}" for q in t.order if q in pos.bids)
    facts = [*_hand(h, pos), ("bidding order", t.bidding_words()),  # the engine's Table: in turn or at once
             # bids made at once have no "so far": only the order the record writes them in
             ("bids so far" if t.in_order else "bids written before",
              f"{made} (total {sum(pos.bids.values())})" if made else "none yet"),
             ("the hook", t.hook_words()), _holding(pos, p)]
    values = pos.bid_values(p)
    ruling = pos.ruling(move)
    if ruling.legal:  # the legal set in words; the rule cited is the engine's
        ruling = ruling._replace(reason=f"legal: {p} may bid {engine.ranges(values)}, {ruling.rule}")
    # Another's turn, as the engine's check of the bidding order (oh-hell.bid-order) judges it, offers
    # no bid of `p`'s as a choice: after a bid out of order was reported, the record's order stands.
    later = not pos.acts(p)
    return Explanation(game, Location(), move.line, p, str(move), tuple(facts), ruling,
                       () if later else tuple(str(b) for b in values), f"{p} bid {move.value}",
                       no_choice=no_choice(p, pos.to_act, "the bidding was over") if later else "")


def _card(game: str, h: Any, pos: Any, move: Any) -> Explanation:
    t, p, led = pos.t, move.player, pos.led
    lead = pos.plays[0].player if pos.plays else pos.leader
    facts = [*_hand(h, pos), ("bids", ", ".join(f"{q} {pos.bids[q]}" for q in t.order if q in pos.bids)
                              or "none recorded"),
             ("trick", f"trick {pos.trick_no} of {t.size}, led by {lead}"),
             ("on the table", "  ".join(f"{x.player} {x.card.symbol}" for x in pos.plays) or f"nothing yet: {p} leads"),
             ("led suit", suit_word(led) if led else "none yet (this card leads)")]
    if t.trump and t.lead_trump != "anytime" and led is None:
        facts.append(("trump lead", "trump may be led now" if not pos._restricted()
                      else "trump may not be led yet (house rule lead_trump: " + t.lead_trump + ")"))
    facts += [_holding(pos, p), ("tricks taken", ", ".join(f"{q} {pos.took[q]}" for q in t.players))]
    held = pos.holding(p)
    # who may play is the engine's turn check's (after a reported slip of the order, not only `to_act`)
    choices, why_none = card_choices(pos, p, pos.acts(p), (lambda: pos.legal_moves(p)) if held is not None else None,
                                     (f"any {suit_word(led)} card {p} holds; any card if none" if led else
                                      "any card but trump; trump only from a hand of nothing but trump"
                                      if t.trump and pos._restricted() else "any card",))
    ruling = pos.ruling(move)
    if ruling.legal:
        ruling = ruling._replace(reason=_legal(pos, move, held, ruling.steps))
    return Explanation(game, Location(), move.line, p, str(move), tuple(facts), ruling, choices,
                       f"{p} played {move.card.symbol}", no_choice=why_none)


def _legal(pos: Any, move: Any, held: Any, steps: Any) -> str:
    """Why a card the engine ruled legal was legal, in words (oh-hell.follow-suit)."""
    p, c, led = move.player, move.card, pos.led
    if led is None:
        why = f"{p} leads trick {pos.trick_no}: any card may be led"
        if pos.t.trump and c.suit == pos.t.trump and pos._restricted():
            # the engine knows this only from a deal (its step says so); else a later card may prove it
            why = (f"{p} leads trump holding nothing but trump" if held is not None else
                   f"as far as the record shows: {p} may hold nothing but trump (no deal recorded; a later card "
                   f"of another suit of {p}'s would prove trump led too early)")
    elif c.suit == led:
        why = f"{c.symbol} follows the led suit {suit_word(led)} (any card of it, not necessarily higher)"
    elif held is not None:
        why = f"{p} holds no {suit_word(led)}, so any card may be played (trumping is never compulsory)"
    else:
        why = (f"as far as the record shows: {p} may hold no {suit_word(led)} (no deal recorded; a later "
               f"{SUIT_NAME[led][:-1] if led != '*' else led} card of {p}'s would prove a revoke)")
    win = next((s.answer for s in steps if s.rule == engine.TRICK_WINNER.rule), None)
    return f"legal: {why}, oh-hell.follow-suit" + (f"; the trick goes to {win}" if win else "")


def _fact(audit: Audit, loc: Location, h: Any) -> Explanation:
    """A fact of hand `h` (`loc.what`): the dealer, the hand size, the deal, trump or the result,
    with what the rules expect of it, decided by the engine's checks the replay asked of it."""
    res = audit.result.hands[[x.number for x in audit.record.hands].index(h.number)]
    n, what, player, line = h.number, loc.what, None, h.line
    facts = [("hand", f"hand {n}: {plural(res.size, 'card')} each, {res.dealer} deals")]
    if what == "dealer":
        prev = next((x for x in audit.result.hands if x.number == n - 1), None)
        before = f"{prev.dealer} dealt hand {n - 1}" if prev else f"{audit.record.first_dealer} deals first"
        facts.append(("the deal", f"passes clockwise, one seat each hand; {before}"))
        if h.dealer is None:
            lead = h.play[0].plays[0].player if h.play and h.play[0].plays else None
            seats = audit.record.players
            shown = lead is not None and seats[seats.index(lead) - 1] == res.dealer
            facts.append(("dealer", f"not written: {res.dealer}" + (
                f", on the right of {lead}, who led the first trick" if shown else ", next in turn")))
        player, line = res.dealer, h.dealer_line or h.line
        said, rule = f"{res.dealer} dealt hand {n}", engine.DEALER_ROTATION.rule
        reason = f"{res.dealer} deals hand {n}, as the deal passes clockwise"
    elif what == "size":
        place = "past the end of the deal pattern" if res.position is None else (
            f"hand {res.position + 1} of the deal pattern {_pattern(audit.record.pattern)}")
        facts.append(("the sizes", "the hand sizes follow the agreed pattern, one hand after another; "
                      f"this is {place}"))
        said, rule = f"hand {n} dealt {plural(res.size, 'card')} each", engine.SIZE_PATTERN.rule
        reason = f"hand {n} is dealt {plural(res.size, 'card')} each, as the pattern gives"
    elif what == "deal":
        known = h.deal is not None
        facts.append(("the deal", "; ".join(f"{p} {show(cs)}" for p, cs in h.deal.items()) if known
                      else "not recorded: only the cards played are known"))
        if h.turn_up is not None:
            facts.append(("turned up", f"{h.turn_up.symbol}: it belongs to nobody's hand"))
        said, rule = f"the deal of hand {n}", engine.DECK_RULE.rule
        reason = ("every card dealt once, the hand size to each player" if known else
                  "the record gives no deal, so the cards dealt cannot be wrong")
    elif what == "trump":
        facts.append(("trump", "not recorded" if not res.trump_known else "no trump" if res.trump is None
                      else suit_word(res.trump) + (f" (turned {res.turn_up.symbol})" if res.turn_up else "")))
        line = h.trump_line or h.turn_up_line or h.line
        said, rule, reason = f"trump of hand {n}", engine.TRUMP.rule, "trump is the suit of the card turned up"
    elif what == "result":
        facts.append(("bids", ", ".join(f"{q} {b}" for q, b in res.bids.items()) or "none recorded"))
        if res.took is not None:
            facts.append(("tricks taken", ", ".join(f"{q} {t}" for q, t in res.took.items())))
        if res.points is not None:
            facts.append(("scores", ", ".join(f"{q} {v}" for q, v in res.points.items())))
        line, said, rule = h.scores_line or h.line, f"the result of hand {n}", engine.SCORE_WRITTEN.rule
        reason = "the scores follow from the bids and the tricks taken"
    else:
        raise NoSuchPlace(f"an Oh Hell hand has no {what} to explain: use --dealer, --size, --deal, --trump or "
                          "--result")
    return _decided(audit, fact(audit, loc, facts, player, line, said, rule, f"legal: {reason}, {rule}"), h, res)


def _pattern(pattern: Any) -> str:
    """The deal pattern as a table says it: `3, 2, 1`; a long one by its ends."""
    return ", ".join(map(str, pattern)) if len(pattern) <= 7 else f"{pattern[0]}, {pattern[1]} … {pattern[-1]}"


def _decided(audit: Audit, ex: Explanation, h: Any, res: Any) -> Explanation:
    """The fact `ex` decided by the engine's checks the replay asked of it (`rules.asked`, `decide`);
    when all pass, the last asked before the hand was found complete decides."""
    asked = asked_until(audit, h.number, rules.asked).get((h.number, ex.location.what or ""), [])
    answers: dict[Any, Any] = {}  # each check (by identity) asked: its first failing answer, else None
    for c, why in asked:
        if answers.get(id(c), (c, None))[1] is None:
            answers[id(c)] = (c, why)
    words = {"n": h.number, "hands": len(audit.record.pattern), "dealer": h.dealer or res.dealer,
             "size": plural(res.size, "card"), "size_n": res.size}
    # Each check asked in its own words (`Check.ask`, else its name); a legal result cites the last
    # check that decides it (not one of what the next hand says), in its words (`Check.legal`).
    ex = decide(ex, (as_asked(c, why, **words) for c, why in answers.values()))
    r = ex.ruling
    if r.legal and answers:
        complete = {id(c) for c in engine.CHECKS.get("next", ())}
        decider = [c for c, _w in answers.values() if id(c) not in complete] or [c for c, _w in answers.values()]
        rule, legal = decider[-1].rule, decider[-1].legal or "as the rules give"
        if rule != r.rule:
            r = r._replace(rule=rule, reason=f"legal: {legal}, {rule}".format(**words))
    return ex._replace(ruling=r)

