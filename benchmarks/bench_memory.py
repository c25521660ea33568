"""Memory over long runs: it must stay flat, not grow with the number of tours; one JSON line.

Run from the repository root:

    .venv/bin/python benchmarks/bench_memory.py              # everything, a few minutes
    .venv/bin/python benchmarks/bench_memory.py --engine     # 10,000 searches in one process only
    .venv/bin/python benchmarks/bench_memory.py --window     # the window playing 100 tours only
    .venv/bin/python benchmarks/bench_memory.py --check      # exit 1 if memory grows beyond the limits

Part 1 runs 10,000 searches to their first outcome in one process, every
event applied to a ``TourState`` as the window does, twice:

* ``engine_one_board``: one board (8x8, every start, every algorithm and
  tie-break, open and closed), as the window, ``solve --all`` and the analysis
  batch use the engine;
* ``engine_new_board``: a different board every time (5x5 to 16x16), the worst
  case for anything the engine keeps per board.

Each holds ``searches``, ``seconds``, ``outcomes`` (searches per outcome) and,
after 100, 1,000 and 10,000 searches (``after_100_searches``...), ``peak_mb``
(``ru_maxrss``), ``rss_mb`` (resident now), ``trimmed_mb`` (resident once
``malloc_trim`` has given the C allocator's free memory back) and
``python_blocks`` (``sys.getallocatedblocks``); ``growth``: the same from the
first tenth to the end.  ``flat_met``: for one board, neither the resident
memory (RSS or peak) grew beyond ``engine_limit_mb`` nor the Python blocks
beyond ``python_blocks_limit``; for new boards, the Python blocks and the
memory after ``malloc_trim`` (the C allocator may keep what it freed:
``resident_within_limit`` says whether RSS and peak stayed within the limit too).

Part 2, ``window``: the real window (offscreen) plays ``tours`` (100) tours in a
row at full speed through the player, as a user pressing End would, on boards
from 5x5 to 12x12 (configurations the engine first checks to end within 50,000
pushes): ``events`` and ``seconds``, the same figures after 10 and after 100
tours (``after_10_tours``, ``after_100_tours``, each with the board widget's
``painting_caches`` sizes), ``growth``, and ``flat_met`` (RSS and peak within
``window_limit_mb``, Python blocks within ``python_blocks_limit``).

Also ``load_average`` (before and after) and ``flat_met``: every part run was flat.
"""

from __future__ import annotations

import argparse
import gc
import json
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
    row = {"peak_mb": peak_mb(), "rss_mb": current_mb(), "python_blocks": sys.getallocatedblocks()}
    trimmed = trimmed_mb()
    row["trimmed_mb"] = row["rss_mb"] if trimmed is None else trimmed
    log(f"  {label:<24} peak RSS {row['peak_mb']:7.1f} MB   RSS now {row['rss_mb']:7.1f} MB   "
        f"after malloc_trim {row['trimmed_mb']:7.1f} MB   Python blocks {row['python_blocks']:>9,}")
    return row


def rounded(row: dict[str, float]) -> dict[str, float]:
    return {k: round(v, 1) if k.endswith("_mb") else int(v) for k, v in row.items()}


def log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


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


def engine_run(title: str, configs, total: int) -> tuple[dict[str, object], float, float, int]:
    """The run's figures; growth of the resident memory (RSS or peak), after malloc_trim, Python blocks."""
    log(f"Engine, {title}: {total:,} searches to their first outcome")
    rows = {}
    outcomes: dict[str, int] = {}
    began = time.perf_counter()
    for i, config in enumerate(configs, 1):
        kind = solve(*config)
        outcomes[kind] = outcomes.get(kind, 0) + 1
        if i in (total // 100, total // 10, total):
            rows[i] = figures(f"after {i:,} searches")
    seconds = time.perf_counter() - began
    first, last = rows[total // 10], rows[total]
    growth = {k: last[k] - first[k] for k in first}
    report = {"searches": total, "seconds": round(seconds, 1), "outcomes": dict(sorted(outcomes.items())),
              **{f"after_{i}_searches": rounded(row) for i, row in rows.items()}, "growth": rounded(growth)}
    rss = max(growth["rss_mb"], growth["peak_mb"])
    return report, rss, growth["trimmed_mb"], int(growth["python_blocks"])


def engine_part(total: int) -> dict[str, dict[str, object]]:
    """Both runs, each with ``flat_met``."""
    one, rss, _, blocks = engine_run("one board (8x8, every start, every algorithm)",
                                     one_board_configs(total), total)
    one["flat_met"] = rss <= ENGINE_LIMIT_MB and blocks <= BLOCKS_LIMIT
    new, rss, trimmed, blocks = engine_run("a new board every time (5x5 to 16x16)",
                                           new_board_configs(total), total)
    new["flat_met"] = blocks <= BLOCKS_LIMIT and trimmed <= ENGINE_LIMIT_MB
    new["resident_within_limit"] = rss <= ENGINE_LIMIT_MB
    return {"engine_one_board": one, "engine_new_board": new}


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


def painting_caches(window: object) -> dict[str, int]:
    """Sizes of the board widget's bounded painting caches (outlined numbers, laid-out texts, polygons)."""
    cache = getattr(getattr(window, "board_widget", None), "_paint_cache", None)
    return cache.sizes() if cache is not None else {}


def window_part(total: int) -> dict[str, object]:
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
    log(f"Window: {total} tours played in a row at full speed (End), as a user would")
    rows, caches = {}, {}
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
            caches[i] = painting_caches(window)
    seconds = time.perf_counter() - began
    window.close()
    app.processEvents()
    first, last = rows[total // 10], rows[total]
    growth = {k: last[k] - first[k] for k in first}
    resident = max(growth["rss_mb"], growth["peak_mb"])
    flat = resident <= WINDOW_LIMIT_MB and growth["python_blocks"] <= BLOCKS_LIMIT
    return {"tours": total, "events": events, "seconds": round(seconds, 1),
            **{f"after_{i}_tours": {**rounded(row), "painting_caches": caches[i]} for i, row in rows.items()},
            "growth": rounded(growth), "flat_met": flat}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="store_true", help="only the engine's 10,000 searches")
    parser.add_argument("--window", action="store_true", help="only the window playing 100 tours")
    parser.add_argument("--tours", type=int, default=10_000, help="engine searches per run (default 10,000)")
    parser.add_argument("--window-tours", type=int, default=100, help="window tours (default 100)")
    parser.add_argument("--check", action="store_true", help="exit 1 if memory grows beyond the limits")
    args = parser.parse_args()
    both = not (args.engine or args.window)
    load = round(os.getloadavg()[0], 2)
    parts: dict[str, dict[str, object]] = {}
    if args.engine or both:
        parts.update(engine_part(args.tours))
    if args.window or both:
        parts["window"] = window_part(args.window_tours)
    flat = all(part["flat_met"] for part in parts.values())
    print(json.dumps({"load_average": [load, round(os.getloadavg()[0], 2)],
                      "engine_limit_mb": ENGINE_LIMIT_MB, "window_limit_mb": WINDOW_LIMIT_MB,
                      "python_blocks_limit": BLOCKS_LIMIT, **parts, "flat_met": flat}))
    return 1 if args.check and not flat else 0


if __name__ == "__main__":
    sys.exit(main())
