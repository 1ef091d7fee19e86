"""Daifugō's rules, judged by replaying a record set by set, game by game, turn by turn.

The replay is a driver over the engine (`engine.py`): it applies each recorded entry (a gift, a
play, a pass, the written result) to the game's position and records what the engine finds. It
judges no rule itself: the engine's checks of the deck and of the match's order of sets and games
are asked as it reaches each set, game and deal. It chooses which reading of the record to take
where a pass is missing from it (`readings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...cards import Card
from ...errors import Findings, worded
from ...game import Audit
from .deck import DealSoFar, GameStart, SetStart, counts
from .engine import (Exchange, Outcome, Pass, Play, Position, Setup, blind_faults, deal_faults, game_leader,
                     order_faults)
from .model import GameResult, Result, SetResult, TurnView
from .record import GameRecord, Record, SetRecord
from .options import OPEN
from .score import game_points

TRIAL_BUDGET = 5_000
TRIAL_SHARE = 8
"""The trial readings of a record (`readings`) replay in all at most `TRIAL_BUDGET` turns plus one
for every `TRIAL_SHARE` turns of its games replayed so far, and those of one game at most twice as many
turns as it has (up to `LONG_GAME`); the candidates not yet read then keep the plain reading. Counted
in turns, never in time, so the reading is the same on every machine; a real record never comes near
either limit, a 4 MiB one full of candidates that all tie no longer replays three times its length."""
LONG_GAME = 5_000
HOLD_RULES = frozenset({"daifugo.card-not-held", "daifugo.deck", "daifugo.exchange-strongest"})
"""What a play breaks by the cards it holds, not by when it is made: the readings of the turns
(`readings`) do not count them."""


class _Run(NamedTuple):
    """A replay of a game's plays from a position: where it ended, what it showed, and the
    turns out of turn a missing pass would explain, with the positions just before them."""

    end: Position
    views: list[TurnView]
    candidates: list[int]
    snaps: dict[int, tuple[Position, int, int, int]]
    """Each candidate's play → (the position before it, the reading's count of violations before it,
    how many violations and events the replay had found before it)."""
    key: tuple[bool, int]
    """(a pass taken as missing was contradicted, violations of the turns): the smaller reads better."""
    complete: bool
    violations: list[Any]
    events: list[Any]


def _ends(pos: Position, n: int, i: int, first: int, last: int, trial: bool, stop: tuple[bool, int] | None,
          budget: list[int] | None) -> bool | None:
    """Whether a replay with a limit (`_Game.run_plays`) ends after play `i`: False when it gives up incomplete (its
    reading, `n` reports so far, is no better than `stop`, or the `budget` is spent: charged here), True when a
    trial's count is final (the rest is charged as if replayed), None when it goes on."""
    if stop is not None and (pos.turns.contradicted, n) >= stop:
        if budget is not None:
            budget[0] -= i - first + 1
        return False
    if trial and pos.turns.over_at is not None:
        # The ranking is settled and the turn after it reported: `_turn` ignores every later turn
        # (no report, no candidate, no contradiction), so the reading's count is final.
        return True
    if budget is not None and i - first + 1 >= budget[0] and i < last:
        # The allowance is spent before the reading is: it ends here, incomplete.
        budget[0] -= i - first + 1
        return False
    return None


# --- one game ------------------------------------------------------------------------------

class _Game:
    """Replays one game over the engine. Carries on from what the record says happened after each finding."""

    def __init__(self, m: "_Match", s: SetRecord, g: GameRecord, prev: tuple[str, ...] | None) -> None:
        self.m, self.s, self.g = m, s, g
        self.f = m.f
        self.opts = m.opts
        self.seats = s.players
        self.prev = prev
        self.leader = game_leader(s.first, g.number, prev)
        self.where: dict[str, Any] = {"set": s.number, "game": g.number}
        self.gifts: list[tuple[Position, Exchange]] = []
        """(position before, gift) for each gift, when the match keeps positions (`why`)."""
        shown = m.focus is None or (s.number == m.focus[0] and m.focus[1] in (None, g.number))
        self.positions = m.positions and shown
        """Whether the game keeps the positions before its turns (`why`, `replay --legal`)."""
        play = m.focus[2] if m.focus is not None else None
        self.keep: bool | int = self.positions and (True if play is None else play)
        """Which turns keep the position before them: all (True), none (False), or that play only."""
        self.worded = shown and (not m.cap or m.focus is not None)
        """Whether each finding is worded in full, not only the first `CAP` of a rule."""

    # -- set-up: deck, deal ----------------------------------------------------------------

    def deck(self) -> None:
        """The deal against the deck and the set's blind cards (`engine.deal_faults`)."""
        deal = self.g.deal
        if deal is None:
            return
        m = self.m
        asked = m.asked.setdefault((self.s.number, self.g.number, "deal"), []) if m.asked is not None else None
        faults, learned = deal_faults(DealSoFar(self.opts, self.seats, m.blind, m.blind_from, self.s.number),
                                      deal.cards, asked)
        for player, msg in faults:
            if player is None:
                self.f.violation("daifugo.deck", msg, line=deal.line, **self.where)
            else:
                self.f.violation("daifugo.deck", msg, line=deal.lines[player], **self.where, player=player)
        if learned is not None:
            self.m.blind, self.m.blind_from = learned, self.g.number

    # -- the exchange and the plays, over the engine -----------------------------------------

    def record_run(self, run: _Run) -> None:
        """Record the findings of a replay of the plays, in order: the collector words those it
        keeps (past the cap, none), or every one when the match words every finding."""
        if not self.worded:
            self.f.extend(run.violations)
            self.f.extend(run.events, event=True)
        else:
            self.f.violations += map(worded, run.violations)
            self.f.events += map(worded, run.events)

    def record(self, new: Position) -> Position:
        self.f.violations += new.f.violations
        self.f.events += new.f.events
        return new

    def start(self) -> Position:
        """The position after the deal and the exchange, with their findings recorded."""
        g = self.g
        setup = Setup(self.seats, self.opts, self.s.number, g.number, self.leader,
                      self.prev if g.number > 1 else None, self.m.blind, self.m.blind_from)
        ex = g.exchange
        pos = Position(setup, g.deal.cards if g.deal else None, ex is not None)
        if ex is None:
            return pos
        if g.number == 1:
            for p, cards in ex.cards.items():
                pos = self.give(pos, Exchange(p, cards, ex.lines[p]))
        while pos.phase == "exchange":
            giver = pos.to_act
            assert giver is not None
            pos = self.give(pos, Exchange(giver, ex.cards.get(giver), ex.lines.get(giver, ex.line)))
        return pos

    def give(self, pos: Position, gift: Exchange) -> Position:
        if self.positions:
            self.gifts.append((pos, gift))
        return self.record(pos.apply(gift)[0])

    @staticmethod
    def run_plays(pos: Position, moves: list[Play | Pass], take: frozenset[int], first: int = 1,
                  violations: int = 0, trial: bool = False, stop: tuple[bool, int] | None = None,
                  budget: list[int] | None = None, keep: bool | int = False, snapped: int | None = None) -> _Run:
        """Apply `moves[first - 1:]` from `pos` (the position before play `first`); `take`: the
        plays out of turn after which the skipped players' passes are read as missing; `trial`:
        turns only; `stop`: give up once the reading is no better than this; `budget`: turns left;
        `keep`: each view keeps the position before it (for what was legal there), or only the view of
        that play; `snapped`: how many candidates keep the position before them (None: all) —
        `readings` tries no more, since each trial replays at least one turn of its allowance — and
        past them the replay advances in place."""
        # Set on the position it starts from, and so on every copy made from it.
        pos.viewing = views = not trial  # (the turns as the replay shows them: a trial shows none)
        shown: list[TurnView] = []
        found: tuple[list[Any], list[Any]] = ([], [])
        candidates: list[int] = []
        snaps: dict[int, tuple[Position, int, int, int]] = {}
        n = violations
        owned = False  # whether `pos` is this replay's own (made by its `step`), so it may advance in place
        full = snapped is not None and snapped <= 0  # whether no more candidates are kept
        limited = stop is not None or trial or budget is not None  # whether a turn may end the replay
        for i in range(first, len(moves) + 1):
            move = moves[i - 1]
            keeping = keep is not False and (keep is True or keep == i)
            if owned and not keeping and (full or not pos.may_branch(move)):
                # Not a candidate missing pass, so nothing keeps the position before it (`snaps`):
                # advance it instead of copying it.
                pos.advance(move, i in take, trial)
                new = pos
            else:
                new = pos.step(move, missing=i in take, trial=trial)
                owned = True
                if new.turns.candidate and not full:
                    candidates.append(i)
                    snaps[i] = (pos, n, len(found[0]), len(found[1]))
                    full = snapped is not None and len(candidates) >= snapped
            f = new.f
            if f.violations:
                for v in f.violations:
                    if v.rule not in HOLD_RULES:
                        n += 1
                if not trial:
                    found[0].extend(f.violations)
            if views:
                shown.append(new.view._replace(before=pos) if keeping else new.view)  # type: ignore[union-attr]
            if not trial and f.events:
                found[1].extend(f.events)
            pos = new
            if limited and (end := _ends(pos, n, i, first, len(moves), trial, stop, budget)) is not None:
                if not end:
                    return _Run(pos, shown, candidates, snaps, (pos.turns.contradicted, n), False, *found)
                break
        if budget is not None:
            budget[0] -= len(moves) + 1 - first
        return _Run(pos, shown, candidates, snaps, (pos.turns.contradicted, n), True, *found)

    def readings(self, plain: _Run, moves: list[Play | Pass]) -> frozenset[int]:
        """The plays out of turn after which the record reads best with the skipped players' passes
        taken as missing (daifugo.turn-order): each candidate in turn is kept when the whole game,
        replayed so, gives fewer reports than without it — and never has a player taken as passing
        act again in that round, which would prove the pass was not missing. A tie keeps the plain
        reading, which claims nothing the record does not show.

        `plain` is the replay without missing passes. A trial reading of candidate `c` starts from
        the position before play `c` in the best reading so far (the turns before it read the
        same), judges the turns alone, and stops once it can no longer read better (the reports
        only grow). All trials of a game replay at most twice as many turns as the game has (up to
        `LONG_GAME`), and no more than the record's allowance has left (`TRIAL_SHARE`); the
        candidates left then keep the plain reading."""
        take: frozenset[int] = frozenset()
        m = self.m
        budget = [self.trials_left(moves)]
        start = budget[0]
        key = plain.key
        # The best reading so far: its candidates in play order, and the position before each
        # (`snaps`, keyed by the same plays); a better reading from `c` on replaces both from `c` on.
        candidates = list(plain.candidates)
        snaps = dict(plain.snaps)
        tried: set[int] = set()
        k = 0  # candidates[:k] are tried or taken: `c` is the first one after them
        while True:
            while k < len(candidates) and (candidates[k] in tried or candidates[k] in take):
                k += 1
            if k == len(candidates) or budget[0] <= 0:
                break
            c = candidates[k]
            tried.add(c)
            pos, n, _found, _told = snaps[c]
            trial = self.run_plays(pos, moves, take | {c}, c, n, trial=True, stop=key, budget=budget,
                                   snapped=budget[0])
            if trial.complete and trial.key < key:
                take = take | {c}
                for later in candidates[k:]:
                    del snaps[later]
                snaps.update(trial.snaps)
                del candidates[k:]
                candidates += trial.candidates
                key = trial.key
        m.spent += start - budget[0]
        return take

    def trials_left(self, moves: list[Play | Pass]) -> int:
        """The turns the trial readings of this game may replay (`readings`)."""
        m = self.m
        return min(2 * min(len(moves), LONG_GAME), TRIAL_BUDGET + m.turns // TRIAL_SHARE - m.spent)

    def run(self) -> GameResult:
        g = self.g
        self.deck()
        start = self.start()
        turns: list[TurnView] = []
        if g.plays is not None:
            if g.plays:
                moves = list(g.plays)
                self.m.turns += len(moves)
                take: frozenset[int] = frozenset()
                run = self.run_plays(start, moves, take, keep=self.keep, snapped=self.trials_left(moves))
                if run.candidates:
                    take = self.readings(run, moves)
                if take:  # replay for real with the missing passes taken, from the first of them
                    c = min(take)
                    # What the plain reading found before play c stands (past the cap, as the rules'
                    # stand-ins, which say no play: where play c began is kept with its position).
                    before, _n, vi, ei = run.snaps[c]
                    # (snapped=0: no trial follows it)
                    rest = self.run_plays(before, moves, take, c, keep=self.keep, snapped=0)
                    run = rest._replace(views=run.views[:c - 1] + rest.views,
                                        violations=run.violations[:vi] + rest.violations,
                                        events=run.events[:ei] + rest.events)
                self.record_run(run)
                turns = run.views
        outcome = (start if g.plays is None or not g.plays else run.end).step(
            Outcome(g.out, g.fouls, g.ranks, g.plays is not None))
        self.record(outcome)
        if self.m.asked is not None:
            self.m.asked.setdefault((self.s.number, g.number, "finish"), []).extend(outcome.memo.get("asked", ()))
        ranking, source, st = outcome.ranking, outcome.source, outcome.decided
        points = None
        if ranking is not None:
            scored = game_points(ranking, self.opts["rank_points"])
            points = {p: scored[p] for p in self.seats}
        # The fouls and the fall the finishes fix stand also where the written ranks settle the rest.
        fouls = tuple(st.fouls) if st is not None else ()
        fallen = st.fallen if st is not None else None
        return GameResult(self.s.number, g.number, g.line, self.seats, self.leader, ranking, ranking is not None,
                          points, fouls, fallen, start.st.prev_daifugo, source, tuple(turns),
                          dict(g.exchange.cards) if g.exchange else None,
                          tuple(st.exits) if st is not None else (), tuple(self.gifts),
                          st.first_out if fallen is not None else "")

# --- the match -----------------------------------------------------------------------------

def game_counts_in(options: Mapping[str, Any], set_no: int, game_no: int) -> bool:
    """Whether game `game_no` of set `set_no` counts, finished or not (daifugo.game-over): its set is
    one of the match's `sets` and it one of the set's `games_per_set` (`counts`)."""
    limit = options["sets"] if options["sets"] != OPEN else None
    return counts(set_no, limit) and counts(game_no, options["games_per_set"])


def _set_faults(m: "_Match", s: SetRecord, limit: int | None, previous: tuple[int, int] | None, gps: int,
                last_game: GameResult | None) -> None:
    """daifugo.game-over: set `s` starting after `previous` (its number, games) and `last_game`
    (`engine.order_faults`)."""
    start = SetStart(s.number, limit, previous, gps, last_game is None or last_game.complete)
    asked = m.asked.setdefault((s.number, None, "finish"), []) if m.asked is not None else None
    first = m.asked.setdefault((s.number, 1, "finish"), []) if m.asked is not None and s.games else None
    mine: list[Any] | None = [] if asked is not None else None
    for c, why in order_faults("set", start, mine):
        if c.stage == "set" or not s.games:  # one set too many: at the set
            m.f.violation(c.rule, why, line=s.line, set=s.number)
        else:  # started too early: at its first game
            m.f.violation(c.rule, why, line=s.games[0].line, set=s.number, game=1)
    for c, why in mine or ():
        (asked if c.stage == "set" or first is None else first).append((c, why))  # type: ignore[union-attr]


def _game_faults(m: "_Match", s: SetRecord, g: GameRecord, gps: int, last_game: GameResult | None) -> None:
    """daifugo.game-over: game `g` of set `s` starting after `last_game` (`engine.order_faults`)."""
    last = (last_game.number, last_game.set, last_game.complete) if last_game is not None else None
    asked = m.asked.setdefault((s.number, g.number, "finish"), []) if m.asked is not None else None
    for c, why in order_faults("game", GameStart(g.number, s.number, gps, last), asked):
        m.f.violation(c.rule, why, line=g.line, set=s.number, game=g.number)


class _Match:
    def __init__(self, record: Record, positions: bool, cap: bool,
                 focus: tuple[int, int | None, int | None] | None = None) -> None:
        """`record`: the record to judge; `focus`: (set, game or None for all of the set, play or None
        for all of the game) the only games that keep `positions` (those of the play alone, when it
        is given) and word every finding (the rest as with `cap`)."""
        self.record = record
        self.focus = focus
        self.positions = positions
        self.cap = cap
        self.opts = record.header.options
        self.f = Findings()
        self.blind: frozenset[Card] | None = None
        self.blind_from = 0
        self.turns = 0
        """Turns of the record's games replayed so far (its trials may replay a share, `TRIAL_SHARE`)."""
        self.spent = 0
        """Turns the trial readings of the record have replayed so far."""
        self.asked: dict[tuple[int, int | None, str], list[Any]] | None = None
        """When a driver asks for them (`audit_of_set`'s `asked`: `why`): each check of a fact (`deal`,
        `finish`) asked, with its answer, by (set, game or None for the set as a whole, fact), as asked."""

    def set_blind(self, s: SetRecord) -> None:
        """daifugo.deck: the set's blind cards."""
        self.blind = None
        self.blind_from = 0
        if s.blind is None:
            return
        asked = self.asked.setdefault((s.number, None, "deal"), []) if self.asked is not None else None
        problems = blind_faults(DealSoFar(self.opts, s.players, None, 0, s.number), s.blind, asked)
        if problems is not None:
            self.f.violation("daifugo.deck", problems, line=s.blind_line, set=s.number)
        self.blind = frozenset(c for c in s.blind if type(c) is Card)
        self.blind_from = 0

    def run(self) -> list[SetResult]:
        """Judge the record's sets, in order."""
        rec, opts = self.record, self.opts
        limit = opts["sets"] if opts["sets"] != OPEN else None
        gps = opts["games_per_set"]
        sets: list[SetResult] = []
        last_game: GameResult | None = None
        for s in rec.sets:
            set_counted = counts(s.number, limit)
            previous = (sets[-1].number, len(sets[-1].games)) if sets else None
            _set_faults(self, s, limit, previous, gps, last_game)
            self.set_blind(s)
            games: list[GameResult] = []
            set_totals = {p: 0 for p in rec.players}
            prev: tuple[str, ...] | None = None
            for g in s.games:
                counted = game_counts_in(opts, s.number, g.number)
                _game_faults(self, s, g, gps, last_game)
                result = _Game(self, s, g, prev if g.number > 1 else None).run()
                if not counted and result.complete:
                    result = result._replace(counted=False)
                if result.counted and result.points is not None:
                    for p, v in result.points.items():
                        set_totals[p] += v
                games.append(result)
                last_game = result
                prev = result.ranking
            complete = len(games) >= gps and all(x.complete for x in games[:gps])
            sets.append(SetResult(s.number, s.players, s.first, tuple(games), complete, set_counted, set_totals))
        return sets

    def audit(self) -> Audit:
        """The record judged: its findings past the cap as stand-ins, unless `cap` is False or a
        focus words every finding of its games."""
        sets = self.run()
        found = self.f
        if self.cap and self.focus is None:  # (the outcomes' findings were added as found: capped here)
            found = Findings()
            found.extend(self.f.violations)
            found.extend(self.f.events, event=True)
        rec, opts = self.record, self.opts
        totals = {p: sum(s.totals[p] for s in sets) for p in rec.players}
        limit = opts["sets"] if opts["sets"] != OPEN else None
        over = limit is not None and len(sets) >= limit and all(x.complete for x in sets[:limit])
        result = Result(tuple(sets), totals, over, limit, tuple(opts["rank_points"]))
        return Audit("daifugo", rec.header, rec, found.violations, found.events, result)


def audit(record: Record, positions: bool = False, cap: bool = True) -> Audit:
    """Replay a Daifugō record against the rules (see the module docstring); `positions`: each
    turn of the result keeps the engine's position before it (`TurnView.before`), and each gift of an
    exchange too (`GameResult.gifts`); `cap`: past `errors.CAP` findings of a rule, each further one
    is only counted (False: every one is worded, as `replay` shows each game's)."""
    return _Match(record, positions, cap).audit()


def audit_of_set(record: Record, number: int, game: int | None = None, positions: bool = False,
                 play: int | None = None, asked: dict[tuple[int, int | None, str], list[Any]] | None = None) -> Audit:
    """What a driver that shows one set needs (`why`, `replay --set`): `audit` of the record in which
    only set `number` (`game`: only that game of it) keeps `positions` (`play`: only the position
    before that play of the game) and words every finding; the other findings are as a check lists
    them. `asked` (if given) gets each check of a fact the replay asks (`_Match.asked`)."""
    m = _Match(record, positions, True, (number, game, play))
    m.asked = asked
    return m.audit()

