"""The Sun's dailies whose par changed when the belief after a reshuffle was corrected
(issue 30), and the note the daily archive adds to an attempt scored against the old par.

Until then a pile made from reshuffled discards was believed to hold every card out of
sight, the other hands' cards included; the right belief is the cards of that reshuffle the
seat has not seen leave it (Ruling R6). Every daily from the first (2026-11-26) to
2027-01-31 was made again under both beliefs (``tools/sun_repar.py``, at commit 13ce335 and
after): 67 dailies, 8 of them with a reshuffled pile, 3 with another par (the positions are
the same). A scored attempt
keeps its score; its archive line says that par has changed since (``par now 15.0 (was
14.0 before the reshuffle fix)``).
"""

from __future__ import annotations

from fractions import Fraction

from ..core.attempts import one_decimal, tenths_of
from ..core.standings import ArchiveEntry

CHANGED_PARS: dict[str, tuple[Fraction, Fraction]] = {
    "2026-12-12": (Fraction(14), Fraction(15)),
    "2026-12-19": (Fraction(649, 26), Fraction(45, 2)),
    "2027-01-09": (Fraction(3437, 132), Fraction(166, 7)),
}
"""Date -> (the par before the correction, the par now), exact."""


def archive_note(entry: ArchiveEntry) -> str | None:
    """The note on a daily's archive line when its scored attempt was scored against the
    par before the correction (``None`` otherwise)."""
    change = CHANGED_PARS.get(entry.date)
    scored = entry.scored
    if change is None or scored is None:
        return None
    before, now = change
    if scored.par != tenths_of(before):
        return None
    return f"par now {one_decimal(now)} (was {one_decimal(before)} before the reshuffle fix)"
