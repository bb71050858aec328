"""The HarnMaster house rules of RULES 3.3 as providers of the optional-rule hook.

Numbers are converted as RULES 3 says (percentile figures / 5, rounded to the
nearest whole number); both editions use the same figures. Each provider reads
what the fighters declared (``Declare.angry_strike``, ``Declare.feint``) and
answers only while its option is on (``optional.PROVIDERS``).
"""

from __future__ import annotations

from yags_desk.rules.combat.events import Declare, Effect
from yags_desk.rules.combat.optional.base import (
    DODGED_CONDITION,
    NONE,
    AttackKind,
    Mod,
    OptionalMods,
    striking_weapon,
)
from yags_desk.rules.combat.optional.harn_state import darkness_label, darkness_penalty
from yags_desk.rules.combat.optional.reactions import reaction_waiting
from yags_desk.rules.combat.state import CombatState
from yags_desk.rules.items import Weapon

__all__ = ["ANGRY", "DARK", "DODGED", "FEINT", "NONLETHAL_ATTACK", "RECOVERY", "angry_strike",
           "darkness", "dodge_effects", "dodging", "feint", "is_thrusting", "nonlethal",
           "nonlethal_hit", "nonlethal_kind"]

ANGRY = "RULES 3.3 angry strike"
FEINT = "RULES 3.3 feint"
DARK = "RULES 3.3 darkness"
DODGED = "RULES 3.3 dodged"
RECOVERY = "RULES 3.3 strike recovery"
DODGE_PENALTY = -4  # RULES 3.3 (seed EML -20 / 5)
# The condition a dodge leaves: the rest of this round and the next, as the seed
# puts the penalty on the next attack "in the following turn" [decision].
DODGED_ROUNDS = 2  # DODGED_CONDITION lives in optional.base
ANGRY_ATTACK_PER_DAMAGE = 2  # RULES 3.3: -2 attack for each +1 damage


def _declared(state: CombatState, attacker_id: str, defender_id: str) -> Declare | None:
    """The attacker's declaration, unless this attack is its RULES 3.1 reaction
    strike: a basic melee strike, which carries no declared manoeuvre."""
    a = state.fighter(attacker_id)
    return None if reaction_waiting(state, a.id, defender_id) is not None else a.declaration


def angry_strike(state: CombatState, attacker_id: str, defender_id: str,
                 kind: AttackKind) -> OptionalMods:
    """RULES 3.3: the declared damage bonus, bought at -2 attack per point, on a
    melee strike (the seed allows it on a counter strike too)."""
    d = _declared(state, attacker_id, defender_id)
    if kind.missile or d is None or not d.angry_strike:
        return NONE
    x = d.angry_strike
    return OptionalMods(attack=((f"{ANGRY} +{x} damage", -ANGRY_ATTACK_PER_DAMAGE * x),),
                        damage=((ANGRY, x),))


def feint(state: CombatState, attacker_id: str, defender_id: str,
          kind: AttackKind) -> OptionalMods:
    """RULES 3.3: the feinting attacker takes -X, its target defends at -X/2
    (rounded down), against this attack only."""
    a = state.fighter(attacker_id)
    d = _declared(state, attacker_id, defender_id)
    if kind.missile or d is None or not d.feint:
        return NONE
    x = d.feint
    return OptionalMods(attack=((f"{FEINT} {x}", -x),),
                        defence=((f"{FEINT} by {a.name}", -(x // 2)),) if x // 2 else ())


def is_thrusting(w: Weapon) -> bool:
    """A thrusting weapon: marked "thrusting" (the 0.8 lists' spears); [decision] the
    classic table marks none, so there its spears count (RULES 1.3 Spear, Long spear)."""
    return w.has("thrusting") or (w.edition == "classic" and "spear" in w.name.casefold())


def darkness(state: CombatState, attacker_id: str, defender_id: str,
             kind: AttackKind) -> OptionalMods:
    """RULES 3.3: the darkness penalty on the attack and on the defence against it,
    and a thrusting weapon's attack bonus halved ([decision] rounded down, so +3
    counts +1)."""
    penalty = darkness_penalty(state)
    label = f"{DARK} ({darkness_label(state.darkness)})"
    attack: tuple[Mod, ...] = ((label, penalty),)
    w = striking_weapon(state, state.fighter(attacker_id), kind.style)
    if w is not None and is_thrusting(w) and w.attack > 0:
        attack += ((f"{DARK}: {w.name} thrusts, attack bonus halved",
                    w.attack // 2 - w.attack),)
    return OptionalMods(attack=attack, defence=((label, penalty),))


def dodging(state: CombatState, attacker_id: str, defender_id: str,
            kind: AttackKind) -> OptionalMods:
    """RULES 3.3: -4 on the first attack after a dodge; a second strike in the same
    round counts the weapon's attack bonus as the lower of its attack and defence
    bonuses (strike recovery)."""
    a = state.fighter(attacker_id)
    attack: tuple[Mod, ...] = ()
    if a.has(DODGED_CONDITION):
        attack += ((f"{DODGED}: first attack after a dodge", DODGE_PENALTY),)
    w = striking_weapon(state, a, kind.style)
    # Strikes actually made this round, not "has acted" (an assist, a row move or
    # a lost action is no strike).
    if a.strikes and not kind.missile and w is not None and w.defence < w.attack:
        attack += ((f"{RECOVERY}: {w.name} attack +{w.attack} counts as its defence "
                    f"{w.defence:+d}", w.defence - w.attack),)
    return OptionalMods(attack=attack) if attack else NONE


def dodge_effects(state: CombatState, attacker_id: str, defender_id: str,
                  dodged: bool) -> tuple[Effect, ...]:
    """What an attack does to the dodging bookkeeping (RULES 3.3), while the option
    is on: the attacker's dodge penalty is spent, and a defender that dodged
    ([decision] defended actively with an unarmed style: classic Brawling, 0.8
    Brawl; a weapon or shield blocks) carries it to its next attack."""
    if not state.options.uses("dodging"):
        return ()
    out: list[Effect] = []
    if state.fighter(attacker_id).has(DODGED_CONDITION):
        out.append(Effect(target=attacker_id, kind="clear", name=DODGED_CONDITION))
    if dodged:
        out.append(Effect(target=defender_id, kind="condition", name=DODGED_CONDITION,
                          rounds=DODGED_ROUNDS))
    return tuple(out)


# RULES 3.3 via the seed: disarm aims at the weapon (EML -15), sweep and tackle at
# the legs (EML -10); / 5 by RULES 3.
NONLETHAL_ATTACK = {"disarm": -3, "sweep": -2, "tackle": -2}


def nonlethal_kind(state: CombatState, attacker_id: str, defender_id: str) -> str | None:
    """The disarm, sweep or tackle ``attacker_id`` declared, while the option is on
    (none on a RULES 3.1 reaction strike at ``defender_id``: a basic melee strike)."""
    if not state.options.uses("nonlethal"):
        return None
    d = _declared(state, attacker_id, defender_id)
    return d.nonlethal if d is not None else None


def nonlethal(state: CombatState, attacker_id: str, defender_id: str,
              kind: AttackKind) -> OptionalMods:
    """RULES 3.3: the aim's penalty on a declared disarm, sweep or tackle."""
    what = nonlethal_kind(state, attacker_id, defender_id)
    if what is None or kind.missile:
        return NONE
    return OptionalMods(attack=((f"RULES 3.3 {what}", NONLETHAL_ATTACK[what]),))


def nonlethal_hit(attacker_id: str, defender_id: str, margin: int) -> tuple[Effect, ...]:
    """A non-lethal hit does no damage; the defender's roll to keep its weapon or
    footing is due, remembering the attack's margin (RULES 3.3)."""
    return (Effect(target=defender_id, kind="check", name="nonlethal", against=attacker_id,
                   amount=max(0, margin)),)
