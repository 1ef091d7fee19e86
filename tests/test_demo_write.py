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
