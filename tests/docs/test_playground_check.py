"""The playground's check with Z3 (kozel/publish/playground/check.py), run in CPython the way the
browser runs it: every task of the checker in this one process (checks/running/isolated.py's path
where no process can be started). Its findings are `kozel check`'s for the same file, and
what it needs beyond the page's own Python is in kozel-checker.zip. The browser test
(test_docs_playground.py) runs it in Pyodide, with Z3's WebAssembly build.
"""

from __future__ import annotations

import json
import random
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from checks.running import isolated  # noqa: E402
from kozel.publish.playground.bundle import write_checker_bundle, write_python_bundle  # noqa: E402

HOUSE = ('variant minsk-house "Минск, домашние правила" extends minsk {\n'
         '  deal: 7\n'
         '      assume "a house rule: the number of tiles each is dealt"\n'
         '}\n')
# The browser's path in a fresh CPython: no process is started (as in Pyodide, which has none).
IN_ONE_PROCESS = """
import json, sys
from checks.running import isolated
isolated.can_fork = lambda: False
from kozel.publish.playground import api
print(json.dumps(api.findings(open(sys.argv[1], encoding="utf-8").read(), sys.argv[2]),
                 ensure_ascii=False))
"""


def _env() -> dict[str, str]:
    return {**os.environ, "KOZEL_CACHE_DIR": "", "PYTHONPATH": str(ROOT)}


def _pid(_: int) -> int:
    return os.getpid()


def test_where_no_process_can_start_the_tasks_run_here_in_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(isolated, "can_fork", lambda: False)
    told: list[int] = []
    assert isolated.run_isolated(_pid, [(1,), (2,), (3,)], 2, told.append) == [os.getpid()] * 3
    assert told == [0, 1, 2]


def test_pyodide_is_a_python_that_cannot_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isolated.can_fork()  # Linux, here
    monkeypatch.setattr(sys, "platform", "emscripten")  # Pyodide has an os.fork that fails
    assert not isolated.can_fork()


def test_the_two_zips_hold_every_module_of_checks_once(tmp_path: Path) -> None:
    page = set(zipfile.ZipFile(write_python_bundle(tmp_path / "a")).namelist())
    checker = zipfile.ZipFile(write_checker_bundle(tmp_path / "a")).namelist()
    assert write_checker_bundle(tmp_path / "b").read_bytes() == \
        (tmp_path / "a" / "kozel-checker.zip").read_bytes()
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "checks").rglob("*.py")
               if "__pycache__" not in p.parts}
    ours = {n for n in checker if n.startswith("checks/")}
    assert ours and not ours & page
    assert ours | {n for n in page if n.startswith("checks/")} >= modules
    assert "checks/z3_encode/terms.py" in ours and "checks/questions/playouts.py" in ours
    assert any(n.startswith("sortedcontainers/") for n in checker)  # Hypothesis needs it


def test_the_findings_in_one_process_are_kozel_checks_games_and_all(tmp_path: Path) -> None:
    file = tmp_path / "playground.kozel"
    file.write_text(HOUSE, encoding="utf-8")
    found = subprocess.run([sys.executable, "-c", IN_ONE_PROCESS, str(file), "ru"],
                           capture_output=True, text=True, env=_env(), cwd=tmp_path, timeout=900)
    assert found.returncode == 0, found.stderr
    shown = json.loads(found.stdout)["variants"]
    # `kozel check` of the same file, from the checkout with the run's cache (tests/conftest.py):
    # it computes the house rule, and reads its parent's report where the run kept it already
    # (the README's main job keeps it, tests/shared_runs.py); the playground computed both
    checked = subprocess.run([sys.executable, "-m", "kozel.cli", "check", str(file),
                              "--format", "json"], capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT, timeout=900)
    assert checked.returncode == 0, checked.stderr
    cli = json.loads(checked.stdout)["variants"]
    own = [f for f in cli[0]["findings"] if f["file"] == str(file)]
    assert [v["name"] for v in shown] == ["minsk-house"]
    assert [(f["kind"], f["line"], f["column"]) for f in shown[0]["findings"]] == \
        [(f["kind"], f["line"], f["column"]) for f in own] == [("assumption", 2, 3)]
    first = shown[0]["findings"][0]
    assert first["record"] == own[0]["witness"]["record"]  # the same game, to the move
    # its parent minsk was checked after it, in the same process: what it inherits is counted
    inherited = sum(f.get("origin") == "inherited" for f in cli[0]["findings"])
    assert inherited > 0 and shown[0]["inherited"].startswith(f"и {inherited} находок"), \
        shown[0]["inherited"]
    assert "minsk" in shown[0]["inherited"]
    assert first["message"].startswith("допущение: ") and first["severity"] == "hint"
    assert (first["from"], first["to"]) == (HOUSE.index("deal"), HOUSE.index("deal") + 1)


def test_a_text_with_an_error_is_not_checked() -> None:
    from kozel.publish.playground import api

    broken = HOUSE.replace("deal: 7", "deal: 7x")
    said = api.problems(broken, "ru")[0]  # what the editor underlines
    assert api.findings(broken, "ru") == {
        "variants": [], "not checked": f"{said['line']}:{said['column']}: {said['message']}"}


def test_a_game_seeded_by_a_drawn_float_gets_the_64_bit_seed_in_any_python() -> None:
    from checks.search.games import float_seed

    drawn = random.Random(7)
    for _ in range(2000):  # the seed a 64-bit CPython's Random(x) takes: x's hash
        x = drawn.random()
        assert float_seed(x) == hash(x)
        assert random.Random(float_seed(x)).random() == random.Random(x).random()
    assert float_seed(0.5) == 2 ** 60  # what 64-bit hashing gives; 32-bit gives 2 ** 30
