"""Mounted fighters and falls (RULES 1.11).

A fighter with the condition "mounted" adds ¼ × Agility × Riding% to melee
initiative, attack and defence (:func:`modifiers_classic.mounted_bonus`). A
rider under 100% makes an easy riding roll each round before attacking; a
failure loses the attack, a fumble is a fall. A fall: Agility × Athletics% +
2d10!, each full 5 cancels a metre (into water: Swimming, each full 3); the
metres left do 2 per metre (at most 50) + 2d10! damage, soaked by base soak
only.
"""

from __future__ import annotations

from yags_desk.rules.combat.attack_classic import damage_effects
from yags_desk.rules.combat.events import Check, Effect
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.derived import derive
from yags_desk.rules.derived_classic import base_soak
from yags_desk.rules.dice import OpenRoll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.values import pct
from yags_desk.rules.words import counted
from yags_desk.rules.wounds import classic_body_levels

__all__ = ["FALL_DAMAGE_CAP", "MOUNT_FALL_M", "RIDING_TARGET", "fall_check", "riding_check"]

RIDING_TARGET = 10  # RULES 1.11: an easy roll (RULES 1.1)
# [decision] Falling from a mount is a fall of 2 metres unless the GM says otherwise.
MOUNT_FALL_M = 2
FALL_DAMAGE_CAP = 50  # RULES 1.11: 2 × metres, at most 50, + 2d10!
_PER_METRE = {False: 5, True: 3}  # points of the roll that cancel one metre (land, water)


def _roll_value(state: CombatState, fid: str, skill: str) -> int:
    """Agility × skill% with wound, fatigue and load penalties (RULES 1.4)."""
    c = state.fighter(fid).current_character()
    return pct(c.attr("agility"), c.skill(skill)) + derive(c, state.options).total_penalty


def riding_check(state: CombatState, fid: str, roll: OpenRoll, *,
                 fall_m: int = MOUNT_FALL_M) -> Check:
    """The easy riding roll of a rider under 100%: [decision] Agility × Riding% +
    2d10! against 10. Failure loses this round's attack; a fumble throws the
    rider, who must then roll for a fall of ``fall_m`` metres (RULES 1.11)."""
    f = state.fighter(fid)
    if not f.can_act:
        raise RulesError(f"{f.name} is {f.why_not} and cannot ride (RULES 1.6)")
    if not f.has("mounted"):
        raise RulesError(f"{f.name} is not mounted; no riding roll (RULES 1.11)")
    if f.character.skill("Riding") >= 100:
        raise RulesError(f"{f.name} rides at 100% or better and needs no riding roll "
                         "(RULES 1.11)")
    if "riding" in f.checks_done:
        raise RulesError(f"{f.name} has already made this round's riding roll (RULES 1.11)")
    if not 0 <= fall_m <= 1000:
        raise RulesError(f"fall_m: {fall_m} is not a fall of 0 to 1000 metres")
    value = _roll_value(state, fid, "Riding")
    total = value + roll.total
    chance = state.options.classic_fumble_chance
    fumble = roll.is_fumble(chance)
    passed = not fumble and total >= RIDING_TARGET
    effects: tuple[Effect, ...] = ()
    outcome = "keeps control and may attack"
    if not passed:
        effects = (Effect(target=f.id, kind="condition", name="lost_attack", rounds=1),)
        outcome = "loses this round's attack"
    if fumble:
        effects += (Effect(target=f.id, kind="clear", name="mounted"),
                    Effect(target=f.id, kind="check", name="fall", amount=fall_m))
        outcome = f"falls from the mount ({fall_m} m) and loses this round's attack"
    return Check(id=f.id, kind="riding", dice=roll.dice, total=total, target=RIDING_TARGET,
                 fumble_chance=chance, fumble=fumble, passed=passed, outcome=outcome,
                 effects=effects)


def fall_check(state: CombatState, fid: str, roll: OpenRoll, damage: OpenRoll | None = None,
               *, metres: int | None = None, water: bool = False) -> Check:
    """A fall of ``metres`` (default: the fall due, e.g. from a mount).

    Agility × Athletics% (into water: Swimming) + 2d10!; each full 5 (water: 3)
    cancels a metre; a fumble cancels none [decision]. Metres left m > 0: damage
    min(2 × m, 50) + ``damage`` (2d10!, needed only then) − base soak gives
    body levels as a blow does (RULES 1.6, 1.11). The faller ends prone
    [decision] and no longer mounted.
    """
    f = state.fighter(fid)
    if f.dead or f.removed:
        raise RulesError(f"{f.name} is {'dead' if f.dead else f.why_not}")
    if metres is None:
        due = [p for p in state.pending_for(fid) if p.kind == "fall"]
        if not due:
            raise RulesError("metres: say how far the fall is (no fall is due, RULES 1.11)")
        metres = due[0].amount
    if not 0 <= metres <= 1000:
        raise RulesError(f"metres: {metres} is not a fall of 0 to 1000 metres")
    skill = "Swimming" if water else "Athletics"
    value = _roll_value(state, fid, skill)
    total = value + roll.total
    chance = state.options.classic_fumble_chance
    fumble = roll.is_fumble(chance)
    per = _PER_METRE[water]
    cancelled = 0 if fumble else max(0, total) // per
    left = max(0, metres - cancelled)
    effects: tuple[Effect, ...] = (Effect(target=f.id, kind="clear", name="mounted"),)
    outcome = f"lands safely ({metres} m)"
    second: tuple[int, ...] = ()
    hurt = 0
    if left > 0:
        if damage is None:
            raise RulesError(f"damage: {left} m of the fall are left; roll 2d10! for its "
                             "damage (RULES 1.11)")
        second = damage.dice
        hurt = min(2 * left, FALL_DAMAGE_CAP) + damage.total
        soak = base_soak(f.character.attr("strength"))
        net = hurt - soak
        levels = classic_body_levels(net)
        effects += damage_effects(f.id, levels, "wounds", net == 0, False)
        result = (counted(levels, "level") if levels
                  else "stunned" if net == 0 else "no harm")
        outcome = (f"{left} of {metres} m left: damage {hurt} − base soak {soak} = {net} "
                   f"→ {result}")
    effects += (Effect(target=f.id, kind="condition", name="prone"),)
    return Check(id=f.id, kind="fall", dice=roll.dice, total=total, target=per * metres,
                 fumble_chance=chance, fumble=fumble, passed=left == 0, outcome=outcome,
                 second_dice=second, second_total=hurt, effects=effects)
