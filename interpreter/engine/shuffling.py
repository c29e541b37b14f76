"""Shuffling the 28 tiles: the very permutation `random.Random.shuffle` makes, drawn faster.

A search deals tens of thousands of times, and the standard shuffle asks a method of the
generator for each of the 27 swaps. `shuffle` is the same Fisher-Yates walk over the same
draws (`getrandbits` of as many bits as the bound has, drawn again while too large, exactly
as `Random._randbelow_with_getrandbits` does), with the method looked up once; so a seed deals
the same hands with either. A generator that draws otherwise (a subclass that overrides
`random` and not `getrandbits`, as `random.Random` itself tells apart) is left to its own
shuffle. tests/engine/test_shuffling.py holds the two to the same permutations.
"""

from __future__ import annotations

import random
from typing import Any

_BITS_OF = tuple(n.bit_length() for n in range(64))  # bits a bound needs, looked up
_PLAIN_DRAW = getattr(random.Random, "_randbelow_with_getrandbits", None)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle a list in place exactly as `rng.shuffle(items)` would."""
    if _PLAIN_DRAW is None or getattr(type(rng), "_randbelow", None) is not _PLAIN_DRAW \
            or len(items) > len(_BITS_OF):
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = _BITS_OF[bound]
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
