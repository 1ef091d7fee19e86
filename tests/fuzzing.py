"""Mutation fuzzing of record files: scorekeep must answer every input with a verdict or a
located input error — never a traceback, never a hang.

Used by tests/test_fuzz.py (a bounded run) and as a script for long campaigns:

    python tests/fuzzing.py --count 20000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeep.errors import InputError  # noqa: E402
from scorekeep.report import FileReport, check_file  # noqa: E402
from scorekeep.yamlio import MAX_DEPTH  # noqa: E402

NASTY = [
    b"&a ", b"*a", b"!!python/object/apply:os.system ['echo hi'] ", b"!x ", b"[", b"]", b"{", b"}", b": ",
    b"- ", b"\t", b"\x00", b"\xff\xfe", b"99999999999999999999999999999999", b"-1", b"~", b"null", b"'",
    b'"', b"\xef\xbb\xbf", b"\n---\n", b"\n...\n", b"%YAML 1.1\n", b"? ", b"<<: *a", b"\\", b"#", b"\r",
    b"10H", b"JK=5H", b"Bird", b"pass", b"1e9", b"0x1F", b"true", b"\xe7\x94\xb2",
]


def corpus() -> list[Path]:
    """Every record the project ships: samples and test records."""
    return sorted([*ROOT.glob("samples/*.yaml"), *ROOT.glob("tests/records/**/*.yaml")])


def _byte_mutation(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return rng.choice(NASTY)
    op = rng.randrange(6)
    i = rng.randrange(len(data))
    if op == 0:  # flip a byte
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    if op == 1:  # truncate
        return data[:i]
    if op == 2:  # delete a run
        return data[:i] + data[i + rng.randrange(1, 40):]
    if op == 3:  # duplicate a run
        j = min(len(data), i + rng.randrange(1, 200))
        return data[:j] + data[i:j] + data[j:]
    if op == 4:  # insert something YAML-hostile
        return data[:i] + rng.choice(NASTY) + data[i:]
    lines = data.split(b"\n")  # swap two lines
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)


def _odd_value(rng: random.Random, depth: int = 0) -> object:
    pick = rng.randrange(12)
    if pick == 0:
        return 10 ** rng.randrange(1, 60)
    if pick == 1:
        return -rng.randrange(1000)
    if pick == 2:
        return rng.random() * 10
    if pick == 3:
        return None
    if pick == 4:
        return rng.choice([True, False])
    if pick == 5:
        return "".join(rng.choice("AKQJT98765432SHDC♠♥甲乙 ,=x") for _ in range(rng.randrange(12)))
    if pick == 6 and depth < 3:
        return [_odd_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 7 and depth < 3:
        return {str(_odd_value(rng, depth + 1)): _odd_value(rng, depth + 1) for _ in range(rng.randrange(3))}
    if pick == 8:
        nest: object = "x"
        for _ in range(rng.randrange(MAX_DEPTH - 5, MAX_DEPTH + 20)):
            nest = [nest]
        return nest
    if pick == 9:
        return "x" * rng.randrange(10_000)
    return rng.choice(["pass", "Bird", "JK", "JK=5H", "none", "", "No", "2026-11-30", "10..1..10"])


def _walk(node: object) -> Iterator[tuple[object, object]]:
    """(container, key) for every value in a YAML data tree."""
    if isinstance(node, dict):
        for k in list(node):
            yield node, k
            yield from _walk(node[k])
    elif isinstance(node, list):
        for i in range(len(node)):
            yield node, i
            yield from _walk(node[i])


def _structural_mutation(data: bytes, rng: random.Random) -> bytes:
    try:
        doc = yaml.safe_load(data.decode("utf-8"))
    except Exception:  # noqa: BLE001 - a broken seed is still a fine fuzz input
        return _byte_mutation(data, rng)
    places = list(_walk(doc))
    if not places:
        return _byte_mutation(data, rng)
    for _ in range(rng.randrange(1, 4)):
        container, key = rng.choice(places)
        op = rng.randrange(4)
        try:
            if op == 0:
                container[key] = _odd_value(rng)  # type: ignore[index]
            elif op == 1 and isinstance(container, dict):
                del container[key]
            elif op == 2 and isinstance(container, list) and container:
                container.append(container[rng.randrange(len(container))])
            elif op == 3 and isinstance(container, dict):
                container[str(_odd_value(rng)) + "x"] = _odd_value(rng)
        except (KeyError, IndexError, TypeError):
            pass
    out = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    if rng.random() < 0.2:  # sometimes write the same record with anchors and aliases
        out = yaml.dump(doc, Dumper=yaml.SafeDumper, allow_unicode=True) if doc else out
    return out.encode("utf-8")


def mutate(data: bytes, rng: random.Random) -> bytes:
    out = data
    for _ in range(rng.randrange(1, 4)):
        out = (_structural_mutation if rng.random() < 0.4 else _byte_mutation)(out, rng)
    return out


def judge(report: FileReport) -> str:
    """'ok', 'violations' or 'input-error'; raises AssertionError on anything else."""
    if report.errors:
        e: InputError = report.errors[0]
        assert isinstance(e.line, int) and e.line >= 1, f"input error without a line: {e}"
        assert e.message and "Traceback" not in e.message
        return "input-error"
    assert report.audit is not None
    for f in report.audit.violations + report.audit.events:
        assert f.rule and f.message, f
    return "violations" if report.audit.violations else "ok"


def campaign(count: int, seed: int, workdir: Path, slow: float | None = None,
             on_input: Callable[[int, bytes], None] | None = None) -> Counter[str]:
    """Check `count` mutated records; fail on a traceback, a missing line or (given `slow`, in
    seconds: the script's long campaigns, never a test) a slow input."""
    rng = random.Random(seed)
    seeds = [p.read_bytes() for p in corpus()]
    tally: Counter[str] = Counter()
    path = workdir / "fuzz.yaml"
    for i in range(count):
        data = mutate(rng.choice(seeds), rng) if rng.random() < 0.95 else bytes(
            rng.randrange(256) for _ in range(rng.randrange(200)))
        path.write_bytes(data)
        if on_input:
            on_input(i, data)
        start = time.perf_counter()
        try:
            verdict = judge(check_file(str(path)))
        except Exception as e:
            keep = workdir / f"crash-{seed}-{i}.yaml"
            keep.write_bytes(data)
            raise AssertionError(f"input {i} (kept as {keep}) raised {type(e).__name__}: {e}") from e
        took = time.perf_counter() - start
        assert slow is None or took < slow, f"input {i} took {took:.1f}s"
        tally[verdict] += 1
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--slow", type=float, default=2.0, help="seconds an input may take")
    ap.add_argument("--dir", type=Path, default=Path("/tmp"))
    args = ap.parse_args()
    start = time.perf_counter()
    tally = campaign(args.count, args.seed, args.dir, args.slow)
    took = time.perf_counter() - start
    print(f"{args.count} inputs in {took:.1f}s ({args.count / took:.0f}/s), seed {args.seed}: "
          + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))


if __name__ == "__main__":
    main()
