"""A saved tour's event trace, checked the same way for ``show`` and the window.

The ``trace`` key of a saved-tour file (``knight_gui.tour.text``) holds every
event of the search up to the saved moment, one small array each::

    ["+", row, col, degree]           a push: the knight moves onto (row, col)
    ["-", row, col, reason, tried]    a pop: it backtracks off (row, col)
    ["=", kind, tours, code, reason]  an outcome (a sixth item: the reason's arguments)

``parse_trace`` turns it into events, checked to be a search a ``TourState``
can replay, and ``trace_misfit`` says whether it ends on the saved path and
counters.  The command line's ``show`` and the window's Open call both, so a
file one refuses the other refuses too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from .board import Board
from .events import Event, Outcome, Pop, PopReason, Push
from .messages import Message, MessageError, is_valid
from .state import ReplayError, TourState

#: Longest trace written or read (events); a longer search is saved without it.
TRACE_LIMIT = 2_000_000


class TraceError(MessageError, ValueError):
    """A trace that is not a search this program can replay; ``str()`` says why (one line, in
    English), ``message`` the same as a ``Message``."""

def event_json(board: Board, event: Event) -> str:
    """One event as a compact JSON array (see the module docstring)."""
    if isinstance(event, Push):
        r, c = divmod(event.square, board.cols)
        return f'["+",{r},{c},{event.degree}]'
    if isinstance(event, Pop):
        r, c = divmod(event.square, board.cols)
        return f'["-",{r},{c},{int(event.reason)},{event.tried}]'
    return json.dumps(["=", event.kind, event.tours, event.code, event.reason, list(event.args)],
                      ensure_ascii=False)


def file_outcome(kind: str, code: str, args: object, reason: str, tours: int) -> Outcome:
    """An outcome read from a file: its code and arguments if they make a message we know, else
    its English ``reason`` as written (older files have no arguments)."""
    if isinstance(args, list) and all(type(a) in (int, str) for a in args) and is_valid(code, tuple(args)):
        return Outcome(kind, code, tuple(args), tours)
    return Outcome(kind, "verbatim", (reason,), tours)


def parse_trace(board: Board, raw: object, limit: int = TRACE_LIMIT,
                check: Callable[[int, int], None] | None = None) -> tuple[list[Event], TourState]:
    """The events of a ``trace`` value and the state they lead to; TraceError when it is not a search.

    One pass: exact type checks, the state applied as the events are made.
    ``check(done, total)`` is called every 65,536 events (a worker's progress
    and cancel check).
    """
    if not isinstance(raw, list):
        raise TraceError(Message("trace-not-a-list"))
    if len(raw) > limit:
        raise TraceError(Message("trace-too-long", (f"{len(raw):,}", f"{limit:,}")))
    state = TourState(board)
    apply = state.apply
    path = state.path
    events: list[Event] = []
    append = events.append
    rows, cols = board.rows, board.cols
    reasons = {int(r): r for r in PopReason}
    k = 0
    try:
        for k, item in enumerate(raw, 1):  # noqa: B007 - k names the event in messages
            if check is not None and not k & 0xFFFF:
                check(k, 2 * len(raw))
            if type(item) is not list or not item:
                raise TraceError(Message("trace-not-an-event", (k,)))
            tag = item[0]
            if tag == "+" or tag == "-":
                if len(item) != (4 if tag == "+" else 5):
                    raise TraceError(Message("trace-malformed", (k,)))
                r, c, v = item[1], item[2], item[3]
                if type(r) is not int or type(c) is not int or type(v) is not int:
                    raise TraceError(Message("trace-malformed", (k,)))
                if not (0 <= r < rows and 0 <= c < cols):
                    raise TraceError(Message("trace-off-board", (k,)))
                if tag == "+":
                    if not 0 <= v <= 15:
                        raise TraceError(Message("trace-malformed", (k,)))
                    event: Event = Push(r * cols + c, len(path) + 1, v)
                else:
                    tried = item[4]
                    if v not in reasons or type(tried) is not int or not 0 <= tried <= 15:
                        raise TraceError(Message("trace-malformed-pop", (k,)))
                    event = Pop(r * cols + c, len(path), reasons[v], tried)
            elif tag == "=":
                if (len(item) not in (5, 6) or type(item[1]) is not str or type(item[2]) is not int
                        or type(item[3]) is not str or type(item[4]) is not str or item[2] < 0):
                    raise TraceError(Message("trace-malformed-outcome", (k,)))
                event = file_outcome(item[1], item[3], item[5] if len(item) == 6 else None, item[4], item[2])
            else:
                raise TraceError(Message("trace-not-an-event", (k,)))
            apply(event)
            append(event)
    except ReplayError as error:
        raise TraceError(Message("trace-misfit-at", (k, error.message))) from None
    return events, state


def trace_misfit(start: int, path: Sequence[int], pushes: int, pops: int, trace: Sequence[Event],
                 state: TourState) -> Message | None:
    """Why a parsed trace does not end on a file's path and counters, or None when it does."""
    if list(state.path) != list(path) or (state.pushes, state.pops) != (pushes, pops):
        return Message("trace-end-misfit")
    # (An impossible start's trace is its outcome alone: no push, and the counters above are 0.)
    first = trace[0] if trace else None
    if isinstance(first, Push) and pushes and first != Push(start, 1, first.degree):
        return Message("trace-start-misfit")
    return None


__all__ = ["TRACE_LIMIT", "TraceError", "event_json", "file_outcome", "parse_trace", "trace_misfit"]
