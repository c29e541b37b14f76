"""Syntax-tree builders for the concordance's items: `aside "..." because ...` (a sentence of
the source that states no rule) and `default SLOT stated cite "..."` (a sentence that states
what the language's own default does); the parser's transformer (parser.py) inherits these."""

from __future__ import annotations

from typing import Any

from lark import v_args

from . import ast
from .header_items import ItemBuilder, unquote


class ConcordanceItems(ItemBuilder):
    """Transformer methods for `aside` and `default ... stated`."""

    @v_args(meta=True)
    def aside_decl(self, meta: Any, ch: list) -> ast.AsideDecl:
        text, source, (kind, reason, ru) = ch
        return ast.AsideDecl(unquote(text) or "", kind, reason, ru, unquote(source),
                             self._p(meta))

    def aside_kind(self, ch: list) -> tuple[str | None, str | None, str | None]:
        return str(ch[0]), None, None

    def aside_text(self, ch: list) -> tuple[str | None, str | None, str | None]:
        return None, unquote(ch[0]), unquote(ch[1])

    @v_args(meta=True)
    def stated_default(self, meta: Any, ch: list) -> ast.StatedDefault:
        slot, *provenance = ch
        return ast.StatedDefault(slot, tuple(provenance), self._p(meta))
