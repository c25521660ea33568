"""The Qt user interface: painting, board widget, player, main window.

Importing it starts PySide6 (``qt_start``: without its import hook reading the
source of every module imported after it).
"""

from .qt_start import spare_feature_scan

spare_feature_scan()
