"""A rule file's errors in Russian: every message and hint of the front end's catalogue has both
languages with the same placeholders, `kozel check --lang ru` says each golden bad file's errors
in Russian (its English output is the golden files', unchanged), and the playground's
`problems(text, "ru")` does too."""

from __future__ import annotations

import pickle
import re
import string
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "commands"))

from kozel.publish.playground import api  # noqa: E402
from kozel.cli import main  # noqa: E402
from interpreter.language.errors import RuleFileError  # noqa: E402
from interpreter.language.parse_cache import keywords  # noqa: E402
from interpreter.language.resolve import load_variant  # noqa: E402
from interpreter.language.said import Said  # noqa: E402
from interpreter.language.slots import (CLAIM_CONTEXTS, CONTEXTS, SYMBOLS,  # noqa: E402
                                        functions_for)
from interpreter.language.catalogue import sections  # noqa: E402
from test_russian_output import _names, english_words  # noqa: E402

BAD = sorted((ROOT / "tests" / "golden" / "bad").glob("*.kozel"))
HEAD = re.compile(r"^\S.*?:\d+:\d+: (ошибка|примечание): ")
HINT = "    подсказка: "
COMMENT_OR_TEXT = re.compile(r'--.*$|#.*$|"(?:[^"\\]|\\.)*"', re.M)


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_key_of_the_front_end_is_translated_with_the_same_placeholders() -> None:
    FRONT_EN, FRONT_RU = sections("en")["language"], sections("ru")["language"]
    assert set(FRONT_EN) == set(FRONT_RU)
    for key, english in FRONT_EN.items():
        assert _placeholders(FRONT_RU[key]) == _placeholders(english), key
        assert FRONT_RU[key] != english, f"{key}: not translated"
        assert re.search("[а-яё]", FRONT_RU[key]) or not re.search("[a-z]{2}", english), key


def _vocabulary() -> set[str]:
    """Words a Russian message may show as written: the language's keywords, terms, functions,
    symbols and claim contexts, and the seed variants' names (test_russian_output.py)."""
    words = set(keywords()) | set(SYMBOLS) | set(CLAIM_CONTEXTS) | _names()
    for context, terms in CONTEXTS.items():
        words |= set(terms) | set(functions_for(context))
    return {w for word in words for w in re.findall(r"[A-Za-z]+", word)}


def _written_names(path: Path) -> set[str]:
    """The Latin words a rule file writes outside its comments and quoted texts: its names."""
    text = path.read_bytes().decode("utf-8", "replace")
    return set(re.findall(r"[A-Za-z]+", COMMENT_OR_TEXT.sub(" ", text)))


@pytest.fixture(scope="module")
def vocabulary() -> set[str]:
    return _vocabulary()


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_a_bad_files_errors_are_russian(path: Path, vocabulary: set[str],
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Each message and hint of `kozel check FILE --lang ru` (not the quoted source line)."""
    monkeypatch.chdir(path.parent)
    assert main(["check", path.name, "--lang", "ru"]) == 1
    err = capsys.readouterr().err
    said = [HEAD.sub("", line) for line in err.splitlines() if HEAD.match(line)]
    said += [line[len(HINT):] for line in err.splitlines() if line.startswith(HINT)]
    assert said, err
    allowed = vocabulary | _written_names(path)
    found = {w: line for line in said for w in english_words(line, allowed)}
    assert not found, "\n".join(f"{w}: {line}" for w, line in found.items())
    assert all(re.search("[а-яё]", line) for line in said), said
    assert "Traceback" not in err and ": error: " not in err and "hint:" not in err


def _error(text: str) -> RuleFileError:
    with pytest.raises(RuleFileError) as raised:
        load_variant(text, "t.kozel")
    return raised.value


def test_a_diagnostic_keeps_its_english_value_and_renders_in_russian() -> None:
    error = _error("variant v {\n  players 2..4\n  deal: yes\n}\n")
    diagnostic = error.diagnostics[0]
    assert isinstance(diagnostic.message, Said)
    english = "t.kozel:1:9: error: variant 'v' has no rule for `sides`"
    assert str(error).startswith(english) and diagnostic.render() == diagnostic.render("en")
    russian = error.render("ru")
    assert russian.startswith("t.kozel:1:9: ошибка: у варианта 'v' нет правила для `sides`")
    assert "подсказка: напишите `sides: ...` (кто играет вместе" in russian
    assert "ошибка: значение `deal`: ожидается число, а 'yes' — да/нет" in russian


def test_a_said_message_crosses_a_process_in_both_languages() -> None:
    """Diagnostics are pickled to and from worker processes: nested words survive."""
    message = _error("variant v {\n  players 2..4\n  deal: targte\n}\n").diagnostics[-1].message
    copy = pickle.loads(pickle.dumps(message))
    assert (copy, copy.in_lang("ru")) == (message, message.in_lang("ru"))
    assert message.in_lang("ru") != str(message)


BROKEN = ("variant v extends minsk {\n  score: totl\n  fish: blocked;\n}\n")


def test_the_playgrounds_problems_are_russian(vocabulary: set[str]) -> None:
    english = api.problems(BROKEN, "en")
    russian = api.problems(BROKEN, "ru")
    assert [p["from"] for p in russian] == [p["from"] for p in english] and len(russian) >= 1
    assert english[0]["message"].startswith("unexpected character ';'")
    for problem in russian:
        for text in (problem["message"], problem["hint"]):
            assert not english_words(text, vocabulary | {"totl"}), text
        assert re.search("[а-яё]", problem["message"]), problem
    assert russian[0]["message"].startswith("неожиданный символ ';'")
    assert russian[0]["hint"] == "правилам не нужна `;`: начинайте каждое с новой строки"
    typed = api.problems("variant v extends minsk {\n  score: targte\n}\n", "ru")
    assert typed[0]["message"] == "неизвестное имя 'targte' (может быть, 'target'?)"


@pytest.mark.parametrize("command", [["simulate", "--matches", "1"], ["play"],
                                     ["diff", "minsk"], ["replay", "no-record.json"]],
                         ids=lambda c: c[0])
def test_every_command_with_lang_says_a_rule_files_errors_in_russian(
        command: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT / "tests" / "golden" / "bad")
    main([command[0], "cannot-compare.kozel", *command[1:], "--lang", "ru"])
    err = capsys.readouterr().err
    assert err.startswith("cannot-compare.kozel:5:32: ошибка: сравнить нельзя: слева число, "
                          "справа камень: 'players = 4-4'\n"), err


def test_the_systems_reason_a_file_cannot_be_read_is_said_in_russian(tmp_path: Path) -> None:
    """The English stays the system's own words; the Russian is the catalogue's."""
    from interpreter.language.rule_file import read_rule_file

    with pytest.raises(RuleFileError) as raised:
        read_rule_file(tmp_path / "missing.kozel")
    assert str(raised.value).endswith("error: cannot read file: no such file or directory")
    assert raised.value.render("ru").endswith(
        "ошибка: не удаётся прочитать файл: нет такого файла или папки")
