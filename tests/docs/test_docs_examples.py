"""Every rule text in the docs is rule text: each ```kozel block of the site's pages and the
README parses, every complete example of docs/language.md resolves, its plain ``` blocks of
rule lines resolve inside a variant that fills the other slots, and the tutorial's variants
resolve, as an author copying them would expect."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from interpreter.language.parser import parse_text
from interpreter.language.resolve import Library, load_paths, load_variant
from interpreter.language.respell import respell
from interpreter.language.spelling import spelling_of
from engine_support import text_variant

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
BLOCK = re.compile(r"^```kozel\n(.*?)^```", re.S | re.M)


def _blocks(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


EXAMPLES = [(path, index, text) for path in PAGES for index, text in enumerate(_blocks(path))]


def test_the_pages_have_rule_text_examples() -> None:
    assert len(EXAMPLES) >= 5
    assert len(_blocks(ROOT / "docs" / "tutorial.md")) >= 3


@pytest.mark.parametrize("path,index,text", EXAMPLES,
                         ids=[f"{p.name}-{i + 1}" for p, i, _ in EXAMPLES])
def test_every_example_parses(path: Path, index: int, text: str) -> None:
    parse_text(text, f"{path.name}#{index + 1}")


def _tutorial_variants(page: str, spelling: str | None = None) -> list[Any]:
    """The tutorial grows one file step by step: the steps that are whole variants, resolved
    (the Russian one's first lesson is a house rule on a seed variant); with a `spelling`,
    each step respelled to it first."""
    library, _ = load_paths([ROOT / "spec" / "variants"], Library())
    whole = ("players", "extends", "игроки", "на основе")  # in either spelling
    blocks = [t for t in _blocks(ROOT / "docs" / page) if any(w in t for w in whole)]
    if spelling:
        blocks = [respell(t, spelling, page) for t in blocks]
    for index, text in enumerate(blocks):
        library.add_text(text, f"{page}#{index + 1}")
    complete = [re.search(r"(?:variant|вариант) ([\w-]+)", t).group(1)  # type: ignore[union-attr]
                for t in blocks]
    assert len(complete) >= 2
    resolved = [library.resolve(name) for name in complete]
    assert [v.name for v in resolved] == complete
    return resolved


@pytest.mark.parametrize("page", ["tutorial.md", "tutorial.ru.md"])
def test_the_tutorial_variants_resolve(page: str) -> None:
    assert _tutorial_variants(page)


@pytest.mark.parametrize("page,spelling", [("tutorial.md", "en"), ("tutorial.ru.md", "ru")])
def test_the_tutorial_writes_every_rule_in_its_pages_spelling(page: str, spelling: str) -> None:
    blocks = _blocks(ROOT / "docs" / page)
    assert len(blocks) >= 3
    assert [spelling_of(b) for b in blocks] == [spelling] * len(blocks)


def test_the_russian_tutorials_variants_are_their_english_spelling() -> None:
    """Each lesson's variant gives the same model when `kozel fmt --lang en` prints it."""
    russian = _tutorial_variants("tutorial.ru.md")
    assert _tutorial_variants("tutorial.ru.md", "en") == russian
    assert len(russian) >= 3  # the house rule and the later lessons' corner variants


def test_the_russian_tutorial_gives_every_assumption_in_russian_and_comments_in_russian() -> None:
    variants = _tutorial_variants("tutorial.ru.md")
    first = variants[0]  # its first lesson: a house rule in the Russian spelling
    assert first.parent == "minsk" and {o.name: o.default for o in first.options}["target"] == 300
    assumed = [item for v in variants for item in v.assumptions()]
    assert assumed, "the tutorial shows an assumption"
    for item in assumed:
        assert item.assumption_ru and re.search("[а-я]", item.assumption_ru), item
    page = (ROOT / "docs" / "tutorial.ru.md").read_text(encoding="utf-8")
    comments = re.findall(r"(?m)(?:^|\s)(#|--) (.+)$", "\n".join(
        re.findall(r"^```\w*\n(.*?)^```", page, re.S | re.M)))
    for _, comment in comments:
        assert re.search("[а-яё]", comment, re.I), comment


LANGUAGE = ROOT / "docs" / "language.md"
PARTIAL = "-- ..."  # an example that shows only part of a variant says so


@pytest.mark.parametrize("text", [t for t in _blocks(LANGUAGE) if PARTIAL not in t],
                         ids=lambda t: t.split("{")[0].strip()[:40])
def test_every_complete_language_example_resolves(text: str) -> None:
    library, _ = load_paths([ROOT / "spec" / "variants"], Library())
    for decl in library.add_text(text, "example.kozel"):
        assert library.resolve(decl.name).name == decl.name


def _plain_blocks(path: Path) -> list[str]:
    """The fenced blocks with no language (a fence's opening and closing lines paired)."""
    blocks, inside, info, lines = [], False, "", []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```") and not inside:
            inside, info, lines = True, line[3:].strip(), []
        elif line.startswith("```"):
            inside = False
            if not info:
                blocks.append("\n".join(lines) + "\n")
        else:
            lines.append(line)
    return blocks


RULE_LINES = _plain_blocks(LANGUAGE)


def _without_ellipsis(block: str) -> str:
    return "\n".join(line for line in block.splitlines() if line.strip() != "...")


@pytest.mark.parametrize("index", range(len(RULE_LINES)))
def test_every_plain_example_of_the_language_page_resolves(index: int) -> None:
    block = _without_ellipsis(RULE_LINES[index])
    if re.search(r"^\s*variant ", block, re.M):
        assert parse_text(block, "doc.kozel").variants
        if block == RULE_LINES[index].rstrip("\n"):  # a whole variant: it resolves too
            assert load_variant(block, "doc.kozel").slots
    else:  # rule lines: they resolve (names, types) in a variant of their own
        assert text_variant(block.strip()).slots
