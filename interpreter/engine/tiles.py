"""Tiles of the double-six set: a small value type with a parse constructor and a text form."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

_TILE_TEXT = re.compile(r"^\s*([0-6])\s*-\s*([0-6])\s*$")


class InvalidTileError(ValueError):
    """A text that is not a tile of the double-six set."""


@dataclass(frozen=True, order=True)
class Tile:
    """A domino tile `low-high` with 0 <= low <= high <= 6."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= 6):
            raise InvalidTileError(f"not a tile of the double-six set: {self.low}-{self.high}")

    @classmethod
    def of(cls, a: int, b: int) -> "Tile":
        """Return the tile with halves a and b in either order."""
        return cls(min(a, b), max(a, b))

    @classmethod
    def parse(cls, text: str) -> "Tile":
        """Parse "a-b" (either order); raise InvalidTileError with the text quoted."""
        match = _TILE_TEXT.match(text) if isinstance(text, str) else None
        if not match:
            raise InvalidTileError(f"not a tile like '3-5': {text!r}")
        return cls.of(int(match.group(1)), int(match.group(2)))

    @property
    def pips(self) -> int:
        """The number of pips on both halves."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        """True for 0-0, 1-1, ..., 6-6."""
        return self.low == self.high

    @cached_property
    def index(self) -> int:
        """A stable index 0..27 (0-0, 0-1, ..., 0-6, 1-1, ..., 6-6): the engine's form."""
        # kept in the instance once asked (the engine asks it of every tile a move lays);
        # the tiles before `low` are 7 + 6 + ... + (7 - low + 1)
        return 7 * self.low - self.low * (self.low - 1) // 2 + self.high - self.low

    def shows(self, value: int) -> bool:
        """True when either half shows the value."""
        return value in (self.low, self.high)

    def other(self, value: int) -> int:
        """The half opposite a half showing `value`."""
        return self.high if value == self.low else self.low

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


@dataclass(frozen=True, order=True)
class Laid:
    """A tile as it lies on the line: the half that faces left first (`6-1` after a 1)."""

    left: int
    right: int

    @property
    def tile(self) -> Tile:
        """The tile, whichever way round it lies."""
        return Tile.of(self.left, self.right)

    def __str__(self) -> str:
        return f"{self.left}-{self.right}"


ALL_TILES: tuple[Tile, ...] = tuple(Tile(a, b) for a in range(7) for b in range(a, 7))
