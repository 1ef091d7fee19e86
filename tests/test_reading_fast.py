"""The reader's fast path gives exactly the nodes libyaml's events give, or declines.

`yamlio._fast` reads the corner of YAML that records are written in, line by line; anything
else falls back to `yamlio._build` over libyaml's events. These tests hold the two readings
equal — values, quoting and every node's line — on every record the project holds, on
generated records, on hand-picked edge cases and on randomly mutated records. The fast path
may decline anything; it may never read a text differently, nor read one libyaml refuses.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeep import yamlio
from scorekeep.errors import InputError
from scorekeep.games.daifugo import demo as daifugo
from scorekeep.games.oh_hell import demo as oh_hell
from scorekeep.games.rook import demo as rook

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted([*ROOT.glob("tests/records/**/*.yaml"), *ROOT.glob("samples/**/*.yaml"),
                  *(ROOT.parent / "shared" / "spec" / "samples").glob("**/*.yaml")])


def tree(node: yamlio.Node) -> object:
    """Everything a reader of the nodes can see: kind, text, quoting, lines, key order."""
    if isinstance(node, yamlio.Scalar):
        return ("scalar", node.value, node.line, node.plain)
    if isinstance(node, yamlio.Seq):
        return ("list", node.line, [tree(x) for x in node.items])
    assert list(node.index) == [k.value for k, _ in node.pairs]
    assert all(node.pairs[i][0].value == k for k, i in node.index.items())
    return ("map", node.line, [(tree(k), tree(v)) for k, v in node.pairs])


def full(text: str) -> object:
    """The events reading: a tree, or the InputError it raises."""
    loader = yamlio._Loader(text)
    try:
        return tree(yamlio._build(loader))
    except InputError as e:
        return e
    except Exception as e:  # libyaml's own errors: `parse` words them; here they only mean "refused"
        return e
    finally:
        loader.dispose()


def fast(text: str) -> object:
    """The fast reading: a tree, or None when it declines."""
    try:
        return tree(yamlio._fast(text))
    except yamlio._Fallback:
        return None


def agree(text: str) -> bool:
    """The fast path declined, or it read exactly what the events reading reads. True when it read."""
    got = fast(text)
    if got is None:
        return False
    want = full(text)
    assert not isinstance(want, Exception), f"the fast path read a text libyaml refuses ({want}):\n{text}"
    assert got == want, text
    return True


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(p.parents[2])))
def test_every_record_reads_the_same_either_way(path: Path) -> None:
    agree(path.read_text(encoding="utf-8-sig"))


def test_most_hand_written_records_take_the_fast_path() -> None:
    taken = sum(agree(p.read_text(encoding="utf-8-sig")) for p in RECORDS)
    assert taken >= 0.9 * len(RECORDS), f"only {taken} of {len(RECORDS)} records were read by the fast path"


@pytest.mark.parametrize("seed", range(12))
def test_generated_records_take_the_fast_path_and_read_the_same(seed: int) -> None:
    # The generators write the archive's shapes, quoted awkward names (`'No'`) included: an
    # archive check gets the fast path's speed only if they are all read by it.
    for gen in (oh_hell, rook, daifugo):
        text = gen.game(seed).text
        assert agree(text), f"{gen.__name__} seed {seed} fell back to the full reader"


# A text and whether the fast path reads it (True) or must leave it to libyaml (False).
CASES = [
    ("a: 1\nb: [x, y]\nc: {d: 2, e: 3}\n", True),
    ("# head\na: 1   # note\n\nb:\n  - x   # why\n  - y\n", True),
    ("a:\n- x\n- k: v\n  k2:\nb: 2\n", True),          # a list at its key's indent, an empty value
    ("a:\nb:\n", True),                                  # empty values are nulls on the key's line
    ("a: 'it''s'\nb: \"q\"\nc: ['No', \"Yes\", 1]\n", True),
    ("'No': 1\n\"x y\": 2\nl:\n- 'No': 3\n", True),
    ("a: [{b: 1}, {c: [d, e]}]\nf: {g: [h], i: 'j, k'}\n", True),
    ("a: []\nb: {}\nc: [ ]\n", True),
    ("a: -5\nb: [-5, x-y]\nc: {d: -1}\n", True),
    ("title: Game at 20:30, table 3\n", True),
    ("players: [甲, 乙, 丙, 丁]\nx: {甲: 1}\n", True),
    ("  a: 1\n  b: 2\n", True),                          # a whole record indented
    ("a: 1\na: 2\n", False),                             # a key twice: the full reader says so
    ("a: {b: 1, b: 2}\n", False),
    ("a:\tb\n", False), ("a: 1\r\nb: 2\r\n", False), ("a: x\u2028y\n", False), ("a: x\x85y\n", False),
    ("a: [x,\n  y]\n", False),                           # flow over two lines
    ("a: x\n  y\n", False),                              # a plain value continued
    ("a: |\n  text\n", False), ("a: >\n  text\n", False),
    ("a: &x 1\nb: *x\n", False), ("a: !!str 1\n", False),
    ("---\na: 1\n", False), ("a:\n... - b\n", False), ("a: 1\n--- \n", False), ("%YAML 1.1\n---\na: 1\n", False), ("a: 1\n...\n", False),
    ("- a\n- b\n", False), ("[a, b]\n", False), ("just text\n", False),
    ("a: {B:3}\n", False), ("a: {b}\n", False), ("a: {b :1}\n", False), ("a: [b: 1]\n", False),
    ("a: [b, ]\n", False), ("a: [b,, c]\n", False), ("a: {b: }\n", False),
    ("a: b: c\n", False), ("a b\n", False), ("first_dealer A\n", False),
    ("a：b\n", False), ("a: x#y\n", False), ("a: 'x # y'\n", False), ("a: \"x\\ty\"\n", False),
    ("a:\n - x\n  - y\n", False), ("a:\n  b: 1\n c: 2\n", False), ("a:\n- - x\n", False),
    ("a: 1\n b: 2\n", False), ("? a\n: b\n", False), ("a: [x] y\n", False), ("a: 'x' y\n", False),
    ("a: '\n", False), ("a: 'x\n", False), ("a: \"x\n", False), ("a: -\n", False), ("a: - x\n", False),
    ("k" * 1100 + ": 1\n", False), ("a: {" + "k" * 1100 + ": 1}\n", False),
    ("a: \ufeffx\n", False), ("a: x\x1by\n", False),
    # words and one level of flat collections (a one-line hand), read by one match and splits
    ("h: {cards: 1, bids: {a: 1, b: 0}, tricks: {a: 1, b: 0}}\n", True),
    ("h: [[a, b], {c: 1}, d, [], {}, [ ], { }]\n", True),
    ("h: { x: [a , b] ,y: {c: -1} }\n", True),
    ("h: {no trump: {a b: c d}, k: [x y]}\n", True),
    ("h: {a: {b: 1}, a: 2}\n", False), ("h: {a: {b: 1, b: 2}}\n", False),
    ("h: {a: {b:1}}\n", False), ("h: {a: [b, ]}\n", False), ("h: {a: {b: 1},}\n", False),
    ("h: {a: [b], c}\n", False), ("h: {{a: 1}: 2}\n", False), ("h: {a: {b: [c]}}\n", True),
    ("h: [a, {b: 1] ]\n", False), ("h: {a: [b}\n", False), ("h: {a: {" + "k" * 1100 + ": 1}}\n", False),
    # the same list item line again, in other places: a list at its key's indent, after a key that
    # opens a list, in a nested list, and where a dedent or a comment makes it something else
    ("a:\n- {x: 1}\nb:\n- {x: 1}\n- {x: 1}\n", True),
    ("a:\n  - {x: 1}\n  - [y]\nb:\n  c:\n  - {x: 1}\n  d:\n    - {x: 1}\n    - {x: 1}\n", True),
    ("s:\n  - g:\n    - {A: 3H}\n    - {A: 3H}\n  - g:\n    - {A: 3H}  # again\n    - {A: 3H}\n", True),
    ("a:\n  - {x: 1}\n  b: 2\n  - {x: 1}\n", False),
    ("a:\n  - {x: 1}\n  - {x: 1}\n    - {x: 1}\n", False),
    ("a:\n  - {x: 1}\nb: 1\n  - {x: 1}\n", False),
    # the same `- key: value` line again: its mapping opens at the key's column each time, and the
    # keys written under it (or none) are its own; after it a dedent, a deeper list, a key
    ("s:\n- first: A\n  games: 1\n- first: A\n- first: A\n  games: [x]\n", True),
    ("p:\n    - Ben: [8D]\n    - {C: pass}\n    - Ben: [8D]\n    - Ben: [8D]\nq: 1\n", True),
    ("s:\n-   k: v   # note\n    j: 2\n-   k: v   # note\n-   k: v   # note\n    j: [3]\n", True),
    ("s:\n  - g:\n    - k: 'x y'\n    - k: 'x y'\n  - g:\n    - k: 'x y'\n      m: {a: 1}\n", True),
    ("s:\n- k: v\n  l:\n  - k: v\n  - k: v\n- k: v\n", True),
    ("s:\n- k: v\n- k: v\n  k: w\n", False),            # the key twice in the second mapping
    ("s:\n- k: v\n- k: v\n   j: 1\n", False),           # a key off the mapping's column
    ("s:\n- k: v\n- k: v\n - k: v\n", False),
    # lines too long for one regex match are checked item by item, to the same effect
    ("a: [" + ", ".join(["R5"] * 3000) + "]\n", True),
    ("a: {" + ", ".join(f"k{i}: {i}" for i in range(1000)) + "}\n", True),
    ("a: [" + ", ".join(["R5"] * 1500 + ["x: y"] + ["R5"] * 1500) + "]\n", False),
    ("a: [" + ", ".join(["R5"] * 3000) + ", ]\n", False),
    ("a: {" + ", ".join(f"k{i}: {i}" for i in range(1000)) + ", k7: 0}\n", False),
    ("a: {" + ", ".join(f"k{i}: {i}" for i in range(1000)) + ", B:3}\n", False),
]


@pytest.mark.parametrize("text, read", CASES, ids=[repr(t[:30]) for t, _ in CASES])
def test_edge_cases_are_read_the_same_or_left_to_libyaml(text: str, read: bool) -> None:
    assert agree(text) is read


SEEDS = [oh_hell.game(1).text, rook.game(2).text, daifugo.game(3).text,
         *(p.read_text(encoding="utf-8-sig") for p in RECORDS[::7])]
NOISE = list(" :-#,[]{}'\"\n\t!&*|>?%@`\\~.0aZ") + ["：", "、", "\u3000", "  ", "- ", ": ", " #", "\n  "]


SIGNIFICANT = ":,[]{}#-'\"\n "


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(SEEDS), st.lists(st.tuples(st.floats(0, 1), st.booleans(), st.integers(0, 3),
                                                  st.sampled_from(NOISE)), min_size=1, max_size=4))
def test_mutated_records_read_the_same_or_are_left_to_libyaml(
        seed: str, edits: list[tuple[float, bool, int, str]]) -> None:
    # Slips a person makes in a text editor: a character inserted, a few deleted, a piece of
    # punctuation or indentation in the wrong place. Most edits land next to a character YAML
    # gives a meaning (where readers differ); whatever the fast path reads, libyaml must read
    # the same way.
    agree(mutated(seed, edits))


def mutated(text: str, edits: list[tuple[float, bool, int, str]]) -> str:
    """`text` with `edits`: (where, next to a character YAML gives a meaning, how many to cut, what
    to put in)."""
    for where, near, cut, piece in edits:
        at = int(where * len(text))
        if near:
            marks = [i for i, ch in enumerate(text) if ch in SIGNIFICANT]
            at = marks[int(where * (len(marks) - 1))] + (cut % 2) if marks else at
        text = text[:at] + piece + text[at + cut:]
    return text


# --- flat mappings: words first, nodes when asked ------------------------------------------------

def test_a_flat_mapping_makes_its_nodes_only_when_asked_and_each_copy_is_its_own() -> None:
    text = "plays:\n  - {B: pass}\n  - {B: pass}\n  - {A: 3H, B: 4H}\n"
    root = yamlio._fast(text)
    items = root.get("plays").items  # type: ignore[union-attr]
    assert [type(x) for x in items] == [yamlio.FlatMap] * 3
    assert [x.words for x in items] == [["B", "pass"], ["B", "pass"], ["A", "3H", "B", "4H"]]
    assert [x.line for x in items] == [2, 3, 4]
    # The second `{B: pass}` comes from the first one's words: changing one changes no other.
    items[0].add(yamlio.Scalar("C", 2, True), yamlio.Scalar("7S", 2, True))
    assert [k.value for k, _ in items[0].pairs] == ["B", "C"] and list(items[0].index) == ["B", "C"]
    assert [k.value for k, _ in items[1].pairs] == ["B"] and list(items[1].index) == ["B"]
    assert yamlio._fast(text).get("plays").items[0].index == {"B": 0}  # type: ignore[union-attr]
    assert yamlio.plain_items(items[2]) == [("A", "3H", 4), ("B", "4H", 4)]
    # Set before they were made, one part does not make the other over it.
    fresh = yamlio._fast(text).get("plays").items  # type: ignore[union-attr]
    fresh[0].index = {"Z": 0}
    fresh[1].pairs = []
    assert fresh[0].index == {"Z": 0} and [k.value for k, _ in fresh[0].pairs] == ["B"]
    assert fresh[1].pairs == [] and fresh[1].index == {"B": 0}
    assert fast(text) == full(text)


def _read(text: str, reader: object) -> object:
    root = yamlio._fast(text) if reader == "fast" else yamlio._build(loader := yamlio._Loader(text))
    if reader != "fast":
        loader.dispose()
    from scorekeep import api

    try:
        return api.read_record(root)[1]
    except InputError as e:
        return ("unreadable", e.message, e.line)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(p.parents[2])))
def test_a_game_reads_the_same_record_from_flat_words_as_from_nodes(path: Path) -> None:
    # Daifugō turns, Rook calls and tricks, Oh Hell bids and tricks are read from a flat mapping's
    # words (`FlatMap`); from libyaml's nodes they are read the long way. Same record, same errors.
    text = path.read_text(encoding="utf-8-sig")
    try:
        yamlio._fast(text)
    except yamlio._Fallback:
        pytest.skip("left to libyaml")
    assert _read(text, "fast") == _read(text, "events")


@pytest.mark.parametrize("seed", range(6))
def test_generated_records_read_the_same_record_from_flat_words_as_from_nodes(seed: int) -> None:
    for gen in (oh_hell, rook, daifugo):
        text = gen.game(seed).text
        assert _read(text, "fast") == _read(text, "events")
