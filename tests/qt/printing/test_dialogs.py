"""File ▸ Print and Export PDF as the main window will call them (dialogs answered
by the test)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tests.printing.pdf import need_poppler, page_count, pages_text
from tests.printing.samples import sample, sample_party
from yags_desk.printing import character_sheets, npc_blocks
from yags_desk.qt.printing import render as printing
from yags_desk.qt.printing.render import _progress_dialog, export_pdf, print_document

pytestmark = need_poppler


@pytest.fixture
def window(qtbot) -> QWidget:  # type: ignore[no-untyped-def]
    w = QWidget()
    qtbot.addWidget(w)
    return w


def test_export_pdf_adds_the_extension_and_writes(tmp_path: Path, window: QWidget,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def save_as(parent: object, caption: str, suggested: str, filters: str) -> tuple[str, str]:
        asked.append(suggested)
        return str(tmp_path / "party"), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    path = export_pdf(window, character_sheets(sample_party()), tmp_path / "Party.pdf", "a4")
    assert asked == [str(tmp_path / "Party.pdf")]
    assert path == tmp_path / "party.pdf"
    assert page_count(path) == 4


def test_export_pdf_cancelled_writes_nothing(tmp_path: Path, window: QWidget,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: ("", ""))
    assert export_pdf(window, npc_blocks([sample("wolf")]), tmp_path / "x.pdf") is None
    assert list(tmp_path.iterdir()) == []


def test_export_pdf_says_why_it_could_not_write(tmp_path: Path, window: QWidget,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "missing-folder" / "wolf.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: said.append(text))
    assert export_pdf(window, npc_blocks([sample("wolf")]), "wolf.pdf") is None
    assert len(said) == 1 and said[0].startswith(f"{target}: cannot be written")


def test_print_goes_to_the_chosen_printer(tmp_path: Path, window: QWidget,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "printed.pdf"
    made: list[QPrinter] = []

    def printer(page: str | None = None) -> QPrinter:
        p = QPrinter(QPrinter.PrinterMode.HighResolution)
        p.setPageLayout(printing.page_layout("letter"))
        p.setOutputFileName(str(out))  # the "printer" is a PDF file
        made.append(p)
        return p

    monkeypatch.setattr(printing, "make_printer", printer)
    monkeypatch.setattr(QPrintDialog, "exec", lambda self: QPrintDialog.DialogCode.Rejected)
    assert print_document(window, npc_blocks([sample("wolf")])) is False
    assert not out.exists()

    monkeypatch.setattr(QPrintDialog, "exec", lambda self: QPrintDialog.DialogCode.Accepted)
    assert print_document(window, npc_blocks([sample("wolf")])) is True
    assert made[-1].docName() == "Wolf"
    del made[:]
    assert "Wolf" in pages_text(out)[0]


def test_progress_dialog_counts_pages_and_cancels(window: QWidget) -> None:
    dialog, progress = _progress_dialog(window, "Writing PDF")
    assert progress(0, 0) is True
    assert progress(2, 5) is True
    assert dialog.maximum() == 5 and dialog.value() == 2
    assert dialog.labelText() == "Writing PDF: page 3 of 5"
    dialog.cancel()
    assert progress(3, 5) is False
