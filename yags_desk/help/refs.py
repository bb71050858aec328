"""Citations of the rules: "RULES 1.6" in the code, "Rules reference §1.6" for a user.

The code cites the sections of the project's rules specification as
``RULES 1.6``, ``RULES 1.2-1.4``, ``RULES 1.6, 1.7`` or ``RULES 2``. A user
does not have that text, but has the rules reference shipped under
``resources/help/rules.html``, whose anchors are ``s<section>``. These helpers
rewrite the citations in a user-visible string:

- :func:`for_screen`: plain text for tooltips, check boxes and messages;
- :func:`linked`: rich text whose citations are ``rules:`` links the help
  viewer opens at the section;
- :func:`for_paper`: printed wording that says where to look in the program.
"""

from __future__ import annotations

import html
import re

__all__ = ["RULES_CITATION", "cited_at_end", "cited_sections", "for_paper", "for_screen",
           "linked", "rules_url"]

_NUMBER = r"\d+(?:\.\d+)?"
# "RULES 1.6", "RULES 1.2-1.4", "RULES 1.6, 1.7", "RULES 1.6, RULES 2"; in "RULES 1.5-1.9,
# 0.8 RULES 2" the "0.8" names an edition, not a section.
RULES_CITATION = re.compile(
    rf"RULES\s+(?P<list>{_NUMBER}"
    rf"(?:\s*(?:[-–]|,|and)\s*(?:RULES\s+)?{_NUMBER}(?![\d.])(?!\s+RULES))*)")
_PART = re.compile(rf"({_NUMBER})\s*[-–]\s*({_NUMBER})|({_NUMBER})")


def _parts(citation: str) -> list[tuple[str, str]]:
    """(first, last) section of each part of a citation's list (last == first if single)."""
    out: list[tuple[str, str]] = []
    for m in _PART.finditer(citation.replace("RULES", "")):
        if m.group(3):
            out.append((m.group(3), m.group(3)))
        else:
            out.append((m.group(1), m.group(2)))
    return out


def _expand(first: str, last: str) -> list[str]:
    if first == last:
        return [first]
    a, _, x = first.partition(".")
    b, _, y = last.partition(".")
    if a == b and x.isdigit() and y.isdigit() and int(x) < int(y):
        return [f"{a}.{n}" for n in range(int(x), int(y) + 1)]
    return [first, last]


def cited_sections(text: str) -> list[str]:
    """Every section a text cites, ranges expanded, in order, without repeats."""
    seen: list[str] = []
    for m in RULES_CITATION.finditer(text):
        for first, last in _parts(m.group("list")):
            for section in _expand(first, last):
                if section not in seen:
                    seen.append(section)
    return seen


# A citation in brackets of its own: "(RULES 1.10)" or the 0.8 source "(combat-wounds.yags)".
_BRACKETED = re.compile(r"\s*\((RULES [^()]*|combat-wounds\.yags)\)")


def cited_at_end(text: str) -> str:
    """``text`` with the citations in brackets taken out of the sentence and every rule
    it rests on given once at its end: "against 20 (RULES 1.10); needs a carer" reads
    "against 20; needs a carer (RULES 1.10)". [decision] The 0.8 healing rows name their
    source file, which the GM does not have: they cite RULES 2 (0.8), where the Rules
    reference and the healing help page send 0.8 readers."""
    sections: list[str] = []
    for m in _BRACKETED.finditer(text):
        for section in cited_sections(m.group(0)) or ["2"]:
            if section not in sections:
                sections.append(section)
    if not sections:
        return text
    return f"{_BRACKETED.sub('', text)} (RULES {', '.join(sections)})"


def rules_url(section: str) -> str:
    """The link that opens the rules reference at ``section`` (``rules:1.6``)."""
    return f"rules:{section}"


def _words(parts: list[tuple[str, str]]) -> str:
    return ", ".join(f"§{a}" if a == b else f"§{a}-{b}" for a, b in parts)


def for_screen(text: str) -> str:
    """``text`` with each citation as "Rules reference §1.6" (Help ▸ Rules reference)."""
    return RULES_CITATION.sub(lambda m: f"Rules reference {_words(_parts(m.group('list')))}",
                              text)


def for_paper(text: str) -> str:
    """``text`` with each citation as "see Help ▸ Rules reference, §1.6"."""
    return RULES_CITATION.sub(
        lambda m: f"see Help ▸ Rules reference, {_words(_parts(m.group('list')))}", text)


def linked(text: str, *, escape: bool = True) -> str:
    """Rich text: ``text`` (escaped unless ``escape`` is false) with each citation a link.

    Each part of a citation links to its first section:
    ``Rules reference <a href="rules:1.6">§1.6</a>, <a href="rules:1.7">§1.7</a>``.
    """
    source = html.escape(text, quote=False) if escape else text

    def link(m: re.Match[str]) -> str:
        parts = [f'<a href="{rules_url(a)}">§{a if a == b else f"{a}-{b}"}</a>'
                 for a, b in _parts(m.group("list"))]
        return "Rules reference " + ", ".join(parts)
    return RULES_CITATION.sub(link, source)
