"""The README stays true: every rule id and every command is documented there."""

from __future__ import annotations

import pytest

from conftest import ROOT
from scorekeep.games import REGISTRY

README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", REGISTRY.names())
def test_readme_lists_every_rule_id(game: str) -> None:
    missing = [r.id for r in REGISTRY.get(game).RULES if f"`{r.id}`" not in README]
    assert missing == []


@pytest.mark.parametrize("command", ["check", "score", "replay", "rules", "demo", "stats"])
def test_readme_tours_every_command(command: str) -> None:
    assert f"`scorekeep {command}" in README


def test_quick_start_has_the_two_commands() -> None:
    start = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [ln for ln in start.splitlines() if "pip install" in ln]
    assert len(commands) == 2
    assert "scorekeep score samples/" in commands[0] and "python -m pytest" in commands[1]
