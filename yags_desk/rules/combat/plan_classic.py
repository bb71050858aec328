"""The numbers of one classic attack before the dice: what the attack procedure
rolls against and what the exact odds are computed from, so both agree.

RULES 1.5: attack + 2d10! against the defence (at least 15; 15 when not
defending, unaware, surprised or helpless); the defence rolled at the first attack of a
round stands all round [decision of RULES 1.5]. RULES 1.8: a missile is
dodged or blocked with a shield instead. RULES 1.9 and 1.11 modifiers come from
:func:`modifiers_classic.attack_modifiers`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from yags_desk.rules.combat.declare import declared_style
from yags_desk.rules.combat.missile_classic import missile_defences, validate_close
from yags_desk.rules.combat.modifiers_classic import (
    Mod,
    Modifiers,
    attack_modifiers,
    defence_modifiers,
)
from yags_desk.rules.combat.optional import AttackKind, optional_mods
from yags_desk.rules.combat.optional.base import NONE
from yags_desk.rules.combat.optional.harn import nonlethal_kind
from yags_desk.rules.combat.optional.harn_state import size_tenths
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import Derived, StyleValues
from yags_desk.rules.errors import RulesError

__all__ = ["MIN_DEFENCE", "AttackPlan", "attack_refusal", "best_attack_style", "best_defence",
           "plan_attack"]

MIN_DEFENCE = 15  # RULES 1.5
_GONE = ("broken", "dropped")


@dataclass(frozen=True)
class AttackPlan:
    """One attack's values before dice, every modifier included.

    ``passive`` says why the defender counts 15 whatever happens ("" when it may
    defend); ``round_defence`` is its defence already rolled this round;
    otherwise it rolls ``defence_value`` + 2d10! (None: it has no defence).
    ``defence_extra`` is what the optional rules add to the defence against
    this attack only (RULES 3): already inside ``defence_value``; added to
    ``round_defence`` and, when positive, to a passive 15 by :meth:`fixed_defence`.
    """

    attacker: FighterState
    defender: FighterState
    style: StyleValues
    mods: Modifiers
    attack: int
    fumble_chance: int
    passive: str
    round_defence: int | None
    defence_name: str
    defence_value: int | None
    defence_fumble_chance: int
    defence_mods: tuple[Mod, ...]
    damage: int
    soak: int
    damage_kind: str  # "wounds" or "fatigue"
    close: tuple[str, ...] = ()
    defence_extra: int = 0
    size_tenths: int = 10  # RULES 3.3 size class of the target (optional/harn_state)
    nonlethal: bool = False  # RULES 3.3 disarm, sweep or tackle: no damage

    def fixed_defence(self) -> int | None:
        """The defence this attack must reach when no defence die is rolled
        (passive, or standing for the round), optional rules included; None
        when the defender rolls."""
        if self.passive:
            return MIN_DEFENCE + max(0, self.defence_extra)
        if self.round_defence is not None:
            return max(MIN_DEFENCE, self.round_defence + self.defence_extra)
        return None


def best_defence(d: Derived, f: FighterState | None = None) -> StyleValues | None:
    """The usable style with the highest defence whose weapons are in hand."""
    options = [s for s in d.styles if s.usable and s.defence is not None
               and not (f and f.weapons_state
                        and any(f.weapon_state(w) in _GONE for w in s.weapons))]
    return max(options, key=lambda s: s.defence.total if s.defence else 0, default=None)


def best_attack_style(state: CombatState, f: FighterState) -> StyleValues | None:
    """The usable melee style with the best attack plus damage (what an NPC picks)."""
    d = f.derived(state.options)
    melee = [s for s in d.styles if s.usable and s.style != "missile"
             and not (f.weapons_state  # every weapon whole and in hand: nothing to ask
                      and any(f.weapon_state(w) in ("broken", "dropped") for w in s.weapons))]
    return max(melee, key=lambda s: s.attack.total + s.damage.total, default=None)


def attack_refusal(state: CombatState, attacker_id: str) -> str | None:
    """Why ``attacker_id`` may not attack now (RULES 1.9, 1.11), or None."""
    f = state.fighter(attacker_id)
    if f.surprised:
        return f"{f.name} is surprised and does not act this round (RULES 1.5)"
    d = f.declaration
    if d is not None and d.special in ("aim", "prepare"):
        what = "aiming" if d.special == "aim" else "preparing"
        return f"{f.name} is {what} this round and does not attack (RULES 1.9)"
    if not f.conditions:  # most fighters: none of the checks below (issue 18)
        return None
    if f.has("lost_attack"):
        return f"{f.name} lost this round's attack to a failed riding roll (RULES 1.11)"
    if (f.has("mounted") and f.character.skill("Riding") < 100
            and "riding" not in f.checks_done):
        return (f"{f.name} rides at under 100% and must make the riding roll before "
                "attacking (RULES 1.11)")
    return None


def _defence(state: CombatState, t: FighterState, mods: Modifiers, td: Derived,
             choice: str | None) -> tuple[str, int | None, int, tuple[Mod, ...]]:
    """(name, value before dice, fumble chance, the defender's own modifiers)."""
    extra = state.options.classic_fumble_chance - 3  # RULES 1.1 poor conditions
    own = defence_modifiers(state, t.id, missile=mods.missile)
    bonus = sum(n for _, n in own)
    if mods.missile:
        options = missile_defences(state, t)
        if choice is not None and choice not in options:
            raise RulesError(f"defence_style: {t.name} can only dodge or block a missile "
                             f"with a shield: {', '.join(options)} (RULES 1.8)")
        name = choice or max(options, key=lambda k: options[k][0].total)
        value, fumble = options[name]
        return name, value.total + bonus, fumble + extra, own
    if choice:
        ds = declared_style(state, t, choice)
    else:
        found = best_defence(td, t)
        if found is None:
            return "", None, 0, own
        ds = found
    if ds.defence is None:
        raise RulesError(f"defence_style: {t.name} cannot defend with {ds.label} (RULES 1.2)")
    return ds.label, ds.defence.total + bonus, ds.fumble_chance + extra, own


def plan_attack(state: CombatState, attacker_id: str, defender_id: str, style: str, *,
                defence_style: str | None = None, close: Sequence[str] = (),
                wrestled: bool = False, situational: Mod | None = None) -> AttackPlan:
    """The plan of ``attacker_id`` striking ``defender_id`` with ``style`` now.

    Refuses (RulesError naming the rule) a dead or unconscious attacker, an
    unknown or unusable style, a broken or dropped weapon (RULES 1.6, 1.9).
    ``close`` are the people close to a missile's target (RULES 1.8);
    ``situational`` the GM's modifier to the attack (RULES 1.1).
    """
    if state.edition != "classic":
        raise RulesError("this is the classic attack procedure; the encounter is 0.8")
    a, t = state.fighter(attacker_id), state.fighter(defender_id)
    if not a.can_act:
        raise RulesError(f"{a.name} is {'dead' if a.dead else 'unconscious'} and cannot "
                         "attack (RULES 1.6)")
    if t.removed:
        raise RulesError(f"{t.name} is no longer in the encounter")
    if a.id == t.id:
        raise RulesError(f"{a.name} cannot attack itself")
    s = declared_style(state, a, style)
    bystanders = validate_close(state, a.id, t.id, close) if s.style == "missile" else ()
    mods = attack_modifiers(state, a.id, t.id, style=s, close=len(bystanders),
                            wrestled=wrestled, situational=situational)
    td = t.derived(state.options)  # cached: the same derive() of the current character
    target_decl = t.declaration
    passive = ""
    if mods.versus_15:
        passive = "against 15"
    elif t.thing is not None:
        passive = "an object, no defence"  # RULES 3.3 breaking things
    elif not t.can_act:
        passive = "helpless"
    elif t.surprised:
        passive = "surprised"  # no active defence: 15, as for the unaware (RULES 1.5)
    elif target_decl is not None and target_decl.special == "ambush":
        passive = "ambushing, no defence"  # RULES 1.9
    elif target_decl is not None and target_decl.action == "rest":
        # RULES 1.7: a round of rest has no attack and no defence, so the resting
        # fighter counts the 15 of one not defending (RULES 1.5).
        passive = "resting, no defence"
    name, value, dfumble, own = _defence(state, t, mods, td, defence_style)
    round_defence = None if mods.missile else t.defence
    # RULES 3: what the optional rules in force add to this attack.
    opt = (optional_mods(state, a.id, t.id, AttackKind(missile=mods.missile, style=s.label))
           if state.options.optional else NONE)  # none in force: nothing to ask (issue 18)
    if opt.attack or opt.damage or opt.soak:  # most attacks: no optional rule adds any
        mods = replace(mods, attack=mods.attack + opt.attack, damage=mods.damage + opt.damage,
                       soak=mods.soak + opt.soak)
    extra = opt.total("defence")
    if value is not None:
        value += extra
    return AttackPlan(
        attacker=a, defender=t, style=s, mods=mods,
        attack=s.attack.total + mods.total("attack"),
        fumble_chance=s.fumble_chance + mods.total("fumble"),
        passive=passive, round_defence=round_defence, defence_name=name,
        defence_value=value, defence_fumble_chance=dfumble, defence_mods=own + opt.defence,
        damage=s.damage.total + mods.total("damage"),
        soak=td.soak.total + mods.total("soak"),
        damage_kind="fatigue" if s.damage_kind == "fatigue" or mods.subdue else "wounds",
        close=bystanders, defence_extra=extra, size_tenths=size_tenths(state, t.id),
        nonlethal=nonlethal_kind(state, a.id, t.id) is not None)
