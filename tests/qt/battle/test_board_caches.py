"""What the board keeps between refreshes (issue 18: card summaries kept per
fighter, the list's column widths, the log lines' sizes) never shows an old
value: after every event, undo and redo the rows and cards read as freshly made."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from tests.qt.battle.helpers import make_board, sample
from tests.rules.builders import DAGGER, LONG_SWORD, classic
from yags_desk.qt.battle import summary as summary_module
from yags_desk.qt.battle.board import BattleBoard
from yags_desk.qt.battle.summary import FighterSummary, SummaryCache, summarize, turn_order
from yags_desk.rules.combat.events import AddCombatant, Declare, Initiative, Wound
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.tracks import classic_level
from yags_desk.storage.library import Library


@pytest.fixture
def library(home: Path) -> Library:
    return Library.open()


def fresh_rows(board: BattleBoard) -> list[Any]:
    state = board.state
    order = {fid: n for n, fid in enumerate(turn_order(state), start=1)}
    return [summarize(state, f, order.get(f.id)) for f in state.fighters.values()]


def shown_rows(board: BattleBoard) -> list[list[str]]:
    model = board.model
    return [[model.index(r, c).data() or "" for c in range(model.columnCount())]
            for r in range(model.rowCount())]


def test_a_wound_and_its_undo_show_on_the_card_and_the_row(
        qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    row = board.model.row_of("bandit-1")
    assert "Unhurt" in board.card_text("bandit-1")
    assert board.push_events([Wound(id="bandit-1", levels=2)])
    assert "Light −2" in board.card_text("bandit-1")
    assert board.model.index(row, 4).data() == "Light −2"
    board.undo_stack.undo()
    assert "Unhurt" in board.card_text("bandit-1")
    assert board.model.index(row, 4).data() == "Unhurt"
    board.undo_stack.redo()
    assert "Light −2" in board.card_text("bandit-1")
    assert board.model.index(row, 4).data() == "Light −2"


@pytest.mark.parametrize("name", ["ford-ambush.json", "sparring.json"])
def test_every_step_undo_and_redo_shows_what_a_fresh_summary_says(
        qtbot: Any, library: Library, name: str) -> None:
    board = make_board(qtbot, sample(library, name), library)
    steps = 0
    while board.state.round < 3 and steps < 200:  # two rounds: statuses, turn order, wounds
        assert board.next_action.isEnabled()
        board.next_action.trigger()
        steps += 1
        assert board.model.summaries() == fresh_rows(board)
    after = shown_rows(board)
    for _ in range(board.undo_stack.count()):
        board.undo_stack.undo()
        assert board.model.summaries() == fresh_rows(board)
    for _ in range(board.undo_stack.count()):
        board.undo_stack.redo()
        assert board.model.summaries() == fresh_rows(board)
    assert shown_rows(board) == after


def test_auto_resolve_ends_with_fresh_rows_and_column_widths(
        qtbot: Any, library: Library) -> None:
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    board.show()
    board.auto_resolve()
    assert board.model.summaries() == fresh_rows(board)
    # The list's widths as the table itself measures its cells.
    for column in range(board.proxy.columnCount()):
        if not board.table.isColumnHidden(column):
            assert board.column_width_hint(column) == board.table.sizeHintForColumn(column)


def test_kept_weapons_and_numbers_follow_the_style_the_initiative_and_the_wounds() -> None:
    """The weapon and numbers a card keeps (issue 18) are made again when the declared
    style, the initiative still to roll or the wounds (the derived values) change."""
    ann = classic("Ann", skills={"Single weapon": 60, "Brawling": 50},
                  weapons=(LONG_SWORD, DAGGER))
    log = CombatLog("classic", roster=[
        AddCombatant(id="ann", name="Ann", side="a", row=0, character=ann),
        AddCombatant(id="bo", name="Bo", side="b", row=1, character=ann)])
    cache = SummaryCache()
    shown: list[tuple[str, str]] = []

    def check() -> None:
        state = log.state
        order = {fid: n for n, fid in enumerate(turn_order(state), start=1)}
        rows = cache.summaries(state, order)
        assert rows == [summarize(state, f, order.get(f.id)) for f in state.fighters.values()]
        shown.append((rows[0].weapon, rows[0].numbers))

    check()
    log.push(Declare(id="ann", target="bo", style="Brawling: Dagger"))
    check()
    log.push(Initiative(id="ann", total=14))
    check()
    log.push(Wound(id="ann", levels=3))
    check()
    log.push(Declare(id="ann", action="rest"))
    check()
    # Each step changed what Ann's card shows, so a stale entry would have been seen.
    assert len(set(shown)) == len(shown)
    assert shown[0][0] == "Single weapon: Long sword" and "Init" in shown[0][1]
    assert shown[1][0] == "Brawling: Dagger" and "Init" not in shown[2][1]


def test_summaries_hold_every_field_as_their_constructor_sets_them(
        qtbot: Any, library: Library) -> None:
    """A summary made by filling its fields at once (issue 18) holds every field of
    FighterSummary, and equals (and hashes as) the one its constructor makes."""
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    board.auto_resolve()
    names = {f.name for f in dataclasses.fields(FighterSummary)}
    for made in board.model.summaries():
        assert set(vars(made)) == names
        constructed = FighterSummary(**vars(made))
        assert made == constructed and hash(made) == hash(constructed)


def test_kept_track_levels_are_the_rules_levels() -> None:
    """The wound and fatigue levels the cards keep by boxes and boxes filled (issue
    18) are the rules' own, for every filling of tracks of different sizes."""
    for boxes in ((1, 1, 1, 1, 1, 1), (2, 2, 2, 1, 1, 1), (3, 2, 2, 2, 1, 1)):
        for filled in range(sum(boxes) + 3):
            for _ in range(2):  # made, then kept
                assert summary_module._classic_level(boxes, filled) == classic_level(
                    boxes, filled)


def shown_ambush(qtbot: Any, library: Library) -> BattleBoard:
    """The sample ambush on a board 1000 by 700 pixels, shown."""
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    board.resize(1000, 700)
    board.show()
    return board


def measured_afresh(option: Any, index: Any) -> Any:
    """What a plain QStyledItemDelegate measures for the row at ``index`` (its text,
    font and tooltip), leaving aside the size the row keeps (issue 18: the log's
    rows keep their sizes, which the standard delegate would answer as they are)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QStyledItemDelegate

    item = QStandardItem()
    for role, value in index.model().itemData(index).items():
        if role != Qt.ItemDataRole.SizeHintRole:
            item.setData(value, role)
    probe = QStandardItemModel()
    probe.appendRow(item)
    return QStyledItemDelegate().sizeHint(option, probe.index(0, 0))


def view_option(view: Any) -> Any:
    """The options the log's list lays its lines out with (its viewport's width)."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect.setWidth(view.viewport().width())
    option.rect.setHeight(100)  # a valid rectangle: the style wraps text in it
    return option


def test_log_lines_are_measured_as_the_item_delegate_measures_them(
        qtbot: Any, library: Library) -> None:
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

    from yags_desk.qt.battle.log_view import LogLine, LogModel

    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    panel = board.log_panel
    sizes = panel.sizes
    real = sizes.measure
    compared: list[tuple[Any, Any, bool]] = []

    def measure(option: QStyleOptionViewItem, line: LogLine) -> Any:
        size = real(option, line)
        probe = QStandardItemModel()  # the row the log makes for the line, unsized
        probe.appendRow(LogModel()._items([line]))
        expected = measured_afresh(option, probe.index(0, 0))
        compared.append((size, expected, line.heading))
        return size

    sizes.measure = measure  # type: ignore[method-assign]
    board.show()
    board.auto_resolve()
    QApplication.processEvents()
    for width in (900, 260):  # long lines wrap in a narrow log
        board.main_splitter.resize(width, board.main_splitter.height())
        panel.resize(width, panel.height())
        QApplication.processEvents()
        panel.view.doItemsLayout()  # laid out at once (Qt waits a moment after a resize)
    assert compared and all(size == expected for size, expected, _ in compared)
    heights = {size.height() for size, _, heading in compared if not heading}
    assert len(heights) > 1  # some lines wrapped
    assert any(heading for *_, heading in compared)


def test_the_log_rows_keep_each_lines_size_and_text_and_follow_the_font(
        qtbot: Any, library: Library) -> None:
    # Issue 18: each row keeps its line's size, read by Qt's own delegate; with the
    # filters on and off, after an undo and after a new font, each row's size is
    # what a plain delegate measuring its text and font gives, and the filters read
    # the lines the rows show.
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication, QStyledItemDelegate

    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    board.show()
    board.auto_resolve()
    QApplication.processEvents()
    panel = board.log_panel
    proxy, view, model = panel.proxy, panel.view, panel.model
    assert type(view.itemDelegate()) is QStyledItemDelegate  # Qt's own, no Python per row

    def check() -> None:
        QApplication.processEvents()
        view.doItemsLayout()  # a resize is laid out a moment later: at once here
        option = view_option(view)
        rows = [proxy.index(r, 0) for r in range(proxy.rowCount())]
        assert rows
        for index in rows:
            line = model._lines[proxy.mapToSource(index).row()]
            assert index.data() == index.data(Qt.ItemDataRole.ToolTipRole) == line.text
            assert (index.data(Qt.ItemDataRole.FontRole) is not None) == line.heading
            assert index.flags() == (Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
                                     | Qt.ItemFlag.ItemNeverHasChildren)  # never edited
            assert index.data(Qt.ItemDataRole.SizeHintRole) == measured_afresh(option, index)

    check()
    fighter = panel.fighter_combo.itemData(1)
    panel.fighter_combo.setCurrentIndex(1)  # one fighter's lines: rows map elsewhere
    assert not proxy.shows_all and fighter
    check()
    assert all(fighter in model._lines[proxy.mapToSource(proxy.index(r, 0)).row()].fighters
               or model._lines[proxy.mapToSource(proxy.index(r, 0)).row()].heading
               for r in range(proxy.rowCount()))
    panel.filter_edit.setText("attack")  # and a text: no round headings
    check()
    assert all("attack" in line.casefold() for line in panel.shown_lines())
    panel.filter_edit.setText("")
    panel.fighter_combo.setCurrentIndex(0)
    assert proxy.shows_all
    count = model.rowCount()
    board.undo_stack.undo()
    assert len(model.lines()) == model.rowCount() < count  # the undone lines went
    check()
    font = QFont(view.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    view.setFont(font)  # the same texts and widths in a bigger font
    check()


def test_the_log_rows_are_measured_again_after_a_width_or_font_change(
        qtbot: Any, library: Library) -> None:
    # Issue 18: the sizes the rows keep are those of the list's width and font
    # now: after a resize and a new font (once Qt lays the lines out again, as it
    # does a moment later), every row's is what a plain delegate measures.
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFont

    board = shown_ambush(qtbot, library)
    qtbot.waitExposed(board)
    board.auto_resolve()
    panel = board.log_panel
    proxy, view = panel.proxy, panel.view

    def stored() -> list[Any]:
        return [proxy.index(r, 0).data(Qt.ItemDataRole.SizeHintRole)
                for r in range(proxy.rowCount())]

    def fresh() -> list[Any]:
        option = view_option(view)
        return [measured_afresh(option, proxy.index(r, 0)) for r in range(proxy.rowCount())]

    qtbot.waitUntil(lambda: stored() == fresh())
    before = stored()
    board.resize(420, board.height())  # narrower: long lines wrap
    qtbot.waitUntil(lambda: stored() == fresh())
    narrow = stored()
    assert narrow != before
    assert [s.height() for s in narrow] != [s.height() for s in before]
    font = QFont(view.font())
    font.setPointSizeF(font.pointSizeF() * 1.5)
    view.setFont(font)
    qtbot.waitUntil(lambda: stored() == fresh())
    assert stored() != narrow
    bar = view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.value() == bar.maximum())  # still at the end


def test_log_lines_prepared_during_auto_resolve_read_as_freshly_made(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 18: during Auto-resolve the log's lines are worked out as the steps are
    # made (their states at hand) and shown at the end; they never outlive their
    # events: the same lines as a fresh log view after rounds, undo and other events.
    from yags_desk.qt.battle.log_view import LogModel
    from yags_desk.rules.combat import log as log_module
    from yags_desk.rules.combat.events import SetCondition

    monkeypatch.setattr(log_module, "RECENT", 6)  # states let go of within a round
    ambush = sample(library, "ford-ambush.json")
    npcs = ambush.model_copy(update={"combatants": tuple(
        c.model_copy(update={"character": c.character.model_copy(update={"kind": "npc"})})
        for c in ambush.combatants)})
    board = make_board(qtbot, npcs, library)
    model = board.log_panel.model

    def fresh() -> list[Any]:
        other = LogModel()
        other.follow(board.log)
        return other.lines()

    for _ in range(2):
        board.auto_resolve()
        assert model.lines() == fresh()
    # Prepared, then the log changes under them without a word to the model.
    board._batch = True
    fid = next(iter(board.state.fighters))
    assert board.push_events([SetCondition(id=fid, condition="prone")])
    assert len(model._ready) == 1
    board.log.undo()
    board.log.push(SetCondition(id=fid, condition="stunned"))
    board._batch = False
    board.refresh()
    assert model.lines() == fresh()
    board._batch = True
    assert board.push_events([SetCondition(id=fid, condition="prone")])
    board.undo_stack.undo()  # prepared lines of undone events go
    board.undo_stack.undo()
    assert len(model._ready) == 0
    board._batch = False
    board.refresh()
    assert model.lines() == fresh()


def test_each_log_line_is_laid_out_at_the_standard_delegates_size(
        qtbot: Any, library: Library) -> None:
    # Issue 18: the log measures its lines its own way (an option completed once per
    # width and font, the size kept in each row, its scroll bar shown before a big
    # batch is laid out); every line shown still takes the size a plain
    # QStyledItemDelegate measuring the row's text and font gives, at two widths,
    # in another font, with a filter on, scrolled to the end.
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    board = shown_ambush(qtbot, library)
    panel = board.log_panel
    proxy, view = panel.proxy, panel.view

    def check() -> set[int]:
        QApplication.processEvents()
        option = view_option(view)
        rows = [proxy.index(r, 0) for r in range(proxy.rowCount())]
        assert rows
        for index in rows:
            expected = measured_afresh(option, index)
            assert index.data(Qt.ItemDataRole.SizeHintRole) == expected
            assert view.visualRect(index).height() == expected.height()
        bar = view.verticalScrollBar()
        assert bar.value() == bar.maximum()  # at the end
        return {view.visualRect(index).height() for index in rows}

    board.auto_resolve()
    assert view.verticalScrollBar().isVisible()
    heights = check()
    for width in (300, 800):
        board.resize(width, board.height())
        heights |= check()
    assert len(heights) > 2  # headings, lines and wrapped lines
    font = QFont(view.font())
    font.setPointSizeF(font.pointSizeF() * 1.5)
    view.setFont(font)
    check()
    panel.fighter_combo.setCurrentIndex(1)
    check()
    panel.filter_edit.setText("attack")
    check()
    board.auto_resolve()  # new lines under the filter
    check()


def test_the_log_shows_its_scroll_bar_only_when_its_lines_overflow(
        qtbot: Any, library: Library) -> None:
    # The bar shown early for a big batch of lines (issue 18) is hidden again when
    # the lines fit after all, as the list alone would have left it.
    from PySide6.QtWidgets import QApplication

    board = shown_ambush(qtbot, library)
    panel = board.log_panel
    view, bar = panel.view, panel.view.verticalScrollBar()
    panel.filter_edit.setText("no line says this")
    board.auto_resolve()
    QApplication.processEvents()
    assert not bar.isVisible() and bar.maximum() == 0
    panel.filter_edit.setText("")
    QApplication.processEvents()
    assert bar.isVisible() and bar.value() == bar.maximum() > 0
    # Shown early by a wrong guess (here: as if thousands of lines were shown), the
    # bar goes again once the lines are laid out.
    panel.filter_edit.setText("no line says this")
    QApplication.processEvents()
    assert not bar.isVisible()
    panel.proxy.rowCount = lambda *_: 10_000  # type: ignore[method-assign]
    panel._make_room()
    del panel.proxy.rowCount
    assert bar.maximum() == 1  # shown for now
    view.scheduleDelayedItemsLayout()
    QApplication.processEvents()
    QApplication.processEvents()
    assert not bar.isVisible() and bar.maximum() == 0


def test_a_log_longer_than_the_kept_sizes_is_not_measured_again_each_pass(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    # Past the limit, only the sizes of other widths and fonts go: a very long
    # fight's log (more lines than the limit) measured every line in every pass.
    from PySide6.QtWidgets import QApplication

    from yags_desk.qt.battle import log_view

    monkeypatch.setattr(log_view, "_SIZES_KEPT", 8)
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    panel = board.log_panel
    board.show()
    board.auto_resolve()
    QApplication.processEvents()
    assert panel.proxy.rowCount() > 3 * 8
    before = panel.sizes.measured
    for _ in range(3):  # the list lays every line out again, as after each new event
        panel.view.doItemsLayout()
        QApplication.processEvents()
    assert panel.sizes.measured == before


def test_lines_sized_from_their_width_alone_take_the_size_the_style_measures(
        qtbot: Any) -> None:
    # Issue 18: a line that surely fits on one line is sized from its text's width
    # (not laid out); every line, sized so or measured, takes the size the style
    # measures for it: at widths around each line's own, in a bigger font, headings
    # too, and lines the font does not draw alone, with controls, separators, soft
    # hyphens or trailing spaces are measured.
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QListView, QStyleOptionViewItem

    from yags_desk.qt.battle.log_view import _SAMPLE, LogLine, _LineSizes

    view = QListView()
    view.setWordWrap(True)
    qtbot.addWidget(view)
    words = "Bandit 3 attacks Aldric → hits for 7 — Light (-2) “ok” é"
    lines = [LogLine(" ".join([words] * n)[:k]) for n in (1, 2, 4) for k in (9, 40, 200)]
    lines += [LogLine(t) for t in ("Wide WWWWW MMMMM", "iiiii lllll", "中文 fighter",
                                   "a\ttab", "two\nlines", "soft\u00adhyphen",
                                   "sep\u2028arated", "ends in a space ", "x", "")]
    lines += [LogLine("— Round 12 —", heading=True), LogLine("W" * 60, heading=True)]
    pool = "abcdefghijklmnopqrstuvwxyzLTWVAfjy0123456789 .,:;!?()-—→“”'é"
    pick = random.Random(18)
    lines += [LogLine("".join(pick.choice(pool) for _ in range(pick.randint(1, 90))))
              for _ in range(60)]
    for size in (None, 1.37, 2.0):
        if size is not None:
            font = QFont(view.font())
            font.setPointSizeF(font.pointSizeF() * size)
            view.setFont(font)
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        option.rect.setHeight(100)
        sizes = _LineSizes()
        measured: list[str] = []
        real = sizes.measure

        def measure(opt: QStyleOptionViewItem, line: LogLine, real: Any = real,
                    measured: list[str] = measured) -> Any:
            measured.append(line.text)
            return real(opt, line)

        sizes.measure = measure  # type: ignore[method-assign]
        probe = _LineSizes()  # what the style measures
        widths = {40, 100, 1200}
        for line in lines:
            option.rect.setWidth(2000)
            natural = probe.measure(option, line).width()
            widths |= {natural + d for d in (-3, -1, 0, 1, 2, 5, 12, 30)}
        for width in sorted(w for w in widths if w > 0):
            option.rect.setWidth(width)
            for line in lines:
                assert sizes.size(option, line) == probe.measure(option, line), (
                    width, line)
        # In a wide log, only the unusual lines, those close to the width or wider
        # (and a sample of the font) were measured.
        unusual = {"中文 fighter", "a\ttab", "two\nlines", "soft\u00adhyphen",
                   "sep\u2028arated", "ends in a space ", "Bandit 3 ", ""}
        option.rect.setWidth(2000)
        close = {line.text for line in lines
                 if probe.measure(option, line).width() > 1200 - 2 * option.fontMetrics.height()}
        option.rect.setWidth(1200)
        sizes = _LineSizes()
        sizes.measure = measure  # type: ignore[method-assign]
        del measured[:]
        for line in lines:
            assert sizes.size(option, line) == probe.measure(option, line)
        assert unusual <= set(measured) - {_SAMPLE} <= unusual | close
        if size is None:  # in the usual font most lines were sized from their width
            assert len(close) < len(lines) // 4


def test_lines_sized_together_take_the_size_the_style_measures_for_each(
        qtbot: Any) -> None:
    # Issue 18: a batch of lines is sized in one go (what the width and font decide
    # worked out once, lines of printable ASCII recognised without looking up each
    # character, sizes shared between lines as wide); every line takes the size
    # the style measures for it, in several fonts and at widths around its own,
    # repeated lines, headings and lines that must be measured included.
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QListView, QStyleOptionViewItem

    from yags_desk.qt.battle.log_view import LogLine, _LineSizes

    view = QListView()
    view.setWordWrap(True)
    qtbot.addWidget(view)
    pick = random.Random(1802)
    ascii_ = "".join(map(chr, range(0x20, 0x7F)))
    odd = "→−—“”é中\t\x01\x7f\u00ad\u2028"
    texts = ["".join(pick.choice(ascii_) for _ in range(pick.randint(1, 70)))
             for _ in range(50)]
    texts += ["".join(pick.choice(ascii_ + odd) for _ in range(pick.randint(1, 70)))
              for _ in range(30)]
    texts += ["Guard r0 1 will attack Raider r0 1 with Single weapon: Long sword.",
              "Raider r1 3 hits Guard r2 3: 29 against 24; damage 32 − soak 12 = 20 → 4 levels.",
              "ends in a space ", "ends in f", "Wide WWWWW MMMMM", "x", "", "a\ttab", "W" * 90,
              "two\nlines", "bell\x07", "del\x7fete", "cr\rhere", "—"]
    lines = [LogLine(t) for t in texts]
    lines += [LogLine("— Round 7 —", heading=True), LogLine("W" * 40, heading=True)]
    lines += lines[:5] + lines[-7:-4]  # the same texts again in the batch
    base = view.font()
    fonts = [QFont(base)]
    for change in ("size", "bold", "italic", "serif", "mono"):
        font = QFont(base)
        if change == "size":
            font.setPointSizeF(font.pointSizeF() * 1.37)
        elif change == "bold":
            font.setBold(True)
        elif change == "italic":
            font.setItalic(True)
        else:
            font.setStyleHint(QFont.StyleHint.Serif if change == "serif"
                              else QFont.StyleHint.TypeWriter)
            font.setFamily("DejaVu Serif" if change == "serif" else "DejaVu Sans Mono")
        fonts.append(font)
    for font in fonts:
        view.setFont(font)
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        option.rect.setHeight(100)
        probe = _LineSizes()  # what the style measures
        option.rect.setWidth(3000)
        naturals = sorted({probe.measure(option, line).width() for line in lines})
        widths = sorted({80, 3000} | {naturals[k] + d for k in range(0, len(naturals), 16)
                                        for d in (-1, 0, 1)})
        sizes = _LineSizes()
        for width in widths + widths[::-4]:  # wider and narrower again, from the cache
            option.rect.setWidth(width)
            expected = [probe.measure(option, line) for line in lines]
            assert sizes.sizes(option, lines) == expected, (font.key(), width)
            if font is fonts[0]:  # one by one, each line alone
                assert [_LineSizes().size(option, line) for line in lines] == expected


def test_a_line_with_a_character_the_font_does_not_draw_is_measured(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 18: lines of printable ASCII skip looking up each character only when
    # the font draws all of them; one it does not draw sends the line to be measured.
    from PySide6.QtWidgets import QListView, QStyleOptionViewItem

    from yags_desk.qt.battle import log_view
    from yags_desk.qt.battle.log_view import LogLine, _LineSizes

    real = log_view._Drawn.learn

    def learn(self: Any, text: Any) -> None:  # as a font without a "W" would
        real(self, text)
        self.plain.discard("W")

    monkeypatch.setattr(log_view._Drawn, "learn", learn)
    view = QListView()
    view.setWordWrap(True)
    qtbot.addWidget(view)
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect.setHeight(100)
    option.rect.setWidth(900)
    sizes = _LineSizes()
    measured: list[str] = []
    real_measure = sizes.measure

    def measure(opt: Any, line: LogLine) -> Any:
        measured.append(line.text)
        return real_measure(opt, line)

    sizes.measure = measure  # type: ignore[method-assign]
    lines = [LogLine("Wide W."), LogLine("Narrow n."), LogLine("Wide → W."), LogLine("n → n.")]
    assert sizes.sizes(option, lines) == [real_measure(option, line) for line in lines]
    assert "Wide W." in measured and "Wide → W." in measured
    assert "Narrow n." not in measured and "n → n." not in measured


def test_the_log_reads_each_event_as_its_sentence_between_the_states_around_it(
        qtbot: Any, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 18: the lines are worked out event after event, each event's state after
    # it taken as the next one's state before; they read as describing each event
    # alone with the log's states around it, a heading at each round's start.
    from yags_desk.qt.battle.log_view import LogLine, LogModel, event_fighters
    from yags_desk.rules.combat import log as log_module
    from yags_desk.rules.combat.events import EndRound
    from yags_desk.rules.combat.sentences import describe

    monkeypatch.setattr(log_module, "RECENT", 6)  # states let go of within a round
    board = make_board(qtbot, sample(library, "ford-ambush.json"), library)
    for _ in range(2):
        board.auto_resolve()
    log = board.log
    expected: list[LogLine] = []
    for i, event in enumerate(log.events):
        before = log.state_before(i)
        if i == 0 or isinstance(log.events[i - 1], EndRound):
            expected.append(LogLine(f"— Round {before.round} —", heading=True))
        text = describe(event, before, log.state_before(i + 1))
        expected.append(LogLine(text, event_fighters(event)))
    assert sum(line.heading for line in expected) >= 2
    assert board.log_panel.model.lines() == expected  # step by step
    assert board.log_panel.shown_lines() == [line.text for line in expected]
    fresh = LogModel()
    fresh.follow(log)  # all at once
    assert fresh.lines() == expected
