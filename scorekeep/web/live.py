"""The web front end of `play`'s session: the game's questions become the entry page's form.

The dialogue (`scorekeep.entry.play.run`: the game's `turn` and `reopen`, undo, resume) runs
unchanged in a worker thread and asks its questions through `LiveTable`, this front end's
`scorekeep.entry.Table`: `ask` posts the question, with the flow's legal choices for buttons,
on the `Desk` and waits for the answer a POST brings. Judging, saving, undo, `edit N`, history
and "record it anyway" are the library's (`scorekeep.entry.play`), as for the terminal, so an
entry is answered only after the save.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..entry import Table


class Line(NamedTuple):
    """One thing the flow said: its text, and `mark` (`refused`, `ok`, `` for plain)."""

    text: str
    mark: str = ""


class Question(NamedTuple):
    """What the entry page shows: the question, with its `version` (every question has its
    own: a form answers one version only), what was said since the last answer, the legal
    choices (`refused`: the choices the rules refuse, each with its one-line ruling), and
    `kind`: `ask`, `confirm` (record a refused entry anyway?) or `over`."""

    version: int
    text: str
    default: str | None = None
    choices: tuple[str, ...] = ()
    refused: tuple[tuple[str, str], ...] = ()
    said: tuple[Line, ...] = ()
    kind: str = "ask"
    why: tuple[str, ...] = ()  # the long ruling of each refusal (`confirm`)
    many: bool = False  # the answer is a list of the choices, in order (names tapped one after another)
    which: bool = False  # (`confirm`) "no" leads to a choice of which value to correct


class Command(NamedTuple):
    """An answer that is not a value: `undo`, `edit` (`target`: hand N, Daifugō also SET.GAME), `quit`."""

    word: str
    target: str = ""


Answer = str | Command


class Stale(NamedTuple):
    """A form answered a question that is no longer asked; `now` is the one asked now."""

    now: Question | None


class Desk:
    """Where the flow's thread and the HTTP handlers meet. The flow posts a question and waits;
    a handler gives the answer to the question of its version and waits for the next one, so
    its reply comes after the entry is saved. Answers are taken one at a time."""

    def __init__(self, notify: Callable[[int], None]) -> None:
        self.notify = notify  # told each new question's version (the pages that follow it)
        self.cond = threading.Condition()
        self.turn = threading.Lock()  # one answer at a time, whoever sends it
        self.question: Question | None = None
        self.version = 0
        self._answer: Answer | None = None
        self.stopping = False
        self.failed: str | None = None

    def post(self, make: Callable[[int], Question]) -> Answer:
        """(The flow's thread) Ask; wait for the answer. `make` builds the question of a version."""
        with self.cond:
            self.version += 1
            self.question = make(self.version)
            self._answer = None
            self.cond.notify_all()
            self.notify(self.version)
            while self._answer is None and not self.stopping:
                self.cond.wait()
            if self.stopping:
                return Command("quit")
            answer, self._answer, self.question = self._answer, None, None
            return answer

    def give(self, version: int, answer: Answer, timeout: float = 60.0) -> Question | Stale:
        """(A handler) Answer question `version`; the next question once the flow asks it.
        Stale if `version` is not the question asked now."""
        with self.turn, self.cond:
            q = self.current(timeout)
            if q is None or q.version != version:
                return Stale(q)
            self._answer = answer
            self.question = None
            self.cond.notify_all()
            now = self.current(timeout)
            return now if now is not None else Stale(None)

    def current(self, timeout: float) -> Question | None:
        """The question asked now, waiting while the flow works on the last answer."""
        with self.cond:
            self.cond.wait_for(lambda: self.question is not None or self.stopping or self.failed is not None,
                               timeout)
            return self.question

    def stop(self) -> None:
        with self.cond:
            self.stopping = True
            self.cond.notify_all()

    def fail(self, why: str) -> None:
        with self.cond:
            self.failed = why
            self.cond.notify_all()


def _choices(choices: Any) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """A flow's `choices`: a `scorekeep.entry.Choices` (legal, refused with their rulings) or
    plain words."""
    if choices is None:
        return (), ()
    legal = getattr(choices, "legal", None)
    if legal is None:
        return tuple(str(c) for c in choices), ()
    refused = tuple((str(c), f"{f.rule}: {f.message}") for c, f in getattr(choices, "refused", ()))
    return tuple(str(c) for c in legal), refused


class LiveTable(Table):
    """`scorekeep.entry.Table` for the web (see the protocol for each method): `say` keeps the
    lines for the next page, `ask` posts the question (with the flow's choices, for buttons)
    and waits for the answer a POST brings; the dialogue itself is `scorekeep.entry.play`'s."""

    def __init__(self, session: Any, path: Path, desk: Desk, changed: Callable[[], None]) -> None:
        self.s = session
        self.fill_last = False  # every trick count is asked, as `play` asks by default
        self.keeps = "tap OK to keep what is written"  # (there is no Enter key on the page)
        self.name_shown = path.name  # (a phone needs the file's name, not its path)
        self.desk = desk
        self.changed = changed  # called before every question: the sheet follows the record
        self.said: list[Line] = []

    def say(self, text: str = "", style: str | None = None) -> None:
        lines = [x.strip() for x in str(text).split("\n") if x.strip()]
        self.said.extend(Line(x, style or "") for x in lines)

    def _post(self, text: str, default: str | None, kind: str, choices: Any = None,
              why: Sequence[str] = (), many: bool = False, which: bool = False) -> str:
        """The answer to the question; undo, edit N and quit come as commands, raised as the protocol says."""
        from ..entry import Quit, Reopen, Undo

        self.changed()
        said, self.said = tuple(line for line in self.said if line.text != text), []
        legal, refused = _choices(choices)
        answer = self.desk.post(
            lambda v: Question(v, text, default, legal, refused, said, kind, tuple(why), many, which))
        if isinstance(answer, Command):
            raise Undo() if answer.word == "undo" else Reopen(answer.target) if answer.word == "edit" else Quit()
        return answer

    def ask(self, text: str, default: str | None = None, *, choices: Any = None, many: bool = False) -> str:
        while True:
            answer = self._post(text, default, "ask", choices, (), many).strip()
            if answer:
                return answer
            if default is not None:
                return default

    def refused(self, findings: Any, options: str = "") -> str:
        """The refusal in the table's words, then: record it anyway? The page offers `yes` and
        `no` only (no box: the terminal's "the corrected value" or "which to correct" are not
        said); with `options`, `no` asks which value to correct, with a button for each."""
        from ..entry.play import refusal_text

        found = list(findings)
        for f in found:
            self.say(f"refused: {refusal_text(self.s.game.name, f)}", "refused")
        j = self.s.last_judgement
        audit = j.audit if j is not None and j.audit is not None and all(f in j.new for f in found) else None
        why = [_explained(self.name_shown, audit, f) for f in found]
        answer = self._post("Record it anyway, as it happened at the table?", "no", "confirm", ("yes", "no"), why,
                            which=bool(options))
        return answer.strip() or "no"

    def unreadable(self, error: Any) -> None:
        from ..entry.play import unreadable_text

        _first, whole = unreadable_text(self.s.game.name, error)  # (all of it: a page has no `why` to ask)
        self.say(f"cannot read that: {whole}", "refused")

    def over(self) -> bool:
        """At the end the page stays: a hand can still be corrected (`edit N`) or undone."""
        while True:  # (anything typed here is nothing to enter; a command is raised)
            self._post("The game is over.", None, "over")

    def show_table(self) -> None:
        """The sheet is on every page already, updated after each entry."""


def _explained(name: str, audit: Any, f: Any) -> str:
    """The long ruling `scorekeep why` gives on finding `f` of `audit` (as it would stand were
    the entry written), as plain text."""
    from .. import api
    from ..games import REGISTRY
    from ..render.text import explanation

    if audit is None:  # a value tried alone (a hand's size): its ruling is the finding's own words
        return f"{f.rule}: {f.message}"
    try:
        ex = api.explain(audit, REGISTRY.part(audit.game, "explain").location_of(f, audit))
    except Exception:  # noqa: BLE001 - a place `why` cannot walk to: the finding as it is
        ex = None
    return explanation(name, ex) if ex is not None else f"{f.rule}: {f.message}"


def run_flow(table: LiveTable, desk: Desk) -> None:
    """(The flow's thread) The game's questions until the server stops."""
    from ..entry import Quit
    from ..entry.play import run

    try:
        run(table)
    except Quit:
        pass
    except Exception as e:  # noqa: BLE001 - a bug: the pages say so, the server goes on serving the sheet
        import traceback

        traceback.print_exc()
        desk.fail(f"internal error: {type(e).__name__}: {e}")
    else:
        desk.fail("the entry has ended")


class Keeping(NamedTuple):
    """A session being kept from the web: its desk, its sheet and the flow's thread."""

    desk: Desk
    hub: Any
    thread: threading.Thread

    def stop(self) -> None:
        """Let the flow end at its question (a save under way is finished, never cut)."""
        self.desk.stop()
        self.thread.join(10)
        self.hub.close()


def keep(session: Any, path: Path) -> Keeping:
    """Start the game's questions over `session` in a thread; the sheet follows every save."""
    from .sheet import Hub, render

    hub = Hub()
    desk = Desk(notify=lambda v: hub.publish(question=v))
    shown: list[str | None] = [None]

    def changed() -> None:  # before every question: the sheet follows each save and undo
        if session.text != shown[0]:
            shown[0] = session.text
            hub.publish(render(session.audit))
    changed()
    table = LiveTable(session, path, desk, changed)
    thread = threading.Thread(target=run_flow, args=(table, desk), name="entry", daemon=True)
    thread.start()
    return Keeping(desk, hub, thread)
