"""The Daifugō turn order in one game (daifugo.turn-order, daifugo.clear): whose turn it is, who
else may act without a report, and how the record reads a pass written out of its place — an early
pass stands for a pass on the lead after it, a late one closes the round before a lead out of turn.

A position (`engine.Position`) holds one `Turns` and copies it before a move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from .model import OnTable
from .model import Pass, Play
from .table import Table


@lru_cache(maxsize=64)
def _seating(seats: tuple[str, ...]) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """For a game's seats, made once and shared by every position (none changes them): each seat's next players
    clockwise, ending with the seat itself (`next_from`); and the seats clockwise from each seat, starting with it."""
    n = len(seats)
    clockwise = {q: tuple(seats[(k + j) % n] for j in range(1, n + 1)) for k, q in enumerate(seats)}
    return clockwise, {q: (q, *after[:-1]) for q, after in clockwise.items()}


def _open(owner: str, passed: Mapping[str, int], active: Sequence[str]) -> bool:
    """Whether someone still in other than the `owner` of the play on the table has not passed on it."""
    for q in active:
        if q != owner and q not in passed:
            return True
    return False


class Turns:
    """Whose turn it is (a part of a position, copied before a move)."""

    __slots__ = ("clockwise", "around", "expected", "also", "resume", "late", "contradicted", "candidate",
                 "over_at")

    def __init__(self, seats: tuple[str, ...], leader: str | None) -> None:
        """The turn at the start of the play: the leader's."""
        self.clockwise, self.around = _seating(seats)
        self.expected: str | None = leader
        self.also: str | None = None
        """Who else may act now without a report: after the leader passed on an empty table (not
        allowed), the next player may take the lead in their place; after a turn out of turn, the
        player it skipped (then the turn goes on from `resume`, the one who acted out of turn)."""
        self.resume: str | None = None
        self.late: tuple[str, str] | None = None
        """(skipped, leader) after a new lead out of turn (the leader acting again before the round was
        over): the skipped player's pass right after it, written late, closed the round before."""
        self.contradicted = False
        """A pass taken as missing was contradicted by the record (the player acted again)."""
        self.candidate = False
        """The last move was a turn out of turn that a missing pass would explain (see `rules.readings`)."""
        self.over_at: int | None = None
        """The first turn after the ranking was settled (reported: daifugo.game-over)."""

    def copy(self) -> Turns:
        new = Turns.__new__(Turns)
        new.clockwise, new.around, new.expected, new.also, new.resume = (
            self.clockwise, self.around, self.expected, self.also, self.resume)
        new.late, new.contradicted, new.over_at, new.candidate = self.late, self.contradicted, self.over_at, False
        return new

    def in_turn(self, p: str) -> bool:
        """Whether it is `p`'s turn (or `p` may take it without a report, see `also`)."""
        return self.expected is None or p == self.expected or p == self.also

    def next_from(self, actor: str, passed: Mapping[str, int], active: Sequence[str],
                  owner: str | None = None) -> str | None:
        """The next player clockwise from `actor` who is still in and has not passed
        (daifugo.turn-order). The `owner` of the play on the table is passed over: the turn comes
        back to them only when everyone else has passed (daifugo.clear), so while someone a turn
        out of turn skipped has yet to act, it is that player's turn."""
        for q in self.clockwise[actor]:
            if q in active and q not in passed and q != owner:
                return q
        return None

    def left_of(self, p: str, active: Sequence[str]) -> str | None:
        """The first player still in to `p`'s left."""
        for q in self.clockwise[p][:-1]:
            if q in active:
                return q
        return None

    def turn_if_passed(self, actor: str, owner: str, passed: Mapping[str, int],
                       active: Sequence[str]) -> str | None:
        """Who acts after `actor` with these passes on `owner`'s play (daifugo.turn-order), changing nothing:
        once everyone else passed (daifugo.clear), the owner leads, or, out, the first player still in to their left."""
        if _open(owner, passed, active):
            return self.next_from(actor, passed, active, owner)
        return owner if owner in active else self.left_of(owner, active)

    def missing_passes(self, expected: str, p: str, top: OnTable | None, passed: Mapping[str, int],
                       active: Sequence[str], at: int) -> dict[str, int]:
        """The players a turn out of turn by `p` at play `at` skipped on a live table, if with their
        passes it would be `p`'s turn (a pass left out of the record); else empty. Whether the
        record reads so is for `readings` to judge. The passes are keyed by -`at`: no play of
        theirs shows them."""
        if top is None or expected == top.player:
            return {}
        owner = top.player
        gap: dict[str, int] = {}
        for q in self.around[expected]:
            if q == p:
                break
            if q in active and q not in passed and q != owner:
                gap[q] = -at
        if not gap or p != self.turn_if_passed(expected, owner, {**passed, **gap}, active):
            return {}
        return gap

    def skip(self, skipped: str, actor: str, table: Table, active: Sequence[str]) -> None:
        """(also, resume) after a turn out of turn that skipped `skipped`: if the record shows the
        skipped player acting next, that is their turn, not a second mistake — while the table still
        holds cards and they may act (still in, not passed)."""
        top = table.top
        if (top is None or skipped == self.expected or skipped not in active
                or skipped in table.passed or skipped == top.player):
            self.also = self.resume = None
        else:
            self.also, self.resume = skipped, actor

    def after(self, actor: str, table: Table, active: Sequence[str], notes: list[str]) -> None:
        """daifugo.clear: after a turn, clear the table if everyone else passed, else the next player acts."""
        top, passed = table.top, table.passed
        if top is None:
            self.expected = self.next_from(actor, passed, active, None)
            return
        owner = top.player
        if _open(owner, passed, active):
            self.expected = self.next_from(actor, passed, active, owner)
            return
        self.expected = leader = self.turn_if_passed(actor, owner, passed, active)  # everyone else passed
        if owner in active:
            notes.append("everyone else passed: " + table.clear("passes", owner, top))
        else:
            notes.append(f"everyone passed on {owner}'s last play: "
                         + table.clear("passes", leader, top) + f" (the first player still in, left of {owner})")

    def clear_after(self, p: str, on: OnTable, reason: str, table: Table, active: Sequence[str],
                    notes: list[str]) -> None:
        """daifugo.clear after an 8-cut or a spade-3 return: its player leads again, or, out, the
        next player still in to their left."""
        who = p if p in active else self.left_of(p, active)
        notes.append(table.clear(reason, who, on) + ("" if p in active else f" ({p} is out)"))
        self.expected = who

    # The record's two readings of a pass written out of its place (daifugo.turn-order), judged here
    # for the replay and the ruling alike.

    def take_early(self, p: str, table: Table, active: Sequence[str], notes: list[str]) -> bool:
        """Before `p` acts: each player the turn is with who passed on the empty table before this lead
        (`Table.early`) and whom the record now skips has passed on this lead — the turn moves on."""
        took = False
        early = table.early
        while early and table.top is not None and self.expected in early and p != self.expected \
                and p != self.also:
            q: str = self.expected  # type: ignore[assignment]
            table.passed[q] = early.pop(q)
            notes.append(f"{q}'s pass at play {table.passed[q]} stands for a pass on this lead")
            self.after(q, table, active, notes)
            took = True
        return took

    def late_pass(self, t: Play | Pass, active: Sequence[str]) -> bool:
        """Whether `t` is the pass, written after it, of the player whom a lead out of turn skipped
        (`late`): it closed the round before that lead, and is no mistake."""
        late = self.late
        return late is not None and t.player == late[0] and type(t) is Pass and t.player in active

    def written_late(self, t: Play | Pass, i: int, table: Table, active: Sequence[str], notes: list[str]) -> bool:
        """Read a pass written out of its place (`take_early`, `late_pass`): whether `t` is a late
        pass, which closed the round before a lead out of turn (no report, nothing changes)."""
        if table.early:
            self.take_early(t.player, table, active, notes)
            table.early.pop(t.player, None)
        was_late = self.late
        if was_late is None:
            return False
        late = self.late_pass(t, active)
        self.late = None
        if not late:
            return False
        # It closed the round before (no report, nothing changes — even if the early lead ended the
        # game); if the record then skips them on the new lead, it stands for their pass on that too.
        notes.append(f"pass on the round before {was_late[1]}'s new lead (written late)")
        table.early[t.player] = i
        self.also = self.resume = None
        return True
