"""A game's registry of the players a seat can hold, for any game: each player named, made
on demand (a fresh one per game: a player may keep state within a game), with a few words
on how it plays.

Game-free: nothing here imports a game. Each game's ``registry.py`` lists its players as
:class:`Entry` items (:func:`by_name`) and makes them with :func:`make_from`, naming its
own error for a name it does not hold; the command line reads the names without loading a
bot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P")


@dataclass(frozen=True)
class Entry(Generic[P]):
    """One player the registry can seat."""

    name: str
    make: Callable[[], P]
    about: str
    """What it plays like, in a few words (help texts, menus)."""


def by_name(*entries: Entry[P]) -> dict[str, Entry[P]]:
    """Every entry by name, in the order given (the order menus show them)."""
    return {entry.name: entry for entry in entries}


def make_from(players: Mapping[str, Entry[P]], name: str, error: Callable[[str], Exception]) -> P:
    """A fresh player named ``name`` from ``players``; ``error`` if there is none."""
    entry = players.get(name)
    if entry is None:
        raise error(f"unknown player {name!r} (known: {', '.join(players)})")
    return entry.make()
