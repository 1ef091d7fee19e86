"""`scorekeep add`: one entry without prompts, judged by the checker before it is written."""

import sys
from pathlib import Path
from typing import Any, Optional

import typer

from .common import WRITE_FAILED, _fail, _internal, app, clean, said, write_failed


def ruling(f: Any) -> str:
    """A violation as one line: rule id, where, why (control characters escaped)."""
    from ..render.text import ruling

    return clean(ruling(f))


def open_session(file: Path, wait: bool = False):  # type: ignore[no-untyped-def]
    """Open a record for entries, or fail: exit 2 (unreadable, open elsewhere, no lock can
    be made there), 4 (the disk is full). `wait`: wait until the record is free."""
    from ..entry.session import Locked, LockError, Session, Unreadable
    from ..errors import InputError

    if str(file) == "-":  # elsewhere `-` is standard input, which cannot be written back
        _fail("`-`: entries are written into a record file; give its name (start one with `scorekeep new`)")
    try:
        return Session.open(str(file), wait=wait, waiting=lambda: sys.stderr.write(
            f"{clean(str(file))} is open in another `scorekeep play`, `add` or `serve`: waiting (Ctrl-C stops)\n"))
    except Locked:
        _fail(f"{file} is open in another `scorekeep play`, `add` or `serve`; finish there first (or add --wait)")
    except LockError as e:
        import errno

        _fail(f"{file}: {e.reason}; nothing written", WRITE_FAILED if e.errno in (errno.ENOSPC, errno.EDQUOT) else 2)
    except KeyboardInterrupt:
        _fail(f"{file}: stopped waiting; nothing written")
    except Unreadable as e:  # every slip of the file, one line each
        said((), e.errors[:-1])
        _fail(str(e.errors[-1]))
    except InputError as e:
        _fail(str(e))
    except OSError as e:
        _fail(f"{file}: cannot open ({e.strerror or e})")


_KEYS = ("bids", "tricks", "scores", "totals", "cards", "dealer", "trump", "bidding", "bid", "points",
         "out", "fouls", "ranks")


@app.command()
def add(
    file: Path = typer.Argument(..., metavar="FILE", help="The record to add to.", show_default=False),
    bids: Optional[str] = typer.Option(None, "--bids", help="Oh Hell bids: NAME=N,… or N,N,N,N in seat order."),
    tricks: Optional[str] = typer.Option(None, "--tricks", help="Oh Hell tricks taken, like --bids."),
    scores: Optional[str] = typer.Option(None, "--scores", help="This hand's scores as on the sheet."),
    totals: Optional[str] = typer.Option(None, "--totals", help="Running totals after this hand, as on the sheet."),
    cards: Optional[str] = typer.Option(None, "--cards", help="Oh Hell hand size."),
    dealer: Optional[str] = typer.Option(None, "--dealer", help="Who dealt (a name or its start)."),
    trump: Optional[str] = typer.Option(None, "--trump", help="Trump: a suit (Oh Hell) or a color (Rook)."),
    bidding: Optional[str] = typer.Option(None, "--bidding", help="Rook calls in turn: 70,75,pass,… or NAME=70,…"),
    bid: Optional[str] = typer.Option(None, "--bid", help="Rook winning bid: NAME=AMOUNT."),
    points: Optional[str] = typer.Option(None, "--points", help="Rook points captured: TEAM=N,… or N,N."),
    out: Optional[str] = typer.Option(None, "--out", help="Daifugō finishing order: NAME,NAME,…"),
    fouls: Optional[str] = typer.Option(None, "--fouls", help="Daifugō forbidden finishes: NAME,…"),
    ranks: Optional[str] = typer.Option(None, "--ranks", help="Daifugō final ranking, 大富豪 first."),
    anyway: bool = typer.Option(False, "--anyway", help="Write the entry even if it breaks a rule."),
    replace: bool = typer.Option(False, "--replace", help="Replace values the hand already holds (the old "
                                 "ones are kept in the record's `history`)."),
    wait: bool = typer.Option(False, "--wait", help="If the record is open in `play` or another `add`, wait for it."),
) -> None:
    """Add one entry to a record: fills the unfinished hand (game), else starts the next.

    The entry is judged by the checker first: if it breaks a rule it is refused with the
    ruling and nothing is written (exit 1), unless --anyway. A value the hand already holds
    is not written over (exit 2) unless --replace. Numbers per player are NAME=V,NAME=V
    (names from their first letters, any case) or a bare list in seat order.

    \b
    Examples (players as made by `scorekeep new --help`):
      scorekeep add friday.yaml --bids Ben=2,Chl=3 ; scorekeep add friday.yaml --bids Dee=1,An=3
      scorekeep add friday.yaml --tricks 3,3,3,1
      scorekeep add friday.yaml --cards 9 --trump h --bids 2,2,2,2 --tricks 2,3,2,2
      scorekeep add rook.yaml --bidding 70,75,pass,80,pass,pass --trump green --points 85,35
      scorekeep add rook.yaml --bid West=90 --trump r --points 60,60
      scorekeep add d.yaml --out 甲,乙,丙 --fouls 乙
    """
    given = {k: v for k, v in zip(_KEYS, (bids, tricks, scores, totals, cards, dealer, trump, bidding, bid,
                                          points, out, fouls, ranks)) if v is not None}
    if not given:
        _fail("nothing to add: give one or more of " + ", ".join("--" + k for k in _KEYS))
    session = open_session(file, wait)
    try:
        _judge_and_write(file, session, given, anyway, replace=replace)
    finally:
        session.close()


def _judge_and_write(file: Path, session: Any, given: dict[str, str], anyway: bool, tries: int = 3,
                     replace: bool = False) -> None:
    """Judge the entry; write it unless it breaks a rule (exit 1 either way when it does).
    Another program's save meanwhile is never written over: the entry is made again from the
    record as it is then, and judged again (`tries` times at most)."""
    from ..entry.session import Reloaded
    from ..errors import InputError
    from ..games import REGISTRY

    try:
        edits = REGISTRY.part(session.game.name, "entry").add_edits(session, given, replace)
        j = session.judge(edits)
    except InputError as e:
        _fail(f"{file}: {e.message}")
    except Exception as e:  # noqa: BLE001
        _internal(str(file), e)
    if j.error is not None:
        _fail(f"{j.error}\nnothing written")
    if j.new and not anyway:
        for f in j.new:
            sys.stderr.write(f"refused: {ruling(f)}\n")
        sys.stderr.write(f"nothing written to {file} (add --anyway to record it as it happened)\n")
        raise typer.Exit(1)
    try:
        session.commit(j)
    except Reloaded as e:
        if e.problem or tries <= 1:
            _fail(f"{file} was changed by another program while `add` worked"
                  f"{'; ' + e.problem if e.problem else ''}; nothing written")
        sys.stderr.write(f"{file} was changed by another program meanwhile: read again, the entry judged again\n")
        return _judge_and_write(file, session, given, anyway, tries - 1, replace)
    except OSError as e:
        write_failed(file, e, "; the file is as it was")
    for f in j.new:
        sys.stderr.write(f"recorded anyway: {ruling(f)}\n")
    sys.stdout.write(f"written to {file}\n")
    if j.new:
        raise typer.Exit(1)
