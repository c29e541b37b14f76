"""Syntax-tree builders for a claim across variants, `relation "..." A same as B except S`;
the parser's transformer (parser.py) inherits these methods."""

from __future__ import annotations

from typing import Any

from lark import v_args

from . import ast
from .header_items import ItemBuilder, unquote


class RelationItems(ItemBuilder):
    """Transformer methods for `relation` and its sides, settings and `except` list."""

    @v_args(meta=True)
    def relation_decl(self, meta: Any, ch: list) -> ast.RelationDecl:
        text, ru, a, b, differing, expect = ch
        return ast.RelationDecl(unquote(text) or "", unquote(ru), a, b,
                                tuple(differing or ()), bool(expect), self._p(meta))

    @v_args(meta=True)
    def relation_side(self, meta: Any, ch: list) -> ast.RelationSide:
        name, *settings = ch
        return ast.RelationSide(str(name), tuple(s for s in settings if s is not None),
                                self._p(meta))

    def relation_setting(self, ch: list) -> tuple[str, ast.OptionValue]:
        return str(ch[0]), ch[1][0]

    def relation_except(self, ch: list) -> tuple[str, ...]:
        return tuple(ch)

    def expect_refuted(self, ch: list) -> bool:
        return True
