"""House-rule options: each has a name, values, a default and the rule ids it changes."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from . import fields
from .errors import InputError
from .yamlio import Node, Scalar


class Option(NamedTuple):
    """One option of a game's `rules:` mapping."""

    name: str
    default: Any
    values: str
    """The accepted values, as shown to users (`true`, `false`)."""
    help: str
    rules: tuple[str, ...]
    """The rule ids whose judgement this option changes."""
    read: Callable[[Node, str], Any]
    """Reads the YAML value; raises InputError listing the valid values."""


def switch_option(name: str, default: bool, help: str, rules: Sequence[str]) -> Option:
    return Option(name, default, "`true`, `false`", help, tuple(rules), fields.switch)


def choice_option(name: str, choices: Sequence[str], help: str, rules: Sequence[str]) -> Option:
    """An option whose first choice is the default."""
    return Option(name, choices[0], fields.listing(choices), help, tuple(rules),
                  lambda node, what: fields.choice(node, what, choices))


def whole_option(name: str, default: int, help: str, rules: Sequence[str],
                 low: int | None = None, high: int | None = None) -> Option:
    def read(node: Node, what: str) -> int:
        n = fields.whole(node, what)
        if (low is not None and n < low) or (high is not None and n > high):
            bounds = f"{low if low is not None else '…'} to {high if high is not None else '…'}"
            raise InputError(f"{what} must be from {bounds}, not {n}", node.line)
        return n
    return Option(name, default, "a whole number", help, tuple(rules), read)


def read_options(node: Node | None, options: Mapping[str, Option], game: str) -> dict[str, Any]:
    """The `rules:` mapping with every option filled in (defaults for those not given)."""
    chosen = {name: opt.default for name, opt in options.items()}
    if node is None or (isinstance(node, Scalar) and node.is_null):
        return chosen
    m = fields.mapping(node, "`rules`")
    for key, value in m.pairs:
        opt = options.get(key.value)
        if opt is None:
            raise InputError(f"`{key.value}` {not_an_option(key.value, game, options)}", key.line)
        chosen[opt.name] = opt.read(value, f"option `{opt.name}`")
    return chosen


def not_an_option(key: str, game: str, options: Mapping[str, Option]) -> str:
    """`is not an oh-hell option — did you mean `hook`? (options: …)`."""
    article = "an" if game[:1] in ("a", "e", "i", "o", "u") else "a"
    return (f"is not {article} {game} option{fields.did_you_mean(key, options)} "
            f"(options: {fields.listing(options)})")
