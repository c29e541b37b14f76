"""Citations as a contract (issue 34): a source is a readable text inside the rule file's folder
(or a seed source, or a folder named with --sources), every cite is found in it, and what is
refused shows nothing of the file. The golden bad files hold the plain cases; the links, the
FIFO, the oversized file and the folders are made here, in tmp_path."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from checks.questions.defaults import DEFAULTS
from interpreter.language.concordance import concordance
from interpreter.language.errors import RuleFileError
from interpreter.language.resolve import Library, load_paths
from interpreter.language.source_texts import MAX_SOURCE_BYTES, normalised
from interpreter.language.stated import STATED_DEFAULTS
from kozel.cli import main
from kozel.loading import new_library, rule_file_errors
from kozel.lsp.files import FileMemory

ROOT = Path(__file__).resolve().parents[2]
SECRET = "корень-пароль-42"  # the text of a file no rule file may show

RULES = """
  sides: individual
  deal: 7
  draw: none
  lead match: seat(0)
  lead round: winner
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner)
  score: 0
  goat: total > 100
}
"""


def rule_file(folder: Path, head: str, name: str = "house") -> Path:
    """A complete two-player variant whose first lines are `head`, written to folder."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.kozel"
    path.write_text(f'variant {name} "t" {{\n{head}\n  players 2 cite "Играют двое."' + RULES,
                    encoding="utf-8")
    return path


def errors_of(path: Path, library: Library | None = None) -> list[str]:
    """`line:column: message` of each error resolving the file's first variant."""
    library = library or new_library()
    with pytest.raises(RuleFileError) as caught:
        library.resolve(library.add_file(path)[0].name)
    return [f"{d.line}:{d.column}: {d.message}" for d in caught.value.diagnostics]


def test_a_link_out_of_the_folder_is_refused_and_nothing_of_its_target_is_shown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "secret.txt").write_text(f"Играют двое. {SECRET}\n", encoding="utf-8")
    folder = tmp_path / "rules"
    path = rule_file(folder, '  source "text.txt"\n  aside "x" from "other.txt" because remark')
    (folder / "text.txt").symlink_to(tmp_path / "secret.txt")
    (folder / "other.txt").symlink_to(tmp_path / "secret.txt")
    assert errors_of(path) == [
        "2:3: source text text.txt is outside the rule file's folder",
        "3:3: source text other.txt is outside the rule file's folder"]
    assert main(["check", "--playouts", "0", str(path)]) == 1
    captured = capsys.readouterr()
    assert SECRET not in captured.out + captured.err and "Traceback" not in captured.err


def test_a_fifo_and_an_oversized_source_are_refused_without_reading_them(
        tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.txt")
    with open(tmp_path / "huge.txt", "wb") as huge:  # sparse: no disk is written
        huge.truncate(MAX_SOURCE_BYTES + 1)
    started = time.monotonic()
    assert errors_of(rule_file(tmp_path, '  source "fifo.txt"', "a")) == [
        "2:3: source text fifo.txt is not a regular file"]
    assert time.monotonic() - started < 10  # the FIFO was never opened for a blocking read
    assert errors_of(rule_file(tmp_path, '  source "huge.txt"', "b")) == [
        f"2:3: source text huge.txt is too large (more than {MAX_SOURCE_BYTES} bytes)"]


def test_a_cite_is_compared_with_quotes_e_dashes_and_line_breaks_written_alike(
        tmp_path: Path) -> None:
    (tmp_path / "text.txt").write_text(
        "Играют двое.\nКто «стучит» трижды — тот\nещё ходит.\n", encoding="utf-8")
    path = rule_file(tmp_path, '  source "text.txt"\n'
                               '  pass: no cite "Кто \\"стучит\\" трижды - тот еще ходит."')
    library = new_library()
    variant = library.resolve(library.add_file(path)[0].name)
    assert variant.source_file == str(tmp_path.resolve() / "text.txt")
    assert normalised("«ё» – —\n ‐") == '"е" - - -'
    entries = concordance(variant).entries  # type: ignore[union-attr]
    assert [e.sentence.text for e in entries if e.rules] == [
        "Играют двое.", "Кто «стучит» трижды — тот ещё ходит."]  # the sentence as written


def test_inherited_cites_are_checked_against_the_parents_source(tmp_path: Path) -> None:
    (tmp_path / "base" / "base.txt").parent.mkdir()
    (tmp_path / "base" / "base.txt").write_text("Играют двое. По семь камней.\n",
                                                encoding="utf-8")
    rule_file(tmp_path / "base", '  source "base.txt"\n  deal: 6 cite "По шесть камней."',
              "parent")
    child = tmp_path / "house" / "child.kozel"
    child.parent.mkdir()
    child.write_text('use "../base/parent.kozel"\nvariant child "t" extends parent {\n'
                     '  lead match: seat(1) cite "По семь камней."\n}\n', encoding="utf-8")
    library = new_library()
    with pytest.raises(RuleFileError) as caught:
        library.resolve(library.add_file(child)[0].name)
    (error,) = caught.value.diagnostics  # the child's own cite quotes its parent's text
    assert (Path(error.file).name, error.line, error.message) == (
        "parent.kozel", 3, "`cite`: these words are not in base.txt")
    assert error.hint.endswith("«По семь камней.»")


def test_a_source_in_another_folder_is_read_only_when_named_with_sources(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "ours.txt").write_text("Играют двое.\n", encoding="utf-8")
    path = rule_file(tmp_path / "rules", '  source "ours.txt"')
    assert errors_of(path) == ["2:3: no source text ours.txt in the rule file's folder, "
                               "below it or among the seed sources"]
    library = new_library(source_folders=[texts])
    assert library.resolve(library.add_file(path)[0].name).source_file is not None
    assert main(["play", str(path), "--sources", str(tmp_path / "none")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_cites_without_a_source_are_said_once_to_be_unchecked(tmp_path: Path) -> None:
    path = rule_file(tmp_path, "")
    library, errors = rule_file_errors(path, FileMemory())  # as the language server loads it
    (notes,) = errors
    (note,) = notes.diagnostics
    assert (note.severity, note.line, note.message) == (
        "note", 1, "variant 'house' has cites but no source text to check them against: "
                   "they are unchecked")
    library.resolve("house")  # resolved again, said once
    assert len(library.notes) == 1


def test_the_playground_says_its_cites_are_unchecked() -> None:
    from kozel.publish.playground import api

    text = 'variant p "t" {\n  players 2 cite "Играют двое."' + RULES
    (problem,) = api.problems(text, "en")
    assert (problem["severity"], problem["line"]) == ("warning", 1)
    assert "unchecked" in problem["message"]
    assert api.rulebook(text, "en")["ok"]  # a note does not refuse the text


def test_the_language_server_cannot_read_a_file_outside_the_folder(tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text(f"Играют двое. {SECRET}\n", encoding="utf-8")
    path = tmp_path / "rules" / "open.kozel"
    path.parent.mkdir()
    files = FileMemory()
    files.documents[path] = (f'variant d "t" {{\n  source "../secret.txt"\n'
                             f'  aside "{SECRET}" from "{tmp_path / "secret.txt"}" because remark\n'
                             f'  players 2 cite "{SECRET}"' + RULES)
    _, errors = rule_file_errors(path, files)
    found = [d for e in errors for d in e.diagnostics]
    assert [(d.line, d.severity) for d in found] == [(2, "error"), (3, "error")]
    assert all(SECRET not in d.message + d.hint for d in found)


def test_the_stated_defaults_are_the_checkers_defaults() -> None:
    assert set(STATED_DEFAULTS) == {d.slot for d in DEFAULTS}


def test_every_seed_variant_reads_its_source() -> None:
    library, names = load_paths([ROOT / "spec" / "variants"])
    for name in names:  # and every cite was found in it, or resolving would have failed
        assert library.resolve(name).source_file is not None, name


@pytest.mark.parametrize("page", ["tutorial.md", "tutorial.ru.md"])
def test_the_tutorials_cites_are_found_in_the_text_it_gives(tmp_path: Path, page: str) -> None:
    """A reader who saves the tutorial's corner.txt beside its variants gets no error."""
    import re

    from interpreter.language.spelling import keywords

    ru = keywords("en", "ru")  # the Russian tutorial writes its rules in the Russian spelling
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    given = re.search(rf"(?:source|{ru['source']}) \"corner.txt\".*?```text\n(.*?)```", text,
                      re.S)
    (tmp_path / "corner.txt").write_text(given.group(1),  # type: ignore[union-attr]
                                         encoding="utf-8")
    whole = [w for word in ("players", "extends") for w in (word, ru[word])]
    blocks = [b for b in re.findall(r"(?ms)^```kozel\n(.*?)^```", text)
              if any(w in b for w in whole)]
    library = new_library()
    for index, block in enumerate(blocks):
        (tmp_path / f"step{index}.kozel").write_text(block, encoding="utf-8")
        library.add_file(tmp_path / f"step{index}.kozel")
    cited = [library.resolve(name) for name in list(library.decls)]  # a parent joins decls
    assert len(cited) >= 2 and all(v.source_file for v in cited if v.source == "corner.txt")
    assert not library.notes


def test_a_house_rule_with_a_source_of_its_own_keeps_its_parents_cites_on_the_parents_text(
        tmp_path: Path) -> None:
    (tmp_path / "ours.txt").write_text("Играем по шесть камней.\n", encoding="utf-8")
    path = tmp_path / "six.kozel"
    path.write_text('variant six "t" extends minsk {\n  source "ours.txt"\n'
                    '  deal: 6 cite "Играем по шесть камней."\n}\n', encoding="utf-8")
    library = new_library()
    variant = library.resolve(library.add_file(path)[0].name)
    assert variant.source_file == str(tmp_path.resolve() / "ours.txt") and not library.notes
