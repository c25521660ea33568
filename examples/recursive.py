"""A knight's tour by plain backtracking, written recursively as a generator.

Check it with:  knight-tour check examples/recursive.py --size 5 --start 0 0

`yield from` passes on every event of the recursive call, so the program
sees one stream of pushes and pops, as if the search had an explicit stack.
The recursion itself is the stack: each call is one frame.
"""

MOVES = [(-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1)]


def solve(rows, cols, start):
    visited = set()
    found = []   # becomes [True] once a tour is found, to stop the search

    def visit(square, depth):
        visited.add(square)
        yield "push", square
        if depth == rows * cols:        # every square visited: a tour
            found.append(True)
            return
        row, col = square
        for d_row, d_col in MOVES:      # try the moves in a fixed order
            nxt = (row + d_row, col + d_col)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in visited:
                yield from visit(nxt, depth + 1)
                if found:
                    return
        visited.remove(square)          # every move failed: backtrack
        yield "pop", square

    yield from visit(tuple(start), 1)
