"""Hostile rule files and folders (issue 9): what is not a rule file is refused without being
read, a link in a folder is not followed to a file that is not a rule file, a lone CR ends a
line, any file name prints, and a check writes nothing where it runs.

The FIFO, the link to /dev/zero and the file name that is not UTF-8 are made here, in tmp_path.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kozel.cli import main
from interpreter.language.errors import RuleFileError
from interpreter.language.resolve import Library
from interpreter.language.rule_file import read_rule_file
from libraries import MINSK, resolve

ROOT = Path(__file__).resolve().parents[2]


def errors_of(text: str) -> list[str]:
    """The diagnostics of a text as `line:col: message`."""
    with pytest.raises(RuleFileError) as caught:
        resolve(text)
    return [f"{d.line}:{d.column}: {d.message}" for d in caught.value.diagnostics]


def test_a_fifo_and_a_link_to_a_device_are_refused_without_reading(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "x.kozel")
    (tmp_path / "z.kozel").symlink_to("/dev/zero")
    for name in ("x.kozel", "z.kozel"):
        with pytest.raises(RuleFileError, match="is not a regular file"):
            read_rule_file(tmp_path / name)
    started = time.monotonic()
    assert main(["check", "--playouts", "0", str(tmp_path)]) == 1
    assert time.monotonic() - started < 10


def test_a_file_growing_past_the_limit_is_read_only_up_to_it(tmp_path: Path) -> None:
    path = tmp_path / "big.kozel"
    path.write_bytes(b"-" * 3_000_000)
    with pytest.raises(RuleFileError, match="more than 1000000 bytes"):
        read_rule_file(path)


def test_thousands_of_unknown_parents_each_get_their_error() -> None:
    """Each of 2000 variants naming an unknown parent fails alone, with its own name; how the
    time grows with their number is a benchmark (benchmarks/unknown_parents.py)."""
    text = "".join(f"variant v{i} extends parent{i} {{ }}\n" for i in range(2000))
    library = Library()
    for decl in library.add_text(text, "many.kozel"):
        with pytest.raises(RuleFileError, match=f"unknown variant.*parent{decl.name[1:]}"):
            library.resolve(decl.name)


def test_a_lone_cr_ends_a_comment_and_a_line() -> None:
    library = resolve("variant t extends minsk { -- a comment\r  deal: 5\r}\r")
    assert library.resolve("t").cases("deal")[0].value.value == 5  # type: ignore[union-attr]
    assert errors_of("variant t extends minsk {\r  -- c\r  deal:\r}\r") == [
        "3:8: incomplete line: expected `unspecified` or a value (like 7, 3-5 or pips(hand)) "
        "after ':'"]


def test_a_file_name_that_is_not_utf8_prints_on_a_strict_terminal(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    with open(os.path.join(folder, b"bad\xff.kozel"), "wb") as file:
        file.write(b"variant v { deal: }\n")
    done = subprocess.run([sys.executable, "-m", "kozel.cli", "check", "."], cwd=tmp_path,
                          capture_output=True, env={**os.environ, "PYTHONIOENCODING":
                                                    "utf-8:strict"}, timeout=60)
    assert done.returncode == 1, done.stderr
    assert b"bad\\xff.kozel:1:19: error: unexpected '}'" in done.stderr


SHADOW = "root:$6$SECRETHASH:19000:0:99999:7:::\n"


def test_a_link_in_a_checked_folder_is_not_followed_to_a_file_that_is_no_rule_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder is read for every `*.kozel` in it: a link `x.kozel` → /etc/shadow printed that
    file's first line in the error excerpt. A link to a rule file is still read."""
    (tmp_path / "shadow").write_text(SHADOW, encoding="utf-8")
    (tmp_path / "real.kozel").write_text("variant linked {\n  players two\n}\n", encoding="utf-8")
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "x.kozel").symlink_to(tmp_path / "shadow")
    (folder / "shadow.kozel").symlink_to(tmp_path / "shadow")  # a parent looked for by name
    (folder / "child.kozel").write_text("variant child extends shadow {\n}\n", encoding="utf-8")
    (folder / "y.kozel").symlink_to(tmp_path / "real.kozel")
    assert main(["check", "--playouts", "0", str(folder)]) == 1
    said = capsys.readouterr()
    assert "SECRETHASH" not in said.out + said.err
    assert "y.kozel:2:" in said.out + said.err  # the link to a rule file: read, its error shown
    assert "child.kozel:1:" in said.out + said.err  # its parent is not found


def test_an_empty_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", ""]) == 2
    assert "an empty path names no file or folder" in capsys.readouterr().err


def test_another_checkout_as_the_current_folder_does_not_clash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "spec" / "variants").mkdir(parents=True)
    for seed in (ROOT / "spec" / "variants").glob("*.kozel"):
        (tmp_path / "spec" / "variants" / seed.name).write_bytes(seed.read_bytes())
    monkeypatch.chdir(tmp_path)
    from kozel.loading import load_variant_arg, spec_dirs

    assert (tmp_path / spec_dirs()[0]).resolve() == tmp_path / "spec" / "variants"
    variant = load_variant_arg("gambler-1v1")  # found once, in the current folder's copy
    assert variant.name == "gambler-1v1"
    assert (tmp_path / variant.file).resolve().parent == tmp_path / "spec" / "variants"


def test_playouts_keep_hypothesis_storage_out_of_the_current_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from hypothesis import configuration

    import checks.questions.playouts as playouts
    from interpreter.language.resolve import parse_variant_file

    homes: list[Path] = []
    real = playouts.play_one

    def spy(*args: object, **kwargs: object) -> object:
        homes.append(configuration.storage_directory("constants", intent_to_write=False).path)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(playouts, "play_one", spy)
    playouts.run_playouts(parse_variant_file(MINSK)[0], 3, fish_equal=False)
    assert homes and not any(Path.cwd() in home.parents for home in homes)
    assert not homes[0].parent.exists()  # a temporary folder, removed afterwards

