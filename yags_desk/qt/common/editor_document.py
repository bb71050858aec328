"""The base of the catalogue view and the character editor.

It was a work-around for a lambda in :class:`DocumentView` that Qt still
called while a view was being destroyed; DocumentView now connects a slot
method itself, so this class only names what the editors share.
"""

from __future__ import annotations

from yags_desk.qt.common.document import DocumentView

__all__ = ["EditorDocument"]


class EditorDocument(DocumentView):
    """A document edited in place (a catalogue, a character)."""
