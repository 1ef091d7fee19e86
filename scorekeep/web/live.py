"""The web front end of `play`'s session: the game's questions become the entry page's form.

The game's flow (`scorekeep/games/<game>/entry.py`: `turn`, `reopen`) runs unchanged in a
worker thread and asks its questions through `LiveTable`, the same front end `play` uses with
only its input and output replaced: `ask` posts the question on the `Desk` and waits for the
answer a POST brings. Judging, saving, undo, `edit N`, history and "record it anyway" are
`play`'s own (`scorekeep.cli.play_cmd.Table`), so an entry is answered only after the save.

This is the one module that adapts to the front-end protocol (`scorekeep.entry.Table`): every
method takes and ignores keywords it does not know, so that a flow that says more than this
front end shows still runs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..cli import play_cmd


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
    why: tuple[str, ...] = ()
    """The long ruling of each refusal (`confirm`)."""
    many: bool = False
    """The answer is a list of the choices, in order (names tapped one after another)."""


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

    def __init__(self, notify: Callable[[int], None] | None = None) -> None:
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
            if self.notify is not None:
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

    def current(self, timeout: float = 10.0) -> Question | None:
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


TERMINAL_ONLY = ("Type `help`",)
"""What `play` says about typing commands: the page has buttons for them."""


class LiveTable(play_cmd.Table):
    """`play`'s Table with the web's input and output: `say` keeps the lines for the next page,
    `ask` posts the question and waits for the answer, `show_table` is the live sheet."""

    def __init__(self, session: Any, path: Path, desk: Desk, changed: Callable[[], None]) -> None:
        super().__init__(session, Path(path.name))  # (`play` says the path; a phone needs the name)
        self.desk = desk
        self.changed = changed  # called before every question: the sheet follows the record
        self.said: list[Line] = []
        self.last: Any = None  # the last judgement: a refusal's long ruling (`why`)
        judge = session.judge

        def judged(edits: Any, *a: Any, **kw: Any) -> Any:
            self.last = judge(edits, *a, **kw)
            return self.last
        session.judge = judged

    def say(self, text: str = "", *args: Any, mark: str | None = None, **kw: Any) -> None:
        text = str(text).strip()
        if not text or text.startswith(TERMINAL_ONLY):
            return
        if mark is None and args and isinstance(args[0], str):  # a flow that marks its lines
            mark = args[0]
        m = mark or ("refused" if text.startswith(("refused", "cannot", "nothing written")) else "")
        self.said.extend(Line(t.strip(), m) for t in text.split("\n") if t.strip())

    def _post(self, text: str, default: str | None, kind: str, choices: Any = None,
              why: Sequence[str] = (), many: bool = False) -> Answer:
        self.changed()
        said, self.said = tuple(line for line in self.said if line.text != text), []
        legal, refused = _choices(choices)
        return self.desk.post(lambda v: Question(v, text, default, legal, refused, said, kind, tuple(why), many))

    def ask(self, text: str, default: str | None = None, *args: Any, choices: Any = None, many: bool = False,
            **kw: Any) -> str:
        """One answer (a value); undo, edit N and quit come as commands, raised as `play` does."""
        while True:
            answer = self._post(text, default, "ask", choices, (), many)
            if isinstance(answer, Command):
                self._command(answer)
            elif answer.strip():
                return answer.strip()
            elif default is not None:
                return default

    def _command(self, c: Command) -> None:
        undo, quit_, reopen = _commands()
        if c.word == "undo":
            raise undo()
        if c.word == "edit":
            raise reopen(c.target if reopen.__name__ == "Reopen" else int(c.target))
        raise quit_()

    def refused(self, findings: Any = (), options: str = "", *args: Any, **kw: Any) -> str:
        """(The protocol's `refused`) Show the refusal, ask whether to record it anyway: `yes`,
        `no`, or what else was typed (the corrected value)."""
        from ..cli.add_cmd import ruling

        for f in findings:
            self.say(f"refused: {ruling(self.path.name, f)}", "refused")
        return self._confirm(list(findings))

    def confirm_anyway(self, *args: Any, **kw: Any) -> bool:
        """(The protocol before `refused`) Record the refused entry anyway?"""
        return self._confirm(None).lower() in ("y", "yes")

    def _confirm(self, findings: list[Any] | None) -> str:
        j = self.last
        if findings is None:
            findings = list(j.new) if j is not None else []
        audit = j.audit if j is not None else None
        why = [_explained(self.path.name, audit, f) for f in findings] if audit is not None else []
        answer = self._post("Record it anyway, as it happened at the table?", "no", "confirm",
                            ("yes", "no"), why)
        if isinstance(answer, Command):
            self._command(answer)
        return str(answer).strip() or "no"

    def unreadable(self, error: Any, *args: Any, **kw: Any) -> None:
        self.say(f"cannot read that: {getattr(error, 'message', error)}", "refused")

    def over(self, *args: Any, **kw: Any) -> bool:
        """At the end the page stays: a hand can still be corrected (`edit N`) or undone."""
        while True:
            answer = self._post("The game is over.", None, "over")
            if isinstance(answer, Command):
                self._command(answer)

    def show_table(self, *args: Any, **kw: Any) -> None:
        """The sheet is on every page already, updated after each entry."""

    def name(self, text: str, names: Any = None, *args: Any, **kw: Any) -> str | None:
        return super().name(text, names)

    def number(self, text: str, *args: Any, **kw: Any) -> int | None:
        return super().number(text)


def _explained(name: str, audit: Any, f: Any) -> str:
    """The long ruling `scorekeep why` gives on finding `f` of `audit`, as plain text."""
    from .. import api
    from ..cli.why_cmd import _text
    from ..games import REGISTRY

    try:
        ex = api.explain(audit, REGISTRY.part(audit.game, "explain").location_of(f))
    except Exception:  # noqa: BLE001 - a place `why` cannot walk to: the finding as it is
        ex = None
    return _text(name, ex) if ex is not None else f"{f.rule}: {f.message}"


def _commands() -> tuple[Any, Any, Any]:
    """The exceptions `ask` raises for undo, quit and edit N: the protocol's own
    (`scorekeep.entry.Undo`, `Quit`, `Reopen`) where it has them, else `play`'s."""
    from .. import entry

    if hasattr(entry, "Reopen"):
        return entry.Undo, entry.Quit, entry.Reopen  # type: ignore[attr-defined]
    return play_cmd._Undo, play_cmd._Quit, play_cmd._Edit  # type: ignore[attr-defined]


def run_flow(table: LiveTable, desk: Desk) -> None:
    """(The flow's thread) The game's questions until the server stops."""
    try:
        table.run()
    except _commands()[1]:
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
            hub.publish(render(session.audit, str(path)))
    changed()
    table = LiveTable(session, path, desk, changed)
    thread = threading.Thread(target=run_flow, args=(table, desk), name="entry", daemon=True)
    thread.start()
    return Keeping(desk, hub, thread)
