"""Seeded random rooms and line problems for the cross-check tests and benchmarks."""

from __future__ import annotations

import random

from silverpyr.solver.silvergold.cards import STANDARD_EXPEDITIONS, Color, PyramidCard, Room, Symbol
from silverpyr.solver.silvergold.cells import NEIGHBOUR_MASKS, cells_of
from silverpyr.solver.silvergold.position import CardState, Position
from silverpyr.solver.silvergold.problem import Instance
from silverpyr.solver.silvergold.sheet import Sheet

SYMBOLS = "rgtspx"


def random_room(
    rng: random.Random,
    *,
    density: float = 0.35,
    walls: int = 4,
    weights: str = SYMBOLS,
    max_crosses: int = 25,
) -> Room:
    """A valid room: entrance in row 1, tomb in row 5, tomb reachable."""
    while True:
        grid = ["."] * 25
        grid[rng.randrange(5)] = "E"
        grid[20 + rng.randrange(5)] = "T"
        free = [i for i in range(25) if grid[i] == "."]
        rng.shuffle(free)
        for i in free[:walls]:
            grid[i] = "#"
        for i in free[walls:]:
            if rng.random() < density:
                grid[i] = rng.choice(weights)
        room = Room(tuple(Symbol(ch) for ch in grid))
        if _reachable(room) and room.count(Symbol.CROSS) <= max_crosses:
            return room


def _reachable(room: Room) -> bool:
    seen = 1 << room.entrance
    frontier = [room.entrance]
    while frontier:
        cell = frontier.pop()
        for n in cells_of(NEIGHBOUR_MASKS[cell] & room.open_mask & ~seen):
            seen |= 1 << n
            frontier.append(n)
    return bool(seen >> room.tomb & 1)


def random_instance(
    rng: random.Random,
    *,
    turns: int,
    cards: int = 1,
    start_state: bool = False,
    density: float = 0.35,
    weights: str = SYMBOLS,
    max_crosses: int = 25,
) -> Instance:
    """A random line problem; with ``start_state`` some cells are already marked."""
    states = []
    for number in range(1, cards + 1):
        card = PyramidCard(
            number,
            Color.PURPLE,
            random_room(rng, density=density, weights=weights, max_crosses=max_crosses),
        )
        marked = 0
        if start_state and rng.random() < 0.7:
            marked = 1 << card.room.entrance
            for _ in range(rng.randrange(4)):
                border = [
                    n
                    for c in cells_of(marked)
                    for n in cells_of(NEIGHBOUR_MASKS[c] & card.room.open_mask & ~marked)
                    if n != card.room.tomb
                ]
                if border:
                    marked |= 1 << rng.choice(border)
        states.append(CardState(card, marked))
    sheet = Sheet()
    if start_state:
        sheet = Sheet(
            red=rng.randrange(11),
            green=rng.randrange(11),
            skulls=rng.randrange(11),
            torches=tuple(rng.random() < 0.3 for _ in range(4)),
        )
    expeditions = tuple(rng.choice(STANDARD_EXPEDITIONS) for _ in range(turns))
    first_turn = rng.randrange(1, 8) if start_state else 1
    return Instance(Position(tuple(states), sheet), expeditions, 1, first_turn)
