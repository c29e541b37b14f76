"""The Python API page, written from the facade `kozel` at build time.

Each public name is listed with its signature and the first line of its docstring, read from
the code itself, so the page lists exactly what `import kozel` offers, in its parts (`GROUPS`).
The example at the top is the README's, which a test runs as written (tests/test_api.py).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
from pathlib import Path
from types import ModuleType

from interpreter.language import catalogue

from .text import table_cell

PAGE = "api.md"
PROJECT = Path(__file__).resolve().parents[2]  # the checkout: its README is the example's home
# the page's words: the catalogue's "site: api"
INTRO = {lang: (catalogue.text("api.title", lang), catalogue.text("api.intro", lang))
         for lang in catalogue.LANGS}
HEADINGS = {lang: tuple(catalogue.text(f"api.{key}", lang) for key in ("example", "name", "what"))
            for lang in catalogue.LANGS}
GROUP_WORDS = {lang: catalogue.keys_under("api.group.", "site: api", lang)
                 for lang in catalogue.LANGS}


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


def _parameters(value: object) -> str:
    """`(variant: Variant, *, seed: int | None = None)`, annotations as written in the code."""
    try:
        signature = inspect.signature(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):  # a Protocol or a builtin without a signature
        return ""
    parts, keyword_only = [], False
    for parameter in signature.parameters.values():
        if parameter.name in ("self", "cls"):
            continue
        if parameter.kind is parameter.KEYWORD_ONLY and not keyword_only:
            parts.append("*")
            keyword_only = True
        text = parameter.name
        if parameter.annotation is not parameter.empty:
            text += f": {_annotation(parameter.annotation)}"
        if parameter.default is not parameter.empty:
            text += f" = {parameter.default!r}"
        parts.append(text)
    returns = signature.return_annotation
    shown = "" if returns is signature.empty or returns in ("None", None) else \
        f" -> {_annotation(returns)}"
    return f"({', '.join(parts)}){shown}"


def _annotation(annotation: object) -> str:
    """An annotation as written (`from __future__ import annotations` keeps them as text)."""
    annotation = getattr(annotation, "__forward_arg__", annotation)  # a named tuple's field
    if isinstance(annotation, str):
        return annotation.replace("'", "").replace('"', "")
    return getattr(annotation, "__name__", repr(annotation))


def _is_record(cls: type) -> bool:
    """A value type (dataclass or named tuple): its fields are its constructor."""
    return dataclasses.is_dataclass(cls) or hasattr(cls, "_fields")


def _heading(name: str, value: object) -> str:
    if inspect.isclass(value):
        if _is_record(value) or issubclass(value, BaseException) or \
                getattr(value, "_is_protocol", False):
            return f"class {name}"
        return f"class {name}{_parameters(value)}"
    return f"{name}{_parameters(value)}" if callable(value) else name


def _fields(cls: type) -> list[str]:
    """`name: type` of each value a small value type (a named tuple: `Move`) or an error
    (`IllegalMove.seat`) holds; a dataclass's fields are its constructor's, not listed."""
    if not (hasattr(cls, "_fields") or issubclass(cls, BaseException)):
        return []
    annotations = vars(cls).get("__annotations__", {})
    return [f"{name}: {_annotation(kind)}" for name, kind in annotations.items()]


def _members(cls: type) -> list[tuple[str, str]]:
    """The public methods and properties a class defines itself, with their one-line docs."""
    found = []
    for name, member in vars(cls).items():
        attribute = isinstance(member, (property, functools.cached_property))
        if isinstance(member, classmethod):  # a constructor such as Move.parse
            member = member.__func__
        if name.startswith("_") or not (callable(member) or attribute):
            continue
        function = getattr(member, "fget", None) or getattr(member, "func", member)
        shown = name if attribute else f"{name}{_parameters(member)}"
        found.append((shown, _summary(function)))
    return found


def _doc(text: str, lang: str) -> str:
    """A docstring's line: English, so marked as English on a page in another language."""
    cell = table_cell(text)
    return cell if lang == "en" or not cell else f'<span lang="en">{cell}</span>'


def _row(name: str, value: object, lang: str) -> str:
    """A name, then its members indented below it when it is a class with methods."""
    rows = [f"| <code>{table_cell(_heading(name, value))}</code> | "
            f"{_doc(_summary(value), lang)} |"]
    if inspect.isclass(value):
        indent = "&nbsp;" * 4
        rows += [f"| {indent}<code>.{table_cell(shown)}</code> | |" for shown in _fields(value)]
        if not issubclass(value, BaseException):
            rows += [f"| {indent}<code>.{table_cell(member)}</code> | {_doc(doc, lang)} |"
                     for member, doc in _members(value)]
    return "\n".join(rows)


def _table(module: ModuleType, names: tuple[str, ...], lang: str) -> str:
    """One row per public name of a facade (and per method of its classes)."""
    head = HEADINGS[lang]
    rows = [_row(n, getattr(module, n), lang) for n in names]
    return f"| {head[1]} | {head[2]} |\n|---|---|\n" + "\n".join(rows)


def api_page(lang: str) -> str:
    """Return the API page as Markdown, in `lang` (en or ru)."""
    import kozel

    title, intro = INTRO[lang]
    parts = [title, intro, f"## {HEADINGS[lang][0]}",
             f"```python\n{readme_example()}```"]
    for group, names in kozel.GROUPS.items():
        parts += [f"## {GROUP_WORDS[lang][group]}", _table(kozel, names, lang)]
    return "\n\n".join(parts) + "\n"
