"""Who is still in a Daifugō game and how the others left; the ranking it settles
(daifugo.ranking, daifugo.miyako-ochi), and the effect of a play that empties a hand
(daifugo.forbidden-finish, 都落ち)."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import and_list, ordinal
from .cards import DCard, show
from .model import rank_name

# --- standings: who is out, and the ranking (daifugo.ranking, daifugo.miyako-ochi) ---------

class Standing:
    """Who is still in a game and how the others left; settles the ranking. `exits` lists (player, legal) in the
    order players went out by a play; falls are not exits."""

    def __init__(self, seats: tuple[str, ...], prev_daifugo: str | None, miyako_ochi: bool) -> None:
        self.seats = seats
        self.prev_daifugo = prev_daifugo
        self.miyako_ochi = miyako_ochi
        self.active: list[str] = list(seats)
        self.finishers: list[str] = []
        self.fouls: list[str] = []
        self.fallen: str | None = None
        self.trigger: str | None = None
        self.exits: list[tuple[str, bool]] = []
        self.gone: dict[str, str] = {}
        """How each player who left the game by a play left it, in words (`finish`)."""
        self.settled_at = 0
        """The play that settled the ranking (0: none yet)."""

    def copy(self) -> Standing:
        new = Standing.__new__(Standing)
        new.__dict__.update(self.__dict__)
        new.active, new.finishers, new.fouls, new.exits = (list(self.active), list(self.finishers),
                                                           list(self.fouls), list(self.exits))
        new.gone = dict(self.gone)
        return new

    @property
    def settled(self) -> bool:
        return len(self.active) <= 1

    def leave(self, p: str, legal: bool) -> str | None:
        """`p` went out (legally or by a forbidden finish); returns the 大富豪 who falls, if any."""
        self.active.remove(p)
        self.exits.append((p, legal))
        if not legal:
            self.fouls.append(p)
            return None
        self.finishers.append(p)
        prev = self.prev_daifugo
        if self.miyako_ochi and prev is not None and prev != p and prev in self.active:
            self.active.remove(prev)
            self.fallen, self.trigger = prev, p
            return prev
        return None

    @property
    def first_out(self) -> str:
        """The finish that made last game's 大富豪 fall (daifugo.miyako-ochi), in words: `乙 went out first`,
        or after a forbidden finish, which never makes one fall, `乙 was the first to go out legally (甲's
        forbidden finish does not count)`."""
        p = self.trigger
        # (a fall a written ranking settles, `ended_in`, follows every exit that happened)
        at = next((i for i, e in enumerate(self.exits) if e == (p, True)), len(self.exits))
        fouled = [q for q, legal in self.exits[:at] if not legal]
        if not fouled:
            return f"{p} went out first"
        owners = and_list([f"{q}'s" for q in fouled])
        return (f"{p} was the first to go out legally ({owners} forbidden "
                f"finish{'es do' if len(fouled) > 1 else ' does'} not count)")

    def finish(self, p: str, cards: tuple[DCard, ...], foul: str | None, revolt: bool, i: int,
               notes: list[str], clears: str | None = None) -> tuple[str | None, str | None, str | None]:
        """`p`'s play `i` emptied their hand, on this copy: a forbidden finish (`foul`: why), or out (and 都落ち).
        `clears`: the effect of the play that clears the table (`8-cut (8切り)`), which a foul does not stop."""
        if foul is not None:
            # daifugo.forbidden-finish
            self.leave(p, False)
            self.gone[p] = f"went out by a forbidden finish at play {i}"
            k = len(self.fouls)
            notes.append(f"forbidden finish (反則上がり): {foul}")
            return (f"{p} went out with {show(cards)}, a forbidden finish (反則上がり): {foul}"
                    f"{' (judged in the order before this play)' if revolt else ''}. "
                    f"{p} leaves the game ranked from the bottom "
                    f"({'大貧民' if k == 1 else '貧民' if k == 2 else 'the next rank up'}); "
                    + (f"the play stands, and its {clears} still clears the table" if clears else
                       "the cards stay on the table")), None, None
        fallen = self.leave(p, True)
        self.gone[p] = f"went out at play {i}"
        notes.append(f"{p} goes out ({ordinal(len(self.finishers))})")
        if fallen is None:
            return None, None, None
        # daifugo.miyako-ochi
        self.gone[fallen] = f"fell by 都落ち at play {i}"
        notes.append(f"都落ち: {fallen} falls")
        return None, fallen, (f"{self.first_out} while {fallen}, last game's 大富豪, was still playing: "
                              f"{fallen} falls (都落ち), leaves the game and takes the lowest rank no "
                              "foul has taken")

    def ends_as(self, ranks: Sequence[str], fouls_ok: bool) -> bool:
        """Whether this standing can still end in the ranking `ranks` (daifugo.ranking): some order of
        the players still in going out, each legally or (`fouls_ok`) by a forbidden finish, settles it
        so — 都落ち included. The next legal finisher takes the next rank from the top and the next
        foul the next from the bottom, so there are at most two ways on from each standing."""
        if self.settled:
            return self.ranking() == tuple(ranks)
        if len(self.finishers) >= len(ranks) or len(self.fouls) >= len(ranks):
            return False
        ways = ((ranks[len(self.finishers)], True), (ranks[len(ranks) - 1 - len(self.fouls)], False))
        for p, legal in ways:
            if p in self.active and (legal or fouls_ok):
                on = self.copy()
                on.leave(p, legal)
                if on.ends_as(ranks, fouls_ok):
                    return True
        return False

    def why_not(self, ranks: Sequence[str]) -> str:
        """Why this standing cannot end in `ranks` (`ends_as` is false), in words: each player whose place
        the finishes fix and the ranks put elsewhere, or else the fall (都落ち) that rules them out."""
        n = len(ranks)
        bits = [f"{p} was the {ordinal(i + 1)} to go out legally, so {p} is {rank_name(i)}"
                for i, p in enumerate(self.finishers) if i >= n or ranks[i] != p]
        bits += [f"{p} went out by a forbidden finish (反則上がり), the {ordinal(k + 1)} foul, so {p} ranks from the "
                 f"bottom: {rank_name(n - 1 - k)}" for k, p in enumerate(self.fouls) if k >= n or ranks[n - 1 - k] != p]
        if bits:
            return "; ".join(bits)
        if self.fallen is not None:
            return (f"{self.fallen}, last game's 大富豪, fell when {self.first_out} (都落ち): only a foul ranks "
                    f"below {self.fallen}")
        prev = self.prev_daifugo
        if self.miyako_ochi and prev in self.active:
            return (f"{prev}, last game's 大富豪, falls (都落ち) if another player goes out legally first, and then "
                    f"only a foul ranks below {prev}")
        return "no way of finishing from here ends so"

    def ended_in(self, ranks: Sequence[str]) -> Standing:
        """This unfinished standing ended with the players still in going out legally in the order of
        `ranks` (daifugo.ranking, 都落ち as it falls): what the finishes so far fix stands, a written
        ranking settles only what they leave open. Its `exits` stay the ones that happened."""
        end = self.copy()
        for p in ranks:
            if p in end.active and not end.settled:
                end.leave(p, True)
        end.exits = list(self.exits)
        return end

    def ranking(self) -> tuple[str, ...]:
        return (*self.finishers, *self.active, *([self.fallen] if self.fallen else []), *reversed(self.fouls))

    def explain(self) -> str:
        """Why the ranking is what it is, player by player."""
        order = self.ranking()
        parts = []
        for i, p in enumerate(order):
            r = rank_name(i)
            if p in self.finishers:
                parts.append(f"{p} went out {ordinal(self.finishers.index(p) + 1)} ({r})")
            elif p == self.fallen:
                parts.append(f"{p}, last game's 大富豪, fell when {self.first_out} (都落ち) ({r})")
            elif p in self.fouls:
                k = self.fouls.index(p)
                parts.append(f"{p} went out by a forbidden finish (反則上がり), the {ordinal(k + 1)} foul ({r})")
            else:
                parts.append(f"{p} was the last player left ({r})")
        return "; ".join(parts)
