"""`why` and `check` agree: on every move of a record `why` rules it not legal exactly where
`check` reports a violation at it (the first one its rule, the others beside it) and names every
event `check` reports there; every finding of `check` is at a move `why` can be asked about; and
`why FILE` with no location explains `check`'s first violation; a move it rules legal is among the
legal choices it lists there.

The records are generated games of the three games (`oracle.rook`, `oracle.daifugo`, Oh Hell's
demo) and single-fault mutants of them (`faults`). Which findings belong to a move is read here
from the findings' own location fields (a card: its hand, trick and player; a call: its line and
caller; a play: its set, game and play …), not from `why`'s mapping.

    python tests/why_agreement.py --count 2000      # records checked, moves asked, disagreements
    python tests/why_agreement.py --count 300 --house --game daifugo   # under house rules drawn per record
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorekeep import api, why  # noqa: E402
from scorekeep.errors import Finding  # noqa: E402

GAMES = ("rook", "oh-hell", "daifugo")
_FACTS = {"rook": ("dealer", "seats", "deal", "nest", "trump", "result"),
          "oh-hell": ("dealer", "size", "deal", "trump", "result"),
          "daifugo": ("deal", "finish")}
_HAND_FACTS = {  # the rules of a hand that are about no card and no call, per fact asked
    "rook": {"dealer": {"rook.dealer-rotation"}, "seats": {"rook.seat-change"}, "deal": {"rook.deal", "rook.deck"},
             "nest": {"rook.nest-exchange"}, "trump": {"rook.trump"}},
    "oh-hell": {"dealer": {"oh-hell.dealer-rotation"}, "size": {"oh-hell.hand-size"}, "deal": {"oh-hell.deck"},
                "trump": {"oh-hell.trump"}},
}


_HOUSE: dict[str, dict[str, tuple[Any, ...]]] = {
    "rook": {"target": (200, 250, 500), "seat_change_every": (0, 1, 2, 3, 5), "seat_change_deal": ("old-left",),
             "all_pass": ("dealer-forced",), "min_bid": (50, 60, 75, 80), "max_bid": (100, 150, 180),
             "bid_step": (10,), "bird": ("off",)},
    "daifugo": {"games_per_set": (1, 2, 3, 5), "sets": (2,), "blind_cards": (0,), "forbidden_finish": (False,),
                "miyako_ochi": (False,), "suit_lock": (False,), "spade_3_return": (False,), "eight_cut": (False,),
                "eight_cut_stairs": (True,), "stairs_revolution": (3, 4, 5), "rank_points": ((5, 3, 1, 0),),
                "jokers": (1, 0)},
}
"""House rules `--house` draws from (besides the default), each taken with even odds. Oh Hell's are the
demo's own draw (`random_rules`, with players, detail and notation varied too). Rook's `bird: off` (the
deck without the Bird) and Daifugō's decks of 0 or 1 joker, with or without blind cards (uneven deals),
are played and faulted by the oracle like the default deck (half the clean games without the Bird are
the engine's demo's, as before the oracle knew that deck)."""


def house_rules(game: str, seed: int) -> dict[str, Any]:
    """The house rules of `game` drawn for `seed` (`--house`): knobs of its generator."""
    rng = random.Random(f"house {game} {seed}")
    if game == "oh-hell":
        return {"vary": True, "random_rules": True}
    knobs = {k: rng.choice(vs) for k, vs in _HOUSE[game].items() if rng.random() < 0.5}
    if game == "rook":
        knobs["variety"] = True
        lo, hi, step = knobs.get("min_bid", 70), knobs.get("max_bid", 120), knobs.get("bid_step", 5)
        if lo >= hi or lo % step or hi % step:  # no auction under these: keep the step's own bounds
            knobs.pop("min_bid", None), knobs.pop("max_bid", None)
    return knobs


def record(game: str, seed: int, fault: str | None, house: bool = False) -> str | None:
    """A generated record of `game` (a fault of rule `fault` injected; `house`: under house rules drawn
    by `house_rules`), or None when the match offers no place for that fault."""
    rng = random.Random(seed)
    knobs = house_rules(game, seed) if house else {}
    if game == "rook" and knobs.get("bird") == "off" and fault is None and seed % 2:
        return _rook_demo(seed, knobs)  # half the clean games without the Bird: as the engine's demo plays them
    if game == "rook":
        from faults import rook as faults
        from oracle import rook as gen
        try:
            g: Any = gen.game(seed, **({"variety": True} | knobs))
        except RuntimeError:  # a house target and auction no team reaches in 400 hands: no such match
            return None
    elif game == "daifugo":
        from faults import daifugo as faults  # type: ignore[no-redef]
        from oracle import daifugo as gen  # type: ignore[no-redef]
        g = gen.game(seed, **knobs)
    else:
        from faults import oh_hell as faults  # type: ignore[no-redef]
        from scorekeep.games.oh_hell import demo
        g = demo.game(seed, **knobs)
    if fault is None:
        return g.text
    try:
        f = faults.inject(g, fault, rng)
    except RuntimeError:  # the mutant's match, played on, does not end in 400 hands: no such mutant
        return None
    return None if f is None else f.text


def _rook_demo(seed: int, knobs: dict[str, Any]) -> str | None:
    """A Rook game the engine's demo plays under the house rules drawn (its bids kept within the deck's
    counters, else no team may ever win), or None if it has none."""
    from scorekeep.games.rook import demo as rook_demo

    knobs = dict(knobs, max_bid=min(knobs.get("max_bid", 120), 100))
    if knobs.get("min_bid", 70) % knobs.get("bid_step", 5):
        knobs.pop("min_bid")
    try:
        return rook_demo.game(seed, **{k: v for k, v in knobs.items() if k in rook_demo.DEFAULTS}).text
    except RuntimeError:
        return None


def fault_rules(game: str) -> tuple[str, ...]:
    if game == "rook":
        from oracle.rook import FAULT_RULES
    elif game == "daifugo":
        from faults.daifugo import FAULT_RULES  # type: ignore[no-redef]
    else:
        from faults.oh_hell import FAULT_RULES  # type: ignore[no-redef]
    return FAULT_RULES


def moves(a: Any) -> Iterator[tuple[why.Location, Any]]:
    """Every move and fact of an audited record `why` can be asked about, with how to tell which
    findings are at it (`at(finding, explanation)`)."""
    if a.game == "daifugo":
        yield from _daifugo_moves(a)
        return
    seen: dict[tuple[int, int], str | None] = {}

    def callers(n: int, k: int) -> str | None:
        """Who made call `k` of hand `n` as check reads it (a call need not name its caller)."""
        if (n, k) not in seen:
            seen[n, k] = why.explain(a, why.Location(hand=n, bid=k)).player  # type: ignore[union-attr]
        return seen[n, k]
    for h in a.record.hands:
        n = h.number
        calls = (h.bidding or ()) if a.game == "rook" else (h.bids or ())
        for k, c in enumerate(calls, 1):
            yield why.Location(hand=n, bid=k), _call_at(a, calls, c, k == 1, callers)
        tricks = (h.tricks if a.game == "rook" else h.play) or ()
        for t, trick in enumerate(tricks, 1):
            for i, pl in enumerate(trick.plays):
                yield why.Location(hand=n, trick=t, player=pl.player), _card_at(n, t, pl.player, i == 0)
        for what in _FACTS[a.game]:
            rules = _HAND_FACTS[a.game].get(what)
            lines = {c.line for c in calls} if a.game == "rook" else None
            yield why.Location(hand=n, what=what), _fact_at(n, rules, _HAND_FACTS[a.game], lines)


def _call_at(a: Any, calls: Any, c: Any, first: bool, callers: Any) -> Any:
    game = a.game

    def at(f: Finding, ex: Any) -> bool | None:
        if first and f.rule == "rook.seat-change" and f.hand == ex.location.hand:
            # check says the hand was bid in the old seats: its first call shows the seat change, unless
            # it was made by the player who opens in the rules' seats too
            return "judged in the seating the record used" in f.message and ex.player != rules_opener(f, a)
        if game == "oh-hell":
            return (f.hand == ex.location.hand and f.trick is None and f.player == ex.player
                    and f.rule in ("oh-hell.bid-order", "oh-hell.bid-range", "oh-hell.hook"))
        mine = (f.hand == ex.location.hand and f.rule.startswith("rook.bid") and f.line == c.line
                and f.player == ex.player)
        if mine and sum(d.line == c.line and (d.player in (None, ex.player)) for d in calls) > 1:
            return _named_call(calls, c, f, ex, callers)  # calls of one line: the finding's words say which
        return mine
    return at


def _named_call(calls: Any, c: Any, f: Finding, ex: Any, callers: Any) -> bool | None:
    """Of several calls on one line (`[70, pass, pass, pass, pass, 75]`), whether a finding of this line
    and caller is at call `c`: its words name the call (`E called pass`, `S bid 72`, `W opened the bidding
    at 65`). None when the caller made another call of the same words on that line (which is not said)."""
    n = ex.location.hand
    alike = [k for k, d in enumerate(calls, 1) if d.line == c.line and str(d) == str(c) and callers(n, k) == ex.player]
    if len(alike) > 1:
        return None
    return re.match(rf"{re.escape(ex.player)} (called|bid|opened the bidding at) {c}\b", f.message) is not None


def rules_opener(f: Finding, a: Any = None) -> str | None:
    """Who opens a hand's bidding in the seats the rules give, read from check's rook.seat-change words:
    the clockwise order the change reverses to, and the deal passed to (else the dealer it names). A hand
    whose dealer the record (audit `a`) does not write is dealt, in the rules, on the last dealer's left
    in the new seats (house default `seat_change_deal: new-left`), not by the dealer check's reading names."""
    order = re.search(r"reverses the clockwise order to (.+?) after \d+ hands? played", f.message or "")
    dealer = re.search(r"the deal passes to (.+?) \(", f.message or "")
    if order is None:
        return None
    seats, d = order.group(1).split(", "), dealer.group(1) if dealer else f.player
    if dealer is None and a is not None and a.header.options["seat_change_deal"] == "new-left":
        h = next((x for x in a.record.hands if x.number == f.hand), None)
        prev = next((x for x in a.result.hands if x.number == (f.hand or 0) - 1), None)
        if h is not None and h.dealer is None and prev is not None and prev.dealer in seats:
            d = seats[(seats.index(prev.dealer) + 1) % len(seats)]
    return seats[(seats.index(d) + 1) % len(seats)] if d in seats else None


def _card_at(n: int, t: int, p: str, leads: bool) -> Any:
    return lambda f, ex: f.hand == n and f.trick == t and (f.player == p or (f.player is None and leads))


def _fact_at(n: int, rules: set[str] | None, facts: dict[str, set[str]], call_lines: set[int] | None) -> Any:
    other = set().union(*facts.values())

    def at(f: Finding, ex: Any) -> bool:
        if f.hand != n or f.trick is not None or _is_call(f, call_lines):
            return False
        if f.rule == "rook.seat-change":  # the seats' own; a dealer who dealt in the old seats shows it too
            dealt = f"{f.player} dealt hand" in f.message  # the deal check's words
            return ex.location.what == "seats" or (ex.location.what == "dealer" and dealt)
        return f.rule in rules if rules is not None else f.rule not in other
    return at


def _is_call(f: Finding, call_lines: set[int] | None) -> bool:
    """A finding about a call or bid (Rook: one on a call's line; the written `bid` is the result's)."""
    if f.player is None:
        return False
    if call_lines is not None:
        return f.rule.startswith("rook.bid") and f.line in call_lines
    return f.rule in ("oh-hell.bid-order", "oh-hell.bid-range", "oh-hell.hook")


def _daifugo_moves(a: Any) -> Iterator[tuple[why.Location, Any]]:
    for s in a.record.sets:
        for what in ("deal", "finish"):  # the set as a whole: its blind cards, its number of games
            yield (why.Location(set=s.number, what=what),
                   lambda f, ex, n=s.number, deck=what == "deal": (f.set == n and f.game is None
                                                                  and (f.rule == "daifugo.deck") == deck))
        for g in s.games:
            key = (s.number, g.number)
            for k, _turn in enumerate(g.plays or (), 1):
                yield (why.Location(set=s.number, game=g.number, play=k),
                       lambda f, ex, k=k, key=key: (f.set, f.game, f.play) == (*key, k))
            for p in (g.exchange.cards if g.exchange is not None else ()):
                yield (why.Location(set=s.number, game=g.number, exchange=True, player=p),
                       lambda f, ex, p=p, key=key: ((f.set, f.game, f.player) == (*key, p) and f.play is None
                                                    and f.rule.startswith("daifugo.exchange")))
            yield (why.Location(set=s.number, game=g.number, what="deal"),
                   lambda f, ex, key=key: (f.set, f.game) == key and f.play is None and f.rule == "daifugo.deck")
            yield (why.Location(set=s.number, game=g.number, what="finish"),
                   lambda f, ex, key=key: ((f.set, f.game) == key and f.play is None and f.rule != "daifugo.deck"
                                           and not f.rule.startswith("daifugo.exchange")))


def disagreements(a: Any, every: int | None = None, rng: random.Random | None = None,
                  todo: list[tuple[why.Location, Any]] | None = None) -> tuple[int, list[str]]:
    """(moves asked, what `why` said otherwise than `check`) on an audited record. `every`: ask at
    most that many moves that check finds nothing at (chosen by `rng`), besides all the others;
    `todo`: only these moves (from `moves`; a finding at none of them is then not looked for)."""
    out: list[str] = []
    listed = [f for f in a.violations if f.message]
    events = [e for e in a.events if e.message]
    capped = {f.rule for f in (*a.violations, *a.events) if not f.message}  # stand-ins past check's cap (CAP)
    skipped = todo is not None  # only some moves asked: a finding may be at another
    todo = list(moves(a)) if todo is None else todo
    if every is not None and rng is not None:
        busy = [m for m in todo if _any_near(m[0], listed + events)]
        calm = [m for m in todo if m not in busy]
        todo = busy + rng.sample(calm, min(every, len(calm)))
    covered: set[int] = set()
    for loc, at in todo:
        try:
            ex = why.explain(a, loc)
        except why.NoSuchPlace:
            skipped = True
            continue  # a move past what the record lets be replayed (an auction never finished)
        assert ex is not None
        if any(f.rule in capped and f not in listed + events for f in (ex.finding, *ex.also, *ex.effects) if f):
            skipped = True
            continue  # past check's cap of a rule: why finds what check only counts
        judged = [at(f, ex) for f in listed]
        if None in judged:
            skipped = True
            continue
        here = [f for f, yes in zip(listed, judged) if yes]
        covered.update(id(f) for f in here)
        caused = [e for e in events if at(e, ex)]
        said = (ex.ruling.legal, ex.finding, list(ex.also), list(ex.effects))
        want = (not here, here[0] if here else None, here[1:], caused)
        if said != want:
            out.append(f"{loc}: why {_short(said)} but check {_short(want)}")
        out += _steps_disagree(a, loc, ex)
        out += _choices_disagree(loc, ex)
    for f in listed:
        if id(f) not in covered and not skipped:
                out.append(f"check's {f.rule} at {f.location()} (line {f.line}) is at no move why was asked about")
    first = why.explain(a)
    if listed and (first is None or first.finding != listed[0]):
        out.append(f"why FILE explains {first.finding if first else None}, check's first is {listed[0]}")
    return len(todo), out


def _choices_disagree(loc: why.Location, ex: Any) -> list[str]:
    """A move `why` rules legal is among the legal choices it lists there (the engine's, which live entry
    offers), where they can be listed as moves (a joker's `=` reading is the player's note, not a choice)."""
    allowed = ex.allowed()
    if not ex.ruling.legal or allowed is None or loc.what is not None:
        return []
    move = re.sub(r"JK=\S+", "JK", ex.move)
    return [] if move in allowed else [f"{loc}: why rules {ex.move} legal but offers only {allowed[:8]}"]


_ROOK_ASKED = {"deal": ("deal-content",),
               "result": ("hand", "outcome", "call", "result", "points", "scores", "totals", "next-hand")}
"""The phases of Rook's `CHECKS` whose checks the replay asks of a hand's deal and of its result, in the
rules' order (of `call`, a bid's amount: that of a bid written without its auction; a hand's dealer and
seating: `_steps_disagree`)."""


def _rook_fact_steps(loc: why.Location, ex: Any) -> list[str]:
    """A Rook hand's deal or result: its steps are engine checks of `_ROOK_ASKED` in order (those the
    replay asked), up to the first that fails, which is the ruling's rule; a legal one has none failing
    and cites the rule of a check asked."""
    from scorekeep.games.rook.engine import CHECKS

    steps, r = ex.ruling.steps, ex.ruling
    from scorekeep.games.rook.engine import BID_AMOUNTS

    checks = [c.rule for phase in _ROOK_ASKED[loc.what or ""] for c in CHECKS.get(phase, ())
              if phase != "call" or c.rule in BID_AMOUNTS]
    rest = iter(checks)
    in_order = all(s.rule in rest for s in steps)  # a subsequence: a check not asked is not a step
    failed = [s for s in steps if s.answer.startswith("no")]
    if not steps and loc.what == "deal" and r.legal and any("not recorded" in t for _k, t in ex.facts):
        return []  # no deal written: the engine has no entry of it to judge (the cards played are judged)
    if not steps or not in_order or failed[:-1] or (failed and failed[0] is not steps[-1]):
        return [f"{loc}: steps {[s.rule for s in steps]} are not the engine's checks {checks} up to the failing one"]
    if not r.legal and (not failed or failed[0].rule != r.rule):
        return [f"{loc}: ruled {r.rule} but the failing step is {failed[0].rule if failed else None}"]
    if r.legal and (failed or r.rule not in {s.rule for s in steps}):
        return [f"{loc}: ruled legal by {r.rule}, but the steps {[(s.rule, s.answer[:3]) for s in steps]} say otherwise"]
    return []


_OH_HELL_PHASES = {"dealer": ("dealer",), "size": ("size",), "deal": ("deal",), "trump": ("trump",),
                   "result": ("hand", "result", "scores", "totals", "next")}
"""The phases of Oh Hell's `CHECKS` whose checks decide each fact of a hand, in the rules' order."""


def _steps_disagree(a: Any, loc: why.Location, ex: Any) -> list[str]:
    """A Rook dealer or seating, and each fact of an Oh Hell hand, is decided by the engine's checks of
    it (Rook: `CHECKS["deal"]`, `CHECKS["seating"]`; Oh Hell: `_OH_HELL_PHASES`): its steps are those
    checks in order (Oh Hell: those the replay asked), the one that fails (the last) is the ruling's rule,
    and a fact `check` reports a violation at has that failing step."""
    if a.game == "rook" and loc.what in _ROOK_ASKED:
        return _rook_fact_steps(loc, ex)
    if a.game == "oh-hell" and loc.what in _OH_HELL_PHASES:
        return _oh_hell_steps(loc, ex)
    if a.game == "daifugo" and loc.what is not None:
        return _daifugo_steps(a, loc, ex)
    if a.game != "rook" or loc.what not in ("dealer", "seats"):
        return []
    from scorekeep.games.rook.engine import CHECKS

    steps, r = ex.ruling.steps, ex.ruling
    checks = [c.rule for c in CHECKS["deal" if loc.what == "dealer" else "seating"]]
    failed = [s for s in steps if s.answer.startswith("no")]
    if [s.rule for s in steps] != checks[:len(steps)] or failed[:-1] or (failed and failed[0] is not steps[-1]):
        return [f"{loc}: steps {[s.rule for s in steps]} are not the engine's checks {checks} up to the failing one"]
    if not r.legal and (not failed or failed[0].rule != r.rule):
        return [f"{loc}: ruled {r.rule} but the failing step is {failed[0].rule if failed else None}"]
    return []


def _oh_hell_steps(loc: why.Location, ex: Any) -> list[str]:
    from scorekeep.games.oh_hell.engine import CHECKS

    steps, r = ex.ruling.steps, ex.ruling
    checks = [c.rule for phase in _OH_HELL_PHASES[loc.what or ""] for c in CHECKS.get(phase, ())]
    rest = iter(checks)
    in_order = all(s.rule in rest for s in steps)  # a subsequence: a check made moot is not asked
    failed = [s for s in steps if s.answer.startswith("no")]
    if not in_order or failed[:-1] or (failed and failed[0] is not steps[-1]):
        return [f"{loc}: steps {[s.rule for s in steps]} are not the engine's checks {checks} up to the failing one"]
    if not r.legal and (not failed or failed[0].rule != r.rule):
        return [f"{loc}: ruled {r.rule} but the failing step is {failed[0].rule if failed else None}"]
    if r.legal and failed:
        return [f"{loc}: ruled legal but the step of {failed[0].rule} fails"]
    return []


_DAIFUGO_PHASES = {("set", "deal"): ("blind",), ("set", "finish"): ("set",), ("game", "deal"): ("deal",),
                   ("game", "finish"): ("set", "game", "result")}
"""The phases of Daifugō's `CHECKS` whose checks decide each fact (of a set as a whole, or of a game), in
the rules' order: a set's blind cards and its place in the match; a game's deal (each hand, then the whole
deal), and its place in the match (its set's too, for game 1) and its written result."""


def _daifugo_steps(a: Any, loc: why.Location, ex: Any) -> list[str]:
    """A Daifugō deal or finishing order: its steps are the engine's checks of that fact (`_DAIFUGO_PHASES`)
    in the rules' order, each asked as its check names it (the deal's of a hand: once for each hand, in
    the order dealt), none failing but the last; that one is the ruling's rule and check's violation
    there. A legal fact has no failing step and cites its last step's rule, or the event it caused."""
    from scorekeep.games.daifugo.engine import CHECKS

    steps, r = ex.ruling.steps, ex.ruling
    checks = [c for phase in _DAIFUGO_PHASES[("set" if loc.game is None else "game", loc.what)]
              for c in CHECKS.get(phase, ())]
    if loc.what == "finish":  # a set's own check is asked of the set; whether it may start, of its first game
        checks = [c for c in checks if c not in CHECKS["set"] or (c.stage == "set") == (loc.game is None)
                  and loc.game in (None, 1)]
    g = next((g for st in a.record.sets if st.number == loc.set for g in st.games if g.number == loc.game), None)
    if loc.what == "finish" and g is not None:  # a check with no question of this result (`when`) is not asked
        from scorekeep.games.daifugo.engine import Outcome

        move = Outcome(g.out, g.fouls, g.ranks, g.plays is not None)
        checks = [c for c in checks if c.when is None or c.when(None, move)]
    if loc.what == "deal" and g is not None:  # each hand dealt in the record's order, then the whole deal
        seats = list(g.deal.cards) if g.deal is not None else []
        checks = [c for _p in seats for c in checks if c.stage == "hand"] + [c for c in checks if c.stage == "whole"]
    names = [_name(c.name) for c in checks]
    asked = [_name(s.question) for s in steps]
    failed = [s for s in steps if s.answer.startswith("no")]
    if asked != names[:len(asked)] or [s.rule for s in steps] != [c.rule for c in checks[:len(steps)]]:
        return [f"{loc}: steps {asked} are not the engine's checks {names} in order"]
    if failed[:-1] or (failed and failed[0] is not steps[-1]) or (not failed and len(steps) not in (0, len(checks))
                                                                   and loc.what != "deal"):
        return [f"{loc}: steps {[s.rule for s in steps]} do not end at the failing check"]
    if not r.legal and (not failed or failed[0].rule != r.rule):
        return [f"{loc}: ruled {r.rule} but the failing step is {failed[0].rule if failed else None}"]
    if r.legal and failed:
        return [f"{loc}: ruled legal but the step of {failed[0].rule} fails"]
    if r.legal and steps and not ex.effects and r.rule != steps[-1].rule:
        return [f"{loc}: a legal fact cites {r.rule}, not its last check {steps[-1].rule}"]
    return []


def _name(question: str) -> str:
    """A check's question with the player it is asked of left out (a hand dealt: `was 甲 dealt …`)."""
    import re

    return re.sub(r"(was|to) \S+ (dealt|a card)", r"\1 … \2", question.replace("each player", "…")
                  .replace("each card dealt a", "each card dealt to … a"))


def _any_near(loc: why.Location, found: list[Finding]) -> bool:
    keys = ("set", "game", "hand", "trick", "play")
    return any(all(getattr(f, k) in (None, getattr(loc, k)) for k in keys) and
               any(getattr(loc, k) is not None and getattr(f, k) == getattr(loc, k) for k in ("set", "hand", "game"))
               for f in found)


def _short(v: tuple[Any, ...]) -> str:
    legal, f, also, effects = v
    return (f"legal={legal} {f.rule if f else '-'} also={[x.rule for x in also]} "
            f"effects={[x.rule for x in effects]}")


def sample(count: int, seed: int = 0, house: bool = False,
           games: tuple[str, ...] = GAMES) -> Iterator[tuple[str, str]]:
    """`count` records: (label, text), generated games and single-fault mutants of `games` in turn
    (`house`: each under house rules drawn from its seed)."""
    rng = random.Random(seed)
    made = 0
    i = 0
    while made < count:
        game = games[i % len(games)]
        rules = fault_rules(game)
        fault = None if i % 4 == 0 else rules[rng.randrange(len(rules))]
        s = rng.randrange(10_000)
        i += 1
        text = record(game, s, fault, house)
        if text is None:
            continue
        made += 1
        shown = {k: v for k, v in house_rules(game, s).items() if k not in ("variety", "vary")} if house else {}
        yield (f"{game} seed {s}" + (f" under {shown}" if shown else "")
               + (f" with a {fault} fault" if fault else "")), text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=200, help="how many records (default 200)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--every", type=int, default=None,
                    help="ask at most this many moves per record besides those near a finding (default: all)")
    ap.add_argument("--house", action="store_true", help="play each record under house rules drawn from its seed")
    ap.add_argument("--game", choices=GAMES, action="append", help="only this game (may be repeated)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    asked = bad = records = 0
    rng = random.Random(args.seed)
    for label, text in sample(args.count, args.seed, args.house, tuple(args.game or GAMES)):
        a = api.audit(api.load(text=text))
        n, found = disagreements(a, args.every, rng)
        records += 1
        asked += n
        if found:
            bad += 1
            print(f"{label}:", *found[:5], sep="\n  ", flush=True)
    print(f"{records} records, {asked} moves asked, {bad} records with a disagreement "
          f"({time.perf_counter() - start:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
