"""The Qt user interface: painting, board widget, player, main window."""
