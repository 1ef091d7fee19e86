"""Random legal Daifugō matches for `scorekeep demo`: a random policy over the engine's legal
moves, and the YAML styling of the record.

Every move is chosen among `Position.legal_moves()` (OpenSpiel's random simulation), so the
record is legal by construction and reproducible from the seed. The choice is biased so the rare
rules come up often: a deal now and then gives one player four of a kind (revolutions and
counter-revolutions), and plays that revolt, cut (8切り), lock (縛り), return the joker (スペ3返し)
or finish — also forbidden finishes, by players who keep their jokers, 2s and 8s for the end —
weigh more. The independent reading that cross-checks the engine lives in `tests/oracle/`.
"""

import random
from collections import Counter
from typing import Any, NamedTuple

from ...cards import SUITS, Card
from .cards import JOKER, JOKER_LEVEL, ORDER, DCard, Joker, plain, strength_key
from .combos import GROUP, SINGLE, SPADE_3, STAIRS, Verdict
from .deck import hand_sizes
from .engine import (FULL_DECK, Pass, Play, Position, Setup, cards_text, cuts, forbidden_reason, game_leader, locks,
                     revolts)
from .model import OnTable
from .options import OPEN, OPTIONS
from ...options import read_options
from ...generate import Generated

GAME = "daifugo"
GAMES_PER_SET = 2
"""The games of a demo set unless the caller says (`games_per_set=…`): two, written as the house rule
`games_per_set: 2`. The deal, the play, the exchange and the ranks carried over all happen in two games, and
the match plays out in half the time of the rules' four: `scorekeep demo daifugo` starts within 1.5x of
`python -c "import typer, yaml"` (four games took 1.65-1.7x even with the engine's legal moves made faster)."""
_NAMES = (("甲", "乙", "丙", "丁"), ("North", "East", "South", "West"), ("Aiko", "Ben", "Chie", "Dan"),
          ("No", "Yes", "1", "2026-11-30"), ("大野", "小林", "中村", "山田"))


class Style(NamedTuple):
    """How one player plays one game (biases only; every choice is legal)."""

    pass_p: float
    hoard: bool
    """Keeps jokers, 2s, 8s and the spade 3 for the end (a forbidden finish is likely)."""
    foul_w: float
    rare: float


# --- the policy ------------------------------------------------------------------------------

Judged = tuple[Play, Verdict, "OnTable | None"]
"""A legal play with its verdict and the play it covers (`Position.verdict`)."""


def _weights(pos: Position, plays: list[Judged], style: Style) -> list[float]:
    """How much the policy likes each legal play (the rare rules weigh more); each comes with its verdict here and
    the play it covers (`pos.verdict`)."""
    opts = pos.opts
    forbidden, revolution, rare, hoard = opts["forbidden_finish"], pos.table.revolution, style.rare, style.hoard
    strong = (3,) if revolution else (2, 8)
    lone_spade_3: bool | None = None  # another player holds only the spade 3 (asked when needed)
    left = pos.cards_left(pos.to_act) if plays else 0  # type: ignore[arg-type]
    out: list[float] = []
    for move, v, covered in plays:
        cards = move.cards
        r = v.reading
        assert r is not None
        kind = r.kind
        cut, revolt = cuts(opts, r), revolts(opts, r)
        if len(cards) == left:
            foul = forbidden and forbidden_reason(cards, revolution, cut) is not None
            out.append((style.foul_w if foul else 40.0) * (2.0 if revolt else 1.0))
            continue
        w = 1.0
        if kind == SINGLE:
            w *= 0.5 if r.level == JOKER_LEVEL else 1 + (12 - (12 - r.level if revolution else r.level)) / 8
        else:
            w *= 1.5 + 0.4 * r.size
        if hoard and any(type(c) is Joker or c.rank in strong or c == SPADE_3 for c in cards):  # type: ignore[union-attr]
            w *= 0.01 if r.jokers else 0.05
        if revolt:
            w *= 12 * rare
        if cut:
            w *= 4 * rare
        if v.returns:
            w *= 60 * rare
        if kind == SINGLE and r.level == JOKER_LEVEL and not hoard:
            if pos.table.top is not None:
                w *= 6 * rare
            if lone_spade_3 is None:
                p = move.player
                lone_spade_3 = any(pos.hand(q) == Counter({SPADE_3: 1}) for q in pos.st.active if q != p)
            if lone_spade_3:
                w *= 100  # let a lone spade 3 return it: a forbidden finish that still clears
        if locks(opts, pos.table.lock, r, covered, cut, v.returns) is not None:
            w *= 6 * rare
        out.append(w)
    return out


def choose(pos: Position, rng: random.Random, style: Style) -> tuple[Play, Verdict, OnTable | None] | Pass:
    """A random legal move for the player to act (`Position.legal_moves`), biased by `style`: a
    pass, or a play with its verdict and the play it covers."""
    legal = pos.legal_moves()
    passes = [m for m in legal if type(m) is Pass]
    plays: list[Judged] = [(m, *pos.verdict(m)) for m in legal if type(m) is Play]  # (verdicts kept by the checks)
    if not plays or (passes and rng.random() < style.pass_p):
        assert passes, "no legal move"
        return passes[0]
    weights = _weights(pos, plays, style)
    return plays[rng.choices(range(len(plays)), weights)[0]]


def _annotated(pos: Position, move: Play, v: Verdict, rng: random.Random) -> Play | None:
    """The play with its jokers written as the cards they stand in for (`JK=5H`), when that reads
    exactly as the engine reads the plain play (`v`, its verdict here); else None."""
    r = v.reading
    if r is None or not r.jokers or r.kind == SINGLE or r.level == JOKER_LEVEL:
        return None
    naturals = [c for c in move.cards if type(c) is Card]
    if r.kind == STAIRS:
        held = {c.rank for c in naturals}  # type: ignore[union-attr]
        stand = [Card(ORDER[i], r.suit or "S") for i in range(r.level, r.level + r.size) if ORDER[i] not in held]
    else:
        rank = naturals[0].rank if naturals else None  # type: ignore[union-attr]
        if rank is None:
            return None
        if pos.table.lock is not None:
            rest = Counter(pos.table.lock) - Counter(c.suit for c in naturals)  # type: ignore[union-attr]
            suits = sorted(rest.elements(), key=SUITS.index)
        else:
            free = [s for s in SUITS if s not in {c.suit for c in naturals}]  # type: ignore[union-attr]
            rng.shuffle(free)
            suits = free
        stand = [Card(rank, s) for s in suits]
    if len(stand) < r.jokers:
        return None
    it = iter(stand)
    out = Play(move.player, tuple(Joker(next(it)) if type(c) is Joker else c for c in move.cards))
    a, fa = pos.apply(move)
    b, fb = pos.apply(out)
    ta, tb = a.table, b.table
    same = ([f.rule for f in fa] == [f.rule for f in fb] and not b.f.violations and ta.revolution == tb.revolution
            and ta.lock == tb.lock and a.turns.expected == b.turns.expected
            and (ta.top is None) == (tb.top is None)
            and (ta.top is None or (ta.top.reading and tb.top and tb.top.reading
                                    and ta.top.reading[:3] == tb.top.reading[:3])))
    return out if same else None


# --- the YAML styling --------------------------------------------------------------------------

def _variant(card: str, rng: random.Random, p: float) -> str:
    """The same card in another accepted notation, now and then (the spec's `TH`, `♥Q`, `10h`)."""
    if p <= 0 or rng.random() >= p:
        return card
    if card == "JK":
        return "Joker"
    if card.startswith("JK"):
        return card
    rank, suit = card[:-1], card[-1]
    sym = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]
    forms = [rank + suit.lower(), sym + rank, rank + sym, suit + rank]
    if rank == "10":
        forms.append("T" + suit)
    return rng.choice(forms)


def _cards_out(cards: tuple[DCard, ...] | list[DCard], rng: random.Random, notation: float, strings: float) -> Any:
    texts = cards_text(cards).split()
    if notation > 0:
        texts = [_variant(t, rng, notation) for t in texts]
    if strings and rng.random() < strings:
        return (", " if rng.random() < 0.3 else " ").join(texts)
    return texts


# --- the match ---------------------------------------------------------------------------------

def _dealt(rng: random.Random, opts: dict[str, Any], seats: tuple[str, ...], leader: str, blind: frozenset[Card],
           rare: float) -> dict[str, tuple[DCard, ...]]:
    """The deal, from the leader round: the deck without the blind cards, with the jokers."""
    deck: list[DCard] = [c for c in FULL_DECK if c not in blind] + [JOKER] * opts["jokers"]
    sizes = hand_sizes(opts, seats, leader)
    rng.shuffle(deck)
    piles, k = [], 0
    for n in sizes.values():
        piles.append(deck[k:k + n])
        k += n
    if rng.random() < 0.35 * rare:  # a fair shuffle rarely deals four of a kind: help revolutions
        for i in rng.sample(range(len(piles)), 1 if rng.random() < 0.6 else 2):
            rank = rng.choice(range(2, 15))
            for j, pile in enumerate(piles):
                if j == i:
                    continue
                for c in [c for c in pile if type(c) is Card and c.rank == rank]:
                    spare = [x for x in piles[i] if type(x) is Card and x.rank != rank]
                    if not spare:
                        break
                    x = rng.choice(spare)
                    piles[i][piles[i].index(x)] = c
                    pile[pile.index(c)] = x
    return {p: tuple(sorted(piles[k], key=strength_key)) for k, p in enumerate(sizes)}


def _play_game(rng: random.Random, opts: dict[str, Any], seats: tuple[str, ...], first: str,
               blind: frozenset[Card], prev: tuple[str, ...] | None, si: int, gi: int, knobs: dict[str, float],
               feats: set[str]) -> tuple[dict[str, Any], tuple[str, ...], list[tuple[str, dict[str, Any]]]]:
    """One game played out by the players' styles among the legal moves (after the exchange, if
    `prev` ranked a game before it); the game as written, its ranking and its rule events."""
    notation, strings = knobs["notation"], knobs["strings"]
    leader = game_leader(first, gi, prev)
    assert leader is not None
    dealt = _dealt(rng, opts, seats, leader, blind, knobs["rare"])
    g: dict[str, Any] = {"deal": {p: [_variant(t, rng, notation) for t in cards_text(dealt[p]).split()]
                                  for p in seats}}
    pos = Position(Setup(seats, opts, si, gi, leader, prev, blind or None, 0), dealt, prev is not None)
    pos.viewing = False  # the demo shows no turns
    if prev is not None:
        pos, g["exchange"] = _exchange(rng, pos, seats, prev, dealt, knobs, feats)
    styles = {p: Style(pass_p=rng.uniform(0.05, 0.35), hoard=rng.random() < 0.45,
                       foul_w=rng.choice((3.0, 12.0, 40.0)), rare=knobs["rare"]) for p in seats}
    plays: list[dict[str, Any]] = []
    events: list[tuple[str, dict[str, Any]]] = []
    while pos.phase != "over":
        if len(plays) > 2000:
            raise AssertionError("a Daifugō game that does not end")
        p = pos.to_act
        assert p is not None
        chosen = choose(pos, rng, styles[p])
        move: Play | Pass
        if type(chosen) is Pass:
            move = chosen
        else:
            move, v, _covered = chosen  # type: ignore[misc]
            if rng.random() < knobs["annotate"]:
                annotated = _annotated(pos, move, v, rng)
                if annotated is not None:
                    move, v = annotated, pos.verdict(annotated)[0]
        if type(move) is Play:
            _play_features(pos, move, v, feats)
            plays.append({p: _cards_out(move.cards, rng, notation, strings)})
        else:
            plays.append({p: "pass"})
        was_rev = pos.table.revolution
        new = pos.step(move)
        assert not new.f.violations, [str(v) for v in new.f.violations]
        for e in new.f.events:
            events.append((e.rule, e.location()))
            _event_features(e, new, move, was_rev, feats)
        if new.table.top is None and new.table.last_clear[0] == "passes" and new.table.last_clear[1] is not None \
                and new.table.last_clear[1].player not in new.st.active and pos.table.top is not None:
            feats.add("lead-passes-left")
        pos = new
    st = pos.st
    ranks = st.ranking()
    g["plays"] = plays
    if rng.random() < knobs["out_keys"]:
        g["out"] = [p for p, _legal in st.exits]
        g["fouls"] = list(st.fouls)
    g["ranks"] = list(ranks)
    if len(st.fouls) == 2:
        feats.add("double-foul")
    return g, ranks, events


def _new_set(rng: random.Random, names: tuple[str, ...], reseat: bool, naturals: list[Card],
             blind_cards: int) -> tuple[dict[str, Any], tuple[str, ...], str, frozenset[Card]]:
    """A set's header as written (its seating if `reseat`, who leads first, the blind cards), and
    its seats, first leader and blind cards."""
    seats = names
    st: dict[str, Any] = {}
    if reseat:
        seats = tuple(rng.sample(names, 4))
        st["players"] = list(seats)
    first = rng.choice(seats)
    if first != seats[0] or "players" in st or rng.random() < 0.5:
        st["first"] = first
    blind = frozenset(rng.sample(naturals, blind_cards))
    if blind:
        st["blind"] = cards_text(sorted(blind, key=strength_key)).split()
    st["games"] = []
    return st, seats, first, blind


def _gift(rng: random.Random, pos: Position) -> Any:
    """A random legal gift of the giver due (`Position.legal_moves`): a higher rank usually gives
    weak cards — one of the 6 weakest legal gifts — else any legal gift."""
    legal = pos.legal_moves()
    first = sorted(legal, key=lambda m: sum(map(strength_key, m.cards or ())))[:6]  # type: ignore[union-attr]
    if len(first) > 1 and rng.random() < 0.8:
        return rng.choice(first)
    return rng.choice(first if len(first) <= 1 else legal)


def _exchange(rng: random.Random, pos: Position, seats: tuple[str, ...], prev: tuple[str, ...],
              dealt: dict[str, tuple[DCard, ...]], knobs: dict[str, float],
              feats: set[str]) -> tuple[Position, dict[str, Any]]:
    """The exchange before the game, gift by gift among the legal ones; the position after it and
    the record's `exchange`."""
    gifts: dict[str, Any] = {}
    while pos.phase == "exchange":
        giver = pos.to_act
        move = _gift(rng, pos)
        gifts[giver] = _cards_out(move.cards or (), rng, knobs["notation"], knobs["strings"])  # type: ignore[index]
        pos, found = pos.apply(move)
        assert not pos.f.violations, found
    for low in prev[2:]:
        given = Counter(plain(c) for c in dealt[low]) - (pos.hand(low) or Counter())
        if given and any(strength_key(c) > min(strength_key(x) for x in given.elements())
                         for c in (pos.hand(low) or Counter()).elements()):
            feats.add("exchange-received-stronger")
    return pos, {p: gifts[p] for p in seats}


def _play_features(pos: Position, move: Play, v: Verdict, feats: set[str]) -> None:
    """The rare shapes a play has (stairs, a joker pair, a group of 5 or 6, a joker under a lock)."""
    r = v.reading
    assert r is not None
    if r.kind == STAIRS:
        feats.add("long-stairs" if r.size >= 5 else "stairs")
    if r.kind == GROUP and r.level == JOKER_LEVEL:
        feats.add("joker-pair")
    if r.kind == GROUP and r.size >= 5:
        feats.add("group-of-5-or-6")
    if pos.table.lock is not None and r.jokers:
        feats.add("joker-under-lock")
    if any(type(c) is Joker and c.stands_for for c in move.cards):
        feats.add("joker-annotated")


def _event_features(e: Any, new: Position, move: Play | Pass, was_rev: bool, feats: set[str]) -> None:
    """What a rule event of the move makes rare: a counter-revolution, each kind of foul finish."""
    feats.add(e.rule.removeprefix("daifugo."))
    if e.rule == "daifugo.revolution" and not new.table.revolution:
        feats.add("counter-revolution")
    if e.rule == "daifugo.forbidden-finish":
        assert type(move) is Play
        cards = move.cards
        feats.add("foul-" + ("eight-cut" if "8-cut" in e.message else "joker" if JOKER in map(plain, cards)
                             else "three" if was_rev else "spade-3" if cards == (SPADE_3,) else "two"))


def game(seed: int, *, sets: int = 1, declare_sets: bool = True, players: tuple[str, ...] | None = None,
         reseat: bool = False, annotate: float = 0.4, out_keys: float = 0.25, notation: float = 0.0,
         strings: float = 0.0, rare: float = 1.0, **options: Any) -> Generated:
    """A complete legal Daifugō match of `sets` sets (of `GAMES_PER_SET` games unless `games_per_set` is
    given), reproducible from `seed`.

    Knobs: `sets`; `declare_sets` (write `rules: {sets: N}`, so the match has a winner);
    `players` (4 names; default a random name set); `reseat` (sets after the first give their
    own seating); `annotate` (how often a joker in a group or stairs is written `JK=…`);
    `out_keys` (how often a game also writes `out`/`fouls`); `notation`/`strings` (how often
    cards use another accepted notation / a one-string list); `rare` (multiplies the bias
    towards rare rules); and any house-rule option by name (`eight_cut=False`, …).
    """
    rng = random.Random(seed)
    defaults = read_options(None, OPTIONS, GAME)
    unknown = set(options) - set(defaults)
    if unknown:
        raise ValueError(f"unknown Daifugō options: {', '.join(sorted(unknown))}")
    if "rank_points" in options:
        options["rank_points"] = tuple(options["rank_points"])
    opts = {**defaults, "games_per_set": GAMES_PER_SET, **options, "sets": sets if declare_sets else OPEN}
    names = tuple(players) if players else rng.choice(_NAMES)
    if len(names) != 4 or len(set(names)) != 4:
        raise ValueError("Daifugō needs 4 different players")
    data: dict[str, Any] = {"game": GAME, "title": f"Generated Daifugō match (seed {seed})", "players": list(names)}
    rules = {k: (list(v) if isinstance(v, tuple) else v) for k, v in opts.items() if v != defaults[k]}
    if rules:
        data["rules"] = rules
    knobs = {"annotate": annotate, "out_keys": out_keys, "notation": notation, "strings": strings, "rare": rare}
    totals = {p: 0 for p in names}
    events: list[tuple[str, dict[str, Any]]] = []
    features: set[str] = set()
    data["sets"] = []
    naturals = list(FULL_DECK)
    for si in range(1, sets + 1):
        st, seats, first, blind = _new_set(rng, names, reseat and si > 1, naturals, opts["blind_cards"])
        data["sets"].append(st)
        prev: tuple[str, ...] | None = None
        for gi in range(1, opts["games_per_set"] + 1):
            g, ranks, evs = _play_game(rng, opts, seats, first, blind, prev, si, gi, knobs, features)
            st["games"].append(g)
            events.extend(evs)
            for p, pts in zip(ranks, opts["rank_points"]):
                totals[p] += pts
            prev = ranks
    top = [p for p in names if totals[p] == max(totals.values())]
    winner = (top[0] if len(top) == 1 else top) if declare_sets else None
    return Generated(GAME, data, totals, winner, tuple(events), frozenset(features))
