"""The games' registry: every game's commands on the root app (one module per command or
group; *Silver & Gold*'s at the top, each other game's under its name), each imported only
when it runs or shows its own help (:class:`LazyGroup`), and each command's help as
paragraphs that Rich wraps to the terminal's width."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup

from ...solver.games import FIRST, GAMES

_LIST_MARKS = ("* ", "- ", "\b")


def help_paragraphs(doc: str | None) -> str | None:
    """A command's docstring as help: each paragraph on one line, paragraphs apart.

    Typer (rich markup mode, the default) keeps every line break after the first paragraph,
    so a docstring wrapped at 100 columns showed broken short lines at 80. A paragraph whose
    lines start with ``* `` or ``- `` (a list), or that starts with Click's ``\\b``, keeps
    its lines.
    """
    if doc is None:
        return None
    paragraphs = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines = [line.strip() for line in paragraph.strip().splitlines()]
        if lines and all(line.startswith(_LIST_MARKS) for line in lines):
            paragraphs.append("\n".join(lines))
        elif lines and lines[0] == "\b":
            paragraphs.append(paragraph.strip())
        else:
            paragraphs.append(" ".join(line for line in lines if line))
    return "\n\n".join(p for p in paragraphs if p)


def _unwrap_help(app: typer.Typer) -> None:
    """Every command of ``app`` and of its groups gets :func:`help_paragraphs` help."""
    for info in app.registered_commands:
        info.help = help_paragraphs(info.help or (info.callback and info.callback.__doc__))
    for group in app.registered_groups:
        if group.typer_instance is not None:
            _unwrap_help(group.typer_instance)


@dataclass(frozen=True)
class Lazy:
    """A command, or a group of them, imported only when it is needed."""

    module: str
    """Its module, under ``silverpyr.cli`` (``sun.solve_cmd``)."""
    attr: str
    """The command's function, or the group's :class:`typer.Typer`, in that module."""
    summary: str
    """The first paragraph of its help: its line in its group's list of commands (a test
    checks that it is the command's own)."""
    made_for: str | None = None
    """A game's key when ``attr`` is the core's factory of the command, which makes that
    game's (``Lazy("core.home", "game_play", ..., "sun")``)."""


class _LazyCommands(MutableMapping[str, Any]):
    """A group's commands by name: the names are known at once, a command is imported and
    built the first time it is looked up."""

    def __init__(self, built: Mapping[str, Any], lazy: Mapping[str, Lazy]) -> None:
        self.lazy = dict(lazy)
        self.built: dict[str, Any] = dict(built)

    def __getitem__(self, name: str) -> Any:
        if name not in self.built:
            self.built[name] = _build(name, self.lazy[name])
        return self.built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self.built[name] = command

    def __delitem__(self, name: str) -> None:
        self.built.pop(name, None)
        self.lazy.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self.lazy, *self.built]))

    def __len__(self) -> int:
        return len(set(self.lazy) | set(self.built))

    def __contains__(self, name: object) -> bool:
        return name in self.lazy or name in self.built

    def placeholder(self, name: str) -> Any | None:
        """What a list of commands shows for ``name`` without importing it."""
        if name in self.built or name not in self.lazy:
            return None
        return TyperCommand(name, help=self.lazy[name].summary)


def _build(name: str, entry: Lazy) -> Any:
    """The Click command of ``entry``: its module imported, its help as paragraphs."""
    found = getattr(importlib.import_module(f"silverpyr.cli.{entry.module}"), entry.attr)
    if entry.made_for is not None:
        found = found(entry.made_for)
    command: Any
    if isinstance(found, typer.Typer):
        _unwrap_help(found)
        command = typer.main.get_group(found)
    else:
        single = typer.Typer(add_completion=False)
        single.command(name, help=help_paragraphs(found.__doc__))(found)
        command = typer.main.get_command(single)
    command.name = name
    return command


class LazyGroup(TyperGroup):
    """A Typer group whose commands (:data:`LAZY`) are imported only when one runs or shows
    its own help: ``silverpyr --help`` lists them by their summaries, and ``silverpyr sun
    solve`` imports the Sun's solve command alone (start-up time, issue 29)."""

    LAZY: ClassVar[Mapping[str, Lazy]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _LazyCommands(self.commands, self.LAZY)
        self._listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        """The names, in their order (without importing a command)."""
        return list(self.commands)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command ``cmd_name``; while the group's help lists its commands, a stand-in
        with its summary for one not imported yet."""
        if self._listing and isinstance(self.commands, _LazyCommands):
            stand_in = self.commands.placeholder(cmd_name)
            if stand_in is not None:
                return stand_in
        return super().get_command(ctx, cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The group's help, listing its commands without importing them."""
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


SILVERGOLD: dict[str, Lazy] = {
    "route": Lazy(
        "silvergold.route_cmd",
        "route",
        "Show the shortest, safest and richest entrance-to-tomb routes of a card's room.",
    ),
    "score": Lazy(
        "silvergold.score_cmd",
        "score",
        "Score a paper score card at the end of a game (missing counts are asked for).",
    ),
    "game": Lazy(
        "silvergold.game_cmd",
        "game",
        "Play a full game as player 1 against bots (a move each turn, in notation).",
    ),
    "hint": Lazy(
        "silvergold.hint_cmd",
        "hint",
        "Hint for the next turn of a puzzle (aim, area, move), or rank moves in a real game.",
    ),
    "analyze": Lazy(
        "silvergold.analyze_cmd",
        "analyze",
        "The deck card by card: exact expected round score, completion chance, the greedy "
        "bot, the known-order optimum and the turns to complete playing for speed.",
    ),
    "arena": Lazy(
        "silvergold.arena_cmd",
        "arena",
        "Bots play seeded games against each other (seats rotated): win rates and scores.",
    ),
    "solve": Lazy(
        "silvergold.solve_cmd",
        "solve",
        "Find the best line of marks for known expedition cards, proven optimal.",
    ),
    "puzzle": Lazy(
        "silvergold.puzzle_cmd",
        "puzzle",
        "Play a puzzle: a seed, an id or a file (a random seed when none is given).",
    ),
    "daily": Lazy(
        "silvergold.puzzle_cmd",
        "daily",
        "Play today's daily puzzle: the same for everyone on your local date.",
    ),
    "stats": Lazy(
        "silvergold.stats_cmd",
        "stats",
        "Your puzzle record: played, at par, streaks of dailies at par, score/par histogram.",
    ),
    "rules": Lazy(
        "silvergold.rules_cmd",
        "rules",
        "The rules for players, with a labelled card: a turn, the score, the end, the notation.",
    ),
    "cards": Lazy(
        "silvergold.cards_cmd",
        "cards_app",
        "Check the card file, list the pyramid cards, draw a card's room.",
    ),
    "play": Lazy(
        "silvergold.play_cmd",
        "own_home",
        "Silver & Gold on one screen: its dailies, a puzzle by seed, kind or id, a game, "
        "the stats.",
    ),
}
"""*Silver & Gold*'s commands (``silverpyr silvergold ...``), in the order its help lists
them; all but its own home sit at the top too (``silverpyr daily``)."""


PLAY = Lazy(
    "silvergold.play_cmd",
    "play",
    "One home for every game: today's dailies, a puzzle, a game against bots, stats, rules.",
)
"""``silverpyr play``: the home of every game."""


def game_groups() -> dict[str, Lazy]:
    """Each game's command group (``silverpyr sun ...``), from :data:`GAMES`: its commands
    in ``cli/<key>/app.py``, its summary the game's."""
    return {key: Lazy(f"{key}.app", f"{key}_app", game.about) for key, game in GAMES.items()}


@dataclass(frozen=True)
class HomeEntry:
    """One thing to play or see: the words, and the command that does it."""

    label: str
    argv: tuple[str, ...]
    """The command's words after ``silverpyr`` (``("sun", "daily")``)."""
    shows: bool = False
    """Whether it only prints (shown on the home), rather than opening a screen of its own."""
    records: bool = True
    """Whether it takes ``--no-record`` (``silverpyr play --no-record`` passes it on)."""


@dataclass(frozen=True)
class HomeGame:
    """A game's part of the home: its name, the name its commands go under, its entries."""

    title: str
    name: str
    entries: tuple[HomeEntry, ...]


def _entries(*game: str) -> tuple[HomeEntry, ...]:
    """The same entries in every game, under the game's own commands (``game``: the words
    before them; empty for *Silver & Gold*, whose commands sit at the root)."""
    return (
        HomeEntry("Today's daily", (*game, "daily")),
        HomeEntry("Yesterday's daily", (*game, "daily", "--yesterday")),
        HomeEntry("A random puzzle", (*game, "puzzle")),
        HomeEntry("A game against bots", (*game, "game")),
        HomeEntry("Your stats", (*game, "stats"), shows=True, records=False),
        HomeEntry("The rules", (*game, "rules"), shows=True, records=False),
    )


HOME: tuple[HomeGame, ...] = tuple(
    HomeGame(game.title, key, _entries(*(() if game is FIRST else game.words)))
    for key, game in GAMES.items()
)
"""What ``silverpyr play`` offers of each game: every entry one of its commands."""
