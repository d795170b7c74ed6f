"""Exact endgames of *Cheops* (issue 22): the best move for the seat to move once every law
is known, its value in final piastres, and the principal line.

**When.** Once no law is left on the pyramid (every eye space emptied; the six laws out of
the game never come back, so they do not matter), nothing about the game's future is
hidden but the family tiles under the stacks' tops. The game is then a finite game of
perfect information with chance: the tile a draw uncovers (the engine's
:func:`~.game.next_tile`, which pools every hidden tile: by symmetry each hidden place is
as likely to hold any of them). :func:`solve_endgame` refuses any other state with an
:class:`EndgameError` naming why.

docs/cheops-position.md tells the rest, once. "The objective, and ties" holds this module's
rulings: expectiminimax on the margin for 2 players, max-n for 3 to 5 (``objective="win"``
swaps margin and win share), the paranoid tie-break, every decision of the rules searched,
chance nodes in exact :class:`fractions.Fraction`. "How it is proven" holds the technique:
the engine's :func:`~.game.distinct_moves` and :func:`~.game.apply_unchecked` with a
transposition table (:meth:`_Search.key`), alpha-beta for 2 players (:class:`_TwoSearch`),
iterative deepening on turns within the time limit, status :data:`PROVEN` or
:data:`BEST_FOUND` (:attr:`EndgameAnswer.turns`: **not proven**). Beyond it: with 2 players
the first tie rule already decides (zero-sum: equal own values are equal vectors); values of
subtrees that never met a horizon are exact and kept across depths, and the best move of the
previous depth is tried first. No rule is written here: every move of the answer's line is
replayed through the checked :func:`~.game.apply`.

Cross-checked against an independent brute force (``tests/cheops/brute_endgame.py``,
``tests/cheops/test_cheops_endgame.py``); measured by ``benchmarks/cheops_endgame.py``.
"""

from __future__ import annotations

import dataclasses
import operator
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.errors import SilverpyrError
from ..core.rng import SeededStream
from .components import Components
from .game import (
    FAMILY,
    NEIGHBOUR,
    CheopsState,
    DrawTile,
    Move,
    Outcome,
    Phase,
    Sell,
    Store,
    apply,
    apply_unchecked,
    distinct_moves,
    final_money,
    legal_moves,
    new_game,
    next_tile,
    outcome,
    with_next_tile,
)

DEFAULT_TIME_LIMIT = 10.0
"""Seconds a search may take before it answers "best found" (the CLI default)."""

PROVEN = "proven"
BEST_FOUND = "best found"

MARGIN = "margin"
WIN = "win"
OBJECTIVES = (MARGIN, WIN)

WIN_SCALE = 60
"""Win shares are counted in 60ths inside the search (1/k for k = 1..5 is whole)."""

MAX_ENTRIES = 250_000
"""Entries a transposition table keeps before it is emptied (memory: about 900 bytes
each; a table is a cache, so its values stay right)."""

_CHECK_EVERY = 16
"""Nodes between two looks at the clock."""

Number = int | Fraction
Vec = tuple[Number, ...]
"""A node's value: each seat's margin, then each seat's win share in 60ths."""


class EndgameError(SilverpyrError, ValueError):
    """A state that is not a solvable endgame (a hidden law remains, the game is over, ...)."""


class _OutOfTime(Exception):
    """The time limit came before the search was complete."""


# --- the answer ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One move of the principal line."""

    seat: int
    move: str
    """The move's notation."""
    chance: str = ""
    """At a chance node: the tile the line assumes is uncovered, and how likely it is."""


@dataclass(frozen=True)
class MoveValue:
    """One move open to the seat to move, with its value to that seat."""

    move: str
    margin: Fraction
    win: Fraction


@dataclass(frozen=True)
class EndgameAnswer:
    """The best move for the seat to move and its value (see the module's docstring)."""

    status: str
    """``proven`` when the search was complete, ``best found`` when the time limit stopped
    it (values are then the horizon's heuristic, not the game's)."""
    objective: str
    seat: int
    players: int
    move: str
    """The best move's notation."""
    margin: Fraction
    """The seat's expected final margin (own money less the best other seat's)."""
    win: Fraction
    """The seat's expected win share under the same play (1 win, 1/k shared, 0 loss)."""
    margins: tuple[Fraction, ...]
    """Every seat's expected margin under the same play."""
    wins: tuple[Fraction, ...]
    moves: tuple[MoveValue, ...]
    """Every distinct move of the seat, best first (the searched depth's values)."""
    line: tuple[Step, ...]
    """The principal line, replayed through the engine's checked ``apply``."""
    turns: int
    """Turns the last complete search looked ahead (0: not even the current turn was
    searched in time; the moves are then valued by the state right after them)."""
    nodes: int
    seconds: float
    time_limit: float
    node_limit: int | None = None
    """The node budget the search had (``None``: the time limit only)."""
    limit: str = "time"
    """What stopped a search that is not proven: ``"time"`` or ``"nodes"``."""

    @property
    def proven(self) -> bool:
        """Whether the value is the game's exact value."""
        return self.status == PROVEN

    @property
    def value(self) -> Fraction:
        """The seat's value by the objective."""
        return self.margin if self.objective == MARGIN else self.win

    def note(self) -> str:
        """What the status means, in words."""
        if self.proven:
            return "proven: the search looked to the end of the game"
        came = "the node limit" if self.limit == "nodes" else "the time limit"
        if self.turns == 0:
            return (
                f"best found, NOT proven: {came} came before the current turn was "
                "searched; each move is valued by the money as if the game ended right after it"
            )
        plural = "s" if self.turns > 1 else ""
        return (
            f"best found, NOT proven: {came} came first; the search looked "
            f"{self.turns} turn{plural} ahead and valued the positions there as if the game "
            "ended (a heuristic)"
        )

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON form (``silverpyr cheops solve --json``): see
        docs/cheops-position.md."""
        return {
            "status": self.status,
            "proven": self.proven,
            "value": float(self.value),
            "line": [
                {"seat": s.seat, "move": s.move, "chance": s.chance or None} for s in self.line
            ],
            "value_exact": str(self.value),
            "note": self.note(),
            "objective": self.objective,
            "seat": self.seat,
            "players": self.players,
            "move": self.move,
            "margin": float(self.margin),
            "margin_exact": str(self.margin),
            "win": float(self.win),
            "win_exact": str(self.win),
            "margins": [str(m) for m in self.margins],
            "wins": [str(w) for w in self.wins],
            "options": [
                {"move": m.move, "margin": str(m.margin), "win": str(m.win)} for m in self.moves
            ],
            "turns": self.turns,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "time_limit": self.time_limit,
            "node_limit": self.node_limit,
        }

    def lines(self) -> list[str]:
        """The answer for people."""
        out = [
            f"seat {self.seat} to move ({self.players} players): {self.note()}",
            f"best move: {self.move}",
            f"margin: {_show(self.margin)} piastres (own final money less the best other seat's)",
            f"win from here: {_show_share(self.win)}",
        ]
        if len(self.moves) > 1:
            out.append("every move:")
            out.extend(
                f"  {m.move}: margin {_show(m.margin)}, win {_show_share(m.win)}"
                for m in self.moves
            )
        out.append("principal line:")
        for step in self.line:
            extra = f"  ({step.chance})" if step.chance else ""
            out.append(f"  seat {step.seat}: {step.move}{extra}")
        if not self.line:
            out.append("  (none)")
        return out


def _show(value: Fraction) -> str:
    """An exact value for people: whole, or the fraction with 2 decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} (~{float(value):.2f})"


def _show_share(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} (~{float(value):.1%})"


# --- values of ends --------------------------------------------------------------------------


def money_vector(money: tuple[int, ...], winners: tuple[int, ...] | None = None) -> Vec:
    """The value of an end with this final money: each seat's margin, then its win share in
    60ths (``winners``: the engine's, else the seats with the most money)."""
    n = len(money)
    if winners is None:
        top = max(money)
        winners = tuple(seat for seat in range(n) if money[seat] == top)
    margins = tuple(money[s] - max(money[o] for o in range(n) if o != s) for s in range(n))
    share = WIN_SCALE // len(winners)
    wins = tuple(share if s in winners else 0 for s in range(n))
    return margins + wins


def rank(vec: Vec, seat: int, objective: str) -> tuple[Any, ...]:
    """A seat's preference over value vectors: the larger rank is preferred (the module's
    docstring, "Ties"). Two vectors of equal rank are equal."""
    n = len(vec) // 2
    first, second = (0, n) if objective == MARGIN else (n, 0)
    others = [o for o in range(n) if o != seat]
    return (
        vec[first + seat],
        vec[second + seat],
        -sum(vec[first + o] for o in others),
        -sum(vec[second + o] for o in others),
        tuple(-x for x in vec),
    )


def _average(weighted: list[tuple[int, Vec]]) -> Vec:
    """The expectation of vectors with whole weights, exact."""
    total = sum(w for w, _ in weighted)
    size = len(weighted[0][1])
    sums = [sum(w * vec[i] for w, vec in weighted) for i in range(size)]
    return tuple(_exact(Fraction(s, 1) / total) for s in sums)


def _exact(value: Fraction) -> Number:
    return value.numerator if value.denominator == 1 else value


# --- the search ------------------------------------------------------------------------------

_KEYED_FIELDS = (
    "hands",
    "neighbours_left",
    "money",
    "stores",
    "kept_laws",
    "laws_in_force",
    "market_price",
    "turn",
    "phase",
    "law9",
    "bought",
    "placed",
    "took",
    "law11_used",
    "draws_owed",
    "pending",
    "acted",
    "resume",
    "law9_colour",
)
"""State fields keyed as they are (:meth:`_Search.key` adds the cells, the boards and the
stacks in a compact form)."""

_UNKEYED_FIELDS = frozenset(
    {
        "components",  # the same all search long
        "cells",
        "boards",
        "stacks",  # keyed in a compact form
        "seed",
        "first",
        "events",
        "removed_laws",
        "spent_laws",
        "lost",  # the past: the rules never look at them again
        "end",  # None while the game goes on; at law 9's choice the reason, which no value reads
    }
)


def hidden_laws(state: CheopsState) -> list[int]:
    """Indexes of the pyramid's cells that still hold a law (hidden from the players)."""
    return [i for i, cell in enumerate(state.cells) if _is_law(cell)]


def _is_law(cell: object) -> bool:
    return isinstance(cell, int) and not isinstance(cell, bool)


def items_left(state: CheopsState) -> int:
    """Spaces of the pyramid still holding a treasure or a law."""
    tiles = (*FAMILY, NEIGHBOUR)
    return sum(1 for cell in state.cells if cell not in tiles)


ENDGAME_KEY = "silverpyr-cheops-endgame-v1"

SELL_CHANCE = (1, 5)
"""How often :func:`random_endgame`'s play sells a treasure it may store (stores keep the
boards from filling, so more games reach a late endgame)."""


def random_endgame(
    components: Components, players: int, seed: int, left: int, *, attempts: int = 60
) -> CheopsState:
    """A reachable endgame at a turn's start: ``left`` spaces of the pyramid still hold a
    treasure, no law is left on it, the game goes on. Made from :func:`~.game.new_game`
    ``seed`` by random legal moves (of ``legal_moves``) (uniform, but a treasure is
    stored rather than sold 4 times in 5, so that the boards fill slowly, and a draw is
    always made when one can be, so that the hands do not run dry), from a stream
    keyed by the arguments; a game that ends first, or passes ``left``, is played again with
    the next stream (``attempts`` times, then :class:`EndgameError`)."""
    if isinstance(left, bool) or not isinstance(left, int) or not 1 <= left <= 60:
        raise EndgameError(f"{left!r} is not a number of spaces left (1 to 60)")
    start = new_game(components, players, seed)
    for attempt in range(attempts):
        stream = SeededStream(f"{ENDGAME_KEY}|{players}|{seed}|{left}|{attempt}")
        state = start
        while state.phase is not Phase.OVER:
            if state.phase is Phase.START and not (
                state.placed or state.bought or state.took or state.acted
            ):
                here = items_left(state)
                if here < left:
                    break
                if here == left and not hidden_laws(state):
                    return state
            moves = legal_moves(state)
            if (
                state.phase is Phase.SELL
                and Store() in moves
                and Sell() in moves
                and not stream.chance(*SELL_CHANCE)
            ):
                move: Move = Store()
            elif state.phase is Phase.DRAW and any(isinstance(m, DrawTile) for m in moves):
                move = stream.choice([m for m in moves if isinstance(m, DrawTile)])
            else:
                move = stream.choice(moves)
            state = apply_unchecked(state, move)  # a move of legal_moves
    raise EndgameError(
        f"no endgame with {left} spaces left found for seed {seed} ({players} players) in "
        f"{attempts} games"
    )


class _Search:
    """Max-n with chance nodes and a transposition table over the engine's moves."""

    def __init__(
        self, root: CheopsState, objective: str, deadline: float, node_limit: float
    ) -> None:
        self.players = root.players
        self.objective = objective
        self.deadline = deadline
        self.node_limit = node_limit
        """Nodes the search may evaluate in all (``inf``: no budget): unlike the deadline,
        the same on every machine."""
        self.out_of_nodes = False
        known = set(_KEYED_FIELDS) | _UNKEYED_FIELDS
        # a field the engine may gain later is keyed too (never a wrong transposition)
        self.fields = _KEYED_FIELDS + tuple(
            f.name for f in dataclasses.fields(root) if f.name not in known
        )
        self.keyed = operator.attrgetter(*self.fields)
        self.exact: dict[tuple[Any, ...], tuple[Vec, Move | None]] = {}
        """Values of states whose search met no horizon: the game's own values."""
        self.limited: dict[tuple[Any, ...], tuple[Vec, Move | None]] = {}
        """Values met with a horizon, keyed by the state and the turns left."""
        self.nodes = 0

    def tick(self) -> None:
        if self.nodes >= self.node_limit:
            self.out_of_nodes = True
            raise _OutOfTime
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def key(self, state: CheopsState) -> tuple[Any, ...]:
        """What the rest of the game depends on: the cells (as one text: in an endgame each
        is a tile letter or a colour), each board's covered count and laws, every field of
        the state the rules still read (turn, phase, the turn's flags, hands, money, stores,
        laws), and the stacks by their tops, their sizes and the multiset of every tile under
        a top: the order under the tops is unknown to everyone, and each chance outcome is
        set by ``with_next_tile``. Not keyed: the seed, the events and what left the game."""
        stacks = state.stacks
        hidden = "".join(sorted(tile for stack in stacks for tile in stack[1:]))
        tops = ",".join(f"{stack[0]}{len(stack)}" if stack else "-" for stack in stacks)
        boards = bytes(
            value
            for board in state.boards
            for value in (
                board.covered,
                board.law or 0,
                0 if board.law7 is None else board.law7 + 1,
            )
        )
        # compact (text and bytes): the table holds up to MAX_ENTRIES of these
        return (f"{','.join(map(str, state.cells))}/{tops}/{hidden}", boards, self.keyed(state))

    def end(self, state: CheopsState) -> Vec | None:
        """The value of a finished game (``None`` when it goes on)."""
        done: Outcome | None = outcome(state)
        if done is None:
            return None
        return money_vector(tuple(done.money), tuple(done.winners))

    def horizon(self, state: CheopsState) -> Vec:
        """The heuristic value at the search's horizon: the money as if the game ended."""
        return money_vector(tuple(final_money(state)))

    def remember(
        self, key: tuple[Any, ...], turns: int, cut: bool, entry: tuple[Vec, Move | None]
    ) -> None:
        if cut:
            if len(self.limited) >= MAX_ENTRIES:
                self.limited.clear()
            self.limited[key, turns] = entry
        else:
            if len(self.exact) >= MAX_ENTRIES:
                self.exact.clear()
            self.exact[key] = entry

    def settled(self, state: CheopsState) -> tuple[Vec | None, tuple[Any, ...]]:
        """``state``'s value when no search is needed (the game is over, or the exact table
        has it; else ``None``), and its table key (``()`` once the game is over)."""
        finished = self.end(state)
        if finished is not None:
            return finished, ()
        key = self.key(state)
        known = self.exact.get(key)
        return (None if known is None else known[0]), key

    def value(self, state: CheopsState, turns: int) -> tuple[Vec, bool]:
        """(value, whether a horizon was met) of ``state``, searching ``turns`` turn ends
        deep (the current turn's end is the first)."""
        settled, key = self.settled(state)
        if settled is not None:
            return settled, False
        known = self.limited.get((key, turns))
        if known is not None:
            return known[0], True
        self.tick()
        best: Vec | None = None
        best_rank: tuple[Any, ...] = ()
        best_move: Move | None = None
        best_text = ""
        cut = False
        seat = state.turn
        for move in distinct_moves(state):
            vec, met = self.move_value(state, move, turns)
            cut = cut or met
            here = rank(vec, seat, self.objective)
            if best is None or here > best_rank:
                best, best_rank, best_move, best_text = vec, here, move, move.notation()
            elif here == best_rank:
                text = move.notation()
                if text < best_text:
                    best_move, best_text = move, text
        if best is None:
            raise EndgameError(f"no legal move in phase {state.phase} for seat {seat}")
        self.remember(key, turns, cut, (best, best_move))
        return best, cut

    def move_value(self, state: CheopsState, move: Move, turns: int) -> tuple[Vec, bool]:
        """(value, whether a horizon was met) of playing ``move`` in ``state``."""
        if isinstance(move, DrawTile):
            belief = next_tile(state, move.stack)
            if belief:
                weighted: list[tuple[int, Vec]] = []
                cut = False
                for kind, count in belief:
                    after = apply_unchecked(with_next_tile(state, move.stack, kind), move)
                    vec, met = self.child_value(state, after, turns)
                    weighted.append((count, vec))
                    cut = cut or met
                return _average(weighted), cut
        return self.child_value(state, apply_unchecked(state, move), turns)

    def child_value(self, state: CheopsState, after: CheopsState, turns: int) -> tuple[Vec, bool]:
        """The value of ``after``, a child of ``state``: a turn's end costs one turn of
        depth; with none left, the horizon's heuristic. Law 9's choice at the end is no new
        turn: it is searched whatever the depth."""
        if after.turn != state.turn and after.phase not in _NO_TURN:
            if turns <= 1:
                finished = self.end(after)
                if finished is not None:
                    return finished, False
                return self.horizon(after), True
            return self.value(after, turns - 1)
        return self.value(after, turns)

    def best_move(self, state: CheopsState, turns: int) -> Move | None:
        """The remembered best move of ``state`` (searched again if it was dropped)."""
        key = self.key(state)
        known = self.exact.get(key) or self.limited.get((key, turns))
        if known is None:
            self.value(state, turns)
            known = self.exact.get(key) or self.limited.get((key, turns))
        return None if known is None else known[1]

    def line(self, state: CheopsState, turns: int, first: Move) -> tuple[Step, ...]:
        """The principal line from ``state``, starting with ``first``, replayed through the
        checked ``apply``: at a chance node it follows the most likely tile; it stops at the
        game's end or at the horizon."""
        steps: list[Step] = []
        move: Move | None = first
        while move is not None:
            chance = ""
            before = state
            if isinstance(move, DrawTile):
                belief = next_tile(state, move.stack)
                if belief:
                    total = sum(count for _, count in belief)
                    kind, count = sorted(belief, key=lambda kc: (-kc[1], kc[0]))[0]
                    state = with_next_tile(state, move.stack, kind)
                    chance = (
                        f"chance: the line assumes {kind} is uncovered under the drawn tile, "
                        f"the most likely ({count} of {total} hidden tiles)"
                    )
            steps.append(Step(before.turn, move.notation(), chance))
            state = apply(state, move)
            if outcome(state) is not None:
                break
            if state.turn != before.turn and state.phase not in _NO_TURN:
                turns -= 1
                if turns <= 0:
                    break
            move = self.best_move(state, turns)
        return tuple(steps)

    def root_moves(self, state: CheopsState, turns: int) -> tuple[list[tuple[Move, Vec]], bool]:
        """Every distinct move of the root with its exact value ``turns`` deep (0: the
        state right after the move, valued as if the game ended there), and whether a
        horizon was met."""
        result = []
        cut = turns == 0
        for move in distinct_moves(state):
            if turns == 0:
                result.append((move, self.shallow(state, move)))
            else:
                vec, met = self.move_value(state, move, turns)
                result.append((move, vec))
                cut = cut or met
        return result, cut

    def shallow(self, state: CheopsState, move: Move) -> Vec:
        """The move valued by the state right after it (chance: the expectation)."""
        if isinstance(move, DrawTile):
            belief = next_tile(state, move.stack)
            if belief:
                return _average(
                    [
                        (count, self.leaf(apply(with_next_tile(state, move.stack, kind), move)))
                        for kind, count in belief
                    ]
                )
        return self.leaf(apply(state, move))

    def leaf(self, state: CheopsState) -> Vec:
        finished = self.end(state)
        return finished if finished is not None else self.horizon(state)


_NO_TURN = (Phase.OVER, Phase.LAW9)
"""Phases a move may pass the play to without a new turn: the end, law 9's choice."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
_INFINITY = float("inf")
_Score = tuple[Any, ...]


class _TwoSearch(_Search):
    """Two players: the same game value by **alpha-beta** (the game is zero-sum in both
    the margin and the win share). A seat's score is (its objective, its other quantity),
    compared in that order; seat 0 maximises its score, seat 1 minimises it. Windows narrow
    at decision nodes only: a chance node's outcomes are searched with the full window (no
    pruning across chance), and so is every move at the root (each root move's value is
    exact). A table entry holds an exact value or a bound (with the window it was searched
    in), and its best move, tried first at the next depth."""

    def __init__(
        self, root: CheopsState, objective: str, deadline: float, node_limit: float
    ) -> None:
        super().__init__(root, objective, deadline, node_limit)
        n = root.players
        self.first, self.second = (0, n) if objective == MARGIN else (n, 0)
        self.bounds: dict[tuple[Any, ...], tuple[Vec, int, bool, Move | None]] = {}

    def score(self, vec: Vec) -> _Score:
        return (vec[self.first], vec[self.second])

    def value(self, state: CheopsState, turns: int) -> tuple[Vec, bool]:
        return self.window(state, turns, (-_INFINITY,), (_INFINITY,))

    def window(
        self, state: CheopsState, turns: int, alpha: _Score, beta: _Score
    ) -> tuple[Vec, bool]:
        """(value, whether a horizon was met): exact inside ``(alpha, beta)``; at or
        below ``alpha`` an upper bound, at or above ``beta`` a lower bound (fail-soft)."""
        settled, key = self.settled(state)
        if settled is not None:
            return settled, False
        entry = self.bounds.get((key, turns))
        hint: Move | None = None
        if entry is not None:
            vec, kind, met, hint = entry
            here = self.score(vec)
            if (
                kind == _EXACT
                or (kind == _LOWER and here >= beta)
                or (kind == _UPPER and here <= alpha)
            ):
                return vec, met
        else:
            earlier = self.bounds.get((key, turns - 1))
            if earlier is not None:
                hint = earlier[3]
        self.tick()
        low, high = alpha, beta
        maximise = state.turn == 0
        moves = distinct_moves(state)
        if hint is not None and hint in moves:
            moves = (hint, *(m for m in moves if m != hint))
        best: Vec | None = None
        best_score: _Score = ()
        best_move: Move | None = None
        cut = False
        for move in moves:
            vec, met = self.move_window(state, move, turns, alpha, beta)
            cut = cut or met
            here = self.score(vec)
            if best is None or (here > best_score if maximise else here < best_score):
                best, best_score, best_move = vec, here, move
            if maximise:
                alpha = max(alpha, here)
            else:
                beta = min(beta, here)
            if alpha >= beta:
                break
        if best is None:
            raise EndgameError(f"no legal move in phase {state.phase} for seat {state.turn}")
        kind = _UPPER if best_score <= low else _LOWER if best_score >= high else _EXACT
        if kind == _EXACT and not cut:
            self.remember(key, turns, False, (best, best_move))
        else:
            if len(self.bounds) >= MAX_ENTRIES:
                self.bounds.clear()
            self.bounds[key, turns] = (best, kind, cut, best_move)
        return best, cut

    def move_window(
        self, state: CheopsState, move: Move, turns: int, alpha: _Score, beta: _Score
    ) -> tuple[Vec, bool]:
        if isinstance(move, DrawTile) and next_tile(state, move.stack):
            return self.move_value(state, move, turns)  # chance: the full window
        after = apply_unchecked(state, move)
        if after.turn != state.turn and after.phase not in _NO_TURN:
            if turns <= 1:
                return self.horizon(after), True
            return self.window(after, turns - 1, alpha, beta)
        return self.window(after, turns, alpha, beta)

    def best_move(self, state: CheopsState, turns: int) -> Move | None:
        """The best move of ``state`` from an exact entry (searched with the full window
        when there is none)."""
        key = self.key(state)
        for _ in range(2):
            known = self.exact.get(key)
            if known is not None:
                return known[1]
            entry = self.bounds.get((key, turns))
            if entry is not None and entry[1] == _EXACT:
                return entry[3]
            self.value(state, turns)
        return None


def check_endgame(state: CheopsState) -> None:
    """Raise :class:`EndgameError` unless ``state`` is a solvable endgame: the game goes on
    and no law is left on the pyramid."""
    if state.phase is Phase.OVER or outcome(state) is not None:
        raise EndgameError("the game is over: there is no move to search")
    laws = hidden_laws(state)
    if laws:
        from .board import SPACES

        where = ", ".join(str(SPACES[i]) for i in laws)
        plural = "s remain" if len(laws) > 1 else " remains"
        raise EndgameError(
            f"not an endgame: a hidden law{plural} on the pyramid (at {where}); the exact "
            "search needs every law known"
        )


def solve_endgame(
    state: CheopsState,
    *,
    time_limit: float,
    objective: str = MARGIN,
    max_turns: int | None = None,
    node_limit: int | None = None,
) -> EndgameAnswer:
    """The best move for the seat to move in the endgame ``state`` (see the module's
    docstring), searched by iterative deepening on turns within ``time_limit`` seconds.

    ``max_turns`` stops the deepening at that many turns (tests and benchmarks; the answer
    is then ``best found`` unless the search was complete). ``node_limit`` stops it after
    that many nodes in all (``silverpyr cheops solve --node-limit``): a budget that, unlike
    the clock, gives the same answer on every machine.

    Raises :class:`EndgameError` for a state that is not a solvable endgame, an unknown
    objective, a time limit that is not a positive number or a node limit that is not a
    positive whole number.
    """
    if objective not in OBJECTIVES:
        raise EndgameError(f"{objective!r} is not an objective (margin or win)")
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
        raise EndgameError(f"{time_limit!r} is not a time limit in seconds")
    if not time_limit > 0:
        raise EndgameError(f"the time limit must be a positive number of seconds, not {time_limit}")
    if node_limit is not None and (
        isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1
    ):
        raise EndgameError(f"the node limit must be a whole number above 0, not {node_limit!r}")
    check_endgame(state)
    began = time.perf_counter()
    deadline = began + time_limit
    budget = float("inf") if node_limit is None else node_limit
    search = (
        _TwoSearch(state, objective, deadline, budget)
        if state.players == 2
        else _Search(state, objective, deadline, budget)
    )
    seat = state.turn

    def best_first(moves: list[tuple[Move, Vec]]) -> list[tuple[Move, Vec]]:
        return sorted(
            moves,
            key=lambda mv: (tuple(_negate(rank(mv[1], seat, objective))), mv[0].notation()),
        )

    found: tuple[int, list[tuple[Move, Vec]], tuple[Step, ...]] | None = None
    proven = False
    turns = 1
    while True:
        try:
            moves, cut = search.root_moves(state, turns)
            ordered = best_first(moves)
            line = search.line(state, turns, ordered[0][0])
        except _OutOfTime:
            break
        found = (turns, ordered, line)
        if not cut:
            proven = True
            break
        if max_turns is not None and turns >= max_turns:
            break
        turns += 1
    out_of_nodes = search.out_of_nodes
    if found is None:
        search.deadline = search.node_limit = float("inf")
        ordered = best_first(search.root_moves(state, 0)[0])
        found = (0, ordered, (Step(seat, ordered[0][0].notation()),))
    depth, ordered, line = found
    best_move, best = ordered[0]
    n = state.players
    return EndgameAnswer(
        status=PROVEN if proven else BEST_FOUND,
        objective=objective,
        seat=seat,
        players=n,
        move=best_move.notation(),
        margin=Fraction(best[seat]),
        win=Fraction(best[n + seat]) / WIN_SCALE,
        margins=tuple(Fraction(x) for x in best[:n]),
        wins=tuple(Fraction(x) / WIN_SCALE for x in best[n:]),
        moves=tuple(
            MoveValue(m.notation(), Fraction(v[seat]), Fraction(v[n + seat]) / WIN_SCALE)
            for m, v in ordered
        ),
        line=line,
        turns=depth,
        nodes=search.nodes,
        seconds=time.perf_counter() - began,
        time_limit=float(time_limit),
        node_limit=node_limit,
        limit="nodes" if out_of_nodes else "time",
    )


def _negate(ranked: tuple[Any, ...]) -> tuple[Any, ...]:
    """A rank turned around, so that sorting puts the preferred first."""
    out: list[Any] = []
    for part in ranked:
        out.append(tuple(-x for x in part) if isinstance(part, tuple) else -part)
    return tuple(out)
