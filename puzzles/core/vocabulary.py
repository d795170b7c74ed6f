"""One vocabulary for every game's trainer (issue 32): the JSON of ``daily`` and ``puzzle``,
the difficulty from 1 to 5, and the share text. Game-free: each game hands its facts.

**JSON.** A puzzle shown (``--json`` without answers) is :func:`puzzle_dict`: ``id``,
``date`` (the daily's, else ``null``), ``kind``, ``difficulty`` (1-5), ``par`` (a number in
the game's ``unit``, as the game shows it), ``proven`` (whether par is proven best) and the
game's own position under :data:`POSITION`; a game adds its own keys beside them. An
attempt (``--json --moves``) is the same mapping and :func:`attempt_fields`: ``finished``,
``score`` (a number; so far, when not finished), ``at_par``, ``percent`` (of par),
``gave_up``, ``hints_used``, ``hint_levels`` (aim, area, move), ``moves`` (in notation),
``practice`` and ``share`` (``null`` until the end).

**Difficulty.** Every game rates a puzzle by how close a simple player gets to par (Silver
& Gold from its own features, :mod:`~silverpyr.puzzles.silvergold.rating`); the Sun and
Cheops hand the simple player's share of par to :func:`difficulty_level`.

**Share text.** :func:`share_text`: the game's name, the daily's date (or the puzzle's id),
the kind and difficulty; then the score against par, the hints by level and the
take-backs that counted (a move taken back after its feedback named the better move: the
answer was seen, so it also counts as a move hint). Nothing of the answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

POSITION = "position"
"""The key of the game's own position in every game's puzzle JSON."""

PUZZLE_KEYS = ("id", "date", "kind", "difficulty", "par", "unit", "proven", POSITION)
"""The keys every game's puzzle JSON starts with."""

ATTEMPT_KEYS = (
    "finished",
    "score",
    "at_par",
    "percent",
    "gave_up",
    "hints_used",
    "hint_levels",
    "take_backs",
    "moves",
    "practice",
    "share",
)
"""The keys every game's attempt JSON adds to :data:`PUZZLE_KEYS`."""

HINT_LEVEL_NAMES = ("aim", "area", "move")

_LEVEL_STEPS = (Fraction(9, 10), Fraction(4, 5), Fraction(11, 20), Fraction(3, 10))
"""Shares of par from which a puzzle is difficulty 1, 2, 3, 4 (below the last: 5)."""


def difficulty_level(par: Fraction, reached: Fraction) -> int:
    """Difficulty 1 (gentle) to 5 (hard) from what a simple player ``reached`` of ``par``:
    from 90 % of par 1, from 80 % 2, from 55 % 3, from 30 % 4, below 5 (par 0 or less: 1).

    The Sun's and Cheops's words keep their meaning: ``easy`` (from 80 %) is 1-2,
    ``medium`` (from 55 %) is 3, ``hard`` is 4-5."""
    if par <= 0:
        return 1
    share = reached / par
    for level, step in enumerate(_LEVEL_STEPS, start=1):
        if share >= step:
            return level
    return len(_LEVEL_STEPS) + 1


def tenths_number(value: Fraction) -> float:
    """``value`` as a JSON number with one decimal (rounded half up: the store's tenths)."""
    return int((value * 10 + Fraction(1, 2)).__floor__()) / 10


def puzzle_dict(
    *,
    puzzle_id: str,
    date: str | None,
    kind: str,
    difficulty: int,
    par: float | int,
    unit: str,
    proven: bool,
    position: Mapping[str, Any],
    **extra: Any,
) -> dict[str, Any]:
    """A puzzle's JSON: :data:`PUZZLE_KEYS` (``unit``: what par and a score count, ``points``
    ...; ``proven``: whether par is proven best), then the game's ``extra`` keys."""
    if not 1 <= difficulty <= 5:
        raise ValueError(f"difficulty {difficulty}: not 1-5")
    clash = set(extra) & {*PUZZLE_KEYS, *ATTEMPT_KEYS}
    if clash:
        raise ValueError(f"a game's own keys may not be shared keys: {sorted(clash)}")
    return {
        "id": puzzle_id,
        "date": date,
        "kind": kind,
        "difficulty": difficulty,
        "par": par,
        "unit": unit,
        "proven": proven,
        POSITION: dict(position),
        **extra,
    }


def attempt_fields(
    *,
    finished: bool,
    score: float | int,
    at_par: bool,
    percent: int | None,
    gave_up: bool,
    hints_used: int,
    hint_levels: Sequence[int] | None,
    take_backs: int,
    moves: Sequence[str],
    practice: bool,
    share: str | None,
) -> dict[str, Any]:
    """What an attempt adds to its puzzle's JSON (:data:`ATTEMPT_KEYS`); ``hint_levels``
    ``None`` when not tracked by level; ``percent``: the score's share of par in whole
    percent (``None`` until the end)."""
    return {
        "finished": finished,
        "score": score,
        "at_par": at_par,
        "percent": percent,
        "gave_up": gave_up,
        "hints_used": hints_used,
        "hint_levels": None if hint_levels is None else list(hint_levels),
        "take_backs": take_backs,
        "moves": list(moves),
        "practice": practice,
        "share": share,
    }


# --- the share text ----------------------------------------------------------------------


STAR = "\u2b50"


@dataclass(frozen=True)
class ShareFacts:
    """What a game tells of a puzzle and an ended attempt for its share text."""

    game: str
    """The game's name (``Pyramid of the Sun``)."""
    puzzle_id: str
    date: str | None
    """The daily's date, else ``None`` (the puzzle's id is shown)."""
    kind: str
    """The kind for people (``best turn``)."""
    difficulty: int
    score: str
    """The score as the game shows it (``11.5``, ``18``, ``50%``)."""
    par: str
    at_par: bool
    gave_up: bool
    practice: bool
    hints_used: int
    hint_levels: tuple[int, int, int] | None
    """Hints by level (aim, area, move); ``None`` when not tracked by level."""
    saw_solution: bool
    """The answer was seen before the end (a move hint, a counted take-back, an earlier
    end screen)."""
    take_backs: int = 0
    """Moves taken back after their feedback named the better move (each a move hint)."""
    played: str | None = None
    """How far the attempt went, said of a give-up (``2 turns``, ``1 move``)."""
    missed: str | None = None
    """The puzzle's goal missed, in words (``card not completed by turn 4``), else ``None``."""
    note: str | None = None
    """The game's own word on the result (``par by the expert's rollouts``), else ``None``."""


def counted(amount: int, noun: str) -> str:
    """``1 turn``, ``2 moves``."""
    return f"{amount} {noun}{'s' * (amount != 1)}"


def hints_text(used: int, levels: Sequence[int] | None) -> str:
    """``no hints``, ``2 hints (aim 1, move 1)`` (``2 hints`` when not known by level)."""
    if used == 0:
        return "no hints"
    said = counted(used, "hint")
    if not levels or sum(levels) != used:
        return said
    by_level = ", ".join(
        f"{name} {count}" for name, count in zip(HINT_LEVEL_NAMES, levels, strict=False) if count
    )
    return f"{said} ({by_level})"


def share_lines(facts: ShareFacts, *, plain: bool = False) -> list[str]:
    """The share text's two lines: which puzzle, then the result (a game may add lines)."""
    sep = " - " if plain else " \u00b7 "
    what = f"daily {facts.date}" if facts.date else f"puzzle {facts.puzzle_id}"
    title = [f"{facts.game} {what}"]
    if facts.practice:
        title.append("practice (not scored)")
    title += [facts.kind, f"difficulty {facts.difficulty}/5"]
    against = f"{facts.score}/{facts.par}"
    if facts.gave_up:
        after = "" if facts.played is None else f" after {facts.played}"
        outcome = f"gave up{after} ({against})"
    elif facts.missed is not None:
        outcome = f"{facts.missed} ({against})"
    elif facts.at_par:
        outcome = f"{'' if plain else STAR + ' '}{against} at par"
    else:
        outcome = against
    hints = hints_text(facts.hints_used, facts.hint_levels)
    if facts.saw_solution or facts.take_backs:
        # honest: a line played after seeing the answer cannot claim "no hints", nor a daily
        # brought back to par by taking back a move the feedback had judged
        seen = ["solution seen before the end"]
        if facts.take_backs:
            seen.append(counted(facts.take_backs, "take-back"))
        hints = ", ".join(seen) + ("" if hints == "no hints" else f", {hints}")
    result = [outcome, hints]
    if facts.note is not None:
        result.append(facts.note)
    return [sep.join(title), sep.join(result)]


def share_text(facts: ShareFacts, *, plain: bool = False, picture: Sequence[str] = ()) -> str:
    """The whole share text: :func:`share_lines`, then the game's ``picture`` lines."""
    return "\n".join([*share_lines(facts, plain=plain), *picture])


__all__ = [
    "ATTEMPT_KEYS",
    "POSITION",
    "PUZZLE_KEYS",
    "ShareFacts",
    "attempt_fields",
    "counted",
    "difficulty_level",
    "hints_text",
    "puzzle_dict",
    "share_lines",
    "share_text",
    "tenths_number",
]
