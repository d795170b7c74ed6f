"""A game's rules page for players (``silverpyr rules``, ``silverpyr sun rules``, ``?`` then
``r`` in a full-screen app), game-free: the page's text read from the game's own file, its
drawings put in, and the whole drawn with Rich at most :data:`WIDTH` columns wide.

A game ships its page as ``rules.md`` beside its commands (``cli/sun/rules.md``; the wheel
carries it as package data), in a small part of Markdown: a ``# title``, ``## headings``,
paragraphs, ``- `` lists (a line indented under an item continues it), ``**bold**`` and
```notation```. A line ``@name`` alone is where the game's drawing ``name`` goes (the
labelled board: drawn from the game's own components and engine, never typed in), and
``$name`` is a number or a word the game hands in from its engine (a hand limit, the points
of a completed card), so the page stays true if the data or the rules' constants change.
The rulings documents in docs/ stay the engineers' reference; this page is for players.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from string import Template
from typing import Any

import typer
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.text import Text

from ...solver.core.errors import SilverpyrError
from .options import JsonOption, PlainOption
from .streams import ascii_text

WIDTH = 80
"""Columns the page is drawn in at most (a wider terminal keeps it readable)."""

Drawing = Callable[[bool], RenderableType]
"""A drawing of the page: given ``plain`` (ASCII without styles), a Rich renderable."""

_DRAWING = re.compile(r"@([a-z_]+)")
_INLINE = re.compile(r"\*\*(.+?)\*\*|`(.+?)`")
CODE_STYLE = "bold cyan"


class RulesPageError(SilverpyrError):
    """A rules page that cannot be read or names a drawing or value its game lacks."""


@dataclass(frozen=True)
class Block:
    """One block of a section: a paragraph (``kind`` ``text``), a list (``items``) or the
    place of a drawing (``drawing``, its name in ``text``)."""

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """A heading (empty before the first one) and its blocks."""

    heading: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class RulesPage:
    """A game's rules page: its title and its sections, the game's values put in."""

    title: str
    sections: tuple[Section, ...]

    def drawings(self) -> list[str]:
        """The names of the drawings the page places, in order."""
        return [b.text for s in self.sections for b in s.blocks if b.kind == "drawing"]


def read_page(package: str, values: Mapping[str, object], name: str = "rules.md") -> RulesPage:
    """The page ``name`` shipped in ``package`` (``silverpyr.cli.sun``), ``values`` put in
    for its ``$names``. Raises :class:`RulesPageError` for a missing file or value."""
    try:
        source = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as error:
        raise RulesPageError(f"the rules page {package}/{name} cannot be read: {error}") from None
    try:
        text = Template(source).substitute({key: str(value) for key, value in values.items()})
    except (KeyError, ValueError) as error:
        raise RulesPageError(f"the rules page {package}/{name} needs the value {error}") from None
    return parse_page(text)


def parse_page(text: str) -> RulesPage:
    """The page in ``text`` (the module's Markdown subset)."""
    title = ""
    sections: list[Section] = []
    heading = ""
    blocks: list[Block] = []
    paragraph: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("text", " ".join(paragraph)))
            paragraph.clear()
        if items:
            blocks.append(Block("list", items=tuple(items)))
            items.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
        elif line.startswith("# "):
            flush()
            title = stripped[2:].strip()
        elif line.startswith("## "):
            flush()
            if heading or blocks:
                sections.append(Section(heading, tuple(blocks)))
            heading, blocks = stripped[3:].strip(), []
        elif _DRAWING.fullmatch(stripped):
            flush()
            blocks.append(Block("drawing", stripped[1:]))
        elif line.startswith("- "):
            if paragraph:
                flush()
            items.append(stripped[2:].strip())
        elif items and line.startswith(" "):
            items[-1] += " " + stripped
        else:
            if items:
                flush()
            paragraph.append(stripped)
    flush()
    if heading or blocks:
        sections.append(Section(heading, tuple(blocks)))
    return RulesPage(title, tuple(sections))


def inline(text: str, *, plain: bool = False) -> Text:
    """A paragraph's text: ``**bold**`` bold, ```notation``` in the notation's style (both
    without their marks; with ``plain``, no style)."""
    out = Text()
    end = 0
    for match in _INLINE.finditer(text):
        out.append(text[end : match.start()])
        bold, code = match.groups()
        if plain:
            out.append(bold or code)
        else:
            out.append(bold or code, style="bold" if bold else CODE_STYLE)
        end = match.end()
    out.append(text[end:])
    return out


class Wrapped:
    """Text wrapped to the width given, each line after the first indented by ``hang`` (a
    list item's bullet stands alone), with no blank at the end of a line."""

    def __init__(self, text: Text, first: str = "", hang: int = 0) -> None:
        self.text = text
        self.first = first
        self.hang = hang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(options.max_width - self.hang, 10)
        for n, line in enumerate(self.text.wrap(console, width)):
            line.rstrip()
            yield Segment(self.first if n == 0 else " " * self.hang)
            yield from line.render(console)
            yield Segment.line()


class Heading:
    """A heading: bold, or in capitals where nothing is styled (``--plain``, ``NO_COLOR``,
    a pipe), so it still stands out."""

    def __init__(self, text: str, *, upper: bool = False, style: str = "bold") -> None:
        self.text = text
        self.upper = upper
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        bare = self.upper or console.color_system is None
        yield Text(self.text.upper() if bare else self.text, style=self.style)


class Trimmed:
    """A drawing without the blanks at the end of its lines; a blank with a background (a
    drawn cell's edge) stays where styles are shown. ``plain``: in ASCII look-alikes (a
    multiplication sign as ``x``), whatever the drawing gave."""

    def __init__(self, renderable: RenderableType, *, plain: bool = False) -> None:
        self.renderable = renderable
        self.plain = plain

    @staticmethod
    def _bare(segment: Segment, styled: bool) -> bool:
        """Whether a blank of ``segment`` shows nothing (no background, or no styles)."""
        style = segment.style
        return not styled or style is None or (style.bgcolor is None and not style.reverse)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        styled = console.color_system is not None
        for line in console.render_lines(self.renderable, options, pad=False):
            segments = [segment for segment in line if segment.text]
            while segments and not segments[-1].text.strip() and self._bare(segments[-1], styled):
                segments.pop()
            if segments and self._bare(segments[-1], styled):
                last = segments.pop()
                segments.append(Segment(last.text.rstrip(), last.style, last.control))
            if self.plain:
                segments = [Segment(ascii_text(s.text), None, s.control) for s in segments]
            yield from segments
            yield Segment.line()


def _drawing(name: str, drawings: Mapping[str, Drawing], plain: bool) -> RenderableType:
    if name not in drawings:
        raise RulesPageError(f"the rules page places a drawing {name!r} its game does not draw")
    return Trimmed(drawings[name](plain), plain=plain)


def page_renderable(
    page: RulesPage, drawings: Mapping[str, Drawing], *, plain: bool = False
) -> RenderableType:
    """The whole page as one renderable: the title, each heading and its blocks (lists with
    a hanging indent), each drawing in its place. ``plain``: ASCII without styles (headings
    in capitals, so they still stand out)."""
    parts: list[RenderableType] = []
    blank = Text()

    def gap() -> None:
        if parts and parts[-1] is not blank:
            parts.append(blank)

    if page.title:
        parts.append(Heading(page.title, upper=plain, style="bold underline"))
    for section in page.sections:
        if section.heading:
            gap()
            parts.append(Heading(section.heading, upper=plain))
        for n, block in enumerate(section.blocks):
            if n or not section.heading:
                gap()
            if block.kind == "text":
                parts.append(Wrapped(inline(block.text, plain=plain)))
            elif block.kind == "list":
                bullet = "- " if plain else "\u2022 "
                parts.extend(
                    Wrapped(inline(item, plain=plain), bullet, len(bullet)) for item in block.items
                )
            else:
                parts.append(_drawing(block.text, drawings, plain))
    return Group(*parts)


def plain_text(renderable: RenderableType, width: int = WIDTH) -> list[str]:
    """``renderable`` as lines of text without styles, ``width`` columns at most (the
    drawings in ``--json``)."""
    import io

    console = Console(
        file=io.StringIO(), width=width, color_system=None, no_color=True, highlight=False
    )
    with console.capture() as captured:
        console.print(renderable)
    return [line.rstrip() for line in captured.get().splitlines()]


def page_data(game: str, page: RulesPage, drawings: Mapping[str, Drawing]) -> dict[str, Any]:
    """The page as ``--json`` prints it: the game, the title, each section's text (lists as
    ``- `` lines, the marks of bold and notation left out) and each drawing as plain lines."""
    sections = []
    for section in page.sections:
        paragraphs: list[str] = []
        for block in section.blocks:
            if block.kind == "text":
                paragraphs.append(inline(block.text, plain=True).plain)
            elif block.kind == "list":
                paragraphs.append(
                    "\n".join(f"- {inline(item, plain=True).plain}" for item in block.items)
                )
            else:
                paragraphs.append(f"@{block.text}")
        sections.append({"heading": section.heading, "text": "\n\n".join(paragraphs)})
    return {
        "game": game,
        "title": page.title,
        "sections": sections,
        "drawings": {name: plain_text(_drawing(name, drawings, True)) for name in page.drawings()},
    }


def print_page(
    game: str,
    page: RulesPage,
    drawings: Mapping[str, Drawing],
    *,
    as_json: bool,
    plain: bool,
) -> None:
    """What every game's ``rules`` command prints: the page for people (at most
    :data:`WIDTH` columns), or as JSON."""
    from .output import emit

    def render(console: Console) -> None:
        if os.environ.get("NO_COLOR") and not plain:  # no escape codes at all, Unicode kept
            console = Console(file=console.file, color_system=None, highlight=False)
        console.print(page_renderable(page, drawings, plain=plain), width=min(console.width, WIDTH))

    emit(page_data(game, page, drawings) if as_json else None, render, as_json=as_json, plain=plain)


Parts = Callable[[Any], tuple[RulesPage, Mapping[str, Drawing]]]
"""A game's page and its drawings, from the command's context (its cards or components)."""


def rules_command(game: str, labelled: str, parts: Parts) -> Callable[..., None]:
    """A game's ``rules`` command (``silverpyr sun rules``: ``--json``, ``--plain``), made
    from its key in :data:`~silverpyr.solver.games.GAMES`, what its drawings label
    (``its pyramid's slots``) and its :data:`Parts`; its rulings are ``docs/<game>-rules.md``."""
    from ...solver.games import GAMES

    def rules(ctx: typer.Context, as_json: JsonOption = False, plain: PlainOption = False) -> None:
        page, drawings = parts(ctx)
        print_page(game, page, drawings, as_json=as_json, plain=plain)

    rules.__doc__ = (
        f"The rules of {GAMES[game].title} for players, with {labelled} labelled.\n\n"
        "The rulings the engine follows in the cases the rulebook leaves open are in "
        f"docs/{game}-rules.md."
    )
    return rules
