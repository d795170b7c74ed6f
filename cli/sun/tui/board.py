"""Drawings of the full-screen Sun game (Rich only, no Textual): the pyramid as rows of
bricks, your hand, the table's scores and piles, the legend.

Nothing is told by colour alone (colour-blind players, ``NO_COLOR``): every card shows its
kind letter (``S`` standard, ``E`` edge, ``T`` top, ``B`` base), its value and its symbol as a
glyph (``☉ ☾ ✶ ∿`` in the bundled deck); a placed card is ``[S4☉]``, a pending one (placed this
turn, not final: ``u`` takes it back) ``{S4☉}``, an open slot ``( · )``, the cursor
``>+4 <`` (what the chosen card would score there), ``> x <`` (it may not go there) or
``> · <`` (no card chosen). Under ``NO_COLOR`` the core's
:class:`~silverpyr.cli.core.tui.colour.Colourless` drops every colour of ours (the screens draw
through :class:`~silverpyr.cli.core.tui.base.Shown`), so the terminal's own colours draw it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.style import Style
from rich.text import Text

from ....solver.sun.cards import Deck, PileName
from ....solver.sun.game import Place, SunState, matching_neighbours, points_for, why_illegal
from ....solver.sun.pyramid import Slot

BRICK = 5
"""Characters of a brick."""
STEP = BRICK + 1
"""Characters from one brick of a row to the next."""
LABEL = 2
"""Characters of the level labels left of the pyramid."""

SYMBOL_COLOURS = ("yellow", "bright_cyan", "dark_orange", "bright_green", "magenta", "blue")
"""Colours of the deck's symbols, in the deck's order (the glyph tells them apart anyway)."""
OPEN_STYLE = "bold"
PENDING_STYLE = "bold italic reverse"
CURSOR_STYLE = "bold black on bright_white"
ILLEGAL_STYLE = "bold white on red3"
EMPTY_STYLE = "grey37"


def pyramid_width(width: int) -> int:
    """Characters the pyramid of a base row of ``width`` cards takes."""
    return LABEL + width * STEP - 1


def slot_x(slot: Slot) -> int:
    """The column of a slot's brick (a level is set half a brick right of the one below)."""
    return LABEL + slot.level * STEP // 2 + slot.pos * STEP


def card_face(deck: Deck, card_id: int) -> str:
    """The card for the screen in at most 3 characters where it can: ``S4☉``, ``E3``, ``T8``;
    base cards ``B``, ``<B``, ``B>`` (the left and right ends of the base row)."""
    card = deck[card_id]
    if card.kind == "base":
        return {"left": "<B ", "right": " B>"}.get(card.side or "", " B ")
    return deck.glyph(card)


def card_style(deck: Deck, card_id: int) -> Style:
    """A card's colour (its symbol's) and weight (edge and top cards bold)."""
    card = deck[card_id]
    style = Style()
    if card.symbol is not None:
        names = list(deck.symbols)
        index = names.index(card.symbol) if card.symbol in names else len(names)
        style += Style(color=SYMBOL_COLOURS[index % len(SYMBOL_COLOURS)])
    if card.kind in ("edge", "top"):
        style += Style(bold=True)
    if card.kind == "base":
        style += Style(dim=True)
    return style


def brick(deck: Deck, card_id: int, *, pending: bool = False) -> str:
    """A card's brick: ``[S4☉]``, pending ``{S4☉}``."""
    face = card_face(deck, card_id)
    if len(face) > BRICK - 2:
        return face[:BRICK].ljust(BRICK)
    left, right = ("{", "}") if pending else ("[", "]")
    return f"{left}{face.ljust(BRICK - 2)}{right}"


def cursor_brick(state: SunState, slot: Slot, chosen: int | None) -> tuple[str, str]:
    """The cursor's brick and style: what the chosen card would score on ``slot``."""
    if chosen is None:
        return "> \u00b7 <", CURSOR_STYLE
    if why_illegal(state, Place(chosen, slot)) is not None:
        return "> x <", ILLEGAL_STYLE
    points = f"+{points_for(state, chosen, slot)}"
    return f">{points.center(BRICK - 2)}<", CURSOR_STYLE


def placement_text(state: SunState, chosen: int, slot: Slot, reason: str | None) -> Text:
    """The status of the chosen card over ``slot``: why it may not go there (``reason``, the
    engine's), or the points it would score, the cards of its symbol it would touch, and that
    Enter places it."""
    face = card_face(state.deck, chosen)
    if reason is not None:
        return Text(f"{face} on {slot}: {reason}", style="bold red")
    text = Text(f"{face} on {slot}: ", style="bold")
    points = points_for(state, chosen, slot)
    text.append(f"{points} point{'s' * (points != 1)}", "green")
    matches = matching_neighbours(state, chosen, slot)
    if matches and slot != state.pyramid.top:
        text.append(f", touches {matches} of its symbol")
    text.append("; Enter places it.")
    return text


def pyramid_text(
    state: SunState,
    *,
    cursor: Slot | None = None,
    chosen: int | None = None,
    pending: Collection[Slot] = (),
    recent: Collection[Slot] = (),
    names: bool = False,
) -> Text:
    """The pyramid, its top first: each card a brick on the two below it, open slots
    ``( · )``, the cursor with what the chosen card would score there; the ``recent``
    cards (the others' since your last decision) underlined. With ``names`` every empty
    slot shows its name in the notation instead, an open one ``(1a )`` (the rules page)."""
    deck = state.deck
    pyramid = state.pyramid
    opens = set(pyramid.open_slots())
    width = pyramid.width
    text = Text(no_wrap=True, overflow="ignore")
    for level in reversed(range(width)):
        line = Text(f"{level}".rjust(LABEL - 1) + " ", style="bold")
        line.append(" " * (level * STEP // 2))
        for pos in range(width - level):
            slot = Slot(level, pos)
            if pos:
                line.append(" ")
            card = pyramid.card_at(slot)
            if slot == cursor:
                shown, look = cursor_brick(state, slot, chosen)
                line.append(shown, style=look)
            elif card is not None:
                is_pending = slot in pending
                style = card_style(deck, card)
                if is_pending:
                    style += Style.parse(PENDING_STYLE)
                elif slot in recent:
                    style += Style(underline=True)
                line.append(brick(deck, card, pending=is_pending), style=style)
            elif names:
                name = str(slot).ljust(BRICK - 2)
                shown = f"({name})" if slot in opens else f" {name} "
                line.append(shown, style=OPEN_STYLE if slot in opens else "")
            elif slot in opens:
                line.append("( \u00b7 )", style=OPEN_STYLE)
            else:
                line.append("  .  ", style=EMPTY_STYLE)
        text.append_text(line)
        if level:
            text.append("\n")
    return text


def card_keys(count: int) -> str:
    """The keys that choose a card of a hand of ``count`` (``1-5``; ``1`` for one card)."""
    return "1" if count <= 1 else f"1-{count}"


def hand_text(deck: Deck, hand: Sequence[int], chosen: int | None) -> Text:
    """Your hand, numbered for the keys: ``1 S4☉  2>E3☾<  3 T8`` (the chosen card between
    ``>`` and ``<``)."""
    text = Text("Hand ", style="bold", no_wrap=True, overflow="ellipsis")
    if not hand:
        text.append("(empty)", style="italic")
    for number, card in enumerate(hand, start=1):
        mark = card == chosen
        text.append(f" {number}", style="bold")
        text.append(">" if mark else " ")
        face = card_face(deck, card)
        style = card_style(deck, card) + (Style(reverse=True) if mark else Style())
        text.append(face, style=style)
        text.append("<" if mark else " ")
    return text


def seats_text(state: SunState, names: Sequence[str]) -> Text:
    """Each seat's points (``p``) and cards in hand (``c``), ``>`` before the seat to move:
    ``> You       12p 5c``, ``  P2 greedy  9p 4c`` (17 characters)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for seat, name in enumerate(names):
        shown = name.replace("Player ", "P").replace("(", "").replace(")", "") if seat else name
        turn = ">" if seat == state.turn and not state.over else " "
        line = f"{turn}{shown[:9]:<9}{state.scores[seat]:>3}p {len(state.hands[seat])}c"
        text.append(line + "\n", style="bold" if seat == 0 else "")
    return text


def piles_text(state: SunState) -> Text:
    """The draw piles' sizes, the discards (how many, the last one) and the marker."""
    deck = state.deck
    text = Text(no_wrap=True, overflow="ellipsis")
    piles: tuple[tuple[PileName, str], ...] = (("standard", "Standard"), ("edge", "Edge"))
    for pile, name in piles:
        discards = state.discards(pile)
        text.append(f"{name} pile {len(state.pile(pile))}\n", style="bold")
        text.append(f" discards {len(discards)}")
        if discards:
            text.append(", ")
            text.append(card_face(deck, discards[-1]), style=card_style(deck, discards[-1]))
        text.append("\n")
    text.append("Marker ", style="bold")
    text.append(card_face(deck, state.marker), style=card_style(deck, state.marker))
    return text


def legend_text(deck: Deck, *, plain: bool = False) -> Text:
    """What the bricks, the letters and the side's numbers mean (the help screen; the rules
    page). ``plain``: in ASCII, the symbols by name only."""
    text = Text()
    if plain:
        symbols = ", ".join(deck.symbols)
    else:
        symbols = "  ".join(f"{glyph} {name}" for name, glyph in deck.symbols.items())
    sample = next(
        (f"S4{glyph}" for glyph in deck.symbols.values() if not plain and len(glyph) == 1),
        "S4 ",
    )
    dot = "." if plain else "\u00b7"
    for shown, meaning in (
        (f"[{sample}]", "a card: S standard, E edge (x2 at a row end), T top (x3 on the top),"),
        ("", "B base; its value (it scores at most its level), its symbol:"),
        ("", symbols or "(this deck has no symbols)"),
        (f"{{{sample}}}", "placed this turn, not final: u takes it back"),
        (f"( {dot} )", "an open slot: a card can go there"),
        (">+4 <", "the cursor: the chosen card would score 4 there"),
        ("> x <", "the cursor: the chosen card may not go there"),
        ("  .  ", "a slot waiting for the two cards below it; underlined cards: the"),
        ("", "others' since your last move"),
    ):
        text.append(f" {shown:<6}", style="bold")
        text.append(f"{meaning}\n")
    text.append("Slots are a level and a letter from the left (1c: level 1, third place);\n")
    text.append("beside the pyramid, 12p 5c: 12 points, 5 cards in hand.")
    return text
