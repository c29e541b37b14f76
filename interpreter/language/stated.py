"""`default SLOT stated`: the text states what the language's own default for a slot does.

Only a default that applies to the variant can be stated: the slot must have one, and the
variant must leave it to the language. The table mirrors checks/questions/defaults.py's DEFAULTS
(the checker's `default` findings, which a stated default silences; a test holds the two equal):
`pass`, `reserve` and `two doubles` take the default where the variant does not write them,
`reserve` only where a player may draw, and `draw`'s default (a player who cannot lay a tile
when the stock is empty knocks) wherever a case of `draw` lets a player draw.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from . import ast
from .said import Said

Cases = Mapping[str, Sequence[tuple[ast.RuleCase, str, str | None]]]  # slot → its merged cases


def _may_draw(cases: Cases) -> bool:
    """Some case of `draw` lets a player draw (a symbol other than `none`, or an option)."""
    return any(getattr(case.body, "name", "none") != "none" for case, _, _ in cases.get("draw", ()))


# slot → whether the variant leaves a player a moment where the default decides
STATED_DEFAULTS: dict[str, Callable[[Cases], bool]] = {
    "pass": lambda cases: True,
    "reserve": _may_draw,
    "two doubles": lambda cases: True,
    "draw": _may_draw,
}
_UNWRITTEN = ("pass", "reserve", "two doubles")  # the default is for a slot left unwritten


def check_stated(stated: ast.StatedDefault, cases: Cases,
                 error: Callable[[ast.Pos, str, str], None]) -> None:
    """Report a `default SLOT stated` whose default does not apply to the variant."""
    slot = stated.slot
    if slot not in STATED_DEFAULTS:
        error(stated.pos, Said("cites.stated no default", slot=slot),
              Said("cites.stated no default hint", slot=slot,
                   slots=", ".join(f"`{s}`" for s in STATED_DEFAULTS)))
    elif slot in _UNWRITTEN and cases.get(slot):
        written = cases[slot][0][0].pos
        error(stated.pos, Said("cites.stated written", slot=slot,
                               where=f"{written.file}:{written.line}"),
              Said("cites.stated written hint", slot=slot))
    elif not STATED_DEFAULTS[slot](cases):
        error(stated.pos, Said("cites.stated never", slot=slot),
              Said("cites.stated never hint"))


__all__ = ["STATED_DEFAULTS", "check_stated"]
