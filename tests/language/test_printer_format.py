"""The printer writes canonical text: parentheses only where needed, quotes escaped."""

from __future__ import annotations

import pytest

from interpreter.language import ast
from interpreter.language.parser import parse_text
from interpreter.language.printer import format_expr, format_variant
from interpreter.language.resolve import load_variant

A, B, C = ast.Name("a"), ast.Name("b"), ast.Name("c")
ONE, TWO = ast.IntLit(1), ast.IntLit(2)


def parsed(text: str) -> ast.Expr:
    """The expression of `goat: TEXT`."""
    return parse_text(f"variant v {{ goat: {text} }}").variants[0].items[0].body  # type: ignore


@pytest.mark.parametrize("expr,text", [
    (ast.Arith("-", A, ast.Arith("-", B, C)), "a - (b - c)"),
    (ast.Arith("-", ast.Arith("-", A, B), C), "a - b - c"),
    (ast.Arith("*", ast.Arith("+", A, B), C), "(a + b) * c"),
    (ast.Arith("+", A, ast.Arith("*", B, C)), "a + b * c"),
    (ast.Arith("-", ONE, TWO), "1 - 2"),
    (ast.TileLit(3, 5), "3-5"),
    (ast.Arith("-", ast.TileList((ast.TileLit(0, 0),)), ast.TileList(())), "[0-0] - []"),
    (ast.AnyOf((ast.AllOf((A, B)), C)), "a and b or c"),
    (ast.AllOf((ast.AnyOf((A, B)), C)), "(a or b) and c"),
    (ast.AllOf((ast.AllOf((A, B)), C)), "(a and b) and c"),
    (ast.Negation(ast.Compare("=", A, B)), "not a = b"),
    (ast.Compare("=", ast.Negation(A), B), "(not a) = b"),
    (ast.Compare("=", ast.Compare("<", A, B), C), "(a < b) = c"),
    (ast.Member(ast.TileLit(6, 6), ast.Arith("+", A, B)), "6-6 in a + b"),
    (ast.Conditional(A, ONE, ast.Conditional(B, TWO, ONE)), "if a then 1 else if b then 2 else 1"),
    (ast.Arith("+", ast.Conditional(A, ONE, TWO), ONE), "(if a then 1 else 2) + 1"),
    (ast.AnyOf((A, ast.Conditional(A, B, C))), "a or (if a then b else c)"),
    (ast.Call("max", (ast.Conditional(A, ONE, TWO), ONE)), "max(if a then 1 else 2, 1)"),
])
def test_parentheses_only_where_needed(expr: ast.Expr, text: str) -> None:
    assert format_expr(expr) == text
    assert parsed(text) == expr


def test_quotes_and_backslashes_in_texts_survive() -> None:
    text = ('variant v "a \\"b\\" \\\\ c" {\n  players 2\n  sides: individual\n'
            '      cite "«\\"рыба\\"»" from "x\\\\y.txt"\n' + "".join(
                f"  {s}: unspecified\n" for s in (
                    "deal", "draw", "lead match", "lead round", "lead tile", "fish",
                    "hand value", "loser", "score", "goat")) + "}\n")
    variant = load_variant(text)
    assert variant.title == 'a "b" \\ c'
    assert variant.cases("sides")[0].cites[0].quote == '«"рыба"»'
    assert variant.cases("sides")[0].cites[0].source == "x\\y.txt"
    assert load_variant(format_variant(variant)) == variant


def test_a_variant_prints_flat_with_its_parent_folded_in() -> None:
    parent = ("variant base {\n  players 2\n  sides: individual\n" + "".join(
        f"  {s}: unspecified\n" for s in ("deal", "draw", "lead match", "lead round",
                                          "lead tile", "fish", "hand value", "loser", "score",
                                          "goat")) + "}\n")
    child = 'variant kid extends base {\n  deal: 5\n}\n'
    variant = load_variant(parent + child, name="kid")
    printed = format_variant(variant)
    assert "extends" not in printed and "  deal: 5\n" in printed and "  draw: unspecified" in printed
    assert load_variant(printed) == variant
