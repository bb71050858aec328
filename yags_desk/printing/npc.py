"""Compact NPC stat blocks, several to a page (issue 6, part 1).

A block holds what a GM needs at the table: attributes, skills, soak and
load, each style's numbers before dice, and the damage tracks as boxes.
Blocks sit two to a row; ``per_page`` blocks fill a page (default six).
"""

from __future__ import annotations

from collections.abc import Sequence

from yags_desk.printing.parts import (
    KIND_LABELS,
    attribute_line,
    fresh,
    skills_line,
    style_notes,
    summary_cells,
)
from yags_desk.printing.style import (
    BLANK,
    BLANK_LINE,
    blank_or,
    boxes,
    document,
    esc,
    row,
    signed,
    table,
)
from yags_desk.rules.character import Character
from yags_desk.rules.editions import CLASSIC_BODY_TRACK, V08_STUN_NAMES
from yags_desk.rules.options import DEFAULT_OPTIONS, RulesOptions
from yags_desk.rules.tracks import fatigue_capacity

__all__ = ["DEFAULT_PER_PAGE", "MAX_NOTE", "TrackMarks", "grid", "npc_block", "npc_blocks",
           "track_lines"]

DEFAULT_PER_PAGE = 6
# [decision] A stat block shows the first 300 characters of the notes; the
# full sheet prints them all.
MAX_NOTE = 300

# wounds, stuns, fatigue already taken (ticked boxes)
TrackMarks = tuple[int, int, int]


def _category_boxes(counts: Sequence[int], filled: int) -> list[str]:
    out = []
    for n in counts:
        take = max(0, min(n, filled))
        out.append(boxes(n, take, "sboxes"))
        filled -= take
    return out


def track_lines(c: Character, options: RulesOptions = DEFAULT_OPTIONS,
                marks: TrackMarks | None = None) -> str:
    """The damage tracks in a few short lines of boxes, categories abbreviated.

    Classic: body levels and fatigue (RULES 1.6, 1.7); 0.8: wounds, stuns and
    fatigue (RULES 2).
    """
    w, s, f = marks if marks is not None else (
        c.wounds, c.stuns, c.fatigue_short + c.fatigue_long)
    if c.edition == "classic":
        head = [f"{lv.name[0]}{signed(lv.penalty) if lv.penalty else ''}"
                for lv in CLASSIC_BODY_TRACK]
        rows = [row(["Body", *_category_boxes(c.body_boxes, w)],
                    attrs=["", *['align="center"'] * 6]),
                row(["Fatigue", *_category_boxes(c.fatigue_boxes, f)],
                    attrs=["", *['align="center"'] * 6])]
        return table(rows, ["", *head], cls="grid small", gap=False)
    track = options.v08_track()
    head = [f"{lv.name[:3]}{signed(lv.penalty) if lv.penalty else ''}" for lv in track]
    rows = [row(["Wounds", *_category_boxes([1] * 6, w)], attrs=["", *['align="center"'] * 6]),
            row(["Stuns", *_category_boxes([1] * 6, s)], attrs=["", *['align="center"'] * 6])]
    beyond = f" (+{w - 6} past Fatal)" if w > 6 else ""
    stuns = f"Stuns at 6: {V08_STUN_NAMES[-1]}."
    return (table(rows, ["", *head], cls="grid small", gap=False)
            + f'<p class="small"><b>Fatigue</b> {boxes(fatigue_capacity(c), f, "sboxes")}'
            f'{esc(beyond)} <span class="muted">{esc(stuns)}</span></p>')


def _styles(c: Character, blank: bool, options: RulesOptions) -> str:
    d = fresh(c, options)
    classic = c.edition == "classic"
    header = ["Style"] + (["In"] if classic else []) + ["At", "De", "Dm"]
    num = 'class="num"'
    rows = []
    for s in d.styles:
        label = esc(s.label)
        notes = style_notes(c, s)
        if notes:
            label += f' <span class="muted">({notes})</span>'
        cells = [label]
        if classic:
            cells.append(blank_or(s.initiative.total if s.initiative else "—", blank))
        cells += [blank_or(s.attack.total, blank),
                  blank_or(s.defence.total if s.defence else "—", blank),
                  blank_or(s.damage.total, blank)]
        rows.append(row(cells, attrs=["", *[num] * (len(cells) - 1)]))
    return table(rows, header=header, cls="grid small", gap=False)


def npc_block(c: Character, options: RulesOptions = DEFAULT_OPTIONS, *, blank: bool = False,
              name: str | None = None, subtitle: str | None = None,
              marks: TrackMarks | None = None, with_tracks: bool = True) -> str:
    """One stat block (the inside of a grid cell).

    ``name`` and ``subtitle`` replace the character's (an encounter prints the
    combatant's name); ``marks`` are the boxes already ticked; ``with_tracks=False``
    leaves the boxes out (the encounter summary has them in its roster).
    """
    d = fresh(c, options)
    sub = subtitle if subtitle is not None else (
        f"{KIND_LABELS.get(c.kind, c.kind)} · {c.edition}")
    cells = summary_cells(c, d, blank)
    summary = " · ".join(f"<b>{esc(k).replace(' ', '&nbsp;')}</b>&nbsp;"
                         f"{BLANK_LINE if v == BLANK else v.replace(' ', '&nbsp;')}"
                         for k, v in cells)
    parts = [f'<p><b style="font-size: 10.5pt">{esc(name or c.name)}</b> '
             f'<span class="muted small">{esc(sub)}</span></p>',
             f'<p class="small">{attribute_line(c)}</p>',
             f'<p class="small"><b>Skills:</b> {skills_line(c)}</p>']
    if c.advantages:
        parts.append(f'<p class="small"><b>Advantages:</b> {esc(", ".join(c.advantages))}</p>')
    parts.append(f'<p class="small">{summary}</p>')
    parts.append(_styles(c, blank, options))
    if with_tracks:
        parts.append('<p style="font-size: 3pt; margin: 0">&nbsp;</p>')
        parts.append(track_lines(c, options, marks))
    note = " ".join(c.notes.split())
    if note:
        if len(note) > MAX_NOTE:
            note = note[:MAX_NOTE - 1].rstrip() + "…"
        parts.append(f'<p class="small muted">{esc(note)}</p>')
    return "".join(parts)


def grid(blocks: Sequence[str], per_page: int, first_break: bool = False) -> str:
    """Blocks two to a row, a new page after every ``per_page`` blocks."""
    if per_page < 1:
        raise ValueError(f"per_page: at least 1 block per page, not {per_page}")
    out = []
    for start in range(0, len(blocks), per_page):
        chunk = list(blocks[start:start + per_page])
        cell = 'width="50%" valign="top"'
        rows = [row(chunk[i:i + 2], attrs=[cell, cell]) for i in range(0, len(chunk) - 1, 2)]
        if len(chunk) % 2:
            rows.append(row([chunk[-1], ""], attrs=[cell, cell + ' style="border-style: none"']))
        brk = ' style="page-break-before: always"' if (start or first_break) else ""
        out.append(f'<table class="npc" width="100%" cellspacing="5" cellpadding="5"{brk}>'
                   f"{''.join(rows)}</table>")
    return "".join(out)


def npc_blocks(characters: Sequence[Character], options: RulesOptions = DEFAULT_OPTIONS, *,
               blank: bool = False, per_page: int = DEFAULT_PER_PAGE,
               title: str | None = None) -> str:
    """A document of stat blocks, ``per_page`` to a page (two per row)."""
    if not characters:
        raise ValueError("characters: give at least one character to print")
    blocks = [npc_block(c, options, blank=blank) for c in characters]
    if title is None:
        title = characters[0].name if len(characters) == 1 else (
            f"NPC stat blocks ({len(characters)})")
    return document(title, grid(blocks, per_page))

