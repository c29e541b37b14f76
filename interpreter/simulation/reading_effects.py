"""How often another reading of an ambiguous sentence changes what a round comes to.

Each match played under the variant's readings is replayed, move by move, under every other
reading (one sentence read otherwise at a time). A round counts as changed when it comes to
another result there (how it ended, who, the points written, the losers, the goat), or when the
other reading does not allow the game to get that far (a move it forbids, a match it ends
sooner, a rule that stops it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..language.errors import KozelError
from ..language.model import Variant
from ..language.readings import questions, read
from ..engine.records import new_record, parse_record, round_json
from ..engine.events import Listener
from ..engine.outcomes import RoundResult
from ..engine.playing import MatchPlay
from ..engine.referee import replay
from ..engine.setup import Setup
from ..engine.stops import RuleStop
from ..engine.table import Table
from ..language.numbers import percent
from ..language.said import say


@dataclass
class ReadingEffect:
    """The counts for one other reading."""

    reading: str
    instead_of: str
    variant: Variant
    rounds: int = 0
    changed: int = 0
    matches: int = 0
    matches_changed: int = 0

    def as_json(self) -> dict[str, Any]:
        """The counts as `kozel simulate --format json` writes them."""
        rate = round(self.changed / self.rounds, 4) if self.rounds else 0.0
        match_rate = round(self.matches_changed / self.matches, 4) if self.matches else 0.0
        return {"reading": self.reading, "instead_of": self.instead_of, "rounds": self.rounds,
                "rounds_changed": self.changed, "round_change_rate": rate,
                "matches": self.matches, "matches_changed": self.matches_changed,
                "match_change_rate": match_rate}


class _Kept(Listener):
    def __init__(self) -> None:
        self.rounds: list[RoundResult] = []

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """Keep one round as the other reading scores it."""
        self.rounds.append(result)


def _outcome(result: RoundResult) -> tuple[Any, ...]:
    return (result.end, result.seat, result.points, result.losers, result.goat)


class ReadingEffects:
    """Replays every match under each other reading and counts the rounds it changes."""

    def __init__(self, variant: Variant) -> None:
        self.effects = [ReadingEffect(other, question.chosen, read(variant, [other]))
                        for question in questions(variant) for other in question.names[1:]]

    def add(self, setup: Setup, play: MatchPlay) -> None:
        """Count one played match (its finished rounds) under every other reading."""
        if not play.rounds:
            return
        record = parse_record(new_record(setup.variant.name, setup.players, setup.options,
                                         [round_json(r.log) for r in play.rounds]))
        for effect in self.effects:
            kept = _Kept()
            try:
                replay(effect.variant, record, listener=kept, partial=True)
            except (KozelError, RuleStop):
                pass  # the rounds kept so far are compared; the rest count as changed
            changed = sum(1 for number, mine in enumerate(play.rounds)
                          if number >= len(kept.rounds)
                          or _outcome(kept.rounds[number]) != _outcome(mine))
            effect.rounds += len(play.rounds)
            effect.changed += changed
            effect.matches += 1
            effect.matches_changed += changed > 0

    def as_json(self) -> list[dict[str, Any]]:
        """Every other reading's counts."""
        return [e.as_json() for e in self.effects]


def effect_lines(data: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """The counts for people, in a language."""
    if not data:
        return ["  " + say(lang, "readings none")]
    return ["  " + say(lang, "reading", reading=e["reading"], instead=e["instead_of"],
                       rounds=percent(e["round_change_rate"], lang),
                       changed=e["rounds_changed"], of=e["rounds"],
                       matches=percent(e["match_change_rate"], lang)) for e in data]
