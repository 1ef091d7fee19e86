"""`scorekeep serve` in a real browser at phone size (issue 26): Debian's Chromium driven by
Selenium through the system's chromedriver (nothing downloaded). The scorer taps a whole Oh
Hell hand, with the hook's forbidden bid refused and its ruling opened, while a second page on
the viewers' address sees the sheet change without reloading; a Rook hand; a Daifugō game
tapped name by name; the viewers' address cannot enter; no key, 403; a stale form, 409.

Skipped where the browser or its driver is missing, except under CI (CI=true): there a missing
browser fails. SCOREKEEP_SHOTS=DIR keeps the screenshots (PNG) there to look at.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SAMPLES, cli
from servekit import start_serve

from scorekeep import api

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
MISSING = [n for n, p in (("chromium", CHROMIUM), ("chromedriver", DRIVER)) if p is None]
try:
    import selenium  # noqa: F401
except ImportError:
    MISSING.append("selenium (pip install '.[test]')")

if MISSING and os.environ.get("CI") == "true":
    raise RuntimeError(f"the browser tests need {', '.join(MISSING)} (.ci/run installs them)")
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"{', '.join(MISSING)} not installed "
                                "(apt-get install chromium chromium-driver)")

PHONE = {"width": 390, "height": 844, "pixelRatio": 2, "touch": True}


def phone():  # type: ignore[no-untyped-def]
    """Headless Chromium with a 390×844 phone's viewport (and its console kept)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"  # never let Selenium fetch a browser or a driver
    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM  # type: ignore[assignment]
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en"):
        o.add_argument(a)
    o.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(DRIVER), options=o)
    d.set_page_load_timeout(30)
    return d


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    where = Path(os.environ.get("SCOREKEEP_SHOTS") or tmp_path / "shots")
    where.mkdir(parents=True, exist_ok=True)
    return where


class Served:
    def __init__(self, path: Path, urls: dict[str, str]) -> None:
        self.path = path
        self.urls = urls
        self.base = urls["viewer"].split("/k/")[0]


@pytest.fixture
def serve(tmp_path: Path) -> Iterator:  # type: ignore[type-arg]
    procs = []

    def start(game: str, players: str) -> Served:
        path = tmp_path / f"{game}.yaml"
        assert cli("new", game, str(path), "--players", players).code == 0
        proc, urls = start_serve([str(path)], tmp_path)
        procs.append(proc)
        return Served(path, urls)
    yield start
    for p in procs:
        p.send_signal(signal.SIGINT)
        p.communicate(timeout=20)


@pytest.fixture(scope="module")
def _opened() -> Iterator[list]:  # type: ignore[type-arg]
    """The module's browsers, started once (a start-up costs more than most tests' taps)."""
    opened: list = []  # type: ignore[type-arg]
    yield opened
    for d in opened:
        d.quit()


@pytest.fixture
def browsers(_opened) -> Iterator:  # type: ignore[no-untyped-def,type-arg]
    """Hands a test the module's browsers one by one, each as if new: one tab, no cookie, an
    empty console log; afterwards each leaves the test's server (a blank page)."""
    used: list = []  # type: ignore[type-arg]

    def open_one():  # type: ignore[no-untyped-def]
        if len(used) == len(_opened):
            _opened.append(phone())
        d = _opened[len(used)]
        used.append(d)
        _fresh(d)
        return d
    yield open_one
    for d in used:
        _fresh(d)


def _fresh(d) -> None:  # type: ignore[no-untyped-def]
    """One blank tab, no cookie, the console log read out: a browser as a new one starts."""
    for handle in d.window_handles[1:]:
        d.switch_to.window(handle)
        d.close()
    d.switch_to.window(d.window_handles[0])
    d.get("about:blank")
    d.execute_cdp_cmd("Network.clearBrowserCookies", {})
    d.get_log("browser")


def question(d) -> str:  # type: ignore[no-untyped-def]
    return d.find_element("css selector", "h1.question").text


def tap(d, value: str, kind: str = "pick") -> None:  # type: ignore[no-untyped-def]
    """Tap a button of the entry form and wait for the page it leads to."""
    from selenium.webdriver.support.expected_conditions import staleness_of
    from selenium.webdriver.support.ui import WebDriverWait

    old = d.find_element("css selector", "form.entry")
    css = "button.ok" if kind == "ok" else f'button[name="{kind}"][value="{value}"]'
    button = d.find_element("css selector", css)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(d, 15, poll_frequency=0.05).until(staleness_of(old))  # (the default polls every 0.5 s)


def sheet_text(d) -> str:  # type: ignore[no-untyped-def]
    return d.find_element("css selector", "#sheet").text


def wait_for(d, condition, timeout: float = 5):  # type: ignore[no-untyped-def]
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(d, timeout, poll_frequency=0.05).until(lambda _d: condition())


def follow_viewer(viewer, url: str) -> None:  # type: ignore[no-untyped-def]
    viewer.get(url)
    viewer.execute_script("window.stillHere = 1")  # lost if the page reloads
    wait_for(viewer, lambda: "live" in viewer.find_element("css selector", "#live").text)


def sees_the_sheet_of(viewer, scorer, within: float = 1.5) -> None:  # type: ignore[no-untyped-def]
    """The viewer's page shows the sheet the scorer's page was just given, without a reload."""
    want = sheet_text(scorer)
    wait_for(viewer, lambda: sheet_text(viewer) == want, within)
    assert viewer.execute_script("return window.stillHere") == 1, "the viewer's page was reloaded"


def test_a_whole_oh_hell_hand_with_the_hook_refused_while_a_viewer_follows(serve, browsers, shots) -> None:  # type: ignore[no-untyped-def]
    """oh-hell.hook: the dealer's forbidden bid is shown crossed out, refused with its ruling
    when tapped, and nothing is written until a legal bid."""
    s = serve("oh-hell", "Ana,Ben,Chloé,Dee")
    scorer, viewer = browsers(), browsers()
    follow_viewer(viewer, s.urls["viewer"])
    scorer.get(s.urls["scorer"])
    assert scorer.current_url == s.base + "/enter", "the key stays in the address"
    assert question(scorer) == "Hand 1, cards"
    scorer.save_screenshot(str(shots / "oh-hell-1-cards.png"))
    for v in ("10", "Ana", "-"):
        tap(scorer, v)
    sees_the_sheet_of(viewer, scorer)
    for v in ("2", "3", "1"):
        assert "bid" in question(scorer)
        tap(scorer, v)
        sees_the_sheet_of(viewer, scorer)
    assert "Ana's bid" in question(scorer)
    refused = scorer.find_elements("css selector", "button.choice.refused")
    assert [b.get_attribute("value") for b in refused] == ["4"]
    assert "the hook" in scorer.find_element("css selector", ".said").text
    scorer.save_screenshot(str(shots / "oh-hell-2-hook-bid.png"))
    before = s.path.read_bytes()
    tap(scorer, "4")
    assert question(scorer).startswith("Record it anyway")
    assert "oh-hell.hook" in scorer.find_element("css selector", ".said").text
    scorer.find_element("css selector", "details.why summary").click()
    assert "ruling: not legal, oh-hell.hook" in scorer.find_element("css selector", "details.why").text
    scorer.save_screenshot(str(shots / "oh-hell-3-refused.png"))
    assert s.path.read_bytes() == before
    tap(scorer, "no")
    tap(scorer, "5")
    sees_the_sheet_of(viewer, scorer)
    took = {"Ben": "3", "Chloé": "2", "Dee": "3", "Ana": "2"}
    assert "tricks taken" in question(scorer)
    while "tricks taken by" in question(scorer):  # every count asked (all, or all but the last)
        tap(scorer, took[question(scorer).split("tricks taken by ")[1].split(" ")[0]])
    assert question(scorer) == "Hand 2, cards"
    scorer.save_screenshot(str(shots / "oh-hell-4-next-hand.png"))
    sees_the_sheet_of(viewer, scorer)
    viewer.save_screenshot(str(shots / "oh-hell-5-viewer-sheet.png"))
    h = api.audit(api.load(str(s.path))).record.hands[0]
    assert {e.player: e.value for e in h.bids} == {"Ben": 2, "Chloé": 3, "Dee": 1, "Ana": 5}
    assert {e.player: e.value for e in h.tricks} == {"Ben": 3, "Chloé": 2, "Dee": 3, "Ana": 2}
    for d in (scorer, viewer):  # offline: nothing from elsewhere; no console message (a CSP refusal)
        urls = d.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert urls and all(u.startswith(s.base + "/") for u in urls), urls
        assert [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")] == []
    # the viewers' address cannot enter
    viewer.get(s.base + "/enter")
    assert viewer.find_element("css selector", "h1").text == "403"
    assert not viewer.find_elements("css selector", "form")


def test_a_rook_hand(serve, browsers, shots) -> None:  # type: ignore[no-untyped-def]
    s = serve("rook", "North,East,South,West")
    scorer, viewer = browsers(), browsers()
    follow_viewer(viewer, s.urls["viewer"])
    scorer.get(s.urls["scorer"])
    assert "East's call" in question(scorer)
    scorer.save_screenshot(str(shots / "rook-1-call.png"))
    for v in ("80", "pass", "pass", "pass"):
        tap(scorer, v)
    assert "trump named by East" in question(scorer)
    tap(scorer, "red")
    assert "points captured by East/West" in question(scorer)
    scorer.save_screenshot(str(shots / "rook-2-points.png"))
    tap(scorer, "95")
    assert "made" in scorer.find_element("css selector", ".said").text
    sees_the_sheet_of(viewer, scorer)
    viewer.save_screenshot(str(shots / "rook-3-viewer-sheet.png"))
    h = api.audit(api.load(str(s.path))).record.hands[0]
    assert h.trump is not None and h.points is not None


def test_a_daifugo_game_tapped_name_by_name(serve, browsers, shots) -> None:  # type: ignore[no-untyped-def]
    s = serve("daifugo", "甲,乙,丙,丁")
    scorer, viewer = browsers(), browsers()
    follow_viewer(viewer, s.urls["viewer"])
    scorer.get(s.urls["scorer"])
    assert "who went out" in question(scorer)
    for name in ("丙", "甲", "丁"):
        scorer.find_element("css selector", f'button[data-add="{name}"]').click()
    field = scorer.find_element("css selector", "input[name=answer]")
    assert field.get_attribute("value") == "丙, 甲, 丁"
    scorer.save_screenshot(str(shots / "daifugo-1-order.png"))
    tap(scorer, "", "ok")
    assert "Forbidden finishes" in question(scorer)
    tap(scorer, "", "ok")  # the default: none
    assert "game 2" in question(scorer)
    assert "大富豪 丙" in scorer.find_element("css selector", ".said").text
    scorer.save_screenshot(str(shots / "daifugo-2-next-game.png"))
    sees_the_sheet_of(viewer, scorer)
    games = api.audit(api.load(str(s.path))).record.sets[0].games
    assert list(games[0].out.names) == ["丙", "甲", "丁"]


def test_no_key_403_and_a_stale_form_409(serve, browsers, shots) -> None:  # type: ignore[no-untyped-def]
    s = serve("oh-hell", "Ana,Ben,Chloé,Dee")
    stranger = browsers()
    for url in (s.base + "/", s.base + "/enter", s.base + "/k/not-the-key"):
        stranger.get(url)
        assert stranger.find_element("css selector", "h1").text == "403", url
    stranger.save_screenshot(str(shots / "no-key-403.png"))
    scorer = browsers()
    scorer.get(s.urls["scorer"])
    for v in ("10", "Ana", "-"):
        tap(scorer, v)
    first = scorer.current_window_handle
    scorer.switch_to.new_window("tab")
    scorer.get(s.base + "/enter")
    tap(scorer, "2")  # in the second tab: Ben bids 2
    scorer.switch_to.window(first)  # the first tab still asks for Ben's bid
    wait_for(scorer, lambda: scorer.find_element("css selector", "#moved").is_displayed())
    tap(scorer, "3")
    assert "out of date" in scorer.find_element("css selector", "p.stale").text
    assert "Chloé's bid" in question(scorer)
    scorer.save_screenshot(str(shots / "stale-409.png"))
    bids = api.audit(api.load(str(s.path))).record.hands[0].bids
    assert {e.player: e.value for e in bids} == {"Ben": 2}


def test_after_a_restart_open_pages_say_to_scan_the_new_code(tmp_path: Path, browsers, shots) -> None:  # type: ignore[no-untyped-def]
    """The server started again has new keys: a sheet page and an entry page left open do not
    wait on "reconnecting" forever; each says the server was restarted and which new code to
    scan (their event stream is refused, 403)."""
    path = tmp_path / "oh-hell.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee").code == 0
    proc, urls = start_serve([str(path)], tmp_path)
    try:
        viewer, scorer = browsers(), browsers()
        follow_viewer(viewer, urls["viewer"])
        scorer.get(urls["scorer"])
        wait_for(scorer, lambda: "live" in scorer.find_element("css selector", "#live").text)
        for d in (viewer, scorer):
            assert not d.find_element("css selector", "#restarted").is_displayed()
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)
        port = urls["viewer"].split(":")[2].split("/")[0]
        proc, _urls = start_serve([str(path), "--port", port], tmp_path)
        for d, code in ((viewer, "the table's new code"), (scorer, "the scorer's new code")):
            wait_for(d, lambda d=d: d.find_element("css selector", "#restarted").is_displayed(), 10)
            said = d.find_element("css selector", "#restarted").text
            assert "restarted" in said and code in said, said
            assert "reconnecting" not in d.find_element("css selector", "#live").text
        viewer.save_screenshot(str(shots / "restarted-sheet.png"))
        scorer.save_screenshot(str(shots / "restarted-enter.png"))
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)


def test_the_ok_button_says_what_the_box_holds(serve, browsers, shots) -> None:  # type: ignore[no-untyped-def]
    """daifugo.foul-finish: a forbidden finish tapped fills the box, and the OK button follows it
    ("OK: 丁", not "OK: -" as if none); cleared, it offers the default again; typed, the same."""
    s = serve("daifugo", "甲,乙,丙,丁")
    scorer = browsers()
    scorer.get(s.urls["scorer"])
    for name in ("丙", "甲", "丁"):
        scorer.find_element("css selector", f'button[data-add="{name}"]').click()
    tap(scorer, "", "ok")
    assert "Forbidden finishes" in question(scorer)
    ok = scorer.find_element("css selector", "button.ok")
    assert ok.text == "OK: -"
    scorer.find_element("css selector", 'button[data-add="丁"]').click()
    assert scorer.find_element("css selector", "input[name=answer]").get_attribute("value") == "丁"
    assert ok.text == "OK: 丁"
    scorer.save_screenshot(str(shots / "daifugo-foul-tapped.png"))
    scorer.find_element("css selector", "button[data-clear]").click()
    assert ok.text == "OK: -"
    scorer.find_element("css selector", "input[name=answer]").send_keys("丙")
    assert ok.text == "OK: 丙"


# the words of the entry form's buttons that the page breaks across lines (a line may end at a
# space or after a hyphen: Wolkenstein-/Haversham), and the widths that matter
_CHOICE_LAYOUT = """
const broken = [];
for (const b of document.querySelectorAll('form.entry button.choice')) {
  const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (const m of node.data.matchAll(/[^\\s-]+/g)) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      if (new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1) broken.push(m[0]);
    }
  }
}
const box = document.querySelector('form.entry input[name=answer]').getBoundingClientRect();
const ok = document.querySelector('form.entry button.ok').getBoundingClientRect();
return {broken: broken, box: box.width, okRight: ok.right, inner: window.innerWidth,
        wide: document.documentElement.scrollWidth};
"""


@contextlib.contextmanager
def _dealer_question(record: str, tmp_path: Path, browsers, shots: Path):  # type: ignore[no-untyped-def]
    """A phone (390×844) at the dealer's question of `record` (under tests/records/entry/), served."""
    from conftest import RECORDS

    path = tmp_path / record
    path.write_bytes((RECORDS / "entry" / record).read_bytes())
    proc, urls = start_serve([str(path)], tmp_path)
    try:
        d = browsers()
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        d.get(urls["scorer"])
        tap(d, "", "ok")  # the hand's size: the rules' one
        assert "dealer" in question(d)
        d.save_screenshot(str(shots / f"dealer-{path.stem}.png"))
        yield d
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)


@pytest.mark.parametrize("record", ["oh-hell-long-names.yaml", "oh-hell-north-south.yaml"])
def test_choice_buttons_break_names_only_between_words(record: str, tmp_path: Path, browsers, shots) -> None:  # type: ignore[no-untyped-def]
    """At 390×844 the dealer's buttons (the players' names) wrap a name only between its words
    ("Maximiliana Wolkenstein-Haversham", never "Maxi/milia/na"; "North" whole), and a long
    default on the OK button leaves the box a usable width; nothing is wider than the phone."""
    with _dealer_question(record, tmp_path, browsers, shots) as d:
        got = d.execute_script(_CHOICE_LAYOUT)
        assert got["broken"] == [], got
        assert got["box"] >= 120, got
        assert got["okRight"] <= got["inner"] == 390 and got["wide"] <= 390, got


def test_two_long_one_word_names_are_shown_whole(tmp_path: Path, browsers, shots) -> None:  # type: ignore[no-untyped-def]
    """At 390×844 a name of 40 letters without a space, wider than the phone, breaks at the button's
    edge rather than being cut short with …: two such names alike but for their ends were both shown
    as 'Hubertwolfeschlegelsteinhause…' (review), so the scorer could tap the wrong one."""
    with _dealer_question("oh-hell-long-single-names.yaml", tmp_path, browsers, shots) as d:
        hidden = d.execute_script("return [...document.querySelectorAll('form.entry button.choice')]"
                                  ".filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)")
        assert hidden == [], hidden
        wide = d.execute_script("return document.documentElement.scrollWidth")  # (the names, the sheet too)
        assert wide <= 390, wide


# the words of table cells that the page breaks across lines (a name, a bid like `North 110`, 大貧民)
_BROKEN_WORDS = """
const broken = [];
for (const cell of document.querySelectorAll('td, th')) {
  const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      if (new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1) broken.push(m[0]);
    }
  }
}
return broken.slice(0, 5);
"""


def test_saved_pages_fit_a_phone_and_a_wide_table_scrolls_alone(tmp_path: Path, shots: Path, browsers) -> None:  # type: ignore[no-untyped-def]
    """`score`/`replay --format html` at 390×844: the page is no wider than the phone (it never
    scrolls sideways); a table wider than the phone (the 19-hand sheet, Rook's tricks) scrolls
    in its own box, and no word of a cell is broken across lines. One browser for the four pages
    (the module's, as new: a start-up costs more than the four pages). A long cell keeps a readable
    width (a Daifugō replay once wrapped "a / single / 4 / (4♥) / by 甲" a word a line), and a table
    scrolled sideways keeps its first column in view (the 19-hand sheet once scrolled the hand
    numbers away, so rows could not be told apart)."""
    root = Path(__file__).resolve().parent.parent
    pages = {("score", "samples/oh-hell-full-game.yaml"): True, ("replay", "samples/rook-seed-example.yaml"): True,
             ("score", "samples/rook-seed-example.yaml"): True, ("replay", "samples/daifugo-seed-example.yaml"): False,
             ("replay", "tests/records/daifugo/example1-revolution.yaml"): True,
             ("score", "samples/daifugo-seed-example.yaml"): True,
             ("score", "tests/records/daifugo/six-sets-last-short.yaml"): True}
    d = browsers()
    for (command, record), wide_table in pages.items():
        page = tmp_path / f"{command}-{Path(record).stem}.html"
        assert cli(command, str(root / record), "--format", "html", "-o", str(page)).code == 0
        d.get(page.as_uri())
        d.save_screenshot(str(shots / page.with_suffix(".png").name))
        inner, wide = d.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        tables = d.execute_script("return [...document.querySelectorAll('table')]"
                                  ".map(t => [t.clientWidth, t.scrollWidth])")
        assert wide <= inner == 390, page.name
        assert all(client <= inner for client, _ in tables), page.name
        assert any(scroll > client for client, scroll in tables) == wide_table, page.name
        assert d.execute_script(_BROKEN_WORDS) == [], page.name
        # a long cell (what a play caused, why a trick was won) keeps a readable width, not a word a line
        narrow = d.execute_script("return [...document.querySelectorAll('td.words')]"
                                  ".map(td => td.getBoundingClientRect().width).filter(w => w < 150)")
        assert narrow == [], (page.name, narrow)
        # scrolled to its end, a wide table keeps its first column (the hand, the trick) in view
        off = d.execute_script("return [...document.querySelectorAll('table')].filter(t => t.scrollWidth > "
                               "t.clientWidth).map(t => { t.scrollLeft = t.scrollWidth; const td = "
                               "t.querySelector('tbody td'); return td.getBoundingClientRect().left - "
                               "t.getBoundingClientRect().left; })")
        assert all(abs(x) < 2 for x in off), (page.name, off)
        # a chart drawn wider than the phone shrinks: its words stay readable (once about 6, then 9 px high)
        heights = d.execute_script("return [...document.querySelectorAll('svg.chart text')]"
                                   ".map(t => t.getBoundingClientRect().height)")
        assert all(h >= 12 for h in heights), (page.name, min(heights, default=None))
        # and none is cut off at the chart's edge (大貧民 at the left, "300 to win" at the top, the last hand)
        cut = d.execute_script("return [...document.querySelectorAll('svg.chart')].flatMap(svg => { const b = "
                               "svg.getBoundingClientRect(); return [...svg.querySelectorAll('text')].filter(t => { "
                               "const r = t.getBoundingClientRect(); return r.left < b.left - 1 || r.right > b.right "
                               "+ 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1; }).map(t => t.textContent); })")
        assert cut == [], (page.name, cut)
        # nor do two of its words overlap (review: "set 5set 6", the last set's label moved onto the one before)
        crossed = d.execute_script("return [...document.querySelectorAll('svg.chart')].flatMap(svg => { const r = "
                                   "[...svg.querySelectorAll('text')].map(t => [t.textContent, "
                                   "t.getBoundingClientRect()]); return r.flatMap(([a, p], i) => r.slice(i + 1)"
                                   ".filter(([b, q]) => p.left < q.right - 1 && q.left < p.right - 1 && p.top < "
                                   "q.bottom - 1 && q.top < p.bottom - 1).map(([b]) => a + ' / ' + b)); })")
        assert crossed == [], (page.name, crossed)


def test_pages_with_a_40_letter_name_fit_a_phone(tmp_path: Path, browsers) -> None:  # type: ignore[no-untyped-def]
    """`score` and `replay --format html` at 390 px with a legal 40-letter name without a space: the
    result line, the legend, the replay's headings and notes pushed the page to 560 px wide, cut off."""
    name = "AAAAAAAAAABBBBBBBBBBCCCCCCCCCCDDDDDDDDDZ"
    record = tmp_path / "long.yaml"
    record.write_text((SAMPLES / "oh-hell-full-game.yaml").read_text(encoding="utf-8").replace("Ben", name),
                      encoding="utf-8")
    d = browsers()
    for command in ("score", "replay"):
        page = tmp_path / f"{command}.html"
        assert cli(command, str(record), "--format", "html", "-o", str(page)).code == 0
        d.get(page.as_uri())
        assert name in d.page_source
        assert d.execute_script("return document.documentElement.scrollWidth") <= 390, command
        # the name over its columns wraps, so it is seen whole in the table's box (it was 508 px wide)
        heads = d.execute_script("return [...document.querySelectorAll('thead th')].filter(t => t.textContent"
                                 f".includes('{name}')).map(t => t.getBoundingClientRect().width)")
        assert all(w <= 300 for w in heads), heads
