"""Analysis: solve from every square, compare the algorithms, count every tour.

One module per job, all run by the one worker pattern of ``ui.workers``:

- ``results``: ``StartResult``, the engine loop ``solve_start`` and the words
  and colours of outcomes, shared by the others;
- ``every_square``: Solve from every square (a worker, the table, CSV);
- ``heatmap``: the colours per start square on the board, and the legend (in the tab, and under the
  board where the tab's is out of sight);
- ``compare``: every algorithm and tie-break rule from one start;
- ``count``: every tour from one start, counted exactly;
- ``tables``: sortable result tables sized to their columns;
- ``dock``: the panel that holds them in tabs.

Nothing is imported here: the window builds the panel when first asked for
(issue 11's start-up); import what you need from its module.
"""
