"""One classic attack, from declared styles and dice to an :class:`Attack` event.

RULES 1.5: attack + 2d10! against the defence (at least 15; 15 when not
defending or unaware); attack >= defence hits. RULES 1.1: a fumbled attack
misses, a fumbled defence counts as 15. RULES 1.6: damage + 2d10! - soak gives
body levels; exactly 0 stuns; a damage roll above 2 x Strength + Agility of the
target knocks it down.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import Attack, Effect
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import Derived, StyleValues, derive
from yags_desk.rules.dice import OpenRoll, roll_2d10x
from yags_desk.rules.errors import RulesError
from yags_desk.rules.wounds import classic_body_levels

__all__ = ["MIN_DEFENCE", "AttackDice", "best_defence", "current_character", "damage_effects",
           "resolve_attack", "roll_dice"]

MIN_DEFENCE = 15  # RULES 1.5


@dataclass(frozen=True)
class AttackDice:
    """The three rolls of an attack; ``defence`` None when the target does not defend."""

    attack: OpenRoll
    defence: OpenRoll | None
    damage: OpenRoll


def roll_dice(rng: random.Random, defending: bool = True) -> AttackDice:
    return AttackDice(roll_2d10x(rng), roll_2d10x(rng) if defending else None, roll_2d10x(rng))


def current_character(f: FighterState) -> Character:
    """The fighter's character with its current wounds and fatigue (for penalties)."""
    return f.current_character()


def damage_effects(target: str, levels: int, kind: str, stunned: bool,
                   knockdown: bool) -> tuple[Effect, ...]:
    """What a classic hit does to its target (RULES 1.6).

    Wounds fill body levels; brawling damage fills short-term fatigue
    [decision: RULES 1.2 calls it temporary]. A stun or a knockdown adds one
    short-term fatigue (once, when both happen) and the target is stunned for
    the next round [decision]; a knockdown also leaves it prone until it stands.
    """
    out: list[Effect] = []
    if levels:
        out.append(Effect(target=target, kind="wounds" if kind == "wounds" else "fatigue_short",
                          amount=levels))
    if stunned or knockdown:
        out.append(Effect(target=target, kind="fatigue_short", amount=1))
        out.append(Effect(target=target, kind="condition", name="stunned", rounds=1))
    if knockdown:
        out.append(Effect(target=target, kind="condition", name="prone"))
    return tuple(out)


def _style(f: FighterState, d: Derived, label: str) -> StyleValues:
    try:
        style = d.style(label)
    except KeyError:
        raise RulesError(f"style: {f.name} has no style {label!r}") from None
    if not style.usable:
        raise RulesError(f"style: {f.name} cannot use {label}: {'; '.join(style.warnings)}")
    return style


def best_defence(d: Derived) -> StyleValues | None:
    """The usable style with the highest defence (what a defender picks by default)."""
    options = [s for s in d.styles if s.usable and s.defence is not None]
    return max(options, key=lambda s: s.defence.total if s.defence else 0, default=None)


def resolve_attack(state: CombatState, attacker_id: str, defender_id: str, style: str,
                   dice: AttackDice, *, defence_style: str | None = None,
                   fumble_chance: int | None = None) -> Attack:
    """The Attack event for ``attacker`` striking ``defender`` with ``style``.

    ``dice.defence`` None means the defender does not defend (passive 15).
    Raises RulesError naming the rule when the attack is not allowed.
    """
    if state.edition != "classic":
        raise RulesError("this is the classic attack procedure; the encounter is 0.8")
    a, t = state.fighter(attacker_id), state.fighter(defender_id)
    if not a.can_act:
        raise RulesError(f"{a.name} is {'dead' if a.dead else 'unconscious'} and cannot "
                         "attack (RULES 1.6)")
    if t.removed:
        raise RulesError(f"{t.name} is no longer in the encounter")
    ad = derive(a.current_character(), state.options)
    td = derive(t.current_character(), state.options)
    s = _style(a, ad, style)
    extra_fumble = state.options.classic_fumble_chance - 3  # RULES 1.1 poor conditions
    att_fumble = dice.attack.is_fumble(s.fumble_chance + extra_fumble if fumble_chance is None
                                       else fumble_chance)
    attack_total = s.attack.total + dice.attack.total

    defence_total, def_fumble, rolled, standing = MIN_DEFENCE, False, False, False
    def_dice: tuple[int, ...] = ()
    if t.defence is not None:
        # RULES 1.5 [decision]: the defence rolled at the first attack stands all round.
        defence_total, standing = t.defence, True
    elif dice.defence is not None and t.can_act:
        ds = _style(t, td, defence_style) if defence_style else best_defence(td)
        if ds is not None and ds.defence is not None:
            def_dice, rolled = dice.defence.dice, True
            def_fumble = dice.defence.is_fumble(ds.fumble_chance + extra_fumble)
            if not def_fumble:
                defence_total = max(MIN_DEFENCE, ds.defence.total + dice.defence.total)
    hit = not att_fumble and attack_total >= defence_total

    damage_total = soak = levels = 0
    stunned = knockdown = False
    damage_dice: tuple[int, ...] = ()
    if hit:
        damage_dice = dice.damage.dice
        damage_total = s.damage.total + dice.damage.total
        soak = td.soak.total
        net = damage_total - soak
        levels = classic_body_levels(net)
        stunned = net == 0
        tc = t.character.attributes
        knockdown = damage_total > 2 * tc["strength"] + tc["agility"]
    kind = "fatigue" if s.damage_kind == "fatigue" else "wounds"
    return Attack(
        attacker=a.id, defender=t.id, style=s.label,
        attack_dice=dice.attack.dice, attack_total=attack_total, attack_fumble=att_fumble,
        defence_dice=def_dice, defence_total=defence_total, defence_fumble=def_fumble,
        defence_rolled=rolled, defence_standing=standing,
        hit=hit, damage_dice=damage_dice, damage_total=damage_total, soak=soak, levels=levels,
        damage_kind=kind, stunned=stunned, knockdown=knockdown,
        effects=damage_effects(t.id, levels, kind, stunned, knockdown) if hit else ())
