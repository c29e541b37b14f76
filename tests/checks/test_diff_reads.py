"""A difference of the same words is "reached through" what its rule reads
(checks/compare/diff_reads.py), not through the nearest earlier slot that differs: minsk's
`carry` reads `value(all)`, so it comes through `hand value`, never through `bonus`."""

from __future__ import annotations

from checks.compare.diff_reads import FUNCTION_MAKERS, TERM_MAKERS, reached_through, slots_read
from interpreter.language.slots import CONTEXT_FUNCTIONS, CONTEXTS, SLOTS
from shared_runs import seed_variants


def test_reached_through_what_the_rule_reads() -> None:
    seeds = seed_variants()
    minsk, gambler = seeds["minsk"], seeds["gambler-1v1"]
    assert "hand value" in slots_read(minsk, "carry")  # value(all)
    assert "bonus" not in slots_read(minsk, "carry")
    assert reached_through(gambler, minsk, "carry", {"bonus", "hand value"}) == ("hand value",)
    # nothing it reads (nor what that reads) parts: not reached through anything
    assert reached_through(gambler, minsk, "carry", {"bonus"}) == ()
    # every slot's reads are slots of the language, never itself
    for variant in seeds.values():
        for slot in SLOTS:
            assert set(slots_read(variant, slot)) <= set(SLOTS) - {slot}


def test_every_term_and_function_of_the_language_says_which_slots_make_it() -> None:
    assert {t for terms in CONTEXTS.values() for t in terms} == set(TERM_MAKERS)
    assert {f for funcs in CONTEXT_FUNCTIONS.values() for f in funcs} == set(FUNCTION_MAKERS)
    made = {s for makers in [*TERM_MAKERS.values(), *FUNCTION_MAKERS.values()] for s in makers}
    assert made <= set(SLOTS)
