"""`demo` writes its records with PyYAML's safe dumper, in the spec's layout, and scorekeep reads
them back as the match the generator played: every text stays text (names YAML would read as
something else, such as `No`, `1`, `true`, `2026-11-30`), every card stays its card."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from conftest import LOADER, cli

from scorekeep import api
from scorekeep.games.daifugo import demo as daifugo
from scorekeep.games.oh_hell import demo as oh_hell
from scorekeep.games.rook import demo as rook
from scorekeep.generate import Generated, dump
from scorekeep.render import text as render

MISREAD = ("No", "1", "true", "2026-11-30")
"""Player names that YAML would read as a boolean, a number or a date if written plain."""


def test_the_demo_writes_a_record_as_the_spec_does() -> None:
    data = {"game": "rook", "players": ["No", "1", "true", "B5"], "hands": [
        {"dealer": "No", "bidding": [{"1": 70}, {"true": "pass"}], "nest": ["R5", "Y10", "Bird"],
         "tricks": [{"No": "Y10", "1": "Y5", "true": "Y14", "B5": "B5"}], "points": {"No/true": 120}}]}
    assert dump(data) == """\
game: rook
players: ['No', '1', 'true', B5]
hands:
- dealer: 'No'
  bidding:
  - {'1': 70}
  - {'true': pass}
  nest: [R5, Y10, Bird]
  tricks:
  - {'No': Y10, '1': Y5, 'true': Y14, B5: B5}
  points: {No/true: 120}
"""


def _matches(game: str) -> Iterator[Generated]:
    for seed in range(6):
        if game == "oh-hell":
            yield oh_hell.game(seed, vary=True)
            yield oh_hell.game(seed, names="tricky", detail="full", hands=4)
        elif game == "rook":
            yield rook.game(seed)
            yield rook.game(seed, players=MISREAD, steer=None)
        else:
            yield daifugo.game(seed, players=MISREAD if seed % 2 else None, notation=0.3, strings=0.3)


@pytest.mark.parametrize("game", ["oh-hell", "rook", "daifugo"])
def test_a_demo_record_reads_back_as_the_match_the_generator_played(game: str, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo text against the same data written as JSON (YAML in which every text is quoted,
    so nothing can be misread): scorekeep finds both clean and replays and scores them alike.
    The first match goes through the commands; the others through the library the commands
    call (one reading each, not one per command)."""
    written, meant = tmp_path / "yaml", tmp_path / "json"
    written.mkdir(), meant.mkdir()
    for i, g in enumerate(_matches(game)):
        assert yaml.load(g.text, Loader=LOADER) == g.data, i  # (libyaml, as scorekeep reads it)
        as_json = json.dumps(g.data, ensure_ascii=False, indent=1)
        if i:
            got = _read_back(g.text)
            assert got[0] == [] and got == _read_back(as_json), i
            continue
        (written / "g.yaml").write_text(g.text, encoding="utf-8")
        (meant / "g.yaml").write_text(as_json, encoding="utf-8")
        for args in (("check", "--format", "json"), ("score", "--format", "json"), ("replay",)):
            monkeypatch.chdir(written)
            got = cli(*args, "g.yaml")
            monkeypatch.chdir(meant)
            want = cli(*args, "g.yaml")
            if args[1:] == ("--format", "json"):  # findings give their line, which the layouts put apart
                got.out, want.out = _unlined(json.loads(got.out)), _unlined(json.loads(want.out))
            assert (got.code, got.out) == (0, want.out), (i, args)


def _read_back(text: str) -> tuple[object, object, str]:
    """What `check`, `score --format json` and `replay` say of a record text: its violations,
    its sheet (both without lines) and its replay."""
    a = api.audit(api.load(text=text))
    sheet = render.sheet_json(api.sheet(a), a.violations, a.events)
    return ([_unlined(v.to_json()) for v in a.violations], _unlined(json.loads(sheet)),
            render.sections_text(api.replay(a)))


def _unlined(value: object) -> object:
    """A JSON report without the lines its findings give."""
    if isinstance(value, dict):
        return {k: _unlined(v) for k, v in value.items() if k != "line"}
    if isinstance(value, list):
        return [_unlined(v) for v in value]
    return value
