"""Highlighting: the Pygments lexer found by its entry point, and the editors' TextMate grammar.

Both take their words from interpreter/language/grammar.lark: the lexer reads them at import, and the
TextMate file is checked here against the same reading.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, Token

from interpreter.language.highlight import (HYPHENATED, SPELLED, WORDS, grammar_text,
                                            grammar_words)

ROOT = Path(__file__).resolve().parents[2]
RULE_FILES = sorted((ROOT / "spec" / "variants").glob("*.kozel")) + sorted(
    (ROOT / "tests" / "golden" / "good").glob("*.kozel"))
TM = ROOT / "editors" / "kozel.tmLanguage.json"


def test_pygments_finds_the_lexer_by_name_and_by_file_name() -> None:
    assert get_lexer_by_name("kozel").name == "kozel"
    assert get_lexer_for_filename("minsk.kozel").name == "kozel"


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_rule_file_highlights_without_error_tokens(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tokens = list(get_lexer_by_name("kozel").get_tokens(text))
    errors = [value for kind, value in tokens if kind in Error]
    assert not errors, errors[:10]
    assert "".join(value for _, value in tokens).strip("\n") == text.strip("\n")
    kinds = {kind for kind, _ in tokens}
    assert Keyword.Declaration in kinds  # `variant`, `relation`
    if "variant " in text:  # a file of relations alone names no slot
        assert Keyword.Reserved in kinds
    html = highlight(text, get_lexer_by_name("kozel"), HtmlFormatter())
    assert 'class="err"' not in html


def test_each_slot_and_keyword_of_the_grammar_is_highlighted() -> None:
    lexer = get_lexer_by_name("kozel")
    for slot in WORDS.slots:
        tokens = [t for t in lexer.get_tokens(f"  {slot}: 1\n") if t[1].strip()]
        assert tokens[0] == (Keyword.Reserved, slot), tokens
    for word in WORDS.keywords + WORDS.operators + WORDS.constants:
        kinds = [k for k, v in lexer.get_tokens(f"deal: 1 {word} 2\n") if v == word]
        assert kinds and (kinds[0] in Keyword or kinds[0] in Token.Operator), (word, kinds)
    names = [k for k, v in lexer.get_tokens("goat: total > target\n") if v == "target"]
    assert names == [Name]


def test_words_come_from_the_grammar_so_a_new_construct_is_covered() -> None:
    text = re.sub(r'(\| "goat".*\n)', r'\1    | "kitty" "rule" -> kitty_rule\n', grammar_text())
    text = text.replace('"when" expr', '"whenever" expr', 1)
    words = grammar_words(text)
    assert "kitty rule" in words.slots and "whenever" in words.keywords
    assert "kitty rule" not in WORDS.slots
    rules = re.sub(r"//[^\n]*", "", grammar_text())  # words quoted in comments are prose
    assert set(re.findall(r'"([^\W\d]\w*)"', rules)) == WORDS.all


def _alternatives(pattern: str, after: str = r"\(") -> set[str]:
    """The words of the first alternation group of a TextMate regex."""
    group = re.search(after + r"([^()]*)\)", pattern)
    assert group, pattern
    return {w.replace(r"\s+", " ").replace("\\-", "-") for w in group.group(1).split("|")}


def test_the_textmate_grammar_is_json_with_the_grammar_words() -> None:
    """The words of both spellings (a file is written in English or in Russian)."""
    grammar = json.loads(TM.read_text(encoding="utf-8"))
    assert grammar["scopeName"] == "source.kozel" and "kozel" in grammar["fileTypes"]
    repo = grammar["repository"]
    assert _alternatives(repo["slot"]["match"]) == set(SPELLED.slots) > set(WORDS.slots)
    keyword = {p["name"].split(".")[1] if p["name"].startswith("keyword.operator") else
               p["name"]: _alternatives(p["match"]) for p in repo["keyword"]["patterns"]}
    assert keyword["operator"] == set(SPELLED.operators)
    assert keyword["constant.language.kozel"] == set(SPELLED.constants)
    assert keyword["keyword.other.kozel"] == set(SPELLED.keywords + HYPHENATED)
    declarations = repo["declaration"]["patterns"]
    assert _alternatives(declarations[1]["match"], r"\\s\+\(") == set(SPELLED.contexts)
    assert _alternatives(declarations[2]["match"]) == set(SPELLED.declarations)
    for rule in [p.get("match", "") for p in repo.values()] + [d["match"] for d in declarations]:
        re.compile(rule.replace(r"[^\W\d]", "[a-z]"))  # Python reads them (Oniguruma too)


def test_kozel_blocks_are_highlighted_on_the_site(caplog: pytest.LogCaptureFixture) -> None:
    """Two hand-written pages rendered as the site renders them: mkdocs's own page, under the
    site's configuration (mkdocs.yml: pymdownx.highlight and superfences, which find the lexer by
    its entry point), without building the rest of the site."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page

    caplog.set_level(logging.ERROR, logger="mkdocs")  # links to the pages not rendered here
    config = load_config(str(ROOT / "mkdocs.yml"))
    for name in ("index.md", "language.md"):
        file = File(name, config.docs_dir, config.site_dir, config.use_directory_urls)
        page = Page(None, file, config)
        page.read_source(config)
        page.render(config, Files([file]))
        text = page.content or ""
        assert '<span class="kd">variant</span>' in text, name  # Keyword.Declaration
        assert '<span class="kr">lead match</span>' in text, name  # a slot
        assert 'class="err"' not in text, name


def test_both_spellings_are_highlighted_alike() -> None:
    """A Russian file's words are the English file's kinds of token (interpreter/language/spelling.py)."""
    lexer = get_lexer_by_name("kozel")
    english = "variant v extends minsk {\n  lead match: holder(1-1) when first\n" \
              '      assume "x" ru "y"\n}\n'
    russian = "вариант v на основе minsk {\n  первый ход матча: владелец(1-1) когда первый_раунд\n" \
              '      допущение "x" по-русски "y"\n}\n'
    kinds = [[k for k, v in lexer.get_tokens(text) if v.strip()] for text in (english, russian)]
    assert kinds[0] == kinds[1]
    assert Keyword.Reserved in kinds[1] and Keyword.Declaration in kinds[1]
