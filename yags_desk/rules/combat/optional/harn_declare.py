"""Whether a declaration's RULES 3.3 choices are allowed (angry strike, feint).

The reducer asks :func:`check_harn_declaration` after the edition's own checks;
a refusal names the Declare field and the rule, and the log stays unchanged.
"""

from __future__ import annotations

from yags_desk.rules.combat.declare import declared_style
from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.derived import StyleValues
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES

__all__ = ["FLEXIBLE", "MIN_ATTACK", "angry_cap", "check_harn_declaration"]

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
    """Refuse an angry strike or feint that RULES 3.3 does not allow."""
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
