"""Open options: `option target: 50..1000 = 101`, any whole number in a range.

An open option's values are a `range` (a sequence, so `in`, `[0]` and random choice work as for
a listed option) that is never listed value by value: the checker declares it as one bounded Z3
integer, and everything that shows or parses the values goes through the helpers here.
"""

from __future__ import annotations

from typing import Any, Sequence

from .errors import UsageError
from .said import Said



def open_range(low: int, high: int, pos: Any, errors: list[tuple[Any, str]]) -> range:
    """The values of `option NAME: LOW..HIGH` (an empty range is an error at LOW)."""
    if low > high:
        errors.append((pos, Said("parse.option range", low=low, high=high)))
        return range(high, low + 1)
    return range(low, high + 1)


def is_open(values: Sequence[Any]) -> bool:
    """Whether an option's values are a range of whole numbers."""
    return isinstance(values, range)


def bounds(values: range) -> tuple[int, int]:
    """The lowest and the highest value of a range."""
    return values.start, values.stop - 1


def values_text(values: Sequence[Any], separator: str = " | ") -> str:
    """The values as a rule file writes them: `50..1000`, or `yes | no`."""
    if isinstance(values, range):
        low, high = bounds(values)
        return f"{low}..{high}"
    return separator.join(_text(v) for v in values)


def values_json(values: Sequence[Any]) -> Any:
    """The values for JSON: a list, or {"from": low, "to": high} for a range."""
    if isinstance(values, range):
        low, high = bounds(values)
        return {"from": low, "to": high}
    return list(values)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def open_value(name: str, values: range, given: Any) -> int:
    """The whole number given for an open option (text or a JSON number); raise UsageError."""
    low, high = bounds(values)
    number: int | None = None
    if isinstance(given, str) and given.strip().lstrip("-").isdigit() \
            and len(given.strip()) <= 12:
        number = int(given.strip())
    elif isinstance(given, int) and not isinstance(given, bool):
        number = given
    if number is None or number not in values:
        shown = given if isinstance(given, str) else _text(given)
        raise UsageError(f"option {name!r} is a whole number from {low} to {high}, "
                         f"not {shown!r}")
    return number


def nearest(values: Sequence[Any], value: int) -> Any:
    """The value of the option nearest to a number (a range: the number itself, held inside)."""
    if isinstance(values, range):
        low, high = bounds(values)
        return min(max(value, low), high)
    return min(values, key=lambda v: abs(int(v) - value))
