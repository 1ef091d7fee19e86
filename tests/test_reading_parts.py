"""A long record read in parts gives the nodes reading it whole gives, or a part declines.

`yamlio.split_items` cuts a record's text before each item of its last top-level list (a
Daifugō record's `sets`), and `yamlio.parse_items` reads a run of items alone, with their lines as
in the whole text (`check` reads each stretch of a long record so, in the process that judges
it). Whenever the header and every part read, the whole text must read, and to the same nodes
(values, quoting, lines); a part may decline anything, and the record is then read whole.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_reading_fast import CASES, NOISE, mutated, tree

from scorekeep import yamlio
from scorekeep.errors import InputError
from scorekeep.games.daifugo import demo as daifugo


def _whole(text: str) -> object:
    """The whole record's nodes as `parse` reads them, or the InputError it raises."""
    try:
        return tree(yamlio.parse(text))
    except InputError as e:
        return e


def in_parts(text: str, cuts: list[int]) -> bool:
    """Read `text` in parts cut before the items at `cuts`; when the header and every part read,
    assert that the whole reads the same. True when it was read in parts."""
    text = yamlio.normalized(text)
    items = yamlio.split_items(text)
    if items is None:
        return False
    try:
        head = yamlio.parse(items.head)
    except InputError:
        return False
    bounds = sorted({0, len(items.starts), *(c for c in cuts if 0 < c < len(items.starts))})
    read = []
    for lo, hi in zip(bounds, bounds[1:]):
        nodes = yamlio.parse_items(items, lo, hi)
        if nodes is None:
            return False
        read += [tree(n) for n in nodes]
    whole = _whole(text)
    assert not isinstance(whole, Exception), f"read in parts, but not whole ({whole}):\n{text}"
    assert isinstance(head, yamlio.Map) and whole[0] == "map"  # type: ignore[index]
    pairs = whole[2]  # type: ignore[index]
    assert pairs[-1][0][1] == items.key, text
    assert pairs[-1][1][2] == read, text  # the list's items, node for node
    assert [tree(k) for k, _v in head.pairs] == [k for k, _v in pairs], text
    assert [tree(v) for _k, v in head.pairs][:-1] == [v for _k, v in pairs][:-1], text
    return True


def _match(seed: int, sets: int = 4, indent: bool = False) -> str:
    text = daifugo.game(seed, sets=sets).text
    if indent:  # the sets written two columns in (`sets:` then `  - first: …`)
        head, sep, body = text.partition("\nsets:\n")
        text = head + sep + "\n".join("  " + x if x else x for x in body.split("\n"))
    return text


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("indent", [False, True], ids=["at-the-margin", "indented"])
def test_generated_matches_read_in_parts_as_whole(seed: int, indent: bool) -> None:
    text = _match(seed, indent=indent)
    items = yamlio.split_items(text)
    assert items is not None and items.key == "sets" and len(items.starts) >= 4
    for cuts in ([1], [1, 2, 3], [2], list(range(len(items.starts)))):
        assert in_parts(text, cuts), cuts


LAYOUTS = [
    # (text, read in parts: True; False: split_items or a part declines, the record is read whole)
    ("game: daifugo\nsets:\n- a: 1\n- a: 2\n- a: 3\n", True),
    ("game: daifugo\nsets:\n  - a: 1\n  # a note\n\n  - a: 2\n    b: [x, y]  # why\n  - {a: 3}\n", True),
    ("game: daifugo\nsets:\n# - a comment that looks like an item\n- a: 1\n- a: 2\n", True),
    ("game: daifugo\nsets:   \n- a: 1\n- a: 2\n", True),
    ("game: daifugo\nsets:\n- a: 1\n- a: 2", True),  # no newline at the end
    ("game: daifugo\nsets:\n- a: 1\nrules: {}\n", False),  # a key after the list
    ("game: daifugo\nsets: [{a: 1}, {a: 2}]\n", False),
    ("game: daifugo\nsets:  # the sets\n- a: 1\n- a: 2\n", False),
    ("game: daifugo\nsets:\n- a: 1\n---\n- a: 2\n", False),
    ("game: daifugo\nsets:\n- a: 1\n...\n", False),
    ("game: daifugo\nsets:\n- a: 'x\n- y'\n", False),  # a quoted value over the cut
    ("game: daifugo\nsets:\n- a: [x,\n- y]\n", False),
    ("game: daifugo\nsets:\n- a: 1\r\n- a: 2\r\n", False),
    ("game: daifugo\nsets:\n- a: 1\n-\n  a: 2\n", False),
    ("game: daifugo\nsets:\n- a: &x 1\n- a: *x\n", False),
    ("game: daifugo\nsets:\n- a: 1\n  a: 2\n- a: 3\n", False),  # a key twice in an item
    ("game: daifugo\nsets:\n- - x\n- a: 1\n", False),
    ("game: daifugo\nsets:\n  - a: 1\n - a: 2\n", False),
    ("game: daifugo\nsets:\n\tx\n", False),
    ("game: 'dai\n  fugo'\nsets:\n- a: 1\n- a: 2\n", True),  # a head only libyaml reads: its own reading
    ("game: daifugo\nsets:\n  # a note\n\n- a: 1\n- a: 2\n", True),  # before the first item: the head's
    # What is before the first item but no blank line in YAML's sense, nor a comment: the head's
    # reading meets it (a full-width space, a no-break space, a tab, a form feed, a lone CR)
    ("game: daifugo\nsets:\n  \u3000oops: [\n- a: 1\n- a: 2\n", False),
    ("game: daifugo\nsets:\n \u00a0\n- a: 1\n- a: 2\n", False),
    ("game: daifugo\nsets:\n \tjunk\n- a: 1\n- a: 2\n", False),
    ("game: daifugo\nsets:\n \x0c\n- a: 1\n- a: 2\n", False),
    ("game: daifugo\nsets:\n  # a\rb\n- a: 1\n- a: 2\n", False),
    # a line break only libyaml counts, in the header: its lines would be numbered otherwise
    ("game: daifugo  # a\rtitle: t\nsets:\n- a: 1\n- a: 2\n", False),
    ("game: daifugo  # a\x85b\nsets:\n- a: 1\n- a: 2\n", False),
    ("title: a\u2028b\ngame: daifugo\nsets:\n- a: 1\n- a: 2\n", False),
]


@pytest.mark.parametrize("text, parts", LAYOUTS, ids=[repr(t[21:50]) for t, _ in LAYOUTS])
def test_layouts_are_read_in_parts_as_whole_or_read_whole(text: str, parts: bool) -> None:
    assert in_parts(text, [1, 2]) is parts


@pytest.mark.parametrize("text, read", CASES, ids=[repr(t[:30]) for t, _ in CASES])
def test_the_fast_readers_edge_cases_read_as_items_as_whole(text: str, read: bool) -> None:
    # Each edge case of the fast reader as an item of a list, twice over: its lines indented into
    # the item (or the record's own layout, when it is not a mapping of keys at the margin).
    body = "".join(f"- n: {k}\n" + "".join(f"  {line}\n" for line in text.split("\n") if line)
                   for k in range(2))
    in_parts("game: daifugo\nsets:\n" + body, [1])


@settings(max_examples=800, deadline=None)
@given(st.integers(0, 40), st.lists(st.tuples(st.floats(0, 1), st.booleans(), st.integers(0, 3),
                                               st.sampled_from(NOISE)), min_size=1, max_size=4),
       st.integers(0, 2 ** 32 - 1))
def test_mutated_matches_read_in_parts_as_whole_or_read_whole(seed: int, edits: list[tuple[float, bool, int, str]],
                                                              cut_seed: int) -> None:
    # A person's slips in a text editor (as in test_reading_fast), anywhere in a match of several
    # sets, read in parts cut at random items: whatever reads in parts reads the same whole.
    text = mutated(_match(seed % 8, sets=3, indent=seed % 2 == 1), edits)
    rng = random.Random(cut_seed)
    in_parts(text, [rng.randrange(1, 12) for _ in range(rng.randrange(1, 4))])
