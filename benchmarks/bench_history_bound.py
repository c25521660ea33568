"""A long search's history stays bounded in memory (issue 11); one JSON line.

Run from the repository root (no Qt; about a minute on a quiet machine):

    python benchmarks/bench_history_bound.py                 # 2*10^7 events
    python benchmarks/bench_history_bound.py --events 5000000

8x8 plain backtracking from a8 recorded as a run of the window records it
(``History.record_from`` in chunks, the state brought up to date every
10,000 events), in this process.  Printed: the process's resident memory
before and at its peak (``ru_maxrss``), what the history holds in memory
(``nbytes``), the compressed bytes spilled to its temporary file and
per event, and the checkpoints kept; then a few random jumps over the whole
history (median ms), which read spilled codes back.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from knight_gui.tour import Board, Search  # noqa: E402
from knight_gui.tour.history import History  # noqa: E402


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=20_000_000)
    args = parser.parse_args()
    board = Board(8)
    before = rss_mb()
    history = History(board)
    events = iter(Search(board, 0, "backtracking"))
    began = time.process_time()
    while len(history) < args.events:
        history.record_from(events, 10_000)
        history.seek(len(history))
    cpu = time.process_time() - began
    rng = random.Random(1)
    jumps = []
    for _ in range(30):
        target = rng.randint(1, len(history))
        t = time.perf_counter()
        history.seek(target)
        jumps.append(time.perf_counter() - t)
    print(json.dumps({
        "events": len(history),
        "rss_mb_before": round(before, 1), "rss_mb_peak": round(rss_mb(), 1),
        "history_mb_in_memory": round(history.nbytes() / 2**20, 1),
        "spilled_events": history.spilled, "spilled_mb": round(history.spilled_bytes() / 2**20, 1),
        "spilled_bytes_per_event": round(history.spilled_bytes() / max(1, history.spilled), 3),
        "checkpoints": history.checkpoints,
        "events_per_cpu_s": round(len(history) / cpu),
        "jump_ms_median": round(statistics.median(jumps) * 1e3, 1), "jump_ms_max": round(max(jumps) * 1e3, 1),
    }))


if __name__ == "__main__":
    main()
