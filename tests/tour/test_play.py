"""PlayGame: a tour built by hand, checked against the search it borrows its rules from."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_gui.tour import Board, Outcome, Pop, Push, Search
from knight_gui.tour.play import (
    JOURNAL_AGAIN,
    JOURNAL_BACK,
    JOURNAL_HINT,
    JOURNAL_MOVE,
    JOURNAL_SIZE,
    REFUSED_NOT_A_MOVE,
    REFUSED_OVER,
    REFUSED_VISITED,
    PlayGame,
    push_events,
)
from knight_gui.tour.text import load_tour, save_tour
from knight_gui.tour.validate import is_tour

BOARDS = st.sampled_from([Board(5), Board(5, 6), Board(6), Board(7, 6), Board(8)])


def random_path(game: PlayGame, data, stop_early: bool = True) -> None:
    """Play random legal moves from a random start until stuck, complete, or (maybe) earlier."""
    game.move(data.draw(st.integers(0, game.board.size - 1), label="start"))
    while moves := game.legal_moves():
        if stop_early and data.draw(st.integers(0, 9), label="stop") == 0:
            return
        game.move(data.draw(st.sampled_from(moves), label="move")[0])


@settings(max_examples=60, deadline=None)
@given(board=BOARDS, data=st.data())
def test_undo_and_redo_are_exact_and_the_path_stays_a_knights_path(board, data):
    game = PlayGame(board)
    history: list[list[int]] = []  # the paths the game went through, to compare with undo
    deepest = 0
    for _ in range(data.draw(st.integers(1, 60), label="actions")):
        choice = data.draw(st.sampled_from(["move", "undo", "redo", "illegal"]), label="action")
        before = list(game.path)
        if choice == "move":
            moves = [m for m, _ in game.legal_moves()] if game.path else list(range(board.size))
            if moves:
                assert game.move(data.draw(st.sampled_from(moves), label="square"))
                history.append(before)
        elif choice == "undo" and game.can_undo:
            game.undo()
            assert game.path == before[:-1]
            game.redo()
            assert game.path == before  # exact
            game.undo()
        elif choice == "redo" and game.can_redo:
            game.redo()
            game.undo()
            assert game.path == before
            game.redo()
        elif choice == "illegal" and game.path:
            square = data.draw(st.integers(0, board.size - 1), label="square")
            if game.refusal(square) is not None:
                assert not game.move(square) and game.path == before
        path = game.path
        deepest = max(deepest, len(path))
        # The status counts these as the search's: moves pushed, taken back popped, the deepest path.
        assert (game.pushes - game.take_backs, game.deepest) == (len(path), deepest)
        copy = game.copy()
        assert (copy.path, copy.pushes, copy.take_backs, copy.deepest) == (path, game.pushes, game.take_backs,
                                                                          deepest)
        assert len(set(path)) == len(path)
        assert all(board.is_knight_move(a, b) for a, b in zip(path, path[1:], strict=False))
        assert sorted(game.legal_moves()) == sorted(
            (n, sum(1 for m in board.neighbours(n) if m not in path)) for n in board.neighbours(path[-1])
            if n not in path) if path else game.legal_moves() == []


@settings(max_examples=60, deadline=None)
@given(board=BOARDS, data=st.data())
def test_the_journal_replays_to_the_path_and_says_each_moves_degree(board, data):
    """Play Yourself's log reads the journal: played back, its moves and take-backs make the path, each
    move with the degree its square had, each hint a legal square of the next move."""
    game = PlayGame(board)
    for _ in range(data.draw(st.integers(1, 80), label="actions")):
        choice = data.draw(st.sampled_from(["move", "undo", "redo", "hint", "illegal"]), label="action")
        if choice == "move":
            moves = [m for m, _ in game.legal_moves()] if game.path else list(range(board.size))
            if moves:
                game.move(data.draw(st.sampled_from(moves), label="square"))
        elif choice == "undo":
            game.undo()
        elif choice == "redo":
            game.redo()
        elif choice == "hint":
            game.hint()
        elif game.path:
            game.move(data.draw(st.integers(0, board.size - 1), label="square"))  # refused or not
    assert game.logged == len(game.journal) <= JOURNAL_SIZE
    path: list[int] = []
    for kind, square, step, degree in game.journal:
        if kind == JOURNAL_BACK:
            assert path[-1] == square and step == len(path)
            path.pop()
            continue
        assert step == len(path) + 1
        if path:
            assert board.is_knight_move(path[-1], square) and square not in path
        onward = sum(1 for n in board.neighbours(square) if n not in path and n != square)
        assert degree == onward
        if kind in (JOURNAL_MOVE, JOURNAL_AGAIN):
            path.append(square)
        else:
            assert kind == JOURNAL_HINT
    assert path == game.path
    kinds = [entry.kind for entry in game.journal]
    assert (kinds.count(JOURNAL_BACK), kinds.count(JOURNAL_HINT)) == (game.take_backs, game.hints)
    assert game.copy().journal == game.journal


def test_the_journal_keeps_its_last_entries():
    game = PlayGame(Board(5))
    game.move(0)
    for _ in range(JOURNAL_SIZE):
        game.undo()
        game.redo()
    assert game.logged == 2 * JOURNAL_SIZE + 1 and len(game.journal) == JOURNAL_SIZE
    assert game.journal[-1] == (JOURNAL_AGAIN, 0, 1, 2)


def test_refusals_say_why():
    board = Board(8)
    game = PlayGame(board)
    assert game.refusal(27) is None and game.move(27)
    assert game.refusal(27) == REFUSED_VISITED
    assert game.refusal(28) == REFUSED_NOT_A_MOVE
    assert not game.move(28) and game.path == [27]
    tiny = PlayGame(Board(1))
    tiny.move(0)
    assert tiny.complete and tiny.refusal(0) == REFUSED_OVER


@pytest.mark.parametrize("algorithm, tie_break", [("warnsdorff", "lookahead"), ("warnsdorff", "roth"),
                                                  ("warnsdorff", "pohl"), ("classic", "fixed"),
                                                  ("greedy", "lookahead")])
@pytest.mark.parametrize("rows, cols, start", [(8, 8, 0), (8, 8, 27), (6, 7, 9), (5, 5, 0)])
def test_following_the_hints_is_the_search(algorithm, tie_break, rows, cols, start):
    """Until the search's first pop, every hint is its next push."""
    board = Board(rows, cols)
    game = PlayGame(board, algorithm, tie_break)
    search = Search(board, start, algorithm, tie_break)
    events = iter(search)
    first = next(events)
    assert isinstance(first, Push)
    game.move(first.square)
    for event in events:
        if not isinstance(event, Push):
            break
        hint = game.hint()
        assert hint is not None and (hint.square, hint.step, hint.degree) == (event.square, event.step,
                                                                              event.degree)
        assert board.name(event.square) in str(hint.why)
        game.move(hint.square)
    assert game.hints == len(game.path) - 1


@settings(max_examples=40, deadline=None)
@given(board=BOARDS, data=st.data())
def test_a_hint_is_a_legal_square_of_least_degree(board, data):
    game = PlayGame(board)
    random_path(game, data)
    hint = game.hint()
    moves = game.legal_moves()
    if game.verdict() is not None or not moves:
        assert hint is None
        return
    assert hint is not None
    assert (hint.square, hint.degree) in moves
    assert hint.degree == min(degree for _, degree in moves)


def _has_tour_after(board: Board, prefix: list[int]) -> bool:
    """An exhaustive search below ``prefix``: whether any tour begins with it."""
    game = PlayGame(board)
    for square in prefix:
        game.move(square)
    rescue = game.went_wrong(budget=10**9, total=10**9)
    return rescue is not None and rescue.move == len(prefix)


@settings(max_examples=20, deadline=None)
@given(board=st.sampled_from([Board(5), Board(5, 6), Board(8)]), data=st.data())
def test_where_it_went_wrong_is_a_move_a_tour_follows(board, data):
    game = PlayGame(board)
    random_path(game, data, stop_early=False)
    rescue = game.went_wrong(budget=2_000, total=20_000)
    if rescue is None:
        return
    assert 1 <= rescue.move <= len(game.path)
    assert list(rescue.tour[:rescue.move]) == game.path[:rescue.move]
    assert is_tour(board, rescue.tour)
    if rescue.proved and board.size <= 25 and rescue.move < len(game.path):
        assert not _has_tour_after(board, game.path[:rescue.move + 1])


def test_where_it_went_wrong_on_a_stuck_path():
    board = Board(8)
    game = PlayGame(board)
    game.move(0)
    while moves := game.legal_moves():  # the worst rule: the most onward squares first
        game.move(max(moves, key=lambda m: (m[1], m[0]))[0])
    assert game.stuck and not game.complete
    rescue = game.went_wrong()
    assert rescue is not None and rescue.move < len(game.path)
    assert is_tour(board, rescue.tour) and list(rescue.tour[:rescue.move]) == game.path[:rescue.move]


@settings(max_examples=30, deadline=None)
@given(board=BOARDS, closed=st.booleans(), data=st.data())
def test_the_handover_resumes_the_search_on_the_path(board, closed, data):
    game = PlayGame(board, "warnsdorff", "lookahead", closed)
    random_path(game, data)
    if game.complete:
        return
    pushes, snapshot = game.handover()
    assert pushes == push_events(board, game.path)
    assert [p.square for p in pushes] == game.path and [p.step for p in pushes] == list(
        range(1, len(game.path) + 1))
    search = Search(board, game.path[0], "warnsdorff", "lookahead", closed, resume=snapshot)
    if game.verdict() is not None:
        assert isinstance(next(iter(search)), Outcome)
        return
    assert search.path() == game.path and search.pushes == len(game.path) and search.pops == 0
    for i, frame in enumerate(search.frames()[:-1]):  # each frame has tried up to the student's move
        if frame.next <= len(frame.candidates) and game.path[i + 1] in [c for c, _ in frame.candidates]:
            assert frame.candidates[frame.next - 1][0] == game.path[i + 1]
    assert search.frame(-1).next == 0
    event = next(iter(search))
    if isinstance(event, Push):  # the search goes on from the student's last square
        assert board.is_knight_move(game.path[-1], event.square) and event.step == len(game.path) + 1
    elif isinstance(event, Pop):
        assert event.square == game.path[-1]


def test_a_saved_tour_and_a_saved_stuck_path_load_back(tmp_path):
    board = Board(6)
    game = PlayGame(board)
    for event in Search(board, 0):
        if not isinstance(event, Push):
            break
        game.move(event.square)
    assert game.complete
    game.undo()
    game.redo()
    save_tour(tmp_path / "tour.json", game.record())
    record = load_tour(tmp_path / "tour.json")
    assert list(record.path) == game.path and record.outcome == "tour"
    assert (record.pushes, record.pops) == (37, 1) and record.closed == game.is_closed
    stuck = PlayGame(board)
    stuck.move(0)
    while moves := stuck.legal_moves():
        stuck.move(max(moves, key=lambda m: (m[1], m[0]))[0])
    if not stuck.complete:
        save_tour(tmp_path / "stuck.json", stuck.record())
        again = load_tour(tmp_path / "stuck.json")
        assert list(again.path) == stuck.path and again.outcome == "stuck"


def test_compare_with_the_programs_tour():
    board = Board(8)
    game = PlayGame(board)
    tour = []
    for event in Search(board, 9):
        if not isinstance(event, Push):
            break
        tour.append(event.square)
    for square in tour:
        game.move(square)
    result = game.compare()
    assert result.program == tuple(tour) and result.same == 64 and result.pops == 0


def test_where_it_went_wrong_proves_the_later_moves_lead_nowhere():
    """A 5×5 path stuck after 19 squares: a tour still follows move 6 (on 12), none follows move 7."""
    board = Board(5)
    game = PlayGame(board)
    path = [0, 7, 4, 13, 16, 23, 12, 19, 22, 15, 6, 17, 20, 11, 18, 21, 10, 1, 8]
    for square in path:
        assert game.move(square)
    assert game.stuck
    rescue = game.went_wrong()
    assert rescue is not None and rescue.move == 6 and rescue.proved
    assert is_tour(board, rescue.tour) and list(rescue.tour[:6]) == path[:6]
    for later in range(7, len(path) + 1):  # searched to the end: no tour after any later move
        assert not _has_tour_after(board, path[:later])
    assert game.went_wrong(budget=1, total=1) is None  # no budget: nothing found


def _tours(search: Search) -> list[tuple[int, ...]]:
    """Every tour the search reports, run to its end, in the order reported."""
    found = []
    for event in search:
        if isinstance(event, Outcome) and event.kind == "tour":
            found.append(tuple(search.path()))
    return found


@settings(max_examples=40, deadline=None)
@given(dims=st.sampled_from([(3, 4), (3, 7), (4, 5)]),
       algorithm=st.sampled_from(["backtracking", "warnsdorff"]), closed=st.booleans(), data=st.data())
def test_the_search_handed_a_path_finds_every_tour_once(dims, algorithm, closed, data):
    """Let the search finish from a student's path, whatever the path: run to its end it reports every
    tour from the start exactly once, as a fresh search does.  (It used to count the candidates its
    rules put before the student's moves as tried, and never looked at them.)"""
    board = Board(*dims)
    tie = "lookahead" if algorithm == "warnsdorff" else None
    game = PlayGame(board, algorithm, tie, closed)
    random_path(game, data, stop_early=True)
    _, snapshot = game.handover()
    handed = _tours(Search(board, game.path[0], algorithm, tie, closed, resume=snapshot))
    assert sorted(handed) == sorted(set(handed)), "a tour was reported twice"
    assert set(handed) == set(_tours(Search(board, game.path[0], algorithm, tie, closed)))


def test_let_the_search_finish_tries_the_move_the_student_passed_over():
    """The review's case (the classic rule, a8): stuck on e4 after 49 moves; only c5-e4 still leads to a
    tour, and the student went c5-e6.  Handed the path, the search takes e4 from c5 after the student's
    e6 fails, and finds a tour through it, without going back below move 46."""
    board = Board(8)
    names = ("a8 c7 e8 g7 h5 g3 h1 f2 h3 g1 e2 c1 a2 b4 a6 b8 d7 f8 h7 f6 g8 h6 g4 h2 f1 d2 b1 a3 b5 a7 "
             "c8 e7 g6 h8 f7 d8 b7 d6 f5 e3 c4 b2 d1 c3 a4 c5 e6 g5 e4").split()
    game = PlayGame(board, "classic")
    for name in names:
        assert game.move(board.parse(name)), name
    assert game.stuck and len(game.path) == 49
    _, snapshot = game.handover()
    search = Search(board, game.path[0], "classic", None, False, resume=snapshot)
    shallowest = len(game.path)
    for event in search:
        if isinstance(event, Pop):
            shallowest = min(shallowest, event.step - 1)
        if isinstance(event, Outcome):
            break
    assert search.outcome is not None and search.outcome.kind == "tour"
    tour = search.path()
    assert is_tour(board, tour) and tour[:46] == game.path[:46] and tour[46] == board.parse("e4")
    assert shallowest == 46  # back to c5's frame, never below it


# -- found by the second pass of mutation testing (each test fails on the mutant it names) --


def test_where_it_went_wrong_can_be_the_very_first_move():
    """play.py:258 ``range(len(path), 0, -1)`` -> ``range(len(path), 1, -1)``: the prefix of the
    start alone was never searched, so a path doomed by its first move had no answer."""
    board = Board(3, 4)
    game = PlayGame(board)
    for square in [0, 9, 2, 11, 5, 3, 10, 4]:
        assert game.move(square)
    assert game.stuck
    rescue = game.went_wrong()
    assert rescue is not None and rescue.move == 1 and rescue.proved
    assert rescue.tour[0] == 0 and rescue.tour[1] != 9 and is_tour(board, rescue.tour)


def _first_outcome(search: Search) -> Outcome:
    for event in search:
        if isinstance(event, Outcome):
            return event
    raise AssertionError("no outcome")


def test_where_it_went_wrong_on_a_finished_tour_spends_nothing():
    """play.py:257 ``spent = 0`` -> ``spent = 1``: the total budget was one push short (a finished
    tour, which costs no push, found nothing with a total of 1)."""
    board = Board(5)
    search = Search(board, 0)
    assert _first_outcome(search).kind == "tour"
    tour = search.path()
    game = PlayGame(board)
    for square in tour:
        game.move(square)
    rescue = game.went_wrong(budget=1, total=1)
    assert rescue is not None and rescue.move == 25 and rescue.tour == tuple(tour)


@pytest.mark.parametrize(("algorithm", "used", "rows", "start"),
                         [("backtracking", "backtracking", 5, 0), ("greedy", "warnsdorff", 6, 15)])
def test_compare_runs_the_windows_backtracking_search(algorithm, used, rows, start):
    """play.py:230 ``in BACKTRACKS`` -> ``not in``: compare (and went_wrong) ran Warnsdorff for
    plain backtracking, and greedy (which gets stuck, 6×6 from 15) for greedy."""
    from knight_gui.tour.algorithms import tie_break_used

    board = Board(rows)
    game = PlayGame(board, algorithm)
    game.move(start)
    search = Search(board, start, used, tie_break_used(used, None), False, max_nodes=200_000)
    assert _first_outcome(search).kind == "tour"
    result = game.compare()
    assert result.program == tuple(search.path())
    assert (result.pushes, result.pops) == (search.pushes, search.pops)


def test_compare_when_the_programs_search_runs_out_of_budget():
    """play.py:297 (deleted ``program = ()``): no tour within the budget raised UnboundLocalError
    instead of an empty program tour."""
    board = Board(8)
    game = PlayGame(board)
    game.move(0)
    result = game.compare(budget=10)
    assert result.program == () and result.same == 0 and result.pushes <= 10


def test_compare_calls_the_workers_check():
    """play.py:300 (deleted): compare never called ``check``, so a worker could not cancel it."""
    board = Board(8)
    game = PlayGame(board)
    game.move(0)
    calls = []
    game.compare(check=lambda done, total: calls.append((done, total)))
    assert calls and calls[0][1] == 200_000

    class Cancelled(Exception):
        pass

    def cancel(done, total):
        raise Cancelled

    with pytest.raises(Cancelled):
        game.compare(check=cancel)


def test_where_it_went_wrong_searches_no_move_after_a_square_is_cut_off():
    """c7 a6 b8 d7 b6 a8: b6 cut a8 off (its knight's moves, b6 and c7, both taken). The search spent
    its budget below b6 in vain (it does not look ahead for such squares): those prefixes are proved
    and passed over; the search starts at d7, the last move before."""
    board = Board(8)
    game = PlayGame(board)
    for name in ("c7", "a6", "b8", "d7", "b6", "a8"):
        assert game.move(board.parse(name))
    assert game.stuck
    assert game.cut() == (5, game.cut()[1]) and [board.name(sq) for sq in game.cut()[1].squares] == ["a8"]
    searched: list[int] = []
    rescue = game.went_wrong(check=lambda done, total: searched.append(total - done))
    assert searched[0] == 4  # d7's prefix first: not a8's nor b6's
    assert rescue is not None and rescue.move < 5 and is_tour(board, rescue.tour)
