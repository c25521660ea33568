"""Analysis: solve from every square, compare the algorithms, count every tour.

One module per job, all run by the one worker pattern of ``ui.workers``:

- ``results``: ``StartResult``, the engine loop ``solve_start`` and the words
  and colours of outcomes, shared by the others;
- ``every_square``: Solve from every square (a worker, the table, CSV);
- ``heatmap``: the colours per start square on the board, and the legend;
- ``compare``: every algorithm and tie-break rule from one start;
- ``count``: every tour from one start, counted exactly;
- ``tables``: sortable result tables sized to their columns;
- ``dock``: the panel that holds them in tabs.
"""

from __future__ import annotations

from .compare import COMPARE_CONFIGS, ComparePage, CompareRow, CompareWorker, compare_configs
from .count import COUNT_MAX_SQUARES, CountPage, CountResult, CountWorker
from .dock import AnalysisPanel
from .every_square import AllStartsWorker, EverySquarePage, write_csv
from .heatmap import HeatLegend, Legend, build_heat, compact_number
from .results import OUTCOME_COLOURS, StartResult, format_ms, outcome_name, solve_start

__all__ = [
    "COMPARE_CONFIGS", "COUNT_MAX_SQUARES", "OUTCOME_COLOURS", "AllStartsWorker", "AnalysisPanel",
    "CompareRow", "CompareWorker", "ComparePage", "CountPage", "CountResult", "CountWorker",
    "EverySquarePage", "HeatLegend", "Legend", "StartResult", "build_heat", "compact_number",
    "compare_configs", "format_ms", "outcome_name", "solve_start", "write_csv",
]
