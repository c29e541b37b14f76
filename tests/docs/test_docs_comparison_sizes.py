"""The comparison page says two variants agree only where every rule was shown the same: a pair
with no difference shown but rules left unsettled or incomparable says how many were shown the
same, never "agree in every rule"."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.language.resolve import load_paths  # noqa: E402
from kozel.publish.comparison_pair import PairSection  # noqa: E402


@pytest.fixture(scope="module")
def pair():  # type: ignore[no-untyped-def]
    library, _ = load_paths([ROOT / "spec" / "variants"])
    return library.resolve("gambler-1v1"), library.resolve("pairs")


def _summary(pair, differences: list[dict], same: list[str], lang: str) -> str:  # type: ignore
    data = {"differences": differences, "same": same, "options": {}}
    return PairSection(pair, (0, 3), data, lang).summary()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_agreement_is_claimed_for_rules_not_compared(pair, lang: str) -> None:  # type: ignore
    apart = [{"slot": "lead match", "status": "incomparable"}]
    page = _summary(pair, apart, ["deal", "reserve"], lang)
    assert "every rule" not in page and "во всех правилах" not in page
    assert ("shown to agree in 2 rules" in page) if lang == "en" else \
        ("совпадение показано в 2 правилах" in page)


def test_agreement_in_every_rule_is_said_when_every_rule_was_shown_the_same(
        pair) -> None:  # type: ignore
    assert "agree in every rule" in _summary(pair, [], ["deal", "reserve"], "en")
