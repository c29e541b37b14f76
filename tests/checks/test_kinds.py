"""One registry of the kinds of finding (checks/kinds.py): every kind the checker can emit is in
it, and each has its words in both languages, its terminal style and the site's treatment.

The kinds the checker emits are read from its source, as tests/test_layering.py reads imports:
a new `Finding("kind", ...)` (or a kind a message or a hazard gives) fails here until the kind
is registered, and a registered kind missing a part fails here too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from checks.catalogue import Said
from checks.findings import Finding, RuleAt
from checks.kinds import BY_KEY, KINDS, STATUSES, Kind, NotOnSite, OnSite
from checks.report import static_findings
from checks.vocabulary import LANGS
from interpreter.language.resolve import load_variant
from interpreter.terminal import STYLES

ROOT = Path(__file__).resolve().parents[2]
# Where a kind is written in the checker: the first argument of a Finding, a kind set on one
# (`finding.kind = ...`), the kind a message of checks/messages.py returns with its words, and
# the kind of a hazard (an undefined value: its kind becomes the finding's).
KIND_ARGUMENT = {"Finding": 0, "_simple": 0, "Hazard": 1}


def _kinds_in(tree: ast.AST) -> set[str]:
    """Every kind a module's source writes where a finding gets its kind."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            at = KIND_ARGUMENT.get(getattr(node.func, "id", getattr(node.func, "attr", "")))
            if at is None:
                continue
            given = [node.args[at]] if len(node.args) > at else []
            given += [k.value for k in node.keywords if k.arg == "kind"]
            found |= {a.value for a in given if _is_text(a)}
        elif isinstance(node, ast.Assign):
            found |= _assigned_kinds(node)
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            first, *rest = node.value.elts or [None]
            if _is_text(first) and rest and _is_said(rest[0]):
                found.add(first.value)
    return found


def _is_text(node: ast.AST | None) -> bool:
    """A string written as such."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _is_said(node: ast.AST) -> bool:
    """A message of the catalogue made there: `Said(...)`."""
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Said"


def _assigned_kinds(node: ast.Assign) -> set[str]:
    """`x.kind = "k"`, or `x.kind, x.strict = "k", False`."""
    found = set()
    for target in node.targets:
        pairs = (zip(target.elts, node.value.elts)
                 if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                 else [(target, node.value)])
        found |= {value.value for name, value in pairs
                  if isinstance(name, ast.Attribute) and name.attr == "kind"
                  and _is_text(value)}
    return found


def emitted_kinds() -> set[str]:
    """Every kind the checker's source writes where a finding gets its kind."""
    return {kind for path in sorted((ROOT / "checks").rglob("*.py"))
            for kind in _kinds_in(ast.parse(path.read_text(encoding="utf-8")))}


def missing_parts(kind: Kind) -> list[str]:
    """What a kind lacks of what every reader of it needs (empty: nothing)."""
    missing = [f"{lang} word" for lang in LANGS if not kind.words.get(lang)]
    missing += [f"{lang} meaning" for lang in LANGS if not kind.meanings.get(lang)]
    if kind.words.get("en") != kind.key:
        missing.append("its key as its English word")
    if not kind.style or not set(kind.style) <= set(STYLES):
        missing.append("a terminal style")
    site = kind.site
    if isinstance(site, OnSite):
        if site.status not in STATUSES or site.unwitnessed not in ("", *STATUSES):
            missing.append("a site status")
        missing += [f"{lang} explanation" for lang in LANGS if not site.explanation.get(lang)]
    elif not (isinstance(site, NotOnSite) and site.because):
        missing.append("a site treatment")
    return missing


def test_every_kind_the_checker_emits_is_registered_and_none_else() -> None:
    emitted = emitted_kinds()
    assert emitted >= {"gap", "ambiguity", "conflict", "unconfirmed", "reading"}  # read at all
    assert emitted <= set(BY_KEY), emitted - set(BY_KEY)
    assert set(BY_KEY) <= emitted, set(BY_KEY) - emitted  # no entry nothing emits


def test_a_kind_written_in_the_checker_is_found_wherever_it_is_written() -> None:
    source = '''
Finding("new-1", slot, 1, 1, message)
finding.kind, finding.strict = "new-2", False
def _message(variant, result):
    return "new-3", Said("words")
REFUTED = {"no-case": _simple("new-4", lambda v, c: Said("x"))}
Hazard(cond, "new-5", Said("hazard.x"), pos)
'''
    assert _kinds_in(ast.parse(source)) == {f"new-{n}" for n in range(1, 6)}


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_every_kind_has_its_words_style_and_site_treatment(kind: Kind) -> None:
    assert missing_parts(kind) == []


def test_a_kind_without_its_parts_is_told_what_it_lacks() -> None:
    bare = Kind("new", {"en": "new", "ru": ""}, {"en": "a new kind", "ru": ""}, (), False,
                False, OnSite("refuted", {"en": "New."}))
    assert missing_parts(bare) == ["ru word", "ru meaning", "a terminal style",
                                   "ru explanation"]
    assert missing_parts(Kind("new", {"en": "new", "ru": "новое"}, {"en": "x", "ru": "х"},
                              ("bold",), False, False, NotOnSite(""))) == ["a site treatment"]


def test_a_finding_of_an_unregistered_kind_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="checks/kinds.py"):
        Finding("new", "deal", 1, 1, "a new kind of finding")


def test_the_strict_kinds_are_the_ones_that_fail_strict() -> None:
    failing = {k.key for k in KINDS if Finding(k.key, "deal", 1, 1, "x").fails_strict()}
    # a relation fails --strict when it turns out other than written: refuted where it was
    # stated as true, proved where it was written `expect refuted` (the finding says which)
    assert failing == {"gap", "ambiguity", "conflict", "claim-refuted", "unaccounted",
                       "relation-refuted", "relation-proved"}
    assert not Finding("gap", "deal", 1, 1, "x", strict=False).fails_strict()


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
    found = {(f.kind, f.option, f.cases) for f in static_findings(variant)}
    lead = variant.cases("lead tile")[0]
    assert ("unreachable", "unused", ()) in found
    assert ("assumption", "target", ()) in found
    assert ("assumption", None, (RuleAt.of(lead),)) in found


def test_a_finding_names_the_tiles_and_seats_its_message_names() -> None:
    knock = Finding("claim-refuted", "pass", 1, 1, Said("playout", message=Said(
        "playout.knocked fits", seat=3, left=3, right=4)), built_in="knock-holding")
    # the message says "seat 3", as people count; the engine's seat is 2
    assert knock.named.seats == (2,) and knock.named.tiles == () and knock.named.ends
    gap = Finding("gap", "lead match", 7, 15, "`lead match`: `holder(1-1)` has no answer when "
                  "1-1 was not dealt, in `lead match: holder(first_dealt([6-5, 1-1]))`")
    assert gap.named.tiles == ("1-1", "5-6") and gap.named.seats == ()
    assert not (gap.named.ends or gap.named.lead or gap.named.last)  # `lead match` is a slot
