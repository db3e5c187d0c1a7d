"""noblesse: five games of courtly intrigue behind one kernel."""

__version__ = "0.1.0"
