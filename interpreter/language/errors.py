"""The project's own errors. No lark or z3 exception leaves its module: they become these."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable

from .said import Said, said_in

# The words of a diagnostic's frame, in each language (the message and hint are Said).
FRAME = {"en": {"error": "error", "note": "note", "warning": "warning", "hint": "hint"},
         "ru": {"error": "ошибка", "note": "примечание", "warning": "предупреждение",
                "hint": "подсказка"}}

class KozelError(Exception):
    """Base of every error the project reports to a user."""


@dataclass
class Diagnostic:
    """One positioned message about a rule file: `file:line:col: error: message`.

    `message` and `hint` are str whose value is English; the front end's are `Said`, so that
    `render(lang)` says them in another language (any other str is shown as it is)."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    hint: str = ""
    severity: str = "error"

    def render(self, lang: str = "en") -> str:
        """Return the message with the source line and a caret under the column, in `lang`."""
        frame = FRAME.get(lang, FRAME["en"])
        severity = frame.get(self.severity, self.severity)
        head = f"{self.file}:{self.line}:{self.column}: {severity}: {said_in(self.message, lang)}"
        parts = [head]
        if self.source_line:
            line = self.source_line.rstrip("\r\n")
            # Tabs stay tabs under the caret, so it lines up whatever the tab width.
            pad = "".join(c if c == "\t" else " " for c in line[:max(self.column - 1, 0)])
            parts.append("    " + line)
            parts.append("    " + pad + "^")
        if self.hint:
            parts.append(f"    {frame['hint']}: {said_in(self.hint, lang)}")
        return "\n".join(parts)


@dataclass
class RuleFileError(KozelError):
    """One or more positioned errors in a rule file."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en") -> str:
        """Every diagnostic, in a language."""
        return "\n".join(d.render(lang) for d in self.diagnostics)


class UsageError(KozelError):
    """A command-line mistake: unknown file, bad flag, unknown option value."""


class RecordError(KozelError):
    """A game record that is malformed or does not replay: names round and move."""


class UnspecifiedRule(KozelError):
    """Play reached a point the variant marks `unspecified` (or a conflict/gap of its rules)."""


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """Return ` (did you mean 'x'?)` for a close known name, or an empty string."""
    candidates = [k for k in dict.fromkeys(known) if k != word]
    by_case = [k for k in candidates if k.lower() == word.lower()]
    close = by_case or difflib.get_close_matches(word.lower(), candidates, n=1, cutoff=0.6)
    return Said("did you mean", word=close[0]) if close else ""


def line_ends(text: str) -> str:
    """Text with every line end written `\\n`: a CR LF pair or a lone CR (old Macs) is one too."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def source_lines(text: str) -> list[str]:
    """Split text into lines the way the parser counts them (`\\n`, CR LF or a lone CR)."""
    return line_ends(text).split("\n")
