"""The child process that runs a student's solver: ``python -m knight_gui.tour.student_runner``.

Arguments: the file's path, rows, cols, start row, start col.  On stdin
come the file's text (its length in bytes on a line, then the text: the
parent has read it and checked its syntax), for the tracebacks' lines; the
file itself is run with ``runpy.run_path``.  Stdin then stays open as the
parent's channel of questions: ``?`` asks where the solver is (the parent
asks when its time runs out), and its end means the parent is gone.  The
runner keeps its stdout as the event pipe and points file descriptors 0, 1
and 2 at the null device, so whatever the student prints (or reads) never
reaches the pipe.  It sends frames (see ``knight_gui.tour.student``): one
``S`` when it starts, batches of packed events, a ``P`` for each question,
and one final frame: the solver ended, the file is not a solver, it raised
(with its traceback trimmed to the student's code), or it yielded something
that is not an event.  A thread flushes the batch every few hundredths of a
second, so the events before an endless loop still reach the parent.
"""

from __future__ import annotations

import inspect
import json
import linecache
import os
import runpy
import sys
import threading
import traceback
from array import array
from collections.abc import Iterator
from types import FrameType

from knight_gui.tour.student import (
    MEMORY_LIMIT,
    TAG_BATCH,
    TAG_FINAL,
    TAG_PLACE,
    TAG_STARTED,
    TAG_WIDE,
    MalformedEvent,
    event_shape,
    pack_event,
)

BATCH = 4096  # events per frame at most
FLUSH_SECONDS = 0.03  # and at least this often while events come
MODULE_NAME = "__student_solver__"
_TRACE_CHARS = 20_000


class Pipe:
    """The event pipe: frames written under one lock, a batch flushed when full or by a timer."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._lock = threading.Lock()
        self._batch = array("I")
        self._done = threading.Event()
        #: The solver's events (its generator), once ``solve`` has been called: ``place`` looks there.
        self.events: object = None

    def _write(self, tag: bytes, payload: bytes) -> None:
        data = memoryview(tag + len(payload).to_bytes(4, "little") + payload)
        while data:
            written = os.write(self._fd, data)
            data = data[written:]

    def _flush(self) -> None:  # with the lock held
        if self._batch:
            self._write(TAG_BATCH, self._batch.tobytes())
            del self._batch[:]

    def send(self, tag: bytes, payload: bytes = b"") -> None:
        with self._lock:
            self._flush()
            self._write(tag, payload)

    def event(self, kind: int, row: int, col: int) -> None:
        code = pack_event(kind, row, col)
        with self._lock:
            if code is None:
                self._flush()
                self._write(TAG_WIDE, json.dumps([kind, row, col]).encode())
                return
            self._batch.append(code)
            if len(self._batch) >= BATCH:
                self._flush()

    def final(self, **fields: object) -> None:
        self._done.set()
        self.send(TAG_FINAL, json.dumps(fields).encode())

    def keep_flushing(self) -> None:
        """Thread body: flush what the solver yielded so far, until the final frame."""
        while not self._done.wait(FLUSH_SECONDS):
            with self._lock:
                try:
                    self._flush()
                except OSError:  # the parent went away
                    return

    def answer(self, questions: int, path: str) -> None:
        """Thread body: answer the parent's questions on the file descriptor ``questions``; end the
        process when the parent is gone.

        ``?``: where the solver is now, a ``P`` frame (``place``).  The end of the channel: the
        parent closed it, or died (a window killed, or whose X connection broke, left a solver's
        endless loop running for good, adopted by init: the time limit is the parent's to keep).
        """
        solver = threading.main_thread().ident
        while True:
            try:
                asked = os.read(questions, 1)
            except OSError:
                asked = b""
            if not asked:
                os._exit(4)
            frame = sys._current_frames().get(solver) if solver is not None else None
            self.send(TAG_PLACE, json.dumps(place(frame, self.events, path)).encode())


#: Calls a place's stack lists at most (the innermost): a deep recursion stays quick to answer.
PLACE_CALLS = 40


def place(frame: FrameType | None, events: object, path: str) -> dict[str, object]:
    """Where the solver is in the student's file: ``line`` (of its innermost frame there), ``code``
    (that line's text) and ``stack`` (the calls from the student's first one, as a traceback lists
    them, the innermost PLACE_CALLS); {} if none of its frames is the student's.

    ``frame`` is the main thread's; where the student's code is not on it (the runner sends an
    event: most of the time, for a solver that yields), the place is where ``events``, the solver's
    generator, is paused, and the generators it delegates to by ``yield from``.
    """
    frames = _calls(frame)  # innermost first
    if not any(f.f_code.co_filename == path for f in frames):
        frames = _paused(events)
    theirs = [i for i, f in enumerate(frames) if f.f_code.co_filename == path]
    if not theirs:
        return {}
    line = frames[theirs[0]].f_lineno or 0
    shown = frames[:theirs[-1] + 1]  # (from the student's first frame in)
    stack = traceback.StackSummary.extract((f, f.f_lineno or 0) for f in reversed(shown[:PLACE_CALLS]))
    text = "".join(stack.format())
    if len(shown) > PLACE_CALLS:
        text = f"  ... {len(shown) - PLACE_CALLS:,} calls before these\n" + text
    return {"line": line, "code": linecache.getline(path, line).strip(), "stack": text[-_TRACE_CHARS:]}


def _calls(frame: FrameType | None) -> list[FrameType]:
    """``frame`` and its callers, innermost first (no source looked up: a deep stack is quick)."""
    frames = []
    while frame is not None:
        frames.append(frame)
        frame = frame.f_back
    return frames


def _paused(events: object) -> list[FrameType]:
    """The frames of a paused generator and of those it delegates to (``yield from``), innermost
    first; none for an iterator that is no generator."""
    frames = []
    while (frame := getattr(events, "gi_frame", None)) is not None:  # (None once a generator ended)
        frames.append(frame)
        events = getattr(events, "gi_yieldfrom", None)
    return frames[::-1]


def _trimmed(error: BaseException) -> tuple[str, int | None]:
    """The traceback without this runner's frames, and the line of the last frame in the student's file."""
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename in (__file__, runpy.__file__):
        tb = tb.tb_next
    student_file = sys.argv[1]
    line = None
    walk = tb
    while walk is not None:
        if walk.tb_frame.f_code.co_filename == student_file:
            line = walk.tb_lineno
        walk = walk.tb_next
    if line is None and isinstance(error, SyntaxError) and error.filename == student_file:
        line = error.lineno
    text = "".join(traceback.TracebackException(type(error), error, tb).format())
    if len(text) > _TRACE_CHARS:
        text = text[:_TRACE_CHARS // 2] + "\n…\n" + text[-_TRACE_CHARS // 2:]
    return text, line


def _raised(pipe: Pipe, phase: str, error: BaseException) -> int:
    text, line = _trimmed(error)
    try:
        message = str(error)
    except Exception:
        message = ""
    pipe.final(kind="raised", phase=phase, type=type(error).__name__, message=message[:500], line=line,
               traceback=text)
    return 1


def _limit_memory() -> None:
    try:
        import resource
    except ImportError:  # not POSIX
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (OSError, ValueError):
        pass


def run(pipe: Pipe, path: str, text: str, rows: int, cols: int, start: tuple[int, int]) -> int:
    """Load the student's file, call ``solve`` and send its events; the exit status."""
    name = os.path.basename(path)
    linecache.cache[path] = (len(text), None, text.splitlines(True), path)
    sys.path.insert(0, os.path.dirname(path))  # as if run as a script: its neighbours import
    try:  # the student's file, run as Python runs a script (runpy), under a module name of its own
        namespace = runpy.run_path(path, run_name=MODULE_NAME)
    except BaseException as error:
        return _raised(pipe, "load", error)
    solve = namespace.get("solve")
    if solve is None:
        pipe.final(kind="bad", code="solver-no-solve", args=[name])
        return 2
    if not callable(solve):
        pipe.final(kind="bad", code="solver-solve-not-function", args=[name, type(solve).__name__])
        return 2
    try:
        inspect.signature(solve).bind(rows, cols, start)
    except TypeError:
        pipe.final(kind="bad", code="solver-solve-signature", args=[name, str(inspect.signature(solve))])
        return 2
    except ValueError:  # no signature to read (a builtin): just call it
        pass
    try:
        result = solve(rows, cols, start)
    except BaseException as error:
        return _raised(pipe, "run", error)
    try:
        events: Iterator[object] = iter(result)
        pipe.events = events
    except TypeError:
        text_of = repr(result)
        pipe.final(kind="bad", code="solver-solve-returned", args=[name, text_of[:40], type(result).__name__])
        return 2
    except BaseException as error:
        return _raised(pipe, "run", error)
    while True:
        try:
            event = next(events)
        except StopIteration:
            break
        except BaseException as error:
            return _raised(pipe, "run", error)
        try:
            kind, row, col = event_shape(event)
        except MalformedEvent as error:
            pipe.final(kind="malformed", code=error.message.code, args=list(error.message.args))
            return 1
        pipe.event(kind, row, col)
    pipe.final(kind="end")
    return 0


def main(argv: list[str]) -> int:
    """Run as the child: see the module's docstring."""
    if len(argv) != 5:
        sys.stderr.write("usage: python -m knight_gui.tour.student_runner FILE ROWS COLS ROW COL "
                         "< its length, a newline and FILE's text (run by knight_gui.tour.student, not by "
                         "hand)\n")
        return 2
    path, rows, cols, row, col = argv[0], int(argv[1]), int(argv[2]), int(argv[3]), int(argv[4])
    stdin = sys.stdin.buffer
    text = stdin.read(int(stdin.readline())).decode("utf-8")
    # (not inheritable, as os.dup makes them: a process the student starts gets neither)
    pipe_fd = os.dup(1)
    questions = os.dup(0)  # (read unbuffered from here: the parent asks only after the S frame below)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    pipe = Pipe(pipe_fd)
    pipe.send(TAG_STARTED)
    threading.Thread(target=pipe.keep_flushing, daemon=True, name="flusher").start()
    threading.Thread(target=pipe.answer, args=(questions, path), daemon=True, name="answers").start()
    _limit_memory()
    try:
        return run(pipe, path, text, rows, cols, (row, col))
    except OSError:  # the parent closed the pipe: nobody is listening
        return 3


if __name__ == "__main__":
    status = main(sys.argv[1:])
    sys.stdout.flush()
    os._exit(status)  # do not wait for threads the student may have started
