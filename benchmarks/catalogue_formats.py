"""What reading the catalogue of words costs a command's start, in the format it has (JSON) and in
the formats it could have had: not a test.

    .venv/bin/python benchmarks/catalogue_formats.py [--repeat 11]

The one catalogue (interpreter/language/words/en.json and ru.json) is written out, every entry,
as gettext .po files and their compiled .mo (by Babel, which kozel already depends on) and as a
Python module per language. Each repetition reads both languages in a fresh process per format,
the formats interleaved: the JSON files as interpreter/language/catalogue.py reads them, the .po
files by Babel's `read_po`, the .mo files by the standard library's `gettext`, the modules by
`import` (their bytecode cached by the first repetition). The time is the children's CPU time
(resource.getrusage: the machine is shared, wall time is no measure), the figure the median,
and beside it what the format adds to a bare `python -c pass`.

Latest figures (2-core x86_64, Python 3.11, a shared machine, load average 6-13; `--repeat
11`, at the commit that added this file): see docs/architecture.md, "One catalogue of words".
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ROOT / "interpreter" / "language" / "words"
LANGS = ("en", "ru")


def _flat(lang: str) -> dict[str, str]:
    """Every entry of a language as key → text (a counted entry's forms as `key|category`)."""
    sections = json.loads((WORDS / f"{lang}.json").read_text(encoding="utf-8"))
    flat: dict[str, str] = {}
    for entries in sections.values():
        for key, entry in entries.items():
            if isinstance(entry, dict):
                flat.update({f"{key}|{category}": form for category, form in entry.items()})
            else:
                flat[key] = entry
    return flat


def _write_candidates(folder: Path) -> None:
    """The catalogue as .po, .mo and a Python module per language, in `folder`."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import write_po

    for lang in LANGS:
        entries = _flat(lang)
        catalog = Catalog(locale=lang)
        for key, text in entries.items():
            catalog.add(key, text)
        with open(folder / f"{lang}.po", "wb") as po:
            write_po(po, catalog)
        with open(folder / f"{lang}.mo", "wb") as mo:
            write_mo(mo, catalog)
        (folder / f"words_{lang}.py").write_text(f"WORDS = {entries!r}\n", encoding="utf-8")


def _readers(folder: Path) -> dict[str, str]:
    """Each format's reading of both languages, as a `python -c` program."""
    return {
        "bare python": "pass",
        "JSON (kozel's)": "import json\nfor lang in ('en', 'ru'):\n"
                          f"    json.loads(open({str(WORDS)!r} + f'/{{lang}}.json', "
                          "encoding='utf-8').read())",
        ".po by Babel": "from babel.messages.pofile import read_po\nfor lang in ('en', 'ru'):\n"
                        f"    read_po(open({str(folder)!r} + f'/{{lang}}.po', 'rb'))",
        ".mo by gettext": "import gettext\nfor lang in ('en', 'ru'):\n"
                          f"    gettext.GNUTranslations(open({str(folder)!r} + f'/{{lang}}.mo', "
                          "'rb'))",
        "Python module": f"import sys\nsys.path.insert(0, {str(folder)!r})\n"
                         "import words_en, words_ru",
    }


def _cpu_seconds(code: str) -> float:
    """The CPU time (user + system) of one fresh process running `code`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Measure each format's reading, interleaved, and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=11)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        _write_candidates(folder)
        readers = _readers(folder)
        times: dict[str, list[float]] = {name: [] for name in readers}
        for _ in range(repeat):
            for name, code in readers.items():
                times[name].append(_cpu_seconds(code))
        sizes = {".po by Babel": "po", ".mo by gettext": "mo", "Python module": "py"}
        bare = statistics.median(times["bare python"])
        for name, found in times.items():
            median = statistics.median(found)
            print(f"{name:16} median {median * 1000:6.1f} ms CPU "
                  f"(+{(median - bare) * 1000:5.1f} ms over bare python; "
                  f"min {min(found) * 1000:.1f}, max {max(found) * 1000:.1f})"
                  + (f"; {sum(p.stat().st_size for p in folder.glob('*.' + sizes[name]))} bytes"
                     if name in sizes else ""))


if __name__ == "__main__":
    main()
