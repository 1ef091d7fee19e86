"""Read a YAML record safely into nodes that remember their line.

Every scalar stays text: YAML 1.1's implicit typing would turn a player called `No` into
False, `1` into an int and `2026-11-30` into a date, so we never resolve types here; the
record readers decide what a value means where they know what it should be.

We build nodes from the parser's event stream ourselves (no recursion, no constructor), so
anchors, aliases, tags, duplicate keys and deep nesting are refused before they can do harm.
"""

from __future__ import annotations

import os
import stat
from typing import Union

import yaml

from .errors import InputError

try:  # libyaml makes reading an archive several times faster
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_BYTES = 4 * 1024 * 1024
"""Largest record accepted: a long Daifugō match with every play is well under 1 MiB."""

MAX_DEPTH = 32
"""Deepest nesting accepted; the deepest real record (Daifugō plays) nests 8 levels."""

_NULLS = frozenset(("", "~", "null", "Null", "NULL"))


class Scalar:
    """A text value and its 1-based line. `plain` is false when the text was quoted."""

    __slots__ = ("value", "line", "plain")

    def __init__(self, value: str, line: int, plain: bool) -> None:
        self.value = value
        self.line = line
        self.plain = plain

    @property
    def is_null(self) -> bool:
        """True for an empty or `null`/`~` value written without quotes."""
        return self.plain and self.value in _NULLS

    def __repr__(self) -> str:
        return f"Scalar({self.value!r}, line={self.line})"


class Seq:
    """A YAML sequence and the line it starts on."""

    __slots__ = ("items", "line")

    def __init__(self, line: int) -> None:
        self.items: list[Node] = []
        self.line = line

    def __repr__(self) -> str:
        return f"Seq({self.items!r}, line={self.line})"


class Map:
    """A YAML mapping in written order (order matters: a trick lists cards as played)."""

    __slots__ = ("pairs", "line", "index")

    def __init__(self, line: int) -> None:
        self.pairs: list[tuple[Scalar, Node]] = []
        self.index: dict[str, int] = {}
        self.line = line

    def get(self, key: str) -> Node | None:
        i = self.index.get(key)
        return None if i is None else self.pairs[i][1]

    def key_line(self, key: str) -> int:
        i = self.index.get(key)
        return self.line if i is None else self.pairs[i][0].line

    def __repr__(self) -> str:
        return f"Map({self.pairs!r}, line={self.line})"


Node = Union[Scalar, Seq, Map]


def _line_at(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def decode(data: bytes) -> str:
    """Bytes of a record file to text, refusing what is not a text file."""
    if len(data) > MAX_BYTES:
        raise InputError(
            f"the file is {len(data):,} bytes; records larger than {MAX_BYTES // (1024 * 1024)} MiB "
            "are refused (split the match into several files)",
            1,
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as e:
            raise InputError(f"not valid UTF-16 text ({e.reason})", 1) from None
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError("this is not a text file (it contains NUL bytes); a record is UTF-8 YAML text",
                         _line_at(data, nul))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(
            f"not valid UTF-8 text (byte 0x{data[e.start]:02x}); save the record as UTF-8",
            _line_at(data, e.start),
        ) from None


def read_file(path: str) -> Node:
    """Read and parse one record file. Raises InputError (with `path` set) on anything unreadable."""
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(st.st_mode):  # opening a FIFO would wait for a writer forever
            raise InputError("is not a regular file (a pipe, device or socket): give a record file, "
                             "or `-` to read standard input", None, path)
        size = st.st_size
        if size > MAX_BYTES:
            raise InputError(
                f"the file is {size:,} bytes; records larger than {MAX_BYTES // (1024 * 1024)} MiB "
                "are refused (split the match into several files)", 1, path)
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except InputError:
        raise
    except IsADirectoryError:
        raise InputError("is a directory, not a record file", None, path) from None
    except FileNotFoundError:
        raise InputError("no such file", None, path) from None
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror or e}", None, path) from None
    try:
        return parse(decode(data))
    except InputError as e:
        e.path = path
        raise


def _problem(e: yaml.YAMLError, text: str) -> tuple[str, int]:
    if isinstance(e, yaml.reader.ReaderError):
        line = text.count("\n", 0, e.position) + 1
        code = ord(e.character) if isinstance(e.character, str) else e.character
        return f"the text contains the character U+{code:04X}, which YAML does not allow", line
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    problem = getattr(e, "problem", None) or str(e)
    context = getattr(e, "context", None)
    message = f"{context}: {problem}" if context else str(problem)
    # a parser error always has a mark; 1 keeps the promise of file:line if one ever has none
    return message, mark.line + 1 if mark is not None else 1


def parse(text: str) -> Node:
    """Parse one YAML document into line-tracked nodes (see module docstring)."""
    if not text.strip():
        raise InputError("the file is empty: a record needs at least `game:` and `players:`", 1)
    loader = _Loader(text)
    try:
        return _build(loader)
    except yaml.YAMLError as e:
        problem, line = _problem(e, text)
        raise InputError(f"this is not valid YAML: {problem}", line) from None
    finally:
        loader.dispose()


def _build(loader: _Loader) -> Node:
    E = yaml.events
    root: Node | None = None
    documents = 0
    # Each open container, and for mappings the key waiting for its value.
    stack: list[tuple[Seq | Map, Scalar | None]] = []
    get = loader.get_event
    while True:
        ev = get()
        cls = ev.__class__
        if cls is E.ScalarEvent or cls is E.MappingStartEvent or cls is E.SequenceStartEvent:
            line = ev.start_mark.line + 1
            if ev.anchor is not None:
                raise InputError(
                    f"YAML anchors (&{ev.anchor}) and aliases are not allowed in records: "
                    "write each value out in full", line)
            if ev.tag is not None:
                tag = ev.tag.replace("tag:yaml.org,2002:", "!!")
                raise InputError(f"YAML tags ({tag}) are not allowed in records: write plain values", line)
            if cls is E.ScalarEvent:
                node: Node = Scalar(ev.value, line, not ev.style)  # libyaml gives plain style as "", PyYAML as None
            elif cls is E.MappingStartEvent:
                node = Map(line)
            else:
                node = Seq(line)
            if stack:
                parent, key = stack[-1]
                if parent.__class__ is Seq:
                    parent.items.append(node)  # type: ignore[union-attr]
                elif key is None:
                    if node.__class__ is not Scalar:
                        raise InputError("a mapping key must be plain text, not a list or a mapping", line)
                    assert isinstance(node, Scalar) and isinstance(parent, Map)
                    first = parent.index.get(node.value)
                    if first is not None:
                        raise InputError(
                            f"`{node.value}` appears twice in the same mapping "
                            f"(first at line {parent.pairs[first][0].line})", line)
                    stack[-1] = (parent, node)
                    continue
                else:
                    assert isinstance(parent, Map)
                    parent.index[key.value] = len(parent.pairs)
                    parent.pairs.append((key, node))
                    stack[-1] = (parent, None)
            else:
                root = node
            if cls is not E.ScalarEvent:
                if len(stack) >= MAX_DEPTH:
                    raise InputError(f"the record nests more than {MAX_DEPTH} levels deep", line)
                stack.append((node, None))  # type: ignore[arg-type]
        elif cls is E.MappingEndEvent or cls is E.SequenceEndEvent:
            stack.pop()
        elif cls is E.AliasEvent:
            raise InputError(
                f"YAML aliases (*{ev.anchor}) are not allowed in records: write each value out in full",
                ev.start_mark.line + 1)
        elif cls is E.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise InputError("a record file holds one YAML document; this one has several (---)",
                                 ev.start_mark.line + 1)
        elif cls is E.StreamEndEvent:
            break
    if root is None:
        raise InputError("the file is empty: a record needs at least `game:` and `players:`", 1)
    return root
