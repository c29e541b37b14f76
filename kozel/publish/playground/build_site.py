"""The playground's part of `mkdocs build`: the page's scripts, Pyodide and the Python bundle,
written into the built site's `playground-assets/` (shared by the English and Russian pages).

Called by docs/hooks.py: `check_tools()` when the English build starts (so a machine without
Node.js fails at once, not after the rest of the site), `build_assets()` when it ends. Steps:

1. `npm ci` in playground/, only when node_modules is missing or older than package-lock.json
   (a stamp file written after a successful install), so the exact versions of the lock file
   are what is bundled; npm's registry is the only host it needs, and only then.
2. esbuild bundles playground/src/ (the page, its worker, its stylesheet); the editor's
   keywords are the grammar's (interpreter/language/highlight.py), passed in as a constant.
3. Pyodide's runtime files are copied from its npm package, and `starts.json` (the seed
   variants' texts and the tutorial's first example) is written beside them.
4. `write_python_bundle()` (kozel/publish/playground/bundle.py) writes kozel-python.zip, and the
   parser's tables are written beside it (grammar.tables: interpreter/language/lark_shipped.py).
5. The check with Z3: kozel-checker.zip (bundle.py) and the Pyodide wheels of Z3's Python
   bindings and of Hypothesis (WHEELS: pinned, checked by their SHA-256), downloaded once by
   pip from PyPI into playground/wheels/ (like node_modules, not in git) and copied beside the
   rest: the page loads them from the site itself, only when a reader asks for the check.

KOZEL_PLAYGROUND=0 builds the site without any of it; the page then says so (docs/hooks.py).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from interpreter.language import catalogue
from interpreter.language.rule_file import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parents[3]
PLAYGROUND = ROOT / "playground"
ASSETS = "playground-assets"  # the folder of the built site the pages load everything from
SWITCH = "KOZEL_PLAYGROUND"  # "0": build the site without the playground
STAMP = ".kozel-npm-ci"  # in node_modules: when `npm ci` last succeeded
# What Pyodide loads at start (the npm package's own list of its runtime); nothing else of it.
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")
ENTRIES = ("src/main.js", "src/worker.js", "src/playground.css")
# The Pyodide wheels the check with Z3 loads (PEP 783's platform tag: Pyodide's ABI, which
# pyodide-lock.json's "abi_version" names): file name -> SHA-256. Z3 is MIT-licensed (Microsoft
# Corporation), Hypothesis MPL-2.0; both are served unchanged, as PyPI has them.
WHEEL_PLATFORM = "pyemscripten_2026_0_wasm32"
WHEELS = {
    f"z3_solver-5.3.3.0-py3-none-{WHEEL_PLATFORM}.whl":
        "9381d9516345f53b21a8f4df243c5d608e9625aac658c3fb3975457bad260f60",
    f"hypothesis-6.170.27-cp314-cp314-{WHEEL_PLATFORM}.whl":
        "66d8ca0efe3e147e1784631bbeb4b242e255a4e14f2cc0cbea858757e8131a6e",
}
TABLES = "grammar.tables"  # the parser's tables (interpreter/language/lark_shipped.py)
KOZEL_BLOCK = re.compile(r"^```kozel\n(.*?)^```", re.M | re.S)
LOG = logging.getLogger("kozel.docs")
MARKER = "<!-- kozel:playground -->"  # where the playground page's editor goes
# What the page says in place of the editor: before its script has run (or without
# JavaScript), and when the site was built without the playground.
PAGE_WORDS = {lang: {"wait": catalogue.text("playground.wait", lang),
                     "off": catalogue.text("playground.off", lang).format(
                         switch=f"<code>{SWITCH}=0</code>")}
              for lang in catalogue.LANGS}  # the catalogue's "site: playground"
MISSING = ("the playground page needs Node.js and npm to build (Debian: `apt-get install "
           "nodejs npm`; any Node.js >= 18 with its npm); or build the site without it: "
           f"`{SWITCH}=0 mkdocs build`")


class PlaygroundError(Exception):
    """The playground cannot be built (its message says what to install or run)."""


def enabled() -> bool:
    """Whether this build makes the playground (KOZEL_PLAYGROUND is not "0")."""
    return os.environ.get(SWITCH, "").strip() != "0"


def check_tools() -> tuple[str, str]:
    """Return the paths of node and npm, or raise PlaygroundError saying what to install."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        raise PlaygroundError(MISSING)
    return node, npm


def page_markup(lang: str, assets: str) -> str:
    """The HTML that takes the marker's place on the page of `lang`; `assets` is the URL of
    playground-assets/ from that page."""
    words = PAGE_WORDS.get(lang, PAGE_WORDS["en"])
    if not enabled():
        return f'<p class="kz-pg-off" id="kz-playground-off">{words["off"]}</p>'
    return (f'<div id="kz-playground" class="kz-pg" data-lang="{lang}">'
            f'<p class="kz-pg-status">{words["wait"]}</p></div>\n'
            f'<script type="module" src="{assets}main.js"></script>')


def install(folder: Path = PLAYGROUND) -> float | None:
    """Run `npm ci` in `folder` when node_modules is missing or older than package-lock.json;
    return the seconds it took, or None when the installed packages were up to date."""
    _, npm = check_tools()
    stamp = folder / "node_modules" / STAMP
    lock = folder / "package-lock.json"
    if stamp.is_file() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return None
    started = time.monotonic()
    run = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                         cwd=folder, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise PlaygroundError(f"`npm ci` in {folder} failed:\n{run.stdout}{run.stderr}")
    stamp.touch()
    return time.monotonic() - started


def grammar_constant() -> str:
    """The words of both spellings (highlight.py's, as Pygments highlights them) as the JSON the
    editor reads: a file in the editor is written in English or in Russian."""
    from interpreter.language import highlight
    words = {**dataclasses.asdict(highlight.SPELLED), "hyphenated": highlight.HYPHENATED,
             "named": highlight.VARIANT_WORDS, "edits": highlight.EDIT_WORDS,
             "claims": highlight.CLAIM_WORDS}
    return json.dumps(words, ensure_ascii=False, sort_keys=True)


def bundle_scripts(dest: Path, folder: Path = PLAYGROUND) -> None:
    """Bundle the page's scripts and stylesheet into dest with esbuild (minified, ES2022)."""
    esbuild = folder / "node_modules" / ".bin" / "esbuild"
    command = [str(esbuild), *ENTRIES, "--bundle", "--format=esm", "--target=es2022",
               "--minify", "--charset=utf8", "--log-level=warning", f"--outdir={dest}",
               f"--define:KOZEL_GRAMMAR={grammar_constant()}",
               f"--define:KOZEL_MAX_FILE_BYTES={MAX_FILE_BYTES}",  # a shared link's bound
               f"--define:KOZEL_WHEELS={json.dumps(sorted(WHEELS))}"]  # the check's wheels
    run = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise PlaygroundError(f"esbuild could not bundle playground/src:\n{run.stderr}")


def copy_runtime(dest: Path, folder: Path = PLAYGROUND) -> None:
    """Copy Pyodide's runtime files from its npm package into dest."""
    package = folder / "node_modules" / "pyodide"
    for name in RUNTIME:
        shutil.copyfile(package / name, dest / name)


def _wheel_requirement(name: str) -> str:
    """`z3_solver-5.3.3.0-py3-...whl` -> `z3_solver==5.3.3.0`: what pip is asked for."""
    project, version = name.split("-")[:2]
    return f"{project}=={version}"


def fetch_wheels(folder: Path = PLAYGROUND / "wheels") -> Path:
    """Download the missing WHEELS into `folder` with pip (PyPI is the only host it needs, and
    only then); check each one's SHA-256; return the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, digest in WHEELS.items():
        wheel = folder / name
        if not wheel.is_file():
            run = subprocess.run(
                [sys.executable, "-m", "pip", "download", _wheel_requirement(name), "--no-deps",
                 "--only-binary=:all:", "--platform", WHEEL_PLATFORM, "--python-version",
                 "3.14", "--implementation", "cp", "--quiet", "-d", str(folder)],
                capture_output=True, text=True, check=False)
            if run.returncode != 0 or not wheel.is_file():
                raise PlaygroundError(f"pip could not download {name} into {folder}:\n"
                                      f"{run.stdout}{run.stderr}")
        if hashlib.sha256(wheel.read_bytes()).hexdigest() != digest:
            raise PlaygroundError(f"{wheel} is not the wheel pinned in WHEELS (its SHA-256 "
                                  "differs): delete it and build again")
    return folder


def first_example(tutorial: Path) -> str:
    """The first ```kozel block of a tutorial page: the text the tutorial starts from."""
    found = KOZEL_BLOCK.search(tutorial.read_text(encoding="utf-8"))
    if found is None:
        raise PlaygroundError(f"{tutorial} has no ```kozel example to start the playground from")
    return found.group(1)


def starts(spec_root: Path) -> dict[str, object]:
    """What the editor may start from: each seed variant's file, the tutorial's first example
    in each language (a rule text, as the reader of that page's tutorial saw it)."""
    from kozel.publish.site import load_variants
    first: dict[Path, str] = {}  # each file's first variant, as the site loaded it
    for variant in load_variants(spec_root):
        first.setdefault(Path(variant.file).resolve(), variant.name)
    seeds = [{"name": first[path.resolve()], "text": path.read_text(encoding="utf-8")}
             for path in sorted((spec_root / "spec" / "variants").glob("*.kozel"))
             if path.resolve() in first]  # a file of relations only is no variant to start from
    docs = ROOT / "docs"
    tutorial = {"en": first_example(docs / "tutorial.md"),
                "ru": first_example(docs / "tutorial.ru.md")}
    return {"seeds": seeds, "tutorial": tutorial}


def build_assets(site_dir: Path, spec_root: Path = ROOT) -> Path:
    """Write the playground's assets into site_dir/playground-assets; return that folder."""
    from interpreter.language.parser import parser_tables
    from kozel.publish.playground.bundle import write_checker_bundle, write_python_bundle
    check_tools()
    dest = site_dir / ASSETS
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    installed = install()
    timings = [f"npm ci {installed:.1f} s" if installed is not None else "npm ci not needed"]
    started = time.monotonic()
    bundle_scripts(dest)
    copy_runtime(dest)
    (dest / "starts.json").write_text(json.dumps(starts(spec_root), ensure_ascii=False),
                                      encoding="utf-8")
    write_python_bundle(dest)
    write_checker_bundle(dest)  # and the wheels: loaded only when the check with Z3 is asked
    for wheel in WHEELS:
        shutil.copyfile(fetch_wheels() / wheel, dest / wheel)
    (dest / TABLES).write_bytes(parser_tables())  # the worker's first check builds no parser
    timings.append(f"bundles {time.monotonic() - started:.1f} s")
    size = sum(p.stat().st_size for p in dest.iterdir()) / 1e6
    LOG.info("kozel docs: playground assets written (%s; %.1f MB)", ", ".join(timings), size)
    return dest
