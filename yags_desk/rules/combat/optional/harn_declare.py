"""Whether a declaration's RULES 3.3 choices are allowed (angry strike, feint).

The reducer asks :func:`check_harn_declaration` after the edition's own checks;
a refusal names the Declare field and the rule, and the log stays unchanged.
"""

from __future__ import annotations

from yags_desk.rules.combat.declare import declared_style
from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.optional.harn_state import SIZE_CLASSES
from yags_desk.rules.combat.specials_classic import held_weapon
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import StyleValues
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["FLEXIBLE", "MIN_ATTACK", "SWEEPERS", "angry_cap", "check_harn_declaration",
           "can_sweep"]

# RULES 3.3 via the seed: a feint or angry strike may not take the attack below
# EML 05; converted by RULES 3 (/ 5) that is an attack of at least 1 before dice
# [decision].
MIN_ATTACK = 1
# [decision] flexible weapons cannot feint (the seed names flails, nets and whips):
# the 0.8 lists mark a flail "chain"; by name for the rest.
FLEXIBLE = ("flail", "whip", "net")


def angry_cap(state: CombatState, s: StyleValues) -> tuple[int, str]:
    """(the most damage an angry strike may add, how it was found): the skill
    level (0.8) or skill% / 25, rounded down as a cap [decision] (classic)."""
    if state.edition == "classic":
        return s.skill_value // 25, f"{s.skill} {s.skill_value}% / 25"
    return s.skill_value, f"{s.skill} {s.skill_value}"


# [decision] the seed sweeps with staves and polearms: a 0.8 longshaft weapon, or one
# named staff, spear, pole or halberd (the classic table marks none).
SWEEPERS = ("staff", "spear", "pole", "halberd", "glaive", "bill")
_SIZE_ORDER = tuple(SIZE_CLASSES)  # smallest first


def can_sweep(f: FighterState, s: StyleValues) -> bool:
    for w in f.character.weapons:
        if w.name in s.weapons and ("longshaft" in w.classes or any(
                n in w.name.casefold() for n in SWEEPERS)):
            return True
    return False


def _check_nonlethal(state: CombatState, e: Declare) -> None:
    """RULES 3.3 disarm, sweep, tackle: a melee attack, not beside a RULES 1.9 special;
    a sweep needs a staff or polearm and cannot trip a foe two size classes larger;
    a disarm needs a weapon to take."""
    what = e.nonlethal
    _needs_option(state, "nonlethal", "nonlethal")
    f = state.fighter(e.id)
    if e.action != "attack" or not e.style:
        raise RulesError(f"nonlethal: only a melee attack can be a {what} (RULES 3.3)")
    if e.special or e.subdue:
        raise RulesError(f"nonlethal: a {what} is this round's special attack; declare no "
                         "RULES 1.9 special or subdue with it (RULES 3.3)")
    s = declared_style(state, f, e.style)
    t = state.fighter(e.target) if e.target else None
    if what == "sweep":
        if not can_sweep(f, s):
            raise RulesError(f"nonlethal: {f.name} can sweep only with a staff or polearm, "
                             f"not with {s.label} (RULES 3.3)")
        if t is not None and (_SIZE_ORDER.index(t.size_class)
                              - _SIZE_ORDER.index(f.size_class)) >= 2:
            raise RulesError(f"nonlethal: {t.name} is two size classes or more larger than "
                             f"{f.name} and cannot be swept (RULES 3.3)")
    if what == "disarm" and t is not None and held_weapon(state, t) is None:
        raise RulesError(f"nonlethal: {t.name} holds no weapon to disarm (RULES 3.3)")


def _flexible(f: FighterState, s: StyleValues) -> str | None:
    for w in f.character.weapons:
        if w.name in s.weapons and (w.has("chain") or w.has("flexible") or any(
                n in w.name.casefold() for n in FLEXIBLE)):
            return w.name
    return None


def _needs_option(state: CombatState, field: str, option: str) -> None:
    if not state.options.uses(option):
        raise RulesError(f"{field}: the optional rule {OPTIONAL_RULES[option]} is off in this "
                         "encounter; switch it on to declare it")


def check_harn_declaration(state: CombatState, e: Declare) -> None:
    """Refuse an angry strike, feint, disarm, sweep or tackle that RULES 3.3 does
    not allow."""
    if e.nonlethal:
        _check_nonlethal(state, e)
    if not (e.angry_strike or e.feint):
        return
    f = state.fighter(e.id)
    for field, what, amount in (("angry_strike", "an angry strike", e.angry_strike),
                                ("feint", "a feint", e.feint)):
        if not amount:
            continue
        _needs_option(state, field, field)
        if e.action != "attack" or not e.style:
            raise RulesError(f"{field}: only a melee attack can be {what} (RULES 3.3)")
    s = declared_style(state, f, e.style)
    if e.angry_strike:
        cap, how = angry_cap(state, s)
        if e.angry_strike > cap:
            raise RulesError(f"angry_strike: {f.name} may add at most +{cap} damage with "
                             f"{s.label} ({how}), not +{e.angry_strike} (RULES 3.3)")
    if e.feint:
        flexible = _flexible(f, s)
        if flexible:
            raise RulesError(f"feint: {f.name}'s {flexible} is a flexible weapon and cannot "
                             "feint (RULES 3.3)")
    left = s.attack.total - 2 * e.angry_strike - e.feint
    if left < MIN_ATTACK:
        what = " and ".join(n for n, v in (("angry_strike", e.angry_strike),
                                           ("feint", e.feint)) if v)
        raise RulesError(f"{what}: {f.name}'s attack {s.attack.total} with {s.label} would "
                         f"drop to {left}; it must stay at least {MIN_ATTACK} (RULES 3.3)")
