"""`kozel simulate --compare-readings`: the run's matches again, under each other reading.

A reading's effect needs each match's record (engine/reading_effects.py replays it under the
other readings), so this pass plays the run's matches with the engine, in this process, from
the same per-match seeds as the run: its counts are about the very matches the statistics are.
"""

from __future__ import annotations

from ..engine.playing import play_for_statistics
from .reading_effects import ReadingEffects
from ..engine.setup import Setup
from .tasks import chunks_of


def compare_readings(setup: Setup, strategy: str, matches: int, seed: int) -> ReadingEffects:
    """Replay the run's `matches` matches (seeds from `seed`) under every other reading."""
    effects = ReadingEffects(setup.variant)
    if not effects.effects:
        return effects
    for chunk in chunks_of(matches, seed, matches):
        for match_seed in chunk.seeds:
            effects.add(setup, play_for_statistics(setup, strategy, match_seed))
    return effects
