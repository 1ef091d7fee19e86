"""Terminal, Markdown and CSV score sheets: 80 columns, double-width names, CSV a spreadsheet
can open safely, Markdown that renders, and bid/took the same way round everywhere."""

from __future__ import annotations

import csv
import io
import re

import pytest
from conftest import RECORDS, SAMPLES, cli
from wcwidth import wcswidth

from scorekeep.cli import score_cmd
from scorekeep.render import text as render

OH_FULL = str(SAMPLES / "oh-hell-full-game.yaml")
OH_SEED = str(SAMPLES / "oh-hell-seed-example.yaml")
ROOK_RECORDS = [str(SAMPLES / "rook-seed-example.yaml"), str(RECORDS / "rook" / "seat-change.yaml"),
                str(RECORDS / "rook" / "game-end.yaml"), str(RECORDS / "rook" / "all-pass-forced.yaml")]
HOOK = str(RECORDS / "oh-hell" / "hook-forbidden.yaml")

CJK_OH = """game: oh-hell
players: [甲, 乙, 丙, 丁]
first_dealer: 甲
rules: {deal_pattern: "3..1"}
hands:
  - bids: {乙: 1, 丙: 0, 丁: 1, 甲: 0}
    tricks: {甲: 1, 乙: 1, 丙: 0, 丁: 1}
  - bids: {丙: 0, 丁: 1, 甲: 0, 乙: 0}
    tricks: {甲: 0, 乙: 1, 丙: 0, 丁: 1}
"""


def ends(line: str) -> list[int]:
    """Display column where each space-separated cell of a line ends (double width counted twice)."""
    return [wcswidth(line[:m.end()]) for m in re.finditer(r"\S+", line)]


DAIFUGO = [str(SAMPLES / "daifugo-seed-example.yaml"), str(RECORDS / "daifugo" / "example3-full-game.yaml")]


@pytest.mark.parametrize("path", [OH_FULL, OH_SEED, *ROOK_RECORDS, *DAIFUGO])
def test_compact_sheet_fits_80_columns(path: str) -> None:
    """Four players (Oh Hell) and Rook's default team labels: every line of the sheet fits 80
    columns (violations above it stay one `file:line: rule: message` line each, as in `check`)."""
    run = cli("score", path)
    assert run.code == 0
    sheet = [x for x in run.out.splitlines() if not x.startswith(f"  {path}:")]
    widest = max(wcswidth(line) for line in sheet)
    assert widest <= 80, run.out


def test_compact_sheet_with_double_width_names(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """甲 乙 丙 丁 take two columns each: the table stays within 80 and stays aligned."""
    p = tmp_path / "cjk.yaml"
    p.write_text(CJK_OH, encoding="utf-8")
    lines = cli("score", str(p)).out.splitlines()
    assert max(wcswidth(x) for x in lines) <= 80
    group = next(x for x in lines if "甲" in x and "乙" in x and "丁" in x and "standings" not in x)
    header = next(x for x in lines if x.lstrip().startswith("#"))
    rows = [x for x in lines if re.match(r"\s*\d+\s+\d+\s+\S+", x)]
    assert len(rows) == 2
    # each player's name ends where their running-total column ends, and every row's cells
    # end where the headers do (numbers right-aligned)
    tot_ends = [e for e, cell in zip(ends(header), header.split()) if cell == "tot"]
    assert ends(group) == tot_ends
    for row in rows:
        numbers = [e for e, cell in zip(ends(row), row.split()) if re.fullmatch(r"\d+(/\d+)?", cell)]
        assert len(numbers) == 10 and set(numbers) <= set(ends(header))
    assert rows[0].split()[2] == "甲" and rows[1].split()[2] == "乙"  # the dealer column


def test_width_counts_double_width_twice_like_wcwidth() -> None:
    for text in ["North", "甲乙丙丁", "大富豪 +3", "Chloé", "Chloe\u0301", "♠♥", "ｘ３"]:
        assert render.width(text) == wcswidth(text), text


def test_wide_sheet_on_request_and_on_a_wide_terminal(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    compact = cli("score", OH_FULL).out
    wide = cli("score", OH_FULL, "--wide").out
    assert "3/3 +13 = 13" in wide and "3/3 +13 = 13" not in compact
    assert max(map(wcswidth, wide.splitlines())) > 80
    # not a terminal: compact; a terminal wide enough: wide; a narrow one: compact
    monkeypatch.setattr("sys.stdout.isatty", lambda: False, raising=False)
    assert not score_cmd._wide_terminal(93)
    import os
    import shutil
    import sys

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdout", Tty())
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a: os.terminal_size((120, 40)))
    assert score_cmd._wide_terminal(93)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a: os.terminal_size((80, 40)))
    assert not score_cmd._wide_terminal(93)


def test_standings_only() -> None:
    run = cli("score", OH_FULL, "--standings")
    assert run.code == 0
    assert run.out.splitlines() == ["standings: Ben 136, Chloé 121, Ana 116, Dev 72",
                                    "game over after 19 hands: Ben wins with 136"]


def test_oh_hell_score_and_replay_write_bid_slash_took_the_same_way_round() -> None:
    """oh-hell.score: hand 1 of the seed example, East bid 2 and took 3."""
    compact = cli("score", OH_SEED).out.splitlines()
    row = next(x for x in compact if x.startswith("1 "))
    assert row.split()[6] == "2/3"  # East's bid/took, after North's bid/took and total
    assert "2/3 +0 = 0" in cli("score", OH_SEED, "--wide").out
    replay = cli("replay", OH_SEED, "--hand", "1").out
    assert "bid/took: North 3/3 → +13, East 2/3 → +0" in replay


def test_daifugo_events_move_under_a_table_that_would_not_fit() -> None:
    """daifugo.miyako-ochi and daifugo.forbidden-finish stay on the sheet, under the table."""
    out = " ".join(cli("score", DAIFUGO[0]).out.split())  # the note wraps at 80 columns
    assert "events: set 1 game 2: 都落ち 甲; set 1 game 3: 反則上がり 乙; set 1 game 4:" in out
    assert "都落ち 丙, 反則上がり 丁" in out
    assert "都落ち 丙; 反則上がり 丁" in cli("score", DAIFUGO[0], "--wide").out


def test_rook_compact_shows_made_and_set() -> None:
    """rook.contract: the bidding team's score is marked made or set."""
    out = cli("score", str(RECORDS / "rook" / "both-over.yaml")).out
    assert "-70 set" in out and "+120 made" in out


# --- CSV ------------------------------------------------------------------------------

FORMULA_NAMES = ['=HYPERLINK("http://evil.example","x")', "+SUM(1)", "-2+3", "@cmd"]


def read_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_guards_formula_names_in_dealer_and_bid_columns(tmp_path) -> None:  # type: ignore[no-untyped-def]
    names = ", ".join(f"'{n}'" if "'" not in n else n for n in FORMULA_NAMES)
    p = tmp_path / "evil.yaml"
    p.write_text(f"game: oh-hell\nplayers: [{names}]\nfirst_dealer: '{FORMULA_NAMES[0]}'\n"
                 "rules: {deal_pattern: '1..1'}\nhands:\n"
                 f"  - bids: {{'{FORMULA_NAMES[1]}': 0, '{FORMULA_NAMES[2]}': 0, '{FORMULA_NAMES[3]}': 0, "
                 f"'{FORMULA_NAMES[0]}': 0}}\n", encoding="utf-8")
    run = cli("score", str(p), "--format", "csv")
    assert run.code == 0, run.err
    rows = read_csv(run.out)
    assert rows[0]["dealer"] == "'" + FORMULA_NAMES[0]
    for line in run.out.splitlines():
        for cell in next(csv.reader([line])):
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell


def test_csv_guards_rook_bidder_and_daifugo_ranking(tmp_path) -> None:  # type: ignore[no-untyped-def]
    rook = tmp_path / "rook.yaml"
    rook.write_text("game: rook\nplayers: ['=cmd()', East, South, West]\nhands:\n"
                    "  - bid: {'=cmd()': 100}\n    points: {'=cmd()': 100, East: 20}\n", encoding="utf-8")
    run = cli("score", str(rook), "--format", "csv")
    assert run.code == 0, run.err
    assert read_csv(run.out)[0]["bidder"] == "'=cmd()"
    dai = tmp_path / "dai.yaml"
    dai.write_text("game: daifugo\nplayers: ['@x', '-y', '+z', '\tw']\nsets:\n  - games:\n"
                   "      - out: ['@x', '-y', '+z']\n", encoding="utf-8")
    run = cli("score", str(dai), "--format", "csv")
    assert run.code == 0, run.err
    row = read_csv(run.out)[0]
    assert row["ranking"] == "'@x -y +z \\tw"  # guarded, and the tab shown escaped and row["fallen"] == ""


def test_csv_columns_in_seat_order_booleans_and_violations() -> None:
    """oh-hell.hook: the violation is in its hand's row; bids come in seat order though written
    in bidding order; booleans are true/false."""
    run = cli("score", HOOK, "--format", "csv")
    rows = read_csv(run.out)
    header = run.out.splitlines()[0].split(",")
    assert [h for h in header if h.startswith("bids ")] == ["bids North", "bids East", "bids South", "bids West"]
    assert header[-1] == "violations"
    assert rows[0]["complete"] == "false" and rows[0]["violations"].startswith("oh-hell.hook: ")
    seed = read_csv(cli("score", OH_SEED, "--format", "csv").out)
    assert [r["complete"] for r in seed] == ["true"] * 3 and all(r["violations"] == "" for r in seed)
    assert seed[0]["bids North"] == "3" and seed[2]["totals North"] == "25"


def test_csv_violation_of_no_hand_gets_its_own_row() -> None:
    """rook.game-end is reported at hand 5; a finding with no hand would go to a last row."""
    from scorekeep import api
    from scorekeep.errors import Finding

    audit = api.audit(api.load(OH_SEED))
    text = render.sheet_csv(api.sheet(audit), [Finding("oh-hell.game-end", "=oops", hand=None)])
    rows = read_csv(text)
    assert len(rows) == 4 and rows[-1]["hand"] == "" and rows[-1]["violations"] == "oh-hell.game-end: =oops"


# --- Markdown ---------------------------------------------------------------------------

def test_markdown_title_first_headings_and_right_aligned_numbers() -> None:
    md = cli("score", HOOK, "--format", "markdown").out
    lines = md.splitlines()
    assert lines[0] == "# Oh Hell" and lines[1] == ""
    assert "## 1 violation" in lines and "## Score sheet" in lines and "## Standings" not in lines[:3]
    sep = next(x for x in lines if x.startswith("|---"))
    assert sep == "|---:|---:|---|---|" + "---:|" * 8
    # each heading and paragraph stands apart (a blank line before it)
    for i, x in enumerate(lines):
        if x.startswith(("#", "**Result")) and i:
            assert lines[i - 1] == "", x


def test_markdown_escapes_record_text(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "md.yaml"
    p.write_text("game: oh-hell\ntitle: '*bold* | [link](x)'\nplayers: [a_b_, '*c*', d, e]\n"
                 "rules: {deal_pattern: '1..1'}\nhands:\n  - bids: {'*c*': 0, d: 0, e: 0, a_b_: 0}\n",
                 encoding="utf-8")
    md = cli("score", str(p), "--format", "markdown").out
    assert md.startswith("# Oh Hell: \\*bold\\* \\| \\[link\\]\\(x\\)")
    assert "\\*c\\* bid/took" in md and "a\\_b\\_" in md
