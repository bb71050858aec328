"""RULES 3.1, option "assist_hamper": helping an ally, hindering an enemy.

- **Assist** (an :class:`Assist` event, the helper's action for the round): an
  ally within 1 row; the helper's best attack + its dice against 15 gives the
  ally +5 on one roll it chooses (attack or defence **[decision]**: the rolls a
  fight in these editions makes), +5 more per full 15 above 15. The bonus waits
  on the ally as the condition "assisted attack +N" (or defence) and is spent by
  its next such roll (a defence one by the next attack on the ally, rolled or
  passive), or lapses at the end of the next round **[decision]**.
- **Hamper**: a strike at range 1 that does no damage (an :class:`Attack` with
  ``hamper`` set, resolved by the edition's attack procedure and turned by
  :func:`as_hamper`): with a margin of 10 or more it either delays the target
  (its next action slow, classic: it loses initiative next round; see
  :mod:`optional.delay`) or
  gives -5 per full 10 of margin on one roll (condition "hampered attack -N" or
  defence) until the end of the next round.

:func:`boost_mods` is the provider reading those conditions for the attack
procedures, the odds and the attack dialog.
"""

from __future__ import annotations

from dataclasses import replace

from yags_desk.rules.combat.events import Assist, Attack, Effect
from yags_desk.rules.combat.optional.base import (
    DODGED_CONDITION,
    NONE,
    AttackKind,
    Mod,
    OptionalMods,
)
from yags_desk.rules.combat.optional.delay import HAMPER, delay
from yags_desk.rules.combat.round_v08 import EXHAUSTED_RULE, exhausted_why
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.errors import RulesError

__all__ = ["ASSIST_TARGET", "LASTS", "OPTION", "apply_assist", "as_hamper",
           "assist_bonus", "assist_text", "attack_value", "boost_mods", "check_hamper",
           "hamper_penalty", "make_assist", "spend_assists"]

OPTION = "assist_hamper"
RULE = "RULES 3.1"
ASSIST_TARGET = 15
LASTS = 2  # rounds: this one and the next
_ROLLS = ("attack", "defence")


def assist_bonus(total: int) -> int:
    """+5 for reaching 15, +5 more per full 15 above it; 0 below 15."""
    return 0 if total < ASSIST_TARGET else 5 + 5 * ((total - ASSIST_TARGET) // 15)


def hamper_penalty(margin: int) -> int:
    """-5 per full 10 of margin (0 below 10)."""
    return -5 * (margin // 10) if margin >= 10 else 0


def _needs_option(state: CombatState, what: str) -> None:
    if not state.options.uses(OPTION):
        raise RulesError(f"{what} is an optional rule: switch on \"Assist and hamper\" "
                         f"({RULE})")


def _boost(f: FighterState, prefix: str) -> int:
    """The amount of ``f``'s condition "<prefix> +N" / "-N" (0 when none)."""
    for name, _ in f.conditions:
        if name.startswith(prefix + " "):
            try:
                return int(name[len(prefix) + 1:])
            except ValueError:  # a condition the GM typed by hand
                continue
    return 0


def boost_mods(state: CombatState, attacker_id: str, defender_id: str,
               kind: AttackKind) -> OptionalMods:
    a, t = state.fighter(attacker_id), state.fighter(defender_id)
    attack: list[Mod] = []
    defence: list[Mod] = []
    for part, f, out in (("attack", a, attack), ("defence", t, defence)):
        for what, label in (("assisted", "assist"), ("hampered", "hamper")):
            n = _boost(f, f"{what} {part}")
            if n:
                out.append((f"{RULE} {label} ({f.name})", n))
    if not attack and not defence:
        return NONE
    return OptionalMods(attack=tuple(attack), defence=tuple(defence))


def apply_assist(state: CombatState, e: Assist) -> CombatState:
    """The state after an Assist, or RulesError naming the rule."""
    _needs_option(state, "Assist")
    f, ally = state.fighter(e.id), state.fighter(e.ally)
    if ally.id == f.id:
        raise RulesError(f"ally: {f.name} cannot assist itself ({RULE} assist)")
    if ally.side != f.side:
        raise RulesError(f"ally: {ally.name} is an enemy of {f.name}; assist helps an ally "
                         f"({RULE} assist)")
    if ally.removed or ally.dead:
        raise RulesError(f"ally: {ally.name} is {ally.why_not if ally.removed else 'dead'}")
    if abs(ally.row - f.row) > 1:
        raise RulesError(f"ally: {ally.name} is {abs(ally.row - f.row)} rows from {f.name}; "
                         f"assist reaches an ally within 1 row ({RULE} assist)")
    if not f.acts:
        raise RulesError(f"{f.name} cannot act this round and cannot assist")
    if f.exhausted:  # 0.8: it must rest; assisting is an action (core.md, Running)
        raise RulesError(f"{exhausted_why(f)}: no assist {EXHAUSTED_RULE}")
    if f.attacked:
        raise RulesError(f"{f.name} has already acted this round; assisting is its action "
                         f"({RULE} assist)")
    state = state._with(replace(f, attacked=True))
    bonus = assist_bonus(e.total)
    if not bonus:
        return state
    ally = state.fighter(e.ally)
    name = f"assisted {e.roll}"
    bonus += max(0, _boost(ally, name))  # a second helper adds to the first [decision]
    kept = tuple((n, r) for n, r in ally.conditions if not n.startswith(name + " "))
    ally = replace(ally, conditions=kept).with_condition(f"{name} +{bonus}", LASTS)
    return state._with(ally)


def spend_assists(state: CombatState, e: Attack) -> CombatState:
    """An attack spends the attacker's attack assist and the defender's defence
    assist (the "next roll" of RULES 3.1). [decision] The defence assist goes with
    the next attack against the ally whether it rolls its defence or not: the
    bonus also raises a passive 15 or a defence standing for the round, so it is
    used there too."""
    for fid, part in ((e.attacker, "attack"), (e.defender, "defence")):
        f = state.fighter(fid)
        if f.conditions and _boost(f, f"assisted {part}"):  # a boost is a condition
            kept = tuple((n, r) for n, r in f.conditions
                         if not n.startswith(f"assisted {part} "))
            state = state._with(replace(f, conditions=kept))
    return state


def as_hamper(state: CombatState, e: Attack, choice: str) -> Attack:
    """The hamper made of a strike ``e`` resolved in ``state``: no damage; with a
    margin of 10+ the target is delayed (``choice`` "delay": its next action slow)
    or takes -5 per full 10 on its "attack" or "defence" until the end of the
    next round."""
    if choice not in ("delay", *_ROLLS):
        raise RulesError(f"hamper: choose delay, attack or defence, not {choice!r} ({RULE})")
    margin = e.attack_total - e.defence_total if e.hit else 0
    # The strike's RULES 3.3 dodging bookkeeping stays: a hamper spends the
    # hamperer's dodge penalty, and a target that dodged it carries one.
    dodging = tuple(x for x in e.effects if x.name == DODGED_CONDITION
                    and x.kind in ("clear", "condition"))
    effects: tuple[Effect, ...] = ()
    outcome = "hamper: no effect (margin under 10)"
    if margin >= 10:
        if choice == "delay":
            name, rounds = delay(state, state.fighter(e.defender), HAMPER)
            effects = (Effect(target=e.defender, kind="condition", name=name, rounds=rounds),)
            outcome = "hamper: delayed, its next action slow"
        else:
            n = hamper_penalty(margin)
            effects = (Effect(target=e.defender, kind="condition",
                              name=f"hampered {choice} {n}", rounds=LASTS),)
            outcome = f"hamper: {choice} {n} until the end of next round"
    return e.model_copy(update={
        "hamper": choice, "effects": dodging + effects, "damage_dice": (), "damage_total": 0,
        "soak": 0, "levels": 0, "stunned": False, "knockdown": False, "killed": False,
        "outcome": f"{outcome} ({RULE})"})


def check_hamper(state: CombatState, e: Attack) -> None:
    """Refuse a hamper the rules do not allow (the reducer's check)."""
    _needs_option(state, "Hamper")
    a, t = state.fighter(e.attacker), state.fighter(e.defender)
    if e.missile or abs(a.row - t.row) > 1:
        raise RulesError(f"target: {t.name} is {abs(a.row - t.row)} rows from {a.name}; a "
                         f"hamper is a strike at range 1 ({RULE} hamper)")
    if e.hamper is not None and as_hamper(state, e, e.hamper).effects != e.effects:
        raise RulesError(f"effects: a hamper does no damage; its effect follows the margin "
                         f"({RULE} hamper)")


def attack_value(state: CombatState, f: FighterState) -> int:
    """The helper's attack before dice: its best usable melee style [decision]."""
    styles = [s.attack.total for s in f.derived(state.options).styles
              if s.usable and s.style != "missile"]
    return max(styles, default=0)


def make_assist(state: CombatState, fid: str, ally: str, roll: str,
                dice: tuple[int, ...]) -> Assist:
    """The Assist event of ``fid`` helping ``ally``'s next ``roll`` with ``dice``
    (classic 2d10!, 0.8 one d20), refused as :func:`apply_assist` refuses it."""
    if roll not in _ROLLS:
        raise RulesError(f"roll: assist helps an attack or a defence, not {roll!r} ({RULE})")
    total = attack_value(state, state.fighter(fid)) + sum(dice)
    e = Assist(id=fid, ally=ally, roll=roll, dice=dice, total=total)
    apply_assist(state, e)
    return e


def assist_text(e: Assist, before: CombatState, after: CombatState) -> str:
    """The log sentence, e.g. "Ann assists Cid: 27 against 15 → Cid's next attack +5"."""
    f, ally = before.fighter(e.id), before.fighter(e.ally)
    dice = f" (dice {' '.join(map(str, e.dice))})" if e.dice else ""
    bonus = assist_bonus(e.total)
    result = (f"{ally.name}'s next {e.roll} +{bonus}" if bonus
              else "no help")
    return f"{f.name} assists {ally.name}: {e.total}{dice} against 15 → {result} ({RULE} assist)."
