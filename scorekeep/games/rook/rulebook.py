"""Rook's rules in our own words (for `scorekeep rules rook`); the options are in options.py.

Default version: the 1988 Official Rook Tournament Rules (Kentucky Discard with the Bird) of
the source article — 4 players in two partnerships, 41 cards, 9 each and a 5-card nest,
bids from 70 in steps of 5 up to 120, the Bird the highest trump, game to 300.
"""

from __future__ import annotations

from typing import Any

from ...game import RuleDoc

RULES: tuple[RuleDoc, ...] = (
    RuleDoc("rook.deck", "The 41-card deck",
            "Four colors — red, yellow, black, green — numbered 5 to 14 (the 1–4 are taken out), plus "
            "the Bird. Is the 1 the highest card? Not in this version: the 1s to 4s are out of the game and "
            "never compete, so the 14 is the highest of a color; a table that keeps the 1 (or ranks the Bird "
            "differently) plays another version. A hand's cards (the deal, the nest, the cards played) are exactly this deck: "
            "no card outside it (such as R4), no card twice. A card outside the deck is this rule wherever "
            "it is written — deal, nest or play, with or without the deal — and is reported once (a card "
            "the deal reported is not reported again when played). When the rest of a fully played hand "
            "leaves exactly one card of the deck unaccounted for, that is the card taken as played, for "
            "the trick's winner and its counters; otherwise the record's next leader is taken as the "
            "trick's winner and the written points are not checked against the tricks. Without the deal, "
            "a card played twice, or played although it was put back in the nest, breaks this rule; with "
            "the deal it is rook.card-not-held.", ("bird",),
            aliases=("deck", "41 cards", "rook deck", "rook cards", "colors", "colours", "the 1",
                     "is the 1 high", "1 card", "rook 1", "1-4 removed", "no 1s", "duplicate card",
                     "bird off", "41張", "四種顏色", "牌組", "1是最大", "1是不是最大牌", "移除1到4",
                     "專用牌", "デッキ", "41枚", "ルークのカード", "4色", "1は最強"),
            see=("rook.deal", "rook.card-not-held", "rook.points-total")),
    RuleDoc("rook.deal", "Nine cards each, five in the nest",
            "Each of the four players is dealt 9 cards and 5 go face down to the middle as the nest. "
            "So a hand has 9 tricks. A card written in the nest instead of a player's deal (or the other "
            "way round) is one mistake, reported once at the player whose deal has the wrong count.",
            ("bird",),
            aliases=("deal", "dealing", "nine cards", "9 cards each", "hand of nine", "how many cards",
                     "發牌", "每人9張", "中央5張", "逐張發", "配り", "配る", "9枚", "手札の枚数"),
            see=("rook.deck", "rook.nest-exchange", "rook.dealer-rotation")),
    RuleDoc("rook.dealer-rotation", "The deal passes left",
            "The first dealer is whoever the record names (`first_dealer`, default the first player). "
            "After each hand — a thrown-in one too — the deal passes to the left of the last dealer. "
            "Across a seat change, \"left\" is read in the new seating (house default, option "
            "`seat_change_deal`): with players [N, E, S, W] and N dealing first, hands 1–4 are dealt by "
            "N, E, S, W; after the seat change N's left is W, so hands 5–8 are dealt by S, E, N, W, and "
            "hands 9–12 again by N, E, S, W. A wrong `dealer` is reported once: the replay carries on "
            "from the dealer the record names, and a next hand dealt by the right player is not "
            "reported again; if the hand itself was bid and led from the right dealer's left, only the "
            "`dealer` entry is wrong and the hand is judged from the right seat.", ("seat_change_deal",),
            aliases=("dealer", "who deals", "next dealer", "first dealer", "deal passes left",
                     "deal rotation", "seat_change_deal", "first_dealer", "發牌者", "莊家", "下一副發牌",
                     "左邊接手", "誰發牌", "ディーラー", "配り手", "親", "親の交代"),
            see=("rook.seat-change", "rook.bid-order", "rook.turn-order")),
    RuleDoc("rook.seat-change", "Seat change every 4 hands",
            "1988 tournament rule: after every 4 hands one partnership swaps seats; partners never "
            "change. Either swap gives the same new clockwise order — it reverses — so from hand 5 "
            "(9, 13, …) the player on the dealer's left, who bids and leads first, is the one who "
            "used to be on the dealer's right. Thrown-in hands do not count toward the 4. A `dealer` "
            "that follows the old seating in the first hand after a seat change is reported under this "
            "rule, and so is a first hand after a seat change that was bid and played in the old "
            "clockwise order: reported once, and that hand and the rest of its seating period are then "
            "judged in the seating the record used (not as out-of-turn calls and plays).",
            ("seat_change_every", "seat_change_deal"),
            aliases=("seat change", "seat-change", "swap seats", "change seats", "switch seats", "seating",
                     "every 4 hands", "every four hands", "partners swap", "seat_change_every", "partners", "partnership",
                     "搭檔", "パートナー", "換座",
                     "互換座位", "每4副換座", "換座位", "搭檔互換座位", "席替え", "座席交代", "席の交代",
                     "4ハンドごと"),
            see=("rook.dealer-rotation", "rook.bid-order", "rook.turn-order")),
    RuleDoc("rook.bid-order", "Bidding goes clockwise",
            "Bidding starts with the player on the dealer's left and goes clockwise; a player who has "
            "passed is skipped. `bidding` lists the calls in that order; a call written as "
            "`{North: 70}` names its caller, which is checked. A call out of turn is reported once: "
            "when the bidding goes on as if the skipped players had passed (and they never call "
            "again), their passes are taken as missing from the record.",
            aliases=("bid order", "bidding order", "who bids first", "bid out of turn", "auction order",
                     "bidding", "auction", "missing pass", "競標順序", "叫分順序", "競標", "叫分",
                     "誰先叫", "ビッドの順番", "入札順", "オークション", "競り"),
            see=("rook.bid-after-pass", "rook.bid-end", "rook.seat-change")),
    RuleDoc("rook.bid-minimum", "Open at 70 or more",
            "The opening bid is at least 70 points. Players bid for counter points, not tricks: a bid of 95 "
            "means the partnership must capture 95 points between them, not that the bidder wins 95 tricks.",
            ("min_bid",),
            aliases=("minimum bid", "opening bid", "open at 70", "70", "lowest bid", "min_bid",
                     "bid for points", "bid tricks", "起叫", "開叫", "70起叫", "最低叫分", "開叫至少70",
                     "最低ビッド", "70から", "開始ビッド"),
            see=("rook.bid-step", "rook.bid-maximum", "rook.all-pass")),
    RuleDoc("rook.bid-step", "Raise by 5",
            "Bids are multiples of 5, and each bid is at least 5 more than the highest bid so far. "
            "A bid that breaks a bidding rule is reported once and does not raise the bar for the "
            "bids after it (after 70 and a wrong 72, a 75 is fine).", ("bid_step",),
            aliases=("bid step", "raise by 5", "raise", "bid increment", "bid increments",
                     "multiples of 5", "overbid", "bid_step", "72", "加叫", "叫分以5為單位", "每次加5",
                     "至少高5", "加叫單位", "5刻み", "ビッドの刻み", "上乗せ"),
            see=("rook.bid-minimum", "rook.bid-maximum")),
    RuleDoc("rook.bid-maximum", "No bid over 120",
            "120, every counter in the deck, is the highest bid (published tournament text).",
            ("max_bid",),
            aliases=("maximum bid", "highest bid", "bid 120", "120", "120 bid", "shoot the moon", "max_bid",
                     "bid over 120", "最高叫分", "叫120", "叫分上限", "最高ビッド", "ビッド上限"),
            see=("rook.bid-minimum", "rook.bid-step", "rook.points-total")),
    RuleDoc("rook.bid-after-pass", "Once passed, out",
            "A player who has passed may not bid again in this hand. Such a bid is reported once: the "
            "player stays passed and is skipped afterwards, the bid does not raise the bar for the others, "
            "and if nobody bids over it, it stands as the record says the table took it.",
            aliases=("bid after pass", "passed player", "re-enter bidding", "once passed",
                     "bid again after passing", "pass", "passing", "pass後不能再叫", "說過pass",
                     "不能再加入競標", "pass", "パス後のビッド", "パスしたら終わり", "パス"),
            see=("rook.bid-order", "rook.bid-end")),
    RuleDoc("rook.bid-end", "The auction ends after three passes",
            "The auction ends as soon as a bid stands and the other three players have passed "
            "(whenever they passed: after three opening passes, the fourth player's bid ends it at "
            "once). That player wins at their last bid. Calls after that are violations, and so is a "
            "`bid` that names another winner or amount than the `bidding` gives. A record that stops "
            "writing the passes once the winner is clear is read as if the others passed. Next to a "
            "`bidding` written only in part, `bid` must be a result the written calls can still lead to "
            "(the standing bid, or a later bid over it by a player who has not passed); otherwise it is "
            "reported here and the written calls decide, the missing ones read as passes.",
            aliases=("end of bidding", "end of the auction", "auction end", "winning bid", "bid winner",
                     "who wins the bid", "three passes", "high bidder", "bidder", "得標", "得標者",
                     "競標結束", "三家pass", "落札", "ビッド終了", "落札者"),
            see=("rook.bid-order", "rook.bid-after-pass", "rook.all-pass", "rook.nest-exchange")),
    RuleDoc("rook.all-pass", "Everybody passes",
            "House default: if all four pass, the hand is thrown in, scores nothing, does not count "
            "toward the seat change, and the deal passes left. Playing or scoring such a hand is a "
            "violation. With `all_pass: dealer-forced` the dealer takes the hand at the minimum bid.",
            ("all_pass", "min_bid"),
            aliases=("all pass", "all four pass", "everyone passes", "everybody passes", "throw in",
                     "thrown in", "redeal", "dealer forced", "stick the dealer", "all_pass", "全部pass",
                     "四家都pass", "重發", "重新發牌", "全員パス", "配り直し", "流局"),
            see=("rook.bid-end", "rook.bid-minimum", "rook.dealer-rotation")),
    RuleDoc("rook.nest-exchange", "Taking the nest and putting back five",
            "The bid winner takes the 5 nest cards into hand and puts back exactly 5 of the 14 cards "
            "now held as the new nest. Counters (and the Bird) may be put back. A card put back that "
            "was not among the 14, a card put back twice, or a number other than 5 breaks this rule; a "
            "discard written wrong is reported once, with everything wrong with it.",
            aliases=("nest", "the nest", "kitty", "widow", "discard", "exchange", "bury", "take the nest",
                     "nest exchange", "put back", "底牌", "換底", "換底牌", "放回5張", "中央5張",
                     "nest", "交換底牌", "ネスト", "捨て札", "交換", "山札交換"),
            see=("rook.nest-to-last-trick", "rook.trump", "rook.deal", "rook.bid-end")),
    RuleDoc("rook.trump", "The bid winner names trump",
            "After the exchange the bid winner names red, yellow, black or green as trump; there is "
            "no no-trump hand. The Bird is always the highest trump.",
            aliases=("trump", "trumps", "name trump", "trump color", "trump colour", "declare trump",
                     "no trump", "naming trump", "王牌", "定王", "王牌顏色", "宣布王牌", "指定王牌",
                     "切り札", "トランプ", "切り札の色"),
            see=("rook.nest-exchange", "rook.follow-color", "rook.trick-winner")),
    RuleDoc("rook.turn-order", "Leads and turns",
            "The player on the dealer's left leads the first trick (not necessarily the bid winner); "
            "the winner of a trick leads the next. Everyone plays one card, clockwise from the leader.",
            aliases=("turn order", "who leads", "lead", "first lead", "opening lead", "out of turn",
                     "clockwise", "whose turn", "does the bidder lead", "領出", "先出", "誰先出", "順時針",
                     "第一墩", "リード", "手番", "打ち出し", "順番"),
            see=("rook.trick-winner", "rook.seat-change", "rook.dealer-rotation")),
    RuleDoc("rook.card-not-held", "Play only your own cards",
            "A player plays only a card they hold: one they were dealt (or, for the bid winner, took "
            "from the nest and kept), not yet played. Needs the deal in the record: a card that the "
            "deal gives to someone else is caught even when the player's own deal is not written. A deal "
            "(or nest) entry already reported under rook.deck or rook.deal is not used to judge what that "
            "player held (for a card dealt twice, neither entry, and where that card was is unknown): the "
            "mistake is reported once, and that player is judged by inference.",
            aliases=("card not held", "card not in hand", "not my card", "own cards", "played twice",
                     "手牌", "不在手上的牌", "出別人的牌", "持っていないカード", "手札にない"),
            see=("rook.deck", "rook.follow-color")),
    RuleDoc("rook.follow-color", "Follow the led color",
            "A player holding a card of the led color must play one (not necessarily higher). Only "
            "the Bird may be played instead; an ordinary trump is no substitute for following. A player "
            "without the led color may play anything: trumping is never compulsory. When trump is led, "
            "following means playing trump. Without the deal a revoke is still proved when the player "
            "later plays the color they did not follow; it is reported at the trick of the revoke.",
            aliases=("follow color", "follow colour", "follow suit", "must follow", "revoke", "renege",
                     "reneging", "ruff", "trumping", "must I trump", "void", "discard off", "跟色",
                     "跟同色", "跟牌", "王吃", "墊別色", "缺色", "沒有領出色", "不跟色", "マストフォロー",
                     "色のフォロー", "フォロー", "リボーク"),
            see=("rook.bird-anytime", "rook.bird-must-follow-trump", "rook.bird-led", "rook.trump",
                 "rook.trick-winner")),
    RuleDoc("rook.bird-anytime", "The Bird may be played any time",
            "The Bird may be played to any trick, even by a player who could follow the led color, "
            "and it wins the trick. May the Bird be played while holding the led color? Yes: that privilege is "
            "the Bird's alone; an ordinary trump may not replace a card of the led color (rook.follow-color). "
            "Informational: playing the Bird is never a violation by itself.",
            ("bird",),
            aliases=("bird", "the bird", "rook bird", "the rook", "bird any time", "bird anytime",
                     "play the bird", "rook card", "bird wins", "can I play the bird", "鳥牌", "鳥",
                     "免跟色", "鳥牌特權", "鳥牌可以在有領出色時打嗎", "出鳥牌", "バード", "鳥のカード",
                     "ルーク札", "鳥"),
            see=("rook.follow-color", "rook.bird-must-follow-trump", "rook.bird-led", "rook.trick-winner")),
    RuleDoc("rook.bird-led", "The Bird led calls for trump",
            "If the Bird is led, the led color is trump: every player holding trump must play trump.",
            ("bird",),
            aliases=("bird led", "lead the bird", "leading the bird", "bird lead", "bird", "the bird",
                     "鳥牌領出", "鳥牌首引", "領出鳥牌", "鳥牌", "鳥", "バードのリード", "バードを出す",
                     "バード"),
            see=("rook.bird-anytime", "rook.bird-must-follow-trump", "rook.follow-color")),
    RuleDoc("rook.bird-must-follow-trump", "No hiding the Bird",
            "If trump is led and a player holds the Bird but no other trump, that player must play the "
            "Bird; they may not discard to hide it. Without the deal this is proved when that player "
            "plays the Bird later in the hand and no other trump; if an ordinary trump turns up later too, "
            "the Bird was not their only trump and it is rook.follow-color.", ("bird",),
            aliases=("hide the bird", "hiding the bird", "bird only trump", "forced bird",
                     "must play the bird", "bird must follow trump", "bird", "the bird", "藏鳥牌",
                     "必須出鳥牌", "藏住鳥牌", "藏鳥", "鳥牌", "鳥", "バードを隠す", "バード強制", "バード"),
            see=("rook.bird-anytime", "rook.follow-color", "rook.bird-led")),
    RuleDoc("rook.trick-winner", "Who wins a trick",
            "The Bird wins any trick it is in; otherwise the highest trump (14 high, 5 low); otherwise "
            "the highest card of the led color. Other cards never win. A trick led by someone other "
            "than the previous trick's winner is rook.turn-order.",
            aliases=("trick winner", "who wins the trick", "who wins a trick", "highest card", "trick",
                     "tricks", "wins the trick", "card order", "card rank", "得墩", "收墩", "墩", "一墩",
                     "贏墩", "牌階", "トリック", "勝ち札", "トリックを取る"),
            see=("rook.trump", "rook.bird-anytime", "rook.follow-color", "rook.turn-order")),
    RuleDoc("rook.nest-to-last-trick", "The nest goes to the last trick",
            "The nest — the 5 cards the bid winner put back — belongs to whoever wins the 9th trick; "
            "its counters go to that team, not automatically to the bidding team. Is the nest always the "
            "bidders'? No: the bid winner only gets to exchange it; whoever wins the last trick takes it. Recorded points that "
            "credit the nest to the wrong team break this rule. When all 36 cards are played, the nest "
            "is what they leave of the deck, whatever the discard says.",
            aliases=("nest", "the nest", "last trick", "nest points", "who gets the nest", "is the nest always the bidders", "whose nest", "kitty",
                     "widow", "is the nest the bidders", "nest goes to", "底牌", "末墩", "最後一墩",
                     "底牌分", "底牌歸屬", "末墩底牌", "底牌一定是得標者那隊的嗎", "ネスト",
                     "最終トリック", "最後のトリック"),
            see=("rook.nest-exchange", "rook.points-total", "rook.trick-winner")),
    RuleDoc("rook.points-total", "Captured points add up to 120",
            "Counters: every 5 is worth 5, every 10 and every 14 is worth 10, the Bird 20 — 120 in "
            "all. Winning a trick is worth nothing by itself. The two teams' captured points add up to "
            "120; each is a multiple of 5 from 0 to 120.", ("bird",),
            aliases=("counters", "counter", "counter points", "5s 10s 14s", "5 10 14", "120", "points", "120 points", "card points",
                     "point cards", "count", "counting", "what is the bird worth", "points add up", "牌分",
                     "分牌", "分數", "120分", "每張牌分", "計分牌", "收分", "点札", "カード点", "120点", "得点札",
                     "点数"),
            see=("rook.points-recorded", "rook.contract", "rook.nest-to-last-trick", "rook.deck")),
    RuleDoc("rook.points-recorded", "The sheet must agree with the play",
            "Points (`points`, captured per team) or scores (`scores`, this hand's score per team, "
            "not running totals) written in the record that differ from those computed — points from "
            "the tricks, scores from the points and the bid — are a violation.",
            aliases=("recorded points", "score sheet", "scoresheet", "wrong points", "written points",
                     "recorded score", "scores", "記分", "記錄分數", "記分表", "記録", "点数表",
                     "スコアシート"),
            see=("rook.points-total", "rook.contract")),
    RuleDoc("rook.contract", "Made or set",
            "The bidding team scores what it captured if that is at least its bid — the captured "
            "points, not the bid and not bid + captured. Otherwise it is set and scores minus the bid; "
            "its captured points are not added back (bid 95, captured 90: −95, not −5). The other team "
            "always scores what it captured, so the two hand scores need not add up to 120. A "
            "recorded score that follows one of those mistaken formulas is reported under this rule. Taking many "
            "tricks does not make a contract: a trick is worth nothing by itself and some tricks hold no "
            "counters; add the counters (5s, 10s, 14s, the Bird) both partners took, and the nest's if they won "
            "the last trick, and compare that with the bid.",
            aliases=("contract", "made", "set", "going set", "set back", "made the bid", "bid made",
                     "failed bid", "minus the bid", "score", "scoring", "many tricks", "make the contract",
                     "tricks make the contract", "team", "teams", "team score",
                     "隊伍", "兩隊", "チーム", "成約", "未成約", "叫分失敗", "扣分", "實收分",
                     "扣整個叫分", "計分", "得分", "拿了很多墩", "拿很多墩", "契約", "メイク", "セット",
                     "失敗", "得点"),
            see=("rook.points-total", "rook.points-recorded", "rook.game-end", "rook.bid-end")),
    RuleDoc("rook.unfinished-hand", "Only the last hand may be unfinished",
            "A record may stop anywhere: the last hand may be unfinished (an auction, a few tricks). But a "
            "hand followed by another must have its result: all 9 tricks, or the points each team "
            "captured (a thrown-in hand, all four having passed, has its result). An unfinished hand in "
            "the middle of a record scores nothing and is reported once, at that hand.",
            aliases=("unfinished hand", "unfinished", "incomplete hand", "missing result", "未完成", "未打完",
                     "未完了のハンド", "途中のハンド"),
            see=("rook.points-recorded",)),
    RuleDoc("rook.game-end", "Game to 300",
            "At the end of a hand, a team with 300 or more cumulative points wins. If both teams reach "
            "300 in the same hand, the higher total wins; a tie means another hand is played. Hands "
            "recorded after the game was won are a violation and are not counted.", ("target",),
            aliases=("game end", "end of game", "300", "300 points", "target", "winning score", "who wins",
                     "winner", "tie", "game over", "300分", "終局", "累積", "平手再打", "達300分", "勝負",
                     "ゲーム終了", "300点", "勝者", "同点"),
            see=("rook.contract",)),
)


def __getattr__(name: str) -> Any:
    """`OPTIONS` moved to options.py; imports written before the split still find it here (lazily,
    so that finding a rule loads the rule texts alone, see scorekeep.lookup)."""
    if name == "OPTIONS":
        from .options import OPTIONS

        return OPTIONS
    raise AttributeError(name)
