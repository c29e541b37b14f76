"""The command line's own words in the reader's language: `--help`, the usage line and the
usage errors argparse writes.

The language is known before argparse prints anything: `--lang X` (or `--lang=X`) read from the
command line ahead of the parser, else the environment's KOZEL_LANG (`kozel --help` has no
`--lang`), else English. Each help text of kozel's parsers is a `Said` of the catalogue (section
"commands: help"): the formatter says it in the language. argparse's own words ("usage:",
"options", its error messages) go through the `_()` and `ngettext()` its module looked up from
gettext; while a command line is read in another language, those two names of the argparse
module say the catalogue's translation of each message (keys `labels argparse.<message>`), and
they are put back afterwards. The placeholders of the arguments (VARIANT, NAME=VALUE) are said
word by word from the catalogue (keys `labels metavar.<WORD>`); the choices a person types
(`{en,ru}`) stay as written. English reads exactly as argparse writes it.
"""

from __future__ import annotations

import argparse
import copy
import os
import re
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from interpreter.language import catalogue
from interpreter.language.said import Said, said_in

ENVIRONMENT = "KOZEL_LANG"


def requested_lang(words: Sequence[str]) -> str:
    """The language a command line asks for, read before the parser is built."""
    for i, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(words):
            return _known(words[i + 1])
        if word.startswith("--lang="):
            return _known(word[len("--lang="):])
    return _known(os.environ.get(ENVIRONMENT, "en"))


def _known(lang: str) -> str:
    return lang if lang in catalogue.LANGS else "en"


def formatter_in(lang: str, base: type[argparse.HelpFormatter]) -> type[argparse.HelpFormatter]:
    """A help formatter of the kind a parser asked for, saying its texts in `lang`."""
    if lang == "en":
        return base
    return type(f"{base.__name__}In{lang.title()}", (_SaidFormatter, base), {"lang": lang})


class _SaidFormatter(argparse.HelpFormatter):
    """Says a parser's description, epilog and each argument's help in its `lang`."""

    lang = "en"

    def _format_text(self, text: str) -> str:
        return super()._format_text(said_in(text, self.lang))

    def _expand_help(self, action: argparse.Action) -> str:
        if hasattr(action.help, "in_lang"):  # a copy: the parser keeps its own action
            action = copy.copy(action)
            action.help = said_in(action.help, self.lang)
        return super()._expand_help(action)

    def _metavar_formatter(self, action: argparse.Action, default_metavar: str
                           ) -> Callable[[int], tuple[str, ...]]:
        english: Any = super()._metavar_formatter(action, default_metavar)
        if action.choices is not None and action.metavar is None:
            return english  # `{en,ru}`: the words a person types
        return lambda size: tuple(metavar_in(m, self.lang) for m in english(size))


_PLACEHOLDER_WORD = re.compile(r"[A-Z]+")


def metavar_in(metavar: str, lang: str) -> str:
    """An argument's placeholder (VARIANT, NAME=VALUE, VARIANT|FILE|DIR) said in `lang`."""
    if lang == "en":
        return metavar
    return _PLACEHOLDER_WORD.sub(
        lambda word: catalogue.text(f"labels metavar.{word.group()}", lang), metavar)


@contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """argparse's own messages in `lang` while the block runs (English: untouched)."""
    _SAYING.append(lang)
    try:
        if lang == "en":
            yield
        else:
            with _argparse_said_in(lang):
                yield
    finally:
        _SAYING.pop()


@contextmanager
def _argparse_said_in(lang: str) -> Iterator[None]:
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = lambda message: _translated(message, lang)  # type: ignore[attr-defined]
    argparse.ngettext = lambda one, many, n: _translated(  # type: ignore[attr-defined]
        one if n == 1 else many, lang)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def saying() -> str:
    """The language the command line is being read in (argparse's messages, a type's error)."""
    return _SAYING[-1] if _SAYING else "en"


_SAYING: list[str] = []  # the languages of the command lines being read, innermost last


def examples(*lines: str) -> Said:
    """A command's examples for its help's end: `example:` (or `examples:`) and each line."""
    key = "labels help.example" if len(lines) == 1 else "labels help.examples"
    return Said(key, lines="\n".join(f"  {line}" for line in lines))


def _translated(message: str, lang: str) -> str:
    key = f"labels argparse.{message}"
    return catalogue.text(key, lang) if catalogue.has(key, lang) else message
