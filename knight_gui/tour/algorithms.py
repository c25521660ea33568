"""The one registry of the search's algorithms and tie-break rules.

Every name the window, the command line, files and the search accept, with
one line of description each, the defaults, and what each algorithm does:
whether it orders candidates by Warnsdorff's rule, whether it backtracks,
whether it can aim for a closed tour, whether it takes ties in the fixed move
order whatever tie-break is asked.  The rules of these searches (how
candidates are ordered, ties broken) are in ``search.py``, stated once.
Two tours are made by other means, outside this registry's searches:
``closed.py``'s construction, and the open tour that solving from every
square falls back on (``closed.rotation_tour``: Warnsdorff's rule as a
plain greedy walk, with Pósa's rotations where it is stuck; never animated).
"""

from __future__ import annotations

#: The algorithms, each with one line of description.
ALGORITHMS: dict[str, str] = {
    "warnsdorff": "Warnsdorff's rule (fewest onward moves first) with backtracking",
    "classic": "the course programs' rule: Warnsdorff, ties in fixed move order, with backtracking",
    "backtracking": "plain depth-first search in the fixed move order, no heuristic",
    "greedy": "Warnsdorff's rule without backtracking: may get stuck",
    "construct": "closed tours by construction: base tours joined block by block (Parberry; Conrad et al.)",
}

#: Tie-break rules for candidates of equal degree; any tie left after the
#: rule goes to the fixed move order (board.MOVES).  Under ``roth`` and
#: ``lookahead`` that order is first mirrored (and on a square board turned)
#: as the board would be to bring the start into its top-left eighth, so
#: mirror-image starts give mirror-image tours.  ``lookahead`` (the default)
#: looks one move further before Roth's distance, at the degrees of each tied
#: candidate's own free onward squares (the second level Pohl broke ties at):
#: the candidate whose largest such degree is least first, then the one whose
#: least such degree is least.  benchmarks/README.md has the figures.
TIE_BREAKS: dict[str, str] = {
    "fixed": "the fixed move order (-2,+1), (-1,+2), (+1,+2), (+2,+1), (+2,-1), (+1,-2), (-1,-2), (-2,-1)",
    "roth": "the square farthest from the board's centre first (Arnd Roth); "
            "ties left go to the fixed order mirrored to the start's corner",
    "pohl": "the smallest sum of the degrees of the square's own onward squares first (Ira Pohl)",
    "lookahead": "looking one move further, the square whose onward squares' largest, then least, degree "
                 "is least first; then Roth's rule",
}

DEFAULT_ALGORITHM = "warnsdorff"
DEFAULT_TIE_BREAK = "lookahead"

#: Algorithms that take ties in the fixed move order whatever the tie-break asked
#: (``construct`` has no ties: it pushes the squares of a tour built beforehand).
FIXED_ORDER = ("classic", "backtracking", "construct")
#: Algorithms that order candidates by Warnsdorff's rule (fewest onward squares first);
#: the others try them in the fixed move order.
WARNSDORFF = ("warnsdorff", "classic", "greedy")
#: Algorithms that go back when stuck; the others stop there ("stuck").
BACKTRACKS = ("warnsdorff", "classic", "backtracking")
#: Algorithms that build their tour before the first push (tour/closed.py) and push its
#: squares in order: one candidate per frame, no backtracking, no tie-break.
CONSTRUCTED = ("construct",)
#: Algorithms that can aim for a closed tour: those that backtrack, and the construction.
CLOSED = BACKTRACKS + CONSTRUCTED
#: Closed tours: the closing-aware backtracking search finds them reliably only on boards whose
#: shorter side is at most this (from 12×12 up it runs out of any practical budget); above it
#: ``solve --closed`` with no --algorithm and the window's Closed box take the construction.
CLOSED_SEARCH_MAX_SIDE = 10


def closed_algorithm(algorithm: str, rows: int, cols: int) -> str:
    """The algorithm for a closed tour of rows×cols: the construction instead of a backtracking
    search on a board whose shorter side is over CLOSED_SEARCH_MAX_SIDE; else ``algorithm``."""
    if algorithm in BACKTRACKS and min(rows, cols) > CLOSED_SEARCH_MAX_SIDE:
        return CONSTRUCTED[0]
    return algorithm


#: Tie-breaks that try the fixed order mirrored to the start's corner.
MIRRORED = ("roth", "lookahead")


def tie_break_used(algorithm: str, tie_break: str | None = None) -> str:
    """The tie-break a search of ``algorithm`` uses when ``tie_break`` is asked (None: the default)."""
    if algorithm in FIXED_ORDER:
        return "fixed"
    return tie_break or DEFAULT_TIE_BREAK


def check(algorithm: str, tie_break: str | None, closed: bool) -> str:
    """The tie-break a search of these options uses; ValueError, saying why, if they do not go together.

    ``backtracking`` and ``construct`` keep any tie-break asked (and never use it); ``classic``
    refuses all but ``fixed``.
    """
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
    if tie_break is None:
        tie_break = tie_break_used(algorithm)
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"unknown tie-break {tie_break!r}; choose one of {', '.join(TIE_BREAKS)}")
    if algorithm == "classic" and tie_break != "fixed":
        raise ValueError("the classic algorithm always breaks ties in the fixed move order")
    if closed and algorithm not in CLOSED:
        raise ValueError("closed tours need backtracking or the construction; greedy cannot aim for one")
    return tie_break
