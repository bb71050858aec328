"""The party after a fight: the Status column holds its words whole on A4 and Letter
(issue 16, audit item 8: "unconscious" was printed "unconscio / us")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.printing.pdf import need_poppler, page_count, pages_text
from tests.storage.test_results import fight
from yags_desk.cli import main
from yags_desk.rules.combat.events import SetCondition
from yags_desk.storage.documents import write_document
from yags_desk.storage.library import Library

pytestmark = need_poppler


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_unconscious_is_printed_whole_in_the_status_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], page: str) -> None:
    encounter = fight(Library.open())
    encounter = encounter.model_copy(update={"events": (
        *encounter.events, SetCondition(id="s", condition="unconscious"))})
    file = tmp_path / "ambush.json"
    write_document(file, "encounter", encounter)
    out = tmp_path / "party.pdf"
    assert main(["print", str(file), "--kind", "party", "--page", page,
                 "--pdf", str(out)]) == 0, capsys.readouterr().err
    assert page_count(out) == 1
    text = pages_text(out)[0]
    # The Stranger's row: name, then the status in its own column, on one line.
    stranger = next(line for line in text.splitlines() if "Stranger" in line)
    assert re.search(r"Stranger\s+unconscious\s", stranger), stranger
    # No word of the page is cut inside: every "unconscio..." is the whole word.
    assert set(re.findall(r"unconscio\w*", text)) == {"unconscious"}, text
