"""Start-up (issue 13 item 21): each command imports only what it needs, and nothing is
collected while it starts.

Wall time on a shared CI machine is too noisy to test; what a command imports is not. Each
test runs the command as the console script does, in a fresh interpreter, and reads
`sys.modules` (and the collector's passes) at the end.
"""

from __future__ import annotations

import pickle
import shutil
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES

from scorekeep.named import NamedTuple

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


# Costly imports no reading command needs: dataclasses (~1 ms, and each class ~1.5 ms),
# json (~2 ms: only --format json), secrets (hmac and OpenSSL, ~10 ms), the round-trip YAML
# and the line editor (`play`), and the test-only packages.
HEAVY = {"dataclasses", "json", "secrets", "hashlib", "hmac", "ruamel", "ruamel.yaml", "prompt_toolkit",
         "tabulate", "wcwidth", "rich", "pydantic", "csv", "multiprocessing"}
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
                       "scorekeep.entry", "scorekeep.cli.html", "scorekeep.generate"}


def test_score_text_imports_no_json_html_or_what_if() -> None:
    mods, _ = _run("score", str(SAMPLES / SAMPLE["oh-hell"]))
    assert not mods & HEAVY, mods & HEAVY
    assert not mods & {"scorekeep.whatif", "scorekeep.cli.html", "scorekeep.cli.whatif_view"}


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
    assert not mods & HEAVY, mods & HEAVY
    assert not mods & {"scorekeep.cli.play_cmd", "scorekeep.cli.render"}


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
    assert not mods & {"scorekeep.api", "scorekeep.whatif", "scorekeep.cli.render", "scorekeep.stats"}
    if game == "daifugo":  # the engine only: the game's reader, replay and score sheet wait for GAME
        assert not mods & {"scorekeep.games.daifugo.record", "scorekeep.games.daifugo.rules",
                           "scorekeep.games.daifugo.score"}


def test_demo_printed_imports_no_file_writer() -> None:
    mods, _ = _run("demo", "daifugo")
    assert "scorekeep.atomic" not in mods


@pytest.mark.parametrize("args", [("--help",), ("check", str(SAMPLES / SAMPLE["rook"]))])
def test_no_collection_pass_while_starting(args: tuple[str, ...]) -> None:
    """Importing makes only long-lived objects: `main` turns the collector off until the
    command runs (a small record is then checked without a pass too)."""
    _, passes = _run(*args)
    assert passes == []


# --- scorekeep.named.NamedTuple makes the classes typing.NamedTuple makes ------------------

def _make(base: typing.Any) -> typing.Any:
    class Hand(base):
        """A hand."""

        dealer: str
        bids: tuple[int, ...]
        line: int = 0
        """where"""
        notes: tuple[str, ...] = ()

        def first(self) -> int:
            return self.bids[0]

        @property
        def total(self) -> int:
            return sum(self.bids)

        SIZE = 4

    return Hand


def test_named_tuple_is_typing_named_tuple_for_less() -> None:
    T, N = _make(typing.NamedTuple), _make(NamedTuple)
    t, n = T("Ana", (3, 1)), N("Ana", (3, 1))
    assert (repr(t), tuple(t), hash(t)) == (repr(n), tuple(n), hash(n))
    assert (T._fields, T._field_defaults, T.__doc__, T.__qualname__, T.__module__, T.__match_args__) == \
        (N._fields, N._field_defaults, N.__doc__, N.__qualname__, N.__module__, N.__match_args__)
    assert N.__mro__[1:] == (tuple, object)
    assert n._replace(line=3) == ("Ana", (3, 1), 3, ())
    assert n._asdict() == t._asdict() and N._make(["B", (2,), 1, ()]) == T._make(["B", (2,), 1, ()])
    assert (n.first(), n.total, N.SIZE) == (3, 4, 4)
    assert N.__annotations__ == {"dealer": "str", "bids": "tuple[int, ...]", "line": "int",
                                 "notes": "tuple[str, ...]"}


class _Pickled(NamedTuple):
    a: int
    b: str = "x"


def test_named_tuple_pickles_and_refuses_what_typing_refuses() -> None:
    assert pickle.loads(pickle.dumps(_Pickled(1))) == _Pickled(1, "x")
    with pytest.raises(TypeError):
        class _Bad(NamedTuple):
            a: int = 1
            b: int
    with pytest.raises(AttributeError):
        class _Worse(NamedTuple):
            a: int

            def _replace(self) -> None: ...


def test_a_command_leaves_everything_frozen_for_the_interpreters_teardown() -> None:
    # Reading a record gives back what it froze (scorekeep.gc_policy); the teardown's last
    # collection would then walk every object: a quarter of checking a small file. main()
    # freezes what is alive before it returns.
    probe = ("import atexit, gc, sys\n"
             "atexit.register(lambda: sys.stderr.write(f'\\nFROZEN {gc.get_freeze_count()}\\n'))\n"
             "sys.argv = ['scorekeep', *sys.argv[1:]]\n"
             "from scorekeep.cli import main\n"
             "main()\n")
    record = sorted((SAMPLES).glob("*.yaml"))[0]
    r = subprocess.run([sys.executable, "-c", probe, "check", str(record)], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    frozen = int(r.stderr.split("FROZEN ")[-1].split()[0])
    assert frozen > 10_000, r.stderr  # the modules and what the command made


@pytest.mark.parametrize("args, compiled", [(("demo", "daifugo", "--seed", "1"), False), (("rules", "rook"), False),
                                            (("check", str(SAMPLES / SAMPLE["rook"])), True)])
def test_the_reader_s_patterns_are_compiled_only_to_read_a_record(args: tuple[str, ...], compiled: bool) -> None:
    """The YAML reader's fifteen patterns (about 6 ms) are compiled when a record is first read, not
    at import: `demo` and `rules` read none."""
    probe = _PROBE.replace('sys.stderr.write("\\nMODULES "',
                           'y = sys.modules.get("scorekeep.yamlio"); '
                           'sys.stderr.write("\\nCOMPILED " + str(bool(y and y._P is not None)) + "\\nMODULES "')
    assert probe != _PROBE
    r = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=ROOT, timeout=120)
    line = next(x for x in r.stderr.splitlines() if x.startswith("COMPILED "))
    assert line == f"COMPILED {compiled}", r.stderr
