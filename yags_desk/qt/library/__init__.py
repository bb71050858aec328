"""The library dock: the GM's characters, encounters, battles and catalogues.

Shows the tree of library files with search and filters (:mod:`.model` reads
the folders, :mod:`.dock` shows them and offers the context menu). It asks the
window to open, print or delete through signals.

May import ``common``, the rules and storage; no other room.
"""
