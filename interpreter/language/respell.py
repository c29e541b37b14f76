"""A rule file in the other spelling (`kozel fmt FILE --lang ru|en`), losslessly.

Token by token, driven by the real Lark lexer of the file's own spelling: each keyword token
(or run of tokens making one phrase, `lead match` ↔ `первый ход матча`) and each built-in name
is replaced by its counterpart of spelling.py's table, and every other byte (comments, quotes,
blank lines, layout) is kept. A printer from the syntax tree would lose comments and layout;
a search-and-replace on the text could not tell a keyword from a word inside a quote, or the
keyword `with` from the function `with`; the lexer can. So respelling a file and respelling
the result back gives the original bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from .errors import Diagnostic, RuleFileError, source_lines
from .parser import _lark, parse_text
from .said import Said
from .spelling import keywords, names, spelling_of

_BOM = "\ufeff"
_NAME_TYPES = {"NAME"}
_WORD_TYPES = {"CONTEXT", "TITLE_LANG", "_EXTENDS"}  # named terminals whose text is a keyword


@dataclass(frozen=True)
class _Span:
    """A piece of the text to put in place of text[start:end]."""

    start: int
    end: int
    text: str


def respell(text: str, target: str, file: str = "<text>") -> str:
    """The rule text in `target` spelling ("en" or "ru"); a text that does not parse is an error."""
    bom = _BOM if text.startswith(_BOM) else ""
    body = text[len(bom):]
    source = spelling_of(body)
    if source == target:
        return text
    model = parse_text(body, file)  # the file's own errors, positioned, before anything else
    tokens = list(_tokens(body, source))
    _refuse_clashes(tokens, body, source, target, file)
    spans = list(_spans(tokens, body, source, target, file))
    pieces, at = [], 0
    for span in spans:
        pieces += [body[at:span.start], span.text]
        at = span.end
    respelled = "".join(pieces) + body[at:]
    try:  # the same model or nothing: a respelling that would change the meaning is refused
        same = parse_text(respelled, file) == model
    except RuleFileError:
        same = False
    if not same:
        raise RuleFileError([Diagnostic(file, 1, 1, Said("ruspell.fmt meaning"),
                                        source_lines(body)[0] if body else "")])
    return bom + respelled


def _refuse_clashes(tokens: list[Any], text: str, source: str, target: str, file: str) -> None:
    """A name of the file's own (an option, say) that is a word of the other spelling would
    mean that word there (`игроков` the number of players): refused at its place."""
    own_words = names(source, target)
    taken = dict(names(target, source))
    for phrase, meaning in keywords(target, source).items():
        for word in phrase.split():
            taken.setdefault(word, meaning)
    for token in tokens:
        if token.type in _NAME_TYPES and str(token) not in own_words and str(token) in taken:
            raise RuleFileError([Diagnostic(file, token.line, token.column, Said(
                "ruspell.fmt clash", name=str(token), meaning=taken[str(token)]),
                source_lines(text)[token.line - 1])])


def _tokens(text: str, spelling: str) -> Iterator[Any]:
    """Every token of the text as the parser's own (contextual) lexer reads it."""
    parser = _lark(spelling).parse_interactive(text)
    yield from parser.iter_parse()


def _is_keyword(token: Any, spelling: str) -> bool:
    if token.type in _WORD_TYPES:
        return True
    if token.type in _NAME_TYPES:
        return False
    pattern = _lark(spelling).get_terminal(token.type).pattern
    return pattern.type == "str" and any(c.isalpha() for c in pattern.value)


def _spans(tokens: list[Any], text: str, source: str, target: str,
           file: str) -> Iterator[_Span]:
    words, built_in = keywords(source, target), names(source, target)
    longest = max(len(p.split()) for p in words)
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type in _NAME_TYPES:
            if str(token) in built_in:
                yield _Span(token.start_pos, token.end_pos, built_in[str(token)])
            index += 1
            continue
        if not _is_keyword(token, source):
            index += 1
            continue
        count, phrase = _phrase_at(tokens, index, words, longest, source)
        last = tokens[index + count - 1]
        _check_one_line(text, tokens[index:index + count], phrase, file)
        yield _Span(token.start_pos, last.end_pos, words[phrase])
        index += count


def _phrase_at(tokens: list[Any], index: int, words: dict[str, str], longest: int,
               source: str) -> tuple[int, str]:
    """The longest phrase of the table that the keyword tokens from `index` spell."""
    for count in range(longest, 0, -1):
        run = tokens[index:index + count]
        if len(run) < count or not all(_is_keyword(t, source) for t in run):
            continue
        phrase = " ".join(" ".join(str(t).split()) for t in run)
        if phrase in words:
            return count, phrase
    token = tokens[index]
    raise RuleFileError([Diagnostic("<respell>", token.line, token.column, Said(
        "ruspell.fmt phrase", phrase=str(token)))])  # a keyword the table lacks: a bug of ours


def _check_one_line(text: str, run: list[Any], phrase: str, file: str) -> None:
    """A phrase's words are respelled as one, so they are apart by one space each: any other
    gap (a comment, a line end, two spaces) could not be given back on the way back."""
    gaps = [text[a.end_pos:b.start_pos] for a, b in zip(run, run[1:])]
    inner = [c for t in run for c in str(t) if c.isspace()]  # `на основе` is one token
    if any(gap != " " for gap in gaps) or any(c != " " for c in inner) or any(
            "  " in str(t) for t in run):
        first = run[0]
        raise RuleFileError([Diagnostic(file, first.line, first.column, Said(
            "ruspell.fmt phrase", phrase=phrase), source_lines(text)[first.line - 1])])
