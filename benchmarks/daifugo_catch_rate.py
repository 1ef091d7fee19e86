"""Cross-check the Daifugō engine against the independent reading, at scale.

    python benchmarks/daifugo_catch_rate.py [--matches 500] [--sets 2] [--seed 0] [--faults 200]

Two sources of legal matches (`matches` each, `sets` sets of 4 games): the independent reading
(`tests/oracle/daifugo.py`, its own judge and policy) and the engine's demo (`scorekeep demo`, a
random policy over the engine's legal moves). For each: how often each rare rule occurred (games
with at least one); how many check clean, report exactly the source's rule events and score as it
scored; for the demo's matches, whether the independent reading replays them to the same events
and rankings. Then, on the independent reading's matches, for every rule id the fault injectors
(`tests/faults/daifugo.py`) can break, up to `faults` single injected faults and the catch rate:
caught = exactly one violation, with that rule id, at the expected location; and how often a pass
left out of the record gives exactly one report, at its place.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from faults import daifugo as faults  # noqa: E402
from oracle import daifugo as gen  # noqa: E402
from scorekeep import api  # noqa: E402
from scorekeep.errors import InputError  # noqa: E402
from scorekeep.games.daifugo import demo as demo  # noqa: E402


def _events(events: Any) -> list[tuple[str, tuple[tuple[str, Any], ...]]]:
    return sorted((rule, tuple(sorted(loc.items()))) for rule, loc in events)


def _found(findings: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(f.rule, f.location()) for f in findings]


def _winner(w: Any) -> Any:
    return sorted(w) if isinstance(w, list) else w


def _coverage(label: str, matches: list[Any]) -> None:
    """How often each rare rule occurs: games with at least one, and events in all."""
    games = sum(len(s["games"]) for g in matches for s in g.data["sets"])
    per_game: Counter[str] = Counter()
    total_events: Counter[str] = Counter()
    for g in matches:
        seen: dict[tuple[int, int], set[str]] = {}
        revs: Counter[tuple[int, int]] = Counter()
        for rule, loc in g.events:
            total_events[rule] += 1
            seen.setdefault((loc["set"], loc["game"]), set()).add(rule)
            if rule == "daifugo.revolution":
                revs[loc["set"], loc["game"]] += 1
        for rules in seen.values():
            per_game.update(rules)
        per_game["counter-revolution"] += sum(1 for n in revs.values() if n >= 2)
    print(f"\nrare rules in the {label}'s matches (games with at least one / events in all)")
    for rule in (*gen.EVENT_RULES, "counter-revolution"):
        print(f"  {rule:28} {per_game[rule]:6} games ({per_game[rule] / games:6.1%})"
              f"  {total_events.get(rule, '')}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=500)
    ap.add_argument("--sets", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--faults", type=int, default=200, help="injected faults per rule id")
    ap.add_argument("--show", type=int, default=3, help="disagreements to print per kind")
    args = ap.parse_args()

    t0 = time.perf_counter()
    matches = [gen.game(args.seed + i, sets=args.sets, reseat=i % 5 == 0, out_keys=0.25,
                        notation=0.03, strings=0.1)
               for i in range(args.matches)]
    t_gen = time.perf_counter() - t0
    t0 = time.perf_counter()
    played = [demo.game(args.seed + i, sets=args.sets, reseat=i % 5 == 0, out_keys=0.25,
                        notation=0.03, strings=0.1)
              for i in range(args.matches)]
    t_demo = time.perf_counter() - t0
    games = sum(len(s["games"]) for g in matches for s in g.data["sets"])
    games_demo = sum(len(s["games"]) for g in played for s in g.data["sets"])
    print(f"independent reading: generated {len(matches)} matches, {games} games in {t_gen:.1f} s")
    print(f"engine demo: played {len(played)} matches, {games_demo} games in {t_demo:.1f} s")
    for label, source in (("independent reading", matches), ("engine demo", played)):
        _coverage(label, source)

    try:
        api.audit(api.load(text=matches[0].text))
    except InputError as e:
        print(f"\nthe checker cannot read Daifugō records here ({e}); generator statistics only")
        return

    t0 = time.perf_counter()
    clean = same_events = same_scores = 0
    shown: Counter[str] = Counter()
    for g in matches:
        audit = api.audit(api.load(text=g.text))
        ok = not audit.violations
        clean += ok
        ev = _events(_found(audit.events)) == _events(g.events)
        same_events += ev
        sheet = api.sheet(audit)
        sc = sheet.totals == g.totals and _winner(sheet.winner) == _winner(g.winner)
        same_scores += sc
        for kind, bad in (("violations", not ok), ("events", not ev), ("scores", not sc)):
            if bad and shown[kind] < args.show:
                shown[kind] += 1
                print(f"  DISAGREE ({kind}) seed {g.data['title']}: "
                      f"{_found(audit.violations)[:2] if kind == 'violations' else ''}")
    t_chk = time.perf_counter() - t0
    n = len(matches)
    print(f"\nindependent reading's matches: checked {n} matches ({games} games) in {t_chk:.1f} s")
    print(f"  clean {clean}/{n}   same events {same_events}/{n}   same totals+winner {same_scores}/{n}")

    t0 = time.perf_counter()
    clean = same_events = same_scores = agree = 0
    for g in played:
        audit = api.audit(api.load(text=g.text))
        clean += not audit.violations
        same_events += _events(_found(audit.events)) == _events(g.events)
        sheet = api.sheet(audit)
        same_scores += sheet.totals == g.totals and _winner(sheet.winner) == _winner(g.winner)
        events, ranks = gen.replay(g.data)
        ok = (_events(events) == _events(g.events)
              and ranks == [gm["ranks"] for s in g.data["sets"] for gm in s["games"]])
        agree += ok
        if not ok and shown["oracle"] < args.show:
            shown["oracle"] += 1
            print(f"  DISAGREE (independent reading) {g.data['title']}")
    t_chk = time.perf_counter() - t0
    n = len(played)
    print(f"\nengine demo's matches: checked, and replayed by the independent reading, in {t_chk:.1f} s")
    print(f"  clean {clean}/{n}   same events {same_events}/{n}   same totals+winner {same_scores}/{n}   "
          f"independent reading agrees {agree}/{n}")

    print(f"\ninjected faults (up to {args.faults} per rule): caught exactly / right rule elsewhere / missed")
    rng = random.Random(args.seed)
    for rule in faults.FAULT_RULES:
        exact = near = missed = tried = 0
        for g in matches:
            if tried == args.faults:
                break
            fault = faults.inject(g, rule, rng)
            if fault is None:
                continue
            tried += 1
            got = _found(api.audit(api.load(text=fault.text)).violations)
            if got == [(rule, fault.location)]:
                exact += 1
            elif any(r == rule for r, _ in got):
                near += 1
            else:
                missed += 1
            if got != [(rule, fault.location)] and shown[rule] < args.show:
                shown[rule] += 1
                print(f"  {rule}: {fault.what}; expected {fault.location}, got {got[:3]}")
        rate = f"{exact / tried:7.1%}" if tried else "   n/a"
        print(f"  {rule:28} {rate}  ({exact}/{tried} exact, {near} elsewhere, {missed} missed)")

    # A pass left out of the record (a common slip when writing a game down): one report where it
    # is missing, with nothing reported again after it.
    once = tried = 0
    for g in matches:
        spots = [(si, gi, pi) for si, s in enumerate(g.data["sets"]) for gi, gm in enumerate(s["games"])
                 for pi, play in enumerate(gm.get("plays") or ()) if list(play.values()) == ["pass"]]
        for si, gi, pi in rng.sample(spots, min(3, len(spots))):
            d = copy.deepcopy(g.data)
            plays = d["sets"][si]["games"][gi]["plays"]
            del plays[pi]
            where = (si + 1, gi + 1, pi + 1, next(iter(plays[pi])) if pi < len(plays) else None)
            got = [(v.set, v.game, v.play, v.player) for v in api.audit(api.load(text=yaml.safe_dump(d, allow_unicode=True, sort_keys=False))).violations]
            tried += 1
            once += got == [where]
    if tried:
        print(f"\na pass left out of the record: one report at its place {once}/{tried} ({once / tried:.1%})")


if __name__ == "__main__":
    main()
