"""One catalogue of words for the whole program (interpreter/language/catalogue.py): every key
in both languages with the same placeholders, no key defined twice (in one package's section or
in two), every key the code says exists, one list of languages, one word per concept."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from checks.reporting.kinds import Kind, OnSite
from interpreter.language import catalogue
from interpreter.language.catalogue import LANGS, CatalogueError, read_sections
from interpreter.language.numbers import plural_category

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("interpreter", "checks", "docs")
# calls whose argument at this place is a catalogue key: `Said("key")`, `say(lang, "key")`,
# `catalogue.text("key", lang)`, ...
SAYING = {"Said": 0, "say": 1, "catalogue.text": 0, "catalogue.forms": 0, "catalogue.has": 0}
# texts whose languages say different arguments (the code passes both): key → why
OWN_ARGUMENTS = {
    "stopped": "the English names a stop's kind as the JSON writes it, the Russian in words",
    "play.goat": "the English counts the rounds with their word, the Russian after a colon",
    "play.winner": "the English counts the rounds with their word, the Russian after a colon",
    "limits.wall clock": "the English names what the limit is per (a condition, a slot), the "
                         "Russian says every question",
}


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _sources() -> list[Path]:
    return sorted(p for name in PACKAGES for p in (ROOT / name).rglob("*.py"))


def test_every_key_is_in_every_language_with_the_same_placeholders() -> None:
    english = catalogue.entries("en")
    for lang in LANGS:
        words = catalogue.entries(lang)
        assert set(words) == set(english), (lang, set(words) ^ set(english))
        assert list(catalogue.sections(lang)) == list(catalogue.sections("en")), lang
        for key, entry in english.items():
            if isinstance(entry, str):
                assert isinstance(words[key], str), (lang, key)
                same = _placeholders(words[key]) == _placeholders(entry)
                assert same or key in OWN_ARGUMENTS, (lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_a_counted_entry_has_the_form_each_whole_number_takes(lang: str) -> None:
    counted = {key: e for key, e in catalogue.entries(lang).items() if isinstance(e, dict)}
    assert counted and set(counted) == set(catalogue.sections(lang)["counted"])
    needed = {plural_category(n, lang) for n in range(200)}  # by Babel's rules
    for key, forms in counted.items():
        assert needed <= set(forms), (key, needed - set(forms))


@pytest.mark.parametrize("text", [
    '{"engine": {"seat": "seat {no}"}, "checks": {"seat": "place {no}"}}',
    '{"engine": {"seat": "seat {no}", "seat": "seat {no}"}}',
    '{"engine": {}, "engine": {}}',
])
def test_a_key_defined_twice_is_refused_not_shadowed(text: str) -> None:
    with pytest.raises(CatalogueError, match="'(seat|engine)'"):
        read_sections(text)


def test_the_catalogue_files_read_without_a_key_defined_twice() -> None:
    for lang in LANGS:
        text = (catalogue.FOLDER / f"{lang}.json").read_text(encoding="utf-8")
        assert read_sections(text) == catalogue.sections(lang)


def _said_keys(path: Path) -> list[tuple[str, int]]:
    """The literal keys a module says: `Said("key", ...)`, `say(lang, "key")`, `text("key", ...)`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        at = SAYING.get(ast.unparse(node.func))
        if at is None or len(node.args) <= at:
            continue
        arg = node.args[at]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found.append((arg.value, node.lineno))
    return found


def test_every_key_the_code_says_is_in_the_catalogue() -> None:
    english = catalogue.entries("en")
    said = [(path, key, line) for path in _sources() for key, line in _said_keys(path)]
    assert len(said) > 400  # the scan finds the program's texts (not a vacuous pass)
    missing = [f"{path.relative_to(ROOT)}:{line}: {key!r}" for path, key, line in said
               if key not in english and path.name != "catalogue.py"]
    assert not missing, missing


def test_languages_are_listed_once() -> None:
    defined = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, ast.AnnAssign) else []
            defined += [path.relative_to(ROOT) for t in targets
                        if isinstance(t, ast.Name) and t.id == "LANGS"]
    assert defined == [Path("interpreter/language/catalogue.py")]


def test_an_ambiguity_is_one_word_everywhere() -> None:
    word = catalogue.text("kind word.ambiguity", "ru")  # the kind's word (reporting/kinds.py)
    assert word == "неоднозначность"
    assert catalogue.forms("count.ambiguities", "ru")["one"] == word
    for lang in LANGS:
        text = (catalogue.FOLDER / f"{lang}.json").read_text(encoding="utf-8")
        assert not re.search("двусмысленн", text, re.I)


@pytest.mark.parametrize("lang", LANGS)
def test_a_kind_says_the_catalogues_words(lang: str) -> None:
    shown = {kind: kind.site for kind in Kind if isinstance(kind.site, OnSite)}
    assert Kind.GAP in shown
    for kind in Kind:
        assert kind.word(lang) == catalogue.text(f"kind word.{kind.value}", lang)
        assert kind.table.meanings[lang] == catalogue.text(f"kind meaning.{kind.value}", lang)
    for kind, site in shown.items():
        assert site.explanation[lang] == catalogue.text(f"kind explains.{kind.value}", lang)


def test_the_kinds_words_are_written_only_in_the_catalogue() -> None:
    source = (ROOT / "checks" / "reporting" / "kinds.py").read_text(encoding="utf-8")
    assert not re.search("[а-яё]", source, re.I)  # no Russian left beside the catalogue's
    for kind in Kind:  # nor an English meaning or explanation
        assert kind.table.meanings["en"] not in source
