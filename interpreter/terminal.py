"""Text for a terminal: colours when a person is reading, lines that fit the width.

The styles are named here; what has which style is its reader's to say (each kind of finding of
`kozel check` has its own, in checks/kinds.py, painted by interpreter/commands/check_styled.py).

Output that goes to a pipe or a file is left exactly as it is (no colour codes, no wrapping),
so that scripts and `grep` see one finding per line. Colour follows the NO_COLOR convention
(https://no-color.org): set to anything but the empty string, it turns colour off.
"""

from __future__ import annotations

import os
import shutil
import textwrap
from dataclasses import dataclass
from typing import TextIO

STYLES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34",
          "magenta": "35", "cyan": "36"}
NARROWEST = 40  # below this, wrapping helps nobody: lines are left as they are


@dataclass(frozen=True)
class Terminal:
    """How text is shown: with colour or not, wrapped to a width or not (None)."""

    colour: bool = False
    width: int | None = None

    @classmethod
    def of(cls, stream: TextIO) -> "Terminal":
        """The terminal a stream is: plain unless it is a tty."""
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):  # a closed or unusual stream: treat as a file
            tty = False
        if not tty:
            return cls()
        colour = os.environ.get("NO_COLOR", "") == "" and os.environ.get("TERM") != "dumb"
        width = shutil.get_terminal_size((100, 24)).columns
        return cls(colour, width if width >= NARROWEST else None)

    @property
    def plain(self) -> bool:
        """True when text goes out exactly as written."""
        return not self.colour and self.width is None

    def paint(self, text: str, *styles: str) -> str:
        """The text in the styles (bold, red, ...), when colour is on."""
        codes = ";".join(STYLES[s] for s in styles if s in STYLES)
        return f"\033[{codes}m{text}\033[0m" if self.colour and codes and text else text

    def fit(self, line: str, indent: str = "") -> list[str]:
        """The line wrapped to the width, later lines indented (itself when not wrapping).

        Wrap before painting: colour codes would count as characters.
        """
        if self.width is None or len(line) <= self.width:
            return [line]
        lead = line[:len(line) - len(line.lstrip(" "))]
        return textwrap.wrap(line, self.width, initial_indent="", subsequent_indent=lead + indent,
                             break_long_words=False, break_on_hyphens=False) or [line]


class ProgressLine:
    """One line on a terminal, rewritten in place while a long command works (`kozel check`:
    which variant, pair or relation, how many of how many), cleared before the report.

    Only a person at a terminal sees it: on a pipe or a file nothing at all is written, so that
    what a script reads stays byte for byte the report.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        terminal = Terminal.of(stream)
        self.on = terminal.width is not None and os.environ.get("TERM") != "dumb"
        self.width = terminal.width or 0
        self.shown = False

    def show(self, text: str) -> None:
        """Replace the line with `text` (cut to the width: a wrapped line cannot be rewritten)."""
        if self.on:
            self.stream.write("\r" + text[:self.width - 1] + "\033[K")
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        """Take the line away, leaving the cursor where the report begins."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False
