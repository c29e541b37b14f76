"""The catalogue of words: every text the program says to people, by key, in one file per
language for the whole program (words/en.json, words/ru.json): the front end's diagnostics,
the engine's stops, the checker's findings, the commands' tables, the simulation's report, the
witnesses and the glossary's terms.

A file is a JSON object of sections, one per package that says the texts ("engine", "checks",
...), each an object of key → text; a key is unique across the whole file, so no package's
entry shadows another's (reading a file with a key twice is an error, not a silent choice).
A text is a `str.format` template; an entry whose words agree with a number (section
"counted") gives a form per CLDR plural category, and Babel says which one a number takes
(numbers.py). Plain JSON, read in about a millisecond at the start of a command; why not
gettext's .po: docs/architecture.md, "One catalogue of words".
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Mapping

LANGS = ("en", "ru")  # the languages every text is said in; English is the default
FOLDER = Path(__file__).with_name("words")
Entry = str | dict[str, str]  # a text, or its forms by plural category


class CatalogueError(ValueError):
    """A catalogue file that defines a key twice (in one section or in two)."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (json.load would keep the last silently)."""
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise CatalogueError(f"{key!r} is defined twice")
        seen[key] = value
    return seen


def read_sections(text: str) -> dict[str, dict[str, Entry]]:
    """Read a catalogue file's text: its sections, each key → entry; a key twice is an error."""
    sections: dict[str, dict[str, Entry]] = json.loads(text, object_pairs_hook=_unique)
    owner: dict[str, str] = {}
    for section, entries in sections.items():
        for key in entries:
            if key in owner:
                raise CatalogueError(f"{key!r} is defined by both {owner[key]!r} and "
                                     f"{section!r}")
            owner[key] = section
    return sections


@cache
def sections(lang: str) -> dict[str, dict[str, Entry]]:
    """Return a language's catalogue by section (English for a language it does not have)."""
    name = lang if lang in LANGS else "en"
    return read_sections((FOLDER / f"{name}.json").read_text(encoding="utf-8"))


@cache
def entries(lang: str) -> dict[str, Entry]:
    """Return a language's catalogue as one table, key → entry."""
    return {key: entry for part in sections(lang).values() for key, entry in part.items()}


def has(key: str, lang: str = "en") -> bool:
    """True when the catalogue has an entry for the key."""
    return key in entries(lang)


def text(key: str, lang: str) -> str:
    """Return the template of a key in a language (its English where the language has none)."""
    found = entries(lang).get(key) or entries("en")[key]
    assert isinstance(found, str), f"{key!r} is a counted entry"
    return found


def forms(key: str, lang: str) -> Mapping[str, str]:
    """Return a counted entry's words by plural category in a language."""
    found = entries(lang).get(key) or entries("en")[key]
    assert isinstance(found, dict), f"{key!r} is not a counted entry"
    return found


def by_language(prefix: str, section: str) -> dict[str, dict[str, str]]:
    """Return a section's texts whose keys start with `prefix`, by language, then by the rest
    of the key (the shape of a page's table of fixed words)."""
    return {lang: keys_under(prefix, section, lang) for lang in LANGS}


def keys_under(prefix: str, section: str, lang: str = "en") -> dict[str, str]:
    """Return a section's texts whose keys start with `prefix`, by the rest of the key."""
    return {key[len(prefix):]: entry for key, entry in sections(lang)[section].items()
            if key.startswith(prefix) and isinstance(entry, str)}
