"""A witness drawn as a table scene: the line as laid, each seat's hand, the stock, the sheet.

The tiles and seats that show the finding are marked (class `kz-mark`), the line keeps the order
in which its tiles were laid, seats and sides are numbered from 1, and a long scene is folded
under its title. Everything wraps, so a 400 px screen shows rows of tiles, not one per row.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from checks.reporting.catalogue import is_translated, said_in
from checks.search.witnesses import NoValue, SeatIs, Side, SideIs, Stated, Witness
from interpreter.language.model import Variant
from interpreter.engine.tiles import Laid, Tile

from . import lexicon as lx
from .scene import LaidTile, Scene, ScoreRow, scene_of
from .scene_marks import Marks, marks_of
from .scene_words import scene_word
from .text import md_text, said_html
from .tiles_svg import tile_html, tile_svg, tiles_html

LONG_ROWS = 7  # a scene of more rows than this starts folded (seats, line, stock, sheet, facts)
# facts drawn elsewhere in the scene (or repeated there in other words)
DRAWN = {"players", "options", "hands", "hand", "in_hands", "line", "stock", "record", "at",
         "cause", "round", "situation", "values", "does", "written", "totals", "goat", "won",
         "side", "left", "right", "winner", "fisher", "leader", "seat to lead", "lot",
         "seat to play", "seat"}
TILE_LISTS = ("hand", "in_hands")
ENGLISH = ' lang="en"'  # the checker's words that its catalogue does not say in this language
WIDE = ' class="kz-fact-wide"'  # a sentence, not a value: the whole width
READING_RUN = re.compile(r"(.+) \((\w+)\)")  # `minsk (added)`: a variant under a reading
WRAP = 64  # characters of a record's line (a 400 px screen scrolls the box, not the page)


def value_html(value: Any, lang: str) -> str:
    """Return one value of a witness: tiles drawn, yes/no and symbols in words."""
    if isinstance(value, bool):
        return lx.YES_NO[lang][0 if value else 1]
    if isinstance(value, Tile):
        return tiles_html([value])
    if isinstance(value, tuple) and value and all(isinstance(v, Tile) for v in value):
        return tiles_html(value)
    if isinstance(value, str) and value in lx.ENDINGS:  # how a round ended: out / fish
        return escape(lx.SYMBOLS[value][lang])
    if isinstance(value, dict):
        return "; ".join(f"<code>{escape(str(k))}</code> = {option_html(v, lang)}"
                         for k, v in value.items())
    if isinstance(value, tuple):  # numbers (a sheet's row) as the JSON writes them
        value = list(value)
    return said_html(said_in(value, lang))


def option_html(value: Any, lang: str) -> str:
    """Return an option's value: yes/no in words, anything else as written in the rule text."""
    if isinstance(value, bool):
        return lx.YES_NO[lang][0 if value else 1]
    if isinstance(value, dict):
        return value_html(value, lang)
    return f"<code>{escape(str(value))}</code>"


def _loose(tiles: tuple[Tile, ...], marks: Marks, lang: str) -> str:
    """A row of loose tiles (a hand, the stock), the marked ones marked."""
    if not tiles:
        return f'<span class="kz-tiles kz-empty">{escape(scene_word(lang, "empty"))}</span>'
    drawn = [_mark(tile_html(tile), tile in marks.tiles) for tile in tiles]
    return '<span class="kz-tiles">' + "".join(drawn) + "</span>"


def _mark(html: str, marked: bool) -> str:
    return f'<span class="kz-mark">{html}</span>' if marked else html


def _line_html(line: list[LaidTile], marks: Marks, lang: str) -> str:
    """The line left to right, doubles across, each tile with the order it was laid in."""
    if not line:
        return f'<span class="kz-tiles kz-empty">{escape(scene_word(lang, "empty"))}</span>'
    last = max(t.order for t in line)
    items = []
    for index, tile in enumerate(line):
        end = index in (0, len(line) - 1)
        marked = tile.tile in marks.tiles or (marks.ends and end) or (
            marks.lead and tile.order == 1) or (marks.last and tile.order == last > 0)
        classes = ["kz-lt"] + (["kz-mark"] if marked else []) + (
            ["kz-double"] if tile.left == tile.right else []) + (
            ["kz-lead"] if tile.order == 1 else []) + (["kz-last"] if tile.order == last > 0
                                                       else [])
        hint = scene_word(lang, "laid", n=tile.order) if tile.order else ""
        order = f'<small class="kz-order">{tile.order}</small>' if tile.order else ""
        items.append(f'<span class="{" ".join(classes)}" title="{escape(hint)}">'
                     f"{tile_svg(tile.left, tile.right, vertical=tile.left == tile.right)}"
                     f'<span class="kz-tile-text">{Laid(tile.left, tile.right)}</span>{order}</span>')
    return '<span class="kz-line-tiles">' + "".join(items) + "</span>"


def _side_name(row: ScoreRow, scene: Scene, lang: str) -> str:
    if scene.partners:
        seats = ", ".join(str(s + 1) for s in row.seats)
        return scene_word(lang, "side seats", n=row.side + 1, seats=seats)
    return scene_word(lang, "seat n", n=row.side + 1)


def _seats_html(scene: Scene, marks: Marks, lang: str) -> list[str]:
    """One block per seat: its number (from 1), its side, what it does now, its hand."""
    blocks = []
    for seat, hand in enumerate(scene.hands):
        side = seat % 2 if scene.partners else seat
        roles = [scene_word(lang, r) for r in scene.roles.get(seat, [])]
        marked = bool(roles) or (scene.partners and side in marks.sides)
        name = f"<strong>{escape(scene_word(lang, 'seat n', n=seat + 1))}</strong>"
        if scene.partners:
            name += f" · {escape(scene_word(lang, 'side n', n=side + 1))}"
        role = "".join(f' <em class="kz-role">{escape(r)}</em>' for r in roles)
        blocks.append(f'<div class="kz-seat{" kz-seat-marked" if marked else ""}">'
                      f'<p class="kz-seat-name">{name}{role}</p>{_loose(hand, marks, lang)}</div>')
    return blocks


def _scores_html(scene: Scene, marks: Marks, lang: str) -> str:
    """The score sheet as a small table: side × before / this round / total."""
    if not scene.scores:
        return ""
    head = "".join(f"<th>{escape(scene_word(lang, k))}</th>"
                   for k in ("before", "this round", "total"))
    rows = []
    for row in scene.scores:
        cells = "".join(f"<td>{'—' if v is None else v}</td>"
                        for v in (row.before, row.this_round, row.total))
        marked = ' class="kz-mark-row"' if row.side in marks.sides else ""
        rows.append(f"<tr{marked}><th>{escape(_side_name(row, scene, lang))}</th>{cells}</tr>")
    return (f'<table class="kz-scores"><caption>{escape(scene_word(lang, "scores"))}</caption>'
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _facts_html(witness: Witness, scene: Scene, lang: str,
                variant: Variant | None = None) -> str:
    """The facts not drawn as tiles or on the sheet, labelled in the page's language."""
    items = [(_label(key, lang, variant), value_html(value, lang), _in_english(key, value, lang))
             for key, value in witness.parts() if key not in DRAWN]
    for key in TILE_LISTS:
        if witness.has(key):
            items.append((scene_word(lang, key), value_html(getattr(witness, key), lang), None))
    for key in ("goat", "won"):  # sides, from 1 for people
        sides = witness.fact(key)
        if isinstance(sides, tuple):
            named = ", ".join(scene_word(lang, "side n", n=s.number + 1) for s in sides
                              if isinstance(s, Side))
            items.append((scene_word(lang, key), escape(named), None))
    side = witness.fact("side")
    if witness.has("side") and not scene.scores and type(side) is int:
        items.append((scene_word(lang, "side"), str(side + 1), None))
    for group in ("values", "does"):
        for name, value in getattr(witness, group):
            items.append((_value_label(name, lang, variant), answer_html(value, lang), None))
    cells = "".join(f"<div{WIDE if english is not None else ''}><dt>"
                    f"{label if label.startswith('<code>') else md_text(label)}</dt>"
                    f"<dd{ENGLISH if english else ''}>{value}</dd></div>"
                    for label, value, english in items)
    return f'<dl class="kz-facts">{cells}</dl>' if items else ""


def _label(key: str, lang: str, variant: Variant | None = None) -> str:
    """A fact's label; `under NAME` (a comparison's game replayed by the other variant) and
    `under NAME (READING)` (the same game under another reading) said in words."""
    if key.startswith("under "):
        return run_name(key[len("under "):], lang, variant, "under")
    return scene_word(lang, key)


def run_name(name: str, lang: str, variant: Variant | None, how: str = "as run") -> str:
    """A variant as the checker names one of its runs (`minsk`, `minsk (added)`), in words:
    a reading by what it says in the page's language, not by its name in the rule file."""
    found = READING_RUN.fullmatch(name)
    text = _reading_text(variant, found[2], lang) if found else None
    if found and text:
        return scene_word(lang, f"{how} reading", text=text)
    return scene_word(lang, how, name=name)


def _reading_text(variant: Variant | None, reading: str, lang: str) -> str | None:
    """What a reading of one of the variant's sentences says, in a language."""
    for _, cases in variant.slots if variant else ():
        for case in cases:
            for read in case.readings:
                if read.name == reading:
                    return str(read.text_ru or read.text) if lang == "ru" else str(read.text)
    return None


def answer_html(value: Any, lang: str) -> str:
    """What a rule answers in a game, in words: seats and sides from 1, symbols said."""
    if isinstance(value, SeatIs):
        return escape(scene_word(lang, "seat n", n=value.seat + 1))
    if isinstance(value, SideIs):
        return escape(scene_word(lang, "side n", n=value.side + 1))
    if isinstance(value, NoValue):  # the engine's answer when the rule gives none
        return escape(scene_word(lang, "no value"))
    if isinstance(value, tuple) and value and all(isinstance(v, (SeatIs, SideIs))
                                                  for v in value):
        return ", ".join(answer_html(v, lang) for v in value)
    if isinstance(value, Stated):  # a conflict's answer: the value, else the engine's words
        return answer_html(value.value if isinstance(value.value, (SeatIs, SideIs, Tile))
                           else value.words, lang)
    if not isinstance(value, str):
        return value_html(value, lang)
    if value in lx.SYMBOLS:
        return escape(lx.SYMBOLS[value][lang])
    return value_html(value, lang)


def _value_label(name: str | int, lang: str, variant: Variant | None) -> str:
    """The name of one answer of a witness: a rule's line (`line 56`), or a variant's run."""
    if isinstance(name, int):
        return scene_word(lang, "line no", n=name)
    return run_name(name, lang, variant)


def _in_english(key: str, value: Any, lang: str) -> bool | None:
    """A sentence of the checker (None: a value): True when it has no words in this language."""
    if key not in ("shows", "then") and not key.startswith("under "):
        return None
    return not is_translated(value, lang)


def _options_html(options: dict[str, Any], lang: str, variant: Variant | None) -> str:
    """The options of the game; of a comparison's game, each run's (once when they agree)."""
    runs = list(options.values())
    if not runs or not all(isinstance(v, dict) for v in runs):
        return value_html(options, lang)
    if all(run == runs[0] for run in runs):
        return value_html(runs[0], lang) if runs[0] else escape(lx.YES_NO[lang][1])
    return "; ".join(f"{md_text(run_name(name, lang, variant))}: {value_html(run, lang)}"
                     for name, run in options.items())


def _at_words(scene: Scene, lang: str) -> str:
    if not scene.at[0]:
        return scene_word(lang, "at setup")
    return scene_word(lang, "at words", round=scene.at[0], moves=scene.at[1])


def witness_html(witness: Witness, lang: str, *,
                 variant: Variant | None = None) -> str:
    """Return a witness as a table scene (its record replayed under the variant, if given),
    marking what the checker says causes the finding (the witness's `cause`)."""
    scene, marks = scene_of(witness, variant), marks_of(witness)
    setting = [f"{escape(scene_word(lang, 'players'))}: {scene.players}"] if scene.players else []
    if scene.options:
        setting.append(f"{escape(scene_word(lang, 'options'))}: "
                       f"{_options_html(scene.options, lang, variant)}")
    parts = [f'<p class="kz-scene-setting">{" · ".join(setting)}</p>'] if setting else []
    if scene.line or scene.at[1]:
        parts.append(f'<div class="kz-scene-line"><p class="kz-scene-label">'
                     f'{escape(scene_word(lang, "line"))}</p>'
                     f"{_line_html(scene.line, marks, lang)}</div>")
    seats = _seats_html(scene, marks, lang)
    if seats:
        parts.append(f'<div class="kz-seats">{"".join(seats)}</div>')
    if scene.stock is not None:
        parts.append(f'<div class="kz-scene-stock"><p class="kz-scene-label">'
                     f'{escape(scene_word(lang, "stock"))} <small>'
                     f'({escape(scene_word(lang, "stock top"))})</small></p>'
                     f"{_loose(scene.stock, marks, lang)}</div>")
    parts += [_scores_html(scene, marks, lang), _facts_html(witness, scene, lang, variant)]
    rows = len(seats) + 2 + len(scene.scores) + parts[-1].count("<dt>")
    folded = "" if rows <= LONG_ROWS else " kz-long"
    summary = (f'<summary><span class="kz-witness-title">{escape(scene_word(lang, "title"))}'
               f'</span> · <span class="kz-scene-at">{escape(_at_words(scene, lang))}</span>'
               "</summary>")
    drawn = "".join(p for p in parts if p)
    return (f'<div class="kz-witness kz-scene{folded}"><details class="kz-scene-box"'
            f'{"" if folded else " open"}>{summary}{drawn}{legend_html(drawn, lang)}'
            f'{record_html(witness.record, scene_word(lang, "record"))}</details></div>')


def record_html(record: Any, label: str) -> str:
    """The witness game's record, folded, indented, to copy (the theme's copy button) for
    `kozel replay --partial`."""
    if not record:
        return ""
    return (f'<details class="kz-witness-record"><summary>{escape(label)}</summary>'
            f'<pre><code>{escape(record_text(record))}</code></pre></details>')


def record_text(value: Any, indent: str = "", width: int = WRAP) -> str:
    """JSON indented by objects and lists of objects; a list of plain values (tiles, seats,
    points) stays on lines of its own, broken only between items, never inside one."""
    if isinstance(value, dict) and value:
        inner = indent + "  "
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: "
                 f"{record_text(v, inner, width - len(k) - 4)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + record_text(v, inner) for v in value) + \
            f"\n{indent}]"
    if isinstance(value, list):
        return _wrapped([json.dumps(v, ensure_ascii=False) for v in value], indent, width)
    return json.dumps(value, ensure_ascii=False)


def _wrapped(items: list[str], indent: str, width: int) -> str:
    """A flat list on as few lines as fit the width, each line cut between two items."""
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) + 2 > max(width, 24):
            lines.append(line + ",")
            line = ""
        line = f"{line}, {item}" if line else item
    lines.append(line)
    return "[" + f"\n{indent} ".join(lines) + "]"


# The signs a scene may draw, each found by the class it carries: (class, legend word).
SIGNS = (("kz-mark", "sign mark"), ("kz-lead", "sign lead"), ("kz-last", "sign last"),
         ("kz-order", "sign order"), ("kz-double", "sign double"),
         ("kz-seat-marked", "sign seat"), ("kz-role", "sign role"),
         ("kz-mark-row", "sign row"), ("kz-empty", "sign empty"))


def legend_html(drawn: str, lang: str) -> str:
    """The legend of a scene: every sign it draws, and no other, explained in words."""
    used = [word for sign, word in SIGNS if re.search(rf'class="[^"]*(?<![\w-]){sign}(?![\w-])', drawn)]
    if not used:
        return ""
    items = "".join(f"<li>{escape(scene_word(lang, word))}</li>" for word in used)
    return (f'<details class="kz-scene-legend"><summary>{escape(scene_word(lang, "signs"))}'
            f"</summary><ul>{items}</ul></details>")
