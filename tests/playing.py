"""Helpers for tests that play puzzles."""

from __future__ import annotations

from silverpyr.puzzles.silvergold.puzzle import Puzzle


def solution_moves(puzzle: Puzzle) -> list[str]:
    """The puzzle's optimal line without its trailing passes (a script ends there)."""
    moves = list(puzzle.solution)
    while moves and moves[-1] == "-":
        moves.pop()
    return moves
