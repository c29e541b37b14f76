"""The package works anywhere: a wheel installed into a fresh virtual environment finds the seed
variants and runs from an empty folder, far from any checkout.

Slow (a minute or more): it builds the wheel with pip (in pip's isolated build environment,
which fetches setuptools from the package index or pip's cache), creates a virtual environment
and installs the wheel into it. The new environment sees only its own site-packages plus, for
kozel's dependencies, the site-packages of the environment running the tests (listed in a
.pth file, which adds them to the path without running the editable install's hooks there), so
nothing but the wheel can provide `kozel`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "interpreter",
           "checks", "kozel", "spec")

pytestmark = pytest.mark.slow


def _run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=900, check=False,
                          **kwargs)  # type: ignore[call-overload]


def _ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, f"{done.args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the sources (the checkout gets no build/ folder)."""
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    _ok(_run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out),
              str(source)]))
    (found,) = out.glob("kozel-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed; returns its bin folder."""
    venv = tmp_path_factory.mktemp("venv")
    _ok(_run([sys.executable, "-m", "venv", "--without-pip", str(venv)]))
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    purelib = _ok(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                                            "'purelib'))"])).strip()
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(purelib, "kozel-test-dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    _ok(_run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
              "--no-deps", "--no-index", str(wheel)]))
    return bin_dir


def test_the_wheel_installs_the_three_floors_and_no_docs_package(wheel: Path) -> None:
    """interpreter, checks and kozel, each whole (every module of the checkout), and nothing
    called docs: the site's generator is kozel.publish."""
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"interpreter", "checks", "kozel"}
    for floor in ("interpreter", "checks", "kozel"):
        modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / floor).rglob("*.py")
                   if "__pycache__" not in p.parts}
        assert modules <= set(names), sorted(modules - set(names))
    assert "kozel/publish/printing.py" in names and "kozel/cli.py" in names


def test_the_wheel_holds_the_seeds_the_marker_and_the_license(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    seeds = {Path(n).name for n in names if n.startswith("interpreter/seeds/")}
    # the seed variants and the source texts they cite (the concordance reads them beside them)
    assert seeds == {p.name for p in (ROOT / "spec" / "variants").glob("*.kozel")} | \
        {p.name for p in (ROOT / "spec" / "sources").glob("*.txt")}
    assert {"interpreter/py.typed", "checks/py.typed", "kozel/py.typed",
            "interpreter/language/grammar.lark",
            "interpreter/language/words/en.json",
            "interpreter/language/words/ru.json"} <= set(names)  # the catalogue of words
    tables = {Path(n).name for n in names if n.startswith("interpreter/language/tables/")}
    assert tables == {p.name for p in (ROOT / "interpreter" / "language" / "tables").glob(
        "*.tables")}  # the parser's tables: a first command builds no parser
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith("/LICENSE")
               for n in names)
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Requires-Dist: rich" not in text and "Classifier: Typing :: Typed" in text


def test_the_installed_wheel_runs_from_an_empty_folder(installed: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["KOZEL_CACHE_DIR"] = str(tmp_path / "cache")

    def kozel(*args: str) -> str:
        return _ok(_run([str(installed / "kozel"), *args], cwd=empty, env=env))

    where, loaded = _ok(_run([str(installed / "python"), "-c", "import kozel; "
                              "print(kozel.__file__); print(kozel.load_variant('minsk'))"],
                             cwd=empty, env=env)).splitlines()
    assert Path(where).is_relative_to(installed.parent)  # the wheel, not the checkout
    assert loaded.startswith("Variant(") and "'minsk'" in loaded
    assert kozel("--version").strip() == "kozel 0.1.0"
    simulated = kozel("simulate", "minsk", "--matches", "5")
    assert simulated.startswith("minsk: 4 players") and "matches: 5" in simulated
    checked = kozel("check", "minsk", "--playouts", "2")
    assert "minsk.kozel" in checked and "Traceback" not in checked
    assert "pairs" in _run([str(installed / "kozel"), "play", "pair"], cwd=empty,
                           env=env).stderr  # the did-you-mean knows the installed seeds
