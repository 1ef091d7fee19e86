"""Daifugō's engine: a position in one game that knows whose turn it is, what is legal now, and
what a move causes (the shared shape of `scorekeep/engine.py`).

A game goes through three phases: `exchange` (games 2–4 of a set: the four gifts, in the order of
`EXCHANGE`), `play` (a play of cards or a pass, clockwise), and `over` once the ranking is settled.
A position is made of four parts, each with its effects: the table (`table.py`), the holdings
(`holdings.py`), the turn order (`turns.py`) and the standing (`standing.py`).

Legality is an ordered list of named checks, one per rule id, for each phase (`CHECKS`):
`Position.ruling(move)` names the first that excludes a move, `legal_moves()` lists the moves that
fail none, and a recorded turn is judged by asking the same checks what they find (`Check.finds`),
stage by stage. `Position.apply(move)` returns the next position and the findings, also for an
illegal move (the record says it happened); a part words what happened, the engine reports it.

Carrying on after a violation: an illegal play still happened (its cards leave the hand, it lies on
the table), but only a legal play revolts, cuts or locks; the next play is judged against it, or —
so that one mistake is reported once — against the last legal play when it would be legal there.
"""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ...cards import Card
from ...engine import Ruling, Step, first_excluding
from ...errors import Finding, Findings, worded
from ...game import plural
from .cards import JOKER, DCard, plain, show, strength_key
from .combos import STAIRS, Reading, Verdict, lone_joker
from .model import OnTable, TurnView, rank_name
from .causes import cuts, fair_finish, forbidden_reason, locks, revolts
from .deck import (FULL_DECK, DealSoFar, DealtHand, GameStart, SetStart,  # noqa: F401
                   all_jokers, blind_count, blind_kept, blind_no_joker, blind_once, game_after_settled, game_counts,
                   hand_cards, hand_size, set_after_complete, set_counts)
from .holdings import Held, Holdings
from .model import Exchange, Move, Outcome, Pass, Play, cards_text  # noqa: F401
from .standing import Standing
from .table import Table, Words
from .turns import Turns

if TYPE_CHECKING:
    from .record import Names


FINISH = "does going out with it make a legal finish (not a forbidden finish, 反則上がり)?"
"""The question daifugo.forbidden-finish asks of a legal play that empties the hand (`Position.ruling`): not a
check of legality (a forbidden finish stands), the effect the replay gives it (`_played`)."""


def _turn_finding(rule: str, message: Words, where: dict[str, Any], see: tuple[str, ...] = (),
                  allowed: Callable[[], tuple[str, ...]] | None = None) -> Finding:
    """A finding at a turn (`where`: line, set, game, play, player), worded when kept (`errors.worded`)."""
    return Finding(rule, message, where["line"], where["set"], where["game"], None, None,  # type: ignore[arg-type]
                   where["play"], where["player"], allowed, see)  # type: ignore[arg-type]


def _gap(missing: tuple[str, ...]) -> str:
    """The end of a turn-order message when the record reads on without the skipped players' passes."""
    if not missing:
        return ""
    return (f". The record goes on as if {' and '.join(missing)} had passed, so "
            f"{'that pass is' if len(missing) == 1 else 'those passes are'} taken as missing from it")


def passed_at(n: int) -> str:
    """When a player passed: a play number, or minus the play where a missing pass was assumed."""
    if n > 0:
        return f"passed at play {n}"
    return f"was taken as passing at play {-n} (a pass missing from the record)"


# --- the position ----------------------------------------------------------------------------

class Setup(NamedTuple):
    """What a game's position knows from its set and the game before it (never changes in a game)."""

    seats: tuple[str, ...]
    opts: Mapping[str, Any]
    set_no: int
    game_no: int
    leader: str | None
    """Who should lead (None when the previous game's ranking is unknown)."""
    prev: tuple[str, ...] | None
    """The previous game's ranking (None in game 1, or when it is unknown)."""
    blind: frozenset[Card] | None
    blind_from: int


def game_leader(first: str, game_no: int, prev: tuple[str, ...] | None) -> str | None:
    """daifugo.first-lead: who leads a game — game 1 of a set, the set's `first` (the spade seat);
    a later game, the previous game's 大貧民 (None when its ranking is unknown)."""
    return first if game_no == 1 else (prev[-1] if prev else None)


class Asked:
    """One turn as the checks ask about it (`Check.finds`): what they share, worked out once."""

    __slots__ = ("move", "cards", "i", "where", "in_turn", "out", "held", "verdict")

    def __init__(self, move: Play | Pass, i: int, where: dict[str, Any]) -> None:
        self.move, self.cards, self.i, self.where = move, move.cards, i, where
        self.in_turn = True
        self.out: OutOfTurn | None = None
        """A turn by a player still in, out of turn (not a pass on the empty table: that is the pass's)."""
        self.held: Held | None = None
        self.verdict: Verdict | None = None


class Position:
    """One moment of one game (see the module docstring). Never changed by a move: `apply` copies."""

    __slots__ = ("setup", "opts", "set_no", "game_no", "hold", "_phase", "table", "turns", "st", "plays", "view",
                 "ranking", "source", "decided", "f", "memo", "viewing")

    def __init__(self, setup: Setup, deal: Mapping[str, tuple[DCard, ...]] | None = None,
                 exchange_recorded: bool = False) -> None:
        """The position at the start of a game: the deal, if recorded, and whether the record gives
        the exchange (games 2–4; without it the hands are known only by their counts)."""
        self.viewing = True
        """Whether each turn makes its `view` (a driver that shows no turns sets it false; copies share it)."""
        self.setup = setup
        self.opts, self.set_no, self.game_no = setup.opts, setup.set_no, setup.game_no
        self.hold = Holdings(setup, deal, exchange_recorded)
        self._phase = "exchange" if self.hold.exchanging else "play"
        self.table = Table()
        self.turns = Turns(setup.seats, setup.leader)
        self.st = _new_standing(setup)
        self.plays = 0
        self.view: TurnView | None = None
        """The last move as the replay shows it."""
        self.ranking: tuple[str, ...] | None = None
        """After the written result: the ranking, where it came from and the standing that decided it."""
        self.source = "none"
        self.decided: Standing | None = None
        self.f = Findings()
        self.memo: dict[Any, Any] = {}
        """What the checks share of a move here (`asked`, `verdict`), worked out once."""

    def copy(self) -> "Position":
        """A copy a move may change: table and turn order copied, holdings and standing shared until changed."""
        new = Position.__new__(Position)
        new.setup, new.opts, new.set_no, new.game_no, new.hold, new._phase, new.st, new.plays = (
            self.setup, self.opts, self.set_no, self.game_no, self.hold, self._phase, self.st, self.plays)
        new.ranking, new.source, new.decided, new.viewing = self.ranking, self.source, self.decided, self.viewing
        new.table, new.turns = self.table.copy(), self.turns.copy()
        new.view, new.f, new.memo = None, Findings(), {}
        return new

    # -- what the shared shape asks ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.st.settled

    @property
    def to_act(self) -> str | None:
        """Who acts next: the next giver in the exchange, the player whose turn it is, None when over."""
        if self._phase == "exchange":
            return self.hold.due()[0]
        if self.st.settled:
            return None
        return self.turns.expected

    def hand(self, p: str) -> Counter[DCard] | None:
        """`p`'s cards now, when known card by card (None: known only by `cards_left`)."""
        return self.hold.known.get(p)

    def cards_left(self, p: str) -> int:
        return self.hold.left(p)

    @property
    def phase(self) -> str:
        """`exchange`, `play`, or `over` once the ranking is settled."""
        return "over" if self._phase == "play" and self.st.settled else self._phase

    # -- the exchange (daifugo.exchange-count, daifugo.exchange-held, daifugo.exchange-strongest) --

    def _exchange(self, move: Exchange) -> None:
        """Apply a gift on this copy: report each exchange check it fails, and move the cards."""
        where = {"line": move.line, "set": self.set_no, "game": self.game_no, "player": move.player}
        faults = [(c.rule, why) for c in CHECKS["exchange"] if (why := c.test(self, move)) is not None]
        if self._phase != "exchange":
            for rule, msg in faults:
                self.f.violation(rule, msg, **where)
            return
        if faults:
            allowed = self._gifts_allowed()
            for rule, msg in faults:
                self.f.violations.append(Finding(rule, msg, **where, allowed=allowed))
        self.hold = self.hold.copy()
        if self.hold.give(move):
            self._phase = "play"

    def _gifts_allowed(self) -> tuple[str, ...] | None:
        """What the giver due may give, as canonical text, when it is a short list (a lower rank with the deal)."""
        giver, _r, a, _b, _n = self.hold.due()
        if a < 2 or giver not in self.hold.dealt:
            return None
        return tuple(str(m) for m in self.legal_moves())

    # -- the play ----------------------------------------------------------------------------

    def _turn(self, t: Play | Pass, take: bool, trial: bool) -> None:
        """Apply one recorded turn on this copy; `take`: if it is a turn out of turn that skipped
        players on a live table, read their passes as missing; `trial`: cards held are not judged, and
        a violation lists no legal choices (`allowed`): a trial's findings are only counted."""
        table = self.table
        state = (table.top, table.revolution, table.lock)  # the table the turn was made on
        cards, reading, notes = self._judge_turn(t, take, trial)
        if self.viewing:
            self.view = TurnView(self.plays, t.player, cards, reading, *state, tuple(notes))

    def _judge_turn(self, t: Play | Pass, take: bool, trial: bool
                    ) -> tuple[tuple[DCard, ...] | None, Reading | None, Sequence[str]]:
        """`_turn`'s judgement: the cards as shown, their reading and the notes of the turn's view."""
        self.plays = i = self.plays + 1
        p = t.player
        cards = t.cards
        where = {"line": t.line, "set": self.set_no, "game": self.game_no, "play": i, "player": p}
        notes: list[str] = []
        turns, table, active = self.turns, self.table, self.st.active
        if (table.early or turns.late is not None) and turns.written_late(t, i, table, active, notes):
            return None, None, notes
        ask = Asked(t, i, where)
        if self.st.settled:  # ignored; the first such turn is reported (daifugo.game-over)
            if turns.over_at is None:
                turns.over_at = i
                self._found("over", ask)
            return cards, None, ("after the game ended: ignored",)
        if p not in active:  # ignored, and reported (daifugo.turn-order)
            self._found("turn", ask)
            return cards, None, (f"{p} is out of the game: ignored",)
        in_turn, step_from, still, skipped = self._whose_turn(ask, take, notes)
        if cards is None:
            ask.in_turn = in_turn
            self._pass_turn(ask, in_turn, step_from, still, skipped, notes)
            return None, None, notes
        table.passed.pop(p, None)
        self.hold = hold = self.hold.copy()
        held = None
        if not trial:
            ask.held = held = hold.held(p, cards, i)
            if held[0] or held[1]:  # (a holding found sound fails no check of the stage)
                self._found("hold", ask)
        if (evaded := hold.take(p, held, len(cards), i)) is not None:
            self.f.violation("daifugo.exchange-strongest", evaded[0], line=evaded[1], set=self.set_no,
                             game=self.game_no, player=p)
        v, covered = self._table_verdict(ask, in_turn, skipped, notes)
        legal = v.rule is None or not self._found("table", ask)  # (a legal verdict fails no table check)
        if not legal:
            notes.append(f"breaks {v.rule}")
        return self._played(p, cards, v, legal, covered, i, step_from, skipped, where, notes)

    def _found(self, stage: str, ask: Asked) -> bool:
        """Ask the checks of `stage` (`CHECKS`, in the rules' order) about a recorded turn, and report what they
        find: the first failing check of the stage, or for the cards held each one."""
        found = False
        for c in CHECKS["play"]:
            if stage not in c.stage.split():
                continue
            fault = c.finds(self, ask)  # type: ignore[misc]
            if fault is not None:
                words, see, allowed = fault
                self.f.violations.append(_turn_finding(c.rule, words, ask.where, see, allowed))
                found = True
                if stage != "hold":
                    break
        return found

    def _whose_turn(self, ask: Asked, take: bool, notes: list[str]
                    ) -> tuple[bool, str, tuple[str | None, str | None], str | None]:
        """Whether the turn is in turn (reporting what the turn checks find: `_found`), whose seat the
        turn goes on from, (also, resume) as they were, and the player a turn out of turn skipped.
        `take`: read the passes of the players it skipped on a live table as missing from the record."""
        t, i, turns, table = ask.move, ask.i, self.turns, self.table
        p, expected, cards = t.player, turns.expected, ask.cards
        in_turn = expected is None or p == expected
        step_from = p  # whose seat the turn goes on from after this one
        if not in_turn and p == turns.also:
            in_turn = True
            if turns.resume is not None:
                step_from = turns.resume
                notes.append(f"{p}'s turn, taken after {turns.resume} acted out of turn")
            else:
                notes.append(f"{'acts' if cards is None else 'leads'} in place of {expected}, who passed "
                             "on the empty table")
        still = (turns.also, turns.resume)
        turns.also = turns.resume = None
        ask.in_turn = in_turn
        # A pass on an empty table by someone else than the leader is one mistake, the pass: it
        # is not also a lead by the wrong player, and the leader still leads.
        if in_turn or (cards is None and table.top is None):
            return in_turn, step_from, still, None
        assert expected is not None
        gap = turns.missing_passes(expected, p, table.top, table.passed, self.st.active, i)
        if gap:
            turns.candidate = True
            if not take:
                gap = {}
        if table.top is not None and p in table.passed and table.passed[p] < 0:
            turns.contradicted = True  # a pass taken as missing, but here they are
        ask.out = OutOfTurn(p, expected, still[0] if still[1] is not None else None, tuple(gap))
        self._found("turn", ask)
        notes.append(f"out of turn ({expected} was to act)")
        if not gap:
            return False, step_from, still, expected
        # The record goes on as if the skipped players had passed (a pass left out of the record):
        # carry on that way rather than report each later turn again.
        table.passed.update(gap)
        notes.append(f"{' and '.join(gap)} taken as passing (missing from the record)")
        turns.after(expected, table, self.st.active, notes)
        return p == turns.expected, step_from, still, None

    def _pass_turn(self, ask: Asked, in_turn: bool, step_from: str, still: tuple[str | None, str | None],
                   skipped: str | None, notes: list[str]) -> None:
        """A pass on this copy: on an empty table (reported: the `pass` stage's checks) it changes nothing, else the
        player is out of the round and the turn moves on (daifugo.clear when all others passed)."""
        p, i, turns, table, active = ask.move.player, ask.i, self.turns, self.table, self.st.active
        if table.top is None:
            self._found("pass", ask)
            notes.append("pass on an empty table (not allowed)")
            table.early[p] = i
            if in_turn:
                # One mistake: the pass changes nothing, so the same player still leads — or the
                # next player, if the table carried on as if the pass had counted.
                turns.expected, turns.also = p, turns.next_from(p, table.passed, active)
            else:
                turns.also, turns.resume = still
            return
        table.passed.pop(p, None)
        table.passed[p] = i
        notes.append("pass")
        turns.after(step_from, table, active, notes)
        if skipped is not None:
            turns.skip(skipped, p, table, active)

    def _table_verdict(self, ask: Asked, in_turn: bool, skipped: str | None, notes: list[str]
                       ) -> tuple[Verdict, OnTable | None]:
        """The table's verdict on a play (`Table.judge`, kept in `ask` for the table checks), and the play it covers."""
        p, cards, table = ask.move.player, ask.cards, self.table
        assert cards is not None
        v, covered, lead = table.judge(self.opts, p, cards, in_turn)
        if lead:
            # They thought the table had cleared (e.g. stairs with an 8): one mistake, judged as a lead.
            notes.append("judged as a lead")
            table.as_lead()
            self.turns.late = (skipped, p) if skipped is not None else None
        ask.verdict = v
        return v, covered

    def _played(self, p: str, cards: tuple[DCard, ...], v: Verdict, legal: bool, covered: OnTable | None, i: int,
                step_from: str, skipped: str | None, where: dict[str, Any],
                notes: list[str]) -> tuple[tuple[DCard, ...], Reading | None, Sequence[str]]:
        """The play's effects on this copy, in the order they happen (only a legal play revolts, cuts
        or locks: `causes`), then who acts next."""
        opts, reading, table, events = self.opts, v.reading, self.table, self.f.events
        before = table.revolution  # a forbidden finish is judged in the order before the play
        finishing = self.hold.count[p] >= self.hold.sizes[p]
        cut = legal and cuts(opts, reading)
        revolt = legal and revolts(opts, reading)
        on = OnTable(p, cards, reading, legal)
        if revolt:
            note, words = table.revolt(p, reading)  # type: ignore[arg-type]
            events.append(_turn_finding("daifugo.revolution", words, where))
            notes.append(note)
        if cut:
            note, words = table.cut(p, reading, finishing)  # type: ignore[arg-type]
            events.append(_turn_finding("daifugo.eight-cut", words, where))
            notes.append(note)
        elif reading is not None and reading.has_eight and reading.kind == STAIRS and legal and opts["eight_cut"]:
            notes.append("the 8 is inside stairs, so it does not cut (daifugo.eight-cut)")
        lock = locks(opts, table.lock, reading, covered, cut, v.returns) if legal else None
        if lock is not None:
            note, words = table.locked(lock, reading, covered)  # type: ignore[arg-type]
            events.append(_turn_finding("daifugo.suit-lock", words, where))
            notes.append(note)
        if v.returns:
            note, words = table.spade_3_return(p)
            events.append(_turn_finding("daifugo.spade-3-return", words, where))
            notes.append(note)
        table.top = on
        if legal:
            table.ref = on
        if finishing:
            foul = forbidden_reason(cards, before, cut) if opts["forbidden_finish"] else None
            clears = "8-cut (8切り)" if cut else "spade-3 return (スペ3返し)" if v.returns else None
            self._finish(p, cards, foul, revolt, i, where, notes, clears)
            if foul is None and reading is not None and reading.kind == STAIRS and reading.has_eight and not cut:
                notes.append("stairs with an 8 do not cut, so this is a legal finish")
        st = self.st
        if st.settled:
            st.settled_at = i
            notes.append("ranking settled")
        elif cut or v.returns:
            self.turns.clear_after(p, on, "cut" if cut else "return", table, st.active, notes)
        else:
            self.turns.after(step_from, table, st.active, notes)
            if skipped is not None:
                self.turns.skip(skipped, p, table, st.active)
        return cards, reading, notes

    def _finish(self, p: str, cards: tuple[DCard, ...], foul: str | None, revolt: bool, i: int,
                where: dict[str, Any], notes: list[str], clears: str | None = None) -> None:
        """`p`'s play emptied their hand (`Standing.finish`): a forbidden finish, or out (and 都落ち);
        `clears`: the play's effect that clears the table."""
        self.st = self.st.copy()
        foul_words, fallen, fall_words = self.st.finish(p, cards, foul, revolt, i, notes, clears)
        if foul_words is not None:
            self.f.event("daifugo.forbidden-finish", foul_words, **where)
        if fall_words is not None:
            self.f.event("daifugo.miyako-ochi", fall_words, **{**where, "player": fallen})

    def _outcome(self, move: Outcome) -> None:
        """Judge the result the record writes — each check of `CHECKS["result"]` asked in turn, each that fails
        reported at the line of what it judges — and settle the game's ranking (`_settled`); the events of a written
        order out (`_summary`) are reported too."""
        got = _settled(self, move)
        self.ranking, self.source, self.decided = got.ranking, got.source, got.st
        for c, why in _ask_each(CHECKS["result"], self, move, self.memo.setdefault("asked", [])):
            self.f.violation(c.rule, why, line=got.lines.get(why, _written_line(move)), set=self.set_no,
                             game=self.game_no)
        self.f.extend(got.events, event=True)

    # -- legality: what the checks ask of the position -------------------------------------------------

    def asked(self, move: Play | Pass) -> Asked:
        """`move` here as the checks ask about a turn (`Check.finds`): the ruling's and the legal moves' reading of
        it — whether it is in turn, how it is out of turn, the cards held, the verdict — made once (`memo`)."""
        key = ("asked", move)
        ask = self.memo.get(key)
        if ask is None:
            ask = self.memo[key] = self._asked(move, self.turns.in_turn(move.player))
        return ask

    def _asked(self, move: Play | Pass, in_turn: bool, cards: bool = True) -> Asked:
        """`asked`, not kept, for a move whose player is (`in_turn`) or is not in turn."""
        p, turns = move.player, self.turns
        ask = Asked(move, self.plays + 1, {})
        ask.in_turn = in_turn
        if not in_turn and p in self.st.active and (ask.cards is not None or self.table.top is not None):
            assert turns.expected is not None
            ask.out = OutOfTurn(p, turns.expected, turns.also if turns.resume is not None else None)
        if ask.cards is not None and cards:
            ask.held = self.hold.held(move.player, move.cards, self.plays + 1)  # type: ignore[arg-type]
            ask.verdict = self.verdict(move)[0]  # type: ignore[arg-type]
        return ask

    def verdict(self, move: Play) -> tuple[Verdict, OnTable | None]:
        """daifugo.combination, daifugo.follow-shape, daifugo.follow-stronger, daifugo.suit-lock,
        daifugo.spade-3-return (see `Table.judge`): the verdict on a play here, and what it covers
        (asked once for each play: `memo`)."""
        key = ("verdict", move.player, move.cards)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self.table.judge(self.opts, move.player, move.cards,
                                                    self.turns.in_turn(move.player))[:2]
        return got

    def allowed_plays(self, p: str) -> tuple[str, ...]:
        """What `p` may play on the table now, as canonical text (`Table.allowed`)."""
        return self.table.allowed(self.opts, self.hold.known.get(p))

    # -- the shared shape ---------------------------------------------------------------------------

    def filters(self, move: Move | None = None) -> "tuple[Check, ...]":
        """The checks that judge `move` here (`CHECKS`, read now): a gift the exchange's, also outside
        the exchange (game 1 has none, daifugo.exchange-count); the written result the result's;
        anything else, or no move, this phase's."""
        if self._phase == "exchange" or type(move) is Exchange:
            return CHECKS["exchange"]
        return CHECKS["result" if type(move) is Outcome else "play"]

    def legal_moves(self) -> list[Move]:
        """The moves of the player to act that fail no check (of the `candidates`, only of the sizes the checks
        allow): plays only from a hand known card by card; from a hand known only by its count, a pass is all that
        can be named. In the play each check is asked without words (`_legal_turns`)."""
        p = self.to_act
        if p is None:
            return []
        checks = self.filters()
        sizes: frozenset[int] | None = None
        for c in checks:
            if c.sizes is not None and (only := c.sizes(self)) is not None:
                sizes = only if sizes is None else sizes & only
        moves = self.candidates(p, sizes)
        if self._phase != "play":
            for c in checks:
                moves = [m for m in moves if not (c.fails(self, m) if c.fails else c.test(self, m) is not None)]
            return moves
        return self._legal_turns(p, moves, checks)

    def acts(self, p: str) -> bool:
        """Whether the checks of who acts (`_bars`) let `p` play now: more than the one `to_act` may — the
        player a turn out of turn skipped, the next player after a pass on the empty table, anyone while the
        leader is not known; read after a pass written out of its place as the ruling reads it (`_read_early`)."""
        if self.table.early:
            pos = self.copy()
            if pos.turns.take_early(p, pos.table, pos.st.active, []):
                return pos.acts(p)
        return not self._bars(self._asked(Play(p, ()), self.turns.in_turn(p), False), self.filters())

    def _bars(self, ask: Asked, checks: "tuple[Check, ...]") -> bool:
        """Whether a check of who acts (stages `over`, `turn`, `pass`: they never read the cards) bars the turn
        `ask` (made without its cards)."""
        actors = (c for c in checks if c.stage not in ("hold", "table"))
        return any(c.finds(self, ask) is not None for c in actors)  # type: ignore[misc]

    def _legal_turns(self, p: str, moves: list[Move], checks: "tuple[Check, ...]") -> list[Move]:
        """The turns of `p` among `moves` that fail none of the play's `checks`: those of who acts (stages `over`,
        `turn`, `pass`) never read the cards, so they are asked once for a pass and once for a play; those of the
        table from one verdict per play (a check of the table fails a play whose verdict names its rule; a legal
        verdict is kept: `verdict`); those of the cards held by what they find."""
        in_turn = self.turns.in_turn(p)
        held = [c.finds for c in checks if c.stage == "hold"]
        table = {c.rule for c in checks if c.stage == "table"}
        barred = set()
        kinds = {type(m): m for m in moves}  # one pass and one play (who acts is asked without the cards)
        asks = {kind: self._asked(m, in_turn, False) for kind, m in kinds.items()}  # type: ignore[arg-type]
        for kind, ask in asks.items():
            if self._bars(ask, checks):
                barred.add(kind)
        judge, opts, memo = self.table.judge, self.opts, self.memo
        out = []
        for m in moves:
            if type(m) in barred:
                continue
            if type(m) is Play and table:
                got = judge(opts, p, m.cards, in_turn, False)
                if got[0].rule in table:
                    continue
                if got[0].rule is None:
                    memo["verdict", p, m.cards] = got[:2]
            ask = self._asked(m, in_turn) if type(m) is Play else asks[Pass]  # type: ignore[arg-type]
            if not any(f(self, ask) is not None for f in held):  # type: ignore[misc]
                out.append(m)
        return out

    def candidates(self, p: str, sizes: frozenset[int] | None = None) -> list[Move]:
        """The moves `p` could name here, legal or not: in the exchange, each way of giving the cards
        due from the deal; else a pass and each play from a hand known card by card (`sizes`: only
        the plays of these numbers of cards)."""
        if self._phase == "exchange":
            giver, _r, _a, _b, n = self.hold.due()
            return [Exchange(giver, c) for c in self.hold.gift_choices(giver, n)]
        if p not in self.hold.known:
            return [Pass(p)]
        return [Pass(p), *self.hold.plays(p, sizes)]

    def is_legal(self, move: Move) -> bool:
        return first_excluding(self.filters(move), self, move) is None

    def ruling(self, move: Move) -> Ruling:
        """Why `move` is or is not legal here: the deciding rule, the reason, the legal choices
        (`allowed`, for the rules that are a legal set) and the steps in the digest's order."""
        if type(move) is Play or type(move) is Pass:
            if (early := self._read_early(move)) is not None:
                return early
        steps: list[Step] = []
        for f in self.filters(move):
            why = f.test(self, move)
            if why is None:
                steps.append(Step(f.name, (f.said(self, move) if f.said is not None else None) or "yes", f.rule))
                continue
            steps.append(Step(f.name, f"no: {why}", f.rule))
            return Ruling(str(move), False, f.rule, why, *self._also(f, move), tuple(steps))
        if type(move) is Exchange:
            rule = "daifugo.exchange-count"
        elif type(move) is Outcome:
            rule = "daifugo.ranking"
        elif type(move) is Pass:
            rule = "daifugo.pass"
        else:
            v, _ = self.verdict(move)
            rule = ("daifugo.spade-3-return" if v.returns else
                    "daifugo.combination" if self.table.top is None else "daifugo.follow-stronger")
            if self.empties(move):  # going out: a legal finish is decided by daifugo.forbidden-finish
                fair, answer = self._finish_answer(move, v)
                steps.append(Step(FINISH, answer, "daifugo.forbidden-finish"))
                rule = "daifugo.forbidden-finish" if fair else rule
        return Ruling(str(move), True, rule, "legal", None, (), tuple(steps))

    def empties(self, move: Move) -> bool:
        """Whether `move` plays the last cards its player holds: they go out with it."""
        return type(move) is Play and bool(move.cards) and len(move.cards) >= self.cards_left(move.player)

    def _finish_answer(self, move: Play, v: Verdict) -> tuple[bool, str]:
        """daifugo.forbidden-finish, of a legal play that empties the hand (`_played`'s effect, asked before it):
        whether it is a legal finish, and the answer to `FINISH` in words."""
        if not self.opts["forbidden_finish"]:
            return True, "yes: forbidden finishes are off by house rule, so every finish is a legal finish"
        before = self.table.revolution  # judged in the order before the play
        foul = forbidden_reason(move.cards, before, cuts(self.opts, v.reading))
        if foul is None:
            return True, f"yes: {fair_finish(move.cards, before, revolts(self.opts, v.reading))}"
        return False, (f"a forbidden finish (反則上がり): {foul}; the play stands, and {move.player} ranks "
                       "from the bottom")

    def _read_early(self, move: Play | Pass) -> Ruling | None:
        """The ruling on a turn after a pass written out of its place (`Turns.take_early`, `late_pass`), or None."""
        if self.table.early:
            # An early pass may stand for a pass on this lead: judged from there.
            pos = self.copy()
            if pos.turns.take_early(move.player, pos.table, pos.st.active, []):
                return pos.ruling(move)
        late = self.turns.late
        if not self.turns.late_pass(move, self.st.active):
            return None
        assert late is not None
        why = (f"{move.player}'s pass closes the round before {late[1]}'s lead out of turn: the "
               f"record writes it after that lead (late), so it is not a second mistake")
        return Ruling(str(move), True, "daifugo.turn-order", f"legal: {why}, daifugo.turn-order", ("pass",),
                      (), (Step("a pass written late, for the round before?", f"yes: {why}", "daifugo.turn-order"),))

    def _also(self, f: "Check", move: Move) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
        """When `move` fails check `f` here: the legal choices (for a rule that is a legal set; in the
        exchange, what the giver may give) and the other rules involved, as the check finds them."""
        if self._phase == "exchange":
            return self._gifts_allowed(), ()
        if f.finds is None or type(move) is Exchange:
            return None, ()
        found = f.finds(self, self.asked(move))  # type: ignore[arg-type]
        assert found is not None
        return (found[2]() if found[2] is not None else None), found[1]

    def apply(self, move: Move, *, missing: bool = False, trial: bool = False) -> "tuple[Position, list[Finding]]":
        """The next position and the findings the move causes (violations, then events); an
        illegal move is applied as the record says it happened. `missing`: a turn out of turn that
        skipped players on a live table reads their passes as missing from the record (see
        `rules.readings`); `trial`: cards held are not judged and no legal choices are listed (a
        reading of the turns alone, whose findings are only counted)."""
        new = self.step(move, missing=missing, trial=trial)
        return new, [worded(f) for f in (*new.f.violations, *new.f.events)]

    def step(self, move: Move, *, missing: bool = False, trial: bool = False) -> "Position":
        """`apply` without the list of findings: the next position (its `f` holds them)."""
        new = self.copy()
        if type(move) is Exchange:
            new._exchange(move)
        elif type(move) is Outcome:
            new._outcome(move)
        else:
            new._turn(move, missing, trial)
        return new

    def may_branch(self, move: Play | Pass) -> bool:
        """Whether `move` could be a candidate missing pass here (`candidate` after it). Only a turn
        out of turn, on a table with cards, by a player still in, before the ranking is settled can
        be: in turn, on an empty table, by a player out, or after the game, `_turn` returns before it
        asks `missing_passes` (or that finds no gap without a play on the table). Nor can a turn by
        a player who passed on a play whose owner is still in: with the missing passes the turn would
        go to someone who has not passed, or back to the owner (`turn_if_passed`)."""
        e, st, top, p, passed = self.turns.expected, self.st, self.table.top, move.player, self.table.passed
        return not (e is None or p == e or top is None or len(st.active) <= 1 or p not in st.active
                    or (p in passed and p != top.player and top.player in st.active))

    def advance(self, move: Play | Pass, missing: bool = False, trial: bool = False) -> None:
        """`step` on this position itself, without the copy: for a driver that owns the position (it
        made it by a `step`) and keeps no reference to it as it was (`rules.run_plays`). What the
        move changes of the position's shared parts is still copied first (`copy`'s comment)."""
        self.turns.candidate = False
        self.view = None
        if self.memo:
            self.memo = {}
        f = self.f
        if f.violations or f.events:  # the driver has taken what the last move found: start afresh
            f.clear()
        self._turn(move, missing, trial)

    def legal_text(self, cap: int = 8) -> str:
        """What was legal here, in one line for the replay: who acts, and their legal moves (at most
        `cap` named, then how many more); from a hand known only by its count, what would do."""
        p = self.to_act
        if p is None:
            return "nothing (the game is over)" if self.phase == "over" else "—"
        if self._phase == "play" and p not in self.hold.known:
            return f"{p}: " + "; ".join(self.allowed_plays(p))
        moves = [str(m) for m in self.legal_moves()]
        shown = moves[:cap] + ([f"… and {len(moves) - cap} more"] if len(moves) > cap else [])
        return f"{p}: " + ("; ".join(shown) if shown else "nothing")


# --- the written result (daifugo.ranking; the events of a summary `out`) ---------------------------

class Settled(NamedTuple):
    """The result a record writes, judged against the plays and the rules (`_settled`): the game's
    ranking, where it came from (`plays`, `out`, `ranks` or `none`), the standing that decided it,
    what is wrong with the order written out (`order`) and with the ranks written (`ranks`), the line
    of each, and the events of a written order out."""

    ranking: tuple[str, ...] | None
    source: str
    st: Standing | None
    order: str | None
    ranks: str | None
    lines: dict[str, int]
    events: list[Finding]


def _settled(pos: Position, move: Outcome) -> Settled:
    """The written result `move` judged at `pos` (`_settle`), once for each position (`memo`)."""
    key = ("settled", move)
    got = pos.memo.get(key)
    if got is None:
        got = pos.memo[key] = _settle(pos.setup, pos.st if move.after_plays else None, move)
    return got


def _settle(setup: Setup, played: Standing | None, move: Outcome) -> Settled:
    """Judge the result the record writes against the plays (`played`: the standing they reached,
    None when the record gives none) and the rules (`Settled`)."""
    f = Findings()  # the events of a written order out
    source = "none"
    st: Standing | None = played
    order: tuple[str, int] | None = None
    if played is not None and played.settled:
        source = "plays"
        if move.out is not None:
            order = _recorded(setup, played, *_summary(setup, move.out, move.fouls, None, f), move.out, move.fouls)
    elif move.out is not None:
        summed, problems = _summary(setup, move.out, move.fouls, len(played.exits) if played is not None else 0, f)
        order = _recorded(setup, played, summed, problems, move.out, move.fouls)
        if summed.settled:
            st, source = summed, "out"
        elif played is None:
            st = summed
    ranking = st.ranking() if st is not None and st.settled else None
    ranks: tuple[str, int] | None = None
    if move.ranks is not None:
        written = tuple(move.ranks.names)
        if ranking is not None:
            if written != ranking:
                assert st is not None
                ranks = (f"the record ranks {' '.join(written)}, but the finishes give "
                         f"{' '.join(ranking)}: {st.explain()}", move.ranks.line)
        elif not (start := st or _new_standing(setup)).ends_as(written, setup.opts["forbidden_finish"]):
            # The finishes so far (if any) stand; the written ranks settle only what they leave open.
            so_far = (f"the players who went out so far ({_exits_text(start)}) cannot end in that ranking"
                      if start.exits else "no order of going out ends in that ranking")
            said = f"the record ranks {' '.join(written)}, but {so_far}: {start.why_not(written)}"
            source = "ranks" if st is None else "plays" if played is not None else "out"
            st = start.ended_in(written)
            ranking = st.ranking()
            ranks = (f"{said}. The game is scored {' '.join(ranking)}, the players still in taken in the order "
                     "written", move.ranks.line)
        else:
            ranking, source = written, "ranks"
    lines = dict(x for x in (order, ranks) if x is not None)
    return Settled(ranking, source, st, order[0] if order else None, ranks[0] if ranks else None, lines, f.events)


def _written_line(move: Outcome) -> int | None:
    """The first line of a written result (where a finding of it with no line of its own goes)."""
    return next((n.line for n in (move.out, move.fouls, move.ranks) if n is not None), None)


def _order_written(pos: Position, move: Any) -> str | None:
    """daifugo.ranking: the order of going out written (with its forbidden finishes) agrees with the
    plays and the rules (`_recorded`)."""
    return _settled(pos, move).order if type(move) is Outcome else None


def _ranks_written(pos: Position, move: Any) -> str | None:
    """daifugo.ranking: the ranks written agree with how the players finished (complete), or can still
    end so (`Standing.ends_as`)."""
    return _settled(pos, move).ranks if type(move) is Outcome else None


def _ranks_given(pos: Any, move: Any) -> bool:
    """When the check of the ranks written asks: the result writes ranks (else there is nothing to agree)."""
    return type(move) is not Outcome or move.ranks is not None


def _new_standing(setup: Setup) -> Standing:
    """The standing at the start of a game: everyone in (last game's 大富豪 may fall: 都落ち)."""
    prev_daifugo = None if setup.game_no == 1 or not setup.prev else setup.prev[0]
    return Standing(setup.seats, prev_daifugo, setup.opts["miyako_ochi"])


def _summary(setup: Setup, out: "Names", fouls: "Names | None", emit_from: int | None, f: Findings
            ) -> tuple[Standing, list[tuple[str, int]]]:
    """Replay `out` (finishing order, forbidden finishes included), and what in `out`/`fouls` the rules rule out, as
    (message, line)."""
    st = _new_standing(setup)
    foul_set = set(fouls.names) if fouls else set()
    problems: list[tuple[str, int]] = []
    before: str | None = None  # the entry written before this one
    for name, line in zip(out.names, out.lines):
        where = {"line": line, "set": setup.set_no, "game": setup.game_no, "player": name}
        if name == st.fallen or (st.settled and name in st.active):
            if name in foul_set:
                what = (f"{name} had already fallen by 都落ち when {st.trigger} went out"
                        if name == st.fallen else f"{name} was the last player left")
                problems.append((f"`fouls` lists {name}, but {what}: the ranking was settled without "
                                 f"{name} going out", fouls.line_of(name) if fouls else line))
            elif name == st.fallen and before != st.trigger and not (st.settled and before in st.active):
                # A fallen 大富豪 left the game when the finish that made them fall happened, and ranks
                # below the last player left: written anywhere else, `out` gives them a place they never had.
                problems.append((f"`out` lists {name} going out after {before}, but {name} had already fallen "
                                 f"by 都落ち when {st.trigger} went out: {name} left the game then and ranks below "
                                 "the last player left (a fallen 大富豪 is written right after the finish that "
                                 "made them fall, after the last player left, or not at all)", line))
            before = name
            continue
        before = name
        legal = name not in foul_set
        if not legal and not setup.opts["forbidden_finish"]:
            problems.append((f"`fouls` lists {name}, but forbidden finishes are off (house rule "
                             "`forbidden_finish: false`): every finish is a legal finish",
                             fouls.line_of(name) if fouls else line))
            legal = True
        fallen = st.leave(name, legal)
        emit = emit_from is not None and len(st.exits) > emit_from
        if emit and not legal:
            f.event("daifugo.forbidden-finish",
                    f"{name} went out by a forbidden finish (反則上がり) and ranks from the bottom", **where)
        if emit and fallen is not None:
            f.event("daifugo.miyako-ochi",
                    f"{st.first_out} while {fallen}, last game's 大富豪, was still playing: "
                    f"{fallen} falls (都落ち) and takes the lowest rank no foul has taken",
                    **{**where, "player": fallen})
    return st, problems


def _exits_text(st: Standing) -> str:
    """`甲, 乙 (forbidden finish)` — who went out, in order."""
    if not st.exits:
        return "nobody"
    text = ", ".join(p if legal else f"{p} (forbidden finish)" for p, legal in st.exits)
    if st.fallen:
        text += f"; {st.fallen} fell by 都落ち when {st.trigger} went out"
    return text


def _recorded(setup: Setup, played: Standing | None, summed: Standing, problems: list[tuple[str, int]],
              out: "Names", fouls: "Names | None") -> tuple[str, int] | None:
    """daifugo.ranking: the finishing order written in `out`/`fouls`, against the plays (complete or
    so far) and the rules — one report per game, however many entries it gets wrong (with its line). A forbidden
    finish is a rule event, so a `fouls` list that disagrees with the plays is a wrong finishing
    order, not a forbidden finish."""
    msgs: list[str] = []
    line = 0
    if played is not None:
        did = [p for p, _ in played.exits]
        said = [p for p, _ in summed.exits]
        so_far = "" if played.settled else " so far"
        if (said if played.settled else said[:len(did)]) != did:
            # `out` is wrong, so what the summary makes of `fouls` follows from a wrong order:
            # judge it against the plays in this one report, not again.
            msgs.append(f"`out` gives the order of going out as {', '.join(out.names)}, but in the "
                        f"plays{so_far} it is {_exits_text(played)}")
            line = out.line
            problems = []
        foul_set = set(fouls.names) if fouls else set()
        for p, fair in played.exits:
            if fair and p in foul_set and setup.opts["forbidden_finish"]:
                msgs.append(f"`fouls` lists {p}, but {p}'s last play in the record is a legal finish")
                line = line or fouls.line_of(p)  # type: ignore[union-attr]
            elif not fair and p not in foul_set:
                msgs.append(f"{p} went out by a forbidden finish (反則上がり) in the plays, but "
                            + (f"`fouls` does not list {p}" if fouls else f"{p} is not in `fouls` (none are written)"))
                line = line or (fouls.line if fouls else out.line_of(p))
    msgs += [m for m, _ in problems]
    return ("; ".join(msgs), line or problems[0][1]) if msgs else None


# --- the checks, in the digest's decision order -----------------------------------------------------

class OutOfTurn(NamedTuple):
    """A player acting out of turn: whose turn it was, who else's it may have been (the player the
    turn before skipped), and the skipped players whose passes the record reads on without."""

    player: str
    expected: str
    late: str | None = None
    missing: tuple[str, ...] = ()


Found = tuple[Words, tuple[str, ...], "Callable[[], tuple[str, ...]] | None"]
"""What a check finds at a turn (`Check.finds`): its words (made when called), the other rules
involved, and the legal choices (made when called; None: the rule is no legal set)."""


def _game_over(pos: Position, move: Any) -> str | None:
    """daifugo.game-over: nothing is played once the ranking is settled."""
    if pos.st.settled:
        return (f"the ranking was settled at play {pos.st.settled_at}: {pos.st.explain()}. Nothing after that "
                "belongs to this game")
    return None


def _over_found(pos: Position, ask: Asked) -> Found | None:
    if not pos.st.settled:
        return None
    p, i, why = ask.move.player, ask.i, _game_over(pos, ask.move)
    return (lambda: f"{p} acted at play {i}, but {why}"), (), None


def _first_lead(pos: Position, t: OutOfTurn) -> Found | None:
    """daifugo.first-lead: the game's first lead is the set's `first` (game 1) or the 大貧民's."""
    game_no = pos.setup.game_no

    def words() -> str:
        if game_no == 1:
            why = (f"game 1 of a set is led by the spade seat, {t.expected} (the set's `first`), not by "
                   "whoever holds the spade 3")
        else:
            why = f"after the exchange the previous game's 大貧民, {t.expected}, leads"
        return f"{t.player} led game {game_no}, but {why}"
    return words, (), None


def _leads_again(what: str, who: str) -> Callable[[Position, OutOfTurn], Found | None]:
    """daifugo.eight-cut, daifugo.spade-3-return: after the table cleared by a play (`what`), the
    player whose play did it leads again (or, out, the next player still in to their left)."""
    def fault(pos: Position, t: OutOfTurn) -> Found | None:
        cause = pos.table.last_clear[1]
        assert cause is not None
        out = cause.player not in pos.st.active
        see = ("daifugo.turn-order", "daifugo.clear") if out else ("daifugo.turn-order",)

        def words() -> str:
            gone = f"; {_next_leads(cause.player, t.expected)}" if out else ""
            return f"{t.player} led after {cause.player}'s {what}, but {who} leads again{gone}: it was {t.expected}'s lead"
        return words, see, None
    return fault


def _next_leads(gone: str, leader: str | None) -> str:
    """daifugo.clear: who leads after a play that cleared the table emptied its player's hand, in words."""
    return (f"{gone} went out with that play, so the first player still in the game to {gone}'s left, "
            f"{leader}, leads (daifugo.clear)")


def _cleared_by_one_out(after: str) -> Callable[[Position, Any], str | None]:
    """What the check of who leads after the table cleared this way (`after`) answers at that lead when the
    player whose play cleared it went out with it: not they but the next still in leads (a plain yes
    to "does the cutter lead?" would not be true)."""
    def said(pos: Position, move: Any) -> str | None:
        cause = pos.table.last_clear[1]
        if pos.table.top is not None or pos.table.last_clear[0] != after or cause is None \
                or cause.player in pos.st.active:
            return None
        return f"{cause.player} cannot: {_next_leads(cause.player, pos.turns.expected)}"
    return said


def _cleared_leader(pos: Position, t: OutOfTurn) -> Found | None:
    """daifugo.clear: after everyone else passed, the last player leads (out: the next still in to their left)."""
    cause = pos.table.last_clear[1]
    assert cause is not None
    out = cause.player not in pos.st.active

    def words() -> str:
        if out:
            why = (f"{cause.player} went out and everyone passed on their last play, so the first player "
                   f"still in the game to {cause.player}'s left, {t.expected}, leads")
        elif cause.player == t.expected:
            why = f"{t.expected} made the last play and everyone else passed, so {t.expected} leads"
        else:
            why = f"it was {t.expected}'s lead"
        return f"{t.player} led after the table cleared, but {why}"
    return words, ("daifugo.turn-order",), None


def _passed(pos: Position, t: OutOfTurn) -> Found | None:
    """daifugo.pass: a player who passed may not act again until the table clears."""
    p, passed = t.player, pos.table.passed
    if pos.table.top is None or p not in passed:
        return None
    at = passed[p]
    return (lambda: f"{p} {passed_at(at)} and may not act again until the table clears "
            f"(their turn is skipped); it was {t.expected}'s turn{_gap(t.missing)}"), ("daifugo.turn-order",), None


def _not_in_turn(pos: Position, t: OutOfTurn) -> Found | None:
    """daifugo.turn-order: play goes clockwise, skipping players who passed or are out (acting again
    on one's own play, before everyone else passed, included)."""
    top, p, expected = pos.table.top, t.player, t.expected
    if top is None or p != top.player:
        return (lambda: f"{p} acted out of turn: play goes clockwise, skipping players who passed or are out, "
                f"so it was {expected}'s turn"
                + (f" (or {t.late}'s, whose turn the previous turn skipped)" if t.late else "") + _gap(t.missing),
                ("daifugo.pass",) if t.missing else (), None)
    r = top.reading
    stairs = r is not None and r.kind == STAIRS and r.has_eight
    no_cut = r is not None and r.has_eight and not top.legal
    joker = lone_joker(top.cards, cut_only=True)  # written as an 8, yet the joker: no cut
    also: tuple[str, ...] = ("daifugo.pass",) if t.missing else ()
    if stairs or no_cut or joker:
        also = ("daifugo.eight-cut", *also)

    def words() -> str:
        if joker:
            why = f"{joker}: the table still holds the joker and it was {expected}'s turn"
        elif stairs:
            why = (f"the 8 is inside stairs, so it does not cut (daifugo.eight-cut): the table still holds "
                   f"{r.describe()} and it was {expected}'s turn")  # type: ignore[union-attr]
        elif no_cut:
            why = f"an 8 that is not a legal play does not cut: it was {expected}'s turn"
        else:
            why = f"the table had not cleared (not everyone else had passed): it was {expected}'s turn"
        return f"{p} acted again on their own play, but {why}{_gap(t.missing)}"
    return words, also, None


def _covering(pos: Position, move: Any) -> bool:
    """When a check of what covers the table asks: the table holds a play."""
    return pos.table.top is not None


def _locked(pos: Position, move: Any) -> bool:
    """When daifugo.suit-lock asks: the table holds a play whose suits are locked."""
    return pos.table.top is not None and bool(pos.table.lock)


def _lone_joker_read(pos: Position, move: Any) -> str | None:
    """What daifugo.combination answers of a lone joker written as a card (`JK=8S`): a single, but the joker, not
    the card written (a plain yes would let the annotation stand)."""
    words = lone_joker(move.cards) if type(move) is Play else None
    return f"yes: {words}" if words else None


def _lock_not_binding(pos: Position, move: Any) -> str | None:
    """What daifugo.suit-lock answers of a spade-3 return under a lock: it does not bind the return (a
    plain yes, "it has the locked suits", would not be true: 3♠ need not have them)."""
    if type(move) is not Play or not _locked(pos, move) or not pos.verdict(move)[0].returns:
        return None
    return ("not needed: the single spade 3 returns a lone joker even under a suit lock "
            "(daifugo.spade-3-return)")


def _pass_found(pos: Position, ask: Asked) -> Found | None:
    """daifugo.pass: acting again after passing (the `turn` stage), or a pass on the empty table (the
    `pass` stage: at a recorded turn, the table as the turn left it, missing passes taken)."""
    if ask.cards is None and pos.table.top is None and ask.move.player in pos.st.active:
        p = ask.move.player
        lead = "" if ask.in_turn else f" (and it was {pos.turns.expected}'s lead, not {p}'s)"
        return (lambda: f"{p} passed on an empty table: the player who leads must play; passing is allowed only "
                f"when the table has cards{lead}"), (), None
    return _passed(pos, ask.out) if ask.out is not None else None


def _turn_order_found(pos: Position, ask: Asked) -> Found | None:
    """daifugo.turn-order: a player out of the game, or acting out of turn."""
    p = ask.move.player
    if p not in pos.st.active:
        gone, expected = pos.st.gone[p], pos.turns.expected
        return (lambda: f"{p} {gone}, so {p} is skipped and cannot act again this game"
                + (f"; it was {expected}'s turn" if expected else "")), (), None
    return _not_in_turn(pos, ask.out) if ask.out is not None else None


def _held_found(pos: Position, ask: Asked) -> Found | None:
    """daifugo.card-not-held: a play of cards the player cannot hold (`Holdings.held`)."""
    if ask.held is None or not ask.held[0]:
        return None
    bad, p, cards = ask.held[0], ask.move.player, ask.cards
    return (lambda: f"{p} played {show(cards)}, but " + "; ".join(bad) +  # type: ignore[arg-type]
            ": a player plays only cards they hold, each once"), (), None


def _blind_found(pos: Position, ask: Asked) -> Found | None:
    """daifugo.deck: a play of a blind card (`Holdings.held`)."""
    if ask.held is None or not ask.held[1]:
        return None
    blind, p, set_no = ask.held[1], ask.move.player, pos.setup.set_no
    return (lambda: f"{p} played {show(blind)}, a blind card of set {set_no}: "
            "the blind cards stay out of play for the whole set"), (), None


def _combo_found(rule: str, legal_set: bool) -> Callable[[Position, Asked], Found | None]:
    """A table rule: the verdict (`Table.judge`) breaks it."""
    def finds(pos: Position, ask: Asked) -> Found | None:
        v = ask.verdict
        if v is None or v.rule != rule:
            return None
        p, cards = ask.move.player, ask.cards
        allowed = None
        if legal_set:
            # Of the table as it is now (a replay may go on to change this one in place).
            opts, hand, table = pos.opts, pos.hand(p), pos.table.copy()
            allowed = lambda: table.allowed(opts, hand)  # noqa: E731
        return (lambda: f"{p} played {show(cards)}: {v.message}"), (), allowed  # type: ignore[arg-type]
    return finds


def _test(finds: Callable[[Position, Asked], Found | None]) -> Callable[[Any, Any], str | None]:
    """A play check's test of a move here: what it finds at the move (`Position.asked`), in words."""
    def test(pos: Position, move: Any) -> str | None:
        found = finds(pos, pos.asked(move))
        return None if found is None else found[0]()
    return test


def _gift_giver(pos: Position, move: Any) -> tuple[str, str, int, int, int] | None:
    """(giver, receiver, ranks, cards due) when `move` is the gift due now by its giver, else None."""
    if type(move) is not Exchange or pos._phase != "exchange":
        return None
    due = pos.hold.due()
    return due if move.player == due[0] else None


def _gift_count(pos: Position, move: Any) -> str | None:
    """daifugo.exchange-count: the exchange comes first, in its order, and each gives exactly the
    cards due (game 1 has none)."""
    if type(move) is not Exchange:
        return f"the exchange comes first: {pos.to_act} gives next" if pos._phase == "exchange" else None
    p, cards = move.player, move.cards or ()
    if pos._phase != "exchange":
        if pos.setup.game_no == 1 and cards:
            return (f"{p} gave {show(cards)} in game 1 of set {pos.setup.set_no}, but the first game "
                    "of a set has no exchange (ranks are not carried over from another set)")
        return None
    giver, receiver, a, b, n = pos.hold.due()
    if p == giver and len(cards) == n:
        return None
    who = f"{giver} ({rank_name(a)})"
    if p != giver:
        return f"{p} gave cards out of turn: it was {who}'s gift"
    return (f"{who} gave {len(cards)} card{'s' if len(cards) != 1 else ''}"
            f"{' (' + show(cards) + ')' if cards else ''}, but the {rank_name(a)} gives "
            f"exactly {n} to the {rank_name(b)}, {receiver}, in games 2–"
            f"{pos.opts['games_per_set']} of a set")


def _gift_counted(move: Exchange) -> dict[DCard, int]:
    """The physical cards of a gift, counted (a gift is a card or two: a dict, not a Counter)."""
    counted: dict[DCard, int] = {}
    for c in move.cards or ():
        pc = plain(c)
        counted[pc] = counted.get(pc, 0) + 1
    return counted


def _not_dealt(pos: Position, giver: str, move: Exchange) -> list[DCard]:
    """The cards of a gift that `giver` was not dealt (none when the deal is not known)."""
    dealt = pos.hold.dealt_counts(giver)
    if dealt is None:
        return []
    return [c for c, n in _gift_counted(move).items() for _ in range(n - dealt.get(c, 0))]


def _giver_not_dealt(pos: Position, move: Any) -> bool:
    """When daifugo.deck asks of a gift: the giver's deal is not written (else exchange-held judges it)."""
    due = _gift_giver(pos, move)
    return due is not None and pos.hold.dealt_counts(due[0]) is None


def _gift_in_deck(pos: Position, move: Any) -> str | None:
    """daifugo.deck, without the giver's deal: the cards given are cards in play this set, each once —
    not given twice (the gifts are simultaneous: no card received is given on), nor dealt to another."""
    if not _giver_not_dealt(pos, move):
        return None
    hold, giver, set_no = pos.hold, move.player, pos.setup.set_no
    bad = []
    for c, n in _gift_counted(move).items():
        before = sum(g[c] for g in hold.gave.values())
        if c == JOKER:
            jokers = pos.opts["jokers"]
            if before + n > jokers:
                bad.append("the deck has no jokers" if not jokers else
                           f"the deck has {plural(jokers, 'joker')} and {before + n} were given")
        elif pos.setup.blind is not None and c in pos.setup.blind:
            bad.append(f"{c.symbol} is a blind card of set {set_no}, out of play for the whole set")
        elif before or n > 1:
            bad.append(f"{c.symbol} is given twice in the exchange")
        elif (other := hold.not_theirs(c, giver)) is not None:  # (a deal written for another player)
            bad.append(other)
    if not bad:
        return None
    return (f"{giver} gave {show(move.cards or ())}, but " + "; ".join(bad) +
            ": the cards in play are the deck less the set's blind cards, each once")


def _gift_held(pos: Position, move: Any) -> str | None:
    """daifugo.exchange-held: a giver gives cards they were dealt."""
    if type(move) is not Exchange:
        return _gift_count(pos, move)
    due = _gift_giver(pos, move)
    if due is None:
        return None
    giver, a = due[0], due[2]
    not_held = _not_dealt(pos, giver, move)
    if not not_held:
        return None
    return (f"{giver} ({rank_name(a)}) gave {show(not_held)}, which {giver} was not dealt "
            f"(dealt: {show(pos.hold.dealt[giver])})")


def _gift_strongest(pos: Position, move: Any) -> str | None:
    """daifugo.exchange-strongest: a lower rank gives their strongest cards, judged on the hand as
    dealt (a gift of cards not dealt is the held check's)."""
    if type(move) is not Exchange:
        return _gift_count(pos, move)
    kept = _kept_stronger(pos, move)
    if kept is None:
        return None
    giver, a, n, dealt, above = kept
    cards = move.cards or ()
    best = sorted(dealt.elements(), key=strength_key, reverse=True)[:n]
    return (f"{giver} ({rank_name(a)}) gave {show(cards)} but kept {show(above)}: the {rank_name(a)} gives their "
            f"{'strongest card' if n == 1 else f'{n} strongest cards'} by normal strength "
            f"(joker, 2, A, K, …; any suit within a rank), judged on the hand as dealt — here "
            f"{show(best)}. Keeping a stronger card is tax evasion (脱税)")


def _kept_stronger(pos: Position, move: Exchange) -> tuple[str, int, int, Counter[DCard], list[DCard]] | None:
    """What daifugo.exchange-strongest finds at a gift (None: nothing): the giver, their rank, the
    cards due, their hand as dealt and the cards they kept that are stronger than one they gave."""
    cards = move.cards or ()
    if not cards or not _lower_rank_gives(pos, move):
        return None
    giver, _r, a, _b, n = pos.hold.due()
    dealt = pos.hold.dealt_counts(giver)
    given = _gift_counted(move)
    if dealt is None or any(n > dealt.get(c, 0) for c, n in given.items()):
        return None
    weakest = min(map(strength_key, cards))
    above = [c for c, n in dealt.items() if strength_key(c) > weakest for _ in range(n - given.get(c, 0))]
    return (giver, a, n, dealt, above) if above else None


def _lower_rank_gives(pos: Position, move: Any) -> bool:
    """When daifugo.exchange-strongest asks: at the gift due now from a lower rank (a higher rank chooses)."""
    due = _gift_giver(pos, move)
    return due is not None and due[2] >= 2


def _gift_strongest_fails(pos: Position, move: Any) -> bool:
    """Whether `_gift_strongest` fails, without its words (the legal moves ask it of every gift)."""
    if type(move) is not Exchange:
        return _gift_count(pos, move) is not None
    return _kept_stronger(pos, move) is not None


class Check(NamedTuple):
    """A named check a move must pass to be legal: its rule id, its question (`{p}`: the player a check of
    one player's hand, stage `hand`, is asked of), and its
    `test(position, move)` (None: passes, else why not) — the ruling's (`Position.ruling`, the legal
    moves).

    A play check says what it finds at a turn (`finds`: its test is that, in words) and the
    `stage` of a recorded turn it judges, in the order a turn is judged: `over` (the game is over),
    `turn` (whose turn), `pass` (a pass on the table as the turn left it), `hold` (the cards held),
    `table` (what may cover the table) — one check may judge at several (`turn pass`); the replay
    reports the first failing check of a stage, and each failing check of `hold` (`Position._found`)."""

    rule: str
    name: str
    test: Callable[[Any, Any], str | None]
    stage: str = ""
    finds: Callable[[Position, Asked], Found | None] | None = None
    fails: Callable[[Any, Any], bool] | None = None
    """Whether `test` fails, without its words: the legal moves ask this of many moves."""
    sizes: Callable[[Any], frozenset[int] | None] | None = None
    """The numbers of cards a play must have to pass (None: any), when the check can say so at
    once: the legal moves then list only plays of those sizes (and still ask `test` of each)."""
    when: Callable[[Any, Any], bool] | None = None
    """When, beyond its stage, the check has a question (None: whenever it is asked): its test passes elsewhere."""
    said: Callable[[Any, Any], str | None] | None = None
    """What the check answers when it passes where a plain yes would not be true (None, or it gives None: yes)."""

    def asks(self, pos: Any, move: Any) -> bool:
        """Whether the check has anything to ask of `move` at `pos` (`why` shows only those it asks): a check of
        the cards played (stages `hold`, `table`) nothing of a pass, and none anything outside its `when`."""
        if type(move) is Pass and self.stage in ("hold", "table"):
            return False
        return self.when is None or self.when(pos, move)


def _turn_check(rule: str, name: str, fault: Callable[[Position, OutOfTurn], Found | None], after: str,
                said: Callable[[Any, Any], str | None] | None = None) -> Check:
    """A check of who leads after the table cleared this way (`after`, `Table.last_clear`), judged on a lead
    out of turn (`fault`); it asks at that lead only (`said`: its answer where a plain yes is not true)."""
    def when(pos: Position, move: Any) -> bool:
        return pos.table.top is None and pos.table.last_clear[0] == after

    def finds(pos: Position, ask: Asked) -> Found | None:
        return fault(pos, ask.out) if ask.out is not None and when(pos, ask.move) else None
    return Check(rule, name, _test(finds), "turn", finds, when=when, said=said)


def _combo_check(rule: str, name: str, legal_set: bool = True,
                 sizes: Callable[[Any], frozenset[int] | None] | None = None,
                 when: Callable[[Any, Any], bool] | None = _covering,
                 said: Callable[[Any, Any], str | None] | None = None) -> Check:
    """A check of what may cover the table (the verdict, `Table.judge`); by default it asks only of a cover."""
    finds = _combo_found(rule, legal_set)
    return Check(rule, name, _test(finds), "table", finds, None, sizes, when, said)


CHECKS: dict[str, tuple[Check, ...]] = {
    "play": (
        Check("daifugo.game-over", "is the game still on?", _game_over, "over", _over_found),
        _turn_check("daifugo.first-lead", "does the right player lead the game?", _first_lead, "first"),
        _turn_check("daifugo.eight-cut", "after an 8-cut, does the cutter lead?",
                    _leads_again("8 cut the table (8切り)", "the player who cuts"), "cut", _cleared_by_one_out("cut")),
        _turn_check("daifugo.spade-3-return", "after a spade-3 return, does its player lead?",
                    _leads_again("spade 3 returned the joker (スペ3返し)", "that player"), "return",
                    _cleared_by_one_out("return")),
        _turn_check("daifugo.clear", "after the table cleared, does the right player lead?", _cleared_leader,
                    "passes"),
        Check("daifugo.pass", "may this player act (not passed since the table cleared; no pass on an empty table)?",
              _test(_pass_found), "turn pass", _pass_found),
        Check("daifugo.turn-order", "is it this player's turn (clockwise, skipping those who passed or are out)?",
              _test(_turn_order_found), "turn", _turn_order_found),
        Check("daifugo.card-not-held", "does the player hold these cards?", _test(_held_found), "hold", _held_found),
        Check("daifugo.deck", "are the cards in play this set (not blind cards)?", _test(_blind_found), "hold",
              _blind_found),
        _combo_check("daifugo.combination", "is it a single, a group or stairs?", legal_set=False, when=None,
                     said=_lone_joker_read),
        _combo_check("daifugo.follow-shape", "is it the same kind and size as the play on the table?",
                     sizes=lambda pos: pos.table.cover_sizes()),
        _combo_check("daifugo.follow-stronger", "is it stronger than the play on the table?"),
        _combo_check("daifugo.suit-lock", "does it have the locked suits (縛り)?", when=_locked,
                     said=_lock_not_binding),
    ),
    "exchange": (
        Check("daifugo.exchange-count", "does the giver give the right number of cards?", _gift_count),
        Check("daifugo.deck", "are the cards given in play this set, each once?", _gift_in_deck,
              when=_giver_not_dealt),
        Check("daifugo.exchange-held", "were the cards dealt to the giver?", _gift_held),
        Check("daifugo.exchange-strongest", "does a lower rank give their strongest cards?", _gift_strongest,
              fails=_gift_strongest_fails, when=_lower_rank_gives),
    ),
    "result": (
        Check("daifugo.ranking", "does the order of going out written, with its forbidden finishes, agree with "
                                 "the plays and the rules?", _order_written),
        Check("daifugo.ranking", "do the ranks written agree with how the players finished?", _ranks_written,
              when=_ranks_given),
    ),
    "set": (
        Check("daifugo.game-over", "is this set one of the match's sets?", set_counts, "set"),
        Check("daifugo.game-over", "did the set before this one, if there is one, play all its games?",
              set_after_complete, "game"),
    ),
    "game": (
        Check("daifugo.game-over", "is this game one of the set's games?", game_counts, "game"),
        Check("daifugo.game-over", "was the game before this one, if there is one, settled (its ranking complete)?",
              game_after_settled, "game"),
    ),
    "blind": (
        Check("daifugo.deck", "does the set list as many blind cards as are taken out?", blind_count),
        Check("daifugo.deck", "is no blind card a joker?", blind_no_joker),
        Check("daifugo.deck", "is no blind card listed twice?", blind_once),
    ),
    "deal": (
        Check("daifugo.deck", "was {p} dealt their share of the cards in play?", hand_size, "hand"),
        Check("daifugo.deck", "is each card dealt to {p} a card of the deck in play, dealt once, and no blind card?",
              hand_cards, "hand"),
        Check("daifugo.deck", "is every joker dealt?", all_jokers, "whole"),
        Check("daifugo.deck", "does the deal leave out the set's blind cards and no others?", blind_kept, "whole"),
    ),
}
"""Each rule's check, by the phase whose moves it judges, in the digest's order of decision: a move's ruling is the
first check it fails (`Position.ruling`), the legal moves those that fail none (`Position.legal_moves`)."""

def _ask_each(checks: Sequence[Check], pos: Any, move: Any, asked: list[Any] | None, *about: Any,
              stop: bool = False) -> list[tuple[Check, str]]:
    """The checks `move` fails, each with its words, asked in turn (`stop`: up to the first that fails);
    `asked` (if given) gets each check asked, its answer (and `about`); a check with no question here (`when`)
    is not asked (its test passes)."""
    out = []
    for c in checks:
        if c.when is not None and not c.when(pos, move):
            continue
        why = c.test(pos, move)
        if asked is not None:
            asked.append((c, why, *about))
        if why is not None:
            out.append((c, why))
            if stop:
                break
    return out


def order_faults(phase: str, move: SetStart | GameStart, asked: list[tuple[Check, str | None]] | None = None
                 ) -> list[tuple[Check, str]]:
    """daifugo.game-over: what is wrong with a set (`phase` "set") or a game ("game") starting now — each check of
    `CHECKS[phase]` asked in turn, each that fails with its words (its `stage`: whether the finding is the set's own
    or its first game's). `asked` (if given) gets each check asked and its answer."""
    return _ask_each(CHECKS[phase], None, move, asked)


def blind_faults(pos: DealSoFar, blind: tuple[DCard, ...],
                 asked: list[tuple[Check, str | None]] | None = None) -> str | None:
    """daifugo.deck: what is wrong with a set's list of blind cards — each check of `CHECKS["blind"]`
    asked in turn, what they find one report (None: nothing). `asked` (if given) gets each check
    asked and its answer (`why`'s steps)."""
    return "; ".join(why for _c, why in _ask_each(CHECKS["blind"], pos, blind, asked)) or None


def deal_faults(pos: DealSoFar, deal: Mapping[str, tuple[DCard, ...]],
                asked: list[tuple[Check, str | None, str | None]] | None = None
                ) -> tuple[list[tuple[str | None, str]], frozenset[Card] | None]:
    """daifugo.deck: what is wrong with a game's deal, as (player, message) — player None for the deal as a whole —
    and, when the set's blind cards were not known, the ones this clean, complete deal leaves out (else None).
    Each hand is asked the checks of a hand (stage `hand`), then a clean deal of every seat those of the whole."""
    out: list[tuple[str | None, str]] = []
    for p, cards in deal.items():
        hand = DealtHand(p, cards)
        problems = _ask_each([c for c in CHECKS["deal"] if c.stage != "whole"], pos, hand, asked, p)
        if problems:
            out.append((p, "; ".join(why for _c, why in problems)))
        pos.deal(hand)
    if out or len(deal) < len(pos.seats):
        return out, None
    whole = [c for c in CHECKS["deal"] if c.stage == "whole"]
    wrong = _ask_each(whole, pos, deal, asked, None, stop=True)
    if wrong:
        return [(None, wrong[0][1])], None
    return out, (frozenset(pos.left_out()) if pos.blind is None else None)
