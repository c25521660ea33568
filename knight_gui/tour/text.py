"""Tours as text: the numbered board, JSON results and saved-tour files.

Everything here writes as a stream (a row or a chunk of the path at a time),
so a 1000x1000 tour never becomes one giant string.  The saved-tour format is
read and written here, without Qt, so the window and the command line share
it::

    {"format": "knight-tour", "version": 1, "rows": 8, "cols": 8,
     "start": [0, 0], "algorithm": "warnsdorff", "tie_break": "lookahead",
     "closed": false, "outcome": "tour", "reason": "tour #1 found",
     "code": "tour", "args": [1],
     "path": [[0, 0], [1, 2], ...], "pushes": 64, "pops": 0}

``reason`` is the outcome's reason in English, for people and older
readers; ``code`` and ``args`` are the same reason as a message of
``tour.messages``, which the window words in its own language.  All three
are optional (older files have only ``reason``).  A ``trace`` (every event of
the search, ``tour.trace``) is checked against the record by ``check_trace``;
other unknown keys are ignored.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import BinaryIO, NamedTuple

from . import fileio
from .algorithms import ALGORITHMS, TIE_BREAKS
from .board import Board, BoardError
from .events import OUTCOME_BUDGET, OUTCOME_STUCK, OUTCOME_TOUR, OUTCOMES, Event, Outcome
from .messages import Message, MessageError, is_valid
from .validate import path_problem, tour_problem

FILE_FORMAT = "knight-tour"
FILE_VERSION = 1

#: Largest saved-tour file read: a 2000x2000 tour is about 60 MB of JSON.
MAX_FILE_BYTES = 200 * 1024 * 1024

#: Outcomes after which a saved path may stop short of a tour.
PARTIAL_OUTCOMES = (OUTCOME_STUCK, OUTCOME_BUDGET)

#: What each outcome is called in a summary line.
HEADLINES = {
    "tour": "Tour found",
    "no-tour": "No tour",
    "impossible": "Impossible",
    "stuck": "Stuck",
    "budget": "Budget used up",
}

#: Coordinate styles of the numbered board, named as in the window.
COORDS = (None, "none", "index", "chess")

_CHUNK = 4096  # path squares per write


class TourRecord(NamedTuple):
    """One search's result: what was asked, the outcome and the path reached.

    ``path`` holds squares as ints, the start first: the tour, or the path
    reached when the search got stuck or ran out of budget, else empty.
    ``seconds`` is the solver's time, None when unknown (a loaded file).
    ``code`` and ``args`` are the reason as a message (``tour.messages``);
    ``code`` is "" when only the English ``reason`` is known.
    """

    board: Board
    start: int
    algorithm: str
    tie_break: str
    closed: bool
    outcome: str
    reason: str
    path: Sequence[int]
    pushes: int
    pops: int
    seconds: float | None = None
    code: str = ""
    args: tuple[int | str, ...] = ()

    @property
    def message(self) -> Message | None:
        """The reason as a message: by its code, else the English ``reason`` as written; None if none."""
        if self.code:
            return Message(self.code, self.args)
        return Message("verbatim", (self.reason,)) if self.reason else None


class TourFileError(MessageError, ValueError):
    """A saved-tour file that cannot be read or is not a valid tour; one line says why.

    ``str()`` is that line in English; ``message`` is the same as a ``Message`` (the window words
    it in its language).
    """

# -- the numbered board ------------------------------------------------------


def board_lines(board: Board, path: Sequence[int], coords: str | None = None) -> Iterator[str]:
    """Yield the numbered board a row at a time, without line ends.

    Each square shows its move number, right-aligned to the width of the
    largest number and one space apart, as the course programs print it;
    squares the path has not reached show ``.``.  ``coords`` adds labels as
    the window does: ``"index"`` row and column numbers, ``"chess"`` file
    letters and rank numbers (boards of at most 26 columns); ``"none"`` or
    None, no labels.
    """
    if coords not in COORDS:
        raise ValueError(f"unknown coordinate style {coords!r}; choose none, index or chess")
    if coords == "none":
        coords = None
    if coords == "chess" and not board.has_names:
        raise BoardError(f"{board.dims} has more than 26 columns, so its squares have no names; "
                         "use index coordinates")
    rows, cols = board.rows, board.cols
    step_of = [0] * board.size
    for step, square in enumerate(path, 1):
        step_of[square] = step
    width = len(str(len(path)))
    if coords == "index":
        width = max(width, len(str(cols - 1)))
        col_labels = [str(c) for c in range(cols)]
        row_labels = [str(r) for r in range(rows)]
    elif coords == "chess":
        col_labels = [chr(ord("a") + c) for c in range(cols)]
        row_labels = [str(rows - r) for r in range(rows)]
    if coords:
        margin = max(len(label) for label in row_labels)
        yield " " * margin + " " + " ".join(label.rjust(width) for label in col_labels)
    full = len(path) == board.size
    row_format = " ".join([f"%{width}d"] * cols)
    empty = ".".rjust(width)
    for r in range(rows):
        cells = step_of[r * cols:(r + 1) * cols]
        if full:
            line = row_format % tuple(cells)
        else:
            line = " ".join(f"{v:{width}d}" if v else empty for v in cells)
        yield f"{row_labels[r].rjust(margin)} {line}" if coords else line


def write_board(write: Callable[[str], object], board: Board, path: Sequence[int],
                coords: str | None = None) -> None:
    """Write the numbered board, one row per line, through ``write``."""
    for line in board_lines(board, path, coords):
        write(line + "\n")


def format_seconds(seconds: float | None) -> str:
    """``0.41 ms``, ``12.3 ms``, ``2.50 s``: a solver time for people."""
    if seconds is None:
        return "time unknown"
    if seconds < 1:
        ms = seconds * 1000
        return f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"
    return f"{seconds:.2f} s"


def summary_line(record: TourRecord) -> str:
    """One line: the outcome in words, what was searched, pushes, pops and time."""
    board = record.board
    headline = HEADLINES.get(record.outcome, record.outcome)
    if record.closed and record.outcome == OUTCOME_TOUR:
        headline = "Closed tour found"
    how = record.algorithm
    if record.algorithm not in ("backtracking", "construct"):  # they use no tie-break
        how += f", tie-break {record.tie_break}"
    text = f"{headline} on {board.dims} from {board.label(record.start)} by {how}"
    if record.closed and record.outcome != OUTCOME_TOUR:
        text += " (closed)"
    if record.outcome != OUTCOME_TOUR and record.reason:
        text += f": {plain(record.reason)}"  # (from a file: shown, never obeyed by the terminal)
    pushes = f"{record.pushes} push" + ("es" if record.pushes != 1 else "")
    pops = f"{record.pops} pop" + ("s" if record.pops != 1 else "")
    text += f"; {pushes}, {pops}"
    if record.seconds is not None:
        text += f", {format_seconds(record.seconds)}"
    return text


# -- JSON --------------------------------------------------------------------


def _pairs(board: Board, path: Sequence[int]) -> Iterator[str]:
    """The path as ``[r,c]`` pairs joined by commas, a chunk at a time."""
    cols = board.cols
    for i in range(0, len(path), _CHUNK):
        chunk = path[i:i + _CHUNK]
        prefix = "," if i else ""
        yield prefix + ",".join(f"[{sq // cols},{sq % cols}]" for sq in chunk)


def _write_object(write: Callable[[str], object], fields: Iterable[tuple[str, object]],
                  board: Board, path: Sequence[int]) -> None:
    """Write a one-line JSON object; the value ``_PATH`` streams the path."""
    import json

    write("{")
    for i, (key, value) in enumerate(fields):
        write(f'{", " if i else ""}"{key}": ')
        if value is _PATH:
            write("[")
            for chunk in _pairs(board, path):
                write(chunk)
            write("]")
        else:
            write(json.dumps(value, ensure_ascii=False))
    write("}")


_PATH = object()


def _code_fields(record: TourRecord) -> list[tuple[str, object]]:
    """``code`` and ``args`` when the record knows its reason as a message."""
    return [("code", record.code), ("args", list(record.args))] if record.code else []


def write_result_json(write: Callable[[str], object], record: TourRecord) -> None:
    """Write ``record`` as the command line's one-line JSON result object (no line end)."""
    board = record.board
    seconds = None if record.seconds is None else round(record.seconds, 6)
    fields = [
        ("rows", board.rows), ("cols", board.cols), ("start", list(board.row_col(record.start))),
        ("algorithm", record.algorithm), ("tie_break", record.tie_break), ("closed", record.closed),
        ("outcome", record.outcome), ("reason", record.reason), ("path", _PATH),
        ("pushes", record.pushes), ("pops", record.pops), ("seconds", seconds),
    ]
    _write_object(write, fields, board, record.path)


def write_tour_file(write: Callable[[str], object], record: TourRecord) -> None:
    """Write ``record`` in the saved-tour format through ``write``."""
    board = record.board
    fields = [
        ("format", FILE_FORMAT), ("version", FILE_VERSION),
        ("rows", board.rows), ("cols", board.cols), ("start", list(board.row_col(record.start))),
        ("algorithm", record.algorithm), ("tie_break", record.tie_break), ("closed", record.closed),
        ("outcome", record.outcome), ("reason", record.reason), *_code_fields(record), ("path", _PATH),
        ("pushes", record.pushes), ("pops", record.pops),
    ]
    _write_object(write, fields, board, record.path)
    write("\n")


# -- files -------------------------------------------------------------------


def check_writable(filename: str | os.PathLike[str]) -> None:
    """TourFileError unless ``filename`` may be written: a regular file, or a new one in a folder.

    A quick check before a long search (FIFOs, devices, sockets and folders
    are refused here, before anything runs); ``save_atomically`` checks again
    when it writes.
    """
    try:
        fileio.writable_target(filename)
    except fileio.FileProblem as error:
        raise TourFileError(error.message) from None


def save_atomically(filename: str | os.PathLike[str], write_to: Callable[[Callable[[str], object]], None],
                    ) -> None:
    """Write a UTF-8 text file all or nothing (``tour.fileio.write_atomically``).

    ``write_to(write)`` produces the contents.  Only a regular file (or a
    new one) is written; a symbolic link is written through.  On any failure
    an existing file of that name is left as it was and no temporary file
    stays behind; OSError becomes TourFileError with a one-line message.
    """
    def write_text(stream: BinaryIO) -> None:
        text_stream = io.TextIOWrapper(stream, encoding="utf-8", newline="\n")
        try:
            write_to(text_stream.write)
            text_stream.flush()
        finally:
            text_stream.detach()  # the helper flushes, syncs and closes the file itself

    try:
        fileio.write_atomically(filename, write_text)
    except fileio.FileProblem as error:
        raise TourFileError(error.message) from None


def save_tour(filename: str | os.PathLike[str], record: TourRecord) -> None:
    """Save ``record`` to ``filename`` in the saved-tour format, atomically."""
    save_atomically(filename, lambda write: write_tour_file(write, record))


def _square(board: Board, value: object, what: Message) -> int:
    """The square of a ``[row, col]`` pair from a file (``what``: the start, or move k)."""
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
        raise TourFileError(Message("format-not-a-pair", (what, _short(value))))
    row: int = value[0]
    col: int = value[1]
    if not board.contains(row, col):
        raise TourFileError(Message("format-off-board", (what, row, col, board.dims)))
    return row * board.cols + col


def _short(value: object) -> str:
    import json

    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: What a field must be, by its type (a code of ``messages``).
_KIND_CODES: dict[type, str] = {int: "format-kind-int", str: "format-kind-str", bool: "format-kind-bool",
                                list: "format-kind-list"}


def _field(data: dict[str, object], key: str, kind: type, default: object = None,
           ) -> object:
    if key not in data:
        if default is not None:
            return default
        raise TourFileError(Message("format-missing", (key,)))
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TourFileError(Message("format-wrong-kind", (key, Message(_KIND_CODES[kind]), _short(value))))
    return value


def parse_tour(data: object) -> TourRecord:
    """A TourRecord from the decoded JSON of a saved tour; TourFileError if it is not valid."""
    header = header_problem(data)
    if header is not None and header[0] == "format":
        raise TourFileError(Message("format-not-ours"))
    if header is not None:
        raise TourFileError(Message("format-version", (str(header[1]), FILE_VERSION)))
    assert isinstance(data, dict)
    rows = _field(data, "rows", int)
    cols = _field(data, "cols", int)
    try:
        board = Board(rows, cols)  # type: ignore[arg-type]
    except BoardError as error:
        raise TourFileError(error.message) from None
    start = _square(board, data.get("start"), Message("format-the-start"))
    algorithm = _field(data, "algorithm", str)
    if algorithm not in ALGORITHMS:
        raise TourFileError(Message("format-algorithm", (repr(algorithm),)))
    tie_break = _field(data, "tie_break", str)
    if tie_break not in TIE_BREAKS:
        raise TourFileError(Message("format-tie-break", (repr(tie_break),)))
    closed = _field(data, "closed", bool)
    outcome = _field(data, "outcome", str)
    if outcome not in OUTCOMES:
        raise TourFileError(Message("format-outcome", (repr(outcome), ", ".join(OUTCOMES))))
    reason = _field(data, "reason", str, "")
    code, args = _message_fields(data)
    raw: list[object] = _field(data, "path", list)  # type: ignore[assignment]
    path = [_square(board, pair, Message("format-move", (k,))) for k, pair in enumerate(raw, 1)]
    if path and path[0] != start:
        raise TourFileError(Message("format-path-start", (board.name(path[0]), board.name(start))))
    if outcome == OUTCOME_TOUR:
        problem = tour_problem(board, path, bool(closed))
        if problem is not None:
            raise TourFileError(Message("format-not-a-tour", (problem,)))
    elif outcome in PARTIAL_OUTCOMES:
        problem = path_problem(board, path)
        if problem is not None:
            raise TourFileError(Message("format-not-a-path", (problem,)))
        if outcome == OUTCOME_STUCK and not path:  # a stuck knight stands somewhere: at least the start
            raise TourFileError(Message("format-stuck-empty"))
    elif path:
        raise TourFileError(Message("format-path-not-empty", (outcome, len(path))))
    if code == "tour" and outcome != OUTCOME_TOUR:  # (the window said both: "tour #1 found", and the budget)
        raise TourFileError(Message("format-code-outcome", (outcome,)))
    pushes = _field(data, "pushes", int, 0)
    pops = _field(data, "pops", int, 0)
    if pushes < 0 or pops < 0:  # type: ignore[operator]
        raise TourFileError(Message("format-negative"))
    return TourRecord(board, start, algorithm, tie_break, bool(closed), outcome, reason,  # type: ignore[arg-type]
                      path, pushes, pops, None, code, args)  # type: ignore[arg-type]


def saved_message(outcome: Outcome) -> tuple[str, tuple[int | str, ...]]:
    """The ``code`` and ``args`` a file keeps of ``outcome``'s reason: ("", ()) for one it keeps in
    words only (a reason read as written, or one whose arguments are messages themselves: a
    student's solver's)."""
    args = outcome.args
    if outcome.code == "verbatim" or any(isinstance(arg, Message) for arg in args):
        return "", ()
    return outcome.code, args  # type: ignore[return-value]


def _message_fields(data: dict[str, object]) -> tuple[str, tuple[int | str, ...]]:
    """The reason's ``code`` and ``args`` when a file has them and they make a message we know.

    A code of a later version, or arguments that do not fit its template, are
    passed over: the English ``reason`` is shown instead.
    """
    code = data.get("code")
    raw = data.get("args", [])
    if not isinstance(code, str) or not isinstance(raw, list):
        return "", ()
    args = tuple(raw)
    if not all(isinstance(a, (int, str)) and not isinstance(a, bool) for a in args):
        return "", ()
    return (code, args) if is_valid(code, args) else ("", ())


class TourReadError(TourFileError):
    """A file that is not JSON text at all: ``kind`` is "read", "large" or "json", ``detail`` the why.

    ``str()`` is the one line for the command line (it starts with the file
    name); the window words ``kind`` and ``detail`` in its own language.
    """

    def __init__(self, message: str, kind: str, detail: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.detail = detail


def read_json(filename: str | os.PathLike[str]) -> object:
    """The decoded JSON of a file of at most ``MAX_FILE_BYTES``; TourReadError if it is not that.

    Only a regular file is read, without blocking (a FIFO or a device is
    refused at once, ``tour.fileio.read_regular``).
    """
    import json

    name = os.fspath(filename)
    try:
        raw = fileio.read_regular(name, MAX_FILE_BYTES)
    except fileio.FileProblem as error:
        if error.too_large:
            raise TourReadError(str(error), "large", MAX_FILE_BYTES // 2**20) from None
        raise TourReadError(str(error), "read", error.reason) from None
    if not raw.strip():
        raise TourReadError(f"{name}: the file is empty", "json", Message("json-empty"))
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise TourReadError(f"{name}: not a text file (not UTF-8)", "json",
                            Message("json-not-utf8")) from None
    except json.JSONDecodeError as error:
        detail = json_problem(error.msg, error.lineno, error.colno)
        raise TourReadError(f"{name}: not valid JSON ({detail})", "json", detail) from None
    except RecursionError:
        detail = Message("json-nested")
        raise TourReadError(f"{name}: not valid JSON ({detail})", "json", detail) from None
    except ValueError:  # a number of more digits than Python converts (sys.get_int_max_str_digits)
        detail = Message("json-digits")
        raise TourReadError(f"{name}: not valid JSON ({detail})", "json", detail) from None


#: The JSON parser's words (``json.JSONDecodeError.msg``, the C scanner's and the Python one's, 3.10
#: to 3.13), by how they start, and the message that says them (the window's language has them too).
_JSON_PROBLEMS = (
    ("Expecting value", "json-value"),
    ("Expecting ',' delimiter", "json-comma"),
    ("Expecting ':' delimiter", "json-colon"),
    ("Expecting property name enclosed in double quotes", "json-name"),
    ("Unterminated string starting at", "json-string"),
    ("Invalid control character", "json-control"),
    ("Invalid \\", "json-escape"),  # ("Invalid \escape: 'x'" and "Invalid \uXXXX escape")
    ("Extra data", "json-extra"),
    ("Illegal trailing comma", "json-trailing-comma"),
)


def json_problem(words: str, line: int, column: int) -> Message:
    """What the JSON parser said (``words``, at ``line`` and ``column``) as a message."""
    for start, code in _JSON_PROBLEMS:
        if words.startswith(start):
            return Message(code, (line, column))
    return Message("json-other", (words, line, column))


def header_problem(data: object) -> tuple[str, object] | None:
    """("format", None) or ("version", the version as written) when ``data`` is not a file we read."""
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        return "format", None
    version = data.get("version")
    if type(version) is not int or version != FILE_VERSION:  # (true == 1 in Python: not a version)
        return "version", _short(version)
    return None


def check_trace(record: TourRecord, raw: object, check: Callable[[int, int], None] | None = None,
                ) -> list[Event]:
    """A file's ``trace``, checked to replay to the record's path and counters; TraceError if not.

    The one check of a trace, for ``show`` and the window's Open alike.
    """
    from .trace import TraceError, parse_trace, trace_misfit  # (trace imports state: kept lazy)

    events, state = parse_trace(record.board, raw, check=check)
    misfit = trace_misfit(record.start, record.path, record.pushes, record.pops, events, state)
    if misfit:
        raise TraceError(misfit)
    return events


def load_tour(filename: str | os.PathLike[str]) -> TourRecord:
    """Read and validate a saved tour, its trace too; TourFileError with a one-line message if it is bad.

    The message starts with the file name.  As strict as the window's Open:
    the same reader (``read_json``), the same record check (``parse_tour``)
    and the same trace check (``check_trace``).
    """
    name = os.fspath(filename)
    data = read_json(name)
    from .trace import TraceError

    try:
        record = parse_tour(data)
        if isinstance(data, dict) and "trace" in data:
            check_trace(record, data["trace"])
    except TraceError as error:
        raise TourFileError(f"{name}: the event trace does not fit its tour: {error}") from None
    except TourFileError as error:
        raise TourFileError(f"{name}: {error}") from None
    return record


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def plain(text: str) -> str:
    """``text`` safe to print on a terminal: control and other unprintable characters as escapes.

    ANSI and OSC escape sequences, line breaks and lone surrogates from a
    file become ``\\x1b``, ``\\n``, ``\\ud800``..., so a file's text is shown,
    never obeyed, and a one-line summary stays one line.
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000
                       else f"\\U{code:08x}")
    return "".join(out)
