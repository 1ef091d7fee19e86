"""Random legal Rook matches for `scorekeep demo`: every call, discard, trump and card is drawn from
the engine's legal moves, reproducible from the seed. The policy is biased so that short matches
still show the rare rules (the Bird led or forced out, sets, the seat change, both teams over the
target, ties: near the end it tries a few hands towards the ending chosen from the seed).

    game(seed, **knobs) -> Generated     knobs: players, first_dealer, steer (None, "tie",
                                         "both-over"), and any house rule of `DEFAULTS`
"""

# No `from __future__ import annotations`: with it, NamedTuple makes each field's annotation text a
# ForwardRef, compiling it, which took a third of this module's import time.

import random
from typing import Any, NamedTuple

from ...generate import Generated, dump

DEFAULTS: dict[str, Any] = {"target": 300, "seat_change_every": 4, "seat_change_deal": "new-left",
                            "all_pass": "redeal", "min_bid": 70, "max_bid": 120, "bid_step": 5, "bird": "highest"}
PLAYERS = ("North", "East", "South", "West")
STEER_TRIES = 10
"""Near the target, the hands one hand may try towards the chosen ending (`steer`)."""
STEER_BUDGET = 60
"""The hands a whole match may try beyond those it keeps. A tie is rare: with 20 tries for every hand
near the target and no limit, a match steered towards one ran to 36 hands and 302 tried (`demo rook
--seed 5`: three times the start-up of the other seeds). Spent, the match plays on unsteered; 10
tries a hand within 60 still give 5 ties in 30 matches steered to one at target 150."""
FEATURES = ("bird-led", "forced-bird", "bird-anytime", "set", "made", "seat-change", "both-over", "tie",
            "all-pass", "nest-to-defenders")


class _Hand(NamedTuple):
    """One hand as played: its entry in the record, its scores (None: thrown in), the rare rules it shows."""

    entry: dict[str, Any]
    scores: dict[str, int] | None
    features: set[str]


def _card_order(c: Any) -> tuple[int, int]:
    """The record's order for a holding: by color R Y B G, low to high, the Bird last."""
    return (4, 0) if c.is_bird else ("RYBG".index(c.color), c.number)


def _cards(cs: Any) -> list[str]:
    return [str(c) for c in sorted(cs, key=_card_order)]


def _play_hand(rng: random.Random, table: Any, number: int, dealer: str, order: tuple[str, ...]) -> _Hand:
    """Deal, bid, exchange, name trump and play one hand, every move among the engine's legal ones."""
    from .cards import COLOR_NAME
    from .engine import HAND_CARDS, HandPosition

    deck = sorted(table.deck, key=_card_order)
    rng.shuffle(deck)
    seats = list(table.players)
    deal = {p: deck[HAND_CARDS * i:HAND_CARDS * (i + 1)] for i, p in enumerate(seats)}
    nest = deck[4 * HAND_CARDS:]
    pos, found = HandPosition.deal(table, number, dealer, order, deal, nest)
    assert not found
    calls = _auction(rng, pos, seats)
    entry: dict[str, Any] = {"dealer": dealer, "bidding": [{p: "pass" if a is None else a} for p, a in calls]}
    features: set[str] = set()
    if pos.all_pass:
        features.add("all-pass")
        forced = pos.all_pass_winner()
        if forced is None:
            return _Hand(entry, None, features)
        pos.won(*forced, True)
    else:
        assert pos.high is not None
        pos.won(*pos.high)
    discard, trump = _exchange(rng, pos)
    _play_tricks(rng, pos, features)
    scores = _settle(table, pos, discard, features)
    points, labels = pos.captured(), table.teams.labels
    entry.update(deal={p: _cards(cs) for p, cs in deal.items()}, nest=_cards(nest), discard=_cards(discard),
                 trump=COLOR_NAME[trump], tricks=[{pl.player: str(pl.card) for pl in tr.plays} for tr in pos.tricks],
                 points={t: points[t] for t in labels}, scores={t: scores[t] for t in labels})
    return _Hand(entry, scores, features)


def _auction(rng: random.Random, pos: Any, seats: list[str]) -> list[tuple[str, int | None]]:
    """The calls: each player bids up to a limit of their own (some never bid: all four passing
    happens, and so do bids close to the maximum, which are often set). A call is the first legal
    move (a pass) or one of the three lowest legal bids within the limit, drawn from the engine's
    legal moves as they are judged (lowest first: nobody reads past those)."""
    limits = {p: rng.choices((0, 80, 95, 110, 120), (0.3, 0.3, 0.2, 0.15, 0.05))[0] for p in seats}
    calls: list[tuple[str, int | None]] = []
    while pos.phase == "call" and not pos.ended:
        who = pos.to_act
        assert who is not None
        first, bids = None, []
        for m in pos.iter_legal():
            first = first or m
            if m.amount is not None:
                if m.amount > limits[who] or len(bids) == 3:
                    break
                bids.append(m)
        assert first is not None
        m = rng.choice(bids) if bids and rng.random() < 0.9 else first
        assert not pos.push(m)
        calls.append((who, m.amount))
    return calls


def _exchange(rng: random.Random, pos: Any) -> tuple[tuple[Any, ...], str]:
    """Trump: the color the bid winner holds most of; put back the lowest cards of the others (now
    and then a counter, which the defenders may then win with the last trick). The discard is the
    first of the engine's legal discards with the cards taken in that order (the 2,002 candidates
    are judged one by one as asked, so only the first is). Returns the discard and trump."""
    assert pos.bidder is not None and pos.pool is not None
    trump = max("RYBG", key=lambda c: (sum(1 for x in pos.pool if x.color == c), rng.random()))
    pool = sorted(pos.pool, key=_card_order)  # a set: never let its order reach the random choices
    rank = {c: (c.is_bird or c.color == trump, c.number + rng.random() * 6) for c in pool}
    m = next(pos.iter_legal(card_order=rank.__getitem__))
    pos.push(m)
    pos.push(next(x for x in pos.legal_moves() if x.color == trump))
    return m.cards, trump


def _play_tricks(rng: random.Random, pos: Any, features: set[str]) -> None:
    """The nine tricks: any legal card, the Bird or a trump led now and then."""
    from .model import CardMove

    while pos.phase == "play":
        moves = pos.legal_moves()
        p = pos.to_act
        led = pos.plays[0].card if pos.plays else None
        bird = [x for x in moves if x.card.is_bird]
        if led is None:
            trumps = [x for x in moves if x.card.color == pos.trump]
            if bird and rng.random() < 0.5:
                choice = bird[0]  # lead the Bird: it calls for trump (rook.bird-led)
            elif trumps and rng.random() < 0.3:
                choice = rng.choice(trumps)  # a trump lead may force the Bird out
            else:
                choice = rng.choice(moves)
        else:
            choice = rng.choice(moves)
        if choice.card.is_bird and led is not None:
            held = pos.held[p]
            if len(moves) == 1 and (led.color == pos.trump):
                features.add("forced-bird")
            elif not led.is_bird and led.color != pos.trump and any(c.color == led.color for c in held):
                features.add("bird-anytime")
        if choice.card.is_bird and led is None:
            features.add("bird-led")
        assert isinstance(choice, CardMove) and not pos.push(choice)


def _settle(table: Any, pos: Any, discard: tuple[Any, ...], features: set[str]) -> dict[str, int]:
    """The hand's result (the points captured, the nest with the last trick) made, and its scores."""
    from .model import ResultMove
    from .score import hand_scores, made

    bidder = pos.bidder
    points = pos.captured()
    assert points is not None and pos.legal_moves() == [ResultMove(tuple(points[t] for t in table.teams.labels))]
    last = pos.tricks[-1].winner
    if table.teams.of[last] != table.teams.of[bidder] and sum(c.points for c in discard):
        features.add("nest-to-defenders")
    pos.push(pos.legal_moves()[0])
    assert pos.amount is not None
    team = table.teams.of[bidder]
    features.add("made" if made(pos.amount, points[team]) else "set")
    return hand_scores(team, pos.amount, points)


def game(seed: int, **knobs: Any) -> Generated:
    """A complete legal Rook match to the target, reproducible from the seed."""
    from .engine import DealPosition, Table, seating
    from .record import default_teams
    from .score import game_winner

    unknown = set(knobs) - {"players", "first_dealer", "steer", *DEFAULTS}
    if unknown:
        raise TypeError(f"unknown knobs: {sorted(unknown)}")
    rng = random.Random(seed)
    players = tuple(knobs.get("players") or PLAYERS)
    opts = dict(DEFAULTS)
    for k in DEFAULTS:  # (the engine plays any house rule: every move is drawn from its legal moves)
        if k in knobs:
            opts[k] = knobs[k]
    teams = default_teams(players)
    table = Table.of(players, teams, opts)
    labels = teams.labels
    first = knobs.get("first_dealer") or rng.choice(players)
    steer = knobs["steer"] if "steer" in knobs else rng.choices((None, "tie", "both-over"), (0.6, 0.2, 0.2))[0]
    target, every = opts["target"], opts["seat_change_every"]
    totals = {t: 0 for t in labels}
    hands: list[_Hand] = []
    features: set[str] = set()
    played = 0
    prev: tuple[str, tuple[str, ...]] | None = None
    winner: str | None = None
    spare = STEER_BUDGET  # the tries left beyond the hands kept
    while winner is None:
        if len(hands) >= 400:
            raise RuntimeError("match did not end")
        order = seating(players, played // every if every else 0)
        last, last_order = prev if prev is not None else (None, order)
        dealing = DealPosition(table, len(hands) + 1, first, last, None, last_order, order, played)
        dealer = dealing.legal_moves()[0].dealer  # the engine's: the rotation and the seat change
        h, spare = _steered(rng, table, len(hands) + 1, dealer, order, steer, totals, target, spare)
        hands.append(h)
        features |= h.features
        if h.scores is not None:
            played += 1
            for t in labels:
                totals[t] += h.scores[t]
            if all(v >= target for v in totals.values()):
                features.add("tie" if totals[labels[0]] == totals[labels[1]] else "both-over")
            winner = game_winner(totals, target)
            if winner is None and steer == "tie" and "tie" in features:
                steer = None
        prev = (dealer, order)
    if every and played > every:
        features.add("seat-change")
    data: dict[str, Any] = {"game": "rook", "title": f"Random Rook match (seed {seed})", "players": list(players)}
    shown = {k: v for k, v in opts.items() if v != DEFAULTS[k]}
    if shown:
        data["rules"] = shown
    data["first_dealer"] = first
    data["hands"] = [h.entry for h in hands]
    return Generated("rook", data, dict(totals), winner, (), frozenset(features))


def _steered(rng: random.Random, table: Any, number: int, dealer: str, order: tuple[str, ...], steer: str | None,
             totals: dict[str, int], target: int, spare: int) -> tuple[_Hand, int]:
    """The next hand; near the target, the best of a few tries towards the `steer` ending, within
    the `spare` tries left. Also the tries left after it."""
    if not (steer and spare > 0 and max(totals.values()) >= target - 150):
        return _play_hand(rng, table, number, dealer, order), spare
    best: tuple[tuple[Any, ...], _Hand] | None = None
    for k in range(min(STEER_TRIES, spare + 1)):
        cand = _play_hand(rng, table, number, dealer, order)
        key = _goal_key(steer, totals, cand, target)
        if best is None or key < best[0]:
            best = (key, cand)
        if key[0] == 0:
            break
    assert best is not None
    return best[1], spare - k


def _goal_key(goal: str, totals: dict[str, int], h: _Hand, target: int) -> tuple[Any, ...]:
    """How well a candidate hand steers towards the chosen ending (0 first: reached)."""
    if h.scores is None:
        return (2, 0)
    a, b = (totals[t] + h.scores[t] for t in totals)
    if goal == "tie":
        if a == b >= target:
            return (0, 0)
        over = max(a, b) >= target and a != b  # the match would end without the tie
        return (1, over, abs(a - b) // 10, -min(a, b))
    if min(a, b) >= target and a != b:
        return (0, 0)
    return (1, abs(a - b) // 20, -min(a, b))


__all__ = ["DEFAULTS", "FEATURES", "game", "dump"]
