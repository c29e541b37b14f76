"""The words of a drawn witness (a table scene) and of the comparison page, in both languages.

All of them are the catalogue's (interpreter/language/words/*.json, section "site: scene").
Seats and sides are numbered from 1 in everything people read (records number them from 0).
"""

from __future__ import annotations

from interpreter.language import catalogue

# the catalogue's section "site: scene", keys "scene.<key>" (interpreter/language/words/*.json)
SCENE_WORDS: dict[str, dict[str, str]] = catalogue.by_language("scene.", "site: scene")


def scene_word(lang: str, key: str, **values: object) -> str:
    """Return a word of the scene or the comparison page in a language, filled in."""
    text = SCENE_WORDS[lang].get(key, key)
    return text.format(**values) if values else text
