"""Daifugō (大富豪), Japan Daifugo League official 4-player rules: reader, rules, scoring, replay.

  cards.py     the joker and rank strength (standard cards come from scorekeep.cards)
  combos.py    singles, groups, stairs and what may cover what
  record.py    YAML → frozen Record (input errors only)
  model.py     frozen values: the moves (a play, a pass, a gift, the written result), the play on the
               table, the results
  engine.py    the position: whose turn, what is legal (named checks, `CHECKS`), what a move causes;
               made of table.py (the play to beat, passes, lock, order and their effects),
               holdings.py (the hands, their candidate plays, the exchange), turns.py (the turn order)
               and standing.py; causes.py says what a legal play causes, deck.py judges the deck, the
               deal and the match's order of sets and games
  rules.py     the replay that finds violations and rule events (rule ids `daifugo.*`)
  score.py     rank points per game and the score sheet
  options.py   the house-rule options
  rulebook.py  the rules in words
  explain.py   `why`: a move explained from the engine's position
  stats.py     `stats`: each player's line over a season
  sheet.py     the compact score sheet and the page's charts, as data the CLI draws
  entry.py     live entry: `play`'s questions, `add`, `new`
  demo.py      `demo`: a random legal match over the engine
"""

from __future__ import annotations

from ...errors import Finding, all_worded
from ...game import Audit, Game, Section, Selection, made_when_asked
from . import model
from .cards import show
from .combos import lock_text
from .options import OPTIONS
from .rulebook import RANK_NAMES


def _game_section(g: model.GameResult, found: list[Finding], legal: bool = False) -> Section:
    """One game, turn by turn; `found`: the violations of the game, in order."""
    lead = f"{g.leader} leads" if g.leader else "leader unknown"
    title = f"Set {g.set}, game {g.number}: {lead}; seats {' → '.join(g.seats)}"
    notes: list[str] = []
    if g.prev_daifugo:
        notes.append(f"last game's 大富豪: {g.prev_daifugo}")
    if g.exchange:
        notes.append("exchange: " + "; ".join(f"{p} gave {show(c) or 'nothing'}" for p, c in g.exchange.items()))
    rows = tuple(
        (str(t.index), t.player, "pass" if t.cards is None else show(t.cards), t.to_beat,
         "revolution (革命)" if t.revolution else "normal", lock_text(t.lock) if t.lock else "–",
         "; ".join(t.notes), *((t.before.legal_text() if t.before is not None else "—",) if legal else ()))
        for t in g.turns)
    if not g.turns:
        notes.append("no plays recorded for this game" + (f" (result from `{g.form}`)" if g.form != "none" else ""))
    if g.exits:
        notes.append("went out: " + ", ".join(p if legal else f"{p} (forbidden finish)" for p, legal in g.exits))
    if g.ranking is not None:
        notes.append("ranking: " + ", ".join(f"{RANK_NAMES[i]} {p}" for i, p in enumerate(g.ranking)))
        if g.fallen:
            notes.append(f"都落ち: {g.fallen}")
        if g.fouls:
            notes.append("forbidden finishes (反則上がり): " + ", ".join(g.fouls))
    else:
        notes.append("ranking not settled yet")
    for v in found:
        where = f"play {v.play}: " if v.play else ""
        notes.append(f"violation {where}{v.rule}: {v.message}")
    headers = ("#", "player", "play", "to beat", "order", "lock (縛り)", "what happened")
    if legal:
        headers += ("legal here (from the engine)",)
    # a revolution and a lock in force stand out
    marks = tuple(tuple("hot" if (i == 4 and c != "normal") or (i == 5 and c not in ("–", "")) else ""
                        for i, c in enumerate(r)) for r in rows)
    return Section(title, headers, rows, tuple(notes), marks, tuple(found))


def replay(audit: Audit, selection: Selection) -> list[Section]:
    """The games of the selection, turn by turn; one set is read again with every finding of it
    worded (`rules.audit_of_set`)."""
    from . import rules

    if selection.set is not None:
        # Keeping the engine's position before each turn for --legal, and wording every finding,
        # since each game's are shown (a long record's past the cap are only counted).
        audit = rules.audit_of_set(audit.record, selection.set, selection.game, selection.legal)
    elif selection.legal or not all_worded(audit.violations):
        audit = rules.audit(audit.record, positions=selection.legal, cap=False)
    result: model.Result = audit.result
    # Each game's violations, found once: a long record has hundreds of thousands.
    found: dict[tuple[int | None, int | None], list[Finding]] = {}
    for v in audit.violations:
        found.setdefault((v.set, v.game), []).append(v)
    out = []
    for s in result.sets:
        if selection.set is not None and s.number != selection.set:
            continue
        for g in s.games:
            if selection.game is not None and g.number != selection.game:
                continue
            out.append(_game_section(g, found.get((g.set, g.number), []), selection.legal))
    return out


def _game() -> Game:
    from . import record, rules, score  # (about 2 ms of demo's start-up, which needs only the engine)

    return Game("daifugo", "Daifugō (大富豪)", OPTIONS, record.read, rules.audit, score.sheet, replay)


__getattr__ = made_when_asked(__name__, _game)
