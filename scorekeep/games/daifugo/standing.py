"""Who is still in a Daifugō game and how the others left; the ranking it settles
(daifugo.ranking, daifugo.miyako-ochi)."""

from __future__ import annotations

from .model import ORDINALS, rank_name

# --- standings: who is out, and the ranking (daifugo.ranking, daifugo.miyako-ochi) ---------

class Standing:
    """Who is still in a game and how the others left; settles the ranking.

    `exits` lists (player, legal) in the order players went out by a play; falls are not exits.
    """

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

    def copy(self) -> Standing:
        new = Standing.__new__(Standing)
        new.__dict__.update(self.__dict__)
        new.active, new.finishers, new.fouls, new.exits = (list(self.active), list(self.finishers),
                                                           list(self.fouls), list(self.exits))
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

    def ranking(self) -> tuple[str, ...]:
        return (*self.finishers, *self.active, *([self.fallen] if self.fallen else []), *reversed(self.fouls))

    def explain(self) -> str:
        """Why the ranking is what it is, player by player."""
        order = self.ranking()
        parts = []
        for i, p in enumerate(order):
            r = rank_name(i)
            if p in self.finishers:
                parts.append(f"{p} went out {ORDINALS[self.finishers.index(p)]} ({r})")
            elif p == self.fallen:
                parts.append(f"{p}, last game's 大富豪, fell when {self.trigger} went out first (都落ち) ({r})")
            elif p in self.fouls:
                k = self.fouls.index(p)
                parts.append(f"{p} went out by a forbidden finish (反則上がり), the {ORDINALS[k]} foul ({r})")
            else:
                parts.append(f"{p} was the last player left ({r})")
        return "; ".join(parts)
