"""`scorekeep replay` for Daifugō: each turn with the table state and why the table cleared."""

from __future__ import annotations

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
