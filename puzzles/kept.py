"""What every game's kept game (the one game against bots saved in the store) shares.

A game's ``KeptGame`` keeps its own rules and replay; this module owns, once, the words
of the unfinished-game refusal and notes, and how a position is saved or dropped:

* **Ruling.** Another game asked for while one is unfinished raises
  :class:`UnfinishedGameError`, naming both remedies (play on without the game's options,
  or ``--restart``); ``--restart`` drops the unfinished game with a note; a saved game that
  no longer replays is dropped with a note saying why.
* A game is saved after each final decision and its row dropped once it is over
  (:func:`keep_in_store`); saves are compare-and-set on the store's revision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..solver.errors import SilverpyrError

if TYPE_CHECKING:
    from .store import SavedGame, Store


class UnfinishedGameError(SilverpyrError, ValueError):
    """Another game than the unfinished one was asked for (see the module's ruling)."""


def unfinished_error(
    description: str, *, other_deck: bool, command: str, options: str
) -> UnfinishedGameError:
    """The refusal when another game is asked for: ``options`` are the game's options that
    choose a game (``--seed, --players or --opponents``)."""
    other = " with another deck" if other_deck else ""
    return UnfinishedGameError(
        f"a game is unfinished ({description}{other}): `{command}` "
        f"resumes it (without {options}, with the same --cards), or add --restart to drop "
        "it and start this one"
    )


def restart_note(description: str) -> str:
    """The note when ``--restart`` drops the unfinished game."""
    return f"Starting a new game: the unfinished one ({description}) is dropped."


def dropped_note(description: str, problem: str) -> str:
    """The note when the unfinished game cannot be resumed (``problem`` says why)."""
    return f"The unfinished game ({description}) cannot be resumed ({problem}); it is dropped."


def keep_in_store(
    store: Store,
    game_id: str,
    revision: int | None,
    *,
    over: bool,
    saved: Callable[[], SavedGame],
) -> int | None:
    """Save ``saved()`` in the store after a final decision, or drop the row once the game is
    ``over``; the new revision (``None`` once dropped)."""
    if over:
        if revision is not None:
            store.drop_game(game_id, revision=revision)
        return None
    return store.save_game(saved(), revision=revision)


__all__ = [
    "UnfinishedGameError",
    "dropped_note",
    "keep_in_store",
    "restart_note",
    "unfinished_error",
]
