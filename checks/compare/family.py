"""The family check: every pair of the variants `kozel check` loaded, compared slot by slot.

Each unordered pair (a, b in the order loaded) is compared by `diff_variants`
(checks/compare/diff.py), so that each difference is a game of `a` at whose moment the two rules
answer differently. How the pair is set up, and what this module adds to the diff:

* options: each variant's options at their defaults; an option without a default is left open
  (any of its values: the solver and the game search choose, the witness's options say which);
* a threshold (a slot asked with the side's `total`: goat, wins): the solver is asked for the
  least total at which the two rules part (a bounded bisection, MAX_BOUNDARY_QUESTIONS
  questions); unless a side of the game shown already has that total, a game is searched once
  more from the solver's situation at that total (a quarter of the game budget), and the
  entry's note says whether the game shown sits at the boundary or only the solver's situation
  does (the game search steers hands, not totals, so it seldom lands on the exact total);
* `through`: a difference whose rule text is word for word the same in both variants cannot
  come from its own words. It comes through an option the rule reads and the two settings give
  different values (`option NAME`), else through the slots whose results the rule reads that
  differ or are incomparable (checks/compare/diff_reads.py: `carry` reading `value(all)` comes
  through `hand value`); where none it reads parts, those they read in turn. A difference whose
  texts differ has no `through`.
* `no difference found` (checks/compare/diff_effect.py): the two rules answer differently but
  no match played side by side showed a player a change. The family table gives it a mark of
  its own (≈), not "=": "=" is for identical text or the solver's proof, this for what no
  match of a bounded number showed to differ; the pair's counts take it as neither.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable

from interpreter.language.model import Case, Variant
from interpreter.language.open_options import values_json
from interpreter.language.reads import slot_names
from interpreter.language.slots import CONTEXTS, SLOTS

from ..reporting.catalogue import Said
from ..questions.conditions import slot_situation
from .diff import SlotDiff, VariantDiff, diff_session, diff_variants, named_witness
from .diff_effect import Compared, judged
from .diff_games import Pair, realise_diff
from .diff_reads import reached_through
from .diff_sizes import Across
from ..questions.budget import Budget, GameBudget
from ..search.witnesses import Witness
from ..z3_encode.boundary import least_total as boundary_total

MAX_BOUNDARY_QUESTIONS = 14  # a bisection over totals 0..16383
STATUSES = ("same", "different", "no difference found", "incomparable", "unconfirmed", "unknown")
PARTING = ("different", "unconfirmed", "incomparable")  # what another slot can lead through


@dataclass
class Setting:
    """How one variant's options are set for the family check."""

    fixed: dict[str, Any] = field(default_factory=dict)
    shown: dict[str, dict[str, Any]] = field(default_factory=dict)  # the JSON "options"


def family_setting(variant: Variant) -> Setting:
    """Each option at its default; an option without one left open, and said so."""
    setting = Setting()
    for option in variant.options:
        if option.default is not None:
            setting.fixed[option.name] = option.default
            setting.shown[option.name] = {"set": "default", "value": option.default}
        else:
            setting.shown[option.name] = {"set": "open", "values": values_json(option.values)}
    return setting


def case_lines(variant: Variant, slot: str) -> list[str]:
    """`file:line` of each case of a slot (the parent's file for an inherited case)."""
    return [_at(variant, case) for case in variant.cases(slot)]


def _at(variant: Variant, case: Case) -> str:
    return f"{case.pos.file or variant.file}:{case.pos.line}"


def compare_pair(a: Variant, b: Variant, budget: Budget, games: GameBudget | None,
                 seen: Callable[[VariantDiff], None] | None = None) -> dict[str, Any]:
    """The comparison of two variants: the entry of `kozel check`'s "comparisons" (`seen` is
    shown the diff as a fresh process computes it, before anything is added to it)."""
    set_a, set_b = family_setting(a), family_setting(b)
    diff = diff_variants(a, b, fixed_a=set_a.fixed, fixed_b=set_b.fixed,
                         budget=budget, games=games, effect=False)  # judged on the games shown
    if seen is not None:  # a copy: the entries below are changed in place
        seen(copy.deepcopy(diff))
    pair = Pair(a, b, (diff.a, diff.b), set_a.fixed, set_b.fixed, ())
    for entry in diff.slots:
        if entry.status == "different" and _asks_total(entry.slot):
            _at_boundary(pair, entry, budget, games)
    if games is not None:  # the game at the boundary is the one whose effect is judged
        diff.slots = judged(Compared(a, b, (diff.a, diff.b)), diff.slots)
    statuses = {entry.slot: entry.status for entry in diff.slots}
    differences = [_difference(a, b, entry, statuses, set_a, set_b)
                   for entry in diff.slots if entry.status != "same"]
    return {"a": diff.a, "b": diff.b, "players": [list(a.players), list(b.players)],
            "options": {diff.a: set_a.shown, diff.b: set_b.shown}, "notes": diff.options,
            "same": [e.slot for e in diff.slots if e.status == "same"],
            "differences": differences}


def _difference(a: Variant, b: Variant, entry: SlotDiff, statuses: dict[str, str],
                set_a: Setting, set_b: Setting) -> dict[str, Any]:
    data: dict[str, Any] = {"slot": entry.slot, "status": entry.status,
                            "a_cases": case_lines(a, entry.slot),
                            "b_cases": case_lines(b, entry.slot),
                            "witness": entry.witness, "note": entry.note}
    if entry.witness is None:
        data["why"] = entry.note or Said("family.no game", status=entry.status)
    if entry.candidate is not None:
        data["candidate"] = entry.candidate
    if entry.effect is not None:
        data["effect"] = entry.effect
    if entry.across is not None:  # different tables: each table's result and game
        data["across"] = entry.across
    through = entry.through or through_of(a, b, entry.slot, statuses, set_a, set_b)
    if through:
        data["through"] = through
    return data


def through_of(a: Variant, b: Variant, slot: str, statuses: dict[str, str], set_a: Setting,
               set_b: Setting) -> str:
    """What a difference of the same words is reached through: an option the rule reads whose
    settings differ, else the nearest earlier slot that parts ('' when the words differ)."""
    if [_words(c) for c in a.cases(slot)] != [_words(c) for c in b.cases(slot)]:
        return ""
    read = slot_names(a, slot)
    for name in sorted(read):
        if (name in set_a.shown or name in set_b.shown) \
                and set_a.shown.get(name) != set_b.shown.get(name):
            return f"option {name}"
    parting = {name for name, status in statuses.items() if status in PARTING}
    return ", ".join(reached_through(a, b, slot, parting))  # diff_reads.py: what it reads


def _words(case: Case) -> tuple[Any, ...]:
    return (case.value, case.guard, case.otherwise)


def _asks_total(slot: str) -> bool:
    return "total" in CONTEXTS[SLOTS[slot].context]


def _at_boundary(pair: Pair, entry: SlotDiff, budget: Budget,
                 games: GameBudget | None) -> None:
    """Find the least total at which the two rules part, and show the game there if one is
    found; the note says which of the two the entry shows."""
    least = least_total(pair, entry.slot, budget)
    if least is None:
        return
    total, situation = least
    if total not in _totals(entry.witness) and games is not None:
        quarter = GameBudget(max(1, games.games // 4))
        witness, _ = realise_diff(pair, entry.slot, situation, quarter)
        if witness is not None and total in _totals(witness):
            entry.witness = witness
    shown = _totals(entry.witness)
    said = (Said("family.at boundary", total=total) if total in shown else
            Said("family.boundary", total=total, shown=", ".join(map(str, shown)) or "-"))
    entry.note = Said("joined", a=entry.note, b=said) if entry.note else said


def _totals(witness: Witness | None) -> list[int]:
    """The sides' totals a game witness shows (a round's sheet, or one side's total)."""
    return witness.totals() if witness else []


def comparison_json(comparison: dict[str, Any]) -> dict[str, Any]:
    """A comparison as the JSON of `kozel check` writes it: its witnesses as their JSON."""
    return {**comparison, "differences": [
        {key: value.to_json() if isinstance(value, Witness) else
         value.as_json() if isinstance(value, Across) else value
         for key, value in entry.items()} for entry in comparison["differences"]]}


def least_total(pair: Pair, slot: str, budget: Budget) -> tuple[int, Witness] | None:
    """The least side's total (from 0) at which the two rules of a slot part, with the
    solver's situation there (z3_encode/boundary.py); None when the solver cannot say."""
    session = diff_session(pair.a, pair.b, pair.fixed_a, pair.fixed_b, budget)
    found = boundary_total(session, slot_situation(slot, pair.a, pair.b), slot,
                           MAX_BOUNDARY_QUESTIONS)
    if found is None:
        return None
    return found[0], named_witness(found[1], *pair.names)


def fresh_comparison(a: Variant, b: Variant, budget: Budget, games: GameBudget | None,
                     seen: Callable[[VariantDiff], None] | None = None) -> dict[str, Any]:
    """compare_pair as a fresh process computes it, read back when an earlier command kept
    it (checks/running/remembered.py); with a wall-clock limit, always computed (`seen`: as in
    compare_pair, told only when it is computed)."""
    from ..running.remembered import remembered, settings_key, variant_key

    parts = [variant_key(a), variant_key(b), settings_key(budget, games)]
    return remembered("comparison", parts, lambda: compare_pair(a, b, budget, games, seen),
                      budget)


def compare_family(variants: list[Variant], budget: Budget, games: GameBudget | None,
                   workers: int = 1, progress: Callable[[Variant, Variant, int, int], None]
                   | None = None) -> list[dict[str, Any]]:
    """Every unordered pair of the variants, in the order loaded: one comparison each
    (each in a fresh process, checks/running/isolated.py, at most `workers` at once); `progress` is
    told the pair awaited, its number (from 1) and how many there are."""
    from ..running.isolated import run_isolated
    from ..running.remembered import code_key

    code_key()  # once, before the workers fork
    pairs = [(a, b, budget, games) for i, a in enumerate(variants) for b in variants[i + 1:]]
    return run_isolated(fresh_comparison, pairs, workers, progress and (
        lambda i: progress(pairs[i][0], pairs[i][1], i + 1, len(pairs))))
