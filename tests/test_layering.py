"""The floor plan (docs/architecture.md): text → tree → Variant → {engine, checks, kozel}.

Three floors: `interpreter` (the language and the engine) imports nothing above it, `checks`
(the checker) imports `interpreter` only, and `kozel` (the application: commands, the language
server, publishing) stands on both. Inside each, a package imports only the packages below it;
no import runs back up and no two modules import each other. Read from the source (every
`import`, at the top of a module or inside a function), so that a new upward import fails
here, not in a user's traceback.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("interpreter", "checks", "kozel")
FLOOR_1 = {"interpreter", "interpreter.language", "interpreter.engine", "interpreter.compiled",
           "interpreter.simulation"}
# What each layer may import, besides itself.
BELOW = {
    "interpreter.language": set(),
    "interpreter.engine": {"interpreter.language"},
    "interpreter.compiled": {"interpreter.language", "interpreter.engine"},
    "interpreter.simulation": {"interpreter.language", "interpreter.engine",
                               "interpreter.compiled"},
    "interpreter": FLOOR_1 - {"interpreter"},  # the floor's facade: its docstring only
    "checks": {"interpreter.language", "interpreter.engine", "interpreter.compiled"},
    # the commands may print with the publishing's writers (kozel rulebook), which reach nothing
    # of them (test_a_writer_the_application_prints_with_reaches_nothing_of_it)
    "kozel.commands": FLOOR_1 | {"checks", "kozel", "kozel.publish"},
    "kozel.lsp": FLOOR_1 | {"checks", "kozel.commands", "kozel"},
    # the application's root: the command line, the API facade, what the commands write to
    "kozel": FLOOR_1 | {"checks", "kozel.commands", "kozel.lsp", "kozel.publish"},
    # the playground (kozel/publish/playground) shows the score sheet `kozel replay` prints and
    # reads files as the language server does
    "kozel.publish": FLOOR_1 | {"checks", "kozel.commands", "kozel.lsp", "kozel"},
}
APPLICATION = ("kozel.commands", "kozel.lsp", "kozel")
WRITERS = "kozel.publish"
# Only these modules may import these libraries (ARCHITECTURE.md: one direction, one dependency).
# kozel.interrupt is the one exception: it tells Z3 to leave Ctrl-C to the commands.
FOREIGN = {"lark": ("interpreter.language",),
           "z3": ("checks.z3_encode", "kozel.interrupt"),
           # an optional extra (kozel[ai]): only the OpenSpiel game and its players need it
           "pyspiel": ("kozel.openspiel",), "open_spiel": ("kozel.openspiel",)}


def module_name(path: Path) -> str:
    """The dotted name of a source file under ROOT."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    """The layer a module belongs to: a subpackage of interpreter or kozel, either's root, or
    checks."""
    parts = module.split(".")
    if len(parts) > 1 and f"{parts[0]}.{parts[1]}" in BELOW:
        return f"{parts[0]}.{parts[1]}"
    return parts[0]


def imports_of(path: Path, text: str | None = None) -> set[str]:
    """Every module the file (or `text` read as that file) imports, relative ones made absolute."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    source = path.read_text(encoding="utf-8") if text is None else text
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            if node.module:
                found.add(target)
            # `from . import ast`: the names may be modules themselves (then the package's own
            # __init__ is not what is imported)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def source_files() -> list[Path]:
    """Every Python file of the three floors."""
    return sorted(p for name in PACKAGES for p in (ROOT / name).rglob("*.py"))


def known_modules() -> set[str]:
    """The project's own modules, by dotted name."""
    return {module_name(p) for p in source_files()}


def upward_imports(files: list[Path], text: str | None = None) -> list[str]:
    """Every import that runs against the layering, as `importer -> imported`."""
    known = known_modules()
    wrong = []
    for path in files:
        importer = module_name(path)
        for target in imports_of(path, text) & known:
            here, there = layer_of(importer), layer_of(target)
            if here != there and there not in BELOW[here]:
                wrong.append(f"{importer} -> {target}")
    return sorted(wrong)


def test_no_import_runs_back_up_the_pipeline() -> None:
    assert upward_imports(source_files()) == []


def import_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of the import graph (its modules in order, the first repeated), or []."""
    state: dict[str, str] = {}  # module → "open" while on the path, "done" after
    path: list[str] = []

    def visit(module: str) -> list[str]:
        state[module] = "open"
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        state[module] = "done"
        path.pop()
        return []

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return []


def import_graph() -> dict[str, set[str]]:
    """The project's modules and the project modules each imports."""
    known = known_modules()
    return {module_name(p): imports_of(p) & known for p in source_files()}


def reached_from(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph.get(module, ()))
    return seen


def writers_reaching_the_application(graph: dict[str, set[str]]) -> list[str]:
    """Each publishing module the application imports that reaches the application, as
    `writer -> application module`."""
    wrong = []
    for importer, targets in graph.items():
        if layer_of(importer) not in APPLICATION:
            continue
        for writer in sorted(t for t in targets if layer_of(t) == WRITERS):
            wrong += [f"{writer} -> {m}" for m in sorted(reached_from(graph, writer))
                      if layer_of(m) in APPLICATION]
    return sorted(set(wrong))


def test_a_writer_the_application_prints_with_reaches_nothing_of_it() -> None:
    """kozel rulebook prints with the publishing's writers; none of them leads back to the
    application."""
    graph = import_graph()
    assert any(layer_of(t) == WRITERS for m, ts in graph.items() if layer_of(m) in APPLICATION
               for t in ts)
    assert writers_reaching_the_application(graph) == []


def test_the_check_sees_a_writer_reaching_the_application() -> None:
    """A writer the rulebook command uses that imported the terminal would fail."""
    graph = import_graph()
    graph["kozel.publish.markup"].add("kozel.terminal")
    assert "kozel.publish.printing -> kozel.terminal" in writers_reaching_the_application(graph)


def test_no_import_cycle() -> None:
    assert import_cycle(import_graph()) == []


@pytest.mark.parametrize("library,owner", sorted(FOREIGN.items()))
def test_a_foreign_library_is_imported_by_its_owners_only(library: str,
                                                          owner: tuple[str, ...]) -> None:
    users = sorted(module_name(p) for p in source_files()
                   if any(m == library or m.startswith(library + ".") for m in imports_of(p)))
    strays = [u for u in users if not any(u == o or u.startswith(o + ".") for o in owner)]
    assert users and strays == []


@pytest.mark.parametrize("importer,imported,line", [
    # the engine reaching up to the commands' prompting player, the record format above the
    # engine, the files of a library reaching into the resolver above them
    ("interpreter/engine/round.py", "kozel.commands.human",
     "from kozel.commands.human import HumanPlayer"),
    ("interpreter/engine/referee.py", "kozel.cli", "from kozel import cli"),
    ("interpreter/language/library.py", "interpreter.engine.match",
     "from ..engine.match import play_match"),
    # floor 1 reaching the checker, the checker reaching the application
    ("interpreter/engine/match.py", "checks.running.run", "from checks.running import run"),
    ("interpreter/simulation/runner.py", "checks.compare.diff",
     "import checks.compare.diff"),
    ("checks/reporting/report.py", "kozel.terminal", "from kozel.terminal import Terminal"),
    ("checks/compare/diff.py", "kozel.publish.comparison",
     "from kozel.publish import comparison"),
    ("checks/running/run.py", "kozel.loading", "from kozel.loading import load_variant"),
])
def test_the_check_sees_an_upward_import(importer: str, imported: str, line: str) -> None:
    """An upward import added to a module fails the check (read from the module's own text)."""
    path = ROOT / importer
    text = path.read_text(encoding="utf-8") + "\n" + line + "\n"
    assert f"{module_name(path)} -> {imported}" in upward_imports([path], text)


def test_the_check_sees_an_import_cycle() -> None:
    """library importing resolve back is the cycle the floor plan removed."""
    graph = import_graph()
    assert "interpreter.language.library" in graph["interpreter.language.resolve"]
    graph["interpreter.language.library"].add("interpreter.language.resolve")
    cycle = import_cycle(graph)
    assert cycle[0] == cycle[-1] and len(cycle) == 3
    assert set(cycle) == {"interpreter.language.library", "interpreter.language.resolve"}


def test_the_floors_stand_on_each_other_in_order() -> None:
    """interpreter imports neither checks nor kozel; checks imports interpreter only."""
    graph = import_graph()
    for module, targets in graph.items():
        floor = module.split(".")[0]
        above = {"interpreter": ("checks", "kozel"), "checks": ("kozel",)}.get(floor, ())
        assert not [t for t in targets if t.split(".")[0] in above], module


def test_the_floors_are_three_packages_and_no_other() -> None:
    """The application's modules live in kozel/; interpreter's root is its facade alone, and
    checks/ is grouped by stage (its root holds only its facade)."""
    assert sorted(p.name for p in (ROOT / "interpreter").glob("*.py")) == ["__init__.py"]
    assert sorted(p.name for p in (ROOT / "checks").glob("*.py")) == ["__init__.py"]
    assert not (ROOT / "docs" / "gen").exists()
    for package in (ROOT / "checks").iterdir():
        if package.is_dir() and package.name != "__pycache__":
            init = package / "__init__.py"
            assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), package
