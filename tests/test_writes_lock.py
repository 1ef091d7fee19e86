"""The lock beside a record cannot be turned against a file, and a save never writes over
another program's: a lock path that is a link or has other names is refused, a read-only
folder and a full disk at lock time are told as such (exit 2, 4) and leave no lock file,
a locked record can be waited for (`--wait`), and a file saved by an editor while `play`
had it open is read again, never overwritten."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import cli

from scorekeep.entry import session as session_mod
from scorekeep.entry.session import FileLock, LockError, Reloaded, Session


def _record(tmp_path: Path) -> Path:
    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee").code == 0
    return path


def _lock_of(path: Path) -> Path:
    return path.parent / f".{path.name}.lock"


def test_a_lock_path_that_is_a_symlink_is_not_followed(tmp_path: Path) -> None:
    path = _record(tmp_path)
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    _lock_of(path).symlink_to(victim)
    r = cli("add", str(path), "--cards", "10")
    assert r.code == 2 and "symbolic link" in r.err, r.err
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    dangling = tmp_path / "nowhere.txt"
    _lock_of(path).unlink()
    _lock_of(path).symlink_to(dangling)
    assert cli("add", str(path), "--cards", "10").code == 2
    assert not dangling.exists(), "the lock was created through the link"


def test_a_lock_path_with_another_name_is_not_written(tmp_path: Path) -> None:
    path = _record(tmp_path)
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    os.link(victim, _lock_of(path))
    r = cli("add", str(path), "--cards", "10")
    assert r.code == 2 and "not a plain file of its own" in r.err, r.err
    assert victim.read_text(encoding="utf-8") == "keep me\n"


def _fail_on(monkeypatch: pytest.MonkeyPatch, name: str, code: int, lock: Path) -> None:
    """Make `os.<name>` fail with `code` for the lock file only (injected: the tests run as
    root, to whom no folder is read-only)."""
    real = getattr(os, name)

    def failing(target, *args, **kw):  # type: ignore[no-untyped-def]
        where = target if isinstance(target, str) else os.readlink(f"/proc/self/fd/{target}")
        if where == str(lock):
            raise OSError(code, os.strerror(code), where)
        return real(target, *args, **kw)

    monkeypatch.setattr(session_mod.os, name, failing)


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="the injection names descriptors through /proc")
@pytest.mark.parametrize("name, code, exit_code, words", [
    ("open", errno.EACCES, 2, "is read-only for you"),
    ("open", errno.EROFS, 2, "is read-only for you"),
    ("open", errno.ENOSPC, 4, "is full"),
    ("write", errno.ENOSPC, 4, "is full"),
    ("write", errno.EDQUOT, 4, "is full"),
])
def test_a_lock_that_cannot_be_made_is_told_and_leaves_no_lock_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, code: int, exit_code: int, words: str) -> None:
    path = _record(tmp_path)
    before = path.read_bytes()
    _fail_on(monkeypatch, name, code, _lock_of(path))
    r = cli("add", str(path), "--cards", "10")
    assert r.code == exit_code, r.err
    assert words in r.err and "nothing written" in r.err and "Traceback" not in r.err, r.err
    assert len(r.err.strip().splitlines()) == 1
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"], "a lock file was left"


def test_a_lock_file_not_ours_to_write_is_told_as_such(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _record(tmp_path)
    _lock_of(path).write_text("4242\n", encoding="utf-8")  # another user's, left behind
    real = os.open

    def refused(target, flags, *args):  # type: ignore[no-untyped-def]
        if target == str(_lock_of(path)) and not flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied", target)
        return real(target, flags, *args)

    monkeypatch.setattr(session_mod.os, "open", refused)
    r = cli("add", str(path), "--cards", "10")
    assert r.code == 2 and "not yours to write" in r.err and "read-only" not in r.err, r.err
    assert _lock_of(path).read_text(encoding="utf-8") == "4242\n"


def test_a_released_lock_leaves_no_file_and_holds_the_process_id(tmp_path: Path) -> None:
    path = _record(tmp_path)
    lock = FileLock(str(path))
    lock.acquire()
    assert _lock_of(path).read_text() == f"{os.getpid()}\n"
    with pytest.raises(session_mod.Locked):
        FileLock(str(path)).acquire()
    assert session_mod.held_elsewhere(str(path))
    lock.release()
    assert not _lock_of(path).exists()
    assert not session_mod.held_elsewhere(str(path))


def _holder(path: Path) -> subprocess.Popen[str]:
    holder = subprocess.Popen([sys.executable, "-c", "import time; from scorekeep.entry.session import Session; "
                               f"s = Session.open({str(path)!r}); print('held', flush=True); time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def test_a_locked_record_can_be_waited_for(tmp_path: Path) -> None:
    path = _record(tmp_path)
    holder = _holder(path)
    try:
        r = cli("add", str(path), "--cards", "10")
        assert r.code == 2 and "--wait" in r.err
        waiter = subprocess.Popen([sys.executable, "-c", "from scorekeep.cli import main; main()", "add", str(path),
                                   "--cards", "10", "--wait"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True)
        assert waiter.stderr is not None and "waiting (Ctrl-C stops)" in waiter.stderr.readline()
        assert waiter.poll() is None
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    out, _ = waiter.communicate(timeout=60)
    assert waiter.returncode == 0 and "written to" in out
    assert "cards: 10" in path.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]


def test_play_waits_too() -> None:
    r = cli("play", "--help")
    assert "--wait" in r.out


# --- another program's save --------------------------------------------------------------

EDITED = "game: oh-hell\nplayers: [Ana, Ben, Chloé, Dee]\nhands:\n  - cards: 10  # typed in an editor\n    bids: {Ben: 2}\n"
HAND = {"cards": 10, "dealer": "Ana", "bids": None}


def test_an_editors_save_is_never_overwritten(tmp_path: Path) -> None:
    from scorekeep.entry.edits import Append, SetKey

    path = _record(tmp_path)
    with Session.open(str(path)) as s:
        j = s.judge([Append(("hands",), HAND)])
        assert j.ok
        path.write_text(EDITED, encoding="utf-8")  # the editor saves between two prompts
        with pytest.raises(Reloaded) as e:
            s.commit(j)
        assert path.read_text(encoding="utf-8") == EDITED, "the editor's save was written over"
        assert s.text == EDITED and s.undo_stack == []
        assert e.value.again is not None and e.value.problem == ""
        # the same entry judged against the record as it is now: a second hand 1 of 10 cards
        assert e.value.again.text is not None and e.value.again.text.count("cards: 10") == 2
        # from then on the session works on the editor's record
        s.commit(s.judge([SetKey(("hands", 0, "bids"), "Chloé", 1)]))
        assert path.read_text(encoding="utf-8") == EDITED.replace("{Ben: 2}", "{Ben: 2, Chloé: 1}")


def test_an_editor_that_replaces_the_file_with_the_same_bytes_is_noticed(tmp_path: Path) -> None:
    from scorekeep.entry.edits import Append

    path = _record(tmp_path)
    with Session.open(str(path)) as s:
        text = path.read_bytes()
        path.unlink()
        path.write_bytes(text)  # same bytes, another file (an editor's save by rename)
        os.utime(path, ns=(1, 1))
        with pytest.raises(Reloaded):
            s.commit(s.judge([Append(("hands",), HAND)]))
        assert path.read_bytes() == text


def test_a_removed_record_is_not_written_again(tmp_path: Path) -> None:
    from scorekeep.entry.edits import Append

    path = _record(tmp_path)
    with Session.open(str(path)) as s:
        path.unlink()
        with pytest.raises(Reloaded) as e:
            s.commit(s.judge([Append(("hands",), HAND)]))
        assert "removed" in e.value.problem and not path.exists()


def test_add_makes_its_entry_again_on_the_record_as_it_is_now(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`add` reads the record, another program saves it before the rename: the entry is made
    again from that save and written on top of it, not over it."""
    from scorekeep import atomic

    path = _record(tmp_path)
    assert cli("add", str(path), "--cards", "10", "--dealer", "Ana", "--bids", "Ben=2").code == 0
    edited = "# the editor's comment\n" + path.read_text(encoding="utf-8")
    real = atomic.snapshot
    calls = []

    def editor_saves_first(p: str):  # type: ignore[no-untyped-def]
        calls.append(p)
        if len(calls) == 2:  # the first is `add` reading the record, the second the check before the rename
            path.write_text(edited, encoding="utf-8")
        return real(p)

    monkeypatch.setattr(atomic, "snapshot", editor_saves_first)
    r = cli("add", str(path), "--bids", "Chl=1")
    assert r.code == 0 and "changed by another program" in r.err, r.err
    text = path.read_text(encoding="utf-8")
    assert text == edited.replace("{Ben: 2}", "{Ben: 2, Chloé: 1}"), text


def test_a_save_keeps_the_files_byte_order_mark_and_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    body = "game: oh-hell\r\nplayers: [Ana, Ben, Chloé, Dee]\r\n"
    for data in (b"\xef\xbb\xbf" + body.encode(), b"\xff\xfe" + body.encode("utf-16-le")):
        path.write_bytes(data)
        assert cli("add", str(path), "--cards", "10").code == 0
        out = path.read_bytes()
        assert out.startswith(data) and len(out) > len(data)
        text = out.decode("utf-16" if data.startswith(b"\xff\xfe") else "utf-8-sig")
        assert "\n" not in text.replace("\r\n", ""), "a line end changed"


def test_a_lock_error_is_an_os_error_with_its_reason() -> None:
    e = LockError(errno.ENOSPC, "the disk is full", "x")
    assert isinstance(e, OSError) and e.errno == errno.ENOSPC and e.reason == "the disk is full"


def test_play_reads_an_editors_save_again_and_never_writes_over_it(tmp_path: Path) -> None:
    """Through a pipe: a hand is started, an editor saves the record between two prompts,
    the bid typed next is not written over that save; typed again, it is written on it."""
    import time

    path = tmp_path / "g.yaml"
    assert cli("new", "oh-hell", str(path), "--players", "Ana,Ben,Chloé,Dee", "--first-dealer", "Ana").code == 0
    play = subprocess.Popen([sys.executable, "-c", "from scorekeep.cli import main; main()", "play", str(path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert play.stdin is not None
    play.stdin.write("\n\n\n")  # hand 1: the size, dealer and trump offered
    play.stdin.flush()
    for _ in range(600):
        if "bids:" in path.read_text(encoding="utf-8"):
            break
        time.sleep(0.05)
    edited = path.read_text(encoding="utf-8").replace("first_dealer: Ana\n", "first_dealer: Ana\nplace: the club\n")
    path.write_text(edited, encoding="utf-8")
    out, _ = play.communicate("2\n2\nquit\n", timeout=60)
    assert "changed by another program: read again; nothing written" in out, out
    assert "enter it again: it is legal against the new record" in out
    text = path.read_text(encoding="utf-8")
    assert text.startswith(edited.rstrip("\n")) and "place: the club" in text and "Ben: 2" in text, text


def test_a_save_keeps_the_files_owner_and_group(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    path = _record(tmp_path)
    os.chown(path, 1234, 5678)
    assert cli("add", str(path), "--cards", "10").code == 0
    st = path.stat()
    assert (st.st_uid, st.st_gid) == (1234, 5678)


def test_a_program_that_ends_without_closing_leaves_no_lock_file(tmp_path: Path) -> None:
    path = _record(tmp_path)
    subprocess.run([sys.executable, "-c", f"from scorekeep.entry.session import Session; Session.open({str(path)!r})"],
                   check=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_play_ended_by_a_closed_terminal_or_a_kill_leaves_no_lock_file(tmp_path: Path, sig: int) -> None:
    import time

    path = _record(tmp_path)
    play = subprocess.Popen([sys.executable, "-c", "from scorekeep.cli import main; main()", "play", str(path)],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):  # until it holds the record
        if _lock_of(path).exists() and _lock_of(path).read_text():
            break
        time.sleep(0.05)
    play.send_signal(sig)
    assert play.wait(timeout=60) == 128 + sig
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]
