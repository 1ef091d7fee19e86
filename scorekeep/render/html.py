"""Score sheets, replays and statistics as one self-contained HTML page each.

No script, no external resource (fonts, images, styles): the page is read, printed (one A4
sheet for a 19-hand Oh Hell game) or passed round as one file. Charts are inline SVG. Every
piece of record text goes through `esc`, which also makes control characters visible.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import groupby
from pathlib import Path

from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup

from ..errors import shown
from ..game import Audit, Chart, Grid, Section, Sheet, ordinal
from ..stats import Bar, Table
from . import text

# Colour and dash per series, so the chart still reads when printed in black and white.
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 2", "1 2", "10 4", "3 3 1 3")
MARKERS = ("circle", "square", "diamond", "triangle", "circle", "square", "diamond", "triangle")
RED_SUITS = "♥♦"
"""The suit symbols the pages show in red (a suit in a table cell, a card of a trick)."""


_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def esc(text: object) -> str:
    """Record text as HTML text: markup escaped, control and bidi-override characters shown
    as `\\xNN`/`\\uNNNN` instead of acting."""
    import html

    s = html.escape(str(text), quote=True)
    return _UNSAFE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                       else f"\\u{ord(m.group()):04x}", s)


HERE = Path(__file__).parent
CSS = (HERE / "templates" / "sheet.css").read_text(encoding="utf-8")
"""The pages' one stylesheet (the sheet's, also on the pages of `serve`)."""


def _shown(value: object) -> object:
    """Every text a template prints goes through `esc` (markup escaped, control characters shown)."""
    return value if isinstance(value, Markup) or not isinstance(value, str) else Markup(esc(value))


@cache
def templates() -> Environment:
    """The Jinja2 environment of the pages."""
    env = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=True, finalize=_shown,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.globals["where"] = text.where
    return env


def unreadable(errors: Sequence[Any]) -> str:
    """A page of a record read only in part: the input errors first, so a sheet passed round never
    looks like the whole game (`score` and `replay` exit 2 and say them on stderr too)."""
    if not errors:
        return ""
    return ('<section class="unreadable"><h2>The record could not be read in full</h2><ul>'
            + "".join(f"<li>{esc(e)}</li>" for e in errors) + "</ul></section>\n")


def page(title: str, body: str) -> str:
    """A complete HTML document: no script, no external resource."""
    return templates().get_template("page.html").render(title=title, css=Markup(CSS), body=Markup(body))


# --- charts ---------------------------------------------------------------------------------

def _ticks(lo: float, hi: float) -> list[int]:
    raw = max(hi - lo, 1) / 5
    step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000) if s >= raw), 5000)
    first = int(lo // step) * step
    return list(range(first, int(hi) + step, step))


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "square":
        return f'<rect x="{x - 2.6:.1f}" y="{y - 2.6:.1f}" width="5.2" height="5.2" fill="{colour}"/>'
    if kind == "diamond":
        return (f'<polygon points="{x:.1f},{y - 3.4:.1f} {x + 3.4:.1f},{y:.1f} {x:.1f},{y + 3.4:.1f} '
                f'{x - 3.4:.1f},{y:.1f}" fill="{colour}"/>')
    if kind == "triangle":
        return (f'<polygon points="{x:.1f},{y - 3.4:.1f} {x + 3.2:.1f},{y + 2.6:.1f} '
                f'{x - 3.2:.1f},{y + 2.6:.1f}" fill="{colour}"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.8" fill="{colour}"/>'


def legend(names: Sequence[str]) -> str:
    """The key to a chart's series, as HTML (colour, dash and marker of each)."""
    items = []
    for i, name in enumerate(names):
        c, d, m = COLOURS[i % 8], DASHES[i % 8], MARKERS[i % 8]
        items.append(f'<span><svg width="34" height="12" aria-hidden="true"><line x1="1" y1="6" x2="33" y2="6" '
                     f'stroke="{c}" stroke-width="2.2" stroke-dasharray="{d}"/>{_marker(m, 17, 6, c)}</svg> '
                     f'{esc(name)}</span>')
    return '<div class="legend">' + "".join(items) + "</div>"


def line_chart(chart: Chart) -> str:
    """The chart as inline SVG (see `Chart`: Rook's target line, Daifugō's ranks and sets)."""
    series, xlabels, title, ylabel, hline, invert, yticks, dividers, _heading = chart
    values = [v for s in series.values() for v in s if v is not None]
    lo = min([0.0, *values, *([hline[0]] if hline else [])])
    hi = max([1.0, *values, *([hline[0]] if hline else [])])
    if yticks is None:
        ticks = _ticks(lo, hi)
        lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])
        yt = [(t, str(t)) for t in ticks]
    else:
        yt = list(yticks)
        lo, hi = min(t for t, _ in yt), max(t for t, _ in yt)
    n = max(len(xlabels), 2)
    # room for the words at a phone's size (FONT): the tick labels left of the axis (大貧民), the axis'
    # title left of them, the target's words above its line, the x labels below the axis
    widest = _px(max(xlabels, key=text.width, default=""))  # an x label is centred on its point
    W, H, R, T, B = 720, 250, max(14, widest // 2 + 2), FONT + 6, FONT + 20
    L = max(48, (FONT + 10 if ylabel else 4) + max((_px(label) for _t, label in yt), default=0) + 6, widest // 2 + 2)
    step = max(1, -(-len(xlabels) * (widest + 8) // (W - L - R)))

    def X(i: int) -> float:
        return L + (W - L - R) * i / (n - 1)

    def Y(v: float) -> float:
        frac = (v - lo) / ((hi - lo) or 1)
        return T + (H - T - B) * (frac if invert else 1 - frac)

    out = [f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{esc(title)}" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{esc(title)}</title>']
    for v, label in yt:
        y = Y(v)
        out.append(f'<line x1="{L}" y1="{y:.1f}" x2="{W - R}" y2="{y:.1f}" stroke="#ddd"/>'
                   f'<text x="{L - 5}" y="{y + 4:.1f}" text-anchor="end">{esc(label)}</text>')
    if lo < 0 < hi:
        out.append(f'<line x1="{L}" y1="{Y(0):.1f}" x2="{W - R}" y2="{Y(0):.1f}" stroke="#888"/>')
    last = len(xlabels) - 1
    for i, label in enumerate(xlabels):
        if i == last or i % step == 0 and last - i >= step:  # (the last always; none crowding it)
            out.append(f'<text x="{X(i):.1f}" y="{H - 8}" text-anchor="middle">{esc(label)}</text>')
    out += _dividers(dividers, X, W, T, H - B)
    if hline is not None:
        y = Y(hline[0])
        out.append(f'<line x1="{L}" y1="{y:.1f}" x2="{W - R}" y2="{y:.1f}" stroke="#000" stroke-width="1.4" '
                   f'stroke-dasharray="7 4"/><text x="{L + 4}" y="{y - 4:.1f}" font-weight="600">'
                   f'{esc(hline[1])}</text>')
    out.append(f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H - B}" stroke="#555"/>'
               f'<line x1="{L}" y1="{H - B}" x2="{W - R}" y2="{H - B}" stroke="#555"/>')
    if ylabel:
        mid, at = (T + H - B) / 2, FONT  # (turned, the letters stand left of their baseline)
        out.append(f'<text x="{at}" y="{mid:.0f}" transform="rotate(-90 {at} {mid:.0f})" '
                   f'text-anchor="middle">{esc(ylabel)}</text>')
    out.extend(_lines(series, X, Y))
    out.append("</svg>")
    return "".join(out)


def _dividers(dividers: Sequence[tuple[int, str]], X: Callable[[int], float], W: int, top: int,
              bottom: int) -> list[str]:
    """A dashed line between the points of two sets, each with its label right of it — inside the chart's
    right edge (the last set's), and left out where it would run into the next one's (short sets)."""
    out, end = [], float(W + 4)  # (the last label ends 2 inside the edge)
    for i, label in reversed(dividers):
        x = (X(i - 1) + X(i)) / 2
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{bottom}" stroke="#999" stroke-dasharray="4 3"/>')
        at = min(x + 3, W - 2 - _px(label))
        if at + _px(label) + 6 <= end:
            out.append(f'<text x="{at:.1f}" y="{top + 10}">{esc(label)}</text>')
            end = at
    return out


FONT = 26
"""The chart's words at a phone's size, in the chart's own units (sheet.css: a chart 720 wide drawn
about 360 px wide on a phone shows them about 13 px high); every margin leaves room for them."""


def _px(label: str) -> int:
    """About how wide `label` is at FONT (a digit about two thirds as wide as it is high, 大 a little more)."""
    return -(-text.width(label) * FONT * 13 // 20)


def _lines(series: Mapping[str, Sequence[float | None]], X: Callable[[int], float],
           Y: Callable[[float], float]) -> list[str]:
    out: list[str] = []
    for k, (name, vals) in enumerate(series.items()):
        c, d, m = COLOURS[k % 8], DASHES[k % 8], MARKERS[k % 8]
        runs = [[(X(i), Y(v)) for i, v in run] for gap, run in groupby(enumerate(vals), lambda iv: iv[1] is None)
                if not gap]
        for run in runs:
            if len(run) > 1:
                pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in run)
                out.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2" '
                           f'stroke-dasharray="{d}" stroke-linejoin="round"><title>{esc(name)}</title></polyline>')
        for run in runs:
            out.extend(_marker(m, x, y, c) for x, y in run)
    return out


def bar_chart(bar: Bar) -> str:
    """The chart as inline SVG, horizontal: one labelled bar per (label, value)."""
    title, values, unit, top = bar
    W, row, L = 560, 20, 150
    H = row * len(values) + 8
    top = top or max([1.0, *(v for _, v in values)])
    out = [f'<svg class="chart bars" viewBox="0 0 {W} {H}" role="img" aria-label="{esc(title)}" '
           f'xmlns="http://www.w3.org/2000/svg" style="max-width:{W}px"><title>{esc(title)}</title>']
    for i, (label, v) in enumerate(values):
        y = 4 + i * row
        w = (W - L - 60) * (v / top if top else 0)
        shown = f"{v:g}{unit}"
        out.append(f'<text x="{L - 6}" y="{y + 13}" text-anchor="end">{esc(label)}</text>'
                   f'<rect class="bar" x="{L}" y="{y + 2}" width="{max(w, 0):.1f}" height="{row - 6}"/>'
                   f'<text x="{L + max(w, 0) + 4:.1f}" y="{y + 13}">{esc(shown)}</text>')
    out.append("</svg>")
    return "".join(out)


# --- pieces -------------------------------------------------------------------------------

def html_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool] | None = None,
               groups: Sequence[tuple[str, int]] | None = None, classes: Sequence[Sequence[str]] | None = None) -> str:
    """A table; `groups` become a header row of spanning cells (a player over their columns)."""
    n = len(headers)
    if right is None:
        right = text.numeric_columns(rows, n)
    out = ["<table>", "<thead>"]
    if groups:
        out.append("<tr>" + "".join(f'<th colspan="{span}">{esc(label)}</th>' if span > 1
                                    else f"<th>{esc(label)}</th>" for label, span in groups) + "</tr>")
    out.append("<tr>" + "".join(f'<th class="num">{esc(h)}</th>' if right[i] else f"<th>{esc(h)}</th>"
                                for i, h in enumerate(headers)) + "</tr>")
    out.append("</thead><tbody>")
    for j, r in enumerate(rows):
        cells = []
        for i, c in enumerate(r):
            cls = [*(["num"] if i < n and right[i] else []), *([classes[j][i]] if classes and classes[j][i] else []),
                   *_words(c)]
            attr = f' class="{" ".join(cls)}"' if cls else ""
            cells.append(f"<td{attr}>{esc(c)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


_SHORT = 24
"""The widest cell kept on one line: a longer one (a reason, what a play caused) wraps, and on a
phone keeps a readable width while the table scrolls sideways (sheet.css `td.words`)."""


def _words(cell: str) -> list[str]:
    return ["words"] if text.width(cell) > _SHORT else []


def _meta_line(audit: Audit) -> str:
    meta = audit.header.meta
    bits = " · ".join(meta[k] for k in ("date", "place") if meta.get(k))
    return f"{bits}{' — ' if bits else ''}players (in seat order): {', '.join(audit.header.players)}"


def _cell_class(cell: str, mark: str) -> str:
    """The class of a sheet's cell: the layout's mark for it, else what the cell says."""
    if mark:
        return mark
    if cell.endswith(" made"):
        return "made"
    return "set" if cell.endswith(" set") else ""


# --- the score sheet --------------------------------------------------------------------------

def running_series(sheet: Sheet) -> tuple[dict[str, list[float | None]], list[str]]:
    """Running totals per player/team, from 0 before the first hand (Oh Hell, Rook) or game
    (Daifugō, over the whole match); an unfinished hand/game leaves a gap."""
    who = sheet.seats()
    series: dict[str, list[float | None]] = {p: [0] for p in who}
    xlabels = ["0"]
    for r in sheet.rows:
        done = r.get("complete", True)
        for p in who:
            series[p].append(r["totals"][p] if done else None)
        xlabels.append(str(r["hand"]) if "hand" in r else f"{r['set']}.{r['game']}")
    return series, xlabels


def charts(audit: Audit, sheet: Sheet) -> str:
    """The race drawn: running totals hand by hand (or game by game), and what else the game's
    page shows (Rook's target line; Daifugō's ranks and set totals)."""
    from ..games import REGISTRY

    series, xlabels = running_series(sheet)
    if len(xlabels) < 2:
        return ""
    who = sheet.seats()
    out = ["<section><h2>The race</h2>", legend(who)]
    part = REGISTRY.part(sheet.game, "sheet")
    drawn = (part.charts(audit, sheet, series, xlabels) if hasattr(part, "charts")
             else [Chart(series, xlabels, "Running totals by hand", "points")])
    for c in drawn:
        if isinstance(c, Grid):
            out.append(f"<h2>{esc(c.heading)}</h2>" + html_table(c.headers, c.rows))
            continue
        if c.heading:
            out.append(f"<h2>{esc(c.heading)}</h2>")
        out.append(line_chart(c))
    out.append("</section>")
    return "\n".join(out)


def sheet_body(audit: Audit, sheet: Sheet, title: str) -> str:
    """The sheet's parts (`sheet.html`), one a line: title, meta, result, standings, violations,
    the table and its notes, the charts, the record's notes, the events (Daifugō's)."""
    from ..games import REGISTRY

    lay = text.layout(sheet, wide=False)
    marks = lay.marks or [("",) * len(r) for r in lay.rows]
    classes = [[_cell_class(c, m) for c, m in zip(r, ms)] for r, ms in zip(lay.rows, marks)]
    winner = sheet.winner
    head = sheet.status[:1].upper() + sheet.status[1:]  # (it names the winner: "… Ben wins with 136")
    listed = shown(audit.violations)
    table_html = html_table(lay.long_headers or lay.headers, lay.rows, lay.right, lay.groups, classes)
    shows_events = getattr(REGISTRY.part(sheet.game, "sheet"), "SHOWS_EVENTS", False)
    page = templates().get_template("sheet.html").render(
        title=title, meta=_meta_line(audit), head=head, sheet=sheet, listed=listed,
        winners={winner} if isinstance(winner, str) else set(winner or ()), heading=text.findings_heading(listed),
        table=Markup(re.sub(f"<td>([{RED_SUITS}])</td>", r'<td class="red">\1</td>', table_html)),
        notes=[x.replace("tot: ", "total: ") for x in lay.notes if not x.startswith("#:")],
        charts=Markup(charts(audit, sheet)), meta_notes=audit.header.meta.get("notes"),
        events=shown(audit.events, "event") if audit.events and shows_events else ())
    return page[:-1]  # (each part ends its line; the last one's newline is the page's)


# --- the replay ---------------------------------------------------------------------------------

def suit_colour(card: str) -> str:
    """The CSS class of a card of the French deck: red for hearts and diamonds. A game with
    other colours gives its own `card_colour` in its sheet part (Rook's colors)."""
    return "red" if card.endswith(tuple(RED_SUITS)) else ""


def _plays(cell: str, players: Sequence[str]) -> list[str] | None:
    for sep in (", ", "  "):
        parts = cell.split(sep)
        if len(parts) == len(players) and all(any(p.startswith(name + " ") for name in players) for p in parts):
            return parts
    return None


def _play_html(play: str, card_colour: Callable[[str], str]) -> str:
    name, _, card = play.rpartition(" ")
    colour = card_colour(card) if card else ""
    return f'{esc(name)} <b class="{colour}">{esc(card)}</b>' if colour else f"{esc(name)} <b>{esc(card)}</b>"


def section_html(s: Section, players: Sequence[str], card_colour: Callable[[str], str] = suit_colour) -> str:
    """One replay section. Tricks show the plays in order one per column, as the articles
    tabulate them, each card in its colour (`card_colour`: its CSS class); other turns
    (Daifugō's) as a table, with the cells the game marks."""
    out = [f"<section><h2>{esc(s.title)}</h2>"]
    if s.rows:
        col = s.headers.index("order of play") if "order of play" in s.headers else None
        plays = [_plays(r[col], players) for r in s.rows] if col is not None else []
        if col is not None and all(p is not None for p in plays):
            heads = [*s.headers[:col], *(ordinal(k) for k in range(1, len(players) + 1)), *s.headers[col + 1:]]
            body = []
            for r, p in zip(s.rows, plays):
                cells = ([f'<td class="num">{esc(c)}</td>' if c.isdigit() else f"<td>{esc(c)}</td>" for c in r[:col]]
                         + [f'<td class="cards">{_play_html(x, card_colour)}</td>' for x in p or ()]
                         + [f'<td class="words">{esc(c)}</td>' if _words(c) else f"<td>{esc(c)}</td>"
                            for c in r[col + 1:]])
                body.append("<tr>" + "".join(cells) + "</tr>")
            out.append("<table><thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in heads)
                       + "</tr></thead><tbody>" + "\n".join(body) + "</tbody></table>")
        else:
            table_html = html_table(s.headers, s.rows, classes=s.marks)
            out.append(re.sub(f"([{RED_SUITS}])", r'<span class="red">\1</span>', table_html))
    if s.notes:
        out.append('<ul class="notes">' + "".join(f"<li>{esc(n)}</li>" for n in s.notes) + "</ul>")
    out.append("</section>")
    return "\n".join(out)


def replay_page(audit: Audit, sections: Sequence[Section], title: str, before: str = "") -> str:
    """`replay --format html`: each hand trick by trick, or each Daifugō game turn by turn (`before`
    the hands: `unreadable`'s note)."""
    from ..games import REGISTRY

    body = [f"<h1>{esc(title)} — replay</h1>", f'<p class="meta">{esc(_meta_line(audit))}</p>', before]
    colour = getattr(REGISTRY.part(audit.game, "sheet"), "card_colour", suit_colour)
    body += [section_html(s, audit.header.players, colour) for s in sections]
    if audit.violations:
        # a Daifugō game words its own violations; the list keeps those of the games not shown
        worded = {f for s in sections for f in s.worded}
        rest = shown(v for v in audit.violations if v not in worded)
        listed = (str(templates().get_template("findings.html").module.findings(rest))  # type: ignore
                  if rest else "<p>each is listed in its game above</p>")
        body.append(f"<section><h2>{esc(text.findings_heading(shown(audit.violations)))}</h2>{listed}</section>")
    return page(f"{title} — replay", "\n".join(body))


def stats_page(title: str, tables: Sequence[Table], bars: Sequence[Bar], intro: str, files: Sequence[str] = ()) -> str:
    """`stats --format html`: titled tables and bar charts, then the `files` read, folded away (a
    season of a hundred records would otherwise fill a phone's screen before the first table)."""
    body = [f"<h1>{esc(title)}</h1>", f'<p class="meta">{esc(intro)}</p>']
    body += [f"<section><h2>{esc(name)}</h2>{html_table(headers, rows)}</section>" for name, headers, rows in tables]
    body += [f"<section><h2>{esc(bar[0])}</h2>{bar_chart(bar)}</section>" for bar in bars]
    if files:
        listed = "".join(f"<li>{esc(f)}</li>" for f in files)
        summary = f"<summary>the files read ({len(files)})</summary>"
        body.append(f'<details class="files">{summary}<ul>{listed}</ul></details>')
    return page(title, "\n".join(body))
