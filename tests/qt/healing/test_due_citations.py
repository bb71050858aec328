"""Due rows cite the rules once, at the end, as every other screen does: "...
(Rules reference §1.10)", never "against 20 (Rules reference §1.10); needs a carer ..."
mid-sentence, and a 0.8 row points to the Rules reference, not to a source file."""

from __future__ import annotations

from typing import Any

from tests.rules.builders import classic, v08
from yags_desk.qt.healing.view import HealingView
from yags_desk.storage.healing_file import new_healing_file
from yags_desk.storage.library import Library


def _due_texts(qtbot: Any, *characters: Any) -> list[str]:
    library = Library.open()
    pairs = [(library.save_character(c), c) for c in characters]
    view = HealingView(new_healing_file("After the fight", pairs), None, library)
    qtbot.addWidget(view)
    model = view.due_model
    return [str(model.index(row, 2).data()) for row in range(model.rowCount())]


def test_a_classic_row_that_needs_a_carer_cites_at_its_end(qtbot: Any, home: Any) -> None:
    texts = _due_texts(qtbot, classic("Aldric", wounds=4))  # Serious, nobody with First aid
    assert ("First aid for Serious wounds: Dexterity × First aid% + 2d10! against 20; needs "
            "a carer with First aid: Aldric has no First aid to tend their own wounds, and "
            "nobody else here can give it (Rules reference §1.10)") in texts, texts
    assert all(t.count("Rules reference") <= 1 and "RULES" not in t for t in texts), texts


def test_a_v08_row_cites_the_rules_reference(qtbot: Any, home: Any) -> None:
    texts = _due_texts(qtbot, v08("Brenna", wounds=2, stuns=2))
    assert ("First aid on the wounds: Intelligence × First aid + d20 against 13; needs a "
            "carer with First aid: Brenna has no First aid to tend their own wounds, and "
            "nobody else here can give it (Rules reference §2)") in texts, texts
    assert ("Stun recovery at day 2, 06:00: Health × 4 + d20 against 3; each level of "
            "success heals a stun (Rules reference §2)") in texts, texts
    assert not any("yags" in t for t in texts), texts


def test_the_printed_record_and_heal_cite_at_the_end_too(home: Any, tmp_path: Any,
                                                          capsys: Any) -> None:
    """The printout and `yags-desk heal` word a Due row as the window does."""
    from yags_desk.cli import main
    from yags_desk.printing.healing import healing_record
    from yags_desk.printing.style import document

    library = Library.open()
    aldric = classic("Aldric", wounds=4)  # Serious, nobody with First aid
    pairs = [(library.save_character(aldric), aldric)]
    page = document("Record", healing_record(new_healing_file("After the fight", pairs)))
    assert ("against 20; needs a carer with First aid: Aldric has no First aid to tend their "
            "own wounds, and nobody else here can give it (see Help ▸ Rules reference, "
            "§1.10)") in page, page
    assert main(["heal", str(pairs[0][0]), "--days", "1", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert ("nobody else here can give it (Rules reference §1.10)") in out, out
    assert "20 (Rules reference" not in out, out
