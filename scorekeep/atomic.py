"""Writing a file so that a crash, a kill or a full disk never leaves a half-written one.

The text goes to a temporary file in the target's folder (named `.scorekeep-<pid>-….tmp`, so
that one left behind by a kill -9 can be recognised and removed by the next run), is synced
to disk, then renamed over the target. A new file gets the mode the umask gives (as `open`
would); a replaced one keeps its mode. Without `overwrite` an existing file is never
clobbered, also on filesystems without hard links.
"""

from __future__ import annotations

import errno
import os
import stat

TEMP_PREFIX = ".scorekeep-"
TEMP_SUFFIX = ".tmp"


class NotRegularFile(OSError):
    """The target exists and is not a regular file (a FIFO, a device, a directory)."""


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale_temps(folder: str) -> list[str]:
    """Remove temporary files a killed scorekeep left in `folder`; returns their names."""
    removed: list[str] = []
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)):
            continue
        pid_text = name[len(TEMP_PREFIX):].split("-", 1)[0]
        if not pid_text.isdigit() or (int(pid_text) != os.getpid() and _pid_alive(int(pid_text))):
            continue
        if int(pid_text) == os.getpid() and name in _LIVE:
            continue
        try:
            os.unlink(os.path.join(folder, name))
            removed.append(name)
        except OSError:
            pass
    return removed


_LIVE: set[str] = set()
"""Temporary files this process is writing right now (a signal handler removes them)."""


def _install_cleanup() -> None:
    """On SIGTERM/SIGHUP/SIGINT remove our temporary files, then die of the signal as before."""
    import signal

    if getattr(_install_cleanup, "done", False):
        return
    _install_cleanup.done = True  # type: ignore[attr-defined]

    def handler(signum: int, frame: object) -> None:
        for path in list(_LIVE_PATHS):
            try:
                os.unlink(path)
            except OSError:
                pass
        _LIVE_PATHS.clear()
        previous = _PREVIOUS.get(signum)
        if callable(previous):
            previous(signum, frame)  # e.g. KeyboardInterrupt for SIGINT
            return
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        try:
            previous = signal.getsignal(sig)
            if previous is signal.SIG_IGN or previous is None:  # ignored (nohup): leave it so
                continue
            _PREVIOUS[sig] = previous
            signal.signal(sig, handler)
        except (ValueError, OSError):  # not the main thread: a kill may leave a temp file,
            pass                       # which the next run removes


_LIVE_PATHS: set[str] = set()
_PREVIOUS: dict[int, object] = {}


def _rename_noreplace(src: str, dst: str) -> None:
    """Rename `src` to `dst`, failing with FileExistsError if `dst` exists.

    A hard link does this atomically; where the filesystem has none, Linux's renameat2
    (RENAME_NOREPLACE) does; failing both, the name is claimed with O_EXCL first."""
    try:
        os.link(src, dst)
        os.unlink(src)
        return
    except FileExistsError:
        raise
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS,
                           errno.EXDEV, errno.EACCES):
            raise
    if _renameat2(src, dst):
        return
    fd = os.open(dst, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)  # claims the name or fails
    os.close(fd)
    os.replace(src, dst)


def _renameat2(src: str, dst: str) -> bool:
    """renameat2(…, RENAME_NOREPLACE); False where the system does not offer it."""
    import ctypes
    import ctypes.util
    import sys

    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    AT_FDCWD, RENAME_NOREPLACE = -100, 1
    if fn(AT_FDCWD, os.fsencode(src), AT_FDCWD, os.fsencode(dst), RENAME_NOREPLACE) == 0:
        return True
    err = ctypes.get_errno()
    if err == errno.EEXIST:
        raise FileExistsError(errno.EEXIST, os.strerror(err), dst)
    if err in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), dst)


def write_atomically(path: str, text: str, overwrite: bool = False) -> None:
    """Write `text` to `path` through a temporary file and a rename, so that a crash, a kill or
    a full disk never leaves a half-written file behind.

    Raises FileExistsError if `path` exists and `overwrite` is false, NotRegularFile if it
    exists and is not a regular file (whatever `overwrite` says)."""
    target = os.path.realpath(path)  # a symlink: write the file it points to, keep the link
    folder = os.path.dirname(target)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None:
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", path)
        if not overwrite:
            raise FileExistsError(errno.EEXIST, "file exists", path)
    mode = stat.S_IMODE(st.st_mode) if st is not None else _umask_mode()
    clean_stale_temps(folder)
    _install_cleanup()
    # os.urandom, not `secrets` (the same bytes): importing secrets loads hmac and OpenSSL's
    # hashlib, about 10 ms of every `add`, `new` and `demo -o`
    tmp = os.path.join(folder, f"{TEMP_PREFIX}{os.getpid()}-{os.urandom(4).hex()}{TEMP_SUFFIX}")
    fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    _LIVE.add(os.path.basename(tmp))
    _LIVE_PATHS.add(tmp)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        if overwrite and st is not None:
            os.replace(tmp, target)
        else:
            _rename_noreplace(tmp, target)  # never clobber a file that appeared meanwhile
        _sync_folder(folder)
    except BaseException:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        raise
    finally:
        _LIVE.discard(os.path.basename(tmp))
        _LIVE_PATHS.discard(tmp)


def _sync_folder(folder: str) -> None:
    """fsync the folder so the rename itself survives a power cut."""
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
