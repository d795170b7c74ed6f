"""Pyramid of the Sun on the puzzles floor: the players' registry and the arena."""
