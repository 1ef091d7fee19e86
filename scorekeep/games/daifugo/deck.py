"""The deck, the deal and the match's order of sets and games (daifugo.deck, daifugo.game-over):
what is wrong with them, for the driver to report where it belongs."""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ...cards import SUITS, Card
from ...game import plural
from .cards import DCard, Joker, show

FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(2, 15))


# --- the deck and the deal (daifugo.deck) ------------------------------------------------------

def hand_sizes(opts: Mapping[str, Any], seats: Sequence[str], leader: str | None) -> dict[str, int]:
    """Cards per hand, from the game's leader clockwise: the cards in play (the deck and its jokers,
    less the blind cards) dealt one at a time, so an uneven deck gives the extra cards to the first
    players from the leader (13 each with the default deck)."""
    total = len(FULL_DECK) + opts["jokers"] - opts["blind_cards"]
    base, extra = divmod(total, len(seats))
    start = seats.index(leader) if leader else 0
    return {seats[(start + k) % len(seats)]: base + (1 if k < extra else 0) for k in range(len(seats))}


class DealtHand(NamedTuple):
    """A move the checks of `CHECKS["deal"]` judge: one player's cards as dealt (the others: the deal as a
    whole, once every hand is dealt cleanly; those of `CHECKS["blind"]`: the blind cards a set lists)."""

    player: str
    cards: tuple[DCard, ...]


class DealSoFar:
    """What the checks of a set's blind cards and a game's deal know: the deck and the seats, the
    set's blind cards (None: not known yet; `blind_from`: the game whose deal showed them), and the
    cards dealt so far (`seen`: each natural card's holder; `jokers`: how many)."""

    __slots__ = ("opts", "seats", "blind", "blind_from", "set_no", "seen", "jokers")

    def __init__(self, opts: Mapping[str, Any], seats: Sequence[str], blind: frozenset[Card] | None,
                 blind_from: int, set_no: int) -> None:
        self.opts, self.seats, self.blind, self.blind_from, self.set_no = opts, seats, blind, blind_from, set_no
        self.seen: dict[DCard, str] = {}
        self.jokers = 0

    def sizes(self) -> tuple[int, int, int]:
        """(cards in play, cards each, hands with one more): the deck and its jokers less the blind cards."""
        total = len(FULL_DECK) + self.opts["jokers"] - self.opts["blind_cards"]
        return (total, *divmod(total, len(self.seats)))

    def deal(self, hand: DealtHand) -> None:
        """The effect of dealing `hand`: its cards are seen (a joker counted; a card already seen or a
        blind card is not anyone's)."""
        for c in hand.cards:
            if type(c) is Joker:
                self.jokers += 1
            elif c not in self.seen and (self.blind is None or c not in self.blind):
                self.seen[c] = hand.player

    def left_out(self) -> list[Card]:
        """The natural cards no hand holds (after a whole deal: the blind cards)."""
        return [c for c in FULL_DECK if c not in self.seen]


def blind_count(pos: DealSoFar, blind: tuple[DCard, ...]) -> str | None:
    """daifugo.deck: a set removes `blind_cards` blind cards at its start."""
    want, n = pos.opts["blind_cards"], len(blind)
    if n == want:
        return None
    return f"set {pos.set_no} lists {n} blind card{'s' if n != 1 else ''}, but {want} are removed at the start of a set"


def blind_no_joker(pos: DealSoFar, blind: tuple[DCard, ...]) -> str | None:
    """daifugo.deck: a joker is never a blind card."""
    return "a joker is never a blind card" if any(type(c) is Joker for c in blind) else None


def blind_once(pos: DealSoFar, blind: tuple[DCard, ...]) -> str | None:
    """daifugo.deck: no blind card is listed twice."""
    dup = [c for c, n in Counter(c for c in blind if type(c) is Card).items() if n > 1]
    return f"{show(dup)} is listed twice" if dup else None


def hand_size(pos: DealSoFar, m: DealtHand) -> str | None:
    """daifugo.deck: the cards in play are dealt one at a time, so 13 each with the default deck (an
    uneven deck: one more to the first players)."""
    total, base, extra = pos.sizes()
    if len(m.cards) == base or (extra and len(m.cards) == base + 1):
        return None
    each = f"{base} each" if extra == 0 else f"{base} or {base + 1} each"
    return f"{m.player} was dealt {plural(len(m.cards), 'card')}; the {total} cards in play are dealt {each}"


def hand_cards(pos: DealSoFar, m: DealtHand) -> str | None:
    """daifugo.deck: each card dealt is a card of the deck in play: no joker past the deck's, no card
    twice, no blind card of the set."""
    p, n_jokers = m.player, pos.opts["jokers"]
    problems = []
    seen, jokers = dict(pos.seen), pos.jokers
    for c in m.cards:
        if type(c) is Joker:
            jokers += 1
            if jokers > n_jokers:
                problems.append(f"the deck has {n_jokers} joker{'s' if n_jokers != 1 else ''}, and "
                                f"this is joker number {jokers} in the deal")
        elif c in seen:
            who = "twice to " + p if seen[c] == p else f"to both {seen[c]} and {p}"
            problems.append(f"{c.symbol} was dealt {who}; the deck has one of each card")
        elif pos.blind is not None and c in pos.blind:
            seen_in = f" (left out of game {pos.blind_from}'s deal)" if pos.blind_from else ""
            problems.append(f"{c.symbol} is a blind card of set {pos.set_no}{seen_in}: the blind cards "
                            "stay out of play for the whole set, so they do not change within it")
        else:
            seen[c] = p
    return "; ".join(problems) or None


def all_jokers(pos: DealSoFar, deal: Mapping[str, tuple[DCard, ...]]) -> str | None:
    """daifugo.deck: every joker is dealt (blind cards are never jokers)."""
    n_jokers = pos.opts["jokers"]
    if pos.jokers >= n_jokers:
        return None
    return (f"the deal has {pos.jokers} of the {n_jokers} jokers: every joker is dealt, because blind "
            "cards are never jokers")


def blind_kept(pos: DealSoFar, deal: Mapping[str, tuple[DCard, ...]]) -> str | None:
    """daifugo.deck: the blind cards do not change within a set — a whole deal leaves out the ones an
    earlier game's deal (or the set's list) showed."""
    missing = pos.left_out()
    if pos.blind is None or set(missing) == pos.blind:
        return None
    return (f"this deal leaves out {show(missing)}, but the blind cards of set {pos.set_no} "
            f"are {show(pos.blind)} (seen in game {pos.blind_from}): blind cards do not change "
            "within a set")


# --- the match's order of sets and games (daifugo.game-over) -----------------------------------
#
# A game's position knows when its own game is over (the `_game_over` check); the order of
# sets and games is the match's, and these say what is wrong with it: the checks of `CHECKS["set"]`
# and `CHECKS["game"]` (`engine.order_faults`). The driver (`rules.py`) asks them as it reaches each
# set and game, and records what they find where it belongs.

def counts(number: int, limit: int | None) -> bool:
    """Whether set `number` of a match of `limit` sets (None: open-ended), or game `number` of a set
    of `limit` games, counts: those past the limit do not."""
    return limit is None or number <= limit


class SetStart(NamedTuple):
    """A move the checks of `CHECKS["set"]` judge: set `number` starting now, in a match of `limit`
    sets (None: open-ended), after `previous` (the set before it: its number, games played) whose
    last game's ranking is complete or not (`last_complete`)."""

    number: int
    limit: int | None
    previous: tuple[int, int] | None
    games_per_set: int
    last_complete: bool


class GameStart(NamedTuple):
    """A move the checks of `CHECKS["game"]` judge: game `number` of set `set_no` starting now, after
    `last` (the game before it in the record: its number, its set, whether its ranking is complete)."""

    number: int
    set_no: int
    games_per_set: int
    last: tuple[int, int, bool] | None


def set_counts(pos: Any, m: SetStart) -> str | None:
    """daifugo.game-over: a match of `sets: N` has N sets; the one after them does not count."""
    if counts(m.number, m.limit) or m.number != m.limit + 1:  # type: ignore[operator]
        return None
    return (f"the match is {m.limit} set{'s' if m.limit != 1 else ''} (rules: sets: {m.limit}), so set "
            f"{m.number} is one too many and does not count")


def set_after_complete(pos: Any, m: SetStart) -> str | None:
    """daifugo.game-over: a set starts only after the set before it played all its games."""
    prev = m.previous
    if prev is None or prev[1] >= m.games_per_set or not m.last_complete:
        return None
    return f"set {prev[0]} has only {prev[1]} of its {m.games_per_set} games, so set {m.number} cannot start yet"


def game_counts(pos: Any, m: GameStart) -> str | None:
    """daifugo.game-over: a set has `games_per_set` games; the ones after them do not count."""
    if counts(m.number, m.games_per_set):
        return None
    return (f"a set has {m.games_per_set} games; game {m.number} of set {m.set_no} is one too many and "
            "does not count")


def game_after_settled(pos: Any, m: GameStart) -> str | None:
    """daifugo.game-over: a game starts only after the previous one's ranking is settled."""
    last = m.last
    if last is None or last[2]:
        return None
    return (f"game {m.number} of set {m.set_no} starts, but game {last[0]} of set {last[1]} has no complete "
            "ranking yet: a game starts only after the previous one's ranking is settled")
