"""Turning library values into text, Markdown, CSV and JSON. Only the CLI imports this."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import Finding
from ..game import RuleDoc, Section, Sheet
from ..options import Option


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], fmt: str = "simple") -> str:
    """An aligned table; double-width characters (甲, 大富豪) keep their columns via wcwidth."""
    from tabulate import tabulate  # imported here: only table output pays for it

    return tabulate(list(rows), headers=list(headers), tablefmt=fmt, disable_numparse=True)


def where(f: Finding) -> str:
    parts = [f"{k} {v}" for k, v in f.location().items() if k != "player"]
    if f.player is not None:
        parts.append(f.player)
    return ", ".join(parts)


def finding_line(path: str, f: Finding, kind: str = "") -> str:
    line = f":{f.line}" if f.line is not None else ""
    loc = where(f)
    return f"{path}{line}: {kind}{f.rule}: " + (f"[{loc}] " if loc else "") + f.message


def to_json(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2)


def file_json(doc: dict[str, Any]) -> str:
    """One file's entry of `check --format json`, as text at once: text costs the garbage
    collector nothing, the dicts of a thousand files would."""
    return "\n".join("    " + line for line in to_json(doc).splitlines())


def files_json(entries: Sequence[str]) -> str:
    """`{"files": [...]}` from file_json entries, laid out as to_json would."""
    if not entries:
        return to_json({"files": []})
    return '{\n  "files": [\n' + ",\n".join(entries) + "\n  ]\n}"


def sheet_json(sheet: Sheet, violations: Sequence[Finding], events: Sequence[Finding]) -> str:
    return to_json({
        "game": sheet.game,
        "totals": sheet.totals,
        "winner": sheet.winner,
        "rows": list(sheet.rows),
        "status": sheet.status,
        "notes": list(sheet.notes),
        "violations": [v.to_json() for v in violations],
        "events": [e.to_json() for e in events],
    })


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
