"""What to prove about a variant, as data: one Condition per question, no solver involved.

Every question is an existence query over the situations of one context ("is there a
situation where ..."). `bad_if` says which answer is a finding: for a gap, a conflict or a
refuted claim it is `sat` (the model is the witness); for an unreachable case it is `unsat`.
"""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.language import catalogue
from interpreter.language.ast import NOWHERE, Pos
from interpreter.language.model import Variant
from interpreter.language.slots import CLAIM_CONTEXTS, MATCH_END_SLOTS, SLOTS

from interpreter.engine.turns import reads_turn

from .rule_text import reads_other_sides

# The situation each slot is applied in (checks/z3_encode builds one per key): its context's,
# except that a rule of the turn is asked once for the match unless it reads the turn (see
# slot_situation), and `hand value` counts a hand left at the end of a round, not a dealt one.
SITUATION_OF_CONTEXT = {"turn": "setup"}
SITUATION_OF_SLOT = {"hand value": "hand-end"}
SLOT_SITUATION: dict[str, str] = {
    name: SITUATION_OF_SLOT.get(name, SITUATION_OF_CONTEXT.get(spec.context, spec.context))
    for name, spec in SLOTS.items()}
# A claim's context word → the slot context it is checked in (slots.CLAIM_CONTEXTS) → situation.
CONTEXT_SITUATION = {"setup": "setup", "hand": "hand", "deal": "deal-any", "play": "play",
                     "move": "move", "moved": "moved", "end": "end", "scored": "scored",
                     "recorded": "recorded-any", "match": "match"}
CLAIM_SITUATION = {word: CONTEXT_SITUATION[context] for word, context in CLAIM_CONTEXTS.items()}
SITUATION_WORDS = catalogue.keys_under("situation.", "checks")  # "in every ...", "in some ..."


@dataclass(frozen=True)
class Condition:
    """One question about a variant.

    query: defined (a case's guard or value is undefined somewhere; expanded per hazard),
    no-case, unspecified, conflict, reachable, lead-empty, claim, or an invariant's name.
    A case the text leaves unspecified gets one question, `unspecified` ("does play reach
    it?"), and no `reachable` one: its single answer says either that play reaches the case
    or that the case is never reached, so the two can never both be reported.
    """

    query: str
    slot: str
    situation: str
    pos: Pos = NOWHERE
    case: int | None = None
    other: int | None = None
    claim: int | None = None
    bad_if: str = "sat"
    strict: bool = True  # does a finding of this condition fail `kozel check --strict`


INVARIANTS: tuple[tuple[str, str, str], ...] = (
    # (query, slot, situation)
    ("tile-set", "", "setup"),
    ("deal-fits", "deal", "setup"),
    ("partners-four", "sides", "setup"),
    ("reserve-fits", "reserve", "setup"),
    ("points-nonnegative", "score", "recorded-any"),
    ("move-points-nonnegative", "move score", "move"),
    ("one-goat", "goat", "match-all"),
    ("one-winner", "wins", "match-all"),
)
PROPERTIES: tuple[tuple[str, str, str], ...] = (
    ("fish-ends-equal", "fish", "play"),
)

INVARIANT_WORDS = catalogue.keys_under("invariant.", "checks")  # what each one says holds
# The invariants about a slot asked only of a variant that writes it: without a rule the match
# does not end by it (`goat`, `wins`), a move scores nothing (`move score`).
ONLY_WRITTEN = (*MATCH_END_SLOTS, "move score")


def slot_situation(slot: str, *variants: Variant) -> str:
    """Return the situation a slot is asked in: `draw` and `pass` at a player's turn when a
    variant's rule reads it (`hand`, `stock`), else once for the match (setup)."""
    if SLOTS[slot].context == "turn" and any(reads_turn(v, slot) for v in variants):
        return "turn"
    return SLOT_SITUATION[slot]


def slot_conditions(variant: Variant, slot: str) -> list[Condition]:
    """Return the questions about one slot: gaps, undefined values, conflicts, reachability."""
    cases = variant.cases(slot)
    if not cases:
        return []
    spec, where = SLOTS[slot], slot_situation(slot, variant)
    found = [Condition("defined", slot, where, c.pos, case=i) for i, c in enumerate(cases)]
    if not spec.additive and not any(c.otherwise for c in cases):
        found.append(Condition("no-case", slot, where, cases[0].pos))
    for i, case in enumerate(cases):
        if case.unspecified:
            found.append(Condition("unspecified", slot, where, case.pos, case=i, strict=False))
        elif case.guard is not None or case.otherwise:
            found.append(Condition("reachable", slot, where, case.pos, case=i, bad_if="unsat"))
    if not spec.additive:
        specified = [i for i, c in enumerate(cases) if not c.unspecified]
        for n, i in enumerate(specified):
            for j in specified[n + 1:]:
                if _may_both_apply(variant, slot, i, j):
                    found.append(Condition("conflict", slot, where, cases[j].pos, case=i,
                                           other=j))
    if slot == "lead tile":
        found.append(Condition("lead-empty", slot, where, cases[0].pos))
    if slot == "fish":
        found.append(Condition("stuck", slot, where, cases[0].pos))
    return found


def _may_both_apply(variant: Variant, slot: str, i: int, j: int) -> bool:
    """An otherwise case never applies together with another case."""
    cases = variant.cases(slot)
    return not (cases[i].otherwise or cases[j].otherwise)


def conditions_for(variant: Variant) -> list[Condition]:
    """Return every question about a variant: its slots, its claims, the built-in invariants."""
    found: list[Condition] = []
    for slot in SLOTS:
        found += slot_conditions(variant, slot)
    for k, claim in enumerate(variant.claims):
        found.append(Condition("claim", "", CLAIM_SITUATION[claim.context], claim.pos, claim=k))
    for query, slot, where in INVARIANTS:
        if slot in ONLY_WRITTEN and not variant.cases(slot):
            continue  # the language's default: nothing to hold
        if query == "one-goat" and (variant.several_goats
                                    or reads_other_sides(variant.cases("goat"))):
            continue  # several goats at once are how this variant's match ends, by its rule
        found.append(Condition(query, slot, where, _slot_pos(variant, slot)))
    for query, slot, where in PROPERTIES:
        found.append(Condition(query, slot, where, _slot_pos(variant, slot), strict=False))
    return found


def _slot_pos(variant: Variant, slot: str) -> Pos:
    cases = variant.cases(slot)
    return cases[0].pos if cases else variant.pos
