"""Writing a file so that a crash, a kill or a full disk never leaves a half-written one."""

from __future__ import annotations


def write_atomically(path: str, text: str, overwrite: bool = False) -> None:
    """Write `text` to `path` through a temporary file and a rename, so that a crash or a
    full disk never leaves a half-written record behind."""
    import os
    import tempfile

    target = os.path.abspath(path)
    if not overwrite and os.path.exists(target):
        raise FileExistsError(target)
    fd, tmp = tempfile.mkstemp(prefix=".scorekeep-", suffix=".yaml", dir=os.path.dirname(target))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, target)
        else:
            os.link(tmp, target)  # fails if the file appeared meanwhile: never clobber it
            os.unlink(tmp)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
