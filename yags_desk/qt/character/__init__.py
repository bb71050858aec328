"""The character editor: one character's sheet, editable, with every derived number.

:mod:`.editor` is the tab (a document with undo), :mod:`.form` and
:mod:`.widgets` its fields, :mod:`.model` the derived numbers as a Qt model,
:mod:`.equipment_section` and :mod:`.equipment_picker` the equipment list and
the catalogue to pick from.

May import ``common``, the rules and storage; no other room.
"""
