"""Explanations: pop reasons are the engine's, pushes say why, pseudocode lines fit the events."""

from __future__ import annotations

import pytest

from knight_gui.tour import Board, Outcome, Pop, PopReason, Push, Search, explain
from knight_gui.tour.explain import (
    Text,
    event_text,
    outcome_text,
    pop_reason,
    pseudocode,
    pseudocode_line,
    push_text,
)
from knight_gui.tour.messages import MESSAGES, Message, is_valid, message, placeholders
from knight_gui.tour.state import TourState


def run_with_frames(search: Search, limit: int):
    """Yield (event, top frame before the event, frame below the top after it, state after)."""
    state = TourState(search.board)
    top_before = None
    for count, event in enumerate(search):
        state.apply(event)
        parent = search.frame(-2) if search.depth >= 2 else None
        yield event, top_before, parent, state
        top_before = search.frame(-1) if search.depth else None
        if count >= limit or (isinstance(event, Outcome) and event.kind != "tour"):
            return


def test_the_brief_examples_read_as_written():
    board = Board(8)
    c3 = board.parse("c3")
    assert str(pop_reason(board, Pop(c3, 11, PopReason.DEAD_END, 0))) == "c3 has no unvisited onward square"
    assert str(pop_reason(board, Pop(c3, 11, PopReason.EXHAUSTED, 3))) == "all 3 candidates of c3 tried"
    assert str(pop_reason(board, Pop(c3, 11, PopReason.EXHAUSTED, 1))) == "the only candidate of c3 tried"
    e4, f5, d6 = (board.parse(n) for n in ("e4", "f5", "d6"))
    parent = explain.Frame(board.parse("c3"), 11, ((e4, 2), (f5, 3), (d6, 3)), 1)
    assert str(push_text(board, Push(e4, 12, 2), parent)) == \
        "Push e4 as move 12: degree 2, the lowest of e4:2 f5:3 d6:3"


def test_every_pop_reason_is_the_engines_on_5x5_backtracking():
    board = Board(5)
    seen = set()
    for event, top_before, _parent, state in run_with_frames(Search(board, 0, "backtracking"), 20000):
        if not isinstance(event, Pop):
            continue
        seen.add(event.reason)
        words = str(pop_reason(board, event))
        name = board.name(event.square)
        assert name in words
        assert top_before is not None and top_before.square == event.square
        if event.reason == PopReason.DEAD_END:
            assert words == f"{name} has no unvisited onward square"
            assert top_before.candidates == ()
            assert all(state.step_of[sq] for sq in board.neighbours(event.square))  # truly none left
        elif event.reason == PopReason.EXHAUSTED:
            assert event.tried == len(top_before.candidates) > 0
            assert str(event.tried) in words or event.tried == 1
        else:
            assert event.reason == PopReason.NEXT_TOUR and "next tour" in words
    assert {PopReason.DEAD_END, PopReason.EXHAUSTED} <= seen


def test_closed_tours_explain_cut_offs():
    board = Board(6)
    search = Search(board, 1, "warnsdorff", closed=True)
    texts = [str(pop_reason(board, e)) for e, *_ in run_with_frames(search, 2000)
             if isinstance(e, Pop) and e.reason == PopReason.CUT_OFF]
    assert texts and all("cut off the way back to the start" in t for t in texts)


@pytest.mark.parametrize("algorithm, tie",
                         [("warnsdorff", "roth"), ("warnsdorff", "pohl"), ("classic", "fixed")])
def test_push_explanations_tell_the_truth_about_degrees(algorithm, tie):
    board = Board(6)
    kinds = set()
    for event, _top, parent, _state in run_with_frames(Search(board, 0, algorithm, tie), 5000):
        if not isinstance(event, Push) or event.step == 1:
            continue
        words = push_text(board, event, parent, True, tie)
        kinds.add(words.code)
        degrees = [d for _, d in parent.candidates]
        if words.code == "event-push-lowest":
            assert event.degree == min(degrees) and degrees.count(event.degree) == 1
        elif words.code == "event-push-tie":
            assert event.degree == min(degrees) and degrees.count(event.degree) > 1
            assert words.args[4].code == f"rule-{tie}"
        elif words.code == "event-push-next":
            assert parent.next > 1
        else:
            assert words.code == "event-push-only" and len(degrees) == 1
        assert f"as move {event.step}" in str(words)
    assert {"event-push-lowest", "event-push-tie"} <= kinds


def test_plain_backtracking_pushes_name_their_place_in_the_fixed_order():
    board = Board(5)
    for event, _top, parent, _state in run_with_frames(Search(board, 0, "backtracking"), 300):
        if isinstance(event, Push) and event.step > 1 and len(parent.candidates) > 1:
            words = push_text(board, event, parent, ordered=False)
            assert words.code == "event-push-fixed"
            assert words.args[2] == parent.next and words.args[3] == len(parent.candidates)


def test_without_the_parent_frame_a_push_says_what_it_knows():
    board = Board(8)
    assert str(push_text(board, Push(board.parse("b6"), 2, 5))) == "Push b6 as move 2 (degree 5)"
    assert str(push_text(board, Push(0, 1, 2))) == "Push a8 as move 1: the start square"
    wrong = explain.Frame(0, 1, ((17, 5), (10, 3)), 1)  # the candidate tried is not the pushed square
    assert push_text(board, Push(10, 2, 3), wrong).code == "event-push"


def test_outcomes_and_pops_in_the_log():
    board = Board(5)
    assert str(event_text(board, Pop(7, 4, PopReason.DEAD_END, 0))) == \
        "Pop c4 (move 4): c4 has no unvisited onward square"
    assert str(event_text(board, Outcome("tour", "tour", (2,), 2))) == \
        "Tour #2 complete: all 25 squares are on the stack"
    assert str(event_text(Board(100), Outcome("tour", "tour", (1,), 1))) == \
        "Tour #1 complete: all 10,000 squares are on the stack"  # (it said 10000, unlike the rest)
    assert str(event_text(Board(1), Outcome("tour", "tour", (1,), 1))) == \
        "Tour #1 complete: the board's one square is on the stack"  # (it said "all 1 squares")
    no_tour = Outcome("no-tour", "exhausted", ("a5", "5×5"), 0)
    assert "no tour starts on a5" in str(event_text(board, no_tour, start=0))
    exhausted = Outcome("no-tour", "exhausted-after-tours", (304, "a5"), 304)
    assert "304 tours found" in str(event_text(board, exhausted))
    assert str(event_text(board, Outcome("no-tour", "exhausted-after-tours", (1, "a5"), 1))) == \
        "The stack is empty: the search is over (1 tour found)"
    assert "Stuck on c4" in str(event_text(board, Outcome("stuck", "stuck", (2, "c4"), 0), path=[0, 7]))
    assert "budget" in str(event_text(board, Outcome("budget", "budget-nodes", (100,), 0)))
    ruled_out = Outcome("impossible", "open-small", ("5×5",), 0)
    assert "rules out" in str(event_text(board, ruled_out, start=1))


def test_every_template_is_used_with_exactly_its_fields():
    board = Board(8)
    made: list[Text] = []
    for event, _top, parent, _state in run_with_frames(Search(board, 0, "backtracking"), 3000):
        made.append(event_text(board, event, parent, ordered=False))
        made.append(event_text(board, event, parent, ordered=True, tie_break="roth"))
        made.append(event_text(board, event))
    for pop in (Pop(1, 3, reason, tried) for reason in PopReason for tried in (1, 3)):
        made.append(pop_reason(board, pop))
    for algorithm in ("warnsdorff", "backtracking", "greedy", explain.SOLVER):
        for closed in (False, True):
            made.extend(pseudocode(algorithm, closed))
    for t in list(made):
        made.extend(v for v in t.args if isinstance(v, Text))
    for t in made:
        shown = {int(p[1:]) if p != "%n" else 1 for p in placeholders(t.template)}
        assert shown == set(range(1, len(t.args) + 1)), t.code  # every argument shown, no more
        assert is_valid(t.code, t.args)
        assert "%" not in str(t), t  # every placeholder filled
    with pytest.raises(KeyError):
        message("no-such-key")
    assert all(t.code in MESSAGES for t in made)


def test_pseudocode_has_about_a_dozen_lines_and_every_event_has_its_line():
    for algorithm in ("warnsdorff", "classic", "backtracking", "greedy"):
        lines = pseudocode(algorithm)
        assert 10 <= len(lines) <= 13
    lines = [t.code for t in pseudocode("warnsdorff")]
    assert lines[pseudocode_line(Push(0, 1, 2))] == "code-push-start"
    assert lines[pseudocode_line(Push(5, 2, 2))] == "code-push-degree"
    assert lines[pseudocode_line(Pop(5, 2, PopReason.DEAD_END, 0))] == "code-pop"
    assert lines[pseudocode_line(Pop(5, 2, PopReason.EXHAUSTED, 2))] == "code-pop"
    assert lines[pseudocode_line(Pop(5, 25, PopReason.NEXT_TOUR, 0))] == "code-report"
    assert lines[pseudocode_line(Outcome("tour", "tour", (1,), 1))] == "code-report"
    assert lines[pseudocode_line(Outcome("no-tour", "exhausted", ("a8", "8×8"), 0))] == "code-end"
    assert lines[pseudocode_line(Outcome("budget", "budget-nodes", (10,), 0))] == "code-while"
    stuck = Outcome("stuck", "stuck", (3, "c4"), 0)
    assert [t.code for t in pseudocode("greedy")][pseudocode_line(stuck)] == \
        "code-stuck"
    assert [t.code for t in pseudocode("backtracking")][explain.LINE_PUSH] == "code-push"
    solver = [t.code for t in pseudocode(explain.SOLVER)]  # a student's run: its own order, else the same
    assert solver[explain.LINE_PUSH] == "code-push-solver"
    assert solver[:explain.LINE_PUSH] + solver[explain.LINE_PUSH + 1:] == lines[:explain.LINE_PUSH] + \
        lines[explain.LINE_PUSH + 1:]
    assert pseudocode_line(None) is None
    assert pseudocode_line(Outcome("impossible", "open-small", ("4×4",), 0)) is None
    # A student's solver: an event refused, or an exception, is its code's, not a line of the search
    # (it marked "report: the search is over"; found in review)
    refused = Message("solver-illegal-not-a-move", (3, "push", 4, 4, "(2, 1)"))
    assert pseudocode_line(Outcome("illegal", "student-illegal", (refused,), 0)) is None
    assert pseudocode_line(Outcome("error", "student-error", (Message("verbatim", ("ZeroDivisionError",)),),
                                   0)) is None
    limit = Outcome("budget", "student-limit", (Message("solver-event-limit", (10,)),), 0)
    assert lines[pseudocode_line(limit)] == "code-while"  # a limit stops the loop, as the window's budget
    finished = Message("solver-finished-no-tour", (Message("solver-events", (9,)),))
    ended = Outcome("no-tour", "student-ended", (finished,), 0)
    assert lines[pseudocode_line(ended)] == "code-end"


#: Every variant of the search: (algorithm, closed), a board and a start that show its events.
VARIANTS = [("warnsdorff", False, 8), ("classic", False, 8), ("backtracking", False, 5), ("greedy", False, 8),
            ("warnsdorff", True, 8), ("classic", True, 8), ("backtracking", True, 6)]


def expected_line(algorithm: str, closed: bool, event) -> str:
    """The key of the pseudocode line that makes ``event`` in this variant."""
    if isinstance(event, Push):
        if event.step == 1:
            return "code-push-start"
        return "code-push" if algorithm == "backtracking" else "code-push-degree"
    if isinstance(event, Pop):
        if event.reason == PopReason.NEXT_TOUR:
            return "code-report"
        return "code-pop-closed" if closed else "code-pop"
    return {"tour": "code-report-greedy" if algorithm == "greedy" else "code-report",
            "stuck": "code-stuck", "no-tour": "code-end", "budget": "code-while"}[event.kind]


@pytest.mark.parametrize(("algorithm", "closed", "size"), VARIANTS)
def test_each_variant_highlights_the_line_that_made_each_event(algorithm, closed, size):
    lines = pseudocode(algorithm, closed)
    assert 10 <= len(lines) <= 13
    keys = [t.code for t in lines]
    seen = set()
    search = Search(Board(size), 0, algorithm, closed=closed, max_nodes=60_000)
    for count, event in enumerate(search):
        line = pseudocode_line(event)
        assert keys[line] == expected_line(algorithm, closed, event), event
        seen.add(keys[line])
        if isinstance(event, Pop) and event.reason == PopReason.CUT_OFF:
            assert "the way back cut off" in str(lines[line])
        tours = isinstance(event, Outcome) and event.kind == "tour"
        if (algorithm == "greedy" and tours) or count > 200_000 or (
                isinstance(event, Outcome) and not tours) or (tours and event.tours >= 2):
            break  # greedy stops at its first tour (the window goes on to no next one)
    assert {"code-push-start", "code-push" if algorithm == "backtracking" else "code-push-degree"} <= seen
    if closed:
        assert "code-pop-closed" in seen


def test_greedy_never_pops_and_closed_tours_end_next_to_the_start_in_the_pseudocode():
    greedy = [str(t) for t in pseudocode("greedy")]
    assert not any("pop top" in line or "look for the next" in line for line in greedy)
    assert "stop" in greedy[explain.LINE_REPORT] and "stuck" in greedy[explain.LINE_POP]
    assert pseudocode("greedy", True) == pseudocode("greedy")  # greedy has no closed variant
    for algorithm in ("warnsdorff", "classic", "backtracking"):
        open_lines = [str(t) for t in pseudocode(algorithm)]
        closed_lines = [str(t) for t in pseudocode(algorithm, closed=True)]
        assert "knight's move from the start" not in open_lines[explain.LINE_FULL]
        assert closed_lines[explain.LINE_FULL].endswith(
            "if the stack holds every square and top is a knight's move from the start:")
        assert "way back" in closed_lines[explain.LINE_CANDIDATES]
        assert "the way back cut off" in closed_lines[explain.LINE_POP]
        assert "pop top to look for the next" in closed_lines[explain.LINE_REPORT]


# -- pops told whole (issue 12) ---------------------------------------------------------------


def _pops_with_top(search: Search, limit: int):
    """Yield (pop, frame on top just after it or None, path just after it) for the first pops."""
    for count, event in enumerate(search):
        if isinstance(event, Pop):
            yield event, (search.frame(-1) if search.depth else None), search.path()
        if count >= limit or isinstance(event, Outcome):
            return


def test_a_pop_names_the_candidate_that_failed_and_where_the_search_goes_next():
    board = Board(5)
    pops = list(_pops_with_top(Search(board, board.parse("c3"), "backtracking"), 400))
    texts = [str(event_text(board, pop, top, path=path)) for pop, top, path in pops]
    assert texts[0] == ("Pop b4 (move 15): b4 has no unvisited square a knight's move away: a dead end; "
                        "back to a2 (move 14), which has no candidate left and is popped next.")
    assert texts[1] == ("Pop a2 (move 14): its only candidate b4 was a dead end; back to c1 (move 13), "
                        "which tries its next candidate, b3.")
    assert any("led to no tour" in t for t in texts)
    for (_pop, top, _path), text in zip(pops, texts, strict=True):
        if top is not None and top.next < len(top.candidates):  # the next candidate named is the one tried
            following = board.name(top.candidates[top.next][0])
            assert text.endswith(f"which tries its next candidate, {following}.")


def test_every_candidate_named_by_a_pop_is_the_one_the_search_took_back_just_before():
    """The story's candidates are the engine's: the square popped just before is among them."""
    board = Board(6)
    search = Search(board, board.parse("c3"), "warnsdorff", "lookahead", closed=True)
    previous: Pop | None = None
    told = 0
    for event in search:
        if isinstance(event, Outcome):
            break
        if isinstance(event, Pop):
            story = event_text(board, event, search.frame(-1) if search.depth else None, path=search.path())
            assert story.code == "event-pop-story"
            why = story.args[2]
            if why.code in ("pop-why-only-dead-end", "pop-why-only-failed") and previous is not None:
                assert why.args[0] == board.name(previous.square)
                told += 1
            if why.code in ("pop-why-all-failed", "pop-why-dead-ends") and previous is not None:
                assert board.name(previous.square) in why.args[1]
                assert why.args[0] == event.tried
                told += 1
            previous = event
        else:
            previous = None
    assert told


def test_popping_the_start_empties_the_stack():
    board = Board(3, 7)  # no tour from d2, and no theorem says so: the search ends by popping its start
    search = Search(board, board.parse("d2"), "backtracking")
    pops = [(p, t, path) for p, t, path in _pops_with_top(search, 10**6) if p.step == 1]
    assert pops
    text = str(event_text(board, pops[-1][0]))  # no context needed: nothing is left on the stack
    assert text.endswith("the stack is empty: every way from the start has been tried.")


def test_a_push_of_a_students_solver_is_said_in_its_own_order_not_the_fixed_one():
    # (A reviewer read "candidate 1 of 3 in the fixed move order (b7:3 f7:4 e6:4)" for the example
    # Warnsdorff solver: from d8 the fixed order is f7, e6, b7.  The list is the solver's order.)
    board = Board(8)
    frame = explain.Frame(board.parse("d8"), 32, ((board.parse("b7"), 3), (board.parse("f7"), 4),
                                                 (board.parse("e6"), 4)), 1)
    push = Push(board.parse("b7"), 33, 3)
    said = str(explain.push_text(board, push, frame, False, "fixed", explain.SOLVER))
    assert said == "Push b7 as move 33: candidate 1 of 3 in your solver's order (b7:3 f7:4 e6:4)"
    assert "fixed move order" in str(explain.push_text(board, push, frame, False, "fixed", "backtracking"))


# -- found by the second pass of mutation testing (each test fails on the mutant it names) --


def test_a_students_ending_is_said_in_its_own_words():
    """explain.py:143 (deleted): a student's solver's outcome (code student-*) fell through to the
    built-in search's "no tour from ..." sentence."""
    board = Board(5)
    for kind, code in (("no-tour", "student-ended"), ("budget", "student-limit")):
        outcome = Outcome(kind, code, ("solve finished after 3 events",), 0)
        assert outcome_text(board, outcome, 0) == outcome.message
        assert "solve finished after 3 events" in str(outcome_text(board, outcome, 0))


def test_a_tour_outcome_without_a_count_is_tour_number_one():
    """explain.py:145 ``max(1, tours)`` -> ``max(0, tours)``: "Tour #0 complete"."""
    board = Board(5)
    text = outcome_text(board, Outcome("tour", "tour", (0,), 0))
    assert text == message("event-tour", 1, "25")


def test_the_constructions_pseudocode_stops_instead_of_popping():
    """explain.py:203 (deleted): the construction's pseudocode kept the search's "pop top" line."""
    lines = pseudocode("construct")
    assert lines[explain.LINE_POP] == message("code-stop-construct")
    assert message("code-pop") not in lines
