"""Compare two variants slot by slot over one shared situation (both encodings in one query).

For every slot: `same` when no shared situation makes the two values differ (a proof),
`different` with a concrete situation and what each variant does there, `unknown` where the
solver ran out of its budget, `incomparable` when the two variants never share a situation of the slot's context (e.g.
different player counts or deal sizes: that difference shows in `players` or `deal`). Variants
of different tables are then compared at each variant's table in turn (diff_sizes.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

from interpreter.language.errors import KozelError, UsageError, did_you_mean
from interpreter.language.model import Option, Variant
from interpreter.language.open_options import is_open, open_value, values_text
from interpreter.language.slots import SLOTS
from interpreter.language.summary import case_text

from ..questions.budget import Budget
from ..reporting.catalogue import Said, said_in
from ..questions.conditions import slot_situation
from ..questions.unmodelled import refuse_unmodelled
from .diff_games import Pair, realise_diff
from .diff_sizes import (BASIS, EACH_TABLE, Across, AtTable, across_sizes, apart,
                         other_table_lines, table_free)
from ..search.realise import GameBudget
from ..search.witnesses import NoValue, Witness
from ..questions.z3_state import used as z3_used
from ..z3_encode import EncodingError, Session, VariantEnc, diff_query


@dataclass
class SlotDiff:
    """The comparison of one slot."""

    slot: str
    status: str  # same, different, no difference found, unconfirmed, unknown, incomparable
    witness: Witness | None = None
    note: str = ""
    candidate: Witness | None = None  # unconfirmed: the solver's situation, no game
    across: Any = None  # variants of different tables: how it was compared (diff_sizes.Across)
    effect: Witness | None = None  # different: the lockstep game where a player sees it
    through: str = ""  # different only where what it reads differs (diff_effect.inputs_apart)

    def as_json(self) -> dict[str, Any]:
        """Return the slot's entry of `kozel diff --format json`."""
        data = {"slot": self.slot, "status": self.status,
                "witness": self.witness.to_json() if self.witness else None, "note": self.note}
        if self.candidate is not None:
            data["candidate"] = self.candidate.to_json()
        if self.across is not None:
            data["across"] = self.across.as_json()
        if self.effect is not None:
            data["effect"] = self.effect.to_json()
        if self.through:
            data["through"] = self.through
        return data


@dataclass
class VariantDiff:
    """The comparison of two variants."""

    a: str
    b: str
    players: tuple[tuple[int, ...], tuple[int, ...]]
    options: list[str] = field(default_factory=list)
    slots: list[SlotDiff] = field(default_factory=list)
    option_differences: list[dict[str, Any]] = field(default_factory=list)  # diff_options.py
    part_differences: list[dict[str, Any]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """Return `kozel diff --format json`."""
        return {"a": self.a, "b": self.b, "players": [list(p) for p in self.players],
                "options": self.options, "slots": [s.as_json() for s in self.slots],
                "option differences": self.option_differences,
                "part differences": self.part_differences}


def parse_fixed(variant: Variant, given: list[str]) -> dict[str, Any]:
    """Parse `NAME=VALUE` option settings for one variant; raise UsageError."""
    fixed: dict[str, Any] = {}
    for item in given:
        name, _, text = item.partition("=")
        option = variant.option(name.strip())
        if option is None or not _:
            names = [o.name for o in variant.options]
            raise UsageError(f"variant {variant.name!r} has no option {name!r}"
                             f"{did_you_mean(name, names)}; its options: "
                             f"{', '.join(names) or 'none'}")
        fixed[option.name] = _value(option, text.strip())
    return fixed


def _value(option: Option, text: str) -> Any:
    if is_open(option.values):
        return open_value(option.name, option.values, text)  # type: ignore[arg-type]
    for value in option.values:
        shown = {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) \
            else str(value)
        if shown.lower() == text.lower():
            return value
    listed = " | ".join(str(v) for v in option.values)
    raise UsageError(f"option {option.name!r} has no value {text!r}; its values: {listed}")


def _options_text(a: Variant, b: Variant) -> list[str]:
    lines: list[str] = []
    for name in dict.fromkeys([o.name for o in a.options] + [o.name for o in b.options]):
        oa, ob = a.option(name), b.option(name)
        if oa is None or ob is None:
            lines.append(Said("diff.option only", name=name,
                              variant=a.name if ob is None else b.name))
        elif (oa.values, oa.default) != (ob.values, ob.default):
            lines.append(Said("diff.option differs", name=name, a=values_text(oa.values),
                              da=oa.default, b=values_text(ob.values), db=ob.default))
    return lines


# The situations the checker builds only for a variant that writes their slot (`move score`):
# where neither variant writes it, both give the language's default in every situation, and
# no solver is asked (so that Z3's history, and with it the games of every later comparison,
# stays what it is for variants that never score a move).
ONLY_WHERE_WRITTEN = ("move",)
# The slots of a spinner: where neither variant writes them, both have no spinner at any table,
# and no solver is asked, not even per table (the seeds' comparisons keep their games).
SAME_WHERE_UNWRITTEN = ("spinner", "arms")


def compare_slot(session: Session, slot: str, names: tuple[str, str],
                 games: GameBudget | None = None, pair: Pair | None = None) -> SlotDiff:
    """Compare one slot of the two variants of the session; a difference is shown by a
    game (with a budget), else it stays the solver's candidate, `unconfirmed`."""
    a, b = (e.variant for e in session.encs)
    key = slot_situation(slot, a, b)
    texts = ([case_text(c) for c in a.cases(slot)], [case_text(c) for c in b.cases(slot)])
    note = Said("note.same text") if texts[0] == texts[1] else ""
    if slot in SAME_WHERE_UNWRITTEN and not texts[0] and not texts[1]:
        return _same_unwritten(a, b, slot, names, note)
    if key in ONLY_WHERE_WRITTEN and not texts[0] and not texts[1]:
        return _unwritten(session, slot, names, games, pair, note)
    try:
        if _no_shared_situation(session, key):
            if apart(a, b):  # other tables: compared on what does not depend on the table
                status, witness, said, candidate, across = across_sizes(
                    session, slot, names, games, pair, at_one_table)
                return SlotDiff(slot, status, witness, said, candidate, across)
            if note:  # the same words cannot differ; only the situations do
                return SlotDiff(slot, "same", None, note)
            return SlotDiff(slot, "incomparable", None, Said("note.never shared"))
        answer = session.ask(key, [diff_query(session, key, slot)])[0]
    except (EncodingError, KozelError) as error:
        return SlotDiff(slot, "unknown", None, str(error))
    if answer.status == "unsat":
        return SlotDiff(slot, "same", None, note)
    if answer.status == "unknown":
        return SlotDiff(slot, "unknown", None, answer.reason)
    candidate = _named(answer.witness or Witness(), *names)
    if games is None:
        return SlotDiff(slot, "different", candidate, note)
    witness, why = realise_diff(pair or Pair(a, b, names, {}, {}, ()), slot, candidate, games)
    if witness is None:
        return SlotDiff(slot, "unconfirmed", None, Said("joined", a=note, b=why) if note else why,
                        candidate)
    return SlotDiff(slot, "different", witness, note)


def _unwritten(session: Session, slot: str, names: tuple[str, str], games: GameBudget | None,
               pair: Pair | None, note: Any) -> SlotDiff:
    """A slot neither variant writes: the language's default in both, everywhere (variants
    that never sit at one table say so per table, as every slot of theirs does)."""
    a, b = (e.variant for e in session.encs)
    if set(a.players) & set(b.players):
        return SlotDiff(slot, "same", None, note)
    status, witness, said, candidate, across = across_sizes(session, slot, names, games, pair,
                                                            at_one_table)
    return SlotDiff(slot, status, witness, said, candidate, across)


def _same_unwritten(a: Variant, b: Variant, slot: str, names: tuple[str, str],
                    note: Any) -> SlotDiff:
    """A spinner's slot neither variant writes: the language's default in both, the same at
    every table, said as a comparison across tables says it, with no solver asked."""
    if not apart(a, b):
        return SlotDiff(slot, "same", None, note)
    on = BASIS.get(slot_situation(slot, a, b), "rule") if table_free(a, b, slot) else EACH_TABLE
    across = Across(on, [AtTable(names[0], a.players, "same"), AtTable(names[1], b.players, "same")])
    said = Said(f"sizes.on {on}")
    return SlotDiff(slot, "same", None, Said("joined", a=said, b=note) if note else said, None,
                    across)


def at_one_table(host: Variant, guest: Variant, names: tuple[str, str],
                 fixed: tuple[dict[str, Any], dict[str, Any]], budget: Budget
                 ) -> Callable[[str, GameBudget | None], SlotDiff]:
    """Compare slots of two variants seated at one table (one session for all its slots)."""
    session = diff_session(host, guest, *fixed, budget)
    pair = Pair(host, guest, names, *fixed, tuple(shared_options(host, guest, *fixed)))
    return lambda slot, games: compare_slot(session, slot, names, games, pair)


def _no_shared_situation(session: Session, key: str) -> bool:
    from ..z3_encode.session import Query as _Query  # a query that always holds
    answer = session.ask(key, [_Query(True)], witness_wanted=False)[0]
    return answer.status == "unsat"


def _named(witness: Witness, a: str, b: str) -> Witness:
    """Name the variants in the witness: what each does in this situation."""
    values = dict(witness.values)
    does = tuple((name, values.get(tag) if values.get(f"{tag} gives a value", True)
                  else NoValue()) for tag, name in (("a", a), ("b", b)))
    named = witness.without("values").adding(does=does)
    if {tag for tag, _ in witness.by_variant} == {"a", "b"}:
        settings = dict(witness.by_variant)
        named = named.adding(by_variant=((a, settings["a"]), (b, settings["b"])))
    return named


def named_witness(witness: Witness, a: str, b: str) -> Witness:
    """A solver's diff situation with what each named variant does there."""
    return _named(witness, a, b)


def shared_options(a: Variant, b: Variant, fixed_a: dict[str, Any],
                   fixed_b: dict[str, Any]) -> list[str]:
    """Options both variants have with the same values and neither side fixed: the diff
    takes them as one setting, so that a difference comes from the rules, not the setting."""
    return [o.name for o in a.options
            if (other := b.option(o.name)) is not None and other.values == o.values
            and o.name not in fixed_a and o.name not in fixed_b]


def diff_session(a: Variant, b: Variant, fixed_a: dict[str, Any] | None,
                 fixed_b: dict[str, Any] | None, budget: Budget) -> Session:
    """Both variants encoded over one shared situation, options of one name linked."""
    enc_a, enc_b = VariantEnc(a, "a:", fixed_a), VariantEnc(b, "b:", fixed_b)
    enc_b.link(enc_a, shared_options(a, b, fixed_a or {}, fixed_b or {}))
    return Session([enc_a, enc_b], budget)


def diff_variants(a: Variant, b: Variant, *, fixed_a: dict[str, Any] | None = None,
                  fixed_b: dict[str, Any] | None = None, budget: Budget = Budget(),
                  games: GameBudget | None = GameBudget(), effect: bool = True
                  ) -> VariantDiff:
    """Compare two variants slot by slot (differences shown by games within `games`; with
    `effect`, one no player sees a change of is `no difference found`)."""
    refuse_unmodelled(a, b)
    asked: dict[str, Any] = {"fixed_a": fixed_a, "fixed_b": fixed_b, "budget": budget,
                             "games": games, "effect": effect}
    if z3_used():  # Z3's history here would choose other games: a fork with a fresh context
        from ..running.isolated import run_isolated
        diffed = run_isolated(partial(_diff_here, a, b, **asked), [()], 1)
        return diffed[0]  # type: ignore[no-any-return]
    return _diff_here(a, b, **asked)


def _diff_here(a: Variant, b: Variant, *, fixed_a: dict[str, Any] | None,
               fixed_b: dict[str, Any] | None, budget: Budget, games: GameBudget | None,
               effect: bool) -> VariantDiff:
    """diff_variants computed in this process, from Z3's state as it is."""
    from . import diff_effect
    from . import diff_options as own  # each variant at its own defaults; the other parts

    names = (a.name, b.name) if a.name != b.name else (f"{a.name} (a)", f"{b.name} (b)")
    result = VariantDiff(names[0], names[1], (a.players, b.players), _options_text(a, b))
    fixed_a, fixed_b = fixed_a or {}, fixed_b or {}
    linked = shared_options(a, b, fixed_a, fixed_b)
    parted = own.parted_options(a, linked, b)
    if linked:
        result.options.append(Said("diff.linked", names=", ".join(linked)))
    if parted:
        result.options.append(Said("diffopts.own defaults", names=", ".join(parted)))
    compared = own.Compared(a, b, names, fixed_a, fixed_b, tuple(linked), parted)
    result.slots = own.compare_slots(compared, list(SLOTS), slot_comparer(a, b, names, budget),
                                     games)
    if effect and games is not None:  # diff_effect.py: does a player see the difference?
        result.slots = diff_effect.judged(diff_effect.Compared(a, b, names), result.slots)
    result.option_differences = own.option_differences(a, b, names, result.slots)
    result.part_differences = own.part_differences(a, b)
    return result


def slot_comparer(a: Variant, b: Variant, names: tuple[str, str], budget: Budget
                  ) -> Callable[..., SlotDiff]:
    """compare(on_a, on_b, slot, games, pair): a slot of the two variants compared at a
    setting of each, in a session per setting (made the first time it is asked)."""
    sessions: dict[str, Session] = {}

    def compare(on_a: dict[str, Any], on_b: dict[str, Any], slot: str,
                games: GameBudget | None, pair: Pair) -> SlotDiff:
        key = repr((on_a, on_b))
        if key not in sessions:
            sessions[key] = diff_session(a, b, on_a, on_b, budget)
        return compare_slot(sessions[key], slot, names, games, pair)
    return compare


def diff_lines(result: VariantDiff, rules: tuple[Variant, Variant] | None = None,
               lang: str = "en") -> list[str]:
    """Return the comparison for people, in `lang`: slot by slot, each difference with its
    situation (and, given the two variants, with what each writes there and the sentences it
    cites)."""
    from .diff_text import rule_texts
    from ..search.witness import draw_witness

    lines = [said_in(Said("diff.head", a=result.a, b=result.b), lang)]
    pa, pb = result.players
    if pa != pb:
        lines.append(said_in(Said("diff.players", a=", ".join(map(str, pa)),
                                  b=", ".join(map(str, pb))), lang))
    lines += [said_in(option, lang) for option in result.options]
    for entry in result.slots:
        note = f" ({said_in(entry.note, lang)})" if entry.note else ""
        lines.append(said_in(Said("diff.slot", slot=entry.slot, note=note,
                                  status=Said(f"status.{entry.status}")), lang))
        if rules is not None and entry.status != "same":
            lines += rule_texts(rules[0], result.a, entry.slot, lang)
            lines += rule_texts(rules[1], result.b, entry.slot, lang)
        if entry.witness:
            lines += ["    " + w for w in draw_witness(entry.witness, lang)]
        lines += other_table_lines(entry, lang)  # variants of different tables
    from .diff_options import difference_lines
    lines += [said_in(line, lang) for line in difference_lines(
        result.option_differences, result.part_differences)]
    counts = {s: sum(1 for e in result.slots if e.status == s)
              for s in ("same", "different", "unconfirmed", "unknown", "incomparable")}
    line = said_in(Said("diff.counts", **counts), lang)
    in_effect = sum(1 for e in result.slots if e.status == "no difference found")
    if in_effect:  # a status of its own (diff_effect.py), counted on the same last line
        line += ", " + said_in(Said("difftruth.counts", count=in_effect), lang)
    lines.append(line)
    return lines
