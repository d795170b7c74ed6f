"""Two sessions of one puzzle (two terminals): the second is refused, no saved move is lost.

The ruling: the first session holds the puzzle's lease until its attempt is saved and
left, or ends; a second one is refused with one line naming the first's pid. The lease
is an operating-system lock, so a session that dies (even by SIGKILL) lets go of it. And
every save is compare-and-set on the row's revision: a stale writer is refused, never
written over a move.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from old_stores import close_at_version, old_database
from playing import solution_moves
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.lease import LeaseHeldError, acquire
from silverpyr.puzzles.core.store import (
    DB_FILENAME,
    HOME_ENV,
    ProgressConflictError,
    SessionBusyError,
    Store,
)
from silverpyr.puzzles.silvergold.attempt import KeptAttempt
from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.puzzles.silvergold.progress import progress_of
from silverpyr.puzzles.silvergold.puzzle import Puzzle
from silverpyr.puzzles.silvergold.stats import Attempt
from silverpyr.solver.silvergold.cards import Deck

DATE = "2026-01-03"


@pytest.fixture(scope="module")
def daily(deck: Deck) -> Puzzle:
    return puzzle_from_id(deck, f"daily-{DATE}")


# --- in one process ------------------------------------------------------------------------


def test_a_second_session_is_refused_until_the_first_leaves(
    home: Path, deck: Deck, daily: Puzzle
) -> None:
    line = solution_moves(daily)
    with Store.open_default() as one, Store.open_default() as two:
        first = KeptAttempt.start(daily, deck, one)
        first.session.play(line[0])
        first.moved()
        with pytest.raises(SessionBusyError, match=f"open in another session \\(pid {os.getpid()}"):
            KeptAttempt.start(daily, deck, two)
        # a session that records nothing neither saves nor needs the lease
        KeptAttempt.start(daily, deck, two, record=False)
        first.keep()  # save and leave: the lease is let go of
        second = KeptAttempt.start(daily, deck, two)
        assert second.resumed and second.session.turn_index == 1
        second.release()


def test_the_lease_is_let_go_of_when_the_attempt_ends(
    home: Path, deck: Deck, daily: Puzzle
) -> None:
    with Store.open_default() as store:
        first = KeptAttempt.start(daily, deck, store)
        for move in solution_moves(daily):
            first.session.play(move)
            first.moved()
        first.record()
        assert first.lease is None
        again = KeptAttempt.start(daily, deck, store)  # practice now, but not refused
        assert again.session.practice
        again.release()


def test_a_stale_writer_is_refused_and_the_saved_move_is_kept(
    home: Path, deck: Deck, daily: Puzzle
) -> None:
    line = solution_moves(daily)
    with Store.open_default() as store:
        kept = KeptAttempt.start(daily, deck, store)
        kept.session.play(line[0])
        kept.moved()
        saved = store.progress(daily.id)
        assert saved is not None and saved.revision == kept.revision == 1
        stale = progress_of(kept.session, seconds=1.0, started_on=DATE)
        with pytest.raises(ProgressConflictError, match="another session saved"):
            store.save_progress(stale, revision=None)  # a writer that never read the row
        kept.session.play(line[1])
        kept.moved()
        with pytest.raises(ProgressConflictError):
            store.save_progress(stale, revision=1)  # a writer one save behind
        now = store.progress(daily.id)
        assert now is not None and list(now.moves) == line[:2] and now.revision == 2
        record = Attempt(daily.id, DATE, DATE, "points", 1, 2, True, False, True, "", 0, 1.0)
        with pytest.raises(ProgressConflictError):
            store.add_attempt(record, progress_revision=1)  # would drop the newer save
        assert store.attempts() == [] and store.progress(daily.id) == now
        kept.release()


def test_a_lease_file_left_by_a_dead_session_does_not_block(tmp_path: Path) -> None:
    path = tmp_path / "locks" / "daily.lock"
    path.parent.mkdir()
    path.write_text("999999999\n", encoding="ascii")  # its pid, but nobody holds the lock
    lease = acquire(path)
    assert path.read_text(encoding="ascii").strip() == str(os.getpid())
    with pytest.raises(LeaseHeldError) as held:
        acquire(path)
    assert held.value.pid == os.getpid()
    lease.release()
    lease.release()  # again: nothing
    acquire(path).release()


def test_where_files_cannot_be_locked_a_warning_and_play_goes_on(
    home: Path, deck: Deck, daily: Puzzle, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from silverpyr.puzzles.core import lease

    def unsupported(fd: int) -> bool:
        raise lease.LockingUnsupportedError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(lease, "_lock", unsupported)
    line = solution_moves(daily)
    result = CliRunner().invoke(
        app, ["daily", "--date", DATE, "--plain", "--moves", f"{line[0]}; q; s"]
    )
    assert result.exit_code == 0, result.output
    (warning,) = result.stderr.splitlines()
    assert warning.startswith("warning: ") and "cannot lock files" in warning
    with Store.open_default() as store:
        saved = store.progress(daily.id)
    assert saved is not None and saved.turn == 2


# --- two real processes --------------------------------------------------------------------


def _cli(home: Path, *args: str, stdin: int | None = None) -> subprocess.Popen[bytes]:
    env = {**os.environ, HOME_ENV: str(home), "NO_COLOR": "1"}
    code = "from silverpyr.cli.core.launch import main; main()"
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


class Terminal:
    """A player at a terminal: ``daily --plain`` reading its answers from a pty line by
    line (answers piped in would be read as a whole script first)."""

    def __init__(self, home: Path, *args: str) -> None:
        import pty

        self._typing, tty = pty.openpty()
        self.process = _cli(home, *args, stdin=tty)
        os.close(tty)

    def type(self, text: str) -> None:
        os.write(self._typing, text.encode())

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self._typing)


def _wait_for_save(home: Path, puzzle_id: str, moves: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if (home / DB_FILENAME).exists():
            with Store(home / DB_FILENAME) as store:
                saved = store.progress(puzzle_id)
            if saved is not None and len(saved.moves) == moves:
                return
        time.sleep(0.1)
    raise AssertionError("the first session never saved its move")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_two_terminals_on_one_daily(home: Path, daily: Puzzle) -> None:
    line = solution_moves(daily)
    terminal = Terminal(home, "daily", "--date", DATE, "--plain")
    first = terminal.process
    try:
        terminal.type(f"{line[0]}\n")
        _wait_for_save(home, daily.id, 1)
        second = _cli(home, "daily", "--date", DATE, "--plain", "--moves", line[1])
        _, err = second.communicate(timeout=60)
        assert second.returncode == 2
        lines = err.decode().splitlines()
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"error: the daily {DATE} is open in another session")
        assert f"(pid {first.pid})" in lines[0]
        terminal.type("q\ns\n")  # save and leave
        _, err = first.communicate(timeout=60)
        assert first.returncode == 0, err.decode()
    finally:
        terminal.close()
    with Store(home / DB_FILENAME) as store:
        saved = store.progress(daily.id)
    assert saved is not None and list(saved.moves) == line[:1]  # the first one's move stands
    resumed = CliRunner().invoke(
        app, ["daily", "--date", DATE, "--plain", "--moves", "; ".join(line[1:])]
    )
    assert resumed.exit_code == 0, resumed.output
    assert f"Resuming daily {DATE} at turn 2" in resumed.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty and SIGKILL")
def test_a_killed_session_does_not_block_the_next(home: Path, daily: Puzzle) -> None:
    line = solution_moves(daily)
    terminal = Terminal(home, "daily", "--date", DATE, "--plain")
    try:
        terminal.type(f"{line[0]}\n")
        _wait_for_save(home, daily.id, 1)
        terminal.process.send_signal(signal.SIGKILL)
        terminal.process.wait(timeout=60)
    finally:
        terminal.close()
    resumed = CliRunner().invoke(
        app, ["daily", "--date", DATE, "--plain", "--moves", "; ".join(line[1:])]
    )
    assert resumed.exit_code == 0, resumed.output
    assert f"Resuming daily {DATE} at turn 2 (1 move played)" in resumed.stdout


# --- the full-screen game ------------------------------------------------------------------


def test_the_home_screen_says_so_and_stays_when_the_daily_is_open_elsewhere(
    tmp_path: Path, deck: Deck
) -> None:
    import asyncio
    import datetime as dt

    from silverpyr.cli.silvergold.tui.app import SilverpyrApp
    from silverpyr.cli.silvergold.tui.home import HomeScreen
    from silverpyr.cli.silvergold.tui.setting import Setting

    day = dt.date(2026, 11, 22)
    puzzle = puzzle_from_id(deck, f"daily-{day.isoformat()}")
    with Store(tmp_path / DB_FILENAME) as elsewhere, Store(tmp_path / DB_FILENAME) as store:
        other = KeptAttempt.start(puzzle, deck, elsewhere)
        app = SilverpyrApp(Setting(deck, store, day, record=True, home=True), HomeScreen)
        said: list[str] = []

        async def main() -> None:
            async with app.run_test(size=(100, 36)) as pilot:
                await pilot.pause()
                await pilot.press("d")
                await pilot.pause()
                assert isinstance(app.screen, HomeScreen)
                said.extend(str(note.message) for note in app._notifications)
                await pilot.press("q")

        asyncio.run(main())
        other.release()
    assert any("is open in another session" in text for text in said), said


def test_a_version_3_save_is_resumed_and_saved_on_by_compare_and_set(
    home: Path, deck: Deck, daily: Puzzle
) -> None:
    from silverpyr.puzzles.silvergold.progress import puzzle_fingerprint

    home.mkdir(parents=True)
    db = old_database(home / DB_FILENAME, 2, 3)
    line = solution_moves(daily)
    db.execute(
        "INSERT INTO progress VALUES (?, ?, ?, ?, 0, '0,0,0', 0, 0, 0, 3.5, ?, 'then')",
        (daily.id, DATE, puzzle_fingerprint(daily), line[0], DATE),
    )
    close_at_version(db, 3)
    with Store.open_default() as store:
        saved = store.progress(daily.id)
        assert saved is not None and saved.revision == 0 and saved.seconds == 3.5
        with KeptAttempt.start(daily, deck, store) as kept:
            assert kept.resumed and kept.revision == 0
            kept.session.play(line[1])
            kept.moved()
            assert kept.revision == 1
        now = store.progress(daily.id)
        assert now is not None and list(now.moves) == line[:2] and now.revision == 1
