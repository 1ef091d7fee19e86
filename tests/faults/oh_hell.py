"""Single faults injected into a legal Oh Hell match, each with where a checker must find it.

Written on the independent reading (`oracle.oh_hell`), not on the engine: an injector breaks
one rule, carries the match on legally by the oracle's own play, and `inject` keeps only a
fault whose sole expected violations (by the oracle's judge) are that rule at that place.

    inject(gen, rule, rng) -> Fault | None   the match with one breach of `rule`
    FAULT_RULES, INJECTORS                   the rule ids, and the named ways of breaking each
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from faults import Fault
from oracle.oh_hell import (DECK, SUITS, Card, Hand, Match, Style, _sort_key, bid_order, card_text,
                            expected_violations, forbidden_bid, lead_restricted, left, new_hand, play_out,
                            render)

FAULT_RULES: tuple[str, ...] = (
    "oh-hell.deck", "oh-hell.hand-size", "oh-hell.dealer-rotation", "oh-hell.trump",
    "oh-hell.bid-range", "oh-hell.hook", "oh-hell.turn-order", "oh-hell.card-not-held",
    "oh-hell.follow-suit", "oh-hell.trick-winner", "oh-hell.trick-total",
    "oh-hell.score-recorded", "oh-hell.unfinished-hand", "oh-hell.game-end",
)
"""Rule ids `inject` can breach. Not here: `oh-hell.bid-order` (the order follows from the
seats, so a record cannot state a wrong one) and `oh-hell.score` (the scoring rule itself;
a wrong written score breaks `oh-hell.score-recorded`)."""


# --- injectors: each returns (data, location, what) or None ---------------------------------

Made = tuple[dict[str, Any], dict[str, Any], str] | None


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return rng.choice(items) if items else None


def _held_at(h: Hand, trick_no: int, pos: int) -> dict[str, list[Card]]:
    """Each player's cards just before play `pos` of trick `trick_no` (1-based trick)."""
    held = {p: list(cs) for p, cs in h.deal.items()}
    for t in h.play[:trick_no - 1]:
        for p, c in t:
            held[p].remove(c)
    for p, c in h.play[trick_no - 1][:pos]:
        held[p].remove(c)
    return held


def _inj_deck_turn_up(m: Match, rng: random.Random, played: bool = False) -> Made:
    """The turned card is also in a player's deal (same suit, so trump is unchanged).

    Located at the player whose deal holds it: the turned card belongs to nobody's hand."""
    i = _pick(rng, [i for i in m.done if {"deal", "turn_up"} <= set(m.hands[i])
                    and (not played or "play" in m.hands[i])])
    if i is None:
        return None
    h = m.hand(i)
    hd = m.hands[i]
    if not played and "play" in hd:
        hd.pop("play")
        if "tricks" not in hd:
            took = h.took(m.players)
            hd["tricks"] = {p: took[p] for p in m.players}
    same = [(p, c) for p in m.players for c in h.deal[p] if h.turn_up and c[1] == h.turn_up[1]]
    if not same:
        return None
    p, c = rng.choice(same)
    m.hands[i]["turn_up"] = card_text(c)
    return m.data, {"hand": i + 1, "player": p}, f"hand {i + 1}: turn-up {card_text(c)} is also dealt to {p}"


def _inj_deck_turn_up_played(m: Match, rng: random.Random) -> Made:
    """As `_inj_deck_turn_up`, in a hand whose play is written: the holder plays the card,
    which is no second fault (they play what the record says they were dealt)."""
    return _inj_deck_turn_up(m, rng, played=True)


def _inj_deck_dealt_twice(m: Match, rng: random.Random) -> Made:
    """Two players are dealt the same card (a hand written without its play)."""
    i = _pick(rng, [i for i in m.done if "deal" in m.hands[i]])
    if i is None:
        return None
    hd = m.hands[i]
    h = m.hand(i)
    a, b = sorted(rng.sample(range(len(m.players)), 2))
    pa, pb = m.players[a], m.players[b]
    c = rng.choice(h.deal[pa])
    j = rng.randrange(len(h.deal[pb]))
    h.deal[pb][j] = c
    hd["deal"][pb] = [card_text(x) for x in h.deal[pb]]
    hd.pop("play", None)
    if "tricks" not in hd:
        took = h.took(m.players)
        hd["tricks"] = {p: took[p] for p in m.players}
    return m.data, {"hand": i + 1, "player": pb}, f"hand {i + 1}: {card_text(c)} dealt to {pa} and {pb}"


def _regen(m: Match, rng: random.Random, i: int, dealer: str, n: int, force: Iterable[str] = ()
           ) -> None:
    """Replace hand i by a fresh legal hand (same keys written, plus `force`)."""
    old = m.hands[i]
    h = new_hand(rng, m.players, dealer, n, m.opts)
    keys = set(old) | set(force)
    if "play" in keys and not keys & {"turn_up", "trump"}:
        keys.add("turn_up")
    m.hands[i] = render(h, m.players, m.opts, Style(frozenset(keys)))
    m.dealers[i] = dealer


def _inj_hand_size_cards(m: Match, rng: random.Random) -> Made:
    """A whole hand dealt and played with one card too many or too few, and `cards` says so."""
    i = _pick(rng, m.done)
    if i is None:
        return None
    n = m.sizes[i]
    top = (len(DECK) - 1) // len(m.players)
    wrong = [k for k in (n - 1, n + 1) if 1 <= k <= top]
    if not wrong:
        return None
    k = rng.choice(wrong)
    _regen(m, rng, i, m.dealers[i], k, force=("cards",))
    return m.data, {"hand": i + 1}, f"hand {i + 1}: {k} cards each instead of {n}"


def _inj_hand_size_extra(m: Match, rng: random.Random) -> Made:
    """One player is dealt an extra card (never played), or, without play, one card short."""
    i = _pick(rng, [i for i in m.done if "deal" in m.hands[i]])
    if i is None:
        return None
    hd = m.hands[i]
    h = m.hand(i)
    p = rng.choice(m.players)
    used = {c for cs in h.deal.values() for c in cs} | ({h.turn_up} if h.turn_up else set())
    if "play" not in hd and rng.random() < 0.5 and h.n > 1:
        h.deal[p].remove(rng.choice(h.deal[p]))
        what = "one card short"
    else:
        spare = [c for c in DECK if c not in used]
        h.deal[p].append(rng.choice(spare))
        h.deal[p].sort(key=_sort_key)
        what = "one card too many"
    hd["deal"][p] = [card_text(c) for c in h.deal[p]]
    return m.data, {"hand": i + 1, "player": p}, f"hand {i + 1}: {p} dealt {what}"


def _inj_dealer(m: Match, rng: random.Random) -> Made:
    """The deal skips to the wrong seat at hand i; the rotation goes on from there.

    Hands i.. are dealt afresh by the shifted dealers (a hand in progress comes out whole)."""
    if not m.hands:
        return None
    i = rng.randrange(len(m.hands))
    expected = m.dealers[i]
    x = rng.choice([p for p in m.players if p != expected])
    d = x
    for j in range(i, len(m.hands)):
        _regen(m, rng, j, d, m.n(j), force=("dealer",) if j == i else ())
        d = left(m.players, d)
    return m.data, {"hand": i + 1, "player": x}, f"hand {i + 1} dealt by {x} instead of {expected}"


def _inj_first_dealer(m: Match, rng: random.Random) -> Made:
    """The record names another first dealer than the one who dealt hand 1."""
    if not m.hands or "dealer" not in m.hands[0]:
        return None
    actual = m.dealers[0]
    m.data["first_dealer"] = rng.choice([p for p in m.players if p != actual])
    return m.data, {"hand": 1, "player": actual}, f"first_dealer {m.data['first_dealer']}, hand 1 dealt by {actual}"


def _inj_trump(m: Match, rng: random.Random) -> Made:
    """The recorded trump is not the turned card's suit (chosen so that no trick changes)."""
    i = _pick(rng, [i for i in m.done if "turn_up" in m.hands[i]])
    if i is None:
        return None
    h = m.hand(i)
    wrong = rng.choice([s for s in (*SUITS, None) if s != h.trump])
    m.hands[i]["trump"] = "none" if wrong is None else wrong
    if expected_violations(m.data, "recorded") != expected_violations(m.data, "turn_up"):
        return None
    return m.data, {"hand": i + 1}, f"hand {i + 1}: trump {wrong} under turn-up {card_text(h.turn_up)}"


def _inj_bid_range(m: Match, rng: random.Random) -> Made:
    i = _pick(rng, m.done)
    if i is None:
        return None
    hd = m.hands[i]
    n = m.n(i)
    order = bid_order(m.players, m.dealers[i])
    p = rng.choice(order)
    bad = rng.choice((-1, n + 1, n + rng.randint(2, 5), -rng.randint(2, 4)))
    bids = {str(q): int(b) for q, b in hd["bids"].items()}
    if p != order[-1] and bad < 0 and m.opts["hook"] and m.opts["bidding"] == "in-order":
        # Whether a checker adds a negative bid or skips it, the dealer must stay clear of the hook.
        for counted in (bad, 0):
            others = sum(bids[q] for q in order[:-1] if q != p) + counted
            if others <= n and bids[order[-1]] == n - others:
                return None
    hd["bids"] = {str(q): (bad if str(q) == p else b) for q, b in hd["bids"].items()}
    m.rescore(i)
    return m.data, {"hand": i + 1, "player": p}, f"hand {i + 1}: {p} bids {bad} with {n} cards"


def _inj_hook(m: Match, rng: random.Random) -> Made:
    if not (m.opts["hook"] and m.opts["bidding"] == "in-order"):
        return None
    cands = []
    for i in m.done:
        hd = m.hands[i]
        order = bid_order(m.players, m.dealers[i])
        bids = {str(q): int(b) for q, b in hd["bids"].items()}
        f = forbidden_bid(bids, order, m.n(i))
        if f is not None:
            cands.append((i, order[-1], f))
    if not cands:
        return None
    i, dealer, f = rng.choice(cands)
    hd = m.hands[i]
    hd["bids"] = {str(q): (f if str(q) == dealer else b) for q, b in hd["bids"].items()}
    m.rescore(i)
    return m.data, {"hand": i + 1, "player": dealer}, f"hand {i + 1}: dealer {dealer} bids the hooked {f}"


def _inj_wrong_leader(m: Match, rng: random.Random) -> Made:
    """Trick k is led by someone other than the right leader; play goes on legally from there."""
    i = _pick(rng, m.with_play())
    if i is None:
        return None
    h = m.hand(i)
    k = rng.randint(1, h.n)
    right = h.play[k - 1][0][0]
    x = rng.choice([p for p in m.players if p != right])
    play = play_out(rng, m.players, h.deal, h.trump, left(m.players, h.dealer), h.n, m.opts,
                    prefix=h.play[:k - 1], leader=x)
    m.set_play(i, play)
    return m.data, {"hand": i + 1, "trick": k, "player": x}, f"hand {i + 1} trick {k} led by {x}, not {right}"


def _inj_order_in_trick(m: Match, rng: random.Random) -> Made:
    """Two players after the leader play in the wrong order (the cards stay the same)."""
    if len(m.players) < 3:
        return None
    i = _pick(rng, m.with_play())
    if i is None:
        return None
    h = m.hand(i)
    k = rng.randint(1, h.n)
    a, b = sorted(rng.sample(range(1, len(m.players)), 2))
    trick = list(h.play[k - 1])
    trick[a], trick[b] = trick[b], trick[a]
    m.hands[i]["play"][k - 1] = {p: card_text(c) for p, c in trick}
    early = trick[a][0]
    return (m.data, {"hand": i + 1, "trick": k, "player": early},
            f"hand {i + 1} trick {k}: {early} plays before {trick[b][0]}")


def _inj_revoke(m: Match, rng: random.Random, drop_deal: bool = False) -> Made:
    """A player holding the led suit plays another suit; the rest is played out legally.

    With `drop_deal` the hand's deal is removed: the checker must infer the revoke from the
    player's later card of the led suit (which must come, since every card gets played)."""
    i = _pick(rng, m.with_play())
    if i is None:
        return None
    h = m.hand(i)
    cands = []
    for k in range(1, h.n + 1):
        led = h.play[k - 1][0][1][1]
        for pos in range(1, len(m.players)):
            p = h.play[k - 1][pos][0]
            held = _held_at(h, k, pos)[p]
            if any(c[1] == led for c in held):
                cands += [(k, pos, p, c) for c in held if c[1] != led]
    if not cands:
        return None
    k, pos, p, bad = rng.choice(cands)
    play = play_out(rng, m.players, h.deal, h.trump, left(m.players, h.dealer), h.n, m.opts,
                    prefix=h.play[:k - 1], partial=[*h.play[k - 1][:pos], (p, bad)])
    m.set_play(i, play)
    if drop_deal:
        m.hands[i].pop("deal", None)
    elif "deal" not in m.hands[i]:
        m.hands[i]["deal"] = {q: [card_text(c) for c in h.deal[q]] for q in m.players}
    how = "no deal written" if drop_deal else "deal written"
    return (m.data, {"hand": i + 1, "trick": k, "player": p},
            f"hand {i + 1} trick {k}: {p} plays {card_text(bad)} holding the led suit ({how})")


def _inj_revoke_inferred(m: Match, rng: random.Random) -> Made:
    return _inj_revoke(m, rng, drop_deal=True)


def _inj_trump_lead(m: Match, rng: random.Random) -> Made:
    """Trump led while lead_trump forbids it and the leader holds another suit (deal written)."""
    if m.opts["lead_trump"] == "anytime":
        return None
    i = _pick(rng, m.with_play())
    if i is None:
        return None
    h = m.hand(i)
    cands = []
    broken = False
    for k in range(1, h.n + 1):
        if lead_restricted(m.opts, k, broken):
            p = h.play[k - 1][0][0]
            held = _held_at(h, k, 0)[p]
            if any(c[1] != h.trump for c in held):
                cands += [(k, p, c) for c in held if c[1] == h.trump]
        broken = broken or any(c[1] == h.trump for _, c in h.play[k - 1])
    if not cands:
        return None
    k, p, c = rng.choice(cands)
    play = play_out(rng, m.players, h.deal, h.trump, left(m.players, h.dealer), h.n, m.opts,
                    prefix=h.play[:k - 1], partial=[(p, c)])
    m.set_play(i, play)
    if "deal" not in m.hands[i]:
        m.hands[i]["deal"] = {q: [card_text(x) for x in h.deal[q]] for q in m.players}
    return (m.data, {"hand": i + 1, "trick": k, "player": p},
            f"hand {i + 1} trick {k}: {p} leads trump {card_text(c)} ({m.opts['lead_trump']})")


def _undealt(h: Hand) -> list[Card]:
    used = {c for cs in h.deal.values() for c in cs} | ({h.turn_up} if h.turn_up else set())
    return [c for c in DECK if c not in used]


def _inj_not_held(m: Match, rng: random.Random) -> Made:
    """A player plays a card of the same suit that nobody was dealt."""
    i = _pick(rng, [i for i in m.with_play() if "deal" in m.hands[i]])
    if i is None:
        return None
    h = m.hand(i)
    k = rng.randint(1, h.n)
    pos = rng.randrange(len(m.players))
    p, c = h.play[k - 1][pos]
    spare = [x for x in _undealt(h) if x[1] == c[1]]
    if not spare:
        return None
    y = min(spare, key=lambda x: (abs(x[0] - c[0]), rng.random()))  # keeps the trick's winner
    m.hands[i]["play"][k - 1] = {q: card_text(y if (q, x) == (p, c) else x) for q, x in h.play[k - 1]}
    return (m.data, {"hand": i + 1, "trick": k, "player": p},
            f"hand {i + 1} trick {k}: {p} plays undealt {card_text(y)} for {card_text(c)}")


def _inj_played_twice(m: Match, rng: random.Random) -> Made:
    """A player plays, in a later trick, a card they already played (instead of one of that suit)."""
    i = _pick(rng, [i for i in m.with_play() if "deal" in m.hands[i]])
    if i is None:
        return None
    h = m.hand(i)
    cands = []
    for j, tj in enumerate(h.play):
        for p, c in tj:
            for k in range(j + 1, h.n):
                z = dict(h.play[k])[p]
                if z[1] == c[1]:
                    cands.append((k + 1, p, c, z))
    if not cands:
        return None
    k, p, c, z = rng.choice(cands)
    m.hands[i]["play"][k - 1] = {q: card_text(c if q == p else x) for q, x in h.play[k - 1]}
    return (m.data, {"hand": i + 1, "trick": k, "player": p},
            f"hand {i + 1} trick {k}: {p} plays {card_text(c)} again instead of {card_text(z)}")


def _inj_tricks_wrong(m: Match, rng: random.Random) -> Made:
    """The written trick counts move one trick from one player to another (the play is right)."""
    i = _pick(rng, [i for i in m.with_play() if "tricks" in m.hands[i]])
    if i is None:
        return None
    took = m.took(i)
    a = rng.choice([p for p in m.players if took[p] > 0])
    b = rng.choice([p for p in m.players if p != a])
    rec = dict(took)
    rec[a] -= 1
    rec[b] += 1
    m.hands[i]["tricks"] = rec
    first = next(p for p in m.players if p in (a, b))
    return m.data, {"hand": i + 1, "player": first}, f"hand {i + 1}: one of {a}'s tricks written for {b}"


def _inj_trick_total(m: Match, rng: random.Random) -> Made:
    """A summary hand's trick counts add up to one more or one fewer than the hand size."""
    i = _pick(rng, m.done)
    if i is None:
        return None
    hd = m.hands[i]
    took = m.took(i)
    hd.pop("play", None)
    rec = dict(took)
    p = rng.choice(m.players)
    if rec[p] > 0 and rng.random() < 0.5:
        rec[p] -= 1
    else:
        rec[p] += 1
    hd["tricks"] = rec
    m.rescore(i)
    return m.data, {"hand": i + 1}, f"hand {i + 1}: {p} written {rec[p]} tricks (total {sum(rec.values())})"


def _inj_score(m: Match, rng: random.Random) -> Made:
    i = _pick(rng, [i for i in m.done if "scores" in m.hands[i]])
    if i is None:
        return None
    hd = m.hands[i]
    p = rng.choice(m.players)
    right = int(hd["scores"][p])
    wrong = right + rng.choice((-10, -5, -1, 1, 2, 5, 10))
    hd["scores"] = {str(q): (wrong if str(q) == p else s) for q, s in hd["scores"].items()}
    return m.data, {"hand": i + 1, "player": p}, f"hand {i + 1}: {p} scored {wrong}, not {right}"


def _inj_unfinished(m: Match, rng: random.Random) -> Made:
    """A hand before the last loses its result: only its bids (and maybe its deal) are written."""
    i = _pick(rng, [i for i in m.done if i < len(m.hands) - 1])
    if i is None:
        return None
    hd = m.hands[i]
    for key in ("play", "tricks", "scores"):
        hd.pop(key, None)
    return m.data, {"hand": i + 1}, f"hand {i + 1}: no tricks and no play, hand {i + 2} follows"


def _inj_play_stops(m: Match, rng: random.Random) -> Made:
    """A hand before the last, played out, keeps only its first trick and no tricks taken: its play
    stops part-way, and it has no result either."""
    i = _pick(rng, [i for i in m.done if i < len(m.hands) - 1 and len(m.hands[i].get("play") or ()) > 1])
    if i is None:
        return None
    hd = m.hands[i]
    hd["play"] = hd["play"][:1]
    for key in ("tricks", "scores"):
        hd.pop(key, None)
    return m.data, {"hand": i + 1}, f"hand {i + 1}: play stops after trick 1, no tricks, hand {i + 2} follows"


def _inj_game_end(m: Match, rng: random.Random) -> Made:
    """One hand more than the deal pattern has (bids only: a hand begun after the game ended)."""
    if len(m.done) != len(m.sizes):
        return None
    dealer = left(m.players, m.dealers[-1])
    extra: dict[str, Any] = {"dealer": dealer} if rng.random() < 0.7 else {}
    extra["bids"] = {p: 0 for p in bid_order(m.players, dealer)}
    m.hands.append(extra)
    return m.data, {"hand": len(m.hands)}, f"hand {len(m.hands)} after a {len(m.sizes)}-hand pattern"


INJECTORS: dict[str, dict[str, Callable[[Match, random.Random], Made]]] = {
    "oh-hell.deck": {"turn-up-dealt": _inj_deck_turn_up, "turn-up-dealt-played": _inj_deck_turn_up_played,
                     "dealt-twice": _inj_deck_dealt_twice},
    "oh-hell.hand-size": {"cards": _inj_hand_size_cards, "deal": _inj_hand_size_extra},
    "oh-hell.dealer-rotation": {"skipped": _inj_dealer, "first-dealer": _inj_first_dealer},
    "oh-hell.trump": {"suit": _inj_trump},
    "oh-hell.bid-range": {"range": _inj_bid_range},
    "oh-hell.hook": {"hooked": _inj_hook},
    "oh-hell.turn-order": {"leader": _inj_wrong_leader, "order-in-trick": _inj_order_in_trick},
    "oh-hell.card-not-held": {"undealt": _inj_not_held, "twice": _inj_played_twice},
    "oh-hell.follow-suit": {"revoke": _inj_revoke, "revoke-inferred": _inj_revoke_inferred,
                            "trump-lead": _inj_trump_lead},
    "oh-hell.trick-winner": {"counts": _inj_tricks_wrong},
    "oh-hell.trick-total": {"total": _inj_trick_total},
    "oh-hell.score-recorded": {"score": _inj_score},
    "oh-hell.unfinished-hand": {"no-result": _inj_unfinished, "play-stops": _inj_play_stops},
    "oh-hell.game-end": {"extra-hand": _inj_game_end},
}
"""Per rule id, the named ways `inject` breaks it."""


def inject(gen: Any, rule: str, rng: random.Random, variants: Iterable[str] | None = None,
           attempts: int = 20) -> Fault | None:
    """`gen` with one breach of `rule`, or None if this match offers no clean place for one.

    `variants` restricts the ways of breaking it (names in `INJECTORS[rule]`). Every
    candidate is judged by `expected_violations`; only one whose sole violations are `rule`
    at the returned location is returned (a trick count written wrong also shows for the
    other player it moved to), so the fault is single. `Fault.what` starts with the variant.
    """
    makers = INJECTORS[rule]
    names = sorted(makers if variants is None else set(variants) & set(makers))
    if not names:
        raise ValueError(f"no variants {variants} for {rule} (known: {', '.join(makers)})")
    for _ in range(attempts):
        name = rng.choice(names)
        made = makers[name](Match.read(gen.data), rng)
        if made is None:
            continue
        data, loc, what = made
        found = expected_violations(data)
        if ((rule, loc) in found and all(r == rule for r, _ in found)
                and (rule == "oh-hell.trick-winner" or len(found) == 1)):
            return Fault(rule, data, loc, f"{name}: {what}")
    return None
