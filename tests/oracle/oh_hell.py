"""The independent reading of Oh Hell: dealing, bidding, playing, judging and scoring written
from the rule digest (`rules/oh-hell.md`) alone.

It shares no code with `scorekeep.games.oh_hell` (the engine): when the two disagree, one of
them has misread a rule. The property tests and `benchmarks/oh_hell_catch_rate.py` compare
them on random games that `scorekeep demo` plays on the engine, and the fault injectors
(`tests/faults/oh_hell.py`) use `play_out` and `new_hand` to carry a match on legally after
a fault.

    expected_violations(data)   what a correct checker reports for a record (rule id, location)
    standings(data)             the totals and the winner, by this reading of the scoring
    Match.read(data)            a record resolved per hand (dealer, size, trump, deal)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

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

        stopped = "play" in hd and n is not None and len(hd["play"] or ()) < n  # its play stops part-way
        if ("play" not in hd or stopped) and "tricks" not in hd and hi < len(data["hands"]):
            v("unfinished-hand", hand=hi)  # only the last hand may have no result
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


def standings(data: dict[str, Any]) -> tuple[dict[str, int], str | list[str] | None]:
    """Totals over the complete hands of the pattern, and the winner once every hand is complete."""
    m = Match.read(data)
    totals = dict.fromkeys(m.players, 0)
    done = m.done
    for i in (i for i in done if i < len(m.sizes)):
        took = m.took(i)
        bids = {str(p): int(b) for p, b in m.hands[i]["bids"].items()}
        for p in m.players:
            totals[p] += score(bids[p], took[p], m.opts)
    if len(m.hands) < len(m.sizes) or any(i not in done for i in range(len(m.sizes))):
        return totals, None
    best = max(totals.values())
    top = [p for p in m.players if totals[p] == best]
    return totals, top[0] if len(top) == 1 else top
