"""``?`` on every screen of ``silverpyr play``: the keys of the screen under it (read from
its own bindings, so the list cannot drift from them) and what a card shows; ``r`` opens
the rules page (``silverpyr rules``) in its place, any other key closes it."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ...core.tui.base import Shown
from ...core.tui.rules_screen import RULES_HINT, RULES_KEY, open_rules
from .setting import Setting

HELP_KEY = Binding("question_mark", "help", "Help", priority=True)
"""The binding every screen of the app has (out of the footer where it is full)."""
_KEY_NAMES = {
    "question_mark": "?",
    "colon": ":",
    "enter": "Enter",
    "escape": "Esc",
    "tab": "Tab",
    "up": "\u2191",
    "down": "\u2193",
    "left": "\u2190",
    "right": "\u2192",
}

_WORDS = {
    "cursor": "move the pattern's ghost (the cursor)",
    "rotate": "turn the pattern a quarter",
    "mirror": "flip the pattern over",
    "next_card": "the other card",
    "single": "one cell instead of the pattern (the ghost's first cell)",
    "place": "place the ghost",
    "step(1)": "the next place the pattern fits",
    "step(-1)": "the place before",
    "prompt": "type a move in notation (B1 B2 C2)",
    "end_turn": "end the turn (keep two cards, or confirm your mark)",
    "choose": "take a replacement: an offer card 1-4, d the deck",
    "opponents": "the other players' cards",
    "undo": "take back",
}
"""Longer words than the footer's for some actions (by name, or name and arguments)."""


def keys_of(screen: Screen[None]) -> list[tuple[str, str]]:
    """The keys of ``screen``'s bindings by what they do, in their order: ``("↑ k ↓ j ...",
    "move the pattern's ghost ...")``; the help's own key left out."""
    found: dict[str, list[str]] = {}
    for binding in screen.BINDINGS:
        if not isinstance(binding, Binding) or binding.action == "help":
            continue
        name = binding.action.split("(")[0]
        words = _WORDS.get(binding.action) or _WORDS.get(name) or binding.description
        if name == "choose" and "(" in binding.action and "'" in binding.action:
            words = binding.description  # the home menu's choices
        names = [_KEY_NAMES.get(key.strip(), key.strip()) for key in binding.key.split(",")]
        found.setdefault(words, []).extend(names)
    return [(" ".join(dict.fromkeys(keys)), words) for words, keys in found.items()]


class KeysHelp(ModalScreen[None]):
    """The keys, the legend of a card, and the way to the rules page."""

    DEFAULT_CSS = """
    KeysHelp { align: center middle; }
    #keys-help {
        width: 80; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: thick $accent; background: $surface;
    }
    #keys-help .keys { color: $text-muted; margin-top: 1; }
    """

    closing = False

    def __init__(self, keys: list[tuple[str, str]], rules: Callable[[], RenderableType]) -> None:
        super().__init__()
        self.keys = keys
        self.rules = rules

    def compose(self) -> ComposeResult:
        from ..render import room_legend

        text = Text("Keys\n", style="bold")
        width = max((len(key) for key, _ in self.keys), default=0) + 2
        for key, meaning in self.keys:
            text.append(f" {key:<{width}}", style="bold")
            text.append(f"{meaning}\n")
        text.append("A card", style="bold")
        legend = room_legend(marked_note="marked on turn 3", width=76)
        with Vertical(id="keys-help"):
            yield Shown(Group(text, legend))
            yield Static(RULES_HINT, classes="keys")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if self.closing or self is not self.app.screen:
            return  # a second key typed fast: this note is already leaving
        self.closing = True
        if event.character == RULES_KEY:
            open_rules(self.app, self.rules)
        else:
            self.dismiss(None)


def show_help(screen: Screen[None], setting: Setting) -> None:
    """``?`` on ``screen``: its keys, a card's legend, ``r`` for the rules."""
    from ..rules_cmd import page_renderable

    deck = setting.deck
    screen.app.push_screen(KeysHelp(keys_of(screen), lambda: page_renderable(deck)))
