"""The commands every game writes the same way, made once from each game's declaration:
the Sun's and Cheops's ``hint --game`` (:class:`HintCommand`), ``solve`` (:class:`SolveCommand`)
and ``game`` (:class:`GameCommand`), and every game's ``arena`` (:class:`ArenaCommand`). The
flows they hand to are the core's (:mod:`.review`, :mod:`.arena_view`, :mod:`.line_game`); a
game declares its defaults, help, loaders and its own options (:class:`~.own_options.Own`).

No ``from __future__ import annotations`` here: the commands' options carry each game's
defaults and help, so their annotations are evaluated where the commands are made (as in
:mod:`.trainer_commands`).
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Generic, NamedTuple, TypeVar

import typer

from .arena_view import FirstSeedOption, GamesOption, line_up, show_arena
from .line_game import (
    CoachOption,
    GameSeedOption,
    LineScreen,
    NoRecordGameOption,
    OpponentsOption,
    PlayersOption,
    RestartGameOption,
    parse_bots,
    play_kept_game,
    record_option,
    rollouts_option,
)
from .options import (
    JsonOption,
    LineOption,
    MovesFileOption,
    PlainOption,
    PositionOption,
    PositionTemplateOption,
    SchedulerOption,
    SearchTimeOption,
    WorkersOption,
    check_cluster_options,
    moves_option,
    position_to_solve,
    random_seed,
)
from .output import emit_search, with_spinner
from .own_options import Own, with_own
from .review import (
    REVIEW_ROLLOUTS,
    GameFileOption,
    ReviewOption,
    SeatOption,
    hint_from_record,
)

if TYPE_CHECKING:
    from ...puzzles.core.players import Registry
    from ...puzzles.core.review import Reviewing
    from ...puzzles.core.store import Store
    from .review import Advise
    from .tui.table import BotTable

Command = Callable[..., None]
Table = Callable[[typer.Context], Any]
"""A game's table for a command (its deck, its components), loaded from ``--cards``."""


# --- hint --game ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HintCommand:
    """What the Sun's and Cheops's ``hint --game`` differ by: ``--rollouts``'s default (the
    advice's: a test keeps the two equal, so ``--help`` imports no advice), the unit of the
    advice and the losses (in ``--help``), the game's table and its review and advice
    (``(REVIEWING, advise)``, imported when the command runs)."""

    rollouts: int
    unit: str
    table: Table
    advice: "Callable[[], tuple[Reviewing, Advise]]"

    def command(self) -> Command:
        """The ``hint`` command: :func:`~.review.hint_from_record` on ``--game``."""
        rollouts_type: Any = Annotated[int, rollouts_option(self.rollouts, REVIEW_ROLLOUTS)]

        def hint(
            ctx: typer.Context,
            game: GameFileOption,
            review: ReviewOption = False,
            seat: SeatOption = None,
            rollouts: rollouts_type = self.rollouts,
            as_json: JsonOption = False,
            plain: PlainOption = False,
        ) -> None:
            reviewing, advise = self.advice()
            hint_from_record(
                game,
                reviewing,
                self.table(ctx),
                advise,
                seat=seat,
                judge_all=review,
                rollouts=rollouts,
                as_json=as_json,
                plain=plain,
            )

        hint.__doc__ = f"""Advice in a recorded game, or a review of every decision, in {self.unit}.

        Without --review: every option of the decision due after the record's last move, against
        the expert's choice. With --review: the coach's verdict on each decision of one seat, and
        the {self.unit} it lost against the expert in all."""
        return hint


# --- solve ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SolveCommand:
    """What the Sun's and Cheops's ``solve`` differ by: the docstring, the game's table, its
    position files (``solver/<game>/positionfile``, imported when the command runs), the
    spinner's words, and the game's own options (after ``--time-limit``) with the search's
    keywords they make (``search``)."""

    doc: str
    table: Table
    positions: Callable[[], Any]
    searching: str
    own: Sequence[Own] = ()
    search: Callable[..., Mapping[str, Any]] = field(default=lambda: {})

    def command(self) -> Command:
        """The ``solve`` command: the ``--position`` file loaded and solved under a spinner."""

        def solve(
            ctx: typer.Context,
            position: PositionOption = None,
            template: PositionTemplateOption = False,
            time_limit: SearchTimeOption = 10.0,
            as_json: JsonOption = False,
            plain: PlainOption = False,
            **own: Any,
        ) -> None:
            positions = self.positions()
            chosen = position_to_solve(position, template, positions.position_template)
            if chosen is None:
                return
            loaded = positions.load_position(chosen, self.table(ctx))
            keywords = self.search(**own)
            answer = with_spinner(
                lambda: positions.solve_position(loaded, time_limit=time_limit, **keywords),
                f"{self.searching} (at most {time_limit:g} s)...",
                quiet=as_json,
            )
            emit_search(answer, as_json=as_json, plain=plain)

        solve.__doc__ = self.doc
        return with_own(solve, self.own, after="time_limit")


# --- arena ---------------------------------------------------------------------------------


class Arena(NamedTuple):
    """A game's arena (``puzzles/<game>/arena``): its line-up check, its run and its records'
    folder (``open(folder, table, last_seed)``)."""

    check: Callable[..., None]
    run: Callable[..., Any]
    records: Callable[[Path, Any, int], Any]


@dataclass(frozen=True)
class ArenaCommand:
    """What every game's ``arena`` differs by: the docstring, ``--bots`` and ``--records``
    (``Annotated`` options: their help), the game's table, its arena (imported when the
    command runs), its drawing of the report (``render(console, report, plain=...)``) and
    its own options (after ``--seed``; the arena's check and run take them too)."""

    doc: str
    bots: Any
    records: Any
    table: Table
    arena: Callable[[], Arena]
    render: Callable[..., None]
    own: Sequence[Own] = ()

    def command(self) -> Command:
        """The ``arena`` command: the line-up and the cluster checked before any work, then the
        games run under the bar (:func:`~.arena_view.show_arena`)."""
        bots_type: Any = self.bots
        records_type: Any = self.records

        def arena(
            ctx: typer.Context,
            bots: bots_type = "expert,greedy",
            games: GamesOption = 100,
            seed: FirstSeedOption = 0,
            records: records_type = None,
            scheduler: SchedulerOption = None,
            workers: WorkersOption = None,
            as_json: JsonOption = False,
            plain: PlainOption = False,
            **own: Any,
        ) -> None:
            check, run, open_records = self.arena()
            names = line_up(bots)
            check(names, games, seed, **own)  # the line-up and the cluster fail before work
            check_cluster_options(scheduler, workers)
            table = self.table(ctx)
            folder = None if records is None else open_records(records, table, seed + games - 1)
            show_arena(
                games,
                as_json=as_json,
                plain=plain,
                run=lambda advance: run(
                    table,
                    names,
                    games,
                    seed=seed,
                    scheduler=scheduler,
                    workers=workers,
                    progress=advance,
                    records=folder,
                    **own,
                ),
                render=lambda out, report: self.render(out, report, plain=plain),
            )

        arena.__doc__ = self.doc
        return with_own(arena, self.own, after="seed")


# --- game ----------------------------------------------------------------------------------

K = TypeVar("K", bound="BotTable[Any, Any, Any, Any]")


@dataclass(frozen=True)
class GameCommand(Generic[K]):
    """What the Sun's and Cheops's ``game`` differ by: the docstring, ``--rollouts``'s
    default, what ``--record`` is written after (``decision``, ``turn``), ``--moves``'s
    example, the game's store name, its bots, its table, its kept game and record
    (``(KeptGame, record_target)``, imported when the command runs), its own options (after
    ``--opponents``, checked by ``check`` first; ``KeptGame.start`` takes them too), and how
    the game is shown: the title, the line screen, the full screen and the JSON outcome
    (``outcome(kept, record, left=...)``)."""

    doc: str
    rollouts: int
    every: str
    moves_example: str
    game: str
    registry: "Callable[[], Registry[Any]]"
    table: Table
    kept_game: Callable[[], tuple[Any, Callable[[Path], object]]]
    title: Callable[[K], str]
    screen: type[LineScreen[K]]
    full_screen: Callable[[], Callable[[K], object] | None]
    outcome: Callable[..., None]
    own: Sequence[Own] = ()
    check: Callable[..., None] = field(default=lambda: None)

    def command(self) -> Command:
        """The ``game`` command: its options checked, then :func:`~.line_game.play_kept_game`
        on the kept game opened in the results store."""
        rollouts_type: Any = Annotated[int | None, rollouts_option(self.rollouts)]
        record_type: Any = Annotated[Path | None, record_option(self.every)]
        moves_type: Any = Annotated[str | None, moves_option(self.moves_example)]

        def game(
            ctx: typer.Context,
            players: PlayersOption = None,
            opponents: OpponentsOption = None,
            seed: GameSeedOption = None,
            coach: CoachOption = False,
            rollouts: rollouts_type = None,
            record: record_type = None,
            restart: RestartGameOption = False,
            no_record: NoRecordGameOption = False,
            moves: moves_type = None,
            moves_file: MovesFileOption = None,
            line: LineOption = False,
            as_json: JsonOption = False,
            plain: PlainOption = False,
            **own: Any,
        ) -> None:
            kept_game, record_target = self.kept_game()
            self.check(**own)
            bots = parse_bots(players, opponents, self.registry())
            if record is not None:
                record_target(record)
            fresh = random_seed()
            table = self.table(ctx)

            def open_kept(store: "Store | None") -> K:
                kept: K = kept_game.start(
                    table,
                    seed=seed,
                    fresh_seed=fresh,
                    bots=bots,
                    coach=coach,
                    record=record,
                    store=store,
                    restart=restart,
                    rollouts=rollouts,
                    **own,
                )
                return kept

            play_kept_game(
                self.game,
                open_kept,
                self.screen,
                moves=moves,
                moves_file=moves_file,
                line=line,
                as_json=as_json,
                plain=plain,
                title=self.title,
                full_screen=self.full_screen,
                outcome_json=lambda kept, left: self.outcome(kept, record, left=left),
                no_record=no_record,
            )

        game.__doc__ = self.doc
        return with_own(game, self.own, after="opponents")
