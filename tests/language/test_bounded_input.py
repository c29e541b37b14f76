"""Input that would make the work explode ends at once with a positioned error (README: Limits):
many cases of one slot, a long list, a long chain of `use` files, many claims or relations, a
path longer than the system takes; and a `use` of a file that is not a rule file is refused
without showing its content."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from interpreter.language.limits import (MAX_CASES_PER_SLOT, MAX_CLAIMS_PER_VARIANT,
                                         MAX_LIST_ITEMS, MAX_PATH_CHARS,
                                         MAX_RELATIONS_PER_FILE, MAX_USE_DEPTH)
from shared_runs import computing_cache
from small_variant import play_rules

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD = 600  # seconds: only so that a hang fails the test instead of the whole run

BODY = '''variant {name} "V" {{
  players 2..4
  sides: individual
  deal: 5
{extra}
{play}}}
'''.replace("{play}", play_rules())  # no braces in it: .format keeps working


def _kozel(*argv: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": str(computing_cache())}
    return subprocess.run([sys.executable, "-m", "kozel.cli", *map(str, argv)],
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=HANG_GUARD)


def _cases(count: int) -> str:
    lines = [f"  draw: one when count(stock) = {i}" for i in range(count)]
    return BODY.format(name=f"v{count}", extra="\n".join(lines + ["  draw: none otherwise",
                                                                  "  pass: no"]))


def _refused(run: subprocess.CompletedProcess[str], place: str, words: str) -> None:
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and "RecursionError" not in run.stderr
    first = run.stderr.splitlines()[0]
    assert first.startswith(place) and words in first, run.stderr


def test_three_hundred_cases_of_one_slot_are_refused_at_the_first_past_the_limit(
        tmp_path: Path) -> None:
    path = tmp_path / "many.kozel"
    path.write_text(_cases(300), encoding="utf-8")
    # the variant's line, players, sides, deal: the limit's case is on line 5 + the limit
    run = _kozel("check", path)
    _refused(run, f"{path}:{5 + MAX_CASES_PER_SLOT}:3:", "too many cases of `draw`")


def test_ten_thousand_cases_end_with_the_same_message(tmp_path: Path) -> None:
    path = tmp_path / "huge.kozel"
    path.write_text(_cases(10_000), encoding="utf-8")
    run = _kozel("check", path, "--format", "json")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    error, = json.loads(run.stdout)["errors"]
    assert (error["line"], error["column"]) == (5 + MAX_CASES_PER_SLOT, 3)
    assert error["message"] == (f"too many cases of `draw` in variant 'v10000' "
                                f"(more than {MAX_CASES_PER_SLOT})")


def test_cases_up_to_the_limit_are_a_variant(tmp_path: Path) -> None:
    path = tmp_path / "enough.kozel"
    path.write_text(_cases(MAX_CASES_PER_SLOT - 1), encoding="utf-8")  # and `otherwise`
    run = _kozel("replay", path, ROOT / "tests" / "records" / "minsk-4.json")
    assert "too many cases" not in run.stderr and "Traceback" not in run.stderr


def test_a_list_of_three_thousand_tiles_is_refused_where_it_begins(tmp_path: Path) -> None:
    path = tmp_path / "wide.kozel"
    tiles = ", ".join(["1-1"] * 3000)
    path.write_text(BODY.format(name="wide", extra=f"  draw: none\n  pass: count(hand - [{tiles}]) > 3"),
                    encoding="utf-8")
    for command in (["check"], ["simulate", "--matches", "1"]):
        run = _kozel(command[0], path, *command[1:])
        _refused(run, f"{path}:6:22:", f"list too long (more than {MAX_LIST_ITEMS} items)")


def test_a_chain_of_1200_use_files_is_refused_at_the_use_past_the_limit(tmp_path: Path) -> None:
    count = 1200
    for i in range(count):
        use = f'use "f{i + 1}.kozel"\n' if i < count - 1 else ""
        extra = "  draw: none\n  pass: no"
        (tmp_path / f"f{i}.kozel").write_text(use + BODY.format(name=f"c{i}", extra=extra),
                                              encoding="utf-8")
    run = _kozel("check", "f0.kozel", cwd=tmp_path)
    # the file that is the limit's last names one more: its `use` line is blamed, no other
    _refused(run, f"f{MAX_USE_DEPTH - 1}.kozel:1:1:", "`use` files nested too deeply")
    assert "maximum recursion" not in run.stderr
    assert run.stderr.count(": error:") == 1


def test_a_use_of_a_file_that_is_not_a_rule_file_does_not_show_it(tmp_path: Path) -> None:
    secret = tmp_path / "shadow"
    secret.write_text("root:$6$hunter2:19000:0:99999:7:::\n", encoding="utf-8")
    (tmp_path / "rules.kozel").symlink_to(secret)
    (tmp_path / "main.kozel").write_text(
        'use "rules.kozel"\n' + BODY.format(name="m", extra="  draw: none\n  pass: no"),
        encoding="utf-8")
    run = _kozel("check", "main.kozel", cwd=tmp_path)
    _refused(run, "main.kozel:1:1:", "cannot use 'rules.kozel': it is not a rule file")
    assert "hunter2" not in run.stderr + run.stdout and "root" not in run.stderr + run.stdout


def test_four_hundred_claims_are_refused_at_the_first_past_the_limit(tmp_path: Path) -> None:
    """400 one-line claims kept a check busy for more than a quarter of an hour."""
    path = tmp_path / "claims.kozel"
    claims = [f'  claim play "c{i}": total >= {i} or yes' for i in range(400)]
    path.write_text(BODY.format(name="claims", extra="\n".join(
        ["  draw: none", "  pass: no"] + claims)), encoding="utf-8")
    run = _kozel("check", path)
    # the variant's line, players, sides, deal, draw, pass: the claims begin on line 7
    _refused(run, f"{path}:{7 + MAX_CLAIMS_PER_VARIANT}:3:",
             f"too many claims in variant 'claims' (more than {MAX_CLAIMS_PER_VARIANT})")


def test_relations_past_the_limit_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "relations.kozel"
    relations = [f'relation "r{i}" one same as one' for i in range(MAX_RELATIONS_PER_FILE + 8)]
    variant = BODY.format(name="one", extra="  draw: none\n  pass: no")
    path.write_text(variant + "\n".join(relations) + "\n", encoding="utf-8")
    line = variant.count("\n") + 1 + MAX_RELATIONS_PER_FILE  # the first past the limit
    _refused(_kozel("check", path), f"{path}:{line}:1:",
             f"too many relations in one file (more than {MAX_RELATIONS_PER_FILE})")


def test_a_use_path_of_six_thousand_characters_is_refused_before_the_system_sees_it(
        tmp_path: Path) -> None:
    path = tmp_path / "long.kozel"
    for named in ("a" * 6000 + ".kozel", "a/" * 3000 + "x.kozel"):
        path.write_text(f'use "{named}"\n' + BODY.format(name="long", extra="  draw: none\n  pass: no"),
                        encoding="utf-8")
        run = _kozel("check", path)
        _refused(run, f"{path}:1:1:", f"is too long (more than {MAX_PATH_CHARS} characters")
        assert "OSError" not in run.stderr
