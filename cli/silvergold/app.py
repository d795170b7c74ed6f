"""``silverpyr silvergold``: the commands of *Silver & Gold Pyramids*, one module per command
or group, each imported only when it runs or shows its own help. The first game's commands
also sit at the top of the command line (``silverpyr daily``), as they always have, so their
list is the registry's (:data:`~silverpyr.cli.core.commands.SILVERGOLD`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import typer

from ..core.commands import SILVERGOLD, Lazy, LazyGroup


class SilverGoldGroup(LazyGroup):
    """The ``silvergold`` group: its commands, in the order its help lists them."""

    LAZY: ClassVar[Mapping[str, Lazy]] = SILVERGOLD


silvergold_app = typer.Typer(
    cls=SilverGoldGroup,
    help="Silver & Gold Pyramids: the same commands as at the top (silverpyr daily is "
    "silverpyr silvergold daily).",
    no_args_is_help=True,
)
