"""Pyramid of the Sun: its puzzles, hints, games and arena (the middle floor)."""
