"""House rules applied to an inherited variant: one case of a parent's slot replaced, added or
dropped, one inherited claim replaced or dropped (docs/language.md, "House rules").

The resolver (resolve.py) calls `edit_case` and `edit_claim` for each such item of a variant
that extends another, on the items it inherited. A case keeps the variant and the file it was
written in, so the rulebook and the checker cite the replacement where the house rule wrote
it and every case it left alone where the parent did.
"""

from __future__ import annotations

from dataclasses import replace as _replaced
from typing import Any

from . import ast
from .printer import format_expr
from .said import Said

Problem = tuple[ast.Pos, str, str]  # a positioned message and its hint
Entry = tuple[ast.RuleCase, str, "str | None"]  # a case, the variant and source it came from
# what a house rule departs from: the edit's place, and the provenance (and source) of the
# parent's case or claim it replaced or dropped (the concordance counts its sentences as
# knowingly set aside by the house rule, not as never encoded)
Departed = tuple[ast.Pos, tuple[ast.Provenance, ...], "str | None"]
MAX_LISTED = 8  # cases or claims a message lists; a longer slot is cut with "…"


def case_words(case: ast.RuleCase) -> str:
    """A case as written, without provenance: `VALUE when COND`, `VALUE otherwise`."""
    body = "unspecified" if isinstance(case.body, ast.Unspecified) else format_expr(case.body)
    if case.otherwise:
        return f"{body} otherwise"
    return body + (f" when {format_expr(case.guard)}" if case.guard is not None else "")


def pick_words(pick: ast.CasePick) -> str:
    """The picked case in words, as the house rule named it."""
    if pick.kind == "when":
        return f"`when {format_expr(pick.guard)}`"  # type: ignore[arg-type]
    if pick.kind == "reading":
        return Said("pick.reading", reading=pick.reading)
    return "`otherwise`" if pick.kind == "otherwise" else Said("pick.always")


def _fits(case: ast.RuleCase, pick: ast.CasePick) -> bool:
    if pick.kind == "when":  # positions take no part in equality: the same text matches
        return not case.otherwise and case.guard == pick.guard
    if pick.kind == "otherwise":
        return case.otherwise
    if pick.kind == "reading":
        return any(isinstance(p, ast.Reading) and p.name == pick.reading for p in case.provenance)
    return case.guard is None and not case.otherwise


def _listing(entries: list[Entry]) -> str:
    shown = [f"`{case_words(c)}` ({c.pos.file or '<text>'}:{c.pos.line})"
             for c, _, _ in entries[:MAX_LISTED]]
    return "; ".join(shown) + ("; …" if len(entries) > MAX_LISTED else "")


def edit_case(slots: dict[str, list[Entry]], edit: ast.CaseEdit, variant: str,
              source: str | None, parent: str | None, departed: list[Departed]
              ) -> Problem | None:
    """Apply one `replace`/`add`/`drop` of a case to the inherited slots; return the problem."""
    word = f"`{edit.action} {edit.slot}`"
    if parent is None:
        return (edit.pos, Said("house.no parent", word=word, variant=variant),
                Said("house.no parent hint", variant=variant, slot=edit.slot))
    entries = slots.setdefault(edit.slot, [])
    if edit.action == "add":
        entries.append((edit.case, variant, source))  # type: ignore[arg-type]
        return None
    pick = edit.pick or ast.CasePick("always")
    found = [at for at, (case, _, _) in enumerate(entries) if _fits(case, pick)]
    if len(found) != 1:
        return _unpicked(edit, pick, entries, found, parent)
    at = found[0]
    if entries[at][1] == variant:  # a case this house rule wrote itself: edited twice
        return (edit.pos, Said("house.edited again", word=word, line=entries[at][0].pos.line),
                Said("house.edited again hint"))
    departed.append((edit.pos, entries[at][0].provenance, entries[at][2]))
    if edit.action == "drop":
        del entries[at]
        return None
    old, new = entries[at][0], edit.case
    assert new is not None
    if new.guard is None and not new.otherwise:  # no condition of its own: the parent case's
        new = _replaced(new, guard=old.guard, otherwise=old.otherwise)
    entries[at] = (new, variant, source)
    return None


def _unpicked(edit: ast.CaseEdit, pick: ast.CasePick, entries: list[Entry], found: list[int],
              parent: str) -> Problem:
    """No case, or several, of the parent's slot fit what the house rule names."""
    where = pick.pos if pick.pos.line else edit.pos
    if not entries:
        return (where, Said("house.no case", slot=edit.slot, parent=parent, action=edit.action),
                Said("house.no case hint", slot=edit.slot))
    if not found:
        return (where, Said("house.not found", slot=edit.slot, parent=parent,
                            pick=pick_words(pick), listing=_listing(entries)),
                Said("house.not found hint"))
    return (where, Said("house.several", count=len(found), slot=edit.slot, parent=parent,
                        pick=pick_words(pick), listing=_listing([entries[at] for at in found])),
            Said("house.several hint"))


def edit_claim(claims: list[tuple[ast.ClaimDecl, Any]], edit: ast.ClaimEdit, variant: str,
               source: str | None, parent: str | None, departed: list[Departed]
               ) -> Problem | None:
    """Apply one `replace claim`/`drop claim` to the inherited claims; return the problem."""
    if parent is None:
        return (edit.pos, Said("house.claim no parent", action=edit.action, variant=variant),
                Said("house.claim no parent hint"))
    found = [at for at, (claim, _) in enumerate(claims) if claim.text == edit.text]
    if not found:
        listed = "; ".join(f"\"{c.text}\" ({c.pos.file or '<text>'}:{c.pos.line})"
                           for c, _ in claims[:MAX_LISTED]) or Said("none")
        return (edit.pos, Said("house.no claim", parent=parent, text=edit.text, listed=listed),
                Said("house.no claim hint"))
    departed.append((edit.pos, claims[found[0]][0].provenance, claims[found[0]][1]))
    if edit.claim is None:
        del claims[found[0]]
    else:
        claims[found[0]] = (edit.claim, source)
    return None


__all__ = ["case_words", "edit_case", "edit_claim", "pick_words"]
