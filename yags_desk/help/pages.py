"""The help pages shipped in ``resources/help`` and the page of each view or dialog.

A view or dialog finds its page by its class name (:data:`HELP_PAGES`), or by a
``help_page`` property set on the widget (the Qt side reads it first).
"""

from __future__ import annotations

from pathlib import Path

from yags_desk.storage.paths import resource_dir

__all__ = ["HELP_PAGES", "INDEX", "RULES", "help_dir", "page_for_class", "page_path"]

INDEX = "index.html"
RULES = "rules.html"

# Class name of a view, dock or dialog -> its manual page.
HELP_PAGES: dict[str, str] = {
    "MainWindow": INDEX,
    "StartPage": "start.html",
    "RecoveryDialog": "start.html",
    "LibraryDock": "library.html",
    "CharacterEditor": "character.html",
    "PlaceholderCharacterView": "character.html",
    "CatalogueView": "catalogue.html",
    "PlaceholderCatalogueView": "catalogue.html",
    "ItemDialog": "item.html",
    "BattleBoard": "battle.html",
    "ForecastDialog": "battle.html#forecast",
    "StartingAdvantageDialog": "battle.html#advantage",  # RULES 3.2
    "BattleView": "mass-battle.html",
    "HealingView": "healing.html",
    "NewEncounterDialog": "new-encounter.html",
    "AddCombatantsDialog": "add-combatants.html",
    "AddObjectDialog": "add-combatants.html#objects",
    "DeclareDialog": "declare.html",
    "InitiativeDialog": "initiative.html",
    "AttackDialog": "attack.html",
    "CheckDialog": "check.html",
    "FirstAidDialog": "first-aid.html",
    "OverrideDialog": "override.html",
    "ConditionDialog": "condition.html",
    "PrintOptionsDialog": "printing.html",
    "DiceDock": "dice.html",
    "PlayersWindow": "players.html",
    "ShortcutsDialog": INDEX,
    "AboutDialog": INDEX,
}


def help_dir() -> Path:
    """The folder of the shipped help pages."""
    return resource_dir() / "help"


def page_path(page: str) -> Path:
    """The file of ``page`` (``"attack.html"``, an anchor after ``#`` is ignored)."""
    return help_dir() / page.partition("#")[0]


def page_for_class(name: str) -> str | None:
    """The page of a view or dialog class named ``name``, or None."""
    return HELP_PAGES.get(name)
