"""The encounter summary after (or during) the fight (issue 6, part 2).

The rounds fought, each side's count of fighters still up, the casualties,
every combatant's condition, the options in use, and the whole log: one
sentence per event with its round, in a table whose rows are never cut
across pages.
"""

from __future__ import annotations

from yags_desk.printing.encounter import sides_of
from yags_desk.printing.procedure import options_html, options_lines
from yags_desk.printing.style import document, esc, row, table
from yags_desk.rules.combat.events import EndRound, SetDarkness, SetOption
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.optional import objects
from yags_desk.rules.combat.optional.locations import location_summary
from yags_desk.rules.combat.sentences import EXHAUSTED_TEXT, describe, level_text, rounds_text
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.tracks import classic_level, v08_stun_level, v08_wound_level
from yags_desk.rules.words import counted, noun
from yags_desk.storage.encounter_file import Encounter, encounter_log

__all__ = ["encounter_after", "log_rows", "option_changes", "rounds_fought", "status"]


def status(f: FighterState) -> str:
    """dead, unconscious, helpless, left the encounter, or standing (at Fatal)."""
    if f.removed:
        return "left the encounter"
    if f.thing is not None:  # RULES 3.3 breaking things
        return "broken through" if f.has("broken") else "an object"
    if f.dead:
        return "dead"
    if f.has("unconscious"):
        return "unconscious"
    if f.has("helpless"):
        return "helpless"
    return "standing at Fatal" if f.at_fatal() else "standing"


# [decision] The outcome tables' columns are narrow on a page (issue 16): a number
# stays with what it counts ("6 levels", "left leg 6", "(2 rounds)", "1 short")
# instead of being left alone on the next line; words still wrap between them.
def _kept(text: str) -> str:
    """``text`` escaped, with unbreakable spaces: printed on one line."""
    return esc(text).replace(" ", "&nbsp;")


def _wounds(f: FighterState, state: CombatState) -> str:
    if f.thing is not None:  # RULES 3.3 breaking things: damage points, not wounds
        return esc(objects.points_text(f))
    if f.character.edition == "classic":
        name, penalty = classic_level(f.body_boxes(), f.wounds)
        unit = noun(f.wounds, "level")
    else:
        name, penalty = v08_wound_level(f.wounds, state.options.v08_track())
        unit = noun(f.wounds, "wound")
    if not f.wounds:
        return esc(name)
    parts = [_kept(level_text(name, penalty)), _kept(f"{f.wounds} {unit}")]
    if f.levels_beyond:
        parts.append(_kept(f"{f.levels_beyond} beyond") + " Fatal")
    text = ", ".join(parts)
    # RULES 3.2 hit locations: where the levels (wounds) were taken.
    if f.location_levels:
        text += "; " + ", ".join(_kept(location_summary((pair,)))
                                 for pair in f.location_levels)
    return text


def _stuns(f: FighterState, state: CombatState) -> str:
    name, penalty = v08_stun_level(f.stuns, state.options.v08_track())
    return _kept(level_text(name, penalty) if f.stuns else name)


def _conditions(f: FighterState) -> str:
    # The status column says dead or unconscious; a dead fighter keeps the "dying"
    # condition of its last minutes in the state, but dead is all the report says.
    hidden = ("dead", "unconscious", "dying") if f.dead else ("dead", "unconscious")
    # Named as the board names them ("back turned", not "back_turned").
    shown = [esc(name.replace("_", " ")) + ("" if rounds is None else
                                               "&nbsp;" + _kept(f"({rounds_text(rounds)})"))
             for name, rounds in f.conditions if name not in hidden]
    shown += [esc(f"{weapon} {how}") for weapon, how in f.weapons_state]
    if f.exhausted:  # 0.8: a full fatigue track (combat-wounds.yags, Fatigue)
        shown.insert(0, esc(EXHAUSTED_TEXT))
    return ", ".join(shown)


def _fatigue(f: FighterState) -> str:
    return f"{_kept(f'{f.fatigue_short} short')}, {_kept(f'{f.fatigue_long} long')}"


def rounds_fought(log: CombatLog) -> tuple[int, bool]:
    """(rounds ended, whether a round is under way with events in it)."""
    ended = sum(1 for e in log.events if isinstance(e, EndRound))
    in_progress = bool(log.events) and not isinstance(log.events[-1], EndRound)
    return ended, in_progress


def log_rows(log: CombatLog) -> list[str]:
    """One table row per event: number, round, sentence."""
    rows = []
    events = log.events
    for i, event in enumerate(events):
        before = log.state_before(i)
        after = log.state_before(i + 1) if i + 1 < len(events) else log.state
        rows.append(row([str(i + 1), str(before.round), esc(describe(event, before, after))],
                        attrs=['class="num"', 'class="num"', ""]))
    return rows


def _outcome_table(members: list[FighterState], state: CombatState) -> str:
    v08 = state.edition == "0.8"
    header = ["Combatant", "Status", "Wounds"] + (["Stuns"] if v08 else []) + [
        "Fatigue", "Conditions"]
    rows = []
    for f in members:
        st = status(f)
        cls = ' class="dead"' if st == "dead" else ""
        cells = [esc(f.name), f"<span{cls}>{esc(st)}</span>", _wounds(f, state)]
        if v08:
            cells.append(_stuns(f, state))
        cells += [_fatigue(f), _conditions(f)]
        rows.append(row(cells))
    # [decision] The combatant's column is given a fifth of the width (issue 16):
    # sized by Qt to its longest word, it came out a hair narrower, and a long name
    # broke inside it ("Featherstonehaugh / -Cholmondeley"); the others fit theirs.
    return table(rows, header=header, header_attrs=['width="22%"'])


def _casualties(fighters: list[FighterState]) -> str:
    kinds = (("Dead", "dead"), ("Unconscious", "unconscious"), ("Helpless", "helpless"),
             ("Left the encounter", "left the encounter"))
    lines = []
    for label, key in kinds:
        names = [f"{f.name} ({f.side})" for f in fighters if status(f) == key]
        if names:
            lines.append(f"<p><b>{label}:</b> {esc(', '.join(names))}</p>")
    return "".join(lines) or "<p>No casualties.</p>"


def option_changes(log: CombatLog) -> list[str]:
    """Each option the GM changed during the fight, and each new RULES 3.3 darkness
    level, as its log sentence (with the round)."""
    return [describe(e, log.state_before(i), log.state_before(i + 1))
            for i, e in enumerate(log.events) if isinstance(e, (SetOption, SetDarkness))]


def _changes_html(log: CombatLog) -> str:
    changes = option_changes(log)
    if not changes:
        return "<p>No option was changed during the fight.</p>"
    start = "; ".join(options_lines(log.options, log.edition)) or "standard rules"
    intro = f"At the start: {start}. Changed during the fight:"
    items = "".join(f"<li>{esc(c)}</li>" for c in changes)
    return f'<p>{esc(intro)}</p><ul style="margin-top: 0">{items}</ul>'


def encounter_after(encounter: Encounter) -> str:
    """Outcome, casualties, rounds and the log of an encounter as it stands.

    Raises RulesError naming the event the rules refuse, if the file's events
    do not replay.
    """
    log = encounter_log(encounter)
    state = log.state
    fighters = list(state.fighters.values())
    ended, going = rounds_fought(log)
    rounds = f"{rounds_text(ended)} fought"
    if going:
        rounds += f"; round {state.round} under way"
    sub = f"{encounter.edition} edition · {rounds} · {counted(len(log.events), 'event')}"
    out = [f"<h1>{esc(encounter.name)}</h1>", f'<p class="sub">{esc(sub)}</p>',
           "<h2>Outcome</h2>"]
    side_rows = []
    for side, members in sides_of(fighters):
        up = sum(1 for f in members if f.can_act)
        dead = sum(1 for f in members if f.dead)
        down = sum(1 for f in members if not f.can_act and not f.dead and not f.removed)
        side_rows.append(row([esc(side), str(len(members)), str(up), str(dead), str(down)],
                             attrs=["", *['class="num"'] * 4]))
    out.append(table(side_rows, header=["Side", "Fighters", "Still up", "Dead",
                                        "Out of the fight"]))
    out += ["<h2>Casualties</h2>", _casualties(fighters)]
    for side, members in sides_of(fighters):
        out += [f"<h3>{esc(side)}</h3>", _outcome_table(members, state)]
    # Issue 14: the options in force now, and when each was changed during the fight.
    out.append("<h2>Options in use</h2>")
    if option_changes(log):
        out.append("<p>In force at the end:</p>")
    out += [options_html(state.options, encounter.edition), _changes_html(log)]
    out.append("<h2>Combat log</h2>")
    rows = log_rows(log)
    if rows:
        out.append(table(rows, header=["#", "Round", "What happened"],
                         header_attrs=['width="5%"', 'width="8%"', ""]))
    else:
        out.append("<p>Nothing has happened yet.</p>")
    return document(f"{encounter.name}: after the fight", "".join(out))
