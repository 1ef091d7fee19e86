"""Daifugō records: YAML → frozen values. Only shape and spelling are judged here, never rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ... import fields
from ...errors import InputError
from ...game import Header, read_header
from ...yamlio import Map, Node, Scalar, Seq
from .cards import CARD_HELP, DCard, Joker, parse
from .model import Pass, Play
from .options import OPTIONS

SET_KEYS = ("players", "first", "blind", "games")
GAME_KEYS = ("out", "fouls", "ranks", "deal", "exchange", "plays")
PASS_WORDS = frozenset(("pass", "passes", "passed", "p", "パス", "-"))


class Names(NamedTuple):
    """A list of player names as written (`out`, `fouls`, `ranks`), with the line of each."""

    names: tuple[str, ...]
    lines: tuple[int, ...]
    line: int

    def line_of(self, name: str) -> int:
        return self.lines[self.names.index(name)] if name in self.names else self.line


class Hands(NamedTuple):
    """`{player: cards}` (a deal or an exchange) with the line of each player's cards."""

    cards: Mapping[str, tuple[DCard, ...]]
    lines: Mapping[str, int]
    line: int


class GameRecord(NamedTuple):
    """One game as recorded; None where the record does not say."""

    number: int
    line: int
    out: Names | None = None
    fouls: Names | None = None
    ranks: Names | None = None
    deal: Hands | None = None
    exchange: Hands | None = None
    plays: tuple[Play | Pass, ...] | None = None


class SetRecord(NamedTuple):
    number: int
    line: int
    players: tuple[str, ...]
    """The seating for this set, clockwise."""
    first: str
    """The spade seat: who leads game 1."""
    blind: tuple[DCard, ...] | None
    blind_line: int | None
    games: tuple[GameRecord, ...]


class Record(NamedTuple):
    header: Header
    sets: tuple[SetRecord, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.players


def _empty(node: Node | None) -> bool:
    """Nothing written: a missing key, `null`/`~`, or an empty value (`-` alone on a line)."""
    return node is None or (isinstance(node, Scalar) and (node.is_null or node.value == ""))


def _names(node: Node, players: tuple[str, ...], what: str) -> Names:
    found: list[str] = []
    lines: list[int] = []
    for item in fields.items(node, what):
        name = fields.player(item, players, what)
        if name in found:
            raise InputError(f"`{name}` is listed twice in {what}", item.line)
        found.append(name)
        lines.append(item.line)
    return Names(tuple(found), tuple(lines), node.line)


def _hands(node: Node, players: tuple[str, ...], what: str) -> Hands:
    """A deal or an exchange: the jokers as dealt, never standing in for a card."""
    cards: dict[str, tuple[DCard, ...]] = {}
    lines: dict[str, int] = {}
    for name, _k, v in fields.per_player(node, players, what):
        got = fields.cards(v, f"{what} ({name})", parse, CARD_HELP)
        for c in got:
            if type(c) is Joker and c.stands_for is not None:
                raise InputError(f"`{c}` in {what} ({name}): a joker only stands in for a card when it is "
                                 "played; write it here as `JK`", v.line)
        cards[name] = got
        lines[name] = v.line
    return Hands(cards, lines, node.line)


def _turn(node: Node, players: tuple[str, ...], i: int, game: str) -> Play | Pass:
    """Play `i` of `game`: `{player: cards}` or `{player: pass}`."""
    if isinstance(node, Map) and len(node.pairs) == 1:  # the common forms, a player named as written
        key, value = node.pairs[0]
        if isinstance(key, Scalar) and key.plain and key.value in players and (quick := _common(key.value, value)):
            return quick
    where = f"play {i} of {game}"
    m = fields.mapping(node, where)
    if len(m.pairs) != 1:
        raise InputError(f"{where} must name one player: `{{player: cards}}` or `{{player: pass}}`, one "
                         "turn per list entry", m.line)
    key, value = m.pairs[0]
    name = key.value if key.plain and key.value in players else fields.player(key, players, where)
    quick = _common(name, value)
    if quick is not None:
        return quick
    cards = fields.cards(value, f"{where} ({name})", parse, CARD_HELP + "; or `pass`")
    if not cards:
        raise InputError(f"{where} ({name}) has no cards: write the cards played, or `pass`", value.line)
    return Play(name, cards, value.line)


def _common(name: str, value: Node) -> Play | Pass | None:
    """The turn of `name` when `value` is in a common form — `pass`, `9H 10H JH`, a list of plain
    cards — read without a location text per card; else None."""
    if isinstance(value, Scalar):
        if value.value.strip().lower() in PASS_WORDS:
            return Pass(name, value.line)
        if "," in value.value:
            return None
        texts = value.value.split()
    elif isinstance(value, Seq) and all(isinstance(c, Scalar) for c in value.items):
        texts = [c.value.strip() for c in value.items]  # type: ignore[union-attr]
    else:
        return None
    cards = tuple(map(parse, texts))
    return Play(name, cards, value.line) if cards and None not in cards else None


def _game(node: Node, number: int, s: int, players: tuple[str, ...]) -> GameRecord:
    where = f"game {number} of set {s}"
    if _empty(node):
        return GameRecord(number, node.line)
    m = fields.mapping(node, where)
    top = fields.keys(m, where, GAME_KEYS)
    kw: dict[str, object] = {}
    if not _empty(top.get("out")):
        kw["out"] = _names(top["out"], players, f"`out` of {where}")
    if not _empty(top.get("fouls")):
        fouls = _names(top["fouls"], players, f"`fouls` of {where}")
        out = kw.get("out")
        for name, line in zip(fouls.names, fouls.lines):
            if not isinstance(out, Names) or name not in out.names:
                raise InputError(f"`{name}` is in `fouls` of {where} but not in `out`: only players in `out` "
                                 "may be in `fouls` (those who went out by a forbidden finish)", line)
        kw["fouls"] = fouls
    if not _empty(top.get("ranks")):
        ranks = _names(top["ranks"], players, f"`ranks` of {where}")
        missing = [p for p in players if p not in ranks.names]
        if missing:
            raise InputError(f"`ranks` of {where} must list all {len(players)} players, 大富豪 first; "
                             f"{', '.join(missing)} missing", ranks.line)
        kw["ranks"] = ranks
    if not _empty(top.get("deal")):
        kw["deal"] = _hands(top["deal"], players, f"the deal of {where}")
    if not _empty(top.get("exchange")):
        kw["exchange"] = _hands(top["exchange"], players, f"the exchange of {where}")
    if "plays" in top:
        turns = () if _empty(top["plays"]) else fields.sequence(top["plays"], f"`plays` of {where}").items
        kw["plays"] = tuple([_turn(t, players, i, where) for i, t in enumerate(turns, 1)])
    return GameRecord(number, m.line, **kw)  # type: ignore[arg-type]


def _set(node: Node, number: int, seats: tuple[str, ...]) -> SetRecord:
    where = f"set {number}"
    m = fields.mapping(node, where)
    top = fields.keys(m, where, SET_KEYS)
    if "players" in top:
        seq = fields.sequence(top["players"], f"`players` of {where}")
        order = [fields.player(item, seats, f"`players` of {where}") for item in seq.items]
        if sorted(order) != sorted(seats):
            raise InputError(f"`players` of {where} reseats the same {len(seats)} players in a new clockwise "
                             f"order; it must list each of {', '.join(seats)} once", seq.line)
        seats = tuple(order)
    first = fields.player(top["first"], seats, f"`first` of {where}") if "first" in top else seats[0]
    blind: tuple[DCard, ...] | None = None
    blind_line = None
    if "blind" in top:
        blind = fields.cards(top["blind"], f"`blind` of {where}", parse, CARD_HELP)
        blind_line = top["blind"].line
    games: tuple[GameRecord, ...] = ()
    if not _empty(top.get("games")):
        seq = fields.sequence(top["games"], f"`games` of {where}")
        games = fields.each(seq.items, lambda g, i: _game(g, i, number, seats),
                            lambda i: f"game {i} of set {number}")
    return SetRecord(number, m.line, seats, first, blind, blind_line, games)


def read(doc: Map) -> Record:
    header, top = read_header(doc, "daifugo", ("sets",), range(4, 5), OPTIONS,
                              " (the league's four-player rules; its three-player rules — a revolution with "
                              "three of a kind, another deck and exchange — are a different game)")
    sets: tuple[SetRecord, ...] = ()
    node = top.get("sets")
    if not _empty(node):
        assert node is not None
        seq = fields.sequence(node, "`sets`")
        sets = fields.each(seq.items, lambda s, i: _set(s, i, header.players), "set {}".format)
    return Record(header, sets)


__all__ = ["GameRecord", "Hands", "Names", "Record", "SetRecord", "read"]
