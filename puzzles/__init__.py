"""Puzzles: generation, the daily puzzle, play sessions, hints and the stats store.

Built on :mod:`silverpyr.solver`; never imports the command line.
"""
