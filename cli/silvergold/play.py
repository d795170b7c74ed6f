"""Playing: the puzzle play loop and the trainer around it.

Answers come from the core's :class:`~silverpyr.cli.core.answers.Answers` in this game's
words (:func:`play_answers`, ``game``'s too): a terminal or a script of answers
(``--moves "B1 B2 C2; C3; u"``, a moves file, stdin); :func:`explain` says why an answer
was not taken.

A puzzle asks for one move a turn in notation (``B1 B2 C2``, ``C3``, ``17:B1 B2 +C3``).
Other answers are commands, looked up in :data:`PLAY_COMMANDS` (``u`` undo, ``?`` legal
moves, ``h`` the next hint level, ``q`` give up), so a new command is one more entry
there; every move played is judged by the solver (:data:`AFTER_MOVE`). The drawing lives
in :mod:`.views`; this module only decides what happens.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.answers import Answers, Quit, ScriptError
from ..core.output import print_json, stderr_console, stdout_console
from .views import describe_turn, draw_end, draw_turn, hint_cards, hint_lines, legal_moves

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from ...puzzles.core.store import Store
    from ...puzzles.silvergold.attempt import KeptAttempt
    from ...puzzles.silvergold.puzzle import Puzzle
    from ...puzzles.silvergold.session import PlaySession
    from ...solver.silvergold.cards import Deck


class Leave(Quit):
    """The player leaves a puzzle to come back to it: *save and leave* at the ``q``
    question, or end of input at a terminal. Saved progress is kept."""


def explain(message: str) -> None:
    """Tell the player why an answer was not taken (stderr, so data stays clean)."""
    from rich.text import Text

    text = Text("illegal: ", style="bold")
    text.append(message)
    stderr_console().print(text, highlight=False, soft_wrap=True)


# --- answers ------------------------------------------------------------------------------


def play_answers(
    console: Console,
    script: Iterable[str] | None,
    *,
    source: str = "the moves",
    ran_out: str = "{source} ran out of answers at: {prompt}",
) -> Answers:
    """The core's :class:`~silverpyr.cli.core.answers.Answers` in this game's words: a
    stopped script names the turn it stopped at (``Round 1, turn 2``, the question up to
    its `` - ``), a person is told ``illegal:``, and passes (``-``) may end a script."""
    return Answers(
        console,
        script,
        source=source,
        ran_out=ran_out,
        where=lambda prompt: prompt.split(" - ", 1)[0].rstrip(": "),
        refused=explain,
        passes=frozenset({"-"}),
        soft_wrap=None,
    )


def read_script(moves: str | None) -> list[str] | None:
    """The scripted answers of ``--moves`` (``-``: stdin; none: stdin if it is not a
    terminal), read by the one script reader of every game."""
    from ..core.options import script_answers

    return script_answers("-" if moves is None and not sys.stdin.isatty() else moves)


# --- the play screen ----------------------------------------------------------------------


@dataclass
class PlayScreen:
    """Everything the play loop and its commands share."""

    console: Console
    kept: KeptAttempt
    """The attempt and what the results store keeps of it (saves, hints, the coach)."""
    plain: bool
    notes: list[str] = field(default_factory=list)
    """Lines shown once under the next drawing of the board (what the last move did)."""
    answers: Answers | None = None
    """Where answers come from, for commands that ask a question of their own (``q``)."""

    @property
    def session(self) -> PlaySession:
        return self.kept.session

    @property
    def deck(self) -> Deck:
        return self.kept.deck

    def explain(self, message: str) -> None:
        """Tell the player why an answer was not taken (a script stops at it)."""
        if self.answers is None:
            explain(message)
        else:
            self.answers.reject(message)

    def save(self) -> None:
        """Save the attempt's progress, when it is recorded."""
        self.kept.save()


PlayCommand = Callable[[PlayScreen, str], bool]
"""A play command: gets the screen and the rest of the answer; True to redraw the board."""


def _undo(screen: PlayScreen, rest: str) -> bool:
    said = screen.kept.undo()
    if said is None:
        screen.explain("nothing to undo")
        return False
    screen.notes.append(said)
    return True


def _legal(screen: PlayScreen, rest: str) -> bool:
    session = screen.session
    moves = session.legal_moves()
    if rest.strip():
        wanted = rest.strip()
        in_play = [str(state.number) for state in session.position.in_play()]
        if wanted not in in_play:
            screen.explain(f"{wanted!r} is not one of your cards in play ({', '.join(in_play)})")
            return False
        moves = [m for m in moves if m.mark is not None and str(m.mark.card) == wanted]
    legal_moves(screen.console, session, moves)
    return False


def _give_up(screen: PlayScreen, rest: str) -> bool:
    """``q``: give up, save and leave, or keep playing; a slip of the finger costs nothing.

    ``y`` gives up, ``s`` saves and leaves (the next play resumes), anything else plays
    on. In a script the ``q`` must be followed by its answer (``q; y``, ``q; s``); ``q!``
    gives up without asking.
    """
    if screen.answers is not None:
        counts = "" if screen.session.practice else " and its score counts"
        leave = (
            "s saves and leaves (the next play resumes)"
            if screen.kept.recorded
            else "s leaves without saving (--no-record)"
        )
        answer = screen.answers.ask(
            f"Give up? The attempt ends{counts}. y gives up, {leave}, anything else plays on:"
        )
        choice = answer.strip().lower()
        if choice in {"s", "save"}:
            raise Leave
        if choice not in {"y", "yes"}:
            screen.console.print("Playing on.", highlight=False)
            return False
    screen.session.give_up()
    return False


def _give_up_now(screen: PlayScreen, rest: str) -> bool:
    """``q!``: give up without a confirmation."""
    screen.session.give_up()
    return False


def _hint(screen: PlayScreen, rest: str) -> bool:
    """``h``: the next hint level for this turn; counted as a hint used."""
    session = screen.session
    given = screen.kept.hint()  # asking again at level 3 shows the move, counts nothing
    console = screen.console
    hint_lines(console, given)
    if given.level > 1:
        console.print(hint_cards(session.at, given, plain=screen.plain))
    if given.level < 3:
        console.print("(h again tells more)", markup=False, highlight=False)
    return False


def _feedback(screen: PlayScreen) -> list[str]:
    """Lines judging the move just played, for the notes under the next drawing."""
    played = screen.session.moves
    judged = screen.kept.feedback(played[:-1], played[-1])
    screen.kept.told(played, judged)
    return judged.text_lines()


PLAY_COMMANDS: dict[str, tuple[PlayCommand, str]] = {
    "u": (_undo, "undo"),
    "?": (_legal, "legal moves"),
    "h": (_hint, "hint"),
    "q": (_give_up, "give up or leave"),
}
"""Answers that are commands rather than moves: the first word picks the command."""

AfterMove = Callable[[PlayScreen], list[str]]
"""Called after each legal move; the lines returned are shown under the next drawing."""

AFTER_MOVE: list[AfterMove] = [_feedback]
"""Hooks run after every legal move (e.g. feedback on the move), in order."""


COMMAND_ALIASES = {"undo": "u", "quit": "q", "hint": "h", "help": "?"}
"""Words accepted for the one-letter commands, in every play loop."""


Command = tuple[Callable[..., bool], str]
"""A command's handler and the rest of its answer (``? 17``: ``17``)."""


def find_command(
    answer: str,
    commands: dict[str, tuple[Callable[..., bool], str]],
    *,
    now: Callable[..., bool] | None = None,
) -> Command | None:
    """The command an answer names in ``commands`` (``?17`` and ``? 17`` alike; ``q!``
    runs ``now`` when given), or ``None`` when the answer is a move."""
    stripped = answer.strip()
    if stripped.startswith("?") and "?" in commands:
        return commands["?"][0], stripped[1:]
    word, _, rest = stripped.partition(" ")
    if word == "q!" and now is not None:
        return now, rest
    entry = commands.get(COMMAND_ALIASES.get(word.lower(), word.lower()))
    return (entry[0], rest) if entry else None


def commands_hint(commands: dict[str, tuple[Callable[..., bool], str]]) -> str:
    """``u undo, ? legal moves, h hint, q give up``: the prompt's list of commands."""
    return ", ".join(f"{key} {name}" for key, (_, name) in commands.items())


def _command_of(answer: str) -> Command | None:
    return find_command(answer, PLAY_COMMANDS, now=_give_up_now)


def play_loop(screen: PlayScreen, answers: Answers) -> None:
    """Ask for answers until the puzzle is over (or the player gives up).

    Raises :class:`Leave` when the player leaves to come back later (``q`` then ``s``, or
    end of input at a terminal); progress is saved after every move, undo and hint.
    """
    from ...solver.silvergold.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

    session = screen.session
    redraw = True
    while not session.finished:
        if redraw:
            draw_turn(screen.console, session, screen.deck, plain=screen.plain, notes=screen.notes)
        try:
            answer = answers.ask(_prompt(screen))
        except Quit:
            raise Leave from None
        command = _command_of(answer)
        if command is not None:
            redraw = command[0](screen, command[1])
            continue
        try:
            played = session.play(answer)
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            screen.explain(str(error))
            redraw = False
            continue
        screen.kept.moved()
        screen.notes.append(describe_turn(session, played))
        for hook in AFTER_MOVE:
            screen.notes.extend(hook(screen))
        redraw = True


def _prompt(screen: PlayScreen) -> Text:
    from rich.text import Text

    session = screen.session
    commands = commands_hint(PLAY_COMMANDS)
    text = Text()
    text.append(
        f"Turn {session.turn_index + 1}/{session.instance.turns} ({session.expedition.name})",
        style="bold",
    )
    text.append(f" - your move ({commands}): ")
    return text


# --- game hints -------------------------------------------------------------------------


# --- an attempt at a puzzle ---------------------------------------------------------------


@dataclass(frozen=True)
class PlayOptions:
    """How to run an attempt."""

    moves: str | None
    as_json: bool
    plain: bool
    record: bool
    restart: bool = False
    """Drop saved progress and start over (refused once a daily's attempt is scored)."""


def _silent_console() -> Console:
    """A console that shows nothing (``--json`` play: only the result is printed)."""
    import io

    from rich.console import Console

    return Console(file=io.StringIO())


def run_attempt(puzzle: Puzzle, deck: Deck, store: Store | None, options: PlayOptions) -> None:
    """Play ``puzzle`` with the chosen answers, show the end, record the attempt.

    A recorded attempt is saved after every move and resumed by the next play of the same
    puzzle (:class:`~silverpyr.puzzles.silvergold.attempt.KeptAttempt`, which the full-screen game
    shares); leaving it any way but giving up keeps it.
    """
    from ...puzzles.silvergold.attempt import KeptAttempt

    script = read_script(options.moves)
    if options.as_json:
        if script is None:
            raise ScriptError("--json with play needs the moves: give --moves")
        console = _silent_console()
    else:
        console = stdout_console(plain=options.plain)
    kept = KeptAttempt.start(puzzle, deck, store, record=options.record, restart=options.restart)
    with kept:  # the puzzle's lease is let go of however the attempt ends
        for note in kept.notes:
            console.print(note, highlight=False)
        screen = PlayScreen(console=console, kept=kept, plain=options.plain)
        answers = play_answers(console, script, ran_out="the moves ran out before the puzzle ended")
        screen.answers = answers
        session = kept.session
        try:
            play_loop(screen, answers)
        except Quit:
            kept_moves = bool(kept.recorded and (session.moves or session.hints_used))
            console.print(kept.keep(), highlight=False, markup=False)
            if options.as_json:
                print_json(kept.so_far_dict(saved=kept_moves))
            return
        except KeyboardInterrupt:
            stderr_console().print(kept.keep(), highlight=False, markup=False)
            raise
        except ScriptError as error:
            if not kept.recorded or not (session.moves or session.hints_used):
                raise
            kept.save()
            raise ScriptError(
                f"{error}; the attempt is saved at turn {session.turn_index + 1}: "
                f"`{kept.resume_command}` resumes it"
            ) from None
        result = session.result()
        share = kept.share(plain=options.plain)
        data = kept.to_dict(plain=options.plain) if options.as_json else None
        kept.record()
        if data is not None:
            print_json(data)
        else:
            draw_end(console, session, deck, result, share, plain=options.plain, notes=screen.notes)
        answers.finish()  # after the result is kept and shown: the script's extra answers fail
