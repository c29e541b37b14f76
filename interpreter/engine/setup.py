"""A variant made ready for one match: player count, option values, compiled slots, setup facts.

Options take their defaults, then the values given (from the command line as text, or from a
record as JSON values). Setup slots are evaluated once here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..language.ast import OptionValue
from ..language.errors import UsageError, did_you_mean
from ..language.model import Option, Variant, value_text
from ..language.open_options import is_open, open_value, values_text
from ..language.typing_rules import option_type, symbols_with_options
from .lot import uses_lot
from .rules import SlotRule, compile_slots
from .situations import Seating, SetupSituation
from .spinner import SpinnerTable
from .table import Table
from .stops import RuleStop
from .words import Said
from .tileset import DOUBLES_SET, TILE_COUNT, set_text
from .turns import reads_turn, turn_rule


@dataclass(frozen=True)
class Setup:
    """Everything fixed for a whole match: the compiled rules and the setup facts."""

    variant: Variant
    players: int
    options: dict[str, OptionValue]
    rules: dict[str, SlotRule]
    seating: Seating
    deal: int
    draw: str | None  # None: `draw` reads the turn and is asked there (turns.py)
    reserve: int
    may_pass: bool | None  # None: `pass` reads the turn
    two_doubles: bool
    lot: bool = False  # a rule leaves who leads to a lot (engine/lot.py)
    spinner: int = 0  # the tiles one of which becomes the spinner (a set; empty: none)

    def table(self, hands: list[int], pile: list[int]) -> Table:
        """Return a round's table with this match's rules of drawing and knocking (a table
        with a spinner only for a variant that has one: every other keeps the plain line)."""
        facts: dict[str, Any] = {"draw_kind": self.draw or "none", "reserve": self.reserve,
                                 "two_doubles": self.two_doubles,
                                 "may_pass": bool(self.may_pass)}
        if self.spinner:
            arms = self.rules["arms"].evaluate if self.variant.cases("arms") else None
            table: Table = SpinnerTable(hands, pile, self.spinner, arms, **facts)
        else:
            table = Table(hands, pile, **facts)
        if self.draw is None:
            table.draw_rule = turn_rule(self.rules["draw"], self.players)
        if self.may_pass is None:
            table.pass_rule = turn_rule(self.rules["pass"], self.players)
        return table

    @property
    def threshold(self) -> bool:
        """Whether the variant remembers points below a threshold (writes `opens`/`remember`)."""
        return bool(self.variant.cases("opens") or self.variant.cases("remember"))


def _parse_value(option: Option, given: Any) -> OptionValue:
    if is_open(option.values):
        return open_value(option.name, option.values, given)  # type: ignore[arg-type]
    for value in option.values:
        if isinstance(given, str):
            if given.strip().lower() == value_text(value).lower():
                return value
        elif type(given) is type(value) and given == value:
            return value
    values = " | ".join(value_text(v) for v in option.values)
    shown = given if isinstance(given, str) else value_text(given)
    hint = "" if shown.lstrip("-").isdigit() else did_you_mean(
        shown, [value_text(v) for v in option.values])  # "200" is not a typo of "300"
    raise UsageError(f"option {option.name!r} cannot be {shown!r}{hint}; its values: {values}")


def settle_options(variant: Variant, given: Mapping[str, Any] | None = None
                   ) -> dict[str, OptionValue]:
    """Return every option's value: the default, or the value given; raise UsageError."""
    given = dict(given or {})
    for name in given:
        if variant.option(name) is None:
            known = ", ".join(o.name for o in variant.options) or "none"
            raise UsageError(f"variant {variant.name!r} has no option {name!r}"
                             f"{did_you_mean(name, [o.name for o in variant.options])}; "
                             f"its options: {known}")
    settled: dict[str, OptionValue] = {}
    missing = []
    for option in variant.options:
        if option.name in given:
            settled[option.name] = _parse_value(option, given[option.name])
        elif option.default is not None:
            settled[option.name] = option.default
        else:
            missing.append(option)
    if missing:
        listed = "; ".join(f"--option {o.name}=" + values_text(o.values, "|")
                           for o in missing)
        raise UsageError(f"variant {variant.name!r} gives no default for "
                         f"{', '.join(repr(o.name) for o in missing)}: give {listed}")
    return settled


def player_count(variant: Variant, players: int | None) -> int:
    """Return the player count to use (default: the largest the variant allows)."""
    if players is None:
        return max(variant.players)
    if players not in variant.players:
        allowed = ", ".join(map(str, variant.players))
        raise UsageError(f"variant {variant.name!r} is played by {allowed} players, not {players}")
    return players


# the slots `prepare` asks to set a match up (draw and pass only where no turn is read)
SETUP_RULES = frozenset({"sides", "deal", "reserve", "draw", "pass", "two doubles"})


def prepare(variant: Variant, players: int | None = None,
            options: Mapping[str, Any] | None = None) -> Setup:
    """Compile a variant for one match; evaluate its setup slots (RuleStop, UsageError)."""
    count = player_count(variant, players)
    settled = settle_options(variant, options)
    values = {o.name: o.values for o in variant.options}
    option_types = {name: option_type(v, name) for name, v in values.items()}
    rules = compile_slots(variant, count, settled, option_types, symbols_with_options(values))
    situation = SetupSituation(count)
    sides, deal = rules["sides"](situation), rules["deal"](situation)
    reserve = rules["reserve"](situation)
    if sides == "partners" and count != 4:
        raise RuleStop("invalid", "sides", Said("detail.partners", count=count),
                       cases=variant.cases("sides"), situation=situation.describe())
    if deal < 1 or deal * count > TILE_COUNT:
        raise RuleStop("invalid", "deal", Said("detail.deal", count=count, deal=deal,
                                               tiles=TILE_COUNT), cases=variant.cases("deal"),
                       situation=situation.describe())
    if reserve < 0:
        raise RuleStop("invalid", "reserve", Said("detail.reserve", reserve=reserve),
                       cases=variant.cases("reserve"), situation=situation.describe())
    draw = None if reads_turn(variant, "draw") else rules["draw"](situation)
    may_pass = None if reads_turn(variant, "pass") else bool(rules["pass"](situation))
    two_doubles = bool(rules["two doubles"](situation))
    spinner = _spinner(variant, rules, situation, two_doubles)
    return Setup(variant, count, settled, rules, Seating(count, sides == "partners"), deal,
                 draw, reserve, may_pass, two_doubles, uses_lot(variant), spinner)


def _spinner(variant: Variant, rules: dict[str, SlotRule], situation: SetupSituation,
             two_doubles: bool) -> int:
    """The `spinner` set, checked: doubles only, and never with two doubles at once (two
    doubles go on the two ends that show their values, and a spinner's arms give a double
    more ends than one move can be told of)."""
    spinner = rules["spinner"](situation)
    if spinner & ~DOUBLES_SET:
        raise RuleStop("invalid", "spinner", Said("detail.spinner", tiles=set_text(
            spinner & ~DOUBLES_SET)), cases=variant.cases("spinner"),
            situation=situation.describe())
    if spinner and two_doubles:
        raise RuleStop("invalid", "spinner", Said("detail.spinner doubles"),
                       cases=variant.cases("spinner"),
                       situation=situation.describe())
    return spinner
