"""The full-screen game (Textual): point at the cells instead of typing them.

``daily``, ``puzzle`` and ``game`` open it on an interactive terminal, ``silverpyr play`` its
home screen; :func:`.launch.why_not_full_screen` says when the line mode of :mod:`..play` is
kept instead. Nothing here decides a rule of the game: moves are played through
:class:`~silverpyr.puzzles.silvergold.session.PlaySession` (a puzzle) or
:class:`~silverpyr.puzzles.silvergold.realgame.kept_game.KeptGame` (a game against bots, the
same table the line mode drives). Solver work runs off the screen's thread, with a visible
"thinking" line.

This package's ``__init__`` imports nothing, so ``silverpyr --help`` never loads Textual:
commands import :mod:`.launch` inside their function bodies.
"""
