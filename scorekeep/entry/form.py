"""One entry of several values typed one at a time (a hand's size, dealer and trump; every
player's trick count), as a scorer fills a line of the sheet, for every game alike:
- `undo` takes back the last value typed (asked again); at the first value it goes on to the
  front end, which takes back the last entry written; when that was this form's, the form is
  asked again with its values kept but the last one typed;
- `edit N` in the middle keeps the values typed: after the edit the form goes on where it was;
- a refused value is asked again alone (at `Record it anyway?` the value typed is the
  corrected one); an entry refused as a whole keeps every value, and the scorer says which to
  correct.
The form judges nothing itself: a value marked `judged` is tried in the record as soon as it is
typed (`Session.trial`), and the whole entry is judged by the checker before it is written.
"""

# No `from __future__ import annotations`: with it, NamedTuple makes each field's annotation text a
# ForwardRef, compiling it, which took a third of this module's import time.

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from . import Quit, Reopen, Table, Undo

YES = ("y", "yes")
NO = ("n", "no", "")


class Field(NamedTuple):
    """One value of an entry: `label` names it in table words, to correct it (`Ana`, `cards`);
    `prompt`, `default` and `choices` (offered: `Table.ask`'s) are given the values typed before
    it; `read` gives the value from what was typed, or None after saying why it is not one;
    `judged`: tried in the record as soon as it is typed, so that a refusal is its alone; `many`:
    the answer is several of the choices, in order; `what`: the value typed, in a player's words,
    given the values typed with it among them (`undo` says what it took back: `Ana's bid in hand 2
    (3)`; the label, a word to type at `Correct which?`, when the game gives none); `asked`: whether
    it is asked, given the values typed before it (None: always; the entry's `make` fills it when not)."""

    key: str
    label: str
    prompt: Callable[[Mapping[str, Any]], str]
    read: Callable[[Table, str, Mapping[str, Any]], Any]
    default: Callable[[Mapping[str, Any]], str | None] = lambda _v: None
    judged: bool = False
    choices: Callable[[Mapping[str, Any]], Any] | None = None
    many: bool = False
    what: Callable[[Mapping[str, Any]], str] | None = None
    asked: Callable[[Mapping[str, Any]], bool] | None = None


CORRECTS = "corrects"
"""Under this key a `Field.read` of a value typed at `Record it anyway?` gets the refused value it
corrects (a Rook `bid Cy 93` corrected to `90` stays Cy's winning bid)."""


class Kept(NamedTuple):
    """The values of a form kept for when the same form (`sig`) is asked again: after `undo` takes
    its entry back out of the record (`text`: the record before the entry was written), or after
    an `edit N` typed in the middle of it (`text` None); `typed`: the keys in the order typed."""

    sig: tuple[tuple[str, str], ...]
    text: str | None
    values: dict[str, Any]
    typed: tuple[str, ...]


def _signature(fields: Sequence[Field]) -> tuple[tuple[str, str], ...]:
    return tuple((f.key, f.label) for f in fields)


def _kept(t: Table, fields: Sequence[Field]) -> Kept | None:
    """The values kept for this form, if it is the one asked again (each is used once): those of
    a form interrupted by `edit N`, else those of the entry `undo` just took back, less the
    last value typed (which `undo` takes back and the form asks again)."""
    s = t.s
    sig = _signature(fields)
    paused, s.form_paused = s.form_paused, None
    if paused is not None and paused.typed:
        if paused.sig == sig:
            by_key = {f.key: f for f in fields}
            kept = ", ".join(_words(by_key[k], paused.values) for k in paused.typed)
            t.say(f"  back to the entry you were typing ({kept} kept)")
            return paused
        t.say("  the entry you were typing before the edit is not the one asked now: enter it again")
    written = s.form_written
    if written is None or written.sig != sig or written.text != s.text:
        return None
    s.form_written = None
    last = written.typed[-1]  # (a form is written once each of its values is typed)
    values = {k: v for k, v in written.values.items() if k != last}
    _taken_back(t, next(f for f in fields if f.key == last), written.values)
    return written._replace(values=values, typed=written.typed[:-1])


def said(what: str, value: Any, text: Callable[[Any], str] = str) -> str:
    """A value typed, in a player's words, for a field's `what`: `the dealer of hand 2 (Ben)`; `what`
    alone when nothing is typed yet (`text`: how the value is said)."""
    return what if value is None else f"{what} ({text(value)})"


def _words(f: Field, vals: Mapping[str, Any]) -> str:
    """The value of `f` typed, in the game's words for it (`vals`: it among them); else its label."""
    return f.label if f.what is None else f.what(vals)


def _taken_back(t: Table, f: Field, vals: Mapping[str, Any]) -> None:
    """Say which value `undo` took back, in the game's words for it."""
    t.say(f"  taken back: {_words(f, vals)}")


def ask_form(t: Table, fields: Sequence[Field], make: Callable[[Mapping[str, Any]], list[Any]],
             after: Callable[[Mapping[str, Any]], None] | None = None) -> dict[str, Any] | None:
    """Ask `fields` in turn, then enter `make(values)`. `after(values)` is told once every value is
    typed and before the entry is judged (an over/under line). The values written, or None if the
    entry was not written (the scorer declined it)."""
    kept = _kept(t, fields)  # the same form asked again: what was typed stays typed
    vals: dict[str, Any] = dict(kept.values) if kept else {}
    typed = list(kept.typed) if kept else []
    answered: dict[str, str] = {}  # each value's answer as typed (Enter: its default, the value kept)
    try:
        return _asked(t, fields, make, after, vals, typed, answered)
    except Quit:  # at any question of the entry, `Record it anyway?` too
        by_key = {g.key: g for g in fields}
        _not_saved(t, [by_key[k] for k in typed], vals, answered)
        raise


def _asked(t: Table, fields: Sequence[Field], make: Callable[[Mapping[str, Any]], list[Any]],
           after: Callable[[Mapping[str, Any]], None] | None, vals: dict[str, Any], typed: list[str],
           answered: dict[str, str]) -> dict[str, Any] | None:
    """`ask_form`'s questions, `vals`, `typed` and `answered` kept up to date as they are answered."""
    allowed: set[str] = set()
    i = _next(fields, vals, -1)
    pending: str | None = None  # a corrected value typed at `Record it anyway?`, for the value `corrects`
    corrects: Any = None
    while True:
        if i >= len(fields):
            if after is not None:
                after(vals)
            before = t.s.text
            back = _whole(t, fields, make(vals), allowed)
            if back is None:
                if t.s.text != before:  # written: `undo` next takes back the last value typed
                    t.s.form_written = Kept(_signature(fields), before, dict(vals), tuple(typed))
                return vals
            i, pending = back
            if i < 0:
                return None
            corrects = vals.get(fields[i].key)
            _take(vals, typed, fields[i].key)
            continue
        f = fields[i]
        try:
            raw = pending if pending is not None else t.ask(
                f.prompt(vals), f.default(vals), choices=f.choices(vals) if f.choices else None, many=f.many)
        except Undo:
            if i == 0:
                raise
            i -= 1
            _taken_back(t, fields[i], vals)
            _take(vals, typed, fields[i].key)
            continue
        except Reopen:  # `edit N` in the middle: the values typed wait for this form's return
            t.s.form_paused = Kept(_signature(fields), None, dict(vals), tuple(typed))
            raise
        v = f.read(t, raw, vals if pending is None else {**vals, CORRECTS: corrects})
        pending = None
        if v is None:
            continue
        vals[f.key], answered[f.key] = v, raw
        typed[:] = [k for k in typed if k != f.key] + [f.key]  # the last typed last
        if f.judged:
            refused, pending = _judge_value(t, f.key, make, vals, allowed)
            if refused:
                corrects = vals.get(f.key)
                _take(vals, typed, f.key)
                continue
        i = _next(fields, vals, i)


def _not_saved(t: Table, typed: Sequence[Field], vals: Mapping[str, Any], answered: Mapping[str, str]) -> None:
    """`quit` part-way through an entry: "everything entered is saved", but not the values typed, so say so
    (less those kept as written: Enter, or the written value typed again, in any spelling)."""
    lost = [f for f in typed if (d := f.default(vals)) is None or d not in (answered.get(f.key), str(vals[f.key]))]
    if lost:
        t.say("  not saved: " + ", ".join(_words(f, vals) for f in lost)
              + " (an entry is saved once all of it is typed)")


def _judge_value(t: Table, last: str, make: Callable[[Mapping[str, Any]], list[Any]], vals: Mapping[str, Any],
                 allowed: set[str]) -> tuple[bool, str | None]:
    """Try value `last`, just typed, in the record (what it adds to the violations of the values
    before it): (refused, the corrected value typed at `Record it anyway?` or None). Recorded
    anyway: its rules join `allowed`."""
    from .session import added

    def tried(v: Mapping[str, Any]) -> list[Any]:
        return list(t.s.trial(make(v)) or [])

    before = tried({k: v for k, v in vals.items() if k != last})
    found = [f for f in added(before, tried(vals)) if f.rule not in allowed]
    if not found:
        return False, None
    try:
        answer = t.refused(found)
    except Undo:
        return True, None
    if answer.lower() in YES:
        allowed.update(x.rule for x in found)
        return False, None
    return True, None if answer.lower() in NO else answer


def _take(vals: dict[str, Any], typed: list[str], key: str) -> None:
    vals.pop(key, None)
    if key in typed:
        typed.remove(key)


def _next(fields: Sequence[Field], vals: Mapping[str, Any], i: int) -> int:
    """The next value not typed yet after value `i` that is asked (a value corrected keeps those after it)."""
    return next((k for k in range(i + 1, len(fields)) if fields[k].key not in vals
                 and (fields[k].asked is None or fields[k].asked(vals))), len(fields))


def _whole(t: Table, fields: Sequence[Field], edits: list[Any],
           allowed: set[str]) -> tuple[int, str | None] | None:
    """Judge and write the whole entry. None: written; else (the index of the value to ask
    again, the corrected value typed for it or None); index -1: declined, or no change, nothing
    written."""
    if not edits:
        t.say("  no change")
        return -1, None
    j = t.s.judge(edits)
    last = len(fields) - 1
    if j.error is not None:
        t.unreadable(j.error)
        return last, None
    new = [f for f in j.new if f.rule not in allowed]
    if new:
        labels = [f.label for f in fields]
        options = _options(labels) if len(fields) > 1 else ""
        try:
            answer = t.refused(new, options)
        except Undo:
            return last, None
        low = answer.lower()
        if low in YES:
            allowed.update(f.rule for f in new)
        elif len(fields) == 1:
            return 0, (None if low in NO else answer)
        else:
            which = None if low in NO else _which(t, answer, labels)
            while which is None:
                try:
                    which = _which(t, t.ask(f"Correct which? ({options})", choices=tuple(labels)), labels)
                except Undo:
                    return last, None
            return which, None
    from .play import enter  # (here: `add` loads the games' questions, never the dialogue)

    return None if enter(t, edits, allowed) else (-1, None)


def _options(labels: Sequence[str]) -> str:
    """The values to correct, briefly: labels that share a first word with others said once
    (`cards, dealer, trump, bid …, took …`)."""
    firsts = [lb.split()[0] if " " in lb else lb for lb in labels]
    out: list[str] = []
    for lb, first in zip(labels, firsts):
        shown = f"{first} …" if " " in lb and firsts.count(first) > 1 else lb
        if shown not in out:
            out.append(shown)
    return ", ".join(out)


def _which(t: Table, answer: str, labels: Sequence[str]) -> int | None:
    """The value the scorer names: a label or its start (`t.name`), or each word typed the start
    of another word of one label, in any order (`chl took`, `t chl` for `took Chloé`)."""
    words = answer.casefold().split()
    if len(words) > 1 or not any(lb.casefold().startswith(answer.strip().casefold()) for lb in labels):
        hits = [i for i, lb in enumerate(labels) if _words_fit(words, lb.casefold().split())]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            t.say(f"  `{answer.strip()}` could be {', '.join(labels[i] for i in hits)}: type more of it")
            return None
    which = t.name(answer, list(labels), "one of them")
    return None if which is None else list(labels).index(which)


def _words_fit(typed: Sequence[str], label: Sequence[str]) -> bool:
    """Each word typed starts a different word of the label."""
    left = list(label)
    for w in typed:
        hit = next((x for x in left if x.startswith(w)), None)
        if hit is None:
            return False
        left.remove(hit)
    return bool(typed)
