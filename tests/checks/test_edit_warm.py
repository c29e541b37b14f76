"""A warm check after an edit prints the bytes of a cold check (issue 32, incremental checking):
the seeds are copied, checked once to fill a cache folder, then edited step by step; after each
step `kozel check` with that folder (it reads back what the edit left alone) must print exactly
what a check with an empty one prints, and exit with the same code.

Today checks/running/remembered.py keeps whole reports, comparisons and relations; a finer cache
(one entry per solver question) has more ways to print stale words, and each kind of edit below is
one of them:
- an option's default: the witnesses print the options a game was played with, a comparison
  sets each variant's options at their defaults, a relation's `with` sets them again;
- a rule's number or condition: the answer of every question that reads the slot changes, and
  the pairs' differences with it;
- a cite's or an assumption's words: a finding and the source's concordance quote them, with no
  change to any condition a solver sees;
- lines inserted above a rule: no condition a solver sees changes, yet every position below
  them moves, and with them some witnesses (an assumption's game is searched from a seed made of
  its line, checks/questions/assumed.py);
- a parent edited under its child (minsk under pairs, with pairs' file left alone): the child
  inherits the parent's cases, its option, its positions;
- a case or a relation added or removed: questions appear or go, and the ones after them must
  not be matched to the wrong answers.

Every seed file is edited in three places, of different kinds, in three of the four steps. A
step makes at most one edit to a file, so that a key which left out one field of a file (its
defaults, its positions) is not changed anyway by another edit of the same file; and it leaves
at least one file alone (in the first, pairs under its edited parent; in the others a variant
whose report the warm check reads back). A cold check costs about 20 CPU-s whatever the budgets
(the solver's encodings of four variants, six pairs and five relations; the games are a small
part): four steps of edits to several files at once cost about three CPU-minutes, where a cold
check after each of the fifteen edits would cost about eight."""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from checks.running.remembered import FOLDER, ROOT
from shared_runs import Ran, front_end_cache

SEEDS = ROOT / "spec" / "variants"
# the same budgets in every run (they are part of the cache's key), small ones: a key that leaves
# something out prints stale words at any budget
SMALL = ["--playouts", "2", "--games", "300", "--jobs", "2"]
SHOWN = 24  # lines of the first difference shown when a warm report went stale
SECTION = re.compile(r'^  "(\w+)": ')  # a part of the JSON report: variants, comparisons, ...
OWNER = re.compile(r'^      "(name|a|b)": "(.*)",$')  # whose element of the part a line is in


@dataclass(frozen=True)
class Edit:
    """Replace `old`, written once in the seed file `file`, by `new`; `what` says it in words
    for a failure's message."""

    file: str
    what: str
    old: str
    new: str


COMMENT = "  -- a line inserted above a rule\n  -- and another\n"
MINSK, PAIRS, GAMBLER = "minsk.kozel", "pairs.kozel", "gambler-1v1.kozel"
CLASSIC, RELATIONS = "kozel-classic.kozel", "relations.kozel"
# Each step on top of the steps before it. The first edits minsk under pairs, which extends it,
# with pairs' file left alone; the last leaves minsk and the relations alone.
STEPS: tuple[tuple[Edit, ...], ...] = (
    (Edit(MINSK, "its default target", "option target: 100 | 300 | 500 = 100",
          "option target: 100 | 300 | 500 = 300"),
     Edit(GAMBLER, "a shorter cite", 'cite "Ходить обязательно, пропускать ход нельзя."',
          'cite "Ходить обязательно"'),
     Edit(CLASSIC, "a lone 0-0 counts 15", "hand value: 10 when hand = [0-0]",
          "hand value: 15 when hand = [0-0]"),
     Edit(RELATIONS, "lines above the relations", 'relation "the target of the Minsk rules',
          '-- a line inserted above the relations\n\nrelation "the target of the Minsk rules')),
    (Edit(MINSK, "lines above its deal", "  deal: 7\n", COMMENT + "  deal: 7\n"),
     Edit(PAIRS, "its default rule13", "option rule13: yes | no = yes",
          "option rule13: yes | no = no"),
     Edit(GAMBLER, "its default target", "option target: 101 | 301 | 501 = 501",
          "option target: 101 | 301 | 501 = 101"),
     Edit(RELATIONS, "an option's value in a relation", "minsk with target = 300 same as minsk",
          "minsk with target = 500 same as minsk")),
    (Edit(MINSK, "its redeal on six doubles", "redeal: automatic when count(doubles(hand)) >= 5",
          "redeal: automatic when count(doubles(hand)) >= 6"),
     Edit(PAIRS, "lines above its draw", "  draw: none\n", COMMENT + "  draw: none\n"),
     Edit(CLASSIC, "an assumption's words", "partners sit opposite, as usual",
          "partners sit across the table, as usual"),
     Edit(RELATIONS, "the last relation removed",
          '\n\nrelation "partners dominoes, as written, are the Minsk rules"\n'
          '    ru "парное домино, как оно записано, — это минские правила"\n'
          "  pairs same as minsk\n  expect refuted", "")),
    (Edit(PAIRS, "an assumption's words", "they are taken as written off, as the eggs are",
          "they are taken as lost, as the eggs are"),
     Edit(GAMBLER, "a restatement removed", "  restates hand value: 8 when hand = [4-4]\n"
          '      cite "дупль 4-4, то ему запишут +8"\n', ""),
     Edit(CLASSIC, "a claim added", "  claim play ",
          '  claim hand "на руке не больше семи костей": count(hand) <= 7\n\n  claim play ')),
)


def check(cache: Path, seeds: Path) -> Ran:
    """`kozel check SEEDS --format json` in a fresh process with `cache` as its cache folder;
    a usage error or a crash fails the test at once."""
    env = {**os.environ, "KOZEL_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "kozel.cli", "check", str(seeds),
                           "--format", "json", *SMALL], env=env, cwd=ROOT,
                          capture_output=True, timeout=1200, check=False)
    ran = Ran(done.returncode, done.stdout, done.stderr)
    assert ran.code in (0, 1) and "Traceback" not in ran.err, ran.err
    return ran


def apply(seeds: Path, edit: Edit) -> None:
    """Make one edit to the copy of the seeds."""
    path = seeds / edit.file
    text = path.read_text(encoding="utf-8")
    assert text.count(edit.old) == 1, f"{edit.file}: {edit.old!r} is not written exactly once"
    path.write_text(text.replace(edit.old, edit.new), encoding="utf-8")


def first_difference(cold: str, warm: str) -> str:
    """Where the warm report first differs from the cold one, and those lines as a unified
    diff."""
    cold_lines, warm_lines = cold.splitlines(), warm.splitlines()
    first = next((i for i, (a, b) in enumerate(zip(cold_lines, warm_lines)) if a != b),
                 min(len(cold_lines), len(warm_lines)))
    start = max(first - 3, 0)
    diff = difflib.unified_diff(cold_lines[start:first + SHOWN], warm_lines[start:first + SHOWN],
                                "cold", "warm", lineterm="", n=3)
    return (f"first difference at line {first + 1}, in {place(cold_lines, first)}:\n"
            + "\n".join(list(diff)[:SHOWN]))


def place(lines: list[str], index: int) -> str:
    """The part of the JSON report line `index` is in, with its variant's or pair's names."""
    names: list[str] = []
    for line in reversed(lines[:index + 1]):
        section = SECTION.match(line)
        if section:
            return section[1] + (f" ({' and '.join(reversed(names))})" if names else "")
        owner = OWNER.match(line)
        if owner and (not names or owner[1] == "a" and len(names) == 1):
            names.append(owner[2])
    return "the report"


@pytest.mark.slow
def test_a_warm_check_after_each_edit_prints_what_a_cold_check_prints(tmp_path: Path) -> None:
    seeds = tmp_path / "variants"
    shutil.copytree(SEEDS, seeds)
    cache = front_end_cache(tmp_path / "cache")
    before = check(cache, seeds)  # fills the cache: every report, comparison and relation
    assert any((cache / FOLDER).glob("report-*")), "the cold check kept nothing to read back"
    for number, edits in enumerate(STEPS, 1):
        for edit in edits:
            apply(seeds, edit)
        warm = check(cache, seeds)
        fresh = front_end_cache(tmp_path / f"cold-{number}")
        cold = check(fresh, seeds)
        shutil.rmtree(fresh)
        edited = f"step {number} ({'; '.join(f'{e.file}: {e.what}' for e in edits)})"
        assert cold.stdout != before.stdout, f"{edited} changed nothing in the report"
        stale = (warm.code, warm.stdout) != (cold.code, cold.stdout)
        assert not stale, (
            f"{edited}: the warm check (exit {warm.code}) printed other bytes than a cold one "
            f"(exit {cold.code}); {first_difference(cold.out, warm.out)}")
        before = cold
