"""silverpyr: solver, trainer and expert player for *Silver & Gold Pyramids*.

This folder is the ``silverpyr`` import package. Its three floors import only downward,
always by relative imports, so the graph is visible to anything that reads the tree:

* ``cli/``: Typer commands, views, the play loop;
* ``puzzles/``: puzzle generation, sessions, hints, stats;
* ``solver/``: the rules engine, the CP-SAT solver, the bots.

import-linter enforces the layers (``pyproject.toml``, ``[tool.importlinter]``).
"""

__version__ = "0.1.0"
"""The version (``pyproject.toml`` reads it from here; no metadata look-up at start-up)."""
