"""The Oops! table (RULES 3.2, option "oops"): a d100 on every fumbled attack.

The bands come from the seed's table (003): 01-20 the fumbler hurts itself (one
body level in classic, one wound in 0.8, soak does not count); 21-40 its weapon
is damaged and it acts last next round; 41-60 its next action is at -2 (the
seed's -10, / 5 by RULES 3); 61-70 it loses its next move; 71-80 it misses its
next action; 81-90 a torn muscle (one body level / wound, and the condition
stays until the GM clears it); 91-00 it strikes an ally in reach instead.

The roll, the result and the struck ally are kept on the Attack event; what
follows next round is carried by conditions lasting the rest of this round and
the next [decision: "next" read as "until the end of the next round"], which
the round's rules read (:data:`ACTS_LAST`, :data:`MINUS_TWO`, :data:`NO_MOVE`,
:data:`NO_ACTION`).
"""

from __future__ import annotations

from yags_desk.rules.combat.events import Attack, Declare, Effect
from yags_desk.rules.combat.optional.base import NONE, AttackKind, OptionalMods
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import OPTIONAL_RULES
from yags_desk.rules.words import counted
from yags_desk.rules.wounds import classic_body_levels, v08_levels

__all__ = ["ACTS_LAST", "BANDS", "MINUS_TWO", "NO_ACTION", "NO_MOVE", "TORN", "allies_in_reach",
           "check_oops", "check_oops_declaration", "next_action", "oops_band",
           "oops_sentence", "with_oops"]

ACTS_LAST = "oops: acts last"
MINUS_TWO = "oops: -2 next action"
NO_MOVE = "oops: no move"
NO_ACTION = "oops: misses its action"
TORN = "torn muscle"
_NEXT = 2  # the rest of this round and the next (conditions count down at round ends)

# (highest d100, result, what the log says); 00 counts 100.
BANDS: tuple[tuple[int, str, str], ...] = (
    (20, "self_hurt", "hurts itself: one level, soak does not count"),
    (40, "weapon_jarred", "weapon damaged; acts last next round"),
    (60, "misjudged", "-2 on its next action"),
    (70, "stumble", "loses its next move"),
    (80, "mishandle", "misses its next action"),
    (90, "torn_muscle", "a torn muscle: one level"),
    (100, "hits_ally", "strikes an ally in reach"),
)


def oops_band(roll: int) -> tuple[str, str]:
    """(result, text) of an Oops! d100 (1..100)."""
    if not 1 <= roll <= 100:
        raise RulesError(f"dice.oops: a d100 is 1 to 100 (00 is 100), not {roll}")
    return next((name, text) for top, name, text in BANDS if roll <= top)


def allies_in_reach(state: CombatState, f: FighterState) -> list[FighterState]:
    """The fumbler's side-mates who can be struck: standing in the fight, and with
    the RULES 3.1 board rows on, within one row [decision: melee reach 1]."""
    rows = state.options.uses("board_rows")
    return [g for g in state.active() if g.side == f.side and g.id != f.id and not g.dead
            and (not rows or abs(g.row - f.row) <= 1)]


def _ally_blow(state: CombatState, ally: FighterState, damage: int,
               dice: tuple[int, ...], die_total: int) -> tuple[dict[str, object],
                                                               tuple[Effect, ...]]:
    """The fumbled blow landing on ``ally``: the attack's damage against its soak
    [decision: plain body levels (classic) or wounds (0.8), no size or armour
    adjustment]."""
    soak = ally.derived(state.options).soak.total
    total = damage + die_total
    levels = (classic_body_levels(total - soak) if state.edition == "classic"
              else v08_levels(total, soak))
    effects = (Effect(target=ally.id, kind="wounds", amount=levels),) if levels else ()
    return {"damage_dice": dice, "damage_total": total, "soak": soak, "levels": levels,
            "oops_ally": ally.id}, effects


def with_oops(state: CombatState, e: Attack, roll: int | None, *, damage: int,
              damage_dice: tuple[int, ...], damage_die_total: int,
              weapon: str | None) -> Attack:
    """``e`` with its Oops! result while the option is on and the attack fumbled.

    ``damage``: the attack's damage before its dice, with ``damage_dice`` (their
    total ``damage_die_total``), used when the blow lands on an ally; ``weapon``:
    the weapon a jarring damages. Refused, naming the field, when the d100 is
    missing or outside 1..100.
    """
    if not state.options.uses("oops"):
        return e
    if roll is not None:
        oops_band(roll)
    if not e.attack_fumble:
        return e
    if roll is None:
        raise RulesError(f"dice.oops: {OPTIONAL_RULES['oops']} is on and the attack is "
                         "fumbled; give the Oops! d100 (1 to 100)")
    result, _text = oops_band(roll)
    a = state.fighter(e.attacker)
    update: dict[str, object] = {"oops_roll": roll, "oops": result}
    mine: tuple[Effect, ...] = ()
    struck: tuple[Effect, ...] = ()
    if result == "self_hurt":
        mine = (Effect(target=a.id, kind="wounds", amount=1),)
    elif result == "weapon_jarred":
        mine = (Effect(target=a.id, kind="condition", name=ACTS_LAST, rounds=_NEXT),)
        if weapon:
            mine = (Effect(target=a.id, kind="weapon_damaged", name=weapon), *mine)
    elif result == "misjudged":
        mine = (Effect(target=a.id, kind="condition", name=MINUS_TWO, rounds=_NEXT),)
    elif result == "stumble":
        mine = (Effect(target=a.id, kind="condition", name=NO_MOVE, rounds=_NEXT),)
    elif result == "mishandle":
        mine = (Effect(target=a.id, kind="condition", name=NO_ACTION, rounds=_NEXT),)
    elif result == "torn_muscle":
        mine = (Effect(target=a.id, kind="wounds", amount=1),
                Effect(target=a.id, kind="condition", name=TORN))
    else:
        allies = allies_in_reach(state, a)
        if allies:
            # [decision] the d100 picks the ally too: the (roll - 91) mod n + 1-th
            # ally in roster order, so no further die is needed.
            ally = allies[(roll - 91) % len(allies)]
            blow, struck = _ally_blow(state, ally, damage, damage_dice, damage_die_total)
            update.update(blow)
        else:
            # The seed: with nobody to hit, the fumbler hits itself and is stunned.
            mine = (Effect(target=a.id, kind="condition", name="stunned", rounds=_NEXT),)
    update["effects"] = e.effects + struck + mine
    return e.model_copy(update=update)


def check_oops(state: CombatState, e: Attack) -> None:
    """The reducer's check of an Attack's Oops! result (a hand-made or edited event)."""
    if e.oops is None and e.oops_roll is None:
        if state.fighter(e.attacker).has(NO_ACTION):
            raise RulesError(f"{state.fighter(e.attacker).name} misses this action after an "
                             "Oops! (RULES 3.2)")
        return
    if not state.options.uses("oops"):
        raise RulesError(f"oops: {OPTIONAL_RULES['oops']} is off in this encounter")
    if e.oops_roll is None or e.oops != oops_band(e.oops_roll)[0] or not e.attack_fumble:
        raise RulesError(f"oops: the result does not match the d100 ({e.oops_roll}) of a "
                         "fumble (RULES 3.2)")


def check_oops_declaration(state: CombatState, e: Declare) -> None:
    """A fighter who lost its move after an Oops! may not declare one."""
    if not (e.action == "move" or e.move_m):
        return  # no move declared (most declarations: no fighter to look up, issue 18)
    f = state.fighter(e.id)
    if f.has(NO_MOVE):
        raise RulesError(f"move_m: {f.name} stumbled (Oops!, RULES 3.2) and loses its next "
                         "move")


def next_action(state: CombatState, attacker_id: str, _defender_id: str,
                _kind: AttackKind) -> OptionalMods:
    """RULES 3.2 Oops! 41-60: -2 on the fumbler's next action."""
    if state.fighter(attacker_id).has(MINUS_TWO):
        return OptionalMods(attack=(("RULES 3.2 Oops! misjudged", -2),))
    return NONE


def oops_sentence(e: Attack, state: CombatState) -> str:
    """" Oops! (d100 35): weapon damaged; acts last next round." or ""."""
    if e.oops is None or e.oops_roll is None:
        return ""
    text = oops_band(e.oops_roll)[1]
    if e.oops_ally and e.oops_ally in state.fighters:
        ally = state.fighter(e.oops_ally)
        what = counted(e.levels, "level") if e.levels else "no damage"
        text = (f"strikes {ally.name}: damage {e.damage_total} − soak {e.soak} → {what}")
    elif e.oops == "hits_ally":
        text = "no ally in reach: hits itself in the face and is stunned"
    return f" Oops! (d100 {e.oops_roll}): {text}."
