"""Start-up (issue 13 item 21): each command imports only what it needs, and nothing is
collected while it starts.

Wall time on a shared CI machine is too noisy to test; what a command imports is not. Each
test runs the command as the console script does, in a fresh interpreter, and reads
`sys.modules` (and the collector's passes) at the end.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES


_PROBE = """
import gc, sys
passes = []
gc.callbacks.append(lambda phase, info: passes.append(info["generation"]) if phase == "start" else None)
sys.argv = ["scorekeep", *sys.argv[1:]]
from scorekeep.cli import main
before = len(passes)  # importing the package itself (compiled from source where no bytecode is) comes first
try:
    main()
except SystemExit:
    pass
sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)) + "\\nPASSES " + " ".join(map(str, passes[before:])) + "\\n")
"""


def _run(*args: str, cwd: Path | None = None) -> tuple[set[str], list[int]]:
    """The modules a command has imported when it ends, and the collector's passes (by
    generation) while `main` ran."""
    r = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True,
                       cwd=cwd or ROOT, timeout=120)
    lines = r.stderr.splitlines()
    assert lines[-2].startswith("MODULES "), r.stderr
    return set(lines[-2].split()[1:]), [int(g) for g in lines[-1].split()[1:]]


# Costly imports no reading command needs: json (~2 ms: only --format json), secrets (hmac and
# OpenSSL, ~10 ms), the round-trip YAML and the line editor (`play`), and the test-only packages.
HEAVY = {"json", "secrets", "hashlib", "hmac", "ruamel", "ruamel.yaml", "prompt_toolkit",
         "tabulate", "wcwidth", "rich", "pydantic", "csv", "multiprocessing",
         "starlette", "uvicorn", "jinja2", "segno", "scorekeep.web"}  # (`serve`'s, and only its)
COMMAND_MODULES = {f"scorekeep.cli.{c}_cmd" for c in
                   ("check", "score", "replay", "why", "stats", "rules", "demo", "new", "play", "add")}
GAMES = {"oh-hell": "scorekeep.games.oh_hell", "rook": "scorekeep.games.rook", "daifugo": "scorekeep.games.daifugo"}
SAMPLE = {"oh-hell": "oh-hell-seed-example.yaml", "rook": "rook-seed-example.yaml",
          "daifugo": "daifugo-seed-example.yaml"}


def _others(game: str) -> set[str]:
    return {m for g, m in GAMES.items() if g != game}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_check_imports_its_own_command_and_game_only(game: str) -> None:
    mods, _ = _run("check", str(SAMPLES / SAMPLE[game]))
    assert GAMES[game] in mods
    assert not mods & HEAVY, mods & HEAVY
    assert mods & COMMAND_MODULES == {"scorekeep.cli.check_cmd"}
    assert not {m for m in mods if m.startswith(tuple(_others(game)))}, "another game's package"
    assert not mods & {"scorekeep.whatif", "scorekeep.why", "scorekeep.lookup", "scorekeep.stats",
                       "scorekeep.entry", "scorekeep.render.html", "scorekeep.generate"}


def test_score_text_imports_no_json_html_or_what_if() -> None:
    mods, _ = _run("score", str(SAMPLES / SAMPLE["oh-hell"]))
    assert not mods & HEAVY, mods & HEAVY
    assert not mods & {"scorekeep.whatif", "scorekeep.render.html", "scorekeep.cli.whatif_view"}


@pytest.mark.parametrize("args", [("replay", str(SAMPLES / SAMPLE["rook"])), ("rules", "hook"),
                                  ("why", str(ROOT / "tests/records/oh-hell/hook-forbidden.yaml"),
                                   "--hand", "1", "--bid", "4")])
def test_other_reading_commands_import_nothing_heavy(args: tuple[str, ...]) -> None:
    mods, _ = _run(*args)
    assert not mods & HEAVY, mods & HEAVY
    assert mods & COMMAND_MODULES == {f"scorekeep.cli.{args[0]}_cmd"}


@pytest.mark.parametrize("args", [("--help",), ("add", "--help"), ("play", "--help"), ("check", "--help")])
def test_help_reads_no_record_machinery(args: tuple[str, ...]) -> None:
    """Help needs the commands' signatures, not YAML, a game or the entry machinery."""
    mods, _ = _run(*args)
    assert not mods & (HEAVY | {"yaml", "scorekeep.yamlio", "scorekeep.entry", "scorekeep.api"})
    assert not {m for m in mods if m.startswith("scorekeep.games")}


def test_add_writes_without_json_secrets_or_the_round_trip(tmp_path: Path) -> None:
    rec = tmp_path / "game.yaml"
    shutil.copy(SAMPLES / "oh-hell-full-game.yaml", rec)
    text = rec.read_text(encoding="utf-8")
    rec.write_text(text[:text.rindex("  - cards:")], encoding="utf-8")  # the 19th hand left to add
    mods, _ = _run("add", str(rec), "--cards", "10", "--dealer", "Chloé", "--trump", "clubs",
                   "--bids", "Dev=2,Ana=1,Ben=3,Chloé=5", "--tricks", "Ana=1,Ben=2,Chloé=5,Dev=2",
                   "--scores", "Ana=11,Ben=0,Chloé=15,Dev=12", cwd=tmp_path)
    cut = text.rindex("  - cards:")
    assert rec.read_text(encoding="utf-8") == text[:cut] + text[cut:].replace("    turn_up: 8C\n", ""), \
        "the hand was not added as written"
    # the lock is the system's own (flock; a byte lock on Windows), taken without a library:
    # `filelock` cost `add` 20 ms of start-up and brought secrets and hashlib
    assert not mods & HEAVY, mods & HEAVY
    assert "filelock" not in mods
    assert not mods & {"scorekeep.cli.play_cmd", "scorekeep.render.text"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_demo_imports_its_own_game_and_nothing_heavy(game: str, tmp_path: Path) -> None:
    """A demo is generated and written; nothing reads, judges or serialises JSON, and no other
    game is loaded."""
    out = tmp_path / "demo.yaml"
    mods, _ = _run("demo", game, "-o", str(out), cwd=tmp_path)
    assert out.exists()
    assert GAMES[game] in mods and f"{GAMES[game]}.demo" in mods
    assert not mods & HEAVY, mods & HEAVY
    assert mods & COMMAND_MODULES == {"scorekeep.cli.demo_cmd"}
    assert not {m for m in mods if m.startswith(tuple(_others(game)))}, "another game's package"
    assert not {m for m in mods if m.startswith(("scorekeep.generate.", "scorekeep.entry"))
                or m.endswith((".entry", ".explain", ".stats", ".sheet"))}, "the game's other parts"
    assert not mods & {"scorekeep.api", "scorekeep.whatif", "scorekeep.render.text", "scorekeep.stats"}
    # the checker's driver waits for GAME (the package's `__getattr__`): a demo is played on the engine
    assert f"{GAMES[game]}.rules" not in mods
    if game == "daifugo":  # the engine only: the game's reader, replay and score sheet wait for GAME
        assert not mods & {"scorekeep.games.daifugo.record", "scorekeep.games.daifugo.rules",
                           "scorekeep.games.daifugo.score"}


def test_demo_printed_imports_no_file_writer() -> None:
    mods, _ = _run("demo", "daifugo")
    assert "scorekeep.atomic" not in mods


@pytest.mark.parametrize("args", [("--help",), ("check", str(SAMPLES / SAMPLE["rook"]))])
def test_no_collection_pass_while_starting(args: tuple[str, ...]) -> None:
    """Importing makes only long-lived objects: `main` raises the collector's threshold before
    the command's imports, so none of them, nor checking a small record, runs a pass."""
    _, passes = _run(*args)
    assert passes == []

def test_exit_leaves_the_command_objects_out_of_the_last_collections() -> None:
    """`main` freezes what the command made before the process ends: the interpreter's exit
    collects over every object, which for a command's took 12-17 ms of a demo's ~100."""
    code = ("import gc, sys\nsys.argv = ['scorekeep', 'rules', 'hook']\nfrom scorekeep.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\nprint('FROZEN', gc.get_freeze_count())\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    frozen = int(r.stdout.rsplit("FROZEN ", 1)[1])
    assert frozen > 10_000, frozen  # Typer's and the command's objects, not a handful
