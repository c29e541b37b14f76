"""The JSON Schemas of what `kozel check`, `diff`, `simulate`, `replay` and `balance` print with
--format json (interpreter/schemas/, shown on the site's record page): every seed's output is
valid, every key the commands write today is one its schema documents, the schemas' enums are
the code's, and a broken output is refused, so that a schema can fail."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from kozel.cli import main
from shared_runs import MAIN_JOB, kozel

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema comes with the [dev] extra")
referencing = pytest.importorskip("referencing", reason="jsonschema's reference resolver")

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "interpreter" / "schemas"
SCHEMAS = {path.name.split(".")[0]: json.loads(path.read_text(encoding="utf-8"))
           for path in sorted(FOLDER.glob("*.schema.json"))}
OUTPUTS = ("kozel-check", "kozel-diff", "kozel-simulate", "kozel-replay", "kozel-balance")
WINS = "tests/golden/good/match-end.kozel"  # variants that end a match by its winner
MOVE_SCORE = "tests/golden/good/points-at-a-move.kozel"  # variants that score at a move


def _documented_only(node: Any) -> Any:
    """The schema as a closed format: an object that lists its properties takes no others.
    The published schemas let later versions add keys; this copy says that today's output
    writes no key its schema does not document."""
    if isinstance(node, list):
        return [_documented_only(item) for item in node]
    if not isinstance(node, dict):
        return node
    closed = {key: value if key in ("enum", "const") else _documented_only(value)
              for key, value in node.items()}
    if "properties" in node and "additionalProperties" not in node:
        closed["unevaluatedProperties"] = False
    return closed


def _validator(name: str, *, documented_only: bool = False) -> Any:
    """A validator of one schema, the others (and the record's) found by their `$id`."""
    shape = _documented_only if documented_only else (lambda schema: schema)
    registry = referencing.Registry().with_resources(
        (schema["$id"], referencing.Resource.from_contents(shape(schema)))
        for schema in SCHEMAS.values())
    return jsonschema.Draft202012Validator(shape(SCHEMAS[name]), registry=registry)


def _errors(name: str, output: Any, *, documented_only: bool = False) -> list[str]:
    found = _validator(name, documented_only=documented_only).iter_errors(output)
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in found]


def _valid(name: str, output: Any) -> None:
    """The output is valid, and writes only keys its schema documents."""
    assert _errors(name, output) == []
    assert _errors(name, output, documented_only=True) == []


def _run(capsys: Any, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


# --- the schemas themselves ----------------------------------------------------------------

def _properties(node: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    """Every property a schema names, with where it is."""
    if isinstance(node, dict):
        for name, value in node.get("properties", {}).items():
            yield f"{where}/properties/{name}", value
        for key, value in node.items():
            if key not in ("enum", "const"):
                yield from _properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for number, item in enumerate(node):
            yield from _properties(item, f"{where}/{number}")


@pytest.mark.parametrize("name", [*OUTPUTS, "kozel-witness"])
def test_each_schema_is_draft_2020_12_with_its_id_and_words_on_every_property(name: str
                                                                              ) -> None:
    schema = SCHEMAS[name]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"urn:kozel:schema:{name}"
    assert "may gain fields" in schema["description"]  # a reader must accept new keys
    assert "counted from 0" in schema["description"]
    unsaid = [where for where, value in _properties(schema) if "description" not in value]
    assert unsaid == []


def test_the_schemas_enums_are_the_codes() -> None:
    from checks.compare.family import STATUSES
    from checks.reporting.kinds import Kind
    from interpreter.engine.players import STRATEGIES
    from interpreter.engine.stops import KINDS as STOPS
    from interpreter.language.slots import SLOTS

    check = SCHEMAS["kozel-check"]["$defs"]
    assert check["kind"]["enum"] == [kind.value for kind in Kind]
    assert check["slot"]["enum"] == ["", *SLOTS]
    diff = SCHEMAS["kozel-diff"]["$defs"]["slot entry"]["properties"]
    assert set(diff["status"]["enum"]) == set(STATUSES)
    assert set(check["difference"]["properties"]["status"]["enum"]) == set(STATUSES) - {"same"}
    simulate = SCHEMAS["kozel-simulate"]
    from kozel.commands.play import THINKING  # the strategies of kozel[ai]
    assert simulate["properties"]["strategy"]["enum"] == list(STRATEGIES) + list(THINKING)
    assert set(simulate["$defs"]["stop"]["properties"]["kind"]["enum"]) == set(STOPS)
    from interpreter.simulation.balance_compare import MEASURES
    balance = SCHEMAS["kozel-balance"]["$defs"]
    assert balance["strategy"]["enum"] == list(STRATEGIES) + list(THINKING)
    assert balance["difference"]["properties"]["measure"]["enum"] == list(MEASURES)


# --- every seed's output -------------------------------------------------------------------

@pytest.fixture(scope="module")
def checked() -> dict[str, Any]:
    """`kozel check spec/variants --format json`: the run the suite shares (shared_runs.py)."""
    ran = kozel(*MAIN_JOB)
    assert ran.code == 0, ran.err
    output: dict[str, Any] = json.loads(ran.out)
    return output


def test_the_check_of_the_seeds_is_valid(checked: dict[str, Any]) -> None:
    assert len(checked["variants"]) >= 4 and checked["comparisons"] and checked["relations"]
    kinds = {f["kind"] for v in checked["variants"] for f in v["findings"]}
    assert {"gap", "claim-refuted", "unconfirmed", "assumption"} <= kinds
    _valid("kozel-check", checked)


def test_the_check_with_summaries_is_valid(checked: dict[str, Any]) -> None:
    ran = kozel(*MAIN_JOB, "--summary")  # the reports and comparisons read from the run's cache
    output = json.loads(ran.out)
    assert all("summary" in v for v in output["variants"])
    _valid("kozel-check", output)


def test_the_check_of_a_rule_file_with_errors_is_valid(capsys: Any, tmp_path: Path) -> None:
    (tmp_path / "broken.kozel").write_text('variant broken "B" {\n  deal: seven\n}\n',
                                           encoding="utf-8")
    code, out = _run(capsys, "check", str(tmp_path / "broken.kozel"), "--format", "json")
    output = json.loads(out)
    assert code == 1 and output["errors"] and not output["variants"]
    _valid("kozel-check", output)


def test_a_diff_of_two_seeds_is_valid() -> None:
    from interpreter.language.slots import SLOTS

    ran = kozel("diff", "minsk", "pairs", "--format", "json")
    assert ran.code == 0, ran.err
    output = json.loads(ran.out)
    assert [entry["slot"] for entry in output["slots"]] == list(SLOTS)  # each once, in order
    assert {entry["status"] for entry in output["slots"]} >= {"same", "different"}
    _valid("kozel-diff", output)


def _seed_runs() -> list[list[str]]:
    """A simulate of each seed, its options without a default set to their first value."""
    from seed_reports import seeds

    runs = []
    for name, variant in seeds().items():
        options = [f"{o.name}={_word(o.values[0])}" for o in variant.options
                   if o.default is None]
        runs.append([name, *(a for o in options for a in ("--option", o))])
    return runs


def _word(value: Any) -> str:
    return {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) \
        else str(value)


SIMULATED = [*_seed_runs(),
             ["minsk", "--compare-readings"],
             [f"{WINS}:first-to-61", "--players", "3"]]


@pytest.mark.parametrize("argv", SIMULATED, ids=lambda argv: " ".join(argv))
def test_a_simulate_of_each_seed_is_valid(capsys: Any, argv: list[str]) -> None:
    code, out = _run(capsys, "simulate", *argv, "--matches", "12", "--workers", "1",
                     "--format", "json")
    output = json.loads(out)
    assert code == 0 and output["played"] == 12
    assert ("readings" in output) == ("--compare-readings" in argv)
    assert ("win_rate" in output) == argv[0].startswith(WINS)
    _valid("kozel-simulate", output)


BALANCE = ("balance", "minsk", "pairs", "--matches", "2000", "--workers", "1", "--format",
           "json")  # the command (tests/simulation/test_balance.py reads the same run)


def test_a_balance_of_two_seeds_is_valid() -> None:
    ran = kozel(*BALANCE)
    assert ran.code == 0, ran.err
    output = json.loads(ran.out)
    assert len(output["variants"]) == 2 and output["comparison"]["differences"]
    assert any(d["example"] for d in output["comparison"]["differences"])
    _valid("kozel-balance", output)


RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_a_replay_of_each_record_is_valid(capsys: Any, path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    code, out = _run(capsys, "replay", record["variant"], str(path), "--format", "json")
    output = json.loads(out)
    assert code == 0 and len(output["rounds"]) == len(record["rounds"])
    _valid("kozel-replay", output)


def test_a_partial_replay_of_a_checker_witness_is_valid(capsys: Any, checked: dict[str, Any],
                                                        tmp_path: Path) -> None:
    witness = next(f["witness"] for v in checked["variants"] for f in v["findings"]
                   if f["witness"] and f["witness"]["at"]["moves"] > 0)
    path = tmp_path / "witness.json"
    path.write_text(json.dumps(witness["record"]), encoding="utf-8")
    code, out = _run(capsys, "replay", witness["record"]["variant"], str(path), "--partial",
                     "--format", "json")
    output = json.loads(out)
    assert code == 0 and output["unfinished"] == witness["at"]
    _valid("kozel-replay", output)


def test_a_replay_of_a_match_won_is_valid(capsys: Any, tmp_path: Path) -> None:
    path = tmp_path / "won.json"
    variant = f"{WINS}:first-to-61"
    code, _ = _run(capsys, "play", variant, "--players", "2", "--seed", "5", "--save", str(path))
    assert code == 0
    code, out = _run(capsys, "replay", variant, str(path), "--format", "json")
    output = json.loads(out)
    assert code == 0 and output["winner"] and output["goat"] == []
    _valid("kozel-replay", output)


def test_a_replay_of_a_match_with_points_at_a_move_is_valid(capsys: Any, tmp_path: Path) -> None:
    path = tmp_path / "fives.json"
    for variant in (f"{MOVE_SCORE}:all-fives-plain", f"{MOVE_SCORE}:fives-and-threes-plain"):
        code, _ = _run(capsys, "play", variant, "--players", "2", "--seed", "3", "--save",
                       str(path))
        assert code == 0
        code, out = _run(capsys, "replay", variant, str(path), "--format", "json")
        output = json.loads(out)
        assert code == 0 and all(len(r["move points"]) == 2 for r in output["rounds"])
        assert any(sum(r["move points"]) for r in output["rounds"])
        _valid("kozel-replay", output)


# --- a broken output is refused ------------------------------------------------------------

def _first_finding(output: dict[str, Any]) -> dict[str, Any]:
    return next(f for v in output["variants"] for f in v["findings"] if f["witness"])


def _diff_witness(output: dict[str, Any]) -> dict[str, Any]:
    return next(e["witness"] for e in output["slots"] if e["witness"])


Break = Callable[[dict[str, Any]], None]
BREAKS: dict[str, tuple[str, Break]] = {
    "check without limits": ("kozel-check", lambda o: o.pop("limits")),
    "a finding's kind unknown": ("kozel-check", lambda o: _first_finding(o).update(kind="gaps")),
    "a finding without its line": ("kozel-check", lambda o: _first_finding(o).pop("line")),
    "a witness seat counted from 1": ("kozel-check", lambda o: _first_finding(o)["witness"]
                                      .update(seat="seat 1")),
    "a witness record of another format": ("kozel-check", lambda o: _first_finding(o)[
        "witness"]["record"].update(format="kozel-record/2")),
    "a relation's kind of a variant": ("kozel-check", lambda o: o["relations"][0]
                                       .update(kind="gap")),
    "a comparison status `same`": ("kozel-check", lambda o: o["comparisons"][0][
        "differences"][0].update(status="same")),
    "diff status unknown": ("kozel-diff", lambda o: o["slots"][0].update(status="similar")),
    "diff without slots": ("kozel-diff", lambda o: o.pop("slots")),
    "diff witness tile": ("kozel-diff", lambda o: _diff_witness(o).update(lead="7-7")),
    "simulate strategy": ("kozel-simulate", lambda o: o.update(strategy="smart")),
    "simulate without stops": ("kozel-simulate", lambda o: o.pop("stops")),
    "simulate rate above 1": ("kozel-simulate", lambda o: o["rates"]["fish"].update(rate=1.5)),
    "replay round end": ("kozel-replay", lambda o: o["rounds"][0].update(end="draw")),
    "replay goat in words": ("kozel-replay", lambda o: o.update(goat=["side 1"])),
    "replay without scores": ("kozel-replay", lambda o: o.pop("scores")),
    "balance strategy": ("kozel-balance", lambda o: o["variants"][0]["strategies"][0]
                         .update(strategy="smart")),
    "balance interval unsaid": ("kozel-balance", lambda o: o["variants"][0]["strategies"][0][
        "match_length"].pop("low")),
    "balance seat counted from 1": ("kozel-balance", lambda o: o["variants"][0]
                                    .update(side_of=["seat 1"])),
}


@pytest.fixture(scope="module")
def outputs(checked: dict[str, Any]) -> dict[str, Any]:
    """One real output of each command."""
    record = RECORDS[0]
    variant = json.loads(record.read_text(encoding="utf-8"))["variant"]
    return {"kozel-check": checked,
            "kozel-diff": json.loads(kozel("diff", "minsk", "pairs", "--format", "json").out),
            "kozel-simulate": json.loads(kozel("simulate", "minsk", "--matches", "5",
                                               "--workers", "1", "--format", "json").out),
            "kozel-replay": json.loads(kozel("replay", variant, str(record.relative_to(ROOT)),
                                             "--format", "json").out),
            "kozel-balance": json.loads(kozel(*BALANCE).out)}


@pytest.fixture(scope="module")
def unbroken_errors(outputs: dict[str, Any]) -> dict[str, list[str]]:
    """Each real output's errors against its schema, found once: every break of it starts from
    the same output (validating the main job's 1.4 MB takes about a CPU-second)."""
    return {schema: _errors(schema, output) for schema, output in outputs.items()}


def _refused(schema: str, output: Any) -> bool:
    """Whether the schema finds an error in the output (the first one decides)."""
    return next(_validator(schema).iter_errors(output), None) is not None


@pytest.mark.parametrize("name", BREAKS)
def test_a_broken_output_is_refused(outputs: dict[str, Any],
                                    unbroken_errors: dict[str, list[str]], name: str) -> None:
    schema, breaks = BREAKS[name]
    output = copy.deepcopy(outputs[schema])
    assert unbroken_errors[schema] == []
    breaks(output)
    assert _refused(schema, output), name


def test_a_key_no_schema_documents_is_refused_as_undocumented(outputs: dict[str, Any]
                                                             ) -> None:
    output = copy.deepcopy(outputs["kozel-check"])
    _first_finding(output)["witness"]["seat number"] = 1
    assert _errors("kozel-check", output) == []  # the published schema lets keys be added
    assert _errors("kozel-check", output, documented_only=True)
