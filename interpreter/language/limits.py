"""Limits on the shape of a rule text, checked once right after parsing.

Every later stage (the syntax-tree builder, the type checker, the engine's generated Python, the
Z3 encoding, the printer) walks expressions recursively, and Python's parser refuses more than
200 nested parentheses. Refusing a too deep text here, with the place it goes too deep, means no
later stage can fail on it. The limits are far above anything a rule needs (README: Limits).
"""

from __future__ import annotations

from typing import Any, Iterator

from . import ast
from .errors import Diagnostic, RuleFileError
from .said import Said

MAX_EXPRESSION_DEPTH = 50  # the generated Python nests at most 2 parentheses per level
MAX_EXTENDS_DEPTH = 50  # variants in one `extends` chain
MAX_NUMBER_DIGITS = 1000  # of any number a rule's arithmetic can reach (Python prints 4,300)
# The checker asks one question per pair of a slot's cases (is there a moment both apply and
# disagree?), so its work grows with the square of the cases: 32 cases are 496 questions.
MAX_CASES_PER_SLOT = 32
# Each claim is a proof of its own (a few seconds of solving, more for one about high totals),
# each relation one per slot: 400 one-line claims kept a check busy for a quarter of an hour.
MAX_CLAIMS_PER_VARIANT = 32  # claims a variant writes (its own and those it replaces)
MAX_RELATIONS_PER_FILE = 32
MAX_RESTATEMENTS_PER_VARIANT = 32  # restatements a variant writes: each is a comparison of its own
# What a variant holds, inherited through `extends` included, is capped too: otherwise a chain of
# children each writing up to a cap makes the last one hold (and the checker prove) their sum.
# Each reading is a question of its own; each option multiplies the settings a check samples.
MAX_READINGS_PER_VARIANT = 64
MAX_OPTIONS_PER_VARIANT = 32
# A path a rule file names (`use`, `source`, a cite's or an aside's `from`) is checked here,
# before the system sees it: longer ones are an OSError ("File name too long") there.
MAX_PATH_CHARS = 1024
MAX_PATH_PART_BYTES = 255  # one name of a path, in UTF-8, as most file systems allow
MAX_LIST_ITEMS = 100  # items of one `[ ... ]` list: 28 tiles, each may be written more than once
MAX_USE_DEPTH = 50  # files in one chain of `use` lines, the first file included
MAX_REPORTED = 10

# The parse tree's expression nodes (the grammar's aliases); `( … )` makes no node of its own.
EXPRESSION_NODES = frozenset({
    "conditional", "any_of", "all_of", "negation", "compare", "member", "arith", "int_lit",
    "tile_lit", "yes_lit", "no_lit", "tile_list", "name", "call",
})
_OPTION_DIGITS = 9  # an option's value or a term: a rule's number literals have at most 9


def check_nesting(tree: Any, file: str, lines: list[str]) -> None:
    """Refuse expressions nested deeper than MAX_EXPRESSION_DEPTH, and lists longer than
    MAX_LIST_ITEMS, at the place they do."""
    deep: dict[int, int] = {}  # line → the first column too deep on it
    wide: dict[int, int] = {}  # line → the first column of a too long list on it
    stack: list[tuple[Any, int]] = [(tree, 0)]
    while stack and len(deep) + len(wide) < MAX_REPORTED:  # no recursion: it may be very deep
        node, depth = stack.pop()
        if not hasattr(node, "data"):
            continue  # a token or a left-out optional part
        if node.data in EXPRESSION_NODES:
            depth += 1
            if depth > MAX_EXPRESSION_DEPTH:
                _first_on_line(deep, node)
                continue
            if node.data == "tile_list" and len(node.children) > MAX_LIST_ITEMS:
                _first_on_line(wide, node)
                continue
        stack.extend((child, depth) for child in reversed(node.children))
    found = [(line, column, DEEP, Said("limit.deep hint")) for line, column in deep.items()]
    found += [(line, column, WIDE, Said("limit.wide hint")) for line, column in wide.items()]
    if found:
        raise RuleFileError([_at(file, lines, line, column, message, hint)
                             for line, column, message, hint in sorted(found)])


DEEP = Said("limit.deep", depth=MAX_EXPRESSION_DEPTH)
WIDE = Said("limit.wide", items=MAX_LIST_ITEMS)


def _first_on_line(places: dict[int, int], node: Any) -> None:
    line, column = getattr(node.meta, "line", 1), getattr(node.meta, "column", 1)
    places[line] = min(places.get(line, column), column)


def check_cases(variants: tuple[ast.VariantDecl, ...], file: str, lines: list[str]) -> None:
    """Refuse a variant that writes more than MAX_CASES_PER_SLOT cases of one slot, at the
    first case past the limit."""
    found = []
    for variant in variants:
        written: dict[str, int] = {}
        for item in variant.items:
            case = item.case if isinstance(item, ast.CaseEdit) and item.action == "add" else item
            if not isinstance(case, ast.RuleCase):
                continue
            written[case.slot] = written.get(case.slot, 0) + 1
            if written[case.slot] == MAX_CASES_PER_SLOT + 1:
                found.append(_at(file, lines, item.pos.line, item.pos.column,
                                 Said("limit.cases", slot=case.slot, variant=variant.name,
                                      limit=MAX_CASES_PER_SLOT), Said("limit.cases hint")))
    if found:
        raise RuleFileError(found[:MAX_REPORTED])


def check_claims(parsed: ast.RuleFile, file: str, lines: list[str]) -> None:
    """Refuse more than MAX_CLAIMS_PER_VARIANT claims in a variant, or more than
    MAX_RELATIONS_PER_FILE relations in a file, at the first one past the limit."""
    found = []
    for variant in parsed.variants:
        claims = [item for item in variant.items if isinstance(item, ast.ClaimDecl)
                  or isinstance(item, ast.ClaimEdit) and item.claim is not None]
        if len(claims) > MAX_CLAIMS_PER_VARIANT:
            pos = claims[MAX_CLAIMS_PER_VARIANT].pos
            found.append(_at(file, lines, pos.line, pos.column, Said(
                "limit.claims", variant=variant.name, limit=MAX_CLAIMS_PER_VARIANT),
                Said("limit.claims hint")))
        restated = [item for item in variant.items if isinstance(item, ast.RestateDecl)]
        if len(restated) > MAX_RESTATEMENTS_PER_VARIANT:
            pos = restated[MAX_RESTATEMENTS_PER_VARIANT].pos
            found.append(_at(file, lines, pos.line, pos.column, Said(
                "limit.restatements", variant=variant.name, limit=MAX_RESTATEMENTS_PER_VARIANT),
                Said("limit.restatements hint")))
    if len(parsed.relations) > MAX_RELATIONS_PER_FILE:
        pos = parsed.relations[MAX_RELATIONS_PER_FILE].pos
        found.append(_at(file, lines, pos.line, pos.column, Said(
            "limit.relations", limit=MAX_RELATIONS_PER_FILE), Said("limit.relations hint")))
    if found:
        raise RuleFileError(found[:MAX_REPORTED])


Held = dict[str, list[Any]]  # a kind of item ("claims", "cases SLOT"…) → the items, in order


def check_held(variant: str, held: Held, own: set[ast.Pos]) -> list[tuple[ast.Pos, str, str]]:
    """What a variant holds past a cap, inherited items counted: one message per quantity, at
    the first item past the cap (`own`: the places of the items the variant itself writes)."""
    found: list[tuple[ast.Pos, str, str]] = []
    for kind, items in held.items():
        limit = _held_limit(kind)
        if len(items) <= limit:
            continue
        inherited = sum(1 for item in items if item.pos not in own)
        what = Said(f"limit.held {kind.split(' ')[0]}", slot=kind.partition(" ")[2])
        key = "limit.held inherited" if inherited else "limit.held"
        found.append((items[limit].pos, Said(key, variant=variant, what=what, limit=limit,
                                             inherited=inherited), Said("limit.held hint")))
    return found


def _held_limit(kind: str) -> int:
    return {"claims": MAX_CLAIMS_PER_VARIANT, "restatements": MAX_RESTATEMENTS_PER_VARIANT,
            "readings": MAX_READINGS_PER_VARIANT, "options": MAX_OPTIONS_PER_VARIANT
            }.get(kind, MAX_CASES_PER_SLOT)


def path_too_long(path: str) -> bool:
    """Whether a path a rule file names is longer than the system takes (README: Limits)."""
    return len(path) > MAX_PATH_CHARS or any(
        len(part.encode("utf-8", "surrogatepass")) > MAX_PATH_PART_BYTES
        for part in path.replace("\\", "/").split("/"))


def check_paths(parsed: ast.RuleFile, file: str, lines: list[str]) -> None:
    """Refuse every path the file names that is too long, at the place it is named."""
    found: list[Diagnostic] = []
    for pos, path in _named_paths(parsed):
        if path_too_long(path) and len(found) < MAX_REPORTED:
            shown = path if len(path) <= 40 else path[:40] + "…"
            found.append(_at(file, lines, pos.line, pos.column, Said(
                "limit.path", path=shown, chars=MAX_PATH_CHARS, bytes=MAX_PATH_PART_BYTES)))
    if found:
        raise RuleFileError(found)


def _named_paths(node: Any) -> Iterator[tuple[ast.Pos, str]]:
    """Every path named anywhere in a part of the syntax tree, with its place."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (tuple, list)):
            stack.extend(reversed(item))
            continue
        if not hasattr(item, "__dataclass_fields__") or isinstance(item, ast.Pos):
            continue
        if isinstance(item, (ast.UseDecl, ast.SourceDecl)):
            yield item.pos, item.path
        elif isinstance(item, (ast.Cite, ast.AsideDecl)) and item.source is not None:
            yield item.pos, item.source
        stack.extend(reversed([getattr(item, f) for f in item.__dataclass_fields__]))


def check_numbers(variants: tuple[ast.VariantDecl, ...], file: str, lines: list[str]) -> None:
    """Refuse arithmetic whose result can have more than MAX_NUMBER_DIGITS digits."""
    places: list[ast.Pos] = []
    for expr in _expressions(variants):
        _digits(expr, places)
    first: dict[int, int] = {}  # line → its first place
    for pos in places:
        first[pos.line] = min(first.get(pos.line, pos.column), pos.column)
    if first:
        message = Said("limit.number", limit=MAX_NUMBER_DIGITS)
        raise RuleFileError([_at(file, lines, line, column, message)
                             for line, column in sorted(first.items())[:MAX_REPORTED]])


def _expressions(variants: tuple[ast.VariantDecl, ...]) -> Iterator[ast.Expr]:
    for variant in variants:
        for written in variant.items:  # a house rule's new case or claim is checked as one
            item = getattr(written, "case", None) or getattr(written, "claim", None) or written
            if isinstance(item, ast.RuleCase):
                if not isinstance(item.body, ast.Unspecified):
                    yield item.body
                if item.guard is not None:
                    yield item.guard
            elif isinstance(item, ast.ClaimDecl):
                yield item.expr
            elif isinstance(item, ast.RestateDecl):
                yield item.value
                if item.guard is not None:
                    yield item.guard


def _digits(expr: ast.Expr, places: list[ast.Pos]) -> int:
    """An upper bound on the digits of the expression's value; the places past the limit."""
    if isinstance(expr, ast.IntLit):
        return len(str(expr.value))
    if isinstance(expr, ast.Name):
        return _OPTION_DIGITS
    parts = [_digits(child, places) for child in _children(expr)]
    if isinstance(expr, ast.Arith):
        digits = parts[0] + parts[1] if expr.op == "*" else max(parts) + 1
        if digits > MAX_NUMBER_DIGITS:
            places.append(expr.pos)
            return 0  # reported once, at the innermost place
        return digits
    if isinstance(expr, ast.Conditional):
        return max(parts[1:])
    if isinstance(expr, ast.Call):
        return max(parts + [_OPTION_DIGITS]) + 1
    return 1  # yes/no, a tile or a set of tiles


def _children(expr: ast.Expr) -> tuple[ast.Expr, ...]:
    if isinstance(expr, (ast.Arith, ast.Compare)):
        return expr.left, expr.right
    if isinstance(expr, ast.Member):
        return expr.item, expr.collection
    if isinstance(expr, ast.Conditional):
        return expr.test, expr.then, expr.otherwise
    if isinstance(expr, ast.Negation):
        return (expr.item,)
    if isinstance(expr, (ast.AllOf, ast.AnyOf, ast.TileList)):
        return expr.items
    if isinstance(expr, ast.Call):
        return expr.args
    return ()


def _at(file: str, lines: list[str], line: int, column: int, message: str,
        hint: str = "") -> Diagnostic:
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return Diagnostic(file, line, column, message, source, hint)
