"""Compiled variants: one generated Python function per setup and strategy, the engine's equal.

    compiled = compile_match(setup, "random")   # None: not covered, play with the engine
    play = compiled.play(seed)                  # == play_for_statistics(setup, "random", seed)

See compiler.py for the contract and tests/compiled/test_compiled_oracle.py for its proof by play.
stepping.py writes, from the same source, one round played from outside (every chance and
choice asked of the caller), from where a match stands: the OpenSpiel game of kozel/openspiel
plays on it, and tests/ai checks it against the engine.
"""

from __future__ import annotations

from ..engine.playing import MatchPlay, play_for_statistics
from ..engine.setup import Setup
from .compiler import UNRECORDED, CompiledMatch, compile_match, reason

_CACHE: dict[tuple[int, str], tuple[Setup, CompiledMatch | None]] = {}
_CACHE_SIZE = 64


def cached_match(setup: Setup, strategy: str) -> CompiledMatch | None:
    """compile_match, once per setup object and strategy (the source is exec'd once)."""
    key = (id(setup), strategy)
    kept = _CACHE.get(key)
    if kept is None or kept[0] is not setup:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        kept = _CACHE[key] = (setup, compile_match(setup, strategy))
    return kept[1]


class CompiledOrEngine:
    """`play(seed) -> MatchPlay` with the compiled match; but when most of its first matches
    were handed to the engine anyway (a variant that stops in most matches: the compiled
    match plays up to the stop, then the engine plays it all again), with the engine
    straight away. The MatchPlay is the engine's either way: only the cost changes."""

    TRIAL = 64  # matches played before deciding
    MOST = 48  # handovers among them that make the engine alone the cheaper way

    def __init__(self, compiled: CompiledMatch | None, setup: Setup, strategy: str) -> None:
        self.compiled, self.setup, self.strategy = compiled, setup, strategy
        self.played = 0
        self._handed_before = compiled.handovers if compiled is not None else 0

    def __call__(self, seed: int) -> MatchPlay:
        """Play one match; equal to play_for_statistics(setup, strategy, seed)."""
        compiled = self.compiled
        if compiled is None:
            return play_for_statistics(self.setup, self.strategy, seed)
        played = compiled.play(seed)
        self.played += 1
        if self.played == self.TRIAL and \
                compiled.handovers - self._handed_before >= self.MOST:
            self.compiled = None
        return played


def play_fast_or_engine(setup: Setup, strategy: str) -> CompiledOrEngine:
    """Return `play(seed) -> MatchPlay`: the compiled match where covered (and not mostly
    handed to the engine), else the engine."""
    return CompiledOrEngine(cached_match(setup, strategy), setup, strategy)


__all__ = ["CompiledMatch", "CompiledOrEngine", "UNRECORDED", "cached_match", "compile_match",
           "play_fast_or_engine", "reason"]
