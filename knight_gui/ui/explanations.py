"""The explanations in the interface's language: what each push, pop and outcome means.

``knight_gui.tour.explain`` says every push, pop and outcome as a message of
``knight_gui.tour.messages`` (a code and its arguments); ``tr_text`` words it
in the installed language (``i18n.tr_message``).  The stack panel, the event log,
the pseudocode and the status bar use them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..tour import Event, Pop, Push
from ..tour.algorithms import WARNSDORFF
from ..tour.explain import SOLVER, Text, event_text, pop_reason
from .i18n import tr_message
from .player import MAX_SPEED, TourPlayer

#: Above this many events per second the status bar says "Searching…" rather
#: than the reason of each pop, which would flicker past unread.
READABLE_SPEED = 50


#: An explanation in the installed language.
tr_text = tr_message


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
    elif isinstance(event, Pop) and event.step > 1:  # the frame the search goes back to
        stack = player.stack()
        if stack is not None and stack.depth == event.step - 1:
            parent = stack.frame(-1)
    ordered, tie = search_order(player)
    return event_text(config.board, event, parent, ordered, tie, player.start, player.state.path,
                      algorithm_shown(player))


def algorithm_shown(player: TourPlayer) -> str:
    """The algorithm whose events are shown: the window's, or ``SOLVER`` for a student's solver's
    run (its own order of candidates, whatever algorithm the window names)."""
    return SOLVER if player.from_source else player.config.algorithm


def search_order(player: TourPlayer) -> tuple[bool, str]:
    """Whether the search shown tries its candidates by degree (Warnsdorff's rule), and its tie-break.

    A student's run (no search of ours) tries them as the student's program did: not ordered.
    """
    search = player.search
    if search is None:
        return False, "fixed"
    return player.config.algorithm in WARNSDORFF, search.tie_break


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
