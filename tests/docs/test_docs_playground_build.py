"""The playground's part of the site build (kozel/publish/playground/build_site.py): what the built
site holds, what a machine without Node.js is told, and the page built without the playground.
The browser test (test_docs_playground.py) runs what is built here."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kozel.publish.playground import build_site  # noqa: E402
from interpreter.language.highlight import WORDS  # noqa: E402
from site_build import built_site, page_file  # noqa: E402


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site (the build is shared with the other docs tests)."""
    out, errors = built_site()
    assert not errors, errors
    return out


def test_both_pages_load_the_one_set_of_assets(site: Path) -> None:
    assets = site / build_site.ASSETS
    for name in (*build_site.RUNTIME, "main.js", "worker.js", "playground.css", "starts.json",
                 "kozel-python.zip", build_site.TABLES, "kozel-checker.zip", *build_site.WHEELS):
        assert (assets / name).is_file(), name
    for lang in ("en", "ru"):
        page = page_file(site, lang, "playground")
        html = page.read_text(encoding="utf-8")
        assert f'data-lang="{lang}"' in html
        script = re.search(r'<script type="module" src="([^"]+)"', html)
        assert script, lang
        assert (page.parent / script.group(1)).resolve() == (assets / "main.js").resolve()


def test_the_editor_highlights_the_grammars_own_words(site: Path) -> None:
    bundled = (site / build_site.ASSETS / "main.js").read_text(encoding="utf-8")
    for word in (*WORDS.slots, *WORDS.declarations, *WORDS.keywords, *WORDS.constants):
        assert f'"{word}"' in bundled, word


def test_the_editor_starts_from_each_seed_and_the_tutorials_first_example(site: Path) -> None:
    starts = json.loads((site / build_site.ASSETS / "starts.json").read_text(encoding="utf-8"))
    seeds = {s["name"]: s["text"] for s in starts["seeds"]}
    for name in ("minsk", "kozel-classic", "pairs", "gambler-1v1"):
        assert seeds[name] == (ROOT / "spec" / "variants" / f"{name}.kozel").read_text(
            encoding="utf-8")
    for lang, page in (("en", "tutorial.md"), ("ru", "tutorial.ru.md")):
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        assert f"```kozel\n{starts['tutorial'][lang]}```" in text


def test_without_node_the_build_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # a folder with no node and no npm in it
    with pytest.raises(build_site.PlaygroundError) as raised:
        build_site.check_tools()
    said = str(raised.value)
    assert "Node.js and npm" in said and "KOZEL_PLAYGROUND=0" in said


@pytest.mark.parametrize("lang,words", [("en", "built without the playground"),
                                        ("ru", "собрана без песочницы")])
def test_a_site_built_without_the_playground_says_so(monkeypatch: pytest.MonkeyPatch,
                                                     lang: str, words: str) -> None:
    monkeypatch.setenv(build_site.SWITCH, "0")
    markup = build_site.page_markup(lang, "../playground-assets/")
    assert words in markup and "<script" not in markup
    assert "<code>KOZEL_PLAYGROUND=0</code>" in markup  # a name to type, shown as code
    monkeypatch.setenv(build_site.SWITCH, "1")
    assert "<script" in build_site.page_markup(lang, "../playground-assets/")


def test_the_checks_wheels_are_pyodides_abi_and_pinned(site: Path) -> None:
    lock = json.loads((site / build_site.ASSETS / "pyodide-lock.json").read_text(encoding="utf-8"))
    abi = f"pyemscripten_{lock['info']['abi_version']}_{lock['info']['arch']}"
    assert build_site.WHEEL_PLATFORM == abi  # a new Pyodide needs the wheels built for it
    python = "cp" + "".join(lock["info"]["python"].split(".")[:2])
    for name, digest in build_site.WHEELS.items():
        tags = name[:-len(".whl")].split("-")[-3:]
        assert tags[2] == abi and tags[0] in ("py3", python), name
        served = (site / build_site.ASSETS / name).read_bytes()
        assert hashlib.sha256(served).hexdigest() == digest, name
