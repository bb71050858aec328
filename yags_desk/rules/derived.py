"""Every derived number of a character sheet, for both editions.

``derive(character)`` is the one entry point; the edition modules do the work
(:mod:`derived_classic` for RULES 1.2-1.4 and 1.9, :mod:`derived_v08` for
RULES 2).
"""

from __future__ import annotations

from yags_desk.rules.character import Character
from yags_desk.rules.derived_classic import derive_classic
from yags_desk.rules.derived_v08 import derive_v08
from yags_desk.rules.derived_values import Derived, StyleValues
from yags_desk.rules.options import DEFAULT_OPTIONS, RulesOptions

__all__ = ["Derived", "StyleValues", "derive"]


def derive(character: Character, options: RulesOptions = DEFAULT_OPTIONS) -> Derived:
    """All derived values of ``character`` (dispatches on its edition)."""
    if character.edition == "classic":
        return derive_classic(character)
    return derive_v08(character, options)
