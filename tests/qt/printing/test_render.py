"""PDFs as a GM gets them: read back with pdftotext, counted with pdfinfo."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSizeF
from PySide6.QtGui import QTextDocument

from tests.printing.pdf import flat, need_poppler, page_count, page_size, pages_text
from tests.printing.samples import SAMPLE, sample, sample_encounter, sample_party
from tests.rules.builders import ROUND_SHIELD, classic, classic_weapon, v08
from yags_desk.printing import (
    character_sheets,
    encounter_after,
    encounter_before,
    npc_blocks,
)
from yags_desk.qt.printing.paginate import find_issue, paginate, straddling_rows
from yags_desk.qt.printing.render import (
    PrintCancelled,
    default_page,
    ensure_gui_app,
    make_printer,
    preview_dialog,
    render_pdf,
)
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.derived import derive
from yags_desk.storage.encounter_file import encounter_log

pytestmark = need_poppler

A4 = (595.3, 841.9)
LETTER = (612.0, 792.0)
# An A4 page less its footer, in layout pixels (what render_pdf lays out on).
WIDTH_A4, HEIGHT_A4 = 679.84, 1004.54


@pytest.fixture(autouse=True)
def _app(qapp: object) -> None:
    # pytest-qt's QApplication: the preview dialog is a widget and needs it.
    assert ensure_gui_app() is qapp


def pdf(tmp_path: Path, html: str, name: str = "out.pdf", page: str = "a4") -> Path:
    path = tmp_path / name
    render_pdf(html, path, page)  # type: ignore[arg-type]
    return path


def style_row(text: str, label: str) -> tuple[str, ...] | None:
    """Skill, initiative, attack, defence and damage printed on a style's row."""
    for line in text.splitlines():
        m = re.match(rf"\s*{re.escape(label)}\s+(\d+)%\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)",
                     line)
        if m:
            return m.groups()
    return None


def test_sample_party_one_page_each_with_its_numbers(tmp_path: Path) -> None:
    party = sample_party()
    path = pdf(tmp_path, character_sheets(party))
    pages = pages_text(path)
    assert page_count(path) == len(party) == len(pages)
    for c, text in zip(party, pages, strict=True):
        d = derive(c)
        assert c.name in text
        # Not even hidden text of the next sheet on this page (found by search).
        assert [o.name for o in party if o.name in text] == [c.name]
        for s in d.styles:
            assert s.initiative is not None
            defence = str(s.defence.total) if s.defence is not None else "—"
            assert style_row(text, s.label) == (
                str(s.skill_value), str(s.initiative.total), str(s.attack.total), defence,
                str(s.damage.total)), s.label
        assert re.search(rf"\b{d.soak.total}\b", text)
    # Aldric's sword and shield, worked by hand from RULES 1.2 and 1.3.
    assert style_row(pages[0], "Weapon and shield: Long sword + Round shield") == (
        "125", "21", "23", "28", "23")


def test_every_page_has_the_credit_and_its_number(tmp_path: Path) -> None:
    path = pdf(tmp_path, character_sheets(sample_party()))
    pages = pages_text(path)
    for i, text in enumerate(pages, start=1):
        assert "Samuel Penn" in text
        assert f"Page {i} of {len(pages)}" in text


def test_blank_numbers_leave_the_derived_numbers_out(tmp_path: Path) -> None:
    aldric = sample("aldric")
    full = pages_text(pdf(tmp_path, character_sheets([aldric]), "full.pdf"))[0]
    blank = pages_text(pdf(tmp_path, character_sheets([aldric], blank=True), "blank.pdf"))[0]
    label = "Weapon and shield: Long sword + Round shield"
    row_full = next(x for x in full.splitlines() if label in x)
    row_blank = next(x for x in blank.splitlines() if label in x)
    assert row_full.split()[-5:] == ["125%", "21", "23", "28", "23"]
    assert row_blank.split()[-1] == "125%"
    assert "23 28 23" not in flat(blank)
    assert "Aldric of Thornbury" in blank and "Strength" in blank


def test_greek_and_cyrillic_names_print(tmp_path: Path) -> None:
    # DejaVu Sans covers Greek and Cyrillic; CJK would need a font we do not install.
    greek, russian = classic("Αλέξανδρος ο Μέγας"), v08("Светлана Иванова")
    path = pdf(tmp_path, character_sheets([greek, russian]))
    pages = pages_text(path)
    assert "Αλέξανδρος ο Μέγας" in pages[0]
    assert "Светлана Иванова" in pages[1]
    npc = pages_text(pdf(tmp_path, npc_blocks([greek, russian]), "npc.pdf"))
    assert "Αλέξανδρος" in npc[0] and "Светлана" in npc[0]


def test_npc_blocks_n_per_page(tmp_path: Path) -> None:
    npcs = [sample(n) for n in ("archer", "bandit", "berserker", "guard", "knight", "wolf")]
    assert page_count(pdf(tmp_path, npc_blocks(npcs * 2), "six.pdf")) == 2
    path = pdf(tmp_path, npc_blocks(npcs * 2, per_page=4), "four.pdf")
    pages = pages_text(path)
    assert len(pages) == 3
    assert [p.count("Knocked down over") for p in pages] == [4, 4, 4]
    assert "Archer" in pages[0] and "Town guard" in pages[0] and "Knight" in pages[1]


def test_page_sizes_a4_and_letter(tmp_path: Path) -> None:
    html = character_sheets([sample("wolf")])
    assert page_size(pdf(tmp_path, html, "a4.pdf", "a4")) == pytest.approx(A4, abs=0.5)
    assert page_size(pdf(tmp_path, html, "letter.pdf", "letter")) == pytest.approx(
        LETTER, abs=0.5)


def test_default_page_follows_the_locale() -> None:
    assert default_page(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)) == \
        "letter"
    assert default_page(QLocale(QLocale.Language.French, QLocale.Country.Canada)) == "letter"
    assert default_page(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom)) == "a4"
    assert default_page(QLocale(QLocale.Language.German, QLocale.Country.Germany)) == "a4"


def test_encounter_before_pdf_groups_sides_and_lists_options(tmp_path: Path) -> None:
    enc = sample_encounter()
    text = flat(" ".join(pages_text(pdf(tmp_path, encounter_before(enc)))))
    assert text.index("Side: Party (4)") < text.index("Side: Raiders (4)")
    assert "Hit locations (see Help ▸ Rules reference, §3.2)" in text
    assert "Surprise in the first round (see Help ▸ Rules reference, §3.2)" in text
    assert "The round (classic)" in text
    assert "Bandit ×3" in text
    for c in enc.combatants:
        assert c.name in text


def test_encounter_after_pdf_shows_casualties_and_rounds(tmp_path: Path) -> None:
    enc = sample_encounter(rounds=4)
    log = encounter_log(enc)
    text = flat(" ".join(pages_text(pdf(tmp_path, encounter_after(enc)))))
    assert "4 rounds fought" in text
    casualties = text[text.index("Casualties"):]
    for f in log.state.fighters.values():
        if f.dead:
            assert "Dead:" in casualties and f.name in casualties


def test_long_log_flows_onto_pages_and_no_row_is_cut(tmp_path: Path) -> None:
    enc = sample_encounter(rounds=40, seed=2, foes={"bandit": 8, "wolf": 3, "guard": 2})
    log = encounter_log(enc)
    assert len(log.events) >= 300
    path = pdf(tmp_path, encounter_after(enc))
    pages = [flat(p) for p in pages_text(path)]
    assert len(pages) >= 5
    sentences = [describe(e, log.state_before(i),
                          log.state_before(i + 1) if i + 1 < len(log.events) else log.state)
                 for i, e in enumerate(log.events)]
    for sentence in sentences:
        # Whole on one page: a sentence cut by a page break would be on none.
        assert sum(flat(sentence) in p for p in pages) >= 1, sentence
    # The log's header repeats on each page it continues on.
    assert sum("# Round What happened" in p for p in pages) >= len(pages) - 2


def _two_line_rows(n: int) -> str:
    long = "a sentence long enough to wrap onto a second line of its cell " * 2
    rows = "".join(f"<tr><td>{i}</td><td>{long}</td></tr>" for i in range(n))
    return (f"<html><body><table width='100%' border='1'><thead><tr><th>#</th><th>Text</th>"
            f"</tr></thead>{rows}</table></body></html>")


def _layout(html: str, height: float) -> QTextDocument:
    doc = QTextDocument()
    doc.setHtml(html)
    doc.setPageSize(QSizeF(600, height))
    return doc


def test_rows_straddling_a_page_are_moved_whole() -> None:
    html = _two_line_rows(120)
    split = 0
    for height in range(420, 480, 4):
        split += len(straddling_rows(_layout(html, height)))  # Qt alone splits some rows
        doc = paginate(html, lambda text, h=height: _layout(text, h))
        assert straddling_rows(doc) == [] and find_issue(doc) is None, height
        # Every row is still there, once.
        text = doc.toPlainText()
        assert all(text.count(f"\n{i}\n") == 1 for i in range(120)), height
    assert split


def test_progress_is_reported_and_cancel_writes_nothing(tmp_path: Path) -> None:
    html = character_sheets(sample_party())
    seen: list[tuple[int, int]] = []
    path = tmp_path / "p.pdf"
    render_pdf(html, path, "a4", lambda done, total: seen.append((done, total)) or True)
    assert seen[0] == (0, 0) and seen[-1] == (4, 4)
    assert [d for d, t in seen if t] == [0, 1, 2, 3, 4]

    path.write_bytes(b"old")
    with pytest.raises(PrintCancelled):
        render_pdf(html, path, "a4", lambda done, total: done < 2)
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.pdf"]


def test_render_replaces_an_existing_pdf_whole(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(b"an older export")
    render_pdf(character_sheets([sample("wolf")]), path, "a4")
    assert path.read_bytes().startswith(b"%PDF")
    assert page_count(path) == 1


def test_printer_and_preview_paint_the_same_pages(tmp_path: Path, qtbot: object) -> None:
    html = npc_blocks([sample("wolf"), sample("bandit")])
    printer = make_printer("letter")
    printer.setOutputFileName(str(tmp_path / "printer.pdf"))
    from yags_desk.qt.printing.render import paint_document

    assert paint_document(html, printer) == 1
    del printer
    assert "Wolf" in pages_text(tmp_path / "printer.pdf")[0]

    dialog = preview_dialog(None, html, "a4")
    assert dialog.windowTitle() == "Print preview — NPC stat blocks (2)"
    target = make_printer("a4")
    target.setOutputFileName(str(tmp_path / "preview.pdf"))
    dialog.paintRequested.emit(target)
    del target
    assert "Bandit" in pages_text(tmp_path / "preview.pdf")[0]
    dialog.deleteLater()


def _runs_to_the_end(script: str) -> None:
    """``script`` (after ``import yags_desk.qt``) runs in a fresh Python and finishes."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    code = "import yags_desk.qt\n" + script + "print('done')\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "done"


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12")
def test_thousands_of_qt_calls_do_not_free_none() -> None:
    # PySide6 6.12 on Python 3.11 drops a reference to None on each of these
    # calls; without the guard in yags_desk.qt, Python aborts after ~5,000.
    _runs_to_the_end("from PySide6.QtGui import QGuiApplication, QTextDocument\n"
                     "app = QGuiApplication([])\n"
                     "doc = QTextDocument()\n"
                     "for _ in range(20000):\n"
                     "    doc.setHtml('x')\n")


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="True is immortal from Python 3.12")
def test_thousands_of_signal_emits_do_not_free_true() -> None:
    # PySide6 6.12 on Python 3.11 drops a reference to True on every emit() from
    # Python; one auto-resolved round of 500 fighters on the board aborted with
    # "bool_dealloc" before yags_desk.qt's guard covered True and False.
    _runs_to_the_end("from PySide6.QtCore import QCoreApplication, QObject, Signal\n"
                     "app = QCoreApplication([])\n"
                     "class Source(QObject):\n"
                     "    changed = Signal(bool)\n"
                     "source = Source()\n"
                     "source.changed.connect(lambda value: None)\n"
                     "for n in range(50000):\n"
                     "    source.changed.emit(n % 2 == 0)\n")


def test_every_sample_sheet_fits_one_letter_page(tmp_path: Path) -> None:
    # Letter is the shorter paper; the ruled note lines give way before a sheet
    # would spill onto a second page.
    names = sorted(p.stem for p in (SAMPLE / "characters").glob("*.json"))
    characters = [sample(n) for n in names]
    path = pdf(tmp_path, character_sheets(characters), page="letter")
    assert page_count(path) == len(characters) == 17


def test_a_crowded_sheet_is_set_smaller_to_stay_on_one_page(tmp_path: Path) -> None:
    swords = tuple(classic_weapon(f"Sword {i}", 6, 5, 5, 9, 12, 4, "single") for i in range(7))
    crowded = classic("Crowded", skills={"Single weapon": 100, "Weapon and shield": 100},
                      weapons=swords, shield=ROUND_SHIELD)
    html = character_sheets([crowded])
    assert 'class="crowded"' in html
    pages = pages_text(pdf(tmp_path, html, page="letter"))
    assert len(pages) == 1
    assert "Weapon and shield: Sword 6 + Round shield" in pages[0]


def test_a_printout_is_laid_out_at_its_page_width_only(qapp: object) -> None:
    """The page size is set before the content, so the text is never laid out at
    another width first (a long fight's summary was laid out twice, issue 18)."""
    from PySide6.QtGui import QAbstractTextDocumentLayout, QTextCursor, QTextDocumentFragment

    from yags_desk.qt.printing import render

    widths: list[float] = []
    real = QTextCursor.insertFragment

    def watched(cursor: QTextCursor, fragment: QTextDocumentFragment) -> None:
        layout: QAbstractTextDocumentLayout = cursor.document().documentLayout()
        layout.documentSizeChanged.connect(lambda size: widths.append(size.width()))
        real(cursor, fragment)

    page = QSizeF(500, 700)
    text = "<p>" + "A long line of the log that wraps. " * 40 + "</p>"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(QTextCursor, "insertFragment", watched)
        doc = render._layout(text, page.width(), page.height())
    doc.pageCount()
    assert widths and all(w == page.width() for w in widths), widths
    assert doc.lastBlock().layout().lineCount() > 5  # the text, wrapped at that width


def _set_html_layout(html: str, width: float, height: float) -> QTextDocument:
    """A document laid out as printouts were before issue 18's insertion: setHtml."""
    from yags_desk.qt.printing import render

    doc = QTextDocument()
    device = render._layout_device()
    doc.documentLayout().setPaintDevice(device)
    doc.setDefaultFont(render._font(8.5))
    doc.setDocumentMargin(0)
    doc.setPageSize(QSizeF(width, height))
    doc.setHtml(html)
    doc.pageCount()
    doc.setProperty("_device", device)
    return doc


def _blocks(doc: QTextDocument) -> list[tuple[str, tuple[float, float, float, float]]]:
    layout = doc.documentLayout()
    out = []
    block = doc.begin()
    while block.isValid():
        r = layout.blockBoundingRect(block)
        out.append((block.text(), (r.x(), r.y(), r.width(), r.height())))
        block = block.next()
    return out


def test_a_printout_is_laid_out_whole_in_one_pass_as_set_html_would(qapp: object) -> None:
    """Issue 18: the HTML is inserted into the empty document, so the layout is
    done in one pass (setHtml stopped after a long table and laid it out again
    for what followed it); every block lands where setHtml puts it."""
    from yags_desk.qt.printing import render

    rows = "".join(f"<tr><td>{i}</td><td>row {i}</td></tr>" for i in range(300))
    long_table = (f"<html><head><title>Log</title></head><body><h1>Log</h1>"
                  f"<table width='100%'>{rows}</table><p>The end.</p></body></html>")
    doc = render._layout(long_table, WIDTH_A4, HEIGHT_A4)
    assert doc.lastBlock().text() == "The end."
    assert doc.lastBlock().layout().lineCount() == 1  # laid out with the rest

    samples = [long_table, character_sheets(sample_party()),
               npc_blocks([sample("bandit"), sample("wolf")] * 3),
               encounter_before(sample_encounter()),
               encounter_after(sample_encounter(rounds=12, seed=2,
                                                foes={"bandit": 8, "wolf": 3}))]
    for html in samples:
        new = render._layout(html, WIDTH_A4, HEIGHT_A4)
        old = _set_html_layout(html, WIDTH_A4, HEIGHT_A4)
        assert new.pageCount() == old.pageCount()
        # Exactly where setHtml puts each block, though tables are printed with
        # separate borders where the HTML asks for collapsed ones (see test_borders).
        new_blocks, old_blocks = _blocks(new), _blocks(old)
        assert new_blocks == old_blocks
