"""The dialogue of `play` for any front end (`scorekeep.entry.Table`): the loop over the game's
questions (`games/<game>/entry.py`), undo, resuming, entering a judged entry, the words of a
refusal. Nothing here prints or knows a game.
"""

from __future__ import annotations

from typing import Any

from ..game import and_list
from . import Reopen, Table, Undo


def module(t: Table) -> Any:
    """The entry module of the session's game."""
    from ..games import REGISTRY

    return REGISTRY.part(t.s.game.name, "entry")


def run(t: Table) -> None:
    """Where the table is (`resume`), then the game's questions one entry at a time (`_turn`)
    until the record is done. `undo` and `edit N` are handled here; `Quit` goes to the caller."""
    entry = module(t)
    resume(t)
    while True:
        try:
            if not _turn(t, entry):
                return
        except Undo:
            undo(t)
        except Reopen as e:
            _reopen(t, entry, e.target)
            continue  # the entry typed part-way, if any, is asked on at the next turn
        t.s.form_paused = None


def _turn(t: Table, entry: Any) -> bool:
    """Ask for the entry the game's `where` says comes next (its `ASK[kind]`) and enter it; at
    the end, the table and the game's last line (`over_text`), and False unless `edit N` follows."""
    w = entry.where(t.s)
    if w.kind == "over":
        t.show_table()
        t.say(entry.over_text(t.s))
        return t.over()
    entry.ASK[w.kind](t, w)
    return True


def _reopen(t: Table, entry: Any, target: str) -> None:
    """`edit N`; the values of an entry it interrupted wait for the next turn (`form`)."""
    s = t.s
    paused, s.form_paused = s.form_paused, None
    written = s.form_written
    if written is not None and written.text == s.text:  # just undone: an edit starts afresh
        s.form_written = None
    try:
        entry.reopen(t, target)
    except Undo:
        t.say("  edit abandoned")
    except Reopen:
        t.say("  one edit at a time; edit abandoned")
    s.form_paused = paused


def resume(t: Table) -> None:
    """On a record with entries: the table, the violations the record already has, and where
    the table is (the game's own lines)."""
    lines = module(t).situation(t.s)
    if not lines:
        return
    t.show_table()
    found = t.s.audit.violations
    if found:
        t.say(f"The record already has {len(found)} violation{'s' if len(found) != 1 else ''}:", "refused")
        for f in found[:5]:
            t.say("  " + refusal_text(t.s.game.name, f, where=True))
        if len(found) > 5:
            t.say(f"  … and {len(found) - 5} more (`scorekeep check` lists them)")
    for line in lines:
        t.say(line)


def undo(t: Table) -> None:
    """Take back the last entry written: this session's (as it was before it), else the last
    entry the record holds (the game's `undo_edits`, after a resume)."""
    from .session import Reloaded

    kept = t.s.audit.header.history
    try:
        done = t.s.undo()
    except Reloaded as e:
        t.say(f"  the record was changed by another program: {e.problem or 'read again'}; nothing undone")
        return
    if done:  # a change of what was written takes its history entries with it: say which (`edit N`)
        gone = sorted({h.where for h in kept[len(t.s.audit.header.history):]})
        t.say("  undone" + (f": the change to {and_list(gone)}, and its history" if gone else ""))
        return
    undone = module(t).undo_edits(t.s)
    if undone is None:
        t.say("  nothing to undo")
        return
    j = t.s.judge(undone.edits)
    if j.text is None:
        t.say("  cannot undo here")
        return
    if save(t, j):
        t.s.undo_stack.clear()
        t.say(f"  undone: {undone.said} taken out of the record")


def enter(t: Table, edits: list[Any], allowed: Any = ()) -> bool:
    """Judge an entry; write it if legal, if what it breaks is in `allowed` (rule ids), or if
    the scorer confirms it at `t.refused`. True if written."""
    j = t.s.judge(edits)
    if j.error is not None:
        t.unreadable(j.error)
        return False
    new = [f for f in j.new if f.rule not in set(allowed)]
    if new and t.refused(new).lower() not in ("y", "yes"):
        t.say("  nothing written")
        return False
    if not save(t, j):
        return False
    for f in j.new:
        t.say(f"  recorded as a violation: {f.rule}", "refused")
    return True


def save(t: Table, j: Any) -> bool:
    """Commit a judged entry; if another program saved the record meanwhile, say so and what
    the entry would do to the record as it is now (nothing is written)."""
    from .session import Reloaded

    try:
        t.s.commit(j)
    except Reloaded as e:
        t.say("  the record was changed by another program: "
              + (f"{e.problem}; " if e.problem else "read again; ") + "nothing written")
        if e.again is not None:
            t.say(f"  enter it again: {_against_new(e.again)}")
        return False
    return True


def _against_new(j: Any) -> str:
    """What an entry judged again against a record another program saved would do."""
    if j.error is not None:
        return f"it cannot be read now ({j.error.message})"
    if j.new:
        return "against the new record it breaks " + ", ".join(f.rule for f in j.new)
    return "it is legal against the new record"


def refusal_text(game: str, f: Any, where: bool = False) -> str:
    """A refusal in the table's words, short (a front end wraps it; two 80-column lines hold
    it): what is wrong, what is allowed where the rule is a set of choices, the rule id last.
    The record's key names are said as the table says them (`table_words`). `where`: the
    place in the game first (`hand 3: …`)."""
    from ..games import REGISTRY
    from .values import ranges, table_words

    if f.allowed is not None:
        title = rule_title(game, f.rule)
        allowed = list(f.allowed)
        numbers = all(a.lstrip("-").isdigit() for a in allowed)
        spoken = getattr(REGISTRY.part(game, "explain"), "spoken", None) or (lambda c: c)  # `QS` → `Q♠`
        shown = ranges([int(a) for a in allowed]) if numbers else \
            ", ".join(map(spoken, allowed[:8])) + (", …" if len(allowed) > 8 else "")
        # the game names how a choice of its rule is made where it is no play (a gift, a trump named)
        verb = getattr(REGISTRY.part(game, "entry"), "CHOICE_VERBS", {}).get(f.rule) or _verb(allowed, numbers)
        text = (title[:1].lower() + title[1:] if title else f.message.split("; ")[0]) + \
            f"; {f.player or 'the player'} may {verb}{shown or 'nothing'}"
    else:
        text = f.message.split("; ")[0]
    place = ", ".join(f"{k} {v}" for k, v in f.location().items() if k != "player") if where else ""
    return (f"{place}: " if place else "") + f"{table_words(game, text)} ({f.rule})"


def _verb(allowed: list[str], numbers: bool) -> str:
    """How the choices are made: bids (numbers), calls (numbers or a pass: Rook's auction), or
    plays (cards, or a pass: a trick or Daifugō's table)."""
    if numbers:
        return "bid "
    calls = all(a == "pass" or a.isdigit() for a in allowed)
    return "call " if calls else "play "


def unreadable_text(game: str, error: Any) -> tuple[str, str]:
    """Why an entry cannot be read, in table words: its first clause, and all of it (for `why`)."""
    from .values import table_words

    text = table_words(game, error.message)
    return text.split("; ")[0].split(": ")[0], text


def rule_title(game: str, rule: str) -> str:
    """The rule's title in its game's rulebook (`The hook: the bids may not add up to the number of tricks`)."""
    from ..games import REGISTRY

    return next((r.title for r in REGISTRY.part(game, "rulebook").RULES if r.id == rule), "")
