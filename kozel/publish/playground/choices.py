"""The options of the editor's variant, for the page to ask before a run or a match.

`kozel simulate` and `kozel play` take them as `--option NAME=VALUE`; a variant that gives an
option no default cannot be played until it is chosen (pairs: `draw_each`, `full_fish`,
`double_lead`). The page names an option and its values by the words the rulebook says them in
(kozel/publish/phrase.py: the file's `say` words in the page's language), never by its code name;
a run or a table asked without a choice it needs is refused in those words (`unchosen`).
"""

from __future__ import annotations

from typing import Any, Iterable

from interpreter.language.model import Option, Variant, value_text
from interpreter.language.slots import BOOL

from .. import lexicon as lx
from ..phrase import Phraser
from ..ui import word
from .files import first_variant


class PlainMarkup:
    """Phrases as plain text: the page sets them as text, so nothing in them is markup."""

    def author(self, text: str) -> str:
        """A rule author's words, as they are."""
        return text

    def fixed(self, text: str) -> str:
        """The program's own words, as they are."""
        return text

    def code(self, text: str) -> str:
        """A name as the rule file writes it."""
        return text

    formula = code

    def tiles(self, tiles: Iterable[tuple[int, int]], *, row: bool) -> str:
        """Tiles as text (`6-6 5-5`)."""
        return " ".join(f"{a}-{b}" for a, b in tiles) or "—"

    def link(self, option: str, words: str) -> str:
        """An option's words (a label links nowhere)."""
        return words


PLAIN = PlainMarkup()


def label(option: Option, phraser: Phraser) -> str:
    """An option as the rulebook names it: by its values' words where the file gives them
    («с бонусами или без бонусов»), else by what is agreed and its values."""
    values = () if isinstance(option.values, range) else option.values
    said = [w for w in (option.said(v, phraser.lang) for v in values) if w is not None]
    if values and len(said) == len(values):
        return _listed(said, phraser.lang)
    if phraser.options.get(option.name) == BOOL:
        return phraser.agreed_values(option)
    return phraser.option(option.name, yes=True)


def _listed(words: list[str], lang: str) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + lx.OR[lang] + words[-1]


def _choice(option: Option, phraser: Phraser) -> dict[str, Any]:
    default = None if option.default is None else value_text(option.default)
    named = {"name": option.name, "label": label(option, phraser), "default": default}
    if isinstance(option.values, range):  # an open option: any whole number in the range
        return named | {"values": [], "words": [], "low": option.values.start,
                        "high": option.values.stop - 1}
    return named | {"values": [value_text(v) for v in option.values],
                    "words": [phraser.option_value(option, v, link=False) for v in option.values],
                    "low": None, "high": None}


def options_of(text: str, lang: str) -> list[dict[str, Any]]:
    """The first variant's options: name, label (plain text, the rulebook's words), values as
    the file writes them and their words, the default (None: it must be chosen), the bounds of
    an open one; [] when the file has errors."""
    variant, _ = first_variant(text)
    if variant is None:
        return []
    phraser = Phraser(lang, "setup", variant, PLAIN)
    return [_choice(o, phraser) for o in variant.options]


def unchosen(variant: Variant, options: dict[str, str], lang: str) -> str | None:
    """What to ask before a run or a table when an option with no default is not chosen (in
    `lang`, naming the option by its words); None when every such option has a value."""
    missing = [o for o in variant.options if o.default is None and o.name not in options]
    if not missing:
        return None
    phraser = Phraser(lang, "setup", variant, PLAIN)
    return word(lang, "playfix_choose_first").format(option=label(missing[0], phraser))


def settled(options: Any) -> dict[str, str]:
    """The options as `--option NAME=VALUE` gives them (from the page: a JSON object)."""
    return {str(k): value_text(v) for k, v in dict(options or {}).items()}
