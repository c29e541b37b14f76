"""The concordance of a variant's source text: every sentence and what accounts for it.

A sentence of the text a variant's `source` names (cut by sentences.py) is accounted for by

* every rule case, option, `players`, claim or `default ... stated` with a `cite` whose text
  overlaps the sentence where it occurs in the source (a cite may be a part of a sentence, or
  run over several; a cite that is a whole sentence word for word counts for that sentence
  only, wherever else its words occur), and
* every `aside` whose text overlaps it: the author's statement that those words state no rule
  (a heading, a greeting, an example, ...), with the reason.

Citations and asides are compared as citations are checked (source_texts.py): whitespace,
quotes, ё/е and dashes written alike, the text otherwise as written. Where a cite or an aside was written does not matter: one a variant inherits counts
for its own source wherever the same words are there (pairs' text repeats minsk's). A
sentence neither accounts for is `unaccounted`, which `kozel check` reports. The criterion is
overlap, so a sentence with several rule statements needs each statement cited (or set
aside) by the author: the concordance shows which words each account quotes.

An aside that is not in its source, or that sets aside words a cite of the same variant
quotes, is an error at the aside: a sentence states a rule or it does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

from .ast import NOWHERE, Pos
from .model import Aside, Citation, Variant
from .said import Said
from .sentences import Sentence, sentences
from .source_texts import normalised, read_source

# The kinds of sentence that state no rule: the word written after `because`, with its
# meaning in English and Russian (what the concordance and the site say).
ASIDE_KINDS: dict[str, tuple[str, str]] = {
    "heading": ("a heading", "заголовок"),
    "greeting": ("a greeting or a farewell", "приветствие или прощание"),
    "remark": ("the author's remark, no rule", "замечание автора, правила нет"),
    "software": ("about the program or the server, not the game",
                 "о программе или сервере, а не об игре"),
    "example": ("an example of a rule stated elsewhere",
                "пример к правилу, изложенному в другом месте"),
    "definition": ("a definition of a word, no rule", "определение слова, правила нет"),
    "tiles": ("the list of the tiles of a set", "перечень костей набора"),
    "purpose": ("the aim of the game, which the scoring rules say",
                "цель игры, которую выражают правила счёта"),
    "chat": ("the thread around the rules: who wrote or asked, replies; no rule",
             "обсуждение вокруг правил: кто написал или спросил, ответы; правила нет"),
    "physics": ("the physics of line dominoes, which the engine always plays (rounds, turns "
                "clockwise, a tile laid against an end that matches it)",
                "физика домино, которую движок соблюдает всегда (раунды, ход по часовой "
                "стрелке, камень кладётся к концу с тем же числом)"),
}


@dataclass(frozen=True)
class Account:
    """What accounts for a sentence: a rule, option, claim or stated default (`what` names
    it: a slot, `option NAME`, `players`, `claim`, `default SLOT`) at its place."""

    what: str
    pos: Pos


@dataclass(frozen=True)
class Entry:
    """One sentence of the source with what accounts for it."""

    sentence: Sentence
    rules: tuple[Account, ...] = ()
    asides: tuple[tuple[str, str | None], ...] = ()  # (reason, reason in Russian)

    @property
    def accounted(self) -> bool:
        """True when a cite or an aside accounts for the sentence."""
        return bool(self.rules or self.asides)


@dataclass(frozen=True)
class Concordance:
    """A source text sentence by sentence, for one variant."""

    file: str  # the source's name as the variant writes it
    entries: tuple[Entry, ...]

    def unaccounted(self) -> list[Entry]:
        """Return the entries that neither a cite nor an aside accounts for."""
        return [e for e in self.entries if not e.accounted]


def _read(path: str) -> tuple[str, tuple[Sentence, ...]]:
    return _cut(read_source(Path(path)))


@lru_cache(maxsize=16)
def _cut(text: str) -> tuple[str, tuple[Sentence, ...]]:
    """The text as quotes are compared (normalised: as long as flat, sentence for sentence),
    and its sentences as written."""
    return normalised(text), tuple(sentences(text))


def occurrences(text: str, quote: str) -> Iterator[tuple[int, int]]:
    """The spans of every occurrence of a quote in a normalised text (whitespace, quotes, ё
    and dashes written alike, as a cite is checked: source_texts.py)."""
    needle = normalised(quote)
    start = text.find(needle) if needle else -1
    while start >= 0:
        yield start, start + len(needle)
        start = text.find(needle, start + 1)


DEPARTED = "house rule"  # what cited a sentence in the rule a house rule replaced or dropped


def cited_items(variant: Variant) -> Iterator[tuple[str, Pos, Citation]]:
    """Every citation of a variant with what carries it and where that is written."""
    for cite in variant.player_cites:
        yield "players", variant.players_pos, cite
    for option in variant.options:
        yield from ((f"option {option.name}", option.pos, c) for c in option.cites)
    for slot, cases in variant.slots:
        for case in cases:
            yield from ((slot, case.pos, c) for c in case.cites)
    for claim in variant.claims:
        yield from (("claim", claim.pos, c) for c in claim.cites)
    for restated in variant.restatements:  # a sentence that says a slot's rule again
        yield from ((f"restates {restated.slot}", restated.pos, c) for c in restated.cites)
    for stated in variant.stated_defaults:
        yield from ((f"default {stated.slot}", stated.pos, c) for c in stated.cites)
    for pos, cites in variant.departed:  # a house rule that replaces or drops what cited it
        yield from ((DEPARTED, pos, c) for c in cites)


def concordance(variant: Variant) -> Concordance | None:
    """Return the concordance of the variant's source text, or None when the text is not
    found beside the rule file."""
    if variant.source_file is None or variant.source is None:
        return None
    text, found = _read(variant.source_file)
    spans = []
    offset = 0
    for sentence in found:
        spans.append((offset, offset + len(sentence.text)))
        offset += len(sentence.text) + 1
    rules: list[list[Account]] = [[] for _ in found]
    asides: list[list[tuple[str, str | None]]] = [[] for _ in found]
    for what, pos, cite in cited_items(variant):
        for i in _accounted(found, spans, text, cite.quote):
            if Account(what, pos) not in rules[i]:
                rules[i].append(Account(what, pos))
    for aside in variant.asides:
        for i in _accounted(found, spans, text, aside.text):
            if (aside.reason, aside.reason_ru) not in asides[i]:
                asides[i].append((aside.reason, aside.reason_ru))
            # the author said what became of a sentence the house rule dropped: that is its account
            rules[i] = [r for r in rules[i] if r.what != DEPARTED]
    return Concordance(variant.source, tuple(
        Entry(s, tuple(r), tuple(x)) for s, r, x in zip(found, rules, asides)))


def _accounted(found: tuple[Sentence, ...], spans: list[tuple[int, int]], text: str,
               quote: str) -> list[int]:
    """The sentences a quote accounts for: those it is, word for word, where it is a whole
    sentence (a heading '"Рыба"' is not every sentence that starts with it); else every
    sentence an occurrence of it overlaps."""
    whole = [i for i, s in enumerate(found) if normalised(s.text) == normalised(quote)]
    if whole:
        return whole
    return sorted({i for a, b in occurrences(text, quote) for i in _overlapping(spans, a, b)})


def _overlapping(spans: list[tuple[int, int]], a: int, b: int) -> list[int]:
    return [i for i, (s, e) in enumerate(spans) if a < e and b > s]


def check_asides(variant: Variant, own: Callable[[Pos], bool],
                 source_of: Callable[[Aside], Path | None],
                 error: Callable[[Pos, str, str], None]) -> None:
    """Report each of the variant's own asides that is not in its source text, or that sets
    aside words one of the variant's cites quotes (where its source, `source_of`, is read)."""
    for aside in variant.asides:
        if not own(aside.pos):
            continue  # an inherited aside was checked with its parent
        path = source_of(aside)
        if path is None:
            continue
        text, _ = _read(str(path))
        spans = list(occurrences(text, aside.text))
        if not spans:
            error(aside.pos, Said("aside.not in source", source=aside.source),
                  Said("aside.not in source hint"))
            continue
        for what, pos, cite in cited_items(variant):
            if what == DEPARTED:
                continue  # a house rule may set aside a sentence only the rule it drops cites
            if cite.source == aside.source and any(
                    a < d and b > c for a, b in spans for c, d in occurrences(text, cite.quote)):
                error(aside.pos, _cited_by(what, pos, aside.pos), Said("aside.cited hint"))
                break


def _cited_by(what: str, pos: Pos, aside: Pos) -> Said:
    """Which rule cites the words an aside sets aside: of which file, where it is another."""
    if pos.file and pos.file != aside.file:
        return Said("aside.cited elsewhere", what=what, line=pos.line, file=Path(pos.file).name)
    return Said("aside.cited", what=what, line=pos.line)


def aside_reason(kind: str | None, reason: str | None, ru: str | None
                 ) -> tuple[str, str | None]:
    """The reason of an aside in English and Russian: its kind's words, or its own."""
    if kind is not None and kind in ASIDE_KINDS:
        return ASIDE_KINDS[kind]
    return reason or "", ru


__all__ = ["ASIDE_KINDS", "Account", "Concordance", "Entry", "NOWHERE", "aside_reason",
           "check_asides", "concordance", "cited_items", "occurrences"]
