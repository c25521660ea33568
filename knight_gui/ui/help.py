"""Help ▸ How It Works (F1) and Help ▸ About: short pages in the installed language.

The page explains the stack, Warnsdorff's rule and backtracking as the
window shows them, in a few paragraphs; each paragraph is one translatable
text, so the Chinese page is a translation like every other text.
"""

from __future__ import annotations

import PySide6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, Slot, qVersion
from PySide6.QtGui import QAction, QFont, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .actions import set_action_texts
from .i18n import QT_TRANSLATE_NOOP
from .painting import LIGHT_THEME, text_scale

#: Help's paragraph on the construction (algorithm ``construct``, tour/closed.py); README says the same.
CONSTRUCTION_TEXT = QT_TRANSLATE_NOOP(
    "HowItWorks",
    "On every board that has a closed tour (Schwenk's theorem), the program builds one instead of "
    "searching for it. It turns the board so the number of columns is even, then cuts it into blocks: "
    "bands of 6, 8 or 10 rows (with at most one band of 5, 7 or 9 rows) and groups of 6, 8 or 10 "
    "columns. Each of the 18 block sizes has a stored closed tour, found once by a backtracking search. "
    "Two neighbouring blocks are joined by taking one move out of each near their shared corner and "
    "adding the two knight's moves across the seam that reconnect the loose ends, so two cycles become "
    "one. Joining each band's blocks left to right, and the first blocks of the bands top to bottom, "
    "leaves one closed tour of the whole board. Boards with 3 rows (3×n, n even, 10 or more) start from "
    "a 3×10 or 3×12 tour and add 3×4 pieces. A closed tour visits every square, so the tour from any "
    "start is the same cycle read from that square. The work grows in step with the number of squares "
    "and nothing is taken back, so the window shows only pushes. Ticking Closed on a board over 10×10 "
    "chooses this algorithm (Construction). (After Parberry 1997 and Conrad, Hindrichs, Morsy and "
    "Wegener 1994.)")


def program_version() -> str:
    """The installed package's version (``knight_gui.__version__``, read when first asked for)."""
    from .. import __version__

    return __version__


class HowItWorks(QDialog):
    """A short page on the stack, Warnsdorff's rule and backtracking (not modal: watch and read)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("how_it_works")
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(False)
        self.browser.setObjectName("how_it_works_text")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        # A window of its own takes the main window's font only when asked to: so the page follows
        # View ▸ Text Size and presentation mode (it kept the desktop's small text on a projector).
        self.setAttribute(Qt.WidgetAttribute.WA_WindowPropagation, True)
        self.setFont(QFont())  # (a font that sets nothing: the parent's, resolved again)
        self.resize(640, 620)
        self._fit_font()
        self.retranslate_ui()

    def _fit_font(self) -> None:
        """At least 640×620 at the desktop's text size, larger in proportion to a larger font, within
        the screen."""
        scale = text_scale(self.font())
        wanted = QSize(round(640 * scale), round(620 * scale))
        screen = self.screen().availableGeometry().size() if self.screen() is not None else wanted
        self.resize(min(max(self.width(), wanted.width()), screen.width() * 9 // 10),
                    min(max(self.height(), wanted.height()), screen.height() * 9 // 10))

    def retranslate_ui(self) -> None:
        """Set the title and the page in the installed language."""
        self.setWindowTitle(self.tr("How It Works"))
        self.browser.setAccessibleName(self.tr("How it works"))
        self.browser.setHtml(self.html())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        elif event.type() == QEvent.Type.FontChange:
            self._fit_font()
        super().changeEvent(event)

    def html(self) -> str:
        """The page, as HTML."""
        tr = self.tr  # lupdate files these under the empty context; the translator looks there too
        theme = LIGHT_THEME
        parts = [
            "<h2>" + self.tr("How it works") + "</h2>",
            "<p>" + self.tr(
                "The knight must visit every square of the board exactly once, moving as a knight moves in "
                "chess: two squares one way and one square at right angles. Such a path is a <b>knight's "
                "tour</b>; it is <b>closed</b> when the last square is a knight's move from the first, so "
                "the knight could go round again, and <b>open</b> otherwise.") + "</p>",
            "<h3>" + self.tr("The stack") + "</h3>",
            "<p>" + self.tr(
                "The search keeps the path as a <b>stack</b>: the start square at the bottom, the knight's "
                "square on top. Moving onto a new square is a <b>push</b>; taking the last square back is "
                "a <b>pop</b>. Each entry on the stack remembers which of its squares' candidates (the "
                "unvisited squares a knight's move away) it has tried already, so the search needs no "
                "recursion: one loop looks at the top of the stack, again and again.") + "</p>",
            "<h3>" + self.tr("Warnsdorff's rule") + "</h3>",
            "<p>" + self.tr(
                "Which candidate first? H. C. von Warnsdorff (1823): go to the square with the fewest "
                "onward moves, its <b>degree</b>. Squares that are hard to reach, near the corners and "
                "edges, are then visited while they still can be. With this rule the knight almost never "
                "needs to go back. Ties, candidates of equal degree, are settled by a tie-break rule: the "
                "fixed move order, the square farthest from the centre (Roth), the smallest sum of the "
                "degrees of its own onward squares (Pohl), or, by default, a look one move further (the "
                "square whose onward squares' largest degree is smallest) and then Roth's rule: over "
                "every start of every board from 5×5 to 30×30 it backtracks 27,420 times, Roth's rule "
                "alone 1,837,605 times.") + "</p>",
            "<h3>" + self.tr("Backtracking") + "</h3>",
            "<p>" + self.tr(
                "When the knight is stuck before the board is full, the search <b>backtracks</b>: it pops "
                "the top square off the stack (it flashes red) and tries the next candidate of the square "
                "below. Plain backtracking, without Warnsdorff's rule, tries the eight moves in a fixed "
                "order and may take a very long time even on 8×8; the greedy algorithm never backtracks "
                "and can get stuck.") + "</p>",
            "<h3>" + self.tr("Closed tours by construction") + "</h3>",
            "<p>" + self.tr(CONSTRUCTION_TEXT) + "</p>",
            "<h3>" + self.tr("The colours") + "</h3>",
            "<table cellspacing='0' cellpadding='3'>"
            + "".join(f"<tr><td><span style='background:{colour}; color:{colour}'>&nbsp;&nbsp;&nbsp;&nbsp;"
                      f"</span></td><td>{what}</td></tr>" for colour, what in (
                          (theme.start.name(), tr("the start square (a green frame)")),
                          (theme.visited_dark.name(), tr("a square on the path, with its move number; lines "
                                                         "join the moves in order")),
                          (theme.backtrack.name(), tr("a square just taken back (popped): it glows red "
                                                      "and loses its number")),
                          (theme.candidate.name(), tr("the candidates of the knight's square, with their "
                                                      "degree; the next to try is drawn bolder (Ctrl+D)")),
                          (theme.candidate_tried.name(), tr("a candidate tried already and backtracked")),
                          (theme.selected.name(), tr("the square of the stack row selected in the Stack "
                                                     "panel")),
                          (theme.closing_line.name(), tr("the line that closes a closed tour")),
                      ))
            + "</table>",
            "<h3>" + self.tr("Using the window") + "</h3>",
            "<table cellspacing='0' cellpadding='3'>"
            + "".join(f"<tr><td><b>{keys}</b></td><td>{what}</td></tr>" for keys, what in (
                (tr("Click, or arrows and Enter"), tr("place the knight")),
                (tr("Space"), tr("play or pause")),
                (tr("→ / ←"), tr("one event forward or back: a push or a pop")),
                (tr("End"), tr("run to the end as fast as it goes")),
                (tr("Esc"), tr("stop a run; when nothing runs, back to the start square")),
                (tr("+ / −"), tr("faster / slower")),
                (tr("Ctrl+D"), tr("show the candidates and their degrees")),
                (tr("Shift+arrows, Enter"), tr("move the cursor over the board; place the knight there")),
                (tr("Ctrl+O / Ctrl+Shift+S"), tr("open / save a tour")),
                (tr("F1"), tr("this page")),
            ))
            + "</table>",
        ]
        return "\n".join(parts)


def show_about(parent: QWidget) -> None:
    """Help ▸ About: what the program is, its version and what it runs on."""
    import platform

    translate = QCoreApplication.translate
    versions = (program_version(), platform.python_version(), qVersion(), PySide6.__version__)
    text = (
        "<h3>" + translate("About", "Knight's Tour") + "</h3><p>"
        + translate("About", "Watch a stack-based search walk the knight over every square of the board, "
                             "one push and one backtrack at a time.")
        + "</p><p>"
        + translate("About", "Click a square to place the knight, then press Space. Press F1 to read how "
                             "it works.")
        + "</p><p>"
        + translate("About", "Version %s · Python %s · Qt %s (PySide6 %s)") % versions
        + "<br>" + translate("About", "MIT licence.") + "</p>"
    )
    QMessageBox.about(parent, translate("About", "About Knight's Tour"), text)


class HelpPages(QObject):
    """Help ▸ How It Works (F1); the page is made when first asked for, over ``window``."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("help_pages")
        self.window = window
        self.dialog: HowItWorks | None = None
        self.how_action = QAction(window)
        self.how_action.setObjectName("how_it_works_action")
        self.how_action.setShortcut(QKeySequence(Qt.Key.Key_F1))
        self.how_action.triggered.connect(self.show_how_it_works)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """The action's texts in the installed language (the window calls it again after a switch)."""
        set_action_texts(self.how_action, self.tr("&How It Works"),
                         self.tr("The stack, Warnsdorff's rule and backtracking, in a few words"))

    @Slot()
    def show_how_it_works(self) -> None:
        """Show the page (beside the board, not modal)."""
        if self.dialog is None:
            self.dialog = HowItWorks(self.window)
        self.dialog.show()
        if QGuiApplication.platformName() != "offscreen":  # which cannot raise windows (and says so)
            self.dialog.raise_()
            self.dialog.activateWindow()
