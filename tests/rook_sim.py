"""A small, separately written Rook simulator for the tests: random legal games to 300.

Written from rook.md directly (cards as plain strings, its own follow rules and scoring),
not from scorekeep's code, so a checker that disagrees with it shows up as a failing test.
Dealer rotation across a seat change: the seats change first, then the deal passes to the
last dealer's left in the new seating (the documented house default).
"""

from __future__ import annotations

import random
from typing import Any

COLORS = "RYBG"
DECK = [f"{c}{n}" for c in COLORS for n in range(5, 15)] + ["Bird"]


def color(card: str) -> str | None:
    return None if card == "Bird" else card[0]


def number(card: str) -> int:
    return 99 if card == "Bird" else int(card[1:])


def value(card: str) -> int:
    if card == "Bird":
        return 20
    return {5: 5, 10: 10, 14: 10}.get(number(card), 0)


def may_play(hand: list[str], led: str | None, trump: str) -> list[str]:
    if led is None:
        return list(hand)
    want = trump if led == "Bird" or color(led) == trump else color(led)
    if want == trump:
        ok = [c for c in hand if c == "Bird" or color(c) == trump]
    else:
        ok = [c for c in hand if color(c) == want]
        if ok and "Bird" in hand:
            ok.append("Bird")
    return ok or list(hand)


def winner_of(trick: list[tuple[str, str]], trump: str) -> str:
    for who, c in trick:
        if c == "Bird":
            return who
    trumps = [(number(c), who) for who, c in trick if color(c) == trump]
    if trumps:
        return max(trumps)[1]
    led = color(trick[0][1])
    return max((number(c), who) for who, c in trick if color(c) == led)[1]


def game(seed: int, *, names: tuple[str, ...] = ("North", "East", "South", "West"),
         summary_share: float = 0.3, pass_share: float = 0.08) -> dict[str, Any]:
    """A complete game as record data, with the totals and winner this simulator scored."""
    rng = random.Random(seed)
    players = list(names)
    team = {p: 0 if i % 2 == 0 else 1 for i, p in enumerate(players)}
    labels = [f"{players[0]}/{players[2]}", f"{players[1]}/{players[3]}"]
    cycle = list(players)
    first = rng.choice(players)
    dealer = first
    totals = [0, 0]
    counted = 0
    hands: list[dict[str, Any]] = []
    winner = None
    while winner is None and len(hands) < 80:
        cards = DECK[:]
        rng.shuffle(cards)
        deal = {p: cards[9 * i:9 * i + 9] for i, p in enumerate(players)}
        nest = cards[36:]
        d = cycle.index(dealer)
        order = [cycle[(d + k) % 4] for k in range(1, 5)]
        # the auction
        calls: list[tuple[str, Any]] = []
        out: set[str] = set()
        high: tuple[str, int] | None = None
        limit = {p: rng.choice([0, 0, 70, 75, 80, 90, 120]) for p in players}
        if rng.random() < pass_share:
            limit = {p: 0 for p in players}
        i = 0
        while True:
            p = order[i % 4]
            i += 1
            if p in out:
                continue
            if high is not None and len(out) == 3:
                break
            if len(out) == 4:
                break
            nxt = 70 if high is None else high[1] + rng.choice([5, 5, 10])
            if nxt <= limit[p] and (high is None or high[0] != p):
                high = (p, nxt)
                calls.append((p, nxt))
            else:
                out.add(p)
                calls.append((p, "pass"))
            if len(out) == 4 or (high is not None and len(out) == 3):
                break
        named = rng.random() < 0.5
        bidding = [{p: c} if named else c for p, c in calls]
        rec: dict[str, Any] = {"dealer": dealer}
        if high is None:
            rec["bidding"] = bidding
            hands.append(rec)
            dealer = cycle[(cycle.index(dealer) + 1) % 4]
            continue
        bidder, bid = high
        held = {p: list(deal[p]) for p in players}
        fourteen = held[bidder] + nest
        rng.shuffle(fourteen)
        discard, held[bidder] = fourteen[:5], fourteen[5:]
        trump = rng.choice(COLORS)
        leader = order[0]
        tricks = []
        captured = [0, 0]
        last = leader
        for _ in range(9):
            s = cycle.index(leader)
            trick: list[tuple[str, str]] = []
            for k in range(4):
                p = cycle[(s + k) % 4]
                c = rng.choice(may_play(held[p], trick[0][1] if trick else None, trump))
                held[p].remove(c)
                trick.append((p, c))
            last = leader = winner_of(trick, trump)
            captured[team[leader]] += sum(value(c) for _, c in trick)
            tricks.append(dict(trick))
        captured[team[last]] += sum(value(c) for c in discard)
        bt = team[bidder]
        scores = [captured[0], captured[1]]
        if captured[bt] < bid:
            scores[bt] = -bid
        summary = rng.random() < summary_share
        if summary:
            if rng.random() < 0.5:
                rec["bid"] = {bidder: bid}
            else:
                rec["bidding"] = bidding
        else:
            rec["bidding"] = bidding
            rec["deal"] = {p: " ".join(deal[p]) for p in players}
            rec["nest"] = list(nest)
            rec["discard"] = list(discard)
            rec["trump"] = {"R": "red", "Y": "yellow", "B": "black", "G": "green"}[trump]
            rec["tricks"] = tricks
        rec["points"] = {labels[0]: captured[0], labels[1]: captured[1]}
        rec["scores"] = {labels[0]: scores[0], labels[1]: scores[1]}
        hands.append(rec)
        totals[0] += scores[0]
        totals[1] += scores[1]
        over = [t for t in (0, 1) if totals[t] >= 300]
        if len(over) == 1:
            winner = labels[over[0]]
        elif len(over) == 2 and totals[0] != totals[1]:
            winner = labels[0] if totals[0] > totals[1] else labels[1]
        counted += 1
        if counted % 4 == 0:
            cycle = [cycle[0], cycle[3], cycle[2], cycle[1]]  # a partnership swaps: the order reverses
        dealer = cycle[(cycle.index(dealer) + 1) % 4]
    data = {"game": "rook", "players": players, "first_dealer": first, "hands": hands}
    return {"data": data, "totals": {labels[0]: totals[0], labels[1]: totals[1]}, "winner": winner}
