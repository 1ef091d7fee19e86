"""Read a YAML record safely into nodes that remember their line.

Every scalar stays text: YAML 1.1's implicit typing would turn a player called `No` into
False, `1` into an int and `2026-11-30` into a date, so we never resolve types here; the
record readers decide what a value means where they know what it should be.

Records are written in a small corner of YAML, and `_fast` reads that corner line by line
(about 1.3x faster than going through libyaml's events; an archive check spends a third of its
time reading). Anything outside it falls back to `_build`, which builds nodes from libyaml's
event stream, consuming each event once (no recursion, no constructor, no resolver), so
anchors, aliases, tags, duplicate keys and deep nesting are refused before they can do harm. The text is NFC-normalised first: a name typed
on a Mac (`René` decomposed) is the same name as everywhere else. A YAML slip is told in a
card player's words at the line of the slip (a missing colon, a tab, a full-width `：`).
"""

from __future__ import annotations

import gc
import os
import re
import stat
from types import SimpleNamespace
from typing import Any, NoReturn, Union

import yaml

from .errors import InputError
from .named import NamedTuple

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

    def add(self, key: Scalar, value: Node) -> None:
        """Append a pair (the caller has refused a key twice)."""
        self.index[key.value] = len(self.pairs)
        self.pairs.append((key, value))

    def get(self, key: str) -> Node | None:
        i = self.index.get(key)
        return None if i is None else self.pairs[i][1]

    def key_line(self, key: str) -> int:
        i = self.index.get(key)
        return self.line if i is None else self.pairs[i][0].line

    def __repr__(self) -> str:
        return f"Map({self.pairs!r}, line={self.line})"


class FlatMap(Map):
    """A one-line flow mapping of plain words (`{North: 70}`, `{a: 1, b: 0}`), as the fast reader
    reads it. `words` holds its keys and values in turn, all plain and all on `line`; the nodes
    of `pairs` and `index` are made only when first asked for. A long record is mostly such
    lines, and a game's quick path reads their words instead (a node per word cost a third of
    reading a 4 MiB record)."""

    __slots__ = ("words", "_index")

    def __init__(self, line: int, words: list[str], index: dict[str, int]) -> None:
        self.line = line
        self.words = words
        self._index = index  # the key → pair position of every mapping of the same text: never changed

    def _slot(self, slot: Any) -> Any:
        """Map's own slot `slot` (`pairs` or `index`): both are made from the words when first asked for."""
        try:
            return slot.__get__(self, Map)
        except AttributeError:
            line, words = self.line, self.words
            _PAIRS.__set__(self, [(Scalar(k, line, True), Scalar(v, line, True))
                                  for k, v in zip(words[0::2], words[1::2])])
            _INDEX.__set__(self, self._index.copy())
            return slot.__get__(self, Map)

    def _set(self, slot: Any, value: Any) -> None:
        self._slot(slot)  # both made first, so that the other is not later made over this one
        slot.__set__(self, value)

    pairs = property(lambda self: self._slot(_PAIRS), lambda self, v: self._set(_PAIRS, v))  # type: ignore[assignment]
    index = property(lambda self: self._slot(_INDEX), lambda self, v: self._set(_INDEX, v))  # type: ignore[assignment]


_PAIRS, _INDEX = Map.__dict__["pairs"], Map.__dict__["index"]  # Map's own slots, under FlatMap's properties


def plain_items(node: Node, key_lines: bool = False) -> list[tuple[str, str | None, int]] | None:
    """A mapping's pairs as (key, the value's text or None when it is a list or mapping, the
    value's line — `key_lines`: the key's); a FlatMap's from its words, with no node made. None
    when `node` is not a mapping."""
    if node.__class__ is FlatMap:
        words, line = node.words, node.line  # type: ignore[union-attr]
        return [(k, v, line) for k, v in zip(words[0::2], words[1::2])]
    if node.__class__ is not Map:
        return None
    return [(k.value, v.value if v.__class__ is Scalar else None, k.line if key_lines else v.line)  # type: ignore[union-attr]
            for k, v in node.pairs]  # type: ignore[union-attr]

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
    text = read_text(path)
    try:
        return parse(text)
    except InputError as e:
        e.path = path
        raise


def read_text(path: str) -> str:
    """One record file's text (`decode`d). Raises InputError (with `path` set) on anything unreadable."""
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
        return decode(data)
    except InputError as e:
        e.path = path
        raise


_WIDE = (("\uff1a", "a full-width colon `：` — use `:`"), ("\u3001", "a full-width comma `、` — use `,`"),
         ("\uff0c", "a full-width comma `，` — use `,`"), ("\u3000", "a full-width space — use an ordinary space"))


def wide_hint(text: str) -> str:
    """`; a full-width colon `：` — use `:`` when `text` holds full-width punctuation that YAML
    does not read as punctuation (typed with a Japanese or Chinese input method on); else ''."""
    if text.isascii():
        return ""
    hints = [h for ch, h in _WIDE if ch in text]
    return "; " + "; ".join(hints) if hints else ""


def _source_line(text: str, line: int) -> str:
    """Line `line` (1-based) of the text, without its end; a very long line is cut (it is
    quoted in a message)."""
    lines = text.split("\n", line)
    src = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
    return src if len(src) <= 120 else src[:119] + "…"


def _wide_colon(body: str) -> str:
    head, _, tail = body.partition("\uff1a")
    return f"`{body}` has a full-width colon `：` — use `:` (`{head.rstrip()}: {tail.lstrip()}`)"


def _missing_colon(src: str) -> str:
    """What to say about a block line that YAML read as a key without its colon."""
    body = src.strip()
    if body.startswith("- "):
        body = body[2:].lstrip()
    if "\uff1a" in body:
        return _wide_colon(body)
    key, sep, rest = body.partition(":")
    if sep and rest and not rest[0].isspace():
        return f"`{body}` needs a space after the colon: `{key}: {rest}`"
    parts = body.split(None, 1)
    if len(parts) == 2:
        return f"`{body}` needs a colon after the key: `{parts[0]}: {parts[1]}`"
    return f"`{body}` needs a colon after it (`{body}:`), or it belongs on the line before"


def _problem(e: yaml.YAMLError, text: str) -> tuple[str, int]:
    """A libyaml error in a card player's words, at the line where the slip is."""
    if isinstance(e, yaml.reader.ReaderError):
        line = text.count("\n", 0, e.position) + 1
        code = ord(e.character) if isinstance(e.character, str) else e.character
        return f"the text contains the character U+{code:04X}, which YAML does not allow", line
    mark = getattr(e, "problem_mark", None)
    cmark = getattr(e, "context_mark", None)
    problem = str(getattr(e, "problem", None) or e)
    context = str(getattr(e, "context", None) or "")
    # a parser error always has a mark; 1 keeps the promise of file:line if one ever has none
    line = mark.line + 1 if mark is not None else 1
    cline = cmark.line + 1 if cmark is not None else line
    src = _source_line(text, line)
    if "could not find expected ':'" in problem:  # libyaml notices a line later
        return _missing_colon(_source_line(text, cline)), cline
    if "cannot start any token" in problem and mark is not None:
        ch = src[mark.column:mark.column + 1]
        if ch == "\t":
            if not src[:mark.column].strip():
                return f"line {line} is indented with a tab: use spaces", line
            return f"line {line} has a tab where YAML expects a value: use spaces", line
        return (f"`{ch}` cannot start a value: put the text in quotes (`'{src[mark.column:].strip()}'`)"
                + wide_hint(src), line)
    # a full-width colon makes a line plain text, so libyaml stops on it or a few lines later
    for bad in range(line, max(0, line - 3), -1):
        body = _source_line(text, bad).strip(" ")  # (not `strip()`: it takes a full-width space for a blank)
        if "\uff1a" in body:
            return _wide_colon(body.removeprefix("- ")), bad
        if wide_hint(body):
            return f"this is not valid YAML{wide_hint(body)}", bad
    if "expected ',' or ']'" in problem:
        return (f"this is not valid YAML: the list opened with `[` on line {cline} is not closed with `]` "
                "(or an entry lacks its comma)", cline)
    if "expected ',' or '}'" in problem:
        return (f"this is not valid YAML: the mapping opened with `{{` on line {cline} is not closed with `}}` "
                "(or an entry lacks its comma)", cline)
    if "quoted scalar" in context and "end of stream" in problem:
        return f"this is not valid YAML: the quote opened on line {cline} is never closed", cline
    if "mapping values are not allowed" in problem and _P.key_then_flow.match(src):
        return _missing_colon(src), line  # `tricks {North: 3, …}`: the key lost its colon
    if "mapping values are not allowed" in problem:
        return (f"this is not valid YAML: a second `: ` on line {line}; put a value that holds `: ` in quotes, "
                "or start a new line for the next key", line)
    if "did not find expected key" in problem or "expected <block end>" in problem:
        return (f"this is not valid YAML: line {line} is not indented like the lines around it "
                "(keys of one mapping line up; list entries start with `- `)", line)
    message = f"{context}: {problem}" if context else problem
    return f"this is not valid YAML: {message}", line


def normalized(text: str) -> str:
    """`text` in NFC: names typed on a Mac arrive decomposed (`René`), and are the same names."""
    if text.isascii():  # one pass for the file
        return text
    from unicodedata import normalize  # not at import: it costs start-up 8 ms

    return normalize("NFC", text)


def parse(text: str) -> Node:
    """Parse one YAML document into line-tracked nodes (see module docstring)."""
    if _P is None:
        _compile()
    if not text.strip():
        raise InputError("the file is empty: a record needs at least `game:` and `players:`", 1)
    text = normalized(text)
    root = _fast_or_none(text)
    if root is not None:
        return root
    loader = _Loader(text)
    try:
        # Anchors, aliases and tags need their indicator in the text; without one, the checks
        # per event are skipped (the loop runs once per event of an archive).
        return _build(loader, "&" in text or "*" in text or "!" in text)
    except yaml.YAMLError as e:
        problem, line = _problem(e, text)
        raise InputError(problem, line) from None
    finally:
        loader.dispose()


def _refuse(ev: yaml.Event) -> NoReturn:
    line = ev.start_mark.line + 1
    if ev.__class__ is yaml.AliasEvent:
        raise InputError(f"YAML aliases (*{ev.anchor}) are not allowed in records: write each value out in full",
                         line)
    if ev.anchor is not None:  # type: ignore[attr-defined]
        raise InputError(f"YAML anchors (&{ev.anchor}) and aliases are not allowed in records: "  # type: ignore[attr-defined]
                         "write each value out in full", line)
    tag = ev.tag.replace("tag:yaml.org,2002:", "!!")  # type: ignore[attr-defined]
    raise InputError(f"YAML tags ({tag}) are not allowed in records: write plain values", line)


def _build(loader: _Loader, check: bool = True) -> Node:
    """The nodes of the one document, from libyaml's events, consumed once.

    This loop runs once per event of an archive (millions), so it keeps its state in locals:
    the open container (`items` of a list, or `pairs`/`index` of a mapping with `key` waiting
    for its value) and a stack of the enclosing ones. No recursion: depth is counted."""
    E = yaml.events
    SCALAR, MAP_START, SEQ_START = E.ScalarEvent, E.MappingStartEvent, E.SequenceStartEvent
    MAP_END, SEQ_END, DOC_START, STREAM_END = E.MappingEndEvent, E.SequenceEndEvent, E.DocumentStartEvent, \
        E.StreamEndEvent
    get = loader.get_event
    new_scalar = Scalar
    root: Node | None = None
    documents = 0
    stack: list[tuple[object, list | None, dict | None, Scalar | None]] = []
    container: Seq | Map | None = None
    items: list | None = None  # the open list's items, or the open mapping's pairs
    index: dict[str, int] | None = None  # the open mapping's index; None in a list
    key: Scalar | None = None
    while True:
        ev = get()
        cls = ev.__class__
        if cls is SCALAR:
            if check and (ev.anchor is not None or ev.tag is not None):
                _refuse(ev)
            value = ev.value
            node: Node = new_scalar(value, ev.start_mark.line + 1, not ev.style)  # libyaml: plain style is ""
            if index is not None:
                if key is None:
                    first = index.get(value)
                    if first is not None:
                        raise InputError(f"`{value}` appears twice in the same mapping "
                                         f"(first at line {items[first][0].line})", node.line)  # type: ignore[index]
                    key = node  # type: ignore[assignment]
                    continue
                index[key.value] = len(items)  # type: ignore[arg-type]
                items.append((key, node))  # type: ignore[union-attr]
                key = None
            elif items is not None:
                items.append(node)
            else:
                root = node
        elif cls is MAP_START or cls is SEQ_START:
            if check and (ev.anchor is not None or ev.tag is not None):
                _refuse(ev)
            line = ev.start_mark.line + 1
            if cls is MAP_START:
                node = Map(line)
            else:
                node = Seq(line)
            if index is not None:
                if key is None:
                    raise InputError("a mapping key must be plain text, not a list or a mapping", line)
                index[key.value] = len(items)  # type: ignore[arg-type]
                items.append((key, node))  # type: ignore[union-attr]
                key = None
            elif items is not None:
                items.append(node)
            else:
                root = node
            if len(stack) >= MAX_DEPTH:
                raise InputError(f"the record nests more than {MAX_DEPTH} levels deep", line)
            stack.append((container, items, index, key))
            container = node
            if cls is MAP_START:
                items, index = node.pairs, node.index  # type: ignore[union-attr]
            else:
                items, index = node.items, None  # type: ignore[union-attr]
        elif cls is MAP_END or cls is SEQ_END:
            container, items, index, key = stack.pop()  # type: ignore[assignment]
        elif cls is DOC_START:
            documents += 1
            if documents > 1:
                raise InputError("a record file holds one YAML document; this one has several (---)",
                                 ev.start_mark.line + 1)
        elif cls is STREAM_END:
            break
        elif cls is E.AliasEvent:
            _refuse(ev)
    if root is None:
        raise InputError("the file is empty: a record needs at least `game:` and `players:`", 1)
    return root


# --- the fast path -------------------------------------------------------------------------------
#
# Records are written in a small corner of YAML: block mappings and lists, one-line flow lists and
# mappings of plain words, plain or simply quoted values, comments. For that corner a line-by-line
# reader gives exactly the nodes libyaml's events give, in a third of the time (one regex match per
# line instead of three Python objects per event). Anything outside the corner — a tab, a
# multi-line value, nested flow, an anchor, a duplicate key, a slip of any kind — raises _Fallback
# and the record is read by `_build` from libyaml's events, which also words every error. The
# fast path never decides that a record is wrong; it only declines. tests/test_reading_fast.py
# holds the two readings equal on every record in tests/ and on generated and mutated ones.

class _Fallback(Exception):
    """The text leaves the corner of YAML the fast path reads; read it from libyaml's events."""


# A plain word, as a flow item or a key: no indicator first (`-` only before a word character), no
# `:` `,` `#` or brackets, no space at either end.
_W = r"(?:[^\s\-?:,\[\]{}#&*!|>'\"%@`]|-(?=[^\s,\[\]{}:#]))(?:[^:,\[\]{}#]*[^\s:,\[\]{}#])?"
_KEY_MAX = 1000  # libyaml refuses an implicit key longer than 1024 characters


def _flow(text: str, line: int, seen: dict[str, tuple] | None = None) -> Node:
    """A one-line flow list or mapping, e.g. `[9S, 5S]`, `{North: 3, East: 2}` or
    `{cards: 1, bids: {a: 1, b: 0}}`. `seen` holds the words of flat ones already read, by
    their text (a record repeats many: the same bids, the same trick), so each is proved once."""
    if seen is not None:
        hit = seen.get(text)
        if hit is not None:
            words, index = hit
            if index is None:
                seq = Seq(line)
                seq.items = [Scalar(w, line, True) for w in words]
                return seq
            return FlatMap(line, words, index)
    inner = text[1:-1]
    if "[" in inner or "{" in inner or "]" in inner or "}" in inner:
        if "'" in inner or '"' in inner or len(text) > 4096 or inner.rstrip(" ").endswith(","):
            return _nested(text, line)
        # Words and flat collections in it (a one-line hand), item by item, each item where the
        # last one ended; a flat collection is then read as a whole flat line is. Anything
        # else (deeper nesting, a stray word) goes to the tokenizer.
        mapping = text[0] == "{"
        item = (_P.outer_map if mapping else _P.outer_seq).match
        node: Seq | Map = Map(line) if mapping else Seq(line)
        pos, end = 0, len(inner)
        while pos < end:
            m = item(inner, pos)
            if m is None:
                return _nested(text, line)
            pos = m.end()
            v = m.group(2 if mapping else 1)
            value = _flow(v, line, seen) if v[0] == "[" or v[0] == "{" else Scalar(v, line, True)
            if mapping:
                k = m.group(1)
                if k in node.index or len(k) > _KEY_MAX:  # type: ignore[union-attr]
                    raise _Fallback  # a key twice, a long key
                node.add(Scalar(k, line, True), value)  # type: ignore[union-attr]
            else:
                node.items.append(value)  # type: ignore[union-attr]
        return node
    if "'" in inner or '"' in inner:
        return _nested(text, line)
    # the usual case, plain words only: one match proves the shape, one split takes the words
    inner = inner.strip(" ")
    if text[0] == "[":
        seq = Seq(line)
        if inner:
            if not _shaped(inner, _P.seq_body, _P.seq_item):
                raise _Fallback  # an empty item, a trailing comma, `a: b`, an indicator
            words = _P.seq_split.split(inner)
            seq.items = [Scalar(w, line, True) for w in words]
            if seen is not None and len(seen) < _SEEN_MAX and len(text) <= 4096:
                seen[text] = (words, None)
        return seq
    if not inner:
        return Map(line)
    if not _shaped(inner, _P.map_body, _P.map_item):
        raise _Fallback  # `{B:3}`, `{a}`, `{a :b}`, `{a: }`, `{a: b: c}`, an indicator
    words = _P.map_split.split(inner)
    keys = words[0::2]
    index = dict(zip(keys, range(len(keys))))
    if len(index) != len(keys) or (len(inner) > _KEY_MAX and max(map(len, keys)) > _KEY_MAX):
        raise _Fallback  # a key twice, a long key
    if seen is not None and len(seen) < _SEEN_MAX and len(text) <= 4096:
        seen[text] = (words, index)
    return FlatMap(line, words, index)


_SEEN_MAX = 20_000
"""Flat flow texts remembered per record (their words stay alive until the record is read)."""


def _shaped(body: str, whole: re.Pattern[str], item: re.Pattern[str]) -> bool:
    """Whether `body` is items of the `item` shape between commas. One match of `whole` for a
    line of usual length; item by item for a very long one, where the regex engine would keep
    a backtracking mark per item (a 4 MiB deal line took 500 MB)."""
    if len(body) <= 4096:
        return whole.fullmatch(body) is not None
    fits = item.fullmatch
    return all(fits(piece) for piece in body.split(","))


# An item of a one-line flow collection of words and flat collections (no quotes), up to its
# comma: `cards: 1,`, `bids: {a: 1, b: 0},` (the flat one's words are proved when it is read).
_FLAT_TEXT = r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}"


def _nested(text: str, line: int) -> Node:
    """A one-line flow collection that holds other flow collections or quoted text, e.g.
    `{cards: 1, bids: {a: 1, b: 0}}`: tokens, each in its place, or `_Fallback`."""
    pos = 0
    stack: list[Seq | Map] = []  # the enclosing collections
    cur: Seq | Map | None = None  # the open one
    key: Scalar | None = None  # in a mapping, the key waiting for its value
    root: Node | None = None
    # what may come next: "open" (the first bracket), "first" (an item or the close), "item",
    # "colon" (`: ` after a key), "value" (a mapping's value), "next" (`,` or the close), "end"
    want = "open"
    for m in _P.token.finditer(text):
        if m.start() != pos:
            raise _Fallback  # text no token reads: `{B:3}`, `a#b`, an indicator
        pos = m.end()
        p = m.group(1)
        if p is None and m.group(2) is not None:
            if want != "colon" or m.start(2) != m.start():
                raise _Fallback  # `: ` out of place, or a space before the colon
            want = "value"
            continue
        if p == ",":
            if want != "next":
                raise _Fallback  # a doubled or leading comma
            want = "item"
            continue
        if p == "]" or p == "}":
            if (want != "next" and want != "first") or (p == "]") != (cur.__class__ is Seq):
                raise _Fallback  # a trailing comma, `{a}`, a bracket that does not match
            if stack:
                cur = stack.pop()
                want = "next"
            else:
                cur = None
                want = "end"
            continue
        new: Node
        if p is not None:
            new = Seq(line) if p == "[" else Map(line)
        elif m.group(5) is not None:
            new = Scalar(m.group(5), line, True)
        elif m.group(3) is not None:
            new = Scalar(m.group(3).replace("''", "'"), line, False)
        else:
            new = Scalar(m.group(4), line, False)
        if want == "open":
            if p is None:
                raise _Fallback
            root = new
        elif cur.__class__ is Seq:
            if want != "first" and want != "item":
                raise _Fallback
            cur.items.append(new)  # type: ignore[union-attr]
        else:
            if want == "first" or want == "item":
                if p is not None or len(new.value) > _KEY_MAX or new.value in cur.index:  # type: ignore[union-attr]
                    raise _Fallback  # a collection as a key, a long key, a key twice
                key = new  # type: ignore[assignment]
                want = "colon"
                continue
            if want != "value":
                raise _Fallback
            cur.add(key, new)  # type: ignore[union-attr, arg-type]
        if p is not None:
            if cur is not None:
                stack.append(cur)
                if len(stack) > 4:
                    raise _Fallback
            cur = new  # type: ignore[assignment]
            want = "first"
        else:
            want = "next"
    if want != "end" or pos != len(text) or root is None:
        raise _Fallback
    return root


def _value(text: str, line: int, seen: dict[str, tuple] | None = None) -> Node:
    """A value written on the line of its key or list dash (never empty); `seen` as for `_flow`."""
    first = text[0]
    if first == "[" or first == "{":
        if text[-1] != ("]" if first == "[" else "}"):
            raise _Fallback  # a flow collection over several lines, or text after it
        return _flow(text, line, seen)
    if first == "'":
        body = text[1:-1]
        if len(text) < 2 or text[-1] != "'" or "'" in body.replace("''", ""):
            raise _Fallback
        return Scalar(body.replace("''", "'"), line, False)
    if first == '"':
        body = text[1:-1]
        if len(text) < 2 or text[-1] != '"' or '"' in body or "\\" in body:
            raise _Fallback
        return Scalar(body, line, False)
    if not _P.value.fullmatch(text):
        raise _Fallback
    return Scalar(text, line, True)


def _is_key_line(text: str) -> bool:
    """Whether a list item's text starts a mapping (`- key: value`, `- 'No': value`)."""
    first = text[0]
    if first == "'" or first == '"':
        m = (_P.single if first == "'" else _P.double).match(text)
        return m is not None and text[m.end():m.end() + 1] == ":" and text[m.end() + 1:m.end() + 2] in ("", " ")
    if first == "[" or first == "{":
        return False
    _key, colon, after = text.partition(":")
    return bool(colon) and (not after or after[0] == " ")


def _block_key(text: str, line: int) -> tuple[Scalar, str]:
    """The key of a `key: value` line and the text of its value (maybe empty)."""
    first = text[0]
    if first == "'" or first == '"':
        m = (_P.single if first == "'" else _P.double).match(text)
        if m is None or text[m.end():m.end() + 1] != ":":
            raise _Fallback
        value = m.group(1).replace("''", "'") if first == "'" else m.group(1)
        key = Scalar(value, line, False)
        after = text[m.end() + 1:]
    else:
        word, colon, after = text.partition(":")
        if not colon or not _P.word.fullmatch(word):
            raise _Fallback  # not a key line, or a key the fast path does not read
        key = Scalar(word, line, True)
    if (after and after[0] != " ") or len(key.value) > _KEY_MAX:
        raise _Fallback
    return key, after.lstrip(" ")


_P: Any = None
"""The reader's patterns, as attributes (`_P.word`), made by `_compile` when the first record is read."""


def _compile() -> None:
    """Compile the reader's patterns (`_P`): about 6 ms of start-up that a command reading no YAML
    (`demo`, `rules`, `--help`) does not pay."""
    global _P
    _P = SimpleNamespace(
        # A key, maybe after `- `, then a flow collection with no colon between: `tricks {North: 3}`.
        key_then_flow=re.compile(r"\s*(?:-\s+)?[^\s:{}\[\],#]+\s+[\[{]"),
        # Characters libyaml reads as plain text; the rest (controls, tabs, CR, NEL, U+2028/9, a BOM
        # inside the text, surrogates) go to the full reader, which refuses or handles them.
        # (Written as the characters refused, not as a negated class of those allowed: the same set,
        # checked over every code point, and ten times faster to compile — 9 ms of every start-up.)
        outside=re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]"),
        word=re.compile(_W),
        # A plain value in block context: the same start; `:` only before a non-space; no ` #` (comments
        # are cut before) and no `: `.
        value=re.compile(r"(?:[^\s\-?:,\[\]{}#&*!|>'\"%@`]|[-?:](?=[^\s,\[\]{}#]))(?:[^:#]|:(?=[^\s,\[\]{}]))*"),
        seq_body=re.compile(rf" *{_W}(?: *, *{_W})* *"),
        map_body=re.compile(rf" *{_W}: +{_W}(?: *, *{_W}: +{_W})* *"),
        seq_item=re.compile(rf" *{_W} *"),
        map_item=re.compile(rf" *{_W}: +{_W} *"),
        seq_split=re.compile(r" *, *"),
        map_split=re.compile(r" *[:,] *"),
        outer_seq=re.compile(rf" *({_W}|{_FLAT_TEXT}) *(?:,|$)"),
        outer_map=re.compile(rf" *({_W}): +({_W}|{_FLAT_TEXT}) *(?:,|$)"),
        single=re.compile(r"'((?:[^']|'')*)'"),
        double=re.compile(r'"([^"\\]*)"'),
        # One token of a flow collection, after any spaces: punctuation, `: `, quoted text or a word.
        token=re.compile(rf" *(?:([\[\]{{}},])|(: )|'((?:[^']|'')*)'|\"([^\"\\]*)\"|({_W}))"),
    )


def _fast_or_none(text: str, first_line: int = 1) -> Node | None:
    """`_fast`, or None where it declines."""
    # The nodes form a tree (no node refers back to another), so the collector's passes over
    # them while they are made can find nothing; on a 4 MiB record they were most of the parse.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _fast(text, first_line)
    except _Fallback:
        return None
    finally:
        if collecting:
            gc.enable()


def _fast(text: str, first_line: int = 1) -> Node:
    """The record's nodes, read line by line; raises _Fallback for anything unusual (see above).
    `first_line`: the line number of the text's first line."""
    if _P is None:
        _compile()
    if _P.outside.search(text) is not None:
        raise _Fallback
    # The open block containers, innermost last: [indent, node, is a list, list at its key's indent]
    stack: list[list] = []
    pending: Scalar | None = None  # a key whose value starts on a later line
    root: Map | None = None
    value = _value
    lineno = first_line - 1
    keys_ok: set[str] = set()  # plain keys already proved by _P.word
    values_ok: set[str] = set()  # plain block values already proved by _P.value
    seen: dict[str, tuple] = {}  # flat flow collections already read (`_flow`)
    # List item lines already read, by their whole text: (indent, the item's text, a flat
    # mapping's words and index, and for `- key: value` the column of its key, the key and the
    # value's text). The same line in a list at the same indent is the same item, so it skips the
    # steps that found its text (a long record is mostly the same few hundred lines:
    # `      - {A: 3H}`, `    - Ben: [8D]`).
    items: dict[str, tuple[int, str, tuple[list[str], dict[str, int]] | None, tuple[int, str, str] | None]] = {}
    for raw in text.split("\n"):
        lineno += 1
        if pending is None:
            hit = items.get(raw)
            if hit is not None:
                # The dedent to the item's list closes what the line before opened, as below.
                while hit[0] < stack[-1][0] and len(stack) > 1:
                    stack.pop()
                top = stack[-1]
                if top[0] == hit[0] and top[2]:
                    keyed = hit[3]
                    if keyed is None:
                        flat = hit[2]
                        top[1].items.append(FlatMap(lineno, *flat) if flat is not None else value(hit[1], lineno, seen))
                        continue
                    # `- key: value`: its mapping opens at the key's column, as the first reading found
                    col, key, after = keyed
                    m = Map(lineno)
                    top[1].items.append(m)
                    if len(stack) >= MAX_DEPTH - 2:
                        raise _Fallback
                    stack.append([col, m, False, False])
                    first = after[0]
                    node = value(after, lineno, seen) if first == "[" or first == "{" or first == "'" or first == '"' \
                        else Scalar(after, lineno, True)
                    m.index[key] = 0
                    m.pairs.append((Scalar(key, lineno, True), node))
                    continue
        content = raw.lstrip(" ")
        if not content or content[0] == "#":
            continue
        ind = len(raw) - len(content)
        if "#" in content:
            cut = content.find(" #")
            if cut < 0 or content.find("#") < cut:
                raise _Fallback  # `a#b`
            content = content[:cut]
            if "'" in content or '"' in content:
                raise _Fallback  # the `#` may be inside quotes
        content = content.rstrip(" ")
        if ind == 0 and (content[:3] == "---" or content[:3] == "...") and content[3:4] in ("", " "):
            raise _Fallback  # a document marker
        if root is None:
            if content.startswith(("---", "...", "%", "- ", "[", "{")) or content == "-":
                raise _Fallback  # a document marker, a directive, a record that is not a mapping
            root = Map(lineno)
            stack.append([ind, root, False, False])
        top = stack[-1]
        dash = content[0] == "-" and (len(content) == 1 or content[1] == " ")
        if pending is not None:
            owner = top[1]
            if ind > top[0] or (ind == top[0] and dash):
                node: Node = Seq(lineno) if dash else Map(lineno)
                owner.add(pending, node)
                stack.append([ind, node, dash, ind == top[0]])
                top = stack[-1]
                pending = None
            else:
                owner.add(pending, Scalar("", pending.line, True))
                pending = None
        while ind < top[0] or (ind == top[0] and top[3] and not dash):
            stack.pop()  # a dedent closes containers; a key line closes a list written at its key's indent
            if not stack:
                raise _Fallback
            top = stack[-1]
        if ind != top[0]:
            raise _Fallback  # an indent that opens nothing: a continued value, a misaligned key
        if top[2]:  # a list: this line is `- item`
            if not dash or len(content) < 3:
                raise _Fallback
            rest = content[2:]
            extra = len(rest) - len(rest.lstrip(" "))
            rest = rest[extra:]
            if rest[0] == "-" and (len(rest) == 1 or rest[1] == " "):
                raise _Fallback  # a list in a list
            if rest[0] != "{" and rest[0] != "[" and _is_key_line(rest):  # `- {…}`, `- […}`: never a key
                # `- key: value`: a mapping in the list, its keys at the column of this one
                m = Map(lineno)
                top[1].items.append(m)
                if len(stack) >= MAX_DEPTH - 2:
                    raise _Fallback  # near the limit: the full reader counts the depth
                stack.append([ind + 2 + extra, m, False, False])
                top = stack[-1]
                content = rest
            else:
                node = value(rest, lineno, seen)
                top[1].items.append(node)
                if len(items) < _SEEN_MAX:
                    items[raw] = (ind, rest, (node.words, node._index) if node.__class__ is FlatMap else None,  # type: ignore[union-attr]
                                  None)
                continue
        elif dash:
            raise _Fallback
        # `key: value` or `key:` in the mapping `top`
        if content[0] == "'" or content[0] == '"':
            k, after = _block_key(content, lineno)
            key = k.value
        else:  # `_block_key` inline for a plain key: a record has a few dozen, each proved once
            key, colon, after = content.partition(":")
            if not colon or (after and after[0] != " ") or len(key) > _KEY_MAX:
                raise _Fallback  # not a key line, `a:b`, a long key
            if key not in keys_ok:
                if not _P.word.fullmatch(key):
                    raise _Fallback  # a key the fast path does not read
                keys_ok.add(key)
            k = Scalar(key, lineno, True)
            after = after.lstrip(" ")
        m = top[1]
        index = m.index
        if key in index:
            raise _Fallback  # a key twice: the full reader says so, with both lines
        if not after:
            pending = k
            if len(stack) >= MAX_DEPTH - 2:
                raise _Fallback
            continue
        first = after[0]
        if first == "[" or first == "{" or first == "'" or first == '"':
            node = value(after, lineno, seen)
        else:  # `_value` inline for a plain value: most repeat (`10`, `South`), each proved once
            if after not in values_ok:
                if not _P.value.fullmatch(after):
                    raise _Fallback
                values_ok.add(after)
            node = Scalar(after, lineno, True)
        if top[0] != ind and not m.pairs and k.plain and pending is None and len(items) < _SEEN_MAX:
            # the first key of `- key: value` (its mapping was opened above, at the key's column)
            items[raw] = (ind, "", None, (top[0], key, after))
        index[key] = len(m.pairs)  # `m.add`, inline
        m.pairs.append((k, node))
    if root is None:
        raise _Fallback
    if pending is not None:
        stack[-1][1].add(pending, Scalar("", pending.line, True))
    return root
