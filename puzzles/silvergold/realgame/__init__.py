"""The real-game wing of the middle floor: games against bots and what a learner gets from them.

Advice on any decision (:mod:`.advice`), the coach (:mod:`.game_coach`), game records
(:mod:`.game_record`), the state file (:mod:`.state_file`), real-game move ranking
(:mod:`.uncertain`), the deck analysed card by card (:mod:`.analysis`) and bots against bots
(:mod:`.arena`). It sits beside the trainer (puzzles, the daily, hints, the puzzle stats):
neither wing imports the other (an import-linter contract); both use the floor's shared
parts (:mod:`silverpyr.puzzles.core.store`, :mod:`silverpyr.puzzles.core.cluster`,
:mod:`silverpyr.puzzles.core.lease`).
"""
