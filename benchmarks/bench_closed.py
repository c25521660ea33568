"""Closed tours by construction against the open tour, per square, side by side (issue 15).

Run from the repository root:

    python benchmarks/bench_closed.py            # 100×100, 500×500, 1000×1000, best of 3
    python benchmarks/bench_closed.py --repeats 1 --sizes 100 500

Each figure is one fresh interpreter that does one thing, set-up included,
timed from the call to the last square:

- ``open``: ``Search(Board(n), 0)`` (the default algorithm) iterated to its
  first Outcome, every event consumed;
- ``closed``: ``closed_tour(n, n, start)``, the list of squares of a closed
  tour from the centre square (no cycle kept from before);
- ``closed_events``: ``closed_events(Board(n), start)`` consumed to its
  Outcome, one Push per square with its Warnsdorff degree;
- ``closed_search``: ``Search(Board(n), start, "construct", closed=True)``
  iterated to its Outcome: the readable search pushing the constructed tour
  (what the window animates and ``knight-tour solve --closed`` runs).

The three kinds take turns, so a busy machine slows them alike.  Prints ONE
JSON line: per size, µs per square (wall, best of the repeats, and the CPU
time of that run), peak memory (``ru_maxrss``, MB) and the ratios closed/open
(targets: ≤ 5 µs per square, ratio ≤ 2).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PROBE = """
import resource, sys, time
from knight_gui.tour import Board, Outcome, Search
from knight_gui.tour.closed import closed_events, closed_tour
kind, n = sys.argv[1], int(sys.argv[2])
start = n // 2 * n + n // 2
t0, c0 = time.perf_counter(), time.process_time()
if kind == "open":
    search = Search(Board(n), 0)
    for event in search:
        if event.__class__ is Outcome:
            break
    ok = search.outcome.kind == "tour"
elif kind == "closed":
    ok = len(closed_tour(n, n, start)) == n * n
elif kind == "closed_search":
    search = Search(Board(n), start, "construct", closed=True)
    for event in search:
        pass
    ok = search.outcome.kind == "tour" and search.pushes == n * n
else:
    pushes = 0
    for event in closed_events(Board(n), start):
        pushes += 1
    ok = pushes == n * n + 1
seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
print(seconds, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, ok)
"""

KINDS = ("open", "closed", "closed_events", "closed_search")


def probe(kind: str, n: int) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MB) of one fresh interpreter doing ``kind`` on n×n."""
    out = subprocess.run([sys.executable, "-c", _PROBE, kind, str(n)], cwd=ROOT, check=True,
                         capture_output=True, text=True, env={"PYTHONPATH": str(ROOT)}).stdout.split()
    if out[3] != "True":
        raise SystemExit(f"{kind} on {n}×{n} did not give a tour")
    return float(out[0]), float(out[1]), int(out[2]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    figures: dict[str, dict[str, float]] = {}
    for n in args.sizes:
        best: dict[str, tuple[float, float, float]] = {}
        for _ in range(args.repeats):
            for kind in KINDS:
                run = probe(kind, n)
                if kind not in best or run[0] < best[kind][0]:
                    best[kind] = run
        row: dict[str, float] = {}
        squares = n * n
        for kind in KINDS:
            wall, cpu, peak = best[kind]
            row[f"{kind}_us"] = round(wall / squares * 1e6, 3)
            row[f"{kind}_cpu_us"] = round(cpu / squares * 1e6, 3)
            row[f"{kind}_peak_mb"] = round(peak, 1)
        for kind in KINDS[1:]:
            row[f"ratio_{kind}"] = round(best[kind][0] / best["open"][0], 3)
            row[f"ratio_{kind}_cpu"] = round(best[kind][1] / best["open"][1], 3)
        figures[f"{n}x{n}"] = row
    worst_us = max(row[f"{k}_us"] for row in figures.values() for k in KINDS[1:])
    worst_ratio = max(row[f"ratio_{k}"] for row in figures.values() for k in KINDS[1:])
    print(json.dumps({"repeats": args.repeats, "sizes": figures,
                      "worst_closed_us": worst_us, "worst_ratio": worst_ratio,
                      "targets_met": worst_us <= 5 and worst_ratio <= 2}))


if __name__ == "__main__":
    main()
