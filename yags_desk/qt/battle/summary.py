"""What the board shows of each fighter, as plain values (no Qt here).

The cards and the initiative list both read a :class:`FighterSummary`; the
roster model compares summaries to emit ``dataChanged`` only for the fighters
an event touched. Wound levels and penalties come from the rules' tracks
(classic body levels, RULES 1.6; 0.8 wounds and stuns, RULES 2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from yags_desk.rules.combat.due import next_dying_roll
from yags_desk.rules.combat.optional import objects
from yags_desk.rules.combat.optional.advantage import advantage_label
from yags_desk.rules.combat.optional.harn_state import size_label
from yags_desk.rules.combat.sentences import EXHAUSTED_TEXT, rounds_text
from yags_desk.rules.combat.state import CombatState, FighterState
from yags_desk.rules.combat.turns import turn_order
from yags_desk.rules.derived_values import Derived
from yags_desk.rules.errors import RulesError
from yags_desk.rules.tracks import classic_level, v08_stun_level, v08_wound_level

__all__ = ["SIDE_COLOURS", "FighterSummary", "SummaryCache", "dying_status", "side_colours",
           "summarize", "turn_order"]

# Side colours in the order sides first appear on the board [decision]: derived, not
# stored, so the same encounter always shows the same colours. Chosen to read on both
# the light and the dark palette.
SIDE_COLOURS = ("#2f7fd0", "#d0452f", "#3a9a4a", "#c08a1a", "#8a55c8", "#1a9a9a",
                "#c8509a", "#6f7f2a")


def side_colours(state: CombatState) -> dict[str, str]:
    out: dict[str, str] = {}
    for f in state.fighters.values():
        if f.side not in out:
            out[f.side] = SIDE_COLOURS[len(out) % len(SIDE_COLOURS)]
    return out


@dataclass(frozen=True)
class FighterSummary:
    id: str
    name: str
    side: str
    row: int
    order: int | None  # 1-based place in the turn order, None when not acting
    initiative: str
    wounds: str  # "Light −2" / "Unhurt"
    stuns: str  # 0.8 only
    fatigue: str
    penalty: int
    conditions: str
    weapon: str
    action: str  # declared action -> target
    status: str
    npc: bool
    able: bool
    hurt: bool
    # The numbers before dice of the weapon shown: "Attack 45 · Defence 40 · Soak 23"
    # (and "Init 21 + dice" until initiative is rolled); shown on large cards.
    numbers: str = ""


# [decision] A track's level depends only on its boxes and how many are filled, and
# the cards read every fighter's wounds and fatigue again after each round of a big
# fight (issue 18): the levels are kept by those two (RULES 1.6).
_classic_level = lru_cache(maxsize=1024)(classic_level)


def _level(name: str, penalty: int) -> str:
    return f"{name} {penalty:+d}".replace("-", "−") if penalty else name


def _wounds(state: CombatState, f: FighterState) -> tuple[str, str]:
    # Levels past Fatal in words (a bare "+6" told the GM nothing; RULES 1.6, RULES 2).
    beyond = f", {f.levels_beyond} beyond" if f.levels_beyond else ""
    if state.edition == "classic":
        name, penalty = _classic_level(f.body_boxes(), f.wounds)
        return _level(name, penalty) + beyond, ""
    name, penalty = v08_wound_level(f.wounds, state.options.v08_track())
    wounds = _level("Unhurt" if name == "Okay" else name, penalty) + beyond
    if f.stuns:
        sname, spen = v08_stun_level(f.stuns, state.options.v08_track())
        return wounds, "Stuns: " + _level(sname, spen)
    return wounds, ""


def _fatigue(state: CombatState, f: FighterState) -> str:
    total = f.fatigue_short + f.fatigue_long
    if not total:
        return ""
    if state.edition == "classic":
        name, penalty = _classic_level(f.fatigue_boxes(), total)
        return "Fatigue: " + _level(name, penalty)
    return f"Fatigue {total}/{f.fatigue_capacity()}"


def _derived(state: CombatState, f: FighterState) -> Derived | None:
    """The fighter's derived values, or None when they cannot be worked out."""
    try:
        return f.derived(state.options)
    except (RulesError, ValueError):
        return None


def _weapon(f: FighterState, d: Derived | None) -> str:
    """The weapon a card shows: the declared style, else the best usable melee one."""
    declared = f.declaration
    if declared is not None and declared.style:
        return declared.style
    if d is None:
        return ""
    usable = [s for s in d.styles if s.usable and s.style != "missile"]
    best = max(usable, key=lambda s: s.attack.total + s.damage.total, default=None)
    return best.label if best is not None else ""


def _numbers(f: FighterState, d: Derived | None, weapon: str) -> str:
    """Initiative (until rolled), attack, defence and soak before dice, with the
    weapon the card shows."""
    if d is None:
        return ""
    style = next((s for s in d.styles if s.label == weapon), None)
    parts = []
    if f.initiative is None:
        init = style.initiative if style is not None and style.initiative is not None \
            else d.initiative
        if init is not None:
            parts.append(f"Init {init.total} + dice")
    if style is not None:
        parts.append(f"Attack {style.attack.total}")
        if style.defence is not None:
            parts.append(f"Defence {style.defence.total}")
    parts.append(f"Soak {d.soak.total}")
    return " · ".join(parts).replace("-", "−")


def _weapon_numbers(f: FighterState, d: Derived | None) -> tuple[str, str]:
    weapon = _weapon(f, d)
    return weapon, _numbers(f, d, weapon)


_ACTIONS = {"attack": "attacks", "missile": "shoots at", "rest": "rests", "wait": "waits",
            "move": "moves", "stand_up": "stands up", "kill_helpless": "kills helpless",
            "reroll_initiative": "re-rolls initiative", "other": "other action"}


def _action(state: CombatState, f: FighterState) -> str:
    d = f.declaration
    if d is None:
        return ""
    text = _ACTIONS.get(d.action, d.action)
    if d.target:
        target = state.fighters.get(d.target)
        text += f" → {target.name if target is not None else d.target}"
    extras = [d.special.replace("_", " ")] if d.special else []
    if d.stance != "normal":
        extras.append(d.stance)
    if d.defences is not None and state.edition == "0.8":
        extras.append(f"{d.defences} def.")
    if d.manoeuvre:  # RULES 3.2
        extras.append(d.manoeuvre)
    return text + (f" ({', '.join(extras)})" if extras else "")


def dying_status(state: CombatState, f: FighterState) -> str:
    """"dying · roll in N rounds" for a fighter owing a dying roll once a minute
    (RULES 1.6, RULES 2; 12 rounds a minute, see rules/combat/due.py); "" otherwise."""
    at = next_dying_roll(state, f)
    if at is None:
        return ""
    left = at - state.round
    if left == 0:
        return "dying · roll at end of round"
    return f"dying · roll in {rounds_text(left)}"


def _status(state: CombatState, f: FighterState) -> str:
    if f.removed:
        return "removed"
    if f.dead:
        return "dead"
    if f.dying:
        return dying_status(state, f)
    if f.has("unconscious"):
        return "unconscious"
    if f.exhausted:  # 0.8: awake, bound to rest (combat-wounds.yags, Fatigue)
        return "exhausted"
    if f.attacked:
        return "has acted"
    if state.pending_for(f.id):
        return "check due"
    return "ready" if f.declaration is not None else "to declare"


def summarize(state: CombatState, f: FighterState, order: int | None = None) -> FighterSummary:
    return _summarize(state, f, order, None)


def _summarize(state: CombatState, f: FighterState, order: int | None,
               shown: WeaponNumbers | None) -> FighterSummary:
    """:func:`summarize`; ``shown``: where the weapon and numbers shown are kept."""
    wounds, stuns = _wounds(state, f)
    d = _derived(state, f)
    penalty = d.total_penalty if d is not None else 0
    # Dead is dead: the "unconscious" and "dying" a fighter died with are not shown.
    hidden = ("dead", "unconscious", "dying") if f.dead else ("dead",)
    conditions = ", ".join([n if r is None else f"{n} ({r})" for n, r in f.conditions
                            if n not in hidden]) if f.conditions else ""
    if f.exhausted:  # 0.8, first: what the fighter may do this round
        conditions = ", ".join(x for x in (EXHAUSTED_TEXT, conditions) if x)
    if state.options.uses("size_class") and f.size_class != "medium":  # RULES 3.3
        conditions = ", ".join(x for x in (size_label(f.size_class), conditions) if x)
    if state.options.uses("advantage"):  # RULES 3.2: the counter and what it is worth
        conditions = ", ".join(x for x in (advantage_label(f.advantage), conditions) if x)
    if f.thing is not None:  # RULES 3.3 breaking things: damage points, not wounds
        return replace(_object_summary(state, f, order), conditions=conditions)
    weapon, numbers = _weapon_numbers(f, d) if shown is None else shown.get(f, d)
    return _made(
        id=f.id, name=f.name, side=f.side, row=f.row, order=order,
        initiative="" if f.initiative is None else str(f.initiative),
        wounds=wounds, stuns=stuns, fatigue=_fatigue(state, f), penalty=penalty,
        conditions=conditions.replace("_", " "), weapon=weapon,
        numbers=numbers,
        action=_action(state, f), status=_status(state, f),
        npc=f.character.kind != "pc", able=f.can_act,
        hurt=bool(f.wounds or f.stuns or f.fatigue_short or f.fatigue_long))


_new = object.__new__
_set = object.__setattr__


def _made(**values: Any) -> FighterSummary:
    """``FighterSummary(**values)``, ``values`` holding every field. [decision] The
    frozen dataclass's __init__ sets each of its 18 fields through
    object.__setattr__, a fifth of summarising a 200-fighter board after a round
    (issue 18); it has no __post_init__, so filling the instance's __dict__ at once
    makes the same object (as rules/combat/state.py's replace does)."""
    made = _new(FighterSummary)
    _set(made, "__dict__", values)
    return made


def _object_summary(state: CombatState, f: FighterState, order: int | None) -> FighterSummary:
    """An object's card (RULES 3.3): its damage points and soaks, no wounds or weapon."""
    return FighterSummary(
        id=f.id, name=f.name, side=f.side, row=f.row, order=order, initiative="",
        wounds=objects.points_text(f), stuns="", fatigue="", penalty=0, conditions="",
        weapon="", action=objects.kind_text(f), numbers="",
        status="removed" if f.removed else "broken through" if f.has(objects.BROKEN)
        else "an object", npc=True, able=False, hurt=bool(f.damage_points))


class WeaponNumbers:
    """The weapon and the numbers before dice a card shows, kept while what they are
    made from stays the same (issue 18: after a round of a big fight every fighter's
    state is new, and working these out again was half of summarising it).

    They are made from the fighter's derived values alone (the same object while
    its character, wounds, stuns, fatigue and the options stay the same, see
    ``FighterState.derived``), its declared style and whether its initiative is
    still to roll. Entries are kept by the derived object, which each entry holds
    so that its id cannot be reused; what the last refresh did not use is dropped.
    """

    def __init__(self) -> None:
        self._kept: dict[tuple[int, str | None, bool], tuple[Derived, str, str]] = {}
        self._used: dict[tuple[int, str | None, bool], tuple[Derived, str, str]] = {}

    def get(self, f: FighterState, d: Derived | None) -> tuple[str, str]:
        if d is None:
            return _weapon_numbers(f, d)
        declared = f.declaration
        key = (id(d), declared.style if declared is not None else None, f.initiative is None)
        hit = self._used.get(key) or self._kept.get(key)
        if hit is None or hit[0] is not d:
            hit = (d, *_weapon_numbers(f, d))
        self._used[key] = hit
        return hit[1], hit[2]

    def refreshed(self) -> None:
        """A refresh is over: keep what it used, drop the rest."""
        self._kept, self._used = self._used, {}


class SummaryCache:
    """:func:`summarize` for every fighter of a state, each summary kept while what
    it is made from stays the same (issue 18: a refresh of a 200-fighter board
    summarised every fighter again, though an event changes a few).

    A summary is made from its :class:`FighterState` (immutable: an event that
    changes a fighter makes a new one) and from these parts of the state: the
    edition, the options in force, whether a check of the fighter's is due, the
    round (only while the fighter is dying), its declared target's name, and its
    place in the turn order. The cache keeps each fighter's summary with those;
    any of them changed, the summary is made again, with the weapon and numbers
    kept by :class:`WeaponNumbers`.
    """

    def __init__(self) -> None:
        self._kept: dict[str, tuple[FighterState, tuple[object, ...], FighterSummary]] = {}
        self._shown = WeaponNumbers()

    def summaries(self, state: CombatState, order: dict[str, int]) -> list[FighterSummary]:
        """The summaries of ``state``'s fighters in board order (``order``: each
        acting fighter's 1-based place in the turn order)."""
        kept = self._kept
        fresh: dict[str, tuple[FighterState, tuple[object, ...], FighterSummary]] = {}
        due = {p.id for p in state.pending}
        fighters = state.fighters
        shown = self._shown
        out = []
        for fid, f in fighters.items():
            d = f.declaration
            target = fighters.get(d.target) if d is not None and d.target else None
            key = (order.get(fid), state.edition, state.options, fid in due,
                   state.round if f.dying else None,
                   target.name if target is not None else None)
            hit = kept.get(fid)
            if hit is not None and hit[0] is f and hit[1] == key:
                summary = hit[2]
            else:
                summary = _summarize(state, f, key[0], shown)
            fresh[fid] = (f, key, summary)
            out.append(summary)
        self._kept = fresh
        shown.refreshed()
        return out
