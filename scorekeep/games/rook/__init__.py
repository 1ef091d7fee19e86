"""Rook (1988 tournament rules, Kentucky Discard with the Bird): record reader, rules, scoring, replay.

  cards.py     the Rook card value and its cached parser
  record.py    YAML → frozen Record (input errors only)
  model.py     the frozen values: moves, replayed hands and tricks, the match result
  engine.py    positions: who acts, the legal moves (named filters with rule ids), rulings;
               the legal-set rules are judged here
  rules.py     `check`: drives the engine over a record (every rule is an engine check) and
               reads what the record leaves unsaid
  score.py     hand scores, game end and the score sheet
  options.py   the house-rule options
  rulebook.py  the rules in words
  explain.py   `why`: a move explained from the engine's position
  stats.py     `stats`: each player's line over a season
  sheet.py     the compact score sheet and the page's chart, as data the CLI draws
  entry.py     live entry: `play`'s questions, `add`, `new`
  demo.py      `demo`: a random legal match over the engine
"""

from __future__ import annotations

from ...game import Audit, Game, Section, Selection, made_when_asked
from . import model, record
from .engine import TRICKS
from .score import signed
from .cards import COLOR_NAME, show
from .options import OPTIONS


def _calls(calls: list[str]) -> str:
    """`pass, 75–120` for the legal calls (the bids run in steps)."""
    bids = [c for c in calls if c != "pass"]
    head = ["pass"] if "pass" in calls else []
    if len(bids) > 2:
        return ", ".join(head + [f"{bids[0]}–{bids[-1]}"])
    return ", ".join(head + bids) or "none (the auction is over)"


def replay(audit: Audit, selection: Selection) -> list[Section]:
    """Each hand trick by trick as the source article tabulates it, then the nest and the total check."""
    from . import rules

    result: model.Result = audit.result
    rec: record.Record = audit.record
    out = []
    for h, hand in zip(result.hands, rec.hands):
        if selection.hand is not None and h.number != selection.hand:
            continue
        legal_calls: list[tuple[str, list[str]]] = []
        legal_cards: list[list[tuple[str, list[str]]]] = []
        if selection.legal:
            legal_calls, legal_cards = rules.legal_turns(rec, h, hand)
        rows = _trick_rows(h)
        headers: tuple[str, ...] = ("trick", "order of play", "winner", "counters")
        if selection.legal:
            headers += ("legal at each turn",)
            rows = tuple((*row, "; ".join(f"{p}: {' '.join(cs) or 'nothing'}" for p, cs in turns))
                         for row, turns in zip(rows, legal_cards))
        out.append(Section(_title(h), headers, rows, _notes(h, hand, result.teams, legal_calls)))
    return out


def _title(h: model.HandResult) -> str:
    if h.thrown_in:
        what = "all four passed: thrown in"
    elif h.bidder is not None:
        what = (f"{h.bidder} ({h.bid_team}) wins the bid at {h.bid}" + (" (dealer forced)" if h.forced else "")
                + (f"; trump {COLOR_NAME[h.trump]}" if h.trump else ""))
    else:
        what = "auction not finished"
    return f"Hand {h.number}: {h.dealer} deals; {what}"


def _trick_rows(h: model.HandResult) -> tuple[tuple[str, ...], ...]:
    """Per trick: its number, the order of play (a card read as another noted), the winner, the counters."""
    return tuple(
        (str(t.number),
         ", ".join(f"{p.player} {p.card}" + (f" (read as {j.card})" if j.card != p.card else "")
                   for p, j in zip(t.plays, t.judged or t.plays)),
         t.winner or "–",
         str(t.points) + (f" ({' '.join(str(p.card) for p in t.judged or t.plays if p.card.points)})"
                          if t.points else ""))
        for t in h.tricks)


def _notes(h: model.HandResult, hand: record.Hand, teams: model.Teams,
           legal_calls: list[tuple[str, list[str]]]) -> tuple[str, ...]:
    """Under a hand's tricks: the bidding (and the legal calls), the nest, the total check, the result."""
    notes: list[str] = []
    if h.calls:
        calls = ", ".join(f"{p} {'pass' if a is None else a}" for p, a in h.calls)
        notes.append(f"bidding from {h.seat or h.dealer}'s left: {calls}")  # whose left check bid it from
    if legal_calls:
        notes.append("legal calls: " + "; ".join(f"{p} {_calls(cs)}" for p, cs in legal_calls))
    if hand.nest is not None or hand.discard is not None:
        notes.append(_nest_note(h, hand))
    if h.last_winner is not None and h.nest_points is not None:
        trick_total = sum(t.points for t in h.tricks[:TRICKS])
        notes.append(f"the nest ({h.nest_points} points) goes to {h.last_winner}, who won trick "
                     f"{TRICKS} → {teams.of[h.last_winner]}")
        notes.append(f"total check: {trick_total} + {h.nest_points} = {trick_total + h.nest_points}")
    if h.points is not None:
        captured = ", ".join(f"{t} {h.points[t]}" for t in teams.labels)
        line = f"captured: {captured}"
        if h.scores is not None and h.bid_team is not None:
            verdict = "made it" if h.made else "was set"
            line += (f"; {h.bid_team} bid {h.bid} and {verdict}: "
                     + ", ".join(f"{t} {signed(h.scores[t])}" for t in teams.labels))
            if not h.counted:
                line += " (not counted)"
        notes.append(line)
    if not h.tricks and not h.thrown_in:
        notes.append("no trick-by-trick play recorded for this hand")
    return tuple(notes)


def _nest_note(h: model.HandResult, hand: record.Hand) -> str:
    parts = []
    if hand.nest is not None:
        parts.append(f"nest dealt {' '.join(map(str, hand.nest))}")
    if hand.discard is not None:
        parts.append(f"{h.bidder or 'the bid winner'} put back {' '.join(map(str, hand.discard))} "
                     f"({sum(c.points for c in hand.discard)} points)")
    if h.nest is not None and hand.discard is not None and set(h.nest) != set(hand.discard):
        parts.append(f"the cards played leave {show(h.nest)} as the nest")
    return "; ".join(parts)


def _game() -> Game:
    from . import rules, score

    return Game("rook", "Rook", OPTIONS, record.read, rules.audit, score.sheet, replay)


__getattr__ = made_when_asked(__name__, _game)
