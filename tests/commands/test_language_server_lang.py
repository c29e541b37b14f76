"""The language server speaks the language of the words a rule file is written in: a file
whose first word is Russian gets Russian diagnostics, any other English (quotes and comments,
Russian in every seed, say nothing of the file's words)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")

from kozel.lsp.server import diagnostics_of  # noqa: E402
from kozel.lsp.lang import document_lang  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RUSSIAN_WORDS = 'вариант {\n  игроки 2..4\n}\n'  # the variant's name left out
MIXED_WORDS = 'вариант x "t" {\n  players 2..4\n}\n'
BROKEN = '-- правила клуба\nvariant x "Клуб" {\n  players 2..4\n  deal: 7 +\n}\n'


def test_a_file_in_russian_words_is_answered_in_russian() -> None:
    (found,) = diagnostics_of(RUSSIAN_WORDS, "file:///tmp/club.kozel")
    message, hint = found.message.split("\n")
    assert message.startswith("неожиданный элемент: '{'; ожидалось: имя варианта")
    assert hint.startswith("подсказка: у варианта должно быть имя: `вариант ")


def test_an_english_word_in_a_russian_file_is_named_in_russian() -> None:
    (found,) = diagnostics_of(MIXED_WORDS, "file:///tmp/club.kozel")
    assert found.message.startswith("'players' — слово английского написания")
    assert found.message.endswith("пишите 'игроки'")


def test_russian_quotes_and_comments_leave_a_file_english() -> None:
    (found,) = diagnostics_of(BROKEN, "file:///tmp/club.kozel")
    assert found.message.startswith("incomplete line: expected a value")


@pytest.mark.parametrize("name", ["minsk", "pairs", "kozel-classic", "gambler-1v1"])
def test_the_seeds_are_written_in_english_words(name: str) -> None:
    text = (ROOT / "spec" / "variants" / f"{name}.kozel").read_text(encoding="utf-8")
    assert document_lang(text) == "en"
    russian = re.sub(r"^variant ", "вариант ", text, count=1, flags=re.M)
    assert document_lang("# комментарий\n" + russian) == "ru"
