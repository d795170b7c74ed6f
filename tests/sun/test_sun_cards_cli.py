"""``silverpyr sun cards validate|list|show``, and ``--cards`` naming the Sun card file."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.solver.sun.cards import bundled_deck_path, load_deck

runner = CliRunner()


def _run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def test_validate_the_bundled_deck_prints_one_summary_line() -> None:
    result = _run("sun", "cards", "validate")
    assert result.exit_code == 0, result.output
    deck = load_deck()
    assert result.stdout.startswith("OK: ")
    assert f"{len(deck)} cards" in result.stdout and len(result.stdout.splitlines()) == 1


def test_validate_a_broken_file_names_each_problem_with_exit_2(tmp_path: Path) -> None:
    data = yaml.safe_load(bundled_deck_path().read_text(encoding="utf-8"))
    data["cards"][20]["value"] = 77
    data["cards"][30]["kind"] = "pyramid"
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = _run("sun", "cards", "validate", str(path))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) >= 2 and all(line.startswith("error: ") for line in lines)
    assert all("mine.yaml" in line for line in lines)
    assert any("cards[20]" in line for line in lines) and any("cards[30]" in line for line in lines)


def test_the_global_cards_option_is_the_sun_file_for_sun_commands(tmp_path: Path) -> None:
    path = tmp_path / "copy.yaml"
    path.write_text(bundled_deck_path().read_text(encoding="utf-8"), encoding="utf-8")
    result = _run("sun", "cards", "list", "--json", "--cards", str(path))
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == len(load_deck(path))
    assert {row["kind"] for row in rows} == {"base", "standard", "edge", "top"}


def test_show_a_card_by_label_and_by_id_agree() -> None:
    deck = load_deck()
    top = deck.cards[deck.top_ids[0]]
    by_label = json.loads(_run("sun", "cards", "show", top.label, "--json").stdout)
    by_id = json.loads(_run("sun", "cards", "show", str(top.id), "--json").stdout)
    assert by_label["kind"] == "top" and by_label["value"] == top.value
    assert by_id["label"] == top.label
    assert any("x 3" in line for line in by_label["rules"])


def test_an_unknown_card_is_one_error_line() -> None:
    result = _run("sun", "cards", "show", "Z9")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert "Z9" in result.stderr
