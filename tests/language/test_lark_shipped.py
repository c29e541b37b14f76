"""The parser's tables made ahead of time (interpreter/language/lark_shipped.py), as the
playground's worker uses them: the parser they give reads every seed and golden file exactly
as the parser built from the grammar does; tables of another grammar, or cut short, are not
used (the parser is built instead)."""

from __future__ import annotations

from pathlib import Path

import lark
import pytest

from interpreter.language.lark_shipped import SHIPPED_ENV, shipped_lark
from interpreter.language.parser import parser_tables
from interpreter.language.parser import _OPTIONS, grammar_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tables") / "grammar.tables"
    path.write_bytes(parser_tables())
    return path


def _files() -> list[Path]:
    found = sorted((ROOT / "spec" / "variants").glob("*.kozel"))
    return found + sorted((ROOT / "tests" / "corpus").rglob("*.kozel"))


def _tree(parser: lark.Lark, text: str) -> object:
    try:
        return parser.parse(text)
    except lark.exceptions.LarkError as error:  # the same error at the same place
        return (type(error).__name__, getattr(error, "line", None), getattr(error, "column", None))


def test_the_shipped_tables_parse_every_file_as_the_built_parser(
        tables: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SHIPPED_ENV, str(tables))
    shipped = shipped_lark(grammar_text(), _OPTIONS)
    assert shipped is not None
    built = lark.Lark(grammar_text(), **_OPTIONS)
    files = _files()
    assert len(files) >= 10
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert _tree(shipped, text) == _tree(built, text), path


def test_tables_of_another_grammar_or_cut_short_are_not_used(
        tables: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SHIPPED_ENV, str(tables))
    assert shipped_lark(grammar_text() + "\n// changed\n", _OPTIONS) is None
    cut = tmp_path / "cut.tables"
    cut.write_bytes(tables.read_bytes()[:1000])
    monkeypatch.setenv(SHIPPED_ENV, str(cut))
    assert shipped_lark(grammar_text(), _OPTIONS) is None
    monkeypatch.setenv(SHIPPED_ENV, str(tmp_path / "missing"))
    assert shipped_lark(grammar_text(), _OPTIONS) is None


def _spellings() -> list[str]:
    from interpreter.language.spelling import russian_grammar

    return [grammar_text(), russian_grammar(grammar_text())]


def test_the_package_holds_the_tables_of_both_spellings_and_no_others() -> None:
    from interpreter.language.lark_shipped import PACKAGED, packaged_file

    wanted = {packaged_file(grammar, _OPTIONS) for grammar in _spellings()}
    missing = sorted(p.name for p in wanted if not p.is_file())
    assert not missing, ("the grammar changed: write its tables anew with "
                         "`python -m interpreter.language.write_tables`")
    assert set(PACKAGED.glob("*.tables")) == wanted


def test_the_packages_tables_parse_every_file_as_the_built_parser(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SHIPPED_ENV, raising=False)
    packaged = shipped_lark(grammar_text(), _OPTIONS)
    assert packaged is not None
    built = lark.Lark(grammar_text(), **_OPTIONS)
    for path in _files():
        text = path.read_text(encoding="utf-8")
        assert _tree(packaged, text) == _tree(built, text), path


def test_a_command_without_a_cache_builds_no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    from interpreter.language.lark_cache import cached_lark

    monkeypatch.delenv(SHIPPED_ENV, raising=False)
    monkeypatch.setenv("KOZEL_CACHE_DIR", "")  # no cache folder at all: a CI's first run

    def build() -> lark.Lark:
        raise AssertionError("the parser was built, though the package has its tables")

    for grammar in _spellings():
        assert isinstance(cached_lark(grammar, _OPTIONS, build), lark.Lark)
