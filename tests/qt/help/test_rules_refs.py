"""No bare "RULES x.y" reaches a user: the window names or links the shipped rules
reference, printouts say where to find it, and every cited section exists there."""

from __future__ import annotations

import random
import re
from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit, QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from tests.printing.samples import sample_encounter, sample_party
from tests.qt.battle.dialogs.fixtures import BOW, ford, sample_log
from yags_desk.help.pages import help_dir
from yags_desk.help.refs import cited_sections, for_paper, for_screen, linked
from yags_desk.printing import build
from yags_desk.qt.battle.dialogs import AttackDialog, DeclareDialog, InitiativeDialog
from yags_desk.qt.battle.setup import NewEncounterDialog
from yags_desk.qt.help import HelpWindow, set_rules_text
from yags_desk.rules.options import OPTIONAL_RULES, RulesOptions
from yags_desk.storage.documents import read_document

PKG = Path(__file__).resolve().parents[3] / "yags_desk"
SAMPLE = Path(__file__).resolve().parents[3] / "resources" / "sample_library"
BARE = re.compile(r"RULES\s+\d")


def test_citations_are_reworded_for_screen_paper_and_links() -> None:
    text = "needs a missile weapon (RULES 1.5, 1.8); see RULES 1.2-1.4 and RULES 2"
    assert cited_sections(text) == ["1.5", "1.8", "1.2", "1.3", "1.4", "2"]
    assert for_screen(text) == ("needs a missile weapon (Rules reference §1.5, §1.8); "
                                "see Rules reference §1.2-1.4, §2")
    assert for_paper("Fumble 4 (RULES 1.1)") == "Fumble 4 (see Help ▸ Rules reference, §1.1)"
    assert linked("a < b (RULES 1.6)") == ('a &lt; b (Rules reference '
                                           '<a href="rules:1.6">§1.6</a>)')


def _anchors() -> set[str]:
    return set(re.findall(r'name="s([\d.]+)"', (help_dir() / "rules.html").read_text()))


def test_every_section_cited_by_the_program_is_in_the_rules_reference() -> None:
    cited: set[str] = set()
    for path in PKG.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        cited.update(cited_sections(text))
        cited.update(re.findall(r"§(\d+(?:\.\d+)?)", text))
    for page in help_dir().glob("*.html"):
        cited.update(re.findall(r'href="(?:rules\.html)?#s([\d.]+)"', page.read_text()))
    assert {"1.1", "1.6", "1.12", "2", "3.3"} <= cited
    assert sorted(cited - _anchors()) == []


def _printed() -> dict[str, str]:
    options = RulesOptions(optional=tuple(OPTIONAL_RULES), classic_fumble_chance=4,
                           classic_survival_penalties=True, minor_npcs_drop_at_critical=True)
    before = sample_encounter(options=options)
    after = sample_encounter(rounds=3, options=options)
    battle = read_document(SAMPLE / "battles" / "border-skirmish.json", "battle").model
    return {
        "encounter-before": build("encounter-before", [before]),
        "encounter-after": build("encounter-after", [after]),
        "sheet": build("sheet", sample_party()),
        "npc": build("npc", sample_party()),
        "battle": build("battle", [battle], rng=random.Random(3)),
    }


def test_printouts_point_to_the_rules_reference_never_to_bare_rules() -> None:
    printed = _printed()
    for kind, html in printed.items():
        assert BARE.search(html) is None, f"{kind}: {BARE.search(html)}"
    assert "Fumble chance 4 (poor conditions, see Help ▸ Rules reference, §1.1)" \
        in printed["encounter-before"]
    assert "Hit locations (see Help ▸ Rules reference, §3.2)" in printed["encounter-before"]
    assert "see Help ▸ Rules reference, §1.12" in printed["battle"]


def _visible_texts(root: QWidget) -> list[str]:
    texts = [root.windowTitle(), root.toolTip()]
    for w in root.findChildren(QWidget):
        texts.append(w.toolTip())
        if isinstance(w, QLabel | QAbstractButton):
            texts.append(w.text())
        if isinstance(w, QLineEdit):
            texts.append(w.placeholderText())
        if isinstance(w, QTableWidget):
            for r in range(w.rowCount()):
                for c in range(w.columnCount()):
                    item = w.item(r, c)
                    if item is not None:
                        texts += [item.text(), item.toolTip()]
    return [t for t in texts if t]


def _bare(root: QWidget) -> list[str]:
    return [t for t in _visible_texts(root) if BARE.search(t)]


def test_attack_dialog_of_a_shot_shows_no_bare_rules(qtbot: QtBot) -> None:
    state = ford().state
    dialog = AttackDialog(None, state, "archer-1", "aldric", BOW, False, random.Random(7))
    qtbot.addWidget(dialog)
    assert dialog.wrestled_check.toolTip() == ("Shooting into a melee: +5 fumble chance "
                                               "(Rules reference §1.8)")
    assert _bare(dialog) == []


def test_set_up_and_round_dialogs_show_no_bare_rules(qtbot: QtBot) -> None:
    new = NewEncounterDialog()
    qtbot.addWidget(new)
    assert new.rule_boxes["hit_locations"].text() == "Hit locations (Rules reference §3.2)"
    classic = InitiativeDialog(None, ford().state, list(ford().state.fighters),
                               random.Random(4))
    qtbot.addWidget(classic)
    log = sample_log("sparring")
    v08 = InitiativeDialog(None, log.state, ["brenna", "kestrel"], random.Random(4))
    qtbot.addWidget(v08)
    declare = DeclareDialog(None, log.state, "brenna")
    qtbot.addWidget(declare)
    for dialog in (new, classic, v08, declare):
        assert _bare(dialog) == [], type(dialog).__name__


def test_a_refusal_links_to_its_section_of_the_rules_reference(qtbot: QtBot) -> None:
    dialog = DeclareDialog(None, ford().state, "aldric")
    qtbot.addWidget(dialog)
    dialog.show_error("aiming needs a missile weapon (RULES 1.9)")
    label = dialog.error_label
    assert label.isVisibleTo(dialog)
    assert label.text() == ('aiming needs a missile weapon (Rules reference '
                            '<a href="rules:1.9">§1.9</a>)')
    label.linkActivated.emit("rules:1.9")
    viewer = dialog.findChild(HelpWindow)
    assert isinstance(viewer, HelpWindow)
    assert (viewer.current_page(), viewer.current_anchor()) == ("rules.html", "s1.9")
    dialog.show_error("")
    set_rules_text(label, "no citation here")
    assert label.text() == "no citation here"
