"""Layering of the game packages (issue 9): where each rule id is judged, and what imports what.

A newcomer searches the code for a rule id and lands where it is judged: one module of the
game's package (the engine's filters and effects, or the driver for the few match-level rules).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from conftest import ROOT

GAMES = {"oh-hell": "oh_hell", "rook": "rook", "daifugo": "daifugo"}
JUDGES = {"violation", "event", "Filter", "Finding", "Ruling", "_f", "_v", "_e", "_turn_finding"}

# Rules that are never a finding: scoring is a pure function, and two Rook rules only explain
# (the Bird may be played any time; who won the trick), so no module reports them.
NOT_FINDINGS = {"oh-hell.score", "rook.bird-anytime", "rook.trick-winner"}

# The driver records what an engine function decided (`engine.deal_faults`, `blind_faults`,
# `set_order_fault`, `game_order_fault`: the deck and the match's order of sets and games, which
# no single game's position holds), placing it at the right line; it words nothing itself.
RECORDED_BY_THE_DRIVER = {"daifugo.deck": "engine.py", "daifugo.game-over": "engine.py"}


def _worded_by(path: Path, rule: str) -> list[int]:
    """Lines where `path` reports `rule` with a message it writes itself (a text or f-string)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in ("violation", "event") \
                and len(node.args) > 1 and isinstance(node.args[0], ast.Constant) and node.args[0].value == rule \
                and isinstance(node.args[1], (ast.JoinedStr, ast.Constant)):
            out.append(node.lineno)
    return out


@pytest.mark.parametrize("rule", sorted(RECORDED_BY_THE_DRIVER))
def test_a_rule_the_driver_records_is_decided_and_worded_by_the_engine(rule: str) -> None:
    rules_py = ROOT / "scorekeep" / "games" / "daifugo" / "rules.py"
    assert _worded_by(rules_py, rule) == [], f"rules.py words {rule} itself: the engine should decide it"


def _judged(path: Path, prefix: str) -> set[str]:
    """Rule ids a module reports: the literal first argument of a finding, filter or ruling."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in JUDGES and node.args and isinstance(node.args[0], ast.Constant):
                value = node.args[0].value
                if isinstance(value, str) and value.startswith(prefix):
                    out.add(value)
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_rule_id_is_judged_in_one_module(game: str) -> None:
    pkg = ROOT / "scorekeep" / "games" / GAMES[game]
    rules = importlib.import_module(f"scorekeep.games.{GAMES[game]}.rulebook").RULES
    where: dict[str, set[str]] = {}
    for path in sorted(pkg.glob("*.py")):
        if path.name in ("rulebook.py", "options.py"):  # texts and option declarations judge nothing
            continue
        for rule in _judged(path, f"{game}."):
            where.setdefault(rule, set()).add(path.name)
    assert set(where) <= {r.id for r in rules}, "a reported id the rulebook does not document"
    for r in rules:
        places = where.get(r.id, set())
        if r.id in NOT_FINDINGS:
            assert not places, (r.id, places)
        elif r.id in RECORDED_BY_THE_DRIVER:
            assert RECORDED_BY_THE_DRIVER[r.id] in places and places <= {"engine.py", "rules.py"}, (r.id, places)
        else:
            assert len(places) == 1, (r.id, places)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_scoring_depends_on_the_model_alone(game: str) -> None:
    """score.py and model.py import neither the engine, the driver nor the record reader."""
    pkg = ROOT / "scorekeep" / "games" / GAMES[game]
    for name in ("model.py", "score.py"):
        tree = ast.parse((pkg / name).read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1}
        assert not imported & {"rules", "engine", "record"}, (game, name, imported)


def test_the_shipped_package_holds_no_second_reading() -> None:
    """The independent reading and the fault injectors live with the tests (tests/oracle,
    tests/faults): nothing in the package injects faults."""
    for path in (ROOT / "scorekeep").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "def inject" not in text and "FAULT_RULES" not in text, path


def test_the_library_never_prints_nor_imports_the_cli_stack() -> None:
    for path in (ROOT / "scorekeep").rglob("*.py"):
        if "cli" in path.relative_to(ROOT / "scorekeep").parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "print":
                pytest.fail(f"{path} prints")
            if isinstance(n, ast.Import | ast.ImportFrom):
                names = [a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""]
                assert not any(x.split(".")[0] in ("typer", "tabulate", "click") for x in names), path


def test_the_package_imports_only_its_declared_dependencies() -> None:
    """A fresh `pip install .` has typer, PyYAML, ruamel.yaml and prompt_toolkit; anything else
    (wcwidth, Pillow, pexpect: test-only) would fail at a user's table."""
    import sys

    allowed = {"typer", "click", "yaml", "ruamel", "prompt_toolkit", "scorekeep"} | set(sys.stdlib_module_names)
    for path in (ROOT / "scorekeep").rglob("*.py"):
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Import):
                tops = [a.name.split(".")[0] for a in n.names]
            elif isinstance(n, ast.ImportFrom) and n.level == 0 and n.module:
                tops = [n.module.split(".")[0]]
            else:
                continue
            assert set(tops) <= allowed, (path, tops)
