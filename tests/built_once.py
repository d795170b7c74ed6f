"""A ``CliRunner`` for test files that run the CLI in process hundreds of times.

Typer's runner builds the Click command tree again for every ``invoke`` (and with it each
lazily imported subcommand), and every run reads and checks the bundled card file again:
some 40 ms a run, more than most runs of an error path take. :class:`BuiltOnceRunner`
hands every run the command built once and the bundled deck loaded once; a card file given
with ``--cards`` is still read and checked on each run.

For tests about hostile inputs and damaged results databases, where neither is the subject;
the command's start-up and the bundled deck's reading have tests of their own.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing
from typer.testing import CliRunner, Result

from silverpyr.cli.core.app import app
from silverpyr.solver.silvergold import deckfile
from silverpyr.solver.silvergold.cards import Deck

_real_load_deck = deckfile.load_deck


@functools.cache
def _command() -> Any:
    return typer.main.get_command(app)


@functools.cache
def _bundled() -> Deck:
    return _real_load_deck()


def _load_deck(path: str | Path | None = None) -> Deck:
    """:func:`~silverpyr.solver.silvergold.deckfile.load_deck`, the bundled deck kept."""
    return _bundled() if path is None else _real_load_deck(path)


class BuiltOnceRunner(CliRunner):
    """Typer's ``CliRunner``, with the command built once and the bundled deck loaded once."""

    def invoke(  # type: ignore[override]
        self, app: typer.Typer, args: str | Sequence[str] | None = None, **kwargs: Any
    ) -> Result:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(typer.testing, "_get_command", lambda _: _command())
            patch.setattr(deckfile, "load_deck", _load_deck)
            return super().invoke(app, args, **kwargs)
