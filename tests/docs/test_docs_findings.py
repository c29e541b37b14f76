"""The checker's findings on the rulebook pages: each at its rule in the part for rule authors,
with its witness drawn."""

from __future__ import annotations

import re
import sys
from html import escape
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from checks.findings import RuleAt  # noqa: E402
from checks.kinds import KINDS, OnSite  # noqa: E402
from checks.vocabulary import LANGS  # noqa: E402
from checks.named import Named, named_in  # noqa: E402
from docs.gen.findings import not_checked, report_of, reports_for  # noqa: E402
from docs.gen.rulebook import Rulebook  # noqa: E402
from docs.gen.witness_html import witness_html  # noqa: E402
from checks.witnesses import Witness, made  # noqa: E402
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


@dataclass
class FakeFinding:
    """The shape of checks.findings.Finding that the docs read."""

    kind: str
    slot: str
    line: int
    message: str
    witness: Witness | None = None
    file: str = ""
    claim: str | None = None
    built_in: str | None = None
    option: str | None = None
    cases: tuple[RuleAt, ...] = ()
    named: Named = Named()


@dataclass
class FakeReport:
    """The shape of checks.findings.VariantReport that the docs read."""

    findings: list[FakeFinding] = field(default_factory=list)
    proved: int = 3
    refuted: int = 2
    unknown: int = 1
    vacuous: int = 0


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
    report = report_of(FakeReport([
        FakeFinding("gap", "lead match", lead.pos.line, "holder(1-1) is undefined", witness),
        FakeFinding("claim-refuted", "", variant.claims[0].pos.line,
                    "claim 'ends agree' is refuted", made(left=1, right=6),
                    claim="ends agree"),
        FakeFinding("unreachable", "", variant.options[0].pos.line,
                    "option 'unused' is never used by any rule or claim", option="unused"),
        FakeFinding("claim-proved", "", 1, "built-in: the set has 28 tiles: proved",
                    built_in="tile-set"),
        FakeFinding("assumption", "deal", 5, "assumption: shown on the rule already"),
    ]))
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
    report = report_of(FakeReport([
        FakeFinding("vacuous", "", variant.claims[0].pos.line,
                    "claim 'ends agree' holds only vacuously: no moment of play is ever reached",
                    claim="ends agree"),
        FakeFinding("vacuous", "goat", goat.pos.line, "built-in: at most one side becomes the "
                    "goat in the same round: holds only vacuously: no end of a round is ever "
                    "reached", built_in="one-goat"),
    ], vacuous=2))
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
    report = report_of(FakeReport([FakeFinding(k.key, "", claim.pos.line, f"about {k.key}",
                                                claim=claim.text) for k in KINDS]))
    shown = [k for k in KINDS if isinstance(k.site, OnSite)]
    assert [f.kind for f in report.findings] == [k.key for k in shown]
    for lang in LANGS:
        card = _card(Rulebook(variant, lang, report, ROOT).page(), "claim-1")
        for kind in shown:
            assert isinstance(kind.site, OnSite)
            status = kind.site.status_of(False)  # no witness: a reading's proof they agree
            assert (f'kz-badge-status-{status}">{escape(kind.word(lang))}</span> '
                    f"{escape(kind.site.explanation[lang])}</p>") in card, (kind.key, lang)
        hidden = [k for k in KINDS if not isinstance(k.site, OnSite)]
        assert hidden and not any(f"about {k.key}" in card for k in hidden)


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
    pytest.importorskip("checks.run", reason="the checker is not installed")
    probe = load_variant(TEXT, "probe.kozel")
    report = reports_for([probe], ROOT)["probe"]
    assert report.checked, report.reason
    assert sum(report.counts().values()) > 0
    assert report.about(probe.claims[0]), "the claim has a verdict"


def test_a_conflict_draws_its_witness_once_and_links_from_the_other_case() -> None:
    text = TEXT.replace("lead match: holder(1-1)",
                        "lead match: holder(1-1)\n  lead match: holder(6-6) when players = 2")
    variant = load_variant(text, "probe.kozel")
    first, second = variant.cases("lead match")
    message = (f"`lead match`: two cases apply and disagree: `lead match: holder(1-1)` "
               f"(line {first.pos.line}) and `lead match: holder(6-6) when players = 2` "
               f"(line {second.pos.line})")
    report = report_of(FakeReport([FakeFinding("conflict", "lead match", second.pos.line, message,
                                               made(players=2, hands=((Tile(1, 1),),
                                                                      (Tile(6, 6),))),
                                               cases=(RuleAt.of(first), RuleAt.of(second)),
                                               named=named_in(message))]))
    page = Rulebook(variant, "en", report, ROOT).page()
    one, two = _card(page, "author-lead-match-1"), _card(page, "author-lead-match-2")
    assert "kz-witness" in two and "kz-witness" not in one
    assert 'href="#author-lead-match-2"' in one and "two cases apply" in one
