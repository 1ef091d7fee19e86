"""Daifugō's rules, judged by replaying a record set by set, game by game, turn by turn.

The replay is a driver over the engine (`engine.py`): for each recorded entry — a gift in the
exchange, a play, a pass, the written result — it applies the move to the game's position,
records what the engine finds (violations and rule events) and goes on from the next position.
It judges no rule itself: the match's order of sets and games (daifugo.game-over) and the deck
(daifugo.deck) are decided by engine functions that it asks as it reaches each set, game and
deal, recording what they find where it belongs. It chooses which reading of the record to
take where a pass is missing from it (`readings`). A long record is judged in stretches of whole
sets (`STRETCH_LINES`), which `check` reads and judges on every core (`audit_findings`,
`audit_text_findings`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple

from ... import fields
from ...cards import Card
from ...errors import CAP, Finding, Findings
from ...fields import Reading
from ...game import Audit
from ...gc_policy import settled
from ...yamlio import Items, parse_items
from .engine import (Exchange, Outcome, Pass, Play, Position, Setup, Standing, blind_faults, deal_faults,
                     forbidden_reason, game_order_fault, set_order_fault)
from .model import GameResult, Result, SetResult, TurnView, rank_name
from .record import GameRecord, Record, SetRecord, read_sets
from .rulebook import OPEN, RANK_NAMES, RULES

TRIAL_BUDGET = 5_000
TRIAL_SHARE = 8
"""The trial readings of a record (`readings`) replay in all at most `TRIAL_BUDGET` turns plus one
for every `TRIAL_SHARE` turns of its games replayed so far (counted in each stretch of a long record
on its own: `STRETCH_LINES`), and those of one game at most twice as many
turns as it has (up to `LONG_GAME`); a trial that reaches either limit stops there, and the candidates
not yet read keep the plain reading. A record with a missing pass here and there spends a few dozen
turns of trials in a game and never comes near either. Counted in turns replayed, never in time, so
the reading is the same on every machine. (Twice each game's length and 5,000 turns more for the
record let a record of short games each full of candidate missing passes replay three times its
length in trials that all tie: 25 s at 4 MiB. One turn in four still made the trials of such a record
a fifth of its check; one in eight reads every real record and the catch-rate benchmark the same.)"""
LONG_GAME = 5_000
"""A game's own trial allowance is twice its length up to this many turns (`readings`). A real game
has at most a few hundred turns (52 cards); a record of one game of 250,000 passes would otherwise
replay twice its length again in trials that all tie."""
STRETCH_LINES = 20_000
STRETCH_SETS = 200
"""A record is judged in stretches of whole sets: a stretch ends before the first set that starts at
least `STRETCH_LINES` lines after the stretch's first set, or `STRETCH_SETS` sets after it. Both are
known from the text before it is read (`audit_text_findings`), so that a long record's stretches
can be read, too, each on its own. Each stretch is judged on its own (`audit_findings` hands them
to the caller's `map`, e.g. a pool of processes): its trial allowance starts afresh
(`TRIAL_BUDGET` in the first stretch only, then one turn for every `TRIAL_SHARE` turns of its
own), and what it needs from the stretch before it (whether that one's last game is complete) is
filled in when the stretches are joined (`_join`). The result is the same whether the stretches
are judged one after the other or at once. No real match comes near one stretch: a long one is a
few thousand lines and a dozen sets."""
_RULE_INDEX = {r.id: i for i, r in enumerate(RULES)}
"""Each rule's place in the counts of what the stretches have listed (`_Listed`)."""
HOLD_RULES = frozenset({"daifugo.card-not-held", "daifugo.deck", "daifugo.exchange-strongest"})
"""What a play breaks by the cards it holds, not by when it is made: the readings of the turns
(`readings`) do not count them."""


class _Listed:
    """How many findings of each rule each stretch of the record has listed so far (`_Room`): a
    stretch lists no more of a rule once the stretches before it have listed `CAP` of it. The counts
    are in anonymous shared memory, so that stretches judged at once in forked processes see each
    other's: a count read before it is final is too low, so a stretch may list more than it needs
    (the join keeps the first `CAP`), never less."""

    def __init__(self, parts: int) -> None:
        import mmap

        self.width = 2 * len(_RULE_INDEX)
        self.counts = memoryview(mmap.mmap(-1, 4 * max(1, parts) * self.width)).cast("i")

    def before(self, part: int, rule: str, event: bool) -> int:
        """What the stretches before `part` have listed of `rule` (violations, or `event`s)."""
        i = _RULE_INDEX.get(rule)
        if i is None:
            return 0
        i = 2 * i + event
        counts, width = self.counts, self.width
        return sum(counts[j * width + i] for j in range(part))

    def publish(self, part: int, room: "_Room") -> None:
        """What stretch `part` has listed, of the rules `room` was asked about."""
        for event, asked in enumerate(room.left):
            for rule in asked:
                i = _RULE_INDEX.get(rule)
                if i is not None:
                    self.counts[part * self.width + 2 * i + event] = CAP - room.f.room(rule, bool(event))


class _Room:
    """What one replay of a game's plays may still list of each rule: the match's room
    (`Findings.room`) less what this replay has listed so far, and less what the stretches before
    this one have listed (`_Listed`). Its `listing` and `telling` are its positions'
    (`engine.Position.listing`): each is asked once for each finding a turn makes, and a yes takes
    a place."""

    __slots__ = ("f", "left", "listed", "part")

    def __init__(self, f: Findings, violations: Iterable[Finding] = (), events: Iterable[Finding] = (),
                 listed: _Listed | None = None, part: int = 0) -> None:
        """`violations`, `events`: what an earlier replay found before this one starts (they take places)."""
        self.f = f
        self.listed = listed if part else None
        self.part = part
        self.left: tuple[dict[str, int], dict[str, int]] = ({}, {})
        for x in violations:
            self.listing(x.rule)
        for x in events:
            self.telling(x.rule)

    def listing(self, rule: str) -> bool:
        left = self.left[0]
        n = left.get(rule)
        if n is None:
            n = self.f.room(rule)
            if self.listed is not None:
                n -= self.listed.before(self.part, rule, False)
        left[rule] = n - 1
        return n > 0

    def telling(self, rule: str) -> bool:
        left = self.left[1]
        n = left.get(rule)
        if n is None:
            n = self.f.room(rule, True)
            if self.listed is not None:
                n -= self.listed.before(self.part, rule, True)
        left[rule] = n - 1
        return n > 0


class _Run(NamedTuple):
    """A replay of a game's plays from a position: where it ended, what it showed, and the
    turns out of turn a missing pass would explain, with the positions just before them."""

    end: Position
    views: list[TurnView]
    candidates: list[int]
    snaps: dict[int, tuple[Position, int, int, int]]
    """Play number → (the position before it, the violations of the turns before it that the reading
    counts, and how many violations and events the replay had found before it), for each candidate."""
    key: tuple[bool, int]
    """(a pass taken as missing was contradicted, violations of the turns): the smaller reads better."""
    complete: bool
    violations: list[Any]
    events: list[Any]


# --- one game ------------------------------------------------------------------------------

class _Game:
    """Replays one game over the engine. Carries on from what the record says happened after each finding."""

    def __init__(self, m: "_Match", s: SetRecord, g: GameRecord, prev: tuple[str, ...] | None) -> None:
        self.m, self.s, self.g = m, s, g
        self.f = m.f
        self.opts = m.opts
        self.seats = s.players
        self.prev = prev
        first_game = g.number == 1
        self.leader: str | None = s.first if first_game else (prev[-1] if prev else None)
        self.prev_daifugo = None if first_game or not prev else prev[0]
        self.where: dict[str, Any] = {"set": s.number, "game": g.number}
        self.notes: list[str] = []
        self.gifts: list[tuple[Position, Exchange]] = []
        """(position before, gift) for each gift, when the match keeps positions (`why`)."""
        shown = m.focus is None or (s.number == m.focus[0] and m.focus[1] in (None, g.number))
        self.positions = m.positions and shown
        """Whether the game keeps the positions before its turns (`why`, `replay --legal`)."""
        play = m.focus[2] if m.focus is not None else None
        self.keep: bool | int = self.positions and (True if play is None else play)
        """Which turns keep the position before them: all (True), none (False), or that play only."""
        self.worded = shown and (not m.cap or m.focus is not None)
        """Whether each finding is worded in full (`_Room`), not only the first `CAP` of a rule."""

    # -- set-up: deck, deal ----------------------------------------------------------------

    def deck(self) -> None:
        """The deal against the deck and the set's blind cards (`engine.deal_faults`)."""
        deal = self.g.deal
        if deal is None:
            return
        faults, learned = deal_faults(deal.cards, self.opts, self.seats, self.m.blind, self.m.blind_from,
                                      self.s.number)
        for player, msg in faults:
            if player is None:
                self.f.violation("daifugo.deck", msg, line=deal.line, **self.where)
            else:
                self.f.violation("daifugo.deck", msg, line=deal.lines[player], **self.where, player=player)
        if learned is not None:
            self.m.blind, self.m.blind_from = learned, self.g.number

    # -- the exchange and the plays, over the engine -----------------------------------------

    def record_run(self, run: _Run) -> None:
        """Record the findings of a replay of the plays, in order (past the cap, as stand-ins, unless
        the match words every finding)."""
        if not self.worded:
            self.f.extend(run.violations)
            self.f.extend(run.events, event=True)
        else:
            self.f.violations += run.violations
            self.f.events += run.events

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

    def moves(self) -> list[Play | Pass]:
        # A record's turn (player, cards, line) has the fields of a Play in the same order.
        new = tuple.__new__
        return [new(Pass, (t.player, t.line)) if t.cards is None else new(Play, t)  # type: ignore[misc]
                for t in self.g.plays or ()]

    @staticmethod
    def run_plays(pos: Position, moves: list[Play | Pass], take: frozenset[int], first: int = 1,
                  violations: int = 0, trial: bool = False, stop: tuple[bool, int] | None = None,
                  budget: list[int] | None = None, keep: bool | int = False, room: _Room | None = None,
                  views: bool = True, snapped: int | None = None) -> _Run:
        """Apply `moves[first - 1:]` from `pos` (the position before play `first`); `take`: the
        plays out of turn after which the skipped players' passes are read as missing; `trial`:
        turns only; `stop`: give up once the reading is no better than this; `budget`: turns left;
        `keep`: each view keeps the position before it (for what was legal there), or only the view of
        that play; `room`: what the replay may still list (None: everything is worded); `views`: the
        turns as the replay shows them (a trial shows none); `snapped`: how many candidates keep the
        position before them (None: all) — `readings` tries no more, since each trial replays at
        least one turn of its allowance — and past them the replay advances in place."""
        # Set on the position it starts from, and so on every copy made from it (as `listing` below).
        pos.viewing = views = views and not trial
        if not trial:  # (a trial words nothing in any case)
            # What the replay may list: set on the position it starts from (a snapshot of an earlier
            # replay, which is done with it), and shared by every copy made from there.
            pos.listing, pos.telling = ((room.listing, room.telling) if room is not None
                                        else (Position.listing, Position.telling))
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
                if new.candidate and not full:
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
            if not limited:
                continue
            if stop is not None and (pos.contradicted, n) >= stop:
                if budget is not None:
                    budget[0] -= i - first + 1
                return _Run(pos, shown, candidates, snaps, (pos.contradicted, n), False, *found)
            if trial and pos.over_at is not None:
                # The ranking is settled and the turn after it reported: `_turn` ignores every later
                # turn (no report, no candidate, no contradiction), so the reading's count is final.
                # The budget is charged as if they were replayed.
                break
            if budget is not None and i - first + 1 >= budget[0] and i < len(moves):
                # The allowance is spent before the reading is: it ends here, incomplete.
                budget[0] -= i - first + 1
                return _Run(pos, shown, candidates, snaps, (pos.contradicted, n), False, *found)
        if budget is not None:
            budget[0] -= len(moves) + 1 - first
        return _Run(pos, shown, candidates, snaps, (pos.contradicted, n), True, *found)

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
        return min(2 * min(len(moves), LONG_GAME), m.allowance + m.turns // TRIAL_SHARE - m.spent)

    def run(self) -> GameResult:
        g = self.g
        self.deck()
        start = self.start()
        turns: list[TurnView] = []
        if g.plays is not None:
            if g.plays:
                moves = self.moves()
                self.m.turns += len(moves)
                take: frozenset[int] = frozenset()
                # Kept positions (`why`, `replay --legal`) explain moves: theirs word everything.
                m = self.m
                room = None if self.positions or self.worded else _Room(self.f, listed=m.listed, part=m.number)
                run = self.run_plays(start, moves, take, keep=self.keep, room=room, views=m.views,
                                     snapped=self.trials_left(moves))
                if run.candidates:
                    take = self.readings(run, moves)
                if take:  # replay for real with the missing passes taken, from the first of them
                    c = min(take)
                    # What the plain reading found before play c stands (past the cap, as the rules'
                    # stand-ins, which say no play: where play c began is kept with its position).
                    before, _n, vi, ei = run.snaps[c]
                    if room is not None:
                        room = _Room(self.f, run.violations[:vi], run.events[:ei], m.listed, m.number)
                    rest = self.run_plays(before, moves, take, c, keep=self.keep, room=room, views=m.views,
                                          snapped=0)  # (no trial follows it)
                    run = rest._replace(views=run.views[:c - 1] + rest.views,
                                        violations=run.violations[:vi] + rest.violations,
                                        events=run.events[:ei] + rest.events)
                self.record_run(run)
                if room is not None and m.listed is not None:
                    m.listed.publish(m.number, room)
                if self.m.views:
                    turns = run.views
        outcome = (start if g.plays is None or not g.plays else run.end).step(
            Outcome(g.out, g.fouls, g.ranks, g.plays is not None))
        self.record(outcome)
        ranking, source, st = outcome.ranking, outcome.source, outcome.decided
        points = None
        if ranking is not None:
            rp = self.opts["rank_points"]
            points = {p: rp[ranking.index(p)] for p in self.seats}
        fouls = tuple(st.fouls) if st is not None and source != "ranks" else ()
        fallen = st.fallen if st is not None and source != "ranks" else None
        return GameResult(self.s.number, g.number, g.line, self.seats, self.leader, ranking, ranking is not None,
                          points, fouls, fallen, self.prev_daifugo, source, tuple(turns),
                          dict(g.exchange.cards) if g.exchange else None, tuple(self.notes),
                          tuple(st.exits) if st is not None else (), tuple(self.gifts))

# --- the match -----------------------------------------------------------------------------

class _Hole(NamedTuple):
    """Order faults (daifugo.game-over) that a stretch after the first cannot judge alone: they
    depend on whether the last game before the stretch is complete. `_join` fills them in, in their
    place among the stretch's violations."""

    judge: Callable[..., None]
    args: tuple[Any, ...]


class _Part(NamedTuple):
    """One stretch of sets, judged (`_Match.run`)."""

    violations: list[Any]
    """In order, with a `_Hole` where an order fault waits for the stretch before."""
    events: list[Finding]
    sets: list[SetResult]


def _set_faults(f: Findings, s: SetRecord, limit: int | None, previous: tuple[int, int] | None, gps: int,
                last_game: GameResult | None) -> None:
    """daifugo.game-over: set `s` starting after `previous` (its number, games) and `last_game`."""
    for i, why in enumerate(set_order_fault(s.number, limit, previous, gps,
                                            last_game is None or last_game.complete)):
        if i == 0 and limit is not None and s.number == limit + 1:  # one set too many: at the set
            f.violation("daifugo.game-over", why, line=s.line, set=s.number)
        else:  # started too early: at its first game
            where: dict[str, Any] = {"set": s.number}
            if s.games:
                where["game"] = 1
            f.violation("daifugo.game-over", why, line=s.games[0].line if s.games else s.line, **where)


def _game_faults(f: Findings, s: SetRecord, g: GameRecord, gps: int, last_game: GameResult | None) -> None:
    """daifugo.game-over: game `g` of set `s` starting after `last_game`."""
    last = (last_game.number, last_game.set, last_game.complete) if last_game is not None else None
    for why in game_order_fault(g.number, s.number, gps, last):
        f.violation("daifugo.game-over", why, line=g.line, set=s.number, game=g.number)


_BEFORE = object()
"""The last game before a stretch after the first: known only when the stretches are joined."""


class _Stretch(NamedTuple):
    """The sets of one stretch of a record (`stretches`)."""

    start: int
    """The index of its first set among the record's sets."""
    sets: Sequence[SetRecord]
    before: SetRecord | None
    """The set before it, if any."""

    @classmethod
    def of(cls, record: Record, r: range) -> "_Stretch":
        return cls(r.start, record.sets[r.start:r.stop], record.sets[r.start - 1] if r.start else None)


class _Match:
    def __init__(self, record: Record, positions: bool, cap: bool, sets: _Stretch, views: bool, number: int,
                 listed: _Listed | None, focus: tuple[int, int | None, int | None] | None = None) -> None:
        """`record`: its header and options; `sets`: the stretch of its sets to judge, `number` its place among the stretches,
        `listed` what each stretch has listed so far (`_Listed`); `views`: keep each game's turns;
        `focus`: (set, game or None for all of the set, play or None for all of the game) the only
        games that keep `positions` (those of the play alone, when it is given) and
        word every finding (the rest as with `cap`)."""
        self.record = record
        self.focus = focus
        self.number = number
        self.listed = listed
        self.positions = positions
        self.cap = cap
        self.views = views
        self.part = sets
        self.opts = record.header.options
        self.f = Findings()
        self.blind: frozenset[Card] | None = None
        self.blind_from = 0
        self.turns = 0
        """Turns of the stretch's games replayed so far (its trials may replay a share, `TRIAL_SHARE`)."""
        self.spent = 0
        """Turns the trial readings of the stretch have replayed so far."""
        self.allowance = TRIAL_BUDGET if self.part.start == 0 else 0
        """The trial turns the stretch may replay before any share of its own (`TRIAL_BUDGET`)."""

    def set_blind(self, s: SetRecord) -> None:
        """daifugo.deck: the set's blind cards."""
        self.blind = None
        self.blind_from = 0
        if s.blind is None:
            return
        problems, naturals = blind_faults(s.blind, self.opts["blind_cards"], s.number)
        if problems:
            self.f.violation("daifugo.deck", "; ".join(problems), line=s.blind_line, set=s.number)
        self.blind = frozenset(naturals)  # type: ignore[arg-type]
        self.blind_from = 0

    def run(self) -> _Part:
        """Judge the stretch's sets, in order."""
        rec, opts = self.record, self.opts
        limit = opts["sets"] if opts["sets"] != OPEN else None
        gps = opts["games_per_set"]
        sets: list[SetResult] = []
        last_game: Any = _BEFORE if self.part.start > 0 else None
        for s in self.part.sets:
            set_counted = limit is None or s.number <= limit
            before = sets[-1] if sets else self.part.before
            previous = (before.number, len(before.games)) if before is not None else None
            if last_game is _BEFORE:
                self.f.violations.append(_Hole(_set_faults, (s, limit, previous, gps)))
            else:
                _set_faults(self.f, s, limit, previous, gps, last_game)
            self.set_blind(s)
            games: list[GameResult] = []
            set_totals = {p: 0 for p in rec.players}
            prev: tuple[str, ...] | None = None
            for g in s.games:
                counted = set_counted
                if g.number > gps:
                    counted = False
                if last_game is _BEFORE:
                    self.f.violations.append(_Hole(_game_faults, (s, g, gps)))
                else:
                    _game_faults(self.f, s, g, gps, last_game)
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
        return _Part(self.f.violations, self.f.events, sets)


def stretches(record: Record) -> list[range]:
    """The record's sets in stretches (`STRETCH_LINES`; one, for any real match)."""
    return _stretches([s.line for s in record.sets])


def _stretches(lines: Sequence[int]) -> list[range]:
    """The stretches of sets that start at `lines`, in order (`STRETCH_LINES`)."""
    out: list[range] = []
    lo = 0
    for k, line in enumerate(lines):
        if k > lo and (line - lines[lo] >= STRETCH_LINES or k - lo >= STRETCH_SETS):
            out.append(range(lo, k))
            lo = k
    out.append(range(lo, len(lines)))
    return out


def _join(record: Record, parts: Iterable[_Part], cap: bool, last_game: GameResult | None = None) -> Audit:
    """The audit of the whole record from its stretches, in order: each stretch's findings after the
    one before's (past the cap, as stand-ins, unless `cap` is False), its order faults that waited
    (`_Hole`) judged now; `last_game`: the game before the first part's, if it is not the record's first."""
    opts = record.header.options
    f = Findings()
    sets: list[SetResult] = []

    def add(run: list[Finding]) -> None:
        if cap:
            f.extend(run)
        else:
            f.violations += run

    for part in parts:
        run: list[Finding] = []
        for v in part.violations:
            if type(v) is _Hole:
                add(run)
                run = []
                v.judge(f, *v.args, last_game)
            else:
                run.append(v)
        add(run)
        if cap:
            f.extend(part.events, event=True)
        else:
            f.events += part.events
        for s in part.sets:
            sets.append(s)
            if s.games:
                last_game = s.games[-1]
    totals = {p: sum(s.totals[p] for s in sets) for p in record.players}
    limit = opts["sets"] if opts["sets"] != OPEN else None
    over = limit is not None and len(sets) >= limit and all(x.complete for x in sets[:limit])
    result = Result(tuple(sets), totals, over, limit, tuple(opts["rank_points"]), opts["games_per_set"])
    return Audit("daifugo", record.header, record, f.violations, f.events, result)


def audit(record: Record, positions: bool = False, cap: bool = True) -> Audit:
    """Replay a Daifugō record against the rules (see the module docstring); `positions`: each
    turn of the result keeps the engine's position before it (`TurnView.before`), and each gift of an
    exchange too (`GameResult.gifts`); `cap`: past `errors.CAP` findings of a rule, each further one
    is only counted (False: every one is worded, as `replay` shows each game's)."""
    return _judged(record, map, positions, cap)


def audit_of_set(record: Record, number: int, game: int | None = None, positions: bool = False,
                 judged: Audit | None = None, play: int | None = None) -> Audit:
    """What a driver that shows one set of a long record needs (`why`, `replay --set`): `audit` of
    the stretch (`stretches`) that holds set `number`, its games replayed as in the whole record's
    audit, but the rest of the record not judged. Only set `number` (`game`: only that game of it)
    keeps `positions` (`play`: only the position before that play of the game) and words every
    finding; the stretch's other findings are as a check lists them. Whether the game before the
    stretch is complete decides order faults of its first set (`_Hole`): that game is taken from
    `judged`, the record's audit (a check's; made here when not given)."""
    parts = stretches(record)
    k = next((i for i, r in enumerate(parts) if any(record.sets[j].number == number for j in r)), 0)
    last_game = None
    if k > 0:
        before = (judged or audit_findings(record)).result.sets[:parts[k].start]
        last_game = next((s.games[-1] for s in reversed(before) if s.games), None)  # as `_join` finds it
    part = _Match(record, positions, True, _Stretch.of(record, parts[k]), True, k, None, (number, game, play)).run()
    return _join(record, [part], False, last_game)


def audit_findings(record: Record, map: Callable[..., Iterable[_Part]] = map) -> Audit:
    """The audit `check` needs: every finding, as `audit` finds them, and the games' results
    without their turns (`GameResult.turns` is empty). A long record's stretches
    (`STRETCH_LINES`) are judged through `map(function, stretches)`: the caller's, e.g. a pool
    of forked processes that already hold the record (the stretches and their results are small
    to send; the record is not)."""
    return _judged(record, map, views=False)


def audit_text_findings(head: Record, items: Items, map: Callable[..., Iterable[Any]] = map
                        ) -> tuple[Audit, Reading] | None:
    """`audit_findings` of a long record from its text, each stretch read as well as judged through
    `map` (the parts of the text, `yamlio.split_items`, are read on their own: `parse_items`), and
    what reading it found (`fields.joined`): the same findings, results and input errors as reading
    the whole record and then `audit_findings`. `head`: the record's header, read from
    `items.head`; the audit's record is `head` (a check needs no more). None when the record has
    one stretch, or when a part is outside what the fast reader reads alone (then read it whole)."""
    parts = _stretches(items.lines)
    if items.key != "sets" or len(parts) < 2:
        return None
    shared = _Shared(len(parts))
    done = list(map(partial(_text_stretch, head, items, parts, _Listed(len(parts)), shared), range(len(parts))))
    if shared.declined() or None in done:
        return None
    reading = fields.joined([r for r, _part in done])
    judged: list[_Part] = []
    for r, part in done:  # up to the first stretch that could not be read whole, as `fields.each` reads
        if part is not None:
            judged.append(part)
        if r.gap:
            break
    return _join(head, judged, True), reading


class _Shared:
    """What the processes reading and judging a record's stretches (`audit_text_findings`) tell each
    other, in anonymous shared memory: whether a part of the text is outside what the fast reader
    reads alone (the record is then read whole: nothing more is worth doing), and the first stretch
    that could not be read whole (those after it are read for their input errors, but not judged)."""

    def __init__(self, parts: int) -> None:
        import mmap

        self.cells = memoryview(mmap.mmap(-1, 8)).cast("i")
        self.cells[1] = parts

    def declined(self) -> bool:
        return bool(self.cells[0])

    def decline(self) -> None:
        self.cells[0] = 1

    def judged(self, part: int) -> bool:
        """Whether stretch `part` is worth judging: the text is read in parts, and every stretch before
        it could be read whole, as far as is known yet."""
        return not self.cells[0] and self.cells[1] >= part

    def gap(self, part: int) -> None:
        self.cells[1] = min(self.cells[1], part)


def _text_stretch(head: Record, items: Items, parts: list[range], listed: _Listed, shared: _Shared,
                  number: int) -> tuple[Reading, _Part | None] | None:
    """Read stretch `number` from its text and judge it (`audit_text_findings`): what reading it
    found, and the stretch judged (None when it is not worth judging: `_Shared.judged`). None when
    its text is not read alone."""
    if shared.declined():
        return None
    r = parts[number]
    lo = r.start - 1 if r.start else 0  # with the set before, which order faults look back at
    nodes = parse_items(items, lo, r.stop)
    if nodes is None:
        shared.decline()
        return None
    before: SetRecord | None = None
    if r.start:
        with fields.reading():  # the stretch before reports its input errors
            got = read_sets(nodes[:1], head.players, r.start)
        before = got[0] if got else None
        nodes = nodes[1:]
    with fields.reading() as reading:
        sets = read_sets(nodes, head.players, r.start + 1)
    del nodes
    if reading.gap:
        shared.gap(number)
    part = None
    if sets and shared.judged(number) and (before is not None or not r.start):
        settled()
        part = _Match(head, False, True, _Stretch(r.start, sets, before), False, number, listed).run()
    return reading, part


def _judged(record: Record, map: Callable[..., Iterable[_Part]], positions: bool = False, cap: bool = True,
            views: bool = True) -> Audit:
    """The join of the record's stretches, judged through `map` (a record of one stretch, here)."""
    parts = list(enumerate(stretches(record)))
    judge = partial(_stretch, record, _Listed(len(parts)) if len(parts) > 1 else None, positions, cap, views)
    return _join(record, map(judge, parts) if len(parts) > 1 else [judge(parts[0])], cap)


def _stretch(record: Record, listed: _Listed | None, positions: bool, cap: bool, views: bool,
             part: tuple[int, range]) -> _Part:
    return _Match(record, positions, cap, _Stretch.of(record, part[1]), views, part[0], listed).run()


__all__ = ["RANK_NAMES", "STRETCH_LINES", "STRETCH_SETS", "Standing", "audit", "audit_findings", "audit_of_set",
           "audit_text_findings", "stretches",
           "forbidden_reason", "rank_name"]
