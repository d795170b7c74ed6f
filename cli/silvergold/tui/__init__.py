"""The full-screen game (Textual): point at the cells instead of typing them.

``daily``, ``puzzle`` and ``game`` open it on an interactive terminal (``--line``, ``--plain``,
``--moves``, a pipe or a non-terminal keep the line mode of :mod:`..play`, and so does
``TERM=dumb``, with a warning: :func:`.launch.why_not_full_screen`); ``silverpyr play``
opens its home screen. Below 80x24 the app shows "terminal too small" until the terminal
grows; under ``NO_COLOR`` it draws without colour (the core's
:class:`~silverpyr.cli.core.tui.colour.Colourless`).

Nothing here decides a rule of the game: legality comes from
the rules engine (``CardState.why_illegal``, ``Position.after_marks``), moves are played
through :class:`~silverpyr.puzzles.silvergold.session.PlaySession` (a puzzle) or
:class:`~silverpyr.puzzles.silvergold.realgame.kept_game.KeptGame` (a game against bots, the same
table the line mode drives), hints and feedback from the coach. Solver work (hints, advice,
the coach's checks, the bots' marks) runs off the screen's thread, with a visible
"thinking" line.

This package's ``__init__`` imports nothing, so ``silverpyr --help`` never loads Textual:
commands import :mod:`.launch` inside their function bodies.

- :mod:`.placing`: the pattern under the cursor, built into a move mark by mark (no Textual);
- :mod:`.widgets`: the card, the status bar, the small drawings;
- :mod:`.puzzle_screen`, :mod:`.end_screen`: a puzzle attempt and its end;
- :mod:`.game_screen`: a game against the bots (a pending move, the coach's question);
- :mod:`.home`: the home and stats screens (a game: seed, players, opponents, coach);
- :mod:`.app`: the app with its CSS (the "terminal too small" screen is the core's);
- :mod:`.launch`: what the commands call, and whether the terminal can take the full screen.
"""
