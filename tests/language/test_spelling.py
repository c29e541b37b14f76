"""The Russian spelling of the rule language (interpreter/language/spelling.py, respell.py):
`kozel fmt --lang` round-trips every golden and seed file, a Russian file gives the model of its
English spelling, and its errors speak of the words it uses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.language.errors import RuleFileError
from interpreter.language.parser import parse_text
from interpreter.language.resolve import load_paths, parse_variant_file
from interpreter.language.respell import respell
from interpreter.language.spelling import keywords, names, spelling_of, table
from kozel.cli import main

ROOT = Path(__file__).parents[2]
SEEDS = sorted((ROOT / "spec" / "variants").glob("*.kozel"))
HOUSE_RU = ROOT / "tests" / "golden" / "good" / "house-ru.kozel"


def _parses(path: Path) -> bool:
    try:
        parse_text(path.read_text(encoding="utf-8"), str(path))
    except (RuleFileError, UnicodeDecodeError):
        return False
    return True


# the golden bad files and the corpus's hostile files that do not parse cannot be respelled
# (respell refuses them with their own errors); every file that parses is round-tripped
RULE_FILES = [p for p in sorted(ROOT.glob("tests/**/*.kozel")) + SEEDS if _parses(p)]


def test_the_files_that_parse_are_most_of_them() -> None:
    assert len(RULE_FILES) >= 80
    assert set(SEEDS) <= set(RULE_FILES) and HOUSE_RU in RULE_FILES


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_respelling_round_trips_and_keeps_the_model(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    other = "en" if spelling_of(text) == "ru" else "ru"
    respelled = respell(text, other, str(path))
    assert spelling_of(respelled) == other
    assert respell(respelled, spelling_of(text), str(path)) == text
    # the syntax trees are equal (positions are not compared: they move with the words)
    assert parse_text(respelled, str(path)) == parse_text(text, str(path))


def test_respelling_keeps_comments_quotes_and_layout() -> None:
    text = (ROOT / "spec" / "variants" / "minsk.kozel").read_text(encoding="utf-8")
    russian = respell(text, "ru")
    assert russian.count("\n") == text.count("\n")
    for line, spelled in zip(text.split("\n"), russian.split("\n")):
        assert len(line) - len(line.lstrip()) == len(spelled) - len(spelled.lstrip())
        if line.lstrip().startswith("--"):
            assert spelled == line
        assert spelled.count('"') == line.count('"')
    assert "первый ход матча: владелец(1-1)" in russian
    assert "пересдача: никогда в остальных случаях" in russian
    assert "when" not in russian.replace('"', "\n").split("\n")[0]


def test_the_russian_seeds_resolve_to_the_english_models(tmp_path: Path) -> None:
    for seed in SEEDS:
        spelled = respell(seed.read_text(encoding="utf-8"), "ru")
        (tmp_path / seed.name).write_text(spelled, encoding="utf-8")
    english, english_names = load_paths([ROOT / "spec" / "variants"])
    russian, russian_names = load_paths([tmp_path])
    assert russian_names == english_names and len(english_names) >= 4
    for name in english_names:
        assert russian.resolve(name) == english.resolve(name), name


def test_the_russian_house_rule_is_the_house_rule_written_in_english() -> None:
    russian = parse_variant_file(HOUSE_RU)
    english_text = respell(HOUSE_RU.read_text(encoding="utf-8"), "en")
    assert english_text.startswith("-- Домашние правила")  # comments stay as written
    assert 'use "../../../spec/variants/minsk.kozel"' in english_text
    assert "replace lead match: holder(1-1) when 1-1 in dealt" in english_text
    club = russian[0]
    assert club.parent == "minsk"
    assert {o.name: o.default for o in club.options}["target"] == 300


def test_kozel_fmt_prints_the_file_in_the_spelling_asked(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", str(HOUSE_RU), "--lang", "en"]) == 0
    english = capsys.readouterr().out
    assert "variant minsk-club" in english and "several goats: yes" in english
    assert main(["fmt", str(HOUSE_RU), "--lang", "ru"]) == 0
    assert capsys.readouterr().out == HOUSE_RU.read_text(encoding="utf-8")


def test_kozel_fmt_of_a_broken_file_is_a_positioned_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.kozel"
    broken.write_text("variant v {\n  deal 7\n}\n", encoding="utf-8")
    assert main(["fmt", str(broken), "--lang", "ru"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "broken.kozel:2:8: ошибка:" in captured.err and "Traceback" not in captured.err


@pytest.mark.parametrize("gap", [" -- who\n ", "\t", "  "])
def test_a_phrase_whose_gap_could_not_come_back_is_refused_with_its_place(gap: str) -> None:
    text = f"variant v {{\n  players 2\n  lead{gap}match: seat(0)\n}}\n"
    with pytest.raises(RuleFileError) as error:
        respell(text, "ru", "split.kozel")
    assert "split.kozel:3:3: error: cannot respell 'lead match'" in str(error.value)


def test_a_russian_extends_with_a_wide_gap_is_refused_too() -> None:
    with pytest.raises(RuleFileError):
        respell("вариант v на  основе minsk {\n}\n", "en")


def test_a_russian_file_with_an_english_keyword_is_told_its_spelling() -> None:
    text = "вариант v {\n  игроки 2\n  раздача: 7 when игроков = 2\n}\n"
    with pytest.raises(RuleFileError) as error:
        parse_text(text, "mixed.kozel")
    diagnostic = error.value.diagnostics[0]
    assert (diagnostic.line, diagnostic.column) == (3, 14)
    assert "'when' is a word of the English spelling" in diagnostic.message
    assert "write 'когда'" in diagnostic.message
    assert "'when' — слово английского написания" in diagnostic.message.in_lang("ru")


def test_a_russian_file_with_an_english_name_is_told_its_spelling() -> None:
    text = "вариант v {\n  игроки 2\n  раздача: 7 когда players = 2\n}\n"
    with pytest.raises(RuleFileError) as error:
        parse_text(text, "mixed.kozel")
    diagnostic = error.value.diagnostics[0]
    assert (diagnostic.line, diagnostic.column) == (3, 20)
    assert "write 'игроков'" in diagnostic.message


def test_a_misspelt_russian_slot_gets_a_russian_suggestion() -> None:
    text = "вариант v {\n  игроки 2\n  раздачя: 7\n}\n"
    with pytest.raises(RuleFileError) as error:
        parse_text(text, "typo.kozel")
    message = error.value.diagnostics[0].message
    assert "unknown rule slot 'раздачя' (did you mean 'раздача'?)" == message
    assert "(может быть, 'раздача'?)" in message.in_lang("ru")


def test_a_russian_files_syntax_error_names_russian_words() -> None:
    text = "вариант v {\n  игроки 2\n  раздача: если первый_раунд 7 иначе 6\n}\n"
    with pytest.raises(RuleFileError) as error:
        parse_text(text, "if.kozel")
    diagnostic = error.value.diagnostics[0]
    assert "expected `то`" in diagnostic.message
    assert "then" not in diagnostic.message + diagnostic.hint


def test_an_example_value_in_a_message_is_in_the_files_spelling() -> None:
    text = "вариант v {\n  игроки 2\n  раздача: 7 +\n}\n"
    with pytest.raises(RuleFileError) as error:
        parse_text(text, "plus.kozel")
    message = error.value.diagnostics[0].message
    assert "сумма_очков(рука)" in message and "pips(hand)" not in message
    assert "сумма_очков(рука)" in message.in_lang("ru")


def test_the_table_is_one_to_one_in_both_directions() -> None:
    for part in ("keywords", "names"):
        pairs = table()[part]
        assert len(set(pairs.values())) == len(pairs), part
    assert keywords("ru", "en")["первый ход матча"] == "lead match"
    assert names("ru", "en")["рука"] == "hand"


def test_the_spelling_is_the_first_words() -> None:
    assert spelling_of("-- комментарий\n\nвариант v {}") == "ru"
    assert spelling_of('\ufeffподключить "a.kozel"') == "ru"
    assert spelling_of("variant v {}") == "en"
    assert spelling_of("") == "en"


def test_the_russian_seed_checks_as_the_english_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker's report of a Russian spelling is the English one's but for columns."""
    seed = ROOT / "spec" / "variants" / "gambler-1v1.kozel"
    (tmp_path / "spec" / "variants").mkdir(parents=True)
    (tmp_path / "spec" / "sources").symlink_to(ROOT / "spec" / "sources")
    russian = tmp_path / "spec" / "variants" / seed.name
    russian.write_text(respell(seed.read_text(encoding="utf-8"), "ru"), encoding="utf-8")
    reports = []
    for folder in (ROOT, tmp_path):
        monkeypatch.chdir(folder)
        main(["check", "spec/variants/gambler-1v1.kozel", "--format", "json"])
        reports.append(json.loads(capsys.readouterr().out))
    english, spelled = (_without_columns(r) for r in reports)
    assert spelled == english


def _without_columns(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_columns(v) for k, v in value.items() if k != "column"}
    if isinstance(value, list):
        return [_without_columns(v) for v in value]
    return value


# Issue 45, items 1-4: fmt prints a file that means the same, or refuses with a position.
CLASH_BASE = """variant base "b" {
  players 2
  option игроков: 2 | 3 = 2
  deal: 7
  goat: total > 100 + игроков
}
"""


def test_a_name_that_is_a_word_of_the_other_spelling_is_refused_with_its_place() -> None:
    """`игроков` is the user's option in the English spelling; respelled into Russian it
    would be the built-in `players` (item 1)."""
    with pytest.raises(RuleFileError) as raised:
        respell(CLASH_BASE, "ru", "base.kozel")
    text = str(raised.value)
    assert "base.kozel:3:10" in text and "игроков" in text


@pytest.mark.parametrize("name", ["рука", "сторона"])
def test_an_option_named_like_a_russian_term_is_refused_not_printed_broken(name: str) -> None:
    """Item 2: `option рука` printed a file that did not parse."""
    text = CLASH_BASE.replace("игроков", name)
    with pytest.raises(RuleFileError) as raised:
        respell(text, "ru", "base.kozel")
    assert f"base.kozel:3:10" in str(raised.value)


def test_a_respelled_file_means_the_same_model() -> None:
    """Every rule file of the repository, respelled both ways, parses to the same model."""
    root = Path(__file__).resolve().parents[2]
    files = sorted((root / "spec").rglob("*.kozel")) + sorted((root / "tests" / "golden")
                                                               .rglob("*.kozel"))
    checked = 0
    for file in files:
        try:
            text = file.read_text(encoding="utf-8")
            model = parse_text(text, str(file))
        except (RuleFileError, UnicodeDecodeError):
            continue  # a file kept broken on purpose
        for lang in ("ru", "en"):
            assert parse_text(respell(text, lang, str(file)), str(file)) == model, (file, lang)
        checked += 1
    assert checked >= 8


def test_fmt_keeps_crlf_a_bom_and_unusual_characters_byte_for_byte(tmp_path: Path) -> None:
    """Items 3 and 4: fmt wrote each CR as `\\u000d`, dropped the BOM and escaped U+202E."""
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[2]
    body = ('variant odd "o" {\r\n  players 2\r\n  deal: 7\r\n'
            '      assume "a \u202e mark, a \u200b space, a \u2028 line"\r\n}\r\n')
    file = tmp_path / "odd.kozel"
    file.write_bytes(("\ufeff" + body).encode("utf-8"))
    env = {"PYTHONPATH": str(root), "KOZEL_CACHE_DIR": "", "PATH": "/usr/bin:/bin"}
    there = subprocess.run([sys.executable, "-m", "kozel.cli", "fmt", str(file), "--lang", "ru"],
                           capture_output=True, env=env, timeout=120)
    assert there.returncode == 0, there.stderr
    assert there.stdout.startswith("\ufeff".encode("utf-8")) and b"\\u" not in there.stdout
    assert b"\r\n" in there.stdout and "\u202e".encode("utf-8") in there.stdout
    russian = tmp_path / "odd.ru.kozel"
    russian.write_bytes(there.stdout)
    back = subprocess.run([sys.executable, "-m", "kozel.cli", "fmt", str(russian), "--lang",
                           "en"], capture_output=True, env=env, timeout=120)
    assert back.returncode == 0 and back.stdout == file.read_bytes(), back.stderr
