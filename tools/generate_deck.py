"""Generate silverpyr's bundled deck, ``data/cards.yaml``: an original 48-card deck.

The rooms are not the printed cards; they are drawn by a seeded random generator, so the
file is rewritten byte for byte by::

    python tools/generate_deck.py            # write data/cards.yaml
    python tools/generate_deck.py --check    # exit 1 if data/cards.yaml differs
    python tools/generate_deck.py --stats    # deck statistics of data/cards.yaml

Deck-level proportions come from fixed schedules shuffled by the seed (exactly 24 torches,
16 potions, 32 red crosses, red and green gems equal, route lengths spread per colour);
each room is then found by rejection sampling until it meets its card's plan.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from silverpyr.solver.silvergold.cards import (
    STANDARD_EXPEDITIONS,
    Color,
    Deck,
    PyramidCard,
    Room,
    Symbol,
)
from silverpyr.solver.silvergold.cells import SIZE, cell_at
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.routes import (
    richest_route,
    room_graph,
    route_skulls,
    safest_route,
    shortest_route,
    shortest_route_length,
)

SEED = 20_480_048
DECK_PATH = Path(__file__).resolve().parent.parent / "data" / "cards.yaml"

CARDS_PER_COLOR = 16
ROUTE_LENGTHS = (5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 11)
"""Shortest-route lengths of each colour's 16 rooms (shuffled per colour)."""
WALL_COUNTS = (3, 4, 5, 6)
GEM_SETS = (
    ((Symbol.RED_GEM, Symbol.GREEN_GEM),) * 16
    + ((Symbol.RED_GEM, Symbol.RED_GEM),) * 4
    + ((Symbol.GREEN_GEM, Symbol.GREEN_GEM),) * 4
    + ((Symbol.RED_GEM, Symbol.RED_GEM, Symbol.GREEN_GEM),) * 12
    + ((Symbol.RED_GEM, Symbol.GREEN_GEM, Symbol.GREEN_GEM),) * 12
)
"""The gems of the 48 rooms: 24 with two, 24 with three, 60 red and 60 green in all."""
SKULL_COUNTS = (0,) * 6 + (1,) * 24 + (2,) * 18
TORCH_ROOMS = 24
POTION_ROOMS = 16
CROSS_ROOMS = 32
FORCED_SKULL_ROOMS = 10
"""Rooms where every shortest route crosses a skull but a longer, skull-free one exists."""
DETOUR_ROOMS = 20
"""Rooms where the richest route is longer than the shortest one."""
SYMBOL_TRIES_PER_LAYOUT = 40
LAYOUT_SYMBOLS = frozenset({Symbol.PLAIN, Symbol.WALL, Symbol.ENTRANCE, Symbol.TOMB})
"""Symbols a room layout fixes before the plan's symbols are scattered."""

HEADER = """\
# silverpyr's bundled deck: 48 pyramid cards and the 8 expedition cards.
#
# This is an ORIGINAL deck designed for silverpyr. It is NOT a transcription of the printed
# Silver & Gold Pyramids cards. tools/generate_deck.py (a seeded generator) writes this file
# byte for byte: change the generator and rerun it rather than editing this copy, and run
# `python tools/generate_deck.py --check` to see that the two agree.
#
# Your own cards: write a file in this same format and pass it before the command, e.g.
#   silverpyr --cards my.yaml cards validate
# It may hold any number of pyramid cards, each with a unique number 1-48 and a colour
# (purple, orange or green). `expeditions` is optional; without it the 8 cards below apply.
#
# A room is five rows, top to bottom, of five cells, columns A-E left to right. Legend:
#   .  plain        #  wall          E  entrance (exactly one, in row 1)
#   r  red gem      g  green gem     T  golden tomb (exactly one, in row 5)
#   t  torch        s  skull         p  potion        x  red cross
# The tomb must be reachable from the entrance through orthogonally adjacent non-wall cells.
"""


@dataclass(frozen=True)
class CardPlan:
    """What one card's room must have."""

    number: int
    color: Color
    route_length: int
    gems: tuple[Symbol, ...]
    skulls: int
    torch: bool
    potion: bool
    cross: bool
    forced_skull: bool
    detour_pays: bool

    def symbols(self) -> tuple[Symbol, ...]:
        """The symbols to scatter over the room, besides entrance, tomb and walls."""
        extras = (
            (Symbol.TORCH,) * self.torch
            + (Symbol.POTION,) * self.potion
            + (Symbol.CROSS,) * self.cross
        )
        return self.gems + (Symbol.SKULL,) * self.skulls + extras


def _flags(rng: random.Random, total: int, true_count: int) -> list[bool]:
    flags = [True] * true_count + [False] * (total - true_count)
    rng.shuffle(flags)
    return flags


def plan_deck(rng: random.Random) -> list[CardPlan]:
    """The 48 card plans, numbers 1-48, from the deck-level schedules."""
    total = CARDS_PER_COLOR * len(Color)
    colors = [color for color in Color for _ in range(CARDS_PER_COLOR)]
    rng.shuffle(colors)
    lengths = {color: rng.sample(ROUTE_LENGTHS, len(ROUTE_LENGTHS)) for color in Color}
    gems = rng.sample(GEM_SETS, total)
    skulls = rng.sample(SKULL_COUNTS, total)
    torch = _flags(rng, total, TORCH_ROOMS)
    potion = _flags(rng, total, POTION_ROOMS)
    cross = _flags(rng, total, CROSS_ROOMS)
    detour = _flags(rng, total, DETOUR_ROOMS)
    with_skulls = [index for index in range(total) if skulls[index] > 0]
    forced = set(rng.sample(with_skulls, FORCED_SKULL_ROOMS))
    plans = []
    for index, color in enumerate(colors):
        plans.append(
            CardPlan(
                number=index + 1,
                color=color,
                route_length=lengths[color].pop(),
                gems=gems[index],
                skulls=skulls[index],
                torch=torch[index],
                potion=potion[index],
                cross=cross[index],
                forced_skull=index in forced,
                detour_pays=detour[index],
            )
        )
    return plans


def _layout(rng: random.Random, route_length: int) -> list[Symbol] | None:
    """Entrance, tomb and walls with the planned shortest route, or ``None`` on a miss."""
    spare = route_length - SIZE
    column_gaps = [gap for gap in range(SIZE) if gap <= spare and gap % 2 == spare % 2]
    gap = rng.choice(column_gaps)
    entrance_column = rng.randrange(SIZE)
    tomb_columns = [c for c in (entrance_column - gap, entrance_column + gap) if 0 <= c < SIZE]
    if not tomb_columns:
        return None
    tomb_column = rng.choice(tomb_columns)
    symbols = [Symbol.PLAIN] * (SIZE * SIZE)
    entrance, tomb = cell_at(0, entrance_column), cell_at(SIZE - 1, tomb_column)
    symbols[entrance], symbols[tomb] = Symbol.ENTRANCE, Symbol.TOMB
    free = [cell for cell in range(SIZE * SIZE) if cell not in (entrance, tomb)]
    for cell in rng.sample(free, rng.choice(WALL_COUNTS)):
        symbols[cell] = Symbol.WALL
    room = Room(tuple(symbols))
    if not nx.is_connected(room_graph(room)):
        return None
    if shortest_route_length(room) != route_length:
        return None
    return symbols


def _meets_plan(room: Room, plan: CardPlan) -> bool:
    if plan.forced_skull:
        safest = safest_route(room)
        if route_skulls(room, safest) != 0 or len(safest) == plan.route_length:
            return False
    return not plan.detour_pays or len(richest_route(room)) > plan.route_length


def generate_room(rng: random.Random, plan: CardPlan, taken: set[Room]) -> Room:
    """A room meeting ``plan`` that is not in ``taken`` (nor its mirror image)."""
    while True:
        layout = _layout(rng, plan.route_length)
        if layout is None:
            continue
        free = [cell for cell, symbol in enumerate(layout) if symbol is Symbol.PLAIN]
        scattered = plan.symbols()
        for _ in range(SYMBOL_TRIES_PER_LAYOUT):
            symbols = list(layout)
            for cell, symbol in zip(rng.sample(free, len(scattered)), scattered, strict=True):
                symbols[cell] = symbol
            room = Room(tuple(symbols))
            if room in taken or room.mirrored() in taken:
                continue
            if _meets_plan(room, plan):
                return room


def generate_cards(seed: int = SEED) -> list[PyramidCard]:
    """The whole deck, deterministic for ``seed``."""
    rng = random.Random(seed)
    taken: set[Room] = set()
    cards = []
    for plan in plan_deck(rng):
        room = generate_room(rng, plan, taken)
        taken.add(room)
        cards.append(PyramidCard(plan.number, plan.color, room))
    return cards


def render_deck(cards: Sequence[PyramidCard]) -> str:
    """The text of ``cards.yaml`` for ``cards`` and the standard expedition cards."""
    lines = [HEADER.rstrip("\n"), "format: 1", "expeditions:"]
    for expedition in STANDARD_EXPEDITIONS:
        pattern = ", ".join(f'"{row}"' for row in expedition.pattern())
        lines.append(
            f"  - {{name: {expedition.name}, count: {expedition.count}, pattern: [{pattern}]}}"
        )
    lines.append("pyramids:")
    for card in cards:
        rows = ", ".join(f'"{row}"' for row in card.room.rows())
        lines += [
            f"  - number: {card.number}",
            f"    color: {card.color.value}",
            f"    room: [{rows}]",
        ]
    return "\n".join(lines) + "\n"


@functools.cache
def deck_text(seed: int = SEED) -> str:
    """What ``data/cards.yaml`` should hold (computed once per seed)."""
    return render_deck(generate_cards(seed))


def check_deck_file(path: Path = DECK_PATH) -> bool:
    """Whether ``path`` holds exactly what the generator writes."""
    try:
        return path.read_text(encoding="utf-8") == deck_text()
    except FileNotFoundError:
        return False


def deck_stats(deck: Deck) -> str:
    """Route lengths per colour and symbol totals, as readable text."""
    lines = []
    for color in Color:
        rooms = [card.room for card in deck.pyramids if card.color is color]
        lengths = sorted(shortest_route_length(room) for room in rooms)
        spread = Counter(lengths)
        lines.append(
            f"{color.value:<7} {len(rooms)} cards; shortest route min {lengths[0]}, "
            f"median {statistics.median(lengths):g}, max {lengths[-1]}; by length: "
            + " ".join(f"{length}x{spread[length]}" for length in sorted(spread))
        )
    rooms = [card.room for card in deck.pyramids]
    for symbol in Symbol:
        if symbol in (Symbol.PLAIN, Symbol.ENTRANCE, Symbol.TOMB):
            continue
        counts = [room.count(symbol) for room in rooms]
        per_room = Counter(counts)
        lines.append(
            f"{symbol.label:<9} total {sum(counts):>3}, on {sum(c > 0 for c in counts)} rooms; "
            "per room: " + " ".join(f"{n}x{per_room[n]}" for n in sorted(per_room))
        )
    forced = sum(_skull_on_every_shortest_route(room) for room in rooms)
    detours = sum(richest_route(room) != shortest_route(room) for room in rooms)
    lines.append(f"rooms with a skull on every shortest route: {forced}")
    lines.append(f"rooms whose richest route differs from the shortest: {detours}")
    return "\n".join(lines)


def _skull_on_every_shortest_route(room: Room) -> bool:
    safest = safest_route(room)
    return route_skulls(room, safest) > 0 or len(safest) > shortest_route_length(room)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write, check or describe the bundled deck."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="exit 1 if the file differs")
    group.add_argument("--stats", action="store_true", help="print the deck's statistics")
    parser.add_argument("--path", type=Path, default=DECK_PATH, help="the deck file")
    args = parser.parse_args(argv)
    if args.stats:
        print(deck_stats(load_deck(args.path)))
        return 0
    if args.check:
        if check_deck_file(args.path):
            return 0
        print(f"{args.path} differs from what tools/generate_deck.py writes", file=sys.stderr)
        return 1
    args.path.write_text(deck_text(), encoding="utf-8")
    print(f"wrote {args.path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
