"""The helpers the tests share (strategies.py, libraries.py, engine_support.py, site_build.py)
and their data (golden/, corpus/, records/) live here, beside the test folders that mirror the
packages (docs/architecture.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:  # `from strategies import ...` from any folder of tests
    sys.path.insert(0, str(TESTS))

import tiers  # noqa: E402,F401  registers the fast tier's Hypothesis profile before it is loaded


def pytest_configure(config) -> None:  # type: ignore[no-untyped-def]
    """The run's first process makes the folder its workers share (tests/shared_runs.py), and
    in it the kozel cache folder of the whole run: every test and command starts from an empty
    cache, as on a new machine, and what one of them computed the others read (a check of the
    seeds, its comparisons: checks/running/remembered.py). A test that must compute sets its own."""
    import os
    import tempfile
    _keep_bytecode()
    if not hasattr(config, "workerinput") and "KOZEL_TESTS_SHARED" not in os.environ:
        os.environ["KOZEL_TESTS_SHARED"] = tempfile.mkdtemp(prefix="kozel-tests-")
        config._kozel_shared = os.environ["KOZEL_TESTS_SHARED"]
    if not hasattr(config, "workerinput"):
        os.environ["KOZEL_CACHE_DIR"] = os.path.join(os.environ["KOZEL_TESTS_SHARED"], "cache")


def _keep_bytecode() -> None:
    """Let the run's processes keep the bytecode of what they import, as Python does unless told
    not to: where the machine sets PYTHONDONTWRITEBYTECODE, each of the ~200 Python processes
    the suite starts compiled kozel's modules again (0.45 CPU-s a command: 35 of 229 CPU-s in
    seven command-heavy test files). The bytecode goes where Python puts it (__pycache__,
    ignored by git); a test that needs the variable sets it for its own command."""
    import os
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


def pytest_unconfigure(config) -> None:  # type: ignore[no-untyped-def]
    """The process that made the shared folder removes it when the run ends."""
    import shutil
    folder = getattr(config, "_kozel_shared", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_itemcollected(item) -> None:  # type: ignore[no-untyped-def]
    """Mark a test with its tiers (TIERS), before `-m` chooses the tests to run."""
    for mark in _tiers(getattr(item, "module", None)) + _own_tiers(item):
        item.add_marker(mark)


# The tiers a test belongs to besides the fast one, by what it uses: `site` reads the site built
# for the run or builds one of its own (the site and everything that uses it take minutes),
# `browser` drives Chromium (a site read in a browser, or the PDFs it printed; every such test
# also reads the site). A module's names (its own or imported: its fixtures) mark all its tests;
# a test that imports the site itself marks itself. `slow` is set by its module or test
# (tests/test_wheel.py, tests/checks/test_hash_seed.py). The inner loop's command leaves them
# out and draws fewer random inputs (README; tests/tiers.py):
# `python -m pytest -n auto -m "not site and not slow" --hypothesis-profile fast`.
SITE_FIXTURES = {"built_site", "served", "site"}  # the run's built site, as files or served
TIERS = {
    "site": lambda names: bool(SITE_FIXTURES & set(names)) or any(
        getattr(value, "__module__", None) == "site_build" for value in names.values()),
    "browser": lambda names: bool({"served", "browser", "find_chromium"} & set(names)),
}
_TIERS_OF: dict[str, tuple[str, ...]] = {}  # a module's tiers, by its name (found once)


def _tiers(module) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    if module is None:
        return ()
    if module.__name__ not in _TIERS_OF:
        names = vars(module)
        _TIERS_OF[module.__name__] = tuple(tier for tier, uses in TIERS.items() if uses(names))
    return _TIERS_OF[module.__name__]


def _own_tiers(item) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    """`site` for a test whose own code imports the built site (`from site_build import ...`)."""
    code = getattr(getattr(item, "function", None), "__code__", None)
    return ("site",) if code is not None and "site_build" in code.co_names else ()


@pytest.hookimpl(trylast=True)  # after `-m` and `-k` have left out what will not run
def pytest_collection_modifyitems(config, items) -> None:  # type: ignore[no-untyped-def]
    """When any test to be run reads the built site, the build starts now, in the background,
    once per run (tests/site_build.py): every worker of `pytest -n` goes on with other tests
    meanwhile. (`--dist loadfile`, pyproject.toml: a module's tests run in one worker, which
    makes its module-scoped fixtures, a hostile site of its own, a check, a browser, once.)"""
    if not config.option.collectonly and any(_reads_the_site(item) for item in items):
        from site_build import start_building
        start_building()
    _longest_first(items)


# The modules that run longest on one core (benchmarks/suite_cpu.py: 20 s to 2 minutes of wall
# time each, a site reader's wait for the build included), longest first. pytest-xdist hands the
# modules out in the order of the items (`--no-loadscope-reorder`, pyproject.toml); by default it
# hands out first those with the most tests, and a long module of two tests, started last, kept
# one core busy alone for the run's last two minutes.
LONGEST = (
    "checks/test_edit_warm.py", "checks/test_diff_any_pair.py",
    "checks/test_diff_any_pair_seated.py",
    "docs/test_docs_browser_languages.py",
    "language/test_variant_files.py", "checks/test_remembered.py",
    "commands/test_cache_safety.py",
    "docs/test_docs_browser_russian.py", "docs/test_docs_browser.py",
    "commands/test_russian_output.py", "docs/test_docs_playground.py",
    "compiled/test_compiled_oracle.py", "docs/test_playground_api.py",
    "checks/test_checks_encoding_end.py", "language/test_fuzz_seeds.py",
    "checks/test_checks_terms.py", "commands/test_processes_end.py",
    "checks/test_deterministic.py", "test_typing.py", "test_api.py",
    "commands/test_language_server.py",
)


def _longest_first(items) -> None:  # type: ignore[no-untyped-def]
    """Put the tests of the LONGEST modules first, in that order; the rest keep theirs."""
    missing = [name for name in LONGEST if not (TESTS / name).is_file()]
    assert not missing, f"conftest.LONGEST names modules that are gone: {missing}"
    rank = {name: index for index, name in enumerate(LONGEST)}

    def place(item) -> int:  # type: ignore[no-untyped-def]
        return rank.get(Path(str(item.path)).relative_to(TESTS).as_posix(), len(LONGEST))

    items.sort(key=place)  # a stable sort: within a module, and among the rest, nothing moves


def _reads_the_site(item) -> bool:  # type: ignore[no-untyped-def]
    """Whether a test's module builds the site or takes a fixture of it."""
    names = vars(getattr(item, "module", None) or object)
    return bool(SITE_FIXTURES & set(names))
