"""Which document to print for which file: one dispatch for the command line and
the main window's File menu."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from yags_desk.rules.character import Character

if TYPE_CHECKING:
    from yags_desk.rules.combat.forecast import Forecast
    from yags_desk.rules.quick_combat import TurnResult

# [decision] A document's builder and the file types it prints are imported when
# that kind is printed: character sheets need neither the combat engine (the
# encounter summary's forecast) nor quick combat (issue 18, `yags-desk print`).

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
    from yags_desk.rules.quick_combat import Battle, BattleResult
    from yags_desk.storage.encounter_file import Encounter
    from yags_desk.storage.healing_file import HealingFile

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
    wanted = _accepted(FILE_KIND[kind])
    for model in models:
        if not isinstance(model, wanted):
            raise ValueError(f"kind: {kind} prints a {FILE_KIND[kind]}, not a "
                             f"{type(model).__name__.lower()}")
    if blank and kind not in ("sheet", "npc"):
        raise ValueError(f"blank: only sheets and NPC blocks have numbers to leave blank, "
                         f"not {kind}")
    if kind == "sheet":
        from yags_desk.printing.sheet import character_sheets

        return character_sheets(list(models), blank=blank)
    if kind == "npc":
        from yags_desk.printing.npc import npc_blocks

        return npc_blocks(list(models), blank=blank)
    if len(models) > 1:
        raise ValueError(f"print one {FILE_KIND[kind]} at a time")
    model = models[0]
    if kind == "battle":
        from yags_desk.printing.quick_report import battle_report
        from yags_desk.rules.quick_combat import BattleResult, battle_result, run_battle
        from yags_desk.rules.quick_turns import fought_turns

        if isinstance(model, BattleResult):
            return battle_report(model)
        if model.fought:  # saved mid-fight: the turns it kept, not a fresh fight
            return battle_report(battle_result(model, fought_turns(model)))
        return battle_report(run_battle(model, rng or random.Random(seed), on_turn=on_turn),
                             seed)
    if kind == "encounter-before":
        from yags_desk.printing.encounter import encounter_before

        return encounter_before(model, forecast)
    if kind in ("party", "healing"):
        from yags_desk.printing.healing import healing_record, party_after

        return party_after(model) if kind == "party" else healing_record(model)
    from yags_desk.printing.encounter_after import encounter_after

    return encounter_after(model)


def _accepted(file_kind: str) -> tuple[type, ...]:
    """The types of model a kind of file holds (imported when asked)."""
    if file_kind == "character":
        return (Character,)
    if file_kind == "battle":
        from yags_desk.rules.quick_combat import Battle, BattleResult

        return (Battle, BattleResult)
    if file_kind == "healing":
        from yags_desk.storage.healing_file import HealingFile

        return (HealingFile,)
    from yags_desk.storage.encounter_file import Encounter

    return (Encounter,)
