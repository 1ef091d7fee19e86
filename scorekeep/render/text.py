"""Turning library values into text, Markdown, CSV and JSON: strings the front ends write."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import CAP, Finding, shown
from ..game import Layout, RuleDoc, Section, Sheet
from ..options import Option
from .safe import CONTROL


def width(text: str) -> int:
    """Columns `text` takes in a terminal, as wcwidth counts them (甲 twice, combining marks not at
    all); our own, from the stdlib's Unicode tables: wcwidth and tabulate cost too much start-up."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _pad(text: str, size: int, right: bool) -> str:
    fill = " " * max(0, size - width(text))
    return fill + text if right else text + fill


_NUMERIC = r"[-+−]?\d+(?:\.\d+)?%?(?:/[\d?–-]+)?[*!]?"


def numeric_columns(rows: Sequence[Sequence[str]], ncols: int) -> list[bool]:
    """Columns whose every filled cell is a number (or a bid/took pair): right-aligned."""
    filled = [[r[i] for r in rows if i < len(r) and r[i] not in ("", "–")] for i in range(ncols)]
    return [bool(cells) and all(re.fullmatch(_NUMERIC, c) for c in cells) for cells in filled]


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], fmt: str = "simple",
          right: Sequence[bool] | None = None, groups: Sequence[tuple[str, int]] | None = None,
          fit: int | None = None) -> str:
    """An aligned table, `simple` (terminal: two spaces between columns, dashes under the
    headers) or `pipe` (Markdown). `right` marks right-aligned columns (left by default);
    `groups` puts a label over each run of columns (a player over bid/took and total); `fit`: the
    widest columns' words wrapped so that the table fits in that many columns, where they can be.
    Widths count double-width characters twice (see `width`)."""
    headers, body = _cells(headers, rows)
    if fit is not None:
        body = _fitted(headers, body, fit)
    n = len(headers)
    if right is None:
        right = [False] * n
    if fmt == "pipe":
        def row(cells: Sequence[str]) -> str:
            return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
        return "\n".join([row(headers), "|" + "|".join("---:" if r else "---" for r in right) + "|", *map(row, body)])
    sizes = _sizes(headers, body, groups)
    lines = []
    if groups:
        col, parts = 0, []
        for label, span in groups:
            size = sum(sizes[col:col + span]) + 2 * (span - 1)
            parts.append(_pad(label, size, any(right[col:col + span])))
            col += span
        lines.append("  ".join(parts).rstrip())
    lines.append("  ".join(_pad(h, sizes[i], right[i]) for i, h in enumerate(headers)).rstrip())
    lines.append("  ".join("-" * s for s in sizes))
    lines += ["  ".join(_pad(c, sizes[i], right[i]) for i, c in enumerate(r)).rstrip() for r in body]
    return "\n".join(lines)


_NARROWEST = 10
"""The narrowest a wrapped column gets (`a single 5`, `9♠ 9♥ 9♦`): narrower, a cell reads a
word a line."""


def _fitted(headers: list[str], body: list[list[str]], fit: int) -> list[list[str]]:
    """The rows with the words of the widest columns wrapped so that the table is at most `fit` columns
    wide, as far as each column may narrow (to its header, its longest word, or `_NARROWEST`); each
    further line of a cell on a row of its own, under its column."""
    sizes = _sizes(headers, body, None)
    least = [max([width(h), min(sizes[i], _NARROWEST), *(width(w) for r in body for w in r[i].split(" "))])
             for i, h in enumerate(headers)]
    limits = list(sizes)
    while sum(limits) + 2 * (len(limits) - 1) > fit:
        narrowable = [i for i in range(len(limits)) if limits[i] > least[i]]
        if not narrowable:
            break
        limits[max(narrowable, key=lambda i: limits[i])] -= 1  # the widest first: columns end alike
    if limits == sizes:
        return body
    out: list[list[str]] = []
    for r in body:
        cells = [wrap(c, limits[i]) if limits[i] < sizes[i] else [c] for i, c in enumerate(r)]
        out.extend([c[k] if k < len(c) else "" for c in cells] for k in range(max(map(len, cells))))
    return out


def _cells(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> tuple[list[str], list[list[str]]]:
    """The headers and rows as text, escaped before they are measured, each row as long as the headers."""
    from .safe import cell

    body = [[cell(str(c)) for c in r] for r in rows]
    heads = [cell(h) for h in headers]
    n = len(heads)
    return heads, [r + [""] * (n - len(r)) for r in body]


def _sizes(headers: Sequence[str], body: Sequence[Sequence[str]],
           groups: Sequence[tuple[str, int]] | None) -> list[int]:
    sizes = [max([width(headers[i]), *(width(r[i]) for r in body)]) for i in range(len(headers))]
    if groups:
        col = 0
        for label, span in groups:
            have = sum(sizes[col:col + span]) + 2 * (span - 1)
            if width(label) > have:
                sizes[col + span - 1] += width(label) - have
            col += span
    return sizes


def where(f: Finding) -> str:
    """`hand 2, trick 3, North`: the location, coarse to fine, then who (named alone)."""
    return ", ".join(v if k == "player" else f"{k} {v}" for k, v in f.location().items())  # type: ignore[misc]


def ruling(f: Finding) -> str:
    """A finding as one line: rule id, where, why."""
    loc = where(f)
    return f"{f.rule}: " + (f"[{loc}] " if loc else "") + f.message


def finding_line(path: str, f: Finding, kind: str = "") -> str:
    line = f":{f.line}" if f.line is not None else ""
    return f"{path}{line}: {kind}{ruling(f)}"


def to_json(doc: Any, *, ascii_only: bool = False, indent: int | None = 2) -> str:
    """One JSON document, serialised once (never re-laid-out afterwards: a name may hold a
    line separator). `indent=None` is one line, by the C encoder."""
    import json  # here: `check` in text pays nothing for it

    text = json.dumps(doc, ensure_ascii=ascii_only, indent=indent)
    if text.isascii() and "\x7f" not in text:  # json escapes C0 itself: of ASCII, only DEL is left raw
        return text
    # What must not reach a terminal raw (DEL, C1, direction controls), nor a line-based reader
    # (U+0085, U+2028, U+2029), as a JSON escape: valid anywhere, since outside strings JSON is ASCII.
    return re.sub(CONTROL, lambda m: f"\\u{ord(m.group()):04x}", text)


def file_json(doc: dict[str, Any], *, ascii_only: bool = False) -> str:
    """One file's entry of `check --format json`: one line, written as soon as the file is
    checked (an archive's documents are never all held)."""
    return to_json(doc, ascii_only=ascii_only, indent=None)


def sheet_json(sheet: Sheet, violations: Sequence[Finding], events: Sequence[Finding], **extra: Any) -> str:
    """`score --format json`; `extra`: more keys at the end (`what_if`)."""
    return to_json({
        "game": sheet.game,
        "totals": sheet.totals,
        "winner": sheet.winner,
        "rows": list(sheet.rows),
        "status": sheet.status,
        "notes": list(sheet.notes),
        "violations": [v.to_json() for v in shown(violations)],
        "events": [e.to_json() for e in shown(events, "event")],
        **extra,
    })


# --- the score sheet as text, Markdown and CSV ------------------------------------------------

def layout(sheet: Sheet, wide: bool, columns: int | None = None) -> Layout:
    """The game's compact layout (fits 80 columns for four players) or its wide table. With
    `columns`, the first of the game's compact layouts that fits them, else its last."""
    from ..games import REGISTRY

    part = None if wide else REGISTRY.part(sheet.game, "sheet")
    if part is None:
        return Layout(sheet.headers, sheet.table, None, None, sheet.notes)
    layouts = part.layouts(sheet)
    lay = next(layouts)
    for narrower in layouts if columns is not None else ():  # a game with a narrower one
        if _width_of(lay) <= columns:  # type: ignore[operator]
            break
        lay = narrower
    return lay


def _width_of(lay: Layout) -> int:
    headers, body = _cells(lay.headers, lay.rows)
    sizes = _sizes(headers, body, lay.groups)
    return sum(sizes) + 2 * (len(sizes) - 1)


def table_width(sheet: Sheet) -> int:
    """Columns the sheet's wide table takes in a terminal."""
    return _width_of(layout(sheet, wide=True))


def standings_line(sheet: Sheet) -> str:
    return "standings: " + ", ".join(f"{name} {pts}" for name, pts in sheet.standings)


COLUMNS = 80
"""The terminal width every text answer is laid out for (`why`, `rules`, the compact sheet, `play`'s
refusals): a saved answer does not depend on the window it was made in."""


def wrap(text: str, columns: int = COLUMNS, indent: str = "", first: str | None = None) -> list[str]:
    """Words of `text` in lines of at most `columns` terminal columns (double-width counted twice),
    each line indented by `indent` (the first by `first`, if given)."""
    lines: list[str] = []
    line = indent if first is None else first
    for word in text.split(" "):
        if line.strip() and width(line) + 1 + width(word) > columns:
            lines.append(line)
            line = indent + word
        else:
            line = (line + " " + word) if line.strip() else line + word
    lines.append(line)
    return lines

NAME_COLUMNS = 12  # a name wider than this is shortened with `…` in the compact table


def shorten_names(lay: Layout, names: Sequence[str]) -> Layout:
    """The layout with every name wider than NAME_COLUMNS shortened with `…` where it stands in
    a cell or over a player's columns, and a note that gives each such name in full."""
    long = sorted({n for n in names if width(n) > NAME_COLUMNS}, key=len, reverse=True)
    if not long:
        return lay
    short = {n: _cut(n, NAME_COLUMNS) for n in long}

    def fix(text: str) -> str:
        for n in long:  # the longest first: a name that holds another is replaced whole
            text = text.replace(n, short[n])
        return text

    rows = tuple(tuple(fix(c) for c in r) for r in lay.rows)
    groups = tuple((fix(g), k) for g, k in lay.groups) if lay.groups else lay.groups
    used = [n for n in long if any(short[n] in c for r in rows for c in r) or
            any(short[n] in g for g, _k in groups or ())]
    notes = lay.notes + tuple(f"{short[n]} is {n}" for n in used)
    return lay._replace(rows=rows, groups=groups, notes=notes)


def _cut(text: str, columns: int) -> str:
    out = ""
    for ch in text:
        if width(out + ch) > columns - 1:
            break
        out += ch
    return out.rstrip() + "…"


def sheet_text(sheet: Sheet, title: str, wide: bool = False, names: Sequence[str] = (),
               steady: bool = False) -> str:
    """The terminal sheet: title, table, notes, standings and the status line; in the compact
    layout every line fits 80 columns (a name too long for it shortened, given in full in a
    note: `names`, the players; the sheet's own totals are named too). `steady`: the game's
    narrowest compact layout, whatever fits (a sheet shown again as a game goes on keeps its shape)."""
    lay = layout(sheet, wide, None if wide else 0 if steady else COLUMNS)
    if not wide:
        own = [n for n in sheet.totals if not any(p in n for p in names)]
        lay = shorten_names(lay, [*names, *own])
    # the notes and status as wide as the table, and never narrower than 80 columns
    columns = max(COLUMNS, _width_of(lay)) if wide else COLUMNS
    fit = lambda t, ind="": wrap(t, columns, ind)  # noqa: E731
    out = [*fit(title), "", table(lay.headers, lay.rows, "simple", lay.right, lay.groups)]
    for note in lay.notes:
        out += fit(f"({note})", "  ")
    if sheet.standings:
        out += ["", *fit(standings_line(sheet))]
    out += fit(sheet.status)
    return "\n".join(out)


def standings_text(sheet: Sheet) -> str:
    """`score --standings`: the standings and the status line only."""
    return "\n".join(([standings_line(sheet)] if sheet.standings else []) + [sheet.status])


def standings_csv(sheet: Sheet) -> str:
    """`score --standings --format csv`: a row per place (place, name, points), then the
    status line in a row of its own."""
    rows: list[dict[str, Any]] = [{"place": i, "name": name, "points": pts} for i, name, pts in sheet.placed()]
    return csv_table([*rows, {"status": sheet.status}])


_MD_SPECIAL = r"([\\`*_{}\[\]<>()#+!|~-])"


def md_text(text: str) -> str:
    """Record text as literal Markdown (a name `*x*` stays `*x*`, not emphasis)."""
    return re.sub(_MD_SPECIAL, r"\\\1", text)


def findings_heading(listed: Sequence[Finding]) -> str:
    """"35,014 violations (the first 100 of each rule are listed)": how many findings `listed` (as
    `errors.shown` gives them) stands for, each "… and N more" line counting its N."""
    n = sum(f.more or 1 for f in listed)
    capped = any(f.more for f in listed)
    return (f"{n:,} violation{'s' if n != 1 else ''}"
            + (f" (the first {CAP} of each rule are listed)" if capped else ""))


def sheet_markdown(sheet: Sheet, title: str, violations: Sequence[str] = (), heading: str = "") -> str:
    """The sheet as Markdown: the title first, then the violations (the lines listed, under
    `heading`: `findings_heading`), the table with numbers right-aligned, its notes, the standings
    and the result, each its own paragraph."""
    lay = layout(sheet, wide=False)
    if lay.groups:  # one header row in Markdown: the group label goes into each header
        headers: list[str] = []
        col = 0
        for label, span in lay.groups:
            headers += [f"{md_text(label)} {h}" if label else h
                        for h in (lay.long_headers or lay.headers)[col:col + span]]
            col += span
    else:
        headers = list(lay.long_headers or lay.headers)
    rows = [tuple(map(md_text, r)) for r in lay.rows]
    out = [f"# {md_text(title)}", ""]
    if violations:
        out += [f"## {heading}", ""]  # the program's own words and digits: nothing to escape
        out += [f"- {md_text(v)}" for v in violations]
        out.append("")
    out += ["## Score sheet", "", table(headers, rows, "pipe", lay.right), ""]
    # (a "#:" note explains the short headers, which Markdown does not use)
    out += [f"_{md_text(n.replace('tot: ', 'total: '))}_\n" for n in lay.notes if not n.startswith("#:")]
    if sheet.standings:
        out += ["## Standings", ""]
        # a table, not a numbered list: Markdown renumbers a list, and a shared place would not show
        out.append(table(("place", "name", "points"), [(i, md_text(name), pts) for i, name, pts in sheet.placed()],
                         "pipe", (True, False, True)))
        out.append("")
    out.append(f"**Result:** {md_text(sheet.status)}")
    return "\n".join(out) + "\n"


_FORMULA_START = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")
"""What a spreadsheet runs as a formula when a cell starts with it, after any spaces: the
ASCII signs and their full-width forms (＝ ＋ － ＠), which some spreadsheets fold to ASCII."""


def csv_cell(v: Any) -> Any:
    """A CSV cell as a spreadsheet should read it: booleans `true`/`false`, nothing for None,
    and text that a spreadsheet would run as a formula guarded with a leading `'` (OWASP)."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        v = " ".join(map(str, v))
    if isinstance(v, str):
        from .safe import clean  # a cell holds no control character: CSV is written raw

        guard = v.startswith(("\t", "\r")) or v.lstrip().startswith(_FORMULA_START)
        return clean("'" + v if guard else v)
    return v


# row keys that hold one value per player/team (`null` until known): a column per seat
_PER_SEAT = {"bids", "tricks", "points", "scores", "totals", "set_totals", "ranks"}


def _flatten(row: dict[str, Any], order: Sequence[str], nested: set[str]) -> dict[str, Any]:
    """Nested values as `bids North`-style columns, player/team keys in seat order; a value
    that is a mapping in some rows (`tricks`) keeps its columns, empty, where it is missing."""
    out: dict[str, Any] = {}
    for k, v in row.items():
        if k in nested:
            v = v or {}
            for p in [*order, *(p for p in v if p not in order)]:
                out[f"{k} {p}"] = v.get(p)
        else:
            out[k] = v
    return out


def sheet_csv(sheet: Sheet, violations: Sequence[Finding] = ()) -> str:
    """One CSV row per hand/game, columns in seat order. The `violations` column holds the
    violations of that hand/game (`rule: message`, several joined by ` | `); violations of
    no hand or game get a row of their own at the end with only that column filled."""
    order = sheet.seats()
    nested = {k for r in sheet.rows for k, v in r.items() if isinstance(v, dict) or k in _PER_SEAT}
    flat = [_flatten(r, order, nested) for r in sheet.rows]
    # grouped once by hand and by (set, game), so that each row finds its own in one look-up
    grouped: dict[Any, list[int]] = {}
    for i, v in enumerate(violations):
        grouped.setdefault(v.hand, []).append(i)
        grouped.setdefault((v.set, v.game), []).append(i)
    placed: set[int] = set()
    for r, src in zip(flat, sheet.rows):
        mine = grouped.get(src["hand"] if "hand" in src else (src.get("set"), src.get("game")), [])
        placed.update(mine)
        r["violations"] = " | ".join(f"{violations[i].rule}: {violations[i].message}" for i in mine)
    rest = [v for i, v in enumerate(violations) if i not in placed]
    if rest:
        flat.append({"violations": " | ".join(f"{v.rule}: {v.message}" for v in rest)})
    return csv_table(flat, last="violations")


def csv_table(flat: Sequence[dict[str, Any]], last: str | None = None) -> str:
    """Rows of plain values as CSV: columns in first-seen order (`last` moved to the end),
    every cell through `csv_cell`, CRLF line ends."""
    import csv
    import io

    columns = list(dict.fromkeys(k for r in flat for k in r))
    if last in columns:
        columns.remove(last)
        columns.append(last)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow([csv_cell(c) for c in columns])
    for r in flat:
        w.writerow([csv_cell(r.get(c)) for c in columns])
    return buf.getvalue()


def sections_text(sections: Sequence[Section]) -> str:
    out: list[str] = []
    for s in sections:
        out.append(s.title)
        if s.rows:
            out.append(table(s.headers, s.rows, fit=COLUMNS))
        for n in s.notes:
            out.extend(wrap(n, COLUMNS, "    ", "  "))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _json_value(value: Any) -> str:
    """`value` as JSON text, as json.dumps writes it; the json module only for the rare value
    that needs escaping (importing it would cost `rules` more than the rest of its work)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'
    import json

    return json.dumps(value, ensure_ascii=False)


def rule_text(rule: RuleDoc, options: dict[str, Option], full: bool) -> str:
    out = [f"{rule.id} — {rule.title}"]
    out.extend(wrap(" ".join(rule.text.split()), COLUMNS, "    "))
    for name in rule.options:
        opt = options.get(name)
        if opt is None:
            continue
        default = "per player count" if opt.default is None else _json_value(opt.default)
        line = f"option `{name}` (default {default}): {opt.help}"
        if full:
            line += f"; values: {opt.values}"
        out.extend(wrap(line, COLUMNS, "      ", "    "))
    return "\n".join(out)


def title(audit: Any) -> str:
    """A sheet's title: the game's name, and the record's own title after it."""
    from ..games import REGISTRY

    game = REGISTRY.get(audit.game)
    named = audit.header.meta.get("title")
    return f"{game.title}: {named}" if named else game.title


_LABELS = 24
"""The widest label of `why`'s position kept beside its value: a wider one (a long name's hand)
would squeeze every value into a narrow column."""


def explanation(path: str, ex: Any) -> str:
    """`why`'s long ruling on `ex` (an `api.explain` answer) as plain text: the position, the
    decision in the rules' order, the legal choices, the ruling and what the move caused."""
    r = ex.ruling
    line = f":{ex.line}" if ex.line is not None else ""
    head = f"{path}{line}: {ex.location}"
    # (a fact that only names its place again is not said twice: "hand 1, the result: the result of hand 1")
    said = "" if ex.said in ex.location.fact_words() else ex.said
    if said and width(f"{head}: {said}") > COLUMNS:  # what was done goes on a line of its own
        out = [*_hang(head + ":", "", "  "), *_hang(said, "  ", "  ")]
    else:
        out = _hang(head + (f": {said}" if said else ""), "", "  ")
    if ex.finding is not None and not ex.said:
        out.append("(a violation of the record as a whole, not of one move)")
    if ex.facts:
        out += ["", "the position"]
        pad = min(max(width(k) for k, _v in ex.facts), _LABELS) + 2
        for k, v in ex.facts:
            body = wrap(v, COLUMNS, " " * (pad + 2))
            if width(k) > _LABELS:  # (a long name's hand): the label on its own line, its value below
                out += ["  " + k, *body]
                continue
            out.append("  " + k + " " * (pad - width(k)) + body[0].lstrip())
            out.extend(body[1:])
    if r.steps:
        out += ["", "the decision, in the rules' order"]
        for i, s in enumerate(r.steps, 1):
            answer = "no (the ruling below says why)" if s.answer == f"no: {r.reason}" else s.answer
            out.extend(_hang(f"{i:>2}. {s.question} {answer} ({s.rule})", "  ", "      "))
    said = ex.choices_text()
    if said is not None:
        out += ["", *_hang("legal choices: " + said, "", "  ")]
    out.append("")
    if not r.legal:
        text = f"not legal, {r.rule}: {r.reason}"
    elif r.reason.startswith("legal"):
        text = r.reason if r.rule in r.reason else f"{r.reason} ({r.rule})"
    else:
        text = f"legal, {r.rule}: {r.reason}"
    out.extend(_hang(f"ruling: {text}", "", "  "))
    if len(ex.caused) > 1:  # the first is the ruling's reason
        out.append("it also caused:")
        for e, said in list(zip(ex.effects, ex.caused))[1:]:
            out.extend(_hang(f"- {said} ({e.rule})", "  ", "    "))
    if ex.also:  # check's other findings at this move
        out.append("also at this move:")
        for f in ex.also:
            out.extend(_hang(f"- {f.rule}: {f.message}", "  ", "    "))
    if r.see:
        out.append("see also: " + ", ".join(r.see))
    return "\n".join(out)


def _hang(text: str, first: str, rest: str) -> list[str]:
    lines = wrap(text, COLUMNS, rest)
    return [first + lines[0][len(rest):], *lines[1:]]
