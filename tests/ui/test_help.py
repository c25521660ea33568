"""ui/help.py: Help ▸ How It Works opens with F1, made once, and reads in the installed language."""

from __future__ import annotations

import re
from importlib.metadata import version

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

from knight_gui.ui import i18n
from knight_gui.ui.help import HelpPages, HowItWorks, program_version, show_about

CJK = re.compile(r"[\u4e00-\u9fff]")
#: Table cells that are key names, the same in every language.
KEYS = re.compile(r"^[A-Za-z0-9+/→←−\s]{1,24}$")


@pytest.fixture
def host(qtbot):
    """A main window with the Help menu, as the window makes it."""
    window = QMainWindow()
    qtbot.addWidget(window)
    pages = HelpPages(window)
    window.menuBar().addMenu("&Help").addAction(pages.how_action)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # F1 goes to the active window, as when a user presses it
    yield window, pages
    i18n.install_translator(i18n.ENGLISH)


def blocks(dialog: HowItWorks) -> list[str]:
    """The page's paragraphs, headings and table cells, as shown."""
    texts = []
    block = dialog.browser.document().begin()
    while block.isValid():
        if block.text().strip():
            texts.append(block.text())
        block = block.next()
    return texts


def test_f1_opens_the_page_beside_the_window_and_again_the_same_page(qtbot, host):
    window, pages = host
    assert pages.dialog is None  # made when first asked for
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = pages.dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert not dialog.isModal() and dialog.parent() is window
    assert dialog.windowTitle() == "How It Works"
    dialog.close()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    qtbot.waitUntil(dialog.isVisible)
    assert pages.dialog is dialog
    dialog.close()


def test_the_action_has_its_texts_and_f1_in_its_tooltip(host):
    _, pages = host
    action = pages.how_action
    assert action.text() == "&How It Works" and action.shortcut().toString() == "F1"
    assert action.toolTip() == "The stack, Warnsdorff's rule and backtracking, in a few words (F1)"


def test_the_page_explains_the_stack_the_rule_and_backtracking(qtbot):
    dialog = HowItWorks()
    qtbot.addWidget(dialog)
    texts = blocks(dialog)
    for heading in ("How it works", "The stack", "Warnsdorff's rule", "Backtracking", "The colours",
                    "Using the window"):
        assert heading in texts
    page = "\n".join(texts)
    for words in ("push", "pop", "degree", "F1", "play or pause"):
        assert words in page
    # Esc first stops a run (README's table): "End / Esc: run to the end / start again" left it out
    assert "stop a run; when nothing runs, back to the start square" in page


def test_the_page_reads_in_chinese_every_paragraph_translated(qtbot, host):
    window, pages = host
    i18n.install_translator(i18n.CHINESE)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = pages.dialog
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.windowTitle() == "原理说明"
    untranslated = [text for text in blocks(dialog) if not CJK.search(text) and not KEYS.match(text)]
    assert untranslated == []
    assert sum(bool(CJK.search(text)) for text in blocks(dialog)) >= 20
    image = dialog.browser.viewport().grab().toImage()  # drawn: dark ink on the page
    dark = sum(image.pixelColor(x, y).lightness() < 100
               for x in range(0, image.width(), 3) for y in range(0, image.height(), 3))
    assert dark > 50
    dialog.close()


def test_a_language_switch_retranslates_the_open_page(qtbot, host):
    window, pages = host
    pages.show_how_it_works()
    dialog = pages.dialog
    assert "The stack" in blocks(dialog)
    i18n.install_translator(i18n.CHINESE)
    qtbot.waitUntil(lambda: dialog.windowTitle() == "原理说明")
    assert "The stack" not in blocks(dialog)
    i18n.install_translator(i18n.ENGLISH)
    qtbot.waitUntil(lambda: dialog.windowTitle() == "How It Works")
    dialog.close()


def test_about_says_the_installed_version(qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append((title, text)))
    parent = QMainWindow()
    qtbot.addWidget(parent)
    show_about(parent)
    assert program_version() == version("knight-tour")
    title, text = shown[0]
    assert title == "About Knight's Tour"
    assert f"Version {program_version()} · Python " in text and "MIT licence." in text
