"""Writing a file so that a crash, a kill or a full disk never leaves a half-written one.

The text goes to a temporary file in the target's folder, is flushed and synced to disk with
the old file's mode (and its owner and group, where the system allows), and is renamed over
the target; the folder is synced so that the rename survives a power cut. A kill at any moment
leaves the old file or the new one, and at most a temporary file named
`.scorekeep-<pid>-….tmp`, which the next write to that folder removes. A new file gets the
mode the umask gives (as `open` would). Without `overwrite` an existing file is never replaced.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile

TEMP_PREFIX = ".scorekeep-"
TEMP_SUFFIX = ".tmp"


class NotRegularFile(OSError):
    """The target exists and is not a regular file (a FIFO, a device, a directory)."""


def write_atomically(path: str, text: str, overwrite: bool = False) -> None:
    """Write `text` to `path` through a temporary file and a rename.

    Raises FileExistsError if `path` exists and `overwrite` is false, NotRegularFile if it
    exists and is not a regular file (whatever `overwrite` says)."""
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
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with open(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            _take_over(tmp, old)
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, target)
        else:
            _rename_new(tmp, target)
    except BaseException:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        raise
    _sync_folder(folder)


def _take_over(tmp: str, old: os.stat_result | None) -> None:
    """Give the temporary file the mode of the file it replaces (the umask's for a new one),
    and its owner and group where the system allows (owner first: a change of owner may
    clear the set-id bits of the mode)."""
    if old is not None and hasattr(os, "chown"):
        try:
            os.chown(tmp, old.st_uid, old.st_gid)
        except OSError:  # another user's file in a folder we may write: it becomes ours
            pass
    os.chmod(tmp, stat.S_IMODE(old.st_mode) if old is not None else _umask_mode())


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _rename_new(tmp: str, target: str) -> None:
    """Rename `tmp` to `target` unless a file has taken that name since it was checked: a hard
    link refuses an existing name atomically. Where the filesystem has no hard links (FAT,
    some network shares) the check already made stands in for it."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError:
        os.replace(tmp, target)
    else:
        os.unlink(tmp)


def _sync_folder(folder: str) -> None:
    """fsync the folder so the rename itself survives a power cut (where folders can be opened:
    not on Windows, whose rename is durable by itself)."""
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


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
        try:
            os.unlink(os.path.join(folder, name))
            removed.append(name)
        except OSError:
            pass
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
