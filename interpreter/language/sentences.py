"""A source text cut into sentences, for the concordance (interpreter/language/concordance.py).

The rule texts are Russian prose wrapped at arbitrary places, with numbered points ("2.1."),
headings on lines of their own and lists of tiles. `sentences` cuts a text so:

* a sentence ends at `.`, `!`, `?` or `…` (with the closing quotes or brackets right after it)
  when what follows is the end of the text, a line break, or a space and then a capital letter,
  a digit, a quote or a dash; outside quotes («…» and "…") only;
* it does not end at the abbreviations "т. е.", "см." and the like, nor at a point's number:
  "2.1." or "_А." at the start of a sentence belongs to the sentence it numbers;
* a line break ends a sentence only where the line has no final punctuation and the next
  non-blank line does not go on with it (a lower-case word, a bracket, a dash, a digit, or a
  line ending in `,` `:` `;` `-` before it): such a line is a heading, a point of a list or a
  fragment, and stands as a sentence of its own; otherwise line breaks are joined;
* whitespace inside a sentence is one space, as in citations (`flat`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ENDS = ".!?…"
_CLOSERS = "»\")"
_OPENERS = {"«": "»"}
_NUMBERING = re.compile(r"(?:\d+(?:\.\d+)*\.|_[А-ЯЁA-Z]\.)(?=\s)")
# words after which a full stop is an abbreviation, not an end (lower case)
_ABBREVIATIONS = {"т", "е", "см", "напр", "стр", "им", "ср", "др"}
_GOES_ON = re.compile(r"[a-zа-яё(\-–—0-9<]")


def flat(text: str) -> str:
    """Return text with every run of whitespace as one space, as citations are compared."""
    return re.sub(r"\s+", " ", text).strip()


@dataclass(frozen=True)
class Sentence:
    """One sentence of a source text: its text (whitespace flattened) and its first line."""

    text: str
    line: int


def _lines_to_blocks(text: str) -> list[tuple[int, str]]:
    """Join the text's lines into blocks that can only end where a sentence ends: a line
    without final punctuation that the next line does not go on with closes its block."""
    lines = text.splitlines()
    blocks: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if not current:
            start = number
        current.append(line)
        previous = lines[number - 2].strip() if number > 1 else ""  # a blank line: ""
        rest = lines[number:]
        blank = bool(rest) and not rest[0].strip()
        filled = [nxt.strip() for nxt in rest if nxt.strip()][:2]
        following = (filled + [""])[0]
        after = rest[1].strip() if len(rest) > 1 and not blank else ""  # the next line's next
        if not following or not _goes_on(line, following, blank, after if not blank else "",
                                         previous):
            blocks.append((start, " ".join(current)))
            current = []
    return blocks


def _first_word(line: str) -> str:
    match = re.match(r"[^\W\d_]+", line)
    return match.group(0) if match else ""


def _listed(line: str, following: str, after: str, before: str) -> bool:
    """True when a line and the next are in a list whose points start with the same word, on
    lines that follow one another (`before`, `after`: the lines next to them, "" if blank)."""
    word = _first_word
    return bool(word(following)) and (
        word(line) == word(following) or word(following) == word(after)
        or (bool(word(line)) and word(line) == word(before)))


def _goes_on(line: str, following: str, blank: bool, after: str = "",
             before: str = "") -> bool:
    """True when the next line continues this one (see the module's docstring)."""
    bare = line.rstrip(_CLOSERS + " ")
    if bare and bare[-1] in _ENDS:
        return following[:1].islower()  # "т. е." at the end of a line, or a new sentence
    numbered = _NUMBERING.match(line + " ")
    if numbered:
        return numbered.end() >= len(line)  # a bare number has its text on the next line
    if _listed(line, following, after, before):
        return False  # the points of a list: "дупль 0-0, то …" / "дупль 1-1, то …"
    continued = bool(_GOES_ON.match(following))
    if blank:  # across a blank line only a sentence cut in the middle of a phrase goes on
        return continued and (bare[-1:].islower() or bare[-1:] in ",;(-")
    return continued
def _ends_here(block: str, i: int) -> bool:
    """True when the punctuation at block[i] (followed by closers) ends a sentence."""
    j = i + 1
    while j < len(block) and block[j] in _CLOSERS:
        j += 1
    if j >= len(block):
        return True
    if block[j] != " ":
        return False
    after = block[j + 1:j + 2]
    if block[i] == "." and re.search(r"(?:^|\s)\d+$", block[:i]):
        return False  # a point's number inside a sentence: "надписи 1. Свободен и 2. Свободен"
    if block[i] == "." and _abbreviation(block, i):
        word = _word_before(block, i)
        return word in {"д", "п"} and after.isupper()
    return after.isupper() or after.isdigit() or after in "«\"-–—_" \
        or (after == "<" and block[i] == ".")


def _word_before(block: str, i: int) -> str:
    match = re.search(r"(\w+)$", block[:i])
    return match.group(1) if match else ""


def _abbreviation(block: str, i: int) -> bool:
    word = _word_before(block, i)
    return word in _ABBREVIATIONS or (len(word) == 1 and word.islower() and word.isalpha()) \
        or word in {"д", "п"}


def _split_block(block: str) -> list[str]:
    """Cut one block at its sentence ends, outside quotes."""
    found: list[str] = []
    start, depth, plain_quote, i = 0, 0, False, 0
    numbering = _NUMBERING.match(block)
    i = numbering.end() if numbering else 0
    while i < len(block):
        ch = block[i]
        if ch in _OPENERS:
            depth += 1
        elif ch == "»":
            depth = max(0, depth - 1)
        elif ch == '"':
            plain_quote = not plain_quote
        elif ch in _ENDS and depth == 0 and not plain_quote and _ends_here(block, i):
            end = i + 1
            while end < len(block) and block[end] in _CLOSERS:
                end += 1
            found.append(block[start:end])
            start = end
            rest = block[start:].lstrip()
            numbering = _NUMBERING.match(rest)
            i = start + (len(block[start:]) - len(rest)) + (numbering.end() if numbering else 0)
            continue
        i += 1
    if block[start:].strip():
        found.append(block[start:])
    return [flat(s) for s in found if flat(s)]


def sentences(text: str) -> list[Sentence]:
    """Return the sentences of a source text, each with the line it starts on."""
    result: list[Sentence] = []
    for start, block in _lines_to_blocks(text):
        lines = _line_starts(text, start)
        offset = 0
        for sentence in _split_block(block):
            result.append(Sentence(sentence, _line_of(lines, block, offset, start)))
            offset += len(sentence) + 1
    return result


def _line_starts(text: str, start: int) -> list[str]:
    return text.splitlines()[start - 1:]


def _line_of(lines: list[str], block: str, offset: int, start: int) -> int:
    """The line a sentence starting at `offset` of its block is on."""
    seen = 0
    number = start
    for line in lines:
        if not line.strip():
            number += 1
            continue
        seen += len(line.strip()) + 1
        if seen > offset:
            return number
        number += 1
    return start


__all__ = ["Sentence", "flat", "sentences"]
