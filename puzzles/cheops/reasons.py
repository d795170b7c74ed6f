"""Why the expert's move beats another, in Cheops's own words (issue 32).

The reasons are the expert's own: its value model's valuation of both options split into
named parts (:meth:`~silverpyr.solver.cheops.expert.Expert.explain`), compared part by part
(the expert's move's minus the other's, in the model's piastres). :func:`reasons` says the
two largest parts in the expert's move's favour, in game words with their points (``sells
blue for 10 now (+10.0)``, ``keeps e3 (red) shut to the next player (+2.5)``), the largest
part where the other option does better (``yours: ...``), and, when the rollouts' loss is
clearly more or less than the parts add up to, what is left (``the rest (+4.2) from later
turns, by the rollouts``). A part below :data:`SAID_FROM` piastres is not said. A hidden law
is never named: an eye is worth the mean of the laws its taker has not seen.
"""

from __future__ import annotations

import math

from ...solver.cheops import game as engine
from ...solver.cheops.board import parse_space
from ...solver.cheops.components import COLOURS
from ...solver.cheops.expert import ExpertWeights, Terms

SAID_FROM = 0.5
"""Piastres: a part (or the rollouts' rest) smaller than this is not said."""
REST_FROM = 1.0
"""Piastres: the rollouts' rest is said from this on, and only beyond twice the loss's
standard error (a clear margin, not noise)."""


def reasons(
    state: engine.CheopsState,
    seat: int,
    best: tuple[engine.Move, Terms],
    other: tuple[engine.Move, Terms],
    *,
    loss: float | None = None,
    error: float | None = None,
    weights: ExpertWeights | None = None,
    first_take: engine.Take | None = None,
) -> tuple[str, ...]:
    """What the expert's move (``best``: the move and its parts) gains over ``other``, in
    words with points (module docstring); ``loss`` and ``error``: the rollouts' loss of
    ``other`` and its standard error (``None``: no rest is said); ``first_take``: the
    expert's best take, whose parts a neighbour's purchase and a kept law's use include (so
    their words name it)."""
    weights = weights or ExpertWeights()
    words = _Words(state, seat, weights, first_take)
    mine, theirs = best[1], other[1]
    parts = sorted(
        ((mine.get(key, 0.0) - theirs.get(key, 0.0), key) for key in {*mine, *theirs}),
        key=lambda item: (-item[0], item[1]),
    )
    said = [
        f"{words(key, best, other)} (+{points:.1f})"
        for points, key in parts[:2]
        if points >= SAID_FROM
    ]
    worst = min(parts, key=lambda item: (item[0], item[1]), default=(0.0, ""))
    if worst[0] <= -SAID_FROM:
        text = words(worst[1], other, best)
        said.append(f"yours: {text} (-{-worst[0]:.1f})")
    if loss is not None:
        rest = loss - math.fsum(points for points, _ in parts)  # in any order, the same
        noise = 0.0 if error is None else 2 * error
        if abs(rest) >= max(REST_FROM, SAID_FROM) and abs(rest) > noise:
            if not said:
                said.append("even in the expert's parts (a tie, or too small to say)")
            said.append(f"the rest ({rest:+.1f}) from later turns, by the rollouts")
    return tuple(said)


def unweighed(state: engine.CheopsState, move: engine.Move) -> tuple[str, ...]:
    """The reason of an option the expert's value model does not weigh (so it has no parts
    to compare): which of its rules leaves it out."""
    if isinstance(move, engine.BuyNeighbour):  # only at a turn's start, where the search runs
        return (
            "the expert's look-ahead (a round on) found buying a neighbour worth less than "
            "its move",
        )
    if _law_of(move) is not None and state.phase is not engine.Phase.START:
        return ("the expert uses a kept law only at a turn's start",)
    if isinstance(move, engine.UseLaw12):
        return (
            "the expert swaps by law 12 only with its store or into an open space, once a "
            "pair of items",
        )
    return ("the expert does not weigh this move here",)


def looked_ahead(reference: engine.Move) -> tuple[str, ...]:
    """The reason of every option when the expert's move is one its value model does not
    weigh (a neighbour bought with one space to take): its search chose it."""
    return (
        f"the expert chose {reference.notation()} by its look-ahead (a round on); its value "
        "model alone does not weigh that move",
    )


def _colour(state: engine.CheopsState, move: engine.Move) -> str | None:
    """The colour ``move`` takes, sells, stores or aims a law at (``None``: none, or a law)."""
    if isinstance(move, (engine.Take, engine.UseLaw11)):
        item = state.cells[move.space.index]
        return item if isinstance(item, str) else None
    if isinstance(move, (engine.Sell, engine.Store)):
        return state.pending if isinstance(state.pending, str) else None
    if isinstance(move, (engine.UseLaw10, engine.LawTarget, engine.Law9Colour)):
        return move.colour
    return None


def _law_of(move: engine.Move) -> int | None:
    """The kept law ``move`` uses."""
    if isinstance(move, engine.UseLaw10):
        return 10
    if isinstance(move, engine.UseLaw11):
        return 11
    if isinstance(move, engine.UseLaw12):
        return 12
    return None


_OWN_TAKE = ("hand", "eye", "stuck")
"""Parts a kept law's use shares with the best take it comes with (a neighbour's purchase
shares every part but its own)."""


def _none(count: int) -> str:
    return "none" if count == 0 else str(count)


class _Words:
    """The words of a part, for one decision (:func:`reasons`)."""

    def __init__(
        self,
        state: engine.CheopsState,
        seat: int,
        weights: ExpertWeights,
        first_take: engine.Take | None,
    ) -> None:
        self.state = state
        self.seat = seat
        self.weights = weights
        self.first_take = first_take

    def _mover(self, move: engine.Move, key: str) -> engine.Move:
        """The move whose words name the part ``key`` of ``move``'s parts: the best take a
        neighbour's purchase or a kept law's use includes, where the part is that take's."""
        if self.first_take is None:
            return move
        neighbours = ("neighbour", "margin")
        if isinstance(move, engine.BuyNeighbour) and not (
            key in neighbours or key.startswith("second:")
        ):
            return self.first_take
        if _law_of(move) is not None and (key in _OWN_TAKE or key.startswith("opens:")):
            return self.first_take
        return move

    def _sells(self, move: engine.Move, terms: Terms) -> bool:
        """Whether ``move`` sells the colour it takes (a take: when its money rises)."""
        if isinstance(move, (engine.Sell, engine.UseLaw10)):
            return True
        return isinstance(move, (engine.Take, engine.UseLaw11)) and terms.get("money", 0.0) > 0

    def __call__(
        self, key: str, side: tuple[engine.Move, Terms], against: tuple[engine.Move, Terms]
    ) -> str:
        """Why ``side``'s move does better than ``against``'s on the part ``key``."""
        state = self.state
        move, terms = self._mover(side[0], key), side[1]
        other, others = self._mover(against[0], key), against[1]
        x, y = terms.get(key, 0.0), others.get(key, 0.0)
        colour = _colour(state, move)
        sells = colour is not None and self._sells(move, terms)
        if key == "money":
            if x > 0:  # a kept law's use: its own sale and the best take's, together
                if sells and _law_of(side[0]) is None:
                    return f"sells {colour} for {x:g} now"
                return f"{x:g} piastres now"
            if isinstance(other, engine.PayLaw9):
                return f"keeps the {-y:g} piastres law 9 costs"
            if x:
                return f"pays {-x:g} piastres now, not {-y:g}"
            return f"pays nothing now, not {-y:g}"
        if key.startswith("store:"):
            return self._store(key.removeprefix("store:"), move, x, colour, sells)
        if key.startswith("rivals:store:"):
            c = key.removeprefix("rivals:store:")
            if x > 0:
                return f"their stored {c} loses worth"
            if _colour(state, other) == c and self._sells(other, others):
                return f"no rise in {c}'s price for their stores"
            return f"their stored {c} gains less" if x else f"their stored {c} gains nothing"
        if key == "rivals:kept" and isinstance(move, engine.RemoveLaw) and move.law is not None:
            return f"removes law {move.law}, kept by a rival"
        if key.startswith("rivals:"):
            return "less for the strongest rival"
        if key == "kept":
            law = _law_of(other)
            return f"keeps law {law} for later" if law is not None else "keeps its kept laws"
        if key == "race":
            if x > 0 and y > 0:
                return "wins alone, not shared"
            return "ends the game now, in the lead" if x > 0 else "does not end the game behind"
        if key == "eye":
            if isinstance(move, (engine.Take, engine.UseLaw11)):
                return f"takes the law under the eye {move.space} (worth {x:.1f} on average)"
            return f"a law from an eye (worth {x:.1f} on average)"
        if key.startswith("opens:"):
            space = key.removeprefix("opens:")
            cell = state.cells[parse_space(space).index]
            item = "an eye" if isinstance(cell, int) else str(cell)  # its law unseen
            return f"keeps {space} ({item}) shut to the next player"
        if key in ("hand", "stuck"):
            return self._hand(key, move, x)
        if key == "neighbour":
            return f"saves the neighbour's {-y:g} piastres"
        if key == "margin":
            return "short of the margin two takes must clear"
        if key.startswith("second:"):
            return f"a second take, {key.removeprefix('second:')}, after the neighbour"
        if key == "next take":
            return "a better take after the swap" if x > 0 else "keeps the best take as it is"
        if key.startswith("target:") and colour is not None:
            return self._target(key, colour)
        return key

    def _store(self, c: str, move: engine.Move, x: float, colour: str | None, sells: bool) -> str:
        if isinstance(move, engine.PayLaw9):
            return f"law 9 counts as one more stored {c}"
        if isinstance(move, engine.Law9Colour) and colour == c:
            return f"law 9 counts as {c}"
        if isinstance(move, engine.LawTarget) and move.entry is not None and colour == c:
            return f"law 7 on {c}'s board: your stored {c} gains"
        if (
            colour == c
            and not sells
            and x > 0
            and isinstance(move, (engine.Take, engine.UseLaw11, engine.Store))
        ):
            return f"stores {c}, worth {x:g} at the end"
        if x > 0:
            return f"{c}'s price rises for your stored {c}" if sells else f"your stored {c} gains"
        return f"your stored {c} keeps its worth"

    def _hand(self, key: str, move: engine.Move, x: float) -> str:
        state = self.state
        if key == "stuck":
            if isinstance(move, engine.DrawTile):
                return "draws a tile that fits an open space"
            return "keeps a tile that fits an open space"
        kinds = round(x / self.weights.kinds) if self.weights.kinds else 0
        held = f"{kinds} kind{'s' * (kinds != 1)} of tile"
        if isinstance(move, (engine.Take, engine.UseLaw11)):
            return f"places the {engine.KIND_NAMES[move.kind]} ({move.kind}), keeping {held}"
        if isinstance(move, engine.DrawTile) and state.stacks[move.stack - 1]:
            top = state.stacks[move.stack - 1][0]
            return f"draws the {engine.KIND_NAMES[top]} of stack {move.stack}: {held} in hand"
        if isinstance(move, engine.EndTurn):
            return f"keeps its tiles: {held} in hand"
        return f"{held} in hand"

    def _target(self, key: str, c: str) -> str:
        """Laws 4-6's target ``c``: the seat's stores of it and the most a rival stores."""
        state = self.state
        law = state.pending if isinstance(state.pending, int) else 0
        index = COLOURS.index(c)
        mine = state.stores[self.seat][index]
        rival = max(
            (store[index] for s, store in enumerate(state.stores) if s != self.seat), default=0
        )
        if key == "target:rivals":
            return f"law {law} on {c}, of which a rival stores {_none(rival)}"
        return f"law {law} on {c}, of which you store {_none(mine)}"


__all__ = ["REST_FROM", "SAID_FROM", "reasons", "unweighed"]
