"""Why a finding of a parent's rules turns out otherwise in a house rule, or is gone from it:
the same rule line refuted in one variant and proved in the other is read as a contradiction
unless the report says what differs.

The reason is read from the data, never from a message: the parent's game, when the variant
cannot play it (its number of players is not the variant's); the claim, when the variant drops
it; the finding's own rule, when the variant writes it itself; else the rules the variant
writes itself, which are what makes its answer differ. With none of these, nothing is said.
"""

from __future__ import annotations

from interpreter.language.model import Variant
from interpreter.language.said import Joined, Listed, Said
from interpreter.language.file_words import SlotName
from interpreter.language.slots import SLOTS

from .about import ClaimRef, RestatedAt
from .findings import Finding


def why_altered(variant: Variant, before: Finding) -> Said | None:
    """Why the variant's finding differs from the parent's one (`before`), or why the variant
    no longer has it; None when the data names no reason (a guess is no reason)."""
    names = {"name": variant.name, "parent": variant.parent or ""}
    reasons: list[Said] = []
    if isinstance(before.about, ClaimRef) and before.about.text not in {
            claim.text for claim in variant.claims}:
        reasons.append(Said("labels why.dropped", **names))
    if isinstance(before.about, RestatedAt) and (before.about.line, before.about.column) not in {
            (r.pos.line, r.pos.column) for r in variant.restatements
            if (r.pos.file or variant.file) == before.about.file}:
        reasons.append(Said("labels why.dropped restates", **names))
    own = own_slots(variant)
    if before.slot in own:  # the rule itself is the house rule's
        reasons.append(Said("labels why.slots", slots=SlotName(before.slot), **names))
    game = before.witness
    if game is not None and game.players and game.players not in variant.players:
        reasons.append(Said("labels why.players", players=game.players,
                            allowed=Listed([str(n) for n in variant.players]), **names))
    if not reasons and own:
        reasons.append(Said("labels why.slots",
                            slots=Listed([SlotName(s) for s in own], "and"), **names))
    return Said("labels why", reasons=Joined(reasons, "; ")) if reasons else None


def own_slots(variant: Variant) -> list[str]:
    """The slots the variant writes in its own file (its house rules), in the language's
    order."""
    return [slot for slot in SLOTS
            if any(case.pos.file == variant.file for case in variant.cases(slot))]
