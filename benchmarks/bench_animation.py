"""The animation export (issue 17): file sizes, seconds and peak memory, as one JSON line.

Run from the repository root (needs Pillow):

    python benchmarks/bench_animation.py           # the targets' cases, about a minute
    python benchmarks/bench_animation.py --all     # also WebP and APNG of the same, and 2048 px

Each export runs in a fresh interpreter, so its peak resident memory
(``ru_maxrss``) is its own: the frames are streamed, so the peak depends on the
frame size, never on the number of frames.  Seconds are the whole export
(the search counted, then every frame drawn and encoded), wall and CPU.

Targets: 8×8 default tour (64 pushes) at 800 px, GIF ≤ 2 MB in ≤ 5 s; plain
backtracking on 5×5 from c3 (about 19,800 events) sampled to 600 frames,
≤ 8 MB in ≤ 20 s; any export ≤ 300 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, os, resource, sys, time
sys.path.insert(0, sys.argv[1])
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from knight_gui.tour import Board
from knight_gui.ui.animation import AnimationOptions, ensure_gui_application, export_animation
from knight_gui.ui.player import SearchConfig

size, algorithm, start, px = int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
target = sys.argv[6]
ensure_gui_application()
began, cpu = time.perf_counter(), time.process_time()
result = export_animation(SearchConfig(Board(size), algorithm), start, target, AnimationOptions(px=px))
print(json.dumps({"bytes": result.size, "frames": result.frames, "step": result.step,
                  "events": result.end_event, "seconds": round(time.perf_counter() - began, 3),
                  "cpu_seconds": round(time.process_time() - cpu, 3),
                  "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""

CASES = {
    "gif_8x8_800px": (8, "warnsdorff", 0, 800, ".gif"),
    "gif_5x5_c3_600_frames": (5, "backtracking", 12, 640, ".gif"),
    "gif_5x5_c3_600_frames_800px": (5, "backtracking", 12, 800, ".gif"),
}
MORE = {
    "webp_8x8_800px": (8, "warnsdorff", 0, 800, ".webp"),
    "apng_8x8_800px": (8, "warnsdorff", 0, 800, ".apng"),
    "webp_5x5_c3_600_frames": (5, "backtracking", 12, 640, ".webp"),
    "apng_5x5_c3_600_frames": (5, "backtracking", 12, 640, ".apng"),
    "gif_8x8_2048px": (8, "warnsdorff", 0, 2048, ".gif"),
    "webp_8x8_2048px": (8, "warnsdorff", 0, 2048, ".webp"),
}


def run(folder: str, name: str, size: int, algorithm: str, start: int, px: int, suffix: str) -> dict:
    target = os.path.join(folder, name + suffix)
    done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(size), algorithm, str(start), str(px),
                           target], capture_output=True, text=True, check=True)
    figures = json.loads(done.stdout.splitlines()[-1])
    figures["mb"] = round(figures.pop("bytes") / 1e6, 3)
    figures["px"] = px
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="also WebP, APNG and 2048 px frames")
    args = parser.parse_args()
    cases = {**CASES, **MORE} if args.all else CASES
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, case in cases.items():
            figures[name] = run(folder, name, *case)
    small = figures["gif_8x8_800px"]
    big = figures["gif_5x5_c3_600_frames"]
    assert isinstance(small, dict) and isinstance(big, dict)
    peak = max(f["peak_mb"] for f in figures.values() if isinstance(f, dict))
    figures["targets"] = {
        "gif_8x8_800px_le_2mb": small["mb"] <= 2, "gif_8x8_800px_le_5s": small["seconds"] <= 5,
        "gif_5x5_le_8mb": big["mb"] <= 8, "gif_5x5_le_20s": big["seconds"] <= 20,
        "peak_le_300mb": peak <= 300,
    }
    figures["peak_mb"] = peak
    print(json.dumps(figures, ensure_ascii=False))


if __name__ == "__main__":
    main()
