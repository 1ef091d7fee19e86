"""Oh Hell's rules, judged by replaying a record hand by hand.

Each rule is a legal set: `legal_bids` and `legal_cards` say what was allowed at a moment of
the game; a recorded bid or card outside that set is a violation whose message names the
rule and what was allowed instead. Search this file for a rule id (`oh-hell.hook`) to find
where it is judged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...cards import SUIT_NAME, SUIT_SYMBOL, Card, show
from ...errors import Findings, InputError
from ...game import Audit, Play, Trick, out_of_turn
from .model import HandResult, PlayedTrick, Result
from .record import NO_TRUMP, Entry, Hand, Record
from .score import SCORING_NOTES, hand_points, other_scoring


# --- hand sizes: which hand of the deal pattern each recorded hand is (oh-hell.hand-size) -------

def size_evidence(hand: Hand, last: bool) -> set[int]:
    """Hand sizes the record itself shows: `cards`, the deal, the tricks taken, the tricks played.

    The play of the record's last hand may still be going on, so it is no evidence there.
    """
    seen: set[int] = set()
    if hand.cards is not None and hand.cards.value >= 0:
        seen.add(hand.cards.value)
    if hand.deal:
        counts = Counter(len(c) for c in hand.deal.values())
        top = max(counts.values())
        seen.update(k for k, v in counts.items() if v == top)
    if hand.tricks is not None:
        seen.add(sum(e.value for e in hand.tricks))
    if hand.play and not last and len(hand.play[-1].plays) == len({pl.player for t in hand.play for pl in t.plays}):
        seen.add(len(hand.play))
    return seen


def align(evidence: Sequence[set[int]], pattern: Sequence[int]) -> list[int | None]:
    """The place in the deal pattern of each recorded hand, None past its end.

    Normally hand n is pattern place n. A record that skipped a hand of the pattern would
    otherwise disagree with it in every later hand; the cheapest alignment (one point per
    hand whose size evidence misses its place, per skip, per hand past the end, preferring
    no skip on a tie) re-synchronises so that one mistake is reported once.
    """
    n, last = len(evidence), len(pattern)
    if n == 0:
        return []
    if all(not e or (i < last and pattern[i] in e) for i, e in enumerate(evidence)):
        return [i if i < last else None for i in range(n)]  # the usual record: nothing to re-align
    INF = float("inf")
    width = last + n

    def cost(i: int, p: int) -> int:
        if p >= last:
            return 1
        return 0 if not evidence[i] or pattern[p] in evidence[i] else 1

    best = [[INF] * width for _ in range(n)]
    back = [[-1] * width for _ in range(n)]
    for p in range(width):
        if p == 0 or p < last:
            best[0][p] = (1 if p > 0 else 0) + cost(0, p)
    for i in range(1, n):
        for p in range(1, width):
            c = cost(i, p)
            q = p - 1  # the usual next hand first: a skip must be strictly cheaper
            if best[i - 1][q] < INF:
                best[i][p], back[i][p] = best[i - 1][q] + c, q
            if p < last:
                for q in range(p - 2, -1, -1):
                    if best[i - 1][q] + 1 + c < best[i][p]:
                        best[i][p], back[i][p] = best[i - 1][q] + 1 + c, q
    end = min(range(width), key=lambda p: (best[n - 1][p], p))
    places = [end]
    for i in range(n - 1, 0, -1):
        places.append(back[i][places[-1]])
    places.reverse()
    return [p if p < last else None for p in places]


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


def a_n(number: int) -> str:
    """'a 9', 'an 8', 'an 11': the article a number takes when read aloud."""
    return ("an " if str(number).startswith("8") or number in (11, 18) else "a ") + str(number)


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
        totals = {p: 0 for p in players}
        results: list[HandResult] = []
        last = len(rec.pattern)
        hands = rec.hands
        places = align([size_evidence(h, i == len(hands) - 1) for i, h in enumerate(hands)], rec.pattern)
        prev: str | None = None      # who dealt the previous hand, as we carry on
        alt: str | None = None       # who would have, had the record's slip not happened
        prev_place = -1
        for hand, place in zip(hands, places):
            n = hand.number
            skipped = 0 if place is None else place - prev_place - 1
            dealer, alt = self.dealer(hand, prev, alt, skipped)
            prev = dealer
            if place is None:
                self.f.violation("oh-hell.game-end",
                                 f"hand {n} was played after the game ended: the deal pattern has {last} "
                                 "hands, so this hand does not count", line=hand.line, hand=n)
            result = self.hand(hand, dealer, place, skipped)
            if place is not None:
                prev_place = place
            if result.counted and place is not None:
                for p, pts in (result.points or {}).items():
                    totals[p] += pts
            else:
                result = result._replace(counted=False)
            results.append(result)
        on_pattern = [r for r in results if r.position is not None]
        over = bool(on_pattern) and on_pattern[-1].position == last - 1 and all(r.counted for r in on_pattern)
        return Audit("oh-hell", rec.header, rec, self.f.violations, self.f.events,
                     Result(tuple(results), rec.pattern, totals, over))

    # oh-hell.dealer-rotation
    def dealer(self, hand: Hand, prev: str | None, alt: str | None, skipped: int) -> tuple[str, str | None]:
        """Who dealt this hand, reporting a dealer out of rotation once; and, after a slip,
        who would have dealt it had the rotation not been broken.

        After a reported slip the next hand may follow either the record's dealer or the
        rotation the slip broke; after hands of the deal pattern were skipped (oh-hell.hand-size)
        the deal may also have moved on by as many seats. A hand that does not name its dealer,
        or names one its own play contradicts, is taken to be dealt by the player on the first
        leader's right.
        """
        players, n = self.players, hand.number
        left = {p: players[(i + 1) % len(players)] for i, p in enumerate(players)}
        right = {v: k for k, v in left.items()}
        expected = self.record.first_dealer if prev is None else left[prev]
        allowed = [expected]
        if alt is not None:
            allowed.append(left[alt])
        moved = expected
        for _ in range(skipped):
            moved = left[moved]
            allowed.append(moved)
        shown = right[hand.play[0].plays[0].player] if hand.play else None
        if hand.dealer is None:
            return (shown if shown in allowed else expected), None
        if hand.dealer in allowed:
            return hand.dealer, None
        why = (f"the first dealer is {self.record.first_dealer}" if prev is None else
               f"{prev} dealt hand {n - 1} and the deal passes clockwise")
        if shown is not None and shown in allowed:
            self.f.violation("oh-hell.dealer-rotation",
                             f"the record says {hand.dealer} dealt hand {n}, but it was {shown}'s deal ({why}), "
                             f"and the play agrees: {left[shown]}, on {shown}'s left, led the first trick",
                             line=hand.dealer_line, hand=n, player=hand.dealer)
            return shown, None
        self.f.violation("oh-hell.dealer-rotation",
                         f"{hand.dealer} dealt hand {n}, but it was {expected}'s deal: {why}",
                         line=hand.dealer_line, hand=n, player=hand.dealer)
        return hand.dealer, expected

    # oh-hell.hand-size
    def size(self, hand: Hand, place: int | None, skipped: int, evidence: set[int]) -> int:
        n, deal, pattern = hand.number, hand.deal or {}, self.record.pattern
        expected = pattern[place] if place is not None else None
        written = hand.cards.value if hand.cards is not None and hand.cards.value >= 0 else None
        played = sum(e.value for e in hand.tricks) if hand.tricks is not None else None
        dealt = None
        if deal:
            # The hand size is what most players were dealt; on a tie (two players, one of them
            # short or over) the written `cards`, then the pattern, says which length is right.
            counts = Counter(len(c) for c in deal.values())
            top = max(counts.values())
            modes = [k for k, v in counts.items() if v == top]
            dealt = (modes[0] if len(modes) == 1 else written if written in modes
                     else expected if expected in modes else max(modes))
        # Tricks taken may confirm a size (a `cards` the tricks contradict is a slip of the pen)
        # but never set one: tricks that do not add up are oh-hell.trick-total.
        if dealt is not None:
            size = dealt
        elif expected is not None and (written is None or expected in evidence):
            size = expected
        elif written is not None:
            size = written
        else:  # past the pattern's end
            size = played if played is not None else len(hand.play) if hand.play else pattern[-1]
        line = hand.cards.line if hand.cards is not None else (
            min((hand.deal_lines or {}).values()) if deal else hand.tricks_line or hand.line)
        if skipped and expected is not None:
            literal = pattern[place - skipped]  # type: ignore[operator]
            what = "hand" if skipped == 1 else f"{skipped} hands"
            self.f.violation("oh-hell.hand-size",
                             f"hand {n} deals {size} cards, but by the deal pattern hand {n} deals {literal}: "
                             f"the record skips a {what} of the pattern here, so the later hands are "
                             "judged from this point of the pattern", line=line, hand=n)
        elif expected is not None and size != expected:
            how = "dealt" if dealt is not None else "written"
            self.f.violation("oh-hell.hand-size",
                             f"hand {n} deals {expected} cards each by the deal pattern, but {size} "
                             f"{'was' if size == 1 else 'were'} {how}", line=line, hand=n)
        elif hand.cards is not None and hand.cards.value != size:
            self.f.violation("oh-hell.hand-size",
                             f"`cards` says {hand.cards.value}, but hand {n} deals {size} cards (the deal "
                             f"pattern's number, and the number of tricks the record shows)",
                             line=hand.cards.line, hand=n)
        for p, cards in deal.items():
            if len(cards) != size:
                self.f.violation("oh-hell.hand-size",
                                 f"{p} was dealt {len(cards)} card{'s' if len(cards) != 1 else ''}; "
                                 f"everyone gets {size} in hand {n}",
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
                if c.rank == 0:
                    self.f.violation("oh-hell.deck", f"a joker was dealt to {p}, but Oh Hell is played with "
                                     "the 52 standard cards and no jokers", line=line, hand=hand.number, player=p)
                    owner[c] = p
                elif c == hand.turn_up:
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
        in_range = all(0 <= e.value <= size for e in hand.bids)  # one bad bid is reported once
        if self.opts["hook"] and in_range and dealer in given and all(p in given for p in order[:-1]):
            others = sum(given[p].value for p in order[:-1])
            bid = given[dealer].value
            if bid == hook_number(size, others):
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
                                 f"trick {t} is one trick too many: each player holds only {size} "
                                 f"card{'s' if size != 1 else ''} in hand {n}", line=trick.line, hand=n, trick=t)
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
        wrong = out_of_turn(trick, leader, self.players, t, dealer, "oh-hell")
        if wrong is not None:
            pl, why = wrong
            self.f.violation("oh-hell.turn-order", why, line=pl.line, hand=n, trick=t, player=pl.player)

    def card(self, pl: Play, led: str | None, t: int, n: int, hand: Hand, trump: str | None,
             known: dict[str, set[Card]], owner: dict[Card, str], played_in: dict[Card, int],
             misplayed: set[Card], open_voids: dict[str, list[tuple[str, int, Play]]],
             only_trump: dict[str, list[tuple[int, Play]]],
             restricted: bool) -> None:
        p, c = pl.player, pl.card
        where: dict[str, Any] = {"line": pl.line, "hand": n, "trick": t, "player": p}
        held = known.get(p)
        reported = len(self.f.violations)
        # oh-hell.deck: a joker in Oh Hell (one in this player's deal was reported with the deal)
        if c.rank == 0:
            if c not in (hand.deal or {}).get(p, ()):
                self.f.violation("oh-hell.deck", f"{p} played a joker, but Oh Hell is played with the 52 "
                                 "standard cards and no jokers", **where)
            played_in.setdefault(c, t)
            if held is not None:
                held.discard(c)
            return
        # oh-hell.card-not-held
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
        if p in known or len(self.f.violations) > reported:
            return  # a card the player cannot have held proves nothing about their other cards
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
                    f"{p} led trump ({lead.card.symbol}) in trick {tt} {self.lead_when()}, which only a player "
                    f"holding nothing but trump may do; {p} still held another suit: {p} played {c.symbol} in "
                    f"trick {t}", line=lead.line, hand=n, trick=tt, player=p)
            only_trump[p] = []
        if led is None and trump and c.suit == trump and restricted:
            only_trump[p].append((t, pl))

    def lead_when(self) -> str:
        return ("before trump was broken (house rule lead_trump: after-broken)"
                if self.opts["lead_trump"] == "after-broken"
                else "although trump may not lead the first trick (house rule lead_trump: after-first-trick)")

    def hand(self, hand: Hand, dealer: str, place: int | None, skipped: int) -> HandResult:
        n = hand.number
        last = hand is self.record.hands[-1]
        size = self.size(hand, place, skipped, size_evidence(hand, last))
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
            else:
                for e in hand.tricks or ():
                    if counted[e.player] > e.value:
                        self.f.violation(
                            "oh-hell.trick-winner",
                            f"`tricks` says {e.player} took {e.value}, but the tricks played so far already "
                            f"give {e.player} {counted[e.player]}", line=e.line, hand=n, player=e.player)
                if hand.tricks is None and not last:
                    done = sum(1 for pt in played if pt.winner is not None)
                    self.f.violation(
                        "oh-hell.trick-total",
                        f"the play of hand {n} stops after {done} of its {size} tricks and hand {n + 1} "
                        f"follows: every trick of a hand is played (give `tricks` if the rest was not "
                        "written down)", line=hand.play_line, hand=n)
        if took is None and hand.tricks is not None:
            took = {e.player: e.value for e in hand.tricks}
            total = sum(took.values())
            if total != size or any(v < 0 for v in took.values()):
                self.f.violation("oh-hell.trick-total",
                                 f"the tricks taken add up to {total}, but {a_n(size)}-card hand has exactly "
                                 f"{size} trick{'s' if size != 1 else ''}", line=hand.tricks_line, hand=n)
        points = None
        if took is not None:
            points = {p: hand_points(bids[p], took[p], self.opts) for p in self.players}
            for e in hand.scores or ():
                if e.value != points[e.player]:
                    other = other_scoring(bids[e.player], took[e.player], e.value, self.opts)
                    why = "" if other is None else (
                        f". {e.value} is the score with `{other[0]}: {other[1]}`"
                        + (f" ({SCORING_NOTES[other[1]]})" if other[1] in SCORING_NOTES else "")
                        + f", but this game is scored with `{other[0]}: {self.opts[other[0]]}`")
                    self.f.violation(
                        "oh-hell.score-recorded",
                        f"the sheet gives {e.player} {e.value} for hand {n}, but {e.player} bid {bids[e.player]} "
                        f"and took {took[e.player]}, which scores {points[e.player]} (oh-hell.score){why}",
                        line=e.line, hand=n, player=e.player)
        elif hand.scores is not None:
            raise InputError(f"hand {n} has `scores` but its play is unfinished: the scores cannot be checked "
                             "until every trick is recorded (or give `tricks`)", hand.scores_line)
        return HandResult(n, place, size, dealer, trump, hand.turn_up, bids, took, points, took is not None,
                          tuple(played))


def audit(record: Record) -> Audit:
    """Replay an Oh Hell record against the rules (see the module docstring)."""
    return _Replay(record).run()


__all__ = ["Entry", "HandResult", "PlayedTrick", "Result", "audit", "bidding_order", "hook_number",
           "legal_bids", "legal_cards", "trick_winner"]
