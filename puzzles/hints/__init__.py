"""Hints for learning players: the best line still open, graded hints and move feedback."""
