"""Turn YAML nodes into checked values: the one place where raw text becomes data.

Every helper raises InputError with the line of the offending value and a message that
says what was expected, so each game's record reader stays short and uniform.
"""

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import groupby
from typing import Any, NamedTuple, TypeVar

from .errors import InputError, where
from .yamlio import Map, Node, Scalar, Seq, wide_hint

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


def runs(numbers: Iterable[int]) -> list[list[int]]:
    """The runs of consecutive numbers, in order (for messages): [0, 1, 2, 4, 5] → [[0, 1, 2], [4, 5]]."""
    return [[n for _i, n in run] for _k, run in groupby(enumerate(numbers), lambda x: x[1] - x[0])]


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
            raise InputError(colon_slip(key.value, valid) or (
                f"unknown key `{key.value}` in {what}{did_you_mean(key.value, valid)} "
                f"(valid keys: {listing(valid)}){wide_hint(key.value)}"), key.line)
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


def digits(node: Node) -> int | None:
    """The common case of `whole`, for a reader that makes its message only when needed: a
    scalar of plain ASCII digits (`3`) as its number; None for anything else (ask `whole`)."""
    if node.__class__ is Scalar:
        raw = node.value  # type: ignore[union-attr]
        if raw.isdigit() and raw.isascii() and len(raw) <= 30:
            return int(raw)
    return None


def whole(node: Node, what: str) -> int:
    """A whole number. Range is the rules' business, not ours: -1 is read, `three` is not.
    Full-width digits (`３`, typed with a Japanese input method on) are read as digits."""
    n = digits(node)  # the common case first: `3`
    if n is not None:
        return n
    if node.__class__ is Scalar:
        raw = node.value.strip()  # type: ignore[union-attr]
        if not raw.isascii():
            from unicodedata import normalize  # only for non-ASCII input (start-up cost)

            raw = normalize("NFKC", raw).strip()
        if _WHOLE.match(raw):
            if len(raw) > 30:
                raise InputError(f"{what} `{raw[:20]}…` is too long to be a number from a card game",
                                 node.line)
            return int(raw)
    hint = wide_hint(node.value) if isinstance(node, Scalar) else ""
    raise InputError(f"{what} must be a whole number, not {kind(node)}{hint}", node.line)


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
            f"{what} cannot be `{raw}`{did_you_mean(raw, choices)} (valid values: {listing(choices)})"
            f"{wide_hint(raw)}",
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
    found = card_list(node, parse)
    if found is not None:
        return found
    out = []
    for item in items(node, what):
        card = parse(item.value.strip())
        if card is None:
            raise InputError(f"`{item.value}` in {what} is not a card: {explain}{card_hint(item.value, parse)}",
                             item.line)
        out.append(card)
    return tuple(out)


def card_list(node: Node, parse: Callable[[str], T | None]) -> tuple[T, ...] | None:
    """The common case of `cards`, with no message to make: a YAML list whose every entry is a
    card text (`parse(text.strip())` gives it); None for anything else (ask `cards`)."""
    if node.__class__ is not Seq:
        return None
    try:  # one pass per step, not a Python loop per card: a deal may list a million
        texts = [item.value.strip() for item in node.items]  # type: ignore[union-attr]
    except AttributeError:  # a list or mapping among the cards (only a Scalar has `value`)
        return None
    found = list(map(parse, texts))
    if None in found:  # a card value (a tuple) is never equal to None
        return None
    return tuple(found)


def card(node: Node, what: str, parse: Callable[[str], T | None], explain: str) -> T:
    if node.__class__ is Scalar:  # the common case first: this runs for every card of an archive
        found = parse(node.value)  # type: ignore[union-attr]
        if found is not None:
            return found
    if not isinstance(node, Scalar) or node.is_null:
        raise InputError(f"{what} must be one card, not {kind(node)}", node.line)
    found = parse(node.value.strip())
    if found is None:
        raise InputError(f"`{node.value}` in {what} is not a card: {explain}{card_hint(node.value, parse)}",
                         node.line)
    return found


def card_hint(text: str, parse: Callable[[str], Any]) -> str:
    """`; `３Ｈ` is typed in full-width letters: write `3H`` when the card typed with a Japanese or
    Chinese input method on is a card in ordinary letters; else the hint for full-width punctuation."""
    if not text.isascii():
        from unicodedata import normalize

        plain = normalize("NFKC", text).strip()
        if plain != text.strip() and parse(plain) is not None:
            return f"; `{text.strip()}` is typed in full-width letters: write `{plain}`"
    return wide_hint(text)


def players(node: Node, count: range, why: str = "") -> tuple[str, ...]:
    """The `players` list: unique names in clockwise order, each kept as written."""
    seq = sequence(node, "`players`")
    if len(seq.items) not in count:  # first: a list of 80,000 names is refused before it is read
        want = f"exactly {count.start}" if len(count) == 1 else f"{count.start} to {count.stop - 1}"
        hint = next((f" (`{i.value}` is one name{wide_hint(i.value)})" for i in seq.items[:8]
                     if isinstance(i, Scalar) and wide_hint(i.value)), "")
        raise InputError(f"this game needs {want} players{why}; `players` lists {len(seq.items)}{hint}",
                         seq.line)
    names: dict[str, Scalar] = {}
    for item in seq.items:
        name = text(item, "a player's name")
        if "\n" in name or "\r" in name:  # it would split every line and table it is shown in
            shown = name.replace("\r", "\\r").replace("\n", "\\n")
            raise InputError(f"a player's name must fit on one line: `{shown}` has a line break in it",
                             item.line)
        fits(name, item.line)
        if name in names:
            raise InputError(f"`{name}` is listed twice in `players`: names must be unique", item.line)
        names[name] = item  # type: ignore[assignment]
    _lookalikes(names)
    return tuple(names)


NAME_MAX = 40
"""The most characters a player's name (or a Rook team's label) may have: it is printed on every
row of a sheet and a replay, so a longer one would make the output grow faster than the record."""


def fits(name: str, line: int | None, what: str = "a player's name") -> None:
    """Refuse a name longer than NAME_MAX characters (code points, after NFC normalisation:
    `é` typed as e + accent counts once)."""
    if name.isascii():
        size = len(name)
    else:
        from unicodedata import normalize  # only for non-ASCII names (start-up cost)

        size = len(normalize("NFC", name))
    if size > NAME_MAX:
        raise InputError(f"`{name[:NAME_MAX]}…` is {size:,} characters long: {what} may have at most "
                         f"{NAME_MAX} (a shorter form or a nickname will do)", line)


def player(node: Node, names: Sequence[str], what: str) -> str:
    """A name that must be one of the players."""
    if node.__class__ is Scalar and node.value in names:  # type: ignore[union-attr]
        return node.value  # type: ignore[union-attr]
    name = text(node, what)
    if name not in names:
        fits(name, node.line)
        raise InputError(colon_slip(name, names) or (
            f"`{name}` in {what} is not a player{_guess(name, names)} "
            f"(players: {', '.join(names)}){wide_hint(name)}"), node.line)
    return name


def _guess(name: str, names: Sequence[str]) -> str:
    """` — did you mean `North`?`, or why a name that looks like a player's is not that name."""
    look = skeleton(name)
    for n in names:
        if name.lower() == n.lower():  # (capitals are part of a name: Ana and ANA are two names; ß is no ss)
            return f" — did you mean `{n}`? Only its capitals differ, and names are written exactly as listed"
        if skeleton(n) == look:
            return f": it looks like `{n}` but is written with other letters ({_foreign(name, n)})"
    return did_you_mean(name, names)


def colon_slip(text: str, valid: Iterable[str]) -> str | None:
    """What to say when `B:3` was written for `B: 3` (YAML reads `{B:3}` as one text `B:3`),
    or `B：3` with a full-width colon; None when `text` is no such slip."""
    for colon in (":", "\uff1a"):
        head, sep, tail = text.partition(colon)
        if sep and head.strip() in valid:
            tail = tail.strip()
            if colon == ":":
                return f"`{text}` needs a space after the colon: `{head.strip()}: {tail}`"
            return f"`{text}` has a full-width colon `：` — use `:` (`{head.strip()}: {tail}`)"
    return None


def per_player(node: Node, names: Sequence[str], what: str) -> list[tuple[str, Scalar, Node]]:
    """A `{player: value}` mapping in written order: (name, key node, value node)."""
    m = mapping(node, what)
    # the common case inline: this runs for every trick and every bid of an archive
    return [(k.value if k.value in names else player(k, names, what), k, v) for k, v in m.pairs]


# --- names that only look alike ---------------------------------------------------------

# Letters of Cyrillic and Greek that are drawn like Latin ones (the common part of Unicode's
# confusables list), so `Nоrth` with a Cyrillic о reads as `North` to the eye.
_LOOKS_LATIN = str.maketrans(
    "АВЕКМНОРСТХУІЈЅԚԜҺӀаеорсухіјѕԁԛԝһӏкΑΒΕΖΗΙΚΜΝΟΡΤΥΧοικνρυα",
    "ABEKMHOPCTXYIJSQWHIaeopcyxijsdqwhlkABEZHIKMNOPTYXoikvpua")
_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def skeleton(name: str) -> str:
    """How a name looks: compatibility forms folded (`Ｎ` is `N`), Cyrillic and Greek look-alike
    letters read as Latin, case ignored. Two names with one skeleton are told apart by eye only
    with difficulty."""
    if name.isascii():
        return name.casefold()
    from unicodedata import normalize

    return normalize("NFKC", name).translate(_LOOKS_LATIN).casefold()


def _script(ch: str) -> str | None:
    import unicodedata

    if not ch.isalpha():
        return None
    word = unicodedata.name(ch, "").split(" ", 1)[0]
    return word if word in _SCRIPTS else None


def _foreign(name: str, other: str = "") -> str:
    """`a Cyrillic о`: the letters of `name` from another script than the rest (or than `other`)."""
    import unicodedata

    found = []
    theirs = {_script(c) for c in other if _script(c)} or {"LATIN"}
    for ch in dict.fromkeys(name):
        sc = _script(ch)
        if sc is not None and sc not in theirs:
            found.append(f"a {sc.title()} {ch}")
        elif not ch.isascii() and unicodedata.normalize("NFKC", ch) != ch:
            found.append(f"a full-width {ch}")
    return ", ".join(found) or "different letters"


def _lookalikes(names: dict[str, Scalar]) -> None:
    """Warn about players whose names only look alike, or mix Latin with look-alike letters."""
    seen: dict[str, str] = {}
    for name, node in names.items():
        look = skeleton(name)
        other = seen.setdefault(look, name)
        if other is not name and other.casefold() != name.casefold():
            warn(f"the players `{other}` and `{name}` look alike but are different names "
                 f"(`{name}` has {_foreign(name, other)}): check which one each line means", node.line)
        elif not name.isascii():
            scripts = {s for c in name if (s := _script(c))}
            if len(scripts) > 1:
                warn(f"the player name `{name}` mixes {' and '.join(sorted(s.title() for s in scripts))} "
                     f"letters ({_foreign(name)}): it looks like `{name.translate(_LOOKS_LATIN)}` but is "
                     "not the same name", node.line)


# --- reading on past an unreadable hand ---------------------------------------------------

class ReadWarning(NamedTuple):
    """Something in a readable record that is probably a slip (names that only look alike)."""

    message: str
    line: int | None
    path: str | None = None

    def __str__(self) -> str:
        return f"{where(self.path, self.line)}: warning: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "message": self.message}


MAX_ERRORS = 50
"""Input errors collected from one file; past this the rest of the file is not read."""


class Reading:
    """What reading one record found besides the record: every input error (the first
    unreadable hand or game ends the part that is judged) and warnings."""

    __slots__ = ("errors", "warnings", "gap", "full")

    def __init__(self) -> None:
        self.errors: list[InputError] = []
        self.warnings: list[ReadWarning] = []
        self.gap = False
        """True once a hand or game could not be read: what follows is read for slips only."""
        self.full = False
        """True once MAX_ERRORS were collected: nothing more is read."""


_READING: ContextVar[Reading | None] = ContextVar("scorekeep_reading", default=None)


@contextmanager
def reading() -> Iterator[Reading]:
    """Collect input errors per hand or game (see `each`) and warnings while reading a record.
    Outside this, the first input error is raised as it always was."""
    r = Reading()
    token = _READING.set(r)
    try:
        yield r
    finally:
        _READING.reset(token)


def warn(message: str, line: int | None) -> None:
    r = _READING.get()
    if r is not None:
        r.warnings.append(ReadWarning(message, line))


def each(nodes: Sequence[Node], read_one: Callable[[Node, int], T], label: Callable[[int], str]) -> tuple[T, ...]:
    """`read_one(node, number)` for each node (hands, games, sets), numbered from 1.

    Inside `reading()`, an unreadable one does not stop the file: its error is collected, the
    ones after it are still read for their own errors, and the result holds only those before
    the first gap (later hands depend on earlier ones: dealer, scores, the seat change), so
    the check stops there and the error says so. Outside `reading()`, the first error raises.
    """
    r = _READING.get()
    if r is None:
        return tuple(read_one(n, i) for i, n in enumerate(nodes, 1))
    out: list[T] = []
    for i, n in enumerate(nodes, 1):
        if r.full:
            break
        before = r.gap
        try:
            item = read_one(n, i)
        except InputError as e:
            if not r.gap:
                r.gap = True
                e = InputError(f"{e.message}; {label(i)} could not be read: the check stops before it",
                               e.line, e.path)
            _collect(r, e)
            continue
        if not before:
            out.append(item)
    return tuple(out)


def _collect(r: Reading, e: InputError) -> None:
    """Add `e` to what `r` found; at MAX_ERRORS, say so and read no more."""
    r.errors.append(e)
    if len(r.errors) >= MAX_ERRORS:
        r.full = True
        r.errors.append(InputError(f"{MAX_ERRORS} input errors: the rest of the file was not read "
                                   "for more", e.line, e.path))
