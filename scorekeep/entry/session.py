"""A live session over one record file: judge an entry, write it safely, undo, correct.

Every entry is judged by the checker itself: the edited record is read and audited exactly
as `scorekeep check` would, and the entry is refused when that shows a violation the record
did not have before. Nothing here knows a rule.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from .. import api
from ..errors import Finding, InputError
from ..game import Audit, Game
from ..yamlio import Node, decode, parse
from .edits import Edit, apply_nodes, apply_text


class Locked(Exception):
    """Another `play` or `add` has the record open."""


class Unreadable(InputError):
    """A record that cannot be opened for entries: the first input error as the error itself,
    and every input error of the file (it is read on past an unreadable hand) in `errors`."""

    def __init__(self, errors: list[InputError]) -> None:
        first = errors[0]
        super().__init__(first.message, first.line, first.path)
        self.errors = errors


class Judgement(NamedTuple):
    """What an entry would do to the record: the new text and its audit, the violations it
    adds (empty: the entry is legal), or the input error that makes it unreadable."""

    edits: tuple[Edit, ...]
    text: str | None
    audit: Audit | None
    new: tuple[Finding, ...]
    error: InputError | None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.new


def _key(f: Finding) -> tuple[Any, ...]:
    # Lines and messages may shift when the text above changes; the rule and where it sits
    # in the game do not.
    return (f.rule, f.set, f.game, f.hand, f.trick, f.play, f.player)


def added(before: Sequence[Finding], after: Sequence[Finding]) -> list[Finding]:
    """The findings of `after` that `before` did not have (counted per rule and place)."""
    left = Counter(_key(f) for f in before)
    out: list[Finding] = []
    for f in after:
        k = _key(f)
        if left[k] > 0:
            left[k] -= 1
        else:
            out.append(f)
    return out


class FileLock:
    """An exclusive lock on a record, held while a session has it open.

    The lock is on a small file beside the record (`.NAME.lock`): the record itself is
    replaced on every save, so a lock on it would not survive the first one. The kernel
    drops the lock when the process dies, kill -9 included."""

    def __init__(self, path: str) -> None:
        folder, name = os.path.split(os.path.realpath(path))  # two names of one file: one lock
        self.path = os.path.join(folder, f".{name}.lock")
        self.fd: int | None = None

    def acquire(self) -> None:
        import fcntl

        while True:
            fd = os.open(self.path, os.O_CREAT | os.O_RDWR, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise Locked(self.path) from None
            try:  # the holder before us may have removed the file meanwhile: lock the one there
                same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                self.fd = fd
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
                return
            os.close(fd)

    def release(self) -> None:
        if self.fd is None:
            return
        try:
            os.unlink(self.path)
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


class Session:
    """One record file open for entries. Use `Session.open(path)`; `close()` when done."""

    def __init__(self, path: str, text: str, lock: FileLock | None) -> None:
        self.path = path
        self.lock = lock
        self.undo_stack: list[str] = []
        self._set_text(text)

    @classmethod
    def open(cls, path: str, lock: bool = True) -> Session:
        """Open a record for entries. Raises Locked, or InputError if it cannot be read."""
        import stat

        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise InputError("no such file (start one with `scorekeep new`)", None, path) from None
        if not stat.S_ISREG(st.st_mode):
            raise InputError("not a regular file", None, path)
        held = FileLock(path) if lock else None
        if held is not None:
            held.acquire()
        text = None
        try:
            with open(path, "rb") as f:
                text = decode(f.read())
            session = cls(path, text, held)
        except InputError as e:
            if held is not None:
                held.release()
            e.path = path
            if text is not None:  # a readable text: say every slip in it at once, as `check` does
                from ..report import check_file

                errors = check_file(path, text).errors
                if errors:
                    raise Unreadable(errors) from None
            raise
        except BaseException:
            if held is not None:
                held.release()
            raise
        return session

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- state ---------------------------------------------------------------------------

    def _set_text(self, text: str) -> None:
        judged = getattr(self, "_judged", None)
        if judged is not None and judged[0] == text:  # just judged: read and audited already
            _t, root, game, audit = judged
            self.text, self.root, self.game, self.audit = text, root, game, audit
            self._trial_base = {}
            return
        root = parse(text)
        game, record = api.read_record(root)
        self.text = text
        self.root: Node = root
        self.game: Game = game
        self.audit: Audit = game.audit(record)
        self._trial_base: dict[int | None, list[Finding]] = {}

    @property
    def players(self) -> tuple[str, ...]:
        return self.audit.header.players

    # --- judging -------------------------------------------------------------------------

    def judge(self, edits: Sequence[Edit]) -> Judgement:
        """What `edits` would do, judged on the text that would be written."""
        edits = tuple(edits)
        try:
            text = apply_text(self.text, list(edits))
            root = parse(text)
            game, record = api.read_record(root)
            audit = game.audit(record)
        except InputError as e:
            e.path = self.path
            return Judgement(edits, None, None, (), e)
        self._judged = (text, root, game, audit)
        return Judgement(edits, text, audit, tuple(added(self.audit.violations, audit.violations)), None)

    def trial(self, edits: Sequence[Edit], prefix: tuple[str, int] | None = None) -> list[Finding] | None:
        """The violations `edits` would add, judged quickly on the checker's nodes (for the
        legal choices at a prompt); None if the result would be unreadable.

        `prefix` (`("hands", n)`) judges only the first n items of that list, which is all an
        entry in item n can depend on. When every edit is in item n, only that item is read
        again; the others are the record already read."""
        root = self.root
        if prefix is not None:
            root = _truncate(root, *prefix)
        try:
            for e in edits:
                root = apply_nodes(root, e)
            record = self._quick_read(root, edits, prefix) if prefix is not None else None
            if record is None:
                record = self.game.read(root)  # type: ignore[arg-type]
            audit = self.game.audit(record)
        except (InputError, AssertionError):
            return None
        return added(self._base(prefix), audit.violations)

    def _quick_read(self, root: Node, edits: Sequence[Edit], prefix: tuple[str, int]) -> Any:
        """The record read with only its item `prefix[1]` read again (None: read it all)."""
        from ..yamlio import Map, Seq

        key, n = prefix
        i = n - 1
        if not all(e.path[:2] == (key, i) or e.path == (key,) for e in edits) or not isinstance(root, Map):
            return None
        seq = root.get(key)
        base = self.audit.record
        items = getattr(base, key, None)
        if not isinstance(seq, Seq) or len(seq.items) != n or items is None or len(items) < i:
            return None
        one = Seq(seq.line)
        one.items = [seq.items[i]]
        mini = Map(root.line)
        mini.pairs = [(k, one if k.value == key else v) for k, v in root.pairs]
        mini.index = dict(root.index)
        item = getattr(self.game.read(mini), key)[0]  # type: ignore[arg-type]
        if not hasattr(item, "_replace") or "number" not in getattr(item, "_fields", ()):
            return None
        return base._replace(**{key: (*items[:i], item._replace(number=n))})

    def _base(self, prefix: tuple[str, int] | None) -> list[Finding]:
        """The violations of the record (or of its first n items) before the trial."""
        n = prefix[1] if prefix is not None else None
        if n not in self._trial_base:
            root = self.root if prefix is None else _truncate(self.root, *prefix)
            if root is self.root:
                self._trial_base[n] = self.audit.violations
            else:
                self._trial_base[n] = self.game.audit(self.game.read(root)).violations  # type: ignore[arg-type]
        return self._trial_base[n]

    # --- writing -------------------------------------------------------------------------

    def commit(self, j: Judgement) -> None:
        """Write a judged entry (legal, or recorded on purpose) to the file, atomically."""
        from ..atomic import write_atomically

        assert j.text is not None
        write_atomically(self.path, j.text, overwrite=True)
        self.undo_stack.append(self.text)
        self._set_text(j.text)

    def write_text(self, text: str) -> None:
        from ..atomic import write_atomically

        write_atomically(self.path, text, overwrite=True)
        self._set_text(text)

    def undo(self) -> bool:
        """Put back the record as it was before this session's last entry."""
        if not self.undo_stack:
            return False
        self.write_text(self.undo_stack.pop())
        return True


def _truncate(root: Node, key: str, n: int) -> Node:
    from ..yamlio import Map, Seq

    if not isinstance(root, Map):
        return root
    seq = root.get(key)
    if not isinstance(seq, Seq) or len(seq.items) <= n:
        return root
    new_seq = Seq(seq.line)
    new_seq.items = seq.items[:n]
    m = Map(root.line)
    m.pairs = [(k, new_seq if k.value == key else v) for k, v in root.pairs]
    m.index = dict(root.index)
    return m


def now_iso() -> str:
    """The time now, to the second, with the local offset (ISO 8601)."""
    from datetime import datetime

    return datetime.now().astimezone().replace(microsecond=0).isoformat()


def history_edits(s: Session, entries: list[dict[str, Any]]) -> list[Edit]:
    """Edits that add corrections to the record's top-level `history`."""
    from ..yamlio import Map, Seq
    from .edits import Append, SetKey

    if not entries:
        return []
    if isinstance(s.root, Map) and isinstance(s.root.get("history"), Seq):
        return [Append(("history",), e) for e in entries]
    return [SetKey((), "history", entries)]
