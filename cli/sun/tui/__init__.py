"""The full-screen Pyramid of the Sun (Textual): a game against 1-4 bots, and the daily or
a puzzle, by keys.

``silverpyr sun game`` opens it on an interactive terminal and ``silverpyr sun play`` always
(the integrator's commands call :func:`.launch.run_game`), and so do ``sun daily`` and ``sun
puzzle`` (:func:`.launch.run_puzzle`; ``--line`` keeps their line mode); below 80x24 it
shows "terminal too small" until the terminal grows; under ``NO_COLOR`` it draws none of its
colours, and nothing is told by colour alone (symbols are glyphs, kinds letters, pending and
open slots brackets).

Nothing here decides a rule: the table (:mod:`.table`) applies every move through the engine.
This package's ``__init__`` imports nothing, so ``silverpyr --help`` never loads Textual.

- :mod:`.table`: what the screen asks of a game, and an in-memory stand-in;
- :mod:`.board`: the drawings (pyramid of bricks, hand, seats, piles, legend), no Textual;
- :mod:`.game_screen`: the game, its questions, the help and the end screen;
- :mod:`.puzzle_screen`: a daily or puzzle (one turn), on the core's trainer screen;
- :mod:`.app`: the app and its CSS ("terminal too small" is the core's);
- :mod:`.launch`: what the commands call.
"""
