"""Helpers of the `serve` tests: a record kept from the web in-process, and the pages read back."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from starlette.testclient import TestClient

from scorekeep.entry.session import Session
from scorekeep.web.app import Serving, build
from scorekeep.web.live import keep


class Page(NamedTuple):
    status: int
    text: str

    @property
    def version(self) -> str:
        m = re.search(r'name="v" value="(\d+)"', self.text)
        assert m, self.text
        return m.group(1)

    @property
    def csrf(self) -> str:
        m = re.search(r'name="csrf" value="([^"]+)"', self.text)
        assert m, self.text
        return m.group(1)

    @property
    def question(self) -> str:
        m = re.search(r'<h1 class="question">(.*?)</h1>', self.text, re.S)
        assert m, self.text
        return html.unescape(m.group(1))

    @property
    def said(self) -> list[str]:
        return [html.unescape(x) for x in re.findall(r'<p class="line[^"]*">(.*?)</p>', self.text, re.S)]

    @property
    def choices(self) -> list[str]:
        return [html.unescape(x) for x in re.findall(r'<button name="pick" value="([^"]*)" class="choice[ "d]', self.text)]

    @property
    def refused(self) -> list[str]:
        return [html.unescape(x) for x in re.findall(r'<button name="pick" value="([^"]*)" class="choice refused"', self.text)]


class Kept:
    """A record served in-process: its serving and a client per role."""

    def __init__(self, path: Path, serving: Serving) -> None:
        self.session: Session | None = None
        self.path = path
        self.serving = serving
        self.app = build(serving)

    def client(self, role: str | None = None) -> TestClient:
        c = TestClient(self.app, follow_redirects=False)
        if role is not None:
            r = c.get(f"/k/{self.serving.keys[role]}")
            assert r.status_code == 303, r.text
        return c

    def page(self, c: TestClient) -> Page:
        r = c.get("/enter")
        return Page(r.status_code, r.text)

    def send(self, c: TestClient, page: Page, **fields: str) -> Page:
        """POST a form of `page` (its CSRF token and version unless given); the page it leads to."""
        data = {"csrf": page.csrf, "v": page.version, **fields}
        r = c.post("/enter", data=data)
        if r.status_code == 303:
            assert r.headers["location"] == "/enter"
            return self.page(c)
        return Page(r.status_code, r.text)

    def answer(self, c: TestClient, value: str, pick: bool = False) -> Page:
        return self.send(c, self.page(c), **({"pick": value} if pick else {"answer": value}))


@contextmanager
def kept(path: Path) -> Iterator[Kept]:
    session = Session.open(str(path))
    k = keep(session, path)
    try:
        out = Kept(path, Serving.make(path.name, k.hub, k.desk))
        out.session = session  # (the engine's choices, asked while the flow waits for an answer)
        yield out
    finally:
        k.stop()
        session.close()


def start_serve(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """`scorekeep serve --port 0 ARGS` started; its addresses by role once it says Ctrl-C."""
    proc = subprocess.Popen([sys.executable, "-m", "scorekeep", "serve", "--port", "0", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    urls: dict[str, str] = {}
    assert proc.stdout is not None
    role = ""
    for line in proc.stdout:
        if "Ctrl-C" in line:
            return proc, urls
        if "The sheet" in line:
            role = "viewer"
        elif "Entry" in line:
            role = "scorer"
        m = re.search(r"(http://127\.0\.0\.1:\d+/k/\S+)", line)
        if m:
            urls[role] = m.group(1)
    proc.kill()
    raise AssertionError(proc.stderr.read() if proc.stderr else "no addresses")
