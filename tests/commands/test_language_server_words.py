"""The language server's completion and hover speak the file's spelling (a real `kozel-lsp`
process over stdio): a Russian file is offered Russian words, an English one English words, and
what a word means is said in the file's language."""

from __future__ import annotations

from pathlib import Path

import re

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")

from lsp_session import Session  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RUSSIAN = "вариант v на основе minsk {\n  первый ход матча: владелец(1-1) когда первый_раунд\n}\n"
ENGLISH = "variant v extends minsk {\n  lead match: holder(1-1) when first\n}\n"


def _details(lsp: Session, uri: str) -> dict[str, str | None]:
    answer = lsp.request("textDocument/completion", {
        "textDocument": {"uri": uri}, "position": {"line": 1, "character": 2}})
    result = answer["result"]
    items = result["items"] if isinstance(result, dict) else result
    return {item["label"]: item.get("detail") for item in items}


def _labels(lsp: Session, uri: str) -> set[str]:
    return set(_details(lsp, uri))


def _hover(lsp: Session, uri: str, line: int, character: int) -> str:
    answer = lsp.request("textDocument/hover", {
        "textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
    return (answer["result"] or {}).get("contents", {}).get("value", "")


def test_completion_and_hover_follow_the_files_spelling(tmp_path: Path) -> None:
    russian, english = (tmp_path / "ru.kozel").as_uri(), (tmp_path / "en.kozel").as_uri()
    with Session(ROOT) as lsp:
        lsp.open(russian, RUSSIAN)
        lsp.open(english, ENGLISH)
        offered = _labels(lsp, russian)
        assert {"первый ход матча", "когда", "владелец", "стоимость руки"} <= offered
        assert "when" not in offered and "lead match" not in offered
        offered = _labels(lsp, english)
        assert {"lead match", "when", "holder"} <= offered and "когда" not in offered
        slot = _hover(lsp, russian, 1, 9)
        assert slot.startswith("`первый ход матча` — `lead match`: кто делает первый ход")
        assert _hover(lsp, russian, 1, 22) == (
            "`владелец` — `holder`: место, у которого этот камень")
        assert _hover(lsp, english, 1, 14) == "`holder` — `владелец`: the seat holding the tile"
    assert lsp.code == 0 and "Traceback" not in lsp.log()


def test_a_russian_files_hovers_and_details_say_every_meaning_in_russian(tmp_path: Path) -> None:
    text = ("вариант v на основе minsk {\n"
            "  проигравшие раунд: сторона != команда(победитель) когда конец = выход\n}\n")
    russian, english = (tmp_path / "ru.kozel").as_uri(), (tmp_path / "en.kozel").as_uri()
    with Session(ROOT) as lsp:
        lsp.open(russian, text)
        lsp.open(english, ENGLISH)
        assert _hover(lsp, russian, 1, 22) == (
            "`сторона` — `side`: сторона, к которой применяется правило")
        assert _hover(lsp, russian, 1, 34).startswith("`команда` — `team`: сторона, к которой")
        assert _hover(lsp, russian, 1, 67) == (
            "`выход` — `out`: конец раунда: игрок вышел, положив последний камень")
        details = _details(lsp, russian)
        assert details["сумма_очков"] == "сумма очков камней"
        meant = {label: d for label, d in details.items() if d}
        assert len(meant) >= 80  # every slot and every term, function and symbol
        for label, detail in meant.items():  # Russian words; code quoted in the Russian spelling
            assert re.search("[а-яё]", detail) and not re.search(r"`[^`]*[a-z]", detail), label
        assert _details(lsp, english)["pips"] == "the sum of the pips of the tiles"
    assert lsp.code == 0 and "Traceback" not in lsp.log()


def test_the_english_meanings_are_the_vocabularys_own() -> None:
    """The catalogue's English of each built-in name is what slots.py says it means."""
    from interpreter.language import catalogue
    from kozel.lsp.words import english_meanings

    meanings = english_meanings()
    assert len(meanings) >= 60
    for name, meaning in meanings.items():
        assert catalogue.text(f"name meaning.{name}", "en") == meaning, name
