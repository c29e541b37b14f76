"""An assumption's game is one where the engine asks the assumed rule, or the finding says
why there is none."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from checks.reporting.about import OptionRef
from checks.reporting.catalogue import said_in
from checks.running.run import CheckSettings, check_variant
from checks.reporting.findings import VariantReport
from checks.reporting.kinds import Kind
from interpreter.language.resolve import load_paths

PAIRS = Path(__file__).resolve().parents[2] / "spec" / "variants" / "pairs.kozel"


@lru_cache(maxsize=None)
def pairs_report() -> VariantReport:
    library, _ = load_paths([PAIRS])
    return check_variant(library.resolve("pairs"), CheckSettings(playouts=0, workers=1))


def test_a_rule_the_engine_never_asks_is_not_shown_at_work() -> None:
    """With rule13 off every record opens at once and `remember` is never asked: the game
    that shows the `remember` assumption must be one with rule13 on."""
    [remember] = [f for f in pairs_report().findings
                  if f.kind == "assumption" and f.slot == "remember"]
    assert remember.witness is not None
    assert remember.witness.setting["rule13"] is True


def test_an_assumption_without_a_game_says_why() -> None:
    about_options = [f for f in pairs_report().findings
                     if f.kind is Kind.ASSUMPTION and isinstance(f.about, OptionRef)]
    assert len(about_options) == 3
    library, _ = load_paths([PAIRS])
    options = {o.name: o for o in library.resolve("pairs").options}
    for finding in about_options:
        assert finding.witness is None
        assert "no rule reads the option" in finding.message
        russian = said_in(finding.message, "ru")
        assert "опцию не читает ни одно правило" in russian
        # the reason in the rule file's own Russian words
        assert isinstance(finding.about, OptionRef)
        assert russian.startswith(options[finding.about.name].assumption_ru)
