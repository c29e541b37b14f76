"""A restatement on the rulebook page: beside the rule of its slot it says again, with its
sentence and the checker's verdict, in both languages; its source sentence links to it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from checks.questions.budget import Budget  # noqa: E402
from checks.questions.restated import restatement_findings  # noqa: E402
from checks.reporting.findings import VariantReport  # noqa: E402
from checks.search.realise import GameBudget  # noqa: E402
from interpreter.language.resolve import load_paths, parse_variant_file  # noqa: E402
from kozel.publish.findings import report_of  # noqa: E402
from kozel.publish.rulebook import Rulebook  # noqa: E402
from kozel.publish.source_pages import source_page  # noqa: E402

HOUSE = ROOT / "tests" / "golden" / "good" / "restates.kozel"


def _card(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    following = re.search(r'<div class="kz-rule kz-', page[start + 1:])
    return page[start:start + 1 + following.start()] if following else page[start:]


def test_a_restatement_stands_after_its_slots_rule_with_its_verdict() -> None:
    (variant,) = parse_variant_file(HOUSE)
    found = restatement_findings(variant, Budget(), GameBudget(games=400))
    report = report_of(VariantReport(variant.name, variant.file, findings=found))
    for lang, proved, refuted in (("en", "is proved", "is refuted"),
                                  ("ru", "доказан", "опровергнут")):
        page = Rulebook(variant, lang, report, ROOT).page()
        index = [r.slot for r in variant.restatements].index("lead match")
        card = _card(page, f"restates-{index + 1}")
        assert "restates lead match: holder(lightest(doubles(dealt)))" in card
        assert refuted in card and "kz-badge-status-refuted" in card
        # after the rule it says again, before the next slot's rule
        assert page.index('id="author-lead-match-1"') < page.index(f'id="restates-{index + 1}"')
        assert page.index(f'id="restates-{index + 1}"') < page.index('id="author-lead-round-1"')
        redeal = [r.slot for r in variant.restatements].index("redeal")
        assert proved in _card(page, f"restates-{redeal + 1}")


def test_the_source_sentence_a_restatement_cites_links_to_it() -> None:
    library, _ = load_paths([ROOT / "spec" / "variants"])
    classic = library.resolve("kozel-classic")
    page = source_page(classic, "en")
    assert page is not None
    line = next(row for row in page.splitlines() if "попадается пять" in row)
    index = [r.slot for r in classic.restatements].index("redeal")
    assert f"#restates-{index + 1})" in line and "restates redeal" in line
