"""A rule file's words as a reader of each language reads them: a slot's name and a slot's
kind word (`until_playable`, `optional`), a variant's reading, a text with its Russian. In
English they are the rule file's own words; in Russian the rulebook's, or quoted as code.

The rule file's words are code: an English report quotes them as they are written. A Russian
report says them as the Russian rulebook does (the catalogue's `slot label.<slot>`, which the
rulebook heads its rules with, and `labels value.<word>` for the words a few slots take), so
that nothing English is left outside quoted code.
"""

from __future__ import annotations

import re

from interpreter.language import catalogue
from interpreter.language.said import Said

_CODE_LANGS = ("en",)  # the languages whose reader reads the rule file's own words


def _has(key: str, lang: str) -> bool:
    return catalogue.has(key, lang)


class SlotName(Said):
    """A slot's name: as written in English (quoted or bare, as the English text had it), the
    rulebook's label lower-cased in quotes in Russian."""

    def __new__(cls, slot: str, quoted: bool = True) -> "SlotName":
        said = str.__new__(cls, f"`{slot}`" if quoted else slot)
        said.key, said.args = "", {"slot": slot, "quoted": quoted}
        return said

    def in_lang(self, lang: str) -> str:
        """The name in a language: the rulebook's label where the language is not code's."""
        slot, quoted = self.args["slot"], self.args["quoted"]
        if lang in _CODE_LANGS or not _has(f"slot label.{slot}", lang):
            return f"`{slot}`" if quoted else slot
        label = catalogue.text(f"slot label.{slot}", lang)
        if label.startswith("«") and label.endswith("»") and label.count("«") == 1:
            label = label[1:-1]  # «Рыба» is the heading's quotes: Рыба in a table's row
        return f"«{label}»" if quoted and "«" not in label else label

    def __reduce__(self) -> tuple[object, ...]:
        return (SlotName, (self.args["slot"], self.args["quoted"]))


class SlotValue(Said):
    """A value a slot takes as a word (`until_playable`): the word itself in English, the
    catalogue's `labels value.<word>` in Russian; any other value as it is."""

    def __new__(cls, value: str, quote: str = '"') -> "SlotValue":
        said = str.__new__(cls, f"{quote}{value}{quote}")
        said.key, said.args = "", {"value": value, "quote": quote}
        return said

    def in_lang(self, lang: str) -> str:
        """The value in a language: the catalogue's word where it has one."""
        value, quote = self.args["value"], self.args["quote"]
        key = f"labels value.{value}"
        if lang in _CODE_LANGS or not _has(key, lang):
            return f"{quote}{value}{quote}"
        return f"«{catalogue.text(key, lang)}»"

    def __reduce__(self) -> tuple[object, ...]:
        return (SlotValue, (self.args["value"], self.args["quote"]))



class VariantName(Said):
    """A variant's name under one of its readings or one side of a relation, `minsk (added)`:
    the part in brackets is the rule file's code, quoted as such beside Russian words."""

    def __new__(cls, name: str) -> "VariantName":
        said = str.__new__(cls, name)
        said.key, said.args = "", {"name": name}
        return said

    def in_lang(self, lang: str) -> str:
        """The name, its bracketed code quoted outside English."""
        name = self.args["name"]
        found = re.fullmatch(r"(.+) \((\w+)\)", name)
        if lang in _CODE_LANGS or found is None:
            return name
        return f"{found.group(1)} (`{found.group(2)}`)"

    def __reduce__(self) -> tuple[object, ...]:
        return (VariantName, (self.args["name"],))


class QuotedText(Said):
    """A text a rule file writes with its Russian (`relation "..." ru "..."`), quoted as the
    English report always quoted it (`'...'`), in the reader's language where the file has it."""

    def __new__(cls, en: str, ru: str | None) -> "QuotedText":
        said = str.__new__(cls, repr(en))
        said.key, said.args = "", {"en": en, "ru": ru}
        return said

    def in_lang(self, lang: str) -> str:
        """The text quoted, the Russian one for "ru" where the file gives it."""
        ru = self.args["ru"]
        return repr(ru if lang == "ru" and ru else self.args["en"])

    def __reduce__(self) -> tuple[object, ...]:
        return (QuotedText, (self.args["en"], self.args["ru"]))
