"""The history of a search: every event as one packed int, checkpoints, seek and replay.

A ``History`` records the events a search yields, one int per event in an
``array`` (an 8x8 plain backtracking run of millions of events takes a few
tens of MB), and keeps ``state``, the ``TourState`` at some position in it,
which it moves both ways: ``forward`` and ``backward`` one event, ``seek``
anywhere.  Every ``CHECKPOINT_EVERY`` events it keeps a checkpoint of the
state, so a jump restores the nearest checkpoint before its target and
replays at most that many events: a few milliseconds, however long the
history is.

Readers see events, never codes: ``history[i]`` is the ``i``-th event
(``Push``, ``Pop`` or ``Outcome``, move number included), ``kind(i)`` its
class, ``recent(count)`` the events just before the state's position.

Recording and showing are apart: ``record`` only appends an event, and the
state catches up whenever it is moved (``seek(len(history))``); ``append``
does both at once for a state kept at the head.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from itertools import islice
from typing import overload

from .board import Board
from .events import Event, Outcome, Pop, PopReason, Push
from .state import Checkpoint, TourState

#: Events between two checkpoints of the state.
CHECKPOINT_EVERY = 2048
#: Seeks over at most this many events apply or undo them one by one.
SHORT_SEEK = 64

# One int per event.  The two low bits say what it is:
#   push:    0 | degree << 2 | step << 8 | square << 32
#   pop:     1 | tried << 2 | reason << 6 | step << 8 | square << 32
#   outcome: 2 | its index in ``outcomes`` << 2
# Degrees and tries are at most 8, moves and squares fewer than 2**24 (a side
# is at most 2000 squares).
_PUSH, _POP, _OUTCOME = 0, 1, 2
_STEP = (1 << 24) - 1
_REASONS = tuple(PopReason)  # by value: indexing is much faster than calling the enum
_KINDS: tuple[type[Push], type[Pop], type[Outcome]] = (Push, Pop, Outcome)


def encode(event: Event, outcomes: list[Outcome]) -> int:
    """The code of ``event``; an outcome is appended to ``outcomes`` and coded by its index there."""
    if type(event) is Push:
        return event.square << 32 | event.step << 8 | event.degree << 2 | _PUSH
    if type(event) is Pop:
        return event.square << 32 | event.step << 8 | event.reason << 6 | event.tried << 2 | _POP
    assert type(event) is Outcome
    outcomes.append(event)
    return (len(outcomes) - 1) << 2 | _OUTCOME


def decode(code: int, outcomes: list[Outcome]) -> Event:
    """The event ``code`` stands for (``outcomes`` as ``encode`` left them)."""
    kind = code & 3
    if kind == _PUSH:
        return Push(code >> 32, (code >> 8) & _STEP, (code >> 2) & 15)
    if kind == _POP:
        return Pop(code >> 32, (code >> 8) & _STEP, _REASONS[(code >> 6) & 3], (code >> 2) & 15)
    return outcomes[code >> 2]


class History:
    """The events of one search so far, and ``state``: the board after the first ``pos`` of them."""

    def __init__(self, board: Board, checkpoint_every: int | None = None) -> None:
        self.board = board
        self.every = checkpoint_every or CHECKPOINT_EVERY
        self.outcomes: list[Outcome] = []  #: every outcome recorded, in order
        self._codes = array("q")
        self._records = array("q")  # shared with the state: see TourState
        self.state = TourState(board, self._records)
        self._checkpoints: list[Checkpoint] = [self.state.checkpoint()]  # the k-th after k * every events

    # -- reading: events, never codes ----------------------------------------------

    def __len__(self) -> int:
        return len(self._codes)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            outcomes = self.outcomes
            return [decode(code, outcomes) for code in self._codes[index]]
        return decode(self._codes[index], self.outcomes)

    def __iter__(self) -> Iterator[Event]:
        outcomes = self.outcomes
        return (decode(code, outcomes) for code in self._codes)

    def kind(self, index: int) -> type[Push] | type[Pop] | type[Outcome]:
        """The class of event ``index`` (without making the event)."""
        return _KINDS[self._codes[index] & 3]

    @property
    def pos(self) -> int:
        """Events applied to ``state``: it shows the board after event ``pos - 1``."""
        return self.state.events

    @property
    def at_head(self) -> bool:
        """Whether ``state`` is after the newest event recorded."""
        return self.state.events == len(self._codes)

    def last_event(self) -> Event | None:
        """The event that led to ``state`` (None before the first)."""
        pos = self.state.events
        return decode(self._codes[pos - 1], self.outcomes) if pos else None

    def recent(self, count: int) -> list[tuple[int, Event]]:
        """The last ``count`` events up to ``pos`` as (index, event), oldest first."""
        pos = self.state.events
        first = max(0, pos - count)
        return list(enumerate(self[first:pos], first))

    def nbytes(self) -> int:
        """Memory held by the codes and the checkpoints, roughly."""
        return self._codes.itemsize * len(self._codes) + sum(
            64 + 13 * len(c.path) for c in self._checkpoints)

    @property
    def checkpoints(self) -> int:
        """Checkpoints kept."""
        return len(self._checkpoints)

    # -- recording --------------------------------------------------------------------

    def record(self, event: Event) -> None:
        """Append ``event`` to the history; ``state`` stays where it is."""
        self._codes.append(encode(event, self.outcomes))

    def record_from(self, events: Iterator[Event], count: int, stop_at_pop: bool = False,
                    stop_at_step: int = 0) -> tuple[int, bool]:
        """Record up to ``count`` events pulled from ``events``; ``state`` stays where it is.

        The fast path of a run: nothing but the packing is done per event,
        and the state catches up once afterwards (``seek(len(history))``).
        Stops just after an outcome, after a pop if ``stop_at_pop``, or after
        the push of move ``stop_at_step`` (0: none).  Returns (events
        recorded, whether it stopped there); fewer than ``count`` events
        without a stop means ``events`` ran out.
        """
        codes = self._codes
        append = codes.append
        before = len(codes)
        for event in islice(events, count):
            if type(event) is Push:
                square, step, degree = event
                append(square << 32 | step << 8 | degree << 2)
                if step == stop_at_step:
                    return len(codes) - before, True
            elif type(event) is Pop:
                square, step, reason, tried = event
                append(square << 32 | step << 8 | reason << 6 | tried << 2 | _POP)
                if stop_at_pop:
                    return len(codes) - before, True
            else:
                append(encode(event, self.outcomes))
                return len(codes) - before, True
        return len(codes) - before, False

    def next_stop(self, start: int, stop: int, stop_at_pop: bool = False,
                  stop_at_step: int = 0) -> int | None:
        """The position just after the first recorded event in ``start .. stop - 1`` that a run stops at.

        What stops it is what stops ``record_from``: an outcome, a pop if
        ``stop_at_pop``, the push of move ``stop_at_step``.  None if no event there does.
        """
        codes = self._codes
        step_code = stop_at_step << 8
        for i in range(start, min(stop, len(codes))):
            code = codes[i]
            kind = code & 3
            if kind == _PUSH:
                if code & (_STEP << 8) == step_code:
                    return i + 1
            elif kind == _OUTCOME or stop_at_pop:
                return i + 1
        return None

    def popped(self, start: int, stop: int, limit: int = 8) -> list[int]:
        """The squares popped by events ``start .. stop - 1``: the last ``limit`` of them, oldest first.

        Looks back over at most 65,536 events (flashes for the newest pops only).
        """
        codes = self._codes
        squares: list[int] = []
        for i in range(min(stop, len(codes)) - 1, max(start, stop - 65536) - 1, -1):
            code = codes[i]
            if code & 3 == _POP:
                squares.append(code >> 32)
                if len(squares) == limit:
                    break
        squares.reverse()
        return squares

    def append(self, event: Event) -> None:
        """Record ``event`` and apply it to ``state``, which is at the head (trusted: no checks)."""
        state = self.state
        codes = self._codes
        if type(event) is Push:
            codes.append(event.square << 32 | event.step << 8 | event.degree << 2 | _PUSH)
            state.push(event.square)
        elif type(event) is Pop:
            codes.append(event.square << 32 | event.step << 8 | event.reason << 6 | event.tried << 2 | _POP)
            state.pop(event.reason)
        else:
            assert type(event) is Outcome
            codes.append(encode(event, self.outcomes))
            state.report(event)
        if not len(codes) % self.every:
            self._keep_checkpoint()

    # -- moving the state -------------------------------------------------------------------

    def forward(self) -> Event:
        """Apply the next recorded event to ``state`` and return it (IndexError at the head)."""
        state = self.state
        pos = state.events
        code = self._codes[pos]
        event = decode(code, self.outcomes)
        kind = code & 3
        if kind == _PUSH:
            state.push(code >> 32)
        elif kind == _POP:
            state.pop((code >> 6) & 3)
        else:
            state.report(self.outcomes[code >> 2])
        if not (pos + 1) % self.every:
            self._keep_checkpoint()
        return event

    def backward(self) -> Event:
        """Undo the last event applied to ``state`` and return it (IndexError at 0)."""
        state = self.state
        pos = state.events - 1
        if pos < 0:
            raise IndexError("no event to undo")
        code = self._codes[pos]
        kind = code & 3
        if kind == _PUSH:
            state.unpush()
        elif kind == _POP:
            step = (code >> 8) & _STEP
            state.unpop(code >> 32, (code >> 6) & 3, (code >> 2) & 15, self._push_index(pos, step))
        else:
            state.unreport()
        return decode(code, self.outcomes)

    def _push_index(self, pos: int, step: int) -> int:
        """The index of the push of the frame of move ``step`` on the stack just before event ``pos``.

        The last push of that move before ``pos``; if it is older than the
        checkpoint before ``pos``, that checkpoint has it.
        """
        codes = self._codes
        checkpoint = self._checkpoints[min(pos // self.every, len(self._checkpoints) - 1)]
        for i in range(pos - 1, checkpoint.events - 1, -1):
            code = codes[i]
            if code & 3 == _PUSH and (code >> 8) & _STEP == step:
                return i
        return checkpoint.pushed_at[step - 1]

    def seek(self, pos: int) -> None:
        """Put ``state`` after the first ``pos`` events (0 .. len(history), clamped).

        Short moves apply or undo events one by one; longer jumps restore the
        nearest checkpoint at or before ``pos`` and replay from there.
        """
        pos = max(0, min(pos, len(self._codes)))
        here = self.state.events
        if abs(pos - here) <= SHORT_SEEK:
            while here > pos:
                self.backward()
                here -= 1
            while here < pos:
                self.forward()
                here += 1
            return
        checkpoint = self._checkpoints[min(pos // self.every, len(self._checkpoints) - 1)]
        if not checkpoint.events <= here <= pos:
            self.state.restore(checkpoint, self.outcomes)
        self._replay(pos)

    def _replay(self, target: int) -> None:
        """Move ``state`` forward to ``target`` straight from the codes, keeping checkpoints on the way."""
        state = self.state
        push, pop, report = state.push, state.pop, state.report
        outcomes, codes, every = self.outcomes, self._codes, self.every
        pos = state.events
        while pos < target:
            stop = min(target, (pos // every + 1) * every)
            for code in codes[pos:stop]:
                kind = code & 3
                if kind == _PUSH:
                    push(code >> 32)
                elif kind == _POP:
                    pop((code >> 6) & 3)
                else:
                    report(outcomes[code >> 2])
            pos = stop
            if not pos % every:
                self._keep_checkpoint()

    def _keep_checkpoint(self) -> None:
        """Keep a checkpoint of ``state`` (at a multiple of ``every``) unless one is kept there."""
        if self.state.events // self.every == len(self._checkpoints):
            self._checkpoints.append(self.state.checkpoint())
