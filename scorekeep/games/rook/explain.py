"""Rook's part of `why`: a call or a card of the record explained, from the engine's position there
(the driver's own walk of the hand: `rules.turns`)."""

from __future__ import annotations

from typing import Any

from ...errors import Finding
from ...game import Audit
from ...why import (Explanation, Location, Picker, Snap, card_choices, chosen, hand_of, no_choice,
                    plural, trick_target, whole_hand)
from ...why import hand_location as location_of  # noqa: F401 - the part's interface
from . import rules
from .cards import COLOR_NAME, show
from .model import CardMove

_CALLS_SHOWN = 24
"""The calls before the one explained that its position lists by name (the rest are counted)."""


def about(rule: str, loc: Location) -> bool:
    """Whether a finding of `rule` at the place can be about the kind of move `loc` names: a call
    is judged by the bidding rules."""
    return loc.bid is None or rule.startswith("rook.bid")


def explain(audit: Audit, loc: Location, finding: Finding | None) -> Explanation:
    """The call or card of a Rook record at `loc` (or the record's `finding` there), explained."""
    h = hand_of(audit, loc, finding)
    n = h.number
    if loc.trick is None and loc.bid is None and loc.player is None:
        return whole_hand(audit, loc, finding, "--trick T (with --player P) or --bid K (the K-th call)")
    result = audit.result.hands[[x.number for x in audit.record.hands].index(n)]
    target = trick_target(audit, loc, h.tricks, n) if loc.trick is not None else None
    calls = Picker(loc, n, "call")
    found: list[Snap] = []
    for trick, k, pos, move in rules.turns(audit.record, result, h):
        if trick == 0:
            if target is None and calls.wants(pos.caller(move)):
                calls.offer(_call(pos, move, h.bidding[k - 1].line, n))
        elif target is not None and not found and (trick, move.player) == target:
            found.append(_card(pos, move, trick, n))
    return chosen(audit, loc, target, found, calls, "the auction did not finish")


def _call(pos: Any, move: Any, line: int | None, n: int) -> Snap:
    """A call of the auction, with the calls before it and the bid to beat."""
    p = pos.caller(move)
    facts = [("hand", f"hand {n}: {pos.seat} deals; the calls go clockwise from {pos.seat}'s left "
                      f"({', '.join(pos.bidders)})")]
    before = len(pos.calls) - _CALLS_SHOWN
    made = ", ".join(f"{q} {'pass' if a is None else a}" for q, a in pos.calls[max(before, 0):])
    if before > 0:
        made = f"… {plural(before, 'earlier call')}, then {made}"
    facts.append(("calls so far", made or "none yet"))
    high = pos.legal_high or pos.high
    facts.append(("the bid to beat", f"{high[1]} by {high[0]}" if high else "none yet (the opening bid)"))
    facts.append(("passed", ", ".join(q for q in pos.bidders if q in pos.passed) or "nobody"))
    facts.append(("to call", pos.to_act or "nobody: the auction is over"))
    # The legal moves are those of the player to call: none of them is a choice of another's.
    choices = tuple(str(m) for m in pos.legal_moves()) if pos.to_act == p else ()
    return Snap(p, str(move), f"{p} {'passed' if move.amount is None else f'bid {move.amount}'}", line,
                tuple(facts), pos.ruling(move), choices,
                "" if choices else no_choice(p, pos.to_act, "the auction was over"))


def _card(pos: Any, move: Any, trick: int, n: int) -> Snap:
    """A card of a trick, with the trick so far, the led color and what the player held."""
    p = move.player
    cm = CardMove(p, move.card)
    facts = [("hand", f"hand {n}: {pos.seat} deals; {pos.bidder} won the bid at {pos.amount}"),
             ("trump", COLOR_NAME.get(pos.trump or "", "not named") + " (the Bird is the highest trump)")]
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
    choices, why_none = card_choices(pos, p, held, None)
    return Snap(p, str(cm), f"{p} played {move.card}", move.line or None, tuple(facts), ruling,
                ruling.allowed if ruling.allowed is not None else choices, why_none)
