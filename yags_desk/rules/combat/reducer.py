"""The pure reducer: ``apply(state, event)`` is the state after ``event``.

It raises :class:`RulesError` naming the rule that forbids an event and never
changes ``state``. Attacks and checks carry their results as effects, so a
log replays to the same state and each event undoes as one step.
"""

from __future__ import annotations

from typing import cast

from yags_desk.rules.combat.attack_v08 import after_attack_changes_v08, check_attack_v08
from yags_desk.rules.combat.declare import check_declaration, with_declared_pair
from yags_desk.rules.combat.due import end_of_round_due
from yags_desk.rules.combat.effects import apply_effects, drop_pending, wound
from yags_desk.rules.combat.events import (
    ActionLost,
    AddCombatant,
    Assist,
    Attack,
    Check,
    ClearCondition,
    Declare,
    Effect,
    EndRound,
    Event,
    Fatigue,
    Initiative,
    MoveRow,
    Override,
    Reaction,
    RemoveCombatant,
    SetCondition,
    SetDarkness,
    SetOption,
    StartingAdvantage,
    Stuns,
    Wound,
)
from yags_desk.rules.combat.fighter_map import FighterMap
from yags_desk.rules.combat.option_change import set_option
from yags_desk.rules.combat.optional import objects
from yags_desk.rules.combat.optional.actions32 import (
    check_manoeuvre,
    free_attack,
    surprised_at_start,
)
from yags_desk.rules.combat.optional.advantage import advantage_after, set_starting
from yags_desk.rules.combat.optional.assist import apply_assist, check_hamper, spend_assists
from yags_desk.rules.combat.optional.harn_declare import check_harn_declaration
from yags_desk.rules.combat.optional.harn_state import set_darkness
from yags_desk.rules.combat.optional.locations import check_location, record_location
from yags_desk.rules.combat.optional.locations_aim import check_aimed_declaration
from yags_desk.rules.combat.optional.moves import move_row
from yags_desk.rules.combat.optional.oops import check_oops, check_oops_declaration
from yags_desk.rules.combat.optional.reactions import reaction_attack, take_reaction
from yags_desk.rules.combat.plan_classic import attack_refusal
from yags_desk.rules.combat.round_v08 import (
    EXHAUSTED_RULE,
    exhausted_why,
    fatigue_v08,
    initiative_v08,
)
from yags_desk.rules.combat.specials_classic import carry_over
from yags_desk.rules.combat.state import (
    V08_BEATEN,
    CombatState,
    FighterState,
    check_name,
    check_rule,
    cleared,
    replace,
)
from yags_desk.rules.errors import RulesError

__all__ = ["apply"]


def _add(state: CombatState, e: AddCombatant) -> CombatState:
    if e.id in state.fighters:
        raise RulesError(f"id: {e.id!r} is already on the board")
    if e.character.edition != state.edition:
        raise RulesError(f"character.edition: {e.name} is a {e.character.edition} character; "
                         f"this encounter is {state.edition}")
    objects.check_add(state, e)  # RULES 3.3 breaking things
    c = e.character
    f = FighterState(e.id, e.name, e.side, e.row, c, minor=e.minor,
                     size_class=e.size_class, thing=e.thing, wounds=c.wounds,
                     stuns=c.stuns, fatigue_short=c.fatigue_short,
                     fatigue_long=c.fatigue_long)
    if c.edition == "0.8" and c.wounds > 6:
        f = replace(f, wounds=6, levels_beyond=c.wounds - 6)
    # RULES 3.2 surprise; replace() keeps only the fields not at default.
    return state._with(replace(surprised_at_start(state, e, f)))


def _override(state: CombatState, f: FighterState, e: Override) -> FighterState:
    limits = {"wounds": f.body_capacity(), "stuns": V08_BEATEN, "row": 99,
              "fatigue_short": f.fatigue_capacity() - f.fatigue_long,
              "fatigue_long": f.fatigue_capacity() - f.fatigue_short, "initiative": 10_000}
    if e.field == "stuns" and state.edition == "classic":
        raise RulesError("field: stuns are a 0.8 rule (RULES 2); classic uses short-term "
                         "fatigue")
    if e.value > limits[e.field]:
        raise RulesError(f"value: {e.field} {e.value} is more than {f.name}'s track holds "
                         f"({limits[e.field]})")
    if e.field == "wounds":
        return replace(f, wounds=e.value, levels_beyond=0)
    if e.field == "stuns":
        return replace(f, stuns=e.value)
    if e.field == "fatigue_short":
        return replace(f, fatigue_short=e.value)
    if e.field == "fatigue_long":
        return replace(f, fatigue_long=e.value)
    if e.field == "row":
        return replace(f, row=e.value)
    return replace(f, initiative=e.value)


def _quiet(f: FighterState, classic: bool) -> bool:
    """Nothing of this round to clear (replace() is costly on a 200-fighter board)."""
    return not (f.declaration or f.attacked or f.countered or f.defended or f.checks_done
                or f.defence is not None or f.defending or f.counter_due
                or f.acts_normally or f.rerolled or f.moved_m or f.strikes
                or (classic and (f.initiative is not None or f.tiebreak))
                or (bool(f.conditions) and any(r is not None for _, r in f.conditions)))


# What a fighter keeps of one round only (cleared at its end).
_ROUND = frozenset({"declaration", "attacked", "countered", "defence", "defended",
                    "checks_done", "defending", "counter_due", "acts_normally", "rerolled",
                    "moved_m", "strikes"})
_ROUND_CLASSIC = _ROUND | {"initiative", "tiebreak"}


def _end_round(state: CombatState) -> CombatState:
    if state.pending:
        p = state.pending[0]
        what = p.describe(state.fighter(p.id).name, state.edition)
        raise RulesError(f"{what} must be rolled or waived before the round ends")
    due = end_of_round_due(state)
    if due:
        p = due[0]
        what = p.describe(state.fighter(p.id).name, state.edition)
        raise RulesError(f"{what} is due at the end of round {state.round}")
    changed: list[FighterState] = []
    still: set[str] = set()  # fighters with something left for the next round
    classic = state.edition == "classic"
    fighters = FighterMap.of(state.fighters)
    # Only fighters changed since the last end of round can hold anything of this
    # round; the map keeps their ids (fighter_map.py), so a long fight with many
    # dead does not visit them all each round (issue 18).
    for fid in list(fighters.touched()):
        f = fighters[fid]
        if _quiet(f, classic):
            continue  # nothing of this round to clear
        changes: dict[str, object] = {}
        if any(r is not None for _, r in f.conditions):  # timed ones count down
            changes["conditions"] = tuple((n, None if r is None else r - 1)
                                          for n, r in f.conditions if r is None or r > 1)
        if f.declaration is not None and f.declaration.action == "rest":
            changes["fatigue_checks"] = 0  # RULES 1.7: the next fatigue roll is 15 again
        # The round's own fields back at their defaults; classic initiative is rolled
        # every round (RULES 1.5).
        f = cleared(f, _ROUND_CLASSIC if classic else _ROUND, **changes)
        if state.edition == "classic":
            f = carry_over(state.fighters[fid], f)  # aimed / prepared (RULES 1.9)
        changed.append(f)
        if not _quiet(f, classic):
            still.add(fid)
    return replace(state, round=state.round + 1,
                   fighters=fighters.updated(changed, touched=still), last_attack=None,
                   last_reaction=None)


def _attack(state: CombatState, e: Attack) -> CombatState:
    a, t = state.fighter(e.attacker), state.fighter(e.defender)
    if not a.can_act:
        raise RulesError(f"{a.name} is {a.why_not} and cannot attack (RULES 1.6)")
    if a.exhausted:  # 0.8: no attack of any kind, no counter strike
        raise RulesError(f"{exhausted_why(a)}: no attack {EXHAUSTED_RULE}")
    if t.removed:
        raise RulesError(f"{t.name} is no longer in the encounter")
    if t.dead:
        raise RulesError(f"{t.name} is already dead")
    if a.id == t.id:
        raise RulesError(f"{a.name} cannot attack itself")
    check_location(state, e)  # RULES 3.2 hit locations
    check_oops(state, e)  # RULES 3.2 Oops!
    if state.edition == "classic" and a.has("prone"):
        raise RulesError(f"{a.name} is prone: standing up takes the attack action "
                         "(RULES 1.6)")
    reacted = reaction_attack(state, e)  # RULES 3.1: a reaction strikes out of turn
    if reacted is not None:
        return _struck(reacted, e)
    if state.edition == "0.8":
        if a.surprised:
            raise RulesError(f"{a.name} is surprised and does not act this round (RULES 2)")
        check_attack_v08(state, e)  # declared attacks, counter strikes, defences (RULES 2)
    else:
        why = attack_refusal(state, a.id)  # aiming, preparing, riding (RULES 1.9, 1.11)
        if why:
            raise RulesError(why)
    if e.hamper is not None:
        check_hamper(state, e)  # RULES 3.1 hamper
    # RULES 3.3 strike recovery: the strike is counted in the same copy (_struck).
    strikes = a.strikes if e.missile else a.strikes + 1
    if e.counter:
        if a.countered and state.edition == "classic":
            raise RulesError(f"{a.name} has already struck back this round (RULES 1.5)")
        if state.edition == "classic" and a.attacked:
            raise RulesError(f"{a.name} has already attacked this round; striking back is "
                             "its attack (RULES 1.5)")
        # Classic: the initiative loser's strike back is its attack for the round.
        a_changes: dict[str, object] = {
            "countered": True, "attacked": a.attacked or state.edition == "classic",
            "strikes": strikes}
    else:
        if a.attacked:
            raise RulesError(f"{a.name} has already attacked this round (RULES 1.5)")
        a_changes = {"attacked": True, "strikes": strikes}
    t_changes: dict[str, object] = {}
    if e.defence_rolled:
        t_changes["defence"] = e.defence_total if e.round_defence is None else e.round_defence
    if e.defence_dice:
        t_changes["defended"] = True
    if state.edition == "0.8":
        # Defences taken, counter strikes owed (read from neither field set above).
        more_a, more_t = after_attack_changes_v08(a, t, e)
        a_changes.update(more_a)
        t_changes.update(more_t)
    # Each fighter's changes in one copy, both fighters in one new state (issue 18).
    a = replace(a, **a_changes)
    if t_changes:
        t = replace(t, **t_changes)
    state = state._with_pair(a, t, last_attack=None if e.counter else (a.id, t.id),
                             last_reaction=None)
    state = spend_assists(state, e)  # RULES 3.1 assist: used by this roll
    return record_location(apply_effects(state, e.effects), e)  # RULES 3.2


def _struck(state: CombatState, e: Attack) -> CombatState:
    """Count a melee strike the attacker made this round (RULES 3.3 strike recovery);
    [decision] a missile shot is no strike. _attack counts its own; this is for a
    reaction strike."""
    if e.missile:
        return state
    a = state.fighter(e.attacker)
    return state._with(replace(a, strikes=a.strikes + 1))


def _lost(f: FighterState, e: ActionLost) -> FighterState:
    """A declared attack that does not happen spends the round's action (RULES 1.5, 2)."""
    if not f.can_act:
        raise RulesError(f"{f.name} is {f.why_not} and cannot act (RULES 1.6)")
    if f.attacked:
        raise RulesError(f"{f.name} has already acted this round (RULES 1.5)")
    return replace(f, attacked=True)


def _check(state: CombatState, e: Check) -> CombatState:
    f = state.fighter(e.id)
    if f.removed:
        raise RulesError(f"{f.name} is no longer in the encounter")
    if f.dead and e.kind != "other":
        raise RulesError(f"{f.name} is dead; no {check_name(e.kind, state.edition)} "
                         f"({check_rule(e.kind, state.edition)})")
    pending = [p for p in state.pending if p.id == f.id and p.kind == e.kind]
    # The check's pending entry goes in the same new state as the fighter (issue 18).
    left = ({"pending": tuple(p for p in state.pending if p is not pending[0])} if pending
            else {})
    changes: dict[str, object] = {"checks_done": (*f.checks_done, e.kind)}  # one copy
    if e.kind == "fatigue":
        changes["fatigue_checks"] = f.fatigue_checks + 1
    if e.kind in ("fatal", "beaten", "fatal_round") and state.edition == "0.8":
        # RULES 2: a good success on the Fatal check fights on; passing the Beaten
        # check or the end-of-round check keeps the fighter on its feet.
        changes["good_success"] = e.passed and (e.kind != "fatal" or "good success" in e.outcome)
    return apply_effects(state._with(replace(f, **changes), **left), e.effects)


def _dying_clock(before: CombatState, after: CombatState) -> CombatState:
    """Start or stop each changed fighter's dying clock (RULES 1.6, RULES 2).

    Derived here rather than carried by an event, so replaying or undoing a log
    gives the same clock. [decision] A fighter already dying keeps the round it
    began dying in when a new Fatal roll leaves it dying again: the minute runs on.
    """
    changed: list[FighterState] = []
    fighters = FighterMap.of(after.fighters)
    # The map knows which fighters it replaced (none: a declaration refused nothing,
    # an option...).
    for f in fighters.replaced_since(before.fighters):
        dying = f.dying
        if dying and f.dying_since is None:
            changed.append(replace(f, dying_since=before.round))
        elif not dying and f.dying_since is not None:
            changed.append(replace(f, dying_since=None))
    if not changed:
        return after
    return replace(after, fighters=fighters.updated(changed))


def apply(state: CombatState, event: Event) -> CombatState:
    """The state after ``event``; raises RulesError (state unchanged) if illegal."""
    after = _apply(state, event)
    if type(event) not in _NEVER_DYING:
        after = _dying_clock(state, after)
    after = advantage_after(state, event, after)  # RULES 3.2 advantage counters
    fm = after.fighters
    (fm if type(fm) is FighterMap else FighterMap.of(fm)).seal()  # counted afresh next
    return after


# Events that change no fighter's wounds, fatigue or conditions, so no dying clock
# (RULES 1.6, 2): a declaration, an initiative roll, an action lost. Over half of a
# long log's events; every state the reducer returns already has each dying
# fighter's clock running (issue 18). By the event's own class: one of a class made
# from these has its clock worked out, which is never wrong.
_NEVER_DYING = frozenset({Declare, Initiative, ActionLost})

# Events about the whole fight or two fighters, not one fighter's own, and the rest.
_WholeFight = AddCombatant | Attack | Check | EndRound | SetOption | SetDarkness | StartingAdvantage
_OneFighter = (RemoveCombatant | Declare | Initiative | Wound | Stuns | Fatigue | SetCondition
               | ClearCondition | Override | ActionLost | MoveRow | Assist | Reaction)
# Event class -> whether it is one of _WholeFight (isinstance asked once per class,
# a class made from one of them included): one dict lookup where isinstance tried
# all seven for each fighter's event (issue 18).
_IS_WHOLE_FIGHT: dict[type, bool] = {}


def _apply_not_one_fighter(state: CombatState, event: _WholeFight) -> CombatState:
    if isinstance(event, Attack):
        if event.free:
            return free_attack(state, event, _attack)  # RULES 3.2 flee
        return _attack(state, event)  # which counts the strike (RULES 3.3)
    if isinstance(event, Check):
        return _check(state, event)
    if isinstance(event, AddCombatant):
        return _add(state, event)
    if isinstance(event, EndRound):
        return _end_round(state)
    if isinstance(event, SetOption):
        return set_option(state, event)  # the options in force from now on (issue 14)
    if isinstance(event, SetDarkness):
        return set_darkness(state, event)  # RULES 3.3
    return set_starting(state, event)  # RULES 3.2 StartingAdvantage


def _apply(state: CombatState, event: Event) -> CombatState:
    whole = _IS_WHOLE_FIGHT.get(type(event))
    if whole is None:
        whole = _IS_WHOLE_FIGHT[type(event)] = isinstance(event, _WholeFight)
    if whole:
        return _apply_not_one_fighter(state, cast(_WholeFight, event))
    event = cast(_OneFighter, event)
    f = state.fighter(event.id)
    if f.removed:
        raise RulesError(f"{f.name} has been removed from the encounter")
    if isinstance(event, RemoveCombatant):
        return drop_pending(state._with(replace(f, removed=True)), f.id)
    if isinstance(event, Declare):
        f = with_declared_pair(state, f, event.style)
        state = state._with(f)
        check_declaration(state, event)
        check_harn_declaration(state, event)  # RULES 3.3 angry strike, feint
        check_manoeuvre(state, event)  # RULES 3.2 flee, charge, defend, assess
        check_oops_declaration(state, event)  # RULES 3.2 Oops! lost move
        check_aimed_declaration(state, event)  # RULES 3.3 aimed attacks
        return state._with(replace(f, declaration=event))
    if isinstance(event, Initiative):
        if not f.can_act:
            raise RulesError(f"{f.name} is {f.why_not} and cannot act (RULES 1.6)")
        if state.edition == "0.8":
            return state._with(initiative_v08(state, f, event))  # with its tiebreak
        if f.surprised:
            raise RulesError(f"{f.name} is surprised and takes no part in this round "
                             "(RULES 1.5)")
        return state._with(replace(f, initiative=event.total, tiebreak=event.tiebreak))
    if isinstance(event, Wound):
        return wound(state, f.id, event.levels)
    if isinstance(event, Stuns):
        return apply_effects(state, (Effect(target=f.id, kind="stuns", amount=event.levels),))
    if isinstance(event, Fatigue):
        state = state._with(fatigue_v08(state, f, event))  # initiative 0 (RULES 2)
        kind = "fatigue_short" if event.term == "short" else "fatigue_long"
        return apply_effects(state, (Effect(target=f.id, kind=kind, amount=event.levels),))
    if isinstance(event, SetCondition):
        return apply_effects(state, (Effect(target=f.id, kind="condition",
                                            name=event.condition, rounds=event.rounds),))
    if isinstance(event, ClearCondition):
        if (state.edition == "0.8" and event.condition.casefold() == "unconscious"
                and not f.has("unconscious")):
            # [decision] A 0.8 fight saved while a full fatigue track still collapsed
            # the fighter may clear that collapse; replayed, the full track leaves
            # it Exhausted and awake (FighterState.exhausted), so the clearing
            # changes nothing rather than stopping the file from loading.
            return state
        if not f.has(event.condition):
            raise RulesError(f"condition: {f.name} is not {event.condition}")
        if event.condition.casefold() == "berserk":
            return state._with(f.calmed())
        if event.condition.casefold() == "disarmed":
            # [decision] the disarmed fighter has picked up what it dropped (RULES 1.9).
            f = replace(f, weapons_state=tuple(
                (w, s) for w, s in f.weapons_state if s != "dropped"))
        f = f.without_condition(event.condition)
        if (event.condition.casefold() == "prone" and state.edition == "classic"
                and f.declaration is not None and f.declaration.action == "stand_up"):
            f = replace(f, attacked=True)  # RULES 1.6: standing up takes the attack action
        return state._with(f)
    if isinstance(event, Override):
        return state._with(_override(state, f, event))
    if isinstance(event, ActionLost):
        return state._with(_lost(f, event))
    if isinstance(event, MoveRow):
        return move_row(state, event)  # RULES 3.1 moving between rows
    if isinstance(event, Assist):
        return apply_assist(state, event)  # RULES 3.1 assist
    if isinstance(event, Reaction):
        return take_reaction(state, event)  # RULES 3.1 reactions
    raise RulesError(f"unknown event {type(event).__name__}")  # pragma: no cover
