"""Finding a rule by any name players use for it, searching the rule texts, and linked rules.

A rule is found by its id as `check` prints it (`oh-hell.hook`), by the id alone when one game
has it (`hook`), by its title, or by its aliases — the table's words in English, Japanese and
the articles' Traditional Chinese (`8-cut`, `8切り`, `八切`). Words are compared after
normalising: NFKC (full-width to half-width), case, and hyphens, dots and spaces ignored.
When nothing matches, suggestions come from the words the query shares with a rule's names
and text — never from the spelling of an unrelated id.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import groupby
from types import ModuleType
from typing import NamedTuple

from .game import RuleDoc
from .games import REGISTRY

__all__ = ["Hit", "Lookup", "Match", "find", "normalise", "rules_of", "search", "see_also", "words"]


class Match(NamedTuple):
    """A rule found for a query, and how: `id`, `title`, `alias` (the whole query is one of its
    names), `phrase` (one of its names is a phrase of the query), `part` (the query is part of
    one of its names), `words` (shared words, a suggestion only)."""

    game: str
    rule: RuleDoc
    how: str
    name: str
    """The id, title or alias that matched."""


class Lookup(NamedTuple):
    """What a query found: the matching rules (empty when none), else suggestions by meaning."""

    query: str
    matches: tuple[Match, ...]
    suggestions: tuple[Match, ...] = ()
    note: str = ""
    """Set when the query names a rule of another version (a local rule the game's version does
    not have): what the rulebook says about it."""


class Hit(NamedTuple):
    """A rule whose text contains a searched word, with the sentences that do."""

    game: str
    rule: RuleDoc
    sentences: tuple[str, ...]


_SEPARATORS = re.compile(r"[\s\-‐‑‒–—―_.,:;!?/\\()\[\]{}<>「」『』【】（）〔〕・･“”\"'’‘`~、。，．：；！？]+")


def _is_cjk(c: str) -> bool:
    """Kana or a Han character (a range test: a regex class this wide costs start-up to compile)."""
    o = ord(c)
    return 0x3040 <= o <= 0x30FF or 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or c in "々〆"


def _has_cjk(text: str) -> bool:
    return not text.isascii() and any(_is_cjk(c) for c in text)
_STOP = frozenset("the a an of to in on at is are be it its my i can may does do what who when how why "
                  "rule rules and or for with if".split())


@lru_cache(maxsize=None)
def normalise(text: str) -> str:
    """The form names are compared in: NFKC, case-folded, separators as single spaces."""
    return _SEPARATORS.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


@lru_cache(maxsize=None)
def _stem(word: str) -> str:
    if _has_cjk(word) or len(word) <= 3 or word.isdigit():
        return word
    # Plurals only: `trumping` is not `trump`, and `finishing` still contains `finish` for --search.
    for end, repl in (("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("s", "")):
        if word.endswith(end) and len(word) - len(end) >= 3 and not (end == "s" and word.endswith("ss")):
            return word[: len(word) - len(end)] + repl
    return word


@lru_cache(maxsize=None)
def words(text: str) -> tuple[str, ...]:
    """The meaningful words of a text: Latin words stemmed, stop words dropped, and for Japanese
    and Chinese each run of characters as its two-character pieces (a word boundary is not
    written there)."""
    out: list[str] = []
    for token in normalise(text).split():
        if token.isascii():
            if token not in _STOP:
                out.append(_stem(token))
            continue
        for cjk, chars in groupby(token, _is_cjk):
            part = "".join(chars)
            if cjk:
                out.extend([part] if len(part) == 1 else [part[i:i + 2] for i in range(len(part) - 1)])
            elif part not in _STOP:
                out.append(_stem(part))
    return tuple(out)


@lru_cache(maxsize=None)
def _key(text: str) -> str:
    """A name with its separators and leading `the` removed: `the 8-Cut` → `8cut`."""
    tokens = normalise(text).split()
    if len(tokens) > 1 and tokens[0] in ("the", "a", "an"):
        tokens = tokens[1:]
    return "".join(_stem(t) for t in tokens)


def rules_of(game: str | None = None) -> Iterator[tuple[str, RuleDoc]]:
    """(game, rule) for every rule of one game (a name or alias `REGISTRY` knows), or of all games."""
    for name in [REGISTRY.resolve(game) or game] if game else REGISTRY.names():
        for rule in part_of(name, "rulebook").RULES:
            yield name, rule


def part_of(name: str, part: str) -> ModuleType:
    """One module of a game package (`rulebook`, `options`), without running the package's
    `__init__` when the package is not imported yet: finding and showing a rule needs the texts
    and options, not the game's reader and judges, whose import costs start-up. The module (and
    what it imports from its package) is registered under its own name, so the package reuses it
    when it is imported later."""
    package = REGISTRY.modules[name]
    module = f"{package}.{part}"
    if module in sys.modules or package in sys.modules:
        return importlib.import_module(module)
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations is not None
    # A stand-in for the package while its module loads: relative imports find their siblings
    # through its __path__ without running __init__. It is removed at once, so a later import of
    # the package runs __init__ as usual.
    stand_in = ModuleType(package)
    stand_in.__path__ = list(spec.submodule_search_locations)
    stand_in.__spec__ = spec
    sys.modules[package] = stand_in
    try:
        return importlib.import_module(module)
    finally:
        if sys.modules.get(package) is stand_in:
            del sys.modules[package]


def _names(game: str, rule: RuleDoc) -> Iterator[tuple[str, str]]:
    """(how, name) for every name a rule answers to."""
    yield "id", rule.id
    yield "id", rule.id.split(".", 1)[1]
    yield "title", rule.title
    for alias in rule.aliases:
        yield "alias", alias


@lru_cache(maxsize=None)
def _stemmed(text: str) -> str:
    return " ".join(_stem(t) for t in normalise(text).split())


def find(query: str, game: str | None = None) -> Lookup:
    """The rules a query names (see the module docstring), in rulebook order."""
    q = query.strip()
    every = list(rules_of(None))
    # An id as `check` prints it wins, whatever game was named.
    exact = [Match(g, r, "id", r.id) for g, r in every if r.id == q.lower() or _key(r.id) == _key(q)]
    if exact:
        return Lookup(query, tuple(exact))
    pool = [(g, r) for g, r in every if game is None or g == (REGISTRY.resolve(game) or game)]
    key = _key(q)
    if not key:
        return Lookup(query, ())
    found = _best(pool, lambda name: _key(name) == key)
    if found:
        return Lookup(query, found)
    note = _other_version(key, game)  # by its whole name, before a word of it (`skip` of `5-skip`)
    if note:
        return Lookup(query, (), (), note)
    qn = _stemmed(q)
    if game is None:
        # A question that names its game (`is daifugo big two`) is asked about that game.
        for name in [*REGISTRY.names(), *REGISTRY.aliases]:
            n = _stemmed(name)
            if n.isascii() and _spans(qn, n):
                qn = f" {qn} ".replace(f" {n} ", " ").strip()
                pool = [(g, r) for g, r in pool if g == REGISTRY.resolve(name)]
                break
    # Some of a rule's names are phrases of the query (`the hook rule`); the rule they cover
    # most of the query for wins.
    phrase = _covering(qn, pool)
    if phrase:
        return Lookup(query, phrase)
    # The query is part of a name (`切り` of `8切り`, `revol` of `revolution`).
    if len(key) >= (2 if _has_cjk(key) else 4):
        part = [Match(g, r, "part", name) for g, r in pool for how, name in _names(g, r)
                if how != "id" and _part(key, name)]
        part = _unique(part)
        if 0 < len(part) <= 3:
            return Lookup(query, tuple(part))
        if part:
            return Lookup(query, (), tuple(part[:5]))
    if game is not None:
        # Named in another game (`rules oh-hell 8切り`): say where it is.
        elsewhere = find(query)
        if elsewhere.matches or elsewhere.note:
            return Lookup(query, (), elsewhere.matches, elsewhere.note)
    return Lookup(query, (), _suggest(q, pool))


def _other_version(key: str, game: str | None) -> str:
    """What the rulebook says about a rule of another version the query names (`11-back`)."""
    for name in [REGISTRY.resolve(game) or game] if game else REGISTRY.names():
        book = part_of(name, "rulebook")
        for names, note in getattr(book, "OTHER_VERSIONS", ()):
            if any(_key(n) == key for n in names):
                return note
    return ""


def _part(key: str, name: str) -> bool:
    nk = _key(name)
    if _has_cjk(key):
        return key in nk
    return any(t.startswith(key) for t in normalise(name).split()) or nk.startswith(key)


def _unique(matches: Iterable[Match]) -> list[Match]:
    first: dict[str, Match] = {}
    for m in matches:
        first.setdefault(m.rule.id, m)
    return list(first.values())


def _best(pool: list[tuple[str, RuleDoc]], test: Callable[[str], bool]) -> tuple[Match, ...]:
    """Rules with a name passing `test`; an id beats a title, a title an alias."""
    for kind in ("id", "title", "alias"):
        hits = [Match(g, r, kind, name) for g, r in pool for how, name in _names(g, r)
                if how == kind and test(name)]
        if hits:
            return tuple(_unique(hits))
    return ()


def _covering(query: str, pool: list[tuple[str, RuleDoc]]) -> tuple[Match, ...]:
    """The rules whose names, found as phrases of the (normalised, stemmed) query, cover most of
    its letters: `who wins when both teams pass 300` is rook.game-end (`who wins` and `300`),
    not every game's end (`who wins` alone)."""
    scored: dict[str, tuple[set[int], Match]] = {}
    for g, r in pool:
        for _how, name in _names(g, r):
            if len(_key(name)) < (2 if _has_cjk(name) else 3) or not (span := _spans(query, _stemmed(name))):
                continue
            covered, m = scored.setdefault(r.id, (set(), Match(g, r, "phrase", name)))
            before = len(covered)
            covered.update(span)
            if len(covered) > before and len(_key(name)) > len(_key(m.name)):
                scored[r.id] = (covered, Match(g, r, "phrase", name))
    if not scored:
        return ()
    top = max(len(c) for c, _m in scored.values())
    return tuple(m for c, m in scored.values() if len(c) == top)


def _spans(haystack: str, needle: str) -> set[int]:
    """The positions of `haystack` (not its spaces) that `needle` covers, as a phrase of it (both
    normalised): whole words for Latin text, anywhere for Japanese and Chinese. Empty: not a phrase of it."""
    cjk = _has_cjk(needle)
    hay, ndl = (haystack.replace(" ", ""), needle.replace(" ", "")) if cjk else (f" {haystack} ", f" {needle} ")
    i = hay.find(ndl)  # the first only: a word said twice does not count twice
    return {j for j in range(i, i + len(ndl)) if hay[j] != " "} if i >= 0 else set()


def _suggest(query: str, pool: list[tuple[str, RuleDoc]], limit: int = 3) -> tuple[Match, ...]:
    """Rules sharing meaningful words with the query, best first: a word in a rule's names
    counts three times one in its text, rarer words more. Nothing when no word is shared with
    any rule's names — a suggestion from the text alone needs two shared words."""
    asked = set(words(query))
    if not asked:
        return ()
    # Two thirds of the query's words must be found in a rule for it to be suggested: one shared
    # piece of a longer word (`ック` of `イレブンバック` and `フック`) is not a meaning.
    need = max(1, -(-2 * len(asked) // 3))
    docs = []
    for g, r in pool:
        named = set(words(" ".join([r.id.split(".", 1)[1], r.title, *r.aliases])))
        docs.append((g, r, named, set(words(r.text))))
    import math

    n = len(docs)
    df = {w: sum(1 for _g, _r, a, t in docs if w in a or w in t) for w in asked}
    scored = []
    for g, r, named, text in docs:
        in_names = asked & named
        in_text = (asked & text) - in_names
        if (not in_names and len(in_text) < 2) or len(in_names | in_text) < need:
            continue
        score = sum(3 * math.log(1 + n / df[w]) for w in in_names) + sum(math.log(1 + n / df[w]) for w in in_text)
        scored.append((score, Match(g, r, "words", ", ".join(sorted(in_names | in_text)))))
    scored.sort(key=lambda s: -s[0])
    if not scored:
        return ()
    best = scored[0][0]
    return tuple(m for s, m in scored[:limit] if s >= best / 2)


def see_also(rule_id: str) -> tuple[RuleDoc, ...]:
    """The rules linked to one, both ways (those it names in `see`, and those naming it), in
    rulebook order."""
    game = REGISTRY.resolve(rule_id.split(".", 1)[0])
    if game is None:
        return ()
    pool = [r for _g, r in rules_of(game)]
    own = next((r for r in pool if r.id == rule_id), None)
    named = set(own.see) if own else set()
    return tuple(r for r in pool if r.id != rule_id and (r.id in named or rule_id in r.see))


def search(word: str, game: str | None = None) -> list[Hit]:
    """Rules whose title, text or names contain a word or phrase (normalised; `finish` finds
    `finishes` and `finishing`), each with the sentences of its text that contain it."""
    wanted = words(word)
    if not wanted:
        return []
    phrase = " ".join(wanted)
    hits = []
    for g, r in rules_of(game):
        sentences = tuple(s for s in re.split(r"(?<=[.!?。])\s+", r.text) if phrase in " ".join(words(s)))
        names = " ".join(words(" ".join([r.title, *r.aliases])))
        if sentences or phrase in names:
            hits.append(Hit(g, r, sentences))
    return hits
