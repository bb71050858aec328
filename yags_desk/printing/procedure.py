"""A short reminder of the round, per edition, and the encounter's options in words.

Written for this program from RULES 1.5-1.7 (classic) and RULES 2 (0.8);
no sentence comes from the YAGS texts.
"""

from __future__ import annotations

from yags_desk.printing.style import esc
from yags_desk.rules.editions import Edition
from yags_desk.rules.options import DEFAULT_OPTIONS, OPTIONAL_RULES, RulesOptions
from yags_desk.rules.words import counted

__all__ = ["ROUND_STEPS", "options_lines", "options_html", "round_html"]

ROUND_STEPS: dict[Edition, tuple[str, ...]] = {
    # RULES 1.5, 1.6, 1.7, 1.9
    "classic": (
        "Declare: the players say what their characters will do, then the GM for the "
        "NPCs. Special attacks must be named now.",
        "Initiative, new every round: the style's initiative + 2d10!. Highest acts "
        "first; a tie goes to the higher Agility, then to a roll-off. Specials that "
        "lose initiative act after everyone.",
        "Attacks in initiative order against the declared target. The target rolls "
        "its defence at the first attack it faces (15 at least; 15 flat if it is not "
        "defending) and keeps that total for the whole round. A hit needs the attack "
        "to equal or beat it. In a pair, the slower fighter strikes back if still up.",
        "Damage: damage roll minus soak. 0 stuns; 1–5 costs one body level and every "
        "further 5 one more. Reaching Critical calls for a Stamina roll of 20; reaching "
        "Fatal for a Stamina roll where under 20 kills and 30+ keeps the fighter "
        "conscious. A damage roll over 2 × Strength + Agility knocks the target down.",
        "End of round: fatigue rolls after round 3 and every third round (15, then 5 "
        "more each time), Fatal rolls for those who kept fighting, the helpless are "
        "killed, berserkers keep up their rage.",
    ),
    # RULES 2
    "0.8": (
        "Initiative once for the whole fight: Intelligence × 4 + d20. A natural 1 "
        "means initiative 0: skill rolls halved, every action slow.",
        "Declare from the lowest initiative up: attacks, how many defences, movement, "
        "waiting.",
        "Act: fast actions, then normal, then slow; within each, highest initiative "
        "first.",
        "Each defence covers all attacks from one attacker. Extra defences cost every "
        "attack and defence that round: 2 → −10, 3 → −20, 4 → −40, 5 → −60, 6 → −80. "
        "A melee attacker with no defence against its target takes a counter strike.",
        "Damage at or above soak deals 1 level, plus 1 per full 5 over. Wounds add up; "
        "stuns replace a lower level or add one. At Fatal or Beaten: Health × 4 + d20 "
        "against 20, 5 more per wound past 6.",
        "End of round: the checks still owed, such as those of fighters carrying on "
        "at Fatal.",
    ),
}


def round_html(edition: Edition) -> str:
    """The round as a numbered list."""
    items = "".join(f"<li>{esc(step)}</li>" for step in ROUND_STEPS[edition])
    return f'<ol style="margin-top: 0; margin-bottom: 2pt">{items}</ol>'


def options_lines(options: RulesOptions, edition: Edition) -> list[str]:
    """Each optional rule switched on and each setting changed from its default."""
    lines = [OPTIONAL_RULES[name] for name in options.optional]
    if edition == "classic":
        if options.classic_fumble_chance != DEFAULT_OPTIONS.classic_fumble_chance:
            lines.append(f"Fumble chance {options.classic_fumble_chance} (poor conditions, "
                         "RULES 1.1)")
        if options.classic_survival_penalties:
            lines.append("Wound, fatigue and load penalties apply to the Critical, Fatal "
                         "and dying rolls (RULES 1.6)")
        if options.minor_npcs_drop_at_critical:
            lines.append("Unimportant NPCs drop at Critical without a roll (RULES 1.6)")
    elif options.v08_old_wound_penalties:
        lines.append("Older wound and stun penalties −5, −10, −15, −25 (RULES 2)")
    if options.uses("board_rows"):  # RULES 3.1: the GM's numbers for the rows
        if options.board_metres_per_row != DEFAULT_OPTIONS.board_metres_per_row:
            lines.append(f"A board row is {options.board_metres_per_row} m (RULES 3.1)")
        if (edition == "classic"
                and options.board_rows_per_move != DEFAULT_OPTIONS.board_rows_per_move):
            lines.append(f"{counted(options.board_rows_per_move, 'row')} per move (RULES 3.1)")
    return lines


def options_html(options: RulesOptions, edition: Edition) -> str:
    lines = options_lines(options, edition)
    if not lines:
        return "<p>Standard rules: no optional rules, no changed settings.</p>"
    return "<ul style=\"margin-top: 0\">" + "".join(f"<li>{esc(x)}</li>" for x in lines) + "</ul>"
