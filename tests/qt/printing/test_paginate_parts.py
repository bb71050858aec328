"""Page breaks are fixed part by part and without laying out again for nothing
(issue 18): the same pages as fixing one issue at a time over the whole
document, for a fraction of the layouts."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtGui import QTextDocument

from tests.printing.samples import SAMPLE, sample, sample_encounter
from tests.rules.builders import ROUND_SHIELD, classic, classic_weapon
from yags_desk.printing import character_sheets, encounter_after, npc_blocks
from yags_desk.qt.printing import render
from yags_desk.qt.printing.paginate import MAX_PASSES, find_issue, fix_html, paginated_html
from yags_desk.qt.printing.render import ensure_gui_app
from yags_desk.rules.character import Character

# An A4 page less its footer, in layout pixels (what render_pdf lays out on).
WIDTH, HEIGHT = 679.84, 1004.54


@pytest.fixture(autouse=True)
def _app(qapp: object) -> None:
    assert ensure_gui_app() is qapp


def _counting() -> tuple[Callable[[str], QTextDocument], list[int]]:
    count = [0]

    def layout(html: str) -> QTextDocument:
        count[0] += 1
        return render._layout(html, WIDTH, HEIGHT)

    return layout, count


def _one_at_a_time(html: str, layout: Callable[[str], QTextDocument]) -> str:
    """How the pages were fixed before: the first issue of the whole document,
    fixed, the whole laid out again, until none is left."""
    skip: set[object] = set()
    last = None
    doc = layout(html)
    for _ in range(MAX_PASSES):
        issue = find_issue(doc, frozenset(skip))  # type: ignore[arg-type]
        if issue is None:
            break
        if issue == last:
            skip.add(issue)
            continue
        html = fix_html(html, issue)
        last = issue
        doc = layout(html)
    return html


def _crowded(name: str) -> Character:
    swords = tuple(classic_weapon(f"Sword {i}", 6, 5, 5, 9, 12, 4, "single")
                   for i in range(12))
    return classic(name, skills={"Single weapon": 100, "Weapon and shield": 100},
                   weapons=swords, shield=ROUND_SHIELD)


def _two_line_rows(tables: int, rows: int) -> str:
    """Tables of rows that wrap onto two lines, each after a heading: Qt cuts some
    rows across pages, and a heading may be left at a page's foot."""
    long = "a sentence long enough to wrap onto a second line of its cell " * 3
    body = "".join(
        f"<h2>Part {t}</h2><table class='grid' width='100%'><thead><tr><th>#</th>"
        f"<th>Text</th></tr></thead>"
        + "".join(f"<tr><td>{t}.{i}</td><td>{long}</td></tr>" for i in range(rows))
        + "</table>" for t in range(tables))
    return f"<html><head><title>Rows</title></head><body>{body}</body></html>"


def _log(rows: int, *, wide_last: bool = False) -> str:
    """A combat log as the summary prints it: one table, its first two columns of
    set widths, some rows wrapping onto two lines, many pages long. With
    ``wide_last`` the last row's first cell is wider than its column's share, so
    the whole table's columns differ from those of its first rows."""
    # ``middle`` takes one line of the column as the first rows size it, two once
    # the wide last row has taken its room.
    short, long = "Bandit 3 waits.", "Knight 5 attacks Bandit 4 with a long sword " * 3
    middle = ("Knight 5 attacks Bandit 4 with a long sword and a round shield, and hits "
              "hard hard hard")
    cells = "".join(
        f"<tr><td class='num'>{'W' * 14 if wide_last and i == rows - 1 else i}</td>"
        f"<td class='num'>{i // 40 + 1}</td>"
        f"<td>{long if i % 7 in (2, 5) else middle if i % 7 == 3 else short}</td></tr>"
        for i in range(rows))
    return ("<html><head><title>Log</title><style>.num { white-space: nowrap; }</style>"
            "</head><body><h2>Combat log</h2><table class='grid' width='100%'><thead><tr>"
            "<th width='5%'>#</th><th width='8%'>Round</th><th>What happened</th></tr>"
            f"</thead>{cells}</table><p>The end.</p></body></html>")


def _documents() -> dict[str, str]:
    names = sorted(p.stem for p in (SAMPLE / "characters").glob("*.json"))
    party = [sample(n) for n in names]
    return {
        "sheets": character_sheets(party * 2),
        "crowded sheets": character_sheets([party[0], _crowded("A"), party[1],
                                            _crowded("B")]),
        "npc blocks": npc_blocks(party),
        "encounter": encounter_after(sample_encounter(
            rounds=12, seed=2, foes={"bandit": 8, "wolf": 3, "guard": 2})),
        "long tables": _two_line_rows(3, 70),
        "long log": _log(900),
        "long log, wide last row": _log(900, wide_last=True),
    }


@pytest.mark.parametrize("kind", ["sheets", "crowded sheets", "npc blocks", "encounter",
                                  "long tables", "long log", "long log, wide last row"])
def test_the_same_pages_as_fixing_one_issue_at_a_time(kind: str) -> None:
    html = _documents()[kind]
    old_layout, _ = _counting()
    expected = _one_at_a_time(html, old_layout)
    layout, _count = _counting()
    fixed, doc = paginated_html(html, layout)
    assert fixed == expected
    assert doc.toPlainText() == render._layout(expected, WIDTH, HEIGHT).toPlainText()


def test_sheets_are_laid_out_once_however_many_pages() -> None:
    # Each sheet's title starts a page, which the search still reports; laying the
    # whole document out again for each one made printing grow with the square
    # of the pages (30 sheets took 7.5 s).
    names = sorted(p.stem for p in (SAMPLE / "characters").glob("*.json"))
    party = [sample(n) for n in names]
    for copies in (1, 3):
        layout, count = _counting()
        _fixed, doc = paginated_html(character_sheets(party * copies), layout)
        assert doc.pageCount() == len(party) * copies  # one page per sheet
        assert count[0] == 1


def test_a_fix_lays_out_its_part_again_not_the_whole_document() -> None:
    names = sorted(p.stem for p in (SAMPLE / "characters").glob("*.json"))
    party = [sample(n) for n in names]
    sheets = [*party, _crowded("A"), *party, _crowded("B")]
    html = character_sheets(sheets)
    whole = len(html)
    sizes: list[int] = []

    def layout(text: str) -> QTextDocument:
        sizes.append(len(text))
        return render._layout(text, WIDTH, HEIGHT)

    fixed, _doc = paginated_html(html, layout)
    assert fixed != html  # the crowded sheets needed fixes
    # The whole document is laid out to look, then once more to check; every
    # other layout is of one sheet.
    assert sum(size >= whole for size in sizes) == 2
    assert all(size < whole / 4 for size in sizes if size < whole)


def test_after_a_fix_only_what_follows_it_is_laid_out_again() -> None:
    # A long log cuts a row on page after page; each fix used to lay the whole
    # document out again.
    html = _documents()["long tables"]
    sizes: list[int] = []

    def layout(text: str) -> QTextDocument:
        sizes.append(len(text))
        return render._layout(text, WIDTH, HEIGHT)

    fixed, doc = paginated_html(html, layout)
    assert fixed != html and doc.pageCount() >= 3
    whole = [size for size in sizes if size >= len(html)]
    tails = [size for size in sizes if size < len(html)]
    assert len(whole) == 2  # to look, then to check
    assert tails and tails == sorted(tails, reverse=True)  # each the rest after a fix


def _sizes(html: str) -> tuple[str, list[int]]:
    sizes: list[int] = []

    def layout(text: str) -> QTextDocument:
        sizes.append(len(text))
        return render._layout(text, WIDTH, HEIGHT)

    return paginated_html(html, layout)[0], sizes


def test_after_a_fix_in_a_long_log_only_the_next_pages_are_laid_out() -> None:
    """Issue 18: after a fix in a long log's table only the next few pages are laid
    out to find the next cut row, not the whole rest of the log; the pages are
    those of fixing one issue at a time (the test above)."""
    html = _log(900)
    fixed, sizes = _sizes(html)
    assert fixed.count("<table") >= 3  # rows cut on some pages, each fixed
    whole = [size for size in sizes if size >= len(html)]
    windows = [size for size in sizes if size < len(html)]
    assert len(whole) == 2  # to look, then to check
    # After the first fix: a few pages' worth, not the rest of a log of some
    # twenty pages.
    rest = len(fixed) - fixed.index("page-break-before")
    assert windows[0] < rest / 2


def test_a_log_whose_columns_the_later_rows_widen_is_laid_out_whole_after_a_fix() -> None:
    """The first rows of the log alone would get narrower columns than the whole log
    (its last row is wider): a window of them would wrap rows differently, so the
    rest is laid out whole, and the pages are those of fixing one at a time."""
    html = _log(900, wide_last=True)
    fixed, sizes = _sizes(html)
    windows = [size for size in sizes if size < len(html)]
    # The first few pages after the fix, refused; then each time the whole rest.
    assert len(windows) >= 3 and windows[0] < windows[1]
    assert windows[1:] == sorted(windows[1:], reverse=True)
    assert fixed == _one_at_a_time(html, _counting()[0])


@pytest.mark.parametrize("kind", ["sheets", "crowded sheets", "npc blocks", "encounter",
                                  "long tables", "long log", "long log, wide last row"])
def test_rows_cut_are_found_by_bisection_as_row_by_row(kind: str) -> None:
    """Issue 18: in a long table only the row at each page break is looked at; the
    rows found cut are those looking at every row finds, on each document as it
    comes, after its first fix and after all."""
    from yags_desk.qt.printing import paginate

    html = _documents()[kind]
    fixed, _doc = paginated_html(html, _counting()[0])
    first = next(paginate._issues(render._layout(html, WIDTH, HEIGHT)), None)
    halfway = html if first is None else fix_html(html, first)
    for text in (html, halfway, fixed):
        doc = render._layout(text, WIDTH, HEIGHT)
        found = list(paginate._issues(doc))
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(paginate, "_BISECT_ROWS", 10**9)
            one_by_one = list(paginate._issues(doc))
        assert found == one_by_one
    assert list(paginate._issues(render._layout(_log(900), WIDTH, HEIGHT)))  # rows to find
