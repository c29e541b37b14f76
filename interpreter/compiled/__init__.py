"""Compiled variants: one generated Python function per setup and strategy, the engine's equal.

    compiled = compile_match(setup, "random")   # None: not covered, play with the engine
    play = compiled.play(seed)                  # == play_for_statistics(setup, "random", seed)

See compiler.py for the contract and tests/test_compiled_oracle.py for its proof by play.
"""

from __future__ import annotations

from typing import Callable

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


def play_fast_or_engine(setup: Setup, strategy: str) -> Callable[[int], MatchPlay]:
    """Return `play(seed) -> MatchPlay`: the compiled match where covered, else the engine."""
    compiled = cached_match(setup, strategy)
    if compiled is not None:
        return compiled.play
    return lambda seed: play_for_statistics(setup, strategy, seed)


__all__ = ["CompiledMatch", "UNRECORDED", "cached_match", "compile_match",
           "play_fast_or_engine", "reason"]
