"""Claims across variants: each `relation` proved slot by slot or refuted by the slot that
parts from what it says (interpreter/language/relations.py).

A relation is compared as `kozel diff` compares two variants (checks/compare/diff.py), each side's
options as the relation sets them and the others at their defaults (as the family check sets
them, checks/compare/family.py). A slot the relation says is the same holds when the diff proves it
the same or finds that the two never share a situation of it (they cannot answer otherwise
there); a slot it says differs holds when a game shows the difference. The first slot (in
slots.SLOTS order) that goes against the relation refutes it: with the game of that difference,
or, for a slot it says differs, with the solver's proof that they never part. A slot the
solver or the games cannot settle leaves the relation unsettled (`unconfirmed` / `unknown`).
"""

from __future__ import annotations

from typing import Any, Callable

from interpreter.language.file_words import QuotedText, SlotName, VariantName
from interpreter.language.relations import Relation
from interpreter.language.said import Joined

from ..reporting.about import RelationRef
from ..reporting.catalogue import Said
from .diff import SlotDiff, VariantDiff, diff_variants
from .family import family_setting
from ..reporting.findings import Finding
from ..reporting.kinds import Kind
from ..questions.budget import Budget, GameBudget

HOLDS = {"same": ("same", "incomparable"), "different": ("different",)}
UNSETTLED = ("unconfirmed", "unknown")


def check_relation(relation: Relation, budget: Budget, games: GameBudget | None
                   ) -> Finding:
    """The finding of one relation: proved, refuted (with its game), or unsettled."""
    a, b = relation.a.variant, relation.b.variant
    fixed_a, fixed_b = relation_settings(relation)
    diff = diff_variants(a, b, fixed_a=fixed_a, fixed_b=fixed_b, budget=budget,
                         games=games, effect=False)  # a relation is about the rules' answers
    return relation_finding(relation, diff)


def relation_settings(relation: Relation) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each side's options as the relation compares them: the family's defaults, then the
    relation's own settings."""
    a, b = relation.a.variant, relation.b.variant
    return ({**family_setting(a).fixed, **relation.a.settings},
            {**family_setting(b).fixed, **relation.b.settings})


def relation_finding(relation: Relation, diff: VariantDiff) -> Finding:
    """The finding of one relation, read off the diff of its two sides (relation_settings)."""
    against = [e for e in diff.slots if e.status not in HOLDS[relation.says(e.slot)]]
    refuting = [e for e in against if e.status not in UNSETTLED]
    if refuting:
        return _refuted(relation, refuting[0])
    if against:
        entry = against[0]
        pos = relation.pos
        return Finding(kind=Kind(entry.status), slot=entry.slot, at=pos, message=Said(
            "relation.unsettled", relation=QuotedText(relation.text, relation.ru), slot=entry.slot,
            status=Said(f"status.{entry.status}")), strict=False,
            candidate=entry.candidate, about=RelationRef(relation.text))
    listed = Said("relation.except",
                  slots=Joined([SlotName(s, quoted=False) for s in relation.differing])) \
        if relation.differing else ""
    message = Said("relation.proved", relation=QuotedText(relation.text, relation.ru), a=VariantName(diff.a), b=VariantName(diff.b),
                   listed=listed)
    if relation.expect_refuted:
        message = Said("joined", a=message, b=Said("relation.unexpected"))
    pos = relation.pos  # strict only where the relation was expected to fail
    return Finding(kind=Kind.RELATION_PROVED, slot="", at=pos, message=message,
                   strict=relation.expect_refuted, about=RelationRef(relation.text))


def _refuted(relation: Relation, entry: SlotDiff) -> Finding:
    says = Said(f"relation.{'differs' if relation.says(entry.slot) == 'different' else 'same'}")
    message = Said("relation.refuted", relation=QuotedText(relation.text, relation.ru), slot=entry.slot,
                   status=Said(f"status.{entry.status}"), says=says)
    if relation.expect_refuted:
        message = Said("joined", a=message, b=Said("relation.expected"))
    pos = relation.pos
    return Finding(kind=Kind.RELATION_REFUTED, slot=entry.slot, at=pos, message=message,
                   witness=entry.witness, strict=not relation.expect_refuted,
                   about=RelationRef(relation.text))


def check_relations(relations: list[Relation], budget: Budget, games: GameBudget | None,
                    workers: int = 1, progress: Callable[[int], None] | None = None
                    ) -> list[Finding]:
    """Every relation's finding, in the order written (each in a fresh process,
    checks/running/isolated.py, so that it does not depend on what was solved before it)."""
    from ..running.isolated import run_isolated
    from ..running.remembered import code_key

    code_key()  # once, before the workers fork
    return run_isolated(fresh_relation, [(r, budget, games) for r in relations], workers,
                        progress)


def fresh_relation(relation: Relation, budget: Budget, games: GameBudget | None,
                   known: Finding | None = None) -> Finding:
    """check_relation as a fresh process computes it, read back when an earlier command kept
    it (checks/running/remembered.py: its key holds the relation and both sides' models whole);
    `known`, where given, is that finding already (read off the same diff: together.py)."""
    from ..running.remembered import relation_key, remembered, settings_key

    return remembered("relation", [relation_key(relation), settings_key(budget, games)],
                      lambda: known if known is not None else
                      check_relation(relation, budget, games), budget)
