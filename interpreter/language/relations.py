"""Claims across variants: a `relation` statement resolved against the variants it names.

`relation "text" A [with NAME = VALUE, ...] same as B [with ...] [except S1, S2] [expect refuted]`
says that A and B (each with its options set as written, the rest at their defaults) agree on
every rule slot, or on every slot but the listed ones, which differ. The checker proves it or
refutes it with a game (checks/compare/relations.py). An unknown variant, option or value is a
positioned error, as in a variant block.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import ast
from .errors import Diagnostic, RuleFileError, did_you_mean
from .model import Variant
from .open_options import is_open
from .said import Said


@dataclass(frozen=True)
class RelationSide:
    """A variant of a relation, with the options it is set to (the rest: their defaults)."""

    variant: Variant
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Relation:
    """A resolved claim across variants."""

    text: str
    ru: str | None
    a: RelationSide
    b: RelationSide
    differing: tuple[str, ...]
    expect_refuted: bool
    pos: ast.Pos = ast.NOWHERE

    def says(self, slot: str) -> str:
        """What the relation says of a slot: `same` or `different`."""
        return "different" if slot in self.differing else "same"


def resolve_relations(decls: list[ast.RelationDecl], resolve: Callable[[str], Variant],
                      names: list[str], diagnostic: Callable[..., Diagnostic]
                      ) -> list[Relation]:
    """Resolve every relation; raise RuleFileError with every unknown name, positioned."""
    problems: list[Diagnostic] = []
    relations = []
    for decl in decls:
        sides = [_side(side, resolve, names, diagnostic, problems) for side in (decl.a, decl.b)]
        if len(set(decl.differing)) != len(decl.differing):
            problems.append(diagnostic(decl.pos, Said("relation.except twice")))
        if sides[0] is not None and sides[1] is not None:
            relations.append(Relation(decl.text, decl.ru, sides[0], sides[1], decl.differing,
                                      decl.expect_refuted, decl.pos))
    if problems:
        raise RuleFileError(problems)
    return relations


def _side(side: ast.RelationSide, resolve: Callable[[str], Variant], names: list[str],
          diagnostic: Callable[..., Diagnostic], problems: list[Diagnostic]
          ) -> RelationSide | None:
    if side.variant not in names:
        problems.append(diagnostic(side.pos, Said(
            "relation.unknown", name=side.variant, close=did_you_mean(side.variant, names)),
                                   Said("relation.unknown hint")))
        return None
    try:
        variant = resolve(side.variant)
    except RuleFileError as error:  # the variant's own errors, said once where it is read
        problems.extend(d for d in error.diagnostics if d not in problems)
        return None
    settings: dict[str, Any] = {}
    seen: set[str] = set()
    for name, value in side.settings:
        option = variant.option(name)
        if name in seen:  # the last would win silently, as `except goat, goat` may not
            problems.append(diagnostic(side.pos, Said(
                "relation.option twice", variant=variant.name, name=name)))
        elif option is None:
            known = [o.name for o in variant.options]
            problems.append(diagnostic(side.pos, Said(
                "relation.no option", variant=variant.name, name=name,
                close=did_you_mean(name, known))))
        elif not (value in option.values if not is_open(option.values)
                  else isinstance(value, int) and value in option.values):
            problems.append(diagnostic(side.pos, Said(
                "relation.no value", name=name, variant=variant.name, value=value)))
        else:
            settings[name] = value
        seen.add(name)
    return RelationSide(variant, settings)
