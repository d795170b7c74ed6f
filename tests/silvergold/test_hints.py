"""Hints in a puzzle: the best line still open, graded hints, move feedback."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from silvergold.random_rooms import random_instance

from silverpyr.puzzles.silvergold.hints.events import Category
from silverpyr.puzzles.silvergold.hints.feedback import Verdict, feedback
from silverpyr.puzzles.silvergold.hints.graded import MIN_AREA_MOVES, HintLevel, hint
from silverpyr.solver.silvergold.cards import STANDARD_EXPEDITIONS, Color, PyramidCard, Room
from silverpyr.solver.silvergold.cells import cells_str
from silverpyr.solver.silvergold.exhaustive import solve_exhaustively
from silverpyr.solver.silvergold.line import LineOverError, LinePosition, best_reachable, play_moves
from silverpyr.solver.silvergold.moves import IllegalMoveError, move_str
from silverpyr.solver.silvergold.position import Position
from silverpyr.solver.silvergold.problem import Instance, Objective, play_line
from silverpyr.solver.silvergold.sheet import Sheet
from silverpyr.solver.silvergold.solve import solve

EXPEDITIONS = {expedition.name: expedition for expedition in STANDARD_EXPEDITIONS}
I2, I3, L3, O4 = (EXPEDITIONS[name] for name in ("I2", "I3", "L3", "O4"))
CELL_NAME = re.compile(r"\b[A-E][1-5]\b")
TIME_LIMIT = 30.0

# A torch three cells below the entrance: I3 down the column, then I2, lights it on turn 2;
# I3 along the top row first leaves it out of reach (the blunder costs 5).
TORCH_ROOM = ("E....", ".....", ".....", "t....", "....T")


def card(number: int, *rows: str) -> PyramidCard:
    """A hand-made pyramid card."""
    return PyramidCard(number, Color.PURPLE, Room.from_rows(list(rows)))


def torch_instance() -> Instance:
    return Instance(Position.start(card(5, *TORCH_ROOM)), (I3, I2))


def best_by_brute_force(at: LinePosition) -> int:
    """The best whole-puzzle score from ``at``, trying every legal continuation."""
    if at.is_over():
        return play_line(at.instance, at.played).score().total
    return max(best_by_brute_force(at.after(move)) for move in at.legal_moves())


def random_prefix(rng: random.Random, instance: Instance) -> LinePosition:
    """A line position after a random number of random legal moves (at least one turn left)."""
    at = LinePosition(instance)
    for _ in range(rng.randrange(instance.turns)):
        at = at.after(rng.choice(at.legal_moves()))
    return at


# --- the best line still open -----------------------------------------------------------


OPTIMA = {0: 10, 1: 22, 2: 16, 3: 26, 4: 15, 5: 30, 6: 16, 7: 31, 8: 16, 9: 30, 10: 22, 11: 35}
"""The proven optimum of ``first_turn_instance(seed)``, by :func:`solve` (the slow
``test_the_optima_are_the_solvers`` solves them again): the fast test spends one search a
seed, not a second one that repeats the first."""


def first_turn_instance(seed: int) -> Instance:
    return random_instance(random.Random(seed), turns=5, cards=1 + seed % 2)


@pytest.mark.parametrize("seed", sorted(OPTIMA))
def test_best_before_the_first_turn_is_the_optimum(seed: int) -> None:
    best = best_reachable(LinePosition(first_turn_instance(seed)), time_limit=TIME_LIMIT)
    assert best.exact
    assert best.score == OPTIMA[seed]
    assert best.score_bound == best.score


@pytest.mark.slow  # every seed's optimum searched again; CI runs it
@pytest.mark.parametrize("seed", sorted(OPTIMA))
def test_the_optima_are_the_solvers(seed: int) -> None:
    solution = solve(first_turn_instance(seed), time_limit=TIME_LIMIT)
    assert solution.is_optimal
    assert solution.line.score().total == OPTIMA[seed]


@pytest.mark.parametrize("seed", range(20))
def test_best_reachable_matches_brute_force_mid_line(seed: int) -> None:
    rng = random.Random(100 + seed)
    cards = 1 + seed % 2
    instance = random_instance(rng, turns=5 - cards, cards=cards, start_state=seed % 3 == 0)
    at = random_prefix(rng, instance)
    best = best_reachable(at, time_limit=TIME_LIMIT)
    assert best.line.moves[: at.turn] == at.played
    assert best.score == best_by_brute_force(at)


@pytest.mark.parametrize("seed", range(6))
def test_best_reachable_never_drops_along_the_best_line(seed: int) -> None:
    instance = random_instance(random.Random(200 + seed), turns=5, start_state=True)
    at = LinePosition(instance)
    best = best_reachable(at, time_limit=TIME_LIMIT)
    for move in best.continuation:
        at = at.after(move)
        assert best_reachable(at, time_limit=TIME_LIMIT).score == best.score


def test_a_card_completed_mid_line_is_left_out_of_the_remaining_problem() -> None:
    short = card(1, "E....", "T....", ".....", ".....", ".....")
    other = card(2, "E.g..", "r....", ".....", ".....", "....T")
    instance = Instance(Position.start(short, other), (I2, I3, I2))
    at = play_moves(instance, "1:A1 A2")
    assert at.position.card(1).is_complete()
    best = best_reachable(at, time_limit=TIME_LIMIT)
    assert best.score == best_by_brute_force(at) == 10 + 5  # a red and a green gem: one pair


def test_no_card_in_play_means_passing_to_the_end() -> None:
    instance = Instance(
        Position.start(card(1, "E....", "T....", ".....", ".....", ".....")), (I2, I3, I2)
    )
    at = play_moves(instance, "A1 A2")
    best = best_reachable(at)
    assert best.score == 10
    assert all(move.is_pass for move in best.continuation)


def test_a_finished_line_has_no_next_move() -> None:
    at = play_moves(torch_instance(), "A1 A2 A3; A4 A5")
    assert at.is_over()
    with pytest.raises(LineOverError):
        hint(at, HintLevel.AIM)
    with pytest.raises(LineOverError):
        play_moves(torch_instance(), "A1 A2 A3; A4 A5; B1")


def test_an_illegal_move_names_its_turn() -> None:
    with pytest.raises(IllegalMoveError, match=r"turn 2 \(C1\)"):
        play_moves(torch_instance(), "A1 A2 A3; C1")


# --- graded hints never tell more than their level --------------------------------------


def hint_positions() -> list[LinePosition]:
    positions = []
    for seed in range(16):
        rng = random.Random(300 + seed)
        instance = random_instance(rng, turns=4, cards=1 + seed % 2, start_state=seed % 2 == 1)
        positions.append(random_prefix(rng, instance))
    return positions


@pytest.mark.parametrize("at", hint_positions(), ids=lambda at: f"turn{at.turn}")
def test_hint_levels_never_reveal_more_than_their_level(at: LinePosition) -> None:
    best = best_reachable(at, time_limit=TIME_LIMIT)
    move = best.next_move
    assert move.mark is not None
    aim, area, exact = (hint(at, level, best=best) for level in HintLevel)

    for given in (aim, area):
        text = "\n".join(given.text_lines())
        assert not CELL_NAME.search(text), text
        assert move_str(move) not in text
        assert "move" not in given.to_dict()
        assert given.move is None
    assert aim.area is None and "area" not in aim.to_dict()

    assert area.area is not None
    assert area.area.card == move.mark.card
    cells = area.area.cells
    assert cells & move.mark.cells == move.mark.cells
    assert cells != move.mark.cells
    placements = {
        m.mark.cells
        for m in at.legal_moves()
        if m.mark is not None and m.mark.card == move.mark.card
    }
    fitting = [p for p in placements if p & ~cells == 0]
    assert len(fitting) >= min(MIN_AREA_MOVES, len(placements))

    data = exact.to_dict()
    assert exact.move == move
    assert data["move"]["card"] == move.mark.card
    assert data["move"]["cells"] == cells_str(move.mark.cells).split()
    assert data["best_before"] == data["best_after"] == best.score
    assert move_str(move, with_card=len(at.position.cards) > 1) in "\n".join(exact.text_lines())


def test_aim_names_the_torch_and_the_unreachable_tomb() -> None:
    given = hint(LinePosition(torch_instance()), HintLevel.AIM)
    kinds = [aim.kind for aim in given.aims]
    assert kinds == ["torch", "no-tomb"]
    assert "tomb of card 5 is out of reach in the turns left (9 cells to go)" in given.aims[1].text
    assert "this round's torch" in given.aims[0].text
    assert given.aims[0].turn == 2
    assert "within 2 turns" in given.aims[0].text


def test_aim_says_when_the_tomb_can_be_reached() -> None:
    instance = Instance(
        Position.start(card(1, "E....", ".....", "T....", ".....", ".....")), (I2, I2, I3)
    )
    given = hint(LinePosition(instance), HintLevel.AIM)
    tomb = next(aim for aim in given.aims if aim.kind == "tomb")
    assert tomb.turn == 2
    assert "tomb of card 1" in tomb.text and "within 2 turns" in tomb.text


def test_aim_tells_a_tomb_not_worth_reaching_from_one_out_of_reach() -> None:
    # The way to the tomb passes a 10th skull (-10); the green gem beside the entrance wins.
    room = ("Eg...", "s....", "T....", ".....", ".....")
    instance = Instance(Position.start(card(1, *room), sheet=Sheet(skulls=9)), (I3,))
    given = hint(LinePosition(instance), HintLevel.AIM)
    [aim] = [aim for aim in given.aims if aim.kind == "no-tomb"]
    assert "is not worth reaching: the best line scores more elsewhere (3 cells to go)" in aim.text


def test_aim_orders_the_skull_before_the_potion() -> None:
    # The only way down passes a skull, then a potion that erases it.
    room = ("E####", "s####", "p####", ".####", "T####")
    instance = Instance(Position.start(card(1, *room)), (I2, I3))
    given = hint(LinePosition(instance), HintLevel.AIM)
    assert any(aim.kind == "potion" and "skull before the potion" in aim.text for aim in given.aims)


# --- feedback after a move --------------------------------------------------------------


def test_feedback_names_a_lost_torch() -> None:
    at = LinePosition(torch_instance())
    result = feedback(at, at.parse_move("A1 B1 C1"))
    assert result.verdict is Verdict.LOSS
    assert (result.best_before, result.best_after, result.points_lost) == (5, 0, 5)
    assert result.better_move is not None and move_str(result.better_move) == "A1 A2 A3"
    assert result.shows_on == 2
    [difference] = result.differences()
    assert difference.category is Category.TORCHES and difference.points == 5
    text = "\n".join(result.text_lines())
    assert "loses 5 points: -5" in text
    assert "this round's torch, which the better line lights on turn 2" in text
    assert "Better: A1 A2 A3." in text
    data = result.to_dict()
    assert data["points_lost"] == 5 and data["better_move"] == "A1 A2 A3"


def test_feedback_on_the_best_move_is_good() -> None:
    at = LinePosition(torch_instance())
    result = feedback(at, at.parse_move("A1 A2 A3"))
    assert result.verdict is Verdict.GOOD
    assert result.points_lost == 0 and result.better_move is None and not result.differences()
    assert "is good (best reachable 5 before and after)" in result.text_lines()[0]


def test_feedback_weighs_a_lost_completion_against_gems_gained() -> None:
    room = ("E.g..", "r....", ".....", "T....", ".....")
    instance = Instance(Position.start(card(1, *room)), (I3, I2))
    at = LinePosition(instance)
    result = feedback(at, at.parse_move("A1 B1 C1"))
    # Best: A1 A2 A3 (red gem), then the tomb: 10 + 1. Played: the green gem, then the
    # red one: a pair (5) and no tomb.
    assert (result.best_before, result.best_after, result.points_lost) == (11, 5, 6)
    by_category = {d.category: d for d in result.differences()}
    assert set(by_category) == {Category.COMPLETED, Category.GEMS}
    assert (by_category[Category.COMPLETED].points, by_category[Category.COMPLETED].shows_on) == (
        10,
        2,
    )
    assert by_category[Category.GEMS].points == -4
    text = "\n".join(result.text_lines())
    assert "completing card 1, whose tomb the better line reaches on turn 2 (-10)" in text
    assert "In exchange it gains 4 gem points." in text


def test_completing_later_costs_in_a_sprint_only() -> None:
    room = ("E....", ".....", ".....", ".....", "T....")
    instance = Instance(Position.start(card(1, *room)), (I3, I2, I2))
    at = LinePosition(instance)
    slow = at.parse_move("A1 B1 C1")
    sprint = feedback(at, slow, Objective.SPRINT)
    assert sprint.verdict is Verdict.LOSS
    assert (sprint.points_lost, sprint.turns_lost) == (0, 1)
    assert "completes a card 1 turn later" in sprint.text_lines()[0]
    points = feedback(at, slow, Objective.POINTS)
    assert points.verdict is Verdict.GOOD and points.turns_lost == 1
    assert "1 turn later than the best line, for the same score" in points.text_lines()[1]


@pytest.mark.parametrize("seed", range(10))
def test_feedback_agrees_with_brute_force(seed: int) -> None:
    rng = random.Random(400 + seed)
    instance = random_instance(rng, turns=3, start_state=seed % 2 == 0)
    at = random_prefix(rng, instance)
    move = rng.choice(at.legal_moves())
    result = feedback(at, move, time_limit=TIME_LIMIT)
    assert result.best_before == best_by_brute_force(at)
    assert result.best_after == best_by_brute_force(at.after(move))
    assert (result.verdict is Verdict.GOOD) == (result.best_after == result.best_before)
    net = sum(d.points for d in result.differences())
    assert net == result.points_lost


def test_exhaustive_and_model_agree_on_best_reachable_lines() -> None:
    instance = random_instance(random.Random(7), turns=3, cards=2)
    best = best_reachable(LinePosition(instance), time_limit=TIME_LIMIT)
    assert best.objective_value == solve_exhaustively(instance, Objective.POINTS).value


def test_hint_text_lists_the_move_with_card_numbers_when_two_cards_are_in_play() -> None:
    instance = Instance(Position.start(card(1, *TORCH_ROOM), card(2, *TORCH_ROOM)), (I3, I2))
    given = hint(LinePosition(instance), HintLevel.MOVE)
    assert given.move is not None and given.move.mark is not None
    assert f"Move: {move_str(given.move, with_card=True)} " in given.text_lines()[-1]


# --- the coach of one attempt -----------------------------------------------------------


def test_coach_gives_the_next_level_each_time_and_remembers_it() -> None:
    from silverpyr.puzzles.silvergold.hints.coach import Coach

    coach = Coach(torch_instance())
    levels = [coach.next_hint(()).level for _ in range(4)]
    assert levels == [HintLevel.AIM, HintLevel.AREA, HintLevel.MOVE, HintLevel.MOVE]
    assert coach.hints_given == 3
    best = coach.best(())
    result = coach.feedback((), best.next_move)
    assert result.verdict is Verdict.GOOD
    after = (best.next_move,)
    assert coach.level(after) is None
    assert coach.next_hint(after).level is HintLevel.AIM
    assert coach.hints_given == 4
    assert coach.level(()) is HintLevel.MOVE  # back on turn 1 (undo): still at the move


def test_coach_feedback_on_a_blunder_is_reused_for_the_next_hint() -> None:
    from silverpyr.puzzles.silvergold.hints.coach import Coach

    coach = Coach(torch_instance())
    at = LinePosition(torch_instance())
    blunder = at.parse_move("A1 B1 C1")
    result = coach.feedback((), blunder)
    assert result.points_lost == 5
    assert coach.best((blunder,)) is result.after
    assert coach.next_hint((blunder,)).best.score == 0


def test_coach_follows_a_proven_line_while_the_player_does() -> None:
    from silverpyr.puzzles.silvergold.hints.coach import Coach

    instance = torch_instance()
    proven = play_line(instance, play_moves(instance, "A1 A2 A3; A4 B4").played)
    coach = Coach(instance, proven=proven)
    assert coach.best(()).line == proven
    on_line = play_moves(instance, "A1 A2 A3").played
    assert move_str(coach.best(on_line).next_move) == "A4 B4"  # the proven move, not re-solved
    off_line = play_moves(instance, "A1 B1 C1").played
    assert coach.best(off_line).score == 0
    with pytest.raises(ValueError, match="another problem"):
        Coach(Instance(instance.start, (I3, I3)), proven=proven)


@pytest.mark.parametrize("seed", range(40))
def test_the_events_are_the_engines_turn_reports(seed: int) -> None:
    """Random lines on random rooms: the events the hints talk about add up to what the
    engine's sheets and cards show after each turn (issue 20: one copy of these rules)."""
    from silverpyr.puzzles.silvergold.hints.events import EventKind, line_events
    from silverpyr.solver.silvergold.cards import Symbol

    rng = random.Random(seed)
    instance = random_instance(rng, turns=rng.randint(1, 14), cards=rng.choice([1, 2]))
    position, moves = instance.start, []
    for turn, expedition in enumerate(instance.expeditions):
        move = rng.choice(position.legal_moves(expedition, instance.round_of(turn)))
        moves.append(move)
        position = position.push(move, expedition, instance.round_of(turn))
    line = play_line(instance, moves)
    events = line_events(line)
    for turn in range(instance.turns):
        before, after = line.positions[turn], line.positions[turn + 1]
        now = [e for e in events if e.turn == turn]
        total = Counter[EventKind]()
        for event in now:
            total[event.kind] += event.count
        assert total[EventKind.RED_GEM] >= after.sheet.red - before.sheet.red
        assert total[EventKind.GREEN_GEM] >= after.sheet.green - before.sheet.green
        round_number = instance.round_of(turn)
        lit = after.sheet.has_torch(round_number) and not before.sheet.has_torch(round_number)
        assert total[EventKind.TORCH] == int(lit)
        completed = {
            s.number
            for s in after.cards
            if s.is_complete() and not before.card(s.number).is_complete()
        }
        assert {e.card for e in now if e.kind is EventKind.TOMB} == completed
        marked = sum(
            bin(mark.cells & before.card(mark.card).room.mask(Symbol.SKULL)).count("1")
            for mark in moves[turn].marks()
        )
        assert total[EventKind.SKULL] == marked
    assert line_events(line, instance.turns - 1) == tuple(
        e for e in events if e.turn == instance.turns - 1
    )
