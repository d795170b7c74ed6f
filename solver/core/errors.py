"""The base class of every error silverpyr reports to a user as a one-line message."""

from __future__ import annotations


class SilverpyrError(Exception):
    """An error whose message is meant for the user (bad input, illegal move, ...)."""


class SolverBugError(SilverpyrError, RuntimeError):
    """The rules engine disagrees with the CP-SAT model: a bug, never to be hidden."""


class SilverpyrWarning(UserWarning):
    """A problem silverpyr recovered from, told to the user as one ``warning:`` line."""
