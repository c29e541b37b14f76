"""Honest labels, whole messages, all Russian (issue 30, item 5): the report of the seeds as a
reader checks it.

- A built-in property is never labelled a claim: `claim-*` only for the claims a text writes.
- A finding a house rule inherits and turns otherwise says why it differs from its parent.
- No formula is cut: every backticked formula in a message is whole.
- `kozel check spec/variants --lang ru` prints no English word outside quoted code and the
  rule-file names. What counts as English: a Latin-letter word outside `backticks` and outside
  file names and places (spec/variants/minsk.kozel:42). The only names let through are the
  variant names the seed files give (`minsk`, `kozel-classic`, ...): they are what a rule file
  calls its variants, the same in both languages, and a report names a variant by them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.cli import main  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402
from shared_runs import main_job_report  # noqa: E402

CODE = re.compile(r"`[^`]*`")
PLACE = re.compile(r"\S*\.kozel(?::\d+)*")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_]*")


def _variant_names() -> set[str]:
    """The names the seed rule files give their variants."""
    _, names = load_paths([ROOT / "spec" / "variants"])
    return set(names)


def english_words(line: str, names: set[str]) -> list[str]:
    """The Latin-letter words of a line outside quoted code, file places and variant names."""
    bare = PLACE.sub(" ", CODE.sub(" ", line))
    for name in sorted(names, key=len, reverse=True):  # kozel-classic before a shorter name
        bare = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", bare)
    return LATIN_WORD.findall(bare)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    main(list(args))
    return capsys.readouterr().out


@pytest.fixture(scope="module")
def seeds_json() -> dict[str, Any]:
    """`kozel check spec/variants --format json`: the README's main job, computed once for the
    whole run (tests/shared_runs.py), not a second time here; the text and Russian checks below
    then read its reports from the run's cache, as a user's second command does."""
    return main_job_report()


def _findings(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for v in data["variants"] for f in v["findings"]]


def test_only_a_claim_of_the_text_is_labelled_a_claim(seeds_json: dict[str, Any]) -> None:
    findings = _findings(seeds_json)
    claims = [f for f in findings if f["kind"] in ("claim-refuted", "claim-proved")]
    assert claims and all(f["message"].startswith("claim '") for f in claims), \
        [f["message"] for f in claims if not f["message"].startswith("claim '")]
    # the two goats at once (kozel-classic, minsk) and the fish's ends are the checker's own
    properties = [f for f in findings if f["kind"] == "property-refuted"]
    assert {f["file"].rsplit("/", 1)[-1] for f in properties if "two sides pass the target"
            in f["message"]} == {"kozel-classic.kozel", "minsk.kozel"}
    assert [f for f in findings if f["kind"] == "property-proved"
            and "same value at both ends" in f["message"]]


def test_no_formula_is_cut(seeds_json: dict[str, Any]) -> None:
    for finding in _findings(seeds_json):
        for formula in CODE.findall(finding["message"]):
            assert not formula.endswith("…`"), finding["message"]
    # the longest restatement of the seeds, whole (a claim's formula was cut at 100 characters)
    assert any("[lightest(doubles(dealt))] when first and players < 4 and "
               "count(doubles(dealt)) > 0` is refuted" in f["message"]
               for f in _findings(seeds_json))


def test_an_inherited_finding_turned_otherwise_says_why(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """minsk refutes 'рыба: на обоих концах одно и то же число' with a game of 2 players;
    pairs, played by 4 only (every tile dealt), proves it: the report says so."""
    monkeypatch.chdir(ROOT)
    lines = _run(capsys, "check", "spec/variants").splitlines()
    at = next(i for i, line in enumerate(lines) if "рыба: на обоих концах" in line
              and "claim-proved" in line)
    assert lines[at + 1] == "    in minsk: claim-refuted"
    assert lines[at + 2] == ("    why: minsk's game for it has 2 players, and pairs is played "
                             "by 4 only")


def test_the_russian_report_has_no_english_word(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = _run(capsys, "check", "spec/variants", "--lang", "ru")
    names = _variant_names()
    found = {word: line for line in out.splitlines() for word in english_words(line, names)}
    assert not found, "\n".join(f"{w}: {line}" for w, line in found.items())
    # what used to be English: the slots, their words, a relation's text, the summary's flag
    assert re.search(r"^Добор из базара +≠", out, re.M)
    assert "ответы: gambler-1v1: «берут один камень»; kozel-classic: «берут, пока не" in out
    assert "'цель в минских правилах меняет только то, когда кончается партия'" in out
    assert "`--strict` не проходят" in out
    assert "почему: " in out


def test_the_test_sees_english_where_it_is() -> None:
    names = {"minsk", "kozel-classic"}
    assert english_words("minsk: `lead match` spec/variants/minsk.kozel:3:1 draw "
                         "kozel-classic (`added`)", names) == ["draw"]
    assert english_words("опции: target=100", names) == ["target"]


HOUSE = '''variant club "Наш клуб" extends minsk {
  goat: total > 150
      assume "в нашем клубе играют до 150 очков"
}
'''


def test_a_reason_written_only_in_russian_is_not_called_english(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    """From the checkout, with `kozel check`'s own options: the parent's report is the README's
    main job's, read from the run's cache; the house rule's own is computed."""
    monkeypatch.chdir(ROOT)
    house = tmp_path / "club.kozel"
    house.write_text(HOUSE, encoding="utf-8")
    out = _run(capsys, "check", str(house), "--lang", "ru")
    assert "в нашем клубе играют до 150 очков" in out
    assert "только по-английски" not in out
