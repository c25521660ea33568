"""Memory over long runs: it must stay flat, not grow with the number of tours.

Run from the repository root:

    python benchmarks/bench_memory.py              # everything, a few minutes
    python benchmarks/bench_memory.py --engine     # 10,000 searches in one process only
    python benchmarks/bench_memory.py --window     # the window playing 100 tours only
    python benchmarks/bench_memory.py --check      # exit 1 if memory grows beyond the limits

Part 1 runs 10,000 searches to their first outcome in one process, every
event applied to a ``TourState`` as the window does, twice:

* one board (8x8, every start, every algorithm and tie-break, open and
  closed), as the window, ``solve --all`` and the analysis batch use the
  engine;
* a different board every time (5x5 to 16x16), the worst case for the
  engine's cache of compiled search loops.

It reports the peak resident memory (``ru_maxrss``), the resident memory now
and the Python objects alive (``sys.getallocatedblocks``) after 100, 1,000
and 10,000 searches.  Flat: from 1,000 to 10,000 no Python objects are kept
and the resident memory stays within the limit.

Part 2 opens the real window (offscreen) and plays 100 tours in a row at full
speed through the player, as a user pressing End would, on boards from 5x5 to
12x12 (configurations the engine first checks to end within 50,000 pushes),
and reports the same figures after 10 and after 100 tours.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from knight_gui.tour import ALGORITHMS, TIE_BREAKS, Board, Outcome, Search  # noqa: E402
from knight_gui.tour.state import TourState  # noqa: E402

#: Resident memory growth allowed from the first tenth to the end (MB), for --check.
ENGINE_LIMIT_MB = 3.0
WINDOW_LIMIT_MB = 15.0
#: Python objects (allocated blocks) that may appear from the first tenth to the end.
BLOCKS_LIMIT = 20_000
_PAGE = os.sysconf("SC_PAGE_SIZE")


def peak_mb() -> float:
    """Peak resident memory of this process so far (ru_maxrss is in KB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_mb() -> float:
    """Resident memory now (from /proc; falls back to the peak elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * _PAGE / 2**20
    except OSError:
        return peak_mb()


def trimmed_mb() -> float | None:
    """Resident memory once the C allocator has given its free memory back (glibc only), else None."""
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    libc.malloc_trim(0)
    return current_mb()


def figures(label: str) -> dict[str, float]:
    gc.collect()
    row = {"peak": peak_mb(), "rss": current_mb(), "blocks": sys.getallocatedblocks()}
    trimmed = trimmed_mb()
    row["trimmed"] = row["rss"] if trimmed is None else trimmed
    print(f"  {label:<24} peak RSS {row['peak']:7.1f} MB   RSS now {row['rss']:7.1f} MB   "
          f"after malloc_trim {row['trimmed']:7.1f} MB   Python blocks {row['blocks']:>9,}", flush=True)
    return row


def growth_line(first: dict[str, float], last: dict[str, float], what: str) -> str:
    peak, rss, trimmed, blocks = (last[k] - first[k] for k in ("peak", "rss", "trimmed", "blocks"))
    return (f"  {what}: peak {peak:+.1f} MB, RSS {rss:+.1f} MB, after malloc_trim {trimmed:+.1f} MB, "
            f"Python blocks {blocks:+,.0f}")


# -- part 1: the engine ------------------------------------------------------------------------

ALGORITHM_NAMES = sorted(ALGORITHMS)
TIE_NAMES = sorted(TIE_BREAKS)


def config_of(board: Board, start: int, rng: random.Random):
    algorithm = rng.choice(ALGORITHM_NAMES)
    tie = "fixed" if algorithm in ("classic", "backtracking") else rng.choice(TIE_NAMES)
    closed = algorithm != "greedy" and rng.random() < 0.2
    # Some searches run for hours (plain backtracking; Warnsdorff from a square with no tour,
    # which it must search exhaustively): a push budget ends every one.
    budget = 2_000 if algorithm == "backtracking" or closed else 5_000
    return board, start, algorithm, tie, closed, budget


def one_board_configs(count: int, seed: int = 7):
    """Every start of 8x8 in turn, with a random algorithm, tie-break and closedness."""
    rng = random.Random(seed)
    board = Board(8)
    for i in range(count):
        yield config_of(board, i % board.size, rng)


def new_board_configs(count: int, seed: int = 7):
    """A different board every time, 5x5 to 16x16."""
    rng = random.Random(seed)
    for _ in range(count):
        board = Board(rng.randint(5, 16), rng.randint(5, 16))
        yield config_of(board, rng.randrange(board.size), rng)


def solve(board: Board, start: int, algorithm: str, tie: str, closed: bool, budget: int | None) -> str:
    """Run one search to its first outcome, applying every event to a TourState (as the window does)."""
    search = Search(board, start, algorithm, tie, closed, max_nodes=budget)
    state = TourState(board)
    apply = state.apply
    for event in search:
        apply(event)
        if event.__class__ is Outcome:
            return event.kind
    raise AssertionError("a search ended without an outcome")


def engine_run(title: str, configs, total: int) -> tuple[float, float, int]:
    print(f"Engine, {title}: {total:,} searches to their first outcome")
    rows = {}
    outcomes: dict[str, int] = {}
    began = time.perf_counter()
    for i, config in enumerate(configs, 1):
        kind = solve(*config)
        outcomes[kind] = outcomes.get(kind, 0) + 1
        if i in (total // 100, total // 10, total):
            rows[i] = figures(f"after {i:,} searches")
    seconds = time.perf_counter() - began
    print(f"  outcomes: {', '.join(f'{k} {v:,}' for k, v in sorted(outcomes.items()))}; {seconds:.1f} s")
    first, last = rows[total // 10], rows[total]
    print(growth_line(first, last, f"from {total // 10:,} to {total:,}"))
    rss = max(last["rss"] - first["rss"], last["peak"] - first["peak"])
    return rss, last["trimmed"] - first["trimmed"], int(last["blocks"] - first["blocks"])


def engine_part(total: int) -> bool:
    """Both runs; True when memory is flat."""
    flat = True
    title = "one board (8x8, every start, every algorithm)"
    rss, _, blocks = engine_run(title, one_board_configs(total), total)
    if rss > ENGINE_LIMIT_MB or blocks > BLOCKS_LIMIT:
        print(f"  NOT FLAT (limits {ENGINE_LIMIT_MB} MB, {BLOCKS_LIMIT:,} blocks)")
        flat = False
    else:
        print("  flat")
    title = "a new board every time (5x5 to 16x16)"
    rss, trimmed, blocks = engine_run(title, new_board_configs(total), total)
    if blocks > BLOCKS_LIMIT or trimmed > ENGINE_LIMIT_MB:
        print(f"  NOT FLAT: {blocks:,} more Python objects, {trimmed:+.1f} MB after malloc_trim")
        flat = False
    elif rss > ENGINE_LIMIT_MB:
        print(f"  flat in what is used: no Python objects kept and {trimmed:+.1f} MB after malloc_trim; the "
              f"resident memory grew {rss:.1f} MB because the C allocator keeps the memory freed after "
              "compiling new search loops (one per board width, move order and mode; 64 cached)")
    else:
        print("  flat")
    return flat


# -- part 2: the window ---------------------------------------------------------------------------


def window_configs(count: int, seed: int = 11) -> list[tuple[int, int, str, int]]:
    """(rows, cols, algorithm, start) the engine finishes within 50,000 pushes."""
    rng = random.Random(seed)
    chosen: list[tuple[int, int, str, int]] = []
    while len(chosen) < count:
        rows, cols = rng.randint(5, 12), rng.randint(5, 12)
        algorithm = rng.choice(["warnsdorff", "classic", "warnsdorff", "greedy"])
        start = rng.randrange(rows * cols)
        search = Search(Board(rows, cols), start, algorithm, max_nodes=50_000)
        for event in search:
            if event.__class__ is Outcome:
                break
        if search.outcome is not None and search.outcome.kind != "budget":
            chosen.append((rows, cols, algorithm, start))
    return chosen


def painting_caches(window: object) -> str:
    """Sizes of the board widget's bounded painting caches (outlined numbers, laid-out texts, polygons)."""
    cache = getattr(getattr(window, "board_widget", None), "_paint_cache", None)
    sizes = cache.sizes() if cache is not None else {}
    return ", ".join(f"{name} {n:,}" for name, n in sizes.items()) or "none"


def window_part(total: int) -> bool:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from knight_gui.app import prepare_qt_environment

    prepare_qt_environment()
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from knight_gui.ui.main_window import MainWindow

    configs = window_configs(total)
    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.show()
    player = window.player
    print(f"Window: {total} tours played in a row at full speed (End), as a user would")
    rows = {}
    events = 0
    began = time.perf_counter()
    loop = QEventLoop()
    player.finished.connect(lambda outcome: loop.quit())
    watchdog = QTimer()
    watchdog.setSingleShot(True)
    watchdog.timeout.connect(loop.quit)
    for i, (r, c, algorithm, start) in enumerate(configs, 1):
        window.apply_settings(r, c, algorithm)
        player.place(start)
        if player.can_advance:
            player.finish()
            watchdog.start(120_000)
            loop.exec()
            watchdog.stop()
        assert not player.running, f"{r}x{c} {algorithm} from {start} did not end within two minutes"
        events += player.pos
        if i in (total // 10, total):
            rows[i] = figures(f"after {i} tours")
            print(f"  {'':<24} painting caches: {painting_caches(window)}")
    seconds = time.perf_counter() - began
    window.close()
    app.processEvents()
    print(f"  {events:,} events in {seconds:.1f} s")
    first, last = rows[total // 10], rows[total]
    print(growth_line(first, last, f"from {total // 10} to {total} tours"))
    growth = max(last["rss"] - first["rss"], last["peak"] - first["peak"])
    if growth > WINDOW_LIMIT_MB or last["blocks"] - first["blocks"] > BLOCKS_LIMIT:
        print(f"  NOT FLAT (limits {WINDOW_LIMIT_MB} MB, {BLOCKS_LIMIT:,} blocks)")
        return False
    print("  flat")
    return True


def main() -> int:
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="store_true", help="only the engine's 10,000 searches")
    parser.add_argument("--window", action="store_true", help="only the window playing 100 tours")
    parser.add_argument("--tours", type=int, default=10_000, help="engine searches per run (default 10,000)")
    parser.add_argument("--window-tours", type=int, default=100, help="window tours (default 100)")
    parser.add_argument("--check", action="store_true", help="exit 1 if memory grows beyond the limits")
    args = parser.parse_args()
    both = not (args.engine or args.window)
    flat = True
    if args.engine or both:
        flat &= engine_part(args.tours)
    if args.window or both:
        flat &= window_part(args.window_tours)
    return 1 if args.check and not flat else 0


if __name__ == "__main__":
    sys.exit(main())
