"""`kozel check` for a person at a terminal: each kind of finding in its colour (its style in
checks/reporting/kinds.py), every line within the terminal's width. Output to a pipe or file is
checks.reporting.report.render_text's, unchanged."""

from __future__ import annotations

from checks.reporting.findings import Finding, VariantReport
from checks.reporting.report import finding_head, plain_lines, render_text
from checks.search.witness import draw_witness

from ..terminal import Terminal


def report_lines(report: VariantReport, terminal: Terminal, lang: str = "en") -> list[str]:
    """The report's lines as the terminal shows them, in `lang` (en or ru)."""
    if terminal.plain:
        return render_text(report, lang=lang)
    return finding_lines(report.findings, terminal, lang) + fitted(report.summary(lang), terminal)


def fitted(line: str, terminal: Terminal) -> list[str]:
    """A line of words (a summary) within the terminal's width."""
    return [line] if terminal.plain else terminal.fit(line, "    ")


def finding_lines(findings: list[Finding], terminal: Terminal, lang: str = "en",
                  witnesses: bool = True) -> list[str]:
    """Each finding's `file:line:col: kind: message`, with its witness drawn as tiles."""
    if terminal.plain:
        return plain_lines(findings, witnesses=witnesses, lang=lang)
    lines: list[str] = []
    for finding in findings:
        place, word, message = finding_head(finding, lang)
        head = f"{place} {word}: {message}"
        first, *rest = terminal.fit(head, "    ")
        # paint after fitting: the codes take no room on the screen
        first = first.replace(place, terminal.paint(place, "bold"), 1).replace(
            f" {word}:", f" {terminal.paint(word, *finding.kind.style)}:", 1)
        lines += [first, *rest]
        for drawn in draw_witness(finding.witness, lang) if witnesses and finding.witness else []:
            where = drawn.startswith("game:")  # where the game is: quieter than the game
            lines += [terminal.paint(part, "dim") if where else part
                      for part in terminal.fit("    " + drawn, "  ")]
    return lines
