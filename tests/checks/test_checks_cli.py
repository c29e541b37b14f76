"""`kozel check`: findings as `file:line:col: kind: message` with witnesses, JSON, --strict,
records of deal witnesses that `kozel replay` accepts, and no tracebacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from checks.reporting.kinds import Kind
from kozel.cli import main

GOLDEN = Path(__file__).parents[1] / "golden" / "checks"
PLANTED = GOLDEN / "planted.kozel"
FAST = ["--playouts", "0", "--jobs", "1", "--no-compare"]  # the family check: test_family.py
# the checker's own names of questions and situations, which no message may show
INTERNAL = re.compile(r"no-case|lead-empty|reachable of|defined of|match-all|recorded-any|"
                      r"deal-any|hand-end|fish-ends-equal|one-goat|points-nonnegative|"
                      r"deal-fits|tile-set|partners-four|reserve-fits|\bclaim of")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def without_witnesses(text: str) -> str:
    """Finding and summary lines only, without the time each variant took."""
    lines = [line for line in text.splitlines() if line and not line.startswith("    ")]
    return "\n".join(re.sub(r" \(\d+\.\d s\)$", "", line) for line in lines) + "\n"


def test_golden_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(PLANTED), *FAST)
    assert code == 0
    expected = (GOLDEN / "planted.expected").read_text(encoding="utf-8")
    assert without_witnesses(out).replace(str(PLANTED), "planted.kozel") == expected
    messages = re.findall(r"^\S+:\d+:\d+: [a-z-]+: (.*)$", expected, re.MULTILINE)
    assert messages and not [m for m in messages if INTERNAL.search(m)]


def test_witness_is_drawn_as_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, str(PLANTED), *FAST)
    block = out.split(": gap: `lead match`: `holder(1-1)`", 1)[1].split("\n")
    assert block[1].startswith("    players ")
    assert re.match(r"    seat 1: (\d-\d ?){7}$", block[2])  # seats for people, from 1
    assert any(line.startswith("    stock: ") and "1-1" in line for line in block[:8])


def test_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(PLANTED), "--format", "json", *FAST)
    assert code == 0
    data = json.loads(out)
    names = [v["name"] for v in data["variants"]]
    assert names[:2] == ["planted-base", "planted-true"] and "planted-conflict" in names
    # the machine's timings only when asked for: the report is the same on any machine
    assert data["limits"] == {"effort": 12, "steps": 12_000_000, "timeout_ms": None,
                              "games": 4000}
    for variant in data["variants"]:
        assert "seconds" not in variant
        for finding in variant["findings"]:
            # `was`: only on a finding a house rule altered (the parent's kind)
            assert set(finding) - {"was"} == {"kind", "slot", "file", "line", "column",
                                              "message", "witness", "origin"}
            assert finding["origin"] in {"own", "inherited"}
            assert finding["file"] == str(PLANTED)
            assert finding["kind"] in {k.value for k in Kind}
    base, true = data["variants"][:2]  # a variant extending none owns all its findings
    assert {f["origin"] for f in base["findings"]} == {"own"}
    # planted-true's claims are its own; the parent's proved fish and defaults are inherited
    claims = {f["line"]: f["origin"] for f in true["findings"] if f["kind"] == "claim-proved"}
    assert claims == {23: "own", 24: "own", 25: "own", 26: "own"}
    properties = {f["line"]: f["origin"] for f in true["findings"]
                  if f["kind"] == "property-proved"}  # built in: the parent's fish
    assert properties[13] == "inherited"
    gap = next(f for v in data["variants"] for f in v["findings"] if f["kind"] == "gap")
    assert {"players", "hands", "stock"} <= set(gap["witness"])


def test_strict_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, str(PLANTED), "--strict", *FAST)[0] == 1


def test_strict_passes_a_clean_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    text = PLANTED.read_text(encoding="utf-8")
    clean = text[:text.index("-- A gap:")]
    path = tmp_path / "clean.kozel"
    path.write_text(clean, encoding="utf-8")
    code, out, _ = run(capsys, str(path), "--strict", "--playouts", "3")
    assert code == 0, out
    assert "3 playouts" in out


def test_rule_file_errors_keep_positions(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    path = tmp_path / "bad.kozel"
    path.write_text("variant bad {\n  players 2..4\n  deal: sevn\n}\n", encoding="utf-8")
    code, _, err = run(capsys, str(path), *FAST)
    assert code == 1
    assert f"{path}:3:" in err and "Traceback" not in err


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, str(PLANTED), "--timeout", "0")[0] == 2
    assert run(capsys, str(PLANTED), "--effort", "0")[0] == 2
    assert run(capsys, "no/such/file.kozel")[0] == 2


def test_deal_witness_record_replays_to_the_same_stop(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "records"
    run(capsys, str(PLANTED), "--records", str(folder), *FAST)
    records = sorted(folder.glob("planted-gap-*-gap-lead_match.json"))
    assert records
    # `kozel replay FILE` plays the file's first variant: put planted-gap first
    text = PLANTED.read_text(encoding="utf-8")
    gap = text[text.index("variant planted-gap"):text.index("-- A gap of a different kind")]
    rules = tmp_path / "gap.kozel"
    base = text[text.index("variant planted-base"):text.index("variant planted-true")]
    rules.write_text(gap + base, encoding="utf-8")
    code = main(["replay", str(rules), str(records[0])])
    err = capsys.readouterr().err
    assert code == 1
    assert "lead match" in err and "1-1" in err


def test_timings_are_reported_only_when_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    two = [f"{PLANTED}:planted-base", f"{PLANTED}:planted-conflict"]  # timed: never cached
    _, out, _ = run(capsys, *two, "--timings", "--format", "json", *FAST)
    assert [v["seconds"] >= 0 for v in json.loads(out)["variants"]] == [True, True]
    _, out, _ = run(capsys, *two, *FAST)
    assert not re.search(r"\(\d+\.\d s\)", out)
    _, out, _ = run(capsys, *two, "--timings", *FAST)
    assert re.search(r"\(\d+\.\d s\)", out)


def test_timeout_flag_reaches_the_solver_and_is_reported(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    code, out, _ = run(capsys, str(PLANTED), "--timeout", "1", *FAST)
    assert out.startswith("a wall-clock limit of 1 ms per condition was asked")
    code, out, _ = run(capsys, str(PLANTED), "--timeout", "1", "--format", "json", *FAST)
    assert code == 0
    data = json.loads(out)
    assert data["limits"]["timeout_ms"] == 1
    base = data["variants"][1]
    proved = [f for f in base["findings"] if f["kind"] == "claim-proved"]
    unknown = [f for f in base["findings"] if f["kind"] == "unknown"]
    assert all("not counted as proved" in f["message"] for f in unknown)
    assert base["unknown"] == len(unknown) and len(proved) <= 12
    # an undecided question is said in words, with the rule's text, not the checker's names
    assert all(f["message"].startswith("undecided (out of time") and "): whether " in
               f["message"] for f in unknown)
    assert not [f["message"] for f in unknown if INTERNAL.search(f["message"])]
    assert any("whether `lead match: holder(1-1)` (line 9) always has a single answer"
               in f["message"] for v in data["variants"] for f in v["findings"])


def test_every_witness_game_is_written_and_replays_with_partial(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--records writes one file per witness game (two findings at one place keep their own
    files), and `kozel replay --partial` takes each one without a traceback."""
    folder = tmp_path / "records"
    minsk = Path(__file__).resolve().parents[2] / "spec" / "variants" / "minsk.kozel"
    code, out, _ = run(capsys, str(minsk), "--records", str(folder), "--format", "json", *FAST)
    assert code == 0
    games = [f for v in json.loads(out)["variants"] for f in v["findings"]
             if (f["witness"] or {}).get("record")]
    files = sorted(folder.glob("minsk-*.json"))
    assert len(files) == len(games) >= 5
    for file in files:
        code = main(["replay", "--partial", "minsk", str(file), "--format", "json"])
        out, err = capsys.readouterr()
        assert code == 0 or ("minsk.kozel" in err and "Traceback" not in err), (file, err)
        if code == 0:
            assert "rounds" in json.loads(out)
