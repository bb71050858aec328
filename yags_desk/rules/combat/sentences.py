"""Each event as one plain sentence for the combat log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from yags_desk.rules.combat.events import (
    ActionLost,
    AddCombatant,
    Assist,
    Attack,
    Check,
    ClearCondition,
    Declare,
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
from yags_desk.rules.combat.lost import reason_text
from yags_desk.rules.combat.option_change import option_sentence
from yags_desk.rules.combat.optional import objects
from yags_desk.rules.combat.optional.actions32 import FREE_ATTACK_WORDS, MANOEUVRE_WORDS
from yags_desk.rules.combat.optional.advantage import advantage_changes, starting_sentence
from yags_desk.rules.combat.optional.assist import assist_text
from yags_desk.rules.combat.optional.base import optional_parts
from yags_desk.rules.combat.optional.harn_state import darkness_sentence
from yags_desk.rules.combat.optional.locations import location_sentence
from yags_desk.rules.combat.optional.moves import move_text
from yags_desk.rules.combat.optional.oops import oops_sentence
from yags_desk.rules.combat.optional.reactions import reaction_text
from yags_desk.rules.combat.round_v08 import ACT_NORMALLY, EXHAUSTED_RULE
from yags_desk.rules.combat.situational import situational_part
from yags_desk.rules.combat.state import CombatState, FighterState, check_name
from yags_desk.rules.tracks import classic_level, v08_stun_level, v08_wound_level
from yags_desk.rules.words import counted, noun
from yags_desk.rules.wounds import split_mixed, v08_levels

__all__ = ["EXHAUSTED_TEXT", "describe", "level_text", "rounds_text"]


# (body boxes, wounds) -> classic_level's answer, which lays the boxes out anew
# each time: a big round's hits ask it again for fighters of the same kind (issue 18).
_CLASSIC_LEVELS: dict[tuple[tuple[int, ...], int], tuple[str, int]] = {}


def _wound_text(f: FighterState, state: CombatState) -> str:
    if f.character.edition == "classic":
        key = (f.body_boxes(), f.wounds)
        level = _CLASSIC_LEVELS.get(key)
        if level is None:
            if len(_CLASSIC_LEVELS) >= 4096:
                _CLASSIC_LEVELS.clear()
            level = _CLASSIC_LEVELS[key] = classic_level(*key)
        name, penalty = level
    else:
        name, penalty = v08_wound_level(f.wounds, state.options.v08_track())
    return level_text(name, penalty, f.levels_beyond)


def level_text(name: str, penalty: int, beyond: int = 0) -> str:
    """"Light (-2)", "Medium (-6, 1 beyond)"; a level without penalty is just its
    name ("Hurt", not "Hurt (+0)")."""
    parts = ([f"{penalty:+d}"] if penalty else []) + ([f"{beyond} beyond"] if beyond else [])
    return f"{name} ({', '.join(parts)})" if parts else name


def describe(event: Event, before: CombatState, after: CombatState) -> str:
    """One sentence for ``event``, given the states around it."""
    text = _sentence(event, before, after) + advantage_changes(before, after)  # RULES 3.2
    return f"{text} ({event.note})" if event.note else text


def _sentence(event: Event, before: CombatState, after: CombatState) -> str:
    kind = type(event)
    sentence = _SENTENCES.get(kind)
    if sentence is None:
        sentence = _SENTENCES[kind] = next(
            (how for cls, how in _BY_KIND if issubclass(kind, cls)), _unknown_sentence)
    return sentence(event, before, after)


def _add_sentence(e: AddCombatant, before: CombatState, after: CombatState) -> str:
    if e.thing is not None:
        return objects.join_sentence(e)  # RULES 3.3 breaking things
    return f"{e.name} joins side {e.side} in row {e.row}."


def _end_sentence(e: EndRound, before: CombatState, after: CombatState) -> str:
    return f"Round {before.round} ends."


def _attack_line(e: Attack, before: CombatState, after: CombatState) -> str:
    free = FREE_ATTACK_WORDS if e.free else ""  # RULES 3.2 flee
    return (free + _attack_sentence(e, before, after) + location_sentence(e)
            + oops_sentence(e, after))  # RULES 3.2


def _option_line(e: SetOption, before: CombatState, after: CombatState) -> str:
    return option_sentence(e, before)


def _darkness_line(e: SetDarkness, before: CombatState, after: CombatState) -> str:
    return darkness_sentence(e, before)  # RULES 3.3


def _reaction_line(e: Reaction, before: CombatState, after: CombatState) -> str:
    return reaction_text(e, before)


def _starting_line(e: StartingAdvantage, before: CombatState, after: CombatState) -> str:
    return starting_sentence(e, after)  # RULES 3.2


def _declare_line(e: Declare, before: CombatState, after: CombatState) -> str:
    return _declare_sentence(e, after.fighter(e.id), after)


def _check_line(e: Check, before: CombatState, after: CombatState) -> str:
    return _check_sentence(e, after.fighter(e.id), after)


def _remove_line(e: RemoveCombatant, before: CombatState, after: CombatState) -> str:
    return f"{after.fighter(e.id).name} leaves the encounter."


def _initiative_line(e: Initiative, before: CombatState, after: CombatState) -> str:
    f = after.fighter(e.id)
    if after.edition == "0.8":
        return _initiative_sentence_v08(e, before.fighter(e.id), f)
    dice = f" (dice {' '.join(map(str, e.dice))})" if e.dice else ""
    return f"{f.name} has initiative {e.total}{dice}."


def _wound_line(e: Wound, before: CombatState, after: CombatState) -> str:
    f = after.fighter(e.id)
    unit = "body level" if after.edition == "classic" else "wound"
    src = f" from {e.source}" if e.source else ""
    return f"{f.name} takes {counted(e.levels, unit)}{src} → {_wound_text(f, after)}."


def _stuns_line(e: Stuns, before: CombatState, after: CombatState) -> str:
    f = after.fighter(e.id)
    name, penalty = v08_stun_level(f.stuns, after.options.v08_track())
    was = before.fighter(e.id).stuns
    change = "no change" if f.stuns == was else f"{was} → {f.stuns}"
    level = level_text(name, penalty)
    return f"{f.name} takes a blow of {counted(e.levels, 'stun')}: {change}, {level}."


def _fatigue_line(e: Fatigue, before: CombatState, after: CombatState) -> str:
    f = after.fighter(e.id)
    was = before.fighter(e.id)
    collapsed = " and collapses" if f.has("unconscious") and not was.has("unconscious") else ""
    if f.exhausted and not was.exhausted:
        # 0.8: awake, bound to rest (combat-wounds.yags, Fatigue; core.md, Running).
        collapsed = " and is exhausted: must rest, no attack or defence"
    why = f" to {e.source}" if e.source == ACT_NORMALLY else (
        f" from {e.source}" if e.source else "")
    return (f"{f.name} gains {e.levels} {e.term}-term fatigue{why}{collapsed} "
            f"(now {f.fatigue_short} short, {f.fatigue_long} long).")


# How an Exhausted 0.8 fighter (FighterState.exhausted) is named wherever conditions
# are shown: the board's cards, the encounter summary, the dialogs (as the healing
# record names it, rules/healing/sentences.py).
EXHAUSTED_TEXT = "exhausted: must rest"


def _condition_words(condition: str) -> str:
    """A condition as a GM reads it: "back turned", not "back_turned"."""
    return condition.replace("_", " ")


def rounds_text(rounds: int) -> str:
    """"1 round", "3 rounds" (how long a condition lasts)."""
    return counted(rounds, "round")


def _set_condition_line(e: SetCondition, before: CombatState, after: CombatState) -> str:
    how_long = f" for {rounds_text(e.rounds)}" if e.rounds else ""
    return f"{after.fighter(e.id).name} is {_condition_words(e.condition)}{how_long}."


def _clear_condition_line(e: ClearCondition, before: CombatState, after: CombatState) -> str:
    f = after.fighter(e.id)
    if not before.fighter(e.id).has(e.condition):
        # A 0.8 fight saved when a full fatigue track still collapsed the fighter
        # (the reducer lets the clearing pass, changing nothing).
        return (f"{f.name} is not {_condition_words(e.condition)}: nothing to clear "
                "(a full fatigue track leaves a 0.8 fighter exhausted, not unconscious).")
    return f"{f.name} is no longer {_condition_words(e.condition)}."


def _lost_line(e: ActionLost, before: CombatState, after: CombatState) -> str:
    return _lost_sentence(e, after.fighter(e.id), after)


def _override_line(e: Override, before: CombatState, after: CombatState) -> str:
    f = after.fighter(e.id)
    old = getattr(before.fighter(e.id), e.field)
    return f"GM sets {f.name}'s {e.field} from {old} to {e.value}: {e.reason}."


def _unknown_sentence(e: Any, before: CombatState, after: CombatState) -> str:
    after.fighter(e.id)  # pragma: no cover
    return type(e).__name__  # pragma: no cover


_Sentence = Callable[[Any, CombatState, CombatState], str]
# Each kind of event and its sentence, in the order they are tried.
_BY_KIND: tuple[tuple[type, _Sentence], ...] = (
    (AddCombatant, _add_sentence),
    (EndRound, _end_sentence),
    (Attack, _attack_line),
    (SetOption, _option_line),
    (SetDarkness, _darkness_line),
    (MoveRow, move_text),
    (Assist, assist_text),
    (Reaction, _reaction_line),
    (StartingAdvantage, _starting_line),
    (Declare, _declare_line),
    (Check, _check_line),
    (RemoveCombatant, _remove_line),
    (Initiative, _initiative_line),
    (Wound, _wound_line),
    (Stuns, _stuns_line),
    (Fatigue, _fatigue_line),
    (SetCondition, _set_condition_line),
    (ClearCondition, _clear_condition_line),
    (ActionLost, _lost_line),
    (Override, _override_line),
)
# [decision] An event's class -> its sentence (the first of _BY_KIND it is one of),
# found once per class: trying each kind in turn asked a big round's events some
# ten isinstance questions each, slow on pydantic classes (issue 18).
_SENTENCES: dict[type, _Sentence] = {}


def _lost_sentence(e: ActionLost, f: FighterState, state: CombatState) -> str:
    t = state.fighters.get(e.target) if e.target else None
    if e.reason == "held":
        on = f" on {t.name}" if t is not None else ""
        return f"{f.name} holds the attack{on}: it does not happen this round."
    name = t.name if t is not None else "its target"
    if e.reason == "exhausted":  # the attacker's own state, not its target's
        return (f"{f.name}'s attack on {name} is lost: {f.name} is exhausted and must "
                f"rest {EXHAUSTED_RULE}.")
    return f"{f.name}'s attack on {name} is lost: {name} {reason_text(e.reason)}."


_ACTIONS = {"rest": "rests", "wait": "waits", "move": "moves", "stand_up": "stands up",
            "reroll_initiative": "rerolls initiative", "other": "does something else"}


def _declare_sentence(e: Declare, f: FighterState, state: CombatState) -> str:
    target = state.fighters[e.target].name if e.target and e.target in state.fighters else ""
    if e.action == "kill_helpless":
        text = f"{f.name} will kill the helpless {target} at the end of the round"
    elif e.action in ("attack", "missile"):
        text = f"{f.name} will attack {target} with {e.style}"
        if e.range_m is not None:
            text += f" at {e.range_m} m"
        if e.close:
            names = ", ".join(state.fighters[c].name for c in e.close if c in state.fighters)
            text += f", into the melee with {names}"
    else:
        text = f"{f.name} {_ACTIONS.get(e.action, e.action)}"
    extras = []
    if e.special:
        extras.append(e.special.replace("_", " "))
    if e.subdue:
        extras.append("to subdue")
    if e.stance != "normal":
        extras.append(f"{e.stance} stance")
    if e.defences is not None:
        extras.append(counted(e.defences, "defence"))
    if e.move_m:
        extras.append(f"moving {e.move_m} m")
    if e.shot != "normal":
        extras.append(f"{e.shot} shot")
    if e.angry_strike:  # RULES 3.3
        extras.append(f"angry strike +{e.angry_strike} damage")
    if e.feint:  # RULES 3.3
        extras.append(f"feint {e.feint}")
    if e.manoeuvre:  # RULES 3.2
        extras.append(MANOEUVRE_WORDS[e.manoeuvre])
    return text + (f" ({', '.join(extras)})" if extras else "") + "."


def _check_sentence(e: Check, f: FighterState, state: CombatState) -> str:
    name = check_name(e.kind, f.character.edition)
    if not e.dice and not e.total:
        return f"{f.name}'s {name}: {e.outcome}." if e.outcome else f"{f.name}'s {name}."
    dice = f" (dice {' '.join(map(str, e.dice))})" if e.dice else ""
    fumble = ", fumbled" if e.fumble else ""
    second = " ".join(map(str, e.second_dice))
    if e.kind == "disarm" and e.second_dice and e.against and e.against in state.fighters:
        # An opposed roll (disarm, RULES 1.9): the other side's total and dice.
        other = state.fighters[e.against].name
        return (f"{f.name}'s {name}: {e.total}{dice}{fumble} against {other}'s {e.target} "
                f"(dice {second}) → {e.outcome}.")
    against = f" against {e.target}" if e.target else ""
    if e.against and e.against in state.fighters:
        against += f" ({state.fighters[e.against].name})"
    tail = f" (damage dice {second})" if e.second_dice else ""
    return f"{f.name}'s {name}: {e.total}{against}{dice}{fumble} → {e.outcome}{tail}."


def _how(e: Attack, situational: bool = True) -> str:
    """The special attack, range band and the GM's situational modifier of an
    attack, e.g. " (killing blow, long range, situational +5: uphill)"."""
    if not (e.special or e.range_band or e.modifiers):
        return ""  # the usual attack: nothing to say (issue 18: most of a big round's)
    parts = []
    if e.special:
        parts.append(e.special.replace("_", " ").replace("all out", "all-out"))
    if e.range_band:
        parts.append(f"{e.range_band} range")
    if situational and (gm := situational_part(e.modifiers)):
        parts.append(gm)
    if situational:  # 0.8 sentences list every modifier already
        parts.extend(optional_parts(e.modifiers))  # named by their rule (RULES 3)
    return f" ({', '.join(parts)})" if parts else ""


def _initiative_sentence_v08(e: Initiative, was: FighterState, f: FighterState) -> str:
    """RULES 2: once per combat; a natural 1 gives 0; a declared re-roll, halved from 0."""
    dice = f" (d20 {' '.join(map(str, e.dice))})" if e.dice else ""
    again = was.initiative is not None
    text = f"{f.name} {'re-rolls' if again else 'rolls'} initiative"
    if e.natural_one:
        return (f"{text}: a natural 1{dice} sets it to 0 (skill rolls halved, actions slow).")
    halved = " (halved from initiative 0)" if again and was.initiative == 0 and not (
        was.acts_normally) else ""
    return f"{text}: {e.total}{dice}{halved}."


def _attack_sentence_v08(e: Attack, after: CombatState) -> str:
    """A 0.8 attack (RULES 2): totals, passive defence, damage past soak and
    the levels as wounds, stuns or both, with the modifiers and halvings."""
    a, t = after.fighter(e.attacker), after.fighter(e.defender)
    verb = "counter strikes" if e.counter else "shoots at" if e.missile else "attacks"
    mods = "; ".join(f"{label} {amount:+d}" for label, amount in e.modifiers)
    notes = "; ".join(x for x in (mods, e.outcome) if x)
    tail = f" [{notes}]" if notes else ""
    lead = f"{a.name} {verb} {t.name}{_how(e, situational=False)} and"
    if e.declared_target and e.declared_target in after.fighters:
        # combat-missile.yags, Firing into melee: a fumble flies at someone in the melee.
        intended = after.fighter(e.declared_target).name
        how = _how(e, situational=False)
        lead = (f"{a.name}'s shot at {intended}{how} fumbles (d20 {e.attack_dice[0]}) "
                f"into the melee and flies at {t.name}, and")
    if e.attack_fumble:
        return f"{lead} fumbles (d20 {e.attack_dice[0]}){tail}."
    against = f"{e.attack_total} against {e.defence_total}"
    if e.defence_fumble:
        against += " (defence fumbled)"
    elif not e.defence_dice:
        against += " (passive)"
    if not e.hit:
        return f"{lead} misses: {against}{tail}."
    net = e.damage_total - e.soak
    text = (f"{lead} hits: {against}; damage {e.damage_total} − soak "
            f"{e.soak} = {net}")
    # A crushing near miss does a level below soak (armour_v08).
    raw = v08_levels(e.damage_total, e.soak) or e.levels
    track = after.options.v08_track()
    wounds, stuns = v08_wound_level(t.wounds, track), v08_stun_level(t.stuns, track)
    wound_text = f"wounds {level_text(*wounds, t.levels_beyond)}"
    stun_text = f"stuns {level_text(*stuns)}"
    if raw == 0:
        text += " → no damage"
    elif e.ineffective:
        text += (f" → {counted(raw, 'level')}, ineffective: "
                 f"{counted(e.levels, 'stun')}, {stun_text}")
    elif e.damage_kind == "mixed":
        s, w = split_mixed(raw)
        text += (f" → {counted(raw, 'level')} mixed: {counted(s, 'stun')}"
                 f" + {counted(w, 'wound')}, {wound_text}, {stun_text}")
    elif e.damage_kind == "stuns":
        text += f" → {counted(raw, 'stun')}, {stun_text}"
    else:
        text += f" → {counted(raw, 'wound')}, {wound_text}"
    return text + tail + "."


def _attack_sentence(e: Attack, before: CombatState, after: CombatState) -> str:
    if e.hamper is not None:  # RULES 3.1 hamper: no damage, the outcome says what
        a, t = after.fighter(e.attacker), after.fighter(e.defender)
        verb = "hampers" if e.hit else "tries to hamper"
        return f"{a.name} {verb} {t.name}: {e.attack_total} against {e.defence_total}; {e.outcome}."
    if e.hit and after.fighter(e.defender).thing is not None:  # RULES 3.3 breaking things
        return objects.hit_sentence(e, after)
    if after.edition == "0.8":
        return _attack_sentence_v08(e, after)
    a, t = after.fighter(e.attacker), after.fighter(e.defender)
    how = _how(e)
    if e.declared_target:
        # RULES 1.8: a fumbled shot into a melee flew at someone close to the target.
        intended = after.fighter(e.declared_target).name
        lead = f"{a.name}'s shot at {intended}{how} fumbles into the melee and"
        if not e.hit:
            return f"{lead} misses {t.name}: {e.attack_total} against {e.defence_total}."
        text = f"{lead} hits {t.name}: {e.attack_total} against {e.defence_total}"
        return _damage_text(e, t, text, after)
    if e.attack_fumble:
        dice = " ".join(map(str, e.attack_dice))
        return f"{a.name} fumbles the attack on {t.name}{how} (dice {dice})."
    against = f"{e.attack_total} against {e.defence_total}"
    if e.defence_fumble:
        against += " (defence fumbled)"
    elif e.defence_standing:
        against += " (defence of the round)"
    elif not e.defence_dice:
        against += " (no defence)"
    if not e.hit:
        return f"{a.name} misses {t.name}{how}: {against}."
    text = f"{a.name} hits {t.name}{how}: {against}"
    if not e.damage_dice:  # disarm, break weapon: a roll follows (RULES 1.9)
        return f"{text}; {e.outcome}." if e.outcome else f"{text}."
    return _damage_text(e, t, text, after)


def _damage_text(e: Attack, t: FighterState, text: str, after: CombatState) -> str:
    net = e.damage_total - e.soak
    text += f"; damage {e.damage_total} − soak {e.soak} = {net}"
    if e.levels:
        unit = noun(e.levels, "level")
        if e.damage_kind == "fatigue":
            text += f" → {e.levels} fatigue {unit}"
        else:
            text += f" → {e.levels} {unit}, {_wound_text(t, after)}"
    elif e.stunned:
        text += " → stunned"
    else:
        text += " → no damage"
    if e.knockdown:
        text += "; knocked down"
    if e.outcome:
        text += f"; {e.outcome}"
    return text + "."
