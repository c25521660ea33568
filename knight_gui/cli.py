"""The command line: solve, count, show and export without a window.

``knight-tour`` with no command opens the window (imported only then, so the
headless commands never load Qt and an 8x8 solve stays a fraction of a
second as a whole process).  Exit codes: 0 a tour was found, 1 no tour (for
any reason), 2 bad input, 130 interrupted (Ctrl+C), 141 the reader of the
output went away (``| head``); bad input is one line on stderr, never a
traceback.

Long work (``count``, ``solve --all``, a ``solve`` that runs over a second)
shows a live progress line on stderr when stderr is a terminal, unless
``--quiet``; the line is cleared at the end, so the output is the same on a
terminal and in a pipe.  The standard library draws it (a carriage return
and an erase-line code): one line needs no package.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from types import FrameType
from typing import Any, NamedTuple, TextIO

import knight_gui
from knight_gui.tour import text
from knight_gui.tour.algorithms import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    DEFAULT_TIE_BREAK,
    TIE_BREAKS,
    closed_algorithm,
)
from knight_gui.tour.board import MAX_SIDE, WINDOW_MAX_SIDE, Board, BoardError
from knight_gui.tour.closed import FALLBACK_CODE, fallback_tour
from knight_gui.tour.count import COUNT_MAX_SQUARES, countable
from knight_gui.tour.events import (
    OUTCOME_BUDGET,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_NO_TOUR,
    OUTCOME_STUCK,
    OUTCOME_TOUR,
    Outcome,
)
from knight_gui.tour.fileio import FileProblem
from knight_gui.tour.messages import english
from knight_gui.tour.search import Search
from knight_gui.tour.text import TourFileError, TourRecord, saved_message

PROG = "knight-tour"

EXIT_TOUR = 0
EXIT_NO_TOUR = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  #: 128 + SIGINT: Ctrl+C
EXIT_BROKEN_PIPE = 141  #: 128 + SIGPIPE: the reader of the output went away


#: Sides of an exported PNG, in pixels (8192 px is 256 MB of image in memory).
PX_RANGE = (16, 8192)

_EXIT_CODES = ("exit codes: 0 a tour was found, 1 no tour (for any reason), 2 bad input (or the output "
               "cannot be written), 130 interrupted (Ctrl+C), 141 the output's reader went away (| head)")
_EPILOG = _EXIT_CODES


def _examples(*lines: str) -> str:
    """An epilog: examples, one per line, then the exit codes."""
    return "examples:\n" + "\n".join(f"  {PROG} {line}" for line in lines) + "\n\n" + _EXIT_CODES


class _Formatter(argparse.HelpFormatter):
    """Keeps the lines of a text laid out by hand (the examples); shows --start as the one or two
    values it takes."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        if action.dest == "start":
            return "{NAME | ROW COL}"
        return super()._format_args(action, default_metavar)


#: Seconds of work before a progress line appears (``solve`` of one start; ``count`` and
#: ``solve --all``), and between two redraws of it.
PROGRESS_AFTER_SOLVE = 1.0
PROGRESS_AFTER = 0.5
PROGRESS_EVERY_SECONDS = 0.1
#: Events of a search between two looks at the clock (a power of two: cheap, about 0.1 s at most).
SOLVE_CHUNK = 1 << 16


class UsageError(Exception):
    """Bad input on the command line; the message is the one line shown."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are UsageError: one line, and ``main`` returns 2."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


# -- argument types ------------------------------------------------------------


def shown(value: str, limit: int = 40) -> str:
    """A value from the user for a message: quoted, escaped, and shortened when long."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 4] + "...'"


def cut(value: str, limit: int = 40) -> str:
    """A value from the user for a message, as typed but shortened when long (and escaped)."""
    value = text.plain(value)
    return value if len(value) <= limit else value[:limit - 3] + "..."


#: Digits a number on the command line may have: far more than any board or budget needs, far
#: fewer than Python refuses to convert (4,300: ``sys.get_int_max_str_digits``).
MAX_DIGITS = 30


def _whole(value: str) -> int:
    digits = value.strip().lstrip("+-").replace("_", "")
    if len(digits) > MAX_DIGITS and digits.isdigit():
        raise argparse.ArgumentTypeError(f"{shown(value)} has {len(digits):,} digits: too large")
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(value)} is not a whole number") from None


def _positive_whole(value: str) -> int:
    number = _whole(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def _positive_seconds(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(value)} is not a number of seconds") from None
    if not (number > 0 and math.isfinite(number)):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {cut(value)}")
    return number


# -- progress on a terminal ---------------------------------------------------------


def format_duration(seconds: float) -> str:
    """``0:07``, ``12:03``, ``1:02:03``: a time span as a clock shows it."""
    whole = max(0, int(seconds + 0.5))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def format_rate(per_second: float) -> str:
    """``850``, ``12.3k``, ``1.25M``: a count per second, short."""
    if per_second >= 1e6:
        return f"{per_second / 1e6:.2f}M"
    if per_second >= 1e4:
        return f"{per_second / 1e3:.0f}k"
    if per_second >= 1e3:
        return f"{per_second / 1e3:.1f}k"
    return f"{per_second:.0f}"


class Progress:
    """A live line on ``stream`` while long work runs; nothing at all unless ``stream`` is a terminal.

    The line appears once the work has run ``after`` seconds, is redrawn at
    most every ``PROGRESS_EVERY_SECONDS`` and is erased by ``clear`` (also when
    used as a context manager), so what stays on the terminal is the output.
    """

    def __init__(self, stream: TextIO, quiet: bool = False, after: float | None = None) -> None:
        self._stream = stream
        try:
            terminal = stream.isatty()
        except (AttributeError, ValueError):  # no isatty, or closed
            terminal = False
        self.enabled = terminal and not quiet
        self.began = time.monotonic()
        self._next = self.began + (PROGRESS_AFTER if after is None else after)
        self._shown = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.clear()

    @property
    def elapsed(self) -> float:
        """Seconds since the work began."""
        return time.monotonic() - self.began

    def due(self) -> bool:
        """Whether a call of ``show`` would draw now (cheap: callers may skip composing the line)."""
        return self.enabled and time.monotonic() >= self._next

    def show(self, text: str) -> None:
        """Draw ``text`` as the line, if it is time."""
        if not self.due():
            return
        self._next = time.monotonic() + PROGRESS_EVERY_SECONDS
        width = max(20, shutil.get_terminal_size().columns - 1)
        self._stream.write("\r" + text[:width] + "\x1b[K")
        self._stream.flush()
        self._shown = True

    def clear(self) -> None:
        """Erase the line, if one is shown."""
        if self._shown:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
            self._shown = False


# -- the parser ------------------------------------------------------------------


def _add_board_options(parser: argparse.ArgumentParser, default: object, start_help: str) -> None:
    group = parser.add_argument_group("board")
    group.add_argument("--size", type=_whole, metavar="N", default=default,
                       help="a square N×N board (default 8×8)")
    group.add_argument("--rows", type=_whole, metavar="R", default=default, help="rows of the board")
    group.add_argument("--cols", type=_whole, metavar="C", default=default,
                       help="columns of the board (give --rows too)")
    group.add_argument("--start", nargs="+", default=default, help=start_help)


def _add_search_options(parser: argparse.ArgumentParser, default: object) -> None:
    group = parser.add_argument_group("search")
    group.add_argument("-a", "--algorithm", choices=ALGORITHMS, default=default, metavar="A",
                       help=f"how to search: {', '.join(ALGORITHMS)} (default {DEFAULT_ALGORITHM}; "
                            "--closed on a board whose sides are both over 10: construct)")
    group.add_argument("-t", "--tie-break", choices=TIE_BREAKS, default=default, metavar="T",
                       help=f"rule for candidates of equal degree: {', '.join(TIE_BREAKS)} "
                            f"(default {DEFAULT_TIE_BREAK}; fixed for classic and backtracking)")
    group.add_argument("--closed", action="store_true", default=default,
                       help="a closed tour: the last square a knight's move from the start")


def _add_quiet_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no progress line on stderr (it shows only on a terminal, for long work)")


def _add_budget_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("budget")
    group.add_argument("--budget", type=_positive_whole, metavar="NODES",
                       help="stop after this many pushes")
    group.add_argument("--seconds", type=_positive_seconds, metavar="S",
                       help="stop after this many seconds")


def _add_output_options(parser: argparse.ArgumentParser, coords: bool = True) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or one JSON object")
    if coords:
        parser.add_argument("--coords", choices=("none", "index", "chess"), default="none",
                            help="label rows and columns: none (default), index (0-based numbers) "
                                 "or chess (file letters, rank numbers)")


class _Version(argparse.Action):
    """--version: the version is read only when asked for (``knight_gui.__version__``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        sys.stdout.write(f"{parser.prog} {knight_gui.__version__}\n")  # (as argparse's own action: stdout)
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The parser for every command; errors raise UsageError instead of exiting."""
    start_help = ("the first square: a name like a8, or row and column like 0 0 or 0,0 "
                  "(0-based, row 0 at the top)")
    parser = _Parser(
        prog=PROG,
        description="Watch a stack-based search walk a knight over every square. "
                    "With no command, open the window.",
        epilog=_examples("                              # open the window",
                         "--size 10 --start a10 --play  # open it and start playing",
                         "solve --size 8 --start a8",
                         "count --size 5 --start 0 0",
                         "export --size 8 --start a8 -o tour.svg",
                         "--install-desktop             # a menu entry for this user"),
    )
    parser.add_argument("--version", action=_Version, help="show the program's version and exit")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true",
                         help="add a menu entry, icons and AppStream metadata for this user "
                              "(under $XDG_DATA_HOME, default ~/.local/share), then exit")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="remove what --install-desktop added, then exit")
    _add_board_options(parser, None, start_help + " (window)")
    _add_search_options(parser, None)
    parser.add_argument("--play", action="store_true",
                        help="start playing the search at once (needs --start)")
    # None: "not asked"; the window then keeps what it remembers (main() fills
    # the defaults in for the commands).
    parser.set_defaults(closed=None, algorithm=None)

    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    # Options shared with the window default to SUPPRESS in the commands, so
    # ``knight-tour --size 5 solve ...`` keeps the 5.
    keep = argparse.SUPPRESS

    solve = commands.add_parser(
        "solve", help="find a tour and print the numbered board",
        description="Find a tour and print the numbered board and a summary; with --all, solve from "
                    "every start square and print a line per start and the totals.",
        epilog=_examples("solve --size 8 --start a8",
                         "solve --size 8 --start 0 0 --coords chess --algorithm classic",
                         "solve --rows 5 --cols 6 --start 0,0 --closed --format json",
                         "solve --size 8 --all",
                         "solve --size 8 --start a8 --save tour.json"))
    _add_board_options(solve, keep, start_help)
    _add_search_options(solve, keep)
    _add_budget_options(solve)
    solve.add_argument("--all", action="store_true",
                       help="solve from every start square: a line per start and totals "
                            "(JSON: one object per line)")
    solve.add_argument("--save", metavar="FILE", help="also save the tour as JSON to FILE")
    _add_output_options(solve)
    _add_quiet_option(solve)

    count = commands.add_parser(
        "count", help="count every tour from a start (small boards)",
        description="Count the directed tours from a start exactly, by exhaustive backtracking. "
                    f"Boards over {COUNT_MAX_SQUARES} squares need --budget or --seconds.",
        epilog=f"examples:\n  {PROG} count --size 5 --start 0 0\n"
               f"  {PROG} count --size 6 --start a6 --closed\n"
               f"  {PROG} count --size 8 --start a8 --seconds 10   # a lower bound\n\n"
               "exit codes: 0 the count is exact and at least 1, 1 no tour or the budget ran out "
               "(the count is then a lower bound), 2 bad input, 130 interrupted (Ctrl+C: the count so "
               "far is printed as a lower bound)")
    _add_board_options(count, keep, start_help)
    count.add_argument("--closed", action="store_true", default=keep, help="count closed tours only")
    _add_budget_options(count)
    _add_output_options(count, coords=False)
    _add_quiet_option(count)

    show = commands.add_parser("show", help="print the numbered board of a saved tour",
                               description="Print the numbered board of a saved tour file.",
                               epilog=f"examples:\n  {PROG} show tour.json\n"
                                      f"  {PROG} show tour.json --coords chess --format json\n\n"
                                      "exit codes: 0 the file holds a tour, 1 it holds no tour, "
                                      "2 the file cannot be read or is not valid")
    show.add_argument("file", metavar="FILE", help="a tour saved by solve --save or the window")
    _add_output_options(show)

    export = commands.add_parser(
        "export", help="find a tour and draw it as a PNG or SVG image",
        description="Find a tour and draw it as the window does: a PNG image, or an SVG vector "
                    "drawing when the file name ends in .svg (uses Qt; no screen needed).",
        epilog=_examples("export --size 8 --start a8 -o tour.png --px 1024",
                         "export --size 8 --start a8 -o tour.svg",
                         "export --size 200 --start 0 0 -o big.png --coords none"))
    _add_board_options(export, keep, start_help)
    _add_search_options(export, keep)
    _add_budget_options(export)
    export.add_argument("-o", "--output", metavar="FILE", required=True,
                        help="the file to write: .png or .svg (a picture), .gif, .webp, .apng or .mp4 "
                             "(an animation)")
    export.add_argument("--px", type=_whole, metavar="N",
                        help=f"the image's longer side in pixels ({PX_RANGE[0]}..{PX_RANGE[1]}; "
                             "default 2048; an animation: 16..2048, default 640)")
    export.add_argument("--coords", choices=("none", "index", "chess"), default="chess",
                        help="label rows and columns: chess (default), index or none")
    _add_quiet_option(export)
    _add_animation_options(export)
    _add_check_command(commands, keep, start_help)
    return parser


# -- shared steps ------------------------------------------------------------------


def _board(args: argparse.Namespace) -> Board:
    size, rows, cols = args.size, args.rows, args.cols
    if size is not None and (rows is not None or cols is not None):
        raise UsageError("give --size or --rows and --cols, not both")
    if (rows is None) != (cols is None):
        raise UsageError("give both --rows and --cols (or --size N for an N×N board)")
    if size is not None:
        return Board(size)
    if rows is not None:
        return Board(rows, cols)
    return Board(8)


def _start(board: Board, tokens: Sequence[str] | None) -> int | None:
    if tokens is None:
        return None
    if len(tokens) > 2:
        raise UsageError(f"--start takes a name like a8 or a row and column like 0 0, "
                         f"not {len(tokens)} values ({shown(' '.join(tokens))})")
    joined = " ".join(tokens)
    if sum(ch.isdigit() for ch in joined) > 2 * MAX_DIGITS:  # no square has such numbers
        raise UsageError(f"--start {shown(joined)} is not a square of the {board.dims} board: "
                         "its numbers are far too large")
    try:
        return board.parse(joined)
    except BoardError as error:
        raise UsageError(f"--start: {text.plain(str(error))}") from None


def _required_start(board: Board, args: argparse.Namespace, hint: str = "") -> int:
    start = _start(board, args.start)
    if start is None:
        raise UsageError(f"{args.command} needs --start ROW COL or --start NAME{hint}")
    return start


def _checked(algorithm: str, tie_break: str | None, closed: bool, budget: int | None = None,
             seconds: float | None = None) -> Search:
    """The engine's own checks of the options, on a 1×1 board (instant); the search tells
    the tie-break the algorithm ends up with."""
    try:
        return Search(Board(1), 0, algorithm, tie_break, closed, budget, seconds)
    except ValueError as error:
        raise UsageError(str(error)) from None


def _solve(board: Board, start: int, algorithm: str, tie_break: str | None, closed: bool,
           budget: int | None, seconds: float | None, progress: Progress | None = None) -> TourRecord:
    """Search up to the first outcome; the record holds the path reached then and the
    solver's time, its set-up included.  ``progress`` shows the search's depth and pushes."""
    began = time.perf_counter()
    search = Search(board, start, algorithm, tie_break, closed, budget, seconds)
    outcome = None
    events: Iterator[object] = iter(search)
    while outcome is None:
        seen = False
        for event in islice(events, SOLVE_CHUNK):  # the clock is looked at between chunks only
            seen = True
            if event.__class__ is Outcome:
                outcome = event
                break
        if not seen:
            break
        if outcome is None and progress is not None and progress.due():
            elapsed = progress.elapsed
            progress.show(f"searching {board.dims} from {board.name(start)}: depth {search.depth:,} of "
                          f"{board.size:,}, {search.pushes:,} pushes, "
                          f"{format_rate(search.pushes / max(elapsed, 1e-9))} pushes/s, "
                          f"{format_duration(elapsed)}")
    took = time.perf_counter() - began
    assert isinstance(outcome, Outcome)
    return TourRecord(board, start, search.algorithm, search.tie_break, closed, outcome.kind,
                      outcome.reason, search.path(), search.pushes, search.pops, took,
                      *saved_message(outcome))


def _exit_code(outcome: str) -> int:
    return EXIT_TOUR if outcome == OUTCOME_TOUR else EXIT_NO_TOUR


def _check_coords(board: Board, coords: str | None) -> None:
    if coords == "chess" and not board.has_names:
        raise UsageError(f"{board.dims} has more than 26 columns, so its squares have no names; "
                         "use --coords index")


def _print_record(out: TextIO, record: TourRecord, fmt: str, coords: str | None) -> None:
    if fmt == "json":
        text.write_result_json(out.write, record)
        out.write("\n")
        return
    if record.path:
        text.write_board(out.write, record.board, record.path, coords)
    out.write(text.summary_line(record) + "\n")


# -- commands ----------------------------------------------------------------------


def _counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1: "1 start", "64 starts"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _algorithm_for(board: Board, args: argparse.Namespace) -> None:
    """A closed tour asked with no --algorithm on a board with both sides over 10
    (algorithms.CLOSED_SEARCH_MAX_SIDE): the construction.  An --algorithm given is kept."""
    if args.closed and not getattr(args, "algorithm_given", True):
        args.algorithm = closed_algorithm(args.algorithm, board.rows, board.cols)


def _fallback(record: TourRecord) -> TourRecord:
    """``record``, or a tour by the fallback where ``tour.closed.fallback_tour`` finishes its start."""
    board = record.board
    began = time.perf_counter()
    path = fallback_tour(board, record.start, record.outcome, record.algorithm, record.closed)
    if path is None:
        return record
    took = time.perf_counter() - began + (record.seconds or 0.0)
    return record._replace(outcome=OUTCOME_TOUR, reason=english(FALLBACK_CODE), path=path,
                           seconds=took, code=FALLBACK_CODE, args=())


def _cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    board = _board(args)
    _algorithm_for(board, args)
    _check_coords(board, args.coords)
    if args.all:
        if args.start is not None:
            raise UsageError("--all solves from every square; leave out --start")
        if args.save is not None:
            raise UsageError("--save keeps one tour; leave out --all")
        return _solve_all(board, args, out)
    start = _required_start(board, args, " (or --all for every square)")
    _checked(args.algorithm, args.tie_break, args.closed, args.budget, args.seconds)
    if args.save is not None:
        text.check_writable(args.save)
    with Progress(sys.stderr, args.quiet, PROGRESS_AFTER_SOLVE) as progress:
        record = _solve(board, start, args.algorithm, args.tie_break, args.closed, args.budget, args.seconds,
                        progress)
    _print_record(out, record, args.format, args.coords)
    if args.save is not None:
        text.save_tour(args.save, record)
    return _exit_code(record.outcome)


def _solve_all(board: Board, args: argparse.Namespace, out: TextIO) -> int:
    """Every start square in turn; 0 when every start that may have a tour got one."""
    _checked(args.algorithm, args.tie_break, args.closed, args.budget, args.seconds)
    as_json = args.format == "json"
    corner = f"({board.rows - 1},{board.cols - 1})"
    width = len(f"a{board.rows} {corner}" if board.has_names else corner)  # the widest label
    if not as_json:
        out.write(f"{'start':<{width}}  {'outcome':<10}  {'pushes':>10}  {'pops':>10}  {'ms':>10}\n")
    tally = dict.fromkeys((OUTCOME_TOUR, OUTCOME_NO_TOUR, OUTCOME_IMPOSSIBLE, OUTCOME_STUCK,
                           OUTCOME_BUDGET), 0)
    pushes = pops = fallbacks = 0
    seconds = 0.0
    missed = []
    progress = Progress(sys.stderr, args.quiet)
    for start in range(board.size):
        if progress.due():
            elapsed = progress.elapsed
            done = start
            eta = f", ETA {format_duration(elapsed / done * (board.size - done))}" if done else ""
            progress.show(f"start {done + 1:,} of {board.size:,} ({board.name(start)}), "
                          f"{100 * done // board.size}% done, {format_rate(done / max(elapsed, 1e-9))} "
                          f"starts/s, {format_duration(elapsed)}{eta}")
        record = _fallback(_solve(board, start, args.algorithm, args.tie_break, args.closed, args.budget,
                                  args.seconds))
        fallback = record.code == FALLBACK_CODE
        fallbacks += fallback
        progress.clear()  # the line would stand among the results
        tally[record.outcome] += 1
        pushes += record.pushes
        pops += record.pops
        seconds += record.seconds or 0.0
        if record.outcome not in (OUTCOME_TOUR, OUTCOME_IMPOSSIBLE):
            missed.append(start)
        if as_json:
            text.write_result_json(out.write, record)
            out.write("\n")
        else:
            ms = (record.seconds or 0.0) * 1000
            outcome = "tour*" if fallback else record.outcome
            out.write(f"{board.label(start):<{width}}  {outcome:<10}  {record.pushes:>10}  "
                      f"{record.pops:>10}  {ms:>10.2f}\n")
    if not as_json:
        words = {OUTCOME_TOUR: "tour", OUTCOME_NO_TOUR: "no tour", OUTCOME_IMPOSSIBLE: "impossible",
                 OUTCOME_STUCK: "stuck", OUTCOME_BUDGET: "out of budget"}
        kinds = ", ".join(_counted(n, words[kind]) if kind == OUTCOME_TOUR else f"{n} {words[kind]}"
                          for kind, n in tally.items() if n or kind == OUTCOME_TOUR)
        line = (f"{_counted(board.size, 'start')} on {board.dims}: {kinds}; {pushes} pushes, {pops} pops, "
                f"{text.format_seconds(seconds)}")
        if fallbacks:
            line += (f"; {fallbacks} of the tours (tour*) by the fallback after the search used up "
                     "its budget")
        if missed:
            line += f"; {_counted(len(missed), 'start')} where a tour may exist got none"
        out.write(line + "\n")
    return EXIT_TOUR if tally[OUTCOME_TOUR] and not missed else EXIT_NO_TOUR


class CountResult(NamedTuple):
    """A count of tours: exact, or a lower bound when a budget or Ctrl+C stopped it (``reason`` says)."""

    tours: int
    exact: bool
    reason: str
    interrupted: bool = False


class _Interrupt:
    """Ctrl+C, noticed between two steps of a count instead of raised anywhere inside it, so that
    the count so far survives (``count_tours`` stops at its next progress call)."""

    def __init__(self) -> None:
        self.pressed = False
        self._previous: object = None

    def __enter__(self) -> _Interrupt:
        try:
            self._previous = signal.signal(signal.SIGINT, self._on_signal)
        except ValueError:  # not the main thread: Ctrl+C stays as it was
            self._previous = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)  # type: ignore[arg-type]

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.pressed = True


def _count(board: Board, start: int, closed: bool, budget: int | None,
           seconds: float | None, progress: Progress | None = None) -> CountResult:
    """Count the directed tours from ``start``.

    Theorems answer impossible cases at once; otherwise ``tour.count.count_tours``
    (an explicit-stack search that prunes branches holding no tour) counts,
    within the node and time budgets if given.  Ctrl+C stops it with the count
    so far (``interrupted``); ``progress`` shows the tours found and the nodes searched.
    """
    from knight_gui.tour.count import CountBudgetError, CountCancelled, count_tours
    from knight_gui.tour.rules import impossible

    verdict = impossible(board, start, closed)
    if verdict is not None:
        return CountResult(0, True, verdict.reason)
    where = f"{board.dims} from {board.name(start)}"

    with _Interrupt() as interrupt:
        def step(nodes: int, tours: int) -> bool:
            if interrupt.pressed:
                return False
            if progress is not None and progress.due():
                elapsed = progress.elapsed
                rate, took = format_rate(nodes / max(elapsed, 1e-9)), format_duration(elapsed)
                progress.show(f"counting {where}: {tours:,} found so far, {nodes:,} nodes, {rate} nodes/s, "
                              f"{took}")
            return True

        try:
            tours = count_tours(board, start, closed, budget, max_seconds=seconds, progress=step)
        except CountCancelled as stopped:
            return CountResult(stopped.partial, False, "interrupted", interrupted=True)
        except CountBudgetError as error:
            if error.seconds is not None:
                return CountResult(error.partial, False, f"the time budget of {seconds:g} s is used up")
            return CountResult(error.partial, False, f"the budget of {budget} nodes is used up")
    return CountResult(tours, True, "the search is exhausted")


def _cmd_count(args: argparse.Namespace, out: TextIO) -> int:
    from knight_gui.tour.rules import impossible

    board = _board(args)
    start = _required_start(board, args)
    closed = args.closed
    _checked("backtracking", None, closed, args.budget, args.seconds)
    if (impossible(board, start, closed) is None and not countable(board)
            and args.budget is None and args.seconds is None):
        raise UsageError(f"counting every tour on {board.dims} by exhaustive search could take longer "
                         f"than anyone will wait; count boards of at most {COUNT_MAX_SQUARES} squares, "
                         "or give --budget NODES or --seconds S for a lower bound")
    began = time.perf_counter()
    with Progress(sys.stderr, args.quiet) as progress:
        result = _count(board, start, closed, args.budget, args.seconds, progress)
    took = time.perf_counter() - began
    kind = "closed tours" if closed else "tours"
    if args.format == "json":
        import json

        out.write(json.dumps({
            "rows": board.rows, "cols": board.cols, "start": list(board.row_col(start)),
            "closed": closed, "tours": result.tours, "exact": result.exact, "reason": result.reason,
            "seconds": round(took, 6),
        }, ensure_ascii=False) + "\n")
    else:
        where = f"from {board.label(start)} on {board.dims}"
        if result.interrupted:
            line = f"at least {result.tours} {kind} {where} (interrupted after {text.format_seconds(took)})"
        elif not result.exact:
            line = (f"at least {result.tours} {kind} {where}: {result.reason} before the search "
                    f"finished ({text.format_seconds(took)})")
        elif result.tours == 0:
            line = f"0 {kind} {where}: {result.reason}"
        else:
            line = f"{result.tours} {kind} {where} (directed, exact; {text.format_seconds(took)})"
        out.write(line + "\n")
    if result.interrupted:
        return EXIT_INTERRUPTED
    return EXIT_TOUR if result.exact and result.tours else EXIT_NO_TOUR


def _cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    record = text.load_tour(args.file)
    _check_coords(record.board, args.coords)
    _print_record(out, record, args.format, args.coords)
    return _exit_code(record.outcome)


def _cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    if _is_animation(args):
        return _cmd_export_animation(args, out)
    board = _board(args)
    _algorithm_for(board, args)
    start = _required_start(board, args)
    _checked(args.algorithm, args.tie_break, args.closed, args.budget, args.seconds)
    low, high = PX_RANGE
    if args.px is not None and not low <= args.px <= high:
        raise UsageError(f"--px must be between {low} and {high}, not {args.px}")
    output = args.output
    text.check_writable(output)
    try:
        from knight_gui.ui.export import export_tour
    except ModuleNotFoundError as error:
        raise UsageError(f"PNG export is not available: {error}") from None
    with Progress(sys.stderr, args.quiet, PROGRESS_AFTER_SOLVE) as progress:
        record = _solve(board, start, args.algorithm, args.tie_break, args.closed, args.budget, args.seconds,
                        progress)
    out.write(text.summary_line(record) + "\n")
    if not record.path:  # no-tour or impossible: nothing to draw
        out.write(f"no tour to draw: {output} not written\n")
        return _exit_code(record.outcome)
    options: dict[str, Any] = {} if args.px is None else {"px": args.px}
    caption = ""
    if args.caption:  # the animation's caption, its counters those of the search drawn
        from knight_gui.ui.animation import caption_head, caption_text

        settings = _SearchSettings(board, args.algorithm, record.tie_break, args.closed)
        caption = caption_text(caption_head(settings, start), record.pushes, record.pops, 1)
    try:  # export_tour writes atomically (temporary file, then a rename)
        if caption:
            options["caption"] = caption
        export_tour(board, list(record.path), record.closed, output, coords=args.coords, **options)
    except OSError as error:
        raise UsageError(" ".join(str(error).split()) or f"cannot write {output}") from None
    out.write(f"wrote {output}\n")
    return _exit_code(record.outcome)


# -- export: animations (GIF, WebP, APNG, MP4) ------------------------------------

#: File extensions of the export command: a still picture, or the search animated.
STILL_SUFFIXES = (".png", ".svg")
ANIMATION_SUFFIXES = (".gif", ".webp", ".apng", ".mp4")


def _add_animation_options(export: argparse.ArgumentParser) -> None:
    """The export command's options for an animation (.gif, .webp, .apng, .mp4, or .png with --animate)."""
    export.description = ("Find a tour and draw it as a PNG or SVG (uses Qt); or, writing .gif, .webp, "
                          ".apng or .mp4 (or .png with --animate), animate the search: one frame per push "
                          "and per pop, the finished board held at the end (needs Pillow; MP4 needs ffmpeg).")
    group = export.add_argument_group("animation")
    group.add_argument("--animate", action="store_true",
                       help="write the search as an animation (implied by .gif, .webp, .apng and .mp4; "
                            "with .png: an APNG)")
    group.add_argument("--fps", type=_frames_per_second, metavar="F",
                       help="frames per second (default 10; at most 50)")
    group.add_argument("--max-frames", type=_whole, metavar="N",
                       help="at most N frames (default 600): a longer search is sampled evenly, every k-th "
                            "event, and the caption says so")
    group.add_argument("--caption", action=argparse.BooleanOptionalAction, default=None,
                       help="a line under the board: board, start, algorithm, pushes and pops "
                            "(default: none); for a .png or .svg picture too")
    group.add_argument("--loop", action=argparse.BooleanOptionalAction, default=None,
                       help="play the animation over and over (default) or once")
    group.add_argument("--hold", type=_seconds_or_zero, metavar="S",
                       help="seconds the finished board is shown at the end (default 3)")
    group.add_argument("--start-event", type=_whole, metavar="N",
                       help="the first frame shows the board after event N (default 1: the start square)")
    group.add_argument("--end-event", type=_whole, metavar="N",
                       help="the last frame shows the board after event N (default: the search's first "
                            "outcome)")


def _frames_per_second(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(value)} is not a number of frames per second") from None
    if not (0 < number <= 50 and math.isfinite(number)):
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 50 frames per second, "
                                         f"not {cut(value)}")
    return number


def _seconds_or_zero(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(value)} is not a number of seconds") from None
    if not (0 <= number <= 60 and math.isfinite(number)):
        raise argparse.ArgumentTypeError(f"must be between 0 and 60 seconds, not {cut(value)}")
    return number


#: Options of ``export`` for animations only (``--caption`` and ``--px`` serve pictures too).
_ANIMATION_ONLY = ("fps", "max_frames", "loop", "hold", "start_event", "end_event")


def _is_animation(args: argparse.Namespace) -> bool:
    """Whether ``export`` writes an animation; UsageError for a file type it cannot write."""
    suffix = os.path.splitext(args.output)[1].lower()
    if suffix in ANIMATION_SUFFIXES or (suffix == ".png" and args.animate):
        return True
    if suffix not in STILL_SUFFIXES or args.animate:
        if not args.output or os.path.isdir(args.output):
            return False  # the still export says what is wrong with the name
        kinds = "an animation: .gif, .webp, .apng, .mp4 or .png" if args.animate else \
            ".png or .svg for a picture, or .gif, .webp, .apng or .mp4 for an animation"
        raise UsageError(f"cannot write {args.output}: unknown file type {suffix or '(no extension)'}; "
                         f"write {kinds}")
    given = [name for name in _ANIMATION_ONLY if getattr(args, name) is not None]
    if given:
        option = "--" + given[0].replace("_", "-")
        raise UsageError(f"{option} is for animations: write .gif, .webp, .apng or .mp4, or add --animate")
    return False


def _cmd_export_animation(args: argparse.Namespace, out: TextIO) -> int:
    """Animate the search into a GIF, WebP, APNG or MP4 file (see ``knight_gui.ui.animation``)."""
    board = _board(args)
    _algorithm_for(board, args)
    start = _required_start(board, args)
    search = _checked(args.algorithm, args.tie_break, args.closed, args.budget, args.seconds)
    output = args.output
    text.check_writable(output)
    try:
        from knight_gui.ui import animation
    except ModuleNotFoundError as error:
        raise UsageError(f"animation export is not available: {error}") from None
    fmt = animation.format_of(output)
    if fmt != "mp4" and not animation.pillow_available():
        raise UsageError(f"GIF, WebP and APNG export needs Pillow, which is not installed: "
                         f"{animation.PILLOW_HINT}")
    if fmt == "mp4" and shutil.which("ffmpeg") is None:
        raise UsageError("MP4 needs the ffmpeg program, which was not found on PATH; "
                         "write .gif, .webp or .apng instead (or install ffmpeg)")
    given = {name: value for name in (*_ANIMATION_ONLY, "caption", "px")
             if (value := getattr(args, name)) is not None}
    options = animation.AnimationOptions(coords=args.coords, budget=args.budget, seconds=args.seconds,
                                         **given)
    problems = options.problems()
    if problems:
        raise UsageError(problems[0])
    config = _SearchSettings(board, args.algorithm, search.tie_break, args.closed)
    animation.ensure_gui_application()
    try:
        result = animation.export_animation(config, start, output, options)
    except animation.NothingToAnimate as error:  # an impossible start: no tour, as for a still
        out.write(f"{error}: {output} not written\n")
        return EXIT_NO_TOUR
    except OSError as error:  # ExportError: one line; the file is not written
        raise UsageError(" ".join(str(error).split()) or f"cannot write {output}") from None
    events = f"events {result.start_event}..{result.end_event}"
    sampled = f", every {animation.ordinal(result.step)} event" if result.step > 1 else ""
    outcome = result.outcome
    if outcome is not None:
        out.write(f"{outcome.reason}\n")
    elif args.end_event is None:
        out.write(f"the search was followed for {result.end_event:,} events without an outcome; "
                  "give --end-event or --budget to choose where to stop\n")
    out.write(f"wrote {output}: {_counted(result.frames, 'frame')} ({events}{sampled}), "
              f"{result.width}×{result.height} px, {result.size / 1e6:.2f} MB\n")
    # A part that ends before the search's verdict was written as asked: 0.
    return _exit_code(outcome.kind) if outcome is not None else EXIT_TOUR


class _SearchSettings(NamedTuple):
    board: Board
    algorithm: str
    tie_break: str | None
    closed: bool
# -- check: a student's solver ---------------------------------------------------------


def _add_check_command(commands: Any, keep: object,
                       start_help: str) -> None:
    from knight_gui.tour.student import DEFAULT_MAX_EVENTS, DEFAULT_MAX_SECONDS

    check = commands.add_parser(
        "check", help="run a student's solver file and check every event it yields",
        description="Run FILE's solve(rows, cols, start), a generator yielding (\"push\", (row, col)) "
                    "and (\"pop\", (row, col)), in a separate process, and check every event up to its "
                    "first tour: the first event pushes the start; a push is a knight's move from the "
                    "square on top of the stack onto a square not on it; a pop names the square on top.",
        epilog="exit codes: 0 every event legal and a tour found; 1 an illegal event, no tour, an "
               "exception in the solver, or a limit reached; 2 bad input (the file is missing, not "
               "Python, has a syntax error or no solve function, or bad board arguments)")
    check.add_argument("file", metavar="FILE", help="a Python file that defines solve(rows, cols, start)")
    _add_board_options(check, keep, start_help)
    limits = check.add_argument_group("limits")
    limits.add_argument("--budget", type=_positive_whole, metavar="EVENTS", default=DEFAULT_MAX_EVENTS,
                        help=f"stop after this many events (default {DEFAULT_MAX_EVENTS:,})")
    limits.add_argument("--seconds", type=_positive_seconds, metavar="S", default=DEFAULT_MAX_SECONDS,
                        help=f"stop after this many seconds of the solver's time (default "
                             f"{DEFAULT_MAX_SECONDS:g})")
    check.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (default) or one JSON object")


def _cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """Run a student's solver and report: the board and one line, or one JSON object."""
    from knight_gui.tour.student import check

    board = _board(args)
    start = _required_start(board, args)
    report = check(args.file, board, start, max_events=args.budget, max_seconds=args.seconds)
    if args.format == "json":
        import json

        out.write(json.dumps({
            "file": args.file, "rows": board.rows, "cols": board.cols, "start": list(board.row_col(start)),
            "outcome": report.outcome, "reason": report.reason, "event": report.event,
            "pushes": report.pushes, "pops": report.pops, "seconds": round(report.seconds, 6),
            "traceback": report.traceback, "square": list(report.square) if report.square else None,
        }, ensure_ascii=False) + "\n")
    elif report.bad_input:
        raise UsageError(report.reason)
    else:
        headline = {OUTCOME_TOUR: "Tour found", OUTCOME_NO_TOUR: "No tour", "illegal": "Illegal event",
                    "error": "Error", OUTCOME_BUDGET: "Limit reached"}.get(report.outcome, report.outcome)
        if report.outcome in (OUTCOME_TOUR, "illegal") and report.path:
            text.write_board(out.write, board, report.path)
        out.write(f"{args.file}: {headline} on {board.dims} from {board.label(start)}: {report.reason}; "
                  f"{report.pushes} push{'es' * (report.pushes != 1)}, {_counted(report.pops, 'pop')}, "
                  f"{text.format_seconds(report.seconds)}\n")
        if report.traceback:
            out.write(report.traceback.rstrip("\n") + "\n")
    if report.bad_input:
        return EXIT_BAD_INPUT
    return EXIT_TOUR if report.outcome == OUTCOME_TOUR else EXIT_NO_TOUR
def _cmd_desktop(args: argparse.Namespace, out: TextIO) -> int:
    """--install-desktop and --uninstall-desktop: the menu entry, icons and metainfo."""
    from knight_gui import desktop

    try:
        if args.install_desktop:
            files = desktop.install()
            out.write(f"installed the menu entry {desktop.desktop_path(desktop.data_home())}, "
                      f"its icons and metadata ({len(files)} files)\n")
        else:
            files = desktop.uninstall()
            out.write(f"removed the menu entry, its icons and metadata ({len(files)} files)\n"
                      if files else "no menu entry to remove\n")
    except (OSError, FileProblem) as error:
        raise UsageError(" ".join(str(error).split())) from None
    return 0


def _cmd_window(args: argparse.Namespace, out: TextIO) -> int:
    """Open the window; what the options do not name, the window takes from its settings."""
    if args.install_desktop or args.uninstall_desktop:
        if args.command is not None:
            raise UsageError("--install-desktop and --uninstall-desktop take no command")
        return _cmd_desktop(args, out)
    # A start names a square of the board given, or of the default 8×8 one.
    sized = (args.size is not None or args.rows is not None or args.cols is not None
             or args.start is not None)
    board = _board(args)
    if board.rows > WINDOW_MAX_SIDE or board.cols > WINDOW_MAX_SIDE:  # refused, never clamped
        raise UsageError(f"the window shows boards of at most {WINDOW_MAX_SIDE}×{WINDOW_MAX_SIDE}, not "
                         f"{board.dims}; the commands solve, count, show and export take boards up to "
                         f"{MAX_SIDE}×{MAX_SIDE}")
    start = _start(board, args.start)
    if args.play and start is None:
        raise UsageError("--play needs --start: the square the knight starts from")
    algorithm, tie_break, closed = args.algorithm, args.tie_break, args.closed
    if algorithm is not None or tie_break is not None or closed:
        checked = _checked(algorithm or DEFAULT_ALGORITHM, tie_break, bool(closed))
        if tie_break is not None:  # as the algorithm takes it (classic and backtracking: fixed)
            tie_break = checked.tie_break
    try:
        from knight_gui.ui.display import display_problem
    except ModuleNotFoundError as error:
        raise UsageError(f"the window is not available: {error}") from None
    problem = display_problem()
    if problem is not None:  # Qt would abort (exit 134) with lines of its own
        raise UsageError(f"cannot open the window: {problem}; the commands solve, count, show and export "
                         "work without a display")
    try:
        from knight_gui.ui.app import run_window
    except ModuleNotFoundError as error:
        raise UsageError(f"the window is not available: {error}") from None
    return int(run_window(rows=board.rows if sized else None, cols=board.cols if sized else None,
                          start=start, algorithm=algorithm, tie_break=tie_break, closed=closed,
                          play=args.play))


_COMMANDS: dict[str | None, Callable[[argparse.Namespace, TextIO], int]] = {
    "solve": _cmd_solve,
    "count": _cmd_count,
    "show": _cmd_show,
    "export": _cmd_export,
    "check": _cmd_check,
    None: _cmd_window,
}


class OutputError(Exception):
    """The output could not be written (a full disk, a closed stdout); the message says why."""


class _Output:
    """stdout for the commands: a write that fails becomes OutputError (one line, exit 2), except a
    reader that went away (BrokenPipeError: exit 141)."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream

    def write(self, data: str) -> int:
        stream = self._stream
        if stream is None:
            raise OutputError("cannot write the output: standard output is closed")
        try:
            return stream.write(data)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:  # (ValueError: a closed file)
            raise OutputError(_output_reason(error)) from None

    def flush(self) -> None:
        stream = self._stream
        if stream is None:
            return
        try:
            stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            raise OutputError(_output_reason(error)) from None

    def isatty(self) -> bool:
        try:
            return self._stream is not None and self._stream.isatty()
        except (OSError, ValueError):
            return False


def _output_reason(error: Exception) -> str:
    from knight_gui.tour.fileio import os_reason

    reason = os_reason(error) if isinstance(error, OSError) else "standard output is closed"
    return f"cannot write the output: {reason}"


def _say(message: str) -> None:
    """Write one line on stderr if there is a stderr to write to (a closed one changes nothing else)."""
    try:
        sys.stderr.write(message)
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass


def _tolerant_streams() -> None:
    """Text no encoding of stdout or stderr can show is escaped (``\\xd7``), never a traceback:
    ``PYTHONIOENCODING=ascii`` and a file's lone surrogates included."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (OSError, ValueError):
                pass


def _silence_stdout() -> None:
    """Point stdout's descriptor at the null device so Python's flush at exit cannot fail again
    (it would print "Exception ignored" and exit 120)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    _tolerant_streams()
    out = _Output(sys.stdout)
    try:
        code = _run(argv, out)
        out.flush()
    except BrokenPipeError:
        # The reader went away (``knight-tour solve ... | head``): stop quietly with the status
        # a process killed by SIGPIPE has (128 + 13), as ``yes | head`` does, and keep Python
        # from complaining when it flushes stdout at exit.
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except OutputError as error:  # ``> /dev/full``, ``>&-``: one line, exit 2
        _silence_stdout()
        _say(f"{PROG}: error: {error}\n")
        return EXIT_BAD_INPUT
    return code


def _run(argv: Sequence[str] | None, out: Any = None) -> int:
    if out is None:
        out = _Output(sys.stdout)
    try:
        args = build_parser().parse_args(argv)
        if args.install_desktop or args.uninstall_desktop:
            return _cmd_window(args, out)
        if args.command is not None:
            args.algorithm_given = args.algorithm is not None  # --closed: see _algorithm_for
            args.algorithm = args.algorithm or DEFAULT_ALGORITHM
            args.closed = bool(args.closed)
        return _COMMANDS[args.command](args, out)
    except (UsageError, BoardError, TourFileError) as error:
        # one line: a message's line breaks become spaces; a name's own spaces stay as typed
        message = " ".join(line.strip() for line in text.plain(str(error)).splitlines() if line.strip())
        _say(f"{PROG}: error: {message}\n")
        return EXIT_BAD_INPUT
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else 0
    except KeyboardInterrupt:
        _say(f"{PROG}: interrupted\n")
        return EXIT_INTERRUPTED
