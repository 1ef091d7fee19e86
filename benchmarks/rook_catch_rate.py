"""Rook: how often the checker agrees with the independent reading, per rule id.

    python benchmarks/rook_catch_rate.py [--matches 2000] [--first-seed 0] [--show 3]

For each seed: a random legal match of the independent reading (`oracle.rook.game(seed, variety=True)`) must
check clean and score as generated; then one fault per rule id is injected, and the checker
must report that rule at the generator's location ("caught"), and nothing else ("exact").
The generator's own judge (`rook.judge`) is also asked, so a miss can be told apart from a
broken injection. Prints one row per rule id, how often a pass left out of a bidding is
reported once (at the call out of turn), and the first few disagreements.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the independent reading lives with the tests

from faults import rook as faults  # noqa: E402
from oracle import rook  # noqa: E402

from scorekeep import api  # noqa: E402
from scorekeep.errors import InputError  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=2000)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--show", type=int, default=3, help="disagreements to print per rule")
    ap.add_argument("--demo", type=int, default=1000, help="demo matches (random play on the engine) to check")
    args = ap.parse_args()

    made: Counter[str] = Counter()
    caught: Counter[str] = Counter()
    exact: Counter[str] = Counter()
    judged: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    clean = scored = unreadable = 0
    dropped = dropped_once = 0
    features: Counter[str] = Counter()
    notes: list[str] = []
    start = time.perf_counter()
    seeds = range(args.first_seed, args.first_seed + args.matches)
    for seed in seeds:
        g = rook.game(seed, variety=True)
        features.update(g.features)
        try:
            audit = api.audit(api.load(text=g.text))
        except InputError as e:
            unreadable += 1
            if shown["<input>"] < args.show:
                shown["<input>"] += 1
                notes.append(f"seed {seed}: clean match unreadable: {e}")
            continue
        if not audit.violations:
            clean += 1
        elif shown["<clean>"] < args.show:
            shown["<clean>"] += 1
            notes.append(f"seed {seed}: clean match flagged: "
                         f"{[(v.rule, v.location()) for v in audit.violations][:3]}")
        sheet = api.sheet(audit)
        if (sheet.totals, sheet.winner) == (g.totals, g.winner):
            scored += 1
        elif shown["<score>"] < args.show:
            shown["<score>"] += 1
            notes.append(f"seed {seed}: scored {sheet.totals} {sheet.winner}, generator {g.totals} {g.winner}")
        rng = random.Random(seed)
        # A pass left out of the bidding (a common slip): one rook.bid-order at the call out of turn.
        spots = [(h, i) for h, hand in enumerate(g.data["hands"]) for i, call in enumerate(hand.get("bidding") or ())
                 if isinstance(call, dict) and list(call.values()) == ["pass"] and i + 1 < len(hand["bidding"])
                 and all(isinstance(c, dict) for c in hand["bidding"])]  # named calls: a turn can be missed
        if spots:
            h, i = rng.choice(spots)
            d = copy.deepcopy(g.data)
            calls = d["hands"][h]["bidding"]
            del calls[i]
            got = [(v.rule, v.location()) for v in api.audit(api.load(
                text=yaml.safe_dump(d, allow_unicode=True, sort_keys=False))).violations]
            dropped += 1
            dropped_once += got == [("rook.bid-order", {"hand": h + 1, "player": next(iter(calls[i]))})]
        for rule in faults.FAULT_RULES:
            f = faults.inject(g, rule, rng)
            if f is None:
                continue
            made[rule] += 1
            own = rook.judge(f.model)  # type: ignore[attr-defined]
            judged[rule] += (rule, f.location) in own and {r for r, _ in own} == {rule}
            try:
                got = [(v.rule, v.location()) for v in api.audit(api.load(text=f.text)).violations]
            except InputError as e:
                got = [("<input error>", {"message": str(e)})]
            hit = (rule, f.location) in got
            caught[rule] += hit
            exact[rule] += hit and {r for r, _ in got} == {rule}
            if not (hit and {r for r, _ in got} == {rule}) and shown[rule] < args.show:
                shown[rule] += 1
                notes.append(f"seed {seed} {rule}: {f.what}; expected {f.location}; got {got[:4]}")
    elapsed = time.perf_counter() - start

    n = len(seeds)
    print(f"{n} matches (seeds {seeds.start}..{seeds.stop - 1}), {sum(made.values())} injected faults, "
          f"{elapsed:.1f} s")
    print(f"clean matches checked clean: {clean}/{n}; scored as generated: {scored}/{n}; unreadable: {unreadable}")
    print()
    print(f"{'rule id':32} {'injected':>8} {'caught':>8} {'rate':>8} {'exact':>8} {'own judge':>10}")
    for rule in faults.FAULT_RULES:
        k = made[rule]
        rate = f"{100 * caught[rule] / k:.1f}%" if k else "-"
        ex = f"{100 * exact[rule] / k:.1f}%" if k else "-"
        print(f"{rule:32} {k:8} {caught[rule]:8} {rate:>8} {ex:>8} {judged[rule]:>10}")
    total = sum(made.values())
    print(f"{'all':32} {total:8} {sum(caught.values()):8} "
          f"{100 * sum(caught.values()) / max(total, 1):7.1f}% {100 * sum(exact.values()) / max(total, 1):7.1f}%")
    if dropped:
        print(f"\na pass left out of a bidding: one rook.bid-order at the call out of turn "
              f"{dropped_once}/{dropped} ({dropped_once / dropped:.1%})")
    print()
    print("features: " + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))
    if args.demo:
        # `scorekeep demo rook`: random play among the engine's legal moves. Each match must check clean
        # and score as played; the features say how often the rare rules come up.
        from scorekeep.games.rook import demo as demo  # noqa: PLC0415

        demo_features: Counter[str] = Counter()
        demo_ok = 0
        t0 = time.perf_counter()
        for seed in range(args.demo):
            g = demo.game(seed)
            demo_features.update(g.features)
            audit = api.audit(api.load(text=g.text))
            sheet = api.sheet(audit)
            demo_ok += not audit.violations and (sheet.totals, sheet.winner) == (g.totals, g.winner)
        print()
        print(f"demo (engine random play) {args.demo} matches, {time.perf_counter() - t0:.1f} s: clean and scored "
              f"as played {demo_ok}/{args.demo}")
        print("demo features: " + ", ".join(f"{k} {v}" for k, v in sorted(demo_features.items())))
    if notes:
        print()
        print("disagreements:")
        for line in notes:
            print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
