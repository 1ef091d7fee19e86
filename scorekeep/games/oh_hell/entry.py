"""Oh Hell at the table: where the record stands, the legal choices there, the edits.

The legal bids are the engine's: the hand's position (dealt as the checker read the hand,
the bids so far applied) gives its legal moves, and a bid it excludes comes with the
engine's ruling (the hook's rule id, why, the bids allowed). The hand size and the dealer of
a new hand are a match-level question the engine's hand position does not answer, so they
are still found by trial: each candidate is put into the record and audited by the checker.
Whatever the prompt offers, the entry itself is judged by the checker before it is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...errors import InputError
from ...entry import Choices, Table
from ...entry.edits import Append, DelKey, Edit, SetKey
from ...entry.session import Session, history_edits, now_iso
from ...entry.values import match_name, per_player, ranges, whole

SUITS = ("spades", "hearts", "diamonds", "clubs")
PER_PLAYER = ("bids", "tricks", "scores", "totals")


class Where(NamedTuple):
    """What is entered next. `kind`: `start` (a new hand: size, dealer, trump), `bid`
    (`player`'s bid), `tricks` (the tricks taken), `over`."""

    kind: str
    hand: int
    """1-based number of the hand being entered."""
    player: str | None = None
    size: int | None = None
    dealer: str | None = None
    order: tuple[str, ...] = ()
    """Bidding order (from the dealer's left)."""
    bids: Mapping[str, int] = {}


def _result(s: Session) -> Any:
    return s.audit.result


def where(s: Session) -> Where:
    from .rules import bidding_order

    res = _result(s)
    hands = res.hands
    if not hands or hands[-1].took is not None:
        if res.over:
            return Where("over", len(hands))
        return Where("start", len(hands) + 1)
    h = hands[-1]
    order = tuple(bidding_order(s.players, h.dealer))
    missing = [p for p in order if p not in h.bids]
    if missing:
        return Where("bid", h.number, missing[0], h.size, h.dealer, order, dict(h.bids))
    return Where("tricks", h.number, None, h.size, h.dealer, order, dict(h.bids))


def _prefix(hand: int) -> tuple[str, int]:
    return ("hands", hand)


def _trial_values(s: Session, hand: int, make: Any, candidates: list[Any]) -> Choices:
    legal, refused = [], []
    for c in candidates:
        new = s.trial(make(c), _prefix(hand))
        if new is None:
            continue
        if new:
            refused.append((str(c), new[0]))
        else:
            legal.append(str(c))
    return Choices(tuple(legal), tuple(refused))


def legal_start(s: Session) -> tuple[Choices, Choices]:
    """The hand size and the dealer the rules give the next hand."""
    n = len(_result(s).hands)
    top = 51 // len(s.players)
    sizes = _trial_values(s, n + 1, lambda k: [Append(("hands",), {"cards": k, "bids": None})],
                          list(range(1, top + 1)))
    dealers = _trial_values(s, n + 1, lambda p: [Append(("hands",), {"dealer": p, "bids": None})],
                            list(s.players))
    return sizes, dealers


def start_edits(size: int | None, dealer: str | None, trump: str | None) -> list[Edit]:
    hand: dict[str, Any] = {}
    if size is not None:
        hand["cards"] = size
    if dealer is not None:
        hand["dealer"] = dealer
    if trump is not None:
        hand["trump"] = trump
    hand["bids"] = None
    return [Append(("hands",), hand)]


def bid_position(s: Session, w: Where, given: Mapping[str, int] | None = None) -> Any:
    """The engine's position of hand `w.hand` at its next bid: dealt with the size, dealer and
    trump the checker found for the hand, the bids so far applied in bidding order. `given`:
    the bids typed so far when a completed hand is reopened (else the record's)."""
    from . import engine

    h = _result(s).hands[w.hand - 1]
    pos, _ = engine.deal(s.players, s.audit.header.options, w.hand, h.size, h.dealer, h.trump)
    bids = h.bids if given is None else given
    for p in pos.t.order:
        if p in bids:
            pos.push(engine.Bid(p, bids[p]))
    return pos


def legal_bids(s: Session, w: Where, player: str, given: Mapping[str, int] | None = None) -> Choices:
    """The bids `player` may make now, from the engine's legal moves; each other bid a record
    could write, with the engine's ruling on it (the hook refuses one of the dealer's).
    `given`: when a completed hand is reopened, the bids typed so far."""
    pos = bid_position(s, w, given)
    legal = {m.value for m in pos.legal_moves() if m.player == player}
    refused = tuple((str(m), pos.ruling(m).finding(hand=w.hand, player=player))
                    for m in pos.space(player) if m.value not in legal)
    return Choices(tuple(str(b) for b in sorted(legal)), refused)


def bid_edit(w: Where, player: str, bid: int) -> list[Edit]:
    return [SetKey(("hands", w.hand - 1, "bids"), player, bid)]


def tricks_edit(w: Where, took: Mapping[str, int]) -> list[Edit]:
    return [SetKey(("hands", w.hand - 1), "tricks", dict(took))]


def hand_scores(s: Session, hand: int) -> Mapping[str, int] | None:
    hands = _result(s).hands
    return hands[hand - 1].points if 0 < hand <= len(hands) else None


# --- `add` -------------------------------------------------------------------------------

ADD_KEYS = ("cards", "dealer", "trump", "bids", "tricks", "scores", "totals")


def add_edits(s: Session, given: Mapping[str, str]) -> list[Edit]:
    """The edits for `scorekeep add`: fill the unfinished last hand, else start the next."""
    values: dict[str, Any] = {}
    for key, raw in given.items():
        if key not in ADD_KEYS:
            raise InputError(f"--{key} is not a key of an Oh Hell hand (keys: "
                             f"{', '.join('--' + k for k in ADD_KEYS)})")
        if key in PER_PLAYER:
            values[key] = per_player(raw, s.players, f"--{key}")
        elif key == "cards":
            values[key] = whole(raw, "--cards")
        elif key == "dealer":
            values[key] = match_name(raw, s.players)
        else:
            values[key] = raw.strip()
    res = _result(s)
    if res.hands and res.hands[-1].took is None:
        i = len(res.hands) - 1
        old = s.audit.record.hands[i]
        edits: list[Edit] = []
        for key, v in values.items():
            if key == "bids" and old.bids:  # one bid at a time: the sheet's own layout is kept
                edits.extend(SetKey(("hands", i, "bids"), p, b) for p, b in v.items())
            else:
                edits.append(SetKey(("hands", i), key, v))
        return edits
    hand = {k: values[k] for k in ("cards", "dealer", "trump") if k in values}
    hand["bids"] = values.get("bids")
    hand.update({k: values[k] for k in ("tricks", "scores", "totals") if k in values})
    return [Append(("hands",), hand)]


def undo_edits(s: Session) -> list[Edit] | None:
    """Remove the last entry the record holds (for an undo after a resume)."""
    from .rules import bidding_order

    rec = s.audit.record
    if not rec.hands:
        return None
    i = len(rec.hands) - 1
    h = rec.hands[i]
    if h.tricks is not None and h.play is None:
        return [DelKey(("hands", i), k) for k in ("totals", "scores", "tricks") if _has(s, i, k)]
    res = _result(s).hands[i]
    given = {e.player for e in h.bids}
    if given and h.play is None:
        last = [p for p in bidding_order(s.players, res.dealer) if p in given][-1]
        rest = {e.player: e.value for e in h.bids if e.player != last}
        return [SetKey(("hands", i), "bids", rest or None)]
    if h.play is None:
        from ...entry.edits import Pop

        return [Pop(("hands",))]
    return None


def _has(s: Session, i: int, key: str) -> bool:
    from ...yamlio import Map

    hands = s.root.get("hands")  # type: ignore[union-attr]
    item = hands.items[i]  # type: ignore[union-attr]
    return isinstance(item, Map) and key in item.index


# --- `edit N`: correct a completed hand ---------------------------------------------------

def correction(s: Session, hand: int, bids: Mapping[str, int], took: Mapping[str, int]) -> list[Edit]:
    """Edits that correct hand `hand`'s bids and tricks, with the `history` of what changed.
    The hand's written `scores` are rewritten from the corrected hand, and the running
    `totals` written on it and on every later hand move by the points the correction changes
    (see `_shift_totals`), so the sheet stays as consistent as it was."""
    rec = s.audit.record.hands[hand - 1]
    i = hand - 1
    old_bids = {e.player: e.value for e in rec.bids}
    old_took = {e.player: e.value for e in rec.tricks} if rec.tricks is not None else None
    # keep the order the sheet writes them in
    bids = {**{p: bids[p] for p in old_bids if p in bids}, **bids}
    if old_took is not None:
        took = {**{p: took[p] for p in old_took if p in took}, **took}
    edits: list[Edit] = []
    history: list[dict[str, Any]] = []
    when = now_iso()
    if dict(bids) != old_bids:
        edits.append(SetKey(("hands", i), "bids", dict(bids)))
        history.append({"time": when, "hand": hand, "key": "bids", "was": old_bids, "now": dict(bids)})
    if old_took is None or dict(took) != old_took:
        edits.append(SetKey(("hands", i), "tricks", dict(took)))
        history.append({"time": when, "hand": hand, "key": "tricks", "was": old_took, "now": dict(took)})
    if not edits:
        return []
    from ...entry.edits import apply_nodes

    root = s.root
    for e in edits:
        root = apply_nodes(root, e)
    try:
        after = s.game.audit(s.game.read(root)).result.hands[i]  # type: ignore[arg-type]
    except InputError:
        after = None  # the judgement of the edits will say why
    if after is not None and after.points is not None:
        if _has(s, i, "scores"):  # the sheet's scores of that hand follow the correction
            edits.append(SetKey(("hands", i), "scores", _written_like(s, i, "scores", after.points)))
        edits.extend(_shift_totals(s, hand, after, history, when))
    edits.extend(history_edits(s, history))
    return edits


def _written_like(s: Session, i: int, key: str, values: Mapping[str, int]) -> Any:
    """`values` in the form hand i's `key` is written in: a list in seat order, or a mapping
    of the players it names, in its order."""
    from ...yamlio import Map, Seq

    node = s.root.get("hands").items[i].get(key)  # type: ignore[union-attr]
    if isinstance(node, Seq):
        return [values[p] for p in s.players]
    names = [k.value for k, _v in node.pairs] if isinstance(node, Map) else list(s.players)
    return {p: values[p] for p in names}


def _shift_totals(s: Session, hand: int, after: Any, history: list[dict[str, Any]], when: str) -> list[Edit]:
    """The sheet's running totals (`totals`) of the corrected hand and every later hand, moved
    by what the correction changes in that hand's points, as a scorer carries a corrected
    hand down the sheet. A later hand's own slip of addition stays exactly the slip it was
    (the checker judges each written total from the sheet's previous one), so the correction
    adds no finding and removes none; each total rewritten is kept in `history`."""
    before = _result(s).hands[hand - 1]
    old = before.points if before.counted and before.points is not None else {}
    new = after.points if after.counted else {}
    delta = {p: new.get(p, 0) - old.get(p, 0) for p in s.players}
    if not any(delta.values()):
        return []
    edits: list[Edit] = []
    for j in range(hand - 1, len(s.audit.record.hands)):
        written = s.audit.record.hands[j].totals
        if not written or not _has(s, j, "totals"):
            continue
        was = {e.player: e.value for e in written}
        now = {p: v + delta[p] for p, v in was.items()}
        if now == was:
            continue
        edits.append(SetKey(("hands", j), "totals", _written_like(s, j, "totals", now)))
        history.append({"time": when, "hand": j + 1, "key": "totals", "was": was, "now": now})
    return edits


# --- `new` ---------------------------------------------------------------------------------

LIST_KEY = "hands"
"""The record's list `new` opens."""
NO_FIRST_DEALER = ""
"""Why a new record takes no `first_dealer` (empty: it takes one)."""


# --- `play`: the questions at the table ------------------------------------------------------

def turn(t: Table) -> bool:
    """Ask for the next entry (a new hand, a bid, the tricks taken) and enter it; False at the end."""
    w = where(t.s)
    if w.kind == "over":
        t.show_table()
        t.say("The game is over.")
        return t.over()
    if w.kind == "start":
        _ask_start(t, w)
        return True
    if w.kind == "bid":
        _ask_bid(t, w)
        return True
    # tricks, in the same order; the last is what is left
    took = _ask_tricks(t, w.hand, w.size or 0, w.order, w.bids, {})
    if took is None:
        return True
    if t.enter(tricks_edit(w, took)):
        _after_hand(t, w.hand)
    return True


def _ask_start(t: Table, w: Where) -> None:
    """A new hand: its size and dealer (offered when the rules leave one), and its trump."""
    sizes, dealers = legal_start(t.s)
    size_d = sizes.legal[0] if len(sizes.legal) == 1 else None
    dealer_d = dealers.legal[0] if len(dealers.legal) == 1 else None
    t.say(f"\nHand {w.hand}: {size_d or '?'} cards, {dealer_d or '?'} deals.")
    size = t.number(t.ask(f"Hand {w.hand}, cards", size_d, choices=sizes))
    dealer = t.name(t.ask(f"Hand {w.hand}, dealer", dealer_d, choices=dealers))
    if size is None or dealer is None:
        return
    raw = t.ask("Trump (spades, hearts, diamonds, clubs; `-` not written)", "-", choices=(*SUITS, "-"))
    trump = None
    if raw != "-":
        trump = t.name(raw, SUITS)
        if trump is None:
            return
    t.enter(start_edits(size, dealer, trump))


def _ask_bid(t: Table, w: Where) -> None:
    p = w.player
    assert p is not None  # a bid is someone's
    ch = legal_bids(t.s, w, p)
    _say_hook(t, ch, p)
    bid = t.number(t.ask(f"Hand {w.hand} ({w.size} cards): {p}'s bid ({ranges(map(int, ch.legal))})", choices=ch))
    if bid is not None:
        t.enter(bid_edit(w, p, bid))


def _say_hook(t: Table, ch: Choices, player: str) -> None:
    """Which bid the hook refuses `player`, before they bid."""
    from .engine import HOOK

    hooked = [b for b, f in ch.refused if f.rule == HOOK.rule]
    if hooked:
        t.say(f"  the hook: {player} may not bid {hooked[0]} (oh-hell.hook)")


def _ask_tricks(t: Table, hand: int, size: int, order: Any, bids: Any,
                current: dict[str, int]) -> dict[str, int] | None:
    """The tricks each player took, in bidding order; the last player's is what is left."""
    took: dict[str, int] = {}
    left = size
    for p in order[:-1]:
        n = t.number(t.ask(f"Hand {hand}: tricks taken by {p} (bid {bids.get(p, '?')}; {max(left, 0)} left)",
                           str(current[p]) if p in current else None,
                           choices=[str(k) for k in range(max(left, 0) + 1)]))
        if n is None:
            return None
        took[p] = n
        left -= n
    last = order[-1]
    took[last] = max(left, 0)
    if left < 0:
        t.say(f"  those add up to {size - left}, more than the {size} tricks of the hand")
    else:
        t.say(f"  {last} took the other {left}")
    return {p: took[p] for p in order}


def _after_hand(t: Table, hand: int) -> None:
    pts = hand_scores(t.s, hand)
    if pts is not None:
        t.say(f"  hand {hand} scores: " + ", ".join(f"{p} {pts[p]}" for p in t.s.players))
    t.show_table()


def reopen(t: Table, n: int) -> None:
    """`edit N`: ask hand `n`'s bids and tricks again, what is written offered, and correct it."""
    from .rules import bidding_order

    hands = t.s.audit.result.hands
    if not 1 <= n <= len(hands) or hands[n - 1].took is None:
        t.say(f"  hand {n} is not a completed hand (there are {len(hands)})")
        return
    h = hands[n - 1]
    order = bidding_order(t.s.players, h.dealer)
    t.say(f"  reopening hand {n} ({h.size} cards, {h.dealer} dealt); Enter keeps what is written")
    bids: dict[str, int] = {}
    w = Where("bid", n, None, h.size, h.dealer, tuple(order), {})
    for p in order:
        ch = legal_bids(t.s, w, p, bids)
        _say_hook(t, ch, p)
        shown = f" ({ranges(map(int, ch.legal))})"
        b = t.number(t.ask(f"Hand {n}: {p}'s bid{shown}", str(h.bids[p]), choices=ch))
        if b is None:
            return
        bids[p] = b
    took = _ask_tricks(t, n, h.size, order, bids, dict(h.took or {}))
    if took is None:
        return
    t.correct(n, correction(t.s, n, bids, took))
