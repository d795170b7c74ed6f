"""``silverpyr sun game``: a game of Pyramid of the Sun in the terminal, you against 1-4 bots.

Every answer is one line, a move in the engine's notation (docs/sun-rules.md): ``S4-sun@1c``
or ``#17@1c`` lays a card, ``end`` ends a play turn, ``draw standard`` / ``draw edge`` draws
one of two cards, ``symbol points`` / ``symbol standard`` / ``symbol edge`` settles a symbol,
``discard S2`` discards, ``pass`` passes. At the prompt: ``?`` lists the legal moves, ``h``
ranks every option in expected final points (:mod:`silverpyr.puzzles.sun.advice`), ``u``
takes back your last card of this turn, ``q`` leaves (the game is saved).

The table is :class:`~silverpyr.puzzles.sun.kept_game.KeptGame`, the one the full-screen game
drives too: this module parses answers and prints what the kept game returns. Your cards of
a play turn stay pending until ``end`` (or a symbol's choice); a draw, a discard and a
symbol's choice are final at once. With ``--coach`` a costly move gets the coach's question
first (``... Play it anyway?``: ``y`` plays it, anything else chooses again), and the game
ends with the coach's summary. Bots and rollouts run under a spinner: never a silent wait.

**Saved and resumed**: after every final decision, in the results store; ``silverpyr sun
game`` without ``--seed`` resumes the unfinished game, ``--restart`` drops it. ``--record
FILE`` writes the game record (:mod:`silverpyr.puzzles.sun.game_record`) after every final
decision. ``--json`` prints the outcome as JSON at the end (the game's lines then go to
stderr).

**Answers**: at a terminal (or piped on stdin), a bad answer gets one line saying why and the
prompt again. ``--moves TEXT`` (``;`` or new lines between answers, ``-`` for stdin) or
``--moves-file FILE`` scripts the game (a line starting with ``#`` and no digit after it is a
comment: ``#17@1c`` is a move); a script stops at its first bad answer (one
``error:`` line, exit 2: a script that went on would be out of step), and a script that runs
out leaves the game saved. In a script the coach's question is answered by the next line
only when it is ``y`` or ``n``; otherwise the move is played.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
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
from .context import deck as sun_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.store import Store
    from ...puzzles.sun.coach import Verdict
    from ...puzzles.sun.kept_game import KeptGame, TableEvent
    from ...solver.sun.cards import Deck
    from ...solver.sun.game import Move, SunState

EXIT_LEFT = 0
_COMMENT = re.compile(r"\s*#(?!\d)")
"""A comment line of a script: ``#`` not followed by a digit (``#17@1c`` is a move)."""
SIZES = ("short", "standard", "long")
MAX_BOTS = 4


class ScriptError(SilverpyrError, ValueError):
    """A scripted answer that was not taken, or a script that ran out or ran over."""


class BotsError(SilverpyrError, ValueError):
    """``--players`` and ``--opponents`` that do not agree, an unknown bot, a bad size."""


class _Quit(Exception):
    """The player leaves (``q``, or the end of input at a terminal)."""


def parse_bots(players: int | None, opponents: str | None) -> tuple[str, ...] | None:
    """The bots of seats 1 on from ``--players`` and ``--opponents`` (``None``: neither
    given). Raises :class:`BotsError` naming the problem."""
    from ...puzzles.sun.registry import NAMES

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
    size: Annotated[
        str | None,
        typer.Option(
            "--size",
            help="Pyramid size: short (base row of 8), standard (9) or long (10); "
            "default standard.",
            show_default=False,
            metavar="SIZE",
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
            help="Paired rollouts per option for h and the coach (default 12).",
            show_default=False,
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Save the game record (JSON) to this file after every decision.",
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
    """Play Pyramid of the Sun against bots: full-screen on a terminal, else a move a line.

    --line, --moves, --json and --plain play a move a line in notation. The game is saved
    after every decision; without --seed it resumes the unfinished one (--restart starts a
    new one).
    """
    from ...puzzles.sun.game_record import record_target

    if size is not None and size not in SIZES:
        raise BotsError(f"--size {size!r}: a pyramid is short, standard or long")
    bots = parse_bots(players, opponents)
    if record is not None:
        record_target(record)
    fresh = random_seed()
    deck = sun_deck(ctx)
    script = _script(moves, moves_file)
    console = stderr_console() if as_json else stdout_console(plain=plain)
    with _results() as store:
        kept = _open(console, deck, seed, fresh, size, bots, coach, record, store, restart)
        kept.rollouts = rollouts
        with kept:
            console.print(
                f"Pyramid of the Sun, seed {kept.seed} ({kept.size} pyramid): replay it with "
                f"--seed {kept.seed}",
                highlight=False,
                markup=False,
            )
            for note in kept.notes:
                console.print(note, highlight=False, markup=False)
            if script is None and not (line or as_json or plain):
                from .tui.launch import interactive, run_kept_game

                if interactive():
                    run_kept_game(kept)
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
    result = kept.outcome()
    data = {
        "seed": kept.seed,
        "size": kept.size,
        "players": list(kept.table),
        "left": left,
        "saved": kept.saved and bool(kept.answers) and result is None,
        "winners": None if result is None else list(result.winners),
        "scores": list(kept.state.scores if result is None else result.scores),
        "reason": None if result is None else result.reason,
        "hands": [len(hand) for hand in kept.state.hands],
        "coach": kept.report().to_dict() if kept.coach else None,
        "record": None if record is None else str(record),
    }
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


@contextmanager
def _results() -> Iterator[Store | None]:
    """The results store the game is saved in; one that cannot be used is a warning, and
    the game is played without saving (as in the Silver & Gold game)."""
    from ...puzzles.store import Store, StoreError

    try:
        store = Store.open_default(game="sun")
    except StoreError as error:
        warn(f"{error} (the game is played without saving it)")
        yield None
        return
    with store:
        yield store


def _open(
    console: Console,
    deck: Deck,
    seed: int | None,
    fresh: int,
    size: str | None,
    bots: tuple[str, ...] | None,
    coach: bool,
    record: Path | None,
    store: Store | None,
    restart: bool,
) -> KeptGame:
    from ...puzzles.sun.kept_game import KeptGame

    with console.status("Opening the game...", spinner="dots"):
        return KeptGame.start(
            deck,
            seed=seed,
            fresh_seed=fresh,
            size=size,
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


HELP = "? moves, h advice, u undo, q quit"
_PROMPTS = {
    "choose": "play a card (e.g. S4-sun@1c) or draw (draw standard, draw edge)",
    "playing": "lay another card, or end",
    "symbol": "symbol points, symbol standard or symbol edge",
    "drawing": "your second card: draw standard or draw edge",
    "discard": "discard down to 5 (e.g. discard S1)",
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
        shown: SunState | None = None
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
        from ...puzzles.sun.kept_game import GameOver, Happened, Judged

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
        prompt = f"{kept.where().capitalize()} - {_PROMPTS[phase.value]} ({HELP}):"
        answer = self.ask(prompt)
        word = answer.strip().lower()
        if word in {"?", "h", "u", "q", "q!", "quit", "undo", "hint"}:
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
        if word == "?":
            moves = kept.options()
            labels = sorted({kept.label(move) for move in moves})
            self.say(f"{len(labels)} legal moves: {', '.join(labels)}")
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
            left = [answer for answer in ([*self._peeked, *self.script])]
            if left:
                raise ScriptError(
                    f"--moves holds {len(left)} answer{'s' * (len(left) != 1)} after the end, "
                    f"from {left[0]!r} on"
                )
        self.show()
        _summary(self.console, self.kept)
        if self.kept.record_path is not None:
            self.say(f"Game record saved to {self.kept.record_path}.")

    # --- drawing ---------------------------------------------------------------------------

    def show(self) -> None:
        for line in table_lines(self.kept.state, self.kept.seat_names(), plain=self.plain):
            self.say(line)


def _cell(deck: Deck, card: int, *, plain: bool) -> str:
    found = deck[card]
    if plain:
        text = f"{found.label[:2]}"
        if found.symbol:
            text += found.symbol[:2]
        if found.side:
            text += "<" if found.side == "left" else ">"
        return text
    return deck.glyph(found)


def table_lines(state: SunState, names: tuple[str, ...], *, plain: bool = False) -> list[str]:
    """The pyramid (top first; an open slot shows its name, an empty one ``.``), your hand,
    the piles and the scores, as lines."""
    deck = state.deck
    pyramid = state.pyramid
    opened = set(pyramid.open_slots())
    width = 5
    lines = [""]
    rows = pyramid.rows()
    from ...solver.sun.pyramid import Slot

    for level in range(len(rows) - 1, -1, -1):
        cells = []
        for pos, card in enumerate(rows[level]):
            slot = Slot(level, pos)
            if card is not None:
                text = _cell(deck, card, plain=plain)
            elif slot in opened:
                text = str(slot)
            else:
                text = "."
            cells.append(text.center(width))
        indent = " " * ((width + 1) * level // 2)
        lines.append(f"{level:>2} {indent}{' '.join(cells).rstrip()}")
    hand = ", ".join(deck[card].label for card in state.hands[0]) or "empty"
    lines.append(f"Your hand: {hand}")
    others = "; ".join(
        f"{names[seat]} {len(state.hands[seat])} card{'s' * (len(state.hands[seat]) != 1)}"
        for seat in range(1, state.players)
    )
    lines.append(f"Hands: {others}")
    lines.append(
        f"Piles: standard {len(state.standard_pile)} (discards {len(state.standard_discards)}), "
        f"edge {len(state.edge_pile)} (discards {len(state.edge_discards)}); "
        f"marker {deck[state.marker].label}"
    )
    scores = ", ".join(f"{names[seat]} {score}" for seat, score in enumerate(state.scores))
    lines.append(f"Scores: {scores}")
    return lines


__all__ = ["BotsError", "ScriptError", "game", "parse_bots", "table_lines"]
