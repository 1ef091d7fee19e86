"""`scorekeep replay` for Oh Hell: read from the engine's positions; `--legal` shows what was
legal at each turn; trump that was not written is not "no trump"."""

from __future__ import annotations

from conftest import SAMPLES, audit, cli, found, record

from scorekeep import api
from scorekeep.game import Selection


def test_replay_with_legal_shows_the_hooked_dealers_bids_and_the_revokers_one_card() -> None:
    (s,) = api.replay(audit("oh-hell/follow-suit-revoke.yaml"), Selection(legal=True))
    assert s.headers[-1] == "legal at each turn"
    assert s.rows[1][-1] == "North: any; East: 3♥; South: 9♥; West: any"
    assert "legal bids: East 0–3, South 0–3, West 0–3, North 0, 2 or 3 (the hook)" in s.notes


def test_replay_with_legal_without_a_deal_says_what_the_rules_ask() -> None:
    (s,) = api.replay(audit("oh-hell/follow-suit-inferred.yaml"), Selection(legal=True))
    assert s.rows[0][-1] == "East: any; South: ♠ if held; West: ♠ if held; North: ♠ if held"
    assert any("known only by its count" in n for n in s.notes)


def test_replay_cli_legal_flag() -> None:
    r = cli("replay", str(record("oh-hell/follow-suit-revoke.yaml")), "--legal")
    assert r.code == 0 and "legal at each turn" in r.out and "South: 9♥" in r.out


def test_replay_says_trump_not_recorded_when_the_record_does_not_say() -> None:
    # issue 13.16: the seed example's hands give no turned card and no trump
    sections = api.replay(api.audit(api.load(str(SAMPLES / "oh-hell-seed-example.yaml"))))
    assert all("trump not recorded" in s.title and "no trump" not in s.title for s in sections)


def test_written_no_trump_is_a_trump_violation() -> None:
    a = audit("oh-hell/trump-none-written.yaml")
    assert found(a.violations) == [("oh-hell.trump", {"hand": 1})]
    assert "a card is always turned up" in a.violations[0].message
    (s,) = api.replay(a)
    assert "no trump" in s.title and s.rows[0][2] == "South"  # judged as written: no trump
