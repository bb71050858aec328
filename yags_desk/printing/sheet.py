"""The full character sheet: one page per character (issue 6, part 1).

Attributes, skills, advantages, every style's initiative (classic), attack,
defence and damage before dice, soak, load, equipment and armour, the damage
tracks as boxes to tick in pencil, and the notes. ``blank=True`` leaves every
derived number empty, for a player who works them out by hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from yags_desk.printing.parts import (
    KIND_LABELS,
    attributes_table,
    condition_text,
    equipment_table,
    fresh,
    reminder,
    skills_table,
    style_notes,
    styles_table,
    summary_cells,
    tracks_table,
    value_parts,
)
from yags_desk.printing.style import PAGE_BREAK, document, esc, row, table
from yags_desk.rules.character import Character
from yags_desk.rules.derived import StyleValues
from yags_desk.rules.options import DEFAULT_OPTIONS, RulesOptions

__all__ = ["WRITING_LINES", "character_sheet", "character_sheets", "notes_html",
           "writing_lines"]

WRITING_LINES = 5
# Room on a page, in table rows, for what varies from sheet to sheet (skills,
# styles, equipment, notes) plus the ruled lines; measured on A4 and Letter.
_PAGE_ROWS = 22
_ROWS_PER_LINE = 1.6
_NOTE_CHARS_PER_ROW = 95
# A style's or an item's notes longer than this wrap in their narrow column
# (measured on the 0.8 samples), each wrap costing about half a row.
_STYLE_NOTE_CHARS = 16
_ITEM_NOTE_CHARS = 40
_SMALL_WRAP = 0.5
SHEET_PT = 10.5


def notes_html(text: str) -> str:
    """The GM's notes with their paragraphs and line breaks kept."""
    paragraphs = [p for p in text.replace("\r\n", "\n").split("\n\n") if p.strip()]
    return "".join(f"<p>{esc(p.strip()).replace(chr(10), '<br>')}</p>" for p in paragraphs)


def _rows_used(c: Character, styles: Sequence[StyleValues]) -> float:
    used: float = -(-len(c.skills) // 3) + len(styles) + len(c.weapons) + (c.shield is not None)
    used += len(c.armour) + (2 if c.edition == "0.8" else 0) + bool(c.advantages)
    # Notes in the narrow last columns wrap onto a second line of small type.
    used += _SMALL_WRAP * sum(len(style_notes(c, s)) > _STYLE_NOTE_CHARS for s in styles)
    items = [*c.weapons, *((c.shield,) if c.shield else ())]
    used += _SMALL_WRAP * sum(len(", ".join(w.properties)) > _ITEM_NOTE_CHARS for w in items)
    for paragraph in c.notes.splitlines():
        used += 1 + len(paragraph) // _NOTE_CHARS_PER_ROW
    return used


def writing_lines(c: Character, styles: Sequence[StyleValues]) -> int:
    """How many ruled lines for notes still fit on the sheet's page [decision]: up to
    five, fewer as the sheet fills, so the lines never push a sheet onto a second page."""
    return _lines_left(_rows_used(c, styles))


def _lines_left(used: float) -> int:
    return max(0, min(WRITING_LINES, int((_PAGE_ROWS - used) / _ROWS_PER_LINE)))


def character_sheet(c: Character, options: RulesOptions = DEFAULT_OPTIONS, *,
                    blank: bool = False, first: bool = True) -> str:
    """The body of one sheet; ``first=False`` starts it on a new page."""
    d = fresh(c, options)
    brk = "" if first else PAGE_BREAK
    # [decision] A sheet too full for its page is set in smaller type; what still
    # does not fit flows onto a further page rather than being cut.
    used = _rows_used(c, d.styles)
    crowded = used > _PAGE_ROWS
    sub = [KIND_LABELS.get(c.kind, c.kind), f"{c.edition} edition"]
    if c.player:
        sub.insert(0, f"Player: {c.player}")
    out = [f"<h1{brk}>{esc(c.name)}</h1>",
           f'<p class="sub">{esc(" · ".join(sub))}</p>',
           "<h2>Attributes</h2>", attributes_table(c),
           "<h2>Skills</h2>", skills_table(c)]
    if c.advantages:
        out.append(f"<p><b>Advantages:</b> {esc(', '.join(c.advantages))}</p>")

    out.append("<h2>Combat</h2>")
    cells = summary_cells(c, d, blank)
    centred = ['align="center"'] * len(cells)
    out.append(table([row((v for _, v in cells), attrs=centred)],
                     header=[k for k, _ in cells], header_attrs=centred))
    if not blank and len(d.soak.parts) > 1:
        out.append(f'<p class="small muted">Soak: {value_parts(d.soak)}</p>')
    out.append(styles_table(c, d, blank))
    note = ("Numbers before dice; add 2d10!." if c.edition == "classic"
            else "Numbers before dice; add d20.")
    out.append(f'<p class="small muted">{note} Penalties from ticked boxes apply to every '
               "roll except damage.</p>")

    out.append("<h2>Equipment</h2>")
    out.append(equipment_table(c))

    out.append("<h2>Wounds and fatigue</h2>")
    out.append(tracks_table(c, options))
    carried = condition_text(c, options)
    if carried:
        out.append(f"<p><b>{esc(carried)}</b></p>")
    out.append(f'<p class="small">{reminder(c, blank)}</p>')

    out.append("<h2>Notes</h2>")
    if c.notes.strip():
        out.append(notes_html(c.notes))
    # Ruled lines to write on at the table.
    out.append('<p style="font-size: 12pt; margin: 0">&nbsp;</p><hr>'
               * _lines_left(used))
    if crowded:
        return f'<div class="crowded">{"".join(out)}</div>'
    return "".join(out)


def character_sheets(characters: Sequence[Character],
                     options: RulesOptions = DEFAULT_OPTIONS, *, blank: bool = False,
                     title: str | None = None) -> str:
    """A document of full sheets, each starting on a new page.

    Notes longer than the page allows flow onto a further page rather than
    being cut [decision].
    """
    if not characters:
        raise ValueError("characters: give at least one character to print")
    body = "".join(character_sheet(c, options, blank=blank, first=i == 0)
                   for i, c in enumerate(characters))
    if title is None:
        title = characters[0].name if len(characters) == 1 else (
            f"Character sheets ({len(characters)})")
    return document(title, body, font_pt=SHEET_PT)
