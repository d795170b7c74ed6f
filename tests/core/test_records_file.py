"""The core's record target check and atomic write (both games save records through it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from silverpyr.puzzles.core import records_file
from silverpyr.puzzles.core.records_file import RecordPathError, record_target, save_text
from silverpyr.puzzles.silvergold.realgame import game_record as sg_record
from silverpyr.puzzles.sun import game_record as sun_record
from silverpyr.solver.core.reader import ReadError


def test_both_games_use_the_core() -> None:
    assert sg_record.RecordPathError is RecordPathError is sun_record.RecordPathError
    assert sg_record.record_target is records_file.record_target is sun_record.record_target


def test_new_name_and_regular_file(tmp_path: Path) -> None:
    new = tmp_path / "new.json"
    assert record_target(new) == Path(os.path.realpath(new))
    save_text(new, "one\n")
    save_text(new, "two\n")
    assert new.read_text(encoding="utf-8") == "two\n"
    assert [p.name for p in tmp_path.iterdir()] == ["new.json"]


def test_link_followed(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("x", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    save_text(link, "y")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "y"


@pytest.mark.parametrize("kind", ["folder", "dangling", "missing folder"])
def test_refused(tmp_path: Path, kind: str) -> None:
    if kind == "folder":
        path = tmp_path
    elif kind == "dangling":
        path = tmp_path / "link"
        path.symlink_to(tmp_path / "nowhere")
    else:
        path = tmp_path / "no" / "such.json"
    with pytest.raises(RecordPathError) as caught:
        save_text(path, "x")
    assert str(path) in str(caught.value)
    assert not (tmp_path / "nowhere").exists()


def test_load_json_record(tmp_path: Path) -> None:
    class MyError(ReadError):
        pass

    good = tmp_path / "good.json"
    good.write_text('{"a": 1}', encoding="utf-8")
    assert records_file.load_json_record(good, lambda data, source: (data, source)) == (
        {"a": 1},
        str(good),
    )
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(MyError) as caught:
        records_file.load_json_record(bad, lambda data, source: data, MyError)
    assert caught.value.problems
    assert str(bad) in str(caught.value)
