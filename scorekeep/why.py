"""`why`: one move of a record, explained — the position as the table saw it, the decision in the
rules' order, the legal choices, and the ruling on what was played (legal or not).

    >>> from scorekeep import api, why
    >>> audit = api.audit_file("tests/records/daifugo/lock.yaml")
    >>> ex = why.explain(audit, why.Location(set=1, game=1, play=3))
    >>> ex.ruling.rule, ex.ruling.legal
    ('daifugo.suit-lock', False)

Each game's part walks the record through that game's engine — the same walk `check` and
`replay --legal` make (the driver keeps the engine's positions) — to the location, and asks the
position there for its `ruling(move)`. Nothing is judged here: the engine judges, this module
picks the place and names the facts. Without a location, the place is the record's first
violation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .engine import Ruling
from .errors import Finding, all_worded
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
    finding: Finding | None = None
    if location is None or location == Location():
        if not audit.violations:
            return None
        finding = audit.violations[0]
        location = _location_of(audit.game, finding)
    elif _only_a_hand_or_game(location):  # the first violation there, if any
        finding = next((v for v in audit.violations if _within(v, location)), None)
        if finding is not None:
            location = _location_of(audit.game, finding)
    walk = _GAMES.get(audit.game)
    if walk is None:
        raise NoSuchPlace(f"`why` does not explain {audit.game} records yet")
    ex = walk(audit, location, finding)
    if not ex.move:  # no single move: the finding is the ruling
        return ex
    if finding is None:  # what check reported at this move, if anything (a walk that read the record
        # again with every finding worded has found it already: past the cap, `audit` only counts it)
        finding = ex.finding or _reported(audit.violations, ex)
    if finding is not None and ex.ruling.legal:
        if ex.location.bid is not None:
            # A call or bid is judged when it is made, on what the table knew: nothing later can
            # prove it wrong. A finding here is about another call on its line (`[pass, pass, 70]`).
            finding = None
        else:
            ex = _proven(ex, finding)
    return ex._replace(finding=finding)


def _reported(findings: list[Finding], ex: Explanation) -> Finding | None:
    """The finding about the move `ex` explains, if any: one of the ruling's rule first."""
    here = [v for v in findings if _at(v, ex)]
    return next((v for v in here if v.rule == ex.ruling.rule), here[0] if here else None)


def _at(v: Finding, ex: Explanation) -> bool:
    """Whether the violation `v` is about the move `ex` explains."""
    loc = ex.location
    if v.player != ex.player or any(getattr(v, k) != getattr(loc, k) for k in ("set", "game", "hand", "trick",
                                                                               "play")):
        return False
    if loc.exchange:
        return v.rule.startswith("daifugo.exchange")
    if loc.bid is not None:
        # A finding names the hand and the player, not which of their calls: a Rook player may call
        # many times in one auction, so the call's line tells theirs apart.
        return ((".bid" in v.rule or v.rule.endswith(".hook"))
                and (v.line is None or ex.line is None or v.line == ex.line))
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


def _location_of(game: str, f: Finding) -> Location:
    """Where a violation happened, as a location `explain` can walk to."""
    if game == "daifugo":
        return Location(set=f.set or 1, game=f.game, play=f.play, player=f.player,
                        exchange=f.play is None and f.rule.startswith("daifugo.exchange"))
    return Location(hand=f.hand, trick=f.trick, player=f.player)


def how_many(n: int, word: str) -> str:
    """`3 hands (1–3)`, `1,457 sets (1–1,457)`, `only hand 1`, `no hands yet`."""
    return f"{n:,} {word}s (1–{n:,})" if n > 1 else f"only {word} 1" if n else f"no {word}s yet"


def plural(n: int, word: str) -> str:
    """`1 card`, `12 cards`, `1,457 sets`."""
    return f"{n:,} {word}{'s' if n != 1 else ''}"


def _as_written(f: Finding, location: Location, game: str, player: str | None) -> Explanation:
    """A violation that is no single move (a written score, a result): the finding as the ruling."""
    ruling = Ruling("", False, f.rule, f.message, f.allowed, f.see, ())
    return Explanation(game, location, f.line, player, "", (), ruling, f.allowed, "", f)


# --- Daifugō -------------------------------------------------------------------------------------

def _daifugo(audit: Audit, loc: Location, finding: Finding | None) -> Explanation:
    from .games.daifugo import rules
    from .games.daifugo.model import Result

    rec = audit.record
    sets = rec.sets
    s_no = loc.set if loc.set is not None else 1
    if loc.hand is not None or loc.trick is not None or loc.bid is not None:
        raise NoSuchPlace("--hand, --trick and --bid are for Rook and Oh Hell; a Daifugō record is sets of games: "
                          "use --set S --game G --play K (or --exchange)")
    srec = next((s for s in sets if s.number == s_no), None)
    if srec is None:
        raise NoSuchPlace(f"there is no set {s_no}: the record has {how_many(len(sets), 'set')}")
    if loc.game is None:
        if finding is not None:
            return _as_written(finding, loc, audit.game, finding.player)
        raise NoSuchPlace(f"say which game: --game G (set {s_no} has {plural(len(srec.games), 'game')})")
    grec = next((g for g in srec.games if g.number == loc.game), None)
    if grec is None:
        raise NoSuchPlace(f"there is no game {loc.game} in set {s_no}: set {s_no} has "
                          f"{plural(len(srec.games), 'game')}")
    if loc.player is not None and loc.player not in srec.players:
        raise NoSuchPlace(f"there is no player `{loc.player}` in set {s_no} (players: {', '.join(srec.players)})")
    # The check's walk of the game, keeping positions; past the cap (`audit` only counts what it
    # found there), wording every finding, so that a move there finds what check found.
    worded = all_worded(audit.violations)
    again = rules.audit_of_set(rec, s_no, loc.game, positions=True,
                               play=None if loc.exchange else loc.play)
    result: Result = again.result

    def reported(ex: Explanation) -> Explanation:
        return ex if worded or finding is not None else ex._replace(finding=_reported(again.violations, ex))

    g = next(x for st in result.sets if st.number == s_no for x in st.games if x.number == loc.game)
    if loc.exchange:
        return reported(_daifugo_gift(audit, loc, g, grec, finding))
    if loc.play is None:
        if finding is not None:
            return _as_written(finding, loc._replace(set=s_no), audit.game, finding.player)
        raise NoSuchPlace(f"say which play: --play K (set {s_no}, game {loc.game} has "
                          f"{plural(len(grec.plays or ()), 'play')}) or --exchange")
    plays = grec.plays or ()
    if not 1 <= loc.play <= len(plays):
        raise NoSuchPlace(f"there is no play {loc.play} in set {s_no}, game {loc.game}: it has "
                          + (how_many(len(plays), "play") if plays else "no plays recorded"))
    turn = plays[loc.play - 1]
    if loc.player is not None and turn.player != loc.player:
        raise NoSuchPlace(f"play {loc.play} of set {s_no}, game {loc.game} is {turn.player}'s, not {loc.player}'s")
    return reported(_daifugo_play(audit, loc._replace(set=s_no, player=turn.player), g, turn))


def _daifugo_play(audit: Audit, loc: Location, g: Any, turn: Any) -> Explanation:
    from .games.daifugo.cards import show
    from .games.daifugo.combos import lock_text
    from .games.daifugo.engine import Pass, Play, cards_text, passed_at

    view = g.turns[loc.play - 1]
    pos = view.before
    p = turn.player
    move = Pass(p, turn.line) if turn.cards is None else Play(p, turn.cards, turn.line)
    ruling = pos.ruling(move)
    facts: list[tuple[str, str]] = [("game", f"set {g.set}, game {g.number}; seats {' → '.join(g.seats)}")]
    if pos.top is None:
        facts.append(("on the table", "nothing: the table is clear, a new lead"))
    else:
        on = pos.top.text() + ("" if pos.top.legal else " — an illegal play")
        if not pos.top.legal and pos.ref is not None:
            on += f"; the last legal play: {pos.ref.text()}"
        facts.append(("on the table", on))
    facts.append(("order", "revolution (革命): 3 is strongest, 2 weakest" if pos.revolution
                  else "normal: 2 is strongest, 3 weakest"))
    facts.append(("lock (縛り)", f"{lock_text(pos.lock)}: every play must have these suits" if pos.lock
                  else "none"))
    passed = ", ".join(f"{q} ({passed_at(n)})" for q, n in pos.passed.items())
    facts.append(("passed", passed or "nobody since the table last cleared"))
    if pos.st.exits or pos.st.fallen:
        out = [f"{q}" + ("" if legal else " (forbidden finish, 反則上がり)") for q, legal in pos.st.exits]
        if pos.st.fallen:
            out.append(f"{pos.st.fallen} (fell: 都落ち)")
        facts.append(("out", ", ".join(out)))
    facts.append(("turn", f"{pos.expected}'s" if pos.expected else "not known (the leader is not known)"))
    hand = pos.hand(p)
    left = pos.cards_left(p)
    if hand is not None:
        facts.append((f"{p}'s hand", f"{cards_text(list(hand.elements())) or 'no cards'} ({plural(left, 'card')})"))
    else:
        facts.append((f"{p}'s hand", f"{plural(left, 'card')}; the record gives no deal for it, so only "
                                     "what the plays prove is known"))
    facts.append(("cards left", ", ".join(f"{q} {pos.cards_left(q)}" for q in g.seats)))
    choices = ruling.allowed
    no_choice = ""
    if choices is None and pos.phase == "play":
        if p == pos.to_act:
            choices = pos.allowed_plays(p) if pos.top is not None or hand is not None else \
                ("any single, group or stairs",)
        else:
            choices, no_choice = (), _no_choice(p, pos.to_act, "the game was over")
    what = "passed" if turn.cards is None else f"played {show(turn.cards)}"
    if ruling.legal and ruling.reason == "legal":
        ruling = ruling._replace(reason=_daifugo_legal(pos, move, ruling.rule))
    return Explanation(audit.game, loc, turn.line, p, str(move), tuple(facts), ruling, choices, f"{p} {what}",
                       no_choice=no_choice)


def _daifugo_legal(pos: Any, move: Any, rule: str) -> str:
    """Why a legal play or pass was legal, in words (the engine ruled it legal under `rule`)."""
    if rule == "daifugo.pass":
        return f"legal: {move.player} may pass: the table holds a play to beat, and a pass is always allowed then, {rule}"
    from .games.daifugo.cards import show

    if pos.top is None:
        return f"legal: {move.player} leads on a clear table: any single, group or stairs may be led, {rule}"
    from .games.daifugo.combos import lock_text

    lock = f", and it has the locked suits {lock_text(pos.lock)}" if pos.lock else ""
    if rule == "daifugo.spade-3-return":
        return f"legal: the single spade 3 beats a single joker (スペ3返し), {rule}"
    return f"legal: {show(move.cards)} covers {pos.top.text()}: the same kind and size, stronger{lock}, {rule}"


def _daifugo_gift(audit: Audit, loc: Location, g: Any, grec: Any, finding: Finding | None) -> Explanation:
    from .games.daifugo.model import EXCHANGE, rank_name

    if not g.gifts:
        if grec.exchange is None:
            why = ("game 1 of a set has no exchange" if g.number == 1 else "the record gives no exchange for it")
        else:
            why = "the ranks of the game before are not known, so nobody knows who gives to whom"
        raise NoSuchPlace(f"there is no exchange to explain in set {g.set}, game {g.number}: {why}")
    chosen = None
    if loc.player is not None:
        chosen = next((x for x in g.gifts if x[1].player == loc.player), None)
        if chosen is None:
            raise NoSuchPlace(f"{loc.player} gives nothing in the exchange of set {g.set}, game {g.number}")
    else:  # the first gift that breaks a rule, else the first
        chosen = next((x for x in g.gifts if not x[0].ruling(x[1]).legal), g.gifts[0])
    pos, gift = chosen
    ruling = pos.ruling(gift)
    p = gift.player
    facts: list[tuple[str, str]] = [("game", f"set {g.set}, game {g.number}; seats {' → '.join(g.seats)}")]
    if pos.prev is not None:
        facts.append(("last game's ranks", ", ".join(f"{rank_name(i)} {q}" for i, q in enumerate(pos.prev))))
        owed = []
        for a, b, n in EXCHANGE:
            owed.append(f"{pos.prev[a]} ({rank_name(a)}) gives {n} to {pos.prev[b]} ({rank_name(b)})")
        facts.append(("the exchange", "; ".join(owed) + " — the lower ranks give their strongest cards"))
    if pos.prev is not None and pos._phase == "exchange":
        giver, receiver, a, b, n = pos._giver()
        facts.append(("gives now", f"{giver} ({rank_name(a)}), {plural(n, 'card')} to {receiver} ({rank_name(b)})"))
    from .games.daifugo.cards import show

    dealt = pos.dealt.get(p)
    facts.append((f"{p}'s hand as dealt", show(dealt) if dealt is not None else
                  "not recorded (no deal): only what the later plays prove is known"))
    choices = ruling.allowed
    if choices is None and pos._phase == "exchange" and p == pos.to_act:
        a, n = pos._giver()[2], pos._giver()[4]
        if a < 2:  # a higher rank gives any cards: the combinations are no list to read
            choices = (f"any {plural(n, 'card')} of the {len(pos.dealt[p])} dealt to {p}",) if p in pos.dealt \
                else (f"any {plural(n, 'card')}",)
        else:
            choices = tuple(str(m) for m in pos.legal_moves()) or None
    if ruling.legal and ruling.reason == "legal" and pos.prev is not None and pos._phase == "exchange":
        giver, receiver, a, b, n = pos._giver()
        what = (f"{plural(n, 'card')} dealt to {p}" + (", the strongest by normal strength" if a >= 2 else
                                                          ", any of them (a higher rank chooses)"))
        ruling = ruling._replace(reason=f"legal: {p} ({rank_name(a)}) gives {receiver} ({rank_name(b)}) {what}, "
                                        f"{ruling.rule}")
    line = gift.line if gift.line is not None else (finding.line if finding is not None else None)

    return Explanation(audit.game, loc._replace(player=p, exchange=True, set=g.set), line, p,
                       str(gift) or "nothing", tuple(facts), ruling, choices,
                       f"{p} gave {show(gift.cards) if gift.cards else 'nothing'}")




# --- Rook and Oh Hell: hands, bids and tricks ------------------------------------------------------

def _hand_of(audit: Audit, loc: Location, finding: Finding | None) -> Any:
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


def _trick_target(audit: Audit, loc: Location, tricks: Any, hand_no: int) -> tuple[int, str]:
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


class _Snap(NamedTuple):
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


def _no_choice(p: str, to_act: str | None, over: str) -> str:
    """Why `p` had no legal choice: it was another player's turn, or nobody's (`over`)."""
    return over if to_act is None else f"it was {to_act}'s turn, not {p}'s"


class _Picker:
    """The bid or call of a hand that `why` explains, found as the walk goes: `--bid K`, or else
    `--player`'s first one against the rules, else their first. Only that one's position is
    described (`wants`): describing every call of a hand, each with the calls before it, took
    gigabytes on a hand of 60,000 calls."""

    def __init__(self, loc: Location, hand_no: int, word: str) -> None:
        self.loc, self.hand_no, self.word = loc, hand_no, word
        self.count = 0
        self.first: tuple[int, _Snap] | None = None
        self.chosen: tuple[int, _Snap] | None = None

    def wants(self, player: str) -> bool:
        """Count the next bid (by `player`): whether to describe it and `offer` it."""
        self.count += 1
        if self.loc.bid is not None:
            return self.count == self.loc.bid
        return player == self.loc.player and self.chosen is None

    def offer(self, snap: _Snap) -> None:
        k = (self.count, snap)
        if self.loc.bid is not None or not snap.ruling.legal:
            self.chosen = k
        elif self.first is None:
            self.first = k

    def pick(self) -> tuple[int, _Snap]:
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


def _oh_hell(audit: Audit, loc: Location, finding: Finding | None) -> Explanation:
    from .cards import SUIT_NAME, SUIT_SYMBOL, show
    from .games.oh_hell import engine, rules
    from .games.oh_hell.model import Bid

    h = _hand_of(audit, loc, finding)
    n = h.number
    if loc.trick is None and loc.bid is None and loc.player is None:
        if finding is not None:
            return _as_written(finding, loc, audit.game, finding.player)
        raise NoSuchPlace(f"say which move of hand {n}: --trick T (with --player P) or --bid K")
    target = _trick_target(audit, loc, h.play, n) if loc.trick is not None else None

    def suit(s: str) -> str:
        return f"{SUIT_SYMBOL[s]} ({SUIT_NAME[s]})"

    def common(pos: Any, p: str) -> list[tuple[str, str]]:
        t = pos.t
        trump = ("not recorded" if h.trump is None and h.turn_up is None else
                 "no trump" if t.trump is None else suit(t.trump))
        if t.turn_up is not None:
            trump += f" (turned {t.turn_up.symbol})"
        out = [("hand", f"hand {n}: {plural(t.size, 'card')} each, {t.dealer} deals"), ("trump", trump)]
        held = pos.holding(p)
        if held is not None:
            out.append((f"{p}'s hand", f"{show(held) or 'no cards'} ({plural(len(held), 'card')})"))
        else:
            void = pos.shown_void(p)
            proven = f"; has not followed {', '.join(SUIT_SYMBOL[s] for s in sorted(void))} this hand" if void else ""
            out.append((f"{p}'s hand", f"{plural(pos.count(p), 'card')}, known only by their count (no deal "
                                       f"recorded){proven}"))
        return out

    bids = _Picker(loc, n, "bid")
    found: list[_Snap] = []

    def observe(pos: Any, move: Any) -> None:
        if pos.t.number != n:
            return
        t, p = pos.t, move.player
        if isinstance(move, Bid):
            if loc.trick is not None or not bids.wants(p):
                return
            facts = common(pos, p)
            facts.insert(2, ("bidding order", ", ".join(t.order) + f" (from {t.dealer}'s left; the dealer last)"))
            made = ", ".join(f"{q} {pos.bids[q]}" for q in t.order if q in pos.bids)
            facts.insert(3, ("bids so far", f"{made} (total {sum(pos.bids.values())})" if made else "none yet"))
            facts.insert(4, ("the hook", "on: the dealer, bidding last, may not make the bids add up to "
                             f"{t.size}" if t.hook else "off"))
            values = pos.legal_bid_values(p)
            ruling = pos.ruling(move)
            if ruling.legal:
                if ruling.rule == "oh-hell.hook":
                    why = (f"legal: {move.value} does not make the bids add up to {t.size}; the dealer may bid "
                           f"{engine.ranges(values)}, oh-hell.hook")
                else:
                    why = f"legal: {p} may bid any number from 0 to {t.size}, oh-hell.bid-range"
                ruling = ruling._replace(reason=why)
            # Bidding in turn (`bid_order`), another's turn offers no bid of `p`'s as a choice.
            later = t.in_order and pos.to_act is not None and pos.to_act != p
            bids.offer(_Snap(p, str(move), f"{p} bid {move.value}", move.line, tuple(facts), ruling,
                             () if later else tuple(str(b) for b in values),
                             _no_choice(p, pos.to_act, "the bidding was over") if later else ""))
            return
        if target is None or (pos.trick_no, p) != target or found:
            return
        facts = common(pos, p)
        bid_text = ", ".join(f"{q} {pos.bids[q]}" for q in t.order if q in pos.bids)
        facts.insert(2, ("bids", bid_text or "none recorded"))
        lead = pos.plays[0].player if pos.plays else pos.leader
        facts.insert(3, ("trick", f"trick {pos.trick_no} of {t.size}, led by {lead}"))
        facts.insert(4, ("on the table", "  ".join(f"{x.player} {x.card.symbol}" for x in pos.plays)
                         or f"nothing yet: {p} leads"))
        led = pos.led
        facts.insert(5, ("led suit", suit(led) if led else "none yet (this card leads)"))
        if t.trump and t.lead_trump != "anytime" and led is None:
            facts.insert(6, ("trump lead", "trump may be led now" if not pos._restricted()
                             else "trump may not be led yet (house rule lead_trump: " + t.lead_trump + ")"))
        facts.append(("tricks taken", ", ".join(f"{q} {pos.took[q]}" for q in t.players)))
        held = pos.holding(p)
        no_choice = ""
        if pos.to_act != p:
            choices: tuple[str, ...] | None = ()
            no_choice = _no_choice(p, pos.to_act, "the hand was over")
        elif held is not None:
            choices = tuple(str(m) for m in pos.legal_moves())
        else:
            choices = (f"any {suit(led)} card {p} holds; any card if none" if led else "any card",)
        ruling = pos.ruling(move)
        if ruling.legal:
            ruling = ruling._replace(reason=_oh_hell_legal(pos, move, held, suit))
        found.append(_Snap(p, str(move), f"{p} played {move.card.symbol}", move.line, tuple(facts),
                           ruling, choices, no_choice))

    rules.audit(audit.record, observe)  # the check's own walk, observed
    if target is not None:
        if not found:
            raise NoSuchPlace(f"trick {loc.trick} of hand {n} was not replayed (the hand was not played out)")
        snap = found[0]
        where = loc._replace(trick=target[0], player=snap.player)
    else:
        k, snap = bids.pick()
        where = loc._replace(bid=k, player=snap.player)
    return Explanation(audit.game, where, snap.line, snap.player, snap.move, snap.facts, snap.ruling,
                       snap.choices, snap.said, no_choice=snap.no_choice)


_CALLS_SHOWN = 24
"""The calls before the one explained that its position lists by name (the rest are counted)."""


def _rook(audit: Audit, loc: Location, finding: Finding | None) -> Explanation:
    from .games.rook import rules
    from .games.rook.cards import COLOR_NAME, show
    from .games.rook.model import CardMove

    h = _hand_of(audit, loc, finding)
    n = h.number
    if loc.trick is None and loc.bid is None and loc.player is None:
        if finding is not None:
            return _as_written(finding, loc, audit.game, finding.player)
        raise NoSuchPlace(f"say which move of hand {n}: --trick T (with --player P) or --bid K (the K-th call)")
    result = audit.result.hands[[x.number for x in audit.record.hands].index(n)]
    target = _trick_target(audit, loc, h.tricks, n) if loc.trick is not None else None
    calls = _Picker(loc, n, "call")
    found: list[_Snap] = []
    for trick, k, pos, move in rules.turns(audit.record, result, h):
        if trick == 0:
            if target is not None:
                continue
            p = pos.caller(move)
            if not calls.wants(p):
                continue
            facts = [("hand", f"hand {n}: {pos.seat} deals; the calls go clockwise from {pos.seat}'s left "
                              f"({', '.join(pos.bidders)})")]
            before = len(pos.calls) - _CALLS_SHOWN
            made = ", ".join(f"{q} {'pass' if a is None else a}" for q, a in pos.calls[max(before, 0):])
            if before > 0:
                made = f"… {plural(before, 'earlier call')}, then {made}"
            facts.append(("calls so far", made or "none yet"))
            high = pos.legal_high or pos.high
            facts.append(("the bid to beat", f"{high[1]} by {high[0]}" if high else "none yet (the opening bid)"))
            facts.append(("passed", ", ".join(q for q in pos.bidders if q in pos.passed) or "nobody"))
            facts.append(("to call", pos.to_act or "nobody: the auction is over"))
            # The legal moves are those of the player to call: none of them is a choice of another's.
            choices = tuple(str(m) for m in pos.legal_moves()) if pos.to_act == p else ()
            calls.offer(_Snap(p, str(move), f"{p} {'passed' if move.amount is None else f'bid {move.amount}'}",
                              h.bidding[k - 1].line, tuple(facts), pos.ruling(move), choices,
                              "" if choices else _no_choice(p, pos.to_act, "the auction was over")))
            continue
        if target is None or found or (trick, move.player) != target:
            continue
        p = move.player
        cm = CardMove(p, move.card)
        facts = [("hand", f"hand {n}: {pos.seat} deals; {pos.bidder} won the bid at {pos.amount}"),
                 ("trump", COLOR_NAME.get(pos.trump or "", "not named") + " (the Bird is the highest trump)")]
        lead = pos.plays[0].player if pos.plays else pos.leader
        facts.append(("trick", f"trick {trick}, led by {lead}"))
        facts.append(("on the table", ", ".join(f"{x.player} {x.card}" for x in pos.plays)
                      or f"nothing yet: {p} leads"))
        if pos.plays:
            led = pos.plays[0].card
            facts.append(("led", "the Bird: a led Bird calls for trump" if led.is_bird else
                          f"{COLOR_NAME.get(led.color, led.color)}" + (" (trump)" if led.color == pos.trump else "")))
        held = pos.held.get(p)
        if held is not None:
            facts.append((f"{p}'s hand", f"{show(held)} ({plural(len(held), 'card')})"))
        else:
            may = pos.unseen(p)
            facts.append((f"{p}'s hand", f"not recorded: {plural(pos.counts.get(p, 0), 'card')}, from {show(may)}"
                          if may else "not recorded"))
        ruling = pos.ruling(cm)
        no_choice = ""
        if pos.to_act != p:
            choices: tuple[str, ...] | None = ()
            no_choice = _no_choice(p, pos.to_act, "the hand was over")
        elif held is not None:
            choices = tuple(str(m) for m in pos.legal_moves())
        else:
            choices = None
        found.append(_Snap(p, str(cm), f"{p} played {move.card}", move.line or None, tuple(facts), ruling,
                           ruling.allowed if ruling.allowed is not None else choices, no_choice))
    if target is not None:
        if not found:
            raise NoSuchPlace(f"trick {loc.trick} of hand {n} was not replayed (the auction did not finish)")
        snap = found[0]
        where = loc._replace(trick=target[0], player=snap.player)
    else:
        k, snap = calls.pick()
        where = loc._replace(bid=k, player=snap.player)
    return Explanation(audit.game, where, snap.line, snap.player, snap.move, snap.facts, snap.ruling,
                       snap.choices, snap.said, no_choice=snap.no_choice)


def _oh_hell_legal(pos: Any, move: Any, held: Any, suit: Callable[[str], str]) -> str:
    """Why a card the engine ruled legal was legal, in words (oh-hell.follow-suit)."""
    p, c, led = move.player, move.card, pos.led
    if led is None:
        why = f"{p} leads trick {pos.trick_no}: any card may be led"
        if pos.t.trump and c.suit == pos.t.trump and pos._restricted():
            why = f"{p} leads trump holding nothing but trump"
    elif c.suit == led:
        why = f"{c.symbol} follows the led suit {suit(led)} (any card of it, not necessarily higher)"
    elif held is not None:
        why = f"{p} holds no {suit(led)}, so any card may be played (trumping is never compulsory)"
    else:
        why = (f"as far as the record shows: {p} may hold no {suit(led)} (no deal recorded; a later "
               f"{SUIT_WORD.get(led, led)} card of {p}'s would prove a revoke)")
    win = next((s.answer for s in pos.ruling(move).steps if s.rule == "oh-hell.trick-winner"), None)
    return f"legal: {why}, oh-hell.follow-suit" + (f"; the trick goes to {win}" if win else "")


SUIT_WORD = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


_GAMES: dict[str, Callable[[Audit, Location, Finding | None], Explanation]] = {
    "daifugo": _daifugo,
    "oh-hell": _oh_hell,
    "rook": _rook,
}
