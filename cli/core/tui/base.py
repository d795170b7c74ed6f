"""What every full-screen game's app shares (game-free): the smallest terminal it draws
on and the "terminal too small" screen over the game below it, the ``NO_COLOR`` ``Static``,
solver work in a daemon thread watched by a worker (and :class:`SolvingScreen`, a screen
whose finished workers go each to its handler), and the end-of-game screen.

A game's app subclasses :class:`GameApp` and gives its CSS (with the rules for
:class:`TooSmall` and ``#too-small``), its title, what the too-small note says about leaving,
and its own Ctrl-C.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from .colour import Colourless

MIN_SIZE = Size(80, 24)
"""The smallest terminal the games are laid out for (each game's app says why in its
module: the widest and tallest part of its screens); below it :class:`TooSmall` covers
the game."""


def too_small_text(size: Size, leaving: str = "") -> str:
    """What the player sees on a terminal smaller than :data:`MIN_SIZE`; ``leaving`` is the
    game's note after "press Ctrl+C to leave" (e.g. `` (the game is kept)``)."""
    return (
        f"Terminal too small: {size.width}x{size.height}, need "
        f"{MIN_SIZE.width}x{MIN_SIZE.height}.\n"
        f"Make the window bigger to play on, or press Ctrl+C to leave{leaving}."
    )


class TooSmall(ModalScreen[None]):
    """Over the game while the terminal is smaller than :data:`MIN_SIZE`; it goes away
    by itself when the terminal grows (the app watches its size). Keys do nothing
    meanwhile, except Ctrl+C."""

    def __init__(self, size: Size, leaving: str = "") -> None:
        super().__init__()
        self.shown_size = size
        self.leaving = leaving

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.shown_size, self.leaving), id="too-small")

    def show(self, size: Size) -> None:
        self.shown_size = size
        for note in self.query("#too-small").results(Static):
            note.update(too_small_text(size, self.leaving))


def no_colour(widget: Widget) -> bool:
    """Whether the app runs under ``NO_COLOR`` (Textual reads it when the app starts)."""
    return widget.app.no_color


class Shown(Static):
    """A ``Static`` whose Rich drawings lose their colours under ``NO_COLOR``
    (:class:`.colour.Colourless`); text given as a plain string is left to Textual."""

    _given: object = None
    """The text last given: the same again (a redraw after a key that changed something
    else) is not drawn again, nor laid out (a third of a game screen's updates)."""

    def update(self, content: Any = "", *args: Any, **kwargs: Any) -> None:
        same_kind = isinstance(content, str | Text) and type(content) is type(self._given)
        if same_kind and content == self._given:
            return
        self._given = content.copy() if isinstance(content, Text) else content  # may change
        if no_colour(self) and not isinstance(content, str | Colourless):
            content = Colourless(content)
        super().update(content, *args, **kwargs)

    def on_mount(self) -> None:
        given = getattr(self, "content", "")  # what the constructor was given
        if no_colour(self) and not isinstance(given, str | Colourless):
            self.update(given)


def waited(seconds: float) -> str:
    """How long the solver has worked, for a status line: `` 12 s`` from 2 seconds on
    (empty before)."""
    return f" {int(seconds)} s" if seconds >= 2 else ""


def solve_in_thread(node: DOMNode, job: Callable[[], object], name: str, thread: str) -> None:
    """Run ``job`` (solver work) in a daemon thread named ``thread``, watched by a worker
    of ``node`` named ``name`` (the node's ``on_worker_state_changed`` takes its result or
    its error).

    Not a Textual thread worker: those run in the event loop's executor, whose threads
    the interpreter waits for at exit, so leaving during a long search would hang until
    it ended. A daemon thread is dropped when the app exits.
    """

    async def watch() -> object:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[object] = loop.create_future()

        def give(result: object = None, failure: BaseException | None = None) -> None:
            def settle() -> None:
                if done.done():
                    return
                if failure is not None:
                    done.set_exception(failure)
                else:
                    done.set_result(result)

            with contextlib.suppress(RuntimeError):  # the app (its loop) is gone
                loop.call_soon_threadsafe(settle)

        def run() -> None:
            try:
                result = job()
            except Exception as error:  # handed to the worker, which reports it
                give(failure=error)
            else:
                give(result)

        threading.Thread(target=run, name=thread, daemon=True).start()
        return await done

    node.run_worker(watch(), name=name, group=name, exit_on_error=False)


class SolvingScreen(Screen[None]):
    """A screen whose solver work runs in daemon threads (:func:`solve_in_thread`) named
    :data:`THREADS` and the work's name; a finished worker (its result, or its error) goes
    to the handler :meth:`finishers` gives for its name."""

    THREADS: ClassVar[str] = "silverpyr-"
    """The start of the threads' names (``silverpyr-sun-``: ``silverpyr-sun-advice``)."""
    thinking = False
    """Whether the advice is being worked out (in a thread)."""

    def finishers(self) -> Mapping[str, Callable[[Worker[Any]], None]]:
        """Each work's handler of its finished worker, by the work's name."""
        return {}

    def solve(self, job: Callable[[], object], name: str) -> None:
        """Run ``job`` in a daemon thread watched by a worker named ``name`` (a daemon, so
        leaving mid-way does not wait for it): :func:`solve_in_thread`."""
        solve_in_thread(self, job, name, f"{self.THREADS}{name}")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        finish = self.finishers().get(worker.name)
        if finish is not None:
            finish(worker)

    def say(self, *lines: RenderableType) -> None:
        """Add ``lines`` to the screen's messages."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw the screen again."""
        raise NotImplementedError

    def advice_done(
        self, worker: Worker[Any], now: object, show: Callable[[Any], None], moved_on: str
    ) -> None:
        """The advice's worker (its result: the position asked of, the advice) finished: its
        error said, or the advice shown (``show``) while the position is still ``now``, else
        that it came after the ``moved_on`` (``table``, ``turn``) moved on."""
        self.thinking = False
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The advice failed: {worker.error}", style="bold red"))
        elif worker.result is not None:
            asked, advice = worker.result
            if asked is now:
                show(advice)
            else:
                self.say(Text(f"(The advice came after the {moved_on} moved on.)", style="italic"))
        self.redraw()


class GameOver(Screen[None]):
    """The end of a game: "The game is over." over the game's ``parts`` (scores, winner,
    the coach's summary), scrolling; ``q``, Escape or Enter leaves. Each game subclasses
    it under its own name."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape,enter", "leave", "Leave", priority=True),
    ]

    def __init__(self, *parts: RenderableType) -> None:
        super().__init__()
        self.parts = parts

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end"):
            yield Shown(Group(Text("The game is over.", style="bold"), *self.parts))
        yield Footer(compact=True)

    def action_leave(self) -> None:
        self.dismiss(None)


SettingT = TypeVar("SettingT")


class GameApp(App[None], Generic[SettingT]):
    """A full-screen game: ``first`` makes the screen it opens on from the ``setting`` the
    screens share; :class:`TooSmall` covers it while the terminal is below :data:`MIN_SIZE`.
    """

    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c,ctrl+q", "interrupt", "Quit", show=False, priority=True),
    ]
    LEAVING: ClassVar[str] = ""
    """The game's note after "press Ctrl+C to leave" on the too-small screen."""

    def __init_subclass__(
        cls, css: str | None = None, title: str | None = None, **kwargs: Any
    ) -> None:
        """A game's apps (its game's and its trainer's) take its look as class arguments:
        ``class CheopsApp(TableGameApp[CheopsSetting], css=CSS, title=TITLE)`` sets
        ``CSS`` and ``TITLE``."""
        if css is not None:
            cls.CSS = css
        if title is not None:
            cls.TITLE = title
        super().__init_subclass__(**kwargs)

    def __init__(self, setting: SettingT, first: Callable[[SettingT], Screen[None]]) -> None:
        super().__init__()
        self.setting = setting
        self._first = first
        self._started = False

    async def on_mount(self) -> None:
        await self.push_screen(self._first(self.setting))
        self._started = True
        self.fit(self.size)

    def on_resize(self, event: events.Resize) -> None:
        if self._started:  # the first size is fitted once the first screen is up
            self.fit(event.size)

    def fit(self, size: Size) -> None:
        """Show :class:`TooSmall` while the terminal is below :data:`MIN_SIZE`, and take
        it away when it grows."""
        small = size.width < MIN_SIZE.width or size.height < MIN_SIZE.height
        shown = [screen for screen in self.screen_stack if isinstance(screen, TooSmall)]
        if small and shown:
            shown[-1].show(size)
        elif small:
            self.push_screen(TooSmall(size, self.LEAVING))
        elif shown and self.screen is shown[-1]:
            self.pop_screen()

    def action_interrupt(self) -> None:
        """Ctrl-C (or Ctrl-Q): leave at once (a game keeps what it must first)."""
        self.exit()
