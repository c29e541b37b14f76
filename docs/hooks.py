"""mkdocs hooks: render every variant of spec/variants into rulebook pages at build time.

The pages are added to the build as generated files (nothing is written into docs/), and the
nav entries `variants/en/index.md` / `variants/ru/index.md` of mkdocs.yml are expanded into a
section listing every rulebook. Hand-written pages may draw tiles with `<!-- kozel:tiles 6-6 -->`
comments. The work is done by the `docs.gen` package. Setting KOZEL_DOCS_ROOT to a folder
builds the rulebooks from that folder's spec/variants instead (the tests use it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402

from docs.gen.markers import MarkerError, expand_markers  # noqa: E402
from docs.gen.site import Site, SpecError, build_site, page_path  # noqa: E402
from docs.gen.statistics import StatisticsSite, statistics_site  # noqa: E402

_SITE: Site | None = None
_STATISTICS: StatisticsSite | None = None  # pages drawn from docs/statistics/*.json
ROOT_VARIABLE = "KOZEL_DOCS_ROOT"  # a folder whose spec/variants replaces this checkout's


def spec_root() -> Path:
    """Return the folder whose spec/variants the site is built from."""
    return Path(os.environ.get(ROOT_VARIABLE) or ROOT)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load the variants, write the pages in memory, and expand the nav."""
    global _SITE
    try:
        _SITE = build_site(spec_root())
    except SpecError as error:
        raise PluginError(str(error)) from error
    global _STATISTICS
    _STATISTICS = statistics_site(spec_root(), [v.name for v in _SITE.variants])
    if config.nav:
        config.nav = _STATISTICS.expand_nav(expand_nav(config.nav, _SITE))
    return config


def expand_nav(nav: list[Any], site: Site) -> list[Any]:
    """Replace each language's index entry of the nav by a section listing its rulebooks."""
    indexes = {page_path(lang): lang for lang in site.nav}
    expanded: list[Any] = []
    for item in nav:
        if isinstance(item, dict) and len(item) == 1:
            (title, value), = item.items()
            if isinstance(value, str) and value in indexes:
                item = {title: site.nav[indexes[value]]}
            elif isinstance(value, list):
                item = {title: expand_nav(value, site)}
        expanded.append(item)
    return expanded


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages to the build."""
    assert _SITE is not None, "on_config runs before on_files"
    for path, text in _SITE.pages.items():
        files.append(File.generated(config, path, content=text))
    for path, text in (_STATISTICS.files if _STATISTICS else {}).items():
        files.append(File.generated(config, path, content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: MkDocsConfig, files: Files) -> str:
    """Draw the tiles that hand-written pages name in `<!-- kozel:tiles ... -->` comments.

    A rulebook's title is also set as its meta title: the theme writes that into <title> as it
    is, where it would write the nav title through `striptags`, which unescapes it again.
    """
    if _SITE is not None and page.file.src_uri in _SITE.titles:
        page.meta["title"] = _SITE.titles[page.file.src_uri]
    try:
        return expand_markers(markdown)
    except MarkerError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error
