"""`scorekeep serve` under a table's load (issue 26): how long an entry takes to be answered
(saved, then the next question) while 20 viewers follow the sheet by server-sent events, and
how long each viewer waits for the new sheet. Not a test: run it by hand and read the figures.

    python benchmarks/serve.py [--entries 120] [--viewers 20] [-o benchmarks/serve.md]

Everything stays on this machine (127.0.0.1); the run is bounded in entries and in time. The
record begins as the sample 19-hand Oh Hell game cut after hand 9, so the sheet each entry
sends is a mid-game one; entries go at 4 a second (the server allows a client 5).
"""

from __future__ import annotations

import argparse
import html
import http.client
import platform
import re
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def _record(folder: Path) -> Path:
    text = (ROOT / "samples" / "oh-hell-full-game.yaml").read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^  - cards:", text, re.M)]
    path = folder / "friday.yaml"
    path.write_text(text[:starts[9]], encoding="utf-8")
    return path


class Viewer(threading.Thread):
    """One page following the sheet: the time each `sheet` event arrives."""

    def __init__(self, port: int, cookie: str, until: float) -> None:
        super().__init__(daemon=True)
        self.port, self.cookie, self.until = port, cookie, until
        self.arrivals: list[float] = []

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        conn.request("GET", "/events", headers={"Cookie": self.cookie})
        r = conn.getresponse()
        try:
            while time.monotonic() < self.until:
                line = r.fp.readline()
                if not line:
                    break
                if line.startswith(b"event: sheet"):
                    self.arrivals.append(time.monotonic())
        except OSError:
            pass
        finally:
            conn.close()


def _cookie(base: str, key_url: str) -> str:
    conn = http.client.HTTPConnection(base.split("//")[1])
    conn.request("GET", key_url.split(base)[1])
    set_cookie = conn.getresponse().getheader("set-cookie", "")
    conn.close()
    return set_cookie.split(";")[0]


def _answer_for(question: str, hand: dict[str, int]) -> str:
    """What the table answers: the sizes and dealers offered, every bid 0, and all the tricks
    to the first player asked (every count is asked, and they must add up)."""
    if "anyway" in question:
        return "no"
    if re.search(r", cards$|, dealer$|^Trump", question):
        return ""
    m = re.search(r"\((\d+) cards?\)", question)
    if m:
        hand["size"], hand["given"] = int(m.group(1)), 0
    if "tricks taken" in question:
        n = hand["size"] - hand["given"]
        hand["given"] += n
        return str(n)
    return "0"


def run(entries: int, viewers: int) -> dict[str, object]:
    from servekit import start_serve

    folder = Path(tempfile.mkdtemp(prefix="serve-bench-"))
    path = _record(folder)
    proc, urls = start_serve([str(path)], folder)
    base = urls["scorer"].split("/k/")[0]
    port = int(base.rsplit(":", 1)[1])
    try:
        until = time.monotonic() + entries / 4 + 60
        followers = [Viewer(port, _cookie(base, urls["viewer"]), until) for _ in range(viewers)]
        for v in followers:
            v.start()
        time.sleep(1.0)
        scorer = _cookie(base, urls["scorer"])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        answered, pages, saves = [], [], []
        hand = {"size": 0, "given": 0}  # the hand being entered: its size, the tricks given so far
        for _ in range(entries):
            conn.request("GET", "/enter", headers={"Cookie": scorer})
            page = conn.getresponse().read().decode("utf-8")
            q = re.search(r'<h1 class="question">(.*?)</h1>', page)
            if q is None or "over" in q.group(1):  # (the sample's 19 hands are all entered)
                break
            fields = {k: re.search(rf'name="{k}" value="([^"]+)"', page).group(1) for k in ("v", "csrf")}  # type: ignore[union-attr]
            body = f"csrf={fields['csrf']}&v={fields['v']}&answer={_answer_for(html.unescape(q.group(1)), hand)}"
            before = path.stat().st_mtime_ns
            start = time.monotonic()
            conn.request("POST", "/enter", body=body, headers={
                "Cookie": scorer, "Content-Type": "application/x-www-form-urlencoded"})
            r = conn.getresponse()
            r.read()
            took = time.monotonic() - start
            if r.status != 303:
                raise SystemExit(f"entry answered {r.status}")
            answered.append(took)
            if path.stat().st_mtime_ns != before:
                saves.append((start, took))
            conn.request("GET", "/enter", headers={"Cookie": scorer})
            conn.getresponse().read()
            pages.append(time.monotonic() - start)
            time.sleep(max(0.0, 0.25 - (time.monotonic() - start)))
        conn.close()
        time.sleep(1.0)
        lags = []
        for v in followers:
            for start, took in saves:
                after = [a for a in v.arrivals if a >= start]
                if after:
                    lags.append(after[0] - start)
        got = sum(len(v.arrivals) for v in followers)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)
        shutil.rmtree(folder, ignore_errors=True)
    ms = lambda xs: (round(statistics.median(xs) * 1000, 1), round(max(xs) * 1000, 1))  # noqa: E731
    return {"entries": len(answered), "saves": len(saves), "viewers": viewers, "answered": ms(answered),
            "saved": ms([t for _s, t in saves]), "with the next page": ms(pages), "viewer lag": ms(lags),
            "events": got, "expected events": viewers * (len(saves) + 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entries", type=int, default=120)
    ap.add_argument("--viewers", type=int, default=20)
    ap.add_argument("-o", "--output", type=Path)
    a = ap.parse_args()
    r = run(a.entries, a.viewers)
    lines = [
        "# `serve`: an entry answered while viewers follow the sheet",
        "",
        f"Machine: {platform.machine()}, 2 cores shared, Python {platform.python_version()}; "
        f"{r['entries']} entries ({r['saves']} of them saved; the others are answers the flow gathers before it writes: a new hand's size "
        f"and dealer, the first players' trick counts), at 4 a second, into the sample Oh Hell game cut after hand 9, "
        f"while {r['viewers']} pages follow the sheet by server-sent events, all on 127.0.0.1. "
        "Aim: an entry answered within 100 ms.",
        "",
        "| measure | median ms | max ms |",
        "| --- | --- | --- |",
    ]
    for key, label in (("answered", "an entry answered (POST → 303 after the save and the next question)"),
                       ("saved", "an entry that writes the file, answered"),
                       ("with the next page", "answered, and the next entry page loaded"),
                       ("viewer lag", "from the entry sent to a viewer's new sheet")):
        med, top = r[key]  # type: ignore[misc]
        lines.append(f"| {label} | {med} | {top} |")
    lines += ["", f"Sheet events received: {r['events']} (every viewer, every save, and the first: "
              f"{r['expected events']})."]
    text = "\n".join(lines) + "\n"
    print(text)
    if a.output:
        a.output.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
