"""Which document to print for which file: one dispatch for the command line and
the main window's File menu."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from yags_desk.printing.encounter import encounter_before
from yags_desk.printing.encounter_after import encounter_after
from yags_desk.printing.healing import healing_record, party_after
from yags_desk.printing.npc import npc_blocks
from yags_desk.printing.quick_report import battle_report
from yags_desk.printing.sheet import character_sheets
from yags_desk.rules.character import Character
from yags_desk.rules.combat.forecast import Forecast
from yags_desk.rules.quick_combat import (
    Battle,
    BattleResult,
    TurnResult,
    battle_result,
    run_battle,
)
from yags_desk.rules.quick_turns import fought_turns
from yags_desk.storage.encounter_file import Encounter
from yags_desk.storage.healing_file import HealingFile

__all__ = ["FILE_KIND", "KINDS", "build", "default_kind"]

KINDS = ("sheet", "npc", "encounter-before", "encounter-after", "party", "battle", "healing")
# The kind of file each document prints.
FILE_KIND = {"sheet": "character", "npc": "character", "encounter-before": "encounter",
             "encounter-after": "encounter", "party": "encounter", "battle": "battle",
             "healing": "healing"}


def default_kind(model: Any) -> str:
    """sheet for characters, battle for battles; an encounter with events prints
    as after the fight, one without as before it [decision]."""
    if isinstance(model, Character):
        return "sheet"
    if isinstance(model, Battle | BattleResult):
        return "battle"
    if isinstance(model, HealingFile):
        return "healing"
    if isinstance(model, Encounter):
        return "encounter-after" if model.events else "encounter-before"
    raise ValueError(f"cannot print a {type(model).__name__}")


def build(kind: str, models: Sequence[Any], *, blank: bool = False,
          rng: random.Random | None = None, seed: int | None = None,
          on_turn: Callable[[TurnResult], None] | None = None,
          forecast: Forecast | None = None) -> str:
    """The HTML of ``kind`` for ``models`` (several characters, or one encounter or
    battle). A battle is fought with ``rng`` (``seed`` is printed with it),
    telling ``on_turn`` each turn as it ends. ``forecast`` goes into the
    encounter summary before the fight.

    Raises ValueError naming the problem; RulesError if an encounter's events
    do not replay.
    """
    if kind not in FILE_KIND:
        raise ValueError(f"kind: {kind!r} is not one of {', '.join(KINDS)}")
    if not models:
        raise ValueError("nothing to print")
    accepted: dict[str, tuple[type, ...]] = {
        "character": (Character,), "encounter": (Encounter,), "battle": (Battle, BattleResult),
        "healing": (HealingFile,)}
    wanted = accepted[FILE_KIND[kind]]
    for model in models:
        if not isinstance(model, wanted):
            raise ValueError(f"kind: {kind} prints a {FILE_KIND[kind]}, not a "
                             f"{type(model).__name__.lower()}")
    if blank and kind not in ("sheet", "npc"):
        raise ValueError(f"blank: only sheets and NPC blocks have numbers to leave blank, "
                         f"not {kind}")
    if kind == "sheet":
        return character_sheets(list(models), blank=blank)
    if kind == "npc":
        return npc_blocks(list(models), blank=blank)
    if len(models) > 1:
        raise ValueError(f"print one {FILE_KIND[kind]} at a time")
    model = models[0]
    if kind == "battle" and isinstance(model, BattleResult):
        return battle_report(model)
    if kind == "battle" and isinstance(model, Battle) and model.fought:
        # A battle saved mid-fight prints the turns it kept, not a fresh fight.
        return battle_report(battle_result(model, fought_turns(model)))
    if kind == "battle":
        return battle_report(run_battle(model, rng or random.Random(seed), on_turn=on_turn),
                             seed)
    if kind == "encounter-before":
        return encounter_before(model, forecast)
    if kind == "party":
        return party_after(model)
    if kind == "healing":
        return healing_record(model)
    return encounter_after(model)
