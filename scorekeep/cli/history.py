"""`score --history`: the corrections a record keeps (written by `play`'s edit, `add --replace`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game import HistoryEntry


def history_text(entries: Sequence[HistoryEntry]) -> str:
    """One correction a line (or more): when (to the minute), where, which value, and only what
    changed in it (`Dee 1 → 2`), wrapped to 80 columns whatever the number of players."""
    from ..render import text as render

    if not entries:
        return "no corrections recorded"
    rows = [(_when(e.time), e.where, e.key, _change(e.was, e.now)) for e in entries]
    heads = ("when", "where", "value", "change")
    sizes = [max(render.width(h), *(render.width(r[i]) for r in rows)) for i, h in enumerate(heads[:3])]
    lead = sum(sizes) + 2 * len(sizes)
    lines = ["  ".join(render._pad(h, sizes[i], False) for i, h in enumerate(heads[:3])) + "  change",
             "  ".join("-" * s for s in sizes) + "  " + "-" * 6]
    for r in rows:
        head = "  ".join(render._pad(c, sizes[i], False) for i, c in enumerate(r[:3])) + "  "
        wrapped = render.wrap(r[3], max(render.COLUMNS - lead, 20))
        lines.append(head + wrapped[0].strip())
        lines += [" " * lead + w.strip() for w in wrapped[1:]]
    return "\n".join(lines)  # (control characters are escaped as it is written)


def _when(time: str) -> str:
    """`2026-12-07T05:24:56+00:00` → `2026-12-07 05:24`."""
    return time[:16].replace("T", " ") if len(time) >= 16 and time[10:11] == "T" else time


def _change(was: str, now: str) -> str:
    """What changed between two flow values: per name where both are mappings, else the whole."""
    a, b = _flow(was), _flow(now)
    if isinstance(a, dict) and isinstance(b, dict):
        keys = list(dict.fromkeys([*a, *b]))
        parts = [f"{k} {a.get(k, '–')} → {b.get(k, '–')}" for k in keys if a.get(k) != b.get(k)]
        return ", ".join(parts) or "no change"
    return f"{was} → {now}"


def _flow(text: str) -> Any:
    """A `{name: value}` flow mapping as a dict of texts; anything else as it is."""
    from ..yamlio import Map, Scalar, parse

    t = text.strip()
    if not (t.startswith("{") and t.endswith("}")):
        return t
    try:
        node = parse(t)
    except Exception:  # noqa: BLE001  (shown as written)
        return t
    if not isinstance(node, Map):
        return t
    return {k.value: v.value if isinstance(v, Scalar) else str(v) for k, v in node.pairs}
