"""The kinds of finding (checks/reporting/kinds.py): an enum whose every member has its table, its
words in both languages, its terminal style and the site's treatment; and a finding, which is
frozen.

The kinds the checker emits are read from its source, as tests/test_layering.py reads imports:
a kind no finding is ever given fails here, and so does a hazard of a kind the enum does not
have (its finding is made with `Kind(answer.kind)`).
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from checks.compare.relations import UNSETTLED
from checks.reporting.about import ClaimRef, OptionRef, RuleAt
from checks.reporting.catalogue import Said
from checks.reporting.findings import Finding
from checks.reporting.kinds import TABLES, Kind, KindTable, NotOnSite, OnSite, Status
from checks.reporting.report import static_findings
from checks.reporting.vocabulary import LANGS
from interpreter.engine.tiles import Tile
from interpreter.language.ast import Pos
from interpreter.language.resolve import load_variant
from kozel.terminal import STYLES

ROOT = Path(__file__).resolve().parents[2]
# Where a kind is written in the checker as text: the kind of a hazard (an undefined value: its
# kind becomes the finding's), and the kind of a message of checks/reporting/messages.py's
# `_simple`.
KIND_ARGUMENT = {"_simple": 0, "Hazard": 1}
# the calls that make a finding, or a finding from another: their `kind=` is a finding's kind
MAKERS = {"Finding", "replace", "made"}
HERE = Pos(1, 1, "v.kozel")


def _kind_of(node: ast.AST | None) -> str | None:
    """The kind a node writes: `Kind.NAME` (its value), or a string."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id == "Kind":
        return Kind[node.attr].value if node.attr in Kind.__members__ else node.attr
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _kinds_in(tree: ast.AST) -> set[str]:
    """Every kind a module's source gives a finding: `kind=` of a call (Finding, replace, ...),
    the kind of a hazard or of `_simple`, and the kind a message returns with its words."""
    found: set[str | None] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = getattr(node.func, "id", getattr(node.func, "attr", ""))
            at = KIND_ARGUMENT.get(called)
            if at is not None and len(node.args) > at:
                found.add(_kind_of(node.args[at]))
            if called in MAKERS:
                found |= {_kind_of(k.value) for k in node.keywords if k.arg == "kind"}
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            first, *rest = node.value.elts or [None]
            if rest and _is_said(rest[0]):
                found.add(_kind_of(first))
    return {k for k in found if k is not None}


def _is_said(node: ast.AST) -> bool:
    """A message of the catalogue made there: `Said(...)`."""
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Said"


def emitted_kinds() -> set[str]:
    """Every kind the checker's source gives a finding (its own table aside)."""
    return {kind for path in sorted((ROOT / "checks").rglob("*.py")) if path.name != "kinds.py"
            for kind in _kinds_in(ast.parse(path.read_text(encoding="utf-8")))}


def missing_parts(kind: str, table: KindTable | None) -> list[str]:
    """What a kind lacks of what every reader of it needs (empty: nothing)."""
    if table is None:
        return ["a table"]
    missing = [f"{lang} word" for lang in LANGS if not table.words.get(lang)]
    missing += [f"{lang} meaning" for lang in LANGS if not table.meanings.get(lang)]
    if table.words.get("en") != kind or table.key != kind:
        missing.append("its value as its English word")
    if not table.style or not set(table.style) <= set(STYLES):
        missing.append("a terminal style")
    site = table.site
    if isinstance(site, OnSite):
        if not isinstance(site.status, Status) or not isinstance(site.unwitnessed,
                                                                 (Status, type(None))):
            missing.append("a site status")
        missing += [f"{lang} explanation" for lang in LANGS if not site.explanation.get(lang)]
    elif not (isinstance(site, NotOnSite) and site.because):
        missing.append("a site treatment")
    return missing


def test_every_kind_the_checker_emits_is_a_kind_and_every_kind_is_emitted() -> None:
    emitted = emitted_kinds()
    assert emitted >= {"gap", "ambiguity", "conflict", "unconfirmed", "reading"}  # read at all
    values = {k.value for k in Kind}
    assert emitted <= values, emitted - values  # a hazard's kind that Kind() would refuse
    assert values <= emitted, values - emitted  # no kind nothing emits
    assert set(UNSETTLED) <= values  # a relation left unsettled: Kind(entry.status)


def test_a_kind_written_in_the_checker_is_found_wherever_it_is_written() -> None:
    source = '''
Finding(kind=Kind.GAP, slot=slot, at=at, message=message)
replace(finding, kind=Kind.UNCONFIRMED, strict=False)
def _message(variant, result):
    return Kind.CONFLICT, Said("words")
REFUTED = {"no-case": _simple(Kind.UNSPECIFIED, lambda v, c: Said("x"))}
Hazard(cond, "new-5", Said("hazard.x"), pos)
'''
    assert _kinds_in(ast.parse(source)) == {"gap", "unconfirmed", "conflict", "unspecified",
                                            "new-5"}


def test_every_kind_has_its_table_and_no_table_is_of_no_kind() -> None:
    assert list(TABLES) == list(Kind)  # in the glossary's order, one each
    assert all(kind.table is TABLES[kind] for kind in Kind)


@pytest.mark.parametrize("kind", list(Kind), ids=lambda k: k.value)
def test_every_kind_has_its_words_style_and_site_treatment(kind: Kind) -> None:
    assert missing_parts(kind.value, TABLES.get(kind)) == []


def test_a_kind_without_its_parts_is_told_what_it_lacks() -> None:
    bare = KindTable("new", {"en": "new", "ru": ""}, {"en": "a new kind", "ru": ""}, (), False,
                     False, OnSite(Status.REFUTED, {"en": "New."}))
    assert missing_parts("new", bare) == ["ru word", "ru meaning", "a terminal style",
                                          "ru explanation"]
    assert missing_parts("new", KindTable("new", {"en": "new", "ru": "новое"},
                                          {"en": "x", "ru": "х"}, ("bold",), False, False,
                                          NotOnSite(""))) == ["a site treatment"]
    assert missing_parts("new", None) == ["a table"]


def test_a_finding_is_made_of_a_kind_not_of_its_word() -> None:
    with pytest.raises(TypeError, match="checks.reporting.kinds.Kind"):
        Finding(kind="gap", slot="deal", at=HERE, message="a gap")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Kind("new")  # a kind the checker does not have


def test_a_finding_cannot_be_changed_once_made() -> None:
    finding = Finding(kind=Kind.GAP, slot="deal", at=HERE, message="a gap")
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.kind = Kind.UNCONFIRMED  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.witness = {"players": 2}  # type: ignore[misc]
    with pytest.raises(TypeError):
        Finding(Kind.GAP, "deal", HERE, "a gap")  # type: ignore[misc]  # keywords only
    later = dataclasses.replace(finding, kind=Kind.UNCONFIRMED, strict=False)
    assert (finding.kind, finding.strict, later.kind, later.strict) == (
        Kind.GAP, True, Kind.UNCONFIRMED, False)


def test_a_finding_writes_its_kind_as_the_json_word() -> None:
    data = Finding(kind=Kind.CLAIM_REFUTED, slot="", at=HERE, message="x").as_json()
    assert list(data) == ["kind", "slot", "file", "line", "column", "message", "witness"]
    assert data["kind"] == "claim-refuted" and type(data["kind"]) is str


def test_the_strict_kinds_are_the_ones_that_fail_strict() -> None:
    failing = {k.value for k in Kind
               if Finding(kind=k, slot="deal", at=HERE, message="x").fails_strict()}
    # a relation or a restatement fails --strict when it turns out other than written: refuted
    # where it was stated as true, proved where it was written `expect refuted` (the finding
    # says which)
    assert failing == {"gap", "ambiguity", "conflict", "endless", "claim-refuted",
                       "property-refuted", "unaccounted", "relation-refuted", "relation-proved",
                       "restatement-refuted", "restatement-proved"}
    assert not Finding(kind=Kind.GAP, slot="deal", at=HERE, message="x",
                       strict=False).fails_strict()


PROBE = '''variant probe "Probe" {
  players 4
  option unused: yes | no = no
  option target: 100 | 200 = 100
      assume "the text names no target; 100 is usual"
  sides: partners
  deal: 7
  draw: none
  lead match: holder(1-1)
  lead round: winner
  lead tile: hand
      assume "any tile may open"
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner)
  score: value(side)
  goat: total > target
}
'''


def test_static_findings_name_their_option_and_case() -> None:
    variant = load_variant(PROBE, "probe.kozel")
    found = {(f.kind, f.about, f.cases) for f in static_findings(variant)}
    lead = variant.cases("lead tile")[0]
    assert (Kind.UNREACHABLE, OptionRef("unused"), ()) in found
    assert (Kind.ASSUMPTION, OptionRef("target"), ()) in found
    assert (Kind.ASSUMPTION, None, (RuleAt.of(lead),)) in found


NAMING = (PROBE.replace("players 4", "players 2")
          .replace("sides: partners", "sides: individual")
          .replace("lead match: holder(1-1)", "lead match: holder(first_dealt([6-5, 1-1]))")
          .replace("  goat: total > target\n",
                   '  goat: total > target\n  claim deal "6-6 is always dealt": 6-6 in dealt\n'))


def test_a_finding_names_the_tiles_its_rules_write() -> None:
    from checks.running.run import CheckSettings, check_variant

    report = check_variant(load_variant(NAMING, "probe.kozel"),
                           CheckSettings(playouts=0, games=None))
    gap = next(f for f in report.findings if f.kind is Kind.GAP and f.slot == "lead match")
    assert gap.named.tiles == (Tile(5, 6), Tile(1, 1)) and gap.named.seats == ()
    assert not (gap.named.ends or gap.named.lead or gap.named.last)  # `lead match` is a slot
    claim = next(f for f in report.findings if f.about == ClaimRef("6-6 is always dealt"))
    assert claim.kind is Kind.CLAIM_REFUTED and claim.named.tiles == (Tile(6, 6),)
