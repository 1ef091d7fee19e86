"""`scorekeep new` and `scorekeep add`: whole games entered one line at a time give the same
score as the same games written by hand; a refused entry leaves the file byte-identical."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from conftest import SAMPLES, cli, record

from scorekeep import api


def _score_json(path: Path) -> dict:
    run = cli("score", str(path), "--format", "json")
    assert run.code == 0, run.err
    doc = json.loads(run.out)
    doc.pop("title", None)
    for key in ("violations", "events"):  # where in the file differs; what and where in the game not
        for f in doc.get(key, []):
            f.pop("line", None)
    return doc


def _add(path: Path, *args: str) -> None:
    run = cli("add", str(path), *args)
    assert run.code == 0, (args, run.out, run.err)


def test_new_writes_a_record_and_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    run = cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee", "--first-dealer", "ch",
              "--title", "Friday", "--rule", "hook=false")
    assert run.code == 0, run.err
    a = api.audit(api.load(str(path)))
    assert a.header.players == ("Ana", "Ben", "Chloé", "Dee") and a.record.first_dealer == "Chloé"
    assert a.header.options["hook"] is False
    before = path.read_bytes()
    again = cli("new", "oh-hell", str(path), "--players", "W,X,Y,Z")
    assert again.code == 2 and "exists" in again.err
    assert path.read_bytes() == before


def test_new_refuses_an_unknown_rule_and_a_wrong_player_count(tmp_path: Path) -> None:
    assert cli("new", "oh-hell", str(tmp_path / "a.yaml"), "--players", "A,B", "--rule", "hok=false").code == 2
    assert cli("new", "rook", str(tmp_path / "b.yaml"), "--players", "A,B,C").code == 2
    assert list(tmp_path.iterdir()) == []


def test_oh_hell_19_hands_by_add_score_as_the_hand_written_sheet(tmp_path: Path) -> None:
    sample = SAMPLES / "oh-hell-full-game.yaml"
    written = api.audit(api.load(str(sample)))
    rec = written.record
    path = tmp_path / "game.yaml"
    assert cli("new", "oh-hell", str(path), "--players", ",".join(rec.players),
               "--first-dealer", rec.first_dealer).code == 0
    for hand in rec.hands:
        args = ["--cards", str(hand.cards.value), "--dealer", hand.dealer]
        if hand.trump is not None:
            args += ["--trump", hand.trump]
        # bids one line, as they are called; tricks and the sheet's scores a bare list in seat order
        args += ["--bids", ",".join(f"{e.player[:2].lower()}={e.value}" for e in hand.bids)]
        _add(path, *args)
        took = {e.player: e.value for e in hand.tricks}
        scores = {e.player: e.value for e in hand.scores}
        _add(path, "--tricks", ",".join(str(took[p]) for p in rec.players),
             "--scores", " ".join(str(scores[p]) for p in rec.players))
    assert api.audit(api.load(str(path))).ok
    assert _score_json(path) == _score_json(sample)


def test_rook_game_to_300_by_add_scores_as_the_hand_written_sheet(tmp_path: Path) -> None:
    by_hand = record("entry/rook-to-300.yaml")
    path = tmp_path / "rook.yaml"
    assert cli("new", "rook", str(path), "--players", "North,East,South,West", "--first-dealer", "North").code == 0
    _add(path, "--dealer", "North", "--bidding", "70,75,pass,pass,pass")
    _add(path, "--trump", "red", "--points", "90,30")
    _add(path, "--dealer", "East", "--bidding", "So=70,We=80,No=pass,Ea=pass,So=pass", "--trump", "yellow",
         "--points", "East=85,North=35")
    _add(path, "--dealer", "South", "--bidding", "pass 70 pass pass", "--trump", "green",
         "--points", "North/South=100,East/West=20")
    _add(path, "--dealer", "West", "--bidding", "75,pass,pass,80,pass", "--trump", "black", "--points", "60,60")
    _add(path, "--dealer", "South", "--bidding", "pass,70")
    _add(path, "--bidding", "pass,pass")
    _add(path, "--trump", "red", "--points", "no=80,ea=40")
    assert _score_json(path) == _score_json(by_hand)
    assert _score_json(path)["winner"] == "North/South"


def test_daifugo_set_by_add_scores_as_the_hand_written_sheet(tmp_path: Path) -> None:
    sample = SAMPLES / "daifugo-seed-example.yaml"
    path = tmp_path / "d.yaml"
    assert cli("new", "daifugo", str(path), "--players", "甲,乙,丙,丁").code == 0
    _add(path, "--out", "甲,乙,丙")
    _add(path, "--out", "丙 乙 丁")
    _add(path, "--out", "乙、丙、甲", "--fouls", "乙")
    _add(path, "--out", "甲,丁", "--fouls", "丁")
    assert _score_json(path) == _score_json(sample)


def test_a_hook_breaking_add_exits_1_and_leaves_the_file_byte_identical(tmp_path: Path) -> None:
    """oh-hell.hook: the dealer's bid that makes the bids add up to the hand size is refused."""
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee").code == 0
    _add(path, "--cards", "10", "--dealer", "Ana", "--bids", "Ben=3,Chloé=3,Dee=3")
    before = path.read_bytes()
    run = cli("add", str(path), "--bids", "Ana=1")
    assert run.code == 1
    assert "oh-hell.hook" in run.err and "nothing written" in run.err
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.yaml"]  # no temp file, no lock left behind


def test_a_violation_is_recorded_on_purpose_with_anyway(tmp_path: Path) -> None:
    """oh-hell.hook: --anyway writes the entry as it happened; check then reports it."""
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee").code == 0
    _add(path, "--bids", "Ben=3,Chloé=3,Dee=3")
    run = cli("add", str(path), "--bids", "Ana=1", "--anyway")
    assert run.code == 1 and "recorded anyway" in run.err
    assert [v.rule for v in api.audit(api.load(str(path))).violations] == ["oh-hell.hook"]
    # a later legal entry is not refused for the violation already in the record
    _add(path, "--tricks", "3,3,3,1")


def test_unreadable_values_exit_2_and_write_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee").code == 0
    before = path.read_bytes()
    for args in (["--bids", "Ana=three"], ["--bids", "1,2,3"], ["--bids", "Zed=1"], ["--points", "1,2"],
                 ["--bids", "a=1,a=2"]):
        run = cli("add", str(path), *args)
        assert run.code == 2, (args, run.err)
    assert path.read_bytes() == before


def test_add_refuses_a_file_open_in_another_session(tmp_path: Path) -> None:
    from scorekeep.entry.session import Locked, Session

    path = tmp_path / "g.yaml"
    assert cli("new", "rook", str(path), "--players", "N,E,S,W").code == 0
    with Session.open(str(path)):
        run = cli("add", str(path), "--bidding", "70")
        assert run.code == 2 and "open in another" in run.err
        try:
            Session.open(str(path))
        except Locked:
            pass
        else:
            raise AssertionError("a second session opened a locked record")
    _add(path, "--bidding", "70")


def test_comments_and_layout_of_a_hand_written_record_survive(tmp_path: Path) -> None:
    path = tmp_path / "rook.yaml"
    shutil.copy(record("entry/rook-to-300.yaml"), path)
    original = path.read_text(encoding="utf-8")
    # reopen the game: drop the last hand, then enter it again with add
    text = original[: original.index("  - dealer: South                             # after")]
    path.write_text(text, encoding="utf-8")
    _add(path, "--dealer", "South", "--bidding", "pass,70,pass,pass", "--trump", "red", "--points", "80,40")
    now = path.read_text(encoding="utf-8")
    assert now.startswith(text.rstrip("\n"))  # every byte written by hand is kept, comments too
    assert "# West is set: 60 of the 80 bid" in now
    assert _score_json(path) == _score_json(record("entry/rook-to-300.yaml"))


def test_names_that_yaml_would_misread_are_written_so_they_read_back(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "No,null,1,2026-11-30").code == 0
    _add(path, "--bids", "no=1,nu=2,1=0,2026=3", "--cards", "10")
    a = api.audit(api.load(str(path)))
    assert {e.player: e.value for e in a.record.hands[0].bids} == {"No": 1, "null": 2, "1": 0, "2026-11-30": 3}
    import yaml

    assert set(yaml.safe_load(path.read_text(encoding="utf-8"))["hands"][0]["bids"]) == {"No", "null", "1",
                                                                                          "2026-11-30"}


def test_add_totals_right_is_written_and_a_wrong_one_is_refused(tmp_path: Path) -> None:
    """oh-hell.score-recorded: `--totals` (the sheet's running totals, a list in seat order or
    NAME=V) is compared with the computed ones: right, it is written and checks clean; wrong,
    it is refused with the rule id and the file is byte-identical."""
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee").code == 0
    # hand 1, Ana deals 10: Ana 2/2 = 12, Ben 3/3 = 13, Chloé 3/4 = 0, Dee 3/1 = 0
    _add(path, "--bids", "2,3,3,3", "--tricks", "2,3,4,1", "--totals", "12,13,0,0")
    # hand 2, Ben deals 9: Ana 1/1 +11, Ben 1/6 +0, Chloé 1/1 +11, Dee 1/1 +11
    before = path.read_bytes()
    run = cli("add", str(path), "--bids", "1,1,1,1", "--tricks", "1,6,1,1", "--totals", "Ana=23,Ben=24,Chloé=11,Dee=11")
    assert run.code == 1 and "oh-hell.score-recorded" in run.err and "nothing written" in run.err
    assert "Ben after hand 2 is 24, but it should be 13" in run.err
    assert path.read_bytes() == before
    _add(path, "--bids", "1,1,1,1", "--tricks", "1,6,1,1", "--totals", "Ana=23,Ben=13,Chloé=11,Dee=11")
    a = api.audit(api.load(str(path)))
    assert a.violations == [] and a.record.hands[1].totals is not None
    assert cli("check", str(path)).code == 0
    assert _score_json(path)["totals"] == {"Ana": 23, "Ben": 13, "Chloé": 11, "Dee": 11}


def test_edit_of_an_earlier_hand_carries_the_sheets_running_totals_down(tmp_path: Path) -> None:
    """oh-hell.score-recorded after `edit 1`: correcting hand 1 (South took 1, North 0) moves the
    running totals written on hands 1–3 by what hand 1's points change (North +10, South −10),
    in the form each is written; hand 3's own slip of addition stays the one finding; every
    total rewritten is kept in `history`."""
    from scorekeep.games.oh_hell import entry as OH
    from scorekeep.entry.session import Session

    path = tmp_path / "g.yaml"
    shutil.copy(record("entry/oh-hell-sheet-totals.yaml"), path)
    before = api.audit(api.load(str(path))).violations
    with Session.open(str(path)) as s:
        edits = OH.correction(s, 1, {"East": 1, "South": 0, "West": 1, "North": 0},
                              {"East": 1, "South": 1, "West": 1, "North": 0})
        j = s.judge(edits)
        assert j.ok, j.new
        s.commit(j)
    text = path.read_text(encoding="utf-8")
    assert "    totals: [10, 11, 0, 11]\n" in text
    assert "    totals: {North: 21, East: 11, South: 10, West: 21}   # after hand 2\n" in text
    assert "    totals: {North: 31, East: 21, South: 20, West: 22}\n" in text
    a = api.audit(api.load(str(path)))
    assert [(f.rule, f.hand, f.player) for f in a.violations] == [(f.rule, f.hand, f.player) for f in before] \
        == [("oh-hell.score-recorded", 3, "West")]
    history = [(h["hand"], h["key"]) for h in yaml.safe_load(text)["history"]]
    assert history == [(1, "tricks"), (1, "totals"), (2, "totals"), (3, "totals")]


def test_rook_edit_of_an_earlier_hand_carries_the_sheets_running_totals_down(tmp_path: Path) -> None:
    """rook.points-recorded after `edit 1`: South's side captured 80, not 90, so North/South
    score 10 less and East/West 10 more in hand 1, and every running total written from hand 1
    on moves by as much, in the form it is written; the record still checks clean."""
    from scorekeep.games.rook import entry as R
    from scorekeep.entry.session import Session

    path = tmp_path / "r.yaml"
    shutil.copy(record("entry/rook-sheet-totals.yaml"), path)
    with Session.open(str(path)) as s:
        j = s.judge(R.correction(s, 1, None, {"North/South": 80, "East/West": 40}))
        assert j.ok, j.new
        s.commit(j)
    text = path.read_text(encoding="utf-8")
    assert "    totals: [80, 40]\n" in text
    assert "    totals: {North: 115, East/West: 125}\n" in text
    assert "    totals: {North/South: 215, East/West: 145}\n" in text
    assert api.audit(api.load(str(path))).violations == []
    history = [(h["hand"], h["key"]) for h in yaml.safe_load(text)["history"]]
    assert history == [(1, "points"), (1, "totals"), (2, "totals"), (3, "totals")]


def test_rook_add_totals_right_is_written_and_a_wrong_one_is_refused(tmp_path: Path) -> None:
    """rook.points-recorded: `--totals` is compared with the running totals; wrong, it is refused
    and the file is byte-identical; right (a list, the first player's team first), it is written."""
    path = tmp_path / "r.yaml"
    assert cli("new", "rook", str(path), "--players", "North,East,South,West", "--first-dealer", "North").code == 0
    _add(path, "--bidding", "70,75,pass,pass,pass", "--trump", "red", "--points", "90,30", "--totals", "90,30")
    before = path.read_bytes()
    run = cli("add", str(path), "--dealer", "East", "--bidding", "South=70,West=80,North=pass,East=pass,South=pass",
              "--trump", "yellow", "--points", "35,85", "--totals", "North=125,East=105")
    assert run.code == 1 and "rook.points-recorded" in run.err and "nothing written" in run.err
    assert path.read_bytes() == before
    _add(path, "--dealer", "East", "--bidding", "South=70,West=80,North=pass,East=pass,South=pass",
         "--trump", "yellow", "--points", "35,85", "--totals", "125,115")
    assert api.audit(api.load(str(path))).violations == []
    assert _score_json(path)["totals"] == {"North/South": 125, "East/West": 115}
