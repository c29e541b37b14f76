"""What `kozel diff` compares beside the slots' rules on one shared setting: each variant at its
own option defaults, a rule one variant leaves unspecified, and the variant's other parts.

An option both variants have with the same values but another default is not one setting in
both: a slot that reads it is compared first with each variant at its own default (so that
minsk played to 150 by default parts from minsk at a total of 101..150), and, where that shows
no difference, at every value both offer (so that two thresholds part where they are written
differently). A slot one variant leaves `unspecified` stops that variant's games before they
reach it: the other variant's games are played instead, asking both rules there. Claims, the
checker's built-in questions and whole-variant declarations (`several goats`, `default SLOT
stated`) are compared as written.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from interpreter.language.model import Option, Variant
from interpreter.language.printer import format_expr
from interpreter.language.reads import case_parts, names_read

from ..reporting.catalogue import Said, said_list
from ..questions.conditions import INVARIANTS, PROPERTIES, conditions_for
from . import diff_effect
from .diff_games import Pair, realise_diff
from ..search.realise import GameBudget
from ..search.witnesses import NoValue, Witness


SlotDiff = Any  # checks.compare.diff.SlotDiff (diff.py calls this module: no import back)
# compare one slot: (A's fixed options, B's, the slot, the game budget or None, the pair)
CompareSlot = Callable[[dict[str, Any], dict[str, Any], str, "GameBudget | None", Pair],
                       SlotDiff]


@dataclass(frozen=True)
class Compared:
    """What the two variants are compared on: the user's settings, each variant's own
    defaults for the options that part, and the options linked as one setting."""

    a: Variant
    b: Variant
    names: tuple[str, str]
    fixed_a: dict[str, Any]
    fixed_b: dict[str, Any]
    linked: tuple[str, ...]  # both have them with the same values, neither fixed
    parted: tuple[str, ...]  # of those, the ones with other defaults


def parted_options(a: Variant, linked: list[str], b: Variant) -> tuple[str, ...]:
    """Of the options linked as one setting, those whose defaults differ."""
    return tuple(name for name in linked if _default(a.option(name)) != _default(b.option(name)))


def _default(option: Option | None) -> Any:
    return None if option is None else (type(option.default), option.default)


def reads_option(variant: Variant, slot: str, names: tuple[str, ...]) -> bool:
    """Whether the slot's cases read one of the named options."""
    return bool(names_read(*case_parts(variant.cases(slot))) & set(names))


def compare_slots(compared: Compared, slots: list[str], compare: CompareSlot,
                  games: GameBudget | None) -> list[SlotDiff]:
    """Every slot compared: at each variant's own defaults where it reads an option that
    parts, then on the shared setting; a rule left unspecified by one variant, in the
    other's games first."""
    c = compared
    pair = Pair(c.a, c.b, c.names, c.fixed_a, c.fixed_b, c.linked)
    own_a, own_b = _own_defaults(c.a, c.parted, c.fixed_a), _own_defaults(c.b, c.parted, c.fixed_b)
    own_pair = Pair(c.a, c.b, c.names, own_a, own_b,
                    tuple(n for n in c.linked if n not in c.parted))
    found = []
    for slot in slots:
        entry = None
        if c.parted and (reads_option(c.a, slot, c.parted) or reads_option(c.b, slot, c.parted)):
            entry = compare(own_a, own_b, slot, games, own_pair)
            if entry.status == "same":
                entry = None  # at the values both offer, too
        if entry is None and games is not None and _unspecified(c.a, slot) \
                and not _unspecified(c.b, slot):
            solver = compare(c.fixed_a, c.fixed_b, slot, None, pair)  # its situation, no game
            entry = _deciding_first(solver, pair, games)
        found.append(entry or compare(c.fixed_a, c.fixed_b, slot, games, pair))
    return found


def _own_defaults(variant: Variant, parted: tuple[str, ...], fixed: dict[str, Any]
                  ) -> dict[str, Any]:
    """The variant's setting: its own default for each option that parts, then what is fixed."""
    return {**{o.name: o.default for o in variant.options if o.name in parted}, **fixed}


def _deciding_first(entry: SlotDiff, pair: Pair, games: GameBudget) -> SlotDiff:
    """A slot A leaves `unspecified` and B decides: A's games stop before they reach it, so
    B's games are played first (the game is B's, the answers A's then B's), A's after."""
    if entry.status != "different" or entry.witness is None:
        return entry
    candidate = entry.witness
    if _a_answers_none(candidate):  # the solver's situation is A's unspecified case
        swapped = Pair(pair.b, pair.a, (pair.names[1], pair.names[0]), pair.fixed_b,
                       pair.fixed_a, pair.linked)
        witness, _ = realise_diff(swapped, entry.slot, candidate, games)
        if witness is not None and _a_answers_none(_a_first(witness)):
            return replace(entry, witness=_a_first(witness),
                           note=Said("diffopts.in games of", name=pair.names[1]))
    witness, why = realise_diff(pair, entry.slot, candidate, games)
    if witness is not None:
        return replace(entry, witness=witness)
    return replace(entry, status="unconfirmed", witness=None, candidate=candidate,
                   note=Said("joined", a=entry.note, b=why) if entry.note else why)


def _a_answers_none(witness: Witness) -> bool:
    """Whether A's rule gives no value in the witness (its first answer)."""
    return bool(witness.does) and isinstance(witness.does[0][1], NoValue)


def _unspecified(variant: Variant, slot: str) -> bool:
    return any(case.value is None for case in variant.cases(slot))


def _a_first(witness: Witness) -> Witness:
    """A swapped game's witness with what each variant does in A, B order (as every other)."""
    return witness.adding(does=tuple(reversed(witness.does)),
                          by_variant=tuple(reversed(witness.by_variant)))


def option_differences(a: Variant, b: Variant, names: tuple[str, str],
                       slots: list[SlotDiff]) -> list[dict[str, Any]]:
    """Each option whose values, default or words differ (or that one variant alone has), with
    the slots that read it and differ, and the first one's game."""
    found = []
    for name in dict.fromkeys([o.name for o in a.options] + [o.name for o in b.options]):
        oa, ob = a.option(name), b.option(name)
        parts = _option_parts(oa, ob)
        if not parts:
            continue
        shown = [s for s in slots if s.status == "different"
                 and (reads_option(a, s.slot, (name,)) or reads_option(b, s.slot, (name,)))]
        entry = {"option": name, "differs": parts, "a": _option_json(oa),
                 "b": _option_json(ob), "slots": [s.slot for s in shown],
                 "witness": shown[0].witness.to_json() if shown and shown[0].witness
                 else None}
        played = None if shown or "default" not in parts else \
            diff_effect.option_played(diff_effect.Compared(a, b, names), name)
        if played is not None:  # each variant at its own default: the engine parts them
            entry["played"], entry["witness"] = played[0], played[1].to_json()
        found.append(entry)
    return found


def _option_parts(oa: Option | None, ob: Option | None) -> list[str]:
    if oa is None or ob is None:
        return ["only one"]
    parts = []
    if oa.values != ob.values:
        parts.append("values")
    if _default(oa) != _default(ob):
        parts.append("default")
    if sorted(map(repr, oa.words)) != sorted(map(repr, ob.words)):
        parts.append("words")
    return parts


def _option_json(option: Option | None) -> dict[str, Any] | None:
    if option is None:
        return None
    values = option.values
    shown: Any = {"from": values.start, "to": values.stop - 1} if isinstance(values, range) \
        else list(values)
    return {"values": shown, "default": option.default,
            "words": [{"value": v, "en": en, "ru": ru} for v, en, ru in option.words]}


def part_differences(a: Variant, b: Variant) -> list[dict[str, Any]]:
    """Claims, built-in questions, whole-variant declarations, restatements and readings one
    variant has and the other has not, or has otherwise: each `added` (B only), `dropped`
    (A only), `replaced`."""
    found = []
    for part, of in (("claim", _claims), ("property", _properties),
                     ("declaration", _declarations), ("restatement", _restatements),
                     ("reading", _readings)):
        mine, theirs = of(a), of(b)
        for key in dict.fromkeys([*mine, *theirs]):
            if mine.get(key) == theirs.get(key):
                continue
            change = "added" if key not in mine else "dropped" if key not in theirs \
                else "replaced"
            context, name = key if isinstance(key, tuple) else (None, key)
            found.append({"part": part, "name": f"{context} {name}" if context else name,
                          "context": context, "text": name, "change": change,
                          "a": mine.get(key), "b": theirs.get(key)})
    return found


def _readings(variant: Variant) -> dict[tuple[str, str], str]:
    """Each reading of an ambiguous sentence by its slot and name, with its words: a house
    rule that rewrites the slot drops the parent's readings, and says so (issue 46)."""
    found: dict[tuple[str, str], str] = {}
    for slot, cases in variant.slots:
        for case in cases:
            for reading in case.readings:
                found.setdefault((slot, reading.name), reading.text)
    return found


def _claims(variant: Variant) -> dict[tuple[str, str], str]:
    return {(c.context, c.text): format_expr(c.expr) for c in variant.claims}


def _restatements(variant: Variant) -> dict[str, str]:
    """Each restatement by its slot and condition (code), with what it says the slot gives."""
    return {f"restates {r.slot}" + ("" if r.guard is None else f" when {format_expr(r.guard)}"):
            format_expr(r.value) + (" (expect refuted)" if r.expect_refuted else "")
            for r in variant.restatements}


def _properties(variant: Variant) -> dict[str, str]:
    built_in = {query for query, _, _ in INVARIANTS + PROPERTIES}
    return {c.query: "asked" for c in conditions_for(variant) if c.query in built_in}


def _declarations(variant: Variant) -> dict[str, str]:
    # (the player counts are the JSON's `players`, compared by every diff already)
    found = {"several goats": "yes" if variant.several_goats else "no"}
    found.update({f"default {s.slot} stated": "stated" for s in variant.stated_defaults})
    return found


def difference_lines(option_diffs: list[dict[str, Any]], part_diffs: list[dict[str, Any]]
                     ) -> list[Said]:
    """The options and the other parts that differ, for people (one line each)."""
    lines = []
    for entry in option_diffs:
        parts = said_list([Said(f"diffopts.differs.{part}") for part in entry["differs"]])
        if entry.get("played"):
            lines.append(Said("diffopts.option played", name=entry["option"], parts=parts,
                              played=entry["played"]))
            continue
        lines.append(Said("diffopts.option", name=entry["option"], parts=parts,
                          slots=", ".join(f"`{s}`" for s in entry["slots"]))
                     if entry["slots"] else
                     Said("diffopts.option unshown", name=entry["option"], parts=parts))
    for entry in part_diffs:
        # code is shown as code: a claim's context and condition, a question's or a
        # declaration's name; a claim's own text is the author's words, quoted
        name = f"`{entry['context']}` «{entry['text']}»" if entry["context"] \
            else f"`{entry['name']}`"
        lines.append(Said("diffopts.part", part=Said(f"diffopts.part.{entry['part']}"),
                          name=name, change=Said(f"diffopts.change.{entry['change']}"),
                          a=f"`{entry['a']}`" if entry["a"] else "—",
                          b=f"`{entry['b']}`" if entry["b"] else "—"))
    return lines
