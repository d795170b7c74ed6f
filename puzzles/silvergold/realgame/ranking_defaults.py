"""Defaults of the move ranking under uncertainty (:mod:`.uncertain`) and of the expert's
advice (:mod:`.advice`), free of imports so the CLI can show them in ``--help`` without
loading the solver."""

DEFAULT_SAMPLES = 6
"""Sampled orders per ranking; also the most orders enumerated in full."""

DEFAULT_TOP_K = 5
"""Candidate moves evaluated (the rest are pruned by ``uncertain.heuristic_key``)."""

DEFAULT_LOOKAHEAD = 3
"""Turns looked at after this one (never past the end of the round)."""

DEFAULT_ROLLOUTS = 0
"""Rollout samples per option for the advice's second opinion (:mod:`.advice`; 0: none,
the calibrated valuation alone)."""
