"""`kozel diff PARENT HOUSE` on ten house rules of the seeds, each changing one thing: the change
is `different`, shown by a game that replays through the engine under both variants' own rules
and options to different ends, and nothing else differs but what the change reaches through.
Options, claims, built-in questions and declarations that differ are listed beside the slots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import referencing

from checks.compare.diff_games import replayed_under
from interpreter.engine import RuleStop
from interpreter.language.errors import KozelError
from interpreter.language.resolve import parse_variant_file
from kozel.cli import main

ROOT = Path(__file__).resolve().parents[2]
HOUSE = Path(__file__).resolve().parent / "house"

# house rule: (parent, the slots it changes, the slots its change reaches through)
CHANGES: dict[str, tuple[str, set[str], set[str]]] = {
    "minsk-150": ("minsk", {"goat"}, set()),  # `option target: 150`, one value
    "minsk-300": ("minsk", {"goat"}, set()),  # the same values, another default
    "gambler-101": ("gambler-1v1", {"goat"}, set()),
    "pairs-bonuses": ("pairs", {"lead match", "lead tile", "hand value", "bonus"}, set()),
    "minsk-redeal-4": ("minsk", {"redeal"}, set()),  # one case replaced
    "minsk-zero-30": ("minsk", {"hand value"}, {"loser", "score", "carry"}),  # a lone double
    "classic-goat-150": ("kozel-classic", {"goat"}, set()),
    "classic-fish": ("kozel-classic", {"loser", "score"}, set()),  # unspecified, decided
    "minsk-no-claim": ("minsk", set(), set()),  # a claim dropped
    "minsk-goats": ("minsk", set(), set()),  # `several goats: yes`
}


def _diff(capsys: pytest.CaptureFixture[str], house: str, parent: str = "") -> dict[str, Any]:
    parent = parent or CHANGES[house][0]
    assert main(["diff", str(ROOT / "spec" / "variants" / f"{parent}.kozel"),
                 str(HOUSE / f"{house}.kozel"), "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    _schema().validate(shown)
    return shown


def _schema() -> Any:
    """The published kozel-diff schema, the others it refers to found by their `$id`."""
    schemas = [json.loads(path.read_text(encoding="utf-8"))
               for path in (ROOT / "interpreter" / "schemas").glob("*.schema.json")]
    registry = referencing.Registry().with_resources(
        (schema["$id"], referencing.Resource.from_contents(schema)) for schema in schemas)
    diff = next(schema for schema in schemas if schema["$id"].endswith(":kozel-diff"))
    return jsonschema.Draft202012Validator(diff, registry=registry)


def _variants(house: str) -> dict[str, Any]:
    parent = CHANGES[house][0]
    found = {v.name: v for v in parse_variant_file(HOUSE / f"{house}.kozel")}
    found[parent] = next(v for v in parse_variant_file(ROOT / "spec" / "variants"
                                                       / f"{parent}.kozel") if v.name == parent)
    return found


def _outcome(variant: Any, record: dict[str, Any], options: dict[str, Any]) -> Any:
    """Where a record ends under a variant's own rules: the rule that stops it, the error that
    says it is not that variant's game, or each round's end, scores and goat."""
    try:
        result = replayed_under(variant, record, options)
    except RuleStop as stop:
        return ("stops at", stop.rule)
    except KozelError as error:
        return ("not a game", str(error))
    return (result.scores, result.goat, result.unfinished,
            [(r.end, r.scores) for r in result.rounds])


@pytest.mark.parametrize("house", sorted(CHANGES))
def test_a_house_rule_differs_from_its_parent_in_its_change_alone(
        capsys: pytest.CaptureFixture[str], house: str) -> None:
    shown = _diff(capsys, house)
    _, changed, through = CHANGES[house]
    different = {s["slot"] for s in shown["slots"] if s["status"] == "different"}
    others = {s["slot"]: s["status"] for s in shown["slots"]
              if s["status"] != "same" and s["slot"] not in changed | through}
    assert changed <= different and not others
    variants = _variants(house)
    parted = []  # the slots whose game ends otherwise under the two variants
    for entry in shown["slots"]:
        if entry["status"] != "different":
            continue
        witness = entry["witness"]
        answers = list(witness["does"].values())
        assert answers[0] != answers[1]
        record = witness["record"]
        outcomes = {name: _outcome(variants[name], record, witness["options"][name])
                    for name in witness["does"]}
        assert outcomes[record["variant"]][0] not in ("stops at", "not a game")  # its own game
        if len(set(map(repr, outcomes.values()))) == 2:
            parted.append(entry["slot"])
    # a difference may change nothing written (a partner's hand value that is not counted);
    # the change itself shows in a game that ends otherwise under the two variants
    assert bool(parted) == bool(changed) and set(parted) <= changed | through


def test_options_claims_and_declarations_that_differ_are_listed(
        capsys: pytest.CaptureFixture[str]) -> None:
    target = {o["option"]: o for o in _diff(capsys, "minsk-150")["option differences"]}
    assert target["target"]["b"]["default"] == 150 and target["target"]["slots"] == ["goat"]
    # `goat: total > target`: where the two part, the lower target makes the goat (which of
    # minsk's targets, 100, 300 or 500, the game is played at is the solver's choice)
    witness = target["target"]["witness"]
    targets = {name: chosen["target"] for name, chosen in witness["options"].items()}
    assert targets["minsk-150"] == 150 and targets["minsk"] in (100, 300, 500)
    lower = min(targets, key=targets.__getitem__)
    assert witness["does"] == {name: name == lower for name in targets}
    goats = {(p["part"], p["name"], p["change"])
             for p in _diff(capsys, "minsk-goats")["part differences"]}
    assert goats == {("declaration", "several goats", "replaced"),
                     ("property", "one-goat", "dropped")}
    claims = _diff(capsys, "minsk-no-claim")["part differences"]
    assert [(p["part"], p["change"], p["b"]) for p in claims] == [("claim", "dropped", None)]


def test_an_unconfirmed_difference_says_what_its_games_saw() -> None:
    from checks.compare.diff_unfound import unfound_words
    from checks.reporting.catalogue import said_in
    from checks.search.games import Searched

    searched = Searched(None, {"`wins` at m.kozel:9": 30}, 4000)
    asked = unfound_words(searched, 1566)  # the rule was asked: its games did reach it
    assert asked == ("4000 games played; at each of the 1566 moments where they asked both "
                     "rules, the two answered alike; games broke off at `wins` at m.kozel:9 (30×)")
    assert "1566" in said_in(asked, "ru") and "reached" not in asked
    assert unfound_words(Searched(None, {}, 10), 0) == (
        "10 games played; none reached a moment where this rule is asked")


def test_a_house_rules_one_valued_option_is_its_default_when_simulated(
        capsys: pytest.CaptureFixture[str]) -> None:
    house = str(HOUSE / "minsk-150.kozel")
    assert main(["simulate", house, "--matches", "2", "--format", "json"]) == 0
    simulated = json.loads(capsys.readouterr().out)
    assert '"target": 150' in json.dumps(simulated)


def test_each_sides_rule_is_labelled_where_it_was_written(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", str(ROOT / "spec" / "variants" / "kozel-classic.kozel"),
                 str(HOUSE / "classic-fish.kozel")]) == 0
    lines = capsys.readouterr().out.splitlines()
    decided = [line for line in lines
               if line.strip().startswith("score: value(side) when end = fish")]
    assert decided and decided[0].endswith("classic-fish.kozel:8")  # the house rule's line
    parents = [line for line in lines if line.strip().startswith("score: unspecified")]
    assert parents and "--" not in parents[0]  # the parent's, under the parent's place


def test_a_rule_that_agrees_at_each_default_is_compared_at_the_values_both_offer(
        capsys: pytest.CaptureFixture[str]) -> None:
    shown = _diff(capsys, "gambler-shifted", "gambler-1v1")
    goat, = [s for s in shown["slots"] if s["slot"] == "goat"]
    assert goat["status"] == "different"
    settings = list(goat["witness"]["options"].values())
    assert settings[0] == settings[1]  # one value both offer, not each one's default
