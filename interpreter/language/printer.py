"""Variant → canonical rule text. `parse(print(v)) == v` holds for every variant."""

from __future__ import annotations

from . import ast
from .open_options import values_text
from .model import (Aside, Case, Citation, Claim, Option, Reading, Remarks, Restatement,
                    StatedDefault, Variant, value_text)
from .slots import SLOTS

_LEVEL = {ast.Conditional: 0, ast.AnyOf: 1, ast.AllOf: 2, ast.Negation: 3, ast.Compare: 4,
          ast.Member: 4}


def _level(expr: ast.Expr) -> int:
    if isinstance(expr, ast.Arith):
        return 5 if expr.op in "+-" else 6
    return _LEVEL.get(type(expr), 7)


def _wrap(expr: ast.Expr, minimum: int) -> str:
    text = format_expr(expr)
    return f"({text})" if _level(expr) < minimum else text


def format_expr(expr: ast.Expr) -> str:
    """Return an expression as canonical text, with only the parentheses it needs."""
    if isinstance(expr, ast.IntLit):
        return str(expr.value)
    if isinstance(expr, ast.BoolLit):
        return "yes" if expr.value else "no"
    if isinstance(expr, ast.TileLit):
        return f"{expr.low}-{expr.high}"
    if isinstance(expr, ast.TileList):
        return "[" + ", ".join(format_expr(i) for i in expr.items) + "]"
    if isinstance(expr, ast.Name):
        return expr.name
    if isinstance(expr, ast.Call):
        return f"{expr.func}(" + ", ".join(format_expr(a) for a in expr.args) + ")"
    if isinstance(expr, ast.Arith):
        level = _level(expr)
        return f"{_wrap(expr.left, level)} {expr.op} {_wrap(expr.right, level + 1)}"
    if isinstance(expr, ast.Compare):
        return f"{_wrap(expr.left, 5)} {expr.op} {_wrap(expr.right, 5)}"
    if isinstance(expr, ast.Member):
        return f"{_wrap(expr.item, 5)} in {_wrap(expr.collection, 5)}"
    if isinstance(expr, ast.AllOf):
        return " and ".join(_wrap(i, 3) for i in expr.items)
    if isinstance(expr, ast.AnyOf):
        return " or ".join(_wrap(i, 2) for i in expr.items)
    if isinstance(expr, ast.Negation):
        return f"not {_wrap(expr.item, 3)}"
    if isinstance(expr, ast.Conditional):
        return (f"if {format_expr(expr.test)} then {format_expr(expr.then)} "
                f"else {_wrap(expr.otherwise, 0)}")
    raise TypeError(f"not an expression: {expr!r}")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _provenance(cites: tuple[Citation, ...], remarks: Remarks, source: str | None) -> str:
    parts = []
    for cite in cites:
        origin = "" if cite.source == (source or "") else f" from {_quote(cite.source)}"
        parts.append(f"cite {_quote(cite.quote)}{origin}")
    if remarks.assumption:
        parts.append(f"assume {_quote(remarks.assumption)}" + _ru(remarks.assumption_ru))
    if remarks.note:
        parts.append(f"note {_quote(remarks.note)}" + _ru(remarks.note_ru))
    return "".join(f"\n      {p}" for p in parts)


def _ru(text: str | None) -> str:
    return f"\n        ru {_quote(text)}" if text else ""


def remarks_of(item: Case | Option | Claim) -> Remarks:
    """Return an item's assumption and note with their Russian wording."""
    return Remarks(item.assumption, item.note, item.assumption_ru, item.note_ru)


def format_option(option: Option, source: str | None) -> str:
    """Return an option declaration."""
    values = values_text(option.values)
    default = "" if option.default is None else f" = {value_text(option.default)}"
    says = "".join(f"\n      say {value_text(v)} {_quote(en)} ru {_quote(ru)}"
                   for v, en, ru in option.words)
    return (f"  option {option.name}: {values}{default}{says}"
            + _provenance(option.cites, remarks_of(option), source))


def format_case(case: Case, source: str | None) -> str:
    """Return one rule case."""
    body = "unspecified" if case.value is None else format_expr(case.value)
    guard = " otherwise" if case.otherwise else (
        f" when {format_expr(case.guard)}" if case.guard is not None else "")
    return (f"  {case.slot}: {body}{guard}"
            + _provenance(case.cites, remarks_of(case), source)
            + "".join(f"\n      {format_reading(r)}" for r in case.readings))


def format_reading(reading: Reading) -> str:
    """Return one `reading` line: the chosen one by name, another with its value."""
    value = ""
    if not reading.chosen:
        body = "unspecified" if reading.value is None else format_expr(reading.value)
        when = "" if reading.guard is None else f" when {format_expr(reading.guard)}"
        value = f": {body}{when}"
    return f"reading {reading.name}{value} {_quote(reading.text)}" + _ru(reading.text_ru)


def format_claim(claim: Claim, source: str | None) -> str:
    """Return one claim."""
    return (f"  claim {claim.context} {_quote(claim.text)}: {format_expr(claim.expr)}"
            + _provenance(claim.cites, remarks_of(claim), source))


def format_restatement(restated: Restatement, source: str | None) -> str:
    """Return one `restates SLOT: VALUE when COND` with its provenance and `expect refuted`."""
    when = "" if restated.guard is None else f" when {format_expr(restated.guard)}"
    remarks = Remarks(restated.assumption, restated.note, restated.assumption_ru,
                      restated.note_ru)
    return (f"  restates {restated.slot}: {format_expr(restated.value)}{when}"
            + _provenance(restated.cites, remarks, source)
            + ("\n      expect refuted" if restated.expect_refuted else ""))


def format_aside(aside: Aside, source: str | None) -> str:
    """Return one `aside`: the kind's word, or the reason as written."""
    origin = "" if aside.source == (source or "") else f" from {_quote(aside.source)}"
    reason = aside.kind if aside.kind else _quote(aside.reason) + (
        f" ru {_quote(aside.reason_ru)}" if aside.reason_ru else "")
    return f"  aside {_quote(aside.text)}{origin} because {reason}"


def format_stated(stated: StatedDefault, source: str | None) -> str:
    """Return one `default SLOT stated` with its citations."""
    return f"  default {stated.slot} stated" + _provenance(stated.cites, Remarks(), source)


def format_variant(variant: Variant) -> str:
    """Return the whole variant (its extends chain flattened) as canonical rule text."""
    title = f" {_quote(variant.title)}" if variant.title else ""
    title += "".join(f" {lang} {_quote(text)}" for lang, text in variant.titles[:1] if title)
    lines = [f"variant {variant.name}{title} {{"]
    if variant.source:
        named = "".join(f" {word} {_quote(text)}" for word, text in (
            ("title", variant.source_title), ("link", variant.source_link)) if text)
        lines.append(f"  source {_quote(variant.source)}{named}")
    players = ", ".join(map(str, variant.players))
    lines.append(f"  players {players}"
                 + _provenance(variant.player_cites, variant.player_remarks, variant.source))
    if variant.several_goats:
        lines.append("  several goats: yes" + _provenance(
            variant.several_goats_cites, variant.several_goats_remarks, variant.source))
    lines += [format_option(o, variant.source) for o in variant.options]
    for name in SLOTS:
        lines += [format_case(c, variant.source) for c in variant.cases(name)]
    lines += [format_claim(c, variant.source) for c in variant.claims]
    lines += [format_restatement(r, variant.source) for r in variant.restatements]
    lines += [format_stated(d, variant.source) for d in variant.stated_defaults]
    lines += [format_aside(a, variant.source) for a in variant.asides]
    return "\n".join(lines) + "\n}\n"


def format_relation(relation: ast.RelationDecl) -> str:
    """Return a relation as rule text that parses back to the same syntax tree."""
    def side(s: ast.RelationSide) -> str:
        settings = ", ".join(f"{n} = {_setting(v)}" for n, v in s.settings)
        return f"{s.variant} with {settings}" if settings else s.variant

    text = f"relation {_quote(relation.text)}" + (f" ru {_quote(relation.ru)}" if relation.ru
                                                   else "")
    text += f"\n  {side(relation.a)} same as {side(relation.b)}"
    if relation.differing:
        text += " except " + ", ".join(relation.differing)
    return text + ("\n  expect refuted" if relation.expect_refuted else "") + "\n"


def _setting(value: object) -> str:
    return {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) \
        else str(value)  # type: ignore[call-overload]
