"""Adding, removing and moving combatants on the board.

Before the fight has begun (no event yet), these change the encounter's
starting roster (one undoable :class:`RosterCommand` each); once it has, they
are events: AddCombatant, RemoveCombatant and an Override of the row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError
from PySide6.QtWidgets import QDialog, QWidget

from yags_desk.qt.battle.commands import RosterCommand
from yags_desk.qt.battle.hosts import BoardHost
from yags_desk.rules.character import Character
from yags_desk.rules.combat.events import AddCombatant, MoveRow, Override, RemoveCombatant
from yags_desk.rules.combat.optional.board import OPTION as BOARD
from yags_desk.rules.combat.roster import numbered_copies, unique_id
from yags_desk.rules.errors import RulesError
from yags_desk.storage.documents import DocumentError, read_document
from yags_desk.storage.encounter_file import Combatant, Encounter
from yags_desk.storage.wording import gm_text

__all__ = ["RosterOps", "default_side"]

PC_SIDE = "Party"
NPC_SIDE = "Foes"


def default_side(encounter_sides: Sequence[tuple[str, bool]], character: Character) -> str:
    """[decision] A dropped player character joins the side of the first player
    character on the board ("Party" if none), anyone else the side of the first
    NPC ("Foes" if none). ``encounter_sides``: (side, is a PC) per fighter."""
    pc = character.kind == "pc"
    for side, is_pc in encounter_sides:
        if is_pc == pc:
            return side
    return PC_SIDE if pc else NPC_SIDE


class RosterOps:
    def __init__(self, board: BoardHost, parent: QWidget) -> None:
        self.board = board
        self.parent = parent  # what its dialogs open over

    @property
    def _started(self) -> bool:
        return bool(self.board.log.events)

    def _replace(self, combatants: list[Combatant], text: str) -> bool:
        board = self.board
        before = board.encounter
        data = before.model_dump()
        data["combatants"] = [c.model_dump() for c in combatants]
        try:
            after = Encounter.model_validate(data)
        except ValidationError as exc:
            board.refuse(gm_text(exc))
            return False
        try:
            from yags_desk.storage.encounter_file import encounter_log

            encounter_log(after)
        except RulesError as exc:
            board.refuse(str(exc))
            return False
        board.undo_stack.push(RosterCommand(board, before, after, text))
        return True

    def add(self, adds: Sequence[AddCombatant]) -> bool:
        if not adds:
            return False
        names = ", ".join(a.name for a in adds[:3]) + ("…" if len(adds) > 3 else "")
        text = f"Add {names}"
        if self._started:
            return self.board.push_events(adds, text)
        new = [Combatant(id=a.id, name=a.name, side=a.side, row=a.row, character=a.character,
                         minor=a.minor, size_class=a.size_class,
                         surprised=a.surprised, thing=a.thing) for a in adds]
        return self._replace([*self.board.encounter.combatants, *new], text)

    def copies(self, character: Character, count: int, side: str, row: int,
               minor: bool = False) -> list[AddCombatant]:
        """``count`` combatants of ``character``: one keeps its name unless the name
        is taken, bare or numbered; more are numbered after those on the board
        (roster.numbered_copies), an unnumbered one already there counting as number 1."""
        state = self.board.state
        existing = [AddCombatant(id=f.id, name=f.name, side=f.side, row=f.row,
                                 character=f.character) for f in state.fighters.values()]
        name = character.name.strip()
        numbered = any(re.fullmatch(rf"{re.escape(name)} \d+", a.name) for a in existing)
        taken = {f.name for f in state.fighters.values()}
        if count == 1 and character.name not in taken and not numbered:
            fid = unique_id(character.name, set(state.fighters))
            return [AddCombatant(id=fid, name=character.name, side=side, row=row,
                                 character=character, minor=minor)]
        # [decision] A batch joining a lone unnumbered copy ("Wolf") counts it as number
        # 1: the newcomers are "Wolf 2", "Wolf 3"… and the first keeps its name (renaming
        # it would change what the log and the GM's notes already say about it).
        if not numbered:
            existing += [a.model_copy(update={"name": f"{name} 1"}) for a in existing
                         if a.name == name][:1]
        return numbered_copies(character, count, side, row, existing=existing, minor=minor)

    def add_from_paths(self, paths: Sequence[str], row: int) -> bool:
        """Characters dropped from the library: one combatant each, in ``row``."""
        adds: list[AddCombatant] = []
        board = self.board
        for name in paths:
            try:
                model = read_document(Path(name), "character").model
            except (DocumentError, OSError) as exc:
                board.refuse(f"{Path(name).name}: {str(exc).splitlines()[0]}")
                return False
            assert isinstance(model, Character)
            if model.edition != board.state.edition:
                board.refuse(f"{model.name} is a {model.edition} character; this encounter "
                             f"is {board.state.edition}")
                return False
            sides = [(f.side, f.character.kind == "pc") for f in board.state.fighters.values()]
            sides += [(a.side, a.character.kind == "pc") for a in adds]
            made = self.copies(model, 1, default_side(sides, model), row,
                               minor=model.kind != "pc")
            taken = {f.id for f in board.state.fighters.values()} | {a.id for a in adds}
            for a in made:
                if a.id in taken:
                    a = a.model_copy(update={"id": unique_id(a.name, taken)})
                taken.add(a.id)
                adds.append(a)
        return self.add(adds)

    def remove(self, fid: str) -> bool:
        board = self.board
        f = board.state.fighter(fid)
        if self._started:
            return board.push_events([RemoveCombatant(id=fid)], f"Remove {f.name}")
        kept = [c for c in board.encounter.combatants if c.id != fid]
        return self._replace(kept, f"Remove {f.name}")

    def move_row(self, fid: str, row: int) -> bool:
        board = self.board
        f = board.state.fighter(fid)
        text = f"Move {f.name} to row {row}"
        if self._started and board.state.options.uses(BOARD):
            # RULES 3.1: with board rows on, a move is the fighter's action (logged).
            return board.push_events([MoveRow(id=fid, row=row)], text)
        if self._started:
            return board.push_events([Override(id=fid, field="row", value=row,
                                               reason="moved on the board")], text)
        moved = [c.model_copy(update={"row": row}) if c.id == fid else c
                 for c in board.encounter.combatants]
        return self._replace(moved, text)

    def add_dialog(self) -> bool:
        from yags_desk.qt.battle.setup import AddCombatantsDialog

        dialog = AddCombatantsDialog(self.board.library, self.board.state, self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.add(dialog.combatants(self))
