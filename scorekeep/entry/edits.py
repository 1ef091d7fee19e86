"""Edits of a record (`SetKey`, `DelKey`, `Append`, `Pop`, addressed by a path of keys and
indices), applied to the text and to the checker's nodes.

`splice` changes only the characters of the edited value, so a hand-written record keeps its
comments, key order and layout byte for byte elsewhere; a layout the splicer does not handle (a
block scalar replaced) goes through a ruamel.yaml round trip (`roundtrip`). Either way the
result is read again and must be the record with the edits and nothing else (`edit_text`).
`apply_nodes` applies an edit to the line-tracked nodes, copy-on-write, for quick trials.
Values are plain Python: int, str, None, list, dict (in the order to write).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Union

from ..errors import InputError
from ..yamlio import Map, Node, Scalar, Seq

Path = tuple[Union[str, int], ...]


class SetKey(NamedTuple):
    """Set `key` of the mapping at `path` (created if missing or empty) to `value`."""

    path: Path
    key: str
    value: Any


class DelKey(NamedTuple):
    """Remove `key` from the mapping at `path`."""

    path: Path
    key: str


class Append(NamedTuple):
    """Append `value` to the list at `path` (created if missing or empty)."""

    path: Path
    value: Any


class Pop(NamedTuple):
    """Remove the last item of the list at `path`."""

    path: Path


Edit = Union[SetKey, DelKey, Append, Pop]


# --- writing values ----------------------------------------------------------------------

_PLAIN = re.compile(r"[^\W\d_](?:[\w.'/ -]*[\w.'/-])?\Z")
_YAML11_WORDS = frozenset("y n yes no on off true false null".split())


def scalar_text(value: Any) -> str:
    """A value as YAML flow text that every YAML reader reads back as the same value: whole
    numbers plain, text plain where no reader could take it for anything else, else quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _YAML11_WORDS:
        return text
    import json  # here: most entries are numbers and names, and `add` starts faster without it

    # A JSON string is a YAML double-quoted scalar. JSON leaves DEL, C1 (NEL U+0085 is a YAML
    # line break), the line and paragraph separators and the direction controls raw: YAML
    # refuses some and breaks lines at others, and none should reach a terminal that shows
    # the file; escaped, the file reads back as the same text.
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(text, ensure_ascii=False))


_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]")


def flow_text(value: Any) -> str:
    """A value as one line of YAML flow text."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar_text(k)}: {flow_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow_text(v) for v in value) + "]"
    return scalar_text(value)


def block_item(value: Any, indent: int) -> str:
    """A list item written in block style at `indent` (the column of its `-`): a mapping one
    key a line, its values in flow style."""
    pad = " " * indent
    if isinstance(value, dict) and value:
        lines = []
        for i, (k, v) in enumerate(value.items()):
            head = f"{pad}{'- ' if i == 0 else '  '}{scalar_text(k)}:"
            if isinstance(v, list) and v and all(isinstance(x, dict) and x for x in v):
                lines.append(head + "\n" + "\n".join(block_item(x, indent + 4) for x in v))
            else:
                lines.append(head + _after_colon(v))
        return "\n".join(lines)
    return f"{pad}- {flow_text(value)}"


def _after_colon(v: Any) -> str:
    return "" if v is None else " " + flow_text(v)


# --- applying to the checker's nodes (copy-on-write) -------------------------------------

NEW_LINE = 10**6
"""The line given to nodes an edit creates: they have no line yet; only messages show it."""


def to_node(value: Any) -> Node:
    if isinstance(value, dict):
        m = Map(NEW_LINE)
        for k, v in value.items():
            m.add(Scalar(str(k), NEW_LINE, True), to_node(v))
        return m
    if isinstance(value, (list, tuple)):
        return Seq(NEW_LINE, [to_node(v) for v in value])
    if value is None:
        return Scalar("", NEW_LINE, True)
    text = scalar_text(value)
    return Scalar(str(value) if not isinstance(value, bool) else text, NEW_LINE, not text.startswith('"'))


def _copy(node: Node) -> Node:
    if isinstance(node, Map):
        return Map(node.line, list(node.pairs), dict(node.index))
    if isinstance(node, Seq):
        return Seq(node.line, list(node.items))
    return node


def _child(node: Node, step: str | int) -> Node | None:
    if isinstance(step, int):
        return node.items[step] if isinstance(node, Seq) and -len(node.items) <= step < len(node.items) else None
    return node.get(step) if isinstance(node, Map) else None


def _replace_child(parent: Node, step: str | int, child: Node) -> None:
    if isinstance(step, int):
        assert isinstance(parent, Seq)
        parent.items[step] = child
    else:
        assert isinstance(parent, Map)
        if step in parent.index:
            i = parent.index[step]
            parent.pairs[i] = (parent.pairs[i][0], child)
        else:
            parent.add(Scalar(step, NEW_LINE, True), child)


def apply_nodes(root: Node, edit: Edit) -> Node:
    """The record's nodes with `edit` applied; `root` is left as it was."""
    steps = list(edit.path)
    new_root = _copy(root)
    chain = [new_root]
    for i, step in enumerate(steps):
        child = _child(chain[-1], step)
        last = i == len(steps) - 1  # a missing or empty (null) value there becomes the list or mapping edited
        if child is None or last and isinstance(edit, (SetKey, Append)) and isinstance(child, Scalar) and child.is_null:
            child = Seq(NEW_LINE) if last and isinstance(edit, Append) else Map(NEW_LINE)
        else:
            child = _copy(child)
        _replace_child(chain[-1], step, child)
        chain.append(child)
    target = chain[-1]
    if isinstance(edit, SetKey):
        assert isinstance(target, Map)
        _replace_child(target, edit.key, to_node(edit.value))
    elif isinstance(edit, DelKey):
        assert isinstance(target, Map) and edit.key in target.index
        del target.pairs[target.index[edit.key]]
        target.index = {k.value: j for j, (k, _v) in enumerate(target.pairs)}
    elif isinstance(edit, Append):
        assert isinstance(target, Seq)
        target.items.append(to_node(edit.value))
    else:
        assert isinstance(target, Seq) and target.items
        target.items.pop()
    return new_root


# --- applying to the text: the layout of a record, then a splice -------------------------

class _Lay:
    """Where a node sits in the text: character offsets, style and children. A plain class with
    slots: a working node of `layout`, never compared (a dataclass cost `add` 0.4 ms to make)."""

    __slots__ = ("kind", "start", "end", "flow", "col", "items", "keys")

    def __init__(self, kind: str, start: int, end: int, flow: bool, col: int) -> None:
        self.kind = kind  # "map", "seq", "scalar"
        self.start, self.end, self.flow, self.col = start, end, flow, col
        self.items: list[_Lay] = []
        self.keys: list[tuple[str, _Lay, _Lay]] = []


class CannotSplice(Exception):
    """The text's layout is one the splicer leaves to the ruamel round trip."""


def layout(text: str) -> _Lay:
    """The layout of a record's text (one YAML document, already known to be readable)."""
    import yaml

    E = yaml.events
    stack: list[list[Any]] = []  # [collection, its pending key, the key's text]
    root: _Lay | None = None
    for ev in yaml.parse(text, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        if isinstance(ev, E.CollectionEndEvent):
            node = stack.pop()[0]
            node.end = ev.end_mark.index if node.flow else _content_end(node)
            continue
        if not isinstance(ev, (E.ScalarEvent, E.CollectionStartEvent)):
            continue
        kind = "scalar" if isinstance(ev, E.ScalarEvent) else "map" if isinstance(ev, E.MappingStartEvent) else "seq"
        mark = ev.start_mark
        node = _Lay(kind, mark.index, ev.end_mark.index, kind == "scalar" or bool(ev.flow_style), mark.column)
        if not stack:
            root = node
        elif stack[-1][0].kind == "seq":
            stack[-1][0].items.append(node)
        elif stack[-1][1] is None:
            stack[-1][1:] = node, getattr(ev, "value", None)
            continue
        else:
            top = stack[-1]
            top[0].keys.append((top[2] or "", top[1], node))
            top[1] = top[2] = None
        if kind != "scalar":
            stack.append([node, None, None])
    assert root is not None
    return root


def _content_end(node: _Lay) -> int:
    """Where a block collection's last value ends (its end event sits past trailing comments)."""
    if node.kind == "map":
        return node.keys[-1][2].end if node.keys else node.start
    return node.items[-1].end if node.items else node.start


def _find(root: _Lay, path: Path) -> _Lay | None:
    node: _Lay | None = root
    for step in path:
        if node is None:
            return None
        if isinstance(step, int):
            node = node.items[step] if node.kind == "seq" and -len(node.items) <= step < len(node.items) else None
        else:
            node = next((v for k, _kl, v in node.keys if k == step), None) if node.kind == "map" else None
    return node


def _line_end(text: str, i: int) -> int:
    j = text.find("\n", i)
    return len(text) if j < 0 else j


def _line_start(text: str, i: int) -> int:
    return text.rfind("\n", 0, i) + 1


def _is_null(text: str, node: _Lay) -> bool:
    return node.kind == "scalar" and text[node.start:node.end].strip() in ("", "~", "null", "Null", "NULL")


def _replace_value(text: str, value_node: _Lay, new: Any) -> str:
    """The text with one value replaced (the value is the entry: what was inside it goes)."""
    start, end = value_node.start, value_node.end
    if value_node.kind == "scalar" and text[start:start + 1] in ("|", ">"):
        raise CannotSplice("a block scalar (| or >)")
    if value_node.kind != "scalar" and not value_node.flow:
        return _replace_block(text, value_node, new)
    rendered = flow_text(new) if new is not None else ""
    if start == end and start > 0 and text[start - 1] == ":":
        rendered = " " + rendered
    return text[:start] + rendered + text[end:]


def _replace_block(text: str, node: _Lay, new: Any) -> str:
    """A block mapping or list replaced by `new`: one key (item) a line at the same indent,
    or after its key's colon when `new` is not a mapping (list) with something in it."""
    pad = "\n" + " " * node.col
    if isinstance(new, dict) and new and node.kind == "map":
        return text[:node.start] + pad.join(f"{scalar_text(k)}:{_after_colon(v)}" for k, v in new.items()) \
            + text[node.end:]
    if isinstance(new, (list, tuple)) and new and node.kind == "seq":
        return text[:node.start] + pad.join(f"- {flow_text(v)}" for v in new) + text[node.end:]
    colon = text[:node.start].rstrip(" \t\r\n")
    if not colon.endswith(":") or "#" in text[len(colon):node.start]:
        raise CannotSplice("a list or mapping replaced by another kind of value")
    return colon + _after_colon(new) + text[node.end:]


def _flow_insert(text: str, target: _Lay, piece: str) -> str:
    """`piece` added at the end of a flow list or mapping, on one line or several, after its
    last value (a comment or line break after that stays where it is)."""
    last = (target.keys[-1][2] if target.keys else None) if target.kind == "map" else \
        (target.items[-1] if target.items else None)
    if last is None:
        at = target.start + 1
        return text[:at] + piece + text[at:]
    return text[:last.end] + ", " + piece + text[last.end:]


def _flow_remove(text: str, target: _Lay, start: int, end: int, before: int | None, after: int | None) -> str:
    """The entry text[start:end] of a flow list or mapping removed with its comma; `before`:
    where the entry before it ends, `after`: where the one after it starts (None: none)."""
    if before is not None:
        if "#" not in text[before:start]:
            return text[:before] + text[end:]
        comma = text.index(",", before)  # the comma follows the entry before, ahead of any comment
        return text[:comma] + text[comma + 1:start] + text[end:]
    if after is not None:
        if "#" in text[end:after]:
            raise CannotSplice("a comment after the first entry of a flow list or mapping")
        return text[:start] + text[after:]
    if "#" in text[target.start:target.end]:
        raise CannotSplice("a comment inside a flow list or mapping being emptied")
    return text[:target.start] + ("{}" if target.kind == "map" else "[]") + text[target.end:]


def _mapping_indent(text: str, m: _Lay) -> int:
    if not m.keys:
        raise CannotSplice("an empty mapping")
    return m.keys[0][1].col


def splice(text: str, edit: Edit, lay: _Lay | None = None) -> str:
    """The text with `edit` applied, changing nothing else. Raises CannotSplice where the
    layout needs the round trip."""
    root = lay or layout(text)
    target = _find(root, edit.path)
    if isinstance(edit, SetKey):
        return _splice_set(text, edit, root, target)
    if isinstance(edit, DelKey):
        return _splice_del(text, edit, target)
    if isinstance(edit, Append):
        return _splice_append(text, edit, root, target)
    return _splice_pop(text, target)


def _splice_set(text: str, edit: SetKey, root: _Lay, target: _Lay | None) -> str:
    parent_path, last = edit.path[:-1], (edit.path[-1] if edit.path else None)
    if target is None or _is_null(text, target):
        if target is None and last is not None and isinstance(last, str):
            # the mapping itself is missing: write `last: {key: value}`
            return splice(text, SetKey(parent_path, last, {edit.key: edit.value}), root)
        if target is None:
            raise CannotSplice("no such place")
        return _replace_value(text, target, {edit.key: edit.value})
    if target.kind != "map":
        raise CannotSplice("not a mapping")
    existing = next((v for k, _kl, v in target.keys if k == edit.key), None)
    if existing is not None:
        return _replace_value(text, existing, edit.value)
    if target.flow:
        return _flow_insert(text, target, f"{scalar_text(edit.key)}: {flow_text(edit.value)}")
    at = _line_end(text, target.end)
    indent = _mapping_indent(text, target)
    head = f"\n{' ' * indent}{scalar_text(edit.key)}:"
    if isinstance(edit.value, list) and edit.value and isinstance(edit.value[0], dict) and edit.key in _BLOCK_LISTS:
        return text[:at] + head + "\n" + "\n".join(block_item(v, indent + 2) for v in edit.value) + text[at:]
    return text[:at] + head + _after_colon(edit.value) + text[at:]


def _splice_del(text: str, edit: DelKey, target: _Lay | None) -> str:
    if target is None or target.kind != "map":
        raise CannotSplice("not a mapping")
    i = next((i for i, (k, _kl, _v) in enumerate(target.keys) if k == edit.key), None)
    if i is None:
        raise CannotSplice("no such key")
    _k, kl, v = target.keys[i]
    if target.flow:
        return _flow_remove(text, target, kl.start, v.end, target.keys[i - 1][2].end if i else None,
                            target.keys[i + 1][1].start if i + 1 < len(target.keys) else None)
    if i == 0:  # `- bids: …` starting an item: the next key takes its place
        if len(target.keys) == 1 or "#" in text[v.end:target.keys[1][1].start]:
            raise CannotSplice("the only key of an item, or a comment after it")
        return text[:kl.start] + text[target.keys[1][1].start:]
    start = _line_start(text, kl.start)
    if text[start:kl.start].strip():
        raise CannotSplice("a key that does not start its line")
    end = _line_end(text, v.end)
    return text[:start - 1] + text[end:] if start > 0 else text[end + 1:]


def _splice_append(text: str, edit: Append, root: _Lay, target: _Lay | None) -> str:
    parent_path, last = edit.path[:-1], (edit.path[-1] if edit.path else None)
    if target is None or _is_null(text, target):
        if not isinstance(last, str):
            raise CannotSplice("no such list")
        parent = _find(root, parent_path)
        if parent is None or parent.kind != "map":
            raise CannotSplice("no such mapping")
        if target is not None and isinstance(edit.value, dict) and not parent.flow:
            # `hands:` with nothing after it: a block list below the key
            pad = _mapping_indent(text, parent) + 2
            return text[:target.start].rstrip(" ") + "\n" + block_item(edit.value, pad) + text[target.end:]
        return splice(text, SetKey(parent_path, last, [edit.value]), root)
    if target.kind != "seq":
        raise CannotSplice("not a list")
    if target.flow:
        return _flow_insert(text, target, flow_text(edit.value))
    if not target.items:
        raise CannotSplice("an empty block list")
    at = _line_end(text, target.end)
    return text[:at] + "\n" + block_item(edit.value, target.col) + text[at:]


def _splice_pop(text: str, target: _Lay | None) -> str:
    if target is None or target.kind != "seq" or not target.items:
        raise CannotSplice("no item to remove")
    item = target.items[-1]
    if target.flow:
        return _flow_remove(text, target, item.start, item.end,
                            target.items[-2].end if len(target.items) > 1 else None, None)
    start = _line_start(text, item.start)
    if text[start:item.start].strip() != "-":
        raise CannotSplice("an item that does not start its line")
    end = _line_end(text, item.end)
    if len(target.items) == 1:  # the list is left empty: `[]` after its key
        colon = text[:start].rstrip(" \t\r\n")
        if not colon.endswith(":") or "#" in text[len(colon):start]:
            raise CannotSplice("the only item of a block list")
        return colon + " []" + text[end:]
    return text[:start - 1] + text[end:]


# --- the round trip, for layouts the splicer leaves alone --------------------------------

class Unsafe(InputError):
    """An entry that cannot be saved without changing the record elsewhere (a layout the
    splicer cannot edit, where the round trip would change a value or drop a comment)."""


def roundtrip(text: str, edits: list[Edit]) -> str:
    """The text with `edits` applied through ruamel.yaml's round trip (comments outside flow
    collections, key order and quoting kept; indentation as the record's own where it is
    regular). Plain text stays the text it was: `True`, `Null`, `~`, `+3` are not retyped."""
    import io

    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.Resolver = _text_resolver()
    yaml.preserve_quotes = True
    yaml.width = 4096
    offset = _sequence_offset(text)
    yaml.indent(mapping=2, sequence=offset + 2, offset=offset)
    doc = yaml.load(text)
    for edit in edits:
        _apply_ruamel(doc, edit)
    out = io.StringIO()
    yaml.dump(doc, out)
    return out.getvalue()


def _text_resolver() -> type:
    """A resolver that reads every plain value as text, as the checker does (only an empty
    one is null): what is read as text is written back as the same plain text."""
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver

    class TextResolver(VersionedResolver):  # type: ignore[misc]
        def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
            if kind is ScalarNode and implicit[0] and value != "":
                return self.DEFAULT_SCALAR_TAG
            return super().resolve(kind, value, implicit)

    return TextResolver


def _sequence_offset(text: str) -> int:
    m = re.search(r"^(\s*)[\w\"']+:[ \t]*(?:#.*)?\n(?:\s*#.*\n)*(\s*)- ", text, re.M)
    if m and len(m.group(2)) >= len(m.group(1)):
        return len(m.group(2)) - len(m.group(1))
    return 2


def _to_ruamel(value: Any, flow: bool) -> Any:
    """Plain values as ruamel's: flow style for what fits on a line (per-player numbers);
    numbers as the text they are written as, text quoted where `scalar_text` quotes it."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    if isinstance(value, dict):
        m = CommentedMap()
        for k, v in value.items():
            m[_to_ruamel(k, True)] = _to_ruamel(v, True)
        if flow:
            m.fa.set_flow_style()
        return m
    if isinstance(value, (list, tuple)):
        s = CommentedSeq(_to_ruamel(v, flow or not isinstance(v, dict)) for v in value)
        if flow:
            s.fa.set_flow_style()
        return s
    if value is None:
        return None
    written = scalar_text(value)
    return DoubleQuotedScalarString(str(value)) if written.startswith('"') else written


_BLOCK_LISTS = ("hands", "sets", "games", "history")


def _apply_ruamel(doc: Any, edit: Edit) -> None:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    node = doc
    for i, step in enumerate(edit.path):
        parent = node
        node = parent[step] if (isinstance(step, int) or step in parent) else None
        if node is None:
            node = CommentedSeq() if isinstance(edit, Append) and i == len(edit.path) - 1 else CommentedMap()
            parent[step] = node
    if isinstance(edit, SetKey):
        node[_to_ruamel(edit.key, True)] = _to_ruamel(edit.value, edit.key not in _BLOCK_LISTS)
    elif isinstance(edit, DelKey):
        del node[edit.key]
    elif isinstance(edit, Append):
        node.append(_to_ruamel(edit.value, not isinstance(edit.value, dict)))
    else:
        node.pop()


def edit_text(text: str, edits: list[Edit], before: Node | None = None) -> tuple[str, Node]:
    """The text with `edits` applied (spliced where the layout allows, else round-tripped), and
    its nodes: the result is read again and must be the record `before` (the text's nodes, read
    here if not given) with the edits and nothing else; else Unsafe, with the reason."""
    if "\r\n" in text and "\n" not in text.replace("\r\n", ""):  # saved on Windows: its line ends kept
        out, nodes = edit_text(text.replace("\r\n", "\n"), edits, before)
        return out.replace("\n", "\r\n"), nodes
    out = text
    why = ""
    try:
        for edit in edits:
            out = splice(out, edit)
    except CannotSplice as e:
        why = str(e)
        try:
            out = roundtrip(text, edits)
        except Exception as x:  # noqa: BLE001 - whatever ruamel.yaml cannot do, nothing is written
            raise Unsafe(f"the entry is not saved: this layout ({why}) cannot be edited in place, nor "
                         f"rewritten ({type(x).__name__}); nothing written", 1) from None
    return out, _prove(text, edits, out, before, why)


def _prove(text: str, edits: list[Edit], out: str, before: Node | None, why: str) -> Node:
    """The nodes of `out`; raise Unsafe unless they are `text`'s with `edits` and nothing
    else, and (after a round trip: `why` says why it was needed) `out` keeps every comment."""
    from ..yamlio import difference, parse

    expected = before if before is not None else parse(text)
    for edit in edits:
        expected = apply_nodes(expected, edit)
    try:
        got = parse(out)
    except InputError as e:
        raise Unsafe(f"saving this entry would make the record unreadable ({e.message})", e.line) from None
    d = difference(expected, got)
    how = f"this layout ({why}) cannot be edited in place, and rewriting the file" if why else "the edit"
    if d is not None:
        raise Unsafe(f"the entry is not saved: {how} would change `{d[0]}` as well; nothing written "
                     "(write the entry with a text editor, or put that list on one line)", d[1])
    if why and "\r" in text:  # (line ends of both kinds: the rewrite would make them all one kind)
        raise Unsafe(f"the entry is not saved: {how} would change the line ends of this file; nothing written "
                     "(save it with one kind of line end)", 1)
    if why:
        lost = _lost_comment(text, out)
        if lost is not None:
            raise Unsafe(f"the entry is not saved: {how} would drop the comment `{lost[0]}`; nothing written "
                         "(write the entry with a text editor, or move the comment)", lost[1])
    return got


def _lost_comment(text: str, out: str) -> tuple[str, int] | None:
    """The first comment of `text` (and its line) that `out` no longer has."""
    spans: list[tuple[int, int]] = []  # where the values are: a `#` inside one is no comment
    stack = [layout(text)]
    while stack:
        node = stack.pop()
        if node.kind == "scalar":
            spans.append((node.start, node.end))
        stack.extend([*node.items, *(x for _k, kl, v in node.keys for x in (kl, v))])
    left = out
    for m in re.finditer(r"(?:^|(?<=[ \t]))#[^\n]*", text, re.M):
        if any(a <= m.start() < b for a, b in spans):
            continue
        comment = m.group().rstrip()
        at = left.find(comment)
        if at < 0:
            return comment, text.count("\n", 0, m.start()) + 1
        left = left[at + len(comment):]
    return None
