"""docs/cheops-rules.md: each of its rulings names where it lives and a test that exists."""

from __future__ import annotations

import re
from pathlib import Path

from silverpyr.cli.cheops.cards_cmd import pyramid_lines
from silverpyr.solver.cheops.components import load_components

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = (ROOT / "docs" / "cheops-rules.md").read_text(encoding="utf-8")
TESTS = "\n".join(
    path.read_text(encoding="utf-8") for path in sorted((ROOT / "tests").rglob("*.py"))
)


def test_rulings_c1_to_c3_each_name_their_code_and_tests() -> None:
    for number in (1, 2, 3):
        start = DOC.index(f"**Ruling C{number} ")
        section = DOC[start : DOC.index("\n## ", start)]
        assert "*Implemented:*" in section and "*Tested:*" in section, number
        assert "solver/cheops/" in section and "tests/cheops/" in section, number


def test_every_test_the_doc_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", DOC))
    assert len(named) >= 8
    for name in sorted(named):
        assert re.search(rf"def {name}\b", TESTS), f"docs/cheops-rules.md names {name}"


def test_the_doc_leaves_the_play_section_for_the_engine_and_stays_in_the_project() -> None:
    assert "## Play (rulings C4-C13)" in DOC
    assert "../shared" not in DOC  # the rulebook restatements beside the repository
    assert not re.search(r"(^|[\s(`'\"])/[A-Za-z]", DOC)  # no absolute path of a machine


def test_the_drawn_board_is_the_bundled_one() -> None:
    block = DOC.split("```\n")[1]
    assert block.rstrip("\n").splitlines() == pyramid_lines(load_components())
