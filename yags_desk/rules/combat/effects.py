"""Applying one change to a fighter, and the checks a change makes necessary.

Wounds that reach Critical or Fatal, or stuns that reach Beaten, add a
:class:`Pending` check to the state (RULES 1.6, RULES 2); the round cannot
end until it is rolled or waived.
"""

from __future__ import annotations

from yags_desk.rules.combat.events import Effect
from yags_desk.rules.combat.optional import objects
from yags_desk.rules.combat.state import (
    CHECK_RULES,
    V08_BEATEN,
    V08_FATAL,
    CombatState,
    FighterState,
    Pending,
    replace,
)
from yags_desk.rules.errors import RulesError
from yags_desk.rules.wounds import add_stuns, classic_fatal_fumble_chance, v08_fatal_target

__all__ = ["CRITICAL_TARGET", "FATAL_TARGET", "apply_effect", "apply_effects", "drop_pending",
           "wound"]

CRITICAL_TARGET = 20  # RULES 1.6: stamina roll 20+ on reaching Critical
CRITICAL_FUMBLE = 5
FATAL_TARGET = 20
_ORDER = ("Unhurt", "Hurt", "Light", "Medium", "Serious", "Critical", "Fatal")


def drop_pending(state: CombatState, fid: str, kinds: tuple[str, ...] = ()) -> CombatState:
    """Remove ``fid``'s pending checks (of ``kinds``, or all)."""
    keep = tuple(p for p in state.pending
                 if p.id != fid or (kinds and p.kind not in kinds))
    return replace(state, pending=keep)


def _add_pending(state: CombatState, p: Pending) -> CombatState:
    if state.fighter(p.id).dead:
        return state  # the dead roll nothing (a GM's wound to a corpse calls for no check)
    # drop_pending(state, p.id, (p.kind,)) and the new check, in one copy
    keep = tuple(q for q in state.pending if q.id != p.id or q.kind != p.kind)
    return replace(state, pending=(*keep, p))


def _wound_classic(state: CombatState, f: FighterState, levels: int) -> CombatState:
    cap = f.body_capacity()
    was_fatal, was = f.at_fatal(), _ORDER.index(f.wound_category())
    total = f.wounds + levels
    changes: dict[str, object] = {"wounds": min(cap, total),
                                   "levels_beyond": f.levels_beyond + max(0, total - cap)}
    if total >= cap and not was_fatal:  # at_fatal() after the blow (cap stays)
        changes["fatal_round"] = state.round  # in the same copy (issue 18)
    f = replace(f, **changes)
    if f.at_fatal():
        # RULES 1.6: reaching Fatal (or any new wound while Fatal, or levels
        # beyond it): the Fatal roll, fumble chance 5 or 10, +2 per level beyond.
        state = state._with(f)
        state = drop_pending(state, f.id, ("critical",))
        return _add_pending(state, Pending(
            f.id, "fatal", FATAL_TARGET,
            classic_fatal_fumble_chance(levels, f.levels_beyond), blow=levels))
    state = state._with(f)
    now = _ORDER.index(f.wound_category())
    critical = _ORDER.index("Critical")
    if was < critical <= now:
        if f.minor and state.options.minor_npcs_drop_at_critical:
            return state._with(f.with_condition("unconscious", None))
        return _add_pending(state, Pending(f.id, "critical", CRITICAL_TARGET,
                                           CRITICAL_FUMBLE, blow=levels))
    return state


def _wound_v08(state: CombatState, f: FighterState, levels: int) -> CombatState:
    total = f.wounds + f.levels_beyond + levels
    was_fatal = f.wounds >= V08_FATAL
    changes: dict[str, object] = {"wounds": min(V08_FATAL, total),
                                   "levels_beyond": max(0, total - V08_FATAL)}
    if total < V08_FATAL:
        return state._with(replace(f, **changes))
    if not was_fatal:
        changes["fatal_round"] = state.round
    changes["good_success"] = False  # all in one copy (issue 18)
    # RULES 2: Health check against 20 + 5 per wound beyond 6; a natural 1 fumbles.
    f = replace(f, **changes)
    state = state._with(f)
    return _add_pending(state, Pending(f.id, "fatal", v08_fatal_target(total), 1,
                                       blow=levels))


def _fatigue(state: CombatState, f: FighterState, levels: int, term: str) -> CombatState:
    room = f.fatigue_capacity() - f.fatigue_short - f.fatigue_long
    take = min(room, levels)
    f = (replace(f, fatigue_short=f.fatigue_short + take) if term == "short"
         else replace(f, fatigue_long=f.fatigue_long + take))
    if (take < levels or room == take) and state.edition == "classic":
        # RULES 1.7 [decision]: a full fatigue track collapses the fighter.
        f = f.with_condition("unconscious", None)
    # 0.8: a full track leaves the fighter Exhausted, awake but bound to rest
    # (combat-wounds.yags, Fatigue; core.md, Running): FighterState.exhausted.
    # [decision] Fatigue past the full track is dropped, as in classic; the
    # reference's turning of a level of fatigue into exhaustion is not modelled.
    return state._with(f)


def _stuns(state: CombatState, f: FighterState, blow: int,
           cumulative: bool = False) -> CombatState:
    if state.edition == "classic":
        raise RulesError("stuns are a 0.8 rule (RULES 2); classic stuns add short-term "
                         "fatigue (RULES 1.6)")
    before = f.stuns
    # RULES 2: mixed damage's stuns add up; a blow of stuns replaces, adds one or not.
    stuns = min(V08_BEATEN, f.stuns + blow) if cumulative else add_stuns(f.stuns, blow)
    f = replace(f, stuns=stuns)
    if f.stuns >= V08_BEATEN > before and f.fatal_round is None:
        # Fighting on while Beaten: the end-of-round check starts the next round, as
        # for Fatal (due.py).
        f = replace(f, fatal_round=state.round)
    state = state._with(f)
    if f.stuns >= V08_BEATEN > before and not f.dead:
        # RULES 2: Beaten calls for the Health check as for wounds [decision: 20].
        return _add_pending(state, Pending(f.id, "beaten", FATAL_TARGET, 1, blow=blow))
    return state


def _weapon(f: FighterState, weapon: str, condition: str) -> FighterState:
    kept = tuple((w, s) for w, s in f.weapons_state if w != weapon)
    return replace(f, weapons_state=(*kept, (weapon, condition)))


def wound(state: CombatState, fid: str, levels: int) -> CombatState:
    """``levels`` body levels (classic) or wounds (0.8) to ``fid``."""
    f = state.fighter(fid)
    state = _wound_classic(state, f, levels) if state.edition == "classic" else _wound_v08(
        state, f, levels)
    return drop_pending(state, fid) if f.dead else state  # the dead roll nothing


def apply_effect(state: CombatState, e: Effect) -> CombatState:
    f = state.fighter(e.target)
    if f.removed:
        raise RulesError(f"{f.name} is no longer in the encounter")
    if e.kind == "wounds":
        return wound(state, f.id, e.amount) if e.amount else state
    if e.kind in ("stuns", "stuns_add"):
        return _stuns(state, f, e.amount, e.kind == "stuns_add") if e.amount else state
    if e.kind in ("fatigue_short", "fatigue_long"):
        term = "short" if e.kind == "fatigue_short" else "long"
        return _fatigue(state, f, e.amount, term) if e.amount else state
    if e.kind == "condition":
        if not e.name:
            raise RulesError("effect.name: a condition needs a name")
        if e.name.casefold() == "dead":
            # RULES 1.6: death ends the dying; the dead roll nothing more.
            state = state._with(f.with_condition(e.name, e.rounds).without_condition("dying"))
            return drop_pending(state, f.id)
        return state._with(f.with_condition(e.name, e.rounds))
    if e.kind == "clear":
        return state._with(f.without_condition(e.name))
    if e.kind == "berserk":
        if f.berserk_total:
            raise RulesError(f"{f.name} is already berserk (RULES 1.9)")
        return state._with(replace(f, berserk_total=e.amount).with_condition("berserk", None))
    if e.kind == "calm":
        return state._with(f.calmed())
    if e.kind == "check":
        if e.name not in CHECK_RULES:
            raise RulesError(f"effect.name: {e.name!r} is not a check")
        return _add_pending(state, Pending(f.id, e.name, 0, 0, against=e.against or "",
                                           amount=e.amount))
    if e.kind == "damage_points":  # RULES 3.3 breaking things
        return objects.take_points(state, f, e.amount)
    if e.kind == "first_aid":
        return state._with(replace(f, tended=True).without_condition("dying"))
    if e.kind == "heal":
        # RULES 2 (combat-wounds.yags, First aid): levels healed, never below none.
        if e.name == "wounds":
            return state._with(replace(f, wounds=max(0, f.wounds - e.amount)))
        if e.name == "stuns":
            return state._with(replace(f, stuns=max(0, f.stuns - e.amount)))
        raise RulesError(f"effect.name: heal wounds or stuns, not {e.name!r}")
    condition = {"weapon_damaged": "damaged", "weapon_broken": "broken",
                 "weapon_dropped": "dropped"}[e.kind]
    return state._with(_weapon(f, e.name, condition))


def apply_effects(state: CombatState, effects: tuple[Effect, ...]) -> CombatState:
    for e in effects:
        state = apply_effect(state, e)
    return state

