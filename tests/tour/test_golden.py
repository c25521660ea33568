"""The search's results must not change: a golden table recorded from the search of 3201491.

For every valid algorithm x tie-break x closed on a fixed set of boards and
starts, the table holds what the search reports at each of its first outcomes
(kind, code, tours, pushes, pops, dead ends, the deepest stack, a digest of
the path), a digest of every event up to there, the first events of a few
searches, the frames read mid-search (each frame's candidates with their
degrees, and the index of the next) and a snapshot taken mid-search with the
events that follow its resumption.

Regenerate (only on purpose, when a change of results is intended and said):

    PYTHONPATH=$PWD python3 tests/tour/test_golden.py
"""

from __future__ import annotations

import hashlib
import json
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from knight_gui.tour import ALGORITHMS, FIXED_ORDER, TIE_BREAKS, Board, Outcome, Pop, Push, Search
from knight_gui.tour.algorithms import CONSTRUCTED

DATA = Path(__file__).parent / "data" / "golden_search.json"

#: (rows, cols, starts): corners, centres, and starts known to backtrack a lot.
BOARDS: list[tuple[int, int, tuple[int, ...]]] = [
    (3, 4, (0, 1, 4)),
    (4, 5, (0, 2, 7)),
    (5, 5, (0, 1, 12, 14)),
    (5, 6, (0, 7, 15)),
    (6, 6, (0, 14, 18)),
    (7, 7, (0, 10, 24, 12)),   # 10 is d6: 457,138 pops under Roth's distance alone
    (8, 8, (0, 27, 63)),
    (6, 8, (0, 20)),
    (10, 10, (0, 55, 18)),
]

BUDGET = 20_000        # pushes per search: every case ends fast
OUTCOMES_KEPT = 3      # go on after a tour for up to this many outcomes
HEAVY = [              # a few searches that backtrack for long, under a larger budget
    (5, 5, 0, "backtracking", "fixed", False, 200_000),
    (6, 6, 0, "backtracking", "fixed", True, 200_000),
    (7, 7, 10, "warnsdorff", "roth", False, 200_000),
    (8, 8, 0, "backtracking", "fixed", False, 200_000),
]
FIRST_EVENTS = 60      # events kept whole for the cases below
DETAILED = [           # (rows, cols, start, algorithm, tie_break, closed): events, frames, snapshot
    (5, 5, 0, "backtracking", "fixed", False),
    (6, 6, 0, "backtracking", "fixed", True),
    (5, 5, 12, "warnsdorff", "lookahead", False),
    (6, 6, 0, "warnsdorff", "lookahead", True),
    (7, 7, 10, "warnsdorff", "roth", False),
    (5, 6, 7, "warnsdorff", "pohl", True),
    (8, 8, 27, "warnsdorff", "fixed", False),
    (6, 8, 0, "classic", "fixed", True),
    (8, 8, 0, "greedy", "pohl", False),
]
FRAME_AT = (20, 300, 1_200)  # event indices at which every frame is read
SNAPSHOT_AT = 1_500          # event index at which a snapshot is taken and resumed
AFTER_RESUME = 2_000         # events compared after resuming


def configs() -> list[tuple[str, str, bool]]:
    """Every valid (algorithm, tie-break, closed) of the searching algorithms (the construction,
    which pushes a tour built beforehand, has tests/tour/test_construct.py)."""
    found = []
    for algorithm in ALGORITHMS:
        if algorithm in CONSTRUCTED:
            continue
        ties = ["fixed"] if algorithm in FIXED_ORDER else list(TIE_BREAKS)
        for tie_break in ties:
            for closed in (False, True):
                if closed and algorithm == "greedy":
                    continue
                found.append((algorithm, tie_break, closed))
    return found


def encode(event: Any) -> list[Any]:
    """An event as JSON: push/pop fields as ints, an outcome by kind, code and tours."""
    if event.__class__ is Push:
        return ["push", event.square, event.step, event.degree]
    if event.__class__ is Pop:
        return ["pop", event.square, event.step, int(event.reason), event.tried]
    return ["outcome", event.kind, event.code, event.tours]


def digest(values: Any) -> str:
    return hashlib.sha256(json.dumps(values, separators=(",", ":")).encode()).hexdigest()[:16]


def run_case(rows: int, cols: int, start: int, algorithm: str, tie_break: str, closed: bool,
             budget: int) -> dict[str, Any]:
    """Run one search to its OUTCOMES_KEPT-th outcome (or its end); what it reports."""
    search = Search(Board(rows, cols), start, algorithm, tie_break, closed, max_nodes=budget)
    outcomes = []
    stream = hashlib.sha256()
    batch: list[int] = []
    for event in search:
        if event.__class__ is Push:
            batch += (1, event.square, event.step, event.degree)
        elif event.__class__ is Pop:
            batch += (2, event.square, event.step, int(event.reason), event.tried)
        else:
            stream.update(repr(batch).encode())
            batch = []
            outcomes.append({
                "kind": event.kind, "code": event.code, "tours": event.tours,
                "pushes": search.pushes, "pops": search.pops, "dead_ends": search.dead_ends,
                "max_depth": search.max_depth, "depth": search.depth, "path": digest(search.path()),
                "events": stream.hexdigest()[:16],
            })
            if event.kind != "tour" or len(outcomes) == OUTCOMES_KEPT:
                break
    return {"case": [rows, cols, start, algorithm, tie_break, closed, budget], "outcomes": outcomes}


def frames_json(search: Search) -> list[Any]:
    return [[f.square, f.step, [list(c) for c in f.candidates], f.next] for f in search.frames()]


def run_detailed(rows: int, cols: int, start: int, algorithm: str, tie_break: str,
                 closed: bool) -> dict[str, Any]:
    """The first events, the frames at FRAME_AT, and a snapshot at SNAPSHOT_AT resumed."""
    board = Board(rows, cols)
    search = Search(board, start, algorithm, tie_break, closed, max_nodes=BUDGET)
    first: list[Any] = []
    frames: dict[str, Any] = {}
    snapshot: dict[str, Any] = {}
    events = iter(search)
    index = 0
    for event in events:
        index += 1
        if index <= FIRST_EVENTS:
            first.append(encode(event))
        if index in FRAME_AT:
            frames[str(index)] = {"depth": search.depth, "frames": frames_json(search)}
        if index == SNAPSHOT_AT and event.__class__ is not Outcome:
            snap = search.snapshot()
            resumed = Search(board, start, algorithm, tie_break, closed, max_nodes=BUDGET, resume=snap)
            assert frames_json(resumed) == frames_json(search)
            after_resumed = [encode(e) for e in islice(resumed, AFTER_RESUME)]
            after_first = [encode(e) for e in islice(events, AFTER_RESUME)]
            assert after_resumed == after_first, "resuming from a snapshot went another way"
            snapshot = {
                "snapshot": {"path": digest(list(snap.path)), "tried": digest(list(snap.tried)),
                             "pushes": snap.pushes, "pops": snap.pops, "tours": snap.tours,
                             "max_depth": snap.max_depth, "dead_ends": snap.dead_ends},
                "after": digest(after_resumed),
                "counters": [resumed.pushes, resumed.pops, resumed.dead_ends, resumed.max_depth],
            }
            break
        if event.__class__ is Outcome and event.kind != "tour":
            break
    return {"case": [rows, cols, start, algorithm, tie_break, closed], "first": first, "frames": frames,
            "snapshot": snapshot}


def all_cases() -> list[tuple[Any, ...]]:
    cases: list[tuple[Any, ...]] = []
    for rows, cols, starts in BOARDS:
        for start in starts:
            for algorithm, tie_break, closed in configs():
                cases.append((rows, cols, start, algorithm, tie_break, closed, BUDGET))
    return cases + list(HEAVY)


def compute() -> dict[str, Any]:
    return {"cases": [run_case(*case) for case in all_cases()],
            "detailed": [run_detailed(*case) for case in DETAILED]}


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(DATA.read_text())


def test_the_table_covers_every_valid_combination(golden):
    assert [c["case"] for c in golden["cases"]] == [list(case) for case in all_cases()]
    assert len(configs()) == 16
    kinds = {o["kind"] for c in golden["cases"] for o in c["outcomes"]}
    assert kinds == {"tour", "no-tour", "impossible", "stuck", "budget"}


def test_every_case_reports_what_it_reported(golden):
    want = {tuple(c["case"]): c["outcomes"] for c in golden["cases"]}
    for case in all_cases()[:-len(HEAVY)]:
        assert run_case(*case)["outcomes"] == want[case], case


@pytest.mark.slow
@pytest.mark.parametrize("case", HEAVY)
def test_every_long_search_reports_what_it_reported(golden, case):
    """The searches that backtrack for long (seconds): in the long checks (``-m slow``)."""
    want = {tuple(c["case"]): c["outcomes"] for c in golden["cases"]}
    assert run_case(*case)["outcomes"] == want[case]


@pytest.mark.parametrize("index", range(len(DETAILED)))
def test_first_events_frames_and_snapshots_are_as_recorded(golden, index):
    assert run_detailed(*DETAILED[index]) == golden["detailed"][index]


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    table = compute()
    lines = ",\n".join(json.dumps(item, separators=(",", ":")) for item in table["cases"])
    details = ",\n".join(json.dumps(item, separators=(",", ":")) for item in table["detailed"])
    DATA.write_text(f'{{"cases": [\n{lines}\n],\n"detailed": [\n{details}\n]}}\n')
    print(f"wrote {DATA}")
