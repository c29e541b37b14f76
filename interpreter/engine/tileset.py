"""Tiles as small integers and sets of tiles as bit masks: the engine's fast representation.

Tile i is ALL_TILES[i] (0-0, 0-1, ..., 6-6); a set of tiles is an int whose bit i is set when
tile i is in the set. Every table here is computed once at import time, so the hot path
(legal moves, laying a tile, evaluating a rule) is only integer arithmetic.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from .tiles import ALL_TILES, Tile
from .words import Said, joined, seat_said

TILE_COUNT = len(ALL_TILES)
FULL_SET = (1 << TILE_COUNT) - 1
LOW: tuple[int, ...] = tuple(t.low for t in ALL_TILES)
HIGH: tuple[int, ...] = tuple(t.high for t in ALL_TILES)
PIPS: tuple[int, ...] = tuple(t.pips for t in ALL_TILES)
INDEX: dict[Tile, int] = {t: i for i, t in enumerate(ALL_TILES)}
DOUBLE_OF: tuple[int, ...] = tuple(INDEX[Tile(v, v)] for v in range(7))
DOUBLES_SET = sum(1 << i for i in DOUBLE_OF)
# WITH[v]: the tiles showing v on either half; used for "fits an end" and with(s, v).
WITH: tuple[int, ...] = tuple(
    sum(1 << i for i, t in enumerate(ALL_TILES) if t.shows(v)) for v in range(7))

_CHUNK = 7  # pips() sums four table lookups of 7 bits each instead of looping over tiles
_CHUNK_PIPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(PIPS[base + b] for b in range(_CHUNK) if bits >> b & 1) for bits in range(128))
    for base in range(0, TILE_COUNT, _CHUNK))


def tile_of(index: int) -> Tile:
    """Return the Tile of a small integer."""
    return ALL_TILES[index]


_BITS = tuple(1 << i for i in range(TILE_COUNT))


def set_of(indices: Iterable[int]) -> int:
    """Return the set (mask) of distinct tile indices."""
    return sum(map(_BITS.__getitem__, indices))


def members(mask: int) -> Iterator[int]:
    """Yield the tile indices of a set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def pips(mask: int) -> int:
    """Return the sum of the pips of a set of tiles."""
    c0, c1, c2, c3 = _CHUNK_PIPS
    return c0[mask & 127] + c1[mask >> 7 & 127] + c2[mask >> 14 & 127] + c3[mask >> 21 & 127]


def count(mask: int) -> int:
    """Return how many tiles a set holds."""
    return mask.bit_count()


def most(mask: int) -> int:
    """Return the largest number of tiles of the set that share one value."""
    w0, w1, w2, w3, w4, w5, w6 = WITH
    return max((mask & w0).bit_count(), (mask & w1).bit_count(), (mask & w2).bit_count(),
               (mask & w3).bit_count(), (mask & w4).bit_count(), (mask & w5).bit_count(),
               (mask & w6).bit_count())


def tiles_of(mask: int) -> list[Tile]:
    """Return the Tiles of a set in the canonical order."""
    return [ALL_TILES[i] for i in members(mask)]


def set_text(mask: int) -> str:
    """Write a set as "1-1 2-5 6-6" (or "none")."""
    return " ".join(str(ALL_TILES[i]) for i in members(mask)) or "none"


def hands_text(hands: Iterable[int]) -> str:
    """Write each seat's hand: "seat 0: 1-1 2-5; seat 1: none"."""
    return "; ".join(f"seat {s}: {set_text(h)}" for s, h in enumerate(hands))


def set_said(mask: int) -> Any:
    """A set for people: its tiles as written ("1-1 2-5"), or the word for none."""
    return set_text(mask) if mask else Said("tiles.none")


def hands_said(hands: Iterable[int]) -> Any:
    """Each seat's hand for people, seats from 1: "seat 1: 1-1 2-5; seat 2: none"."""
    return joined((Said("hand", seat=seat_said(s), tiles=set_said(h))
                   for s, h in enumerate(hands)), "hands list")


def parse_tiles(texts: Iterable[str]) -> list[int]:
    """Parse "a-b" texts into tile indices (InvalidTileError on a bad text)."""
    return [INDEX[Tile.parse(text)] for text in texts]
