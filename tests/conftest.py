"""The helpers the tests share (strategies.py, libraries.py, engine_support.py, site_build.py)
and their data (golden/, corpus/, records/) live here, beside the test folders that mirror the
packages (docs/architecture.md)."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:  # `from strategies import ...` from any folder of tests
    sys.path.insert(0, str(TESTS))


def pytest_configure(config) -> None:  # type: ignore[no-untyped-def]
    """The run's first process makes the folder its workers share (tests/shared_runs.py), and
    in it the kozel cache folder of the whole run: every test and command starts from an empty
    cache, as on a new machine, and what one of them computed the others read (a check of the
    seeds, its comparisons: checks/remembered.py). A test that must compute sets its own."""
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


def pytest_collection_modifyitems(config, items) -> None:  # type: ignore[no-untyped-def]
    """When any test reads the built site, the build starts now, in the background, once per
    run (tests/site_build.py): every worker of `pytest -n` goes on with other tests meanwhile.
    (`--dist loadfile`, pyproject.toml: a module's tests run in one worker, which makes its
    module-scoped fixtures, a hostile site of its own, a check, a browser, once.)"""
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
    "checks/test_diff_any_pair.py", "docs/test_docs_browser_languages.py",
    "checks/test_remembered.py", "commands/test_cache_safety.py",
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
    return bool({"built_site", "served", "site"} & set(names))
