"""Generated syntax (hypothesis.extra.lark.from_lark): it parses, or fails with our own error.

from_lark knows the grammar but not the contextual lexer, and glues keywords to names at
times, so a generated text is not always valid: the property is only that nothing but
RuleFileError ever escapes, from the parser or the resolver.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from interpreter.language.errors import RuleFileError
from interpreter.language.model import Variant
from interpreter.language.parser import grammar_text, parse_text
from interpreter.language.resolve import Library
from tiers import examples

GRAMMAR = Lark(grammar_text(), parser="lalr", lexer="contextual")
# Printable names and texts keep failures readable; control characters are covered below.
ASCII = st.characters(min_codepoint=32, max_codepoint=126) | st.sampled_from("ёЖß\t\n")
# from_lark takes most of the time (tens of milliseconds a text): modest counts keep this quick.
FUZZ = settings(max_examples=examples(60), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def check(text: str) -> None:
    """Parse and resolve every variant of the text; only RuleFileError may escape."""
    try:
        library = Library()
        for decl in library.add_text(text, "fuzz.kozel"):
            try:
                assert isinstance(library.resolve(decl.name), Variant)
            except RuleFileError as error:
                assert error.diagnostics
    except RuleFileError as error:
        assert error.diagnostics and all(d.message for d in error.diagnostics)


@FUZZ
@given(from_lark(GRAMMAR, alphabet=ASCII))
def test_generated_syntax_parses_or_fails_with_our_error(text: str) -> None:
    check(text)


@settings(FUZZ, max_examples=examples(40))
@given(from_lark(GRAMMAR, alphabet=ASCII), st.data())
def test_damaged_syntax_fails_with_our_error(text: str, data: st.DataObject) -> None:
    """Cut, duplicate or insert anywhere: the recovery must still end in a RuleFileError."""
    at = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(at, len(text)))
    noise = data.draw(st.text(st.characters(blacklist_categories=("Cs",)), max_size=4))
    check(text[:at] + noise + text[end:])
    check(text[:at] + text[at:end] * 2 + text[end:])


@settings(max_examples=examples(200), deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=60))
def test_any_text_fails_with_our_error_or_parses(text: str) -> None:
    check(text)


def test_a_text_from_the_grammar_can_parse() -> None:
    """The fuzzing is not vacuous: a generated text of the simplest shape is a variant."""
    assert parse_text("variant v { }", "f.kozel").variants[0].name == "v"
