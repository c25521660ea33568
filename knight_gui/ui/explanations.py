"""The explanations in the interface's language: what each push, pop and outcome means.

``knight_gui.tour.explain`` words every push, pop and outcome in English
templates with named fields; ``TEXTS`` holds the same templates for
translation (lupdate collects them here, under the context "Explain") and
``tr_text`` fills a translated template.  The stack panel, the event log,
the pseudocode and the status bar use them.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ..tour import Event, Pop, Push
from ..tour.explain import Text, event_text, pop_reason
from .player import MAX_SPEED, TourPlayer

CONTEXT = "Explain"

#: The explanation templates of ``knight_gui.tour.explain.TEMPLATES``, by key,
#: marked for translation.  They must read exactly as there (a test checks).
TEXTS: dict[str, str] = cast(dict[str, str], {
    "pop-dead-end": QT_TRANSLATE_NOOP("Explain", "{square} has no unvisited onward square"),
    "pop-exhausted": QT_TRANSLATE_NOOP("Explain", "all {count} candidates of {square} tried"),
    "pop-exhausted-one": QT_TRANSLATE_NOOP("Explain", "the only candidate of {square} tried"),
    "pop-cut-off": QT_TRANSLATE_NOOP(
        "Explain", "every unvisited onward square of {square} would cut off the way back to the start"),
    "pop-next-tour": QT_TRANSLATE_NOOP(
        "Explain", "the tour is reported; {square} is taken back to look for the next tour"),
    "event-pop": QT_TRANSLATE_NOOP("Explain", "Pop {square} (move {step}): {reason}"),
    "event-push": QT_TRANSLATE_NOOP("Explain", "Push {square} as move {step} (degree {degree})"),
    "event-push-start": QT_TRANSLATE_NOOP("Explain", "Push {square} as move 1: the start square"),
    "event-push-only": QT_TRANSLATE_NOOP(
        "Explain", "Push {square} as move {step}: the only candidate of {parent} (degree {degree})"),
    "event-push-lowest": QT_TRANSLATE_NOOP(
        "Explain", "Push {square} as move {step}: degree {degree}, the lowest of {candidates}"),
    "event-push-tie": QT_TRANSLATE_NOOP(
        "Explain", "Push {square} as move {step}: degree {degree}, the lowest of {candidates}; "
                   "{rule} breaks the tie"),
    "event-push-next": QT_TRANSLATE_NOOP(
        "Explain", "Push {square} as move {step}: degree {degree}, the next of {candidates} "
                   "after {tried} tried"),
    "event-push-fixed": QT_TRANSLATE_NOOP(
        "Explain", "Push {square} as move {step}: candidate {number} of {count} in the fixed "
                   "move order ({candidates})"),
    "event-tour": QT_TRANSLATE_NOOP(
        "Explain", "Tour #{number} complete: all {size} squares are on the stack"),
    "event-exhausted": QT_TRANSLATE_NOOP(
        "Explain", "The stack is empty: the search is over ({count} tours found)"),
    "event-no-tour": QT_TRANSLATE_NOOP("Explain", "The stack is empty: no tour starts on {square}"),
    "event-stuck": QT_TRANSLATE_NOOP(
        "Explain", "Stuck on {square}: no unvisited onward square, and greedy does not backtrack"),
    "event-budget": QT_TRANSLATE_NOOP("Explain", "The search stopped: its budget is used up"),
    "event-impossible": QT_TRANSLATE_NOOP("Explain", "No search: a theorem rules out a tour from {square}"),
    "rule-fixed": QT_TRANSLATE_NOOP("Explain", "the fixed move order"),
    "rule-roth": QT_TRANSLATE_NOOP("Explain", "Roth's rule (farthest from the centre first)"),
    "rule-pohl": QT_TRANSLATE_NOOP("Explain", "Pohl's rule (smallest sum of onward degrees first)"),
    "rule-lookahead": QT_TRANSLATE_NOOP(
        "Explain", "the look-ahead rule (smallest largest onward degree first)"),
    "code-candidates": QT_TRANSLATE_NOOP(
        "Explain", "# candidates of a square: its unvisited squares a knight's move away"),
    "code-candidates-closed": QT_TRANSLATE_NOOP(
        "Explain", "# candidates of a square: its unvisited squares a knight's move away "
                   "that leave a way back to the start"),
    "code-push-start": QT_TRANSLATE_NOOP("Explain", "push the start square and its candidates"),
    "code-while": QT_TRANSLATE_NOOP("Explain", "while the stack is not empty:"),
    "code-top": QT_TRANSLATE_NOOP("Explain", "    top ← the frame on top of the stack"),
    "code-full": QT_TRANSLATE_NOOP("Explain", "    if the stack holds every square:"),
    "code-full-closed": QT_TRANSLATE_NOOP(
        "Explain", "    if the stack holds every square and top is a knight's move from the start:"),
    "code-report": QT_TRANSLATE_NOOP("Explain", "        report the tour; pop top to look for the next"),
    "code-report-greedy": QT_TRANSLATE_NOOP(
        "Explain", "        report the tour and stop (greedy never backtracks)"),
    "code-has-next": QT_TRANSLATE_NOOP("Explain", "    else if top has an untried candidate c:"),
    "code-mark": QT_TRANSLATE_NOOP("Explain", "        mark c tried (the frame's next candidate moves on)"),
    "code-push": QT_TRANSLATE_NOOP("Explain", "        push c and its candidates, in the fixed move order"),
    "code-push-degree": QT_TRANSLATE_NOOP(
        "Explain", "        push c and its candidates, fewest onward moves first"),
    "code-else": QT_TRANSLATE_NOOP("Explain", "    else:"),
    "code-pop": QT_TRANSLATE_NOOP("Explain", "        pop top: a dead end, or all its candidates tried"),
    "code-pop-closed": QT_TRANSLATE_NOOP(
        "Explain", "        pop top: a dead end, the way back cut off, or all its candidates tried"),
    "code-stuck": QT_TRANSLATE_NOOP("Explain", "        stop: stuck (greedy never pops)"),
    "code-end": QT_TRANSLATE_NOOP("Explain", "report: the search is over"),
})

#: Above this many events per second the status bar says "Searching…" rather
#: than the reason of each pop, which would flicker past unread.
READABLE_SPEED = 50


def tr_text(text: Text) -> str:
    """``text`` in the installed language (English where no translation fits)."""
    args = {name: tr_text(value) if isinstance(value, Text) else value for name, value in text.args.items()}
    template = QCoreApplication.translate(CONTEXT, TEXTS.get(text.key, text.template))
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):  # a translation with broken fields: say it in English
        return text.template.format(**args)


def explain_event(player: TourPlayer, event: Event | None = None) -> Text | None:
    """The last event (or ``event``, taken as the last) explained as fully as the shown stack allows."""
    if event is None:
        event = player.last_event()
    if event is None:
        return None
    config = player.config
    parent = None
    if isinstance(event, Push) and event.step > 1:
        stack = player.stack()
        if stack is not None and stack.depth >= 2 and stack.depth == event.step:
            parent = stack.frame(-2)
    tie = player.search.tie_break if player.search is not None else "fixed"
    return event_text(config.board, event, parent, config.algorithm != "backtracking", tie,
                      player.start, player.state.path)


def status_reason(player: TourPlayer) -> str | None:
    """"Backtrack: <why>" for the status bar when the event shown is a pop, at a speed one can read."""
    fast = player.goal is not None or player.speed == MAX_SPEED or player.speed > READABLE_SPEED
    if player.running and fast:
        return None
    event = player.last_event()
    if not isinstance(event, Pop):
        return None
    reason = tr_text(pop_reason(player.config.board, event))
    return QCoreApplication.translate("Teaching", "Backtrack: %s") % reason
