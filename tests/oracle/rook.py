"""The independent reading of Rook for the tests (1988 tournament rules, Kentucky Discard with the
Bird), written from the rule digest alone: random legal matches, and its own judge.

This module shares no code with `scorekeep.games.rook` (the engine): it deals, bids, exchanges,
plays and scores on its own reading of `rules/rook.md`, the record spec and the source article,
so that a misreading on either side shows up as a disagreement in the property tests. Once
`scorekeep demo` plays on the engine, only this reading can catch a misread rule. It also holds
the short simulator that used to be `tests/rook_sim.py` (`sim_game`), so Rook has one
independent reading. The fault injectors that work on its model are in `faults/rook.py`.

    game(seed, **knobs) -> RookGenerated    a complete legal match to the target, reproducible
    judge(model)                             this module's own reading of what a checker must
                                             report for a record (a second, independent checker)
    check_model(gen)                         consistency of a generated match (legal plays, points)
    sim_game(seed)                           the short simulator: a game to 300 as record data

Knobs of `game` (all optional):
  variety        False (default): plain names (North, East, South, West), canonical card
                 notation, every hand written in full: a newcomer's first record. True: names,
                 team labels, card notation, house rules, summary hands and hands without the
                 deal all chosen at random from the seed (for the property tests)
  target, seat_change_every, seat_change_deal, all_pass, min_bid, max_bid
                 house rules (written into `rules:` when not the default; `bid_step` stays 5)
  bird           "highest" (default) or "off": the deck without the Bird (`BIRD_OPTION`)
  players        four names, clockwise
  first_dealer   a name (default: random)
  steer          None, "tie" or "both-over": near the end, try several random hands and keep
                 one that moves the match towards that ending (default: chosen from the seed)

Seat change (notes/rook-decisions.md): a hand is *counted* unless all four passed under
`all_pass: redeal`. After every `seat_change_every` counted hands one partnership swaps seats,
which reverses the clockwise cycle; the deal then passes to the left of the previous dealer *in
the new seating*. With players A B C D and first dealer A: hands 1-4 are dealt by A B C D,
hands 5-8 by C B A D, hands 9-12 by A B C D again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from scorekeep.generate import Generated, dump

GAME = "rook"
BIRD = 40
"""Cards are ints: color * 10 + (number - 5) for the 40 numbered cards (R Y B G), 40 the Bird."""
LETTERS = "RYBG"
WORDS = ("red", "yellow", "black", "green")
ZH = ("紅", "黃", "黑", "綠")
UNKNOWN = range(41, 57)
"""Not cards of this deck (for rook.deck faults): R1-R4, Y1-Y4, B1-B4, G1-G4 as 41 + color * 4 + n - 1."""
COUNTER = tuple(20 if c == BIRD else {5: 5, 10: 10, 14: 10}.get(c % 10 + 5, 0) for c in range(41)) + (0,) * 16

DEFAULTS: dict[str, Any] = {"target": 300, "seat_change_every": 4, "seat_change_deal": "new-left",
                            "all_pass": "redeal", "min_bid": 70, "max_bid": 120, "bid_step": 5}
"""House rules (`rules:`); `seat_change_deal` is the checker's option for who deals first after a
seat change: the last dealer's left in the new seating (new-left) or in the old one (old-left)."""
BIRD_OPTION = ("highest", "off")
"""House rule `bird` (knob `bird`, kept out of `DEFAULTS` so that the draw of the others stays as it
was): `off` leaves the Bird out. Read from the digest's deck less the Bird: 40 cards, 9 each and a
4-card nest (what is left), counters 5s 5, 10s and 14s 10 (100 in all), trump a color with nothing
above its 14, and no card that may be played instead of following the led color (the Bird's
permissions and duties go with it). A card not in the deck (the Bird here, as a 1-4) is worth nothing."""


def deck(m: Match) -> list[int]:
    """The cards of this match's deck: the 40 numbered cards, and the Bird unless `bird: off`."""
    return list(range(40 if m.opts.get("bird") == "off" else 41))


def worth(m: Match, c: int) -> int:
    """The counter value of card `c` in this match: a card that is not in the deck (a 1-4; the Bird
    under `bird: off`) is no counter of it, so a record that shows one keeps the deck's total."""
    return 0 if c == BIRD and m.opts.get("bird") == "off" else COUNTER[c]  # (the 1-4 are worth 0 already)


def total(m: Match) -> int:
    """The counters in the deck (rook.points-total): 120, or 100 without the Bird."""
    return sum(worth(m, c) for c in deck(m))


def nest_size(m: Match) -> int:
    """The nest is what is left of the deck after 9 cards each: 5, or 4 without the Bird."""
    return len(deck(m)) - 36

FAULT_RULES: tuple[str, ...] = (
    "rook.deck", "rook.deal", "rook.dealer-rotation", "rook.seat-change",
    "rook.bid-order", "rook.bid-minimum", "rook.bid-step", "rook.bid-maximum",
    "rook.bid-after-pass", "rook.bid-end", "rook.all-pass",
    "rook.nest-exchange", "rook.trump",
    "rook.turn-order", "rook.card-not-held", "rook.follow-color",
    "rook.bird-led", "rook.bird-must-follow-trump",
    "rook.nest-to-last-trick", "rook.contract",
    "rook.points-total", "rook.points-recorded", "rook.unfinished-hand", "rook.game-end",
)

Trick = list[tuple[str, int]]


# ---------------------------------------------------------------- cards and play rules

def number(c: int) -> int:
    return c % 10 + 5


def card_text(c: int) -> str:
    """Canonical record notation: `R14`, `G6`, `Bird`."""
    return "Bird" if c == BIRD else f"{LETTERS[c // 10]}{number(c)}"


def legal(held: list[int], led: int | None, trump: int) -> list[int]:
    """The cards a player may play (rook.follow-color, rook.bird-anytime, rook.bird-led,
    rook.bird-must-follow-trump). Without the Bird (`bird: off`) no one holds it, so nothing may be
    played instead of following and a trump lead is followed by trump like any color."""
    if led is None:
        return list(held)
    color = trump if led == BIRD else led // 10  # the Bird led: trump is the led color
    follow = [c for c in held if c != BIRD and c // 10 == color]
    if follow:
        return follow + [BIRD] if BIRD in held else follow  # the Bird may always be played
    if color == trump and BIRD in held:
        return [BIRD]  # trump led, the Bird is the only trump: it must be played
    return list(held)


def winner(trick: Trick, trump: int) -> int:
    """Index of the winning play (rook.trick-winner): the Bird, else the highest trump, else
    the highest card of the led color."""
    cards = [c for _, c in trick]
    if BIRD in cards:
        return cards.index(BIRD)
    led = cards[0] // 10

    def strength(c: int) -> int:
        return 20 + c % 10 if c // 10 == trump else 10 + c % 10 if c // 10 == led else 0

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


def seating(players: tuple[str, ...], counted: int, every: int) -> tuple[str, ...]:
    """The clockwise order for a hand dealt after `counted` counted hands (rook.seat-change)."""
    if every and (counted // every) % 2:
        return (players[0], players[3], players[2], players[1])
    return players


def clockwise(order: tuple[str, ...], first: str) -> list[str]:
    i = order.index(first)
    return [order[(i + k) % 4] for k in range(4)]


def left(order: tuple[str, ...], p: str) -> str:
    return order[(order.index(p) + 1) % 4]


def outcome(totals: list[int], target: int) -> int | None:
    """The winning team once the match is over (rook.game-end); None while it goes on (a tie at
    or over the target means another hand)."""
    a, b = totals
    if (a >= target or b >= target) and a != b:
        return 0 if a > b else 1
    return None


# ---------------------------------------------------------------- the match model

@dataclass
class Call:
    player: str
    amount: int | None  # None = pass
    named: bool = False


@dataclass
class Style:
    """How a hand is written down (the same facts, different spellings)."""

    cards: str = "std"  # std R14 | lower r14 | zh 紅14 | word red14
    bird: str = "Bird"
    lists: str = "list"  # list | space | comma
    trump: str = "word"  # word green | Word Green | letter G | zh 綠
    deal_order: str = "players"  # players | seat (from the dealer's left)
    keys: tuple[int, int] = (-1, -1)  # per team: -1 its label, 0/1 that member's name
    team_first: int = 0


@dataclass
class Hand:
    dealer: str
    order: tuple[str, ...]  # clockwise seating of this hand
    deal: dict[str, list[int]]
    nest: list[int]
    calls: list[Call] = field(default_factory=list)
    winner: str | None = None  # bid winner; None = thrown in
    bid: int | None = None
    forced: bool = False  # all passed, dealer took it (all_pass: dealer-forced)
    discard: list[int] = field(default_factory=list)
    trump: int = 0
    tricks: list[Trick] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    """Captured points per team (team 0 = players[0] and players[2]), as the checker must compute
    them: from the tricks when they are written, else the written summary."""
    show: set[str] = field(default_factory=set)
    style: Style = field(default_factory=Style)
    rec_points: list[int] | None = None  # written points when they differ from `points`
    rec_scores: list[int] | None = None  # written scores when they differ from the computed ones
    rec_trump: str | None = None  # written trump when it is not a color (rook.trump)
    void: bool = False
    """All four passed (thrown in: scores nothing, does not count), but the record plays it."""
    cut: bool = False
    """The record stops this hand's play early and gives no result: it scores nothing (but it still
    counts toward the seat change); with a hand after it, rook.unfinished-hand."""

    @property
    def counted(self) -> bool:
        return self.winner is not None and not self.void


@dataclass
class Match:
    players: tuple[str, ...]
    first_dealer: str
    opts: dict[str, Any]
    rules_shown: dict[str, Any]
    labels: tuple[str, str]
    teams_shown: list[tuple[str, list[str]]] | None
    show_first_dealer: bool
    title: str
    variety: bool
    hands: list[Hand] = field(default_factory=list)

    def team(self, p: str) -> int:
        return self.players.index(p) % 2

    def members(self, t: int) -> list[str]:
        return [self.players[t], self.players[t + 2]]


class RookGenerated(Generated):
    """A generated Rook match that also carries the generator's model (for `inject`): not a field
    (`Generated` is a named tuple), so not compared or shown."""

    model: Match | None

    def __new__(cls, game: str, data: dict[str, Any], totals: dict[str, int], winner: str | list[str] | None,
                events: tuple[tuple[str, dict[str, Any]], ...] = (), features: frozenset[str] = frozenset(),
                model: Match | None = None) -> RookGenerated:
        self = super().__new__(cls, game, data, totals, winner, events, features)
        self.model = model
        return self

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return dump(self.data)


def score(m: Match, h: Hand) -> list[int]:
    """This hand's scores per team (rook.contract): the bidding team scores what it captured if
    that reaches the bid, else minus the bid; the other team scores what it captured."""
    if not h.counted or h.cut:
        return [0, 0]
    wt = m.team(h.winner)  # type: ignore[arg-type]
    out = list(h.points)
    if h.points[wt] < h.bid:  # type: ignore[operator]
        out[wt] = -h.bid  # type: ignore[operator]
    return out


def trick_points(m: Match, h: Hand) -> list[int]:
    """Counters captured per team (rook.nest-to-last-trick: the discard goes to the 9th trick)."""
    pts = [0, 0]
    last = None
    for trick in h.tricks:
        last = m.team(trick[winner(trick, h.trump)][0])
        pts[last] += sum(worth(m, c) for _, c in trick)
    if last is not None:
        pts[last] += sum(worth(m, c) for c in h.discard)
    return pts


@dataclass
class State:
    """Where the match stands before a hand."""

    index: int  # 0-based index of the next hand
    dealer: str
    counted: int
    totals: list[int]


def next_dealer(m: Match, counted: int, dealer: str, other: bool = False) -> str:
    """Who deals after `dealer` once `counted` hands count: their left in the new seating
    (or the old one, house rule `seat_change_deal: old-left`); `other` gives the other reading,
    the mistake rook.seat-change names."""
    every = m.opts["seat_change_every"]
    old = seating(m.players, counted - 1, every)
    new = seating(m.players, counted, every)
    return left(new if (m.opts["seat_change_deal"] == "new-left") != other else old, dealer)


def advance(m: Match, st: State, h: Hand) -> State:
    """The state after hand `h`, carrying on from the dealer the record names."""
    counted = st.counted + h.counted
    s = score(m, h)
    dealer = next_dealer(m, counted, h.dealer) if h.counted else left(h.order, h.dealer)
    return State(st.index + 1, dealer, counted, [st.totals[0] + s[0], st.totals[1] + s[1]])


def state_before(m: Match, index: int) -> State:
    st = State(0, m.first_dealer, 0, [0, 0])
    for h in m.hands[:index]:
        st = advance(m, st, h)
    return st


# ---------------------------------------------------------------- one hand

def _limit(rng: random.Random, m: Match) -> int:
    """How far a player is willing to bid (-1: not at all): rarely the house maximum, else at most
    the counters in the deck (bids no team can make, hand after hand, would never end the match)."""
    if rng.random() < 0.45:
        return -1
    o = m.opts
    lo, hi, step = o["min_bid"], o["max_bid"], o["bid_step"]
    if rng.random() < 0.02:
        return hi
    return min(hi, max(lo, total(m) // step * step), lo + step * int(rng.expovariate(0.35)))


@dataclass
class AuctionHook:
    """A breach to build into an auction: `skip` (a player calls out of turn, rook.bid-order) or
    `after-pass` (a passed player bids again, rook.bid-after-pass), at call `at` or later."""

    kind: str
    at: int
    player: str | None = None


def auction(rng: random.Random, m: Match, h: Hand, hook: AuctionHook | None = None) -> None:
    o = m.opts
    lo, hi, step = o["min_bid"], o["max_bid"], o["bid_step"]
    seats = clockwise(h.order, left(h.order, h.dealer))
    limits = {p: _limit(rng, m) for p in seats}
    passed: set[str] = set()
    high: int | None = None
    holder: str | None = None
    calls: list[Call] = []
    must_bid = False
    i = 0
    while not (len(passed) == 4 or (holder is not None and len(passed) == 3)):
        p = seats[i % 4]
        i += 1
        if p in passed:
            if (hook and hook.kind == "after-pass" and hook.player is None and len(calls) >= hook.at
                    and high is not None and high + 2 * step <= hi):
                calls.append(Call(p, high + step, True))  # bids again after passing
                high = high + step
                hook.player = p
                must_bid = True  # the next player outbids it, so it never stands
            continue
        if hook and hook.kind == "skip" and hook.player is None and len(calls) >= hook.at:
            others = [q for q in seats if q not in passed and q not in (p, holder)]
            if others and (lo if high is None else high + step) <= hi:
                # calls although it is not their turn, and bids (so that the old high bidder is
                # never asked to call over their own bid); play resumes on their left
                p = rng.choice(others)
                hook.player = p
                i = seats.index(p) + 1
                must_bid = True
        minimum = lo if high is None else high + step
        if must_bid or (minimum <= hi and minimum <= limits[p]):
            jump = rng.choices((0, 1, 2), (0.75, 0.2, 0.05))[0]
            amount = minimum if must_bid else min(minimum + step * jump, max(minimum, min(limits[p], hi)))
            calls.append(Call(p, amount))
            high, holder, must_bid = amount, p, False
        else:
            passed.add(p)
            calls.append(Call(p, None))
    h.calls = calls
    if holder is not None:
        h.winner, h.bid = holder, high
    elif o["all_pass"] == "dealer-forced":
        h.winner, h.bid, h.forced = h.dealer, lo, True


def exchange(rng: random.Random, h: Hand) -> None:
    """The bid winner takes the nest, names trump, puts back as many cards as the nest held (5 of
    the 14; 4 of 13 without the Bird) (rook.nest-exchange)."""
    w = h.winner
    assert w is not None
    fourteen = h.deal[w] + h.nest
    counts = [0, 0, 0, 0]
    for c in fourteen:
        if c != BIRD:
            counts[c // 10] += 1
    if rng.random() < 0.85:
        best = max(counts)
        h.trump = rng.choice([k for k in range(4) if counts[k] == best])
    else:
        h.trump = rng.randrange(4)

    def weight(c: int) -> float:
        if c == BIRD:
            return 0.01
        if c // 10 == h.trump:
            return 0.1
        return (0.3 if COUNTER[c] else 1.0) * (1 + (14 - number(c)) / 3)

    pool = list(fourteen)
    out = []
    for _ in range(len(h.nest)):
        c = rng.choices(pool, [weight(x) for x in pool])[0]
        pool.remove(c)
        out.append(c)
    h.discard = sorted(out)


def _pick(rng: random.Random, choices: list[int], leading: bool) -> int:
    if BIRD in choices and len(choices) > 1:
        if rng.random() < (0.3 if leading else 0.25):
            return BIRD
        choices = [c for c in choices if c != BIRD]
    return rng.choice(choices)


Chooser = Callable[[int, int, str, list[int], Trick, list[int]], "int | None"]


def held_after_exchange(h: Hand) -> dict[str, list[int]]:
    held = {p: list(h.deal[p]) for p in h.order}
    if h.winner is not None:
        w = h.winner
        held[w] = [c for c in h.deal[w] + h.nest if c not in h.discard]
    return held


def play(rng: random.Random, m: Match, h: Hand, choose: Chooser | None = None,
         leaders: dict[int, str] | None = None) -> dict[str, list[int]]:
    """Play the 9 tricks at random (legal unless `choose` says otherwise); returns what is left."""
    held = held_after_exchange(h)
    leader = left(h.order, h.dealer)
    tricks: list[Trick] = []
    for t in range(9):
        if leaders and t in leaders:
            leader = leaders[t]
        trick: Trick = []
        for k, p in enumerate(clockwise(h.order, leader)):
            lg = legal(held[p], trick[0][1] if trick else None, h.trump)
            c = choose(t, k, p, held[p], trick, lg) if choose else None
            if c is None:
                c = _pick(rng, lg, not trick)
            if c in held[p]:
                held[p].remove(c)
            trick.append((p, c))
        tricks.append(trick)
        leader = trick[winner(trick, h.trump)][0]
    h.tricks = tricks
    h.points = trick_points(m, h)
    return held


def new_hand(rng: random.Random, m: Match, st: State, dealer: str | None = None) -> Hand:
    dealer = dealer or st.dealer
    order = seating(m.players, st.counted, m.opts["seat_change_every"])
    cards = deck(m)
    rng.shuffle(cards)
    seats = clockwise(order, left(order, dealer))
    h = Hand(dealer, order, {p: sorted(cards[9 * k:9 * k + 9]) for k, p in enumerate(seats)},
             sorted(cards[36:]))
    auction(rng, m, h)
    if h.winner is not None:
        exchange(rng, h)
        play(rng, m, h)
    dress(rng, m, h)
    return h


def dress(rng: random.Random, m: Match, h: Hand) -> None:
    """Choose which keys this hand writes and how it spells them."""
    if not m.variety:
        h.show = {"dealer", "bidding", "deal", "nest"}
        if h.winner is not None:
            h.show |= {"discard", "trump", "tricks", "points", "scores"}
        for c in h.calls:
            c.named = True
        h.style = Style()
        return
    r = rng.random
    s = Style()
    s.cards = rng.choices(("std", "lower", "zh", "word"), (0.7, 0.1, 0.1, 0.1))[0]
    s.bird = rng.choice(("鳥", "鳥牌")) if s.cards == "zh" else "Bird"
    s.lists = rng.choices(("list", "space", "comma"), (0.6, 0.3, 0.1))[0]
    s.trump = rng.choices(("word", "Word", "letter", "zh"), (0.7, 0.1, 0.1, 0.1))[0]
    s.deal_order = rng.choice(("players", "seat"))
    s.keys = (rng.choice((-1, -1, 0, 1)), rng.choice((-1, -1, 0, 1)))
    s.team_first = rng.randrange(2)
    h.style = s
    naming = rng.choices(("plain", "named", "mixed"), (0.5, 0.3, 0.2))[0]
    for c in h.calls:
        c.named = naming == "named" or (naming == "mixed" and r() < 0.5)
    show = {"dealer"} if r() < 0.9 else set()
    if h.winner is None:
        show.add("bidding")
        if r() < 0.6:
            show |= {"deal", "nest"}
        # (no `scores: 0/0`: the checker takes it for an input error, see
        # tests/records/rook/gen-thrown-in-zero-scores.yaml)
        h.show = show
        return
    kind = rng.choices(("full", "nodeal", "summary"), (0.7, 0.15, 0.15))[0]
    if kind == "summary" and h.forced:
        kind = "full"  # a forced contract shows in the bidding only as four passes
    if kind == "summary":
        show |= {"points"} | ({"bidding"} if r() < 0.6 else {"bid"})
        show |= {k for k in ("trump", "scores") if r() < 0.5}
    else:
        show |= {"bidding", "tricks", "trump"}
        if kind == "full":
            show |= {"deal", "nest", "discard"}
        else:
            show |= {k for k in ("nest", "discard") if r() < 0.4}
        show |= {k for k, p in (("points", 0.7), ("scores", 0.6), ("bid", 0.15)) if r() < p}
    h.show = show


# ---------------------------------------------------------------- the match

NAMES = (
    ("North", "East", "South", "West"),
    ("Ann", "Bob", "Cleo", "Dev"),
    ("甲", "乙", "丙", "丁"),
    ("No", "Yes", "On", "Off"),
    ("1", "2", "3", "4"),
    ("null", "true", "2026-11-30", "Bird"),
)
STEER_TRIES = 20
"""Random hands tried per hand near the end of a steered match."""
LABELS = (("Us", "Them"), ("Red team", "Blue team"), ("北南隊", "東西隊"), ("Team 1", "Team 2"))


def _setup(rng: random.Random, seed: int, knobs: dict[str, Any]) -> Match:
    variety = bool(knobs.get("variety", False))
    unknown = set(knobs) - {"variety", "players", "first_dealer", "steer", "bird", *DEFAULTS}
    if unknown:
        raise TypeError(f"unknown knobs: {sorted(unknown)}")
    players = tuple(knobs.get("players") or (rng.choice(NAMES) if variety else NAMES[0]))
    if len(players) != 4 or len(set(players)) != 4:
        raise ValueError("Rook needs four different players")
    opts = dict(DEFAULTS)
    shown: dict[str, Any] = {}
    if variety:
        opts["target"] = rng.choices((300, 200, 250, 500), (0.7, 0.1, 0.1, 0.1))[0]
        opts["seat_change_every"] = rng.choices((4, 0, 2, 3), (0.8, 0.1, 0.05, 0.05))[0]
        opts["all_pass"] = rng.choices(("redeal", "dealer-forced"), (0.8, 0.2))[0]
        opts["seat_change_deal"] = rng.choices(("new-left", "old-left"), (0.9, 0.1))[0]
        if rng.random() < 0.1:
            opts["min_bid"], opts["max_bid"] = rng.choice(((60, 120), (75, 120), (70, 100)))
    for k in DEFAULTS:
        if k in knobs:
            opts[k] = knobs[k]
    for k, v in opts.items():
        if v != DEFAULTS[k] or (variety and rng.random() < 0.05):
            shown[k] = v
    opts["bird"] = knobs.get("bird", BIRD_OPTION[0])
    if opts["bird"] not in BIRD_OPTION:
        raise ValueError(f"bird is one of {BIRD_OPTION}")
    if opts["bird"] != BIRD_OPTION[0]:
        shown["bird"] = opts["bird"]
    first = knobs.get("first_dealer") or rng.choice(players)
    labels = (f"{players[0]}/{players[2]}", f"{players[1]}/{players[3]}")
    teams = None
    if variety and rng.random() < 0.3:
        labels = rng.choice(LABELS)
        teams = []
        for t in rng.sample((0, 1), 2):
            mem = [players[t], players[t + 2]]
            rng.shuffle(mem)
            teams.append((labels[t], mem))
    show_first = not variety or first != players[0] or rng.random() < 0.5
    return Match(players, first, opts, shown, labels, teams, show_first,
                 f"Random Rook match (seed {seed})", variety)


def _goal_key(goal: str, totals: list[int], target: int) -> tuple[int, ...]:
    over = outcome(totals, target) is not None
    diff = abs(totals[0] - totals[1])
    if goal == "tie":  # a tie is only reachable from a lead of 20 or more
        return (over, abs(diff - 40) // 10, -min(totals))
    return (over, diff // 20, -min(totals))


def _reached(goal: str, totals: list[int], target: int) -> bool:
    if goal == "tie":
        return totals[0] == totals[1] >= target
    return min(totals) >= target and totals[0] != totals[1]


def extend(rng: random.Random, m: Match, steer: str | None = None, limit: int = 400) -> State:
    """Play hands until a team has won."""
    target = m.opts["target"]
    st = state_before(m, len(m.hands))
    while outcome(st.totals, target) is None:
        if len(m.hands) >= limit:
            raise RuntimeError("match did not end")
        if steer and max(st.totals) >= target - 150:
            best: tuple[tuple[int, ...], Hand] | None = None
            for _ in range(STEER_TRIES):
                cand = new_hand(rng, m, st)
                s = score(m, cand)
                tot = [st.totals[0] + s[0], st.totals[1] + s[1]]
                if _reached(steer, tot, target):
                    best, steer = ((), cand), None
                    break
                key = (cand.winner is None, *_goal_key(steer, tot, target))
                if best is None or key < best[0]:
                    best = (key, cand)
            assert best is not None
            h = best[1]
        else:
            h = new_hand(rng, m, st)
        m.hands.append(h)
        st = advance(m, st, h)
    return st


def game(seed: int, **knobs: Any) -> RookGenerated:
    """A complete legal Rook match to the target, reproducible from the seed."""
    rng = random.Random(seed)
    m = _setup(rng, seed, knobs)
    steer = knobs["steer"] if "steer" in knobs else rng.choices((None, "tie", "both-over"), (0.7, 0.15, 0.15))[0]
    extend(rng, m, steer)
    return finish(m)


def finish(m: Match) -> RookGenerated:
    st = state_before(m, len(m.hands))
    won = outcome(st.totals, m.opts["target"])
    return RookGenerated(GAME, render(m), {m.labels[0]: st.totals[0], m.labels[1]: st.totals[1]},
                         None if won is None else m.labels[won], (), frozenset(features(m)), m)


# ---------------------------------------------------------------- writing the record

def _card(c: int, s: Style) -> str:
    if c == BIRD:
        return s.bird
    col, n = divmod(c - 41, 4) if c in UNKNOWN else (c // 10, number(c))
    n += c in UNKNOWN
    return {"std": LETTERS[col], "lower": LETTERS[col].lower(), "zh": ZH[col], "word": WORDS[col]}[s.cards] + str(n)


def _cards(cs: list[int], s: Style) -> Any:
    texts = [_card(c, s) for c in cs]
    return texts if s.lists == "list" else (" " if s.lists == "space" else ", ").join(texts)


def _trump(t: int, s: Style) -> str:
    return {"word": WORDS[t], "Word": WORDS[t].capitalize(), "letter": LETTERS[t], "zh": ZH[t]}[s.trump]


def _per_team(m: Match, h: Hand, values: list[int]) -> dict[str, int]:
    out = {}
    for t in (h.style.team_first, 1 - h.style.team_first):
        k = h.style.keys[t]
        out[m.labels[t] if k < 0 else m.members(t)[k]] = values[t]
    return out


def render_hand(m: Match, h: Hand) -> dict[str, Any]:
    s, show = h.style, h.show
    out: dict[str, Any] = {}
    if "dealer" in show:
        out["dealer"] = h.dealer
    if "bidding" in show:
        out["bidding"] = [({c.player: "pass" if c.amount is None else c.amount} if c.named
                           else "pass" if c.amount is None else c.amount) for c in h.calls]
    if "bid" in show and h.winner is not None:
        out["bid"] = {h.winner: h.bid}
    if "deal" in show:
        order = m.players if s.deal_order == "players" else clockwise(h.order, left(h.order, h.dealer))
        out["deal"] = {p: _cards(h.deal[p], s) for p in order}
    if "nest" in show:
        out["nest"] = _cards(h.nest, s)
    if h.winner is not None:
        if "discard" in show:
            out["discard"] = _cards(h.discard, s)
        if "trump" in show:
            out["trump"] = h.rec_trump or _trump(h.trump, s)
        if "tricks" in show:
            out["tricks"] = [{p: _card(c, s) for p, c in trick} for trick in h.tricks]
        if "points" in show:
            out["points"] = _per_team(m, h, h.rec_points or h.points)
    if "scores" in show:
        out["scores"] = _per_team(m, h, h.rec_scores or score(m, h))
    return out


def render(m: Match) -> dict[str, Any]:
    d: dict[str, Any] = {"game": GAME, "title": m.title, "players": list(m.players)}
    if m.teams_shown:
        d["teams"] = {label: list(mem) for label, mem in m.teams_shown}
    if m.show_first_dealer:
        d["first_dealer"] = m.first_dealer
    if m.rules_shown:
        d["rules"] = dict(m.rules_shown)
    d["hands"] = [render_hand(m, h) for h in m.hands]
    return d


def _loc(i: int, trick: int | None = None, player: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": i + 1}
    if trick is not None:
        out["trick"] = trick + 1
    if player is not None:
        out["player"] = player
    return out


def _ordinary(held: list[int], color: int) -> list[int]:
    return [c for c in held if c != BIRD and c // 10 == color]


# ---------------------------------------------------------------- what happened (coverage)

def trace(h: Hand) -> list[tuple[int, int, str, int, list[int], Trick]]:
    """Every play of a hand with what the player held before it: (trick, position, player,
    card, held, the trick so far), 0-based."""
    held = held_after_exchange(h)
    out = []
    for t, trick in enumerate(h.tricks):
        for k, (p, c) in enumerate(trick):
            out.append((t, k, p, c, list(held[p]), trick[:k]))
            if c in held[p]:
                held[p].remove(c)
    return out


def hand_features(m: Match, h: Hand) -> set[str]:
    f: set[str] = set()
    if h.winner is None:
        return {"all-pass"}
    if h.forced:
        f.add("dealer-forced")
    if len(h.calls) == 4 and h.calls[3].amount is not None:
        f.add("three-passes-then-bid")
    if h.bid == m.opts["max_bid"]:
        f.add("max-bid")
    wt = m.team(h.winner)
    f.add("made" if h.points[wt] >= h.bid else "set")  # type: ignore[operator]
    if h.points[wt] == total(m):
        f.add("all-120")
    if BIRD in h.discard:
        f.add("bird-in-nest")
    if h.tricks:
        last = m.team(h.tricks[8][winner(h.tricks[8], h.trump)][0])
        if last != wt and any(COUNTER[c] for c in h.discard):
            f.add("nest-to-defenders")
    for t, k, p, c, held, trick in trace(h):
        if k == 0:
            if c == BIRD:
                f.add("bird-led")
            continue
        led = trick[0][1]
        color = h.trump if led == BIRD else led // 10
        if led == BIRD and any(x // 10 == h.trump for x in held if x != BIRD):
            f.add("bird-led-trump-followed")
        if color == h.trump and led != BIRD and c == BIRD and not any(
                x // 10 == h.trump for x in held if x != BIRD):
            f.add("forced-bird")
        if c == BIRD and color != h.trump and any(x // 10 == color for x in held if x != BIRD):
            f.add("bird-anytime")
        if c != BIRD and c // 10 == h.trump != color:
            f.add("trump-in")
    return f


def features(m: Match) -> set[str]:
    f: set[str] = set()
    st = State(0, m.first_dealer, 0, [0, 0])
    target = m.opts["target"]
    for h in m.hands:
        f |= hand_features(m, h)
        if h.order != m.players:
            f.add("seat-change")
        elif st.counted >= 2 * m.opts["seat_change_every"] > 0:
            f.add("seat-change-back")
        if "tricks" not in h.show and h.winner is not None:
            f.add("summary-hand")
        elif "deal" not in h.show and h.winner is not None:
            f.add("no-deal-hand")
        if any(c.named for c in h.calls) and "bidding" in h.show:
            f.add("named-calls")
        st = advance(m, st, h)
        if min(st.totals) < 0:
            f.add("negative-total")
        if st.totals[0] == st.totals[1] >= target:
            f.add("tie")
    if min(st.totals) >= target:
        f.add("both-over")
    if m.teams_shown:
        f.add("teams")
    if m.rules_shown:
        f.add("house-rules")
    return f


def check_model(gen: Generated) -> list[str]:
    """This module's own judge of a generated match: every play legal, trick points and scores
    consistent, dealers and seating as the digest says. Returns what is wrong (nothing, for a
    match `game` made)."""
    m: Match = gen.model  # type: ignore[attr-defined]
    bad: list[str] = []
    st = State(0, m.first_dealer, 0, [0, 0])
    for n, h in enumerate(m.hands, 1):
        if h.dealer != st.dealer:
            bad.append(f"hand {n}: dealer {h.dealer}, expected {st.dealer}")
        if h.order != seating(m.players, st.counted, m.opts["seat_change_every"]):
            bad.append(f"hand {n}: seating")
        dealt = sorted(c for cs in h.deal.values() for c in cs) + h.nest
        if sorted(dealt) != deck(m) or any(len(cs) != 9 for cs in h.deal.values()):
            bad.append(f"hand {n}: deck")
        if h.winner is not None:
            if not set(h.discard) <= set(h.deal[h.winner] + h.nest) or len(set(h.discard)) != nest_size(m):
                bad.append(f"hand {n}: discard")
            leader = left(h.order, h.dealer)
            for t, k, p, c, held, trick in trace(h):
                if k == 0 and p != leader:
                    bad.append(f"hand {n} trick {t + 1}: leader {p}, expected {leader}")
                if k and p != left(h.order, trick[-1][0]):
                    bad.append(f"hand {n} trick {t + 1}: {p} out of turn")
                if c not in legal(held, trick[0][1] if trick else None, h.trump):
                    bad.append(f"hand {n} trick {t + 1}: {p} played {card_text(c)} illegally")
                if k == 3:
                    full = h.tricks[t]
                    leader = full[winner(full, h.trump)][0]
            if sum(h.points) != total(m) or h.points != trick_points(m, h):
                bad.append(f"hand {n}: points {h.points}")
        st = advance(m, st, h)
    if outcome(st.totals, m.opts["target"]) is None:
        bad.append("the match has not ended")
    st = State(0, m.first_dealer, 0, [0, 0])
    for n, h in enumerate(m.hands[:-1], 1):
        st = advance(m, st, h)
        if outcome(st.totals, m.opts["target"]) is not None:
            bad.append(f"the match was won after hand {n} but went on")
    return bad


def judge(m: Match) -> list[tuple[str, dict[str, Any]]]:
    """What a correct checker reports for the record `render(m)`: (rule id, location) in order.

    A second reading of the digest, independent of the checker, judging only what the record
    shows (hidden keys are unknown to it), and carrying on from what the record says happened.
    """
    out: list[tuple[str, dict[str, Any]]] = []
    o = m.opts
    lo, hi, step, target = o["min_bid"], o["max_bid"], o["bid_step"], o["target"]
    cards, size = set(deck(m)), nest_size(m)
    st = State(0, m.first_dealer, 0, [0, 0])
    won = False
    for i, h in enumerate(m.hands):
        show = h.show
        if won:
            out.append(("rook.game-end", _loc(i)))
        if "dealer" in show and h.dealer != st.dealer:
            prev = m.hands[i - 1] if i else None
            missed = (prev is not None and prev.winner is not None and h.order != prev.order
                      and h.dealer == next_dealer(m, st.counted, prev.dealer, other=True))
            out.append(("rook.seat-change" if missed else "rook.dealer-rotation", _loc(i, player=h.dealer)))
        order = seating(m.players, st.counted, o["seat_change_every"])
        first = left(order, h.dealer)
        if "bidding" in show:
            out += _judge_auction(h, i, order, lo, hi, step)
        if "deal" in show:
            names = m.players if h.style.deal_order == "players" else clockwise(order, first)
            seen: set[int] = set()
            for p in names:
                if len(h.deal[p]) != 9:
                    out.append(("rook.deal", _loc(i, player=p)))
                for c in h.deal[p]:
                    if c in seen or c not in cards:  # (the Bird too, under `bird: off`)
                        out.append(("rook.deck", _loc(i, player=p)))
                    seen.add(c)
            if "nest" in show:
                if len(h.nest) != size:
                    out.append(("rook.deal", _loc(i)))
                if seen & set(h.nest):
                    out.append(("rook.deck", _loc(i)))
        if h.void and m.opts["all_pass"] == "redeal" and show & {"bid", "discard", "trump", "tricks", "points",
                                                                  "scores"}:
            out.append(("rook.all-pass", _loc(i)))
        if h.rec_trump and "trump" in show:
            out.append(("rook.trump", _loc(i, player=h.winner)))
        known = {}
        if h.winner is not None and "deal" in show:
            known = {p: list(h.deal[p]) for p in m.players if p != h.winner}
            if {"nest", "discard"} <= show:
                w14 = h.deal[h.winner] + h.nest
                if len(h.discard) != size or not set(h.discard) <= set(w14):
                    out.append(("rook.nest-exchange", _loc(i, player=h.winner)))
                known[h.winner] = [c for c in w14 if c not in h.discard]
        if h.winner is not None and "tricks" in show:
            out += _judge_play(m, h, i, order, first, known)
            pts = trick_points(m, h)
            if "points" in show and (h.rec_points or h.points) != pts:
                moved = h.rec_points is not None and h.rec_points == _nest_moved(m, h)
                rule = "rook.nest-to-last-trick" if moved else "rook.points-recorded"
                out.append((rule, _loc(i)))
        elif h.winner is not None and "points" in show and sum(h.points) != total(m):
            out.append(("rook.points-total", _loc(i)))
        if "scores" in show and h.rec_scores and not h.void:  # a played thrown-in hand: one mistake
            real = score(m, h)
            # scores that follow the record's own (wrong) points are the same mistake, reported once
            alt = score(m, Hand(h.dealer, h.order, {}, [], winner=h.winner, bid=h.bid, points=h.rec_points)) \
                if h.rec_points and "points" in show else real
            wrong = [t for t in (0, 1) if h.rec_scores[t] not in (real[t], alt[t])]
            if wrong:
                wt = m.team(h.winner)  # type: ignore[arg-type]
                slip = wt in wrong and h.rec_scores[wt] in mistaken_scores(h.bid, h.points[wt])  # type: ignore[arg-type]
                out.append(("rook.contract" if slip else "rook.points-recorded", _loc(i)))
        if h.cut and i + 1 < len(m.hands):
            out.append(("rook.unfinished-hand", _loc(i)))
        st = advance(m, st, h)
        won = won or outcome(st.totals, target) is not None
    return out


def _nest_moved(m: Match, h: Hand) -> list[int] | None:
    """The points as they would be written if the nest went to the team that did not win the
    9th trick (rook.nest-to-last-trick); None if the nest has no counters."""
    nest = sum(worth(m, c) for c in h.discard)
    if not nest or not h.tricks:
        return None
    last = m.team(h.tricks[8][winner(h.tricks[8], h.trump)][0])
    pts = trick_points(m, h)
    pts[last] -= nest
    pts[1 - last] += nest
    return pts


def mistaken_scores(bid: int, captured: int) -> set[int]:
    """The bidding team's score under the misreadings rook.contract names: a made contract
    scoring the bid, or bid + captured; a set one keeping its points (captured − bid, or
    captured). Never the right score."""
    wrong = {bid, bid + captured} if captured >= bid else {captured - bid, captured}
    wrong.discard(captured if captured >= bid else -bid)
    return wrong


def _judge_auction(h: Hand, i: int, order: tuple[str, ...], lo: int, hi: int, step: int
                   ) -> list[tuple[str, dict[str, Any]]]:
    out = []
    seats = clockwise(order, left(order, h.dealer))
    passed: set[str] = set()
    high: int | None = None
    holder: str | None = None
    nxt, ended = 0, False
    for c in h.calls:
        expected = next(seats[(nxt + j) % 4] for j in range(4) if seats[(nxt + j) % 4] not in passed) \
            if len(passed) < 4 else seats[nxt % 4]
        p = c.player if c.named else expected
        if ended:
            out.append(("rook.bid-end", _loc(i, player=p)))
            continue
        if p in passed:
            if c.amount is not None:
                out.append(("rook.bid-after-pass", _loc(i, player=p)))
        elif p != expected:
            out.append(("rook.bid-order", _loc(i, player=p)))
        if c.amount is not None:
            a = c.amount
            if high is None and a < lo:
                out.append(("rook.bid-minimum", _loc(i, player=p)))
            elif a % step or (high is not None and a < high + step):
                out.append(("rook.bid-step", _loc(i, player=p)))
            if a > hi:
                out.append(("rook.bid-maximum", _loc(i, player=p)))
            high, holder = a if high is None else max(high, a), p
        else:
            passed.add(p)
        nxt = seats.index(p) + 1
        ended = len(passed) == 4 or (holder is not None and len(passed - {holder}) == 3)
    return out


def _judge_play(m: Match, h: Hand, i: int, order: tuple[str, ...], leader: str,
                known: dict[str, list[int]]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    trump = h.trump
    played: set[int] = set()
    voids: dict[str, list[tuple[int, int, str]]] = {p: [] for p in m.players}  # (color, trick, rule)
    hidden_bird: dict[str, list[int]] = {p: [] for p in m.players}
    for t, trick in enumerate(h.tricks):
        if trick[0][0] != leader:
            out.append(("rook.turn-order", _loc(i, t, trick[0][0])))
        else:
            for k in range(1, len(trick)):
                if trick[k][0] != left(order, trick[k - 1][0]):
                    out.append(("rook.turn-order", _loc(i, t, trick[k][0])))
                    break
        led = trick[0][1]
        color = trump if led == BIRD else led // 10
        rule = "rook.bird-led" if led == BIRD else "rook.follow-color"
        for k, (p, c) in enumerate(trick):
            held = known.get(p)
            if c in played or (held is not None and c not in held):
                out.append(("rook.card-not-held", _loc(i, t, p)))
                known.pop(p, None)
                held = None
            elif held is not None:
                if k and c not in legal(held, led, trump):
                    r = rule if _ordinary(held, color) else "rook.bird-must-follow-trump"
                    out.append((r, _loc(i, t, p)))
                held.remove(c)
            played.add(c)
            if held is not None:
                continue
            # without the hand: a later play proves an earlier failure to follow
            if c != BIRD:
                for v in [v for v in voids[p] if v[0] == c // 10]:
                    out.append((v[2], _loc(i, v[1], p)))
                    voids[p].remove(v)
                    if v[1] in hidden_bird[p]:  # another trump was held: a plain revoke
                        hidden_bird[p].remove(v[1])
            elif hidden_bird[p]:
                out += [("rook.bird-must-follow-trump", _loc(i, tt, p)) for tt in hidden_bird[p]]
                hidden_bird[p] = []
            if k and c != BIRD and c // 10 != color:
                voids[p].append((color, t, rule))
                if color == trump and led != BIRD:
                    hidden_bird[p].append(t)
        leader = trick[winner(trick, trump)][0]
    out.sort(key=lambda f: (f[1].get("trick", 0)))
    return out


# ---------------------------------------------------------------- the short simulator (was tests/rook_sim.py)
# Cards as plain strings, its own follow rules and scoring: a second, even simpler writing of the
# same digest, whose games go to 300 through seat changes, thrown-in hands and summary hands.
# Dealer rotation across a seat change: the seats change first, then the deal passes to the last
# dealer's left in the new seating (the documented house default).

_SIM_COLORS = "RYBG"
_SIM_DECK = [f"{c}{n}" for c in _SIM_COLORS for n in range(5, 15)] + ["Bird"]


def _sim_color(card: str) -> str | None:
    return None if card == "Bird" else card[0]


def _sim_number(card: str) -> int:
    return 99 if card == "Bird" else int(card[1:])


def _sim_value(card: str) -> int:
    if card == "Bird":
        return 20
    return {5: 5, 10: 10, 14: 10}.get(_sim_number(card), 0)


def _sim_may_play(hand: list[str], led: str | None, trump: str) -> list[str]:
    if led is None:
        return list(hand)
    want = trump if led == "Bird" or _sim_color(led) == trump else _sim_color(led)
    if want == trump:
        ok = [c for c in hand if c == "Bird" or _sim_color(c) == trump]
    else:
        ok = [c for c in hand if _sim_color(c) == want]
        if ok and "Bird" in hand:
            ok.append("Bird")
    return ok or list(hand)


def _sim_winner_of(trick: list[tuple[str, str]], trump: str) -> str:
    for who, c in trick:
        if c == "Bird":
            return who
    trumps = [(_sim_number(c), who) for who, c in trick if _sim_color(c) == trump]
    if trumps:
        return max(trumps)[1]
    led = _sim_color(trick[0][1])
    return max((_sim_number(c), who) for who, c in trick if _sim_color(c) == led)[1]


def sim_game(seed: int, *, names: tuple[str, ...] = ("North", "East", "South", "West"),
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
        cards = _SIM_DECK[:]
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
        trump = rng.choice(_SIM_COLORS)
        leader = order[0]
        tricks = []
        captured = [0, 0]
        last = leader
        for _ in range(9):
            s = cycle.index(leader)
            trick: list[tuple[str, str]] = []
            for k in range(4):
                p = cycle[(s + k) % 4]
                c = rng.choice(_sim_may_play(held[p], trick[0][1] if trick else None, trump))
                held[p].remove(c)
                trick.append((p, c))
            last = leader = _sim_winner_of(trick, trump)
            captured[team[leader]] += sum(_sim_value(c) for _, c in trick)
            tricks.append(dict(trick))
        captured[team[last]] += sum(_sim_value(c) for c in discard)
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
