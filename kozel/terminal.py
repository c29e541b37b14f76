"""Text for a terminal: colours when a person is reading, lines that fit the width.

The styles are named here; what has which style is its reader's to say (each kind of finding of
`kozel check` has its own, in checks/reporting/kinds.py, painted by kozel/commands/check_styled.py).

Output that goes to a pipe or a file is left as it is (no colour codes, no wrapping),
so that scripts and `grep` see one finding per line. Colour follows the NO_COLOR convention
(https://no-color.org): set to anything but the empty string, it turns colour off.

Every command writes through an EscapingStream (installed by kozel/cli.py): a control or
bidi character of a rule text or a record (ESC, CR, U+202E, ...) reaches the terminal as a
visible `\u001b`, `\u202e`, never raw, so that no quoted text can erase a line, retitle the
window or reorder what is shown. In JSON the same escape is the same character.
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap
from dataclasses import dataclass
from typing import Any, TextIO

STYLES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34",
          "magenta": "35", "cyan": "36"}
NARROWEST = 40  # below this, wrapping helps nobody: lines are left as they are
# C0 controls but tab and line feed, DEL, C1 controls, line and paragraph separators and the
# bidi marks, embeddings, overrides and isolates.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e"
                    "\u2066-\u2069]")
# What paint() writes for an escape sequence of its own on an escaping stream: unguessable (a
# rule text is written before the process starts), so no text can pass for it.
_OWN_ESCAPE = "\ue000" + "".join(chr(0xE100 + byte) for byte in os.urandom(8))


def visible(text: str) -> str:
    """The text with every control and bidi character written as a `\\uXXXX` escape."""
    return UNSAFE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


class EscapingStream:
    """A text stream that writes every control and bidi character as a visible escape, but
    the colour codes paint() made for it."""

    def __init__(self, stream: TextIO) -> None:
        self.unescaped = stream  # for the progress bar's own carriage returns

    def write(self, text: str) -> int:
        """Write the text with its unsafe characters escaped; return its length."""
        self.unescaped.write("\033[".join(visible(part) for part in text.split(_OWN_ESCAPE)))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.unescaped, name)


@dataclass(frozen=True)
class Terminal:
    """How text is shown: with colour or not, wrapped to a width or not (None)."""

    colour: bool = False
    width: int | None = None
    escape: str = "\033["  # how a colour code begins (EscapingStream: its own mark)

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
        escape = _OWN_ESCAPE if isinstance(stream, EscapingStream) else "\033["
        return cls(colour, width if width >= NARROWEST else None, escape)

    @property
    def plain(self) -> bool:
        """True when text goes out exactly as written."""
        return not self.colour and self.width is None

    def paint(self, text: str, *styles: str) -> str:
        """The text in the styles (bold, red, ...), when colour is on."""
        codes = ";".join(STYLES[s] for s in styles if s in STYLES)
        return (f"{self.escape}{codes}m{text}{self.escape}0m" if self.colour and codes and text
                else text)

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
        # its own carriage return and erase pass the command's escaping; its text does not
        self.stream = getattr(stream, "unescaped", stream)
        terminal = Terminal.of(self.stream)
        self.on = terminal.width is not None and os.environ.get("TERM") != "dumb"
        self.width = terminal.width or 0
        self.shown = False

    def show(self, text: str) -> None:
        """Replace the line with `text` (cut to the width: a wrapped line cannot be rewritten)."""
        if self.on:
            self.stream.write("\r" + visible(text[:self.width - 1]) + "\033[K")
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        """Take the line away, leaving the cursor where the report begins."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False
