"""The weapon and armour catalogue of one edition.

:mod:`.view` is the tab (sortable, filtered, built-ins read-only),
:mod:`.model` its table model, :mod:`.commands` its undo steps, and
:mod:`.item_dialog` the form that adds or edits a custom item.

May import ``common``, the rules and storage; no other room.
"""
