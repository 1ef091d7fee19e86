"""The shape every game module has, and the values they hand to the CLI.

A game package (`scorekeep/games/<name>/`) provides `GAME`, a `Game` made of:
  read(doc)          the YAML mapping → the game's frozen record (InputError if unreadable)
  audit(record)      replay the record against the rules → Audit (violations, events, results)
  sheet(audit)       the score sheet, a pure function of the audit
  replay(audit, …)   the record turn by turn, for the `replay` command
plus its rulebook (`RULES`) and house-rule options (`OPTIONS`). Its other parts are modules of
the package, each imported only by the command that needs it (`Registry.part(game, name)`):
  sheet.py    layouts(sheet): its compact score tables (`Layout`), the widest first; optional
              charts(audit, sheet, series, xlabels): the `Chart`s and `Grid`s of its HTML page
              (default: the running totals); SHOWS_EVENTS: whether the page lists the events;
              card_colour(card): a card's CSS class on the replay page (default: red suits)
  stats.py    lines(pairs): one line per player over a season of (audit, sheet) pairs;
              tables(lines), bars(lines): them as titled tables of text and bar charts
  explain.py  explain(audit, location, finding), location_of(finding, audit): the move or fact a
              finding of `check` is about, about(finding, location, audit): whether a move shows
              it; optional effect_words(audit, event), spoken(choice): `why` (see scorekeep.why)
  entry.py    live entry (`play`, `add`): see scorekeep.entry
  demo.py     game(seed): a random legal match, for `demo` (see scorekeep.generate)
A new game is its package and one line of `scorekeep.games.REGISTRY`.
"""

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import fields
from .errors import Finding, InputError
from .options import Option, read_options
from .yamlio import Map, Node, Scalar, Seq


class RuleDoc(NamedTuple):
    """One rule as the `rules` command explains it."""

    id: str
    title: str
    text: str
    options: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    """The names players use for it, in English, Japanese and the articles' Traditional Chinese
    (`8-cut`, `8切り`, `八切`); `scorekeep rules` finds the rule by any of them."""
    see: tuple[str, ...] = ()
    """Rule ids that decide this one or are decided by it (shown as "see also"; the link is
    read both ways)."""


def rulebook_reader(module: str) -> Callable[[str], Any]:
    """A game's rulebook module's `__getattr__`: its `RULES`, read from the rulebook.yaml beside it
    when first asked for. Only the commands that show rule texts ask (reading them is ~2 ms of
    every other command's start-up)."""
    def rules(name: str) -> Any:
        if name != "RULES":
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        import sys
        from pathlib import Path

        import yaml

        book = sys.modules[module]
        text = Path(book.__file__).with_name("rulebook.yaml").read_bytes()  # type: ignore[arg-type]
        docs = yaml.load(text, Loader=getattr(yaml, "CBaseLoader", yaml.BaseLoader))  # every value is text
        book.RULES = tuple(RuleDoc(**{k: tuple(v) if isinstance(v, list) else v for k, v in d.items()})
                           for d in docs)
        return book.RULES
    return rules


class Header(NamedTuple):
    """What every record has: the game, the players, the options, and free-text notes."""

    game: str
    players: tuple[str, ...]
    options: Mapping[str, Any]
    meta: Mapping[str, str]
    """`title`, `date`, `place`, `notes` as written."""
    line: int
    history: "tuple[HistoryEntry, ...]" = ()
    """Corrections recorded by `play`'s edit (`history`): kept as written, never judged."""


class HistoryEntry(NamedTuple):
    """One correction from the record's `history`: when, where (`hand 2`, `set 1 game 3`),
    which key, and the values before and after as YAML flow text."""

    time: str
    where: str
    key: str
    was: str
    now: str
    line: int


HISTORY_KEYS = ("time", "hand", "set", "game", "key", "was", "now")


def read_history(node: Node) -> tuple[HistoryEntry, ...]:
    """The `history` list: each entry well formed (`{time, hand | set and game, key, was, now}`)."""
    out: list[HistoryEntry] = []
    for i, item in enumerate(fields.sequence(node, "`history`").items, 1):
        what = f"entry {i} of `history`"
        top = fields.keys(fields.mapping(item, what), what, HISTORY_KEYS, required=("time", "key"))
        place = [f"{k} {fields.whole(top[k], f'`{k}` of {what}')}" for k in ("set", "game", "hand") if k in top]
        out.append(HistoryEntry(fields.text(top["time"], f"`time` of {what}"), " ".join(place),
                                fields.text(top["key"], f"`key` of {what}"),
                                flow_of(top.get("was")), flow_of(top.get("now")), item.line))
    return tuple(out)


def flow_of(node: Node | None) -> str:
    """A value of the record as one line of YAML flow text, as written (`{A: 1}`, `[R5, G14]`)."""
    if node is None:
        return ""
    if isinstance(node, Map):
        return "{" + ", ".join(f"{k.value}: {flow_of(v)}" for k, v in node.pairs) + "}"
    if isinstance(node, Seq):
        return "[" + ", ".join(flow_of(v) for v in node.items) + "]"
    return "" if node.is_null else node.value


COMMON_KEYS = ("game", "players", "rules", "title", "date", "place", "notes", "history")
META_KEYS = ("title", "date", "place", "notes")


def read_header(doc: Map, game: str, extra_keys: Sequence[str], player_count: range,
                options: Mapping[str, Option], why_count: str = "") -> tuple[Header, dict[str, Node]]:
    """Check the top-level keys and read the parts every game shares; `why_count` says why the
    game takes that many players."""
    top = fields.keys(doc, "the record", (*COMMON_KEYS, *extra_keys), required=("players",))
    players = fields.players(top["players"], player_count, why_count)
    opts = read_options(top.get("rules"), options, game)
    meta = {k: fields.text(top[k], f"`{k}`", allow_empty=True) for k in META_KEYS if k in top}
    history = read_history(top["history"]) if "history" in top else ()
    return Header(game, players, opts, meta, doc.line, history), top


@dataclass(slots=True, eq=False)
class Audit:
    """A record replayed against its game's rules. `result` is the game's own replay result
    (per-hand states, scores), read by `sheet` and `replay`."""

    game: str
    header: Header
    record: Any
    violations: list[Finding]
    events: list[Finding]
    result: Any

    @property
    def ok(self) -> bool:
        return not self.violations


class Sheet(NamedTuple):
    """A running score table, ready to render in any format.

    `headers`/`table` are the human table (text cells); `rows` hold the same data as plain
    values for JSON and CSV.
    """

    game: str
    headers: tuple[str, ...]
    table: tuple[tuple[str, ...], ...]
    rows: tuple[dict[str, Any], ...]
    totals: dict[str, int]
    winner: str | list[str] | None
    standings: tuple[tuple[str, int], ...]
    status: str
    """One line: how far the match has got and who won, in words."""
    notes: tuple[str, ...] = ()

    def seats(self) -> list[str]:
        """The players (Rook: the teams) in seat order: every game builds `totals` in that order."""
        return list(self.totals)

    def placed(self) -> list[tuple[int, str, int]]:
        """The standings with each one's place: equal totals share a place (1, 2, 2, 4), as they share
        a win."""
        out: list[tuple[int, str, int]] = []
        for i, (name, pts) in enumerate(self.standings):
            out.append((out[-1][0] if out and out[-1][2] == pts else i + 1, name, pts))
        return out


class Layout(NamedTuple):
    """A score table laid out for reading (a game's compact sheet): headers, cells, right
    alignment, group labels (a player over their columns), and the notes that explain its short
    headers; `long_headers`, the headers spelt out where there is room (Markdown, HTML); `marks`,
    a word per cell a front end may show (`made`, `missed`), or None."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    right: tuple[bool, ...] | None
    groups: tuple[tuple[str, int], ...] | None
    notes: tuple[str, ...]
    long_headers: tuple[str, ...] | None = None
    marks: tuple[tuple[str, ...], ...] | None = None


def plural(n: int, word: str) -> str:
    """`1 card`, `12 cards`, `1,457 sets`."""
    return f"{n:,} {word}{'s' if n != 1 else ''}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


def and_list(items: Sequence[str]) -> str:
    """Items as a sentence says them: `甲`, `甲 and 丙`, `甲, 丙 and 丁`."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def total_text(v: Any) -> str:
    """A running total in a layout's cell: empty until known."""
    return "" if v is None else str(v)


class Chart(NamedTuple):
    """A line chart of a score sheet's page: one line per series over the x labels (None leaves a
    gap); `hline`, a labelled target line; `invert`, low values on top (ranks); `yticks`, the
    y axis's own labels; `dividers`, labelled lines before the given x index (sets); `heading`,
    a heading above the chart."""

    series: Mapping[str, Sequence[float | None]]
    xlabels: Sequence[str]
    title: str
    ylabel: str = ""
    hline: tuple[float, str] | None = None
    invert: bool = False
    yticks: Sequence[tuple[float, str]] | None = None
    dividers: Sequence[tuple[int, str]] = ()
    heading: str = ""


class Grid(NamedTuple):
    """A small table of a score sheet's page, under its heading."""

    heading: str
    headers: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]


class Section(NamedTuple):
    """One titled table of a replay (a hand trick by trick, a Daifugō game turn by turn); `marks`,
    a word per cell a front end may show (`hot`: a state out of the ordinary), or None; `worded`,
    the violations its notes already word (a page need not list them again)."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    marks: tuple[tuple[str, ...], ...] | None = None
    worded: tuple[Finding, ...] = ()


class Play(NamedTuple):
    """One card played to a trick (Rook, Oh Hell): by whom, the game's own card value, and
    the line that says so."""

    player: str
    card: Any
    line: int


class Trick(NamedTuple):
    """A trick as recorded: its plays in the order played (the first one led)."""

    plays: tuple[Play, ...]
    line: int


_new = tuple.__new__


def read_tricks(node: Node, players: tuple[str, ...], what: str, where: str,
                card: Callable[[Node, str], Any], parse: Callable[[str], Any] | None = None) -> tuple[Trick, ...]:
    """A list of tricks (Rook, Oh Hell), each `{player: card, …}` in the order played; only the
    last may be unfinished. `card` reads one card node for the game; `parse`, when given, is
    the text parser `card` tries first on a scalar (None: not a card), so that the usual
    trick is read without a call per card."""
    seq = fields.sequence(node, what)
    tricks: list[Trick] = []
    for i, item in enumerate(seq.items, 1):
        if parse is not None and item.__class__ is Map and item.pairs:  # type: ignore[union-attr]
            # The usual trick: every key a player, every value a card text `parse` reads, which
            # is what `card` returns for it; anything else is read below (and its error raised).
            plays = []
            for k, v in item.pairs:  # type: ignore[union-attr]
                c = parse(v.value) if k.value in players and v.__class__ is Scalar else None
                if c is None:
                    break
                plays.append(_new(Play, (k.value, c, v.line)))  # Play(…), without its Python-level __new__
            else:
                tricks.append(Trick(tuple(plays), item.line))
                continue
        at = f"trick {i} of {where}"
        m = fields.mapping(item, at)
        if not m.pairs:
            raise InputError(f"{at} is empty: write `{{player: card, …}}` in the order played", m.line)
        tricks.append(Trick(tuple(Play(name, card(v, f"{at} ({name})"), v.line)
                                  for name, _k, v in fields.per_player(m, players, at)), m.line))
    for i, t in enumerate(tricks[:-1], 1):
        if len(t.plays) < len(players):
            raise InputError(f"trick {i} of {where} has {len(t.plays)} cards for {len(players)} players: only "
                             "the last trick written may be unfinished", t.line)
    return tuple(tricks)


class Selection(NamedTuple):
    """Which part of a record `replay` shows; None means all."""

    hand: int | None = None
    set: int | None = None
    game: int | None = None
    legal: bool = False
    """Show, at each turn, the moves that were legal there (from the game's engine)."""


class Game(NamedTuple):
    """A game as the registry hands it out: its rulebook, its options, and the four steps,
    each a plain function of the game's own modules."""

    name: str
    title: str
    OPTIONS: Mapping[str, Option]
    read: Callable[[Map], Any]
    """record.read: the YAML mapping → the game's frozen record (InputError if unreadable)."""
    audit: Callable[[Any], Audit]
    """rules.audit: replay the record against the rules."""
    sheet: Callable[[Audit], Sheet]
    """score.sheet: the score table, a pure function of the audit."""
    replay: Callable[[Audit, Selection], list[Section]]
    """The record turn by turn, for the `replay` command."""


def made_when_asked(package: str, make: Callable[[], Game]) -> Callable[[str], Game]:
    """A game package's module `__getattr__`: its `GAME`, made by `make` when first asked for, so that
    `demo`, which needs only the engine, does not import the checker's driver (`rules`) and the rest."""

    def __getattr__(name: str) -> Game:
        if name != "GAME":
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        game = make()
        setattr(sys.modules[package], "GAME", game)
        return game
    return __getattr__


class Registry:
    """Game modules by name, imported only when a record needs them (start-up stays fast). A plain
    class: made once, never compared (as a dataclass it cost every command 0.2 ms to define)."""

    __slots__ = ("modules", "aliases")

    def __init__(self, modules: dict[str, str], aliases: dict[str, str]) -> None:
        self.modules = modules
        self.aliases = aliases

    def names(self) -> list[str]:
        return list(self.modules)

    def resolve(self, name: str) -> str | None:
        key = name.strip().lower()
        return key if key in self.modules else self.aliases.get(key)

    def get(self, name: str) -> Game:
        return self.part(name, "").GAME  # type: ignore[no-any-return]

    def part(self, name: str, part: str) -> Any:
        """One part of a game's package (`scorekeep/games/<game>/<part>.py`: see the module
        docstring; "": the package), imported when first asked for; None if there is no such part."""
        import importlib

        canonical = self.resolve(name)
        if canonical is None:
            raise KeyError(name)
        module = self.modules[canonical] + (f".{part}" if part else "")
        try:
            return importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module or not part:  # the part is there, something it imports is not
                raise
            return None

    def read_game(self, node: Node | None, line: int) -> Game:
        if node is None:
            raise InputError(f"the record needs `game:` ({fields.listing(self.names())})", line)
        name = fields.text(node, "`game`")
        if self.resolve(name) is None:
            raise InputError(f"unknown game `{name}`{fields.did_you_mean(name, self.names())} "
                             f"(games: {fields.listing(self.names())})", node.line)
        return self.get(name)
