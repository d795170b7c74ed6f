"""The hint-top-move policy as an arena player: legal in every phase, named by the arena."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.silvergold.realgame.arena import check_line_up
from silverpyr.puzzles.silvergold.realgame.hint_player import HintPlayer
from silverpyr.puzzles.silvergold.realgame.registry import PLAYERS
from silverpyr.puzzles.silvergold.realgame.uncertain import rank_moves
from silverpyr.solver.silvergold import players as solver_players
from silverpyr.solver.silvergold.bots import choose_keep
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.game import Phase, deal
from silverpyr.solver.silvergold.players import GreedyPlayer, Player

DECK = load_deck(None)


@pytest.mark.slow  # the hint policy solves three turns ahead at every decision; CI runs it
@pytest.mark.parametrize(("seed", "players"), [(1, 1), (6, 2)])
def test_the_hint_player_is_legal_in_every_phase(seed: int, players: int) -> None:
    """Seat 0 is the hint player, the others greedy; a few turns, up to a replacement."""
    seats: list[Player] = [HintPlayer(), *(GreedyPlayer() for _ in range(players - 1))]
    state = deal(DECK, players, seed)
    keep = seats[0].keep(state, 0)
    assert keep == choose_keep(state.players[0].dealt)
    assert seats[0].predicted(state, 0) is None
    state = state.keep([p.keep(state, seat) for seat, p in enumerate(seats)])
    # hint --state's top move, computed afresh: seeded, so the same every time
    assert seats[0].move(state, 0) == rank_moves(state.situation(0), jobs=1).best.move
    replaced = False
    turns = 0
    while turns < 8 and not replaced:
        if state.phase is Phase.REPLACE:
            seat = state.replacing_player
            assert seat is not None
            choice = seats[seat].replacement(state)
            assert choice in state.replacement_options()
            replaced = seat == 0
            state = state.take_replacement(choice)
            continue
        moves = [p.move(state, seat) for seat, p in enumerate(seats)]
        assert moves[0] in state.legal_moves(0)
        state = state.play(moves)
        turns += 1
    assert replaced, "the hint player completed no card in 8 turns: pick another seed"


def test_the_arena_names_the_hint_player() -> None:
    assert isinstance(PLAYERS["hint"].make(), HintPlayer)
    assert not hasattr(solver_players, "HintPlayer")  # the solver floor knows nothing of hints
    check_line_up(["hint", "greedy"], 2, 0)  # raises for a bot the arena does not know
    result = CliRunner().invoke(app, ["arena", "--bots", "hint,wizard", "--workers", "0"])
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("error: unknown bot 'wizard' (known: greedy,")
    assert result.stderr.count("\n") == 1
