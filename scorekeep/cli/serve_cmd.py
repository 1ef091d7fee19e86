"""`scorekeep serve`: the sheet on every phone at the table, entries from the scorer's phone.

The one importer of `scorekeep.web` (Starlette, uvicorn, segno): the other commands never load
them. The session is `play`'s (the lock, entries judged before they are written,
atomic saves); `--watch` follows a record another program keeps, read-only.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..render.safe import clean
from .common import _fail, app


@app.command()
def serve(
    file: Path = typer.Argument(..., metavar="FILE", help="The record to keep (start one with `scorekeep new`).",
                                show_default=False),
    watch: bool = typer.Option(False, "--watch", help="Only show the sheet, following the file while someone keeps "
                               "it with `play` in a terminal (no entries, no lock)."),
    lan: bool = typer.Option(False, "--lan", help="Listen on the local network too (phones on the table's Wi-Fi), "
                             "and print a QR code of each address; without it, this computer only."),
    port: int = typer.Option(8000, "--port", help="The port to listen on (0: any free one)."),
) -> None:
    """Serve a record to the table's phones: a live sheet for everyone, an entry page for the scorer.

    Prints two addresses, each with its own secret key: the viewers' (the sheet, read-only)
    and the scorer's (the entry page: the same questions as `play`, each entry judged before
    it is written and saved before it is answered). Pass them on by QR code (`--lan`) or by
    hand; whoever has neither key gets nothing. Ctrl-C stops; everything entered is saved.

    \b
    Example:
      scorekeep new oh-hell friday.yaml --players Ana,Ben,Chloé,Dee
      scorekeep serve friday.yaml --lan
      scorekeep serve friday.yaml --watch     # while `scorekeep play friday.yaml` runs
    """
    import socket

    if not 0 <= port <= 65535:
        _fail(f"--port {port}: a port is a number from 0 to 65535")
    host = "0.0.0.0" if lan else "127.0.0.1"
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # before the addresses are printed: a phone that comes at once is not refused
    except OSError as e:
        _fail(f"cannot listen on port {port} ({e.strerror or e}); try another with --port")
    if watch:
        _serve_watching(file, sock, lan)
        return
    from ..entry.session import held_elsewhere
    from ..web.live import keep
    from .add_cmd import open_session

    if held_elsewhere(str(file)):
        _fail(f"{file} is open in {_holder(file)}; finish there first, or show its sheet with "
              f"`scorekeep serve --watch {file}`")
    session = open_session(file)
    try:
        k = keep(session, file)
        try:
            _run(file, sock, k.hub, k.desk, lan, f"{session.game.title}: {', '.join(session.players)}")
        finally:
            k.stop()
    finally:
        session.close()
    sys.stdout.write(clean(f"stopped; every entry is saved in {file}\n"))


def _holder(file: Path) -> str:
    """Which command holds the record's lock: `scorekeep serve` (process 1234) where the system
    tells (the lock holds the process id; Linux, its command line), else the three it may be."""
    from ..entry.session import FileLock

    try:
        with open(FileLock(str(file)).path, encoding="ascii") as f:
            pid = int(f.read(20).strip())
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            args = f.read(4096).decode("utf-8", "replace").split("\0")
    except (OSError, ValueError):
        return "another `scorekeep play`, `add` or `serve`"
    at = next((i for i, a in enumerate(args) if Path(a).name == "scorekeep"), None)
    command = next((a for a in args[at + 1:] if a in ("play", "add", "serve")), None) if at is not None else None
    if command is None:
        return f"another `scorekeep play`, `add` or `serve` (process {pid})"
    return f"`scorekeep {command}` (process {pid})"


def _serve_watching(file: Path, sock: object, lan: bool) -> None:
    from ..web.sheet import Hub, Watcher

    if not file.is_file():
        _fail(f"{file}: no such file")
    hub = Hub()
    watcher = Watcher(str(file), hub)
    watcher.start()
    try:
        _run(file, sock, hub, None, lan, "the sheet only, following the file")
    finally:
        watcher.stop()
    sys.stdout.write("stopped\n")


def _run(file: Path, sock: object, hub: object, desk: object, lan: bool, what: str) -> None:
    """Print the addresses (and QR codes with `--lan`); serve until Ctrl-C (at any moment: a
    clean stop)."""
    import uvicorn

    from ..web.app import Serving, build

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list | None = None) -> None:  # type: ignore[type-arg]
            # every page's event stream ends first: uvicorn waits for open responses, then
            # cancels them with a traceback each (a phone follows the sheet for hours)
            hub.close()  # type: ignore[attr-defined]
            await super().shutdown(sockets)

    serving = Serving.make(file.name, hub, desk)  # type: ignore[arg-type]
    config = uvicorn.Config(build(serving), log_level="warning", access_log=False, timeout_graceful_shutdown=1,
                            lifespan="off")
    try:
        _addresses(file, serving, sock.getsockname()[1], lan, what)  # type: ignore[attr-defined]
        Server(config).run(sockets=[sock])  # type: ignore[list-item]
    except KeyboardInterrupt:  # before uvicorn took the signal, or raised again by it after its stop
        pass
    finally:
        hub.close()  # type: ignore[attr-defined]


def _addresses(file: Path, serving: object, port: int, lan: bool, what: str) -> None:
    hosts = ["127.0.0.1"]
    if lan:  # this computer's IPv4 addresses other than loopback, as its name resolves (no traffic sent)
        import socket

        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        except OSError:
            infos = []
        hosts = sorted({str(i[4][0]) for i in infos if not str(i[4][0]).startswith("127.")})
    out = sys.stdout
    out.write(clean(f"Serving {file} ({what})\n"))  # the record's names: never raw to the terminal
    if lan and not hosts:
        out.write("  (no network address found for this computer: use its address on the table's Wi-Fi)\n")
        hosts = ["127.0.0.1"]
    labels = {"viewer": "The sheet, for everyone at the table", "scorer": "Entry, for the scorer"}
    for role, key in serving.keys.items():  # type: ignore[attr-defined]
        url = f"http://{hosts[0]}:{port}/k/{key}"
        out.write(f"  {labels[role]}:\n    {url}\n")
        if lan:  # a QR code of it in the terminal (a phone's camera opens it)
            import segno

            segno.make(url, error="l").terminal(out=out, compact=True)
    out.write("  " + ("Listening on the local network." if lan else "This computer only (--lan for phones).")
              + " Ctrl-C stops.\n")
    out.flush()

