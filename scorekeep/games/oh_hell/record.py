"""Oh Hell records: YAML → frozen values. Only shape and spelling are judged here, never rules."""

# No `from __future__ import annotations`: with it, NamedTuple makes each field's annotation text a
# ForwardRef, compiling it, which took a third of this module's import time.

import re
from collections.abc import Mapping
from typing import NamedTuple

from ... import fields
from ...cards import CARD_HELP, Card, parse_card_or_joker, parse_suit
from ...errors import InputError
from ...game import Header, Trick, read_header, read_tricks
from ...yamlio import Map, Node, Scalar, Seq, plain_items
from .options import OPTIONS

NO_TRUMP = "none"

HAND_KEYS = ("cards", "dealer", "turn_up", "trump", "deal", "bids", "play", "tricks", "scores", "totals")


class Entry(NamedTuple):
    """A number written for one player (a bid, a trick count, a score) and where."""

    player: str
    value: int
    line: int


class Hand(NamedTuple):
    """One hand as recorded; None where the record does not say."""

    number: int
    line: int
    cards: Entry | None = None
    dealer: str | None = None
    dealer_line: int | None = None
    turn_up: Card | None = None
    turn_up_line: int | None = None
    trump: str | None = None
    """'S', 'H', 'D', 'C', NO_TRUMP, or None when not written."""
    trump_line: int | None = None
    deal: Mapping[str, tuple[Card, ...]] | None = None
    deal_lines: Mapping[str, int] | None = None
    bids: tuple[Entry, ...] = ()
    bids_line: int = 0
    play: tuple[Trick, ...] | None = None
    play_line: int | None = None
    tricks: tuple[Entry, ...] | None = None
    tricks_line: int | None = None
    scores: tuple[Entry, ...] | None = None
    scores_line: int | None = None
    totals: tuple[Entry, ...] | None = None
    """The running totals after this hand, as the sheet keeps them."""
    totals_line: int | None = None


class Record(NamedTuple):
    header: Header
    first_dealer: str
    pattern: tuple[int, ...]
    hands: tuple[Hand, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.players


_PATTERN = re.compile(r"\s*(\d+)\s*\.\.\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?\Z")


def default_pattern(n_players: int) -> str:
    top = min(10, 51 // n_players)
    return f"{top}..1..{top}"


def expand_pattern(text: str, n_players: int, line: int | None) -> tuple[int, ...]:
    """`10..1..10` → (10, 9, …, 1, …, 10): the turning point is played once."""
    m = _PATTERN.match(text)
    if not m:
        raise InputError(f"option `deal_pattern` cannot be `{text}`: write `A..B` or `A..B..C`, "
                         "e.g. `10..1..10` or `1..10`", line)
    points = [int(g) for g in m.groups() if g is not None]
    if min(points) < 1:
        raise InputError(f"option `deal_pattern` `{text}`: every hand deals at least 1 card", line)
    if max(points) * n_players > 51:  # also keeps a huge number from building a huge pattern
        raise InputError(
            f"option `deal_pattern` `{text}`: {max(points)} cards each to {n_players} players leaves no "
            f"card to turn up for trump (at most {51 // n_players} each)", line)
    sizes = [points[0]]
    for target in points[1:]:
        step = 1 if target > sizes[-1] else -1
        sizes.extend(range(sizes[-1] + step, target + step, step))
    return tuple(sizes)


def _entries(node: Node, players: tuple[str, ...], key: str, noun: str, where: str) -> tuple[Entry, ...]:
    """`{player: number}` as Entries: `bids`, `tricks`, `scores`, `totals`; or a list of numbers
    in seat order (`[3, 2, 3, 1]`), one per player. Each player at most once (a mapping's keys
    are unique), so there are as many entries as players exactly when none is missing."""
    if isinstance(node, Seq):
        if len(node.items) != len(players):
            raise InputError(
                f"`{key}` of {where} lists {len(node.items)} number{'s' if len(node.items) != 1 else ''} for "
                f"{len(players)} players: a list gives one number per player in seat order "
                f"({', '.join(players)}); or write `{{player: number}}`", node.line)
        return tuple(Entry(name, _number(v, name, noun, where), v.line) for name, v in zip(players, node.items))
    written = plain_items(node)
    if written is not None:
        # The usual `{player: number}`, read as below with no message to make.
        out = []
        for name, raw, line in written:
            # `fields.digits` inline: plain ASCII digits (this runs for every number of a long record)
            if raw is None or not (raw.isdigit() and raw.isascii() and len(raw) <= 30) or name not in players:
                break
            out.append(_new(Entry, (name, int(raw), line)))
        else:
            return tuple(out)
    return tuple(Entry(name, _number(v, name, noun, where), k.line)
                 for name, k, v in fields.per_player(node, players, f"`{key}` of {where}"))


_new = tuple.__new__  # a named tuple made without its Python-level __new__ (per number, per hand)


def _number(node: Node, name: str, noun: str, where: str) -> int:
    """One player's number; the message is made only for a number that is not plain digits."""
    n = fields.digits(node)
    return n if n is not None else fields.whole(node, f"{name}'s {noun} in {where}")


def _card(node: Node, what: str) -> Card:
    return fields.card(node, what, parse_card_or_joker, CARD_HELP)


def _trump(node: Node, where: str) -> str:
    """`trump:` as a suit letter, or NO_TRUMP for `none` (and its other spellings)."""
    raw = fields.text(node, f"`trump` of {where}")
    trump = NO_TRUMP if raw.lower() in ("none", "no", "no trump", "notrump", "nt", "-") else parse_suit(raw)
    if trump is None:
        raise InputError(f"`trump` of {where} cannot be `{raw}`: write a suit (S H D C, ♠ ♥ ♦ ♣, "
                         "or spades, hearts, diamonds, clubs) or `none`", node.line)
    return trump


def _missing(entries: tuple[Entry, ...], players: tuple[str, ...], message: str, line: int | None) -> None:
    """A hand whose bids or tricks leave players out: `message` names them."""
    given = {e.player for e in entries}
    raise InputError(message.format(", ".join(p for p in players if p not in given)), line)


def _hand(node: Node, number: int, players: tuple[str, ...]) -> Hand:
    where = f"hand {number}"
    if node.__class__ is not Map:
        fields.mapping(node, where)  # raises
    m: Map = node  # type: ignore[assignment]
    # `fields.keys(m, where, HAND_KEYS, required=("bids",))` for the usual hand, which it is
    # asked only to word a slip; `play:` or `bids:` with nothing after it is a hand in
    # progress, the same as leaving it out.
    top: dict[str, Node] = {}
    for k, v in m.pairs:
        if k.value not in HAND_KEYS:
            fields.keys(m, where, HAND_KEYS, required=("bids",))  # raises
        if not (v.__class__ is Scalar and v.is_null):  # type: ignore[union-attr]
            top[k.value] = v
    if "bids" not in m.index:
        fields.keys(m, where, HAND_KEYS, required=("bids",))  # raises
    cards = dealer = turn_up = trump = deal = deal_lines = play = tricks = scores = totals = None
    dealer_line = turn_up_line = trump_line = play_line = tricks_line = scores_line = totals_line = None
    if "cards" in top:
        v = top["cards"]
        n = fields.digits(v)
        cards = _new(Entry, ("", n if n is not None else fields.whole(v, f"`cards` of {where}"), v.line))
    if "dealer" in top:
        dealer = fields.player(top["dealer"], players, f"`dealer` of {where}")
        dealer_line = top["dealer"].line
    if "turn_up" in top:
        turn_up = _card(top["turn_up"], f"`turn_up` of {where}")
        turn_up_line = top["turn_up"].line
    if "trump" in top:
        trump, trump_line = _trump(top["trump"], where), top["trump"].line
    if "deal" in top:
        deal, deal_lines = {}, {}
        for name, _k, v in fields.per_player(top["deal"], players, f"`deal` of {where}"):
            deal[name] = fields.cards(v, f"the deal to {name} in {where}", parse_card_or_joker, CARD_HELP)
            deal_lines[name] = v.line
    bids = _entries(top["bids"], players, "bids", "bid", where) if "bids" in top else ()
    bids_line = m.key_line("bids")
    if "play" in top:
        play = read_tricks(top["play"], players, f"`play` of {where}", where, _card, parse_card_or_joker)
        play_line = m.key_line("play")
    if "tricks" in top:
        tricks = _entries(top["tricks"], players, "tricks", "tricks taken", where)
        if len(tricks) < len(players):
            _missing(tricks, players, f"`tricks` of {where} has no count for {{}}: give every player's tricks (0 "
                     "where they took none)", top["tricks"].line)
        tricks_line = m.key_line("tricks")
    if "scores" in top:
        scores = _entries(top["scores"], players, "scores", "score", where)
        scores_line = m.key_line("scores")
        _summed(top, "scores", where)
    if "totals" in top:
        totals = _entries(top["totals"], players, "totals", "running total", where)
        totals_line = m.key_line("totals")
        _summed(top, "totals", where)
    if len(bids) < len(players) and ("tricks" in top or "play" in top or "scores" in top or "totals" in top):
        _missing(bids, players, f"{where} was played, but `bids` has no bid for {{}}: every player bids before "
                 "the first card", bids_line)
    return _new(Hand, (number, m.line, cards, dealer, dealer_line, turn_up, turn_up_line, trump, trump_line,
                       deal, deal_lines, bids, bids_line, play, play_line, tricks, tricks_line, scores,
                       scores_line, totals, totals_line))


def _summed(top: dict[str, Node], key: str, where: str) -> None:
    """`scores` and `totals` are checked against the tricks: a hand with neither tricks nor play
    cannot have them."""
    if "tricks" not in top and "play" not in top:
        raise InputError(f"{where} has `{key}` but no `tricks` or `play`: write how many tricks "
                         f"each player took so the {key} can be checked", top[key].line)


def read(doc: Map) -> Record:
    header, top = read_header(doc, "oh-hell", ("first_dealer", "hands"), range(2, 8), OPTIONS)
    players = header.players
    first = fields.player(top["first_dealer"], players, "`first_dealer`") if "first_dealer" in top else players[0]
    pattern_text = header.options["deal_pattern"] or default_pattern(len(players))
    rules_node = top.get("rules")
    line = rules_node.line if rules_node is not None else doc.line
    if isinstance(rules_node, Map) and "deal_pattern" in rules_node.index:
        line = rules_node.get("deal_pattern").line  # type: ignore[union-attr]
    pattern = expand_pattern(pattern_text, len(players), line)
    hands_node = top.get("hands")
    hands: tuple[Hand, ...] = ()
    if hands_node is not None and not (isinstance(hands_node, Scalar) and hands_node.is_null):
        seq = fields.sequence(hands_node, "`hands`")
        hands = fields.each(seq.items, lambda h, i: _hand(h, i, players), "hand {}".format)
    return Record(header, first, pattern, hands)
