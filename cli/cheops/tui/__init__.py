"""The full-screen Cheops (Textual): a game against 1-4 bots, and the daily or a puzzle, by
keys.

Nothing here decides a rule: the table (:mod:`.table`) applies every move through the engine.
Under ``NO_COLOR`` it draws none of its colours, and nothing is told by colour alone. This
package's ``__init__`` imports nothing, so ``silverpyr --help`` never loads Textual.
"""
