"""The live sheet: rendered once per change of the record, pushed to every open page.

The sheet is the HTML sheet's (`scorekeep.render.html.sheet_body`: standings, the running table,
the chart, violations with their rulings, the hand in progress). `Hub` holds the latest one
and the version of the question asked now, and wakes every page that follows them
(server-sent events); `Watcher` follows a file that another program keeps (`serve --watch`).
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import AsyncIterator
from typing import Any, NamedTuple


class State(NamedTuple):
    rev: int
    html: str
    question: int


class Hub:
    """The latest sheet and question version; `follow` yields each new state to one page."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.state = State(0, "", 0)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiters: set[asyncio.Event] = set()
        self.closed = False

    def publish(self, html: str | None = None, question: int | None = None) -> None:
        """(Any thread) A new sheet and/or question version; every follower is woken."""
        with self._lock:
            s = self.state
            self.state = State(s.rev + (html is not None), s.html if html is None else html,
                               s.question if question is None else question)
        self._notify()

    def close(self) -> None:
        self.closed = True
        self._notify()

    def _notify(self) -> None:
        """(Any thread) Wake every follower, in the server's loop."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._wake)
            except RuntimeError:  # the loop has just closed: nobody follows any more
                pass

    def _wake(self) -> None:
        for e in self._waiters:
            e.set()

    async def follow(self) -> AsyncIterator[State | None]:
        """Each state from now on (the current one first); None every 15 seconds of quiet."""
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
        event = asyncio.Event()
        self._waiters.add(event)
        try:
            seen: State | None = None
            while not self.closed:
                now = self.state
                if now != seen:
                    seen = now
                    yield now
                    continue
                try:
                    await asyncio.wait_for(event.wait(), 15.0)
                except asyncio.TimeoutError:
                    yield None
                event.clear()
        finally:
            self._waiters.discard(event)


def render(audit: Any, problems: str = "") -> str:
    """The sheet of `audit` as HTML (every text from the record escaped), `problems` above it."""
    from .. import api
    from ..render.html import esc, sheet_body
    from ..render.text import title

    body = sheet_body(audit, api.sheet(audit), title(audit))
    return (f'<p class="problem">{esc(problems)}</p>' if problems else "") + body


def render_file(path: str) -> str:
    """The sheet of the file as it is now; what cannot be read is said, never raised."""
    from ..render.html import esc
    from ..report import check_file

    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        return f'<p class="problem">{esc(os.path.basename(path))}: cannot read it ({esc(e.strerror or e)})</p>'
    rep = check_file(os.path.basename(path), data)
    said = "; ".join(str(e) for e in rep.errors[:3])
    if rep.audit is None:
        return f'<p class="problem">{esc(said or "cannot read the record")}</p>'
    return render(rep.audit, f"read up to its first unreadable part: {said}" if said else "")


class Watcher:
    """(`serve --watch`) Follows a record another program keeps: reads it again whenever its
    size, time or identity changes, and publishes the sheet."""

    def __init__(self, path: str, hub: Hub) -> None:
        self.path, self.hub = path, hub
        self._stop = threading.Event()
        self._seen: tuple[int, ...] | None = None
        self.thread = threading.Thread(target=self._run, name="watch", daemon=True)

    def poll(self) -> bool:
        """Publish the sheet if the file changed since the last look; True if it did."""
        try:
            st = os.stat(self.path)
            stamp: tuple[int, ...] = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        except OSError:
            stamp = ()
        if stamp == self._seen:
            return False
        self._seen = stamp
        self.hub.publish(render_file(self.path))
        return True

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            try:
                self.poll()
            except Exception:  # noqa: BLE001 - a bug in one reading: the next change is read again
                import traceback

                traceback.print_exc()

    def start(self) -> None:
        self.poll()
        self.thread.start()

    def stop(self) -> None:
        self._stop.set()
