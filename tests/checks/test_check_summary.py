"""`kozel check --summary` gives the one-screen summary of each variant, as text and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from interpreter.cli import main

MINSK = str(Path(__file__).resolve().parents[2] / "spec" / "variants" / "minsk.kozel")


def test_summary_json_lists_slots_options_assumptions_and_gaps(capsys) -> None:
    assert main(["check", MINSK, "--summary", "--format", "json", "--playouts", "0"]) == 0
    variant = json.loads(capsys.readouterr().out)["variants"][0]
    summary = variant["summary"]
    assert variant["name"] == "minsk" and summary["players"] == [2, 3, 4]
    assert summary["options"] == [{"name": "target", "values": [100, 300, 500], "default": 100}]
    assert summary["slots"]["lead match"] == ["holder(1-1)"]
    assert any("undealt tiles" in a["reason"] for a in summary["assumptions"])
    assert [u["slot"] for u in summary["unspecified"]] == ["bonus"]


def test_summary_text_comes_before_the_findings(capsys) -> None:
    assert main(["check", MINSK, "--summary", "--playouts", "0"]) == 0
    out = capsys.readouterr().out
    assert out.index("lead match: holder(1-1)") < out.index("gap: `lead match`")
