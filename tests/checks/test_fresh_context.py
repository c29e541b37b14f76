"""A process that has used Z3 checks again as a new process would: its forked tasks make a fresh
Z3 context first (checks/z3_encode/fresh.py), instead of starting a new Python each.

Z3's models depend on what its context made before, so this is what lets a test worker, the
language server or a program that embeds the checker get the command's report without paying
for a new interpreter per check. Each side runs in a Python of its own here, so what the test
worker did before cannot decide the outcome.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

REPORT = """
import json, sys
from kozel.loading import load_variant
from checks.running.run import CheckSettings, check_variant
def report(name):
    found = check_variant(load_variant(name), CheckSettings(playouts=0))
    return json.dumps(found.as_json(), ensure_ascii=False, sort_keys=True)
"""

NEW_PROCESS = REPORT + "print(report('gambler-1v1'))"

AFTER_OTHER_WORK = REPORT + """
from checks.running.isolated import run_isolated
from checks.questions.z3_state import timed, used
report('gambler-1v1')  # Z3 has made and solved many terms in this process, and the encoder
# has kept what it enumerated for this very variant (contexts.py): the fork must forget it
assert used() and not timed(), 'the fork-with-a-fresh-context path is not the one taken'
print(run_isolated(report, [('gambler-1v1',)], 1)[0])
"""


def _run(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                          capture_output=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_a_check_forked_after_checking_the_same_variant_is_the_check_of_a_new_process(
        ) -> None:
    fresh, after = _run(NEW_PROCESS), _run(AFTER_OTHER_WORK)
    assert '"findings"' in fresh  # a whole report, with its witnesses
    assert after == fresh


PLANTED = """
import z3
from checks.z3_encode import values
from checks.z3_encode.fresh import fresh_context
values.PLANTED = z3.Int("planted")  # a term made at import that fresh.py does not know
try:
    fresh_context()
except RuntimeError as refused:
    print(refused)
print(values.TRUE.ctx is z3.main_ctx())  # refused before anything changed
"""


def test_a_term_made_at_import_that_is_not_made_again_is_refused() -> None:
    said = _run(PLANTED).splitlines()
    assert "checks.z3_encode.values.PLANTED" in said[0] and "does not make again" in said[0]
    assert said[1] == "True"
