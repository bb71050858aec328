"""Printing on paper and to PDF: the options dialog, preview, print and export.

:mod:`.menu` asks what to print (File ▸ Print, Print preview, Export as PDF),
:mod:`.render` lays the printed HTML of :mod:`yags_desk.printing` out on pages
with a footer and sends it to a printer, a preview or a PDF file, and
:mod:`.paginate` keeps table rows and headings whole across pages.

May import ``common``, ``library`` (what is selected there), the rules,
storage and the printing layer; never the shell (the window is a protocol).
"""
