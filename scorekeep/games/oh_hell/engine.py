"""Oh Hell's engine: one hand as a position that knows who acts, what is legal and why.

A `HandPosition` is made by `deal()` (the cards as far as the record knows them: a holding
may be known only by its count) and moves on by `apply(move)`: a `Bid`, a `CardPlay`, or the
summary `Took`. Legality comes from named filters, each carrying the rule id it judges, in
the article's decision order:

  bids   oh-hell.bid-order (whose turn) → oh-hell.bid-range (0 to the hand size) → oh-hell.hook
  cards  oh-hell.trick-total (a trick too many) → oh-hell.turn-order → oh-hell.deck (a joker) →
         oh-hell.card-not-held → oh-hell.follow-suit (holds the led suit? then any card;
         the `lead_trump` option for leads); then oh-hell.trick-winner says who won
  result oh-hell.trick-winner (agrees with the play) → oh-hell.trick-total (adds up)

`ruling(move)` answers for the first filter that excludes the move (its rule id, reason,
the legal alternatives as canonical text and the decision's steps); `apply(move)` reports
every rule the move breaks and carries on from what the record says happened, so an illegal
move can be applied. What the record leaves unknown stays part of the position: a holding
without a deal is known only by its count, a failure to follow suit is remembered (a void,
if the player was honest), and a later card of that suit proves the revoke — reported at
the trick of the revoke. `apply` leaves its position as it was (a copy of a few small dicts:
a trial reading is a cheap branch); `push` is the in-place form for a driver that keeps no
earlier position, as `check` does. `deal()` also judges the deal itself (oh-hell.deck).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...cards import DECK, SUIT_NAME, SUIT_SYMBOL, Card, show
from ...engine import Filter, Ruling, Step
from ...errors import Finding
from ...game import Play
from .model import Bid, CardPlay, Move, PlayedTrick, Took

__all__ = ["Bid", "CardPlay", "HandPosition", "Took", "bidding_order", "deal", "hook_number",
           "legal_bids", "legal_cards", "trick_winner"]


# --- the rules as plain functions ------------------------------------------------------------

def bidding_order(players: Sequence[str], dealer: str) -> list[str]:
    """Clockwise from the dealer's left; the dealer bids last (oh-hell.bid-order)."""
    d = players.index(dealer)
    return [players[(d + k) % len(players)] for k in range(1, len(players) + 1)]


def hook_number(size: int, others: int) -> int | None:
    """The one bid the hook forbids the dealer, or None when the others already exceed the hand."""
    forbidden = size - others
    return forbidden if 0 <= forbidden <= size else None


def legal_bids(size: int, others: int | None, hook: bool) -> list[int]:
    """Bids allowed to a player; `others` is the sum of the other bids when this is the hooked dealer."""
    allowed = list(range(size + 1))
    if hook and others is not None and (h := hook_number(size, others)) is not None:
        allowed.remove(h)
    return allowed


def lead_restricted(lead_trump: str, broken: bool, trick: int) -> bool:
    """Whether trump may not be led now (a player with only trumps may lead one anyway)."""
    return (lead_trump == "after-broken" and not broken) or (lead_trump == "after-first-trick" and trick == 1)


def legal_cards(hand: Iterable[Card], led: str | None, trump: str | None, restricted: bool) -> set[Card]:
    """Cards a player holding `hand` may play: follow the led suit if you can (oh-hell.follow-suit)."""
    hand = set(hand)
    if led is None:
        if trump and restricted:
            return {c for c in hand if c.suit != trump} or hand
        return hand
    return {c for c in hand if c.suit == led} or hand


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
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{numbers[i]}–{numbers[j]}")
        else:
            parts.extend(str(n) for n in numbers[i:j + 1])
        i = j + 1
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def a_n(number: int) -> str:
    """'a 9', 'an 8', 'an 11': the article a number takes when read aloud."""
    return ("an " if str(number).startswith("8") or number in (11, 18) else "a ") + str(number)


def suit_word(suit: str) -> str:
    return f"{SUIT_SYMBOL[suit]} ({SUIT_NAME[suit]})"


def _ordered(cards: Iterable[Card]) -> tuple[str, ...]:
    """Canonical text of cards, grouped by suit, aces first (for `allowed`)."""
    return tuple(str(c) for c in sorted(cards, key=lambda c: ("SHDC*".find(c.suit), -c.rank)))


# --- the hand's fixed facts --------------------------------------------------------------------

class Table:
    """What does not change during a hand: seats, options, size, dealer, trump, the deal."""

    __slots__ = ("players", "number", "size", "dealer", "trump", "turn_up", "deal", "owner", "in_order",
                 "hook", "lead_trump", "order", "left", "seat")

    def __init__(self, players: Sequence[str], options: Mapping[str, Any], number: int, size: int,
                 dealer: str, trump: str | None, turn_up: Card | None,
                 deal: Mapping[str, Sequence[Card]] | None, owner: Mapping[Card, str]) -> None:
        self.players = tuple(players)
        self.number, self.size, self.dealer, self.trump, self.turn_up = number, size, dealer, trump, turn_up
        self.deal = deal
        self.owner = owner
        self.in_order = options["bidding"] == "in-order"
        self.hook = bool(options["hook"]) and self.in_order
        self.lead_trump = options["lead_trump"]
        self.left, self.seat, orders = _seating(self.players)
        self.order = orders[dealer]


_SEATINGS: dict[tuple[str, ...], tuple[dict[str, str], dict[str, int], dict[str, tuple[str, ...]]]] = {}


def _seating(players: tuple[str, ...]) -> tuple[dict[str, str], dict[str, int], dict[str, tuple[str, ...]]]:
    """Each player's left neighbour, seat number and bidding order as dealer: the same for every
    hand of a match, so worked out once (a long record has thousands of hands)."""
    hit = _SEATINGS.get(players)
    if hit is None:
        if len(_SEATINGS) > 64:
            _SEATINGS.clear()
        n = len(players)
        hit = _SEATINGS[players] = ({p: players[(i + 1) % n] for i, p in enumerate(players)},
                                    {p: i for i, p in enumerate(players)},
                                    {p: tuple(bidding_order(players, p)) for p in players})
    return hit


def deal(players: Sequence[str], options: Mapping[str, Any], number: int, size: int, dealer: str,
         trump: str | None, turn_up: Card | None = None, cards: Mapping[str, Sequence[Card]] | None = None,
         lines: Mapping[str, int] | None = None) -> tuple[HandPosition, list[Finding]]:
    """The position at the start of a hand, and the deck faults of its deal (oh-hell.deck).

    `cards` is the deal as far as the record gives it (None: every holding is known only by
    its count, `size`); `lines` where each player's cards are written.
    """
    findings: list[Finding] = []
    owner: dict[Card, str] = {}
    for p, held in (cards or {}).items():
        line = (lines or {}).get(p)
        for c in held:
            if c.rank != 0 and c != turn_up and c not in owner:
                owner[c] = p  # the usual card: no joker, not the turned card, not dealt before (`_deck`)
                continue
            why = _deck(c, p, owner, turn_up)
            if why is not None:
                findings.append(Finding(DECK_RULE.rule, why, line=line, hand=number, player=p))
            if c.rank == 0 or (c != turn_up and c not in owner):
                owner[c] = p
    table = Table(players, options, number, size, dealer, trump, turn_up, cards, owner)
    return HandPosition(table), findings


def summary_bids(players: tuple[str, ...], options: Mapping[str, Any], size: int, dealer: str,
                 bids: Mapping[str, int], counts: Sequence[int]) -> dict[str, int] | None:
    """A hand recorded by its summary alone (no deal, no play), judged at once when it breaks
    nothing: the bids in bidding order, as `deal()` then a `push` of each written bid in bidding
    order and of `Took(counts)` would leave them with no finding. None when that is not plain
    from cheap facts: then push them, and the filters decide.

    The cheap facts: everyone bid (oh-hell.bid-order: in bidding order there is no other),
    each bid from 0 to the hand size (oh-hell.bid-range), the bids not adding up to the hand
    size under the hook (the dealer's bid would be the hooked one: oh-hell.hook), the counts
    adding up to the hand size with none below 0 (oh-hell.trick-total); with no card played
    the play contradicts no count (oh-hell.trick-winner) in a hand of at least one card.
    """
    if size < 1 or len(bids) != len(players) or sum(counts) != size or min(counts) < 0:
        return None
    out: dict[str, int] = {}
    total = 0
    for p in _seating(players)[2][dealer]:
        v = bids.get(p)
        if v is None or v < 0 or v > size:
            return None
        out[p] = v
        total += v
    if total == size and options["hook"] and options["bidding"] == "in-order":
        return None
    return out


def _deck(card: Card, player: str, owner: Mapping[Card, str] | None, turn_up: Card | None,
          dealt: bool = True) -> str | None:
    """Why `card` breaks the deck rule, or None: a joker, the turned card in a hand, a card twice.

    With `dealt` false the card is played, not dealt: only a joker outside the deal is a
    deck fault (a joker in the deal was reported with the deal)."""
    if not dealt:
        return (f"{player} played a joker, but Oh Hell is played with the 52 standard cards and no jokers"
                if card.rank == 0 else None)
    if card.rank == 0:
        return f"a joker was dealt to {player}, but Oh Hell is played with the 52 standard cards and no jokers"
    if card == turn_up:
        return f"{card.symbol} is the turned-up card, so it cannot be in {player}'s hand too"
    if owner is not None and card in owner:
        who = "twice to " + player if owner[card] == player else f"to both {owner[card]} and {player}"
        return f"{card.symbol} was dealt {who}; the deck has one of each card"
    return None


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


def _hook(pos: HandPosition, move: Bid) -> str | None:
    t = pos.t
    others = pos._hook_others(move.player)
    if others is None or move.value != hook_number(t.size, others):
        return None
    detail = " + ".join(str(pos.bids[p]) for p in t.order[:-1])
    return (f"{t.dealer} deals hand {t.number} and bids last (oh-hell.bid-order); the other bids add up to "
            f"{detail} = {others}, so bidding {move.value} would make the bids total exactly {t.size}, the "
            f"number of tricks. The hook forbids that one bid: {t.dealer} could bid "
            f"{ranges(legal_bids(t.size, others, True))}")


def _trick_total(pos: HandPosition, move: Any) -> str | None:
    t = pos.t
    if move.__class__ is CardPlay:
        if not pos.plays and pos.trick_no == t.size + 1:
            return (f"trick {pos.trick_no} is one trick too many: each player holds only {t.size} "
                    f"card{'s' if t.size != 1 else ''} in hand {t.number}")
        return None
    if isinstance(move, Took) and not pos.finished:
        total = sum(move.counts)
        if total != t.size or (move.counts and min(move.counts) < 0):
            return (f"the tricks taken add up to {total}, but {a_n(t.size)}-card hand has exactly "
                    f"{t.size} trick{'s' if t.size != 1 else ''}")
    return None


def _turn_order(pos: HandPosition, move: CardPlay) -> str | None:
    if pos.slipped:
        return None  # the rest of a trick played out of turn is the same slip
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
        return None
    return _deck(move.card, move.player, None, None, dealt=False)


def _not_held(pos: HandPosition, move: CardPlay) -> tuple[str, str] | None:
    """Which way the card cannot be the player's (`turn-up`, `again`, `not-dealt`, `other's`) and why."""
    t, p, c = pos.t, move.player, move.card
    if c.rank == 0:
        return None  # a joker is the deck rule's
    if c == t.turn_up and c not in (t.deal or {}).get(p, ()):  # else already oh-hell.deck
        return "turn-up", f"{p} played {c.symbol}, the turned-up card: it belongs to nobody's hand"
    if c in pos.played_in and not (c in pos.misplayed and t.owner.get(c) == p):
        return "again", f"{p} played {c.symbol}, which was already played in trick {pos.played_in[c]}"
    held = pos.known.get(p)
    if held is not None and c not in held:
        whose = f"; it was dealt to {t.owner[c]}" if c in t.owner and t.owner[c] != p else ""
        return "not-dealt", f"{p} played {c.symbol} but was not dealt it{whose}"
    if held is None and c in t.owner and t.owner[c] != p:
        return "other's", f"{p} played {c.symbol}, but it was dealt to {t.owner[c]}"
    return None


def _card_not_held(pos: HandPosition, move: CardPlay) -> str | None:
    c = move.card
    held = pos.known.get(move.player)
    if held is not None and c in held and c not in pos.played_in and c != pos.t.turn_up:
        return None  # the usual case: a card of a known holding, played once
    hit = _not_held(pos, move)
    return None if hit is None else hit[1]


def _follow_suit(pos: HandPosition, move: CardPlay | Play) -> str | None:
    """Judged on a known holding; without one, `HandPosition._infer` proves a revoke later.
    (`HandPosition.play` asks it with the recorded play itself, which has the same player and card.)"""
    held = pos.known.get(move.player)
    p, c = move.player, move.card
    if held is None or c.rank == 0:
        return None
    led = pos.plays[0].card.suit if pos.plays else None
    trump = pos.t.trump
    if led is None:
        if c.suit != trump or not trump or not pos._restricted() or all(x.suit == trump for x in held):
            return None
    elif c.suit == led or all(x.suit != led for x in held):
        return None
    allowed = pos._legal_for(held)
    if led is not None:
        return (f"{p} played {c.symbol} to a {suit_word(led)} lead while holding {show(allowed)}: "
                f"a player who holds the led suit must play it (any card of it, not necessarily "
                f"higher); legal plays were {show(allowed)}")
    return (f"{p} led trump ({c.symbol}) {pos._lead_when()} while holding other suits "
            f"({show(allowed)}); legal leads were {show(allowed)}")


def _trick_winner(pos: HandPosition, move: Took) -> str | None:
    wrong = pos._took_mismatches(move)
    return "; ".join(why for _p, why, _line in wrong) or None


BID_ORDER = Filter("oh-hell.bid-order", "bids go clockwise from the dealer's left", _bid_order)
BID_RANGE = Filter("oh-hell.bid-range", "a bid is 0 to the hand size", _bid_range)
HOOK = Filter("oh-hell.hook", "the dealer may not make the bids add up", _hook)
TRICK_TOTAL = Filter("oh-hell.trick-total", "a hand has as many tricks as cards", _trick_total)
TURN_ORDER = Filter("oh-hell.turn-order", "the leader leads, then clockwise", _turn_order)
DECK_RULE = Filter("oh-hell.deck", "52 cards, no jokers", _played_joker)
CARD_NOT_HELD = Filter("oh-hell.card-not-held", "only your own cards, each once", _card_not_held)
FOLLOW_SUIT = Filter("oh-hell.follow-suit", "follow the led suit if you can", _follow_suit)
TRICK_WINNER = Filter("oh-hell.trick-winner", "the highest trump, else the highest of the led suit",
                       _trick_winner)

BID_FILTERS = (BID_ORDER, BID_RANGE, HOOK)
CARD_FILTERS = (TRICK_TOTAL, TURN_ORDER, DECK_RULE, CARD_NOT_HELD, FOLLOW_SUIT)
RESULT_FILTERS = (TRICK_WINNER, TRICK_TOTAL)
FILTERS = {Bid: BID_FILTERS, CardPlay: CARD_FILTERS, Took: RESULT_FILTERS}
"""Per kind of move, its filters in the article's decision order."""

_EXCLUSIVE = {CARD_NOT_HELD: (FOLLOW_SUIT,), BID_RANGE: (HOOK,), DECK_RULE: (CARD_NOT_HELD, FOLLOW_SUIT)}
"""A rule broken makes these later questions moot (a card not held cannot fail to follow)."""
_CARD_RULES = frozenset((DECK_RULE.rule, CARD_NOT_HELD.rule, FOLLOW_SUIT.rule))


# --- the position -----------------------------------------------------------------------------------

_EMPTY: tuple[Any, ...] = ()
_new = tuple.__new__  # a named tuple made without its Python-level __new__ (once per trick)


class HandPosition:
    """One hand at one moment (see the module docstring). Never changed in place."""

    __slots__ = ("t", "bids", "bids_bad", "order_lost", "trick_no", "plays", "slipped", "leader", "broken",
                 "known", "played_in", "misplayed", "voids", "only_trump", "took", "_done", "result")

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
        self._done: tuple[Any, ...] = _EMPTY  # finished tricks, newest first, as a linked list
        self.result: tuple[int, ...] | None = None   # a recorded summary, once applied

    def _copy(self) -> HandPosition:
        """A copy that shares nothing `push` changes in place (tuples and frozensets are shared)."""
        new = HandPosition.__new__(HandPosition)
        for k in HandPosition.__slots__:
            v = getattr(self, k)
            setattr(new, k, v.copy() if type(v) is dict else v)
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
        t = self.t
        phase = self.phase
        if phase == "bid":
            return self._next_bidder() if t.in_order else None
        if phase == "over":
            return None
        return t.left[self.plays[-1].player] if self.plays else self.leader

    def _next_bidder(self) -> str | None:
        bids = self.bids
        for p in self.t.order:  # a loop, not next(genexpr): asked for every bid of a long record
            if p not in bids:
                return p
        return None

    @property
    def led(self) -> str | None:
        """The suit led to the current trick (None before its first card)."""
        return self.plays[0].card.suit if self.plays else None

    @property
    def finished(self) -> bool:
        """Every trick of the hand played (and no trick left half done)."""
        return self.trick_no - 1 >= self.t.size and not self.plays

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The tricks played so far, the current one last if it is unfinished."""
        out = []
        node = self._done
        while node:
            out.append(node[0])
            node = node[1]
        out.reverse()
        if self.plays:
            out.append(PlayedTrick(self.trick_no, self.plays, None, "unfinished"))
        return tuple(out)

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

    def seen(self) -> frozenset[Card]:
        """Cards whose place is known: played so far, and the turned card."""
        out = set(self.played_in)
        if self.t.turn_up is not None:
            out.add(self.t.turn_up)
        return frozenset(out)

    # --- legality ---------------------------------------------------------------------------

    def _restricted(self) -> bool:
        rule = self.t.lead_trump
        return rule != "anytime" and lead_restricted(rule, self.broken, self.trick_no)

    def _legal_for(self, held: Iterable[Card]) -> set[Card]:
        return legal_cards(held, self.led, self.t.trump, self._restricted())

    def _lead_when(self) -> str:
        return ("before trump was broken (house rule lead_trump: after-broken)"
                if self.t.lead_trump == "after-broken"
                else "although trump may not lead the first trick (house rule lead_trump: after-first-trick)")

    def _hook_others(self, player: str) -> int | None:
        """The sum of the other bids when `player` is the dealer bidding last under the hook."""
        t = self.t
        if not t.hook or self.bids_bad or player != t.dealer:
            return None
        bids, total = self.bids, 0
        for p in t.order[:-1]:
            if p not in bids:
                return None  # someone before the dealer has not bid yet
            total += bids[p]
        return total

    def legal_bid_values(self, player: str) -> list[int]:
        return legal_bids(self.t.size, self._hook_others(player), self.t.hook)

    def _took_mismatches(self, move: Took) -> list[tuple[str, str, int | None]]:
        """(player, why, line) for each recorded count the play contradicts (oh-hell.trick-winner)."""
        t = self.t
        out = []
        done = self.trick_no - 1
        finished = self.finished
        for i, p in enumerate(t.players):
            if i >= len(move.counts):
                break
            v = move.counts[i]
            counted = self.took[p]
            if counted == v:
                continue  # the usual case: the play agrees with the count
            line = move.lines[i] if move.lines else None
            if finished:
                won = [str(pt.number) for pt in self.tricks if pt.winner == p]
                out.append((p, f"`tricks` says {p} took {v}, but the play gives {p} {counted} "
                               f"(trick{'s' if len(won) != 1 else ''} {', '.join(won) or 'none'})", line))
            elif done and counted > v:
                out.append((p, f"`tricks` says {p} took {v}, but the tricks played so far already give "
                               f"{p} {counted}", line))
        return out

    def _candidates(self) -> list[Move]:
        t, phase = self.t, self.phase
        if phase == "bid":
            bidders = [self.to_act] if t.in_order else [p for p in t.order if p not in self.bids]
            return [Bid(p, b) for p in bidders if p is not None for b in range(t.size + 1)]
        if phase == "play":
            p = self.to_act
            assert p is not None
            held = self.known.get(p)
            if held is None:  # known only by its count: any card whose place is not known
                seen = self.seen()
                held = frozenset(c for c in DECK if c not in seen and t.owner.get(c, p) == p)
            return [CardPlay(p, c) for c in sorted(held, key=lambda c: ("SHDC".find(c.suit), -c.rank))]
        return []

    def legal_moves(self) -> list[Move]:
        """The legal moves here: bids, or cards to the trick (a summary `Took` is ruled on, not offered)."""
        return [m for m in self._candidates() if self._excluding(m) is None]

    def is_legal(self, move: Move) -> bool:
        return self._excluding(move) is None

    def _excluding(self, move: Move) -> tuple[Filter, str] | None:
        for f in FILTERS[type(move)]:
            why = f.test(self, move)
            if why is not None:
                return f, why
        return None

    def _allowed(self, rule: Filter, move: Move) -> tuple[str, ...] | None:
        """The legal choices at this point for a rule that is a legal set."""
        if isinstance(move, Bid) and rule in (BID_RANGE, HOOK):
            return tuple(str(b) for b in self.legal_bid_values(move.player))
        if isinstance(move, CardPlay) and rule in (FOLLOW_SUIT, CARD_NOT_HELD):
            held = self.known.get(move.player)
            if held is not None:
                return _ordered(self._legal_for(held))
        return None

    @staticmethod
    def _see(rule: Filter, why: str) -> tuple[str, ...]:
        if rule is TURN_ORDER and TRICK_WINNER.rule in why:
            return (TRICK_WINNER.rule,)
        return ()

    def ruling(self, move: Move) -> Ruling:
        """Why `move` is or is not legal here: the first filter that excludes it, in decision order."""
        hit = self._excluding(move)
        steps = tuple(self._steps(move))
        if hit is None:
            rule = {Bid: HOOK if self._hook_others(getattr(move, "player", "")) is not None else BID_RANGE,
                    CardPlay: FOLLOW_SUIT, Took: TRICK_WINNER}[type(move)]
            return Ruling(str(move), True, rule.rule, steps[-1].answer if steps else "legal", steps=steps)
        f, why = hit
        return Ruling(str(move), False, f.rule, why, self._allowed(f, move), self._see(f, why), steps)

    def _steps(self, move: Move) -> Iterable[Step]:
        """The decision in the article's order, as questions and answers."""
        t = self.t
        if isinstance(move, Bid):
            p = move.player
            if t.in_order:
                nxt = self.to_act
                yield Step(f"is it {p}'s turn to bid?", "yes" if nxt in (None, p) or self.order_lost
                           else f"no: {nxt} bids first", BID_ORDER.rule)
            yield Step(f"is {move.value} from 0 to {t.size}?",
                       "yes" if 0 <= move.value <= t.size else "no", BID_RANGE.rule)
            others = self._hook_others(p)
            if others is not None:
                h = hook_number(t.size, others)
                yield Step(f"the other bids add up to {others}: which bid would make {t.size}?",
                           "none: the others already bid more than the hand" if h is None
                           else f"{h}, so {p} may bid {ranges(legal_bids(t.size, others, True))}", HOOK.rule)
            return
        if isinstance(move, Took):
            yield Step("do the counts agree with the tricks played?",
                       _trick_winner(self, move) or "yes", TRICK_WINNER.rule)
            yield Step(f"do they add up to {t.size}?", "yes" if sum(move.counts) == t.size else "no",
                       TRICK_TOTAL.rule)
            return
        p, c = move.player, move.card
        yield Step(f"is it {p}'s turn?", "yes" if _turn_order(self, move) is None
                   else f"no: {self.to_act}'s", TURN_ORDER.rule)
        held = self.known.get(p)
        nh = _card_not_held(self, move) or _played_joker(self, move)
        yield Step(f"may {p} hold {c.symbol}?", "yes" if nh is None else f"no: {nh}", CARD_NOT_HELD.rule)
        led = self.led
        if led is None:
            if t.trump and self._restricted():
                if held is None:
                    ans = "not known (no deal): only a player holding nothing but trump may lead it"
                else:
                    others = [x for x in held if x.suit != t.trump]
                    ans = f"yes: {show(others)}, so no trump lead" if others else "no: trump may be led"
                yield Step(f"trump may not be led yet: does {p} hold another suit?", ans, FOLLOW_SUIT.rule)
            else:
                yield Step(f"{p} leads: any card may be led", "yes", FOLLOW_SUIT.rule)
        else:
            if held is None:
                ans = ("not known (no deal): a later card of that suit would prove a revoke"
                       if c.suit != led else "yes: follows suit")
            else:
                suit = [x for x in held if x.suit == led]
                ans = (f"yes: {show(suit)}, so {p} must play one of them (not necessarily higher)" if suit
                       else "no: any card, trumping is never compulsory")
            yield Step(f"does {p} hold the led suit {SUIT_SYMBOL.get(led, led)}?", ans, FOLLOW_SUIT.rule)
        if len(self.plays) == len(t.players) - 1:
            best, why = trick_winner((*self.plays, Play(p, c, 0)), t.trump)
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
        if type(move) is CardPlay:
            return self.play(Play(move.player, move.card, move.line or 0), move)
        if type(move) is Bid:
            return self._bid(move)
        return self._result(move)

    def _broken(self, move: Move, **where: Any) -> list[Finding]:
        filters = FILTERS[type(move)]
        for i, f in enumerate(filters):
            why = f.test(self, move)
            if why is not None:
                break
        else:
            return []  # the usual case: a legal move
        out: list[Finding] = []
        moot: tuple[Filter, ...] = ()
        for f in filters[i:]:
            if f in moot:
                continue
            if why is None:
                why = f.test(self, move)
            if why is not None:
                out.append(Finding(f.rule, why, allowed=self._allowed(f, move), see=self._see(f, why), **where))
                moot += _EXCLUSIVE.get(f, ())
            why = None
        return out

    def _bid(self, move: Bid) -> list[Finding]:
        t, p, bids = self.t, move.player, self.bids
        # The usual bid, proved legal by cheap facts, so the filters need not be asked: the
        # player's first bid, in turn or with no order to keep (oh-hell.bid-order), from 0 to the
        # hand size (oh-hell.bid-range), and not the hooked dealer's — else the hook's own filter
        # is asked (oh-hell.hook). Anything else goes to all the filters, which decide.
        if (p not in bids and 0 <= move.value <= t.size
                and (not t.in_order or self.order_lost or p == self._next_bidder())
                and (not t.hook or p != t.dealer or _hook(self, move) is None)):
            bids[p] = move.value
            return []
        found = self._broken(move, line=move.line, hand=t.number, player=move.player)
        if t.in_order and not self.order_lost and move.player != self._next_bidder():
            self.order_lost = True
        self.bids[move.player] = move.value
        self.bids_bad = self.bids_bad or not 0 <= move.value <= t.size
        return found

    def play(self, pl: Play, move: CardPlay | None = None) -> list[Finding]:
        """`push(CardPlay(pl.player, pl.card, pl.line))` for a card as the record holds it (the
        driver's form: the usual legal card makes no new values but the trick)."""
        p, c = pl.player, pl.card
        t, plays = self.t, self.plays
        held = self.known.get(p)
        # The usual case, proved legal by cheap facts, so the filters before oh-hell.follow-suit
        # need not be asked: not a trick too many (oh-hell.trick-total), the player in turn or
        # the trick already slipped (oh-hell.turn-order), no joker (oh-hell.deck), a card not
        # yet played and not the turned card, of the player's known holding or, unknown, dealt
        # to nobody else (oh-hell.card-not-held). oh-hell.follow-suit passes a card of the led
        # suit, a lead with no trump restriction in force, and any card of a holding known only
        # by its count (judged by inference); else its filter is asked. Anything else, or a
        # card that filter excludes, goes to all the filters (`_play`), which decide.
        if ((plays or self.trick_no != t.size + 1)
                and (self.slipped or p == (t.left[plays[-1].player] if plays else self.leader))
                and c.rank != 0 and c not in self.played_in and c != t.turn_up):
            if held is not None:
                if c in held and (((c.suit == plays[0].card.suit) if plays else
                                   (not t.trump or c.suit != t.trump or not self._restricted()))
                                  or _follow_suit(self, pl) is None):
                    held.discard(c)
                    self.played_in[c] = self.trick_no
                    return self._add(pl, [])
            elif t.owner.get(c, p) == p:
                self.played_in[c] = trick_no = self.trick_no
                found: list[Finding] = []
                self._infer(pl, plays[0].card.suit if plays else None, self._restricted(), found, t.number,
                            trick_no)
                return self._add(pl, found)
        return self._play(move if move is not None else CardPlay(p, c, pl.line), pl)

    def _play(self, move: CardPlay, pl: Play) -> list[Finding]:
        t, p, c = self.t, move.player, move.card
        trick_no = self.trick_no
        found = self._broken(move, line=move.line, hand=t.number, trick=trick_no, player=p)
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
            if kind[0] != "other's":  # the record lost track of this hand: judge it by inference now
                self.known.pop(p, None)
            if kind[0] in ("not-dealt", "other's"):
                self.misplayed = self.misplayed | {c}
        elif held is not None:
            held.discard(c)
        if c not in self.played_in:
            self.played_in[c] = trick_no
        if c.rank != 0 and p not in self.known and not card_fault:
            self._infer(pl, self.plays[0].card.suit if self.plays else None, self._restricted(), found,
                        t.number, trick_no)
        return self._add(pl, found)

    def _add(self, pl: Play, found: list[Finding]) -> list[Finding]:
        """The card joins the trick; a full trick is won (oh-hell.trick-winner) and the next begins."""
        t = self.t
        self.plays = plays = (*self.plays, pl)
        if len(plays) == len(t.players):
            best, why = trick_winner(plays, t.trump)
            self.took[best.player] += 1
            self.leader = best.player
            if not self.broken and t.trump is not None:
                for x in plays:  # a loop, not any(genexpr): once per trick of a long record
                    if x.card.suit == t.trump:
                        self.broken = True
                        break
            self._done = (_new(PlayedTrick, (self.trick_no, plays, best.player, why)), self._done)
            self.trick_no += 1
            self.plays = ()
            self.slipped = False
        return found

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
        t = self.t
        found = [Finding(TRICK_WINNER.rule, why, line=line, hand=t.number, player=p)
                 for p, why, line in self._took_mismatches(move)]
        why = _trick_total(self, move)
        if why is not None:
            found.append(Finding(TRICK_TOTAL.rule, why, line=move.line, hand=t.number))
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

    def unfinished(self, line: int | None, played: bool) -> Finding | None:
        """What it means that another hand follows this one now: its play (`played`: the record
        has one) stopped early (oh-hell.trick-total), or it has no result at all
        (oh-hell.unfinished-hand)."""
        if self.taken() is not None:
            return None
        n = self.t.number
        if played:
            done = self.trick_no - 1
            return Finding(TRICK_TOTAL.rule,
                           f"the play of hand {n} stops after {done} of its {self.t.size} tricks and hand {n + 1} "
                           f"follows: every trick of a hand is played (give `tricks` if the rest was not "
                           "written down)", line=line, hand=n)
        return Finding("oh-hell.unfinished-hand",
                       f"hand {n} has no result (no `tricks` and no `play`) but hand {n + 1} follows: only the "
                       "last hand of a record may be unfinished, so write how many tricks each player took",
                       line=line, hand=n)
