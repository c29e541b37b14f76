"""Mutated seed files: parse and resolve give a variant or a RuleFileError, never another
exception (no solver, no engine).

Each mutant is a seed text with 1 to 3 mutations: a character deleted, inserted, replaced or
swapped with the next, a line duplicated or deleted. Whole files parse in about 20 ms, so most
mutants are windows of a seed (a few of its lines from an item on, in a variant extending the
seed's), resolved against the unmutated seeds: 5,150 inputs a run (a quarter of them in the
fast tier: tests/tiers.py).
The random generator is seeded: a failure names its mutant and repeats on every run.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from interpreter.language.errors import RuleFileError
from interpreter.language.resolve import Library
from tiers import examples

SEEDS = {p.name: p.read_text(encoding="utf-8")
         for p in sorted((Path(__file__).resolve().parents[2] / "spec" / "variants").glob(
             "*.kozel"))
         if "\nvariant " in p.read_text(encoding="utf-8")}  # not the file of relations alone
WHOLE_FILES = examples(150)
WINDOWS = examples(5000)
INSERTED = list("{}()[]:,.-+*=<>|\"'#\n\r\t \\;") + list("aeiz09_ё−…\u00a0\ufeff\x00") + [
    "variant ", "extends ", "when ", "otherwise", "if ", " then ", " else ", "not ", "--"]
_ITEM = re.compile(r"\s*(?!cite|assume|note|ru)[^\W\d]")  # a line that starts an item
_NAME = re.compile(r"^(\s*variant\s+)([^\W\d][\w-]*)", re.MULTILINE)


def mutate(text: str, rng: random.Random) -> str:
    """Return the text with 1 to 3 random mutations."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text) + 1)
        kind = rng.randrange(6)
        if kind == 0:
            text = text[:at] + text[at + 1:]
        elif kind == 1:
            text = text[:at] + rng.choice(INSERTED) + text[at:]
        elif kind == 2:
            text = text[:at] + rng.choice(INSERTED)[:1] + text[at + 1:]
        elif kind == 3:
            text = text[:at] + text[at + 1:at + 2] + text[at:at + 1] + text[at + 2:]
        else:
            lines = text.split("\n")
            line = rng.randrange(len(lines))
            lines[line:line + 1] = [lines[line]] * (2 if kind == 4 else 0)
            text = "\n".join(lines)
    return text


def base_library(without: str = "") -> Library:
    """A library of the unmutated seeds (all but one file)."""
    library = Library()
    for name, text in SEEDS.items():
        if name != without:
            library.add_text(text, name)
    return library


def copy_of(library: Library) -> Library:
    copy = Library()
    copy.decls, copy.lines = dict(library.decls), dict(library.lines)
    return copy


def check(text: str, library: Library, what: str) -> None:
    """Parse and resolve every variant of the text; only RuleFileError may escape."""
    try:
        try:
            decls = library.add_text(text, "fuzz.kozel")
        except RuleFileError as error:
            assert error.diagnostics and str(error)
            return
        for decl in decls:
            try:
                library.resolve(decl.name)
            except RuleFileError as error:
                assert error.diagnostics and str(error)
    except Exception as error:  # anything else is a bug: show the mutant that found it
        pytest.fail(f"{what}: {type(error).__name__}: {error}\n--- mutant ---\n{text[:2000]!r}")


def window(name: str, rng: random.Random) -> str:
    """A variant extending a seed's first one, with a few lines of the seed from an item on."""
    lines = SEEDS[name].split("\n")
    header = next(i for i, line in enumerate(lines) if line.startswith("variant"))
    starts = [i for i in range(header + 1, len(lines)) if _ITEM.match(lines[i])]
    start = rng.choice(starts)
    body = lines[start:start + rng.randint(1, 12)]
    parent = _NAME.search(lines[header]).group(2)  # type: ignore[union-attr]
    return "\n".join([f"variant fuzzed extends {parent} {{", *body, "}"]) + "\n"


def test_mutated_windows_of_the_seeds_parse_or_give_a_rule_file_error() -> None:
    rng, base = random.Random(9), base_library()
    for number in range(WINDOWS):
        name = rng.choice(list(SEEDS))
        check(mutate(window(name, rng), rng), copy_of(base), f"window mutant {number} of {name}")


def test_mutated_whole_seed_files_parse_or_give_a_rule_file_error() -> None:
    rng = random.Random(90)
    bases = {name: base_library(without=name) for name in SEEDS}
    for number in range(WHOLE_FILES):
        name = rng.choice(list(SEEDS))
        check(mutate(SEEDS[name], rng), copy_of(bases[name]), f"file mutant {number} of {name}")
