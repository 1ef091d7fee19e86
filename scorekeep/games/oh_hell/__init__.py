"""Oh Hell (Trickster Cards settings): record reader, rules, scoring and replay.

  record.py    YAML → frozen Record (input errors only)
  rules.py     legal bids and cards, the replay that finds violations (rule ids `oh-hell.*`)
  score.py     points per hand and the score sheet
  options.py   the house-rule options
  rulebook.py  the rules in words
"""

from __future__ import annotations

from ...cards import SUIT_SYMBOL
from ...game import Audit, Game, Section, Selection
from . import record, rules, score
from .options import OPTIONS
from .rulebook import RULES


def replay(audit: Audit, selection: Selection) -> list[Section]:
    result: rules.Result = audit.result
    out = []
    for h in result.hands:
        if selection.hand is not None and h.number != selection.hand:
            continue
        trump = "no trump" if h.trump is None else f"trump {SUIT_SYMBOL[h.trump]}"
        turned = f" (turned {h.turn_up.symbol})" if h.turn_up else ""
        title = f"Hand {h.number}: {h.size} cards, {h.dealer} deals, {trump}{turned}"
        order = rules.bidding_order(audit.header.players, h.dealer)
        bids = ", ".join(f"{p} {h.bids[p]}" for p in order if p in h.bids)
        rows = tuple(
            (str(t.number), "  ".join(f"{p.player} {p.card.symbol}" for p in t.plays),
             t.winner or "–", t.why)
            for t in h.tricks)
        notes = [f"bids in order: {bids or 'none yet'} (total {sum(h.bids.values())} "
                 f"for {h.size} tricks)"]
        if h.took is not None:
            notes.append("bid/took: " + ", ".join(  # the score table's way round
                f"{p} {h.bids.get(p, '?')}/{h.took[p]}"
                + (f" → {h.points[p]:+d}" if h.points is not None else "")
                for p in audit.header.players))
        if not h.tricks:
            notes.append("no trick-by-trick play recorded for this hand")
        out.append(Section(title, ("trick", "order of play", "winner", "why"), rows, tuple(notes)))
    return out


GAME = Game("oh-hell", "Oh Hell", RULES, OPTIONS, record.read, rules.audit, score.sheet, replay)
