"""The process pool's helpers (`check` of many files): how many cores, and how a worker starts."""

from __future__ import annotations

import os


def worker_init() -> None:
    import signal

    # Ctrl-C stops the parent, which stops the workers: one message, not a traceback per worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1
