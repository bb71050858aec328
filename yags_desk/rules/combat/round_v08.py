"""The 0.8 round, the parts the reducer and the procedures share (RULES 2).

Sources: ``reference/yags-0.8/combat/combat.yags`` (The Combat Sequence:
initiative, declarations, defences and their penalty table, counter strikes,
waits, movement), ``combat/combat-melee.yags`` (Stance; Re-evaluating
Initiative; Free Strikes: counter strikes), ``combat/combat-wounds.yags``
(Shock and Pain: initiative 0 and the fatigue level to act normally).

Nothing here imports the reducer, so the reducer can call these rules.
"""

from __future__ import annotations

from typing import Literal

from yags_desk.rules.combat.events import Fatigue, Initiative
from yags_desk.rules.combat.state import CombatState, FighterState, replace
from yags_desk.rules.errors import RulesError

__all__ = [
    "ACT_NORMALLY",
    "DEFAULT_DEFENCES",
    "EXHAUSTED_RULE",
    "Phase",
    "at_zero",
    "auto_defences",
    "declared_defences",
    "defence_penalty",
    "defence_taken",
    "defends_actively",
    "exhausted_for_act_normally",
    "exhausted_why",
    "fatigue_v08",
    "check_initiative_v08",
    "initiative_v08",
    "stance_of",
    "take_defence",
]

Phase = Literal["fast", "normal", "slow"]

# The Fatigue event's source that marks the level a fighter at initiative 0 takes
# to act normally for the round (RULES 2; combat-wounds.yags, Shock and Pain).
ACT_NORMALLY = "act normally at initiative 0"
# [decision] A fighter who declared no number of defences (or did not declare)
# has one: the usual case, no penalty; 0 would hand every foe a counter strike.
DEFAULT_DEFENCES = 1
# RULES 2 / combat.yags: penalty to all attacks and defences by defences declared.
_DEFENCE_PENALTY = (0, 0, -10, -20, -40, -60, -80)
# [decision] Beyond six defences (Agility + Perception above 12) each one more
# costs a further -20, the table's last step.
_PENALTY_STEP = -20


# Where the rules for an Exhausted 0.8 fighter come from (FighterState.exhausted).
EXHAUSTED_RULE = "(combat-wounds.yags, Fatigue; core.md, Running)"


def exhausted_why(f: FighterState) -> str:
    """"Ann is exhausted (fatigue track full) and must rest": the start of each
    refusal an Exhausted fighter meets."""
    return f"{f.name} is exhausted (fatigue track full) and must rest"


def defence_penalty(defences: int) -> int:
    """Penalty to every attack and defence that round for ``defences`` declared:
    1 -> 0, 2 -> -10, 3 -> -20, 4 -> -40, 5 -> -60, 6 -> -80 (RULES 2)."""
    if defences < len(_DEFENCE_PENALTY):
        return _DEFENCE_PENALTY[max(0, defences)]
    return _DEFENCE_PENALTY[-1] + _PENALTY_STEP * (defences - len(_DEFENCE_PENALTY) + 1)


def auto_defences(state: CombatState, f: FighterState) -> int:
    """The defences an automatic attack declares: one (DEFAULT_DEFENCES), or none for
    a fighter whose maximum, (Agility + Perception) / 2 rounded up, is 0 (RULES 2).
    Declaring one there was refused, and Auto-resolve stopped on the fighter."""
    most = f.derived(state.options).max_defences
    return DEFAULT_DEFENCES if most is None else max(0, min(DEFAULT_DEFENCES, most.total))


def declared_defences(f: FighterState) -> int:
    """How many attackers ``f`` may actively defend against this round."""
    if not f.can_act or f.exhausted:
        return 0  # an Exhausted fighter does not defend (core.md, Running)
    d = f.declaration
    if d is None or d.defences is None:
        # Re-rolling initiative precludes defences (combat-melee.yags).
        return 0 if d is not None and d.action == "reroll_initiative" else DEFAULT_DEFENCES
    return d.defences


def stance_of(f: FighterState) -> str:
    """The declared stance; a prone fighter is prone whatever it declared
    (combat-melee.yags, Stance: prone is a stance forced on you)."""
    if f.has("prone"):
        return "prone"
    return f.declaration.stance if f.declaration is not None else "normal"


def at_zero(f: FighterState) -> bool:
    """Initiative 0: skill rolls halved and every action slow, unless the fighter
    took a fatigue level to act normally this round (RULES 2)."""
    return f.initiative == 0 and not f.acts_normally


def defends_actively(state: CombatState, t: FighterState, attacker_id: str) -> bool:
    """Whether ``t`` meets ``attacker_id``'s attacks with an active defence.

    Each declared defence covers every attack of one attacker (RULES 2).
    [decision] Defences go to fighters in the order they first meet ``t`` this
    round: each fighter ``t`` attacks and each that attacks ``t``. Once all are
    taken, further attackers face the passive defence 15. A surprised fighter
    has no active defence (issue 14; RULES 3.2 describes surprise), nor has an
    Exhausted one, even against an attacker it defended against before the track
    filled (core.md, Running: no defence).
    """
    if not t.acts or t.exhausted:
        return False
    return attacker_id in t.defending or len(t.defending) < declared_defences(t)


def take_defence(t: FighterState, other: str) -> FighterState:
    """``t`` spends one of its defences on ``other`` if it has one left."""
    defending = defence_taken(t, other)
    return t if defending is None else replace(t, defending=defending)


def defence_taken(t: FighterState, other: str) -> tuple[str, ...] | None:
    """``t``'s defences after spending one on ``other`` (take_defence), or None when
    that changes nothing."""
    if other in t.defending or len(t.defending) >= declared_defences(t):
        return None
    return (*t.defending, other)


def initiative_v08(state: CombatState, f: FighterState, e: Initiative) -> FighterState:
    """The reducer's rule for a 0.8 Initiative event: rolled once per combat; a
    natural 1 gives 0; a second roll only after declaring a re-roll, once (RULES 2).
    The fighter with the new initiative and its roll-off die."""
    check_initiative_v08(f, e)
    if f.initiative is None:
        return replace(f, initiative=e.total, tiebreak=e.tiebreak)
    return replace(f, initiative=e.total, rerolled=True, tiebreak=e.tiebreak)


def check_initiative_v08(f: FighterState, e: Initiative) -> None:
    """Raise RulesError (naming the rule) if ``f`` may not take the 0.8 Initiative
    ``e`` now (see initiative_v08)."""
    if e.natural_one and e.total != 0:
        raise RulesError(f"total: a natural 1 sets {f.name}'s initiative to 0, not "
                         f"{e.total} (RULES 2)")
    if e.total < 0:
        raise RulesError(f"total: initiative is never below 0 (RULES 2), not {e.total}")
    if f.initiative is None:
        return
    d = f.declaration
    if d is None or d.action != "reroll_initiative":
        raise RulesError(f"{f.name} already has initiative {f.initiative}: it is rolled once "
                         "per combat; declare a re-roll to roll again (RULES 2)")
    if f.rerolled:
        raise RulesError(f"{f.name} has already re-rolled initiative this round (RULES 2)")


def fatigue_v08(state: CombatState, f: FighterState, e: Fatigue) -> FighterState:
    """Check a fatigue level taken to act normally at initiative 0 and mark the
    round (RULES 2); other fatigue needs no check here."""
    if e.source != ACT_NORMALLY:
        return f
    if state.edition != "0.8":
        raise RulesError("source: acting normally at initiative 0 is a 0.8 rule (RULES 2)")
    if f.initiative != 0:
        raise RulesError(f"{f.name}'s initiative is {f.initiative}, not 0: there is nothing "
                         "to pay a fatigue level for (RULES 2)")
    if f.acts_normally:
        raise RulesError(f"{f.name} already acts normally this round (RULES 2)")
    if e.levels != 1 or e.term != "short":
        raise RulesError("levels: acting normally at initiative 0 costs one level of "
                         "fatigue (RULES 2)")
    if not f.can_act:
        raise RulesError(f"{f.name} is {f.why_not} and cannot act (RULES 2)")
    if f.exhausted:
        raise RulesError(exhausted_for_act_normally(f))
    return replace(f, acts_normally=True)


def exhausted_for_act_normally(f: FighterState) -> str:
    """Why ``f`` may not take a fatigue level to act normally at initiative 0 because
    of its fatigue track, or "" (0.8).

    [decision] RULES 2 does not say whether the level may be the one that fills the
    track. It would leave the fighter Exhausted, bound to rest and unable to act at
    all (combat-wounds.yags, Fatigue), so checks_v08.act_normally, which makes the
    event, refuses it; the reducer refuses it only from a full track, as fights
    saved while a full track still collapsed the fighter may hold such a level."""
    if f.exhausted:
        state_text = "is exhausted"
    elif f.fatigue_short + f.fatigue_long + 1 >= f.fatigue_capacity():
        state_text = "would be exhausted by it"
    else:
        return ""
    return (f"{f.name} {state_text} (fatigue track full) and must rest: no fatigue "
            f"level buys a normal round at initiative 0 (RULES 2) {EXHAUSTED_RULE}")
