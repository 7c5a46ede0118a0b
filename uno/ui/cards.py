"""Cards drawn by our own code: inline SVG built only from engine values.

Every colour is also marked by a shape (red triangle, yellow circle, green square, blue diamond),
so nobody needs to tell colours apart; every card carries a text label in the reader's language.
The HTML builders are pure functions (tested without Streamlit); ``show_cards`` draws them.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final, Literal

from uno.academy.i18n import card_label, t
from uno.cards import Card, Color, Kind
from uno.ui.charts import BLUE, GREEN, VERMILION

__all__ = [
    "COLOR_FILL",
    "COLOR_SHAPE",
    "SIZES",
    "CardState",
    "card_html",
    "card_label",
    "card_svg",
    "card_uri",
    "cards_html",
    "color_badge_html",
    "show_cards",
]

Size = Literal["sm", "md", "lg", "xl"]
CardState = Literal["normal", "playable", "unplayable", "selected", "back"]

#: Card width in pixels: desktop small/normal, projector, children.
SIZES: Final[dict[str, int]] = {"sm": 56, "md": 84, "lg": 124, "xl": 168}

# Okabe-Ito hues: told apart by most colour-blind readers, and each also has its own shape.
COLOR_FILL: Final[dict[Color, str]] = {
    Color.R: VERMILION,
    Color.Y: "#F0C419",  # a deeper yellow than the charts' YELLOW: white ink must read on it
    Color.G: GREEN,
    Color.B: BLUE,
}
COLOR_INK: Final[dict[Color, str]] = {
    Color.R: "#FFFFFF",
    Color.Y: "#1A1A1A",
    Color.G: "#FFFFFF",
    Color.B: "#FFFFFF",
}
#: The shape that marks each colour (also named in the legend, ``color.shape.*`` in content/).
COLOR_SHAPE: Final[dict[Color, str]] = {
    Color.R: "triangle",
    Color.Y: "circle",
    Color.G: "square",
    Color.B: "diamond",
}
_WILD_FILL: Final = "#1A1A1A"


def _shape_svg(color: Color, cx: float, cy: float, r: float, fill: str, stroke: str) -> str:
    """The colour's shape centred on (cx, cy) with radius r."""
    shape = COLOR_SHAPE[color]
    common = f'fill="{fill}" stroke="{stroke}" stroke-width="{max(r / 5, 1):.1f}"'
    if shape == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" {common}/>'
    if shape == "square":
        s = r * 1.7
        x, y = cx - s / 2, cy - s / 2
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="{s:.1f}" height="{s:.1f}" {common}/>'
    if shape == "diamond":
        pts = [(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)]
    else:  # triangle
        pts = [(cx, cy - r * 1.15), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    return f'<polygon points="{points}" {common}/>'


def _face_text(card: Card) -> str:
    """The big sign in the middle: the number, or a symbol for action and wild cards."""
    # Compare by value: Streamlit's hot reload may bring a new Kind class while a game held in
    # the session still carries cards of the old one.
    kind = int(card.kind)
    if kind == Kind.NUMBER:
        return str(card.number)
    return {
        int(Kind.SKIP): "⊘",
        int(Kind.REVERSE): "⇄",
        int(Kind.DRAW_TWO): "+2",
        int(Kind.WILD): "★",
        int(Kind.WILD_DRAW_FOUR): "+4",
    }[kind]


@cache
def card_svg(card: Card | None, named: Color | None = None) -> str:
    """One card as an SVG drawing (``None``: the back of a card). ``named`` is the colour
    named for a wild on the pile. Built only from engine values: no text from anyone."""
    back = card is None
    width = SIZES["md"]
    height = round(width * 1.5)
    w, h = 100.0, 150.0  # the drawing's own units; the SVG scales to `width`
    parts: list[str] = []
    if back or card is None:
        parts.append(
            f'<rect x="2" y="2" width="{w - 4}" height="{h - 4}" rx="10" fill="{_WILD_FILL}"/>'
        )
        parts.append(
            '<ellipse cx="50" cy="75" rx="36" ry="52" fill="#C0392B" transform="rotate(20 50 75)"/>'
        )
        parts.append(
            '<text x="50" y="84" font-size="26" font-weight="700" text-anchor="middle" '
            'fill="#FFFFFF" font-family="sans-serif" transform="rotate(-20 50 75)">UNO</text>'
        )
    else:
        color = card.color
        fill = _WILD_FILL if color is None else COLOR_FILL[color]
        ink = "#FFFFFF" if color is None else COLOR_INK[color]
        parts.append(
            f'<rect x="2" y="2" width="{w - 4}" height="{h - 4}" rx="10" fill="{fill}" '
            'stroke="#FFFFFF" stroke-width="3"/>'
        )
        parts.append(
            '<ellipse cx="50" cy="75" rx="34" ry="50" fill="#FFFFFF" transform="rotate(20 50 75)"/>'
        )
        text = _face_text(card)
        if color is None:
            # Four quarters, each with its colour's shape, so a wild reads as "any colour".
            corners = ((38, 58), (62, 58), (38, 92), (62, 92))
            for c, (x, y) in zip(Color, corners, strict=True):
                parts.append(_shape_svg(c, x, y, 9, COLOR_FILL[c], "#1A1A1A"))
            parts.append(
                f'<text x="50" y="{142 if len(text) > 1 else 138}" font-size="16" '
                'font-weight="800" text-anchor="middle" fill="#FFFFFF" font-family="sans-serif">'
                f"{html.escape(text)}</text>"
            )
        else:
            big_fill = fill
            font = 46 if len(text) == 1 else 38
            stroke = ' stroke="#1A1A1A" stroke-width="1.5"' if color is Color.Y else ""
            parts.append(
                f'<text x="50" y="{75 + font * 0.35:.1f}" font-size="{font}" font-weight="800" '
                f'text-anchor="middle" fill="{big_fill}"{stroke} font-family="sans-serif">'
                f"{html.escape(text)}</text>"
            )
            # Corner index and the colour's shape in two corners.
            parts.append(
                f'<text x="10" y="24" font-size="18" font-weight="700" fill="{ink}" '
                f'font-family="sans-serif">{html.escape(text)}</text>'
            )
            parts.append(_shape_svg(color, 84, 18, 8, ink, fill))
            parts.append(_shape_svg(color, 16, 132, 8, ink, fill))
        if named is not None and color is None:
            parts.append(
                f'<rect x="4" y="4" width="{w - 8}" height="{h - 8}" rx="9" fill="none" '
                f'stroke="{COLOR_FILL[named]}" stroke-width="7"/>'
            )
            parts.append(_shape_svg(named, 84, 18, 10, COLOR_FILL[named], "#FFFFFF"))
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}" '
        f'width="{width}" height="{height}">{"".join(parts)}</svg>'
    )
    return svg


@cache
def card_uri(card: Card | None, named: Color | None = None) -> str:
    """The card's SVG as a data URI, for an ``<img>`` (the table component, st.html)."""
    return "data:image/svg+xml;base64," + base64.b64encode(card_svg(card, named).encode()).decode()


def card_html(
    card: Card | None,
    lang: str,
    *,
    size: Size = "md",
    state: CardState = "normal",
    named: Color | None = None,
    caption: bool = False,
) -> str:
    """One card as HTML (a figure holding an SVG). ``card=None`` or ``state="back"`` draws the
    back of a card (a hidden hand). ``named`` is the colour named for a wild on the pile."""
    width = SIZES[size]
    height = round(width * 1.5)
    back = card is None or state == "back"
    label = t("card.back", lang) if back or card is None else card_label(card, lang, named)
    safe_label = html.escape(label)
    cap = f'<figcaption class="uno-cap">{safe_label}</figcaption>' if caption else ""
    uri = card_uri(None if back else card, None if back else named)
    image = f'<img src="{uri}" width="{width}" height="{height}" alt="{safe_label}">'
    return (
        f'<figure class="uno-card uno-{state}" role="img" aria-label="{safe_label}" '
        f'title="{safe_label}" data-card="{"back" if back or card is None else card}" '
        f'style="width:{max(width, 96) if caption else width}px">'
        f"{image}{cap}</figure>"
    )


def _img(svg: str, width: int, height: int, alt: str) -> str:
    """The SVG as an <img> data URI: Streamlit's HTML sanitizer keeps images but drops inline
    SVG. ``alt`` must already be escaped."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img src="data:image/svg+xml;base64,{data}" width="{width}" height="{height}" '
        f'alt="{alt}">'
    )


_CSS: Final = """
<style>
.uno-row{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start;padding:12px 2px 6px 2px}
.uno-card{margin:0;display:inline-flex;flex-direction:column;align-items:center;
  transition:transform .12s}
.uno-card img{display:block;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.35)}
.uno-playable img{outline:4px solid #1A1A1A;outline-offset:2px}
.uno-playable{transform:translateY(-4px)}
.uno-unplayable{opacity:.45;filter:grayscale(35%)}
.uno-selected img{outline:5px dashed #1A1A1A;outline-offset:3px}
.uno-selected{transform:translateY(-10px)}
.uno-cap{font:600 .8rem/1.2 sans-serif;text-align:center;margin-top:4px;max-width:100%}
.uno-badge{display:inline-flex;align-items:center;gap:6px;font:600 .9rem sans-serif;
  text-transform:capitalize}
</style>
"""


def cards_html(
    cards: Iterable[Card | None],
    lang: str,
    *,
    size: Size = "md",
    states: Sequence[CardState] | None = None,
    caption: bool = False,
    named: Color | None = None,
) -> str:
    """A row of cards (with the renderer's CSS). ``states[i]`` is the state of card ``i``."""
    items = list(cards)
    figures = []
    for i, card in enumerate(items):
        state: CardState = states[i] if states is not None else "normal"
        figures.append(card_html(card, lang, size=size, state=state, caption=caption, named=named))
    return f'{_CSS}<div class="uno-row">{"".join(figures)}</div>'


def color_badge_html(color: Color, lang: str) -> str:
    """A named colour as a swatch with its shape and its name (never colour alone)."""
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="22" height="22">'
        f"{_shape_svg(color, 12, 12, 8, COLOR_FILL[color], '#1A1A1A')}</svg>"
    )
    word = t(f"color.{color.name}", lang)
    shape = t(f"color.shape.{color.name}", lang)
    title = html.escape(t("color.badge", lang, color=word, shape=shape))
    image = _img(svg, 22, 22, html.escape(shape))
    return f'{_CSS}<span class="uno-badge" title="{title}">{image}{html.escape(word)}</span>'


def show_cards(
    cards: Iterable[Card | None],
    lang: str,
    *,
    size: Size = "md",
    states: Sequence[CardState] | None = None,
    caption: bool = False,
    named: Color | None = None,
) -> None:
    """Draw a row of cards on the page."""
    import streamlit as st

    st.html(cards_html(cards, lang, size=size, states=states, caption=caption, named=named))
