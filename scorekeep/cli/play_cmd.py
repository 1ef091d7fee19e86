"""`scorekeep play`: keep score at the table, one prompt at a time.

Every entry is judged by the checker before it is written (see `scorekeep.entry`); the
record is saved after each accepted entry, so `quit` (or a kill) loses at most what is
being typed. prompt_toolkit (line editing, history, name completion) is imported here only.
"""

import sys
from pathlib import Path
from typing import Any, Callable

import typer

from .add_cmd import open_session, ruling, safe
from .common import app

COMMANDS = ("undo", "edit", "table", "help", "quit")
HELP = """At any prompt:
  undo      take back the last entry
  edit N    reopen hand N (Daifugō: game N of this set) and correct it
  table     the running score table
  help      this text
  quit      stop here (everything entered is already saved; `scorekeep play FILE` resumes)
Names may be typed by their first letters, in any case. Enter takes the [default]."""


class _Undo(Exception):
    pass


class _Quit(Exception):
    pass


class _Edit(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


class Table:
    """The dialogue: prompts (with completion where there is a terminal), output, commands."""

    def __init__(self, session: Any, path: Path) -> None:
        self.s = session
        self.path = path
        self._prompt: Callable[[str], str] | None = None

    # --- input and output ----------------------------------------------------------------

    def say(self, text: str = "") -> None:
        sys.stdout.write(safe(text) + "\n")
        sys.stdout.flush()

    def _reader(self) -> Callable[[str], str]:
        if self._prompt is None:
            if sys.stdin.isatty() and sys.stdout.isatty():
                from prompt_toolkit import PromptSession
                from prompt_toolkit.completion import WordCompleter
                from prompt_toolkit.history import InMemoryHistory

                words = [*self.s.players, *COMMANDS, "pass", "yes", "no"]
                ps: Any = PromptSession(history=InMemoryHistory(),
                                        completer=WordCompleter(words, ignore_case=True, WORD=True))
                self._prompt = lambda text: ps.prompt(text)
            else:
                def plain(text: str) -> str:
                    sys.stdout.write(text)
                    sys.stdout.flush()
                    line = sys.stdin.readline()
                    if not line:
                        raise EOFError
                    return line.rstrip("\n")
                self._prompt = plain
        return self._prompt

    def ask(self, text: str, default: str | None = None) -> str:
        """One answer; handles `undo`, `edit N`, `table`, `help`, `quit` at any prompt."""
        shown = f"{text} [{default}]: " if default is not None else f"{text}: "
        while True:
            try:
                raw = self._reader()(safe(shown))
            except (EOFError, KeyboardInterrupt):
                raise _Quit() from None
            answer = raw.strip()
            word = answer.lower()
            if word == "quit" or word == "q!":
                raise _Quit()
            if word == "undo":
                raise _Undo()
            if word == "help" or word == "?":
                self.say(HELP)
                continue
            if word == "table":
                self.show_table()
                continue
            if word.startswith("edit"):
                rest = word[4:].strip()
                if rest.isdigit():
                    raise _Edit(int(rest))
                self.say("edit which? e.g. `edit 2`")
                continue
            if not answer and default is not None:
                return default
            if answer:
                return answer

    def over(self) -> bool:
        """At the end: a last chance to correct a hand (`edit N`); anything else ends."""
        self.ask("`edit N` to correct a hand or game, Enter to finish", "done")
        return False

    def confirm_anyway(self) -> bool:
        answer = self.ask("Record it anyway, as it happened at the table? (yes/no)", "no").lower()
        return answer in ("y", "yes")

    def show_table(self) -> None:
        from .. import api
        from . import render
        from .common import _title
        from .score_cmd import _wide_terminal

        sheet = api.sheet(self.s.audit)
        # as `score` chooses: the wide table only where the terminal is wide enough for it
        wide = _wide_terminal(render.table_width(sheet, wide=True))
        self.say(render.sheet_text(sheet, _title(self.s.audit), wide=wide))

    # --- entries -------------------------------------------------------------------------

    def enter(self, edits: list[Any]) -> bool:
        """Judge an entry; write it if legal (or confirmed as it happened). True if written."""
        j = self.s.judge(edits)
        if j.error is not None:
            self.say(f"  cannot read that: {j.error.message}")
            return False
        if j.new:
            for f in j.new:
                self.say(f"  refused: {ruling(str(self.path), f)}")
            if not self.confirm_anyway():
                self.say("  nothing written")
                return False
        self.s.commit(j)
        for f in j.new:
            self.say(f"  recorded as a violation: {f.rule}")
        return True

    def undo(self) -> None:
        if self.s.undo():
            self.say("  undone")
            return
        edits = self.module().undo_edits(self.s)
        if not edits:
            self.say("  nothing to undo")
            return
        j = self.s.judge(edits)
        if j.text is None:
            self.say("  cannot undo here")
            return
        self.s.commit(j)
        self.s.undo_stack.clear()
        self.say("  undone")

    def module(self) -> Any:
        from ..games import REGISTRY

        return REGISTRY.part(self.s.game.name, "entry")

    def name(self, text: str, names: Any = None) -> str | None:
        from ..entry.values import match_name
        from ..errors import InputError

        try:
            return match_name(text, list(names or self.s.players))
        except InputError as e:
            self.say(f"  {e.message}")
            return None

    def number(self, text: str) -> int | None:
        t = text.strip()
        if t.lstrip("-").isdigit():
            return int(t)
        self.say(f"  `{t}` is not a whole number")
        return None

    # --- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        game = self.s.game.name
        step = {"oh-hell": self.oh_hell, "rook": self.rook, "daifugo": self.daifugo}[game]
        self.say(f"{self.s.game.title}: {', '.join(self.s.players)} — {self.path}")
        self.say("Type `help` for undo, edit N, table, quit.")
        while True:
            try:
                if not step():
                    return
            except _Undo:
                self.undo()
            except _Edit as e:
                try:
                    self.edit(e.n)
                except _Undo:
                    self.say("  edit abandoned")
                except _Edit:
                    self.say("  one edit at a time; edit abandoned")

    def edit(self, n: int) -> None:
        {"oh-hell": self.edit_oh_hell, "rook": self.edit_rook, "daifugo": self.edit_daifugo}[self.s.game.name](n)

    # --- Oh Hell -------------------------------------------------------------------------

    def oh_hell(self) -> bool:
        from ..games.oh_hell import entry as OH
        from ..entry.values import ranges

        w = OH.where(self.s)
        if w.kind == "over":
            self.show_table()
            self.say("The game is over.")
            return self.over()
        if w.kind == "start":
            sizes, dealers = OH.legal_start(self.s)
            size_d = sizes.legal[0] if len(sizes.legal) == 1 else None
            dealer_d = dealers.legal[0] if len(dealers.legal) == 1 else None
            self.say(f"\nHand {w.hand}: {size_d or '?'} cards, {dealer_d or '?'} deals.")
            size = self.number(self.ask(f"Hand {w.hand}, cards", size_d))
            dealer = self.name(self.ask(f"Hand {w.hand}, dealer", dealer_d))
            if size is None or dealer is None:
                return True
            raw = self.ask("Trump (spades, hearts, diamonds, clubs; `-` not written)", "-")
            trump = None
            if raw != "-":
                trump = self.name(raw, OH.SUITS)
                if trump is None:
                    return True
            self.enter(OH.start_edits(size, dealer, trump))
            return True
        if w.kind == "bid":
            ch = OH.legal_bids(self.s, w, w.player)
            hooked = [(b, f) for b, f in ch.refused if f.rule == "oh-hell.hook"]
            if hooked:
                self.say(f"  the hook: {w.player} may not bid {hooked[0][0]} (oh-hell.hook)")
            bid = self.number(self.ask(f"Hand {w.hand} ({w.size} cards): {w.player}'s bid ({ranges(map(int, ch.legal))})"))
            if bid is not None:
                self.enter(OH.bid_edit(w, w.player, bid))
            return True
        # tricks, in the same order; the last is what is left
        took = self.ask_tricks(w.hand, w.size or 0, w.order, w.bids, {})
        if took is None:
            return True
        if self.enter(OH.tricks_edit(w, took)):
            self.after_oh_hell_hand(w.hand)
        return True

    def ask_tricks(self, hand: int, size: int, order: Any, bids: Any, current: dict[str, int]) -> dict[str, int] | None:
        took: dict[str, int] = {}
        left = size
        for p in order[:-1]:
            n = self.number(self.ask(f"Hand {hand}: tricks taken by {p} (bid {bids.get(p, '?')}; {max(left, 0)} left)",
                                     str(current[p]) if p in current else None))
            if n is None:
                return None
            took[p] = n
            left -= n
        last = order[-1]
        took[last] = max(left, 0)
        if left < 0:
            self.say(f"  those add up to {size - left}, more than the {size} tricks of the hand")
        else:
            self.say(f"  {last} took the other {left}")
        return {p: took[p] for p in order}

    def after_oh_hell_hand(self, hand: int) -> None:
        from ..games.oh_hell import entry as OH

        pts = OH.hand_scores(self.s, hand)
        if pts is not None:
            self.say(f"  hand {hand} scores: " + ", ".join(f"{p} {pts[p]}" for p in self.s.players))
        self.show_table()

    def edit_oh_hell(self, n: int) -> None:
        from ..games.oh_hell import entry as OH
        from ..entry.values import ranges
        from ..games.oh_hell.rules import bidding_order

        hands = self.s.audit.result.hands
        if not 1 <= n <= len(hands) or hands[n - 1].took is None:
            self.say(f"  hand {n} is not a completed hand (there are {len(hands)})")
            return
        h = hands[n - 1]
        order = bidding_order(self.s.players, h.dealer)
        self.say(f"  reopening hand {n} ({h.size} cards, {h.dealer} dealt); Enter keeps what is written")
        bids: dict[str, int] = {}
        w = OH.Where("bid", n, None, h.size, h.dealer, tuple(order), {})
        for p in order:
            ch = OH.legal_bids(self.s, w, p, bids)
            hooked = [b for b, f in ch.refused if f.rule == "oh-hell.hook"]
            if hooked:
                self.say(f"  the hook: {p} may not bid {hooked[0]} (oh-hell.hook)")
            shown = f" ({ranges(map(int, ch.legal))})"
            b = self.number(self.ask(f"Hand {n}: {p}'s bid{shown}", str(h.bids[p])))
            if b is None:
                return
            bids[p] = b
        took = self.ask_tricks(n, h.size, order, bids, dict(h.took or {}))
        if took is None:
            return
        edits = OH.correction(self.s, n, bids, took)
        self.correct(n, edits)

    def correct(self, n: int, edits: list[Any]) -> None:
        """Enter the edits of a reopened hand `n` (Oh Hell, Rook), saying which later running
        totals moved with it."""
        if not edits:
            self.say("  no change")
            return
        moved = [e.path[1] + 1 for e in edits if getattr(e, "key", None) == "totals" and len(e.path) == 2]
        if self.enter(edits):
            self.say(f"  hand {n} corrected (kept in `history`); later hands judged again")
            if moved:
                self.say(f"  the running totals written on hand{'s' if len(moved) > 1 else ''} "
                         f"{', '.join(map(str, moved))} moved with it")
            self.show_table()

    # --- Rook ----------------------------------------------------------------------------

    def rook(self) -> bool:
        from ..games.rook import entry as R
        from ..entry.values import ranges

        w = R.where(self.s)
        if w.kind == "over":
            self.show_table()
            self.say(self.s.game.sheet(self.s.audit).status)
            return self.over()
        if w.kind == "start":
            before = self.s.audit.result.hands
            if before and before[-1].thrown_in:
                self.say("  all passed: the hand is thrown in")
            if self.enter(R.start_edits(self.s)):
                h = self.s.audit.result.hands[-1]
                self.say(f"\nHand {h.number}: {h.dealer} deals.")
                if len(before) and tuple(before[-1].seating) != tuple(h.seating):
                    self.say(f"  seat change: the order is now {', '.join(h.seating)} (rook.seat-change)")
            return True
        if w.kind == "call":
            ch = R.legal_calls(self.s, w.hand, w.player)
            amounts = [int(c) for c in ch.legal if c != "pass"]
            shown = "pass" + (f" or {ranges(amounts)}" if amounts else "")
            raw = self.ask(f"Hand {w.hand}: {w.player}'s call ({shown})")
            who, amount_text = w.player, raw
            parts = raw.replace("=", " ").split()
            if len(parts) == 2:  # `NAME 80`: a call made by someone else, as it happened
                who = self.name(parts[0])
                amount_text = parts[1]
                if who is None:
                    return True
            if amount_text.lower() in ("p", "pass"):
                amount = None
            else:
                amount = self.number(amount_text)
                if amount is None:
                    return True
            if self.enter(R.call_edit(w.hand, who, amount)):
                nxt = R.where(self.s)
                if nxt.kind == "trump":
                    self.say(f"  the auction is over: {nxt.bidder} takes it at {nxt.bid}")
            return True
        if w.kind == "trump":
            raw = self.ask(f"Hand {w.hand}: trump named by {w.bidder} (red, yellow, black, green)")
            color = self.name(raw, R.COLORS)
            if color is not None:
                self.enter(R.trump_edit(w.hand, color))
            return True
        labels = self.s.audit.result.teams.labels
        other = labels[1] if w.team == labels[0] else labels[0]
        x = self.number(self.ask(f"Hand {w.hand}: points captured by {w.team} (bid {w.bid}; 0–120, "
                                 f"{other} get the rest)"))
        if x is None:
            return True
        if self.enter(R.points_edit(self.s, w, x)):
            self.after_rook_hand(w.hand)
        return True

    def after_rook_hand(self, hand: int) -> None:
        h = self.s.audit.result.hands[hand - 1]
        if h.made is not None:
            self.say(f"  {h.bid_team} bid {h.bid}: {'made' if h.made else 'set'}; hand scores "
                     + ", ".join(f"{k} {v}" for k, v in (h.scores or {}).items()))
        self.show_table()

    def edit_rook(self, n: int) -> None:
        from ..games.rook import entry as R

        hands = self.s.audit.result.hands
        if not 1 <= n <= len(hands) or not hands[n - 1].complete or hands[n - 1].points is None:
            self.say(f"  hand {n} is not a completed hand (there are {len(hands)})")
            return
        h = hands[n - 1]
        self.say(f"  reopening hand {n} ({h.bidder} bid {h.bid}); Enter keeps what is written")
        color = self.name(self.ask(f"Hand {n}: trump", R.color_name(h.trump) or ""), R.COLORS)
        if color is None:
            return
        team = h.bid_team
        x = self.number(self.ask(f"Hand {n}: points captured by {team}", str(h.points[team])))
        if x is None:
            return
        w = R.Where("points", n, h.bidder, h.dealer, h.bidder, h.bid, team, h.seating)
        pts = R.points_edit(self.s, w, x)[0].value
        edits = R.correction(self.s, n, color, pts)
        self.correct(n, edits)

    # --- Daifugō -------------------------------------------------------------------------

    def daifugo(self) -> bool:
        from ..games.daifugo import entry as D

        w = D.where(self.s)
        if w.kind == "over":
            self.show_table()
            self.say("The match is over.")
            return self.over()
        if w.new_set and w.set > 1:
            self.say(f"\nSet {w.set - 1} is over; set {w.set} begins.")
        self.say(f"\nSet {w.set}, game {w.game}.")
        for giver, taker, k in D.exchange_owed(w):
            self.say(f"  {giver} gives {taker} their {'2 strongest cards' if k == 2 else 'strongest card'}"
                     f"; {taker} gives back {k} of their choice")
        got = self.ask_order(w.set, w.game, w.seats, None, None)
        if got is None:
            return True
        out, fouls = got
        if self.enter(D.game_edits(self.s, w, out, fouls)):
            self.after_daifugo_game(w.set, w.game)
        return True

    def ask_order(self, set_no: int, game_no: int, seats: Any, out_d: Any, fouls_d: Any) -> tuple[list[str], list[str]] | None:
        from ..entry.values import names
        from ..errors import InputError

        try:
            raw = self.ask(f"Set {set_no} game {game_no}: who went out, first to last (forbidden finishes "
                           "included; the last one left may be left out)", " ".join(out_d) if out_d else None)
            out = names(raw, seats, "the finishing order")
            raw = self.ask("Forbidden finishes (反則上がり) among them (`-` for none)",
                           " ".join(fouls_d) if fouls_d else "-")
            fouls = [] if raw.strip() in ("-", "none") else names(raw, seats, "the forbidden finishes")
        except InputError as e:
            self.say(f"  {e.message}")
            return None
        return out, fouls

    def after_daifugo_game(self, set_no: int, game_no: int) -> None:
        from ..games.daifugo import entry as D

        g = D.game_result(self.s, set_no, game_no)
        if g is None or g.ranking is None:
            return
        if g.fallen:
            self.say(f"  都落ち: {g.fallen}, last game's 大富豪, falls to 大貧民")
        self.say("  ranks: " + ", ".join(f"{D.RANK_NAMES[i]} {p}" for i, p in enumerate(g.ranking)))
        if g.points:
            self.say("  points: " + ", ".join(f"{p} {g.points[p]}" for p in g.ranking))
        self.show_table()

    def edit_daifugo(self, n: int) -> None:
        from ..games.daifugo import entry as D

        sets = self.s.audit.result.sets
        if not sets:
            self.say("  no game to edit yet")
            return
        st = sets[-1]
        if not 1 <= n <= len(st.games) or not st.games[n - 1].complete:
            self.say(f"  game {n} of set {st.number} is not a finished game (it has {len(st.games)})")
            return
        rec = self.s.audit.record.sets[-1].games[n - 1]
        self.say(f"  reopening set {st.number} game {n}; Enter keeps what is written")
        got = self.ask_order(st.number, n, st.seats, rec.out.names if rec.out else None,
                             rec.fouls.names if rec.fouls else None)
        if got is None:
            return
        edits = D.correction(self.s, st.number, n, *got)
        if not edits:
            self.say("  no change")
            return
        if self.enter(edits):
            self.say(f"  game {n} corrected (kept in `history`); later games judged again")
            self.show_table()


@app.command()
def play(
    file: Path = typer.Argument(..., metavar="FILE", help="The record to keep (start one with `scorekeep new`).",
                                show_default=False),
) -> None:
    """Keep score at the table: prompts for each entry, judged before it is written.

    Resumes wherever the record stops (also in the middle of a hand). Each prompt says what
    is entered, for whom, and the legal choices; an entry that breaks a rule is refused
    with the ruling, or recorded on purpose after you confirm it. At any prompt: undo,
    edit N, table, help, quit. The record is saved after every entry.

    \b
    Example:
      scorekeep new oh-hell friday.yaml --players Ana,Ben,Chloé,Dee
      scorekeep play friday.yaml
    """
    session = open_session(file)
    try:
        t = Table(session, file)
        try:
            t.run()
        except _Quit:
            t.say("\nsaved; `scorekeep play " + str(file) + "` resumes here")
    finally:
        session.close()
