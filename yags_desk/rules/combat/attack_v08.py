"""One 0.8 melee attack, from the declarations and d20s to an :class:`Attack` event.

RULES 2 and ``reference/yags-0.8/combat/combat.yags`` (Making an attack,
Inflicting Damage, Declaring Defences), ``combat/combat-melee.yags`` (Stance,
Free Strikes: counter strikes):

- attack: attribute x skill + weapon attack + d20 (the declared style's value,
  which already carries wound, stun and load penalties); a natural 1 fumbles
  and misses;
- defence: the same with the weapon's defence when the defender has a declared
  defence for this attacker, else the passive 15; attack >= defence hits;
- stances, the penalty for the number of defences declared, and initiative 0
  (skill rolls halved) change the rolls; :func:`attack_modifiers_v08` is the
  one place that says how, for the resolution and for the odds;
- damage: Strength + weapon damage + d20 against soak + armour: none below
  soak, else 1 + (damage - soak) // 5 levels, as wounds, stuns or mixed
  (alternating, the first to stuns, adding up on both tracks); an attack the
  GM marks ineffective does stuns, halved (round down).

0.8 missile attacks (``combat-missile.yags``: range bands, increments, snap
and careful shots, reach, firing into melee) get their numbers from
:mod:`missile_v08`; the dice, the outcome and the damage are the same as here.
"""

from __future__ import annotations

from typing import Any

from yags_desk.rules.combat.armour_v08 import armour_effect, worse_kind
from yags_desk.rules.combat.attack_roll_v08 import (
    AttackDiceV08,
    AttackMods,
    RollOutcome,
    roll_dice_v08,
    roll_outcome,
)
from yags_desk.rules.combat.events import Attack, Effect, trusted
from yags_desk.rules.combat.missile_v08 import missile_modifiers_v08, stray_shot
from yags_desk.rules.combat.optional import AttackKind, objects, optional_mods
from yags_desk.rules.combat.optional.base import NONE, style_weapon
from yags_desk.rules.combat.optional.harn import dodge_effects, nonlethal_hit, nonlethal_kind
from yags_desk.rules.combat.optional.harn_state import size_tenths
from yags_desk.rules.combat.optional.limbs import with_limb_injury
from yags_desk.rules.combat.optional.locations import with_location
from yags_desk.rules.combat.optional.oops import with_oops
from yags_desk.rules.combat.optional.reactions import reaction_waiting
from yags_desk.rules.combat.round_v08 import (
    EXHAUSTED_RULE,
    at_zero,
    declared_defences,
    defence_penalty,
    defence_taken,
    defends_actively,
    exhausted_why,
    stance_of,
)
from yags_desk.rules.combat.state import CombatState, FighterState, replace
from yags_desk.rules.derived import Derived, StyleValues
from yags_desk.rules.errors import RulesError
from yags_desk.rules.wounds import split_mixed

__all__ = [
    "AttackDiceV08",
    "AttackMods",
    "RollOutcome",
    "after_attack_changes_v08",
    "attack_modifiers_v08",
    "check_attack_v08",
    "damage_effects_v08",
    "resolve_attack_v08",
    "roll_dice_v08",
    "roll_outcome",
]

_STANCE_ATTACK = {"aggressive": 5, "defensive": -10, "prone": -10}
_STANCE_DEFENCE = {"aggressive": -10, "defensive": 5, "prone": -10}
_STANCE_DAMAGE = {"aggressive": 5}


def _melee_style(f: FighterState, d: Derived, label: str | None) -> StyleValues:
    if label:
        try:
            s = d.style(label)
        except KeyError:
            raise RulesError(f"style: {f.name} has no style {label!r}") from None
        if not s.usable:
            raise RulesError(f"style: {f.name} cannot use {label}: {'; '.join(s.warnings)}")
        if s.style == "missile":
            raise RulesError(f"style: {label} is a missile style; it shoots only in a "
                             "declared missile attack (combat-missile.yags)")
        if _gone(f, s):
            raise RulesError(f"style: {f.name}'s weapon for {label} is dropped or broken")
        return s
    melee = [s for s in d.styles if s.usable and s.style != "missile" and not _gone(f, s)]
    return max(melee, key=lambda s: s.attack.total)  # Brawl is always there


def _gone(f: FighterState, s: StyleValues) -> bool:
    """A weapon of the style is dropped or broken (a RULES 3.3 limb injury, disarm)."""
    return bool(f.weapons_state) and any(f.weapon_state(w) in ("dropped", "broken")
                                         for w in s.weapons)


def _defence_style(t: FighterState, d: Derived, label: str | None) -> StyleValues | None:
    """The declared style when it can defend (combat-melee.yags: a fighter attacking
    with Melee defends with it), else the best defence."""
    if label is None and t.declaration is not None and t.declaration.style:
        label = t.declaration.style
    if label:
        try:
            s = d.style(label)
            if s.usable and s.defence is not None:
                return s
        except KeyError:
            pass
    options = [s for s in d.styles if s.usable and s.defence is not None]
    return max(options, key=lambda s: s.defence.total if s.defence else 0, default=None)


def attack_modifiers_v08(state: CombatState, attacker_id: str, defender_id: str, *,
                         counter: bool = False, style: str | None = None,
                         defence_style: str | None = None,
                         situational: tuple[str, int] | None = None) -> AttackMods:
    """The numbers of ``attacker`` striking ``defender`` now (RULES 2).

    The style is the declared one (a counter strike uses the declared style if
    it is a melee style, else the fighter's best). ``situational``: the GM's own
    (label, amount) added to the attack (:func:`situational.situational`).
    Raises RulesError when the attack is not possible.
    """
    m = _modifiers_v08(state, attacker_id, defender_id, counter=counter, style=style,
                       defence_style=defence_style)
    m = _against_armour(state, m)
    m = _with_optional(state, m)
    m = _sized(state, m)
    nonlethal = nonlethal_kind(state, m.attacker, m.defender) or ""
    if nonlethal != m.nonlethal:
        m = replace(m, nonlethal=nonlethal)
    if situational is None:
        return m
    label, amount = situational
    return replace(m, attack=m.attack + amount,
                   modifiers=(*m.modifiers, (f"attack: {label}", amount)))


def _with_optional(state: CombatState, m: AttackMods) -> AttackMods:
    """What the optional rules in force add to this attack (RULES 3, optional/):
    the defence change goes to a rolled defence, or when positive to the passive
    difficulty (a defence never counts under the passive 15)."""
    if not state.options.optional:
        return m  # no optional rule in force (optional_mods would give NONE; issue 18)
    opt = optional_mods(state, m.attacker, m.defender,
                        AttackKind(missile=m.missile, counter=m.counter, style=m.style.label))
    if opt == NONE:
        return m
    extra = opt.total("defence")
    defence, difficulty = m.defence, m.difficulty
    pairs = opt.as_pairs()
    if defence is not None:
        defence += extra
    else:
        pairs = tuple(p for p in pairs if not p[0].startswith("defence: "))
        if extra > 0:
            difficulty += extra
            pairs += tuple((f"difficulty: {label}", n) for label, n in opt.defence)
    return replace(m, attack=m.attack + opt.total("attack"), defence=defence,
                   difficulty=difficulty, damage=m.damage + opt.total("damage"),
                   soak=m.soak + opt.total("soak"), modifiers=(*m.modifiers, *pairs))


def _sized(state: CombatState, m: AttackMods) -> AttackMods:
    """The target's RULES 3.3 size class factor on damage past soak, noted."""
    tenths = size_tenths(state, m.defender)
    if tenths == 10:
        return m
    t = state.fighter(m.defender)
    note = (f"RULES 3.3 size class: damage past {t.name}'s soak "
            f"×{tenths / 10:.1f} ({t.size_class.replace('_', ' ')})")
    return replace(m, size_tenths=tenths, notes=(*m.notes, note))


def _against_armour(state: CombatState, m: AttackMods) -> AttackMods:
    """The target's armour against this weapon's kind of blow (armour_v08)."""
    a, t = state.fighter(m.attacker), state.fighter(m.defender)
    weapon = style_weapon(a, m.style)
    both = m.style.style in ("great", "longshaft") or (weapon is not None and weapon.two_handed)
    eff = armour_effect(t.character.armour, weapon, m.damage_kind, both)
    kind, ineffective = eff.damage_kind, False
    if kind == "ineffective":
        kind, ineffective = "stuns", True
    if (not eff.soak_change and kind == m.damage_kind and ineffective == m.ineffective
            and eff.crushing == m.crushing and not eff.modifiers and not eff.notes):
        return m  # no armour that meets this blow: nothing to change (issue 18)
    return replace(m, soak=m.soak + eff.soak_change, damage_kind=kind,
                   ineffective=ineffective, crushing=eff.crushing,
                   modifiers=(*m.modifiers, *eff.modifiers), notes=(*m.notes, *eff.notes))


def _modifiers_v08(state: CombatState, attacker_id: str, defender_id: str, *,
                   counter: bool, style: str | None,
                   defence_style: str | None) -> AttackMods:
    if state.edition != "0.8":
        raise RulesError("this is the 0.8 attack procedure; the encounter is classic")
    a, t = state.fighter(attacker_id), state.fighter(defender_id)
    if not a.can_act:
        raise RulesError(f"{a.name} is {a.why_not} and cannot attack (RULES 2)")
    if a.exhausted:
        raise RulesError(f"{exhausted_why(a)}: no attack {EXHAUSTED_RULE}")
    if t.removed or t.dead:
        raise RulesError(f"{t.name} is {t.why_not if t.removed else 'already dead'}")
    if a.id == t.id:
        raise RulesError(f"{a.name} cannot attack itself")
    ad = a.derived(state.options)
    td = t.derived(state.options)
    d = a.declaration
    if not counter and d is not None and d.action == "missile":
        return missile_modifiers_v08(state, a.id, t.id, defence_style=defence_style)
    if style is None and a.declaration is not None and a.declaration.style:
        style = a.declaration.style
        if counter and not any(x.label == style and x.style != "missile" and not _gone(a, x)
                               for x in ad.styles):
            style = None  # a counter strike is a melee strike, with what is still in hand
    s = _melee_style(a, ad, style)
    mods: list[tuple[str, int]] = []
    attack, damage = s.attack.total, s.damage.total
    a_stance = stance_of(a)
    for label, table, roll in (("attack", _STANCE_ATTACK, "a"), ("damage", _STANCE_DAMAGE, "d")):
        amount = table.get(a_stance, 0)
        if amount:
            mods.append((f"{label}: {a.name}'s {a_stance} stance", amount))
            if roll == "a":
                attack += amount
            else:
                damage += amount
    n = declared_defences(a)
    if defence_penalty(n):
        mods.append((f"attack: {a.name}'s {n} defences", defence_penalty(n)))
        attack += defence_penalty(n)

    defence: int | None = None
    ds = _defence_style(t, td, defence_style)
    if ds is not None and ds.defence is not None and defends_actively(state, t, a.id):
        defence = ds.defence.total
        t_stance = stance_of(t)
        if _STANCE_DEFENCE.get(t_stance, 0):
            mods.append((f"defence: {t.name}'s {t_stance} stance", _STANCE_DEFENCE[t_stance]))
            defence += _STANCE_DEFENCE[t_stance]
        n = declared_defences(t)
        if defence_penalty(n):
            mods.append((f"defence: {t.name}'s {n} defences", defence_penalty(n)))
            defence += defence_penalty(n)
    return AttackMods(
        attacker=a.id, defender=t.id, style=s, attack=attack, defence=defence, damage=damage,
        soak=td.soak.total, damage_kind=s.damage_kind, attack_halved=at_zero(a),
        defence_halved=defence is not None and at_zero(t), fumble_chance=s.fumble_chance,
        defence_fumble_chance=ds.fumble_chance if ds is not None else 1, counter=counter,
        modifiers=tuple(mods), defence_label=ds.label if ds is not None else "")


def damage_effects_v08(target: str, levels: int, kind: str,
                       ineffective: bool) -> tuple[str, int, tuple[Effect, ...]]:
    """(damage kind, levels applied, effects) of ``levels`` of ``kind`` damage (RULES 2).

    Ineffective: stuns, halved (round down). Mixed: alternating levels, the first
    to stuns, adding up on both tracks (stuns first, then wounds).
    """
    if ineffective:
        stuns = levels // 2
        return "stuns", stuns, ((trusted(Effect, target=target, kind="stuns", amount=stuns),)
                                if stuns else ())
    if not levels:
        return kind, 0, ()
    if kind == "mixed":
        stuns, wounds = split_mixed(levels)
        out = [trusted(Effect, target=target, kind="stuns_add", amount=stuns)]
        if wounds:
            out.append(trusted(Effect, target=target, kind="wounds", amount=wounds))
        return kind, levels, tuple(out)
    effect = "stuns" if kind == "stuns" else "wounds"
    return kind, levels, (trusted(Effect, target=target, kind=effect, amount=levels),)


def resolve_attack_v08(state: CombatState, attacker_id: str, defender_id: str,
                       dice: AttackDiceV08, *, counter: bool = False,
                       ineffective: bool = False, style: str | None = None,
                       defence_style: str | None = None,
                       situational: tuple[str, int] | None = None) -> Attack:
    """The Attack event for ``attacker`` striking ``defender`` with its declared style.

    ``counter``: the counter strike of a fighter attacked without a declared
    defence against it. ``ineffective``: the GM marks the attack ineffective;
    ``situational``: the GM's modifier to the attack, recorded with its reason.
    Raises RulesError, naming the rule, when the attack is not allowed now.
    """
    m = attack_modifiers_v08(state, attacker_id, defender_id, counter=counter, style=style,
                             defence_style=defence_style, situational=situational)
    a, t = state.fighter(attacker_id), state.fighter(defender_id)
    if m.defence is not None and dice.defence is None:
        raise RulesError(f"dice.defence: {t.name} defends actively against {a.name}; "
                         "give its d20")
    defence_die = dice.defence.natural if (m.defence is not None and dice.defence) else None
    r = roll_outcome(m, dice.attack.natural, defence_die, dice.damage.natural)
    declared_target = None
    d = a.declaration
    if m.missile and r.attack_fumble and d is not None and d.close:
        # combat-missile.yags, Firing into melee: the fumble flies at someone in
        # the melee, picked at random, who defends as normal.
        m, t, r, defence_die = stray_shot(
            state, a.id, t.id, dice, m,
            lambda shot: _with_optional(state, _against_armour(state, shot)))
        declared_target = defender_id
    notes = list(m.notes)
    kind, ineffective = m.damage_kind, ineffective or m.ineffective
    if r.crushed:  # combat-melee.yags, Crushing: one kind worse
        notes.append("a crushing blow within 5 of soak still does one level, one kind worse")
        kind = worse_kind(kind)
        if kind == "ineffective":
            kind, ineffective = "stuns", True
    kind, levels, effects = (damage_effects_v08(t.id, r.levels, kind, ineffective)
                             if r.hit else (m.damage_kind, 0, ()))
    if not m.missile and m.attack_halved:
        notes.append(f"{a.name}'s attack halved at initiative 0")
    if not m.missile and m.defence_halved:
        notes.append(f"{t.name}'s defence halved at initiative 0")
    # RULES 3.3 dodging: an active defence with the unarmed Brawl style is a dodge.
    effects += dodge_effects(state, a.id, t.id,
                             defence_die is not None and m.defence_label == "Brawl")
    outcome = "; ".join(notes)
    # The engine's own values (events.trusted); a record or an outcome longer than
    # the event's fields hold (fighters' long names) is refused by validation as before.
    fields: dict[str, Any] = dict(
        attacker=a.id, defender=t.id, style=m.style.label, counter=counter,
        modifiers=m.modifiers, attack_dice=(dice.attack.natural,),
        attack_total=r.attack_total, attack_fumble=r.attack_fumble,
        defence_dice=() if defence_die is None else (defence_die,),
        defence_total=r.defence_total, defence_fumble=r.defence_fumble, hit=r.hit,
        damage_dice=(dice.damage.natural,) if r.hit else (), damage_total=r.damage_total,
        soak=m.soak if r.hit else 0, levels=levels, damage_kind=kind,
        ineffective=ineffective and r.hit, outcome=outcome, effects=effects,
        missile=m.missile, range_band=m.range_band,
        declared_target=declared_target)
    e = (trusted(Attack, **fields) if len(outcome) <= 300 and len(m.modifiers) <= 50
         else Attack(**fields))
    if m.nonlethal and r.hit and t.id == defender_id:
        # RULES 3.3: no damage; the defender's roll to keep weapon or footing is due.
        e = e.model_copy(update={
            "damage_dice": (), "damage_total": 0, "soak": 0, "levels": 0,
            "ineffective": False, "outcome": f"{m.nonlethal}: {t.name}'s roll due",
            "effects": nonlethal_hit(a.id, t.id, r.attack_total - r.defence_total)
            + dodge_effects(state, a.id, t.id,
                            defence_die is not None and m.defence_label == "Brawl")})
    e = objects.strike(state, e)  # RULES 3.3: an object takes damage points
    check_attack_v08(state, e)
    e = with_oops(state, e, dice.oops, damage=m.damage, damage_dice=(dice.damage.natural,),
                  damage_die_total=dice.damage.natural,
                  weapon=m.style.weapons[0] if m.style.weapons else None)
    return with_limb_injury(state, with_location(state, e, dice.location))  # RULES 3.2, 3.3


# --- the reducer's rules for a 0.8 Attack event ---------------------------------


def check_attack_v08(state: CombatState, e: Attack) -> None:
    """Refuse an Attack event the 0.8 round does not allow (RULES 2)."""
    a, t = state.fighter(e.attacker), state.fighter(e.defender)
    for p in state.pending_for(a.id) if state.pending else ():
        raise RulesError(f"{p.describe(a.name, '0.8')} must be made before {a.name} attacks")
    if not e.counter and reaction_waiting(state, a.id, t.id) is not None:
        return  # a RULES 3.1 reaction strikes out of turn (optional/reactions.py)
    if e.counter:
        if t.id not in a.counter_due:
            raise RulesError(f"{a.name} may counter strike only a fighter who attacked it in "
                             f"melee this round without a defence against it; {t.name} did "
                             "not (RULES 2)")
    else:
        if a.attacked:
            raise RulesError(f"{a.name} has already attacked this round (RULES 2)")
        d = a.declaration
        if d is None or d.action not in ("attack", "wait", "missile"):
            raise RulesError(f"{a.name} declared no attack this round; actions are declared "
                             "at the start of the round (RULES 2)")
        if e.missile != (d.action == "missile"):
            kinds = ("melee", "missile")
            raise RulesError(f"{a.name} declared a {kinds[d.action == 'missile']} attack, not "
                             f"a {kinds[e.missile]} one (RULES 2)")
        stray = (e.missile and e.declared_target == d.target and t.id in d.close)
        if d.action in ("attack", "missile") and d.target != t.id and not stray:
            named = state.fighter(d.target).name if d.target else "nobody"
            raise RulesError(f"{a.name} declared an attack on {named}, not on {t.name} "
                             "(RULES 2)")
    if e.defence_dice and not defends_actively(state, t, a.id):
        raise RulesError(f"{t.name} has no declared defence left for {a.name}: each covers "
                         "one attacker, the others face the passive 15 (RULES 2)")


def after_attack_changes_v08(a: FighterState, t: FighterState,
                             e: Attack) -> tuple[dict[str, object], dict[str, object]]:
    """The defences an attack uses and the counter strike it earns (RULES 2), as
    replace() changes of the attacker and of the target (the reducer puts them in
    the copies it makes anyway: issue 18).

    The attacker keeps one of its defences for its target if it has one left;
    if not, the target may counter strike once it has been hit or missed. The
    target spends one defence on the attacker when it defends actively.
    A counter strike earns nothing and uses the strike it was owed.
    """
    a_changes: dict[str, object] = {}
    t_changes: dict[str, object] = {}
    if e.counter:
        a_changes["counter_due"] = tuple(x for x in a.counter_due if x != t.id)
        return a_changes, t_changes
    defending = a.defending
    if not e.missile and t.can_act and not t.exhausted:  # the Exhausted strike nobody
        taken = defence_taken(a, t.id)
        if taken is not None:
            defending = a_changes["defending"] = taken
        if t.id not in defending and a.id not in t.counter_due:
            t_changes["counter_due"] = (*t.counter_due, a.id)
    if e.defence_dice:
        taken = defence_taken(t, a.id)
        if taken is not None:
            t_changes["defending"] = taken
    return a_changes, t_changes
