"""Drawing without colour under ``NO_COLOR`` (game-free, Rich only: no Textual).

Textual's own answer to ``NO_COLOR``, greys by luminance, can leave a red symbol grey 236
on grey 233; :class:`Colourless` instead drops every colour of ours and turns a coloured
background into reverse video, so the terminal's own contrast draws the screen and a mark,
a cursor or a pending card still stands out.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style


def colourless_style(style: Style) -> Style:
    """``style`` without colours; a background colour becomes reverse video, so what had
    one still stands out from plain text."""
    if style.bgcolor is not None:
        style = style + Style(reverse=True)
    return style.without_color


class Colourless:
    """A renderable drawn without colour (``NO_COLOR``): :func:`colourless_style` on
    every segment, so the text keeps the terminal's own contrast."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.renderable, options):
            text, style, control = segment
            yield Segment(text, colourless_style(style), control) if style else segment
