"""The checker: prove or refute every variant's rules with Z3, play them out through the engine.

    import checks, interpreter as kozel

    report = checks.check_variant(kozel.load_variant("minsk"))
    print("\n".join(checks.render_text(report)))
    diff = checks.diff_variants(kozel.load_variant("minsk"), kozel.load_variant("pairs"))

The names below are the public API (docs/api.md); the modules, from question to answer:

What to ask
  conditions.py        what to prove, as data (one Condition per question, no solver)
  targets.py           what a game must show to confirm each condition
  z3_encode/           the only code that imports z3: every expression's symbolic meaning with
                       its definedness, the situations of every context, the solver's plan
  solver.py            the driver: every condition with a time limit, three-way results
Games (the engine is the judge of every witness)
  realise.py           the solver's candidates turned into games the engine plays
  games.py             games that stop where something happens: the witnesses
  assumed.py           an assumption shown at work in a game
  point.py             whether a game shows its point: the assumed answer changes what is
                       written, an ambiguity's candidates give the rule different answers
  readings.py          where the readings of an ambiguous sentence change a game
  playouts.py          dynamic properties by matches through the engine (Hypothesis)
  witnesses.py         a witness as a frozen value (tiles, seats and sides from 0, the record,
                       the cause), made by the Z3 reader and the games alike; its JSON
  cause.py             what at the table causes a finding, as data
  witness.py           witnesses as tiles for people and as kozel-record/1
What is said
  kinds.py             the kinds of finding (an enum), each with its words in both languages,
                       its terminal style, whether it counts for --strict, how the site shows it
  findings.py          a finding (frozen) and a variant's report
  about.py             what a finding is about, as data: the cases it quotes, the claim,
                       property, option or reading, the tiles and seats it names
  report.py            results → findings; the plain-text report
  inherited.py         what a variant that extends another changes: its findings against
                       its parent's, matched by what they are about (own or inherited)
  messages.py          each finding's message, in words for rule authors
  catalogue.py         the checker's helpers for its texts (the words themselves are the one
                       catalogue's: interpreter/language/words/*.json)
  defaults.py          where the language's own defaults settle what a text leaves open
  vocabulary.py        the words of the verdicts, and the Term a kind of finding is
  rule_text.py         a rule's syntax tree read as data (its parts, the part at a place)
Whole runs
  run.py               a variant end to end (conditions, findings, playouts), variants in parallel
  diff.py              two variants compared slot by slot over one shared situation
  diff_games.py        a difference shown by a game of each variant
  diff_text.py         beside each difference, what each variant writes there
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.language.lazy import Homes, lazy_names

_PUBLIC: Homes = {
    "check_variant": ".run", "check_variants": ".run", "CheckSettings": ".run",
    "Finding": ".findings", "VariantReport": ".findings", "render_text": ".report",
    "diff_variants": ".diff", "diff_lines": ".diff", "VariantDiff": ".diff",
}
__all__ = [  # what `from checks import *` gives; each name's home is in _PUBLIC
    "CheckSettings", "Finding", "VariantDiff", "VariantReport", "check_variant",
    "check_variants", "diff_lines", "diff_variants", "render_text",
]

if TYPE_CHECKING:  # the same names for type checkers and editors
    from .diff import VariantDiff, diff_lines, diff_variants
    from .findings import Finding, VariantReport
    from .report import render_text
    from .run import CheckSettings, check_variant, check_variants


__getattr__, __dir__ = lazy_names(__name__, _PUBLIC)
