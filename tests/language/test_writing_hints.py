"""Errors found while writing a variant: each slip gets the one hint that fixes it."""

from __future__ import annotations

import pytest

from interpreter.language.errors import Diagnostic, RuleFileError
from interpreter.language.parser import parse_text
from libraries import resolve


def parse_errors(body: str) -> list[Diagnostic]:
    with pytest.raises(RuleFileError) as caught:
        parse_text(f"variant t extends minsk {{\n{body}\n}}\n", "t.kozel")
    return caught.value.diagnostics


def resolve_errors(body: str) -> list[Diagnostic]:
    with pytest.raises(RuleFileError) as caught:
        resolve(f"variant t extends minsk {{\n{body}\n}}\n")
    return caught.value.diagnostics


def test_a_value_spelt_like_a_function_suggests_the_value() -> None:
    (error,) = resolve_errors("  sides: partner")
    assert error.message == "unknown name 'partner' (did you mean 'partners'?)"
    assert error.hint == "partner(...) is a function, not a value"


def test_where_the_function_can_be_used_the_hint_says_to_call_it() -> None:
    (error,) = resolve_errors("  loser: partner = winner")
    assert error.message == "'partner' is a function: write partner(...)"


@pytest.mark.parametrize("char, message, hint", [
    ("–", "unexpected character '–' (an en dash; did you mean '-'?)",
     "write a plain hyphen-minus `-` (for a tile like 3-5, or a subtraction)"),
    ("—", "unexpected character '—' (an em dash; did you mean '-'?)",
     "write a plain hyphen-minus `-` (for a tile like 3-5, or a subtraction)"),
    ("\u00a0", "unexpected character a non-breaking space (U+00A0)",
     "write a plain space; text copied from a word processor often carries such spaces"),
])
def test_a_look_alike_in_an_if_gets_its_own_hint_not_one_about_if(
        char: str, message: str, hint: str) -> None:
    (error,) = parse_errors(f"  deal: if players = 2 then 7 {char}1 else 6")
    assert (error.message, error.hint) == (message, hint)
    assert "`if`" not in error.hint


def test_guillemets_say_how_a_text_is_quoted() -> None:
    (error,) = parse_errors("  deal: 7 cite «семь»")
    assert error.message == "unexpected character '«' (a guillemet; did you mean '\"'?)"
    assert error.hint == 'a quoted text is written between plain double quotes: "..."'


@pytest.mark.parametrize("body, column, word, latin", [
    ("  deal: 7 whеn players = 2", 11, "whеn", "when"),       # Cyrillic е in a keyword
    ("  dеal: 7", 3, "dеal", "deal"),                          # ... in a rule slot
    ("  deal: 7 when players = 2 сite \"x\"", 28, "сite", "cite"),
])
def test_cyrillic_letters_in_keywords_are_named(body: str, column: int, word: str,
                                                latin: str) -> None:
    (error,) = parse_errors(body)
    assert error.column == column
    assert error.message.startswith(f"unexpected name: {word!r} is written with the Cyrillic "
                                    "letter")
    assert error.message.endswith(f"where a Latin letter is meant: write {latin!r}")
    assert error.hint == ""


def test_cyrillic_letters_in_a_term_are_named() -> None:
    (error,) = resolve_errors("  deal: 6 when plаyers = 2\n  deal: 7 otherwise")
    assert error.message == ("unknown name: 'plаyers' is written with the Cyrillic letter 'а' "
                             "(U+0430) where a Latin letter is meant: write 'players'")


def test_a_russian_name_is_not_taken_for_a_slip() -> None:
    resolve("variant t extends minsk {\n  option счёт: 100 | 300 = 100\n"
            "  goat: total > счёт\n}\n")


@pytest.mark.parametrize("written, suggested", [
    ("side != winner", "side != team(winner)"),
    ("winner = side", "team(winner) = side"),
])
def test_a_side_compared_with_a_seat_suggests_team(written: str, suggested: str) -> None:
    (error,) = resolve_errors(f"  loser: {written}")
    assert error.message == f"cannot compare a side with a seat: {written!r}"
    assert error.hint == f"a seat's side is team(SEAT): write `{suggested}`"
    resolve(f"variant t extends minsk {{\n  loser: {suggested}\n}}\n")  # and the fix is valid
