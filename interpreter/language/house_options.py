"""An option a house rule writes again (a variant that extends another redefines an inherited
option): `option target: 150`, a single value, is a complete override, that value being the
option's default in every command; a redefined option keeps the parent's `say` words for the
values it keeps (its own `say` lines win)."""

from __future__ import annotations

from dataclasses import replace

from . import ast
from .open_options import is_open


def overridden_option(own: ast.OptionDecl, parent: ast.OptionDecl | None) -> ast.OptionDecl:
    """The option a house rule's declaration makes of the parent's (None: the parent has none)."""
    if parent is None:
        return own
    if own.default is None and not is_open(own.values) and len(own.values) == 1:
        own = replace(own, default=own.values[0])
    return replace(own, says=own.says + _kept_words(own, parent))


def _kept_words(own: ast.OptionDecl, parent: ast.OptionDecl) -> tuple[ast.Say, ...]:
    """The parent's `say` lines for values the house rule keeps and does not name itself."""
    named = {(type(s.value), s.value) for s in own.says}
    return tuple(say for say in parent.says
                 if (type(say.value), say.value) not in named and _offers(own, say.value))


def _offers(option: ast.OptionDecl, value: object) -> bool:
    if is_open(option.values):
        return not isinstance(value, bool) and value in option.values
    return (type(value), value) in {(type(v), v) for v in option.values}
