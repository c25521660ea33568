"""Knight's Tour: watch a stack-based search walk the knight over every square."""

__version__ = "0.1.0"
