"""The console script's quick start (issue 29): a help page seen before is printed from the
cache folder without importing Typer, byte for byte as Typer drew it; a card's page is
printed without Typer, byte for byte as the command prints it; the bundled components are
parsed once. Each run is a real process of the console script's entry."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from silverpyr.cli.core.launch import help_request
from silverpyr.cli.silvergold.card_page import card_request
from silverpyr.solver.core import reader

# After the program ends, stderr's last line says whether Typer was imported.
ENTRY = (
    "import atexit, sys; "
    "atexit.register(lambda: sys.__stderr__.write(f'\\ntyper={\"typer\" in sys.modules}\\n')); "
    "from silverpyr.cli.core.launch import main; main()"
)


# The same, through Typer's path always (the program before its quick paths).
TYPER_ENTRY = ENTRY.replace("silverpyr.cli.core.launch", "silverpyr.cli.core.app")


def run(args: list[str], home: Path, entry: str = ENTRY, **env: str) -> tuple[int, str, bool]:
    """Exit code, stdout, and whether Typer was imported, of one run of the console script."""
    done = subprocess.run(
        [sys.executable, "-c", entry, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "SILVERPYR_HOME": str(home), "COLUMNS": "80", **env},
        timeout=120,
        check=False,
    )
    *errors, typer_line = done.stderr.rstrip("\n").split("\n")
    assert "".join(errors).strip() == "", done.stderr
    return done.returncode, done.stdout, typer_line == "typer=True"


@pytest.mark.parametrize(
    ("args", "asks"),
    [
        (["--help"], True),
        (["-h"], True),
        (["sun", "game", "--help"], True),
        (["cheops", "solve", "-h"], True),
        ([], False),
        (["sun"], False),
        (["cards", "show", "17", "--help"], False),  # a value: drawn by Typer every time
        (["--cards", "x.yaml", "--help"], False),
        (["--help", "sun"], False),
        (["sun", "--help", "--help"], False),
        (["Sun", "--help"], False),
    ],
)
def test_only_plain_help_requests_are_answered_from_the_cache(args: list[str], asks: bool) -> None:
    assert help_request(args) is asks


@pytest.mark.parametrize("args", [["--help"], ["sun", "game", "--help"], ["cheops", "-h"]])
def test_a_page_seen_before_is_the_same_bytes_without_typer(
    args: list[str], tmp_path: Path
) -> None:
    first = run(args, tmp_path)
    second = run(args, tmp_path)
    assert first[0] == second[0] == 0
    assert first[2] and not second[2]
    assert second[1] == first[1]
    assert " Usage: " in second[1]
    assert len(list((tmp_path / "cache" / "help").glob("*.txt"))) == 1


def test_another_width_or_colour_setting_draws_the_page_again(tmp_path: Path) -> None:
    narrow = run(["sun", "--help"], tmp_path, COLUMNS="60")
    wide = run(["sun", "--help"], tmp_path, COLUMNS="120")
    assert narrow[2] and wide[2]
    assert max(map(len, narrow[1].splitlines())) <= 60 < max(map(len, wide[1].splitlines()))
    again = run(["sun", "--help"], tmp_path, COLUMNS="60", NO_COLOR="1")
    assert again[2]
    assert run(["sun", "--help"], tmp_path, COLUMNS="60")[1:] == (narrow[1], False)


def test_a_cache_that_cannot_be_written_still_prints_the_page(tmp_path: Path) -> None:
    home = tmp_path / "a-file"
    home.write_text("not a folder\n")
    for _ in range(2):
        code, out, typer = run(["--help"], home)
        assert (code, typer) == (0, True)
        assert " Usage: " in out
    assert home.read_text() == "not a folder\n"


def test_a_page_with_an_error_is_never_kept(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", ENTRY, "nonsense", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "SILVERPYR_HOME": str(tmp_path)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: ")
    assert not list((tmp_path / "cache" / "help").glob("*.txt"))


def test_the_bundled_components_are_parsed_once_and_read_back_equal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path))
    names = ("cards.yaml", "sun_cards.yaml", "cheops.yaml")
    parsed = {name: reader.read_data_file(reader.BUNDLED_DATA / name) for name in names}
    kept = sorted((tmp_path / "cache" / "data").glob("*.json"))
    assert len(kept) == len(names)
    for name in names:  # the parser's own result, whatever the cache holds
        text = (reader.BUNDLED_DATA / name).read_text(encoding="utf-8")
        assert parsed[name] == reader.load_data(text, name)

    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(reader, "load_data", no_parsing)
    assert {name: reader.read_data_file(reader.BUNDLED_DATA / name) for name in names} == parsed


def test_a_damaged_cache_entry_is_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path))
    path = reader.BUNDLED_DATA / "cards.yaml"
    parsed = reader.read_data_file(path)
    (entry,) = (tmp_path / "cache" / "data").glob("*.json")
    entry.write_bytes(b"\xff{ not json")
    assert reader.read_data_file(path) == parsed
    assert json.loads(entry.read_text(encoding="utf-8")) == parsed


def test_a_users_own_file_is_never_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path / "home"))
    mine = tmp_path / "cards.yaml"
    mine.write_text((reader.BUNDLED_DATA / "cards.yaml").read_text(encoding="utf-8"))
    reader.read_data_file(mine)
    assert not (tmp_path / "home" / "cache").exists()


@pytest.mark.parametrize(
    ("args", "number"),
    [
        (["17"], 17),
        (["017", "--json"], 17),
        (["3", "--plain", "--json"], 3),
        (["17", "--json", "--json"], None),
        (["17", "--cards", "x.yaml"], None),
        (["-1"], None),
        (["\u0661\u0667"], None),  # Arabic-Indic digits: Typer's to judge
        (["12345"], None),
        ([], None),
    ],
)
def test_only_a_plain_card_request_takes_the_quick_path(
    args: list[str], number: int | None
) -> None:
    assert card_request(args) == number


@pytest.mark.parametrize("flags", [[], ["--json"], ["--plain"]])
def test_a_cards_page_is_the_commands_bytes_without_typer(flags: list[str], tmp_path: Path) -> None:
    args = ["cards", "show", "17", *flags]
    quick = run(args, tmp_path)
    typer = run(args, tmp_path, TYPER_ENTRY)
    assert quick[0] == typer[0] == 0
    assert not quick[2] and typer[2]
    assert quick[1] == typer[1]
    assert "17" in quick[1]


def test_a_card_the_deck_lacks_is_told_through_typer(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", ENTRY, "cards", "show", "99"],
        capture_output=True,
        text=True,
        env={**os.environ, "SILVERPYR_HOME": str(tmp_path)},
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("error: ") and "99" in done.stderr.splitlines()[0]
    assert done.stderr.rstrip("\n").endswith("typer=True")


def test_a_users_card_file_goes_through_typer(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text((reader.BUNDLED_DATA / "cards.yaml").read_text(encoding="utf-8"))
    code, out, typer = run(["--cards", str(mine), "cards", "show", "17"], tmp_path)
    assert (code, typer) == (0, True)
    assert out == run(["cards", "show", "17"], tmp_path)[1]
