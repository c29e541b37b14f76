"""Hints for the slips an author makes while writing a rule text, each with its one remedy.

Text copied from a word processor or typed on a Russian keyboard brings characters that look
like the ones the language uses but are not: a dash for a minus, guillemets for quotes, a
non-breaking space, a Cyrillic `е` inside `when`. Each gets a message that names the character
and says what to write, instead of a remark about whatever the parser was reading at the time.
"""

from __future__ import annotations

from typing import Collection

from .said import Said

# Characters that are hard to tell from the ones meant, with what they are.
LOOKALIKE_NAMES = {char: Said(f"char.{key}") for char, key in {
    "–": "en dash", "—": "em dash", "−": "minus", "‐": "hyphen",
    "«": "guillemet", "»": "guillemet", "“": "curly quote", "”": "curly quote",
    "„": "low quote", "\u00a0": "nbsp", "\u2009": "thin space", "\u202f": "narrow nbsp",
}.items()}
# Cyrillic letters that look like Latin ones (lower and upper case).
CYRILLIC_TWINS = {
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j",
    "ѕ": "s", "һ": "h", "ԁ": "d", "к": "k", "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M",
    "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X", "У": "Y", "І": "I",
}


def lookalike_message(char: str, instead: str) -> tuple[str, str]:
    """The message and the one hint for a look-alike character the lexer stopped at."""
    what = LOOKALIKE_NAMES.get(char, f"U+{ord(char):04X}")
    if instead == " ":
        return Said("char.space", what=what, code=ord(char)), Said("hint.plain space")
    remedy = {'"': "hint.quotes", "..": "hint.dots", "-": "hint.minus"}.get(instead)
    return (Said("char.lookalike", char=char, what=what, instead=instead),
            Said(remedy) if remedy else Said("hint.write", instead=instead))


def latin_twin(word: str) -> str | None:
    """The word with its Cyrillic look-alike letters made Latin, when that makes it Latin."""
    if not any(c in CYRILLIC_TWINS for c in word):
        return None
    twin = "".join(CYRILLIC_TWINS.get(c, c) for c in word)
    return twin if twin.isascii() else None


def mixed_script_message(word: str, known: Collection[str]) -> str | None:
    """Say that a word has Cyrillic letters where Latin ones are meant, when it plainly does.

    A word in Latin letters with a Cyrillic one among them is always a slip; a word all in
    Cyrillic is a Russian name (names may be), unless made Latin it is a word the language knows.
    """
    twin = latin_twin(word)
    if twin is None:
        return None
    mixed = any(c.isascii() and c.isalpha() for c in word)
    if not mixed and twin not in known:
        return None
    letters = [c for c in dict.fromkeys(word) if c in CYRILLIC_TWINS]
    listed = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in letters)
    return Said("mixed.many" if len(letters) > 1 else "mixed.one", word=word, listed=listed,
                twin=twin)
