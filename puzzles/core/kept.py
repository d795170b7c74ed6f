"""What every game's kept game (the one game against bots saved in the store) shares.

A game's ``KeptGame`` keeps its own rules and replay; this module owns, once, the words
of the unfinished-game refusal and notes, and how a position is saved or dropped:

* **Ruling.** Another game asked for while one is unfinished raises
  :class:`UnfinishedGameError`, naming both remedies (play on without the game's options,
  or ``--restart``); ``--restart`` drops the unfinished game with a note.
* **A saved game that cannot be resumed is never lost.** A row that reads but no longer
  replays (an answer the engine refuses, a bot no longer in the registry, a game that had
  ended) refuses to start any game (:class:`UnresumableGameError`: one line saying why and
  naming the command's ``--restart``), and the row is left as it is until ``--restart``
  drops it: only the user drops a saved game.
* **A damaged saved game is never lost.** Its row is read against the game's own seats
  (each game declares them, from its engine's table sizes, and hands them to the store); a
  row that does not read, or whose table (the ``opponents`` text, :class:`SavedTableError`)
  the game cannot read, refuses to start any game (:class:`~.store.DamagedGameError`: one
  line naming the problem and the command's ``--restart``), and the row is left as it is
  until ``--restart`` drops it.
* A game is saved after each final decision and its row dropped once it is over
  (:func:`keep_in_store`); saves are compare-and-set on the store's revision.
* **Starting.** :func:`start_kept` resumes the unfinished game (:data:`GAME_ID`, the one
  row), restarts or starts a new one (each game says how its saved row is resumed); one
  session at a time plays it, holding the lease (:class:`HoldsLease`) until it is released.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from ...solver.core.errors import SilverpyrError
from .lease import LeaseHolder

if TYPE_CHECKING:
    from pathlib import Path

    from ...solver.games import Game
    from .lease import Lease
    from .store import SavedGame, Store

GAME_ID = "game"
"""The id of the unfinished game in a game's store (one at a time: the module's ruling)."""


@dataclass(frozen=True)
class Keeping:
    """What a game declares once for its kept game: whose lease it is (``lease_name``, for
    the store's ``SessionBusyError``), the ``command`` that resumes it (its ``--restart`` is
    named when the row is damaged) and the table sizes its engine seats (``seats``,
    ``range(2, 6)``), which the store reads the saved row against."""

    lease_name: str
    command: str
    seats: range

    @classmethod
    def of(cls, game: Game) -> Keeping:
        """A game's keeping read from its declaration (``solver/games.py``): the lease of
        the ``unfinished Cheops game``, resumed by ``silverpyr cheops game``, on its engine's
        table sizes."""
        return cls(f"unfinished {game.title} game", f"silverpyr {game.key} game", game.seats)


class UnfinishedGameError(SilverpyrError, ValueError):
    """Another game than the unfinished one was asked for (see the module's ruling)."""


class SavedTableError(SilverpyrError, ValueError):
    """A saved game's ``opponents`` text that does not name the game's table (its size and
    bots, or bots of the registry): the row is damaged (see the module's ruling)."""


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


class UnresumableGameError(SilverpyrError, ValueError):
    """The saved game reads but cannot be resumed (see the module's ruling): it is left as
    it is, and ``command``'s ``--restart`` drops it."""

    def __init__(self, path: Path, description: str, problem: str, *, command: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(
            f"{path}: the unfinished game ({description}) cannot be resumed ({problem}); "
            f"it was left as it is: `{command} --restart` drops it and starts a new game"
        )


def keep_in_store(
    store: Store,
    game_id: str,
    revision: int | None,
    *,
    over: bool,
    saved: Callable[[], SavedGame],
    seats: range,
) -> int | None:
    """Save ``saved()`` in the store after a final decision, or drop the row once the game is
    ``over``; the new revision (``None`` once dropped). ``seats``: the game's table sizes."""
    if over:
        if revision is not None:
            store.drop_game(game_id, revision=revision)
        return None
    return store.save_game(saved(), seats, revision=revision)


class Saves(Protocol):
    """A game record that writes itself to a file."""

    def save(self, path: Path) -> None: ...


class HoldsLease(LeaseHolder):
    """A kept game as a context manager: it holds the saved game's lease while it is played
    (:func:`start_kept` gives it) and lets go of it on :meth:`release` or on leaving the
    ``with`` block (the core's :class:`~.lease.LeaseHolder`)."""

    store: Store | None
    revision: int | None
    """The revision of the saved row this game read or wrote (``None``: none)."""
    started_on: str
    resumed: bool
    notes: list[str]
    answers: list[str]

    def _left(self, unsaved: str, saved: str) -> str:
        """You leave before the end (the lease let go): ``unsaved`` without a store,
        ``saved`` (what is kept and how to come back) once a decision is saved."""
        self.release()
        if self.store is None:
            return unsaved
        if not self.answers:
            return "nothing was decided, so nothing is saved"
        return saved

    def _keep(self, over: bool, saved: Callable[[], SavedGame], seats: range) -> None:
        """Save the game in the store after a final decision (a finished game is dropped:
        :func:`keep_in_store`); nothing without a store."""
        if self.store is not None:
            self.revision = keep_in_store(
                self.store, GAME_ID, self.revision, over=over, saved=saved, seats=seats
            )

    def _took_over(
        self, saved: SavedGame, note: str, record: Saves | None, path: Path | None
    ) -> None:
        """After the saved game's replay: its ``record`` written again to ``path`` (if any),
        the saved row's revision and start date taken, and ``note`` said."""
        if record is not None and path is not None:
            record.save(path)
        self.revision = saved.revision
        self.started_on = saved.started_on
        self.resumed = True
        self.notes.append(note)


K = TypeVar("K", bound=HoldsLease)
"""A game's kept game (every game's is a :class:`HoldsLease`: its notes and its lease)."""


def start_kept(
    store: Store | None,
    keeping: Keeping,
    *,
    restart: bool,
    describe: Callable[[SavedGame], str],
    resume: Callable[[SavedGame, Lease | None], K | str],
    new: Callable[[Lease | None, list[str]], K],
    unsaved: str | None = "--no-record",
) -> K:
    """The unfinished game resumed, or a new one (the module's ruling), holding the saved
    game's lease (let go if opening fails); ``keeping`` is the game's declaration, and
    ``unsaved`` the game command's option that plays without saving (every game's
    ``game`` has ``--no-record``), which the lock's error advises.

    ``restart`` drops
    the saved game with a note, damaged or not; ``resume`` is the saved game replayed, or why
    it cannot be (then :class:`UnresumableGameError` is raised and the row kept), and raises
    :class:`UnfinishedGameError` when another game is asked for and :class:`SavedTableError`
    when the row's table is damaged; ``new`` makes the new game. Both make the game with the
    lease, which it holds from then on; ``new`` is given the notes of the restart too, to
    say before its own. Without a store (nothing is saved) the game is ``new(None, [])``.
    """
    if store is None:
        return new(None, [])
    lease = store.hold(GAME_ID, keeping.lease_name, unsaved=unsaved)
    try:
        return _open(
            store,
            keeping,
            restart,
            describe,
            lambda saved: resume(saved, lease),
            lambda notes: new(lease, notes),
        )
    except BaseException:
        if lease is not None:
            lease.release()
        raise


def _open(
    store: Store,
    keeping: Keeping,
    restart: bool,
    describe: Callable[[SavedGame], str],
    resume: Callable[[SavedGame], K | str],
    new: Callable[[list[str]], K],
) -> K:
    from .store import DamagedGameError

    notes: list[str] = []
    try:
        saved = store.saved_game(GAME_ID, keeping.seats)
    except DamagedGameError as damaged:
        if not restart:
            raise DamagedGameError(damaged.path, damaged.problem, command=keeping.command) from None
        store.drop_game(GAME_ID)
        notes.append(restart_note(f"damaged: {damaged.problem}"))
        saved = None
    if saved is not None and restart:
        store.drop_game(GAME_ID)
        notes.append(restart_note(describe(saved)))
        saved = None
    if saved is not None:
        try:
            resumed = resume(saved)
        except SavedTableError as error:
            raise DamagedGameError(
                store.path, f"opponents: {error}", command=keeping.command
            ) from None
        if isinstance(resumed, str):
            raise UnresumableGameError(
                store.path, describe(saved), resumed, command=keeping.command
            )
        return resumed
    return new(notes)


__all__ = [
    "GAME_ID",
    "HoldsLease",
    "Keeping",
    "SavedTableError",
    "UnfinishedGameError",
    "UnresumableGameError",
    "keep_in_store",
    "restart_note",
    "start_kept",
    "unfinished_error",
]
