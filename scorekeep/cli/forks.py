"""Running work over every core in processes forked from this one (`check`, `score`).

A worker forked after a record is read holds it already: only the items of work and what they
return are sent. Ctrl-C stops the parent, which stops the workers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any


def fork_map(function: Callable[[Any], Any], items: Iterable[Any], workers: int | None = None) -> list[Any]:
    """`list(map(function, items))` over `workers` processes (every core by default) forked from
    this one, so that `function` (which holds a record already read) is never sent, only the items
    and what it returns. Where processes cannot fork, or for a single item, it runs here."""
    global _forked
    items = list(items)
    import multiprocessing

    workers = min(workers or cores(), len(items))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return list(map(function, items))
    from concurrent.futures import ProcessPoolExecutor

    _forked = function
    # An executor, not a Pool: a worker that dies (killed, out of memory) raises BrokenProcessPool
    # here instead of leaving the map waiting for ever.
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=worker_init)
    try:
        # Futures, not `pool.map`: an interrupted map cancels what is pending, and the executor of
        # 3.11 then fails (a traceback from its thread) on the cancelled futures it finds when
        # the workers are stopped below.
        futures = [pool.submit(_call_forked, item) for item in items]
        out = [f.result() for f in futures]
    except BaseException:
        # Ctrl-C (the workers ignore it) or a dead worker: stop the others now, rather than wait
        # for them to judge the rest of the record. (`_processes`: no public way before 3.14.)
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.terminate()
        pool.shutdown(wait=False)
        raise
    finally:
        _forked = None
    pool.shutdown()
    return out


_forked: Callable[[Any], Any] | None = None
"""`fork_map`'s function, which its workers inherit when they are forked."""


def _call_forked(item: Any) -> Any:
    assert _forked is not None
    return _forked(item)


def worker_init() -> None:
    import signal

    # Ctrl-C stops the parent, which stops the workers: one message, not a traceback per worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1
