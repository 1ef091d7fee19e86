"""Random legal games for `scorekeep demo`: each game's `demo.py` (`scorekeep/games/<game>/`) is a
random policy over that game's engine (it picks among the position's legal moves) plus the YAML
styling of the record it writes; this package holds what they share.

  game(seed, **knobs) -> Generated      a complete legal match, reproducible from the seed

The independent second reading of the rules, which checks the engine, and the fault
injectors live with the tests (`tests/oracle/`, `tests/faults/`), not in the package.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..named import NamedTuple


class Generated(NamedTuple):
    """A generated match: the record as plain data and YAML, and what the generator scored
    (a named tuple, not a dataclass: `dataclasses` and making the class cost `demo` about 2 ms
    of its start-up)."""

    game: str
    data: dict[str, Any]
    totals: dict[str, int]
    winner: str | list[str] | None
    events: tuple[tuple[str, dict[str, Any]], ...] = ()
    """Rule events the record must produce (Daifugō): (rule id, location)."""
    features: frozenset[str] = frozenset()
    """Rare situations this match contains (e.g. `bird-led`, `revolution`), for coverage."""

    @property
    def text(self) -> str:
        return dump(self.data)


def dump(data: dict[str, Any]) -> str:
    """YAML in the style of the record spec: block at the top, flow for tricks and card lists.

    The text is PyYAML's, byte for byte (`yaml_dump`: safe representer, libyaml's emitter,
    flow style for collections of scalars, width 120); `_Writer` writes the same text for the
    shapes a generated record has, several times faster (a `demo` spent a fifth of its time in
    the dumper), and hands anything it is not sure of to PyYAML."""
    try:
        return _Writer().document(data)
    except _Unsure:
        return yaml_dump(data)


def yaml_dump(data: dict[str, Any]) -> str:
    """The record text as PyYAML writes it (what `dump` gives, the slow way)."""
    import yaml

    return yaml.dump(data, Dumper=_dumper(), sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=WIDTH)


WIDTH = 120
"""The line width given to the emitter: a flow collection or a text with spaces that would
reach past it is wrapped, which `_Writer` leaves to PyYAML."""


@lru_cache(maxsize=None)
def _dumper() -> type:
    import yaml

    class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
        """libyaml's emitter writes the same text about 3.5x faster than the pure-Python one."""

    def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value)

    Dumper.add_representer(str, _str)
    return Dumper


class _Unsure(Exception):
    """A value `_Writer` cannot promise to write as PyYAML would (PyYAML writes it)."""


# Text libyaml writes plain (allow_unicode): a letter, digit or printable non-ASCII character
# first (no indicator such as `-`, `'`, `[`, `&`, `.`), then those and a few punctuation marks,
# single spaces inside; no `:` `#` `?` or brackets, no line break (U+2028/2029 are breaks),
# nothing outside the BMP (libyaml escapes it). A `,` is plain in block context only.
# (Sets, not a regular expression: compiling a class of Unicode ranges costs 10-30 ms.)
_FIRST = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_INSIDE = _FIRST | frozenset(" .,=/+()'-")
_NOT_PLAIN = frozenset("\u2028\u2029\ufeff")


def _plain_char(c: str, ascii_ok: frozenset[str]) -> bool:
    if c in ascii_ok:
        return True
    return "\u00a0" <= c <= "\ufffd" and not "\ud800" <= c <= "\udfff" and c not in _NOT_PLAIN


def _plain(v: str) -> bool:
    """Whether libyaml may write `v` plain (in block context; `,` aside, in flow too)."""
    return (v != "" and _plain_char(v[0], _FIRST) and v[-1] != " " and "  " not in v
            and all(_plain_char(c, _INSIDE) for c in v))


_SIMPLE_KEY = 100
"""Longer keys are not `simple` to libyaml near 128 characters: left to PyYAML."""


class _Writer:
    """PyYAML's block/flow layout for a record of dicts, lists, str, int, bool and None."""

    def __init__(self) -> None:
        import yaml.resolver

        self.lines: list[str] = []
        self.seen: set[int] = set()
        self.texts: dict[str, str] = {}
        self.flow_texts: dict[str, str] = {}
        self.resolvers = yaml.resolver.Resolver.yaml_implicit_resolvers

    def document(self, data: Any) -> str:
        if type(data) is not dict or not data:
            raise _Unsure("not a mapping")
        self.mapping(data, 0, "")
        lines = self.lines
        for line in lines:
            if len(line) > WIDTH:  # the emitter may wrap it
                raise _Unsure("a long line")
        return "\n".join(lines) + "\n"

    def scalar(self, v: Any, flow: bool = False) -> str:
        """A scalar as libyaml writes it in block context, or in a flow collection (`flow`)."""
        t = type(v)
        if t is str:
            texts = self.flow_texts if flow else self.texts
            out = texts.get(v)
            if out is None:
                out = texts[v] = self.text(v, flow)
            return out
        if t is int:
            return str(v)
        if t is bool:
            return "true" if v else "false"
        if v is None:
            return "null"
        raise _Unsure(f"a {t.__name__}")

    def text(self, v: str, flow: bool) -> str:
        if not _plain(v):
            raise _Unsure("text that may need quotes")
        if flow and "," in v:
            return "'" + v.replace("'", "''") + "'"
        for _tag, pattern in self.resolvers.get(v[0], ()):
            if pattern.match(v):  # YAML would read it as a number, a switch, a date, null
                return "'" + v.replace("'", "''") + "'"
        return v

    def flat(self, v: Any) -> bool:
        """A collection PyYAML writes in flow style: every key and value a scalar."""
        t = type(v)
        if t is dict:
            return all(type(x) not in (dict, list) for x in v.values())
        if t is list:
            return all(type(x) not in (dict, list) for x in v)
        raise _Unsure(f"a {t.__name__}")

    def flow(self, v: Any) -> str:
        self.once(v)
        s = self.scalar
        if type(v) is dict:
            return "{" + ", ".join(f"{s(k, True)}: {s(x, True)}" for k, x in v.items()) + "}"
        return "[" + ", ".join([s(x, True) for x in v]) + "]"

    def once(self, v: Any) -> None:
        """The same list or dict twice would be an anchor and an alias: PyYAML's to write."""
        i = id(v)
        if i in self.seen:
            raise _Unsure("a shared value")
        self.seen.add(i)

    def key(self, k: Any) -> str:
        text = self.scalar(k)
        if len(text) > _SIMPLE_KEY:
            raise _Unsure("a long key")
        return text

    def value(self, head: str, v: Any, indent: int) -> None:
        """`head` (`key:` or `-`) and the value after it, at `indent`."""
        t = type(v)
        if t is dict or t is list:
            if self.flat(v):
                self.lines.append(f"{head} {self.flow(v)}")
            elif t is dict:
                self.lines.append(head)
                self.mapping(v, indent + 2, "")
            elif head.endswith(":"):
                self.lines.append(head)
                self.sequence(v, indent)  # in a mapping, the dashes line up with its keys
            else:
                raise _Unsure("a list in a list")
        else:
            self.lines.append(f"{head} {self.scalar(v)}")

    def mapping(self, m: dict[Any, Any], indent: int, first: str) -> None:
        """A block mapping, its keys at `indent`; `first` starts its first line (`- `)."""
        self.once(m)
        pad = " " * indent
        for k, v in m.items():
            self.value(f"{first or pad}{self.key(k)}:", v, indent)
            first = ""

    def sequence(self, s: list[Any], indent: int) -> None:
        self.once(s)
        pad = " " * indent
        for item in s:
            if type(item) is dict and item and not self.flat(item):
                self.mapping(item, indent + 2, pad + "- ")
            else:
                self.value(pad + "-", item, indent)
