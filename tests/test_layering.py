"""Layering of the game packages (issue 9): where each rule id is judged, and what imports what.

A newcomer searches the code for a rule id and lands where it is judged: one module of the
game's package (the engine's filters and effects, or the driver for the few match-level rules).
Everything about a game lives in its package (issue 23): its explanations, statistics, sheet
layouts, live-entry questions and demo policy are parts the front ends find through the
registry, and no shared module is named after a game or branches on one.
"""

from __future__ import annotations

import ast
import functools
import importlib
from pathlib import Path

import pytest

from conftest import ROOT

GAMES = {"oh-hell": "oh_hell", "rook": "rook", "daifugo": "daifugo"}
JUDGES = {"violation", "event", "Filter", "Check", "_turn_check", "_combo_check", "Finding", "Ruling", "_f", "_v", "_e",
          "_turn_finding"}

# Rules that are never a finding: scoring is a pure function, and Rook's trick winner only
# explains, so no module reports them. (The Bird played any time is a permission: a check.)
NOT_FINDINGS = {"oh-hell.score", "rook.trick-winner"}

# The driver records what an engine function decided (`engine.deal_faults`, `blind_faults`,
# `set_order_fault`, `game_order_fault`: the deck and the match's order of sets and games, which
# no single game's position holds), placing it at the right line; it words nothing itself.
RECORDED_BY_THE_DRIVER = {"daifugo.deck": "engine.py", "daifugo.game-over": "engine.py"}


@functools.cache
def _tree(path: Path) -> ast.Module:
    """The module's syntax tree, parsed once for all the tests here (walking never changes it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _worded_by(path: Path, rule: str) -> list[int]:
    """Lines where `path` reports `rule` with a message it writes itself (a text or f-string)."""
    out = []
    for node in ast.walk(_tree(path)):
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
    for node in ast.walk(_tree(path)):
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
        tree = _tree(pkg / name)
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1}
        assert not imported & {"rules", "engine", "record"}, (game, name, imported)


# --- each game owns its code (issue 23): shared modules know no game by name ------------------

PARTS = {"sheet": ("layouts",), "stats": ("lines", "tables", "bars"),
         "explain": ("explain", "location_of"),
         "entry": ("ASK", "over_text", "reopen", "situation", "add_edits", "undo_edits", "LIST_KEY", "NO_FIRST_DEALER",
                   "teams_value", "KEY_WORDS"),
         "demo": ("game",)}


def _game_words() -> set[str]:
    """Every name a game goes by: the registry's names and aliases, and its package's name."""
    from scorekeep.games import REGISTRY

    words = {*REGISTRY.modules, *REGISTRY.aliases, *(m.rsplit(".", 1)[1] for m in REGISTRY.modules.values())}
    return {w.lower() for w in words} | {w.lower().replace("-", "_") for w in words}


def _shared_modules() -> list[Path]:
    """The package's modules outside the games' own packages (the registry aside)."""
    pkg = ROOT / "scorekeep"
    return [p for p in sorted(pkg.rglob("*.py"))
            if p.relative_to(pkg).parts[0] != "games" or p == pkg / "games" / "__init__.py"]


def test_no_module_outside_games_is_named_after_a_game() -> None:
    words = _game_words()
    for path in _shared_modules():
        for part in path.relative_to(ROOT / "scorekeep").with_suffix("").parts:
            assert not any(w in part.lower() for w in words), path  # `rook.py`, `oh_hell_view.py`


def test_every_function_fits_on_a_screen() -> None:
    """No function of the package is over 60 lines (a Typer command's options and help count)."""
    long = [f"{path.relative_to(ROOT)}:{n.lineno} {n.name} ({n.end_lineno - n.lineno + 1} lines)"
            for path in sorted((ROOT / "scorekeep").rglob("*.py")) for n in ast.walk(_tree(path))
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.end_lineno - n.lineno + 1 > 60]
    assert long == []


def _code_strings(tree: ast.AST) -> list[ast.Constant]:
    """The string literals of a module that are code, not docstrings."""
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs]


def test_shared_modules_do_not_branch_on_a_game() -> None:
    """No `if game == "rook"`, no table keyed by a game's name, no rule id of one game, no import
    of one game's package outside the games (the registry names them, once)."""
    words = _game_words()
    registry = ROOT / "scorekeep" / "games" / "__init__.py"
    packages = {f"games.{w}" for w in words}
    for path in _shared_modules():
        tree = _tree(path)
        if path != registry:
            for n in _code_strings(tree):
                text = n.value.lower()
                assert text not in words and text.split(".")[0] not in words, (path, n.lineno, n.value)
                assert not any(p in text for p in packages), (path, n.lineno, n.value)
        for n in ast.walk(tree):
            if isinstance(n, ast.Import | ast.ImportFrom):
                for module in [a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""]:
                    module = module.removeprefix("scorekeep.")
                    assert not any(module == p or module.startswith(p + ".") for p in packages), (path, n.lineno)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("part", sorted(PARTS))
def test_each_game_provides_the_parts_the_front_ends_call(game: str, part: str) -> None:
    from scorekeep.games import REGISTRY

    module = REGISTRY.part(game, part)
    assert module is not None and module.__name__ == f"scorekeep.games.{GAMES[game]}.{part}"
    assert all(hasattr(module, name) for name in PARTS[part]), [n for n in PARTS[part] if not hasattr(module, n)]


def test_the_registry_says_when_a_game_has_no_such_part() -> None:
    from scorekeep.games import REGISTRY

    assert REGISTRY.part("rook", "no_such_part") is None


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
        tree = _tree(path)
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "print":
                pytest.fail(f"{path} prints")
            if isinstance(n, ast.Import | ast.ImportFrom):
                names = [a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""]
                assert not any(x.split(".")[0] in ("typer", "tabulate", "click") for x in names), path


def _imported(path: Path, tree: ast.AST) -> list[tuple[int, str]]:
    """(line, absolute name) of every module an import of the module at `path` may load: for
    `from X import y` both X and X.y (y may be a module)."""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            out += [(n.lineno, a.name) for a in n.names]
        elif isinstance(n, ast.ImportFrom):
            base = package[:len(package) - n.level + 1] if n.level else []
            module = ".".join([*base, *([n.module] if n.module else [])])
            out += [(n.lineno, module), *((n.lineno, f"{module}.{a.name}") for a in n.names)]
    return out


def test_the_library_never_imports_the_cli() -> None:
    """The library (and the web front end) renders through `scorekeep.render`, never through
    `scorekeep.cli`: only the CLI itself and `python -m scorekeep` import it."""
    for path in (ROOT / "scorekeep").rglob("*.py"):
        rel = path.relative_to(ROOT / "scorekeep")
        if rel.parts[0] == "cli" or rel == Path("__main__.py"):
            continue
        for line, module in _imported(path, _tree(path)):
            assert not (module == "scorekeep.cli" or module.startswith("scorekeep.cli.")), f"{rel}:{line} imports {module}"


def test_the_cli_check_catches_a_relative_import() -> None:
    """The check above can fail: `from ..cli.html import esc` in scorekeep/web/ is caught."""
    tree = ast.parse("from ..cli.html import esc\nfrom .. import cli\nfrom . import sheet\n")
    got = {m for _line, m in _imported(ROOT / "scorekeep" / "web" / "x.py", tree)}
    assert {"scorekeep.cli.html", "scorekeep.cli", "scorekeep.web.sheet"} <= got
    assert {"scorekeep.cli.html.esc", "scorekeep.web"} <= got


WEB_STACK = {"starlette", "uvicorn", "jinja2", "markupsafe", "segno"}
"""`serve`'s dependencies: imported in `scorekeep/web/` and by `serve` alone, but for the templates
(Jinja2, MarkupSafe), which the HTML outputs share (`scorekeep/render/html.py`, loaded only by them)."""
TEMPLATES = {"jinja2", "markupsafe"}
HTML = ROOT / "scorekeep" / "render" / "html.py"


def test_the_package_imports_only_its_declared_dependencies() -> None:
    """A fresh `pip install .` has typer, PyYAML, ruamel.yaml, prompt_toolkit, and
    for `serve` (only there) Starlette, uvicorn and segno, and Jinja2 (with MarkupSafe) for the HTML
    pages; anything else (wcwidth, Pillow, pexpect, selenium: test-only) would fail at a user's table."""
    import sys

    allowed = ({"typer", "click", "yaml", "ruamel", "prompt_toolkit", "scorekeep"}
               | set(sys.stdlib_module_names))
    web = ROOT / "scorekeep" / "web"
    for path in (ROOT / "scorekeep").rglob("*.py"):
        ok = allowed | WEB_STACK if web in path.parents or path.name == "serve_cmd.py" else allowed
        ok = ok | TEMPLATES if path == HTML else ok
        for n in ast.walk(_tree(path)):
            if isinstance(n, ast.Import):
                tops = [a.name.split(".")[0] for a in n.names]
            elif isinstance(n, ast.ImportFrom) and n.level == 0 and n.module:
                tops = [n.module.split(".")[0]]
            else:
                continue
            assert set(tops) <= ok, (path, tops)


def test_only_serve_imports_the_web_front_end() -> None:
    """`scorekeep.web` is `serve`'s: no other module imports it (the other commands start as
    fast as before), and it imports no game's package (it asks the flows, as `play` does)."""
    for path in (ROOT / "scorekeep").rglob("*.py"):
        if ROOT / "scorekeep" / "web" in path.parents or path.name == "serve_cmd.py":
            continue
        stack = WEB_STACK - TEMPLATES if path == HTML else WEB_STACK
        for n in ast.walk(_tree(path)):
            if isinstance(n, ast.ImportFrom):
                module = ("." * n.level) + (n.module or "")
                assert "web" not in module.split(".") and module.lstrip(".").split(".")[0] not in stack, path
            elif isinstance(n, ast.Import):
                assert not any(a.name.split(".")[0] in stack or a.name.startswith("scorekeep.web")
                               for a in n.names), path


def test_every_folder_of_the_package_is_a_package() -> None:
    """setuptools ships only folders with an `__init__.py`: one without would work in an
    editable install and be missing from the wheel a user installs."""
    for folder in {p.parent for p in (ROOT / "scorekeep").rglob("*.py")}:
        assert (folder / "__init__.py").is_file(), folder
