"""The README stays true: every rule id and every command is documented there."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

from conftest import ROOT
from scorekeep.games import REGISTRY

README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", REGISTRY.names())
def test_readme_lists_every_rule_id(game: str) -> None:
    missing = [r.id for r in REGISTRY.part(game, "rulebook").RULES if f"`{r.id}`" not in README]
    assert missing == []


@pytest.mark.parametrize("command", ["check", "score", "replay", "rules", "demo", "stats"])
def test_readme_tours_every_command(command: str) -> None:
    assert f"`scorekeep {command}" in README


def test_quick_start_has_the_two_commands() -> None:
    start = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [ln for ln in start.splitlines() if "pip install" in ln]
    assert len(commands) == 2
    assert "scorekeep score samples/" in commands[0] and "python -m pytest" in commands[1]


def _judging_tables() -> dict[str, list[tuple[str, str]]]:
    """Each game's README table of rule ids and the code that judges them: (ids cell, judged-by cell)."""
    rows: dict[str, list[tuple[str, str]]] = {}
    for line in README.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        ids = re.findall(r"`([a-z-]+)\.[a-z0-9-]+`", cells[0]) if line.startswith("|") else []
        if ids and len(cells) >= 2:
            rows.setdefault(ids[0], []).append((cells[0], " ".join(cells[1:])))
    return rows


def _resolves(package: str, dotted: str) -> bool:
    """Whether `dotted` names something in the game's package: `module.attr…`, or an attribute
    of any of its modules (the tables write engine names bare)."""
    head, _, rest = dotted.partition(".")
    modules = [m.name for m in pkgutil.iter_modules(importlib.import_module(package).__path__)]
    if head in modules:
        return _chain(importlib.import_module(f"{package}.{head}"), rest) if rest else True
    return any(_chain(importlib.import_module(f"{package}.{m}"), dotted) for m in modules)


def _chain(obj: object, dotted: str) -> bool:
    for part in dotted.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


@pytest.mark.parametrize("game", REGISTRY.names())
def test_readme_names_code_that_exists_for_each_rule(game: str) -> None:
    """Every function the README says judges a rule is there (a refactor that renames it must
    move the README with it), and every rule id of the game has a row."""
    rows = _judging_tables()[game]
    package = f"scorekeep.games.{game.replace('-', '_')}"
    names = [n for _, cell in rows for n in re.findall(r"`([A-Za-z_][\w.]*)`", cell)]
    assert names, "the README has no judging table for this game"
    assert [n for n in names if not _resolves(package, n)] == []
    listed = " ".join(ids for ids, _ in rows)
    assert [r.id for r in REGISTRY.part(game, "rulebook").RULES if f"`{r.id}`" not in listed] == []
