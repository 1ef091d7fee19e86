"""Catch rate of the Oh Hell checker on random engine games and injected single faults.

    python benchmarks/oh_hell_catch_rate.py [--games 2000] [--start 0] [--jobs N]

For each seed: one match from `scorekeep.games.oh_hell.demo.game(seed, vary=True)` (random legal
moves of the engine; 2–7 players, random house rules, full / no-deal / summary / mixed
records, games in progress) must check clean, be clean by the independent reading
(`tests/oracle/oh_hell.py`) and score as that reading scores it; then, per rule id in
FAULT_RULES (`tests/faults/oh_hell.py`), one injected fault (a random way of breaking it) must
be reported with that rule id at the injected location. Prints, per rule id and per way:
faults made, caught at the location, caught with nothing else than the oracle expects
(exact), and misses.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the oracle and the faults

import faults.oh_hell as oh_faults  # noqa: E402
import oracle.oh_hell as oracle  # noqa: E402

from scorekeep import api  # noqa: E402
from scorekeep.errors import InputError  # noqa: E402
from scorekeep.generate import dump as _text  # noqa: E402
from scorekeep.games.oh_hell import demo as oh_hell  # noqa: E402


def _key(rule: str, loc: dict[str, Any]) -> tuple[str, tuple]:
    return rule, tuple(sorted(loc.items()))


def one(seed: int) -> list[tuple[str, str, str]]:
    """(rule, variant, outcome) rows for one seed; rule `clean` for the match itself."""
    rows = []
    g = oh_hell.game(seed, vary=True)
    audit = api.audit(api.load(text=_text(g.data)))
    sheet = api.sheet(audit)
    ok = (not audit.violations and not oracle.expected_violations(g.data)
          and (sheet.totals, sheet.winner) == oracle.standings(g.data) == (g.totals, g.winner))
    rows.append(("clean", "match", "ok" if ok else f"FAIL seed {seed}"))
    for rule in oh_faults.FAULT_RULES:
        fault = oh_faults.inject(g, rule, random.Random(f"{seed}:{rule}"))
        if fault is None:
            rows.append((rule, "-", "no-site"))
            continue
        variant = fault.what.split(":")[0]
        try:
            got = sorted(_key(f.rule, f.location()) for f in api.audit(api.load(text=_text(fault.data))).violations)
        except InputError:
            rows.append((rule, variant, "input-error"))
            continue
        want = sorted(_key(r, loc) for r, loc in oracle.expected_violations(fault.data))
        if got == want:
            outcome = "exact"
        elif _key(rule, fault.location) in got:
            outcome = "caught+extra"
        elif any(r == rule for r, _ in got):
            outcome = "wrong-location"
        else:
            outcome = "missed"
        rows.append((rule, variant, outcome))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    seeds = range(args.start, args.start + args.games)
    t0 = time.perf_counter()
    tally: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    failures: list[str] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for rows in pool.map(one, seeds, chunksize=20):
            for rule, variant, outcome in rows:
                if outcome.startswith("FAIL"):
                    failures.append(outcome)
                    outcome = "fail"
                tally[(rule, variant)][outcome] += 1
    took = time.perf_counter() - t0

    clean = tally[("clean", "match")]
    print(f"{args.games} generated matches (seeds {seeds.start}..{seeds.stop - 1}), {took:.0f} s")
    print(f"clean (checker and oracle) and scored as the oracle scores: {clean['ok']}/{args.games}"
          + (f"  failures: {', '.join(failures[:10])}" if failures else ""))
    print()
    head = ("rule id", "way", "faults", "caught", "exact", "extra", "wrong loc", "missed", "input err",
            "catch rate")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    total = Counter()
    for rule in oh_faults.FAULT_RULES:
        variants = sorted(v for r, v in tally if r == rule and v != "-")
        rule_sum = Counter()
        for v in variants:
            c = tally[(rule, v)]
            rule_sum.update(c)
            _row(rule, v, c)
        _row(rule, "all", rule_sum, no_site=tally[(rule, "-")]["no-site"])
        total.update(rule_sum)
    _row("all rules", "", total)
    return 0 if not failures else 1


def _row(rule: str, way: str, c: Counter[str], no_site: int | None = None) -> None:
    made = sum(c.values())
    caught = c["exact"] + c["caught+extra"]
    rate = f"{100 * caught / made:.1f}%" if made else "–"
    cells = [rule, way + (f" ({no_site} no site)" if no_site else ""), made, caught, c["exact"],
             c["caught+extra"], c["wrong-location"], c["missed"], c["input-error"], rate]
    print("| " + " | ".join(str(x) for x in cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
