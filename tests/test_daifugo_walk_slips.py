"""Daifugō slips a user walk found (session 36), each test naming the rule it checks, on the records
under tests/records/daifugo/ (their comments give the counts made by hand)."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from conftest import RECORDS, audit, cli

from scorekeep import api, stats
from scorekeep.games.daifugo.standing import Standing

IMPOSSIBLE = "daifugo/ranking-ranks-impossible.yaml"
A_FOUL = "daifugo/ranking-ranks-complete-a-foul.yaml"


def _games(relpath: str) -> list[tuple[tuple[str, ...] | None, tuple[str, ...], str | None, str | None]]:
    """Each game's ranking, fouls, fallen 大富豪 and last game's 大富豪, as the replay settles them."""
    a = audit(relpath)
    return [(g.ranking, g.fouls, g.fallen, g.prev_daifugo) for s in a.result.sets for g in s.games]


# --- daifugo.ranking: ranks written that cannot be --------------------------------------------------

def test_ranking_impossible_written_ranks_keep_what_the_finishes_fix() -> None:
    """daifugo.ranking, daifugo.forbidden-finish: game 3 writes 乙 first, but 乙's foul ranks from the
    bottom. The finishes written stand (丙 the first legal finisher, 乙 大貧民), the written ranks only
    order the rest (甲 above 丁); game 4 carries on from that (丙 was last game's 大富豪 and falls)."""
    assert _games(IMPOSSIBLE) == [
        (("甲", "乙", "丙", "丁"), (), None, None),
        (("丙", "乙", "丁", "甲"), (), "甲", "甲"),
        (("丙", "甲", "丁", "乙"), ("乙",), None, "丙"),
        (("甲", "乙", "丙", "丁"), ("丁",), "丙", "丙"),
    ]
    a = audit(IMPOSSIBLE)
    assert [(v.rule, v.game, v.line) for v in a.violations] == [("daifugo.ranking", 3, 22), ("daifugo.ranking", 4, 25)]
    assert [(e.rule, e.game, e.player) for e in a.events] == [
        ("daifugo.miyako-ochi", 2, "甲"), ("daifugo.forbidden-finish", 3, "乙"),
        ("daifugo.miyako-ochi", 4, "丙"), ("daifugo.forbidden-finish", 4, "丁")]


def test_ranking_impossible_written_ranks_are_not_scored() -> None:
    """daifugo.ranking: score counts the ranking the replay settles (by hand: 甲 8, 乙 6, 丙 8, 丁 2),
    never 乙's written 大富豪; its text names game 3's 反則上がり as the JSON's events do."""
    doc = json.loads(cli("score", str(RECORDS / IMPOSSIBLE), "--format", "json").out)
    assert doc["totals"] == {"甲": 8, "乙": 6, "丙": 8, "丁": 2}
    assert doc["rows"][2]["fouls"] == ["乙"] and doc["rows"][2]["ranks"]["乙"] == "大貧民"
    text = cli("score", str(RECORDS / IMPOSSIBLE)).out
    assert "set 1 game 3: 反則上がり 乙" in " ".join(text.split())


def test_ranking_impossible_written_ranks_stats_count_one_finish_each() -> None:
    """daifugo.ranking, daifugo.forbidden-finish: stats counts 乙's game 3 as 大貧民 and a foul, not 大富豪."""
    by = {p.name: p for p in stats.season([audit(IMPOSSIBLE)]).of("daifugo")}
    assert {n: (p.ranks, p.fouls, p.fallen) for n, p in by.items()} == {
        "甲": ((2, 1, 0, 1), 0, 1), "乙": ((0, 3, 0, 1), 1, 0),
        "丙": ((2, 0, 2, 0), 0, 1), "丁": ((0, 0, 2, 2), 1, 0)}


def test_ranking_written_ranks_that_agree_keep_the_foul_on_the_sheet() -> None:
    """daifugo.ranking, daifugo.forbidden-finish: ranks that finish what `out` leaves open are scored as
    written, and the sheet names 乙's foul (the event check reports) in its text and its rows."""
    a = audit(A_FOUL)
    assert a.violations == [] and [(e.rule, e.player) for e in a.events] == [("daifugo.forbidden-finish", "乙")]
    doc = json.loads(cli("score", str(RECORDS / A_FOUL), "--format", "json").out)
    assert doc["rows"][0]["ranking"] == ["甲", "丙", "丁", "乙"] and doc["rows"][0]["fouls"] == ["乙"]
    assert "反則上がり 乙" in cli("score", str(RECORDS / A_FOUL)).out


def _endings(st: Standing, fouls_ok: bool) -> set[tuple[str, ...]]:
    """Every ranking a standing can still end in, by brute force: each player still in goes out next,
    legally or (`fouls_ok`) by a forbidden finish."""
    if st.settled:
        return {st.ranking()}
    out: set[tuple[str, ...]] = set()
    for p in list(st.active):
        for legal in (True, False) if fouls_ok else (True,):
            on = st.copy()
            on.leave(p, legal)
            out |= _endings(on, fouls_ok)
    return out


@pytest.mark.parametrize("seed", range(40))
def test_ranking_written_ranks_agree_exactly_when_some_ending_gives_them(seed: int) -> None:
    """daifugo.ranking, daifugo.miyako-ochi: over random standings part-way through a game (a previous
    大富豪 who may fall, fouls on or off), `Standing.ends_as` accepts exactly the rankings some way of
    finishing reaches (and `why_not` names what rules the others out); and `ended_in` any written ranking
    reaches one of them, keeping what happened."""
    rng = random.Random(seed)
    seats = ("甲", "乙", "丙", "丁", "戊")[:rng.choice((3, 4, 5))]
    st = Standing(seats, rng.choice((None, *seats)), rng.random() < 0.8)
    fouls_ok = rng.random() < 0.7
    for _ in range(rng.randrange(len(seats) - 1)):
        st.leave(rng.choice(st.active), not fouls_ok or rng.random() < 0.6)
        if st.settled:
            break
    reachable = _endings(st, fouls_ok)
    for written in itertools.permutations(seats):
        assert st.ends_as(written, fouls_ok) == (written in reachable), (st.exits, written)
        if written not in reachable:  # and it says why, naming a fixed place or the fall
            assert st.why_not(written) != "no way of finishing from here ends so", (st.exits, written)
        end = st.ended_in(written)
        assert end.ranking() in _endings(st, False) and end.exits == st.exits


# --- stats: revolutions of complete games only (daifugo.revolution) --------------------------------

def test_stats_count_no_revolution_of_an_unfinished_game() -> None:
    """daifugo.revolution: 乙's 革命 and 丙's 革命返し are in a game still in progress; stats counts only
    complete games (README), so by hand nobody has a game or a revolution. It once gave 乙 and 丙 one each."""
    a = audit("daifugo/stats-unfinished-revolution.yaml")
    assert [(e.rule, e.player) for e in a.events if e.rule == "daifugo.revolution"] == [
        ("daifugo.revolution", "乙"), ("daifugo.revolution", "丙")]
    by = stats.season([a]).of("daifugo")
    assert [(p.name, p.games, p.revolutions) for p in by] == [("甲", 0, 0), ("乙", 0, 0), ("丙", 0, 0), ("丁", 0, 0)]


# --- the words for what covers the table name the lock (daifugo.suit-lock) --------------------------

def test_follow_shape_words_under_a_lock_name_the_locked_suits_as_why_does() -> None:
    """daifugo.follow-shape, daifugo.suit-lock: under the ♣ lock, check's words for what would have
    covered the single 6 say the lock, in the same words as why's legal choices (one place: combos.cover_words)."""
    path = str(RECORDS / "daifugo" / "lock-cover-words.yaml")
    (v,) = api.audit(api.load(path)).violations
    assert (v.rule, v.play) == ("daifugo.follow-shape", 7)
    cover = "a single 7, 8, 9, 10, J, Q, K, A, 2 or the joker, in the locked suits ♣"
    assert f"here a single card: {cover} — or a pass." in v.message
    doc = json.loads(cli("why", path, "--game", "1", "--play", "7", "--format", "json").out)
    assert doc["violation"]["allowed"] == ["pass", cover] and doc["violation"]["message"] == v.message


def test_follow_stronger_words_under_a_lock_name_the_locked_suits() -> None:
    """daifugo.follow-stronger, daifugo.suit-lock: a weaker single under a ♥ lock is told what covers it,
    the lock included."""
    text = """game: daifugo
players: [甲, 乙, 丙, 丁]
sets:
  - games:
      - plays:
          - 甲: 5H
          - 乙: 7H
          - 丙: 6H
"""
    (v,) = api.audit(api.load(text=text)).violations
    assert v.rule == "daifugo.follow-stronger"
    assert v.message.endswith("to cover it: a single 8, 9, 10, J, Q, K, A, 2 or the joker, in the locked suits ♥, or pass")


def test_the_spade_3_return_words_do_not_bind_it_to_the_lock() -> None:
    """daifugo.spade-3-return: the spade 3 returns a lone joker even under a lock, so what covers the
    joker is not said to be in the locked suits."""
    from scorekeep.games.daifugo.cards import JOKER
    from scorekeep.games.daifugo.combos import cover_words, readings

    (joker,) = readings((JOKER,))
    assert cover_words(joker, False, ("H",)) == "only the spade 3 returns it"


# --- a forbidden finish that clears the table (daifugo.forbidden-finish, daifugo.eight-cut) ---------

def test_an_eight_cut_finish_says_the_table_clears_not_that_the_cards_stay() -> None:
    """daifugo.forbidden-finish, daifugo.eight-cut: 甲 goes out on 8♠. The cut still clears the table (the
    digest: a clear the play causes still happens), so the foul's words do not say the cards stay on
    it; the ruling is unchanged (乙 leads, 丙's lead is daifugo.eight-cut)."""
    a = audit("daifugo/finish-eight-clears.yaml")
    assert [(v.rule, v.play, v.player) for v in a.violations] == [("daifugo.eight-cut", 50, "丙")]
    cut, foul = a.events
    assert (cut.rule, foul.rule) == ("daifugo.eight-cut", "daifugo.forbidden-finish")
    assert "the table clears at once" in cut.message
    assert "stay on the table" not in foul.message
    assert foul.message.endswith("甲 leaves the game ranked from the bottom (大貧民); the play stands, and its "
                                 "8-cut (8切り) still clears the table")


def test_a_foul_finish_that_clears_nothing_leaves_its_cards_on_the_table() -> None:
    """daifugo.forbidden-finish: going out on a 2 clears nothing, so the cards stay on the table."""
    (foul,) = [e for e in audit("daifugo/finish-two.yaml").events if e.rule == "daifugo.forbidden-finish"]
    assert foul.message.endswith("the cards stay on the table")


# --- why --finish (daifugo.ranking) ----------------------------------------------------------------

def _finish_steps(path: str, game: int) -> list[str]:
    doc = json.loads(cli("why", path, "--game", str(game), "--finish", "--format", "json").out)
    return [s["question"] for s in doc["steps"]]


def test_why_finish_does_not_ask_about_ranks_no_one_wrote() -> None:
    """daifugo.ranking: the seed example's game 4 writes `out` and `fouls` but no ranks, so why's decision
    does not answer 'do the ranks written agree …? yes'; a game that writes ranks is asked it."""
    sample = str(RECORDS.parent.parent / "samples" / "daifugo-seed-example.yaml")
    asked = "do the ranks written agree with how the players finished?"
    assert asked not in _finish_steps(sample, 4)
    assert "the plays and the rules?" in _finish_steps(sample, 4)[-1]
    assert asked in _finish_steps(str(RECORDS / IMPOSSIBLE), 3)


def test_ranking_impossible_written_ranks_say_why_they_cannot_be() -> None:
    """daifugo.ranking, daifugo.forbidden-finish: the ruling on game 3's ranks says why they cannot be —
    乙's foul ranks from the bottom, 丙 was the first to go out legally — and what is scored instead."""
    v = audit(IMPOSSIBLE).violations[0]
    assert v.message == (
        "the record ranks 乙 丙 甲 丁, but the players who went out so far (乙 (forbidden finish), 丙) cannot "
        "end in that ranking: 丙 was the 1st to go out legally, so 丙 is 大富豪; 乙 went out by a forbidden "
        "finish (反則上がり), the 1st foul, so 乙 ranks from the bottom: 大貧民. The game is scored 丙 甲 丁 乙, "
        "the players still in taken in the order written")
    doc = json.loads(cli("why", str(RECORDS / IMPOSSIBLE), "--game", "3", "--finish", "--format", "json").out)
    assert doc["reason"] == v.message


def test_ranking_written_ranks_against_a_fall_say_so() -> None:
    """daifugo.ranking, daifugo.miyako-ochi: 甲, last game's 大富豪, fell when 丙 went out first; with fouls
    off nobody can rank below 甲, so ranks putting 甲 above 丁 cannot be, and say why."""
    text = """game: daifugo
players: [甲, 乙, 丙, 丁]
rules: {forbidden_finish: false}
sets:
  - games:
      - out: [甲, 乙, 丙]
      - out: [丙]
        ranks: [丙, 甲, 乙, 丁]
"""
    (v,) = api.audit(api.load(text=text)).violations
    assert v.rule == "daifugo.ranking" and v.game == 2
    assert ("cannot end in that ranking: 甲, last game's 大富豪, fell when 丙 went out first (都落ち): only a "
            "foul ranks below 甲. The game is scored 丙 乙 丁 甲") in v.message


# --- grammar: the lock's words agree with their subject (daifugo.suit-lock) -------------------------

def test_a_lock_by_plural_plays_says_follow() -> None:
    """daifugo.suit-lock: 'four 5s follow four 7s' (plural subject); a single or a pair 'follows'."""
    (four,) = [e for e in audit("daifugo/stats-unfinished-revolution.yaml").events if e.rule == "daifugo.suit-lock"]
    assert four.message.startswith("four 5s follow four 7s with the same suits ♠♥♦♣")
    (single,) = [e for e in audit("daifugo/lock.yaml").events if e.rule == "daifugo.suit-lock"]
    assert " follows " in single.message and single.message.startswith("a single")
    (stairs,) = [e for e in audit("daifugo/lock-stairs.yaml").events if e.rule == "daifugo.suit-lock"]
    assert stairs.message.startswith("stairs") and " (階段) follow stairs" in stairs.message
