"""Rook's engine: every rule as a named check (`CHECKS`, by phase, in the articles' decision order)
and the hand position they judge: phases `call`, `discard`, `trump`, `play` (9 tricks), `result`,
`over`. A rule is judged here and nowhere else; `rules.py` drives this engine over a record.

What the record leaves unknown is part of the position: a holding known only by its count, the
colors a player failed to follow (taken as voids, the legal reading), and failures to follow waiting
for a later play to prove them revokes (`pending`). `push` changes the position in place (for
`check`); `apply` returns a changed copy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import Any, NamedTuple

from ...engine import SLIPPED, Ruling, Step
from ...errors import Finding, worded
from ...game import Play, and_list, plural
from .cards import BIRD, COLOR_NAME, DECK_SET, Card, show, sort_key
from .model import (CallMove, CardMove, DealMove, DiscardMove, HandResult, NextHand, NextTrick, OutcomeMove,
                    PlayedTrick, ResultMove, SeatingMove, TrumpMove, Written)
from .record import NO_TRUMP, Teams
from .score import made, mistaken_scores

HAND_CARDS = 9
TRICKS = 9
TRUMP_COLORS = ("R", "Y", "B", "G")


# --- seats and legal sets ----------------------------------------------------------------

def seating(players: Sequence[str], period: int) -> tuple[str, ...]:
    """The clockwise order in seating period `period` (rook.seat-change): reversed in odd periods."""
    if period % 2 == 0:
        return tuple(players)
    return (players[0], *reversed(players[1:]))


def left_of(player: str, order: Sequence[str]) -> str:
    return order[(order.index(player) + 1) % len(order)]


def from_left(dealer: str, order: Sequence[str]) -> list[str]:
    """Clockwise from the dealer's left, the dealer last (bidding and the first lead)."""
    d = order.index(dealer)
    return [order[(d + k) % len(order)] for k in range(1, len(order) + 1)]


def is_trump(card: Card, trump: str | None) -> bool:
    return card.is_bird or (trump is not None and card.color == trump)


def trick_winner(plays: Sequence[Play], trump: str | None) -> Play:
    """The winning play (rook.trick-winner): the Bird, else the highest trump, else the highest card
    of the led color (the first of equals)."""
    cards = [p.card for p in plays]
    if BIRD in cards:
        return plays[cards.index(BIRD)]
    want = trump if _holds(cards, trump) else cards[0].color
    win, best = 0, -1
    for k, c in enumerate(cards):  # the first of equals: only a higher card takes over
        if c.color == want and c.number > best:
            win, best = k, c.number
    return plays[win]


def _holds(cards: Iterable[Card], color: str | None) -> bool:
    """Whether `cards` has one of `color` (the Bird has no color). A loop: asked of most cards played."""
    for c in cards:
        if c[0] == color:
            return True
    return False


def color_word(color: str | None) -> str:
    return COLOR_NAME.get(color or "", "no color")


def canonical(cards: Iterable[Card]) -> tuple[str, ...]:
    """Cards as `allowed` text, in `show`'s order."""
    return tuple(str(c) for c in sorted(cards, key=sort_key))


class Table(NamedTuple):
    """What stays the same for a whole match: seats, teams, house rules and the deck."""

    players: tuple[str, ...]
    teams: Teams
    opts: Mapping[str, Any]
    deck: frozenset[Card]
    total: int
    """Counters in the deck (120; 100 without the Bird)."""
    nest_size: int

    @classmethod
    def of(cls, players: tuple[str, ...], teams: Teams, opts: Mapping[str, Any]) -> Table:
        deck = DECK_SET if opts["bird"] != "off" else DECK_SET - {BIRD}
        return cls(players, teams, opts, deck, sum(c.points for c in deck), len(deck) - 4 * HAND_CARDS)

    @property
    def has_bird(self) -> bool:
        """Whether the deck has the Bird (not under house rule `bird: off`)."""
        return BIRD in self.deck

    @property
    def counters(self) -> str:
        """The counters of this deck in words (rook.points-total), from what it holds under the house
        rules: "5s worth 5, 10s and 14s worth 10, the Bird 20"; without the Bird (`bird: off`) "no Bird"."""
        worth: dict[int, set[int]] = {}
        for c in self.deck:
            if c.points and not c.is_bird:
                worth.setdefault(c.points, set()).add(c.number)
        said = [f"{' and '.join(f'{n}s' for n in sorted(ns))} worth {w}" for w, ns in sorted(worth.items())]
        said.append(f"the Bird {BIRD.points}" if self.has_bird else "no Bird (the house rules leave it out)")
        return ", ".join(said)

    @property
    def bird(self) -> str:
        """The Bird in trump's words: the highest trump, or none in a deck without it (`bird: off`)."""
        return "the Bird is the highest trump" if self.has_bird else "no Bird: the house rules leave it out"

    def not_in_deck(self, c: Card) -> str:
        if c.is_bird:
            return "the Bird is left out (house rule `bird: off`)"
        return f"each color runs from 5 to 14 (the 1–4 are taken out of the {len(self.deck)}-card deck)"


class Pending(NamedTuple):
    """A failure to follow by a player whose hand is unknown, waiting for a later play to prove it."""

    color: str | None
    """The color the player should have played (trump for a trump or Bird lead)."""
    trick: int
    play: Play
    kind: str
    """'follow' (a color led), 'trump' (trump led) or 'bird' (the Bird led)."""
    bird: int = 0
    """For 'trump': the trick in which the player later showed the Bird (0: not yet)."""


def _f(rule: str, message: Why, **where: Any) -> Finding:
    return Finding(rule, message, **where)  # type: ignore[arg-type]


Why = str | Callable[[], str]
"""A check's reason a move fails: its words, or a function giving them, made only for a finding the
collector keeps (`errors.Findings`). A function closes over the facts as they were (positions change
in place)."""


def said(why: Why) -> str:
    """The words of a reason."""
    return why() if callable(why) else why


# --- checks: each a named test with its rule id, returning the reason a move is excluded ------

class Check(NamedTuple):
    """A rule's check: `test(position, move)` is None when the move passes, else the reason it is
    excluded. `moots`: the later checks a failure of this one makes moot (one mistake, one finding).
    A check that `permits` is a permission: when its test gives a reason, the move is legal.
    `ask`: the question a table asks of it (`why`'s step; `{name}` and the words of the place asked
    filled in; empty: its name); `legal`: why a hand's result it decides last is legal."""

    rule: str
    name: str
    test: Callable[[Any, Any], Why | None]
    moots: tuple[str, ...] = ()
    permits: bool = False
    ask: str = ""
    legal: str = ""


def _bid_end(pos: HandPosition, m: CallMove) -> Why | None:
    """rook.bid-end: no call after the auction is decided."""
    if not pos.ended:
        return None
    who, high = pos.caller(m), pos.high
    if pos.all_pass:
        why = "all four players had passed"
    else:
        assert high is not None
        why = f"{high[0]} had bid {high[1]} and the other three had passed, so {high[0]} won it"
    return f"{who} called {m} after the auction was over: {why}"


def _bid_after_pass(pos: HandPosition, m: CallMove) -> Why | None:
    """rook.bid-after-pass: a player who has passed bids again."""
    if m.amount is None or m.player is None or m.player not in pos.passed or pos.ended:
        return None
    expected = pos.to_act
    if m.player == expected:
        return None
    return lambda: (f"{m.player} bid {m.amount} after passing earlier in this auction: a player who has passed "
                    f"is out of the bidding for the hand (it was {expected}'s turn)")


def _bid_order(pos: HandPosition, m: CallMove) -> Why | None:
    """rook.bid-order: clockwise from the dealer's left, passed players skipped."""
    if m.player is None or pos.ended:
        return None
    expected = pos.to_act
    if m.player == expected:
        return None
    seat, bidders = pos.seat, pos.bidders
    # whose turn it was first: a refusal at the table is cut to two lines
    return lambda: (f"{m.player} called {m} out of turn: it was {expected}'s turn (bidding goes clockwise from the "
                    f"dealer's ({seat}) left: {', '.join(bidders)}, skipping players who have passed)")


def _bid_maximum(pos: HandPosition, m: CallMove) -> Why | None:
    """rook.bid-maximum: no bid over the house maximum."""
    hi = pos.table.opts["max_bid"]
    if m.amount is None or m.amount <= hi or pos.ended:
        return None
    who, everything = pos.caller(m), hi == pos.table.total
    return lambda: (f"{who} bid {m.amount}, but no bid may be over {hi}"
                    + (", all the points in the deck" if everything else ""))


def _bid_minimum(pos: HandPosition, m: CallMove) -> Why | None:
    """rook.bid-minimum: the opening bid is at least the house minimum."""
    lo = pos.table.opts["min_bid"]
    if m.amount is None or m.amount >= lo or pos.legal_high is not None or pos.ended:
        return None
    who = pos.caller(m)
    return lambda: f"{who} opened the bidding at {m.amount}, but the opening bid is at least {lo}"


def _bid_step(pos: HandPosition, m: CallMove) -> Why | None:
    """rook.bid-step: multiples of the step, each at least a step over the highest legal bid."""
    if m.amount is None or pos.ended:
        return None
    opts = pos.table.opts
    step = opts["bid_step"]
    high = pos.legal_high
    if m.amount % step == 0 and (high is None or m.amount >= high[1] + step):
        return None
    who, hi, least = pos.caller(m), opts["max_bid"], pos.least_bid()

    def words() -> str:
        after = "" if high is None else f" after {high[0]}'s {high[1]}"
        return (f"{who} bid {m.amount}, but bids go up in steps of {step}: multiples of {step}, each at "
                f"least {step} more than the highest bid so far, so{after} the lowest bid was {least}"
                + (f" (then {least + step}, … up to {hi})" if least + step <= hi else ""))
    return words


def all_pass_words(forced: tuple[str, int] | None) -> str:
    """What a hand all four passed comes to (rook.all-pass), naming the house rule that decides it."""
    if forced is None:
        return "the hand is thrown in and scores nothing (house default `all_pass: redeal`)"
    return f"the dealer {forced[0]} takes the hand at {forced[1]} (house rule `all_pass: dealer-forced`)"


def _all_pass(pos: HandPosition, m: OutcomeMove) -> Why | None:
    """rook.all-pass: a hand all four passed is thrown in, not played on (house default `all_pass:
    redeal`), or the dealer takes it at the minimum bid (`dealer-forced`), and a `bid` written says so."""
    if not pos.all_pass:
        return None
    forced, n = pos.all_pass_winner(), pos.number
    if forced is None:
        return None if not m.played else (
            f"all four players passed in hand {n}, so {all_pass_words(None)}, but the record goes on to play or "
            "score it")
    if m.bid is None or m.bid == forced:
        return None
    return f"all four players passed, so {all_pass_words(forced)}, but `bid` says {m.bid[0]} {m.bid[1]}"


def _bid_written(pos: HandPosition, m: OutcomeMove) -> Why | None:
    """rook.bid-end: a `bid` written for an auction names the winner its calls give: the standing bid
    of a finished auction, else a bid the calls written can still lead to (the calls after them left
    out); otherwise the written calls decide, the missing ones read as passes."""
    if m.bid is None or pos.all_pass or m.bid == pos.high or (not pos.ended and pos.can_still_win(*m.bid)):
        return None
    (player, amount), high = m.bid, pos.high
    if pos.ended:
        assert high is not None
        return (f"`bid` says {player} won at {amount}, but the auction ended with {high[0]}'s bid of {high[1]} "
                f"standing and the other three passed, so {high[0]} won at {high[1]}")
    why = (f"{player} passed in the bidding and is out of it" if player in pos.passed
           else f"{amount} is not over the standing bid ({high[0]}'s {high[1]})" if high else "")
    if high is None:
        return f"`bid` says {player} won at {amount}, but {why}"
    return (f"`bid` says {player} won at {amount}, but {why}: the calls written leave {high[0]}'s bid of "
            f"{high[1]} standing, and the calls not written are read as passes, so {high[0]} won at {high[1]}")


def _unfinished(h: HandResult, m: NextHand) -> Why | None:
    """rook.unfinished-hand: only the last hand of a record may be unfinished (a hand without its
    result is followed by no other)."""
    if h.complete:
        return None
    if h.bidder is None:
        what = "its auction is not finished"
    elif h.tricks:
        k = len(h.tricks)
        what = f"only {k} of the {TRICKS} tricks {'is' if k == 1 else 'are'} recorded and no `points`"
    else:
        what = "it has neither its tricks nor its `points`"
    return (f"hand {h.number} has no result — {what} — but {m} follows: only the last hand of a record may be "
            f"unfinished; write the rest of hand {h.number} (all {TRICKS} tricks, or the points each team "
            "captured)")


def _nine_tricks(pos: HandPosition, m: NextTrick) -> Why | None:
    """rook.deal: each player is dealt nine cards, so a hand has nine tricks (no trick after the ninth)."""
    if m.number <= TRICKS:
        return None
    return (f"{m} is one trick too many: each player is dealt {HAND_CARDS} cards, so a hand has {TRICKS} "
            "tricks")


BID_AMOUNTS = ("rook.bid-maximum", "rook.bid-minimum", "rook.bid-step")
"""What a bid may be (a legal set: a finding of one carries the legal calls)."""



def _discard_problems(pos: HandPosition, m: DiscardMove) -> Why | None:
    """rook.nest-exchange: every problem with one discard, as one reason (one mistake, one report)."""
    discard = m.cards
    if discard is None or m.player != pos.bidder:
        return None
    size = pos.table.nest_size
    pool = pos.pool
    problems: list[str] = []
    twice = [c for i, c in enumerate(discard) if c in discard[:i]]
    if len(discard) != size and len(set(discard)) != size:
        problems.append(f"{m.player} put back {len(discard)} cards ({show(discard)}), but the bid winner puts "
                        f"back exactly {size} as the new nest")
    if twice:
        problems.append(f"{m.player} put {show(set(twice))} back twice ({show(discard)}): the {size} cards put "
                        "back are different cards from the hand")
    held = f" (the 9 dealt and the {size} of the nest)"
    for c in dict.fromkeys(discard):  # each card once, in the order put back
        if pool is not None and c not in pool:
            whose = pos.owner.get(c)
            more = f"; it was dealt to {whose}" if whose else ""
            problems.append(f"{m.player} put back {c}, which was not among the {len(pool)} cards {m.player} "
                            f"held{held}{more}; the discard comes from those cards ({show(pool)})")
        elif pool is None and pos.owner.get(c) not in (None, "", m.player):
            problems.append(f"{m.player} put back {c}, but {c} was dealt to {pos.owner[c]}: the discard comes "
                            "from the bid winner's own cards and the nest")
    return "; and ".join(problems) or None


def _trump_named(pos: HandPosition, m: TrumpMove) -> Why | None:
    """rook.trump: the bid winner names a color (Rook has no no-trump hands)."""
    if m.color != NO_TRUMP:
        return None
    bidder = pos.bidder
    return (f"the record has no trump in hand {pos.number}, but Rook has no no-trump hands: after the exchange "
            f"the bid winner{' ' + bidder if bidder else ''} names red, yellow, black or green as trump (the Bird "
            "is then the highest trump)")


def _turn_order(pos: HandPosition, m: CardMove) -> Why | None:
    """rook.turn-order: the leader, then clockwise (the rest of a trick played out of turn is the same slip)."""
    if pos.disordered or pos.phase != "play":
        return None
    return _out_of_turn(pos, m)


def _out_of_turn(pos: HandPosition, m: CardMove) -> Why | None:
    """Why `m` is out of turn: the leader leads, then each seat clockwise from the leader's."""
    k = len(pos.plays)
    expected = pos.order[(pos.lead_at + k) % 4]  # (k = 0: the leader)
    if m.player == expected:
        return None
    t = pos.trick_no
    if k == 0:
        seat = pos.seat
        return lambda: f"{m.player} led trick {t}, but " + (
            f"{expected} sits on the dealer's ({seat}) left and leads the first trick" if t == 1
            else f"{expected} won trick {t - 1} and leads the next (rook.trick-winner)")
    order, before = pos.order, pos.plays[k - 1].player
    return lambda: (f"{m.player} played out of turn in trick {t}: play goes clockwise ({', '.join(order)}), so "
                    f"after {before} it was {expected}'s turn")


def _deck(pos: HandPosition, m: CardMove) -> Why | None:
    """rook.deck: a card of this game's deck, and not one already played or put back in the nest (the
    card as written: `m.card` is the one the rest of the hand shows it was)."""
    p, c = m.player, m.card
    w = m.written or c
    stood = _read_as(w, m)
    if w not in pos.table.deck:
        if pos.owner.get(w) == p:
            return None  # reported where the deal gave it to this player
        note = pos.table.not_in_deck
        return lambda: f"{p} played {w}, which is not a card of this game: " + note(w) + stood
    if p in pos.held:
        return None  # a known hand: a card not in it is rook.card-not-held
    if w in pos.played_in:
        t = pos.played_in[w]
        return lambda: f"{p} played {w}, which was already played in trick {t}: the deck has one of each card" + stood
    if w in pos.buried:
        bidder = pos.bidder
        return lambda: f"{p} played {w}, which {bidder} put back in the nest: the deck has one of each card" + stood
    return None


def _card_not_held(pos: HandPosition, m: CardMove) -> Why | None:
    """rook.card-not-held: a card the player holds (as far as the record tells): a card of the deck as
    written (one written outside the deck: the card the rest of the hand shows it was)."""
    p, c = m.player, m.card
    if m.written in pos.table.deck:
        c = m.written
    if c not in pos.table.deck:
        return None
    held = pos.held.get(p)
    if held is not None:
        if c in held:
            return None
        # (a card played again is read as the one card the rest of the hand leaves: rook.deck)
        return _not_held_words(p, c, pos.whereabouts(c, p), _read_as(c, m))
    if c in pos.played_in or c in pos.buried:
        return None  # rook.deck
    who = pos.owner.get(c)
    if who not in (None, p) and not (who == "" and p == pos.bidder):
        return _not_held_words(p, c, pos.whereabouts(c, p))
    if pos.pool is not None and p == pos.bidder and c not in pos.pool:
        return lambda: f"{p} played {c}, which was neither dealt to {p} nor in the nest {p} took"
    return None


def _not_held_words(p: str, c: Card, where: Why, stood: str = "") -> Why:
    return lambda: f"{p} played {c} but did not hold it: " + said(where) + stood


def _read_as(named: Card, m: CardMove) -> str:
    """`; the rest of the hand shows it was G14`: the card the one written (`named`) is read as, where that
    is another (rook.deck: a card outside the deck, or played again, that the rest of the hand identifies)."""
    return f"; the rest of the hand shows it was {m.card}" if m.card != named else ""


def _led(pos: HandPosition) -> Card | None:
    return pos.plays[0].card if pos.plays else None


_FOLLOWING = ("rook.card-not-held", "rook.bird-anytime", "rook.bird-led", "rook.bird-must-follow-trump",
              "rook.follow-color")
"""The checks of a card a player's holding decides, in order (a legal set: a finding carries the legal cards)."""

_NOT_HELD = ("rook.deck", "rook.card-not-held")
"""The checks of a card no player could hold, or this one did not: such a card tells nothing of the hand."""

LEGAL_SETS = frozenset((*BID_AMOUNTS, "rook.trump", *_FOLLOWING))
"""The rules whose findings carry the legal choices (`HandPosition.allowed`)."""


def _bird_anytime(pos: HandPosition, m: CardMove) -> Why | None:
    """rook.bird-anytime, a permission: the Bird may be played to a plain-color lead even by a player
    holding that color. Its reason says so; None when it does not apply."""
    plays = pos.plays
    if m.card[0] != "" or not plays:
        return None
    led = plays[0].card
    if is_trump(led, pos.trump):
        return None
    held = pos.held.get(m.player)
    if held is not None and not _holds(held, led.color):
        return None  # void in the led color: any card may be played
    return f"legal: the Bird may be played while holding the led color ({color_word(led.color)}), rook.bird-anytime"


def _bird_led(pos: HandPosition, m: CardMove) -> Why | None:
    """rook.bird-led: a led Bird calls for trump; a player holding trump plays it."""
    plays, trump = pos.plays, pos.trump
    if not plays or plays[0].card[0] != "" or m.card[0] == trump or trump is None:
        return None
    held = pos.held.get(m.player)
    if held is None or not _holds(held, trump):
        return None
    trumps = [c for c in held if c.color == trump]
    return lambda: (f"{m.player} played {m.card} when the Bird was led; a led Bird calls for trump "
                    f"({color_word(trump)}), and {m.player} held trump ({show(trumps)}), so {m.player} had to "
                    "play one of those")


def _bird_only_trump(pos: HandPosition, p: str) -> bool:
    """Trump is led and `p` is known to hold the Bird and no other trump (rook.bird-must-follow-trump binds)."""
    plays, trump = pos.plays, pos.trump
    if not plays or plays[0].card[0] != trump:
        return False
    held = pos.held.get(p)
    return held is not None and BIRD in held and not _holds(held, trump)


def _bird_must_follow(pos: HandPosition, m: CardMove) -> Why | None:
    """rook.bird-must-follow-trump: to a trump lead, a player whose only trump is the Bird plays it."""
    if m.card[0] == "" or m.card[0] == pos.trump or not _bird_only_trump(pos, m.player):
        return None
    led = pos.plays[0].card
    return lambda: (f"{m.player} played {m.card} to a trump lead ({led}) while holding the Bird and no other "
                    f"trump: the Bird is the highest trump, so it must be played to a trump lead; {m.player} may "
                    "not discard to hide it")


def _follow_color(pos: HandPosition, m: CardMove) -> Why | None:
    """rook.follow-color: a player holding the led color plays it (to a trump lead the Bird is a trump)."""
    plays, c = pos.plays, m.card
    if not plays:
        return None
    led = plays[0].card
    lc, trump = led[0], pos.trump
    if c[0] == lc or lc == "" or (c[0] == "" and lc == trump):
        return None
    held = pos.held.get(m.player)
    if held is None or not _holds(held, lc):
        return None
    return _revoke_words(m.player, c, led, trump, tuple(held), pos.table.has_bird)


def _revoke_words(p: str, c: Card, led: Card, trump: str | None, held: tuple[Card, ...], bird_in: bool) -> Why:
    """`bird_in`: the deck has the Bird (not `bird: off`), the one card that may be played instead."""
    def words() -> str:
        if led.color == trump:
            allowed = [x for x in held if is_trump(x, trump)]
            return (f"{p} played {c} to a trump ({color_word(trump)}) lead while holding trump ({show(allowed)}): "
                    f"a player who holds the led color must play it; legal plays were {show(allowed)}")
        color = color_word(led.color)
        follow = [x for x in held if x.color == led.color]  # (`show` puts them high to low)
        bird = " or the Bird" if BIRD in held else ""
        only = "only the Bird may be played instead" if bird_in else ""  # (no Bird under `bird: off`)
        if c.color == trump:
            instead = f"; an ordinary trump ({c}) is no substitute for following" + (f" — {only}" if only else "")
        else:
            instead = f"; {only}" if only else ""
        return (f"{p} played {c} to a {color} lead ({led}) while holding {color} ({show(follow)}): a player who "
                f"holds the led color must play it{instead}; legal plays were {show(follow)}{bird}")
    return words


def summary_finding(table: Table, values: Mapping[str, int], lines: Mapping[str, int], line: int | None,
                    hand: int) -> Finding | None:
    """rook.points-total for a summary result, or None when the points can be right. `values` has both
    teams (one the record leaves out is given the rest); `lines` are the lines of the teams the record
    wrote, `line` that of the whole `points` entry (for a wrong sum)."""
    labels = table.teams.labels  # the teams' order, not the record's: `check` and `why` name the same team
    bad = [t for t in labels if t in lines and (values[t] < 0 or values[t] > table.total or values[t] % 5)]
    if bad:
        return _f("rook.points-total",
                  # (the rule first: a refusal at the table is cut to two lines)
                  f"{bad[0]} captured {values[bad[0]]}, but each team's points are a multiple of 5 from 0 to "
                  f"{table.total}: captured points are counters — {table.counters}",
                  line=lines[bad[0]], hand=hand)
    if sum(values.values()) != table.total:
        written = " + ".join(f"{t} {values[t]}" for t in labels)
        return _f("rook.points-total",
                  f"the captured points add up to {written} = {sum(values.values())}, but the counters in the deck "
                  f"(nest included) add up to {table.total}: every counter is captured by one team",
                  line=line, hand=hand)
    return None


def _points_total(pos: HandPosition, m: ResultMove) -> str | None:
    """rook.points-total for a result written without the tricks that give it (a summary)."""
    if _counted(pos) is not None:
        return None  # the tricks give the points: the written ones are judged against them
    labels = pos.table.teams.labels
    given = {t: v for t, v in zip(labels, m.points) if v is not None}
    values = dict(given)
    for t in labels:
        if t not in values:
            values[t] = pos.table.total - sum(given.values())
    found = summary_finding(pos.table, values, {t: 0 for t in given}, None, pos.number)
    return None if found is None else found.message


# --- what the record writes of the numbers: points, scores, totals --------------------------

def off_the_sheet(written: Written, right: Mapping[str, int], also: Mapping[str, int] | None = None) -> list[Any]:
    """The values written that are not the right ones, nor `also` (what the sheet's own numbers written
    before give: a sheet that carries on from its own slip repeats one mistake, reported once)."""
    return [tv for tv in written.values if tv.value != right[tv.team] and (also is None or tv.value != also[tv.team])]


def _per_team(table: Table, values: Mapping[str, int]) -> str:
    return ", ".join(f"{t} {values[t]}" for t in table.teams.labels)


def _counted(pos: HandPosition) -> Tally | None:
    """The nine tricks' result when it gives each team's captured points: every card played is one of
    the deck's (a card the deck does not have, that nothing identifies, has unknown counters)."""
    tally = pos.tally
    return tally if tally is not None and tally.in_deck else None


def _nest_to_last_trick(pos: HandPosition, m: Written) -> Why | None:
    """rook.nest-to-last-trick: the nest's counters go to the team that wins the 9th trick, not to the
    bid winner's: written points that give the nest to the other team break it."""
    counted = _counted(pos)
    if counted is None or not counted.nest_points or not off_the_sheet(m, counted.points):
        return None
    points, nest_points, last = counted.points, counted.nest_points, counted.last
    team = pos.table.teams.of[last]
    other = pos.table.teams.other(team)
    moved = dict(points)
    moved[team] -= nest_points
    moved[other] += nest_points
    if any(tv.value != moved[tv.team] for tv in m.values):
        return None
    computed = _per_team(pos.table, points)
    return lambda: (f"the points written give the nest's {nest_points} points to {other}, but the nest goes to "
                    f"whoever wins the 9th trick — {last} ({team}) — not automatically to the bidding team: the "
                    f"tricks give {computed}")


def _points_recorded(pos: HandPosition, m: Written) -> Why | None:
    """rook.points-recorded: the points written are the tricks' count (the nest to the 9th trick's winner)."""
    counted = _counted(pos)
    wrong = off_the_sheet(m, counted.points) if counted is not None else None
    if not wrong:
        return None
    assert counted is not None
    nest_points, computed = counted.nest_points, _per_team(pos.table, counted.points)
    winner_team = pos.table.teams.of[counted.last]
    return lambda: (f"`points` says {Written('points', tuple(wrong))}, but the tricks give {computed} (counters in "
                    f"the tricks each team won, and the nest's {nest_points} to {winner_team}, who won the 9th "
                    "trick)")


def _points_short(pos: HandPosition, m: Written) -> Why | None:
    """rook.points-recorded, before the 9th trick: no team's points written below what it won so far;
    after 8 tricks the 9th and the nest go to one team (rook.nest-to-last-trick), so each team has what
    it won, or that and the rest (`HandPosition.points_fit`)."""
    so_far = pos.won_so_far()
    bad = next((tv for tv in m.values if not pos.points_fit(tv.team, tv.value)), None)
    if bad is None or so_far is None:
        return None
    team, value, won = bad.team, bad.value, so_far[bad.team]
    n = len(pos.whole_tricks())
    if value < won:
        return lambda: (f"`points` says {team} {value}, but the {plural(n, 'trick')} played so far already give "
                        f"{team} {won} (counters in the tricks {team} won)")
    rest = pos.table.total - sum(so_far.values())
    if not rest:
        return lambda: (f"`points` says {team} {value}, but the {n} tricks played hold every counter, and they give "
                        f"{team} {won}")
    return lambda: (f"`points` says {team} {value}, but after {n} tricks the 9th trick and the nest, {rest} counters, "
                    f"go to the team that wins the 9th trick: {team} captured {won} or {won + rest}")


class Scoring(NamedTuple):
    """A hand being scored: the bidding team, its bid, the points it captured, the scores they give,
    and the scores the record's own points give (None unless it writes both teams')."""

    table: Table
    number: int
    bid_team: str
    bid: int
    points: Mapping[str, int]
    scores: Mapping[str, int]
    alt: Mapping[str, int] | None


def _contract(pos: Scoring, m: Written) -> Why | None:
    """rook.contract: a made contract scores the points captured, a set one minus the bid (a score
    written by a known misreading of that is told as such)."""
    off = [tv for tv in off_the_sheet(m, pos.scores, pos.alt) if tv.team == pos.bid_team]
    if not off:
        return None
    captured = pos.points[pos.bid_team]
    mistakes = mistaken_scores(pos.bid, captured)
    tv = next((tv for tv in off if tv.value in mistakes), None)
    if tv is None:
        return None
    team, bid, n, score = pos.bid_team, pos.bid, pos.number, pos.scores[pos.bid_team]
    result = "made it" if made(bid, captured) else "was set"
    return lambda: (f"the sheet gives {team} {tv.value} for hand {n}, but {team} bid {bid}, captured {captured} and "
                    f"{result}: {mistakes[tv.value]}, so {team} scores {score}")


def _scores_recorded(pos: Scoring, m: Written) -> Why | None:
    """rook.points-recorded: the scores written are those the bid and the points captured give."""
    wrong = off_the_sheet(m, pos.scores, pos.alt)
    if not wrong:
        return None
    team, bid, n, captured = pos.bid_team, pos.bid, pos.number, pos.points[pos.bid_team]
    computed = _per_team(pos.table, pos.scores)
    status = "made it" if made(bid, captured) else "was set"
    return lambda: (f"`scores` says {Written('scores', tuple(wrong))} for hand {n}, but {team} bid {bid}, captured "
                    f"{captured} and {status}, which scores {computed} (rook.contract)")


class Totals(NamedTuple):
    """The match after a hand: the running totals of the hands scored, and those the record's own sheet
    keeps (its written scores, or its last written totals)."""

    table: Table
    number: int
    totals: Mapping[str, int]
    sheet: Mapping[str, int]


def _totals_recorded(pos: Totals, m: Written) -> Why | None:
    """rook.points-recorded: the totals written are the sum of the hands scored."""
    wrong = off_the_sheet(m, pos.totals, pos.sheet)
    if not wrong:
        return None
    n = pos.number
    computed = _per_team(pos.table, pos.totals)
    return lambda: (f"`totals` says {Written('totals', tuple(wrong))} after hand {n}, but the hands scored so far "
                    f"add up to {computed}")


# --- the match: who deals, and whether a hand is played at all --------------------------------

class DealPosition(NamedTuple):
    """The match before a hand is dealt: who dealt the last hand (and, when that dealer was reported,
    who should have: `alt`), the seating then and now, the hands that counted toward the seat change,
    and the winner so far. The checks of `CHECKS["deal"]` and `CHECKS["hand"]` judge a `DealMove` here."""

    table: Table
    number: int
    """The hand about to be dealt, 1 first."""
    first_dealer: str
    last: str | None
    """Who dealt the hand before (None: this is the first hand)."""
    alt: str | None
    last_order: tuple[str, ...]
    order: tuple[str, ...]
    """The clockwise order this hand is dealt in (rook.seat-change: `seating`)."""
    played: int
    winner: str | None = None
    won_at: int | None = None
    winner_total: int = 0
    thrown: tuple[tuple[int, int], ...] = ()
    """Each hand thrown in before this one (rook.all-pass), with the hands played before it."""
    later: tuple[str | None, ...] = ()
    """The dealers the record writes for the rest of this seating period (`kept_old`)."""

    @property
    def new_left(self) -> bool:
        """House rule `seat_change_deal`: after a seat change the deal passes to the left in the new
        seating (the default) or the old."""
        return self.table.opts["seat_change_deal"] == "new-left"

    @property
    def changed_after(self) -> int:
        """The hands played when the seats last changed (4 for hands 5-8): asked later in a seating period
        (`why` at a hand the table kept the old seats for), not the hands played before this one."""
        every = self.table.opts["seat_change_every"]
        return self.played - self.played % every if every else self.played

    def hands_counted(self, played: str = "") -> str:
        """`4 hands` and `played` (`4 hands played`), the hands played when the seats last changed; with a
        thrown-in hand among them, `4 hands that count (hand 2, thrown in, does not)`: a table counting
        the hands on its sheet counts five."""
        after = self.changed_after
        thrown = [str(n) for n, before in self.thrown if before < after]
        if not thrown:
            return plural(after, "hand") + played
        which = f"hand{'s' if len(thrown) > 1 else ''} {and_list(thrown)}"
        return f"{plural(after, 'hand')} that count ({which}, thrown in, {'does' if len(thrown) == 1 else 'do'} not)"

    @property
    def expected(self) -> str:
        """Who deals: the first dealer, then the left of the last dealer (rook.dealer-rotation)."""
        if self.last is None:
            return self.first_dealer
        return left_of(self.last, self.order if self.new_left else self.last_order)

    @property
    def old_seats(self) -> tuple[str, ...] | None:
        """House rule `seat_change_deal: old-left`, at the second deal after a seat change: the seating
        before the change. The first deal after it is the same in both seatings, so this one is the
        first to show whether the table moved. None anywhere else."""
        every, players, played = self.table.opts["seat_change_every"], self.table.players, self.played
        if self.new_left or not every or played <= every or played % every != 1 \
                or not self.order == self.last_order == seating(players, played // every):
            return None
        return seating(players, played // every - 1)

    def kept_old(self, dealer: str) -> bool:
        """Whether the dealers written after `dealer` in this seating period follow the old seating from
        it better than the new one (from it, or from the player who should have dealt, as `on_rotation`
        allows), or as well (nothing after it, or a tie: a dealer in the old seating after the change is
        the seat change forgotten, records.md): the table kept its seats; otherwise `dealer` only dealt
        out of turn."""
        old = self.old_seats
        if old is None:
            return False

        def follows(first: str, seats: tuple[str, ...]) -> int:
            on, deal = 0, first
            for written in self.later:
                deal = left_of(deal, seats)
                on += written == deal
            return on
        return follows(dealer, old) >= max(follows(dealer, self.order), follows(self.expected, self.order))

    def on_rotation(self, dealer: str) -> bool:
        """Whether `dealer` deals in turn: the one expected, or — after a dealer who was reported — the
        left of the one who should have dealt (back on the rotation: one mistake is reported once)."""
        if dealer == self.expected:
            return True
        basis = self.order if self.new_left else self.last_order
        return self.last is not None and self.alt is not None and dealer == left_of(self.alt, basis)

    def legal_moves(self) -> list[DealMove]:
        """The players who may deal this hand: none once the game is over (`CHECKS["hand"]`)."""
        checks = (*CHECKS["hand"], *CHECKS["deal"])
        return [m for p in self.table.players if first_failing(checks, self, m := DealMove(p)) is None]


def _seat_change(pos: DealPosition, m: DealMove) -> Why | None:
    """rook.seat-change: after a seat change the deal passes on in the new clockwise order (house
    rule `seat_change_deal`); a dealer who would deal in the other seating forgot the change."""
    if pos.last is None or pos.on_rotation(m.dealer):
        return None
    new_left, last, old, expected, n = pos.new_left, pos.last, pos.old_seats, pos.expected, pos.number
    if old is not None:  # old-left: the deal after the first one shows whether the table moved
        if m.dealer != left_of(last, old) or not pos.kept_old(m.dealer):
            return None
        return lambda: (f"{m.dealer} dealt hand {n}, which would be {last}'s left had the seats not changed; but "
                        f"{_swap_words(pos)}, and the deal passes to {expected} ({last}'s left in the new seating)")
    if pos.order == pos.last_order or m.dealer != left_of(last, pos.last_order if new_left else pos.order):
        return None
    return lambda: (f"{m.dealer} dealt hand {n}, which would be {last}'s left {'before' if new_left else 'after'} "
                    f"the seat change; but {_swap_words(pos)}, and the deal passes to {expected} ({_house_deal(pos)})")


def _seats_kept(pos: DealPosition, m: SeatingMove) -> Why | None:
    """rook.seat-change: a hand is bid and played in the seating the seat change gives."""
    if m.order == pos.order:
        return None
    return lambda: (f"hand {pos.number} was bid and played as if the seats had not changed ({m} clockwise), but "
                    f"{_swap_words(pos)}")


def _swap_words(pos: DealPosition) -> str:
    """`after every 4 hands one partnership swaps seats (…), which reverses the clockwise order to …`."""
    return (f"after every {pos.table.opts['seat_change_every']} hands one partnership swaps seats (1988 tournament "
            f"rule), which reverses the clockwise order to {', '.join(pos.order)} after {pos.hands_counted(' played')}")


def _house_deal(pos: DealPosition) -> str:
    return (f"house {'default' if pos.new_left else 'rule'} `seat_change_deal: {pos.table.opts['seat_change_deal']}`: "
            f"the deal passes to the left in the {'new' if pos.new_left else 'old'} seating")


def _dealer_rotation(pos: DealPosition, m: DealMove) -> Why | None:
    """rook.dealer-rotation: the first dealer deals hand 1, then the deal passes to the left."""
    if pos.on_rotation(m.dealer):
        return None
    expected, n = pos.expected, pos.number
    if pos.last is None:
        return lambda: (f"{m.dealer} dealt hand 1, but the first dealer is {expected} (`first_dealer`, by default "
                        "the first player listed)")
    last, changed, players = pos.last, pos.order != pos.last_order, pos.table.players
    seats = f" (clockwise order now {', '.join(pos.order)})" if pos.order != tuple(players) else ""
    house = f" ({_house_deal(pos)})" if changed else ""
    return lambda: (f"{m.dealer} dealt hand {n}, but it was {expected}'s deal: {last} dealt hand {n - 1} and "
                    f"the deal passes to the left{seats}{house}")


def _game_over(pos: DealPosition, m: DealMove) -> Why | None:
    """rook.game-end: the game ends with the hand in which a team reaches the target (a tie plays on);
    a hand after it does not count."""
    if pos.winner is None:
        return None
    n, winner, won_at, total, target = pos.number, pos.winner, pos.won_at, pos.winner_total, pos.table.opts["target"]
    return lambda: (f"hand {n} was played after the game was over: {winner} won in hand {won_at} with {total} "
                    f"(target {target}), so this hand does not count")


# --- the deal: each entry and each card of it ------------------------------------------------

class DealSoFar(NamedTuple):
    """The deal of one hand read so far: who was dealt each card ('' the nest)."""

    table: Table
    owner: Mapping[Card, str]


class DealtEntry(NamedTuple):
    """Cards of the record's deal to `who` ('' the nest): a whole entry, or one card of it (`whole`
    False). `moved`: the nest holds the cards a player's entry lacks or has too many of."""

    who: str
    cards: tuple[Card, ...]
    moved: tuple[Card, ...] | None = None
    whole: bool = True


def _in_deck(pos: DealSoFar, m: DealtEntry) -> Why | None:
    """rook.deck: every card dealt is a card of this game's deck."""
    deck = pos.table.deck
    for c in m.cards:
        if c not in deck:
            return partial(_not_in_deck_words, c, m.who, pos.table)
    return None


def _dealt_once(pos: DealSoFar, m: DealtEntry) -> Why | None:
    """rook.deck: the deck has one of each card: none is dealt twice."""
    owner, deck = pos.owner, pos.table.deck
    if owner.keys().isdisjoint(m.cards) and len(set(m.cards)) == len(m.cards):
        return None
    for i, c in enumerate(m.cards):
        if c in deck and (c in owner or c in m.cards[:i]):
            return partial(_dealt_twice_words, c, owner.get(c, m.who), m.who)
    return None


def _deal_size(pos: DealSoFar, m: DealtEntry) -> Why | None:
    """rook.deal: each player is dealt nine cards, the nest five."""
    if not m.whole:
        return None
    if m.who:
        return None if len(m.cards) == HAND_CARDS else _deal_size_words(m.who, m.cards, m.moved, pos.table.nest_size)
    return None if len(m.cards) == pos.table.nest_size else _nest_size_words(m.cards, pos.table.nest_size)


CHECKS: dict[str, tuple[Check, ...]] = {
    "hand": (Check("rook.game-end", "no hand after the game is won", _game_over,
                   ask="was the game still on when hand {n} was dealt (no team at {target} yet)?",
                   legal="hand {n} was played while the game was still on; it has no result written to judge"),),
    "deal-content": (
        Check("rook.deck", "a card of the deck", _in_deck,
              ask="is every card dealt a card of this game's deck ({deck} cards)?"),
        Check("rook.deck", "each card dealt once", _dealt_once, ask="is each card dealt only once?"),
        Check("rook.deal", "nine cards to each player, five to the nest", _deal_size,
              ask="is each player dealt {hand} cards, and the nest {nest}?"),
    ),
    "deal": (
        Check("rook.seat-change", "the deal passes on across a seat change", _seat_change,
              moots=("rook.dealer-rotation",), ask="does {m} deal as {name}?"),
        Check("rook.dealer-rotation", "the deal passes to the left", _dealer_rotation,
              ask="is it {m}'s deal ({name})?"),
    ),
    "seating": (Check("rook.seat-change", "the hand is played in the seats the seat changes give", _seats_kept,
                      ask="is the hand bid and played in the seats the rules give ({o} clockwise)?"),),
    "call": (
        Check("rook.bid-end", "the auction is over", _bid_end, moots=("rook.bid-after-pass", "rook.bid-order",
                                                                       *BID_AMOUNTS), ask="is the auction still open?"),
        Check("rook.bid-after-pass", "a passed player stays out", _bid_after_pass, moots=("rook.bid-order",),
              ask="is {p} still in the bidding (no pass yet)?"),
        Check("rook.bid-order", "clockwise from the dealer's left", _bid_order,
              ask="is it {p}'s turn to call (clockwise from the dealer's left)?"),
        Check("rook.bid-maximum", "no bid over the maximum", _bid_maximum, moots=BID_AMOUNTS[1:],
              ask="is {a} no more than the highest bid allowed?"),
        Check("rook.bid-minimum", "the opening bid", _bid_minimum, moots=BID_AMOUNTS[2:],
              ask="is {a} at least the lowest opening bid?"),
        Check("rook.bid-step", "steps over the highest bid", _bid_step, ask="does {a} step over the bid to beat?"),
    ),
    "outcome": (
        Check("rook.all-pass", "all four passed: thrown in, or the dealer takes it", _all_pass,
              ask="if all four passed, was the hand thrown in, or taken by the dealer as the house rules say?",
              legal="the hand was thrown in, as all four passed"),
        Check("rook.bid-end", "the bid written is the auction's winner", _bid_written,
              ask="is the bid written down, if any, the one that won the auction?",
              legal="the bid is the one that won the auction; no result is written down to judge"),
    ),
    "next-hand": (Check("rook.unfinished-hand", "only the last hand may be unfinished", _unfinished,
                        ask="does the hand have its result before the next hand?"),),
    "discard": (Check("rook.nest-exchange", "five cards from the fourteen held", _discard_problems,
                      ask="are they five of the fourteen cards {p} held (the nine dealt and the nest)?"),),
    "trump": (Check("rook.trump", "a color is trump", _trump_named, ask="does {p} name a color trump?"),),
    "trick": (Check("rook.deal", "nine tricks a hand", _nine_tricks,
                    ask=f"is there still a trick to play (a hand has {TRICKS})?"),),
    "play": (
        Check("rook.turn-order", "clockwise from the leader", _turn_order),
        Check("rook.deck", "a card of the deck, not already played", _deck, moots=_FOLLOWING),
        Check("rook.card-not-held", "a card the player holds", _card_not_held, moots=_FOLLOWING[1:]),
        Check("rook.bird-anytime", "the Bird may be played to any lead", _bird_anytime, permits=True),
        Check("rook.bird-led", "a led Bird calls for trump", _bird_led, moots=_FOLLOWING[3:]),
        Check("rook.bird-must-follow-trump", "the Bird as the only trump", _bird_must_follow,
              moots=_FOLLOWING[4:]),
        Check("rook.follow-color", "follow the led color", _follow_color),
    ),
    "result": (Check("rook.points-total", "the counters add up", _points_total,
                     ask="do the points written add up to the {total} the counters are worth, each a multiple of 5?",
                     legal="the points written add up to {total}"),),
    "points": (
        Check("rook.nest-to-last-trick", "the nest to the last trick's winner", _nest_to_last_trick,
              moots=("rook.points-recorded",),
              ask="do the points written give the nest to the team that won the 9th trick?",
              legal="the points written are those the tricks give, the nest to the 9th trick's winner"),
        Check("rook.points-recorded", "the points the tricks give", _points_recorded,
              ask="are the points written those the tricks each team won give?",
              legal="the points written are those the tricks give"),
    ),
    "points-so-far": (
        Check("rook.points-recorded", "at least what the tricks so far give", _points_short,
              ask="are the points written at least what the tricks played so far give each team?",
              legal="the points written are at least what the tricks played so far give each team"),
    ),
    "scores": (
        Check("rook.contract", "made: the points captured; set: minus the bid", _contract,
              moots=("rook.points-recorded",),
              ask="is the bid scored as made or set as the points captured say (made: what was captured; set: "
                  "minus the bid)?",
              legal="the bid is scored as made or set as the points captured say"),
        Check("rook.points-recorded", "the scores the points give", _scores_recorded,
              ask="are the scores written those the bid and the points give?",
              legal="the scores written are those the bid and the points give"),
    ),
    "totals": (Check("rook.points-recorded", "the sum of the hands scored", _totals_recorded,
                     ask="is each running total written the last one plus this hand's score?",
                     legal="each running total written is the last one plus this hand's score"),),
}
"""Every rule a move is judged by, per phase, in the order the articles decide: a move's ruling is the
first check that fails; what `check` lists at a move is every failing check a failure before it does
not make moot. Read at call time (a test switches a check off by replacing its phase's tuple)."""


def _asked() -> set[str]:
    """The rules the checks of a card ask now: the revokes a later play proves are theirs too."""
    return {c.rule for c in CHECKS["play"]}


def first_failing(checks: Sequence[Check], pos: Any, m: Any) -> tuple[Check, Why] | None:
    """The first check that excludes `m`, with its reason; None when it is legal (every check passed,
    or a permission allowed it first)."""
    for c in checks:
        why = c.test(pos, m)
        if why is not None:
            return None if c.permits else (c, why)
    return None


def failing(checks: Sequence[Check], pos: Any, m: Any, asked: list[tuple[Check, Why | None]] | None = None
            ) -> list[tuple[Check, Why]]:
    """What `check` lists at `m`: each failing check that no failure before it makes moot. `asked`
    (if given) gets each check asked and its answer (None: it passes), the decision `why` shows."""
    if asked is None:
        for c in checks:
            if c.test(pos, m) is not None:
                break
        else:
            return []  # most moves pass every check: nothing more to ask (a test only reads the position)
    out: list[tuple[Check, Why]] = []
    moot: tuple[str, ...] = ()
    for c in checks:
        why = c.test(pos, m)
        if asked is not None:
            asked.append((c, why))
        if why is None or c.rule in moot:  # (a test only reads the position: asking a moot one is harmless)
            continue
        if c.permits:
            break
        out.append((c, why))
        moot += c.moots
    return out


def _proven(w: Pending, c: Card, asked: set[str]) -> str | None:
    """The rule a failure to follow (`w`) is proven to break by a later card `c` (a Bird proves none)."""
    if c.is_bird or w.color is None or c.color != w.color:
        return None
    rule = "rook.bird-led" if w.kind == "bird" else "rook.follow-color"
    return rule if rule in asked else None


def _proven_words(p: str, c: Card, t: int, w: Pending, bird_in: bool) -> Why:
    if w.kind == "follow":
        return lambda: (f"{p} played {w.play.card} to a {color_word(w.color)} lead in trick {w.trick}, but still "
                        f"held {color_word(w.color)}: {p} played {c} in trick {t}. A player who holds the led color "
                        "must play it" + (" (only the Bird may be played instead)" if bird_in else ""))
    lead = "the Bird's lead, which calls for trump" if w.kind == "bird" else "a trump lead"
    return lambda: (f"{p} played {w.play.card} to {lead} ({color_word(w.color)}) in trick {w.trick}, but still held "
                    f"trump: {p} played {c} in trick {t}. A player holding trump must play it when trump is led"
                    + (f" (so the Bird, which {p} played in trick {w.bird}, was not {p}'s only trump)"
                       if w.bird else ""))


def _hidden_bird_words(p: str, w: Pending, done: bool) -> Why:
    """`done`: all 9 tricks are recorded (else no other trump is known only of the tricks recorded)."""
    shown = "in the hand" if done else "in the tricks recorded"
    return lambda: (f"{p} played {w.play.card} to a trump ({color_word(w.color)}) lead in trick {w.trick}, but "
                    f"held the Bird: {p} played it in trick {w.bird} and no other trump {shown}. The Bird "
                    "is the highest trump; a player with the Bird and no other trump must play it to a trump "
                    "lead, not discard to hide it")


class _Deal:
    """The record's deal of one hand, judged by `CHECKS["deal-content"]` entry by entry, and card by
    card in an entry whose cards break a rule: who was dealt each card, the findings, the entries
    that broke a rule (`doubtful`: that holding is then judged by inference), the cards dealt twice,
    and (`asked` not None, for `why`) each check asked with its answer."""

    __slots__ = ("table", "number", "found", "owner", "so_far", "doubtful", "twice", "asked")

    def __init__(self, table: Table, number: int, asked: list[tuple[Check, Why | None]] | None = None) -> None:
        self.table, self.number, self.asked = table, number, asked
        self.found: list[Finding] = []
        self.owner: dict[Card, str] = {}
        self.so_far = DealSoFar(table, self.owner)
        self.doubtful: set[str] = set()
        self.twice: set[Card] = set()

    def ask(self, m: DealtEntry) -> list[tuple[Check, Why]]:
        """The checks `m` fails. An entry's card checks are kept for `why` only when they pass: a card
        that fails one is asked again on its own, and that answer kept."""
        out = []
        for c in CHECKS["deal-content"]:
            why = c.test(self.so_far, m)
            if why is not None:
                out.append((c, why))
            if self.asked is not None and (why is None or not m.whole or c.rule != "rook.deck"):
                self.asked.append((c, why))
        return out

    def read(self, deal: Mapping[str, Sequence[Card]], nest: Sequence[Card] | None, lines: Mapping[str, int],
             nest_line: int | None) -> tuple[Card, ...] | None:
        """Each player's cards, then the nest's; the nest as dealt (the cards not dealt to a player,
        when the record gives only the four hands and they are sound)."""
        deck = self.table.deck
        # Cards moved between a player's deal and the nest: the nest's wrong size is the same mistake
        # as the player's wrong count, reported once, at the player.
        moved = None
        if nest is not None and len(deal) == 4 and sum(map(len, deal.values())) + len(nest) == len(deck):
            entry = DealtEntry("", tuple(nest))
            if any(c.test(self.so_far, entry) is not None for c in CHECKS["deal-content"] if c.rule == "rook.deal"):
                moved = tuple(nest)
        clean = True
        for p, cards in deal.items():
            clean = self.hand(p, tuple(cards), lines.get(p), moved) and clean
        if nest is not None:
            self.hand("", tuple(nest), nest_line, quiet=moved is not None)
            return tuple(nest)
        if not (clean and len(deal) == 4):
            return None
        nest_t = tuple(sorted(deck - self.owner.keys()))  # the nest is what was not dealt
        self.owner.update(dict.fromkeys(nest_t, ""))
        return nest_t

    def hand(self, who: str, cards: tuple[Card, ...], line: int | None, moved: tuple[Card, ...] | None = None,
              quiet: bool = False) -> bool:
        """One entry, a player's hand or the nest (rook.deal: nine cards, the nest five; rook.deck); whether
        all was sound. `quiet`: its size is the mistake of a player's entry, reported there."""
        player = who or None
        failed = self.ask(DealtEntry(who, cards, moved))
        for c, why in failed:
            if c.rule != "rook.deck":  # its size (rook.deal)
                self.doubtful.add(who)
                if not quiet:
                    self.found.append(_f(c.rule, why, line=line, hand=self.number, player=player))
        if not any(c.rule == "rook.deck" for c, _why in failed):
            self.owner.update(dict.fromkeys(cards, who))
            return not failed
        for card in cards:  # each card out of the deck or dealt before reported where it is
            self.place(card, who, line, player)
        return False

    def place(self, c: Card, who: str, line: int | None, player: str | None) -> None:
        """Deal `c` to `who` ('' the nest), reported (rook.deck) when it is no card of the deck or was
        dealt before."""
        owner = self.owner
        off = next(iter(self.ask(DealtEntry(who, (c,), whole=False))), None)
        if off is None:
            owner[c] = who
            return
        if off[0].test is _in_deck:
            self.doubtful.add(who)
            owner.setdefault(c, who)  # so that playing it is not reported again
        else:
            self.doubtful.update((who, owner[c]))
            self.twice.add(c)
        self.found.append(_f(off[0].rule, off[1], line=line, hand=self.number, player=player))


def deal_answers(table: Table, number: int, deal: Mapping[str, Sequence[Card]] | None, nest: Sequence[Card] | None
                 ) -> list[tuple[Check, Why | None]]:
    """Each check of `CHECKS["deal-content"]` asked of the record's deal of a hand, with its answer (None:
    passed), in the order `HandPosition.deal` asks them (for `why`'s steps)."""
    asked: list[tuple[Check, Why | None]] = []
    _Deal(table, number, asked).read(deal or {}, nest, {}, None)
    return asked


def _not_in_deck_words(c: Card, who: str, table: Table) -> str:
    where = "the nest" if who == "" else f"{who}'s deal"
    return f"{c} in {where} is not a card of this game: " + table.not_in_deck(c)


def _dealt_twice_words(c: Card, before: str, now: str) -> str:
    prev, again = ("the nest" if w == "" else w for w in (before, now))
    dup = f"twice to {again}" if prev == again else f"to both {prev} and {again}"
    return f"{c} was dealt {dup}; the deck has one of each card"


def _deal_size_words(p: str, cards: Sequence[Card], moved_nest: Sequence[Card] | None, size: int) -> Why:
    also = (f"; the nest has {len(moved_nest)} instead of {size}, so the cards went to the wrong place "
            "in the deal" if moved_nest is not None else "")
    return lambda: f"{p} was dealt {len(cards)} cards; each player is dealt {HAND_CARDS} ({show(cards)}){also}"


def _nest_size_words(nest: tuple[Card, ...], size: int) -> Why:
    return lambda: f"the nest has {len(nest)} cards; {size} are dealt to the nest ({show(nest)})"


# --- the position ------------------------------------------------------------------------

class Tally(NamedTuple):
    """The nine tricks' result, worked out once when the 9th trick ends (`HandPosition._count`)."""

    in_deck: bool
    """Every card played is a different one of the deck's (else the counters are not known)."""
    nest: tuple[Card, ...] | None
    """The nest that goes to the 9th trick's winner (None: not known)."""
    nest_points: int
    points: dict[str, int]
    """The counters each team captured, the nest's included."""
    last: str
    """Who won the 9th trick (and the nest)."""


class HandPosition:
    """One hand of Rook at one moment: phase, who acts, what is known of every holding. A plain
    class with slots (a dataclass of its 34 fields cost every command that loads Rook 1 ms to make)."""

    __slots__ = ("table", "number", "order", "seat", "bidders", "leader", "lead_at", "pending", "voids", "phase",
                 "passed", "high", "legal_high", "turn", "calls", "ended", "all_pass", "bidder", "amount", "forced",
                 "held", "owner", "twice", "nest", "pool", "buried", "discarded", "trump", "trick_no", "plays",
                 "disordered", "tricks", "played_in", "tally")

    def __init__(self, table: Table, number: int, order: tuple[str, ...], seat: str, bidders: tuple[str, ...],
                 leader: str, lead_at: int, pending: dict[str, tuple[Pending, ...]],
                 voids: dict[str, frozenset[str]]) -> None:
        self.table, self.number, self.order, self.seat, self.bidders = table, number, order, seat, bidders
        self.leader = leader
        self.lead_at = lead_at  # the leader's index in `order`
        self.pending, self.voids = pending, voids
        self.phase = "call"
        self.passed: frozenset[str] = frozenset()
        self.high: tuple[str, int] | None = None
        self.legal_high: tuple[str, int] | None = None
        self.turn = 0
        self.calls: list[tuple[str, int | None]] = []
        self.ended = self.all_pass = self.forced = False
        self.bidder: str | None = None
        self.amount: int | None = None
        self.held: dict[str, set[Card]] = {}  # the known holdings (only those the record makes certain)
        self.owner: Mapping[Card, str] = {}
        self.twice: frozenset[Card] = frozenset()
        self.nest: tuple[Card, ...] | None = None
        self.pool: frozenset[Card] | None = None
        self.buried: frozenset[Card] = frozenset()
        self.discarded: tuple[Card, ...] | None = None
        self.trump: str | None = None
        self.trick_no = 1
        self.plays: tuple[Play, ...] = ()
        self.disordered = False
        # as judged (`plays` and `judged` both: a stand-in replaces a card outside the deck)
        self.tricks: tuple[PlayedTrick, ...] = ()
        self.played_in: dict[Card, int] = {}
        self.tally: Tally | None = None  # the nine tricks' result, once they are played (`_count`)

    # --- making one ----------------------------------------------------------------------

    @classmethod
    def deal(cls, table: Table, number: int, seat: str, order: tuple[str, ...],
             deal: Mapping[str, Sequence[Card]] | None = None, nest: Sequence[Card] | None = None,
             deal_lines: Mapping[str, int] | None = None, nest_line: int | None = None
             ) -> tuple[HandPosition, list[Finding]]:
        """A new hand dealt by `seat` (whose left bids and leads first) in the seating `order`,
        with what the record says of the deal; judges rook.deck and rook.deal for it. Returns the
        position and the findings.

        A player's plays are judged against their deal only when that entry is sound: once it is
        reported, what the player really held is unknown, and the player is judged by inference, so
        the wrong entry is not reported again at every card it misplaced. A card dealt twice makes
        both entries doubtful (either may be the wrong one), and where it really was is unknown.
        """
        order = tuple(order)
        bidders = tuple(from_left(seat, order))
        players = table.players
        pos = cls(table, number, order, seat, bidders, bidders[0], order.index(bidders[0]),
                  {p: () for p in players}, {p: frozenset() for p in players})
        d = _Deal(table, number)
        deal = deal or {}
        nest_t = d.read(deal, nest, deal_lines or {}, nest_line)
        for c in d.twice:
            del d.owner[c]  # dealt to two entries: which one really had it is unknown
        pos.owner, pos.twice = d.owner, frozenset(d.twice)
        pos.nest = None if "" in d.doubtful else nest_t
        pos.held = {p: set(cards) for p, cards in deal.items() if p not in d.doubtful}
        return pos, d.found

    def copy(self, calls: bool = True) -> HandPosition:
        """An independent position: containers that change are copied, the rest shared. Without the
        `calls` made for a copy only asked questions (no check reads them: copying them for each of
        50,000 calls out of turn would take time growing as their square)."""
        new = HandPosition.__new__(HandPosition)
        for s in HandPosition.__slots__:
            setattr(new, s, getattr(self, s))
        new.held = {p: set(h) for p, h in self.held.items()}
        new.played_in = dict(self.played_in)
        new.calls = list(self.calls) if calls else []
        new.pending, new.voids = dict(self.pending), dict(self.voids)
        return new

    # --- what the position says ----------------------------------------------------------

    @property
    def to_act(self) -> str | None:
        """Who acts next: the next caller not passed, the bid winner, or the next to play."""
        if self.phase == "call":
            return None if self.ended else self.next_caller()
        if self.phase in ("discard", "trump"):
            return self.bidder
        if self.phase == "play":
            return self.order[(self.lead_at + len(self.plays)) % 4]
        return None

    @property
    def counts(self) -> dict[str, int]:
        """How many cards each player holds: nine, the bid winner's fourteen until the discard, less
        the cards played."""
        out = {p: HAND_CARDS for p in self.table.players}
        if self.phase == "discard" and self.bidder is not None:
            out[self.bidder] += self.table.nest_size
        for pl in (*(x for tr in self.tricks for x in tr.plays), *self.plays):
            out[pl.player] = out.get(pl.player, HAND_CARDS) - 1
        return out

    def next_caller(self) -> str | None:
        """The next player not passed, clockwise from the last caller (the auction's `to_act`, ended or not)."""
        for k in range(4):
            q = self.bidders[(self.turn + k) % 4]
            if q not in self.passed:
                return q
        return None

    def caller(self, m: CallMove) -> str:
        """Who makes a call: the one the record names, else whoever's turn it is."""
        return m.player or self.next_caller() or self.bidders[self.turn % 4]

    def least_bid(self) -> int:
        """The lowest bid legal now (rook.bid-minimum, rook.bid-step)."""
        lo, step = self.table.opts["min_bid"], self.table.opts["bid_step"]
        least = lo if self.legal_high is None else self.legal_high[1] + step
        return -(-least // step) * step

    def whereabouts(self, c: Card, p: str) -> Why:
        """Where a card a player did not hold was, for a message (the facts read now, worded later)."""
        if c not in self.table.deck:
            note = self.table.not_in_deck(c)
            return lambda: f"{c} is not a card of this game ({note})"
        if c in self.played_in:
            t = self.played_in[c]
            return lambda: f"{c} was already played in trick {t}"
        bidder = self.bidder
        if c in self.buried:
            return lambda: f"{bidder} put {c} back in the nest"
        who = self.owner.get(c)
        if who == "":
            return lambda: f"{c} was in the nest, which {bidder or 'the bid winner'} took"
        if who is not None and who != p:
            return lambda: f"{c} was dealt to {who}"
        return lambda: f"{p} was not dealt {c}"

    def unseen(self, p: str) -> frozenset[Card]:
        """The cards `p` may hold when their hand is unknown."""
        elsewhere = {c for q, h in self.held.items() if q != p for c in h}
        void = self.voids.get(p, frozenset())
        return frozenset(c for c in self.table.deck
                         if c not in self.played_in and c not in self.buried and c not in elsewhere
                         and self.owner.get(c) in (None, p, "" if p == self.bidder else None)
                         and (c.color not in void or c.is_bird))

    def checks(self) -> tuple[Check, ...]:
        """The checks of the move due here (`CHECKS`, read now)."""
        return CHECKS.get(self.phase, ())

    def space(self, card_order: Callable[[Card], Any] | None = None) -> Iterable[Any]:
        """The moves a record can write here for the player to act, wider than any check (the checks
        decide which are legal): every call from a pass to a bid past the maximum, each card the player
        may still hold, each trump color and none, every discard from the bid winner's cards (2,002 of
        them: made one by one, from the cards taken in `card_order`, canonical by default)."""
        p = self.to_act
        if self.phase == "call":
            if p is None:
                return []
            return [CallMove(p, None)] + [CallMove(p, a) for a in range(self.table.opts["max_bid"] + 6)]
        if self.phase == "discard":
            assert p is not None
            if self.pool is None:
                return [DiscardMove(p, None)]
            pool = sorted(self.pool, key=sort_key)
            if card_order is not None:
                pool.sort(key=card_order)
            return (DiscardMove(p, cs) for cs in combinations(pool, self.table.nest_size))
        if self.phase == "trump":
            assert p is not None
            return [TrumpMove(p, c) for c in (*TRUMP_COLORS, NO_TRUMP)]
        if self.phase == "play":
            assert p is not None
            held = self.held.get(p)
            return [CardMove(p, c) for c in sorted(self.unseen(p) if held is None else held, key=sort_key)]
        if self.phase == "result":
            points = self.captured()
            return [] if points is None else [ResultMove(tuple(points[t] for t in self.table.teams.labels))]
        return []

    def legal_moves(self) -> list[Any]:
        """The legal moves here, in canonical order: the moves of `space()` no check excludes."""
        return list(self.iter_legal())

    def iter_legal(self, card_order: Callable[[Card], Any] | None = None) -> Iterator[Any]:
        """`legal_moves()` each judged when asked for (a discard's cards taken in `card_order`): a
        caller that wants one discard of 2,002 judges only those it reads."""
        checks = self.checks()
        for m in self.space(card_order):
            if first_failing(checks, self, m) is None:
                yield m

    def acts(self, p: str) -> bool:
        """Whether `p` may play a card now, as the checks of whose turn it is (`CHECKS["play"]`) judge
        it: after a slip of the order is reported, the rest of that trick is no second slip."""
        m = CardMove(p, BIRD)  # (a check of the turn reads who plays, not the card)
        return self.phase == "play" and all(c.test(self, m) is None for c in CHECKS["play"]
                                            if c.rule == "rook.turn-order")

    def legal_cards(self, p: str) -> tuple[str, ...] | None:
        """The cards `p` may play to the trick as it stands, whoever's turn it is (the checks after
        rook.turn-order), as canonical text; None when p's hand is unknown."""
        held = self.held.get(p)
        if held is None:
            return None
        checks = tuple(c for c in CHECKS["play"] if c.rule != "rook.turn-order")
        return canonical(c for c in held if first_failing(checks, self, CardMove(p, c)) is None)

    def allowed(self, rule: str, player: str | None = None) -> tuple[str, ...] | None:
        """The legal choices as canonical text, for a rule that is a legal set; None otherwise."""
        if rule in BID_AMOUNTS:
            if self.phase != "call" or self.to_act is None:
                return ()
            return tuple(str(m) for m in self.legal_moves())
        if rule == "rook.trump":
            return tuple(COLOR_NAME.get(m.color, m.color) for m in self.legal_moves())
        if rule in _FOLLOWING:
            p = player or (self.to_act if self.phase == "play" else None)
            return None if p is None else self.legal_cards(p)
        return None

    def allowed_later(self, rule: str, player: str | None = None) -> Callable[[], tuple[str, ...] | None] | None:
        """`allowed(rule, player)` as of now, made only when asked (a finding's legal choices are listed
        only for a finding the collector keeps); None for a rule that is no legal set. Asks a copy:
        this position moves on with the move."""
        if rule not in LEGAL_SETS:
            return None
        snap = self.copy(calls=False)
        return lambda: snap.allowed(rule, player)

    def ruling(self, move: Any) -> Ruling:
        """Why `move` is or is not legal here: the rule id, the reason, the legal alternatives (for
        a legal set) and the facts that decide it in the article's order."""
        steps = self.steps(move)
        for c in self.checks():
            why = c.test(self, move)
            if why is not None:
                if c.permits:
                    return Ruling(str(move), True, c.rule, said(why), None, (), steps)
                return Ruling(str(move), False, c.rule, said(why), self.allowed(c.rule), (), steps)
        rule, why = self.legal_reason(move)
        return Ruling(str(move), True, rule, why, None, (), steps)

    def legal_reason(self, move: Any) -> tuple[str, str]:
        """The rule a legal move meets, when no permission decided it."""
        if isinstance(move, CardMove):
            led = _led(self)
            if led is None:
                return "rook.turn-order", f"legal: {move.player} leads trick {self.trick_no}"
            if led.is_bird:  # the follow rule of a led Bird is its own
                return "rook.bird-led", f"legal: {move.card} may be played to the Bird's lead, which calls for trump"
            if move.card.is_bird and _bird_only_trump(self, move.player):
                return ("rook.bird-must-follow-trump",
                        f"legal: {move.player}'s only trump is the Bird, played to a trump lead ({led})")
            return "rook.follow-color", f"legal: {move.card} may be played to {led}"
        if isinstance(move, CallMove):
            return ("rook.bid-order", f"legal: {self.caller(move)} calls {move}")
        if isinstance(move, DiscardMove):
            return "rook.nest-exchange", f"legal: {move.player} puts back {move}"
        if isinstance(move, TrumpMove):
            return "rook.trump", f"legal: {move} is trump"
        return "rook.points-total", f"legal: {move} adds up to the {self.table.total} counters of the deck"

    def steps(self, move: Any) -> tuple[Step, ...]:
        """The questions that decide a card, in the article's order: holds the led color? the Bird?
        trump led?"""
        if not isinstance(move, CardMove) or self.phase != "play":
            return ()
        led = _led(self)
        p = move.player
        held = self.held.get(p)
        turn = "yes" if self.acts(p) else f"no: {self.to_act}'s"
        if self.disordered and _out_of_turn(self, move) is not None:
            turn = SLIPPED  # (the check passed it: "yes" would not be true)
        out = [Step(f"is it {p}'s turn?", turn, "rook.turn-order")]
        if held is not None:
            out.append(Step(f"does {p} hold {move.card}?", "yes" if move.card in held else "no",
                            "rook.card-not-held"))
        if led is None:
            return tuple(out)
        tr = self.trump
        want = tr if is_trump(led, tr) else led.color
        have = None if held is None else [c for c in held if c.color == want and not c.is_bird]
        out.append(Step(f"does {p} hold the led color ({color_word(want)})?", "unknown (no deal)" if have is None
                        else f"yes: {show(have)}" if have else "no", "rook.follow-color"))
        if held is not None and self.table.has_bird:  # (no Bird to ask of under `bird: off`)
            out.append(Step(f"does {p} hold the Bird?", "yes" if BIRD in held else "no", "rook.bird-anytime"))
        out.append(Step("was trump led?", "the Bird was led: it calls for trump" if led.is_bird
                        else "yes" if led.color == tr else "no", "rook.bird-led" if led.is_bird
                        else "rook.bird-must-follow-trump"))
        return tuple(out)

    # --- moves ---------------------------------------------------------------------------

    def apply(self, move: Any, line: int | None = None) -> tuple[HandPosition, list[Finding]]:
        """The next position and the findings the move causes; this position is unchanged."""
        new = self.copy()
        return new, [worded(f) for f in new.push(move, line)]

    def push(self, move: Any, line: int | None = None) -> list[Finding]:
        """Make the move here (in place, an illegal one as the record says it happened) and return its
        findings, their words maybe still functions (`errors.worded`)."""
        if isinstance(move, CardMove):
            return self.play(Play(move.player, move.card, line or 0), move.written)
        if isinstance(move, CallMove):
            return self._call(move, line)
        if isinstance(move, DiscardMove):
            return self._discard(move, line)
        if isinstance(move, TrumpMove):
            return self._trump(move, line)
        if isinstance(move, ResultMove):
            found = self._judged("result", move, line, None)
            self.phase = "over"
            return found
        raise TypeError(move)

    def _judged(self, phase: str, m: Any, line: int | None, player: str | None) -> list[Finding]:
        """A finding for each failing check of `CHECKS[phase]` at `m` (a legal set's with the legal choices)."""
        return [_f(c.rule, why, allowed=self.allowed_later(c.rule), line=line, hand=self.number, player=player)
                for c, why in failing(CHECKS[phase], self, m)]

    def _call(self, m: CallMove, line: int | None) -> list[Finding]:
        who = self.caller(m)
        out = self._judged("call", m, line, who)
        if not self.ended:
            self._called(who, m.amount, not any(f.rule in BID_AMOUNTS for f in out))
        return out

    def _called(self, who: str, amount: int | None, good: bool) -> None:
        """The call is made; the auction ends with three passes after a bid, or four."""
        passed = self.passed
        if amount is None:
            passed = self.passed = passed | {who}
            high = self.high
        else:
            # A bid is judged against the highest *legal* bid so far, so one bad bid is reported once. A
            # passed player's bid (rook.bid-after-pass) is never legal; it stands as the record says the
            # table took it, but the player stays passed and is skipped.
            high = self.high = (who, amount)
            if good and who not in passed:
                self.legal_high = high
        self.calls.append((who, amount))
        self.turn = self.bidders.index(who) + 1
        if high is not None and len(passed) - (high[0] in passed) == 3:  # the other three passed
            self.ended = True
        elif len(passed) == 4:
            self.ended = self.all_pass = True

    def take_passes(self, players: Iterable[str]) -> None:
        """Passes the record left out (the missing-pass reading): these players are out."""
        self.passed = self.passed | set(players)

    def bid_value(self, player: str, amount: int, line: int | None,
                  asked: list[tuple[Check, Why | None]] | None = None) -> list[Finding]:
        """A `bid` written without (all of) the auction, judged as one more bid over the highest
        legal one (rook.bid-maximum, rook.bid-minimum, rook.bid-step); `asked` (if given) gets each
        check asked and its answer, as `failing` keeps them (`why`'s steps of the hand's result)."""
        trial = self.copy()
        trial.ended = False
        m = CallMove(player, amount)
        where = {"line": line, "hand": self.number, "player": player}
        amounts = tuple(c for c in CHECKS["call"] if c.rule in BID_AMOUNTS)
        # each failure moots the amount checks after it: at most one is listed, the first
        return [_f(c.rule, why, allowed=trial.allowed(c.rule), **where) for c, why in failing(amounts, trial, m, asked)]

    def can_still_win(self, player: str, amount: int) -> bool:
        """Whether the calls written can still lead to `player` winning at `amount` (the calls after
        them left out): a player who has not passed, over the standing bid."""
        return player not in self.passed and (self.high is None or amount > self.high[1])

    def all_pass_winner(self) -> tuple[str, int] | None:
        """rook.all-pass: who takes a hand all four passed, and at what: the dealer at the minimum bid
        (house rule `all_pass: dealer-forced`); None: it is thrown in (house default `redeal`)."""
        opts = self.table.opts
        return None if opts["all_pass"] == "redeal" else (self.seat, opts["min_bid"])

    def won(self, bidder: str | None, amount: int | None, forced: bool = False) -> None:
        """The auction is decided (by the calls, a `bid`, or the dealer forced): the bid winner takes
        the nest. None: thrown in, the hand is over."""
        self.bidder, self.amount, self.forced = bidder, amount, forced
        if bidder is None:
            self.phase = "over"
            return
        self.phase = "discard"
        dealt = self.held.get(bidder)
        self.pool = dealt | frozenset(self.nest) if dealt is not None and self.nest is not None else None

    def _discard(self, m: DiscardMove, line: int | None) -> list[Finding]:
        out = self._judged("discard", m, line, m.player)
        p = m.player
        if m.cards is None:
            self.held.pop(p, None)  # 9 of the 14, but which is not written: judged by inference
        elif self.pool is not None:
            self.held[p] = set(self.pool - set(m.cards))
        else:
            self.held.pop(p, None)
        self.discarded = m.cards
        # A card dealt twice (reported) that is put back and also played is the same mistake.
        self.buried = frozenset(m.cards or ()) - self.twice
        self.phase = "trump"
        return out

    def _trump(self, m: TrumpMove, line: int | None) -> list[Finding]:
        out = self._judged("trump", m, line, self.bidder)
        self.trump = None if m.color in (None, NO_TRUMP) else m.color
        self.phase = "play"
        return out

    def play(self, pl: Play, written: Card | None = None) -> list[Finding]:
        """`push(CardMove(pl.player, pl.card, written))` for a play as the record holds it: each
        failing check listed, then the card played as written (a card the record identifies, `written`
        outside the deck, is judged as that card after rook.deck)."""
        p, c = pl.player, pl.card
        m = CardMove(p, c, written)
        t = self.trick_no
        out: list[Finding] = []
        found = judged = failing(CHECKS["play"], self, m)
        if found:
            out = self._card_findings(m, found, pl.line)
            if written is not None and found[-1][0].rule in _NOT_HELD:  # the card it stands for
                checks = CHECKS["play"]
                judged = failing(checks[[k.rule for k in checks].index(found[-1][0].rule) + 1:], self, m)
                out += self._card_findings(m, judged, pl.line)
        held = self.held.get(p)
        if held is not None and c in held:  # a card of a known hand
            held.discard(c)
            self.played_in.setdefault(c, t)
        else:
            if written is not None or c in self.table.deck:  # which card it was is known
                if held is not None:
                    del self.held[p]  # the record lost track of this hand: judge it by inference from now on
                self.played_in.setdefault(c, t)
            # A card the player could not have held (reported here) proves nothing of their hand: no
            # earlier failure to follow is proven by it, and it is no failure to follow (one mistake, once).
            if not any(k.rule in _NOT_HELD for k, _why in judged):
                self._infer(p, c, _led(self), t, pl, out)
        plays = self.plays = (*self.plays, pl)
        if len(plays) == 4:
            self._trick_done(plays)
        return out

    def _card_findings(self, m: CardMove, found: list[tuple[Check, Why]], line: int | None) -> list[Finding]:
        out = []
        for c, why in found:
            see = ("rook.trick-winner",) if c.rule == "rook.turn-order" and not self.plays and self.trick_no > 1 else ()
            out.append(_f(c.rule, why, allowed=self.allowed_later(c.rule, m.player), see=see, line=line,
                          hand=self.number, trick=self.trick_no, player=m.player))
            if c.rule == "rook.turn-order":
                self.disordered = True
        return out

    def _trick_done(self, plays: tuple[Play, ...]) -> None:
        best = trick_winner(plays, self.trump)
        pts = 0
        for x in plays:
            pts += x.card.points
        self.tricks = (*self.tricks, PlayedTrick(self.trick_no, plays, best.player, pts, plays))
        self.leader = best.player
        self.lead_at = self.order.index(best.player)
        self.plays, self.disordered = (), False
        self.trick_no += 1
        if self.trick_no > TRICKS:
            self.phase = "result"
            self._count()

    def retake(self, winner: str) -> None:
        """The last trick's winner as the record's next leader shows it (a card outside the deck
        has no rank)."""
        last = self.tricks[-1]
        self.tricks = (*self.tricks[:-1], last._replace(winner=winner))
        self.leader = winner
        self.lead_at = self.order.index(winner)
        if len(self.tricks) >= TRICKS:
            self._count()

    def _infer(self, p: str, c: Card, led: Card | None, t: int, pl: Play, out: list[Finding]) -> None:
        """Revoke inference for a player whose hand is unknown: a later play proves an earlier failure.

        A player who did not play trump to a trump lead and later shows the Bird held a trump; but
        whether the Bird was their *only* trump (rook.bird-must-follow-trump) or they also held an
        ordinary one (rook.follow-color) is known only when the hand is over (`settle`).
        """
        still: list[Pending] = []
        asked = _asked()
        for w in self.pending[p]:
            rule = _proven(w, c, asked)
            if rule is not None:
                out.append(_f(rule, _proven_words(p, c, t, w, self.table.has_bird), line=w.play.line,
                              hand=self.number, trick=w.trick, player=p))
            elif w.kind == "trump" and c.is_bird:
                still.append(w._replace(bird=t))
            else:
                still.append(w)
        if led is not None and not c.is_bird:
            self._failed_to_follow(p, c, led, t, pl, still)
        self.pending[p] = tuple(still)

    def _failed_to_follow(self, p: str, c: Card, led: Card, t: int, pl: Play, still: list[Pending]) -> None:
        """A failure to follow that a later play may prove a revoke, and (the legal reading) a void."""
        trump = self.trump
        if led.is_bird:
            if trump is not None and c.color != trump:
                still.append(Pending(trump, t, pl, "bird"))
        elif led.color == trump:
            if c.color != trump:
                still.append(Pending(trump, t, pl, "trump"))
        elif c.color != led.color:
            still.append(Pending(led.color, t, pl, "follow"))
        want = trump if is_trump(led, trump) else led.color
        if want is not None and c.color != want:
            self.voids[p] = self.voids[p] | {want}

    def settle(self) -> list[Finding]:
        """At the end of the recorded play (rook.bird-must-follow-trump): a player who hid the Bird
        from a trump lead and never showed another trump held the Bird as their only trump."""
        if "rook.bird-must-follow-trump" not in _asked():
            return []
        done = self.trick_no > TRICKS
        return [_f("rook.bird-must-follow-trump", _hidden_bird_words(p, w, done), line=w.play.line, hand=self.number,
                   trick=w.trick, player=p)
                for p in self.table.players for w in self.pending[p] if w.kind == "trump" and w.bird]

    # --- the result ----------------------------------------------------------------------

    def _count(self) -> None:
        """The nine tricks' result, worked out once for the result's checks (`tally`). The nest:
        what 36 different cards played leave of the deck (whatever the discard says), else the
        discard as written, else whatever the played counters leave."""
        tricks, deck = self.tricks[:TRICKS], self.table.deck
        shown = {pl.card for tr in tricks for pl in tr.plays}
        if len(shown) == TRICKS * 4 and shown <= deck:
            nest: tuple[Card, ...] | None = tuple(deck - shown)  # unordered: the replay sorts it for display
            nest_points = sum(c.points for c in nest)  # type: ignore[union-attr]
        elif self.discarded is not None:
            nest, nest_points = self.discarded, sum(c.points for c in self.discarded)
        else:
            nest, nest_points = None, max(0, self.table.total - sum(tr.points for tr in tricks))
        teams = self.table.teams
        points = {t: 0 for t in teams.labels}
        for tr in tricks:
            points[teams.of[tr.winner]] += tr.points
        points[teams.of[tricks[-1].winner]] += nest_points
        # A card played again that the rest of the hand does not identify (rook.deck) stands for a card
        # whose counters are unknown, as a card outside the deck does: counting it twice broke the total.
        different = len(shown) == sum(len(tr.plays) for tr in tricks)
        self.tally = Tally(shown <= deck and different, nest, nest_points, points, tricks[-1].winner)

    def whole_tricks(self) -> list[PlayedTrick]:
        """The tricks played so far that are whole (they have a winner)."""
        return [tr for tr in self.tricks if tr.winner is not None]

    def won_so_far(self) -> dict[str, int] | None:
        """Counters each team won in the whole tricks played before the 9th (no nest yet); None once the
        hand is counted, before a trick is won, or when a card played is not one of the deck's, or is
        played twice (its counters are not known)."""
        tricks = self.whole_tricks()
        cards = [pl.card for tr in tricks for pl in tr.plays]
        if self.tally is not None or not tricks or len(set(cards)) != len(cards) or not set(cards) <= self.table.deck:
            return None
        teams = self.table.teams
        won = {t: 0 for t in teams.labels}
        for tr in tricks:
            won[teams.of[tr.winner]] += tr.points  # type: ignore[index]
        return won

    def points_fit(self, team: str, value: int) -> bool:
        """Whether `value` can be the points `team` captures, as the tricks played before the 9th show them
        (`won_so_far`; after 8, the rest goes to one team whole); True when they show nothing."""
        so_far = self.won_so_far()
        if so_far is None:
            return True
        won = so_far[team]
        if len(self.whole_tricks()) == TRICKS - 1:
            return value in (won, won + self.table.total - sum(so_far.values()))
        return value >= won

    def captured(self) -> dict[str, int] | None:
        """Counters captured per team once all 9 tricks are played (the nest to the last trick)."""
        return None if self.tally is None else dict(self.tally.points)


__all__ = ["CHECKS", "Check", "DealPosition", "DealSoFar", "DealtEntry", "HandPosition", "Scoring",
           "Totals", "deal_answers", "off_the_sheet", "Table", "failing", "first_failing", "from_left", "left_of",
           "seating", "summary_finding", "trick_winner", "all_pass_words"]
