"""The site's languages: where each one's pages live, and how a page links to its translation.

English is built at the site's root (mkdocs.yml), Russian under ru/ (mkdocs.ru.yml), with the
same page paths below, so a page's translation is found by swapping the language's folder.
"""

from __future__ import annotations

LANG_ROOTS = {"en": "", "ru": "ru/"}  # each language's folder under the site's root


def other_language(lang: str) -> str:
    """Return the site's other language."""
    return "ru" if lang == "en" else "en"


def translation_href(lang: str, url: str, target: str) -> str:
    """Return a relative link from the page at `url` (e.g. "variants/minsk/") of language `lang`
    to the same page in language `target`."""
    depth = url.count("/") + len(LANG_ROOTS[lang].split("/")) - 1
    return "../" * depth + LANG_ROOTS[target] + url
