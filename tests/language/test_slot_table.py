"""One list of rule slots (interpreter/language/slots.SLOTS), and every place that must agree.

Each test reads one place that knows the slots by name — the grammar (through Lark), the
parser, the engine's and the compiler's code, the checker's situations, the docs' words in both
languages — and fails when a slot of SLOTS is missing there or the place names a slot SLOTS does
not have. The same for the words around the slots: the claim contexts and the vocabulary.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from lark import Lark

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from checks.questions import conditions  # noqa: E402
from checks.z3_encode import session  # noqa: E402
from kozel.publish import lexicon, wording  # noqa: E402
from interpreter.compiled import compiler, rule_source  # noqa: E402
from interpreter.language import catalogue  # noqa: E402
from interpreter.language.catalogue import LANGS  # noqa: E402
from interpreter.language.model import Case, Variant  # noqa: E402
from interpreter.language.parser import grammar_text, parse_text, slot_alias  # noqa: E402
from interpreter.language.slots import (CLAIM_CONTEXTS, CONTEXTS, SLOTS, SYMBOLS,  # noqa: E402
                                        functions_for)
from interpreter.language.syntax_errors import SLOT_SYNONYMS, TERMINAL_WORDS  # noqa: E402


def _grammar() -> Lark:
    return Lark(grammar_text(), parser="lalr")


def grammar_slots(grammar: Lark) -> dict[str, str]:
    """The alternatives of the grammar's `slot` rule: the slot's words → their alias."""
    literal = {t.name: t.pattern.value for t in grammar.terminals if t.pattern.type == "str"}
    return {" ".join(literal[symbol.name] for symbol in rule.expansion): str(rule.alias)
            for rule in grammar.rules if rule.origin.name == "slot"}


def test_the_grammar_has_exactly_the_slots_of_the_table() -> None:
    assert grammar_slots(_grammar()) == {slot: slot_alias(slot) for slot in SLOTS}


def test_the_parser_reads_every_slot_by_its_name() -> None:
    """Every slot of the table written in a rule file comes out of the parser under its name
    (a grammar alternative without its builder would come out as a bare tree)."""
    text = "variant v {\n" + "".join(f"  {slot}: 1\n" for slot in SLOTS) + "}\n"
    (variant,) = parse_text(text).variants
    assert [getattr(item, "slot", None) for item in variant.items] == list(SLOTS)


def test_the_slot_names_people_write_point_at_slots() -> None:
    assert set(SLOT_SYNONYMS.values()) <= set(SLOTS)
    assert not set(SLOT_SYNONYMS) & set(SLOTS)


def _asks_a_rule(node: ast.AST) -> str | None:
    """The slot a subscript `rules["fish"]` or `setup.rules['fish']` looks up, else None."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)):
        return None
    table = node.value
    named = table.id if isinstance(table, ast.Name) else getattr(table, "attr", None)
    return node.slice.value if named == "rules" else None


def slots_asked(package: str) -> set[str]:
    """Every slot a package's code asks its table of rules for by name (in the generated code of
    the compiler too: the f-strings that write `{rules['fish']}` are parsed as code)."""
    found: set[str] = set()
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (slot := _asks_a_rule(node)) is not None:
                found.add(slot)
    return found


def test_the_engine_applies_every_slot() -> None:
    assert slots_asked("interpreter/engine") == set(SLOTS)


def _declined(slot: str) -> bool:
    """Whether the compiler declines, naming it, a variant that writes the slot."""
    variant = Variant("v", None, None, (2,), (), ((slot, (Case(slot, None),)),))
    try:
        rule_source.check_slots_known(variant)
    except rule_source.NotCompiled as declined:
        return slot in str(declined)
    return False


def test_the_compiler_compiles_or_declines_every_slot() -> None:
    """The slots the compiler knows are those the generated match asks by name and those
    settled at setup (facts of the Setup): none taken and then ignored, none written and then
    refused. Every other slot is declined by name."""
    settled = {s for s, spec in SLOTS.items() if spec.context in compiler._SETTLED_CONTEXTS}
    compiled = slots_asked("interpreter/compiled") | settled
    assert compiled <= set(SLOTS)
    assert rule_source.KNOWN_SLOTS == compiled
    for slot in SLOTS:
        assert (slot in rule_source.KNOWN_SLOTS) != _declined(slot), slot


def test_the_checker_builds_the_situation_of_every_slot() -> None:
    buildable = {*session.SETUP_BASES, *session.DEALT_BASES, *session.DERIVED}
    assert set(conditions.SLOT_SITUATION) == set(SLOTS)
    asked = set(conditions.SLOT_SITUATION.values())
    asked |= {"turn" for spec in SLOTS.values() if spec.context == "turn"}
    assert asked <= buildable
    assert asked <= set(conditions.SITUATION_WORDS)


# What the docs say of each slot, each table keyed by slot.
SLOT_WORDS: dict[str, dict[str, dict[str, Any]]] = {
    "label": wording.SLOT_LABELS, "question": wording.SLOT_QUESTIONS,
    "sentences": wording.SENTENCES}


@pytest.mark.parametrize("table", sorted(SLOT_WORDS))
def test_the_docs_word_every_slot_in_both_languages(table: str) -> None:
    words = SLOT_WORDS[table]
    assert set(words) == set(SLOTS)
    assert all(set(entry) == set(LANGS) for entry in words.values())


def test_the_catalogue_gives_every_slot_its_meaning_and_the_docs_a_section() -> None:
    for lang in LANGS:
        assert set(catalogue.keys_under("meaning.", "language", lang)) == set(SLOTS)
    # a slot's meaning is written once, in the catalogue: the slot table reads its English
    assert {name: spec.meaning for name, spec in SLOTS.items()} == \
        catalogue.keys_under("meaning.", "language", "en")
    source = (ROOT / "interpreter" / "language" / "slots.py").read_text(encoding="utf-8")
    assert not [spec.name for spec in SLOTS.values() if spec.meaning in source]
    listed = [slot for _, _, slots in wording.SECTIONS for slot in slots]
    assert sorted(listed) == sorted(SLOTS)


@pytest.mark.parametrize("page", ["language.md", "language.ru.md"])
def test_the_language_reference_lists_every_slot_with_its_context(page: str) -> None:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    # the context may be written as code (`setup`), as the Russian page writes it
    rows = re.findall(r"^\| `([^`]+)` \|[^|]*\| `?(\w+)`? \|", text, re.MULTILINE)
    assert rows == [(slot, spec.context) for slot, spec in SLOTS.items()]


def test_the_claim_contexts_agree() -> None:
    (context,) = [t for t in _grammar().terminals if t.name == "CONTEXT"]
    assert set(re.findall(r"\w+", context.pattern.value)) == set(CLAIM_CONTEXTS)
    assert all(word in TERMINAL_WORDS["CONTEXT"] for word in CLAIM_CONTEXTS)
    assert set(wording.CLAIM_SCOPES) == set(CLAIM_CONTEXTS)
    assert set(conditions.CLAIM_SITUATION) == set(CLAIM_CONTEXTS)


def test_the_lexicon_words_exactly_the_vocabulary_in_both_languages() -> None:
    terms = {name for context in CONTEXTS.values() for name in context}
    functions = {f for context in CONTEXTS for f in functions_for(context)}
    assert set(lexicon.TERMS) == terms
    # `count(x)` is said by its own phrase (lexicon.COUNT), not the table of functions
    assert set(lexicon.FUNCTIONS) == functions - {"count"}
    assert set(lexicon.SYMBOLS) == set(SYMBOLS)
    entries: list[dict[str, Any]] = [*lexicon.TERMS.values(), *lexicon.FUNCTIONS.values(),
                                     *lexicon.SYMBOLS.values()]
    assert all(set(entry) == set(LANGS) for entry in entries)
