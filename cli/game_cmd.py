"""``silverpyr game``: a full game in the terminal, you as player 1 against greedy bots.

Every answer is one line: the two cards to keep at setup, a move in notation each turn
(``B1 B2 C2 +C3``, ``17:B1 B2``), and an offer slot or ``d`` (deck) when a completed card
is replaced. At the move prompt the commands are those of the puzzles (:mod:`.play`
finds them the same way): ``?`` or ``? 17`` lists the legal moves, ``h`` gives the
expert's advice (:mod:`silverpyr.puzzles.realgame.advice`; at the keep and replacement prompts
too), ``o`` draws the opponents' cards and sheets, ``q`` leaves after a confirmation
(``q!`` at once), ``u`` takes back a move.

**Coach and record.** ``--coach`` judges each decision once it is final against the
expert's advice (:mod:`silverpyr.puzzles.realgame.game_coach`) and sums the game up at the end;
``--record FILE`` saves the answers after every decision
(:mod:`silverpyr.puzzles.realgame.game_record`), for ``hint --game FILE [--review]``.

**Undo.** Your move is not final at once: the turn ends when you say so, and only then do
the bots play and the next expedition card turn over. Right after your move the game asks
whether to end the turn; ``u`` there takes the move back and you choose again for the same
card. Once the turn has ended (the next card is revealed, or a replacement was asked
for), that move is final. In a ``--moves`` script the question is answered by the next
line only when that line is ``u`` (or ``o``); otherwise the turn ends by itself, so
scripts written without it still play the same game.

With ``--moves TEXT`` (``;`` or a new line between answers, ``-`` for stdin) or
``--moves-file FILE`` a game can be scripted; blank lines and lines starting with ``#`` are
skipped there. A replacement is
asked for only when there is a choice (one option is taken by itself). The other seats
play by the rules of :mod:`silverpyr.solver.bots`. Without ``--seed`` the game gets a
random seed, printed first so the same game can be played again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import click
import typer

from ..puzzles.realgame.ranking_defaults import DEFAULT_ROLLOUTS
from ..puzzles.realgame.registry import NAMES
from ..solver.sheet import GEM_CAP, SKULL_CAP
from .context import app_context
from .options import (
    MovesFileOption,
    MovesOption,
    PlainOption,
    RolloutsOption,
    line_option,
    moves_text,
    random_seed,
    seed_option,
)
from .output import stdout_console, warn
from .play import Answers, Quit, commands_hint, explain, find_command, script_from_text

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ..puzzles.realgame.advice import Advice
    from ..puzzles.realgame.game_coach import Verdict
    from ..puzzles.realgame.game_record import GameRecord
    from ..solver.cards import PyramidCard
    from ..solver.game import GameState, Replacement
    from ..solver.moves import Move
    from ..solver.players import Player
    from ..solver.position import CardState, Position
    from ..solver.rollouts import Choice


HUMAN = 0
MARK_LABEL = "*"
EXIT_ABANDONED = 0


def game(
    ctx: typer.Context,
    seed: Annotated[
        int | None,
        seed_option("Seed of the shuffles: same seed, same game (default: a random seed, shown)."),
    ] = None,
    players: Annotated[
        int,
        typer.Option(
            "--players", min=1, max=4, help="Players, you included (the others are bots)."
        ),
    ] = 2,
    moves: MovesOption = None,
    moves_file: MovesFileOption = None,
    plain: PlainOption = False,
    line: Annotated[bool, line_option()] = False,
    opponents: Annotated[
        str,
        typer.Option(
            "--opponents",
            click_type=click.Choice(NAMES),
            help="The bots in the other seats.",
        ),
    ] = "greedy",
    coach: Annotated[
        bool,
        typer.Option(
            "--coach",
            help="After each of your decisions, say what it cost against the expert's "
            "(silent under half a point); a summary at the end.",
        ),
    ] = False,
    rollouts: RolloutsOption = DEFAULT_ROLLOUTS,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Save the game to this file after every decision (for hint --game FILE --review).",
            dir_okay=False,
            show_default=False,
            metavar="FILE",
        ),
    ] = None,
) -> None:
    """Play a full game as player 1 against bots (a move each turn, in notation)."""
    from ..puzzles.realgame.game_record import GameRecord, record_target
    from ..solver.game import deal

    if record is not None:
        record_target(record)  # a FIFO, a device, a folder...: refused before the game starts
    if seed is None:
        seed = random_seed()
    # the full-screen game seats any opponents of the registry, with the coach and the record
    full_screen = not (line or plain or moves is not None or moves_file is not None)
    if full_screen:
        from .tui.launch import interactive, run_game

        if interactive():
            run_game(
                app_context(ctx).deck(),
                players,
                seed,
                opponents=opponents,
                coach=coach,
                record=record,
            )
            return

    console = stdout_console(plain=plain)
    deck = app_context(ctx).deck()
    script, source = _answer_lines(moves, moves_file)
    answers = Answers(console, script, source=source)
    console.print(f"Game seed {seed}: replay it with --seed {seed}", highlight=False)
    log = GameLog(
        opponents,
        record=GameRecord.start(deck, seed, players, opponents) if record else None,
        path=record,
        coach=coach,
        rollouts=rollouts,
    )
    try:
        state = deal(deck, players, seed)
        log.save()
        _play(console, answers, state, plain=plain, log=log)
        answers.finish()
    except Quit:
        if record is not None:
            typer.echo(f"game abandoned; the record so far is in {record}", err=True)
        else:
            typer.echo("game abandoned", err=True)
        raise typer.Exit(EXIT_ABANDONED) from None


def _answer_lines(moves: str | None, moves_file: Path | None) -> tuple[list[str] | None, str]:
    """The scripted answers of ``--moves TEXT`` (``-``: stdin) or ``--moves-file FILE``, and
    how to name them.

    ``--moves FILE`` was game's spelling before ``--moves`` meant the same everywhere: a
    ``--moves`` that names an existing file (and holds no ``;``) still reads that file, with
    one warning line.
    """
    if moves is not None and moves_file is None and _names_a_file(moves):
        warn(
            f"--moves {moves} reads the file {moves}; give a file as --moves-file "
            "(--moves takes the answers as text)"
        )
        moves_file = Path(moves)
        moves = None
    text = moves_text(moves, moves_file)
    if text is None:
        return None, "the terminal"
    if text == "-":
        return script_from_text(sys.stdin.read()), "the moves on stdin"
    source = f"moves file {moves_file}" if moves_file is not None else "--moves"
    return script_from_text(text), source


def _names_a_file(moves: str) -> bool:
    """Whether ``--moves`` names an existing file (the old spelling of ``--moves-file``)."""
    import os

    return moves != "-" and not any(mark in moves for mark in ";\n") and os.path.exists(moves)


# --- the game loop -----------------------------------------------------------------------


@dataclass
class GameLog:
    """What happens to each of your decisions: the record file, and the coach's verdict."""

    opponents: str
    record: GameRecord | None = None
    path: Path | None = None
    coach: bool = False
    rollouts: int = DEFAULT_ROLLOUTS
    verdicts: list[Verdict] = field(default_factory=list)
    _advised: tuple[GameState, Advice] | None = field(default=None, repr=False)

    def save(self) -> None:
        if self.record is not None and self.path is not None:
            self.record.save(self.path)

    def decided(self, console: Console, state: GameState, choice: Choice) -> None:
        """Your ``choice`` in ``state`` is final: record it, and let the coach judge it."""
        from ..puzzles.realgame.game_record import answer_of, when

        if self.record is not None:
            self.record = self.record.with_answer(answer_of(state, choice))
            self.save()
        if not self.coach:
            return
        from ..puzzles.realgame.game_coach import judge

        advice = self.advice(console, state, "The coach is weighing your decision...")
        verdict = judge(advice, choice, when(state))
        self.verdicts.append(verdict)
        if not verdict.is_silent:
            console.print(verdict.message(), highlight=False, markup=False)

    def advice(self, console: Console, state: GameState, doing: str) -> Advice:
        """The expert's advice on your decision in ``state`` (worked out once per state)."""
        if self._advised is not None and self._advised[0] is state:
            return self._advised[1]
        from ..puzzles.realgame.advice import advise
        from ..puzzles.realgame.registry import make_player

        with console.status(doing, spinner="dots"):
            advice = advise(
                state,
                HUMAN,
                opponents=make_player(self.opponents),
                seed=state.seed,
                samples=self.rollouts,
            )
        self._advised = (state, advice)
        return advice

    def show_advice(self, console: Console, state: GameState) -> None:
        """``h``: the expert's ranking of the decision due now."""
        from .views import render_advice

        render_advice(
            console, self.advice(console, state, "The expert is weighing your options...")
        )

    def finish(self, console: Console) -> None:
        if self.coach:
            from ..puzzles.realgame.game_coach import report
            from .views import render_coach_report

            render_coach_report(console, report(self.verdicts))
        if self.path is not None:
            console.print(
                f"Game record saved to {self.path}; review it with: "
                f"silverpyr hint --game {self.path} --review",
                highlight=False,
                markup=False,
            )


def _play(
    console: Console, answers: Answers, state: GameState, *, plain: bool, log: GameLog
) -> None:
    from ..puzzles.realgame.game_record import waits_for_human
    from ..puzzles.realgame.registry import make_player
    from ..solver.game import Phase

    opponents = log.opponents
    count = len(state.players)
    bot = make_player(opponents)
    article = "an" if opponents[0] in "aeiou" else "a"
    bots = f"{article} {opponents} bot" if count == 2 else f"{opponents} bots"
    others = (
        ""
        if count == 1
        else f"; {'player 2 is' if count == 2 else f'players 2-{count} are'} {bots}"
    )
    console.print(f"Silver & Gold Pyramids: you are player 1{others}.")
    state = _keep(
        console,
        answers,
        state,
        [bot.keep(state, seat) for seat in range(count)],
        plain=plain,
        log=log,
    )
    claims_before = 0
    while not state.is_over():
        if state.phase is Phase.MARK:
            claims_before = len(state.claims)
            state = _turn(console, answers, state, bot, plain=plain, log=log)
        while state.phase is Phase.REPLACE:
            options = state.replacement_options()
            if waits_for_human(state):
                choice = _ask_replacement(console, answers, state, log)
                log.decided(console, state, choice)
            else:
                choice = options[0] if len(options) == 1 else bot.replacement(state)
            _say_replacement(console, state, choice)
            state = state.take_replacement(choice)
        for claim in state.claims[claims_before:]:
            console.print(
                f"{_who(claim.player)} claim{'s' if claim.player else ''} "
                f"{claim.points} pyramid points in {claim.color.value} (card {claim.card})."
            )
    _final_table(console, state, plain=plain)
    log.finish(console)


def _keep(
    console: Console,
    answers: Answers,
    state: GameState,
    bot_choices: list[tuple[int, int]],
    *,
    plain: bool,
    log: GameLog,
) -> GameState:
    from ..solver.moves import IllegalMoveError

    dealt = state.players[HUMAN].dealt
    console.print("\nYou are dealt four pyramid cards; keep two of them.")
    console.print(_cards_row([_card_panel(card, 0, plain=plain) for card in dealt]))
    while True:
        answer = answers.ask(
            f"Keep which two cards? (e.g. {dealt[0].number} {dealt[1].number}; h hint)"
        )
        _maybe_leave(answers, answer, log)
        if answer.strip().lower() in {"h", "hint"}:
            log.show_advice(console, state)
            continue
        try:
            numbers = [int(token) for token in answer.replace(",", " ").split()]
        except ValueError:
            answers.reject(
                f"{answer!r}: write two card numbers, e.g. {dealt[0].number} {dealt[1].number}"
            )
            continue
        try:
            after = state.keep([numbers, *bot_choices[1:]])
        except IllegalMoveError as error:
            answers.reject(str(error))
            continue
        if len(numbers) == 2:
            log.decided(console, state, (numbers[0], numbers[1]))
        return after


def _turn(
    console: Console, answers: Answers, state: GameState, bot: Player, *, plain: bool, log: GameLog
) -> GameState:
    from ..solver.moves import PASS, move_str

    _show_turn(console, state, plain=plain)
    position = state.position(HUMAN)
    if position.has_card_in_play():
        mine = _ask_move(GameScreen(console, answers, state, plain, log))
        log.decided(console, state, mine)
    else:
        console.print("You have no card in play: you pass.")
        mine = PASS
    moves = [mine] + [bot.move(state, seat) for seat in range(1, len(state.players))]
    after = state.play(moves)
    for index, move in enumerate(moves):
        if index or move.is_pass:
            shown = move_str(move, with_card=True) if not move.is_pass else "passes"
            console.print(f"{_who(index)}: {shown}")
        done = after.players[index].sheet.completed[len(state.players[index].sheet.completed) :]
        for card in done:
            verb = "completes" if index else "complete"
            console.print(f"{_who(index)} {verb} card {card.number} ({card.color.value}).")
    return after


# --- the move prompt and its commands ----------------------------------------------------


@dataclass
class GameScreen:
    """What the game's commands share during one turn."""

    console: Console
    answers: Answers
    state: GameState
    plain: bool
    log: GameLog


GameCommand = Callable[[GameScreen, str], bool]
"""A game command: gets the screen and the rest of the answer; True to redraw the turn."""


def _undo_committed(screen: GameScreen, rest: str) -> bool:
    screen.answers.reject(
        f"nothing to take back: your last move became final when {screen.state.expedition.name} "
        "was revealed (u works right after a move, before the turn ends)"
    )
    return False


def _legal(screen: GameScreen, rest: str) -> bool:
    _show_options(screen.console, screen.state, rest.strip())
    return False


def _hint(screen: GameScreen, rest: str) -> bool:

    screen.log.show_advice(screen.console, screen.state)
    return False


def _opponents(screen: GameScreen, rest: str) -> bool:
    _show_opponents(screen.console, screen.state, plain=screen.plain)
    return False


def _leave(screen: GameScreen, rest: str) -> bool:
    _confirm_leave(screen.answers, screen.log)
    return False


def _leave_now(screen: GameScreen, rest: str) -> bool:
    raise Quit


GAME_COMMANDS: dict[str, tuple[GameCommand, str]] = {
    "u": (_undo_committed, "undo"),
    "?": (_legal, "legal moves, ? N on card N"),
    "h": (_hint, "hint"),
    "o": (_opponents, "opponents"),
    "q": (_leave, "quit"),
}
"""The move prompt's commands; ``u`` here only explains (see the module's Undo)."""


def _confirm_leave(answers: Answers, log: GameLog) -> None:
    """``q``: leave the game after a ``y``; anything else plays on."""
    kept = f"The record so far stays in {log.path}" if log.path else "It is not saved"
    answer = answers.ask(f"Leave the game? {kept} (y leaves, anything else plays on):")
    if answer.strip().lower() in {"y", "yes"}:
        raise Quit
    explain("playing on")


def _maybe_leave(answers: Answers, answer: str, log: GameLog) -> None:
    """The setup and replacement prompts take ``q`` (asked to confirm) and ``q!`` too."""
    word = answer.strip().lower()
    if word == "q!":
        raise Quit
    if word in {"q", "quit"}:
        _confirm_leave(answers, log)


def _ask_move(screen: GameScreen) -> Move:
    """Your move for this turn: commands are answered, a move waits for the turn's end."""
    from ..solver.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

    state = screen.state
    prompt = (
        f"Round {state.round_number}, turn {state.turn} - your move ({state.expedition.name}; "
        f"{commands_hint(GAME_COMMANDS)}):"
    )
    while True:
        answer = screen.answers.ask(prompt)
        command = find_command(answer, GAME_COMMANDS, now=_leave_now)
        if command is not None:
            if command[0](screen, command[1]):
                _show_turn(screen.console, state, plain=screen.plain)
            continue
        try:
            move = state.parse_move(HUMAN, answer)
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            screen.answers.reject(str(error))
            continue
        if _end_turn(screen, move):
            return move


def _end_turn(screen: GameScreen, move: Move) -> bool:
    """After your move: end the turn (True), or take the move back with ``u`` (False)."""
    from ..solver.moves import move_str

    console, state = screen.console, screen.state
    shown = move_str(move, with_card=True)
    console.print(f"Your move: {shown}{_what_it_marks(state, move)}", highlight=False)
    question = (
        "End the turn? Enter ends it (the others play, the next card turns over); "
        "u takes your move back; o shows the opponents:"
    )
    words = {"u", "undo", "o", "q", "q!", "quit"}
    while True:
        answer = screen.answers.ask_if(question, lambda a: a.strip().lower() in words)
        word = (answer or "").strip().lower()
        if word in {"u", "undo"}:
            console.print(f"Took back your move {shown}; choose again.", highlight=False)
            return False
        if word == "o":
            _show_opponents(console, state, plain=screen.plain)
            continue
        if word in {"q", "quit", "q!"}:
            _maybe_leave(screen.answers, word, screen.log)
            continue
        return True


def _what_it_marks(state: GameState, move: Move) -> str:
    """`` - red gem, torch`` for the symbols a move marks (empty when none)."""
    from ..solver.cards import Symbol
    from ..solver.cells import cells_of

    position = state.position(HUMAN)
    hits = [
        position.card(mark.card).room.symbol_at(cell).label
        for mark in move.marks()
        for cell in cells_of(mark.cells)
        if position.card(mark.card).room.symbol_at(cell) not in (Symbol.PLAIN, Symbol.ENTRANCE)
    ]
    return f" - {', '.join(hits)}" if hits else ""


def _show_opponents(console: Console, state: GameState, *, plain: bool) -> None:
    """``o``: each bot's cards in play, drawn as boards, and its sheet."""
    if len(state.players) == 1:
        console.print("You play alone: there are no opponents.", highlight=False)
        return
    for player in range(1, len(state.players)):
        position = state.position(player)
        console.print()
        console.print(f"{_who(player)}:", style="bold", highlight=False)
        if position.cards:
            console.print(_cards_row([_state_panel(s, plain=plain) for s in position.cards]))
        else:
            console.print("  no card in play", highlight=False)
        console.print(
            _sheet_lines(state, position, whose=f"{_who(player)}'s sheet"),
            markup=False,
            highlight=False,
        )


def _show_options(console: Console, state: GameState, which: str) -> None:
    from .views import move_list

    position = state.position(HUMAN)
    in_play = [s.number for s in position.in_play()]
    if which and not (which.isdigit() and int(which) in in_play):
        explain(f"{which!r} is not one of your cards in play ({', '.join(map(str, in_play))})")
        return
    moves = [
        m
        for m in state.legal_moves(HUMAN)
        if not which or (m.mark is not None and m.mark.card == int(which))
    ]
    with_card = len(in_play) > 1
    where = f"card {which}" if which else "your cards"
    console.print(f"{len(moves)} legal moves on {where} ({state.expedition.name} or one cell):")
    move_list(console, moves, with_card=with_card)  # wrapped between moves, as in puzzles


def _ask_replacement(
    console: Console, answers: Answers, state: GameState, log: GameLog
) -> Replacement:
    from ..solver.game import DECK, Replacement

    card = state.pending[0].card
    console.print(f"\nCard {card.number} is complete; take a replacement.")
    console.print(_offer_lines(state), markup=False, highlight=False)
    slots = len(state.offer)
    deck_hint = " or d for the deck top" if state.pyramid_deck else ""
    options = state.replacement_options()
    while True:
        answer = answers.ask(f"Replacement: offer slot 1-{slots}{deck_hint}? (h hint)").lower()
        _maybe_leave(answers, answer, log)
        if answer.strip() in {"h", "hint"}:
            log.show_advice(console, state)
            continue
        choice = (
            DECK
            if answer in {"d", "deck"}
            else (Replacement(int(answer) - 1) if answer.isdigit() and int(answer) >= 1 else None)
        )
        if choice in options:
            assert choice is not None
            return choice
        answers.reject(f"{answer!r}: answer an offer slot 1-{slots}{deck_hint}")


def _say_replacement(console: Console, state: GameState, choice: Replacement) -> None:
    entry = state.pending[0]
    taken = state.pyramid_deck[0] if choice.slot is None else state.offer[choice.slot]
    source = "the deck top" if choice.slot is None else f"offer slot {choice.slot + 1}"
    console.print(
        f"{_who(entry.player)} replace{'s' if entry.player else ''} card "
        f"{entry.card.number} with card {taken.number} ({taken.color.value}) from {source}."
    )


def _who(player: int) -> str:
    return "You" if player == HUMAN else f"Player {player + 1}"


# --- drawing -----------------------------------------------------------------------------


def _show_turn(console: Console, state: GameState, *, plain: bool) -> None:
    from rich.rule import Rule

    expedition = state.expedition
    console.print()
    console.print(
        Rule(f"Round {state.round_number}, turn {state.turn}", characters="-" if plain else "─")
    )
    console.print(f"Expedition card: {expedition.name}")
    block = "X" if plain else "\u25a0"
    for row in expedition.pattern():
        console.print("  " + " ".join(block if ch == "X" else " " for ch in row).rstrip())
    position = state.position(HUMAN)
    if position.cards:
        console.print(_cards_row([_state_panel(s, plain=plain) for s in position.cards]))
    console.print(_sheet_lines(state, position), markup=False, highlight=False)
    console.print(_offer_lines(state), markup=False, highlight=False)


def _cards_row(panels: list[RenderableType]) -> RenderableType:
    from rich.columns import Columns

    return Columns(panels, padding=(0, 4))


def _card_panel(card: PyramidCard, marked: int, *, plain: bool) -> RenderableType:
    from rich.console import Group

    from ..solver.bots import route_length
    from ..solver.cells import cells_of
    from .render import card_title, room_grid

    title = card_title(card, plain=plain)
    title.append(f", route {route_length(card)}")
    labels = dict.fromkeys(cells_of(marked), MARK_LABEL)
    return Group(title, room_grid(card.room, marked=labels, plain=plain))


def _state_panel(state: CardState, *, plain: bool) -> RenderableType:
    return _card_panel(state.card, state.marked, plain=plain)


def _sheet_lines(state: GameState, position: Position, *, whose: str = "Your sheet") -> str:
    sheet = position.sheet
    torches = "".join("[x]" if ticked else "[ ]" for ticked in sheet.torches)
    completed = ", ".join(str(card.number) for card in sheet.completed) or "none"
    points = "+".join(str(p) for p in sheet.pyramid_points) or "0"
    scores = ", ".join(f"{_who(p).lower()} {score.total}" for p, score in enumerate(state.scores()))
    return (
        f"{whose}: torches {torches}  red {sheet.red}/{GEM_CAP}  "
        f"green {sheet.green}/{GEM_CAP}  skulls {sheet.skulls}/{SKULL_CAP}\n"
        f"Completed: {completed}; pyramid points: {points}. Scores now: {scores}."
    )


def _offer_lines(state: GameState) -> str:
    from ..solver.bots import route_length
    from ..solver.cards import Color

    lines = [f"Offer ({len(state.pyramid_deck)} cards left in the deck):"]
    lines.extend(
        f"  {slot}) card {card.number} ({card.color.value}, route {route_length(card)})"
        for slot, card in enumerate(state.offer, start=1)
    )
    if not state.offer:
        lines.append("  empty")
    boxes = ", ".join(f"{color.value} {state.next_box(color) or 'closed'}" for color in Color)
    lines.append(f"Next pyramid points: {boxes}.")
    return "\n".join(lines)


def _final_table(console: Console, state: GameState, *, plain: bool) -> None:
    from rich import box
    from rich.table import Table

    outcome = state.outcome()
    table = Table(
        title="Final score", box=box.ASCII if plain else box.SIMPLE_HEAD, show_footer=True
    )
    table.add_column("Category", footer="Total")
    for index, score in enumerate(outcome.scores):
        name = "You" if index == HUMAN else f"Player {index + 1}"
        table.add_column(name, justify="right", footer=str(score.total))
    categories = (
        ("Torches", "torches"),
        ("Pyramid points", "pyramid_points"),
        ("Gems", "gems"),
        ("Skulls", "skulls"),
        ("Completed cards", "completed"),
    )
    for label, key in categories:
        table.add_row(label, *(str(score.to_dict()[key]) for score in outcome.scores))
    console.print()
    console.print(table)
    names = [_who(p) for p in outcome.winners]
    if len(names) == 1:
        console.print(f"{names[0]} win{'s' if outcome.winners[0] else ''}.")
    else:
        console.print(f"Shared win: {' and '.join(names)}.")
