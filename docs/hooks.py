"""mkdocs hooks: the generated pages of one language, its hand-written pages, the other builds.

Each language is one mkdocs build: mkdocs.yml builds English at the site's root, mkdocs.ru.yml
(which inherits it) builds Russian under ru/, with the same page paths, so the theme's chrome,
`<html lang>` and search index are each language's own. The English build starts the builds
that `extra.kozel_translations` names when it is done, so `mkdocs build` builds the whole site.

- Generated pages (kozel/publish, see kozel/publish/site.py: GENERATORS) are written for the build's
  language (theme.language) and added in memory; nothing is written into docs/.
- Hand-written pages: `page.md` is English, `page.ru.md` its Russian translation. The English
  build leaves out every `*.ru.md`; the Russian one publishes `page.ru.md` as `page.md`, and an
  untranslated page in English under a Russian note, marked `lang="en"`.
- The nav entry `variants/index.md` is expanded into a section listing every rulebook.
- Hand-written pages may draw tiles with `<!-- kozel:tiles 6-6 -->` comments.
- The playground page's `<!-- kozel:playground -->` is its editor's place; the English build
  writes the scripts, Pyodide and the Python bundle into `playground-assets/` once, for both
  languages (kozel/publish/playground/build_site.py); KOZEL_PLAYGROUND=0 builds without them.
Setting KOZEL_DOCS_ROOT to a folder builds the rulebooks from that folder's spec/variants
instead (the tests use it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.commands.build import build  # noqa: E402
from mkdocs.config import load_config  # noqa: E402
from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File, Files, InclusionLevel  # noqa: E402

from kozel.publish.markers import MarkerError, expand_markers  # noqa: E402
from kozel.publish.pdf import pdf_link, write_rulebooks  # noqa: E402
from kozel.publish.playground import build_site as playground  # noqa: E402
from kozel.publish.site import Site, SpecError, build_site, page_path  # noqa: E402
from kozel.publish.statistics import StatisticsSite, statistics_site  # noqa: E402

_SITE: Site | None = None
_STATISTICS: StatisticsSite | None = None  # pages drawn from docs/statistics/*.json
ROOT_VARIABLE = "KOZEL_DOCS_ROOT"  # a folder whose spec/variants replaces this checkout's
UNTRANSLATED = {"ru": '!!! note "Эта страница пока только на английском"\n\n'}
_FALLBACK: set[str] = set()  # pages of this build shown in English (their HTML gets lang="en")


def spec_root() -> Path:
    """Return the folder whose spec/variants the site is built from."""
    return Path(os.environ.get(ROOT_VARIABLE) or ROOT)


def build_language(config: MkDocsConfig) -> str:
    """Return the language this build writes (the theme's language)."""
    return str(config.theme["language"])


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load the variants, write this language's pages in memory, and expand the nav."""
    global _SITE
    try:
        if playground.enabled() and is_root_build(config):  # fail before minutes of building
            playground.check_tools()
        _SITE = build_site(spec_root(), build_language(config))
    except (SpecError, playground.PlaygroundError) as error:
        raise PluginError(str(error)) from error
    global _STATISTICS
    _STATISTICS = statistics_site(spec_root(), [v.name for v in _SITE.variants],
                                  build_language(config), _SITE.variants)
    if config.nav:
        config.nav = _STATISTICS.expand_nav(expand_nav(config.nav, _SITE))
    return config


def is_root_build(config: MkDocsConfig) -> bool:
    """Whether this is the build at the site's root (English), which starts the others."""
    return build_language(config) not in (config.extra.get("kozel_translations") or {})


def expand_nav(nav: list[Any], site: Site) -> list[Any]:
    """Replace the rulebooks' index entry of the nav by a section listing its rulebooks."""
    expanded: list[Any] = []
    for item in nav:
        if isinstance(item, dict) and len(item) == 1:
            (title, value), = item.items()
            if value == page_path():
                item = {title: site.nav}
            elif isinstance(value, list):
                item = {title: expand_nav(value, site)}
        expanded.append(item)
    return expanded


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Keep this language's hand-written pages and add the generated ones."""
    assert _SITE is not None, "on_config runs before on_files"
    lang = build_language(config)
    _FALLBACK.clear()
    for file in [f for f in files.documentation_pages() if f.src_uri.endswith(".md")]:
        translated = files.get_file_from_path(file.src_uri[:-3] + f".{lang}.md")
        if file.src_uri.endswith(tuple(f".{code}.md" for code in UNTRANSLATED)):
            files.remove(file)  # a translation: published under the page's own name, or not
        elif lang in UNTRANSLATED and translated is not None:
            files.remove(file)
            files.append(File.generated(config, file.src_uri, abs_src_path=translated.abs_src_path))
        elif lang in UNTRANSLATED:
            files.remove(file)
            text = Path(file.abs_src_path or "").read_text(encoding="utf-8")
            files.append(File.generated(config, file.src_uri, content=UNTRANSLATED[lang] + text))
            _FALLBACK.add(file.src_uri)
    for path, text in _SITE.pages.items():  # a page the nav leaves out on purpose: no warning
        inclusion = InclusionLevel.NOT_IN_NAV if path in _SITE.not_in_nav else \
            InclusionLevel.UNDEFINED
        files.append(File.generated(config, path, content=text, inclusion=inclusion))
    for path, text in (_STATISTICS.files if _STATISTICS else {}).items():
        files.append(File.generated(config, path, content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: MkDocsConfig, files: Files) -> str:
    """Draw the tiles that hand-written pages name in `<!-- kozel:tiles ... -->` comments.

    A rulebook's title is also set as its meta title: the theme writes that into <title> as it
    is, where it would write the nav title through `striptags`, which unescapes it again. So is
    the title of a generated page the nav leaves out (a comparison's pair page), which would
    otherwise be made from its file name ("Compare minsk pairs").
    """
    if _SITE is not None and page.file.src_uri in _SITE.titles:
        page.meta["title"] = _SITE.titles[page.file.src_uri]
    if playground.MARKER in markdown:
        up = "../" * page.url.count("/") + ("" if is_root_build(config) else "../")
        markdown = markdown.replace(playground.MARKER, playground.page_markup(
            build_language(config), f"{up}{playground.ASSETS}/"))
    try:
        return expand_markers(markdown)
    except MarkerError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error


def on_page_content(html: str, page: Any, config: MkDocsConfig, files: Files) -> str:
    """Link a rulebook to its PDF (kozel/publish/pdf.py), and mark an
    untranslated page's English text as English (its note stays in the page's language)."""
    rulebooks = {page_path(v.name): v.name for v in (_SITE.variants if _SITE else [])}
    if page.file.src_uri in rulebooks:
        switch = html.find('class="kz-switch"')
        end = html.find("</p>", switch)
        if switch >= 0 and end >= 0:
            link = pdf_link(rulebooks[page.file.src_uri], build_language(config))
            html = html[:end] + link + html[end:]
    if page.file.src_uri not in _FALLBACK:
        return html
    note_end = html.find("</div>") + len("</div>")  # the admonition comes first
    return f'{html[:note_end]}<div lang="en">{html[note_end:]}</div>'


# What each language's search adds to the theme's lunr language file (the search worker loads
# that file, and nothing of the site's own, for the language of its index).
SEARCH_ADDITIONS = {"ru": ROOT / "kozel" / "publish" / "search_ru.js"}
SEARCH_MARK = "\n/* kozel: "  # where an addition starts (a rebuild into the same folder replaces it)


def add_search_language(site_dir: Path, lang: str) -> None:
    """Append this language's search addition to the built lunr file of its language."""
    addition = SEARCH_ADDITIONS.get(lang)
    target = site_dir / "assets" / "javascripts" / "lunr" / "min" / f"lunr.{lang}.min.js"
    if addition is None or not target.is_file():
        return
    theme = target.read_text(encoding="utf-8").split(SEARCH_MARK)[0]
    target.write_text(theme + "\n" + addition.read_text(encoding="utf-8"), encoding="utf-8")


def on_post_build(config: MkDocsConfig) -> None:
    """Add this language's search words, typeset each rulebook as a PDF, write the playground's
    assets (the root build only: every language's page loads the same), and build the other
    languages (mkdocs.yml's `extra.kozel_translations`) into their folders; a translation's
    own build (which inherits the list) builds nothing more."""
    add_search_language(Path(config.site_dir), build_language(config))
    write_rulebooks(Path(config.site_dir), _SITE.variants if _SITE else [],
                    build_language(config))
    translations = config.extra.get("kozel_translations") or {}
    if build_language(config) in translations:
        return
    if playground.enabled():
        try:
            playground.build_assets(Path(config.site_dir), spec_root())
        except playground.PlaygroundError as error:
            raise PluginError(str(error)) from error
    for lang, config_file in translations.items():
        path = Path(config.config_file_path).parent / config_file
        other = load_config(str(path), site_dir=str(Path(config.site_dir) / lang),
                            strict=config.strict)
        build(other)
