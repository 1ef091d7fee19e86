"""Random legal Oh Hell matches and single injected faults, written from the rule digest alone.

This module deliberately shares no code with `scorekeep.games.oh_hell`: it deals, bids, plays
and scores on its own reading of `rules/oh-hell.md`, and `expected_violations` is a second,
independent judge of a record. The property tests compare both against the checker, so a
misreading on either side shows up as a disagreement.

    game(seed, **knobs) -> Generated       a complete legal match, reproducible from the seed
    inject(gen, rule, rng) -> Fault | None  the same match with one breach of `rule`
    expected_violations(data)               what a correct checker reports for a record

Knobs of `game` (all optional):
  players        2..7 or a list of names (default 4: North, East, South, West)
  names          "plain" or "tricky" (names YAML would misread: No, On, 1, 2026-11-30 …)
  first_dealer   a name (default: random)
  deal_pattern, hook, bidding, lead_trump, made_score, failed_score   house rules, written
                 into the record's `rules:` when given
  random_rules   pick the house rules at random (also a random short deal pattern)
  detail         "full" (deal + play + summary), "play" (no deal), "summary" (no cards),
                 "mixed" (each hand its own level, optional keys dropped at random)
  notation       "canonical" (`10H`) or "mixed" (`TH`, `♥10`, `10h`, `h10` …)
  hands          stop after this many hands (a game in progress; no winner)
  partial        with `hands`: then write the next hand half done (some bids, or part of
                 its play, stopping mid-trick), as a record of a game in progress may
  vary           randomise all of the above from the seed (for property tests)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from . import Fault, Generated

GAME = "oh-hell"
SUITS = "SHDC"
RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_IN = {t: r for r, t in RANK_TEXT.items()} | {"T": 10}
_SUIT_IN = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_TRUMP_IN = ({s: s for s in SUITS} | {v: k for k, v in _SYMBOL.items()}
             | {v: k for k, v in _SUIT_WORD.items()})

Card = tuple[int, str]
"""(rank 2..14, suit letter); A is 14, the highest in every suit."""
DECK: tuple[Card, ...] = tuple((r, s) for s in SUITS for r in range(2, 15))

DEFAULTS: dict[str, Any] = {
    "deal_pattern": None, "hook": True, "bidding": "in-order", "lead_trump": "anytime",
    "made_score": "bid-plus-10", "failed_score": "zero",
}
CHOICES: dict[str, tuple[Any, ...]] = {
    "hook": (True, False),
    "bidding": ("in-order", "simultaneous"),
    "lead_trump": ("anytime", "after-broken", "after-first-trick"),
    "made_score": ("bid-plus-10", "bid-plus-5", "10-plus-bid-squared"),
    "failed_score": ("zero", "tricks", "minus-bid", "minus-difference"),
}
PLAIN_NAMES = {
    4: ["North", "East", "South", "West"],
    0: ["Ann", "Bao", "Chen", "Dara", "Eli", "Fay", "Gus"],
}
TRICKY_NAMES = ["No", "On", "1", "2026-11-30", "Yes", "true", "null", "Off"]

FAULT_RULES: tuple[str, ...] = (
    "oh-hell.deck", "oh-hell.hand-size", "oh-hell.dealer-rotation", "oh-hell.trump",
    "oh-hell.bid-range", "oh-hell.hook", "oh-hell.turn-order", "oh-hell.card-not-held",
    "oh-hell.follow-suit", "oh-hell.trick-winner", "oh-hell.trick-total",
    "oh-hell.score-recorded", "oh-hell.game-end",
)
"""Rule ids `inject` can breach. Not here: `oh-hell.bid-order` (the order follows from the
seats, so a record cannot state a wrong one) and `oh-hell.score` (the scoring rule itself;
a wrong written score breaks `oh-hell.score-recorded`)."""


# --- cards -------------------------------------------------------------------------------

def card_text(c: Card) -> str:
    return RANK_TEXT[c[0]] + c[1]


def _styled(c: Card, rng: random.Random | None) -> str:
    """The card in one of the notations the spec accepts (canonical without an rng)."""
    if rng is None:
        return card_text(c)
    rank = RANK_TEXT[c[0]]
    if c[0] == 10 and rng.random() < 0.5:
        rank = "T"
    form = rng.randrange(5)
    if form == 0:
        return rank + c[1]
    if form == 1:
        return (rank + c[1]).lower()
    if form == 2:
        return _SYMBOL[c[1]] + rank
    if form == 3:
        return rank + _SYMBOL[c[1]]
    return c[1].lower() + rank


def parse_card(text: Any) -> Card:
    """Read back any notation `_styled` writes."""
    t = str(text).strip().upper()
    if t[-1] in _SUIT_IN and t[:-1] in _RANK_IN:
        return _RANK_IN[t[:-1]], _SUIT_IN[t[-1]]
    if t[0] in _SUIT_IN and t[1:] in _RANK_IN:
        return _RANK_IN[t[1:]], _SUIT_IN[t[0]]
    raise ValueError(f"not a card: {text!r}")


def _cards(value: Any) -> list[Card]:
    if isinstance(value, str):
        return [parse_card(x) for x in value.replace(",", " ").split()]
    return [parse_card(x) for x in value]


def _trump_of(value: Any) -> str | None:
    t = str(value).strip()
    if t.lower() == "none":
        return None
    return _TRUMP_IN.get(t.lower(), _TRUMP_IN.get(t.upper(), t))


def _sort_key(c: Card) -> tuple[int, int]:
    return SUITS.index(c[1]), -c[0]


# --- rules as this module reads them -------------------------------------------------------

def pattern(spec: str | None, n_players: int) -> list[int]:
    """Hand sizes of a deal pattern; the default is M..1..M with M = min(10, 51 // players)."""
    if spec is None:
        m = min(10, 51 // n_players)
        spec = f"{m}..1..{m}"
    points = [int(x) for x in str(spec).split("..")]
    sizes = [points[0]]
    for a, b in zip(points, points[1:]):
        step = 1 if b >= a else -1
        sizes.extend(range(a + step, b + step, step))
    return sizes


def left(players: list[str], p: str) -> str:
    """The next seat clockwise (players are listed clockwise)."""
    return players[(players.index(p) + 1) % len(players)]


def bid_order(players: list[str], dealer: str) -> list[str]:
    """From the dealer's left round to the dealer, who bids last."""
    i = players.index(dealer)
    return [players[(i + k) % len(players)] for k in range(1, len(players) + 1)]


def score(bid: int, took: int, opts: dict[str, Any]) -> int:
    if bid == took:
        made = opts["made_score"]
        return bid + 10 if made == "bid-plus-10" else bid + 5 if made == "bid-plus-5" else 10 + bid * bid
    failed = opts["failed_score"]
    if failed == "zero":
        return 0
    if failed == "tricks":
        return took
    if failed == "minus-bid":
        return -bid
    return -abs(took - bid)


def forbidden_bid(bids: dict[str, int], order: list[str], n: int) -> int | None:
    """The dealer's hooked number, or None when the others already bid more than n."""
    others = sum(bids[p] for p in order[:-1])
    return n - others if others <= n else None


def trick_winner(trick: list[tuple[str, Card]], trump: str | None) -> str:
    """The highest trump, else the highest card of the led suit (the first card's suit)."""
    best_p, best = trick[0]
    for p, c in trick[1:]:
        if c[1] == best[1]:
            if c[0] > best[0]:
                best_p, best = p, c
        elif c[1] == trump:
            best_p, best = p, c
    return best_p


def lead_restricted(opts: dict[str, Any], trick_no: int, broken: bool) -> bool:
    """Whether trump may not be led now (unless the leader holds nothing but trump)."""
    rule = opts["lead_trump"]
    return (rule == "after-broken" and not broken) or (rule == "after-first-trick" and trick_no == 1)


def legal(held: list[Card], led: str | None, trump: str | None, restricted: bool) -> list[Card]:
    if led is None:
        if restricted and trump is not None:
            other = [c for c in held if c[1] != trump]
            return other or list(held)
        return list(held)
    follow = [c for c in held if c[1] == led]
    return follow or list(held)


# --- one hand ----------------------------------------------------------------------------

@dataclass
class Hand:
    """A hand as it happened (the full truth; a record may show only part of it)."""

    n: int
    dealer: str
    deal: dict[str, list[Card]]
    turn_up: Card | None
    trump: str | None
    bids: dict[str, int]
    play: list[list[tuple[str, Card]]]
    features: set[str] = field(default_factory=set)

    def took(self, players: list[str]) -> dict[str, int]:
        out = dict.fromkeys(players, 0)
        for trick in self.play:
            out[trick_winner(trick, self.trump)] += 1
        return out


def _deal(rng: random.Random, players: list[str], dealer: str, n: int
          ) -> tuple[dict[str, list[Card]], Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    order = bid_order(players, dealer)
    deal: dict[str, list[Card]] = {p: [] for p in players}
    for i in range(n * len(players)):
        deal[order[i % len(players)]].append(deck[i])
    return {p: sorted(cs, key=_sort_key) for p, cs in deal.items()}, deck[n * len(players)]


def _pick_bid(rng: random.Random, style: str, n: int, n_players: int) -> int:
    if style == "uniform":
        return rng.randint(0, n)
    if style == "fair":
        return max(0, min(n, round(n / n_players + rng.gauss(0, 0.8))))
    if style == "low":
        return min(n, rng.choice((0, 0, 0, 1, 1, 2)))
    return rng.randint(n // 2, n)  # high


def _bids(rng: random.Random, players: list[str], dealer: str, n: int, opts: dict[str, Any],
          features: set[str]) -> dict[str, int]:
    """Random bids, in bidding order; the dealer obeys the hook.

    Styles are mixed so that hooked dealers (including a hooked 0 or n) and free dealers
    (the others already above n) come up in most matches."""
    order = bid_order(players, dealer)
    style = rng.choice(("uniform", "fair", "low", "high", "exact"))
    bids: dict[str, int] = {}
    if style == "exact":  # the others share out exactly n: the dealer may not bid 0
        cuts = sorted(rng.randint(0, n) for _ in order[:-2])
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, n])]
        for p, b in zip(order[:-1], parts):
            bids[p] = b
    else:
        for p in order[:-1]:
            bids[p] = _pick_bid(rng, style, n, len(players))
    hooked = opts["hook"] and opts["bidding"] == "in-order"
    f = forbidden_bid({**bids, dealer: 0}, order, n) if hooked else None
    if f is not None and rng.random() < 0.35:
        bid = rng.choice([b for b in (f - 1, f + 1) if 0 <= b <= n])
    else:
        bid = _pick_bid(rng, rng.choice(("uniform", "fair", "low", "high")), n, len(players))
        if bid == f:
            bid = rng.choice([b for b in range(n + 1) if b != f])
    bids[dealer] = bid
    if hooked:
        if f is None:
            features.add("dealer-free")
        else:
            features.add("hook-bound-dealer")
            if f == 0:
                features.add("hook-forbids-zero")
            if f == n:
                features.add("hook-forbids-all")
    if sum(bids.values()) == n:
        features.add("bids-add-up")  # only possible without the hook
    return bids


def play_out(rng: random.Random, players: list[str], deal: dict[str, list[Card]], trump: str | None,
             first_leader: str, n: int, opts: dict[str, Any], *,
             prefix: Iterable[list[tuple[str, Card]]] = (),
             partial: Iterable[tuple[str, Card]] = (), leader: str | None = None,
             features: set[str] | None = None) -> list[list[tuple[str, Card]]]:
    """Play the hand out with random legal cards.

    `prefix` tricks are kept as given, then the next trick starts with the `partial` plays
    (taken as given, legal or not) and is led by `leader` if given, else by the right
    player; everything after that is random but legal for the cards actually left.
    """
    feats = features if features is not None else set()
    held = {p: list(cs) for p, cs in deal.items()}
    tricks: list[list[tuple[str, Card]]] = []
    broken = False
    nxt = first_leader
    for trick in prefix:
        for p, c in trick:
            held[p].remove(c)
        tricks.append(list(trick))
        broken = broken or any(c[1] == trump for _, c in trick)
        nxt = trick_winner(trick, trump)
    start = list(partial)
    if leader is not None:
        nxt = leader
    if start:
        nxt = start[0][0]
    while len(tricks) < n:
        trick_no = len(tricks) + 1
        trick = list(start)
        start = []
        for p, c in trick:
            held[p].remove(c)
        seat = nxt if not trick else left(players, trick[-1][0])
        while len(trick) < len(players):
            led = trick[0][1][1] if trick else None
            restricted = led is None and lead_restricted(opts, trick_no, broken)
            options = legal(held[seat], led, trump, restricted)
            c = rng.choice(options)
            if led is None and c[1] == trump and trump is not None:
                feats.add("trump-led")
                if restricted:
                    feats.add("trump-led-holding-only-trump")
            elif led is not None and c[1] != led:
                feats.add("trumped-in" if c[1] == trump else "discard")
            held[seat].remove(c)
            trick.append((seat, c))
            seat = left(players, seat)
        tricks.append(trick)
        broken = broken or any(c[1] == trump for _, c in trick)
        nxt = trick_winner(trick, trump)
    return tricks


def new_hand(rng: random.Random, players: list[str], dealer: str, n: int,
             opts: dict[str, Any]) -> Hand:
    feats: set[str] = set()
    deal, turn_up = _deal(rng, players, dealer, n)
    bids = _bids(rng, players, dealer, n, opts, feats)
    trump = turn_up[1]
    play = play_out(rng, players, deal, trump, left(players, dealer), n, opts, features=feats)
    h = Hand(n, dealer, deal, turn_up, trump, bids, play, feats)
    if n == 1:
        feats.add("one-card-hand")
        if "hook-bound-dealer" in feats:
            feats.add("dealer-forced")  # one number left for the dealer
    took = h.took(players)
    for p in players:
        if bids[p] == 0:
            feats.add("zero-bid-made" if took[p] == 0 else "zero-bid-failed")
    if all(took[p] != bids[p] for p in players):
        feats.add("nobody-made")
    return h


# --- writing a hand as a record ------------------------------------------------------------

KEYS = ("cards", "dealer", "turn_up", "trump", "deal", "bids", "play", "tricks", "scores")


@dataclass(frozen=True)
class Style:
    """How a hand is written: which keys, and in which notation."""

    keys: frozenset[str]
    cards: random.Random | None = None
    """Non-canonical card notation, drawn from this rng (None: canonical)."""
    trump_word: str = "letter"
    shuffle_bids: random.Random | None = None


def render(h: Hand, players: list[str], opts: dict[str, Any], style: Style) -> dict[str, Any]:
    k = style.keys
    d: dict[str, Any] = {}
    if "cards" in k:
        d["cards"] = h.n
    if "dealer" in k:
        d["dealer"] = h.dealer
    if "turn_up" in k and h.turn_up is not None:
        d["turn_up"] = _styled(h.turn_up, style.cards)
    if "trump" in k:
        t = h.trump
        d["trump"] = ("none" if t is None else t if style.trump_word == "letter"
                      else _SYMBOL[t] if style.trump_word == "symbol" else _SUIT_WORD[t].capitalize())
    if "deal" in k:
        d["deal"] = {p: [_styled(c, style.cards) for c in h.deal[p]] for p in players}
    order = list(h.bids)
    if style.shuffle_bids is not None:
        style.shuffle_bids.shuffle(order)
    d["bids"] = {p: h.bids[p] for p in order}
    if "play" in k:
        d["play"] = [{p: _styled(c, style.cards) for p, c in trick} for trick in h.play]
    took = h.took(players)
    if "tricks" in k:
        d["tricks"] = {p: took[p] for p in players}
    if "scores" in k:
        d["scores"] = {p: score(h.bids[p], took[p], opts) for p in players}
    return d


def _style(rng: random.Random, detail: str, notation: str) -> Style:
    full = set(KEYS)
    if detail == "full":
        keys = full
    elif detail == "play":
        keys = full - {"deal"}
    elif detail == "summary":
        keys = {"cards", "dealer", "bids", "tricks", "scores"}
    else:  # mixed: each hand its own level, optional keys dropped
        level = rng.choice(("full", "play", "summary", "deal-only"))
        keys = {"full": full, "play": full - {"deal"},
                "summary": {"cards", "dealer", "turn_up", "trump", "bids", "tricks", "scores"},
                "deal-only": full - {"play"}}[level]
        for key in ("cards", "dealer", "turn_up", "trump", "scores"):
            if rng.random() < 0.2:
                keys.discard(key)
        if "play" in keys:
            if rng.random() < 0.3:
                keys.discard("tricks")
            if not keys & {"turn_up", "trump"}:  # the play needs a known trump
                keys.add(rng.choice(("turn_up", "trump")))
        else:
            keys.add("tricks")
    cards_rng = random.Random(rng.random()) if notation == "mixed" else None
    trump_word = rng.choice(("letter", "symbol", "word")) if notation == "mixed" else "letter"
    shuffle = random.Random(rng.random()) if detail == "mixed" and rng.random() < 0.5 else None
    return Style(frozenset(keys), cards_rng, trump_word, shuffle)


def _in_progress(rng: random.Random, h: Hand, players: list[str], opts: dict[str, Any]
                 ) -> dict[str, Any]:
    """A hand cut short: the first few bids, or all bids and part of the play."""
    keys = {"cards", "dealer", "turn_up", "trump", "deal", "bids", "play"}
    for key in ("cards", "dealer", "trump", "deal"):
        if rng.random() < 0.3:
            keys.discard(key)
    if not keys & {"turn_up", "trump"}:
        keys.add("turn_up")
    if rng.random() < 0.4:
        keys.discard("play")
        h.bids = dict(list(h.bids.items())[:rng.randint(1, len(players))])
    else:
        cut = rng.randrange(h.n * len(players))  # plays made so far (0: bidding just ended)
        h.play = [t[:max(0, cut - i * len(players))] for i, t in enumerate(h.play)]
        h.play = [t for t in h.play if t]
    return render(h, players, opts, Style(frozenset(keys)))


# --- a whole match -------------------------------------------------------------------------

def _players(rng: random.Random, count: Any, names: str) -> list[str]:
    if isinstance(count, (list, tuple)):
        return [str(p) for p in count]
    n = int(count)
    if not 2 <= n <= 7:
        raise ValueError("Oh Hell takes 2 to 7 players")
    if names == "tricky":
        pool = rng.sample(TRICKY_NAMES, n)
        return pool
    return list(PLAIN_NAMES[4]) if n == 4 else PLAIN_NAMES[0][:n]


def _random_pattern(rng: random.Random, n_players: int) -> str:
    """A short or unusual deal pattern that fits the table: A..B or a turning A..B..C."""
    m = min(10, 51 // n_players)
    shape = rng.randrange(4)
    if shape == 0:
        return f"{m}..1..{m}"
    a, b = rng.sample(range(1, m + 1), 2)
    if shape == 1:
        return f"{a}..{b}"
    lo, hi = min(a, b), max(a, b)
    c = rng.randint(lo, hi - 1)
    return f"{hi}..{lo}..{c + 1}" if shape == 2 else f"{lo}..{hi}..{c}"


def game(seed: int, **knobs: Any) -> Generated:
    """A complete legal Oh Hell match, reproducible from the seed (see the module doc for knobs)."""
    rng = random.Random(seed)
    if knobs.pop("vary", False):
        knobs.setdefault("players", rng.choice((2, 3, 4, 4, 4, 5, 6, 7)))
        knobs.setdefault("names", "tricky" if rng.random() < 0.15 else "plain")
        knobs.setdefault("random_rules", rng.random() < 0.6)
        knobs.setdefault("detail", rng.choice(("full", "full", "play", "summary", "mixed", "mixed")))
        knobs.setdefault("notation", "mixed" if rng.random() < 0.2 else "canonical")
        if rng.random() < 0.15:
            knobs.setdefault("hands", rng.randint(0, 20))
            knobs.setdefault("partial", rng.random() < 0.6)
    players = _players(rng, knobs.get("players", 4), knobs.get("names", "plain"))
    opts = dict(DEFAULTS)
    written: dict[str, Any] = {}
    if knobs.get("random_rules"):
        for name, values in CHOICES.items():
            if rng.random() < 0.5:
                written[name] = rng.choice(values)
        if rng.random() < 0.5:
            written["deal_pattern"] = _random_pattern(rng, len(players))
    for name in DEFAULTS:
        if name in knobs:
            written[name] = knobs[name]
    opts.update(written)
    sizes = pattern(opts["deal_pattern"], len(players))
    if max(sizes) * len(players) + 1 > len(DECK) or min(sizes) < 1:
        raise ValueError(f"deal pattern {opts['deal_pattern']} does not fit {len(players)} players")
    first = knobs.get("first_dealer") or rng.choice(players)
    detail = knobs.get("detail", "full")
    notation = knobs.get("notation", "canonical")
    stop = knobs.get("hands")
    count = len(sizes) if stop is None else max(0, min(int(stop), len(sizes)))

    features: set[str] = set()
    totals = dict.fromkeys(players, 0)
    hands: list[dict[str, Any]] = []
    dealer = first
    for n in sizes[:count]:
        h = new_hand(rng, players, dealer, n, opts)
        features |= h.features
        hands.append(render(h, players, opts, _style(rng, detail, notation)))
        took = h.took(players)
        for p in players:
            totals[p] += score(h.bids[p], took[p], opts)
        dealer = left(players, dealer)
    if knobs.get("partial") and count < len(sizes):
        h = new_hand(rng, players, dealer, sizes[count], opts)
        hands.append(_in_progress(rng, h, players, opts))
        features.add("hand-in-progress")

    data: dict[str, Any] = {"game": GAME, "players": players}
    if written:
        data["rules"] = written
    if first != players[0] or rng.random() < 0.5:
        data["first_dealer"] = first
    data["hands"] = hands
    winner: str | list[str] | None = None
    if count == len(sizes):
        best = max(totals.values())
        top = [p for p in players if totals[p] == best]
        winner = top[0] if len(top) == 1 else top
        if len(top) > 1:
            features.add("shared-win")
    else:
        features.add("in-progress")
    return Generated(GAME, data, totals, winner, features=frozenset(features))


# --- an independent judge ------------------------------------------------------------------

def options_of(data: dict[str, Any]) -> dict[str, Any]:
    opts = dict(DEFAULTS)
    opts.update(data.get("rules") or {})
    return opts


Violation = tuple[str, dict[str, Any]]


def expected_violations(data: dict[str, Any], trump_from: str = "turn_up") -> list[Violation]:
    """The violations a record must produce, by this module's reading of the digest.

    Carries on from what the record says (the recorded dealer, the recorded cards), so one
    mistake is reported once. `trump_from` picks which trump judges the play when the
    recorded trump and the turn-up disagree (`turn_up` or `recorded`): the injector only
    makes trump faults on which both readings agree.
    """
    players = [str(p) for p in data["players"]]
    opts = options_of(data)
    sizes = pattern(opts["deal_pattern"], len(players))
    first = str(data.get("first_dealer", players[0]))
    out: list[Violation] = []

    def v(rule: str, **loc: Any) -> None:
        out.append((f"oh-hell.{rule}", loc))

    prev: str | None = None
    for hi, hd in enumerate(data.get("hands") or [], 1):
        exp_n = sizes[hi - 1] if hi <= len(sizes) else None
        if exp_n is None:
            v("game-end", hand=hi)
        n = hd.get("cards", exp_n)
        if "cards" in hd and exp_n is not None and hd["cards"] != exp_n:
            v("hand-size", hand=hi)
        exp_dealer = first if prev is None else left(players, prev)
        dealer = str(hd.get("dealer", exp_dealer))
        if dealer != exp_dealer:
            v("dealer-rotation", hand=hi, player=dealer)
        prev = dealer

        deal = {str(p): _cards(cs) for p, cs in hd["deal"].items()} if "deal" in hd else None
        turn_up = parse_card(hd["turn_up"]) if "turn_up" in hd else None
        if deal is not None:
            if n is not None:
                for p in players:
                    if len(deal.get(p, [])) != n:
                        v("hand-size", hand=hi, player=p)
            # The turned card belongs to nobody's hand: a deal holding it is at fault; of two
            # deals holding one card, the later in seating order (the first listed player's
            # deal is read first).
            seen: set[Card] = {turn_up} if turn_up is not None else set()
            for p in players:
                for c in deal.get(p, []):
                    if c in seen:
                        v("deck", hand=hi, player=p)
                    seen.add(c)
        recorded = _trump_of(hd["trump"]) if "trump" in hd else "?"
        if turn_up is not None:
            if recorded != "?" and recorded != turn_up[1]:
                v("trump", hand=hi)
            trump = recorded if trump_from == "recorded" and recorded != "?" else turn_up[1]
        else:
            trump = None if recorded == "?" else recorded

        bids = {str(p): int(b) for p, b in hd.get("bids", {}).items()}
        order = bid_order(players, dealer)
        if n is not None:
            for p in order:
                if p in bids and not 0 <= bids[p] <= n:
                    v("bid-range", hand=hi, player=p)
            if (opts["hook"] and opts["bidding"] == "in-order" and all(p in bids for p in order)
                    and forbidden_bid(bids, order, n) == bids[dealer]):
                v("hook", hand=hi, player=dealer)

        took: dict[str, int] | None = None
        if "play" in hd:
            play = [[(str(p), parse_card(c)) for p, c in t.items()] for t in hd["play"]]
            took = _judge_play(play, players, deal, trump, dealer, opts, hi, v)
            if n is None or len(play) != n or any(len(t) != len(players) for t in play):
                took = None
        if "tricks" in hd:
            rec = {str(p): int(t) for p, t in hd["tricks"].items()}
            if took is not None:
                for p in players:
                    if rec.get(p) != took[p]:
                        v("trick-winner", hand=hi, player=p)
            elif n is not None and sum(rec.values()) != n:
                v("trick-total", hand=hi)
            if took is None:
                took = rec
        if took is not None and "scores" in hd:
            for p in players:
                if int(hd["scores"][p]) != score(bids[p], took[p], opts):
                    v("score-recorded", hand=hi, player=p)
    return out


def _judge_play(play: list[list[tuple[str, Card]]], players: list[str],
                deal: dict[str, list[Card]] | None, trump: str | None, dealer: str,
                opts: dict[str, Any], hi: int, v: Callable[..., None]) -> dict[str, int]:
    held = {p: list(cs) for p, cs in deal.items()} if deal is not None else None
    failed: dict[tuple[str, str], int] = {}  # (player, suit) → the trick where they did not follow
    took = dict.fromkeys(players, 0)
    expect = left(players, dealer)
    broken = False
    for ti, trick in enumerate(play, 1):
        led = trick[0][1][1]
        out_of_turn = False
        for pos, (p, c) in enumerate(trick):
            # One out-of-turn play per trick: the plays after it in the same trick are the
            # same mistake, not new ones.
            if p != expect and not out_of_turn:
                v("turn-order", hand=hi, trick=ti, player=p)
                out_of_turn = True
            expect = left(players, p)
            if held is not None:
                mine = held.get(p, [])
                if pos == 0:
                    if (c[1] == trump and lead_restricted(opts, ti, broken)
                            and any(x[1] != trump for x in mine)):
                        v("follow-suit", hand=hi, trick=ti, player=p)
                elif c[1] != led and any(x[1] == led for x in mine):
                    v("follow-suit", hand=hi, trick=ti, player=p)
                if c in mine:
                    mine.remove(c)
                else:
                    v("card-not-held", hand=hi, trick=ti, player=p)
            else:
                if (p, c[1]) in failed:
                    v("follow-suit", hand=hi, trick=failed.pop((p, c[1])), player=p)
                if pos > 0 and c[1] != led:
                    failed.setdefault((p, led), ti)
        broken = broken or any(c[1] == trump for _, c in trick)
        expect = trick_winner(trick, trump)
        took[expect] += 1
    return took


# --- reading a generated record back ------------------------------------------------------

@dataclass
class Match:
    """A record's data with what inject needs resolved per hand (dealer, size, trump, deal)."""

    data: dict[str, Any]
    players: list[str]
    opts: dict[str, Any]
    sizes: list[int]
    dealers: list[str]

    @classmethod
    def read(cls, data: dict[str, Any]) -> Match:
        data = copy.deepcopy(data)
        players = [str(p) for p in data["players"]]
        opts = options_of(data)
        dealers = []
        d = str(data.get("first_dealer", players[0]))
        for hd in data["hands"]:
            d = str(hd.get("dealer", d))
            dealers.append(d)
            d = left(players, d)
        return cls(data, players, opts, pattern(opts["deal_pattern"], len(players)), dealers)

    @property
    def hands(self) -> list[dict[str, Any]]:
        return self.data["hands"]

    def n(self, i: int) -> int:
        return int(self.hands[i].get("cards", self.sizes[i]))

    def hand(self, i: int) -> Hand:
        """The hand as it happened; the deal is rebuilt from a complete play when not written."""
        hd = self.hands[i]
        turn_up = parse_card(hd["turn_up"]) if "turn_up" in hd else None
        trump = turn_up[1] if turn_up is not None else _trump_of(hd["trump"]) if "trump" in hd else None
        play = [[(str(p), parse_card(c)) for p, c in t.items()] for t in hd.get("play", [])]
        if "deal" in hd:
            deal = {str(p): _cards(cs) for p, cs in hd["deal"].items()}
        else:
            deal = {p: [] for p in self.players}
            for t in play:
                for p, c in t:
                    deal[p].append(c)
        bids = {str(p): int(b) for p, b in hd["bids"].items()}
        order = bid_order(self.players, self.dealers[i])
        return Hand(self.n(i), self.dealers[i], deal, turn_up, trump, {p: bids[p] for p in order}, play)

    def took(self, i: int) -> dict[str, int]:
        hd = self.hands[i]
        if "play" in hd:
            return self.hand(i).took(self.players)
        return {str(p): int(t) for p, t in hd["tricks"].items()}

    def rescore(self, i: int) -> None:
        """Rewrite a hand's recorded tricks and scores to match its bids and play."""
        hd = self.hands[i]
        took = self.took(i)
        if "play" in hd and "tricks" in hd:
            hd["tricks"] = {p: took[p] for p in self.players}
        if "scores" in hd:
            bids = {str(p): int(b) for p, b in hd["bids"].items()}
            hd["scores"] = {p: score(bids[p], took[p], self.opts) for p in self.players}

    def set_play(self, i: int, play: list[list[tuple[str, Card]]]) -> None:
        self.hands[i]["play"] = [{p: card_text(c) for p, c in t} for t in play]
        self.rescore(i)

    def complete(self, i: int) -> bool:
        """Whether hand i's result is known (all its tricks played, or its trick counts written)."""
        hd = self.hands[i]
        if "play" in hd:
            n = self.n(i)
            return len(hd["play"]) == n and all(len(t) == len(self.players) for t in hd["play"])
        return "tricks" in hd

    @property
    def done(self) -> list[int]:
        return [i for i in range(len(self.hands)) if self.complete(i)]

    def with_play(self) -> list[int]:
        return [i for i in self.done if "play" in self.hands[i]]


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
    "oh-hell.game-end": {"extra-hand": _inj_game_end},
}
"""Per rule id, the named ways `inject` breaks it."""


def inject(gen: Generated, rule: str, rng: random.Random, variants: Iterable[str] | None = None,
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
