"""`why`: one move of a record, explained — the position as the table saw it, the decision in the
rules' order, the legal choices, and the ruling on what was played (legal or not).

    >>> from scorekeep import api, why
    >>> audit = api.audit(api.load("tests/records/daifugo/lock.yaml"))
    >>> ex = api.explain(audit, why.Location(set=1, game=1, play=3))
    >>> ex.ruling.rule, ex.ruling.legal
    ('daifugo.suit-lock', False)

Each game's part (`scorekeep/games/<game>/explain.py`: `explain`, `location_of`, optionally
`also_at`, `effect_words` and `spoken`) walks the record through that game's engine — the same
walk `check` and `replay --legal` make — to the location, asks the position there for its
`ruling(move)` (the engine's checks in the rules' order: the steps) and names the facts. The
verdict is `check`'s: `verdict` lays on the move the findings `check` reported at it —
`location_of` places each finding at its move, `also_at` where else it shows (`at_move`) — so
`why` rules a move not legal exactly where `check` reports a violation (its rule; the others
there in `also`), and a legal move cites the rule of the first event it caused (`effects`), else
the rule the engine found deciding it. Nothing is judged here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .engine import Ruling, Step
from .errors import Finding, all_worded
from .game import Audit, ordinal


class Location(NamedTuple):
    """Where in a record: a hand and a trick or a bid (Rook, Oh Hell), or a set, a game and a play
    or the exchange (Daifugō); `player` picks one player's move there; `what` names a fact of the
    hand or game that is no card or call (`WHAT`: the dealer, the seats, the hand size, the deal,
    the nest discard, trump, the result, the finishing order). 1-based; None: not given."""

    hand: int | None = None
    trick: int | None = None
    bid: int | None = None
    """The bid (Rook: the call) by its place in the hand's bidding, 1 first."""
    player: str | None = None
    set: int | None = None
    game: int | None = None
    play: int | None = None
    exchange: bool = False
    what: str | None = None

    def __str__(self) -> str:
        # (`the 4th bid`: "bid 4, Ana: Ana bid 1" read as two bids)
        parts = [f"the {ordinal(v)} bid" if k == "bid" else f"{k} {v}"
                 for k in ("set", "game", "hand", "trick", "bid", "play") if (v := getattr(self, k)) is not None]
        if self.exchange:
            parts.append("the exchange")
        if self.what is not None:
            parts.append(WHAT[self.what])
        if self.player is not None:
            parts.append(self.player)
        return ", ".join(parts) or "the record"

    def fact_words(self) -> tuple[str, ...]:
        """How a fact here names itself (`the result of hand 1`, `the deal of set 1, game 2`, or only its
        place: `set 1`); none at a move."""
        if self.what is None:
            return ()
        place = ", ".join(f"{k} {v}" for k in ("set", "game", "hand") if (v := getattr(self, k)) is not None)
        return f"{WHAT[self.what]} of {place}", place

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: v for k in ("set", "game", "hand", "trick", "bid", "play", "player")
                               if (v := getattr(self, k)) is not None}
        if self.exchange:
            out["exchange"] = True
        if self.what is not None:
            out[self.what] = True
        return out


WHAT = {"dealer": "the dealer", "seats": "the seats", "size": "the hand size", "deal": "the deal",
        "nest": "the nest discard", "trump": "trump", "result": "the result", "finish": "the finishing order"}
"""The facts of a hand or game `why` can be asked about besides its moves (`--dealer` …), in words."""


class Explanation(NamedTuple):
    """One move explained: where (`location`, `line`), who made it and what it was (`player`,
    `move` as canonical text), the position as (label, text) pairs (`facts`), the `ruling` (after
    `explain`: as `check` judged the move — `legal` false exactly when check reports a violation
    there), the legal choices there (`choices`; None when the record does not let them be listed),
    the `finding` check reported at the move (its first violation), the others there (`also`) and
    the events it caused (`effects`)."""

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
    also: tuple[Finding, ...] = ()
    effects: tuple[Finding, ...] = ()
    caused: tuple[str, ...] = ()
    """What the move caused (`effects`), each in a card player's words."""
    pool: Any = None
    """(violations, events) to find the move's findings in, when the game's part read them again
    (past the cap, `check`'s own lists only count them); None: the audit's."""

    def allowed(self) -> list[str] | None:
        """The legal choices as canonical text only (cards, bids, calls, `pass`); None when they
        cannot be listed as such (the words are in `choices_text`)."""
        if self.choices is None or not all(map(canonical, self.choices)):
            return None
        return list(self.choices)

    def choices_text(self) -> str | None:
        """The legal choices in words (`allowed` as a player says it, or what cannot be listed);
        None where there is no choice to list (a fact of the hand, a record that cannot tell)."""
        if self.choices is None:
            return None
        if not self.choices:
            return f"none: {self.no_choice}" if self.no_choice else "none"
        if not all(map(canonical, self.choices)):
            return "; ".join(self.choices)
        from .games import REGISTRY

        spoken = getattr(REGISTRY.part(self.game, "explain"), "spoken", None) or (lambda c: c)
        return ", ".join(map(spoken, self.choices))

    def to_json(self) -> dict[str, Any]:
        r = self.ruling
        return {
            "location": self.location.to_json(), "line": self.line, "player": self.player,
            "move": self.move, "said": self.said, "legal": r.legal, "rule": r.rule, "see": list(r.see),
            "reason": r.reason, "allowed": self.allowed(), "choices": self.choices_text(),
            "steps": [{"rule": s.rule, "question": s.question, "answer": s.answer} for s in r.steps],
            "position": [{"label": k, "text": v} for k, v in self.facts],
            "effects": [e.to_json() for e in self.effects],
            "violation": self.finding.to_json() if self.finding is not None else None,
            "also": [v.to_json() for v in self.also],
        }


_COLORS = frozenset({"red", "green", "yellow", "black", "none", "pass"})
_TOKEN = re.compile(r"\d{1,3}|[RYBG]\d{1,2}|Bird|(?:10|[2-9JQKA])[SHDC]|JK(?:=(?:10|[2-9JQKA])[SHDC])?")
"""One canonical card or bid of any game: `70`, `R14`, `Bird`, `9H`, `10S`, `JK`, `JK=6C`."""


def canonical(choice: str) -> bool:
    """Whether a choice is canonical text (a card or cards, a bid, `pass`, a Rook color), not words."""
    return choice in _COLORS or all(_TOKEN.fullmatch(t) for t in choice.split(" "))


class NoSuchPlace(Exception):
    """The location is not in the record (says what there is: "the record has 3 hands (1–3)")."""


def explain(audit: Audit, location: Location | None = None) -> Explanation | None:
    """The move at `location` of an audited record, explained and ruled as `check` judged it.
    Without a location: the record's first violation (None when it has none). Raises NoSuchPlace
    for a location the record does not have."""
    from .games import REGISTRY

    part = REGISTRY.part(audit.game, "explain")  # the game's own walk to the move, and its words
    finding: Finding | None = None
    if location is None or location == Location():
        if not audit.violations:
            return None
        finding = audit.violations[0]
        location = part.location_of(finding, audit)
    elif location._replace(hand=None, game=None, set=None) == Location() and location != Location(set=location.set):
        # a hand or game and no move of it: the first violation there, if any
        finding = next((v for v in audit.violations if (v.hand == location.hand if location.hand is not None
                        else (v.set, v.game) == (location.set or 1, location.game))), None)
        if finding is not None:
            location = part.location_of(finding, audit)
    ex = verdict(audit, part.explain(audit, location, finding), part)
    steps = tuple(st._replace(question=table_words(st.question), answer=table_words(st.answer))
                  for st in ex.ruling.steps)
    return ex._replace(ruling=ex.ruling._replace(steps=steps))  # the decision in table words too


def verdict(audit: Audit, ex: Explanation, part: Any) -> Explanation:
    """`ex` ruled as `check` judged it: the violations check reports at the move (the first its
    `rule` and `finding`, the rest `also`) and the events it caused (`effects`); a legal move
    cites the rule of its first event, else the rule the engine found deciding it."""
    violations, events = ex.pool if ex.pool is not None else (audit.violations, audit.events)
    here = at_move(violations, ex.location, audit, part)
    caused = tuple(at_move(events, ex.location, audit, part))
    said = getattr(part, "effect_words", None) or (lambda _audit, e: e.message)
    ex = ex._replace(effects=caused, caused=tuple(table_words(said(audit, e)) for e in caused), pool=None)
    r = ex.ruling
    if here:
        f = here[0]
        r = _as_found(r, f) if r.legal or r.rule != f.rule else r._replace(reason=f.message, see=f.see or r.see)
        choices = f.allowed if f.allowed is not None else ex.choices
        if choices is not ex.choices and choices:
            ex = ex._replace(no_choice="")
        # a fact spans lines (a hand's result: its points, its scores): it is where check reports it
        line = f.line if ex.location.what and f.line is not None else ex.line
        return ex._replace(ruling=r._replace(reason=table_words(r.reason)), finding=f, also=tuple(here[1:]),
                           choices=choices, line=line)
    if not r.legal and not all_worded(violations):
        # Past the cap check only counts its findings of a rule (no place, no words): the engine's
        # own ruling here is the one check counted.
        where = {k: getattr(ex.location, k) for k in ("set", "game", "hand", "trick", "play")}
        return ex._replace(finding=r.finding(line=ex.line, player=ex.player, **where))
    if not r.legal:  # check found nothing here: what the engine saw was read otherwise on the whole record
        r = r._replace(legal=True, reason=f"legal as the record is read: {r.reason}{_once(violations, r.rule, ex)}",
                       allowed=None)
    if caused:
        r = r._replace(rule=caused[0].rule, reason="legal: " + ex.caused[0])
    return ex._replace(ruling=r, finding=None, also=())


def _once(violations: list[Finding], rule: str, ex: Explanation) -> str:
    """Where `check` reports the slip the engine sees at this move, when it reports it once at
    another move of the same hand or game (a trick too many: at its lead), in words."""
    f = next((v for v in violations if v.rule == rule and v.hand == ex.location.hand
              and v.game == ex.location.game and (v.line, v.player) != (ex.line, ex.player)), None)
    if f is None:
        return ""
    place = (f"at {f.player}'s move (line {f.line})" if f.player else
             f"for trick {f.trick} as a whole (line {f.line})" if f.trick else f"at line {f.line}")
    return f"; one slip is reported once, {place}, and not again here"


def at_move(findings: list[Finding], loc: Location, audit: Audit, part: Any) -> list[Finding]:
    """The findings (worded ones: past the cap check only counts) the game's part places at `loc`:
    at its place (`location_of`; a bid is known by its hand and bidder, `--bid K` counting it in the
    bidding), or where it shows besides (`also_at`)."""
    also_at = getattr(part, "also_at", lambda _f, _audit: ())
    near = [f for f in findings if f.message and f.hand == loc.hand and f.game == loc.game
            and (loc.set is None or f.set in (None, loc.set))]
    return [f for f in near if part.location_of(f, audit) in (loc, loc._replace(bid=None)) or loc in also_at(f, audit)]


_MISSING = re.compile(r"so (that pass is|those passes are) taken as missing from (the record|it)")


_HOUSE = re.compile(r"house (default|rule) `[a-z_]+(?:: [^`]*)?`")
_KEYS = {"bid": "the record's bid", "points": "the record's points line", "scores": "the record's score line",
         "totals": "the record's totals line", "fouls": "the record's fouls line", "out": "the record's order out",
         "ranks": "the record's ranks line", "dealer": "the record's dealer", "first_dealer": "the first dealer named",
         "tricks": "the record's tricks line", "deal": "the record's deal", "nest": "the record's nest",
         "discard": "the record's discard", "trump": "the record's trump", "bids": "the record's bids"}
"""A key of the record's file, said as what it holds (a message of `check` may name the key)."""
_KEY = re.compile(r"`(" + "|".join(_KEYS) + r")`")


_PHRASES = (
    ("(no `tricks` and no `play`)", "(neither the tricks each player took nor the cards played are written down)"),
    ("(give `tricks` if the rest was not written down)",
     "(if the rest was not written down, write down how many tricks each player took)"),
    ("`scores` holds this hand's points, and running totals go under `totals`",
     "the score line holds this hand's points, and running totals go on the totals line"),
    ("write the turned card (`turn_up`) or its suit", "write down the turned card or its suit"),
    ("(the set's `first`)", "(the set's first leader, as written down)"),
)
"""Whole phrases of `check`'s messages that name keys of the record's file, as a player says them."""
_SAYS = re.compile(r"`(cards|tricks)` says (\d+)")
_SCORING = re.compile(r"`(made|failed)_score: ([a-z0-9-]+)`")


def table_words(text: str) -> str:
    """`check`'s words said as at the table: a pass "taken as missing from the record" is a pass the
    table played on as if it had been said, and the record only left out; no key of the record's
    file and no option's spelling, but what they stand for."""
    for key, said in _PHRASES:
        text = text.replace(key, said)
    text = _SAYS.sub(lambda m: f"the record says {m.group(2)}" + (" cards each" if m.group(1) == "cards" else ""), text)
    text = _SCORING.sub(lambda m: f"{m.group(1)} bids scoring {m.group(2)}", text)
    text = _MISSING.sub(lambda m: "and the record only left " + ("that pass" if m.group(1).startswith("that")
                                                                  else "those passes") +
                        " out, which is no second mistake", text)
    text = text.replace(", and the record only", " and the record only")
    text = _HOUSE.sub(lambda m: f"the house {m.group(1)}", text)
    return _KEY.sub(lambda m: _KEYS[m.group(1)], text)


def _as_found(r: Ruling, f: Finding) -> Ruling:
    """The engine's ruling where check found `f` by more than the position (a revoke proven by a
    later card, a gift proven short by a later play): that step says so."""
    steps = tuple(s._replace(answer=f"not known then; proven later: {table_words(f.message)}")
                  if s.rule == f.rule and s.answer != "no" and not s.answer.startswith("no:") else s for s in r.steps)
    return Ruling(r.move, False, f.rule, f.message, f.allowed, f.see, steps)


def how_many(n: int, word: str) -> str:
    """`3 hands (1–3)`, `1,457 sets (1–1,457)`, `only hand 1`, `no hands yet`."""
    return f"{n:,} {word}s (1–{n:,})" if n > 1 else f"only {word} 1" if n else f"no {word}s yet"


def fact(audit: Audit, loc: Location, facts: list[tuple[str, str]], player: str | None, line: int | None,
         said: str, rule: str, reason: str) -> Explanation:
    """A fact of a hand or game that is no card or call (`Location.what`: the dealer, the seats …)
    explained: ruled legal by `rule` for `reason`, until `verdict` lays check's findings on it."""
    ruling = Ruling(said, True, rule, reason, None, (), ())
    return Explanation(audit.game, loc, line, player, said, tuple(facts), ruling, None, said)


Asked = tuple[str, str, str | None, str]
"""An engine's check asked at a move or fact: its rule, the question a table asks, why it fails
(None: it passes) and the answer when it passes."""


def as_asked(check: Any, why: Any, yes: str = "yes", **words: Any) -> Asked:
    """`check` (a game engine's, with `rule`, `name` and `ask`) asked with answer `why` (None: it
    passes; its words, or a function giving them): the question is the check's own `ask`, else its
    name, in the words of the place."""
    question = (check.ask or check.name + "?").format(name=check.name, **words)
    return check.rule, question, None if why is None else (why() if callable(why) else why), yes


def steps_of(asked: Iterable[Asked]) -> tuple[Step, ...]:
    """The checks asked, in order, as steps up to the first that fails (asked no further)."""
    steps = []
    for rule, question, why, yes in asked:
        steps.append(Step(question, yes if why is None else f"no: {why}", rule))
        if why is not None:
            break
    return tuple(steps)


def decide(ex: Explanation, asked: Iterable[Asked]) -> Explanation:
    """`ex` with the checks asked as its steps (`steps_of`): the first that fails decides (not
    legal, its rule and reason); when all pass, the ruling stays as it was."""
    asked = tuple(asked)
    r = ex.ruling._replace(steps=steps_of(asked))
    failed = next(((rule, why) for rule, _q, why, _yes in asked if why is not None), None)
    if failed is not None:  # (from the checks' answers, not read back from the steps' words)
        r = r._replace(legal=False, rule=failed[0], reason=failed[1])
    return ex._replace(ruling=r)


# --- records of hands, bids and tricks (Rook, Oh Hell) --------------------------------------------

def hand_of(audit: Audit, loc: Location) -> Any:
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


def at_trick(f: Finding, tricks: Any) -> Location:
    """Where a finding of trick `f.trick` (of the hand's `tricks`) is: its player's card, a finding
    of the trick as a whole at its lead."""
    plays = tricks[f.trick - 1].plays if f.trick <= len(tricks) else ()  # type: ignore[operator]
    return Location(hand=f.hand, trick=f.trick, player=f.player or (plays[0].player if plays else None))


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


def no_choice(p: str, to_act: str | None, over: str) -> str:
    """Why `p` had no legal choice: it was another player's turn, or nobody's (`over`)."""
    return over if to_act is None else f"it was {to_act}'s turn, not {p}'s"


def card_choices(pos: Any, p: str, acts: bool, legal: Callable[[], Iterable[Any]] | None,
                 unknown: tuple[str, ...] | None) -> tuple[tuple[str, ...] | None, str]:
    """The cards `p` could legally play to a trick, and why there were none: none when the engine's
    check of whose turn it is rules `p` out (`acts` false), the engine's legal moves of `p` where
    `p`'s cards are known (`legal`; None: they are not), else `unknown`."""
    if not acts:
        return (), no_choice(p, pos.to_act, "the hand was over")
    if legal is not None:
        return tuple(str(m) for m in legal()), ""
    return unknown, ""


@dataclass(slots=True)
class Picker:
    """The move of a hand that `why` explains, found as the walk goes: the card of the `target`
    (trick, player), else the bid (Rook: call) `--bid K`, else `--player`'s first one against the
    rules, else their first. Only that one's position is described (`wants`, `wants_card`):
    describing every call of a hand, each with the calls before it, took gigabytes on a hand of
    60,000 calls."""

    loc: Location
    word: str
    target: tuple[int, str] | None
    flagged: set[int] | None = None
    """The places of the bids `check` reports (None: the engine's ruling tells)."""
    count: int = 0
    first: tuple[int, Explanation] | None = None
    chosen: tuple[int, Explanation] | None = None
    card: Explanation | None = None

    def wants(self, player: str) -> bool:
        """Count the next bid (by `player`): whether to describe it and `offer` it (no bid is, when
        a card is asked about)."""
        if self.target is not None:
            return False
        self.count += 1
        if self.loc.bid is not None:
            return self.count == self.loc.bid
        return player == self.loc.player and self.chosen is None

    def offer(self, ex: Explanation) -> None:
        k = (self.count, ex)
        wrong = self.count in self.flagged if self.flagged is not None else not ex.ruling.legal
        if self.loc.bid is not None or wrong:
            self.chosen = k
        elif self.first is None:
            self.first = k

    def wants_card(self, trick: int, player: str) -> bool:
        """Whether `player`'s card in `trick` is the one asked about (describe it as `card`), once."""
        return self.card is None and (trick, player) == self.target

    def pick(self, unplayed: str) -> Explanation:
        """The move described, at its place (a bid by its place in the bidding, 1 first), or
        NoSuchPlace; `unplayed` says why the walk did not reach the trick asked about."""
        loc, n, word = self.loc, self.loc.hand, self.word
        if self.target is not None:
            if self.card is None:
                raise NoSuchPlace(f"trick {loc.trick} of hand {n} was not replayed ({unplayed})")
            return self.card._replace(location=loc._replace(trick=self.target[0], player=self.card.player))
        if not self.count:
            raise NoSuchPlace(f"hand {n} has no {word}s recorded")
        if loc.bid is not None:
            if self.chosen is None:
                raise NoSuchPlace(f"there is no {word} {loc.bid} in hand {n}: it has {how_many(self.count, word)}")
            player = self.chosen[1].player
            if loc.player is not None and player != loc.player:
                raise NoSuchPlace(f"{word} {loc.bid} of hand {n} is {player}'s, not {loc.player}'s")
        got = self.chosen or self.first
        if got is None:
            raise NoSuchPlace(f"{loc.player} has no {word} in hand {n}")
        return got[1]._replace(location=loc._replace(bid=got[0], player=got[1].player))


_MEMO: dict[Any, Any] = {}
"""What `memo` worked out for the last audit asked about (under the key None: that audit)."""


def memo(audit: Audit, key: Any, make: Callable[[], Any]) -> Any:
    """`make()` for `audit`, worked out once per `key`: the facts a game's part reads from a replay of
    the record (one `why` question, or many of one record, replays it once). Only the last audit's are kept."""
    if _MEMO.get(None) is not audit:
        _MEMO.clear()
        _MEMO[None] = audit
    if key not in _MEMO:
        _MEMO[key] = make()
    return _MEMO[key]


def asked_until(audit: Audit, n: int, asked: Callable[[Any, int | None], dict[Any, Any]]) -> dict[Any, Any]:
    """The engine's checks a game's replay asked of the facts of its hands (`asked(record, until)`,
    the game's `rules.asked`), known at least up to hand `n`. A question replays the record up to
    its hand; a second question about a later hand of the same record replays all of it, once."""
    until, found = memo(audit, asked_until, lambda: (n, asked(audit.record, n)))
    if until is not None and n > until:
        until, found = _MEMO[asked_until] = (None, asked(audit.record, None))
    return found
