"""`score --format html`, `replay --format html`: the structure of the page, parsed with
html.parser — self-contained, escaped, with the table, standings, violations and charts."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from conftest import RECORDS, SAMPLES, cli

from scorekeep import api
from scorekeep.game import Chart
from scorekeep.render import html

OH_FULL = str(SAMPLES / "oh-hell-full-game.yaml")
ROOK = str(RECORDS / "rook" / "both-over.yaml")
DAIFUGO = str(SAMPLES / "daifugo-seed-example.yaml")
REVOKE = str(RECORDS / "oh-hell" / "follow-suit-revoke.yaml")


class Node:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: "Node | None") -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node] = []
        self.parts: list[str | Node] = []  # text and children in document order

    def all(self, tag: str, cls: str | None = None) -> list["Node"]:
        out = []
        for c in self.children:
            if c.tag == tag and (cls is None or cls in (c.attrs.get("class") or "").split()):
                out.append(c)
            out.extend(c.all(tag, cls))
        return out

    def content(self) -> str:
        return "".join(p if isinstance(p, str) else p.content() for p in self.parts)


VOID = {"meta", "br", "img", "link", "input", "hr", "col", "source"}


class Tree(HTMLParser):
    """The page as a tree; fails on a closing tag that does not match (a broken page)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root
        self.tags: list[str] = []
        self.feed(text)
        self.close()
        assert self.cur is self.root, f"unclosed <{self.cur.tag}>"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        node = Node(tag, dict(attrs), self.cur)
        self.cur.children.append(node)
        self.cur.parts.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        node = Node(tag, dict(attrs), self.cur)
        self.cur.children.append(node)
        self.cur.parts.append(node)

    def handle_endtag(self, tag: str) -> None:
        assert self.cur.tag == tag, f"</{tag}> closes <{self.cur.tag}>"
        self.cur = self.cur.parent  # type: ignore[assignment]

    def handle_data(self, data: str) -> None:
        self.cur.parts.append(data)


def page(*args: str) -> tuple[str, Tree]:
    run = cli(*args)
    assert run.code == 0, run.err
    return run.out, Tree(run.out)


def assert_self_contained(text: str, tree: Tree) -> None:
    """Nothing to fetch and nothing to run: no script, no external style, image or frame."""
    assert not {"script", "link", "img", "iframe", "object", "embed", "base"} & set(tree.tags)
    for node in _walk(tree.root):
        assert not {"src", "href", "srcset", "action", "background"} & set(node.attrs), node.tag
        assert not any(k.startswith("on") for k in node.attrs), node.tag
    assert "url(" not in text and "@import" not in text
    assert "default-src 'none'" in text  # and the browser would refuse anything else


def _walk(node: Node) -> list[Node]:
    out = []
    for c in node.children:
        out.append(c)
        out.extend(_walk(c))
    return out


def test_oh_hell_sheet_page_has_title_table_standings_and_chart() -> None:
    text, tree = page("score", OH_FULL, "--format", "html")
    assert_self_contained(text, tree)
    assert tree.root.all("title")[0].content() == "Oh Hell: Friday night at Chloé's"
    assert tree.root.all("h1")[0].content() == "Oh Hell: Friday night at Chloé's"
    meta = tree.root.all("p", "meta")[0].content()
    assert "2026-11-27" in meta and "Kitchen table" in meta
    (sheet_table,) = [t for t in tree.root.all("table") if t.all("th", None) and
                      any(th.attrs.get("colspan") == "2" for th in t.all("th"))]
    assert len(sheet_table.all("tbody")[0].all("tr")) == 19
    groups = [th.content() for th in sheet_table.all("th") if th.attrs.get("colspan") == "2"]
    assert groups == ["Ana", "Ben", "Chloé", "Dev"]
    last = [td.content() for td in sheet_table.all("tbody")[0].all("tr")[-1].all("td")]
    assert last[:5] == ["19", "10", "Chloé", "♣", "1/1"] and last[5::2] == ["116", "136", "121", "72"]
    standings = [li.content() for li in tree.root.all("ol", "standings")[0].all("li")]
    assert standings == ["Ben: 136", "Chloé: 121", "Ana: 116", "Dev: 72"]
    assert tree.root.all("ol", "standings")[0].all("li", "winner")[0].content() == "Ben: 136"
    # the winner is said once (it was "Winner: Ben — game over after 19 hands: Ben wins with 136")
    assert tree.root.all("p", "result")[0].content() == "Game over after 19 hands: Ben wins with 136"
    (chart,) = tree.root.all("svg", "chart")
    lines = chart.all("polyline")
    assert [pl.all("title")[0].content() for pl in lines] == ["Ana", "Ben", "Chloé", "Dev"]
    assert all(len(pl.attrs["points"].split()) == 20 for pl in lines)  # 0, then 19 hands
    assert "0 violations" in text


def test_chart_points_follow_the_running_totals() -> None:
    """oh-hell.score: the chart's last point is highest for the winner, lowest for the last."""
    audit = api.audit(api.load(OH_FULL))
    series, xlabels = html.running_series(api.sheet(audit))
    assert xlabels == [str(i) for i in range(20)]
    assert series["Ben"][-1] == 136 and series["Dev"][-1] == 72 and series["Ana"][0] == 0
    svg = html.line_chart(Chart(series, xlabels, "t"))
    tree = Tree(svg)
    ys = {pl.all("title")[0].content(): float(pl.attrs["points"].split()[-1].split(",")[1])
          for pl in tree.root.all("polyline")}
    assert ys["Ben"] < ys["Chloé"] < ys["Ana"] < ys["Dev"]  # SVG y grows downwards


def test_rook_chart_draws_the_300_line() -> None:
    """rook.game-end: the target line at 300 sits between the totals 250 and 310."""
    text, tree = page("score", ROOK, "--format", "html")
    assert_self_contained(text, tree)
    (chart,) = tree.root.all("svg", "chart")
    label = [t for t in chart.all("text") if t.content() == "300 to win"]
    assert label
    lines = [ln for ln in chart.all("line") if ln.attrs.get("stroke-dasharray") == "7 4"]
    assert len(lines) == 1 and lines[0].attrs["y1"] == lines[0].attrs["y2"]
    assert "Them wins" in text and "Winner:" not in text and [td.content() for td in tree.root.all("td", "set")] == ["-70 set"]


def test_daifugo_page_has_set_totals_and_ranks_per_game() -> None:
    """daifugo.ranking: a rank chart with 大富豪 … 大貧民, and the set totals."""
    text, tree = page("score", DAIFUGO, "--format", "html")
    assert_self_contained(text, tree)
    charts = tree.root.all("svg", "chart")
    assert len(charts) == 2
    ticks = [t.content() for t in charts[1].all("text")]
    assert ticks[:4] == ["大富豪", "富豪", "貧民", "大貧民"]
    ranks = {pl.all("title")[0].content(): len(pl.attrs["points"].split()) for pl in charts[1].all("polyline")}
    assert ranks == {"甲": 4, "乙": 4, "丙": 4, "丁": 4}
    set_table = tree.root.all("table")[-1]
    assert [td.content() for td in set_table.all("td")] == ["set 1", "8", "6", "8", "2"]
    assert "daifugo.miyako-ochi" in text  # the events


def test_violations_are_listed_with_their_ruling() -> None:
    """oh-hell.follow-suit: the rule id, where, the message and the legal plays."""
    text, tree = page("score", REVOKE, "--format", "html")
    (item,) = tree.root.all("ul", "findings")[0].all("li")
    body = item.content()
    assert item.all("code")[0].content() == "oh-hell.follow-suit"
    assert "hand 1, trick 2, South" in body and "(line 16)" in body and "legal plays were 9♥" in body
    assert "1 violation" in text


def test_record_text_is_escaped(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "evil.yaml"
    p.write_text('game: oh-hell\ntitle: "<script>alert(1)</script>"\nplace: "\\e]0;pwn\\a & <b>"\n'
                 "players: ['<img src=x onerror=alert(1)>', '\"q\"', c, d]\n"
                 "rules: {deal_pattern: '1..1'}\nhands:\n"
                 "  - bids: {'\"q\"': 0, c: 0, d: 0, '<img src=x onerror=alert(1)>': 0}\n", encoding="utf-8")
    text, tree = page("score", str(p), "--format", "html")
    assert_self_contained(text, tree)
    assert tree.root.all("h1")[0].content() == "Oh Hell: <script>alert(1)</script>"
    assert "\x1b" not in text and "\x07" not in text and "\\x1b]0;pwn\\x07 &amp; &lt;b&gt;" in text
    assert "<img src=x onerror=alert(1)>" in tree.root.all("p", "meta")[0].content()
    rtext, rtree = page("replay", str(p), "--format", "html")
    assert_self_contained(rtext, rtree)


def test_replay_page_tabulates_tricks_like_the_article() -> None:
    """rook.trick-winner: trick, the four plays in order, the winner and the counters."""
    text, tree = page("replay", str(SAMPLES / "rook-seed-example.yaml"), "--format", "html")
    assert_self_contained(text, tree)
    (table,) = tree.root.all("table")
    assert [th.content() for th in table.all("th")] == ["trick", "1st", "2nd", "3rd", "4th", "winner", "counters"]
    rows = table.all("tbody")[0].all("tr")
    assert len(rows) == 9
    assert [td.content() for td in rows[0].all("td")] == [
        "1", "North Y10", "East Y5", "South Y12", "West Y6", "South", "15 (Y10 Y5)"]
    assert "total check: 115 + 5 = 120" in text


def test_replay_page_shows_each_card_in_its_games_colour() -> None:
    """rook.deck's four colors and the Bird (Rook's sheet part), red suits (the shared default)."""
    _, tree = page("replay", str(SAMPLES / "rook-seed-example.yaml"), "--format", "html")
    colours = {b.content(): b.attrs.get("class") for b in tree.root.all("b")}
    assert colours["Y10"] == "yellow" and colours["G14"] == "green" and colours["R14"] == "red"
    assert colours["Bird"] == "black" and colours["B10"] == "black"
    _, tree = page("replay", REVOKE, "--format", "html")
    cards = {b.content(): b.attrs.get("class") for b in tree.root.all("b")}
    assert {c[-1] for c, k in cards.items() if k == "red"} == {"♥", "♦"}
    assert all(k is None for c, k in cards.items() if c[-1] in "♠♣")


def test_replay_page_daifugo_turns_mark_revolution_and_lock() -> None:
    """daifugo.revolution and daifugo.suit-lock: marked in the order and lock columns."""
    text, tree = page("replay", str(RECORDS / "daifugo" / "example1-revolution.yaml"), "--format", "html")
    assert_self_contained(text, tree)
    (table,) = tree.root.all("table")
    assert [th.content() for th in table.all("th")][:6] == ["#", "player", "play", "to beat", "order", "lock (縛り)"]
    hot = [td.content() for td in table.all("td", "hot")]
    assert hot[0] == "revolution (革命)" and hot[1:] == ["♠♥♦♣"] * 3


def test_html_to_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.html"
    run = cli("score", OH_FULL, "--format", "html", "-o", str(out))
    assert run.code == 0 and run.out == ""
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_equal_totals_share_a_place_in_the_standings() -> None:
    """oh-hell.scoring ("the highest total after the last hand wins (ties share)"): East and South, both
    on 13, were placed 2nd and 3rd in the standings' CSV, Markdown and HTML. Equal totals now share a
    place (1, 2, 2, 4), as the status line shares a win."""
    sample = str(SAMPLES / "oh-hell-seed-example.yaml")
    csv_rows = cli("score", sample, "--standings", "--format", "csv").out.splitlines()
    assert csv_rows[1:5] == ["1,North,25,", "2,East,13,", "2,South,13,", "4,West,11,"], csv_rows
    md = cli("score", sample, "--format", "markdown").out
    # (a table: Markdown renumbers a numbered list, so a shared place would not show)
    assert "| 1 | North | 25 |\n| 2 | East | 13 |\n| 2 | South | 13 |\n| 4 | West | 11 |" in md, md
    _text, tree = page("score", sample, "--format", "html")
    items = tree.root.all("ol", "standings")[0].all("li")
    assert [(li.attrs.get("value"), li.content()) for li in items] == [
        ("1", "North: 25"), ("2", "East: 13"), ("2", "South: 13"), ("4", "West: 11")]


def test_a_violation_on_the_sheet_is_worded_as_check_words_it() -> None:
    """oh-hell.follow-suit: the HTML sheet added the canonical choices to check's words, so a revoke read
    "… legal plays were 9♥; legal: 9H", the one choice twice in two spellings. It is check's sentence."""
    record = str(RECORDS / "oh-hell/follow-suit-revoke.yaml")
    _text, tree = page("score", record, "--format", "html")
    (item,) = tree.root.all("ul", "findings")[0].all("li")
    message = cli("check", record, "--format", "json").out.split('"message": "')[1].split('"')[0]
    assert item.content().endswith(message) and "legal: 9H" not in item.content(), item.content()


def test_replay_page_lists_each_daifugo_violation_once() -> None:
    """daifugo.exchange-strongest: each game's section words its violations, so the page's closing
    list keeps only those of games not shown (here game 2's, when only game 1 is replayed)."""
    evasion = str(RECORDS / "daifugo" / "exchange-tax-evasion.yaml")
    text, tree = page("replay", evasion, "--format", "html")
    assert text.count("丙 (貧民) gave K♦ but kept A♦") == 1 and text.count("丁 (大貧民) gave 2♣ JK") == 1
    assert "2 violations" in text and not tree.root.all("ul", "findings")
    text, tree = page("replay", evasion, "--format", "html", "--set", "1", "--game", "1")
    (listed,) = tree.root.all("ul", "findings")
    assert len(listed.all("li")) == 2 and text.count("丙 (貧民) gave K♦ but kept A♦") == 1


def test_standings_and_history_are_not_passed_off_as_another_format(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`score --standings --format html` wrote the plain standings line, a player's `<script>` name
    unescaped (it ran in a browser); `--format json` was no JSON, `--history --format csv` no CSV. Each
    prints what it can (text; the standings also csv) and refuses the rest, exit 2."""
    p = tmp_path / "evil.yaml"
    p.write_text('game: oh-hell\nplayers: ["<script>alert(1)</script>", B, C, D]\n'
                 "hands: [{bids: [1, 1, 1, 1], tricks: [1, 1, 1, 7]}]\n", encoding="utf-8")
    for args in (("--standings", "--format", "html"), ("--standings", "--format", "json"),
                 ("--standings", "--format", "markdown"), ("--history", "--format", "csv"),
                 ("--history", "--format", "html")):
        run = cli("score", str(p), *args)
        assert run.code == 2 and "<script>" not in run.out and "leave out" in run.err, (args, run.err)
    assert cli("score", str(p), "--standings", "--format", "csv").out.startswith("place,name,points")


def test_a_sheet_scored_under_another_rule_says_so_in_html() -> None:
    """--rule: the page said nothing of the rule it was scored under, and listed the violations the
    override adds as the record's own; it says so at the top and what changes at the end, as text does."""
    text, tree = page("score", OH_FULL, "--format", "html", "--rule", "failed_score=tricks")
    assert_self_contained(text, tree)
    assert "Scored with failed_score: tricks (the record&#x27;s own: zero)" in text
    assert tree.root.all("h2")[-1].content().startswith("What if failed_score: tricks")
    listed = [li.content() for ul in tree.root.all("ul", "findings") for li in ul.all("li")]
    assert not any("score-recorded" in x for x in listed)  # the record's own list: what the override adds is not
    assert "oh-hell.score-recorded" in tree.root.all("h2")[-1].parent.content()
    assert cli("score", OH_FULL, "--standings", "--rule", "failed_score=tricks").out.startswith(
        "Scored with failed_score: tricks")


def test_bar_charts_keep_their_words_inside_their_rows_on_a_phone() -> None:
    """`stats --format html` at 390 px: the phone rule that sets chart words to 26px (for the 720-wide
    score chart, drawn at half size) also hit the bar charts, drawn 560 wide with rows 20 high, so labels
    overlapped. The bars have their own phone size, smaller than a row."""
    import re

    svg = html.bar_chart(("made %", [("Ana dealer", 60.0), ("Ana others", 50.0)], "%", 100.0))
    assert 'class="chart bars"' in svg
    row = 20  # html.bar_chart's row height
    css = (Path(html.__file__).parent / "templates" / "sheet.css").read_text(encoding="utf-8")
    phone = css[css.index("@media screen and (max-width: 600px)"):]
    phone = phone[:phone.index("\n}")]
    size = re.search(r"svg\.chart\.bars text \{ font-size: (\d+)px; \}", phone)
    assert size is not None and int(size.group(1)) < row


def test_a_page_of_a_record_read_in_part_says_so_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A record whose hand 2 cannot be read: `score` and `replay --format html` exit 2 and say why on stderr,
    but the page itself showed a game that stopped after hand 1. It says the input error first."""
    p = tmp_path / "cut.yaml"
    p.write_text("game: oh-hell\nplayers: [A, B, C, D]\nhands:\n  - {bids: [1, 1, 1, 1], tricks: [1, 1, 1, 7]}\n"
                 "  - {bids: [one, 1, 1, 1]}\n", encoding="utf-8")
    for command in ("score", "replay"):
        run = cli(command, str(p), "--format", "html")
        assert run.code == 2 and "hand 2 could not be read" in run.err
        tree = Tree(run.out)
        (note,) = tree.root.all("section", "unreadable")
        assert "hand 2 could not be read" in note.content() and ":5:" in note.content()
    assert 'class="unreadable"' not in cli("score", OH_FULL, "--format", "html").out
