"""silverpyr: solvers, puzzle trainers and expert players for three pyramid board games,
*Silver & Gold Pyramids*, *Pyramid of the Sun* and *Cheops*.

This folder is the ``silverpyr`` import package: three floors, ``cli/`` over ``puzzles/``
over ``solver/``, each a game-free core beside one subpackage a game (docs/architecture.md).
"""

__version__ = "0.1.0"
"""The version (``pyproject.toml`` reads it from here; no metadata look-up at start-up)."""
