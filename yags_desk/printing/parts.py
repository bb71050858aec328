"""HTML pieces of a character shared by the full sheet, the NPC stat block and
the encounter summary: attributes, skills, styles, equipment and the damage
tracks as tick boxes.

Printed numbers are those of the character unhurt and rested [decision]: on
paper the penalties come from the boxes ticked in pencil, as on any YAGS
sheet. Wounds, stuns and fatigue the character already carries are printed
as ticked boxes.
"""

from __future__ import annotations

from collections.abc import Sequence

from yags_desk.printing.style import BLANK_LINE, blank_or, boxes, esc, row, signed, table
from yags_desk.rules.character import Character
from yags_desk.rules.derived import Derived, StyleValues, derive
from yags_desk.rules.editions import CLASSIC_BODY_TRACK, V08_STUN_NAMES, TrackLevel
from yags_desk.rules.options import DEFAULT_OPTIONS, RulesOptions
from yags_desk.rules.tracks import fatigue_capacity
from yags_desk.rules.values import Value
from yags_desk.rules.words import counted

__all__ = [
    "KIND_LABELS",
    "attribute_line",
    "attributes_table",
    "condition_text",
    "equipment_table",
    "fresh",
    "reminder",
    "skills_line",
    "skills_table",
    "style_notes",
    "styles_table",
    "summary_cells",
    "tracks_table",
    "value_parts",
]

KIND_LABELS = {"pc": "Player character", "npc": "NPC", "template": "Template"}
DEFAULT_FUMBLE = {"classic": 3, "0.8": 1}  # RULES 1.1, RULES 2


def fresh(character: Character, options: RulesOptions = DEFAULT_OPTIONS) -> Derived:
    """derive() of the character with no wounds, stuns or fatigue [decision, module doc]."""
    rested = character.model_copy(update={"wounds": 0, "stuns": 0, "fatigue_short": 0,
                                          "fatigue_long": 0})
    return derive(rested, options)


def _unit(c: Character) -> str:
    return "%" if c.edition == "classic" else ""


def attributes_table(c: Character) -> str:
    names = list(c.attributes)
    centred = ['align="center"'] * len(names)
    return table([row((esc(c.attributes[n]) for n in names), attrs=centred)],
                 header=[n.capitalize() for n in names], header_attrs=centred)


def attribute_line(c: Character) -> str:
    """Str 14 · Sta 13 ... for a stat block."""
    return " ".join(f"<b>{esc(n[:3].capitalize())}</b>&nbsp;{esc(v)}"
                    for n, v in c.attributes.items())


def skills_table(c: Character, columns: int = 3) -> str:
    if not c.skills:
        return '<p class="muted">No skills.</p>'
    unit = _unit(c)
    cells = [(esc(s.name), f"{s.value}{unit}") for s in c.skills]
    per = -(-len(cells) // columns)
    rows = []
    for r in range(per):
        out: list[str] = []
        attrs: list[str] = []
        for col in range(columns):
            i = col * per + r
            name, value = cells[i] if i < len(cells) else ("", "")
            out += [name, value]
            attrs += ["", 'class="num" width="8%"']
        rows.append(row(out, attrs=attrs))
    return table(rows)


def skills_line(c: Character) -> str:
    unit = _unit(c)
    return ", ".join(f"{esc(s.name)}&nbsp;{s.value}{unit}" for s in c.skills) or "none"


def value_parts(v: Value) -> str:
    """How a number was made, on one line: "Strength 14 (base soak) + Chain mail (half) 9"."""
    return ", ".join(f"{amount if i == 0 else signed(amount)} from {esc(label)}"
                     for i, (label, amount) in enumerate(v.parts))


def style_notes(c: Character, s: StyleValues) -> str:
    notes = []
    if s.damage_kind != "wounds":
        notes.append(f"{s.damage_kind} damage")
    if s.fumble_chance != DEFAULT_FUMBLE[c.edition]:
        notes.append(f"fumble {s.fumble_chance}")
    if s.ranges:
        notes.append("ranges " + "/".join(str(r) for r in s.ranges) + " m")
    if s.defence is None:
        notes.append("no defence")
    if not s.usable:
        notes.append("cannot be used")
    text = esc("; ".join(notes))
    for w in s.warnings:
        text += f'<br><span class="warn">{esc(w)}</span>'
    return text


def styles_table(c: Character, d: Derived, blank: bool, compact: bool = False) -> str:
    """Every style with initiative (classic), attack, defence and damage before dice."""
    classic = c.edition == "classic"
    header = ["Style"]
    if not compact:
        header.append("Skill")
    header += (["Init"] if classic else []) + ["Attk", "Defn", "Dmg"]
    header.append("Notes")
    widths = ["", *['class="nowrap"'] * (len(header) - 2), 'width="16%"']
    rows = []
    num = 'class="num"'
    for s in d.styles:
        cells = [esc(s.label)]
        attrs = [""]
        if not compact:
            cells.append(f"{s.skill_value}{_unit(c)}")
            attrs.append(num)
        if classic:
            cells.append(blank_or(s.initiative.total if s.initiative else "—", blank))
            attrs.append(num)
        cells += [blank_or(s.attack.total, blank),
                  blank_or(s.defence.total if s.defence else "—", blank),
                  blank_or(s.damage.total, blank),
                  style_notes(c, s)]
        attrs += [num, num, num, 'class="small"']
        rows.append(row(cells, attrs=attrs))
    return table(rows, header=header, header_attrs=widths)


def summary_cells(c: Character, d: Derived, blank: bool) -> list[tuple[str, str]]:
    """(label, value) pairs of the character-wide combat numbers."""
    a = c.attributes
    if c.edition == "classic":
        out = [("Soak", blank_or(d.soak.total, blank)),
               ("Load", blank_or(f"{d.load:g} / {d.load_allowance:g}", blank)),
               ("Load penalty", blank_or(signed(d.load_penalty), blank)),
               # RULES 1.6: knocked down when the damage roll exceeds 2 x Strength + Agility.
               ("Knocked down over", blank_or(2 * a["strength"] + a["agility"], blank))]
        if d.berserk is not None:
            out.append(("Berserk roll", blank_or(f"{d.berserk.total} + 2d10!", blank)))
        return out
    initiative = d.initiative.total if d.initiative else 0
    return [("Soak", blank_or(d.soak.total, blank)),
            ("Initiative", blank_or(f"{initiative} + d20", blank)),
            ("Move", blank_or(d.move.total if d.move else "", blank)),
            ("Max defences", blank_or(d.max_defences.total if d.max_defences else "", blank)),
            ("Load", blank_or(f"{d.load:g} ({d.load_level})", blank)),
            ("Load penalties", blank_or(f"Agility {signed(d.agility_penalty)}, fatigue "
                                        f"{signed(d.load_penalty)}", blank))]


def equipment_table(c: Character) -> str:
    """Weapons, shield and armour with their own numbers (data, never blanked)."""
    classic = c.edition == "classic"
    rows = []
    num = 'class="num"'
    items = [*c.weapons, *((c.shield,) if c.shield else ())]
    for w in items:
        notes = [(w.skill or "") if classic else "/".join(w.classes)]
        if not classic and w.damage_type != "wounds":
            notes.append(w.damage_type)
        if w.reach is not None:
            notes.append(f"reach {w.reach}")
        notes += list(w.properties)
        if w.ranges:
            notes.append("/".join(str(r) for r in w.ranges) + " m")
        cells = [esc(w.name)]
        if classic:
            cells.append(signed(w.init))
        cells += [signed(w.attack), signed(w.defence), signed(w.damage),
                  esc(w.strength if w.strength is not None else "—"), f"{w.load:g}",
                  esc(", ".join(n for n in notes if n))]
        rows.append(row(cells, attrs=[""] + [num] * (len(cells) - 2) + ['class="small"']))
    for worn in c.armour:
        prot, load = worn.item.rating(worn.coverage)
        where = worn.coverage or ", ".join(worn.item.covers)
        cells = [esc(worn.item.name)]
        cells += ([""] if classic else []) + ["", f"soak +{prot}", "", "", f"{load:g}",
                                                esc(f"armour, {where}" if where else "armour")]
        rows.append(row(cells, attrs=[""] + [num] * (len(cells) - 2) + ['class="small"']))
    if not rows:
        return '<p class="muted">No equipment.</p>'
    header = ["Item"] + (["Init"] if classic else []) + ["Attk", "Defn", "Dmg", "Str", "Load",
                                                         "Notes"]
    return table(rows, header=header)


def _ticks_per_category(counts: Sequence[int], filled: int) -> list[int]:
    out = []
    for n in counts:
        take = max(0, min(n, filled))
        out.append(take)
        filled -= take
    return out


def _track_row(label: str, counts: Sequence[int], filled: int, cls: str) -> str:
    ticks = _ticks_per_category(counts, filled)
    cells = [f"<b>{esc(label)}</b>"] + [boxes(n, t, cls) for n, t in zip(counts, ticks,
                                                                        strict=True)]
    return row(cells, attrs=[""] + ['align="center"'] * len(counts))


def tracks_table(c: Character, options: RulesOptions = DEFAULT_OPTIONS, *,
                 wounds: int | None = None, stuns: int | None = None,
                 fatigue: int | None = None, small: bool = False) -> str:
    """The damage tracks as tick boxes, one column per category with its penalty.

    Classic: body levels and fatigue share the categories (RULES 1.6, 1.7).
    0.8: wounds and stuns on the same six levels (RULES 2); fatigue as many
    boxes as Health [decision, as the combat engine's fatigue capacity].
    ``wounds``/``stuns``/``fatigue`` override the character's own (a fighter's
    state in an encounter).
    """
    cls = "sboxes" if small else "boxes"
    w = c.wounds if wounds is None else wounds
    s = c.stuns if stuns is None else stuns
    f = c.fatigue_short + c.fatigue_long if fatigue is None else fatigue
    if c.edition == "classic":
        levels: Sequence[TrackLevel] = CLASSIC_BODY_TRACK
        header = [""] + [f"{lv.name} {signed(lv.penalty)}" for lv in levels]
        rows = [_track_row("Body", c.body_boxes, w, cls),
                _track_row("Fatigue", c.fatigue_boxes, f, cls)]
        return table(rows, header=header, header_attrs=['class="c"'] * len(header))
    track = options.v08_track()
    header = [""] + [f"{lv.name} {signed(lv.penalty)}" for lv in track]
    stun_header = "".join(f"<td align=\"center\" class=\"small\">{esc(n)}</td>"
                          for n in V08_STUN_NAMES)
    rows = [_track_row("Wounds", [1] * 6, w, cls),
            _track_row("Stuns", [1] * 6, s, cls),
            f'<tr><td class="small muted">stun names</td>{stun_header}</tr>']
    capacity = fatigue_capacity(c)
    body = table(rows, header=header, header_attrs=['class="c"'] * len(header))
    beyond = f" ({counted(w - 6, 'wound')} beyond Fatal)" if w > 6 else ""
    return (body + f'<p><b>Fatigue</b> {boxes(capacity, f, cls)}'
            f'<span class="small muted"> ({capacity}, as Health){beyond}</span></p>')


def condition_text(c: Character, options: RulesOptions = DEFAULT_OPTIONS) -> str:
    """The character's current hurt, or "" when unhurt and rested."""
    if not (c.wounds or c.stuns or c.fatigue_short or c.fatigue_long):
        return ""
    d = derive(c, options)
    parts = [f"wounds {d.wound_level} ({signed(d.wound_penalty)})"]
    if c.edition == "0.8":
        parts.append(f"stuns {d.stun_level} ({signed(d.stun_penalty)})")
    if c.fatigue_short or c.fatigue_long:
        parts.append(f"fatigue {c.fatigue_short} short-term, {c.fatigue_long} long-term")
    return "Carried into play: " + "; ".join(parts) + "."


def _inline(value: object, blank: bool) -> str:
    return BLANK_LINE if blank else esc(value)


def reminder(c: Character, blank: bool) -> str:
    """A line on turning damage into levels and the survival rolls (own words)."""
    a = c.attributes
    if c.edition == "classic":
        # RULES 1.6
        return ("Damage roll minus soak: below 0 nothing; 0 stunned; 1–5 one level, "
                "6–10 two, 11–15 three, 16–20 four, 21–25 five, 26–30 six, then one more "
                "per further 5. On reaching Critical: Stamina "
                f"{_inline(a['stamina'], blank)} + 2d10! must make 20 or the "
                "fighter drops unconscious. On reaching Fatal: under 20 dies, 20–29 "
                "unconscious, 30+ fights on.")
    # RULES 2
    return ("Damage roll at or above soak: 1 level, plus 1 per full 5 over. Stuns replace "
            "a lower level, add one if at least half of it. Fatal wounds or Beaten: "
            f"Health check {_inline(a['health'] * 4, blank)} + d20 against 20, +5 per "
            "wound past 6.")
