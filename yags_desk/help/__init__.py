"""The in-program help, without Qt: where its pages are and how text points to them.

:mod:`refs` turns the "RULES 1.6" citations of the code into words a user can
follow (the shipped rules reference), on screen and on paper; :mod:`pages`
knows the help pages and which page belongs to which view or dialog.
"""

from yags_desk.help.pages import HELP_PAGES, help_dir, page_for_class, page_path
from yags_desk.help.refs import cited_sections, for_paper, for_screen, linked, rules_url

__all__ = ["HELP_PAGES", "cited_sections", "for_paper", "for_screen", "help_dir",
           "linked", "page_for_class", "page_path", "rules_url"]
