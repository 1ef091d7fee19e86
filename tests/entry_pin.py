"""Pin `play`, `add` and `new`: many scripted sessions (every game, good and bad entries, undo,
why, edit N, table, help, quit), their output and the files written, dumped into OUTDIR.
Run from the repository root with its venv, before and after a change to live entry, and diff:
    python tests/entry_pin.py /tmp/pin-before 25; ...; python tests/entry_pin.py /tmp/pin-after 25
    diff -r /tmp/pin-before /tmp/pin-after"""

from __future__ import annotations

import random
import re
import shutil
import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from scorekeep.cli import app

ROOT = Path.cwd()
OUT = Path(sys.argv[1])
OUT.mkdir(parents=True, exist_ok=True)
TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d[+-]\d\d:\d\d)?")
RUN = CliRunner()
TMP = Path(tempfile.mkdtemp())

PLAYERS = {"oh-hell": "Ana,Ben,Chloé,Dee", "rook": "North,East,South,West", "daifugo": "甲,乙,丙,丁",
           "oh-hell5": "Ana,Ben,Chloé,Dee,Eve"}
VOCAB = {
    "oh-hell": ["", "", "", "0", "1", "2", "3", "4", "5", "10", "11", "-1", "x", "h", "s", "nt", "-", "a", "ben",
                "Chl", "dee", "zed", "undo", "undo", "why", "table", "help", "edit 1", "edit 2", "edit 9", "edit",
                "yes", "no", "y", "cards", "dealer", "took Ana", "bid Ben", "9", "8"],
    "rook": ["", "", "pass", "pass", "p", "70", "75", "80", "85", "100", "121", "73", "East 80", "bid East 90",
             "bid West 100", "green", "r", "yellow", "black", "purple", "0", "60", "85", "120", "35", "undo", "undo",
             "why", "table", "help", "edit 1", "edit 2", "edit", "yes", "no", "bidder", "points", "North", "1", "2"],
    "daifugo": ["", "甲, 乙, 丙", "乙,丙,甲", "丙 丁 甲 乙", "甲,乙,丙,丁", "丁,丙,乙", "甲", "-", "乙", "none", "甲,甲",
                "戊", "undo", "undo", "why", "table", "help", "edit 1", "edit 1.1", "edit 2", "edit", "yes", "no",
                "order", "fouls", "x"],
}
VOCAB["oh-hell5"] = VOCAB["oh-hell"] + ["Eve", "e"]


def clean(text: str, path: Path) -> str:
    return TIME.sub("TIME", text.replace(str(path), "FILE").replace(str(TMP), "TMP"))


def dump(name: str, path: Path, outputs: list[str]) -> None:
    body = "\n".join(outputs)
    data = path.read_bytes().decode("utf-8", "replace") if path.exists() else "<no file>"
    (OUT / f"{name}.txt").write_text(clean(body + "\n=== FILE ===\n" + data, path), encoding="utf-8")


def invoke(args: list[str], text: str | None = None) -> str:
    r = RUN.invoke(app, args, input=text)
    extra = "" if r.exception is None or isinstance(r.exception, SystemExit) else f"EXC {r.exception!r}"
    return f"$ {' '.join(args[:1])} exit={r.exit_code} {extra}\n--out--\n{r.stdout}\n--err--\n{r.stderr}"


def fresh(game: str, name: str, *more: str) -> tuple[Path, str]:
    path = TMP / f"{name}.yaml"
    if path.exists():
        path.unlink()
    real = "oh-hell" if game == "oh-hell5" else game
    out = invoke(["new", real, str(path), "--players", PLAYERS[game], *more])
    return path, out


def play(path: Path, answers: list[str], *flags: str) -> str:
    return invoke(["play", str(path), *flags], "".join(a + "\n" for a in answers))


SCRIPTED = {
    "oh-good": ("oh-hell", [], ["", "", "h", "3", "3", "1", "2", "3", "4", "2", "1", "", "", "s", "1", "2", "1",
                                  "2", "why", "3", "3", "2", "1", "table", "quit"]),
    "oh-bad": ("oh-hell", [], ["9", "zed", "", "", "x", "h", "3", "3", "1", "3", "why", "no", "yes", "2", "5", "5",
                                 "5", "5", "why", "no", "took Ana", "1", "yes", "edit 1", "", "", "", "", "", "", "",
                                 "", "", "", "", "", "undo", "undo", "undo", "quit"]),
    "oh-fill": ("oh-hell", ["--fill-last"], ["", "", "-", "3", "3", "1", "2", "3", "4", "2", "edit 1", "", "", "",
                                             "2", "", "", "", "1", "1", "1", "quit"]),
    "rook-good": ("rook", [], ["70", "75", "pass", "80", "pass", "pass", "green", "85", "table", "pass", "pass",
                               "100", "pass", "pass", "r", "60", "edit 1", "", "", "", "90", "quit"]),
    "rook-bad": ("rook", [], ["73", "why", "no", "70", "bid East 90", "East 80", "pass", "121", "pass", "purple",
                              "g", "undo", "undo", "undo", "pass", "pass", "b", "123", "60", "edit 2", "edit 1", "2",
                              "pass", "why", "quit"]),
    "rook-bid": ("rook", [], ["bid East 90", "y", "120", "bid West 100", "g", "0", "edit 1", "West", "", "", "",
                              "edit 2", "1", "85", "quit"]),
    "d-good": ("daifugo", [], ["甲,乙,丙", "-", "乙,丙,甲", "乙", "丙 丁 甲 乙", "none", "table", "edit 1", "", "",
                               "edit 1.1", "丁,丙,乙", "丙", "why", "yes", "quit"]),
    "d-bad": ("daifugo", [], ["甲,甲", "戊", "甲", "甲,乙,丙,丁", "甲,乙,丙,丁", "why", "no", "order", "乙,甲,丙",
                              "undo", "undo", "undo", "甲,乙,丙", "", "edit 5", "edit 1.9", "quit"]),
}


def scripted() -> None:
    for name, (game, flags, answers) in SCRIPTED.items():
        path, out = fresh(game, name)
        outs = [out, play(path, answers, *flags), play(path, ["undo", "undo", "table", "why", "quit"], *flags)]
        dump(name, path, outs)


def corrected(n: int) -> None:
    """`edit N` on records with scores and running totals written: corrections carried down."""
    rng = random.Random(5)
    for name, game in (("oh-hell-sheet-totals", "oh-hell"), ("rook-sheet-totals", "rook"), ("rook-to-300", "rook")):
        for k in range(n):
            path = TMP / f"cor-{name}-{k}.yaml"
            shutil.copy(ROOT / "tests/records/entry" / f"{name}.yaml", path)
            answers: list[str] = []
            for _ in range(rng.randint(1, 4)):
                answers += [f"edit {rng.randint(1, 3)}"] + [rng.choice(["", "", "", *VOCAB[game][:24]])
                                                            for _ in range(rng.randint(4, 14))]
            dump(f"cor-{name}-{k}", path, [play(path, answers), invoke(["score", str(path), "--history"])])


def randomized(n: int) -> None:
    rng = random.Random(20261207)
    for game in ("oh-hell", "rook", "daifugo", "oh-hell5"):
        for k in range(n):
            path, out = fresh(game, f"r-{game}-{k}")
            outs = [out]
            for _ in range(rng.randint(1, 3)):
                answers = [rng.choice(VOCAB[game]) for _ in range(rng.randint(5, 60))]
                flags = ["--fill-last"] if game.startswith("oh") and rng.random() < 0.3 else []
                outs.append(play(path, answers, *flags))
            dump(f"r-{game}-{k}", path, outs)


def _game_of(src: Path) -> str:
    return "rook" if "rook" in src.name or "teams" in src.name else "daifugo" if "daifugo" in src.name else "oh-hell"


def resumed() -> None:
    sources = [*sorted((ROOT / "tests/records/entry").glob("*.yaml")), *sorted((ROOT / "samples").glob("*.yaml")),
               *sorted((ROOT / "tests/records/layouts").glob("*.yaml"))]
    rng = random.Random(7)
    for src in sources:
        game = _game_of(src)
        for k in range(3):
            path = TMP / f"res-{src.stem}-{k}.yaml"
            shutil.copy(src, path)
            answers = [rng.choice(VOCAB[game] + VOCAB["oh-hell"][:12]) for _ in range(rng.randint(3, 40))]
            dump(f"res-{src.stem}-{k}", path, [play(path, answers)])


ADDS = {
    "oh-hell": [["--cards", "9"], ["--bids", "1,1,1,1"], ["--bids", "Ben=2,Chl=3"], ["--tricks", "2,2,2,3"],
                ["--cards", "8", "--dealer", "ben", "--trump", "h"], ["--tricks", "3,3,3,1"], ["--bids", "Zed=1"],
                ["--bids", "1,2"], ["--cards", "x"], ["--scores", "10,11,12,13"], ["--totals", "A=1,B=2,C=3,D=4"],
                ["--tricks", "1,1,1,1", "--replace"], ["--bids", "0,0,0,0", "--anyway"], ["--trump", "none"],
                ["--cards", "10", "--trump", "s", "--bids", "2,2,2,2", "--tricks", "2,3,2,2"], ["--out", "Ana"],
                ["--bids", "Ana=1,Ana=2"], ["--dealer", "Chloé", "--replace"], ["--trump", "♥"], []],
    "rook": [["--bidding", "70,75,pass,80,pass,pass"], ["--trump", "green"], ["--points", "85,35"],
             ["--bid", "West=90"], ["--trump", "r", "--points", "60,60"], ["--bidding", "73"],
             ["--bidding", "East=80,pass"], ["--points", "North=100"], ["--trump", "purple"],
             ["--bidding", "70,pass,pass,pass", "--trump", "y", "--points", "40,80"],
             ["--points", "40,80", "--replace"],
             ["--scores", "1,2"], ["--totals", "Us=1,Them=2"], ["--anyway", "--bidding", "65"], ["--cards", "9"]],
    "daifugo": [["--out", "甲,乙,丙"], ["--out", "乙,丙,甲", "--fouls", "乙"], ["--out", "甲,甲"], ["--ranks", "甲,乙,丙,丁"],
                ["--out", "戊"], ["--out", "丙 丁 甲 乙"], ["--fouls", "甲"], ["--out", "丁,丙,乙", "--anyway"],
                ["--bids", "1"]],
}


def adds(n: int) -> None:
    rng = random.Random(99)
    for game in ("oh-hell", "rook", "daifugo"):
        for k in range(n):
            path, out = fresh(game, f"a-{game}-{k}", *(["--teams", "Us,Them"] if game == "rook" and k % 2 else []))
            outs = [out]
            for _ in range(rng.randint(2, 12)):
                outs.append(invoke(["add", str(path), *rng.choice(ADDS[game])]))
            dump(f"a-{game}-{k}", path, outs)
    for src in [*sorted((ROOT / "tests/records/layouts").glob("*.yaml")), *sorted((ROOT / "samples").glob("*.yaml")),
                *sorted((ROOT / "tests/records/entry").glob("*.yaml"))]:
        game = _game_of(src)
        path = TMP / f"add-{src.name}"
        shutil.copy(src, path)
        outs = [invoke(["add", str(path), *rng.choice(ADDS[game])]) for _ in range(6)]
        dump(f"add-{src.stem}", path, outs)


def news() -> None:
    cases = [["oh-hell", "--players", "A,B,C,D", "--first-dealer", "b"], ["rook", "--players", "A,B,C,D", "--teams",
             "Us,Them"], ["rook", "--players", "A,B,C", "--teams", "Us"], ["daifugo", "--players", "甲,乙,丙",
             "--first-dealer", "甲"], ["oh-hell", "--players", "A B C", "--rule", "hook=false", "--title", "Friday: 1"],
             ["oh-hell", "--players", "A,B,C,D", "--rule", "nope=1"], ["chess", "--players", "A,B"],
             ["rook", "--players", "A,B,C,D", "--rule", "target=500", "--rule", "bad"],
             ["daifugo", "--players", "甲,乙,丙,丁", "--teams", "x,y"], ["oh-hell", "--players", "A,B,C,D",
             "--teams", "x,y"], ["oh-hell", "--players", "yes,no,True,~", "--title", "'quoted' #x"]]
    for k, c in enumerate(cases):
        path = TMP / f"new-{k}.yaml"
        dump(f"new-{k}", path, [invoke(["new", c[0], str(path), *c[1:]]), invoke(["new", c[0], "-", *c[1:]])])


if __name__ == "__main__":
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    scripted()
    news()
    adds(n)
    resumed()
    corrected(n)
    randomized(n)
    shutil.rmtree(TMP)
