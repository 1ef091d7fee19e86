"""Daifugō rules, each rule id from both sides: records under tests/records/daifugo/ and the
violations and rule events they must give (rule id and 1-based location)."""

from __future__ import annotations

import pytest

from conftest import audit, found

D = "daifugo."


def at(rule: str, game: int | None = 1, play: int | None = None, player: str | None = None,
       set: int = 1) -> tuple[str, dict]:
    loc: dict = {"set": set}
    if game is not None:
        loc["game"] = game
    if play is not None:
        loc["play"] = play
    if player is not None:
        loc["player"] = player
    return D + rule, loc


# file → (violations, events), in the order they are reported.
CASES: dict[str, tuple[list, list]] = {
    # daifugo.deck
    "deck-legal.yaml": ([], []),
    "deck-duplicate.yaml": ([at("deck", player="乙")], []),
    "deck-short-hand.yaml": ([at("deck", player="乙")], []),
    "deck-hand-of-one.yaml": ([at("deck", player="甲")], []),
    "deck-blind-card.yaml": ([at("deck", player="甲")], []),
    "deck-joker-missing.yaml": ([at("deck")], []),
    "deck-third-joker.yaml": ([at("deck", player="丁")], []),
    # daifugo.deck in the exchange, without the deal: a card given twice, a blind card, a joker past the deck's
    "exchange-deck-given-twice.yaml": ([at("deck", game=2, player="丙")], []),
    "exchange-deck-twice-in-a-gift.yaml": ([at("deck", game=2, player="丁")], []),
    "exchange-deck-blind.yaml": ([at("deck", game=2, player="甲")], []),
    "exchange-deck-no-jokers.yaml": ([at("deck", game=2, player="丁")], []),
    "exchange-deck-jokers.yaml": ([at("deck", game=2, player="丁")], []),
    "exchange-deck-dealt-to-another.yaml": ([at("deck", game=2, player="丁")], []),
    "exchange-held-blind-card-dealt.yaml": ([at("exchange-held", game=2, player="甲")], []),
    "deck-blind-joker.yaml": ([at("deck", game=None)], []),
    "deck-blind-count.yaml": ([at("deck", game=None)], []),
    "deck-blind-changes.yaml": ([at("deck", game=2, player="乙")], []),
    "card-not-held-blind.yaml": ([at("deck", play=1, player="甲")], []),
    # daifugo.first-lead
    "first-lead.yaml": ([at("first-lead", play=1, player="甲")], []),
    "first-lead-legal.yaml": ([], []),
    "first-lead-game-2.yaml": ([at("first-lead", game=2, play=1, player="甲")], []),
    # daifugo.exchange-*
    "exchange-legal.yaml": ([], []),
    "exchange-strongest-judged-as-dealt.yaml": ([], []),
    "exchange-tax-evasion.yaml": ([at("exchange-strongest", game=2, player="丁"),
                                   at("exchange-strongest", game=2, player="丙")], []),
    "exchange-evasion-inferred.yaml": ([at("exchange-strongest", game=2, player="丁")],
                                       [at("suit-lock", game=2, play=2, player="甲")]),
    "exchange-evasion-not-proved.yaml": ([], []),
    "exchange-count.yaml": ([at("exchange-count", game=2, player="甲"),
                             at("exchange-count", game=2, player="丙")], []),
    "exchange-game-1.yaml": ([at("exchange-count", player=p) for p in "甲乙丙丁"], []),
    "exchange-held.yaml": ([at("exchange-held", game=2, player="乙")], []),
    # a short deal is daifugo.deck's; giving the two cards dealt is the legal gift (no exchange-strongest)
    "exchange-short-deal.yaml": ([at("deck", game=2, player="丁")], []),
    "exchange-card-not-held.yaml": ([at("card-not-held", game=2, play=1, player="丁"),
                                     at("card-not-held", game=2, play=2, player="甲")],
                                    [at("spade-3-return", game=2, play=2, player="甲")]),
    # daifugo.combination
    "combination.yaml": ([at("combination", play=1, player="甲"), at("combination", play=3, player="丙")], []),
    "combination-annotation.yaml": ([at("combination", play=1, player="甲")], []),
    "combination-legal.yaml": ([], [at("revolution", play=10, player="乙")]),
    "six-group.yaml": ([], [at("revolution", play=1, player="甲")]),
    "strongest-reading.yaml": ([], []),
    "strongest-reading-revolution.yaml": ([], [at("revolution", play=1, player="甲")]),
    # daifugo.card-not-held
    "card-not-held.yaml": ([at("card-not-held", play=10, player="乙"), at("card-not-held", play=19, player="丙")], []),
    "card-not-held-deal.yaml": ([at("card-not-held", play=2, player="乙"), at("card-not-held", play=3, player="丙")],
                                []),
    "card-not-held-count.yaml": ([at("card-not-held", play=5, player="甲")], []),
    "card-not-held-joker-given.yaml": ([at("card-not-held", game=2, play=1, player="丁")], []),
    "card-not-held-joker-received.yaml": ([at("card-not-held", game=2, play=6, player="甲")], []),
    # daifugo.follow-shape, daifugo.follow-stronger
    "game-over-unfinished-plays.yaml": ([at("game-over", game=2)], [at("suit-lock", play=2, player="乙")]),
    "follow-allowed-deal.yaml": ([at("follow-stronger", play=2, player="乙")], []),
    "follow-no-joker-pair.yaml": ([at("follow-stronger", play=2, player="乙")], []),
    "follow.yaml": ([at("follow-stronger", play=2, player="乙"), at("follow-shape", play=3, player="丙"),
                     at("follow-stronger", play=5, player="甲")], []),
    "stairs-follow.yaml": ([at("follow-stronger", play=2, player="乙"), at("follow-shape", play=3, player="丙")], []),
    "joker-pair.yaml": ([at("follow-stronger", play=3, player="丙")], []),
    "joker-revolution.yaml": ([at("follow-stronger", play=11, player="丙")],
                              [at("revolution", play=1, player="甲"), at("revolution", play=2, player="乙"),
                               at("suit-lock", play=2, player="乙"), at("revolution", play=6, player="乙")]),
    "four-sevens-normal.yaml": ([at("follow-stronger", play=3, player="丙")],
                                [at("revolution", play=1, player="甲"), at("revolution", play=2, player="乙"),
                                 at("suit-lock", play=2, player="乙")]),
    # daifugo.turn-order, daifugo.pass, daifugo.clear
    "turn-order.yaml": ([at("turn-order", play=2, player="丙")], []),
    "turn-order-finished.yaml": ([at("turn-order", play=9, player="甲")], []),
    "turn-order-stray-pass.yaml": ([at("turn-order", play=2, player="丙")], []),
    "turn-order-swapped.yaml": ([at("turn-order", play=2, player="丙")], []),
    "turn-order-lead-before-last-pass.yaml": ([at("turn-order", play=4, player="甲")], []),
    "turn-order-lead-before-last-pass-next.yaml": ([at("turn-order", play=6, player="甲")], []),
    "turn-order-finish-before-last-pass.yaml": ([at("turn-order", play=18, player="丙")], []),
    "turn-order-cut-before-last-pass.yaml": ([at("turn-order", play=4, player="甲")],
                                             [at("eight-cut", play=4, player="甲")]),
    "turn-order-twice.yaml": ([at("turn-order", play=2, player="丙"), at("turn-order", play=3, player="甲")], []),
    "turn-order-missing-pass.yaml": ([at("turn-order", play=4, player="甲")], [at("suit-lock", play=7, player="丁")]),
    "pass-missing-after-finish.yaml": ([at("pass", play=8, player="乙")], []),
    "turn-order-skipped-acts-later.yaml": ([at("turn-order", play=2, player="丙")], []),
    "turn-order-skipped-pass-written-late.yaml": ([at("turn-order", play=3, player="丁")],
                                                  [at("suit-lock", play=3, player="丁"),
                                                   at("suit-lock", play=7, player="甲")]),
    "turn-order-missing-passes-two-rounds.yaml": ([at("turn-order", play=3, player="D"),
                                                   at("turn-order", play=8, player="B")],
                                                  [at("suit-lock", play=6, player="C"),
                                                   at("suit-lock", play=12, player="C")]),
    "turn-order-two-missing-passes.yaml": ([at("turn-order", play=4, player="甲"),
                                            at("turn-order", play=5, player="丙")], []),
    "pass.yaml": ([at("pass", play=1, player="甲"), at("pass", play=6, player="丙")], []),
    "pass-legal.yaml": ([], [at("suit-lock", play=3, player="丙")]),
    "pass-empty-leader-leads.yaml": ([at("pass", play=1, player="甲")], []),
    "pass-empty-after-clear.yaml": ([at("pass", play=5, player="甲")], []),
    "pass-empty-after-cut.yaml": ([at("pass", play=3, player="乙")], [at("eight-cut", play=2, player="乙")]),
    "pass-empty-next-leads.yaml": ([at("pass", play=1, player="甲")], []),
    "pass-empty-not-leader-after-clear.yaml": ([at("pass", play=5, player="丁")], []),
    "pass-empty-before-lead.yaml": ([at("pass", play=5, player="乙")], []),
    "pass-empty-not-leader-after-cut.yaml": ([at("pass", play=3, player="丙")], [at("eight-cut", play=2, player="乙")]),
    "clear-wrong-leader.yaml": ([at("clear", play=5, player="乙")], []),
    "clear-after-finish.yaml": ([at("clear", play=9, player="丙")], []),
    "clear-after-finishing-cut.yaml": ([at("eight-cut", play=6, player="丙")],
                                       [at("eight-cut", play=5, player="甲"), at("forbidden-finish", play=5, player="甲")]),
    "finisher-play-stays.yaml": ([at("follow-stronger", play=6, player="乙")], []),
    "finisher-play-beaten.yaml": ([], []),
    # daifugo.revolution (例1)
    "example1-revolution.yaml": ([], [at("revolution", play=1, player="甲"), at("revolution", play=2, player="乙"),
                                      at("suit-lock", play=2, player="乙")]),
    "revolution-four-times.yaml": ([], [at("revolution", play=1, player="甲"), at("revolution", play=2, player="乙"),
                                        at("suit-lock", play=2, player="乙"), at("revolution", play=3, player="丙"),
                                        at("revolution", play=4, player="丁")]),
    "example1-revolution-js.yaml": ([at("follow-stronger", play=2, player="乙")], [at("revolution", play=1, player="甲")]),
    # daifugo.eight-cut (例2)
    "example2-eight-cut.yaml": ([], [at("eight-cut", play=2, player="乙")]),
    "eight-on-queen.yaml": ([at("follow-stronger", play=2, player="乙")], []),
    "eight-on-pair.yaml": ([at("follow-shape", play=2, player="乙")], []),
    "eight-cut-wrong-leader.yaml": ([at("eight-cut", play=3, player="丙")], [at("eight-cut", play=2, player="乙")]),
    "eight-in-stairs.yaml": ([at("turn-order", play=2, player="甲")], []),
    "eight-group-with-joker.yaml": ([], [at("eight-cut", play=2, player="乙"), at("eight-cut", play=4, player="丙")]),
    "eight-two-jokers.yaml": ([], [at("eight-cut", play=1, player="甲")]),
    # daifugo.suit-lock
    "lock-cover-words.yaml": ([at("follow-shape", play=7, player="乙")],
                              [at("suit-lock", play=2, player="乙"), at("spade-3-return", play=4, player="丁"),
                               at("suit-lock", play=6, player="甲")]),
    "lock.yaml": ([at("suit-lock", play=3, player="丙")], [at("suit-lock", play=2, player="乙")]),
    "lock-pairs.yaml": ([at("suit-lock", play=4, player="丁")], [at("suit-lock", play=2, player="乙")]),
    "lock-stairs.yaml": ([at("suit-lock", play=3, player="丙")], [at("suit-lock", play=2, player="乙")]),
    "lock-joker-cannot-create.yaml": ([], []),
    "lock-different-suits.yaml": ([], []),
    "lock-across-illegal.yaml": ([at("follow-stronger", play=2, player="乙")], []),
    "lock-on-illegal-play.yaml": ([at("follow-stronger", play=2, player="乙"), at("suit-lock", play=4, player="丁")],
                                  [at("suit-lock", play=3, player="丙")]),
    # daifugo.spade-3-return
    "spade-3-return.yaml": ([], [at("suit-lock", play=2, player="乙"), at("spade-3-return", play=4, player="丁")]),
    "spade-3-on-joker-pair.yaml": ([at("follow-shape", play=2, player="乙")], []),
    "spade-3-return-off.yaml": ([at("follow-stronger", play=2, player="乙")], []),
    "spade-3-wrong-leader.yaml": ([at("spade-3-return", play=3, player="丙")],
                                  [at("spade-3-return", play=2, player="乙")]),
    "spade-3-single-on-two.yaml": ([at("follow-stronger", play=2, player="乙")], []),
    # daifugo.forbidden-finish (例3)
    "example3-full-game.yaml": ([], [at("eight-cut", play=15, player="乙"), at("forbidden-finish", play=15, player="乙"),
                                     at("forbidden-finish", play=20, player="丙")]),
    "example3-four-threes.yaml": ([], [at("revolution", play=5, player="甲"), at("suit-lock", play=10, player="丙")]),
    "finish-legal.yaml": ([], []),
    "finish-spade-3.yaml": ([], [at("forbidden-finish", play=5, player="甲")]),
    "finish-two.yaml": ([], [at("forbidden-finish", play=5, player="甲")]),
    "finish-joker.yaml": ([], [at("forbidden-finish", play=5, player="甲")]),
    "finish-eight.yaml": ([], [at("eight-cut", play=5, player="甲"), at("forbidden-finish", play=5, player="甲")]),
    "finish-eight-clears.yaml": ([at("eight-cut", play=50, player="丙")],
                                 [at("eight-cut", play=49, player="甲"), at("forbidden-finish", play=49, player="甲")]),
    "finish-revolution-three.yaml": ([], [at("revolution", play=1, player="甲"),
                                          at("forbidden-finish", play=9, player="甲")]),
    "finish-revolution-two.yaml": ([], [at("revolution", play=1, player="甲")]),
    "finish-revolution-joker-stand-in.yaml": ([], [at("revolution", play=1, player="甲"),
                                                   at("forbidden-finish", play=9, player="甲")]),
    # daifugo.miyako-ochi
    "miyako-ochi.yaml": ([], [at("miyako-ochi", game=2, play=5, player="甲")]),
    "miyako-ochi-foul.yaml": ([], [at("forbidden-finish", game=2, play=5, player="乙"),
                                   at("miyako-ochi", game=2, play=12, player="甲")]),
    "miyako-ochi-fallen-acts.yaml": ([at("turn-order", game=2, play=8, player="甲")],
                                     [at("miyako-ochi", game=2, play=5, player="甲")]),
    "miyako-ochi-after-a-foul-out.yaml": ([], [at("forbidden-finish", game=2, player="甲"),
                                              at("miyako-ochi", game=2, player="丙")]),
    "play-table-three-games.yaml": ([], [at("miyako-ochi", game=2, player="甲"), at("miyako-ochi", game=3, player="乙")]),
    "miyako-ochi-off.yaml": ([], []),
    "set-with-own-seats.yaml": ([], []),
    "miyako-ochi-daifugo-wins.yaml": ([], []),
    # daifugo.ranking
    "ranking.yaml": ([at("ranking", game=1), at("ranking", game=2)], [at("miyako-ochi", game=2, player="甲")]),
    "ranking-ranks-only.yaml": ([], []),
    "ranking-ranks-only-impossible.yaml": ([at("ranking", game=2)], []),
    "ranking-out-vs-plays.yaml": ([at("ranking")], [at("forbidden-finish", play=12, player="乙")]),
    "ranking-fouls-vs-plays.yaml": ([at("ranking")], [at("forbidden-finish", play=12, player="乙")]),
    "ranking-fouls-in-progress.yaml": ([at("ranking")], []),
    "ranking-fouls-last-player.yaml": ([at("ranking")], []),
    "ranking-fouls-when-off.yaml": ([at("ranking")], []),
    "ranking-ranks-impossible.yaml": ([at("ranking", game=3), at("ranking", game=4)],
                                      [at("miyako-ochi", game=2, player="甲"), at("forbidden-finish", game=3, player="乙"),
                                       at("miyako-ochi", game=4, player="丙"), at("forbidden-finish", game=4, player="丁")]),
    "ranking-ranks-complete-a-foul.yaml": ([], [at("forbidden-finish", player="乙")]),
    "fouls-list-contradicts-plays.yaml": ([at("ranking")], [at("forbidden-finish", play=5, player="A")]),
    "out-list-wrong-once.yaml": ([at("ranking", game=2)], [at("forbidden-finish", game=2, play=6, player="A")]),
    "lone-joker-annotated-eight.yaml": ([at("turn-order", play=3, player="乙")], []),
    "ranking-out-fallen-late.yaml": ([at("ranking", game=2)], [at("miyako-ochi", game=2, player="甲")]),
    "ranking-out-fallen-listed.yaml": ([], [at("miyako-ochi", game=2, player="甲"), at("miyako-ochi", game=3, player="乙")]),
    # daifugo.game-over
    "game-over-play-after.yaml": ([at("game-over", game=2, play=11, player="丁")],
                                  [at("miyako-ochi", game=2, play=5, player="甲")]),
    "game-over-incomplete.yaml": ([at("game-over", game=2)], []),
    "game-over-fifth-game.yaml": ([at("game-over", game=5)], []),
    "match-one-set.yaml": ([at("game-over", game=None, set=2)], [at("miyako-ochi", game=3, player="甲")]),
    "stats-game-over-revolution.yaml": ([at("game-over", game=5)], [at("revolution", game=5, play=1, player="丁")]),
    "stats-unfinished-revolution.yaml": ([at("follow-stronger", play=9, player="丁")],
                                         [at("eight-cut", play=2, player="乙"), at("revolution", play=3, player="乙"),
                                          at("revolution", play=4, player="丙"), at("suit-lock", play=4, player="丙")]),
    "six-sets-last-short.yaml": ([], []),
    "stats-revolution-complete.yaml": ([], [at("revolution", play=1, player="甲"), at("revolution", play=2, player="乙"),
                                            at("suit-lock", play=2, player="乙")]),
    "match-short-set.yaml": ([at("game-over", game=1, set=2)], []),
    "match-stretch-boundaries.yaml": ([at("game-over", set=2), at("game-over", set=3),
                                       at("deck", game=None, set=3), at("game-over", set=4)],
                                      [at("miyako-ochi", game=2, set=3, player="丙")]),
    "match-reseat.yaml": ([], []),
    "match-tie.yaml": ([], []),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_record_gives_exactly_these_findings(name: str) -> None:
    violations, events = CASES[name]
    a = audit(f"daifugo/{name}")
    assert found(a.violations) == violations
    assert found(a.events) == events


def test_every_record_file_is_in_the_table() -> None:
    from conftest import RECORDS

    on_disk = {p.name for p in (RECORDS / "daifugo").glob("*.yaml")}
    assert on_disk == set(CASES)


def test_every_rule_id_is_tested_from_both_sides() -> None:
    """Each rule id appears in a record that breaks it (or triggers it) and in a clean record."""
    from scorekeep.games.daifugo.rulebook import RULES

    hit = {rule for v, e in CASES.values() for rule, _ in v + e}
    clean = [n for n, (v, _e) in CASES.items() if not v]
    assert {r.id for r in RULES} <= hit
    assert len(clean) >= 20


def message(name: str, rule: str, which: int = 0, events: bool = False) -> str:
    a = audit(f"daifugo/{name}")
    found_ = [f for f in (a.events if events else a.violations) if f.rule == D + rule]
    return found_[which].message


# --- the disputes, by message -------------------------------------------------------------

def test_four_sevens_cannot_cover_four_nines_in_normal_order() -> None:
    assert "four 7s cannot cover four 9s: in normal order 7 is weaker than 9" in \
        message("four-sevens-normal.yaml", "follow-stronger")


def test_four_js_cannot_cover_four_nines_in_a_revolution() -> None:
    msg = message("example1-revolution-js.yaml", "follow-stronger")
    assert "four Js cannot cover four 9s: in revolution (革命) order J is weaker than 9" in msg
    assert "3, 4, 5, 6, 7, 8" in msg


def test_counter_revolution_restores_normal_order() -> None:
    msg = message("example1-revolution.yaml", "revolution", 1, events=True)
    assert "革命返し" in msg and "normal order" in msg


def test_revolution_messages_count_and_name_the_counter_revolutions() -> None:
    msgs = [e.message for e in audit("daifugo/revolution-four-times.yaml").events if e.rule == D + "revolution"]
    assert "the order reverses" in msgs[0] and "revolution this game" not in msgs[0]
    assert "counter-revolution (革命返し): normal order is restored" in msgs[1]
    assert msgs[1].endswith("the 2nd revolution this game")
    assert "revolution (革命) — the order reverses" in msgs[2] and msgs[2].endswith("the 3rd revolution this game")
    assert "counter-revolution (革命返し)" in msgs[3] and msgs[3].endswith("the 4th revolution this game")
    assert not any("second revolution" in m for m in msgs)


def test_eight_inside_stairs_does_not_cut() -> None:
    msg = message("eight-in-stairs.yaml", "turn-order")
    assert "the 8 is inside stairs, so it does not cut (daifugo.eight-cut)" in msg
    assert "乙's turn" in msg


def test_eight_too_weak_to_cut_a_queen() -> None:
    assert "a single 8 cannot cover a single Q: in normal order 8 is weaker than Q" in \
        message("eight-on-queen.yaml", "follow-stronger")
    assert not audit("daifugo/eight-on-queen.yaml").events


def test_eight_cannot_cut_a_pair() -> None:
    assert "a single 8 cannot cover a pair of 5s" in message("eight-on-pair.yaml", "follow-shape")


def test_four_of_a_kind_never_covers_a_single() -> None:
    assert "Four of a kind never covers a single" in message("follow.yaml", "follow-shape")


def test_equal_is_not_stronger() -> None:
    assert "equal is not stronger" in message("follow.yaml", "follow-stronger")


def test_spade_3_on_joker_pair_is_follow_shape() -> None:
    assert "returns only a single joker" in message("spade-3-on-joker-pair.yaml", "follow-shape")


@pytest.mark.parametrize("name", ["pass-empty-leader-leads.yaml", "pass-empty-after-clear.yaml",
                                  "pass-empty-after-cut.yaml", "pass-empty-next-leads.yaml",
                                  "pass-empty-not-leader-after-clear.yaml", "pass-empty-not-leader-after-cut.yaml"])
def test_pass_on_empty_table_is_one_report_and_the_leader_may_still_lead(name: str) -> None:
    # daifugo.pass: the pass changes nothing, so the leader leads (or the next player, as if it had
    # counted) without a second report claiming a wrong leader or that somebody went out; a pass
    # on an empty table by another player is the pass, not also a lead by the wrong player.
    a = audit(f"daifugo/{name}")
    assert [v.rule for v in a.violations] == [D + "pass"]
    assert "went out" not in a.violations[0].message


@pytest.mark.parametrize("name", ["turn-order-stray-pass.yaml", "turn-order-swapped.yaml"])
def test_turn_order_skipped_player_acting_next_is_their_turn(name: str) -> None:
    # daifugo.turn-order: one report at the turn out of turn; the skipped player acting next is
    # not blamed, and play goes on clockwise from the one who acted out of turn.
    a = audit(f"daifugo/{name}")
    assert found(a.violations) == [at("turn-order", play=2, player="丙")]
    turns = a.result.sets[0].games[0].turns
    assert "乙's turn, taken after 丙 acted out of turn" in turns[2].notes


def test_pass_said_before_the_lead_stands_for_a_pass_on_it() -> None:
    # daifugo.pass: reported once; the record then skips 乙 on 甲's lead, as the early pass said.
    a = audit("daifugo/pass-empty-before-lead.yaml")
    assert found(a.violations) == [at("pass", play=5, player="乙")]
    assert "乙's pass at play 5 stands for a pass on this lead" in a.result.sets[0].games[0].turns[6].notes


@pytest.mark.parametrize("name, play, who", [("turn-order-lead-before-last-pass.yaml", 4, "甲"),
                                             ("turn-order-cut-before-last-pass.yaml", 4, "甲"),
                                             ("turn-order-lead-before-last-pass-next.yaml", 6, "甲"),
                                             ("turn-order-finish-before-last-pass.yaml", 18, "丙")])
def test_turn_order_lead_before_the_last_pass_is_one_report(name: str, play: int, who: str) -> None:
    # daifugo.turn-order at the early lead; the skipped player's pass written after it closed the
    # round before (also when the early lead cut the table or ended the game), so they may still
    # act on the new lead.
    a = audit(f"daifugo/{name}")
    assert found(a.violations) == [at("turn-order", play=play, player=who)]
    assert f"pass on the round before {who}'s new lead (written late)" in a.result.sets[0].games[0].turns[play].notes


def test_turn_order_out_of_turn_twice_names_both_players_who_could_act() -> None:
    msg = message("turn-order-twice.yaml", "turn-order", 1)
    assert "it was 丁's turn (or 乙's, whose turn the previous turn skipped)" in msg


def test_suit_lock_compares_the_two_plays_on_the_table_not_the_last_legal_one() -> None:
    # daifugo.suit-lock: 5♥, 4♠ (illegal, but on the table), 7♥ — no lock; 5♥, 4♥ (illegal), 7♥ — lock.
    assert not audit("daifugo/lock-across-illegal.yaml").events
    msg = message("lock-on-illegal-play.yaml", "suit-lock", events=True)
    assert "a single 7 follows a single 4 with the same suits ♥" in msg


def test_card_not_held_joker_given_away_in_the_exchange_without_the_deal() -> None:
    assert "in the exchange 丁 gave both jokers away, so 丁 had no joker after it" in \
        message("card-not-held-joker-given.yaml", "card-not-held")
    assert "in the exchange 乙 received a joker, so 甲 had at most 1 of the 2 jokers after it and has " \
        "already played 1" in message("card-not-held-joker-received.yaml", "card-not-held")


def test_ranking_one_report_for_a_fouls_list_that_contradicts_the_plays() -> None:
    # daifugo.ranking, not daifugo.forbidden-finish per player: a forbidden finish is a rule event,
    # and `fouls` is part of the recorded finishing order. Every wrong entry in one message.
    (v,) = audit("daifugo/ranking-fouls-vs-plays.yaml").violations
    assert v.rule == D + "ranking" and v.player is None and v.line == 25
    assert "乙 went out by a forbidden finish (反則上がり) in the plays, but `fouls` does not list 乙" in v.message
    assert "`fouls` lists 丙, but 丙's last play in the record is a legal finish" in v.message


def test_ranking_one_wrong_out_entry_is_judged_against_the_plays_once() -> None:
    # daifugo.ranking: `out` swaps B and A; `fouls` (A) agrees with the plays, so it is not judged
    # again against the wrong `out` (where A would seem to have fallen by 都落ち).
    (v,) = audit("daifugo/out-list-wrong-once.yaml").violations
    assert v.message == ("`out` gives the order of going out as B, A, C, but in the plays it is "
                         "A (forbidden finish), B, C")


def test_ranking_out_cannot_list_the_fallen_daifugo_going_out_after_others() -> None:
    # daifugo.ranking: 甲 fell (都落ち) when 乙 went out, so `out` cannot have 甲 going out third, after
    # 丙, as `fouls` cannot list a fallen 大富豪; the game is scored as the rules settle it (甲 大貧民).
    a = audit("daifugo/ranking-out-fallen-late.yaml")
    (v,) = a.violations
    assert v.rule == D + "ranking" and v.line == 11
    assert "`out` lists 甲 going out after 丙, but 甲 had already fallen by 都落ち when 乙 went out" in v.message
    assert a.result.sets[0].games[1].ranking == ("乙", "丙", "丁", "甲")


def test_a_lone_joker_written_as_an_eight_is_the_joker_and_does_not_cut() -> None:
    # daifugo.combination (a lone joker is always the joker), daifugo.eight-cut: `JK=8S` alone is not
    # taken; the player who acts again on it, as if it had cut, is told why it did not.
    (v,) = audit("daifugo/lone-joker-annotated-eight.yaml").violations
    assert v.rule == D + "turn-order" and "daifugo.eight-cut" in v.see
    assert "a lone joker is always the joker" in v.message and "8♠" in v.message and "8切り" in v.message
    assert v.message.endswith("it was 丙's turn")


def test_tax_evasion_names_the_kept_card_and_the_strongest() -> None:
    msg = message("exchange-tax-evasion.yaml", "exchange-strongest", 1)
    assert "kept A♦" in msg and "脱税" in msg and "as dealt" in msg


def test_tax_evasion_proved_by_a_later_play() -> None:
    msg = message("exchange-evasion-inferred.yaml", "exchange-strongest")
    assert "A♥ at play 9 without receiving it" in msg and "脱税" in msg


def test_stairs_seven_eight_nine_is_a_legal_finish_and_a_pair_of_eights_is_not() -> None:
    a = audit("daifugo/example3-full-game.yaml")
    g = a.result.sets[0].games[0]
    assert g.ranking == ("甲", "丁", "丙", "乙")
    assert g.fouls == ("乙", "丙")
    foul = [e for e in a.events if e.rule == D + "forbidden-finish"]
    assert "8-cut" in foul[0].message and "a 2 in normal order" in foul[1].message


def test_four_threes_before_a_revolution_is_a_legal_finish() -> None:
    a = audit("daifugo/example3-four-threes.yaml")
    assert not [e for e in a.events if e.rule == D + "forbidden-finish"]
    assert a.result.sets[0].games[0].turns[4].notes[-1] == "甲 goes out (1st)"


def test_forbidden_finish_does_not_trigger_miyako_ochi() -> None:
    g = audit("daifugo/miyako-ochi-foul.yaml").result.sets[0].games[1]
    assert g.ranking == ("丙", "丁", "甲", "乙")
    assert g.fallen == "甲"


@pytest.mark.parametrize("name, said", [
    ("miyako-ochi-foul.yaml", "丙 was the first to go out legally (乙's forbidden finish does not count) while 甲"),
    ("miyako-ochi-after-a-foul-out.yaml",
     "乙 was the first to go out legally (甲's forbidden finish does not count) while 丙"),
    ("miyako-ochi.yaml", "乙 went out first while 甲"),
])
def test_miyako_ochi_names_the_first_legal_finish_not_a_foul_before_it(name: str, said: str) -> None:
    """daifugo.miyako-ochi: a forbidden finish never makes last game's 大富豪 fall; the first legal finish
    does. After a foul the event said "乙 went out first" of the second player out (by the plays and by
    a finishing order), and `why`'s ranking said the 大富豪 "fell when 乙 went out first"."""
    a = audit(f"daifugo/{name}")
    (event,) = [e for e in a.events if e.rule == D + "miyako-ochi"]
    assert event.message.startswith(said), event.message


def test_the_ranking_explained_says_the_fallen_daifugo_fell_at_the_first_legal_finish() -> None:
    """daifugo.miyako-ochi, daifugo.ranking: the ranking's words (in a contradicted ranking's message)."""
    from scorekeep.games.daifugo.standing import Standing

    st = Standing(("甲", "乙", "丙", "丁"), "丙", True)
    st.leave("甲", False)
    assert st.leave("乙", True) == "丙"
    assert ("丙, last game's 大富豪, fell when 乙 was the first to go out legally (甲's forbidden finish does not "
            "count) (都落ち)") in st.explain()


def test_fallen_daifugo_ranks_last_when_no_foul() -> None:
    g = audit("daifugo/miyako-ochi.yaml").result.sets[0].games[1]
    assert g.ranking == ("乙", "丙", "丁", "甲")


def test_the_finishers_left_neighbour_leads_after_the_clear() -> None:
    msg = message("clear-after-finish.yaml", "clear")
    assert "first player still in the game to 甲's left, 乙, leads" in msg


def test_house_rules_switch_effects_off() -> None:
    from conftest import audit_text

    text = """game: daifugo
players: [甲, 乙, 丙, 丁]
rules: {eight_cut: false, suit_lock: false, forbidden_finish: false}
sets:
  - games:
      - plays:
          - 甲: 5H
          - 乙: 7H
          - 丙: 8S
          - 丁: 9C
"""
    a = audit_text(text)
    assert not a.violations and not a.events


def test_eight_cut_stairs_variant_and_stairs_revolution() -> None:
    from conftest import audit_text

    text = """game: daifugo
players: [甲, 乙, 丙, 丁]
rules: {eight_cut_stairs: true, stairs_revolution: 5}
sets:
  - games:
      - plays:
          - 甲: 6H 7H 8H
          - 甲: 3C 4C 5C 6C 7C
"""
    a = audit_text(text)
    assert not a.violations
    assert [e.rule for e in a.events] == [D + "eight-cut", D + "revolution"]


def test_blind_cards_zero_and_one_joker_give_uneven_hands() -> None:
    from conftest import audit_text

    text = """game: daifugo
players: [甲, 乙, 丙, 丁]
rules: {blind_cards: 0, jokers: 1}
sets:
  - games:
      - plays:
          - 甲: JK
          - 乙: pass
          - 丙: pass
          - 丁: pass
          - 甲: JK
"""
    a = audit_text(text)
    assert [v.rule for v in a.violations] == [D + "card-not-held"]  # the deck has one joker


def test_joker_pair_is_a_house_default_option() -> None:
    from conftest import audit_text

    text = """game: daifugo
players: [甲, 乙, 丙, 丁]
rules: {joker_pair: false}
sets:
  - games:
      - plays:
          - 甲: 2H 2S
          - 乙: JK JK
"""
    a = audit_text(text)
    assert [v.rule for v in a.violations] == [D + "combination"]
    assert "joker_pair: false" in a.violations[0].message
    ok = audit_text(text.replace("JK JK", "JK=2D JK=2C").replace("2H 2S", "AH AS"))
    assert ok.ok


def test_the_gifts_listed_as_allowed_are_the_engines_legal_gifts() -> None:
    """daifugo.exchange-count, daifugo.exchange-strongest: the choices a refused gift lists are the gifts the
    engine's checks let pass. With the short deal of `exchange-short-deal.yaml`, both cards dealt are the one
    legal gift; dealt only one of the two cards due, the 大貧民 has none to list (the joker alone is refused
    by the count, so it is no legal choice)."""
    from pathlib import Path

    from conftest import RECORDS
    from scorekeep import api
    from scorekeep.games.daifugo import rules
    from scorekeep.yamlio import parse as read_yaml

    text = (Path(RECORDS) / "daifugo" / "exchange-short-deal.yaml").read_text(encoding="utf-8")
    wrong = text.replace("exchange: {甲: [3S, 4S], 乙: [3D], 丙: [AD], 丁: [JK, 2C]}",
                         "exchange: {甲: [3S, 4S], 乙: [3D], 丙: [AD], 丁: [2C]}")
    gifts = [v for v in rules.audit(api.read_record(read_yaml(wrong))[1]).violations
             if v.rule.startswith("daifugo.exchange")]
    assert [(v.rule, v.allowed) for v in gifts] == [("daifugo.exchange-count", ("2C JK",)),
                                                     ("daifugo.exchange-strongest", ("2C JK",))]
    short = wrong.replace("丁: [JK, 2C]", "丁: [JK]").replace("丁: [2C]}", "丁: [JK]}")
    gifts = [v for v in rules.audit(api.read_record(read_yaml(short))[1]).violations
             if v.rule.startswith("daifugo.exchange")]
    assert [(v.rule, v.allowed) for v in gifts] == [("daifugo.exchange-count", ())]


def test_deck_a_hand_of_one_card_is_said_in_the_singular() -> None:
    (v,) = audit("daifugo/deck-hand-of-one.yaml").violations
    assert v.message.startswith("甲 was dealt 1 card;")
