"""The concordance: every sentence of each seed's source text is cited by a rule or set aside
with its reason; the sentence splitter cuts the texts' tricky places as a reader would; an
aside that is not in its source, or that sets aside cited words, is a positioned error; a
source outside the rule file's folder (or the sources folder beside it) is never read."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.language.concordance import concordance
from interpreter.language.errors import RuleFileError
from interpreter.language.resolve import load_paths, parse_variant_file
from interpreter.language.sentences import flat, sentences

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "spec" / "sources"
SEEDS = ["gambler-1v1", "kozel-classic", "minsk", "pairs"]


def _texts(name: str) -> list[str]:
    return [s.text for s in sentences((SOURCES / name).read_text(encoding="utf-8"))]


@pytest.mark.parametrize("name", SEEDS)
def test_every_sentence_of_a_seed_source_is_accounted_for(name: str) -> None:
    library, _ = load_paths([ROOT / "spec" / "variants"])
    found = concordance(library.resolve(name))
    assert found is not None and len(found.entries) > 20
    left = [f"{e.sentence.line}: {e.sentence.text}" for e in found.unaccounted()]
    assert left == [], f"{name}: sentences neither cited nor set aside:\n" + "\n".join(left)


def test_the_sentences_cover_the_whole_text() -> None:
    for path in SOURCES.glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        assert " ".join(s.text for s in sentences(text)) == flat(text), path.name


def test_numbered_points_and_headings_stand_as_sentences() -> None:
    minsk = _texts("003_169c7b9a301fa0bf.txt")
    assert "2.1. Стандартное завершение раунда." in minsk
    assert '2.2. "Рыба"' in minsk  # a numbered heading without a full stop
    assert "Общие положения игры домино" in minsk  # a heading before a blank line
    classic = _texts("002_c37ba337215f8f87.txt")
    assert "Подготовка к игре" in classic and "Домино: базар" in classic  # no blank line after


def test_wrapped_lines_are_joined_and_abbreviations_do_not_end_a_sentence() -> None:
    pairs = _texts("004_0f4046d538d00262.txt")  # wrapped with blank lines mid-sentence
    assert ("Состоят из двух полей с определенными значениями (от 0-0 до 6-6) - обозначаются "
            "точками.") in pairs
    classic = _texts("002_c37ba337215f8f87.txt")
    assert ("Также в \"козла\" можно играть два на два, т. е. объединиться в команды.") in classic
    minsk = _texts("003_169c7b9a301fa0bf.txt")
    assert any(s.startswith("Делается в любой дубль (ход в 0-0 или 6-6 необязателен - см. "
                            "\"Подсчет очков\"), при его отсутствии") for s in minsk)


def test_lists_points_and_quotes() -> None:
    gambler = _texts("000_15f788aa8859e046.txt")
    assert "дупль 1-1, то ему запишут +2" in gambler  # each point of a list on its own
    assert "_Б. Установите 76 версию клиента гамблера." in gambler  # "_Б." numbers it
    assert any("надписи 1. Свободен и 2. Свободен" in s for s in gambler)
    assert any(s.endswith("и т. д.") for s in gambler)  # "т. д." before a capital ends
    assert 'Если очков поровну, например по 12, то эта сумма прибавится к результату ' \
           'следующей сдачи с надписью "Повисло очков: 24".' in gambler


RULES = """variant v {
  source "s.txt"
  players 2 cite "Играют двое."
  sides: individual
  deal: 7
  draw: none
  lead match: holder(1-1)
  lead round: winner
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: yes
  score: 0
  goat: total > 100
  ASIDE
}
"""


def _resolve(tmp_path: Path, aside: str) -> object:
    (tmp_path / "s.txt").write_text("Правила\n\nИграют двое. Удачи !\n", encoding="utf-8")
    (tmp_path / "v.kozel").write_text(RULES.replace("ASIDE", aside), encoding="utf-8")
    return parse_variant_file(tmp_path / "v.kozel")[0]


def test_an_aside_accounts_for_its_sentence(tmp_path: Path) -> None:
    variant = _resolve(tmp_path, 'aside "Правила" because heading\n  aside "Удачи !" '
                                 'because "прощание" ru "прощание"')
    found = concordance(variant)  # type: ignore[arg-type]
    assert found is not None and found.unaccounted() == []
    assert [e.asides for e in found.entries][0] == (("a heading", "заголовок"),)


def test_a_sentence_left_out_is_unaccounted(tmp_path: Path) -> None:
    found = concordance(_resolve(tmp_path, 'aside "Правила" because heading'))  # type: ignore
    assert [e.sentence.text for e in found.unaccounted()] == ["Удачи !"]


@pytest.mark.parametrize("aside,message", [
    ('aside "Удачи всем" because greeting', "`aside`: this text is not in s.txt"),
    ('aside "Играют двое." because remark', "`aside` of words that `players` on line 3 cites"),
    ('aside "Правила" because title', "not a kind of aside"),
])
def test_a_wrong_aside_is_an_error_at_its_line(tmp_path: Path, aside: str, message: str) -> None:
    with pytest.raises(RuleFileError) as error:
        _resolve(tmp_path, aside)
    diagnostic = error.value.diagnostics[0]
    assert message in diagnostic.message
    assert (diagnostic.line, diagnostic.column) == (15, 3)


SECRET = "Секретная строка из чужого файла."


@pytest.mark.parametrize("named", ["../outside.txt", "{outside}", "link.txt", "sub/../../outside.txt"])
def test_a_source_outside_the_rule_files_folder_is_never_read(tmp_path: Path, named: str) -> None:
    """A source is published whole (its page, the search index, the JSON report): a name that
    leads out of the rule file's folder, an absolute path or a link out is an error at the
    `source` line that shows nothing of the file."""
    outside = tmp_path / "outside.txt"
    outside.write_text(SECRET + "\n", encoding="utf-8")
    folder = tmp_path / "rules"
    (folder / "sub").mkdir(parents=True)
    (folder / "link.txt").symlink_to(outside)
    name = named.format(outside=outside)
    (folder / "v.kozel").write_text(RULES.replace('"s.txt"', f'"{name}"').replace("ASIDE", ""),
                                    encoding="utf-8")
    with pytest.raises(RuleFileError) as error:
        parse_variant_file(folder / "v.kozel")
    (diagnostic,) = error.value.diagnostics
    assert (diagnostic.line, diagnostic.message) == (
        2, f"source text {name} is outside the rule file's folder")
    assert SECRET not in error.value.render() + error.value.render("ru")


@pytest.mark.parametrize("named,place", [("s.txt", "rules"), ("sub/s.txt", "rules/sub"),
                                         ("s.txt", "sources"), ("../sources/s.txt", "sources")])
def test_a_source_beside_the_rule_file_or_in_the_sources_folder_is_read(
        tmp_path: Path, named: str, place: str) -> None:
    (tmp_path / place).mkdir(parents=True, exist_ok=True)
    (tmp_path / place / "s.txt").write_text("Играют двое.\n", encoding="utf-8")
    (tmp_path / "rules").mkdir(exist_ok=True)
    (tmp_path / "rules" / "v.kozel").write_text(
        RULES.replace('"s.txt"', f'"{named}"').replace("ASIDE", ""), encoding="utf-8")
    found = concordance(parse_variant_file(tmp_path / "rules" / "v.kozel")[0])
    assert found is not None and [e.sentence.text for e in found.entries] == ["Играют двое."]


RULE_OF_13 = "Если игрок набрал в раунде более 12 очков — то он открыл свой счет в партии."
ZEROED = "Если игрок «вышел», то все его «запомненные» очки обнуляются."


def _house_rule(tmp_path: Path, aside: str) -> Path:
    """A house rule over kozel-classic that drops the rule of 13 and sets a sentence aside."""
    path = tmp_path / "no13.kozel"
    path.write_text(
        "variant no13 extends kozel-classic {\n  opens: yes\n"
        '      assume "this house rule drops the rule of 13"\n'
        f'  aside "{aside}" because "the rule of 13, which this house rule drops"\n}}\n',
        encoding="utf-8")
    return path


def test_a_house_rule_sets_aside_a_sentence_only_the_rule_it_drops_cites(tmp_path: Path) -> None:
    # issue 45, item 15: refused before ("`house rule` on line 2 cites" it, which cites nothing)
    library, _ = load_paths([ROOT / "spec" / "variants", _house_rule(tmp_path, RULE_OF_13)])
    found = concordance(library.resolve("no13"))
    assert found is not None
    (entry,) = [e for e in found.entries if e.sentence.text == RULE_OF_13]
    assert [r for r, _ in entry.asides] == ["the rule of 13, which this house rule drops"]
    assert entry.rules == ()  # the aside is what became of it, not the dropped rule


def test_an_aside_of_words_a_parents_rule_still_cites_names_that_rule_and_file(
        tmp_path: Path) -> None:
    with pytest.raises(RuleFileError) as caught:
        load_paths([ROOT / "spec" / "variants", _house_rule(tmp_path, ZEROED)])[0].resolve("no13")
    (error,) = caught.value.diagnostics
    line = next(i for i, text in enumerate(
        (ROOT / "spec" / "variants" / "kozel-classic.kozel").read_text().splitlines(), 1)
        if ZEROED in text) - 1  # the cite is on the line after its rule
    assert (error.line, error.message) == (
        4, f"`aside` of words that `remember` on line {line} of kozel-classic.kozel cites")
