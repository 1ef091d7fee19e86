"""Writing a record never loses or corrupts data: temp file, then rename; no clobbering."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeep.atomic import write_atomically


def test_write_creates_the_file_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "game.yaml"
    write_atomically(str(target), "game: rook\n")
    assert target.read_text(encoding="utf-8") == "game: rook\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


def test_write_refuses_to_overwrite_unless_asked(tmp_path: Path) -> None:
    target = tmp_path / "game.yaml"
    target.write_text("precious\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        write_atomically(str(target), "new\n")
    assert target.read_text(encoding="utf-8") == "precious\n"
    write_atomically(str(target), "new\n", overwrite=True)
    assert target.read_text(encoding="utf-8") == "new\n"
    assert len(list(tmp_path.iterdir())) == 1


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    target = tmp_path / "game.yaml"
    target.write_text("precious\n", encoding="utf-8")

    def boom(*_a: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        write_atomically(str(target), "new\n", overwrite=True)
    assert target.read_text(encoding="utf-8") == "precious\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


# --- `demo -o` (issue 13, item 18) ---------------------------------------------------------

def test_demo_output_honours_the_umask(tmp_path: Path) -> None:
    import os

    from conftest import cli

    old = os.umask(0o022)
    try:
        assert cli("demo", "oh-hell", "-o", str(tmp_path / "a.yaml")).code == 0
        os.umask(0o077)
        assert cli("demo", "oh-hell", "-o", str(tmp_path / "b.yaml")).code == 0
    finally:
        os.umask(old)
    assert (tmp_path / "a.yaml").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "b.yaml").stat().st_mode & 0o777 == 0o600


def test_demo_refuses_a_fifo_even_with_force(tmp_path: Path) -> None:
    import os
    import stat

    from conftest import cli

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    run = cli("demo", "rook", "-o", str(fifo), "--force")
    assert run.code == 2 and "not a regular file" in run.err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.yaml"]


def test_demo_dash_is_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import cli

    monkeypatch.chdir(tmp_path)
    run = cli("demo", "daifugo", "-o", "-")
    assert run.code == 0 and run.out.startswith(("game:", "#"))
    assert list(tmp_path.iterdir()) == []


def test_write_without_hard_links_still_never_clobbers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A filesystem without hard links (os.link fails with EPERM): the file is still written,
    and an existing one still refused."""
    import errno
    import os

    def no_links(*_a: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "game.yaml"
    write_atomically(str(target), "one\n")
    assert target.read_text(encoding="utf-8") == "one\n"
    with pytest.raises(FileExistsError):
        write_atomically(str(target), "two\n")
    assert target.read_text(encoding="utf-8") == "one\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


def test_a_file_whose_owner_cannot_be_kept_is_still_written_with_its_mode(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Another user's file in a folder we may write: chown is refused, the save goes on."""
    import os

    def refused(*_a: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    target = tmp_path / "game.yaml"
    target.write_text("theirs\n", encoding="utf-8")
    os.chmod(target, 0o604)
    monkeypatch.setattr(os, "chown", refused, raising=False)
    write_atomically(str(target), "ours\n", overwrite=True)
    assert target.read_text(encoding="utf-8") == "ours\n"
    assert target.stat().st_mode & 0o777 == 0o604


def test_a_killed_write_leaves_the_old_file_and_the_next_write_removes_its_temp(tmp_path: Path) -> None:
    """kill -9 while the temp file is being written: the old file is whole, and the temp file
    the kill left goes with the next write to the folder."""
    import signal
    import subprocess
    import sys

    target = tmp_path / "g.yaml"
    target.write_text("old\n", encoding="utf-8")
    code = (
        "import os, scorekeep.atomic as a\n"
        "def slow(fd):\n"
        "    print('writing', flush=True); import time; time.sleep(30)\n"
        "os.fsync = slow\n"
        f"a.write_atomically({str(target)!r}, 'new\\n', overwrite=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "writing"
    proc.send_signal(signal.SIGKILL)
    assert proc.wait() == -signal.SIGKILL
    assert target.read_text(encoding="utf-8") == "old\n"
    assert len([p for p in tmp_path.iterdir() if p.name.startswith(".scorekeep-")]) == 1
    write_atomically(str(target), "newer\n", overwrite=True)
    assert [p.name for p in tmp_path.iterdir()] == ["g.yaml"]
    assert target.read_text(encoding="utf-8") == "newer\n"
