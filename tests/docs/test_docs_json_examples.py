"""Every JSON example of the docs is what the tools read or write: each ```json block of a page
(docs/*.md, both languages) is a record that `kozel replay` accepts and the record schema
validates, the output `kozel replay` prints for the record before it (valid by its schema), or a
schema the package ships; and every Markdown list of those pages renders as a list (a blank line
before it)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md"))
BLOCK = re.compile(r"^```json\n(.*?)^```", re.S | re.M)
SNIPPET = re.compile(r'^--8<-- "([^"]+)"\s*$')  # pymdownx.snippets: a file shown as it is
SCHEMAS = {schema["$id"]: schema for schema in (
    json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "interpreter" / "schemas").glob("*.schema.json")))}
SCHEMA = SCHEMAS["urn:kozel:schema:kozel-record-1"]
# the record's schema, then those of the outputs (interpreter/schemas/, in the pages' order)
SHOWN = ["kozel-record-1", "kozel-check", "kozel-witness", "kozel-diff", "kozel-simulate",
         "kozel-balance", "kozel-replay"]


def _examples(path: Path) -> list[Any]:
    """The page's JSON blocks, parsed (a snippet line is read from the file it names)."""
    found = []
    for block in BLOCK.findall(path.read_text(encoding="utf-8")):
        snippet = SNIPPET.match(block.strip())
        text = (ROOT / snippet.group(1)).read_text(encoding="utf-8") if snippet else block
        found.append(json.loads(text))
    return found


EXAMPLES = [(path, _examples(path)) for path in PAGES if _examples(path)]


def _replay(record: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """What `kozel replay VARIANT RECORD --format json` prints for a record (it must accept it)."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "kozel.cli", "replay", record["variant"],
                          str(path), "--format", "json"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    output: dict[str, Any] = json.loads(run.stdout)
    return output


def test_both_record_pages_show_a_record_its_output_and_the_schema() -> None:
    pages = {path.name: examples for path, examples in EXAMPLES}
    for name in ("records.md", "records.ru.md"):
        kinds = [e.get("format") or e.get("$id", "output").rpartition(":")[2]
                 for e in pages[name]]
        assert kinds == ["kozel-record/1", "output", *SHOWN], (name, kinds)


@pytest.mark.parametrize("path,examples", EXAMPLES, ids=[p.name for p, _ in EXAMPLES])
def test_every_json_example_is_a_record_its_output_or_the_schema(
        path: Path, examples: list[Any], tmp_path: Path) -> None:
    record = None
    for example in examples:
        if "$schema" in example:
            assert example == SCHEMAS[example["$id"]]  # the page shows the file that ships
            jsonschema.Draft202012Validator.check_schema(example)
        elif example.get("format") == "kozel-record/1":
            jsonschema.validate(example, SCHEMA)
            record = example
        else:  # an output: the one the record before it gives
            assert record is not None, f"{path.name}: an output with no record before it"
            assert example == _replay(record, tmp_path)
            jsonschema.validate(example, SCHEMAS["urn:kozel:schema:kozel-replay"])


# A Markdown list item: "- ", "* " or "1. " at the start of a line.
ITEM = re.compile(r"^(?:[-*]|\d+\.) ")


def _glued_lists(path: Path) -> list[str]:
    """Lines that start a list right under a paragraph or a fence: Markdown makes them part of
    the paragraph (or of nothing), not a list."""
    glued, inside, previous = [], False, ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            inside, previous = not inside, line
            continue
        if not inside and ITEM.match(line) and previous.strip() and not (
                ITEM.match(previous) or previous.startswith((" ", "\t"))):
            glued.append(f"{path.name}:{number}: {line[:60]}")
        previous = line
    return glued


def test_every_list_of_the_pages_has_a_blank_line_before_it() -> None:
    assert [line for path in PAGES for line in _glued_lists(path)] == []
