"""Rendering a what-if reading (`score --rule`, `check --rule`): what changes, in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import Finding
from ..whatif import WhatIf, show_value
from ..render import text as render


def rules_text(overrides: Mapping[str, Any], own: Mapping[str, Any] | None = None) -> str:
    """`failed_score: tricks (the record's own: zero)`, for each overridden option."""
    parts = []
    for k, v in overrides.items():
        part = f"{k}: {show_value(v)}"
        if own is not None:
            part += (f" (the record's own: {show_value(own[k])})" if own[k] != v
                     else " (the same as the record's own)")
        parts.append(part)
    return ", ".join(parts)


def _winner(w: str | list[str] | None) -> str:
    if w is None:
        return "none yet"
    return " and ".join(w) + " (tied)" if isinstance(w, list) else w


def _standings(totals: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(totals.items(), key=lambda kv: -kv[1]))


def score_text(w: WhatIf, path: str, markdown: bool = False) -> str:
    """What the overrides change in a score sheet: totals, standings, winner, violations (as a
    Markdown list with `markdown`)."""
    out = [f"What if {rules_text(w.overrides, w.own)}?"]
    changed = w.totals_changed()
    if changed:
        out.append("  totals: " + ", ".join(f"{k} {a} → {b}" for k, (a, b) in changed.items()))
        out.append(f"  standings: {_standings(w.sheet.totals)} "
                   f"(under the record's own rules: {_standings(w.base_sheet.totals)})")
    else:
        out.append("  totals: no change")
    before, after = w.base_sheet.winner, w.sheet.winner
    if before == after:
        out.append(f"  winner: {_winner(after)} either way" + (" (the match is not over)" if after is None else ""))
    else:
        out.append(f"  winner: {_winner(before)} → {_winner(after)}")
    out.extend(violation_lines(path, w.violations_added(), w.violations_removed()))
    if markdown:
        return "\n".join([f"**{out[0]}**", ""] + ["- " + line.strip() for line in out[1:]])
    return "\n".join(out)


def violation_lines(path: str, added: Sequence[Finding], removed: Sequence[Finding]) -> list[str]:
    """Violations that appear or disappear under the overrides, one line each."""
    out = []
    if not added and not removed:
        out.append("  violations: no change")
    for what, findings in (("new under these rules", added), ("gone under these rules", removed)):
        by_rule: dict[str, list[Finding]] = {}
        for f in findings:
            by_rule.setdefault(f.rule, []).append(f)
        for rule, fs in by_rule.items():
            if len(fs) == 1:
                out.append(f"  {what}: " + render.finding_line(path, fs[0]))
            else:
                out.append(f"  {what}: {len(fs)} × {rule}, the first: " + render.finding_line(path, fs[0]))
    return out
