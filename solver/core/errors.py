"""The base class of every error silverpyr reports to a user as a one-line message, and the
move and position errors every game's engine raises (issue 33: one class each, shared; a
game adds its own detail beside them only where it has some)."""

from __future__ import annotations

from collections.abc import Sequence


class SilverpyrError(Exception):
    """An error whose message is meant for the user (bad input, illegal move, ...)."""


class MoveError(SilverpyrError, ValueError):
    """A move that cannot be played now: the base of every game's move errors."""


class IllegalMoveError(MoveError):
    """A move well written that the rules do not allow now; the message says why."""


class IllegalMove(IllegalMoveError):
    """The illegal move a :class:`~.rules.Rules` engine's ``apply`` raises, under the name
    the engines export it by (the name arena reports print)."""


class MoveSyntaxError(MoveError):
    """Text that is not a move in the game's notation."""


class PositionError(SilverpyrError, ValueError):
    """A described position the rules cannot reach; the message names what and where."""


class SolverBugError(SilverpyrError, RuntimeError):
    """The rules engine disagrees with the CP-SAT model: a bug, never to be hidden."""


def first_problems(problems: Sequence[str], shown: int = 3) -> str:
    """The first ``shown`` of ``problems`` joined by ``; `` and how many more: the one line
    of an error naming every problem (an impossible position)."""
    more = f" (and {len(problems) - shown} more)" if len(problems) > shown else ""
    return f"{'; '.join(problems[:shown])}{more}"


class SilverpyrWarning(UserWarning):
    """A problem silverpyr recovered from, told to the user as one ``warning:`` line."""
