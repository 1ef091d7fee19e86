"""Oh Hell's rules in our own words (for `scorekeep rules oh-hell`) and its house-rule options.

Default version: the Trickster Cards settings of the source article — 4 players scoring
individually, deal pattern 10..1..10, bids in order, hook on, trump may be led at any
time, a made bid scores bid + 10, a failed bid 0.
"""

from __future__ import annotations

from ... import fields
from ...game import RuleDoc
from ...options import Option, choice_option, switch_option
from .score import SCORINGS

OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("deal_pattern", None, "`10..1..10`, `1..10..1`, `10..1`, `1..10`, any `A..B` or `A..B..C`",
           "hand sizes, one hand per step of 1; default M..1..M with M = min(10, 51 ÷ players)",
           ("oh-hell.hand-size", "oh-hell.game-end"), lambda node, what: fields.text(node, what)),
    switch_option("hook", True, "the dealer may not make the bids add up to the hand size",
                  ("oh-hell.hook",)),
    choice_option("bidding", ("in-order", "simultaneous"),
                  "simultaneous bids have no order and no hook", ("oh-hell.bid-order", "oh-hell.hook")),
    choice_option("lead_trump", ("anytime", "after-broken", "after-first-trick"),
                  "when trump may be led (a player holding only trump may always lead it)",
                  ("oh-hell.follow-suit",)),
    choice_option("made_score", SCORINGS["made_score"],
                  "what taking exactly your bid scores", ("oh-hell.score",)),
    choice_option("failed_score", SCORINGS["failed_score"],
                  "what missing your bid scores (tricks: 1 per trick taken, Trickster Basics)",
                  ("oh-hell.score",)),
)}

RULES: tuple[RuleDoc, ...] = (
    RuleDoc("oh-hell.deck", "One standard deck",
            "52 cards, no jokers; A K Q J 10 … 2 in every suit. No card may appear twice in a hand's "
            "deal, and the turned-up card belongs to nobody's hand."),
    RuleDoc("oh-hell.hand-size", "Hand sizes follow the deal pattern",
            "Hand n deals the number of cards the deal pattern gives for n, the same to every player. "
            "10..1..10 deals 10, 9, …, 2, 1, 2, …, 10: 19 hands, the 1-card hand once.",
            ("deal_pattern",)),
    RuleDoc("oh-hell.dealer-rotation", "The deal passes clockwise",
            "The first dealer is whoever the record names (`first_dealer`, default the first player); "
            "each later hand is dealt by the next player clockwise."),
    RuleDoc("oh-hell.trump", "Trump is the turned card's suit",
            "After the deal the next undealt card is turned face up; its suit is trump for the hand. "
            "A recorded `trump` that differs from the turned card's suit is a violation."),
    RuleDoc("oh-hell.bid-order", "Bids go clockwise, the dealer last",
            "Bidding starts with the player on the dealer's left and goes clockwise; the dealer bids "
            "last, which is why the hook binds the dealer. A record may list bids in any order: the "
            "order comes from the seats. With simultaneous bidding there is no order.", ("bidding",)),
    RuleDoc("oh-hell.bid-range", "A bid is 0 to the hand size",
            "Each bid is a whole number from 0 (\"I take no tricks\") to the number of cards in hand. "
            "-1, or 11 in a 10-card hand, breaks this rule."),
    RuleDoc("oh-hell.hook", "The hook: the bids may not add up",
            "The dealer may not bid the one number that makes all bids add up to the hand size, so "
            "at least one player must miss. If the other bids already add up to more than the hand "
            "size, no bid can do that and the dealer is free. The hook is not \"no two equal bids\": "
            "any number of players may bid the same.", ("hook", "bidding")),
    RuleDoc("oh-hell.turn-order", "Who leads, and play clockwise",
            "The player on the dealer's left leads the first trick; the winner of each trick leads "
            "the next; everyone plays one card, clockwise."),
    RuleDoc("oh-hell.card-not-held", "Play only your own cards",
            "A player plays only cards they were dealt, each once. Fully checked when the record "
            "gives the deal; without it, a card played twice or the turned-up card is still caught."),
    RuleDoc("oh-hell.follow-suit", "Follow suit",
            "A player holding the led suit must play it, though not necessarily higher. A player "
            "void in it may trump or discard: trumping is never compulsory. Trump may be led at any "
            "time (unless `lead_trump` says otherwise; a player with only trumps may always lead one). "
            "Without the deal a revoke is still proved when the player later plays the suit they "
            "failed to follow; it is reported at the trick of the revoke.", ("lead_trump",)),
    RuleDoc("oh-hell.trick-winner", "Who wins a trick",
            "The highest trump wins; if no trump was played, the highest card of the suit led. "
            "Off-suit discards never win. Trick counts recorded in `tricks` that differ from the play "
            "are a violation."),
    RuleDoc("oh-hell.trick-total", "Every trick is won by someone",
            "The tricks taken by all players add up to the hand size."),
    RuleDoc("oh-hell.score", "Scoring: exactly your bid",
            "Taking exactly the number of tricks you bid scores bid + 10 (a bid of 0 made scores 10); "
            "any other result scores 0. Taking more is as bad as taking fewer. No bags, no penalties.",
            ("made_score", "failed_score")),
    RuleDoc("oh-hell.score-recorded", "The sheet must add up",
            "A score written in the record (`scores`, this hand's points, not running totals) that "
            "differs from the score the bid and tricks give is a violation."),
    RuleDoc("oh-hell.unfinished-hand", "Only the last hand may be unfinished",
            "A record may stop in the middle of a hand (a game in progress), but a hand followed by "
            "another must have its result: the tricks each player took, or its play."),
    RuleDoc("oh-hell.game-end", "The game is the whole deal pattern",
            "The game is over after the last hand of the deal pattern; the highest total wins and "
            "ties share the win. A hand recorded after that is a violation and is not counted. A "
            "record that stops early is a game in progress: no winner yet.", ("deal_pattern",)),
)
