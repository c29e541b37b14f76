"""A printed rulebook (printed.py) as a PDF typeset by typst, or as one HTML page to print.

typst (PyPI `typst`) is a wheel with no system packages: no browser, no Pango, no site build.
Its embedded fonts are used and no others (`ignore_system_fonts`), so a PDF is the same on every
machine: Libertinus Serif, which has Cyrillic. Every text of the document goes into the typst
source as a string literal (`#"…"`), never as markup, so a rule author's words are only ever
shown; tiles are the site's drawings (tiles_svg.py), embedded as SVG images.
"""

from __future__ import annotations

import os
import re
from html import escape

from .markup import CodePiece, Piece, TilesPiece
from .printed import Block, Document, Heading, Quote, Rule, Written
from .tiles_svg import tile_svg, tiles_html
from .ui import word

# The page, the fonts and the few functions the body calls; `tiles` maps "a-b" to its SVG.
PREAMBLE = """\
#set document(title: TITLE)
#set page(paper: "a4", margin: (x: 1.7cm, top: 1.6cm, bottom: 1.8cm),
          numbering: "1 / 1", number-align: center)
#set text(font: "Libertinus Serif", size: 10.5pt, lang: LANG, hyphenate: true)
#set par(justify: true, leading: 0.5em, spacing: 0.6em)
#show heading: set block(above: 1.1em, below: 0.55em)
#show heading.where(level: 1): set text(size: 19pt)
#show heading.where(level: 2): set text(size: 13.5pt)
#show heading.where(level: 3): set text(size: 10.5pt, style: "italic")
#show raw: set text(font: "DejaVu Sans Mono", size: 8.5pt)
#let t(name) = box(baseline: 0.22em, image(TILES.at(name), format: "svg", height: 0.95em, alt: name))
#let row(..names) = names.pos().map(t).join(h(0.15em))
#let quotes(..qs) = block(inset: (left: 6pt), stroke: (left: 1pt + luma(150)),
  text(size: 9pt, style: "italic", fill: luma(60), qs.pos().join(parbreak())))
#let rule(sentence, remarks, qs) = layout(size => {
  let body = grid(columns: (1fr, 0.62fr), column-gutter: 12pt,
    [#sentence #if remarks != none { text(size: 9pt, remarks) }], qs)
  let tall = measure(body, width: size.width).height > size.height / 3
  block(breakable: tall, above: 0.5em, below: 0.7em, body)
})
// A run with no space that is too long for a line may break between any two of its letters
// (typst itself lets such a word run off the page); boxes of four keep a long run quick to set.
#let anywhere(s) = s.clusters().chunks(4).map(c => box(c.join())).join()
#let unwritten(sentence) = block(above: 0.4em, below: 0.6em, text(fill: luma(70), sentence))
"""

# A run with no space longer than this may not fit the quotes' column (some 40 letters wide):
# it is set with `anywhere`, so that it breaks where it must instead of running off the page.
LONG_RUN = re.compile(r"(\S{31,})")


def typst_string(text: str) -> str:
    """A typst string literal holding exactly this text."""
    out = []
    for ch in text:
        if ch in '\\"':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{{{ord(ch):x}}}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


class TypstWriter:
    """Writes a printed rulebook as the source of a typst document."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.tiles: set[tuple[int, int]] = set()

    def source(self) -> str:
        """Return the whole typst source."""
        body = [f"= {self.content(self.doc.title)}"]
        if self.doc.source:
            body.append(self.content(self.doc.source))
        body += [self.block(b) for b in self.doc.blocks]
        tiles = ", ".join(f'"{a}-{b}": bytes({typst_string(tile_svg(a, b))})'
                          for a, b in sorted(self.tiles))
        preamble = (PREAMBLE.replace("TITLE", typst_string(_plain(self.doc)))
                    .replace("LANG", typst_string(self.doc.lang)))
        return (f"#let TILES = ({tiles or ':'})\n" + preamble + "\n\n".join(body) + "\n")

    def content(self, text: str) -> str:
        """A rich text as typst content: string literals and the drawings of its pieces."""
        return "".join(self.piece(p) for p in self.doc.rich.pieces(text))

    def piece(self, piece: str | Piece) -> str:
        """One run of text or one piece, as typst code after a `#`."""
        if isinstance(piece, str):
            return "".join(f"#anywhere({typst_string(run)})" if LONG_RUN.fullmatch(run)
                           else f"#{typst_string(run)}" for run in LONG_RUN.split(piece) if run)
        if isinstance(piece, CodePiece):
            return f"#raw({typst_string(piece.text)})"
        if not piece.tiles:
            return '#"—"'
        self.tiles.update(piece.tiles)
        names = ", ".join(f'"{a}-{b}"' for a, b in piece.tiles)
        return f"#row({names})"

    def block(self, block: Block) -> str:
        """One block of the document as typst."""
        if isinstance(block, Heading):
            return f"{'=' * block.level} {self.content(block.text)}"
        if isinstance(block, Written):
            return self.written(block)
        if block.kind == "unwritten":
            return f"#unwritten[{self.content(block.sentence)}]"
        remarks = "".join(
            f"#parbreak()" + (f"#strong({typst_string(label + ':')}) " if label else "")
            + self.content(text) for label, text in block.remarks)
        quotes = ", ".join(f"[{self.quoted(q)}"
                           + (f" — {self.content(q.origin)}" if q.origin else "") + "]"
                           for q in block.quotes)
        return (f"#rule([{self.content(block.sentence)}], "
                f"{'[' + remarks + ']' if remarks else 'none'}, "
                f"{'quotes(' + quotes + ')' if quotes else '[]'})")

    def quoted(self, quote: Quote) -> str:
        """A quote in guillemets; struck through, with why, where a house rule changes it."""
        text = f"#{typst_string('«')}{self.content(quote.text)}#{typst_string('»')}"
        if not quote.changed:
            return text
        why = typst_string(f"({word(self.doc.lang, 'changed_quote')})")
        return f"#strike[{text}] #emph({why})"

    def written(self, block: Written) -> str:
        """A rule as written, its line, and what the checker says of it."""
        parts = []
        if block.code:
            line = f" #text(size: 8pt)[#{typst_string(str(block.line))}]" if block.line else ""
            parts.append(f"#raw({typst_string(_plain_text(self.doc, block.code))}){line}")
        parts += [f"#text(size: 9pt)[{self.content(s)}]" for s in block.said]
        parts += [f"#block(inset: (left: 8pt))[#text(size: 7.5pt)[#raw({typst_string(g)})]]"
                  for g in block.games]
        return "#block(above: 0.4em, below: 0.5em)[" + "#linebreak()".join(parts) + "]"


def _plain_text(doc: Document, text: str) -> str:
    """A rich text with its pieces in words (a title, a rule as written)."""
    return "".join(p if isinstance(p, str) else
                   p.words() if isinstance(p, TilesPiece) else p.text
                   for p in doc.rich.pieces(text))


def _plain(doc: Document) -> str:
    return _plain_text(doc, doc.title)


def pdf_bytes(doc: Document) -> bytes:
    """Typeset the rulebook with typst's embedded fonts; return the PDF."""
    import typst

    source = TypstWriter(doc).source().encode("utf-8")
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "0")
    result = typst.compile(source, format="pdf", ignore_system_fonts=True,
                           timestamp=int(epoch) if epoch.isdigit() else 0)
    assert isinstance(result, bytes)
    return result


# ---- one HTML page ----------------------------------------------------------------------------
# A word too long for its column breaks between letters (overflow-wrap), and the columns may
# not grow to hold it (minmax(0, …)): a browser would otherwise print it past the page's edge.
# A rule longer than a page still flows on: break-inside is only a wish a browser drops then.
STYLE = """\
body{font-family:"Libertinus Serif",Georgia,serif;max-width:48em;margin:2em auto;padding:0 1em;
line-height:1.4;color:#111;overflow-wrap:anywhere}
h1{font-size:1.7em}h2{font-size:1.25em;margin-top:1.4em}h3{font-size:1em;font-style:italic}
.rule{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,.62fr);gap:1em;
margin:.4em 0 .7em;break-inside:avoid}
.remark{font-size:.9em;margin:.2em 0}.unwritten{color:#444}
blockquote{margin:0;padding-left:.5em;border-left:1px solid #999;font-style:italic;
font-size:.9em;color:#333}
svg.kz-tile{vertical-align:-.25em;height:1em;width:2em}.kz-tile-text{display:none}
code{font-size:.85em}.said{font-size:.9em}
@media print{body{margin:0;max-width:none}a{color:inherit;text-decoration:none}}
"""


class HtmlWriter:
    """Writes a printed rulebook as one HTML page that needs nothing else to show or print."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc

    def page(self) -> str:
        """Return the whole page."""
        doc = self.doc
        body = [f"<h1>{self.content(doc.title)}</h1>"]
        if doc.source:
            body.append(f"<p>{self.content(doc.source)}</p>")
        body += [self.block(b) for b in doc.blocks]
        return (f'<!DOCTYPE html>\n<html lang="{escape(doc.lang)}"><head><meta charset="utf-8">'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f"<title>{escape(_plain(doc))}</title><style>{STYLE}</style></head>\n"
                f"<body>\n" + "\n".join(body) + "\n</body></html>\n")

    def content(self, text: str) -> str:
        """A rich text as HTML: escaped words, tiles drawn."""
        out = []
        for piece in self.doc.rich.pieces(text):
            if isinstance(piece, str):
                out.append(escape(piece))
            elif isinstance(piece, CodePiece):
                out.append(f"<code>{escape(piece.text)}</code>")
            else:
                out.append(tiles_html(piece.tiles))
        return "".join(out)

    def quoted(self, quote: Quote) -> str:
        """A quote in guillemets; struck through, with why, where a house rule changes it."""
        text = f"«{self.content(quote.text)}»"
        if not quote.changed:
            return text
        why = escape(word(self.doc.lang, "changed_quote"))
        return f'<del>{text}</del> <em lang="{escape(self.doc.lang)}">({why})</em>'

    def block(self, block: Block) -> str:
        """One block of the document as HTML."""
        if isinstance(block, Heading):
            return f"<h{block.level}>{self.content(block.text)}</h{block.level}>"
        if isinstance(block, Written):
            code = (f"<code>{escape(_plain_text(self.doc, block.code))}</code> "
                    f"<small>{block.line}</small>" if block.code else "")
            said = "".join(f'<div class="said">{self.content(s)}</div>' for s in block.said)
            games = "".join(f"<pre>{escape(g)}</pre>" for g in block.games)
            return f"<div>{code}{said}{games}</div>"
        if block.kind == "unwritten":
            return f'<p class="unwritten">{self.content(block.sentence)}</p>'
        remarks = "".join(f'<p class="remark">' + (f"<strong>{escape(label)}:</strong> "
                                                  if label else "")
                          + f"{self.content(text)}</p>" for label, text in block.remarks)
        quotes = "".join(f'<blockquote lang="ru">{self.quoted(q)}'
                         + (f" — {self.content(q.origin)}" if q.origin else "")
                         + "</blockquote>" for q in block.quotes)
        return (f'<div class="rule"><div><p>{self.content(block.sentence)}</p>{remarks}</div>'
                f"<div>{quotes}</div></div>")
