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

A search left running for hours makes billions of events.  Memory stays
bounded: only the newest ``RECENT_CODES`` codes stay in memory, older ones
go, ``SPILL_CODES`` at a time and compressed (they compress about tenfold),
into an anonymous temporary file that is read back when a seek or a step
goes there; and beyond ``MAX_CHECKPOINTS`` checkpoints every other one is
dropped, so the spacing doubles and a far jump replays more events.  Every
event can still be stepped to.
"""

from __future__ import annotations

import tempfile
import weakref
import zlib
from array import array
from bisect import bisect_right
from collections.abc import Iterator
from itertools import islice
from typing import IO, overload

from .board import Board
from .events import Event, Outcome, Pop, PopReason, Push
from .state import Checkpoint, TourState

#: Events between two checkpoints of the state.
CHECKPOINT_EVERY = 2048
#: Seeks over at most this many events apply or undo them one by one.
SHORT_SEEK = 64
#: Codes kept in memory (8 bytes each): the newest.  Older ones are spilled to a temporary
#: file in blocks of SPILL_CODES, compressed.
RECENT_CODES = 1 << 22
SPILL_CODES = 1 << 18
#: Checkpoints kept at most, and their bytes at most (a checkpoint holds the path: 13 bytes a
#: square): beyond either, every other one is dropped (the first always stays).
MAX_CHECKPOINTS = 4096
MAX_CHECKPOINT_BYTES = 48 << 20

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


def _checkpoint_size(checkpoint: Checkpoint) -> int:
    return 200 + 13 * len(checkpoint.path)


class History:
    """The events of one search so far, and ``state``: the board after the first ``pos`` of them."""

    def __init__(self, board: Board, checkpoint_every: int | None = None) -> None:
        self.board = board
        self.every = checkpoint_every or CHECKPOINT_EVERY
        self.outcomes: list[Outcome] = []  #: every outcome recorded, in order
        self._codes = array("q")  # the newest codes: event ``spilled + i`` is ``_codes[i]``
        self.spilled = 0  #: the oldest events, whose codes are in the temporary file
        self._file: IO[bytes] | None = None
        self._blocks: list[tuple[int, int]] = []  # (offset, size) in the file of each block, compressed
        self._block: tuple[int, array[int]] = (-1, array("q"))  # the block read last, decompressed
        self._records = array("q")  # shared with the state: see TourState
        self.state = TourState(board, self._records)
        self._checkpoints: list[Checkpoint] = [self.state.checkpoint()]  # at multiples of ``every`` events
        self._checkpoint_at: list[int] = [0]  # the events of each checkpoint, for bisect
        self._checkpoint_bytes = 0  # what the checkpoints hold, roughly

    # -- reading: events, never codes ----------------------------------------------

    def __len__(self) -> int:
        return self.spilled + len(self._codes)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        outcomes = self.outcomes
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return [decode(self._code(i), outcomes) for i in range(start, stop, step)]
            return [decode(code, outcomes) for code in self._slice(start, stop)]
        return decode(self._code(index), outcomes)

    def __iter__(self) -> Iterator[Event]:
        outcomes = self.outcomes
        for start in range(0, len(self), SPILL_CODES):
            yield from (decode(code, outcomes) for code in self._slice(start, start + SPILL_CODES))

    def frozen(self, start: int, stop: int) -> Recording:
        """Events ``start .. stop - 1`` as they are now: a ``Recording``, read as often as needed.

        The codes and outcomes are copied at once (an array copy, in C), so another thread may read
        the events while this history goes on: a worker writing a trace of millions of events, or
        animating them, makes them there, not on the thread that asked.
        """
        return Recording(array("q", self._slice(start, min(stop, len(self)))), list(self.outcomes))

    def kind(self, index: int) -> type[Push] | type[Pop] | type[Outcome]:
        """The class of event ``index`` (without making the event)."""
        return _KINDS[self._code(index) & 3]

    # -- the codes, in memory or spilled -------------------------------------------------

    def _code(self, index: int) -> int:
        """The code of event ``index`` (negative: from the end; IndexError outside)."""
        if index < 0:
            index += len(self)
        if index >= self.spilled:
            return self._codes[index - self.spilled]
        if index < 0:
            raise IndexError("history index out of range")
        return self._spilled_block(index // SPILL_CODES)[index % SPILL_CODES]

    def _slice(self, start: int, stop: int) -> array[int]:
        """The codes of events ``start .. stop - 1`` (within 0 .. len(history))."""
        spilled = self.spilled
        if start >= spilled:
            return self._codes[start - spilled:stop - spilled]
        codes = array("q")
        while start < min(stop, spilled):
            k, first = divmod(start, SPILL_CODES)
            block = self._spilled_block(k)
            part = block[first:min(stop - k * SPILL_CODES, SPILL_CODES)]
            codes.extend(part)
            start += len(part)
        if stop > spilled:
            codes.extend(self._codes[:stop - spilled])
        return codes

    def _spilled_block(self, k: int) -> array[int]:
        if self._block[0] != k:
            assert self._file is not None
            offset, size = self._blocks[k]
            self._file.seek(offset)
            block = array("q")
            block.frombytes(zlib.decompress(self._file.read(size)))
            self._block = (k, block)
        return self._block[1]

    def _spill(self) -> None:
        """Move the oldest codes beyond RECENT_CODES to the temporary file, a block at a time."""
        codes = self._codes
        while len(codes) >= RECENT_CODES + SPILL_CODES:
            if self._file is None:
                self._file = tempfile.TemporaryFile(prefix="knight-tour-history-")
                weakref.finalize(self, self._file.close)  # closed with the history, if not before
            data = zlib.compress(codes[:SPILL_CODES].tobytes(), 1)
            offset = self._file.seek(0, 2)
            self._file.write(data)
            self._blocks.append((offset, len(data)))
            del codes[:SPILL_CODES]
            self.spilled += SPILL_CODES

    def close(self) -> None:
        """Let the temporary file go now (it goes with the history anyway)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    @property
    def pos(self) -> int:
        """Events applied to ``state``: it shows the board after event ``pos - 1``."""
        return self.state.events

    @property
    def at_head(self) -> bool:
        """Whether ``state`` is after the newest event recorded."""
        return self.state.events == self.spilled + len(self._codes)

    def last_event(self) -> Event | None:
        """The event that led to ``state`` (None before the first)."""
        pos = self.state.events
        return decode(self._code(pos - 1), self.outcomes) if pos else None

    def recent(self, count: int) -> list[tuple[int, Event]]:
        """The last ``count`` events up to ``pos`` as (index, event), oldest first."""
        pos = self.state.events
        first = max(0, pos - count)
        return list(enumerate(self[first:pos], first))

    def nbytes(self) -> int:
        """Memory held by the codes and the checkpoints, roughly (not the spilled codes)."""
        return self._codes.itemsize * (len(self._codes) + len(self._block[1])) + self._checkpoint_bytes

    def spilled_bytes(self) -> int:
        """Bytes of the temporary file: the spilled codes, compressed."""
        return sum(size for _, size in self._blocks)

    @property
    def checkpoints(self) -> int:
        """Checkpoints kept."""
        return len(self._checkpoints)

    # -- recording --------------------------------------------------------------------

    def record(self, event: Event) -> None:
        """Append ``event`` to the history; ``state`` stays where it is."""
        self._codes.append(encode(event, self.outcomes))
        if len(self._codes) >= RECENT_CODES + SPILL_CODES:
            self._spill()

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
        result = self._record_from(events, count, stop_at_pop, stop_at_step)
        if len(self._codes) >= RECENT_CODES + SPILL_CODES:
            self._spill()
        return result

    def _record_from(self, events: Iterator[Event], count: int, stop_at_pop: bool,
                     stop_at_step: int) -> tuple[int, bool]:
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
        step_code = stop_at_step << 8
        for i, code in enumerate(self._slice(start, min(stop, len(self))), start):
            kind = code & 3
            if kind == _PUSH:
                if code & (_STEP << 8) == step_code:
                    return i + 1
            elif kind == _OUTCOME or stop_at_pop:
                return i + 1
        return None

    def pushes(self, start: int, stop: int) -> Iterator[tuple[int, int, int]]:
        """(index, move, square) of each push among events ``start .. stop - 1``, read from the
        codes (no event is made: several times faster than reading ``history[start:stop]``)."""
        for i, code in enumerate(self._slice(start, min(stop, len(self))), start):
            if not code & 3:  # (_PUSH)
                yield i, (code >> 8) & _STEP, code >> 32

    def popped(self, start: int, stop: int, limit: int = 8) -> list[int]:
        """The squares popped by events ``start .. stop - 1``: the last ``limit`` of them, oldest first.

        Looks back over at most 65,536 events (flashes for the newest pops only).
        """
        stop = min(stop, len(self))
        squares: list[int] = []
        for code in reversed(self._slice(max(start, stop - 65536), stop)):
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
        if not (self.spilled + len(codes)) % self.every:
            self._keep_checkpoint()
        if len(codes) >= RECENT_CODES + SPILL_CODES:
            self._spill()

    # -- moving the state -------------------------------------------------------------------

    def forward(self) -> Event:
        """Apply the next recorded event to ``state`` and return it (IndexError at the head)."""
        state = self.state
        pos = state.events
        code = self._code(pos)  # (IndexError at the head)
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
        code = self._code(pos)
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
        checkpoint = self._checkpoint_before(pos)
        wanted = step << 8 | _PUSH
        mask = _STEP << 8 | 3
        stop = pos
        while stop > checkpoint.events:  # back a few thousand codes at a time
            start = max(checkpoint.events, stop - 4096)
            codes = self._slice(start, stop)
            for i in range(len(codes) - 1, -1, -1):
                if codes[i] & mask == wanted:
                    return start + i
            stop = start
        return checkpoint.pushed_at[step - 1]

    def _checkpoint_before(self, pos: int) -> Checkpoint:
        """The last checkpoint at or before event ``pos``."""
        return self._checkpoints[bisect_right(self._checkpoint_at, pos) - 1]

    def seek(self, pos: int) -> None:
        """Put ``state`` after the first ``pos`` events (0 .. len(history), clamped).

        Short moves apply or undo events one by one; longer jumps restore the
        nearest checkpoint at or before ``pos`` and replay from there.
        """
        pos = max(0, min(pos, len(self)))
        here = self.state.events
        if abs(pos - here) <= SHORT_SEEK:
            while here > pos:
                self.backward()
                here -= 1
            while here < pos:
                self.forward()
                here += 1
            return
        checkpoint = self._checkpoint_before(pos)
        if not checkpoint.events <= here <= pos:
            self.state.restore(checkpoint, self.outcomes)
        self._replay(pos)

    def _replay(self, target: int) -> None:
        """Move ``state`` forward to ``target`` straight from the codes, keeping checkpoints on the way."""
        state = self.state
        push, pop, report = state.push, state.pop, state.report
        outcomes, every = self.outcomes, self.every
        pos = state.events
        while pos < target:
            stop = min(target, (pos // every + 1) * every)
            for code in self._slice(pos, stop):
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
        """Keep a checkpoint of ``state`` (at a multiple of ``every``) if it is past the last one kept.

        Beyond MAX_CHECKPOINTS every other one is dropped (the first stays).
        """
        events = self.state.events
        if events > self._checkpoint_at[-1]:  # (the state moves on one event at a time from a checkpoint)
            self._checkpoints.append(self.state.checkpoint())
            self._checkpoint_at.append(events)
            self._checkpoint_bytes += _checkpoint_size(self._checkpoints[-1])
            if len(self._checkpoints) > MAX_CHECKPOINTS or self._checkpoint_bytes > MAX_CHECKPOINT_BYTES:
                del self._checkpoints[1::2], self._checkpoint_at[1::2]
                self._checkpoint_bytes = sum(map(_checkpoint_size, self._checkpoints))


class Recording:
    """Events of a history copied as codes (``History.frozen``): each iteration makes them anew,
    one at a time, so a reader on another thread may go through them twice (count, then draw)."""

    __slots__ = ("_codes", "_outcomes")

    def __init__(self, codes: array[int], outcomes: list[Outcome]) -> None:
        self._codes = codes
        self._outcomes = outcomes

    def __len__(self) -> int:
        return len(self._codes)

    def __iter__(self) -> Iterator[Event]:
        outcomes = self._outcomes
        return (decode(code, outcomes) for code in self._codes)
