"""The code is type-checked: mypy finds nothing in interpreter, checks and kozel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Both run in one worker (`--dist loadfile`): two mypy processes writing one .mypy_cache at
# once crash mypy.


@pytest.mark.parametrize("target", [["interpreter", "checks"], ["-p", "kozel"]],
                         ids=["interpreter+checks", "kozel"])
def test_mypy_finds_no_errors(target: list[str]) -> None:
    pytest.importorskip("mypy", reason="mypy comes with the [dev] extra")
    result = subprocess.run([sys.executable, "-m", "mypy", *target], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
