"""Tours as text: the numbered board, JSON results, saved-tour files and their errors."""

from __future__ import annotations

import json
import os
import re

import pytest

from knight_gui.tour import Board, BoardError, Outcome, Search
from knight_gui.tour.messages import Message, is_valid
from knight_gui.tour.text import (
    FILE_VERSION,
    TourFileError,
    TourReadError,
    TourRecord,
    board_lines,
    format_seconds,
    json_problem,
    load_tour,
    parse_tour,
    read_json,
    save_atomically,
    save_tour,
    saved_message,
    summary_line,
    write_board,
    write_result_json,
    write_tour_file,
)
from knight_gui.tour.validate import is_tour


def solve(board: Board, start: int = 0, algorithm: str = "warnsdorff", **options) -> TourRecord:
    """A record of the first outcome of a search, as the command line makes it."""
    search = Search(board, start, algorithm, **options)
    outcome = next(e for e in search if isinstance(e, Outcome))
    return TourRecord(board, start, search.algorithm, search.tie_break, search.closed, outcome.kind,
                      outcome.reason, search.path(), search.pushes, search.pops, 0.001, outcome.code,
                      outcome.args)


def numbers(lines: list[str]) -> list[list[int]]:
    return [[int(cell) for cell in line.split()] for line in lines]


# -- the numbered board --------------------------------------------------------


def test_the_classic_board_from_a8_prints_as_the_course_programs_do():
    record = solve(Board(8), 0, "classic")
    lines = list(board_lines(record.board, record.path))
    assert lines[0] == " 1 16 27 22  3 18 47 56"
    assert lines[1] == "26 23  2 17 46 57  4 19"
    assert len(lines) == 8


@pytest.mark.parametrize("rows, cols", [(1, 1), (3, 4), (4, 3), (5, 5), (8, 8), (10, 10), (12, 31)])
def test_numbers_are_right_aligned_to_the_widest_and_one_space_apart(rows, cols):
    board = Board(rows, cols)
    record = solve(board)
    assert record.outcome == "tour"
    lines = list(board_lines(board, record.path))
    width = len(str(board.size))
    assert len(lines) == rows
    assert all(len(line) == cols * (width + 1) - 1 for line in lines)
    assert all(line[k] == " " for line in lines for k in range(width, len(line), width + 1))
    grid = numbers(lines)
    assert sorted(n for row in grid for n in row) == list(range(1, board.size + 1))
    path = sorted(range(board.size), key=lambda sq: grid[sq // cols][sq % cols])
    assert is_tour(board, path)


def test_a_partial_path_shows_dots_and_its_own_width():
    board = Board(8)
    lines = list(board_lines(board, [0, 10, 4]))
    assert lines[0] == "1 . . . 3 . . ."
    assert lines[1] == ". . 2 . . . . ."
    assert lines[7] == ". . . . . . . ."


def test_chess_coordinates_label_files_and_ranks():
    record = solve(Board(5))
    lines = list(board_lines(record.board, record.path, "chess"))
    assert lines[0] == "   a  b  c  d  e"
    assert lines[1].startswith("5  1 ")
    assert lines[5].startswith("1 ")
    assert len({len(line) for line in lines}) == 1


def test_index_coordinates_widen_cells_for_wide_boards():
    board = Board(1, 1)
    assert list(board_lines(board, [0], "index")) == ["  0", "0 1"]
    board = Board(3, 12)
    lines = list(board_lines(board, [0], "index"))
    assert lines[0].endswith("10 11")
    assert len({len(line) for line in lines}) == 1


def test_coordinate_styles_are_checked():
    with pytest.raises(BoardError, match="no names"):
        list(board_lines(Board(5, 27), [0], "chess"))
    with pytest.raises(ValueError, match="unknown coordinate style"):
        list(board_lines(Board(5), [0], "letters"))
    assert list(board_lines(Board(1), [0], "none")) == ["1"]


def test_write_board_writes_a_line_per_row():
    pieces: list[str] = []
    record = solve(Board(6))
    write_board(pieces.append, record.board, record.path)
    assert len(pieces) == 6 and all(p.endswith("\n") for p in pieces)


# -- summary and JSON ------------------------------------------------------------


@pytest.mark.parametrize("seconds, shown", [(None, "time unknown"), (0.000412, "0.41 ms"),
                                            (0.0123, "12.3 ms"), (2.5, "2.50 s")])
def test_format_seconds(seconds, shown):
    assert format_seconds(seconds) == shown


def test_summary_lines_say_the_outcome_in_words():
    tour = summary_line(solve(Board(8)))
    assert tour.startswith("Tour found on 8×8 from a8 (0,0) by warnsdorff, tie-break lookahead;")
    assert "64 pushes, 0 pops, 1.00 ms" in tour
    closed = summary_line(solve(Board(6), closed=True))
    assert closed.startswith("Closed tour found on 6×6")
    impossible = summary_line(solve(Board(4)))
    assert impossible.startswith("Impossible on 4×4") and "Cull and De Curtins" in impossible
    budget = summary_line(solve(Board(8), 0, "backtracking", max_nodes=100))
    assert budget.startswith("Budget used up on 8×8 from a8 (0,0) by backtracking: the budget")
    stuck = summary_line(solve(Board(3, 7), 2, "greedy"))
    assert stuck.startswith("Stuck on 3×7") and "greedy does not backtrack" in stuck


def test_the_json_result_has_every_field_in_order():
    record = solve(Board(5, 6), 0)
    pieces: list[str] = []
    write_result_json(pieces.append, record)
    data = json.loads("".join(pieces))
    assert list(data) == ["rows", "cols", "start", "algorithm", "tie_break", "closed", "outcome", "reason",
                          "path", "pushes", "pops", "seconds"]
    assert data["rows"] == 5 and data["cols"] == 6 and data["start"] == [0, 0]
    assert data["outcome"] == "tour" and data["seconds"] == 0.001
    assert [r * 6 + c for r, c in data["path"]] == list(record.path)
    assert "\n" not in "".join(pieces)


def test_json_of_a_big_tour_is_written_in_small_pieces():
    record = solve(Board(200), 0)
    pieces: list[str] = []
    write_result_json(pieces.append, record)
    assert max(len(p) for p in pieces) < 64 * 1024
    data = json.loads("".join(pieces))
    assert len(data["path"]) == 40000


# -- saved tours -----------------------------------------------------------------


def test_save_and_load_round_trip(tmp_path):
    record = solve(Board(6, 7), 3)
    target = tmp_path / "tour.json"
    save_tour(target, record)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "knight-tour" and data["version"] == FILE_VERSION
    assert list(data)[:2] == ["format", "version"]
    loaded = load_tour(target)
    assert loaded._replace(seconds=0.001) == record._replace(path=loaded.path)
    assert list(loaded.path) == list(record.path)
    assert loaded.seconds is None
    assert os.listdir(tmp_path) == ["tour.json"]


def test_a_saved_reason_is_english_and_its_code_and_arguments_come_back(tmp_path):
    record = solve(Board(3, 7), 2, "greedy")
    assert record.code == "stuck" and isinstance(record.args[0], int)
    save_tour(tmp_path / "t.json", record)
    data = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert data["reason"] == record.reason and data["reason"].startswith("stuck on ")
    assert data["code"] == "stuck" and data["args"] == list(record.args)
    loaded = load_tour(tmp_path / "t.json")
    assert (loaded.code, loaded.args, loaded.reason) == (record.code, record.args, record.reason)
    assert loaded.message == (record.code, record.args)


def test_a_file_without_a_code_or_with_a_strange_one_keeps_its_english_reason():
    plain = parse_tour(changed(reason="found by hand", code=KeyError, args=KeyError))
    assert plain.code == "" and plain.args == ()
    assert plain.message == ("verbatim", ("found by hand",)) and str(plain.message) == "found by hand"
    for code, args in (("no-such-code", []), ("tour", []), ("stuck", ["3", "a1"]), ("tour", [True]),
                       ("tour", [[1]]), (7, [1]), ("tour", "1")):
        record = parse_tour(changed(reason="as written", code=code, args=args))
        assert (record.code, record.args) == ("", ()), (code, args)
        assert str(record.message) == "as written"
    assert parse_tour(changed(reason="", code="tour", args=[2])).message == ("tour", (2,))
    assert parse_tour(changed(reason=KeyError, code=KeyError)).message is None


@pytest.mark.parametrize("kind", ["stuck", "budget"])
def test_a_partial_path_loads_when_the_outcome_says_so(tmp_path, kind):
    record = solve(Board(3, 7), 2, "greedy") if kind == "stuck" else solve(
        Board(8), 0, "backtracking", max_nodes=500)
    assert record.outcome == kind and 0 < len(record.path) < record.board.size
    save_tour(tmp_path / "t.json", record)
    assert list(load_tour(tmp_path / "t.json").path) == list(record.path)


def test_a_failed_save_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "tour.json"
    target.write_text("old", encoding="utf-8")

    def broken(write):
        write("{partial")
        raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError):
        save_atomically(target, broken)
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["tour.json"]


def test_saving_into_a_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(TourFileError, match=r"^cannot write .*: the folder .*missing does not exist"):
        save_tour(tmp_path / "missing" / "t.json", solve(Board(5)))


def good_file() -> dict:
    record = solve(Board(5), 0)
    pieces: list[str] = []
    write_tour_file(pieces.append, record)
    return json.loads("".join(pieces))


def changed(**fields) -> dict:
    data = good_file()
    for key, value in fields.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


BAD_DATA = [
    ([1, 2], "not a knight-tour file"),
    (changed(format="chess"), "not a knight-tour file"),
    (changed(version=2), "version 2 is not supported"),
    (changed(version=KeyError), "version null is not supported"),
    (changed(rows=5000, cols=5000), "board rows must be between 1 and 2000, not 5000"),
    (changed(rows=0), "board rows must be between 1 and 2000, not 0"),
    (changed(rows="5"), '"rows" must be a whole number, not "5"'),
    (changed(cols=KeyError), '"cols" is missing'),
    (changed(cols=True), '"cols" must be a whole number, not true'),
    (changed(start=[9, 9]), "the start (9, 9) is off the 5×5 board"),
    (changed(start="a5"), 'the start is "a5", not a [row, column] pair'),
    (changed(algorithm="magic"), "unknown algorithm 'magic'"),
    (changed(tie_break="coin"), "unknown tie-break 'coin'"),
    (changed(closed="no"), '"closed" must be true or false'),
    (changed(outcome="win"), "unknown outcome 'win'"),
    (changed(path=KeyError), '"path" is missing'),
    (changed(path={"a": 1}), '"path" must be a list'),
    (changed(path=[[0, 0], [1, 2], [1, 2.0]]), "move 3 is [1, 2.0], not a [row, column] pair"),
    (changed(path=[[0, 0], [5, 1]]), "move 2 (5, 1) is off the 5×5 board"),
    (changed(path=[[0, 0], [1, 2]]), "the path is not a knight's tour: the path has 2 squares"),
    (changed(path=[[1, 2], [0, 0]]), "the path starts on c4, not on the start a5"),
    (changed(outcome="stuck", path=[[0, 0], [1, 2], [0, 0]]),
     "the path is not a knight's path: move 3 returns to a5, visited before"),
    (changed(outcome="budget", path=[[0, 0], [0, 1]]), "move 2 from a5 to b5 is not a knight's move"),
    (changed(outcome="no-tour"), "a no-tour file must have an empty path, not 25 squares"),
    # (a file that contradicts itself: the window showed "tour #1 found" beside an outcome of no tour)
    (changed(outcome="budget"), "its reason says a tour was found, but its outcome is budget"),
    (changed(outcome="no-tour", path=[]), "its reason says a tour was found, but its outcome is no-tour"),
    (changed(closed=True), "so the tour is not closed"),
    (changed(pushes=-1), "pushes and pops must not be negative"),
    (changed(pops=1.5), '"pops" must be a whole number, not 1.5'),
]


@pytest.mark.parametrize("data, message", BAD_DATA)
def test_each_bad_file_has_its_message(tmp_path, data, message):
    target = tmp_path / "bad.json"
    target.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TourFileError) as caught:
        load_tour(target)
    text = str(caught.value)
    assert text.startswith(f"{target}: ") and message in text
    assert "\n" not in text


def test_a_good_file_parses_and_optional_fields_may_be_missing():
    data = changed(reason=KeyError, pushes=KeyError, pops=KeyError, trace=[["push", 0]])
    record = parse_tour(data)
    assert record.reason == "" and record.pushes == 0 and record.outcome == "tour"
    impossible = changed(outcome="impossible", path=[], reason="no tour can start here", code=KeyError,
                         args=KeyError)
    assert parse_tour(impossible).path == []


@pytest.mark.parametrize("content, message", [
    (b"", "the file is empty"),
    (b"nonsense", "not valid JSON (Expecting value at line 1, column 1)"),
    (b'{"format": "knight-tour",', "not valid JSON"),
    (b"\xff\xfe\x00", "not a text file"),
    (b"[" * 100000 + b"]" * 100000, "not valid JSON"),
])
def test_unreadable_content_is_a_one_line_error(tmp_path, content, message):
    target = tmp_path / "bad.json"
    target.write_bytes(content)
    with pytest.raises(TourFileError, match=re.escape(message)):
        load_tour(target)


@pytest.mark.parametrize("content, code, args", [
    (b"", "json-empty", ()),
    (b" \n\t ", "json-empty", ()),
    (b"\xff\xfe\x00", "json-not-utf8", ()),
    (b"nonsense", "json-value", (1, 1)),
    (b'{"format": "knight-tour"\n "version": 1}', "json-comma", (2, 2)),
    (b'{"format" "knight-tour"}', "json-colon", (1, 11)),
    (b"{'format': 1}", "json-name", (1, 2)),
    (b'{"format": "knight', "json-string", (1, 12)),
    (b'{"format": "kn\night"}', "json-control", (1, 15)),
    (b'{"format": "\\q"}', "json-escape", (1, 13)),
    (b'{"format": "\\u12"}', "json-escape", (1, 14)),
    (b'{"format": 1} {}', "json-extra", (1, 15)),
    (b"[" * 100000 + b"]" * 100000, "json-nested", ()),
    (b"[" + b"1" * 5000 + b"]", "json-digits", ()),
])
def test_why_a_file_is_not_json_is_a_message_the_window_says_in_its_language(tmp_path, content, code, args):
    """The parser's words at a line and column, by code (the window had them in English only, in Chinese
    too); the command line's one line says what the parser said."""
    target = tmp_path / "bad.json"
    target.write_bytes(content)
    with pytest.raises(TourReadError) as caught:
        read_json(target)
    detail = caught.value.detail
    assert isinstance(detail, Message) and detail == Message(code, args) and is_valid(code, args)
    assert str(detail) in str(caught.value)


def test_parser_words_no_code_knows_are_kept_as_written():
    assert json_problem("Something new", 3, 4) == Message("json-other", ("Something new", 3, 4))
    assert str(json_problem("Something new", 3, 4)) == "Something new at line 3, column 4"
    assert str(json_problem("Illegal trailing comma before end of object", 1, 9)) \
        == "Illegal trailing comma at line 1, column 9"  # (Python 3.13's words)


def test_missing_files_and_folders_cannot_be_read(tmp_path):
    with pytest.raises(TourFileError, match="cannot read .*nothing.json: no such file or folder"):
        load_tour(tmp_path / "nothing.json")
    with pytest.raises(TourFileError, match="cannot read .*: it is a folder, not a regular file"):
        load_tour(tmp_path)


def test_a_stale_temporary_file_does_not_block_saving(tmp_path):
    stale = tmp_path / f".tour.json.{os.getpid()}-0.tmp"
    stale.write_text("left by a killed writer", encoding="utf-8")
    save_tour(tmp_path / "tour.json", solve(Board(5)))
    assert load_tour(tmp_path / "tour.json").outcome == "tour"
    assert sorted(os.listdir(tmp_path)) == sorted([stale.name, "tour.json"])


def test_a_long_file_name_still_gets_a_temporary_name(tmp_path):
    target = tmp_path / ("t" * 250 + ".json")
    save_tour(target, solve(Board(5)))
    assert os.listdir(tmp_path) == [target.name]


def test_a_reason_whose_arguments_are_messages_is_saved_in_words_only():
    """A student's solver's reason is a message inside a message: the format's ``args`` hold whole
    numbers and strings only, so such a reason is kept in its English words (as a reason read as
    written is)."""
    nested = Outcome("budget", "student-limit", (Message("solver-event-limit", (5,)),), 0)
    assert saved_message(nested) == ("", ())
    assert nested.reason == "the solver was stopped at its limit: the limit of 5 events was reached"
    assert saved_message(Outcome("tour", "tour", (1,), 1)) == ("tour", (1,))
    assert saved_message(Outcome("budget", "verbatim", ("as written",), 0)) == ("", ())
