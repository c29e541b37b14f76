"""A page per source text: every sentence, linked to the rule card it became on the variant's
rulebook page, or with the reason its `aside` gives (the concordance,
interpreter/language/concordance.py).

The page is a Markdown table, so everything the source text and the rule file carry (the
sentences, the title, the file's name, the asides' reasons, the rule files' names) goes in
through text.md_text: a reason like `![x](data:x){: onerror=…}` is shown as written, never
made an image."""

from __future__ import annotations

from pathlib import Path

from interpreter.language import catalogue
from interpreter.language.ast import Pos
from interpreter.language.concordance import Account, concordance
from interpreter.language.model import Variant

from .rulebook import slot_anchor
from .text import latin_marked, md_code, md_text, md_text_coded

SOURCES_DIR = "sources"
WORDS = catalogue.by_language("sources.", "site: sources")  # the catalogue's


def source_path(variant: Variant) -> str:
    """The path (under docs/) of a variant's source page."""
    return f"{SOURCES_DIR}/{variant.name}.md"


def anchor_of(variant: Variant, account: Account) -> str | None:
    """The anchor of the card of what cites a sentence on the variant's rulebook page."""
    if account.what == "players":
        return "rule-players"
    if account.what.startswith("option "):
        return f"option-{account.what[7:]}"
    if account.what == "claim":
        return _index_anchor("claim", [c.pos for c in variant.claims], account.pos)
    if account.what.startswith("restates "):
        return _index_anchor("restates", [r.pos for r in variant.restatements], account.pos)
    if account.what.startswith("default "):
        return None
    cases = variant.cases(account.what)
    return _index_anchor(f"rule-{slot_anchor(account.what)[5:]}", [c.pos for c in cases],
                         account.pos)


def _index_anchor(prefix: str, places: list[Pos], pos: Pos) -> str | None:
    return next((f"{prefix}-{i + 1}" for i, p in enumerate(places) if p == pos), None)


def source_page(variant: Variant, lang: str) -> str | None:
    """The source page of a variant in one language, or None when its text is not found."""
    found = concordance(variant)
    if found is None:
        return None
    w = WORDS[lang]
    rows = [f"| {w['line']} | {w['sentence']} | {w['became']} |", "|---|---|---|"]
    for entry in found.entries:
        became = [_link(variant, a, w) for a in entry.rules]
        became += [md_text_coded(ru if lang == "ru" and ru else reason)
                   for reason, ru in entry.asides]
        rows.append(f"| {entry.sentence.line} | {latin_marked(entry.sentence.text, md_text)} | "
                    f"{'<br>'.join(became) or '—'} |")
    title = latin_marked(variant.source_title or variant.source or "", md_text)
    return (f"# {w['title']} `{variant.name}`\n\n{title} ({md_code(found.file)})\n\n"
            f"{w['intro']}\n\n"
            + "\n".join(rows) + "\n")


def _link(variant: Variant, account: Account, w: dict[str, str]) -> str:
    anchor = anchor_of(variant, account)
    label = f"{md_code(account.what)} ({md_text(Path(account.pos.file).name)}:{account.pos.line})"
    if account.what.startswith("default "):
        return f"{label}: {w['default']}"
    target = f"../variants/{variant.name}.md" + (f"#{anchor}" if anchor else "")
    return f"[{label}]({target})"


def source_pages(site: object, lang: str) -> dict[str, str]:
    """Every variant's source page in one language, each added to the site's nav."""
    pages = {}
    for variant in getattr(site, "variants", []):
        page = source_page(variant, lang)
        if page is not None:
            pages[source_path(variant)] = page
    nav = getattr(site, "nav", None)
    if nav is not None:  # beside the rulebooks: "Source texts: minsk"
        nav += [{f"{WORDS[lang]['nav']}: {p.split('/')[-1][:-3]}": p} for p in pages]
    return pages
