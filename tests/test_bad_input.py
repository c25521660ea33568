"""The bad-input catalogue: one table of command lines and one of files, each with its answer.

Every case says what the user gets: the exit code, and a fragment of the one
line on stderr (exit 2: ``knight-tour: error: ...``) or of the output.  File
cases are run through ``knight-tour show`` and through the window's Open
(``files.read_file``, what its worker runs), which must refuse the same
files: the refusal's kind (the dialog the window shows) is in the table, and
the detail is the same text ``show`` prints.

Special files (a FIFO, a character device, a socket) are made inside
``tmp_path``; after every case they must still be what they were: nothing
is ever written through a refusal.  Everything runs in this process
(``cli.main``), so the whole catalogue takes a few seconds.
"""

from __future__ import annotations

import json
import os
import socket
import stat
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from knight_gui import cli
from knight_gui.tour import Board
from knight_gui.tour.search import Search
from knight_gui.tour.text import MAX_FILE_BYTES, TourRecord, write_tour_file

BIG = "9" * 4301  # more digits than Python converts by default


# -- the world each case runs in -------------------------------------------------------------


def _good_data() -> dict:
    board = Board(5)
    search = Search(board, 0)
    outcome = None
    for event in search:
        if type(event).__name__ == "Outcome":
            outcome = event
            break
    assert outcome is not None and outcome.kind == "tour"
    record = TourRecord(board, 0, search.algorithm, search.tie_break, False, outcome.kind, outcome.reason,
                        search.path(), search.pushes, search.pops, None, outcome.code, outcome.args)
    parts: list[str] = []
    write_tour_file(parts.append, record)
    return json.loads("".join(parts))


GOOD = _good_data()


def _with(**changes) -> dict:
    data = dict(GOOD)
    for key, value in changes.items():
        if value is KeyError:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def _partial(reason: str) -> dict:
    """A budget file: the first three squares of the tour, as a search stopped by a budget saves them."""
    return _with(outcome="budget", path=GOOD["path"][:3], pushes=3, pops=0, reason=reason, code=KeyError,
                 args=KeyError)


@pytest.fixture
def world(tmp_path: Path) -> Path:
    """tmp_path with the special files the cases name."""
    os.mkfifo(tmp_path / "fifo")
    os.mkfifo(tmp_path / "fifo.png")
    os.mkfifo(tmp_path / "fifo.json")
    os.mknod(tmp_path / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    os.mknod(tmp_path / "null.svg", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    (tmp_path / "folder.png").mkdir()
    os.symlink(tmp_path / "fifo", tmp_path / "link-to-fifo")
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling")
    (tmp_path / "good.json").write_text(json.dumps(GOOD), encoding="utf-8")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(tmp_path / "sock"))
    yield tmp_path
    sock.close()


SPECIAL = {"fifo": stat.S_ISFIFO, "fifo.png": stat.S_ISFIFO, "fifo.json": stat.S_ISFIFO, "null": stat.S_ISCHR,
           "null.svg": stat.S_ISCHR, "folder.png": stat.S_ISDIR, "sock": stat.S_ISSOCK}


def special_files_unchanged(tmp: Path) -> None:
    for name, test in SPECIAL.items():
        assert test(os.lstat(tmp / name).st_mode), f"{name} was replaced"
    assert os.path.islink(tmp / "link-to-fifo") and stat.S_ISFIFO(os.stat(tmp / "fifo").st_mode)


# -- the command line ----------------------------------------------------------------------------


class Line(NamedTuple):
    argv: list[str]
    code: int
    fragment: str  #: in stderr when code is 2, else in stdout


def line(text: str, code: int, fragment: str) -> Line:
    return Line(text.split(" ") if text else [], code, fragment)


COMMAND_LINES: list[Line] = [
    # the window's board: refused above 100, never clamped; squares in the user's terms
    line("--size 150", 2, "the window shows boards of at most 100×100, not 150×150"),
    line("--size 150 --start 149 149", 2, "at most 100×100, not 150×150"),
    line("--rows 101 --cols 5", 2, "not 101×5"),
    line("--rows 5 --cols 1000", 2, "not 5×1000"),
    line("--size 5 --start 9 9", 2, "square (9, 9) is off the 5×5 board"),
    line("--size 5 --start e9", 2, "'e9' is off the 5×5 board"),
    line("--play", 2, "--play needs --start"),
    line("-a classic -t pohl", 2, "always breaks ties in the fixed move order"),
    line("--install-desktop solve", 2, "take no command"),
    line("--install-desktop --uninstall-desktop", 2, "not allowed with argument"),
    line("--size", 2, "expected one argument"),
    line("--bogus", 2, "unrecognized arguments: --bogus"),
    line("bogus", 2, "invalid choice: 'bogus'"),
    # numbers
    Line(["--start", BIG], 2, "its numbers are far too large"),
    Line(["--start", "0", BIG], 2, "its numbers are far too large"),
    Line(["solve", "--size", BIG, "--start", "0", "0"], 2, "4,301 digits: too large"),
    Line(["solve", "--start", "a8", "--budget", BIG], 2, "4,301 digits: too large"),
    Line(["solve", "--start", "a8", "--seconds", BIG], 2, "must be a positive number of seconds, not 999"),
    Line(["count", "--size", "5", "--start", "0", "0", "--budget", "-" + BIG], 2, "digits: too large"),
    line("solve --size 0 --start 0 0", 2, "board rows must be between 1 and 2000, not 0"),
    line("solve --size 2001 --start 0 0", 2, "not 2001"),
    line("solve --size -3 --start 0 0", 2, "not -3"),
    line("solve --size 2.5 --start 0 0", 2, "'2.5' is not a whole number"),
    line("solve --size abc --start 0 0", 2, "'abc' is not a whole number"),
    Line(["solve", "--size", " ", "--start", "0", "0"], 2, "is not a whole number"),
    line("solve --rows 5 --start 0 0", 2, "give both --rows and --cols"),
    line("solve --rows 5 --cols x --start 0 0", 2, "'x' is not a whole number"),
    line("solve --size 5 --rows 5 --cols 5 --start 0 0", 2, "not both"),
    line("solve --start a8 --budget 0", 2, "must be at least 1, not 0"),
    line("solve --start a8 --budget -5", 2, "must be at least 1, not -5"),
    line("solve --start a8 --budget lots", 2, "'lots' is not a whole number"),
    line("solve --start a8 --seconds 0", 2, "must be a positive number of seconds, not 0"),
    line("solve --start a8 --seconds -1", 2, "not -1"),
    line("solve --start a8 --seconds nan", 2, "not nan"),
    line("solve --start a8 --seconds inf", 2, "not inf"),
    line("solve --start a8 --seconds 1e999", 2, "not 1e999"),
    line("solve --start a8 --seconds soon", 2, "'soon' is not a number of seconds"),
    # squares
    line("solve --size 5", 2, "solve needs --start"),
    line("solve --start 0 0 0", 2, "not 3 values"),
    line("solve --start z9", 2, "'z9' is off the 8×8 board"),
    line("solve --start 0,x", 2, "'0,x' is not a square"),
    Line(["solve", "--start", ""], 2, "'' is not a square"),
    Line(["solve", "--start", "\x1b[31mred"], 2, "\\x1b[31mred"),
    Line(["solve", "--start", "a\nb"], 2, "'a\\nb' is not a square"),
    line("solve --size 30 --start a1", 2, "square names like 'a1' need a board of at most 26 columns"),
    # options
    line("solve --start a8 -a nope", 2, "invalid choice: 'nope'"),
    line("solve --start a8 -t nope", 2, "invalid choice: 'nope'"),
    line("solve --start a8 -a classic -t pohl", 2, "always breaks ties"),
    line("solve --start a8 --all", 2, "leave out --start"),
    line("solve --all --save x.json", 2, "--save keeps one tour"),
    line("solve --size 30 --start 0 0 --coords chess", 2, "more than 26 columns"),
    line("solve --start a8 --format xml", 2, "invalid choice: 'xml'"),
    line("solve --size 5 --start a5 extra", 2, "'a5 extra' is not a square"),
    line("solve --size 5 --start a5 --format json extra", 2, "unrecognized arguments: extra"),
    # writing: regular files only, refused before the search
    line("solve --size 5 --start a5 --save {tmp}/fifo", 2, "it is a named pipe (FIFO), not a regular file"),
    line("solve --size 5 --start a5 --save {tmp}/null", 2, "it is a character device, not a regular file"),
    line("solve --size 5 --start a5 --save {tmp}/sock", 2, "it is a socket, not a regular file"),
    line("solve --size 5 --start a5 --save {tmp}/link-to-fifo", 2, "named pipe (FIFO)"),
    line("solve --size 5 --start a5 --save {tmp}/folder.png", 2, "it is a folder, not a regular file"),
    line("solve --size 5 --start a5 --save {tmp}/missing/t.json", 2, "missing does not exist"),
    Line(["solve", "--size", "5", "--start", "a5", "--save", ""], 2,
         "cannot write a file with an empty name"),
    line("export --size 5 --start a5 -o {tmp}/fifo.png", 2, "named pipe (FIFO), not a regular file"),
    line("export --size 5 --start a5 -o {tmp}/null.svg", 2, "character device, not a regular file"),
    line("export --size 5 --start a5 -o {tmp}/folder.png", 2, "it is a folder"),
    line("export --size 5 --start a5 -o {tmp}/missing/x.png", 2, "does not exist"),
    line("export --size 5 --start a5 -o {tmp}/x.bmp", 2, "unknown file type .bmp"),
    Line(["export", "--size", "5", "--start", "a5", "-o", ""], 2, "empty name"),
    line("export --size 5 --start a5 -o {tmp}/x.png --px 5", 2, "--px must be between 16 and 8192"),
    line("export --size 5 --start a5 -o {tmp}/x.png --px 99999", 2, "not 99999"),
    line("export --size 5 --start a5 -o {tmp}/x.png --fps 5", 2, "--fps is for animations"),
    line("export --size 5 --start a5", 2, "the following arguments are required: -o/--output"),
    # count
    line("count --size 8 --start 0 0", 2, "could take longer than anyone will wait"),
    line("count --size 5", 2, "count needs --start"),
    line("count --size 5 --start 0 0 --budget 0", 2, "must be at least 1"),
    line("count --size 5 --start 0 0 --seconds 0", 2, "positive number of seconds"),
    line("count --size 5 --start 0 0 --format csv", 2, "invalid choice: 'csv'"),
    # show
    line("show", 2, "the following arguments are required: FILE"),
    line("show {tmp}/fifo.json", 2, "named pipe (FIFO), not a regular file"),
    line("show {tmp}/good.json --format yaml", 2, "invalid choice: 'yaml'"),
    line("show {tmp}/good.json --coords grid", 2, "invalid choice: 'grid'"),
    # controls: good input still works
    line("solve --size 5 --start a5", 0, "Tour found on 5×5 from a5"),
    line("solve --size 3 --start a3", 1, "on 3×3 from a3"),
    line("show {tmp}/good.json", 0, "Tour found on 5×5"),
    line("count --size 5 --start 0 0 --budget 10", 1, "the budget of 10 nodes is used up"),
]

CLI_IDS = [" ".join(case.argv)[:60] or "(nothing)" for case in COMMAND_LINES]


def test_the_catalogue_is_as_large_as_promised():
    assert sum(1 for case in COMMAND_LINES if case.code == 2) >= 60
    assert sum(1 for case in FILES if case.show_code == 2) >= 60


@pytest.mark.parametrize("case", COMMAND_LINES, ids=CLI_IDS)
def test_a_command_line(world, capsys, monkeypatch, case: Line):
    monkeypatch.chdir(world)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    argv = [arg.replace("{tmp}", str(world)) for arg in case.argv]
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code == case.code, (out, err)
    if case.code == 2:
        assert out == ""
        assert err.startswith("knight-tour: error: ") and err.endswith("\n") and err.count("\n") == 1, err
        assert case.fragment.replace("{tmp}", str(world)) in err
        assert "\x1b" not in err and "Traceback" not in err
    else:
        assert case.fragment in out
    special_files_unchanged(world)


# -- files: show and the window's Open ---------------------------------------------------------


class File(NamedTuple):
    name: str
    make: Callable[[Path], Path]  #: makes the file in tmp_path, returns its path
    show_code: int
    show_fragment: str  #: in stderr (code 2) or stdout
    window: str | None  #: the window's refusal (OpenProblem.kind), None: it opens


def data_file(data: object) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        target = tmp / "case.json"
        target.write_text(json.dumps(data), encoding="utf-8")
        return target
    return make


def raw_file(content: bytes) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        target = tmp / "case.json"
        target.write_bytes(content)
        return target
    return make


def existing(name: str) -> Callable[[Path], Path]:
    return lambda tmp: tmp / name


def sparse(size: int) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        target = tmp / "huge.json"
        with open(target, "wb") as stream:
            stream.truncate(size)
        return target
    return make


def long_named(tmp: Path) -> Path:
    target = tmp / ("t" * 250 + ".json")
    target.write_text(json.dumps(GOOD), encoding="utf-8")
    return target


def link_to_good(tmp: Path) -> Path:
    os.symlink(tmp / "good.json", tmp / "link.json")
    return tmp / "link.json"


def with_trace(trace: object, **changes) -> Callable[[Path], Path]:
    return data_file(_with(trace=trace, **changes))


PATH = GOOD["path"]
PUSH = ["+", 0, 0, 2]

FILES: list[File] = [
    # not a regular file, or not there
    File("missing", existing("nothing.json"), 2, "no such file or folder", "read"),
    File("a folder", existing("folder.png"), 2, "it is a folder, not a regular file", "read"),
    File("a FIFO", existing("fifo.json"), 2, "it is a named pipe (FIFO), not a regular file", "read"),
    File("a character device", existing("null"), 2, "it is a character device, not a regular file", "read"),
    File("a socket", existing("sock"), 2, "not a regular file", "read"),
    File("a link to a FIFO", existing("link-to-fifo"), 2, "named pipe (FIFO)", "read"),
    File("a dangling link", existing("dangling"), 2, "no such file or folder", "read"),
    File("larger than the limit", sparse(MAX_FILE_BYTES + 1), 2, "larger than the limit of 200.0 MB",
         "large"),
    # not JSON
    File("empty", raw_file(b""), 2, "the file is empty", "json"),
    File("blank", raw_file(b" \n\t "), 2, "the file is empty", "json"),
    File("nonsense", raw_file(b"nonsense"), 2, "not valid JSON (Expecting value", "json"),
    File("truncated", raw_file(json.dumps(GOOD).encode()[:80]), 2, "not valid JSON", "json"),
    File("binary", raw_file(bytes(range(256))), 2, "not a text file (not UTF-8)", "json"),
    File("UTF-16", raw_file(json.dumps(GOOD).encode("utf-16")), 2, "not a text file", "json"),
    File("a UTF-8 BOM", raw_file(b"\xef\xbb\xbf" + json.dumps(GOOD).encode()), 2, "not valid JSON", "json"),
    File("nested deeply", raw_file(b"[" * 100000 + b"]" * 100000), 2, "not valid JSON", "json"),
    File("rows of 5,000 digits", raw_file(json.dumps(GOOD).replace('"rows": 5', '"rows": ' + "7" * 5000)
                                          .encode()), 2, "a number has too many digits", "json"),
    File("pushes of 5,000 digits", raw_file(json.dumps(GOOD).replace(f'"pushes": {GOOD["pushes"]}',
                                                                     '"pushes": ' + "7" * 5000).encode()),
         2, "a number has too many digits", "json"),
    File("NaN", raw_file(json.dumps(GOOD).replace(f'"pops": {GOOD["pops"]}', '"pops": NaN').encode()), 2,
         '"pops" must be a whole number, not NaN', "invalid"),
    # not a knight-tour file, or another version
    File("a list", data_file([GOOD]), 2, "not a knight-tour file", "format"),
    File("a string", data_file("knight-tour"), 2, "not a knight-tour file", "format"),
    File("null", data_file(None), 2, "not a knight-tour file", "format"),
    File("no format", data_file(_with(format=KeyError)), 2, "not a knight-tour file", "format"),
    File("another format", data_file(_with(format="chess")), 2, "not a knight-tour file", "format"),
    File("no version", data_file(_with(version=KeyError)), 2, "version null is not supported", "version"),
    File("version 2", data_file(_with(version=2)), 2, "version 2 is not supported", "version"),
    File("version true", data_file(_with(version=True)), 2, "version true is not supported", "version"),
    File("version \"1\"", data_file(_with(version="1")), 2, "version \"1\" is not supported", "version"),
    File("version 1.0", data_file(_with(version=1.0)), 2, "version 1.0 is not supported", "version"),
    # the board
    File("no rows", data_file(_with(rows=KeyError)), 2, '"rows" is missing', "invalid"),
    File("rows a string", data_file(_with(rows="5")), 2, '"rows" must be a whole number', "invalid"),
    File("rows true", data_file(_with(rows=True)), 2, '"rows" must be a whole number, not true', "invalid"),
    File("rows 5.0", data_file(_with(rows=5.0)), 2, '"rows" must be a whole number', "invalid"),
    File("rows 0", data_file(_with(rows=0)), 2, "board rows must be between 1 and 2000, not 0", "invalid"),
    File("rows -5", data_file(_with(rows=-5)), 2, "not -5", "invalid"),
    File("rows 2001", data_file(_with(rows=2001)), 2, "not 2001", "board"),
    File("rows 150", data_file(_with(rows=150)), 2, "the path is not a knight's tour", "board"),
    # the start
    File("no start", data_file(_with(start=KeyError)), 2, "the start is null, not a [row, column] pair",
         "invalid"),
    File("start off the board", data_file(_with(start=[5, 0])), 2, "the start (5, 0) is off the 5×5 board",
         "invalid"),
    File("start of one number", data_file(_with(start=[0])), 2, "not a [row, column] pair", "invalid"),
    File("start of booleans", data_file(_with(start=[True, 0])), 2, "not a [row, column] pair", "invalid"),
    File("start a name", data_file(_with(start="a5")), 2, "not a [row, column] pair", "invalid"),
    # what was searched
    File("unknown algorithm", data_file(_with(algorithm="magic")), 2, "unknown algorithm 'magic'", "invalid"),
    File("an algorithm of HTML", data_file(_with(algorithm="<b>bold</b>")), 2,
         "unknown algorithm '<b>bold</b>'", "invalid"),
    File("an algorithm with escapes", data_file(_with(algorithm="\x1b]0;owned\x07")), 2,
         "unknown algorithm '\\x1b]0;owned\\x07'", "invalid"),
    File("unknown tie-break", data_file(_with(tie_break="coin")), 2, "unknown tie-break 'coin'", "invalid"),
    File("no closed", data_file(_with(closed=KeyError)), 2, '"closed" is missing', "invalid"),
    File("closed \"yes\"", data_file(_with(closed="yes")), 2, '"closed" must be true or false', "invalid"),
    File("unknown outcome", data_file(_with(outcome="win")), 2, "unknown outcome 'win'", "invalid"),
    File("no outcome", data_file(_with(outcome=KeyError)), 2, '"outcome" is missing', "invalid"),
    File("reason a number", data_file(_with(reason=5)), 2, '"reason" must be a string', "invalid"),
    # the path
    File("no path", data_file(_with(path=KeyError)), 2, '"path" is missing', "invalid"),
    File("path a string", data_file(_with(path="a5 b3")), 2, '"path" must be a list', "invalid"),
    File("a move not a pair", data_file(_with(path=[[0, 0], 7])), 2, "move 2 is 7, not a [row, column] pair",
         "invalid"),
    File("a move off the board", data_file(_with(path=[[0, 0], [9, 9]])), 2, "move 2 (9, 9) is off the 5×5",
         "invalid"),
    File("a square twice", data_file(_with(path=PATH[:-1] + [PATH[0]])), 2, "the path is not a knight's tour",
         "invalid"),
    File("not a knight's move", data_file(_with(path=[PATH[0], PATH[2], *PATH[1:2], *PATH[3:]])), 2,
         "the path is not a knight's tour", "invalid"),
    File("starts elsewhere", data_file(_with(start=[4, 4])), 2, "the path starts on", "invalid"),
    File("a tour cut short", data_file(_with(path=PATH[:10])), 2, "the path is not a knight's tour",
         "invalid"),
    File("impossible with a path", data_file(_with(outcome="impossible", path=PATH[:2])), 2,
         "a impossible file must have an empty path", "invalid"),
    File("stuck with an empty path", data_file(_with(outcome="stuck", path=[])), 2,
         "a stuck file must hold the path the knight got stuck on", "invalid"),
    File("pushes negative", data_file(_with(pushes=-1)), 2, "pushes and pops must not be negative",
         "invalid"),
    File("pushes a string", data_file(_with(pushes="25")), 2, '"pushes" must be a whole number', "invalid"),
    File("pops a float", data_file(_with(pops=0.5)), 2, '"pops" must be a whole number', "invalid"),
    # the trace: the same check for show and the window
    File("trace not a list", with_trace({"events": []}), 2,
         "the event trace does not fit its tour: it is not a list", "trace"),
    File("trace of nonsense", with_trace(["push"]), 2, "event 1 is not a push, pop or outcome", "trace"),
    File("trace event off the board", with_trace([["+", 9, 9, 2]]), 2, "event 1 is off the board", "trace"),
    File("trace push of degree 99", with_trace([["+", 0, 0, 99]]), 2, "event 1 is malformed", "trace"),
    File("trace pop of tried 99", with_trace([PUSH, ["-", 0, 0, 1, 99]]), 2, "event 2 is a malformed pop",
         "trace"),
    File("trace of a negative tour count", with_trace([PUSH, ["=", "tour", -1, "tour", "x"]]), 2,
         "event 2 is a malformed outcome", "trace"),
    File("trace not ending on the path", with_trace([PUSH]), 2,
         "it does not end on the saved path and counters", "trace"),
    File("trace of 2,000,001 events", with_trace([0] * 2_000_001), 2,
         "it has 2,000,001 events, more than 2,000,000", "trace"),
    File("trace popping what is not on top", with_trace([PUSH, ["-", 1, 2, 1, 0]]), 2, "event 2", "trace"),
    # good files, shown as written: escapes in their text never reach the terminal raw
    File("a good tour", existing("good.json"), 0, "Tour found on 5×5 from a5", None),
    File("a link to a good tour", link_to_good, 0, "Tour found on 5×5", None),
    File("a long name", long_named, 0, "Tour found on 5×5", None),
    File("an unknown key", data_file(_with(comment="hello")), 0, "Tour found", None),
    File("an unknown code", data_file(_with(code="from-the-future", args=[1])), 0, "Tour found", None),
    File("a partial path", data_file(_partial("budget used up")), 1, "Budget used up on 5×5 from a5", None),
    File("a reason with ANSI escapes", data_file(_partial("\x1b[31mred\x1b[0m\x1b]0;title\x07")), 1,
         ": \\x1b[31mred\\x1b[0m\\x1b]0;title\\x07;", None),
    File("a reason of two lines", data_file(_partial("one\ntwo")), 1, ": one\\ntwo; 3 pushes", None),
    File("a reason with a lone surrogate", data_file(_partial("\ud800")), 1, ": \\ud800;", None),
    File("an impossible start", data_file(_with(outcome="impossible", path=[], pushes=0, pops=0,
                                                 code=KeyError, args=KeyError, reason="no tour")), 1,
         "Impossible on 5×5 from a5", None),
]

FILE_IDS = [case.name for case in FILES]


@pytest.mark.parametrize("case", FILES, ids=FILE_IDS)
def test_a_file_for_show(world, capsys, case: File):
    target = case.make(world)
    code = cli.main(["show", str(target)])
    out, err = capsys.readouterr()
    assert code == case.show_code, (out, err)
    if code == 2:
        assert out == ""
        assert err.startswith("knight-tour: error: ") and err.endswith("\n") and err.count("\n") == 1, err
        assert case.show_fragment in err, err
        assert "Traceback" not in err
    else:
        assert err == ""
        assert case.show_fragment in out, out
        summary = out.splitlines()[-1]
        assert summary.startswith(("Tour found", "Budget used up", "Impossible"))
    assert "\x1b" not in out + err and "\x07" not in out + err
    special_files_unchanged(world)


@pytest.mark.parametrize("case", FILES, ids=FILE_IDS)
def test_a_file_for_the_windows_open(world, capsys, case: File):
    """What the window's worker runs on File ▸ Open (its dialog words the refusal's kind), refusing
    what ``show`` refuses, for the same reason in the same words."""
    from knight_gui.ui.files import OpenProblem, read_file

    target = case.make(world)
    if case.window is None:
        loaded = read_file(str(target), 100)
        assert loaded.record.board.dims == "5×5"
        return
    with pytest.raises(OpenProblem) as caught:
        read_file(str(target), 100)
    problem = caught.value
    assert problem.kind == case.window
    if case.window in ("invalid", "trace", "read", "json"):  # the detail the dialog shows
        assert cli.main(["show", str(target)]) == 2
        shown = capsys.readouterr().err
        assert str(problem.args_[0]) in shown, (problem.args_, shown)
    special_files_unchanged(world)
