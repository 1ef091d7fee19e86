"""`scorekeep play` follows the scorer (issue 25): scripted sessions through a pipe, each
answer a line, and what the record holds afterwards.

undo takes back one value; every trick count is asked and the sum is the checker's
(oh-hell.trick-total); a refusal keeps what was typed; resuming says where the table is;
Oh Hell's over/under line; Rook's winning bid alone; edit N reaches every value; names as
typed; short refusals in table words; add's --trump, --replace and --help examples."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from conftest import RECORDS, cli
from typer.testing import CliRunner

from scorekeep import api
from scorekeep.cli import app
from scorekeep.render.text import width

ENTRY = RECORDS / "entry"
PLAYERS = "Ana,Ben,Chloé,Dee"


def play(path: Path, answers: list[str], *flags: str) -> str:
    """Run `play` with `answers` typed one a line (the input ends: quit); what it showed."""
    run = CliRunner().invoke(app, ["play", str(path), *flags], input="".join(a + "\n" for a in answers),
                             catch_exceptions=False)
    assert run.exit_code == 0, run.output
    assert "Traceback" not in run.output
    return run.stdout


def new(tmp_path: Path, game: str = "oh-hell", players: str = PLAYERS, *more: str) -> Path:
    path = tmp_path / "g.yaml"
    run = cli("new", game, str(path), "--players", players, *more)
    assert run.code == 0, run.err
    return path


def copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(ENTRY / name, path)
    return path


def hands(path: Path) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["hands"] or []


START = ["", "", "h"]  # hand 1: 10 cards, Ana deals (Enter takes them), hearts
BIDS = ["3", "3", "1", "2"]  # Ben, Chloé, Dee, Ana (the hook forbids Ana 3)


# --- undo: the last thing typed -----------------------------------------------------------

def test_undo_at_a_trick_count_takes_back_only_the_count_before_it(tmp_path: Path) -> None:
    """The counts typed stay; undo at Dee's count asks Chloé's again, then goes on."""
    path = new(tmp_path)
    out = play(path, [*START, *BIDS, "3", "9", "undo", "4", "2", "1"])
    assert "taken back: the tricks taken by Chloé in hand 1 (9)" in out
    assert hands(path)[0]["tricks"] == {"Ben": 3, "Chloé": 4, "Dee": 2, "Ana": 1}
    assert hands(path)[0]["bids"] == {"Ben": 3, "Chloé": 3, "Dee": 1, "Ana": 2}


def test_undo_at_the_first_count_takes_back_the_dealers_bid_alone(tmp_path: Path) -> None:
    """The last thing typed before the first count is the dealer's bid: that bid, nothing else."""
    path = new(tmp_path)
    out = play(path, [*START, *BIDS, "undo", "4"])
    assert "undone" in out
    assert hands(path)[0]["bids"] == {"Ben": 3, "Chloé": 3, "Dee": 1, "Ana": 4}
    assert "tricks" not in hands(path)[0]


def test_undo_at_the_trump_takes_back_the_dealer(tmp_path: Path) -> None:
    """Within a new hand's values too: undo at the trump asks the dealer again."""
    path = new(tmp_path)
    out = play(path, ["", "", "undo", "ana", "s"])
    assert "taken back: the dealer of hand 1 (Ana)" in out
    assert hands(path)[0]["trump"] == "spades"


def test_undo_after_the_counts_are_written_takes_back_the_last_count_only(tmp_path: Path) -> None:
    """The whole hand's counts were saved as one entry: undo at the next hand takes it back out
    of the record and asks Ana's count again, the others kept; a second undo goes back to Dee's."""
    path = new(tmp_path)
    out = play(path, [*START, *BIDS, "3", "3", "2", "2", "undo", "undo", "3", "1"])
    assert "taken back: the tricks taken by Ana in hand 1 (2)" in out
    assert "taken back: the tricks taken by Dee in hand 1 (2)" in out
    assert out.count("Hand 1: tricks taken by Ben") == 1 and out.count("Hand 1: tricks taken by Chloé") == 1
    assert hands(path)[0]["tricks"] == {"Ben": 3, "Chloé": 3, "Dee": 3, "Ana": 1}
    a = api.audit(api.load(str(path)))
    assert a.ok, a.violations


def _taken(out: str) -> list[str]:
    """What each `undo` said it took back (a prompt answered through a pipe shares its line)."""
    return re.findall(r"taken back: [^\n]*", out)


def test_undo_says_what_it_took_back_in_a_players_words_in_every_game(tmp_path: Path) -> None:
    """daifugo.ranking, daifugo.forbidden-finish, oh-hell.bid-range, rook.bid-step: `undo` says which value
    it took back as the table says it (whose, of which game or hand, the value typed), not the entry's
    field name (`taken back: order`, `fouls`, `Ana`, `North` once)."""
    for game in "dor":
        (tmp_path / game).mkdir()
    out = play(new(tmp_path / "d", "daifugo", "甲,乙,丙,丁"),
               ["甲,乙,丙", "-", "乙,丙,甲", "乙", "undo", "undo", "乙,甲,丙", "-", "undo", "乙, 丙", "undo"])
    assert _taken(out) == ["taken back: 乙's forbidden finish (反則上がり) in set 1 game 2",
                           "taken back: the finishing order of set 1 game 2 (乙, 丙, 甲)",
                           "taken back: no forbidden finish (反則上がり) in set 1 game 2",
                           "taken back: 乙's and 丙's forbidden finishes (反則上がり) in set 1 game 2"]
    out = play(new(tmp_path / "o"), [*START, "3", "undo"])
    assert _taken(out) == ["taken back: Ben's bid in hand 1 (3)"]
    out = play(new(tmp_path / "r", "rook", "North,East,South,West"), ["70", "undo", "75", "pass", "undo"])
    assert _taken(out) == [
        "taken back: East's call in hand 1 (70)", "taken back: South's call in hand 1 (pass)"]


def test_undo_after_a_new_hand_is_written_asks_only_its_trump_again(tmp_path: Path) -> None:
    """The hand's size, dealer and trump were written as one entry: undo at the first bid takes
    the hand back out and asks the trump alone (the size and the dealer kept)."""
    path = new(tmp_path)
    out = play(path, [*START, "undo", "s"])
    assert "taken back: the trump of hand 1 (hearts)" in out
    assert out.count("Hand 1, cards") == 1 and out.count("Hand 1, dealer") == 1
    assert hands(path)[0] == {"cards": 10, "dealer": "Ana", "trump": "spades", "bids": None}


def test_edit_in_the_middle_of_the_counts_keeps_the_counts_typed(tmp_path: Path) -> None:
    """`edit 1` after two counts: the edit (Dee's bid 1 -> 0) is made, then the counts go on at
    Dee's, Ben's and Chloé's kept."""
    path = new(tmp_path)
    out = play(path, [*START, *BIDS, "3", "3", "edit 1", "", "", "", "", "", "0", "", "2", "2"])
    assert ("back to the entry you were typing (the tricks taken by Ben in hand 1 (3), the tricks taken by "
            "Chloé in hand 1 (3) kept)") in " ".join(out.split())  # in a player's words, as undo says them
    assert out.count("Hand 1: tricks taken by Ben") == 1 and out.count("Hand 1: tricks taken by Chloé") == 1
    assert hands(path)[0]["bids"]["Dee"] == 0
    assert hands(path)[0]["tricks"] == {"Ben": 3, "Chloé": 3, "Dee": 2, "Ana": 2}


# --- the trick counts are a check ------------------------------------------------------------

def test_trick_counts_all_asked_a_slip_is_shown_and_corrected_alone(tmp_path: Path) -> None:
    """oh-hell.trick-total: Ben's 2 for 3 is not moved onto Ana; the counts are shown, the scorer
    says whose to correct, and only that count is asked again."""
    path = new(tmp_path)
    out = play(path, [*START, *BIDS, "2", "3", "2", "2", "ben", "3"])
    assert "Ben 2, Chloé 3, Dee 2, Ana 2: 9 tricks of 10" in out
    assert "(oh-hell.trick-total)" in out
    assert "which to correct: Ben, Chloé, Dee, Ana" in out
    assert hands(path)[0]["tricks"] == {"Ben": 3, "Chloé": 3, "Dee": 2, "Ana": 2}
    a = api.audit(api.load(str(path)))
    assert a.ok, a.violations
    assert out.count("tricks taken by Chloé") == 1  # kept, not asked again


def test_fill_last_keeps_the_old_way(tmp_path: Path) -> None:
    """`play --fill-last`: three counts asked, the last is what they leave."""
    path = new(tmp_path)
    out = play(path, [*START, *BIDS, "3", "3", "2"], "--fill-last")
    assert "tricks taken by Ana" not in out
    assert hands(path)[0]["tricks"] == {"Ben": 3, "Chloé": 3, "Dee": 2, "Ana": 2}


def test_fill_last_asks_the_last_count_when_the_others_leave_none(tmp_path: Path) -> None:
    """oh-hell.trick-total under `play --fill-last`: Ben 5, Chloé 4, Dee 3 already make 12 of 10 tricks,
    so nothing is left for Ana; her count was written as 0, a number nobody typed (a user walk). Her
    count is now asked, and what is written is what was typed."""
    path = new(tmp_path)
    out = play(path, [*START, *BIDS, "5", "4", "3", "1", "yes"], "--fill-last")
    assert "tricks taken by Ana" in out, out
    assert hands(path)[0]["tricks"] == {"Ben": 5, "Chloé": 4, "Dee": 3, "Ana": 1}


# --- a refusal keeps what was typed -----------------------------------------------------------

def test_refused_hook_bid_a_number_at_record_anyway_is_the_corrected_bid(tmp_path: Path) -> None:
    """oh-hell.hook: Ana's 3 is refused in a short line; `why` gives the whole ruling; `4` at
    Record it anyway? is the bid."""
    path = new(tmp_path)
    out = play(path, [*START, "3", "3", "1", "3", "why", "4"])
    refusal = [ln for ln in out.splitlines() if "refused:" in ln]
    assert refusal and "(oh-hell.hook)" in out
    assert "bidding 3 would make the bids total exactly 10" in " ".join(out.split())  # `why`
    assert hands(path)[0]["bids"]["Ana"] == 4


def test_refused_hand_size_asks_the_size_alone_and_keeps_the_dealer(tmp_path: Path) -> None:
    """oh-hell.hand-size: 9 cards in hand 1 is refused as soon as it is typed; `10` at Record it
    anyway? is the size, then the dealer is asked once."""
    path = new(tmp_path)
    out = play(path, ["9", "10", "", "c"])
    assert "(oh-hell.hand-size)" in out
    assert out.count("Hand 1, dealer") == 1
    assert hands(path)[0] == {"cards": 10, "dealer": "Ana", "trump": "clubs", "bids": None}


def test_refused_dealer_keeps_the_size(tmp_path: Path) -> None:
    """oh-hell.dealer-rotation: a wrong dealer is asked again alone, the size typed kept."""
    path = new(tmp_path)
    out = play(path, ["", "ben", "no", "ana", "d"])
    assert "(oh-hell.dealer-rotation)" in out
    assert out.count("Hand 1, cards") == 1
    assert hands(path)[0]["dealer"] == "Ana"


def test_wrong_trump_is_not_a_suit(tmp_path: Path) -> None:
    path = new(tmp_path)
    out = play(path, ["", "", "green", "h"])
    assert "`green` is not a suit" in out and "not a player" not in out


# --- resuming -------------------------------------------------------------------------------

def test_resume_says_hand_dealer_trump_bids_table_and_the_violations(tmp_path: Path) -> None:
    """oh-hell.trick-total already in the record is listed; where the table is, then the prompt."""
    path = copy(tmp_path, "oh-hell-mid-hand-with-a-violation.yaml")
    out = play(path, [])
    assert "Hand 2: 9 cards, Ben deals, spades trump; bids: Chloé 2." in out
    assert "already has 1 violation" in out and "(oh-hell.trick-total)" in out
    assert re.search(r"Ana +Ben +Chloé +Dee", out)  # the compact table
    assert out.rstrip().splitlines()[-2].startswith("Hand 2 (9 cards): Dee's bid")


# --- the over/under line, "1 card" ------------------------------------------------------------

def test_over_under_line_after_the_bids(tmp_path: Path) -> None:
    path = new(tmp_path)
    out = play(path, [*START, "3", "3", "1", "4"])
    assert "bids total 11 on 10 tricks: over by 1" in out


def test_one_card_hand_is_one_card_and_the_final_table_shows_once(tmp_path: Path) -> None:
    """A 2..1 game: the hand of 1 card says so; the table after the last hand is not repeated
    at the end."""
    path = new(tmp_path, "oh-hell", PLAYERS, "--rule", "deal_pattern=2..1")
    answers = ["", "", "s", "1", "0", "0", "0", "1", "0", "0", "1",
               "", "", "s", "0", "0", "0", "0", "1", "0", "0", "0", ""]
    out = play(path, answers)
    assert "Hand 2: 1 card, Ben deals." in out and "(1 card)" in out and "1 cards" not in out
    end = out[out.index("hand 2 scores"):]
    assert end.count("standings:") == 1 and "The game is over." in end


# --- Rook ---------------------------------------------------------------------------------------

def test_rook_winning_bid_alone_in_one_step(tmp_path: Path) -> None:
    """`bid East 90` writes the winning bid alone (as `add --bid`); trump, points follow."""
    path = new(tmp_path, "rook", "North,East,South,West")
    out = play(path, ["bid East 90", "g", "80"])
    # the prompt says what it is (a walk typed it for a call out of turn, which ended the auction)
    assert "Hand 1: East's call (pass or 70–120 by 5; bid NAME N: the winning bid alone)" in out
    assert "the auction is over: East takes it at 90" in out
    assert hands(path)[0] == {"dealer": "North", "bid": {"East": 90}, "trump": "green",
                              "points": {"East/West": 80, "North/South": 40}}
    assert "East/West bid 90: set" in out


def test_rook_name_and_amount_is_still_a_call_out_of_turn(tmp_path: Path) -> None:
    """rook.bid-order: `south 90` at East's turn is a call South made out of turn, refused. The refusal
    says whose turn it was in its first line (it once came last, and the two-line cut dropped it)."""
    path = new(tmp_path, "rook", "North,East,South,West")
    out = play(path, ["south 90", "no", "pass"])
    assert "(rook.bid-order)" in out
    refusal = next(line for line in out.splitlines() if "refused:" in line)
    assert "refused: South called 90 out of turn: it was East's turn" in refusal, refusal
    assert hands(path)[0]["bidding"] == [{"East": "pass"}]


def test_rook_call_out_of_turn_recorded_anyway_says_who_is_taken_as_passed(tmp_path: Path) -> None:
    """rook.bid-order: a call out of turn recorded anyway is read as if the skipped players had passed
    (check: "The bidding goes on as if West had passed"). The refusal's two-line cut dropped that, and
    play went on to the next caller without a word of West; it now says West is taken as passed, and
    says nothing of the kind after a call in turn."""
    path = new(tmp_path, "rook", "North,East,South,West")
    out = play(path, ["70", "pass", "north 80", "yes"])  # East 70, South pass; North calls at West's turn
    assert "recorded as a violation: rook.bid-order" in out
    assert "West is taken as having passed (rook.bid-order)" in out, out
    assert hands(path)[0]["bidding"] == [{"East": 70}, {"South": "pass"}, {"North": 80}]
    (tmp_path / "in-turn").mkdir()
    assert "taken as having passed" not in play(new(tmp_path / "in-turn", "rook", "North,East,South,West"),
                                                 ["70", "pass", "pass"])


def test_rook_bid_name_amount_after_the_first_call_is_that_players_call(tmp_path: Path) -> None:
    """rook.bid-end: `bid NAME N`, the winning bid alone, is offered at the first call only (for a table
    that notes only the winner). Typed later, at West's turn, it ended the auction ('West takes it at
    100') before North had called, a call nobody made written as the winner. Now it is West's call."""
    path = new(tmp_path, "rook", "North,East,South,West")
    out = play(path, ["pass", "pass", "bid west 100", "pass", "green"])
    assert hands(path)[0]["bidding"] == [{"East": "pass"}, {"South": "pass"}, {"West": 100}, {"North": "pass"}]
    assert "bid" not in hands(path)[0], hands(path)[0]
    assert "the auction is over: West takes it at 100" in out
    assert "`bid NAME N`, the winning bid alone, is for the first call: read as West's call" in " ".join(out.split())


def test_rook_points_not_a_multiple_of_5_are_blamed_on_the_figure_typed(tmp_path: Path) -> None:
    """rook.points-total: Them's typed 87 was refused as "Us captured 33" (the rest written for the
    other team, a number nobody typed, named first). The refusal now names Them's 87, and recorded
    anyway the record holds only what was typed."""
    path = new(tmp_path, "rook", "Ann,Bo,Cy,Di", "--teams", "Us,Them")
    out = play(path, ["bid bo 100", "g", "87", "yes"])
    assert "refused: Them captured 87" in out and "captured 33" not in out, out
    # the rule comes first, within the two lines a refusal is cut to (it once came after the counters)
    assert "Them captured 87, but each team's points are a multiple of 5 from 0 to 120" in " ".join(out.split())
    assert hands(path)[0]["points"] == {"Them": 87}


def test_daifugo_a_finished_match_resumed_says_it_is_over_once(tmp_path: Path) -> None:
    """daifugo.game-over (house rule `sets: N`): resuming a finished match said "The match is over."
    twice, once where the table stands and once as the dialogue's last line."""
    path = tmp_path / "g.yaml"
    shutil.copy(RECORDS / "daifugo/match-one-set.yaml", path)
    out = play(path, [])
    assert out.count("The match is over.") == 1, out
    # and, as every resume, the table stands with the violations the record already has (review)
    assert "The record already has 1 violation:" in out and "is finished." in out, out


@pytest.mark.parametrize("rules, typed, wrong", [("", "72", "raise"), ("rules: {bid_step: 10}\n", "75", "5"),
                                               ("rules: {min_bid: 80}\n", "75", "70"),
                                               ("rules: {max_bid: 150}\n", "155", "120")])
def test_rook_bid_refusals_hold_no_number_the_house_rules_change(tmp_path: Path, rules: str, typed: str,
                                                                 wrong: str) -> None:
    """rook.bid-step, rook.bid-minimum, rook.bid-maximum: a refused call was introduced by its rule's title,
    which names the tournament's numbers: an opening 72 was told "raise by 5", and under `bid_step: 10` a
    75 was told "raise by 5" too. The refusal's words hold no number the house rules change; the calls
    it offers are the engine's."""
    path = tmp_path / "g.yaml"
    path.write_text(f"game: rook\nplayers: [Ann, Bo, Cy, Di]\n{rules}hands: []\n", encoding="utf-8")
    out = " ".join(play(path, [typed, "no"]).split())
    refusal = out[out.index("refused: "):out.index("Record it anyway?")]
    head = refusal.split(";")[0]
    assert wrong not in head.split(), refusal
    assert "Bo may call pass" in refusal


@pytest.mark.parametrize("typed, corrected, written", [
    ("bid di 93", "90", {"bid": {"Di": 90}}),  # the winning bid alone, its amount corrected
    ("di 83", "85", {"bidding": [{"Bo": 85}]}),  # refused as out of turn: the amount is Bo's, whose turn it was
    ("83", "85", {"bidding": [{"Bo": 85}]}),  # Bo's own call
    ("bid di 93", "pass", {"bidding": [{"Bo": "pass"}]}),  # a pass is no winning bid: Bo's (review)
])
def test_rook_a_corrected_amount_corrects_the_call_it_was_typed_for(tmp_path: Path, typed: str, corrected: str,
                                                                  written: dict) -> None:
    """rook.bid-step: at `Record it anyway?` a value is the corrected one (README). After a refused `bid Cy
    93`, the corrected `90` was written as Bo's call (the player asked), so a winning bid nobody typed for
    Bo went in and Cy's was lost; a corrected amount of a winning bid now stays that bid. A call refused
    for being out of turn is corrected by the player whose turn it was, as the refusal says (review)."""
    path = new(tmp_path, "rook", "Ann,Bo,Cy,Di")
    play(path, [typed, corrected, "yes"])
    hand = hands(path)[0]
    assert {k: hand[k] for k in written} == written, hand


def test_quit_in_the_middle_of_an_entry_says_what_is_not_saved(tmp_path: Path) -> None:
    """oh-hell.trick-total: a hand's tricks are judged, and saved, together. `quit` after two of four
    counts said only "saved; … resumes here", and on resume both counts were gone; it now says which
    typed values were not saved."""
    path = new(tmp_path)
    out = play(path, ["10", "", "clubs", "2", "3", "2", "2", "3", "4", "quit"])
    assert "not saved: the tricks taken by Ben in hand 1 (3), the tricks taken by Chloé in hand 1 (4)" in \
        " ".join(out.split()), out
    assert "tricks" not in hands(path)[0]
    # at `Record it anyway?` too, and after `edit N` brought the typed counts back (review)
    out = " ".join(play(path, ["3", "3", "3", "3", "quit"]).split())
    assert "not saved: the tricks taken by Ben in hand 1 (3)" in out, out
    out = " ".join(play(path, ["3", "edit 1", "undo", "quit"]).split())
    assert "not saved: the tricks taken by Ben in hand 1 (3)" in out, out


def test_oh_hell_edit_asks_the_tricks_beside_the_bid_as_retyped(tmp_path: Path) -> None:
    """oh-hell.scoring: at `edit 1` Chloé's bid was changed to 2, and the next question still said
    "tricks taken by Chloé (bid 1)", the bid before the correction (a user walk)."""
    path = new(tmp_path)
    play(path, ["10", "", "clubs", "2", "3", "1", "2", "3", "4", "1", "2"])
    out = play(path, ["edit 1", "", "", "", "", "2", "", "", ""])
    assert "tricks taken by Chloé (bid 2)" in out, out
    # quit there: only the value changed is said not to be saved, not those kept as written
    assert "not saved: Chloé's bid in hand 1 (2) (an entry" in " ".join(out.split()), out
    # a trump not noted, kept with Enter, is no change either (its value and its default are spelt apart)
    path2 = new(tmp_path / "b" if (tmp_path / "b").mkdir() is None else tmp_path)
    play(path2, ["10", "", "-", "2", "3", "1", "2", "3", "4", "1", "2"])
    out = " ".join(play(path2, ["edit 1", "", "", "", "", "2", "", "", ""]).split())
    assert "not saved: Chloé's bid in hand 1 (2) (an entry" in out, out


def test_undo_of_a_correction_says_it_took_the_correction_back(tmp_path: Path) -> None:
    """`undo` right after `edit 1` put the record back as it was, the correction and its history entry
    gone, and said only "undone" (a user walk). It now names the correction it took back."""
    path = new(tmp_path)
    play(path, ["10", "", "clubs", "2", "3", "1", "2", "3", "4", "1", "2"])
    before = path.read_bytes()
    out = play(path, ["edit 1", "", "", "", "", "2", "", "", "", "", "", "", "undo"])
    assert "undone: the change to hand 1, and its history" in " ".join(out.split()), out
    assert path.read_bytes() == before


def test_rook_undo_takes_back_the_points_not_the_next_hands_deal(tmp_path: Path) -> None:
    """rook.dealer-rotation: once a hand's points are in, `play` writes the next hand's dealer itself (the
    rotation gives it). `undo` took back that dealer, which `play` wrote again at once, so the points could
    never be undone (review), nor after a resume. Undo now takes back the last thing typed, the points,
    and the next hand's deal with them."""
    path = tmp_path / "g.yaml"
    path.write_text("game: rook\nplayers: [Ann, Bo, Cy, Dee]\nfirst_dealer: Dee\nhands:\n"
                    "  - bid: {Cy: 90}\n    trump: red\n", encoding="utf-8")
    before = path.read_bytes()
    out = play(path, ["95", "undo"])
    assert "taken back: the points captured by" in out or "undone" in out, out
    assert path.read_bytes() == before, path.read_text(encoding="utf-8")
    play(path, ["95"])  # then a resume: the record ends with hand 2's deal, written by play
    out = play(path, ["undo"])
    assert "undone: the points captured in hand 1 taken out of the record" in " ".join(out.split()), out
    assert "points" not in hands(path)[0] and len(hands(path)) == 1  # (hand 1's points asked again)


def test_rook_edit_of_an_auction_written_as_plain_calls(tmp_path: Path) -> None:
    """rook.bid-order: `bidding: [70, 75]`, calls written without their players (the spec's own form, read
    in turn), could not be corrected: `edit 1` named the callers "None" and refused every value (review).
    The callers are the replay's; the corrected call is written with its player, the others as they were."""
    path = tmp_path / "g.yaml"
    path.write_text("game: rook\nplayers: [North, East, South, West]\nhands:\n  - dealer: North\n"
                    "    bidding: [70, 75]\n", encoding="utf-8")
    out = play(path, ["edit 1", "2", "80"])
    assert "calls 1 East 70, 2 South 75" in out and "None" not in out, out
    assert hands(path)[0]["bidding"] == [70, {"South": 80}]
    assert api.audit(api.load(str(path))).ok


def test_rook_team_names_at_new(tmp_path: Path) -> None:
    path = new(tmp_path, "rook", "North,East,South,West", "--teams", "Us,Them")
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["teams"] == {"Us": ["North", "South"], "Them": ["East", "West"]}
    out = play(path, ["70", "pass", "pass", "pass", "red", "100"])  # East (Them) calls first
    assert "points captured by Them" in out and "Them bid 70: made" in out


def test_rook_points_past_the_counters_are_written_as_typed_and_blamed_on_that_team(tmp_path: Path) -> None:
    """rook.points-total ("one team's 125 is one, not −5 for the other"): Them typed 130 was refused as
    "Us captured -10", and recorded anyway it wrote `{Them: 130, Us: -10}`, a number nobody typed. The
    refusal now names Them's 130, and the record holds what was typed."""
    path = new(tmp_path, "rook", "Ann,Bo,Cy,Di", "--teams", "Us,Them")
    out = play(path, ["bid bo 100", "g", "130", "yes"])
    assert "refused: Them captured 130" in out and "captured -10" not in out
    assert hands(path)[0]["points"] == {"Them": 130}
    found = cli("check", str(path), "--format", "json").out
    assert "Them captured 130" in found and "captured -10" not in found


@pytest.mark.parametrize("typed", ["♥", "H", "hea", "hearts"])
def test_oh_hell_trump_typed_as_a_record_writes_it(tmp_path: Path, typed: str) -> None:
    """oh-hell.trump: the trump prompt refused `♥` ("`♥` is not a suit"), which the record format
    accepts and the sheet shows; a suit's symbol or letter is read as the suit, as `add --trump` reads it."""
    path = new(tmp_path)
    play(path, ["", "", typed])
    assert hands(path)[0]["trump"] == "hearts"


def test_oh_hell_edit_shows_each_bids_legal_bids_in_the_hand_as_retyped(tmp_path: Path) -> None:
    """oh-hell.hook, oh-hell.bid-range: at `edit N` the bid prompts showed no legal bids, so the dealer's
    hooked bid went in unseen; each now shows the engine's legal bids in the hand as retyped so far
    (its size too), and the whole hand is judged at the end, as before."""
    path = copy(tmp_path, "oh-hell-hand-done.yaml")
    out = play(path, ["edit 1", "", "", "", "", "", "", "1", "", "", "", "", "no"])
    edit = out[out.index("reopening hand 1"):]
    assert "East's bid (0–3) [1]:" in edit and "North's bid (0, 2, 3) [0]:" in edit
    assert "refused: the hook" in edit and hands(path)[0]["bids"]["North"] == 0  # declined: nothing written
    resized = play(path, ["edit 1", "2", "", "", "", "", "", ""])
    assert "East's bid (0–2) [1]:" in resized and "North's bid (1, 2) [0]:" in resized


def test_rook_game_over_is_said_once(tmp_path: Path) -> None:
    """rook.game-end: the hand that passes 300 ends the game; the table's last line says who won, and
    the line after it said the same again."""
    out = play(copy(tmp_path, "rook-one-hand-from-300.yaml"), ["bid bo 100", "g", "120"])
    assert out.count("game over after hand 3: Them wins, 360 to -120") == 1, out
    assert "The game is over." in out


def test_rook_sheet_marks_not_counted_only_where_a_score_is_flagged() -> None:
    """rook.all-pass, rook.game-end: a thrown-in hand shows 0 and is no `!` hand, but its sheet said
    `!: not counted` with no `!` anywhere; a hand played after the game was won is flagged and explained."""
    thrown = cli("score", str(RECORDS / "rook" / "all-pass.yaml")).out
    assert "all pass" in thrown and "!" not in thrown
    late = cli("score", str(RECORDS / "rook" / "game-end.yaml")).out
    assert "+10!" in late and "!: not counted" in late


def test_rook_edit_reaches_bidder_bid_trump_points(tmp_path: Path) -> None:
    path = new(tmp_path, "rook", "North,East,South,West")
    play(path, ["70", "pass", "pass", "pass", "red", "100"])
    out = play(path, ["edit 1", "south", "85", "black", "90"])
    assert "hand 1 corrected" in out
    h = hands(path)[0]
    assert h["bid"] == {"South": 85} and "bidding" not in h and h["trump"] == "black"
    assert h["points"] == {"North/South": 90, "East/West": 30}
    hist = yaml.safe_load(path.read_text(encoding="utf-8"))["history"]
    assert [e["key"] for e in hist] == ["bid", "trump", "points"]


# --- edit N: everything a hand holds ------------------------------------------------------------

def test_rook_edit_during_the_auction_corrects_a_call(tmp_path: Path) -> None:
    """`edit 1` while hand 1 is being bid: which call, then its new value, the engine's legal
    calls at that point offered (rook.bid-minimum, rook.bid-step: South, after East's pass, may
    bid 70 up). Later calls still legal stay; those the correction makes illegal (West's 80 after
    South's 85) are said and called again; the old auction is kept in history."""
    path = new(tmp_path, "rook", "North,East,South,West")
    out = play(path, ["70", "75", "80", "pass", "edit 1", "1", "pass"])
    assert "no longer legal" not in out
    assert hands(path)[0]["bidding"] == [{"East": "pass"}, {"South": 75}, {"West": 80}, {"North": "pass"}]
    out = play(path, ["edit 1", "2", "85", "90"])
    assert "call 2, South's (pass or 70–120 by 5)" in out  # after East's pass: the minimum again
    assert "to be called again: West 80, North pass" in out
    assert hands(path)[0]["bidding"] == [{"East": "pass"}, {"South": 85}, {"West": 90}]
    hist = yaml.safe_load(path.read_text(encoding="utf-8"))["history"]
    assert [e["key"] for e in hist] == ["bidding", "bidding"]
    assert hist[-1]["was"] == [{"East": "pass"}, {"South": 75}, {"West": 80}, {"North": "pass"}]


def test_oh_hell_edit_reaches_trump_and_every_bid(tmp_path: Path) -> None:
    path = new(tmp_path)
    play(path, [*START, *BIDS, "3", "3", "2", "2"])
    out = play(path, ["edit 1", "", "", "spades", "4", "", "", "1", "", "", "", ""])
    assert "hand 1 corrected" in out
    h = hands(path)[0]
    assert h["trump"] == "spades" and h["bids"] == {"Ben": 4, "Chloé": 3, "Dee": 1, "Ana": 1}
    assert api.audit(api.load(str(path))).ok


def test_oh_hell_edit_the_current_hand_earlier_bid(tmp_path: Path) -> None:
    """`edit 2` while hand 2 is being bid: its size, dealer, trump and the bids so far."""
    path = copy(tmp_path, "oh-hell-mid-hand-with-a-violation.yaml")
    out = play(path, ["edit 2", "", "", "", "1"])
    assert "reopening hand 2" in out and "hand 2 corrected" in out
    assert hands(path)[1]["bids"] == {"Chloé": 1}


def test_daifugo_edit_any_game_of_any_set(tmp_path: Path) -> None:
    path = new(tmp_path, "daifugo", "甲,乙,丙,丁")
    games = [("甲 乙 丙", "-"), ("丙 乙 丁", "-"), ("乙 丙 甲", "乙"), ("甲 丁", "丁"), ("甲 乙 丙", "-")]
    play(path, [x for g in games for x in g])
    out = play(path, ["edit 1.1", "乙, 甲, 丙", ""])
    assert "set 1 game 1 corrected" in out
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["sets"][0]["games"][0]["out"] == ["乙", "甲", "丙"]
    assert doc["history"][0]["set"] == 1 and doc["history"][0]["game"] == 1


def test_daifugo_an_order_that_does_not_end_the_game_is_asked_again_not_saved(tmp_path: Path) -> None:
    """daifugo.ranking, daifugo.miyako-ochi: `乙` alone for game 1 was saved without a word, the game
    asked again, and the next answer wrote over it (乙 lost). An order that leaves the game unsettled,
    as the checker replays it, is now asked again, naming who is still playing; in game 2 乙, last
    game's 大富豪, falls when 丁 goes out first, so `丁 乙` leaves 甲 and 丙 playing."""
    path = new(tmp_path, "daifugo", "甲,乙,丙,丁")
    out = play(path, ["乙", "乙 丙 甲", "", "丁 乙", "丁 乙 丙", ""])
    assert "set 1 game 1 is not over with that order: 甲, 丙 and 丁 have not gone out" in " ".join(out.split())
    assert "set 1 game 2 is not over with that order: 甲 and 丙 have not gone out" in " ".join(out.split())
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [g["out"] for g in doc["sets"][0]["games"]] == [["乙", "丙", "甲"], ["丁", "乙", "丙"]]


def test_daifugo_a_game_in_progress_is_kept_until_replaced_on_purpose(tmp_path: Path) -> None:
    """daifugo.ranking: `add --out 乙` writes a game in progress; a second `add --out 丁` replaced it
    (exit 0, 乙 lost). It is now refused with exit 2 unless --replace. `play` on such a record says the
    game is in progress and offers its order, and replaces it only with an order that ends the game."""
    path = new(tmp_path, "daifugo", "甲,乙,丙,丁")
    assert cli("add", str(path), "--out", "乙").code == 0
    before = path.read_bytes()
    again = cli("add", str(path), "--out", "丁")
    assert again.code == 2 and "set 1 game 1 is not over and already has the finishing order (乙)" in again.err
    assert path.read_bytes() == before
    out = play(path, ["", "乙 丙 丁", ""])
    assert "Set 1, game 1 is in progress: the record has 乙 out so far." in out
    assert "who went out, first to last [乙]:" in out and "is not over with that order" in out
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["sets"][0]["games"] == [{"out": ["乙", "丙", "丁"]}]
    assert [(h["set"], h["game"], h["key"], h["was"], h["now"]) for h in doc["history"]] == \
        [(1, 1, "out", ["乙"], ["乙", "丙", "丁"])]  # the order replaced is kept
    assert cli("add", str(path), "--out", "甲 乙").code == 0  # game 2 in progress
    assert cli("add", str(path), "--out", "甲 乙 丙", "--replace").code == 0
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["sets"][0]["games"][1] == {"out": ["甲", "乙", "丙"]} and doc["history"][1]["was"] == ["甲", "乙"]


def test_daifugo_forbidden_finishes_that_leave_the_game_open_are_asked_again(tmp_path: Path) -> None:
    """daifugo.miyako-ochi, daifugo.ranking (review): `乙, 丙` ends game 2 when both finish legally (甲,
    last game's 大富豪, falls), but not when both were forbidden finishes, which never make 甲 fall; those
    fouls were saved, the game left open without a word. They are asked again; `乙` alone ends it."""
    path = copy(tmp_path, "daifugo-one-game.yaml")
    out = " ".join(play(path, ["乙,丙", "乙,丙", "乙"]).split())
    assert "set 1 game 2 is not over with those forbidden finishes: 甲 and 丁 have not gone out" in out
    game = yaml.safe_load(path.read_text(encoding="utf-8"))["sets"][0]["games"][1]
    assert game == {"out": ["乙", "丙"], "fouls": ["乙"]}


def test_daifugo_a_game_in_progress_keeps_its_fouls_and_add_keeps_what_it_holds(tmp_path: Path) -> None:
    """daifugo.ranking (review): `play` offered a game in progress its order but not its forbidden
    finishes, so Enter deleted them; `add` wrote over what the game held but its order without --replace.
    Both are offered or kept now, and a value left as it was writes no history."""
    path = copy(tmp_path, "daifugo-one-game.yaml")
    text = path.read_text(encoding="utf-8") + "      - {out: [乙], fouls: [乙]}\n"
    path.write_text(text, encoding="utf-8")
    again = cli("add", str(path), "--out", "乙,丙")
    assert again.code == 2 and "already has the finishing order (乙); the forbidden finishes (乙)" in again.err
    assert path.read_text(encoding="utf-8") == text
    out = play(path, ["乙,丙", ""])
    assert "Forbidden finishes (反則上がり) among them (- for none) [乙]:" in out
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["sets"][0]["games"][1] == {"out": ["乙", "丙"], "fouls": ["乙"]}
    assert [(h["key"], h["was"], h["now"]) for h in doc["history"]] == [("out", ["乙"], ["乙", "丙"])]


def test_daifugo_edit_judges_a_new_order_with_the_forbidden_finishes_typed_after_it(tmp_path: Path) -> None:
    """daifugo.miyako-ochi (review): `edit 2` judged the order typed with the game's old fouls, so
    `乙, 丙` (which ends the game when both finish legally) was refused as leaving 甲 and 丁 playing."""
    path = copy(tmp_path, "daifugo-one-game.yaml")
    play(path, ["乙,丙,丁", "乙,丙", "甲 乙 丙", "-"])
    out = play(path, ["edit 2", "乙,丙", "-"])
    assert "is not over" not in out and "set 1 game 2 corrected" in out
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["sets"][0]["games"][1] == {"out": ["乙", "丙"]}


def test_daifugo_an_order_for_a_game_with_its_plays_written_keeps_the_plays(tmp_path: Path) -> None:
    """daifugo.ranking: a game in progress with its plays written (a hand-kept record) was replaced whole
    by the order `play` asked for: every play and comment of it was lost. The order is now written
    beside the plays, every other byte kept."""
    path = tmp_path / "g.yaml"
    before = (RECORDS / "daifugo" / "joker-revolution.yaml").read_text(encoding="utf-8")
    path.write_text(before, encoding="utf-8")
    play(path, ["乙 丙 甲", ""])
    after = path.read_text(encoding="utf-8")
    assert after.replace("        out: [乙, 丙, 甲]\n", "", 1) == before, after


def test_daifugo_undo_after_a_resume_keeps_plays_and_a_sets_own_seats(tmp_path: Path) -> None:
    """`undo` at the first prompt after a resume removed the record's whole last game, or its whole set:
    a game kept with its plays lost them, and a set's own seating went with its only game. A game with
    its plays is not undone (as Oh Hell and Rook keep a hand with its plays); a set keeps its seats."""
    path = tmp_path / "g.yaml"
    played = (RECORDS / "daifugo" / "joker-revolution.yaml").read_bytes()
    path.write_bytes(played)
    assert "nothing to undo" in play(path, ["undo"])
    assert path.read_bytes() == played
    path.write_bytes((RECORDS / "daifugo" / "set-with-own-seats.yaml").read_bytes())
    assert "undone" in play(path, ["undo"])
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["sets"][1] == {"players": ["甲", "丙", "乙", "丁"], "games": []}


@pytest.mark.parametrize("name, said", [
    ("oh-hell-hand-done.yaml", "undone: the tricks taken in hand 1 taken out of the record"),
    ("rook-to-300.yaml", "undone: the points captured in hand 5 taken out of the record"),
    ("daifugo-one-game.yaml", "undone: set 1 game 1 (甲, 乙, 丙) taken out of the record"),
])
def test_undo_after_a_resume_says_what_it_took_out(tmp_path: Path, name: str, said: str) -> None:
    """`undo` at the first prompt after a resume takes the record's last entry out, and said only
    "undone" (the walk: all of a Daifugō game went, unnamed). It names what it took out."""
    out = play(copy(tmp_path, name), ["undo"])
    assert said in out, out


# --- names as typed -----------------------------------------------------------------------------

def test_daifugo_names_with_spaces_commas_or_spaces(tmp_path: Path) -> None:
    """`Mary Ann` and `Mary`: a list with commas, or with spaces where the words make a name."""
    path = copy(tmp_path, "daifugo-names-with-spaces.yaml")
    play(path, ["mary ann, bo, mary", "-", "Mary Ann Mary Bo", "-"])
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [g["out"] for g in doc["sets"][0]["games"]] == [["Mary Ann", "Bo", "Mary"], ["Mary Ann", "Mary", "Bo"]]


def test_a_name_that_begins_with_a_command_is_a_name(tmp_path: Path) -> None:
    """`Edith` is not `edit`, `ed` is Edith's start; a player called Undo is named, not undone."""
    path = new(tmp_path, "oh-hell", "Edith,Undo,Cy,Di")
    out = play(path, ["", "Ed", "s", "undo", "cy", "Edith", "Di"])
    assert "edit which" not in out
    h = hands(path)[0]
    assert h["dealer"] == "Edith"
    out = play(path, ["1", "1", "1", "edit", "3"])  # `edit` alone is the command, asking which
    assert "edit which?" in out


def test_daifugo_edith_at_the_prompt(tmp_path: Path) -> None:
    path = new(tmp_path, "daifugo", "Edith,Undo,Cy,Di")
    play(path, ["Edith Undo Cy", "-"])  # names, not the commands `edit` and `undo`
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["sets"][0]["games"][0]["out"] == ["Edith", "Undo", "Cy"]


def test_long_names_are_shortened_in_the_table_and_given_in_full(tmp_path: Path) -> None:
    path = new(tmp_path, "oh-hell", "Maximiliana Featherstonehaugh,Ben,Chloé,Dee")
    out = play(path, ["", "", "s", "3", "3", "1", "2", "3", "3", "2", "2"])
    table = out[out.index("Oh Hell\n"):out.index("standings:")]
    assert "Maximiliana…" in table and "(Maximiliana… is Maximiliana Featherstonehaugh)" in table
    assert max(width(ln) for ln in table.splitlines()) <= 80


# --- short plain messages -------------------------------------------------------------------

def test_refusals_fit_two_lines_in_table_words_with_the_rule_id_last(tmp_path: Path) -> None:
    """daifugo.ranking: the record's key `fouls` is said as the table says it."""
    path = new(tmp_path, "daifugo", "甲,乙,丙,丁")
    out = play(path, ["甲 乙 丙", "-", "丙 乙 甲", "甲", "fouls", "-"])
    lines = out[out.index("  refused:"):].splitlines()  # (through a pipe the prompt ends no line)
    block = lines[:2] if "(daifugo.ranking)" not in lines[0] else lines[:1]
    assert block[-1].rstrip().endswith("(daifugo.ranking)")
    assert all(width(ln) <= 80 for ln in block)
    assert "`fouls`" not in out and "the forbidden finishes" in out


# --- add ----------------------------------------------------------------------------------------

def test_add_help_examples_work_with_the_players_new_makes(tmp_path: Path) -> None:
    """Every example of `add --help`, in order, on the records `new --help`'s examples make."""
    import os
    import shlex

    def examples(cmd: str) -> list[str]:
        text = cli(cmd, "--help").out
        return [ln.strip() for ln in text.splitlines() if ln.strip().startswith(f"scorekeep {cmd} ")]

    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for ex in examples("new"):
            assert cli(*shlex.split(ex)[1:]).code == 0, ex
        shutil.copy("rook.yaml", "rook-plain.yaml")
        cli("new", "daifugo", "d.yaml", "--players", "甲,乙,丙,丁")  # made by the examples already
        for ex in examples("add"):
            for one in ex.split(" ; "):
                run = cli(*shlex.split(one)[1:])
                assert run.code == 0, (one, run.err)
    finally:
        os.chdir(here)


def test_add_trump_g_writes_the_word(tmp_path: Path) -> None:
    path = new(tmp_path, "rook", "North,East,South,West")
    assert cli("add", str(path), "--bid", "East=90", "--trump", "g").code == 0
    assert hands(path)[0]["trump"] == "green"
    oh = tmp_path / "o.yaml"
    cli("new", "oh-hell", str(oh), "--players", PLAYERS)
    assert cli("add", str(oh), "--trump", "H", "--bids", "Ben=1").code == 0
    assert hands(oh)[0]["trump"] == "hearts"


def test_add_refuses_a_written_value_unless_replace_and_logs_it(tmp_path: Path) -> None:
    path = new(tmp_path)
    assert cli("add", str(path), "--bids", "Ben=2").code == 0
    run = cli("add", str(path), "--bids", "Ben=3")
    assert run.code == 2 and "already has Ben's bid (2)" in run.err and "--replace" in run.err
    assert hands(path)[0]["bids"] == {"Ben": 2}
    assert cli("add", str(path), "--bids", "Ben=3", "--replace").code == 0
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["hands"][0]["bids"] == {"Ben": 3}
    assert doc["history"][0]["was"] == {"Ben": 2} and doc["history"][0]["now"] == {"Ben": 3}


# --- cards: 0 -----------------------------------------------------------------------------------

def test_a_hand_of_no_cards_is_a_violation_never_a_crash(tmp_path: Path) -> None:
    """oh-hell.hand-size: `cards: 0` is reported (exit 1), and `play` goes on from it."""
    path = copy(tmp_path, "oh-hell-cards-0.yaml")
    run = cli("check", str(path))
    assert run.code == 1 and "oh-hell.hand-size" in run.out
    out = play(path, [])
    assert "(oh-hell.hand-size)" in out


# --- stats and history in 80 columns ------------------------------------------------------------

def test_stats_and_history_fit_80_columns_for_four_players(tmp_path: Path) -> None:
    from conftest import SAMPLES

    for f in SAMPLES.glob("*.yaml"):
        out = cli("stats", str(f)).out
        assert max(width(ln) for ln in out.splitlines()) <= 80, f
    path = new(tmp_path)
    play(path, [*START, *BIDS, "3", "3", "2", "2"])
    play(path, ["edit 1", "", "", "", "", "", "", "", "2", "4", "2", "2"])
    out = cli("score", str(path), "--history").out
    assert "Chloé 3 → 4" in out
    assert max(width(ln) for ln in out.splitlines()) <= 80


def test_daifugo_miyako_ochi_line_says_the_rank_fallen_to(tmp_path: Path) -> None:
    """daifugo.miyako-ochi: with 乙's forbidden finish taking 大貧民, the fallen 甲 is 貧民."""
    path = new(tmp_path, "daifugo", "甲,乙,丙,丁")
    out = play(path, ["甲 乙 丙", "-", "丙, 乙", "乙"])
    assert "都落ち: 甲, last game's 大富豪, falls to 貧民" in out


# --- the Table protocol is all a front end needs ---------------------------------------------

class ScriptedTable:
    """A front end with nothing but the protocol's members (`__slots__`: any other attribute the
    dialogue reached for would fail), answers from a script, what is shown kept."""

    __slots__ = ("s", "fill_last", "keeps", "answers", "shown")

    def __init__(self, session, answers: list[str]) -> None:  # type: ignore[no-untyped-def]
        self.s = session
        self.fill_last = False
        self.keeps = "Enter keeps what is written"
        self.answers = list(answers)
        self.shown: list[str] = []

    def say(self, text: str = "", style: str | None = None) -> None:
        self.shown.append(text)

    def ask(self, text: str, default: str | None = None, *, choices=None, many: bool = False) -> str:  # type: ignore[no-untyped-def]
        from scorekeep.entry import Quit, Reopen, Undo

        self.shown.append(text)
        if not self.answers:
            raise Quit()
        a = self.answers.pop(0)
        if a == "undo":
            raise Undo()
        if a.startswith("edit "):
            raise Reopen(a[5:])
        return a or (default if default is not None else a)

    def name(self, text: str, names=None, what: str = "a player"):  # type: ignore[no-untyped-def]
        from scorekeep.entry.values import match_name
        from scorekeep.errors import InputError

        try:
            return match_name(text, list(names or self.s.players), what)
        except InputError as e:
            self.shown.append(e.message)
            return None

    def number(self, text: str):  # type: ignore[no-untyped-def]
        return int(text) if text.strip().lstrip("-").isdigit() else None

    def refused(self, findings, options: str = "") -> str:  # type: ignore[no-untyped-def]
        from scorekeep.entry.play import refusal_text

        self.shown += [refusal_text(self.s.game.name, f) for f in findings]
        return self.ask("Record it anyway?", "no")

    def unreadable(self, error) -> None:  # type: ignore[no-untyped-def]
        self.shown.append(error.message)

    def show_table(self) -> None:
        self.shown.append("<table>")

    def over(self) -> bool:
        self.ask("done?", "")
        return False


def test_a_front_end_with_only_the_protocol_runs_the_whole_dialogue(tmp_path: Path) -> None:
    """oh-hell.hook and oh-hell.trick-total through a front end that is nothing but `Table`:
    the same dialogue as the terminal's (the web front end's case)."""
    from scorekeep.entry import Quit
    from scorekeep.entry.play import run
    from scorekeep.entry.session import Session

    path = new(tmp_path)
    with Session.open(str(path)) as s:
        t = ScriptedTable(s, [*START, "3", "3", "1", "3", "2", "3", "3", "2", "1", "ana", "2"])
        try:
            run(t)
        except Quit:
            pass
    assert any("(oh-hell.hook)" in x for x in t.shown) and any("(oh-hell.trick-total)" in x for x in t.shown)
    assert hands(path)[0]["bids"]["Ana"] == 2
    assert hands(path)[0]["tricks"] == {"Ben": 3, "Chloé": 3, "Dee": 2, "Ana": 2}


def test_edit_with_nothing_changed_writes_nothing(tmp_path: Path) -> None:
    path = new(tmp_path)
    play(path, [*START, *BIDS, "3", "3", "2", "2"])
    before = path.read_bytes()
    out = play(path, ["edit 1", *[""] * 11])
    assert "no change" in out and "corrected" not in out
    assert path.read_bytes() == before


def test_which_to_correct_takes_the_words_of_a_value_in_any_order(tmp_path: Path) -> None:
    """oh-hell.trick-total in a reopened hand: `chl t` is Chloé's count, among the bids too."""
    path = new(tmp_path)
    play(path, [*START, *BIDS, "3", "3", "2", "2"])
    out = play(path, ["edit 1", *[""] * 8, "2", "", "", "chl", "t chl", "3"])
    assert "bid …, took …" in out and "could be bid Chloé, took Chloé" in out
    assert hands(path)[0]["tricks"] == {"Ben": 3, "Chloé": 3, "Dee": 2, "Ana": 2}
    assert "no change" in out


def test_a_list_that_begins_with_a_player_called_edit_is_a_list(tmp_path: Path) -> None:
    path = new(tmp_path, "daifugo", "Edit,Undo,Cy,Di")
    play(path, ["edit undo cy", "-"])
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["sets"][0]["games"][0]["out"] == ["Edit", "Undo", "Cy"]


def test_a_refused_rook_call_says_which_calls_are_allowed_not_plays() -> None:
    """rook.bid-step: a call's refusal names the calls left ("may call pass, 75 …"), a Daifugō
    refusal the plays, an Oh Hell one the bids."""
    from types import SimpleNamespace

    from scorekeep.entry.play import refusal_text

    def finding(rule: str, allowed: tuple[str, ...]) -> SimpleNamespace:
        return SimpleNamespace(rule=rule, allowed=allowed, player="South", message="refused",
                               location=lambda: {"hand": 1})

    assert "South may call pass, 75, 80" in refusal_text("rook", finding("rook.bid-step", ("pass", "75", "80")))
    assert "South may play pass, 3♠" in refusal_text("daifugo", finding("daifugo.pass", ("pass", "3♠")))
    assert "South may bid 0–3" in refusal_text("oh-hell", finding("oh-hell.hook", ("0", "1", "2", "3")))


def test_rook_points_without_the_bird_leave_the_other_team_the_rest_of_100(tmp_path: Path) -> None:
    """rook.points-total: without the Bird (`bird: off`) the counters add up to 100, so East/West's 60
    leaves North/South 40, which `check` finds legal. `play` once gave the others 120 minus the
    figure typed (the deck with the Bird) and refused every figure."""
    path = tmp_path / "g.yaml"
    shutil.copy(RECORDS / "rook/points-bird-off.yaml", path)
    out = play(path, ["60"])
    assert "refused" not in out and "0–100, North/South get the rest" in out
    assert hands(path)[0]["points"] == {"East/West": 60, "North/South": 40}
    assert api.audit(api.load(str(path))).violations == []


def test_rook_points_total_refusal_without_the_bird_names_no_bird(tmp_path: Path) -> None:
    """rook.points-total: under `bird: off` a figure that is no multiple of 5 is refused in the words
    `check` gives (the counters of this deck, no Bird), not "the Bird 20"."""
    path = tmp_path / "g.yaml"
    shutil.copy(RECORDS / "rook/points-bird-off.yaml", path)
    out = " ".join(play(path, ["62", "no", "60"]).split())
    assert "captured 62, but each team's points are a multiple of 5 from 0 to 100: captured points are " \
           "counters — 5s worth 5…" in out, out
    assert "Bird 20" not in out


@pytest.mark.parametrize("typed", ["綠", "G", "gre", "Green"])
def test_rook_trump_typed_as_a_record_writes_it(tmp_path: Path, typed: str) -> None:
    """rook.trump: the trump prompt refused `綠` ("`綠` is not a color"), which the record format
    (紅 黃 黑 綠) and `add --trump` accept; it is read as the record reads it, and written as the word."""
    path = new(tmp_path, "rook", "North,East,South,West")
    out = play(path, ["bid East 90", typed, "80"])
    assert "is not a color" not in out
    assert hands(path)[0]["trump"] == "green"
    (tmp_path / "a").mkdir()
    added = new(tmp_path / "a", "rook", "North,East,South,West")
    assert cli("add", str(added), "--bid", "East=90", "--trump", typed, "--points", "80,40").code == 0
    assert hands(added)[0]["trump"] == "green"


def test_rook_edit_that_ends_the_game_takes_back_the_next_deal_play_wrote(tmp_path: Path) -> None:
    """rook.game-end: `edit 4` giving East/West 340 was refused, "hand 5 was played after the game was
    over", because of hand 5's dealer that `play` wrote itself; recorded anyway, `play` went on asking
    calls `check` reports. The correction takes that deal back; the game is over, and `check` is clean."""
    path = new(tmp_path, "rook", "North,East,South,West")
    for won, pts in (("North=70", "70,50"), ("East=100", "0,120"), ("East=100", "0,120")):
        assert cli("add", str(path), "--bid", won, "--trump", "r", "--points", pts).code == 0
    out = play(path, ["bid north 70", "r", "120", "edit 4", "", "", "", "70"])
    assert "refused" not in out and "The game is over." in out
    assert len(hands(path)) == 4 and hands(path)[3]["points"] == {"North/South": 70, "East/West": 50}
    assert cli("check", str(path)).code == 0


def test_edit_with_a_daifugo_game_number_reopens_no_hand(tmp_path: Path) -> None:
    """`edit 1.5` reopened hand 1 of a Rook or Oh Hell record: a hand has no games; it is refused."""
    path = new(tmp_path, "rook", "North,East,South,West")
    out = play(path, ["bid East 90", "g", "80", "edit 1.5"])
    assert "hand 1.5 has no winning bid to correct (hands 1–2)" in out and "reopening" not in out
    (tmp_path / "oh").mkdir()
    path = new(tmp_path / "oh", "oh-hell")
    out = play(path, [*START, *BIDS, "edit 1.5"])
    assert "there is no hand 1.5 (hands 1–1)" in out and "reopening" not in out


def test_a_slip_at_the_last_question_is_asked_again_not_the_end(tmp_path: Path) -> None:
    """At the game's end, `edti 2` ended the session without a word; it is asked again, and `edit 2` then
    reopens the hand."""
    path = new(tmp_path, "rook", "North,East,South,West")
    for _ in range(3):
        assert cli("add", str(path), "--bid", "East=100", "--trump", "r", "--points", "0,120").code == 0
    out = play(path, ["edti 1", "edit 1"])
    assert "type `edit N` (e.g. `edit 2`) to correct it, or press Enter to finish" in out
    assert "reopening hand 1 (East bid 100)" in out


def test_why_at_a_refusal_says_the_ruling_in_the_tables_words(tmp_path: Path) -> None:
    """daifugo.ranking: `why` at a refusal printed check's message with the record's keys (`` `fouls` lists
    乙 ``); it says it in the table's words, as the refusal does."""
    path = tmp_path / "g.yaml"
    path.write_text("game: daifugo\nplayers: [甲, 乙, 丙, 丁]\nrules: {forbidden_finish: false}\n"
                    "sets:\n  - games: []\n", encoding="utf-8")
    out = play(path, ["甲, 乙, 丙", "乙", "why"])
    ruled = out[out.index("daifugo.ranking: [set 1, game 1]"):]
    assert "the forbidden finishes lists 乙" in ruled and "`fouls`" not in ruled


def test_a_gift_owed_is_said_as_a_gift_in_the_tables_cards(tmp_path: Path) -> None:
    """daifugo.exchange-strongest: resuming a record with 脱税 said "丙 may play AD" of a gift, with the
    record's card code; a gift is given, and the card is A♦ (the game's `spoken` and CHOICE_VERBS)."""
    path = tmp_path / "g.yaml"
    shutil.copy(RECORDS / "daifugo" / "exchange-tax-evasion.yaml", path)
    out = play(path, ["quit"])
    assert "丙 may give A♦" in out and "丁 may give JK JK" in out and "may play" not in out


def test_rook_edit_keeps_the_next_hands_cards(tmp_path: Path) -> None:
    """The review: `edit 1` (even with nothing changed) took hand 2 away with its 36 cards written, since
    a hand with no call or points counted as the deal `play` writes itself. Only a hand holding nothing
    but its dealer is play's; this one is the table's, kept byte for byte."""
    path = tmp_path / "g.yaml"
    text = ("game: rook\nplayers: [North, East, South, West]\nhands:\n"
            "  - bid: {North: 90}\n    trump: green\n    points: {North/South: 100, East/West: 20}\n"
            "  - dealer: East\n    deal:\n      North: [R5, R6, R7, R8, R9, R10, R11, R12, R13]\n"
            "      East: [R14, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12]\n      South: [Y13, Y14, B5, B6, B7, B8, B9, B10, B11]\n"
            "      West: [B12, B13, B14, G5, G6, G7, G8, G9, G10]\n")
    path.write_text(text, encoding="utf-8")
    play(path, ["edit 1", "", "", "", "105"])
    after = path.read_text(encoding="utf-8")
    assert after[after.index("  - dealer: East"):].startswith(text[text.index("  - dealer: East"):])
    assert hands(path)[0]["points"] == {"North/South": 105, "East/West": 15}
