"""ui/actions.py: an action's text, status tip and tooltip, the tooltip ending in its keys."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QToolButton

from knight_gui.ui.actions import set_action_texts


def test_the_tooltip_ends_in_the_keys_of_the_action(qapp):
    action = QAction()
    action.setShortcut(QKeySequence("Ctrl+O"))
    set_action_texts(action, "&Open…", "Open a saved tour")
    assert action.text() == "&Open…"
    assert action.statusTip() == "Open a saved tour"
    assert action.toolTip() == "Open a saved tour (Ctrl+O)"


def test_an_action_without_keys_has_the_tip_alone(qapp):
    action = QAction()
    set_action_texts(action, "&Compare", "Compare the algorithms")
    assert action.toolTip() == "Compare the algorithms"


def test_called_again_after_a_switch_the_texts_and_keys_are_the_new_ones(qapp):
    action = QAction()
    action.setShortcut(QKeySequence("F1"))
    set_action_texts(action, "&How It Works", "How it works")
    action.setShortcut(QKeySequence("Ctrl+B"))
    set_action_texts(action, "运行到下一次回溯(&B)", "运行到搜索下一次出栈")
    assert (action.text(), action.statusTip(), action.toolTip()) == (
        "运行到下一次回溯(&B)", "运行到搜索下一次出栈", "运行到搜索下一次出栈 (Ctrl+B)")


def test_the_tool_button_of_the_action_shows_the_tooltip_with_its_keys(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    action = QAction(window)
    action.setShortcut(QKeySequence("Ctrl+G"))
    set_action_texts(action, "&Go to move…", "Show the search when the knight stands on its k-th square")
    bar = window.addToolBar("Run")
    bar.addAction(action)
    button = bar.widgetForAction(action)
    assert isinstance(button, QToolButton)
    assert button.toolTip() == "Show the search when the knight stands on its k-th square (Ctrl+G)"
    assert button.text() == "Go to move"  # (Qt leaves out the & and a trailing … on a button)
