"""Languages: the catalogue is complete, the .qm matches it, switching is live."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, Qt, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from knight_gui.ui import i18n

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def english_afterwards(qapp):
    """Whatever a test switches to, the next test starts in English."""
    yield
    i18n.install_translator(i18n.ENGLISH)


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def test_the_chinese_catalogue_exists():
    assert [p.name for p in i18n.ts_paths()] == ["knight_tour_zh_CN.ts"]
    assert i18n.qm_path(i18n.CHINESE).is_file()


def _same_placeholders(source: str, translation: str) -> bool:
    """The same placeholders: in order, except named ones ({square}), which a translation may reorder."""
    a, b = i18n.placeholders(source), i18n.placeholders(translation)
    if all(p.startswith("{") and p != "{}" for p in a + b):
        return sorted(a) == sorted(b)
    return a == b


@pytest.mark.parametrize("ts", i18n.ts_paths(), ids=lambda p: p.name)
def test_every_entry_is_translated(ts):
    problems = []
    messages = list(i18n.read_ts_messages(ts))
    assert len(messages) > 100
    for context, source, comment, translation, kind in messages:
        english = i18n.english_text(context, source, comment)
        where = f"{context}::{english!r}"
        if kind in ("unfinished", "vanished", "obsolete"):
            problems.append(f"{where} is {kind}")
        elif not translation.strip():
            problems.append(f"{where} has an empty translation")
        elif not _same_placeholders(english, translation):
            problems.append(f"{where}: placeholders {i18n.placeholders(translation)} "
                            f"differ from the source's {i18n.placeholders(english)}")
        elif english.count("&") == 1 and "&&" not in english and translation.count("&") != 1:
            problems.append(f"{where}: the keyboard accelerator is lost in {translation!r}")
        elif len(english) - len(english.lstrip()) != len(translation) - len(translation.lstrip()):
            problems.append(f"{where}: the indentation differs in {translation!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("ts", i18n.ts_paths(), ids=lambda p: p.name)
def test_the_compiled_qm_is_up_to_date_with_the_ts(ts, qapp):
    """Every translation of the .ts comes out of the .qm as it is (run scripts/update_translations.sh)."""
    qm = i18n.TRANSLATIONS / ts.with_suffix(".qm").name
    translator = QTranslator()
    assert translator.load(str(qm)), f"cannot load {qm}"
    stale = [(context, source) for context, source, comment, translation, kind in i18n.read_ts_messages(ts)
             if translator.translate(context, source, comment or None) != translation]
    assert not stale, f"{qm.name} is older than {ts.name}: {stale[:5]}"


def test_one_translation_means_one_source():
    """Texts are looked up both ways when switching live: no two sources may share a translation."""
    seen: dict[str, str] = {}
    clashes = []
    for context, source, comment, translation, _kind in i18n.read_ts_messages(i18n.ts_paths()[0]):
        english = i18n.english_text(context, source, comment)
        if seen.setdefault(translation, english) != english:
            clashes.append((seen[translation], english, translation))
    assert not clashes


def test_the_catalogue_covers_the_sources(tmp_path):
    """New tr() texts since the last scripts/update_translations.sh are reported (skip, not fail:
    other modules add texts all the time; the .ts catches up when the script is run)."""
    lupdate = shutil.which("pyside6-lupdate")
    if lupdate is None:
        pytest.skip("pyside6-lupdate is not installed")
    fresh = tmp_path / "fresh.ts"
    subprocess.run([lupdate, "-silent", "-no-obsolete", "-locations", "none", "-extensions", "py",
                    str(ROOT / "knight_gui" / "ui"), "-ts", str(fresh)], check=True, timeout=120)
    wanted = {(c, s) for c, s, _t, _k in i18n.read_ts(fresh)}
    have = {(c, s) for c, s, _t, _k in i18n.read_ts(i18n.ts_paths()[0])}
    if wanted - have:
        pytest.skip(f"{len(wanted - have)} new texts to translate (run scripts/update_translations.sh): "
                    f"{sorted(wanted - have)[:5]}")


def test_the_language_follows_the_system_locale():
    assert i18n.system_language(QLocale(QLocale.Language.Chinese, QLocale.Country.China)) == "zh_CN"
    assert i18n.system_language(QLocale(QLocale.Language.Chinese, QLocale.Country.Taiwan)) == "zh_CN"
    assert i18n.system_language(QLocale(QLocale.Language.German, QLocale.Country.Germany)) == "en"
    assert i18n.resolve("zh_CN") == "zh_CN"
    assert i18n.resolve("klingon") == i18n.system_language()
    assert i18n.resolve(42) == i18n.system_language()


def test_a_missing_catalogue_leaves_english(qapp, monkeypatch, tmp_path, english_afterwards):
    monkeypatch.setattr(i18n, "TRANSLATIONS", tmp_path)
    assert i18n.install_translator("zh_CN") == "en"
    assert i18n.current_language() == "en"


def test_switching_to_chinese_changes_menus_and_status_and_keeps_the_tour(qtbot, window, english_afterwards):
    click_square(qtbot, window, 0)
    for _ in range(5):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)
    path, pos = list(window.board_widget.view.path), window.player.pos
    assert window.file_menu.title() == "&File"
    window.language_menu.actions["zh_CN"].trigger()
    assert window.file_menu.title() == "文件(&F)"
    assert window.run_menu.title() == "运行(&R)"
    assert window.step_action.text() == "单步(&S)"
    assert window.step_action.statusTip() == "执行一个事件：走一步或回溯一步"
    assert window.step_action.toolTip().startswith("执行一个事件")
    assert window.moves_label.text() == "第 6 步，共 64 步"
    assert window.counts_label.text() == "入栈 6 · 出栈 0"
    assert window.message_label.text() == "已暂停。"
    assert window.windowTitle() == "马踏棋盘 — 8×8"
    assert window.rows_spin.toolTip() == "棋盘的行数（修改后会清空棋盘）"
    assert window.algorithm_combo.currentText() == "Warnsdorff 规则"
    assert window.language_menu.menu.title().startswith("语言")
    # the tour is where it was, and goes on
    assert window.board_widget.view.path == path and window.player.pos == pos
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)
    assert window.moves_label.text() == "第 7 步，共 64 步"
    window.language_menu.actions["en"].trigger()
    assert window.file_menu.title() == "&File"
    assert window.step_action.toolTip() == "Apply one event: a move or a backtrack (Right)"
    assert window.rows_spin.toolTip() == "Rows of the board (changing it clears the board)"
    assert window.moves_label.text() == "Move 7 of 64"
    assert window.algorithm_combo.currentText() == "Warnsdorff"


def _visible_texts(window) -> list[str]:
    texts = []
    for menu in window.menuBar().findChildren(QMenu):
        texts.append(menu.title())
    for action in window.findChildren(QAction):
        if action.menu() is None and action.text():
            texts += [action.text(), action.statusTip()]
    for widget in (window.rows_spin, window.cols_spin, window.algorithm_combo, window.tie_combo,
                   window.closed_check, window.speed_slider):
        texts += [widget.toolTip(), widget.accessibleName()]
    texts += [window.message_label.text(), window.moves_label.text(), window.counts_label.text(),
              window.depth_label.text(), window.time_label.text()]
    return [t for t in texts if t]


def test_in_chinese_no_known_english_text_is_left(qtbot, window, english_afterwards):
    """Every text the catalogue knows comes out in Chinese after a live switch."""
    click_square(qtbot, window, 0)
    window.language_menu.choose("zh_CN")
    catalogue = i18n.catalogue()
    left = [t for t in _visible_texts(window)
            if not CJK.search(t) and t in catalogue.exact and catalogue.exact[t][1] == t
            and t not in i18n.LANGUAGES.values()]
    assert not left


def test_a_window_opened_in_chinese_is_chinese(qtbot, english_afterwards):
    from knight_gui.ui.main_window import MainWindow

    i18n.install_translator("zh_CN")
    win = MainWindow()
    qtbot.addWidget(win)
    assert win.file_menu.title() == "文件(&F)"
    assert win.message_label.text() == "单击一个格子放下马。"
    assert win.play_action.toolTip() == "播放或暂停搜索 (空格)"
    assert win.algorithm_combo.currentText() == "Warnsdorff 规则"
    assert win.tie_combo.currentText() == "前瞻规则"
    assert win.tour_files.open_action.text() == "打开巡游(&O)…"
    assert win.help_pages.how_action.text() == "原理说明(&H)"


def test_outcome_reasons_are_translated(qtbot, window, english_afterwards):
    window.apply_settings(5, 5)
    click_square(qtbot, window, 1)  # b5: not the corners' colour on an odd board
    english = window.message_label.text()
    assert english.startswith("No tour from b5 on 5×5: 5×5 has 13 squares of the corners' colour")
    window.language_menu.choose("zh_CN")
    text = window.message_label.text()
    assert text.startswith("从 b5 出发，在 5×5 棋盘上没有巡游：") and "角格" in text and "13" in text


@pytest.mark.parametrize("code", sorted(i18n.REASONS))
def test_every_reason_code_has_a_chinese_text(code, qapp, english_afterwards):
    from knight_gui.tour import Board, Outcome

    i18n.install_translator("zh_CN")
    outcome = Outcome("no-tour", "english 12", 2, code)
    text = i18n.outcome_reason(outcome, Board(5), 0, [0])
    assert CJK.search(text), text


def test_how_it_works_opens_with_f1_in_both_languages(qtbot, window, english_afterwards):
    qtbot.keyClick(window.board_widget, Qt.Key.Key_F1)
    dialog = window.help_pages.dialog
    qtbot.waitUntil(dialog.isVisible)
    text = dialog.browser.toPlainText()
    assert dialog.windowTitle() == "How It Works"
    for words in ("stack", "push", "pop", "Warnsdorff", "degree", "backtracks", "closed"):
        assert words in text
    for words in ("The colours", "the start square (a green frame)", "glows red"):  # the board's legend
        assert words in text
    html = dialog.browser.toHtml().lower()
    assert "#2e7d32" in html and "#d32f2f" in html  # its swatches are the board's own colours
    window.language_menu.choose("zh_CN")  # the open page follows the switch
    text = dialog.browser.toPlainText()
    assert dialog.windowTitle() == "原理说明"
    for words in ("栈", "入栈", "出栈", "Warnsdorff 规则", "度数", "回溯", "闭合巡游", "开放巡游"):
        assert words in text
    dialog.close()


def test_about_names_the_program_and_its_versions(qtbot, window, monkeypatch, english_afterwards):
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append((title, text)))
    window.about_action.trigger()
    window.language_menu.choose("zh_CN")
    window.about_action.trigger()
    assert shown[0][0] == "About Knight's Tour" and "Version" in shown[0][1] and "PySide6" in shown[0][1]
    assert shown[1][0] == "关于马踏棋盘" and "版本" in shown[1][1] and "马踏棋盘" in shown[1][1]


def test_how_it_works_is_in_the_help_menu_with_f1(window):
    action = window.help_pages.how_action
    assert action in window.help_menu.actions()
    assert action.shortcut().toString() == "F1"


def test_a_tooltip_that_follows_its_action_text_still_follows_after_a_switch(qtbot, window,
                                                                            english_afterwards):
    action = QAction(window.tr("Compare"), window)  # no tooltip of its own: Qt shows the text
    window.addAction(action)
    window.language_menu.choose("zh_CN")
    assert action.text() == "比较" and action.toolTip() == "比较"
    action.setText("Something else")  # a panel that changes the text later
    assert action.toolTip() == "Something else"


def tool_button_texts(win) -> dict[str, str]:
    from PySide6.QtWidgets import QToolButton

    return {b.defaultAction().text(): b.text() for b in win.findChildren(QToolButton)
            if b.defaultAction() is not None and b.isVisibleTo(win) and b.defaultAction().text()}


def test_tool_buttons_show_no_mnemonic_in_either_language(qtbot, window, english_afterwards):
    """A Chinese menu says "播放(&P)"; its button says 播放, not 播放(P); also once Play turns to Pause."""
    assert i18n.icon_text("播放(&P)") == "播放" and i18n.icon_text("打开巡游(&O)…") == "打开巡游"
    assert i18n.icon_text("Step &back") == "Step back" and i18n.icon_text("Fish && &Chips") == "Fish & Chips"
    english = tool_button_texts(window)
    assert english["&Play"] == "Play" and english["Step &back"] == "Step back"
    window.language_menu.actions["zh_CN"].trigger()
    chinese = tool_button_texts(window)
    assert chinese["播放(&P)"] == "播放"
    assert len(chinese) >= 8 and not [t for t in chinese.values() if "(" in t or "&" in t]
    click_square(qtbot, window, 0)
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Space)
    assert window.play_action.text() != "播放(&P)"  # playing: the action offers Pause
    assert tool_button_texts(window)[window.play_action.text()] == i18n.icon_text(window.play_action.text())
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Space)
