"""``silverpyr game``: a full game in the terminal, you as player 1 against greedy bots.

Every answer is one line: the two cards to keep at setup, a move in notation each turn
(``B1 B2 C2 +C3``, ``17:B1 B2``; ``?`` or ``? 17`` lists the legal moves, ``h`` ranks
them by expected points (``silverpyr hint --state``), ``quit``
leaves), and an offer slot or ``d`` (deck) when a completed card is replaced. With
``--moves FILE`` (``-`` for stdin) the same answers are read one a line, so a game can be
scripted; blank lines and lines starting with ``#`` are skipped there. A replacement is
asked for only when there is a choice (one option is taken by itself). The other seats
play by the rules of :mod:`silverpyr.solver.bots`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..solver.sheet import GEM_CAP, SKULL_CAP
from .context import app_context
from .options import PlainOption
from .output import stderr_console, stdout_console
from .play import Answers, Quit, explain, script_from_text

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ..solver.cards import PyramidCard
    from ..solver.game import GameState, Replacement
    from ..solver.moves import Move
    from ..solver.position import CardState, Position

HUMAN = 0
MARK_LABEL = "*"
EXIT_ABANDONED = 0


def game(
    ctx: typer.Context,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", help="Seed of the shuffles: same seed, same game.", show_default=False
        ),
    ],
    players: Annotated[
        int,
        typer.Option(
            "--players", min=1, max=4, help="Players, you included (the others are bots)."
        ),
    ] = 2,
    moves: Annotated[
        str | None,
        typer.Option(
            "--moves",
            help="Read your answers from this file, one a line ('-' for stdin).",
            show_default=False,
            metavar="FILE",
        ),
    ] = None,
    plain: PlainOption = False,
) -> None:
    """Play a full game as player 1 against greedy bots (a move each turn, in notation)."""
    from ..solver.game import deal

    console = stdout_console(plain=plain)
    deck = app_context(ctx).deck()
    script, source = _answer_lines(moves)
    answers = Answers(console, script, source=source)
    try:
        state = deal(deck, players, seed)
        _play(console, answers, state, plain=plain)
    except Quit:
        stderr_console().print("game abandoned")
        raise typer.Exit(EXIT_ABANDONED) from None


def _answer_lines(moves: str | None) -> tuple[list[str] | None, str]:
    """The scripted answers of ``--moves FILE`` (``-``: stdin) and how to name them."""
    if moves is None:
        return None, "the terminal"
    if moves == "-":
        return script_from_text(sys.stdin.read()), "the moves on stdin"
    from ..solver.reader import read_text

    text = read_text(Path(moves))
    return script_from_text(text), f"moves file {moves}"


# --- the game loop -----------------------------------------------------------------------


def _play(console: Console, answers: Answers, state: GameState, *, plain: bool) -> None:
    from ..solver.bots import choose_keep, choose_replacement
    from ..solver.game import Phase

    count = len(state.players)
    bots = "a greedy bot" if count == 2 else "greedy bots"
    others = (
        ""
        if count == 1
        else f"; {'player 2 is' if count == 2 else f'players 2-{count} are'} {bots}"
    )
    console.print(f"Silver & Gold Pyramids, seed {state.seed}: you are player 1{others}.")
    state = _keep(
        console, answers, state, [choose_keep(p.dealt) for p in state.players], plain=plain
    )
    claims_before = 0
    while not state.is_over():
        if state.phase is Phase.MARK:
            claims_before = len(state.claims)
            state = _turn(console, answers, state, plain=plain)
        while state.phase is Phase.REPLACE:
            player = state.replacing_player
            assert player is not None
            options = state.replacement_options()
            if player == HUMAN and len(options) > 1:
                choice = _ask_replacement(console, answers, state)
            else:
                choice = options[0] if len(options) == 1 else choose_replacement(state)
            _say_replacement(console, state, choice)
            state = state.take_replacement(choice)
        for claim in state.claims[claims_before:]:
            console.print(
                f"{_who(claim.player)} claim{'s' if claim.player else ''} "
                f"{claim.points} pyramid points in {claim.color.value} (card {claim.card})."
            )
    _final_table(console, state, plain=plain)


def _keep(
    console: Console,
    answers: Answers,
    state: GameState,
    bot_choices: list[tuple[int, int]],
    *,
    plain: bool,
) -> GameState:
    from ..solver.moves import IllegalMoveError

    dealt = state.players[HUMAN].dealt
    console.print("\nYou are dealt four pyramid cards; keep two of them.")
    console.print(_cards_row([_card_panel(card, 0, plain=plain) for card in dealt]))
    while True:
        answer = answers.ask(f"Keep which two cards? (e.g. {dealt[0].number} {dealt[1].number})")
        if answer.lower() in {"quit", "q"}:
            raise Quit
        try:
            numbers = [int(token) for token in answer.replace(",", " ").split()]
        except ValueError:
            explain(f"{answer!r}: write two card numbers, e.g. {dealt[0].number} {dealt[1].number}")
            continue
        try:
            return state.keep([numbers, *bot_choices[1:]])
        except IllegalMoveError as error:
            explain(str(error))


def _turn(console: Console, answers: Answers, state: GameState, *, plain: bool) -> GameState:
    from ..solver.bots import choose_move
    from ..solver.moves import PASS, move_str

    _show_turn(console, state, plain=plain)
    position = state.position(HUMAN)
    if position.has_card_in_play():
        mine = _ask_move(console, answers, state)
    else:
        console.print("You have no card in play: you pass.")
        mine = PASS
    moves = [mine] + [
        choose_move(player.position, state.expedition, state.round_number)
        for player in state.players[1:]
    ]
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


def _ask_move(console: Console, answers: Answers, state: GameState) -> Move:
    from ..solver.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

    prompt = f"Round {state.round_number}, turn {state.turn} - your move ({state.expedition.name}):"
    while True:
        answer = answers.ask(prompt)
        if answer.lower() in {"quit", "q"}:
            raise Quit
        if answer.lower() in {"h", "hint"}:
            from .play import show_game_hint

            show_game_hint(console, state, HUMAN)
            continue
        if answer.startswith("?"):
            _show_options(console, state, answer[1:].strip())
            continue
        try:
            return state.parse_move(HUMAN, answer)
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            explain(str(error))


def _show_options(console: Console, state: GameState, which: str) -> None:
    from ..solver.moves import move_str

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
    console.print(
        "  " + "  |  ".join(move_str(m, with_card=with_card) for m in moves),
        highlight=False,
        markup=False,
    )


def _ask_replacement(console: Console, answers: Answers, state: GameState) -> Replacement:
    from ..solver.game import DECK, Replacement

    card = state.pending[0].card
    console.print(f"\nCard {card.number} is complete; take a replacement.")
    console.print(_offer_lines(state), markup=False, highlight=False)
    slots = len(state.offer)
    deck_hint = " or d for the deck top" if state.pyramid_deck else ""
    options = state.replacement_options()
    while True:
        answer = answers.ask(f"Replacement: offer slot 1-{slots}{deck_hint}?").lower()
        if answer in {"quit", "q"}:
            raise Quit
        choice = (
            DECK
            if answer in {"d", "deck"}
            else (Replacement(int(answer) - 1) if answer.isdigit() and int(answer) >= 1 else None)
        )
        if choice in options:
            assert choice is not None
            return choice
        explain(f"{answer!r}: answer an offer slot 1-{slots}{deck_hint}")


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


def _sheet_lines(state: GameState, position: Position) -> str:
    sheet = position.sheet
    torches = "".join("[x]" if ticked else "[ ]" for ticked in sheet.torches)
    completed = ", ".join(str(card.number) for card in sheet.completed) or "none"
    points = "+".join(str(p) for p in sheet.pyramid_points) or "0"
    scores = ", ".join(f"{_who(p).lower()} {score.total}" for p, score in enumerate(state.scores()))
    return (
        f"Your sheet: torches {torches}  red {sheet.red}/{GEM_CAP}  "
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
