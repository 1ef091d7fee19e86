"""Daifugō's rules in our own words (for `scorekeep rules daifugo`); the options are in options.py.

Default version: the Japan Daifugo League official rulebook, 4-player competition version,
as the source article describes it. Points per rank are a house setting: the league's
official points were not found.
"""

from __future__ import annotations

from ...game import RuleDoc
from .options import OPEN  # noqa: F401  (re-exported: rules.py imports it from here until the engine branch lands)

RANK_NAMES = ("大富豪", "富豪", "貧民", "大貧民")
"""The ranks, first to last: daifugō, fugō, hinmin, daihinmin."""

RANK_POINTS_NOTE = ("rank points {points} per game (大富豪, 富豪, 貧民, 大貧民) are a house setting, not the "
                    "league's: its official points were not found; change them with "
                    "`rules: {{rank_points: [a, b, c, d]}}`")


RULES: tuple[RuleDoc, ...] = (
    RuleDoc("daifugo.deck", "54 cards, two blind cards per set",
            "52 cards and 2 jokers. At the start of each set 2 cards that are not jokers are put aside face "
            "down (the blind cards); they stay out for the whole set. The other 52 are dealt, 13 each. A "
            "deal with a card twice, a card that is not in play, a blind card, or a wrong number of cards "
            "breaks this rule; so does a joker among the blind cards, or blind cards that change within a "
            "set (seen from complete deals).", ("blind_cards", "jokers")),
    RuleDoc("daifugo.first-lead", "Who leads a game",
            "Game 1 of a set: no exchange, and the player in the spade seat leads — the set's `first` "
            "player (default: the first player listed), not whoever holds the spade 3. Games 2–4: after the "
            "exchange, the previous game's 大貧民 leads.", ("games_per_set",)),
    RuleDoc("daifugo.exchange-count", "How many cards are exchanged",
            "From game 2 of a set: 大富豪 and 大貧民 give each other exactly 2 cards, 富豪 and 貧民 exactly 1. "
            "Game 1 of a set has no exchange.", ("games_per_set",)),
    RuleDoc("daifugo.exchange-strongest", "The lower ranks give their strongest cards",
            "貧民 gives their strongest card and 大貧民 their 2 strongest, by normal strength (joker, 2, A, K, "
            "…; any suit within a rank), judged on the hand as dealt: the exchange is simultaneous, so what "
            "they receive does not count. Keeping a stronger card is tax evasion (脱税). 大富豪 and 富豪 give "
            "any cards they like. Without the deal, a later play proves it: a lower rank who plays a card "
            "stronger than one they gave, and did not receive it, held it at the exchange."),
    RuleDoc("daifugo.exchange-held", "Give only cards you hold",
            "Each player gives only cards from the hand they were dealt (checked when the deal is recorded)."),
    RuleDoc("daifugo.combination", "What a play may be",
            "A single card; a group of 2–6 cards of one rank (jokers stand in for the rank; two jokers alone "
            "are a pair stronger than every pair — a house default); or stairs (階段): 3 or more cards of one "
            "suit in a row in the order 3 … K A 2, no wrap-around (K-A-2 is stairs, A-2-3 is not), with "
            "jokers filling gaps or extending an end. A joker's role may be written `JK=5H`; otherwise the "
            "reading that makes the play legal is taken, and the strongest of those. A lone joker is always "
            "the joker; a joker with a natural card is read as a group before stairs.", ("joker_pair",)),
    RuleDoc("daifugo.card-not-held", "Play only your own cards",
            "A player plays only cards they hold, each once: fully checked when the deal is recorded; "
            "without it a card played twice, a card given away in the exchange or received by someone "
            "else, a third joker, or more cards than a hand holds is still caught."),
    RuleDoc("daifugo.follow-shape", "Same kind, same number of cards",
            "On a table with cards, a play must be the same kind (single, group, stairs) with the same "
            "number of cards as the play it covers. Four of a kind never covers a single; a single 8 cannot "
            "cut a pair."),
    RuleDoc("daifugo.follow-stronger", "Strictly stronger",
            "The play must be strictly stronger than the one it covers: groups by rank, stairs by their "
            "lowest card, in the current order (reversed in a revolution, except that the joker stays "
            "strongest). Equal is not stronger and suits never break ties. A lone joker beats any single "
            "and is beaten only by the spade 3."),
    RuleDoc("daifugo.turn-order", "Clockwise, skipping who is out",
            "Players act clockwise in the seating order; players who have gone out (finished, forbidden "
            "finish, 都落ち) are skipped. A turn out of turn is reported once: when the rest of the game "
            "reads as if the skipped players had passed (fewer reports that way), their passes are taken "
            "as missing from the record; when the skipped player acts next, that is their turn, taken "
            "late."),
    RuleDoc("daifugo.pass", "Passing",
            "A player may pass whenever the table has cards, even if able to play. Who passed may not act "
            "again until the table clears (their turn is skipped, so no second pass is recorded). Passing "
            "on an empty table is not allowed."),
    RuleDoc("daifugo.clear", "The table clears",
            "When everyone still holding cards, other than the player of the last play, has passed, the "
            "table clears and that player leads. If that player has gone out, their last play stays on "
            "the table until then, and the first player still in the game to their left leads — also when "
            "a play that empties a hand clears the table itself (8-cut, spade-3 return)."),
    RuleDoc("daifugo.revolution", "Revolution (革命)",
            "A legal group of 4 or more cards of one rank (jokers may fill it) reverses the order of all "
            "non-joker cards: 2 A K … 4 3, the joker still strongest. It lasts to the end of the game or the "
            "next revolution (革命返し), which restores normal order; a table clear does not end it. Stairs "
            "never cause one, however long.", ("stairs_revolution",)),
    RuleDoc("daifugo.eight-cut", "8-cut (8切り)",
            "A legal single 8 or group of 8s (jokers may stand in) clears the table at once and the same "
            "player leads. Stairs that contain an 8 do not cut. The 8 must still be a legal play: a single "
            "8 on a single Q in normal order breaks daifugo.follow-stronger; a single 8 on a pair breaks "
            "daifugo.follow-shape.", ("eight_cut", "eight_cut_stairs")),
    RuleDoc("daifugo.suit-lock", "Suit lock (縛り)",
            "When two plays in a row on the table have the same suits (5♥ then 7♥; 5♥5♠ then 9♥9♠), the "
            "suits are locked: every later play until the table clears must have those suits. A play with "
            "a joker cannot start a lock (nor can the play before it), but a joker may stand in for a "
            "locked suit.", ("suit_lock",)),
    RuleDoc("daifugo.spade-3-return", "Spade-3 return (スペ3返し)",
            "A lone joker may be covered by the single spade 3, even under a suit lock; the table clears and "
            "that player leads. Only a lone joker: the spade 3 on a pair of jokers breaks "
            "daifugo.follow-shape.", ("spade_3_return",)),
    RuleDoc("daifugo.forbidden-finish", "Forbidden finishes (反則上がり)",
            "The play that empties a hand is a forbidden finish if, judged in the order before the play, it "
            "contains a joker (also as a stand-in); or in normal order contains a 2 or is the single spade "
            "3; or in a revolution contains any 3; or it makes an 8-cut (stairs with an 8 do not). The player "
            "leaves the game and ranks from the bottom: the first foul is 大貧民, the second 貧民. The cards "
            "stay on the table, and a clear or revolution the play causes still happens. A rule event, not "
            "a violation.", ("forbidden_finish",)),
    RuleDoc("daifugo.miyako-ochi", "都落ち: the 大富豪 falls",
            "From game 2 of a set: when a player other than last game's 大富豪 goes out legally while the "
            "大富豪 is still playing, the 大富豪 leaves the game at once (hand discarded) and takes the lowest "
            "rank no foul has taken; a later foul moves them up one. A forbidden finish never causes 都落ち. "
            "A rule event, not a violation.", ("miyako_ochi",)),
    RuleDoc("daifugo.ranking", "Ranks",
            "Legal finishers take the top ranks in the order they went out; the last player left takes the "
            "next; then the fallen 大富豪; fouls fill the bottom, the first foul lowest. Ranks: 大富豪, 富豪, "
            "貧民, 大貧民. A recorded ranking or finishing order (`ranks`, `out`, `fouls`) that contradicts the "
            "rules or the plays is a violation, reported once per game. "
            "Each game scores rank points (house default 3, 2, 1, 0).", ("rank_points",)),
    RuleDoc("daifugo.game-over", "When a game, a set and the match are over",
            "A game is over when its ranking is settled (one player or none left): a play after that is a "
            "violation. A game may not start before the previous one's ranking is complete, a set has 4 "
            "games, and with `sets: N` the match is over after N complete sets — the most points wins, ties "
            "share; more sets than N are a violation.", ("games_per_set", "sets")),
)
