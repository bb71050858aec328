"""The shell: what holds the views together.

Shows the main window (tabs, docks, menus, toolbar, status bar, title), the
start page, About and the keyboard-shortcut list, and the recovery dialog
after a crash; :mod:`.app` starts the program and :mod:`.open_files` sends a
file to the view that shows it.

May import every room (``common``, ``library``, ``character``, ``catalogue``,
``dice``, ``battle``, ``printing``, ``help``), the rules, storage and printing
layers. No room imports the shell: a view reaches its window through a signal
or a protocol it is given.
"""
