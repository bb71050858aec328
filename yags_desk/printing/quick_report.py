"""The quick-combat report of a mass battle (issue 6, part 3; RULES 1.12).

Forces (each side's leader and groups with their combat values), the quick
values of every pairing that fought, the losses of each group turn by turn,
each turn in words, and the outcome.
"""

from __future__ import annotations

from yags_desk.printing.style import document, esc, row, table
from yags_desk.rules.quick_combat import BattleResult, Side
from yags_desk.rules.words import counted

__all__ = ["battle_report", "MAX_GROUP_COLUMNS"]

# With more groups than this, losses per turn are written out instead of one
# column per group [decision], so the table stays on the page.
MAX_GROUP_COLUMNS = 8


def _side(side: Side, large: bool = False) -> str:
    """``large``: some group of the battle is large (RULES 1.12): a Wounds column."""
    out = [f"<h3>{esc(side.name)} ({counted(side.start_count, 'figure')})</h3>"]
    lead = side.leader
    if lead is not None:
        rolls = "rolls for leadership" if lead.qualifies else "Battle under 25%: no roll"
        out.append(f"<p><b>Leader:</b> {esc(lead.name)}, Intelligence {lead.intelligence}, "
                   f"Battle {lead.battle}% ({rolls}, base {lead.base})</p>")
    else:
        out.append("<p><b>Leader:</b> none</p>")
    if side.bonus:
        out.append(f"<p><b>Leadership bonus from the GM:</b> {side.bonus:+d}</p>")
    num = ['class="num"'] * (7 if large else 6)
    wounds = [[f"{g.wounds} each" if g.large else "—"] if large else [] for g in side.groups]
    rows = [row([esc(g.name), str(g.count), str(g.initiative), str(g.attack), str(g.defence),
                 str(g.damage), str(g.soak), *w], attrs=["", *num])
            for g, w in zip(side.groups, wounds, strict=True)]
    out.append(table(rows, header=["Group", "Figures", "Init", "Attack", "Defence", "Damage",
                                   "Soak", *(["Wounds (large)"] if large else [])]))
    return "".join(out)


def _quick_values(result: BattleResult) -> str:
    seen: dict[tuple[str, str], str] = {}
    for turn in result.turns:
        for p in turn.pairings:
            if (p.a, p.b) in seen:
                continue
            va, vb = p.values
            seen[(p.a, p.b)] = row(
                [esc(p.a), f"{va.initiative} / {va.attack} / {va.damage}", esc(p.b),
                 f"{vb.initiative} / {vb.attack} / {vb.damage}"],
                attrs=["", 'align="center"', "", 'align="center"'])
    if not seen:
        return "<p>No pairing fought.</p>"
    return table(list(seen.values()), header=["Group", "Init / Attack / Damage", "against",
                                              "Init / Attack / Damage"])


def _losses(result: BattleResult) -> str:
    groups = list(result.battle.start_counts())
    start = result.battle.start_counts()
    if len(groups) <= MAX_GROUP_COLUMNS:
        header = ["Turn", *groups]
        rows = [row(["Start", *(str(start[g]) for g in groups)],
                    attrs=["", *['class="num"'] * len(groups)])]
        for t in result.turns:
            hurt = t.state_after.wounds  # RULES 1.12 large creatures: carried wounds
            cells = [(f"−{t.losses[g]}" if t.losses[g] else "0") + f" ({t.remaining[g]}"
                     + (f", {counted(hurt[g], 'wound')}" if hurt.get(g) else "")
                     + ")" for g in groups]
            rows.append(row([str(t.turn), *cells], attrs=["", *['class="num"'] * len(groups)]))
        note = ('<p class="small muted">Each cell: figures lost that turn (figures left)'
                + ("; a large group's wounds on the figure still standing"
                   if _any_large(result) else "") + ".</p>")
        return table(rows, header=header) + note
    rows = []
    for t in result.turns:
        lost = ", ".join(f"{g} −{n}" for g, n in t.losses.items() if n) or "none"
        rows.append(row([str(t.turn), esc(lost)]))
    return table(rows, header=["Turn", "Losses"])


def _any_large(result: BattleResult) -> bool:
    return any(g.large for side in result.battle.sides for g in side.groups)


def battle_report(result: BattleResult, seed: int | None = None) -> str:
    """The report of a battle fought with :func:`~yags_desk.rules.quick_combat.run_battle`;
    ``seed`` is printed so the same battle can be fought again."""
    battle = result.battle
    lines = result.describe()
    count = len(result.turns)
    sub = f"Quick combat, classic edition · {counted(count, 'turn')}"
    if seed is not None:
        sub += f" · seed {seed}"
    out = [f"<h1>{esc(battle.name)}</h1>", f'<p class="sub">{esc(sub)}</p>',
           f"<p><b>{esc(lines[-1])}</b></p>", "<h2>Forces</h2>"]
    out += [_side(side, _any_large(result)) for side in battle.sides]
    settings = [f"at most {counted(battle.max_turns, 'turn')}"]
    if battle.break_fraction:
        settings.append(f"a side breaks at {battle.break_fraction:.0%} of its figures")
    out.append(f'<p class="small">Battle settings: {esc("; ".join(settings))}.</p>')
    out += ["<h2>Quick values</h2>",
            '<p class="small muted">The d10 each group needs (RULES 1.12), against the '
            "group it fought.</p>", _quick_values(result)]
    out += ["<h2>Losses per turn</h2>", _losses(result)]
    out.append("<h2>Turn by turn</h2>")
    out.append(table([row([str(t.turn), esc(t.describe().split(": ", 1)[-1])],
                          attrs=['class="num"', ""]) for t in result.turns],
                     header=["Turn", "What happened"], header_attrs=['width="7%"', ""]))
    return document(f"{battle.name}: quick combat", "".join(out))
