"""What a legal Daifugō play causes, each condition written once: a revolution, an 8-cut, a lock,
and what makes a finishing play a forbidden finish (the engine's effects ask these)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import DCard, Joker
from .combos import GROUP, SPADE_3, STAIRS, Reading
from .model import OnTable

def forbidden_reason(cards: tuple[DCard, ...], revolution: bool, cuts: bool) -> str | None:
    """daifugo.forbidden-finish: why a play that empties a hand is a forbidden finish, judged in
    the order before it; None if legal."""
    if any(type(c) is Joker for c in cards):
        return "it contains a joker"
    if cuts:
        return "it makes an 8-cut (8切り)"
    if revolution:
        if any(c.rank == 3 for c in cards):  # type: ignore[union-attr]
            return "it contains a 3 during a revolution (革命)"
        return None
    if any(c.rank == 2 for c in cards):  # type: ignore[union-attr]
        return "it contains a 2 in normal order"
    if cards == (SPADE_3,):
        return "it is the single spade 3 in normal order"
    return None


_FOULS = {False: "a joker, an 8-cut (8切り), a 2 or the single spade 3", True: "a joker, an 8-cut (8切り) or a 3"}
"""What makes a finish forbidden in each order (`forbidden_reason`), for the words of a legal one."""


def fair_finish(cards: tuple[DCard, ...], revolution: bool, revolts: bool) -> str:
    """daifugo.forbidden-finish: why a play that empties a hand, which `forbidden_reason` passes, is a
    legal finish, in words (`revolts`: the play starts or ends a revolution, which comes after it)."""
    order = "during a revolution (革命)" if revolution else "in normal order"
    words = f"no forbidden finish: {order} only {_FOULS[revolution]} makes one"
    if revolution and any(type(c) is not Joker and c.rank == 2 for c in cards):  # type: ignore[union-attr]
        words += " (a 2 only in normal order)"
    if revolts:
        words += "; judged in the order before the play, so the revolution it starts does not count"
    if any(type(c) is not Joker and c.rank == 8 for c in cards):  # type: ignore[union-attr]
        words += "; its 8 does not cut (8切り) here, so it is no 8-cut"
    return words


def cuts(opts: Mapping[str, Any], reading: Reading | None) -> bool:
    """daifugo.eight-cut: whether a legal play read so cuts (an 8 in it; stairs only by house rule)."""
    return bool(reading is not None and opts["eight_cut"] and reading.has_eight
                and (reading.kind != STAIRS or opts["eight_cut_stairs"]))


def revolts(opts: Mapping[str, Any], reading: Reading | None) -> bool:
    """daifugo.revolution: whether a legal play read so starts (or ends) a revolution: four of a
    kind or more, or stairs of the house rule's length."""
    return bool(reading is not None and (
        (reading.kind == GROUP and reading.size >= 4)
        or (reading.kind == STAIRS and opts["stairs_revolution"] and reading.size >= opts["stairs_revolution"])))


def locks(opts: Mapping[str, Any], lock: tuple[str, ...] | None, reading: Reading | None,
          covered: OnTable | None, cut: bool, returns: bool) -> tuple[str, ...] | None:
    """daifugo.suit-lock: the suits a legal play locks on an unlocked table: those of the play it covers,
    when neither holds a joker (not when it cuts or returns the joker: the table clears), None if none.
    What a locked table accepts is `combos.decide`'s (`lock_fits`)."""
    if not opts["suit_lock"] or lock is not None or cut or returns or reading is None or covered is None:
        return None
    before = covered.reading
    if before is None or reading.jokers or before.jokers or reading.suits != before.suits:
        return None
    return reading.suits
