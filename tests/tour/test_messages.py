"""Messages: one English template per code, filled from arguments; outcomes and verdicts are codes."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_gui.tour import Board, Outcome, Search, Verdict, impossible
from knight_gui.tour.messages import (
    MESSAGES,
    SINGULAR,
    Message,
    english,
    fill,
    has_count,
    is_valid,
    message,
    placeholders,
)


def test_every_code_has_one_template_with_numbered_placeholders_from_one():
    for code, template in MESSAGES.items():
        assert template.strip(), code
        numbers = sorted(int(p[1:]) for p in placeholders(template) if p != "%n")
        first = 2 if "%n" in template else 1  # %n is the first argument
        assert numbers == list(range(first, first + len(numbers))), code
        assert not re.search(r"%(?![1-9n])", template), code  # no other use of %
        assert "{" not in template, code


def test_each_singular_form_belongs_to_a_template_with_a_count_and_keeps_its_other_placeholders():
    assert set(SINGULAR) == {code for code in MESSAGES if has_count(code)}
    for code, singular in SINGULAR.items():
        assert placeholders(singular) - {"%n"} == placeholders(MESSAGES[code]) - {"%n"}, code
        assert singular != MESSAGES[code]


def test_a_count_of_one_takes_the_singular_in_english():
    assert english("exhausted-after-tours", (1, "a8")) == "the search is exhausted: 1 tour in all from a8"
    assert english("exhausted-after-tours", (3, "a8")) == "the search is exhausted: 3 tours in all from a8"
    assert english("exhausted-after-tours", (0, "a8")) == "the search is exhausted: 0 tours in all from a8"
    assert str(message("budget-nodes", 1)) == "the budget of 1 push is used up"
    assert str(message("pop-exhausted", 1, "c3")) == "the only candidate of c3 tried"


def test_a_message_inside_a_message_is_worded_with_it():
    inner = message("pop-dead-end", "c4")
    outer = message("event-pop", "c4", 7, inner)
    assert str(outer) == "Pop c4 (move 7): c4 has no unvisited onward square"
    shouted = fill(MESSAGES["event-pop"], outer.args, lambda m: m.code.upper())
    assert shouted == "Pop c4 (move 7): POP-DEAD-END"


def test_an_unknown_code_fails_at_once():
    with pytest.raises(KeyError):
        message("no-such-code")


def test_is_valid_wants_every_argument_and_an_int_count():
    assert is_valid("tour", (1,)) and not is_valid("tour", ())
    assert is_valid("stuck", (3, "c4")) and not is_valid("stuck", ("3", "c4"))
    assert not is_valid("stuck", (True, "c4")) and not is_valid("no-such-code", ())
    assert is_valid("open-3x3", ())


@given(st.lists(st.one_of(st.integers(), st.text(alphabet="%n12ab ")), min_size=9, max_size=9))
def test_filling_never_refills_an_argument(args):
    """An argument that itself reads like a placeholder ("%1") is shown as it is."""
    text = fill("%1|%2|%3", tuple(args), str)
    assert text == "|".join(str(a) for a in args[:3])


# -- outcomes and verdicts carry codes ------------------------------------------------------------


def outcomes(board: Board, start: int, algorithm: str, closed: bool, **options) -> list[Outcome]:
    search = Search(board, start, algorithm, closed=closed, **options)
    found = []
    for event in itertools.islice(search, 400_000):
        if isinstance(event, Outcome):
            found.append(event)
            if event.kind != "tour" or len(found) > 3:
                break
    return found


@pytest.mark.parametrize(("rows", "cols", "start", "algorithm", "closed", "options"), [
    (5, 5, 0, "warnsdorff", False, {}),
    (6, 6, 0, "warnsdorff", True, {}),
    (5, 5, 1, "warnsdorff", False, {}),  # impossible: the minority colour
    (4, 4, 0, "backtracking", True, {}),  # impossible: closed on a narrow board
    (3, 7, 2, "greedy", False, {}),  # stuck on c3
    (8, 8, 0, "backtracking", False, {"max_nodes": 300}),
    (8, 8, 0, "backtracking", False, {"max_seconds": 1e-9}),
    (3, 4, 0, "backtracking", False, {}),  # some tours, then exhausted
    (3, 7, 10, "backtracking", False, {}),  # no tour from d2
    (3, 4, 1, "backtracking", False, {}),  # impossible: a middle line of 3×4
])
def test_every_outcome_is_a_code_with_arguments_that_fill_its_template(rows, cols, start, algorithm,
                                                                      closed, options):
    for outcome in outcomes(Board(rows, cols), start, algorithm, closed, **options):
        assert is_valid(outcome.code, outcome.args), outcome
        assert all(isinstance(a, (int, str)) and not isinstance(a, bool) for a in outcome.args)
        assert outcome.reason == english(outcome.code, outcome.args) and "%" not in outcome.reason
        assert outcome.message == Message(outcome.code, outcome.args)


def test_outcomes_say_what_they_said_before():
    board = Board(5)
    first = outcomes(board, 0, "warnsdorff", False)[0]
    assert (first.kind, first.code, first.args, first.reason) == ("tour", "tour", (1,), "tour #1 found")
    closed = outcomes(Board(6), 0, "warnsdorff", True)[0]  # (the record says closed)
    assert (closed.code, closed.args, closed.reason) == ("tour", (1,), "tour #1 found")
    stuck = outcomes(Board(3, 7), 2, "greedy", False)[-1]
    assert stuck.code == "stuck" and re.fullmatch(r"stuck on [a-g][1-3] after \d+ moves: .*", stuck.reason)
    budget = outcomes(Board(8), 0, "backtracking", False, max_nodes=300)[-1]
    assert budget.reason == "the budget of 300 pushes is used up"
    search = Search(Board(3, 4), 0, "backtracking")
    last = [e for e in search if isinstance(e, Outcome)][-1]
    assert last.code == "exhausted-after-tours"
    tours = f"{last.tours} tour{'s' * (last.tours != 1)}"
    assert last.reason == f"the search is exhausted: {tours} in all from a3"
    none = outcomes(Board(3, 7), 10, "backtracking", False)[-1]
    assert none.reason == "the search is exhausted: no tour starts on d2 of 3×7"


@pytest.mark.parametrize(("rows", "cols", "start", "closed", "code", "reason"), [
    (1, 1, 0, True, "closed-one-square",
     "a closed tour needs a last move back to the start, and a 1×1 board has no moves"),
    (5, 5, 0, True, "closed-odd", "5×5 has an odd number of squares (25); a closed tour alternates "
     "colours, so it needs as many squares of each colour (Schwenk's theorem)"),
    (1, 6, 0, True, "closed-narrow", "no board with 1 row or column has a closed tour (Schwenk's theorem)"),
    (4, 6, 0, True, "closed-narrow", "no board with 4 rows or columns has a closed tour (Schwenk's theorem)"),
    (3, 8, 0, True, "closed-3xn", "3×8 boards have no closed tour (Schwenk's theorem: 3×4, 3×6 and 3×8 "
     "are the exceptions among 3-row boards)"),
    (1, 5, 0, False, "open-one-row", "on 1×5 every knight move leaves the board, so the knight cannot "
     "move at all"),
    (2, 7, 0, False, "open-two-rows", "a board with 2 rows or columns splits into short chains a knight "
     "cannot join, so 2×7 has no tour"),
    (3, 3, 0, False, "open-3x3", "the centre of 3×3 is not a knight's move from any square"),
    (4, 4, 0, False, "open-small", "4×4 has no knight's tour from any square (Cull and De Curtins; "
     "Conrad et al.)"),
    (5, 5, 1, False, "open-minority-colour", "5×5 has 13 squares of the corners' colour and 12 of the "
     "other; a tour alternates colours, so it must start on the corners' colour and b5 is not"),
])
def test_each_verdict_is_a_code_with_arguments(rows, cols, start, closed, code, reason):
    board = Board(rows, cols)
    verdict = impossible(board, start, closed)
    assert isinstance(verdict, Verdict) and verdict.code == code and verdict.reason == reason
    assert is_valid(verdict.code, verdict.args)
    (outcome,) = outcomes(board, start, "warnsdorff", closed)
    assert (outcome.kind, outcome.code, outcome.args) == ("impossible", verdict.code, verdict.args)
    assert outcome.reason == reason


def test_a_placeholder_without_an_argument_stays_as_written():
    # (found by mutation testing: with too few arguments ``english`` raised TypeError)
    assert fill("%1 and %2", ("a",), str) == "a and %2"
    assert english("pop-back-next", ("a1", 1)) == "back to a1 (move 1), which tries its next candidate, %3"
