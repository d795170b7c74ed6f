"""``silverpyr cheops play``: Cheops's part of the one home (the core's
:mod:`silverpyr.cli.core.home`; ``silverpyr play`` shows every game)."""

from __future__ import annotations

from ..core.options import NoRecordOption


def play(no_record: NoRecordOption = False) -> None:
    """Cheops on one screen: the daily, a puzzle, a game, stats, rules."""
    from ..core.home import open_home

    open_home("cheops", no_record=no_record)
