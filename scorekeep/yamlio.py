"""Read a YAML record safely into nodes that remember their line.

Every scalar stays text: YAML 1.1's implicit typing would turn a player called `No` into
False, `1` into an int and `2026-11-30` into a date, so we never resolve types here; the
record readers decide what a value means where they know what it should be.

Nodes are built from libyaml's event stream, consuming each event once (no recursion, no
constructor, no resolver), so anchors, aliases, tags, duplicate keys and deep nesting are refused
before they can do harm. The text is NFC-normalised first: a name typed on a Mac (`René`
decomposed) is the same name as everywhere else. A YAML slip is told in a card player's words at
the line of the slip (a missing colon, a tab, a full-width `：`).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from typing import NoReturn, Union

import yaml

from .errors import InputError

try:  # libyaml makes reading an archive several times faster
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_BYTES = 1024 * 1024
"""Largest record accepted, 1 MiB (the format's limit): a long Daifugō match with every play is far below."""

MAX_DEPTH = 32
"""Deepest nesting accepted; the deepest real record (Daifugō plays) nests 8 levels."""

_NULLS = frozenset(("", "~", "null", "Null", "NULL"))


@dataclass(slots=True, eq=False)
class Scalar:
    """A text value and its 1-based line. `plain` is false when the text was quoted."""

    value: str
    line: int
    plain: bool

    @property
    def is_null(self) -> bool:
        """True for an empty or `null`/`~` value written without quotes."""
        return self.plain and self.value in _NULLS


@dataclass(slots=True, eq=False)
class Seq:
    """A YAML sequence and the line it starts on."""

    line: int
    items: list[Node] = field(default_factory=list)


@dataclass(slots=True, eq=False)
class Map:
    """A YAML mapping in written order (order matters: a trick lists cards as played); `index`:
    each key's place in `pairs`."""

    line: int
    pairs: list[tuple[Scalar, Node]] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)

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


def plain_items(node: Node) -> list[tuple[str, str | None, int]] | None:
    """A mapping's pairs as (key, the value's text or None when it is a list or mapping, the key's
    line). None when `node` is not a mapping."""
    if node.__class__ is not Map:
        return None
    return [(k.value, v.value if v.__class__ is Scalar else None, k.line)  # type: ignore[union-attr]
            for k, v in node.pairs]  # type: ignore[union-attr]

Node = Union[Scalar, Seq, Map]


def _line_at(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


_TOO_BIG = "records larger than 1 MiB are refused (split the match into several files)"


def decode(data: bytes) -> str:
    """Bytes of a record file to text, refusing what is not a text file."""
    if len(data) > MAX_BYTES:  # (standard input is read only one byte past the limit)
        raise InputError(f"the record is more than {MAX_BYTES:,} bytes; {_TOO_BIG}", 1)
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


def encode_like(text: str, data: bytes) -> bytes:
    """`text` in the encoding of a file whose bytes were `data`: a UTF-8 byte order mark and
    UTF-16 (either byte order) are kept, as `decode` read them."""
    if data.startswith(b"\xff\xfe"):
        return b"\xff\xfe" + text.encode("utf-16-le")
    if data.startswith(b"\xfe\xff"):
        return b"\xfe\xff" + text.encode("utf-16-be")
    return (b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b"") + text.encode("utf-8")


def read_text(path: str) -> str:
    """One record file's text (`decode`d). Raises InputError (with `path` set) on anything unreadable."""
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise InputError("is a directory, not a record file", None, path)
        if not stat.S_ISREG(st.st_mode):  # opening a FIFO would wait for a writer forever
            raise InputError("is not a regular file (a pipe, device or socket): give a record file, "
                             "or `-` to read standard input", None, path)
        if st.st_size > MAX_BYTES:
            raise InputError(f"the file is {st.st_size:,} bytes; {_TOO_BIG}", 1, path)
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except InputError:
        raise
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


def _indent(src: str) -> int:
    return len(src) - len(src.lstrip(" "))


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
    # a key, maybe after `- `, then a flow collection with no colon between: `tricks {North: 3}`
    if "mapping values are not allowed" in problem and re.match(r"\s*(?:-\s+)?[^\s:{}\[\],#]+\s+[\[{]", src):
        return _missing_colon(src), line  # `tricks {North: 3, …}`: the key lost its colon
    if "mapping values are not allowed" in problem:
        before, opens = _source_line(text, line - 1), _source_line(text, line - 2).rstrip()
        if ":" not in before and before.strip() and _indent(before) == _indent(src) \
                and opens.endswith(":") and _indent(opens) < _indent(before):
            # the first key of a block lost its colon: YAML read it and the next line as one text
            return _missing_colon(before), line - 1
        return (f"this is not valid YAML: a second `: ` on line {line}; put a value that holds `: ` in quotes, "
                "or start a new line for the next key", line)
    if "did not find expected key" in problem or "expected <block end>" in problem:
        return (f"this is not valid YAML: line {line} is not indented like the lines around it "
                "(keys of one mapping line up; list entries start with `- `)", line)
    message = f"{context}: {problem}" if context else problem
    return f"this is not valid YAML: {message}", line


def parse(text: str) -> Node:
    """Parse one YAML document into line-tracked nodes (see module docstring)."""
    if not text.strip():
        raise InputError("the file is empty: a record needs at least `game:` and `players:`", 1)
    if not text.isascii():  # names typed on a Mac arrive decomposed (`René`), and are the same names
        from unicodedata import normalize  # not at import: it costs start-up 8 ms

        text = normalize("NFC", text)
    loader = _Loader(text)
    try:
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


def _build(loader: _Loader, marked: bool = True) -> Node:
    """The nodes of the one document from libyaml's events, each consumed once; no recursion (depth
    is counted). The loop runs per event of an archive (millions): its state is in locals, the open
    container (`items` of a list, or a mapping's `pairs` and `index` with `key` waiting for its
    value) and a stack of the enclosing ones. `marked` False: the text has no `&`, `*` or `!`, so
    no event can carry an anchor, an alias or a tag, and none is looked for."""
    SCALAR, MAP_START, SEQ_START = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent
    get = loader.get_event
    documents = 0
    stack: list[tuple[list, dict | None]] = []
    top: list[Node] = []  # the document's root node, once read
    items: list = top  # the open list's items, or the open mapping's pairs
    index: dict[str, int] | None = None  # the open mapping's index; None in a list
    key: Scalar | None = None
    while True:
        ev = get()
        cls = ev.__class__
        if cls is SCALAR:  # nine events in ten: a scalar is placed here, without the general path
            if marked and (ev.anchor is not None or ev.tag is not None):
                _refuse(ev)
            if index is None:
                items.append(Scalar(ev.value, ev.start_mark.line + 1, not ev.style))  # libyaml: plain style is ""
            elif key is None:
                key = Scalar(ev.value, ev.start_mark.line + 1, not ev.style)
                if key.value in index:
                    raise InputError(f"`{key.value}` appears twice in the same mapping "
                                     f"(first at line {items[index[key.value]][0].line})", key.line)
            else:
                index[key.value] = len(items)
                items.append((key, Scalar(ev.value, ev.start_mark.line + 1, not ev.style)))
                key = None
            continue
        if cls is MAP_START or cls is SEQ_START:
            if marked and (ev.anchor is not None or ev.tag is not None):
                _refuse(ev)
            items, index = _open(ev.start_mark.line + 1, cls is MAP_START, items, index, key, stack)
            key = None
        elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
            items, index = stack.pop()  # (a collection ends only after its last value: no key waits)
        elif cls is yaml.StreamEndEvent:
            break
        else:  # the stream's and documents' starts and ends, and aliases
            if cls is yaml.AliasEvent:
                _refuse(ev)
            documents += cls is yaml.DocumentStartEvent
            if documents > 1:
                raise InputError("a record file holds one YAML document; this one has several (---)",
                                 ev.start_mark.line + 1)
    if not top:
        raise InputError("the file is empty: a record needs at least `game:` and `players:`", 1)
    return top[0]


def _open(line: int, mapping: bool, items: list, index: dict[str, int] | None, key: Scalar | None,
          stack: list[tuple[list, dict | None]]) -> tuple[list, dict[str, int] | None]:
    """A list or mapping starting at `line`, placed in the open container (after `key` in a
    mapping), which is pushed on `stack`: the new open container's items (or pairs) and index."""
    node: Map | Seq = Map(line) if mapping else Seq(line)
    if index is None:
        items.append(node)
    elif key is None:
        raise InputError("a mapping key must be plain text, not a list or a mapping", line)
    else:
        index[key.value] = len(items)
        items.append((key, node))
    if len(stack) >= MAX_DEPTH:
        raise InputError(f"the record nests more than {MAX_DEPTH} levels deep", line)
    stack.append((items, index))
    return (node.pairs, node.index) if mapping else (node.items, None)  # type: ignore[union-attr]


def difference(a: Node, b: Node, where: str = "") -> tuple[str, int] | None:
    """Where record `b` reads differently from record `a` (a place like `players[2]`, and
    its line in `b`); None when every key and value reads the same (lines and quoting aside:
    a plain value has no spaces around it to lose, and a null written `~` or left empty is
    the same null; a quoted `~` is text)."""
    here = where or "the record"
    if a.__class__ is not b.__class__:
        return here, b.line
    if isinstance(a, Scalar):
        same = (a.value, a.is_null) == (b.value, b.is_null) or a.is_null and b.is_null  # type: ignore[union-attr]
        return None if same else (here, b.line)
    if isinstance(a, Seq):
        if len(a.items) != len(b.items):  # type: ignore[union-attr]
            return here, b.line
        for i, (x, y) in enumerate(zip(a.items, b.items)):  # type: ignore[union-attr]
            d = difference(x, y, f"{where}[{i + 1}]")
            if d is not None:
                return d
        return None
    pairs_b = b.pairs  # type: ignore[union-attr]
    if [k.value for k, _v in a.pairs] != [k.value for k, _v in pairs_b]:  # type: ignore[union-attr]
        return here, b.line
    for (k, x), (_k, y) in zip(a.pairs, pairs_b):  # type: ignore[union-attr]
        d = difference(x, y, f"{where}.{k.value}" if where else k.value)
        if d is not None:
            return d
    return None
