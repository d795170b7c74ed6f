"""Routes through a room from the entrance to the golden tomb.

A route is a sequence of orthogonally adjacent non-wall cells, entrance first, tomb last,
no cell twice. Its *length* counts its cells, both ends included (an entrance next to the
tomb makes a route of 2). Every function here is deterministic: among equally good routes
the lexicographically smallest cell sequence wins (cells compare as ints, row by row).

This module imports networkx; command modules import it lazily.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx

from .cards import Room, Symbol
from .cells import NEIGHBOURS, SIZE, Cell, cell_str, cells_of

Route = tuple[Cell, ...]

RICHEST_EXTRA_CELLS = 2
"""How many cells longer than the shortest route the richest route may be."""

_SKULL_WEIGHT = SIZE * SIZE
"""Cost of a skull in the safest-route search: more than any route's number of steps."""

_TREASURES = (Symbol.RED_GEM, Symbol.GREEN_GEM, Symbol.TORCH)


def room_graph(room: Room) -> nx.Graph:
    """The room's non-wall cells as a graph; edges join orthogonal neighbours."""
    graph = nx.Graph()
    open_cells = list(cells_of(room.open_mask))
    graph.add_nodes_from(open_cells)
    open_mask = room.open_mask
    graph.add_edges_from(
        (cell, n)
        for cell in open_cells
        for n in NEIGHBOURS[cell]
        if n > cell and open_mask >> n & 1
    )
    return graph


def _distances_to_tomb(room: Room, graph: nx.Graph) -> dict[Cell, int]:
    distances: dict[Cell, int] = nx.single_source_shortest_path_length(graph, room.tomb)
    if room.entrance not in distances:
        raise ValueError("the tomb cannot be reached from the entrance")
    return distances


def shortest_route_length(room: Room) -> int:
    """Cells on a shortest entrance-to-tomb route, both ends counted."""
    return _distances_to_tomb(room, room_graph(room))[room.entrance] + 1


def shortest_routes_count(room: Room) -> int:
    """Number of distinct shortest entrance-to-tomb routes."""
    graph = room_graph(room)
    distances = _distances_to_tomb(room, graph)
    ways: dict[Cell, int] = {room.tomb: 1}
    for cell in sorted(distances, key=distances.__getitem__):
        if cell != room.tomb:
            ways[cell] = sum(
                ways[n] for n in graph.neighbors(cell) if distances.get(n) == distances[cell] - 1
            )
    return ways[room.entrance]


def shortest_route(room: Room) -> Route:
    """The lexicographically smallest shortest entrance-to-tomb route."""
    graph = room_graph(room)
    distances = _distances_to_tomb(room, graph)
    route = [room.entrance]
    while route[-1] != room.tomb:
        here = route[-1]
        route.append(
            min(n for n in graph.neighbors(here) if distances.get(n) == distances[here] - 1)
        )
    return tuple(route)


def safest_route(room: Room) -> Route:
    """The route with the fewest skulls; then the shortest; then the smallest sequence."""
    graph = room_graph(room)
    _distances_to_tomb(room, graph)

    def cost(cell: Cell) -> int:
        return _SKULL_WEIGHT * (room.symbol_at(cell) is Symbol.SKULL) + 1

    # Directed edge u -> v costs cost(u), so a search from the tomb yields, for each cell,
    # the cheapest cost of the rest of a route from it: its own cell excluded, tomb included.
    directed = nx.DiGraph()
    directed.add_weighted_edges_from(
        ((u, v, cost(u)) for u, v in graph.to_directed().edges), weight="cost"
    )
    directed.add_node(room.tomb)
    remaining: dict[Cell, int] = nx.single_source_dijkstra_path_length(
        directed, room.tomb, weight="cost"
    )
    route = [room.entrance]
    while route[-1] != room.tomb:
        here = route[-1]
        route.append(
            min(n for n in graph.neighbors(here) if remaining[n] + cost(n) == remaining[here])
        )
    return tuple(route)


def route_skulls(room: Room, route: Route) -> int:
    """Skulls on ``route``."""
    return sum(room.symbol_at(cell) is Symbol.SKULL for cell in route)


def route_treasure(room: Room, route: Route) -> int:
    """Treasure on ``route``: gems of either colour plus torches."""
    return sum(room.symbol_at(cell) in _TREASURES for cell in route)


def richest_route(room: Room) -> Route:
    """Among routes at most two cells longer than the shortest, the one with most treasure.

    Ties go to fewer skulls, then fewer cells, then the smallest cell sequence.
    """
    graph = room_graph(room)
    limit = _distances_to_tomb(room, graph)[room.entrance] + 1 + RICHEST_EXTRA_CELLS
    paths = nx.all_simple_paths(graph, room.entrance, room.tomb, cutoff=limit - 1)
    return min(
        (tuple(path) for path in paths),
        key=lambda route: (
            -route_treasure(room, route),
            route_skulls(room, route),
            len(route),
            route,
        ),
    )


@dataclass(frozen=True)
class RouteSummary:
    """Everything ``silverpyr route`` shows about a room's routes."""

    shortest_length: int
    shortest_count: int
    shortest: Route
    safest: Route
    richest: Route

    def to_dict(self, card_number: int) -> dict[str, Any]:
        """JSON-ready form; routes as cell names, entrance first."""
        return {
            "card": card_number,
            "shortest_length": self.shortest_length,
            "shortest_count": self.shortest_count,
            "shortest": [cell_str(cell) for cell in self.shortest],
            "safest": [cell_str(cell) for cell in self.safest],
            "richest": [cell_str(cell) for cell in self.richest],
        }


def summarize_routes(room: Room) -> RouteSummary:
    """Shortest length and count, and the shortest, safest and richest routes of ``room``."""
    return RouteSummary(
        shortest_length=shortest_route_length(room),
        shortest_count=shortest_routes_count(room),
        shortest=shortest_route(room),
        safest=safest_route(room),
        richest=richest_route(room),
    )
