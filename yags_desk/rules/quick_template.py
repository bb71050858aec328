"""A quick-combat group's numbers taken from a character or NPC template (RULES 1.12).

Quick combat compares a group's initiative, attack, defence, damage and soak
with the opposing group's; for a group of like fighters those are the numbers
of one fighter before dice, as the character sheet derives them
(:func:`yags_desk.rules.derived.derive`). Each number keeps its parts, so a
view can show how it was made.

Decisions where RULES 1.12 is silent (each **[decision]**):

* **Which fighting style.** The GM may name one; otherwise the usable style
  with the highest attack + defence (ties: listed first). A style that cannot
  defend (a bow) counts the best defence of the fighter's other styles, and
  that defence is the group's: an archer in the press parries with its
  sidearm.
* **Edition.** Quick combat is a classic rule; a 0.8 character is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from yags_desk.rules.character import Character
from yags_desk.rules.derived import derive
from yags_desk.rules.derived_values import StyleValues
from yags_desk.rules.errors import RulesError
from yags_desk.rules.quick_values import Group, Leader
from yags_desk.rules.values import Value

__all__ = ["QUICK_STATS", "QuickTemplate", "quick_leader", "quick_template"]

QUICK_STATS = ("initiative", "attack", "defence", "damage", "soak")


@dataclass(frozen=True)
class QuickTemplate:
    """The five quick-combat numbers of one fighter, each with its parts."""

    character: str
    style: str
    initiative: Value
    attack: Value
    defence: Value
    damage: Value
    soak: Value
    defence_from: str = ""  # the style lending its defence, when the chosen one has none

    def stats(self) -> dict[str, int]:
        return {name: getattr(self, name).total for name in QUICK_STATS}

    def group(self, name: str, count: int) -> Group:
        """A group of ``count`` such fighters."""
        return Group(name=name, count=count, **self.stats())

    def explain(self, stat: str) -> str:
        """How one number was made, for a tooltip."""
        value: Value = getattr(self, stat)
        head = f"{stat.capitalize()} from {self.character}"
        if stat == "defence" and self.defence_from:
            head += f" ({self.defence_from}: {self.style} cannot defend)"
        elif stat != "soak":
            head += f" ({self.style})"
        return f"{head}\n{value.explain()}"

    def describe(self) -> str:
        """All five numbers on one tooltip."""
        return "\n\n".join(self.explain(stat) for stat in QUICK_STATS)


def _best_defence(styles: list[StyleValues]) -> StyleValues | None:
    defending = [s for s in styles if s.defence is not None]
    if not defending:
        return None
    return max(defending, key=lambda s: s.defence.total if s.defence else 0)


def quick_template(character: Character, style: str | None = None) -> QuickTemplate:
    """The quick numbers of ``character`` fighting with ``style`` (a style label).

    Raises RulesError for a 0.8 character, an unknown or unusable style, or a
    character with no way to fight.
    """
    if character.edition != "classic":
        raise RulesError(f"character: {character.name} is a {character.edition} character; "
                         "quick combat uses classic numbers (RULES 1.12)")
    derived = derive(character)
    usable = [s for s in derived.styles if s.usable and s.initiative is not None]
    if not usable:
        raise RulesError(f"character: {character.name} has no usable fighting style")
    guard = _best_defence(usable)

    def worth(s: StyleValues) -> int:
        defence = s.defence if s.defence is not None else (guard.defence if guard else None)
        return s.attack.total + (defence.total if defence else 0)

    if style is None:
        chosen = max(usable, key=worth)  # first listed on ties
    else:
        found = [s for s in usable if s.label == style]
        if not found:
            raise RulesError(f"style: {character.name} has no usable style {style!r}")
        chosen = found[0]
    assert chosen.initiative is not None
    defence, lender = chosen.defence, ""
    if defence is None:
        if guard is None or guard.defence is None:
            defence = Value.of("cannot defend", 0)
        else:
            defence, lender = guard.defence, guard.label
    return QuickTemplate(character.name, chosen.label, chosen.initiative, chosen.attack,
                         defence, chosen.damage, derived.soak, lender)


def quick_leader(character: Character) -> Leader:
    """A side's leader from a character: Intelligence and Battle % (RULES 1.12)."""
    if character.edition != "classic":
        raise RulesError(f"leader: {character.name} is a {character.edition} character; "
                         "quick combat uses classic numbers (RULES 1.12)")
    return Leader(name=character.name, intelligence=character.attr("intelligence"),
                  battle=character.skill("Battle"))
