"""The checker's findings on the rulebook pages: each at its rule in the part for rule authors,
with its witness drawn."""

from __future__ import annotations

import re
from typing import Any
import sys
from html import escape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from checks.reporting.about import ClaimRef, OptionRef, PropertyRef, RuleAt  # noqa: E402
from checks.reporting.findings import Finding, VariantReport  # noqa: E402
from checks.reporting.kinds import Kind, OnSite  # noqa: E402
from checks.reporting.vocabulary import LANGS  # noqa: E402
from kozel.publish.findings import Report, not_checked, report_of, reports_for  # noqa: E402
from interpreter.language.ast import Pos  # noqa: E402
from kozel.publish.rulebook import Rulebook  # noqa: E402
from kozel.publish.witness_html import witness_html  # noqa: E402
from checks.search.witnesses import Witness, made  # noqa: E402
from interpreter.engine.tiles import Tile  # noqa: E402
from interpreter.language.resolve import load_variant  # noqa: E402

TEXT = '''variant probe "Probe" {
  players 2..4
  option unused: yes | no = no
  sides: individual
  deal: 7
  draw: none
  lead match: holder(1-1)
  lead round: winner
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner)
  score: value(side)
  goat: total > 100
  claim play "ends agree": not blocked or left = right
}
'''


def _finding(kind: Kind, slot: str, pos: Pos, message: str,
             witness: Witness | None = None, **about: Any) -> Finding:
    """A finding as the checker makes one, at a place of the probe."""
    return Finding(kind=kind, slot=slot, at=pos, message=message, witness=witness, **about)


def _report(findings: list[Finding], **counts: int) -> Report:
    """The site's report of the checker's report of the probe with these findings."""
    return report_of(VariantReport("probe", "probe.kozel", findings=findings, **counts))


@pytest.fixture(scope="module")
def variant():  # type: ignore[no-untyped-def]
    return load_variant(TEXT, "probe.kozel")


def _card(page: str, anchor: str) -> str:
    """Return the HTML of the card with this id."""
    start = page.index(f'id="{anchor}"')
    following = re.search(r'<div class="kz-rule kz-', page[start:])
    end = start + following.start() if following else len(page)
    return page[start:end]


def test_findings_land_on_their_rule_with_the_witness_drawn(variant) -> None:  # type: ignore[no-untyped-def]
    lead = variant.cases("lead match")[0]
    tile = Tile.parse
    witness = made(("players", 2), ("hands", ((tile("0-6"), tile("2-2")), (tile("5-5"),))),
                   ("stock", (tile("1-1"),)), ("first", True), ("previous", "fish"))
    report = _report([
        _finding(Kind.GAP, "lead match", lead.pos, "holder(1-1) is undefined", witness,
                 cases=(RuleAt.of(lead),)),
        _finding(Kind.CLAIM_REFUTED, "", variant.claims[0].pos, "claim 'ends agree' is refuted",
                 made(left=1, right=6), about=ClaimRef("ends agree")),
        _finding(Kind.UNREACHABLE, "", variant.options[0].pos,
                 "option 'unused' is never used by any rule or claim", about=OptionRef("unused")),
        _finding(Kind.CLAIM_PROVED, "", Pos(1, 1, "probe.kozel"),
                 "built-in: the set has 28 tiles: proved", about=PropertyRef("tile-set")),
        _finding(Kind.ASSUMPTION, "deal", variant.cases("deal")[0].pos,
                 "assumption: shown on the rule already",
                 cases=(RuleAt.of(variant.cases("deal")[0]),)),
    ], proved=3, unknown=1)
    for lang, gap_word in (("en", "gap"), ("ru", "пробел")):
        page = Rulebook(variant, lang, report, ROOT).page()
        card = _card(page, "author-lead-match-1")  # the findings are for rule authors
        assert "holder(1-1) is undefined" in card and gap_word in card
        assert "holder(1-1) is undefined" not in _card(page, "rule-lead-match-1")
        assert all(f'data-tile="{t}"' in card for t in ("0-6", "2-2", "5-5", "1-1"))
        assert "claim &#x27;ends agree&#x27; is refuted" in _card(page, "claim-1")
        assert "never used" in _card(page, "author-option-unused")
        assert "the set has 28 tiles" in page[page.index('{#findings}'):]
        assert "shown on the rule already" not in page
        assert "kz-badge-status-not-checked" not in page


def test_a_vacuous_claim_is_shown_as_vacuous_not_proved(variant) -> None:  # type: ignore[no-untyped-def]
    goat = variant.cases("goat")[0]
    report = _report([
        _finding(Kind.VACUOUS, "", variant.claims[0].pos,
                 "claim 'ends agree' holds only vacuously: no moment of play is ever reached",
                 about=ClaimRef("ends agree")),
        _finding(Kind.VACUOUS, "goat", goat.pos, "built-in: at most one side becomes the "
                 "goat in the same round: holds only vacuously: no end of a round is ever "
                 "reached", about=PropertyRef("one-goat")),
    ], vacuous=2)
    assert report.counts()["vacuous"] == 2
    for lang, word in (("en", "holds only vacuously"), ("ru", ">пусто<")):  # the glossary's word
        page = Rulebook(variant, lang, report, ROOT).page()
        claim = _card(page, "claim-1")
        assert "kz-badge-status-vacuous" in claim and word in claim
        assert "kz-badge-status-proved" not in claim
        assert "at most one side" in page[page.index('{#findings}'):]
        assert "at most one side" not in _card(page, "author-goat-1")


def test_every_kind_the_site_shows_has_its_badge_and_explanation(variant) -> None:  # type: ignore[no-untyped-def]
    claim = variant.claims[0]
    report = _report([_finding(k, "", claim.pos, f"about {k.value}", about=ClaimRef(claim.text))
                      for k in Kind])
    shown = [k for k in Kind if isinstance(k.site, OnSite)]
    assert [f.kind for f in report.findings] == shown
    for lang in LANGS:
        card = _card(Rulebook(variant, lang, report, ROOT).page(), "claim-1")
        for kind in shown:
            assert isinstance(kind.site, OnSite)
            status = kind.site.status_of(False)  # no witness: a reading's proof they agree
            assert (f'kz-badge-status-{status}">{escape(kind.word(lang))}</span> '
                    f"{escape(kind.site.explanation[lang])}</p>") in card, (kind.value, lang)
        hidden = [k for k in Kind if not isinstance(k.site, OnSite)]
        assert hidden and not any(f"about {k.value}" in card for k in hidden)


def test_a_finding_is_shown_at_the_case_it_is_about_not_at_its_line(variant) -> None:  # type: ignore[no-untyped-def]
    lead, goat = variant.cases("lead match")[0], variant.cases("goat")[0]
    # written at the goat's line, but about the lead: the page follows what it is about
    report = _report([_finding(Kind.GAP, "lead match", goat.pos, "holder(1-1) is undefined",
                               cases=(RuleAt.of(lead),))])
    assert report.about(lead, variant) and not report.about(goat, variant)
    page = Rulebook(variant, "en", report, ROOT).page()
    assert "holder(1-1) is undefined" in _card(page, "author-lead-match-1")
    assert "holder(1-1) is undefined" not in _card(page, "author-goat-1")


def test_a_variant_not_checked_says_so(variant) -> None:  # type: ignore[no-untyped-def]
    page = Rulebook(variant, "ru", not_checked("no checker here"), ROOT).page()
    assert "не проверено" in page and "no checker here" in page


def test_witness_facts_are_in_the_page_language() -> None:
    html = witness_html(made(("players", 4), ("previous", "out"), ("first", False),
                             ("lead", Tile(6, 6)), ("options", (("bonuses", True),)),
                             ("side 0 points", 12)), "ru")
    assert "Игроков" in html and "выход" in html and "нет" in html and "да" in html
    assert 'data-tile="6-6"' in html and "side 0 points" in html


def test_the_real_checker_gives_every_claim_a_verdict() -> None:
    pytest.importorskip("checks.running.run", reason="the checker is not installed")
    probe = load_variant(TEXT, "probe.kozel")
    report = reports_for([probe], ROOT)["probe"]
    assert report.checked, report.reason
    assert sum(report.counts().values()) > 0
    assert report.about(probe.claims[0], probe), "the claim has a verdict"


def test_a_conflict_draws_its_witness_once_and_links_from_the_other_case() -> None:
    text = TEXT.replace("lead match: holder(1-1)",
                        "lead match: holder(1-1)\n  lead match: holder(6-6) when players = 2")
    variant = load_variant(text, "probe.kozel")
    first, second = variant.cases("lead match")
    message = (f"`lead match`: two cases apply and disagree: `lead match: holder(1-1)` "
               f"(line {first.pos.line}) and `lead match: holder(6-6) when players = 2` "
               f"(line {second.pos.line})")
    report = _report([_finding(Kind.CONFLICT, "lead match", second.pos, message,
                               made(players=2, hands=((Tile(1, 1),), (Tile(6, 6),))),
                               cases=(RuleAt.of(first), RuleAt.of(second)))])
    page = Rulebook(variant, "en", report, ROOT).page()
    one, two = _card(page, "author-lead-match-1"), _card(page, "author-lead-match-2")
    assert "kz-witness" in two and "kz-witness" not in one
    assert 'href="#author-lead-match-2"' in one and "two cases apply" in one
