"""The history alone (no Qt): recording, catching up, seeking; one JSON line.

Run from the repository root:

    python benchmarks/bench_history.py            # 10^6 events of 8x8 plain backtracking from a8
    python benchmarks/bench_history.py --events 200000

Measured side by side in one run, in CPU seconds of this process:

* ``generator``: the bare search, events per second;
* ``append``: the search with every event recorded and applied to the
  history's state (what the player does at the head while playing);
* ``record_then_catch_up``: every event only recorded, then the state
  brought up to date once (the fast path issue 11 asks for);
* random jumps (``seek``) over the whole history, median / 95% / max in ms,
  and one step back in µs;
* bytes per event held by the codes and the checkpoints.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from knight_gui.tour import Board, Search  # noqa: E402
from knight_gui.tour.history import History  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=1_000_000)
    args = parser.parse_args()
    board, n = Board(8), args.events
    cpu = time.process_time

    t = cpu()
    for _ in islice(Search(board, 0, "backtracking"), n):
        pass
    generator = n / (cpu() - t)

    history = History(board)
    append = history.append
    t = cpu()
    for event in islice(Search(board, 0, "backtracking"), n):
        append(event)
    appended = n / (cpu() - t)

    recorded = History(board)
    record = recorded.record
    t = cpu()
    for event in islice(Search(board, 0, "backtracking"), n):
        record(event)
    recorded.seek(len(recorded))
    caught_up = n / (cpu() - t)
    assert recorded.state.path == history.state.path and recorded.state.pops == history.state.pops

    rng = random.Random(1)
    jumps = []
    for _ in range(300):
        target = rng.randint(1, n)
        t = cpu()
        history.seek(target)
        jumps.append(cpu() - t)
    jumps.sort()
    history.seek(n // 2)
    t = cpu()
    for _ in range(10_000):
        history.backward()
    back = (cpu() - t) / 10_000

    print(json.dumps({
        "events": n,
        "generator_per_cpu_s": round(generator),
        "append_per_cpu_s": round(appended),
        "record_then_catch_up_per_cpu_s": round(caught_up),
        "seek_ms_median": round(statistics.median(jumps) * 1e3, 3),
        "seek_ms_95": round(jumps[int(len(jumps) * 0.95)] * 1e3, 3),
        "seek_ms_max": round(jumps[-1] * 1e3, 3),
        "step_back_us": round(back * 1e6, 2),
        "bytes_per_event": round(history.nbytes() / n, 2),
    }))


if __name__ == "__main__":
    main()
