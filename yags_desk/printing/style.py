"""Shared pieces of every printed document: the style sheet, escaping, tick boxes.

The builders write HTML for Qt's rich-text engine (``QTextDocument``), which
understands tables, borders, padding, font sizes and page breaks but no
flexbox, floats or CSS widths on cells; widths go in ``width`` attributes.
Every string that comes from a user's file goes through :func:`esc`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from yags_desk.help.refs import for_paper

__all__ = [
    "BOX",
    "BLANK",
    "BLANK_LINE",
    "BOX_TICKED",
    "CSS",
    "PAGE_BREAK",
    "SPACER",
    "blank_or",
    "boxes",
    "document",
    "esc",
    "row",
    "signed",
    "table",
]

# Ballot-box glyphs; DejaVu Sans (the font every install has) carries both.
BOX = "☐"
BOX_TICKED = "☒"
# Starts the following block on a new page (QTextDocument honours it on blocks
# and tables).
PAGE_BREAK = ' style="page-break-before: always"'
# Qt gives no margin below a table; this small paragraph makes the space.
SPACER = '<p style="font-size: 4pt; margin: 0">&nbsp;</p>'
# What a "blank numbers" sheet prints where a derived number would be.
BLANK = "&nbsp;" * 6
# The same as a line to write on, for blanks in running text.
BLANK_LINE = f'<span style="text-decoration: underline">{"&nbsp;" * 10}</span>'

CSS = """
body { font-family: 'DejaVu Sans'; font-size: %(base)spt; color: #000; }
h1 { font-size: 15pt; margin-top: 0; margin-bottom: 2pt; }
h2 { font-size: 11pt; margin-top: 8pt; margin-bottom: 3pt; color: #222; }
h3 { font-size: 9.5pt; margin-top: 6pt; margin-bottom: 2pt; }
p { margin-top: 0; margin-bottom: 3pt; }
.sub { color: #333; font-size: 8.5pt; }
.small { font-size: 7.5pt; }
.muted { color: #555; }
.num { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.nowrap { white-space: nowrap; }
table.grid { border-collapse: collapse; margin-bottom: 2pt; }
table.grid th { background-color: #e4e4e4; font-weight: bold; border: 0.6px solid #777;
                padding: 1.5px 3px; }
table.grid td { border: 0.6px solid #999; padding: 1.5px 3px; }
table.npc td { border: 0.8px solid #555; }
hr { color: #999; }
div.crowded td, div.crowded th, div.crowded p { font-size: 8.5pt; }
div.crowded .small, div.crowded p.small { font-size: 7pt; }
div.crowded .boxes { font-size: 12pt; }
.boxes { font-size: 15pt; }
.sboxes { font-size: 10pt; }
.blank { border-bottom: 0.6px solid #000; }
.warn { color: #7a0000; }
.dead { color: #7a0000; font-weight: bold; }
"""


def esc(text: object) -> str:
    """``text`` made safe to place inside HTML (quotes included)."""
    return html.escape(str(text), quote=True)


def signed(n: int) -> str:
    """+3, −2 (a real minus sign), +0."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def blank_or(value: object, blank: bool) -> str:
    """The value, or an empty space to write in by hand."""
    return BLANK if blank else esc(value)


def boxes(count: int, ticked: int = 0, cls: str = "boxes") -> str:
    """``count`` tick boxes, the first ``ticked`` already marked."""
    ticked = max(0, min(ticked, count))
    marks = [BOX_TICKED] * ticked + [BOX] * (count - ticked)
    return f'<span class="{cls}">{"".join(marks)}</span>'


def row(cells: Iterable[str], header: bool = False, attrs: Sequence[str] = ()) -> str:
    """One table row of already-escaped cells; ``attrs`` per cell (e.g. class)."""
    tag = "th" if header else "td"
    parts = []
    for i, cell in enumerate(cells):
        extra = f" {attrs[i]}" if i < len(attrs) and attrs[i] else ""
        parts.append(f"<{tag}{extra}>{cell}</{tag}>")
    return "<tr>" + "".join(parts) + "</tr>"


def table(rows: Iterable[str], header: Sequence[str] | None = None, *,
          width: str = "100%", cls: str = "grid", header_attrs: Sequence[str] = (),
          extra: str = "", gap: bool = True) -> str:
    """A bordered table; ``header`` cells are escaped here and repeat on each page.

    ``gap`` adds a little space below it.
    """
    head = ""
    if header is not None:
        head = "<thead>" + row((esc(h) for h in header), header=True,
                               attrs=header_attrs) + "</thead>"
    width_attr = f' width="{width}"' if width else ""
    return (f'<table class="{cls}"{width_attr} cellspacing="0" cellpadding="2"{extra}>'
            f"{head}{''.join(rows)}</table>{SPACER if gap else ''}")


_RULE = re.compile(r"[^{}]+\{[^}]*\}")
_CLASS_ATTR = re.compile(r"""class\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
_SELECTOR_CLASS = re.compile(r"\.([\w-]+)")


def _used_rules(css: str, body: str) -> str:
    """``css`` without the rules that name a class ``body`` never uses.

    Such a rule matches nothing, so leaving it out changes nothing printed; but
    Qt tries every rule of a class against every element of the document, and
    these were an eighth of the time it takes to read a long fight's summary
    (issue 18).
    """
    used = {name for m in _CLASS_ATTR.finditer(body)
            for name in (m.group(1) or m.group(2) or "").split()}
    kept = []
    for rule in _RULE.findall(css):
        selectors = rule.split("{", 1)[0].split(",")
        if any(set(_SELECTOR_CLASS.findall(s)) <= used for s in selectors):
            kept.append(rule.strip())
    return "\n" + "\n".join(kept) + "\n"


def document(title: str, body: str, font_pt: float = 8.5) -> str:
    """A complete HTML document; ``title`` becomes the PDF title and page footer.

    The reader has no copy of the rules specification the code cites, so every
    "RULES 1.6" in the body is printed as "see Help ▸ Rules reference, §1.6"."""
    body = for_paper(body)
    css = _used_rules(CSS % {"base": f"{font_pt:g}"}, body)
    return (f'<html><head><meta charset="utf-8"><title>{esc(title)}</title>'
            f"<style>{css}</style></head><body>{body}</body></html>")
