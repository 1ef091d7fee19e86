"""Oh Hell's rules in our own words (for `scorekeep rules oh-hell`); the options are in options.py.

Default version: the Trickster Cards settings of the source article — 4 players scoring
individually, deal pattern 10..1..10, bids in order, hook on, trump may be led at any
time, a made bid scores bid + 10, a failed bid 0.
"""

from __future__ import annotations

from typing import Any

from ...game import RuleDoc

RULES: tuple[RuleDoc, ...] = (
    RuleDoc("oh-hell.deck", "One standard deck",
            "52 cards, no jokers; A K Q J 10 … 2 in every suit. No card may appear twice in a hand's "
            "deal, and the turned-up card belongs to nobody's hand.",
            aliases=("deck", "52 cards", "standard deck", "no jokers", "pack of cards", "duplicate card",
                     "52張", "普通52張牌", "牌組", "撲克牌", "不放鬼牌", "デッキ", "52枚", "トランプ一組",
                     "山札"),
            see=("oh-hell.hand-size", "oh-hell.trump")),
    RuleDoc("oh-hell.hand-size", "Hand sizes follow the deal pattern",
            "Hand n deals the number of cards the deal pattern gives for n, the same to every player. "
            "10..1..10 deals 10, 9, …, 2, 1, 2, …, 10: 19 hands, the 1-card hand once. Dealing 1, 2, …, 10 and "
            "stopping is another game (`deal_pattern: 1..10`, 10 hands): agree on the pattern before the first deal "
            "and keep it for the whole game.",
            ("deal_pattern",),
            aliases=("hand size", "deal pattern", "10..1..10", "1..10", "1 to 10", "deal 1 to 10", "1..10..1",
                     "cards per hand",
                     "how many cards", "number of cards", "19 hands", "one-card hand", "1-card hand",
                     "發牌模式", "發牌張數", "每輪張數", "每人張數", "19輪", "1張輪", "1到10", "配り枚数",
                     "手札の枚数", "ディールパターン", "配る枚数"),
            see=("oh-hell.game-end", "oh-hell.deck", "oh-hell.trick-total")),
    RuleDoc("oh-hell.dealer-rotation", "The deal passes clockwise",
            "The first dealer is whoever the record names (`first_dealer`, default the first player); "
            "each later hand is dealt by the next player clockwise.",
            aliases=("dealer", "who deals", "next dealer", "first dealer", "deal rotation", "deal passes",
                     "first_dealer", "莊家", "發牌者", "發牌輪替", "輪流發牌", "誰發牌", "ディーラー",
                     "親", "配り手", "親の交代", "配る人"),
            see=("oh-hell.bid-order", "oh-hell.turn-order")),
    RuleDoc("oh-hell.trump", "Trump is the turned card's suit",
            "After the deal the next undealt card is turned face up; its suit is trump for the hand. "
            "A recorded `trump` that differs from the turned card's suit is a violation.",
            aliases=("trump", "trumps", "trump suit", "turn-up", "turn up", "turned card", "turn-up card",
                     "no trump", "upcard", "王牌", "翻牌", "定王", "翻開的牌", "王牌花色", "公布王牌",
                     "切り札", "切札", "めくり札", "表向きのカード"),
            see=("oh-hell.follow-suit", "oh-hell.trick-winner", "oh-hell.deck")),
    RuleDoc("oh-hell.bid-order", "Bids go clockwise, the dealer last",
            "Bidding starts with the player on the dealer's left and goes clockwise; the dealer bids "
            "last, which is why the hook binds the dealer. A record may list bids in any order: the "
            "order comes from the seats. With simultaneous bidding there is no order.", ("bidding",),
            aliases=("bid order", "bidding order", "who bids first", "dealer bids last", "last bidder", "last to bid",
                     "bids in order",
                     "in order", "simultaneous bidding", "bidding", "bid out of turn", "叫墩順序",
                     "莊家最後叫", "依序叫墩", "順時針叫墩", "誰先叫", "ビッドの順番", "宣言の順番",
                     "宣言順", "親が最後"),
            see=("oh-hell.hook", "oh-hell.bid-range", "oh-hell.dealer-rotation")),
    RuleDoc("oh-hell.bid-range", "A bid is 0 to the hand size",
            "Each bid is a whole number from 0 (\"I take no tricks\") to the number of cards in hand. "
            "-1, or 11 in a 10-card hand, breaks this rule. Anyone may bid 0, the dealer too, as long as the hook "
            "does not forbid it (oh-hell.hook).",
            aliases=("bid range", "bid 0", "bid zero", "zero bid", "nil", "nil bid", "negative bid",
                     "bid too high", "how much can I bid", "bid", "bids", "dealer bid 0", "叫墩範圍",
                     "叫0", "叫零", "叫0墩", "叫墩", "預報", "叫幾墩", "莊家也可以叫0", "ビッド", "ビッドの範囲",
                     "宣言", "0宣言", "ゼロ宣言", "予想"),
            see=("oh-hell.hook", "oh-hell.bid-order", "oh-hell.score")),
    RuleDoc("oh-hell.hook", "The hook: the bids may not add up",
            "The dealer may not bid the one number that makes all bids add up to the hand size, so "
            "at least one player must miss. If the other bids already add up to more than the hand "
            "size, no bid can do that and the dealer is free. The hook is not \"no two equal bids\": "
            "any number of players may bid the same. May the dealer bid 0? Yes, unless 0 is the forbidden "
            "number: in the 1-card hand, when the others have bid 1 in all, the dealer may not bid 0 and "
            "must bid 1.", ("hook", "bidding"),
            aliases=("hook", "the hook", "hook rule", "screw the dealer", "dealer restriction",
                     "bids add up", "bids may not add up", "sum of bids", "total bids", "forbidden bid",
                     "dealer can't bid", "dealer bid 0", "can the dealer bid 0", "dealer bid", "dealer's bid",
                     "dealer bids", "over or under",
                     "everyone can make it", "hook限制", "莊家限制", "總叫", "預報總和", "補成剛好",
                     "莊家不能叫", "總和等於", "フック", "親の制限", "合計制限", "ディーラー制限",
                     "合計が一致"),
            see=("oh-hell.bid-order", "oh-hell.bid-range", "oh-hell.trick-total")),
    RuleDoc("oh-hell.turn-order", "Who leads, and play clockwise",
            "The player on the dealer's left leads the first trick; the winner of each trick leads "
            "the next; everyone plays one card, clockwise.",
            aliases=("turn order", "who leads", "lead", "leader", "first lead", "opening lead",
                     "play clockwise", "out of turn", "whose turn", "winner leads", "領出", "誰先出",
                     "順時針", "出牌順序", "得墩者領下一墩", "第一墩", "リード", "打ち出し", "手番",
                     "時計回り", "順番"),
            see=("oh-hell.trick-winner", "oh-hell.dealer-rotation")),
    RuleDoc("oh-hell.card-not-held", "Play only your own cards",
            "A player plays only cards they were dealt, each once. Fully checked when the record "
            "gives the deal; without it, a card played twice or the turned-up card is still caught.",
            aliases=("card not held", "card not in hand", "not my card", "own cards", "played twice",
                     "card played twice", "someone else's card", "手牌", "不在手上的牌", "出別人的牌",
                     "重複出牌", "持っていないカード", "手札にない", "手札"),
            see=("oh-hell.deck", "oh-hell.follow-suit")),
    RuleDoc("oh-hell.follow-suit", "Follow suit",
            "A player holding the led suit must play it, though not necessarily higher. A player "
            "void in it may trump or discard: trumping is never compulsory. Trump may be led at any "
            "time (unless `lead_trump` says otherwise; a player with only trumps may always lead one). "
            "Without the deal a revoke is still proved when the player later plays the suit they "
            "failed to follow; it is reported at the trick of the revoke.", ("lead_trump",),
            aliases=("follow suit", "must follow", "following suit", "revoke", "renege", "reneging",
                     "ruff", "ruffing", "trumping", "must I trump", "discard", "void", "lead trump",
                     "leading trump", "trump broken", "breaking trump", "break trump", "lead_trump", "跟花", "跟牌",
                     "跟同花", "王吃", "墊牌", "缺門", "藏牌", "不跟花", "王牌領出", "マストフォロー",
                     "スートフォロー", "フォロー", "リボーク", "切り札で切る"),
            see=("oh-hell.trick-winner", "oh-hell.trump", "oh-hell.card-not-held")),
    RuleDoc("oh-hell.trick-winner", "Who wins a trick",
            "The highest trump wins; if no trump was played, the highest card of the suit led. "
            "Off-suit discards never win. Trick counts recorded in `tricks` that differ from the play "
            "are a violation.",
            aliases=("trick winner", "who wins the trick", "who wins a trick", "winning card",
                     "highest card", "take a trick", "trick", "tricks", "wins the trick", "收墩", "得墩",
                     "誰贏", "一墩", "墩", "贏墩", "收走", "トリック", "勝ち札", "トリックを取る",
                     "トリックの勝者"),
            see=("oh-hell.follow-suit", "oh-hell.trump", "oh-hell.turn-order", "oh-hell.trick-total")),
    RuleDoc("oh-hell.trick-total", "Every trick is won by someone",
            "The tricks taken by all players add up to the hand size.",
            aliases=("trick total", "tricks add up", "total tricks", "tricks taken", "實得墩數合計",
                     "墩數合計", "實得墩數", "合計墩數", "トリック合計", "取ったトリック数"),
            see=("oh-hell.trick-winner", "oh-hell.hook", "oh-hell.hand-size")),
    RuleDoc("oh-hell.score", "Scoring: exactly your bid",
            "Taking exactly the number of tricks you bid scores bid + 10 (a bid of 0 made scores 10); "
            "any other result scores 0. Taking more is as bad as taking fewer. No bags, no penalties. A bid of 0 "
            "made scores 10, a bid of 1 made 11; bidding 0 does not sit the hand out: the player still plays "
            "every trick and must follow suit. Bid 2, took 3 scores 0 here; some say 3 because Trickster's "
            "Basics scoring gives 1 point per trick taken on a missed bid (option `failed_score: tricks`). One "
            "score sheet keeps one scoring for the whole game.",
            ("made_score", "failed_score"),
            aliases=("score", "scoring", "points", "bid plus 10", "bid + 10", "plus 10", "made bid", "failed bid",
                     "missed bid", "exact bid", "overtricks", "bags", "sandbags", "penalty",
                     "bid 2 took 3", "1 point per trick", "point per trick", "basics scoring",
                     "made_score", "failed_score", "zero bid score", "計分", "得分", "算分", "分數", "叫墩+10",
                     "叫中", "失準", "袋數", "倒扣", "精準", "叫2拿3", "每墩1分", "叫0拿0", "得点", "点数",
                     "スコア", "ボーナス", "計算", "点の計算"),
            see=("oh-hell.score-recorded", "oh-hell.game-end", "oh-hell.bid-range")),
    RuleDoc("oh-hell.score-recorded", "The sheet must add up",
            "A score written in the record (`scores`, this hand's points, not running totals) that "
            "differs from the score the bid and tricks give is a violation.",
            aliases=("recorded score", "score sheet", "scoresheet", "wrong score", "sheet adds up",
                     "written score", "written scores", "記分表", "記分", "記錄", "記分錯誤", "記録",
                     "スコアシート", "点数表", "スコア表"),
            see=("oh-hell.score",)),
    RuleDoc("oh-hell.unfinished-hand", "Only the last hand may be unfinished",
            "A record may stop in the middle of a hand (a game in progress), but a hand followed by "
            "another must have its result: the tricks each player took, or its play.",
            aliases=("unfinished hand", "hand without result", "hand in progress", "未完成的一手", "未打完",
                     "未完了のハンド", "途中のハンド"),
            see=("oh-hell.trick-total",)),
    RuleDoc("oh-hell.game-end", "The game is the whole deal pattern",
            "The game is over after the last hand of the deal pattern; the highest total wins and "
            "ties share the win. A hand recorded after that is a violation and is not counted. A "
            "record that stops early is a game in progress: no winner yet.", ("deal_pattern",),
            aliases=("game end", "end of game", "end of the game", "winner", "who wins", "who won",
                     "last hand", "how many hands", "tie", "game over", "final score", "整場結束", "冠軍",
                     "累積總分", "平手", "打完", "最後一輪", "誰贏了", "ゲーム終了", "勝者", "優勝",
                     "終わり", "同点"),
            see=("oh-hell.hand-size", "oh-hell.score")),
)


def __getattr__(name: str) -> Any:
    """`OPTIONS` moved to options.py; imports written before the split still find it here (lazily,
    so that finding a rule loads the rule texts alone, see scorekeep.lookup)."""
    if name == "OPTIONS":
        from .options import OPTIONS

        return OPTIONS
    raise AttributeError(name)
