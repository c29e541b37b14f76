"""The parse cache is keyed by every file of the front end: change any one of them and no old
parse is served (a hand list of files once left two modules out)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.language import parse_cache
from interpreter.language.parse_cache import code_digest, front_end_files, front_end_key

PACKAGE = Path(parse_cache.__file__).parent
FILES = sorted(str(p.relative_to(PACKAGE)) for p in front_end_files())


def test_the_key_covers_the_grammar_and_every_module_of_the_package() -> None:
    assert "grammar.lark" in FILES and "words/spelling.json" in FILES
    assert set(FILES) >= {p.name for p in PACKAGE.glob("*.py")}
    # the two modules the old hand list had left out
    assert {"header_items.py", "open_options.py"} <= set(FILES)


@pytest.mark.parametrize("name", FILES)
def test_a_change_to_any_front_end_file_changes_the_key(tmp_path: Path, name: str) -> None:
    copy = tmp_path / "language"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = code_digest(copy)
    assert before == front_end_key()  # the key is the files', not the folder's
    with open(copy / name, "a", encoding="utf-8") as file:
        file.write("\n")
    assert code_digest(copy) != before


def test_a_new_module_changes_the_key(tmp_path: Path) -> None:
    copy = tmp_path / "language"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = code_digest(copy)
    (copy / "new_stage.py").write_text('"""A stage added to the front end."""\n')
    assert code_digest(copy) != before
