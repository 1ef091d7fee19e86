"""`why`: one move of a record, explained — the position as the table saw it, the decision in the
rules' order, the legal choices, and the ruling on what was played (legal or not).

    >>> from scorekeep import api, why
    >>> audit = api.audit(api.load("tests/records/daifugo/lock.yaml"))
    >>> ex = api.explain(audit, why.Location(set=1, game=1, play=3))
    >>> ex.ruling.rule, ex.ruling.legal
    ('daifugo.suit-lock', False)

Each game's part (`scorekeep/games/<game>/explain.py`: `explain`, `location_of`, `about`) walks the
record through that game's engine — the same walk `check` and `replay --legal` make (the driver
keeps the engine's positions) — to the location, asks the position there for its
`ruling(move)` and names the facts. Nothing is judged here: the engine judges; this module
finds the place (without a location, the record's first violation) and the finding about the
move, and holds what the games' parts share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .engine import Ruling
from .errors import Finding
from .game import Audit


class Location(NamedTuple):
    """Where in a record: a hand and a trick or a bid (Rook, Oh Hell), or a set, a game and a play
    or the exchange (Daifugō); `player` picks one player's move there. 1-based; None: not given."""

    hand: int | None = None
    trick: int | None = None
    bid: int | None = None
    """The bid (Rook: the call) by its place in the hand's bidding, 1 first."""
    player: str | None = None
    set: int | None = None
    game: int | None = None
    play: int | None = None
    exchange: bool = False

    def __str__(self) -> str:
        parts = [f"{k} {v}" for k in ("set", "game", "hand", "trick", "bid", "play")
                 if (v := getattr(self, k)) is not None]
        if self.exchange:
            parts.append("the exchange")
        if self.player is not None:
            parts.append(self.player)
        return ", ".join(parts) or "the record"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: v for k in ("set", "game", "hand", "trick", "bid", "play", "player")
                               if (v := getattr(self, k)) is not None}
        if self.exchange:
            out["exchange"] = True
        return out


class Explanation(NamedTuple):
    """One move explained: where (`location`, `line`), who made it and what it was (`player`,
    `move` as canonical text), the position as (label, text) pairs (`facts`), the engine's
    `ruling`, the legal choices there (`choices`: the ruling's `allowed`, else the position's
    legal moves; None when the record does not let them be listed), and, when it was found as a
    violation of the record, that `finding` (the words `check` printed)."""

    game: str
    location: Location
    line: int | None
    player: str | None
    move: str
    facts: tuple[tuple[str, str], ...]
    ruling: Ruling
    choices: tuple[str, ...] | None
    said: str = ""
    """The move in a card player's words: `丙 played 9♠`."""
    finding: Finding | None = None
    no_choice: str = ""
    """Why `choices` is empty, in a player's words: `it was 乙's turn, not 丙's`, `the auction was over`."""

    def to_json(self) -> dict[str, Any]:
        r = self.ruling
        return {
            "game": self.game, "location": self.location.to_json(), "line": self.line, "player": self.player,
            "move": self.move, "said": self.said, "rule": r.rule, "legal": r.legal, "reason": r.reason,
            "allowed": list(self.choices) if self.choices is not None else None,
            "see": list(r.see),
            "steps": [{"question": s.question, "answer": s.answer, "rule": s.rule} for s in r.steps],
            "position": [{"label": k, "text": v} for k, v in self.facts],
            "violation": self.finding.to_json() if self.finding is not None else None,
            "no_choice": self.no_choice or None,
        }


class NoSuchPlace(Exception):
    """The location is not in the record (says what there is: "the record has 3 hands (1–3)")."""


def explain(audit: Audit, location: Location | None = None) -> Explanation | None:
    """The ruling on the move at `location` of an audited record, explained. Without a location:
    the record's first violation (None when it has none). Raises NoSuchPlace for a location the
    record does not have."""
    from .games import REGISTRY

    part = REGISTRY.part(audit.game, "explain")  # the game's own walk to the move, and its words
    if part is None:
        raise NoSuchPlace(f"`why` does not explain {audit.game} records yet")
    finding: Finding | None = None
    if location is None or location == Location():
        if not audit.violations:
            return None
        finding = audit.violations[0]
        location = part.location_of(finding)
    elif _only_a_hand_or_game(location):  # the first violation there, if any
        finding = next((v for v in audit.violations if _within(v, location)), None)
        if finding is not None:
            location = part.location_of(finding)
    ex = part.explain(audit, location, finding)
    if not ex.move:  # no single move: the finding is the ruling
        return ex
    if finding is None:  # what check reported at this move, if anything (a walk that read the record
        # again with every finding worded has found it already: past the cap, `audit` only counts it)
        finding = ex.finding or reported(audit.violations, ex, part.about)
    if finding is not None and ex.ruling.legal:
        if ex.location.bid is not None:
            # A call or bid is judged when it is made, on what the table knew: nothing later can
            # prove it wrong. A finding here is about another call on its line (`[pass, pass, 70]`).
            finding = None
        else:
            ex = _proven(ex, finding)
    return ex._replace(finding=finding)


def reported(findings: list[Finding], ex: Explanation, about: Callable[[str, Location], bool]) -> Finding | None:
    """The finding about the move `ex` explains, if any: one of the ruling's rule first. `about`
    is the game's: whether a finding of a rule can be about the kind of move the location names."""
    here = [v for v in findings if _at(v, ex, about)]
    return next((v for v in here if v.rule == ex.ruling.rule), here[0] if here else None)


def _at(v: Finding, ex: Explanation, about: Callable[[str, Location], bool]) -> bool:
    """Whether the violation `v` is about the move `ex` explains."""
    loc = ex.location
    if v.player != ex.player or any(getattr(v, k) != getattr(loc, k) for k in ("set", "game", "hand", "trick",
                                                                               "play")):
        return False
    if not about(v.rule, loc):
        return False
    if loc.bid is not None:
        # A finding names the hand and the player, not which of their calls: a Rook player may call
        # many times in one auction, so the call's line tells theirs apart.
        return v.line is None or ex.line is None or v.line == ex.line
    return True


def _proven(ex: Explanation, f: Finding) -> Explanation:
    """The engine found the move legal on what was known then, but the record proves it was not:
    a revoke shown by a card of the led suit played later, where the deal is not recorded."""
    # The step of that rule answered on what was known then ("yes" too, where no deal was written).
    steps = tuple(s._replace(answer=f"not known then; proven later: {f.message}")
                  if s.rule == f.rule and (s.answer == "yes" or s.answer.startswith(("not known", "unknown"))) else s
                  for s in ex.ruling.steps)
    ruling = Ruling(ex.move, False, f.rule, f.message, f.allowed, f.see, steps)
    if f.allowed is None:
        return ex._replace(ruling=ruling)
    return ex._replace(ruling=ruling, choices=f.allowed, no_choice="" if f.allowed else ex.no_choice)


def _only_a_hand_or_game(loc: Location) -> bool:
    return (loc.trick is None and loc.bid is None and loc.play is None and not loc.exchange
            and loc.player is None and (loc.hand is not None or loc.game is not None))


def _within(v: Finding, loc: Location) -> bool:
    if loc.hand is not None:
        return v.hand == loc.hand
    return v.set == (loc.set or 1) and v.game == loc.game


def how_many(n: int, word: str) -> str:
    """`3 hands (1–3)`, `1,457 sets (1–1,457)`, `only hand 1`, `no hands yet`."""
    return f"{n:,} {word}s (1–{n:,})" if n > 1 else f"only {word} 1" if n else f"no {word}s yet"


def plural(n: int, word: str) -> str:
    """`1 card`, `12 cards`, `1,457 sets`."""
    return f"{n:,} {word}{'s' if n != 1 else ''}"


def as_written(f: Finding, location: Location, game: str, player: str | None) -> Explanation:
    """A violation that is no single move (a written score, a result): the finding as the ruling."""
    ruling = Ruling("", False, f.rule, f.message, f.allowed, f.see, ())
    return Explanation(game, location, f.line, player, "", (), ruling, f.allowed, "", f)


# --- records of hands, bids and tricks (Rook, Oh Hell) --------------------------------------------

def hand_location(f: Finding) -> Location:
    """Where a violation of a hand happened, as a location `explain` can walk to."""
    return Location(hand=f.hand, trick=f.trick, player=f.player)


def hand_of(audit: Audit, loc: Location, finding: Finding | None) -> Any:
    """The recorded hand a location names (NoSuchPlace past the end or for Daifugō's options)."""
    if loc.set is not None or loc.game is not None or loc.play is not None or loc.exchange:
        raise NoSuchPlace("--set, --game, --play and --exchange are for Daifugō; this record is a list of "
                          "hands: use --hand N with --trick T or --bid K")
    hands = audit.record.hands
    if loc.hand is None:
        raise NoSuchPlace(f"say which hand: --hand N (the record has {how_many(len(hands), 'hand')})")
    h = next((x for x in hands if x.number == loc.hand), None)
    if h is None:
        raise NoSuchPlace(f"there is no hand {loc.hand}: the record has {how_many(len(hands), 'hand')}")
    players = audit.header.players
    if loc.player is not None and loc.player not in players:
        raise NoSuchPlace(f"there is no player `{loc.player}` (players: {', '.join(players)})")
    return h


def whole_hand(audit: Audit, loc: Location, finding: Finding | None, how: str) -> Explanation:
    """A location that names hand `loc.hand` and no move of it: the finding there as written (a
    written score, a result), else NoSuchPlace saying `how` to name a move."""
    if finding is not None:
        return as_written(finding, loc, audit.game, finding.player)
    raise NoSuchPlace(f"say which move of hand {loc.hand}: {how}")


def trick_target(audit: Audit, loc: Location, tricks: Any, hand_no: int) -> tuple[int, str]:
    """(trick, player) of a location that names a trick: the player given, else the first one the
    check found breaking a rule there, else the leader."""
    if not tricks:
        raise NoSuchPlace(f"hand {hand_no} has no trick-by-trick play recorded")
    if not 1 <= loc.trick <= len(tricks):  # type: ignore[operator]
        raise NoSuchPlace(f"there is no trick {loc.trick} in hand {hand_no}: it has "
                          + how_many(len(tricks), "trick"))
    trick = tricks[loc.trick - 1]  # type: ignore[operator]
    who = [pl.player for pl in trick.plays]
    p = loc.player
    if p is None:
        p = next((v.player for v in audit.violations if v.hand == hand_no and v.trick == loc.trick
                  and v.player in who), who[0])
    elif p not in who:
        raise NoSuchPlace(f"{p} has no card in trick {loc.trick} of hand {hand_no} (it has {', '.join(who)})")
    return loc.trick, p  # type: ignore[return-value]


class Snap(NamedTuple):
    """What an observer keeps of one position: the ruling, the facts, the choices (the driver
    moves the position on in place, so nothing of it is kept)."""

    player: str
    move: str
    said: str
    line: int | None
    facts: tuple[tuple[str, str], ...]
    ruling: Ruling
    choices: tuple[str, ...] | None
    no_choice: str = ""


def no_choice(p: str, to_act: str | None, over: str) -> str:
    """Why `p` had no legal choice: it was another player's turn, or nobody's (`over`)."""
    return over if to_act is None else f"it was {to_act}'s turn, not {p}'s"


def card_choices(pos: Any, p: str, held: Any, unknown: tuple[str, ...] | None) -> tuple[tuple[str, ...] | None, str]:
    """The cards `p` could legally play to a trick, and why there were none: none on another's
    turn, the position's legal moves where `p`'s cards (`held`) are known, else `unknown`."""
    if pos.to_act != p:
        return (), no_choice(p, pos.to_act, "the hand was over")
    if held is not None:
        return tuple(str(m) for m in pos.legal_moves()), ""
    return unknown, ""


class Picker:
    """The bid or call of a hand that `why` explains, found as the walk goes: `--bid K`, or else
    `--player`'s first one against the rules, else their first. Only that one's position is
    described (`wants`): describing every call of a hand, each with the calls before it, took
    gigabytes on a hand of 60,000 calls."""

    def __init__(self, loc: Location, hand_no: int, word: str) -> None:
        self.loc, self.hand_no, self.word = loc, hand_no, word
        self.count = 0
        self.first: tuple[int, Snap] | None = None
        self.chosen: tuple[int, Snap] | None = None

    def wants(self, player: str) -> bool:
        """Count the next bid (by `player`): whether to describe it and `offer` it."""
        self.count += 1
        if self.loc.bid is not None:
            return self.count == self.loc.bid
        return player == self.loc.player and self.chosen is None

    def offer(self, snap: Snap) -> None:
        k = (self.count, snap)
        if self.loc.bid is not None or not snap.ruling.legal:
            self.chosen = k
        elif self.first is None:
            self.first = k

    def pick(self) -> tuple[int, Snap]:
        """(its place in the bidding, 1 first; its description), or NoSuchPlace."""
        loc, n, word = self.loc, self.hand_no, self.word
        if not self.count:
            raise NoSuchPlace(f"hand {n} has no {word}s recorded")
        if loc.bid is not None:
            if self.chosen is None:
                raise NoSuchPlace(f"there is no {word} {loc.bid} in hand {n}: it has {how_many(self.count, word)}")
            snap = self.chosen[1]
            if loc.player is not None and snap.player != loc.player:
                raise NoSuchPlace(f"{word} {loc.bid} of hand {n} is {snap.player}'s, not {loc.player}'s")
            return self.chosen
        got = self.chosen or self.first
        if got is None:
            raise NoSuchPlace(f"{loc.player} has no {word} in hand {n}")
        return got


def chosen(audit: Audit, loc: Location, target: tuple[int, str] | None, found: list[Snap], bids: Picker,
           unplayed: str) -> Explanation:
    """The move a walk of hand `loc.hand` described: the card of the `target` (trick, player), or
    the bid (call) `bids` picked; `unplayed` says why a trick was not reached."""
    if target is not None:
        if not found:
            raise NoSuchPlace(f"trick {loc.trick} of hand {loc.hand} was not replayed ({unplayed})")
        snap = found[0]
        where = loc._replace(trick=target[0], player=snap.player)
    else:
        k, snap = bids.pick()
        where = loc._replace(bid=k, player=snap.player)
    return Explanation(audit.game, where, snap.line, snap.player, snap.move, snap.facts, snap.ruling,
                       snap.choices, snap.said, no_choice=snap.no_choice)
