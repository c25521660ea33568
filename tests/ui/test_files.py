"""File ▸ Save Tour and Open Tour: round trips, replays, bad files."""

from __future__ import annotations

import json
import threading
from itertools import islice
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from knight_gui.tour import Board, Search, Snapshot
from knight_gui.tour import text as tour_text
from knight_gui.tour.validate import is_tour
from knight_gui.ui import file_dialogs, files
from knight_gui.ui.player import MAX_SPEED, SPEEDS


def first_tour(search: Search) -> list[int]:
    """The path of the first tour a search reports (the generator goes on to further tours)."""
    for _event in search:
        if search.outcome is not None:
            return search.path()
    raise AssertionError("no tour")


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def press(qtbot, win, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(win.board_widget, key, modifier)


def run_to_end(qtbot, win) -> None:
    win.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    with qtbot.waitSignal(win.player.finished, timeout=20000):
        press(qtbot, win, Qt.Key.Key_End)


@pytest.fixture
def errors(monkeypatch):
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append((title, text)))
    return shown


def save_as(qtbot, win, monkeypatch, target: Path, trace: bool = False) -> None:
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a: (str(target), ""))
    if win.tour_files.trace_action.isChecked() != trace:
        win.tour_files.trace_action.trigger()
    with qtbot.waitSignal(win.tour_files.saved, timeout=20000):
        keys = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        press(qtbot, win, Qt.Key.Key_S, keys)


def open_path(qtbot, win, monkeypatch, target: Path, ok: bool = True) -> None:
    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a: (str(target), ""))
    signal = win.tour_files.opened if ok else win.tour_files.failed
    with qtbot.waitSignal(signal, timeout=20000):
        press(qtbot, win, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)


def test_a_saved_tour_reopens_to_the_same_board(qtbot, window, tmp_path, monkeypatch):
    click_square(qtbot, window, 0)
    run_to_end(qtbot, window)
    path, pos = list(window.board_widget.view.path), window.player.pos
    target = tmp_path / "tour.json"
    save_as(qtbot, window, monkeypatch, target)
    record = tour_text.load_tour(target)  # the command line's reader accepts it
    assert record.path == path and record.outcome == "tour" and record.algorithm == "warnsdorff"
    assert "trace" not in json.loads(target.read_text())
    window.apply_settings(5, 6, "classic")
    assert window.board_widget.view.path == []
    open_path(qtbot, window, monkeypatch, target)
    assert window.player.config.board == Board(8)
    assert window.algorithm_combo.currentData() == "warnsdorff"
    assert window.board_widget.view.path == path
    assert window.player.pos == pos
    assert window.message_label.text() == "Tour complete: 64 squares, 0 backtracks"
    assert "reproduced" in window.statusBar().currentMessage()
    # a replay steps and scrubs as a live search does
    press(qtbot, window, Qt.Key.Key_Left)
    assert window.board_widget.view.path == path[:-1] or window.board_widget.view.path == path
    for _ in range(5):
        press(qtbot, window, Qt.Key.Key_Left)
    assert len(window.board_widget.view.path) < 64
    window.player.seek(1)
    assert window.board_widget.view.path == [0]
    assert window.tour_files.last_dir == str(tmp_path)


def test_what_opening_said_goes_when_another_search_is_shown(qtbot, window, tmp_path, monkeypatch):
    """Seen in review: "Opened en_mid.json: …" stayed its ten seconds over the search Undo brought back."""
    window.apply_settings(5, 5)
    click_square(qtbot, window, 0)
    run_to_end(qtbot, window)
    target = tmp_path / "tour.json"
    save_as(qtbot, window, monkeypatch, target)
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    open_path(qtbot, window, monkeypatch, target)
    bar = window.statusBar()
    assert bar.currentMessage().startswith("Opened tour.json: ")
    press(qtbot, window, Qt.Key.Key_Left)  # the file's own search, stepped: what it said holds
    assert bar.currentMessage().startswith("Opened tour.json: ")
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Undo: the 6×6 search again
    assert window.player.config.board == Board(6)
    assert not bar.currentMessage().startswith("Opened"), bar.currentMessage()
    assert not window.message_label.text().startswith("Opened"), window.message_label.text()


def test_a_backtracking_search_with_its_trace_round_trips(qtbot, window, tmp_path, monkeypatch):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 0)
    run_to_end(qtbot, window)
    state = window.player.state
    pushes, pops, pos = state.pushes, state.pops, window.player.pos
    assert pops > 5
    target = tmp_path / "bt.json"
    save_as(qtbot, window, monkeypatch, target, trace=True)
    data = json.loads(target.read_text())
    assert len(data["trace"]) == pos
    assert tour_text.load_tour(target).pops == pops  # the command line reads it too (and skips the trace)
    assert data["trace"][0] == ["+", 0, 0, 2]
    assert data["trace"][-1][0] == "="
    assert any(item[0] == "-" for item in data["trace"])
    window.apply_settings(8, 8, "warnsdorff")
    open_path(qtbot, window, monkeypatch, target)
    state = window.player.state
    assert (state.pushes, state.pops, window.player.pos) == (pushes, pops, pos)
    assert is_tour(Board(5), window.board_widget.view.path)


def test_a_tour_saved_mid_search_reopens_there_and_goes_on(qtbot, window, tmp_path, monkeypatch):
    window.apply_settings(6, 6, "backtracking")
    click_square(qtbot, window, 0)
    for _ in range(40):
        press(qtbot, window, Qt.Key.Key_Right)
    path, pos = list(window.board_widget.view.path), window.player.pos
    target = tmp_path / "partial.json"
    save_as(qtbot, window, monkeypatch, target)
    assert json.loads(target.read_text())["outcome"] == "budget"
    window.player.reset()
    open_path(qtbot, window, monkeypatch, target)
    assert window.board_widget.view.path == path and window.player.pos == pos
    assert window.player.can_advance
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.player.pos == pos + 1


def _foreign_file(tmp_path: Path, trace: bool = False) -> tuple[Path, list[int]]:
    """A valid 6x6 tour this program's warnsdorff/roth search does not produce: another one, reversed."""
    board = Board(6)
    path = first_tour(Search(board, 0, "warnsdorff", "pohl"))[::-1]
    assert is_tour(board, path)
    record = tour_text.TourRecord(board, path[0], "warnsdorff", "roth", False, "tour", "tour #1 found",
                                  path, 36, 0)
    target = tmp_path / "foreign.json"
    tour_text.save_tour(target, record)
    if trace:
        data = json.loads(target.read_text())
        items = [["+", sq // 6, sq % 6, 1] for sq in path] + [["=", "tour", 1, "tour", "found"]]
        data["trace"] = items
        target.write_text(json.dumps(data))
    return target, path


@pytest.mark.parametrize("trace", [False, True])
def test_a_file_this_search_does_not_reproduce_is_replayed_from_its_moves(qtbot, window, tmp_path,
                                                                         monkeypatch, trace):
    target, path = _foreign_file(tmp_path, trace)
    assert files.reproduce(tour_text.load_tour(target)) is None
    open_path(qtbot, window, monkeypatch, target)
    assert window.board_widget.view.path == path
    assert "replay of the moves" in window.statusBar().currentMessage()
    assert window.player.pos == 37
    press(qtbot, window, Qt.Key.Key_Left)
    press(qtbot, window, Qt.Key.Key_Left)
    assert window.board_widget.view.path == path[:-1]
    press(qtbot, window, Qt.Key.Key_Home)
    assert window.board_widget.view.path == path[:1]
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.board_widget.view.path == path[:2]


def test_a_replay_that_goes_on_as_a_search_shows_that_search_s_stack(qtbot, window, tmp_path, monkeypatch):
    """Past the file's moves the replay goes on as a search resumed there: at the head the stack
    panel reads that search's frames (before, a search was resumed again from the path at every
    step: 37 ms a frame on 100×100), and they are what a search resumed on the path shown has."""
    board = Board(6)
    path = first_tour(Search(board, 0, "warnsdorff", "pohl"))[::-1][:20]  # (another program's, stopped)
    target = tmp_path / "stopped.json"
    tour_text.save_tour(target, tour_text.TourRecord(board, path[0], "warnsdorff", "roth", False, "budget",
                                                     "", path, 20, 0, None, "saved-mid-search", (20,)))
    data = json.loads(target.read_text())
    data["trace"] = [["+", sq // 6, sq % 6, 1] for sq in path]  # (saved mid-search: no outcome)
    target.write_text(json.dumps(data))
    open_path(qtbot, window, monkeypatch, target)
    assert "replay of the moves" in window.statusBar().currentMessage()
    player, model = window.player, window.teaching.stack_panel.model
    for _ in range(6):  # the search goes on from the file's path
        press(qtbot, window, Qt.Key.Key_Right)
        live = player.search.live
        assert live is not None and player.at_head and player.stack() is live
        state = player.state
        fresh = player.config.search(player.start, Snapshot(
            tuple(state.path), tuple(state.tried), state.pushes, state.pops, state.tours, state.max_depth,
            state.dead_ends))
        assert model.rowCount() == state.depth == fresh.depth > 20
        for row in range(state.depth):
            index = state.depth - 1 - row  # (the top of the stack first)
            assert model.frame_at(row).candidates == fresh.frame(index).candidates


def shown_frames(win) -> list:
    """Every frame the Stack panel shows, top first: square, candidates and the next to try."""
    model = win.teaching.stack_panel.model
    return [model.frame_at(row) for row in range(model.rowCount())]


def test_a_replay_gone_on_as_a_search_shows_the_same_frames_stepped_back_to(qtbot, window, tmp_path,
                                                                            monkeypatch):
    """Found in review: at the head the file's frames had the live search's candidates tried (those
    before the file's move, in its order), one step back only the file's move: the greyed candidates
    of frames far below changed with every ← and →."""
    board = Board(6)
    path = first_tour(Search(board, 0, "warnsdorff", "pohl"))[::-1][:20]
    target = tmp_path / "stopped.json"
    tour_text.save_tour(target, tour_text.TourRecord(board, path[0], "warnsdorff", "roth", False, "budget",
                                                     "", path, 20, 0, None, "saved-mid-search", (20,)))
    data = json.loads(target.read_text())
    data["trace"] = [["+", sq // 6, sq % 6, 1] for sq in path]
    target.write_text(json.dumps(data))
    open_path(qtbot, window, monkeypatch, target)
    seen = []
    for _ in range(12):
        press(qtbot, window, Qt.Key.Key_Right)
        seen.append(shown_frames(window))  # at the head: the live search's
    assert any(frame.next > 1 for frame in seen[-1][-15:])  # (some file frames skip candidates)
    for frames in reversed(seen[:-1]):
        press(qtbot, window, Qt.Key.Key_Left)
        assert shown_frames(window) == frames


def test_a_replay_whose_trace_has_pops_gone_on_shows_the_same_frames_stepped_back_to(qtbot, window, tmp_path,
                                                                                    monkeypatch):
    """A trace with pops (another search's, 6×6 backtracking) replayed under Warnsdorff and gone on:
    stepped back, frames were counted twice (4 candidates, the 6th to try next); and the frames at
    the file's end depended on whether → had been pressed once."""
    from knight_gui.tour import Outcome, Push
    from knight_gui.tour.state import TourState
    from knight_gui.tour.trace import event_json

    board = Board(6)
    events = list(islice(Search(board, 0, "backtracking"), 400))
    while not isinstance(events[-1], Push):
        events.pop()
    assert not any(isinstance(event, Outcome) for event in events)
    state = TourState(board)
    for event in events:
        state.apply(event)
    assert state.pops > 0
    target = tmp_path / "pops.json"
    tour_text.save_tour(target, tour_text.TourRecord(board, 0, "warnsdorff", "roth", False, "budget", "",
                                                     list(state.path), state.pushes, state.pops, None,
                                                     "saved-mid-search", (state.pushes,)))
    data = json.loads(target.read_text())
    data["trace"] = [json.loads(event_json(board, event)) for event in events]
    target.write_text(json.dumps(data))
    open_path(qtbot, window, monkeypatch, target)
    player = window.player
    assert player.pos == len(events) == len(player.history)
    at_the_end = shown_frames(window)
    seen = {}
    for _ in range(15):
        press(qtbot, window, Qt.Key.Key_Right)
        seen[player.pos] = shown_frames(window)
    for _ in range(15):
        press(qtbot, window, Qt.Key.Key_Left)
        frames = shown_frames(window)
        assert all(0 <= frame.next <= len(frame.candidates) for frame in frames)
        assert frames == seen.get(player.pos, at_the_end)


def test_the_next_tour_after_a_replayed_tour_is_the_second(qtbot, window, tmp_path, monkeypatch):
    """A file another program made, ending with its tour, then Ctrl+N: the search that goes on from it
    counted the file's tour twice and called the next one tour #3."""
    board = Board(5)
    path = first_tour(Search(board, 0, "backtracking"))[::-1]  # (from a1: not this search's first tour)
    target = tmp_path / "reversed.json"
    tour_text.save_tour(target, tour_text.TourRecord(board, path[0], "backtracking", "fixed", False, "tour",
                                                     "tour #1 found", path, 25, 0))
    assert files.reproduce(tour_text.load_tour(target)) is None
    open_path(qtbot, window, monkeypatch, target)
    player = window.player
    assert player.state.outcome.kind == "tour" and player.state.tours == 1
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    with qtbot.waitSignal(player.finished, timeout=60000):
        press(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    outcome = player.state.outcome
    assert outcome.kind == "tour" and outcome.tours == player.state.tours == 2 and outcome.args == (2,)
    assert player.state.path != path and "(tour #2)" in window.message_label.text()


def _good(tmp_path: Path) -> dict:
    board = Board(5)
    path = first_tour(Search(board, 0, "warnsdorff", "roth"))
    target = tmp_path / "good.json"
    tour_text.save_tour(target, tour_text.TourRecord(board, 0, "warnsdorff", "roth", False, "tour",
                                                     "tour #1 found", path, len(path), 0))
    return json.loads(target.read_text())


BAD_FILES = {
    "bad-json": (lambda good: '{"format": "knight-tour", "version": 1, "rows": 5,', "not valid JSON"),
    "not-utf8": (lambda good: b"\xff\xfe\x00garbage", "not valid JSON"),
    "wrong-version": (lambda good: {**good, "version": 2}, "format version 2"),
    "not-knight-tour": (lambda good: {"hello": "world"}, "is not a Knight's Tour file"),
    "not-a-tour": (lambda good: {**good, "path": good["path"][:3] + good["path"][2:]},
                   "does not hold a valid tour"),
    "not-knight-moves": (lambda good: {**good, "path": [good["path"][0], *good["path"][2:], good["path"][1]]},
                         "does not hold a valid tour"),
    "board-too-large": (lambda good: {**good, "rows": 101, "cols": 101},
                        "larger than the window shows (at most 100×100). The command line prints it"),
    # (the command line refuses it too: no advice to use it, and the sides readable)
    "board-too-large-anywhere": (lambda good: {**good, "rows": 10**12, "cols": 10**12},
                                 "is 1,000,000,000,000×1,000,000,000,000, larger than the window shows "
                                 "(at most 100×100) and than any this program reads (2000×2000)."),
    "trace-misfit": (lambda good: {**good, "trace": [["+", 0, 0, 2], ["-", 3, 3, 0, 0]]},
                     "does not fit its tour"),
    "trace-not-a-list": (lambda good: {**good, "trace": "all of it"}, "does not fit its tour"),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_bad_file_gives_a_message_and_keeps_the_board(qtbot, window, tmp_path, monkeypatch, errors, kind):
    make, expected = BAD_FILES[kind]
    content = make(_good(tmp_path))
    target = tmp_path / f"{kind}.json"
    if isinstance(content, bytes):
        target.write_bytes(content)
    else:
        target.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    for _ in range(3):
        press(qtbot, window, Qt.Key.Key_Right)
    before = (list(window.board_widget.view.path), window.player.pos, window.player.config)
    open_path(qtbot, window, monkeypatch, target, ok=False)
    assert len(errors) == 1
    title, text = errors[0]
    assert title == "Cannot open the tour"
    assert expected in text and target.name in text
    assert (list(window.board_widget.view.path), window.player.pos, window.player.config) == before


@pytest.mark.parametrize(("content", "said"), [
    ('{"format": "knight-tour"\n "version": 1}', "第 2 行第 2 列处缺少逗号“,”"),
    ('{"format": "knight-tour",', "第 1 行第 26 列处应当是用双引号括起来的名字"),
    ("", "文件是空的"),
])
def test_why_a_file_is_not_json_is_said_in_the_windows_language(qtbot, chinese_window, tmp_path, monkeypatch,
                                                                errors, content, said):
    """Seen in review: the Chinese window said why in Python's English ("Expecting ',' delimiter at
    line 2, column 1") inside its Chinese sentence."""
    target = tmp_path / "broken.json"
    target.write_text(content, encoding="utf-8")
    open_path(qtbot, chinese_window, monkeypatch, target, ok=False)
    title, text = errors[0]
    assert text == f"broken.json 不是巡游文件：不是有效的 JSON（{said}）。", text


@pytest.mark.parametrize(("make", "said"), [
    (lambda folder: folder / "nowhere.json", "无法读取 nowhere.json：没有这个文件或文件夹"),
    (lambda folder: folder, "无法读取 {name}：它是文件夹，不是普通文件"),
])
def test_why_a_file_cannot_be_read_is_said_in_the_windows_language(qtbot, chinese_window, tmp_path,
                                                                   monkeypatch, errors, make, said):
    """Seen in review: the system's reason stayed English ("无法读取 x.json：no such file or folder")."""
    target = make(tmp_path)
    open_path(qtbot, chinese_window, monkeypatch, target, ok=False)
    assert errors == [("无法打开巡游", said.format(name=target.name))], errors


def test_why_a_tour_cannot_be_saved_is_said_in_the_windows_language(qtbot, chinese_window, tmp_path,
                                                                    monkeypatch, errors):
    click_square(qtbot, chinese_window, 0)
    target = tmp_path / "missing-folder" / "t.json"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a: (str(target), ""))
    with qtbot.waitSignal(chinese_window.tour_files.failed, timeout=10000):
        chinese_window.tour_files.save_action.trigger()
    assert errors == [("无法保存巡游", f"无法写入 {target}：文件夹 {target.parent} 不存在")], errors


@pytest.mark.parametrize(("make", "said"), [
    (lambda good: {**good, "path": good["path"][:3] + good["path"][2:]},
     "bad.json 中不是有效的巡游：这条路径不是马的巡游：路径有 26 格；5×5 的巡游有 25 格"),
    (lambda good: {**good, "path": [good["path"][0], *good["path"][2:], good["path"][1]]},
     "bad.json 中不是有效的巡游：这条路径不是马的巡游：第 2 步从 a5 到 {b} 不是马步"),
    (lambda good: {**good, "rows": 0}, "bad.json 中不是有效的巡游：棋盘行数必须在 1 到 {max} 之间，而不是 0"),
    (lambda good: {**good, "closed": "yes"},
     'bad.json 中不是有效的巡游："closed" 应当是布尔值（true 或 false），而不是 "yes"'),
    (lambda good: {**good, "start": [9, 9]}, "bad.json 中不是有效的巡游：起点 (9, 9) 不在 5×5 棋盘上"),
    (lambda good: {**good, "trace": [["+", 0, 0, 2], ["-", 3, 3, 0, 0]]},
     "bad.json 中的事件轨迹与巡游不符：第 2 个事件：出栈与路径的栈顶不符"),
])
def test_what_the_check_of_a_file_found_is_said_in_the_windows_language(qtbot, chinese_window, tmp_path,
                                                                        monkeypatch, errors, make, said):
    """Seen in review: the format's details stayed English inside the Chinese sentence ("… 中不是有效的
    巡游：the path is not a knight's tour: …")."""
    from knight_gui.tour.board import MAX_SIDE

    good = _good(tmp_path)
    target = tmp_path / "bad.json"
    target.write_text(json.dumps(make(good)), encoding="utf-8")
    open_path(qtbot, chinese_window, monkeypatch, target, ok=False)
    second = Board(5).name(good["path"][2][0] * 5 + good["path"][2][1])
    assert errors == [("无法打开巡游", said.format(b=second, max=MAX_SIDE))], errors


def test_a_missing_file_gives_a_message(qtbot, window, tmp_path, monkeypatch, errors):
    open_path(qtbot, window, monkeypatch, tmp_path / "nowhere.json", ok=False)
    assert errors and "Cannot read nowhere.json" in errors[0][1]


def test_a_failed_save_gives_a_message_and_writes_nothing(qtbot, window, tmp_path, monkeypatch, errors):
    click_square(qtbot, window, 0)
    target = tmp_path / "missing-folder" / "t.json"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a: (str(target), ""))
    with qtbot.waitSignal(window.tour_files.failed, timeout=10000):
        window.tour_files.save_action.trigger()
    assert errors and errors[0][0] == "Cannot save the tour" and "missing-folder" in errors[0][1]
    assert not target.parent.exists()


def test_save_is_offered_only_with_a_knight_on_the_board(qtbot, window):
    assert not window.tour_files.save_action.isEnabled()
    click_square(qtbot, window, 3)
    assert window.tour_files.save_action.isEnabled()


def test_the_file_menu_lists_open_and_save(window):
    actions = window.file_menu.actions()
    tf = window.tour_files
    assert actions.index(tf.open_action) < actions.index(tf.save_action) < actions.index(window.export_action)
    assert tf.open_action.shortcut().toString() == "Ctrl+O"
    assert tf.save_action.shortcut().toString() == "Ctrl+Shift+S"


def test_an_impossible_search_round_trips(qtbot, window, tmp_path, monkeypatch):
    window.apply_settings(5, 5)
    click_square(qtbot, window, 1)  # no tour from b5
    target = tmp_path / "none.json"
    save_as(qtbot, window, monkeypatch, target)
    assert json.loads(target.read_text())["outcome"] == "impossible"
    window.apply_settings(8, 8)
    open_path(qtbot, window, monkeypatch, target)
    assert window.player.start == 1 and window.player.state.outcome.kind == "impossible"
    assert window.message_label.text().startswith("No tour from b5 on 5×5")


def test_a_trace_of_an_older_version_without_message_arguments_still_reproduces(qtbot, window, tmp_path,
                                                                              monkeypatch):
    """Older files give an outcome as ["=", kind, tours, code, reason]: its English reason matches
    the search's, so the file is still re-run as a live search, and said in the window's language."""
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 0)
    run_to_end(qtbot, window)
    pushes, pops, pos = window.player.state.pushes, window.player.state.pops, window.player.pos
    target = tmp_path / "old.json"
    save_as(qtbot, window, monkeypatch, target, trace=True)
    data = json.loads(target.read_text())
    assert data["code"] == "tour" and data["args"] == [1]
    outcomes = [item for item in data["trace"] if item[0] == "="]
    assert outcomes and all(len(item) == 6 for item in outcomes)
    for item in outcomes:
        del item[5]
    del data["code"], data["args"]
    target.write_text(json.dumps(data))
    record = tour_text.load_tour(target)
    assert record.code == "" and str(record.message) == "tour #1 found"
    trace = files.parse_trace(record.board, data["trace"])
    assert files.reproduce(record, trace) == pos
    window.apply_settings(8, 8, "warnsdorff")
    open_path(qtbot, window, monkeypatch, target)
    state = window.player.state
    assert (state.pushes, state.pops, window.player.pos) == (pushes, pops, pos)
    assert state.outcome.code == "tour" and state.outcome.args == (1,)


def test_trace_events_parse_back():
    board = Board(5)
    events = list(islice(Search(board, 0, "backtracking"), 500))
    raw = json.loads("[" + ",".join(files.event_json(board, e) for e in events) + "]")
    assert files.parse_trace(board, raw) == events


def test_a_long_open_shows_progress_and_can_be_cancelled(qtbot, window, tmp_path, monkeypatch):
    board = Board(7)
    search = Search(board, 0, "backtracking")
    for _event in islice(search, 200_000):
        pass
    record = tour_text.TourRecord(board, 0, "backtracking", "fixed", False, "budget", "stopped",
                                  search.path(), search.pushes, search.pops)
    target = tmp_path / "long.json"
    tour_text.save_tour(target, record)
    monkeypatch.setattr(files, "PROGRESS_AFTER", 0.0)
    real_reproduce = files.reproduce

    def reproduce_then_hold(record, trace=None, job=None, **kw):
        # A fast machine reproduces 200,000 events in a fraction of a second, dialog and all,
        # between two polls of waitUntil: hold the job open (checking in) until it is cancelled,
        # whether the click lands in the real work or after it.
        result = real_reproduce(record, trace, job, **kw)
        while job is not None:
            job.check(1, 2)
            threading.Event().wait(0.005)  # the worker thread, not the GUI's
        return result

    monkeypatch.setattr(files, "reproduce", reproduce_then_hold)
    click_square(qtbot, window, 0)
    before = (list(window.board_widget.view.path), window.player.pos)
    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a: (str(target), ""))
    with qtbot.waitSignal(window.tour_files.failed, timeout=30000) as blocker:
        press(qtbot, window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: window.tour_files._progress is not None, timeout=10000)
        assert window.tour_files._progress.labelText().startswith("Opening long.json")
        dialog = window.tour_files._progress
        cancel = dialog.findChild(QPushButton)
        assert cancel.text() == "Cancel"
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert blocker.args == ["Cancelled."]
    assert (list(window.board_widget.view.path), window.player.pos) == before
    assert window.tour_files._progress is None and window.tour_files.job is None


def test_a_click_while_the_file_is_replayed_wins(qtbot, window, tmp_path, monkeypatch):
    board = Board(7)
    search = Search(board, 0, "backtracking")
    for _event in islice(search, 150_000):
        pass
    target = tmp_path / "long.json"
    tour_text.save_tour(target, tour_text.TourRecord(board, 0, "backtracking", "fixed", False, "budget",
                                                     "stopped", search.path(), search.pushes, search.pops))
    monkeypatch.setattr(files, "FRAME_BUDGET", 0.001)  # many ticks: time to click in between
    window.tour_files.open_file(str(target))
    qtbot.waitUntil(window.tour_files._driver.isActive, timeout=30000)
    click_square(qtbot, window, 10)
    qtbot.waitUntil(lambda: not window.tour_files.busy)
    assert window.board_widget.view.path == [10]
    assert window.tour_files.open_action.isEnabled()
