"""Starting fast: short commands import only what they use, read only the files they need, and
keep the parser and parsed texts in a cache that can never make a run fail."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.language import lark_cache
from interpreter.language import parse_cache as parsing
from kozel.loading import new_library, split_variant_arg, variants_named
from interpreter.language.parser import grammar_text
from interpreter.language.parser import parse_text as parse_uncached

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("z3", "hypothesis", "mkdocs", "kozel.publish", "checks")
MODULES = ("import json, sys\nfrom kozel.cli import main\nmain({argv!r})\n"
           "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")


def _modules_after(argv: list[str], cache: Path) -> set[str]:
    """The modules a kozel command imported, in a fresh process (stdout is the command's)."""
    env = {**os.environ, "KOZEL_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", MODULES.format(argv=argv)], env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [
    ["simulate", "minsk", "--matches", "2"],
    ["play", "pairs", "--seed", "3"],
])
def test_play_and_simulate_import_neither_the_checker_nor_the_docs(
        argv: list[str], tmp_path: Path) -> None:
    first = _modules_after(argv, tmp_path)
    assert not {m for m in first for heavy in HEAVY if m == heavy or m.startswith(heavy + ".")}
    again = _modules_after(argv, tmp_path)  # the texts are parsed: Lark is not even imported
    assert "lark" in first and "lark" not in again


def test_a_name_reads_only_its_file_and_its_parents() -> None:
    library = new_library()
    assert variants_named(library, split_variant_arg("pairs")) == ["pairs"]
    library.resolve("pairs")
    assert sorted(Path(f).name for f in library.lines) == ["minsk.kozel", "pairs.kozel"]


def test_a_corrupt_cache_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    text = (ROOT / "spec" / "variants" / "minsk.kozel").read_text(encoding="utf-8")
    assert parsing.parse_text(text, "minsk.kozel") == parse_uncached(text, "minsk.kozel")
    options = {"parser": "lalr"}
    grammar = lark_cache.cache_file(grammar_text(), options)
    kept = list((tmp_path / "front-end").glob("parsed-*"))
    assert grammar is not None and len(kept) == 1
    for file, junk in ((kept[0], b"\x80\x04garbage"), (grammar, b"not a parser")):
        file.write_bytes(junk)
    assert parsing.parse_text(text, "minsk.kozel") == parse_uncached(text, "minsk.kozel")
    assert kept[0].read_bytes() != b"\x80\x04garbage"  # and the entry is repaired
    built = lark_cache.cached_lark(grammar_text(), options,
                                   lambda: __import__("lark").Lark(grammar_text(), **options))
    assert built.parse('variant v { deal: 7 }') is not None
    assert grammar.read_bytes() != b"not a parser"


def test_a_cache_folder_that_cannot_be_written_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a-file").write_text("in the way")
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path / "a-file" / "cache"))
    text = "variant v { players 2\n deal: 7 }\n"
    assert parsing.parse_text(text, "v.kozel") == parse_uncached(text, "v.kozel")
    assert parsing.keywords() >= {"variant", "when", "use"}


def test_texts_with_errors_are_never_cached(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    from interpreter.language.errors import RuleFileError

    for _ in range(2):
        with pytest.raises(RuleFileError, match="unexpected"):
            parsing.parse_text("variant v { deal 7 }", "v.kozel")
    assert not list(tmp_path.rglob("parsed-*"))


def test_texts_made_in_memory_leave_nothing_behind(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    from interpreter.language.resolve import Library

    Library().add_text("variant v { players 2\n deal: 7 }\n", "v.kozel")
    assert not list(tmp_path.rglob("parsed-*"))


def test_the_cache_keeps_a_bounded_number_of_entries(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(parsing, "KEPT", 3)
    for n in range(6):
        parsing.parse_text(f"variant v{n} {{ players 2 }}\n", "v.kozel")
    assert len(list((tmp_path / "front-end").iterdir())) == 3  # trees, tables, keywords
