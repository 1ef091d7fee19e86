"""Reading what a scorer types: names from a prefix, numbers per player, lists of names.

Only spelling is judged here (InputError); whether a value is legal is the checker's call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import InputError
from ..fields import did_you_mean, fits, runs

_WHOLE = re.compile(r"[+-]?\d{1,9}\Z")
_SPLIT = re.compile(r"\s*[,，、]\s*|\s+")


def match_name(text: str, names: Sequence[str], what: str = "a player") -> str:
    """The one name `text` stands for: the name itself, or the only one it starts, without
    regard to case."""
    t = text.strip()
    if t in names:
        return t
    keys = (str.casefold, _wide, _plain)  # then in full or half width, then without accents: `chloe` is Chloé
    for key in keys:  # a whole name before the start of one
        low = key(t)
        exact = [n for n in names if key(n) == low]
        if len(exact) == 1:
            return exact[0]
    for key in keys:
        low = key(t)
        starts = [n for n in names if key(n).startswith(low)] if low else []
        if len(starts) == 1:
            return starts[0]
        if len(starts) > 1:
            raise InputError(f"`{t}` could be {', '.join(starts)}: type more of the name")
    fits(t, None)  # no player has a longer name: say so rather than guess at one
    raise InputError(f"`{t}` is not {what}{did_you_mean(t, list(names))} ({', '.join(names)})")


def _wide(name: str) -> str:
    """A name in any width and case (`ＣＨＬＯÉ` → `chloé`, half-width `ｶﾞｸ` → `ガク`)."""
    from unicodedata import normalize

    return normalize("NFKC", name).casefold()


_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"})
"""Latin letters Unicode does not take apart into a letter and an accent, as a table types them
without it (`soren` for Søren)."""


def _plain(name: str) -> str:
    """A name in any width and case without its accents (`Chloé` → `chloe`, `Søren` → `soren`); the
    kana's voicing marks are kept (ガク is not カク)."""
    from unicodedata import combining, normalize

    plain = "".join(c for c in normalize("NFD", _wide(name)) if not combining(c) or c in "\u3099\u309a")
    return plain.translate(_LETTERS)


def read_given(given: Mapping[str, str], what: str, readers: Mapping[str, Callable[[str], Any]]) -> dict[str, Any]:
    """The values of `add`'s options (`--KEY VALUE`), each read by its key's reader; `what`: what
    the keys are of (`a Rook hand`)."""
    out: dict[str, Any] = {}
    for key, raw in given.items():
        if key not in readers:
            raise InputError(f"--{key} is not a key of {what} (keys: {', '.join('--' + k for k in readers)})")
        out[key] = readers[key](raw)
    return out


def whole(text: str, what: str) -> int:
    t = text.strip()
    if not _WHOLE.match(t):
        raise InputError(f"{what} must be a whole number, not `{t}`")
    return int(t)


def items(text: str) -> list[str]:
    """`A=1,B=2`, `1 2 3 4`, `甲、乙、丙`: the items, split at commas or spaces."""
    t = text.strip()
    if t.startswith("[") and t.endswith("]") or t.startswith("{") and t.endswith("}"):
        t = t[1:-1]
    return [x for x in _SPLIT.split(t) if x]


def per_player(text: str, keys: Sequence[str], what: str, aliases: dict[str, str] | None = None) -> dict[str, int]:
    """`NAME=V,NAME=V` (names from a prefix) or a bare list in the order of `keys` → a mapping
    in the order given (a bare list must give every key)."""
    t = text.strip().strip("[]{}")
    named = any(c in t for c in "=:＝：")  # full-width too, as typed with a Japanese or Chinese input method
    # names may hold spaces: a `NAME=V` list is split only at commas
    parts = [x.strip() for x in re.split(r"\s*[,，、]\s*", t) if x.strip()] if named else items(text)
    if not parts:
        raise InputError(f"{what} is empty")
    out: dict[str, int] = {}
    if named:
        choices = list(dict.fromkeys([*keys, *(aliases or {})]))
        for p in parts:
            m = re.match(r"(.+?)\s*[=:＝：]\s*(.*)\Z", p)
            if not m:
                raise InputError(f"{what}: `{p}` is not NAME=VALUE")
            if aliases:  # a team by its label or either partner's name: any start naming one team
                low = m.group(1).strip().casefold()
                teams = {aliases[c] for c in choices if c.casefold().startswith(low)} if low else set()
                name = teams.pop() if len(teams) == 1 else match_name(m.group(1), choices, "a team or a player")
                name = aliases.get(name, name)
            else:
                name = match_name(m.group(1), choices)
            if name in out:
                raise InputError(f"{what} gives {name} twice")
            out[name] = whole(m.group(2), f"{what} of {name}")
        return out
    if len(parts) != len(keys):
        raise InputError(f"{what} lists {len(parts)} values for {len(keys)} ({', '.join(keys)}, in that "
                         "order); or write NAME=VALUE")
    for k, p in zip(keys, parts):
        out[k] = whole(p, f"{what} of {k}")
    return out


def name_items(text: str, players: Sequence[str]) -> list[str]:
    """The names of a typed list: split at commas where there is one (`Mary Ann, Bo`), else at
    spaces, words joined again where together they are a name that holds a space
    (`Mary Ann Bo`, or a start of it, `mary a bo`, when one name only starts so)."""
    t = text.strip()
    if t.startswith("[") and t.endswith("]"):
        t = t[1:-1]
    if re.search(r"[,，、]", t):
        return [x.strip() for x in re.split(r"[,，、]", t) if x.strip()]
    words = t.split()
    spaced = [n for n in players if " " in n.strip()]
    out: list[str] = []
    i = 0
    while i < len(words):
        took, name = 1, words[i]
        for n in sorted(spaced, key=lambda n: -len(n.split())):
            k = len(n.split())
            if i + k <= len(words) and _starts_words(words[i:i + k], n.split(), players):
                took, name = k, n
                break
        out.append(name)
        i += took
    return out


def _starts_words(typed: Sequence[str], name: Sequence[str], players: Sequence[str]) -> bool:
    """Whether the words typed are the name's words (each the word or its start),
    and, unless every word is typed whole, the first word alone is not a player's name."""
    if [w.casefold() for w in typed] == [w.casefold() for w in name]:
        return True
    if any(p.casefold() == typed[0].casefold() for p in players):
        return False
    return all(b.casefold().startswith(a.casefold()) for a, b in zip(typed, name))


def names(text: str, players: Sequence[str], what: str) -> list[str]:
    """A list of players, each from a prefix (see `name_items` for names with spaces)."""
    out = [match_name(p, players) for p in name_items(text, players)]
    for n in out:
        if out.count(n) > 1:
            raise InputError(f"{what} names {n} twice")
    return out


def ranges(numbers: Sequence[int]) -> str:
    """[0, 1, 2, 3, 5, 6] → `0–3, 5, 6`; a step: [70, 75, …, 120] → `70–120 by 5`."""
    ns = sorted(set(numbers))
    if not ns:
        return "none"
    if len(ns) > 2:
        step = ns[1] - ns[0]
        if step > 1 and all(b - a == step for a, b in zip(ns, ns[1:])):
            return f"{ns[0]}–{ns[-1]} by {step}"
    parts: list[str] = []
    for run in runs(ns):
        parts += [f"{run[0]}–{run[-1]}"] if len(run) >= 3 else map(str, run)
    return ", ".join(parts)


def table_words(game: str, text: str) -> str:
    """`fouls`, `bids`: the record's keys in a message said as the table says them (each game's
    entry module names its own, `KEY_WORDS`): no YAML at the table."""
    from ..games import REGISTRY

    words = REGISTRY.part(game, "entry").KEY_WORDS
    return re.sub(r"`([a-z_]+)`", lambda m: words.get(m.group(1), m.group(1).replace("_", " ")), text)
