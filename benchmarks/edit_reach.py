"""What an edit reaches: which questions of a check give another answer after an edit, and what
they cost — the least work any incremental checker must redo for it: not a test.

    .venv/bin/python benchmarks/edit_reach.py [--old TEXT --new TEXT] [--file minsk.kozel]

The seeds (spec/variants) are copied twice, each copy in a folder named `variants` of its own
(a finding prints its file's path: the two copies must print the same one), and the edit is
made in the second (by default minsk's option line, its default 100 changed to 300: the
incremental bar of issue 32). Then, for every variant and every pair of variants:
- each question of a variant's report (each condition with its witness, in a session of its
  own, and the findings no solver question makes; each other reading of each ambiguous
  sentence; the restatements, the playouts, the endings, the rules never reached) and each
  slot of a pair's comparison at the family's setting is computed on its own, from a fresh Z3
  context, in both copies (so that no answer rests on the questions asked before it);
- an answer is "changed" when its JSON differs, leaving out the option values a witness shows
  (an option the question never reads is shown at its default: showing the new default is
  presentation, not a new answer) and the seconds taken.
The figures: each question's CPU seconds in the edited copy, summed over the changed ones and
over all (process_time, in this one process; a fresh context before each question). A question
whose answer changed must be computed again by any checker that prints a cold check's bytes;
one that did not may be read back only if the checker can tell, from what it read, that the
edit does not concern it (here the answers are simply compared: an upper bound of reuse).

Figures (2-core x86_64, Python 3.11.7, load 1.0–2.8, the default edit): at b71ef0c, the
conditions and the readings each asked as one question, 28.4 CPU-s of questions, 0.27 of it
changed; once options were declared only where a rule reads them, 0.14 with the readings one
by one. Now each condition in a session of its own (47.3 CPU-s in all: sessions are no longer
shared): 4.57 CPU-s changed (0.10): minsk's one-goat property (3.39 CPU-s: with the target at
300 its search plays all 8,000 matches and finds none; 0.27 at 100), three readings of minsk
and one of pairs whose games go past a round's end, `goat` in four comparisons. With `--new`
equal to `--old` it must print 0.00 changed: anything else is an answer that rests on the
questions asked before it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checks.questions import z3_state  # noqa: E402
from checks.running.run import CheckSettings  # noqa: E402
from checks.z3_encode.fresh import fresh_context  # noqa: E402
from interpreter.language.model import Variant  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402

OLD, NEW = "option target: 100 | 300 | 500 = 100", "option target: 100 | 300 | 500 = 300"
SETTINGS = CheckSettings()
Answers = dict[str, tuple[float, str]]  # question: (CPU seconds, its answer as JSON text)


def shown(value: Any) -> Any:
    """An answer's JSON without the option values its witnesses show and the seconds taken."""
    if isinstance(value, dict):
        return {k: shown(v) for k, v in value.items() if k not in ("options", "seconds")}
    if isinstance(value, list):
        return [shown(v) for v in value]
    return value


def asked(question: Callable[[], list[Any]]) -> tuple[float, str]:
    """One question from a fresh context: its CPU seconds and its answer."""
    if z3_state.used():
        fresh_context()
    start = time.process_time()
    found = question()
    seconds = time.process_time() - start
    return seconds, json.dumps([shown(f.as_json()) for f in found], sort_keys=True)


def report_questions(v: Variant) -> dict[str, Callable[[], list[Any]]]:
    """The phases of a variant's report (checks/running/run.py check_variant), each on its own."""
    from checks.questions.ending import ending_findings
    from checks.questions.playouts import playout_findings
    from checks.questions.restated import restatement_findings
    from checks.questions.unreached import unreached_findings

    budget, games = SETTINGS.budget, SETTINGS.games
    return {
        **condition_questions(v),
        **reading_questions(v),
        "restatements": lambda: restatement_findings(v, budget, games),
        "playouts": lambda: playout_findings(v, SETTINGS.playouts, fish_equal=False,
                                             skip=frozenset())[0],
        "endings": lambda: ending_findings(v, budget, games),
        "unreached": lambda: unreached_findings(v, budget),
    }


def condition_questions(v: Variant) -> dict[str, Callable[[], list[Any]]]:
    """Each condition of the variant (checks/questions/conditions.py) in a session of its own,
    with its witness game; and the findings no solver question makes (assumptions, the language's
    defaults, the source's sentences), as checks/reporting/report.py build_report makes them."""
    from checks.questions.assumed import assumption_games
    from checks.questions.conditions import conditions_for
    from checks.questions.defaults import default_findings
    from checks.questions.solver import ask
    from checks.questions.unaccounted import unaccounted_findings
    from checks.reporting.report import finding_of, static_findings
    from checks.z3_encode import Session

    budget, games = SETTINGS.budget, SETTINGS.games

    def one(condition: Any) -> list[Any]:
        results = ask(Session.of(v, budget), condition, budget)
        return [f for f in (finding_of(v, r, games) for r in results) if f is not None]

    def without_solver() -> list[Any]:
        return (assumption_games(v, static_findings(v), games) + default_findings(v, games)
                + unaccounted_findings(v))

    found: dict[str, Callable[[], list[Any]]] = {"assumptions and defaults": without_solver}
    for condition in conditions_for(v):
        name = (f"{condition.query} {condition.slot} {condition.case} {condition.other} "
                f"{condition.claim} {condition.situation}")
        found[name] = lambda c=condition: one(c)
    return found


def reading_questions(v: Variant) -> dict[str, Callable[[], list[Any]]]:
    """Each other reading of each ambiguous sentence (checks/questions/readings.py), on its own."""
    from checks.questions.readings import _compared, questions

    return {f"reading {other} at {q.cases[0].pos.line}": (
        lambda q=q, other=other: _compared(v, q, other, SETTINGS.budget, SETTINGS.games))
        for q in questions(v) for other in q.names[1:]}


def slot_questions(a: Variant, b: Variant) -> dict[str, Callable[[], list[Any]]]:
    """Each slot of a pair's comparison at the family's setting, each with sessions of its own."""
    from checks.compare import diff, diff_options
    from checks.compare.family import family_setting
    from interpreter.language.slots import SLOTS

    fixed = (family_setting(a).fixed, family_setting(b).fixed)
    linked = tuple(diff.shared_options(a, b, *fixed))
    parted = diff_options.parted_options(a, linked, b)
    names = (a.name, b.name) if a.name != b.name else (f"{a.name} (a)", f"{b.name} (b)")
    compared = diff_options.Compared(a, b, names, *fixed, linked, parted)

    def one(slot: str) -> list[Any]:  # sessions of its own: a comparer made for the slot
        compare = diff.slot_comparer(a, b, names, SETTINGS.budget)
        return diff_options.compare_slots(compared, [slot], compare, SETTINGS.games)

    return {slot: (lambda s=slot: one(s)) for slot in SLOTS}


def answers(folder: Path) -> dict[str, Answers]:
    """Every question of the seeds in `folder`, by variant and pair."""
    os.chdir(folder.parent)  # the files' paths as printed: `variants/...` in both copies
    library, names = load_paths([Path(folder.name)])
    variants = [library.resolve(n) for n in names]
    found = {v.name: {q: asked(f) for q, f in report_questions(v).items()} for v in variants}
    for a, b in itertools.combinations(variants, 2):
        found[f"{a.name} / {b.name}"] = {q: asked(f) for q, f in slot_questions(a, b).items()}
    return found


def main() -> int:
    """Copy, edit, ask every question in both copies; print what changed and its cost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default=OLD, help="the text changed")
    parser.add_argument("--new", default=NEW, help="what it is changed to")
    parser.add_argument("--file", default="minsk.kozel", help="the seed file edited")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as place:
        before, after = Path(place) / "a" / "variants", Path(place) / "b" / "variants"
        for folder in (before, after):
            shutil.copytree(ROOT / "spec" / "variants", folder)
        edited = after / options.file
        text = edited.read_text(encoding="utf-8")
        if options.old not in text:
            sys.exit(f"{options.file} has no text {options.old!r}")
        edited.write_text(text.replace(options.old, options.new), encoding="utf-8")
        old, new = answers(before), answers(after)
    print_reach(old, new)
    return 0


def print_reach(old: dict[str, Answers], new: dict[str, Answers]) -> None:
    """One line per variant or pair: its questions' cost, the changed ones and theirs."""
    total = changed_total = 0.0
    for part, questions in new.items():
        changed = [q for q, (_, answer) in questions.items() if old[part][q][1] != answer]
        cost = sum(questions[q][0] for q in changed)
        whole = sum(seconds for seconds, _ in questions.values())
        total, changed_total = total + whole, changed_total + cost
        print(f"{part}: {whole:.2f} CPU-s; changed {cost:.2f} CPU-s: {', '.join(changed) or '-'}")
    print(f"all: {total:.2f} CPU-s; changed {changed_total:.2f} ({changed_total / total:.2f}); "
          f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
