"""What if: a record judged and scored under other house rules than its own, and what changes.

    >>> from scorekeep import whatif
    >>> w = whatif.compare("samples/oh-hell-seed-example.yaml", {"failed_score": "tricks"})
    >>> w.totals_changed(), w.base_sheet.winner, w.sheet.winner

An override is `KEY=VALUE` as a user types it (`failed_score=tricks`, `hook=false`,
`rank_points=[5, 3, 1, 0]`): the value is read as YAML, exactly as it would be read under the
record's `rules:`, so an unknown key or value is an input error that lists the valid ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from . import fields
from .errors import Finding, InputError
from .game import Audit, Game, Sheet
from .options import not_an_option
from .yamlio import Map, Node, Scalar, parse

__all__ = ["PartialWhatIf", "WhatIf", "compare", "compare_partial", "parse_pairs", "rule_values", "with_rules"]


def parse_pairs(texts: Iterable[str]) -> dict[str, str]:
    """`KEY=VALUE` texts (the `--rule` options) → {key: value}; the last one given wins."""
    out: dict[str, str] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--rule `{text}`: write KEY=VALUE, e.g. `--rule failed_score=tricks`")
        out[key.strip()] = value.strip()
    return out


def rule_values(game: Game, overrides: Mapping[str, str]) -> tuple[dict[str, Node], dict[str, Any]]:
    """The overrides as YAML nodes and as read values, by option. Raises InputError for an
    unknown key or value, naming the valid ones."""
    nodes: dict[str, Node] = {}
    values: dict[str, Any] = {}
    for key, text in overrides.items():
        opt = game.OPTIONS.get(key)
        where = f"--rule {key}={text}"
        if opt is None:
            raise InputError(f"{where}: `{key}` {not_an_option(key, game.name, game.OPTIONS)}")
        if not text:
            raise InputError(f"{where}: give a value ({opt.values})")
        try:
            nodes[key] = parse(text)
            values[key] = opt.read(nodes[key], f"option `{key}`")
        except InputError as e:
            message = e.message
            if "valid values" not in message and opt.values not in message:
                message += f" (valid values: {opt.values})"
            raise InputError(f"{where}: {message}") from None
    return nodes, values


def with_rules(root: Map, game: Game, overrides: Mapping[str, str]) -> Map:
    """The record's top mapping with `overrides` put into its `rules:` (replacing what it says
    for those keys). Raises InputError as `rule_values`."""
    nodes = rule_values(game, overrides)[0]
    old = root.get("rules")
    rules = Map(old.line if old is not None else root.line)
    if isinstance(old, Map):
        for k, v in old.pairs:
            if k.value not in nodes:
                rules.add(k, v)
    for key, node in nodes.items():
        rules.add(Scalar(key, rules.line, True), node)
    new = Map(root.line)
    for k, v in root.pairs:
        if k.value != "rules":
            new.add(k, v)
    new.add(Scalar("rules", rules.line, True), rules)
    return new


class WhatIf(NamedTuple):
    """One record audited and scored under its own rules (`base`) and under the overrides."""

    game: str
    overrides: dict[str, Any]
    """Option → the value it was given."""
    own: dict[str, Any]
    """Option → the value the record's own rules give it."""
    base: Audit
    audit: Audit
    base_sheet: Sheet
    sheet: Sheet

    def totals_changed(self) -> dict[str, tuple[int, int]]:
        """Player (or team) → (total under the record's rules, total under the overrides), for
        those that differ."""
        before, after = self.base_sheet.totals, self.sheet.totals
        return {k: (before.get(k, 0), after.get(k, 0)) for k in dict.fromkeys([*before, *after])
                if before.get(k, 0) != after.get(k, 0)}

    def violations_added(self) -> list[Finding]:
        """Violations under the overrides that the record's own rules do not give."""
        return _minus(self.audit.violations, self.base.violations)

    def violations_removed(self) -> list[Finding]:
        """Violations under the record's own rules that the overrides do away with."""
        return _minus(self.base.violations, self.audit.violations)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": dict(self.overrides),
            "own_rules": dict(self.own),
            "totals_before": dict(self.base_sheet.totals),
            "totals_after": dict(self.sheet.totals),
            "winner_before": self.base_sheet.winner,
            "winner_after": self.sheet.winner,
            "violations_added": [v.to_json() for v in self.violations_added()],
            "violations_removed": [v.to_json() for v in self.violations_removed()],
        }


def _minus(a: list[Finding], b: list[Finding]) -> list[Finding]:
    seen = {(f.rule, tuple(f.location().items())) for f in b}
    return [f for f in a if (f.rule, tuple(f.location().items())) not in seen]


def compare(path: str, overrides: Mapping[str, str]) -> WhatIf:
    """Audit and score one record file under its own rules and under `overrides`. Raises the
    first InputError (with the path) when the file or an override cannot be read."""
    p = compare_partial(path, overrides)
    if p.errors:
        raise p.errors[0]
    assert p.what_if is not None
    return p.what_if


class PartialWhatIf(NamedTuple):
    """A what-if reading of a record read on past its unreadable hands or games (as
    `api.load`): both audits cover the part before the first unreadable one."""

    what_if: WhatIf | None
    """None when nothing could be judged (the header, or the YAML itself, is unreadable)."""
    errors: list[InputError]
    """Every input error of the file, in file order, each with the path."""
    warnings: list[fields.ReadWarning]


def compare_partial(path: str, overrides: Mapping[str, str], data: bytes | None = None) -> PartialWhatIf:
    """Like `compare`, but a slip in one hand does not hide the rest: the record is read on past
    its unreadable hands (every input error is returned) and both readings are judged and scored
    up to the first one. `data` is the file's bytes read elsewhere (standard input). Raises
    InputError only for an override that cannot be read (an unknown option or value)."""
    from . import api

    base = api.load(path, text=data)
    if base.record is None:  # the header, or the YAML itself: nothing to judge
        return PartialWhatIf(None, base.errors, base.warnings)
    try:
        values = rule_values(base.game, overrides)[1]
    except InputError as e:
        e.path = base.path
        raise
    other = api.load(path, text=data, overrides=overrides)
    # the same slips are found twice; an override can add its own (another deal pattern)
    seen = {(e.line, e.message) for e in base.errors}
    errors = base.errors + [e for e in other.errors if (e.line, e.message) not in seen]
    what_if = None
    if other.record is not None:  # (a readable header stays readable under readable overrides)
        try:
            own, audit = api.audit(base, partial=True), api.audit(other, partial=True)
            what_if = WhatIf(base.game.name, values, {k: own.header.options[k] for k in values}, own, audit,
                             base.game.sheet(own), base.game.sheet(audit))
        except InputError as e:  # a reading only the replay can find unreadable
            errors.append(e)
    return PartialWhatIf(what_if, errors, base.warnings)


def against_own(path: str, audit: Audit, data: bytes | None = None) -> tuple[list[Finding], list[Finding]]:
    """The violations an audit under overrides adds to, and removes from, the same record file
    (or `data` read elsewhere, e.g. standard input) audited under its own rules: (added, removed)."""
    from . import api

    base = api.audit(api.load(path, text=data, strict=True))
    return _minus(audit.violations, base.violations), _minus(base.violations, audit.violations)


def show_value(value: Any) -> str:
    """An option value as a user writes it: `true`, `tricks`, `[5, 3, 1, 0]`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(map(show_value, value)) + "]"
    return "the default" if value is None else str(value)
