"""A save never renames a player nor changes anything outside the entry, whatever the
layout a person wrote: flow and block, lists over several lines, comments inside flows,
quoted names, values over several lines, line ends; where the layout cannot be edited in
place, the round trip keeps plain text as it was (`True`, `Null`, `~`, `+3` are names), and
a save that would change anything else is refused with the reason."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typing import Any
from conftest import ROOT, cli

from scorekeep import api
from scorekeep.entry.edits import Append, DelKey, Pop, SetKey, Unsafe, edit_text, roundtrip, splice
from scorekeep.yamlio import difference, parse

LAYOUTS = sorted((ROOT / "tests/records/layouts").glob("*.yaml"))


def apply_text(text: str, edits: list, before: Any = None) -> str:
    return edit_text(text, edits, before)[0]


def _comments(text: str) -> list[str]:
    return [m.group().rstrip() for m in re.finditer(r"(?:^|(?<=[ \t]))#[^\r\n]*", text, re.M)]


def _header(path: Path) -> tuple:
    a = api.audit(api.load(str(path)))
    return a.header.players, a.header.meta


ENTRIES = {  # a night's `add`s on each game's layouts, and what they must read back as
    "oh-hell": [["--cards", "9"], ["--bids", "1,1,1,1"], ["--tricks", "2,2,2,3"], ["--cards", "8"]],
    "rook": [["--bidding", "70,pass,pass,pass"], ["--trump", "red", "--points", "40,80"], ["--bidding", "75"]],
    "daifugo": [["--out", "{2},{1},{0}"], ["--out", "{0},{2},{1}"]],  # names by seat
}


def _night(path: Path) -> str:
    """A night's `add`s (`ENTRIES`) on the record at `path`; returns its game."""
    a = api.audit(api.load(str(path)))
    for args in ENTRIES[a.game]:
        args = [x.format(*a.header.players) for x in args]
        r = cli("add", str(path), *args, "--anyway")
        assert r.code in (0, 1) and "written to" in r.out, (args, r.err)
    return a.game


def _entered(path: Path) -> list:
    a = api.audit(api.load(str(path)))
    if a.game == "oh-hell":
        return [(h.size, sorted(h.bids.values()), sorted((h.took or {}).values())) for h in a.result.hands]
    if a.game == "rook":
        return [len(h.bidding) for h in a.record.hands]
    return [[tuple(g.out.names) for g in s.games] for s in a.record.sets]


WANT = {"oh-hell": [(9, [1, 1, 1, 1], [2, 2, 2, 3]), (8, [], [])], "rook": [4, 1],
        "daifugo": [("~", "Off", "No"), ("No", "~", "Off")]}


@pytest.mark.parametrize("layout", LAYOUTS, ids=[p.stem for p in LAYOUTS])
def test_a_night_of_entries_keeps_every_byte_outside_them(layout: Path, tmp_path: Path) -> None:
    """A night's `add`s on each layout: the players, title and notes read the same, every
    comment stays, the text before the entries is byte for byte the same, and what was
    added reads back as entered."""
    path = tmp_path / layout.name
    shutil.copy(layout, path)
    before = path.read_bytes()
    players, meta = _header(path)
    was = _entered(path)
    game = _night(path)
    after = path.read_bytes()
    assert _header(path) == (players, meta), "a player, the title or the notes changed"
    text, old = after.decode("utf-8"), before.decode("utf-8")
    key = "sets:" if game == "daifugo" else "hands:"
    assert text[:old.index(key)] == old[:old.index(key)]
    assert _comments(old) == [c for c in _comments(text) if c in _comments(old)]
    assert ("\r\n" in old) == ("\r\n" in text) and ("\n" not in text.replace("\r\n", "") if "\r\n" in old else True)
    now = _entered(path)
    if game == "daifugo":
        assert now[-1][len(was[-1]):] == WANT[game]
    else:
        assert now[:len(was)] == was and now[len(was):] == WANT[game]


ODD = ["True", "Null", "~", "+3", "-0", "0x1F", "1_000", "2026-11-30", "yes", "Off", ".inf", "0o17", "1e3", "NULL",
       "12:30", "-.5"]


@pytest.mark.parametrize("name", ODD)
def test_the_round_trip_never_retypes_plain_text(name: str) -> None:
    """A layout the splicer leaves to ruamel.yaml (a block scalar replaced) is rewritten
    with every plain name, title and note as it was written."""
    text = (f"game: oh-hell\ntitle: {name}\nnotes: |\n  to replace\nplayers: [{name}, B,\n  C, D]\n"
            f"hands:\n  - cards: 10\n    dealer: {name}\n    bids: {{{name}: 1}}\n")
    with pytest.raises(Exception):
        splice(text, SetKey((), "notes", "replaced"))
    out = apply_text(text, [SetKey((), "notes", "replaced"), SetKey(("hands", 0, "bids"), "B", 2)])
    assert f"players: [{name}, B, C, D]" in out and f"title: {name}\n" in out and f"dealer: {name}\n" in out
    assert f"{{{name}: 1, B: 2}}" in out
    a, b = api.audit(api.load(text=text)).header, api.audit(api.load(text=out)).header
    assert a.players == b.players and a.players[0] == name and a.meta["title"] == b.meta["title"]


def test_a_round_trip_that_would_drop_a_comment_is_refused() -> None:
    text = "game: oh-hell\nnotes: |\n  x\nplayers: [A, B,  # the Bs\n  C, D]\n"
    with pytest.raises(Unsafe) as e:
        apply_text(text, [SetKey((), "notes", "y")])
    assert "# the Bs" in e.value.message and e.value.line == 4 and "nothing written" in e.value.message


def test_a_round_trip_that_would_change_a_value_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The proof is independent of how the text was made: a rewrite that retypes a name (as
    the round trip did before) is caught by reading the result again."""
    from scorekeep.entry import edits

    text = "game: oh-hell\nnotes: |\n  x\nplayers: [True, B, C, D]\n"
    monkeypatch.setattr(edits, "roundtrip", lambda t, e: t.replace("True", "true").replace("|\n  x", "y"))
    with pytest.raises(Unsafe) as e:
        apply_text(text, [SetKey((), "notes", "y")])
    assert "`players[1]`" in e.value.message and e.value.line == 3  # (the line in the rewritten text)


def test_a_refused_save_is_said_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    text = ("game: oh-hell\nnotes: |\n  to be replaced\nplayers: [A, B,  # the Bs\n  C, D]\n")
    path.write_text(text, encoding="utf-8")
    from scorekeep.entry.session import Session

    with Session.open(str(path)) as s:
        j = s.judge([SetKey((), "notes", "new")])
    assert j.error is not None and "would drop the comment `# the Bs`" in j.error.message
    r = cli("add", str(path), "--cards", "10")  # (spliced: the same record takes other entries)
    assert r.code == 0, r.err
    assert path.read_text(encoding="utf-8").startswith(text)


SPLICES = [
    # (text, edit, the text after it)
    ("p: [a, b,\n   c]\n", Append(("p",), "d"), "p: [a, b,\n   c, d]\n"),
    ("p: [a, b,  # x\n   c  # y\n]\n", Append(("p",), "d"), "p: [a, b,  # x\n   c, d  # y\n]\n"),
    ("p: [\n]\n", Append(("p",), "d"), "p: [d\n]\n"),
    ("m: {a: 1,  # x\n    b: 2}\n", SetKey(("m",), "c", 3), "m: {a: 1,  # x\n    b: 2, c: 3}\n"),
    ("m: {a: 1,  # x\n    b: 2}\n", SetKey(("m",), "a", 5), "m: {a: 5,  # x\n    b: 2}\n"),
    ("p: [a,  # x\n   b]\n", Pop(("p",)), "p: [a  # x\n   ]\n"),
    ("p: [a, b,\n   c]\n", Pop(("p",)), "p: [a, b]\n"),
    ("m: {a: 1, b: 2,\n    c: 3}\n", DelKey(("m",), "b"), "m: {a: 1,\n    c: 3}\n"),
    ("m: {a: 1, b: 2}\n", DelKey(("m",), "a"), "m: {b: 2}\n"),
    ("h:\n  - a: 1\n    b: 2\n", DelKey(("h", 0), "a"), "h:\n  - b: 2\n"),
    ("h:\n  - a: 1\n", Pop(("h",)), "h: []\n"),
    ("t: a long\n  title\nx: 1\n", SetKey((), "t", "short"), "t: short\nx: 1\n"),
    ("m: {a: [1,\n  2]}\n", SetKey(("m",), "a", [3, 4]), "m: {a: [3, 4]}\n"),
    ("h:\n  bids:\n    A: 1   # x\n    B: 2\n", SetKey(("h",), "bids", {"A": 0, "B": 2}),
     "h:\n  bids:\n    A: 0\n    B: 2\n"),
    ("h:\n  l:\n    - 1\n    - 2\n", SetKey(("h",), "l", [3]), "h:\n  l:\n    - 3\n"),
    ("p: ['True', \"Null\",\n  ~]\n", Append(("p",), "True"), "p: ['True', \"Null\",\n  ~, \"True\"]\n"),
]


@pytest.mark.parametrize("text, edit, want", SPLICES)
def test_the_splicer_edits_every_layout_in_place(text: str, edit, want: str) -> None:  # type: ignore[no-untyped-def]
    assert splice(text, edit) == want
    assert apply_text(text, [edit]) == want  # and the proof accepts it


def test_every_sample_and_layout_reads_the_same_after_an_empty_round_trip() -> None:
    for path in [*sorted((ROOT / "samples").glob("*.yaml")), *LAYOUTS]:
        text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
        assert difference(parse(text), parse(roundtrip(text, []))) is None, path.name


def test_a_file_with_both_kinds_of_line_end_keeps_each_line_as_it_was() -> None:
    text = "game: oh-hell\r\nplayers: [A, B, C, D]\nhands:\r\n  - cards: 10\n    bids: {A: 1}\r\n"
    out = apply_text(text, [SetKey(("hands", 0, "bids"), "B", 2), Append(("hands",), {"cards": 9})])
    assert out.startswith("game: oh-hell\r\nplayers: [A, B, C, D]\nhands:\r\n  - cards: 10\n    bids: {A: 1, B: 2}\r\n")
    with pytest.raises(Unsafe) as e:  # a rewrite would make every line end one kind
        apply_text(text.replace("hands:", "notes: |\r\n  x\r\nhands:"), [SetKey((), "notes", "y")])
    assert "line ends" in e.value.message


_ONE_LINE_FLOW = re.compile(r"^(?P<head>\s*(?:- )?[^\s#:][^#:]*: )(?P<open>[\[{])(?P<body>[^\[\]{}#\n]+)(?P<close>[\]}])"
                            r"(?P<tail>[^\n]*)$", re.M)


def _wrapped(text: str) -> str:
    """Every one-line flow list or mapping of `text` broken after its first comma, with a
    comment there, as a person lines up a long list."""
    def wrap(m: re.Match[str]) -> str:
        first, sep, rest = m["body"].partition(", ")
        if not sep:
            return m.group()
        pad = " " * (len(m["head"]) + 1)
        return f"{m['head']}{m['open']}{first},  # wrapped\n{pad}{rest}{m['close']}{m['tail']}"
    return _ONE_LINE_FLOW.sub(wrap, text)


@pytest.mark.parametrize("sample", sorted((ROOT / "samples").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_sample_rewrapped_with_comments_inside_its_flows_takes_a_night_of_entries(
        sample: Path, tmp_path: Path) -> None:
    path = tmp_path / sample.name
    text = _wrapped(sample.read_text(encoding="utf-8"))
    assert text.count("# wrapped") >= 3
    path.write_text(text, encoding="utf-8")
    before = parse(text)
    game = _night(path)
    after = path.read_text(encoding="utf-8")
    assert after.count("# wrapped") == text.count("# wrapped")
    key = "sets" if game == "daifugo" else "hands"
    assert after[:text.index(f"{key}:")] == text[:text.index(f"{key}:")]
    old, new = before.get(key), parse(after).get(key)  # type: ignore[union-attr]
    assert all(difference(a, b) is None for a, b in zip(old.items[:-1], new.items))  # type: ignore[union-attr]


def test_a_rewrite_the_yaml_library_cannot_make_is_refused_not_a_crash() -> None:
    text = "game: oh-hell\nplayers: [A, B, C, D]\nhands:\n  - cards: 10\n"
    with pytest.raises(Unsafe) as e:  # a hand that is not there: nowhere to put its bids
        apply_text(text, [SetKey(("hands", 3, "bids"), "A", 1)])
    assert "nothing written" in e.value.message
