"""The command line: exit codes, JSON exactly as records.md shows, every output format."""

from __future__ import annotations

import csv
import io
import json

from conftest import RECORDS, SAMPLES, cli

OH = str(SAMPLES / "oh-hell-seed-example.yaml")
HOOK = str(RECORDS / "oh-hell" / "hook-forbidden.yaml")
CLEAN = str(RECORDS / "oh-hell" / "clean-short-game.yaml")


def test_check_clean_file_exits_0() -> None:
    r = cli("check", OH)
    assert r.code == 0, r.out + r.err
    assert "1 clean" in r.out


def test_check_violation_exits_1_with_rule_location_and_reason() -> None:
    r = cli("check", HOOK)
    assert r.code == 1
    assert f"{HOOK}:6: oh-hell.hook: [hand 1, North] North deals hand 1" in r.out


def test_check_json_is_exactly_the_documented_shape(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: 1, c: 2}\n", encoding="utf-8")
    r = cli("check", OH, HOOK, str(bad), "--format", "json")
    assert r.code == 2
    doc = json.loads(r.out)
    assert list(doc) == ["files"]
    ok, hook, unreadable = doc["files"]
    assert ok == {"path": OH, "game": "oh-hell", "ok": True, "errors": [], "violations": [], "events": []}
    assert hook["ok"] is False and hook["errors"] == [] and hook["events"] == []
    (v,) = hook["violations"]
    assert list(v) == ["rule", "message", "line", "hand", "player", "allowed"]  # the hook is a legal set
    assert (v["rule"], v["line"], v["hand"], v["player"]) == ("oh-hell.hook", 6, 1, "North")
    assert v["allowed"] == ["0", "2", "3"]
    assert unreadable["game"] == "oh-hell" and unreadable["ok"] is False
    (e,) = unreadable["errors"]
    assert e["line"] == 4 and "`c`" in e["message"]


def test_check_json_exit_1_for_violations_only() -> None:
    r = cli("check", HOOK, "--format", "json")
    assert r.code == 1 and json.loads(r.out)["files"][0]["violations"]


def test_score_json_has_totals_winner_rows() -> None:
    r = cli("score", OH, "--format", "json")
    assert r.code == 0
    doc = json.loads(r.out)
    assert doc["game"] == "oh-hell"
    assert doc["totals"] == {"North": 25, "East": 13, "South": 13, "West": 11}
    assert doc["winner"] is None
    assert len(doc["rows"]) == 3


def test_score_json_winner_when_game_over() -> None:
    doc = json.loads(cli("score", CLEAN, "--format", "json").out)
    assert doc["winner"] == "East" and doc["totals"]["East"] == 32


def test_score_text_table_and_status() -> None:
    r = cli("score", OH, "--wide")
    assert r.code == 0
    assert "3/3 +13 = 13" in r.out
    assert "after 3 of 19 hands: no winner yet" in r.out
    assert "standings: North 25, East 13, South 13, West 11" in r.out


def test_score_shows_violations_before_the_table() -> None:
    r = cli("score", HOOK, "--wide")
    assert r.out.index("oh-hell.hook") < r.out.index("hand  cards")


def test_score_markdown_is_a_pipe_table() -> None:
    r = cli("score", OH, "--format", "markdown")
    assert "| hand" in r.out and "|---" in r.out.replace(":", "-").replace(" ", "")


def test_score_csv_flattens_players() -> None:
    rows = list(csv.DictReader(io.StringIO(cli("score", OH, "--format", "csv").out)))
    assert rows[0]["bids North"] == "3" and rows[2]["totals North"] == "25"


def test_score_unreadable_exits_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "x.yaml"
    p.write_bytes(b"game: oh-hell\nplayers: [a, b\n")
    r = cli("score", str(p))
    assert r.code == 2 and f"{p}:" in r.err and "not valid YAML" in r.err


def test_wide_names_keep_columns_aligned(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from wcwidth import wcswidth

    p = tmp_path / "wide.yaml"
    p.write_text("game: oh-hell\nplayers: [甲, 乙, 丙, 丁]\nrules: {deal_pattern: '1..2'}\nhands:\n"
                 "  - dealer: 甲\n    bids: {乙: 0, 丙: 0, 丁: 0, 甲: 0}\n", encoding="utf-8")
    lines = cli("score", str(p), "--wide").out.splitlines()
    header = next(ln for ln in lines if ln.startswith("hand"))
    row = next(ln for ln in lines if ln.startswith("1 "))
    # the column after the double-width dealer 甲 starts where its header does
    assert wcswidth(header[:header.index("trump")]) == wcswidth(row[:row.index("–")])
    assert wcswidth(header[:header.index("乙")]) == wcswidth(row[:row.index("0/–", row.index("0/–") + 1)])


def test_replay_shows_tricks_with_winner_and_why() -> None:
    r = cli("replay", CLEAN, "--hand", "1")
    assert r.code == 0
    assert "West 8♣  North 2♣  East 4♦  South Q♣" in r.out
    assert "4♦ is the highest trump" in r.out


def test_replay_unknown_hand_exits_2() -> None:
    assert cli("replay", CLEAN, "--hand", "9").code == 2


def test_rules_lists_every_id_and_explains_one() -> None:
    r = cli("rules", "oh-hell")
    assert r.code == 0 and "oh-hell.hook" in r.out and "oh-hell.game-end" in r.out
    one = cli("rules", "oh-hell", "hook")
    assert one.code == 0 and one.out.startswith("oh-hell.hook") and "option `hook`" in one.out
    assert cli("rules", "oh-hell", "hookk").code == 2
    assert "did you mean" in cli("rules", "oh-hel").err


def test_every_command_has_help_with_an_example() -> None:
    for cmd in ("check", "score", "replay", "rules"):
        r = cli(cmd, "--help")
        assert r.code == 0 and "scorekeep " + cmd in r.out


def test_version() -> None:
    assert cli("--version").out.startswith("scorekeep ")


class _Tty:
    def __init__(self, tty: bool) -> None:
        self.tty, self.text = tty, ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, s: str) -> None:
        self.text += s

    def flush(self) -> None:
        pass


def test_check_progress_only_on_a_terminal(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import sys

    from scorekeep.cli.check_cmd import _Progress

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    term = _Tty(True)
    p = _Progress(3, term)
    for i in (1, 2, 3):
        p.show(i)
    p.clear()
    assert "checked 1/3" in term.text and "checked 3/3" in term.text and term.text.endswith("\r\x1b[K")
    piped = _Tty(False)
    q = _Progress(3, piped)
    q.show(3)
    q.clear()
    assert piped.text == ""


def test_check_json_output_has_no_progress() -> None:
    r = cli("check", OH, CLEAN, "--format", "json")
    assert "checked" not in r.err and r.out.lstrip().startswith("{")


def test_check_json_is_laid_out_as_one_document() -> None:
    """`check` streams `{"files": [...]}` one file a line, as `file_json` writes each entry."""
    import json as _json

    from scorekeep.render.text import file_json

    out = cli("check", OH, HOOK, "--format", "json").out
    docs = _json.loads(out)["files"]
    assert [d["ok"] for d in docs] == [True, False]
    assert out.splitlines() == ['{"files": [', file_json(docs[0]) + ",", file_json(docs[1]), "]}"]
