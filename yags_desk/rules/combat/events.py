"""Events of a fight: everything that changes the state is one of these.

Events carry their dice and their results, so replaying a log reproduces the
fight exactly; the procedures that compute results from dice live beside the
reducer. Every event may carry a GM's ``note``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from yags_desk.rules.character import Character
from yags_desk.rules.combat.things import Thing

__all__ = [
    "LOST_REASONS",
    "SPECIAL_ATTACKS",
    "ActionLost",
    "AddCombatant",
    "Assist",
    "Attack",
    "Check",
    "ClearCondition",
    "Declare",
    "Effect",
    "EndRound",
    "Event",
    "Fatigue",
    "Initiative",
    "MoveRow",
    "Override",
    "Reaction",
    "RemoveCombatant",
    "SetCondition",
    "SetDarkness",
    "SetOption",
    "StartingAdvantage",
    "Stuns",
    "Wound",
    "check_fits",
    "event_adapter",
    "trusted",
]

_ID = r"^[A-Za-z0-9_-]+$"
CombatantId = Annotated[str, Field(min_length=1, max_length=64, pattern=_ID)]
# Conditions the engine knows by name (free-text ones are allowed too).
KNOWN_CONDITIONS = ("prone", "stunned", "unconscious", "dead", "disarmed", "berserk",
                    "surprised", "dying", "mounted", "aimed", "prepared", "wait",
                    "lost_attack",
                    "dodged",  # RULES 3.3 dodging
                    "back_turned", "delayed")  # RULES 3.1 (optional/back.py, assist.py)

# RULES 1.9: the eleven special attacks, declared before initiative (one per round).
SpecialAttack = Literal["aim", "all_out", "ambush", "piercing", "defensive", "disarm",
                        "prepare", "killing_blow", "subdue", "break_weapon", "berserk"]
SPECIAL_ATTACKS: tuple[str, ...] = ("aim", "all_out", "ambush", "piercing", "defensive",
                                    "disarm", "prepare", "killing_blow", "subdue",
                                    "break_weapon", "berserk")
# RULES 3.3 darkness: the sky (clear, cloudy, overcast) and the moon (full, half, new).
DarknessLevel = Literal["clear_full", "clear_half", "clear_new", "cloudy_full", "cloudy_half",
                        "cloudy_new", "overcast_full", "overcast_half", "overcast_new"]
# RULES 3.3 size class of a combatant (its damage multiplier past soak).
SizeClass = Literal["tiny", "very_small", "small", "medium", "large", "very_large",
                    "monstrous"]
# RULES 3.3 non-lethal attacks (option "nonlethal").
NonLethal = Literal["disarm", "sweep", "tackle"]
# RULES 3.2 declared actions (option "flee_charge_defend").
Manoeuvre = Literal["charge", "defend", "flee", "assess"]
# RULES 3.2 hit locations (option "hit_locations").
Location = Literal["head", "off_arm", "main_arm", "body", "left_leg", "right_leg"]
# RULES 3.3 aimed attacks: a place, an arm or a leg with the side left to the d100,
# or a chosen side.
AimedAt = Literal["head", "arm", "body", "leg", "off_arm", "main_arm", "left_leg",
                  "right_leg"]
# RULES 3.2 Oops! table results (option "oops"), in the order of their d100 bands.
OopsResult = Literal["self_hurt", "weapon_jarred", "misjudged", "stumble", "mishandle",
                     "torn_muscle", "hits_ally"]
# What a fighter does this round (RULES 1.5 step 1, RULES 2 declarations).
Action = Literal["attack", "missile", "rest", "wait", "move", "stand_up", "kill_helpless",
                 "reroll_initiative", "other"]
Stance = Literal["normal", "aggressive", "defensive", "prone"]
# 0.8 missile shots (combat-missile.yags, Initiative): a snap shot is fast and
# doubles the effective distance, a careful one is slow and halves it.
Shot = Literal["normal", "snap", "careful"]
# Checks the rules call for; each is resolved by the edition's procedure.
CheckKind = Literal[
    "critical",        # RULES 1.6: reaching Critical, stamina 20+ or unconscious
    "fatal",           # RULES 1.6: reaching Fatal or beyond; RULES 2 Health check
    "fatal_round",     # RULES 1.6 / 2: conscious and Fatal at the end of a round
    "dying",           # RULES 1.6: unconscious through a Fatal wound, once a minute
    "beaten",          # RULES 2: stuns reach Beaten
    "fatigue",         # RULES 1.7: end of rounds 3, 6, 9...
    "berserk",         # RULES 1.9: entering berserk
    "riding",          # RULES 1.11: riding under 100%
    "fall",            # RULES 1.11: falling damage
    "disarm",          # RULES 1.9: the opposed Dexterity roll after a hit
    "break_weapon",    # RULES 1.9: Strength + 2d10! against the weapon's Tgh
    "killing_blow",    # RULES 1.6: the helpless killed at the end of the round
    "first_aid",       # RULES 1.10: tending a wounded fighter (stops the dying rolls)
    "nonlethal",       # RULES 3.3: keeping weapon or footing after a disarm, sweep, tackle
    "assess",          # RULES 3.2: an assess action's roll (feeds advantage)
    "other",
]
EffectKind = Literal["wounds", "stuns", "fatigue_short", "fatigue_long", "condition", "clear",
                     "berserk", "calm", "weapon_damaged", "weapon_broken", "weapon_dropped",
                     "first_aid", "check",
                     "stuns_add",  # 0.8 mixed damage: stuns that add up (RULES 2)
                     "heal",  # 0.8 first aid: ``amount`` wounds or stuns (``name``) healed
                     "damage_points"]  # RULES 3.3: ``amount`` damage points on an object


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    note: str = Field(default="", max_length=2000)


class Effect(BaseModel):
    """One change an attack or a check makes to a fighter; the reducer applies
    effects in order, so the event is replayed and undone as one step.

    ``wounds``: body levels (classic) or wounds (0.8), ``amount`` of them; ``stuns``:
    a blow of ``amount`` stuns (RULES 2 replace/half rule); ``stuns_add``: ``amount``
    stuns added to the current level (0.8 mixed damage, RULES 2); ``fatigue_short`` /
    ``fatigue_long``: levels; ``condition`` / ``clear``: ``name`` (``rounds`` None =
    until cleared); ``berserk``: enter berserk with a roll of ``amount`` (RULES 1.9);
    ``calm``: leave berserk; ``weapon_*``: the weapon ``name``; ``first_aid``: the
    wounds are tended (stops the dying rolls); ``check``: the check ``name`` (a
    CheckKind) is now due for ``target`` before the round ends, ``against`` the
    other fighter (disarm, break weapon), ``amount`` what it needs (metres of a
    fall).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    target: CombatantId
    kind: EffectKind
    amount: int = Field(default=0, ge=0, le=10_000)
    name: str = Field(default="", max_length=100)
    rounds: int | None = Field(default=None, ge=1, le=10_000)
    against: CombatantId | None = None


class AddCombatant(_Event):
    """A fighter joins the board (at set-up or mid-fight)."""

    type: Literal["add_combatant"] = "add_combatant"
    id: CombatantId
    name: str = Field(min_length=1, max_length=100)
    side: str = Field(min_length=1, max_length=60)
    row: int = Field(default=0, ge=0, le=99)
    character: Character
    # An unimportant NPC: drops at Critical when the GM's option says so (RULES 1.6).
    minor: bool = False
    # RULES 3.3 size class: scales the damage past its soak while the option is on.
    size_class: SizeClass = "medium"
    # RULES 3.2 surprise: caught unawares in the first round (while the option is on).
    surprised: bool = False
    # RULES 3.3 breaking things: an object (a door) that never acts nor defends.
    thing: Thing | None = None


class RemoveCombatant(_Event):
    type: Literal["remove_combatant"] = "remove_combatant"
    id: CombatantId


class Declare(_Event):
    """What a fighter will do this round (RULES 1.5 step 1; RULES 2 declarations).

    ``style`` is the label of one of the fighter's styles (``Derived.styles``);
    ``special`` one of RULES 1.9; ``defences`` the number of defences (0.8);
    ``range_m`` the distance to the target of a missile attack; ``move_m``
    metres moved (0.8 movement limits); ``shot`` a 0.8 missile's snap or careful
    shot; ``close`` (0.8) the other people in the melee a missile is fired into
    (combat-missile.yags, Firing into melee).
    """

    type: Literal["declare"] = "declare"
    id: CombatantId
    action: Action = "attack"
    target: CombatantId | None = None
    style: str = Field(default="", max_length=200)
    special: SpecialAttack | None = None
    defences: int | None = Field(default=None, ge=0, le=20)
    stance: Stance = "normal"
    range_m: int | None = Field(default=None, ge=0, le=100_000)
    move_m: int = Field(default=0, ge=0, le=10_000)
    # RULES 1.9: subdue combines with another special (ambush, killing blow...).
    subdue: bool = False
    shot: Shot = "normal"
    close: tuple[CombatantId, ...] = Field(default=(), max_length=20)
    # RULES 3.3 (options "angry_strike", "feint"): the damage bought at -2 attack
    # each, and the feint's X (attacker -X, defender -X/2); 0 = none.
    angry_strike: int = Field(default=0, ge=0, le=100)
    feint: int = Field(default=0, ge=0, le=1000)
    # RULES 3.3 (option "nonlethal"): a disarm, sweep or tackle instead of damage.
    nonlethal: NonLethal | None = None
    # RULES 3.2 (option "flee_charge_defend"): a charge, defend, flee or assess action.
    manoeuvre: Manoeuvre | None = None
    # RULES 3.3 (option "aimed_attack", needs "hit_locations"): where the blow is aimed.
    aimed: AimedAt | None = None


class Initiative(_Event):
    """A fighter's initiative for the round (classic) or the combat (0.8).

    ``tiebreak`` is the roll-off die (classic, RULES 1.5) used only among
    fighters with equal initiative and Agility.
    """

    type: Literal["initiative"] = "initiative"
    id: CombatantId
    dice: tuple[int, ...] = Field(default=(), max_length=200)
    total: int = Field(ge=-10_000, le=10_000)
    tiebreak: int = Field(default=0, ge=0, le=1_000)
    natural_one: bool = False  # 0.8: a natural 1 sets initiative to 0 (RULES 2)


class Wound(_Event):
    """Body levels (classic, RULES 1.6) or wounds (0.8, RULES 2) taken."""

    type: Literal["wound"] = "wound"
    id: CombatantId
    levels: int = Field(ge=1, le=1000)
    source: str = Field(default="", max_length=200)


class Stuns(_Event):
    """A blow of stuns (0.8, RULES 2): replaces, adds one, or does nothing."""

    type: Literal["stuns"] = "stuns"
    id: CombatantId
    levels: int = Field(ge=1, le=1000)
    source: str = Field(default="", max_length=200)


class Fatigue(_Event):
    """Fatigue levels gained (RULES 1.7): short-term or long-term."""

    type: Literal["fatigue"] = "fatigue"
    id: CombatantId
    levels: int = Field(ge=1, le=1000)
    term: Literal["short", "long"] = "short"
    source: str = Field(default="", max_length=200)


class SetCondition(_Event):
    """A condition, lasting ``rounds`` rounds or until cleared (None)."""

    type: Literal["set_condition"] = "set_condition"
    id: CombatantId
    condition: str = Field(min_length=1, max_length=60)
    rounds: int | None = Field(default=None, ge=1, le=10_000)


class ClearCondition(_Event):
    type: Literal["clear_condition"] = "clear_condition"
    id: CombatantId
    condition: str = Field(min_length=1, max_length=60)


class Override(_Event):
    """The GM sets a number by hand; the reason is logged."""

    type: Literal["override"] = "override"
    id: CombatantId
    field: Literal["wounds", "stuns", "fatigue_short", "fatigue_long", "initiative", "row"]
    value: int = Field(ge=0, le=10_000)
    reason: str = Field(min_length=1, max_length=500)


class Attack(_Event):
    """One attack with its dice and every result (classic RULES 1.5-1.9, 0.8 RULES 2).

    Built by the edition's attack procedure; the reducer applies ``effects``,
    so the attack is replayed and undone as one step. ``defence_rolled`` says
    this attack rolled the target's defence for the round (classic: it then
    stands against every attack that round, RULES 1.5).
    """

    type: Literal["attack"] = "attack"
    attacker: CombatantId
    defender: CombatantId
    declared_target: CombatantId | None = None  # missile fumble redirect (RULES 1.8)
    style: str = Field(max_length=200)
    special: SpecialAttack | None = None
    counter: bool = False  # the initiative loser striking back (RULES 1.5) / counter strike
    missile: bool = False
    range_band: Literal["short", "medium", "long", "extreme"] | None = None
    modifiers: tuple[tuple[str, int], ...] = Field(default=(), max_length=50)
    attack_dice: tuple[int, ...] = Field(max_length=200)
    attack_total: int
    attack_fumble: bool = False
    defence_dice: tuple[int, ...] = Field(default=(), max_length=200)  # () = passive
    defence_total: int
    defence_fumble: bool = False
    defence_rolled: bool = False
    defence_standing: bool = False  # classic: the defence rolled earlier this round
    # classic: the defence that stands for the rest of the round when optional
    # rules changed this attack's defence for this attacker only (RULES 3); None:
    # ``defence_total`` stands.
    round_defence: int | None = None
    hit: bool
    damage_dice: tuple[int, ...] = Field(default=(), max_length=200)
    damage_total: int = 0
    soak: int = 0
    levels: int = Field(default=0, ge=0, le=1000)
    damage_kind: Literal["wounds", "fatigue", "stuns", "mixed"] = "wounds"
    stunned: bool = False
    knockdown: bool = False
    killed: bool = False  # killing blow, ambush (RULES 1.9)
    ineffective: bool = False  # 0.8: the GM marked it ineffective: half the stuns (RULES 2)
    outcome: str = Field(default="", max_length=300)  # extra result text (disarm, break...)
    effects: tuple[Effect, ...] = Field(default=(), max_length=50)
    # RULES 3.1 hamper: the strike does no damage; "delay", "attack" or "defence"
    # says what a margin of 10+ does (optional/assist.py).
    hamper: Literal["delay", "attack", "defence"] | None = None
    # RULES 3.2 flee: a free attack on a fleeing fighter, on top of the attacker's action.
    free: bool = False
    # RULES 3.2 hit locations: the d100 of a hit and the place it gives.
    location_roll: int | None = Field(default=None, ge=1, le=100)
    location: Location | None = None
    # RULES 3.2 Oops!: the d100 of a fumble, its result, and the ally struck (91-00).
    oops_roll: int | None = Field(default=None, ge=1, le=100)
    oops: OopsResult | None = None
    oops_ally: CombatantId | None = None


class Check(_Event):
    """A roll the rules call for (RULES 1.6, 1.7, 1.9, 1.11, 2), with its result.

    ``outcome`` is the short result ("stays conscious", "dies"); ``effects`` are
    applied by the reducer. ``against`` names the other fighter (disarm, break).
    """

    type: Literal["check"] = "check"
    id: CombatantId
    kind: CheckKind
    dice: tuple[int, ...] = Field(default=(), max_length=200)
    total: int = Field(default=0, ge=-10_000, le=10_000)
    target: int = Field(default=0, ge=-10_000, le=10_000)
    fumble_chance: int = Field(default=0, ge=0, le=100)
    fumble: bool = False
    passed: bool = False
    outcome: str = Field(default="", max_length=300)
    against: CombatantId | None = None
    # A second roll of the check: the other side's opposed roll (disarm, whose
    # total is ``target``), or the damage of a fall (RULES 1.9, 1.11).
    second_dice: tuple[int, ...] = Field(default=(), max_length=200)
    second_total: int = Field(default=0, ge=-10_000, le=10_000)
    effects: tuple[Effect, ...] = Field(default=(), max_length=50)


# Why a declared attack did not happen (ActionLost): its target is dead,
# unconscious or gone from the fight, or the GM held the action.
LostReason = Literal["dead", "unconscious", "gone", "held",
                     "oops",  # RULES 3.2 Oops!: the fumbler misses its next action
                     "weapon",  # its declared style's weapon was dropped or broken
                     "broken",  # RULES 3.3: the object attacked is broken through
                     "exhausted"]  # 0.8: the attacker's fatigue track filled since
LOST_REASONS: tuple[str, ...] = ("dead", "unconscious", "gone", "held", "oops", "weapon",
                                 "broken", "exhausted")


class ActionLost(_Event):
    """A declared attack that does not happen, logged so it does not vanish.

    RULES 1.5 / RULES 2: a fighter attacks the target it declared; when that
    target is dead, unconscious (0.8) or gone by the fighter's turn, the
    action is lost; the GM may also hold it (``held``). Either way the
    fighter's action for the round is spent.
    """

    type: Literal["action_lost"] = "action_lost"
    id: CombatantId
    target: CombatantId | None = None
    reason: LostReason


class SetOption(_Event):
    """The GM switches an optional rule (RULES 3) on or off, or changes one of the
    GM's numbers (RULES 1.1, 1.6, 2), from this point of the fight on.

    ``option`` is a name of ``OPTIONAL_RULES`` or of ``GM_SETTINGS``; ``value`` is
    true/false for a switch, a number for a number (the classic fumble chance).
    """

    type: Literal["set_option"] = "set_option"
    option: str = Field(min_length=1, max_length=60)
    value: bool | int
    reason: str = Field(default="", max_length=500)


class SetDarkness(_Event):
    """How dark the encounter's night is from this point of the fight on (RULES 3.3
    darkness, while that option is on)."""

    type: Literal["set_darkness"] = "set_darkness"
    level: DarknessLevel
    reason: str = Field(default="", max_length=500)


class MoveRow(_Event):
    """A fighter moves to another row of the battle board as its action (RULES 3.1,
    option "board_rows"): classic, the move takes its attack; 0.8, the metres
    (rows x metres per row) count against its Move (RULES 2). ``flee``: it turns
    its back on its enemies as it goes (RULES 3.1 back turned). The row is checked
    against the board by the rules, so a refusal names the rule."""

    type: Literal["move_row"] = "move_row"
    id: CombatantId
    row: int = Field(ge=-10_000, le=10_000)
    flee: bool = False


class Assist(_Event):
    """A fighter spends its action helping an ally within 1 row (RULES 3.1 assist,
    option "assist_hamper"): its attack roll (``dice``, ``total``) against 15
    gives the ally a bonus on its next ``roll``."""

    type: Literal["assist"] = "assist"
    id: CombatantId
    ally: CombatantId
    roll: Literal["attack", "defence"]
    dice: tuple[int, ...] = Field(default=(), max_length=200)
    total: int = Field(ge=-10_000, le=10_000)


class Reaction(_Event):
    """A fighter takes a reaction against ``target`` (RULES 3.1, option "reactions"):
    ``trigger`` says what happened ("when Bo closes in"); ``extra`` counts further
    abilities the same event triggered (+5 each on the one strike); ``spear``: the
    long spear's strike at -5 on an enemy closing from two or more rows. The strike
    itself follows as an Attack by ``id`` on ``target``."""

    type: Literal["reaction"] = "reaction"
    id: CombatantId
    target: CombatantId
    trigger: str = Field(default="", max_length=200)
    extra: int = Field(default=0, ge=0, le=10)
    spear: bool = False
class StartingAdvantage(_Event):
    """A side's starting advantage (RULES 3.2, while the option "advantage" is on):
    the lines of the seed's table that apply to it (names of
    ``optional.advantage.STARTING``); every fighter of the side gets their total."""

    type: Literal["starting_advantage"] = "starting_advantage"
    side: str = Field(min_length=1, max_length=60)
    circumstances: tuple[str, ...] = Field(default=(), max_length=10)
    reason: str = Field(default="", max_length=500)


class EndRound(_Event):
    """The round's bookkeeping is done; conditions with durations count down."""

    type: Literal["end_round"] = "end_round"


Event = Annotated[
    AddCombatant | RemoveCombatant | Declare | Initiative | Attack | Check | Wound | Stuns
    | Fatigue | SetCondition | ClearCondition | Override | EndRound | ActionLost | SetOption
    | SetDarkness | MoveRow | Assist | Reaction
    | StartingAdvantage,  # RULES 3.2
    Field(discriminator="type"),
]

event_adapter: TypeAdapter[Event] = TypeAdapter(Event)


_M = TypeVar("_M", bound=BaseModel)
_TEMPLATES: dict[type[BaseModel], dict[str, Any]] = {}
_new = object.__new__
# BaseModel's own slots, set through their descriptors (object.__setattr__ would look
# each up on the class first: a third of what trusted() cost, issue 18).
_SET_DICT = BaseModel.__dict__["__dict__"].__set__
_SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__


def _template(cls: type[BaseModel]) -> dict[str, Any]:
    """Every field of ``cls`` at its default, in the order of its fields (a required
    field holds pydantic's "undefined" until given)."""
    assert not cls.__private_attributes__ and cls.__pydantic_post_init__ is None
    assert cls.model_config.get("extra") != "allow"
    assert all(f.default_factory is None for f in cls.model_fields.values())
    made = _TEMPLATES[cls] = {name: f.default for name, f in cls.model_fields.items()}
    return made


def trusted(cls: type[_M], /, **values: Any) -> _M:
    """``cls(**values)`` for values the engine made itself (ids of the board, labels
    of the fighters' styles, totals of dice it rolled), built as validation builds
    it but without validating: an Attack's validation cost more than the rest of
    its making, and a round of a big fight makes hundreds of events and effects
    (issue 18). The same object as ``cls(**values)``: each field in order, the
    given ones as the fields set, no extra and no private values (pinned by
    tests/rules/combat/test_trusted_events.py). Never for what a person typed or a
    file held: that is validated.

    The values must be what validation would keep: exact types (a tuple, not a
    list; an int, not a bool), every required field given, strings without spaces
    around them."""
    template = _TEMPLATES.get(cls)
    if template is None:
        template = _template(cls)
    fields = template.copy()
    fields.update(values)
    made: _M = _new(cls)
    _SET_DICT(made, fields)
    _SET_FIELDS_SET(made, set(values))
    _SET_EXTRA(made, None)
    _SET_PRIVATE(made, None)
    return made


def check_fits(total: int, target: int, fumble_chance: int) -> bool:
    """Whether a Check's numbers are within its fields' limits (for ``trusted``)."""
    return (-10_000 <= total <= 10_000 and -10_000 <= target <= 10_000
            and 0 <= fumble_chance <= 100)
