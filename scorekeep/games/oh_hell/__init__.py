"""Oh Hell (Trickster Cards settings): record reader, rules, scoring and replay.

  record.py    YAML → frozen Record (input errors only)
  model.py     the moves (Bid, CardPlay, Took) and the replay's results
  engine.py    a hand as a position: who acts, the legal moves from named filters, rulings
  rules.py     `check`: the driver that replays a record over the engine (rule ids `oh-hell.*`)
  score.py     points per hand and the score sheet
  options.py   the house-rule options
  rulebook.py  the rules in words
  explain.py   `why`: a move explained from the engine's position
  stats.py     `stats`: each player's line over a season
  sheet.py     the compact score sheet, as data the CLI draws
  entry.py     live entry: `play`'s questions, `add`, `new`
  demo.py      `demo`: a random legal match over the engine
"""

from __future__ import annotations

from ...cards import SUIT_SYMBOL, show
from ...game import Audit, Game, Section, Selection, made_when_asked
from . import engine, record
from .model import Bid, CardPlay, Result
from .options import OPTIONS


def _legal_text(pos: engine.HandPosition, move: object) -> str:
    """What was legal for the player at this turn, in a card player's words."""
    if isinstance(move, Bid):
        hooked = " (the hook)" if pos.hooked(move.player) else ""
        return f"{move.player} {engine.ranges(pos.bid_values(move.player))}{hooked}"
    assert isinstance(move, CardPlay)
    p = move.player
    held = pos.holding(p)
    if held is None:  # known only by its count
        led = pos.led
        return f"{p}: " + (f"{SUIT_SYMBOL[led]} if held" if led else "any")
    legal = [m.card for m in pos.legal_set(move)]  # type: ignore[union-attr]
    return f"{p}: " + ("any" if len(legal) == len(held) and len(held) > 1 else show(legal))


def replay(audit: Audit, selection: Selection) -> list[Section]:
    """Each hand trick by trick from the engine's positions; with `selection.legal`, what each
    player could legally bid and play at their turn."""
    legal: dict[tuple[int, int], list[str]] = {}   # (hand, trick) → per play; trick 0: the bids
    result: Result = audit.result
    if selection.legal:
        from . import rules

        def observe(pos: engine.HandPosition, move: object) -> None:
            n = pos.t.number
            if selection.hand is None or n == selection.hand:
                key = (n, 0 if isinstance(move, Bid) else pos.trick_no)
                legal.setdefault(key, []).append(_legal_text(pos, move))
        result = rules.audit(audit.record, observe).result
    out = []
    for h in result.hands:
        if selection.hand is not None and h.number != selection.hand:
            continue
        trump = ("trump not recorded" if not h.trump_known else "no trump" if h.trump is None
                 else f"trump {SUIT_SYMBOL[h.trump]}")
        turned = f" (turned {h.turn_up.symbol})" if h.turn_up else ""
        title = f"Hand {h.number}: {h.size} card{'s' if h.size != 1 else ''}, {h.dealer} deals, {trump}{turned}"
        order = engine.bidding_order(audit.header.players, h.dealer)
        bids = ", ".join(f"{p} {h.bids[p]}" for p in order if p in h.bids)
        headers: tuple[str, ...] = ("trick", "order of play", "winner", "why")
        rows = tuple(
            (str(t.number), "  ".join(f"{p.player} {p.card.symbol}" for p in t.plays), t.winner or "–", t.why)
            for t in h.tricks)
        if selection.legal:
            headers += ("legal at each turn",)
            rows = tuple((*r, "; ".join(legal.get((h.number, t.number), ()))) for r, t in zip(rows, h.tricks))
        made = "in order" if engine.bids_in_turn(audit.header.options) else "made at once"
        notes = [f"bids {made}: {bids or 'none yet'} (total {sum(h.bids.values())} "
                 f"for {h.size} trick{'s' if h.size != 1 else ''})"]
        if selection.legal and (h.number, 0) in legal:
            notes.append("legal bids: " + ", ".join(legal[(h.number, 0)]))
        if selection.legal and h.tricks and not audit.record.hands[h.number - 1].deal:
            notes.append("no deal recorded: each holding is known only by its count, so the legal plays "
                         "are what the rules ask")
        if h.took is not None:
            notes.append("bid/took: " + ", ".join(  # the score table's way round
                f"{p} {h.bids.get(p, '?')}/{h.took[p]}"
                + (f" → {h.points[p]:+d}" if h.points is not None else "")
                for p in audit.header.players))
        if not h.tricks:
            notes.append("no trick-by-trick play recorded for this hand")
        out.append(Section(title, headers, rows, tuple(notes)))
    return out


def _game() -> Game:
    from . import rules, score

    return Game("oh-hell", "Oh Hell", OPTIONS, record.read, rules.audit, score.sheet, replay)


__getattr__ = made_when_asked(__name__, _game)
