"""Golden rule files: each bad file with the exact errors `kozel check` prints, each good file
with the summary of every variant it holds.

Set KOZEL_REGENERATE=1 to rewrite the expected files from the current output; review the diff
before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter.language.printer import format_variant
from interpreter.language.resolve import load_variant, parse_variant_file
from interpreter.language.summary import summary_lines
from kozel.cli import main

GOLDEN = Path(__file__).parents[1] / "golden"
BAD = sorted((GOLDEN / "bad").glob("*.kozel"))
GOOD = sorted((GOLDEN / "good").glob("*.kozel"))
REGENERATE = os.environ.get("KOZEL_REGENERATE") == "1"


def _compare(expected_file: Path, actual: str) -> None:
    if REGENERATE:
        expected_file.write_text(actual, encoding="utf-8")
    assert actual == expected_file.read_text(encoding="utf-8")


def test_there_are_enough_golden_files() -> None:
    assert len(BAD) >= 30
    assert {p.stem for p in GOOD} >= {"everything", "extends", "five-tiles"}


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_file_gives_its_exact_errors(path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(path.parent)  # so the messages name the file as `NAME.kozel`
    code = main(["check", path.name])
    captured = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in captured.err
    _compare(path.with_suffix(".expected"), captured.err)


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_good_file_resolves_to_its_summary(path: Path) -> None:
    variants = parse_variant_file(path)
    text = "\n\n".join("\n".join(summary_lines(v)) for v in variants) + "\n"
    _compare(path.with_suffix(".summary"), text)


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_good_file_prints_and_parses_back_unchanged(path: Path) -> None:
    for variant in parse_variant_file(path):
        printed = format_variant(variant)
        assert load_variant(printed, "printed.kozel") == variant, printed


def test_five_tiles_says_what_the_brief_says() -> None:
    """The variant no seed describes: 5 tiles for 3-4, 7 for 2, 6-6 leads, credit to the winner."""
    (variant,) = parse_variant_file(GOLDEN / "good" / "five-tiles.kozel")
    assert variant.players == (2, 3, 4)
    assert len(variant.cases("deal")) == 2
    printed = format_variant(variant)
    assert "deal: 7 when players = 2" in printed and "deal: 5 otherwise" in printed
    assert "holder(first_dealt([6-6, 5-5, 4-4, 3-3, 2-2, 1-1, 0-0]))" in printed
    assert "score: value(others) when end = out and not loser" in printed
    assert "goat: highest_total(others) >= 61" in printed  # play to 61
    assert variant.option("target") is None  # nothing beyond the brief


def _walk(expr: object) -> list[object]:
    """Every node of an expression, the expression first."""
    found = [expr]
    for value in vars(expr).values():
        items = value if isinstance(value, tuple) else (value,)
        found += [n for item in items if hasattr(item, "pos") and not isinstance(item, str)
                  for n in _walk(item)]
    return found


def test_the_good_files_use_every_word_of_the_language() -> None:
    """Slots, terms, functions, symbols, expression forms and claim contexts: all of them."""
    from interpreter.language import ast
    from interpreter.language.slots import CLAIM_CONTEXTS, CONTEXTS, SLOTS, SYMBOLS, functions_for

    variants = [v for path in GOOD for v in parse_variant_file(path)]
    cases = [c for v in variants for _, cs in v.slots for c in cs]
    exprs = [e for c in cases for e in (c.value, c.guard) if e is not None]
    exprs += [c.expr for v in variants for c in v.claims]
    nodes = [n for e in exprs for n in _walk(e)]
    used_names = {n.name for n in nodes if isinstance(n, ast.Name)}
    used_calls = {n.func for n in nodes if isinstance(n, ast.Call)}
    assert {c.slot for c in cases} == set(SLOTS)
    assert used_names >= {t for terms in CONTEXTS.values() for t in terms} | set(SYMBOLS)
    assert used_calls == {f for c in CONTEXTS for f in functions_for(c)}
    assert {type(n) for n in nodes} == set(ast.Expr.__args__)  # type: ignore[attr-defined]
    assert {n.op for n in nodes if isinstance(n, (ast.Arith, ast.Compare))} == {
        "+", "-", "*", "=", "!=", "<", "<=", ">", ">="}
    assert {c.context for v in variants for c in v.claims} == set(CLAIM_CONTEXTS)
    assert any(c.unspecified for c in cases) and any(c.assumption for c in cases)
    assert any(c.note for c in cases) and any(c.otherwise for c in cases)
    assert any(cite.source not in ("", v.source) for v in variants for _, cs in v.slots
               for c in cs for cite in c.cites)  # `cite ... from`
    kinds = {type(value) for v in variants for o in v.options for value in o.values}
    assert kinds == {int, bool, str} and any(o.default is None for v in variants for o in v.options)
