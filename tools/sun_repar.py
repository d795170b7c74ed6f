"""The Sun's dailies made again: each one's par and whether a pile of its position was made
from reshuffled discards, checked against ``puzzles/sun/par_changes.py`` (issue 30).

    python tools/sun_repar.py                                  # 2026-11-26 .. 2027-01-31
    python tools/sun_repar.py --start 2026-12-01 --end 2026-12-31 --json > now.json

Run at commit 13ce335 (before the belief after a reshuffle was corrected) and after it with
``--json``, the two files differ in par on exactly the dates of ``CHANGED_PARS`` (the
positions are the same); without ``--json`` this checks that each listed date's par is the
table's "now" (exit 1 otherwise).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from fractions import Fraction

from silverpyr.puzzles.sun.ids import daily_puzzle
from silverpyr.puzzles.sun.par_changes import CHANGED_PARS
from silverpyr.solver.sun.cards import load_deck


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--start", default="2026-11-26", help="the first date (the first daily)")
    parser.add_argument("--end", default="2027-01-31")
    parser.add_argument("--json", action="store_true", help="every daily's par, as JSON")
    args = parser.parse_args()
    deck = load_deck()
    day = dt.date.fromisoformat(args.start)
    end = dt.date.fromisoformat(args.end)
    found: dict[str, dict[str, object]] = {}
    wrong = 0
    while day <= end:
        data = daily_puzzle(day, deck).to_dict()
        date = day.isoformat()
        reshuffled = [key for key in data if key.endswith("_reshuffled")]
        found[date] = {"par": data["par"], "reshuffled": reshuffled}
        if not args.json:
            change = CHANGED_PARS.get(date)
            mark = ""
            if change is not None:
                ok = Fraction(data["par"]) == change[1]
                wrong += not ok
                mark = "  listed: " + ("ok" if ok else f"WRONG (table says {change[1]})")
            print(f"{date}  par {data['par']:>10}  {' '.join(reshuffled)}{mark}", flush=True)
        day += dt.timedelta(days=1)
    if args.json:
        print(json.dumps(found, indent=1, sort_keys=True))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
