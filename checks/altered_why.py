"""Why a finding a house rule inherits turns out otherwise than in its parent: the same rule
line refuted in one variant and proved in the other is read as a contradiction unless the
report says what differs.

The reason is read from the data, never from a message: the parent's game, when the variant
cannot play it (its number of players is not the variant's), or else the rules the variant
writes itself, which are what makes its answer differ.
"""

from __future__ import annotations

from interpreter.language.model import Variant
from interpreter.language.said import Listed, Said
from interpreter.language.file_words import SlotName
from interpreter.language.slots import SLOTS

from .findings import Finding


def why_altered(variant: Variant, before: Finding) -> Said:
    """Why the variant's finding differs from the parent's one (`before`)."""
    names = {"name": variant.name, "parent": variant.parent or ""}
    game = before.witness
    if game is not None and game.players and game.players not in variant.players:
        return Said("labels why.players", players=game.players,
                    allowed=Listed([str(n) for n in variant.players]), **names)
    own = own_slots(variant)
    if own:
        return Said("labels why.slots", slots=Listed([SlotName(s) for s in own], "and"),
                    **names)
    return Said("labels why.setting", **names)


def own_slots(variant: Variant) -> list[str]:
    """The slots the variant writes in its own file (its house rules), in the language's
    order."""
    return [slot for slot in SLOTS
            if any(case.pos.file == variant.file for case in variant.cases(slot))]
