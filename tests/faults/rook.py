"""Single faults injected into the oracle's Rook matches (`oracle.rook`): the same match with one
breach of one rule, and the 1-based location where a checker must report it.

    inject(gen, rule, rng) -> RookFault|None
    FAULT_RULES                              the rule ids `inject` can produce
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from oracle.rook import (BIRD, COUNTER, FAULT_RULES, AuctionHook, Call, Hand, Match, State, Style, Trick, _card,
                         _loc, _nest_moved, _ordinary, advance, auction, card_text, clockwise, exchange, extend,
                         held_after_exchange, left, legal, mistaken_scores, nest_size, new_hand, next_dealer,
                         outcome, play, render, score, state_before, trace, winner)
from scorekeep.generate import Generated, dump

from . import Fault


@dataclass(frozen=True)
class RookFault(Fault):
    """An injected fault that also carries the generator's model (for `judge`)."""

    model: Match | None = field(default=None, compare=False, repr=False)

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return dump(self.data)


# ---------------------------------------------------------------- faults

Made = tuple[dict[str, Any], str] | None
"""An injector's result: the expected location and what was changed; None if impossible here."""


def _clone(m: Match) -> Match:
    """A copy of the match that injectors may change freely (much faster than deepcopy)."""
    def hand(h: Hand) -> Hand:
        return Hand(h.dealer, h.order, {p: list(cs) for p, cs in h.deal.items()}, list(h.nest),
                    [Call(c.player, c.amount, c.named) for c in h.calls], h.winner, h.bid, h.forced,
                    list(h.discard), h.trump, [list(t) for t in h.tricks], list(h.points), set(h.show),
                    copy.copy(h.style), h.rec_points and list(h.rec_points), h.rec_scores and list(h.rec_scores),
                    h.rec_trump, h.void, h.cut)

    out = copy.copy(m)
    out.hands = [hand(h) for h in m.hands]
    return out


def _played(m: Match) -> list[int]:
    return [i for i, h in enumerate(m.hands) if h.winner is not None]


def _resettle(rng: random.Random, m: Match, keep: int) -> bool:
    """After hand `keep` changed its scores: cut the match where it is now won, or play on until
    it is. False if hand `keep` itself is no longer part of the match."""
    st = State(0, m.first_dealer, 0, [0, 0])
    for j, h in enumerate(m.hands):
        st = advance(m, st, h)
        if outcome(st.totals, m.opts["target"]) is not None:
            del m.hands[j + 1:]
            return keep <= j
    extend(rng, m)
    return True


def _replay(rng: random.Random, m: Match, i: int, at: tuple[int, int],
            bad: Callable[[str, list[int], Trick, list[int]], int | None],
            leaders: dict[int, str] | None = None) -> dict[str, list[int]]:
    """Replay hand i as recorded up to play `at` (trick, position), let `bad` choose that play,
    then play on at random (legally, from what the record now says happened)."""
    h = m.hands[i]
    orig = h.tricks

    def choose(t: int, k: int, p: str, held: list[int], trick: Trick, lg: list[int]) -> int | None:
        if (t, k) < at:
            assert orig[t][k][0] == p
            return orig[t][k][1]
        if (t, k) == at:
            return bad(p, held, trick, lg)
        return None

    return play(rng, m, h, choose, leaders)


def _full(m: Match, i: int, deal: bool = True) -> None:
    h = m.hands[i]
    h.show |= {"bidding", "trump", "tricks"} | ({"deal", "nest", "discard"} if deal else set())
    if not deal:
        h.show.discard("deal")


def _inj_deck(m: Match, rng: random.Random) -> Made:
    """A card the bid winner discarded from their own deal is written as a copy of another
    player's card (same counter value, so no points change): that card is in the deck twice. Or
    as a card not in the deck: a 1-4, or under `bird: off` the Bird."""
    for i in rng.sample(_played(m), len(_played(m))):
        h = m.hands[i]
        w = h.winner
        own = [x for x in h.discard if x in h.deal[w] and x != BIRD]  # type: ignore[index]
        if not own:
            continue
        x = rng.choice(own)
        held = set(h.deal[w] + h.nest)  # type: ignore[index]
        zs = [z for z in range(40) if z not in held and COUNTER[z] == COUNTER[x]]
        if not zs:
            continue
        if not COUNTER[x] and rng.random() < 0.3:  # a card that is not in the deck at all (worth nothing)
            u = BIRD if m.opts["bird"] == "off" and rng.random() < 0.5 else 41 + (x // 10) * 4 + rng.randrange(4)
            h.deal[w] = [u if c == x else c for c in h.deal[w]]  # type: ignore[index]
            h.discard = [u if c == x else c for c in h.discard]
            _full(m, i)
            return _loc(i, player=w), f"hand {i + 1}: {w} dealt {_card(u, Style())} instead of {card_text(x)}"
        z = rng.choice(zs)
        q = next(p for p in m.players if z in h.deal[p])
        h.deal[w] = sorted(z if c == x else c for c in h.deal[w])  # type: ignore[index]
        h.discard = sorted(z if c == x else c for c in h.discard)
        _full(m, i)
        order = m.players if h.style.deal_order == "players" else clockwise(h.order, left(h.order, h.dealer))
        second = max((w, q), key=order.index)  # type: ignore[arg-type]
        return _loc(i, player=second), f"hand {i + 1}: {w} dealt {card_text(z)} (also {q}'s) instead of {card_text(x)}"
    return None


def _inj_deal(m: Match, rng: random.Random) -> Made:
    """One card moves between the nest and the bid winner's deal (they still hold 14)."""
    i = rng.choice(_played(m))
    h = m.hands[i]
    w = h.winner
    assert w is not None
    if rng.random() < 0.5:
        c = rng.choice(h.nest)
        h.nest.remove(c)
        h.deal[w] = sorted(h.deal[w] + [c])
        what = f"{card_text(c)} moved from the nest to {w}'s deal (10 cards, nest {len(h.nest)})"
    else:
        c = rng.choice(h.deal[w])
        h.deal[w].remove(c)
        h.nest = sorted(h.nest + [c])
        what = f"{card_text(c)} moved from {w}'s deal to the nest (8 cards, nest {len(h.nest)})"
    _full(m, i)
    return _loc(i, player=w), f"hand {i + 1}: {what}"


def _inj_dealer(m: Match, rng: random.Random) -> Made:
    """A wrong dealer; that hand and all later ones are dealt, bid and played from it."""
    i = rng.randrange(len(m.hands))
    st = state_before(m, i)
    wrong = [p for p in m.players if p != st.dealer]
    if i and m.hands[i - 1].winner is not None:
        # at a seat change, not the dealer the other seating would give (that is rook.seat-change)
        other = next_dealer(m, st.counted, m.hands[i - 1].dealer, other=True)
        wrong = [p for p in wrong if p != other]
    elif not i:
        m.show_first_dealer = True
    d = rng.choice(wrong)
    del m.hands[i:]
    h = new_hand(rng, m, st, dealer=d)
    h.show.add("dealer")
    m.hands.append(h)
    extend(rng, m)
    return _loc(i, player=d), f"hand {i + 1} dealt by {d} instead of {st.dealer}"


def _inj_seat_change(m: Match, rng: random.Random) -> Made:
    """The first hand after a seat change is dealt as if the seats had not changed (or, under
    `seat_change_deal: old-left`, as if the deal passed in the new seating); the hand and the
    rest of the match are played from that dealer."""
    cands = [i for i in range(1, len(m.hands)) if m.hands[i].order != m.hands[i - 1].order]
    if not cands:
        return None
    i = rng.choice(cands)
    st = state_before(m, i)
    d = next_dealer(m, st.counted, m.hands[i - 1].dealer, other=True)
    del m.hands[i:]
    h = new_hand(rng, m, st, dealer=d)
    h.show.add("dealer")
    m.hands.append(h)
    extend(rng, m)
    return _loc(i, player=d), f"hand {i + 1} dealt by {d} (the seat change missed), not {st.dealer}"


def _reauction(rng: random.Random, m: Match, i: int, hook: AuctionHook) -> bool:
    """Hand i again from the same deal, with a breach in the auction; the hand must be played."""
    h = m.hands[i]
    for _ in range(30):
        hook.player = None
        auction(rng, m, h, hook)
        if hook.player is not None and h.winner is not None and not h.forced:
            break
    else:
        return False
    exchange(rng, h)
    play(rng, m, h)
    for c in h.calls:
        c.named = True
    h.show |= {"bidding"}
    h.show.discard("bid")
    return _resettle(rng, m, i)


def _inj_bid_order(m: Match, rng: random.Random) -> Made:
    i = rng.choice(_played(m))
    hook = AuctionHook("skip", rng.randrange(4))
    if not _reauction(rng, m, i, hook):
        return None
    return _loc(i, player=hook.player), f"hand {i + 1}: {hook.player} called out of turn"


def _inj_bid_after_pass(m: Match, rng: random.Random) -> Made:
    i = rng.choice(_played(m))
    hook = AuctionHook("after-pass", rng.randrange(3))
    if not _reauction(rng, m, i, hook):
        return None
    return _loc(i, player=hook.player), f"hand {i + 1}: {hook.player} bid after passing"


def _bids(h: Hand) -> list[int]:
    return [k for k, c in enumerate(h.calls) if c.amount is not None]


def _rebid(rng: random.Random, m: Match, i: int, k: int, amount: int) -> bool:
    """Call k of hand i becomes `amount`; if it was the winning bid the contract changes too."""
    h = m.hands[i]
    was_winner = k == _bids(h)[-1]
    h.calls[k].amount = amount
    h.show.add("bidding")
    h.show.discard("bid")
    if was_winner:
        h.bid = amount
        h.show.discard("scores")
        return _resettle(rng, m, i)
    return True


def _inj_bid_minimum(m: Match, rng: random.Random) -> Made:
    cands = [i for i in _played(m) if _bids(m.hands[i])]
    if not cands:
        return None
    i = rng.choice(cands)
    h = m.hands[i]
    k = _bids(h)[0]
    v = m.opts["min_bid"] - m.opts["bid_step"] * rng.randint(1, 3)
    p = h.calls[k].player
    if not _rebid(rng, m, i, k, v):
        return None
    return _loc(i, player=p), f"hand {i + 1}: {p} opened at {v}"


def _inj_bid_step(m: Match, rng: random.Random) -> Made:
    """A raise that is not a multiple of 5 or not 5 above the highest bid (never the winning
    bid, and the next bid still clears it, so nothing else changes)."""
    cands = [(i, k) for i in _played(m) for k in _bids(m.hands[i])[1:-1]]
    if not cands:
        return None
    i, k = rng.choice(cands)
    h = m.hands[i]
    step = m.opts["bid_step"]
    high = max(c.amount for c in h.calls[:k] if c.amount is not None)
    v = rng.choice((high, high - step, high + rng.randint(1, step - 1)))
    h.calls[k].amount = v
    h.show.add("bidding")
    p = h.calls[k].player
    return _loc(i, player=p), f"hand {i + 1}: {p} bid {v} over {high}"


def _inj_bid_maximum(m: Match, rng: random.Random) -> Made:
    cands = [i for i in _played(m) if _bids(m.hands[i])]
    if not cands:
        return None
    i = rng.choice(cands)
    h = m.hands[i]
    k = _bids(h)[-1]
    v = m.opts["max_bid"] + m.opts["bid_step"] * rng.randint(1, 2)
    p = h.calls[k].player
    if not _rebid(rng, m, i, k, v):
        return None
    return _loc(i, player=p), f"hand {i + 1}: {p} bid {v}"


def _inj_bid_end(m: Match, rng: random.Random) -> Made:
    """The bid winner calls again after the auction is over."""
    cands = [i for i in _played(m) if not m.hands[i].forced]
    if not cands:
        return None
    i = rng.choice(cands)
    h = m.hands[i]
    h.calls.append(Call(h.winner, None, True))  # type: ignore[arg-type]
    h.show.add("bidding")
    return _loc(i, player=h.winner), f"hand {i + 1}: {h.winner} passed after winning the auction"


def _inj_trump(m: Match, rng: random.Random) -> Made:
    """The record says there was no trump (a summary hand: its tricks are not written)."""
    i = rng.choice(_played(m))
    h = m.hands[i]
    h.rec_trump = rng.choice(("none", "None", "no trump"))
    h.show -= {"tricks"}
    h.show |= {"trump", "points"}
    if not ({"bidding", "bid"} & h.show):
        h.show.add("bidding")
    if h.forced:
        h.show.add("bid")
    h.rec_points = None
    return _loc(i, player=h.winner), f"hand {i + 1}: trump written as {h.rec_trump!r}"


def _inj_all_pass(m: Match, rng: random.Random) -> Made:
    """All four pass (house default: the hand is thrown in), but the record plays and scores the
    hand anyway; it does not count, so the later hands are dealt from the seating that follows."""
    if m.opts["all_pass"] != "redeal":
        return None
    i = rng.choice(_played(m))
    h = m.hands[i]
    seats = clockwise(h.order, left(h.order, h.dealer))
    h.calls = [Call(p, None, rng.random() < 0.5) for p in seats]
    h.show.add("bidding")
    h.show.discard("bid")
    if "scores" in h.show:
        h.rec_scores = score(m, h)  # as the sheet scored it
    h.void = True
    del m.hands[i + 1:]
    extend(rng, m)
    return _loc(i), f"hand {i + 1}: all four passed, but the hand was played"


def _inj_nest_exchange(m: Match, rng: random.Random) -> Made:
    """The bid winner puts back one card too few (4; 3 without the Bird); the one kept is a
    non-counter that never makes any of their plays illegal."""
    for i in rng.sample(_played(m), len(_played(m))):
        h = m.hands[i]
        w = h.winner
        for y in rng.sample(h.discard, len(h.discard)):
            if COUNTER[y]:
                continue
            ok = all(c in legal(held + [y], trick[0][1] if trick else None, h.trump)
                     for t, k, p, c, held, trick in trace(h) if p == w)
            if ok:
                h.discard.remove(y)
                _full(m, i)
                return _loc(i, player=w), f"hand {i + 1}: {w} put back {nest_size(m) - 1} cards, kept {card_text(y)}"
    return None


def _inj_turn_order(m: Match, rng: random.Random) -> Made:
    i = rng.choice(_played(m))
    h = m.hands[i]
    t = rng.randrange(9)
    _full(m, i, deal="deal" in h.show)
    if rng.random() < 0.3:  # two followers swap places
        k = rng.randrange(1, 3)
        trick = h.tricks[t]
        trick[k], trick[k + 1] = trick[k + 1], trick[k]
        p = trick[k][0]
        return _loc(i, t, p), f"hand {i + 1} trick {t + 1}: {p} played before {trick[k + 1][0]}"
    leader = h.tricks[t][0][0]
    wrong = rng.choice([p for p in m.players if p != leader])
    _replay(rng, m, i, (t, 0), lambda p, held, trick, lg: None, {t: wrong})
    if not _resettle(rng, m, i):
        return None
    return _loc(i, t, wrong), f"hand {i + 1} trick {t + 1} led by {wrong} instead of {leader}"


def _plays(h: Hand, test: Callable[[int, int, str, int, list[int], Trick], bool]) -> list[tuple[int, int]]:
    return [(t, k) for t, k, p, c, held, trick in trace(h) if test(t, k, p, c, held, trick)]


def _revoke(m: Match, rng: random.Random, i: int, at: tuple[int, int],
            wrong: Callable[[list[int], Trick], list[int]], deal: bool) -> Made:
    who: list[str] = []

    def bad(p: str, held: list[int], trick: Trick, lg: list[int]) -> int:
        who.append(p)
        return rng.choice(wrong(held, trick))

    _full(m, i, deal)
    _replay(rng, m, i, at, bad)
    if not _resettle(rng, m, i):
        return None
    return _loc(i, at[0], who[0]), f"hand {i + 1} trick {at[0] + 1}: {who[0]} revoked" + (
        "" if deal else " (no deal written)")


def _inj_follow_color(m: Match, rng: random.Random) -> Made:
    """A player holding the led color plays another (not the Bird); with or without the deal
    (then a later play of that color proves it)."""
    def can(t: int, k: int, p: str, c: int, held: list[int], trick: Trick) -> bool:
        if k == 0 or trick[0][1] == BIRD:
            return False
        color = trick[0][1] // 10
        return bool(_ordinary(held, color)) and any(x != BIRD and x // 10 != color for x in held)

    deal = rng.random() < 0.6
    cands = [(i, tk) for i in _played(m) for tk in _plays(m.hands[i], can)]
    if not deal:
        # trump led to a holder of trump and the Bird: the later Bird would muddle the proof
        cands = [(i, (t, k)) for i, (t, k) in cands if not _trump_and_bird(m.hands[i], t, k)]
    if not cands:
        return None
    i, at = rng.choice(cands)
    return _revoke(m, rng, i, at, lambda held, trick: [x for x in held if x != BIRD and x // 10 != trick[0][1] // 10],
                   deal)


def _trump_and_bird(h: Hand, t: int, k: int) -> bool:
    held = next(held for tt, kk, p, c, held, trick in trace(h) if (tt, kk) == (t, k))
    return h.tricks[t][0][1] // 10 == h.trump and BIRD in held


def _inj_bird_must_follow(m: Match, rng: random.Random) -> Made:
    """Trump is led; a player whose only trump is the Bird plays something else. The trick is
    re-led with trump if need be."""
    cands = []
    for i in _played(m):
        h = m.hands[i]
        held = held_after_exchange(h)
        for t, trick in enumerate(h.tricks):
            leader = trick[0][0]
            if _ordinary(held[leader], h.trump):
                for k, (p, _) in enumerate(trick[1:], 1):
                    if BIRD in held[p] and not _ordinary(held[p], h.trump) and len(held[p]) > 1:
                        cands.append((i, t, k))
            for p, c in trick:
                held[p].remove(c)
    if not cands:
        return None
    i, t, k = rng.choice(cands)
    h = m.hands[i]
    victim = h.tricks[t][k][0]

    def choose(tt: int, kk: int, p: str, held: list[int], trick: Trick, lg: list[int]) -> int | None:
        if tt < t:
            return h.tricks[tt][kk][1]
        if tt == t and kk == 0:
            return rng.choice(_ordinary(held, h.trump))
        if tt == t and p == victim:
            return rng.choice([x for x in held if x != BIRD])
        return None

    deal = rng.random() < 0.6
    _full(m, i, deal)
    play(rng, m, h, choose)
    if not _resettle(rng, m, i):
        return None
    return _loc(i, t, victim), f"hand {i + 1} trick {t + 1}: {victim} kept the Bird back" + (
        "" if deal else " (no deal written)")


def _inj_bird_led(m: Match, rng: random.Random) -> Made:
    """The Bird is led; a player holding trump plays another color. The trick is re-led with
    the Bird if need be."""
    cands = []
    for i in _played(m):
        h = m.hands[i]
        held = held_after_exchange(h)
        for t, trick in enumerate(h.tricks):
            if BIRD in held[trick[0][0]]:
                for k, (p, _) in enumerate(trick[1:], 1):
                    if _ordinary(held[p], h.trump) and any(x // 10 != h.trump for x in held[p]):
                        cands.append((i, t, k))
            for p, c in trick:
                held[p].remove(c)
    if not cands:
        return None
    i, t, k = rng.choice(cands)
    h = m.hands[i]
    victim = h.tricks[t][k][0]

    def choose(tt: int, kk: int, p: str, held: list[int], trick: Trick, lg: list[int]) -> int | None:
        if tt < t:
            return h.tricks[tt][kk][1]
        if tt == t and kk == 0:
            return BIRD
        if tt == t and p == victim:
            return rng.choice([x for x in held if x // 10 != h.trump and x != BIRD])
        return None

    deal = rng.random() < 0.7
    _full(m, i, deal)
    play(rng, m, h, choose)
    if not _resettle(rng, m, i):
        return None
    return _loc(i, t, victim), f"hand {i + 1} trick {t + 1}: {victim} did not follow the Bird with trump" + (
        "" if deal else " (no deal written)")


def _inj_card_not_held(m: Match, rng: random.Random) -> Made:
    """A player plays a card of the new nest (no counter, and one they could have played had they
    held it); they keep the card they should have played, which must be a non-counter at the end."""
    cands = []
    for i in _played(m):
        h = m.hands[i]
        zs = [z for z in h.discard if z != BIRD and not COUNTER[z]]
        for t, k, p, c, held, trick in trace(h) if zs else ():
            led = trick[0][1] if trick else None
            cands += [(i, t, k, z) for z in zs if t < 8 and z in legal(held + [z], led, h.trump)]
    if not cands:
        return None
    i, t, k, z = rng.choice(cands)
    h = m.hands[i]
    p = h.tricks[t][k][0]
    orig = h.tricks
    for _ in range(5):
        h.tricks = orig
        rest = _replay(rng, m, i, (t, k), lambda p, held, trick, lg: z)
        if not any(COUNTER[c] for cs in rest.values() for c in cs):
            break
    else:
        return None
    _full(m, i)
    if not _resettle(rng, m, i):
        return None
    return _loc(i, t, p), f"hand {i + 1} trick {t + 1}: {p} played {card_text(z)} from the nest"


def _inj_points_total(m: Match, rng: random.Random) -> Made:
    """A summary hand whose points do not add up to the deck's counters (120; 100 without the Bird);
    scored from what is written."""
    i = rng.choice(_played(m))
    h = m.hands[i]
    t = rng.randrange(2)
    h.points[t] += rng.choice((-10, -5, 5, 10, 20))
    if h.points[t] < 0:
        h.points[t] += 30
    h.show -= {"tricks", "deal", "nest", "discard", "scores"}
    h.show |= {"points"}
    if not ({"bidding", "bid"} & h.show):
        h.show.add("bidding")
    if h.forced:
        h.show.add("bid")
    h.rec_points = None
    if not _resettle(rng, m, i):
        return None
    return _loc(i), f"hand {i + 1}: points {h.points}"


def _inj_points_recorded(m: Match, rng: random.Random) -> Made:
    """The written points (tricks given) or the written scores differ from the computed ones, by
    a slip that is not one of the misreadings rook.nest-to-last-trick and rook.contract name."""
    i = rng.choice(_played(m))
    h = m.hands[i]
    if "tricks" not in h.show:
        _full(m, i, "deal" in h.show)
    real = score(m, h)
    wt = m.team(h.winner)  # type: ignore[arg-type]
    if rng.random() < 0.5:
        for d in rng.sample((5, 10, 15, 20, -5, -10, -15, -20), 8):
            pts = [h.points[0] + d, h.points[1] - d]
            if min(pts) >= 0 and pts != _nest_moved(m, h):
                break
        else:
            return None
        h.rec_points = pts
        h.show.add("points")
        _alt_scores(m, h, rng)
        return _loc(i), f"hand {i + 1}: points written {pts}, really {h.points}"
    wrong = list(real)
    t = rng.randrange(2)
    for d in rng.sample((-10, -5, 5, 10, 20), 5):
        wrong[t] = real[t] + d
        if t != wt or wrong[t] not in mistaken_scores(h.bid, h.points[wt]):  # type: ignore[arg-type]
            break
    else:
        return None
    h.rec_scores = wrong
    h.show.add("scores")
    return _loc(i), f"hand {i + 1}: scores written {wrong}, really {real}"


def _alt_scores(m: Match, h: Hand, rng: random.Random) -> None:
    """Scores left out, or written as they follow from the (wrong) written points: the same
    mistake, which the checker must report once."""
    if rng.random() < 0.5:
        h.show.discard("scores")
    else:
        h.show.add("scores")
        h.rec_scores = score(m, Hand(h.dealer, h.order, {}, [], winner=h.winner, bid=h.bid, points=h.rec_points))


def _inj_nest_to_last_trick(m: Match, rng: random.Random) -> Made:
    """The written points give the nest to the other team than the 9th trick's winner (mostly:
    to the bidding team, although the other team won the last trick)."""
    cands = [i for i in _played(m) if _nest_moved(m, m.hands[i]) is not None]
    if not cands:
        return None
    usual = [i for i in cands
             if m.team(m.hands[i].tricks[8][winner(m.hands[i].tricks[8], m.hands[i].trump)][0])
             != m.team(m.hands[i].winner)]  # type: ignore[arg-type]
    i = rng.choice(usual if usual and rng.random() < 0.8 else cands)
    h = m.hands[i]
    _full(m, i, "deal" in h.show)
    h.rec_points = _nest_moved(m, h)
    h.show.add("points")
    _alt_scores(m, h, rng)
    return _loc(i), f"hand {i + 1}: the nest's points written to the wrong team: {h.rec_points}, really {h.points}"


def _inj_contract(m: Match, rng: random.Random) -> Made:
    """The bidding team's written score follows a misreading of the contract (made: the bid, or
    bid + captured; set: captured − bid, or captured)."""
    i = rng.choice(_played(m))
    h = m.hands[i]
    wt = m.team(h.winner)  # type: ignore[arg-type]
    wrongs = sorted(mistaken_scores(h.bid, h.points[wt]))  # type: ignore[arg-type]
    if not wrongs:
        return None
    real = score(m, h)
    written = list(real)
    written[wt] = rng.choice(wrongs)
    h.rec_scores = written
    h.show.add("scores")
    if rng.random() < 0.5:
        h.show.add("points")
    return _loc(i), f"hand {i + 1}: scores written {written}, really {real}"


def _inj_unfinished_hand(m: Match, rng: random.Random) -> Made:
    """A hand before the last whose play stops after a few tricks, with no points or scores. Only a
    hand that scored nothing negative: leaving it out must not make a team win earlier."""
    spots = [i for i, h in enumerate(m.hands[:-1]) if h.winner is not None and not h.void and "tricks" in h.show
             and min(score(m, h)) >= 0 and not h.rec_points and not h.rec_scores]
    if not spots:
        return None
    i = rng.choice(spots)
    h = m.hands[i]
    k = rng.randrange(1, 9)
    h.tricks = h.tricks[:k]
    h.show -= {"points", "scores"}
    h.cut = True
    # Its score gone, the match must still not be won before its last hand (a tie at the target that
    # played on could otherwise become a win, and later hands rook.game-end).
    st = state_before(m, 0)
    for later in m.hands[:-1]:
        st = advance(m, st, later)
        if outcome(st.totals, m.opts["target"]) is not None:
            return None
    return _loc(i), f"hand {i + 1} stops after {k} tricks, with hand {i + 2} after it"


def _inj_game_end(m: Match, rng: random.Random) -> Made:
    """One more hand after the match was won."""
    st = state_before(m, len(m.hands))
    h = new_hand(rng, m, st)
    m.hands.append(h)
    return _loc(len(m.hands) - 1), f"hand {len(m.hands)} played after the match was won"


INJECTORS: dict[str, Callable[[Match, random.Random], Made]] = {
    "rook.deck": _inj_deck,
    "rook.deal": _inj_deal,
    "rook.dealer-rotation": _inj_dealer,
    "rook.seat-change": _inj_seat_change,
    "rook.bid-order": _inj_bid_order,
    "rook.bid-minimum": _inj_bid_minimum,
    "rook.bid-step": _inj_bid_step,
    "rook.bid-maximum": _inj_bid_maximum,
    "rook.bid-after-pass": _inj_bid_after_pass,
    "rook.bid-end": _inj_bid_end,
    "rook.all-pass": _inj_all_pass,
    "rook.nest-exchange": _inj_nest_exchange,
    "rook.trump": _inj_trump,
    "rook.turn-order": _inj_turn_order,
    "rook.card-not-held": _inj_card_not_held,
    "rook.follow-color": _inj_follow_color,
    "rook.bird-led": _inj_bird_led,
    "rook.bird-must-follow-trump": _inj_bird_must_follow,
    "rook.nest-to-last-trick": _inj_nest_to_last_trick,
    "rook.contract": _inj_contract,
    "rook.points-total": _inj_points_total,
    "rook.points-recorded": _inj_points_recorded,
    "rook.unfinished-hand": _inj_unfinished_hand,
    "rook.game-end": _inj_game_end,
}
assert tuple(INJECTORS) == FAULT_RULES


def inject(gen: Generated, rule: str, rng: random.Random, attempts: int = 10) -> Fault | None:
    """The match `gen` with one breach of `rule`, and where the checker must report it."""
    model = getattr(gen, "model", None)
    if not isinstance(model, Match):
        raise TypeError("inject needs a match made by oracle.rook.game")
    if rule not in INJECTORS:
        raise ValueError(f"cannot inject {rule}; can inject {', '.join(FAULT_RULES)}")
    for _ in range(attempts):
        m = _clone(model)
        made = INJECTORS[rule](m, rng)
        if made is not None:
            location, what = made
            return RookFault(rule, render(m), location, what, m)
    return None


__all__ = ["FAULT_RULES", "RookFault", "inject"]
