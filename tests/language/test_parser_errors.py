"""Syntax errors: the labelled examples, recovery, messages in words, unreadable files."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.language.errors import Diagnostic, RuleFileError, did_you_mean
from interpreter.language.parser import (ERROR_EXAMPLES, MAX_ERRORS, MAX_FILE_BYTES, expected_words,
                                parse_file, parse_text, read_rule_file)

GOOD_BODY = """  players 2..4
  sides: individual
  deal: 7
"""


def errors_of(text: str) -> list[Diagnostic]:
    """Return the diagnostics parsing the text raises (it must raise)."""
    with pytest.raises(RuleFileError) as caught:
        parse_text(text, "t.kozel")
    return caught.value.diagnostics


LABELLED = [(label, example) for label, examples in ERROR_EXAMPLES.items() for example in examples]


@pytest.mark.parametrize("label,example", LABELLED, ids=[e for _, e in LABELLED])
def test_every_labelled_example_gets_its_own_label(label: str, example: str) -> None:
    assert errors_of(example)[0].hint == label


INSIDE = [(label, example) for label, example in LABELLED if "{ " in example]


@pytest.mark.parametrize("label,example", INSIDE, ids=[e for _, e in INSIDE])
def test_labels_also_fit_a_rule_after_the_first(label: str, example: str) -> None:
    later = example.replace("{ ", "{ players 2\n  ", 1)
    assert errors_of(later)[0].hint == label


def test_expected_tokens_are_words_not_terminal_names() -> None:
    (error,) = errors_of("variant v { deal: }")
    assert error.message == ("unexpected '}'; expected `unspecified` or a value (like 7, 3-5 "
                             "or pips(hand))")
    for terminal in ("NAME", "INT", "TILE", "SIGNED_INT", "LPAR", "RBRACE", "$END"):
        assert terminal not in error.message


def test_expected_words_group_what_belongs_together() -> None:
    assert expected_words({"INT", "TILE", "NAME", "LPAR", "LSQB", "IF", "NOT", "YES", "NO"}) == \
        "a value (like 7, 3-5 or pips(hand))"
    assert expected_words({"RPAR", "COMMA"}) == "`)` or `,`"
    assert expected_words({"STRING"}) == 'a quoted text like "..."'


def test_errors_have_position_source_line_and_caret() -> None:
    (error,) = errors_of("variant v {\n  deal 7\n}")
    assert (error.file, error.line, error.column) == ("t.kozel", 2, 8)
    assert error.render().splitlines() == [
        "t.kozel:2:8: error: unexpected number 7; expected `:`",
        "      deal 7",
        "           ^",
        "    hint: a rule needs `:` after its slot name",
    ]


def test_the_caret_lines_up_under_tabs() -> None:
    (error,) = errors_of("variant v {\n\tdeal 7\n}")
    source, caret = error.render().splitlines()[1:3]
    assert source == "    \tdeal 7" and caret == "    \t     ^"


def test_independent_mistakes_are_all_reported_once() -> None:
    text = ("variant v {\n  deal 7\n  fish: blocked blocked\n  score: (1 +\n"
            "  goat: total >\n  loser: yes cite 3\n}\n")
    lines = [(e.line, e.message.split(";")[0]) for e in errors_of(text)]
    assert lines == [(2, "unexpected number 7"), (3, "unexpected name 'blocked'"),
                     (4, "incomplete line: expected a value (like 7, 3-5 or pips(hand)) after '+'"),
                     (5, "incomplete line: expected a value (like 7, 3-5 or pips(hand)) after '>'"),
                     (6, "unexpected number 3")]


def test_an_unclosed_variant_does_not_hide_the_next_one() -> None:
    text = "variant a {\n  deal: 7\nvariant b {\n  deal 7\n}\n"
    first, second = errors_of(text)
    assert first.message == "variant 'a' (line 1) is not closed with `}` before the next `variant`"
    assert (second.line, second.message) == (4, "unexpected number 7; expected `:`")


def test_a_flood_of_errors_stops_with_a_note() -> None:
    text = "variant v {\n" + "  deal 7\n" * (MAX_ERRORS + 5) + "}\n"
    errors = errors_of(text)
    assert len(errors) == MAX_ERRORS + 1
    assert errors[-1].severity == "note" and "too many errors" in errors[-1].message


@pytest.mark.parametrize("text,message", [
    ("variant v { scor: 1 }", "unknown rule slot 'scor' (did you mean 'score'?)"),
    ("variant v { scores: 1 }", "unknown rule slot 'scores' (did you mean 'score'?)"),
    ("variant v { lead game: holder(1-1) }", "unknown rule slot 'lead game' (did you mean 'lead match'?)"),
    ("variant v { lead: hand }", "`lead` needs a second word: lead match, lead round, lead tile"),
    ("variant v { hand_value: 1 }", "unknown rule slot 'hand_value' (did you mean 'hand value'?)"),
    ("variant v { two double: yes }", "unknown rule slot 'two double' (did you mean 'two doubles'?)"),
    ("variant v { opton t: 1 }", "unknown rule slot 'opton' (did you mean 'option'?)"),
])
def test_misspelt_slots_get_a_suggestion(text: str, message: str) -> None:
    assert errors_of(text)[0].message == message


@pytest.mark.parametrize("char,said", [
    ("≥", "did you mean '>='?"), ("≤", "did you mean '<='?"), ("≠", "did you mean '!='?"),
    ("&", "did you mean 'and'?"), ("“", "a curly quote; did you mean '\"'?"),
    ("−", "a minus sign; did you mean '-'?"),
])
def test_look_alike_characters_get_a_suggestion(char: str, said: str) -> None:
    (error,) = errors_of(f"variant v {{ fish: left {char} right }}")
    assert error.message == f"unexpected character {char!r} ({said})"


def test_a_dash_in_a_player_range_suggests_two_dots() -> None:
    (error,) = errors_of("variant v { players 2–4 }")
    assert error.message == "unexpected character '–' (an en dash; did you mean '..'?)"
    assert error.hint == "a range of numbers is written with two dots: 2..4"


@pytest.mark.parametrize("text", [
    "", "}", "{", "variant", "variant v", "variant v {", '"', "variant v { deal: \"",
    "variant v { deal: ((((((((((((((((((((1 }", "variant v { deal: 1 1 1 1 1 1 1 1 }",
    "\x00\x01\x02", "variant v { deal: 7 } }", "variant v { deal: 7 }\n}\n}\nvariant",
    "variant v { claim play \"x\": }", "variant v {\n" * 50, "-- only a comment",
    "variant v { players 99999999999999999999999..2 }", "variant v { deal: 7 -- }",
])
def test_broken_text_raises_our_error_never_a_traceback(text: str) -> None:
    try:
        parse_text(text, "t.kozel")
    except RuleFileError as error:
        assert error.diagnostics and all(d.message for d in error.diagnostics)


def test_a_byte_order_mark_is_ignored() -> None:
    rule_file = parse_text("\ufeffvariant v { deal: 7 }", "t.kozel")
    assert rule_file.variants[0].name == "v"


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("data,message", [
    (b"", "file is empty; expected `variant NAME { ... }`"),
    (b"  \n\t\n", "file is empty; expected `variant NAME { ... }`"),
    (b"\xef\xbb\xbf\n", "file is empty; expected `variant NAME { ... }`"),
    (b"variant\x00v", "file is binary, not a rule text"),
    ("variant v {}\n-- Минск\n".encode("cp1251"), "file is not UTF-8 text (byte 16 is 0xcc)"),
])
def test_unreadable_files_get_one_line(tmp_path: Path, data: bytes, message: str) -> None:
    with pytest.raises(RuleFileError) as caught:
        read_rule_file(write(tmp_path, "f.kozel", data))
    (error,) = caught.value.diagnostics
    assert error.message == message
    assert len(str(caught.value).splitlines()) == 1


def test_the_line_of_a_bad_byte_is_given(tmp_path: Path) -> None:
    path = write(tmp_path, "f.kozel", b"variant v {\n  deal: 7\n  -- \xff\n}\n")
    with pytest.raises(RuleFileError) as caught:
        read_rule_file(path)
    assert caught.value.diagnostics[0].line == 3


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = write(tmp_path, "f.kozel", b"-" * (MAX_FILE_BYTES + 1))
    with pytest.raises(RuleFileError, match="file is too large"):
        read_rule_file(path)


def test_a_missing_file_or_a_folder_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(RuleFileError, match="cannot read file: no such file"):
        parse_file(tmp_path / "missing.kozel")
    with pytest.raises(RuleFileError, match="is a folder"):
        parse_file(tmp_path)


def test_did_you_mean_prefers_a_different_case_then_a_close_word() -> None:
    assert did_you_mean("Score", ["score", "scores"]) == " (did you mean 'score'?)"
    assert did_you_mean("targte", ["target", "total"]) == " (did you mean 'target'?)"
    assert did_you_mean("zzz", ["target"]) == ""
    assert did_you_mean("target", ["target"]) == ""
