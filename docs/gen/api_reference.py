"""The Python API page, written from the two facades (`interpreter`, `checks`) at build time.

Each public name is listed with its signature and the first line of its docstring, read from
the code itself, so the page lists exactly what `import interpreter` offers. The example at the
top is the README's, which a test runs as written (tests/test_api.py).
"""

from __future__ import annotations

import inspect
import re
from html import escape
from pathlib import Path
from types import ModuleType

PAGE = "api.md"
PROJECT = Path(__file__).resolve().parents[2]  # the checkout: its README is the example's home
INTRO = {
    "en": ("# Python API",
           "kozel is a Python library as well as a command: load a variant, play it a move at a "
           "time, write and replay its records, check it and compare it with another. The names "
           "below are the public API; everything else is the project's inside and may change. "
           "How the packages fit together is in the repository's `docs/architecture.md`."),
    "ru": ("# Python API",
           "kozel — не только команда, но и библиотека Python: загрузить вариант, играть его "
           "ход за ходом, записать и проверить запись партии, проверить вариант и сравнить его "
           "с другим. Ниже — открытые имена библиотеки (описания на английском, как в коде); "
           "всё остальное — внутреннее устройство и может меняться."),
}
HEADINGS = {"en": ("Example", "name", "what it is"), "ru": ("Пример", "имя", "что это")}
PACKAGE_WORDS = {
    "en": {"interpreter": "Rule texts, matches and records", "checks": "The checker"},
    "ru": {"interpreter": "Тексты правил, партии и записи", "checks": "Проверка"},
}


def readme_example(root: Path = PROJECT) -> str:
    """The Python block of the README's "Python API" section, exactly as written there."""
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python API", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    if match is None:
        raise ValueError("README.md: the Python API section has no ```python block")
    return match.group(1)


def _summary(value: object) -> str:
    """The first line of a name's docstring."""
    doc = inspect.getdoc(value) or ""
    return doc.splitlines()[0] if doc else ""


def _signature(name: str, value: object) -> str:
    """`name(arguments)` for a function or class, the bare name otherwise."""
    if not callable(value):
        return name
    try:
        return f"{name}{inspect.signature(value)}"
    except (TypeError, ValueError):  # a Protocol or a builtin without a signature
        return name


def _cell(text: str) -> str:
    return escape(" ".join(text.split()), quote=False).replace("|", "&#124;")


def _table(module: ModuleType, lang: str) -> str:
    """One row per public name of a facade."""
    head = HEADINGS[lang]
    rows = [f"| <code>{_cell(_signature(n, getattr(module, n)))}</code> | "
            f"{_cell(_summary(getattr(module, n)))} |" for n in module.__all__]
    return f"| {head[1]} | {head[2]} |\n|---|---|\n" + "\n".join(rows)


def api_page(lang: str) -> str:
    """Return the API page as Markdown, in `lang` (en or ru)."""
    import checks
    import interpreter

    title, intro = INTRO[lang]
    parts = [title, intro, f"## {HEADINGS[lang][0]}",
             f"```python\n{readme_example()}```"]
    for module in (interpreter, checks):
        parts += [f"## `{module.__name__}`: {PACKAGE_WORDS[lang][module.__name__]}",
                  _table(module, lang)]
    return "\n\n".join(parts) + "\n"
