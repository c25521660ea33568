"""Fuzz the command line: any argv and any file give an exit code and at most one error line.

tests/test_cli.py holds the table of known bad invocations; this adds
hypothesis-made ones: commands, options and values (good, bad, out of range,
misplaced, repeated) in any order, and saved-tour files cut, corrupted and
made up.  Whatever comes in, ``main`` returns 0, 1 or 2, never raises (no
traceback), and exit 2 comes with exactly one line on stderr that starts
with ``knight-tour: error:``.  Every search gets a push budget so that each
example stays fast.  The window and the PNG export are stand-ins (no Qt).
"""

from __future__ import annotations

import json
import sys
import types

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knight_gui import cli

COMMANDS = ["solve", "count", "show", "export", "", "frobnicate"]
OPTIONS = ["--size", "--rows", "--cols", "--start", "-a", "--algorithm", "-t", "--tie-break", "--closed",
           "--budget", "--seconds", "--all", "--save", "--format", "--coords", "-o", "--output", "--px",
           "--play", "--version", "--frobnicate", "-", "--", "--size=", "--start="]
VALUES = ["0", "-1", "1", "2", "3", "4", "5", "6", "8", "a8", "a1", "h1", "z9", "0,0", "(0, 0)", "1 2", "0 0",
          "abc", "", " ", "2.5", "1e3", "nan", "inf", "-0", "99999999999999999999", "2001", "warnsdorff",
          "classic", "backtracking", "greedy", "fixed", "roth", "pohl", "lookahead", "json", "text", "xml",
          "chess", "index", "none", "{tmp}/t.json", "{tmp}/t.png", "{tmp}/missing/t.json", "{tmp}",
          "{tmp}/tour.json", "\u00e9", "--", "\x00"]

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.fixture
def stand_ins(monkeypatch):
    """The window and the PNG export, without Qt."""
    def module(name: str, **functions) -> None:
        stub = types.ModuleType(name)
        for key, function in functions.items():
            setattr(stub, key, function)
        monkeypatch.setitem(sys.modules, name, stub)

    def export_tour(board, path, closed, filename, **options):
        with open(filename, "wb") as handle:
            handle.write(b"\x89PNG stand-in")

    module("knight_gui.ui.app", run_window=lambda **kw: 0)
    module("knight_gui.ui.export", export_tour=export_tour)


def check_run(capsys, argv: list[str]) -> int:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code)
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("knight-tour: error: "), (argv, err)
        assert "Traceback" not in err
    else:
        assert err == "", (argv, err)
    return code


def budgeted(argv: list[str]) -> list[str]:
    """The same invocation with a small push budget, so that every search ends quickly."""
    if argv and argv[0] in ("solve", "count", "export"):
        return [*argv, "--budget", "3000"]
    return argv


@SETTINGS
@given(data=st.data())
def test_any_invocation_exits_0_1_or_2_with_at_most_one_error_line(capsys, tmp_path, stand_ins, data):
    command = data.draw(st.sampled_from(COMMANDS), label="command")
    words = data.draw(st.lists(st.sampled_from(OPTIONS + VALUES), max_size=8), label="words")
    argv = ([command] if command else []) + [w.replace("{tmp}", str(tmp_path)) for w in words]
    check_run(capsys, budgeted(argv))


@settings(SETTINGS, max_examples=60)
@given(size=st.sampled_from(["1", "3", "4", "5", "6", "8"]),
       start=st.sampled_from(["a1", "0 0", "1,2", "b3"]),
       algorithm=st.sampled_from(["warnsdorff", "classic", "backtracking", "greedy"]),
       closed=st.booleans(), fmt=st.sampled_from(["text", "json"]))
def test_good_invocations_exit_0_or_1_and_print_nothing_on_stderr(capsys, stand_ins, size, start, algorithm,
                                                                  closed, fmt):
    argv = ["solve", "--size", size, "--start", *start.split(), "-a", algorithm, "--format", fmt]
    if closed and algorithm != "greedy":
        argv.append("--closed")
    check_run(capsys, budgeted(argv))


def _valid_tour_file(tmp_path) -> str:
    target = tmp_path / "tour.json"
    assert cli.main(["solve", "--size", "5", "--start", "a5", "--save", str(target)]) == 0
    return target.read_text(encoding="utf-8")


@settings(SETTINGS, max_examples=100)
@given(data=st.data())
def test_show_of_any_file_exits_0_1_or_2_with_at_most_one_error_line(capsys, tmp_path, data):
    good = _valid_tour_file(tmp_path)
    capsys.readouterr()
    kind = data.draw(st.sampled_from(["cut", "flip", "splice", "json", "bytes"]), label="kind")
    if kind == "cut":
        raw = good.encode()[: data.draw(st.integers(0, len(good)), label="length")]
    elif kind == "flip":
        i = data.draw(st.integers(0, len(good) - 1), label="at")
        raw = (good[:i] + data.draw(st.characters(), label="char") + good[i + 1:]).encode("utf-8", "replace")
    elif kind == "splice":  # change one field of a valid file to something else
        record = json.loads(good)
        key = data.draw(st.sampled_from(sorted(record)), label="key")
        value = st.one_of(st.none(), st.booleans(), st.integers(-10, 3000), st.text(max_size=5),
                          st.lists(st.integers(-2, 6), max_size=4),
                          st.lists(st.lists(st.integers(-1, 6), max_size=3), max_size=30))
        record[key] = data.draw(value, label="value")
        raw = json.dumps(record).encode()
    elif kind == "json":
        document = st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=8),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                        max_size=4),
            max_leaves=12)
        raw = json.dumps(data.draw(document, label="document")).encode()
    else:
        raw = data.draw(st.binary(max_size=200), label="bytes")
    target = tmp_path / "any.json"
    target.write_bytes(raw)
    check_run(capsys, ["show", str(target)])
