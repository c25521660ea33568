"""ui/explanations.py: the last event explained in the interface's language, and the status bar's reason."""

from __future__ import annotations

import pytest

from knight_gui.tour import Board, Pop, Push
from knight_gui.ui import i18n
from knight_gui.ui.explanations import READABLE_SPEED, explain_event, status_reason, tr_text
from knight_gui.ui.player import MAX_SPEED, SearchConfig, TourPlayer

BOARD = Board(5)
#: How the dead end at b4 is said, as far as the words do not depend on the wording of tour.explain.
DEAD_END = "Pop b4 (move 19): b4 has no unvisited "
BACKTRACK = "Backtrack: b4 has no unvisited "


@pytest.fixture
def player(qapp):
    """Plain backtracking on 5×5 from c5 (square 2): it pops after 19 moves."""
    player = TourPlayer()
    player.configure(SearchConfig(BOARD, "backtracking"))
    player.place(2)
    yield player
    player.pause()
    i18n.install_translator(i18n.ENGLISH)


def step_to_pop(player: TourPlayer) -> Pop:
    while not isinstance(player.last_event(), Pop):
        player.step()
    event = player.last_event()
    assert isinstance(event, Pop)
    return event


def test_nothing_to_explain_before_the_knight_is_placed(qapp):
    player = TourPlayer()
    assert explain_event(player) is None and status_reason(player) is None


def test_a_push_is_explained_against_its_parent_frame(player):
    assert tr_text(explain_event(player)) == "Push c5 as move 1: the start square"
    player.step()
    assert tr_text(explain_event(player)) == (
        "Push e4 as move 2: candidate 1 of 4 in the fixed move order (e4:2 d3:5 b3:5 a4:2)")
    player.step()
    player.step_back()  # the stack shown is rebuilt from the history: the same sentence
    assert tr_text(explain_event(player)).startswith("Push e4 as move 2: candidate 1 of 4")


def test_a_pop_says_why_and_the_status_bar_says_backtrack(player):
    pop = step_to_pop(player)
    assert pop.step == 19
    # (the wording of a reason is tour.explain's; here: which event, which square, said where)
    assert tr_text(explain_event(player)).startswith(DEAD_END)
    assert status_reason(player).startswith(BACKTRACK)
    player.step()  # the next pop: every candidate of a2 tried
    assert isinstance(player.last_event(), Pop) and player.last_event().square == BOARD.parse("a2")
    reason = status_reason(player)
    assert reason.startswith("Backtrack: ") and "a2" in reason and "b4" not in reason
    while not isinstance(player.last_event(), Push):
        player.step()
    assert status_reason(player) is None  # only pops have a reason to show


def test_the_reason_is_not_shown_while_running_too_fast_to_read(player):
    step_to_pop(player)
    for speed in (READABLE_SPEED + 30, MAX_SPEED):
        player.set_speed(speed)
        player.play()  # (no event loop runs here: the events stay where they are)
        assert player.running and status_reason(player) is None
        player.pause()
        assert status_reason(player).startswith(BACKTRACK)
    player.set_speed(READABLE_SPEED)
    player.play()
    assert status_reason(player).startswith(BACKTRACK)


def test_explanations_follow_the_interface_language(player):
    step_to_pop(player)
    i18n.install_translator(i18n.CHINESE)
    said = tr_text(explain_event(player))
    assert said.startswith("出栈 b4（第 19 步）：b4") and "没有" in said
    assert status_reason(player).startswith("回溯：b4")


def test_an_impossible_start_is_explained_as_the_theorem_that_rules_it_out(qapp):
    player = TourPlayer()
    player.configure(SearchConfig(Board(5)))
    player.place(1)  # b5: not the corners' colour on an odd board
    assert tr_text(explain_event(player)) == "No search: a theorem rules out a tour from b5"
    assert status_reason(player) is None
