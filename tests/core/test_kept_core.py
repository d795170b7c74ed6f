"""The core's kept-game pieces (both games' kept games go through them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from silverpyr.puzzles.core import kept
from silverpyr.puzzles.core.store import SavedGame, Store
from silverpyr.puzzles.silvergold.realgame import kept_game as sg_kept
from silverpyr.puzzles.sun import kept_game as sun_kept


def test_both_games_raise_the_core_error() -> None:
    assert sg_kept.UnfinishedGameError is kept.UnfinishedGameError
    assert sun_kept.UnfinishedGameError is kept.UnfinishedGameError


def test_words() -> None:
    error = kept.unfinished_error("seed 5", other_deck=True, command="cmd", options="--seed")
    assert str(error) == (
        "a game is unfinished (seed 5 with another deck): `cmd` resumes it (without --seed, "
        "with the same --cards), or add --restart to drop it and start this one"
    )
    assert "with another deck" not in str(
        kept.unfinished_error("s", other_deck=False, command="c", options="o")
    )
    assert kept.restart_note("x") == "Starting a new game: the unfinished one (x) is dropped."
    error = kept.UnresumableGameError(Path("s.db"), "x", "why", command="cmd")
    assert str(error) == (
        "s.db: the unfinished game (x) cannot be resumed (why); it was left as it is: "
        "`cmd --restart` drops it and starts a new game"
    )


class _Store:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def save_game(self, game: SavedGame, seats: range, *, revision: int | None = None) -> int:
        self.calls.append(("save", (revision, seats)))
        return 7

    def drop_game(self, game_id: str, *, revision: int | None = None) -> bool:
        self.calls.append(("drop", revision))
        return True


def test_keep_in_store() -> None:
    store = _Store()
    made: list[int] = []

    def saved() -> SavedGame:
        made.append(1)
        return cast(SavedGame, object())

    as_store = cast(Store, store)
    assert kept.keep_in_store(as_store, "g", None, over=False, saved=saved, seats=range(2, 6)) == 7
    assert kept.keep_in_store(as_store, "g", 7, over=True, saved=saved, seats=range(2, 6)) is None
    assert (
        kept.keep_in_store(as_store, "g", None, over=True, saved=saved, seats=range(2, 6)) is None
    )
    assert store.calls == [("save", (None, range(2, 6))), ("drop", 7)]
    assert made == [1]  # an ended game is not built to be saved


def test_every_games_kept_game_takes_its_rollouts_when_started_and_resumed(
    tmp_path: Path,
) -> None:
    """``--rollouts`` reaches the kept game through ``start``, a new game's and a resumed
    one's alike (it used to be set on the game after it was made)."""
    from silverpyr.puzzles.cheops.kept_game import KeptGame as CheopsKept
    from silverpyr.solver.cheops.components import load_components
    from silverpyr.solver.silvergold.deckfile import load_deck as sg_deck
    from silverpyr.solver.sun.cards import load_deck as sun_deck

    sun = sun_kept.KeptGame.start(sun_deck(), seed=3, fresh_seed=1, rollouts=7)
    cheops = CheopsKept.start(load_components(), seed=3, fresh_seed=1, rollouts=8)
    assert (sun.rollouts, cheops.rollouts) == (7, 8)
    deck = sg_deck()
    with Store(tmp_path / "silverpyr.db") as store:
        with sg_kept.KeptGame.start(deck, seed=3, fresh_seed=1, store=store, rollouts=9) as new:
            assert new.rollouts == 9
            new.play(new.options()[0])  # the keep: final at once, so the game is saved
            assert new.saved and new.answers
        with sg_kept.KeptGame.start(deck, seed=None, fresh_seed=1, store=store) as resumed:
            assert resumed.resumed and resumed.rollouts is None
        with sg_kept.KeptGame.start(
            deck, seed=None, fresh_seed=1, store=store, rollouts=5
        ) as again:
            assert again.resumed and again.rollouts == 5


def test_a_resumed_coached_game_is_judged_again_without_rollouts(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """Resuming replays the saved decisions with the coach's quick verdicts (*Silver &
    Gold*'s coach judges them again); ``--rollouts`` is for the decisions from there on."""
    from silverpyr.puzzles.silvergold.realgame import advice
    from silverpyr.solver.silvergold.deckfile import load_deck as sg_deck

    asked: list[int] = []
    real = advice.advise

    def advise(*args: Any, rollouts: int = 0, **kwargs: Any) -> Any:
        asked.append(rollouts)
        return real(*args, rollouts=0, **kwargs)

    monkeypatch.setattr(advice, "advise", advise)
    deck = sg_deck()
    with Store(tmp_path / "silverpyr.db") as store:
        with sg_kept.KeptGame.start(deck, seed=3, fresh_seed=1, store=store, coach=True) as new:
            new.play(new.options()[0])
        asked.clear()
        with sg_kept.KeptGame.start(
            deck, seed=None, fresh_seed=1, store=store, rollouts=4
        ) as resumed:
            assert resumed.resumed and resumed.coach and resumed.rollouts == 4
            assert asked and set(asked) == {0}  # the saved keep, judged again quickly
            resumed.advice()
            assert asked[-1] == 4


def test_a_restart_is_said_before_the_new_games_own_notes(tmp_path: Path) -> None:
    """The restart's note is given to the new game when it is made, and comes first: the
    Sun's new game then says who starts."""
    from silverpyr.solver.sun.cards import load_deck as sun_deck

    deck = sun_deck()
    with Store(tmp_path / "silverpyr.db") as store:
        with sun_kept.KeptGame.start(deck, seed=3, fresh_seed=1, store=store) as first:
            first.settle()
            first.play(next(m for m in first.options() if first.is_final(m)))
            assert first.saved and first.answers
        with sun_kept.KeptGame.start(deck, seed=4, fresh_seed=1, store=store, restart=True) as new:
            assert len(new.notes) == 2
            assert new.notes[0].startswith("Starting a new game: the unfinished one (seed 3, ")
            assert new.notes[1] == sun_kept.first_player_note(new.state, new.bots)
