"""`scorekeep rules`: a rule found by its id, its title and the table's words in three languages,
searched in the rule texts, linked to the rules that decide it, and no wrong suggestion."""

from __future__ import annotations

import re

import pytest

from conftest import cli
from scorekeep import lookup
from scorekeep.games import REGISTRY

ALL_RULES = [(g, r) for g in REGISTRY.names() for r in REGISTRY.part(g, "rulebook").RULES]
# Added to the rulebooks by other branches; their aliases come with them.
ADDED_ELSEWHERE = {"oh-hell.unfinished-hand", "rook.unfinished-hand"}


def found(query: str, game: str | None = None) -> list[str]:
    return [m.rule.id for m in lookup.find(query, game).matches]


def test_rule_id_as_check_prints_it_needs_no_game() -> None:
    run = cli("rules", "oh-hell.hook")
    assert run.code == 0 and run.out.startswith("oh-hell.hook — ")
    assert cli("rules", "daifugo.eight-cut").out.startswith("daifugo.eight-cut — ")
    # also after a game, even another game's
    assert cli("rules", "rook", "oh-hell.hook").out.startswith("oh-hell.hook — ")


def test_rule_id_alone_when_one_game_has_it() -> None:
    run = cli("rules", "hook")
    assert run.code == 0 and run.out.startswith("oh-hell.hook — ")
    assert cli("rules", "seat-change").out.startswith("rook.seat-change — ")


def test_rule_id_that_several_games_have_shows_each() -> None:
    run = cli("rules", "turn-order")
    assert run.code == 0
    assert all(f"{g}.turn-order — " in run.out for g in ("oh-hell", "rook", "daifugo"))
    one = cli("rules", "rook", "turn-order")
    assert one.out.startswith("rook.turn-order — ") and "oh-hell.turn-order —" not in one.out


@pytest.mark.parametrize("title, rule", [
    ("The hook: the bids may not add up to the number of tricks", "oh-hell.hook"),
    ("Suit lock (縛り)", "daifugo.suit-lock"),
    ("no hiding the bird", "rook.bird-must-follow-trump"),
    ("Forbidden finishes (反則上がり)", "daifugo.forbidden-finish"),
])
def test_rule_found_by_its_title(title: str, rule: str) -> None:
    assert found(title) == [rule]


# The table's words, English, Japanese and the articles' Traditional Chinese (the seeds' own
# terms: 8切, 鳥牌, 底牌, 換座, 跟花, 叫墩, 莊家, 花色綁定, 黑桃3反制, 犯規出完, 盲牌 …).
TABLE_WORDS = [
    # Daifugō
    ("8-cut", "daifugo.eight-cut"), ("8切り", "daifugo.eight-cut"), ("八切", "daifugo.eight-cut"),
    ("8切", "daifugo.eight-cut"), ("eight cut", "daifugo.eight-cut"),
    ("革命", "daifugo.revolution"), ("革命返し", "daifugo.revolution"), ("counter-revolution", "daifugo.revolution"),
    ("都落ち", "daifugo.miyako-ochi"), ("降級", "daifugo.miyako-ochi"), ("miyako ochi", "daifugo.miyako-ochi"),
    ("反則上がり", "daifugo.forbidden-finish"), ("犯規出完", "daifugo.forbidden-finish"),
    ("禁止出完", "daifugo.forbidden-finish"), ("illegal finish", "daifugo.forbidden-finish"),
    ("縛り", "daifugo.suit-lock"), ("花色綁定", "daifugo.suit-lock"), ("スート縛り", "daifugo.suit-lock"),
    ("suit lock", "daifugo.suit-lock"),
    ("スペ3返し", "daifugo.spade-3-return"), ("黑桃3反制", "daifugo.spade-3-return"),
    ("spade 3 return", "daifugo.spade-3-return"),
    ("脱税", "daifugo.exchange-strongest"), ("脫稅", "daifugo.exchange-strongest"),
    ("tax evasion", "daifugo.exchange-strongest"),
    ("階段", "daifugo.combination"), ("stairs", "daifugo.combination"), ("鬼牌", "daifugo.combination"),
    ("盲牌", "daifugo.deck"), ("blind cards", "daifugo.deck"),
    ("清場", "daifugo.clear"), ("流れ", "daifugo.clear"),
    ("大老二", "daifugo.follow-stronger"), ("四張相同", "daifugo.follow-shape"),
    ("黑桃座位", "daifugo.first-lead"), ("交換牌", "daifugo.exchange-count"), ("名次", "daifugo.ranking"),
    # Rook
    ("the Bird", "rook.bird-anytime"), ("鳥牌", "rook.bird-anytime"), ("免跟色", "rook.bird-anytime"),
    ("鳥牌首引", "rook.bird-led"), ("藏鳥牌", "rook.bird-must-follow-trump"),
    ("nest", "rook.nest-exchange"), ("nest", "rook.nest-to-last-trick"), ("底牌", "rook.nest-to-last-trick"),
    ("換底", "rook.nest-exchange"), ("末墩", "rook.nest-to-last-trick"),
    ("seat change", "rook.seat-change"), ("換座", "rook.seat-change"), ("席替え", "rook.seat-change"),
    ("跟色", "rook.follow-color"), ("牌分", "rook.points-total"), ("counters", "rook.points-total"),
    ("成約", "rook.contract"), ("going set", "rook.contract"), ("起叫", "rook.bid-minimum"),
    ("加叫", "rook.bid-step"), ("得標", "rook.bid-end"), ("300分", "rook.game-end"),
    # Oh Hell
    ("hook", "oh-hell.hook"), ("フック", "oh-hell.hook"), ("莊家限制", "oh-hell.hook"),
    ("跟花", "oh-hell.follow-suit"), ("revoke", "oh-hell.follow-suit"), ("マストフォロー", "oh-hell.follow-suit"),
    ("叫墩", "oh-hell.bid-range"), ("nil", "oh-hell.bid-range"), ("翻牌", "oh-hell.trump"),
    ("發牌模式", "oh-hell.hand-size"), ("bags", "oh-hell.score"), ("莊家", "oh-hell.dealer-rotation"),
    ("收墩", "oh-hell.trick-winner"),
]


@pytest.mark.parametrize("word, rule", TABLE_WORDS)
def test_rule_found_by_the_tables_word(word: str, rule: str) -> None:
    assert rule in found(word)
    assert rule in found(word, rule.split(".")[0])


@pytest.mark.parametrize("word", ["8切り", "八切", "革命", "都落ち", "反則上がり", "縛り", "スペ3返し", "脱税", "hook",
                                  "the Bird", "鳥牌", "nest", "底牌", "seat change"])
def test_the_issues_words_through_the_cli(word: str) -> None:
    run = cli("rules", *word.split())
    assert run.code == 0, run.err
    assert re.match(r"(oh-hell|rook|daifugo)\.[a-z0-9-]+ — |`", run.out)


@pytest.mark.parametrize("variant", ["ＨＯＯＫ", "Hook", " hook ", "the hook", "８切り", "8 切り", "EIGHT-CUT",
                                     "eight_cut", "8cut", "Seat-Change", "seat  change"])
def test_names_are_normalised_before_matching(variant: str) -> None:
    wanted = "oh-hell.hook" if "hook" in variant.lower() or "ＨＯＯＫ" in variant else (
        "rook.seat-change" if "seat" in variant.lower() else "daifugo.eight-cut")
    assert found(variant) == [wanted]


def test_a_phrase_around_a_name_finds_the_rule() -> None:
    assert found("the hook rule") == ["oh-hell.hook"]
    assert found("is a last play of 7-8-9 stairs a forbidden finish?") == ["daifugo.forbidden-finish"]
    run = cli("rules", "when", "does", "a", "revolution", "end")
    assert run.code == 0 and "daifugo.revolution — " in run.out and "by the name `revolution`" in run.out


def test_every_rule_has_names_in_english_japanese_and_chinese() -> None:
    kana = re.compile(r"[\u3040-\u30ff]")
    han = re.compile(r"[\u4e00-\u9fff]")
    for _g, r in ALL_RULES:
        if r.id in ADDED_ELSEWHERE and not r.aliases:
            continue
        assert any(a.isascii() for a in r.aliases), r.id
        assert any(kana.search(a) or (r.id.startswith("daifugo.") and han.search(a)) for a in r.aliases), r.id
        assert any(han.search(a) and not kana.search(a) for a in r.aliases), r.id


def test_every_alias_and_title_finds_its_rule_within_its_game() -> None:
    for g, r in ALL_RULES:
        for name in (r.title, *r.aliases):
            assert r.id in found(name, g), (r.id, name)


def test_search_finds_a_word_in_the_rule_texts() -> None:
    run = cli("rules", "daifugo", "--search", "finish")
    assert run.code == 0
    ids = re.findall(r"^(\S+) — ", run.out, re.M)
    assert {"daifugo.forbidden-finish", "daifugo.eight-cut", "daifugo.ranking"} <= set(ids)
    assert all(i.startswith("daifugo.") for i in ids)
    assert "daifugo.follow-shape" not in ids  # its text never mentions finishing
    every = {h.rule.id for h in lookup.search("trump")}
    assert {"oh-hell.follow-suit", "rook.bird-led"} <= every
    assert cli("rules", "daifugo", "--search", "xyzzy").code == 2


@pytest.mark.parametrize("a, b", [
    ("daifugo.eight-cut", "daifugo.forbidden-finish"), ("daifugo.forbidden-finish", "daifugo.clear"),
    ("daifugo.eight-cut", "daifugo.clear"),
    ("rook.follow-color", "rook.bird-anytime"), ("rook.bird-anytime", "rook.bird-must-follow-trump"),
    ("rook.follow-color", "rook.bird-must-follow-trump"),
    ("oh-hell.hook", "oh-hell.bid-order"), ("oh-hell.bid-order", "oh-hell.bid-range"),
    ("oh-hell.hook", "oh-hell.bid-range"),
    ("rook.nest-exchange", "rook.nest-to-last-trick"),
])
def test_rules_that_decide_each_other_are_linked_both_ways(a: str, b: str) -> None:
    assert b in [r.id for r in lookup.see_also(a)]
    assert a in [r.id for r in lookup.see_also(b)]
    assert f"see also {b} — " in cli("rules", a).out


def test_every_link_names_a_rule_of_the_same_game() -> None:
    ids = {r.id for _g, r in ALL_RULES}
    for _g, r in ALL_RULES:
        for other in r.see:
            assert other in ids and other.split(".")[0] == r.id.split(".")[0] and other != r.id, (r.id, other)


def test_eight_cut_says_going_out_on_it_is_a_forbidden_finish() -> None:
    run = cli("rules", "daifugo", "eight-cut")
    assert "forbidden finish (daifugo.forbidden-finish)" in " ".join(run.out.split())


@pytest.mark.parametrize("query", ["8切り", "反則上がり", "都落ち", "革命"])
def test_no_unrelated_suggestion_for_a_table_word(query: str) -> None:
    run = cli("rules", "daifugo", query)
    assert run.code == 0 and "daifugo.pass —" not in run.out


@pytest.mark.parametrize("query", ["xyzzy", "qwerty", "nonsense", "ピカチュウ", "砂糖"])
def test_nonsense_is_refused_without_a_wrong_suggestion(query: str) -> None:
    run = cli("rules", query)
    assert run.code == 2
    assert not re.search(r"(oh-hell|rook|daifugo)\.[a-z]", run.err), run.err


def test_a_local_rule_of_another_version_is_named_as_such() -> None:
    run = cli("rules", "daifugo", "イレブンバック")
    assert run.code == 2 and "local rule" in run.err and "daifugo." not in run.err
    assert "local rule" in cli("rules", "11-back").err


def test_a_misspelt_id_suggests_the_id() -> None:
    run = cli("rules", "oh-hell", "hookk")
    assert run.code == 2 and "did you mean `hook`" in run.err


def test_suggestions_come_from_shared_words() -> None:
    # no name of a rule is in the query, but its words are the 8-cut's (names and text)
    got = lookup.find("eights empty the table")
    assert got.matches == ()
    assert got.suggestions[0].rule.id == "daifugo.eight-cut"
    run = cli("rules", "eights", "empty", "the", "table")
    assert run.code == 2 and "did you mean `daifugo.eight-cut`" in run.err


def test_a_word_of_another_game_says_where_it_is() -> None:
    run = cli("rules", "oh-hell", "8切り")
    assert run.code == 2 and "daifugo.eight-cut" in run.err


def test_finding_a_rule_loads_the_rule_texts_not_the_judges() -> None:
    """Start-up: `rules hook` needs the rulebooks and one game's options, not the games' judges."""
    import subprocess
    import sys

    code = ("import sys; from scorekeep import lookup; assert lookup.find('8切り').matches; "
            "lookup.part_of('oh-hell', 'options'); "
            "print(sorted(m for m in sys.modules if m.endswith(('.rules', '.record'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    # and the game package, imported afterwards, is whole, and the rule texts are read once
    from scorekeep.games.daifugo import GAME, rulebook
    from scorekeep.games.daifugo.rulebook import RULES

    assert rulebook.RULES is RULES and GAME.OPTIONS["sets"].default == "open"


def test_options_and_rule_texts_name_each_other_consistently() -> None:
    """Options live in options.py, the texts in rulebook.py: each option names rules that exist,
    and each rule's options exist."""
    for game in REGISTRY.names():
        g, rules = REGISTRY.get(game), REGISTRY.part(game, "rulebook").RULES
        ids = {r.id for r in rules}
        for opt in g.OPTIONS.values():
            assert opt.rules and set(opt.rules) <= ids, (game, opt.name)
        for r in rules:
            assert set(r.options) <= set(g.OPTIONS), (r.id, r.options)


@pytest.mark.parametrize("query", ["5-skip", "five skip", "5スキ"])
def test_a_local_rule_by_its_whole_name_is_not_a_rule_by_one_word_of_it(query: str) -> None:
    """`5-skip` was daifugo.pass "by the name `skip`": the local rule's own name comes first."""
    run = cli("rules", "daifugo", query)
    assert run.code == 2 and "local rule" in run.err and "daifugo.pass" not in run.out + run.err


@pytest.mark.parametrize("game, query, rule", [
    ("daifugo", "かいだん", "daifugo.combination"), ("daifugo", "8ギリ", "daifugo.eight-cut"),
    ("oh-hell", "stick the dealer", "oh-hell.hook"), ("oh-hell", "莊家不能", "oh-hell.hook"),
    ("oh-hell", "minus", "oh-hell.score"),
])
def test_table_words_the_dispute_review_asked_for(game: str, query: str, rule: str) -> None:
    """The table's words found nothing, another rule (`stick the dealer`, 莊家不能: the dealer rotation, by
    `dealer`/`莊家`) or another game's (`minus`: rook.contract)."""
    assert found(query, game) == [rule]


@pytest.mark.parametrize("query, said", [
    ("shoot the moon", "a bid of 120 is an ordinary bid (rook.bid-maximum)"),
    ("Bird lowest", "it is the highest trump (rook.trump)"), ("low Bird", "house rule `bird: off`"),
    ("the lowest Bird", "rook.trump"), ("Bird as the lowest trump", "rook.trump"),
])
def test_rook_rules_of_other_versions_are_named_as_such(query: str, said: str) -> None:
    """`shoot the moon` was rook.bid-maximum, with nothing saying this version has no such bonus; `Bird
    lowest` the Bird rules with nothing saying the lowest Bird is another version (the article: 先確認版本)."""
    run = cli("rules", "rook", query)
    assert run.code == 2 and "other versions" in run.err and said in run.err, run.err
