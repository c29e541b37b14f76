"""The options of the editor's variant, for the page to ask before a run or a match.

`kozel simulate` and `kozel play` take them as `--option NAME=VALUE`; a variant that gives an
option no default cannot be played until it is chosen (pairs: `draw_each`, `full_fish`,
`double_lead`). Each value comes with the words the rulebook says it in (docs/gen/phrase.py).
"""

from __future__ import annotations

from typing import Any

from interpreter.language.model import Option, value_text

from ..phrase import Phraser
from .files import first_variant


def _choice(option: Option, phraser: Phraser) -> dict[str, Any]:
    default = None if option.default is None else value_text(option.default)
    if isinstance(option.values, range):  # an open option: any whole number in the range
        return {"name": option.name, "values": [], "words": [], "default": default,
                "low": option.values.start, "high": option.values.stop - 1}
    return {"name": option.name, "values": [value_text(v) for v in option.values],
            "words": [phraser.option_value(option, v, link=False) for v in option.values],
            "default": default, "low": None, "high": None}


def options_of(text: str, lang: str) -> list[dict[str, Any]]:
    """The first variant's options: name, values as the file writes them, their words (HTML),
    the default (None: it must be chosen), the bounds of an open one; [] when the file has
    errors."""
    variant, _ = first_variant(text)
    if variant is None:
        return []
    phraser = Phraser(lang, "setup", variant)
    return [_choice(o, phraser) for o in variant.options]


def settled(options: Any) -> dict[str, str]:
    """The options as `--option NAME=VALUE` gives them (from the page: a JSON object)."""
    return {str(k): value_text(v) for k, v in dict(options or {}).items()}
