"""``silverpyr game``: a full game in the terminal, you as player 1 against bots.

Every answer is one line: the two cards to keep at setup, a move in notation each turn
(``B1 B2 C2 +C3``, ``17:B1 B2``), an offer slot or ``d`` (deck) for a replacement. The move
prompt's commands are the puzzles' (:mod:`.play` finds them): ``?``, ``h`` (at the keep and
replacement prompts too), ``o`` (the opponents), ``q``, ``u``. The table is
:class:`~silverpyr.puzzles.silvergold.realgame.kept_game.KeptGame` and the flow every game's
(:func:`~silverpyr.cli.core.line_game.play_kept_game`): this module only parses the answers
and prints what the kept game returns.

**Undo.** Your move is final only when the turn ends: right after it the game asks whether
to end the turn, and ``u`` there takes the move back. At the move prompt ``u`` only says so.

**Scripts.** The coach's question and ``End the turn?`` take the next line only when it
answers them (``y`` or ``n``; ``u`` or ``o``); otherwise the choice is played, or the turn
ends, by itself, so scripts written before those questions still play the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...puzzles.silvergold.realgame.ranking_defaults import DEFAULT_ROLLOUTS
from ...puzzles.silvergold.realgame.registry import REGISTRY
from ...solver.core.reader import parse_whole, parse_wholes
from ...solver.silvergold.sheet import GEM_CAP, SKULL_CAP
from ..core.line_game import (
    NoRecordGameOption,
    Quit,
    ScriptError,
    parse_bots,
    play_kept_game,
    print_outcome,
    seat_name,
)
from ..core.options import (
    JsonOption,
    LineOption,
    MovesFileOption,
    MovesOption,
    PlainOption,
    file_option,
    random_seed,
    seed_option,
)
from ..core.output import warn
from .context import deck as sg_deck
from .options import RolloutsOption
from .play import commands_hint, explain, find_command, play_answers

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ...puzzles.silvergold.realgame.game_coach import Verdict
    from ...puzzles.silvergold.realgame.kept_game import Event, KeptGame
    from ...solver.silvergold.cards import Deck, PyramidCard
    from ...solver.silvergold.game import GameState, Replacement
    from ...solver.silvergold.moves import Move
    from ...solver.silvergold.position import CardState, Position
    from ...solver.silvergold.rollouts import Choice


HUMAN = 0
MARK_LABEL = "*"
YES_NO = frozenset({"y", "yes", "n", "no"})


def game(
    ctx: typer.Context,
    seed: Annotated[
        int | None,
        seed_option(
            "Seed of the shuffles: same seed, same game (default: resume the unfinished "
            "game, else a random seed, shown)."
        ),
    ] = None,
    players: Annotated[
        int,
        typer.Option(
            "--players", min=1, max=4, help="Players, you included (the others are bots)."
        ),
    ] = 2,
    moves: MovesOption = None,
    moves_file: MovesFileOption = None,
    as_json: JsonOption = False,
    plain: PlainOption = False,
    line: LineOption = False,
    opponents: Annotated[
        str,
        typer.Option(
            "--opponents",
            help="The bots of the other seats: one name for all of them, or one a seat, "
            f"comma-separated (bots: {REGISTRY.known()}; or package.module:factory).",
            metavar="BOTS",
        ),
    ] = "greedy",
    coach: Annotated[
        bool,
        typer.Option(
            "--coach",
            help="Before each of your decisions is final, say what it costs against the "
            "expert's and ask (silent under half a point); a summary at q and at the end.",
        ),
    ] = False,
    rollouts: RolloutsOption = DEFAULT_ROLLOUTS,
    record: Annotated[
        Path | None,
        file_option(
            "--record",
            "Save the game to this file after every decision (for hint --game FILE --review).",
            dir_okay=False,
        ),
    ] = None,
    no_record: NoRecordGameOption = False,
    restart: Annotated[
        bool,
        typer.Option("--restart", help="Drop the unfinished game and start a new one."),
    ] = False,
) -> None:
    """Play a full game as player 1 against bots (a move each turn, in notation).

    The game is saved after every decision; without --seed, game resumes the unfinished
    one (--restart starts a new one).
    """
    from ...puzzles.core.store import FIRST_GAME
    from ...puzzles.silvergold.realgame.game_record import record_target
    from ...puzzles.silvergold.realgame.kept_game import KeptGame

    if record is not None:
        record_target(record)  # a FIFO, a device, a folder...: refused before the game starts
    fresh = random_seed()
    deck = sg_deck(ctx)
    moves, moves_file, source = _script_source(moves, moves_file)
    given = _given(ctx)
    table = opponents_table(
        players if "players" in given else None, opponents if "opponents" in given else None
    )
    play_kept_game(
        FIRST_GAME,
        lambda store: KeptGame.start(
            deck,
            seed=seed,
            fresh_seed=fresh,
            players=table[0],
            opponents=table[1],
            coach=coach,
            record=record,
            store=store,
            restart=restart,
            rollouts=rollouts,
        ),
        partial(GameScreen, source=source),
        moves=moves,
        moves_file=moves_file,
        line=line,
        as_json=as_json,
        plain=plain,
        title=lambda kept: f"Game seed {kept.seed}: replay it with --seed {kept.seed}",
        full_screen=lambda: _full_screen(deck),
        outcome_json=_print_json,
        no_record=no_record,
        title_first=False,
    )


def _full_screen(deck: Deck) -> Callable[[KeptGame], object] | None:
    """The full-screen game (any opponents of the registry, the coach, the record, saved)
    when this terminal can draw it, else ``None`` (line mode)."""
    from .tui.launch import interactive, run_game

    return partial(run_game, deck) if interactive() else None


def opponents_table(players: int | None, opponents: str | None) -> tuple[int | None, str | None]:
    """``--players`` and ``--opponents`` (``None``: not given) as the table asked for: its
    players and its ``opponents`` text. One name sits in every other seat, a list names one
    bot a seat (the core's :func:`~silverpyr.cli.core.line_game.parse_bots`, as in every
    game). Raises :class:`BotsError` naming the problem."""
    if opponents is None:
        return players, None
    from ...puzzles.silvergold.realgame.kept_game import SEATS
    from ...puzzles.silvergold.realgame.registry import opponents_text

    bots = parse_bots(players, opponents, REGISTRY, SEATS)
    assert bots is not None
    if players is None and len(bots) > 1:
        players = 1 + len(bots)
    return players, opponents_text(bots, alone=seat_name(opponents))


def _given(ctx: typer.Context) -> set[str]:
    """The options given on the command line (not left to their defaults)."""
    given = set()
    for name in ("players", "opponents"):
        source = ctx.get_parameter_source(name)
        if source is not None and source.name != "DEFAULT":
            given.add(name)
    return given


def _print_json(kept: KeptGame, left: bool) -> None:
    """The game's end as JSON (the core's
    :func:`~silverpyr.cli.core.line_game.print_outcome`, as every game writes it): the
    scores by seat, and each seat's score by category."""
    state = kept.game
    result = state.outcome() if state.is_over() else None
    scores = state.scores() if result is None else result.scores
    print_outcome(
        kept,
        result,
        kept.record_path,
        left=left,
        setting={},
        totals={"scores": [score.total for score in scores]},
        tallies={"breakdown": [score.to_dict() for score in scores]},
    )


def _script_source(
    moves: str | None, moves_file: Path | None
) -> tuple[str | None, Path | None, str]:
    """``--moves`` and ``--moves-file`` as the script is read (the core's reader), and how
    to name the script.

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
    if moves_file is not None:  # the core reads it (and refuses it beside --moves)
        source = f"moves file {moves_file}"
    elif moves is None:
        source = "the terminal"
    else:
        source = "the moves on stdin" if moves == "-" else "--moves"
    return moves, moves_file, source


def _names_a_file(moves: str) -> bool:
    """Whether ``--moves`` names an existing file (the old spelling of ``--moves-file``)."""
    import os

    return moves != "-" and not any(mark in moves for mark in ";\n") and os.path.exists(moves)


# --- the game loop -----------------------------------------------------------------------


class GameScreen:
    """The line mode's loop over the kept game (the core's
    :class:`~silverpyr.cli.core.line_game.LineRun`): its prompts and commands share it."""

    def __init__(
        self,
        console: Console,
        kept: KeptGame,
        script: Iterator[str] | None,
        *,
        plain: bool,
        source: str = "the moves",
    ) -> None:
        self.console = console
        self.answers = play_answers(console, script, source=source)
        self.kept = kept
        self.plain = plain
        self.warned = False
        """Whether the coach's question about the choice being made was asked and answered
        y (its after-the-fact line would say it again)."""

    @property
    def state(self) -> GameState:
        return self.kept.game

    def run(self) -> None:
        """Play the kept game to its end; :class:`Quit` leaves it (saved), as the end of the
        input does, and a script that runs out says how to resume the saved game."""
        kept = self.kept
        try:
            _play(self)
            self.answers.finish()
        except KeyboardInterrupt:
            typer.echo(self.left_line(), err=True)
            raise
        except ScriptError as error:  # ran out, stopped at a bad answer, or ran over
            if not (kept.saved and kept.answers) or kept.is_over():
                raise
            raise type(error)(f"{str(error).rstrip(':')}; {kept.leave()}") from None

    def summary(self) -> None:
        """The coach's summary of the decisions so far (a coached game only)."""
        if self.kept.coach:
            from .views import render_coach_report

            render_coach_report(self.console, self.kept.report())

    def left_line(self) -> str:
        """What leaving keeps: the saved game and how to resume it, the record."""
        kept = self.kept
        saved = kept.saved and bool(kept.answers)
        text = kept.leave() if saved else "game abandoned"
        if saved:
            text = text[0].upper() + text[1:]
        if kept.record_path is not None:
            text += f"; the record so far is in {kept.record_path}"
        return text


def _play(screen: GameScreen) -> None:
    from ...puzzles.silvergold.realgame.advice import Kind
    from ...puzzles.silvergold.realgame.kept_game import bots_words

    console, kept = screen.console, screen.kept
    count = kept.players
    bots = bots_words(count, kept.opponents)
    others = (
        ""
        if count == 1
        else f"; {'player 2 is' if count == 2 else f'players 2-{count} are'} {bots}"
    )
    console.print(f"Silver & Gold Pyramids: you are player 1{others}.")
    while not kept.is_over():
        screen.warned = False
        if kept.waiting is Kind.KEEP:
            _say(screen, _keep(screen))
        elif kept.waiting is Kind.MARK:
            _say(screen, _turn(screen))
        else:
            _say(screen, _replacement(screen))
    _final_table(console, kept.game, plain=screen.plain)
    screen.summary()
    if kept.record_path is not None:
        console.print(
            f"Game record saved to {kept.record_path}; review it with: "
            f"silverpyr hint --game {kept.record_path} --review",
            highlight=False,
            markup=False,
        )


def _say(screen: GameScreen, events: list[Event]) -> None:
    """Print what happened, as the kept game tells it."""
    from ...puzzles.silvergold.realgame.kept_game import (
        Claimed,
        Completed,
        Judged,
        Played,
        Replaced,
    )
    from ...solver.silvergold.moves import move_str

    console = screen.console
    for event in events:
        if isinstance(event, Judged):
            if not (event.verdict.is_silent or screen.warned):
                console.print(event.verdict.message(), highlight=False, markup=False)
        elif isinstance(event, Played):
            if event.player == HUMAN and event.move.is_pass:
                console.print(
                    f"Round {event.round_number}, turn {event.turn}: you have no card in play: "
                    "you pass."
                )
            if event.player or event.move.is_pass:
                shown = "passes" if event.move.is_pass else move_str(event.move, with_card=True)
                console.print(f"{_who(event.player)}: {shown}")
        elif isinstance(event, Completed):
            verb = "completes" if event.player else "complete"
            console.print(
                f"{_who(event.player)} {verb} card {event.card.number} ({event.card.color.value})."
            )
        elif isinstance(event, Replaced):
            source = (
                "the deck top"
                if event.source.slot is None
                else f"offer slot {event.source.slot + 1}"
            )
            console.print(
                f"{_who(event.player)} replace{'s' if event.player else ''} card "
                f"{event.card.number} with card {event.taken.number} "
                f"({event.taken.color.value}) from {source}."
            )
        elif isinstance(event, Claimed):
            claim = event.claim
            console.print(
                f"{_who(claim.player)} claim{'s' if claim.player else ''} "
                f"{claim.points} pyramid points in {claim.color.value} (card {claim.card})."
            )


def _heeded(screen: GameScreen, choice: Choice) -> bool:
    """The coach's question before ``choice`` is final: whether to play it (``True`` when
    the coach is silent or off, or in a script that does not answer the question)."""
    with screen.console.status("The coach is weighing your decision...", spinner="dots"):
        verdict = screen.kept.check(choice)
    if verdict is None or verdict.is_silent:
        return True
    return _ask_anyway(screen, verdict)


def _ask_anyway(screen: GameScreen, verdict: Verdict) -> bool:
    answer = screen.answers.ask_if(
        f"{verdict.warning()} (y plays it, anything else chooses again)",
        lambda text: text.strip().lower() in YES_NO,
    )
    if answer is None:  # a script that does not answer: played, as u works
        return True
    if answer.strip().lower() in {"y", "yes"}:
        screen.warned = True
        return True
    explain("choose again")
    return False


def _keep(screen: GameScreen) -> list[Event]:
    from ...solver.silvergold.moves import IllegalMoveError

    console, answers, kept = screen.console, screen.answers, screen.kept
    dealt = kept.game.players[HUMAN].dealt
    console.print("\nYou are dealt four pyramid cards; keep two of them.")
    console.print(_cards_row([_card_panel(card, 0, plain=screen.plain) for card in dealt]))
    while True:
        answer = answers.ask(
            f"Keep which two cards? (e.g. {dealt[0].number} {dealt[1].number}; h hint)"
        )
        _maybe_leave(screen, answer)
        if answer.strip().lower() in {"h", "hint"}:
            _show_advice(screen)
            continue
        numbers = parse_wholes(answer)
        if numbers is None:
            answers.reject(
                f"{answer!r}: write two card numbers, e.g. {dealt[0].number} {dealt[1].number}"
            )
            continue
        try:
            if len(numbers) != 2:
                raise IllegalMoveError(_keep_problem(kept, numbers))
            if not _heeded(screen, (numbers[0], numbers[1])):
                continue
            return kept.keep(numbers[0], numbers[1])
        except IllegalMoveError as error:
            answers.reject(str(error))


def _keep_problem(kept: KeptGame, numbers: list[int]) -> str:
    """Why a keep of other than two cards is refused, in the engine's words."""
    from ...solver.silvergold.moves import IllegalMoveError

    try:
        kept.game.keep([numbers] * kept.players)
    except IllegalMoveError as error:
        return str(error)
    return "keep exactly 2 cards"


def _turn(screen: GameScreen) -> list[Event]:
    _show_turn(screen.console, screen.state, plain=screen.plain)
    move = _ask_move(screen)
    assert screen.kept.marked == move
    with screen.console.status("The others are playing...", spinner="dots"):
        return screen.kept.end_turn()


# --- the move prompt and its commands ----------------------------------------------------


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
    _show_advice(screen)
    return False


def _opponents(screen: GameScreen, rest: str) -> bool:
    _show_opponents(screen.console, screen.state, plain=screen.plain)
    return False


def _leave(screen: GameScreen, rest: str) -> bool:
    _confirm_leave(screen)
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


def _show_advice(screen: GameScreen) -> None:
    """``h``: the expert's ranking of the decision due now."""
    from .views import render_advice

    with screen.console.status("The expert is weighing your options...", spinner="dots"):
        advice = screen.kept.advice()
    render_advice(screen.console, advice)


def _confirm_leave(screen: GameScreen) -> None:
    """``q``: leave the game after a ``y``; anything else plays on."""
    kept = screen.kept
    if kept.saved and kept.answers:
        what = "It is saved (silverpyr game resumes it)"
        if kept.record_path is not None:
            what += f" and the record so far stays in {kept.record_path}"
    elif kept.record_path is not None:
        what = f"The record so far stays in {kept.record_path}"
    else:
        what = "It is not saved"
    answer = screen.answers.ask(f"Leave the game? {what} (y leaves, anything else plays on):")
    if answer.strip().lower() in {"y", "yes"}:
        raise Quit
    explain("playing on")


def _maybe_leave(screen: GameScreen, answer: str) -> None:
    """The setup and replacement prompts take ``q`` (asked to confirm) and ``q!`` too."""
    word = answer.strip().lower()
    if word == "q!":
        raise Quit
    if word in {"q", "quit"}:
        _confirm_leave(screen)


def _ask_move(screen: GameScreen) -> Move:
    """Your move for this turn: commands are answered, a move waits for the turn's end."""
    from ...solver.silvergold.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

    state = screen.state
    prompt = (
        f"Round {state.round_number}, turn {state.turn} - your move ({state.expedition.name}; "
        f"{commands_hint(GAME_COMMANDS)}):"
    )
    while True:
        screen.warned = False
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
        if not _heeded(screen, move):
            continue
        screen.kept.mark(move)
        if _end_turn(screen, move):
            return move
        screen.kept.undo()


def _end_turn(screen: GameScreen, move: Move) -> bool:
    """After your move: end the turn (True), or take the move back with ``u`` (False)."""
    from ...solver.silvergold.moves import move_str

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
            _maybe_leave(screen, word)
            continue
        return True


def _what_it_marks(state: GameState, move: Move) -> str:
    """`` - red gem, torch`` for the symbols a move marks (empty when none)."""
    from ...solver.silvergold.cards import Symbol
    from ...solver.silvergold.cells import cells_of

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
    card = parse_whole(which)
    if which and card not in in_play:
        explain(f"{which!r} is not one of your cards in play ({', '.join(map(str, in_play))})")
        return
    moves = [
        m
        for m in state.legal_moves(HUMAN)
        if not which or (m.mark is not None and m.mark.card == card)
    ]
    with_card = len(in_play) > 1
    where = f"card {which}" if which else "your cards"
    console.print(f"{len(moves)} legal moves on {where} ({state.expedition.name} or one cell):")
    move_list(console, moves, with_card=with_card)  # wrapped between moves, as in puzzles


def _replacement(screen: GameScreen) -> list[Event]:
    choice = _ask_replacement(screen)
    with screen.console.status("The others are playing...", spinner="dots"):
        return screen.kept.replace(choice)


def _ask_replacement(screen: GameScreen) -> Replacement:
    from ...solver.silvergold.game import DECK, Replacement

    console, answers, state = screen.console, screen.answers, screen.state
    card = state.pending[0].card
    console.print(f"\nCard {card.number} is complete; take a replacement.")
    console.print(_offer_lines(state), markup=False, highlight=False)
    slots = len(state.offer)
    deck_hint = " or d for the deck top" if state.pyramid_deck else ""
    options = state.replacement_options()
    while True:
        screen.warned = False
        answer = answers.ask(f"Replacement: offer slot 1-{slots}{deck_hint}? (h hint)").lower()
        _maybe_leave(screen, answer)
        if answer.strip() in {"h", "hint"}:
            _show_advice(screen)
            continue
        slot = parse_whole(answer.strip(), 1)
        choice = (
            DECK if answer in {"d", "deck"} else (None if slot is None else Replacement(slot - 1))
        )
        if choice in options:
            assert choice is not None
            if not _heeded(screen, choice):
                continue
            return choice
        answers.reject(f"{answer!r}: answer an offer slot 1-{slots}{deck_hint}")


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

    from ...solver.silvergold.bots import route_length
    from ...solver.silvergold.cells import cells_of
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
    from ...solver.silvergold.bots import route_length
    from ...solver.silvergold.cards import Color

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
