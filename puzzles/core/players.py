"""A game's registry of the players a seat can hold, for any game: each player named, made
on demand (a fresh one per game: a player may keep state within a game), with a few words
on how it plays.

A seat names a player three ways:

* ``greedy``: a player of the registry;
* ``montecarlo:32``: a registry player that takes a number (its :attr:`Entry.number`), here
  32 instead of its default;
* ``package.module:factory``: a player written outside the project against the game's
  documented player interface: ``factory()`` makes it (docs/players.md).

A former name of a player stays an alias (:attr:`Registry.aliases`), so records and saved
games that name it still seat it; menus, help and messages list only the current names.

Game-free: nothing here imports a game. Each game's ``registry.py`` lists its players as
:class:`Entry` items in a :class:`Registry`, naming its own error for a name it does not
hold and the methods its players have; the command line reads the names without loading a
bot.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...solver.core.errors import SilverpyrError
from ...solver.core.montecarlo import DEFAULT_DEALS, MAX_DEALS

P = TypeVar("P")

_OUTSIDE = re.compile(r"[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*")
"""``package.module:factory``: a dotted module path, a colon, a name."""


@dataclass(frozen=True)
class Number:
    """The number a registry player takes after a colon (``montecarlo:32``)."""

    label: str
    """What it counts, in a few words (``deals``)."""
    low: int
    high: int
    make: Callable[[int], object]
    """The player made with that number."""
    symbol: str = "K"
    """How help writes it (``montecarlo[:K]``)."""


@dataclass(frozen=True)
class Entry(Generic[P]):
    """One player the registry can seat."""

    name: str
    make: Callable[[], P]
    about: str
    """What it plays like, in a few words (help texts, menus)."""
    number: Number | None = None
    """The number it may take after a colon, if any."""


def montecarlo_entry(player: Callable[[], Callable[[int], P]]) -> Entry[P]:
    """Every game's flat Monte Carlo yardstick, ``montecarlo`` or ``montecarlo:K``
    (:mod:`silverpyr.solver.core.montecarlo`): ``player()`` imports the game's
    ``montecarlo_player`` only when a player is made."""
    return Entry(
        "montecarlo",
        lambda: player()(DEFAULT_DEALS),
        f"flat Monte Carlo: {DEFAULT_DEALS} deals a decision (montecarlo:K for K), greedy "
        "plays them out",
        Number("deals", 1, MAX_DEALS, lambda deals: player()(deals)),
    )


def by_name(*entries: Entry[P]) -> dict[str, Entry[P]]:
    """Every entry by name, in the order given (the order menus show them)."""
    return {entry.name: entry for entry in entries}


class Registry(Generic[P]):
    """The players of one game, by name, and the seats' names they answer to."""

    def __init__(
        self,
        *entries: Entry[P],
        error: Callable[[str], Exception],
        methods: tuple[str, ...],
        aliases: Mapping[str, str] | None = None,
    ) -> None:
        self.players: dict[str, Entry[P]] = by_name(*entries)
        self.names: tuple[str, ...] = tuple(self.players)
        self.aliases: dict[str, str] = dict(aliases or {})
        """Former names, each to the entry it names now (not listed anywhere)."""
        assert all(now in self.players for now in self.aliases.values())
        self._error = error
        self._methods = methods

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.problem(name) is None

    def known(self) -> str:
        """The names a seat takes, for messages and help (``montecarlo[:K]``)."""
        return ", ".join(
            f"{entry.name}[:{entry.number.symbol}]" if entry.number else entry.name
            for entry in self.players.values()
        )

    def problem(self, name: str) -> str | None:
        """Why ``name`` seats no player (``None``: it does). An outside player's module is
        imported to tell."""
        try:
            self._resolve(name)
        except _NoPlayer as error:
            return str(error)
        return None

    def make(self, name: str) -> P:
        """A fresh player for the seat named ``name``; the registry's error if none."""
        try:
            return self._resolve(name)()
        except _NoPlayer as error:
            raise self._error(str(error)) from None

    def _resolve(self, name: str) -> Callable[[], P]:
        entry = self.players.get(self.aliases.get(name, name))
        if entry is not None:
            return entry.make
        head, colon, tail = name.partition(":")
        entry = self.players.get(head)
        if colon and entry is not None:
            return self._numbered(entry, tail)
        if _OUTSIDE.fullmatch(name):
            return self._outside(head, tail)
        raise _NoPlayer(f"unknown bot {name!r} (known: {self.known()}; or package.module:factory)")

    def _numbered(self, entry: Entry[P], text: str) -> Callable[[], P]:
        number = entry.number
        if number is None:
            raise _NoPlayer(f"player {entry.name!r} takes no number (not {entry.name}:{text})")
        if not (text.isascii() and text.isdigit()) or not number.low <= int(text) <= number.high:
            raise _NoPlayer(
                f"{entry.name}:{text}: the number of {number.label} is a whole number from "
                f"{number.low} to {number.high}"
            )
        count = int(text)
        make = number.make
        return lambda: make(count)  # type: ignore[return-value]

    def _outside(self, module_name: str, factory_name: str) -> Callable[[], P]:
        where = f"{module_name}:{factory_name}"
        here = os.getcwd()
        if here not in sys.path:
            sys.path.append(here)  # a bots file beside the user, as `python -m` would find it
        try:
            module = importlib.import_module(module_name)
        except Exception as error:  # the user's own code: any failure is its problem
            raise _NoPlayer(
                f"player {where}: cannot import {module_name} ({type(error).__name__})"
            ) from None
        factory = getattr(module, factory_name, None)
        if not callable(factory):
            raise _NoPlayer(f"player {where}: {module_name} has no callable {factory_name}")
        return lambda: self._checked(where, factory)

    def _checked(self, where: str, factory: Callable[[], object]) -> P:
        try:
            player = factory()
        except Exception as error:
            raise self._error(
                f"player {where}: {where}() failed ({type(error).__name__})"
            ) from None
        missing = [m for m in self._methods if not callable(getattr(player, m, None))]
        if missing:
            raise self._error(f"player {where}: the player it makes has no {missing[0]}()")
        return _Guarded(player, where, self._methods)  # type: ignore[return-value]


class _Guarded:
    """An outside player whose failures are one line naming it, not a traceback: its code is
    not ours, and a failure in it is its author's to fix."""

    def __init__(
        self,
        player: object,
        where: str,
        methods: tuple[str, ...],
    ) -> None:
        self.name = where
        for method in methods:
            setattr(self, method, self._guard(method, getattr(player, method)))

    def _guard(self, method: str, call: Callable[..., object]) -> Callable[..., object]:
        def guarded(*args: object, **kwargs: object) -> object:
            try:
                return call(*args, **kwargs)
            except Exception as failure:
                raise OutsidePlayerError(
                    f"player {self.name}: {method}() failed "
                    f"({type(failure).__name__}: {failure})".replace("\n", " ")
                ) from None

        return guarded


class OutsidePlayerError(SilverpyrError, RuntimeError):
    """An outside player that failed in play (its code raised)."""


class _NoPlayer(Exception):
    """A seat's name that seats no player (turned into the registry's error)."""
