"""Rook at the table: the auction call by call, trump, the bidders' points.

Who calls next and which calls are legal are the engine's, at the position `check` reads
(`auction_position`); the dealer of a new hand and the captured points are found by trial through
the checker. Nothing here judges a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ...errors import InputError
from ...game import and_list
from ...entry import Choices, Table, Undone, ruled
from ...entry.form import CORRECTS, Field, ask_form, said
from ...entry.edits import Append, DelKey, Edit, Pop, SetKey
from ...entry.session import Changes, Session, hand_holds, hand_keys
from ...entry.values import items, match_name, per_player, ranges, read_given, whole
from . import engine
from .cards import COLOR_NAME, parse_color
from .model import CallMove

COLORS = tuple(COLOR_NAME.values())


class Where(NamedTuple):
    """What is entered next: `start` (a new hand), `call` (`player`'s call), `trump`,
    `points` (the captured points of the bidders, team `team`), `over`."""

    kind: str
    hand: int
    player: str | None = None
    bidder: str | None = None
    bid: int | None = None
    team: str | None = None


def _hands(s: Session) -> Any:
    return s.audit.result.hands


def where(s: Session) -> Where:
    res = s.audit.result
    hands = res.hands
    if not hands or hands[-1].complete or hands[-1].thrown_in:
        if res.winner is not None:
            return Where("over", len(hands))
        return Where("start", len(hands) + 1)
    h = hands[-1]
    rec = s.audit.record.hands[-1]
    caller = None
    if rec.trump is None and rec.bid is None:
        pos = auction_position(s, h.number)
        caller = pos.to_act if pos.phase == "call" else None
    if caller is None and h.bidder is None:  # nobody may call and nobody won: the hand is thrown in
        return Where("start", len(hands) + 1)
    kind = "call" if caller is not None else "trump" if h.trump is None else "points"
    return Where(kind, h.number, caller or h.bidder, h.bidder, h.bid, h.bid_team)


def _written(player: str | None, amount: int | None) -> dict[str | None, Any]:
    return {player: "pass" if amount is None else amount}


def call_edit(hand: int, player: str, amount: int | None) -> list[Edit]:
    return [Append(("hands", hand - 1, "bidding"), _written(player, amount))]


def auction_position(s: Session, hand: int, k: int | None = None) -> Any:
    """The engine's position of hand `hand` after the calls it records (`k`: its first k only, the
    position where call k+1 was made: `edit N` during the auction)."""
    from .rules import auction_position

    rec = s.audit.record.hands[hand - 1]
    if k is not None:
        rec = rec._replace(bidding=(rec.bidding or ())[:k])
    return auction_position(s.audit.record, _hands(s)[hand - 1], rec)


def legal_calls(s: Session, hand: int, player: str, pos: Any = None) -> Choices:
    """The calls `player` may make now (the engine's legal moves), and each other call up to one step
    over the maximum with the engine's ruling on it; `pos`: at that position instead."""
    pos = auction_position(s, hand) if pos is None else pos
    legal = [m for m in pos.legal_moves() if isinstance(m, CallMove) and m.player == player]
    opts = s.audit.header.options
    step = max(1, int(opts["bid_step"]))
    return ruled(pos, legal, [CallMove(player, a) for a in [None, *range(step, int(opts["max_bid"]) + step + 1, step)]],
                 hand)


def legal_trumps(s: Session, hand: int) -> Choices:
    """The colors hand `hand`'s bid winner may name (the engine's legal trump moves, as the table
    says them), and each other choice a record can write with the engine's ruling on it."""
    from .rules import trump_position

    pos = trump_position(s.audit.record, _hands(s)[hand - 1], s.audit.record.hands[hand - 1])
    return ruled(pos, pos.legal_moves(), pos.space(), hand)


def start_edits(s: Session) -> list[Edit]:
    """A new hand with its dealer (the one the rotation and seat changes give)."""
    for p in s.players:
        edits: list[Edit] = [Append(("hands",), {"dealer": p})]
        if s.trial(edits) == []:
            return edits
    return [Append(("hands",), {"dealer": s.players[0]})]


def trump_edit(hand: int, color: str) -> list[Edit]:
    return [SetKey(("hands", hand - 1), "trump", color)]


def _other(s: Session, team: str | None) -> str:
    labels = s.audit.result.teams.labels
    return labels[1] if team == labels[0] else labels[0]


def counters(s: Session) -> int:
    """The counters in the deck the engine judges the points by (rook.points-total: 120; 100 with
    house rule `bird: off`): the other team captured the rest."""
    rec = s.audit.record
    return engine.Table.of(rec.players, rec.teams, s.audit.header.options).total


def points_edit(s: Session, w: Where, bidders: int) -> list[Edit]:
    """The bidders' points as typed, and the other team's the rest of the counters; only the typed
    value when the engine finds the points wrong (rook.points-total): the rest would be a number
    nobody typed (-10 for 130, 33 for 87), and the check would name it instead of the one typed."""
    both = _points_edit(s, w, bidders)
    found = s.trial(both)
    if found and any(f.rule == "rook.points-total" for f in found):
        return _points_edit(s, w, bidders, rest=False)
    return both


def _points_edit(s: Session, w: Where, bidders: int, rest: bool = True) -> list[Edit]:
    """The bidders' points, and (`rest`) the other team's the rest of the counters."""
    team = w.team or s.audit.result.teams.labels[0]
    points = {team: bidders, _other(s, team): counters(s) - bidders} if rest else {team: bidders}
    return [SetKey(("hands", w.hand - 1), "points", points)]


def legal_points(s: Session, w: Where) -> Choices:
    return Choices(s.by_trial(lambda x: _points_edit(s, w, x), range(0, counters(s) + 1, 5)).legal)


def color_name(code: str | None) -> str | None:
    """The record's color code (`Y`) as the word a table says (`yellow`)."""
    return COLOR_NAME.get(code, code) if code is not None else None


def team_aliases(s: Session) -> dict[str, str]:
    """Team labels and each partner's name → the team label."""
    teams = s.audit.result.teams
    return {**{label: label for label in teams.labels}, **teams.of}


# --- `add` -------------------------------------------------------------------------------

def _calls(s: Session, raw: str) -> list[Any]:
    out: list[Any] = []
    for item in items(raw):
        if "=" in item or ":" in item:
            name, _sep, value = item.replace(":", "=").partition("=")
            who = match_name(name, s.players)
            v = value.strip().lower()
            out.append({who: "pass" if v == "pass" else whole(v, f"{who}'s call")})
        elif item.lower() == "pass":
            out.append("pass")
        else:
            out.append(whole(item, "a call"))
    return out


def add_edits(s: Session, given: Mapping[str, str], replace: bool = False) -> list[Edit]:
    """The edits for `scorekeep add`: fill the unfinished last hand, else start the next. A value
    the hand already holds is replaced only with `replace` (the old one kept in `history`)."""
    labels = s.audit.result.teams.labels

    def teams(key: str) -> Callable[[str], Any]:
        return lambda raw: per_player(raw, labels, f"--{key}", aliases=team_aliases(s))

    values = read_given(given, "a Rook hand", {
        "dealer": lambda raw: match_name(raw, s.players), "bidding": lambda raw: _calls(s, raw),
        "bid": lambda raw: per_player(raw, s.players, "--bid"), "trump": _color_word,
        "points": teams("points"), "scores": teams("scores"), "totals": teams("totals")})
    hands = _hands(s)
    if not hands or hands[-1].complete or hands[-1].thrown_in:
        return [Append(("hands",), values)]
    c = Changes(s)  # the unfinished hand filled; calls are added to its auction
    for key, v in values.items():
        if key == "bidding":
            c.edits.extend(Append(("hands", len(hands) - 1, "bidding"), x) for x in v)
        else:
            c.set_in_hand(len(hands) - 1, key, v, replace, KEY_WORDS.get(key, key))
    return c.done()


def _color_word(raw: str) -> str:
    """`g`, `G`, `Green`, `綠`: the color's word, as the record reads colors; anything else as typed
    (the reader judges it)."""
    t = raw.strip()
    if (code := parse_color(t)) is not None:
        return COLOR_NAME[code]
    try:
        return match_name(t, COLORS, "a color")  # `gre`, `ＧＲＥＥＮ`
    except InputError:
        return t


def undo_edits(s: Session) -> Undone | None:
    """Remove the last entry the record holds (for an undo after a resume)."""
    rec = s.audit.record
    if not rec.hands:
        return None
    i = len(rec.hands) - 1
    if i and _dealt_only(s, i):
        # the next hand's deal, which `play` writes itself: the last entry typed is the hand before's
        before = _undo_in(s, i - 1)
        return None if before is None else Undone([Pop(("hands",)), *before.edits], before.said)
    return _undo_in(s, i)


CHOICE_VERBS = {"rook.trump": "name "}
"""How the choices of a rule are made where they are no call or play (`entry.play.refusal_text`)."""

_UNDONE_KEYS = ("totals", "scores", "points", "trump", "bid")
"""A hand's entries that `undo` takes back after a resume, the last written first (then its calls)."""


def _dealt_only(s: Session, i: int) -> bool:
    """Whether hand `i` (0-based) holds nothing but its dealer, as `play` writes the next hand's (a hand
    with its cards, nest or anything else written is the table's)."""
    return hand_keys(s, i) == {"dealer"}


def _undo_in(s: Session, i: int) -> Undone | None:
    """The edits that remove the last entry of hand `i` (0-based)."""
    h = s.audit.record.hands[i]
    if h.tricks is not None:
        return None
    for key in _UNDONE_KEYS:
        if hand_holds(s, i, key):
            return Undone([DelKey(("hands", i), key)], f"{KEY_WORDS[key]} in hand {i + 1}")
    if h.bidding:
        if len(h.bidding) == 1:
            return Undone([DelKey(("hands", i), "bidding")], f"the first call of hand {i + 1}")
        return Undone([Pop(("hands", i, "bidding"))], f"the last call of hand {i + 1}")
    return Undone([Pop(("hands",))], f"hand {i + 1}")


# --- `edit N`: correct a completed hand ---------------------------------------------------

def correction(s: Session, hand: int, trump: str | None, points: Mapping[str, int] | None,
               won: tuple[str, int] | None = None) -> list[Edit]:
    """Edits that correct hand `hand`'s winning bid (`won`: bidder and amount, written as the
    winning bid alone in place of the auction), trump and captured points, with their
    `history`; the running `totals` written on it and on later hands move with its scores."""
    i = hand - 1
    rec = s.audit.record.hands[i]
    c = Changes(s, hand=hand)
    if won is not None:
        h = _hands(s)[i]
        was: Any = {h.bidder: h.bid}
        if hand_holds(s, i, "bidding"):
            c.edits.append(DelKey(("hands", i), "bidding"))
            was = [_written(p, a) for p, a in h.calls]
        c.log("bid", was, {won[0]: won[1]}, SetKey(("hands", i), "bid", {won[0]: won[1]}))
    if trump is not None and trump != color_name(rec.trump):
        c.log("trump", color_name(rec.trump), trump, SetKey(("hands", i), "trump", trump))
    old = {k: v.value for k, v in rec.points.items()} if rec.points else None
    if points is not None and old != dict(points):
        c.log("points", old, dict(points), SetKey(("hands", i), "points", dict(points)))
        if hand_holds(s, i, "scores"):
            c.edits.append(DelKey(("hands", i), "scores"))  # the sheet's figure no longer applies
    written = [{tv.team: tv.value for tv in h.totals.values()} if h.totals else None for h in s.audit.record.hands]
    c.carry(hand, lambda h: h.scores or {}, written, s.audit.result.teams.labels, team_aliases(s))
    last = len(s.audit.record.hands) - 1
    if hand <= last and _dealt_only(s, last):
        # the next hand's deal `play` wrote: a correction that ends the game must not leave it
        # (rook.game-end); if the game goes on, `play` deals that hand again
        c.edits.append(Pop(("hands",)))
    return c.done()


# --- `new` ---------------------------------------------------------------------------------

KEY_WORDS = {"bidding": "the auction", "bid": "the winning bid", "trump": "the trump", "points": "the points captured",
             "scores": "the scores written", "totals": "the running totals", "dealer": "the dealer", "nest": "the nest",
             "discard": "the cards put back", "tricks": "the tricks", "deal": "the deal", "teams": "the teams",
             "first_dealer": "the first dealer"}

LIST_KEY = "hands"
NO_FIRST_DEALER = ""


def teams_value(players: list[str], labels: list[str]) -> dict[str, list[str]]:
    """`teams` for `new --teams Us,Them`: partners sit opposite, the first player's team first."""
    if len(labels) != 2 or len(players) != 4:
        raise InputError("--teams takes two names, the first player's team first (e.g. --teams Us,Them)")
    return {labels[0]: [players[0], players[2]], labels[1]: [players[1], players[3]]}


# --- `play`: the questions at the table ------------------------------------------------------

def situation(s: Session) -> list[str]:
    """Where the table is, for a resumed record: the hand, its dealer, the auction so far, trump."""
    hands = _hands(s)
    if not hands:
        return []
    w = where(s)
    h = hands[-1]
    if w.kind in ("start", "over"):
        return [f"Hand {h.number} is finished ({h.dealer} dealt)."]
    calls = ", ".join(f"{p} {'pass' if a is None else a}" for p, a in h.calls) or "none yet"
    line = f"Hand {h.number}: {h.dealer} deals; calls: {calls}"
    if h.bidder is not None and w.kind != "call":
        line += f"; {h.bidder} took it at {h.bid}"
    if h.trump is not None:
        line += f"; {color_name(h.trump)} trump"
    return [line + "."]


def over_text(_s: Session) -> str:
    """The line said at the end, under the table (whose last line says who won)."""
    return "The game is over."


def _ask_trump(t: Table, w: Where) -> None:
    trumps = legal_trumps(t.s, w.hand)
    field = Field("trump", "trump", lambda v: f"Hand {w.hand}: trump named by {w.bidder} "
                  f"({', '.join(trumps.legal)})", _color_reader(trumps.legal), choices=lambda v: trumps,
                  what=lambda v: said(f"the trump of hand {w.hand}", v.get("trump")))
    ask_form(t, [field], lambda v: trump_edit(w.hand, v["trump"]))


def _color_reader(colors: tuple[str, ...]) -> Callable[[Table, str, Any], str | None]:
    """Reads a trump color among `colors`, the engine's legal trump moves (rook.trump)."""
    return lambda t, raw, _v: t.name(_color_word(raw), colors, "a color")


def _start(t: Table, _w: Where) -> None:
    """A new hand, dealt by whom the rotation (and a seat change) gives."""
    from ...entry.play import enter

    before = t.s.audit.result.hands
    if before and before[-1].thrown_in:
        t.say("  all passed: the hand is thrown in")
    steps = len(t.s.undo_stack)
    if enter(t, start_edits(t.s)):
        # nobody typed this deal: `undo` takes back the last entry typed, and this deal with it
        del t.s.undo_stack[steps:]
        h = t.s.audit.result.hands[-1]
        t.say(f"\nHand {h.number}: {h.dealer} deals.")
        if len(before) and tuple(before[-1].seating) != tuple(h.seating):
            t.say(f"  seat change: the order is now {', '.join(h.seating)} (rook.seat-change)")


class Call(NamedTuple):
    """A call as typed: `who` called `amount` (None: pass); `won`: the winning bid alone
    (`bid East 90`), the auction not noted."""

    who: str
    amount: int | None
    won: bool = False


def read_call(t: Table, raw: str, player: str, first: bool = True, corrects: Any = None) -> Call | None:
    """`pass`, `80`; `NAME 80` (a call someone else made, out of turn, as it happened); at the `first`
    call, `bid NAME 80` (the winning bid alone, as a table that notes only it writes it); later, that
    is NAME's call (the auction is being noted). An amount alone typed as the correction of a refused
    winning bid (`corrects`) is that bid's new amount; any other correction is read as typed (an amount
    alone after a call out of turn: the call of the player whose turn it is, as the refusal says)."""
    words = raw.replace("=", " ").split()
    if isinstance(corrects, Call) and corrects.won and len(words) == 1 and words[0].lower() not in ("p", "pass"):
        words = ["bid", corrects.who, words[0]]
    bid = len(words) >= 3 and words[0].lower() == "bid"
    won = bid and first
    if bid:
        words = words[1:]
    who: str | None = player
    if len(words) >= 2:
        who = t.name(" ".join(words[:-1]))
        if who is None:
            return None
    elif won or not words:
        t.say("  the winning bid alone is `bid NAME AMOUNT`, e.g. `bid East 90`")
        return None
    if bid and not first:
        t.say(f"  `bid NAME N`, the winning bid alone, is for the first call: read as {who}'s call")
    text = words[-1]
    if text.lower() in ("p", "pass") and not won:
        return Call(who, None)
    amount = t.number(text)
    return None if amount is None else Call(who, amount, won)


def _call_said(c: Call | None, hand: int, player: str) -> str:
    """A call typed, as the table says it: `North's call in hand 1 (80)`, `the winning bid of hand 1
    (East 90)` (the auction not noted)."""
    if c is not None and c.won:
        return f"the winning bid of hand {hand} ({c.who} {c.amount})"
    return said(f"{player if c is None else c.who}'s call in hand {hand}", _call_value(c))


def _call_value(c: Call | None) -> str | None:
    """A call typed as the table says it: `pass`, `80`; None: not typed."""
    return None if c is None else "pass" if c.amount is None else str(c.amount)


def _shown(ch: Choices) -> str:
    """The legal calls, briefly: `pass or 70–120 by 5`."""
    amounts = [int(c) for c in ch.legal if c != "pass"]
    return "pass" + (f" or {ranges(amounts)}" if amounts else "")


def _call_edits(w: Where, c: Call) -> list[Edit]:
    if c.won:
        return [SetKey(("hands", w.hand - 1), "bid", {c.who: c.amount})]
    return call_edit(w.hand, c.who, c.amount)


def _ask_call(t: Table, w: Where) -> None:
    """The next call: pass or a bid; `NAME 80` for a call someone else made, as it happened;
    `bid NAME 80` for the winning bid alone."""
    p = w.player
    assert p is not None  # a call is someone's
    before = auction_position(t.s, w.hand)
    ch = legal_calls(t.s, w.hand, p, before)
    first = not _hands(t.s)[w.hand - 1].calls
    # the winning bid alone, the auction not noted: said as such (a call out of turn is `NAME N`, refused)
    hint = "; bid NAME N: the winning bid alone" if first else ""
    field = Field("call", p, lambda v: f"Hand {w.hand}: {p}'s call ({_shown(ch)}{hint})",
                  lambda t, raw, v: read_call(t, raw, p, first, v.get(CORRECTS)), choices=lambda v: ch,
                  what=lambda v: _call_said(v.get("call"), w.hand, p))
    typed = ask_form(t, [field], lambda v: _call_edits(w, v["call"]))
    if typed is None:
        return
    now = auction_position(t.s, w.hand).passed
    taken = [q for q in before.bidders if q in now and q not in before.passed and q != typed["call"].who]
    if taken:  # a call out of turn, recorded anyway: the bidding reads on as if they had passed
        t.say(f"  {and_list(taken)} "
              f"{'is' if len(taken) == 1 else 'are'} taken as having passed (rook.bid-order)")
    nxt = where(t.s)
    if nxt.kind == "trump":
        t.say(f"  the auction is over: {nxt.bidder} takes it at {nxt.bid}")


def _ask_points(t: Table, w: Where) -> None:
    """The points the bidders captured (the others get the rest), and the hand's scores."""
    other, total = _other(t.s, w.team), counters(t.s)
    field = Field("points", f"{w.team}'s points",
                  lambda v: f"Hand {w.hand}: points captured by {w.team} (bid {w.bid}; 0–{total}, {other} get "
                            "the rest)",
                  lambda t, raw, v: t.number(raw), choices=lambda v: legal_points(t.s, w),
                  what=lambda v: said(f"the points captured by {w.team} in hand {w.hand}", v.get("points")))
    if ask_form(t, [field], lambda v: points_edit(t.s, w, v["points"])) is None:
        return
    h = t.s.audit.result.hands[w.hand - 1]
    if h.made is not None:
        t.say(f"  {h.bid_team} bid {h.bid}: {'made' if h.made else 'set'}; hand scores "
              + ", ".join(f"{k} {v}" for k, v in (h.scores or {}).items()), None if h.made else "set")
    t.show_table()


ASK = {"start": _start, "call": _ask_call, "trump": _ask_trump, "points": _ask_points}


def reopen(t: Table, target: str) -> None:
    """`edit N`: ask hand N's bidder, bid, trump and captured points again (the current hand:
    what it has so far), what is written offered; a correction kept in the record's history."""
    hands = t.s.audit.result.hands
    n = int(target) if target.isdigit() else 0  # `1.5` is a Daifugō game, no hand
    w = where(t.s)
    if w.kind == "call" and n == w.hand:
        _reopen_auction(t, n)
        return
    if not 1 <= n <= len(hands) or hands[n - 1].bidder is None:
        t.say(f"  hand {target} has no winning bid to correct (hands 1–{len(hands)})" if hands
              else "  no hand to edit yet")
        return
    h = hands[n - 1]
    t.say(f"  reopening hand {n} ({h.bidder} bid {h.bid}); {t.keeps}")
    fields = [Field("bidder", "bidder", lambda v: f"Hand {n}: who took the bid", lambda t, raw, v: t.name(raw),
                    lambda v: h.bidder, choices=lambda v: tuple(t.s.players),
                    what=lambda v: said(f"who took the bid in hand {n}", v.get("bidder"))),
              Field("bid", "bid", lambda v: f"Hand {n}: the winning bid", lambda t, raw, v: t.number(raw),
                    lambda v: str(h.bid), what=lambda v: said(f"the winning bid of hand {n}", v.get("bid")))]
    if h.trump is not None:
        trumps = legal_trumps(t.s, n)
        fields.append(Field("trump", "trump", lambda v: f"Hand {n}: trump", _color_reader(trumps.legal),
                            lambda v: color_name(h.trump), choices=lambda v: trumps,
                            what=lambda v: said(f"the trump of hand {n}", v.get("trump"))))
    if h.points is not None:
        team = h.bid_team
        fields.append(Field("points", "points", lambda v: f"Hand {n}: points captured by the bidders' team",
                            lambda t, raw, v: t.number(raw), lambda v: str(h.points[team]),
                            what=lambda v: said(f"the points captured by the bidders' team in hand {n}",
                                                 v.get("points"))))
    if ask_form(t, fields, lambda v: _reopened(t, n, h, v)) is not None:
        t.say(f"  hand {n} corrected (the old values are kept in the record); later hands judged again")
        t.show_table()


def _reopened(t: Table, n: int, h: Any, v: Any) -> list[Edit]:
    """The correction of hand `n` from the values retyped: the points are the new bidders'."""
    pts = None
    if "points" in v:
        team = t.s.audit.result.teams.of[v["bidder"]]
        pts = {team: v["points"], _other(t.s, team): counters(t.s) - v["points"]}
    won = (v["bidder"], v["bid"]) if (v["bidder"], v["bid"]) != (h.bidder, h.bid) else None
    return correction(t.s, n, v.get("trump"), pts, won)


# --- `edit N` during the auction: correct a call -----------------------------------------------

def _reopen_auction(t: Table, n: int) -> None:
    """`edit N` on the hand being bid: which call to correct, then its new value (the engine's
    legal calls at that point offered; the entry judged as any call is). Later calls the engine
    still allows are kept; the first it does not, and those after it, are said and asked again."""
    calls = t.s.audit.record.hands[n - 1].bidding or ()
    if not calls:
        t.say(f"  hand {n} has no call yet to correct")
        return
    who = _callers(t.s, n)
    labels = [f"{k} {who[k - 1]} {c}" for k, c in enumerate(calls, 1)]
    t.say(f"  reopening the auction of hand {n}: calls {', '.join(labels)}")

    def which(t: Table, raw: str, _v: Any) -> int | None:
        got = t.name(raw, labels, "a call")
        return None if got is None else labels.index(got)

    def read(t: Table, raw: str, v: Any) -> Call | None:  # a call, never the winning bid alone
        return read_call(t, raw, who[v["which"]], first=False)

    def choices(v: Any) -> Choices:  # the engine's, where the call was made
        return legal_calls(t.s, n, who[v["which"]], auction_position(t.s, n, v["which"]))

    fields = [Field("which", "call", lambda v: f"Hand {n}: correct which call? ({', '.join(labels)})",
                    which, lambda v: labels[-1], choices=lambda v: tuple(labels),
                    what=lambda v: said(f"the call of hand {n} to correct",
                                         labels[v["which"]] if "which" in v else None)),
              Field("call", "value", lambda v: f"Hand {n}: call {v['which'] + 1}, "
                    f"{who[v['which']]}'s ({_shown(choices(v))})", read,
                    lambda v: str(calls[v["which"]]),
                    choices=choices, what=lambda v: said(f"the correction of call {v['which'] + 1} of hand {n}",
                                                          _call_value(v.get("call"))))]
    dropped: list[Any] = []
    if ask_form(t, fields, lambda v: _recalled(t.s, n, v["which"], v["call"], dropped)) is None:
        return
    now = t.s.audit.record.hands[n - 1].bidding or ()
    t.say(f"  hand {n} corrected (the old calls are kept in the record): calls now "
          + ", ".join(f"{p} {c}" for p, c in zip(_callers(t.s, n), now)))
    if dropped:
        t.say("  no longer legal after the correction, to be called again: "
              + ", ".join(f"{p} {c}" for p, c in dropped), "refused")


def _callers(s: Session, n: int) -> list[str | None]:
    """Who made each call of hand `n`: as written, else as the replay reads a call written without its
    player (`bidding: [70, 75]`: in turn)."""
    calls = s.audit.record.hands[n - 1].bidding or ()
    read = [p for p, _a in _hands(s)[n - 1].calls]
    return [c.player or (read[k] if k < len(read) else None) for k, c in enumerate(calls)]


def _recalled(s: Session, n: int, k: int, new: Call, dropped: list[Any]) -> list[Edit]:
    """The edits that give hand `n`'s call k (0-based) the value `new`: the later calls kept while
    the engine still allows them, each in turn; the first it refuses and those after it are left
    out (listed in `dropped`) and called again. The old auction is kept in `history`."""
    calls = s.audit.record.hands[n - 1].bidding or ()
    who = _callers(s, n)
    pos = auction_position(s, n, k)
    pos.push(CallMove(new.who, new.amount))
    now = [_written(new.who, new.amount)]
    dropped.clear()
    for p, c in list(zip(who, calls))[k + 1:]:
        m = CallMove(p, c.amount)
        if dropped or pos.phase != "call" or pos.ended or not pos.ruling(m).legal:
            dropped.append((p, c))
            continue
        pos.push(m)
        now.append(_written(p, c.amount))
    # (a call written without its player stays so: `70`, `pass`)
    was = [_written(c.player, c.amount) if c.player else "pass" if c.amount is None else c.amount for c in calls]
    new_list = was[:k] + now
    changes = Changes(s, hand=n)
    if new_list != was:
        changes.log("bidding", was, new_list, SetKey(("hands", n - 1), "bidding", new_list))
    return changes.done()
