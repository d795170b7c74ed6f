"""The full-screen Cheops (Textual): a game against 1-4 bots, and the daily or a puzzle, by
keys.

``silverpyr cheops game`` opens it on an interactive terminal (the command calls
:func:`.launch.run_game`), and so do ``cheops daily`` and ``cheops puzzle``
(:func:`.launch.run_puzzle`; ``--line`` keeps their line mode); below 80x24 it shows
"terminal too small" until the terminal grows; under ``NO_COLOR`` it draws none of its
colours, and nothing is told by colour alone (treasures are colour letters, tiles lower-case
letters, takeable spaces and the price marks are brackets and glyphs).

Nothing here decides a rule: the table (:mod:`.table`) applies every move through the engine.
This package's ``__init__`` imports nothing, so ``silverpyr --help`` never loads Textual.

- :mod:`.table`: what the screen asks of a game;
- :mod:`.board`: the drawings (pyramid, price boards, seats, tiles and stacks, legend), no
  Textual;
- :mod:`.game_screen`: the game, its questions, the help and the end screen;
- :mod:`.puzzle_screen`: a daily or puzzle (your turn), on the core's trainer screen;
- :mod:`.app`: the app and its CSS ("terminal too small" is the core's);
- :mod:`.launch`: what the commands call.
"""
