"""What checking a record can report: input errors (can't read) and findings (rule breaches and events)."""

from __future__ import annotations

from typing import Any, NamedTuple

# Order of location fields in messages and JSON: coarse to fine, then who, then where in the file.
LOCATION_FIELDS = ("set", "game", "hand", "trick", "play", "player")


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
        where = self.path or "<record>"
        if self.line is not None:
            where += f":{self.line}"
        return f"{where}: {self.message}"

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

    def location(self) -> dict[str, int | str]:
        """The location fields that apply, coarse to fine."""
        return {k: v for k in LOCATION_FIELDS if (v := getattr(self, k)) is not None}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "message": self.message, "line": self.line}
        out.update(self.location())
        if self.allowed is not None:
            out["allowed"] = list(self.allowed)
        if self.see:
            out["see"] = list(self.see)
        return out


class Findings:
    """Collects violations and events during a replay, in the order they were found."""

    __slots__ = ("violations", "events")

    def __init__(self) -> None:
        self.violations: list[Finding] = []
        self.events: list[Finding] = []

    def violation(self, rule: str, message: str, **where: Any) -> None:
        self.violations.append(Finding(rule, message, **where))

    def event(self, rule: str, message: str, **where: Any) -> None:
        self.events.append(Finding(rule, message, **where))
