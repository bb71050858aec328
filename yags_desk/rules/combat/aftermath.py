"""From the end of a fight to the healing record (RULES 1.10, RULES 2 healing).

``healing_start`` turns a fighter's state into the starting condition of a
:class:`~yags_desk.rules.healing.HealingRecord`: its wounds (0.8: with those
past Fatal), stuns and fatigue, whether first aid was given, and whether it
lies unconscious. A berserker's extra boxes and the damage in them go first
(RULES 1.9).
"""

from __future__ import annotations

from yags_desk.rules.character import Character
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.healing import GameTime, HealingStart

__all__ = ["healing_start", "survivor"]


def survivor(state: CombatState, fid: str) -> Character:
    """The character as it leaves the fight (to save back to the library)."""
    f = state.fighter(fid).calmed()
    update: dict[str, object] = {"wounds": f.wounds + (
        f.levels_beyond if state.edition == "0.8" else 0),
        "stuns": min(f.stuns, 6), "fatigue_short": f.fatigue_short,
        "fatigue_long": f.fatigue_long}
    return f.character.model_validate(f.character.model_dump() | update)


def healing_start(state: CombatState, fid: str, at: GameTime) -> HealingStart:
    f = state.fighter(fid)
    if f.dead:
        raise RulesError(f"{f.name} is dead; there is nothing to heal")
    return HealingStart(patient=survivor(state, fid), at=at, tended=f.tended,
                        status="unconscious" if f.has("unconscious") else "awake",
                        old_wound_penalties=state.options.v08_old_wound_penalties)
