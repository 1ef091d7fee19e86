"""Random Oh Hell matches for `scorekeep demo`: a random policy over the engine's legal moves.

The deal is chance (a shuffled deck, reproducible from the seed); every bid and card is
chosen among `HandPosition.legal_moves()` (OpenSpiel's random simulation), so a demo game is
legal by construction. The policy is biased so that the rare situations come up: bidding
styles that leave the dealer hooked (also on 0 or on the whole hand) or free, the dealer's
bid next to the hooked number, and the 1-card hand of the pattern. The rest of this module
is YAML styling: which keys a hand writes, card notations, names YAML would misread.

    game(seed, **knobs) -> Generated   a complete legal match, reproducible from the seed

Knobs (all optional):
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
                 its play, stopping mid-trick)
  vary           randomise all of the above from the seed (for property tests)
"""

# No `from __future__ import annotations`: with it, NamedTuple makes each field's annotation text a
# ForwardRef, compiling it, which took a third of this module's import time.

import random
from typing import Any, NamedTuple

from ...cards import DECK, RANK_TEXT, SUIT_NAME, SUIT_SYMBOL, Card
from . import engine
from .model import Bid, CardPlay
from .record import default_pattern, expand_pattern
from .options import OPTIONS
from .score import hand_points, winners
from ...generate import Generated

GAME = "oh-hell"
CHOICES = {name: (True, False) if isinstance(o.default, bool) else tuple(o.values.replace("`", "").split(", "))
           for name, o in OPTIONS.items() if name != "deal_pattern"}
"""The house rules `random_rules` draws from, each option's values (a switch: true or false)."""
PLAIN_NAMES = {4: ["North", "East", "South", "West"], 0: ["Ann", "Bao", "Chen", "Dara", "Eli", "Fay", "Gus"]}
TRICKY_NAMES = ["No", "On", "1", "2026-11-30", "Yes", "true", "null", "Off"]
KEYS = ("cards", "dealer", "turn_up", "trump", "deal", "bids", "play", "tricks", "scores")


# --- the random policy -------------------------------------------------------------------------

class Played(NamedTuple):
    """One hand as the engine played it, and the rare situations it contains."""

    size: int
    dealer: str
    deal: dict[str, list[Card]]
    turn_up: Card
    bids: dict[str, int]            # in bidding order
    tricks: list[list[tuple[str, Card]]]
    took: dict[str, int]
    features: set[str]


def _target(rng: random.Random, style: str, n: int, players: int) -> int:
    """The bid a player of this style has in mind (the policy then takes the nearest legal one)."""
    if style == "uniform":
        return rng.randint(0, n)
    if style == "fair":
        return max(0, min(n, round(n / players + rng.gauss(0, 0.8))))
    if style == "low":
        return min(n, rng.choice((0, 0, 0, 1, 1, 2)))
    return rng.randint(n // 2, n)  # high


def _choose_bid(rng: random.Random, pos: engine.HandPosition, style: str,
                shares: list[int]) -> tuple[Bid, list[int]]:
    """The bid, and the numbers the hook forbids the bidder."""
    legal = pos.legal_moves()
    t = pos.t
    p = legal[0].player
    legal = [m for m in legal if m.player == p]  # simultaneous bids: one player at a time
    values = [m.value for m in legal]
    hooked = [m.value for m in pos.hooked(p)] if pos.hook_binds(legal[0]) else []  # type: ignore[union-attr]
    if style == "exact" and p != t.dealer:  # the others share out exactly n: the dealer may not bid 0
        want = shares.pop(0) if shares else 0
    elif hooked and rng.random() < 0.35:  # right next to the hooked number
        h = hooked[0]
        want = rng.choice([b for b in (h - 1, h + 1) if b in values])
    else:
        want = _target(rng, style if style != "exact" else "uniform", t.size, len(t.players))
    best = min(values, key=lambda b: (abs(b - want), rng.random()))
    return next(m for m in legal if m.value == best), hooked


def play_hand(rng: random.Random, players: list[str], options: dict[str, Any], number: int, size: int,
              dealer: str, stop: int | None = None) -> Played:
    """Deal a hand and play it out by random legal moves (`stop`: only that many moves)."""
    deck = list(DECK)
    rng.shuffle(deck)
    order = engine.bidding_order(players, dealer)
    deal: dict[str, list[Card]] = {p: [] for p in players}
    for i in range(size * len(players)):
        deal[order[i % len(players)]].append(deck[i])
    for p in players:
        deal[p].sort(key=lambda c: ("SHDC".index(c.suit), -c.rank))
    turn_up = deck[size * len(players)]
    pos, _ = engine.deal(players, options, number, size, dealer, turn_up.suit, turn_up, deal)
    features: set[str] = set()
    style = rng.choice(("uniform", "fair", "low", "high", "exact"))
    cuts = sorted(rng.randint(0, size) for _ in order[:-2])
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, size])]
    moves = 0
    while (phase := pos.phase) != "over" and (stop is None or moves < stop):
        if phase == "bid":
            move, hooked = _choose_bid(rng, pos, style, shares)
            if pos.hook_binds(move):
                _note_hook(pos, hooked, features)
        else:
            move: Bid | CardPlay = rng.choice(pos.legal_moves())
            _note_play(pos, move, features)
        found = pos.push(move)  # in place: no earlier position is kept
        assert not found, found  # a legal move breaks nothing
        moves += 1
    tricks = [[(pl.player, pl.card) for pl in t.plays] for t in pos.tricks]
    took = pos.taken() or dict(pos.took)
    bids = {p: pos.bids[p] for p in order if p in pos.bids}
    played = Played(size, dealer, deal, turn_up, bids, tricks, took, features)
    if pos.phase == "over":
        _note_hand(played, options, features)
    return played


def _note_hook(pos: engine.HandPosition, hooked: list[int], features: set[str]) -> None:
    if not hooked:
        features.add("dealer-free")
        return
    features.add("hook-bound-dealer")
    if hooked[0] in (0, pos.t.size):
        features.add("hook-forbids-zero" if hooked[0] == 0 else "hook-forbids-all")
    if pos.t.size == 1:
        features.add("dealer-forced")  # one number left for the dealer


def _note_play(pos: engine.HandPosition, move: CardPlay, features: set[str]) -> None:
    trump, led, c = pos.t.trump, pos.led, move.card
    if led is None and c.suit == trump:
        features.add("trump-led")
        if pos._restricted():
            features.add("trump-led-holding-only-trump")
    elif led is not None and c.suit != led:
        features.add("trumped-in" if c.suit == trump else "discard")


def _note_hand(h: Played, options: dict[str, Any], features: set[str]) -> None:
    if h.size == 1:
        features.add("one-card-hand")
    for p, b in h.bids.items():
        if b == 0:
            features.add("zero-bid-made" if h.took[p] == 0 else "zero-bid-failed")
    if all(h.took[p] != h.bids[p] for p in h.bids):
        features.add("nobody-made")
    if sum(h.bids.values()) == h.size:
        features.add("bids-add-up")  # only possible without the hook


# --- writing a hand as a record ---------------------------------------------------------------

def _styled(c: Card, rng: random.Random | None) -> str:
    """The card in one of the notations the spec accepts (canonical without an rng)."""
    if rng is None:
        return str(c)
    rank = "T" if c.rank == 10 and rng.random() < 0.5 else RANK_TEXT[c.rank]
    form = rng.randrange(5)
    return (rank + c.suit, (rank + c.suit).lower(), SUIT_SYMBOL[c.suit] + rank, rank + SUIT_SYMBOL[c.suit],
            c.suit.lower() + rank)[form]


class Style(NamedTuple):
    """How a hand is written: which keys, and in which notation."""

    keys: frozenset[str]
    cards: random.Random | None = None
    """Non-canonical card notation, drawn from this rng (None: canonical)."""
    trump_word: str = "letter"
    shuffle_bids: random.Random | None = None


def render(h: Played, players: list[str], opts: dict[str, Any], style: Style) -> dict[str, Any]:
    k = style.keys
    d: dict[str, Any] = {}
    if "cards" in k:
        d["cards"] = h.size
    if "dealer" in k:
        d["dealer"] = h.dealer
    if "turn_up" in k:
        d["turn_up"] = _styled(h.turn_up, style.cards)
    if "trump" in k:
        t = h.turn_up.suit
        d["trump"] = (t if style.trump_word == "letter" else SUIT_SYMBOL[t] if style.trump_word == "symbol"
                      else SUIT_NAME[t].capitalize())
    if "deal" in k:
        d["deal"] = {p: [_styled(c, style.cards) for c in h.deal[p]] for p in players}
    order = list(h.bids)
    if style.shuffle_bids is not None:
        style.shuffle_bids.shuffle(order)
    d["bids"] = {p: h.bids[p] for p in order}
    if "play" in k and h.tricks:
        d["play"] = [{p: _styled(c, style.cards) for p, c in trick} for trick in h.tricks]
    if "tricks" in k:
        d["tricks"] = {p: h.took[p] for p in players}
    if "scores" in k:
        d["scores"] = {p: hand_points(h.bids[p], h.took[p], opts) for p in players}
    return d


def _style(rng: random.Random, detail: str, notation: str) -> Style:
    full = set(KEYS)
    levels = {"full": full, "play": full - {"deal"}, "deal-only": full - {"play"},
              "summary": {"cards", "dealer", "bids", "tricks", "scores"}}
    if detail in ("full", "play", "summary"):
        keys = levels[detail]
    else:  # mixed: each hand its own level (a summary with its trump), optional keys dropped
        level = rng.choice(("full", "play", "summary", "deal-only"))
        keys = levels[level] | ({"turn_up", "trump"} if level == "summary" else set())
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


def _in_progress(rng: random.Random, h: Played, players: list[str], opts: dict[str, Any]) -> dict[str, Any]:
    """A hand cut short (some bids, or all bids and part of the play), written as far as it got."""
    keys = {"cards", "dealer", "turn_up", "trump", "deal", "bids", "play"}
    for key in ("cards", "dealer", "trump", "deal"):
        if rng.random() < 0.3:
            keys.discard(key)
    if not keys & {"turn_up", "trump"}:
        keys.add("turn_up")
    if len(h.bids) < len(players):
        keys.discard("play")
    return render(h, players, opts, Style(frozenset(keys)))


# --- a whole match ------------------------------------------------------------------------------

def _players(rng: random.Random, count: Any, names: str) -> list[str]:
    if isinstance(count, (list, tuple)):
        return [str(p) for p in count]
    n = int(count)
    if not 2 <= n <= 7:
        raise ValueError("Oh Hell takes 2 to 7 players")
    if names == "tricky":
        return rng.sample(TRICKY_NAMES, n)
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


def _vary(rng: random.Random, knobs: dict[str, Any]) -> None:
    """Knobs not given, drawn: players, names, rules, detail, notation, a match cut short."""
    knobs.setdefault("players", rng.choice((2, 3, 4, 4, 4, 5, 6, 7)))
    knobs.setdefault("names", "tricky" if rng.random() < 0.15 else "plain")
    knobs.setdefault("random_rules", rng.random() < 0.6)
    knobs.setdefault("detail", rng.choice(("full", "full", "play", "summary", "mixed", "mixed")))
    knobs.setdefault("notation", "mixed" if rng.random() < 0.2 else "canonical")
    if rng.random() < 0.15:
        knobs.setdefault("hands", rng.randint(0, 20))
        knobs.setdefault("partial", rng.random() < 0.6)


def _written_rules(rng: random.Random, knobs: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """The house rules the record writes: drawn (`random_rules`), then those given as knobs."""
    written: dict[str, Any] = {}
    if knobs.get("random_rules"):
        for name, values in CHOICES.items():
            if rng.random() < 0.5:
                written[name] = rng.choice(values)
        if rng.random() < 0.5:
            written["deal_pattern"] = _random_pattern(rng, len(players))
    for name in OPTIONS:
        if name in knobs:
            written[name] = knobs[name]
    return written


def _drawn(rng: random.Random, moves: list[Any]) -> Any:
    """One of the legal `moves`; the only one without drawing (a match stays what its seed made)."""
    return moves[0] if len(moves) == 1 else rng.choice(moves)


def _dealt(rng: random.Random, players: list[str], first: str, sizes: tuple[int, ...], i: int,
           prev: str | None) -> tuple[str, int]:
    """Hand i's (from 0) dealer and size, drawn from what the engine's checks of them allow."""
    at = engine.Dealing(tuple(players), i + 1, first, tuple(sizes), i, prev)
    return _drawn(rng, at.legal_dealers()).dealer, _drawn(rng, at.legal_sizes()).size


def game(seed: int, **knobs: Any) -> Generated:
    """A complete legal Oh Hell match, reproducible from the seed (see the module doc for knobs)."""
    rng = random.Random(seed)
    if knobs.pop("vary", False):
        _vary(rng, knobs)
    players = _players(rng, knobs.get("players", 4), knobs.get("names", "plain"))
    written = _written_rules(rng, knobs, players)
    opts = {name: o.default for name, o in OPTIONS.items()} | written
    sizes = expand_pattern(opts["deal_pattern"] or default_pattern(len(players)), len(players), None)
    first = knobs.get("first_dealer") or rng.choice(players)
    detail, notation = knobs.get("detail", "full"), knobs.get("notation", "canonical")
    stop = knobs.get("hands")
    count = len(sizes) if stop is None else max(0, min(int(stop), len(sizes)))

    features: set[str] = set()
    totals = dict.fromkeys(players, 0)
    hands: list[dict[str, Any]] = []
    dealer: str | None = None
    for i in range(count):
        dealer, n = _dealt(rng, players, first, sizes, i, dealer)
        h = play_hand(rng, players, opts, i + 1, n, dealer)
        features |= h.features
        hands.append(render(h, players, opts, _style(rng, detail, notation)))
        for p in players:
            totals[p] += hand_points(h.bids[p], h.took[p], opts)
    if knobs.get("partial") and count < len(sizes):
        dealer, n = _dealt(rng, players, first, sizes, count, dealer)
        h = play_hand(rng, players, opts, count + 1, n, dealer, stop=rng.randrange(1, len(players) * (n + 1)))
        hands.append(_in_progress(rng, h, players, opts))
        features.add("hand-in-progress")

    data: dict[str, Any] = {"game": GAME, "players": players}
    if written:
        data["rules"] = written
    if first != players[0] or rng.random() < 0.5:
        data["first_dealer"] = first
    data["hands"] = hands
    winner = winners(totals) if count == len(sizes) else None
    if winner is None:
        features.add("in-progress")
    elif isinstance(winner, list):
        features.add("shared-win")
    return Generated(GAME, data, totals, winner, features=frozenset(features))
