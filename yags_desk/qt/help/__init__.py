"""Help in the window: the viewer, F1 for the view or dialog in front, rules links.

- :func:`open_help` shows a page (``"attack.html"``, ``"rules:1.6"``) in the
  help window of whatever is in front (a modal dialog gets its own, so it can
  be used while the dialog waits).
- :func:`page_for` finds the page of a widget: its ``help_page`` property, or
  the first class name in :data:`~yags_desk.help.pages.HELP_PAGES` among the
  widget and its parents; the main window answers for its tab in front.
- :func:`install_f1` makes F1 open that page anywhere in the application,
  modal dialogs included.
- :func:`link_rules` makes a label's ``rules:`` links open the rules reference;
  :func:`set_rules_text` shows a message whose "RULES 1.6" citations become such links.

Shared by every room (like ``common``). May import ``common`` and the Qt-free
:mod:`yags_desk.help`; no room, never the shell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from yags_desk.help.pages import INDEX, page_for_class
from yags_desk.help.refs import RULES_CITATION, linked

if TYPE_CHECKING:
    from yags_desk.qt.help.viewer import HelpWindow

__all__ = ["HelpWindow", "install_f1", "link_rules", "open_help", "page_for", "set_rules_text"]

HELP_PROPERTY = "help_page"


def _own_page(widget: QObject) -> str | None:
    value = widget.property(HELP_PROPERTY)
    if isinstance(value, str) and value:
        return value
    for cls in type(widget).__mro__:
        page = page_for_class(cls.__name__)
        if page is not None:
            return page
    return None


def page_for(widget: QWidget | None) -> str:
    """The help page of ``widget`` (the contents page when nothing more precise is known)."""
    current: QObject | None = widget
    while current is not None:
        current_document = getattr(current, "current_document", None)
        if callable(current_document) and hasattr(current, "start_page"):
            # The main window: the tab in front, or the start page when none is open.
            view = current_document()
            if view is not None:
                return _own_page(view) or INDEX
            start = current.start_page
            return (_own_page(start) or INDEX) if start.isVisible() else INDEX
        page = _own_page(current)
        if page is not None:
            return page
        current = current.parent()
    return INDEX


def _owner(near: QWidget | None) -> QWidget | None:
    modal = QApplication.activeModalWidget()
    if modal is not None:
        return modal
    return near.window() if near is not None else QApplication.activeWindow()


def __getattr__(name: str) -> object:
    """``HelpWindow`` is read with the first help shown, not with the window's menus
    (its module costs some 13 ms of the start-up; issue 18)."""
    if name == "HelpWindow":
        from yags_desk.qt.help.viewer import HelpWindow

        return HelpWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def open_help(target: str, near: QWidget | None = None) -> HelpWindow:
    """Show ``target`` in the help window belonging to what is in front of ``near``."""
    from yags_desk.qt.help.viewer import HelpWindow

    owner = _owner(near)
    while isinstance(owner, HelpWindow):
        owner = owner.parentWidget()
    viewer = owner.findChild(HelpWindow, "help_window",
                             Qt.FindChildOption.FindDirectChildrenOnly) if owner else None
    if not isinstance(viewer, HelpWindow):
        viewer = HelpWindow(owner)
    viewer.show_page(target)
    return viewer


def link_rules(label: QLabel) -> QLabel:
    """Let ``label``'s ``rules:1.6`` (and page) links open the help window."""
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.linkActivated.connect(lambda href: open_help(href, label))
    return label


class _F1Filter(QObject):
    """F1 opens the page of the focused view or dialog.

    It watches only the widget that has the keyboard focus (key presses go there
    first), the active window (for a window where nothing has the focus, and keys
    a child passes up) and a menu popped up over them, never the whole
    application: an application-wide
    filter would call Python for every event of every object, which cost the
    window some 70 ms before its library showed and taxes every paint (issue 18).
    """

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        app.focusChanged.connect(self._focus_changed)
        app.focusWindowChanged.connect(self._window_changed)
        self._window_changed()
        self._focus_changed(None, QApplication.focusWidget())

    def _focus_changed(self, old: QWidget | None, now: QWidget | None) -> None:
        if old is not None and old is not now:
            try:
                if not old.isWindow():  # a window keeps its filter (see _window_changed)
                    old.removeEventFilter(self)
            except RuntimeError:  # already deleted: its filters went with it
                pass
        if now is not None:
            now.installEventFilter(self)

    def _window_changed(self, *_args: object) -> None:
        window = QApplication.activeWindow()
        if window is not None and not window.property(_F1_WATCHED):
            window.installEventFilter(self)
            window.setProperty(_F1_WATCHED, True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind == QEvent.Type.FocusOut:
            # A menu opening takes the keys from the focused widget (which is told so
            # first) without becoming the focus widget or the active window: watch it.
            popup = QApplication.activePopupWidget()
            if popup is not None:
                popup.installEventFilter(self)
            return False
        if (kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_F1
                and event.modifiers() == Qt.KeyboardModifier.NoModifier
                and isinstance(watched, QWidget)):
            from yags_desk.qt.help.viewer import HelpWindow

            if isinstance(watched.window(), HelpWindow):
                return False
            modal = QApplication.activeModalWidget()
            start = watched if modal is None or modal.isAncestorOf(watched) else modal
            open_help(page_for(start), start)
            return True
        return False


_F1_WATCHED = "yags_help_f1_window"


def install_f1(app: QApplication | None = None) -> None:
    """Make F1 open the help of what is in front (once per application)."""
    app = app or QApplication.instance()  # type: ignore[assignment]
    if not isinstance(app, QApplication) or app.property("yags_help_f1"):
        return
    _F1Filter(app)
    app.setProperty("yags_help_f1", True)


def set_rules_text(label: QLabel, text: str) -> None:
    """Show ``text`` (plain) in ``label``; its "RULES 1.6" citations become links to the
    rules reference. Text without a citation is shown as before, untouched."""
    if RULES_CITATION.search(text):
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setText(linked(text).replace("\n", "<br>"))
        if not label.property("yags_rules_links"):
            label.setProperty("yags_rules_links", True)
            label.setOpenExternalLinks(False)
            label.setTextInteractionFlags(label.textInteractionFlags()
                                          | Qt.TextInteractionFlag.LinksAccessibleByMouse)
            label.linkActivated.connect(lambda href: open_help(href, label))
    else:
        label.setTextFormat(Qt.TextFormat.AutoText)
        label.setText(text)
