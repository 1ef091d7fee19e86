"""Oh Hell's engine: one hand as a position that knows who acts, what is legal and why.

A `HandPosition` is made by `deal()` (the cards as far as the record knows them: a holding
may be known only by its count) and moves on by `apply(move)`: a `Bid`, a `CardPlay`, or the
summary `Took`. Legality comes from the named checks of `CHECKS`, each carrying the rule id it
judges, in the article's decision order (that table is their one list: bids, cards, the summary
result, and the facts of a hand the replay asks and `why` shows as steps); they are the only
place a move's rule is decided.

`ruling(move)` is the first check that excludes the move (rule id, reason, legal choices,
steps); `legal_moves()` the moves of `space()` no check excludes; `push(move)` (in place) and
`apply(move)` (a copy) report every rule the move breaks and carry on from what the record says
happened, so an illegal move can be applied. What the record leaves unknown stays part of the
position: a holding without a deal is known only by its count, and a failure to follow suit is
remembered, so a later card of that suit proves the revoke (reported at the revoke's trick).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from operator import attrgetter
from typing import Any, NamedTuple

from ...cards import DECK, JOKER, SUIT_NAME, SUIT_SYMBOL, Card, show
from ...engine import SLIPPED, Ruling, Step, first_excluding
from ...errors import Finding
from ...fields import runs
from ...game import Play, and_list, plural
from .model import (Bid, CardPlay, DealerMove, DealtCard, Move, NextHand, PlayedTrick, SizeMove, Took, TrumpMove,
                    Written)
from .record import NO_TRUMP
from .score import SCORING_NOTES, other_scoring


# --- the rules as plain functions ------------------------------------------------------------

def bidding_order(players: Sequence[str], dealer: str) -> list[str]:
    """Clockwise from the dealer's left; the dealer bids last (oh-hell.bid-order)."""
    d = players.index(dealer)
    return [players[(d + k) % len(players)] for k in range(1, len(players) + 1)]


def bids_in_turn(options: Mapping[str, Any]) -> bool:
    """Whether the bids go in turn (oh-hell.bid-order), not all at once (house rule `bidding: simultaneous`)."""
    return options["bidding"] == "in-order"


def trick_winner(plays: Sequence[Play], trump: str | None) -> tuple[Play, str]:
    """The winning play and why (oh-hell.trick-winner): highest trump, else highest of the led suit."""
    led = plays[0].card.suit
    best = plays[0]
    for p in plays[1:]:
        c, b = p.card, best.card
        if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
            best = p
    if best.card.suit == trump and led != trump:
        return best, f"{best.card.symbol} is the highest trump"
    return best, f"{best.card.symbol} is the highest {SUIT_NAME[led][:-1]}" + (" (trump led)" if led == trump else "")


def ranges(numbers: Sequence[int]) -> str:
    """[0, 1, 2, 4, 5] → '0–2, 4 or 5' for messages."""
    parts: list[str] = []
    for run in runs(numbers):
        parts += [f"{run[0]}–{run[-1]}"] if len(run) >= 3 else map(str, run)
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def a_n(number: int) -> str:
    """'a 9', 'an 8', 'an 11': the article a number takes when read aloud."""
    return ("an " if str(number).startswith("8") or number in (11, 18) else "a ") + str(number)


def suit_word(suit: str) -> str:
    return f"{SUIT_SYMBOL[suit]} ({SUIT_NAME[suit]})"


Why = str | Callable[[], str]
"""A check's reason a move fails: its words, or a function giving them (a reason costly to word
and often not read: `legal_moves` asks only whether a card fails)."""


def said(why: Why) -> str:
    return why() if callable(why) else why


_JOKERS = frozenset((JOKER,))
_SUIT = attrgetter("suit")
_ANY = frozenset(("S", "H", "D", "C", JOKER.suit))
_ONLY = {s: frozenset((s, JOKER.suit)) for s in "SHDC"}
_BUT = {s: _ANY - {s} for s in "SHDC"}
_OF_SUIT = {s: frozenset(c for c in (*DECK, JOKER) if c.suit == s) for s in _ANY}
_SPACE = (*sorted(DECK, key=lambda c: ("SHDC".find(c.suit), -c.rank)), JOKER)
"""The cards a record can write, grouped by suit, aces first: the order moves are listed in."""
_PLACE = {c: i for i, c in enumerate(_SPACE)}


# --- the hand's fixed facts --------------------------------------------------------------------

class Table:
    """What does not change during a hand: seats, options, size, dealer, trump, the deal."""

    __slots__ = ("players", "number", "size", "dealer", "trump", "turn_up", "deal", "owner", "in_order", "hook",
                 "lead_trump", "order", "left")

    def __init__(self, players: Sequence[str], options: Mapping[str, Any], number: int, size: int,
                 dealer: str, trump: str | None, turn_up: Card | None,
                 deal: Mapping[str, Sequence[Card]] | None, owner: Mapping[Card, str]) -> None:
        self.players = tuple(players)
        self.number, self.size, self.dealer, self.trump, self.turn_up = number, size, dealer, trump, turn_up
        self.deal = deal
        self.owner = owner
        self.in_order = bids_in_turn(options)
        self.hook = bool(options["hook"]) and self.in_order
        self.lead_trump = options["lead_trump"]
        self.left, orders = _seating(self.players)
        self.order = orders[dealer]

    def bidding_words(self) -> str:
        """The order of the bidding as the table says it (oh-hell.bid-order): clockwise from the
        dealer's left, the dealer last; under the house rule of simultaneous bidding, none."""
        if not self.in_order:
            return "none: everyone bids at once (house rule: simultaneous bidding)"
        return f"{', '.join(self.order)} (from {self.dealer}'s left; the dealer last)"

    def hook_words(self) -> str:
        """Whether the hook binds this hand, and whom (oh-hell.hook), as the table says it."""
        if self.hook:
            return f"on: the dealer, bidding last, may not make the bids add up to {self.size}"
        return "off" if self.in_order else "off: nobody bids last (simultaneous bidding)"


@lru_cache(maxsize=64)
def _card_space(player: str) -> tuple[CardPlay, ...]:
    """A player's `space` of cards (made once: a move is a frozen value)."""
    return tuple([CardPlay(player, c) for c in _SPACE])


@lru_cache(maxsize=256)
def _bid_space(player: str, size: int) -> tuple[Bid, ...]:
    """A player's `space` of bids in a hand of `size` cards: -1 to one more than the hand."""
    return tuple([Bid(player, b) for b in range(-1, size + 2)])


@lru_cache(maxsize=64)
def _seating(players: tuple[str, ...]) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """Each player's left neighbour and bidding order as dealer: the same for every hand of a
    match, so worked out once (a long record has thousands of hands)."""
    return ({p: players[(i + 1) % len(players)] for i, p in enumerate(players)},
            {p: tuple(bidding_order(players, p)) for p in players})


def deal(players: Sequence[str], options: Mapping[str, Any], number: int, size: int, dealer: str,
         trump: str | None, turn_up: Card | None = None, cards: Mapping[str, Sequence[Card]] | None = None,
         lines: Mapping[str, int] | None = None, asked: list[tuple[Check, Why | None]] | None = None
         ) -> tuple[HandPosition, list[Finding]]:
    """The position at the start of a hand, and the faults of its deal (each card asked of
    `CHECKS["deal"]`). `cards`: the deal as far as the record gives it (None: each holding known
    only by its count); `lines`: where each holding is written; `asked`: gets every check asked
    with its answer (`why`'s steps)."""
    findings: list[Finding] = []
    owner: dict[Card, str] = {}
    so_far = DealSoFar(owner, turn_up)
    checks = CHECKS["deal"]
    for p, held in (cards or {}).items():
        line = (lines or {}).get(p)
        for c in held:
            move = _new(DealtCard, (p, c))
            for check in checks:  # the usual card passes them all: `failing` only for one that fails
                if asked is not None or check.test(so_far, move) is not None:
                    for broken, why in failing(checks, so_far, move, asked):
                        findings.append(Finding(broken.rule, said(why), line=line, hand=number, player=p))
                    break
            if c != turn_up:
                owner.setdefault(c, p)  # who holds each card, as far as the deal is read
    table = Table(players, options, number, size, dealer, trump, turn_up, cards, owner)
    return HandPosition(table), findings


_NO_JOKERS = "Oh Hell is played with the 52 standard cards and no jokers"


# --- the filters ----------------------------------------------------------------------------------

def _bid_order(pos: HandPosition, move: Bid) -> str | None:
    t = pos.t
    if move.player in pos.bids:
        return f"{move.player} has already bid {pos.bids[move.player]} in hand {t.number}"
    if not t.in_order or pos.order_lost:
        return None
    nxt = pos._next_bidder()
    if nxt is not None and move.player != nxt:
        return (f"{move.player} has a bid but {nxt} has none: bids go clockwise from the dealer's "
                f"left ({', '.join(t.order)}), so {nxt} bids before {move.player}")
    return None


def _bid_range(pos: HandPosition, move: Bid) -> str | None:
    size = pos.t.size
    if 0 <= move.value <= size:
        return None
    return (f"{move.player} bid {move.value}, but a bid is a whole number from 0 to {size}, "
            f"the number of cards each player holds in hand {pos.t.number}")


def _hook_binds(pos: HandPosition, move: Bid) -> bool:
    """Whether the hook asks at all: the option on, bidding in order, the dealer bidding after
    every other player, no bid out of range before."""
    t = pos.t
    return t.hook and not pos.bids_bad and move.player == t.dealer and all(p in pos.bids for p in t.order[:-1])


def _hooked(pos: HandPosition) -> tuple[int, int | None]:
    """The other bids' sum, and the one bid that would make the bids add up to the hand size
    (None when the others already bid more than the hand)."""
    t = pos.t
    others = sum(pos.bids[p] for p in t.order[:-1])
    forbidden = t.size - others
    return others, forbidden if 0 <= forbidden <= t.size else None


def _hook(pos: HandPosition, move: Bid) -> Why | None:
    if not _hook_binds(pos, move) or move.value != _hooked(pos)[1]:
        return None
    return lambda: _hook_words(pos, move)  # worded when asked


def _hook_words(pos: HandPosition, move: Bid) -> str:
    t, others = pos.t, _hooked(pos)[0]
    detail = " + ".join(str(pos.bids[p]) for p in t.order[:-1])
    return (f"{t.dealer} deals hand {t.number} and bids last (oh-hell.bid-order); the other bids add up to "
            f"{detail} = {others}, so bidding {move.value} would make the bids total exactly {t.size}, the "
            f"number of tricks. The hook forbids that one bid: {t.dealer} could bid "
            f"{ranges(pos.bid_values(move.player))}")


def _trick_total(pos: HandPosition, move: Any) -> str | None:
    t = pos.t
    if move.__class__ is not Took:  # a card
        if not pos.plays and pos.trick_no == t.size + 1:
            return (f"trick {pos.trick_no} is one trick too many: each player holds only {t.size} "
                    f"card{'s' if t.size != 1 else ''} in hand {t.number}")
        return None
    if not pos.finished:
        total = sum(move.counts)
        below = [f"{p} ({c})" for p, c in zip(t.players, move.counts) if c < 0]
        if below:  # (what they add up to says nothing of a count below 0)
            return (f"the tricks taken written for {and_list(below)} are below 0, but no one takes fewer than 0 "
                    f"tricks: in {a_n(t.size)}-card hand each player takes 0 to {t.size}, {t.size} in all")
        if total != t.size:
            return (f"the tricks taken add up to {total}, but {a_n(t.size)}-card hand has exactly "
                    f"{t.size} trick{'s' if t.size != 1 else ''}")
    return None


def _turn_order(pos: HandPosition, move: CardPlay) -> str | None:
    if pos.slipped:
        return None  # the rest of a trick played out of turn is the same slip
    return _out_of_turn(pos, move)


def _out_of_turn(pos: HandPosition, move: CardPlay) -> str | None:
    """Why `move` is out of turn: the leader leads, then clockwise from the card before."""
    t, p = pos.t, move.player
    if not pos.plays:
        if p == pos.leader:
            return None
        why = (f"{pos.leader} sits on the dealer's ({t.dealer}) left and leads the first trick" if pos.trick_no == 1
               else f"{pos.leader} won trick {pos.trick_no - 1} and leads the next (oh-hell.trick-winner)")
        return f"{p} led trick {pos.trick_no}, but {why}"
    expected = t.left[pos.plays[-1].player]
    if p == expected:
        return None
    return (f"{p} played out of turn in trick {pos.trick_no}: play goes clockwise ({', '.join(t.players)}), "
            f"so after {pos.plays[-1].player} it was {expected}'s turn")


def _played_joker(pos: HandPosition, move: CardPlay) -> str | None:
    if move.card.rank != 0 or move.card in (pos.t.deal or {}).get(move.player, ()):
        return None  # a joker in the deal was reported with the deal
    return f"{move.player} played a joker, but {_NO_JOKERS}"


def _not_held(pos: HandPosition, move: CardPlay) -> str | None:
    """Which way the card cannot be the player's: `turn-up`, `again`, `not-dealt` (a known holding
    without it), `other's` (dealt to another)."""
    t, p, c = pos.t, move.player, move.card
    if c.rank == 0:
        return None  # a joker is the deck rule's
    if c == t.turn_up and c not in (t.deal or {}).get(p, ()):  # else already oh-hell.deck
        return "turn-up"
    if c in pos.played_in and not (c in pos.misplayed and t.owner.get(c) == p):
        return "again"
    held = pos.known.get(p)
    if held is not None and c not in held:
        return "not-dealt"
    if held is None and c in t.owner and t.owner[c] != p:
        return "other's"
    return None


def _not_held_words(pos: HandPosition, move: CardPlay, kind: str) -> str:
    t, p, c = pos.t, move.player, move.card
    if kind == "turn-up":
        return f"{p} played {c.symbol}, the turned-up card: it belongs to nobody's hand"
    if kind == "again":
        return f"{p} played {c.symbol}, which was already played in trick {pos.played_in[c]}"
    if kind == "other's":
        return f"{p} played {c.symbol}, but it was dealt to {t.owner[c]}"
    whose = f"; it was dealt to {t.owner[c]}" if c in t.owner and t.owner[c] != p else ""
    return f"{p} played {c.symbol} but was not dealt it{whose}"


def _holdable(pos: HandPosition, player: str) -> Container[Card] | None:
    """The cards oh-hell.card-not-held lets a player whose cards are known play: those still in the
    holding, or a joker (the deck rule's). None: the holding is not known; `_not_held` asks each card.
    (A card played before, or the turned card, is never in a holding: `_play` takes it out.)"""
    held = pos.known.get(player)
    return None if held is None else held | _JOKERS


def _card_not_held(pos: HandPosition, move: CardPlay) -> Why | None:
    held = pos.known.get(move.player)
    if held is not None and (move.card in held or move.card in _JOKERS):  # `_holdable`, without copying the holding
        return None
    kind = _not_held(pos, move)
    return None if kind is None else lambda: _not_held_words(pos, move, kind)  # worded when asked


def _suits_allowed(pos: HandPosition, held: Iterable[Card]) -> frozenset[str]:
    """The suits oh-hell.follow-suit lets a player with the holding `held` play here: the led suit
    while they hold it; to lead, any but trump before trump may lead (the `lead_trump` option)
    while they hold another suit; else any. A joker's `*` is always in (the deck rule's)."""
    led, trump = pos.led, pos.t.trump
    if led is None:
        if trump and pos._restricted() and any(x.suit != trump for x in held):
            return _BUT[trump]
        return _ANY
    return _ONLY[led] if led in map(_SUIT, held) else _ANY


def _followable(pos: HandPosition, player: str) -> Container[Card] | None:
    """The cards oh-hell.follow-suit lets a player whose cards are known play: those of the suits
    allowed. None: the holding is not known (then `HandPosition._infer` proves a revoke later)."""
    held = pos.known.get(player)
    return None if held is None else _cards_of(_suits_allowed(pos, held))


@lru_cache(maxsize=None)
def _cards_of(suits: frozenset[str]) -> frozenset[Card]:
    """The cards (and joker) of `suits`, made once per set of suits (there are a few)."""
    return frozenset().union(*[_OF_SUIT[s] for s in suits])


def _follow_suit(pos: HandPosition, move: CardPlay | Play) -> Why | None:
    held = pos.known.get(move.player)
    if held is None:
        return None
    # Asked only where it can fail: a card of the led suit always follows, and any suit but
    # trump may always lead (`_suits_allowed` never leaves them out).
    suit, plays = move.card.suit, pos.plays
    if (plays[0].card.suit == suit) if plays else (suit != pos.t.trump):
        return None
    if suit in _suits_allowed(pos, held):
        return None
    return lambda: _revoke_words(pos, move, held)  # worded when asked


def _revoke_words(pos: HandPosition, move: CardPlay | Play, held: set[Card]) -> str:
    p, c = move.player, move.card
    suits = _suits_allowed(pos, held)
    allowed = [x for x in held if x.suit in suits]
    led = pos.led
    if led is not None:
        return (f"{p} played {c.symbol} to a {suit_word(led)} lead while holding {show(allowed)}: "
                f"a player who holds the led suit must play it (any card of it, not necessarily "
                f"higher); legal plays were {show(allowed)}")
    return (f"{p} led trump ({c.symbol}) {pos._lead_when()} while holding other suits "
            f"({show(allowed)}); legal leads were {show(allowed)}")


def _trick_winner(pos: HandPosition, move: Took) -> str | None:
    wrong = pos._took_mismatches(move)
    return "; ".join(why for _p, why, _line in wrong) or None


def _asks_bid_order(pos: HandPosition, move: Bid) -> Iterator[Step]:
    if pos.t.in_order:
        nxt = pos.to_act
        yield Step(f"is it {move.player}'s turn to bid?", "yes" if nxt in (None, move.player) or pos.order_lost
                   else f"no: {nxt} bids first", BID_ORDER.rule)


def _asks_bid_range(pos: HandPosition, move: Bid) -> Iterator[Step]:
    yield Step(f"is {move.value} from 0 to {pos.t.size}?", "yes" if _bid_range(pos, move) is None else "no",
               BID_RANGE.rule)


def _asks_hook(pos: HandPosition, move: Bid) -> Iterator[Step]:
    if _hook_binds(pos, move):
        others, h = _hooked(pos)
        yield Step(f"the other bids add up to {others}: which bid would make {pos.t.size}?",
                   "none: the others already bid more than the hand" if h is None
                   else f"{h}, so {move.player} may bid {ranges(pos.bid_values(move.player))}", HOOK.rule)


def _asks_trick_total(pos: HandPosition, move: Any) -> Iterator[Step]:
    if isinstance(move, Took):
        yield Step(f"do they add up to {pos.t.size}, none below 0?", "yes" if _trick_total(pos, move) is None else "no",
                   TRICK_TOTAL.rule)


def _asks_turn(pos: HandPosition, move: CardPlay) -> Iterator[Step]:
    answer = "yes" if _out_of_turn(pos, move) is None else SLIPPED if pos.slipped else f"no: {pos.to_act}'s"
    yield Step(f"is it {move.player}'s turn?", answer, TURN_ORDER.rule)


def _asks_held(pos: HandPosition, move: CardPlay) -> Iterator[Step]:
    nh, rule = _card_not_held(pos, move), CARD_NOT_HELD.rule
    if nh is None and DECK_RULE in CHECKS["play"] and (joker := _played_joker(pos, move)) is not None:
        nh, rule = joker, DECK_RULE.rule  # a joker is no card of the deck: the step is the deck rule's, as the ruling
    # With the deal recorded the record says what was held: no "may" about it.
    verb = "does" if pos.known.get(move.player) is not None else "may"
    yield Step(f"{verb} {move.player} hold {move.card.symbol}?", "yes" if nh is None else f"no: {said(nh)}", rule)


def _asks_follow(pos: HandPosition, move: CardPlay) -> Iterator[Step]:
    t, p, c, led = pos.t, move.player, move.card, pos.led
    held = pos.known.get(p)
    if led is None:
        if t.trump and pos._restricted():
            if held is None:
                ans = "not known (no deal): only a player holding nothing but trump may lead it"
            else:
                others = [x for x in held if x.suit != t.trump]
                ans = f"yes: {show(others)}, so no trump lead" if others else "no: trump may be led"
            yield Step(f"trump may not be led yet: does {p} hold another suit?", ans, FOLLOW_SUIT.rule)
        else:
            yield Step(f"may {p} lead any card?", "yes: nothing is led yet", FOLLOW_SUIT.rule)
        return
    if held is None:
        ans = ("not known (no deal): a later card of that suit would prove a revoke"
               if c.suit != led else "yes: follows suit")
    else:
        suit = [x for x in held if x.suit == led]
        ans = (f"yes: {show(suit)}, so {p} must play one of them (not necessarily higher)" if suit
               else "no: any card, trumping is never compulsory")
    yield Step(f"does {p} hold the led suit {SUIT_SYMBOL.get(led, led)}?", ans, FOLLOW_SUIT.rule)


def _asks_winner(pos: HandPosition, move: Took) -> Iterator[Step]:
    yield Step("do the counts agree with the tricks played?", _trick_winner(pos, move) or "yes",
               TRICK_WINNER.rule)


class Check(NamedTuple):
    """A rule's condition, written once: its rule id, name and `test` (None: the move passes,
    else why not), with what the decision needs besides.

    `asks` gives the check's question and answer at a bid, card or result (`why`'s steps; None:
    none); `ask` the question a table asks of a fact of a hand (`{n}`, `{hands}`, `{dealer}`,
    `{size}`, `{size_n}` filled in; empty: its name); `legal` why a hand's result it decides
    last is legal; `binds` says whether the rule asks at all (the hook binds only the dealer
    bidding last), None: always; `decides` marks a rule cited for a legal move when it binds;
    `legal_set` a rule whose ruling lists the legal choices; `turn` a rule about whose turn it
    is, not which move (the legal choices of a player are the moves that pass every other
    check); `playable` the cards the check lets a player play, as one set, when it can say so
    at once (its test is membership in it then), so that the legal moves need not ask it card
    by card."""

    rule: str
    name: str
    test: Callable[[Any, Any], Why | None]
    asks: Callable[[Any, Any], Iterable[Step]] | None = None
    binds: Callable[[Any, Any], bool] | None = None
    decides: bool = False
    legal_set: bool = False
    turn: bool = False
    playable: Callable[[Any, str], Container[Card] | None] | None = None
    ask: str = ""
    legal: str = ""


BID_ORDER = Check("oh-hell.bid-order", "bids go clockwise from the dealer's left", _bid_order, _asks_bid_order,
                  turn=True)
BID_RANGE = Check("oh-hell.bid-range", "a bid is 0 to the hand size", _bid_range, _asks_bid_range,
                  decides=True, legal_set=True)
HOOK = Check("oh-hell.hook", "the dealer may not make the bids add up", _hook, _asks_hook, _hook_binds,
             decides=True, legal_set=True)
TRICK_TOTAL = Check("oh-hell.trick-total", "a hand has as many tricks as cards", _trick_total, _asks_trick_total,
                    turn=True, ask="do the tricks taken add up to {size_n}, one per card in hand, none below 0?",
                    legal="the tricks taken add up to {size_n}, one per card in hand (no score is written down to "
                          "compare)")
TURN_ORDER = Check("oh-hell.turn-order", "the leader leads, then clockwise", _turn_order, _asks_turn, turn=True)
DECK_RULE = Check("oh-hell.deck", "52 cards, no jokers", _played_joker)  # asked with the card (`_asks_held`)
CARD_NOT_HELD = Check("oh-hell.card-not-held", "only your own cards, each once", _card_not_held, _asks_held,
                      legal_set=True, playable=_holdable)
FOLLOW_SUIT = Check("oh-hell.follow-suit", "follow the led suit if you can", _follow_suit, _asks_follow,
                    decides=True, legal_set=True, playable=_followable)
TRICK_WINNER = Check("oh-hell.trick-winner", "the highest trump, else the highest of the led suit",
                     _trick_winner, _asks_winner, decides=True,
                     ask="do the tricks written for each player agree with the cards played, where they are written "
                         "down?",
                     legal="the tricks taken agree with the tricks played (no score is written down to compare)")


# --- the hand's facts: who deals, how many cards, the deal, trump, the written result -----------

class Dealing(NamedTuple):
    """A hand about to be dealt, as the match stands (the position of `CHECKS["dealer"]`, `["size"]`,
    `["trump"]`, `["hand"]`). `prev` dealt the hand before, `alt` would have had the record's slip
    not happened; `place` in the deal pattern (None: past its end), `skipped` hands of the pattern
    just before it (-1: the hand before's place dealt again); `shown` the dealer the play shows
    (the first leader's right)."""

    players: tuple[str, ...]
    number: int
    first_dealer: str
    pattern: tuple[int, ...]
    place: int | None
    prev: str | None = None
    alt: str | None = None
    skipped: int = 0
    shown: str | None = None

    @property
    def expected(self) -> str:
        """Who deals by the rotation: the first dealer, then the last dealer's left."""
        return self.first_dealer if self.prev is None else _seating(self.players)[0][self.prev]

    def may_deal(self) -> tuple[str, ...]:
        """Who deals in turn: the rotation's dealer; after a reported slip also the left of the one
        who should have dealt (one mistake is reported once); after hands of the pattern were
        skipped, the deal moved on by as many seats."""
        left = _seating(self.players)[0]
        allowed = [self.expected]
        if self.alt is not None:
            allowed.append(left[self.alt])
        moved = self.expected
        for _ in range(self.skipped):
            moved = left[moved]
            allowed.append(moved)
        return tuple(allowed)

    def legal_dealers(self) -> list[DealerMove]:
        """Who may deal this hand: the players (the rotation's dealer first, then clockwise) that
        no check of `CHECKS["dealer"]` rules out."""
        order = bidding_order(self.players, self.expected)
        return [m for p in (order[-1], *order[:-1]) if not failing(CHECKS["dealer"], self, m := DealerMove(p))]

    def legal_sizes(self) -> list[SizeMove]:
        """How many cards each player may be dealt in this hand: the numbers from 1 up to what
        leaves a card to turn up that no check of `CHECKS["size"]` rules out."""
        most = 51 // len(self.players)
        return [m for k in range(1, most + 1) if not failing(CHECKS["size"], self, m := SizeMove(k, True, None))]


def _game_end(pos: Dealing, m: Any) -> Why | None:
    """oh-hell.game-end: the game is the deal pattern; a hand past it does not count."""
    if pos.place is not None:
        return None
    n, last = pos.number, len(pos.pattern)
    return lambda: (f"hand {n} was played after the game ended: the deal pattern has {last} hands, so this hand "
                    "does not count")  # worded only if listed: a long record has thousands


def _dealer_rotation(pos: Dealing, m: DealerMove) -> Why | None:
    """oh-hell.dealer-rotation: the first dealer deals hand 1, then the deal passes clockwise."""
    allowed = pos.may_deal()
    if m.dealer in allowed:
        return None
    n, prev, left, shown = pos.number, pos.prev, _seating(pos.players)[0], pos.shown
    why = (f"the first dealer is {pos.first_dealer}" if prev is None else
           f"{prev} dealt hand {n - 1} and the deal passes clockwise")
    if shown is not None and shown in allowed:  # the play shows who really dealt
        return (f"the record says {m.dealer} dealt hand {n}, but it was {shown}'s deal ({why}), and the "
                f"play agrees: {left[shown]}, on {shown}'s left, led the first trick")
    return f"{m.dealer} dealt hand {n}, but it was {pos.expected}'s deal: {why}"


def _size_pattern(pos: Dealing, m: SizeMove) -> Why | None:
    """oh-hell.hand-size: hand n deals the number of cards the deal pattern gives for n."""
    if pos.place is None:
        return None
    n = pos.number
    if pos.skipped < 0:
        due = pos.pattern[pos.place + 1] if pos.place + 1 < len(pos.pattern) else "no more cards"
        return (f"hand {n} deals {plural(m.size, 'card')} again, as hand {n - 1} did, but by the deal pattern hand "
                f"{n} deals {due}: the record deals that hand of the pattern twice, so the later hands are judged from "
                "this point of the pattern")
    if pos.skipped:
        literal = pos.pattern[pos.place - pos.skipped]
        what = "hand" if pos.skipped == 1 else f"{pos.skipped} hands"
        return (f"hand {n} deals {plural(m.size, 'card')}, but by the deal pattern hand {n} deals {literal}: the record "
                f"skips a {what} of the pattern here, so the later hands are judged from this point of the pattern")
    expected = pos.pattern[pos.place]
    if m.size == expected:
        return None
    how = "dealt" if m.dealt else "written"
    return (f"hand {n} deals {expected} cards each by the deal pattern, but {m.size} "
            f"{'was' if m.size == 1 else 'were'} {how}")


def _size_written(pos: Dealing, m: SizeMove) -> Why | None:
    """oh-hell.hand-size: the number of cards the record writes is the hand's."""
    if m.cards is None or m.cards == m.size:
        return None
    return (f"`cards` says {m.cards}, but hand {pos.number} deals {m.size} cards (the deal pattern's number, and "
            "the number of tricks the record shows)")


def _size_dealt(pos: Dealing, m: SizeMove) -> Why | None:
    """oh-hell.hand-size: each player is dealt the hand's number of cards."""
    return "; ".join(f"{p} was dealt {k} card{'s' if k != 1 else ''}; everyone gets {m.size} in hand {pos.number}"
                     for p, k in m.counts if k != m.size) or None


def _trump(pos: Dealing, m: TrumpMove) -> Why | None:
    """oh-hell.trump: trump is the suit of the card turned up after the deal (a card always is)."""
    n = pos.number
    if m.turn_up is None:
        if m.written != NO_TRUMP:
            return None
        return (f"the record has no trump in hand {n}, but after the deal a card is always turned "
                "up and its suit is trump: write the turned card (`turn_up`) or its suit")
    suit = m.turn_up.suit
    if m.written is None or m.written == suit:
        return None
    said = "no trump" if m.written == NO_TRUMP else f"{suit_word(m.written)} as trump"
    return f"the record has {said}, but the turned card {m.turn_up.symbol} makes {suit_word(suit)} trump in hand {n}"


class DealSoFar(NamedTuple):
    """A deal as far as it is read: each card's holder so far, and the turned card (oh-hell.deck)."""

    owner: Mapping[Card, str]
    turn_up: Card | None


def _deck_dealt(pos: DealSoFar, m: DealtCard) -> Why | None:
    """oh-hell.deck: 52 standard cards, no joker, each once; the turned card in nobody's hand."""
    c, p, owner = m.card, m.player, pos.owner
    if c.rank == 0:
        return f"a joker was dealt to {p}, but {_NO_JOKERS}"
    if c == pos.turn_up:
        return f"{c.symbol} is the turned-up card, so it cannot be in {p}'s hand too"
    if c in owner:
        who = "twice to " + p if owner[c] == p else f"to both {owner[c]} and {p}"
        return f"{c.symbol} was dealt {who}; the deck has one of each card"
    return None


class Sheet(NamedTuple):
    """A hand's result against the score sheet: bids, tricks and points as replayed (`add`: what the
    sheet adds to the running totals, the points that count as it writes them), the running totals
    the hands give (`running`) and as the sheet carries them (`carried`: a slip is reported once)."""

    number: int
    options: Mapping[str, Any]
    bids: Mapping[str, int]
    took: Mapping[str, int]
    points: Mapping[str, int]
    add: Mapping[str, int]
    running: Mapping[str, int]
    carried: Mapping[str, int]


def _score_written(pos: Sheet, m: Written) -> Why | None:
    """oh-hell.score-recorded: a hand's written score is the one its bid and tricks give (oh-hell.score)."""
    p, n, opts = m.player, pos.number, pos.options
    if m.value == pos.points[p]:
        return None
    bid, took = pos.bids[p], pos.took[p]
    other = other_scoring(bid, took, m.value, opts)
    why = "" if other is None else (
        f". {m.value} is the score with `{other[0]}: {other[1]}`"
        + (f" ({SCORING_NOTES[other[1]]})" if other[1] in SCORING_NOTES else "")
        + f", but this game is scored with `{other[0]}: {opts[other[0]]}`")
    if other is None and m.value == pos.running[p] and n > 1:
        why = (f". {m.value} is {p}'s running total after hand {n}: `scores` holds this hand's "
               "points, and running totals go under `totals`")
    return (f"the sheet gives {p} {m.value} for hand {n}, but {p} bid {bid} and took "
            f"{took}, which scores {pos.points[p]} (oh-hell.score){why}")


def _total_written(pos: Sheet, m: Written) -> Why | None:
    """oh-hell.score-recorded: a written running total is the sheet's last one plus this hand's points, or
    the one the hands give (a sheet that puts its own slip right: no slip of its own, as in Rook)."""
    p, n = m.player, pos.number
    right = pos.carried[p]
    if m.value == right or m.value == pos.running[p]:
        return None
    carried = "" if right == pos.running[p] else f" (as the sheet carries it on; the hands give {pos.running[p]})"
    gained = (f"nothing in hand {n}, which does not count" if p not in pos.add
              else f"{pos.add[p]:+d} in hand {n}" + ("" if pos.add[p] == pos.points[p] else " as the sheet writes it"))
    return (f"the sheet's running total for {p} after hand {n} is {m.value}, but it should "
            f"be {right}{carried}: {p} scored {gained} (oh-hell.score)")


def _no_result(pos: HandPosition, m: NextHand) -> Why | None:
    """oh-hell.unfinished-hand: only the last hand of a record may be unfinished (a play that
    stops part-way, with no tricks taken written, is no result either)."""
    if pos.taken() is not None:
        return None
    n = pos.t.number
    if m.played:
        return (f"hand {n} has no result — its play stops after {pos.trick_no - 1} of its {pos.t.size} tricks and "
                f"the tricks each player took are not written — but hand {n + 1} follows: only the last hand of a "
                "record may be unfinished; write the rest of its play, or how many tricks each player took")
    return (f"hand {n} has no result (no `tricks` and no `play`) but hand {n + 1} follows: only the "
            "last hand of a record may be unfinished, so write how many tricks each player took")


GAME_END = Check("oh-hell.game-end", "the game is the deal pattern", _game_end,
                 ask="is hand {n} within the game (the deal pattern has {hands} hands)?",
                 legal="hand {n} is within the game; its result is not known yet")
DEALER_ROTATION = Check("oh-hell.dealer-rotation", "the deal passes clockwise", _dealer_rotation,
                        ask="is it {dealer}'s deal (the deal passes clockwise, one seat each hand)?")
SIZE_PATTERN = Check("oh-hell.hand-size", "the deal pattern's number of cards", _size_pattern,
                     ask="does hand {n} deal the number of cards the deal pattern gives?")
SIZE_WRITTEN = Check(SIZE_PATTERN.rule, "the written number of cards", _size_written,
                     ask="does the number of cards written down, if any, agree with the hand?")
SIZE_DEALT = Check(SIZE_PATTERN.rule, "each player gets that many", _size_dealt, ask="was each player dealt {size}?")
DECK_DEALT = Check(DECK_RULE.rule, "52 cards, no jokers, each once", _deck_dealt,
                   ask="is every card dealt one of the 52, dealt once, and not the turned card?")
TRUMP = Check("oh-hell.trump", "the turned card's suit is trump", _trump,
              ask="does the trump written down, if any, agree with the card turned up (one always is)?")
SCORE_WRITTEN = Check("oh-hell.score-recorded", "the score the bid and tricks give", _score_written,
                      ask="is each score written the one the bid and the tricks give?")
TOTAL_WRITTEN = Check(SCORE_WRITTEN.rule, "the running total the scores give", _total_written,
                      ask="is each running total written the last one plus this hand's score?")
NO_RESULT = Check("oh-hell.unfinished-hand", "the hand has a result", _no_result,
                  ask="does the hand have a result (all its tricks played, or the tricks taken) before the next hand?")

CHECKS: dict[str, tuple[Check, ...]] = {
    "bid": (BID_ORDER, BID_RANGE, HOOK),
    "play": (TRICK_TOTAL, TURN_ORDER, DECK_RULE, CARD_NOT_HELD, FOLLOW_SUIT),
    "result": (TRICK_WINNER, TRICK_TOTAL),
    "hand": (GAME_END,),
    "dealer": (DEALER_ROTATION,),
    "size": (SIZE_PATTERN, SIZE_WRITTEN, SIZE_DEALT),
    "deal": (DECK_DEALT,),
    "trump": (TRUMP,),
    "scores": (SCORE_WRITTEN,),
    "totals": (TOTAL_WRITTEN,),
    "next": (NO_RESULT,),
}
"""Per kind of move, its checks in the article's decision order: the one place a rule's
condition is asked. Read at every call, so a check taken out of the table is out everywhere.
Besides the bids, cards and summary result, the facts of a hand: whether it is within the game
(`hand`), its dealer, its size, each card dealt, its trump, the written scores and running
totals, and what another hand following it says of it (`next`)."""

PHASE_OF = {Bid: "bid", CardPlay: "play", Took: "result", Play: "play"}
"""The phase of each kind of move; a card as the record holds it (`Play`) is a `CardPlay`."""

_EXCLUSIVE = {CARD_NOT_HELD: (FOLLOW_SUIT,), BID_RANGE: (HOOK,), DECK_RULE: (CARD_NOT_HELD, FOLLOW_SUIT),
              SIZE_PATTERN: (SIZE_WRITTEN,)}
"""A rule broken makes these later questions moot (a card not held cannot fail to follow)."""
_CARD_RULES = frozenset((DECK_RULE.rule, CARD_NOT_HELD.rule, FOLLOW_SUIT.rule))


def failing(checks: Sequence[Check], pos: Any, move: Any, asked: list[tuple[Check, Why | None]] | None = None
            ) -> list[tuple[Check, Why]]:
    """Every check of `checks` that `move` fails at `pos`, in the rules' order, but those a failure
    before makes moot (`_EXCLUSIVE`): what `check` lists at a fact of a hand. `asked` (if given)
    gets each check asked and its answer (None: it passes), the decision `why` shows."""
    out: list[tuple[Check, Why]] = []
    moot: tuple[Check, ...] = ()
    for c in checks:
        if c in moot:
            continue
        why = c.test(pos, move)
        if asked is not None:
            asked.append((c, why))
        if why is not None:
            out.append((c, why))
            moot += _EXCLUSIVE.get(c, ())
    return out


def _passing(pos: HandPosition, moves: Sequence[Move], turn: bool = True) -> list[Move]:
    """The moves of one player's space that pass every check of their phase (`turn` false: but
    those of whose turn it is), asked cheaply: first the checks that know, as
    one set, the cards they let the player play (`playable`); a check of whose turn it is once
    (its answer is the same for all of a player's moves); the others move by move."""
    if not moves:
        return []
    player, rest, sets = moves[0].player, [], []
    for c in CHECKS[PHASE_OF[type(moves[0])]]:
        cards = None if c.playable is None else c.playable(pos, player)
        if cards is not None:
            sets.append(cards)
        else:
            rest.append(c)
    if sets:  # the cards every such check lets the player play, in the space's order: `_SPACE[n]` is its n-th
        allowed = sets[0].intersection(*sets[1:])
        moves = [moves[i] for i in sorted([_PLACE[c] for c in allowed if c in _PLACE])]
    for c in rest:
        if c.turn:
            if turn and moves and c.test(pos, moves[0]) is not None:
                return []
        else:
            moves = [m for m in moves if c.test(pos, m) is None]
    return list(moves)


# --- the position -----------------------------------------------------------------------------------

_new = tuple.__new__  # a named tuple made without its Python-level __new__ (once per trick)


class HandPosition:
    """One hand at one moment (see the module docstring). Never changed in place."""

    __slots__ = ("t", "bids", "bids_bad", "order_lost", "trick_no", "plays", "slipped", "leader", "broken",
                 "known", "played_in", "misplayed", "voids", "only_trump", "took", "done", "result",
                 "hook_bound")

    def __init__(self, table: Table) -> None:
        self.t = table
        self.bids: dict[str, int] = {}
        self.bids_bad = False          # a bid out of range: the hook is not judged on it
        self.order_lost = False        # a bid out of order was reported: the order is the record's now
        self.trick_no = 1
        self.plays: tuple[Play, ...] = ()
        self.slipped = False           # this trick already had a turn-order slip
        self.leader = table.order[0]
        self.broken = False
        # holdings we can trust (from the deal); a player absent here is known only by count
        self.known: dict[str, set[Card]] = {p: set(c) for p, c in (table.deal or {}).items()}
        self.played_in: dict[Card, int] = {}
        self.misplayed: frozenset[Card] = frozenset()   # played by someone who was not dealt them
        # Without a trusted holding, a failure to follow is a void only if the player was honest:
        # a later card of that suit proves a revoke.
        self.voids: dict[str, tuple[tuple[str, int, Play], ...]] = {}
        self.only_trump: dict[str, tuple[tuple[int, Play], ...]] = {}
        self.took: dict[str, int] = dict.fromkeys(table.players, 0)
        self.done: list[PlayedTrick] = []
        self.result: tuple[int, ...] | None = None   # a recorded summary, once applied
        self.hook_bound: str | None = None           # the player the hook bound at their bid

    def _copy(self) -> HandPosition:
        """A copy that shares nothing `push` changes in place (tuples and frozensets are shared)."""
        new = HandPosition.__new__(HandPosition)
        for k in HandPosition.__slots__:
            v = getattr(self, k)
            setattr(new, k, v.copy() if type(v) in (dict, list) else v)
        new.known = {p: set(held) for p, held in self.known.items()}  # holdings change in place
        return new

    # --- what the position says -----------------------------------------------------------

    @property
    def phase(self) -> str:
        """`bid` until everyone has bid, then `play`; `over` once every trick is played or the
        result is recorded."""
        if len(self.bids) < len(self.t.players):
            return "bid"
        if self.finished or self.result is not None:
            return "over"
        return "play"

    @property
    def to_act(self) -> str | None:
        """Who bids or plays next (None with simultaneous bids, or when the hand is over)."""
        phase = self.phase
        if phase == "play":
            return self.t.left[self.plays[-1].player] if self.plays else self.leader
        if phase == "bid":
            return self._next_bidder() if self.t.in_order else None
        return None

    def _next_bidder(self) -> str | None:
        bids = self.bids
        for p in self.t.order:  # a loop, not next(genexpr): asked for every bid (1% of the archive's check)
            if p not in bids:
                return p
        return None

    @property
    def led(self) -> str | None:
        """The suit led to the current trick (None before its first card)."""
        return self.plays[0].card.suit if self.plays else None

    @property
    def finished(self) -> bool:
        """Every trick of the hand played (and no trick left half done). A hand of no cards
        (`cards: 0`, a hand-size violation) is never finished by play: it has no tricks to play,
        and its bids are still owed, so only its written result ends it."""
        return self.t.size > 0 and self.trick_no - 1 >= self.t.size and not self.plays

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The tricks played so far, the current one last if it is unfinished."""
        if self.plays:
            return (*self.done, PlayedTrick(self.trick_no, self.plays, None, "unfinished"))
        return tuple(self.done)

    def holding(self, player: str) -> frozenset[Card] | None:
        """The player's cards now, when the record lets us know them; None: known only by count."""
        held = self.known.get(player)
        return None if held is None else frozenset(held)

    def count(self, player: str) -> int:
        """How many cards the player holds now."""
        played = self.trick_no - 1 + any(pl.player == player for pl in self.plays)
        return max(0, self.t.size - played)

    def shown_void(self, player: str) -> frozenset[str]:
        """Suits the player failed to follow this hand: a void, unless a later card proves a revoke."""
        return frozenset(s for s, _t, _pl in self.voids.get(player, ()))

    # --- legality ---------------------------------------------------------------------------

    def _restricted(self) -> bool:
        """Whether trump may not be led now (a player with only trumps may lead one anyway)."""
        rule = self.t.lead_trump
        return ((rule == "after-broken" and not self.broken)
                or (rule == "after-first-trick" and self.trick_no == 1))

    def _lead_when(self) -> str:
        return ("before trump was broken (house rule lead_trump: after-broken)"
                if self.t.lead_trump == "after-broken"
                else "although trump may not lead the first trick (house rule lead_trump: after-first-trick)")

    def _took_mismatches(self, move: Took) -> list[tuple[str, str, int | None]]:
        """(player, why, line) for each recorded count the play contradicts (oh-hell.trick-winner)."""
        out = []
        done, finished = self.trick_no - 1, self.finished
        for p, v, line in zip(self.t.players, move.counts, move.lines or repeat(None)):
            counted = self.took[p]
            if counted == v:
                continue  # the usual case: the play agrees with the count
            if finished:
                won = [str(pt.number) for pt in self.tricks if pt.winner == p]
                out.append((p, f"`tricks` says {p} took {v}, but the play gives {p} {counted} "
                               f"(trick{'s' if len(won) != 1 else ''} {', '.join(won) or 'none'})", line))
            elif done and counted > v:
                out.append((p, f"`tricks` says {p} took {v}, but the tricks played so far already give "
                               f"{p} {counted}", line))
        return out

    def space(self, player: str | None = None) -> Sequence[Move]:
        """Every move a record could write here for `player` (default: whoever may move), legal or
        not: bids from -1 to one more than the hand size, any card of the 52 or a joker. Wider
        than any check, so a check taken out of `CHECKS` widens the legal moves."""
        if player is None:
            return [m for p in self._movers() for m in self.space(p)]
        phase = self.phase
        return _bid_space(player, self.t.size) if phase == "bid" else _card_space(player) if phase == "play" else []

    def _movers(self) -> list[str]:
        """Who may move now: whoever acts; with simultaneous bids, everyone yet to bid."""
        if self.phase == "bid" and not self.t.in_order:
            return [p for p in self.t.order if p not in self.bids]
        to_act = self.to_act
        return [to_act] if to_act else []

    def legal_moves(self, player: str | None = None) -> list[Move]:
        """The legal moves here (of `player`, default whoever may move): the bids or cards of
        `space()` that pass every check, whose turn it is included (a summary `Took` is ruled on,
        not offered)."""
        return [m for p in (self._movers() if player is None else (player,)) for m in _passing(self, self.space(p))]

    def acts(self, player: str) -> bool:
        """Whether the checks of whose turn it is (`Check.turn`) let `player` bid or play now: after
        a slip of the order already reported, more than the one `to_act` may."""
        moves = self.space(player)
        return bool(moves) and not any(c.turn and c.test(self, moves[0]) is not None
                                       for c in CHECKS[PHASE_OF[type(moves[0])]])

    def _excluding(self, move: Move) -> tuple[Check, Why] | None:
        return first_excluding(CHECKS[PHASE_OF[type(move)]], self, move)

    def legal_set(self, move: Bid | CardPlay) -> list[Move]:
        """The moves of `move`'s player that pass every check but those of whose turn it is (a
        player out of turn still has the cards and numbers the other rules allow)."""
        return _passing(self, self.space(move.player), turn=False)

    def bid_values(self, player: str) -> list[int]:
        """The bids `player` may make, turn aside: the values of `legal_set`."""
        return [m.value for m in self.legal_set(Bid(player, 0))]  # type: ignore[union-attr]

    def hooked(self, player: str) -> list[Move]:
        """The bids of `player`'s space the hook is the first check to rule out (the one it forbids)."""
        return [m for m in self.space(player) if (hit := self._excluding(m)) is not None and hit[0].rule == HOOK.rule]

    def hook_binds(self, move: Bid) -> bool:
        """Whether the hook's check is in the table and asks at `move` (the dealer bidding last)."""
        rule = HOOK.rule
        for c in CHECKS["bid"]:  # a loop, not any(genexpr): asked at every bid
            if c.rule == rule:
                return c.binds is None or c.binds(self, move)
        return False

    def _allowed(self, rule: Check, move: Move) -> tuple[str, ...] | None:
        """The legal choices at this point for a rule that is a legal set."""
        if not rule.legal_set or isinstance(move, Took):
            return None
        if isinstance(move, Bid):
            return tuple(str(b) for b in self.bid_values(move.player))
        if self.known.get(move.player) is None:
            return None
        return tuple(str(m) for m in self.legal_set(move))

    @staticmethod
    def _see(rule: Check, why: str) -> tuple[str, ...]:
        if rule is TURN_ORDER and TRICK_WINNER.rule in why:
            return (TRICK_WINNER.rule,)
        return ()

    def ruling(self, move: Move) -> Ruling:
        """Why `move` is or is not legal here: the first check that excludes it, in decision order;
        a legal move cites the last check that decides and binds there."""
        hit = self._excluding(move)
        steps = tuple(self._steps(move))
        if hit is None:
            rule = ""
            for c in CHECKS[PHASE_OF[type(move)]]:
                if c.decides and (c.binds is None or c.binds(self, move)):
                    rule = c.rule
            return Ruling(str(move), True, rule, steps[-1].answer if steps else "legal", steps=steps)
        f, why = hit[0], said(hit[1])
        return Ruling(str(move), False, f.rule, why, self._allowed(f, move), self._see(f, why), steps)

    def _steps(self, move: Move) -> Iterable[Step]:
        """The decision in the article's order, as each check's questions and answers; then who
        wins the trick a card completes (oh-hell.trick-winner)."""
        for c in CHECKS[PHASE_OF[type(move)]]:
            if c.asks is not None:
                yield from c.asks(self, move)
        if isinstance(move, CardPlay) and len(self.plays) == len(self.t.players) - 1:
            best, why = trick_winner((*self.plays, Play(move.player, move.card, 0)), self.t.trump)
            yield Step("who wins the trick?", f"{best.player}: {why}", TRICK_WINNER.rule)

    # --- moving on -------------------------------------------------------------------------

    def apply(self, move: Move) -> tuple[HandPosition, list[Finding]]:
        """The next position and every rule the move breaks; an illegal move is applied as
        the record says it happened. This position stays as it was."""
        new = self._copy()
        return new, new.push(move)

    def push(self, move: Move) -> list[Finding]:
        """`apply` in place, for a driver that keeps no earlier position (python-chess's push):
        this position becomes the next one; returns what the move breaks."""
        if type(move) is Play or type(move) is CardPlay:
            return self._play(move)
        if type(move) is Bid:
            return self._bid(move)
        return self._result(move)

    def _broken(self, move: Move, trick: int | None = None) -> list[Finding]:
        """Every check the move fails (`failing`), each found at the move's line, hand and player
        (and `trick`, for a card)."""
        checks = CHECKS[PHASE_OF[type(move)]]
        for f in checks:
            if f.test(self, move) is not None:
                break
        else:
            return []  # the usual case: a legal move
        out: list[Finding] = []
        for f, why in failing(checks, self, move):
            why = said(why)
            out.append(Finding(f.rule, why, allowed=self._allowed(f, move), see=self._see(f, why), line=move.line,
                               hand=self.t.number, trick=trick, player=move.player))
        return out

    def _bid(self, move: Bid) -> list[Finding]:
        """The checks, then the bid is taken; a bid out of order makes the record's order the
        order from now on, and a bid out of range leaves the hook unasked."""
        found = self._broken(move)
        if self.hook_binds(move):
            self.hook_bound = move.player
        for f in found:
            if f.rule == BID_ORDER.rule:
                self.order_lost = True
            elif f.rule == BID_RANGE.rule:
                self.bids_bad = True
        self.bids[move.player] = move.value
        return found

    def _play(self, move: CardPlay | Play) -> list[Finding]:
        """The checks, then the card goes to the trick as the record says it was played (a
        driver may push the record's `Play` itself: no move value is made for each card)."""
        p, c = move.player, move.card
        pl = move if type(move) is Play else Play(p, c, move.line or 0)
        trick_no = self.trick_no
        found: list[Finding] = []
        for f in CHECKS["play"]:  # the usual card passes them all: `_broken` only for one that fails (per card)
            if f.test(self, move) is not None:
                found = self._broken(move, trick_no)
                break
        held = self.known.get(p)
        card_fault = False
        if found:
            if found[0].rule == TRICK_TOTAL.rule:  # the extra trick is located at the trick, not at a player
                found[0] = found[0]._replace(player=None)
            rules = {f.rule for f in found}
            self.slipped = self.slipped or TURN_ORDER.rule in rules
            card_fault = bool(rules & _CARD_RULES)
        kind = _not_held(self, move) if card_fault else None
        if kind is not None:
            if kind != "other's":  # the record lost track of this hand: judge it by inference now
                self.known.pop(p, None)
            if kind in ("not-dealt", "other's"):
                self.misplayed = self.misplayed | {c}
        elif held is not None:
            held.discard(c)
        if c not in self.played_in:
            self.played_in[c] = trick_no
        if c.rank != 0 and p not in self.known and not card_fault and FOLLOW_SUIT in CHECKS["play"]:
            self._infer(pl, self.plays[0].card.suit if self.plays else None, self._restricted(), found,
                        self.t.number, trick_no)
        self.plays = plays = (*self.plays, pl)  # the card joins the trick
        if len(plays) == len(self.t.players):
            self._won(plays)
        return found

    def _won(self, plays: tuple[Play, ...]) -> None:
        """A full trick is won (oh-hell.trick-winner) and the next begins."""
        t = self.t
        best, why = trick_winner(plays, t.trump)
        self.took[best.player] += 1
        self.leader = best.player
        if not self.broken and t.trump is not None:
            for x in plays:  # a loop, not any(genexpr): once per trick of a long record
                if x.card.suit == t.trump:
                    self.broken = True
                    break
        self.done.append(_new(PlayedTrick, (self.trick_no, plays, best.player, why)))
        self.trick_no += 1
        self.plays = ()
        self.slipped = False

    def _infer(self, pl: Play, led: str | None, restricted: bool, found: list[Finding], n: int, t: int) -> None:
        """oh-hell.follow-suit by inference (see `_follow_suit`): a later card of a suit proves an
        earlier failure to follow it; a later other suit proves a restricted trump lead."""
        p, c, trump = pl.player, pl.card, self.t.trump
        still = []
        for suit, tt, revoke in self.voids.get(p, ()):
            if suit == c.suit:
                found.append(Finding(
                    FOLLOW_SUIT.rule,
                    f"{p} played {revoke.card.symbol} to a {suit_word(suit)} lead in trick {tt}, but still "
                    f"held {SUIT_NAME[suit]}: {p} played {c.symbol} in trick {t}. A player who holds the led "
                    "suit must play it", line=revoke.line, hand=n, trick=tt, player=p))
            else:
                still.append((suit, tt, revoke))
        if led is not None and c.suit != led:
            still.append((led, t, pl))
        if still or p in self.voids:
            self.voids[p] = tuple(still)
        leads = self.only_trump.get(p, ())
        if trump and c.suit != trump and leads:
            for tt, lead in leads:
                found.append(Finding(
                    FOLLOW_SUIT.rule,
                    f"{p} led trump ({lead.card.symbol}) in trick {tt} {self._lead_when()}, which only a player "
                    f"holding nothing but trump may do; {p} still held another suit: {p} played {c.symbol} in "
                    f"trick {t}", line=lead.line, hand=n, trick=tt, player=p))
            leads = ()
            self.only_trump[p] = ()
        if led is None and trump and c.suit == trump and restricted:
            self.only_trump[p] = (*leads, (t, pl))

    def _result(self, move: Took) -> list[Finding]:
        """The checks of a summary result, then it is taken: a count the play contradicts is
        reported at its own line (oh-hell.trick-winner), the rest at the summary's."""
        t = self.t
        found = []
        for c in CHECKS["result"]:
            if c is TRICK_WINNER:
                found += [Finding(c.rule, why, line=line, hand=t.number, player=p)
                          for p, why, line in self._took_mismatches(move)]
            elif (why := c.test(self, move)) is not None:
                found.append(Finding(c.rule, why, line=move.line, hand=t.number))
        self.result = move.counts
        return found

    # --- the hand's outcome ------------------------------------------------------------------

    def taken(self) -> dict[str, int] | None:
        """Tricks taken per player once the result is known: from the play when every trick was
        played, else from the recorded summary; None while unknown."""
        if self.finished:
            return dict(self.took)
        if self.result is not None:
            return dict(zip(self.t.players, self.result))
        return None

    def unfinished(self, line: int | None, played: bool, asked: list[tuple[Check, Why | None]] | None = None
                   ) -> Finding | None:
        """What it means that another hand follows this one now (`played`: the record has its
        play): the first check of `CHECKS["next"]` it fails — it has no result
        (oh-hell.unfinished-hand), its play stopped part-way or none written. `asked`: as
        `failing`'s."""
        for c, why in failing(CHECKS["next"], self, NextHand(played), asked)[:1]:
            return Finding(c.rule, said(why), line=line, hand=self.t.number)
        return None
