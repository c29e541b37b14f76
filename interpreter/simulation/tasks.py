"""The unit of work of a run: a chunk of matches, played wherever a worker runs.

A task carries only picklable inputs: the SetupSpec (the checked Variant, a tree of our own
frozen dataclasses of some 20 kB, never a Lark tree, plus the player count and the settled
options), the strategy, and the chunk's match numbers and seeds. A worker process or a cluster
node compiles the setup once (a few milliseconds) and keeps it for every later chunk; it also
compiles the variant into one Python function (interpreter/compiled) where the compiler covers
it: a compiled match cannot be pickled, so each process compiles its own.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..language.ast import OptionValue
from ..compiled import play_fast_or_engine
from ..engine import Setup, prepare
from ..engine.players import make_player
from ..engine.playing import MatchPlay, play_for_statistics, play_seated
from ..language.model import Variant
from .tally import Tally


# The ways of playing a run's matches: AUTO, the compiled variant where it is covered, else
# the engine; REFERENCE, always the engine (to check the compiled one, or to measure it).
AUTO, REFERENCE = "auto", "reference"
ENGINES = (AUTO, REFERENCE)


@dataclass(frozen=True)
class SetupSpec:
    """What a worker needs to compile the same Setup: the variant, players, options."""

    variant: Variant
    players: int
    options: tuple[tuple[str, OptionValue], ...]
    key: str = field(default_factory=lambda: uuid.uuid4().hex)  # one compiled setup per run
    engine: str = AUTO  # how matches are played: see match_player

    @classmethod
    def of(cls, setup: Setup, engine: str = AUTO) -> "SetupSpec":
        """The spec of a setup already compiled here (its compiled rules are not sent)."""
        spec = cls(setup.variant, setup.players, tuple(setup.options.items()), engine=engine)
        _SETUPS[spec.key] = setup  # forked workers find it compiled already
        return spec

    def setup(self) -> Setup:
        """Compile the setup, once per process."""
        known = _SETUPS.get(self.key)
        if known is None:
            known = _SETUPS[self.key] = prepare(self.variant, self.players, dict(self.options))
        return known


_SETUPS: dict[str, Setup] = {}


def match_player(setup: Setup, strategy: str, engine: str = AUTO) -> Callable[[int], MatchPlay]:
    """Return the function that plays one match of `setup` from its seed: with AUTO the
    compiled match where the compiler covers the setup and strategy (its MatchPlay is the
    engine's, tests/compiled/test_compiled_oracle.py), else (and with REFERENCE) the engine itself."""
    if engine == AUTO:  # compiled once per process and setup
        return play_fast_or_engine(setup, strategy)

    def play(seed: int) -> MatchPlay:
        return play_for_statistics(setup, strategy, seed)
    return play


# A run of one strategy against another is named "A vs B" (`versus`): a strategy's own name
# never holds this, so the runner, the workers and a cluster carry a pairing as any strategy.
VERSUS = " vs "


def versus(first: str, second: str) -> str:
    """The name of a run of `first` against `second` (tasks.numbered_player plays it)."""
    return f"{first}{VERSUS}{second}"


def numbered_player(setup: Setup, strategy: str,
                    engine: str = AUTO) -> Callable[[int, int], MatchPlay]:
    """Return `play(number, seed) -> MatchPlay` for match `number` of a run: match_player's,
    or for a pairing `A vs B` the engine with A at the sides of one half of the table and B at
    the other's, the halves swapped every match (side s of match n is in half (s + n) % 2,
    half 0 is A's), so that over a run each seat plays each strategy as often."""
    pair = strategy.split(VERSUS)
    if len(pair) == 1:
        play = match_player(setup, strategy, engine)
        return lambda number, seed: play(seed)
    if len(pair) != 2:
        raise ValueError(f"a pairing is of two strategies, not {strategy!r}")
    first, second = pair

    def paired(number: int, seed: int) -> MatchPlay:
        rng = random.Random(seed)  # each seat's player seeded as seat_players seeds them
        players = [make_player(first if (side + number) % 2 == 0 else second,
                               rng.getrandbits(64)) for side in setup.seating.side_of]
        return play_seated(setup, players, seed)
    return paired


@dataclass(frozen=True)
class Chunk:
    """Matches first, first+1, ... of a run, with their seeds."""

    first: int
    seeds: tuple[int, ...]


def chunks_of(matches: int, seed: int, size: int) -> Iterator[Chunk]:
    """Split a run into chunks; match i's seed is the i-th `getrandbits(64)` of Random(seed)."""
    rng = random.Random(seed)
    for first in range(0, matches, size):
        count = min(size, matches - first)
        yield Chunk(first, tuple(rng.getrandbits(64) for _ in range(count)))


def chunk_size(matches: int, workers: int) -> int:
    """Chunks small enough to show progress and stop quickly, large enough to cost nothing."""
    return max(1, min(200, -(-matches // (workers * 8))))


def play_chunk(spec: SetupSpec, strategy: str, chunk: Chunk,
               on_match: Callable[[Tally], Any] | None = None) -> Tally:
    """Play a chunk; return its tally (`on_match` sees the tally after every match)."""
    setup = spec.setup()
    play = numbered_player(setup, strategy, spec.engine)
    tally = Tally(setup.players, setup.seating.side_of)
    for offset, match_seed in enumerate(chunk.seeds):
        tally.add(chunk.first + offset, play(chunk.first + offset, match_seed))
        if on_match is not None:
            on_match(tally)
    return tally
