"""Dask addresses checked before connecting, and the probe that refuses what is not Dask.

All in process and on loopback: the fake "schedulers" are threads on 127.0.0.1.
"""

from __future__ import annotations

import os
import socket
import struct
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.cluster import (
    SCHEDULER_ENV,
    TIMEOUT_ENV,
    ClusterError,
    Scheduler,
    SchedulerAddressError,
    check_address,
    probe,
    quiet_dask,
    scheduler_address,
    wait_timeout,
)
from silverpyr.puzzles.core.store import HOME_ENV

BAD = [
    "foo",
    "tcp://",
    "",
    " ",
    "\t",
    "http://127.0.0.1:8786",
    "ucx://127.0.0.1:8786",
    "tls://127.0.0.1:8786",
    "inproc://127.0.0.1:8786",
    "://127.0.0.1:8786",
    "tcp://[::1",
    "tcp://[::1]",
    "tcp://[::zz]:8786",
    "tcp://::1:8786",
    "tcp://127.0.0.1",
    "tcp://127.0.0.1:",
    "tcp://127.0.0.1:0",
    "tcp://127.0.0.1:65536",
    "tcp://127.0.0.1:99999999999999999999",
    "tcp://127.0.0.1:-1",
    "tcp://127.0.0.1:+80",
    "tcp://127.0.0.1:8o86",
    "tcp://127.0.0.1:8786/path",
    "tcp://user@127.0.0.1:8786",
    "tcp://:8786",
    "tcp://999.1.1.1:8786",
    "tcp://1.2.3:8786",
    "tcp://-host:8786",
    "tcp://ho st:8786",
    "tcp://host_name:8786",
    "tcp://127.0.0.1:87\n86",
    "tcp://127.0.0.1:\u0663",  # an Arabic-Indic digit: not a port
]

GOOD = [
    ("tcp://127.0.0.1:8786", "127.0.0.1", 8786, "tcp://127.0.0.1:8786"),
    ("127.0.0.1:8786", "127.0.0.1", 8786, "tcp://127.0.0.1:8786"),
    ("TCP://localhost:1", "localhost", 1, "tcp://localhost:1"),
    ("tcp://[::1]:65535", "::1", 65535, "tcp://[::1]:65535"),
    ("[0:0::1]:8786", "::1", 8786, "tcp://[::1]:8786"),
    ("  tcp://scheduler.example:8786  ", "scheduler.example", 8786, "tcp://scheduler.example:8786"),
]


@pytest.mark.parametrize("text", BAD)
def test_a_bad_address_names_its_source(text: str) -> None:
    for source in ("--scheduler", SCHEDULER_ENV):
        with pytest.raises(SchedulerAddressError) as caught:
            check_address(text, source)
        message = str(caught.value)
        assert message.startswith(f"{source} {text!r}: ")
        assert "expected tcp://host:port" in message


@pytest.mark.parametrize(("text", "host", "port", "address"), GOOD)
def test_a_good_address_is_normalised(text: str, host: str, port: int, address: str) -> None:
    checked = check_address(text, "--scheduler")
    assert (checked.host, checked.port, checked.address) == (host, port, address)
    assert check_address(checked.address, "--scheduler") == checked


hosts = st.one_of(
    st.ip_addresses(v=4).map(str),
    st.ip_addresses(v=6).map(lambda ip: f"[{ip}]"),
    st.from_regex(
        r"[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?(\.[a-z]([a-z0-9-]{0,10}[a-z0-9])?){0,3}",
        fullmatch=True,
    ).filter(lambda h: not all(part.isdigit() for part in h.split("."))),
)


@settings(max_examples=150, deadline=None)
@given(host=hosts, port=st.integers(min_value=-10, max_value=70000), scheme=st.booleans())
def test_generated_addresses_are_accepted_exactly_when_the_port_is_valid(
    host: str, port: int, scheme: bool
) -> None:
    text = f"{'tcp://' if scheme else ''}{host}:{port}"
    if 1 <= port <= 65535:
        checked = check_address(text, "--scheduler")
        assert checked.port == port
        assert check_address(checked.address, "--scheduler") == checked
    else:
        with pytest.raises(SchedulerAddressError):
            check_address(text, "--scheduler")


@settings(max_examples=500, deadline=None)
@given(text=st.text(max_size=40))
def test_any_text_is_an_address_or_our_error(text: str) -> None:
    try:
        checked = check_address(text, SCHEDULER_ENV)
    except SchedulerAddressError as error:
        assert str(error).startswith(f"{SCHEDULER_ENV} {text!r}: ")
        assert "\n" not in str(error).replace(repr(text), "")
    else:
        assert isinstance(checked, Scheduler)
        assert 1 <= checked.port <= 65535


def test_the_option_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SCHEDULER_ENV, "not an address")
    found = scheduler_address("127.0.0.1:1")
    assert found is not None and found.source == "--scheduler"
    with pytest.raises(SchedulerAddressError, match=f"^{SCHEDULER_ENV} "):
        scheduler_address(None)
    monkeypatch.setenv(SCHEDULER_ENV, "")  # empty: as if unset
    assert scheduler_address(None) is None


@pytest.mark.parametrize("text", ["0", "-1", "nan", "inf", "abc", "3601"])
def test_a_bad_timeout_is_our_error(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TIMEOUT_ENV, text)
    with pytest.raises(ClusterError, match=f"^{TIMEOUT_ENV} "):
        wait_timeout()


def test_the_timeout_defaults_and_can_be_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TIMEOUT_ENV, raising=False)
    assert wait_timeout() == 10.0
    monkeypatch.setenv(TIMEOUT_ENV, "2.5")
    assert wait_timeout() == 2.5


# --- the probe ------------------------------------------------------------------------------


@pytest.fixture()
def serve() -> Iterator[Callable[[Callable[[socket.socket], None]], Scheduler]]:
    """Start a one-thread TCP server on 127.0.0.1 answering each client with ``answer``."""
    servers: list[socket.socket] = []
    threads: list[threading.Thread] = []

    def start(answer: Callable[[socket.socket], None]) -> Scheduler:
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen()
        servers.append(server)

        def loop() -> None:
            while True:
                try:
                    peer, _ = server.accept()
                except OSError:
                    return
                with peer:
                    answer(peer)

        thread = threading.Thread(target=loop, daemon=True)
        thread.start()
        threads.append(thread)
        return Scheduler("127.0.0.1", server.getsockname()[1], "--scheduler")

    yield start
    for server in servers:
        server.shutdown(socket.SHUT_RDWR)  # wakes the thread's accept(); close alone does not
        server.close()
    for thread in threads:
        thread.join(timeout=5)


def _dask_greeting(peer: socket.socket) -> None:
    import msgpack

    frame = msgpack.packb({"compression": None, "python": (3, 11, 7), "pickle-protocol": 5})
    body = struct.pack("QQ", 1, len(frame)) + frame
    peer.sendall(struct.pack("Q", len(body)) + body)
    peer.recv(1024)


def test_the_probe_accepts_a_dask_greeting(serve: Callable[..., Scheduler]) -> None:
    probe(serve(_dask_greeting), 5.0)


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(lambda peer: peer.sendall(b"\xff" * 4096), id="a huge length"),
        pytest.param(lambda peer: peer.sendall(os.urandom(4096)), id="random bytes"),
        pytest.param(lambda peer: peer.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n"), id="http"),
        pytest.param(lambda peer: peer.sendall(struct.pack("Q", 12) + b"x" * 12), id="not frames"),
        pytest.param(lambda peer: None, id="closes at once"),
    ],
)
def test_the_probe_refuses_what_is_not_dask(
    serve: Callable[..., Scheduler], answer: Callable[[socket.socket], None]
) -> None:
    with pytest.raises(ClusterError, match="is not a Dask scheduler"):
        probe(serve(answer), 5.0)


@settings(max_examples=300, deadline=None)
@given(body=st.binary(max_size=200), count=st.integers(min_value=0, max_value=2**64 - 1))
def test_any_greeting_bytes_are_judged_without_an_error(body: bytes, count: int) -> None:
    from silverpyr.puzzles.core.cluster import _greeting_is_dask

    assert _greeting_is_dask(body) in (True, False)
    framed = struct.pack("Q", count) + body  # a frame count of any size
    assert _greeting_is_dask(framed) in (True, False)


def test_the_probe_gives_up_on_a_silent_port(serve: Callable[..., Scheduler]) -> None:
    silent = threading.Event()
    with pytest.raises(ClusterError, match=r"did not greet within 0\.3 s"):
        probe(serve(lambda peer: silent.wait(5)), 0.3)
    silent.set()


def test_the_probe_names_a_closed_port() -> None:
    with socket.socket() as spare:
        spare.bind(("127.0.0.1", 0))
        port = spare.getsockname()[1]
    with pytest.raises(ClusterError, match=r"^nothing listens at tcp://127\.0\.0\.1:"):
        probe(Scheduler("127.0.0.1", port, "--scheduler"), 2.0)


# --- through the command line ----------------------------------------------------------------


DECK = """format: 1
pyramids:
- {number: 1, color: green, room: ["#.E.#", "#x#p#", "#.s.#", "##r##", "##T##"]}
"""


@pytest.fixture()
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(DECK, encoding="utf-8")
    return path


def _one_error_line(result: Any, starts: str) -> None:
    stderr = result.stderr
    assert result.exit_code == 2, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {starts}"), stderr


@pytest.mark.parametrize("command", ["analyze", "arena"])
@pytest.mark.parametrize("text", ["foo", "tcp://", "", "http://x:1", "tcp://[::1", "tls://h:1"])
def test_the_commands_refuse_a_bad_address_in_one_line(
    command: str, text: str, tiny: Path, tmp_path: Path
) -> None:
    env = {HOME_ENV: str(tmp_path / "home"), SCHEDULER_ENV: None}
    args = ["--cards", str(tiny), command, "--scheduler", text]
    _one_error_line(CliRunner().invoke(app, args, env=env), f"--scheduler {text!r}: ")
    env[SCHEDULER_ENV] = text or " "
    result = CliRunner().invoke(app, ["--cards", str(tiny), command], env=env)
    _one_error_line(result, f"{SCHEDULER_ENV} {(text or ' ')!r}: ")


@pytest.mark.parametrize("command", ["analyze", "arena"])
def test_the_commands_refuse_a_port_that_is_not_dask(
    command: str, tiny: Path, tmp_path: Path, serve: Callable[..., Scheduler]
) -> None:
    target = serve(lambda peer: peer.sendall(b"\xff" * 64))
    env = {HOME_ENV: str(tmp_path / "home"), SCHEDULER_ENV: None}
    args = ["--cards", str(tiny), command, "--scheduler", target.address]
    if command == "analyze":
        args.append("--no-cache")
    result = CliRunner().invoke(app, args, env=env)
    _one_error_line(result, f"{target.address} (--scheduler) is not a Dask scheduler")


# --- bounds and lazy submission --------------------------------------------------------------


def test_the_arena_refuses_too_many_games_before_any_work(tmp_path: Path) -> None:
    from silverpyr.puzzles.core.cluster import MAX_GAMES
    from silverpyr.puzzles.core.tournament import line_ups
    from silverpyr.puzzles.silvergold.realgame.arena import ArenaError, check_line_up

    check_line_up(["greedy"], MAX_GAMES)
    with pytest.raises(ArenaError, match=r"^play from 1 to 1,000,000 games, not "):
        check_line_up(["greedy"], MAX_GAMES + 1)
    plan = line_ups(["greedy", "expert"], MAX_GAMES, 7)  # lazy: nothing held up front
    assert next(plan) == (7, ("greedy", "expert")) and next(plan) == (8, ("expert", "greedy"))
    for args in (["--games", "1000000000000"], ["--games", "0"], ["--workers", "65"]):
        result = CliRunner().invoke(app, ["arena", *args], env={HOME_ENV: str(tmp_path)})
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: Invalid value for '{args[0]}'")


def test_finished_keeps_at_most_in_flight_tasks_submitted() -> None:
    from silverpyr.puzzles.core.cluster import dask_client, finished

    submitted: list[int] = []
    outstanding = 0
    most = 0

    def submit(client: Any, job: int) -> Any:
        nonlocal outstanding, most
        submitted.append(job)
        outstanding += 1
        most = max(most, outstanding)
        return client.submit(pow, job, 2, pure=False)  # a builtin: any worker has it

    def jobs() -> Iterator[int]:
        yield from range(40)

    seen = {}
    with dask_client(None, 1) as connection:
        for job, value, error in finished(connection, jobs(), submit, in_flight=3):
            outstanding -= 1
            assert error is None
            seen[job] = value
    assert seen == {job: job * job for job in range(40)} and submitted == list(range(40))
    assert most == 3


def test_analyze_with_no_workers_runs_in_this_process(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from silverpyr.puzzles.silvergold.realgame import analysis

    def no_dask(*args: object) -> None:
        raise AssertionError("--workers 0 must not start a Dask cluster")

    monkeypatch.setattr(analysis, "dask_client", no_dask)
    result = CliRunner().invoke(
        app,
        ["--cards", str(tiny), "analyze", "--workers", "0", "--cards-only", "--json"],
        env={HOME_ENV: str(tmp_path / "home"), SCHEDULER_ENV: None},
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["computed"] == 2 and data["failures"] == []


def test_workers_with_a_scheduler_is_one_warning_and_the_run_goes_on(
    tiny: Path, tmp_path: Path
) -> None:
    import json

    from dask.distributed import LocalCluster

    with LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=":0",
    ) as local:
        address = str(local.scheduler_address)
        args = ["--cards", str(tiny), "analyze", "--cards-only", "--no-cache", "--json"]
        result = CliRunner().invoke(
            app,
            [*args, "--scheduler", address, "--workers", "3"],
            env={HOME_ENV: str(tmp_path / "home"), SCHEDULER_ENV: None},
        )
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"warning: --workers 3 is ignored: the Dask scheduler at {address} (--scheduler) "
        "has its own workers"
    ]
    assert json.loads(result.stdout)["computed"] == 2


@pytest.fixture
def dask_logger_levels() -> Iterator[None]:
    """The levels of Dask's and its event loop's loggers (every one :func:`quiet_dask` may
    set), put back after the test."""
    import logging

    roots = ("distributed", "tornado", "asyncio", "bokeh")
    names = {*roots, *(n for n in logging.root.manager.loggerDict if n.split(".")[0] in roots)}
    levels = {name: logging.getLogger(name).level for name in names}
    yield
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def test_dask_stays_quiet_after_a_lost_cluster(
    dask_logger_levels: None, caplog: pytest.LogCaptureFixture
) -> None:
    """A lost cluster's gather leaves tasks whose exception asyncio logs when they are
    collected, after the one error line: seen once in CI as six lines of traceback."""
    import logging

    with pytest.raises(ClusterError), quiet_dask():
        raise ClusterError("the Dask scheduler still answers but lost every worker")
    caplog.set_level(logging.NOTSET)
    logging.getLogger("asyncio").error("Task exception was never retrieved")
    logging.getLogger("distributed.client").error("raise AllExit()")
    assert caplog.records == []


def test_dask_logs_as_before_after_a_clean_run(dask_logger_levels: None) -> None:
    import logging

    logging.getLogger("asyncio").setLevel(logging.WARNING)
    with quiet_dask():
        assert not logging.getLogger("asyncio").isEnabledFor(logging.CRITICAL)
    assert logging.getLogger("asyncio").level == logging.WARNING
