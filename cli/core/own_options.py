"""A command's options from more than one place: Typer reads a command's options, in
``--help``'s order, from its signature, so a command made once for several games (or once
for several commands) takes the options it does not name itself as :class:`Own` entries,
put into its signature by :func:`with_own` and passed to it as keywords."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Command = Callable[..., None]


@dataclass(frozen=True)
class Own:
    """An option a command does not name itself: its parameter's name, its ``Annotated``
    option and its default."""

    name: str
    option: Any
    default: Any


def with_own(command: Command, own: Sequence[Own], after: str) -> Command:
    """``command`` with the ``own`` options after its option ``after`` in its signature
    (``__signature__``, its annotations evaluated as Typer would); Typer calls it with them
    as keywords (the command's ``**own``)."""
    signature = inspect.signature(command, eval_str=True)
    shared = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    at = [p.name for p in shared].index(after) + 1
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    added = [inspect.Parameter(o.name, kind, default=o.default, annotation=o.option) for o in own]
    command.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*shared[:at], *added, *shared[at:]]
    )
    return command
