"""Syntax-tree builders for house rules: a variant that changes one case of its parent's slot
(`replace SLOT when COND: ...`, `add SLOT: ...`, `drop SLOT when COND`), one inherited claim
(`replace claim ...`, `drop claim "..."`), or says that several sides may be the goat at once
(`several goats: yes`). The parser's transformer (parser.py) inherits these methods; the
resolver applies them to the parent's items (house.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args

from . import ast
from .header_items import ItemBuilder, unquote

_PROVENANCE = (ast.Cite, ast.Assume, ast.Note, ast.Reading)


class HouseItems(ItemBuilder):
    """Transformer methods for the house-rule items of grammar.lark."""

    def _case(self, meta: Any, slot: str, body: Any, guard: Any, provenance: list) -> ast.RuleCase:
        otherwise = guard == "otherwise"
        return ast.RuleCase(slot, body, None if otherwise else guard, otherwise,
                            tuple(provenance), self._p(meta))

    @v_args(meta=True)
    def replace_case(self, meta: Any, ch: list) -> ast.CaseEdit:
        slot, pick, body, guard, *provenance = ch
        return ast.CaseEdit("replace", slot, pick, self._case(meta, slot, body, guard, provenance),
                            self._p(meta))

    @v_args(meta=True)
    def add_case(self, meta: Any, ch: list) -> ast.CaseEdit:
        slot, body, guard, *provenance = ch
        return ast.CaseEdit("add", slot, None, self._case(meta, slot, body, guard, provenance),
                            self._p(meta))

    @v_args(meta=True)
    def drop_case(self, meta: Any, ch: list) -> ast.CaseEdit:
        slot, pick = ch
        return ast.CaseEdit("drop", slot, pick, None, self._p(meta))

    @v_args(meta=True)
    def replace_claim(self, meta: Any, ch: list) -> ast.ClaimEdit:
        context, text, expr, *provenance = ch
        claim = ast.ClaimDecl(str(context), unquote(text) or "", expr, tuple(provenance),
                              self._p(meta))
        return ast.ClaimEdit("replace", claim.text, claim, self._p(meta))

    @v_args(meta=True)
    def drop_claim(self, meta: Any, ch: list) -> ast.ClaimEdit:
        return ast.ClaimEdit("drop", unquote(ch[0]) or "", None, self._p(meta))

    @v_args(meta=True)
    def drop_restate(self, meta: Any, ch: list) -> ast.RestateEdit:
        slot, pick = ch
        return ast.RestateEdit(slot, pick, self._p(meta))

    @v_args(meta=True)
    def restate_decl(self, meta: Any, ch: list) -> ast.RestateDecl:
        slot, value, guard, *rest = ch
        expect = bool(rest.pop()) if rest and not isinstance(rest[-1], _PROVENANCE) else False
        return ast.RestateDecl(slot, value, guard, tuple(rest), expect, self._p(meta))

    @v_args(meta=True)
    def several_goats(self, meta: Any, ch: list) -> ast.SeveralGoats:
        value, *provenance = ch
        return ast.SeveralGoats(value, tuple(provenance), self._p(meta))

    def yes_pick(self, ch: list) -> bool:
        return True

    def no_pick(self, ch: list) -> bool:
        return False

    @v_args(meta=True)
    def pick_when(self, meta: Any, ch: list) -> ast.CasePick:
        return ast.CasePick("when", guard=ch[0], pos=self._p(meta))

    @v_args(meta=True)
    def pick_otherwise(self, meta: Any, ch: list) -> ast.CasePick:
        return ast.CasePick("otherwise", pos=self._p(meta))

    @v_args(meta=True)
    def pick_reading(self, meta: Any, ch: list) -> ast.CasePick:
        return ast.CasePick("reading", reading=str(ch[0]), pos=self._p(meta))

    @v_args(meta=True)
    def pick_always(self, meta: Any, ch: list) -> ast.CasePick:
        return ast.CasePick("always", pos=self._p(meta))
