"""The playground's rulebook preview: the page the site publishes for a variant, as HTML.

The Markdown is kozel/publish/rulebook.py's, turned into HTML with the site's Markdown extensions
(mkdocs.yml's `markdown_extensions`, less `pymdownx.snippets`, which includes files of the
checkout and has nothing to include in a rulebook). The checker is not run (it needs Z3): its
part of the page says so, naming the command that checks the file.
"""

from __future__ import annotations

from html import escape
from typing import Any

from kozel.loading import CHECKOUT

from ..findings import not_checked
from ..rulebook import Rulebook, source_titles
from ..ui import word
from .files import first_variant

# mkdocs.yml's markdown_extensions and their settings (tests/docs/test_playground_api.py keeps
# the two lists the same), by module: the bundle has no package metadata, so no entry points
# to find Markdown's own extensions by their short names
EXTENSIONS = ["markdown.extensions.attr_list", "markdown.extensions.md_in_html",
              "markdown.extensions.tables", "markdown.extensions.admonition",
              "markdown.extensions.toc", "pymdownx.highlight", "pymdownx.superfences"]
EXTENSION_CONFIGS: dict[str, dict[str, Any]] = {"markdown.extensions.toc": {"permalink": True}}


def to_html(markdown_text: str) -> str:
    """Markdown turned into HTML as the site's build turns it."""
    import markdown  # imported when first asked: it costs a few hundred ms in a browser

    return markdown.markdown(markdown_text, extensions=EXTENSIONS,
                             extension_configs=EXTENSION_CONFIGS)


def rulebook_of(text: str, lang: str) -> dict[str, Any]:
    """{"ok", "title", "html"}: the first variant's rulebook, or the first error's text."""
    variant, error = first_variant(text, lang)
    if variant is None:
        return {"ok": False, "title": "", "html": f'<p class="kz-error">{escape(error)}</p>'}
    page = Rulebook(variant, lang, not_checked(word(lang, "not_checked_here")), CHECKOUT,
                    source_titles(variant)).page()
    return {"ok": True, "title": variant.title_in(lang), "html": to_html(page)}


def printable_of(text: str, lang: str) -> dict[str, Any]:
    """{"ok", "html"}: the first variant's printed rulebook (rules only, as `kozel rulebook
    --html` writes it), a whole page for the browser to print; or the first error's text."""
    from ..printing import rulebook_html  # imported when first asked, as to_html's markdown

    variant, error = first_variant(text, lang)
    if variant is None:
        return {"ok": False, "html": f'<p class="kz-error">{escape(error)}</p>'}
    return {"ok": True, "html": rulebook_html(variant, lang)}
