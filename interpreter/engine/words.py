"""The engine's kinds of text for people: seats and sides named, texts joined, a text kept as
the JSON writes it, a rule file's own words, a count whose word agrees with it.

Every text is a `Said` (interpreter/language/said.py): a catalogue key (the engine's entries are
the section "engine" of interpreter/language/words/*.json) and its arguments, whose str is the
English text.

One numbering for people: a seat or a side is named from 1 (`seat_said`, `side_said`) in every
text a person reads; the JSON, the records and the Python API keep the engine's numbers, from 0.
An error raised to a program (IllegalMove) names both: `seat 1 (index 0)` (`seat_indexed`).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from ..language import catalogue
from ..language.numbers import counted
from ..language.said import Said, render, said_in  # noqa: F401 (readers' import)


def joined(items: Iterable[Any], key: str = "list") -> Any:
    """Return items joined by ", " (or another pair entry), each said in the reader's language."""
    items = list(items)
    if not items:
        return ""
    together = items[0]
    for item in items[1:]:
        together = Said(key, a=together, b=item)
    return together


def seat_no(seat: int) -> int:
    """Return a seat's number for people: the engine's seat 0 is seat 1 at the table."""
    return seat + 1


def seat_said(seat: int) -> Said:
    """Name a seat for people, numbered from 1: `seat 1` / `место 1`."""
    return Said("seat", no=seat_no(seat))


def seat_indexed(seat: int) -> Said:
    """Name a seat in an error a program's author reads: `seat 1 (index 0)`, the number people
    count beside the value the program holds (`Game.seat`, `IllegalMove.seat`)."""
    return Said("seat index", no=seat_no(seat), index=seat)


def side_said(side: int, seats: Iterable[int] = ()) -> Said:
    """Name a side for people, numbered from 1, with its seats where it has several:
    `side 1 (seats 1 and 3)` / `сторона 1 (места 1 и 3)`."""
    seats = tuple(seats)
    if len(seats) > 1:
        return Said("side seats", no=side + 1,
                    seats=joined([str(seat_no(s)) for s in seats], "seats and"))
    return Said("side", no=side + 1)


class Kept(Said):
    """A text whose str stays what the JSON and the records have always carried (the engine's
    numbers, from 0), while people read it through the catalogue, seats from 1, in their
    language: a situation under a stop, a side's name in a witness."""

    _args: dict[str, Any] | None
    _build: Callable[[], Any] | None

    def __new__(cls, kept: str, said: Any) -> "Kept":
        text = str.__new__(cls, kept)
        text.key, text._args, text._build = "", {"kept": kept, "said": said}, None
        return text

    @classmethod
    def later(cls, kept: str, build: Callable[[], Any]) -> "Kept":
        """A kept text whose words for people are built by `build` only when first read: a
        search's rule stops are counted, and seldom read (so `build` must hold a copy of
        what it says, not a situation the engine goes on changing)."""
        text = str.__new__(cls, kept)
        text.key, text._args, text._build = "", None, build
        return text

    @property  # type: ignore[override]
    def args(self) -> dict[str, Any]:
        """{"kept": the str, "said": the text for people}, as for any `Kept`."""
        if self._args is None:
            assert self._build is not None
            self._args, self._build = {"kept": str.__str__(self), "said": self._build()}, None
        return self._args

    @args.setter
    def args(self, value: dict[str, Any]) -> None:
        self._args, self._build = value, None

    def in_lang(self, lang: str) -> str:
        """Return the text for people in a language (English too is numbered from 1)."""
        return said_in(self.args["said"], lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Kept, (self.args["kept"], self.args["said"]))


def written_in_russian(text: str) -> bool:
    """True for words an author wrote in Russian: Cyrillic letters and, outside quoted code,
    no Latin word (a house rule's reason written straight in Russian, `assume "в нашем клубе
    играют до 150 очков"`, is no English text wanting a translation)."""
    prose = re.sub(r"`[^`]*`", "", text)
    return bool(_CYRILLIC.search(prose)) and not _LATIN.search(prose)


_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_LATIN = re.compile(r"[A-Za-z]")


class Written(Said):
    """A rule file's own words (an assumption's reason, a case's note), with their Russian
    where the file gives it (`ru "..."`): said in either language without a catalogue entry.
    Where the file has no Russian, the Russian text says so and quotes the author's English."""

    def __new__(cls, en: str, ru: str | None = None) -> "Written":
        said = str.__new__(cls, en)
        said.key, said.args = "", {"en": en, "ru": ru}
        return said

    def in_lang(self, lang: str) -> str:
        """Return the words in a language: the Russian ones for "ru", else the English (words
        written only in Russian are the author's Russian, said as they are in both)."""
        if lang != "ru" or written_in_russian(self.args["en"]):
            return str(self.args["en"])
        return self.args["ru"] or f"(в файле правил это сказано только по-английски) \"{self.args['en']}\""

    def __reduce__(self) -> tuple[Any, ...]:
        return (Written, (self.args["en"], self.args["ru"]))


class Count(Said):
    """A count with its word agreeing in the reader's language («1 раунд, 5 раундов»); the
    English str is `english` when given (a text the JSON has always carried)."""

    def __new__(cls, count: int, word: str, english: str | None = None) -> "Count":
        said = str.__new__(cls, english if english is not None else
                           counted(count, catalogue.forms(f"count.{word}", "en"), "en"))
        said.key, said.args = "", {"count": count, "word": word, "english": english}
        return said

    def in_lang(self, lang: str) -> str:
        """Return the count and its word in the form the language gives that number."""
        return counted(self.args["count"], catalogue.forms(f"count.{self.args['word']}", lang),
                       lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Count, (self.args["count"], self.args["word"], self.args["english"]))
