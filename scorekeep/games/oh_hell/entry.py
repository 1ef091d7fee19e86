"""Oh Hell at the table: where the record stands, the legal choices there, the edits.

The legal bids are the engine's legal moves at the hand's position, a refused bid comes with
the engine's ruling; a new hand's size and dealer are found by trial (each candidate put into
the record and audited). Every entry is judged by the checker before it is written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ...cards import SUIT_NAME, parse_suit
from ...entry import Choices, Table, Undone, ruled
from ...entry.edits import Append, DelKey, Edit, Pop, SetKey
from ...entry.form import Field, ask_form, said
from ...entry.session import Changes, Session, hand_holds, written_like
from ...entry.values import match_name, per_player, ranges, read_given, whole
from ...errors import InputError
from . import engine
from .engine import bidding_order
from .record import NO_TRUMP

SUITS = tuple(SUIT_NAME[c] for c in "SHDC")


class Where(NamedTuple):
    """What is entered next. `kind`: `start` (a new hand: size, dealer, trump), `bid`
    (`player`'s bid), `tricks` (the tricks taken), `over`."""

    kind: str
    hand: int
    """1-based number of the hand being entered."""
    player: str | None = None
    size: int | None = None
    order: tuple[str, ...] = ()
    """Bidding order (from the dealer's left)."""
    bids: Mapping[str, int] = {}


def where(s: Session) -> Where:
    res = s.audit.result
    hands = res.hands
    if not hands or hands[-1].took is not None:
        if res.over:
            return Where("over", len(hands))
        return Where("start", len(hands) + 1)
    h = hands[-1]
    order = tuple(bidding_order(s.players, h.dealer))
    missing = [p for p in order if p not in h.bids]
    if missing:
        return Where("bid", h.number, missing[0], h.size, order, dict(h.bids))
    return Where("tricks", h.number, None, h.size, order, dict(h.bids))


def legal_start(s: Session) -> tuple[Choices, Choices]:
    """The hand size and the dealer the rules give the next hand."""
    sizes = s.by_trial(lambda k: [Append(("hands",), {"cards": k, "bids": None})], range(1, 51 // len(s.players) + 1))
    dealers = s.by_trial(lambda p: [Append(("hands",), {"dealer": p, "bids": None})], s.players)
    return sizes, dealers


def start_edits(size: int | None, dealer: str | None, trump: str | None) -> list[Edit]:
    hand: dict[str, Any] = {k: v for k, v in (("cards", size), ("dealer", dealer)) if v is not None}
    if trump:
        hand["trump"] = trump
    hand["bids"] = None
    return [Append(("hands",), hand)]


def legal_bids(s: Session, w: Where, player: str, given: Mapping[str, int] | None = None,
               size: int | None = None) -> Choices:
    """The bids `player` may make now, from the engine's legal moves at the hand's position (dealt
    as the checker read it, the bids so far applied); each other bid a record could write, with
    the engine's ruling on it. `given`, `size`: when a completed hand is reopened, the bids and
    the hand size retyped so far."""
    h = s.audit.result.hands[w.hand - 1]
    pos, _ = engine.deal(s.players, s.audit.header.options, w.hand, size or h.size, h.dealer, h.trump)
    bids = h.bids if given is None else given
    for p in pos.t.order:
        if p in bids:
            pos.push(engine.Bid(p, bids[p]))
    legal = sorted((m for m in pos.legal_moves() if m.player == player), key=lambda m: m.value)
    return ruled(pos, legal, pos.space(player), w.hand)


def bid_edit(w: Where, player: str, bid: int) -> list[Edit]:
    return [SetKey(("hands", w.hand - 1, "bids"), player, bid)]


def tricks_edit(w: Where, took: Mapping[str, int]) -> list[Edit]:
    return [SetKey(("hands", w.hand - 1), "tricks", dict(took))]


# --- `add` -------------------------------------------------------------------------------

def add_edits(s: Session, given: Mapping[str, str], replace: bool = False) -> list[Edit]:
    """The edits for `scorekeep add`: fill the unfinished last hand, else start the next. A value
    the hand already holds is replaced only with `replace` (the old one kept in `history`)."""
    def each(key: str) -> Callable[[str], Any]:
        return lambda raw: per_player(raw, s.players, f"--{key}")

    values = read_given(given, "an Oh Hell hand", {
        "cards": lambda raw: whole(raw, "--cards"), "dealer": lambda raw: match_name(raw, s.players),
        "trump": _trump_word, **{k: each(k) for k in ("bids", "tricks", "scores", "totals")}})
    res = s.audit.result
    if res.hands and res.hands[-1].took is None:
        return _fill(s, len(res.hands) - 1, values, replace)
    hand = {k: values[k] for k in ("cards", "dealer", "trump") if k in values}
    hand["bids"] = values.get("bids")
    hand.update({k: values[k] for k in ("tricks", "scores", "totals") if k in values})
    return [Append(("hands",), hand)]


def _trump_word(raw: str) -> str:
    """`g`, `H`, `♥`: the suit's word, as `play` writes it; `none` as it is; else as typed (the
    reader says what is wrong with it)."""
    t = raw.strip()
    code = parse_suit(t)
    if code is not None:
        return SUIT_NAME[code]
    if t.lower() in ("none", "no trump", "nt", "-"):
        return NO_TRUMP
    try:
        return match_name(t, SUITS, "a suit")
    except InputError:
        return t


def _fill(s: Session, i: int, values: Mapping[str, Any], replace: bool) -> list[Edit]:
    """Edits that fill hand i (unfinished) with `values`; what it holds already is refused, or
    replaced with `replace` and logged in `history`."""
    held = {e.player: e.value for e in s.audit.record.hands[i].bids}
    c = Changes(s, hand=i + 1)
    for key, v in values.items():
        if key != "bids":
            c.set_in_hand(i, key, v, replace, KEY_WORDS.get(key, key))
            continue
        again = {p: b for p, b in v.items() if p in held and held[p] != b}
        if again and not replace:
            raise InputError(f"hand {i + 1} already has " + ", ".join(f"{p}'s bid ({held[p]})" for p in again)
                             + ": add --replace to replace it")
        for p in again:
            c.log("bids", {p: held[p]}, {p: v[p]})
        if held:  # one bid at a time: the sheet's own layout is kept
            c.edits.extend(SetKey(("hands", i, "bids"), p, b) for p, b in v.items())
        else:
            c.edits.append(SetKey(("hands", i), key, v))
    return c.done()


def undo_edits(s: Session) -> Undone | None:
    """Remove the last entry the record holds (for an undo after a resume)."""
    rec = s.audit.record
    if not rec.hands:
        return None
    i = len(rec.hands) - 1
    h = rec.hands[i]
    if h.play is not None:  # a hand kept with its play is not undone
        return None
    if h.tricks is not None:
        edits: list[Edit] = [DelKey(("hands", i), k) for k in ("totals", "scores", "tricks") if hand_holds(s, i, k)]
        return Undone(edits, f"the tricks taken in hand {i + 1}")
    res = s.audit.result.hands[i]
    given = {e.player: e.value for e in h.bids}
    if given:
        last = [p for p in bidding_order(s.players, res.dealer) if p in given][-1]
        rest = {p: v for p, v in given.items() if p != last}
        return Undone([SetKey(("hands", i), "bids", rest or None)], f"{last}'s bid in hand {i + 1} ({given[last]})")
    return Undone([Pop(("hands",))], f"hand {i + 1}")


# --- `edit N`: correct a completed hand ---------------------------------------------------

def correction(s: Session, hand: int, bids: Mapping[str, int], took: Mapping[str, int] | None,
               start: Mapping[str, Any] | None = None) -> list[Edit]:
    """Edits that correct hand `hand`: its size, dealer and trump (`start`: `cards`, `dealer`,
    `trump`, each None for as the checker reads it now), bids and tricks (None: the hand is
    being bid), with the `history` of what changed; its written `scores` rewritten, and the
    running `totals` moved, so the sheet stays as consistent as it was."""
    rec = s.audit.record.hands[hand - 1]
    i = hand - 1
    old_bids = {e.player: e.value for e in rec.bids}
    old_took = {e.player: e.value for e in rec.tricks} if rec.tricks is not None else None
    # keep the order the sheet writes them in
    bids = {**{p: bids[p] for p in old_bids if p in bids}, **bids}
    if old_took is not None and took is not None:
        took = {**{p: took[p] for p in old_took if p in took}, **took}
    c = Changes(s, hand=hand)
    _start_changes(c, i, start or {})
    if dict(bids) != old_bids:
        c.log("bids", old_bids, dict(bids), SetKey(("hands", i), "bids", dict(bids) or None))
    if took is not None and (old_took is None or dict(took) != old_took):
        c.log("tricks", old_took, dict(took), SetKey(("hands", i), "tricks", dict(took)))
    written = [{e.player: e.value for e in h.totals} if h.totals else None for h in s.audit.record.hands]
    now = c.carry(hand, lambda h: h.points, written, s.players)
    if now is not None and hand_holds(s, i, "scores"):  # the sheet's scores of that hand follow the correction
        c.edits.append(SetKey(("hands", i), "scores", written_like(s, i, "scores", now.points, s.players, {})))
    return c.done()


def _start_changes(c: Changes, i: int, start: Mapping[str, Any]) -> None:
    """Give hand i the size, dealer and trump retyped, where they differ from what the checker
    reads; a value the record leaves to the rules is written only when it changes."""
    h = c.s.audit.result.hands[i]
    was_trump = c.s.audit.record.hands[i].trump
    now_trump = start.get("trump")
    code = None if now_trump is None else NO_TRUMP if now_trump == NO_TRUMP else parse_suit(now_trump)
    for key, was, now, changed in (
            ("cards", h.size, start.get("cards"), start.get("cards") not in (None, h.size)),
            ("dealer", h.dealer, start.get("dealer"), start.get("dealer") not in (None, h.dealer)),
            ("trump", was_trump, now_trump, code != was_trump)):
        if changed:
            c.log(key, was, now, DelKey(("hands", i), key) if now is None else SetKey(("hands", i), key, now))


# --- `new` ---------------------------------------------------------------------------------

KEY_WORDS = {"cards": "the hand size", "bids": "the bids", "tricks": "the tricks taken", "scores": "the scores written",
             "totals": "the running totals", "trump": "the trump", "dealer": "the dealer", "turn_up": "the turned card",
             "play": "the play", "deal": "the deal", "first_dealer": "the first dealer",
             "deal_pattern": "the deal pattern"}

LIST_KEY = "hands"
NO_FIRST_DEALER = ""


def teams_value(players: list[str], labels: list[str]) -> Any:
    """Refused: a new record of Oh Hell takes no `teams`."""
    raise InputError("Oh Hell is played each for themselves: there are no teams to name")


# --- `play`: the questions at the table ------------------------------------------------------

def cards_text(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def trump_text(trump: str | None) -> str:
    """The hand's trump as the table says it: a suit's word, `no trump`, `not written`."""
    if trump is None:
        return "trump not written"
    return "no trump" if trump == NO_TRUMP else f"{SUIT_NAME[trump]} trump"


def situation(s: Session) -> list[str]:
    """Where the table is, for a resumed record: the hand, its dealer and trump, the bids so far."""
    res = s.audit.result
    if not res.hands:
        return []
    w = where(s)
    if w.kind in ("start", "over"):
        h = res.hands[-1]
        return [f"Hand {h.number} is finished ({cards_text(h.size)}, {h.dealer} dealt)."]
    h = res.hands[w.hand - 1]
    bids = ", ".join(f"{p} {w.bids[p]}" for p in w.order if p in w.bids) or "none yet"
    return [f"Hand {w.hand}: {cards_text(h.size)}, {h.dealer} deals, {trump_text(h.trump)}; bids: {bids}."]


def over_text(_s: Session) -> str:
    return "The game is over."


def _ask_tricks(t: Table, w: Where) -> None:
    size = w.size or 0
    if ask_form(t, trick_fields(t, w.hand, size, w.order, w.bids),
                lambda v: tricks_edit(w, took_of(t, size, w.order, v)),
                after=lambda v: _say_counts(t, size, took_of(t, size, w.order, v))) is not None:
        _after_hand(t, w.hand)


def _ask_start(t: Table, w: Where) -> None:
    """A new hand: its size and dealer (what the rules give offered), and its trump; a refused
    value is asked again alone."""
    sizes, dealers = legal_start(t.s)
    size_d = sizes.legal[0] if len(sizes.legal) == 1 else None
    dealer_d = dealers.legal[0] if len(dealers.legal) == 1 else None
    t.say(f"\nHand {w.hand}: {cards_text(int(size_d)) if size_d else '? cards'}, {dealer_d or '?'} deals.")
    fields = start_fields(w.hand, size_d, dealer_d, sizes, dealers)
    ask_form(t, fields, lambda v: start_edits(v.get("size"), v.get("dealer"), v.get("trump")))


def start_fields(hand: int, size_d: str | None, dealer_d: str | None, sizes: Choices | None = None,
                 dealers: Choices | None = None) -> list[Field]:
    """A hand's size, dealer and trump; `sizes`, `dealers`: what the rules give, offered."""
    return [
        Field("size", "cards", lambda v: f"Hand {hand}, cards", lambda t, raw, v: t.number(raw),
              lambda v: size_d, judged=True, choices=(lambda v: sizes) if sizes else None,
              what=lambda v: said(f"the hand size of hand {hand}", v.get("size"), cards_text)),
        Field("dealer", "dealer", lambda v: f"Hand {hand}, dealer", lambda t, raw, v: t.name(raw),
              lambda v: dealer_d, judged=True, choices=(lambda v: dealers) if dealers else None,
              what=lambda v: said(f"the dealer of hand {hand}", v.get("dealer"))),
        Field("trump", "trump", lambda v: "Trump (spades, hearts, diamonds, clubs; - if not noted)",
              _read_trump, lambda v: "-", choices=lambda v: (*SUITS, "-"),
              what=lambda v: said(f"the trump of hand {hand}", v.get("trump"), _trump_typed)),
    ]


def _trump_typed(trump: str) -> str:
    """The trump typed as the table says it: a suit's word, `no trump`, `not noted`."""
    return "not noted" if trump == _NOT_NOTED else "no trump" if trump == NO_TRUMP else trump


def _read_trump(t: Table, raw: str, _v: Any) -> Any:
    """A suit from its start (`h`, `Hea`) or as a record writes it (`♥`, `H`), `-` for none noted; a
    wrong word is not a suit."""
    if raw.strip() in ("-", ""):
        return _NOT_NOTED
    if raw.strip().lower() in ("none", "no trump", "nt"):
        return NO_TRUMP
    code = parse_suit(raw.strip())
    return SUIT_NAME[code] if code is not None else t.name(raw, SUITS, "a suit")


_NOT_NOTED = ""
"""The trump not noted: nothing written (a value, so that the form keeps it as typed)."""


def _ask_bid(t: Table, w: Where) -> None:
    p = w.player
    assert p is not None  # a bid is someone's
    ch = legal_bids(t.s, w, p)
    _say_hook(t, ch, p)
    field = Field("bid", p, lambda v: f"Hand {w.hand} ({cards_text(w.size or 0)}): {p}'s bid "
                  f"({ranges(map(int, ch.legal))})", lambda t, raw, v: t.number(raw), choices=lambda v: ch,
                  what=lambda v: said(f"{p}'s bid in hand {w.hand}", v.get("bid")))
    if ask_form(t, [field], lambda v: bid_edit(w, p, v["bid"])) is None:
        return
    nxt = where(t.s)
    if nxt.kind == "tricks" and nxt.hand == w.hand:
        t.say("  " + over_under(nxt.bids, w.size or 0))


def over_under(bids: Mapping[str, int], size: int) -> str:
    """`bids total 11 on 10 tricks: over by 1`, the line a table says once every bid is in."""
    total = sum(bids.values())
    how = "even" if total == size else f"over by {total - size}" if total > size else f"under by {size - total}"
    return f"bids total {total} on {size} trick{'s' if size != 1 else ''}: {how}"


def _say_hook(t: Table, ch: Choices, player: str) -> None:
    """Which bid the hook refuses `player`, before they bid."""
    hooked = [b for b, f in ch.refused if f.rule == engine.HOOK.rule]
    if hooked:
        t.say(f"  the hook: {player} may not bid {hooked[0]} (oh-hell.hook)", "forbidden")


def trick_fields(t: Table, hand: int, size: int, order: Any, bids: Any,
                 current: Mapping[str, int] | None = None, prefix: str = "") -> list[Field]:
    """Every player's tricks, in bidding order (`play --fill-last`: the last is asked only when the
    others leave none, else it is what they leave), each keyed and labelled by `prefix` and the name."""
    others = order[:-1]

    def left(v: Mapping[str, Any]) -> bool:  # (the last count asked when the others already exceed the hand)
        return not t.fill_last or sum(v.get(prefix + p, 0) for p in others) > size

    def field(p: str) -> Field:
        # (the bid as retyped when the hand is reopened, `bid NAME`, else as written)
        return Field(prefix + p, prefix + p, lambda v: f"Hand {hand}: tricks taken by {p} "
                                                      f"(bid {v.get('bid ' + p, bids.get(p, '?'))})",
                     lambda t, raw, v: t.number(raw),
                     lambda v: str(current[p]) if current and p in current else None,
                     choices=lambda v: [str(k) for k in range(size + 1)],  # what a hand can give one player
                     what=lambda v: said(f"the tricks taken by {p} in hand {hand}", v.get(prefix + p)),
                     asked=left if p == order[-1] else None)
    return [field(p) for p in order]


def took_of(t: Table, size: int, order: Any, v: Mapping[str, int]) -> dict[str, int]:
    """The counts typed, in bidding order; with `--fill-last` the last, when not typed, is what is left."""
    took = {p: v[p] for p in order if p in v}
    if t.fill_last and order[-1] not in took:
        took[order[-1]] = size - sum(took.values())  # (asked instead when the others exceed the hand)
    return took


def _say_counts(t: Table, size: int, took: Mapping[str, int]) -> None:
    total = sum(took.values())
    t.say("  " + ", ".join(f"{p} {n}" for p, n in took.items())
          + f": {total} trick{'s' if total != 1 else ''} of {size}")


def _after_hand(t: Table, hand: int) -> None:
    pts = t.s.audit.result.hands[hand - 1].points
    if pts is not None:
        t.say(f"  hand {hand} scores: " + ", ".join(f"{p} {pts[p]}" for p in t.s.players))
    t.show_table()


ASK = {"start": _ask_start, "bid": _ask_bid, "tricks": _ask_tricks}


def reopen(t: Table, target: str) -> None:
    """`edit N`: ask hand N's size, dealer, trump, bids and tricks again (the current hand: what
    it has so far), what is written offered; a correction kept in the record's history."""
    hands = t.s.audit.result.hands
    n = int(target) if target.isdigit() else 0  # `1.5` is a Daifugō game, no hand
    if not 1 <= n <= len(hands):
        t.say(f"  there is no hand {target} (hands 1–{len(hands)})" if hands else "  no hand to edit yet")
        return
    h = hands[n - 1]
    order = tuple(bidding_order(t.s.players, h.dealer))
    t.say(f"  reopening hand {n} ({cards_text(h.size)}, {h.dealer} dealt); {t.keeps}")
    rec = t.s.audit.record.hands[n - 1]
    written = {"size": str(h.size), "dealer": h.dealer,
               "trump": "-" if rec.trump is None else SUIT_NAME[rec.trump] if rec.trump in "SHDC"
               else rec.trump}
    fields = [f._replace(prompt=lambda v, f=f: f"Hand {n}: {f.label}", default=lambda v, k=f.key: written[k],
                         judged=False)  # judged as a whole
              for f in start_fields(n, None, None)]
    w = Where("bid", n, None, h.size, order)

    def legal(v: Mapping[str, Any], p: str) -> Choices:
        # (the size retyped; not the dealer: the bids are asked in the order the written dealer gives)
        return legal_bids(t.s, w, p, _typed(v, "bid ", order), v.get("size"))
    # each bid's legal bids shown and offered: the engine's, in the hand as retyped so far (the whole
    # hand is judged at the end: a bid judged alone would be charged with a slip of the size or dealer)
    fields += [Field("bid " + p, "bid " + p,
                     lambda v, p=p: f"Hand {n}: {p}'s bid ({ranges(map(int, legal(v, p).legal))})",
                     lambda t, raw, v: t.number(raw), lambda v, p=p: str(h.bids[p]),
                     choices=lambda v, p=p: legal(v, p),
                     what=lambda v, p=p: said(f"{p}'s bid in hand {n}", v.get("bid " + p)))
               for p in order if p in h.bids]
    if h.took is not None:
        fields += trick_fields(t, n, h.size, order, h.bids, h.took, "took ")
    if ask_form(t, fields, lambda v: _reopened(t, n, order, h, v),
                after=lambda v: t.say(f"  hand {n}: " + _summary(v, order))) is not None:
        t.say(f"  hand {n} corrected (the old values are kept in the record); later hands judged again")
        t.show_table()


def _typed(v: Mapping[str, Any], prefix: str, order: Any) -> dict[str, Any]:
    """The values retyped for each player under `prefix` (`bid `, `took `), in bidding order."""
    return {p: v[prefix + p] for p in order if prefix + p in v}


def _summary(v: Mapping[str, Any], order: Any) -> str:
    bids = ", ".join(f"{p} {b}" for p, b in _typed(v, "bid ", order).items())
    took = ", ".join(f"{p} {k}" for p, k in _typed(v, "took ", order).items())
    return f"bids {bids}" + (f"; took {took}" if took else "")


def _reopened(t: Table, n: int, order: Any, h: Any, v: Mapping[str, Any]) -> list[Edit]:
    """The correction of hand `n` from the values retyped."""
    took = None if h.took is None else took_of(t, h.size, order, _typed(v, "took ", order))
    trump = v.get("trump")
    start = {"cards": v.get("size"), "dealer": v.get("dealer"),
             "trump": None if trump in (_NOT_NOTED, "-") else trump}
    return correction(t.s, n, _typed(v, "bid ", order), took, start)
