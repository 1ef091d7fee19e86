"""Daifugō's rules in our own words (for `scorekeep rules daifugo`); the options are in options.py.

Default version: the Japan Daifugo League official rulebook, 4-player competition version,
as the source article describes it. Points per rank are a house setting: the league's
official points were not found.
"""

from __future__ import annotations

from typing import Any

from ...game import RuleDoc

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
            "set (seen from complete deals).", ("blind_cards", "jokers"),
            aliases=("deck", "54 cards", "jokers", "number of jokers", "blind cards", "blind card",
                     "13 cards", "blind_cards", "blind", "duplicate card", "盲牌", "54張", "鬼牌數", "每人13張",
                     "不公開的牌", "ブラインドカード", "ブラインド", "54枚", "伏せ札", "デッキ", "13枚"),
            see=("daifugo.card-not-held", "daifugo.first-lead")),
    RuleDoc("daifugo.first-lead", "Who leads a game",
            "Game 1 of a set: no exchange, and the player in the spade seat leads — the set's `first` "
            "player (default: the first player listed), not whoever holds the spade 3. Games 2–4: after the "
            "exchange, the previous game's 大貧民 leads.", ("games_per_set",),
            aliases=("first lead", "who leads first", "who starts", "spade seat", "first player",
                     "starting player", "who plays first", "spade 3 holder", "daihinmin leads", "黑桃座位",
                     "先出", "誰先出", "首出", "第一局", "大貧民先出", "最初の親", "スペード席", "初手",
                     "最初に出す人", "ダイヤの3", "スペードの3を持つ人"),
            see=("daifugo.turn-order", "daifugo.exchange-count", "daifugo.deck")),
    RuleDoc("daifugo.exchange-count", "How many cards are exchanged",
            "From game 2 of a set: 大富豪 and 大貧民 give each other exactly 2 cards, 富豪 and 貧民 exactly 1. "
            "Game 1 of a set has no exchange.", ("games_per_set",),
            aliases=("exchange", "card exchange", "card swap", "swap cards", "trade cards",
                     "how many cards are exchanged", "exchange count", "tribute", "交換牌", "交換",
                     "交2張", "交1張", "換牌", "交牌", "カード交換", "献上", "交換枚数", "交換"),
            see=("daifugo.exchange-strongest", "daifugo.exchange-held", "daifugo.ranking",
                 "daifugo.first-lead")),
    RuleDoc("daifugo.exchange-strongest", "The lower ranks give their strongest cards",
            "貧民 gives their strongest card and 大貧民 their 2 strongest, by normal strength (joker, 2, A, K, "
            "…; any suit within a rank), judged on the hand as dealt: the exchange is simultaneous, so what "
            "they receive does not count. Keeping a stronger card is tax evasion (脱税). 大富豪 and 富豪 give "
            "any cards they like. Without the deal, a later play proves it: a lower rank who plays a card "
            "stronger than one they gave, and did not receive it, held it at the exchange.",
            aliases=("tax evasion", "tax", "strongest cards", "give strongest", "best cards",
                     "give the best cards", "exchange strongest", "tribute", "evasion", "datsuzei", "脫稅", "逃稅",
                     "脱税", "交出最強牌", "最強牌", "最強的牌", "脱税", "税金", "献上", "最強カード",
                     "強いカード"),
            see=("daifugo.exchange-count", "daifugo.exchange-held")),
    RuleDoc("daifugo.exchange-held", "Give only cards you hold",
            "Each player gives only cards from the hand they were dealt (checked when the deal is recorded).",
            aliases=("exchange held", "give cards you hold", "give a card not held", "交出手上的牌",
                     "交不在手上的牌", "手札から交換", "持っていないカードを渡す"),
            see=("daifugo.exchange-count", "daifugo.exchange-strongest", "daifugo.card-not-held")),
    RuleDoc("daifugo.combination", "What a play may be",
            "A single card; a group of 2–6 cards of one rank (jokers stand in for the rank; two jokers alone "
            "are a pair stronger than every pair — a house default); or stairs (階段): 3 or more cards of one "
            "suit in a row in the order 3 … K A 2, no wrap-around (K-A-2 is stairs, A-2-3 is not), with "
            "jokers filling gaps or extending an end. A joker's role may be written `JK=5H`; otherwise the "
            "reading that makes the play legal is taken, and the strongest of those. A lone joker is always "
            "the joker; a joker with a natural card is read as a group before stairs. A full house is not a play "
            "(it is not a group of 5), nor are stairs of mixed suits.", ("joker_pair",),
            aliases=("combination", "combo", "stairs", "sequence", "straight", "run", "pair", "triple",
                     "group", "set of cards", "joker", "wild card", "full house", "what can I play",
                     "kaidan", "joker stand-in", "鬼", "yaku", "階段", "對子", "一對", "三張", "鬼牌", "牌型", "葫蘆",
                     "同花順", "出法", "牌組合", "階段", "ペア", "ジョーカー", "カイダン", "組み合わせ",
                     "役", "スリーカード", "連番", "ダブル"),
            see=("daifugo.follow-shape", "daifugo.follow-stronger", "daifugo.revolution")),
    RuleDoc("daifugo.card-not-held", "Play only your own cards",
            "A player plays only cards they hold, each once: fully checked when the deal is recorded; "
            "without it a card played twice, a card given away in the exchange or received by someone "
            "else, a third joker, or more cards than a hand holds is still caught.",
            aliases=("card not held", "card not in hand", "not my card", "played twice", "third joker",
                     "own cards", "手牌", "不在手上的牌", "重複出牌", "持っていないカード", "手札にない",
                     "手札"),
            see=("daifugo.deck", "daifugo.exchange-held")),
    RuleDoc("daifugo.follow-shape", "Same kind, same number of cards",
            "On a table with cards, a play must be the same kind (single, group, stairs) with the same "
            "number of cards as the play it covers. Four of a kind never covers a single; a single 8 cannot "
            "cut a pair. Can four of a kind beat anything? No: four of a kind covers only four of a kind; the "
            "revolution it causes is the effect of a legal play, not a pass to beat another shape. On an empty "
            "table it may be led.",
            aliases=("follow shape", "same number of cards", "same kind", "number of cards",
                     "four of a kind", "four of a kind beats anything", "quads", "single on a pair",
                     "8 on a pair", "同張數", "同構成", "跟牌", "張數", "四張相同",
                     "出四張相同就能壓任何牌嗎", "四條", "鐵支", "枚数", "同じ枚数", "出し方",
                     "フォーカード", "枚数縛り"),
            see=("daifugo.follow-stronger", "daifugo.combination", "daifugo.revolution", "daifugo.eight-cut")),
    RuleDoc("daifugo.follow-stronger", "Strictly stronger",
            "The play must be strictly stronger than the one it covers: groups by rank, stairs by their "
            "lowest card, in the current order (reversed in a revolution, except that the joker stays "
            "strongest). Equal is not stronger and suits never break ties: unlike Big Two (大老二), suits have no "
            "rank, so a spade 9 does not beat a heart 9. A lone joker beats any single "
            "and is beaten only by the spade 3.",
            aliases=("follow stronger", "stronger", "beat", "beats", "higher card", "equal cards",
                     "same rank", "suit rank", "card strength", "card order", "strength", "joker beats",
                     "big two", "壓過", "大小", "比大小", "牌的大小", "強弱", "大老二", "花色大小", "強さ",
                     "カードの強さ", "出せるカード", "強い"),
            see=("daifugo.follow-shape", "daifugo.revolution", "daifugo.spade-3-return", "daifugo.suit-lock")),
    RuleDoc("daifugo.turn-order", "Clockwise, skipping who is out",
            "Players act clockwise in the seating order; players who have gone out (finished, forbidden "
            "finish, 都落ち) are skipped. A turn out of turn is reported once: when the rest of the game "
            "reads as if the skipped players had passed (fewer reports that way), their passes are taken "
            "as missing from the record; when the skipped player acts next, that is their turn, taken "
            "late.",
            aliases=("turn order", "clockwise", "out of turn", "whose turn", "order of play", "輪流",
                     "順時針", "左手方向", "出牌順序", "輪到誰", "手番", "順番", "時計回り", "左回り"),
            see=("daifugo.pass", "daifugo.clear", "daifugo.first-lead")),
    RuleDoc("daifugo.pass", "Passing",
            "A player may pass whenever the table has cards, even if able to play. Who passed may not act "
            "again until the table clears (their turn is skipped, so no second pass is recorded). Passing "
            "on an empty table is not allowed.",
            aliases=("pass", "passing", "pass then play", "play after passing", "skip",
                     "pass on empty table", "Pass", "過", "不出", "不要", "pass後", "パス", "パスした後"),
            see=("daifugo.clear", "daifugo.turn-order")),
    RuleDoc("daifugo.clear", "The table clears",
            "When everyone still holding cards, other than the player of the last play, has passed, the "
            "table clears and that player leads. If that player has gone out, their last play stays on "
            "the table until then, and the first player still in the game to their left leads — also when "
            "a play that empties a hand clears the table itself (8-cut, spade-3 return).",
            aliases=("clear", "table clears", "clearing", "cleared", "new lead", "everyone passed",
                     "all passed", "who leads after", "lead again", "reset", "flush", "flush the table", "nagare", "ba nagare", "清場", "這輪結束",
                     "重新首出", "重新出牌", "場清空", "流れ", "場が流れる", "場流れ", "流す", "親になる",
                     "場を流す"),
            see=("daifugo.pass", "daifugo.eight-cut", "daifugo.spade-3-return", "daifugo.forbidden-finish")),
    RuleDoc("daifugo.revolution", "Revolution (革命)",
            "A legal group of 4 or more cards of one rank (jokers may fill it) reverses the order of all "
            "non-joker cards: 2 A K … 4 3, the joker still strongest. It lasts to the end of the game or the "
            "next revolution (革命返し), which restores normal order; a table clear does not end it. Stairs "
            "never cause one, however long. In a revolution four 7s beat four 9s and four Js do not; four 7s played "
            "then start a second revolution, back to normal order. This is the 4-player version: the league's "
            "3-player semi-official rules make 3 cards of one rank a revolution and change the deal and the "
            "exchange; scorekeep does not cover them.", ("stairs_revolution",),
            aliases=("revolution", "kakumei", "counter-revolution", "counter revolution",
                     "revolution return", "reverse order", "reversed order", "four of a kind",
                     "three-player", "3 players", "kakumei gaeshi", "stairs revolution", "stairs_revolution", "革命",
                     "革命返し", "反轉", "大小反轉", "四張革命", "強弱反轉", "三人玩", "二次革命",
                     "カクメイ", "かくめい", "革命返し", "逆革命", "3人"),
            see=("daifugo.follow-stronger", "daifugo.forbidden-finish", "daifugo.combination")),
    RuleDoc("daifugo.eight-cut", "8-cut (8切り)",
            "A legal single 8 or group of 8s (jokers may stand in) clears the table at once and the same "
            "player leads. Stairs that contain an 8 do not cut. The 8 must still be a legal play: a single "
            "8 on a single Q in normal order breaks daifugo.follow-stronger; a single 8 on a pair breaks "
            "daifugo.follow-shape. Going out on an 8-cut (a last play of a single 8 or a group of 8s) is a "
            "forbidden finish (daifugo.forbidden-finish); the table still clears and the first player still in "
            "the game to the left leads (daifugo.clear).", ("eight_cut", "eight_cut_stairs"),
            aliases=("8-cut", "eight-cut", "eight cut", "8 cut", "8cut", "eight stop", "8 stop",
                     "eight clears", "8 clears", "eight_cut", "eight_cut_stairs", "hachigiri", "hachi giri", "8giri", "8 giri", "8切", "八切", "切8",
                     "8切牌", "8切り", "八切り", "8ぎり", "はちぎり", "8流し", "エイトカット", "8止め"),
            see=("daifugo.forbidden-finish", "daifugo.clear", "daifugo.follow-shape",
                 "daifugo.follow-stronger")),
    RuleDoc("daifugo.suit-lock", "Suit lock (縛り)",
            "When two plays in a row on the table have the same suits (5♥ then 7♥; 5♥5♠ then 9♥9♠), the "
            "suits are locked: every later play until the table clears must have those suits. A play with "
            "a joker cannot start a lock (nor can the play before it), but a joker may stand in for a "
            "locked suit.", ("suit_lock",),
            aliases=("suit lock", "lock", "locked", "locked suits", "binding", "suit binding",
                     "tied suits", "suit_lock", "same suit", "shibari", "suit shibari", "綁", "花色綁定", "綁定", "花色限制", "綁花",
                     "鎖花", "同花色限制", "縛り", "しばり", "スート縛り", "マーク縛り", "スートしばり",
                     "ロック", "縛"),
            see=("daifugo.follow-stronger", "daifugo.clear", "daifugo.spade-3-return")),
    RuleDoc("daifugo.spade-3-return", "Spade-3 return (スペ3返し)",
            "A lone joker may be covered by the single spade 3, even under a suit lock; the table clears and "
            "that player leads. Only a lone joker: the spade 3 on a pair of jokers breaks "
            "daifugo.follow-shape. A spade 3 that is the player's last card is a forbidden finish all the same "
            "(daifugo.forbidden-finish): clearing the table is not winning.", ("spade_3_return",),
            aliases=("spade 3 return", "spade-3 return", "spade three", "3 of spades", "three of spades",
                     "spade-3 counter", "beat the joker", "beats a joker", "what beats the joker", "joker killer", "spade 3", "spade_3_return", "♠3", "3♠", "spade3", "supe3 gaeshi", "supesan gaeshi",
                     "黑桃3反制", "黑桃3", "反制鬼牌", "黑桃三", "スペ3返し", "スペ3", "スペード3返し",
                     "スペードの3", "スペ3返", "スペードの3返し", "ジョーカー返し"),
            see=("daifugo.clear", "daifugo.forbidden-finish", "daifugo.suit-lock", "daifugo.follow-stronger")),
    RuleDoc("daifugo.forbidden-finish", "Forbidden finishes (反則上がり)",
            "The play that empties a hand is a forbidden finish if, judged in the order before the play, it "
            "contains a joker (also as a stand-in); or in normal order contains a 2 or is the single spade "
            "3; or in a revolution contains any 3; or it makes an 8-cut (stairs with an 8 do not). The player "
            "leaves the game and ranks from the bottom: the first foul is 大貧民, the second 貧民. The cards "
            "stay on the table, and a clear or revolution the play causes still happens. Is a last play of stairs "
            "7-8-9 a forbidden finish? Not for its 8: stairs do not cut, so it is a legal finish unless it holds "
            "a joker, a 2 in normal order or a 3 in a revolution; a last pair of 8s is a forbidden finish. Four "
            "3s played last before any revolution are a legal finish: the revolution they cause is not read "
            "back into them. A rule event, not a violation.", ("forbidden_finish",),
            aliases=("forbidden finish", "illegal finish", "foul finish", "foul", "last card", "last play",
                     "going out", "go out", "finish", "finishing", "finish on a 2", "finish on a joker",
                     "finish on 8", "7-8-9 stairs", "7-8-9", "hansoku agari", "hansoku-agari", "joker finish", "7-8-9", "forbidden_finish", "反則上がり", "ジョーカー上がり", "2上がり", "8上がり", "スペ3上がり", "鬼牌出完", "禁止出完",
                     "犯規出完", "最後一手", "出完限制", "犯規", "出完", "最後出", "最後一張",
                     "禁止上がり", "反則", "あがり禁止", "上がり", "あがり", "反則あがり", "上がり禁止"),
            see=("daifugo.eight-cut", "daifugo.clear", "daifugo.ranking", "daifugo.miyako-ochi",
                 "daifugo.revolution", "daifugo.spade-3-return")),
    RuleDoc("daifugo.miyako-ochi", "都落ち: the 大富豪 falls",
            "From game 2 of a set: when a player other than last game's 大富豪 goes out legally while the "
            "大富豪 is still playing, the 大富豪 leaves the game at once (hand discarded) and takes the lowest "
            "rank no foul has taken; a later foul moves them up one. A forbidden finish never causes 都落ち. "
            "A player whose hand empties on a joker has not gone out legally, so the 大富豪 does not fall. A rule "
            "event, not a violation.", ("miyako_ochi",),
            aliases=("miyako ochi", "miyako-ochi", "miyakoochi", "ochi", "capital fall", "fall from grace",
                     "daifugo falls", "tycoon falls", "downfall", "city fall", "miyako_ochi", "都落ち",
                     "都落", "降級", "失去頂級階級", "大富豪降級", "みやこおち", "都おち", "大富豪落ち"),
            see=("daifugo.ranking", "daifugo.forbidden-finish")),
    RuleDoc("daifugo.ranking", "Ranks",
            "Legal finishers take the top ranks in the order they went out; the last player left takes the "
            "next; then the fallen 大富豪; fouls fill the bottom, the first foul lowest. Ranks: 大富豪, 富豪, "
            "貧民, 大貧民. A recorded ranking or finishing order (`ranks`, `out`, `fouls`) that contradicts the "
            "rules or the plays is a violation, reported once per game. "
            "Each game scores rank points (house default 3, 2, 1, 0).", ("rank_points",),
            aliases=("ranking", "ranks", "rank", "finishing order", "order out", "daifugo", "fugo",
                     "hinmin", "daihinmin", "tycoon", "rich", "poor", "beggar", "rank points", "points",
                     "score", "rank_points", "階級", "名次", "出完順序", "富豪", "貧民", "計分", "得分",
                     "身分", "順位", "平民", "得点", "点数"),
            see=("daifugo.forbidden-finish", "daifugo.miyako-ochi", "daifugo.game-over",
                 "daifugo.exchange-count")),
    RuleDoc("daifugo.game-over", "When a game, a set and the match are over",
            "A game is over when its ranking is settled (one player or none left): a play after that is a "
            "violation. A game may not start before the previous one's ranking is complete, a set has 4 "
            "games, and with `sets: N` the match is over after N complete sets — the most points wins, ties "
            "share; more sets than N are a violation.", ("games_per_set", "sets"),
            aliases=("game over", "end of game", "set", "sets", "match", "how many games", "match length",
                     "games per set", "winner", "who wins", "games_per_set", "一局結束", "四局", "整場",
                     "冠軍", "ゲーム終了", "セット", "試合", "勝者"),
            see=("daifugo.ranking",)),
)

OTHER_VERSIONS: tuple[tuple[tuple[str, ...], str], ...] = tuple(
    (names, f"`{names[0]}` ({names[1]}) is a popular local rule, not part of the Japan Daifugo League official "
            "version scorekeep follows, so it has no rule id here (the digest leaves local rules for later "
            "options, each with its own id)")
    for names in (
        ("11-back", "イレブンバック", "11バック", "Jバック", "J-back", "jack back", "eleven back", "11回歸"),
        ("5-skip", "5飛ばし", "5スキップ", "five skip", "跳5"),
        ("7-pass", "7渡し", "seven pass", "送7"),
        ("10-discard", "10捨て", "ten discard", "丟10"),
        ("sandstorm", "砂嵐", "沙塵暴"),
        ("ambulance", "救急車", "9 9 救急車"),
        ("6-stop", "6止め", "6 stop"),
        ("Q-bomber", "Qボンバー", "queen bomber"),
    ))
"""Rules of other versions that players ask about: (names, what the rulebook says)."""


def __getattr__(name: str) -> Any:
    """`OPTIONS` and `OPEN` moved to options.py; imports written before the split (rules.py's) still
    find them here, lazily, so that finding a rule loads the rule texts alone (see scorekeep.lookup)."""
    if name in ("OPTIONS", "OPEN"):
        from . import options

        return getattr(options, name)
    raise AttributeError(name)
