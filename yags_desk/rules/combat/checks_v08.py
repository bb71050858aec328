"""0.8 rolls outside the attack: initiative and the Health checks (RULES 2).

Sources: ``reference/yags-0.8/combat/combat.yags`` (Determining Initiative;
Inflicting Damage: the Fatal check; Stun Damage: Beaten),
``combat/combat-melee.yags`` (Re-evaluating Initiative) and
``combat/combat-wounds.yags`` (Shock and Pain; Untended Wounds: Fatal Wounds).

A Health check is Health x 4 + d20 against its target; a natural 1 fails; a
good success beats the target by 10 or more. [decision] Wound and stun
penalties do not apply to these checks: RULES 2 gives them as Health x 4 + d20,
and with Fatal's -25 no one could pass.
"""

from __future__ import annotations

from typing import Any

from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.events import (
    Check,
    Effect,
    Fatigue,
    Initiative,
    check_fits,
    trusted,
)
from yags_desk.rules.combat.round_v08 import (
    ACT_NORMALLY,
    check_initiative_v08,
    exhausted_for_act_normally,
    fatigue_v08,
)
from yags_desk.rules.combat.state import V08_FATAL, CombatState, Pending
from yags_desk.rules.dice import D20Roll
from yags_desk.rules.errors import RulesError

__all__ = ["GOOD_SUCCESS", "act_normally", "health_check_value", "resolve_check",
           "roll_initiative_v08"]

GOOD_SUCCESS = 10  # RULES 2: a good success beats the target by 10 or more
_KINDS = ("fatal", "beaten", "fatal_round", "dying")


def _edition(state: CombatState) -> None:
    if state.edition != "0.8":
        raise RulesError("this is a 0.8 procedure; the encounter is classic")


def health_check_value(state: CombatState, fid: str) -> int:
    """Health x 4, what the d20 is added to (RULES 2)."""
    return 4 * state.fighter(fid).character.attributes["health"]


def resolve_check(state: CombatState, pending: Pending, roll: D20Roll) -> Check:
    """The Check event for a pending 0.8 Health check rolled with ``roll``.

    - ``fatal`` (reaching Fatal or beyond, against 20 + 5 per wound past 6):
      failure dead, success unconscious, good success fights on;
    - ``beaten`` (stuns reach Beaten, against 20): failure unconscious, success
      stays standing;
    - ``fatal_round`` (end of each round while fighting on at Fatal or Beaten,
      against 20): failure dead at Fatal (combat-wounds.yags: every round if
      active, or die), unconscious when only Beaten; success fights on;
    - ``dying`` (unconscious at Fatal, once a minute, against 20): failure dead.
    """
    _edition(state)
    if pending.kind not in _KINDS:
        raise RulesError(f"kind: {pending.kind} is not a 0.8 Health check (RULES 2)")
    f = state.fighter(pending.id)
    if pending.kind == "dying":
        if f.dead or not f.has("unconscious") or f.wounds < V08_FATAL:
            raise RulesError(f"{f.name} is not lying unconscious at Fatal: no dying check "
                             "(RULES 2)")
    elif pending not in state.pending and pending not in end_of_round_due(state):
        raise RulesError(f"{pending.describe(f.name, '0.8')} is not due now")
    total = health_check_value(state, f.id) + roll.natural
    fumble = roll.is_fumble(max(1, pending.fumble_chance))
    passed = not fumble and total >= pending.target
    good = passed and total >= pending.target + GOOD_SUCCESS

    def becomes(condition: str) -> tuple[Effect, ...]:
        return (trusted(Effect, target=f.id, kind="condition", name=condition),)

    effects: tuple[Effect, ...] = ()
    fatal_wounds = f.wounds >= V08_FATAL
    if pending.kind == "fatal":
        if not passed:
            outcome, effects = "dies", becomes("dead")
        elif good:
            outcome = "good success: fights on, checking at the end of each round"
        else:
            outcome, effects = "falls unconscious", becomes("unconscious")
    elif pending.kind == "beaten":
        if passed:
            outcome = "stays on its feet, checking at the end of each round"
        else:
            outcome, effects = "falls unconscious", becomes("unconscious")
    elif pending.kind == "fatal_round":
        if passed:
            outcome = "fights on"
        elif fatal_wounds:
            outcome, effects = "dies", becomes("dead")
        else:
            outcome, effects = "falls unconscious", becomes("unconscious")
    else:
        outcome = "lives another minute" if passed else "dies"
        effects = () if passed else becomes("dead")
    if fumble:
        outcome = f"fumbled: {outcome}"
    fields: dict[str, Any] = dict(
        id=f.id, kind=pending.kind, dice=(roll.natural,), total=total, target=pending.target,
        fumble_chance=max(1, pending.fumble_chance), fumble=fumble, passed=passed,
        outcome=outcome, effects=effects)
    # The engine's own values (events.trusted); numbers past the event's limits are
    # refused by validation as before.
    return (trusted(Check, **fields)
            if check_fits(total, pending.target, fields["fumble_chance"]) else Check(**fields))


def roll_initiative_v08(state: CombatState, fid: str, roll: D20Roll) -> Initiative:
    """Initiative: Intelligence x 4 + d20, once per combat; a natural 1 makes it 0.

    A fighter who declared a re-roll rolls again; from initiative 0 that roll is
    halved (round down), unless it took a fatigue level to act normally this
    round (combat-melee.yags, combat-wounds.yags).
    """
    _edition(state)
    f = state.fighter(fid)
    if not f.can_act:
        raise RulesError(f"{f.name} is {f.why_not} and cannot act (RULES 2)")
    d = f.derived(state.options)
    base = d.initiative.total if d.initiative is not None else 0
    halved = f.initiative == 0 and not f.acts_normally
    natural_one = roll.is_fumble(1)
    total = 0 if natural_one else (base + roll.natural) // 2 if halved else base + roll.natural
    e = trusted(Initiative, id=fid, dice=(roll.natural,), total=total,
                natural_one=natural_one)
    check_initiative_v08(f, e)  # refuses a second roll without a declared re-roll
    return e


def act_normally(state: CombatState, fid: str) -> Fatigue:
    """The fatigue level a fighter at initiative 0 takes to act normally this round."""
    _edition(state)
    f = state.fighter(fid)
    e = Fatigue(id=fid, levels=1, term="short", source=ACT_NORMALLY)
    fatigue_v08(state, f, e)
    why = exhausted_for_act_normally(f)  # not the level that fills the track
    if why:
        raise RulesError(why)
    return e
