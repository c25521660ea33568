"""Every sentence the model says, keyed by a code, with its arguments.

The engine never words a result itself: an outcome, a theorem's verdict, a
pop's reason or a line of explanation is a code and its arguments
(``Message("stuck", (12, "c4"))``).  ``MESSAGES`` holds ONE English template
per code; ``str(message)`` fills it in.  The window looks the same template
up in its translations (``knight_gui.ui.i18n.tr_message``), so English and
Chinese come from this one table and nothing ever re-parses a sentence.

Templates use Qt's placeholders, so translators and Qt Linguist see the usual
forms: ``%1`` … ``%9`` stand for the arguments in order (``%1`` is the
first); ``%n`` stands for the first argument too, a count, and makes the
template plural-aware: in English a count of one takes the singular form in
``SINGULAR``, and Qt's ``tr`` picks the right numerus form of a translation.
An argument may itself be a ``Message`` (a pop's reason inside a log line);
it is worded in the same language as the sentence around it.

This module never imports Qt.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple, TypeAlias

Arg: TypeAlias = "int | str | Message"


class Message(NamedTuple):
    """A sentence as data: ``MESSAGES[code]`` with ``args`` filled in."""

    code: str
    args: tuple[Arg, ...] = ()

    @property
    def template(self) -> str:
        """The English template of the code (its plural form when it has a count)."""
        return MESSAGES[self.code]

    def __str__(self) -> str:
        return english(self.code, self.args)


def worded(text: str | Message) -> Message:
    """``text`` as a message: itself, or a sentence as written (``verbatim``: shown as it is)."""
    return text if isinstance(text, Message) else Message("verbatim", (text,))


class MessageError:
    """What an exception of the model (or of the window's exports) says, as a message: ``str()`` is
    the English (the command line's), ``message`` the ``Message`` the window words in its language.

    A mixin: ``class TourFileError(MessageError, ValueError)``.  A text that is no message is
    kept as written (``worded``).
    """

    message: Message

    def __init__(self, text: str | Message) -> None:
        super().__init__(str(text))  # type: ignore[call-arg]  # (the exception class after it)
        self.message = worded(text)


def message(code: str, *args: Arg) -> Message:
    """``Message(code, args)``; KeyError at once for a code with no template."""
    MESSAGES[code]  # noqa: B018 - fail early on a typo
    return Message(code, args)


#: Every sentence, by code: English templates with %1…%9 (the arguments in
#: order) and %n (the first argument, a count).
MESSAGES: dict[str, str] = {
    # -- outcomes of a search (Outcome.code) ----------------------------------------
    "tour": "tour #%1 found",
    "exhausted": "the search is exhausted: no tour starts on %1 of %2",
    "exhausted-after-tours": "the search is exhausted: %n tours in all from %2",
    "stuck": "stuck on %2 after %n moves: no unvisited square is a knight's move away, "
             "and greedy does not backtrack",
    "budget-nodes": "the budget of %n pushes is used up",
    "budget-seconds": "the budget of %1 s is used up",
    "construct-none": "the construction built no tour from %1",
    "tour-fallback": "tour found by the fallback (tour/closed.py: the constructed tour, or Warnsdorff "
                     "with Pósa's rotations) after the search used up its budget",
    # a student's solver (tour.student): the checker's reason, in (row, col) terms
    "student-ended": "the solver ended: %1",  # (%1 says whether it found a tour)
    "student-limit": "the solver was stopped at its limit: %1",
    "student-illegal": "the solver's event is illegal: %1",
    "student-error": "the solver failed: %1",
    "saved-mid-search": "saved mid-search after %n pushes",
    "replay-end": "the replay ends here",
    "verbatim": "%1",  # a reason read from a file that names no code: shown as written
    # -- why a file is not JSON (tour.text.read_json: the parser's words, at a line and column) --
    "json-empty": "the file is empty",
    "json-not-utf8": "not UTF-8",
    "json-nested": "nested too deeply",
    "json-digits": "a number has too many digits",
    "json-value": "Expecting value at line %1, column %2",
    "json-comma": "Expecting ',' delimiter at line %1, column %2",
    "json-colon": "Expecting ':' delimiter at line %1, column %2",
    "json-name": "Expecting property name enclosed in double quotes at line %1, column %2",
    "json-string": "Unterminated string starting at line %1, column %2",
    "json-control": "Invalid control character at line %1, column %2",
    "json-escape": "Invalid \\escape at line %1, column %2",
    "json-extra": "Extra data at line %1, column %2",
    "json-trailing-comma": "Illegal trailing comma at line %1, column %2",
    "json-other": "%1 at line %2, column %3",  # a parser's words this table does not know: as written
    # -- why a file cannot be read or written (tour.fileio.FileProblem) -----------------
    "file-cannot-read": "cannot read %1: %2",
    "file-cannot-write": "cannot write %1: %2",
    "file-empty-name-read": "cannot read a file with an empty name",
    "file-empty-name-write": "cannot write a file with an empty name",
    "file-nul": "a file name cannot hold a NUL character",
    "file-no-folder": "the folder %1 does not exist",
    "file-not-regular": "it is not a regular file",
    "file-kind": "it is %1, not a regular file",
    "file-kind-folder": "a folder",
    "file-kind-fifo": "a named pipe (FIFO)",
    "file-kind-char": "a character device",
    "file-kind-block": "a block device",
    "file-kind-socket": "a socket",
    "file-no-temp": "no free temporary file name in %1",
    "file-too-large": "%1: %2, larger than the limit of %3",
    "file-grew": "%1: larger than the limit of %2",
    "file-disk-full": "the disk is full",
    "file-quota": "the disk quota is used up",
    "file-permission": "permission denied",
    "file-read-only": "the file system is read-only",
    "file-name-too-long": "the file name is too long",
    "file-no-such": "no such file or folder",
    "file-not-folder": "a part of the path is not a folder",
    "file-is-folder": "it is a folder",
    "file-loop": "too many levels of symbolic links",
    "file-io": "input/output error",
    "file-too-big": "the file is too large for the file system",
    "file-busy": "the file is busy",
    "file-unknown-error": "unknown error",
    "file-encoder-failed": "the encoder failed",
    "file-image-encoder-failed": "the %1 encoder failed (an image of %2×%3 px)",
    # -- why a saved tour is not valid (tour.text.parse_tour, tour.validate, tour.trace) ---------
    "format-not-ours": 'not a knight-tour file (no "format": "knight-tour")',
    "format-version": "version %1 is not supported; this program reads version %2",
    "format-missing": '"%1" is missing',
    "format-wrong-kind": '"%1" must be %2, not %3',
    "format-kind-int": "a whole number",
    "format-kind-str": "a string",
    "format-kind-bool": "true or false",
    "format-kind-list": "a list",
    "format-the-start": "the start",
    "format-move": "move %1",
    "format-not-a-pair": "%1 is %2, not a [row, column] pair of whole numbers",
    "format-off-board": "%1 (%2, %3) is off the %4 board",
    "format-algorithm": "unknown algorithm %1",
    "format-tie-break": "unknown tie-break %1",
    "format-outcome": "unknown outcome %1; expected one of %2",
    "format-path-start": "the path starts on %1, not on the start %2",
    "format-not-a-tour": "the path is not a knight's tour: %1",
    "format-not-a-path": "the path is not a knight's path: %1",
    "format-stuck-empty": "a stuck file must hold the path the knight got stuck on, not an empty one",
    "format-path-not-empty": "a %1 file must have an empty path, not %2 squares",
    "format-code-outcome": "its reason says a tour was found, but its outcome is %1",
    "format-negative": "pushes and pops must not be negative",
    "board-rows-range": "board rows must be between 1 and %1, not %2",
    "board-columns-range": "board columns must be between 1 and %1, not %2",
    "path-length": "the path has %1 squares; a tour of %2 has %3",
    "path-not-a-square": "move %1 (%2) is not a square of %3",
    "path-revisit": "move %1 returns to %2, visited before",
    "path-not-a-move": "move %1 from %2 to %3 is not a knight's move",
    "path-one-square-closed": "a one-square path cannot be closed",
    "path-not-closed": "the last square %1 is not a knight's move from the start %2, so the tour is not "
                       "closed",
    "trace-not-a-list": "it is not a list",
    "trace-too-long": "it has %1 events, more than %2",
    "trace-not-an-event": "event %1 is not a push, pop or outcome",
    "trace-malformed": "event %1 is malformed",
    "trace-off-board": "event %1 is off the board",
    "trace-malformed-pop": "event %1 is a malformed pop",
    "trace-malformed-outcome": "event %1 is a malformed outcome",
    "trace-misfit-at": "event %1: %2",
    "trace-end-misfit": "it does not end on the saved path and counters",
    "trace-start-misfit": "it does not start on the saved start square",
    "replay-push-misfit": "push of %1 as move %2 does not fit a path of %3 squares",
    "replay-not-a-move": "%1 is not a knight's move from %2",
    "replay-pop-misfit": "pop does not fit the top of the path",
    "replay-not-an-event": "not an event: %1",
    # -- why an animation cannot be written (ui.animation: the window's and the command line's) -----
    "animation-nothing": "nothing to animate: %1",
    "animation-no-move": "the search makes no move",
    "animation-past-end": "the search has only %1 events; the start event %2 is past its end",
    "animation-no-pillow": "GIF, WebP and APNG export needs Pillow, which is not installed: %1",
    "animation-no-webp": "this Pillow was built without WebP: write .gif or .apng instead",
    "animation-no-ffmpeg": "MP4 needs the ffmpeg program, which was not found on PATH; write .gif, .webp "
                           "or .apng instead (or install ffmpeg)",
    "animation-ffmpeg-stopped": "ffmpeg stopped reading the frames",
    "animation-ffmpeg-failed": "ffmpeg failed: %1",
    "animation-ffmpeg-exit": "ffmpeg failed: exit code %1",
    "animation-format": "unknown animation format %1; use .gif, .webp, .apng or .mp4",
    # -- why a file cannot be a solver (tour.student.load_solver; the compiler's words as it gives them)
    "solver-not-text": "%1 is not a Python file: it is not text in UTF-8 (or the encoding its first "
                       "lines name)",
    "solver-nul": "%1 is not a Python file: it holds NUL bytes (a binary file?)",
    "solver-syntax": "%1, line %2: %3 (not valid Python)",
    "solver-syntax-somewhere": "%1, somewhere: %2 (not valid Python)",
    "solver-invalid": "%1 is not valid Python: %2",
    # -- what a student's solver did (tour.student: the checker, and what its child process says) --
    "solver-no-solve": "%1 defines no function solve(rows, cols, start)",
    "solver-solve-not-function": "%1: solve is %2, not a function solve(rows, cols, start)",
    "solver-solve-signature": "%1: solve%2 cannot be called as solve(rows, cols, start)",
    "solver-solve-returned": "%1: solve returned %2 (%3), not the events: write it as a generator, "
                             "with yield",
    "solver-event-row": "the row must be a whole number, not %1",
    "solver-event-column": "the column must be a whole number, not %1",
    "solver-event-not-tuple": '%1 is not an event: yield a tuple (kind, (row, col)), like ("push", (0, 0))',
    "solver-event-kind": '%1 has the kind %2: the kind is "push" or "pop"',
    "solver-event-square": "%1: the square must be a tuple (row, col), not %2",
    "solver-malformed": "event %1: %2",
    "solver-illegal-first": "event %1: %2 (%3, %4): the first event must push the start %5",
    "solver-illegal-off-board": "event %1: %2 (%3, %4) is off the %5 board (rows 0..%6, columns 0..%7)",
    "solver-illegal-empty": "event %1: %2 (%3, %4) but the stack is empty: the search ended when it popped "
                            "the start",
    "solver-illegal-not-a-move": "event %1: %2 (%3, %4) is not a knight's move from %5, the top of the stack",
    "solver-illegal-on-stack": "event %1: %2 (%3, %4) lands on a square already on the stack (move %5)",
    "solver-illegal-not-top": "event %1: %2 (%3, %4) does not name the top of the stack, %5",
    "solver-hint": "event %1 popped %2 without trying %3, a free square a knight's move away (was a popped "
                   "square left marked as visited?)",
    "solver-raised-load-line": "%1 raised %2 (line %3 of %4) while it was loaded",
    "solver-raised-load": "%1 raised %2 while it was loaded",
    "solver-raised-line": "solve raised %1 (line %2 of %3) after %4",
    "solver-raised": "solve raised %1 after %2",
    "solver-events": "%n events",
    "solver-tours-then": "%n tours, every event legal; then %2",
    "solver-tour": "every event legal up to the tour: the stack holds all %1 squares after event %2",
    "solver-event-limit": "the limit of %1 events was reached",
    "solver-event-limit-no-tour": "the limit of %1 events was reached before a tour",
    "solver-stopped": "stopped after %1",
    "solver-finished": "solve finished after %1",
    "solver-finished-no-tour": "solve finished after %1 without a tour",
    "solver-finished-hint": "solve finished after %1 without a tour; %2",
    "solver-time-limit": "the time limit of %1 s ran out after %2",
    "solver-time-limit-line": "the time limit of %1 s ran out after %2, at line %3 of %4 (%5)",
    "solver-no-start": "the solver's process could not start",
    "solver-no-start-said": "the solver's process could not start: %1",
    "solver-slow-start": "the solver's process did not start within %1 s",
    "solver-died": "the solver's process ended without a word (%1) after %2: did it call os._exit, or crash?",
    "solver-signal": "killed by signal %1",
    "solver-exit-code": "exit code %1",
    # -- why no tour can exist (Verdict.code, and Outcome.code of an impossible search) --
    "closed-one-square": "a closed tour needs a last move back to the start, and a 1×1 board has no moves",
    "closed-odd": "%1 has an odd number of squares (%2); a closed tour alternates colours, "
                  "so it needs as many squares of each colour (Schwenk's theorem)",
    "closed-narrow": "no board with %n rows or columns has a closed tour (Schwenk's theorem)",
    "closed-3xn": "3×%1 boards have no closed tour (Schwenk's theorem: 3×4, 3×6 and 3×8 are "
                  "the exceptions among 3-row boards)",
    "open-one-row": "on %1 every knight move leaves the board, so the knight cannot move at all",
    "open-two-rows": "a board with 2 rows or columns splits into short chains a knight cannot join, "
                     "so %1 has no tour",
    "open-3x3": "the centre of 3×3 is not a knight's move from any square",
    "open-small": "%1 has no knight's tour from any square (Cull and De Curtins; Conrad et al.)",
    "open-minority-colour": "%1 has %2 squares of the corners' colour and %3 of the other; a tour "
                            "alternates colours, so it must start on the corners' colour and %4 is not",
    "open-4xn-middle": "on %1 a knight's move from the two outer lines of %2 squares always lands on a "
                       "middle line, so no two outer squares follow each other in a tour; half the squares "
                       "are outer, so a tour from %3, on a middle line, would have to alternate middle and "
                       "outer squares all the way and reach outer squares of one colour only, but the outer "
                       "lines hold both colours",
    # -- why a square is popped (PopReason) ---------------------------------------
    "pop-dead-end": "%1 has no unvisited onward square",
    "pop-exhausted": "all %n candidates of %2 tried",
    "pop-cut-off": "every unvisited onward square of %1 would cut off the way back to the start",
    "pop-next-tour": "the tour is reported; %1 is taken back to look for the next tour",
    # -- a pop told whole: what failed, and where the search goes next (event-pop-story) --
    "pop-why-only-dead-end": "its only candidate %1 was a dead end",
    "pop-why-only-failed": "its only candidate %1 led to no tour",
    "pop-why-dead-end": "%1 has no unvisited square a knight's move away: a dead end",
    "pop-why-all-failed": "its %n candidates (%2) all led to no tour",
    "pop-why-dead-ends": "its %n candidates (%2) were all dead ends",
    "pop-back-next": "back to %1 (move %2), which tries its next candidate, %3",
    "pop-back-popped-next": "back to %1 (move %2), which has no candidate left and is popped next",
    "pop-back-empty": "the stack is empty: every way from the start has been tried",
    # -- events, as the log lists them ---------------------------------------------
    "event-pop": "Pop %1 (move %2): %3",
    "event-pop-story": "Pop %1 (move %2): %3; %4.",
    "event-push": "Push %1 as move %2 (degree %3)",
    "event-push-start": "Push %1 as move 1: the start square",
    "event-push-only": "Push %1 as move %2: the only candidate of %3 (degree %4)",
    "event-push-lowest": "Push %1 as move %2: degree %3, the lowest of %4",
    "event-push-tie": "Push %1 as move %2: degree %3, the lowest of %4; %5 breaks the tie",
    "event-push-next": "Push %1 as move %2: degree %3, the next of %4 after %5 tried",
    "event-push-construct": "Push %1 as move %2: the next square of the constructed tour",
    "event-push-fixed": "Push %1 as move %2: candidate %3 of %4 in the fixed move order (%5)",
    "event-push-solver": "Push %1 as move %2: candidate %3 of %4 in your solver's order (%5)",
    "event-tour": "Tour #%1 complete: all %2 squares are on the stack",
    "event-tour-one": "Tour #%1 complete: the board's one square is on the stack",
    "event-exhausted": "The stack is empty: the search is over (%n tours found)",
    "event-no-tour": "The stack is empty: no tour starts on %1",
    "event-stuck": "Stuck on %1: no unvisited onward square, and greedy does not backtrack",
    "event-budget": "The search stopped: its budget is used up",
    "event-impossible": "No search: a theorem rules out a tour from %1",
    # -- tie-break rules, as a push explains them ----------------------------------
    "rule-fixed": "the fixed move order",
    "rule-roth": "Roth's rule (farthest from the centre first)",
    "rule-pohl": "Pohl's rule (smallest sum of onward degrees first)",
    "rule-lookahead": "the look-ahead rule (smallest largest onward degree first)",
    # -- the pseudocode of the search ------------------------------------------------
    "code-candidates": "# candidates of a square: its unvisited squares a knight's move away",
    "code-candidates-closed": "# candidates of a square: its unvisited squares a knight's move away "
                              "that leave a way back to the start",
    "code-push-start": "push the start square and its candidates",
    "code-while": "while the stack is not empty:",
    "code-top": "    top ← the frame on top of the stack",
    "code-full": "    if the stack holds every square:",
    "code-full-closed": "    if the stack holds every square and top is a knight's move from the start:",
    "code-report": "        report the tour; pop top to look for the next",
    "code-report-greedy": "        report the tour and stop (greedy never backtracks)",
    "code-has-next": "    else if top has an untried candidate c:",
    "code-mark": "        mark c tried (the frame's next candidate moves on)",
    "code-push": "        push c and its candidates, in the fixed move order",
    "code-push-degree": "        push c and its candidates, fewest onward moves first",
    "code-push-solver": "        push c and its candidates, in your solver's order",
    "code-else": "    else:",
    "code-pop": "        pop top: a dead end, or all its candidates tried",
    "code-pop-closed": "        pop top: a dead end, the way back cut off, or all its candidates tried",
    "code-stuck": "        stop: stuck (greedy never pops)",
    "code-end": "report: the search is over",
    # the construction's variant (algorithm construct)
    "code-candidates-construct": "# build a closed tour by joining base tours block by block; "
                                 "a square's one candidate: the square after it in that tour",
    "code-report-construct": "        report the tour and stop (nothing is ever taken back)",
    "code-push-construct": "        push c: the next square of the constructed tour",
    "code-stop-construct": "        stop: no tour was built",
}

#: The English form for a count of one of every template with %n.
SINGULAR: dict[str, str] = {
    "exhausted-after-tours": "the search is exhausted: %n tour in all from %2",
    "stuck": "stuck on %2 after %n move: no unvisited square is a knight's move away, "
             "and greedy does not backtrack",
    "budget-nodes": "the budget of %n push is used up",
    "saved-mid-search": "saved mid-search after %n push",
    "closed-narrow": "no board with %n row or column has a closed tour (Schwenk's theorem)",
    "pop-exhausted": "the only candidate of %2 tried",
    "pop-why-all-failed": "its only candidate (%2) led to no tour",
    "pop-why-dead-ends": "its only candidate (%2) was a dead end",
    "event-exhausted": "The stack is empty: the search is over (%n tour found)",
    "solver-events": "%n event",
    "solver-tours-then": "%n tour, every event legal; then %2",
}

_PLACEHOLDER = re.compile(r"%([1-9n])")


def placeholders(template: str) -> set[str]:
    """The placeholders a template uses: ``{"%1", "%n"}``."""
    return {f"%{name}" for name in _PLACEHOLDER.findall(template)}


def has_count(code: str) -> bool:
    """Whether the code's template takes a count (``%n``, the first argument)."""
    return "%n" in MESSAGES[code]


def is_valid(code: str, args: tuple[object, ...]) -> bool:
    """Whether ``code`` has a template and ``args`` give it every argument it shows (a count as an int)."""
    template = MESSAGES.get(code)
    if template is None:
        return False
    wanted = max((0 if p == "%n" else int(p[1:]) for p in placeholders(template)), default=0)
    if "%n" in template and not (args and isinstance(args[0], int) and not isinstance(args[0], bool)):
        return False
    return len(args) >= wanted


def fill(template: str, args: tuple[Arg, ...], word: Callable[[Message], str]) -> str:
    """``template`` with %1…%9 and %n replaced by ``args``; a ``Message`` argument by ``word(arg)``."""
    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        index = 0 if name == "n" else int(name) - 1
        if index >= len(args):
            return match.group(0)
        arg = args[index]
        return word(arg) if isinstance(arg, Message) else str(arg)

    return _PLACEHOLDER.sub(value, template)


def english_template(code: str, args: tuple[Arg, ...] = ()) -> str:
    """The English template for ``code`` with these ``args``: the singular form for a count of one."""
    if code in SINGULAR and args and args[0] == 1:
        return SINGULAR[code]
    return MESSAGES[code]


def english(code: str, args: tuple[Arg, ...] = ()) -> str:
    """The English sentence of ``code`` with ``args``."""
    return fill(english_template(code, args), args, str)
