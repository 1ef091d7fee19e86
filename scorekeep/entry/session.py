"""A live session over one record file: judge an entry, write it safely, undo, correct.

Every entry is judged by the checker itself: the edited record is read and audited exactly
as `scorekeep check` would, and the entry is refused when that shows a violation the record
did not have before. Nothing here knows a rule.
"""

from __future__ import annotations

import atexit
import errno
import os
import stat
import time
from collections import Counter
from contextlib import suppress
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import api
from ..errors import Finding, InputError
from ..game import Audit, Game, flow_of
from ..yamlio import Map, Node, Scalar, Seq, decode, encode_like, parse
from . import Choices
from .edits import Append, Edit, SetKey, apply_nodes, edit_text

if TYPE_CHECKING:
    from ..atomic import Snapshot


class Locked(Exception):
    """Another `play` or `add` has the record open."""


class Reloaded(Exception):
    """Nothing was written: another program saved the record since this session read it.
    The session has read it again (unless `problem` says why it could not: removed,
    unreadable) and cleared its undo; `again` is the entry judged against the record as it
    is now (None for an undo)."""

    def __init__(self, path: str, again: Judgement | None, problem: str) -> None:
        super().__init__(path)
        self.again = again
        self.problem = problem


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


class _Judged(NamedTuple):
    """A judgement with what it was made on (the text then) and the record it reads as."""

    base: str
    judgement: Judgement
    root: Node
    game: Game


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


class LockError(OSError):
    """The lock beside a record cannot be made: a read-only folder, a full disk, a lock path
    that is a link or not a plain file. `reason` says so in plain words; `errno` as OSError's."""

    def __init__(self, code: int, reason: str, path: str) -> None:
        super().__init__(code, reason, path)
        self.reason = reason


class FileLock:
    """An exclusive lock on a record while a session has it open: the system's own (flock; a
    byte lock on Windows), which it drops when the process dies, kill -9 included.

    The lock is on a small file beside the record (`.NAME.lock`, holding the holder's process
    id), as the record itself is replaced on every save. The lock path is never followed when
    it is a link, nor written when it is not a plain file of one name; a lock file this
    process made and could not finish is removed."""

    def __init__(self, path: str) -> None:
        folder, name = os.path.split(os.path.realpath(path))  # two names of one file: one lock
        self.path = os.path.join(folder, f".{name}.lock")
        self.fd: int | None = None

    def acquire(self, wait: bool = False, waiting: Callable[[], None] | None = None) -> None:
        """Take the lock. Raises Locked when another holds it (unless `wait`: then `waiting`
        is called once and the lock is waited for), LockError when it cannot be made."""
        while True:
            fd, created = self._open()
            try:
                got = _try_lock(fd)
                if not got and wait and waiting is not None:
                    waiting()
                    waiting = None
                while not got and wait:
                    time.sleep(0.1)
                    got = _try_lock(fd)
            except OSError as e:
                self._drop(fd, created)
                raise LockError(e.errno or 0, f"cannot lock {self.path} ({e.strerror or e})", self.path) from None
            except BaseException:  # Ctrl-C while waiting
                os.close(fd)
                raise
            if not got:
                os.close(fd)
                raise Locked(self.path)
            if _same_file(self.path, fd):  # the holder before us may have removed it meanwhile
                self._stamp(fd)
                return
            os.close(fd)

    def _open(self) -> tuple[int, bool]:
        """The lock file, opened without following a link: (descriptor, made by this call)."""
        flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        while True:
            if os.path.islink(self.path):  # (where the system has no O_NOFOLLOW: Windows)
                raise LockError(errno.ELOOP, _LINK.format(self.path), self.path)
            try:
                try:
                    fd, created = os.open(self.path, flags | os.O_CREAT | os.O_EXCL, 0o644), True
                except FileExistsError:
                    fd, created = os.open(self.path, flags), False
            except FileNotFoundError:  # removed between the two opens: again
                continue
            except OSError as e:
                raise _lock_error(self.path, e) from None
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
                os.close(fd)
                raise LockError(errno.EINVAL, f"{self.path} is not a plain file of its own (a link, a device or "
                                "a file with other names); scorekeep does not write to it: remove it", self.path)
            return fd, created

    def _stamp(self, fd: int) -> None:
        """Write the holder's process id into the held lock (a full disk: the lock is removed)."""
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError as e:
            self._drop(fd, True)
            raise _lock_error(self.path, e) from None
        self.fd = fd
        atexit.register(self.release)  # a program that ends without closing leaves no lock file

    def _drop(self, fd: int, remove: bool) -> None:
        """Close a lock file; remove it when this process made it or holds it (Windows removes
        only a closed file; POSIX while held, so that a waiter then locks a new one)."""
        if remove and os.name != "nt":
            _unlink(self.path)
        os.close(fd)
        if remove and os.name == "nt":
            _unlink(self.path)

    def release(self) -> None:
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        atexit.unregister(self.release)
        self._drop(fd, True)


_LINK = "{} is a symbolic link; scorekeep does not follow a lock file's link (remove it)"


def _lock_error(path: str, e: OSError) -> LockError:
    """An OSError met while making the lock, in plain words."""
    folder = os.path.dirname(path) or "."
    if e.errno in (errno.EACCES, errno.EPERM) and os.path.lexists(path):
        why = "that file is not yours to write (another user's lock?)"
    elif e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = f"the folder {folder} is read-only for you; scorekeep keeps a small lock file beside the record"
    elif e.errno in (errno.ENOSPC, errno.EDQUOT):
        why = f"the disk holding {folder} is full"
    elif e.errno == errno.ELOOP:
        return LockError(errno.ELOOP, _LINK.format(path), path)
    else:
        why = e.strerror or str(e)
    return LockError(e.errno or 0, f"cannot make the lock file {path}: {why}", path)


def _same_file(path: str, fd: int) -> bool:
    try:
        return os.path.samestat(os.lstat(path), os.fstat(fd))
    except FileNotFoundError:
        return False


def _unlink(path: str) -> None:
    with suppress(OSError):
        os.unlink(path)


def _try_lock(fd: int, unlock: bool = False) -> bool:
    """Take (or with `unlock` drop) the system's exclusive lock on an open file without waiting:
    False when another holds it. flock on POSIX; on Windows a lock of the first byte. (The
    `filelock` package does the same, at 20 ms of start-up for `add`.)"""
    if os.name == "nt":  # pragma: no cover - Windows
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_UNLCK if unlock else msvcrt.LK_NBLCK, 1)
        except PermissionError:  # (EACCES: another holds the byte)
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_UN if unlock else fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:  # (EWOULDBLOCK: another holds it)
        return False
    return True


def held_elsewhere(path: str) -> bool:
    """Whether a `play` or `add` holds the record at `path` open now (without taking it)."""
    lock = FileLock(path).path
    try:
        fd = os.open(lock, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        return not (_try_lock(fd) and _try_lock(fd, unlock=True))
    except OSError:
        return False
    finally:
        os.close(fd)


class Session:
    """One record file open for entries. Use `Session.open(path)`; `close()` when done."""

    def __init__(self, path: str, text: str, lock: FileLock, snap: Snapshot) -> None:
        self.path = path
        self.lock = lock
        self.snap = snap  # the file as read or last written: a save checks it is still that
        self.undo_stack: list[str] = []
        self.form_written: Any = None  # the values of the last entry a form wrote (`entry.form`)
        self.form_paused: Any = None  # the values of a form interrupted by `edit N`
        self._last: _Judged | None = None  # the last entry judged: asked again, or entered
        self._set_text(text)

    @classmethod
    def open(cls, path: str, *, wait: bool = False, waiting: Callable[[], None] | None = None) -> Session:
        """Open a record for entries. Raises Locked (unless `wait`: then `waiting` is called
        once and the lock waited for), LockError when the lock cannot be made, or InputError
        if the record cannot be read."""
        from ..atomic import snapshot

        no_file = "no such file (start one with `scorekeep new`)"
        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise InputError(no_file, None, path) from None
        if not stat.S_ISREG(st.st_mode):
            raise InputError("not a regular file", None, path)
        held = FileLock(path)
        held.acquire(wait, waiting)
        text = None
        try:
            snap = snapshot(path)
            if snap is None:
                raise InputError(no_file, None, path)
            text = decode(snap.data)
            return cls(path, text, held, snap)
        except BaseException as e:
            held.release()
            if isinstance(e, InputError):
                e.path = path
                if text is not None:  # a readable text: say every slip in it at once, as `check` does
                    from ..report import check_file

                    errors = check_file(path, text).errors
                    if errors:
                        raise Unreadable(errors) from None
            raise

    def close(self) -> None:
        self.lock.release()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- state ---------------------------------------------------------------------------

    def _set_text(self, text: str) -> None:
        last = self._last
        if last is not None and last.judgement.text == text:  # just judged: read and audited already
            self.text, self.root, self.game, self.audit = text, last.root, last.game, last.judgement.audit
            return
        root = parse(text)
        game, record = api.read_record(root)
        self.text = text
        self.root: Node = root
        self.game: Game = game
        self.audit: Audit = game.audit(record)

    @property
    def players(self) -> tuple[str, ...]:
        return self.audit.header.players

    # --- judging -------------------------------------------------------------------------

    def judge(self, edits: Sequence[Edit]) -> Judgement:
        """What `edits` would do, judged on the text that would be written. (The last
        judgement is kept: a front end that judged an entry to ask about it and then enters it
        reads the record once.)"""
        edits = tuple(edits)
        last = self._last
        if last is not None and last.base is self.text and last.judgement.edits == edits:
            return last.judgement
        try:
            text, root = edit_text(self.text, list(edits), self.root)
            game, record = api.read_record(root)
            audit = game.audit(record)
        except InputError as e:
            e.path = self.path
            return Judgement(edits, None, None, (), e)
        j = Judgement(edits, text, audit, tuple(added(self.audit.violations, audit.violations)), None)
        self._last = _Judged(self.text, j, root, game)
        return j

    @property
    def last_judgement(self) -> Judgement | None:
        """The last entry judged that could be read (a refusal's long ruling is read on it)."""
        return None if self._last is None else self._last.judgement

    def tried(self, edits: Sequence[Edit]) -> Audit | None:
        """The audit of the record with `edits`, made quickly on the checker's nodes (for the
        legal choices at a prompt); None if the result would be unreadable."""
        root = self.root
        try:
            for e in edits:
                root = apply_nodes(root, e)
            return self.game.audit(self.game.read(root))  # type: ignore[arg-type]
        except (InputError, AssertionError):
            return None

    def trial(self, edits: Sequence[Edit]) -> list[Finding] | None:
        """The violations `edits` would add (`tried`); None if the result would be unreadable."""
        audit = self.tried(edits)
        return None if audit is None else added(self.audit.violations, audit.violations)

    def by_trial(self, make: Callable[[Any], Sequence[Edit]], candidates: Iterable[Any]) -> Choices:
        """The candidates whose edits (`make(c)`) add no violation (`trial`), and the others each
        with the first violation it adds; those that would not read are left out."""
        legal, refused = [], []
        for c in candidates:
            new = self.trial(make(c))
            if new:
                refused.append((str(c), new[0]))
            elif new is not None:
                legal.append(str(c))
        return Choices(tuple(legal), tuple(refused))

    # --- writing -------------------------------------------------------------------------

    def commit(self, j: Judgement) -> None:
        """Write a judged entry (legal, or recorded on purpose) to the file, atomically.
        Raises Reloaded, having written nothing, if another program saved the file since."""
        assert j.text is not None
        self._save(j.text, j.edits)
        self.undo_stack.append(self.text)
        self._set_text(j.text)

    def _save(self, text: str, edits: Sequence[Edit]) -> None:
        """Write `text` in the file's own encoding, unless the file is no longer what this
        session read (then read it again, judge `edits` against it, raise Reloaded)."""
        from ..atomic import Changed, write_atomically

        data = encode_like(text, self.snap.data)
        try:
            self.snap = write_atomically(self.path, data, overwrite=True, expect=self.snap)
        except Changed as e:
            raise self._reload(e.now, edits) from None

    def _reload(self, now: Snapshot | None, edits: Sequence[Edit]) -> Reloaded:
        """Take the file as it is now; the entry `edits` judged against it (what to raise)."""
        if now is None:
            return Reloaded(self.path, None, "it was removed")
        try:
            text = decode(now.data)
            self._set_text(text)
        except InputError as e:
            e.path = self.path
            return Reloaded(self.path, None, f"it cannot be read now ({e})")
        self.snap = now
        self.undo_stack.clear()
        return Reloaded(self.path, self.judge(edits) if edits else None, "")

    def undo(self) -> bool:
        """Put back the record as it was before this session's last entry."""
        if not self.undo_stack:
            return False
        text = self.undo_stack.pop()
        self._save(text, ())  # raises Reloaded as `commit` does
        self._set_text(text)
        return True


def hand_holds(s: Session, i: int, key: str) -> bool:
    """Whether hand i of the record's `hands` has `key` written."""
    return key in hand_keys(s, i)


def hand_keys(s: Session, i: int) -> set[str]:
    """The keys written in hand i of the record's `hands`."""
    item = s.root.get("hands").items[i]  # type: ignore[union-attr]
    return set(item.index) if isinstance(item, Map) else set()


class Changes:
    """Edits that change what a record holds, each change kept in its top-level `history`
    (`{time, hand | set and game, key, was, now}`); `where` places the changes in the game."""

    def __init__(self, s: Session, **where: int) -> None:
        self.s = s
        self.where = where
        from datetime import datetime

        self.when = datetime.now().astimezone().replace(microsecond=0).isoformat()  # to the second, local offset
        self.edits: list[Edit] = []
        self.history: list[dict[str, Any]] = []

    def log(self, key: str, was: Any, now: Any, *edits: Edit, **where: int) -> None:
        """`edits` change `key` from `was` to `now` (`where`: elsewhere than the changes' place)."""
        self.edits.extend(edits)
        self.history.append({"time": self.when, **(where or self.where), "key": key, "was": was, "now": now})

    def set_in_hand(self, i: int, key: str, v: Any, replace: bool, words: str) -> None:
        """Write `v` as hand i's `key` (`add`): nothing when the hand holds the same already; over
        another value only with `replace` (else an InputError that says what it holds; `words`: the
        key in the table's words), the old value logged."""
        if not hand_holds(self.s, i, key):
            self.edits.append(SetKey(("hands", i), key, v))
            return
        node = self.s.root.get("hands").items[i].get(key)  # type: ignore[union-attr]
        was: Any = node.value if isinstance(node, Scalar) else (
            {k.value: x.value if isinstance(x, Scalar) else flow_of(x) for k, x in node.pairs}
            if isinstance(node, Map) else flow_of(node))
        if _as_text(was) == _as_text(v):
            return
        if not replace:
            raise InputError(f"hand {i + 1} already has {words} ({was}): add --replace to replace it")
        self.log(key, was, v, SetKey(("hands", i), key, v), hand=i + 1)

    def done(self) -> list[Edit]:
        """The edits, and those adding their history to the record (none when nothing changes)."""
        if not self.edits:
            return []
        if isinstance(self.s.root, Map) and isinstance(self.s.root.get("history"), Seq):
            return self.edits + [Append(("history",), e) for e in self.history]
        return self.edits + ([SetKey((), "history", self.history)] if self.history else [])

    def after(self) -> Any:
        """The checker's result for the record with the edits so far (None: it would not read;
        the judgement of the edits will say why)."""
        audit = self.s.tried(self.edits)
        return None if audit is None else audit.result

    def carry(self, hand: int, scores: Callable[[Any], Mapping[str, int] | None],
              written: Sequence[Mapping[str, int] | None], keys: Sequence[str],
              alias: Mapping[str, str] | None = None) -> Any:
        """Carry the edits so far down the sheet, as a scorer carries a correction: the running
        `totals` written (`written`: each hand's) on hand `hand` and every later hand moved by what
        they change in that hand's counted `scores(hand result)` (a later slip of addition stays
        the slip it was). The hand's result after the edits; None if it has none, or no scores."""
        after = self.after() if self.edits else None
        now = None if after is None else after.hands[hand - 1]
        if now is None or scores(now) is None:
            return None
        before = self.s.audit.result.hands[hand - 1]
        old = (scores(before) if before.counted else None) or {}
        new = (scores(now) if now.counted else None) or {}
        delta = {k: new.get(k, 0) - old.get(k, 0) for k in keys}
        if not any(delta.values()):
            return now
        for j in range(hand - 1, len(written)):
            was = written[j]
            if not was or not hand_holds(self.s, j, "totals"):
                continue
            moved = {k: v + delta[k] for k, v in was.items()}
            if moved != was:
                value = written_like(self.s, j, "totals", moved, keys, alias or {})
                self.log("totals", was, moved, SetKey(("hands", j), "totals", value), hand=j + 1)
        return now


def written_like(s: Session, i: int, key: str, values: Mapping[str, int], keys: Sequence[str],
                 alias: Mapping[str, str]) -> Any:
    """`values` in the form hand i's `key` is written in: a list in the order of `keys`, or a
    mapping of the names it has (`alias`: a name → its key), in its order."""
    node = s.root.get("hands").items[i].get(key)  # type: ignore[union-attr]
    if isinstance(node, Seq):
        return [values[k] for k in keys]
    names = [k.value for k, _v in node.pairs] if isinstance(node, Map) else list(keys)
    return {n: values[alias.get(n, n)] for n in names if alias.get(n, n) in values}


def _as_text(v: Any) -> Any:
    """A value as text all through, to compare a value typed with one read from the file."""
    return {str(k): str(x) for k, x in v.items()} if isinstance(v, Mapping) else str(v)
