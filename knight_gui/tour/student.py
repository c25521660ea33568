"""A student's own solver: run it in a separate process and check every event it yields.

The student writes a Python file that defines::

    def solve(rows, cols, start):
        '''Yield ("push", (row, col)) and ("pop", (row, col)), 0-based, row 0 at the top.'''

``check`` loads the file, runs ``solve`` in a child process
(``python -m knight_gui.tour.student_runner``, see there) and checks the
events it sends back.  The rules, each stated once:

* shape (checked in the child, where the objects are: ``event_shape``):
  an event is a tuple ``(kind, (row, col))``; ``kind`` is ``"push"`` or
  ``"pop"``; row and column are whole numbers;
* moves (checked here: ``Checker.apply``): the first event pushes the start;
  every square named is on the board; a push is a knight's move from the
  square on top of the stack onto a square not on the stack; a pop names the
  square on top.  A tour is reported when the stack holds every square; the
  search may go on.

The first illegal event stops the run, named by its number, the event and
why, e.g. "event 37: push (4, 4) is not a knight's move from (2, 1), the top
of the stack".  The validated events become the model's ``Push`` and ``Pop``
(squares as ``row * cols + col``, degrees and pop reasons computed here), so
a window can animate a student's search like the built-in one.

Why a subprocess and not ``multiprocessing``: a fresh interpreter runs just
the runner module, with no pickling and no re-import of the caller's
``__main__`` (a pytest run, the window, a frozen app), and the parent controls
its file descriptors: the student's prints go to the null device, so they
can never corrupt the event pipe, and killing the process is ``kill()`` on a
pid.  The parent reads the pipe in a thread and waits on a queue with a
timeout, so a solver that loops without yielding is killed on time on every
platform.

This contains accidents (endless loops, floods, exceptions, prints, a
runaway memory appetite), not malice: the file runs with the user's rights,
and only when the user names it (never from a saved tour).
"""

from __future__ import annotations

import ast
import operator
import os
import queue
import signal
import sys
import threading
import time
from array import array
from collections.abc import Callable, Sequence
from importlib.util import decode_source
from pathlib import Path
from typing import IO, NamedTuple, TypedDict

from .board import Board
from .events import OUTCOME_BUDGET, OUTCOME_NO_TOUR, OUTCOME_TOUR, Event, Outcome, Pop, PopReason, Push
from .fileio import FileProblem, read_regular
from .messages import Message, MessageError, is_valid

# -- outcomes of a check ---------------------------------------------------------

OUTCOME_ILLEGAL = "illegal"
OUTCOME_ERROR = "error"
OUTCOME_STOPPED = "stopped"  # the caller asked the run to stop (the window's Stop)
CHECK_OUTCOMES = (OUTCOME_TOUR, OUTCOME_NO_TOUR, OUTCOME_ILLEGAL, OUTCOME_ERROR, OUTCOME_BUDGET,
                  OUTCOME_STOPPED)

#: Defaults for ``check``: a correct 8×8 solver finds its tour in well under both.
DEFAULT_MAX_EVENTS = 5_000_000
DEFAULT_MAX_SECONDS = 10.0
#: Largest solver file read.
MAX_FILE_BYTES = 1 << 20
#: Address space allowed to the child where the OS can limit it (POSIX).
MEMORY_LIMIT = 2 << 30
#: Time allowed for the child interpreter to start, before the student's
#: file is run (not counted in the student's seconds).
STARTUP_SECONDS = 30.0
#: How long the child is given to say where its solver is when its time has run out.
PLACE_SECONDS = 1.0

# -- the pipe protocol (shared with student_runner) --------------------------------
# A frame is a tag byte, the payload's length as 4 little-endian bytes, the payload.
TAG_STARTED = b"S"  # the child runs; the student's clock starts now
TAG_BATCH = b"B"  # events packed by pack_event, array("I") in native byte order
TAG_WIDE = b"W"  # one event whose numbers do not fit a packed int: JSON [kind, row, col]
TAG_FINAL = b"F"  # the last word, JSON: {"kind": "end" | "bad" | "raised" | "malformed", ...}
TAG_PLACE = b"P"  # where the solver is, asked by a "?" on the child's stdin: JSON {"line", "code", "stack"}
HEADER_BYTES = 5

PUSH, POP = 0, 1
KINDS = ("push", "pop")
_FIELD = 1 << 15  # row and column each get 15 bits in a packed event


def pack_event(kind: int, row: int, col: int) -> int | None:
    """An event as one unsigned 32-bit int, or None if row or column do not fit 15 bits."""
    if 0 <= row < _FIELD and 0 <= col < _FIELD:
        return (kind << 30) | (row << 15) | col
    return None


def unpack_event(code: int) -> tuple[int, int, int]:
    """(kind, row, col) of a packed event."""
    return code >> 30, (code >> 15) & (_FIELD - 1), code & (_FIELD - 1)


class MalformedEvent(MessageError, ValueError):
    """What the student yielded is not an event; ``message`` says why (``str()``: in English)."""

def _short(value: object, limit: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:  # a student's object whose repr raises
        text = f"<{type(value).__name__} object>"
    return _clipped(text, limit)


def _clipped(text: str, limit: int = 60) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis if longer (for a message)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _whole(value: object, what: str) -> int:
    """``value`` as an int; MalformedEvent if it is not a whole number (``what``: "row" or "column")."""
    if isinstance(value, bool):
        raise MalformedEvent(Message(f"solver-event-{what}", (repr(value),)))
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:
        shown = f"{_short(value, 30)} ({type(value).__name__})"
        raise MalformedEvent(Message(f"solver-event-{what}", (shown,))) from None


def event_shape(event: object) -> tuple[int, int, int]:
    """(kind, row, col) of one yielded object: the shape rules, stated once.

    MalformedEvent if it is not ``("push", (row, col))`` or ``("pop", (row, col))``
    with whole numbers for row and column.  Whether the square is on the
    board, and whether the move is legal, is the Checker's business.
    """
    if not isinstance(event, tuple) or len(event) != 2:
        raise MalformedEvent(Message("solver-event-not-tuple", (_short(event),)))
    kind, square = event
    if kind == "push":  # == and not `in`: a student's odd object may compare strangely
        code = PUSH
    elif kind == "pop":
        code = POP
    else:
        raise MalformedEvent(Message("solver-event-kind", (_short(event), _short(kind, 30))))
    if not isinstance(square, tuple) or len(square) != 2:
        raise MalformedEvent(Message("solver-event-square", (_short(event), _short(square, 30))))
    return code, _whole(square[0], "row"), _whole(square[1], "column")


# -- the move rules ---------------------------------------------------------------


_NEXT_TOUR, _EXHAUSTED, _DEAD_END = PopReason.NEXT_TOUR, PopReason.EXHAUSTED, PopReason.DEAD_END


def _model_outcome(kind: str, reason: Message, tours: int, code: str) -> Outcome:
    """The one place this module makes a model Outcome: ``code`` with its one argument.

    A tour is the model's own ``tour`` (its number); the student's endings
    (``student-*`` in ``tour.messages``) carry the checker's reason, a message
    that names squares and events in the student's own (row, col) terms.
    """
    if code == "tour":
        return Outcome(kind, code, (tours,), tours)
    return Outcome(kind, code, (reason,), tours)


class Checker:
    """The move rules of a student's events, each stated once, and the stack they build.

    ``apply`` takes one event; it returns None if it is legal (and applies
    it), else the reason, a message that starts with the event's number.  With a
    ``sink``, each legal event also becomes the model's Push or Pop (and a
    tour an Outcome), appended to ``sink``.
    """

    def __init__(self, board: Board, start: int, sink: list[Event] | None = None) -> None:
        self.board = board
        self.start = start
        self.stack: list[int] = []
        self.on_stack = bytearray(board.size)  # 1 where the square is on the stack
        self.children: list[set[int]] = []  # per frame: the squares pushed from it
        #: The first pop of a square that left a free onward square untried, as
        #: (event number, square, the untried square); None while there is none.
        #: An exhaustive search never does that: the classic forgotten unmarking.
        self.skipped: tuple[int, int, int] | None = None
        self.events = 0
        #: The (row, col) the illegal event named, once one came (the run stops there).
        self.refused: tuple[int, int] | None = None
        self.pushes = 0
        self.pops = 0
        self.tours = 0
        self.sink = sink
        self._nears: dict[int, tuple[int, ...]] = {}

    def rc(self, square: int) -> str:
        """``(2, 1)``: a square as the student wrote it."""
        row, col = divmod(square, self.board.cols)
        return f"({row}, {col})"

    def _why_illegal(self, kind: int, row: int, col: int) -> Message | None:
        """The rules: None if the event is legal on the current stack, else why ("event N: …")."""
        board, stack = self.board, self.stack
        said = (self.events, KINDS[kind], row, col)  # "event N: push (row, col)"
        if self.events == 1:
            if kind != PUSH or row * board.cols + col != self.start or not board.contains(row, col):
                return Message("solver-illegal-first", (*said, self.rc(self.start)))
            return None
        if not (0 <= row < board.rows and 0 <= col < board.cols):
            return Message("solver-illegal-off-board", (*said, board.dims, board.rows - 1, board.cols - 1))
        square = row * board.cols + col
        if not stack:
            return Message("solver-illegal-empty", said)
        top = stack[-1]
        if kind == PUSH:
            top_row, top_col = divmod(top, board.cols)
            if (row - top_row) ** 2 + (col - top_col) ** 2 != 5:
                return Message("solver-illegal-not-a-move", (*said, self.rc(top)))
            if self.on_stack[square]:
                return Message("solver-illegal-on-stack", (*said, stack.index(square) + 1))
        elif square != top:
            return Message("solver-illegal-not-top", (*said, self.rc(top)))
        return None

    def apply(self, kind: int, row: int, col: int) -> Message | None:
        """Apply one event if legal and return None; else why ("event N: ..."), the stack unchanged."""
        self.events += 1
        why = self._why_illegal(kind, row, col)
        if why is not None:
            self.refused = (row, col)
            return why
        board, stack = self.board, self.stack
        square = row * board.cols + col
        sink = self.sink
        if kind == PUSH:
            if sink is not None:
                sink.append(Push(square, len(stack) + 1, self._free_onward(square)))
            if self.children:
                self.children[-1].add(square)
            stack.append(square)
            self.children.append(set())
            self.on_stack[square] = 1
            self.pushes += 1
            if len(stack) == board.size:
                self.tours += 1
                if sink is not None:
                    found = Message("tour", (self.tours,))
                    sink.append(_model_outcome(OUTCOME_TOUR, found, self.tours, "tour"))
        else:
            if sink is not None:
                if len(stack) == board.size:
                    reason = _NEXT_TOUR
                elif self._free_onward(square):
                    reason = _EXHAUSTED
                else:
                    reason = _DEAD_END
                # tried: the distinct squares pushed from it (a student may push one again), at most 8
                sink.append(Pop(square, len(stack), reason, len(self.children[-1])))
            stack.pop()
            children = self.children.pop()
            if self.skipped is None:
                untried = [u for u in self._free(square) if u not in children]
                if untried:
                    self.skipped = (self.events, square, untried[0])
            self.on_stack[square] = 0
            self.pops += 1
        return None

    def _near(self, square: int) -> tuple[int, ...]:
        """The squares a knight's move from ``square`` (cached: boards may be too large to list them all)."""
        near = self._nears.get(square)
        if near is None:
            near = self._nears[square] = tuple(self.board.neighbours(square))
        return near

    def _free(self, square: int) -> list[int]:
        """The squares a knight's move from ``square`` that are not on the stack."""
        on = self.on_stack
        return [u for u in self._near(square) if not on[u]]

    def _free_onward(self, square: int) -> int:
        """Squares a knight's move from ``square`` not on the stack: its Warnsdorff degree."""
        on = self.on_stack
        return len([u for u in self._near(square) if not on[u]])

    def hint(self) -> Message | None:
        """For a search that ended without a tour: the first square it popped with a free
        onward square left untried, as a question for the student; else None."""
        if self.skipped is None or self.stack:
            return None
        event, square, untried = self.skipped
        return Message("solver-hint", (event, self.rc(square), self.rc(untried)))

    def apply_batch(self, codes: Sequence[int], tours: int | None = None) -> Message | None:
        """Apply packed events in order up to the first illegal one, and return its reason.

        With ``tours``, stop after the event that completes that many tours
        (the rest of the batch is not looked at).
        """
        apply = self.apply
        mask = _FIELD - 1
        for code in codes:
            why = apply(code >> 30, (code >> 15) & mask, code & mask)
            if why is not None:
                return why
            if tours is not None and self.tours >= tours:
                return None
        return None


# -- loading a file ----------------------------------------------------------------


class SolverFileError(MessageError, Exception):
    """The file cannot be a solver (bad input): missing, not Python, a syntax error...

    ``str()`` says why in English; ``message`` is the same as a ``Message`` (the window words it
    in its language; the compiler's own words stay as Python gives them).
    """

class SolverSource(NamedTuple):
    """A solver file read and compiled: its absolute path and its text."""

    path: str
    text: str


def load_solver(filename: str | os.PathLike[str]) -> SolverSource:
    """Read and compile ``filename`` (nothing of it runs); SolverFileError if it cannot be a solver."""
    name = os.fspath(filename)
    try:
        data = read_regular(name, MAX_FILE_BYTES)
    except FileProblem as error:
        raise SolverFileError(error.message) from None
    try:
        text = decode_source(data)
    except (UnicodeDecodeError, SyntaxError, LookupError):
        raise SolverFileError(Message("solver-not-text", (name,))) from None
    if "\0" in text:
        raise SolverFileError(Message("solver-nul", (name,)))
    path = os.path.abspath(name)
    try:  # the syntax only: the child process runs the file (a few compiler errors show there)
        ast.parse(text, path)
    except SyntaxError as error:
        if error.lineno:
            raise SolverFileError(Message("solver-syntax", (name, error.lineno, error.msg))) from None
        raise SolverFileError(Message("solver-syntax-somewhere", (name, error.msg))) from None
    except (ValueError, RecursionError, MemoryError) as error:
        raise SolverFileError(Message("solver-invalid", (name, str(error)))) from None
    return SolverSource(path, text)


# -- running it --------------------------------------------------------------------


class Report(NamedTuple):
    """How a student's solver did.

    ``outcome`` is one of CHECK_OUTCOMES; ``message`` says why (``reason``: in
    English words); ``event`` is the number of the first illegal event (else None);
    ``bad_input`` marks a file that cannot be a solver (no ``solve``, ...);
    ``path`` is the stack after the last legal event; ``traceback`` the
    student's exception, trimmed to their code, or where the solver was when
    its time ran out; ``square`` the (row, col) the illegal event named (on
    the board or not), else None.
    """

    outcome: str
    message: Message
    event: int | None
    pushes: int
    pops: int
    tours: int
    seconds: float
    path: tuple[int, ...]
    bad_input: bool = False
    traceback: str | None = None
    square: tuple[int, int] | None = None

    @property
    def reason(self) -> str:
        """Why, in English words (the command line's)."""
        return str(self.message)


def _package_root() -> str:
    """The folder holding the ``knight_gui`` package this module belongs to."""
    return str(Path(__file__).resolve().parents[2])


def _read_frames(stream: IO[bytes], frames: queue.Queue[tuple[bytes, bytes]]) -> None:
    """Reader thread: frames from the child's pipe onto ``frames``; (b"", b"") at the end."""
    try:
        while True:
            header = stream.read(HEADER_BYTES)
            if len(header) < HEADER_BYTES:
                break
            size = int.from_bytes(header[1:], "little")
            payload = stream.read(size)
            if len(payload) < size:
                break
            frames.put((header[:1], payload))
    except (OSError, ValueError):  # the pipe closed under us
        pass
    frames.put((b"", b""))


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    root = _package_root()
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def _raised_reason(final: dict[str, object], checker: Checker, source: SolverSource) -> Message:
    """What the solver raised (Python's words for it, as Python gives them), where and when."""
    name = os.path.basename(source.path)
    line = final.get("line")
    what = f"{final.get('type')}: {final.get('message')}" if final.get("message") else f"{final.get('type')}"
    if final.get("phase") == "load":
        if isinstance(line, int):
            return Message("solver-raised-load-line", (name, what, line, name))
        return Message("solver-raised-load", (name, what))
    if isinstance(line, int):
        return Message("solver-raised-line", (what, line, name, _events(checker.events)))
    return Message("solver-raised", (what, _events(checker.events)))


def _events(n: int) -> Message:
    """"1 event", "2 events"."""
    return Message("solver-events", (n,))


def _child_said(final: dict[str, object]) -> Message:
    """The message the child sent (its code and arguments), or its fields as written if they make
    none we know."""
    code, args = final.get("code"), final.get("args")
    if (isinstance(code, str) and isinstance(args, list)
            and all(isinstance(a, (int, str)) and not isinstance(a, bool) for a in args)
            and is_valid(code, tuple(args))):
        return Message(code, tuple(args))
    return Message("verbatim", (str({k: v for k, v in final.items() if k != "kind"}),))


_PLACE_HEADING = "Where the solver was when its time ran out (most recent call last):\n"
#: POSIX: the child leads a process group of its own, and the group is killed at the end of a run.
_GROUPS = os.name == "posix"


class _Place(TypedDict):
    line: int
    code: str
    stack: str


def _ask_place(questions: IO[bytes], frames: queue.Queue[tuple[bytes, bytes]],
               should_stop: Callable[[], bool] | None) -> _Place | None:
    """Ask the child where its solver is (its time has run out) and wait for the answer, up to
    PLACE_SECONDS, or until ``should_stop()`` (asked every 0.1 s); the frames before it are dropped.
    None if it is in none of the student's code, or says nothing in time (a loop in C code that
    holds Python's lock)."""
    import json

    try:
        questions.write(b"?")
        questions.flush()
    except OSError:  # it has just ended
        return None
    until = time.monotonic() + PLACE_SECONDS
    while (wait := until - time.monotonic()) > 0:
        try:
            tag, payload = frames.get(timeout=min(wait, 0.1))
        except queue.Empty:
            if should_stop is not None and should_stop():
                break
            continue
        if tag == TAG_PLACE:
            place = json.loads(payload)
            if isinstance(place.get("line"), int):
                return _Place(line=place["line"], code=_clipped(str(place.get("code", ""))),
                              stack=str(place.get("stack", "")))
            return None
        if tag in (TAG_FINAL, b""):  # it ended as its time ran out: no answer will come
            return None
    return None


def run_solver(source: SolverSource, board: Board, start: int, *, max_events: int = DEFAULT_MAX_EVENTS,
               max_seconds: float = DEFAULT_MAX_SECONDS, tours: int | None = 1,
               sink: Callable[[list[Event]], object] | None = None,
               should_stop: Callable[[], bool] | None = None,
               on_seconds: Callable[[float], object] | None = None) -> Report:
    """Run ``source``'s ``solve`` on ``board`` from ``start`` in a child process and check it.

    Stops at the first illegal event, after ``tours`` tours (None: not for
    tours), after ``max_events`` events or ``max_seconds`` of the student's
    time (loading their file included), when the solver ends or raises, or
    when ``should_stop()`` turns true (it is asked at least every 0.1 s).
    With a ``sink``, the legal events go to it as lists of model events
    (Push, Pop, and an Outcome for each tour, then one for no tour or a
    limit), in order, from this thread.  The sink may block to hold the
    solver back (the pipe fills and the child waits); the time it blocks is
    not counted as the student's.  The child is always killed before this
    returns.  ``on_seconds``, if given, is told the student's seconds so far
    at each turn of the wait for the child (as often as ``should_stop`` is asked),
    from this thread: the window shows them while a solver keeps it waiting.
    """
    # (What only a run needs is imported here: the window imports this module at start-up.)
    import json
    import subprocess
    import tempfile

    model: list[Event] | None = [] if sink is not None else None
    checker = Checker(board, start, model)
    began = time.monotonic()
    clock: float | None = None  # when the student's time started

    def report(outcome: str, reason: Message, event: int | None = None, bad_input: bool = False,
               trace: str | None = None, ended: str | None = None) -> Report:
        """The Report; the sink gets the last events, and a model Outcome if the search ``ended``."""
        seconds = 0.0 if clock is None else time.monotonic() - clock
        if sink is not None and model is not None:
            ended = ended or outcome
            if ended in (OUTCOME_NO_TOUR, OUTCOME_BUDGET):
                code = "student-ended" if ended == OUTCOME_NO_TOUR else "student-limit"
                model.append(_model_outcome(ended, reason, checker.tours, code))
            if model:
                sink(model[:])
                model.clear()
        return Report(outcome, reason, event, checker.pushes, checker.pops, checker.tours, seconds,
                      tuple(checker.stack), bad_input, trace, checker.refused)

    def tour_or(outcome: str, reason: Message, without: Message | None = None, trace: str | None = None
                ) -> Report:
        """A Report of ``outcome`` (``without``: its reason when no tour was found, if another); or,
        if tours were found on the way, of them."""
        if checker.tours:  # the search went on after its tours (tours=None or more than one)
            return report(OUTCOME_TOUR, Message("solver-tours-then", (checker.tours, reason)), trace=trace,
                          ended=outcome)
        return report(outcome, reason if without is None else without, trace=trace)

    def event_limit() -> Report:
        return tour_or(OUTCOME_BUDGET, Message("solver-event-limit", (max_events,)),
                       Message("solver-event-limit-no-tour", (max_events,)))

    row, col = board.row_col(start)
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(
            [sys.executable, "-m", "knight_gui.tour.student_runner", source.path, str(board.rows),
             str(board.cols), str(row), str(col)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, env=_child_env(),
            cwd=os.path.dirname(source.path) or None, start_new_session=_GROUPS)
        frames: queue.Queue[tuple[bytes, bytes]] = queue.Queue(maxsize=64)
        assert proc.stdin is not None and proc.stdout is not None
        reader = threading.Thread(target=_read_frames, args=(proc.stdout, frames), daemon=True,
                                  name="student-reader")
        reader.start()
        try:
            try:
                text = source.text.encode("utf-8")
                proc.stdin.write(b"%d\n" % len(text) + text)
                proc.stdin.flush()  # (and kept open: the child's channel of questions, see _ask_place)
            except OSError:  # it died at once; the reader sees the end and stderr says why
                pass
            deadline = began + STARTUP_SECONDS
            while True:
                wait = deadline - time.monotonic()
                if should_stop is not None:
                    wait = min(wait, 0.1)
                try:
                    tag, payload = frames.get(timeout=max(wait, 0.0))
                except queue.Empty:
                    tag, payload = b"?", b""
                if should_stop is not None and should_stop():
                    return tour_or(OUTCOME_STOPPED, Message("solver-stopped", (_events(checker.events),)))
                if on_seconds is not None and clock is not None:
                    on_seconds(time.monotonic() - clock)
                if tag == TAG_BATCH:
                    codes = array("I")
                    codes.frombytes(payload)
                    over = checker.events + len(codes) > max_events
                    if over:
                        del codes[max_events - checker.events:]
                    why = checker.apply_batch(codes, tours)
                    if why is not None:
                        return report(OUTCOME_ILLEGAL, why, checker.events)
                    if model:
                        assert sink is not None and clock is not None
                        held = time.monotonic()
                        sink(model[:])  # may block while the consumer catches up
                        model.clear()
                        held = time.monotonic() - held  # not the student's time
                        clock += held
                        deadline += held
                    if tours is not None and checker.tours >= tours:
                        return report(OUTCOME_TOUR, Message("solver-tour", (board.size, checker.events)))
                    if over:
                        return event_limit()
                elif tag == TAG_WIDE:
                    if checker.events >= max_events:
                        return event_limit()
                    kind, r, c = json.loads(payload)
                    why = checker.apply(kind, r, c)  # off the board: it does not fit a packed int
                    assert why is not None
                    return report(OUTCOME_ILLEGAL, why, checker.events)
                elif tag == TAG_STARTED:
                    clock = time.monotonic()
                    deadline = clock + max_seconds
                elif tag == TAG_FINAL:
                    final = json.loads(payload)
                    kind = final["kind"]
                    if kind == "end":
                        hint = checker.hint()
                        events = _events(checker.events)
                        return tour_or(OUTCOME_NO_TOUR, Message("solver-finished", (events,)),
                                       Message("solver-finished-hint", (events, hint)) if hint
                                       else Message("solver-finished-no-tour", (events,)))
                    if kind == "bad":
                        return report(OUTCOME_ERROR, _child_said(final), bad_input=True)
                    if kind == "malformed":
                        if checker.events >= max_events:
                            return event_limit()
                        checker.events += 1
                        return report(OUTCOME_ILLEGAL, Message("solver-malformed", (checker.events,
                                                                                    _child_said(final))),
                                      checker.events)
                    return report(OUTCOME_ERROR, _raised_reason(final, checker, source),
                                  trace=str(final.get("traceback") or "") or None)
                elif tag == b"":  # the pipe closed without a last word
                    proc.wait()
                    if clock is None:
                        errors.seek(0)
                        said = errors.read()[-2000:].decode("utf-8", "replace").strip()
                        return report(OUTCOME_ERROR, Message("solver-no-start-said", (said.splitlines()[-1],))
                                      if said else Message("solver-no-start"))
                    code = proc.returncode
                    how = (Message("solver-signal", (-code,)) if code < 0
                           else Message("solver-exit-code", (code,)))
                    return report(OUTCOME_ERROR, Message("solver-died", (how, _events(checker.events))))
                if time.monotonic() >= deadline:
                    if clock is None:
                        return report(OUTCOME_ERROR, Message("solver-slow-start", (f"{STARTUP_SECONDS:g}",)))
                    limit, events = f"{max_seconds:g}", _events(checker.events)
                    asked = time.monotonic()
                    where = _ask_place(proc.stdin, frames, should_stop)
                    clock += time.monotonic() - asked  # (the asking is not the student's time)
                    if not where:
                        return tour_or(OUTCOME_BUDGET, Message("solver-time-limit", (limit, events)))
                    at = Message("solver-time-limit-line", (limit, events, where["line"],
                                                            os.path.basename(source.path), where["code"]))
                    return tour_or(OUTCOME_BUDGET, at, trace=_PLACE_HEADING + where["stack"])
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            if _GROUPS:  # what it started too (a fork holds the event pipe open: its end never came)
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:  # (none left: the usual case)
                    pass
            try:
                proc.stdin.close()
            except OSError:  # (what it could not write, it need not)
                pass
            while reader.is_alive():  # it may wait to put a frame: take them until it sees the end
                try:
                    frames.get(timeout=0.05)
                except queue.Empty:
                    pass
            reader.join()
            proc.stdout.close()


def check(filename: str | os.PathLike[str], board: Board, start: int, *,
          max_events: int = DEFAULT_MAX_EVENTS, max_seconds: float = DEFAULT_MAX_SECONDS) -> Report:
    """Load ``filename`` and run it up to its first tour; a bad file is a Report with ``bad_input``."""
    try:
        source = load_solver(filename)
    except SolverFileError as error:
        return Report(OUTCOME_ERROR, error.message, None, 0, 0, 0, 0.0, (), True)
    return run_solver(source, board, start, max_events=max_events, max_seconds=max_seconds)
