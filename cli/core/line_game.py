"""The ``game`` command of a game played against bots on a kept table, in the terminal's line
mode: one flow for every game, game-free.

A game's ``game_cmd`` module opens its kept game and hands it to :func:`play_kept_game`. What
differs between the games is the game's own: its prompts and commands (a subclass of
:class:`LineScreen`), its table drawing, its title line, its JSON outcome and its full-screen
launcher. In a script the coach's question takes the next line only when it is ``y`` or
``n``; otherwise the move is played.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Generic, Protocol, TypeVar, cast

import typer

from ...solver.core.errors import SilverpyrError
from .answers import Answers, Quit, ScriptError
from .options import file_option, moves_text, seed_option
from .options import script_answers as read_script
from .output import stderr_console, stdout_console, warn
from .tui.table import BotTable, OpenKept, TableLine

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.core.grading import GradedLines
    from ...puzzles.core.players import Registry
    from ...puzzles.core.store import Store

EXIT_LEFT = 0
MAX_BOTS = 4
YES = {"y", "yes"}
YES_NO = frozenset({"y", "yes", "n", "no"})

Progress = Callable[[str], None]


class BotsError(SilverpyrError, ValueError):
    """``--players`` and ``--opponents`` that do not agree, an unknown bot, or (the Sun's) a
    bad size."""


# --- the options ------------------------------------------------------------------------


PlayersOption = Annotated[
    int | None,
    typer.Option(
        "--players",
        min=2,
        max=5,
        help="Players, you included (the others are greedy bots unless --opponents).",
        show_default=False,
    ),
]
OpponentsOption = Annotated[
    str | None,
    typer.Option(
        "--opponents",
        help="The bots of the other seats: one name for all of them, or one a seat, "
        "comma-separated (e.g. greedy,expert); default: a greedy bot in every other seat.",
        show_default=False,
        metavar="BOTS",
    ),
]
GameSeedOption = Annotated[
    int | None,
    seed_option(
        "Seed of the shuffles: same seed, same game (default: resume the unfinished "
        "game, else a random seed, shown)."
    ),
]
CoachOption = Annotated[
    bool,
    typer.Option(
        "--coach",
        help="Before a costly move is final, say what it gives up against the expert's "
        "and ask; a summary at the end.",
    ),
]
RestartGameOption = Annotated[
    bool, typer.Option("--restart", help="Drop the unfinished game and start a new one.")
]
NoRecordGameOption = Annotated[
    bool,
    typer.Option("--no-record", help="Do not save the game in your results, nor resume one."),
]


def rollouts_option(default: int, per: str = "option for h and the coach") -> Any:
    """``--rollouts``, paired samples ``per`` what (``h`` and the coach's, or
    :data:`~.review.REVIEW_ROLLOUTS`); ``default``: the game's advice's default."""
    return typer.Option(
        "--rollouts",
        min=2,
        max=200,
        help=f"Paired rollouts per {per} (default {default}).",
        show_default=False,
    )


def record_option(every: str) -> Any:
    """``--record FILE``, written after every ``every`` (decision, turn)."""
    return file_option(
        "--record", f"Save the game record (JSON) to this file after every {every}.", dir_okay=False
    )


def parse_bots(
    players: int | None,
    opponents: str | None,
    registry: Registry[Any],
    seats: range = range(2, MAX_BOTS + 2),
) -> tuple[str, ...] | None:
    """The bots of seats 1 on from ``--players`` and ``--opponents`` (``None``: neither
    given), among the game's ``registry`` for a game of ``seats`` players. One name with
    ``--players`` sits in every other seat (``--players 4 --opponents expert``: three
    experts); a list names one bot a seat. Raises :class:`BotsError` naming the problem."""
    most = seats[-1] - 1
    if opponents is None:
        if players is None:
            return None
        return ("greedy",) * (players - 1)
    given = tuple(seat_name(name) for name in opponents.split(","))
    if not given or any(not name for name in given):
        raise BotsError(f"--opponents {opponents!r}: name 1-{most} bots, comma-separated")
    for name in given:
        problem = registry.problem(name)
        if problem is not None:
            raise BotsError(f"--opponents: {problem}")
    if players is not None and len(given) == 1:
        return given * (players - 1)
    if not 1 <= len(given) <= most:
        raise BotsError(f"--opponents names {len(given)} bots: a game has 1-{most} of them")
    if players is not None and players != len(given) + 1:
        raise BotsError(
            f"--players {players} but --opponents names {len(given)} bots: "
            f"{len(given) + 1} players (leave one of them out)"
        )
    return given


def seat_name(text: str) -> str:
    """A bot's name as typed, without its spaces; a registry name in lower case (an outside
    player's ``package.module:factory`` keeps its case)."""
    name = text.strip()
    head, _, _ = name.partition(":")
    return name if "." in head else name.lower()


def script_answers(moves: str | None, moves_file: Path | None) -> Iterator[str] | None:
    """The scripted answers of ``--moves`` (``-``: stdin) or ``--moves-file``, read by the
    one script reader of every game (:func:`~silverpyr.cli.core.options.script_answers`);
    ``None``: no script."""
    answers = read_script(moves_text(moves, moves_file))
    return None if answers is None else iter(answers)


@contextmanager
def results(game: str, *, record: bool = True) -> Iterator[Store | None]:
    """The results store the game is saved in; one that cannot be used is a warning, and
    the game is played without saving (every game's ``game``, Silver & Gold's too). None
    without ``record`` (``--no-record``): nothing is saved, nothing resumed."""
    from ...puzzles.core.store import Store, StoreError

    if not record:
        yield None
        return
    try:
        store = Store.open_default(game=game)
    except StoreError as error:
        warn(f"{error} (the game is played without saving it)")
        yield None
        return
    with store:
        yield store


# --- what the line mode needs of a kept game ---------------------------------------------


class CoachLine(TableLine, Protocol):
    """The kept game's ``Judged``: the coach's verdict on a decision that became final (the
    one :class:`~silverpyr.cli.core.tui.table.TableLine` with a ``verdict``)."""

    @property
    def verdict(self) -> GradedLines: ...


KeptT = TypeVar("KeptT", bound=BotTable[Any, Any, Any, Any])
OpenT = TypeVar("OpenT", bound=OpenKept)


def left_text(kept: BotTable[Any, Any, Any, Any]) -> str:
    """The line said on leaving: what is saved and how to resume it, and the record."""
    text = kept.leave()
    text = text[0].upper() + text[1:]
    if kept.record_path is not None:
        text += f"; the record so far is in {kept.record_path}"
    return text


def summary(console: Console, kept: BotTable[Any, Any, Any, Any]) -> None:
    """The coach's summary of the decisions so far (a coached game only: the table's
    summary lines, the warnings you heeded included, as the full screen shows them)."""
    for line in kept.summary_lines():
        console.print(line, highlight=False, markup=False, soft_wrap=True)


# --- the screen ---------------------------------------------------------------------------


class LineScreen(Generic[KeptT]):
    """The line mode's loop over a kept game. A game's subclass names its prompts
    (:attr:`prompts`, keyed by the waiting phase's value), its :attr:`help`, its
    :attr:`commands` and draws its table (:meth:`show`); it may add commands
    (:meth:`more`) and say the legal moves its way (:meth:`legal_moves`)."""

    prompts: ClassVar[Mapping[str, str]]
    help: ClassVar[str]
    commands: ClassVar[frozenset[str]] = frozenset(
        {"?", "h", "u", "q", "q!", "quit", "undo", "hint"}
    )

    def __init__(
        self, console: Console, kept: KeptT, script: Iterator[str] | None, *, plain: bool
    ) -> None:
        self.console = console
        self.kept = kept
        self.answers = Answers(console, script)
        self.plain = plain
        self._asked: list[object] = []
        """Verdicts whose question was answered ``y`` (not said again once final)."""

    # --- what a game says its own way -------------------------------------------------------

    def show(self) -> None:
        """Draw the table."""
        raise NotImplementedError

    def prompt(self) -> str:
        """The question of the waiting phase."""
        kept = self.kept
        phase = kept.waiting
        assert phase is not None
        return f"{kept.where().capitalize()} - {self.prompts[phase.value]} ({self.help}):"

    def legal_moves(self) -> str:
        """The line of ``?``: the legal moves' labels."""
        labels = sorted({self.kept.label(move) for move in self.kept.options()})
        return f"{len(labels)} legal moves: {', '.join(labels)}"

    def more(self, word: str) -> bool:
        """A command of the game's own (one of :attr:`commands`); ``False``: not one."""
        return False

    # --- answers --------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.console.print(text, highlight=False, markup=False, soft_wrap=True)

    def ask(self, prompt: str) -> str:
        return self.answers.ask(prompt)

    def reject(self, message: str, answer: str) -> None:
        """One line saying why ``answer`` was not taken; a script stops here."""
        self.answers.reject(message, answer)

    # --- the loop -------------------------------------------------------------------------

    def run(self) -> None:
        """Play to the end; :class:`Quit` leaves, and a script that stops on a table with
        answers says how to resume it."""
        kept = self.kept
        names = ", ".join(kept.seat_names()[1:])
        self.say(f"You are seat 1; the bots: {names}.")
        try:
            self.settle()
            shown: object = None
            while not kept.is_over():
                if kept.state is not shown:
                    self.show()
                    shown = kept.state
                self.decide()
            self.finish()
        except ScriptError as error:
            if kept.answers and not kept.is_over():
                raise ScriptError(f"{error}; {kept.leave()}") from None
            raise

    def settle(self) -> None:
        kept = self.kept
        if not kept.bots_due:
            return
        with self.console.status("The bots are playing...", spinner="dots") as status:
            events = kept.settle(lambda line: status.update(line))
        self.tell(events)

    def tell(self, events: Sequence[TableLine]) -> None:
        for event in events:
            if event.kind == "coach":
                verdict = cast("CoachLine", event).verdict
                asked = any(seen is verdict for seen in self._asked)
                if not verdict.is_silent and not asked:
                    self.say(verdict.message())
            elif event.kind in {"event", "pending"}:
                self.say(("(pending) " if event.kind == "pending" else "") + event.text)
            elif event.kind == "over":
                self.say(event.text)

    def decide(self) -> None:
        kept = self.kept
        answer = self.ask(self.prompt())
        word = answer.strip().lower()
        if word in self.commands:
            self.command(word)
            return
        try:
            move = kept.parse(answer)
        except SilverpyrError as error:
            self.reject(str(error), answer)
            return
        reason = kept.why_illegal(move)
        if reason is not None:
            self.reject(reason, answer)
            return
        if kept.coach and not self.heeded(move):
            return
        events = kept.play(move)
        self.tell(events)
        self.settle()

    def heeded(self, move: object) -> bool:
        """The coach's question before a costly move: whether to play it."""
        kept = self.kept
        with self.console.status("The coach is weighing your move...", spinner="dots") as status:
            verdict = kept.check(move, lambda line: status.update(line))
        if verdict is None or verdict.is_silent:
            return True
        answer = self.answers.ask_if(
            verdict.warning() + " (y plays it, anything else chooses again)",
            lambda text: text.strip().lower() in YES_NO,
        )
        if answer is None:  # a script that does not answer: played, the line follows
            return True
        if answer.strip().lower() in YES:
            self._asked.append(verdict)  # its line once final would say it again
            return True
        kept.heed()
        self.say("Choose again.")
        return False

    def command(self, word: str) -> None:
        kept = self.kept
        if word == "?":
            self.say(self.legal_moves())
        elif word in {"h", "hint"}:
            with self.console.status("Rolling out every option...", spinner="dots") as status:
                lines = kept.advice_lines(lambda line: status.update(line))
            for line in lines:
                self.say(line)
        elif word in {"u", "undo"}:
            try:
                move = kept.undo()
            except SilverpyrError as error:
                self.reject(str(error), word)
                return
            self.say(f"Took back {kept.label(move)}.")
        elif not self.more(word):
            self.leave(word)

    def leave(self, word: str) -> None:
        if word == "q!" or self.answers.scripted:
            raise Quit
        kept = self.kept
        what = "It is saved" if kept.saved and kept.answers else "It is not saved"
        answer = self.ask(f"Leave the game? {what} (y leaves, anything else plays on):")
        if answer.strip().lower() in YES:
            raise Quit
        self.say("Playing on.")

    def summary(self) -> None:
        """The coach's summary so far, on leaving (:func:`summary`)."""
        summary(self.console, self.kept)

    def left_line(self) -> str:
        """The line said on leaving (:func:`left_text`)."""
        return left_text(self.kept)

    def finish(self) -> None:
        self.answers.finish()
        self.show()
        summary(self.console, self.kept)
        if self.kept.record_path is not None:
            self.say(f"Game record saved to {self.kept.record_path}.")


# --- the command's flow -------------------------------------------------------------------


class LineRun(Protocol):
    """What :func:`play_kept_game` runs in line mode: a :class:`LineScreen`, or a game's
    own loop over its kept game (*Silver & Gold*'s, whose turn asks its own questions)."""

    def run(self) -> None:
        """Play to the end; :class:`Quit` to leave."""
        ...

    def summary(self) -> None:
        """The coach's summary so far, on leaving."""
        ...

    def left_line(self) -> str:
        """The line said on leaving: what is saved and how to resume it."""
        ...


def play_kept_game(
    game: str,
    open_kept: Callable[[Store | None], OpenT],
    screen: Callable[..., LineRun],
    *,
    moves: str | None,
    moves_file: Path | None,
    line: bool,
    as_json: bool,
    plain: bool,
    title: Callable[[OpenT], str],
    full_screen: Callable[[], Callable[[OpenT], object] | None],
    outcome_json: Callable[[OpenT, bool], None],
    no_record: bool = False,
    title_first: bool = True,
) -> None:
    """The ``game`` command once its options are checked: the script of ``--moves`` (comment
    lines left out, one rule for every game), the kept game opened under a spinner in
    ``game``'s results store (``open_kept``), its ``title`` and notes, then the play: full
    screen when no ``--line``, ``--moves``, ``--json`` or ``--plain`` asks for line mode and
    ``full_screen`` gives a launcher, else the game's line-mode ``screen`` (made as
    ``screen(console, kept, script, plain=plain)``). Without ``title_first`` the full screen
    is asked for before the game opens and the title and notes are left to it (*Silver &
    Gold*'s full screen shows them itself).

    Leaving (``q``) prints the coach's summary and what is saved (exit 0). Under ``--json``
    the game's lines go to stderr and ``outcome_json`` prints the outcome at the end, or on
    leaving (its flag: left).
    ``no_record``: no results store (nothing saved, nothing resumed).
    """
    script = script_answers(moves, moves_file)
    console = stderr_console() if as_json else stdout_console(plain=plain)
    wanted = script is None and not (line or as_json or plain)
    run_game = full_screen() if wanted and not title_first else None
    with results(game, record=not no_record) as store:
        with console.status("Opening the game...", spinner="dots"):
            kept = open_kept(store)
        with kept:
            if run_game is None:
                console.print(title(kept), highlight=False, markup=False)
                for note in kept.notes:
                    console.print(note, highlight=False, markup=False)
                if wanted and title_first:
                    run_game = full_screen()
            if run_game is not None:
                run_game(kept)
                return
            played = screen(console, kept, script, plain=plain)
            try:
                played.run()
            except Quit:
                played.summary()
                typer.echo(played.left_line(), err=True)
                if as_json:
                    outcome_json(kept, True)
                raise typer.Exit(EXIT_LEFT) from None
    if as_json:
        outcome_json(kept, False)


def print_outcome(
    kept: Any,
    result: Any,
    record: Path | None,
    *,
    left: bool,
    setting: Mapping[str, object],
    totals: Mapping[str, object],
    tallies: Mapping[str, object],
) -> None:
    """The ``game`` command's JSON outcome (``--json``), its keys the same and in the same
    place for every game: the game's ``setting`` after the seed, its ``totals`` by seat
    after the winners, its ``tallies`` after the reason. ``kept`` is the game's kept game and
    ``result`` its outcome (``None``: not over); ``left``: the player left before the end
    (``winners`` and ``reason`` are then ``null``, ``saved`` says whether it can be resumed).
    """
    data = {
        "seed": kept.seed,
        **setting,
        "players": list(kept.table),
        "left": left,
        "saved": kept.saved and bool(kept.answers) and result is None,
        "winners": None if result is None else list(result.winners),
        **totals,
        "reason": None if result is None else result.reason,
        **tallies,
        "coach": kept.report().to_dict() if kept.coach else None,
        "record": None if record is None else str(record),
    }
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


__all__ = [
    "BotsError",
    "CoachLine",
    "CoachOption",
    "GameSeedOption",
    "LineRun",
    "LineScreen",
    "NoRecordGameOption",
    "OpenKept",
    "OpponentsOption",
    "PlayersOption",
    "Quit",
    "RestartGameOption",
    "ScriptError",
    "TableLine",
    "left_text",
    "parse_bots",
    "play_kept_game",
    "print_outcome",
    "record_option",
    "results",
    "rollouts_option",
    "script_answers",
    "summary",
]
