"""`kozel check --summary` gives the one-screen summary of each variant, as text and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kozel.cli import main

ROOT = Path(__file__).resolve().parents[2]
# the seeds as the README's main job checks them, from the checkout with `kozel check`'s own
# options: their reports are read from the run's cache (tests/conftest.py), not computed again
MINSK = "spec/variants/minsk.kozel"


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_summary_json_lists_slots_options_assumptions_and_gaps(capsys) -> None:
    assert main(["check", MINSK, "--summary", "--format", "json"]) == 0
    variant = json.loads(capsys.readouterr().out)["variants"][0]
    summary = variant["summary"]
    assert variant["name"] == "minsk" and summary["players"] == [2, 3, 4]
    assert summary["options"] == [{"name": "target", "values": [100, 300, 500], "default": 100}]
    assert summary["slots"]["lead match"] == ["holder(1-1)"]
    assert any("undealt tiles" in a["reason"] for a in summary["assumptions"])
    assert [u["slot"] for u in summary["unspecified"]] == ["bonus"]


def test_summary_text_comes_before_the_findings(capsys) -> None:
    assert main(["check", MINSK, "--summary"]) == 0
    out = capsys.readouterr().out
    assert out.index("lead match: holder(1-1)") < out.index("gap: `lead match`")


def test_the_summary_line_counts_what_it_names(capsys) -> None:
    """Each count names what it counts: the claims a game refuted apart from the unspecified
    cases and what is for information; the --strict count is what --strict fails on."""
    pairs = str(Path(MINSK).with_name("pairs.kozel"))
    main(["check", MINSK, pairs, "--format", "json", "--jobs", "1"])
    minsk, pairs_report = json.loads(capsys.readouterr().out)["variants"]
    counts = minsk["counts"]
    kinds = [f["kind"] for f in minsk["findings"]]
    assert counts["gaps"] == kinds.count("gap") and counts["unspecified"] == 1
    # the fish's two ends (the text never claims it), and a match that ends only by the deal
    assert counts["for_information"] == 2
    assert {f["kind"] for f in minsk["findings"]} >= {"endless"} and counts["endless"] == 0
    refuted_claims = [f for f in minsk["findings"] if f["kind"] == "claim-refuted"
                      and f["message"].startswith("claim '")]
    assert counts["claims_refuted"] == len(refuted_claims) == 1
    assert minsk["refuted"] == counts["claims_refuted"] + counts["properties_refuted"] + \
        counts["gaps"] + counts["ambiguities"] + counts["conflicts"] + counts["endless"] \
        == counts["strict"]
    # a variant with no refuted claim says none
    assert pairs_report["counts"]["claims_refuted"] == 0
    main(["check", pairs, "--strict"])
    lines = capsys.readouterr().out.strip().splitlines()
    summary = next(line for line in lines if line.startswith("pairs: "))  # then what --strict fails
    assert "claim" not in summary
    # then what --strict fails on, inherited or not; none of pairs' failing is minsk's
    assert lines[-1] == ("--strict judges the whole of pairs: "
                         f"{pairs_report['counts']['strict']} failing, none of them inherited "
                         "from minsk")
    assert f"; {pairs_report['counts']['strict']} failing --strict" in summary
    main(["check", MINSK, "--lang", "ru"])
    russian = capsys.readouterr().out.strip().splitlines()[-1]
    assert "1 утверждение опровергнуто" in russian and "2 пробела" in russian
