"""Open every menu action and every dialog of the real window, for real (issue 12 item 1).

Run as a program (``python -m tests.qt.every_action``) by
``tests/qt/test_every_action.py`` in a subprocess, so that a crash inside Qt
(a segmentation fault in a dialog, as File ▸ Print preview once had) fails the
test instead of hiding behind a stand-in for ``exec()``. Nothing here is
mocked: each action is triggered on the main window in several situations
(nothing open, a character, a catalogue, an encounter on the battle board),
every modal dialog that opens runs its own event loop and is closed by a timer,
the way a user would press Escape; the print options dialog is accepted so
that the print, preview and PDF dialogs behind it open too.

It prints one line per action (``action: <context>: <text>``) and per dialog
(``dialog: <class>: <title>``), then ``done``. It needs ``YAGS_DESK_HOME``
pointing at a fresh folder and ``QT_QPA_PLATFORM=offscreen``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QToolBar,
    QWidget,
)

import yags_desk.qt  # noqa: F401  (the None guard first)
from yags_desk.qt.shell.app import create
from yags_desk.qt.shell.main_window import MainWindow

# Dialogs accepted (so that what lies behind them opens too); all others are rejected.
ACCEPT = {"PrintOptionsDialog"}
# How long a dialog stays open before the timer closes it: long enough to paint
# (the preview lays out and paints every page while it shows).
DWELL_MS = 250
# Actions never triggered in the loop: quitting ends the run (done once, last).
SKIP = {"&Quit"}

seen: list[str] = []


def say(line: str) -> None:
    print(line, flush=True)


def _describe(widget: QWidget) -> str:
    return f"{type(widget).__name__}: {widget.windowTitle()}"


def _close(widget: QWidget) -> None:
    name = type(widget).__name__
    if isinstance(widget, QDialog) and name in ACCEPT:
        widget.accept()
    elif isinstance(widget, QMessageBox):
        button = widget.escapeButton() or widget.defaultButton()
        if button is not None:
            button.click()
        else:
            widget.reject()
    elif isinstance(widget, QDialog):
        widget.reject()
    else:
        widget.close()


class Closer:
    """Closes the modal dialog in front once it has been up for ``DWELL_MS``."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(50)
        self.timer.timeout.connect(self.tick)
        # The dialog in front and the tick it was first seen at. The widget itself is
        # kept, not its id(): a freed dialog's id is reused by the next one.
        self.front: QWidget | None = None
        self.since = 0
        self.ticks = 0
        self.timer.start()

    def tick(self) -> None:
        self.ticks += 1
        widget = QApplication.activeModalWidget()
        if widget is None or isinstance(widget, QProgressDialog):
            return
        if widget is not self.front:
            self.front, self.since = widget, self.ticks
            seen.append(_describe(widget))
            say(f"dialog: {_describe(widget)}")
            return
        if (self.ticks - self.since) * 50 >= DWELL_MS:
            self.front = None
            _close(widget)


def settle(ms: int = 30) -> None:
    loop_timer = QTimer()
    loop_timer.setSingleShot(True)
    app = QApplication.instance()
    assert app is not None
    done: list[bool] = []
    loop_timer.timeout.connect(lambda: done.append(True))
    loop_timer.start(ms)
    while not done:
        app.processEvents()


def close_stray_windows(window: MainWindow) -> None:
    """Non-modal windows an action opened (closed after a look, like dialogs)."""
    for widget in QApplication.topLevelWidgets():
        if widget is window or not widget.isVisible() or isinstance(widget, QMenu):
            continue
        if widget.windowType().name in ("Popup", "ToolTip"):
            continue
        say(f"window: {_describe(widget)}")
        seen.append(_describe(widget))
        widget.close()


def menu_actions(menu: QMenu) -> Iterator[QAction]:
    menu.aboutToShow.emit()  # dynamic menus (Open recent) fill themselves here
    for action in menu.actions():
        if action.isSeparator():
            continue
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from menu_actions(sub)
        else:
            yield action


def window_actions(window: MainWindow) -> list[QAction]:
    """Every action a user can reach: menus, toolbars, the document in front."""
    found: list[QAction] = []
    for top in window.menuBar().actions():
        sub = top.menu()
        if isinstance(sub, QMenu):
            found.extend(menu_actions(sub))
    for bar in window.findChildren(QToolBar):
        found.extend(a for a in bar.actions() if not a.isSeparator())
    view = window.current_document()
    if view is not None:
        found.extend(view.actions())
        for child in view.findChildren(QWidget):
            found.extend(a for a in child.actions() if a.text())
    unique: list[QAction] = []
    for action in found:
        if action not in unique and action.text() and not action.isSeparator():
            unique.append(action)
    return unique


def trigger_all(window: MainWindow, context: str, again: Callable[[], object]) -> None:
    """Trigger every action once, putting the context back (``again``) before each."""
    texts_done: set[str] = set()
    while True:
        again()
        settle()
        todo = [a for a in window_actions(window)
                if a.text() not in texts_done and a.text() not in SKIP]
        if not todo:
            return
        action = todo[0]
        texts_done.add(action.text())
        say(f"action: {context}: {action.text()} ({'on' if action.isEnabled() else 'off'})")
        if action.isEnabled():
            action.trigger()
            settle(100)  # a window opened with open() shows once events are processed
        close_stray_windows(window)


def board_menus(window: MainWindow) -> None:
    """A card's context menu on the battle board: each entry, for real."""
    from yags_desk.qt.battle.board import BattleBoard

    view = window.current_document()
    assert isinstance(view, BattleBoard), type(view)
    fid = next(iter(view.state.fighters))
    texts = [a.text() for a in menu_actions(view.card_menu(fid)) if a.isEnabled()]
    for text in texts:
        if text == "Remove from the fight":
            continue
        menu = view.card_menu(fid)
        action = next(a for a in menu_actions(menu) if a.text() == text)
        say(f"action: card menu: {text}")
        action.trigger()
        settle()
        close_stray_windows(window)


def library_menus(window: MainWindow) -> None:
    """The library's context-menu actions (Print…, Export as PDF…, …) on a character."""
    dock = window.library_dock
    for name in ("print_action", "export_pdf_action", "duplicate_action", "template_action"):
        action = getattr(dock, name, None)
        if isinstance(action, QAction):
            say(f"action: library: {action.text()}")
            action.trigger()
            settle()
            close_stray_windows(window)


def battle_dialogs(window: MainWindow) -> None:
    """The board's step dialogs the menus cannot reach on an untouched encounter
    (attack, checks, first aid, 0.8 initiative), each exec'd for real."""
    import random

    from tests.qt.battle.dialogs.fixtures import BROAD, SWORD_SHIELD, ford, sparring
    from yags_desk.qt.battle.dialogs import QtBattleDialogs
    from yags_desk.rules.combat.due import end_of_round_due
    from yags_desk.rules.combat.events import Wound

    dialogs = QtBattleDialogs()
    rng = random.Random(1)
    classic = ford()
    say("action: battle: classic attack")
    dialogs.attack(window, classic.state, "aldric", "bandit-1", SWORD_SHIELD, False, rng)
    for _ in range(20):
        if classic.state.pending:
            break
        classic.push(Wound(id="bandit-1", levels=1))
    say("action: battle: classic check")
    dialogs.check(window, classic.state, classic.state.pending[0], rng)
    classic.push(Wound(id="aldric", levels=3))
    say("action: battle: first aid")
    dialogs.first_aid(window, classic.state, "aldric", rng)
    v08 = sparring()
    say("action: battle: 0.8 attack")
    dialogs.attack(window, v08.state, "brenna", "kestrel", BROAD, False, rng)
    say("action: battle: 0.8 initiative")
    dialogs.initiative(window, v08.state, list(v08.state.fighters), rng)
    v08.push(Wound(id="kestrel", levels=6))
    due = v08.state.pending or end_of_round_due(v08.state)
    say("action: battle: 0.8 check")
    dialogs.check(window, v08.state, due[0], rng)
    close_stray_windows(window)


def recovery_dialog(window: MainWindow) -> None:
    """The dialog offered after a crash, over a recovery copy of a changed character."""
    from yags_desk.storage.documents import read_document

    path = sorted(window.library.characters_dir.rglob("*.json"))[0]
    character = read_document(path, "character").model
    window.library.autosave("every-action", "character", character)
    say("action: start: recovery copies")
    window.offer_recoveries()
    settle()
    close_stray_windows(window)


def main() -> int:
    app, window = create(sys.argv[:1])
    window.resize(1366, 768)
    window.show()
    assert window.finish_start(), window.start_error
    closer = Closer()
    library = window.library

    def nothing() -> None:
        while window.current_document() is not None:
            window.close_document(ask=False)

    def character() -> None:
        if window.current_document() is None or "Character" not in type(
                window.current_document()).__name__:
            nothing()
            path = sorted(library.characters_dir.rglob("*.json"))[0]
            window.open_character(path)

    def catalogue() -> None:
        if window.current_document() is None or "Catalogue" not in type(
                window.current_document()).__name__:
            nothing()
            window.open_catalogue("classic")

    def board() -> None:
        from yags_desk.qt.battle.board import BattleBoard

        if not isinstance(window.current_document(), BattleBoard):
            nothing()
            path = sorted(library.encounters_dir.rglob("*.json"))[0]
            window.open_encounter(path)

    trigger_all(window, "start", nothing)
    trigger_all(window, "character", character)
    trigger_all(window, "catalogue", catalogue)
    trigger_all(window, "board", board)
    board()
    board_menus(window)
    character()
    window.library_dock.setFocus()
    library_menus(window)
    battle_dialogs(window)
    nothing()
    say("action: start: Take the 2-minute tour")
    window.start_page.buttons["tour"].click()
    settle()
    close_stray_windows(window)
    nothing()
    recovery_dialog(window)
    nothing()
    say("action: start: &Quit")
    window.quit_action.trigger()
    settle()
    closer.timer.stop()
    say(f"dialogs seen: {len(seen)}")
    say("done")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
