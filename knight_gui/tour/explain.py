"""Why the search did what it did, in words a student can follow.

Every push, pop and outcome can be put into a sentence: "c3 has no
unvisited onward square", "Push e4 as move 12: degree 2, the lowest of e4:2
f5:3 d6:3".  The sentences are chosen here, from the events and the stack
frames, so the window, the command line and tests all say the same thing.

They come as ``Message``s of ``tour.messages``: a code and its arguments,
which are language-neutral (square names, numbers) or messages themselves.
``str(message)`` is the English sentence; the window words the same message
in the installed language (``knight_gui.ui.i18n.tr_message``).  This module
never imports Qt.

The pseudocode of the search is here too, in a variant for each algorithm
and for closed tours, with ``pseudocode_line(event)``: the line that
produced an event, for the panel that highlights it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .algorithms import CONSTRUCTED
from .board import Board
from .events import (
    OUTCOME_BUDGET,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_STUCK,
    OUTCOME_TOUR,
    Event,
    Outcome,
    Pop,
    PopReason,
    Push,
)
from .messages import MESSAGES, Message, message
from .search import Frame

#: The ``algorithm`` of a student's solver's run (File ▸ Open Solver): it orders its candidates itself.
SOLVER = "solver"

#: An explanation: a message of ``tour.messages`` (the name the panels know it by).
Text = Message


def candidate_list(board: Board, candidates: Sequence[tuple[int, int]]) -> str:
    """``e4:2 f5:3 d6:3``: squares with their degrees, in try order."""
    return " ".join(f"{board.name(square)}:{degree}" for square, degree in candidates)


# -- pops ------------------------------------------------------------------------------


def pop_reason(board: Board, pop: Pop) -> Text:
    """Why ``pop``'s square left the stack, as the engine says it (``pop.reason``)."""
    square = board.name(pop.square)
    reason = pop.reason
    if reason == PopReason.DEAD_END:
        return message("pop-dead-end", square)
    if reason == PopReason.EXHAUSTED:
        return message("pop-exhausted", pop.tried, square)
    if reason == PopReason.CUT_OFF:
        return message("pop-cut-off", square)
    return message("pop-next-tour", square)


def pop_story(board: Board, pop: Pop, top: Frame | None, path: Sequence[int]) -> Text:
    """A pop told whole: which candidates failed and why, and where the search goes next.

    "Pop a5 (move 52): its only candidate b7 was a dead end; back to c6 (move 51), which tries its
    next candidate, d4."  ``top`` is the frame on top of the stack just after the pop (None: the
    stack is empty) and ``path`` the squares on the stack then.  The candidates that failed are
    the popped square's free neighbours with the stack as it was; where that does not match the
    count the engine gives (a closed search keeps fewer), the engine's own reason is said.
    """
    square = board.name(pop.square)
    why = message("pop-why-dead-end", square) if pop.reason == PopReason.DEAD_END else pop_reason(board, pop)
    if pop.reason == PopReason.EXHAUSTED:
        visited = set(path)
        visited.add(pop.square)
        free = [c for c in board.neighbours(pop.square) if c not in visited]
        if free and len(free) == pop.tried:
            dead = [c for c in free if all(n in visited for n in board.neighbours(c))]
            names = ", ".join(board.name(c) for c in free)
            if len(free) == 1:
                why = message("pop-why-only-dead-end" if dead else "pop-why-only-failed", names)
            else:
                why = message("pop-why-dead-ends" if len(dead) == len(free) else "pop-why-all-failed",
                              len(free), names)
    if top is None or not path:
        back = message("pop-back-empty")
    elif top.next < len(top.candidates):
        back = message("pop-back-next", board.name(top.square), top.step,
                       board.name(top.candidates[top.next][0]))
    else:
        back = message("pop-back-popped-next", board.name(top.square), top.step)
    return message("event-pop-story", square, pop.step, why, back)


# -- pushes ------------------------------------------------------------------------------


def push_text(board: Board, push: Push, parent: Frame | None = None, ordered: bool = True,
              tie_break: str = "fixed", algorithm: str | None = None) -> Text:
    """Why ``push`` was made.

    ``parent`` is the frame below the pushed square as it stood just after
    the push (its ``next`` is one past the pushed candidate); without it the
    sentence says only the square, move number and degree.  ``ordered`` is
    False for plain backtracking, which tries candidates in the fixed move
    order; ``tie_break`` names the rule that orders candidates of equal degree.
    The construction (``algorithm`` in CONSTRUCTED) pushes the next square of its tour.
    """
    square = board.name(push.square)
    if push.step == 1:
        return message("event-push-start", square)
    if algorithm in CONSTRUCTED:
        return message("event-push-construct", square, push.step)
    index = parent.next - 1 if parent is not None else -1
    if parent is None or not 0 <= index < len(parent.candidates) \
            or parent.candidates[index][0] != push.square:
        return message("event-push", square, push.step, push.degree)
    candidates = parent.candidates
    listed = candidate_list(board, candidates)
    if len(candidates) == 1:
        return message("event-push-only", square, push.step, board.name(parent.square), push.degree)
    if algorithm == SOLVER:  # (its order is its own: a student's program's, not the fixed move order)
        return message("event-push-solver", square, push.step, index + 1, len(candidates), listed)
    if not ordered:
        return message("event-push-fixed", square, push.step, index + 1, len(candidates), listed)
    if index > 0:
        return message("event-push-next", square, push.step, push.degree, listed, index)
    tied = sum(1 for _, degree in candidates if degree == push.degree) > 1
    if tied:
        rule = message(f"rule-{tie_break}" if f"rule-{tie_break}" in MESSAGES else "rule-fixed")
        return message("event-push-tie", square, push.step, push.degree, listed, rule)
    return message("event-push-lowest", square, push.step, push.degree, listed)


# -- any event ----------------------------------------------------------------------------


def outcome_text(board: Board, outcome: Outcome, start: int | None = None,
                 path: Sequence[int] = ()) -> Text:
    """An outcome in one sentence (``path``: the stack when it came, for *stuck*)."""
    kind = outcome.kind
    if outcome.code.startswith("student-"):  # a student's solver ended (tour.student): its own words
        return outcome.message
    if kind == OUTCOME_TOUR:
        if board.size == 1:  # (not "all 1 squares")
            return message("event-tour-one", max(1, outcome.tours))
        return message("event-tour", max(1, outcome.tours), f"{board.size:,}")  # (10,000 squares)
    if kind == OUTCOME_STUCK:
        return message("event-stuck", board.name(path[-1]) if path else "?")
    if kind == OUTCOME_BUDGET:
        return message("event-budget")
    start_name = board.name(start) if start is not None else "?"
    if kind == OUTCOME_IMPOSSIBLE:
        return message("event-impossible", start_name)
    if outcome.tours:
        return message("event-exhausted", outcome.tours)
    return message("event-no-tour", start_name)


def event_text(board: Board, event: Event, parent: Frame | None = None, ordered: bool = True,
               tie_break: str = "fixed", start: int | None = None, path: Sequence[int] = (),
               algorithm: str | None = None) -> Text:
    """One line of the event log for ``event``.

    ``parent`` is the frame on top of the stack just after the event (for a push, the one below
    the pushed square: see ``push_text``; for a pop, the one the search goes back to, and
    ``path`` the stack then: see ``pop_story``).  Without it a pop says only why it came.
    ``algorithm`` (optional) words the construction's pushes.
    """
    if isinstance(event, Push):
        return push_text(board, event, parent, ordered, tie_break, algorithm)
    if isinstance(event, Pop):
        if parent is not None or event.step == 1:  # (after the start's pop the stack is empty)
            return pop_story(board, event, parent, path if parent is not None else ())
        return message("event-pop", board.name(event.square), event.step, pop_reason(board, event))
    return outcome_text(board, event, start, path)


# -- pseudocode ---------------------------------------------------------------------------

#: Lines of the pseudocode, by role; the variants swap lines (see ``pseudocode``), the same in number.
_CODE = ("code-candidates", "code-push-start", "code-while", "code-top", "code-full", "code-report",
         "code-has-next", "code-mark", "code-push-degree", "code-else", "code-pop", "code-end")
LINE_CANDIDATES, LINE_START, LINE_WHILE, LINE_FULL, LINE_REPORT, LINE_PUSH, LINE_POP, LINE_END = \
    0, 1, 2, 4, 5, 8, 10, 11


def pseudocode(algorithm: str, closed: bool = False) -> list[Text]:
    """The search as about a dozen lines of pseudocode, for ``algorithm`` and open or ``closed`` tours.

    Plain backtracking pushes in the fixed move order; greedy stops at a tour
    or where it is stuck, never popping; a closed search keeps only the
    candidates that leave a way back to the start, ends a tour a knight's
    move from it and pops a square where the way back was cut off.  Greedy
    has no closed variant (``closed`` is ignored for it).  Every variant has
    its lines at the same places: ``pseudocode_line`` serves them all.
    The construction builds its closed tour first and pushes its squares in
    order from the start, stopping at the tour.  ``SOLVER`` (a student's solver's
    run) pushes in the solver's own order; its open search is the lines it is
    checked against.
    """
    keys = list(_CODE)
    if algorithm in CONSTRUCTED:
        keys[LINE_CANDIDATES] = "code-candidates-construct"
        keys[LINE_REPORT] = "code-report-construct"
        keys[LINE_PUSH] = "code-push-construct"
        keys[LINE_POP] = "code-stop-construct"
        return [message(key) for key in keys]
    if algorithm == "backtracking":
        keys[LINE_PUSH] = "code-push"
    if algorithm == SOLVER:
        keys[LINE_PUSH] = "code-push-solver"
        return [message(key) for key in keys]
    if algorithm == "greedy":
        keys[LINE_REPORT] = "code-report-greedy"
        keys[LINE_POP] = "code-stuck"
    elif closed:
        keys[LINE_CANDIDATES] = "code-candidates-closed"
        keys[LINE_FULL] = "code-full-closed"
        keys[LINE_POP] = "code-pop-closed"
    return [message(key) for key in keys]


def pseudocode_line(event: Event | None) -> int | None:
    """The index of the pseudocode line that produced ``event`` (None: no line did)."""
    if event is None:
        return None
    if isinstance(event, Push):
        return LINE_START if event.step == 1 else LINE_PUSH
    if isinstance(event, Pop):
        return LINE_REPORT if event.reason == PopReason.NEXT_TOUR else LINE_POP
    if event.kind == OUTCOME_TOUR:
        return LINE_REPORT
    if event.kind == OUTCOME_STUCK:
        return LINE_POP
    if event.kind == OUTCOME_BUDGET:
        return LINE_WHILE
    if event.kind == OUTCOME_IMPOSSIBLE or event.code in _NOT_THE_SEARCHS:
        return None
    return LINE_END


#: A student's run's endings no line of the search made: an event its code made was refused, or its
#: code raised (the search checked against would have gone on).
_NOT_THE_SEARCHS = ("student-illegal", "student-error")
