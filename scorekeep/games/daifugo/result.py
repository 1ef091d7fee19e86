"""A Daifugō game's written result (`out`, `fouls`, `ranks`) judged against the plays and the rules
(daifugo.ranking; the events of a summary `out`), and the ranking it settles — the standing's part
of the engine (`engine.Position` asks `settle` for an `Outcome`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import Findings
from .moves import Outcome
from .standing import Standing

if TYPE_CHECKING:
    from .engine import Setup
    from .record import Names


def settle(setup: Setup, played: Standing | None, move: Outcome, f: Findings
           ) -> tuple[tuple[str, ...] | None, str, Standing | None]:
    """Judge the result the record writes against the plays (`played`: the standing they reached,
    None when the record gives none) and the rules, reporting to `f`: the game's ranking, where it
    came from (`plays`, `out`, `ranks` or `none`), and the standing that decided it."""
    where = {"set": setup.set_no, "game": setup.game_no}
    source = "none"
    st: Standing | None = played
    if played is not None and played.settled:
        source = "plays"
        if move.out is not None:
            recorded(setup, played, *summary(setup, move.out, move.fouls, None, f), move.out, move.fouls, f)
    elif move.out is not None:
        summed, problems = summary(setup, move.out, move.fouls, len(played.exits) if played is not None else 0, f)
        recorded(setup, played, summed, problems, move.out, move.fouls, f)
        if summed.settled:
            st, source = summed, "out"
        elif played is None:
            st = summed
    ranking = st.ranking() if st is not None and st.settled else None
    if move.ranks is not None:
        written = tuple(move.ranks.names)
        if ranking is not None:
            if written != ranking:
                assert st is not None
                f.violation("daifugo.ranking", f"the record ranks {' '.join(written)}, but the finishes give "
                            f"{' '.join(ranking)}: {st.explain()}", line=move.ranks.line, **where)
        else:
            if st is not None and not consistent(st, written):
                f.violation("daifugo.ranking", f"the record ranks {' '.join(written)}, but the players who went "
                            f"out so far ({exits_text(st)}) cannot end in that ranking", line=move.ranks.line, **where)
            ranking, source = written, "ranks"
    return ranking, source, st


def new_standing(setup: Setup) -> Standing:
    """The standing at the start of a game: everyone in (last game's 大富豪 may fall: 都落ち)."""
    prev_daifugo = None if setup.game_no == 1 or not setup.prev else setup.prev[0]
    return Standing(setup.seats, prev_daifugo, setup.opts["miyako_ochi"])


def summary(setup: Setup, out: Names, fouls: Names | None, emit_from: int | None, f: Findings
            ) -> tuple[Standing, list[tuple[str, int]]]:
    """Replay `out` (finishing order, forbidden finishes included), and what in `out`/`fouls`
    the rules rule out, as (message, line). Events are reported to `f` from the `emit_from`-th exit
    on (None: not at all)."""
    st = new_standing(setup)
    foul_set = set(fouls.names) if fouls else set()
    problems: list[tuple[str, int]] = []
    for name, line in zip(out.names, out.lines):
        where = {"line": line, "set": setup.set_no, "game": setup.game_no, "player": name}
        if name == st.fallen or (st.settled and name in st.active):
            if name in foul_set:
                what = (f"{name} had already fallen by 都落ち when {st.trigger} went out"
                        if name == st.fallen else f"{name} was the last player left")
                problems.append((f"`fouls` lists {name}, but {what}: the ranking was settled without "
                                 f"{name} going out", fouls.line_of(name) if fouls else line))
            continue
        legal = name not in foul_set
        if not legal and not setup.opts["forbidden_finish"]:
            problems.append((f"`fouls` lists {name}, but forbidden finishes are off (house rule "
                             "`forbidden_finish: false`): every finish is a legal finish",
                             fouls.line_of(name) if fouls else line))
            legal = True
        fallen = st.leave(name, legal)
        emit = emit_from is not None and len(st.exits) > emit_from
        if emit and not legal:
            f.event("daifugo.forbidden-finish",
                    f"{name} went out by a forbidden finish (反則上がり) and ranks from the bottom", **where)
        if emit and fallen is not None:
            f.event("daifugo.miyako-ochi",
                    f"{name} went out first while {fallen}, last game's 大富豪, was still playing: "
                    f"{fallen} falls (都落ち) and takes the lowest rank no foul has taken",
                    **{**where, "player": fallen})
    return st, problems


def exits_text(st: Standing) -> str:
    """`甲, 乙 (forbidden finish)` — who went out, in order."""
    if not st.exits:
        return "nobody"
    text = ", ".join(p if legal else f"{p} (forbidden finish)" for p, legal in st.exits)
    if st.fallen:
        text += f"; {st.fallen} fell by 都落ち when {st.trigger} went out"
    return text


def recorded(setup: Setup, played: Standing | None, summed: Standing, problems: list[tuple[str, int]],
             out: Names, fouls: Names | None, f: Findings) -> None:
    """daifugo.ranking: the finishing order written in `out`/`fouls`, against the plays (complete or
    so far) and the rules — one report per game, however many entries it gets wrong. A forbidden
    finish is a rule event, so a `fouls` list that disagrees with the plays is a wrong finishing
    order, not a forbidden finish."""
    msgs: list[str] = []
    line = 0
    if played is not None:
        did = [p for p, _ in played.exits]
        said = [p for p, _ in summed.exits]
        so_far = "" if played.settled else " so far"
        if (said if played.settled else said[:len(did)]) != did:
            # `out` is wrong, so what the summary makes of `fouls` follows from a wrong order:
            # judge it against the plays in this one report, not again.
            msgs.append(f"`out` gives the order of going out as {', '.join(out.names)}, but in the "
                        f"plays{so_far} it is {exits_text(played)}")
            line = out.line
            problems = []
        foul_set = set(fouls.names) if fouls else set()
        for p, fair in played.exits:
            if fair and p in foul_set and setup.opts["forbidden_finish"]:
                msgs.append(f"`fouls` lists {p}, but {p}'s last play in the record is a legal finish")
                line = line or fouls.line_of(p)  # type: ignore[union-attr]
            elif not fair and p not in foul_set:
                msgs.append(f"{p} went out by a forbidden finish (反則上がり) in the plays, but "
                            + (f"`fouls` does not list {p}" if fouls else "the game gives no `fouls`"))
                line = line or (fouls.line if fouls else out.line_of(p))
    msgs += [m for m, _ in problems]
    if msgs:
        f.violation("daifugo.ranking", "; ".join(msgs), line=line or problems[0][1],
                    set=setup.set_no, game=setup.game_no)


def consistent(st: Standing, ranks: tuple[str, ...]) -> bool:
    """Whether an unfinished standing can still end in the recorded ranking."""
    n = len(st.finishers)
    if tuple(ranks[:n]) != tuple(st.finishers):
        return False
    k = len(st.fouls)
    return not k or tuple(ranks[len(ranks) - k:]) == tuple(reversed(st.fouls))

