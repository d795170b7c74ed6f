"""Whether a full-screen game can run here (game-free): a terminal at both ends that can
draw a screen; otherwise the commands play in line mode."""

from __future__ import annotations

import os
import sys

NOT_A_TERMINAL = "standard input or output is not a terminal"
DUMB_TERMINALS = frozenset({"dumb"})
"""``TERM`` values of terminals that cannot move the cursor or draw a screen."""


def why_not_full_screen() -> str | None:
    """Why the full-screen game cannot run here, or ``None`` when it can.

    It needs a terminal at both ends (not a pipe or a file) that can draw a screen: a
    ``TERM`` of ``dumb`` (Emacs shells, some CI logs) cannot, and Textual would fill it
    with escape codes.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return NOT_A_TERMINAL
    term = os.environ.get("TERM", "")
    if term in DUMB_TERMINALS:
        return f"TERM={term} cannot draw a screen"
    return None


def interactive() -> bool:
    """Whether the full-screen game runs (otherwise the line mode does).

    A terminal that cannot draw a screen gets one ``warning:`` line on stderr saying the
    line mode runs instead; a pipe or a file needs no warning (that is what line mode is
    for).
    """
    reason = why_not_full_screen()
    if reason is None:
        return True
    if reason != NOT_A_TERMINAL:
        from ..output import warn

        warn(f"{reason}: playing in line mode")
    return False


def full_screen(*, line: bool, plain: bool, as_json: bool, scripted: bool) -> bool:
    """Whether a daily or puzzle plays on the full screen (every game's ``daily`` and
    ``puzzle``): not when the line mode is asked for (``--line``, ``--plain``, ``--json``, a
    ``--moves`` script), and only on a terminal that can draw it (:func:`interactive`)."""
    if line or plain or as_json or scripted:
        return False
    return interactive()
