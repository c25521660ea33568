"""The pure model: boards, the search as an event generator, rules, validation, text.

Nothing in this package imports Qt (a test enforces it), so the command line
and scripts load it fast and it can run anywhere.
"""

from .algorithms import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    DEFAULT_TIE_BREAK,
    FIXED_ORDER,
    TIE_BREAKS,
    tie_break_used,
)
from .board import MAX_SIDE, MOVES, Board, BoardError, Square
from .events import (
    OUTCOME_BUDGET,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_NO_TOUR,
    OUTCOME_STUCK,
    OUTCOME_TOUR,
    OUTCOMES,
    Event,
    Outcome,
    Pop,
    PopReason,
    Push,
)
from .rules import Verdict, closed_tour_exists, impossible, open_tour_exists
from .search import Frame, Search, Snapshot

__all__ = [
    "ALGORITHMS", "DEFAULT_ALGORITHM", "DEFAULT_TIE_BREAK", "FIXED_ORDER", "MAX_SIDE", "MOVES", "OUTCOMES",
    "OUTCOME_BUDGET", "OUTCOME_IMPOSSIBLE", "OUTCOME_NO_TOUR", "OUTCOME_STUCK", "OUTCOME_TOUR",
    "TIE_BREAKS", "Board", "BoardError", "Event", "Frame", "Outcome", "Pop", "PopReason", "Push",
    "Search", "Snapshot", "Square", "Verdict", "closed_tour_exists", "impossible",
    "open_tour_exists", "tie_break_used",
]
