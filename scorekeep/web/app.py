"""The Starlette application of `scorekeep serve`: two secret addresses, the sheet, the entry page.

Who may do what: a first visit to `/k/SECRET` trades the secret (one for the viewers, one for
the scorer) for an HttpOnly, SameSite=Strict cookie naming a client the server remembers, and
redirects to an address without the secret. Every other request needs that cookie (403
without it, and nothing changes); only the scorer's clients may see the entry page or POST,
and each POST carries the client's CSRF token and the version of the question it answers (a
stale one gets 409 and the question asked now). Bodies are at most 16 KB; a client sends at
most a few entries a second. No request names a file: the server serves the one it was given.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import FileSystemLoader
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from ..render.html import CSS, templates
from .live import Command, Desk, Question, Stale
from .sheet import Hub

HERE = Path(__file__).parent
MAX_BODY = 16 * 1024
RATE = (5, 1.0)  # at most 5 entries in any 1 second from one client
MAX_CLIENTS = 500  # remembered per role
COOKIE = "scorekeep"
STATIC = {"serve.css": "text/css", "live.js": "text/javascript"}
HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'",
}


@dataclass
class Client:
    """One browser that traded a secret: its role, its CSRF token, its recent entries."""

    role: str  # "scorer" or "viewer"
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    recent: deque[float] = field(default_factory=deque)

    def allowed(self, now: float, rate: tuple[int, float]) -> bool:
        """Whether one more entry keeps within `rate` (count, seconds)."""
        count, span = rate
        while self.recent and now - self.recent[0] > span:
            self.recent.popleft()
        if len(self.recent) >= count:
            return False
        self.recent.append(now)
        return True


@dataclass
class Serving:
    """What one server serves: the record's name, the sheet, the entry (None: `--watch`)."""

    name: str
    hub: Hub
    desk: Desk | None
    keys: dict[str, str] = field(default_factory=dict)  # role → secret; `scorer` only when entries are taken
    clients: dict[str, Client] = field(default_factory=dict)
    rate: tuple[int, float] = RATE

    @classmethod
    def make(cls, name: str, hub: Hub, desk: Desk | None) -> Serving:
        keys = {"viewer": secrets.token_urlsafe(24)}
        if desk is not None:
            keys["scorer"] = secrets.token_urlsafe(24)
        return cls(name, hub, desk, keys)

    def role_of(self, key: str) -> str | None:
        # every key compared, in constant time
        found = [role for role, secret in self.keys.items() if secrets.compare_digest(key.encode(), secret.encode())]
        return found[0] if found else None

    def join(self, role: str) -> str:
        """A new client of `role`; its cookie value. Past MAX_CLIENTS of a role, its oldest client
        is forgotten (so that joining again and again on the viewers' key never drops a scorer)."""
        mine = [t for t, c in self.clients.items() if c.role == role]
        for token in mine[:max(0, len(mine) - MAX_CLIENTS + 1)]:
            del self.clients[token]
        token = secrets.token_urlsafe(32)
        self.clients[token] = Client(role)
        return token

    def client(self, request: Request) -> Client | None:
        return self.clients.get(request.cookies.get(COOKIE, ""))


# The sheet's environment (every text escaped, control characters made visible), with these pages
TEMPLATES = templates().overlay(loader=FileSystemLoader(str(HERE / "templates")), keep_trailing_newline=False)


def page(name: str, code: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(TEMPLATES.get_template(name).render(sheet_css=Markup(CSS), **context), status_code=code)


def refuse(status: int, text: str) -> HTMLResponse:
    return page("error.html", status, status=status, text=text)


def build(serving: Serving) -> Starlette:
    """The application for `serving`."""
    async def join(request: Request) -> Response:
        role = serving.role_of(request.path_params["key"])
        if role is None:
            return refuse(403, "This address is not this table's (ask the scorer for the current one).")
        response = RedirectResponse("/enter" if role == "scorer" else "/", status_code=303)
        response.set_cookie(COOKIE, serving.join(role), httponly=True, samesite="strict", path="/")
        return response

    def known(handler: Callable[[Request, Client], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        """`handler`, for the clients that traded a key (403 for anyone else)."""
        async def checked(request: Request) -> Response:
            client = serving.client(request)
            if client is None:
                return refuse(403, _NO_KEY_ENTRY if request.url.path == "/enter" else _NO_KEY)
            return await handler(request, client)
        return checked

    async def sheet(request: Request, client: Client) -> Response:
        return page("sheet.html", title=serving.name, sheet=Markup(serving.hub.state.html), client=client,
                    entering=serving.desk is not None)

    async def enter_page(request: Request, client: Client) -> Response:
        if not _scorer(serving, client):
            return refuse(403, _VIEWER)
        q = await run_in_threadpool(serving.desk.current, 10.0)  # type: ignore[union-attr]
        return entry(serving, client, q)

    async def enter(request: Request, client: Client) -> Response:
        form = await _form(request) if _scorer(serving, client) else None
        refused = _refused(serving, client, form)
        if refused is not None:
            return refused
        if (which := _edit_which(form)) is not None:  # Edit N without a number: the question again, what to write
            q = await run_in_threadpool(serving.desk.current, 10.0)  # type: ignore[union-attr]
            return entry(serving, client, q, note=which)
        answer = _answer(form)
        version = str(form.get("v", ""))
        if answer is None or not version.isdigit():
            return refuse(400, "That form is not one this page sends.")
        got = await run_in_threadpool(serving.desk.give, int(version), answer)  # type: ignore[union-attr]
        if isinstance(got, Stale):
            return entry(serving, client, got.now, stale=True)
        return RedirectResponse("/enter", status_code=303)

    async def events(request: Request, client: Client) -> Response:
        return StreamingResponse(_stream(serving.hub), media_type="text/event-stream",
                                 headers={"X-Accel-Buffering": "no"})

    async def static(request: Request, client: Client) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:  # a fixed list: no request names a file
            return refuse(404, "No such page.")
        return FileResponse(HERE / "static" / name, media_type=STATIC[name])

    routes = [Route("/k/{key}", join), Route("/", known(sheet)), Route("/enter", known(enter_page), methods=["GET"]),
              Route("/enter", known(enter), methods=["POST"]), Route("/events", known(events)),
              Route("/static/{name}", known(static))]
    return guard(Starlette(routes=routes))  # type: ignore[return-value]


def _scorer(serving: Serving, client: Client) -> bool:
    return client.role == "scorer" and serving.desk is not None


def _refused(serving: Serving, client: Client, form: Any) -> Response | None:
    """Why a posted entry is refused before the game sees it (not the scorer's address, not this
    page's form, no CSRF token, too many at once), or None."""
    if not _scorer(serving, client):
        return refuse(403, _VIEWER)
    if form is None:
        return refuse(400, "That form is not one this page sends.")
    if not secrets.compare_digest(str(form.get("csrf", "")).encode(), client.csrf.encode()):
        return refuse(403, "This form is not from this page: open the entry page again.")
    if not client.allowed(time.monotonic(), serving.rate):
        r = refuse(429, "Too many entries at once: wait a second and send it again.")
        r.headers["Retry-After"] = "1"
        return r
    return None


_NO_KEY = ("This phone has no key to this table's sheet: open the table's address (with its key). "
           "If the server was restarted, its keys are new: scan the table's new code.")
_NO_KEY_ENTRY = ("This phone has no key to the entry page: open the scorer's address (with its key). "
                 "If the server was restarted, its keys are new: scan the scorer's new code.")
_VIEWER = "This is the viewers' address: the sheet only. Entries are made on the scorer's address."


async def _form(request: Request) -> dict[str, str] | None:
    """The fields of a plain form (URL-encoded, as every form of these pages sends); None for
    anything else."""
    from urllib.parse import parse_qsl

    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        return None
    try:
        pairs = parse_qsl((await request.body()).decode("utf-8"), keep_blank_values=True, max_num_fields=20,
                          errors="strict")
    except (UnicodeDecodeError, ValueError):
        return None
    return dict(pairs)


def _edit_which(form: Any) -> str | None:
    """What to say when Edit N is sent without a number in its box (the empty box, `two`), or
    None. (A number the record has no hand or game of is the game's to say.)"""
    if str(form.get("cmd", "")) != "edit" or _answer(form) is not None:
        return None
    typed = " ".join(str(form.get("n", "")).split())
    # (not "not a number": `12345678` and `-2` are numbers, of no hand)
    shown = f"“{typed[:20]}{'…' if len(typed) > 20 else ''}” is not the number of a hand or game. " if typed else ""
    return f"Edit which? {shown}Write the number of the hand or game to correct in the box beside Edit N (e.g. 2), " \
           "then tap Edit N."


def _answer(form: Any) -> str | Command | None:
    cmd = str(form.get("cmd", ""))
    if cmd == "undo":
        return Command("undo")
    if cmd == "edit":
        n = str(form.get("n", "")).strip()
        return Command("edit", n) if n and len(n) < 8 and all(c.isdigit() or c == "." for c in n) else None
    if cmd:
        return None
    value = str(form.get("pick", form.get("answer", "")))
    return value if len(value) <= 500 else None


def entry(serving: Serving, client: Client, q: Question | None, stale: bool = False, note: str = "") -> HTMLResponse:
    """The entry page of question `q` (`stale`: a form of an older one was sent; `note`: a line
    of this page's own, under what the game said)."""
    assert serving.desk is not None
    status = 409 if stale else (503 if q is None else 400 if note else 200)
    numeric = q is not None and bool(q.choices) and all(_whole(c) for c in q.choices)
    return page("enter.html", status, title=serving.name, q=q, client=client, stale=stale, numeric=numeric,
                buttons=_buttons(q), failed=serving.desk.failed, note=note, sheet=Markup(serving.hub.state.html))


def _whole(text: str) -> bool:
    return text.lstrip("-").isdigit()


def _buttons(q: Question | None) -> list[tuple[str, str]]:
    """The buttons of a question: (choice, "" or the ruling refusing it). A refused choice gets a
    button when it lies among the legal ones (a number between the lowest and highest legal
    number, as the hook's bid does), in its place; the others are listed, not offered."""
    if q is None:
        return []
    legal = [(c, "") for c in q.choices]
    nums = [int(c) for c in q.choices if _whole(c)]
    if not nums:
        return legal + list(q.refused)
    among = [(c, why) for c, why in q.refused if _whole(c) and min(nums) <= int(c) <= max(nums)]
    if len(nums) < len(q.choices):  # `pass` and the bids: the words first, as the flow has them
        return legal + among
    return sorted(legal + among, key=lambda b: int(b[0]))


async def _stream(hub: Hub) -> Any:
    """The server-sent events of one page: `sheet` (the sheet's HTML) and `q` (the version of the
    question asked now) whenever either changes; a comment now and then keeps the line open."""
    last: Any = None
    yield "retry: 1000\n\n"
    async for state in hub.follow():
        if state is None:
            yield ": still here\n\n"
            continue
        if last is None or state.rev != last.rev:
            yield "event: sheet\n" + "".join(f"data: {line}\n" for line in state.html.split("\n")) + "\n"
        if last is None or state.question != last.question:
            yield f"event: q\ndata: {state.question}\n\n"
        last = state


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


def guard(app: Starlette) -> Callable[[Scope, Receive, Send], Awaitable[None]]:
    """Around the application: the headers every answer carries, and bodies of at most MAX_BODY
    bytes (413, read no further, whatever Content-Length said)."""
    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def headed(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []),
                                      *((k.lower().encode(), v.encode()) for k, v in HEADERS.items())]
            await send(message)

        length = dict(scope.get("headers", [])).get(b"content-length", b"0")
        fits = length.isdigit() and int(length) <= MAX_BODY
        body, more = b"", fits
        while more:  # read it all first (a body without a length too), at most MAX_BODY bytes
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            more = message.get("more_body", False) and len(body) <= MAX_BODY
        if not fits or len(body) > MAX_BODY:
            await refuse(413, "That is more than an entry.")(scope, receive, headed)
            return
        read = iter([{"type": "http.request", "body": body, "more_body": False}])

        async def replay() -> MutableMapping[str, Any]:
            return next(read, None) or await receive()

        await app(scope, replay, headed)
    return guarded
