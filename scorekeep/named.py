"""`NamedTuple` as `typing.NamedTuple` makes it, for a third less start-up.

`typing.NamedTuple` checks every field's annotation, and under `from __future__ import
annotations` each one is a string that it compiles into a `ForwardRef`: about 25 µs a
field, which over the hundred-odd fields a command loads is milliseconds of every start-up.
This base makes the same class (`collections.namedtuple` with the class body's methods,
docstring and defaults copied in) and keeps the annotations as written.

    from scorekeep.named import NamedTuple

    class Play(NamedTuple):
        player: str
        line: int = 0
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING, Any

__all__ = ["NamedTuple"]

# as in typing: what a class body may not set, and what is not copied from it
_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
                         "_make", "_replace", "_asdict", "_source"})
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


class _NamedTupleMeta(type):
    def __new__(mcs, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        if not bases:  # `NamedTuple` itself
            return super().__new__(mcs, typename, bases, ns)
        if bases != (_Base,):
            raise TypeError("a NamedTuple inherits from NamedTuple only")
        types: dict[str, Any] = ns.get("__annotations__", {})
        defaults: list[Any] = []
        for name in types:
            if name in ns:
                defaults.append(ns[name])
            elif defaults:
                raise TypeError(f"{typename}: field {name} without a default follows fields with defaults")
        cls = collections.namedtuple(typename, types, defaults=defaults, module=ns["__module__"])
        cls.__annotations__ = cls.__new__.__annotations__ = dict(types)
        for key, value in ns.items():
            if key in _PROHIBITED:
                raise AttributeError(f"cannot overwrite NamedTuple attribute {key}")
            if key not in _SPECIAL and key not in cls._fields:
                setattr(cls, key, value)
        return cls


class _Base(metaclass=_NamedTupleMeta):
    pass


if TYPE_CHECKING:  # type checkers see typing's, which makes the same classes
    from typing import NamedTuple
else:
    NamedTuple = _Base
    """Subclass it exactly as `typing.NamedTuple` (class syntax only): the class made is a
    plain `collections.namedtuple` class, as typing's is."""
