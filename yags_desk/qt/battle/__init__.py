"""The battle board (issue 5): the view a GM runs a fight in.

``protocol`` is the seam between the board (models, cards, stepping, saving)
and the dialogs that ask the GM for declarations, dice and checks
(``yags_desk.qt.battle.dialogs``). Tests give the board scripted dialogs. Its
parts reach the board through the protocols of ``hosts`` (no import back).

May import ``common``, ``help``, ``forms``, the rules, storage and the printing
layer; no other room, never the shell (the window gives what a board needs:
a parent widget, the library, settings).
"""
