"""Turning library values into text, Markdown, CSV and JSON. Only the CLI imports this."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import Finding, shown
from ..game import RuleDoc, Section, Sheet
from ..options import Option


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], fmt: str = "simple") -> str:
    """An aligned table; double-width characters (甲, 大富豪) keep their columns via wcwidth."""
    from tabulate import tabulate  # imported here: only table output pays for it

    from .common import cell  # escaped before measuring, so the columns stay aligned

    return tabulate([[cell(c) if isinstance(c, str) else c for c in r] for r in rows],
                    headers=[cell(h) for h in headers], tablefmt=fmt, disable_numparse=True)


def where(f: Finding) -> str:
    parts = [f"{k} {v}" for k, v in f.location().items() if k != "player"]
    if f.player is not None:
        parts.append(f.player)
    return ", ".join(parts)


def finding_line(path: str, f: Finding, kind: str = "") -> str:
    line = f":{f.line}" if f.line is not None else ""
    loc = where(f)
    return f"{path}{line}: {kind}{f.rule}: " + (f"[{loc}] " if loc else "") + f.message


# What json.dumps(ensure_ascii=False) leaves raw although it must not reach a terminal (DEL,
# C1, direction controls) or that breaks naive line-based readers (U+0085, U+2028, U+2029).
# Outside strings JSON text is plain ASCII, so escaping these anywhere keeps it valid.
_JSON_RAW = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _json_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def _safe(text: str) -> str:
    return _JSON_RAW.sub(_json_escape, text) if _JSON_RAW.search(text) else text


def to_json(doc: Any, *, ascii_only: bool = False, indent: int | None = 2) -> str:
    """One JSON document, serialised once (never re-laid-out afterwards: a name may hold a
    line separator). `indent=None` is one line, by the C encoder."""
    import json  # here: `check` in text pays nothing for it

    return _safe(json.dumps(doc, ensure_ascii=ascii_only, indent=indent))


def file_json(doc: dict[str, Any], *, ascii_only: bool = False) -> str:
    """One file's entry of `check --format json`: one line, by the C encoder, written as soon
    as the file is checked (an archive's documents are never all held)."""
    return to_json(doc, ascii_only=ascii_only, indent=None)


FILES_HEAD = '{"files": [\n'
FILES_TAIL = "]}\n"


def files_json(entries: Sequence[str]) -> str:
    """`{"files": [...]}` from file_json entries, one per line, as `check` streams it."""
    return FILES_HEAD + ",\n".join(entries) + ("\n" if entries else "") + FILES_TAIL


def sheet_json(sheet: Sheet, violations: Sequence[Finding], events: Sequence[Finding], *,
               ascii_only: bool = False) -> str:
    return to_json({
        "game": sheet.game,
        "totals": sheet.totals,
        "winner": sheet.winner,
        "rows": list(sheet.rows),
        "status": sheet.status,
        "notes": list(sheet.notes),
        "violations": [v.to_json() for v in shown(violations)],
        "events": [e.to_json() for e in shown(events, "event")],
    }, ascii_only=ascii_only)


def _flatten(row: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in row.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(_flatten(v, key + " "))
        elif isinstance(v, list):
            out[key] = " ".join(map(str, v))
        else:
            out[key] = "" if v is None else v
    return out


def sheet_csv(sheet: Sheet) -> str:
    """One CSV row per hand/game, nested values flattened to `bids North`-style columns."""
    import csv
    import io

    flat = [_flatten(r) for r in sheet.rows]
    columns: list[str] = []
    for r in flat:
        columns.extend(k for k in r if k not in columns)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    w.writeheader()
    w.writerows(flat)
    return buf.getvalue()


def sheet_text(sheet: Sheet, title: str, fmt: str) -> str:
    md = fmt == "markdown"
    out = [f"# {title}" if md else title, ""]
    out.append(table(sheet.headers, sheet.table, "pipe" if md else "simple"))
    for note in sheet.notes:
        out.append(f"\n_{note}_" if md else f"  ({note})")
    if sheet.standings:
        out.append("")
        out.append(("**Standings:** " if md else "standings: ")
                   + ", ".join(f"{name} {pts}" for name, pts in sheet.standings))
    out.append(("**Result:** " if md else "") + sheet.status)
    return "\n".join(out)


def sections_text(sections: Sequence[Section], fmt: str = "simple") -> str:
    out: list[str] = []
    for s in sections:
        out.append(s.title)
        if s.rows:
            out.append(table(s.headers, s.rows, fmt))
        out.extend(f"  {n}" for n in s.notes)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def rule_text(rule: RuleDoc, options: dict[str, Option], full: bool) -> str:
    import json
    import textwrap

    out = [f"{rule.id} — {rule.title}"]
    out.extend(textwrap.wrap(rule.text, 88, initial_indent="    ", subsequent_indent="    "))
    for name in rule.options:
        opt = options.get(name)
        if opt is None:
            continue
        default = "per player count" if opt.default is None else json.dumps(opt.default, ensure_ascii=False)
        line = f"    option `{name}` (default {default}): {opt.help}"
        if full:
            line += f"; values: {opt.values}"
        out.extend(textwrap.wrap(line, 88, subsequent_indent="      "))
    return "\n".join(out)
