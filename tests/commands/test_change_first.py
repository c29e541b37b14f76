"""`kozel check` of a house rule (a variant that extends a seed) as its author reads it: what the
rule changes first, within a screen; the parent's unchanged findings counted in one line (as many
as the parent's own report has, less what the change removes), listed with --inherited; every
finding at the file and line that wrote its rule; a replaced rule's sentences accounted for; the
JSON marking each finding own or inherited. And a folder opens with one line per variant and
the family table. The house rules are tests/house/*.kozel, each extending spec/variants/minsk."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from shared_runs import MAIN_JOB, ROOT, kozel

HOUSE = "tests/house"
PARENT = "spec/variants/minsk.kozel"
SCREEN = 30  # lines a house rule's default report may take


def _json(*args: str) -> dict[str, Any]:
    ran = kozel("check", *args, "--format", "json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def _text(*args: str, code: int = 0) -> list[str]:
    ran = kozel("check", *args)
    assert ran.code == code, ran.err
    return ran.out.splitlines()


def _parent_findings() -> list[dict[str, Any]]:
    (variant,) = _json(PARENT)["variants"]
    return variant["findings"]


def _heads(findings: list[dict[str, Any]]) -> set[str]:
    """Each finding's place and kind as the text report starts its line, files normalised."""
    return {f"{os.path.normpath(f['file'])}:{f['line']}:{f['column']}: {f['kind']}"
            for f in findings}


def _text_heads(lines: list[str]) -> set[str]:
    found = set()
    for line in lines:
        match = re.match(r"(?:no longer: )?(\S+?):(\d+):(\d+): ([a-z-]+):", line)
        if match and match.group(1).endswith(".kozel"):
            found.add(f"{os.path.normpath(match.group(1))}:{match.group(2)}:{match.group(3)}: "
                      f"{match.group(4)}")
    return found


def _kept_count(lines: list[str]) -> int:
    (line,) = [x for x in lines if x.startswith("and ") and "of minsk unchanged" in x]
    return int(line.split()[1])


@pytest.mark.parametrize("house", ["minsk-150", "minsk-deal-6", "minsk-no-claim",
                                   "minsk-open-any"])
def test_a_house_rule_fits_a_screen_the_change_first(house: str) -> None:
    lines = _text(f"{HOUSE}/{house}.kozel")
    assert len(lines) <= SCREEN
    assert lines[0] == f"what {house} changes in minsk:"
    own = [i for i, line in enumerate(lines) if line.startswith(f"{HOUSE}/{house}.kozel:")]
    kept = next(i for i, line in enumerate(lines) if line.startswith("and "))
    assert all(i < kept for i in own)  # its own findings before the parent's count
    assert [x for x in lines if x][-1].startswith(f"{house}: ")  # the whole variant's summary
    findings = _json(f"{HOUSE}/{house}.kozel")["variants"][0]["findings"]
    inherited = [f for f in findings if f["origin"] == "inherited"]
    assert _kept_count(lines) == len(inherited)
    assert _heads(inherited) <= _heads(_parent_findings())


def test_a_changed_default_of_an_option_keeps_every_finding_of_the_parent() -> None:
    findings = _json(f"{HOUSE}/minsk-150.kozel")["variants"][0]["findings"]
    assert {f["origin"] for f in findings} == {"inherited"}
    assert _heads(findings) == _heads(_parent_findings())
    # the language's default for `two doubles` is minsk's, at minsk's `variant` line
    (default,) = [f for f in findings if f["kind"] == "default"]
    assert (os.path.normpath(default["file"]), default["line"]) == (PARENT, 5)
    assert _kept_count(_text(f"{HOUSE}/minsk-150.kozel")) == len(_parent_findings())


def test_a_dropped_claim_is_shown_as_the_finding_it_removes() -> None:
    lines = _text(f"{HOUSE}/minsk-no-claim.kozel")
    (gone,) = [line for line in lines if line.startswith("no longer: ")]
    assert "рыба: на обоих концах одно и то же число" in gone
    assert _kept_count(lines) == len(_parent_findings()) - 1


def test_the_json_lists_the_parents_findings_the_change_removes() -> None:
    (house,) = _json(f"{HOUSE}/minsk-no-claim.kozel")["variants"]
    (gone,) = house["no longer"]
    parent = [f for f in _parent_findings() if f["line"] == gone["line"]]
    assert parent and gone["kind"] == parent[0]["kind"]
    assert os.path.normpath(gone["file"]) == PARENT and gone["origin"] == "inherited"
    assert _heads([gone]).isdisjoint(_heads(house["findings"]))
    (parent_entry,) = _json(PARENT)["variants"]
    assert "no longer" not in parent_entry  # a variant that extends nothing removes nothing


def test_inherited_lists_what_the_default_report_counts() -> None:
    short = _text(f"{HOUSE}/minsk-deal-6.kozel")
    full = _text(f"{HOUSE}/minsk-deal-6.kozel", "--inherited")
    findings = _json(f"{HOUSE}/minsk-deal-6.kozel")["variants"][0]["findings"]
    inherited = _heads([f for f in findings if f["origin"] == "inherited"])
    assert inherited and not inherited & _text_heads(short)
    assert inherited <= _text_heads(full)
    assert len(full) > SCREEN


def test_strict_judges_the_whole_variant_and_names_the_inherited_failures() -> None:
    lines = _text(f"{HOUSE}/minsk-150.kozel", "--strict", code=1)
    parent = _parent_findings()
    gaps = _heads([f for f in parent if f["kind"] == "gap"])
    (said,) = [line for line in lines if line.startswith("--strict judges")]
    failing = re.search(r"(\d+) failing, (\d+) of them inherited", said)
    assert failing is not None and failing.group(1) == failing.group(2) != "0"
    assert gaps <= _text_heads(lines[lines.index(said):])


def test_a_rewritten_slot_accounts_for_the_sentence_it_replaces() -> None:
    (variant,) = _json(f"{HOUSE}/minsk-deal-6.kozel")["variants"]
    assert not [f for f in variant["findings"] if f["kind"] == "unaccounted"]
    (source,) = variant["sources"]
    (seven,) = [s for s in source["sentences"] if "по семь камней" in s["text"]]
    assert f"{HOUSE}/minsk-deal-6.kozel:3" in seven["rules"]
    lines = _text(f"{HOUSE}/minsk-deal-6.kozel")
    assert any("по семь камней" in line and f"replaced by {HOUSE}/minsk-deal-6.kozel:3" in line
               for line in lines)


def test_the_change_is_said_in_russian_too() -> None:
    lines = _text(f"{HOUSE}/minsk-deal-6.kozel", "--lang", "ru")
    assert lines[0] == "что minsk-deal-6 меняет в minsk:"
    assert any(line.startswith("и ") and "варианта minsk без изменений" in line
               for line in lines)


def test_a_seed_that_extends_nothing_has_only_its_own_findings() -> None:
    report = json.loads(kozel(*MAIN_JOB).out)
    origins = {v["name"]: {f["origin"] for f in v["findings"]} for v in report["variants"]}
    assert origins["minsk"] == origins["kozel-classic"] == origins["gambler-1v1"] == {"own"}
    assert "inherited" in origins["pairs"]  # pairs extends minsk


def test_a_folder_opens_with_a_line_per_variant_and_the_family_table() -> None:
    lines = _text("spec/variants")
    names = sorted(p.stem for p in (ROOT / "spec" / "variants").glob("*.kozel") if p.stem != "relations")
    assert [line.split(":")[0] for line in lines[:len(names)]] == names
    assert lines[len(names)] == ""
    assert lines[len(names) + 1].startswith("Family table")
