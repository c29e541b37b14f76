"""The whole of `kozel check`: each variant's report, the family's comparisons and the
relations, as one batch of isolated tasks (checks/running/isolated.py).

Run one kind after another, a core idled at the end of each kind while the other finished its
last task; as one batch, a core takes the next task of any kind as soon as it is free, the
costliest kinds first. Each task is a fresh process of the same parent, so the batch's order
changes no result, only when each is ready.

A relation between two variants at the family's own settings (each option at its default,
checks/compare/family.py) asks the very diff that the comparison of that pair asks first, in a
process as fresh: its finding is read off that diff in the comparison's task
(`relation_finding`) instead of being computed again in a task of its own. Either way the
finding is the one a fresh process computes (the same question, first in a clean process).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Callable

from interpreter.language.model import Variant

from ..questions.budget import Budget, GameBudget
from ..reporting.findings import Finding, VariantReport

# what each task's progress says: (kind, the indices of its variants or relation)
Told = Callable[[str, tuple[int, ...]], None]


@dataclass(frozen=True)
class Planned:
    """The tasks of a batch: the reports, the pairs compared (each with the relations read
    off its diff) and the relations checked on their own."""

    reports: list[int]
    pairs: list[tuple[int, int, tuple[int, ...]]]
    alone: list[int]


def check_together(variants: list[Variant], relations: list[Any], settings: Any,
                   compared: int, told: Told | None = None
                   ) -> tuple[list[VariantReport], list[dict[str, Any]], list[Finding]]:
    """Each variant's report, the comparison of every pair of the first `compared` variants
    and each relation's finding, in the order of `variants` and `relations` (`told` is told
    the task awaited, for a person)."""
    from .cluster import run_tasks
    from .remembered import code_key
    from .run import import_before_forking

    code_key()  # once, before the workers fork
    import_before_forking(variants, settings)
    calls = _calls(plan_of(variants, relations, compared), variants, relations, settings)
    done = run_tasks(run_task, [call for _, call in calls], settings.workers,
                     settings.cluster, told and (lambda i: told(*calls[i][0])))
    return _results(calls, done, len(variants), len(relations))


def plan_of(variants: list[Variant], relations: list[Any], compared: int) -> Planned:
    """Which tasks the batch runs: every variant's report, every unordered pair of the first
    `compared` variants (a before b, in the order loaded), each relation not read off a
    pair's diff."""
    from .remembered import variant_key
    from ..questions.unmodelled import unmodelled_case

    # a variant the checker does not model (questions/unmodelled.py) is compared with none
    pairs = [(i, j) for i, j in itertools.combinations(range(compared), 2)
             if unmodelled_case(variants[i]) is None and unmodelled_case(variants[j]) is None]
    sharing: dict[tuple[int, int], list[int]] = {pair: [] for pair in pairs}
    alone = []
    keys = [variant_key(v) for v in variants]  # once: a model's key writes it out whole
    for k, relation in enumerate(relations):
        pair = _pair_of(relation, variants, keys)
        if pair in sharing:
            sharing[pair].append(k)
        else:
            alone.append(k)
    return Planned(list(range(len(variants))),
                   [(i, j, tuple(sharing[(i, j)])) for i, j in pairs], alone)


def _pair_of(relation: Any, variants: list[Variant], keys: list[str]
             ) -> tuple[int, int] | None:
    """The pair whose comparison asks the relation's very diff: the same two models (`keys`:
    the variants' keys), in the same order, each at the family's setting (the relation sets
    no option otherwise)."""
    from ..compare.family import family_setting
    from ..compare.relations import relation_settings
    from .remembered import variant_key

    a, b = variant_key(relation.a.variant), variant_key(relation.b.variant)
    if a not in keys or b not in keys:
        return None
    i, j = keys.index(a), keys.index(b)
    fixed = relation_settings(relation)
    family = (family_setting(variants[i]).fixed, family_setting(variants[j]).fixed)
    same = all(repr(list(f.items())) == repr(list(g.items())) for f, g in zip(fixed, family))
    return (i, j) if i < j and same else None


def _calls(plan: Planned, variants: list[Variant], relations: list[Any], settings: Any
           ) -> list[tuple[tuple[str, tuple[int, ...]], tuple[Any, ...]]]:
    """The batch's calls, each with what it is (its kind and indices: a pair's two variants,
    then the relations read off its diff), the costliest kinds first: a comparison searches
    games of two variants, a report of one, most relations are quick. No core then idles at
    the end behind a long task started last."""
    from .run import weight

    budget, games = settings.budget, settings.games
    pairs = sorted(plan.pairs, key=lambda p: -(weight(variants[p[0]]) + weight(variants[p[1]])))
    reports = sorted(plan.reports, key=lambda i: -weight(variants[i]))
    alone = sorted(plan.alone, key=lambda k: -(weight(relations[k].a.variant)
                                               + weight(relations[k].b.variant)))
    return ([(("pair", (i, j, *shared)), ("pair", variants[i], variants[j], budget, games,
                                          [relations[k] for k in shared]))
             for i, j, shared in pairs]
            + [(("variant", (i,)), ("variant", variants[i], settings)) for i in reports]
            + [(("relation", (k,)), ("relation", relations[k], budget, games))
               for k in alone])


def run_task(kind: str, *args: Any) -> Any:
    """One task of the batch, in its fresh process."""
    from ..compare.relations import fresh_relation
    from .run import fresh_report

    if kind == "variant":
        return fresh_report(*args)
    if kind == "relation":
        return fresh_relation(*args)
    return comparison_and_relations(*args)


def comparison_and_relations(a: Variant, b: Variant, budget: Budget, games: GameBudget | None,
                             relations: list[Any]) -> tuple[dict[str, Any], list[Finding]]:
    """A pair's comparison and the findings of the relations that ask its diff."""
    from ..compare.family import fresh_comparison
    from ..compare.relations import fresh_relation, relation_finding

    read: dict[int, Finding] = {}

    def seen(diff: Any) -> None:
        for k, relation in enumerate(relations):
            read[k] = relation_finding(relation, diff)

    comparison = fresh_comparison(a, b, budget, games, seen)
    # a comparison read back from the cache has asked the solver nothing: this process is as
    # fresh as a relation's own, and computes what it would
    return comparison, [fresh_relation(r, budget, games, read.get(k))
                        for k, r in enumerate(relations)]


def _results(calls: list[tuple[tuple[str, tuple[int, ...]], Any]], done: list[Any],
             variants: int, relations: int
             ) -> tuple[list[VariantReport], list[dict[str, Any]], list[Finding]]:
    """The batch's results back in the order of the variants, the pairs (a before b, in the
    order loaded) and the relations."""
    reports: dict[int, VariantReport] = {}
    compared: dict[tuple[int, int], dict[str, Any]] = {}
    findings: dict[int, Finding] = {}
    for ((kind, at), _), result in zip(calls, done):
        if kind == "variant":
            reports[at[0]] = result
        elif kind == "relation":
            findings[at[0]] = result
        else:
            compared[(at[0], at[1])] = result[0]
            findings.update(zip(at[2:], result[1]))
    return ([reports[i] for i in range(variants)], [compared[p] for p in sorted(compared)],
            [findings[k] for k in range(relations)])
