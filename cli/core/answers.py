"""Where a line mode's answers come from: a person at the terminal, or a script of them
(``--moves``, a moves file, stdin; read by :func:`.options.script_answers`).

Every game's line game and *Silver & Gold*'s puzzles ask through :class:`Answers`. A script
stops at its first answer that is not taken, at its end before the game's and at answers
left after it (:class:`ScriptError`, exit 2): a script that went on would answer every later
question with the answer meant for the one before. The words of those lines are the
caller's: what the script is called (``source``) and where it stopped (``where``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from ...solver.core.errors import SilverpyrError
from .output import one_line, stderr_console

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text


class ScriptError(SilverpyrError, ValueError):
    """A scripted answer that was not taken, or a script that ran out or ran over."""


class Quit(Exception):
    """The player leaves (``q``, or the end of input at a terminal): every game's line mode,
    a puzzle's too."""


def not_taken(message: str) -> None:
    """Tell a person at the terminal why an answer was not taken (stderr: data stays clean)."""
    stderr_console().print(f"not taken: {one_line(message)}", highlight=False, markup=False)


class Answers:
    """The answers to a line mode's questions, one at a time.

    ``source`` names the script in its lines (``--moves``, ``moves file m.txt``);
    ``ran_out`` is the line of a script that ends first (``{source}`` and ``{prompt}`` are
    filled in); ``where`` finds the place to name in a stopped script's line from the
    question it answered (``None``: no place); ``refused`` tells a person why an answer was
    not taken; answers in ``passes`` may be left at a script's end; ``soft_wrap``: whether a
    scripted answer echoed after its question is kept on one line (``None``: as the console
    does).
    """

    def __init__(
        self,
        console: Console,
        script: Iterable[str] | None,
        *,
        source: str = "--moves",
        ran_out: str = "the moves ran out at: {prompt}",
        where: Callable[[str], str | None] = lambda prompt: None,
        refused: Callable[[str], None] = not_taken,
        passes: frozenset[str] = frozenset(),
        soft_wrap: bool | None = True,
    ) -> None:
        self.console = console
        self._script: Iterator[str] | None = None if script is None else iter(script)
        self.source = source
        self._ran_out = ran_out
        self._where = where
        self._refused = refused
        self._passes = passes
        self._soft_wrap = soft_wrap
        self.taken = 0
        """Scripted answers taken so far."""
        self._peeked: list[str] = []
        self._last: tuple[str, str] | None = None
        """The last scripted answer and the question it answered."""

    @property
    def scripted(self) -> bool:
        """Whether the answers come from a script rather than a terminal."""
        return self._script is not None

    def ask(self, prompt: Text | str) -> str:
        """The next answer to ``prompt``; a terminal's end of input is :class:`Quit`."""
        shown = f"{prompt} " if isinstance(prompt, str) else prompt
        if self._script is None:
            try:
                return self.console.input(shown)
            except EOFError:
                self.console.print()
                raise Quit from None
            except KeyboardInterrupt:
                self.console.print()
                raise
        answer = self._next()
        question = str(prompt).strip()
        if answer is None:
            raise ScriptError(self._ran_out.format(source=self.source, prompt=question))
        self.taken += 1
        self._last = (answer, question)
        self.console.print(
            shown, answer, sep="", highlight=False, markup=False, soft_wrap=self._soft_wrap
        )
        return answer

    def ask_if(self, prompt: Text | str, accepted: Callable[[str], bool]) -> str | None:
        """At a terminal, ask ``prompt``; from a script, take the next answer only when
        ``accepted`` says it answers this question (``None`` otherwise, nothing taken), so
        scripts may leave optional questions out."""
        if self._script is not None:
            following = self.peek()
            if following is None or not accepted(following):
                return None
        return self.ask(prompt)

    def peek(self) -> str | None:
        """The script's next answer without taking it (``None``: none, or a terminal)."""
        if self._script is None:
            return None
        if not self._peeked:
            found = next(self._script, None)
            if found is None:
                return None
            self._peeked.append(found)
        return self._peeked[0]

    def _next(self) -> str | None:
        assert self._script is not None
        if self._peeked:
            return self._peeked.pop()
        return next(self._script, None)

    def reject(self, message: str, answer: str | None = None) -> None:
        """An answer was not taken: a person is told why and asked again; a script stops
        here, naming the answer (``answer``, else the last one taken) and its place."""
        if self._script is None or self._last is None:
            self._refused(message)
            return
        last, question = self._last
        where = self._where(question)
        at = "" if where is None else f" at {where}"
        shown = last if answer is None else answer
        raise ScriptError(f"{self.source}, answer {self.taken} ({shown!r}){at}: {message}")

    def finish(self) -> None:
        """The game or puzzle is over: a script must hold no more answers."""
        if self._script is None:
            return
        left = [a for a in (*self._peeked, *self._script) if a.strip() not in self._passes]
        self._peeked.clear()
        if left:
            raise ScriptError(
                f"{self.source} holds {len(left)} answer{'s' * (len(left) != 1)} after the "
                f"end, from {left[0]!r} on"
            )


__all__ = ["Answers", "Quit", "ScriptError", "not_taken"]
