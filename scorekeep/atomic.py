"""Writing a file so that a crash, a kill or a full disk never leaves a half-written one.

The text goes to a temporary file in the target's folder, is flushed and synced to disk with
the old file's mode (and its owner and group, where the system allows), and is renamed over
the target; the folder is synced so that the rename survives a power cut. A kill at any moment
leaves the old file or the new one, and at most a temporary file named
`.scorekeep-<pid>-….tmp`, which the next write to that folder removes. A new file gets the
mode the umask gives (as `open` would). Without `overwrite` an existing file is never replaced.

With `expect` (a `Snapshot` of the file as it was read) the file is compared with it just
before the rename, and not replaced if another program has saved it since (`Changed`).
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from contextlib import suppress
from typing import NamedTuple

TEMP_PREFIX = ".scorekeep-"
TEMP_SUFFIX = ".tmp"


class NotRegularFile(OSError):
    """The target exists and is not a regular file (a FIFO, a device, a directory)."""


class DanglingLink(FileExistsError):
    """The name is a symbolic link to nothing: a new file is not created through it."""


class Snapshot(NamedTuple):
    """A file as it was read or written: its identity, modification time, size and bytes."""

    dev: int
    ino: int
    mtime_ns: int
    size: int
    data: bytes


class Changed(Exception):
    """The file is no longer what was read: another program saved it (`now`: what is there
    now, None if it is gone)."""

    def __init__(self, path: str, now: Snapshot | None) -> None:
        super().__init__(path)
        self.path = path
        self.now = now


def snapshot(path: str) -> Snapshot | None:
    """The file at `path` as it is now (None if there is none)."""
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            data = f.read()
    except FileNotFoundError:
        return None
    return Snapshot(st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size, data)


def write_atomically(path: str, text: str | bytes, overwrite: bool = False,
                     expect: Snapshot | None = None) -> Snapshot:
    """Write `text` (UTF-8 for a str) to `path` through a temporary file and a rename; returns
    the file as written.

    Raises FileExistsError if `path` exists and `overwrite` is false (DanglingLink if it is a
    link to nothing: the link may point where the writer did not mean), NotRegularFile if it
    exists and is not a regular file (whatever `overwrite` says), Changed if `expect` is given
    and the file is not that any more (then nothing is written)."""
    if not overwrite and os.path.islink(path) and not os.path.exists(path):
        raise DanglingLink(errno.EEXIST, "a symbolic link to a file that does not exist", path)
    target = os.path.realpath(path)  # a symlink: write the file it points to, keep the link
    folder = os.path.dirname(target)
    try:
        old: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        old = None
    if old is not None:
        if not stat.S_ISREG(old.st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", path)
        if not overwrite:
            raise FileExistsError(errno.EEXIST, "file exists", path)
    clean_stale_temps(folder)
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with open(fd, "wb") as f:
            f.write(data)
            f.flush()
            if old is not None:  # the old file's owner first: a change of owner may clear set-id bits
                with suppress(OSError, AttributeError):  # another user's file becomes ours
                    os.chown(tmp, old.st_uid, old.st_gid)
            os.chmod(tmp, stat.S_IMODE(old.st_mode) if old is not None else 0o666 & ~_umask())
            os.fsync(f.fileno())
            st = os.fstat(f.fileno())  # a rename keeps the file's identity and time
        if expect is not None:  # the last moment before the rename: another program's save wins
            now = snapshot(target)
            if now != expect:
                raise Changed(path, now)
        if overwrite:
            os.replace(tmp, target)
        else:
            _rename_new(tmp, target)
    except BaseException:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        raise
    with suppress(OSError):  # the rename survives a power cut (where a folder can be opened: not Windows)
        folder_fd = os.open(folder or ".", os.O_RDONLY)
        try:
            os.fsync(folder_fd)
        finally:
            os.close(folder_fd)
    return Snapshot(st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size, data)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _rename_new(tmp: str, target: str) -> None:
    """Rename `tmp` to `target` unless a file has taken that name since it was checked: a hard
    link refuses an existing name atomically (without hard links: FAT, some shares, a rename)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError:
        os.replace(tmp, target)
    else:
        os.unlink(tmp)


def clean_stale_temps(folder: str) -> list[str]:
    """Remove temporary files that killed scorekeep processes left in `folder`; returns their names."""
    removed: list[str] = []
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)):
            continue
        pid = name[len(TEMP_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or _pid_alive(int(pid)):
            continue
        with suppress(OSError):
            os.unlink(os.path.join(folder, name))
            removed.append(name)
    return removed


def _pid_alive(pid: int) -> bool:
    """Whether process `pid` runs (this one included). Windows has no harmless probe (its
    `os.kill` ends the process): there every process counts as running."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's
        return True
    return True
