"""Routes through a room: hand-made rooms with known answers, the deck, and ``silverpyr route``."""

from __future__ import annotations

import json
from itertools import pairwise

import networkx as nx
import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.solver.silvergold.cards import Room
from silverpyr.solver.silvergold.cells import NEIGHBOURS, cell_str, parse_cell
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.routes import (
    Route,
    richest_route,
    room_graph,
    route_skulls,
    route_treasure,
    safest_route,
    shortest_route,
    shortest_route_length,
    shortest_routes_count,
    summarize_routes,
)

EMPTY_CENTRE = Room.from_rows(["..E..", ".....", ".....", ".....", "..T.."])
EMPTY_CORNERS = Room.from_rows(["E....", ".....", ".....", ".....", "....T"])
CORRIDOR = Room.from_rows(["##E##", "##.##", "##.##", "##.##", "##T##"])
# The straight route crosses the skull at C2; walls force a skull-free route round the side.
SKULL_IN_THE_DOORWAY = Room.from_rows(["..E..", ".#s#.", ".....", ".....", "..T.."])
# The tomb is only reachable through the skull at C4: every route has it.
GUARDED_TOMB = Room.from_rows(["..E..", ".....", ".....", "..s..", ".#T#."])
# A gem one step off the straight route: a two-cell detour picks it up.
GEM_ASIDE = Room.from_rows(["..E..", ".....", ".r...", ".....", "..T.."])
# A gem three steps off: out of reach within two extra cells.
GEM_FAR = Room.from_rows(["..E..", ".....", "....#", "r....", "..T.."])


def route(text: str) -> Route:
    """A route from notation, e.g. ``C1 C2 C3``."""
    return tuple(parse_cell(token) for token in text.split())


def assert_is_route(room: Room, cells: Route) -> None:
    """``cells`` walks from the entrance to the tomb through open cells, no cell twice."""
    assert cells[0] == room.entrance
    assert cells[-1] == room.tomb
    assert len(set(cells)) == len(cells)
    assert all(room.open_mask >> cell & 1 for cell in cells)
    assert all(b in NEIGHBOURS[a] for a, b in pairwise(cells))


def test_room_graph_has_open_cells_and_orthogonal_edges() -> None:
    graph = room_graph(CORRIDOR)
    assert sorted(graph.nodes) == [2, 7, 12, 17, 22]
    assert sorted(tuple(sorted(edge)) for edge in graph.edges) == [
        (2, 7),
        (7, 12),
        (12, 17),
        (17, 22),
    ]


def test_corridor_has_one_route_of_five_cells() -> None:
    assert shortest_route_length(CORRIDOR) == 5
    assert shortest_routes_count(CORRIDOR) == 1
    assert shortest_route(CORRIDOR) == route("C1 C2 C3 C4 C5")


def test_empty_room_straight_down_has_one_shortest_route() -> None:
    assert shortest_route_length(EMPTY_CENTRE) == 5
    assert shortest_routes_count(EMPTY_CENTRE) == 1


def test_empty_room_corner_to_corner_has_seventy_shortest_routes() -> None:
    assert shortest_route_length(EMPTY_CORNERS) == 9
    assert shortest_routes_count(EMPTY_CORNERS) == 70  # C(8, 4)
    assert shortest_route(EMPTY_CORNERS) == route("A1 B1 C1 D1 E1 E2 E3 E4 E5")


def test_shortest_routes_count_matches_enumeration_on_the_deck() -> None:
    for card in load_deck().pyramids:
        room = card.room
        length = shortest_route_length(room)
        graph = room_graph(room)
        paths = list(nx.all_shortest_paths(graph, room.entrance, room.tomb))
        assert shortest_routes_count(room) == len(paths), card.number
        assert {len(path) for path in paths} == {length}
        assert shortest_route(room) == min(tuple(path) for path in paths), card.number


def test_unreachable_tomb_is_an_error() -> None:
    walled = Room.from_rows(["..E..", ".....", "#####", ".....", "..T.."])
    with pytest.raises(ValueError, match="cannot be reached"):
        shortest_route_length(walled)


def test_safest_route_goes_round_the_skull() -> None:
    assert shortest_route(SKULL_IN_THE_DOORWAY) == route("C1 C2 C3 C4 C5")
    safest = safest_route(SKULL_IN_THE_DOORWAY)
    assert safest == route("C1 B1 A1 A2 A3 B3 C3 C4 C5")
    assert route_skulls(SKULL_IN_THE_DOORWAY, safest) == 0


def test_safest_route_is_shortest_among_equally_safe() -> None:
    safest = safest_route(GUARDED_TOMB)
    assert route_skulls(GUARDED_TOMB, safest) == 1
    assert safest == route("C1 C2 C3 C4 C5")


def test_safest_route_prefers_one_skull_to_two() -> None:
    room = Room.from_rows(["..E..", ".s.s.", "..s..", ".s.s.", ".#T#."])
    safest = safest_route(room)
    assert_is_route(room, safest)
    assert route_skulls(room, safest) == 1
    brute = min(
        (route_skulls(room, tuple(p)), len(p), tuple(p))
        for p in nx.all_simple_paths(room_graph(room), room.entrance, room.tomb)
    )
    assert safest == brute[2]


def test_richest_route_detours_for_a_gem() -> None:
    richest = richest_route(GEM_ASIDE)
    assert richest == route("C1 B1 B2 B3 C3 C4 C5")
    assert route_treasure(GEM_ASIDE, richest) == 1
    assert richest != shortest_route(GEM_ASIDE)


def test_richest_route_detours_at_most_two_cells() -> None:
    assert richest_route(GEM_FAR) == shortest_route(GEM_FAR)


def test_richest_route_prefers_fewer_skulls_on_equal_treasure() -> None:
    # Left detour B2 B3 and right detour D2 D3 both carry two gems; the left one, first in
    # reading order, starts through the skull at B1.
    room = Room.from_rows([".sE..", ".g.r.", ".r.g.", ".....", "..T.."])
    richest = richest_route(room)
    assert route_treasure(room, richest) == 2
    assert route_skulls(room, richest) == 0
    assert richest == route("C1 D1 D2 D3 C3 C4 C5")


def test_routes_on_every_deck_room_are_consistent() -> None:
    for card in load_deck().pyramids:
        room = card.room
        summary = summarize_routes(room)
        for cells in (summary.shortest, summary.safest, summary.richest):
            assert_is_route(room, cells)
        assert len(summary.shortest) == summary.shortest_length
        assert route_skulls(room, summary.safest) <= route_skulls(room, summary.shortest)
        assert len(summary.richest) <= summary.shortest_length + 2
        assert route_treasure(room, summary.richest) >= route_treasure(room, summary.shortest)


def test_summary_to_dict_has_exactly_the_documented_keys() -> None:
    data = summarize_routes(SKULL_IN_THE_DOORWAY).to_dict(7)
    assert data == {
        "card": 7,
        "shortest_length": 5,
        "shortest_count": 1,
        "shortest": ["C1", "C2", "C3", "C4", "C5"],
        "safest": ["C1", "B1", "A1", "A2", "A3", "B3", "C3", "C4", "C5"],
        "richest": ["C1", "C2", "C3", "C4", "C5"],
    }


runner = CliRunner()


def test_route_command_json() -> None:
    result = runner.invoke(app, ["route", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == [
        "card",
        "shortest_length",
        "shortest_count",
        "shortest",
        "safest",
        "richest",
    ]
    room = load_deck().card(5).room
    assert data == summarize_routes(room).to_dict(5)
    assert data["shortest"][0] == cell_str(room.entrance)
    assert data["shortest"][-1] == cell_str(room.tomb)


def test_route_command_plain_draws_routes_without_escape_codes() -> None:
    result = runner.invoke(app, ["route", "5", "--plain"])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout
    assert result.stdout.isascii()
    summary = summarize_routes(load_deck().card(5).room)
    for name, cells in (
        ("shortest", summary.shortest),
        ("safest", summary.safest),
        ("richest", summary.richest),
    ):
        assert f"{name}:" in result.stdout
        assert " ".join(cell_str(cell) for cell in cells) in result.stdout
    assert "[E]" in result.stdout and "[T]" in result.stdout


def test_route_command_unknown_card_is_a_one_line_error() -> None:
    result = runner.invoke(app, ["route", "99"])
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0
    assert "99" in result.stderr
