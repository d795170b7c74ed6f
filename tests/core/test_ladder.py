"""The ladder benchmark plays every game through its arena and resumes from its pair file."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ladder():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("_ladder", ROOT / "benchmarks" / "ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["_ladder"] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules["_ladder"]


@pytest.mark.parametrize("game", ["silvergold", "sun", "cheops"])
def test_a_pair_plays_through_the_games_arena(ladder, game: str) -> None:  # type: ignore[no-untyped-def]
    pair = ladder.play_pair(game, "greedy", "greedy", 2, 1, 0)
    assert (pair.first, pair.second) == ("greedy", "greedy")
    assert len(pair.shares) == 2
    assert all(share in (0.0, 0.5, 1.0) for share in pair.shares)


def test_kept_pairs_are_only_those_of_the_same_run(ladder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "pairs.jsonl"
    out.write_text(
        '{"game": "sun", "seed": 5, "first": "a", "second": "b", "shares": [1, 0]}\n'
        '{"game": "sun", "seed": 6, "first": "a", "second": "c", "shares": [1, 0]}\n'
        '{"game": "cheops", "seed": 5, "first": "a", "second": "d", "shares": [1, 0]}\n'
        '{"game": "sun", "seed": 5, "first": "b", "second": "c", "shares": [0.5, 0, 1]}\n',
        encoding="utf-8",
    )
    kept = ladder.kept_pairs(out, "sun", 5, 2)
    assert list(kept) == [("a", "b")]
    assert kept[("a", "b")].shares == (1.0, 0.0)
    assert ladder.kept_pairs(tmp_path / "none.jsonl", "sun", 5, 2) == {}
    out.write_text("not json\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"pairs\.jsonl:1: not a ladder pair line"):
        ladder.kept_pairs(out, "sun", 5, 2)
