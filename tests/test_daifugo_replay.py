"""`scorekeep replay` for Daifugō: each turn with the table state and why the table cleared."""

from __future__ import annotations

from collections import Counter

from conftest import audit, cli, record
from scorekeep import api
from scorekeep.game import Selection


def test_replay_shows_the_table_order_lock_and_clears() -> None:
    sections = api.replay(audit("daifugo/spade-3-return.yaml"))
    assert len(sections) == 1
    s = sections[0]
    assert s.title.startswith("Set 1, game 1: 甲 leads")
    assert s.headers[3:6] == ("to beat", "order", "lock (縛り)")
    assert s.rows[2][3] == "a single 7 (7♥) by 乙" and s.rows[2][5] == "♥"
    assert "spade-3 return (スペ3返し)" in s.rows[3][6] and "丁 leads" in s.rows[3][6]
    assert s.rows[5][3] == "a single 4 (4♦) by 丁" and s.rows[5][5] == "–"  # the lock ended with the clear


def test_replay_explains_revolution_and_passes() -> None:
    s = api.replay(audit("daifugo/example1-revolution.yaml"))[0]
    assert s.rows[1][4] == "revolution (革命)"
    assert "counter-revolution" in s.rows[1][6]
    assert "everyone else passed" in s.rows[4][6] and "乙 leads" in s.rows[4][6]
    assert s.rows[5][4] == "normal"


def test_replay_of_a_full_game_names_finishes_and_the_ranking() -> None:
    s = api.replay(audit("daifugo/example3-full-game.yaml"))[0]
    notes = " ".join(s.notes)
    assert "ranking: 大富豪 甲, 富豪 丁, 貧民 丙, 大貧民 乙" in notes
    assert "stairs with an 8 do not cut, so this is a legal finish" in s.rows[4][6]
    assert "8-cut (8切り)" in s.rows[14][6] and "forbidden finish" in s.rows[14][6]


def test_replay_selects_set_and_game() -> None:
    a = audit("daifugo/miyako-ochi.yaml")
    assert len(api.replay(a)) == 2
    only = api.replay(a, Selection(set=1, game=2))
    assert len(only) == 1 and "last game's 大富豪: 甲" in only[0].notes
    assert api.replay(a, Selection(set=2)) == []


def test_replay_command() -> None:
    run = cli("replay", str(record("daifugo/eight-in-stairs.yaml")))
    assert run.code == 0
    assert "the 8 is inside stairs, so it does not cut (daifugo.eight-cut)" in run.out


def test_replay_text_fits_an_80_column_terminal() -> None:
    """`replay` printed Rook's bidding notes 117 columns wide and Daifugō's turn table 88 and more,
    so an 80-column terminal folded them at its edge, the continuation under the turn number. The
    last column (what happened, why) and the notes now wrap within 80 columns, every word kept, the
    continuation under its own column."""
    from scorekeep.render.text import COLUMNS, width

    for name in ("rook/seat-change-forgotten.yaml", "daifugo/example1-revolution.yaml", "daifugo/lock.yaml",
                 "oh-hell/deck-joker-played.yaml", "daifugo/example3-full-game.yaml"):
        r = cli("replay", str(record(name)))
        assert r.code in (0, 1), r.err
        lines = r.out.splitlines()[:-1]  # (the last line names the record's path)
        # (a 10-card stairs, `4-5-6-7-8-9-10-J-Q-K♠`, is one word, and no column narrows below 10: that
        # table cannot fit; it was 245 columns wide)
        most = 90 if name.endswith("example3-full-game.yaml") else COLUMNS
        assert max(width(x) for x in lines) <= most, max(lines, key=width)
        words = Counter(w for w in r.out.split() if w.strip("-"))  # (not the dashes under the headers)
        assert words == Counter(api_text(name).split()), name  # every word kept, none cut
    stairs = cli("replay", str(record("daifugo/example3-full-game.yaml"))).out
    assert "4♠ 5♠ 6♠" in stairs, stairs  # not a card a line (review: 12 lines for a 12-card stairs)
    out = cli("replay", str(record("daifugo/lock.yaml"))).out
    assert "  violation play 3: daifugo.suit-lock: 丙 played 9♠: the suits are locked (縛り)\n" \
           "    to ♥, and 9♠ has other suits" in out, out


def api_text(name: str) -> str:
    """The replay's words as the library gives them, unwrapped."""
    a = audit(name)
    parts = []
    for s in api.replay(a):
        parts += [s.title, *(s.headers if s.rows else ()), *(c for row in s.rows for c in row), *s.notes]
    if a.violations:
        parts.append(f"{len(a.violations):,} violation(s); see `scorekeep check {record(name)}`")
    return " ".join(parts)
