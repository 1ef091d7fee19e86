"""The articles' FAQ questions, answered by the rule texts (`scorekeep rules` finds the rule by the
question's words) and, where a record can show it, by the checker on a record.

Each case: the question (the article's, in English), the rule that answers it, the answer the text
must give, and the article's own words it is grounded in."""

from __future__ import annotations

import pytest

from conftest import SAMPLES, api, audit, cli, rules_of
from scorekeep import lookup, whatif
from scorekeep.games import REGISTRY


def text_of(rule_id: str) -> str:
    book = REGISTRY.part(rule_id.split(".")[0], "rulebook")
    return " ".join(next(r for r in book.RULES if r.id == rule_id).text.split())


FAQ = [
    # Oh Hell (001): 莊家也可以叫0嗎? 可以,但仍須遵守hook …前三人已合叫1,莊家就不能叫0 … 只能叫1。
    ("may the dealer bid 0", "oh-hell.hook",
     ["May the dealer bid 0? Yes, unless 0 is the forbidden number", "the dealer may not bid 0 and must bid 1"]),
    # 叫0墩會比叫1墩得分高嗎? 叫0且拿0得10分;叫1且拿1得11分。叫0不是跳過這輪,仍須出牌與跟花。
    ("does a bid of 0 score more than a bid of 1", "oh-hell.score",
     ["A bid of 0 made scores 10, a bid of 1 made 11", "must follow suit"]),
    # 叫2拿3,為什麼有人說還有3分? Trickster Basics … 失準仍有實得墩分。本篇 … 叫2拿3得0分。
    ("bid 2 took 3 why do some say 3", "oh-hell.score",
     ["Bid 2, took 3 scores 0 here", "1 point per trick taken", "`failed_score: tricks`"]),
    # 可以從1張一路發到10張就結束嗎? 可以另選1..10模式,但那會改變整場輪數。
    ("can we deal 1 to 10 and stop", "oh-hell.hand-size", ["`deal_pattern: 1..10`, 10 hands"]),
    # Rook (000): 鳥牌可以在有領出色時打嗎? 本文版本可以 … 普通數字王牌沒有這項權利。
    ("鳥牌可以在有領出色時打嗎", "rook.bird-anytime",
     ["May the Bird be played while holding the led color? Yes", "an ordinary trump may not replace"]),
    # 底牌一定是得標者那隊的嗎? 不是。… 最終底牌由最後一墩的贏家取得。
    ("is the nest always the bidders", "rook.nest-to-last-trick",
     ["Is the nest always the bidders'? No", "whoever wins the last trick takes it"]),
    # Rook的1是不是最大牌? 1到4都移出遊戲,根本不參與比牌。
    ("is the 1 high", "rook.deck", ["Is the 1 the highest card? Not in this version", "the 14 is the highest"]),
    # 拿了很多墩,為什麼仍可能叫分失敗? 因為墩數不另計分 … 應將兩位搭檔收來的5、10、14、鳥牌與末墩底牌分一起加總。
    ("does taking many tricks make a Rook contract", "rook.contract",
     ["Taking many tricks does not make a contract", "the nest's if they won the last trick"]),
    # Daifugō (004): 出四張相同就能壓任何牌嗎? 不能 … 同張數、同構成 … 空場時則可以直接首出。
    ("can four of a kind beat anything", "daifugo.follow-shape",
     ["Can four of a kind beat anything? No", "On an empty table it may be led"]),
    # 最後出含8的階段,一定算犯規嗎? 不會只因含8而犯規,因為階段不觸發8切。
    ("is a last play of 7-8-9 stairs a forbidden finish", "daifugo.forbidden-finish",
     ["Is a last play of stairs 7-8-9 a forbidden finish? Not for its 8", "a last pair of 8s is a forbidden finish"]),
    # 大富豪就是日本版大老二嗎? … 也不比花色大小。
    ("is daifugo big two", "daifugo.follow-stronger", ["unlike Big Two (大老二), suits have no rank"]),
    # 三個人玩,也用四張牌革命嗎? 不能直接照抄 … 三人準官方規則,革命改為同點數3張。
    ("三個人玩,也用四張牌革命嗎", "daifugo.revolution", ["make 3 cards of one rank a revolution"]),
]


@pytest.mark.parametrize("question, rule, answers", FAQ, ids=[q for q, _r, _a in FAQ])
def test_the_rule_text_answers_the_articles_question(question: str, rule: str, answers: list[str]) -> None:
    assert rule in [m.rule.id for m in lookup.find(question).matches], question
    text = text_of(rule)
    for answer in answers:
        assert answer in text, (rule, answer)
    run = cli("rules", rule)
    assert run.code == 0 and answers[0].split()[0] in run.out


def test_dealer_may_bid_0_unless_the_hook_forbids_it() -> None:
    """oh-hell.hook: the others bid 0 in all, so the dealer's 0 is legal; after 1 in all it is not,
    and the only legal bid is 1."""
    assert audit("oh-hell/faq/dealer-bids-zero.yaml").ok
    v = audit("oh-hell/hook-dealer-zero-forbidden.yaml").violations
    assert rules_of(v) == ["oh-hell.hook"] and v[0].player == "North"


def test_bid_0_made_scores_10_and_bid_1_made_11() -> None:
    """oh-hell.score: East bid 1 and took 1 (11), South bid 0 and took 0 (10)."""
    sheet = api.sheet(audit("oh-hell/faq/bid-zero-or-one.yaml"))
    assert sheet.totals == {"North": 0, "East": 11, "South": 10, "West": 10}


def test_bid_2_took_3_is_0_here_and_3_under_trickster_basics() -> None:
    """oh-hell.score: East bid 2 and took 3 in the article's hand 1."""
    w = whatif.compare(str(SAMPLES / "oh-hell-seed-example.yaml"), {"failed_score": "tricks"})
    assert w.base_sheet.totals["East"] == 13 and w.sheet.totals["East"] == 3 + 13 + 1


def test_the_bird_may_be_played_while_holding_the_led_color() -> None:
    """rook.bird-anytime: North holds R14 and plays the Bird to a red lead: no violation."""
    assert audit("rook/bird-anytime.yaml").ok


def test_the_nest_goes_to_the_last_trick_not_to_the_bidders() -> None:
    """rook.nest-to-last-trick: West/East bid, North wins trick 9 and the nest's 20 points."""
    assert audit("rook/nest-to-last-trick.yaml").ok
    assert rules_of(audit("rook/nest-to-bidder.yaml").violations) == ["rook.nest-to-last-trick"]


def test_there_is_no_1_in_the_rook_deck() -> None:
    """rook.deck: the 1-4 are out of the game (a dealt R4 is not a card of it)."""
    assert rules_of(audit("rook/deck-unknown.yaml").violations) == ["rook.deck"]


def test_many_tricks_do_not_make_a_contract() -> None:
    """rook.contract: West/East win 5 of the 9 tricks, capture 90 of their bid 95, and are set."""
    a = audit("rook/faq/many-tricks-set.yaml")
    assert a.ok
    tricks_won = sum(1 for t in a.result.hands[0].tricks if t.winner in ("West", "East"))
    assert tricks_won == 5
    assert api.sheet(a).totals == {"North/South": 30, "West/East": -95}


def test_four_of_a_kind_does_not_cover_a_single() -> None:
    """daifugo.follow-shape: four 9s on a single 5."""
    assert rules_of(audit("daifugo/faq/four-of-a-kind-on-single.yaml").violations) == ["daifugo.follow-shape"]


def test_stairs_7_8_9_are_a_legal_last_play_but_a_pair_of_8s_is_not() -> None:
    """daifugo.forbidden-finish: stairs do not cut; a pair of 8s cuts, so going out on it is a foul."""
    stairs = audit("daifugo/faq/finish-stairs-with-eight.yaml")
    assert stairs.ok and "daifugo.forbidden-finish" not in rules_of(stairs.events)
    assert "daifugo.eight-cut" not in rules_of(stairs.events)
    pair = audit("daifugo/faq/finish-pair-of-eights.yaml")
    assert pair.ok and rules_of(pair.events) == ["daifugo.eight-cut", "daifugo.forbidden-finish"]


def test_suits_have_no_rank() -> None:
    """daifugo.follow-stronger: a spade 9 does not beat a heart 9."""
    assert rules_of(audit("daifugo/faq/suits-have-no-rank.yaml").violations) == ["daifugo.follow-stronger"]
