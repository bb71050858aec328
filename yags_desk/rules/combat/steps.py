"""What must the GM do next? One answer for both editions, read from the state alone.

:func:`next_step` follows the round procedure of the encounter's edition the
way the automatic rounds play it (``procedure_classic.auto_round``,
``procedure_v08.auto_round_v08``), so a board that asks it after every event
walks the GM through the round in the rules' order:

- a check the rules require now (a pending Critical, Fatal or Beaten check,
  a disarm or break roll after the hit) always comes first;
- classic (RULES 1.5): declarations of everyone able to act, then the
  berserk rolls of those who declared it (RULES 1.9), then initiative for all
  but those who wait or rest, then the actions in initiative order with the
  initiative loser's strike back, each mounted rider's riding roll before its
  attack (RULES 1.11);
- 0.8 (RULES 2): initiative (once per combat) for whoever lacks it, then the
  declarations in increasing initiative, then the fast, normal and slow
  actions, each attack followed by the counter strike it earns;
- then the end-of-round checks (fatigue, Fatal, killing blows: ``due``), and
  the end of the round.

:func:`auto_events` resolves one step as the automatic rounds do (nearest
enemy, best style, rolled dice), which is what the board's "auto-resolve" and
its fallback dialogs use. Stepping a round through ``next_step`` and
``auto_events`` gives the same events as the automatic round with the same
random generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from yags_desk.rules.combat import checks_classic, checks_v08
from yags_desk.rules.combat.attack_classic import resolve_attack, roll_dice
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08, roll_dice_v08
from yags_desk.rules.combat.due import first_end_of_round_due
from yags_desk.rules.combat.events import Attack, ClearCondition, Declare, EndRound, Event
from yags_desk.rules.combat.fighter_map import FighterMap
from yags_desk.rules.combat.kill_classic import roll_kill_helpless
from yags_desk.rules.combat.lost import lose_action, lost_reason, reason_text, weapon_gone
from yags_desk.rules.combat.mounted_classic import fall_check, riding_check
from yags_desk.rules.combat.optional.dice import with_option_dice
from yags_desk.rules.combat.optional.harn_nonlethal import nonlethal_check
from yags_desk.rules.combat.optional.moves import (
    closing_declaration,
    declared_move,
    out_of_reach,
)
from yags_desk.rules.combat.optional.oops import NO_ACTION
from yags_desk.rules.combat.order_v08 import next_melee_v08, shoots
from yags_desk.rules.combat.procedure_classic import (
    TIEBREAK_SIDES,
    best_attack_style,
    make_initiative,
    nearest_enemy,
    needs_initiative,
    next_action,
)
from yags_desk.rules.combat.procedure_v08 import (
    action_order,
    best_melee_v08,
    counter_strike_due,
    declaration_order,
)
from yags_desk.rules.combat.procedure_v08 import nearest_enemy as nearest_enemy_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.round_v08 import auto_defences
from yags_desk.rules.combat.specials_classic import berserk_check, break_check, disarm_check
from yags_desk.rules.combat.state import CombatState, FighterState, Pending
from yags_desk.rules.combat.targets import standing_sides
from yags_desk.rules.dice import d20_roll, roll_2d10x, roll_die
from yags_desk.rules.errors import RulesError
from yags_desk.rules.words import counted

__all__ = ["STEP_KINDS", "Step", "StepKind", "auto_declaration", "auto_events", "fight_over",
           "initiative_needed", "next_step", "waiting_for_opponents"]

StepKind = Literal["check", "declare", "initiative", "action", "end_check", "end_round"]
STEP_KINDS: tuple[str, ...] = ("check", "declare", "initiative", "action", "end_check",
                               "end_round")
# An action step: an attack, the classic strike back / 0.8 counter strike, standing up,
# or a declared attack lost because its target is down or gone (logged, lost.py).
ActionKind = Literal["", "attack", "counter", "stand_up", "lost"]
RIDING_TARGET = 10  # RULES 1.11: an easy riding roll [decision in mounted_classic]


@dataclass(frozen=True)
class Step:
    """The next thing the GM has to do.

    ``fighters``: who it concerns, in the order the rules take them (who still
    declares, who still needs initiative, the one acting or checking).
    ``pending``: the check (``check``, ``end_check``). ``action``, ``target``,
    ``style``: the action to resolve; ``phase``: its 0.8 phase (fast, normal,
    slow). ``retarget``: classic, the declared target cannot act any more and
    this standing enemy is the nearest (what an automatic fighter turns to).
    """

    kind: StepKind
    fighters: tuple[str, ...] = ()
    pending: Pending | None = None
    action: ActionKind = ""
    target: str | None = None
    style: str = ""
    phase: str = ""
    retarget: str | None = None

    @property
    def fighter(self) -> str | None:
        return self.fighters[0] if self.fighters else None

    def describe(self, state: CombatState) -> str:
        """A short line for the board's header ("Ann attacks Bo")."""
        def name(fid: str | None) -> str:
            if fid is None:
                return "nobody"
            f = state.fighters.get(fid)
            return f.name if f is not None else fid

        if self.kind in ("check", "end_check") and self.pending is not None:
            return self.pending.describe(name(self.pending.id), state.edition)
        if self.kind == "declare":
            more = len(self.fighters) - 1
            return f"{name(self.fighter)} declares" + (f" ({more} more to go)" if more else "")
        if self.kind == "initiative":
            n = len(self.fighters)
            return f"Initiative for {counted(n, 'fighter')}"
        if self.kind == "action":
            phase = f"{self.phase}: " if self.phase else ""
            if self.action == "stand_up":
                return f"{phase}{name(self.fighter)} stands up"
            if self.action == "lost":
                f = state.fighters.get(self.fighter or "")
                if f is not None and f.exhausted:
                    return (f"{phase}{f.name}'s attack on {name(self.target)} is lost: "
                            f"{f.name} is exhausted and must rest")
                t = state.fighters.get(self.target or "")
                why = reason_text(lost_reason(t) or "") if t is not None else "is gone"
                return (f"{phase}{name(self.fighter)}'s attack on {name(self.target)} is "
                        f"lost: {name(self.target)} {why}")
            verb = "strikes back at" if self.action == "counter" else "attacks"
            if self.action == "counter" and state.edition == "0.8":
                verb = "counter strikes"
            return f"{phase}{name(self.fighter)} {verb} {name(self.target)}"
        return f"End of round {state.round}"


_new = object.__new__
_set = object.__setattr__


def _step(kind: StepKind, fighters: tuple[str, ...] = (), pending: Pending | None = None,
          action: ActionKind = "", target: str | None = None, style: str = "",
          phase: str = "", retarget: str | None = None) -> Step:
    """``Step(...)`` made without the frozen dataclass's __init__, which sets each of
    the eight fields through object.__setattr__: next_step makes one at every step
    of a round (issue 18). The same object: the fields in the instance's __dict__,
    as __init__ leaves them (test_steps compares the two)."""
    step: Step = _new(Step)
    _set(step, "__dict__", {"kind": kind, "fighters": fighters, "pending": pending,
                            "action": action, "target": target, "style": style,
                            "phase": phase, "retarget": retarget})
    return step


def initiative_needed(state: CombatState) -> list[str]:
    """Who still rolls initiative now: classic, every round those who act but do
    not wait or rest (RULES 1.5); 0.8, once per combat, whoever can act lacks it
    (RULES 2) [decision: a surprised 0.8 fighter rolls too, as the number lasts
    the whole combat]."""
    if state.edition == "classic":
        return [f.id for f in state.active() if needs_initiative(f)]
    return [f.id for f in state.active() if f.can_act and f.initiative is None]


def waiting_for_opponents(state: CombatState) -> bool:
    """True while the roster (those not removed) holds fewer than two sides: there
    is nobody to fight yet, which is not the end of a fight."""
    # RULES 3.3: an object on the board is no side to fight.
    return len({f.side for f in state.active() if f.thing is None}) < 2


def fight_over(state: CombatState) -> bool:
    """True when the roster holds two sides or more and fewer than two of them
    still have a fighter able to act."""
    return (not waiting_for_opponents(state)
            and len({f.side for f in state.active() if f.can_act}) < 2)


# -- classic ----------------------------------------------------------------------------


def _riding_due(f: FighterState) -> bool:
    return (f.has("mounted") and f.character.skill("Riding") < 100
            and "riding" not in f.checks_done and not f.has("lost_attack"))


def _berserk_due(f: FighterState) -> bool:
    d = f.declaration
    return (d is not None and d.special == "berserk" and not f.berserk_total
            and "berserk" not in f.checks_done and f.acts)


def _undeclared(f: FighterState) -> bool:
    # A surprised fighter does nothing. The declaration first: ``acts`` is worked out
    # afresh for each new version of a fighter, while after the declarations nobody
    # lacks one (issue 18).
    return f.declaration is None and f.acts


_CLASSIC_TESTS = (_undeclared, _berserk_due, needs_initiative)


def _board_order(fm: FighterMap, ids: set[str]) -> tuple[str, ...]:
    return tuple(sorted(ids, key=fm.position)) if len(ids) > 1 else tuple(ids)


class _Lacking:
    """For each of the edition's tests (``_CLASSIC_TESTS``, ``_V08_TESTS``), the ids
    of the fighters passing it, kept as fighters change (FighterMap.index): who
    still declares, goes berserk or rolls initiative (classic), or rolls
    initiative, declares or has declared a shot (0.8). next_step asks at every step
    of a round; a scan of every fighter for each was most of its time (issue 18).

    The fighters changed since the last question are tested again when it comes.
    [decision, issue 18] One with a declaration and an initiative, whose
    declaration is no berserk attack (classic) or no shot (0.8), passes none of
    the tests (each asks for a missing declaration or initiative, or for such a
    declaration), so it is not asked them: most fighters of most steps. Another
    is asked only the tests whose first condition it meets. The tests
    (test_step_indexes) compare the sets with each test over every fighter."""

    def __init__(self, fm: FighterMap, classic: bool) -> None:
        self.classic = classic
        self.mark = fm.mark()
        self.sets: tuple[set[str], set[str], set[str]] = (set(), set(), set())
        self._take(fm.values())

    def _take(self, fighters: Iterable[FighterState]) -> None:
        a, b, c = self.sets
        classic = self.classic
        for f in fighters:
            fid = f.id
            d = f.declaration
            no_initiative = f.initiative is None
            if d is not None and not no_initiative and (
                    d.special != "berserk" if classic else d.action != "missile"):
                if a or b or c:  # in none of them (see the class)
                    a.discard(fid)
                    b.discard(fid)
                    c.discard(fid)
                continue
            # Each test asked only when its first condition holds (issue 18).
            if classic:  # _undeclared, _berserk_due, needs_initiative
                in_a = d is None and _undeclared(f)
                in_b = d is not None and d.special == "berserk" and _berserk_due(f)
                in_c = no_initiative and needs_initiative(f)
            else:  # _lacks_initiative, _undeclared, shoots
                in_a = no_initiative and _lacks_initiative(f)
                in_b = d is None and _undeclared(f)
                in_c = d is not None and d.action == "missile"
            for holds, ids in ((in_a, a), (in_b, b), (in_c, c)):
                if holds:
                    ids.add(fid)
                else:
                    ids.discard(fid)

    def current(self, fm: FighterMap) -> tuple[set[str], set[str], set[str]]:
        """The sets in ``fm`` (the map holding this index), changes taken in."""
        changed = fm.changed_now(self)
        if changed is None:
            self.__init__(fm, self.classic)  # type: ignore[misc]  # read too long ago
        elif changed:
            self._take(changed)
        return self.sets


def _classic_lacking(fm: FighterMap) -> _Lacking:
    return _Lacking(fm, True)


def _v08_lacking(fm: FighterMap) -> _Lacking:
    return _Lacking(fm, False)


def _lacking(fm: FighterMap, classic: bool) -> tuple[set[str], set[str], set[str]]:
    """The _Lacking sets of ``fm``, for its edition's tests in order."""
    if classic:
        return fm.index("steps:classic", _classic_lacking).current(fm)
    return fm.index("steps:0.8", _v08_lacking).current(fm)


def _lacking_sets(state: CombatState) -> tuple[set[str], set[str], set[str]]:
    """The _Lacking sets of ``state`` (its edition's tests, in order)."""
    return _lacking(FighterMap.of(state.fighters), state.edition == "classic")


def _classic_step(state: CombatState) -> Step | None:
    # Who declares, goes berserk or rolls initiative comes from an index the fighters
    # keep (_Lacking), not from a scan of everyone at every step (issue 18).
    fm = FighterMap.of(state.fighters)
    undeclared, berserk, need = _lacking(fm, True)
    if undeclared:
        return _step("declare", _board_order(fm, undeclared))
    if berserk:
        # RULES 1.9: going berserk changes initiative, so it is rolled first.
        fid = min(berserk, key=fm.position)
        return _step("check", (fid,), Pending(fid, "berserk", 15))
    if need:
        return _step("initiative", _board_order(fm, need))
    act = next_action(state)
    if act is None:
        return None
    f = state.fighter(act.fighter)
    if act.kind not in ("stand_up", "lost") and f.conditions and _riding_due(f):
        # RULES 1.11: a rider under 100% rolls before the attack (mounted: a condition).
        return _step("check", (f.id,), Pending(f.id, "riding", RIDING_TARGET))
    kind: ActionKind = ("stand_up" if act.kind == "stand_up" else "lost" if act.kind == "lost"
                        else "counter" if act.kind == "counter" else "attack")
    retarget = None
    if (kind == "attack" and act.target is not None
            and not state.fighter(act.target).can_act  # fallen asks it first
            and state.fighter(act.target).fallen):
        foe = nearest_enemy(state, f)
        # RULES 3.1: with board rows, only a foe the strike can reach (auto_round).
        retarget = foe.id if foe is not None and not out_of_reach(state, f, foe) else None
    return _step("action", (f.id,), action=kind, target=act.target, style=act.style,
                retarget=retarget)


# -- 0.8 --------------------------------------------------------------------------------


def _lacks_initiative(f: FighterState) -> bool:
    return f.can_act and f.initiative is None


_V08_TESTS = (_lacks_initiative, _undeclared, shoots)


def _has_foe(sides: set[str], side: str) -> bool:
    """Whether a side other than ``side`` is among ``sides`` (standing_sides)."""
    return len(sides) > 1 or (bool(sides) and side not in sides)


def _v08_step(state: CombatState) -> Step | None:
    fm = FighterMap.of(state.fighters)
    lacking, undeclared_ids, shooting = _lacking(fm, False)
    if lacking:
        return _step("initiative", _board_order(fm, lacking))
    # [decision] Only a fighter with a standing enemy must declare (as the automatic
    # round does); one with nobody to fight may still be given a declaration.
    if undeclared_ids:  # none: no need to rank everyone
        # Whether nearest_enemy_v08 finds anyone, from the sides still standing
        # (targets.standing_sides), not a search for each fighter (issue 18).
        sides = standing_sides(state)
        undeclared = tuple(fid for fid in declaration_order(state)
                           if fid in undeclared_ids
                           and _has_foe(sides, state.fighter(fid).side))
        if undeclared:
            return _step("declare", undeclared)
    if state.last_attack is not None:
        attacker, target = state.last_attack
        if counter_strike_due(state, target, attacker):
            return _step("action", (target,), action="counter", target=attacker,
                        style=_counter_style(state, state.fighter(target)), phase="")
    # [decision] The order is worked out again after every action, so a fighter
    # slowed during the round (knocked prone, say) acts in its new phase.
    answered, melee = next_melee_v08(state, bool(shooting))  # kept in order (order_v08)
    for phase, fid in (action_order(state) if not answered
                       else [(melee[0], melee[1].id)] if melee else []):
        f = state.fighter(fid)
        d = f.declaration
        if (d is None or d.action not in ("attack", "missile") or d.target is None
                or not f.acts or f.attacked):
            continue
        if (not state.fighter(d.target).can_act or f.has(NO_ACTION)  # or RULES 3.2 Oops!
                or weapon_gone(state, f, d.style)  # or its weapon was dropped
                or f.exhausted):  # or its track filled since (combat-wounds.yags)
            # [decision, auto_round_v08] the target has fallen: the action is lost (logged)
            return _step("action", (fid,), action="lost", target=d.target, style=d.style,
                        phase=phase)
        return _step("action", (fid,), action="attack", target=d.target, style=d.style,
                    phase=phase)
    return None


def _counter_style(state: CombatState, f: FighterState) -> str:
    d = f.declaration
    return d.style if d is not None and d.action == "attack" else ""


# -- both -------------------------------------------------------------------------------


def next_step(state: CombatState) -> Step:
    """The next thing the rules require of the GM in ``state``."""
    if state.pending:
        p = state.pending[0]
        return _step("check", (p.id,), p)
    step = _classic_step(state) if state.edition == "classic" else _v08_step(state)
    if step is not None:
        return step
    due = first_end_of_round_due(state)  # not the whole list: one step each (issue 18)
    if due is not None:
        return _step("end_check", (due.id,), due)
    return _step("end_round")


def auto_declaration(state: CombatState, fid: str) -> Declare | None:
    """What an automatic fighter declares (procedure_classic / procedure_v08):
    attack the nearest standing enemy with its best melee style (0.8: one
    defence; rest when Exhausted, combat-wounds.yags, Fatigue); classic: stand up
    when prone, wait with nobody to fight."""
    f = state.fighter(fid)
    if state.edition == "classic":
        if f.has("prone"):
            return Declare(id=fid, action="stand_up")
        foe = nearest_enemy(state, f)
        style = best_attack_style(state, f)
        if foe is None or style is None:
            return Declare(id=fid, action="wait")
        return closing_declaration(state, f, foe, Declare(  # RULES 3.1 rows
            id=fid, action="attack", target=foe.id, style=style.label))
    target = nearest_enemy_v08(state, fid)
    if target is None:
        return None
    if f.exhausted:  # an attack would be refused (declare.exhausted_refusal)
        return Declare(id=fid, action="rest")
    best = best_melee_v08(state, f)  # with its weapons in hand
    if best is None:
        return None
    return closing_declaration(state, f, target, Declare(  # RULES 3.1 rows
        id=fid, action="attack", target=target.id, style=best,
        defences=auto_defences(state, f)))


def _check_events(state: CombatState, p: Pending, rng: random.Random) -> Event:
    if p.kind == "nonlethal":  # RULES 3.3, both editions
        return nonlethal_check(state, p, roll_2d10x(rng) if state.edition == "classic"
                               else d20_roll(rng))
    if state.edition == "0.8":
        return checks_v08.resolve_check(state, p, d20_roll(rng))
    if p.kind == "killing_blow":
        return roll_kill_helpless(state, p.id, rng)
    if p.kind == "berserk":
        return berserk_check(state, p.id, roll_2d10x(rng))
    if p.kind == "riding":
        return riding_check(state, p.id, roll_2d10x(rng))
    if p.kind == "disarm":
        return disarm_check(state, p.id, roll_2d10x(rng), roll_2d10x(rng))
    if p.kind == "break_weapon":
        return break_check(state, p.id, roll_2d10x(rng))
    if p.kind == "fall":
        return fall_check(state, p.id, roll_2d10x(rng), roll_2d10x(rng))
    return checks_classic.resolve_check(state, p, roll_2d10x(rng))


def auto_events(state: CombatState, step: Step, rng: random.Random,
                states: list[CombatState] | None = None) -> list[Event]:
    """Resolve ``step`` as the automatic rounds do, rolling with ``rng``.

    A declare step declares for every fighter it names; an initiative step
    rolls for all of them; a classic attack on a target that cannot act turns
    to the nearest standing enemy first (a new declaration, then the attack is
    the next step). Raises RulesError if the engine refuses.

    ``states``: the states after the first events, one per event, are added to it
    where they were worked out here (a declare step applies each declaration
    before the next fighter declares), for the log to take (CombatLog.push's
    ``known``) instead of applying them again.
    """
    kind = step.kind
    if kind == "action":  # most steps of a round: asked first (issue 18)
        return _action_events(state, step, rng)
    if kind in ("check", "end_check"):
        assert step.pending is not None
        return [_check_events(state, step.pending, rng)]
    if kind == "end_round":
        return [EndRound()]
    out: list[Event] = []
    if kind == "declare":
        # One after the other, as the automatic rounds declare: each fighter sees the
        # attacks declared before it (targets.spread_target spreads them).
        for fid in step.fighters:
            decl = auto_declaration(state, fid)
            if decl is not None:
                state = apply(state, decl)
                out.append(decl)
                if states is not None:
                    states.append(state)
                move = declared_move(state, fid)  # closing in (RULES 3.1 rows)
                if move is not None:
                    state = apply(state, move)
                    out.append(move)
                    if states is not None:
                        states.append(state)
        return out
    if kind == "initiative":
        classic = state.edition == "classic"
        for fid in step.fighters:
            if classic:
                out.append(make_initiative(state, fid, roll_2d10x(rng),
                                           roll_die(rng, TIEBREAK_SIDES)))
            else:
                out.append(checks_v08.roll_initiative_v08(state, fid, d20_roll(rng)))
        return out
    return _action_events(state, step, rng)  # raises: the step names no fighter


def _action_events(state: CombatState, step: Step, rng: random.Random) -> list[Event]:
    fighters, action, target = step.fighters, step.action, step.target
    if not fighters or (action != "stand_up" and target is None):
        raise RulesError("the step names no fighter to act")
    actor = fighters[0]
    f = state.fighter(actor)
    if action == "stand_up":
        return [ClearCondition(id=actor, condition="prone")]
    if action == "lost":
        return [lose_action(state, actor)]
    assert target is not None
    if state.edition == "classic":
        if step.retarget is not None and f.declaration is not None:
            return [f.declaration.model_copy(update={"target": step.retarget})]
        t = state.fighter(target)
        defending = t.can_act and t.defence is None
        e: Attack = resolve_attack(state, actor, t.id, step.style, with_option_dice(
            state, rng, roll_dice(rng, defending)))
        if action == "counter":
            e = e.model_copy(update={"counter": True})
        return [e]
    if action == "counter":
        return [resolve_attack_v08(state, actor, target, with_option_dice(
            state, rng, roll_dice_v08(rng)), counter=True)]
    d = f.declaration
    close = len(d.close) if d is not None else 0
    return [resolve_attack_v08(state, actor, target, with_option_dice(
        state, rng, roll_dice_v08(rng, close=close)))]
