"""Small dialogs: a yes/no question, a one-line prompt (moves in notation, a seed), a
choice from a list (the opponents), something to read at the screen's full width (advice
that a side panel would cut)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option


class Confirm(ModalScreen[bool]):
    """A question answered with ``y`` (true) or anything else (false)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape,q", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question)
            yield Static("[b]y[/b] yes    [b]n[/b] no", classes="keys")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class LeaveDialog(ModalScreen[str]):
    """Leaving a puzzle: ``y`` gives up, ``s`` saves and leaves, any other key plays on."""

    def __init__(self, question: str, *, saving: bool) -> None:
        super().__init__()
        self.question = question
        leave = "save and leave (the next play resumes)" if saving else "leave, not saved"
        self.keys = f"[b]y[/b] give up    [b]s[/b] {leave}    any other key plays on"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question)
            yield Static(self.keys, classes="keys")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss(event.key if event.key in ("y", "s") else "")


class Prompt(ModalScreen[str | None]):
    """One line of text; ``Enter`` gives it, ``Escape`` gives ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, placeholder: str = "") -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question)
            yield Input(placeholder=self.placeholder, id="prompt-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class Choose(ModalScreen[str | None]):
    """One of a few options (arrows and Enter, a click, or the option's number key);
    ``Escape`` gives ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, question: str, options: list[tuple[str, str]], keys: list[str] | None = None
    ) -> None:
        """``options``: (what :meth:`dismiss` gives, the line shown) each; ``keys``: the key
        that picks each, shown before it (default ``1``, ``2``, ...: a question whose options
        have numbers of their own, such as stacks 2 and 3 when stack 1 is empty, gives them)."""
        super().__init__()
        self.question = question
        self.options = options
        self.keys = keys if keys is not None else [str(n) for n in range(1, len(options) + 1)]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question)
            yield OptionList(
                *(
                    Option(f"{key}) {label}", id=value)
                    for key, (value, label) in zip(self.keys, self.options, strict=True)
                ),
                id="choose-list",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character in self.keys:
            event.stop()
            self.dismiss(self.options[self.keys.index(event.character)][0])

    def action_cancel(self) -> None:
        self.dismiss(None)


class Reading(ModalScreen[None]):
    """Something to read at the screen's width (arrows scroll it); ``Escape``, ``Enter`` or
    ``q`` closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,space", "close", "Close"),
    ]

    def __init__(self, *parts: RenderableType) -> None:
        super().__init__()
        self.parts = parts

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog reading"):
            for part in self.parts:
                yield Static(part)
            yield Static("[b]Enter[/b] or [b]Esc[/b] closes; arrows scroll", classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)
