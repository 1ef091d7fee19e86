"""Daifugō's part of `why`: a play, a pass or a gift of the record explained, from the engine's
position there (the check's own walk of the set, keeping positions: `rules.audit_of_set`)."""

from __future__ import annotations

from typing import Any

from ...errors import Finding, all_worded
from ...game import Audit, plural
from ...why import Explanation, Location, NoSuchPlace, decide, fact, how_many, no_choice
from . import rules
from .cards import show
from .combos import lock_text, lone_joker
from .engine import Pass, Play, cards_text, passed_at
from .model import EXCHANGE, Result, rank_name


def location_of(f: Finding, audit: Audit) -> Location:
    """The move or fact a finding of `check` is about: a play, a gift of the exchange, the deal, or
    the game's (the set's) finishing order."""
    s_no = f.set or 1
    g = next((g for st in audit.record.sets if st.number == s_no for g in st.games if g.number == f.game), None)
    if f.play is not None:  # the player of the play (a 都落ち event names the fallen 大富豪)
        plays = (g.plays or ()) if g is not None else ()
        p = plays[f.play - 1].player if f.play <= len(plays) else f.player
        return Location(set=s_no, game=f.game, play=f.play, player=p)
    # daifugo.deck of a gift (a card given that is not in play) is at the gift's line; a game written on one
    # line has its deal there too, and then the gift's words tell it (`engine._gift_in_deck`: "甲 gave …")
    gift = g is not None and g.exchange is not None and f.player is not None \
        and g.exchange.lines.get(f.player) == f.line \
        and (g.deal is None or g.deal.lines.get(f.player) != f.line or f.message.startswith(f"{f.player} gave "))
    if (f.rule.startswith("daifugo.exchange") or gift) and f.game is not None:
        return Location(set=s_no, game=f.game, player=f.player, exchange=True)
    return Location(set=s_no, game=f.game, what="deal" if f.rule == "daifugo.deck" else "finish")


def effect_words(audit: Audit, e: Finding) -> str:
    """An event `check` reports at a play, as the table says it: a 都落ち with the rank the fallen
    大富豪 actually ends the game with."""
    if e.rule != "daifugo.miyako-ochi" or e.player is None:
        return e.message
    g = next((g for st in audit.result.sets if st.number == (e.set or 1) for g in st.games if g.number == e.game), None)
    if g is None or not g.ranking or e.player not in g.ranking:
        return e.message
    rank = rank_name(g.ranking.index(e.player))
    below = [q for q in g.fouls if g.ranking.index(q) > g.ranking.index(e.player)] if g.fouls else []
    foul = f" (the foul finish of {', '.join(below)} ranks below)" if below else ""
    return f"{e.message} — here {rank}{foul}"


def spoken(choice: str) -> str:
    """A canonical choice as the table says it: `3S 3H` → `3♠ 3♥`; `pass` stays."""
    from .cards import parse

    cards = [parse(t) for t in choice.split(" ")]
    return show(cards) if all(c is not None for c in cards) else choice  # type: ignore[arg-type]


def explain(audit: Audit, loc: Location, finding: Finding | None) -> Explanation:
    """The move of a Daifugō record at `loc` (or the record's `finding` there), explained."""
    rec = audit.record
    sets = rec.sets
    s_no = loc.set if loc.set is not None else 1
    if loc.hand is not None or loc.trick is not None or loc.bid is not None:
        raise NoSuchPlace("--hand, --trick and --bid are for Rook and Oh Hell; a Daifugō record is sets of games: "
                          "use --set S --game G --play K (or --exchange, --deal, --finish)")
    if loc.what not in (None, "deal", "finish"):
        raise NoSuchPlace("a Daifugō game has its plays, its exchange, its deal and its finishing order: use --play K, "
                          "--exchange, --deal or --finish")
    srec = next((s for s in sets if s.number == s_no), None)
    if srec is None:
        raise NoSuchPlace(f"there is no set {s_no}: the record has {how_many(len(sets), 'set')}")
    if loc.game is None:
        if loc.what is not None:
            asked: dict[Any, list[Any]] = {}
            rules.audit_of_set(rec, s_no, 0, asked=asked)  # (game 0: no game keeps its positions)
            return _set_fact(audit, loc._replace(set=s_no, player=None), srec, asked.get((s_no, None, loc.what), []))
        raise NoSuchPlace(f"say which game: --game G (set {s_no} has {plural(len(srec.games), 'game')})")
    grec = next((g for g in srec.games if g.number == loc.game), None)
    if grec is None:
        raise NoSuchPlace(f"there is no game {loc.game} in set {s_no}: set {s_no} has "
                          f"{plural(len(srec.games), 'game')}")
    if loc.player is not None and loc.player not in srec.players:
        raise NoSuchPlace(f"there is no player `{loc.player}` in set {s_no} (players: {', '.join(srec.players)})")
    # The check's walk of the game, keeping positions; past the cap (`audit` only counts what it
    # found there), wording every finding, so that a move there finds what check found.
    worded = all_worded(audit.violations)
    asked = {}
    again = rules.audit_of_set(rec, s_no, loc.game, positions=True,
                               play=None if loc.exchange else loc.play, asked=asked if loc.what else None)
    result: Result = again.result

    def found(ex: Explanation) -> Explanation:
        return ex if worded else ex._replace(pool=(again.violations, again.events))

    g = next(x for st in result.sets if st.number == s_no for x in st.games if x.number == loc.game)
    if loc.what is not None:
        return found(_fact(audit, loc._replace(set=s_no, player=None), g, grec,
                           asked.get((s_no, loc.game, loc.what), [])))
    if loc.exchange:
        return found(_gift(audit, loc, g, grec, finding))
    if loc.play is None:
        raise NoSuchPlace(f"say which play: --play K (set {s_no}, game {loc.game} has "
                          f"{plural(len(grec.plays or ()), 'play')}) or --exchange")
    plays = grec.plays or ()
    if not 1 <= loc.play <= len(plays):
        raise NoSuchPlace(f"there is no play {loc.play} in set {s_no}, game {loc.game}: it has "
                          + (how_many(len(plays), "play") if plays else "no plays recorded"))
    turn = plays[loc.play - 1]
    if loc.player is not None and turn.player != loc.player:
        raise NoSuchPlace(f"play {loc.play} of set {s_no}, game {loc.game} is {turn.player}'s, not {loc.player}'s")
    return found(_play(audit, loc._replace(set=s_no, player=turn.player), g, turn))


def _asked(pos: Any, move: Any, ruling: Any) -> Any:
    """`ruling` with only the steps of the checks that ask something here (`Check.asks`): a step passed
    without a question says nothing."""
    asks = {c.rule: c.asks(pos, move) for c in pos.filters(move)}
    return ruling._replace(steps=tuple(s for s in ruling.steps if s.answer != "yes" or asks.get(s.rule, True)))


def _play(audit: Audit, loc: Location, g: Any, turn: Any) -> Explanation:
    view = g.turns[loc.play - 1]
    pos = view.before
    p = turn.player
    move = Pass(p, turn.line) if turn.cards is None else Play(p, turn.cards, turn.line)
    ruling = _asked(pos, move, pos.ruling(move))
    facts: list[tuple[str, str]] = [("game", f"set {g.set}, game {g.number}; seats {' → '.join(g.seats)}")]
    if pos.table.top is None:
        facts.append(("on the table", "nothing: the table is clear, a new lead"))
    else:
        on = pos.table.top.text() + ("" if pos.table.top.legal else " — an illegal play")
        if not pos.table.top.legal and pos.table.ref is not None:
            on += f"; the last legal play: {pos.table.ref.text()}"
        facts.append(("on the table", on))
    facts.append(("order", "revolution (革命): 3 is strongest, 2 weakest" if pos.table.revolution
                  else "normal: 2 is strongest, 3 weakest"))
    facts.append(("lock (縛り)", f"{lock_text(pos.table.lock)}: every play must have these suits" if pos.table.lock
                  else "none"))
    passed = ", ".join(f"{q} ({_passed(n)})" for q, n in pos.table.passed.items())
    facts.append(("passed", passed or "nobody since the table last cleared"))
    if pos.st.exits or pos.st.fallen:
        out = [f"{q}" + ("" if legal else " (forbidden finish, 反則上がり)") for q, legal in pos.st.exits]
        if pos.st.fallen:
            out.append(f"{pos.st.fallen} (fell: 都落ち)")
        facts.append(("out", ", ".join(out)))
    facts.append(("turn", f"{pos.turns.expected}'s" if pos.turns.expected else "not known (the leader is not known)"))
    hand = pos.hand(p)
    left = pos.cards_left(p)
    if hand is not None:
        facts.append((f"{p}'s hand", f"{cards_text(list(hand.elements())) or 'no cards'} ({plural(left, 'card')})"))
    else:
        facts.append((f"{p}'s hand", f"{plural(left, 'card')}; the record gives no deal for it, so only "
                                     "what the plays prove is known"))
    facts.append(("cards left", ", ".join(f"{q} {pos.cards_left(q)}" for q in g.seats)))
    choices = ruling.allowed
    why_none = ""
    if choices is None and pos.phase == "play":
        if pos.acts(p):  # who may act is the engine's turn checks' (not only `to_act`)
            choices = pos.allowed_plays(p) if pos.table.top is not None or hand is not None else \
                ("any single, group or stairs",)
        else:
            choices, why_none = (), no_choice(p, pos.to_act, "the game was over")
    what = "passed" if turn.cards is None else f"played {show(turn.cards)}"
    what += " and went out" if pos.empties(move) else ""
    if ruling.legal and ruling.reason == "legal":
        ruling = ruling._replace(reason=_legal(pos, move, ruling.rule, ruling.steps[-1].answer))
        if turn.cards is not None and (lone := lone_joker(turn.cards)):  # an annotation not taken, said at the ruling
            ruling = ruling._replace(reason=f"{ruling.reason}; {lone}")
    return Explanation(audit.game, loc, turn.line, p, str(move), tuple(facts), ruling, choices, f"{p} {what}",
                       no_choice=why_none)


def _passed(n: int) -> str:
    """When a player passed, as the table saw it (negative: a pass the record left out)."""
    if n > 0:
        return passed_at(n)
    return f"the table played on at play {-n} as if they had passed; the record leaves that pass out"


def _legal(pos: Any, move: Any, rule: str, last: str = "") -> str:
    """Why a legal play or pass was legal, in words (the engine ruled it legal under `rule`; a legal finish,
    daifugo.forbidden-finish, by its step's answer, `last`, and the rule that let the play on the table)."""
    if rule == "daifugo.forbidden-finish":
        played = _legal(pos, move, "daifugo.combination" if pos.table.top is None else "daifugo.follow-stronger")
        return (f"legal: {move.player} goes out with {show(move.cards)}, {last.removeprefix('yes: ')}, {rule}; "
                f"and {played.removeprefix('legal: ')}")
    if rule == "daifugo.pass":
        return (f"legal: {move.player} may pass: the table holds a play to beat, and a pass is always allowed then, "
                f"{rule}")
    if pos.table.top is None:
        return f"legal: {move.player} leads on a clear table: any single, group or stairs may be led, {rule}"
    lock = f", and it has the locked suits {lock_text(pos.table.lock)}" if pos.table.lock else ""
    if rule == "daifugo.spade-3-return":
        return f"legal: the single spade 3 beats a single joker (スペ3返し), {rule}"
    return f"legal: {show(move.cards)} covers {pos.table.top.text()}: the same kind and size, stronger{lock}, {rule}"


def _gift(audit: Audit, loc: Location, g: Any, grec: Any, finding: Finding | None) -> Explanation:
    if not g.gifts:
        if grec.exchange is None:
            why = ("game 1 of a set has no exchange" if g.number == 1 else "the record gives no exchange for it")
        else:
            why = "the ranks of the game before are not known, so nobody knows who gives to whom"
        raise NoSuchPlace(f"there is no exchange to explain in set {g.set}, game {g.number}: {why}")
    if loc.player is not None:
        chosen = next((x for x in g.gifts if x[1].player == loc.player), None)
        if chosen is None:
            raise NoSuchPlace(f"{loc.player} gives nothing in the exchange of set {g.set}, game {g.number}")
    else:  # the first gift that breaks a rule, else the first
        chosen = next((x for x in g.gifts if not x[0].ruling(x[1]).legal), g.gifts[0])
    pos, gift = chosen
    ruling = _asked(pos, gift, pos.ruling(gift))
    p = gift.player
    facts: list[tuple[str, str]] = [("game", f"set {g.set}, game {g.number}; seats {' → '.join(g.seats)}")]
    if pos.setup.prev is not None:
        facts.append(("last game's ranks", ", ".join(f"{rank_name(i)} {q}" for i, q in enumerate(pos.setup.prev))))
        owed = [f"{pos.setup.prev[a]} ({rank_name(a)}) gives {n} to {pos.setup.prev[b]} ({rank_name(b)})"
                for a, b, n in EXCHANGE]
        facts.append(("the exchange", "; ".join(owed) + " — the lower ranks give their strongest cards"))
    if pos.setup.prev is not None and pos._phase == "exchange":
        giver, receiver, a, b, n = pos.hold.due()
        facts.append(("gives now", f"{giver} ({rank_name(a)}), {plural(n, 'card')} to {receiver} ({rank_name(b)})"))
    dealt = pos.hold.dealt.get(p)
    facts.append((f"{p}'s hand as dealt", show(dealt) if dealt is not None else
                  "not recorded (no deal): only what the later plays prove is known"))
    choices = ruling.allowed
    if choices is None and pos._phase == "exchange" and p == pos.to_act:
        n = pos.hold.due()[4]
        if not _strongest_asked(pos, gift):  # the giver chooses any cards: the combinations are no list to read
            of = f" of the {len(pos.hold.dealt[p])} dealt to {p}" if p in pos.hold.dealt else ""
            choices = (f"any {plural(n, 'card')}{of}",)
        else:
            choices = tuple(str(m) for m in pos.legal_moves()) or None
    if ruling.legal and ruling.reason == "legal" and pos.setup.prev is not None and pos._phase == "exchange":
        ruling = _gift_legal(ruling, pos, p, gift, grec)
    line = gift.line if gift.line is not None else (finding.line if finding is not None else None)
    return Explanation(audit.game, loc._replace(player=p, exchange=True, set=g.set), line, p,
                       str(gift) or "nothing", tuple(facts), ruling, choices,
                       f"{p} gave {show(gift.cards) if gift.cards else 'nothing'}")


def _fact(audit: Audit, loc: Location, g: Any, grec: Any, asked: list[Any]) -> Explanation:
    """The deal or the finishing order of game `g`, with what the rules expect of it, decided by the
    engine's checks the replay `asked` of it (`_decided`)."""
    facts: list[tuple[str, str]] = [("game", f"set {g.set}, game {g.number}; seats {' → '.join(g.seats)}")]
    if loc.what == "deal":
        known = grec.deal is not None
        facts.append(("the deal", "; ".join(f"{p} {show(cs)}" for p, cs in grec.deal.cards.items()) if known
                      else "not recorded: only the cards played are known"))
        return _decided(fact(audit, loc, facts, None, grec.deal.line if known else grec.line,
                             f"the deal of set {g.set}, game {g.number}", "daifugo.deck",
                             "legal: " + ("one deck (with its jokers) dealt round, every card once, the set's "
                                          "blind cards left out" if known else
                                          "the record gives no deal, so the cards dealt cannot be wrong")
                             + ", daifugo.deck"), asked)
    if g.exits:
        foul = " (反則上がり: ranks from the bottom)"
        facts.append(("went out", ", ".join(q + ("" if ok else foul) for q, ok in g.exits)))
    if g.fallen:
        facts.append(("都落ち", f"{g.fallen}, last game's 大富豪, fell when {g.fell_when}"))
    ranking = g.ranking
    facts.append(("ranks", ", ".join(f"{rank_name(i)} {q}" for i, q in enumerate(ranking)) if ranking
                  else "not known: the game is unfinished"))
    line = next((n.line for n in (grec.ranks, grec.out, grec.fouls) if n is not None), grec.line)
    return _decided(fact(audit, loc, facts, None, line, f"the finishing order of set {g.set}, game {g.number}",
                         "daifugo.ranking", "legal: the ranks follow the order the players went out, a foul "
                                            "finish (反則上がり) ranking from the bottom, daifugo.ranking"), asked)


def _set_fact(audit: Audit, loc: Location, srec: Any, asked: list[Any]) -> Explanation:
    """A fact of a whole set (its blind cards, its place in the match), as check found it: decided by
    the engine's checks the replay `asked` of it (`_decided`)."""
    facts = [("set", f"set {srec.number}: {plural(len(srec.games), 'game')}; seats {' → '.join(srec.players)}")]
    if loc.what == "deal":
        facts.append(("blind cards", show(srec.blind) if srec.blind is not None else
                      "not listed: the deals show them, if they are recorded"))
        rule, why = "daifugo.deck", ("the blind cards listed are as many as are taken out, none a joker, none twice"
                                     if srec.blind is not None else "the set lists no blind cards to be wrong")
    else:
        rule, why = "daifugo.game-over", f"set {srec.number} is one of the match's sets"
    return _decided(fact(audit, loc, facts, None, srec.blind_line if loc.what == "deal" and srec.blind_line
                         else srec.line, f"set {srec.number}", rule, f"legal: {why}, {rule}"), asked)


def _decided(ex: Explanation, asked: list[Any]) -> Explanation:
    """The fact `ex` decided by the engine's checks the replay asked of it (`rules.audit_of_set`'s
    `asked`: the deal's of each hand, then of the whole deal; the set's and the game's place in the
    match, then the written result's; `decide`); when all pass, the last one asked decides."""
    # a check of one player's hand is asked of them
    ex = decide(ex, ((c.rule, c.name.format(p=about[0] if about else None), why, "yes") for c, why, *about in asked))
    r = ex.ruling
    if r.legal and r.steps and r.steps[-1].rule != r.rule:
        r = r._replace(rule=r.steps[-1].rule, reason=f"legal: as the rules give, {r.steps[-1].rule}")
    return ex._replace(ruling=r)


def _strongest_asked(pos: Any, gift: Any) -> bool:
    """Whether the engine's check of daifugo.exchange-strongest asks which cards `gift` gives (`Check.asks`:
    a lower rank's gift, while the check is on); else the giver chooses them."""
    return any(c.rule == "daifugo.exchange-strongest" and c.asks(pos, gift) for c in pos.filters(gift))


def _gift_legal(ruling: Any, pos: Any, p: str, gift: Any, grec: Any) -> Any:
    """A legal gift, with the rule that decides it: where the strongest-cards check asks, the strongest cards as
    dealt (what the giver receives at the same time does not count: daifugo.exchange-strongest), else the count
    alone, the giver's choice (daifugo.exchange-count)."""
    giver, receiver, a, b, n = pos.hold.due()
    if not _strongest_asked(pos, gift):
        return ruling._replace(rule="daifugo.exchange-count", reason=(
            f"legal: {p} ({rank_name(a)}) gives {receiver} ({rank_name(b)}) {plural(n, 'card')} of {p}'s own choosing "
            "(a higher rank chooses any cards), daifugo.exchange-count"))
    back = next((pos.setup.prev[x] for x, y, _n in EXCHANGE if pos.setup.prev[y] == p), None)
    got = (grec.exchange.cards.get(back) if grec.exchange is not None and back is not None else None)
    also = (f"; the {show(got)} {p} receives from {back} in the same exchange does not count: the cards change "
            "hands at once, so the strongest are judged on the hand as dealt") if got else \
        "; judged on the hand as dealt: cards received in the same exchange do not count"
    return ruling._replace(rule="daifugo.exchange-strongest", reason=(
        f"legal: {p} ({rank_name(a)}) gives {receiver} ({rank_name(b)}) {show(gift.cards)}, "
        + ("the strongest card" if n == 1 else f"the {n} strongest cards")
        + f" dealt to {p} (by normal strength){also}, daifugo.exchange-strongest"))
