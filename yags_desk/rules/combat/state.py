"""The state of a fight, computed from its events by a pure reducer.

``apply(state, event)`` returns a new state or raises :class:`RulesError`
naming the rule that forbids the event; it never changes ``state``.
Tracks never overflow: body levels past the last box count as levels beyond
Fatal (RULES 1.6, RULES 2), fatigue past a full track is dropped once the
fighter has collapsed (classic, RULES 1.7 [decision]) or become Exhausted (0.8,
combat-wounds.yags).

The state also keeps what the rules still require: ``pending`` checks that a
blow has made necessary (Critical, Fatal, Beaten), which must be rolled or
waived before the round ends, and per-round bookkeeping (declarations, who
has attacked, each fighter's defence for the round, end-of-round checks made).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from yags_desk.rules.cached import CACHED, cached_property
from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import Declare
from yags_desk.rules.combat.fighter_map import _CHUNK, FighterMap
from yags_desk.rules.combat.things import Thing
from yags_desk.rules.derived import Derived, derive
from yags_desk.rules.editions import Edition
from yags_desk.rules.errors import RulesError
from yags_desk.rules.options import DEFAULT_OPTIONS, RulesOptions
from yags_desk.rules.tracks import classic_level, fatigue_capacity
from yags_desk.rules.wounds import berserk_result

__all__ = ["CHECK_NAMES", "CHECK_RULES", "CombatState", "FighterState", "Pending", "body_capacity",
           "check_name", "check_rule", "cleared", "fatigue_capacity", "replace"]

assert _CHUNK == 32  # CombatState.fighter divides by shifting

V08_FATAL = 6  # RULES 2: 6+ wounds is Fatal; a living fighter is never worse
V08_BEATEN = 6
_BERSERK_CATEGORIES = ("Hurt", "Light", "Medium")
_CLASSIC_CATEGORIES = ("Hurt", "Light", "Medium", "Serious", "Critical", "Fatal")

# The rule each check comes from, for messages and the log.
CHECK_RULES = {
    "critical": "RULES 1.6", "fatal": "RULES 1.6", "fatal_round": "RULES 1.6",
    "dying": "RULES 1.6", "beaten": "RULES 2", "fatigue": "RULES 1.7",
    "berserk": "RULES 1.9", "riding": "RULES 1.11", "fall": "RULES 1.11",
    "disarm": "RULES 1.9", "break_weapon": "RULES 1.9", "killing_blow": "RULES 1.6",
    "first_aid": "RULES 1.10", "nonlethal": "RULES 3.3", "other": "the GM",
    "assess": "RULES 3.2",
}
CHECK_NAMES = {
    "critical": "Critical consciousness roll", "fatal": "Fatal roll",
    "fatal_round": "end-of-round Fatal roll", "dying": "dying roll",
    "beaten": "Beaten Health check", "fatigue": "fatigue roll", "berserk": "berserk roll",
    "riding": "riding roll", "fall": "falling roll", "disarm": "disarm roll",
    "break_weapon": "break roll", "killing_blow": "killing blow", "first_aid": "first aid",
    "nonlethal": "roll to keep weapon or footing", "other": "roll",
    "assess": "assess roll",
}


# 0.8 calls its survival rolls Health checks (RULES 2).
_V08_NAMES = {"fatal": "Fatal Health check", "fatal_round": "end-of-round Health check",
              "dying": "Health check of the dying", "beaten": "Beaten Health check"}


def check_name(kind: str, edition: str = "classic") -> str:
    if edition == "0.8" and kind in _V08_NAMES:
        return _V08_NAMES[kind]
    return CHECK_NAMES.get(kind, kind)


def check_rule(kind: str, edition: str = "classic") -> str:
    if edition == "0.8" and kind in _V08_NAMES:
        return "RULES 2"
    return CHECK_RULES.get(kind, "RULES")


def body_capacity(c: Character) -> int:
    """Boxes on the body track: the classic sheet's boxes, or 6 (Fatal) in 0.8."""
    return sum(c.body_boxes) if c.edition == "classic" else V08_FATAL


def _with_extra(boxes: tuple[int, ...], extra: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(n + extra.get(cat, 0) for cat, n in zip(_CLASSIC_CATEGORIES, boxes,
                                                         strict=True))


def _extra_filled(boxes: tuple[int, ...], extra: Mapping[str, int], filled: int) -> int:
    """How many berserk boxes are among the first ``filled`` boxes. Within a
    category the real box fills first (RULES 1.9)."""
    count = 0
    for cat, real in zip(_CLASSIC_CATEGORIES, boxes, strict=True):
        more = extra.get(cat, 0)
        if filled <= real:
            return count
        filled -= real
        used = min(filled, more)
        count += used
        filled -= used
    return count


_T = TypeVar("_T")


class _Known:
    """What replace() needs to know of a class, worked out on first use: for each
    field, its default (MISSING: none) and the cached values worked out from it;
    and for each set of fields replace() has been asked to change, what it does
    (``steps``)."""

    __slots__ = ("defaults", "kept", "names", "plan", "prune_at", "set_dict", "steps")

    def __init__(self, cls: type) -> None:
        for klass in cls.__mro__:
            for name, value in vars(klass).items():
                if isinstance(value, functools.cached_property):
                    # It would be carried to the new version unchecked (see replace).
                    raise TypeError(f"{cls.__name__}.{name}: use yags_desk.rules.cached's "
                                    "cached_property, which replace() knows of")
        self.names = frozenset(f.name for f in fields(cls))
        self.defaults = {f.name: f.default for f in fields(cls)
                         if f.default is not MISSING}
        declared: Mapping[str, frozenset[str]] = getattr(cls, "_CACHE_INPUTS", {})
        cached = CACHED.get(cls, [])
        # A cached value is worked out from its declared fields (by default, all).
        drops = {name: tuple(n for n in cached if name in declared.get(n, self.names))
                 for name in self.names}
        self.plan = {name: (self.defaults.get(name, MISSING), drops[name])
                     for name in self.names}
        self.kept = self.names | set(cached)
        # Made by __init__, an instance holds every field: trimmed once (see replace).
        self.prune_at = _PRUNE_AT + len(cached)
        self.steps: dict[tuple[str, ...], tuple[tuple[str, ...],
                                                tuple[tuple[str, Any], ...]]] = {}
        # Sets an instance's __dict__ (object.__setattr__ without its look-up on the class).
        self.set_dict = _dict_setter(cls)

    def step(self, cls: type, keys: tuple[str, ...]) -> tuple[
            tuple[str, ...], tuple[tuple[str, Any], ...]]:
        """For a change of the fields ``keys``: the cached values to drop, and each
        field with a default with that default (a field set to it is left out)."""
        unknown = sorted(set(keys) - self.names)
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
        drops = tuple(dict.fromkeys(n for k in keys for n in self.plan[k][1]))
        defaulted = tuple((k, self.plan[k][0]) for k in keys if self.plan[k][0] is not MISSING)
        made = self.steps[keys] = (drops, defaulted)
        return made


def _dict_setter(cls: type) -> Callable[[object, dict[str, Any]], None]:
    for klass in cls.__mro__:
        slot = vars(klass).get("__dict__")
        if slot is not None and hasattr(slot, "__set__"):
            setter: Callable[[object, dict[str, Any]], None] = slot.__set__
            return setter
    raise TypeError(f"{cls.__name__} instances have no __dict__")  # pragma: no cover


_FIELDS: dict[type, _Known] = {}
_PRUNE_AT = 16
_new = object.__new__


def replace(obj: _T, /, **changes: Any) -> _T:
    """dataclasses.replace for the frozen state classes here, without its per-field
    loop (a FighterState has some 30 fields and a big fight replaces thousands of
    them: issue 18). None of them has __post_init__ or init=False fields, so copying
    the field values and setting the changed ones gives the same object. A value
    cached from the old one (cached_property) is kept only when none of the fields
    it is worked out from changes (the class's _CACHE_INPUTS), so a flag such as
    ``can_act`` is not worked out again for each new version of a fighter. A field
    at its default is left out of the instance's __dict__ (the class attribute
    dataclass leaves answers for it), which keeps a long log's many fighter
    versions small.

    What a change of a given set of fields does is worked out once (_Known.step).
    Nothing but fields and the cached values of yags_desk.rules.cached is kept in
    an instance (functools' cached_property is refused on first use): a big one,
    as __init__ leaves it, is trimmed to those."""
    cls = type(obj)
    known = _FIELDS.get(cls)
    if known is None:
        known = _FIELDS[cls] = _Known(cls)
    values = obj.__dict__.copy()
    if len(values) > known.prune_at:
        defaults, kept = known.defaults, known.kept
        values = {k: v for k, v in values.items()
                  if k in kept and defaults.get(k, MISSING) is not v}
    keys = tuple(changes)
    step = known.steps.get(keys)
    if step is None:
        step = known.step(cls, keys)
    drops, defaulted = step
    for name in drops:
        values.pop(name, None)  # worked out afresh when next asked for
    values.update(changes)
    for k, d in defaulted:
        v = changes[k]
        if type(v) is type(d) and v == d:
            del values[k]
    new = _new(cls)
    known.set_dict(new, values)
    return new


_CLEARED: dict[tuple[type, frozenset[str]], bool] = {}


def cleared(obj: _T, names: frozenset[str], /, **changes: Any) -> _T:
    """``replace(obj, **changes)`` with every field of ``names`` back at its default
    as well: the end of a round clears a dozen fields of each fighter that acted,
    and replace()'s loop over them cost more than the rest of the round's end
    (issue 18). The same object as replace() gives: a field at its default is left
    out of the instance's __dict__, so those present are dropped, in one pass.
    ``names`` must all have defaults and feed no cached value (checked on first use)."""
    cls = type(obj)
    known = _FIELDS.get(cls)
    if known is None:
        known = _FIELDS[cls] = _Known(cls)
    if (cls, names) not in _CLEARED:
        assert all(n in known.defaults and not known.plan[n][1] for n in names), names
        _CLEARED[cls, names] = True
    values = obj.__dict__.copy()
    for k in values.keys() & names:
        del values[k]  # back at the default: left out (replace())
    new = _new(cls)
    known.set_dict(new, values)
    # The few other changes (timed conditions, a rest) by replace() itself.
    return replace(new, **changes) if changes else new


_DERIVED_CACHE_SIZE = 4096
_DERIVED_CACHE: dict[tuple[object, ...], tuple[Character, Derived]] = {}
# Equal options share a number in the derive() cache's keys: hashing a pydantic
# model hashes each of its fields in Python, and a fight asks for thousands of
# derived values (issue 18). By id first (the options object is kept alongside,
# so the id cannot be reused), then by value.
_OPTIONS_BY_ID: dict[int, tuple[RulesOptions, int]] = {}
_OPTIONS_BY_VALUE: dict[RulesOptions, int] = {}
_OPTIONS_COUNT = itertools.count()  # never reused: a key never meets other options


def _options_token(options: RulesOptions) -> int:
    known = _OPTIONS_BY_ID.get(id(options))
    if known is not None and known[0] is options:
        return known[1]
    if len(_OPTIONS_BY_ID) >= _DERIVED_CACHE_SIZE:
        _OPTIONS_BY_ID.clear()
        _OPTIONS_BY_VALUE.clear()  # equal options then get a new number: a cache miss
    token = _OPTIONS_BY_VALUE.get(options)
    if token is None:
        token = _OPTIONS_BY_VALUE[options] = next(_OPTIONS_COUNT)
    _OPTIONS_BY_ID[id(options)] = (options, token)
    return token


@dataclass(frozen=True)
class Pending:
    """A check the rules require before the round can end."""

    id: str
    kind: str  # a CheckKind
    target: int = 20
    fumble_chance: int = 0
    blow: int = 0  # levels of the blow that caused it (classic Fatal fumble chance)
    against: str = ""  # the other fighter (disarm, break weapon: RULES 1.9)
    amount: int = 0  # what the check needs: metres of a fall (RULES 1.11)

    def describe(self, name: str, edition: str = "classic") -> str:
        return f"{name}'s {check_name(self.kind, edition)} ({check_rule(self.kind, edition)})"


@dataclass(frozen=True)
class FighterState:
    id: str
    name: str
    side: str
    row: int
    character: Character
    minor: bool = False
    size_class: str = "medium"  # RULES 3.3 size class (AddCombatant.size_class)
    thing: Thing | None = None  # RULES 3.3 breaking things: an object, never acting
    damage_points: int = 0  # RULES 3.3: damage points an object has taken
    wounds: int = 0
    levels_beyond: int = 0  # body levels past Fatal (RULES 1.6) / wounds past 6 (RULES 2)
    stuns: int = 0
    fatigue_short: int = 0
    fatigue_long: int = 0
    initiative: int | None = None
    tiebreak: int = 0
    # condition -> rounds left (None: until cleared), in the order they were set
    conditions: tuple[tuple[str, int | None], ...] = ()
    removed: bool = False
    # Berserk (RULES 1.9): the roll's total while berserk, 0 otherwise.
    berserk_total: int = 0
    fatal_round: int | None = None  # the round the fighter reached Fatal
    good_success: bool = False  # 0.8: fights on at Fatal or Beaten (RULES 2)
    tended: bool = False  # first aid succeeded (RULES 1.6, 1.10)
    # The round the fighter began dying (see ``dying``); kept by the reducer.
    dying_since: int | None = None
    fatigue_checks: int = 0  # fatigue rolls since the last rest (RULES 1.7)
    weapons_state: tuple[tuple[str, str], ...] = ()  # weapon name -> damaged/broken/dropped
    # RULES 3.2 advantage (optional.advantage): the counter, and the fighter whose
    # attack last wounded this one (who is credited with defeating it).
    advantage: int = 0
    struck_by: str = ""
    # RULES 3.2 hit locations: body levels (classic) / wounds (0.8) taken per place.
    location_levels: tuple[tuple[str, int], ...] = ()
    # This round
    declaration: Declare | None = None
    attacked: bool = False
    countered: bool = False
    defence: int | None = None  # classic: the defence rolled for this round (RULES 1.5)
    defended: bool = False
    checks_done: tuple[str, ...] = ()
    # 0.8, this round (RULES 2): the fighters its declared defences cover, in the
    # order they were taken; the fighters it may counter strike; a fatigue level
    # taken to act normally at initiative 0; initiative re-rolled.
    defending: tuple[str, ...] = ()
    counter_due: tuple[str, ...] = ()
    acts_normally: bool = False
    rerolled: bool = False
    # RULES 3.1 board rows, 0.8: metres moved between rows this round (RULES 2 Move).
    moved_m: int = 0
    # RULES 3.3 strike recovery: melee strikes made this round (its own, strikes
    # back, counter strikes, reactions, free attacks, hampers), counted from the
    # Attack events by the reducer.
    strikes: int = 0

    # The flags below are asked for hundreds of thousands of times in a big fight;
    # a FighterState never changes, so each is worked out once (issue 18), and
    # replace() hands it on to the new version of the fighter unless one of the
    # fields it is worked out from changes: keep this in step with the flags.
    _CACHE_INPUTS: ClassVar[Mapping[str, frozenset[str]]] = {
        "dead": frozenset({"conditions"}),
        "can_act": frozenset({"removed", "conditions", "thing"}),
        "acts": frozenset({"removed", "conditions", "thing"}),
        "dying": frozenset({"removed", "conditions", "tended", "character", "wounds",
                            "fatigue_short", "fatigue_long", "thing"}),
        "exhausted": frozenset({"removed", "conditions", "thing", "character",
                                "fatigue_short", "fatigue_long"}),
        "_body_capacity": frozenset({"character", "berserk_total"}),
        "_derived_memo": frozenset({"character", "wounds", "stuns", "fatigue_short",
                                    "fatigue_long", "berserk_total"}),
    }

    def has(self, condition: str) -> bool:
        conditions = self.conditions
        if not conditions:
            return False
        key = condition.casefold()
        for name, _ in conditions:  # a loop, not any() over a generator (issue 18)
            if name == key:
                return True
        return False

    @cached_property
    def dead(self) -> bool:
        return self.has("dead")

    @cached_property
    def can_act(self) -> bool:
        return not (self.removed or self.dead or self.has("unconscious")
                    or self.thing is not None)  # RULES 3.3: an object never acts

    @property
    def fallen(self) -> bool:
        """Unable to act and no standing object either: someone (or something
        broken) an attack passes over for a standing foe (RULES 1.5, 2, 3.3)."""
        return not self.can_act and (self.thing is None or self.has("broken")
                                     or self.removed)

    @property
    def surprised(self) -> bool:
        """Caught unawares: while the "surprised" condition lasts the fighter takes
        no action and has no active defence, only the 15 of RULES 1.5 for the
        unaware (classic) or the passive 15 of RULES 2 (0.8), as RULES 3.2
        describes surprise (issue 14)."""
        if not self.conditions:  # most fighters (no call to has(): issue 18)
            return False
        return self.can_act and self.has("surprised")

    @cached_property
    def acts(self) -> bool:
        """Able to act this round: conscious, alive and not surprised."""
        return self.can_act and not self.has("surprised")

    @cached_property
    def exhausted(self) -> bool:
        """0.8: the fatigue track is full (short and long-term fatigue together reach
        the capacity). combat-wounds.yags (Fatigue) says an Exhausted character must
        rest at once, and core.md (Movement, Running) that any movement then takes the
        whole round, with no attack or defence, and no running. [decision] They stay
        conscious (the classic collapse, RULES 1.7, is not a 0.8 rule); derived from
        the track rather than kept as a condition, so undo, replay and an override of
        the fatigue keep it right. Never for the fallen, the dead or an object."""
        if self.character.edition != "0.8" or not self.can_act:
            return False
        return self.fatigue_short + self.fatigue_long >= self.fatigue_capacity()

    @property
    def why_not(self) -> str:
        """Why the fighter cannot act, for messages."""
        if self.removed:
            return "no longer in the encounter"
        if self.thing is not None:  # RULES 3.3
            return "broken through" if self.has("broken") else "an object"
        return "dead" if self.dead else "unconscious"

    @cached_property
    def dying(self) -> bool:
        """Lying unconscious through a Fatal wound, untended: a roll each minute until
        dead or tended. Classic: the "dying" condition the Fatal roll gives (RULES 1.6);
        0.8: unconscious (or Exhausted, so resting) at Fatal, which calls for the Health
        check once a minute (RULES 2)."""
        if self.removed or self.dead or self.tended:
            return False
        if self.character.edition == "classic":
            return self.has("dying")
        # RULES 2: at Fatal, the Health check comes once a minute while "unconscious
        # or resting"; an Exhausted fighter must rest (combat-wounds.yags, Fatigue), so
        # [decision] it keeps that clock, not the end-of-round check of those who
        # fight on (a 0.8 fight saved when a full track still collapsed the fighter
        # replays with the same checks).
        return (self.has("unconscious") or self.exhausted) and self.wounds >= V08_FATAL

    @property
    def helpless(self) -> bool:
        return not self.dead and (self.has("unconscious") or self.has("helpless"))

    @property
    def berserk_boxes(self) -> dict[str, int]:
        if not self.berserk_total:
            return {}
        return berserk_result(self.berserk_total).extra_boxes

    def body_boxes(self) -> tuple[int, ...]:
        if not self.berserk_total:
            return self.character.body_boxes
        return _with_extra(self.character.body_boxes, self.berserk_boxes)

    def fatigue_boxes(self) -> tuple[int, ...]:
        if not self.berserk_total:
            return self.character.fatigue_boxes
        return _with_extra(self.character.fatigue_boxes, self.berserk_boxes)

    def body_capacity(self) -> int:
        return self._body_capacity

    @cached_property
    def _body_capacity(self) -> int:
        if self.character.edition == "classic":
            return sum(self.body_boxes())
        return V08_FATAL

    def fatigue_capacity(self) -> int:
        if self.character.edition == "classic":
            return sum(self.fatigue_boxes())
        return fatigue_capacity(self.character)

    def at_fatal(self) -> bool:
        return self.wounds >= self.body_capacity()

    def wound_category(self) -> str:
        """Classic category of the last filled body box ("Unhurt" when none)."""
        return classic_level(self.body_boxes(), self.wounds)[0]

    def weapon_state(self, weapon: str) -> str:
        if not self.weapons_state:
            return ""  # every weapon whole and in hand (the usual case: no dict to build)
        return dict(self.weapons_state).get(weapon, "")

    def current_character(self) -> Character:
        """The character with its current wounds, stuns and fatigue, and berserk
        boxes added to the tracks, so derived penalties are the current ones."""
        update: dict[str, object] = {
            "wounds": self.wounds, "stuns": min(self.stuns, V08_BEATEN),
            "fatigue_short": self.fatigue_short, "fatigue_long": self.fatigue_long}
        if self.berserk_total:
            update["body_boxes"] = self.body_boxes()
            update["fatigue_boxes"] = self.fatigue_boxes()
        return self.character.model_copy(update=update)

    @cached_property
    def _derived_memo(self) -> dict[int, tuple[RulesOptions, Derived]]:
        """derived()'s answers for the fighter as it is, by the options' id: handed
        on by replace() to the next version of the fighter while its character,
        wounds, stuns, fatigue and berserk boxes stay (issue 18: a round asks some
        1,500 times, mostly of fighters whose numbers have not changed)."""
        return {}

    def derived(self, options: RulesOptions = DEFAULT_OPTIONS) -> Derived:
        """derive() of the current character, cached: replaying a long log asks
        for the same fighter's numbers many times."""
        memo = self._derived_memo
        mine = memo.get(id(options))
        if mine is not None and mine[0] is options:  # the options are kept: no id reuse
            return mine[1]
        d = self._derived(options)
        memo[id(options)] = (options, d)
        return d

    def _derived(self, options: RulesOptions) -> Derived:
        key = (id(self.character), self.wounds, self.stuns, self.fatigue_short,
               self.fatigue_long, self.berserk_total, _options_token(options))
        hit = _DERIVED_CACHE.get(key)
        if hit is not None and hit[0] is self.character:
            return hit[1]
        if len(_DERIVED_CACHE) >= _DERIVED_CACHE_SIZE:
            _DERIVED_CACHE.clear()
        d = derive(self.current_character(), options)
        # The character is kept in the value, so its id cannot be reused meanwhile.
        _DERIVED_CACHE[key] = (self.character, d)
        return d

    def with_condition(self, condition: str, rounds: int | None) -> FighterState:
        key = condition.casefold()
        kept = tuple((n, r) for n, r in self.conditions if n != key)
        return replace(self, conditions=(*kept, (key, rounds)))

    def without_condition(self, condition: str) -> FighterState:
        key = condition.casefold()
        return replace(self, conditions=tuple((n, r) for n, r in self.conditions if n != key))

    def calmed(self) -> FighterState:
        """Leaving berserk: the extra boxes and the damage in them go (RULES 1.9)."""
        if not self.berserk_total:
            return self
        extra = self.berserk_boxes
        body = _extra_filled(self.character.body_boxes, extra, self.wounds)
        fatigue_total = self.fatigue_short + self.fatigue_long
        tired = _extra_filled(self.character.fatigue_boxes, extra, fatigue_total)
        short = max(0, self.fatigue_short - tired)
        long_ = self.fatigue_long - max(0, tired - self.fatigue_short)
        return replace(self, berserk_total=0, wounds=self.wounds - body, fatigue_short=short,
                       fatigue_long=long_).without_condition("berserk")


class _Alive:
    """The ids of the fighters neither removed nor dead (CombatState.alive)."""

    def __init__(self, fm: FighterMap) -> None:
        self.mark = fm.mark()
        self.ids = {f.id for f in fm.values() if not (f.removed or f.dead)}

    def current(self, fm: FighterMap) -> set[str]:
        """The ids in ``fm`` (the map holding this index), changes taken in."""
        changed = fm.changed_now(self)
        if changed is None:
            self.__init__(fm)  # type: ignore[misc]  # read too long ago: afresh
        elif changed:
            ids = self.ids
            for f in changed:
                if f.removed or f.dead:
                    ids.discard(f.id)
                else:
                    ids.add(f.id)
        return self.ids


@dataclass(frozen=True)
class CombatState:
    edition: Edition
    options: RulesOptions = DEFAULT_OPTIONS
    round: int = 1
    # A FighterMap (fighter_map.py): replacing one fighter does not copy the others.
    fighters: Mapping[str, FighterState] = field(default_factory=FighterMap)
    pending: tuple[Pending, ...] = ()
    # The last attack of the round (attacker, defender): its target may strike back.
    last_attack: tuple[str, str] | None = None
    # RULES 3.3 darkness level (SetDarkness); [decision] until the GM sets one, a
    # fight with the option on is under a clear sky and a full moon, the mildest.
    darkness: str = "clear_full"
    # The last attack when it was a RULES 3.1 reaction strike (attacker, defender):
    # a counterattack never triggers another (optional/reactions.py).
    last_reaction: tuple[str, str] | None = None

    def fighter(self, fid: str) -> FighterState:
        fm = self.fighters
        try:
            # FighterMap.__getitem__ inlined: the rules ask for a fighter by id some
            # 30,000 times in a 200-fighter round (issue 18). _CHUNK is 32 (>> 5, & 31).
            p = fm._pos[fid]  # type: ignore[attr-defined]
            if p < fm._len:  # type: ignore[attr-defined]
                f: FighterState = fm._chunks[p >> 5][p & 31]  # type: ignore[attr-defined]
                return f
        except KeyError:
            pass
        except AttributeError:  # another mapping than a FighterMap
            if type(fm) is not FighterMap and fid in fm:
                return fm[fid]
        raise RulesError(f"no combatant with id {fid!r} in this encounter")

    def active(self) -> list[FighterState]:
        return [f for f in self.fighters.values() if not f.removed]

    def alive(self) -> list[FighterState]:
        """Fighters neither removed nor dead, in board order: those the end of a round
        looks at. Kept as an index (fighter_map.py), so a long fight's dead cost
        nothing (issue 18)."""
        fm = FighterMap.of(self.fighters)
        live = fm.index("alive", _Alive).current(fm)
        return [fm[fid] for fid in sorted(live, key=fm.position)]

    def pending_for(self, fid: str) -> list[Pending]:
        return [p for p in self.pending if p.id == fid]

    def _with_pair(self, a: FighterState, b: FighterState, **changes: Any) -> CombatState:
        """``self._with(a)._with(b, **changes)`` in one new state."""
        fighters = self.fighters
        fm = fighters if type(fighters) is FighterMap else FighterMap.of(fighters)
        after = fm.with_fighter(a).with_fighter(b)
        if changes:
            return replace(self, fighters=after, **changes)
        return self if after is fm else replace(self, fighters=after)

    def _with(self, f: FighterState, **changes: Any) -> CombatState:
        """This state with ``f`` in place of the fighter of its id, and ``changes``
        to its other fields (replace() in one copy)."""
        fighters = self.fighters
        fm = fighters if type(fighters) is FighterMap else FighterMap.of(fighters)
        after = fm.with_fighter(f)
        if changes:
            return replace(self, fighters=after, **changes)
        if after is fm:
            return self  # unchanged (a reducer step that had nothing to do)
        values = self.__dict__.copy()  # replace(), for the one field that changes
        values["fighters"] = after
        new = _new(CombatState)
        _SET_STATE_DICT(new, values)
        return new


_SET_STATE_DICT = _dict_setter(CombatState)
