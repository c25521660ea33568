"""Why the search did what it did, in words a student can follow.

Every push, pop and outcome can be put into a sentence: "c3 has no
unvisited onward square", "Push e4 as move 12: degree 2, the lowest of e4:2
f5:3 d6:3".  The sentences are made here, from the events and the stack
frames, so the window, the command line and tests all say the same thing.

They come as ``Text``: a key, an English template with ``{named}`` fields
and the fields' values.  ``str(text)`` is the English sentence; the window
translates the template by its key (``knight_gui.ui.teaching``) and then
fills in the fields, which are language-neutral (square names, numbers) or
``Text`` themselves.  This module never imports Qt.

The pseudocode of the search is here too, in a variant for each algorithm
and for closed tours, with ``pseudocode_line(event)``: the line that
produced an event, for the panel that highlights it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

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
from .search import Frame

#: Every sentence the explanations use, by key: English templates with
#: ``{named}`` fields.  The window keeps a translatable copy of each
#: (``knight_gui.ui.teaching.TEXTS``); a test checks that the two agree.
TEMPLATES: dict[str, str] = {
    # why a square is popped
    "pop-dead-end": "{square} has no unvisited onward square",
    "pop-exhausted": "all {count} candidates of {square} tried",
    "pop-exhausted-one": "the only candidate of {square} tried",
    "pop-cut-off": "every unvisited onward square of {square} would cut off the way back to the start",
    "pop-next-tour": "the tour is reported; {square} is taken back to look for the next tour",
    # events, as the log lists them
    "event-pop": "Pop {square} (move {step}): {reason}",
    "event-push": "Push {square} as move {step} (degree {degree})",
    "event-push-start": "Push {square} as move 1: the start square",
    "event-push-only": "Push {square} as move {step}: the only candidate of {parent} (degree {degree})",
    "event-push-lowest": "Push {square} as move {step}: degree {degree}, the lowest of {candidates}",
    "event-push-tie": "Push {square} as move {step}: degree {degree}, the lowest of {candidates}; "
                      "{rule} breaks the tie",
    "event-push-next": "Push {square} as move {step}: degree {degree}, the next of {candidates} "
                       "after {tried} tried",
    "event-push-fixed": "Push {square} as move {step}: candidate {number} of {count} in the fixed "
                        "move order ({candidates})",
    "event-tour": "Tour #{number} complete: all {size} squares are on the stack",
    "event-exhausted": "The stack is empty: the search is over ({count} tours found)",
    "event-no-tour": "The stack is empty: no tour starts on {square}",
    "event-stuck": "Stuck on {square}: no unvisited onward square, and greedy does not backtrack",
    "event-budget": "The search stopped: its budget is used up",
    "event-impossible": "No search: a theorem rules out a tour from {square}",
    # tie-break rules, as a push explains them
    "rule-fixed": "the fixed move order",
    "rule-roth": "Roth's rule (farthest from the centre first)",
    "rule-pohl": "Pohl's rule (smallest sum of onward degrees first)",
    "rule-lookahead": "the look-ahead rule (smallest largest onward degree first)",
    # the pseudocode of the search
    "code-candidates": "# candidates of a square: its unvisited squares a knight's move away",
    "code-candidates-closed": "# candidates of a square: its unvisited squares a knight's move away "
                              "that leave a way back to the start",
    "code-push-start": "push the start square and its candidates",
    "code-while": "while the stack is not empty:",
    "code-top": "    top ← the frame on top of the stack",
    "code-full": "    if the stack holds every square:",
    "code-full-closed": "    if the stack holds every square and top is a knight's move from the start:",
    "code-report": "        report the tour; pop top to look for the next",
    "code-report-greedy": "        report the tour and stop (greedy never backtracks)",
    "code-has-next": "    else if top has an untried candidate c:",
    "code-mark": "        mark c tried (the frame's next candidate moves on)",
    "code-push": "        push c and its candidates, in the fixed move order",
    "code-push-degree": "        push c and its candidates, fewest onward moves first",
    "code-else": "    else:",
    "code-pop": "        pop top: a dead end, or all its candidates tried",
    "code-pop-closed": "        pop top: a dead end, the way back cut off, or all its candidates tried",
    "code-stuck": "        stop: stuck (greedy never pops)",
    "code-end": "report: the search is over",
}


class Text(NamedTuple):
    """A sentence: ``TEMPLATES[key]`` with ``args`` filled in (values may be ``Text``)."""

    key: str
    args: dict[str, object]

    @property
    def template(self) -> str:
        """The English template."""
        return TEMPLATES[self.key]

    def __str__(self) -> str:
        return self.template.format(**{name: str(value) for name, value in self.args.items()})


def text(key: str, **args: object) -> Text:
    """``Text(key, args)``; KeyError at once for a key with no template."""
    TEMPLATES[key]  # noqa: B018 - fail early on a typo
    return Text(key, args)


def candidate_list(board: Board, candidates: Sequence[tuple[int, int]]) -> str:
    """``e4:2 f5:3 d6:3``: squares with their degrees, in try order."""
    return " ".join(f"{board.name(square)}:{degree}" for square, degree in candidates)


# -- pops ------------------------------------------------------------------------------


def pop_reason(board: Board, pop: Pop) -> Text:
    """Why ``pop``'s square left the stack, as the engine says it (``pop.reason``)."""
    square = board.name(pop.square)
    reason = pop.reason
    if reason == PopReason.DEAD_END:
        return text("pop-dead-end", square=square)
    if reason == PopReason.EXHAUSTED:
        if pop.tried == 1:
            return text("pop-exhausted-one", square=square)
        return text("pop-exhausted", count=pop.tried, square=square)
    if reason == PopReason.CUT_OFF:
        return text("pop-cut-off", square=square)
    return text("pop-next-tour", square=square)


# -- pushes ------------------------------------------------------------------------------


def push_text(board: Board, push: Push, parent: Frame | None = None, ordered: bool = True,
              tie_break: str = "fixed") -> Text:
    """Why ``push`` was made.

    ``parent`` is the frame below the pushed square as it stood just after
    the push (its ``next`` is one past the pushed candidate); without it the
    sentence says only the square, move number and degree.  ``ordered`` is
    False for plain backtracking, which tries candidates in the fixed move
    order; ``tie_break`` names the rule that orders candidates of equal degree.
    """
    square = board.name(push.square)
    if push.step == 1:
        return text("event-push-start", square=square)
    index = parent.next - 1 if parent is not None else -1
    if parent is None or not 0 <= index < len(parent.candidates) \
            or parent.candidates[index][0] != push.square:
        return text("event-push", square=square, step=push.step, degree=push.degree)
    candidates = parent.candidates
    listed = candidate_list(board, candidates)
    if len(candidates) == 1:
        return text("event-push-only", square=square, step=push.step, parent=board.name(parent.square),
                    degree=push.degree)
    if not ordered:
        return text("event-push-fixed", square=square, step=push.step, number=index + 1,
                    count=len(candidates), candidates=listed)
    if index > 0:
        return text("event-push-next", square=square, step=push.step, degree=push.degree,
                    candidates=listed, tried=index)
    tied = sum(1 for _, degree in candidates if degree == push.degree) > 1
    if tied:
        rule = text(f"rule-{tie_break}" if f"rule-{tie_break}" in TEMPLATES else "rule-fixed")
        return text("event-push-tie", square=square, step=push.step, degree=push.degree,
                    candidates=listed, rule=rule)
    return text("event-push-lowest", square=square, step=push.step, degree=push.degree, candidates=listed)


# -- any event ----------------------------------------------------------------------------


def outcome_text(board: Board, outcome: Outcome, start: int | None = None,
                 path: Sequence[int] = ()) -> Text:
    """An outcome in one sentence (``path``: the stack when it came, for *stuck*)."""
    kind = outcome.kind
    if kind == OUTCOME_TOUR:
        return text("event-tour", number=max(1, outcome.tours), size=board.size)
    if kind == OUTCOME_STUCK:
        return text("event-stuck", square=board.name(path[-1]) if path else "?")
    if kind == OUTCOME_BUDGET:
        return text("event-budget")
    start_name = board.name(start) if start is not None else "?"
    if kind == OUTCOME_IMPOSSIBLE:
        return text("event-impossible", square=start_name)
    if outcome.tours:
        return text("event-exhausted", count=outcome.tours)
    return text("event-no-tour", square=start_name)


def event_text(board: Board, event: Event, parent: Frame | None = None, ordered: bool = True,
               tie_break: str = "fixed", start: int | None = None, path: Sequence[int] = ()) -> Text:
    """One line of the event log for ``event`` (see ``push_text`` for ``parent``)."""
    if isinstance(event, Push):
        return push_text(board, event, parent, ordered, tie_break)
    if isinstance(event, Pop):
        return text("event-pop", square=board.name(event.square), step=event.step,
                    reason=pop_reason(board, event))
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
    """
    keys = list(_CODE)
    if algorithm == "backtracking":
        keys[LINE_PUSH] = "code-push"
    if algorithm == "greedy":
        keys[LINE_REPORT] = "code-report-greedy"
        keys[LINE_POP] = "code-stuck"
    elif closed:
        keys[LINE_CANDIDATES] = "code-candidates-closed"
        keys[LINE_FULL] = "code-full-closed"
        keys[LINE_POP] = "code-pop-closed"
    return [text(key) for key in keys]


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
    if event.kind == OUTCOME_IMPOSSIBLE:
        return None
    return LINE_END
