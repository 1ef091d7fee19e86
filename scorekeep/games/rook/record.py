"""Rook records: YAML → frozen values. Only shape and spelling are judged here, never rules."""

# No `from __future__ import annotations`: with it, NamedTuple makes each field's annotation text a
# ForwardRef, compiling it, which took a third of this module's import time.

import re
from collections.abc import Mapping
from typing import NamedTuple

from ... import fields
from ...errors import InputError
from ...game import Header, Trick, read_header, read_tricks
from ...yamlio import Map, Node, Scalar, Seq
from .cards import CARD_HELP, Card, is_color_word, parse_card, parse_color
from .model import Teams
from .options import OPTIONS

NO_TRUMP = "none"
"""A `trump` the record gives as none/no trump: readable, but a rook.trump violation."""

HAND_KEYS = ("dealer", "bidding", "bid", "deal", "nest", "discard", "trump", "tricks", "points", "scores",
             "totals")
PLAYED_KEYS = ("bid", "discard", "trump", "tricks", "points", "scores")
"""Keys that say the hand went on past the auction (the deal and the nest come before it)."""

_PASS_WORDS = frozenset(("pass", "p", "過", "过"))
_NO_TRUMP_WORDS = frozenset(("none", "no", "no trump", "notrump", "no-trump", "nt", "無", "無王", "无王"))
_NUMBER = re.compile(r"\d{1,2}\Z")
_WHOLE = re.compile(r"[+-]?\d+\Z")  # \d: full-width digits too (fields.whole reads them)
_TRUMP_HELP = "write red, yellow, black or green (also R Y B G, 紅 黃 黑 綠)"


class Call(NamedTuple):
    """One call of the auction: an amount, or None for a pass. `player` only when the record names it."""

    player: str | None
    amount: int | None
    line: int

    def __str__(self) -> str:
        return "pass" if self.amount is None else str(self.amount)


class Bid(NamedTuple):
    player: str
    amount: int
    line: int


class TeamValue(NamedTuple):
    """Points or a score written for one team (keyed by its label or by either partner)."""

    team: str
    value: int
    line: int


class Hand(NamedTuple):
    """One hand as recorded; None where the record does not say."""

    number: int
    line: int
    dealer: str | None = None
    dealer_line: int | None = None
    bidding: tuple[Call, ...] | None = None
    bidding_line: int | None = None
    bid: Bid | None = None
    deal: Mapping[str, tuple[Card, ...]] | None = None
    deal_lines: Mapping[str, int] | None = None
    nest: tuple[Card, ...] | None = None
    nest_line: int | None = None
    discard: tuple[Card, ...] | None = None
    discard_line: int | None = None
    trump: str | None = None
    """'R', 'Y', 'B', 'G', NO_TRUMP, or None when not written."""
    trump_line: int | None = None
    tricks: tuple[Trick, ...] | None = None
    tricks_line: int | None = None
    points: Mapping[str, TeamValue] | None = None
    points_line: int | None = None
    scores: Mapping[str, TeamValue] | None = None
    scores_line: int | None = None
    totals: Mapping[str, TeamValue] | None = None
    """The running totals after this hand, as the sheet keeps them."""
    totals_line: int | None = None
    played_line: int | None = None
    """Line of the first key that shows the hand went on past the auction, if any."""


class Record(NamedTuple):
    header: Header
    first_dealer: str
    teams: Teams
    hands: tuple[Hand, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.players


# --- cards -------------------------------------------------------------------------------

def _tokens(node: Node, what: str) -> list[Scalar]:
    """Card texts of a list or a string; `red 14` split at the space is joined back together."""
    raw = fields.items(node, what)
    if isinstance(node, Seq):
        return raw
    out: list[Scalar] = []
    for item in raw:
        if out and _NUMBER.match(item.value) and is_color_word(out[-1].value):
            out[-1] = Scalar(f"{out[-1].value} {item.value}", item.line, item.plain)
        else:
            out.append(item)
    return out


def read_cards(node: Node, what: str) -> tuple[Card, ...]:
    found = fields.card_list(node, parse_card)  # the usual list of card texts (as `_tokens` reads a list)
    if found is not None:
        return found
    out = []
    for item in _tokens(node, what):
        card = parse_card(item.value.strip())
        if card is None:
            raise InputError(f"`{item.value}` in {what} is not a Rook card: {CARD_HELP}"
                             f"{fields.card_hint(item.value, parse_card)}", item.line)
        out.append(card)
    return tuple(out)


def read_card(node: Node, what: str) -> Card:
    return fields.card(node, what, parse_card, CARD_HELP)


# --- parts of a hand ---------------------------------------------------------------------

def _amount(node: Node, what: str) -> int | None:
    if isinstance(node, Scalar) and node.value.strip().lower() in _PASS_WORDS:
        return None
    if isinstance(node, Scalar) and not _WHOLE.match(node.value.strip()):
        raise InputError(f"{what} must be a whole number or `pass`, not {fields.kind(node)}", node.line)
    return fields.whole(node, what)


def _bidding(node: Node, players: tuple[str, ...], where: str) -> tuple[Call, ...]:
    seq = fields.sequence(node, f"`bidding` of {where}")
    calls = []
    for i, item in enumerate(seq.items, 1):
        what = f"call {i} of the bidding in {where}"
        if isinstance(item, Map):
            if len(item.pairs) != 1:
                raise InputError(f"{what} names {len(item.pairs)} players: write one call per entry, "
                                 "e.g. `{North: 70}` or `{East: pass}`", item.line)
            key, value = item.pairs[0]
            who = fields.player(key, players, what)
            calls.append(Call(who, _amount(value, what), value.line))
        else:
            calls.append(Call(None, _amount(item, what), item.line))
    return tuple(calls)


def _bid(node: Node, players: tuple[str, ...], where: str) -> Bid:
    pairs = fields.per_player(node, players, f"`bid` of {where}")
    if len(pairs) != 1:
        raise InputError(f"`bid` of {where} is the winning bid: one player and amount, e.g. "
                         "`{North: 95}`", node.line)
    name, _k, v = pairs[0]
    return Bid(name, fields.whole(v, f"the bid of {name}"), v.line)


def _trump(node: Node, where: str) -> str:
    raw = fields.text(node, f"`trump` of {where}")
    if raw.strip().lower() in _NO_TRUMP_WORDS:
        return NO_TRUMP
    color = parse_color(raw)
    if color is None:
        raise InputError(f"`trump` of {where} cannot be `{raw}`: {_TRUMP_HELP}", node.line)
    return color


def _team_values(node: Node, teams: Teams, players: tuple[str, ...], what: str) -> dict[str, TeamValue]:
    if isinstance(node, Seq):
        # Two numbers, the team of the first player first (records.md).
        if len(node.items) != 2:
            raise InputError(f"{what} lists {len(node.items)} number{'s' if len(node.items) != 1 else ''}: write two, "
                             f"the team of the first player first (`[{teams.labels[0]} …, {teams.labels[1]} …]`), "
                             f"or `{{{teams.labels[0]}: …, {teams.labels[1]}: …}}`", node.line)
        return {t: TeamValue(t, fields.whole(v, f"{what} of {t}"), v.line) for t, v in zip(teams.labels, node.items)}
    m = fields.mapping(node, what)
    out: dict[str, TeamValue] = {}
    for key, value in m.pairs:
        name = key.value.strip() if key.plain else key.value
        team = name if name in teams.members else teams.of.get(name)
        if team is None:
            choices = [*teams.labels, *players]
            raise InputError(f"`{name}` in {what} is neither a team nor a player{fields.did_you_mean(name, choices)} "
                             f"(teams: {', '.join(teams.labels)}; or either partner's name)", key.line)
        if team in out:
            raise InputError(f"{what} gives {team} twice (line {out[team].line} and here): write one number "
                             "per team, keyed by its label or by either partner", key.line)
        out[team] = TeamValue(team, fields.whole(value, f"{what} of {team}"), value.line)
    if not out:
        raise InputError(f"{what} is empty: write `{{{teams.labels[0]}: …, {teams.labels[1]}: …}}`", m.line)
    return out


def _hand(node: Node, number: int, players: tuple[str, ...], teams: Teams) -> Hand:
    where = f"hand {number}"
    m = fields.mapping(node, where)
    top = fields.keys(m, where, HAND_KEYS)
    kw: dict[str, object] = {}
    if "dealer" in top:
        kw["dealer"] = fields.player(top["dealer"], players, f"`dealer` of {where}")
        kw["dealer_line"] = top["dealer"].line
    if "bidding" in top:
        kw["bidding"] = _bidding(top["bidding"], players, where)
        kw["bidding_line"] = top["bidding"].line
    if "bid" in top:
        kw["bid"] = _bid(top["bid"], players, where)
    if "deal" in top:
        deal: dict[str, tuple[Card, ...]] = {}
        lines: dict[str, int] = {}
        for name, _k, v in fields.per_player(top["deal"], players, f"`deal` of {where}"):
            deal[name] = read_cards(v, f"the deal to {name} in {where}")
            lines[name] = v.line
        kw["deal"], kw["deal_lines"] = deal, lines
    for key in ("nest", "discard"):
        if key in top:
            kw[key] = read_cards(top[key], f"`{key}` of {where}")
            kw[f"{key}_line"] = top[key].line
    if "trump" in top:
        kw["trump"], kw["trump_line"] = _trump(top["trump"], where), top["trump"].line
    if "tricks" in top:
        kw["tricks"] = read_tricks(top["tricks"], players, f"`tricks` of {where}", where, read_card, parse_card)
        kw["tricks_line"] = top["tricks"].line
        if "trump" not in top:
            raise InputError(f"{where} has `tricks` but no `trump`: write the trump color the bid winner "
                             "named, so that trick winners can be judged", top["tricks"].line)
    for key in ("points", "scores", "totals"):
        if key in top:
            kw[key] = _team_values(top[key], teams, players, f"`{key}` of {where}")
            kw[f"{key}_line"] = top[key].line
    # A thrown-in hand (all four passed) may write its 0-0 on the sheet: that is not playing on.
    # Other scores on it are judged (rook.all-pass), not refused: there are no points to give.
    calls = kw.get("bidding")
    all_pass = ("bid" not in top and calls is not None and len(calls) >= 4  # type: ignore[arg-type]
                and all(c.amount is None for c in calls))  # type: ignore[attr-defined, union-attr]
    thrown_zero = all_pass and "scores" in top and all(
        v.value == 0 for v in kw["scores"].values())  # type: ignore[attr-defined]
    if "scores" in top and "points" not in top and "tricks" not in top and not all_pass:
        raise InputError(f"{where} has `scores` but neither `points` nor `tricks`: write the points each "
                         "team captured so the scores can be checked", top["scores"].line)
    played = [top[k].line for k in PLAYED_KEYS if k in top and not (k == "scores" and thrown_zero)]
    if played:
        kw["played_line"] = min(played)
        if "bid" not in top and "bidding" not in top:
            first = next(k for k in PLAYED_KEYS if k in top and top[k].line == min(played))
            raise InputError(f"{where} has `{first}` but neither `bidding` nor `bid`: write who won the "
                             "auction and at what bid, e.g. `bid: {North: 95}`", top[first].line)
    return Hand(number, m.line, **kw)  # type: ignore[arg-type]


# --- the record --------------------------------------------------------------------------

def default_teams(players: tuple[str, ...]) -> Teams:
    a, b = (players[0], players[2]), (players[1], players[3])
    labels = (f"{a[0]}/{a[1]}", f"{b[0]}/{b[1]}")
    if labels[0] == labels[1] or set(labels) & set(players):
        labels = ("team " + labels[0], "team " + labels[1])  # `/` in names: keep labels distinct
    return Teams(labels, {labels[0]: a, labels[1]: b}, {p: labels[0] if p in a else labels[1] for p in players})


def read_teams(node: Node, players: tuple[str, ...]) -> Teams:
    m = fields.mapping(node, "`teams`")
    if len(m.pairs) != 2:
        raise InputError(f"`teams` names {len(m.pairs)} teams; Rook has two partnerships, e.g. "
                         f"`{{Us: [{players[0]}, {players[2]}], Them: [{players[1]}, {players[3]}]}}`", m.line)
    members: dict[str, tuple[str, str]] = {}
    for key, value in m.pairs:
        label = fields.text(key, "a team label")
        fields.fits(label, key.line, "a team's label")  # printed on every row, as a name is
        seq = fields.sequence(value, f"team `{label}`")
        names = [fields.player(item, players, f"team `{label}`") for item in seq.items]
        if len(names) != 2 or names[0] == names[1]:
            raise InputError(f"team `{label}` must list two different players", value.line)
        members[label] = (names[0], names[1])
    (la, a), (lb, b) = members.items()
    if set(a) & set(b):
        both = ", ".join(sorted(set(a) & set(b)))
        raise InputError(f"{both} is in both teams", m.line)
    i, j = players.index(a[0]), players.index(a[1])
    if (i - j) % 4 != 2:
        raise InputError(f"team `{la}` pairs {a[0]} and {a[1]}, who sit next to each other: partners sit "
                         f"opposite (with `players` in clockwise order, {players[0]} partners {players[2]} "
                         f"and {players[1]} partners {players[3]})", m.line)
    of = {p: la if p in a else lb for p in players}
    for label, mine in members.items():
        if label in players and label not in mine:
            raise InputError(f"the label `{label}` is the name of a player in the other team: points keyed "
                             f"`{label}` would be ambiguous", m.line)
    first = of[players[0]]
    labels = (first, lb if first == la else la)
    return Teams(labels, members, of)


def read(doc: Map) -> Record:
    header, top = read_header(doc, "rook", ("first_dealer", "teams", "hands"), range(4, 5), OPTIONS,
                              " (two partnerships of two, partners sitting opposite)")
    players = header.players
    first = fields.player(top["first_dealer"], players, "`first_dealer`") if "first_dealer" in top else players[0]
    teams = read_teams(top["teams"], players) if "teams" in top else default_teams(players)
    hands_node = top.get("hands")
    hands: tuple[Hand, ...] = ()
    if hands_node is not None and not (isinstance(hands_node, Scalar) and hands_node.is_null):
        seq = fields.sequence(hands_node, "`hands`")
        hands = fields.each(seq.items, lambda h, i: _hand(h, i, players, teams), "hand {}".format)
    return Record(header, first, teams, hands)
