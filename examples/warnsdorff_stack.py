"""A knight's tour by Warnsdorff's rule, with an explicit stack and backtracking.

Check it with:  knight-tour check examples/warnsdorff_stack.py --size 8 --start 0 0

The program calls solve(rows, cols, start) and reads what it yields:
("push", (row, col)) when the knight moves onto a square, and
("pop", (row, col)) when it backtracks off the square on top of the stack.
"""

# The knight's eight moves as (change of row, change of column).
MOVES = [(-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1)]


def solve(rows, cols, start):
    visited = [[False] * cols for _ in range(rows)]

    def onward(row, col):
        """The unvisited squares a knight's move from (row, col)."""
        squares = []
        for d_row, d_col in MOVES:
            r, c = row + d_row, col + d_col
            if 0 <= r < rows and 0 <= c < cols and not visited[r][c]:
                squares.append((r, c))
        return squares

    def candidates(row, col):
        """Warnsdorff's rule: try the square with the fewest onward squares first.

        sorted() keeps equal degrees in MOVES order, so ties are broken the same way every time.
        """
        return sorted(onward(row, col), key=lambda square: len(onward(*square)))

    # Each frame of the stack is a square and the candidates still to try from it.
    row, col = start
    visited[row][col] = True
    stack = [(start, candidates(row, col))]
    yield "push", start

    while stack:
        if len(stack) == rows * cols:   # every square is on the stack: a tour
            return                      # (go on backtracking instead to look for more tours)
        square, todo = stack[-1]
        if todo:                        # a candidate left: move onto it
            nxt = todo.pop(0)
            visited[nxt[0]][nxt[1]] = True
            stack.append((nxt, candidates(*nxt)))
            yield "push", nxt
        else:                           # nothing left to try: backtrack
            stack.pop()
            visited[square[0]][square[1]] = False   # the square is free again
            yield "pop", square
