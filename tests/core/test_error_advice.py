"""Errors advise only flags that exist: every ``--flag`` in the text of an error or warning
(a ``raise``, or a call of an error type, ``warn``, ``fail`` or ``error``) anywhere in the
source is checked against the ``--help`` options of the command(s) that can show it.

Whose message it is: a command's own function checks against that command; any other
function of a command module against that module's commands; a module of one game against
that game's commands; the game-free core against every command. A flag written after a
command (``silverpyr hint --game FILE``) is checked against that command. The lock error of
``game`` is also triggered for real in every game.
"""

from __future__ import annotations

import ast
import functools
import inspect
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app

from .test_help import COMMANDS as ALL

ROOT = Path(__file__).resolve().parents[2]
GLOBAL_FLAGS = {"--cards", "--debug", "--help", "--version"}
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
COMMAND = re.compile(r"silverpyr((?: [a-z][a-z-]*)+)")


def command_groups(command: Any) -> bool:
    """Whether ``command`` is a group (its commands are checked, not it)."""
    return bool(getattr(command, "commands", None))


ERRORISH = re.compile(r"(Error|Warning|^warn|^fail|^error)$")


COMMANDS = {words: command for words, command in ALL.items() if not command_groups(command)}


def _flags(words: str) -> set[str]:
    params = COMMANDS[words].params
    return GLOBAL_FLAGS | {n for p in params for n in (*p.opts, *p.secondary_opts)}


def _owner(words: str) -> tuple[Path, str]:
    function = inspect.unwrap(COMMANDS[words].callback)
    return Path(inspect.getfile(function)).resolve(), function.__name__


OWNERS: dict[tuple[Path, str], list[str]] = {}
for _words in COMMANDS:
    OWNERS.setdefault(_owner(_words), []).append(_words)


def _game(words: str) -> str:
    first = words.split()[0]
    return first if first in ("sun", "cheops") else "silvergold"


def _scope(path: Path, function: str) -> list[str]:
    """The commands that may show a message written in ``function`` of ``path``."""
    if (path, function) in OWNERS:
        return OWNERS[(path, function)]
    module = [words for (file, _), names in OWNERS.items() if file == path for words in names]
    if module:
        return module
    parts = path.relative_to(ROOT).parts
    game = next((p for p in parts if p in ("sun", "cheops", "silvergold")), None)
    return [words for words in COMMANDS if game is None or _game(words) == game]


def _texts(node: ast.AST) -> list[str]:
    """The text of every string (an f-string's literal parts joined) under ``node``."""
    texts = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.JoinedStr):
            texts.append("{}".join(v.value for v in sub.values if isinstance(v, ast.Constant)))
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            texts.append(sub.value)
    return texts


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _outer_functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's functions and its classes' methods (nested ones are walked in them)."""
    functions = []
    for node in tree.body:
        for item in node.body if isinstance(node, ast.ClassDef) else [node]:
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                functions.append(item)
    return functions


def advice() -> list[tuple[str, str, list[str]]]:
    """Every advised flag: (where, flag, the commands that must have it)."""
    found = []
    for path in sorted(p for d in ("cli", "puzzles", "solver") for p in (ROOT / d).rglob("*.py")):
        source = path.read_text()
        if "--" not in source:
            continue
        for top in _outer_functions(ast.parse(source)):
            for node in ast.walk(top):
                if isinstance(node, ast.Raise) and node.exc is not None:
                    texts = _texts(node.exc)
                elif isinstance(node, ast.Call) and ERRORISH.search(_called(node)):
                    texts = [t for arg in node.args for t in _texts(arg)]
                else:
                    continue
                for text in texts:
                    for flag in FLAG.finditer(text):
                        named = list(COMMAND.finditer(text[: flag.start()]))
                        scope = [named[-1].group(1).strip()] if named else []
                        if scope and scope[0] not in COMMANDS:
                            scope = [w for w in COMMANDS if w.startswith(scope[0])]
                        where = f"{path.relative_to(ROOT)}:{node.lineno} ({top.name})"
                        found.append((where, flag.group(), scope or _scope(path, top.name)))
    return found


@functools.cache
def sweep() -> tuple[tuple[str, str, list[str]], ...]:
    """:func:`advice`, once a worker, when a test asks (not at collection: every worker
    collects, and the sweep parses the whole source)."""
    return tuple(advice())


def test_the_sweep_finds_the_advice_it_is_for() -> None:
    flags = {flag for _, flag, _ in sweep()}
    assert {"--moves", "--restart", "--moves-file", "--file", "--players"} <= flags
    assert len(sweep()) > 50
    scope = _scope(ROOT / "cli" / "core" / "game_commands.py", "game")  # the games' one
    assert sorted(scope) == ["cheops game", "sun game"] and "--yesterday" not in _flags("sun game")
    assert _scope(ROOT / "puzzles" / "cheops" / "attempt.py", "x") == [
        words for words in COMMANDS if words.startswith("cheops ")
    ]


def test_an_error_advises_only_a_flag_its_command_has() -> None:
    """Where several commands may show the message, one of them having the flag is enough
    (a helper shared by ``puzzle`` and ``daily`` may name an option of either). Every
    message that fails is named."""
    wrong = [
        f"{where}: {flag} not in {scope}"
        for where, flag, scope in sweep()
        if not any(flag in _flags(words) for words in scope)
    ]
    assert wrong == []


@pytest.mark.parametrize("game", ["", "sun", "cheops"])
def test_the_lock_error_of_every_game_advises_only_its_own_flags(home: Path, game: str) -> None:
    from silverpyr.puzzles.core.kept import GAME_ID
    from silverpyr.puzzles.core.store import Store

    words = f"{game} game".strip()
    with Store.open_default(game=game or "silvergold") as store:
        lease = store.hold(GAME_ID, "held game")
        assert lease is not None
        try:
            result = CliRunner().invoke(app, [*words.split(), "--moves", "q"])
        finally:
            lease.release()
    assert result.exit_code == 2 and "another session" in result.stderr
    advised = set(FLAG.findall(result.stderr))
    assert advised <= _flags(words), (words, advised - _flags(words))
    assert "--no-record" in advised  # every game's game has it (issue 32)
