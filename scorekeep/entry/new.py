"""A new record: the header a table starts a match with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import api
from ..errors import InputError
from .edits import flow_text, scalar_text

def option_value(text: str) -> Any:
    """A `--rule KEY=VALUE` value as the record writes it: a number, a switch, a list, text."""
    t = text.strip()
    if t.lstrip("+-").isdigit():
        return int(t)
    if t.startswith("[") and t.endswith("]"):
        return [option_value(x) for x in t[1:-1].split(",") if x.strip()]
    return t


def new_record(game: str, players: Sequence[str], first_dealer: str | None = None,
               rules: Mapping[str, str] | None = None, title: str | None = None,
               teams: Sequence[str] | None = None) -> str:
    """The text of a new record, checked by the reader (InputError if it would not read).
    `teams`: the teams' names, the first player's team first (Rook)."""
    from ..games import REGISTRY

    name = REGISTRY.resolve(game)
    if name is None:
        raise InputError(f"unknown game `{game}` (games: {', '.join(REGISTRY.names())})")
    entry = REGISTRY.part(name, "entry")
    lines = [f"game: {name}"]
    if title:
        lines.append(f"title: {scalar_text(title)}")
    lines.append(f"players: {flow_text(list(players))}")
    if first_dealer is not None:
        if entry.NO_FIRST_DEALER:
            raise InputError(entry.NO_FIRST_DEALER)
        lines.append(f"first_dealer: {scalar_text(first_dealer)}")
    if teams:
        lines.append(f"teams: {flow_text(entry.teams_value(list(players), list(teams)))}")
    if rules:
        lines.append(f"rules: {flow_text({k: option_value(v) for k, v in rules.items()})}")
    lines.append(f"{entry.LIST_KEY}:")
    text = "\n".join(lines) + "\n"
    api.audit(api.load(text=text, strict=True))  # raises InputError: unknown option, bad name, wrong player count
    return text
