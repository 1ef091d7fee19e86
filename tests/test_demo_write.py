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

    import scorekeep.atomic as atomic

    def no_links(*_a: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "game.yaml"
    write_atomically(str(target), "one\n")
    assert target.read_text(encoding="utf-8") == "one\n"
    with pytest.raises(FileExistsError):
        write_atomically(str(target), "two\n")
    assert target.read_text(encoding="utf-8") == "one\n"
    monkeypatch.setattr(atomic, "_renameat2", lambda *_a: False)  # nor renameat2: claim with O_EXCL
    other = tmp_path / "other.yaml"
    write_atomically(str(other), "three\n")
    assert other.read_text(encoding="utf-8") == "three\n"
    with pytest.raises(FileExistsError):
        write_atomically(str(other), "four\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml", "other.yaml"]


def test_a_terminated_write_leaves_no_temp_file(tmp_path: Path) -> None:
    """SIGTERM while the temp file is being written: the handler removes it, then the process
    dies of the signal as usual."""
    import signal
    import subprocess
    import sys

    code = (
        "import os, scorekeep.atomic as a\n"
        "real = os.fsync\n"
        "def slow(fd):\n"
        "    print('writing', flush=True); import time; time.sleep(30)\n"
        "os.fsync = slow\n"
        f"a.write_atomically({str(tmp_path / 'g.yaml')!r}, 'x\\n')\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "writing"
    assert any(p.name.startswith(".scorekeep-") for p in tmp_path.iterdir())
    proc.send_signal(signal.SIGTERM)
    assert proc.wait() == -signal.SIGTERM
    assert list(tmp_path.iterdir()) == []
