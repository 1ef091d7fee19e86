"""Rook's rules in our own words (for `scorekeep rules rook`) and its house-rule options.

Default version: the 1988 Official Rook Tournament Rules (Kentucky Discard with the Bird) of
the source article — 4 players in two partnerships, 41 cards, 9 each and a 5-card nest,
bids from 70 in steps of 5 up to 120, the Bird the highest trump, game to 300.
"""

from __future__ import annotations

from ...game import RuleDoc
from ...options import Option, choice_option, whole_option

OPTIONS: dict[str, Option] = {o.name: o for o in (
    whole_option("seat_change_every", 4,
                 "after this many hands (thrown-in hands not counted) one partnership swaps seats, "
                 "which reverses the clockwise order; 0 = never", ("rook.seat-change",), low=0),
    choice_option("seat_change_deal", ("new-left", "old-left"),
                  "house default: who deals the first hand after a seat change — the player on the "
                  "last dealer's left in the new seating (new-left) or in the old one (old-left)",
                  ("rook.dealer-rotation", "rook.seat-change")),
    choice_option("all_pass", ("redeal", "dealer-forced"),
                  "house default: when all four pass, the hand is thrown in (redeal) or the dealer "
                  "takes it at the minimum bid (dealer-forced)", ("rook.all-pass",)),
    whole_option("target", 300, "cumulative points that win the game", ("rook.game-end",), low=1),
    whole_option("min_bid", 70, "the lowest opening bid", ("rook.bid-minimum", "rook.all-pass"), low=0),
    whole_option("max_bid", 120, "the highest bid allowed", ("rook.bid-maximum",), low=0),
    whole_option("bid_step", 5, "bids are multiples of this and raise the highest bid by at least this",
                 ("rook.bid-step",), low=1),
    choice_option("bird", ("highest", "off"),
                  "highest: the Bird is in the deck as the highest trump (41 cards, 120 points); off: "
                  "no Bird (40 cards, a 4-card nest, 100 points)",
                  ("rook.deck", "rook.deal", "rook.points-total", "rook.bird-anytime", "rook.bird-led",
                   "rook.bird-must-follow-trump")),
)}

RULES: tuple[RuleDoc, ...] = (
    RuleDoc("rook.deck", "The 41-card deck",
            "Four colors — red, yellow, black, green — numbered 5 to 14 (the 1–4 are taken out), plus "
            "the Bird. A hand's cards (the deal, the nest, the cards played) are exactly this deck: "
            "no card outside it (such as R4), no card twice. A card outside the deck is this rule wherever "
            "it is written — deal, nest or play, with or without the deal — and is reported once (a card "
            "the deal reported is not reported again when played). When the rest of a fully played hand "
            "leaves exactly one card of the deck unaccounted for, that is the card taken as played, for "
            "the trick's winner and its counters; otherwise the record's next leader is taken as the "
            "trick's winner and the written points are not checked against the tricks. Without the deal, "
            "a card played twice, or played although it was put back in the nest, breaks this rule; with "
            "the deal it is rook.card-not-held.", ("bird",)),
    RuleDoc("rook.deal", "Nine cards each, five in the nest",
            "Each of the four players is dealt 9 cards and 5 go face down to the middle as the nest. "
            "So a hand has 9 tricks. A card written in the nest instead of a player's deal (or the other "
            "way round) is one mistake, reported once at the player whose deal has the wrong count.",
            ("bird",)),
    RuleDoc("rook.dealer-rotation", "The deal passes left",
            "The first dealer is whoever the record names (`first_dealer`, default the first player). "
            "After each hand — a thrown-in one too — the deal passes to the left of the last dealer. "
            "Across a seat change, \"left\" is read in the new seating (house default, option "
            "`seat_change_deal`): with players [N, E, S, W] and N dealing first, hands 1–4 are dealt by "
            "N, E, S, W; after the seat change N's left is W, so hands 5–8 are dealt by S, E, N, W, and "
            "hands 9–12 again by N, E, S, W. A wrong `dealer` is reported once: the replay carries on "
            "from the dealer the record names, and a next hand dealt by the right player is not "
            "reported again; if the hand itself was bid and led from the right dealer's left, only the "
            "`dealer` entry is wrong and the hand is judged from the right seat.", ("seat_change_deal",)),
    RuleDoc("rook.seat-change", "Seat change every 4 hands",
            "1988 tournament rule: after every 4 hands one partnership swaps seats; partners never "
            "change. Either swap gives the same new clockwise order — it reverses — so from hand 5 "
            "(9, 13, …) the player on the dealer's left, who bids and leads first, is the one who "
            "used to be on the dealer's right. Thrown-in hands do not count toward the 4. A `dealer` "
            "that follows the old seating in the first hand after a seat change is reported under this "
            "rule, and so is a first hand after a seat change that was bid and played in the old "
            "clockwise order: reported once, and that hand and the rest of its seating period are then "
            "judged in the seating the record used (not as out-of-turn calls and plays).",
            ("seat_change_every", "seat_change_deal")),
    RuleDoc("rook.bid-order", "Bidding goes clockwise",
            "Bidding starts with the player on the dealer's left and goes clockwise; a player who has "
            "passed is skipped. `bidding` lists the calls in that order; a call written as "
            "`{North: 70}` names its caller, which is checked. A call out of turn is reported once: "
            "when the bidding goes on as if the skipped players had passed (and they never call "
            "again), their passes are taken as missing from the record."),
    RuleDoc("rook.bid-minimum", "Open at 70 or more",
            "The opening bid is at least 70 points. Players bid for counter points, not tricks.",
            ("min_bid",)),
    RuleDoc("rook.bid-step", "Raise by 5",
            "Bids are multiples of 5, and each bid is at least 5 more than the highest bid so far. "
            "A bid that breaks a bidding rule is reported once and does not raise the bar for the "
            "bids after it (after 70 and a wrong 72, a 75 is fine).", ("bid_step",)),
    RuleDoc("rook.bid-maximum", "No bid over 120",
            "120, every counter in the deck, is the highest bid (published tournament text).",
            ("max_bid",)),
    RuleDoc("rook.bid-after-pass", "Once passed, out",
            "A player who has passed may not bid again in this hand. Such a bid is reported once: the "
            "player stays passed and is skipped afterwards, the bid does not raise the bar for the others, "
            "and if nobody bids over it, it stands as the record says the table took it."),
    RuleDoc("rook.bid-end", "The auction ends after three passes",
            "The auction ends as soon as a bid stands and the other three players have passed "
            "(whenever they passed: after three opening passes, the fourth player's bid ends it at "
            "once). That player wins at their last bid. Calls after that are violations, and so is a "
            "`bid` that names another winner or amount than the `bidding` gives. A record that stops "
            "writing the passes once the winner is clear is read as if the others passed. Next to a "
            "`bidding` written only in part, `bid` must be a result the written calls can still lead to "
            "(the standing bid, or a later bid over it by a player who has not passed); otherwise it is "
            "reported here and the written calls decide, the missing ones read as passes."),
    RuleDoc("rook.all-pass", "Everybody passes",
            "House default: if all four pass, the hand is thrown in, scores nothing, does not count "
            "toward the seat change, and the deal passes left. Playing or scoring such a hand is a "
            "violation. With `all_pass: dealer-forced` the dealer takes the hand at the minimum bid.",
            ("all_pass", "min_bid")),
    RuleDoc("rook.nest-exchange", "Taking the nest and putting back five",
            "The bid winner takes the 5 nest cards into hand and puts back exactly 5 of the 14 cards "
            "now held as the new nest. Counters (and the Bird) may be put back. A card put back that "
            "was not among the 14, a card put back twice, or a number other than 5 breaks this rule; a "
            "discard written wrong is reported once, with everything wrong with it."),
    RuleDoc("rook.trump", "The bid winner names trump",
            "After the exchange the bid winner names red, yellow, black or green as trump; there is "
            "no no-trump hand. The Bird is always the highest trump."),
    RuleDoc("rook.turn-order", "Leads and turns",
            "The player on the dealer's left leads the first trick (not necessarily the bid winner); "
            "the winner of a trick leads the next. Everyone plays one card, clockwise from the leader."),
    RuleDoc("rook.card-not-held", "Play only your own cards",
            "A player plays only a card they hold: one they were dealt (or, for the bid winner, took "
            "from the nest and kept), not yet played. Needs the deal in the record: a card that the "
            "deal gives to someone else is caught even when the player's own deal is not written. A deal "
            "(or nest) entry already reported under rook.deck or rook.deal is not used to judge what that "
            "player held (for a card dealt twice, neither entry, and where that card was is unknown): the "
            "mistake is reported once, and that player is judged by inference."),
    RuleDoc("rook.follow-color", "Follow the led color",
            "A player holding a card of the led color must play one (not necessarily higher). Only "
            "the Bird may be played instead; an ordinary trump is no substitute for following. A player "
            "without the led color may play anything: trumping is never compulsory. When trump is led, "
            "following means playing trump. Without the deal a revoke is still proved when the player "
            "later plays the color they did not follow; it is reported at the trick of the revoke."),
    RuleDoc("rook.bird-anytime", "The Bird may be played any time",
            "The Bird may be played to any trick, even by a player who could follow the led color, "
            "and it wins the trick. Informational: playing the Bird is never a violation by itself.",
            ("bird",)),
    RuleDoc("rook.bird-led", "The Bird led calls for trump",
            "If the Bird is led, the led color is trump: every player holding trump must play trump.",
            ("bird",)),
    RuleDoc("rook.bird-must-follow-trump", "No hiding the Bird",
            "If trump is led and a player holds the Bird but no other trump, that player must play the "
            "Bird; they may not discard to hide it. Without the deal this is proved when that player "
            "plays the Bird later in the hand and no other trump; if an ordinary trump turns up later too, "
            "the Bird was not their only trump and it is rook.follow-color.", ("bird",)),
    RuleDoc("rook.trick-winner", "Who wins a trick",
            "The Bird wins any trick it is in; otherwise the highest trump (14 high, 5 low); otherwise "
            "the highest card of the led color. Other cards never win. A trick led by someone other "
            "than the previous trick's winner is rook.turn-order."),
    RuleDoc("rook.nest-to-last-trick", "The nest goes to the last trick",
            "The nest — the 5 cards the bid winner put back — belongs to whoever wins the 9th trick; "
            "its counters go to that team, not automatically to the bidding team. Recorded points that "
            "credit the nest to the wrong team break this rule. When all 36 cards are played, the nest "
            "is what they leave of the deck, whatever the discard says."),
    RuleDoc("rook.points-total", "Captured points add up to 120",
            "Counters: every 5 is worth 5, every 10 and every 14 is worth 10, the Bird 20 — 120 in "
            "all. Winning a trick is worth nothing by itself. The two teams' captured points add up to "
            "120; each is a multiple of 5 from 0 to 120.", ("bird",)),
    RuleDoc("rook.points-recorded", "The sheet must agree with the play",
            "Points (`points`, captured per team) or scores (`scores`, this hand's score per team, "
            "not running totals) written in the record that differ from those computed — points from "
            "the tricks, scores from the points and the bid — are a violation."),
    RuleDoc("rook.contract", "Made or set",
            "The bidding team scores what it captured if that is at least its bid — the captured "
            "points, not the bid and not bid + captured. Otherwise it is set and scores minus the bid; "
            "its captured points are not added back (bid 95, captured 90: −95, not −5). The other team "
            "always scores what it captured, so the two hand scores need not add up to 120. A "
            "recorded score that follows one of those mistaken formulas is reported under this rule."),
    RuleDoc("rook.unfinished-hand", "Only the last hand may be unfinished",
            "A record may stop anywhere: the last hand may be unfinished (an auction, a few tricks). But a "
            "hand followed by another must have its result: all 9 tricks, or the points each team "
            "captured (a thrown-in hand, all four having passed, has its result). An unfinished hand in "
            "the middle of a record scores nothing and is reported once, at that hand."),
    RuleDoc("rook.game-end", "Game to 300",
            "At the end of a hand, a team with 300 or more cumulative points wins. If both teams reach "
            "300 in the same hand, the higher total wins; a tie means another hand is played. Hands "
            "recorded after the game was won are a violation and are not counted.", ("target",)),
)
