"""What every room shares, and nothing that belongs to one view.

The document contract between the window and its tabs (:mod:`.document`,
:mod:`.editor_document`), custom item-data roles (:mod:`.roles`), list-model
syncing without resets (:mod:`.list_sync`), the message bar and field messages
(:mod:`.editor_widgets`), icons, the colour scheme, settings, and the store of
custom catalogue items that both the catalogue view and the character editor
read (:mod:`.catalogue_store`).

May import the rules, storage and Qt; never another room.
"""
