"""Open tours from every square with the default algorithm (issue 15): which starts fail?

Run from the repository root (it takes minutes: run it in the background):

    python benchmarks/bench_open_every_square.py                     # n×n to 60, m×n 5 <= m <= n <= 40
    python benchmarks/bench_open_every_square.py --max-seconds 1800  # stop after 30 min, partial figures
    python benchmarks/bench_open_every_square.py --squares 30 --rectangles 12   # smaller
    python benchmarks/bench_open_every_square.py --squares 4     # rectangles only (no n×n from 5)

Every start where a tour can exist (``impossible`` says None) is searched with
``Search(board, start, max_nodes=200_000)`` (the default algorithm and
tie-break) until its first outcome.  A start fails when that outcome is not a
tour.  Mirror images are searched too: they are not assumed to behave alike.

Prints ONE JSON line: boards and starts searched, failures (board, square,
outcome, pushes), the largest number of pushes one start took, pops in all,
wall and CPU seconds, and whether the run stopped early on its time cap.
Progress and each failure as it happens go to stderr.
``--fallback`` also checks that every failing start gets a tour from
``closed.open_tour``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from knight_gui.tour import OUTCOME_TOUR, Board, Outcome, Search, impossible  # noqa: E402
from knight_gui.tour.validate import is_tour  # noqa: E402

BUDGET = 200_000


def boards(squares: int, rectangles: int) -> Iterator[Board]:
    """n×n for n = 5..squares, then m×n with 5 <= m < n <= rectangles (squares already done)."""
    for n in range(5, squares + 1):
        yield Board(n)
    for m in range(5, rectangles + 1):
        for n in range(m + 1, rectangles + 1):
            yield Board(m, n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--squares", type=int, default=60, help="largest n of the n×n boards (60)")
    parser.add_argument("--rectangles", type=int, default=40, help="largest side of the m×n boards (40)")
    parser.add_argument("--budget", type=int, default=BUDGET, help="pushes per start (200000)")
    parser.add_argument("--max-seconds", type=float, default=None, help="stop after this wall time")
    parser.add_argument("--fallback", action="store_true", help="check closed.open_tour on failures")
    args = parser.parse_args()
    t0, c0 = time.perf_counter(), time.process_time()
    n_boards = n_starts = pops = most = 0
    most_at = ""
    failures: list[dict[str, object]] = []
    stopped = False
    last = ""
    for board in boards(args.squares, args.rectangles):
        if args.max_seconds is not None and time.perf_counter() - t0 > args.max_seconds:
            stopped = True
            break
        n_boards += 1
        last = board.dims
        for start in range(board.size):
            if impossible(board, start) is not None:
                continue
            n_starts += 1
            search = Search(board, start, max_nodes=args.budget)
            for event in search:
                if event.__class__ is Outcome:
                    break
            pops += search.pops
            if search.pushes > most:
                most, most_at = search.pushes, f"{board.dims} {board.label(start)}"
            outcome = search.outcome
            if outcome is None or outcome.kind != OUTCOME_TOUR:
                failure: dict[str, object] = {
                    "board": board.dims, "start": board.label(start),
                    "outcome": outcome.kind if outcome else None, "pushes": search.pushes}
                if args.fallback:
                    from knight_gui.tour.closed import open_tour
                    path = open_tour(board.rows, board.cols, start)
                    failure["fallback"] = path is not None and is_tour(board, path) and path[0] == start
                failures.append(failure)
                print(f"fail: {json.dumps(failure, ensure_ascii=False)}", file=sys.stderr, flush=True)
        print(f"{board.dims}: done, {len(failures)} failures so far, "
              f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    report = {
        "budget_pushes": args.budget,
        "squares_up_to": args.squares, "rectangles_up_to": args.rectangles,
        "boards": n_boards, "starts": n_starts, "last_board": last, "stopped_early": stopped,
        "failures": failures, "failed_starts": len(failures),
        "pops": pops, "most_pushes": most, "most_pushes_at": most_at,
        "seconds": round(time.perf_counter() - t0, 1), "cpu_seconds": round(time.process_time() - c0, 1),
    }
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
