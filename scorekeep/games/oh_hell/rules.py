"""Oh Hell's rules, judged by replaying a record hand by hand.

Each rule is a legal set: `legal_bids` and `legal_cards` say what was allowed at a moment of
the game; a recorded bid or card outside that set is a violation whose message names the
rule and what was allowed instead. Search this file for a rule id (`oh-hell.hook`) to find
where it is judged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ...cards import SUIT_NAME, SUIT_SYMBOL, Card, show
from ...errors import Findings, InputError
from ...game import Audit
from .record import NO_TRUMP, Entry, Hand, Play, Record, Trick
from .score import hand_points


class PlayedTrick(NamedTuple):
    """A trick as the replay judged it. `winner` is None while the trick is unfinished."""

    number: int
    plays: tuple[Play, ...]
    winner: str | None
    why: str


class HandResult(NamedTuple):
    number: int
    size: int
    dealer: str
    trump: str | None
    turn_up: Card | None
    bids: Mapping[str, int]
    took: Mapping[str, int] | None
    """Tricks taken per player, once the hand's result is known."""
    points: Mapping[str, int] | None
    counted: bool
    """False for an unfinished hand and for a hand recorded after the game ended."""
    tricks: tuple[PlayedTrick, ...]


class Result(NamedTuple):
    hands: tuple[HandResult, ...]
    pattern: tuple[int, ...]
    totals: Mapping[str, int]
    over: bool


# --- legal sets --------------------------------------------------------------------------

def bidding_order(players: Sequence[str], dealer: str) -> list[str]:
    """Clockwise from the dealer's left; the dealer bids last (oh-hell.bid-order)."""
    d = players.index(dealer)
    return [players[(d + k) % len(players)] for k in range(1, len(players) + 1)]


def hook_number(size: int, others: int) -> int | None:
    """The one bid the hook forbids the dealer, or None when the others already exceed the hand."""
    forbidden = size - others
    return forbidden if 0 <= forbidden <= size else None


def legal_bids(size: int, others: int | None, hook: bool) -> list[int]:
    """Bids allowed to a player; `others` is the sum of the other bids when this is the hooked dealer."""
    allowed = list(range(size + 1))
    if hook and others is not None and (h := hook_number(size, others)) is not None:
        allowed.remove(h)
    return allowed


def lead_restricted(lead_trump: str, broken: bool, trick: int) -> bool:
    """Whether trump may not be led now (a player with only trumps may lead one anyway)."""
    return (lead_trump == "after-broken" and not broken) or (lead_trump == "after-first-trick" and trick == 1)


def legal_cards(hand: set[Card], led: str | None, trump: str | None, restricted: bool) -> set[Card]:
    """Cards a player holding `hand` may play: follow the led suit if you can (oh-hell.follow-suit)."""
    if led is None:
        if trump and restricted:
            return {c for c in hand if c.suit != trump} or hand
        return hand
    return {c for c in hand if c.suit == led} or hand


def trick_winner(plays: Sequence[Play], trump: str | None) -> tuple[Play, str]:
    """The winning play and why (oh-hell.trick-winner): highest trump, else highest of the led suit."""
    led = plays[0].card.suit
    best = plays[0]
    for p in plays[1:]:
        c, b = p.card, best.card
        if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
            best = p
    if best.card.suit == trump and led != trump:
        return best, f"{best.card.symbol} is the highest trump"
    return best, f"{best.card.symbol} is the highest {SUIT_NAME[led][:-1]}" + (" (trump led)" if led == trump else "")


def ranges(numbers: Sequence[int]) -> str:
    """[0, 1, 2, 4, 5] → '0–2, 4 or 5' for messages."""
    parts: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{numbers[i]}–{numbers[j]}")
        else:
            parts.extend(str(n) for n in numbers[i:j + 1])
        i = j + 1
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def suit_word(suit: str) -> str:
    return f"{SUIT_SYMBOL[suit]} ({SUIT_NAME[suit]})"


# --- the replay --------------------------------------------------------------------------

class _Replay:
    """Replays one record. Carries on from what the record says happened after each finding."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.players = record.players
        self.opts = record.header.options
        self.f = Findings()

    def run(self) -> Audit:
        rec, players = self.record, self.players
        dealer_i = players.index(rec.first_dealer)
        totals = {p: 0 for p in players}
        results: list[HandResult] = []
        last = len(rec.pattern)
        for hand in rec.hands:
            n = hand.number
            expected = players[dealer_i]
            if hand.dealer is not None and hand.dealer != expected:
                why = (f"the first dealer is {rec.first_dealer}" if n == 1 else
                       f"{players[dealer_i - 1]} dealt hand {n - 1} and the deal passes clockwise")
                self.f.violation("oh-hell.dealer-rotation",
                                 f"{hand.dealer} dealt hand {n}, but it was {expected}'s deal: {why}",
                                 line=hand.dealer_line, hand=n, player=hand.dealer)
                dealer_i = players.index(hand.dealer)
            dealer = players[dealer_i]
            if n > last:
                self.f.violation("oh-hell.game-end",
                                 f"hand {n} was played after the game ended: the deal pattern has {last} "
                                 "hands, so this hand does not count", line=hand.line, hand=n)
            result = self.hand(hand, dealer, rec.pattern[n - 1] if n <= last else None)
            if result.counted and n <= last:
                for p, pts in (result.points or {}).items():
                    totals[p] += pts
            else:
                result = result._replace(counted=False)
            results.append(result)
            dealer_i = (dealer_i + 1) % len(players)
        over = len(results) >= last and all(r.counted for r in results[:last])
        return Audit("oh-hell", rec.header, rec, self.f.violations, self.f.events,
                     Result(tuple(results), rec.pattern, totals, over))

    # oh-hell.hand-size
    def size(self, hand: Hand, expected: int | None) -> int:
        n, deal = hand.number, hand.deal or {}
        written = hand.cards.value if hand.cards is not None and hand.cards.value >= 0 else None
        common = None
        if deal:
            # The hand size is what most players were dealt; on a tie (two players, one of them
            # short or over) the written `cards`, then the pattern, says which length is right.
            counts = Counter(len(c) for c in deal.values())
            top = max(counts.values())
            modes = [k for k, v in counts.items() if v == top]
            common = (modes[0] if len(modes) == 1 else written if written in modes
                      else expected if expected in modes else max(modes))
        if common is not None:
            size = common
        elif written is not None:
            size = written
        elif expected is not None:
            size = expected
        else:
            size = len(hand.play) if hand.play else self.record.pattern[-1]
        if expected is not None:
            if hand.cards is not None and hand.cards.value != expected:
                self.f.violation("oh-hell.hand-size",
                                 f"hand {n} deals {expected} cards each by the deal pattern, but the record "
                                 f"says {hand.cards.value}", line=hand.cards.line, hand=n)
            elif common is not None and common != expected:
                self.f.violation("oh-hell.hand-size",
                                 f"hand {n} deals {expected} cards each by the deal pattern, but "
                                 f"{common} were dealt", line=min((hand.deal_lines or {}).values()), hand=n)
        for p, cards in deal.items():
            if len(cards) != size:
                self.f.violation("oh-hell.hand-size",
                                 f"{p} was dealt {len(cards)} cards; everyone gets {size} in hand {n}",
                                 line=(hand.deal_lines or {})[p], hand=n, player=p)
        return size

    # oh-hell.trump, oh-hell.deck
    def trump(self, hand: Hand) -> str | None:
        if hand.turn_up is None:
            return None if hand.trump in (None, NO_TRUMP) else hand.trump
        suit = hand.turn_up.suit
        if hand.trump is not None and hand.trump != suit:
            said = "no trump" if hand.trump == NO_TRUMP else f"{suit_word(hand.trump)} as trump"
            self.f.violation("oh-hell.trump",
                             f"the record has {said}, but the turned card {hand.turn_up.symbol} makes "
                             f"{suit_word(suit)} trump in hand {hand.number}",
                             line=hand.trump_line, hand=hand.number)
        return suit

    def deck(self, hand: Hand) -> dict[Card, str]:
        owner: dict[Card, str] = {}
        for p, cards in (hand.deal or {}).items():
            line = (hand.deal_lines or {})[p]
            for c in cards:
                if c == hand.turn_up:
                    self.f.violation("oh-hell.deck",
                                     f"{c.symbol} is the turned-up card, so it cannot be in {p}'s hand too",
                                     line=line, hand=hand.number, player=p)
                elif c in owner:
                    who = "twice to " + p if owner[c] == p else f"to both {owner[c]} and {p}"
                    self.f.violation("oh-hell.deck", f"{c.symbol} was dealt {who}; the deck has one of each card",
                                     line=line, hand=hand.number, player=p)
                else:
                    owner[c] = p
        return owner

    # oh-hell.bid-range, oh-hell.bid-order, oh-hell.hook
    def bids(self, hand: Hand, dealer: str, size: int) -> dict[str, int]:
        n = hand.number
        given = {e.player: e for e in hand.bids}
        for e in hand.bids:
            if not 0 <= e.value <= size:
                self.f.violation("oh-hell.bid-range",
                                 f"{e.player} bid {e.value}, but a bid is a whole number from 0 to {size}, "
                                 f"the number of cards each player holds in hand {n}",
                                 line=e.line, hand=n, player=e.player)
        if self.opts["bidding"] != "in-order":
            return {p: e.value for p, e in given.items()}
        order = bidding_order(self.players, dealer)
        gap = None
        for p in order:
            if p not in given:
                gap = gap or p
            elif gap is not None:
                self.f.violation("oh-hell.bid-order",
                                 f"{p} has a bid but {gap} has none: bids go clockwise from the dealer's "
                                 f"left ({', '.join(order)}), so {gap} bids before {p}",
                                 line=given[p].line, hand=n, player=p)
                break
        if self.opts["hook"] and dealer in given and all(p in given for p in order[:-1]):
            others = sum(given[p].value for p in order[:-1])
            bid = given[dealer].value
            if 0 <= bid <= size and bid == hook_number(size, others):
                detail = " + ".join(str(given[p].value) for p in order[:-1])
                self.f.violation(
                    "oh-hell.hook",
                    f"{dealer} deals hand {n} and bids last (oh-hell.bid-order); the other bids add up to "
                    f"{detail} = {others}, so bidding {bid} would make the bids total exactly {size}, the "
                    f"number of tricks. The hook forbids that one bid: {dealer} could bid "
                    f"{ranges(legal_bids(size, others, True))}",
                    line=given[dealer].line, hand=n, player=dealer)
        return {p: e.value for p, e in given.items()}

    # oh-hell.turn-order, oh-hell.card-not-held, oh-hell.follow-suit, oh-hell.trick-winner
    def play(self, hand: Hand, dealer: str, size: int, trump: str | None,
             owner: dict[Card, str]) -> tuple[list[PlayedTrick], dict[str, int], bool]:
        n, players, N = hand.number, self.players, len(self.players)
        lead_rule = self.opts["lead_trump"]
        known = {p: set(c) for p, c in (hand.deal or {}).items()}  # hands we can still trust
        played_in: dict[Card, int] = {}
        misplayed: set[Card] = set()  # played by someone who was not dealt them
        # Without a trusted hand, a failure to follow is only proved by a later play of that suit.
        open_voids: dict[str, list[tuple[str, int, Play]]] = {p: [] for p in players}
        only_trump: dict[str, list[tuple[int, Play]]] = {p: [] for p in players}
        took = {p: 0 for p in players}
        leader = bidding_order(players, dealer)[0]
        broken = False
        out: list[PlayedTrick] = []
        for t, trick in enumerate(hand.play or (), 1):
            if t == size + 1:
                self.f.violation("oh-hell.trick-total",
                                 f"trick {t} is more tricks than the {size} cards each player holds in "
                                 f"hand {n}", line=trick.line, hand=n, trick=t)
            self.turn_order(trick, leader, t, n, dealer)
            led = trick.plays[0].card.suit
            for k, pl in enumerate(trick.plays):
                self.card(pl, None if k == 0 else led, t, n, hand, trump, known, owner, played_in,
                          misplayed, open_voids, only_trump, lead_restricted(lead_rule, broken, t))
            if len(trick.plays) < N:
                out.append(PlayedTrick(t, trick.plays, None, "unfinished"))
                break
            best, why = trick_winner(trick.plays, trump)
            took[best.player] += 1
            leader = best.player
            broken = broken or any(pl.card.suit == trump for pl in trick.plays)
            out.append(PlayedTrick(t, trick.plays, best.player, why))
        finished = len(out) >= size and out[-1].winner is not None if out else size == 0
        return out, took, finished

    def turn_order(self, trick: Trick, leader: str, t: int, n: int, dealer: str) -> None:
        players = self.players
        first = trick.plays[0].player
        if first != leader:
            why = (f"{leader} sits on the dealer's ({dealer}) left and leads the first trick" if t == 1
                   else f"{leader} won trick {t - 1} and leads the next")
            self.f.violation("oh-hell.turn-order", f"{first} led trick {t}, but {why}",
                             line=trick.plays[0].line, hand=n, trick=t, player=first)
            return
        start = players.index(first)
        for k, pl in enumerate(trick.plays):
            expected = players[(start + k) % len(players)]
            if pl.player != expected:
                self.f.violation("oh-hell.turn-order",
                                 f"{pl.player} played out of turn in trick {t}: play goes clockwise, so after "
                                 f"{trick.plays[k - 1].player} it was {expected}'s turn",
                                 line=pl.line, hand=n, trick=t, player=pl.player)
                return

    def card(self, pl: Play, led: str | None, t: int, n: int, hand: Hand, trump: str | None,
             known: dict[str, set[Card]], owner: dict[Card, str], played_in: dict[Card, int],
             misplayed: set[Card], open_voids: dict[str, list[tuple[str, int, Play]]],
             only_trump: dict[str, list[tuple[int, Play]]],
             restricted: bool) -> None:
        p, c = pl.player, pl.card
        where: dict[str, Any] = {"line": pl.line, "hand": n, "trick": t, "player": p}
        # oh-hell.card-not-held
        held = known.get(p)
        if c == hand.turn_up and c not in (hand.deal or {}).get(p, ()):  # else already oh-hell.deck
            self.f.violation("oh-hell.card-not-held",
                             f"{p} played {c.symbol}, the turned-up card: it belongs to nobody's hand", **where)
            known.pop(p, None)
        elif c in played_in and not (c in misplayed and owner.get(c) == p):
            self.f.violation("oh-hell.card-not-held",
                             f"{p} played {c.symbol}, which was already played in trick {played_in[c]}", **where)
            known.pop(p, None)
        elif held is not None and c not in held:
            whose = f"; it was dealt to {owner[c]}" if c in owner and owner[c] != p else ""
            self.f.violation("oh-hell.card-not-held", f"{p} played {c.symbol} but was not dealt it{whose}",
                             **where)
            known.pop(p, None)  # the record lost track of this hand: judge it by inference from now on
            misplayed.add(c)
        elif held is None and c in owner and owner[c] != p:
            self.f.violation("oh-hell.card-not-held",
                             f"{p} played {c.symbol}, but it was dealt to {owner[c]}", **where)
            misplayed.add(c)
        elif held is not None:
            # oh-hell.follow-suit, judged on the known hand
            allowed = legal_cards(held, led, trump, restricted)
            if c not in allowed:
                if led is not None:
                    self.f.violation(
                        "oh-hell.follow-suit",
                        f"{p} played {c.symbol} to a {suit_word(led)} lead while holding {show(allowed)}: "
                        f"a player who holds the led suit must play it (any card of it, not necessarily "
                        f"higher); legal plays were {show(allowed)}", **where)
                else:
                    self.f.violation(
                        "oh-hell.follow-suit",
                        f"{p} led trump ({c.symbol}) {self.lead_when()} while holding other suits "
                        f"({show(allowed)}); legal leads were {show(allowed)}", **where)
            held.discard(c)
        played_in.setdefault(c, t)
        if p in known:
            return
        # oh-hell.follow-suit by inference: a later play of a suit proves an earlier failure to follow it
        still: list[tuple[str, int, Play]] = []
        for suit, tt, revoke in open_voids[p]:
            if suit == c.suit:
                self.f.violation(
                    "oh-hell.follow-suit",
                    f"{p} played {revoke.card.symbol} to a {suit_word(suit)} lead in trick {tt}, but still "
                    f"held {SUIT_NAME[suit]}: {p} played {c.symbol} in trick {t}. A player who holds the led "
                    "suit must play it", line=revoke.line, hand=n, trick=tt, player=p)
            else:
                still.append((suit, tt, revoke))
        open_voids[p] = still
        if led is not None and c.suit != led:
            open_voids[p].append((led, t, pl))
        if trump and c.suit != trump and only_trump[p]:
            for tt, lead in only_trump[p]:
                self.f.violation(
                    "oh-hell.follow-suit",
                    f"{p} led trump ({lead.card.symbol}) in trick {tt} {self.lead_when()}, but still held "
                    f"another suit: {p} played {c.symbol} in trick {t}", line=lead.line, hand=n, trick=tt,
                    player=p)
            only_trump[p] = []
        if led is None and trump and c.suit == trump and restricted:
            only_trump[p].append((t, pl))

    def lead_when(self) -> str:
        return ("before trump was broken (house rule lead_trump: after-broken)"
                if self.opts["lead_trump"] == "after-broken"
                else "to the first trick (house rule lead_trump: after-first-trick)")

    def hand(self, hand: Hand, dealer: str, expected: int | None) -> HandResult:
        n = hand.number
        size = self.size(hand, expected)
        trump = self.trump(hand)
        owner = self.deck(hand)
        bids = self.bids(hand, dealer, size)
        played: list[PlayedTrick] = []
        took: dict[str, int] | None = None
        if hand.play is not None:
            if hand.turn_up is None and hand.trump is None:
                raise InputError(f"hand {n} has `play` but neither `turn_up` nor `trump`: write the trump "
                                 "suit (or `trump: none`) so that trick winners can be judged",
                                 hand.play_line)
            played, counted, finished = self.play(hand, dealer, size, trump, owner)
            if finished:
                took = counted
                for e in hand.tricks or ():
                    if e.value != counted[e.player]:
                        won = [str(pt.number) for pt in played if pt.winner == e.player]
                        self.f.violation(
                            "oh-hell.trick-winner",
                            f"`tricks` says {e.player} took {e.value}, but the play gives {e.player} "
                            f"{counted[e.player]} (trick{'s' if len(won) != 1 else ''} "
                            f"{', '.join(won) or 'none'})", line=e.line, hand=n, player=e.player)
        if took is None and hand.tricks is not None:
            took = {e.player: e.value for e in hand.tricks}
            total = sum(took.values())
            if total != size or any(v < 0 for v in took.values()):
                self.f.violation("oh-hell.trick-total",
                                 f"the tricks taken add up to {total}, but a {size}-card hand has exactly "
                                 f"{size} tricks", line=hand.tricks_line, hand=n)
        points = None
        if took is not None:
            points = {p: hand_points(bids[p], took[p], self.opts) for p in self.players}
            for e in hand.scores or ():
                if e.value != points[e.player]:
                    self.f.violation(
                        "oh-hell.score-recorded",
                        f"the sheet gives {e.player} {e.value} for hand {n}, but {e.player} bid {bids[e.player]} "
                        f"and took {took[e.player]}, which scores {points[e.player]} (oh-hell.score)",
                        line=e.line, hand=n, player=e.player)
        elif hand.scores is not None:
            raise InputError(f"hand {n} has `scores` but its play is unfinished: the scores cannot be checked "
                             "until every trick is recorded (or give `tricks`)", hand.scores_line)
        return HandResult(n, size, dealer, trump, hand.turn_up, bids, took, points, took is not None,
                          tuple(played))


def audit(record: Record) -> Audit:
    """Replay an Oh Hell record against the rules (see the module docstring)."""
    return _Replay(record).run()


__all__ = ["Entry", "HandResult", "PlayedTrick", "Result", "audit", "bidding_order", "hook_number",
           "legal_bids", "legal_cards", "trick_winner"]
