"""A tour built by hand: the student's path, take-backs and redos, hints, and the search's help.

``PlayGame`` holds what a student playing the knight has done: the path
clicked so far, the moves taken back (to redo), the hints asked for.  It
never states the rules of the search a second time: a hint is the next
push of a ``Search`` resumed from the student's path (``Search._candidates``
orders it, as in the animation); "where it went wrong" and the program's
own tour run the same search under a budget; handing over gives the player
a ``Snapshot`` to resume.  Which squares are legal (a knight's move away,
not visited) and their degree (their unvisited onward squares) are facts
of the board, shown whatever the search would do with them.

Nothing here imports Qt.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .algorithms import BACKTRACKS, WARNSDORFF, tie_break_used
from .board import Board
from .events import OUTCOME_STUCK, OUTCOME_TOUR, Outcome, Pop, Push
from .explain import push_text
from .messages import Message
from .rules import CutOff, Verdict, first_cut, impossible
from .search import Search, Snapshot
from .state import common_prefix
from .text import TourRecord

#: A worker's progress check: called with (done, total); it may raise to cancel.
Progress = Callable[[int, int], None]

#: Why a click is refused: the square is taken, it is not a knight's move away, the game is over.
REFUSED_VISITED = "visited"
REFUSED_NOT_A_MOVE = "not-a-knight-move"
REFUSED_OVER = "over"


def move_refusal(board: Board, here: int, square: int, visited: bool) -> str | None:
    """Why the knight on ``here`` cannot go to ``square`` next (``visited``: it is on the path): a
    ``REFUSED_*`` code, or None if it can.  The one rule for a student's move, by hand or guessed."""
    if visited:
        return REFUSED_VISITED
    if not board.is_knight_move(here, square):
        return REFUSED_NOT_A_MOVE
    return None

#: Pushes each prefix may spend in "where it went wrong" (beyond its own path), and all prefixes together.
RESCUE_BUDGET = 5_000
RESCUE_TOTAL = 200_000
#: Pushes the program's own tour may take for the comparison.
COMPARE_BUDGET = 200_000


#: What a game's journal records (``JournalEntry.kind``): a move (the start too), a move taken back,
#: a move taken back and made again, a hint given.
JOURNAL_MOVE, JOURNAL_BACK, JOURNAL_AGAIN, JOURNAL_HINT = "move", "back", "again", "hint"
#: Entries a journal keeps, the oldest dropped first (the window shows the last 200).
JOURNAL_SIZE = 1000


class JournalEntry(NamedTuple):
    """One thing the student did, in order (``PlayGame.journal``)."""

    kind: str  #: ``JOURNAL_MOVE``, ``JOURNAL_BACK``, ``JOURNAL_AGAIN`` or ``JOURNAL_HINT``
    square: int  #: the square moved to, taken back or hinted at
    step: int  #: its move number on the path (1: the start)
    degree: int  #: its unvisited squares a knight's move away, as it was entered (a hint: would be)


class Hint(NamedTuple):
    """The square the search would push next, as move ``step``, and why (a message); ``algorithm``: the
    rule it follows (Warnsdorff's where the game's own has none to follow by hand)."""

    square: int
    step: int
    degree: int
    why: Message
    algorithm: str


class Rescue(NamedTuple):
    """Where it went wrong: after move ``move`` (the path's first ``move`` squares) a tour still exists.

    ``tour`` is the tour the search found from there; ``proved`` is True when
    the search showed that no tour follows any later move (every later
    prefix was searched to the end), False when some ran out of budget.
    """

    move: int
    tour: tuple[int, ...]
    proved: bool


class Comparison(NamedTuple):
    """The student's tour beside the program's from the same start.

    ``program`` is the program's tour (empty if its search found none within
    ``COMPARE_BUDGET``), with its pushes and pops; ``same`` is how many first
    squares the two tours share.
    """

    program: tuple[int, ...]
    pushes: int
    pops: int
    same: int


class PlayGame:
    """A student's tour in the making on ``board``; the search options are those of the window.

    ``algorithm``, ``tie_break`` and ``closed`` are what the player would
    search with: hints follow Warnsdorff's rule with that tie-break (plain
    backtracking's hints use Warnsdorff's rule too); the search that looks
    for where it went wrong backtracks (greedy's uses Warnsdorff's rule).
    """

    def __init__(self, board: Board, algorithm: str = "warnsdorff", tie_break: str | None = None,
                 closed: bool = False) -> None:
        self.board = board
        self.path: list[int] = []
        self.hints = 0  #: hints asked for
        self.take_backs = 0  #: moves taken back
        self.deepest = 0  #: the longest the path has been (the stack's greatest depth)
        self._redo: list[int] = []  # moves taken back, the next to redo last
        self._visited = bytearray(board.size)
        #: What the student did, oldest first: the last ``JOURNAL_SIZE`` moves, take-backs and hints.
        self.journal: deque[JournalEntry] = deque(maxlen=JOURNAL_SIZE)
        #: Entries ever added to ``journal`` (its first entry's number is ``logged - len(journal)``).
        self.logged = 0
        self.configure(algorithm, tie_break, closed)

    def configure(self, algorithm: str, tie_break: str | None, closed: bool) -> None:
        """Take the window's search options (the path stays)."""
        self.algorithm = algorithm
        self.tie_break = tie_break_used(algorithm, tie_break)
        self.closed = closed and algorithm in BACKTRACKS

    # -- the position ----------------------------------------------------------

    @property
    def complete(self) -> bool:
        """Whether every square is on the path."""
        return len(self.path) == self.board.size

    @property
    def stuck(self) -> bool:
        """Whether the knight stands with squares left and none of them a knight's move away."""
        return bool(self.path) and not self.complete and not self.legal_moves()

    @property
    def is_closed(self) -> bool:
        """Whether the path is a complete tour whose last square is a knight's move from its start."""
        board, path = self.board, self.path
        return self.complete and board.size > 1 and board.is_knight_move(path[-1], path[0])

    def degree(self, square: int) -> int:
        """The unvisited squares a knight's move from ``square``: its Warnsdorff degree."""
        visited = self._visited
        return sum(1 for n in self.board.neighbours(square) if not visited[n])

    def legal_moves(self) -> list[tuple[int, int]]:
        """The squares the knight may go to next, with their degree, in the board's move order."""
        if not self.path:
            return []
        visited = self._visited
        return [(n, self.degree(n)) for n in self.board.neighbours(self.path[-1]) if not visited[n]]

    def refusal(self, square: int) -> str | None:
        """Why ``square`` cannot be the next move (a ``REFUSED_*`` code), or None if it can."""
        if not self.path:
            return None
        if self.complete:
            return REFUSED_OVER
        return move_refusal(self.board, self.path[-1], square, bool(self._visited[square]))

    # -- moving, taking back, moving again ---------------------------------------

    def move(self, square: int) -> bool:
        """Put the knight on ``square`` (the start, on an empty board) if that is legal."""
        if not 0 <= square < self.board.size or self.refusal(square) is not None:
            return False
        again = bool(self._redo) and self._redo[-1] == square
        if again:
            self._redo.pop()  # the move taken back, made again: the rest can still be redone
        else:
            self._redo.clear()
        self._put(square)
        self._note(JOURNAL_AGAIN if again else JOURNAL_MOVE, square)
        return True

    def _note(self, kind: str, square: int, step: int | None = None, degree: int | None = None) -> None:
        """Add to the journal: by default the path's last square, its step and degree now."""
        self.journal.append(JournalEntry(kind, square, len(self.path) if step is None else step,
                                         self.degree(square) if degree is None else degree))
        self.logged += 1

    def _put(self, square: int) -> None:
        self.path.append(square)
        self._visited[square] = 1
        self.deepest = max(self.deepest, len(self.path))

    @property
    def pushes(self) -> int:
        """Moves made, those taken back since included: as the search counts its pushes."""
        return len(self.path) + self.take_backs

    @property
    def can_undo(self) -> bool:
        """Whether a move can be taken back (the start too, which empties the board)."""
        return bool(self.path)

    @property
    def can_redo(self) -> bool:
        """Whether a move taken back can be made again."""
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last move."""
        if not self.path:
            return False
        square = self.path.pop()
        self._visited[square] = 0
        self._redo.append(square)
        self.take_backs += 1
        self._note(JOURNAL_BACK, square, len(self.path) + 1)
        return True

    def redo(self) -> bool:
        """Make the last move taken back again."""
        if not self._redo:
            return False
        square = self._redo.pop()
        self._put(square)
        self._note(JOURNAL_AGAIN, square)
        return True

    # -- the search's help ---------------------------------------------------------------

    def verdict(self) -> Verdict | None:
        """Why no tour (closed, if the window asks for one) starts on the path's start, or None."""
        return impossible(self.board, self.path[0], self.closed) if self.path else None

    def hint(self) -> Hint | None:
        """The square Warnsdorff's rule with the tie-break would take next, and why; counts the hint.

        It is the next push of the search resumed from the path: None when
        that search has no candidate (stuck, or a closed tour's way back
        would be cut off by every move) or a theorem rules out a tour (``verdict``).
        """
        if not self.path or self.complete or self.verdict() is not None:
            return None
        algorithm = self.algorithm if self.algorithm in WARNSDORFF else "warnsdorff"
        search = Search(self.board, self.path[0], algorithm, tie_break_used(algorithm, self.tie_break),
                        self.closed, resume=_snapshot(self.path, [0] * len(self.path)))
        frame = search.frame(-1)
        if not frame.candidates:
            return None
        square, degree = frame.candidates[0]
        step = len(self.path) + 1
        parent = frame._replace(next=1)  # the frame as it stands just after that push
        why = push_text(self.board, Push(square, step, degree), parent, True, search.tie_break)
        self.hints += 1
        self._note(JOURNAL_HINT, square, step, degree)
        return Hint(square, step, degree, why, algorithm)

    def _backtracking(self) -> tuple[str, str]:
        """The algorithm and tie-break of a search that backtracks, like the window's if it does."""
        algorithm = self.algorithm if self.algorithm in BACKTRACKS else "warnsdorff"
        return algorithm, tie_break_used(algorithm, self.tie_break)

    def copy(self) -> PlayGame:
        """A game in the same position (for a worker to search while this one goes on)."""
        game = PlayGame(self.board, self.algorithm, self.tie_break, self.closed)
        for square in self.path:
            game._put(square)
        game._redo = list(self._redo)
        game.hints, game.take_backs, game.deepest = self.hints, self.take_backs, self.deepest
        game.journal, game.logged = self.journal.copy(), self.logged
        return game

    def went_wrong(self, budget: int = RESCUE_BUDGET, total: int = RESCUE_TOTAL,
                   check: Progress | None = None) -> Rescue | None:
        """The latest move after which the search still finds a tour (None: none within the budget).

        From the whole path back to its start, the search is resumed from
        each prefix, latest first, with ``budget`` pushes; the first that
        reports a tour is the answer.  A prefix whose last square the search
        pops has no tour after it (proved); one whose budget runs out is
        passed over unproved.  Prefixes from the first that cuts a square off
        (``rules.first_cut``) are passed over without a search: no tour follows
        them (proved; searched, they spent the budget in vain: the search
        does not look ahead for such squares).  ``total`` caps the pushes of all of them.
        ``check(done, total)`` is called before each prefix (a worker's: it may raise to cancel).
        """
        if not self.path or self.verdict() is not None:
            return None
        algorithm, tie_break = self._backtracking()
        proved = True
        spent = 0
        cut = first_cut(self.board, self.path)
        for k in range(cut[0] - 1 if cut is not None else len(self.path), 0, -1):
            if spent >= total:
                return None
            if check is not None:
                check(len(self.path) - k, len(self.path))
            prefix = self.path[:k]
            search = Search(self.board, prefix[0], algorithm, tie_break, self.closed,
                            max_nodes=k + min(budget, total - spent), resume=_snapshot(prefix, [0] * k))
            found = _first_tour_below(search, k)
            spent += search.pushes - k
            if found is not None:
                return Rescue(k, found, proved)
            if search.outcome is not None:  # the budget ran out (a pop would have left no outcome)
                proved = False
        return None

    def cut(self) -> tuple[int, CutOff] | None:
        """The first move after which no tour can finish the path, and why (``rules.first_cut``)."""
        return first_cut(self.board, self.path)

    def handover(self) -> tuple[list[Push], Snapshot]:
        """The path as the search's pushes, and a snapshot to resume the window's search from it.

        The search is handed the path (``Snapshot.handed``): each frame below
        the top has tried one candidate, the student's move, and going back it
        tries all the others in its own order.  (Counting the candidates its
        rules put before the student's move as tried, as if it had come this
        way itself, skipped squares nobody had tried: it could miss every tour,
        and say that none begins on the start.)
        """
        path = self.path
        tried = [1] * (len(path) - 1) + [0] if path else []
        return push_events(self.board, path), _snapshot(path, tried)._replace(handed=tuple(path))

    def compare(self, budget: int = COMPARE_BUDGET, check: Progress | None = None) -> Comparison:
        """The program's tour from the same start (the window's search, backtracking), beside the path.

        ``check(done, total)`` is called every 4,096 events (a worker's: it may raise to cancel).
        """
        if not self.path or self.verdict() is not None:
            return Comparison((), 0, 0, 0)
        algorithm, tie_break = self._backtracking()
        search = Search(self.board, self.path[0], algorithm, tie_break, self.closed, max_nodes=budget)
        program: tuple[int, ...] = ()
        for count, event in enumerate(search):
            if check is not None and not count & 4095:
                check(search.pushes, budget)
            if isinstance(event, Outcome):
                if event.kind == OUTCOME_TOUR:
                    program = tuple(search.path())
                break
        return Comparison(program, search.pushes, search.pops, common_prefix(tuple(self.path), program))

    # -- saving -----------------------------------------------------------------------------

    def record(self) -> TourRecord:
        """The path as a record of the saved-tour format: a tour, or a stuck path.

        The moves made count as pushes and the moves taken back as pops.
        """
        board, path = self.board, self.path
        closed = self.is_closed
        help_taken = f"{self.hints} hints, {self.take_backs} moves taken back"
        if self.complete:
            outcome, reason = OUTCOME_TOUR, f"a tour built by hand: {help_taken}"
        else:
            outcome = OUTCOME_STUCK
            reason = (f"built by hand, stuck on {board.name(path[-1])} after {len(path)} moves: no unvisited "
                      f"square is a knight's move away ({help_taken})")
        return TourRecord(board, path[0], self.algorithm, self.tie_break, closed, outcome, reason,
                          list(path), len(path) + self.take_backs, self.take_backs)


def push_events(board: Board, path: Sequence[int]) -> list[Push]:
    """``path`` as the pushes a search makes onto it: each square, its move number and its degree then."""
    visited = bytearray(board.size)
    events = []
    for step, square in enumerate(path, 1):
        visited[square] = 1
        degree = sum(1 for n in board.neighbours(square) if not visited[n])
        events.append(Push(square, step, degree))
    return events


def _snapshot(path: Sequence[int], tried: Sequence[int]) -> Snapshot:
    """A snapshot of a search whose stack is ``path``, pushed once each, never popped."""
    k = len(path)
    return Snapshot(tuple(path), tuple(tried), k, 0, 0, k, 0)


def _first_tour_below(search: Search, depth: int) -> tuple[int, ...] | None:
    """Run ``search`` (resumed ``depth`` deep) to its first tour, stopping when it pops its top square."""
    for event in search:
        if isinstance(event, Pop):
            if event.step == depth:
                return None
        elif isinstance(event, Outcome):
            return tuple(search.path()) if event.kind == OUTCOME_TOUR else None
    return None
