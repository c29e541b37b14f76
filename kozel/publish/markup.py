"""What a phrase puts around its leaves: the site's HTML, or rich text for a printed rulebook.

A phrase (phrase.py) is made of fixed words and a few leaves that are not words: a tile, a row
of tiles, a formula without words, a name as code, an option linked to its explanation. The
site writes them as HTML (`HTML`, the default). A printed rulebook (printed.py) is typeset by
typst or written as a page of its own, so its phrases are plain text in which each leaf stands
as one private-use character that `RichText.pieces` hands back as a typed piece; the renderer
draws each piece its own way and escapes the text for its own format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Iterable, Protocol, Union

from interpreter.engine.tiles import Laid

from .text import md_text
from .tiles_svg import tile_html, tiles_html

PLACEHOLDERS = range(0xE000, 0xF900)  # Unicode's private-use area


class Markup(Protocol):
    """The leaves of a phrase in one output format."""

    def author(self, text: str) -> str: ...  # noqa: D102 (a rule author's words, as text)

    def fixed(self, text: str) -> str: ...  # noqa: D102 (the program's own words)

    def code(self, text: str) -> str: ...  # noqa: D102 (a name as the rule file writes it)

    def formula(self, text: str) -> str: ...  # noqa: D102 (an expression that has no words)

    def tiles(self, tiles: Iterable[tuple[int, int]], *, row: bool) -> str: ...  # noqa: D102

    def link(self, option: str, words: str) -> str: ...  # noqa: D102 (an option's words)


class HtmlMarkup:
    """The site's HTML: tiles drawn inline, options linked to their explanation."""

    def author(self, text: str) -> str:
        """A rule author's words, escaped for HTML and Markdown alike."""
        return md_text(text)

    def fixed(self, text: str) -> str:
        """The program's own words, escaped for HTML."""
        return escape(text)

    def code(self, text: str) -> str:
        """A name as the rule file writes it."""
        return f"<code>{escape(text)}</code>"

    def formula(self, text: str) -> str:
        """An expression that has no words, as written."""
        return f'<code class="kz-formula">{escape(text)}</code>'

    def tiles(self, tiles: Iterable[tuple[int, int]], *, row: bool) -> str:
        """One tile drawn in running text, or a row of them."""
        found = list(tiles)
        return tiles_html(found) if row else tile_html(found[0])

    def link(self, option: str, words: str) -> str:
        """An option's words, linked to the card that explains the option."""
        return f'<a class="kz-opt" href="#option-{escape(option)}">{words}</a>'


HTML = HtmlMarkup()


@dataclass(frozen=True)
class TilesPiece:
    """Tiles in running text: one tile, or a row of loose tiles (an empty row is a dash)."""

    tiles: tuple[tuple[int, int], ...]
    row: bool

    def words(self) -> str:
        """The tiles as text (`6-6 5-5`), for a reader that cannot see the drawing."""
        return " ".join(str(Laid(*t)) for t in self.tiles) or "—"


@dataclass(frozen=True)
class CodePiece:
    """A name or formula as the rule file writes it (only where the language has no words)."""

    text: str


Piece = Union[TilesPiece, CodePiece]


@dataclass
class RichText:
    """Plain text whose leaves are placeholders, each standing for a piece kept here."""

    kept: list[Piece] = field(default_factory=list)

    def _keep(self, piece: Piece) -> str:
        if len(self.kept) >= len(PLACEHOLDERS):
            return piece.words() if isinstance(piece, TilesPiece) else piece.text
        self.kept.append(piece)
        return chr(PLACEHOLDERS[len(self.kept) - 1])

    def author(self, text: str) -> str:
        """A rule author's words, with any private-use character of theirs made harmless."""
        return "".join("\ufffd" if ord(ch) in PLACEHOLDERS else ch for ch in text)

    def fixed(self, text: str) -> str:
        """The program's own words, as they are."""
        return text

    def code(self, text: str) -> str:
        """A name as the rule file writes it, kept as a piece."""
        return self._keep(CodePiece(text))

    formula = code

    def tiles(self, tiles: Iterable[tuple[int, int]], *, row: bool) -> str:
        """One tile or a row of them, kept as a piece."""
        return self._keep(TilesPiece(tuple(tiles), row))

    def link(self, option: str, words: str) -> str:
        """An option's words (a printed page has nothing to link to)."""
        return words

    def pieces(self, text: str) -> list[str | Piece]:
        """Return a text of this markup as runs of plain text and the pieces between them."""
        found: list[str | Piece] = []
        run: list[str] = []
        for ch in text:
            index = ord(ch) - PLACEHOLDERS.start
            if 0 <= index < len(self.kept):
                found += ["".join(run)] if run else []
                found.append(self.kept[index])
                run = []
            else:
                run.append(ch)
        return found + (["".join(run)] if run else [])
