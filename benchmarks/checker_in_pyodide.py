"""The check with Z3 in Pyodide (the playground's checking worker), under Node.js, against the
same check in CPython: how long each step takes, and whether the findings are the same.

The Pyodide side does what playground/src/worker.js does started as `worker.js?checker`:
Pyodide's runtime from playground/node_modules, kozel-python.zip and kozel-checker.zip
(kozel/publish/playground/bundle.py) unpacked, the parser's tables written, the Pyodide wheels of
Z3 and Hypothesis (build_site.WHEELS, downloaded by pip once) loaded, then
`kozel.publish.playground.api.findings(TEXT, "en")` called. The yardstick is the same call in a
fresh CPython process (native Z3, its own version), run before and after each Pyodide run.
The playground's report comes whole, so its first finding is shown when the check ends:
"first finding" below is the time from the worker's start to the findings.

Prints each run's figures with the 1-minute load average beside them, the ratio of Pyodide's
check to CPython's in the same run, and the findings that differ, by (kind, line, column) and
by message, and how many findings have the same witness game as CPython's.

Usage: python benchmarks/checker_in_pyodide.py [--runs N] [--variant minsk]
  (needs Node.js and `npm ci` in playground/; the site build runs it when it is missing)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kozel.publish.playground import build_site  # noqa: E402
from kozel.publish.playground.bundle import write_checker_bundle, write_python_bundle  # noqa: E402

DRIVER = r"""
import { loadPyodide } from "PYODIDE";
import { readFileSync } from "node:fs";
const [assets, textFile] = process.argv.slice(2);
const HOME = "/home/pyodide/kozel";
const bytes = (path) => new Uint8Array(readFileSync(path));
const steps = {};
const t0 = performance.now();
const mark = (name) => { steps[name] = (performance.now() - t0) / 1000; };
const py = await loadPyodide({ env: { KOZEL_CACHE_DIR: "", KOZEL_GRAMMAR_TABLES: `${HOME}/grammar.tables` },
  stdout: () => {}, stderr: (line) => console.error(line) });
mark("pyodide");
py.unpackArchive(bytes(`${assets}/kozel-python.zip`), "zip", { extractDir: HOME });
py.FS.writeFile(`${HOME}/grammar.tables`, bytes(`${assets}/grammar.tables`));
await py.loadPackage(WHEELS.map((w) => `file://${assets}/${w}`), { messageCallback: () => {} });
py.unpackArchive(bytes(`${assets}/kozel-checker.zip`), "zip", { extractDir: HOME });
mark("z3 loaded");
py.pyimport("sys").path.insert(0, HOME);
const api = py.pyimport("kozel.publish.playground.api");
py.pyimport("kozel.publish.playground.check"); py.pyimport("checks.running.run"); py.pyimport("z3");
mark("imported");
const found = api.findings(readFileSync(textFile, "utf8"), "en");
mark("findings");
const answer = found.toJs({ dict_converter: Object.fromEntries });
const version = py.runPython("import z3; z3.get_full_version()");
console.log(JSON.stringify({ steps, version, answer }));
"""

NATIVE = r"""
import json, sys, time
t0 = time.perf_counter()
from kozel.publish.playground import api
import kozel.publish.playground.check, checks.running.run, z3
imported = time.perf_counter() - t0
answer = api.findings(open(sys.argv[1], encoding="utf-8").read(), "en")
print(json.dumps({"steps": {"imported": imported, "findings": time.perf_counter() - t0},
                  "version": z3.get_full_version(), "answer": answer}, ensure_ascii=False))
"""


def load_average() -> float:
    """The machine's 1-minute load average."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def assets(folder: Path) -> Path:
    """What the checking worker loads, written as the site build writes it."""
    from interpreter.language.parser import parser_tables

    write_python_bundle(folder)
    write_checker_bundle(folder)
    (folder / build_site.TABLES).write_bytes(parser_tables())
    for wheel in build_site.WHEELS:
        shutil.copyfile(build_site.fetch_wheels() / wheel, folder / wheel)
    return folder


def timed(command: list[str], env: dict[str, str]) -> dict:
    """Run a command that prints one JSON object; return it with the run's wall time and load."""
    load = load_average()
    started = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if run.returncode != 0:
        raise SystemExit(f"{command[0]} failed:\n" + "\n".join(
            line[:300] for line in run.stderr.splitlines()[-40:] if len(line) < 3000))
    result = json.loads(run.stdout.strip().splitlines()[-1])
    return {**result, "wall": time.perf_counter() - started, "load": load}


def findings(answer: dict) -> list[tuple]:
    """Every finding as (variant, kind, line, column, severity, message)."""
    return [(v["name"], f["kind"], f["line"], f["column"], f["severity"], f["message"])
            for v in answer["variants"] for f in v["findings"]]


def compare(native: dict, browser: dict) -> list[str]:
    """What differs between two answers: findings by place, then messages at the same place."""
    a, b = findings(native["answer"]), findings(browser["answer"])
    places_a, places_b = [f[:5] for f in a], [f[:5] for f in b]
    said = [f"only native: {f}" for f in places_a if f not in places_b]
    said += [f"only in Pyodide: {f}" for f in places_b if f not in places_a]
    said += [f"message differs at {x[:4]}:\n  native:  {x[5]}\n  Pyodide: {y[5]}"
             for x, y in zip(a, b) if x[:5] == y[:5] and x[5] != y[5]]
    return said


def main() -> None:
    """Time the check in Pyodide and in CPython, interleaved; print the figures and the
    differences."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--variant", default="minsk")
    args = parser.parse_args()
    node = shutil.which("node") or sys.exit("needs Node.js")
    build_site.install()
    text = ROOT / "spec" / "variants" / f"{args.variant}.kozel"
    env = {**os.environ, "KOZEL_CACHE_DIR": "", "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory(prefix="kozel-pyodide-") as tmp:
        folder = assets(Path(tmp) / "assets")
        driver = Path(tmp) / "driver.mjs"
        pyodide = build_site.PLAYGROUND / "node_modules" / "pyodide" / "pyodide.mjs"
        driver.write_text(DRIVER.replace("PYODIDE", pyodide.as_uri()).replace(
            "WHEELS", json.dumps(sorted(build_site.WHEELS))), encoding="utf-8")
        native_command = [sys.executable, "-c", NATIVE, str(text)]
        first = None
        for run in range(args.runs):
            before = timed(native_command, env)
            browser = timed([node, str(driver), str(folder), str(text)], env)
            after = timed(native_command, env)
            report(run + 1, before, browser, after)
            first = first or browser["answer"]
            print(f"  Pyodide's answer the same as in run 1: {browser['answer'] == first}")


def report(run: int, before: dict, browser: dict, after: dict) -> None:
    """One run's figures and differences."""
    native = (before["steps"]["findings"] + after["steps"]["findings"]) / 2
    steps = ", ".join(f"{k} {v:.1f} s" for k, v in browser["steps"].items())
    check = browser["steps"]["findings"] - browser["steps"]["imported"]
    print(f"run {run}: Pyodide (Z3 {browser['version']}), from its start: {steps}; "
          f"load {browser['load']:.1f}")
    print(f"  CPython (Z3 {before['version']}), import + findings: {before['steps']['findings']:.1f} s "
          f"(load {before['load']:.1f}) and {after['steps']['findings']:.1f} s "
          f"(load {after['load']:.1f}); Pyodide's import + findings "
          f"{browser['steps']['findings'] - browser['steps']['z3 loaded']:.1f} s = "
          f"{(browser['steps']['findings'] - browser['steps']['z3 loaded']) / native:.1f}× "
          f"CPython's; the check alone {check:.1f} s")
    pairs = zip(before["answer"]["variants"], browser["answer"]["variants"])
    games = [(f.get("record"), g.get("record"))  # Pyodide's None comes back as no key
             for v, w in pairs for f, g in zip(v["findings"], w["findings"])]
    print(f"  the same witness game in {sum(a == b for a, b in games)} of {len(games)} findings")
    counted = len(findings(browser["answer"]))
    differences = compare(before, browser)
    print(f"  {counted} findings in Pyodide, {len(findings(before['answer']))} in CPython; "
          f"{len(differences)} differences" + "".join(f"\n  {d}" for d in differences))


if __name__ == "__main__":
    main()
