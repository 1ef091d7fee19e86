"""Daifugō fault injectors: a legal match (from the independent reading, `oracle.daifugo`) with one
breach of one rule, and where the checker must report it. Independent of the engine."""

from __future__ import annotations

import copy
import random
from itertools import combinations
from typing import Any

from scorekeep.generate import Generated

from faults import Fault
from oracle.daifugo import (EIGHT, FAULT_RULES, JK, SINGLE, SPADE_3, TWO, _IDX, Combo, Opts, Step, Table, _norm,
                            combos, game, readings, walk)

__all__ = ["FAULT_RULES", "inject"]


# ---------------------------------------------------------------------------- fault injection

Recipe = tuple[dict[str, Any], str, Any]
"""(expected location, what was changed, a function building the faulty record)."""


def _prefix(data: dict[str, Any], si: int, gi: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A copy of the record that stops after game `gi` of set `si` (returned too)."""
    d = copy.deepcopy(data)
    d["sets"] = d["sets"][:si]
    st = d["sets"][-1]
    st["games"] = st["games"][:gi]
    return d, st["games"][-1]


def _drop_results(g: dict[str, Any]) -> None:
    for key in ("ranks", "out", "fouls"):
        g.pop(key, None)


def _turn_record(data: dict[str, Any], si: int, gi: int, k: int,
                 entry: dict[str, Any]) -> dict[str, Any]:
    """The record up to play k-1 of the game, then `entry` as play k, then nothing."""
    d, g = _prefix(data, si, gi)
    g["plays"] = g["plays"][:k - 1] + [entry]
    _drop_results(g)
    return d


def _loc(step: Step, player: str, play: int | None = None) -> dict[str, Any]:
    loc: dict[str, Any] = {"set": step.set, "game": step.game}
    if play is not None:
        loc["play"] = play
    loc["player"] = player
    return loc


def _safe_single(t: Table, hand: list[str], rng: random.Random) -> str | None:
    """A plain natural single (no 8, 2, spade 3) from a hand that keeps other cards."""
    ok = [c for c in hand if c != JK and _IDX[c] not in (EIGHT, TWO) and c != SPADE_3]
    return rng.choice(sorted(ok)) if ok and len(hand) > 2 else None


def _eligible(rule: str, step: Step) -> bool:
    """A cheap first test of whether a turn could take a breach of `rule`."""
    t = step.table
    if rule in ("daifugo.pass", "daifugo.combination"):
        return t.table is None
    if rule == "daifugo.first-lead":
        return step.play == 1
    if rule in ("daifugo.clear", "daifugo.eight-cut", "daifugo.spade-3-return"):
        return t.table is None and step.play > 1 and t.cleared_by == rule.removeprefix("daifugo.")
    if rule == "daifugo.suit-lock":
        return t.lock is not None
    if rule == "daifugo.card-not-held":
        return t.table is None or t.table.kind == SINGLE
    if rule == "daifugo.follow-shape":
        return t.table is not None and t.lock is None
    return t.table is not None and step.play > 1


def _turn_recipes(data: dict[str, Any], rule: str, rng: random.Random) -> list[Recipe]:
    """Breaches of a play rule, tried at a few random eligible turns (a walk per batch)."""
    keys = [(s.set, s.game, s.play) for s in walk(data) if s.what == "turn" and _eligible(rule, s)]
    rng.shuffle(keys)
    for i in range(0, len(keys), 8):
        found = _turn_recipes_at(data, rule, rng, set(keys[i:i + 8]))
        if found:
            return found
    return []


def _turn_recipes_at(data: dict[str, Any], rule: str, rng: random.Random,
                     only: set[tuple[int, int, int]]) -> list[Recipe]:
    out: list[Recipe] = []

    def add(step: Step, player: str, entry: dict[str, Any], what: str) -> None:
        loc = _loc(step, player, step.play)
        out.append((loc, what, lambda: _turn_record(data, step.set, step.game, step.play, entry)))

    last = max(only)
    for step in walk(data):
        if step.what != "turn" or (step.set, step.game, step.play) not in only:
            if (step.set, step.game, step.play) > last:
                break
            continue
        t, p = step.table, step.player
        hand = t.hands[p]
        table = t.table
        if rule == "daifugo.pass" and table is None:
            add(step, p, {p: "pass"}, f"{p} passes on an empty table")
        elif rule == "daifugo.combination" and table is None and len(hand) > 3:
            nat = sorted(c for c in hand if c != JK)
            picks = [s for n in (2, 3) for s in combinations(nat, n) if not readings(s)]
            if picks:
                bad = list(rng.choice(picks))
                add(step, p, {p: bad}, f"{p} leads {bad}, not a single, group or stairs")
        elif rule == "daifugo.card-not-held" and len(hand) > 2 and (table is None or table.kind == SINGLE):
            others = [c for q, h in t.hands.items() if q != p for c in h if c != JK] + sorted(t.played)
            others = [c for c in others if c not in hand and _IDX[c] not in (EIGHT, TWO) and c != SPADE_3
                      and t.beats(Combo(SINGLE, _IDX[c], (c,)))]
            if others:
                c = rng.choice(sorted(set(others)))
                add(step, p, {p: [c]}, f"{p} plays {c}, which they do not hold")
        elif rule == "daifugo.follow-shape" and table is not None and t.lock is None:
            cands = [c for c in combos(hand) if not c.jokers and c.size < len(hand)
                     and all((r.kind, r.size) != (table.kind, table.size) for r in readings(c.cards))]
            if cands:
                c = rng.choice(cands)
                add(step, p, {p: list(c.cards)}, f"{p} plays a {c.size}-card {c.kind} on a "
                    f"{table.size}-card {table.kind}")
        elif rule == "daifugo.follow-stronger" and table is not None:
            cands = [c for c in combos(hand, table.kind, table.size)
                     if not c.jokers and c.size < len(hand) and not t.stronger(c) and t.lock_ok(c)
                     and len(readings(c.cards)) == 1]
            if cands:
                c = rng.choice(cands)
                add(step, p, {p: list(c.cards)}, f"{p} plays {list(c.cards)}, not stronger than the table")
        elif rule == "daifugo.suit-lock" and table is not None and t.lock is not None:
            cands = [c for c in combos(hand, table.kind, table.size)
                     if not c.jokers and c.size < len(hand) and t.stronger(c) and not t.lock_ok(c)
                     and len(readings(c.cards)) == 1]
            if cands:
                c = rng.choice(cands)
                add(step, p, {p: list(c.cards)}, f"{p} plays {list(c.cards)} against the lock {t.lock}")
        elif rule == "daifugo.turn-order" and table is not None and step.play > 1:
            for q in t.seats:
                if q == p or q not in t.in_game or q in t.passed or q == t.last:
                    continue
                follows = [c for c in t.legal(q) if not c.jokers and c.size < len(t.hands[q])]
                if follows and rng.random() < 0.5:
                    c = rng.choice(follows)
                    add(step, q, {q: list(c.cards)}, f"{q} plays out of turn ({p} was next)")
                else:
                    add(step, q, {q: "pass"}, f"{q} passes out of turn ({p} was next)")
        elif table is None and (
                (rule == "daifugo.first-lead" and step.play == 1)
                or (step.play > 1 and (rule, t.cleared_by) in (
                    ("daifugo.clear", "clear"), ("daifugo.eight-cut", "eight-cut"),
                    ("daifugo.spade-3-return", "spade-3-return")))):
            for q in t.seats:
                if q == p or q not in t.in_game:
                    continue
                c = _safe_single(t, t.hands[q], rng)
                if c is not None:
                    add(step, q, {q: [c]}, f"{q} leads after {t.cleared_by}, but {p} should")
    return out


def _game_recipes(data: dict[str, Any], rule: str, rng: random.Random) -> list[Recipe]:
    out: list[Recipe] = []
    for step in walk(data):
        si, gi = step.set, step.game
        if step.what == "game" and step.prev is not None and rule.startswith("daifugo.exchange"):
            prev, dealt, gifts = step.prev, step.dealt, step.gifts
            pairs = ((prev[3], prev[0], 2), (prev[2], prev[1], 1))
            for low, high, n in pairs:
                if rule == "daifugo.exchange-count":
                    rest = [c for c in dealt[high] if c not in gifts[high]]
                    more = gifts[high] + [rng.choice(rest)]
                    fewer = gifts[high][:-1]
                    for who, cards in ((high, more), (high, fewer), (low, gifts[low][:1] if n == 2 else None)):
                        if cards is None:
                            continue
                        out.append((_loc(step, who), f"{who} gives {len(cards)} cards instead of {n}",
                                    _exchange_record(data, si, gi, who, cards)))
                elif rule == "daifugo.exchange-strongest":
                    worst = min(_IDX[c] for c in gifts[low])
                    weaker = [c for c in dealt[low] if c not in gifts[low] and _IDX[c] < worst]
                    if weaker:
                        cards = list(gifts[low])
                        i = rng.randrange(len(cards))
                        cards[i] = rng.choice(weaker)
                        out.append((_loc(step, low), f"{low} keeps a stronger card (tax evasion)",
                                    _exchange_record(data, si, gi, low, cards)))
                elif rule == "daifugo.exchange-held":
                    foreign = [c for q in step.seats if q != high for c in dealt[q]
                               if c != JK and all(c not in g for g in gifts.values())]
                    cards = list(gifts[high])
                    cards[rng.randrange(len(cards))] = rng.choice(sorted(foreign))
                    out.append((_loc(step, high), f"{high} gives a card they were not dealt",
                                _exchange_record(data, si, gi, high, cards)))
        if step.what == "game" and rule == "daifugo.deck":
            out += _deck_recipes(data, step, rng)
        if step.what == "end" and rule == "daifugo.ranking":
            ranks = step.table.ranks()
            wrong = [ranks[:i] + [ranks[i + 1], ranks[i]] + ranks[i + 2:] for i in range(3)]
            naive = step.table.out + [q for q in step.seats if q not in step.table.out]
            if naive != ranks:
                wrong.append(naive)
            w = rng.choice(wrong)
            out.append(({"set": si, "game": gi}, f"ranks written {w}, not {ranks}",
                        _ranks_record(data, si, gi, w)))
            written = data["sets"][si - 1]["games"][gi - 1].get("out")
            # judged against the plays: also a swap that would imply a different 都落ち is one mistake
            if written and len(written) > 1:
                i = rng.randrange(len(written) - 1)
                order = written[:i] + [written[i + 1], written[i]] + written[i + 2:]
                out.append(({"set": si, "game": gi}, f"out written {order}, not {written}",
                            _out_record(data, si, gi, order)))
            t = step.table
            legal = [q for q in t.out if q not in t.fouls]
            wrong_fouls = [t.fouls[:k] + t.fouls[k + 1:] for k in range(len(t.fouls))]
            if legal:
                q = rng.choice(legal)
                wrong_fouls.append([x for x in t.out if x in t.fouls or x == q])
            if wrong_fouls:
                w = rng.choice(wrong_fouls)
                out.append(({"set": si, "game": gi}, f"fouls written {w}, not {t.fouls}",
                            _fouls_record(data, si, gi, list(t.out), w)))
        if step.what == "end" and rule == "daifugo.game-over":
            t = step.table
            left = [q for q in t.in_game if t.hands[q]]
            if left:
                q = left[0]
                c = rng.choice(t.hands[q])
                n = len(data["sets"][si - 1]["games"][gi - 1]["plays"])
                out.append(({"set": si, "game": gi, "play": n + 1, "player": q},
                            f"{q} plays {c} after the ranking is settled",
                            _extra_play_record(data, si, gi, {q: [c]})))
        if step.what == "turn" and rule == "daifugo.game-over" and step.play > 1:
            n_games = len(data["sets"][si - 1]["games"])
            if gi < n_games and step.play == len(data["sets"][si - 1]["games"][gi - 1]["plays"]) // 2:
                out.append(({"set": si, "game": gi + 1},
                            f"game {gi + 1} starts while game {gi} stops at play {step.play - 1}",
                            _early_game_record(data, si, gi, step.play - 1)))
    opts = Opts.of(data.get("rules"))
    if rule == "daifugo.game-over" and opts.sets is not None and len(data["sets"]) == opts.sets:
        extra = game(rng.randrange(1 << 30), sets=1, declare_sets=False, players=tuple(data["players"]),
                     **{k: v for k, v in data.get("rules", {}).items() if k != "sets"})
        n = opts.sets + 1
        out.append(({"set": n}, f"set {n} is played in a match of {opts.sets} sets",
                    lambda: {**copy.deepcopy(data), "sets": copy.deepcopy(data["sets"]) + extra.data["sets"]}))
    return out


def _deck_recipes(data: dict[str, Any], step: Step, rng: random.Random) -> list[Recipe]:
    """A player is dealt one of the set's blind cards, or (a deck with fewer than 2 jokers) a joker
    the deck does not have, instead of a natural card they keep. The extra joker is reported at the
    hand that holds one joker more than the deck has, in the order the deal is written."""
    givers = set() if step.prev is None else {step.prev[2], step.prev[3]}
    jokers = Opts.of(data.get("rules")).jokers
    out: list[Recipe] = []
    for p in step.seats:
        if p in givers:
            continue
        kept = [c for c in step.dealt[p] if c != JK and c not in step.gifts.get(p, [])]
        if step.blind:
            b, x = rng.choice(step.blind), rng.choice(kept)
            out.append((_loc(step, p), f"{p} is dealt the blind card {b} instead of {x}",
                        _deck_record(data, step.set, step.game, p, x, b)))
        if jokers < 2:
            x, seen = rng.choice(kept), 0
            for q in step.seats:  # the deal is written in seat order
                seen += step.dealt[q].count(JK) + (q == p)
                if seen > jokers:
                    break
            out.append((_loc(step, q), f"{p} is dealt a joker the {jokers}-joker deck does not have instead of {x}",
                        _deck_record(data, step.set, step.game, p, x, JK)))
    return out


def _exchange_record(data: dict[str, Any], si: int, gi: int, who: str, cards: list[str]) -> Any:
    def build() -> dict[str, Any]:
        d, g = _prefix(data, si, gi)
        g["exchange"][who] = list(cards)
        g.pop("plays", None)
        _drop_results(g)
        return d
    return build


def _deck_record(data: dict[str, Any], si: int, gi: int, p: str, x: str, b: str) -> Any:
    def build() -> dict[str, Any]:
        d, g = _prefix(data, si, gi)
        g["deal"][p] = [b if _norm(c) == x else c for c in g["deal"][p]]
        g.pop("plays", None)
        _drop_results(g)
        return d
    return build


def _ranks_record(data: dict[str, Any], si: int, gi: int, ranks: list[str]) -> Any:
    def build() -> dict[str, Any]:
        d, g = _prefix(data, si, gi)
        g.pop("out", None)
        g.pop("fouls", None)
        g["ranks"] = list(ranks)
        return d
    return build


def _out_record(data: dict[str, Any], si: int, gi: int, order: list[str]) -> Any:
    def build() -> dict[str, Any]:
        d, g = _prefix(data, si, gi)
        g["out"] = list(order)
        return d
    return build


def _fouls_record(data: dict[str, Any], si: int, gi: int, order: list[str], fouls: list[str]) -> Any:
    def build() -> dict[str, Any]:
        d, g = _prefix(data, si, gi)
        g["out"] = list(order)
        g["fouls"] = list(fouls)
        return d
    return build


def _extra_play_record(data: dict[str, Any], si: int, gi: int, entry: dict[str, Any]) -> Any:
    def build() -> dict[str, Any]:
        d = copy.deepcopy(data)
        d["sets"][si - 1]["games"][gi - 1]["plays"].append(entry)
        return d
    return build


def _early_game_record(data: dict[str, Any], si: int, gi: int, keep: int) -> Any:
    """Game gi stops unfinished after `keep` plays; game gi+1 follows as a summary (ranks only)."""
    def build() -> dict[str, Any]:
        d, g = _prefix(data, si, gi + 1)
        games = d["sets"][-1]["games"]
        games[gi - 1]["plays"] = games[gi - 1]["plays"][:keep]
        _drop_results(games[gi - 1])
        games[gi] = {"ranks": games[gi]["ranks"]}
        return d
    return build


def inject(gen: Generated, rule: str, rng: random.Random) -> Fault | None:
    """The record of `gen` with one breach of `rule` and where the checker must report it.

    Everything after the breach that would no longer be consistent is cut off (a record may
    stop after any play), so the breach is the record's only violation. None if this match
    offers no place for it.
    """
    if rule not in FAULT_RULES:
        raise ValueError(f"cannot inject {rule}; can inject {', '.join(FAULT_RULES)}")
    game_level = rule.startswith("daifugo.exchange") or rule in (
        "daifugo.deck", "daifugo.ranking", "daifugo.game-over")
    recipes = (_game_recipes if game_level else _turn_recipes)(gen.data, rule, rng)
    if not recipes:
        return None
    loc, what, build = rng.choice(recipes)
    return Fault(rule, build(), loc, what)
