"""How often Python's cycle collector runs while a record is read and judged.

Reading and judging a record makes millions of small objects (a node per YAML value, a move per
card) that live until the audit is done, and almost no garbage cycles. At the collector's
default (a pass every 700 new objects, and ever larger full passes over the growing tree) a
4 MiB record spent about a third of its time collecting. `fewer_collections` raises the
thresholds while it runs and puts back whatever they were, so a program that uses the library
keeps its own settings.

The record's nodes, once read, live until the audit ends and hold no cycles, yet every young
collection after the read would walk all of them (a 4 MiB record is over a million nodes):
`settled()` moves what exists to the collector's permanent generation, which it never walks,
and `fewer_collections` moves it back when it ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Within it, the young generation is collected every 50,000 new objects, not 700.
    Usable as a decorator; each call gets its own context (nesting is safe)."""
    global _depth, _froze
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], 50_000), max(old[1], 20), max(old[2], 100))
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0 and _froze:
            _froze = False
            gc.unfreeze()  # back to the oldest generation: nothing leaks that was frozen here
        gc.set_threshold(*old)


_depth = 0  # how many fewer_collections contexts are open
_froze = False  # whether settled() froze objects in the outermost one


def settled() -> None:
    """Tell the collector that the objects alive now (a record's nodes, just read) will live
    until the enclosing `fewer_collections` ends: it stops walking them until then. Outside
    such a context, does nothing."""
    global _froze
    if _depth:
        gc.freeze()
        _froze = True
