"""One way to say a text for people: a key of the catalogue (catalogue.py, one per language
for the whole program) and its arguments.

A `Said` is a str whose value is the English text (what the JSON, the language server, the
records and every old reader of a message keep, byte for byte), carrying the key and the
arguments that say it in another language (`said.in_lang("ru")`). Every layer says its texts
with this one class: the front end's diagnostics, the engine's stops, the checker's findings, the
commands and the simulation. An argument that is itself a `Said` (a did-you-mean, a type's
words, what the parser expected) is said in the same language; any other argument is formatted
as it is, so `{name!r}` quotes a name the same in both.
"""

from __future__ import annotations

from typing import Any, Iterable

from . import catalogue


class Said(str):
    """A text of the catalogue: English as a str, any language by `in_lang`."""

    key: str
    args: dict[str, Any]

    def __new__(cls, key: str, **args: Any) -> "Said":
        said = super().__new__(cls, render(key, args, "en"))
        said.key, said.args = key, args
        return said

    def in_lang(self, lang: str) -> str:
        """Return the text in a language of the catalogue (English where it has no entry)."""
        return render(self.key, self.args, lang)

    def __reduce__(self) -> tuple[Any, ...]:  # diagnostics cross worker processes
        return (_said, (type(self), self.key, self.args))


def say(lang: str, key: str, **args: Any) -> str:
    """Return a catalogue entry said in a language, its arguments in the same language."""
    return Said(key, **args).in_lang(lang)


_IN_LANG = Said.in_lang  # a text whose class says it so has its English as its str


def _said(kind: type[Said], key: str, args: dict[str, Any]) -> Said:
    return kind(key, **args)


def render(key: str, args: dict[str, Any], lang: str) -> str:
    """The catalogue's text for a key in a language, its nested texts said in that language."""
    return catalogue.text(key, lang).format(**{
        name: said_in(value, lang) if hasattr(value, "in_lang") else value
        for name, value in args.items()})


def said_in(message: Any, lang: str) -> str:
    """A text in a language: a Said through the catalogue, anything else as it is."""
    if lang == "en" and isinstance(message, Said) and type(message).in_lang is _IN_LANG:
        # its str is this very rendering, made when it was built: a text nested n deep is not
        # rendered n times over (a situation under a stop nests a dozen)
        return str.__str__(message)
    say = getattr(message, "in_lang", None)
    return say(lang) if callable(say) else str(message)


class Listed(Said):
    """Words joined as `a, b or c` (or `and`), each said in the language of the whole."""

    def __new__(cls, items: Iterable[Any], last: str = "or") -> "Listed":
        words = list(items)
        english = catalogue.text(f"conjunction.{last}", "en")
        said = str.__new__(cls, _joined([str(w) for w in words], english))
        said.key, said.args = "", {"items": words, "last": last}
        return said

    def in_lang(self, lang: str) -> str:
        """Return the list with each word, and the conjunction, in the language."""
        words = [said_in(w, lang) for w in self.args["items"]]
        return _joined(words, catalogue.text(f"conjunction.{self.args['last']}", lang))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Listed, (self.args["items"], self.args["last"]))


def _joined(words: list[str], conjunction: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


class Joined(Said):
    """Texts side by side with a separator (`; `, `, `), each said in the language of the whole."""

    def __new__(cls, items: Iterable[Any], separator: str = ", ") -> "Joined":
        parts = list(items)
        said = str.__new__(cls, separator.join(str(p) for p in parts))
        said.key, said.args = "", {"items": parts, "separator": separator}
        return said

    def in_lang(self, lang: str) -> str:
        """Return the parts in the language, joined by the separator."""
        return self.args["separator"].join(said_in(p, lang) for p in self.args["items"])

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.args["items"], self.args["separator"]))


class Either(Said):
    """A text whose English comes from elsewhere (the system's words for an OS error), with
    the catalogue's words for it in other languages (`key`), English where it has none."""

    def __new__(cls, english: str, key: str) -> "Either":
        said = str.__new__(cls, english)
        said.key, said.args = key, {"english": english}
        return said

    def in_lang(self, lang: str) -> str:
        """Return the catalogue's words in `lang`, or the English as given."""
        if lang not in catalogue.LANGS[1:] or not catalogue.has(self.key, lang):
            return str(self.args["english"])
        return catalogue.text(self.key, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Either, (self.args["english"], self.key))
