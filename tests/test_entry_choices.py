"""The legal choices a prompt shows come from the rulebook: the engine's legal moves (Oh Hell
bids), else the checker by trial; the entry itself is judged by the checker."""

from __future__ import annotations

from pathlib import Path

from conftest import SAMPLES

from scorekeep.games.daifugo import entry as D
from scorekeep.games.oh_hell import entry as OH
from scorekeep.games.rook import entry as R
from scorekeep.entry.new import new_record
from scorekeep.entry.session import Session
from scorekeep.yamlio import parse

RECORDS = Path(__file__).parent / "records" / "entry"


def _session(tmp_path: Path, text: str) -> Session:
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    return Session.open(str(path))


RANGE = "oh-hell.bid-range"
"""The engine's space of bids is what a record can write, one past each end: those two are
refused by the range rule."""


def _rules(ch: object) -> list[str]:
    return [f.rule for _b, f in ch.refused]  # type: ignore[attr-defined]


def test_oh_hell_hook_the_dealer_is_told_the_forbidden_bid(tmp_path: Path) -> None:
    """oh-hell.hook: with 3 + 3 + 1 bid on 10 cards, the dealer Ana may not bid 3."""
    with _session(tmp_path, new_record("oh-hell", ["Ana", "Ben", "Chloé", "Dee"])) as s:
        sizes, dealers = OH.legal_start(s)
        assert sizes.legal == ("10",) and dealers.legal == ("Ana",)
        s.commit(s.judge(OH.start_edits(10, "Ana", None)))
        for p, b in (("Ben", 3), ("Chloé", 3), ("Dee", 1)):
            w = OH.where(s)
            assert w.kind == "bid" and w.player == p
            assert OH.legal_bids(s, w, p).legal == tuple(str(i) for i in range(11))
            s.commit(s.judge(OH.bid_edit(w, p, b)))
        w = OH.where(s)
        ch = OH.legal_bids(s, w, "Ana")
        assert "3" not in ch.legal and len(ch.legal) == 10
        assert [(b, f.rule) for b, f in ch.refused] == [("-1", RANGE), ("3", "oh-hell.hook"), ("11", RANGE)]
        j = s.judge(OH.bid_edit(w, "Ana", 3))
        assert not j.ok and j.new[0].rule == "oh-hell.hook"


def _copy(tmp_path: Path, name: str) -> Session:
    return _session(tmp_path, (RECORDS / name).read_text(encoding="utf-8"))


def test_oh_hell_hook_refusal_at_the_prompt_is_the_engines_ruling(tmp_path: Path) -> None:
    """oh-hell.hook: the refused bid carries the engine's ruling (why, and the ten bids allowed),
    the same ruling the checker gives once it is written anyway."""
    with _session(tmp_path, new_record("oh-hell", ["Ana", "Ben", "Chloé", "Dee"])) as s:
        s.commit(s.judge(OH.add_edits(s, {"bids": "Ben=3,Chloé=3,Dee=1"})))
        w = OH.where(s)
        assert (w.kind, w.player) == ("bid", "Ana")
        [(bid, ruling)] = [(b, f) for b, f in OH.legal_bids(s, w, "Ana").refused if f.rule != RANGE]
        assert (bid, ruling.rule) == ("3", "oh-hell.hook")
        assert ruling.allowed == ("0", "1", "2", "4", "5", "6", "7", "8", "9", "10")
        assert "3 + 3 + 1 = 7" in ruling.message and ruling.hand == 1 and ruling.player == "Ana"
        j = s.judge(OH.bid_edit(w, "Ana", 3))
        assert [(f.rule, f.message, f.allowed) for f in j.new] == [(ruling.rule, ruling.message, ruling.allowed)]


def test_oh_hell_hook_forbids_nothing_when_the_others_overbid(tmp_path: Path) -> None:
    """oh-hell.hook: 2 + 1 + 1 = 4 bid on 3 cards: no bid of the dealer's makes 3, all are offered."""
    with _copy(tmp_path, "oh-hell-dealer-to-bid.yaml") as s:
        w = OH.where(s)
        assert (w.kind, w.player) == ("bid", "North")
        ch = OH.legal_bids(s, w, "North")
        assert ch.legal == ("0", "1", "2", "3") and _rules(ch) == [RANGE, RANGE]


def test_oh_hell_hook_off_offers_the_dealer_every_bid(tmp_path: Path) -> None:
    """oh-hell.hook with the house rule `hook: false`: the dealer may make the bids add up."""
    with _session(tmp_path, new_record("oh-hell", ["Ana", "Ben", "Chloé", "Dee"], rules={"hook": "false"})) as s:
        s.commit(s.judge(OH.add_edits(s, {"bids": "Ben=3,Chloé=3,Dee=1"})))
        ch = OH.legal_bids(s, OH.where(s), "Ana")
        assert ch.legal == tuple(str(i) for i in range(11)) and _rules(ch) == [RANGE, RANGE]


def test_oh_hell_reopened_hand_hooks_the_dealer_on_the_bids_retyped(tmp_path: Path) -> None:
    """oh-hell.hook on `edit 1`: the bids typed so far decide the dealer's forbidden bid, not the
    record's (1 + 0 + 1 were written; 1 + 1 + 1 retyped forbids 0 instead of 1)."""
    with _copy(tmp_path, "oh-hell-hand-done.yaml") as s:
        h = s.audit.result.hands[0]
        w = OH.Where("bid", 1, None, h.size, ("East", "South", "West", "North"), {})
        assert [b for b, _f in OH.legal_bids(s, w, "North", {"East": 1, "South": 0, "West": 1}).refused] == ["-1", "1", "4"]
        ch = OH.legal_bids(s, w, "North", {"East": 1, "South": 1, "West": 1})
        assert ch.legal == ("1", "2", "3") and [(b, f.rule) for b, f in ch.refused] == [
            ("-1", RANGE), ("0", "oh-hell.hook"), ("4", RANGE)]
        assert _rules(OH.legal_bids(s, w, "South", {"East": 1})) == [RANGE, RANGE]


def test_oh_hell_tricks_that_do_not_add_up_are_refused(tmp_path: Path) -> None:
    """oh-hell.trick-total: 11 tricks taken in a 10-card hand."""
    with _session(tmp_path, new_record("oh-hell", ["Ana", "Ben", "Chloé", "Dee"])) as s:
        s.commit(s.judge(OH.add_edits(s, {"bids": "3,3,1,2"})))
        w = OH.where(s)
        j = s.judge(OH.tricks_edit(w, {"Ben": 5, "Chloé": 5, "Dee": 1, "Ana": 0}))
        assert [f.rule for f in j.new] == ["oh-hell.trick-total"]


def test_rook_calls_skip_passed_players_and_step_up(tmp_path: Path) -> None:
    """rook.bid-step, rook.bid-after-pass, rook.bid-end: who calls and what they may call."""
    with _session(tmp_path, new_record("rook", ["N", "E", "S", "W"], "W")) as s:
        s.commit(s.judge(R.start_edits(s)))
        w = R.where(s)
        assert (w.kind, w.player) == ("call", "N")
        assert R.legal_calls(s, 1, "N").legal == ("pass", *map(str, range(70, 121, 5)))
        for who, amount in (("N", 70), ("E", 75), ("S", None)):
            s.commit(s.judge(R.call_edit(1, who, amount)))
        w = R.where(s)
        assert w.player == "W"
        ch = R.legal_calls(s, 1, "W")
        assert ch.legal == ("pass", *map(str, range(80, 121, 5)))
        assert dict((c, f.rule) for c, f in ch.refused)["75"] == "rook.bid-step"
        assert s.judge(R.call_edit(1, "S", 80)).new[0].rule == "rook.bid-after-pass"
        s.commit(s.judge(R.call_edit(1, "W", None)))
        assert R.where(s).player == "N"  # South passed: skipped
        s.commit(s.judge(R.call_edit(1, "N", None)))
        w = R.where(s)  # three passes: East's 75 stands and nobody calls again
        assert (w.kind, w.bidder, w.bid) == ("trump", "E", 75)


def test_rook_calls_are_the_engines_with_its_rulings_at_the_limits(tmp_path: Path) -> None:
    """rook.bid-minimum, rook.bid-maximum, rook.bid-step: the calls offered are the engine's
    legal moves; the ones it excludes carry its ruling (why, and the calls allowed)."""
    with _session(tmp_path, new_record("rook", ["N", "E", "S", "W"], "W")) as s:
        s.commit(s.judge(R.start_edits(s)))
        refused = dict(R.legal_calls(s, 1, "N").refused)
        assert refused["65"].rule == "rook.bid-minimum" and refused["125"].rule == "rook.bid-maximum"
        assert refused["125"].allowed == ("pass", *map(str, range(70, 121, 5)))
        s.commit(s.judge(R.call_edit(1, "N", 115)))
        ch = R.legal_calls(s, 1, "E")
        assert ch.legal == ("pass", "120")
        assert dict(ch.refused)["115"].rule == "rook.bid-step" and "after N's 115" in dict(ch.refused)["115"].message


def test_rook_missing_pass_reading_decides_who_calls_next(tmp_path: Path) -> None:
    """rook.bid-order with the missing-pass reading: East's 90 came where North's call was due, so
    North is taken as passed (as `check` reads it): South calls next, 95 or more; North is out."""
    with _copy(tmp_path, "rook-missing-pass-in-auction.yaml") as s:
        w = R.where(s)
        assert (w.kind, w.player) == ("call", "South")
        assert R.legal_calls(s, 1, "South").legal == ("pass", *map(str, range(95, 121, 5)))
        north = R.legal_calls(s, 1, "North")
        assert north.legal == () and dict(north.refused)["95"].rule == "rook.bid-after-pass"
        assert s.judge(R.call_edit(1, "South", 95)).ok


def test_daifugo_exchange_owed_and_a_foul_by_the_fallen_daifugo_refused(tmp_path: Path) -> None:
    """daifugo.ranking: the fallen 大富豪 (都落ち) cannot also go out by a forbidden finish."""
    with _session(tmp_path, new_record("daifugo", ["甲", "乙", "丙", "丁"])) as s:
        s.commit(s.judge(D.add_edits(s, {"out": "甲 乙 丙"})))
        w = D.where(s)
        assert D.exchange_owed(w) == [("丁", "甲", 2), ("丙", "乙", 1)]
        j = s.judge(D.game_edits(s, w, ["丙", "乙", "甲"], ["甲"]))
        assert [f.rule for f in j.new] == ["daifugo.ranking"]
        assert "都落ち" in j.new[0].message


def test_one_entry_on_a_19_hand_record_reads_the_file_text_once(tmp_path: Path, monkeypatch) -> None:
    """The legal bids come from the engine and the entry is judged on one reading of the text
    that would be written: a return to whole-file round trips (one per candidate bid) shows
    as more readings (timing lives in benchmarks/, not here)."""
    from scorekeep import yamlio
    from scorekeep.entry import session

    text = (SAMPLES / "oh-hell-full-game.yaml").read_text(encoding="utf-8")
    cut = text.index("  - cards: 10\n    dealer: Chloé") if "  - cards: 10\n    dealer: Chloé" in text else None
    with _session(tmp_path, text if cut is None else text[:cut]) as s:
        w = OH.where(s)
        if w.kind == "start":
            s.commit(s.judge(OH.start_edits(None, None, None)))
            w = OH.where(s)
        readings = []
        monkeypatch.setattr(session, "parse", lambda t: readings.append(t) or parse(t))
        monkeypatch.setattr(yamlio, "parse", lambda t: readings.append(t) or parse(t))  # (where a save is proved)
        ch = OH.legal_bids(s, w, w.player)
        j = s.judge(OH.bid_edit(w, w.player, int(ch.legal[0])))
        assert j.ok
        assert len(readings) == 1


def test_daifugo_miyako_ochi_rank_told_after_the_game_is_the_rankings(tmp_path: Path) -> None:
    """daifugo.miyako-ochi: the fallen 大富豪 takes the lowest rank no forbidden finish has taken —
    貧民 when someone else went out by a foul — and the line after the game says the rank the
    ranking gives, not 大貧民 always."""
    said: list[str] = []
    with _session(tmp_path, new_record("daifugo", ["甲", "乙", "丙", "丁"])) as s:
        s.commit(s.judge(D.add_edits(s, {"out": "甲 乙 丙"})))
        j = s.judge(D.game_edits(s, D.where(s), ["丙", "乙"], ["乙"]))
        assert j.ok, j.new
        s.commit(j)

        class Told:
            def __init__(self) -> None:
                self.s = s

            def say(self, text: str = "") -> None:
                said.append(text)

            def show_table(self) -> None:
                pass

        D._after_game(Told(), 1, 2)  # type: ignore[arg-type]
    assert said[0] == "  都落ち: 甲, last game's 大富豪, falls to 貧民"
    assert said[1] == "  ranks: 大富豪 丙, 富豪 丁, 貧民 甲, 大貧民 乙"


def _agrees_with_the_checker(s: Session, ch: object, edits_of) -> None:  # type: ignore[no-untyped-def]
    """Every choice offered adds no violation when entered, and every one refused adds the
    violation of the ruling that refuses it (the checker by trial, against the engine)."""
    for c in ch.legal:  # type: ignore[attr-defined]
        assert s.trial(edits_of(c)) == [], c
    for c, f in ch.refused:  # type: ignore[attr-defined]
        assert f.rule in {x.rule for x in s.trial(edits_of(c)) or []}, (c, f.rule)


def test_oh_hell_bids_offered_are_the_checkers_over_random_hands(tmp_path: Path) -> None:
    """oh-hell.hook, oh-hell.bid-range: at every bid of random hands, the bids offered and
    refused (`entry.ruled` over the engine's position) are those the checker allows and refuses."""
    import random

    rng = random.Random(23)
    with _session(tmp_path, new_record("oh-hell", ["Ana", "Ben", "Chloé", "Dee"])) as s:
        for _hand in range(3):
            s.commit(s.judge(OH.start_edits(None, None, None)))
            while OH.where(s).kind == "bid":
                w = OH.where(s)
                assert w.player is not None
                ch = OH.legal_bids(s, w, w.player)
                _agrees_with_the_checker(s, ch, lambda b: OH.bid_edit(w, w.player, int(b)))  # noqa: B023
                s.commit(s.judge(OH.bid_edit(w, w.player, int(rng.choice(ch.legal)))))
            w = OH.where(s)
            s.commit(s.judge(OH.tricks_edit(w, {p: (w.size or 0) if i == 0 else 0 for i, p in enumerate(w.order)})))


def test_rook_calls_and_trumps_offered_are_the_checkers_over_random_auctions(tmp_path: Path) -> None:
    """rook.bid-step, rook.bid-maximum, rook.bid-after-pass, rook.trump: at every call of random
    auctions, and at trump, the choices offered and refused are those the checker allows and refuses."""
    import random

    rng = random.Random(7)
    for seed in range(3):
        with _session(tmp_path, new_record("rook", ["N", "E", "S", "W"])) as s:
            s.commit(s.judge(R.start_edits(s)))
            while R.where(s).kind == "call":
                w = R.where(s)
                assert w.player is not None
                ch = R.legal_calls(s, w.hand, w.player)
                _agrees_with_the_checker(s, ch, lambda c: R.call_edit(w.hand, w.player,  # noqa: B023
                                                                      None if c == "pass" else int(c)))
                c = rng.choice(ch.legal) if rng.random() < 0.6 + 0.1 * seed else "pass"
                s.commit(s.judge(R.call_edit(w.hand, w.player, None if c == "pass" else int(c))))
            if R.where(s).kind == "trump":
                ch = R.legal_trumps(s, 1)
                _agrees_with_the_checker(s, ch, lambda c: R.trump_edit(1, c))
