"""Drag-and-drop formats shared by the views (the library drags characters to the
battle board; the catalogue drags items to the character editor)."""

from __future__ import annotations

__all__ = ["CHARACTER_MIME", "ITEM_MIME"]

CHARACTER_MIME = "application/x-yags-character"
ITEM_MIME = "application/x-yags-item"
