"""What checking a record can report: input errors (can't read) and findings (rule breaches and events)."""

import functools
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple


def where(path: str | None, line: int | None) -> str:
    """`path:line` for a message (`<record>` for a record held in memory)."""
    return (path or "<record>") + ("" if line is None else f":{line}")


class InputError(Exception):
    """The record cannot be read: bad YAML, an unknown key, a bad card, an unknown player.

    Carries the 1-based line of the offending value; `path` is filled in by the loader.
    An input error stops the file: nothing after it is judged.
    """

    def __init__(self, message: str, line: int | None = None, path: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.path = path

    def __str__(self) -> str:
        return f"{where(self.path, self.line)}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "message": self.message}


class Finding(NamedTuple):
    """A rule violation or a rule event, located in the game and in the file.

    `rule` is a public rule id from `../rules/*.md` (e.g. `oh-hell.hook`); location fields are
    1-based and None where they do not apply.
    """

    rule: str
    message: str
    line: int | None = None
    set: int | None = None
    game: int | None = None
    hand: int | None = None
    trick: int | None = None
    play: int | None = None
    player: str | None = None
    allowed: tuple[str, ...] | None = None
    """For a rule that is a legal set (follow suit, the hook, …): the legal choices at that
    point, as canonical text; empty when nothing was legal; None when the rule is no set."""
    see: tuple[str, ...] = ()
    """The other rule ids involved (a lead after an 8-cut: `daifugo.turn-order`)."""
    more: int = 0
    """For the closing finding of a capped rule (see `shown`): how many were not listed."""

    def location(self) -> dict[str, int | str]:
        """The location fields that apply, coarse to fine, then who (their order in messages and JSON)."""
        return {k: v for k in ("set", "game", "hand", "trick", "play", "player") if (v := getattr(self, k)) is not None}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "message": self.message, "line": self.line}
        out.update(self.location())
        if self.allowed is not None:
            out["allowed"] = list(self.allowed)
        if self.see:
            out["see"] = list(self.see)
        if self.more:
            out["more"] = self.more
        return out


CAP = 100
"""Findings of one rule listed per file; the rest are counted (a deal of 600,000 copies of
one card is one finding per card, and nobody reads the 101st)."""


class _Unlisted(Finding):
    """The collector's own mark for one finding of `rule` past the cap: one shared instance per
    rule, so the collector's list keeps its length (a truthful count, and the marks the games
    take with `len()` and roll back with `del findings[mark:]`) at one reference per finding."""

    __slots__ = ()


@functools.cache
def _unlisted(rule: str) -> Finding:
    return _Unlisted(rule, "")


def worded(f: Finding) -> Finding:
    """`f` with a lazy `message` or `allowed` (a function, as an engine may give them) made.

    An engine always makes its findings whole but may leave the costly parts as functions: the
    collector calls them only for a finding it keeps (a record can break one rule a million
    times, and past the cap nobody reads the words)."""
    message = f.message() if callable(f.message) else f.message
    allowed = f.allowed() if callable(f.allowed) else f.allowed
    return f._replace(message=message, allowed=allowed)


def all_worded(findings: Iterable[Finding]) -> bool:
    """Whether every finding is kept in full (none is a stand-in past the cap)."""
    return not any(type(f) is _Unlisted for f in findings)


def shown(findings: Iterable[Finding], kind: str = "violation") -> list[Finding]:
    """The findings to list: the first `CAP` of each rule in order, then for each rule with
    more, one closing finding "… and N more <rule> violations" carrying the count in `more`."""
    listed: dict[str, int] = {}
    more: dict[str, int] = {}
    out: list[Finding] = []
    for f in findings:
        if type(f) is _Unlisted or listed.get(f.rule, 0) >= CAP:
            more[f.rule] = more.get(f.rule, 0) + 1
        else:
            listed[f.rule] = listed.get(f.rule, 0) + 1
            out.append(f)
    for rule, n in more.items():
        out.append(Finding(rule, f"… and {n:,} more {rule} {kind}{'s' if n != 1 else ''} "
                                 f"(the first {listed.get(rule, 0)} are listed)", more=n))
    return out


class Findings:
    """Collects violations and events during a replay, in the order they were found.

    Past `CAP` findings of one rule, each further one is kept as a shared stand-in (see
    `shown`), so memory stays bounded while `len(violations)` stays the true count.
    """

    __slots__ = ("violations", "events", "_kept")

    def __init__(self) -> None:
        self.violations: list[Finding] = []
        self.events: list[Finding] = []
        # per (events?, rule): (index, finding) of the findings kept in full, at most CAP
        self._kept: dict[tuple[bool, str], list[tuple[int, Finding]]] = {}

    def clear(self) -> None:
        """Start afresh, as a new collector (the lists handed out before stay as they were)."""
        self.violations, self.events, self._kept = [], [], {}

    def violation(self, rule: str, message: str | Callable[[], str], **where: Any) -> None:
        """Add a violation of `rule`. `message` may be a function that makes it, called only
        when the finding is listed (a long record reports one rule thousands of times)."""
        self.extend([Finding(rule, message, **where)])  # type: ignore[arg-type]

    def event(self, rule: str, message: str | Callable[[], str], **where: Any) -> None:
        """Add an event (as `violation`)."""
        self.extend([Finding(rule, message, **where)], event=True)  # type: ignore[arg-type]

    def extend(self, found: Iterable[Finding], event: bool = False) -> None:
        """Violations (`event`: events) made elsewhere (an engine's, worded only if kept), kept as
        `violation` keeps them."""
        into = self.events if event else self.violations
        for f in found:
            if type(f) is _Unlisted:  # another collector's mark past the cap
                into.append(f)
            elif self._full(into, (event, f.rule)):
                into.append(_unlisted(f.rule))
            else:
                f = worded(f)
                self._kept.setdefault((event, f.rule), []).append((len(into), f))
                into.append(f)

    def _full(self, into: list[Finding], key: tuple[bool, str]) -> bool:
        """Whether `CAP` findings of the rule are kept in full and still in `into`."""
        kept = self._kept.get(key)
        if not kept:
            return False
        # A game rolls back with `del violations[mark:]`: forget the findings that are gone (the
        # newest first, so that the kept ones stay those at the lowest places, all still there).
        while kept and not (kept[-1][0] < len(into) and into[kept[-1][0]] is kept[-1][1]):
            kept.pop()
        return len(kept) >= CAP
