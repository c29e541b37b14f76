"""Syntax-tree builders for what names a variant for readers: its source text (with a title and
a link) and its title in another language (`variant v "Заголовок" en "Title"`); the parser's
transformer (parser.py) inherits these methods."""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from . import ast

_ESCAPE = re.compile(r'\\(["\\])')  # as in parser.py


def unquote(token: Token | None) -> str | None:
    """Strip the quotes of a string token and undo its escapes (None stays None)."""
    return None if token is None else _ESCAPE.sub(r"\1", str(token)[1:-1])


class ItemBuilder:
    """What every group of the parser's transformer methods relies on: the file being parsed
    and the position of a node (the transformer in parser.py gives both)."""

    file: str

    def _p(self, meta: Any) -> ast.Pos:
        raise NotImplementedError  # the parser's transformer gives positions


class HeaderItems(ItemBuilder):
    """Transformer methods for `source "F" [title "..."] [link "..."]` and a title's
    translation (`en "..."` after the variant's title)."""

    @v_args(meta=True)
    def source_decl(self, meta: Any, ch: list) -> ast.SourceDecl:
        path, title, link = (ch + [None, None])[:3]
        return ast.SourceDecl(unquote(path) or "", self._p(meta), unquote(title), unquote(link))

    def title_in(self, ch: list) -> tuple[str, str]:
        return str(ch[0]), unquote(ch[1]) or ""
