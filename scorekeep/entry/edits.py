"""Edits of a record, applied three ways: to the text, to the checker's nodes, to ruamel.

An edit is a small frozen value (`SetKey`, `DelKey`, `Append`, `Pop`) addressed by a path of
keys and indices from the top of the record. The same edit is applied

- to the text (`splice`): only the characters of the edited value change, so a hand-written
  record keeps its comments, key order and layout byte for byte everywhere else; where the
  layout is one the splicer does not handle (a flow-style list of hands, a value written
  over several lines) it falls back to a ruamel.yaml round trip (`roundtrip`);
- to the line-tracked nodes the checker reads (`apply_nodes`), copy-on-write, which is how
  the legal choices at a prompt are found quickly by trial.

Values are plain Python: int, str, None, list, dict (in the order to write).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Union

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
    return _UNSAFE.sub(_u_escape, json.dumps(text, ensure_ascii=False))


_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]")


def _u_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


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


def to_node(value: Any, line: int = NEW_LINE) -> Node:
    if isinstance(value, dict):
        m = Map(line)
        for k, v in value.items():
            m.index[str(k)] = len(m.pairs)
            m.pairs.append((Scalar(str(k), line, True), to_node(v, line)))
        return m
    if isinstance(value, (list, tuple)):
        s = Seq(line)
        s.items = [to_node(v, line) for v in value]
        return s
    if value is None:
        return Scalar("", line, True)
    text = scalar_text(value)
    return Scalar(str(value) if not isinstance(value, bool) else text, line, not text.startswith('"'))


def _copy(node: Node) -> Node:
    if isinstance(node, Map):
        m = Map(node.line)
        m.pairs = list(node.pairs)
        m.index = dict(node.index)
        return m
    if isinstance(node, Seq):
        s = Seq(node.line)
        s.items = list(node.items)
        return s
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
            parent.index[step] = len(parent.pairs)
            parent.pairs.append((Scalar(step, NEW_LINE, True), child))


def _empty(node: Node | None) -> bool:
    return node is None or (isinstance(node, Scalar) and node.is_null)


def apply_nodes(root: Node, edit: Edit) -> Node:
    """The record's nodes with `edit` applied; `root` is left as it was."""
    steps = list(edit.path)
    new_root = _copy(root)
    chain = [new_root]
    for i, step in enumerate(steps):
        child = _child(chain[-1], step)
        if child is None:
            create_list = isinstance(edit, Append) and i == len(steps) - 1
            child = Seq(NEW_LINE) if create_list else Map(NEW_LINE)
        elif i == len(steps) - 1 and isinstance(edit, (SetKey, Append)) and _empty(child):
            child = Seq(NEW_LINE) if isinstance(edit, Append) else Map(NEW_LINE)
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
    """Where a node sits in the text: character offsets, style and children."""

    __slots__ = ("kind", "start", "end", "flow", "items", "keys", "col")

    def __init__(self, kind: str, start: int, end: int, flow: bool, col: int) -> None:
        self.kind = kind  # "map", "seq", "scalar"
        self.start = start
        self.end = end
        self.flow = flow
        self.col = col
        self.items: list[_Lay] = []
        self.keys: list[tuple[str, _Lay, _Lay]] = []


class CannotSplice(Exception):
    """The text's layout is one the splicer leaves to the ruamel round trip."""


def layout(text: str) -> _Lay:
    """The layout of a record's text (one YAML document, already known to be readable)."""
    import yaml

    E = yaml.events
    scalar, mapping, sequence = E.ScalarEvent, E.MappingStartEvent, E.SequenceStartEvent
    ends, stream_end = (E.MappingEndEvent, E.SequenceEndEvent), E.StreamEndEvent
    stack: list[list[Any]] = []  # [collection, its pending key, the key's text]
    root: _Lay | None = None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    get = loader.get_event
    try:
        while True:
            ev = get()
            kind = type(ev)
            if kind is scalar:
                mark = ev.start_mark
                node = _Lay("scalar", mark.index, ev.end_mark.index, True, mark.column)
                key_text = ev.value
            elif kind is mapping or kind is sequence:
                mark = ev.start_mark
                node = _Lay("map" if kind is mapping else "seq", mark.index, ev.end_mark.index,
                            bool(ev.flow_style), mark.column)
                key_text = None
            elif kind in ends:
                node = stack.pop()[0]
                node.end = ev.end_mark.index if node.flow else _content_end(node)
                continue
            elif kind is stream_end:
                break
            else:
                continue
            if stack:
                top = stack[-1]
                parent = top[0]
                if parent.kind == "seq":
                    parent.items.append(node)
                elif top[1] is None:
                    top[1], top[2] = node, key_text
                    continue
                else:
                    parent.keys.append((top[2] or "", top[1], node))
                    top[1] = top[2] = None
            else:
                root = node
            if node.kind != "scalar":
                stack.append([node, None, None])
    finally:
        loader.dispose()
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


def _single_line(text: str, node: _Lay) -> bool:
    return "\n" not in text[node.start:node.end]


def _after_block(text: str, node: _Lay) -> int:
    """Insertion point after a block collection's content: the end of its last line (past a
    comment on that line)."""
    return _line_end(text, node.end)


def _replace_value(text: str, value_node: _Lay, new: Any) -> str:
    if not (value_node.kind == "scalar" or value_node.flow) or not _single_line(text, value_node):
        raise CannotSplice("a value written over several lines")
    start, end = value_node.start, value_node.end
    rendered = flow_text(new) if new is not None else ""
    if start == end and start > 0 and text[start - 1] == ":":
        rendered = " " + rendered
    return text[:start] + rendered + text[end:]


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
        if not _single_line(text, target):
            raise CannotSplice("a flow mapping over several lines")
        close = target.end - 1
        sep = ", " if target.keys else ""
        return text[:close] + f"{sep}{scalar_text(edit.key)}: {flow_text(edit.value)}" + text[close:]
    at = _after_block(text, target)
    line = f"\n{' ' * _mapping_indent(text, target)}{scalar_text(edit.key)}:{_after_colon(edit.value)}"
    if isinstance(edit.value, list) and edit.value and isinstance(edit.value[0], dict) and edit.key in (
            "hands", "sets", "games", "history"):
        pad = _mapping_indent(text, target) + 2
        line = f"\n{' ' * _mapping_indent(text, target)}{scalar_text(edit.key)}:\n" + "\n".join(
            block_item(v, pad) for v in edit.value)
    return text[:at] + line + text[at:]


def _splice_del(text: str, edit: DelKey, target: _Lay | None) -> str:
    if target is None or target.kind != "map" or target.flow:
        raise CannotSplice("not a block mapping")
    for i, (k, kl, v) in enumerate(target.keys):
        if k != edit.key:
            continue
        if i == 0 or not _single_line(text, v) and not (v.kind != "scalar" and not v.flow):
            raise CannotSplice("the first key of an item")
        start = _line_start(text, kl.start)
        if text[start:kl.start].strip():
            raise CannotSplice("a key that does not start its line")
        end = _line_end(text, v.end)
        return text[:start - 1] + text[end:] if start > 0 else text[end + 1:]
    raise CannotSplice("no such key")


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
        if not _single_line(text, target):
            raise CannotSplice("a flow list over several lines")
        close = target.end - 1
        sep = ", " if target.items else ""
        return text[:close] + sep + flow_text(edit.value) + text[close:]
    if not target.items:
        raise CannotSplice("an empty block list")
    at = _after_block(text, target)
    return text[:at] + "\n" + block_item(edit.value, target.col) + text[at:]


def _splice_pop(text: str, target: _Lay | None) -> str:
    if target is None or target.kind != "seq" or not target.items:
        raise CannotSplice("no item to remove")
    item = target.items[-1]
    if target.flow:
        if not _single_line(text, target):
            raise CannotSplice("a flow list over several lines")
        if len(target.items) == 1:
            return text[:target.start] + "[]" + text[target.end:]
        prev = target.items[-2]
        return text[:prev.end] + text[item.end:target.end - 1] + text[target.end - 1:]
    if len(target.items) == 1:
        raise CannotSplice("the only item of a block list")
    start = _line_start(text, item.start)
    if text[start:item.start].strip() != "-":
        raise CannotSplice("an item that does not start its line")
    end = _line_end(text, item.end)
    return text[:start - 1] + text[end:]


# --- the round trip, for layouts the splicer leaves alone --------------------------------

def roundtrip(text: str, edits: list[Edit]) -> str:
    """The text with `edits` applied through ruamel.yaml's round trip (comments, key order and
    quoting kept; indentation as the record's own where it is regular)."""
    import io

    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
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


def _sequence_offset(text: str) -> int:
    m = re.search(r"^(\s*)[\w\"']+:[ \t]*(?:#.*)?\n(?:\s*#.*\n)*(\s*)- ", text, re.M)
    if m and len(m.group(2)) >= len(m.group(1)):
        return len(m.group(2)) - len(m.group(1))
    return 2


def _to_ruamel(value: Any, flow: bool) -> Any:
    """Plain values as ruamel's: flow style for what fits on a line (per-player numbers)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(value, dict):
        m = CommentedMap()
        for k, v in value.items():
            m[k] = _to_ruamel(v, True)
        if flow:
            m.fa.set_flow_style()
        return m
    if isinstance(value, (list, tuple)):
        s = CommentedSeq(_to_ruamel(v, flow or not isinstance(v, dict)) for v in value)
        if flow:
            s.fa.set_flow_style()
        return s
    return value


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
        node[edit.key] = _to_ruamel(edit.value, edit.key not in _BLOCK_LISTS)
    elif isinstance(edit, DelKey):
        del node[edit.key]
    elif isinstance(edit, Append):
        node.append(_to_ruamel(edit.value, not isinstance(edit.value, dict)))
    else:
        node.pop()


def apply_text(text: str, edits: list[Edit]) -> str:
    """The text with `edits` applied: spliced where the layout allows, else round-tripped."""
    if "\r\n" in text:  # a record saved on Windows keeps its line ends
        return apply_text(text.replace("\r\n", "\n"), edits).replace("\n", "\r\n")
    out = text
    try:
        for edit in edits:
            out = splice(out, edit)
        return out
    except CannotSplice:
        return roundtrip(text, edits)
