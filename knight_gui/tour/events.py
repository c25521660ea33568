"""The events a solver yields: one per push, one per pop, and outcomes.

Events are small immutable tuples, cheap to make by the million.  A whole
search is a transcript of them; the window, the command line, statistics and
tests are all consumers of that one stream.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from .messages import Arg, Message, english


class PopReason(IntEnum):
    """Why a square is taken off the stack."""

    DEAD_END = 0  #: the square has no unvisited onward square
    EXHAUSTED = 1  #: every candidate of the square has been tried
    CUT_OFF = 2  #: closed tours: every onward square would cut off the way back to the start
    NEXT_TOUR = 3  #: a tour was reported; the search goes on for the next one


class Push(NamedTuple):
    """The knight moves onto ``square`` as move number ``step`` (1-based).

    ``degree`` is the square's Warnsdorff degree when it was chosen: the
    number of unvisited squares a knight could go on to from it.
    """

    square: int
    step: int
    degree: int


class Pop(NamedTuple):
    """The knight backtracks off ``square``, which was move ``step``.

    ``tried`` is how many of the square's candidates were tried, ``reason``
    why it is popped.
    """

    square: int
    step: int
    reason: PopReason
    tried: int


class Outcome(NamedTuple):
    """A verdict of the search.

    ``kind`` is one of the OUTCOME_* strings.  Only ``tour`` may be followed
    by more events: going on with the generator after it searches for the
    next different tour.  ``code`` and ``args`` say why, as a message of
    ``tour.messages`` (``reason`` words it in English); ``tours`` counts the
    tours found so far.
    """

    kind: str
    code: str
    args: tuple[Arg, ...]  # (a student's solver's reason is a message itself)
    tours: int

    @property
    def reason(self) -> str:
        """Why, in English."""
        return english(self.code, self.args)

    @property
    def message(self) -> Message:
        """Why, as a message to word in any language."""
        return Message(self.code, self.args)


OUTCOME_TOUR = "tour"
OUTCOME_NO_TOUR = "no-tour"
OUTCOME_IMPOSSIBLE = "impossible"
OUTCOME_STUCK = "stuck"
OUTCOME_BUDGET = "budget"
OUTCOMES = (OUTCOME_TOUR, OUTCOME_NO_TOUR, OUTCOME_IMPOSSIBLE, OUTCOME_STUCK, OUTCOME_BUDGET)

Event = Push | Pop | Outcome
