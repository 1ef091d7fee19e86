"""Values are small and frozen; `str()` of a move is its canonical text (the record spec's)."""

from __future__ import annotations

import pickle

import pytest

from scorekeep.cards import parse_card
from scorekeep.games.oh_hell.model import Bid, CardPlay, Took


def test_an_oh_hell_move_is_the_same_move_wherever_the_record_writes_it() -> None:
    assert Bid("Ana", 2, line=4) == Bid("Ana", 2, line=9) != Bid("Ana", 3, line=4)
    assert CardPlay("Ana", parse_card("10H"), 4) == CardPlay("Ana", parse_card("10H"))
    assert Took((3, 2), (5, 6), 5) == Took((3, 2)) != Took((2, 3))
    assert len({Bid("Ana", 2, 4), Bid("Ana", 2, 9), Bid("Ben", 2, 4)}) == 2
    assert Bid("Ana", 2) != CardPlay("Ana", 2)  # type: ignore[arg-type]


def test_an_oh_hell_move_writes_its_canonical_text_and_cannot_change() -> None:
    assert [str(Bid("Ana", 0)), str(CardPlay("Ana", parse_card("10H"))), str(Took((3, 2, 3, 1)))] == \
        ["0", "10H", "3 2 3 1"]
    move = Bid("Ana", 2, 4)
    with pytest.raises(AttributeError):
        move.value = 3  # type: ignore[misc]
    copy = pickle.loads(pickle.dumps(move))  # the process pool hands results back pickled
    assert (copy, copy.line) == (move, 4)


@pytest.mark.parametrize("typed, names, meant", [
    ("chloe", ["Ana", "Chloé"], "Chloé"),
    ("ＤＥＥ", ["Dee", "Ana"], "Dee"),
    ("ｶﾞｸ", ["ガク", "カク"], "ガク"),  # half width, voiced: the whole name, not two
    ("ＣＨＬＯＥ", ["Chloé", "Chloe"], "Chloe"),  # the name as typed before the one without its accent
    ("chloe", ["Chloé", "Chloes"], "Chloé"),  # a whole name before the start of another
    ("カク", ["ガク"], None),  # the voicing mark makes another name
    ("はな", ["ばな"], None),
    ("re", ["René", "Rene"], None),
    ("soren", ["Søren", "Ana"], "Søren"),  # ø, æ, ł … are letters of their own to Unicode, accents to a table
    ("aeble", ["Æble", "Ana"], "Æble"),
    ("lodz", ["Łódź", "Ana"], "Łódź"),
])
def test_a_name_typed_matches_across_case_width_and_accents_but_not_kana_voicing(typed, names, meant) -> None:  # type: ignore[no-untyped-def]
    """Live entry's names (review): `chloe` is Chloé and `ＤＥＥ` Dee, but `カク` is not ガク, a whole
    name wins over the start of another, and two names that fold alike are asked to be told apart."""
    from scorekeep.entry.values import match_name
    from scorekeep.errors import InputError

    if meant is None:
        with pytest.raises(InputError):
            match_name(typed, names)
    else:
        assert match_name(typed, names) == meant
