"""The encounter summary before the fight (issue 6, part 2).

Grouped by side: a stat block for each different character on the side
(copies of one NPC share a block [decision]: "Bandit 1" to "Bandit 5" have the
same numbers) and a roster with a row of boxes per combatant for body levels
and fatigue (classic) or wounds, stuns and fatigue (0.8), a column left free
for pencil notes; then the options in use and a reminder of the round.
"""

from __future__ import annotations

from yags_desk.printing.forecast import forecast_html
from yags_desk.printing.npc import grid, npc_block
from yags_desk.printing.parts import KIND_LABELS
from yags_desk.printing.procedure import options_html, round_html
from yags_desk.printing.style import boxes, document, esc, row, signed
from yags_desk.rules.combat.forecast import Forecast
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.editions import CLASSIC_BODY_TRACK, V08_STUN_NAMES
from yags_desk.rules.options import RulesOptions
from yags_desk.rules.words import counted
from yags_desk.storage.encounter_file import Encounter

__all__ = ["encounter_before", "fighter_marks", "roster_table", "sides_of", "start_state"]


def start_state(encounter: Encounter) -> CombatState:
    """The board before any event: the roster as it starts (wounds carried in included)."""
    return CombatLog(encounter.edition, (), encounter.options,
                     roster=[c.as_event() for c in encounter.combatants]).start


def sides_of(fighters: list[FighterState]) -> list[tuple[str, list[FighterState]]]:
    """Fighters grouped by side, sides in the order they first appear."""
    out: dict[str, list[FighterState]] = {}
    for f in fighters:
        out.setdefault(f.side, []).append(f)
    return list(out.items())


def fighter_marks(f: FighterState) -> tuple[int, int, int]:
    """Boxes already ticked: wounds (0.8: with those past Fatal), stuns, fatigue."""
    return f.wounds + f.levels_beyond, f.stuns, f.fatigue_short + f.fatigue_long


def _category_cells(counts: tuple[int, ...], filled: int) -> list[str]:
    out = []
    for n in counts:
        take = max(0, min(n, filled))
        out.append(boxes(n, take, "sboxes"))
        filled -= take
    return out


def roster_table(fighters: list[FighterState], options: RulesOptions) -> str:
    """One row per combatant with its boxes to tick and a column for notes."""
    edition = fighters[0].character.edition
    centre = 'align="center"'
    nowrap = 'class="nowrap"'
    if edition == "classic":
        cats = [f"{lv.name[0]}{signed(lv.penalty) if lv.penalty else ''}"
                for lv in CLASSIC_BODY_TRACK] * 2
        groups = ('<th colspan="6">Body levels</th><th colspan="6">Fatigue</th>'
                  '<th rowspan="2" width="20%">Notes</th>')
    else:
        track = options.v08_track()
        cats = [f"{lv.name[:2]}{signed(lv.penalty) if lv.penalty else ''}" for lv in track]
        cats += [n[:2] for n in V08_STUN_NAMES]
        groups = ('<th colspan="6">Wounds</th><th colspan="6">Stuns</th>'
                  '<th rowspan="2" width="9%">Fatigue</th>'
                  '<th rowspan="2" width="12%" class="nowrap">Notes</th>')
    top = (f'<tr><th rowspan="2" width="19%">Combatant</th>'
           f'<th rowspan="2" width="4%" {nowrap}>Row</th>{groups}</tr>')
    second = "<tr>" + "".join(f'<th width="4%" {nowrap}>{esc(c)}</th>' for c in cats) + "</tr>"
    rows = []
    for f in fighters:
        w, s, fat = fighter_marks(f)
        name = esc(f.name) + (' <span class="muted small">(minor)</span>' if f.minor else "")
        if edition == "classic":
            cells = [name, str(f.row), *_category_cells(f.body_boxes(), w),
                     *_category_cells(f.fatigue_boxes(), fat), ""]
        else:
            cells = [name, str(f.row), *_category_cells((1,) * 6, w),
                     *_category_cells((1,) * 6, s),
                     boxes(f.fatigue_capacity(), fat, "sboxes"), ""]
        attrs = ["", centre, *[centre] * (len(cells) - 3), ""]
        rows.append(row(cells, attrs=attrs))
    return (f'<table class="grid" width="100%" cellspacing="0" cellpadding="2">'
            f"<thead>{top}{second}</thead>{''.join(rows)}</table>")


def _blocks(fighters: list[FighterState], options: RulesOptions) -> list[str]:
    """One stat block per different character, in order of first appearance."""
    groups: list[tuple[FighterState, list[FighterState]]] = []
    for f in fighters:
        for first, members in groups:
            if first.character == f.character:
                members.append(f)
                break
        else:
            groups.append((f, [f]))
    out = []
    for first, members in groups:
        c = first.character
        if len(members) == 1:
            name = first.name
            sub = f"{KIND_LABELS.get(c.kind, c.kind)} · row {first.row}"
        else:
            name = f"{c.name} ×{len(members)}"
            shown = ", ".join(m.name for m in members[:4])
            more = f" and {len(members) - 4} more" if len(members) > 4 else ""
            sub = f"{shown}{more}"
        out.append(npc_block(c, options, name=name, subtitle=sub, with_tracks=False))
    return out


def encounter_before(encounter: Encounter, forecast: Forecast | None = None) -> str:
    """The summary a GM takes to the table before the fight starts, with the
    ``forecast`` when one has been run (issue 17)."""
    state = start_state(encounter)
    fighters = [f for f in state.fighters.values() if not f.removed]
    sides = sides_of(fighters)
    count = len(fighters)
    sub = (f"{encounter.edition} edition · {counted(count, 'combatant')} "
           f"on {counted(len(sides), 'side')}")
    out = [f"<h1>{esc(encounter.name)}</h1>", f'<p class="sub">{esc(sub)}</p>']
    if encounter.notes.strip():
        out.append(f"<p>{esc(encounter.notes.strip())}</p>")
    out += ["<h2>Options in use</h2>", options_html(encounter.options, encounter.edition),
            f"<h2>The round ({esc(encounter.edition)})</h2>", round_html(encounter.edition)]
    if forecast is not None:
        out.append(forecast_html(forecast))
    if not sides:
        out.append("<p>No combatants yet.</p>")
    for side, members in sides:
        out.append(f"<h2>Side: {esc(side)} ({len(members)})</h2>")
        out.append(roster_table(members, encounter.options))
        blocks = _blocks(members, encounter.options)
        out.append(grid(blocks, per_page=len(blocks)))
    return document(f"{encounter.name}: before the fight", "".join(out))
