"""The numbers the attack dialog shows and the event it returns, for both editions.

No Qt here: everything comes from the engine's own functions, so what the GM
reads before rolling is what the rules then apply.

- classic: :func:`plan_classic.plan_attack` (every modifier of
  :func:`modifiers_classic.attack_modifiers`), the odds of
  :func:`odds_classic.declared_attack_odds` for the declared attack, else
  :func:`odds_classic.plan_odds` of the same plan (a strike back, RULES 1.5,
  or another target); the event from :func:`attack_classic.resolve_attack`.
- 0.8: :func:`attack_v08.attack_modifiers_v08` (and for a declared shot
  :func:`missile_v08.missile_modifiers_v08` through it), odds from
  :func:`odds_v08.odds_of` of those very numbers (what
  :func:`odds_v08.declared_attack_odds_v08` computes), the event from
  :func:`attack_v08.resolve_attack_v08`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import (
    AttackDiceV08,
    AttackMods,
    attack_modifiers_v08,
    resolve_attack_v08,
)
from yags_desk.rules.combat.declare import declared_style
from yags_desk.rules.combat.events import Attack
from yags_desk.rules.combat.missile_classic import missile_defences
from yags_desk.rules.combat.odds_classic import declared_attack_odds, plan_odds
from yags_desk.rules.combat.odds_v08 import odds_of
from yags_desk.rules.combat.optional import objects
from yags_desk.rules.combat.plan_classic import MIN_DEFENCE, AttackPlan, plan_attack
from yags_desk.rules.combat.situational import situational
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.dice import D20Roll, OpenRoll
from yags_desk.rules.errors import RulesError
from yags_desk.rules.odds import AttackOdds

__all__ = ["AttackChoices", "AttackSetup", "NeedsDice", "Row", "attack_event", "attack_setup",
           "defence_options", "outcome_label", "v08_style"]


class NeedsDice(RulesError):
    """Not a mistake: more dice are wanted (the damage of a hit, a missing roll).
    The dialog shows it as guidance, not as an error."""

# (group, source, amount, is_total)
Row = tuple[str, str, int, bool]
# Dice standing in for a damage roll the GM has not given, to learn whether
# the attack hits at all (the event of a miss carries no damage dice).
_NO_DAMAGE_OPEN = OpenRoll((1, 1))
_NO_DAMAGE_D20 = D20Roll(1)


@dataclass(frozen=True)
class AttackChoices:
    """What the GM may choose in the dialog that changes the numbers.

    ``defence_style`` None: the engine picks the target's best. Classic only:
    ``close`` the people close to a missile's target and ``wrestled`` (RULES
    1.8), ``defending`` False for a target that does not defend (unaware,
    passive 15). 0.8 only: ``ineffective`` (stuns, halved; RULES 2). Both:
    ``situational``, the GM's modifier to the attack with its optional
    ``situational_reason`` (:mod:`situational`), which the modifier functions
    add, so the odds and the event carry it.
    """

    defence_style: str | None = None
    close: tuple[str, ...] = ()
    wrestled: bool = False
    defending: bool = True
    ineffective: bool = False
    situational: int = 0
    situational_reason: str = ""

    def situational_mod(self) -> tuple[str, int] | None:
        """(label, amount) for the engine, None when 0; refused out of range."""
        return situational(self.situational, self.situational_reason)


@dataclass(frozen=True)
class AttackSetup:
    """Everything shown before the dice are thrown."""

    rows: tuple[Row, ...]
    attack: int
    defence_text: str
    odds: AttackOdds
    needs_defence: bool  # the target rolls an active defence
    stray_sides: int  # 0: no stray die
    damage_kind: str
    missile: bool
    does_damage: bool
    notes: tuple[str, ...] = field(default=())


def v08_style(state: CombatState, attacker_id: str, style: str, counter: bool) -> str | None:
    """The style to hand to the 0.8 engine: a counter strike's melee style, or the
    declared one (None lets the engine choose, as it does for a missile)."""
    if not style:
        return None
    f = state.fighter(attacker_id)
    d = f.declaration
    if not counter:
        return None if d is not None and d.action == "missile" else style
    ok = any(s.label == style and s.usable and s.style != "missile"
             for s in f.derived(state.options).styles)
    return style if ok else None


def outcome_label(key: str, edition: str, damage_kind: str) -> str:
    """A readable name for an :attr:`AttackOdds.outcomes` key."""
    if key == "miss":
        return "Miss"
    if key == "hit":
        return "Hit"
    if key == "no_damage":
        return "Hit, no damage"
    if key == "stunned":
        return "Hit, stunned (damage = soak)"
    plural = key != "1"
    if edition == "classic":
        unit = "fatigue level" if damage_kind == "fatigue" else "body level"
    else:
        unit = {"stuns": "stun", "mixed": "level (mixed)"}.get(damage_kind, "wound")
        if damage_kind == "mixed":
            unit = "level"
    word = unit + ("s" if plural else "")
    if damage_kind == "mixed" and edition != "classic":
        word += " (stuns and wounds)"
    return f"{key} {word}"


# --- classic ------------------------------------------------------------------


def _plan(state: CombatState, a: str, t: str, style: str, ch: AttackChoices) -> AttackPlan:
    return plan_attack(state, a, t, style, defence_style=ch.defence_style or None,
                       close=ch.close, wrestled=ch.wrestled,
                       situational=ch.situational_mod())


def _classic_defence_rows(state: CombatState, p: AttackPlan, ch: AttackChoices
                          ) -> tuple[list[Row], str, bool]:
    g = "Defence"
    fixed = p.fixed_defence()
    optional = [(g, label, n, False) for label, n in p.defence_mods
                if label.startswith("RULES 3")]
    if p.passive and fixed is not None:
        return ([(g, f"Passive: {p.passive}", MIN_DEFENCE, fixed == MIN_DEFENCE), *optional]
                + ([(g, "Passive defence against this attack", fixed, True)]
                   if fixed != MIN_DEFENCE else []), f"{fixed} (passive)", False)
    if p.round_defence is not None and fixed is not None:
        return ([(g, "Rolled at the first attack this round; stands all round (RULES 1.5)",
                  p.round_defence, fixed == p.round_defence), *optional]
                + ([(g, "Standing defence against this attack", fixed, True)]
                   if fixed != p.round_defence else []), f"{fixed} (standing)", False)
    if p.defence_value is None:
        return [(g, "No usable defence: passive", MIN_DEFENCE, True)], f"{MIN_DEFENCE}", False
    if not ch.defending:
        return ([(g, "Does not defend (unaware): passive", MIN_DEFENCE, True)],
                f"{MIN_DEFENCE} (passive)", False)
    t = p.defender
    if p.mods.missile:
        parts = missile_defences(state, t)[p.defence_name][0].parts
    else:
        dv = declared_style(state, t, p.defence_name).defence
        parts = dv.parts if dv is not None else ()
    rows: list[Row] = [(g, f"{p.defence_name}: {label}", n, False) for label, n in parts]
    rows += [(g, label, n, False) for label, n in p.defence_mods]
    rows.append((g, f"{t.name}'s defence (+ 2d10!, at least {MIN_DEFENCE})",
                 p.defence_value, True))
    return rows, f"{p.defence_value} + 2d10!", True


def _classic_setup(state: CombatState, a: str, t: str, style: str, counter: bool,
                   ch: AttackChoices) -> AttackSetup:
    p = _plan(state, a, t, style, ch)
    d = p.attacker.declaration
    declared = (not counter and d is not None and d.action in ("attack", "missile")
                and d.target == t and d.style == p.style.label)
    defending = ch.defending
    if declared:
        odds = declared_attack_odds(state, a, defence_style=ch.defence_style or None,
                                    close=ch.close, wrestled=ch.wrestled, defending=defending,
                                    situational=ch.situational_mod())
    else:
        odds = plan_odds(p, defending=defending)
    rows: list[Row] = [("Attack", label, n, False) for label, n in p.style.attack.parts]
    rows += [("Attack", label, n, False) for label, n in p.mods.attack]
    rows.append(("Attack", f"{p.attacker.name}'s attack (+ 2d10!)", p.attack, True))
    drows, dtext, needs = _classic_defence_rows(state, p, ch)
    rows += drows
    if p.mods.does_damage and not p.nonlethal:  # RULES 3.3 disarm/sweep/tackle: none
        rows += [("Damage", label, n, False) for label, n in p.style.damage.parts]
        rows += [("Damage", label, n, False) for label, n in p.mods.damage]
        rows.append(("Damage", "Damage (+ 2d10!)", p.damage, True))
        soak = p.defender.derived(state.options).soak
        rows += [("Soak", label, n, False) for label, n in soak.parts]
        rows += [("Soak", label, n, False) for label, n in p.mods.soak]
        rows.append(("Soak", f"{p.defender.name}'s soak", p.soak, True))
    rows.append(("Fumble", f"{p.style.label}", p.style.fumble_chance, False))
    rows += [("Fumble", label, n, False) for label, n in p.mods.fumble]
    rows.append(("Fumble", "Fumble chance (first two dice at or below)", p.fumble_chance, True))
    notes: list[str] = []
    if p.mods.special:
        notes.append(f"Special attack: {p.mods.special.replace('_', ' ')}")
    if p.mods.subdue:
        notes.append("Striking to subdue: damage is fatigue")
    if p.mods.range_band:
        notes.append(f"Range band: {p.mods.range_band}")
    return AttackSetup(rows=tuple(rows), attack=p.attack, defence_text=dtext, odds=odds,
                       needs_defence=needs, stray_sides=len(p.close),
                       damage_kind=p.damage_kind, missile=p.mods.missile,
                       does_damage=p.mods.does_damage and not p.nonlethal,
                       notes=tuple(notes))


# --- 0.8 ------------------------------------------------------------------------


def _v08_mods(state: CombatState, a: str, t: str, style: str, counter: bool,
              ch: AttackChoices) -> AttackMods:
    return attack_modifiers_v08(state, a, t, counter=counter,
                                style=v08_style(state, a, style, counter),
                                defence_style=ch.defence_style or None,
                                situational=ch.situational_mod())


def _strays(state: CombatState, a: str, t: str, m: AttackMods) -> int:
    d = state.fighter(a).declaration
    return len(d.close) if m.missile and d is not None and d.target == t else 0


def _v08_setup(state: CombatState, a: str, t: str, style: str, counter: bool,
               ch: AttackChoices) -> AttackSetup:
    m = _v08_mods(state, a, t, style, counter, ch)
    strays = _strays(state, a, t, m)
    odds = odds_of(m, strays)
    split: dict[str, list[tuple[str, int]]] = {}
    for label, n in m.modifiers:
        part, _, what = label.partition(": ")
        split.setdefault(part, []).append((what, n))
    rows: list[Row] = [("Attack", label, n, False) for label, n in m.style.attack.parts]
    rows += [("Attack", label, n, False) for label, n in split.get("attack", [])]
    halved = " (total halved)" if m.attack_halved else ""
    rows.append(("Attack", f"{state.fighter(a).name}'s attack (+ d20){halved}", m.attack, True))
    target = state.fighter(m.defender)
    if m.defence is None:
        rows.append(("Defence", "Passive defence (no declared defence left for this "
                     "attacker)", m.defence_floor, True))
        dtext = f"{m.defence_floor} (passive)"
    else:
        dmods = split.get("defence", [])
        rows.append(("Defence", f"{target.name}'s defence style",
                     m.defence - sum(n for _, n in dmods), False))
        rows += [("Defence", label, n, False) for label, n in dmods]
        dhalved = " (total halved)" if m.defence_halved else ""
        rows.append(("Defence", f"{target.name}'s defence (+ d20, at least "
                     f"{m.defence_floor}){dhalved}", m.defence, True))
        dtext = f"{m.defence} + d20"
    for label, n in split.get("difficulty", []):
        rows.append(("Difficulty", label, n, False))
    if m.difficulty:
        rows.append(("Difficulty", "Added to the defence", m.difficulty, True))
        dtext += f" + {m.difficulty}"
    rows += [("Damage", label, n, False) for label, n in m.style.damage.parts]
    rows += [("Damage", label, n, False) for label, n in split.get("damage", [])]
    rows.append(("Damage", "Damage (+ d20)", m.damage, True))
    soak = target.derived(state.options).soak
    rows += [("Soak", label, n, False) for label, n in soak.parts]
    rows.append(("Soak", f"{target.name}'s soak", m.soak, True))
    rows.append(("Fumble", "Fumble on a natural d20 at or below", m.fumble_chance, True))
    notes = list(m.notes)
    if m.range_band:
        notes.append(f"Range band: {m.range_band}")
    if strays:
        notes.append(f"Into a melee: a fumble flies at one of {strays + 1} people")
    return AttackSetup(rows=tuple(rows), attack=m.attack, defence_text=dtext, odds=odds,
                       needs_defence=m.defence is not None,
                       stray_sides=strays + 1 if strays else 0, damage_kind=m.damage_kind,
                       missile=m.missile, does_damage=not m.nonlethal, notes=tuple(notes))


# --- both -----------------------------------------------------------------------


def attack_setup(state: CombatState, attacker_id: str, target_id: str, style: str,
                 counter: bool, choices: AttackChoices = AttackChoices()) -> AttackSetup:
    """The numbers before the dice; raises RulesError when the attack is not possible."""
    if state.edition == "classic":
        setup = _classic_setup(state, attacker_id, target_id, style, counter, choices)
    else:
        setup = _v08_setup(state, attacker_id, target_id, style, counter, choices)
    if state.fighter(target_id).thing is not None:  # RULES 3.3 breaking things
        return _against_object(state, attacker_id, target_id, style, setup)
    return setup


def _against_object(state: CombatState, attacker_id: str, target_id: str, style: str,
                    setup: AttackSetup) -> AttackSetup:
    """An object's soak for this blow (blunt or edge) instead of a fighter's, and a
    note that its damage counts as damage points, not the levels of the odds."""
    t = state.fighter(target_id)
    assert t.thing is not None
    if state.edition == "0.8":
        style = v08_style(state, attacker_id, style, False) or style
    soak, aspect = objects.object_soak(state, attacker_id, style, t.thing)
    rows = [r for r in setup.rows if r[0] != "Soak"]
    at = next((i for i, r in enumerate(rows) if r[0] == "Fumble"), len(rows))
    rows.insert(at, ("Soak", f"{t.name}'s {aspect} soak ({objects.RULE})", soak, True))
    note = (f"{t.name} is an object ({objects.points_text(t)}): damage past its soak "
            "counts as damage points, not the levels in the odds")
    return replace(setup, rows=tuple(rows), notes=(*setup.notes, note))


def attack_event(state: CombatState, attacker_id: str, target_id: str, style: str,
                 counter: bool, choices: AttackChoices, attack: OpenRoll | D20Roll,
                 defence: OpenRoll | D20Roll | None, damage: OpenRoll | D20Roll | None,
                 stray: int | None, *, location: int | None = None,
                 oops: int | None = None) -> Attack:
    """The Attack event from these dice (the engine's resolution).

    ``damage`` None is allowed when the attack misses (a miss carries no damage
    dice); a hit without it is refused, naming the field. ``location``: the
    RULES 3.2 hit location d100, asked for when the attack hits; ``oops``: the
    RULES 3.2 Oops! d100, asked for when it fumbles.
    """
    try:
        return _attack_event(state, attacker_id, target_id, style, counter, choices, attack,
                             defence, damage, stray, location, oops)
    except RulesError as err:
        if location is None and str(err).startswith("dice.location:"):
            raise NeedsDice("hit location die: the attack hits; roll or type the d100 "
                            "of where it lands") from None
        if oops is None and str(err).startswith("dice.oops:"):
            raise NeedsDice("Oops! die: the attack fumbles; roll or type the d100 of the "
                            "Oops! table") from None
        raise


def _attack_event(state: CombatState, attacker_id: str, target_id: str, style: str,
                  counter: bool, choices: AttackChoices, attack: OpenRoll | D20Roll,
                  defence: OpenRoll | D20Roll | None, damage: OpenRoll | D20Roll | None,
                  stray: int | None, location: int | None, oops: int | None) -> Attack:
    if state.edition == "classic":
        assert isinstance(attack, OpenRoll)
        assert defence is None or isinstance(defence, OpenRoll)
        assert damage is None or isinstance(damage, OpenRoll)
        dice = AttackDice(attack, defence if choices.defending else None,
                          damage or _NO_DAMAGE_OPEN, stray, location=location, oops=oops)
        e = resolve_attack(state, attacker_id, target_id, style, dice,
                           defence_style=choices.defence_style or None, close=choices.close,
                           wrestled=choices.wrestled, situational=choices.situational_mod())
        if counter:
            e = e.model_copy(update={"counter": True})  # RULES 1.5: the strike back
    else:
        assert isinstance(attack, D20Roll)
        assert defence is None or isinstance(defence, D20Roll)
        assert damage is None or isinstance(damage, D20Roll)
        dice8 = AttackDiceV08(attack, defence, damage or _NO_DAMAGE_D20, stray,
                              location=location, oops=oops)
        e = resolve_attack_v08(state, attacker_id, target_id, dice8, counter=counter,
                               ineffective=choices.ineffective,
                               style=v08_style(state, attacker_id, style, counter),
                               defence_style=choices.defence_style or None,
                               situational=choices.situational_mod())
    if damage is None and e.damage_dice:
        raise NeedsDice("damage dice: the attack hits; roll or type the damage")
    return e


def defence_options(state: CombatState, attacker_id: str, target_id: str, style: str,
                    counter: bool) -> list[str]:
    """The styles the target may defend with against this attack (the engine
    refuses none of them)."""
    t = state.fighter(target_id)
    out: list[str] = []
    if state.edition == "classic":
        try:
            p = plan_attack(state, attacker_id, target_id, style)
        except RulesError:
            return []
        if p.mods.missile:
            return list(missile_defences(state, t))
    for s in t.derived(state.options).styles:
        if not (s.usable and s.defence is not None):
            continue
        try:
            attack_setup(state, attacker_id, target_id, style, counter,
                         AttackChoices(defence_style=s.label))
        except RulesError:
            continue
        out.append(s.label)
    return out

