"""Daifugō's independent reading: random legal matches played on its own judge (`Table`), written
from the rule digest alone (the fault injectors built on it are in `tests/faults/daifugo.py`).

This is a second, independent reading of `rules/daifugo.md`, `spec/records.md` and the source
article: it never imports the engine (`scorekeep/games/daifugo/`); it borrows only the card
parser and the YAML dump. `game(seed, **knobs)` plays whole sets of four games with
random (but biased) legal turns, so the rare rules — revolutions and counter-revolutions, 8-cuts,
suit locks, spade-3 returns, forbidden finishes, 都落ち — come up often; `walk`/`replay` read a
record (also one the engine's `demo` made) with this module's rules.

Readings chosen where the digest leaves room (all listed in `INTERPRETATIONS`):
  * a joker-free play that follows a play containing a joker never creates a lock; the generator
    avoids the case where that could be disputed (suits that would match the joker play's
    natural cards), and never plays an 8-cut whose suits would also create a lock;
  * joker stand-ins written `JK=5H` never name a blind card, a card already played, or a card the
    player still holds; a play whose kind is ambiguous (one card + two jokers on an empty table)
    is always annotated, and an unannotated joker play always means its strongest legal reading;
  * with `eight_cut_stairs`, stairs whose 8 is a joker's stand-in are never played (the digest
    does not say whether they cut);
  * a deck that does not deal out evenly (51 or 53 cards with one joker, 50 with 2 blind cards and
    no joker, 54 with no blind cards and 2 jokers) is dealt one card at a time from the game's first leader clockwise, so the first players from
    the leader hold one card more (the digest, written for 13 each, does not say).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from scorekeep.cards import DECK, RANK_TEXT, parse_card
from scorekeep.generate import Generated

GAME = "daifugo"
JK = "JK"
SINGLE, GROUP, STAIRS = "single", "group", "stairs"

# Normal strength index: 3 → 0 … K → 10, A → 11, 2 → 12; the joker is 13 in every order.
_ORDER = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2)
_IDX: dict[str, int] = {str(c): _ORDER.index(c.rank) for c in DECK}
_SUIT: dict[str, str] = {str(c): c.suit for c in DECK}
_IDX[JK] = 13
NATURALS: tuple[str, ...] = tuple(str(c) for c in DECK)
EIGHT, TWO, THREE, TOP = 5, 12, 0, 13
SPADE_3 = "3S"
RANK_NAMES = ("大富豪", "富豪", "貧民", "大貧民")

# Every rule id the checker reports as an event, and the ids inject() can break.
EVENT_RULES = ("daifugo.revolution", "daifugo.eight-cut", "daifugo.suit-lock",
               "daifugo.spade-3-return", "daifugo.forbidden-finish", "daifugo.miyako-ochi")
FAULT_RULES: tuple[str, ...] = (
    "daifugo.combination", "daifugo.card-not-held", "daifugo.follow-shape", "daifugo.follow-stronger",
    "daifugo.turn-order", "daifugo.pass", "daifugo.clear", "daifugo.eight-cut",
    "daifugo.spade-3-return", "daifugo.suit-lock", "daifugo.first-lead", "daifugo.exchange-count",
    "daifugo.exchange-strongest", "daifugo.exchange-held", "daifugo.deck", "daifugo.ranking",
    "daifugo.game-over",
)
DECKS = tuple((b, j) for b in (2, 0) for j in (2, 1, 0))
"""The (blind_cards, jokers) the generator deals: every pair of the digest's options (50 to 54 cards)."""

INTERPRETATIONS = (
    "A single joker does not beat another single joker (equal is not stronger).",
    "Two jokers alone are the strongest pair also during a revolution and under a lock (they stand "
    "in for the locked suits).",
    "A play containing a joker never creates a lock, whichever of the two plays holds it; disputed "
    "cases are avoided.",
    "A forbidden finish keeps its cards on the table, so it can create a lock; a clearing play "
    "(8-cut, spade-3 return) never creates one (such 8-cuts are avoided).",
    "都落ち also happens when the legal finish leaves nobody else in the game (the fallen 大富豪 "
    "then takes the rank the last player would have taken).",
    "A wrong leader after an ordinary clear breaks daifugo.clear, after an 8-cut daifugo.eight-cut, "
    "after a spade-3 return daifugo.spade-3-return; out of turn on a table with cards is "
    "daifugo.turn-order.",
    "A deck that does not deal out evenly (house rules `jokers`, `blind_cards`: 50, 51, 53 or 54 cards) "
    "is dealt one card at a time from the game's first leader clockwise: the first players "
    "from the leader hold one card more (the digest says only '13 each' for its 52).",
    "Violation locations: plays → set, game, play, player; exchanges and the deal → set, game, "
    "player (the giver / the player dealt the card); a wrong ranking or `out` → set, game; a set "
    "beyond `rules: {sets: N}` → set; a game after an unfinished one → set, game.",
    "A `fouls` list that contradicts the plays is a wrong recorded finishing order: daifugo.ranking at "
    "the game, once however many entries are wrong (a forbidden finish is a rule event, never a "
    "violation); a wrong `out` is judged against the plays, so it is one report even where it would "
    "imply a different 都落ち.",
)


def _text(idx: int, suit: str) -> str:
    return RANK_TEXT[_ORDER[idx]] + suit


def _strength_sorted(cards: list[str]) -> list[str]:
    """Weakest first by normal strength (suits in S H D C order within a rank)."""
    return sorted(cards, key=lambda c: (_IDX[c], "SHDC".index(_SUIT[c]) if c != JK else 0))


# ----------------------------------------------------------------------------------- options

@dataclass(frozen=True)
class Opts:
    """The digest's house-rule options (defaults = the league's 4-player version)."""

    rank_points: tuple[int, int, int, int] = (3, 2, 1, 0)
    games_per_set: int = 4
    sets: int | None = None
    blind_cards: int = 2
    jokers: int = 2
    forbidden_finish: bool = True
    miyako_ochi: bool = True
    suit_lock: bool = True
    spade_3_return: bool = True
    eight_cut: bool = True
    eight_cut_stairs: bool = False
    stairs_revolution: int = 0

    def rules(self) -> dict[str, Any]:
        """The `rules:` mapping of a record: the options that differ from the defaults."""
        out: dict[str, Any] = {}
        for name, default in Opts.__dataclass_fields__.items():
            value = getattr(self, name)
            if value != default.default:
                out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @staticmethod
    def of(rules: dict[str, Any] | None) -> Opts:
        rules = dict(rules or {})
        if "rank_points" in rules:
            rules["rank_points"] = tuple(int(x) for x in rules["rank_points"])
        return Opts(**rules)


# ---------------------------------------------------------------------------- combinations

@dataclass(frozen=True, slots=True)
class Combo:
    """One reading of a play: its kind, strength level and the physical cards."""

    kind: str
    level: int
    """Normal-strength index of a single's or group's rank, of the lowest card of stairs; 13 for a
    single joker and for the pair of two jokers."""
    cards: tuple[str, ...]
    """The physical cards, `JK` for a joker (stairs: in stair order)."""
    stands: tuple[str, ...] = ()
    """The natural card each joker stands in for, in order; () where the reading leaves it open."""

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def jokers(self) -> int:
        return self.cards.count(JK)

    @property
    def naturals(self) -> tuple[str, ...]:
        return tuple(c for c in self.cards if c != JK)

    @property
    def top(self) -> int:
        return self.level + self.size - 1

    def natural_suits(self) -> list[str]:
        return sorted(_SUIT[c] for c in self.cards if c != JK)


def readings(cards: tuple[str, ...]) -> list[Combo]:
    """Every way the physical cards form a single, a group or stairs (table not considered)."""
    n = len(cards)
    if n == 1:
        return [Combo(SINGLE, _IDX[cards[0]], cards)]
    nat = [c for c in cards if c != JK]
    if len(set(nat)) != len(nat) or n - len(nat) > 2:
        return []
    out: list[Combo] = []
    if n <= 6:
        if not nat:
            if n == 2:
                out.append(Combo(GROUP, TOP, cards))
        elif len({_IDX[c] for c in nat}) == 1:
            out.append(Combo(GROUP, _IDX[nat[0]], cards))
    if n >= 3 and nat and len({_SUIT[c] for c in nat}) == 1:
        idxs = sorted(_IDX[c] for c in nat)
        held = set(idxs)
        if len(held) == len(idxs) and idxs[-1] - idxs[0] < n:
            suit = _SUIT[nat[0]]
            for start in range(max(0, idxs[-1] - n + 1), min(idxs[0], 13 - n) + 1):
                stands = tuple(_text(i, suit) for i in range(start, start + n) if i not in held)
                out.append(Combo(STAIRS, start, cards, stands))
    return out


def annotated(cards: tuple[str, ...], stands: tuple[str, ...]) -> Combo | None:
    """The one reading of a play whose jokers are all written `JK=…`."""
    virtual = [c for c in cards if c != JK] + list(stands)
    if len(set(virtual)) != len(virtual):
        return None
    if len(virtual) == 1:
        return Combo(SINGLE, TOP, cards, stands)
    if len({_IDX[c] for c in virtual}) == 1 and len(virtual) <= 6:
        return Combo(GROUP, _IDX[virtual[0]], cards, stands)
    idxs = sorted(_IDX[c] for c in virtual)
    if (len(virtual) >= 3 and len({_SUIT[c] for c in virtual}) == 1
            and idxs == list(range(idxs[0], idxs[0] + len(idxs)))):
        return Combo(STAIRS, idxs[0], cards, stands)
    return None


def combos(hand: list[str], kind: str | None = None, size: int | None = None,
           levels: Any = None) -> list[Combo]:
    """Every combination a hand can make (of one kind and size, and at these levels, if given)."""
    ok = (lambda level: True) if levels is None else levels.__contains__
    out: list[Combo] = []
    jokers = hand.count(JK)
    naturals = sorted({c for c in hand if c != JK}, key=lambda c: (_IDX[c], _SUIT[c]))
    if kind in (None, SINGLE) and size in (None, 1):
        out.extend(Combo(SINGLE, _IDX[c], (c,)) for c in naturals if ok(_IDX[c]))
        if jokers and ok(TOP):
            out.append(Combo(SINGLE, TOP, (JK,)))
    if kind in (None, GROUP):
        by_idx: dict[int, list[str]] = defaultdict(list)
        for c in naturals:
            by_idx[_IDX[c]].append(c)
        sizes = range(2, 7) if size is None else ((size,) if 2 <= size <= 6 else ())
        for n in sizes:
            if n == 2 and jokers >= 2 and ok(TOP):
                out.append(Combo(GROUP, TOP, (JK, JK)))
            for idx, cs in by_idx.items():
                if not ok(idx):
                    continue
                for k in range(max(1, n - jokers), min(n, len(cs)) + 1):
                    for sub in combinations(cs, k):
                        out.append(Combo(GROUP, idx, sub + (JK,) * (n - k)))
    if kind in (None, STAIRS):
        lengths = range(3, 14) if size is None else ((size,) if size >= 3 else ())
        by_suit: dict[str, dict[int, str]] = defaultdict(dict)
        for c in naturals:
            by_suit[_SUIT[c]][_IDX[c]] = c
        for suit, held in by_suit.items():
            prefix = [0]
            for i in range(13):
                prefix.append(prefix[-1] + (i in held))
            for n in lengths:
                for start in range(0, 14 - n):
                    have = prefix[start + n] - prefix[start]
                    if have == 0 or n - have > jokers or not ok(start):
                        continue
                    cards, stands = [], []
                    for i in range(start, start + n):
                        if i in held:
                            cards.append(held[i])
                        else:
                            cards.append(JK)
                            stands.append(_text(i, suit))
                    out.append(Combo(STAIRS, start, tuple(cards), tuple(stands)))
    return out


# ------------------------------------------------------------------------------ one game

@dataclass
class Style:
    """How one player plays one game (biases only; every choice is legal)."""

    pass_p: float = 0.2
    hoard: bool = False
    foul_w: float = 12.0
    rare: float = 1.0
    saver: bool = False
    """Keeps a group of four for the last play (the article's four 3s that finish and revolt)."""


class Table:
    """The state of one game: hands, the table, passes, order, lock, finishers."""

    def __init__(self, opts: Opts, seats: tuple[str, ...], hands: dict[str, list[str]], leader: str,
                 prev_top: str | None, blind: tuple[str, ...] = ()) -> None:
        self.o = opts
        self.seats = seats
        self.hands = {p: list(h) for p, h in hands.items()}
        self.in_game: set[str] = set(seats)
        self.passed: set[str] = set()
        self.table: Combo | None = None
        self.last: str | None = None
        self.lock: tuple[str, ...] | None = None
        self.rev = False
        self.finished: list[str] = []
        self.fouls: list[str] = []
        self.out: list[str] = []
        self.fallen: str | None = None
        self.prev_top = prev_top
        self.to_act = leader
        self.over = False
        self.played: set[str] = set()
        self.blind = set(blind)
        self.revolutions = 0
        self.cleared_by = "start"
        """Why the table is empty: start, clear, eight-cut, spade-3-return."""
        self.features: set[str] = set()
        self.turns = 0
        self.log: list[tuple[str, str, int]] = []
        """The rule events so far: (rule id, player, 1-based play number)."""

    # ---- judging
    def key(self, level: int) -> int:
        return level if level == TOP or not self.rev else 12 - level

    def is_return(self, c: Combo) -> bool:
        t = self.table
        return (self.o.spade_3_return and t is not None and t.kind == SINGLE and t.level == TOP
                and c.kind == SINGLE and c.cards == (SPADE_3,))

    def lock_ok(self, c: Combo) -> bool:
        if self.lock is None or self.is_return(c):
            return True
        rest = Counter(self.lock)
        rest.subtract(c.natural_suits())
        if any(v < 0 for v in rest.values()):
            return False
        if c.stands and c.kind != SINGLE:
            return sorted(rest.elements()) == sorted(_SUIT[s] for s in c.stands)
        return True

    def stronger(self, c: Combo) -> bool:
        t = self.table
        assert t is not None
        if self.is_return(c):
            return True
        if t.level == TOP:
            return False
        return self.key(c.level) > self.key(t.level)

    def beats(self, c: Combo) -> bool:
        """Whether c is a legal play on the current table."""
        t = self.table
        if t is None:
            return True
        if c.kind != t.kind or c.size != t.size:
            return False
        return self.stronger(c) and self.lock_ok(c)

    def cuts(self, c: Combo) -> bool:
        if not self.o.eight_cut:
            return False
        if c.kind in (SINGLE, GROUP):
            return c.level == EIGHT
        return self.o.eight_cut_stairs and c.level <= EIGHT <= c.top

    def revolts(self, c: Combo) -> bool:
        if c.kind == GROUP:
            return c.size >= 4
        sr = self.o.stairs_revolution
        return bool(sr) and c.kind == STAIRS and c.size >= sr

    def is_foul(self, c: Combo) -> bool:
        """Would c be a forbidden finish if it emptied the hand (judged before it is played)."""
        if not self.o.forbidden_finish:
            return False
        if c.jokers or self.cuts(c):
            return True
        if self.rev:
            return any(_IDX[x] == THREE for x in c.naturals)
        return any(_IDX[x] == TWO for x in c.naturals) or c.cards == (SPADE_3,)

    def creates_lock(self, c: Combo) -> bool:
        t = self.table
        return (self.o.suit_lock and self.lock is None and t is not None and not c.jokers
                and not t.jokers and c.natural_suits() == t.natural_suits())

    def disputed_lock(self, c: Combo) -> bool:
        """Plays whose lock effect a careful reader could dispute; the generator avoids them."""
        t = self.table
        if t is None or self.lock is not None or not self.o.suit_lock or self.is_return(c):
            return False
        if not c.jokers and t.jokers and not (Counter(t.natural_suits()) - Counter(c.natural_suits())):
            return True
        clears = self.cuts(c)
        return clears and not c.jokers and not t.jokers and c.natural_suits() == t.natural_suits()

    def disputed(self, c: Combo) -> bool:
        """Plays a careful reader of the digest could judge either way; the generator avoids them."""
        if self.disputed_lock(c):
            return True
        # eight_cut_stairs: does a joker standing in for the 8 make the stairs cut? Not said.
        return (self.o.eight_cut_stairs and c.kind == STAIRS
                and any(_IDX[x] == EIGHT for x in c.stands))

    def legal(self, p: str) -> list[Combo]:
        t = self.table
        hand = self.hands[p]
        if t is None:
            return combos(hand)
        if t.level == TOP:
            levels = {THREE} if self.is_return(Combo(SINGLE, THREE, (SPADE_3,))) else set()
        else:
            levels = {lv for lv in range(14) if self.key(lv) > self.key(t.level)}
        return [c for c in combos(hand, t.kind, t.size, levels) if self.beats(c)]

    def next_left(self, p: str, skip_passed: bool) -> str:
        i = self.seats.index(p)
        for step in range(1, len(self.seats) + 1):
            q = self.seats[(i + step) % len(self.seats)]
            if q in self.in_game and not (skip_passed and q in self.passed):
                return q
        raise AssertionError("nobody left to act")

    def read(self, texts: list[str]) -> Combo | None:
        """The reading of a recorded play (annotated or the strongest legal one); None if illegal."""
        phys, stands = [], []
        for x in texts:
            if x.startswith(JK + "="):
                phys.append(JK)
                stands.append(x[3:])
            else:
                phys.append(x)
        cards = tuple(phys)
        if stands:
            c = annotated(cards, tuple(stands))
            return c if c is not None and self.beats(c) else None
        legal = [r for r in readings(cards) if self.beats(r)]
        if not legal:
            return None
        return max(legal, key=lambda r: self.key(r.level))

    # ---- acting
    def clear(self, reason: str, leader: str) -> None:
        self.table, self.lock, self.last = None, None, None
        self.passed.clear()
        self.cleared_by = reason
        self.to_act = leader

    def leader_after(self, p: str) -> str:
        if p in self.in_game:
            return p
        self.features.add("lead-passes-left")
        return self.next_left(p, skip_passed=False)

    def do_pass(self, p: str) -> None:
        self.turns += 1
        self.passed.add(p)
        last = self.last
        assert last is not None
        if all(q in self.passed for q in self.in_game if q != last):
            self.clear("clear", self.leader_after(last))
        else:
            self.to_act = self.next_left(p, skip_passed=True)

    def do_play(self, p: str, c: Combo) -> list[tuple[str, str]]:
        """Play c for p; returns the rule events it causes as (rule id, player)."""
        self.turns += 1
        events: list[tuple[str, str]] = []
        hand = self.hands[p]
        for x in c.cards:
            hand.remove(x)
        self.played.update(c.naturals)
        finishing = not hand
        foul = finishing and self.is_foul(c)
        cut, ret = self.cuts(c), self.is_return(c)
        if not (cut or ret) and self.creates_lock(c):
            assert self.table is not None
            self.lock = tuple(c.natural_suits())
            events.append(("daifugo.suit-lock", p))
        if self.revolts(c):
            self.rev = not self.rev
            self.revolutions += 1
            events.append(("daifugo.revolution", p))
            if self.revolutions > 1:
                self.features.add("counter-revolution")
        if cut:
            events.append(("daifugo.eight-cut", p))
        if ret:
            events.append(("daifugo.spade-3-return", p))
        self.table, self.last = c, p
        if finishing:
            self.in_game.discard(p)
            self.out.append(p)
            if foul:
                self.fouls.append(p)
                events.append(("daifugo.forbidden-finish", p))
                if self.fallen:
                    self.features.add("miyako-then-foul")
            else:
                self.finished.append(p)
                top = self.prev_top
                if self.o.miyako_ochi and top is not None and top != p and top in self.in_game:
                    self.in_game.discard(top)
                    self.hands[top] = []
                    self.fallen = top
                    events.append(("daifugo.miyako-ochi", top))
                    if not self.in_game:
                        self.features.add("miyako-leaves-nobody")
        self.log.extend((rule, who, self.turns) for rule, who in events)
        if len(self.in_game) <= 1:
            self.over = True
            return events
        if cut or ret:
            self.clear("eight-cut" if cut else "spade-3-return", self.leader_after(p))
        elif all(q in self.passed for q in self.in_game if q != p):
            self.features.add("clear-at-play")
            self.clear("clear", self.leader_after(p))
        else:
            self.to_act = self.next_left(p, skip_passed=True)
        return events

    def ranks(self) -> list[str]:
        """大富豪 first: legal finishers, the last player left, the fallen 大富豪, fouls (first lowest)."""
        assert self.over
        return self.finished + list(self.in_game) + ([self.fallen] if self.fallen else []) + self.fouls[::-1]

    # ---- choosing (generation only)
    def weight(self, p: str, c: Combo, style: Style) -> float:
        hand = self.hands[p]
        w = 1.0
        if c.size == len(hand):
            return (style.foul_w if self.is_foul(c) else 40.0) * (2.0 if self.revolts(c) else 1.0)
        if c.kind == SINGLE:
            w *= 0.5 if c.level == TOP else 1 + (12 - self.key(c.level)) / 8
        else:
            w *= 1.5 + 0.4 * c.size
        if style.hoard and any(x == JK or _IDX[x] in ((THREE,) if self.rev else (TWO, EIGHT))
                               or x == SPADE_3 for x in c.cards):
            w *= 0.01 if c.jokers else 0.05  # kept for the end: risks a forbidden finish
        if style.saver and self._breaks_saved(hand, c):
            w *= 0.01
        elif self.revolts(c):
            w *= 12 * style.rare
        if self.cuts(c):
            w *= 4 * style.rare
        if self.is_return(c):
            w *= 60 * style.rare
        if c.kind == SINGLE and c.level == TOP and not style.hoard:
            if self.table is not None:
                w *= 6 * style.rare
            if any(h == [SPADE_3] for q, h in self.hands.items() if q in self.in_game and q != p):
                w *= 100  # let a lone spade 3 return it: a forbidden finish that still clears
        if self.creates_lock(c):
            w *= 6 * style.rare
        return w

    @staticmethod
    def _breaks_saved(hand: list[str], c: Combo) -> bool:
        """Whether c uses a card of a group of four the player keeps for the last play."""
        count = Counter(_IDX[x] for x in hand if x != JK)
        jokers = hand.count(JK)
        saved = {i for i, n in count.items() if n + min(jokers, 1) >= 4}
        return any(x == JK and jokers and any(count[i] < 4 for i in saved) or x != JK and _IDX[x] in saved
                   for x in c.cards)

    def choose(self, p: str, rng: random.Random, style: Style,
               annotate_p: float) -> tuple[Combo, list[str]] | None:
        if self.table is not None and rng.random() < style.pass_p:
            return None
        cands = [c for c in self.legal(p) if not self.disputed(c)]
        if not cands:
            return None
        weights = [self.weight(p, c, style) for c in cands]
        while cands:
            i = rng.choices(range(len(cands)), weights)[0]
            texts = self.render(p, cands[i], rng, annotate_p)
            if texts is not None:
                return cands[i], texts
            del cands[i], weights[i]
        return None

    def render(self, p: str, c: Combo, rng: random.Random, annotate_p: float) -> list[str] | None:
        """The record's text of c; jokers annotated when the reading would otherwise differ."""
        plain = list(c.cards)
        if not c.jokers or c.kind == SINGLE or c.level == TOP:
            return plain
        legal = [r for r in readings(c.cards) if self.beats(r)]
        kinds = {r.kind for r in legal}
        best = max(legal, key=lambda r: self.key(r.level))
        must = len(kinds) > 1 or (best.kind, best.level) != (c.kind, c.level)
        if not must and rng.random() >= annotate_p:
            self.features.add("joker-strongest-reading")
            return plain
        stands = c.stands if c.kind == STAIRS else self.group_stands(p, c, rng)
        if stands is None or any(s in self.blind or s in self.played or s in self.hands[p]
                                 for s in stands):
            return None if must else plain
        self.features.add("joker-annotated")
        out, it = [], iter(stands)
        for x in plain:
            out.append(f"{JK}={next(it)}" if x == JK else x)
        return out

    def group_stands(self, p: str, c: Combo, rng: random.Random) -> tuple[str, ...] | None:
        have = c.natural_suits()
        if self.lock is not None:
            rest = Counter(self.lock)
            rest.subtract(have)
            suits = sorted(rest.elements())
        else:
            free = [s for s in "SHDC" if s not in have
                    and _text(c.level, s) not in self.hands[p] and _text(c.level, s) not in self.blind
                    and _text(c.level, s) not in self.played]
            if len(free) < c.jokers:
                return None
            suits = rng.sample(free, c.jokers)
        return tuple(_text(c.level, s) for s in suits)


# ----------------------------------------------------------------------------- the match

_NAMES = (("甲", "乙", "丙", "丁"), ("North", "East", "South", "West"), ("Aiko", "Ben", "Chie", "Dan"),
          ("No", "Yes", "1", "2026-11-30"), ("大野", "小林", "中村", "山田"))


def _variant(card: str, rng: random.Random, p: float) -> str:
    """The same card in another accepted notation, now and then (the spec's `TH`, `♥Q`, `10h`)."""
    if p <= 0 or rng.random() >= p:
        return card
    if card == JK:
        return "Joker"
    if card.startswith(JK):
        return card
    rank, suit = card[:-1], card[-1]
    sym = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]
    forms = [rank + suit.lower(), sym + rank, rank + sym, suit + rank]
    if rank == "10":
        forms.append("T" + suit)
    return rng.choice(forms)


def _cards_out(texts: list[str], rng: random.Random, notation: float, strings: float) -> Any:
    texts = [_variant(t, rng, notation) for t in texts]
    if strings and rng.random() < strings:
        return (", " if rng.random() < 0.3 else " ").join(texts)
    return texts


def _norm(card: str) -> str:
    """Our own record notation back to canonical text (`JK`, `JK=5H`, `10H`)."""
    card = card.strip()
    if card.upper() in ("JK", "JOKER"):
        return JK
    if card.upper().startswith("JK="):
        return card
    parsed = parse_card(card)
    assert parsed is not None, card
    return str(parsed)


def _cards_in(value: Any) -> list[str]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    return [_norm(x) for x in value]


def _exchange_gifts(ranks: list[str], dealt: dict[str, list[str]],
                    rng: random.Random) -> dict[str, list[str]]:
    """Who gives what: the lower ranks their strongest (judged on the dealt hand), the higher any."""
    gifts: dict[str, list[str]] = {}
    for low, high, n in ((ranks[3], ranks[0], 2), (ranks[2], ranks[1], 1)):
        hand = dealt[low][:]
        rng.shuffle(hand)
        gifts[low] = sorted(hand, key=lambda c: -_IDX[c])[:n]
        other = dealt[high][:]
        if rng.random() < 0.8:  # usually their weakest cards, sometimes anything
            rng.shuffle(other)
            other = _strength_sorted(other)[: n + 3]
        gifts[high] = rng.sample(other, n)
    return gifts


def _after_exchange(dealt: dict[str, list[str]], gifts: dict[str, list[str]],
                    ranks: list[str]) -> dict[str, list[str]]:
    hands = {p: list(h) for p, h in dealt.items()}
    for a, b in ((ranks[0], ranks[3]), (ranks[1], ranks[2])):
        for giver, taker in ((a, b), (b, a)):
            for c in gifts[giver]:
                hands[giver].remove(c)
                hands[taker].append(c)
    return hands


def game(seed: int, *, sets: int = 1, declare_sets: bool = True, players: tuple[str, ...] | None = None,
         reseat: bool = False, annotate: float = 0.4, out_keys: float = 0.25, notation: float = 0.0,
         strings: float = 0.0, rare: float = 1.0, **options: Any) -> Generated:
    """A complete legal Daifugō match of `sets` sets, reproducible from `seed`.

    Knobs: `sets`; `declare_sets` (write `rules: {sets: N}`, so the match has a winner);
    `players` (4 names; default a random name set); `reseat` (sets after the first give their
    own seating); `annotate` (how often an optional `JK=…` is written); `out_keys` (how often a
    game also writes `out`/`fouls`); `notation`/`strings` (how often cards use another accepted
    notation / a one-string list); `rare` (multiplies the bias towards rare rules); and any
    digest option by name (`eight_cut=False`, `rank_points=(5, 3, 1, 0)`, …).
    """
    rng = random.Random(seed)
    if "rank_points" in options:
        options["rank_points"] = tuple(options["rank_points"])
    opts = Opts(sets=sets if declare_sets else None, **options)
    if (opts.blind_cards, opts.jokers) not in DECKS:
        raise ValueError(f"the generator deals (blind_cards, jokers) of {DECKS}")
    names = tuple(players) if players else rng.choice(_NAMES)
    if len(names) != 4 or len(set(names)) != 4:
        raise ValueError("Daifugō needs 4 different players")
    data: dict[str, Any] = {"game": GAME, "title": f"Generated Daifugō match (seed {seed})",
                            "players": list(names)}
    rules = opts.rules()
    if rules:
        data["rules"] = rules
    totals = {p: 0 for p in names}
    events: list[tuple[str, dict[str, Any]]] = []
    features: set[str] = set()
    data["sets"] = []
    for si in range(1, sets + 1):
        seats = names
        st: dict[str, Any] = {}
        if reseat and si > 1:
            seats = tuple(rng.sample(names, 4))
            st["players"] = list(seats)
        first = rng.choice(seats)
        if first != seats[0] or "players" in st or rng.random() < 0.5:
            st["first"] = first
        blind: tuple[str, ...] = ()
        if opts.blind_cards:
            blind = tuple(_strength_sorted(rng.sample(NATURALS, opts.blind_cards)))
            st["blind"] = list(blind)
        st["games"] = []
        data["sets"].append(st)
        prev: list[str] | None = None
        for gi in range(1, opts.games_per_set + 1):
            g, ranks, evs, feats = _play_game(rng, opts, seats, first, blind, prev, si, gi,
                                              annotate, out_keys, notation, strings, rare)
            st["games"].append(g)
            events.extend(evs)
            features |= feats
            for p, pts in zip(ranks, opts.rank_points):
                totals[p] += pts
            prev = ranks
    winner: str | list[str] | None = None
    if declare_sets:
        best = max(totals.values())
        top = [p for p in names if totals[p] == best]
        winner = top[0] if len(top) == 1 else top
    for rule, _ in events:
        features.add(rule.removeprefix("daifugo."))
    return Generated(GAME, data, totals, winner, tuple(events), frozenset(features))


def hand_sizes(cards: int, seats: tuple[str, ...], leader: str) -> list[int]:
    """Cards each seat is dealt (in `seats` order): `cards` dealt one at a time from the leader
    clockwise, so an uneven deck gives its extra cards to the first players from the leader."""
    base, extra = divmod(cards, len(seats))
    start = seats.index(leader)
    return [base + ((i - start) % len(seats) < extra) for i in range(len(seats))]


def _stack(piles: list[list[str]], i: int, rng: random.Random) -> None:
    """Give pile i every dealt card of one rank (swapping cards back), for a revolution."""
    idx = rng.randrange(13)
    wanted = [c for pile in piles for c in pile if c != JK and _IDX[c] == idx]
    for c in wanted:
        if c in piles[i]:
            continue
        j = next(j for j, pile in enumerate(piles) if c in pile)
        spare = [x for x in piles[i] if x == JK or _IDX[x] != idx]
        x = rng.choice([x for x in spare if x != JK] or spare)
        piles[i][piles[i].index(x)] = c
        piles[j][piles[j].index(c)] = x


def _play_game(rng: random.Random, opts: Opts, seats: tuple[str, ...], first: str,
               blind: tuple[str, ...], prev: list[str] | None, si: int, gi: int, annotate: float,
               out_keys: float, notation: float, strings: float,
               rare: float) -> tuple[dict[str, Any], list[str], list[tuple[str, dict[str, Any]]], set[str]]:
    deck = [c for c in NATURALS if c not in blind] + [JK] * opts.jokers
    rng.shuffle(deck)
    leader = first if prev is None else prev[3]
    ends = [0]
    for n in hand_sizes(len(deck), seats, leader):
        ends.append(ends[-1] + n)
    piles = [deck[ends[i]:ends[i + 1]] for i in range(4)]
    if rng.random() < 0.35 * rare:  # a fair shuffle rarely deals four of a kind: help revolutions
        for i in rng.sample(range(4), 1 if rng.random() < 0.6 else 2):
            _stack(piles, i, rng)
    dealt = {p: _strength_sorted(piles[i]) for i, p in enumerate(seats)}
    g: dict[str, Any] = {"deal": {p: [_variant(c, rng, notation) for c in dealt[p]] for p in seats}}
    feats: set[str] = set()
    hands = dealt
    if prev is not None:
        gifts = _exchange_gifts(prev, dealt, rng)
        g["exchange"] = {p: _cards_out(gifts[p], rng, notation, strings) for p in seats}
        hands = _after_exchange(dealt, gifts, prev)
        for low, n in ((prev[3], 2), (prev[2], 1)):
            kept = [c for c in hands[low] if c not in gifts[low]]
            if max(_IDX[c] for c in kept) > min(_IDX[c] for c in gifts[low]):
                feats.add("exchange-received-stronger")
    top = prev[0] if prev is not None else None
    t = Table(opts, seats, hands, leader, top, blind)
    styles = {p: Style(pass_p=rng.uniform(0.05, 0.35), hoard=rng.random() < 0.45,
                       foul_w=rng.choice((3.0, 12.0, 40.0)), rare=rare, saver=rng.random() < 0.25)
              for p in seats}
    plays: list[dict[str, Any]] = []
    events: list[tuple[str, dict[str, Any]]] = []
    while not t.over:
        if len(plays) > 2000:
            raise AssertionError("a Daifugō game that does not end")
        p = t.to_act
        choice = t.choose(p, rng, styles[p], annotate)
        if choice is None:
            plays.append({p: "pass"})
            t.do_pass(p)
            continue
        c, texts = choice
        if c.kind == STAIRS:
            feats.add("stairs")
        if c.kind == GROUP and c.level == TOP:
            feats.add("joker-pair")
        if t.lock is not None and c.jokers:
            feats.add("joker-under-lock")
        plays.append({p: _cards_out(texts, rng, notation, strings)})
        was_rev, finishing, foul = t.rev, c.size == len(t.hands[p]), t.is_foul(c)
        if finishing and t.revolts(c):
            feats.add("foul-with-revolution" if foul else "finish-with-revolution")
        if finishing and foul and t.is_return(c):
            feats.add("foul-spade-3-return")
        if finishing and foul and t.creates_lock(c) and not t.cuts(c):
            feats.add("foul-creates-lock")
        if c.kind == STAIRS and c.size >= 5:
            feats.add("long-stairs")
        if c.kind == GROUP and c.size >= 5:
            feats.add("group-of-5-or-6")
        if c.jokers >= 2 and c.kind == STAIRS and all("=" not in x for x in texts):
            feats.add("stairs-two-jokers-unannotated")
        if t.table is not None and t.table.kind == STAIRS and c.jokers and all("=" not in x for x in texts):
            feats.add("stairs-joker-follow-unannotated")
        if c.jokers and c.kind == GROUP and c.level != TOP and any("=" in x for x in texts):
            feats.add("group-joker-annotated")
        for rule, who in t.do_play(p, c):
            events.append((rule, {"set": si, "game": gi, "play": len(plays), "player": who}))
            if rule == "daifugo.forbidden-finish":
                feats.add("foul-" + ("eight-cut" if t.cuts(c) else "joker" if c.jokers
                                     else "three" if was_rev else "spade-3" if c.cards == (SPADE_3,)
                                     else "two"))
    ranks = t.ranks()
    g["plays"] = plays
    if rng.random() < out_keys:
        g["out"] = list(t.out)
        g["fouls"] = list(t.fouls)
    g["ranks"] = ranks
    if len(t.fouls) == 2:
        feats.add("double-foul")
    return g, ranks, events, feats | t.features


# --------------------------------------------------------------------- replaying a record

@dataclass
class Step:
    """A point in a replayed record: the start of a game, a turn (state before it), or its end."""

    what: str
    set: int
    game: int
    table: Table
    seats: tuple[str, ...]
    blind: tuple[str, ...]
    dealt: dict[str, list[str]] = field(default_factory=dict)
    prev: list[str] | None = None
    gifts: dict[str, list[str]] = field(default_factory=dict)
    play: int = 0
    player: str = ""
    cards: list[str] | None = None
    """The turn's cards (None for a pass)."""


def walk(data: dict[str, Any]) -> Iterator[Step]:
    """Replay one of our own records with this module's rules, yielding each step (live state)."""
    opts = Opts.of(data.get("rules"))
    names = tuple(data["players"])
    for si, st in enumerate(data["sets"], 1):
        seats = tuple(st.get("players", names))
        first = st.get("first", seats[0])
        blind = tuple(_cards_in(st.get("blind", [])))
        prev: list[str] | None = None
        for gi, g in enumerate(st["games"], 1):
            dealt = {p: _cards_in(g["deal"][p]) for p in seats}
            gifts: dict[str, list[str]] = {}
            hands = dealt
            if prev is not None:
                gifts = {p: _cards_in(g["exchange"][p]) for p in seats}
                hands = _after_exchange(dealt, gifts, prev)
            t = Table(opts, seats, hands, first if prev is None else prev[3],
                      prev[0] if prev is not None else None, blind)
            yield Step("game", si, gi, t, seats, blind, dealt, prev, gifts)
            for k, entry in enumerate(g.get("plays", []), 1):
                ((p, value),) = entry.items()
                cards = None if value == "pass" else _cards_in(value)
                yield Step("turn", si, gi, t, seats, blind, dealt, prev, gifts, k, p, cards)
                if t.over or p != t.to_act:
                    raise ValueError(f"set {si} game {gi} play {k}: not {p}'s turn")
                if cards is None:
                    if t.table is None:
                        raise ValueError(f"set {si} game {gi} play {k}: pass on an empty table")
                    t.do_pass(p)
                    continue
                c = t.read(cards)
                if c is None or Counter(c.cards) - Counter(t.hands[p]):
                    raise ValueError(f"set {si} game {gi} play {k}: illegal play {cards}")
                t.do_play(p, c)
            yield Step("end", si, gi, t, seats, blind, dealt, prev, gifts)
            if not t.over:
                return
            prev = t.ranks()


def replay(data: dict[str, Any]) -> tuple[list[tuple[str, dict[str, Any]]], list[list[str]]]:
    """The events and per-game ranks this module finds in a record (a self-check of `game`)."""
    events: list[tuple[str, dict[str, Any]]] = []
    ranks: list[list[str]] = []
    for step in walk(data):
        if step.what == "end":
            events.extend((rule, {"set": step.set, "game": step.game, "play": k, "player": who})
                          for rule, who, k in step.table.log)
            ranks.append(step.table.ranks())
    return events, ranks


__all__ = ["EVENT_RULES", "FAULT_RULES", "INTERPRETATIONS", "Combo", "Opts", "Table", "game", "readings", "replay",
           "walk"]
