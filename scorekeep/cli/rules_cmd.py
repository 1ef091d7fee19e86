"""`scorekeep rules`."""

from typing import Optional

import typer

from .common import _fail, _out, app


@app.command()
def rules(
    words: Optional[list[str]] = typer.Argument(
        None, metavar="[GAME] [RULE]",
        help="A game (oh-hell, rook, daifugo), and a rule: its id (oh-hell.hook, or just hook), its title, "
             "or a name players use (8-cut, 8切り, 八切, the Bird, 鳥牌, 底牌, seat change).",
        show_default=False),
    search: Optional[str] = typer.Option(None, "--search", "-s", metavar="WORD",
                                         help="List the rules whose text mentions WORD.", show_default=False),
) -> None:
    """Explain the rules, each with its id, the options that change it and the rules linked to it.

    \b
    Examples:
      scorekeep rules oh-hell
      scorekeep rules oh-hell.hook
      scorekeep rules hook
      scorekeep rules daifugo 8切り
      scorekeep rules the Bird
      scorekeep rules daifugo --search finish
    """
    from ..games import REGISTRY

    args = [w for w in (words or []) if w.strip()]
    game = None
    for n in (2, 1):  # `oh hell hook` names the game in two words
        if len(args) >= n and REGISTRY.resolve(" ".join(args[:n])) is not None:
            game, args = REGISTRY.resolve(" ".join(args[:n])), args[n:]
            break
    if search is not None:
        _search(search, game)
    elif args:
        _lookup(" ".join(args), game)
    elif game is None:
        _out("games: " + ", ".join(REGISTRY.names()) + "\n(try: scorekeep rules oh-hell, "
             "scorekeep rules hook,\n scorekeep rules daifugo --search finish)")
    else:
        from ..render import text as render

        module, book = REGISTRY.get(game), REGISTRY.part(game, "rulebook")
        _out(f"{module.title}: rules and their ids\n")
        _out("\n\n".join(render.rule_text(r, dict(module.OPTIONS), full=False) for r in book.RULES))


def _lookup(query: str, game: str | None) -> None:
    from .. import lookup
    from ..fields import closest
    from ..games import REGISTRY

    found = lookup.find(query, game)
    where = f" in {game}" if game else ""
    if found.matches:
        if len(found.matches) > 1:
            _out(f"`{query}` names {len(found.matches)} rules:\n")
        elif found.matches[0].how in ("phrase", "part"):
            _out(f"no rule is called `{query}`{where}; by the name `{found.matches[0].name}` it is:\n")
        _out("\n\n".join(_one(m.game, m.rule) for m in found.matches))
        return
    message = f"no rule called `{query}`{where}"
    if found.note:
        _fail(f"{message}: {found.note}")
    if found.suggestions:
        _fail(message + "; did you mean " + " or ".join(
            f"`{m.rule.id}` ({m.rule.title})" for m in found.suggestions) + "?")
    typo = _typo(query, game)
    if typo:
        _fail(message + f" — did you mean `{typo}`?")
    if game is None and len(query.split()) == 1:
        guess = closest(query, REGISTRY.names())
        if guess:
            _fail(f"unknown game or rule `{query}` — did you mean `{guess}`? (games: {', '.join(REGISTRY.names())})")
    _fail(message + f" (list them all: scorekeep rules {game or 'GAME'}; search the texts: "
          f"scorekeep rules {game + ' ' if game else ''}--search WORD)")


def _typo(query: str, game: str | None) -> str | None:
    """The one id or name a misspelt query is close to (`hookk` → `hook`), Latin letters only."""
    import difflib

    from .. import lookup

    key = lookup.normalise(query).replace(" ", "")
    if len(key) < 4 or not key.isascii():
        return None
    names: dict[str, str] = {}
    for _g, r in lookup.rules_of(game):
        for name in (r.id, r.id.split(".", 1)[1], *r.aliases):
            if name.isascii():
                names.setdefault(lookup.normalise(name).replace(" ", ""), name)
    hit = difflib.get_close_matches(key, names, n=1, cutoff=0.8)
    return names[hit[0]] if hit else None


def _one(game: str, rule) -> str:  # type: ignore[no-untyped-def]
    """One rule in full: its text, options, other names and the rules linked to it."""
    from .. import lookup
    from ..render import text as render

    out = [render.rule_text(rule, dict(lookup.part_of(game, "options").OPTIONS), full=True)]
    # The names a player would say, not the question-like ones kept for finding the rule.
    seen = {lookup.normalise(rule.id.split(".", 1)[1]).replace(" ", "")}
    names = []
    for a in rule.aliases:
        key = lookup.normalise(a).replace(" ", "")
        if "_" not in a and len(a.split()) <= 3 and key not in seen:
            seen.add(key)
            names.append(a)
    if names:
        # a few in each language: English, Chinese (Han only), Japanese (with kana)
        kana = [a for a in names if any("\u3040" <= c <= "\u30ff" for c in a)]
        latin = [a for a in names if a.isascii()]
        han = [a for a in names if a not in kana and a not in latin]
        shown = latin[:7] + han[:6] + kana[:6]
        more = ", …" if len(shown) < len(names) else ""
        out.extend(render.wrap("also called: " + ", ".join(shown) + more, render.COLUMNS, "      ", "    "))
    for other in lookup.see_also(rule.id):
        out.extend(render.wrap(f"see also {other.id} — {other.title}", render.COLUMNS, "      ", "    "))
    return "\n".join(out)


def _search(word: str, game: str | None) -> None:
    from .. import lookup
    from ..render import text as render

    hits = lookup.search(word, game)
    where = game or "any game"  # the name, not the title: the title would import the whole game
    if not hits:
        _fail(f"no rule of {where} mentions `{word}`")
    out = [f"`{word}` in {len(hits)} rule{'s' if len(hits) != 1 else ''} of {where}:"]
    for h in hits:
        out.append("")
        out.append(f"{h.rule.id} — {h.rule.title}")
        for s in h.sentences:
            out.extend(render.wrap(" ".join(s.split()), render.COLUMNS, "    "))
    _out("\n".join(out))
