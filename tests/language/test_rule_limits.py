"""The limits on a rule text's shape (issue 9): too deep a text gets a positioned error, never
a RecursionError, a Python SyntaxError from generated code or an int-string ValueError.

The small hostile inputs are kept as a corpus in tests/corpus/rules/ (each file's first line
says the error it must give, `-- expect LINE:COL: words`); the big ones are made here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.engine import prepare
from interpreter.language.errors import RuleFileError
from interpreter.language.limits import MAX_EXPRESSION_DEPTH, MAX_EXTENDS_DEPTH
from interpreter.language.resolve import Library
from libraries import MINSK, resolve

ROOT = Path(__file__).resolve().parents[2]
CORPUS = sorted((Path(__file__).parents[1] / "corpus" / "rules").glob("*.kozel"))
EXPECT = re.compile(r"^-- expect (\d+):(\d+): (.*)$", re.MULTILINE)


def errors_of(text: str, name: str = "t") -> list[str]:
    """The diagnostics of a text as `line:col: message`."""
    with pytest.raises(RuleFileError) as caught:
        resolve(text, name)
    return [f"{d.line}:{d.column}: {d.message}" for d in caught.value.diagnostics]


def test_the_corpus_is_there() -> None:
    assert len(CORPUS) >= 6


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_each_corpus_file_gives_its_positioned_error(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    line, column, message = EXPECT.search(text).groups()  # type: ignore[union-attr]
    library = Library()
    library.add_file(MINSK)
    with pytest.raises(RuleFileError) as caught:
        for decl in library.add_file(path):
            library.resolve(decl.name)
    first = caught.value.diagnostics[0]
    assert (first.line, first.column) == (int(line), int(column))
    assert message in first.message


def deal(body: str) -> str:
    return f"variant t extends minsk {{\n  deal: {body}\n}}\n"


@pytest.mark.parametrize("text", [
    deal("7" + " + 0" * 199), deal("if " + "not " * 491 + "yes then 7 else 7"),
    deal("if yes then " * 3000 + "7" + " else 7" * 3000), deal("max(" * 600 + "7" + ", 1)" * 600),
], ids=["plus", "not", "if", "call"])
def test_deep_nesting_is_refused_where_it_goes_too_deep(text: str) -> None:
    (error,) = errors_of(text)
    assert "nested too deeply" in error and error.startswith("2:")


def test_parentheses_alone_do_not_nest() -> None:
    resolve(deal("(" * 3000 + "7" + ")" * 3000))


def hand_value(body: str) -> str:
    return f"variant t extends minsk {{\n  hand value: {body}\n}}\n"


def nested_sets(levels: int) -> str:
    text = "hand"
    for _ in range(levels):
        text = f"[if 1-1 in {text} then 1-1 else 2-2]"
    return text


@pytest.mark.parametrize("body", [
    "count(hand)" + " + count(hand)" * (MAX_EXPRESSION_DEPTH - 3),
    "if " + "not " * (MAX_EXPRESSION_DEPTH - 3) + "1-1 in hand then 1 else 2",
    "if 1-1 in hand then " * (MAX_EXPRESSION_DEPTH - 3) + "1" + " else 2" * (
        MAX_EXPRESSION_DEPTH - 3),
    "max(" * (MAX_EXPRESSION_DEPTH - 2) + "count(hand)" + ", 1)" * (MAX_EXPRESSION_DEPTH - 2),
    f"if 1-1 in {nested_sets((MAX_EXPRESSION_DEPTH - 3) // 3)} then 1 else 2",
], ids=["plus", "not", "if", "call", "sets"])
def test_the_deepest_allowed_rule_compiles_and_plays(body: str) -> None:
    library = resolve(hand_value(body))
    prepare(library.resolve("t"), 2)  # Python's parser takes the generated code


def test_a_long_extends_chain_is_refused_at_the_variant_past_the_limit() -> None:
    chain = "variant c0 extends minsk { }\n" + "".join(
        f"variant c{i + 1} extends c{i} {{ }}\n" for i in range(1000))
    errors = errors_of(chain + "variant t extends c1000 { }\n")
    assert errors == [f"1002:9: `extends` chain too long: variant 't' builds on more than "
                      f"{MAX_EXTENDS_DEPTH - 1} others"]
    resolve(chain, f"c{MAX_EXTENDS_DEPTH - 2}")  # with minsk, exactly the limit


def test_arithmetic_past_the_digit_limit_is_refused_not_folded() -> None:
    product = "999999999"
    for _ in range(9):  # 4,608 digits: Python cannot even print it
        product = f"({product} * {product})"
    (error,) = errors_of(deal(product))
    assert "number too large" in error


def test_the_readme_states_the_limits_the_code_applies() -> None:
    from interpreter.language.limits import MAX_NUMBER_DIGITS
    from interpreter.language.library import MAX_SUGGESTED
    from interpreter.language.rule_file import MAX_FILE_BYTES

    limits = (ROOT / "README.md").read_text(encoding="utf-8").split("## Limits")[1]
    for phrase in (f"at most {MAX_FILE_BYTES:,} bytes", f"at most {MAX_EXPRESSION_DEPTH} levels",
                   f"more than {MAX_NUMBER_DIGITS:,} digits", f"at most {MAX_EXTENDS_DEPTH} variants",
                   f"first {MAX_SUGGESTED} unknown parents"):
        assert phrase in " ".join(limits.split()), phrase


def test_too_many_restatements_are_refused_at_the_first_past_the_limit() -> None:
    from interpreter.language.limits import MAX_RESTATEMENTS_PER_VARIANT

    lines = "".join("  restates deal: 7\n" for _ in range(MAX_RESTATEMENTS_PER_VARIANT + 1))
    (error,) = errors_of(f"variant t extends minsk {{\n{lines}}}\n")
    assert error.startswith(f"{MAX_RESTATEMENTS_PER_VARIANT + 2}:3: too many restatements")


def claims(prefix: str, count: int) -> str:
    """Lines of `count` one-line claims, each of its own text."""
    return "".join(f'  claim play "{prefix} {i}": not blocked or left = right\n' for i in range(count))


def test_claims_inherited_through_extends_count_toward_the_cap() -> None:
    # issue 45, item 5: each file under the cap, the last variant holding their sum
    from interpreter.language.limits import MAX_CLAIMS_PER_VARIANT as cap

    base = f"variant b extends minsk {{\n{claims('b', cap - 2)}}}\n"  # minsk holds 2 claims
    child = f"variant c extends b {{\n{claims('c', 1)}}}\n"
    line = base.count("\n") + 2
    assert errors_of(base + child, "c") == [
        f"{line}:3: variant 'c' holds more than {cap} claims, {cap} of them inherited "
        f"through `extends`"]
    resolve(base, "b")  # exactly the cap, inherited claims included


def test_cases_inherited_through_a_house_rule_count_toward_the_cap() -> None:
    from interpreter.language.limits import MAX_CASES_PER_SLOT as cap

    minsk = Library()
    minsk.add_file(MINSK)
    held = dict(minsk.resolve("minsk").slots)["deal"]
    adds = "".join(f"  add deal: {i % 7 + 1} when players = 9{i}\n"
                   for i in range(cap + 1 - len(held)))
    (error,) = errors_of(f"variant t extends minsk {{\n{adds}}}\n")
    assert error.endswith(f"variant 't' holds more than {cap} cases of `deal`, "
                          f"{len(held)} of them inherited through `extends`")


def test_options_and_readings_are_capped_with_what_is_inherited() -> None:
    from interpreter.language.limits import MAX_OPTIONS_PER_VARIANT as cap

    options = "".join(f"  option o{i}: 1 | 2 = 1\n" for i in range(cap))
    (error,) = errors_of(f"variant t extends minsk {{\n{options}}}\n")
    assert f"variant 't' holds more than {cap} options, 1 of them inherited" in error
    assert error.startswith(f"{cap + 1}:10: ")  # minsk's own option is the first


def test_readings_are_capped_with_what_is_inherited() -> None:
    from interpreter.language.limits import MAX_READINGS_PER_VARIANT as cap

    minsk = Library()
    minsk.add_file(MINSK)
    held = sum(len(c.readings) for _, cases in minsk.resolve("minsk").slots for c in cases)
    adds = "".join(f'  add deal: 7 when players = 9{i}\n      reading r{i} "seven"\n'
                   f'      reading s{i}: 6 "six"\n' for i in range((cap - held) // 2 + 1))
    (error,) = errors_of(f"variant t extends minsk {{\n{adds}}}\n")
    assert f"variant 't' holds more than {cap} readings, {held} of them inherited" in error
