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
    if not hasattr(config, "workerinput") and "KOZEL_TESTS_SHARED" not in os.environ:
        os.environ["KOZEL_TESTS_SHARED"] = tempfile.mkdtemp(prefix="kozel-tests-")
        config._kozel_shared = os.environ["KOZEL_TESTS_SHARED"]
    if not hasattr(config, "workerinput"):
        os.environ["KOZEL_CACHE_DIR"] = os.path.join(os.environ["KOZEL_TESTS_SHARED"], "cache")


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


def _reads_the_site(item) -> bool:  # type: ignore[no-untyped-def]
    """Whether a test's module builds the site or takes a fixture of it."""
    names = vars(getattr(item, "module", None) or object)
    return bool({"built_site", "served", "site"} & set(names))
