"""Printing character sheets loads neither the combat engine nor quick combat
(issue 18: `yags-desk print` of 30 sheets within 1.5 s; importing the other
kinds' builders was some 150 ms of its start), and every kind still prints."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_sheets_print_without_loading_the_other_kinds() -> None:
    code = textwrap.dedent("""
        import sys
        from yags_desk.printing import build
        from yags_desk.rules.character import Character, default_attributes
        aldric = Character(name="Aldric", edition="classic",
                           attributes=default_attributes("classic"))
        html = build("sheet", [aldric])
        assert "Aldric" in html
        loaded = [m for m in ("yags_desk.rules.combat.events", "yags_desk.rules.quick_combat",
                              "yags_desk.printing.encounter", "yags_desk.printing.healing",
                              "yags_desk.storage.encounter_file") if m in sys.modules]
        print(",".join(loaded))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "", out.stdout


def test_the_package_still_offers_every_builder() -> None:
    import yags_desk.printing as printing

    for name in printing.__all__:
        assert callable(getattr(printing, name)) or name == "KINDS"
    assert printing.KINDS[0] == "sheet"
