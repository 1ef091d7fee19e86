"""Reading everyday slips (issue 13, items 5, 12, 13, 14): YAML slips in a card player's words
at the right line, full-width input, names typed on a Mac, names that only look alike, a
huge `players` list, and a file read on past its unreadable hands."""

from __future__ import annotations

import json
import unicodedata

import pytest

from conftest import audit_text, cli, read_error, record
from scorekeep import api
from scorekeep.report import check_file

HEAD = "game: oh-hell\nplayers: [North, East, South, West]\n"
HAND = "  - bids: {East: 1, South: 1, West: 0, North: 2}\n"


# --- item 12: YAML slips ------------------------------------------------------------------

@pytest.mark.parametrize("text, line, words", [
    # libyaml notices the missing colon a line late and calls it "could not find expected ':'"
    (HEAD + "first_dealer North\nhands:\n" + HAND, 3,
     "`first_dealer North` needs a colon after the key: `first_dealer: North`"),
    (HEAD + "first_dealer North\n", 3, "needs a colon after the key"),
    (HEAD + "hands:\n  - bids {East: 1, South: 1, West: 0, North: 2}\n", 4,
     "`bids {East: 1, South: 1, West: 0, North: 2}` needs a colon after the key: `bids: {East: 1,"),
    (HEAD + "hands:\n  - bids: {East: 1, South: 1, West: 0, North: 2}\n    tricks [1]\n", 5,
     "`tricks [1]` needs a colon after the key: `tricks: [1]`"),
    (HEAD + "first_dealer:North\nhands:\n", 3, "`first_dealer:North` needs a space after the colon: `first_dealer: North`"),
    (HEAD + "first_dealer: North\nhands:\n\t- bids: {East: 1}\n", 5, "line 5 is indented with a tab: use spaces"),
    (HEAD + "hands:\n  - bids: {East: 1, South:1, West: 0, North: 2}\n", 4,
     "`South:1` needs a space after the colon: `South: 1`"),
    (HEAD + "hands:\n  - {bids:3}\n", 4, "`bids:3` needs a space after the colon: `bids: 3`"),
    (HEAD + "first_dealer： North\n", 3, "a full-width colon `：` — use `:` (`first_dealer: North`)"),
    ("game： oh-hell\nplayers: [North, East, South, West]\n", 1, "a full-width colon `：` — use `:`"),
    (HEAD + "hands:\n  - bids: {East：1, South: 1, West: 0, North: 2}\n", 4, "full-width colon `：` — use `:`"),
    ("game: oh-hell\nplayers: [North、East、South、West]\n", 2,
     "`North、East、South、West` is one name; a full-width comma `、` — use `,`"),
    (HEAD + "hands:\n  - bids: {East: 1, South: 1, West: 0, North　2}\n", 4, "a full-width space"),
    # a line of a full-width space alone: YAML reads it as text, and stops a line later
    ("game: daifugo\nplayers: [A, B, C, D]\nsets:\n  　\n  - first: A\n", 4, "a full-width space — use an ordinary"),
    (HEAD + "rules: {deal_pattern: '1..2'}\nhands:\n  - turn_up: 2C\n    bids: {}\n    deal: {North: 9H、10H}\n", 7,
     "`9H、10H` in the deal to North in hand 1 is not a card"),
    ("game: daifugo\nplayers: [甲, 乙, 丙, 丁]\nsets:\n  - games:\n      - out: [甲、乙、丙]\n", 5,
     "a full-width comma `、` — use `,`"),
    ("game: oh-hell\nplayers: [a, b\n", 2, "the list opened with `[` on line 2 is not closed with `]`"),
    ("game: oh-hell\ntitle: 'the final\nplayers: [a, b]\n", 2, "the quote opened on line 2 is never closed"),
    ("game: oh-hell\ntitle: @home\n", 2, "`@` cannot start a value: put the text in quotes"),
    # the first key of a block mapping without its colon: YAML reads it and the next key as one text
    # and stops at the next colon; it was blamed on that line, as "a second `: `"
    (HEAD + "hands:\n  - bids:\n      East 1\n      South: 1\n", 5, "`East 1` needs a colon after the key: `East: 1`"),
    (HEAD + "# the final\ntitle: a: b\n", 4, "a second `: ` on line 4"),
    # a value written over several lines is no key that lost its colon (review)
    (HEAD + "notes: played at the club,\n  a long evening, and the rule\n  we used was this: no trump\n", 5,
     "a second `: ` on line 5"),
])
def test_yaml_slips_are_said_in_plain_words_at_the_line_of_the_slip(text: str, line: int, words: str) -> None:
    e = read_error(text)
    assert words in e.message, e.message
    assert e.line == line, (e.line, e.message)
    for jargon in ("could not find expected", "cannot start any token", "simple key", "scanning"):
        assert jargon not in e.message


def test_full_width_digits_are_read_as_numbers() -> None:
    a = audit_text(HEAD + "first_dealer: North\nhands:\n  - bids: {East: １, South: １, West: ０, North: ２}\n"
                   "    tricks: {North: ２, East: １, South: ０, West: １０}\n")
    assert a.result.hands[0].bids == {"East": 1, "South": 1, "West": 0, "North": 2}
    assert read_error(HEAD + "hands:\n  - bids: {East: 三}\n").line == 4  # a word is still not a number


@pytest.mark.parametrize("text, line, words", [
    (HEAD + "rules: {deal_pattern: '1..2'}\nhands:\n  - turn_up: 2C\n    bids: {}\n    deal: {North: [３Ｈ]}\n", 7,
     "`３Ｈ` in the deal to North in hand 1 is not a card: "),
    ("game: daifugo\nplayers: [甲, 乙, 丙, 丁]\nsets:\n  - games:\n      - plays:\n          - 甲: ５Ｓ\n", 6,
     "`５Ｓ` in"),
    ("game: rook\nplayers: [N, E, S, W]\nhands:\n  - dealer: N\n    deal: {N: [Ｒ５, R6]}\n", 5,
     "`Ｒ５` in the deal to N in hand 1 is not a Rook card"),
])
def test_a_card_typed_in_full_width_letters_says_how_to_write_it(text: str, line: int, words: str) -> None:
    """The walk: `３Ｈ` (typed with a Japanese input method on) was refused as not a card with no word of
    the full width, though full-width digits are read as numbers. The message now says how to write it."""
    e = read_error(text)
    assert words in e.message and "is typed in full-width letters: write `" in e.message, e.message
    assert e.line == line


def test_a_title_with_a_full_width_colon_stays_text() -> None:
    assert audit_text(HEAD + "title: 第1局：決勝\n").header.meta["title"] == "第1局：決勝"


@pytest.mark.parametrize("text", ["title: Tom & Jerry *live*\n", "notes: 'wow!'\n"])
def test_anchor_and_tag_indicators_inside_text_are_text(text: str) -> None:
    audit_text(HEAD + text)


# --- item 5: a huge players list ----------------------------------------------------------

def test_eighty_thousand_players_are_refused_at_once_by_their_count() -> None:
    names = ", ".join(f"p{i}" for i in range(80_000))
    # once 42 s (a list membership test per name): timed with the largest records in benchmarks/big.py
    e = read_error(f"game: oh-hell\nplayers: [{names}]\n")
    assert "2 to 7 players" in e.message and "lists 80000" in e.message and e.line == 2


def test_duplicate_names_are_still_refused() -> None:
    assert "listed twice" in read_error("game: oh-hell\nplayers: [a, b, a]\n").message


# --- item 14: names typed on a Mac, names that only look alike -------------------------------

def test_a_decomposed_name_is_the_same_player_as_the_composed_one() -> None:
    nfd = unicodedata.normalize("NFD", "René")
    assert nfd != "René"
    text = (f"game: oh-hell\nplayers: [René, East, South, West]\nfirst_dealer: {nfd}\n"
            f"hands:\n  - bids: {{East: 1, South: 1, West: 0, {nfd}: 2}}\n")
    a = audit_text(text)
    assert a.result.hands[0].bids["René"] == 2
    assert a.header.players[0] == "René"


def test_a_composed_and_a_decomposed_key_are_the_same_key() -> None:
    nfd = unicodedata.normalize("NFD", "René")
    e = read_error(f"game: oh-hell\nplayers: [René, b]\nhands:\n  - bids: {{René: 1, {nfd}: 2}}\n")
    assert "appears twice" in e.message


CYRILLIC = "game: oh-hell\nplayers: [North, N\u043erth, South, West]\n"


def test_players_whose_names_only_look_alike_get_a_warning() -> None:
    p = check_file("<text>", CYRILLIC)
    assert not p.errors and p.audit is not None
    assert [w.line for w in p.warnings] == [2]
    assert "look alike" in p.warnings[0].message and "Cyrillic о" in p.warnings[0].message


def test_a_name_mixing_latin_and_cyrillic_letters_gets_a_warning() -> None:
    p = check_file("<text>", "game: oh-hell\nplayers: [N\u043erth, East, South, West]\n")
    assert len(p.warnings) == 1 and "mixes Cyrillic and Latin" in p.warnings[0].message


@pytest.mark.parametrize("players", ["[North, north, South, West]", "[甲, 乙, 丙, 丁]", "[Иван, Пётр, Anna, Bob]",
                                     "[René, Zoë, Ça, Øyvind]"])
def test_ordinary_names_get_no_warning(players: str) -> None:
    assert check_file("<text>", f"game: oh-hell\nplayers: {players}\n").warnings == []


def test_a_look_alike_that_is_not_a_player_says_which_letter_differs() -> None:
    e = read_error(HEAD + "hands:\n  - bids: {N\u043erth: 1}\n")
    assert "looks like `North`" in e.message and "Cyrillic о" in e.message


def test_a_name_in_other_capitals_is_not_a_player_and_the_message_says_only_capitals_differ() -> None:
    # `north` for North: capitals are part of a name; "written with other letters (different letters)"
    # said nothing a player could use.
    run = cli("check", str(record("oh-hell/name-capitals.yaml")))
    assert run.code == 2
    assert "did you mean `North`? Only its capitals differ" in run.err + run.out and "other letters" not in run.err


def test_a_name_with_other_letters_is_not_said_to_differ_only_in_capitals() -> None:
    # WEISS for Weiß: ß is no ss, so more than the capitals differ (casefold() would have said they match).
    e = read_error("game: oh-hell\nplayers: [Weiß, Ana, Ben, Cy]\nhands:\n  - bids: {WEISS: 1}\n")
    assert "not a player" in e.message and "Only its capitals differ" not in e.message


def test_warnings_surface_in_check_text_and_json_only_when_there_are_some(tmp_path) -> None:  # type: ignore[no-untyped-def]
    odd = tmp_path / "odd.yaml"
    odd.write_text(CYRILLIC, encoding="utf-8")
    plain = tmp_path / "plain.yaml"
    plain.write_text(HEAD, encoding="utf-8")
    r = cli("check", str(odd))
    assert r.code == 0 and f"{odd}:2: warning: the players `North` and `Nоrth` look alike" in r.err
    files = json.loads(cli("check", "--format", "json", str(odd), str(plain)).out)["files"]
    assert files[0]["warnings"][0]["line"] == 2
    assert "warnings" not in files[1]  # the documented shape for ordinary files


# --- item 13: read on past an unreadable hand ---------------------------------------------

def test_every_slip_of_a_file_is_reported_in_one_run_and_hands_before_the_first_are_judged() -> None:
    p = api.load(record("oh-hell/slips/four-hands.yaml"))
    assert [e.line for e in p.errors] == [12, 15, 16, 18]
    assert "hand 3 could not be read: the check stops before it" in p.errors[0].message
    assert all("could not be read" not in e.message for e in p.errors[1:])
    a = api.audit(p, partial=True)
    assert [h.number for h in a.result.hands] == [1, 2]
    assert all(e.path and e.path.endswith("four-hands.yaml") for e in p.errors)


def test_a_record_with_input_errors_is_judged_only_when_asked_for_the_part_before_them() -> None:
    p = api.load(record("oh-hell/slips/four-hands.yaml"))
    with pytest.raises(api.InputError) as e:
        api.audit(p)
    assert e.value is p.errors[0]
    header = api.load(text="game: oh-hell\nplayers: [a]\n")
    assert header.game is not None and header.record is None
    with pytest.raises(api.InputError):
        api.audit(header, partial=True)  # nothing before the header to judge


def test_rook_hands_before_the_gap_are_scored() -> None:
    p = check_file(str(record("rook/slips/hand-3.yaml")))
    assert [e.line for e in p.errors] == [12, 13]
    assert p.audit is not None
    assert api.sheet(p.audit).totals == {"North/South": 110, "East/West": 130}


def test_daifugo_games_before_the_gap_are_judged_and_later_sets_only_read() -> None:
    p = check_file(str(record("daifugo/slips/game-2.yaml")))
    assert [e.line for e in p.errors] == [8, 10]
    assert "game 2 of set 1 could not be read: the check stops before it" in p.errors[0].message
    assert p.audit is not None
    sets = p.audit.record.sets
    assert len(sets) == 1 and [g.number for g in sets[0].games] == [1]


def test_an_unreadable_header_stops_the_file_with_one_error() -> None:
    p = check_file("<text>", "game: oh-hell\nplayers: [a]\nhands:\n  - bids: {x: 1}\n")
    assert p.audit is None and len(p.errors) == 1 and p.errors[0].line == 2


def test_the_strict_entry_points_still_raise_the_first_error() -> None:
    with pytest.raises(api.InputError) as e:
        api.audit(api.load(str(record("oh-hell/slips/four-hands.yaml")), strict=True))
    assert e.value.line == 12


def test_errors_are_capped_per_file() -> None:
    text = HEAD + "hands:\n" + "  - bids: {Nobody: 1}\n" * 400
    p = check_file("<text>", text)
    assert len(p.errors) == 51 and "the rest of the file was not read" in p.errors[-1].message


def test_check_lists_every_slip_and_exits_2() -> None:
    path = str(record("oh-hell/slips/four-hands.yaml"))
    r = cli("check", path)
    assert r.code == 2
    assert [line.split(":")[1] for line in r.err.splitlines()] == ["12", "15", "16", "18"]
    doc = json.loads(cli("check", "--format", "json", path).out)["files"][0]
    assert [e["line"] for e in doc["errors"]] == [12, 15, 16, 18] and doc["ok"] is False


def test_score_shows_the_table_up_to_the_gap_and_exits_2() -> None:
    path = str(record("oh-hell/slips/four-hands.yaml"))
    r = cli("score", path)
    assert r.code == 2
    assert "after 2 of 5 hands" in r.out
    assert "hand 3 could not be read" in r.err and r.err.count(path) == 4
    j = cli("score", "--format", "json", path)
    assert j.code == 2 and len(json.loads(j.out)["rows"]) == 2


def test_replay_of_a_file_with_slips_lists_them_all_and_exits_2() -> None:
    r = cli("replay", str(record("oh-hell/slips/four-hands.yaml")))
    assert r.code == 2 and r.err.count("four-hands.yaml") == 4


def test_full_width_digits_in_a_rook_auction_are_numbers() -> None:
    a = audit_text("game: rook\nplayers: [North, East, South, West]\nfirst_dealer: West\n"
                   "hands:\n  - bidding: [７０, pass, ７５, pass, pass]\n")
    assert [c.amount for c in a.record.hands[0].bidding] == [70, None, 75, None, None]


def test_what_if_on_a_file_with_slips_lists_them_and_exits_2() -> None:
    r = cli("check", "--rule", "hook=false", str(record("oh-hell/slips/four-hands.yaml")))
    assert r.code == 2 and "internal error" not in r.err and r.err.count("four-hands.yaml") == 4


def test_an_input_error_found_while_replaying_is_reported_not_raised() -> None:
    """Rook `scores` on a hand whose play is unfinished can only be found unreadable by the
    replay: still exit 2 with file:line, never an internal error (found by the fuzzer)."""
    from conftest import RECORDS, cli

    path = str(RECORDS / "rook" / "slips" / "scores-on-unfinished-play.yaml")
    r = cli("check", path)
    assert r.code == 2, r.out + r.err
    assert f"{path}:8: hand 1 has `scores` but its play is unfinished" in r.err
