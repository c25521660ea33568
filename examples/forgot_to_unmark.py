"""A classic bug: backtracking that forgets to unmark a square when it pops it.

Check it with:  knight-tour check examples/forgot_to_unmark.py --size 5 --start 0 0

Every event is legal, yet the search misses the tour: once a square is
popped it stays marked as visited, so no later path may pass through it.
Compare with recursive.py, which has the one line this file lacks.
"""

MOVES = [(-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1)]


def solve(rows, cols, start):
    visited = set()
    found = []

    def visit(square, depth):
        visited.add(square)
        yield "push", square
        if depth == rows * cols:
            found.append(True)
            return
        row, col = square
        for d_row, d_col in MOVES:
            nxt = (row + d_row, col + d_col)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in visited:
                yield from visit(nxt, depth + 1)
                if found:
                    return
        # BUG: the square should be unmarked here, visited.remove(square),
        # so that other paths may use it later.
        yield "pop", square

    yield from visit(tuple(start), 1)
