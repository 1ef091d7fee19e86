"""`scorekeep stats`: counts compared with counts made by hand on small records.

The hand counts are written next to each record's hands (tests/records/*/stats-*.yaml and the
samples); each test names the rule whose outcome it counts.
"""

from __future__ import annotations

import csv
import io
import json

from conftest import RECORDS, SAMPLES, cli

from scorekeep import api, stats

OH1 = str(RECORDS / "oh-hell" / "stats-season-1.yaml")
OH2 = str(RECORDS / "oh-hell" / "stats-season-2.yaml")
ROOK = str(RECORDS / "rook" / "both-over.yaml")
ROOK_SAMPLE = str(SAMPLES / "rook-seed-example.yaml")
DAIFUGO = str(SAMPLES / "daifugo-seed-example.yaml")
REVOLUTION = str(RECORDS / "daifugo" / "example1-revolution.yaml")


def season(*paths: str) -> stats.Season:
    return stats.season([api.audit(api.load(p)) for p in paths])


def test_oh_hell_score_bids_made_over_under_by_hand() -> None:
    """oh-hell.score: made = took exactly the bid; over and under the rest."""
    by = {p.name: p for p in season(OH1).of("oh-hell")}
    assert [(n, p.hands, p.made, p.over, p.under) for n, p in by.items()] == [
        ("Ann", 3, 2, 1, 0), ("Bob", 3, 1, 2, 0), ("Cy", 3, 1, 0, 2)]
    assert [(p.zero_bids, p.zero_made) for p in by.values()] == [(1, 0), (2, 1), (1, 1)]


def test_oh_hell_hook_dealer_against_the_others() -> None:
    """oh-hell.hook binds the dealer: made % as dealer is counted apart from the other seats."""
    by = {p.name: p for p in season(OH1).of("oh-hell")}
    assert [(p.dealer_hands, p.dealer_made, p.other_hands, p.other_made) for p in by.values()] == [
        (1, 1, 2, 1), (1, 0, 2, 1), (1, 0, 2, 1)]


def test_oh_hell_hand_size_by_size() -> None:
    """oh-hell.hand-size: made/hands per number of cards dealt."""
    ann = season(OH1).of("oh-hell")[0]
    assert ann.by_size == ((1, 1, 1), (2, 1, 0), (3, 1, 1))


def test_oh_hell_season_matches_players_by_name_and_skips_unfinished_hands() -> None:
    """oh-hell.score over two files: the unfinished hand 2 of the second game does not count."""
    by = {p.name: p for p in season(OH1, OH2).of("oh-hell")}
    assert [(p.games, p.hands, p.made) for p in by.values()] == [(2, 4, 3), (2, 4, 1), (2, 4, 2)]
    assert (by["Ann"].dealer_hands, by["Ann"].dealer_made) == (2, 2)
    assert (by["Bob"].zero_bids, by["Bob"].zero_made) == (3, 1)


def test_oh_hell_full_sample_counts_every_hand() -> None:
    """oh-hell.score on the 19-hand sample: every player has 19 hands; made = bid == took."""
    doc = api.sheet(api.audit(api.load(str(SAMPLES / "oh-hell-full-game.yaml"))))
    made = {p: sum(1 for r in doc.rows if r["bids"][p] == r["tricks"][p]) for p in doc.totals}
    got = {p.name: (p.hands, p.made) for p in season(str(SAMPLES / "oh-hell-full-game.yaml")).of("oh-hell")}
    assert got == {p: (19, m) for p, m in made.items()}
    assert got["Ben"] == (19, 12)


def test_rook_contract_made_and_set_as_bid_winner() -> None:
    """rook.contract: South bid 70 and captured 40 (set), then bid 100 and captured 100."""
    by = {p.name: p for p in season(ROOK).of("rook")}
    assert [(n, p.contracts, p.made, p.sets, p.bid_total, p.captured_total) for n, p in by.items()] == [
        ("North", 2, 2, 0, 220, 220), ("East", 1, 1, 0, 120, 120),
        ("South", 2, 1, 1, 170, 140), ("West", 1, 1, 0, 70, 70)]
    assert by["South"].to_json()["average_bid"] == 85.0 and by["South"].to_json()["average_captured"] == 70.0


def test_rook_season_adds_the_sample_contract() -> None:
    """rook.contract: the sample's North 95 (captured 120) joins both-over.yaml's North."""
    north = season(ROOK, ROOK_SAMPLE).of("rook")[0]
    assert (north.games, north.hands, north.contracts, north.made) == (2, 7, 3, 3)
    assert north.to_json()["average_bid"] == 105.0


def test_daifugo_ranking_miyako_ochi_and_forbidden_finish() -> None:
    """daifugo.ranking, daifugo.miyako-ochi, daifugo.forbidden-finish on the sample's four games."""
    by = {p.name: p for p in season(DAIFUGO).of("daifugo")}
    assert {n: p.ranks for n, p in by.items()} == {
        "甲": (2, 1, 0, 1), "乙": (0, 3, 0, 1), "丙": (2, 0, 2, 0), "丁": (0, 0, 2, 2)}
    assert {n: (p.as_daifugo, p.kept) for n, p in by.items()} == {
        "甲": (1, 0), "乙": (0, 0), "丙": (2, 1), "丁": (0, 0)}
    assert {n: (p.fallen, p.fouls) for n, p in by.items()} == {
        "甲": (1, 0), "乙": (0, 1), "丙": (1, 0), "丁": (0, 1)}


def test_daifugo_revolution_counts_counter_revolutions() -> None:
    """daifugo.revolution: 甲's four 9s and 乙's four 7s (革命返し) are one each, in a complete game (the
    article's plays, then `out`); the same plays alone are a game in progress, which stats does not count."""
    by = {p.name: p.revolutions for p in season(str(RECORDS / "daifugo" / "stats-revolution-complete.yaml")).of("daifugo")}
    assert by == {"甲": 1, "乙": 1, "丙": 0, "丁": 0}
    assert {p.name: p.revolutions for p in season(REVOLUTION).of("daifugo")} == {"甲": 0, "乙": 0, "丙": 0, "丁": 0}


def test_stats_json_one_entry_per_player() -> None:
    run = cli("stats", OH1, OH2, "--format", "json")
    assert run.code == 0
    doc = json.loads(run.out)
    assert [(p["name"], p["hands"], p["made"]) for p in doc["players"]] == [
        ("Ann", 4, 3), ("Bob", 4, 1), ("Cy", 4, 2)]
    assert doc["players"][0]["made_pct"] == 75.0


def test_stats_text_markdown_csv_html() -> None:
    text = cli("stats", OH1).out
    assert "Oh Hell: bids" in text and "Ann" in text and "66.7%" in text
    md = cli("stats", ROOK, "--format", "markdown").out
    assert md.startswith("# Statistics") and "## Rook: contracts as bid winner" in md and "---:" in md
    rows = list(csv.DictReader(io.StringIO(cli("stats", DAIFUGO, "--format", "csv").out)))
    assert [(r["name"], r["ranks 大富豪"], r["miyako_ochi"]) for r in rows] == [
        ("甲", "2", "1"), ("乙", "0", "0"), ("丙", "2", "1"), ("丁", "0", "0")]
    page = cli("stats", OH1, ROOK, DAIFUGO, "--format", "html").out
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg class=\"chart bars\"") == 6


def test_stats_page_of_a_season_shows_the_statistics_before_the_files_read(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A season of many records: the page's first lines are the statistics, and the files read (every
    one, escaped) are folded away at its end; they once filled a phone's screen before the first table."""
    season = [tmp_path / f"<b>night-{k:02}.yaml" for k in range(40)]
    for f in season:
        f.write_text((RECORDS / "daifugo" / "example1-revolution.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    page = cli("stats", *map(str, season), "--format", "html").out
    intro = page.index('<p class="meta">')
    assert page[intro:page.index("</p>", intro)].endswith("40 records; players matched by name.")
    assert page.index("<table") < page.index('<details class="files"><summary>the files read (40)</summary>')
    assert page.count("<li>") == 40 and "&lt;b&gt;night-39.yaml" in page and "<b>night" not in page


def test_stats_unreadable_file_is_reported_and_the_rest_counted(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: oh-hell\nplayers: [a, b\n", encoding="utf-8")
    run = cli("stats", OH1, str(bad), "--format", "json")
    assert run.code == 2 and f"{bad}:" in run.err
    assert len(json.loads(run.out)["players"]) == 3


def test_names_typed_on_different_keyboards_are_one_player(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """oh-hell.score over two files: `René` typed decomposed (Mac) and composed is one player."""
    for i, name in enumerate(["Rene\u0301", "Ren\u00e9"]):
        (tmp_path / f"g{i}.yaml").write_text(
            f"game: oh-hell\nplayers: [{name}, Bob, Cy]\nfirst_dealer: {name}\nrules: {{deal_pattern: '1..1'}}\n"
            f"hands:\n  - bids: {{Bob: 0, Cy: 0, {name}: 0}}\n    tricks: {{{name}: 1, Bob: 0, Cy: 0}}\n",
            encoding="utf-8")
    lines = season(str(tmp_path / "g0.yaml"), str(tmp_path / "g1.yaml")).of("oh-hell")
    assert [(p.name, p.games, p.hands, p.made, p.over) for p in lines] == [
        ("Ren\u00e9", 2, 2, 0, 2), ("Bob", 2, 2, 2, 0), ("Cy", 2, 2, 2, 0)]


def test_by_hand_size_has_a_line_for_all_players() -> None:
    """oh-hell.hand-size: hands of 1, 2 and 3 cards, all players together."""
    (line,) = [ln for ln in cli("stats", OH1).out.splitlines() if ln.startswith("all players")]
    assert line.split()[2:] == ["2/3", "0/3", "2/3"]


def test_oh_hell_a_hand_after_the_game_ended_is_not_counted() -> None:
    """oh-hell.game-end: the 2..1 pattern has two hands; hand 3 is recorded after the game ended and
    does not count (check's one finding; the sheet leaves it out of the totals). By hand, over hands 1
    and 2: North and East made both (0/0 twice; 1/1 then 0/0), South and West one each (South 0/1,
    West 0/1 in hand 2); zero bids: North, South, West 2, East 1. `stats` once counted hand 3 too (three
    hands each), as Rook's did its hands after the game was won."""
    path = str(RECORDS / "oh-hell" / "game-end.yaml")
    assert [(v.rule, v.hand) for v in api.audit(api.load(path)).violations] == [("oh-hell.game-end", 3)]
    by = {p.name: p for p in season(path).of("oh-hell")}
    assert [(n, p.hands, p.made, p.zero_bids) for n, p in by.items()] == [
        ("North", 2, 2, 2), ("East", 2, 2, 1), ("South", 2, 1, 2), ("West", 2, 1, 2)]


def test_rook_a_hand_after_the_game_was_won_is_not_counted() -> None:
    """rook.game-end: North/South reach 300 in hand 4 and win; hand 5 (East 70, captured 110) is
    recorded after the game was over and does not count (check's one finding). By hand: East's one
    contract is hand 3 (bid 90, captured 80: set); four hands sat. `stats` once counted hand 5 too
    (East 2 contracts, 1 made; 5 hands), going by the score the hand would have had."""
    path = str(RECORDS / "rook" / "game-end.yaml")
    assert [(v.rule, v.hand) for v in api.audit(api.load(path)).violations] == [("rook.game-end", 5)]
    by = {p.name: p for p in season(path).of("rook")}
    assert [(n, p.hands, p.contracts, p.made, p.sets) for n, p in by.items()] == [
        ("North", 4, 2, 2, 0), ("East", 4, 1, 0, 1), ("South", 4, 1, 1, 0), ("West", 4, 0, 0, 0)]


def _finishes(path: str) -> list[tuple[str, int, tuple[int, ...], str, int, int]]:
    """Each Daifugō player's games, finishes by rank, kept/as 大富豪, 都落ち and revolutions."""
    return [(p.name, p.games, p.ranks, f"{p.kept}/{p.as_daifugo}", p.fallen, p.revolutions)
            for p in season(path).of("daifugo")]


def test_daifugo_a_game_past_the_sets_games_is_not_counted() -> None:
    """daifugo.game-over: a set has 4 games; game 5 is one too many and does not count (check's one
    finding; the sheet marks it `not counted`). By hand over games 1-4: 甲 大富豪 four times, kept
    3/3; 乙, 丙, 丁 富豪, 貧民, 大貧民 four times each. `stats` once counted game 5 too (5 games
    each, 甲 kept 4/4), as Rook's and Oh Hell's did their hands after the game was over."""
    path = str(RECORDS / "daifugo" / "game-over-fifth-game.yaml")
    assert [(v.rule, v.set, v.game) for v in api.audit(api.load(path)).violations] == [("daifugo.game-over", 1, 5)]
    assert _finishes(path) == [("甲", 4, (4, 0, 0, 0), "3/3", 0, 0), ("乙", 4, (0, 4, 0, 0), "0/0", 0, 0),
                               ("丙", 4, (0, 0, 4, 0), "0/0", 0, 0), ("丁", 4, (0, 0, 0, 4), "0/0", 0, 0)]


def test_daifugo_a_set_past_the_matchs_sets_is_not_counted() -> None:
    """daifugo.game-over: `sets: 1`, so set 2 does not count. By hand over set 1's four games: 甲
    大富豪, 大富豪, 大貧民 (都落ち, game 3), 大貧民, kept 1/2; 乙 富豪 four times; 丙 貧民 twice then
    大富豪 twice, kept 1/1 (game 4); 丁 大貧民 twice then 貧民 twice. `stats` once counted set 2's
    game too (5 games each)."""
    path = str(RECORDS / "daifugo" / "match-one-set.yaml")
    assert [(v.rule, v.set, v.game) for v in api.audit(api.load(path)).violations] == [("daifugo.game-over", 2, None)]
    assert _finishes(path) == [("甲", 4, (2, 0, 0, 2), "1/2", 1, 0), ("乙", 4, (0, 4, 0, 0), "0/0", 0, 0),
                               ("丙", 4, (2, 0, 2, 0), "1/1", 0, 0), ("丁", 4, (0, 0, 2, 2), "0/0", 0, 0)]


def test_daifugo_a_revolution_in_a_game_that_does_not_count_is_not_counted() -> None:
    """daifugo.revolution, daifugo.game-over: 丁's four 9s open game 5 of a 4-game set, a game that does
    not count (left unfinished); by hand: no revolution counts, and the finishes are games 1-4's.
    `stats` once gave 丁 one revolution."""
    path = str(RECORDS / "daifugo" / "stats-game-over-revolution.yaml")
    a = api.audit(api.load(path))
    assert [(e.rule, e.game, e.player) for e in a.events] == [("daifugo.revolution", 5, "丁")]
    assert _finishes(path) == [("甲", 4, (4, 0, 0, 0), "3/3", 0, 0), ("乙", 4, (0, 4, 0, 0), "0/0", 0, 0),
                               ("丙", 4, (0, 0, 4, 0), "0/0", 0, 0), ("丁", 4, (0, 0, 0, 4), "0/0", 0, 0)]


def _daifugo_records() -> list[str]:
    return [str(p) for p in sorted([*RECORDS.rglob("*.yaml"), *SAMPLES.glob("*.yaml")])
            if p.read_text(encoding="utf-8").find("game: daifugo") >= 0 and "slips" not in p.parts]


def test_daifugo_stats_count_exactly_the_games_check_counts_in_every_record() -> None:
    """daifugo.game-over, daifugo.revolution: over every Daifugō record and sample alone, each player's
    games are the finished games the sheet counts (not those check says do not count), and the
    revolutions are check's revolution events in the complete games that count (a game past the set's
    games or the match's sets does not, nor one still in progress)."""
    from scorekeep.games.daifugo.score import sheet

    for path in _daifugo_records():
        a = api.audit(api.load(path))
        games = sum(1 for r in sheet(a).rows if r["complete"] and r["counted"])
        past = {(f.set, f.game) for f in a.violations if f.rule == "daifugo.game-over" and "does not count" in f.message}
        done = {(g.set, g.number) for s in a.result.sets for g in s.games if g.complete}
        made = [e.player for e in a.events if e.rule == "daifugo.revolution" and (e.set, e.game) not in past
                and (e.set, None) not in past and (e.set, e.game) in done]
        for p in season(path).of("daifugo"):
            assert (p.games, sum(p.ranks), p.revolutions) == (games, games, made.count(p.name)), (path, p.name)
