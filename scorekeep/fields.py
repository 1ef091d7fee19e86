"""Turn YAML nodes into checked values: the one place where raw text becomes data.

Every helper raises InputError with the line of the offending value and a message that
says what was expected, so each game's record reader stays short and uniform.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .errors import InputError
from .yamlio import Map, Node, Scalar, Seq

T = TypeVar("T")

_WHOLE = re.compile(r"[+-]?[0-9]+\Z")
_SWITCH = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
_SPLIT = re.compile(r"[\s,]+")


def kind(node: Node) -> str:
    """How a node looks, for messages: 'a list', 'a mapping', or the text itself."""
    if isinstance(node, Map):
        return "a mapping"
    if isinstance(node, Seq):
        return "a list"
    return "nothing" if node.is_null else f"`{node.value}`"


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice that `word` is most plausibly a misspelling of, if any."""
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered:
        return lowered[word.lower()]
    import difflib  # only a misspelt record pays for it

    hit = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return hit[0] if hit else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    guess = closest(word, choices)
    return f" — did you mean `{guess}`?" if guess else ""


def listing(items: Iterable[object]) -> str:
    """`a, b, c` with backticks, for 'valid keys are …' messages."""
    return ", ".join(f"`{i}`" for i in items)


def mapping(node: Node, what: str) -> Map:
    if not isinstance(node, Map):
        raise InputError(f"{what} must be a mapping (`key: value` lines), not {kind(node)}", node.line)
    return node


def sequence(node: Node, what: str) -> Seq:
    if not isinstance(node, Seq):
        raise InputError(f"{what} must be a list, not {kind(node)}", node.line)
    return node


def keys(node: Map, what: str, valid: Sequence[str], required: Sequence[str] = ()) -> dict[str, Node]:
    """The mapping's values by key, refusing unknown keys and requiring `required`."""
    out: dict[str, Node] = {}
    for key, value in node.pairs:
        if key.value not in valid:
            raise InputError(
                f"unknown key `{key.value}` in {what}{did_you_mean(key.value, valid)} "
                f"(valid keys: {listing(valid)})", key.line)
        out[key.value] = value
    for k in required:
        if k not in out:
            raise InputError(f"{what} needs `{k}:` (valid keys: {listing(valid)})", node.line)
    return out


def text(node: Node, what: str, *, allow_empty: bool = False) -> str:
    """Any scalar as text, exactly as written (`No` stays `No`, `1` stays `1`)."""
    if not isinstance(node, Scalar):
        raise InputError(f"{what} must be text, not {kind(node)}", node.line)
    value = node.value.strip() if node.plain else node.value
    if not value and not allow_empty:
        raise InputError(f"{what} is empty", node.line)
    return value


def whole(node: Node, what: str) -> int:
    """A whole number. Range is the rules' business, not ours: -1 is read, `three` is not."""
    if isinstance(node, Scalar):
        raw = node.value.strip()
        if _WHOLE.match(raw):
            if len(raw) > 30:
                raise InputError(f"{what} `{raw[:20]}…` is too long to be a number from a card game",
                                 node.line)
            return int(raw)
    raise InputError(f"{what} must be a whole number, not {kind(node)}", node.line)


def switch(node: Node, what: str) -> bool:
    if isinstance(node, Scalar) and node.value.strip().lower() in _SWITCH:
        return _SWITCH[node.value.strip().lower()]
    raise InputError(f"{what} must be true or false (also yes/no, on/off), not {kind(node)}", node.line)


def choice(node: Node, what: str, choices: Sequence[str]) -> str:
    """One of a fixed set of words, case-insensitive."""
    if isinstance(node, Scalar):
        raw = node.value.strip()
        for c in choices:
            if raw.lower() == c.lower():
                return c
        raise InputError(
            f"{what} cannot be `{raw}`{did_you_mean(raw, choices)} (valid values: {listing(choices)})",
            node.line)
    raise InputError(f"{what} must be one of {listing(choices)}, not {kind(node)}", node.line)


def items(node: Node, what: str) -> list[Scalar]:
    """A YAML list of scalars, or one string split at spaces and commas."""
    if isinstance(node, Seq):
        out: list[Scalar] = []
        for item in node.items:
            if not isinstance(item, Scalar):
                raise InputError(f"each entry of {what} must be text, not {kind(item)}", item.line)
            out.append(item)
        return out
    if isinstance(node, Scalar):
        if node.is_null:
            return []
        return [Scalar(p, node.line, node.plain) for p in _SPLIT.split(node.value.strip()) if p]
    raise InputError(f"{what} must be a list or text, not {kind(node)}", node.line)


def cards(node: Node, what: str, parse: Callable[[str], T | None], explain: str) -> tuple[T, ...]:
    """Several cards: `[9H, 10H]`, `9H 10H` or `9H, 10H`. `parse` returns None for a bad card."""
    out = []
    for item in items(node, what):
        card = parse(item.value.strip())
        if card is None:
            raise InputError(f"`{item.value}` in {what} is not a card: {explain}", item.line)
        out.append(card)
    return tuple(out)


def card(node: Node, what: str, parse: Callable[[str], T | None], explain: str) -> T:
    if node.__class__ is Scalar:  # the common case first: this runs for every card of an archive
        found = parse(node.value)  # type: ignore[union-attr]
        if found is not None:
            return found
    if not isinstance(node, Scalar) or node.is_null:
        raise InputError(f"{what} must be one card, not {kind(node)}", node.line)
    found = parse(node.value.strip())
    if found is None:
        raise InputError(f"`{node.value}` in {what} is not a card: {explain}", node.line)
    return found


def players(node: Node, count: range, why: str = "") -> tuple[str, ...]:
    """The `players` list: unique names in clockwise order, each kept as written."""
    seq = sequence(node, "`players`")
    names: list[str] = []
    for item in seq.items:
        name = text(item, "a player's name")
        if "\n" in name or "\r" in name:  # it would split every line and table it is shown in
            shown = name.replace("\r", "\\r").replace("\n", "\\n")
            raise InputError(f"a player's name must fit on one line: `{shown}` has a line break in it",
                             item.line)
        if name in names:
            raise InputError(f"`{name}` is listed twice in `players`: names must be unique", item.line)
        names.append(name)
    if len(names) not in count:
        want = f"exactly {count.start}" if len(count) == 1 else f"{count.start} to {count.stop - 1}"
        raise InputError(f"this game needs {want} players{why}; `players` lists {len(names)}", seq.line)
    return tuple(names)


def player(node: Node, names: Sequence[str], what: str) -> str:
    """A name that must be one of the players."""
    if node.__class__ is Scalar and node.value in names:  # type: ignore[union-attr]
        return node.value  # type: ignore[union-attr]
    name = text(node, what)
    if name not in names:
        raise InputError(
            f"`{name}` in {what} is not a player{did_you_mean(name, names)} "
            f"(players: {', '.join(names)})", node.line)
    return name


def per_player(node: Node, names: Sequence[str], what: str) -> list[tuple[str, Scalar, Node]]:
    """A `{player: value}` mapping in written order: (name, key node, value node)."""
    m = mapping(node, what)
    return [(player(k, names, f"{what}"), k, v) for k, v in m.pairs]
