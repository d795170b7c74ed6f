"""``silverpyr sun play``: Pyramid of the Sun's part of the one home (the core's
:mod:`silverpyr.cli.core.home`; ``silverpyr play`` shows every game)."""

from __future__ import annotations

from ..core.options import NoRecordOption


def play(no_record: NoRecordOption = False) -> None:
    """Pyramid of the Sun on one screen: the daily, a puzzle, a game, stats, rules."""
    from ..core.home import open_home

    open_home("sun", no_record=no_record)
