"""Whether a declaration is allowed (RULES 1.5 step 1, 1.8, 1.9, RULES 2).

The reducer calls :func:`check_declaration` before recording a Declare event;
a refusal names the rule that forbids it and leaves the log unchanged.
"""

from __future__ import annotations

import re
from dataclasses import replace

from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.missile_v08 import check_missile_declaration
from yags_desk.rules.combat.optional.board import OPTION as BOARD
from yags_desk.rules.combat.optional.board import reach_refusal, shot_range_m
from yags_desk.rules.combat.round_v08 import DEFAULT_DEFENCES, EXHAUSTED_RULE, exhausted_why
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import StyleValues
from yags_desk.rules.errors import RulesError
from yags_desk.rules.items import Weapon, fists
from yags_desk.rules.words import counted

__all__ = ["BERSERKER", "check_declaration", "declared_style", "exhausted_refusal",
           "weapon_size", "with_declared_pair"]

BERSERKER = "Berserker"  # the advantage RULES 1.9 requires
_ATTACKS = ("attack", "missile")
# [decision] all-out attack and defensive fighting are melee only, as the source
# text describes them (RULES 1.9 lists no limit).
_MELEE_ONLY = ("piercing", "prepare", "disarm", "break_weapon", "all_out", "defensive")
# RULES 1.9: subdue combines with another special; these do no damage or no attack.
_NO_SUBDUE = ("aim", "prepare", "disarm", "break_weapon")
_SIZES = ("small", "medium", "large")


def weapon_size(w: Weapon) -> str:
    """RULES 1.3 [decision]: small = fist, knife, dagger; large = two-handed."""
    if w.two_handed:
        return "large"
    if w.has("natural") or w.name.casefold() in ("fist/kick", "fists", "knife", "dagger"):
        return "small"
    return "medium"


def _weapon(f: FighterState, name: str) -> Weapon:
    c = f.character
    found: list[Weapon] = [w for w in (*c.weapons, *((c.shield,) if c.shield else ()))
                           if w.name == name]
    if found:
        return found[0]
    return fists(c.edition)


_PAIR = re.compile(r"^Two weapons: (.+) \+ (.+)$")


def with_declared_pair(state: CombatState, f: FighterState, label: str | None) -> FighterState:
    """``f`` with the two-weapon pair of ``label`` picked, when its sheet does not
    offer that pair by itself (only the pairs among the best weapons are offered,
    weapon_pairs.py). [decision] Declaring such a pair is the GM picking it: fights
    saved while every pair was offered replay, and a picked pair need not be
    added on the sheet before the fight (RULES 1.2, RULES 2 two weapons)."""
    if not label or not label.startswith("Two weapons: "):
        return f  # _PAIR's start: no pair (most declarations, without the regex)
    m = _PAIR.match(label)
    if m is None:
        return f
    try:
        f.derived(state.options).style(label or "")
        return f
    except KeyError:
        pass
    c = f.character
    pair = (m[1], m[2])
    if pair in c.two_weapon_pairs:
        return f
    return replace(f, character=c.model_copy(
        update={"two_weapon_pairs": (*c.two_weapon_pairs, pair)}))


def declared_style(state: CombatState, f: FighterState, label: str) -> StyleValues:
    """The fighter's style with that label, refused if unknown or unusable."""
    d = f.derived(state.options)
    try:
        s = d.style(label)
    except KeyError:
        raise RulesError(f"style: {f.name} has no style {label!r}") from None
    if not s.usable:
        raise RulesError(f"style: {f.name} cannot use {label}: {'; '.join(s.warnings)}")
    if f.weapons_state and any(f.weapon_state(w) in ("broken", "dropped") for w in s.weapons):
        raise RulesError(f"style: {f.name}'s weapon for {label} is broken or dropped "
                         "(RULES 1.9)")
    return s


def _target(state: CombatState, f: FighterState, e: Declare) -> FighterState | None:
    if e.target is None:
        if e.action in _ATTACKS or e.action == "kill_helpless":
            raise RulesError(f"target: {f.name} must name whom to attack")
        return None
    t = state.fighter(e.target)
    if t.id == f.id:
        raise RulesError(f"target: {f.name} cannot attack itself")
    if t.removed or t.dead:
        raise RulesError(f"target: {t.name} is {t.why_not if t.removed else 'already dead'}")
    if t.thing is not None and t.fallen:
        raise RulesError(f"target: {t.name} is already broken through (RULES 3.3)")
    return t


def _nearest_enemies(state: CombatState, f: FighterState) -> list[str]:
    """Standing enemies in the closest board row to ``f`` (RULES 1.9, 3.1 rows)."""
    foes = [g for g in state.active() if g.side != f.side and g.can_act]
    if not foes:
        return []
    best = min(abs(g.row - f.row) for g in foes)
    return [g.id for g in foes if abs(g.row - f.row) == best]


def _classic(state: CombatState, f: FighterState, e: Declare, t: FighterState | None) -> None:
    if e.stance != "normal":
        raise RulesError("stance: stances are a 0.8 rule (RULES 2); classic fighters "
                         "declare special attacks (RULES 1.9)")
    if e.defences is not None:
        raise RulesError("defences: declared defences are a 0.8 rule (RULES 2); a classic "
                         "defence stands against every attack of the round (RULES 1.5)")
    if e.shot != "normal" or e.close:
        raise RulesError("shot: snap and careful shots and the declared melee are 0.8 rules "
                         "(combat-missile.yags); classic fighters aim (RULES 1.9) and name "
                         "those close to the target when they shoot (RULES 1.8)")
    c = f.character
    if e.special == "berserk" and not c.has_advantage(BERSERKER):
        raise RulesError(f"special: {f.name} lacks the Berserker advantage that berserk "
                         "needs (RULES 1.9)")
    if f.berserk_total:
        if e.special == "defensive" or e.action in ("missile", "rest", "wait"):
            raise RulesError(f"{f.name} is berserk: no defensive fighting, missiles, rest or "
                             "flight (RULES 1.9)")
        nearest = _nearest_enemies(state, f)
        if e.action == "attack" and t is not None and nearest and t.id not in nearest:
            raise RulesError(f"target: {f.name} is berserk and attacks the nearest enemy "
                             f"({', '.join(state.fighter(n).name for n in nearest)}) "
                             "(RULES 1.9)")
    if e.special == "berserk" and f.berserk_total:
        raise RulesError(f"special: {f.name} is already berserk (RULES 1.9)")
    if e.special == "aim" and e.action != "missile":
        raise RulesError("special: aiming needs a missile weapon; declare a missile attack "
                         "with it (RULES 1.9)")
    if e.special == "aim" and f.has("aimed"):
        raise RulesError(f"special: {f.name} has already aimed for a round; aiming longer "
                         "gives nothing more (RULES 1.9)")
    if e.subdue and (e.action not in _ATTACKS or e.special in _NO_SUBDUE):
        raise RulesError("subdue: only an attack that does damage can subdue "
                         f"{'(not ' + e.special.replace('_', ' ') + ') ' if e.special else ''}"
                         "(RULES 1.9)")
    if e.action == "kill_helpless" and t is not None and not t.helpless:
        raise RulesError(f"target: {t.name} is not helpless; a killing blow at the end of "
                         "the round needs an unconscious or helpless target (RULES 1.6)")
    if e.action not in _ATTACKS:
        if e.special not in (None, "aim", "prepare", "berserk"):
            raise RulesError(f"special: {e.special} is an attack (RULES 1.9); "
                             f"{f.name} does not attack this round")
        return
    if not e.style:
        raise RulesError(f"style: {f.name} must say which weapon style it attacks with")
    s = declared_style(state, f, e.style)
    missile = s.style == "missile"
    if e.action == "missile" and not missile:
        raise RulesError(f"style: {e.style} is not a missile style (RULES 1.8)")
    if e.action == "attack" and missile:
        raise RulesError(f"action: {e.style} is a missile style; declare a missile attack "
                         "(RULES 1.8)")
    if e.special == "aim" and not missile:
        raise RulesError("special: aiming needs a missile weapon (RULES 1.9)")
    if e.special in _MELEE_ONLY and missile:
        raise RulesError(f"special: {e.special.replace('_', ' ')} is a melee attack "
                         "(RULES 1.9)")
    if (e.subdue or e.special == "subdue") and missile and s.skill != "Throw":
        raise RulesError(f"subdue: {e.style} cannot strike to subdue; only thrown weapons "
                         "can (RULES 1.9 [decision])")
    if missile:
        range_m = shot_range_m(state, f, t, e.range_m)  # from the rows (RULES 3.1)
        if range_m is None:
            raise RulesError("range_m: a missile attack needs the distance to the target")
        if s.ranges is not None and range_m > s.ranges[3]:
            raise RulesError(f"range_m: {range_m} m is beyond the extreme range of "
                             f"{s.ranges[3]} m for {e.style} (RULES 1.8)")
    if e.special == "disarm" and t is not None:
        mine = max(_SIZES.index(weapon_size(_weapon(f, w))) for w in s.weapons)
        theirs = _target_weapon_size(state, t)
        if theirs < 0:
            raise RulesError(f"special: {t.name} holds no weapon to disarm (RULES 1.9)")
        if theirs - mine >= 2:
            raise RulesError(f"special: {f.name} cannot disarm with a weapon two sizes "
                             f"smaller than {t.name}'s (RULES 1.9)")


def _target_weapon_size(state: CombatState, t: FighterState) -> int:
    label = t.declaration.style if t.declaration and t.declaration.style else ""
    names: tuple[str, ...]
    if label:
        names = t.derived(state.options).style(label).weapons
    else:
        names = tuple(w.name for w in t.character.weapons) or ("Fist/kick",)
    held = [_weapon(t, w) for w in names]
    held = [w for w in held if w.kind != "shield" and not w.has("natural")
            and w.name != fists("classic").name]
    # -1: nothing a disarm can take (fists, teeth, only a shield)
    return max((_SIZES.index(weapon_size(w)) for w in held), default=-1)


def _v08(state: CombatState, f: FighterState, e: Declare, t: FighterState | None) -> None:
    if e.special is not None:
        raise RulesError("special: the special attacks are classic rules (RULES 1.9); "
                         "0.8 fighters choose a stance (RULES 2)")
    if f.initiative is None:
        raise RulesError(f"{f.name} has no initiative yet: it is rolled at the start of the "
                         "combat, before declarations (RULES 2)")
    if e.action == "kill_helpless":
        raise RulesError("action: killing the helpless at the end of the round is a classic "
                         "rule (RULES 1.6); in 0.8 attack the fallen fighter (RULES 2)")
    if e.action == "reroll_initiative" and (e.defences or e.move_m or e.target):
        raise RulesError(f"{f.name} re-rolls initiative: that takes the whole round, with no "
                         "movement, attack or defence (RULES 2)")
    count = (e.defences if e.defences is not None
             else 0 if e.action == "reroll_initiative" else DEFAULT_DEFENCES)
    if count < len(f.defending):
        raise RulesError(f"defences: {f.name} has already defended against "
                         f"{counted(len(f.defending), 'attacker')} this round (RULES 2)")
    d = f.derived(state.options)
    if e.defences is not None and d.max_defences is not None:
        most = d.max_defences.total + (1 if e.stance == "defensive" else 0)
        if e.defences > most:
            raise RulesError(f"defences: {f.name} may declare at most {counted(most, 'defence')} "
                             "((Agility + Perception) / 2, +1 defensive) (RULES 2)")
    if e.action not in _ATTACKS and (e.shot != "normal" or e.close):
        raise RulesError("shot: snap and careful shots and firing into melee are for "
                         "missile attacks (combat-missile.yags)")
    if e.action in _ATTACKS:
        if not e.style:
            raise RulesError(f"style: {f.name} must say which weapon style it attacks with")
        s = declared_style(state, f, e.style)
        check_missile_declaration(state, f, s, e.action, t, shot_range_m(state, f, t, e.range_m),
                                  e.stance, e.shot, e.close)
        if d.move is not None and e.move_m > d.move.total:
            raise RulesError(f"move_m: moving {e.move_m} m, more than Move "
                             f"{d.move.total}, leaves no attack (RULES 2)")


# combat-wounds.yags (Fatigue): an Exhausted 0.8 fighter must rest at once; core.md
# (Movement, Running): any movement then takes its whole round (no attack, no
# defence, nothing else) and it cannot run or sprint. [decision] Waiting and
# standing up stay open (standing is movement; a wait lets the GM give the fighter
# a move later), and so does re-rolling initiative, a round spent doing nothing
# (combat-wounds.yags, Shock and Pain).
_EXHAUSTED_MAY = ("rest", "move", "wait", "stand_up", "reroll_initiative")
_NOT_WORDS = {"attack": "attack", "missile": "missile attack", "other": "other action",
              "kill_helpless": "killing blow"}


def exhausted_refusal(state: CombatState, f: FighterState, e: Declare) -> str | None:
    """Why an Exhausted fighter (0.8, FighterState.exhausted) may not declare ``e``,
    or None when it may."""
    if not f.exhausted:
        return None
    why = exhausted_why(f)
    if e.action not in _EXHAUSTED_MAY:
        return (f"action: {why}: no {_NOT_WORDS.get(e.action, e.action)} this round; "
                f"declare rest, a move or a wait {EXHAUSTED_RULE}")
    if e.defences:
        return (f"defences: {why}: no defence this round, attacks on it meet the passive "
                f"15 (RULES 2); declare 0 defences {EXHAUSTED_RULE}")
    move = f.derived(state.options).move
    half = move.total // 2 if move is not None else 0
    if e.move_m > half:
        return (f"move_m: {why}: it cannot run or sprint, so it moves at most half its "
                f"Move ({half} m), not {e.move_m} m {EXHAUSTED_RULE}")
    return None


def check_declaration(state: CombatState, e: Declare) -> None:
    """Raise RulesError if ``e`` is not allowed now."""
    f = state.fighter(e.id)
    if not f.can_act:
        raise RulesError(f"{f.name} is {f.why_not} and cannot act (RULES 1.6)")
    if f.surprised:
        raise RulesError(f"{f.name} is surprised and does nothing this round: clear the "
                         "condition to let it act (RULES 1.5, RULES 2)")
    if f.attacked:
        raise RulesError(f"{f.name} has already acted this round; declarations come "
                         "before the actions (RULES 1.5)")
    why = exhausted_refusal(state, f, e)  # 0.8 only
    if why:
        raise RulesError(why)
    t = _target(state, f, e)
    # 0.8 declares the movement with the attack: the reach is checked at the strike.
    if (state.options.uses(BOARD) and t is not None and e.action == "attack"
            and not (state.edition == "0.8" and e.move_m)):
        why = reach_refusal(state, f.id, t.id)  # RULES 3.1 out of range
        if why:
            raise RulesError(why)
    if state.edition == "classic":
        _classic(state, f, e, t)
    else:
        _v08(state, f, e, t)
