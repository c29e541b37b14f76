"""The language server's completion and hover speak the file's spelling (a real `kozel-lsp`
process over stdio): a Russian file is offered Russian words, an English one English words."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")

from lsp_session import Session  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RUSSIAN = "вариант v на основе minsk {\n  первый ход матча: владелец(1-1) когда первый_раунд\n}\n"
ENGLISH = "variant v extends minsk {\n  lead match: holder(1-1) when first\n}\n"


def _labels(lsp: Session, uri: str) -> set[str]:
    answer = lsp.request("textDocument/completion", {
        "textDocument": {"uri": uri}, "position": {"line": 1, "character": 2}})
    result = answer["result"]
    items = result["items"] if isinstance(result, dict) else result
    return {item["label"] for item in items}


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
        assert _hover(lsp, russian, 1, 22) == "`владелец` — `holder`: the seat holding the tile"
        assert _hover(lsp, english, 1, 14).startswith("`holder` — `владелец`")
    assert lsp.code == 0 and "Traceback" not in lsp.log()
