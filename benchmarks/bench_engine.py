"""Print the tour engine's figures against the targets of issue 2.

Run from the repository root:

    python benchmarks/bench_engine.py            # everything (a few minutes)
    python benchmarks/bench_engine.py --quick    # under a minute: smaller boards and budgets

Times are wall-clock on this machine, best of a few runs where cheap, with the
process's CPU time beside them (on a busy machine the wall clock also counts
other processes' turns); peak memory is the ``ru_maxrss`` of a fresh
interpreter that does one solve.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from knight_gui.tour import Board, Outcome, Search  # noqa: E402

_MEMORY_PROBE = """
import resource, sys, time
from knight_gui.tour import Board, Outcome, Search
n = int(sys.argv[1])
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0, c0 = time.perf_counter(), time.process_time()
search = Search(Board(n), 0)
for event in search:
    if event.__class__ is Outcome:
        break
seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(seconds, cpu, base, peak, search.outcome.kind, search.pops)
"""


def solve(board: Board, start: int, **options: object) -> Search:
    """Run one search to its first outcome, consuming every event."""
    search = Search(board, start, **options)  # type: ignore[arg-type]
    for event in search:
        if event.__class__ is Outcome:
            break
    return search


def all_starts_8x8(repeats: int) -> None:
    board = Board(8)
    times, cpu = [], []
    for _ in range(repeats):
        gc.collect()
        t0, c0 = time.perf_counter(), time.process_time()
        for start in range(64):
            solve(board, start)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    print(f"8x8, all 64 starts, default solver, every event: best {min(times) * 1e3:.1f} ms, "
          f"median {statistics.median(times) * 1e3:.1f} ms over {repeats} runs (CPU best "
          f"{min(cpu) * 1e3:.1f} ms; target <= 15 ms)")


def corner(sizes: list[int]) -> None:
    root = str(Path(__file__).resolve().parent.parent)
    for n in sizes:
        out = subprocess.run([sys.executable, "-c", _MEMORY_PROBE, str(n)], cwd=root,
                             capture_output=True, text=True, check=True).stdout.split()
        seconds, cpu, base, peak = float(out[0]), float(out[1]), int(out[2]), int(out[3])
        print(f"{n}x{n} corner, set-up included: {seconds:.2f} s, {seconds / n / n * 1e6:.2f} us/square "
              f"(CPU {cpu / n / n * 1e6:.2f}; target <= 5), peak {peak / 1024:.0f} MB (interpreter "
              f"{base / 1024:.0f} MB; target <= 150), outcome {out[4]}, pops {out[5]}")


def events_per_second(seconds: float) -> None:
    search = Search(Board(8), 0, "backtracking")
    events = iter(search)
    count = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        for _ in itertools.islice(events, 100_000):
            count += 1
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"plain backtracking on 8x8: {count / elapsed / 1e3:.0f}k events/s "
          f"({count} events in {elapsed:.2f} s; CPU {count / cpu / 1e3:.0f}k/s; target >= 500k)")


def zero_pop_sweep(max_corner: int) -> None:
    board = Board(8)
    pops = [solve(board, s).pops for s in range(64)]
    bad = [board.name(s) for s, p in enumerate(pops) if p]
    print(f"8x8, all 64 starts: {sum(pops)} pops in all; starts with pops: {bad or 'none'}")
    bad_n = []
    t0 = time.perf_counter()
    for n in range(5, max_corner + 1):
        search = solve(Board(n), 0)
        if search.pops or search.outcome is None or search.outcome.kind != "tour":
            bad_n.append((n, search.pops, search.outcome.kind if search.outcome else None))
    print(f"corner of n x n, n = 5..{max_corner}: boards with pops or no tour: {bad_n or 'none'} "
          f"({time.perf_counter() - t0:.1f} s)")


def every_start(max_n: int, budget: int) -> None:
    """Every start of every n x n, n = 5..max_n: tours found and pops in all (budget: pushes per start)."""
    total_pops = 0
    failures = []
    t_all = time.perf_counter()
    for n in range(5, max_n + 1):
        board = Board(n)
        t0 = time.perf_counter()
        pops = 0
        worst = (0, "")
        tours = impossible = 0
        for start in range(board.size):
            search = solve(board, start, max_nodes=budget)
            kind = search.outcome.kind if search.outcome else None
            if kind == "tour":
                tours += 1
            elif kind == "impossible":
                impossible += 1
            else:
                failures.append((n, board.name(start), kind, search.pops))
            pops += search.pops
            worst = max(worst, (search.pops, board.name(start)))
        total_pops += pops
        print(f"  {n:2}x{n:<2}: {tours} tours, {impossible} impossible, {pops} pops"
              + (f" (most {worst[0]} from {worst[1]})" if pops else "")
              + f", {time.perf_counter() - t0:.1f} s", flush=True)
    print(f"every start of n x n, n = 5..{max_n}: {total_pops} pops in all; "
          f"starts without a tour within {budget} pushes: {failures or 'none'} "
          f"({time.perf_counter() - t_all:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="sweep every start only up to 12x12 with a small budget, corners to 300x300")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    all_starts_8x8(repeats=30)
    corner([100, 300] if args.quick else [100, 300, 1000])
    events_per_second(2.0)
    zero_pop_sweep(100)
    if args.quick:
        every_start(12, budget=5_000)
    else:
        every_start(30, budget=2_000_000)
    print(f"peak memory of this process: "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
