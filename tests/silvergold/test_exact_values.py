"""The exact values shipped in data/exact_values.json match a recomputation."""

from __future__ import annotations

import json
from fractions import Fraction

from silverpyr.solver.silvergold import exact
from silverpyr.solver.silvergold.deckfile import bundled_deck_path, load_deck
from silverpyr.solver.silvergold.position import Position


def test_shipped_values_match_recomputation() -> None:
    path = bundled_deck_path().parent / "exact_values.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    deck = load_deck(None)
    assert data["deck"] == deck.fingerprint
    assert len(data["cards"]) == len(deck.pyramids)
    deal = exact.Deal.of_round(deck.expedition_cards())
    for number in (3, 7, 9):
        shipped = data["cards"][str(number)]
        position = Position.start(deck.card(number))
        best = exact.evaluate(position, 1, deal)
        greedy = exact.policy_value(position, 1, deal, exact.greedy_policy)
        assert Fraction(shipped["score"]) == best.score
        assert Fraction(shipped["completion"]) == best.completion
        assert Fraction(shipped["greedy_score"]) == greedy.score
        assert Fraction(shipped["greedy_completion"]) == greedy.completion
