"""`scorekeep serve` (issue 26) in-process: who gets in, entries through the same session as
`play` (judged, saved before the answer, undo, edit N, record it anyway), stale forms, limits,
escaping, the live sheet, `--watch`, and the command itself (addresses, Ctrl-C, kill -9).
"""

from __future__ import annotations

import html
import http.client
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, cli
from servekit import Kept, Page, kept, start_serve as _start

from scorekeep import api
from scorekeep.entry.session import Locked, Session

PLAYERS = "Ana,Ben,Chloé,Dee"


def new_record(tmp_path: Path, game: str = "oh-hell", players: str = PLAYERS, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    r = cli("new", game, str(path), "--players", players)
    assert r.code == 0, r.err
    return path


def hands(path: Path) -> list:
    return list(api.audit(api.load(str(path))).record.hands)


@pytest.fixture
def oh_hell(tmp_path: Path):  # type: ignore[no-untyped-def]
    with kept(new_record(tmp_path)) as k:
        k.serving.rate = (1000, 1.0)  # the rate limit has its own test
        yield k


TOOK = {"Ben": "3", "Chloé": "2", "Dee": "3", "Ana": "2"}


def tricks(k: Kept, c, page: Page, took: dict[str, str] = TOOK) -> Page:  # type: ignore[no-untyped-def]
    """Answer each trick count asked (every player's, or all but the last one's where the
    flow fills that in)."""
    while "tricks taken by" in page.question:
        who = re.search(r"tricks taken by (\S+)", page.question).group(1)  # type: ignore[union-attr]
        page = k.answer(c, took[who], pick=True)
    return page


def start_hand(k: Kept, c) -> Page:  # type: ignore[no-untyped-def]
    """Hand 1 of a new Oh Hell record: 10 cards, Ana deals, no trump written (the defaults)."""
    k.answer(c, "")
    k.answer(c, "")
    return k.answer(c, "")


# --- who gets in ------------------------------------------------------------------------------

def test_without_the_secret_every_address_is_403_and_nothing_changes(oh_hell: Kept) -> None:
    before = oh_hell.path.read_bytes()
    c = oh_hell.client()
    for url in ("/", "/enter", "/events", "/static/serve.css", "/static/live.js"):
        r = c.get(url)
        assert r.status_code == 403, url
        assert r.headers["referrer-policy"] == "no-referrer"
    assert c.post("/enter", data={"answer": "10", "v": "1", "csrf": "x"}).status_code == 403
    wrong = oh_hell.serving.keys["scorer"][:-2] + "xx"
    r = c.get(f"/k/{wrong}")
    assert r.status_code == 403 and "set-cookie" not in r.headers
    assert c.get("/enter").status_code == 403
    assert oh_hell.path.read_bytes() == before


def test_secrets_are_random_and_long_enough(oh_hell: Kept) -> None:
    keys = oh_hell.serving.keys
    assert set(keys) == {"viewer", "scorer"} and keys["viewer"] != keys["scorer"]
    for key in keys.values():
        assert len(key) * 6 >= 128 and re.fullmatch(r"[A-Za-z0-9_-]+", key)


def test_the_secret_is_traded_for_a_strict_httponly_cookie_and_a_clean_address(oh_hell: Kept) -> None:
    c = oh_hell.client()
    for role, where in (("viewer", "/"), ("scorer", "/enter")):
        r = c.get(f"/k/{oh_hell.serving.keys[role]}")
        assert r.status_code == 303 and r.headers["location"] == where
        cookie = r.headers["set-cookie"]
        assert "HttpOnly" in cookie and "samesite=strict" in cookie.lower() and "Path=/" in cookie
        assert oh_hell.serving.keys[role] not in cookie
        assert r.headers["referrer-policy"] == "no-referrer"
    r = c.get("/")
    assert r.status_code == 200 and r.headers["referrer-policy"] == "no-referrer"
    assert "default-src 'none'" in r.headers["content-security-policy"]


def test_the_viewers_address_cannot_enter(oh_hell: Kept) -> None:
    before = oh_hell.path.read_bytes()
    viewer = oh_hell.client("viewer")
    assert viewer.get("/").status_code == 200
    assert "/enter" not in viewer.get("/").text
    assert viewer.get("/enter").status_code == 403
    # even with a scorer's token and the question's version, a viewer's POST changes nothing
    scorer = oh_hell.client("scorer")
    page = oh_hell.page(scorer)
    r = viewer.post("/enter", data={"csrf": page.csrf, "v": page.version, "answer": "10"})
    assert r.status_code == 403
    assert oh_hell.path.read_bytes() == before
    assert oh_hell.page(scorer).version == page.version


def test_an_entry_needs_the_pages_csrf_token(oh_hell: Kept) -> None:
    before = oh_hell.path.read_bytes()
    c = oh_hell.client("scorer")
    page = oh_hell.page(c)
    other = oh_hell.client("scorer")  # another scorer's page has another token
    assert oh_hell.send(c, page, csrf=oh_hell.page(other).csrf, answer="10").status == 403
    assert oh_hell.send(c, page, csrf="", answer="10").status == 403
    r = c.post("/enter", data={"v": page.version, "answer": "10"})
    assert r.status_code == 403
    assert oh_hell.path.read_bytes() == before


def test_a_body_over_16_kb_is_refused_unread(oh_hell: Kept) -> None:
    c = oh_hell.client("scorer")
    page = oh_hell.page(c)
    before = oh_hell.path.read_bytes()
    r = c.post("/enter", data={"csrf": page.csrf, "v": page.version, "answer": "1" * 17_000})
    assert r.status_code == 413
    r = c.post("/enter", content=iter([b"a=" + b"1" * 9000, b"1" * 9000]),
               headers={"content-type": "application/x-www-form-urlencoded"})  # no length: counted
    assert r.status_code == 413
    assert oh_hell.path.read_bytes() == before


def test_entries_are_limited_to_a_few_a_second_per_client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from scorekeep.web import app

    later = 0.0  # the seconds the limiter's clock is put on (a second passes without waiting it out)
    monkeypatch.setattr(app, "time", SimpleNamespace(monotonic=lambda: time.monotonic() + later))
    with kept(new_record(tmp_path)) as k:
        c = k.client("scorer")
        codes = []
        for _ in range(8):
            page = k.page(c)
            codes.append(c.post("/enter", data={"csrf": page.csrf, "v": page.version, "cmd": "nothing"}).status_code)
        assert codes.count(429) >= 2 and set(codes) <= {400, 429}
        other = k.client("scorer")  # another client has its own allowance
        page = k.page(other)
        assert other.post("/enter", data={"csrf": page.csrf, "v": page.version, "cmd": "x"}).status_code == 400
        later = 1.1
        page = k.page(c)
        assert c.post("/enter", data={"csrf": page.csrf, "v": page.version, "cmd": "x"}).status_code == 400


def test_joining_again_and_again_on_the_viewers_key_never_drops_the_scorer(oh_hell: Kept) -> None:
    from scorekeep.web.app import MAX_CLIENTS

    scorer = oh_hell.client("scorer")
    viewer = oh_hell.client()
    for _ in range(MAX_CLIENTS + 5):
        viewer.get(f"/k/{oh_hell.serving.keys['viewer']}")
    assert len(oh_hell.serving.clients) == MAX_CLIENTS + 1
    assert oh_hell.page(scorer).status == 200


def test_nothing_in_a_request_names_a_file(oh_hell: Kept) -> None:
    c = oh_hell.client("viewer")
    for url in ("/static/../app.py", "/static/app.py", "/static/%2e%2e%2fapp.py", "/game.yaml", "/static/"):
        assert c.get(url).status_code in (403, 404), url
    assert c.get("/static/serve.css").status_code == 200


# --- entries ------------------------------------------------------------------------------------

def test_a_whole_oh_hell_hand_with_the_hook_refused_and_its_ruling(oh_hell: Kept) -> None:
    """oh-hell.hook: the dealer may not bid what makes the bids add up to the tricks. The page
    offers the forbidden bid crossed out; sent anyway, it is refused with its ruling and `why`,
    nothing written; "no" takes it back; each accepted answer is already in the file."""
    k, c = oh_hell, oh_hell.client("scorer")
    page = start_hand(k, c)
    for bid in ("2", "3", "1"):
        assert "bid" in page.question
        page = k.answer(c, bid, pick=True)
        assert len(hands(k.path)[0].bids) == ("2", "3", "1").index(bid) + 1, "answered before the save"
    assert "Ana's bid" in page.question and page.refused == ["4"] and page.choices == [str(b) for b in range(11)]
    assert any("the hook" in line and "4" in line for line in page.said)
    before = k.path.read_bytes()
    page = k.answer(c, "4", pick=True)
    assert page.question == "Record it anyway, as it happened at the table?"
    assert _buttons_said(page) == ["No, change it", "Record it anyway"]
    assert any("refused" in line and "oh-hell.hook" in line for line in page.said)
    assert "Why?" in page.text and "ruling: not legal, oh-hell.hook" in page.text.replace("&#39;", "'")
    assert k.path.read_bytes() == before
    page = k.answer(c, "no", pick=True)
    assert "Ana's bid" in page.question and k.path.read_bytes() == before  # asked again, nothing written
    page = k.answer(c, "5", pick=True)
    assert "tricks taken" in page.question
    page = tricks(k, c, page)
    h = hands(k.path)[0]
    assert {e.player: e.value for e in h.bids} == {"Ben": 2, "Chloé": 3, "Dee": 1, "Ana": 5}
    assert {e.player: e.value for e in h.tricks} == {"Ben": 3, "Chloé": 2, "Dee": 3, "Ana": 2}
    assert page.question == "Hand 2, cards" and any("hand 1 scores" in line for line in page.said)
    assert api.audit(api.load(str(k.path))).violations == []


def test_rooks_buttons_are_the_engines_legal_calls_trumps_and_points(tmp_path: Path) -> None:
    """rook.bid-minimum, rook.bid-step, rook.trump: each button is a choice the engine gives (the calls refused
    crossed out with their rulings), never a list of the page's own."""
    from scorekeep.games.rook.entry import legal_calls, legal_points, legal_trumps, where

    with kept(new_record(tmp_path, "rook", "North,East,South,West")) as k:
        k.serving.rate = (1000, 1.0)
        c, s = k.client("scorer"), k.session
        page = k.page(c)
        calls = legal_calls(s, 1, "East")
        assert "East's call" in page.question and page.choices == list(calls.legal) and "pass" in page.choices
        listed = [html.unescape(x) for x in re.findall(r"<li><s>([^<]*)</s>", page.text)]
        assert listed == [x for x, _f in calls.refused] and listed  # under "Why not the others?"
        for v in ("80", "pass", "pass", "pass"):
            page = k.answer(c, v, pick=True)
        trumps = legal_trumps(s, 1)
        assert "trump named by East" in page.question
        assert page.choices == [*trumps.legal, *(x for x, _f in trumps.refused)]  # (every button)
        assert page.refused == [x for x, _f in trumps.refused] and page.refused  # crossed out: none
        page = k.answer(c, trumps.legal[0], pick=True)
        assert "points captured" in page.question and page.choices == list(legal_points(s, where(s)).legal)


def test_daifugos_finishing_order_is_tapped_from_the_seats(tmp_path: Path) -> None:
    """daifugo.ranking: the finishing order is the seats in the order tapped (many, not one)."""
    with kept(new_record(tmp_path, "daifugo", "甲,乙,丙,丁")) as k:
        c = k.client("scorer")
        page = k.page(c)
        assert "who went out" in page.question
        assert re.findall(r'data-add="([^"]*)"', page.text) == ["甲", "乙", "丙", "丁"] and not page.choices
        page = k.answer(c, "丙, 甲, 丁")
        assert "Forbidden finishes" in page.question
        assert re.findall(r'data-add="([^"]*)"', page.text) == ["丙", "甲", "丁"]  # those who went out
        page = k.answer(c, "")
        assert list(api.audit(api.load(str(k.path))).record.sets[0].games[0].out.names) == ["丙", "甲", "丁"]


def test_tricks_that_do_not_add_up_are_corrected_by_the_count_tapped(oh_hell: Kept) -> None:
    """oh-hell.trick-total: the counts are judged as a whole; "no" asks which to correct, the
    counts offered as buttons; only that count is asked again, the others kept."""
    k, c = oh_hell, oh_hell.client("scorer")
    page = start_hand(k, c)
    for bid in ("2", "3", "1", "5"):
        page = k.answer(c, bid, pick=True)
    page = tricks(k, c, page, {**TOOK, "Chloé": "1"})
    # the words say what the page offers: its two buttons (no names to type: no box here)
    assert page.question == "Record it anyway, as it happened at the table?"
    assert _buttons_said(page) == ["No, choose which to correct", "Record it anyway"]
    assert 'name="answer"' not in page.text
    assert any("oh-hell.trick-total" in line for line in page.said)
    before = k.path.read_bytes()
    page = k.answer(c, "no", pick=True)
    assert page.question.startswith("Correct which?") and page.choices == ["Ben", "Chloé", "Dee", "Ana"]
    page = k.answer(c, "Chloé", pick=True)
    assert "tricks taken by Chloé" in page.question and k.path.read_bytes() == before
    page = k.answer(c, "2", pick=True)
    assert page.question == "Hand 2, cards"
    assert {e.player: e.value for e in hands(k.path)[0].tricks} == {"Ben": 3, "Chloé": 2, "Dee": 3, "Ana": 2}


def _buttons_said(page: Page) -> list[str]:
    """The words on the entry form's buttons."""
    form = page.text.split('<form method="post" action="/enter" class="entry"')[1].split("</form>")[0]
    return [html.unescape(x).strip() for x in re.findall(r'<button name="pick"[^>]*>([^<]*)</button>', form)]


def test_at_the_games_end_the_page_stays_and_a_hand_can_still_be_corrected(tmp_path: Path) -> None:
    """oh-hell.game-end: the finished sample game asks nothing more; whatever is typed there is
    not an entry and does not stop the page; Edit N still reopens a hand."""
    path = tmp_path / "done.yaml"
    path.write_bytes((SAMPLES / "oh-hell-full-game.yaml").read_bytes())
    with kept(path) as k:
        c = k.client("scorer")
        page = k.page(c)
        assert page.question == "The game is over."
        before = path.read_bytes()
        page = k.answer(c, "5")
        assert page.status == 200 and page.question == "The game is over." and path.read_bytes() == before
        page = k.send(c, page, cmd="edit", n="3")
        assert "reopening hand 3" in " ".join(page.said)


def test_record_it_anyway_writes_the_refused_entry_as_a_violation(oh_hell: Kept) -> None:
    k, c = oh_hell, oh_hell.client("scorer")
    page = start_hand(k, c)
    for bid in ("2", "3", "1"):
        page = k.answer(c, bid, pick=True)
    k.answer(c, "4", pick=True)
    page = k.answer(c, "yes", pick=True)
    assert any("recorded as a violation: oh-hell.hook" in line for line in page.said)
    assert [f.rule for f in api.audit(api.load(str(k.path))).violations] == ["oh-hell.hook"]
    # the sheet shows the violation with its ruling
    assert "oh-hell.hook" in k.client("viewer").get("/").text


def test_undo_and_edit_n_are_plays_own(oh_hell: Kept) -> None:
    k, c = oh_hell, oh_hell.client("scorer")
    page = start_hand(k, c)
    page = k.answer(c, "2", pick=True)
    assert len(hands(k.path)[0].bids) == 1
    page = k.send(c, page, cmd="undo")
    assert any("undone" in line for line in page.said) and "Ben's bid" in page.question
    assert not hands(k.path)[0].bids
    for v in ("2", "3", "1", "5"):
        page = k.answer(c, v, pick=True)
    page = tricks(k, c, page)
    assert page.question == "Hand 2, cards"
    before = k.path.read_bytes()
    page = k.send(c, page, cmd="edit", n="1")
    assert "reopening hand 1" in " ".join(page.said)  # play's own correction dialogue
    page = k.send(c, page, cmd="undo")
    assert "edit abandoned" in " ".join(page.said) and page.question == "Hand 2, cards"
    assert k.path.read_bytes() == before


def test_a_stale_form_gets_409_and_the_question_now_never_a_lost_or_doubled_entry(oh_hell: Kept) -> None:
    k = oh_hell
    one, two = k.client("scorer"), k.client("scorer")
    start_hand(k, one)
    page_one, page_two = k.page(one), k.page(two)
    assert page_one.version == page_two.version
    after = k.send(one, page_one, pick="2")
    assert after.status == 200 and "Chloé's bid" in after.question
    stale = k.send(two, page_two, pick="3")
    assert stale.status == 409 and "Chloé's bid" in stale.question and "out of date" in stale.text
    assert {e.player: e.value for e in hands(k.path)[0].bids} == {"Ben": 2}


def test_two_scorers_at_once_are_serialised(oh_hell: Kept) -> None:
    k = oh_hell
    clients = [k.client("scorer") for _ in range(6)]
    start_hand(k, clients[0])
    pages = [k.page(c) for c in clients]
    results: list[int] = []

    def send(c, p) -> None:  # type: ignore[no-untyped-def]
        results.append(k.send(c, p, pick="1").status)
    threads = [threading.Thread(target=send, args=(c, p)) for c, p in zip(clients, pages)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == [200] + [409] * 5
    assert {e.player: e.value for e in hands(k.path)[0].bids} == {"Ben": 1}


def test_a_player_called_script_is_shown_as_text(tmp_path: Path) -> None:
    path = new_record(tmp_path, players="<script>alert(1)</script>,Ben,\"<b>C</b>\",Dee\u202e")
    with kept(path) as k:
        k.serving.rate = (1000, 1.0)
        c = k.client("scorer")
        k.answer(c, "")
        page = k.page(c)
        for text in (page.text, k.client("viewer").get("/").text):
            assert "<script>alert" not in text and "<b>C</b>" not in text and "\u202e" not in text
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text


def test_play_and_serve_do_not_both_write(oh_hell: Kept, tmp_path: Path) -> None:
    with pytest.raises(Locked):
        Session.open(str(oh_hell.path))
    r = cli("add", str(oh_hell.path), "--cards", "10")
    assert r.code == 2 and "open in another" in r.err


def test_the_sheet_follows_every_entry(oh_hell: Kept) -> None:
    k, c = oh_hell, oh_hell.client("scorer")
    rev = k.serving.hub.state.rev
    page = start_hand(k, c)
    page = k.answer(c, "2", pick=True)
    assert k.serving.hub.state.rev > rev
    assert k.serving.hub.state.question == int(page.version)
    assert "Ben" in k.client("viewer").get("/").text


# --- the live sheet over a real server ----------------------------------------------------------

def _events(port: int, cookie: str, want: int, timeout: float = 10) -> list[tuple[str, str]]:
    """The first `want` server-sent events a page receives."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", "/events", headers={"Cookie": cookie})
    r = conn.getresponse()
    assert r.status == 200 and r.getheader("content-type", "").startswith("text/event-stream")
    out: list[tuple[str, str]] = []
    kind, data = "", []
    while len(out) < want:
        line = r.fp.readline().decode("utf-8").rstrip("\n")
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            data.append(line[6:])
        elif line == "" and kind:
            out.append((kind, "\n".join(data)))
            kind, data = "", []
    conn.close()
    return out


def test_every_viewer_receives_each_update_as_a_server_sent_event(tmp_path: Path) -> None:
    import uvicorn

    with kept(new_record(tmp_path)) as k:
        server = uvicorn.Server(uvicorn.Config(k.app, host="127.0.0.1", port=0, log_level="warning",
                                               lifespan="off", timeout_graceful_shutdown=1))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        port = server.servers[0].sockets[0].getsockname()[1]
        viewer = k.client("viewer")
        cookie = "scorekeep=" + viewer.cookies["scorekeep"]
        got: list[list[tuple[str, str]]] = [[], []]
        followers = [threading.Thread(target=lambda i=i: got[i].extend(_events(port, cookie, 6)))
                     for i in range(2)]
        for f in followers:
            f.start()
        time.sleep(0.5)
        c = k.client("scorer")
        k.answer(c, "")  # the cards: no save, a new question
        k.answer(c, "")
        k.answer(c, "")  # the trump: the hand is written
        for f in followers:
            f.join(10)
        server.should_exit = True
        thread.join(5)
    # pushed, not waited for: each page had its events before its read timed out (no wall-clock
    # bound here: timing lives in benchmarks/)
    assert not any(f.is_alive() for f in followers)
    for events in got:
        kinds = [kind for kind, _ in events]
        assert kinds[:2] == ["sheet", "q"] and "sheet" in kinds[2:], kinds
        assert "Hand" in events[0][1] or "Oh Hell" in events[0][1]
        last_sheet = [d for kind, d in events if kind == "sheet"][-1]
        assert "Ana" in last_sheet


# --- serve --watch --------------------------------------------------------------------------------

def test_watch_follows_the_file_and_takes_no_entries(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from scorekeep.web.app import Serving, build
    from scorekeep.web.sheet import Hub, Watcher

    path = new_record(tmp_path)
    hub = Hub()
    watcher = Watcher(str(path), hub)
    watcher.poll()
    serving = Serving.make(path.name, hub, None)
    assert set(serving.keys) == {"viewer"}
    c = TestClient(build(serving), follow_redirects=False)
    assert c.get(f"/k/{serving.keys['viewer']}").status_code == 303
    assert "Chloé" in c.get("/").text
    assert c.get("/enter").status_code == 403
    assert c.post("/enter", data={"answer": "1"}).status_code == 403
    rev = hub.state.rev
    assert cli("add", str(path), "--cards", "10", "--dealer", "Ana", "--bids", "Ben=2").code == 0
    assert watcher.poll() and hub.state.rev == rev + 1
    assert "Ben" in c.get("/").text and not watcher.poll()
    path.write_text("game: oh-hell\nplayers: [Ana\n", encoding="utf-8")  # half-written by an editor
    assert watcher.poll() and 'class="problem"' in hub.state.html


# --- the command ----------------------------------------------------------------------------------

def test_serve_prints_two_addresses_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    import httpx2

    path = new_record(tmp_path)
    proc, urls = _start([str(path)], tmp_path)
    try:
        assert set(urls) == {"viewer", "scorer"}
        with httpx2.Client() as c:
            r = c.get(urls["scorer"], follow_redirects=True)
            assert r.status_code == 200 and "Hand 1, cards" in r.text
            base = urls["scorer"].split("/k/")[0]
            assert httpx2.get(base + "/").status_code == 403
        assert (tmp_path / "game.yaml.lock").exists() or any(p.name.endswith(".lock") for p in tmp_path.iterdir())
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "every entry is saved" in out
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".lock")], "the lock is left"


def test_serve_refuses_a_record_play_holds_and_watch_serves_it(tmp_path: Path) -> None:
    path = new_record(tmp_path)
    with Session.open(str(path)):
        r = subprocess.run([sys.executable, "-m", "scorekeep", "serve", "--port", "0", str(path)],
                           capture_output=True, text=True, timeout=30, cwd=tmp_path)
        assert r.returncode == 2 and "--watch" in r.stderr
        proc, urls = _start(["--watch", str(path)], tmp_path)
        try:
            assert set(urls) == {"viewer"}
        finally:
            proc.send_signal(signal.SIGINT)
            proc.communicate(timeout=20)
        assert proc.returncode == 0


def progress(path: Path) -> int:
    """How many entries an Oh Hell record holds: each hand begun, each bid, each hand's tricks."""
    return sum(1 + len(h.bids) + (h.tricks is not None) for h in hands(path))


def test_kill_9_during_entries_loses_no_accepted_entry(tmp_path: Path) -> None:
    """Each answer comes after the save: after a kill -9 at a random moment the file holds every
    entry answered (and at most the one being answered), reads cleanly, and can be taken again."""
    import random

    import httpx2

    path = new_record(tmp_path)
    rng = random.Random(26)
    for _ in range(4):
        proc, urls = _start([str(path)], tmp_path)
        base = urls["scorer"].split("/k/")[0]
        accepted = progress(path)
        killer = threading.Timer(rng.uniform(0.2, 1.0), lambda: os.kill(proc.pid, signal.SIGKILL))
        try:
            with httpx2.Client(follow_redirects=True, timeout=10) as c:
                killer.start()
                page = c.get(urls["scorer"]).text
                while True:
                    q = re.search(r'<h1 class="question">(.*?)</h1>', page).group(1)
                    value = "no" if "anyway" in q else "" if re.search(r", cards$|, dealer$|^Trump", q) else "0"
                    fields = {k: re.search(rf'name="{k}" value="([^"]+)"', page).group(1) for k in ("v", "csrf")}
                    r = c.post(base + "/enter", data={**fields, "answer": value})
                    if r.status_code == 429:  # a few entries a second: as fast as a client may
                        time.sleep(0.2)
                        continue
                    assert r.status_code == 200
                    page = r.text
                    accepted = progress(path)
        except httpx2.HTTPError:
            assert killer.is_alive() or killer.finished.is_set(), "failed before the kill"
        finally:
            if killer.ident is not None:
                killer.join()
            if proc.poll() is None:  # the test failed before its kill: leave no server behind
                proc.kill()
            proc.wait(10)
        assert accepted <= progress(path) <= accepted + 1
        Session.open(str(path)).close()  # the lock a kill left is not held
    assert progress(path) > 2  # entries were made between the kills


def test_other_commands_do_not_import_the_web_stack() -> None:
    code = ("import sys; sys.argv=['scorekeep','check',%r]\nfrom scorekeep.cli import main\n"
            "try: main()\nexcept SystemExit: pass\n"
            "bad=[m for m in sys.modules if m.split('.')[0] in ('starlette','uvicorn','jinja2','segno')"
            " or m.startswith('scorekeep.web')]\nsys.stderr.write('BAD %%s' %% bad)") % str(SAMPLES / "oh-hell-seed-example.yaml")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "BAD []" in r.stderr, r.stderr


def _follow_the_sheet(url: str) -> http.client.HTTPConnection:
    """A page following the sheet of the server at `url` (the viewers' address): its event
    stream open, the first event read."""
    host, port = re.match(r"http://([^:/]+):(\d+)/", url).groups()  # type: ignore[union-attr]
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("GET", url.split(port, 1)[1])
    r = conn.getresponse()
    cookie = r.getheader("set-cookie", "").split(";")[0]
    r.read()
    assert r.status == 303 and cookie.startswith("scorekeep=")
    conn.request("GET", "/events", headers={"Cookie": cookie})
    r = conn.getresponse()
    assert r.status == 200
    while r.fp.readline().strip() != b"event: sheet":
        pass
    return conn


def test_ctrl_c_with_sheets_open_stops_quietly_and_at_once(tmp_path: Path) -> None:
    """Ctrl-C while phones follow the sheet: each page's event stream ends with the server, so
    the stop is as clean as with no page open (no traceback, no task cancelled after a wait)."""
    path = new_record(tmp_path)
    proc, urls = _start([str(path)], tmp_path)
    try:
        pages = [_follow_the_sheet(urls["viewer"]), _follow_the_sheet(urls["scorer"])]
        time.sleep(0.2)
        began = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
        took = time.monotonic() - began
    finally:
        if proc.poll() is None:
            proc.kill()
    for conn in pages:
        conn.close()
    assert proc.returncode == 0, err
    assert "every entry is saved" in out
    assert "Traceback" not in err and "Exception in ASGI" not in err and "timeout graceful" not in err, err
    assert took < 1.5, f"{took:.2f} s to stop"


def test_edit_n_without_a_number_comes_back_to_the_question_with_plain_words(oh_hell: Kept) -> None:
    """Edit N with the box empty, or a word in it: the entry page again, the same question, and
    what to write there; never a bare 400. (A number of no hand is the game's: `there is no hand 9`.)"""
    k, c = oh_hell, oh_hell.client("scorer")
    page = start_hand(k, c)
    before = k.path.read_bytes()
    for typed in ("", "two", " ", "1-2", "12345678", "-2"):
        again = k.send(c, page, cmd="edit", n=typed)
        assert again.question == page.question and again.version == page.version, typed
        assert "not one this page sends" not in again.text
        told = " ".join(again.said)
        assert "Edit which?" in told and "number" in told, told
        if typed.strip():
            assert f"“{typed.strip()}” is not the number of a hand or game" in told, told  # (review: -2 is a number)
    assert k.path.read_bytes() == before
    page = k.send(c, page, cmd="edit", n="9")
    assert "there is no hand 9" in " ".join(page.said)


def test_without_a_key_each_page_says_which_code_to_scan(oh_hell: Kept) -> None:
    """A phone whose key the server does not know (a stranger, or any phone after a restart,
    which makes new keys): the entry page speaks of the entry page and the scorer's code, the
    sheet of the sheet and the table's code; both say a restart makes new keys."""
    c = oh_hell.client()
    for url, says, not_says in (("/enter", "the entry page", "sheet"), ("/", "sheet", "entry page")):
        text = html.unescape(c.get(url).text)
        assert says in text and not_says not in text, url
        assert "restarted" in text and "new code" in text, url


def test_the_page_says_tap_where_the_terminal_says_press_enter_or_type(oh_hell: Kept) -> None:
    """The game's lines named the terminal's keys ("Enter keeps what is written", "type it
    again") on the page, which is tapped: each front end now says how a written value is kept
    (`Table.keeps`), and the flow says "enter it again", true of both. `play`'s words stay."""
    k, c = oh_hell, oh_hell.client("scorer")
    page = start_hand(k, c)
    for bid in ("2", "3", "1", "5"):
        page = k.answer(c, bid, pick=True)
    page = tricks(k, c, page)
    page = k.send(c, page, cmd="edit", n="1")
    told = " ".join(page.said)
    assert "reopening hand 1" in told and "tap OK to keep what is written" in told, told
    assert "Enter" not in told
    from scorekeep.cli.terminal import Table

    assert Table(None, k.path).keeps == "Enter keeps what is written"


def test_the_start_up_line_shows_the_records_names_escaped(tmp_path: Path) -> None:
    """Nothing a record holds drives the terminal: a player `Bel\\b\\x1b[31mla` is printed
    escaped on serve's first line, as `play` and `score` print it."""
    path = tmp_path / "names.yaml"
    path.write_bytes((ROOT / "tests" / "records" / "entry" / "oh-hell-long-names.yaml").read_bytes())
    proc = subprocess.Popen([sys.executable, "-m", "scorekeep", "serve", "--port", "0", str(path)], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)
    assert first.startswith("Serving") and "山田太郎" in first, first
    assert "\x1b" not in first and "\b" not in first and "Bel\\x08\\x1b[31mla" in first, repr(first)


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="the system does not name a process's command")
def test_a_second_serve_names_what_holds_the_record(tmp_path: Path) -> None:
    """A record already served: the second `serve` says it is a `scorekeep serve` (and its
    process) that holds it, not 'open in `scorekeep play` or `add`'."""
    path = new_record(tmp_path)
    proc, _urls = _start([str(path)], tmp_path)
    try:
        r = subprocess.run([sys.executable, "-m", "scorekeep", "serve", "--port", "0", str(path)],
                           capture_output=True, text=True, timeout=30, cwd=tmp_path)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)
    assert r.returncode == 2
    assert f"`scorekeep serve` (process {proc.pid})" in r.stderr and "--watch" in r.stderr, r.stderr
    assert "play` or `add`" not in r.stderr


def test_an_entry_that_cannot_be_read_is_said_whole_in_the_tables_words(tmp_path: Path) -> None:
    """daifugo.ranking: a corrected order leaves a forbidden finish out of it (as in the terminal's test);
    the page says all of why it cannot be read — it has no `why` to ask — in the table's words."""
    with kept(new_record(tmp_path, "daifugo", "甲,乙,丙,丁")) as k:
        k.serving.rate = (1000, 1.0)  # the rate limit has its own test
        c = k.client("scorer")
        k.page(c)
        k.answer(c, "甲, 乙, 丙")
        k.answer(c, "")  # no forbidden finish: game 2 begins
        k.answer(c, "丙, 乙, 甲")
        page = k.answer(c, "甲")  # 甲, the fallen 大富豪, as a foul: refused (daifugo.ranking)
        assert "(daifugo.ranking)" in " ".join(page.said)
        k.answer(c, "order")  # correct the order; the fouls typed are kept
        page = k.answer(c, "丙, 乙, 丁")  # 甲 is no longer in the order
        said = " ".join(page.said)
        assert "cannot read that: `甲` is in the forbidden finishes" in said
        assert "only players in the finishing order may be in the forbidden finishes" in said
        assert "`fouls`" not in said and "`out`" not in said
