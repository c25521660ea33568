"""What one search from one start square came to, and the engine loop that finds it.

``solve_start`` runs the engine from one start to its first outcome (the
same loop as ``knight-tour solve --all``), looking at a cancel token every
``CHUNK`` events.  Every square, Compare and the heatmap share its
``StartResult`` and the words and colours of its outcomes.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice

from PySide6.QtCore import QCoreApplication

from ...tour import (
    OUTCOME_BUDGET,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_NO_TOUR,
    OUTCOME_STUCK,
    OUTCOME_TOUR,
    Board,
    Outcome,
    Search,
)
from ...tour.messages import Arg
from ..i18n import outcome_reason
from ..player import SearchConfig
from ..workers import CancelToken

#: Events between two looks at the cancel token: a few milliseconds of search.
CHUNK = 4096
#: Pushes allowed per start square (plain backtracking gets less: it rarely needs more to say no).
DEFAULT_BUDGET = 1_000_000
BACKTRACKING_BUDGET = 100_000
MAX_BUDGET = 2_000_000_000

METRIC_OUTCOME = "outcome"
METRIC_PUSHES = "pushes"
METRIC_POPS = "pops"
METRIC_TIME = "time"
METRICS = (METRIC_OUTCOME, METRIC_PUSHES, METRIC_POPS, METRIC_TIME)

#: Colours of outcomes in the heatmap, legend and tables.
OUTCOME_COLOURS: dict[str, str] = {
    OUTCOME_TOUR: "#43a047",
    OUTCOME_NO_TOUR: "#e53935",
    OUTCOME_BUDGET: "#9e9e9e",
    OUTCOME_IMPOSSIBLE: "#546e7a",
    OUTCOME_STUCK: "#fb8c00",
}
#: Short marks of outcomes on squares large enough for text.
OUTCOME_MARKS: dict[str, str] = {
    OUTCOME_TOUR: "✓", OUTCOME_NO_TOUR: "✗", OUTCOME_BUDGET: "?", OUTCOME_IMPOSSIBLE: "—",
    OUTCOME_STUCK: "!",
}


def outcome_name(kind: str) -> str:
    """An outcome as people say it (translated)."""
    tr = QCoreApplication.translate
    return {
        OUTCOME_TOUR: tr("Analysis", "tour"),
        OUTCOME_NO_TOUR: tr("Analysis", "no tour"),
        OUTCOME_BUDGET: tr("Analysis", "out of budget"),
        OUTCOME_IMPOSSIBLE: tr("Analysis", "impossible"),
        OUTCOME_STUCK: tr("Analysis", "stuck"),
    }.get(kind, kind)


def default_budget(algorithm: str) -> int:
    """The per-start budget offered for an algorithm."""
    return BACKTRACKING_BUDGET if algorithm == "backtracking" else DEFAULT_BUDGET


def result_reason(board: Board, result: StartResult) -> str:
    """Why the search from ``result.start`` ended, in the installed language."""
    return outcome_reason(result.as_outcome())


def format_ms(seconds: float) -> str:
    """Milliseconds, as many digits as mean something."""
    ms = seconds * 1000
    return f"{ms:.2f}" if ms < 10 else f"{ms:.1f}" if ms < 100 else f"{ms:,.0f}"


# -- the engine loop ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartResult:
    """What one search from one start square came to (its first outcome)."""

    start: int
    outcome: str  #: one of the OUTCOME_* kinds
    code: str
    args: tuple[Arg, ...]  #: the code's arguments (``tour.messages``)
    pushes: int
    pops: int
    dead_ends: int
    max_depth: int
    seconds: float
    end: int = -1  #: where a stuck search got stuck (-1: not stuck)

    @property
    def reason(self) -> str:
        """Why the search ended, in English."""
        return self.as_outcome().reason

    def as_outcome(self) -> Outcome:
        """The outcome this start came to."""
        return Outcome(self.outcome, self.code, self.args, 1 if self.outcome == OUTCOME_TOUR else 0)

    @property
    def ran_out(self) -> bool:
        """Whether the start's budget ran out before an answer."""
        return self.outcome == OUTCOME_BUDGET

    def value(self, metric: str) -> float:
        """The number a numeric heatmap shows."""
        if metric == METRIC_PUSHES:
            return self.pushes
        if metric == METRIC_POPS:
            return self.pops
        if metric == METRIC_TIME:
            return self.seconds
        raise ValueError(f"{metric!r} is not a numeric metric")


def solve_start(config: SearchConfig, start: int, max_nodes: int | None = None,
                token: CancelToken | None = None) -> StartResult | None:
    """Search from ``start`` to the first outcome; None if ``token`` was cancelled first.

    The loop is the command line's (``for event in search``) cut into chunks of
    CHUNK events, with a look at ``token`` between chunks.  ``seconds`` is
    the command line's too (``knight-tour solve``: the Search's set-up
    included) with one difference: the tables the engine keeps from one search
    of a board to the next (the padded board with each square's degree; the
    construction's closed tour) are made before the clock starts
    (``warm_up``), so that the first row of Compare, or the first start of
    Every square, is not charged what the next one is not (the CLI's
    ``solve --all`` pays it on its first start only).
    """
    warm_up(config, start)
    began = time.perf_counter()
    search = Search(config.board, start, config.algorithm, config.tie_break, config.closed,
                    max_nodes=max_nodes)
    events = iter(search)
    outcome: Outcome | None = None
    while outcome is None:
        moved = search.pushes + search.pops
        for event in islice(events, CHUNK):
            if event.__class__ is Outcome:
                outcome = event
                break
        else:
            if search.pushes + search.pops == moved:
                raise RuntimeError("the search ended without an outcome")
            if token is not None and token.cancelled:
                return None
    seconds = time.perf_counter() - began
    end = search.frame(-1).square if outcome.kind == OUTCOME_STUCK and search.depth else -1
    return StartResult(start, outcome.kind, outcome.code, outcome.args, search.pushes, search.pops,
                       search.dead_ends, search.max_depth, seconds, end)


def warm_up(config: SearchConfig, start: int) -> None:
    """Have the engine make (and keep) the tables this search shares with others of its board, untimed.

    Creating the event generator makes them (``search._empty_board``, and for the
    construction ``closed._cycle``) without running a step of the search.
    """
    iter(Search(config.board, start, config.algorithm, config.tie_break, config.closed, max_nodes=1))


def summary(results: Sequence[StartResult]) -> dict[str, int]:
    """How many starts came to each outcome."""
    tally = dict.fromkeys(OUTCOME_COLOURS, 0)
    for r in results:
        tally[r.outcome] = tally.get(r.outcome, 0) + 1
    return tally
