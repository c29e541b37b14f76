"""The labels of syntax errors: a mistake is named by the labelled bad example of
syntax_errors.py that fails in the same parser state (parser.py gives each its parser)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from lark.exceptions import UnexpectedInput, UnexpectedToken

from .spelling import respell_words
from .syntax_errors import ERROR_EXAMPLES, WORD_LABELS


def _examples() -> dict[str, list[str]]:
    """The table, each example also written after another item of its variant.

    Items of a variant are a left-recursive list, so the parser's stack is one deeper for every
    item after the first: without the second form a label would only fit a variant's first rule.
    """
    return {label: examples + [e.replace("{ ", '{ source "s" ', 1) for e in examples if "{ " in e]
            for label, examples in ERROR_EXAMPLES.items()}


@lru_cache(maxsize=None)
def _example_error(text: str, parse: Callable[[str], Any]) -> UnexpectedInput | None:
    try:
        parse(text)
    except UnexpectedInput as error:
        if isinstance(error, UnexpectedToken):
            error.accepts  # computed once here, compared on every later match
        return error
    return None


def label_of(error: UnexpectedInput, parser: Any, parse: Callable[[str], Any],
             spelling: str = "en") -> str | None:
    """Name the mistake by the labelled example that fails in the same parser state (`parse`:
    the parser's own, which the examples, in the file's spelling, are parsed with).

    This is lark's `match_examples` (same state, same accepted tokens, the same token preferred)
    done here: lark's own formats a debug message with `%d` on a state object and raises
    TypeError whenever two examples share a state but not the tokens they accept. A label of
    WORD_LABELS fits by its word instead, wherever the parser would take what its example's
    would (`play score:` after any rule), and goes before a label that fits by state alone.
    """
    if isinstance(error, UnexpectedToken) and error.interactive_parser is None:
        error.interactive_parser = parser.copy(deepcopy_values=False)  # for its `accepts`
    accepts = error.accepts if isinstance(error, UnexpectedToken) else None
    token = getattr(error, "token", None)
    found = by_word = None
    for label, examples in _examples_in(spelling).items():
        for example in examples:
            other = _example_error(example, parse)
            if other is None:
                continue
            if label in WORD_LABELS:
                by_word = by_word or (label if _at_the_word(other, token, accepts) else None)
                continue
            if other.state != error.state:
                continue
            if accepts is not None and isinstance(other, UnexpectedToken) \
                    and other.accepts != accepts:
                continue
            if token is not None and getattr(other, "token", None) == token:
                return label
            found = found or label
    return by_word or found


def _at_the_word(example: UnexpectedInput, token: Any, accepts: set[str] | None) -> bool:
    """Whether an example's error is at the same word, where the parser would take at least
    what the example's would."""
    return token is not None and accepts is not None and \
        isinstance(example, UnexpectedToken) and example.token == token and \
        set(example.accepts) <= set(accepts)


_EXAMPLES = _examples()


@lru_cache(maxsize=2)
def _examples_in(spelling: str) -> dict[str, list[str]]:
    """The examples in a spelling (respelled word by word: they are bad texts, not parsed)."""
    if spelling == "en":
        return _EXAMPLES
    return {label: [respell_words(e, spelling) for e in examples]
            for label, examples in _EXAMPLES.items()}
