"""The HTML pages in a real browser: Debian's chromium-headless-shell (installed by .ci/run)
loads each page from a local HTTP server that logs every request, takes a screenshot and
prints to PDF. A page passes when the screenshot is not blank, the browser logged no console
message, the server saw no request but the page itself, and the 19-hand sheet prints on one
A4 page. Control pages prove each detector can fail.
"""

from __future__ import annotations

import http.server
import os
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import RECORDS, SAMPLES, cli


def browser() -> str | None:
    for candidate in ("chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell", "chromium",
                      "chromium-browser"):
        found = shutil.which(candidate) or (candidate if os.path.isfile(candidate) else None)
        if found:
            return found
    return None


CHROME = browser()
pytestmark = pytest.mark.skipif(CHROME is None, reason="chromium-headless-shell is not installed "
                                "(.ci/run installs it: apt-get install chromium-headless-shell)")


class Server:
    """A local HTTP server over one directory that remembers every path asked for."""

    def __init__(self, root: Path) -> None:
        self.requests: list[str] = []
        seen = self.requests

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *a, **kw) -> None:  # type: ignore[no-untyped-def]
                super().__init__(*a, directory=str(root), **kw)

            def log_message(self, *args: object) -> None:
                seen.append(self.path)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/{name}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, Server]]:
    server = Server(tmp_path)
    try:
        yield tmp_path, server
    finally:
        server.close()


def run_browser(*args: str) -> str:
    """Run the browser once; its log (stderr), where console messages appear as CONSOLE lines."""
    assert CHROME is not None
    proc = subprocess.run([CHROME, "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                           "--disable-extensions", "--enable-logging=stderr", "--v=0", *args],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stderr


def console_lines(log: str) -> list[str]:
    return [ln for ln in log.splitlines() if ":CONSOLE" in ln or "Refused to" in ln or "Uncaught" in ln]


def picture(path: Path) -> tuple[int, float]:
    """Distinct colours in the screenshot and the share of pixels that are not white."""
    from PIL import Image

    with Image.open(path) as im:
        rgb = im.convert("RGB")
        colours = rgb.getcolors(maxcolors=1 << 24) or []
        white = sum(n for n, c in colours if c == (255, 255, 255))
        total = rgb.width * rgb.height
    return len(colours), 1 - white / total


def pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", path.read_bytes()))


def write(root: Path, name: str, *args: str) -> str:
    run = cli(*args)
    assert run.code == 0, run.err
    (root / name).write_text(run.out, encoding="utf-8")
    return name


def test_detectors_catch_a_console_message_a_request_a_blank_page_and_a_long_page(served) -> None:  # type: ignore[no-untyped-def]
    root, server = served
    (root / "bad.html").write_text('<!DOCTYPE html><p>x</p><img src="/probe.png"><script>console.error("probe")'
                                   "</script>", encoding="utf-8")
    (root / "blank.html").write_text("<!DOCTYPE html><title>blank</title>", encoding="utf-8")
    (root / "long.html").write_text("<!DOCTYPE html>" + "<p>line</p>" * 400, encoding="utf-8")
    log = run_browser(f"--screenshot={root / 'bad.png'}", "--window-size=400,300", server.url("bad.html"))
    assert any("probe" in ln for ln in console_lines(log))
    assert "/probe.png" in server.requests
    run_browser(f"--screenshot={root / 'blank.png'}", "--window-size=400,300", server.url("blank.html"))
    colours, ink = picture(root / "blank.png")
    assert colours == 1 and ink == 0
    run_browser("--no-pdf-header-footer", f"--print-to-pdf={root / 'long.pdf'}", server.url("long.html"))
    assert pdf_pages(root / "long.pdf") > 1


PAGES = {
    "oh-hell": ("score", str(SAMPLES / "oh-hell-full-game.yaml"), "--format", "html"),
    "rook": ("score", str(RECORDS / "rook" / "both-over.yaml"), "--format", "html"),
    "daifugo": ("score", str(SAMPLES / "daifugo-seed-example.yaml"), "--format", "html"),
    "violations": ("score", str(RECORDS / "oh-hell" / "follow-suit-revoke.yaml"), "--format", "html"),
    "replay-rook": ("replay", str(SAMPLES / "rook-seed-example.yaml"), "--format", "html"),
    "replay-daifugo": ("replay", str(RECORDS / "daifugo" / "example3-full-game.yaml"), "--format", "html"),
    "stats": ("stats", str(SAMPLES / "oh-hell-full-game.yaml"), str(SAMPLES / "daifugo-seed-example.yaml"),
              "--format", "html"),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_page_renders_without_console_message_or_request(served, name: str) -> None:  # type: ignore[no-untyped-def]
    root, server = served
    page = write(root, f"{name}.html", *PAGES[name])
    shot = root / f"{name}.png"
    log = run_browser(f"--screenshot={shot}", "--window-size=900,1300", server.url(page))
    assert console_lines(log) == []
    assert server.requests == [f"/{page}"]
    colours, ink = picture(shot)
    assert colours > 30 and ink > 0.02, (colours, ink)


def test_19_hand_oh_hell_sheet_prints_on_one_a4_page(served) -> None:  # type: ignore[no-untyped-def]
    root, server = served
    page = write(root, "sheet.html", *PAGES["oh-hell"])
    pdf = root / "sheet.pdf"
    log = run_browser("--no-pdf-header-footer", f"--print-to-pdf={pdf}", server.url(page))
    assert console_lines(log) == []
    assert pdf_pages(pdf) == 1
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", pdf.read_bytes())
    assert box is not None
    w, h = float(box.group(1)), float(box.group(2))
    assert abs(w - 595.3) < 2 and abs(h - 841.9) < 2  # A4 in points


def test_cjk_names_render_with_the_font_stack(served) -> None:  # type: ignore[no-untyped-def]
    """甲 乙 丙 丁 draw as glyphs: a page of them differs from the same page with the names
    replaced by a character no font has (which draws as an empty box or nothing)."""
    root, server = served
    text = cli("score", str(SAMPLES / "daifugo-seed-example.yaml"), "--format", "html").out
    (root / "cjk.html").write_text(text, encoding="utf-8")
    tofu = text
    for ch in "甲乙丙丁大富豪貧民都落反則上が":
        tofu = tofu.replace(ch, "\U000f0000")  # a private-use plane: no glyph
    (root / "tofu.html").write_text(tofu, encoding="utf-8")
    run_browser(f"--screenshot={root / 'cjk.png'}", "--window-size=900,700", server.url("cjk.html"))
    run_browser(f"--screenshot={root / 'tofu.png'}", "--window-size=900,700", server.url("tofu.html"))
    assert (root / "cjk.png").read_bytes() != (root / "tofu.png").read_bytes()
    _, ink_cjk = picture(root / "cjk.png")
    _, ink_tofu = picture(root / "tofu.png")
    assert ink_cjk > ink_tofu  # real glyphs put more ink on the page than missing-glyph boxes
