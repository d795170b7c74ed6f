"""``silverpyr cheops game``: a game of Cheops in the terminal, you against 1-4 bots.

Every answer is one line, a move in the engine's notation (docs/cheops-rules.md):
``take b3 A`` takes the treasure or law on b3 with your ankh, ``buy`` buys a neighbour,
``sell`` / ``store`` deal with the treasure taken, ``law blue`` / ``law blue 2`` /
``remove 5`` / ``remove none`` / ``pay`` / ``decline`` carry out a law, ``law10 blue`` /
``law11 b3 A`` / ``law12 b3 c4`` use a kept law, ``draw 2`` draws from stack 2, ``end`` ends
the turn without the neighbour's second take, ``pass`` passes. At the prompt: ``?`` lists
the legal moves, ``h`` ranks every option by the expert's valuation
(:mod:`silverpyr.puzzles.cheops.advice`), ``u`` takes back your last move of this turn,
``t`` draws the table again, ``save`` says what is saved, ``q`` leaves (the game is saved).
A move the rules refuse gets the engine's sentence (``why_illegal``) and the prompt again.

The table is :class:`~silverpyr.puzzles.cheops.kept_game.KeptGame`, the one the full-screen
game drives too: this module parses answers and prints what the kept game returns. Your
moves of a turn stay pending until the turn is confirmed (its last move, or a move that shows
something hidden: the kept game's ruling). With ``--coach`` a costly move gets the coach's
question first (``... Play it anyway?``: ``y`` plays it, anything else chooses again), and
the game ends with the coach's summary. Bots and rollouts run under a spinner: never a
silent wait.

On a terminal that can draw a screen, ``cli/cheops/tui/launch.run_game`` plays the game full
screen when that module is installed; ``--line``, ``--moves``, ``--json``, ``--plain`` or a
pipe always play in line mode.

**Saved and resumed**: after every confirmed turn, in the results store; ``silverpyr cheops
game`` without ``--seed`` resumes the unfinished game, ``--restart`` drops it. ``--record
FILE`` writes the game record (:mod:`silverpyr.puzzles.cheops.game_record`) after every
confirmed turn. ``--json`` prints the outcome as JSON at the end (the game's lines then go to
stderr).

**Answers**: at a terminal (or piped on stdin), a bad answer gets one line saying why and the
prompt again. ``--moves TEXT`` (``;`` or new lines between answers, ``-`` for stdin) or
``--moves-file FILE`` scripts the game (a line starting with ``#`` is a comment); a script
stops at its first bad answer (one ``error:`` line, exit 2: a script that went on would be
out of step), and a script that runs out leaves the game saved. In a script the coach's
question is answered by the next line only when it is ``y`` or ``n``; otherwise the move is
played.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...solver.errors import SilverpyrError
from ..options import (
    JsonOption,
    LineOption,
    MovesFileOption,
    MovesOption,
    PlainOption,
    moves_text,
    random_seed,
    seed_option,
)
from ..output import one_line, stderr_console, stdout_console, warn
from .context import components as cheops_components

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.cheops.coach import Verdict
    from ...puzzles.cheops.kept_game import KeptGame, TableEvent
    from ...puzzles.store import Store
    from ...solver.cheops.components import Components
    from ...solver.cheops.game import CheopsState, Move

EXIT_LEFT = 0
_COMMENT = re.compile(r"\s*#")
MAX_BOTS = 4
LAUNCH = "tui.launch"
"""The full-screen game's module, under this package (another part of the project)."""


class ScriptError(SilverpyrError, ValueError):
    """A scripted answer that was not taken, or a script that ran out or ran over."""


class BotsError(SilverpyrError, ValueError):
    """``--players`` and ``--opponents`` that do not agree, or an unknown bot."""


class _Quit(Exception):
    """The player leaves (``q``, or the end of input at a terminal)."""


def parse_bots(players: int | None, opponents: str | None) -> tuple[str, ...] | None:
    """The bots of seats 1 on from ``--players`` and ``--opponents`` (``None``: neither
    given). Raises :class:`BotsError` naming the problem."""
    from ...puzzles.cheops.registry import NAMES

    if opponents is None:
        if players is None:
            return None
        return ("greedy",) * (players - 1)
    names = tuple(name.strip().lower() for name in opponents.split(","))
    if not names or any(not name for name in names):
        raise BotsError(f"--opponents {opponents!r}: name 1-{MAX_BOTS} bots, comma-separated")
    unknown = [name for name in names if name not in NAMES]
    if unknown:
        raise BotsError(f"--opponents: no bot is named {unknown[0]!r} (known: {', '.join(NAMES)})")
    if not 1 <= len(names) <= MAX_BOTS:
        raise BotsError(f"--opponents names {len(names)} bots: a game has 1-{MAX_BOTS} of them")
    if players is not None and players != len(names) + 1:
        raise BotsError(
            f"--players {players} but --opponents names {len(names)} bot"
            f"{'s' * (len(names) != 1)}: {len(names) + 1} players (leave one of them out)"
        )
    return names


def full_screen() -> Callable[[KeptGame], object] | None:
    """The full-screen game's ``run_game`` when its module is installed and this terminal can
    draw a screen (``cli/tui/terminal.interactive``), else ``None`` (line mode)."""
    target = f"{__package__}.{LAUNCH}"
    try:
        launch = importlib.import_module(target)
    except ModuleNotFoundError as error:
        if error.name is not None and f"{target}.".startswith(f"{error.name}."):
            return None  # the module (or its package) is not installed: line mode
        raise
    from ..tui.terminal import interactive

    run_game: Callable[[KeptGame], object] | None = getattr(launch, "run_game", None)
    if run_game is None or not interactive():
        return None
    return run_game


def game(
    ctx: typer.Context,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            min=2,
            max=5,
            help="Players, you included (the others are greedy bots unless --opponents).",
            show_default=False,
        ),
    ] = None,
    opponents: Annotated[
        str | None,
        typer.Option(
            "--opponents",
            help="The bots of the other seats, comma-separated (e.g. greedy,expert); "
            "default: one greedy bot.",
            show_default=False,
            metavar="BOTS",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        seed_option(
            "Seed of the shuffles: same seed, same game (default: resume the unfinished "
            "game, else a random seed, shown)."
        ),
    ] = None,
    coach: Annotated[
        bool,
        typer.Option(
            "--coach",
            help="Before a costly move is final, say what it gives up against the expert's "
            "and ask; a summary at the end.",
        ),
    ] = False,
    rollouts: Annotated[
        int | None,
        typer.Option(
            "--rollouts",
            min=2,
            max=200,
            help="Paired rollouts per option for h and the coach (default 8).",
            show_default=False,
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Save the game record (JSON) to this file after every turn.",
            dir_okay=False,
            show_default=False,
            metavar="FILE",
        ),
    ] = None,
    restart: Annotated[
        bool, typer.Option("--restart", help="Drop the unfinished game and start a new one.")
    ] = False,
    moves: MovesOption = None,
    moves_file: MovesFileOption = None,
    line: LineOption = False,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Play Cheops against bots: full-screen on a terminal when installed, else a move a
    line.

    --line, --moves, --json and --plain play a move a line in notation (take b3 A, sell,
    draw 2, ...; ? lists them). The game is saved after every turn; without --seed it
    resumes the unfinished one (--restart starts a new one).
    """
    from ...puzzles.cheops.game_record import record_target

    bots = parse_bots(players, opponents)
    if record is not None:
        record_target(record)
    fresh = random_seed()
    components = cheops_components(ctx)
    script = _script(moves, moves_file)
    console = stderr_console() if as_json else stdout_console(plain=plain)
    with _results() as store:
        kept = _open(console, components, seed, fresh, bots, coach, record, store, restart)
        kept.rollouts = rollouts
        with kept:
            console.print(
                f"Cheops, seed {kept.seed}: replay it with --seed {kept.seed}",
                highlight=False,
                markup=False,
            )
            for note in kept.notes:
                console.print(note, highlight=False, markup=False)
            if script is None and not (line or as_json or plain):
                run_game = full_screen()
                if run_game is not None:
                    run_game(kept)
                    return
            screen = _Screen(console, kept, script, plain=plain)
            try:
                screen.run()
            except _Quit:
                _summary(console, kept)
                typer.echo(_left(kept), err=True)
                if as_json:
                    _print_json(kept, record, left=True)
                raise typer.Exit(EXIT_LEFT) from None
            except ScriptError as error:
                if kept.answers and not kept.is_over():
                    raise ScriptError(f"{error}; {kept.leave()}") from None
                raise
    if as_json:
        _print_json(kept, record, left=False)


def _print_json(kept: KeptGame, record: Path | None, *, left: bool) -> None:
    """The game's end as JSON (``left``: the player left before it; ``winners`` and
    ``reason`` are then ``null`` and ``saved`` says whether it can be resumed)."""
    from ...solver.cheops.game import final_money

    result = kept.outcome()
    data = {
        "seed": kept.seed,
        "players": list(kept.table),
        "left": left,
        "saved": kept.saved and bool(kept.answers) and result is None,
        "winners": None if result is None else list(result.winners),
        "money": list(final_money(kept.state) if result is None else result.money),
        "reason": None if result is None else result.reason,
        "moves": len(kept.answers),
        "coach": kept.report().to_dict() if kept.coach else None,
        "record": None if record is None else str(record),
    }
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


@contextmanager
def _results() -> Iterator[Store | None]:
    """The results store the game is saved in; one that cannot be used is a warning, and
    the game is played without saving (as in the other games)."""
    from ...puzzles.store import Store, StoreError
    from .context import GAME

    try:
        store = Store.open_default(game=GAME)
    except StoreError as error:
        warn(f"{error} (the game is played without saving it)")
        yield None
        return
    with store:
        yield store


def _open(
    console: Console,
    components: Components,
    seed: int | None,
    fresh: int,
    bots: tuple[str, ...] | None,
    coach: bool,
    record: Path | None,
    store: Store | None,
    restart: bool,
) -> KeptGame:
    from ...puzzles.cheops.kept_game import KeptGame

    with console.status("Opening the game...", spinner="dots"):
        return KeptGame.start(
            components,
            seed=seed,
            fresh_seed=fresh,
            bots=bots,
            coach=coach,
            record=record,
            store=store,
            restart=restart,
        )


def _script(moves: str | None, moves_file: Path | None) -> Iterator[str] | None:
    text = moves_text(moves, moves_file)
    if text is None:
        return None
    if text == "-":
        text = sys.stdin.read()
    answers: list[str] = []
    for line in text.splitlines():
        if _COMMENT.match(line):
            continue
        answers.extend(part.strip() for part in line.split(";") if part.strip())
    return iter(answers)


def _left(kept: KeptGame) -> str:
    text = kept.leave()
    text = text[0].upper() + text[1:]
    if kept.record_path is not None:
        text += f"; the record so far is in {kept.record_path}"
    return text


def _summary(console: Console, kept: KeptGame) -> None:
    if kept.coach:
        for line in kept.report().lines():
            console.print(line, highlight=False, markup=False)


# --- the screen --------------------------------------------------------------------------


HELP = "? moves, h advice, t table, q quit"
_PROMPTS = {
    "start": "take a space (e.g. take a3 B), buy, a kept law, or pass",
    "sell": "sell or store",
    "law": "carry out the law",
    "second": "take once more with a family tile (e.g. take a4 C), or end",
    "draw": "draw from a stack (draw 1, draw 2 or draw 3)",
}
_COMMANDS = {
    "?",
    "h",
    "u",
    "t",
    "q",
    "q!",
    "quit",
    "undo",
    "hint",
    "help",
    "table",
    "save",
}


class _Screen:
    """The line mode's loop over a kept game."""

    def __init__(
        self, console: Console, kept: KeptGame, script: Iterator[str] | None, *, plain: bool
    ) -> None:
        self.console = console
        self.kept = kept
        self.script = script
        self.plain = plain
        self.taken = 0
        self._peeked: list[str] = []
        self._asked: list[Verdict] = []
        """Verdicts whose question was answered ``y`` (not said again once final)."""

    # --- answers --------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.console.print(text, highlight=False, markup=False)

    def ask(self, prompt: str) -> str:
        if self.script is None:
            try:
                return self.console.input(f"{prompt} ")
            except EOFError:
                self.console.print()
                raise _Quit from None
        answer = self._next()
        if answer is None:
            raise ScriptError(f"the moves ran out at: {prompt}")
        self.taken += 1
        self.say(f"{prompt} {answer}")
        return answer

    def _next(self) -> str | None:
        assert self.script is not None
        if self._peeked:
            return self._peeked.pop()
        return next(self.script, None)

    def peek(self) -> str | None:
        if self.script is None:
            return None
        if not self._peeked:
            found = next(self.script, None)
            if found is None:
                return None
            self._peeked.append(found)
        return self._peeked[0]

    def reject(self, message: str, answer: str) -> None:
        """One line saying why ``answer`` was not taken; a script stops here."""
        if self.script is not None:
            raise ScriptError(f"--moves, answer {self.taken} ({answer!r}): {message}")
        stderr_console().print(f"not taken: {one_line(message)}", highlight=False, markup=False)

    # --- the loop -------------------------------------------------------------------------

    def run(self) -> None:
        kept = self.kept
        names = ", ".join(kept.seat_names()[1:])
        self.say(f"You are seat 1; the bots: {names}.")
        self.settle()
        shown: CheopsState | None = None
        while not kept.is_over():
            if kept.state is not shown:
                self.show()
                shown = kept.state
            self.decide()
        self.finish()

    def settle(self) -> None:
        kept = self.kept
        if not kept.bots_due:
            return
        with self.console.status("The bots are playing...", spinner="dots") as status:
            events = kept.settle(lambda line: status.update(line))
        self.tell(events)

    def tell(self, events: list[TableEvent]) -> None:
        from ...puzzles.cheops.kept_game import GameOver, Happened, Judged

        for event in events:
            if isinstance(event, Judged):
                asked = any(verdict is event.verdict for verdict in self._asked)
                if not event.verdict.is_silent and not asked:
                    self.say(event.verdict.message())
            elif isinstance(event, Happened):
                self.say(("(pending) " if event.pending else "") + event.text)
            elif isinstance(event, GameOver):
                self.say(event.text)

    def decide(self) -> None:
        kept = self.kept
        phase = kept.waiting
        assert phase is not None
        undo = ", u undo" if kept.can_undo else ""
        prompt = f"{kept.where().capitalize()} - {_PROMPTS[phase.value]} ({HELP}{undo}):"
        answer = self.ask(prompt)
        word = answer.strip().lower()
        if word in _COMMANDS:
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

    def heeded(self, move: Move) -> bool:
        """The coach's question before a costly move: whether to play it."""
        kept = self.kept
        with self.console.status("The coach is weighing your move...", spinner="dots") as status:
            verdict = kept.check(move, lambda line: status.update(line))
        if verdict is None or verdict.is_silent:
            return True
        if self.script is not None:
            following = self.peek()
            if following is None or following.strip().lower() not in {"y", "yes", "n", "no"}:
                return True  # a script that does not answer: played, the line follows
        answer = self.ask(verdict.warning() + " (y plays it, anything else chooses again)")
        if answer.strip().lower() in {"y", "yes"}:
            self._asked.append(verdict)  # its line once final would say it again
            return True
        self.say("Choose again.")
        return False

    def command(self, word: str) -> None:
        kept = self.kept
        if word in {"?", "help"}:
            labels = [kept.label(move) for move in kept.options()]
            self.say(f"{len(labels)} legal move{'s' * (len(labels) != 1)}: {', '.join(labels)}")
        elif word in {"h", "hint"}:
            with self.console.status("Rolling out every option...", spinner="dots") as status:
                advice = kept.advice(lambda line: status.update(line))
            for line in advice.lines():
                self.say(line)
        elif word in {"u", "undo"}:
            try:
                move = kept.undo()
            except SilverpyrError as error:
                self.reject(str(error), word)
                return
            self.say(f"Took back {kept.label(move)}.")
        elif word in {"t", "table"}:
            self.show()
        elif word == "save":
            pending = " (your moves of this turn are not, until it ends)" if kept.pending else ""
            where = "in the results store" if kept.saved else "nowhere (no results store)"
            self.say(f"The game is saved {where} after every turn{pending}.")
        else:
            self.leave(word)

    def leave(self, word: str) -> None:
        if word == "q!" or self.script is not None:
            raise _Quit
        answer = self.ask("Leave the game? It is saved (y leaves, anything else plays on):")
        if answer.strip().lower() in {"y", "yes"}:
            raise _Quit
        self.say("Playing on.")

    def finish(self) -> None:
        if self.script is not None:
            left = [*self._peeked, *self.script]
            if left:
                raise ScriptError(
                    f"--moves holds {len(left)} answer{'s' * (len(left) != 1)} after the end, "
                    f"from {left[0]!r} on"
                )
        self.show()
        _summary(self.console, self.kept)
        if self.kept.record_path is not None:
            self.say(f"Game record saved to {self.kept.record_path}.")

    def show(self) -> None:
        from .render import table_lines

        for line in table_lines(self.kept.state, self.kept.seat_names(), plain=self.plain):
            self.say(line)


__all__ = ["BotsError", "ScriptError", "full_screen", "game", "parse_bots"]
