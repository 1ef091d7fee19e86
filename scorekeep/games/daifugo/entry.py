"""Daifugō at the table: one game at a time (the finishing order, forbidden finishes), the
exchange owed before it, a new set when one ends.

Whether a finishing order is legal is the checker's call (`judge`); the exchange owed pairs
the previous game's ranking, as the checker settled it, by the engine's table of gifts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from ...entry import Table, Undone
from ...entry.form import Field, ask_form, said
from ...errors import InputError
from ...game import and_list
from ...entry.edits import Append, DelKey, Edit, Pop, SetKey
from ...entry.session import Changes, Session
from ...entry.values import names, read_given
from ...yamlio import Map
from .rulebook import RANK_NAMES


class Where(NamedTuple):
    """What is entered next: `game` (game `game` of set `set`; `new_set` when it opens a new set),
    or `over`; `previous`: the previous game's ranking in this set (大富豪 first): the exchange."""

    kind: str
    set: int
    game: int
    new_set: bool = False
    seats: tuple[str, ...] = ()
    previous: tuple[str, ...] | None = None


def where(s: Session) -> Where:
    res = s.audit.result
    if res.over:
        return Where("over", len(res.sets), 0)
    if not res.sets:
        return Where("game", 1, 1, True, s.players)
    last = res.sets[-1]
    if last.games and not last.games[-1].complete:
        g = last.games[-1]
        prev = last.games[-2].ranking if len(last.games) > 1 else None
        return Where("game", last.number, g.number, False, last.seats, prev)
    if last.complete:
        return Where("game", last.number + 1, 1, True, last.seats)
    prev = last.games[-1].ranking if last.games else None
    return Where("game", last.number, len(last.games) + 1, False, last.seats, prev)


def exchange_owed(w: Where) -> list[tuple[str, str, int]]:
    """(giver, receiver, cards) owed before this game by the lower ranks: 大貧民 gives 大富豪 their 2
    strongest cards, 貧民 gives 富豪 their strongest (daifugo.exchange-count, daifugo.exchange-strongest)."""
    from .model import EXCHANGE

    r = w.previous
    if not r or len(r) < 4:
        return []
    return [(r[a], r[b], n) for a, b, n in EXCHANGE if a > b]


def game_edits(s: Session, w: Where, out: Sequence[str], fouls: Sequence[str] = (),
               ranks: Sequence[str] | None = None, replace: bool = False) -> list[Edit]:
    """The edits that write game `w`. A game in progress written before (not settled) gets them in
    place: what it holds replaced only with `replace` (else an InputError that says what it holds),
    the old kept in `history`; its plays, deal or exchange, if written, kept beside them."""
    game = {k: list(v) for k, v in (("out", out), ("fouls", fouls), ("ranks", ranks)) if v}
    if w.new_set:
        return [Append(("sets",), {"games": [game]})]
    held = in_progress(s)
    if held is None:
        return [Append(("sets", w.set - 1, "games"), game)]
    if any(held.values()) and not replace:
        has = "; ".join(f"{KEY_WORDS[k]} ({', '.join(v)})" for k, v in held.items() if v)
        raise InputError(f"set {w.set} game {w.game} is not over and already has {has}: add --replace to "
                         "replace it")
    path = ("sets", w.set - 1, "games", len(s.audit.record.sets[-1].games) - 1)
    c = Changes(s, set=w.set, game=w.game)
    for key in ("out", "fouls", "ranks"):  # each over what the game held: logged where it changes
        was, now = held.get(key), game.get(key)
        if was is None and now is not None:
            c.edits.append(SetKey(path, key, now))
        elif was is not None and was != (now or []):
            c.log(key, was, now or [], SetKey(path, key, now) if now else DelKey(path, key))
    return c.done()


def in_progress(s: Session) -> dict[str, list[str]] | None:
    """The last game of the record while it is not settled: the names it holds under `out`, `fouls`
    and `ranks`, each written (an empty list: written empty); None when there is no such game."""
    sets = s.audit.result.sets
    if not sets or not sets[-1].games or sets[-1].games[-1].complete:
        return None
    g = s.audit.record.sets[-1].games[-1]
    return {k: list(v.names) for k in ("out", "fouls", "ranks") if (v := getattr(g, k)) is not None}


# --- `add` -------------------------------------------------------------------------------

def add_edits(s: Session, given: Mapping[str, str], replace: bool = False) -> list[Edit]:
    """The edits for `scorekeep add`: the next game, written whole; what a game in progress holds
    (an order that does not settle it, its forbidden finishes) is replaced only with `replace`."""
    w = where(s)
    if w.kind == "over":
        w = Where("game", w.set, 1, True, s.players)  # let the checker say the match is over
    seats = w.seats or s.players
    got = read_given(given, "a Daifugō game", {k: (lambda raw, k=k: names(raw, seats, f"--{k}"))
                                                 for k in ("out", "fouls", "ranks")})
    if not got.get("out") and not got.get("ranks"):
        raise InputError("give --out (the finishing order) or --ranks")
    return game_edits(s, w, got.get("out", []), got.get("fouls", ()), got.get("ranks"), replace)


def undo_edits(s: Session) -> Undone | None:
    """Remove the last game the record holds (for an undo after a resume): one `play` or `add` writes,
    an order with its forbidden finishes or ranks; a game with its plays, deal or exchange written was
    kept by hand, and is not undone (as Oh Hell and Rook keep a hand with its plays)."""
    rec = s.audit.record
    if not rec.sets or not rec.sets[-1].games:
        return None
    last = rec.sets[-1]
    g = last.games[-1]
    if g.plays is not None or g.deal is not None or g.exchange is not None:
        return None
    written = s.root.get("sets").items[-1]  # type: ignore[union-attr]
    own = isinstance(written, Map) and any(k.value != "games" for k, _v in written.pairs)  # its seats, blind cards
    said = f"set {last.number} game {g.number}" + (f" ({', '.join(g.out.names)})" if g.out else "")
    if len(last.games) > 1 or own:
        return Undone([Pop(("sets", len(rec.sets) - 1, "games"))], said)
    return Undone([Pop(("sets",))], said)


def correction(s: Session, set_no: int, game_no: int, out: Sequence[str], fouls: Sequence[str]) -> list[Edit]:
    """Edits that correct a finished game's finishing order and fouls, with their `history`."""
    g = s.audit.record.sets[set_no - 1].games[game_no - 1]
    path = ("sets", set_no - 1, "games", game_no - 1)
    old_out = list(g.out.names) if g.out else []
    old_fouls = list(g.fouls.names) if g.fouls else []
    c = Changes(s, set=set_no, game=game_no)
    if list(out) != old_out:
        c.log("out", old_out, list(out), SetKey(path, "out", list(out)))
    if list(fouls) != old_fouls:
        c.log("fouls", old_fouls, list(fouls), SetKey(path, "fouls", list(fouls)) if fouls else DelKey(path, "fouls"))
    return c.done()


# --- `new` ---------------------------------------------------------------------------------

KEY_WORDS = {"out": "the finishing order", "fouls": "the forbidden finishes", "ranks": "the ranks", "plays": "the play",
             "exchange": "the exchange", "deal": "the deal", "sets": "the sets", "games": "the games"}

CHOICE_VERBS = {"daifugo.exchange-count": "give ", "daifugo.exchange-strongest": "give ",
                "daifugo.exchange-held": "give "}
"""How the choices of a rule are made where they are no play (`entry.play.refusal_text`): gifts."""

LIST_KEY = "sets"
NO_FIRST_DEALER = "Daifugō has no dealer: the first game is led by the spade seat"


def teams_value(players: list[str], labels: list[str]) -> Any:
    """Refused: a new record of Daifugō takes no `teams`."""
    raise InputError("Daifugō is played each for themselves: there are no teams to name")


# --- `play`: the questions at the table ------------------------------------------------------

def situation(s: Session) -> list[str]:
    """Where the table is, for a resumed record: the set and game next, the last game's ranks."""
    res = s.audit.result
    if not res.sets:
        return []
    w = where(s)
    if w.kind == "over":  # (the dialogue's last line says the match is over: `over_text`)
        last = res.sets[-1]
        return [f"Set {last.number}, game {last.games[-1].number} is finished." if last.games
                else f"Set {last.number} is finished."]
    line = f"Next: set {w.set}, game {w.game}."
    held = (in_progress(s) or {}).get("out")
    if held:
        line = f"Set {w.set}, game {w.game} is in progress: the record has {', '.join(held)} out so far."
    if w.previous:
        line += " Last game: " + ", ".join(f"{RANK_NAMES[i]} {p}" for i, p in enumerate(w.previous)) + "."
    return [line]


def over_text(_s: Session) -> str:
    return "The match is over."


def _ask_game(t: Table, w: Where) -> None:
    """The next game's finishing order and forbidden finishes, the exchange owed before it said."""
    if w.new_set and w.set > 1:
        t.say(f"\nSet {w.set - 1} is over; set {w.set} begins.")
    t.say(f"\nSet {w.set}, game {w.game} (the last one left may be left out of the order).")
    for giver, taker, k in exchange_owed(w):
        t.say(f"  {giver} gives {taker} their {'2 strongest cards' if k == 2 else 'strongest card'}"
              f"; {taker} gives back {k} of their choice")
    held = in_progress(t.s) or {}  # a game in progress in the record: what it holds offered, replaced when typed
    fields = order_fields(w.set, w.game, w.seats, held.get("out"), held.get("fouls"),
                          settles=lambda out, fouls: game_edits(t.s, w, out, fouls, replace=True))
    if ask_form(t, fields, lambda v: game_edits(t.s, w, v["out"], v["fouls"], replace=True)):
        _after_game(t, w.set, w.game)


def order_fields(set_no: int, game_no: int, seats: Sequence[str], out_d: Sequence[str] | None = None,
                 fouls_d: Sequence[str] | None = None,
                 settles: Callable[[list[str], list[str]], list[Edit]] | None = None) -> list[Field]:
    """Who went out, first to last, and the forbidden finishes among them (what is written
    offered: commas between names, as a name may hold a space). `settles`: the edits that write an
    order and its forbidden finishes; an order, or forbidden finishes, the checker does not settle
    the game with are asked again (a game is entered once it is over)."""
    def listed(what: str) -> Any:
        order = what == "the finishing order"

        def read(t: Table, raw: str, v: Any) -> list[str] | None:
            got: list[str] = []
            if order or raw.strip().lower() not in ("-", "none"):
                try:
                    got = names(raw, seats, what)
                except InputError as e:
                    t.say(f"  {e.message}")
                    return None
            left: list[str] = []
            if settles is not None:  # the order alone (its forbidden finishes come next), then with them
                edits = settles(got, []) if order else settles(v.get("out") or [], got)
                left = _still_playing(t.s, set_no, game_no, seats, edits)
            if left:
                t.say(_not_over(set_no, game_no, left, order))
                return None
            return got
        return read

    game = f"set {set_no} game {game_no}"
    return [Field("out", "order", lambda v: f"Set {set_no} game {game_no}: who went out, first to last",
                  listed("the finishing order"),
                  lambda v: ", ".join(out_d) if out_d else None, choices=lambda v: tuple(seats), many=True,
                  what=lambda v: said(f"the finishing order of {game}", v.get("out") or None, ", ".join)),
            Field("fouls", "fouls", lambda v: "Forbidden finishes (反則上がり) among them (- for none)",
                  listed("the forbidden finishes"), lambda v: ", ".join(fouls_d) if fouls_d else "-",
                  choices=lambda v: tuple(v.get("out") or seats), many=True,
                  what=lambda v: _fouls_said(v.get("fouls"), game))]


def _not_over(set_no: int, game_no: int, left: Sequence[str], order: bool) -> str:
    """The words for an order (`order`) or forbidden finishes that leave the game unsettled."""
    gone = f"{and_list(left)} {'has' if len(left) == 1 else 'have'} not gone out"
    if order:
        return (f"  set {set_no} game {game_no} is not over with that order: {gone}; type everyone who went out, "
                "first to last (the last one left, and a fallen 大富豪, may be left out)")
    return (f"  set {set_no} game {game_no} is not over with those forbidden finishes: {gone} (a forbidden "
            "finish does not make last game's 大富豪 fall); type them again, or `undo` to correct the order")


def _still_playing(s: Session, set_no: int, game_no: int, seats: Sequence[str], edits: list[Edit]) -> list[str]:
    """Who is still playing game `game_no` of set `set_no` once `edits` are written, as the checker
    replays it: [] when it settles the game (or the record would not read: the entry's judging says why)."""
    audit = s.tried(edits)
    if audit is None:
        return []
    g = next((g for st in audit.result.sets if st.number == set_no for g in st.games if g.number == game_no), None)
    if g is None or g.complete:
        return []
    out = audit.record.sets[set_no - 1].games[game_no - 1].out
    gone = set(out.names if out else ()) | {g.fallen}
    return [p for p in seats if p not in gone]


def _fouls_said(fouls: Sequence[str] | None, game: str) -> str:
    """The forbidden finishes typed for `game`, as the table says them: `乙's forbidden finish …`."""
    if fouls is None:
        return f"the forbidden finishes (反則上がり) of {game}"
    if not fouls:
        return f"no forbidden finish (反則上がり) in {game}"
    who = and_list([f"{p}'s" for p in fouls])
    return f"{who} forbidden finish{'es' if len(fouls) > 1 else ''} (反則上がり) in {game}"


def _after_game(t: Table, set_no: int, game_no: int) -> None:
    g = next((g for st in t.s.audit.result.sets if st.number == set_no for g in st.games if g.number == game_no), None)
    if g is None or g.ranking is None:
        return
    if g.fallen:
        # The rank the ranking gives: the lowest no forbidden finish has taken (大貧民 only without one).
        t.say(f"  都落ち: {g.fallen}, last game's 大富豪, falls to {RANK_NAMES[g.ranking.index(g.fallen)]}")
    t.say("  ranks: " + ", ".join(f"{RANK_NAMES[i]} {p}" for i, p in enumerate(g.ranking)))
    if g.points:
        t.say("  points: " + ", ".join(f"{p} {g.points[p]}" for p in g.ranking))
    t.show_table()


ASK = {"game": _ask_game}


def reopen(t: Table, target: str) -> None:
    """`edit N` (game N of this set) or `edit SET.GAME` (any game of any set): ask its finishing
    order and fouls again, what is written offered, and correct it (kept in the history)."""
    sets = t.s.audit.result.sets
    if not sets:
        t.say("  no game to edit yet")
        return
    set_part, _dot, game_part = target.rpartition(".")
    set_no = int(set_part) if set_part.isdigit() else sets[-1].number
    n = int(game_part) if game_part.isdigit() else 0
    if not 1 <= set_no <= len(sets):
        t.say(f"  there is no set {set_no} (sets 1–{len(sets)})")
        return
    st = sets[set_no - 1]
    if not 1 <= n <= len(st.games) or not st.games[n - 1].complete:
        t.say(f"  game {n} of set {st.number} is not a finished game (it has {len(st.games)}; "
              "`edit SET.GAME` for another set)")
        return
    rec = t.s.audit.record.sets[set_no - 1].games[n - 1]
    t.say(f"  reopening set {st.number} game {n}; {t.keeps}")
    fields = order_fields(st.number, n, st.seats, rec.out.names if rec.out else None,
                          rec.fouls.names if rec.fouls else None,
                          settles=lambda out, fouls: correction(t.s, st.number, n, out, fouls))
    got = ask_form(t, fields, lambda v: correction(t.s, st.number, n, v["out"], v["fouls"]))
    if got is not None:
        t.say(f"  set {st.number} game {n} corrected (the old order is kept in the record); later games judged again")
        t.show_table()
