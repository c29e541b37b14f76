"""Restatements (`restates SLOT: VALUE [when COND]`): a sentence of the text that says again what
the rule of a slot says elsewhere (a summary and its detail, two phrasings of one rule).

The resolver (resolve.py) types each one here, in the slot's own context: VALUE must be a value
of the slot, COND a yes/no of the same context. A variant inherits its parent's restatements
(as it inherits claims) and checks them against its own cases; `drop restates SLOT when COND`
drops an inherited one, named by its slot and its condition as written. The checker proves or
refutes each one (checks/questions/restated.py).
"""

from __future__ import annotations

from typing import Any, Callable

from . import ast
from .house import Departed, Problem, pick_words
from .model import Citation, Remarks, Restatement
from .printer import format_expr
from .said import Said
from .slots import BOOL, SLOTS
from .typing_rules import Scope, expect

Entry = tuple[ast.RestateDecl, "str | None"]  # a restatement and the source it quotes
MAX_LISTED = 8


def typed(decl: ast.RestateDecl, scope: Scope) -> None:
    """Check a restatement's value and condition in its slot's context (errors go to scope)."""
    expect(decl.value, SLOTS[decl.slot].type, scope, Said("what.value", slot=decl.slot))
    if decl.guard is not None:
        expect(decl.guard, BOOL, scope, Said("what.when"))


def restatement(decl: ast.RestateDecl, cites: tuple[Citation, ...], remarks: Remarks
                ) -> Restatement:
    """The model's restatement of a declaration, with its citations and remarks."""
    return Restatement(decl.slot, decl.value, decl.guard, cites, remarks.assumption,
                       remarks.note, decl.expect_refuted, decl.pos, remarks.assumption_ru,
                       remarks.note_ru)


def restatement_words(slot: str, value: ast.Expr, guard: ast.Expr | None) -> str:
    """A restatement as written, without its provenance: `restates SLOT: VALUE when COND`."""
    when = f" when {format_expr(guard)}" if guard is not None else ""
    return f"restates {slot}: {format_expr(value)}{when}"


def _fits(decl: ast.RestateDecl, edit: ast.RestateEdit) -> bool:
    if decl.slot != edit.slot:
        return False
    if edit.pick.kind == "when":  # positions take no part in equality: the same text matches
        return decl.guard == edit.pick.guard
    return edit.pick.kind == "always" and decl.guard is None


def edit_restatement(entries: list[Entry], edit: ast.RestateEdit, variant: str,
                     parent: str | None, departed: list[Departed]) -> Problem | None:
    """Apply one `drop restates SLOT PICK` to the inherited restatements; return the problem."""
    if parent is None:
        return (edit.pos, Said("house.restates no parent", variant=variant),
                Said("house.restates no parent hint"))
    if edit.pick.kind not in ("when", "always"):
        return (edit.pick.pos if edit.pick.pos.line else edit.pos,
                Said("house.restates pick", pick=pick_words(edit.pick)),
                Said("house.restates pick hint"))
    found = [at for at, (decl, _) in enumerate(entries) if _fits(decl, edit)]
    if len(found) != 1:
        listed = "; ".join(f"`{restatement_words(d.slot, d.value, d.guard)}` "
                           f"({d.pos.file or '<text>'}:{d.pos.line})"
                           for d, _ in entries[:MAX_LISTED]) or Said("none")
        return (edit.pos, Said("house.no restates", parent=parent, slot=edit.slot,
                               pick=pick_words(edit.pick), listed=listed),
                Said("house.no restates hint"))
    departed.append((edit.pos, entries[found[0]][0].provenance, entries[found[0]][1]))
    del entries[found[0]]
    return None


def built(entries: list[Entry], scope_of: Callable[[ast.RestateDecl], Scope],
          provenance: Callable[[Any, str | None], tuple[tuple[Citation, ...], Remarks]],
          misplaced: Callable[[Any], None]) -> tuple[Restatement, ...]:
    """Type every restatement of a variant and return the model's restatements."""
    found = []
    for decl, source in entries:
        typed(decl, scope_of(decl))
        misplaced(decl.provenance)
        cites, remarks = provenance(decl.provenance, source)
        found.append(restatement(decl, cites, remarks))
    return tuple(found)


__all__ = ["built", "edit_restatement", "restatement", "restatement_words", "typed"]
