"""The Python the playground's page loads: one zip, unpacked at Pyodide's /home/pyodide/kozel.

It holds the project's own modules (interpreter/, the part of checks/ that loads without Z3,
kozel/), the seed variants and their source texts (spec/), and the pure-Python packages the
playground imports (lark, interegular, markdown, pymdownx, and babel for the numbers and
plurals of both languages), copied from the packages installed
for the Python that builds the site, so the build needs no network. The same inputs give the
same bytes: names sorted, every entry dated 1980-01-01, no compiled files.

A second zip, kozel-checker.zip, holds what only the check with Z3 needs (the modules of checks/
left out of the first, and the pure-Python sortedcontainers Hypothesis needs); the playground's
checking worker unpacks it over the first (kozel/publish/playground/check.py).
"""

from __future__ import annotations

import ast
import importlib.util
import zipfile
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[3]
NAME = "kozel-python.zip"
CHECKER = "kozel-checker.zip"
CHECKER_PACKAGES = ("sortedcontainers",)  # Z3 and Hypothesis come as Pyodide wheels
PACKAGES = ("lark", "interegular", "markdown", "pymdownx", "babel")
# Babel's locale data is some 35 MB, one file per locale: the pages speak English and Russian
# (interpreter/language/numbers.py), whose files and their parent `root` are all a run reads.
LOCALE_DATA = ("locale-data/root.dat", "locale-data/en.dat", "locale-data/ru.dat")
# Modules of checks/ that import these at load time are left out, and so is anything that
# imports them at load time in turn: what remains loads in a browser, where Z3 is not.
REFUSED = ("z3", "checks.z3_encode", "hypothesis")
DATE = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip can hold: the same for every build


def _files(folder: Path) -> Iterator[Path]:
    """Every file of a folder that a run needs (no caches, no compiled files)."""
    for path in folder.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _loaded_imports(path: Path) -> set[str]:
    """The modules a file imports as it loads (its top level; not inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def _refused(name: str, refused: set[str]) -> bool:
    return any(name == r or name.startswith(r + ".") for r in refused)


def checker_files() -> list[Path]:
    """The modules of checks/ that load without Z3 (nor a module that needs it)."""
    files = {_module(p): p for p in (ROOT / "checks").rglob("*.py")
             if "__pycache__" not in p.parts}
    imports = {name: _loaded_imports(path) for name, path in files.items()}
    refused = set(REFUSED)
    while True:
        more = {name for name, found in imports.items() if name not in refused
                and (_refused(name, refused) or any(_refused(f, refused) for f in found))}
        if not more:
            return sorted(p for name, p in files.items() if name not in refused)
        refused |= more


def project_files() -> list[tuple[str, Path]]:
    """The project's files in the zip: (name in the zip, file)."""
    paths = [*_files(ROOT / "interpreter"), *checker_files(), *_files(ROOT / "kozel")]
    paths += [p for p in _files(ROOT / "spec") if p.suffix in (".kozel", ".txt", ".md")]
    return [(p.relative_to(ROOT).as_posix(), p) for p in paths]


def package_files(name: str) -> list[tuple[str, Path]]:
    """An installed pure-Python package's files: (name in the zip, file)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the playground needs the package {name!r} installed")
    folder = Path(list(spec.submodule_search_locations)[0])
    found = [(p.relative_to(folder).as_posix(), p) for p in _files(folder)]
    return [(f"{name}/{inside}", p) for inside, p in found
            if not inside.startswith("locale-data/") or inside in LOCALE_DATA]


def write_python_bundle(dest: Path) -> Path:
    """Write dest/kozel-python.zip (modules + seeds + the pure-Python packages), return it."""
    entries = dict(project_files())
    for package in PACKAGES:
        entries.update(package_files(package))
    return _write_zip(dest / NAME, entries)


def write_checker_bundle(dest: Path) -> Path:
    """Write dest/kozel-checker.zip (the modules of checks/ that need Z3 or Hypothesis, and the
    pure-Python packages only they import), return it."""
    light = set(checker_files())
    entries = {p.relative_to(ROOT).as_posix(): p for p in _files(ROOT / "checks")
               if p.suffix == ".py" and p not in light}
    for package in CHECKER_PACKAGES:
        entries.update(package_files(package))
    return _write_zip(dest / CHECKER, entries)


def _write_zip(target: Path, entries: dict[str, Path]) -> Path:
    """A zip of the entries whose bytes depend on nothing but theirs (sorted, dated 1980)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            bundle.writestr(info, entries[name].read_bytes())
    return target
